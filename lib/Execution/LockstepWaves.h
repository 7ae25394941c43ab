//===- LockstepWaves.h - waves run segment by segment -----------*- C++ -*-===//
//
// The wave function of a shader whose every lane executes each of its wave
// operations once, in order (LockstepWaves.cpp).
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_EXECUTION_LOCKSTEPWAVES_H
#define HLSL_LIB_EXECUTION_LOCKSTEPWAVES_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>
#include <optional>

namespace llvm {
class Function;
class Module;
} // namespace llvm

namespace mlir::hlsl::exec {

/// Adds HostWaveFunctionName to `module`, built from the lane function
/// `lane` whose wave operations call `waveCallee` (hlslrt_wave), for groups
/// of `numThreads` in waves of up to `waveSize` lanes, and returns the bytes of
/// a wave's frames; nullopt (and no change) if some wave operation is not
/// executed exactly once by every lane.
std::optional<uint64_t> buildLockstepWaveFunction(
    llvm::Module &module, llvm::Function &lane, llvm::StringRef waveCallee,
    std::array<uint32_t, 3> numThreads, uint32_t waveSize);

} // namespace mlir::hlsl::exec

#endif // HLSL_LIB_EXECUTION_LOCKSTEPWAVES_H
