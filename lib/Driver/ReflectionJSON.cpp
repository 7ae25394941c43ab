//===- ReflectionJSON.cpp - the shader interface as JSON ------------------===//
//
// Everything comes from the final module: describeContainer's view of the
// entry (what the container's PSV0/ISG1/OSG1 parts hold), the resource
// records of `!dx.resources` (names, element types, strides) and the
// constant buffer layouts of `!dx.typeAnnotations` (what DXC's reflection
// reads from the STAT part).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Driver/ReflectionJSON.h"

#include "HLSL/Driver/ContainerFromModule.h"
#include "HLSL/Target/DXIL/ContainerInfo.h"
#include "HLSL/Target/DXIL/ContainerReader.h"
#include "HLSL/Target/DXIL/DXILMetadata.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/FormatVariadic.h"
#include "llvm/Support/JSON.h"

using namespace llvm;
using namespace mlir::hlsl;
using namespace mlir::hlsl::dxil;
using namespace mlir::hlsl::dxil::metadata;

namespace {

/// Components `first`..`first + count - 1` as "xyzw" letters.
std::string componentLetters(unsigned first, unsigned count) {
  std::string letters;
  for (unsigned c = first; c < first + count && c < 4; ++c)
    letters += "xyzw"[c];
  return letters;
}

/// The letters of `mask` (bit i is component first + i).
std::string maskLetters(unsigned first, uint8_t mask) {
  std::string letters;
  for (unsigned bit = 0; bit < 4; ++bit)
    if (mask & (1u << bit) && first + bit < 4)
      letters += "xyzw"[first + bit];
  return letters;
}

void writeSignature(json::OStream &j, StringRef name,
                    ArrayRef<SignatureElement> elements) {
  j.attributeArray(name, [&] {
    for (const SignatureElement &e : elements)
      j.object([&] {
        j.attribute("semantic", e.semanticName);
        j.attributeArray("indices", [&] {
          for (uint32_t index : e.semanticIndices)
            j.value(int64_t(index));
        });
        j.attribute("systemValue", stringifySemanticKind(e.kind));
        j.attribute("componentType", stringifyComponentType(e.componentType));
        j.attribute("interpolation",
                    stringifyInterpolationMode(e.interpolation));
        j.attribute("rows", int64_t(e.getRows()));
        j.attribute("columns", int64_t(e.cols));
        if (e.isAllocated()) {
          j.attribute("register", int64_t(e.startRow));
          j.attribute("mask", componentLetters(e.startCol, e.cols));
          j.attribute("used", maskLetters(e.startCol, e.usageMask));
        } else {
          j.attribute("register", nullptr);
        }
      });
  });
}

/// The struct type an `undef` of a metadata operand has.
Type *getUndefType(const MDNode *node, unsigned i) {
  if (!node || i >= node->getNumOperands())
    return nullptr;
  if (auto *value = dyn_cast_or_null<ConstantAsMetadata>(node->getOperand(i)))
    return value->getValue()->getType();
  return nullptr;
}

/// A field's annotation: `!{i32 tag, value, ...}`.
struct FieldAnnotation {
  std::string name;
  uint64_t offset = 0;
  std::optional<ComponentType> componentType;
  unsigned vectorSize = 0;
  /// Matrix rows, columns and orientation (1 row-major, 2 column-major).
  unsigned rows = 0, columns = 0, orientation = 0;
};

FieldAnnotation readField(const MDNode *field) {
  FieldAnnotation a;
  for (unsigned i = 0; i + 1 < field->getNumOperands(); i += 2) {
    std::optional<uint64_t> tag = getInt(field, i);
    if (!tag)
      continue;
    switch (*tag) {
    case 2:
      if (const MDNode *matrix = getNode(field, i + 1)) {
        a.rows = getInt(matrix, 0).value_or(0);
        a.columns = getInt(matrix, 1).value_or(0);
        a.orientation = getInt(matrix, 2).value_or(0);
      }
      break;
    case 3:
      a.offset = getInt(field, i + 1).value_or(0);
      break;
    case 6:
      a.name = getString(field, i + 1).str();
      break;
    case 7:
      a.componentType = ComponentType(getInt(field, i + 1).value_or(0));
      break;
    case 13:
      a.vectorSize = getInt(field, i + 1).value_or(0);
      break;
    default:
      break;
    }
  }
  return a;
}

/// HLSL's name of a component type, and its size in a constant buffer.
std::pair<StringRef, unsigned> scalarInfo(ComponentType type) {
  switch (type) {
  case ComponentType::I1:
    return {"bool", 4};
  case ComponentType::I16:
    return {"int16_t", 2};
  case ComponentType::U16:
    return {"uint16_t", 2};
  case ComponentType::I32:
    return {"int", 4};
  case ComponentType::U32:
    return {"uint", 4};
  case ComponentType::I64:
    return {"int64_t", 8};
  case ComponentType::U64:
    return {"uint64_t", 8};
  case ComponentType::F16:
    return {"half", 2};
  case ComponentType::F32:
    return {"float", 4};
  case ComponentType::F64:
    return {"double", 8};
  default:
    return {stringifyComponentType(type), 4};
  }
}

StringRef structName(StructType *type) {
  StringRef name = type->hasName() ? type->getName() : "struct";
  name.consume_front("struct.");
  name.consume_front("class.");
  name.consume_front("hostlayout.");
  return name;
}

class ConstantBufferWriter {
public:
  explicit ConstantBufferWriter(const Module &module) {
    const NamedMDNode *annotations =
        module.getNamedMetadata("dx.typeAnnotations");
    if (!annotations)
      return;
    for (const MDNode *list : annotations->operands()) {
      if (getInt(list, 0) != 0u)
        continue;
      for (unsigned i = 1; i + 1 < list->getNumOperands(); i += 2)
        if (auto *type = dyn_cast_or_null<StructType>(getUndefType(list, i)))
          structs[type] = getNode(list, i + 1);
    }
  }

