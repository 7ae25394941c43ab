//===- DXCOverloadRanking.h - DXC's choice among overloads ------*- C++ -*-===//
//
// DXC does not rank overloads as C++ does. It scores each viable candidate
// by the conversions its arguments need (per element, cheapest first:
// splats, promotions, casts between signed and unsigned, other casts,
// truncations; each class outweighs any number of the cheaper ones) and
// takes the one of least score; candidates of equal score are ambiguous.
// Literals have types of their own there: an unsuffixed `2` or `1.5`
// converts to any integer or float without cost, and an expression of
// literals and one typed operand (`m % 10` with a min16uint m) has the
// typed operand's type. Clang 22 types literals as int and float and ranks
// by C++'s rules, so it finds calls ambiguous that DXC resolves (`f(2, 2u)`
// with `f(int, int)` and `f(uint, uint)`), resolves calls otherwise
// (`f(1.5, 2u)` with `f(int, int)` and `f(float, float)`: DXC takes the
// int one), and resolves calls DXC finds ambiguous (`f(2)`).
//
// The importer ranks the candidates as DXC does: for a call Clang reports
// ambiguous, in the call Clang kept for error recovery; for a call Clang
// resolved among several candidates, after the parse. Where DXC's choice
// differs, the arguments whose type differs from its parameters are cast
// (SourceRewrites::recordArgumentCasts) and the shader parsed again: Clang
// then finds that candidate an exact match. A call DXC finds ambiguous is
// an error.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_DXCOVERLOADRANKING_H
#define HLSL_LIB_FRONTEND_DXCOVERLOADRANKING_H

#include "clang/AST/DeclarationName.h"
#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace mlir::hlsl {

/// An argument to cast to a parameter's type.
struct ArgumentCast {
  clang::SourceRange argument;
  clang::QualType type;
};

/// The casts of one call's arguments.
struct CallArgumentCasts {
  /// The callee's name (the argument list follows it).
  clang::SourceRange callee;
  std::vector<ArgumentCast> arguments;
};

/// A call that DXC finds ambiguous and Clang resolved.
struct AmbiguousCall {
  clang::SourceLocation callee;
  clang::DeclarationName name;
  /// The equally good candidates.
  std::vector<clang::SourceLocation> candidates;
};

struct DXCOverloadFindings {
  /// The calls for which DXC chooses another candidate than Clang did.
  std::vector<CallArgumentCasts> casts;
  std::vector<AmbiguousCall> ambiguous;
};

/// The calls of a shader Clang parsed whose candidate DXC would not have
/// chosen: those DXC resolves otherwise (with the casts that make Clang
/// choose as DXC) and those DXC finds ambiguous. Calls whose candidates are
/// templates or the prelude's intrinsics are left as Clang resolved them.
DXCOverloadFindings checkOverloadChoices(clang::ASTContext &ast,
                                         bool native16BitTypes);

/// The casts that make Clang choose DXC's candidate for the calls Clang
/// found ambiguous whose callee names are at `calleeLocations`. A call gets
/// none if DXC finds it ambiguous too, or if a candidate is a template or an
/// intrinsic of the prelude (whose overloads DXC resolves otherwise).
/// `native16BitTypes`: -enable-16bit-types (`half` is 16 bits; without it
/// a `1.0h` literal is a float, as in DXC).
std::vector<CallArgumentCasts>
findDXCOverloadCasts(clang::ASTContext &ast,
                     llvm::ArrayRef<clang::SourceLocation> calleeLocations,
                     bool native16BitTypes);

} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_DXCOVERLOADRANKING_H
