//===- PreludeMacroGuard.h - Keep -D macros out of the prelude -*- C++ -*-===//
//
// Clang defines the command line's macros before it reads any included
// file, so a `-DN=4` or `-DT=float` would rewrite the prelude's template
// parameters and break every intrinsic. DXC's intrinsics are built in and
// never see the user's macros; neither should ours. The prelude is
// bracketed by two generated files that save and undefine each
// command-line macro (`#pragma push_macro`) and restore it afterwards.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_PRELUDEMACROGUARD_H
#define HLSL_LIB_FRONTEND_PRELUDEMACROGUARD_H

#include "llvm/ADT/StringRef.h"

#include <string>
#include <vector>

namespace clang {
class PreprocessorOptions;
} // namespace clang

namespace mlir::hlsl {

/// The names the `-D` definitions `defines` (`NAME`, `NAME=value`,
/// `NAME(args)=value`) give macros, without reserved names (`__x`, `_X`):
/// those belong to the implementation, and the prelude may test them.
std::vector<std::string>
getUserMacroNames(const std::vector<std::string> &defines);

/// Adds the prelude at `preludePath` to `options`' forced includes, hidden
/// from the macros `names` (the files around it are remapped in `options`).
void includePreludeGuarded(clang::PreprocessorOptions &options,
                           llvm::StringRef preludePath,
                           const std::vector<std::string> &names);

} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_PRELUDEMACROGUARD_H
