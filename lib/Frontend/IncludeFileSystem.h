//===- IncludeFileSystem.h - the file system Clang reads shaders from -----===//
//
// Shaders written on Windows include files with backslashes
// (`#include "inc\common.hlsli"`), which DXC finds on every host. The
// backslashes of `#include` paths become forward slashes before Clang reads
// a file (same length: source locations do not move): in the main file's
// text, and in every included file through the file system Clang reads.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_INCLUDEFILESYSTEM_H
#define HLSL_LIB_FRONTEND_INCLUDEFILESYSTEM_H

#include "llvm/Support/VirtualFileSystem.h"

#include <string>

namespace mlir::hlsl {
/// Replaces the backslashes of every `#include` path in `text` with forward
/// slashes; returns whether there were any.
bool normalizeIncludeSeparators(std::string &text);

/// The length-keeping text passes every file Clang reads goes through:
/// `#include` paths normalized, and the passes of SourceRewrites.h
/// (blankVulkanAttributes, boolElementsAsUint, and for HLSL versions before
/// 202x `narrowLongLiterals`, narrowLongIntegerLiterals). Returns whether
/// the text changed.
bool applyFileTextPasses(std::string &text, bool narrowLongLiterals);

/// The real file system, its files read through applyFileTextPasses.
llvm::IntrusiveRefCntPtr<llvm::vfs::FileSystem>
createIncludeFileSystem(bool narrowLongLiterals = false);
} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_INCLUDEFILESYSTEM_H
