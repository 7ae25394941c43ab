//===- Pipeline.cpp - pipeline YAML in and out ----------------------------===//
//
// The YAML is read and written with LLVM's YAML I/O, so unknown keys are
// errors at their line. A buffer's `Data` is typed by its `Format`, which
// is mapped first; values are kept as the bytes the shader sees.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Execution/Pipeline.h"
#include "HLSL/Execution/RuntimeABI.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/YAMLTraits.h"

#include <cmath>
#include <cstring>

using namespace mlir::hlsl::exec;
using llvm::StringRef;

unsigned mlir::hlsl::exec::getFormatSize(DataFormat format) {
  switch (format) {
  case DataFormat::Hex8:
    return 1;
  case DataFormat::Hex16:
  case DataFormat::UInt16:
  case DataFormat::Int16:
  case DataFormat::Float16:
    return 2;
  case DataFormat::Hex32:
  case DataFormat::UInt32:
  case DataFormat::Int32:
  case DataFormat::Float32:
  case DataFormat::Depth32:
  case DataFormat::Bool:
    return 4;
  case DataFormat::Hex64:
  case DataFormat::UInt64:
  case DataFormat::Int64:
  case DataFormat::Float64:
    return 8;
  }
  return 4;
}

bool mlir::hlsl::exec::isFloatFormat(DataFormat format) {
  return format == DataFormat::Float16 || format == DataFormat::Float32 ||
         format == DataFormat::Depth32 || format == DataFormat::Float64;
}

#define HLSL_DATA_FORMATS(X)                                                   \
  X(Hex8)                                                                      \
  X(Hex16)                                                                     \
  X(Hex32)                                                                     \
  X(Hex64)                                                                     \
  X(UInt16)                                                                    \
  X(UInt32) X(UInt64) X(Int16) X(Int32) X(Int64) X(Float16) X(Float32)         \
      X(Depth32) X(Float64) X(Bool)
#define HLSL_RESOURCE_KINDS(X)                                                 \
  X(Buffer)                                                                    \
  X(RWBuffer)                                                                  \
  X(StructuredBuffer)                                                          \
  X(RWStructuredBuffer)                                                        \
  X(ByteAddressBuffer) X(RWByteAddressBuffer) X(ConstantBuffer)                \
      X(TextureBuffer) X(Texture2D) X(RWTexture2D) X(Sampler)

StringRef mlir::hlsl::exec::stringifyDataFormat(DataFormat format) {
#define CASE(N)                                                                \
  case DataFormat::N:                                                          \
    return #N;
  switch (format) { HLSL_DATA_FORMATS(CASE) }
#undef CASE
  return "?";
}

StringRef mlir::hlsl::exec::stringifyResourceKind(ResourceKind kind) {
#define CASE(N)                                                                \
  case ResourceKind::N:                                                        \
    return #N;
  switch (kind) { HLSL_RESOURCE_KINDS(CASE) }
#undef CASE
  return "?";
}

unsigned mlir::hlsl::exec::getResourceClass(ResourceKind kind) {
  switch (kind) {
  case ResourceKind::Buffer:
  case ResourceKind::StructuredBuffer:
  case ResourceKind::ByteAddressBuffer:
  case ResourceKind::TextureBuffer:
  case ResourceKind::Texture2D:
    return 0;
  case ResourceKind::RWBuffer:
  case ResourceKind::RWStructuredBuffer:
  case ResourceKind::RWByteAddressBuffer:
  case ResourceKind::RWTexture2D:
    return 1;
  case ResourceKind::ConstantBuffer:
    return 2;
  case ResourceKind::Sampler:
    return 3;
  }
  return 0;
}

char mlir::hlsl::exec::getRegisterLetter(unsigned resourceClass) {
  return "tubs"[resourceClass & 3];
}

Sampler *Pipeline::findSampler(StringRef name) {
  for (Sampler &sampler : samplers)
    if (sampler.name == name)
      return &sampler;
  return nullptr;
}

Buffer *Pipeline::findBuffer(StringRef name) {
  for (Buffer &buffer : buffers)
    if (buffer.name == name)
      return &buffer;
  return nullptr;
}

//===----------------------------------------------------------------------===//
// Element values <-> bytes
//===----------------------------------------------------------------------===//

/// A Bool element: `true`/`false` or 0/1 in YAML, a 32-bit word in memory.
LLVM_YAML_STRONG_TYPEDEF(uint32_t, BoolValue)

namespace llvm::yaml {
template <> struct ScalarTraits<BoolValue> {
  static void output(const BoolValue &value, void *, raw_ostream &os) {
    os << (value.value ? "true" : "false");
  }
  static StringRef input(StringRef scalar, void *, BoolValue &value) {
    if (scalar == "true" || scalar == "1")
      value = BoolValue(1);
    else if (scalar == "false" || scalar == "0")
      value = BoolValue(0);
    else
      return "expected true, false, 1 or 0";
    return {};
  }
  static QuotingType mustQuote(StringRef) { return QuotingType::None; }
};
} // namespace llvm::yaml