  /// The members of the struct `type` (its annotation's fields).
  void writeMembers(json::OStream &j, StructType *type) {
    const MDNode *fields = structs.lookup(type);
    j.attributeArray("members", [&] {
      if (!fields)
        return;
      for (unsigned i = 1; i < fields->getNumOperands(); ++i) {
        const MDNode *field = getNode(fields, i);
        if (!field || i - 1 >= type->getNumElements())
          continue;
        writeMember(j, readField(field), type->getElementType(i - 1));
      }
    });
  }

  /// The size of a struct in a constant buffer (its annotation's first
  /// operand).
  uint64_t structSize(StructType *type) {
    const MDNode *fields = structs.lookup(type);
    return fields ? getInt(fields, 0).value_or(0) : 0;
  }

private:
  void writeMember(json::OStream &j, const FieldAnnotation &a, Type *type) {
    bool matrix = a.rows && a.columns;
    // Array dimensions, outermost first; a matrix is itself stored as an
    // array of rows or columns.
    SmallVector<uint64_t> dims;
    while (auto *array = dyn_cast<ArrayType>(type)) {
      if (matrix && !isa<ArrayType>(array->getElementType()) &&
          !isa<StructType>(array->getElementType()))
        break;
      dims.push_back(array->getNumElements());
      type = array->getElementType();
    }
    std::string name;
    uint64_t elementSize = 0;
    auto *record = dyn_cast<StructType>(type);
    if (record) {
      name = structName(record).str();
      elementSize = structSize(record);
    } else {
      auto [scalar, bytes] =
          scalarInfo(a.componentType.value_or(ComponentType::F32));
      name = scalar.str();
      if (matrix) {
        name += std::to_string(a.rows) + "x" + std::to_string(a.columns);
        bool rowMajor = a.orientation == 1;
        unsigned registers = rowMajor ? a.rows : a.columns;
        unsigned perRegister = rowMajor ? a.columns : a.rows;
        elementSize = (registers - 1) * 16 + perRegister * bytes;
      } else {
        unsigned count = a.vectorSize ? a.vectorSize : 1;
        if (a.vectorSize)
          name += std::to_string(a.vectorSize);
        elementSize = count * bytes;
      }
    }
    // Every array element starts a new 16-byte register.
    uint64_t size = elementSize;
    for (uint64_t n : llvm::reverse(dims))
      size = n ? (n - 1) * alignTo(size, 16) + size : 0;
    for (uint64_t n : dims)
      name += "[" + std::to_string(n) + "]";
    j.object([&] {
      j.attribute("name", a.name);
      j.attribute("offset", int64_t(a.offset));
      j.attribute("size", int64_t(size));
      j.attribute("type", name);
      if (matrix)
        j.attribute("rowMajor", a.orientation == 1);
      if (record)
        writeMembers(j, record);
    });
  }

