//===- RuntimeABI.h - what JIT-compiled shaders and the runtime share -*- C++
//-*-===//
//
// JIT-compiled shader code reads these structures directly (the rewriter
// emits loads at the field offsets below) and calls the few functions
// declared at the end. Both sides are compiled from this header, so the
// static_asserts keep the layouts and the offsets the rewriter uses in
// step.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_EXECUTION_RUNTIMEABI_H
#define HLSL_EXECUTION_RUNTIMEABI_H

#include <cstddef>
#include <cstdint>

namespace mlir::hlsl::exec {

/// One bound resource (a buffer, a constant buffer or a texture). A DXIL
/// handle holds a pointer to it.
struct RuntimeResource {
  uint8_t *data = nullptr;
  /// Bytes of `data`; accesses past it read 0 and drop writes (DXIL's
  /// out-of-bounds rules).
  uint64_t size = 0;
  /// Bytes one index steps over: the structured stride, the typed element
  /// size (channels x component size), 1 for byte-address buffers, 16 for
  /// constant buffers.
  uint32_t indexScale = 1;
  /// Components per element of a typed buffer or texture (4 otherwise).
  uint32_t channels = 4;
  /// Bytes per component of a typed buffer or texture.
  uint32_t componentSize = 4;
  /// The hidden counter of a structured UAV.
  uint32_t counter = 0;
  /// Texture size in texels (0 for buffers).
  uint32_t width = 0;
  uint32_t height = 0;
  /// Mip levels of a texture (1 for buffers); level l is max(1, width >> l)
  /// by max(1, height >> l) texels at byte mipOffsets[l] of `data`.
  uint32_t mipLevels = 1;
  uint32_t reserved = 0;
  /// What an out-of-bounds load reads: always zero.
  alignas(16) uint8_t zeros[32] = {};
  /// Where an out-of-bounds store goes: never read.
  alignas(16) uint8_t sink[32] = {};
  static constexpr unsigned MaxMipLevels = 16;
  uint64_t mipOffsets[MaxMipLevels] = {};
};

/// The descriptor heaps (SM 6.6 dynamic resources) in the binding map: a
/// heap entry is bound at register <heap index> of space 0 of these
/// classes (after DXIL's SRV, UAV, CBV and sampler classes 0 to 3).
constexpr unsigned ResourceHeapClass = 4;
constexpr unsigned SamplerHeapClass = 5;

/// Field offsets the rewriter emits loads for.
namespace resource_field {
constexpr unsigned Data = 0;
constexpr unsigned Size = 8;
constexpr unsigned IndexScale = 16;
constexpr unsigned Channels = 20;
constexpr unsigned ComponentSize = 24;
constexpr unsigned Counter = 28;
constexpr unsigned Width = 32;
constexpr unsigned Height = 36;
constexpr unsigned MipLevels = 40;
constexpr unsigned Zeros = 48;
constexpr unsigned Sink = 80;
constexpr unsigned MipOffsets = 112;
} // namespace resource_field

static_assert(offsetof(RuntimeResource, data) == resource_field::Data);
static_assert(offsetof(RuntimeResource, size) == resource_field::Size);
static_assert(offsetof(RuntimeResource, indexScale) ==
              resource_field::IndexScale);
static_assert(offsetof(RuntimeResource, channels) == resource_field::Channels);
static_assert(offsetof(RuntimeResource, componentSize) ==
              resource_field::ComponentSize);
static_assert(offsetof(RuntimeResource, counter) == resource_field::Counter);
static_assert(offsetof(RuntimeResource, width) == resource_field::Width);
static_assert(offsetof(RuntimeResource, height) == resource_field::Height);
static_assert(offsetof(RuntimeResource, zeros) == resource_field::Zeros);
static_assert(offsetof(RuntimeResource, sink) == resource_field::Sink);
static_assert(offsetof(RuntimeResource, mipLevels) ==
              resource_field::MipLevels);
static_assert(offsetof(RuntimeResource, mipOffsets) ==
              resource_field::MipOffsets);

/// A bound sampler: a RuntimeResource of the sampler class whose `data`
/// points here. The enumerations are the pipeline's (Pipeline.h).
struct RuntimeSampler {
  uint32_t minFilter = 1; // FilterMode: 0 nearest, 1 linear
  uint32_t magFilter = 1;
  uint32_t addressU = 0; // AddressMode
  uint32_t addressV = 0;
  uint32_t compare = 0; // CompareFunction
  /// D3D12's filter reduction: 0 standard (or comparison), 2 minimum,
  /// 3 maximum of the texels a filter reads.
  uint32_t reduction = 0;
  float minLOD = 0;
  float maxLOD = 3.402823466e+38f;
  float mipLODBias = 0;
  /// The border colour's four 32-bit words (floats, or uints for the
  /// integer colours).
  uint32_t border[4] = {0, 0, 0, 0};
};

/// What a sampling operation asks hlslrt_sample for; the lowered shader
/// fills it field by field (offsets in sample_field).
struct SampleRequest {
  enum Op : uint32_t {
    SampleLevel = 0,
    SampleGrad = 1,
    Gather = 2,
    GatherCmp = 3,
    SampleCmpLevel = 4,
    /// A comparison sample with gradients (SampleCmpGrad, and SampleCmp and
    /// SampleCmpBias with the quad's implicit derivatives).
    SampleCmpGrad = 5,
    /// CalculateLevelOfDetail: out[0] is the LOD the gradients select,
    /// clamped to the sampler's and the texture's mip range when
    /// `channel` is 1.
    CalculateLOD = 6,
  };
  uint32_t op = SampleLevel;
  uint32_t channel = 0;
  int32_t offset[2] = {0, 0};
  float coord[2] = {0, 0};
  float lod = 0;
  float ddx[2] = {0, 0};
  float ddy[2] = {0, 0};
  float compareValue = 0;
  /// SampleGrad's minimum LOD (its clamp operand); 0 when absent.
  float minLOD = 0;
  /// SampleBias's bias, added to the LOD the gradients select.
  float bias = 0;
};

namespace sample_field {
constexpr unsigned Op = 0;
constexpr unsigned Channel = 4;
constexpr unsigned Offset = 8;
constexpr unsigned Coord = 16;
constexpr unsigned Lod = 24;
constexpr unsigned Ddx = 28;
constexpr unsigned Ddy = 36;
constexpr unsigned CompareValue = 44;
constexpr unsigned MinLOD = 48;
constexpr unsigned Bias = 52;
constexpr unsigned Size = 56;
} // namespace sample_field

static_assert(offsetof(SampleRequest, channel) == sample_field::Channel);
static_assert(offsetof(SampleRequest, offset) == sample_field::Offset);
static_assert(offsetof(SampleRequest, coord) == sample_field::Coord);
static_assert(offsetof(SampleRequest, lod) == sample_field::Lod);
static_assert(offsetof(SampleRequest, ddx) == sample_field::Ddx);
static_assert(offsetof(SampleRequest, ddy) == sample_field::Ddy);
static_assert(offsetof(SampleRequest, compareValue) ==
              sample_field::CompareValue);
static_assert(offsetof(SampleRequest, minLOD) == sample_field::MinLOD);
static_assert(offsetof(SampleRequest, bias) == sample_field::Bias);
static_assert(sizeof(SampleRequest) == sample_field::Size);

class DispatchState;

/// The state of one thread group. Lanes get their thread-in-group ids as
/// arguments; everything else they need is here.
struct GroupContext {
  uint32_t groupId[3] = {0, 0, 0};
  uint32_t reserved = 0;
  /// This group's groupshared memory.
  uint8_t *groupShared = nullptr;
  DispatchState *dispatch = nullptr;
};

namespace group_field {
constexpr unsigned GroupId = 0;
constexpr unsigned GroupShared = 16;
} // namespace group_field

static_assert(offsetof(GroupContext, groupId) == group_field::GroupId);
static_assert(offsetof(GroupContext, groupShared) == group_field::GroupShared);

/// The type of a wave operation's operand and result (hlslrt_wave).
enum class WaveValueType : uint32_t { I1, I16, I32, I64, F16, F32, F64 };

/// The positions of hlslrt_wave's arguments (the lockstep waves read the
/// calls the lowering wrote).
namespace wave_arg {
enum : unsigned {
  Group,
  CallSite,
  Opcode,
  Type,
  Op,
  Sign,
  Value,
  Extra,
  Result,
  Iterations,
  Depth
};
} // namespace wave_arg

/// hlslrt_wave's opcode for the implicit derivatives of a sampling
/// operation (not a DXIL opcode): the operand is the coordinate (u, v) as
/// two floats, the result the coarse (ddx u, ddx v, ddy u, ddy v).
constexpr uint32_t QuadGradientOpcode = 0x10000;

/// Shader model 6.6's quads in thread groups: four consecutive lanes form a
/// quad (upper left, upper right, lower left, lower right). A group whose X
/// size is a multiple of 4 with Y and Z of 1 has 1D quads (lanes in
/// SV_GroupIndex order); otherwise, when X and Y are even, 2D quads: lane
/// 4q + k is thread (2 qx + (k & 1), 2 qy + (k >> 1)) of quad q.
inline bool hasQuadLayout2D(const uint32_t numThreads[3]) {
  bool linear =
      numThreads[0] % 4 == 0 && numThreads[1] == 1 && numThreads[2] == 1;
  return !linear && numThreads[0] % 2 == 0 && numThreads[1] % 2 == 0;
}

/// The thread-in-group id of lane `index` (counted over the whole group).
inline void laneThreadId(uint32_t index, const uint32_t numThreads[3],
                         uint32_t id[3]) {
  uint32_t plane = numThreads[0] * numThreads[1];
  uint32_t inPlane = index % plane;
  id[2] = index / plane;
  if (!hasQuadLayout2D(numThreads)) {
    id[0] = inPlane % numThreads[0];
    id[1] = inPlane / numThreads[0];
    return;
  }
  uint32_t quad = inPlane / 4, corner = inPlane % 4;
  uint32_t quadsPerRow = numThreads[0] / 2;
  id[0] = 2 * (quad % quadsPerRow) + (corner & 1);
  id[1] = 2 * (quad / quadsPerRow) + (corner >> 1);
}

} // namespace mlir::hlsl::exec