namespace {
/// The YAML spelling of each format's values. Float16 values are written as
/// their 16-bit patterns (YAML has no half type); Bool is a 32-bit word.
template <DataFormat F> struct FormatTraits;
#define FORMAT(F, T, S)                                                        \
  template <> struct FormatTraits<DataFormat::F> {                             \
    using YAMLType = T;                                                        \
    using Storage = S;                                                         \
  };
FORMAT(Hex8, llvm::yaml::Hex8, uint8_t)
FORMAT(Hex16, llvm::yaml::Hex16, uint16_t)
FORMAT(Hex32, llvm::yaml::Hex32, uint32_t)
FORMAT(Hex64, llvm::yaml::Hex64, uint64_t)
FORMAT(UInt16, uint16_t, uint16_t)
FORMAT(UInt32, uint32_t, uint32_t)
FORMAT(UInt64, uint64_t, uint64_t)
FORMAT(Int16, int16_t, int16_t)
FORMAT(Int32, int32_t, int32_t)
FORMAT(Int64, int64_t, int64_t)
FORMAT(Float16, llvm::yaml::Hex16, uint16_t)
FORMAT(Float32, float, float)
FORMAT(Depth32, float, float)
FORMAT(Float64, double, double)
FORMAT(Bool, BoolValue, uint32_t)
#undef FORMAT

template <typename S, typename T> S toStorage(const T &value) {
  if constexpr (std::is_same_v<T, llvm::yaml::Hex8> ||
                std::is_same_v<T, llvm::yaml::Hex16> ||
                std::is_same_v<T, llvm::yaml::Hex32> ||
                std::is_same_v<T, llvm::yaml::Hex64> ||
                std::is_same_v<T, BoolValue>)
    return static_cast<S>(value.value);
  else
    return static_cast<S>(value);
}

template <typename T, typename S> T fromStorage(S value) {
  if constexpr (std::is_same_v<T, BoolValue>)
    return T(value != 0);
  else
    return T(value);
}
} // namespace

namespace llvm::yaml {
template <> struct ScalarEnumerationTraits<DataFormat> {
  static void enumeration(IO &io, DataFormat &value) {
#define CASE(N) io.enumCase(value, #N, DataFormat::N);
    HLSL_DATA_FORMATS(CASE)
#undef CASE
  }
};
template <> struct ScalarEnumerationTraits<ResourceKind> {
  static void enumeration(IO &io, ResourceKind &value) {
#define CASE(N) io.enumCase(value, #N, ResourceKind::N);
    HLSL_RESOURCE_KINDS(CASE)
#undef CASE
  }
};
template <> struct ScalarEnumerationTraits<CompareRule> {
  static void enumeration(IO &io, CompareRule &value) {
    io.enumCase(value, "BufferExact", CompareRule::BufferExact);
    io.enumCase(value, "BufferFloatULP", CompareRule::BufferFloatULP);
    io.enumCase(value, "BufferFloatEpsilon", CompareRule::BufferFloatEpsilon);
  }
};
} // namespace llvm::yaml

/// Vulkan's specialization constants of a shader and push-constant blocks
/// are accepted and ignored, as Vulkan bindings are: hlsl-run runs a
/// shader as Direct3D does.
namespace {
struct SpecializationConstant {
  uint32_t constantId = 0;
  std::string type, value;
};
struct PushConstantValue {
  DataFormat format = DataFormat::Hex32;
  uint32_t offset = 0;
  std::vector<std::string> data;
};
struct PushConstantBlock {
  std::string stage;
  std::vector<PushConstantValue> values;
};
} // namespace

LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<int16_t>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<uint16_t>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<int32_t>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<uint32_t>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<int64_t>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<uint64_t>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<float>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<double>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<BoolValue>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<llvm::yaml::Hex8>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<llvm::yaml::Hex16>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<llvm::yaml::Hex32>)
LLVM_YAML_IS_SEQUENCE_VECTOR(std::vector<llvm::yaml::Hex64>)
LLVM_YAML_IS_FLOW_SEQUENCE_VECTOR(BoolValue)
LLVM_YAML_IS_SEQUENCE_VECTOR(Buffer)
LLVM_YAML_IS_SEQUENCE_VECTOR(Resource)
LLVM_YAML_IS_SEQUENCE_VECTOR(DescriptorSet)
LLVM_YAML_IS_SEQUENCE_VECTOR(ResultCheck)
LLVM_YAML_IS_SEQUENCE_VECTOR(ShaderStage)
LLVM_YAML_IS_SEQUENCE_VECTOR(RootParameter)
LLVM_YAML_IS_SEQUENCE_VECTOR(Sampler)
LLVM_YAML_IS_SEQUENCE_VECTOR(SpecializationConstant)
LLVM_YAML_IS_SEQUENCE_VECTOR(PushConstantValue)
LLVM_YAML_IS_SEQUENCE_VECTOR(PushConstantBlock)

