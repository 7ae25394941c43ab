//===- PreludeSelection.cpp - Declare only the prelude names in use -------===//

#include "PreludeSelection.h"
#include "IncludeFileSystem.h"

#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Lex/Preprocessor.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/VirtualFileSystem.h"

using namespace mlir::hlsl;

namespace {
/// Collects every identifier (and keyword) the preprocessor produces,
/// macro expansions and included files included.
class IdentifierScanAction : public clang::PreprocessorFrontendAction {
public:
  explicit IdentifierScanAction(llvm::StringSet<> &names) : names(names) {}

protected:
  void ExecuteAction() override {
    clang::Preprocessor &pp = getCompilerInstance().getPreprocessor();
    pp.EnterMainSourceFile();
    clang::Token token;
    do {
      pp.Lex(token);
      if (const clang::IdentifierInfo *info = token.getIdentifierInfo())
        names.insert(info->getName());
    } while (token.isNot(clang::tok::eof));
  }

private:
  llvm::StringSet<> &names;
};

bool isIdentifierChar(char c) {
  return llvm::isAlnum(c) || c == '_';
}
} // namespace

std::optional<std::vector<std::string>>
mlir::hlsl::findUsedPreludeNames(const clang::CompilerInvocation &invocation,
                                 llvm::StringRef preludePath) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> prelude =
      llvm::MemoryBuffer::getFile(preludePath);
  if (!prelude)
    return std::nullopt;

  // A copy of the compile's invocation; the compile after it owns the
  // remapped source buffer, so this one must leave it alive.
  auto scan = std::make_shared<clang::CompilerInvocation>(invocation);
  scan->getPreprocessorOpts().RetainRemappedFileBuffers = true;
  auto compiler = std::make_unique<clang::CompilerInstance>(scan);
  compiler->createVirtualFileSystem(createIncludeFileSystem());
  compiler->createDiagnostics(new clang::IgnoringDiagConsumer(),
                              /*ShouldOwnClient=*/true);

  llvm::StringSet<> names;
  IdentifierScanAction action(names);
  bool executed = false;
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext recovery;
  if (!recovery.RunSafely([&] { executed = compiler->ExecuteAction(action); })) {
    (void)compiler.release(); // abandoned, as after a crash in the compile
    return std::nullopt;
  }
  if (!executed || compiler->getDiagnostics().hasErrorOccurred())
    return std::nullopt;

  // Names the prelude could declare: its identifiers.
  std::vector<std::string> used;
  llvm::StringSet<> seen;
  llvm::StringRef text = (*prelude)->getBuffer();
  for (size_t i = 0; i < text.size();) {
    if (!isIdentifierChar(text[i])) {
      ++i;
      continue;
    }
    size_t start = i;
    while (i < text.size() && isIdentifierChar(text[i]))
      ++i;
    llvm::StringRef word = text.slice(start, i);
    if (!llvm::isDigit(word[0]) && names.contains(word) &&
        seen.insert(word).second)
      used.push_back(word.str());
  }
  return used;
}