/// The runtime entry points JIT-compiled shaders call (C linkage, resolved
/// by name when the shader is linked).
extern "C" {
/// The resource bound at `register` of `resourceClass` (0 t, 1 u, 2 b, 3 s)
/// in `space`, for registers only known at run time (registers known when
/// the shader is compiled are resolved then). An unbound register yields
/// an empty resource and records an error that fails the run.
mlir::hlsl::exec::RuntimeResource *
hlslrt_resource(mlir::hlsl::exec::GroupContext *group, uint32_t resourceClass,
                uint32_t space, uint32_t reg);
/// GroupMemoryBarrierWithGroupSync and friends: waits until every lane of
/// the group has arrived.
void hlslrt_group_sync(mlir::hlsl::exec::GroupContext *group);
/// A wave or quad operation (DXIL `opcode`) at call site `callSite`: waits
/// until the lanes of the wave that execute this call together have
/// arrived, then writes this lane's result. `value` points at the operand
/// of type `type` (one byte for i1), `extra` at the i32 operands that follow
/// it (a lane index, or a ballot mask of four words), `op` and `sign` are
/// the operation kinds; ballots and matches write four i32 words.
/// `iterations` holds `depth` pairs (loop id, iteration) for the loops
/// around the call, outermost first: lanes execute the call together when
/// they reach it in the same iterations.
void hlslrt_wave(mlir::hlsl::exec::GroupContext *group, uint32_t callSite,
                 uint32_t opcode, uint32_t type, uint32_t op, uint32_t sign,
                 const void *value, const uint32_t *extra, void *result,
                 const uint32_t *iterations, uint32_t depth);
}

#endif // HLSL_EXECUTION_RUNTIMEABI_H
