//===- ExternalValidator.h - Run DXC's validator on a container -*- C++ -*-===//
//
// `--validate` hands the container to a DXIL validator (DXC's `dxv`) and
// signs it only when the validator accepts it, so a signed container always
// means "a validator accepted exactly these bytes".
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_DRIVER_EXTERNALVALIDATOR_H
#define HLSL_DRIVER_EXTERNALVALIDATOR_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>

namespace mlir {
namespace hlsl {

/// The validator to run: `explicitPath` when given, else $HLSL_DXV, else
/// `dxv` on $PATH. Fails with a message saying how to configure one.
llvm::Expected<std::string> findValidator(llvm::StringRef explicitPath);

/// Runs `validator` on `container`. Succeeds when it exits with 0 and
/// reports success; otherwise the error carries the validator's output.
llvm::Error runValidator(llvm::StringRef validator, llvm::StringRef container);

} // namespace hlsl
} // namespace mlir

#endif // HLSL_DRIVER_EXTERNALVALIDATOR_H
