//===- PackMatrixPragmas.h - #pragma pack_matrix ------------*- C++ -*-===//
//
// `#pragma pack_matrix(row_major)` and `(column_major)` change the
// orientation of the matrices declared after them that say none, as -Zpr
// and -Zpc do for the whole shader (DXC and FXC). Clang 22 ignores the
// pragma; a handler records each one with its place, and the importer asks
// which one is in effect where a matrix type is written.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_CODEGEN_PACKMATRIXPRAGMAS_H
#define HLSL_LIB_FRONTEND_CODEGEN_PACKMATRIXPRAGMAS_H

#include "HLSL/Dialect/HLSL/IR/HLSLEnums.h"

#include "clang/Basic/SourceLocation.h"

#include <optional>
#include <utility>
#include <vector>

namespace clang {
class Preprocessor;
class SourceManager;
} // namespace clang

namespace mlir::hlsl::gen {

class PackMatrixPragmas {
public:
  /// Makes `pp` record the pragmas it reads here (it owns the handler).
  void addHandlerTo(clang::Preprocessor &pp);

  /// The order of the last pragma before `loc`, if any.
  std::optional<MatrixOrder> getOrderAt(const clang::SourceManager &sources,
                                        clang::SourceLocation loc) const;

  void record(clang::SourceLocation loc, MatrixOrder order) {
    directives.push_back({loc, order});
  }

private:
  /// In the order the preprocessor read them (translation unit order).
  std::vector<std::pair<clang::SourceLocation, MatrixOrder>> directives;
};

} // namespace mlir::hlsl::gen

#endif // HLSL_LIB_FRONTEND_CODEGEN_PACKMATRIXPRAGMAS_H
