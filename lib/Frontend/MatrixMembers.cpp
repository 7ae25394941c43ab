//===- MatrixMembers.cpp - m._m01 and m._11 through Clang 22 --------------===//

#include "MatrixMembers.h"

#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/AST/Type.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::hlsl;

std::optional<std::string>
mlir::hlsl::getMatrixMemberExpansion(llvm::StringRef name) {
  // One element: `_mRC` with R, C in 0..3, or `_RC` with R, C in 1..4.
  llvm::SmallVector<std::pair<unsigned, unsigned>> elements;
  llvm::StringRef rest = name;
  while (!rest.empty()) {
    if (!rest.consume_front("_"))
      return std::nullopt;
    unsigned base = rest.consume_front("m") ? 0 : 1;
    if (rest.size() < 2 || !llvm::isDigit(rest[0]) || !llvm::isDigit(rest[1]))
      return std::nullopt;
    unsigned row = rest[0] - '0', column = rest[1] - '0';
    if (row < base || row > base + 3 || column < base || column > base + 3)
      return std::nullopt;
    elements.push_back({row - base, column - base});
    rest = rest.drop_front(2);
  }
  if (elements.empty() || elements.size() > 4)
    return std::nullopt;
  unsigned row = elements.front().first;
  if (elements.size() == 1)
    return "[" + std::to_string(row) + "][" +
           std::to_string(elements.front().second) + "]";
  std::string swizzle = "[" + std::to_string(row) + "].";
  for (auto [r, c] : elements) {
    if (r != row)
      return std::nullopt;
    swizzle += "xyzw"[c];
  }
  return swizzle;
}

bool MatrixMemberRewrites::record(const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_typecheck_member_reference_struct_union ||
      info.getNumArgs() < 1 ||
      info.getArgKind(0) != clang::DiagnosticsEngine::ak_qualtype)
    return false;
  clang::QualType base =
      clang::QualType::getFromOpaquePtr(
          reinterpret_cast<void *>(info.getRawArg(0)));
  if (base.isNull() || !base.getCanonicalType()->isConstantMatrixType() ||
      !info.hasSourceManager())
    return false;
  const clang::SourceManager &sources = info.getSourceManager();
  clang::SourceLocation dot = sources.getFileLoc(info.getLocation());
  auto [fileID, offset] = sources.getDecomposedLoc(dot);
  bool invalid = false;
  llvm::StringRef text = sources.getBufferData(fileID, &invalid);
  if (invalid || offset >= text.size() || text[offset] != '.')
    return false;
  llvm::StringRef after = text.drop_front(offset + 1).ltrim(" \t");
  llvm::StringRef name = after.take_while(
      [](char c) { return llvm::isAlnum(c) || c == '_'; });
  std::optional<std::string> expansion = getMatrixMemberExpansion(name);
  clang::OptionalFileEntryRef file = sources.getFileEntryRefForID(fileID);
  if (!expansion || !file)
    return false;
  dotOffsets[file->getName().str()].insert(offset);
  macros[("$" + name.drop_front()).str()] = *expansion;
  return true;
}

std::string MatrixMemberRewrites::rewrite(llvm::StringRef file,
                                          llvm::StringRef text) const {
  std::string result = text.str();
  auto it = dotOffsets.find(file.str());
  if (it == dotOffsets.end())
    return result;
  for (unsigned offset : it->second) {
    if (offset >= result.size() || result[offset] != '.')
      continue;
    size_t name = result.find('_', offset + 1);
    if (name == std::string::npos)
      continue;
    result[offset] = ' ';
    result[name] = '$';
  }
  return result;
}
