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

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

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
  std::vector<ShaderResourceRange> resources;
  /// Bytes of groupshared memory per group.
  uint64_t groupSharedBytes = 0;
  /// The shader waits for its group (GroupMemoryBarrierWithGroupSync...).
  bool usesGroupSync = false;
};

/// The name the entry function has after lowerDXILForHost.
inline constexpr const char *HostEntryName = "hlsl.run.entry";

/// Reads `!dx.resources` of a DXIL module.
llvm::Expected<std::vector<ShaderResourceRange>>
readShaderResources(const llvm::Module &module);

/// Rewrites `module` (a DXIL compute shader whose entry is `entryName`) for
/// the host. Fails with "not supported yet: ..." for DXIL operations the
/// runtime does not implement (wave operations, sampling, ...).
llvm::Expected<HostShaderInfo> lowerDXILForHost(llvm::Module &module,
                                                llvm::StringRef entryName);

} // namespace mlir::hlsl::exec

#endif // HLSL_EXECUTION_HOSTLOWERING_H
