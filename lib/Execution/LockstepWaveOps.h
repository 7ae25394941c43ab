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
#include <optional>

namespace mlir::hlsl::exec {

/// Where a slot of the wave's frames is: lane i's copy at `base + i *
/// stride` bytes from the frames' start.
struct FrameSlot {
  uint64_t base = 0, stride = 0;
};

/// A wave operation (hlslrt_wave's operands) and the slots of its operand,
/// extra words and result.
struct LockstepWaveOp {
  uint32_t opcode = 0, type = 0, op = 0, sign = 0;
  FrameSlot value, extra, result;
};

/// What the inline form of an operation writes: `bytes` per lane, or once
/// for the wave if the result is `uniform` (the lanes then share one slot,
/// of stride 0).
struct InlineWaveOpResult {
  uint64_t bytes;
  bool uniform;
};
/// nullopt for operations left to the runtime.
std::optional<InlineWaveOpResult>
getInlineWaveOpResult(const LockstepWaveOp &op);

/// Emits `op` for the `count` lanes of the wave whose frames start at
/// `frames`, with the results WaveOps.cpp computes; returns false (and
/// emits nothing) for operations left to the runtime.
bool emitInlineWaveOp(llvm::IRBuilder<> &builder, const LockstepWaveOp &op,
                      llvm::Value *frames, llvm::Value *count);

} // namespace mlir::hlsl::exec

#endif // HLSL_LIB_EXECUTION_LOCKSTEPWAVEOPS_H
