//===- MatrixMembers.h - m._m01 and m._11 through Clang 22 ------*- C++ -*-===//
//
// HLSL names matrix elements as members: `m._m01` (zero-based row and
// column), `m._12` (one-based), several of them for a vector
// (`m._m00_m01`). Clang 22 has no such members ("member reference base type
// 'float4x4' is not a structure or union"). The importer parses once; if
// Clang rejects such members of matrices, it parses again with each of them
// rewritten at the exact place Clang reported: `m._m01` becomes `m $m01`,
// and the macro `$m01` (no HLSL identifier starts with `$`) expands to a
// subscript (`[0][1]`) or, for several elements of one row, a row swizzle
// (`$m00_m01` to `[0].xy`). The text keeps its length, so every source
// location stays exact.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_MATRIXMEMBERS_H
#define HLSL_LIB_FRONTEND_MATRIXMEMBERS_H

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <map>
#include <optional>
#include <set>
#include <string>

namespace clang {
class Diagnostic;
} // namespace clang

namespace mlir::hlsl {

/// The expansion of a matrix member name: `[r][c]` for one element,
/// `[r].xyz` for several elements of row r; nullopt for names that are not
/// matrix members or that mix rows.
std::optional<std::string> getMatrixMemberExpansion(llvm::StringRef name);

/// Matrix members Clang rejected, by file: the offsets of their `.`, and
/// the macros their rewritten names expand to.
struct MatrixMemberRewrites {
  std::map<std::string, std::set<unsigned>> dotOffsets;
  llvm::StringMap<std::string> macros;
  /// Errors of the run (recorded or not).
  unsigned errorCount = 0;

  bool empty() const { return dotOffsets.empty(); }
  /// How many members are rewritten.
  unsigned count() const {
    unsigned n = 0;
    for (const auto &[file, offsets] : dotOffsets)
      n += offsets.size();
    return n;
  }

  /// Records `info` if it is Clang rejecting a member of a matrix that
  /// getMatrixMemberExpansion can express. Returns whether it did.
  bool record(const clang::Diagnostic &info);

  /// `text` (the contents of `file`) with the recorded members rewritten.
  std::string rewrite(llvm::StringRef file, llvm::StringRef text) const;
};

} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_MATRIXMEMBERS_H
