//===- DiagnosticTypeNames.h - types in diagnostics as written -*- C++ -*-===//
//
// The prelude declares intrinsics with SFINAE return types
// (`typename __enable_if<..., decltype(lerp(...))>::type`). Clang names a
// type in a diagnostic by its sugar, so a warning about a call's result
// printed several lines of the prelude's machinery before the type the
// user sees ('vector<float, 4>'). Types whose spelling names the prelude's
// internal templates are printed without that sugar.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_DIAGNOSTICTYPENAMES_H
#define HLSL_LIB_FRONTEND_DIAGNOSTICTYPENAMES_H

namespace clang {
class Sema;
} // namespace clang

namespace mlir::hlsl {
/// Makes `sema`'s diagnostics print types without the prelude's sugar.
void printTypesWithoutPreludeSugar(clang::Sema &sema);
} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_DIAGNOSTICTYPENAMES_H