namespace {
/// Maps `Data` (and on input `FillSize`/`FillValue`) of a buffer whose
/// format is F.
template <DataFormat F> void mapBufferData(llvm::yaml::IO &io, Buffer &b) {
  using T = typename FormatTraits<F>::YAMLType;
  using S = typename FormatTraits<F>::Storage;
  auto toBytes = [](const std::vector<T> &values) {
    std::vector<uint8_t> bytes(values.size() * sizeof(S));
    for (size_t i = 0; i < values.size(); ++i) {
      S stored = toStorage<S>(values[i]);
      std::memcpy(bytes.data() + i * sizeof(S), &stored, sizeof(S));
    }
    return bytes;
  };
  auto fromBytes = [](const std::vector<uint8_t> &bytes) {
    std::vector<T> values(bytes.size() / sizeof(S));
    for (size_t i = 0; i < values.size(); ++i) {
      S stored;
      std::memcpy(&stored, bytes.data() + i * sizeof(S), sizeof(S));
      values[i] = fromStorage<T>(stored);
    }
    return values;
  };

  if (io.outputting()) {
    if (b.arraySize > 1) {
      std::vector<std::vector<T>> data;
      for (const std::vector<uint8_t> &element : b.contents)
        data.push_back(fromBytes(element));
      io.mapRequired("Data", data);
    } else {
      std::vector<T> data =
          b.contents.empty() ? std::vector<T>() : fromBytes(b.contents[0]);
      io.mapRequired("Data", data);
    }
    return;
  }

  std::optional<uint64_t> fillSize;
  std::optional<T> fillValue;
  io.mapOptional("FillSize", fillSize);
  io.mapOptional("FillValue", fillValue);
  b.contents.clear();
  if (b.arraySize > 1) {
    std::optional<std::vector<std::vector<T>>> data;
    io.mapOptional("Data", data);
    if (data) {
      for (const std::vector<T> &element : *data)
        b.contents.push_back(toBytes(element));
      if (b.contents.size() != b.arraySize)
        io.setError("buffer '" + b.name + "' has ArraySize " +
                    llvm::Twine(b.arraySize) + " but " +
                    llvm::Twine(b.contents.size()) + " Data lists");
    }
  } else {
    std::optional<std::vector<T>> data;
    io.mapOptional("Data", data);
    if (data)
      b.contents.push_back(toBytes(*data));
  }
  bool hasData = !b.contents.empty();
  if (fillValue && !fillSize) {
    io.setError("buffer '" + b.name + "': FillValue without FillSize");
    return;
  }
  if (hasData == fillSize.has_value()) {
    io.setError("buffer '" + b.name + "' needs exactly one of Data and " +
                "FillSize");
    return;
  }
  if (fillSize) {
    // Raw buffers address 4 GiB; the whole array of buffers is held in
    // memory, so it gets the same budget.
    constexpr uint64_t MaxFill = uint64_t(1) << 32;
    if (*fillSize > MaxFill || *fillSize * b.arraySize > MaxFill) {
      io.setError("buffer '" + b.name + "': FillSize " +
                  llvm::Twine(*fillSize) + " x ArraySize " +
                  llvm::Twine(b.arraySize) +
                  " is more than the 4 GiB hlsl-run holds");
      return;
    }
    size_t count = *fillSize / sizeof(S);
    std::vector<T> values(count, fillValue.value_or(T()));
    std::vector<uint8_t> bytes = toBytes(values);
    bytes.resize(*fillSize, 0);
    b.contents.assign(b.arraySize, bytes);
  }
  unsigned elementSize = b.getElementSize();
  for (const std::vector<uint8_t> &element : b.contents)
    if (element.size() % elementSize != 0) {
      io.setError("buffer '" + b.name + "' holds " +
                  llvm::Twine(element.size()) + " bytes, not a multiple of " +
                  "its " + llvm::Twine(elementSize) + "-byte " +
                  stringifyDataFormat(b.format) + " elements");
      return;
    }
}
} // namespace

