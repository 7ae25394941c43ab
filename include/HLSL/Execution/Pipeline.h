//===- Pipeline.h - compute pipelines described in YAML ---------*- C++ -*-===//
//
// The pipeline YAML of LLVM's offload-test-suite: the shader to run, the
// dispatch size, the buffers with their initial contents, which resource
// register each buffer is bound to, and the comparisons that decide whether
// the run passed. hlsl-run reads it, runs the shader and checks `Results`;
// it writes the buffers back in the same format.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_EXECUTION_PIPELINE_H
#define HLSL_EXECUTION_PIPELINE_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace mlir::hlsl::exec {

/// How a buffer's `Data` is written and how its elements are compared.
enum class DataFormat {
  Hex8,
  Hex16,
  Hex32,
  Hex64,
  UInt16,
  UInt32,
  UInt64,
  Int16,
  Int32,
  Int64,
  Float16,
  Float32,
  /// A 32-bit float depth texture (the offload-test-suite's Depth32).
  Depth32,
  Float64,
  Bool,
};

/// Bytes of one component (Bool is a 32-bit HLSL bool).
unsigned getFormatSize(DataFormat format);
llvm::StringRef stringifyDataFormat(DataFormat format);
bool isFloatFormat(DataFormat format);

/// Texture shape of a buffer used as a texture (`OutputProps`).
struct OutputProperties {
  uint32_t width = 0;
  uint32_t height = 0;
  uint32_t depth = 1;
  uint32_t mipLevels = 1;

  /// Texels of mip `level` (each halves the size, down to 1).
  uint64_t getLevelTexels(uint32_t level) const {
    uint32_t w = width >> level, h = height >> level;
    return uint64_t(w ? w : 1) * (h ? h : 1);
  }
};

struct Buffer {
  std::string name;
  DataFormat format = DataFormat::Hex32;
  /// False when the YAML gave no Format (an error reported after reading).
  bool hasFormat = true;
  /// Components per element of a typed buffer or texture.
  uint32_t channels = 1;
  /// Bytes per element, when given (structured buffers); informative: the
  /// shader's own stride decides how it indexes the data.
  uint32_t stride = 0;
  /// The number of array elements bound from this buffer (`ArraySize`);
  /// `contents` has one entry per element.
  uint32_t arraySize = 1;
  std::vector<std::vector<uint8_t>> contents;
  std::optional<OutputProperties> outputProps;
  /// After a run, the hidden counters of the UAVs over this buffer that
  /// have one (`HasCounter`), one per array element; written as `Counter`
  /// or `Counters`.
  std::vector<uint32_t> counters;

  /// Bytes of one element: components times channels.
  unsigned getElementSize() const { return getFormatSize(format) * channels; }
};

/// The resource types a buffer can be bound as.
enum class ResourceKind {
  Buffer,
  RWBuffer,
  StructuredBuffer,
  RWStructuredBuffer,
  ByteAddressBuffer,
  RWByteAddressBuffer,
  ConstantBuffer,
  /// A tbuffer or TextureBuffer<T>: an SRV read in 16-byte rows of four
  /// 32-bit words (Format UInt32, Channels 4).
  TextureBuffer,
  Texture2D,
  RWTexture2D,
  Sampler,
};

llvm::StringRef stringifyResourceKind(ResourceKind kind);

/// DXIL resource class of a kind: 0 SRV (t), 1 UAV (u), 2 CBV (b),
/// 3 sampler (s).
unsigned getResourceClass(ResourceKind kind);
/// The register letter of a resource class.
char getRegisterLetter(unsigned resourceClass);

struct DirectXBinding {
  uint32_t reg = 0;
  uint32_t space = 0;
};

struct Resource {
  /// The buffer bound (a name under `Buffers`).
  std::string name;
  ResourceKind kind = ResourceKind::Buffer;
  std::optional<DirectXBinding> dxBinding;
  /// Or its index in the descriptor heap (ResourceDescriptorHeap, or
  /// SamplerDescriptorHeap for samplers).
  std::optional<uint32_t> heapIndex;
  /// The UAV has a hidden counter (IncrementCounter/DecrementCounter),
  /// whose value the run's output reports.
  bool hasCounter = false;
  /// A reserved (tiled) resource: only its first `tilesMapped` 64 KiB tiles
  /// are mapped; accesses past them read zero, drop their writes and are not
  /// fully mapped (CheckAccessFullyMapped).
  bool isReserved = false;
  std::optional<uint32_t> tilesMapped;
};

