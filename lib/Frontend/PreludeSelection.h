//===- PreludeSelection.h - Declare only the prelude names in use -*- C++ -*-===//
//
// Declaring every overload of every intrinsic costs Clang more than the rest
// of a small shader's compile. The prelude can leave out the declarations of
// names a shader does not mention (see __HLSL_SELECTIVE in hlsl_prelude.h);
// this finds those names with a preprocessing-only pass over the shader.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_PRELUDESELECTION_H
#define HLSL_LIB_FRONTEND_PRELUDESELECTION_H

#include "llvm/ADT/StringRef.h"

#include <optional>
#include <string>
#include <vector>

namespace clang {
class CompilerInvocation;
} // namespace clang

namespace mlir::hlsl {

/// The identifiers of the shader after preprocessing it as `invocation`
/// (the compile's own invocation, before the prelude is added to it) that
/// also occur in the prelude's text at `preludePath`. nullopt if the shader
/// does not preprocess cleanly or the prelude cannot be read: the full
/// prelude is used then, and the real compile reports the errors.
std::optional<std::vector<std::string>>
findUsedPreludeNames(const clang::CompilerInvocation &invocation,
                     llvm::StringRef preludePath);

} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_PRELUDESELECTION_H