namespace llvm::yaml {
template <> struct MappingTraits<OutputProperties> {
  static void mapping(IO &io, OutputProperties &p) {
    io.mapRequired("Width", p.width);
    io.mapRequired("Height", p.height);
    io.mapOptional("Depth", p.depth, 1u);
    io.mapOptional("MipLevels", p.mipLevels, 1u);
  }
};

template <> struct MappingTraits<Buffer> {
  static void mapping(IO &io, Buffer &b) {
    io.mapRequired("Name", b.name);
    // Optional here so that a misspelt "Format" is reported as the unknown
    // key it is; validate() reports a missing one.
    std::optional<DataFormat> format;
    if (io.outputting())
      format = b.format;
    io.mapOptional("Format", format);
    if (!format) {
      b.hasFormat = false;
      return;
    }
    b.format = *format;
    io.mapOptional("Channels", b.channels, 1u);
    io.mapOptional("Stride", b.stride, 0u);
    io.mapOptional("ArraySize", b.arraySize, 1u);
    // The counters of the buffer's UAVs, after a run (written, not read).
    if (io.outputting() && !b.counters.empty()) {
      if (b.arraySize == 1)
        io.mapRequired("Counter", b.counters[0]);
      else
        io.mapRequired("Counters", b.counters);
    }
    io.mapOptional("OutputProps", b.outputProps);
    if (!io.outputting() && b.stride && b.channels != 1) {
      io.setError("buffer '" + b.name +
                  "': Stride (a structure's) and Channels > 1 exclude each "
                  "other");
      return;
    }
    if (b.channels < 1 || b.channels > 4) {
      io.setError("buffer '" + b.name + "': Channels must be 1 to 4");
      return;
    }
    if (b.arraySize < 1) {
      io.setError("buffer '" + b.name + "': ArraySize must be at least 1");
      return;
    }
    switch (b.format) {
#define CASE(N)                                                                \
  case DataFormat::N:                                                          \
    mapBufferData<DataFormat::N>(io, b);                                       \
    break;
      HLSL_DATA_FORMATS(CASE)
#undef CASE
    }
  }
};

/// Vulkan bindings (and the binding of a UAV's counter there) are accepted
/// and ignored.
struct VulkanBinding {
  std::optional<uint32_t> binding, set, counterBinding;
};
template <> struct MappingTraits<VulkanBinding> {
  static void mapping(IO &io, VulkanBinding &v) {
    io.mapOptional("Binding", v.binding);
    io.mapOptional("Set", v.set);
    io.mapOptional("CounterBinding", v.counterBinding);
  }
};

template <> struct MappingTraits<DirectXBinding> {
  static void mapping(IO &io, DirectXBinding &d) {
    io.mapRequired("Register", d.reg);
    io.mapOptional("Space", d.space, 0u);
  }
};

template <> struct MappingTraits<Resource> {
  static void mapping(IO &io, Resource &r) {
    io.mapRequired("Name", r.name);
    io.mapRequired("Kind", r.kind);
    io.mapOptional("HasCounter", r.hasCounter, false);
    io.mapOptional("DirectXBinding", r.dxBinding);
    io.mapOptional("HeapIndex", r.heapIndex);
    std::optional<VulkanBinding> vulkan;
    io.mapOptional("VulkanBinding", vulkan);
    io.mapOptional("IsReserved", r.isReserved, false);
    io.mapOptional("TilesMapped", r.tilesMapped);
  }
};

template <> struct MappingTraits<DescriptorSet> {
  static void mapping(IO &io, DescriptorSet &s) {
    io.mapRequired("Resources", s.resources);
  }
};

template <> struct MappingTraits<ResultCheck> {
  static void mapping(IO &io, ResultCheck &r) {
    io.mapRequired("Result", r.name);
    io.mapRequired("Rule", r.rule);
    io.mapRequired("Actual", r.actual);
    io.mapRequired("Expected", r.expected);
    io.mapOptional("ULPT", r.ulpTolerance, 0u);
    io.mapOptional("ZeroTolerance", r.zeroTolerance, 0.0);
    io.mapOptional("Epsilon", r.epsilon, 0.0);
    io.mapOptional("DenormMode", r.denormMode, std::string("Any"));
  }
};

/// (Vulkan's; see SpecializationConstant.)
template <> struct MappingTraits<SpecializationConstant> {
  static void mapping(IO &io, SpecializationConstant &c) {
    io.mapRequired("ConstantID", c.constantId);
    io.mapRequired("Type", c.type);
    io.mapRequired("Value", c.value);
  }
};
template <> struct MappingTraits<PushConstantValue> {
  static void mapping(IO &io, PushConstantValue &v) {
    io.mapRequired("Format", v.format);
    io.mapRequired("Offset", v.offset);
    io.mapRequired("Data", v.data);
  }
};
template <> struct MappingTraits<PushConstantBlock> {
  static void mapping(IO &io, PushConstantBlock &b) {
    io.mapRequired("Stage", b.stage);
    io.mapRequired("Values", b.values);
  }
};

template <> struct MappingTraits<ShaderStage> {
  static void mapping(IO &io, ShaderStage &s) {
    io.mapRequired("Stage", s.stage);
    io.mapOptional("Entry", s.entry, std::string("main"));
    std::vector<SpecializationConstant> vulkanOnly;
    if (!io.outputting())
      io.mapOptional("SpecializationConstants", vulkanOnly);
  }
};

struct DispatchParameters {
  std::vector<uint32_t> groupCount;
};
template <> struct MappingTraits<DispatchParameters> {
  static void mapping(IO &io, DispatchParameters &d) {
    io.mapRequired("DispatchGroupCount", d.groupCount);
  }
};

template <> struct ScalarEnumerationTraits<FilterMode> {
  static void enumeration(IO &io, FilterMode &value) {
    io.enumCase(value, "Nearest", FilterMode::Nearest);
    io.enumCase(value, "Linear", FilterMode::Linear);
  }
};
template <> struct ScalarEnumerationTraits<AddressMode> {
  static void enumeration(IO &io, AddressMode &value) {
    io.enumCase(value, "Clamp", AddressMode::Clamp);
    io.enumCase(value, "Repeat", AddressMode::Repeat);
    io.enumCase(value, "Mirror", AddressMode::Mirror);
    io.enumCase(value, "Border", AddressMode::Border);
    io.enumCase(value, "MirrorOnce", AddressMode::MirrorOnce);
  }
};
template <> struct ScalarEnumerationTraits<CompareFunction> {
  static void enumeration(IO &io, CompareFunction &value) {
    io.enumCase(value, "Never", CompareFunction::Never);
    io.enumCase(value, "Less", CompareFunction::Less);
    io.enumCase(value, "Equal", CompareFunction::Equal);
    io.enumCase(value, "LessEqual", CompareFunction::LessEqual);
    io.enumCase(value, "Greater", CompareFunction::Greater);
    io.enumCase(value, "NotEqual", CompareFunction::NotEqual);
    io.enumCase(value, "GreaterEqual", CompareFunction::GreaterEqual);
    io.enumCase(value, "Always", CompareFunction::Always);
  }
};
template <> struct ScalarEnumerationTraits<SamplerKind> {
  static void enumeration(IO &io, SamplerKind &value) {
    io.enumCase(value, "Sampler", SamplerKind::Sampler);
    io.enumCase(value, "SamplerComparison", SamplerKind::SamplerComparison);
  }
};
template <> struct MappingTraits<Sampler> {
  static void mapping(IO &io, Sampler &s) {
    io.mapRequired("Name", s.name);
    io.mapOptional("Kind", s.kind, SamplerKind::Sampler);
    io.mapOptional("MinFilter", s.minFilter, FilterMode::Linear);
    io.mapOptional("MagFilter", s.magFilter, FilterMode::Linear);
    io.mapOptional("Address", s.address, AddressMode::Clamp);
    io.mapOptional("MinLOD", s.minLOD, 0.0f);
    io.mapOptional("MaxLOD", s.maxLOD, 3.402823466e+38f);
    io.mapOptional("MipLODBias", s.mipLODBias, 0.0f);
    io.mapOptional("ComparisonOp", s.comparisonOp, CompareFunction::Never);
  }
};

template <> struct ScalarEnumerationTraits<RootParameterKind> {
  static void enumeration(IO &io, RootParameterKind &value) {
    io.enumCase(value, "Constant", RootParameterKind::Constant);
    io.enumCase(value, "DescriptorTable", RootParameterKind::DescriptorTable);
    io.enumCase(value, "RootDescriptor", RootParameterKind::RootDescriptor);
  }
};
/// A root descriptor's `Resource:` (a name and a kind; the register is the
/// root signature's).
struct RootResource {
  std::string name;
  ResourceKind kind = ResourceKind::Buffer;
};
template <> struct MappingTraits<RootResource> {
  static void mapping(IO &io, RootResource &r) {
    io.mapRequired("Name", r.name);
    io.mapRequired("Kind", r.kind);
  }
};
template <> struct MappingTraits<RootParameter> {
  static void mapping(IO &io, RootParameter &p) {
    io.mapRequired("Kind", p.kind);
    switch (p.kind) {
    case RootParameterKind::Constant:
      io.mapRequired("Name", p.name);
      break;
    case RootParameterKind::RootDescriptor: {
      RootResource resource{p.name, p.resourceKind};
      io.mapRequired("Resource", resource);
      p.name = resource.name;
      p.resourceKind = resource.kind;
      break;
    }
    case RootParameterKind::DescriptorTable:
      break;
    }
  }
};
struct DirectXSettings {
  std::vector<RootParameter> rootParameters;
};
template <> struct MappingTraits<DirectXSettings> {
  static void mapping(IO &io, DirectXSettings &s) {
    io.mapOptional("RootParameters", s.rootParameters);
  }
};
struct RuntimeSettings {
  DirectXSettings directX;
};
template <> struct MappingTraits<RuntimeSettings> {
  static void mapping(IO &io, RuntimeSettings &s) {
    io.mapOptional("DirectX", s.directX);
  }
};

template <> struct MappingTraits<Pipeline> {
  static void mapping(IO &io, Pipeline &p) {
    io.mapOptional("Shaders", p.shaders);
    DispatchParameters dispatch;
    for (uint32_t count : p.dispatchGroupCount)
      dispatch.groupCount.push_back(count);
    io.mapOptional("DispatchParameters", dispatch);
    if (!io.outputting()) {
      if (dispatch.groupCount.size() != 3) {
        io.setError("DispatchGroupCount needs three numbers");
        return;
      }
      for (unsigned i = 0; i < 3; ++i)
        p.dispatchGroupCount[i] = dispatch.groupCount[i];
    }
    io.mapOptional("Buffers", p.buffers);
    io.mapOptional("Results", p.results);
    io.mapOptional("Samplers", p.samplers);
    io.mapOptional("DescriptorSets", p.descriptorSets);
    std::vector<PushConstantBlock> vulkanOnly;
    if (!io.outputting())
      io.mapOptional("PushConstants", vulkanOnly);
    RuntimeSettings settings{{p.rootParameters}};
    if (!p.rootParameters.empty() || !io.outputting())
      io.mapOptional("RuntimeSettings", settings);
    p.rootParameters = settings.directX.rootParameters;
  }
};
} // namespace llvm::yaml

