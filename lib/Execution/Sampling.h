//===- Sampling.h - texture sampling on the CPU -----------------*- C++ -*-===//
//
// The runtime function that lowered sampling operations (SampleLevel,
// SampleGrad, SampleCmpLevelZero/SampleCmpLevel, Gather, GatherCmp) call.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_EXECUTION_SAMPLING_H
#define HLSL_LIB_EXECUTION_SAMPLING_H

#include "HLSL/Execution/RuntimeABI.h"

/// Writes the four 32-bit result words of `request` on `texture` through
/// `sampler` (a sampler-class record) to `out`. Unbound records read zero.
extern "C" void hlslrt_sample(const mlir::hlsl::exec::RuntimeResource *texture,
                              const mlir::hlsl::exec::RuntimeResource *sampler,
                              const mlir::hlsl::exec::SampleRequest *request,
                              uint32_t *out);

#endif // HLSL_LIB_EXECUTION_SAMPLING_H
