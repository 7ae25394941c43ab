//===- PreludeMacroGuard.cpp - Keep -D macros out of the prelude ---------===//

#include "PreludeMacroGuard.h"

#include "clang/Lex/PreprocessorOptions.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

using namespace mlir::hlsl;

std::vector<std::string>
mlir::hlsl::getUserMacroNames(const std::vector<std::string> &defines) {
  std::vector<std::string> names;
  llvm::StringSet<> seen;
  for (llvm::StringRef define : defines) {
    llvm::StringRef name =
        define.take_while([](char c) { return llvm::isAlnum(c) || c == '_'; });
    if (name.empty() || llvm::isDigit(name[0]) || name.starts_with("__") ||
        (name.size() > 1 && name[0] == '_' && llvm::isUpper(name[1])))
      continue;
    if (seen.insert(name).second)
      names.push_back(name.str());
  }
  return names;
}

void mlir::hlsl::includePreludeGuarded(clang::PreprocessorOptions &options,
                                       llvm::StringRef preludePath,
                                       const std::vector<std::string> &names) {
  if (names.empty()) {
    options.Includes.push_back(preludePath.str());
    return;
  }
  std::string save, restore;
  for (const std::string &name : names) {
    save += "#pragma push_macro(\"" + name + "\")\n#undef " + name + "\n";
    restore += "#pragma pop_macro(\"" + name + "\")\n";
  }
  // Next to the prelude, so that they read as part of it.
  llvm::StringRef dir = llvm::sys::path::parent_path(preludePath);
  auto addFile = [&](llvm::StringRef name, const std::string &text) {
    llvm::SmallString<256> path(dir);
    llvm::sys::path::append(path, name);
    options.addRemappedFile(
        path, llvm::MemoryBuffer::getMemBufferCopy(text, path).release());
    options.Includes.push_back(std::string(path));
  };
  addFile("hlsl_prelude_hide_user_macros.h", save);
  options.Includes.push_back(preludePath.str());
  addFile("hlsl_prelude_restore_user_macros.h", restore);
}