//===----------------------------------------------------------------------===//
// Reading and checking
//===----------------------------------------------------------------------===//

static llvm::Error makeError(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(), message);
}

/// Checks what the YAML schema cannot: names that must match, rules that
/// need float buffers, stages that are not supported yet.
static llvm::Error validate(Pipeline &p) {
  if (p.shaders.size() != 1)
    return makeError("the pipeline needs exactly one shader under Shaders (" +
                     llvm::Twine(p.shaders.size()) + " given)");
  if (p.shaders[0].stage != "Compute")
    return makeError("not supported yet: " + p.shaders[0].stage +
                     " shaders (hlsl-run runs compute shaders)");
  for (uint32_t count : p.dispatchGroupCount)
    if (count == 0 || count > 65535)
      return makeError("DispatchGroupCount entries must be 1 to 65535");
  llvm::StringSet<> names;
  for (const Buffer &buffer : p.buffers) {
    if (!buffer.hasFormat)
      return makeError("buffer '" + buffer.name + "' has no Format");
    if (!names.insert(buffer.name).second)
      return makeError("buffer '" + buffer.name + "' is defined twice");
  }
  for (const Sampler &sampler : p.samplers) {
    if (!names.insert(sampler.name).second)
      return makeError("'" + sampler.name +
                       "' names both a buffer or sampler and a sampler");
    bool comparison = sampler.kind == SamplerKind::SamplerComparison;
    if (comparison != (sampler.comparisonOp != CompareFunction::Never))
      return makeError("sampler '" + sampler.name + "' is a " +
                       (comparison ? "SamplerComparison and needs a "
                                     "ComparisonOp other than Never"
                                   : "Sampler and needs ComparisonOp: Never"));
  }
  for (const DescriptorSet &set : p.descriptorSets)
    for (const Resource &resource : set.resources) {
      if (!resource.dxBinding && !resource.heapIndex)
        return makeError("resource '" + resource.name +
                         "' has no DirectXBinding or HeapIndex");
      if (resource.dxBinding && resource.heapIndex)
        return makeError("resource '" + resource.name +
                         "' has both a DirectXBinding and a HeapIndex");
      if (resource.kind == ResourceKind::Sampler) {
        if (!p.findSampler(resource.name))
          return makeError("sampler resource '" + resource.name +
                           "' names no sampler under Samplers");
        continue;
      }
      Buffer *buffer = p.findBuffer(resource.name);
      if (!buffer)
        return makeError("resource '" + resource.name +
                         "' names no buffer under Buffers");
      bool texture = resource.kind == ResourceKind::Texture2D ||
                     resource.kind == ResourceKind::RWTexture2D;
      if (texture && !buffer->outputProps)
        return makeError("resource '" + resource.name + "' is a " +
                         stringifyResourceKind(resource.kind) +
                         " but its buffer has no OutputProps");
      if (texture) {
        const OutputProperties &props = *buffer->outputProps;
        if (props.mipLevels == 0 ||
            props.mipLevels > RuntimeResource::MaxMipLevels)
          return makeError("buffer '" + buffer->name + "' has " +
                           llvm::Twine(props.mipLevels) +
                           " MipLevels; hlsl-run supports 1 to " +
                           llvm::Twine(RuntimeResource::MaxMipLevels));
        uint64_t texels = 0;
        for (uint32_t level = 0; level < props.mipLevels; ++level)
          texels += props.getLevelTexels(level);
        if (buffer->contents[0].size() < texels * buffer->getElementSize())
          return makeError(
              "buffer '" + buffer->name + "' is smaller than its " +
              llvm::Twine(props.width) + "x" + llvm::Twine(props.height) +
              " OutputProps" +
              (props.mipLevels > 1
                   ? " with " + llvm::Twine(props.mipLevels) + " mip levels"
                   : llvm::Twine()));
      }
    }
  size_t tables = 0;
  for (const RootParameter &parameter : p.rootParameters) {
    switch (parameter.kind) {
    case RootParameterKind::DescriptorTable:
      ++tables;
      break;
    case RootParameterKind::Constant:
    case RootParameterKind::RootDescriptor: {
      Buffer *buffer = p.findBuffer(parameter.name);
      bool constant = parameter.kind == RootParameterKind::Constant;
      if (!buffer)
        return makeError(llvm::Twine("root ") +
                         (constant ? "constant" : "descriptor") + " '" +
                         parameter.name + "' names no buffer under Buffers");
      if (buffer->arraySize != 1)
        return makeError(llvm::Twine("root ") +
                         (constant ? "constant" : "descriptor") + " '" +
                         parameter.name + "' cannot be an array");
      ResourceKind kind = parameter.resourceKind;
      if (!constant && kind != ResourceKind::ConstantBuffer &&
          kind != ResourceKind::StructuredBuffer &&
          kind != ResourceKind::RWStructuredBuffer &&
          kind != ResourceKind::ByteAddressBuffer &&
          kind != ResourceKind::RWByteAddressBuffer)
        return makeError("root descriptor '" + parameter.name +
                         "' must be a ConstantBuffer, a structured or a "
                         "byte address buffer, not a " +
                         stringifyResourceKind(kind));
      break;
    }
    }
  }
  if (!p.rootParameters.empty() && tables != p.descriptorSets.size())
    return makeError("RootParameters has " + llvm::Twine(tables) +
                     " DescriptorTable entries for " +
                     llvm::Twine(p.descriptorSets.size()) + " DescriptorSets");
  for (const ResultCheck &check : p.results) {
    for (StringRef name : {StringRef(check.actual), StringRef(check.expected)})
      if (!p.findBuffer(name))
        return makeError("result '" + check.name + "' names buffer '" + name +
                         "', which is not under Buffers");
    const Buffer *actual = p.findBuffer(check.actual);
    const Buffer *expected = p.findBuffer(check.expected);
    // BufferExact compares bytes (as the offload-test-suite does): the
    // formats may differ. The float rules compare values of one format.
    if (actual->format != expected->format &&
        check.rule != CompareRule::BufferExact)
      return makeError("result '" + check.name + "' compares " +
                       stringifyDataFormat(actual->format) + " buffer '" +
                       actual->name + "' with " +
                       stringifyDataFormat(expected->format) + " buffer '" +
                       expected->name + "'");
    if (check.rule != CompareRule::BufferExact &&
        !isFloatFormat(actual->format))
      return makeError("result '" + check.name + "': " +
                       (check.rule == CompareRule::BufferFloatULP
                            ? "BufferFloatULP"
                            : "BufferFloatEpsilon") +
                       " needs Float16/32/64 buffers");
    if (check.denormMode != "Any" && check.denormMode != "FTZ" &&
        check.denormMode != "Preserve")
      return makeError("result '" + check.name +
                       "': DenormMode must be Any, "
                       "FTZ or Preserve");
  }
  return llvm::Error::success();
}