  DenseMap<StructType *, const MDNode *> structs;
};

/// The extended properties of a resource record: element type (tag 0) and
/// structure stride (tag 1).
void writeExtendedProperties(json::OStream &j, const MDNode *tags) {
  if (!tags)
    return;
  for (unsigned t = 0; t + 1 < tags->getNumOperands(); t += 2) {
    std::optional<uint64_t> tag = getInt(tags, t);
    if (tag == 0u)
      j.attribute("elementType", stringifyComponentType(ComponentType(
                                     getInt(tags, t + 1).value_or(0))));
    else if (tag == 1u)
      j.attribute("stride", int64_t(getInt(tags, t + 1).value_or(0)));
    else if (tag == 2u)
      j.attribute("feedbackKind", getInt(tags, t + 1).value_or(0) == 0
                                      ? "MinMip"
                                      : "MipRegionUsed");
  }
}

void writeRootSignature(json::OStream &j, StringRef rts0) {
  static const char *parameterTypes[] = {"DescriptorTable", "Constants", "CBV",
                                         "SRV", "UAV"};
  static const char *visibilities[] = {"All",           "Vertex",   "Hull",
                                       "Domain",        "Geometry", "Pixel",
                                       "Amplification", "Mesh"};
  auto visibility = [](uint32_t v) -> StringRef {
    return v < std::size(visibilities) ? visibilities[v] : "unknown";
  };
  j.attributeObject("rootSignature", [&] {
    if (rts0.size() >= 4)
      j.attribute("version",
                  llvm::formatv("1.{0}", uint32_t(uint8_t(rts0[0])) - 1).str());
    Expected<std::vector<RootParameterInfo>> parameters =
        parseRootParameters(rts0);
    j.attributeArray("parameters", [&] {
      if (!parameters) {
        consumeError(parameters.takeError());
        return;
      }
      for (const RootParameterInfo &p : *parameters)
        j.object([&] {
          j.attribute("type", p.type < std::size(parameterTypes)
                                  ? parameterTypes[p.type]
                                  : "unknown");
          j.attribute("visibility", visibility(p.visibility));
          if (p.type != 0) {
            j.attribute("register", int64_t(p.shaderRegister));
            j.attribute("space", int64_t(p.registerSpace));
          }
          if (p.type == 1)
            j.attribute("num32BitValues", int64_t(p.num32BitValues));
          if (p.type == 0)
            j.attributeArray("ranges", [&] {
              static const char *rangeTypes[] = {"SRV", "UAV", "CBV",
                                                 "Sampler"};
              for (const RootParameterInfo::Range &r : p.ranges)
                j.object([&] {
                  j.attribute("type",
                              r.type < 4 ? rangeTypes[r.type] : "unknown");
                  j.attribute("register", int64_t(r.baseShaderRegister));
                  j.attribute("space", int64_t(r.registerSpace));
                  if (r.numDescriptors == UINT32_MAX)
                    j.attribute("count", "unbounded");
                  else
                    j.attribute("count", int64_t(r.numDescriptors));
                  j.attribute("flags", int64_t(r.flags));
                  if (r.offsetInDescriptors == UINT32_MAX)
                    j.attribute("offset", "append");
                  else
                    j.attribute("offset", int64_t(r.offsetInDescriptors));
                });
            });
        });
    });
    Expected<std::vector<StaticSamplerInfo>> samplers =
        parseStaticSamplers(rts0);
    j.attributeArray("staticSamplers", [&] {
      if (!samplers) {
        consumeError(samplers.takeError());
        return;
      }
      for (const StaticSamplerInfo &s : *samplers)
        j.object([&] {
          j.attribute("register", int64_t(s.shaderRegister));
          j.attribute("space", int64_t(s.registerSpace));
          j.attribute("visibility", visibility(s.visibility));
          j.attribute("filter", int64_t(s.filter));
          j.attributeArray("address", [&] {
            j.value(int64_t(s.addressU));
            j.value(int64_t(s.addressV));
            j.value(int64_t(s.addressW));
          });
        });
    });
  });
}

} // namespace