struct DescriptorSet {
  std::vector<Resource> resources;
};

/// `RuntimeSettings: DirectX: RootParameters:` entries, one per parameter
/// of the shader's root signature, in order: the values of root constants
/// (a buffer), a descriptor table (the next descriptor set) or a root
/// descriptor (a buffer bound directly). The registers are the root
/// signature's.
enum class RootParameterKind { Constant, DescriptorTable, RootDescriptor };

struct RootParameter {
  RootParameterKind kind = RootParameterKind::DescriptorTable;
  /// Constant: the buffer holding the values; RootDescriptor: its
  /// resource's buffer.
  std::string name;
  /// RootDescriptor: the resource's kind.
  ResourceKind resourceKind = ResourceKind::Buffer;
};

/// `Samplers:` entries (the offload-test-suite's): the mip filter is
/// always point, the border color transparent black.
enum class FilterMode { Nearest, Linear };
enum class AddressMode { Clamp, Repeat, Mirror, Border, MirrorOnce };
enum class CompareFunction {
  Never,
  Less,
  Equal,
  LessEqual,
  Greater,
  NotEqual,
  GreaterEqual,
  Always
};
enum class SamplerKind { Sampler, SamplerComparison };

struct Sampler {
  std::string name;
  SamplerKind kind = SamplerKind::Sampler;
  FilterMode minFilter = FilterMode::Linear;
  FilterMode magFilter = FilterMode::Linear;
  AddressMode address = AddressMode::Clamp;
  float minLOD = 0;
  float maxLOD = 3.402823466e+38f;
  float mipLODBias = 0;
  CompareFunction comparisonOp = CompareFunction::Never;
};

enum class CompareRule { BufferExact, BufferFloatULP, BufferFloatEpsilon };

struct ResultCheck {
  std::string name;
  CompareRule rule = CompareRule::BufferExact;
  std::string actual;
  std::string expected;
  /// Tolerance of BufferFloatULP.
  uint32_t ulpTolerance = 0;
  /// BufferFloatULP: where either value is this close to zero, they must be
  /// this close to each other instead (ULPs mean little near zero).
  double zeroTolerance = 0;
  /// Tolerance of BufferFloatEpsilon.
  double epsilon = 0;
  /// Any, FTZ or Preserve; with FTZ denormals compare equal to zero.
  std::string denormMode = "Any";
};

struct ShaderStage {
  std::string stage = "Compute";
  std::string entry = "main";
};

struct Pipeline {
  std::vector<ShaderStage> shaders;
  std::array<uint32_t, 3> dispatchGroupCount = {1, 1, 1};
  std::vector<Buffer> buffers;
  std::vector<ResultCheck> results;
  std::vector<DescriptorSet> descriptorSets;
  std::vector<RootParameter> rootParameters;
  std::vector<Sampler> samplers;

  Buffer *findBuffer(llvm::StringRef name);
  Sampler *findSampler(llvm::StringRef name);
};

/// Parses and checks a pipeline: unknown keys, a wrong element count for a
/// format, resources naming missing buffers, results comparing buffers of
/// different formats... each is an error naming the culprit. The error text
/// is a complete diagnostic (`file:line:col: error: ...` with the line
/// when the problem has a place in the file, `file: error: ...` otherwise).
llvm::Expected<Pipeline> parsePipeline(llvm::StringRef yaml,
                                       llvm::StringRef fileName);

/// Writes the pipeline back as YAML; every buffer is written with `Data`.
void writePipeline(Pipeline &pipeline, llvm::raw_ostream &os);

/// Compares the buffers of one result. On a mismatch, returns false and
/// prints the first differing elements to `os`.
bool checkResult(Pipeline &pipeline, const ResultCheck &check,
                 llvm::raw_ostream &os);

} // namespace mlir::hlsl::exec

#endif // HLSL_EXECUTION_PIPELINE_H