llvm::Expected<Pipeline> mlir::hlsl::exec::parsePipeline(StringRef yaml,
                                                         StringRef fileName) {
  std::string messages;
  llvm::raw_string_ostream os(messages);
  struct DiagContext {
    llvm::raw_ostream *os;
    StringRef fileName;
  } context{&os, fileName};
  auto handler = [](const llvm::SMDiagnostic &diag, void *ctx) {
    auto *c = static_cast<DiagContext *>(ctx);
    llvm::SMDiagnostic named(*diag.getSourceMgr(), diag.getLoc(), c->fileName,
                             diag.getLineNo(), diag.getColumnNo(),
                             diag.getKind(), diag.getMessage(),
                             diag.getLineContents(), diag.getRanges());
    named.print(nullptr, *c->os, /*ShowColors=*/false);
  };
  // Sections of graphics and ray-tracing pipelines, named before their
  // contents could be reported as unknown keys.
  {
    llvm::SmallVector<StringRef> lines;
    yaml.split(lines, '\n');
    for (auto [index, line] : llvm::enumerate(lines)) {
      StringRef trimmed = line.ltrim();
      StringRef key = trimmed.take_until([](char c) { return c == ':'; });
      if (key.size() == trimmed.size() || key.empty() ||
          !llvm::isAlpha(key.front()))
        continue;
      const char *kind =
          llvm::StringSwitch<const char *>(key)
              .Cases({"Bindings", "VertexCount"}, "graphics pipelines")
              .Cases({"AccelerationStructures", "RayTracingPipelineConfig",
                      "HitGroups", "ShaderBindingTable"},
                     "ray-tracing pipelines")
              .Default(nullptr);
      if (kind)
        return makeError(fileName + ":" + llvm::Twine(index + 1) +
                         ": error: not supported yet: " + key + " (" + kind +
                         "; hlsl-run runs compute shaders)");
      // Resource kinds of those pipelines (and Vulkan's combined images).
      StringRef value = trimmed.drop_front(key.size() + 1).trim();
      if (key == "Kind" &&
          (value == "AccelerationStructure" || value == "SampledTexture2D"))
        return makeError(fileName + ":" + llvm::Twine(index + 1) +
                         ": error: not supported yet: " + value + " resources");
    }
  }
  Pipeline pipeline;
  llvm::yaml::Input input(yaml, nullptr, handler, &context);
  input >> pipeline;
  if (input.error())
    return makeError(messages.empty()
                         ? fileName + ": error: malformed pipeline YAML"
                         : StringRef(messages).rtrim());
  if (llvm::Error error = validate(pipeline))
    return makeError(fileName + ": error: " + llvm::toString(std::move(error)));
  return pipeline;
}

