//===- WaveOps.h - DXIL's wave and quad operations on the CPU ---*- C++ -*-===//
//
// What one wave operation computes for the lanes that execute it together
// (its active lanes). Which lanes those are is the scheduler's business
// (ShaderRunner.cpp); here every participant brings its operand and gets
// its result.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_EXECUTION_WAVEOPS_H
#define HLSL_LIB_EXECUTION_WAVEOPS_H

#include "HLSL/Execution/RuntimeABI.h"

#include "llvm/ADT/ArrayRef.h"

#include <cstdint>

namespace mlir::hlsl::exec {

/// One lane's part in a wave operation: the arguments of its
/// hlslrt_wave call (RuntimeABI.h).
struct WaveCall {
  WaveCall() = default;
  WaveCall(uint32_t opcode, uint32_t type, uint32_t op, uint32_t sign,
           const void *value, const uint32_t *extra, void *result)
      : opcode(opcode), type(WaveValueType(type)), op(op), sign(sign),
        value(value), extra(extra), result(result) {}

  uint32_t opcode = 0;
  WaveValueType type = WaveValueType::I32;
  uint32_t op = 0, sign = 0;
  const void *value = nullptr;
  const uint32_t *extra = nullptr;
  void *result = nullptr;
};

/// WaveOpKind, WaveBitOpKind and WaveMultiPrefixOpKind as one set.
enum class Reduce { Sum, Product, Min, Max, And, Or, Xor };
/// The operation of WaveActiveOp's and WavePrefixOp's kind operand (Sum,
/// Product, Min, Max; Sum past them).
Reduce waveOpKind(uint32_t op);
/// The operation of WaveActiveBit's kind operand (And, Or, Xor; And past
/// them).
Reduce bitOpKind(uint32_t op);

struct WaveParticipant {
  /// The lane's index in its wave.
  uint32_t laneIndex;
  const WaveCall *call;
};

/// Computes the operation for `active` (ascending lane indices, all at the
/// same call) and writes every participant's result.
void executeWaveOp(llvm::ArrayRef<WaveParticipant> active);

} // namespace mlir::hlsl::exec

#endif // HLSL_LIB_EXECUTION_WAVEOPS_H
