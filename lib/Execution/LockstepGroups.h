//===- LockstepGroups.h - groups run barrier to barrier ---------*- C++ -*-===//
//
// The group function of a shader that synchronizes its group (barriers) but
// exchanges nothing within waves (LockstepGroups.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_EXECUTION_LOCKSTEPGROUPS_H
#define HLSL_LIB_EXECUTION_LOCKSTEPGROUPS_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace mlir::hlsl::exec {

/// Adds HostLockstepGroupFunctionName to `module`, built from the lane
/// function `lane` whose barriers call `syncCallee` (hlslrt_group_sync),
/// for groups of `numThreads`, and returns the bytes of a group's frames;
/// nullopt (and no change) if the lane has no barrier or its state does not
/// fit in frames.
std::optional<uint64_t>
buildLockstepGroupFunction(llvm::Module &module, llvm::Function &lane,
                           llvm::StringRef syncCallee,
                           std::array<uint32_t, 3> numThreads);

} // namespace mlir::hlsl::exec

#endif // HLSL_LIB_EXECUTION_LOCKSTEPGROUPS_H
