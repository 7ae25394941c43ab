//===- InstructionCounters.h - DXC's instruction statistics -----*- C++ -*-===//
//
// The instruction statistics DXC writes into the reflection module (STAT
// part) as `!dx.counters`, which D3D12Reflect reports in D3D12_SHADER_DESC
// (InstructionCount, TempArrayCount, DynamicFlowControlCount,
// Float/Int/UintInstructionCount, the texture and interlocked counts, ...).
// The categories are DXC's (hctdb's counters): which DXIL operations and
// which LLVM instructions each one counts, and how array memory is sized.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_INSTRUCTIONCOUNTERS_H
#define HLSL_TARGET_DXIL_INSTRUCTIONCOUNTERS_H

#include "llvm/ADT/StringRef.h"

#include <array>
#include <cstdint>

namespace llvm {
class Module;
} // namespace llvm

namespace mlir::hlsl::dxil {

/// One value per DXC counter, in the order `!dx.counters` lists them.
struct InstructionCounters {
  enum Counter : unsigned {
    ArrayLocalBytes,
    ArrayLocalLoadStores,
    ArrayStaticBytes,
    ArrayStaticLoadStores,
    ArrayGroupSharedBytes,
    ArrayGroupSharedLoadStores,
    Atomic,
    Barrier,
    Branches,
    Fence,
    Floats,
    GSCut,
    GSEmit,
    Instructions,
    Ints,
    SignatureLoads,
    SignatureStores,
    TextureBias,
    TextureCompare,
    TextureGradient,
    TextureLoad,
    TextureNormal,
    TextureStore,
    Uints,
    NumCounters
  };

  std::array<uint32_t, NumCounters> values{};

  uint32_t operator[](Counter counter) const { return values[counter]; }

  /// DXC's name of a counter in `!dx.counters` (e.g. "array_local_bytes").
  static llvm::StringRef name(Counter counter);
};

/// Counts the instructions of every function body of `module` as DXC
/// does on the module it writes into the DXIL part. `insertedCasts` is the
/// number of pointer casts the bitcode writer adds for typed pointers
/// (they are instructions of the written module). Array sizes follow
/// DXIL's data layout: with `nativeLowPrecision` 16-bit types take two
/// bytes, otherwise every scalar narrower than 32 bits takes four.
InstructionCounters countInstructions(const llvm::Module &module,
                                      bool nativeLowPrecision,
                                      unsigned insertedCasts = 0);

/// Replaces `!dx.counters` of `module` with the non-zero counters as
/// name/value pairs (no node at all when every counter is zero), as DXC
/// writes it into the reflection module.
void setCountersMetadata(llvm::Module &module,
                         const InstructionCounters &counters);

} // namespace mlir::hlsl::dxil

#endif // HLSL_TARGET_DXIL_INSTRUCTIONCOUNTERS_H
