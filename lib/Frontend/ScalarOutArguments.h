//===- ScalarOutArguments.h - Scalars passed to vector out parameters -----===//
//
// DXC passes a scalar to an out or inout vector parameter through a vector
// temporary: an inout call fills it with the scalar, and after the call the
// scalar takes the temporary's first component back (with the warning
// "implicit truncation of vector type"). Clang 22 refuses the call
// ("illegal scalar extension cast on argument 'x' to out paramemter") and
// keeps it for error recovery. The importer finds such calls in the run
// that reported them, and the next run gets the call with each such
// argument replaced by a temporary of the parameter's type and the copies
// around the call (SourceRewrites::recordScalarOutArguments).
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_SCALAROUTARGUMENTS_H
#define HLSL_LIB_FRONTEND_SCALAROUTARGUMENTS_H

#include "clang/AST/Type.h"
#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"

#include <vector>

namespace clang {
class ASTContext;
} // namespace clang

namespace mlir::hlsl {

/// A scalar argument of a vector out or inout parameter.
struct ScalarOutArgument {
  clang::SourceRange argument;
  clang::QualType argumentType;
  clang::QualType parameterType;
  bool inout;
};

/// A call with such arguments: the whole call (its callee's start to the
/// closing parenthesis) and what it returns (void for nothing).
struct ScalarOutArgumentCall {
  clang::SourceRange call;
  clang::QualType resultType;
  std::vector<ScalarOutArgument> arguments;
};

/// The calls whose arguments starting at `argumentsAt` Clang refused as
/// scalar extensions to out parameters, in the calls Clang kept for error
/// recovery. Left out: calls whose callee is not one function (overloads
/// whose parameters there differ, templates), arguments with side effects
/// (the temporary copies them back), results of resource types.
std::vector<ScalarOutArgumentCall>
findScalarOutArgumentCalls(clang::ASTContext &ast,
                           llvm::ArrayRef<clang::SourceLocation> argumentsAt);

} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_SCALAROUTARGUMENTS_H
