//===- HostLowering.h - DXIL module -> host-executable module ---*- C++ -*-===//
//
// Rewrites a DXIL module (read back from a container) into ordinary LLVM IR
// that runs on the host: every dx.op call becomes inline code on the
// runtime's resource records (RuntimeABI.h) or an LLVM intrinsic, and
// groupshared variables become offsets into per-group memory.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_EXECUTION_HOSTLOWERING_H
#define HLSL_EXECUTION_HOSTLOWERING_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::hlsl::exec {

/// One resource range of `!dx.resources`.
struct ShaderResourceRange {
  /// 0 SRV (t), 1 UAV (u), 2 CBV (b), 3 sampler (s).
  unsigned resourceClass = 0;
  unsigned rangeId = 0;
  std::string name;
  uint32_t space = 0;
  uint32_t lowerBound = 0;
  /// Registers in the range; UINT32_MAX for an unbounded array.
  uint32_t size = 1;
  /// DXIL ResourceKind (shape); 13 for constant buffers.
  unsigned kind = 0;
  /// Element stride of a structured buffer (0 otherwise).
  uint32_t structureStride = 0;
  /// DXIL ComponentType of a typed buffer's or texture's elements (0 if
  /// not typed).
  unsigned componentType = 0;
};

/// What the runtime needs to know about the lowered shader.
struct HostShaderInfo {
  /// Bytes of groupshared memory per group.
  uint64_t groupSharedBytes = 0;
  /// The shader waits for its group (GroupMemoryBarrierWithGroupSync...).
  bool usesGroupSync = false;
  /// The shader exchanges values between the lanes of a wave.
  bool usesWaveOps = false;
  /// The shader computes with doubles (whose denormals DXIL keeps).
  bool usesDoubles = false;
  /// Bytes of a wave's frames for HostWaveFunctionName; 0 when the module
  /// has no wave function (its lanes need fibers).
  uint64_t waveFrameBytes = 0;
  /// Bytes of a group's frames for HostLockstepGroupFunctionName; 0 when
  /// the module has none.
  uint64_t groupFrameBytes = 0;
};

struct RuntimeResource;

/// After lowerDXILForHost: `void lane(GroupContext *, i32 x, i32 y, i32 z)`
/// runs one lane (thread-in-group ids x, y, z) ...
inline constexpr const char *HostLaneFunctionName = "hlsl.run.lane";
/// ... and `void group(GroupContext *)` runs every lane of a group, one after
/// another (for shaders that do not synchronize their group).
inline constexpr const char *HostGroupFunctionName = "hlsl.run.group";
/// ... and, for shaders whose lanes all execute each wave operation once in
/// the same order, `void wave(GroupContext *, i32 firstLane, i32 count,
/// i8 *frames)` runs the `count` lanes of one wave from the group's lane
/// `firstLane` on (lanes in laneThreadId's order) in lockstep, their state
/// in `frames` (waveFrameBytes).
inline constexpr const char *HostWaveFunctionName = "hlsl.run.wave";
/// ... and, for shaders that synchronize their group but use no wave
/// operation, `void group(GroupContext *, i8 *frames)` runs the group's
/// lanes from barrier to barrier in rounds, their state in `frames`
/// (groupFrameBytes).
inline constexpr const char *HostLockstepGroupFunctionName =
    "hlsl.run.group.lockstep";

/// The record bound at a register, or null if the pipeline binds none.
using ResourceResolver = llvm::function_ref<RuntimeResource *(
    unsigned resourceClass, uint32_t space, uint32_t reg)>;

/// Reads `!dx.resources` of a DXIL module.
llvm::Expected<std::vector<ShaderResourceRange>>
readShaderResources(const llvm::Module &module);

/// Rewrites `module` (a DXIL compute shader whose entry is `entryName`, with
/// `numThreads` lanes per group in waves of `waveSize`) for the host.
/// Handles of registers known at compile time become the records `resolve`
/// returns. Fails with "not supported yet: ..." for DXIL operations the
/// runtime does not implement (sampling, ...).
llvm::Expected<HostShaderInfo>
lowerDXILForHost(llvm::Module &module, llvm::StringRef entryName,
                 std::array<uint32_t, 3> numThreads, uint32_t waveSize,
                 ResourceResolver resolve);

} // namespace mlir::hlsl::exec

#endif // HLSL_EXECUTION_HOSTLOWERING_H