Error mlir::hlsl::writeReflectionJSON(const Module &module, raw_ostream &os) {
  Expected<ShaderContainerInfo> info = describeContainer(module);
  if (!info)
    return info.takeError();
  json::OStream j(os, 2);
  ConstantBufferWriter cbuffers(module);
  const MDNode *resources = getSingle(module, "dx.resources");
  static const char *classNames[] = {"SRV", "UAV", "CBV", "Sampler"};
  j.object([&] {
    j.attribute("schema", "hlsl-mlir-reflection/1");
    j.attribute("stage", stringifyShaderKind(info->stage));
    j.attribute("shaderModel", llvm::formatv("{0}.{1}", info->shaderModelMajor,
                                             info->shaderModelMinor)
                                   .str());
    j.attribute("entry", info->entryName);
    if (info->numThreads)
      j.attributeArray("numThreads", [&] {
        for (uint32_t n : *info->numThreads)
          j.value(int64_t(n));
      });
    if (info->waveSize)
      j.attributeObject("waveSize", [&] {
        j.attribute("min", int64_t(info->waveSize->min));
        j.attribute("max", int64_t(info->waveSize->max));
      });
    writeSignature(j, "inputs", info->inputSignature);
    writeSignature(j, "outputs", info->outputSignature);

    j.attributeArray("resources", [&] {
      for (unsigned cls = 0;
           resources && cls < 4 && cls < resources->getNumOperands(); ++cls) {
        const MDNode *list = getNode(resources, cls);
        if (!list)
          continue;
        for (const MDOperand &operand : list->operands()) {
          const auto *record = dyn_cast_or_null<MDNode>(operand.get());
          if (!record)
            continue;
          j.object([&] {
            j.attribute("name", getString(record, 2));
            j.attribute("class", classNames[cls]);
            uint64_t kind = cls == 2   ? uint64_t(ResourceKind::CBuffer)
                            : cls == 3 ? uint64_t(ResourceKind::Sampler)
                                       : getInt(record, 6).value_or(0);
            j.attribute("kind", stringifyResourceKind(ResourceKind(kind)));
            j.attribute("space", int64_t(getInt(record, 3).value_or(0)));
            j.attribute("register", int64_t(getInt(record, 4).value_or(0)));
            uint64_t count = getInt(record, 5).value_or(1);
            if (count >= UINT32_MAX || int32_t(count) < 0)
              j.attribute("count", "unbounded");
            else
              j.attribute("count", int64_t(count));
            if (cls == 0) {
              // SRV: kind, sample count, extended properties.
              if (uint64_t samples = getInt(record, 7).value_or(0))
                j.attribute("sampleCount", int64_t(samples));
              writeExtendedProperties(j, getNode(record, 8));
            }
            if (cls == 1) {
              writeExtendedProperties(j, getNode(record, 10));
              j.attribute("globallyCoherent",
                          getInt(record, 7).value_or(0) != 0);
              j.attribute("counter", getInt(record, 8).value_or(0) != 0);
              j.attribute("rasterizerOrdered",
                          getInt(record, 9).value_or(0) != 0);
            }
            if (cls == 2)
              j.attribute("size", int64_t(getInt(record, 6).value_or(0)));
            if (cls == 3)
              j.attribute("comparison", getInt(record, 6).value_or(0) == 1);
          });
        }
      }
    });

    j.attributeArray("constantBuffers", [&] {
      const MDNode *list = resources && resources->getNumOperands() > 2
                               ? getNode(resources, 2)
                               : nullptr;
      if (!list)
        return;
      for (const MDOperand &operand : list->operands()) {
        const auto *record = dyn_cast_or_null<MDNode>(operand.get());
        if (!record)
          continue;
        j.object([&] {
          j.attribute("name", getString(record, 2));
          j.attribute("space", int64_t(getInt(record, 3).value_or(0)));
          j.attribute("register", int64_t(getInt(record, 4).value_or(0)));
          j.attribute("size", int64_t(getInt(record, 6).value_or(0)));
          if (auto *type =
                  dyn_cast_or_null<StructType>(getUndefType(record, 1)))
            cbuffers.writeMembers(j, type);
          else
            j.attributeArray("members", [] {});
        });
      }
    });

    j.attributeObject("featureFlags", [&] {
      j.attribute("mask", llvm::formatv("{0:x16}", info->featureFlags).str());
      j.attributeArray("names", [&] {
        for (unsigned bit = 0; bit < 64; ++bit) {
          if (!(info->featureFlags & (1ull << bit)))
            continue;
          switch (bit) {
#define SHADER_FEATURE_FLAG(Num, DxilModuleNum, Val, Str)                      \
  case Num:                                                                    \
    j.value(#Val);                                                             \
    break;
#include "llvm/BinaryFormat/DXContainerConstants.def"
          default:
            j.value("bit" + std::to_string(bit));
          }
        }
      });
    });

    if (const MDNode *rts0 = getSingle(module, "hlsl.rts0"))
      writeRootSignature(j, getString(rts0, 0));
    else
      j.attribute("rootSignature", nullptr);
  });
  os << "\n";
  return Error::success();
}