void mlir::hlsl::exec::writePipeline(Pipeline &pipeline,
                                     llvm::raw_ostream &os) {
  llvm::yaml::Output output(os);
  output << pipeline;
}

//===----------------------------------------------------------------------===//
// Comparing results
//===----------------------------------------------------------------------===//

static float halfToFloat(uint16_t bits) {
  uint32_t sign = uint32_t(bits & 0x8000) << 16;
  uint32_t exponent = (bits >> 10) & 0x1f;
  uint32_t mantissa = bits & 0x3ff;
  uint32_t result;
  if (exponent == 0x1f) {
    result = sign | 0x7f800000 | (mantissa << 13);
  } else if (exponent == 0) {
    if (mantissa == 0) {
      result = sign;
    } else {
      // Denormal: normalize.
      int shift = 0;
      while (!(mantissa & 0x400)) {
        mantissa <<= 1;
        ++shift;
      }
      mantissa &= 0x3ff;
      result = sign | (uint32_t(127 - 15 - shift + 1) << 23) | (mantissa << 13);
    }
  } else {
    result = sign | ((exponent + 127 - 15) << 23) | (mantissa << 13);
  }
  float f;
  std::memcpy(&f, &result, 4);
  return f;
}

namespace {
/// One element of a buffer, read per its format.
struct Element {
  DataFormat format;
  const uint8_t *bytes;

