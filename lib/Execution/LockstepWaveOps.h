//===- LockstepWaveOps.h - wave operations inline in lockstep ---*- C++ -*-===//
//
// In a wave run in lockstep (LockstepWaves.cpp) every lane of the wave takes
// part in each wave operation, and the operands and results sit in the
// lanes' frames. The common operations become loops over the frames in the
// wave function instead of a call into the runtime.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_EXECUTION_LOCKSTEPWAVEOPS_H
#define HLSL_LIB_EXECUTION_LOCKSTEPWAVEOPS_H

#include "llvm/IR/IRBuilder.h"

#include <cstdint>

namespace mlir::hlsl::exec {

/// A wave operation (hlslrt_wave's operands) and where its operand, extra
/// words and result live in a lane's frame.
struct LockstepWaveOp {
  uint32_t opcode = 0, type = 0, op = 0, sign = 0;
  uint64_t valueOffset = 0, extraOffset = 0, resultOffset = 0;
};

/// Emits `op` for the `count` lanes whose frames (each `frameBytes` long)
/// start at `frames`, with the results WaveOps.cpp computes; returns false
/// (and emits nothing) for operations left to the runtime.
bool emitInlineWaveOp(llvm::IRBuilder<> &builder, const LockstepWaveOp &op,
                      llvm::Value *frames, uint64_t frameBytes,
                      llvm::Value *count);

} // namespace mlir::hlsl::exec

#endif // HLSL_LIB_EXECUTION_LOCKSTEPWAVEOPS_H
