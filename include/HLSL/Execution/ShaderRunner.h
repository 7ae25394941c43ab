//===- ShaderRunner.h - run a compute shader on the CPU ---------*- C++ -*-===//
//
// Reads a DXIL container, binds the pipeline's buffers to the shader's
// resources by class, register and space, JIT-compiles the shader for the
// host and runs every thread of every group. Groups run in parallel;
// within a group, lanes that synchronize run as fibers.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_EXECUTION_SHADERRUNNER_H
#define HLSL_EXECUTION_SHADERRUNNER_H

#include "HLSL/Execution/Pipeline.h"

#include "llvm/Support/Error.h"

namespace mlir::hlsl::exec {

struct RunOptions {
  /// Worker threads; 0 means one per core.
  unsigned jobs = 0;
  /// Dispatches the shader this many times (benchmarks: the buffers see
  /// every dispatch); the statistics report the median run.
  unsigned repeat = 1;
  /// Where to print the host module after optimization (null: nowhere).
  llvm::raw_ostream *printHostIR = nullptr;
  /// Lanes per wave (4 to 128, a power of two); 0 means 32. A shader's
  /// [WaveSize] that excludes it wins.
  unsigned waveSize = 0;
  /// Run the waves of a shader whose lanes all execute each wave operation
  /// once, in order, segment by segment instead of a fiber per lane (same
  /// results; off to compare the two).
  bool lockstepWaves = true;
  /// Run the lanes of a shader that synchronizes its group (and uses no
  /// wave operation) from barrier to barrier in loops over the lanes
  /// instead of a fiber per lane (same results; off to compare the two).
  bool lockstepGroups = true;
};

struct RunStatistics {
  /// Reading the container and lowering the module for the host.
  double loadSeconds = 0;
  /// LLVM optimization and machine-code generation.
  double jitSeconds = 0;
  /// Running every group (the median of the repeated dispatches).
  double runSeconds = 0;
  uint64_t threads = 0;
};

/// Runs the compute shader in `container` on `pipeline`'s buffers, which
/// are updated in place. Bad containers, unsupported operations, buffers
/// that do not fit the shader's resources and unbound registers are
/// errors (the text is a complete message without the "error: " prefix).
llvm::Error runComputeShader(llvm::StringRef container, Pipeline &pipeline,
                             const RunOptions &options,
                             RunStatistics *statistics = nullptr);

} // namespace mlir::hlsl::exec

#endif // HLSL_EXECUTION_SHADERRUNNER_H
