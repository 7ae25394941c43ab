//===- ToolOptions.h - Command-line options of our tools --------*- C++ -*-===//
//
// Our tools link LLVM's and MLIR's libraries, which register hundreds of
// command-line options of their own (code generators, passes, IR printing).
// A user's --help should list the tool's options only; the others stay
// usable and --help-hidden lists them.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_SUPPORT_TOOLOPTIONS_H
#define HLSL_SUPPORT_TOOLOPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/CommandLine.h"

namespace mlir::hlsl {

/// Marks every registered option that is in none of \p categories hidden,
/// except --help, --help-list and --version. Call before parsing.
void hideOtherOptions(
    llvm::ArrayRef<const llvm::cl::OptionCategory *> categories);

} // namespace mlir::hlsl

#endif // HLSL_SUPPORT_TOOLOPTIONS_H
