//===- RootSignatureCheck.cpp - resources against the root signature ------===//
//
// A root signature must bind every resource range the shader uses: a
// descriptor table range of the same class and space that contains it, a
// root descriptor or root constants (one register), or a static sampler.
// Parameters visible to another stage do not count. DXC refuses the shader
// otherwise, and D3D12 (and DXC's validator) refuse the container; the
// error names the resource. The root signature is read from its RTS0 bytes
// (D3D12_VERSIONED_ROOT_SIGNATURE_DESC's serialized layout).
//
//===----------------------------------------------------------------------===//

#include "RootSignatureCheck.h"

#include "llvm/Support/Endian.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
struct BoundRange {
  unsigned cls;
  uint32_t space, low, high;
};

/// D3D12_SHADER_VISIBILITY of a stage.
uint32_t getVisibility(ShaderStage stage) {
  switch (stage) {
  case ShaderStage::Vertex:
    return 1;
  case ShaderStage::Hull:
    return 2;
  case ShaderStage::Domain:
    return 3;
  case ShaderStage::Geometry:
    return 4;
  case ShaderStage::Pixel:
    return 5;
  case ShaderStage::Amplification:
    return 6;
  case ShaderStage::Mesh:
    return 7;
  default:
    return 0;
  }
}

/// The ranges the root signature binds for `stage`; nullopt if the bytes
/// are malformed.
std::optional<SmallVector<BoundRange>> readRanges(StringRef bytes,
                                                  ShaderStage stage) {
  auto word = [&](uint64_t offset) -> std::optional<uint32_t> {
    if (offset + 4 > bytes.size())
      return std::nullopt;
    return llvm::support::endian::read32le(bytes.data() + offset);
  };
  auto version = word(0), count = word(4), offset = word(8),
       samplers = word(12), samplersOffset = word(16);
  if (!version || !count || !offset || !samplers || !samplersOffset)
    return std::nullopt;
  uint32_t visible = getVisibility(stage);
  auto visibleHere = [&](uint32_t visibility) {
    return visibility == 0 || visibility == visible;
  };
  SmallVector<BoundRange> ranges;
  for (uint32_t i = 0; i < *count; ++i) {
    uint64_t header = *offset + 12ull * i;
    auto type = word(header), visibility = word(header + 4),
         data = word(header + 8);
    if (!type || !visibility || !data)
      return std::nullopt;
    if (!visibleHere(*visibility))
      continue;
    switch (*type) {
    case 0: { // Descriptor table.
      auto numRanges = word(*data), rangesOffset = word(*data + 4);
      if (!numRanges || !rangesOffset)
        return std::nullopt;
      uint32_t size = *version == 1 ? 20 : 24;
      for (uint32_t r = 0; r < *numRanges; ++r) {
        uint64_t at = *rangesOffset + uint64_t(size) * r;
        auto rangeType = word(at), num = word(at + 4), base = word(at + 8),
             space = word(at + 12);
        if (!rangeType || !num || !base || !space)
          return std::nullopt;
        uint32_t high = *num == UINT32_MAX
                            ? UINT32_MAX
                            : uint32_t(std::min<uint64_t>(
                                  uint64_t(*base) + *num - 1, UINT32_MAX));
        ranges.push_back({*rangeType, *space, *base, high});
      }
      break;
    }
    case 1: // Root constants: a CBV register.
    case 2: // Root CBV, SRV, UAV.
    case 3:
    case 4: {
      auto reg = word(*data), space = word(*data + 4);
      if (!reg || !space)
        return std::nullopt;
      unsigned cls = *type == 1 || *type == 2 ? 2 : *type == 3 ? 0 : 1;
      ranges.push_back({cls, *space, *reg, *reg});
      break;
    }
    default:
      return std::nullopt;
    }
  }
  uint32_t samplerSize = *version >= 3 ? 56 : 52;
  for (uint32_t i = 0; i < *samplers; ++i) {
    uint64_t at = *samplersOffset + uint64_t(samplerSize) * i;
    auto reg = word(at + 40), space = word(at + 44), visibility = word(at + 48);
    if (!reg || !space || !visibility)
      return std::nullopt;
    if (visibleHere(*visibility))
      ranges.push_back({3, *space, *reg, *reg});
  }
  return ranges;
}
} // namespace

/// `file:line:col: ` of a declaration, or nothing.
static std::string describeLocation(Location loc) {
  if (auto file = loc->findInstanceOf<FileLineColLoc>())
    return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) +
            ":" + llvm::Twine(file.getColumn()) + ": ")
        .str();
  return "";
}

FailureOr<SmallVector<UnboundResource>>
mlir::hlsl::findResourcesNotInRootSignature(ModuleOp module,
                                            StringRef rootSignature,
                                            const ResourceTable &resources,
                                            ShaderStage stage) {
  std::optional<SmallVector<BoundRange>> ranges =
      readRanges(rootSignature, stage);
  if (!ranges)
    return module.emitError() << "internal: malformed root signature bytes";
  SmallVector<UnboundResource> unbound;
  for (const ResourceInfo &info : resources.getRecords()) {
    unsigned cls = unsigned(info.cls);
    uint32_t low = info.lowerBound;
    uint32_t high =
        !info.size ? UINT32_MAX
                   : uint32_t(std::min<uint64_t>(
                         uint64_t(low) + std::max<uint64_t>(*info.size, 1) - 1,
                         UINT32_MAX));
    bool bound = llvm::any_of(*ranges, [&](const BoundRange &range) {
      return range.cls == cls && range.space == info.space &&
             range.low <= low && high <= range.high;
    });
    if (bound)
      continue;
    std::string letter(1, getRegisterLetter(info.cls));
    std::string where = letter + std::to_string(low);
    if (high != low)
      where += high == UINT32_MAX ? "-unbounded"
                                  : "-" + letter + std::to_string(high);
    std::string location =
        info.decl ? describeLocation(info.decl->getLoc()) : std::string();
    unbound.push_back({cls, info.space, low,
                       location + "resource '" + info.name + "' (" + where +
                           ", space " + std::to_string(info.space) +
                           ") is not bound by the entry's root signature"});
  }
  return unbound;
}