  uint64_t bits() const {
    uint64_t value = 0;
    std::memcpy(&value, bytes, getFormatSize(format));
    return value;
  }
  double asDouble() const {
    switch (format) {
    case DataFormat::Float16:
      return halfToFloat(uint16_t(bits()));
    case DataFormat::Float32:
    case DataFormat::Depth32: {
      float f;
      std::memcpy(&f, bytes, 4);
      return f;
    }
    case DataFormat::Float64: {
      double d;
      std::memcpy(&d, bytes, 8);
      return d;
    }
    default:
      return double(bits());
    }
  }
  bool isNaN() const { return std::isnan(asDouble()); }
  bool isDenormal() const {
    double d = asDouble();
    if (d == 0 || std::isnan(d) || std::isinf(d))
      return false;
    switch (format) {
    case DataFormat::Float16:
      return std::fabs(d) < 6.103515625e-05;
    case DataFormat::Float32:
    case DataFormat::Depth32:
      return std::fabs(d) < 1.17549435e-38;
    default:
      return std::fabs(d) < 2.2250738585072014e-308;
    }
  }
  /// The value as a position on the number line of its format, so that
  /// adjacent floats differ by 1 (negative floats mirrored below zero).
  int64_t ordered() const {
    unsigned width = getFormatSize(format) * 8;
    uint64_t value = bits();
    uint64_t signBit = uint64_t(1) << (width - 1);
    uint64_t magnitude = value & (signBit - 1);
    return (value & signBit) ? -int64_t(magnitude) : int64_t(magnitude);
  }
  void print(llvm::raw_ostream &os) const {
    switch (format) {
    case DataFormat::Hex8:
    case DataFormat::Hex16:
    case DataFormat::Hex32:
    case DataFormat::Hex64:
      os << llvm::format_hex(bits(), 2 + 2 * getFormatSize(format));
      return;
    case DataFormat::UInt16:
    case DataFormat::UInt32:
    case DataFormat::UInt64:
    case DataFormat::Bool:
      os << bits();
      return;
    case DataFormat::Int16:
      os << int16_t(bits());
      return;
    case DataFormat::Int32:
      os << int32_t(bits());
      return;
    case DataFormat::Int64:
      os << int64_t(bits());
      return;
    case DataFormat::Float16:
      os << llvm::format("%.6g", asDouble()) << " ("
         << llvm::format_hex(bits(), 6) << ")";
      return;
    case DataFormat::Float32:
    case DataFormat::Depth32:
      os << llvm::format("%.9g", asDouble());
      return;
    case DataFormat::Float64:
      os << llvm::format("%.17g", asDouble());
      return;
    }
  }
};
} // namespace

static bool elementsMatch(const ResultCheck &check, Element a, Element b) {
  if (check.rule == CompareRule::BufferExact)
    return a.bits() == b.bits();
  if (a.isNaN() || b.isNaN())
    return a.isNaN() && b.isNaN();
  // DenormMode Any (the default): a denormal expected value may come out as
  // a zero of its sign (the device flushed it). 16-bit floats keep their
  // denormals, as the offload-test-suite's checker has it.
  if (check.denormMode == "Any" && a.format != DataFormat::Float16 &&
      b.isDenormal() && a.asDouble() == 0 &&
      std::signbit(a.asDouble()) == std::signbit(b.asDouble()))
    return true;
  if (check.denormMode == "FTZ") {
    // Flushed denormals compare as zeros of the same sign.
    if (a.isDenormal() || b.isDenormal()) {
      double x = a.isDenormal() ? 0.0 : a.asDouble();
      double y = b.isDenormal() ? 0.0 : b.asDouble();
      if (x == 0 && y == 0)
        return true;
    }
  }
  if (check.rule == CompareRule::BufferFloatEpsilon)
    return std::fabs(a.asDouble() - b.asDouble()) <= check.epsilon ||
           a.asDouble() == b.asDouble();
  if (check.zeroTolerance > 0 &&
      (std::fabs(a.asDouble()) <= check.zeroTolerance ||
       std::fabs(b.asDouble()) <= check.zeroTolerance))
    return std::fabs(a.asDouble() - b.asDouble()) <= check.zeroTolerance;
  int64_t distance = a.ordered() - b.ordered();
  return (distance < 0 ? -distance : distance) <= int64_t(check.ulpTolerance);
}

bool mlir::hlsl::exec::checkResult(Pipeline &pipeline, const ResultCheck &check,
                                   llvm::raw_ostream &os) {
  const Buffer *actual = pipeline.findBuffer(check.actual);
  const Buffer *expected = pipeline.findBuffer(check.expected);
  unsigned size = getFormatSize(actual->format);
  auto flatten = [](const Buffer *b) {
    std::vector<uint8_t> all;
    for (const std::vector<uint8_t> &element : b->contents)
      all.insert(all.end(), element.begin(), element.end());
    return all;
  };
  std::vector<uint8_t> a = flatten(actual), e = flatten(expected);
  if (a.size() != e.size()) {
    os << "  '" << actual->name << "' has " << a.size() / size << " elements, '"
       << expected->name << "' has " << e.size() / size << "\n";
    return false;
  }
  unsigned shown = 0, mismatches = 0;
  for (size_t i = 0; i < a.size() / size; ++i) {
    // Both in the actual buffer's format (BufferExact may compare buffers
    // of different formats byte for byte).
    Element x{actual->format, a.data() + i * size};
    Element y{actual->format, e.data() + i * size};
    if (elementsMatch(check, x, y))
      continue;
    ++mismatches;
    if (shown++ >= 8)
      continue;
    os << "  [" << i << "] " << actual->name << " = ";
    x.print(os);
    os << ", " << expected->name << " = ";
    y.print(os);
    os << "\n";
  }
  if (mismatches > 8)
    os << "  ... " << mismatches - 8 << " more of " << a.size() / size
       << " elements differ\n";
  return mismatches == 0;
}
