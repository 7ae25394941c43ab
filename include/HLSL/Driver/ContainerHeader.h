//===- ContainerHeader.h - a container as a C/C++ header --------*- C++ -*-===//
//
// DXC's -Fh output, which engines compile into their binaries: the
// disassembly inside `#if 0`, then the container as
// `const unsigned char <name>[] = { 0x44, 0x58, ... };`, twelve bytes a line.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_DRIVER_CONTAINERHEADER_H
#define HLSL_DRIVER_CONTAINERHEADER_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::hlsl {

/// The header text; \p variable must be a C identifier (see
/// isValidHeaderVariableName).
std::string formatContainerHeader(llvm::StringRef container,
                                  llvm::StringRef disassembly,
                                  llvm::StringRef variable);

/// Whether \p name can name the array: a C identifier.
bool isValidHeaderVariableName(llvm::StringRef name);

} // namespace mlir::hlsl

#endif // HLSL_DRIVER_CONTAINERHEADER_H
