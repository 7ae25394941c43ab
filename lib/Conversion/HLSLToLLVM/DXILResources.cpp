//===- DXILResources.cpp - bindings and DXIL metadata ---------------------===//

#include "DXILResources.h"

#include "HLSL/Dialect/HLSL/Transforms/CBufferLayout.h"
#include "HLSL/Dialect/HLSL/Transforms/StructuredLayout.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/StringSet.h"

using namespace mlir;
using namespace mlir::hlsl;

static dxil::ResourceShape getShape(ResourceKind kind) {
  using S = dxil::ResourceShape;
  switch (kind) {
  case ResourceKind::Buffer:
  case ResourceKind::RWBuffer:
  case ResourceKind::RasterizerOrderedBuffer:
    return S::TypedBuffer;
  case ResourceKind::ByteAddressBuffer:
  case ResourceKind::RWByteAddressBuffer:
  case ResourceKind::RasterizerOrderedByteAddressBuffer:
    return S::RawBuffer;
  case ResourceKind::StructuredBuffer:
  case ResourceKind::RWStructuredBuffer:
  case ResourceKind::RasterizerOrderedStructuredBuffer:
  case ResourceKind::AppendStructuredBuffer:
  case ResourceKind::ConsumeStructuredBuffer:
    return S::StructuredBuffer;
  case ResourceKind::Texture1D:
  case ResourceKind::RWTexture1D:
  case ResourceKind::RasterizerOrderedTexture1D:
    return S::Texture1D;
  case ResourceKind::Texture1DArray:
  case ResourceKind::RWTexture1DArray:
  case ResourceKind::RasterizerOrderedTexture1DArray:
    return S::Texture1DArray;
  case ResourceKind::Texture2D:
  case ResourceKind::RWTexture2D:
  case ResourceKind::RasterizerOrderedTexture2D:
    return S::Texture2D;
  case ResourceKind::Texture2DArray:
  case ResourceKind::RWTexture2DArray:
  case ResourceKind::RasterizerOrderedTexture2DArray:
    return S::Texture2DArray;
  case ResourceKind::Texture3D:
  case ResourceKind::RWTexture3D:
  case ResourceKind::RasterizerOrderedTexture3D:
    return S::Texture3D;
  case ResourceKind::TextureCube:
    return S::TextureCube;
  case ResourceKind::TextureCubeArray:
    return S::TextureCubeArray;
  case ResourceKind::Texture2DMS:
  case ResourceKind::RWTexture2DMS:
    return S::Texture2DMS;
  case ResourceKind::Texture2DMSArray:
  case ResourceKind::RWTexture2DMSArray:
    return S::Texture2DMSArray;
  case ResourceKind::SamplerState:
  case ResourceKind::SamplerComparisonState:
    return S::Sampler;
  case ResourceKind::ConstantBuffer:
    return S::CBuffer;
  case ResourceKind::TextureBuffer:
    return S::TBuffer;
  case ResourceKind::FeedbackTexture2D:
    return S::FeedbackTexture2D;
  case ResourceKind::FeedbackTexture2DArray:
    return S::FeedbackTexture2DArray;
  case ResourceKind::RaytracingAccelerationStructure:
    return S::RTAccelerationStructure;
  }
  return S::TypedBuffer;
}

unsigned mlir::hlsl::getNormComponentType(unsigned width, bool unorm) {
  return (width == 16 ? 15 : width == 64 ? 17 : 13) + (unorm ? 1 : 0);
}

unsigned mlir::hlsl::getComponentType(Type scalar) {
  if (scalar.isF16())
    return 8;
  if (scalar.isF32())
    return 9;
  if (scalar.isF64())
    return 10;
  auto intType = cast<IntegerType>(scalar);
  bool isUnsigned = intType.isUnsigned();
  switch (intType.getWidth()) {
  case 16:
    return isUnsigned ? 3 : 2;
  case 64:
    return isUnsigned ? 7 : 6;
  default:
    return isUnsigned ? 5 : 4;
  }
}

/// The declarations a resource value may come from: its handle op's
/// `resource` attribute, or, for a handle chosen at run time (an element
/// of a local resource array taken with an index only known once loops are
/// unrolled, a value merged from branches), every declaration that flows
/// into it through resource-typed values.
static void collectResourceSources(Value value,
                                   SmallVectorImpl<FlatSymbolRefAttr> &out) {
  SmallVector<Value> worklist{value};
  llvm::SmallPtrSet<Value, 16> seen;
  while (!worklist.empty()) {
    Value v = worklist.pop_back_val();
    if (!seen.insert(v).second)
      continue;
    if (auto arg = dyn_cast<BlockArgument>(v)) {
      Block *block = arg.getOwner();
      for (auto it = block->pred_begin(); it != block->pred_end(); ++it) {
        auto branch = dyn_cast<BranchOpInterface>((*it)->getTerminator());
        if (!branch)
          continue;
        for (unsigned i = 0, e = branch->getNumSuccessors(); i != e; ++i)
          if (branch->getSuccessor(i) == block)
            if (Value in = branch.getSuccessorOperands(i)[arg.getArgNumber()])
              worklist.push_back(in);
      }
      continue;
    }
    Operation *def = v.getDefiningOp();
    if (auto symbol = def->getAttrOfType<FlatSymbolRefAttr>("resource")) {
      out.push_back(symbol);
      continue;
    }
    for (Value operand : def->getOperands())
      if (isResourceOrResourceArray(operand.getType()))
        worklist.push_back(operand);
  }
}

/// UAVs whose hidden counter the shader uses (IncrementCounter and
/// DecrementCounter; Append/Consume were rewritten to them): the handle
/// ops name their declaration in a `resource` attribute. A counter only
/// counts one way (DXC's validator refuses both on one UAV): the first
/// call that goes the other way is an error.
static FailureOr<llvm::StringSet<>> findCounterUsers(ModuleOp module) {
  llvm::StringMap<bool> increments;
  WalkResult walk = module.walk([&](IntrinsicOp op) {
    StringRef name = op.getName();
    if ((name != "IncrementCounter" && name != "DecrementCounter") ||
        op.getArgs().empty())
      return WalkResult::advance();
    SmallVector<FlatSymbolRefAttr> symbols;
    collectResourceSources(op.getArgs()[0], symbols);
    bool increment = name == "IncrementCounter";
    for (FlatSymbolRefAttr symbol : symbols) {
      auto [it, inserted] =
          increments.try_emplace(symbol.getValue(), increment);
      // (A conflict only counts where the handle is known: a handle chosen
      // at run time names every UAV it might be.)
      if (!inserted && it->second != increment && symbols.size() == 1) {
        op.emitError() << "the counter of '" << symbol.getValue()
                       << "' is both incremented and decremented: a "
                          "counter counts one way";
        return WalkResult::interrupt();
      }
    }
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  llvm::StringSet<> users;
  for (const auto &entry : increments)
    users.insert(entry.getKey());
  return users;
}

void mlir::hlsl::describeResource(ResourceType type, Operation *attributes,
                                  bool hasCounter, bool globallyCoherent,
                                  ResourceInfo &info) {
  info.cls = type.getResourceClass();
  info.shape = getShape(type.getKind());
  info.isROV =
      type.getKind() == ResourceKind::RasterizerOrderedBuffer ||
      type.getKind() == ResourceKind::RasterizerOrderedStructuredBuffer ||
      type.getKind() == ResourceKind::RasterizerOrderedByteAddressBuffer ||
      (type.getKind() >= ResourceKind::RasterizerOrderedTexture1D &&
       type.getKind() <= ResourceKind::RasterizerOrderedTexture3D);
  info.isSamplerComparison =
      type.getKind() == ResourceKind::SamplerComparisonState;
  Type element = type.getElementType();
  unsigned componentCount = 0;
  if (isTypedResource(type.getKind()) && element) {
    Type scalar = element;
    componentCount = 1;
    if (auto vec = dyn_cast<VectorType>(element)) {
      scalar = vec.getElementType();
      componentCount = vec.getNumElements();
    }
    info.componentType = getComponentType(scalar);
    if (attributes) {
      if (auto samples =
              attributes->getAttrOfType<IntegerAttr>("hlsl.sample_count"))
        info.sampleCount = unsigned(samples.getInt());
      // `Texture2D<unorm float4>`.
      if (auto norm =
              attributes->getAttrOfType<StringAttr>("hlsl.element_norm");
          norm && isa<FloatType>(scalar))
        info.componentType = getNormComponentType(
            scalar.getIntOrFloatBitWidth(), norm.getValue() == "unorm");
    }
  }
  if (isStructuredBuffer(type.getKind()))
    info.strideOrSize = getStructuredLayout(type.getValueType()).size;
  // ConstantBuffer<T> and TextureBuffer<T> arrays: T laid out as a constant
  // buffer.
  if (isConstantBufferKind(type.getKind()))
    info.strideOrSize = getCBufferSize(type.getElementType());
  bool isUAV = info.cls == ResourceClass::UAV;
  info.hasCounter = isUAV && hasCounter;
  info.globallyCoherent = isUAV && globallyCoherent;
  // Bit 15 is SamplerComparison for samplers and HasCounter for UAVs.
  info.properties[0] =
      unsigned(info.shape) | (isUAV ? 1u << 12 : 0) |
      (info.isROV ? 1u << 13 : 0) | (info.globallyCoherent ? 1u << 14 : 0) |
      (info.isSamplerComparison || info.hasCounter ? 1u << 15 : 0);
  if (isFeedbackTexture(type.getKind()))
    info.samplerFeedbackKind =
        getSamplerFeedbackKind(type.getElementType()).value_or(0);
  if (info.componentType)
    info.properties[1] =
        info.componentType | (componentCount << 8) |
        ((info.sampleCount & 0xFFu) << 16); // (one byte: -1 is 0xFF)
  else if (isFeedbackTexture(type.getKind()))
    info.properties[1] = info.samplerFeedbackKind;
  else if (isStructuredBuffer(type.getKind()) ||
           isConstantBufferKind(type.getKind()))
    info.properties[1] = info.strideOrSize;
}

LogicalResult ResourceTable::build(ModuleOp module) {
  unsigned nextRangeId[4] = {0, 0, 0, 0};
  FailureOr<llvm::StringSet<>> counterUsers = findCounterUsers(module);
  if (failed(counterUsers))
    return failure();
  // DXC numbers tbuffers (tbuffer blocks, TextureBuffer<T>) after the other
  // SRVs, in declaration order.
  SmallVector<Operation *> declarations, tbuffers;
  for (Operation &op : *module.getBody()) {
    auto cbuffer = dyn_cast<CBufferOp>(op);
    auto resource = dyn_cast<ResourceOp>(op);
    if ((cbuffer && cbuffer.getKind() == CBufferKind::TBuffer) ||
        (resource &&
         resource.getResourceType().getKind() == ResourceKind::TextureBuffer))
      tbuffers.push_back(&op);
    else
      declarations.push_back(&op);
  }
  declarations.append(tbuffers);
  for (Operation *declaration : declarations) {
    Operation &op = *declaration;
    ResourceInfo info;
    BindingAttr binding;
    if (auto resource = dyn_cast<ResourceOp>(op)) {
      ResourceType type = resource.getResourceType();
      info.name = resource.getSymName().str();
      info.cls = type.getResourceClass();
      info.size = resource.getRangeSize();
      binding = resource.getBinding();
      bool isUAV = info.cls == ResourceClass::UAV;
      // A UAV has its counter when the shader uses it, append and consume
      // buffers too (as in DXC: one only asked for its dimensions has none,
      // and the application need not bind a counter for it).
      bool hasCounter = isUAV && counterUsers->contains(info.name);
      describeResource(type, resource, hasCounter,
                       isUAV && resource->hasAttr("hlsl.globally_coherent"),
                       info);
    } else if (auto cbuffer = dyn_cast<CBufferOp>(op)) {
      info.name = cbuffer.getSymName().str();
      bool isTBuffer = cbuffer.getKind() == CBufferKind::TBuffer;
      info.cls = isTBuffer ? ResourceClass::SRV : ResourceClass::CBV;
      info.shape = isTBuffer ? dxil::ResourceShape::TBuffer
                             : dxil::ResourceShape::CBuffer;
      info.size = 1;
      binding = cbuffer.getBinding();
      std::optional<uint32_t> size = cbuffer.getSize();
      if (!cbuffer.getLayout() || !size)
        return cbuffer.emitError()
               << "constant buffer has no layout: run hlsl-layout-cbuffers";
      // The size without trailing padding, as DXC records it (a cbuffer
      // of one float4 and one uint is 20 bytes, not 32).
      info.strideOrSize = *size;
      info.properties[0] = unsigned(info.shape);
      info.properties[1] = info.strideOrSize;
    } else {
      continue;
    }
    if (!binding.hasRegister())
      return op.emitError() << "'" << info.name
                            << "' has no register: run hlsl-assign-bindings";
    info.decl = &op;
    info.lowerBound = *binding.getLowerBound();
    info.space = binding.getSpace();
    info.rangeId = nextRangeId[unsigned(info.cls)]++;
    byName[info.name] = records.size();
    records.push_back(std::move(info));
  }
  return success();
}

FailureOr<DXILTarget> mlir::hlsl::getDXILTarget(ModuleOp module,
                                                StringRef validatorVersion) {
  DXILTarget target;
  auto profile = module->getAttrOfType<StringAttr>("hlsl.profile");
  if (profile) {
    StringRef stage, version;
    std::tie(stage, version) = profile.getValue().split('_');
    std::optional<ShaderStage> parsed =
        llvm::StringSwitch<std::optional<ShaderStage>>(stage)
            .Case("cs", ShaderStage::Compute)
            .Case("vs", ShaderStage::Vertex)
            .Case("ps", ShaderStage::Pixel)
            .Case("gs", ShaderStage::Geometry)
            .Case("hs", ShaderStage::Hull)
            .Case("ds", ShaderStage::Domain)
            .Case("lib", ShaderStage::Library)
            .Case("ms", ShaderStage::Mesh)
            .Case("as", ShaderStage::Amplification)
            .Default(std::nullopt);
    StringRef major, minor;
    std::tie(major, minor) = version.split('_');
    if (!parsed || major.getAsInteger(10, target.smMajor) ||
        minor.getAsInteger(10, target.smMinor))
      return module.emitError() << "invalid 'hlsl.profile' " << profile;
    target.stage = *parsed;
  }
  StringRef valMajor, valMinor;
  std::tie(valMajor, valMinor) = validatorVersion.split('.');
  if (valMajor.getAsInteger(10, target.valMajor) ||
      valMinor.getAsInteger(10, target.valMinor) || target.valMajor != 1 ||
      target.valMinor > 8)
    return module.emitError() << "unsupported validator version '"
                              << validatorVersion << "'; expected 1.0 to 1.8";
  return target;
}

namespace {
/// Builds the attribute encoding of metadata nodes (see
/// HLSLToLLVMIRTranslation.cpp): arrays are nodes, typed integers constants,
/// strings MDStrings, symbol references functions/globals, unit null.
struct MDBuilder {
  Builder b;
  Attribute i32(int64_t v) { return b.getI32IntegerAttr(int32_t(v)); }
  Attribute i64(int64_t v) { return b.getI64IntegerAttr(v); }
  Attribute i1(bool v) { return b.getBoolAttr(v); }
  Attribute i8(int64_t v) { return b.getI8IntegerAttr(int8_t(v)); }
  Attribute str(StringRef s) { return b.getStringAttr(s); }
  Attribute null() { return b.getUnitAttr(); }
  Attribute sym(StringRef s) {
    return FlatSymbolRefAttr::get(b.getContext(), s);
  }
  Attribute node(ArrayRef<Attribute> elements) {
    return b.getArrayAttr(elements);
  }
};

StringRef getStageName(ShaderStage stage) {
  switch (stage) {
  case ShaderStage::Pixel:
    return "ps";
  case ShaderStage::Vertex:
    return "vs";
  case ShaderStage::Geometry:
    return "gs";
  case ShaderStage::Hull:
    return "hs";
  case ShaderStage::Domain:
    return "ds";
  case ShaderStage::Compute:
    return "cs";
  case ShaderStage::Library:
    return "lib";
  case ShaderStage::Mesh:
    return "ms";
  case ShaderStage::Amplification:
    return "as";
  }
  return "cs";
}

} // namespace

LogicalResult mlir::hlsl::attachDXILMetadata(
    ModuleOp module, const DXILTarget &target, const ResourceTable &resources,
    const EntryInterface *interface, ArrayRef<UnboundResource> unbound) {
  MDBuilder md{Builder(module.getContext())};
  SmallVector<Attribute> named;
  auto add = [&](StringRef name, ArrayRef<Attribute> nodes) {
    named.push_back(md.node({md.str(name), md.node(nodes)}));
  };
  add("llvm.ident", {md.node({md.str("hlsl-mlir 0.1 (MLIR/LLVM 22)")})});
  add("dx.version", {md.node({md.i32(1), md.i32(target.smMinor)})});
  add("dx.valver",
      {md.node({md.i32(target.valMajor), md.i32(target.valMinor)})});
  add("dx.shaderModel",
      {md.node({md.str(getStageName(target.stage)), md.i32(target.smMajor),
                md.i32(target.smMinor)})});

  // Resource records: SRV, UAV, CBV, sampler lists (DXIL.rst).
  SmallVector<Attribute> lists[4];
  ResourceSymbols symbols = getResourceSymbols(resources, module.getContext());
  for (auto [info, symbolType] :
       llvm::zip_equal(resources.getRecords(), symbols.types)) {
    uint64_t size = info.size ? *info.size : UINT32_MAX;
    // The symbol is an undef of the pointee type: the DXIL writer writes
    // it as an undef pointer (ResourceSymbolTypes.cpp).
    SmallVector<Attribute> record = {
        md.i32(info.rangeId),    TypeAttr::get(symbolType),
        md.str(info.name),       md.i32(info.space),
        md.i32(info.lowerBound), md.i32(int64_t(uint32_t(size)))};
    Attribute tags = md.null();
    if (info.componentType)
      tags = md.node({md.i32(0), md.i32(info.componentType)});
    else if (info.shape == dxil::ResourceShape::StructuredBuffer)
      tags = md.node({md.i32(1), md.i32(info.strideOrSize)});
    else if (info.shape == dxil::ResourceShape::FeedbackTexture2D ||
             info.shape == dxil::ResourceShape::FeedbackTexture2DArray)
      tags = md.node({md.i32(2), md.i32(info.samplerFeedbackKind)});
    else if (info.shape == dxil::ResourceShape::RTAccelerationStructure)
      // DXC describes its elements as 32-bit integers (element type I32).
      tags = md.node({md.i32(0), md.i32(4)});
    switch (info.cls) {
    case ResourceClass::SRV:
      if (info.shape == dxil::ResourceShape::TBuffer) {
        // A tbuffer is read as 32-bit words (element type U32, as DXC
        // writes it; the validator requires one).
        record.append({md.i32(unsigned(info.shape)), md.i32(0),
                       md.node({md.i32(0), md.i32(5)})});
        break;
      }
      record.append(
          {md.i32(unsigned(info.shape)), md.i32(info.sampleCount), tags});
      break;
    case ResourceClass::UAV:
      // shape, globally coherent, has counter, rasterizer ordered, tags.
      record.append({md.i32(unsigned(info.shape)), md.i1(info.globallyCoherent),
                     md.i1(info.hasCounter), md.i1(info.isROV), tags});
      break;
    case ResourceClass::CBV:
      record.append({md.i32(info.strideOrSize), md.null()});
      break;
    case ResourceClass::Sampler:
      record.append({md.i32(info.isSamplerComparison ? 1 : 0), md.null()});
      break;
    }
    lists[unsigned(info.cls)].push_back(md.node(record));
  }
  Attribute resourcesNode = md.null();
  if (!resources.getRecords().empty()) {
    SmallVector<Attribute> tuple;
    for (auto &list : lists)
      tuple.push_back(list.empty() ? md.null() : md.node(list));
    resourcesNode = md.node(tuple);
    add("dx.resources", {resourcesNode});
  }

  SmallVector<Attribute> entries;
  for (auto func : module.getOps<func::FuncOp>()) {
    if (!func->hasAttr(HLSLDialect::getEntryAttrName()))
      continue;
    // The shader flags (property 0) describe the final instructions: the
    // DXIL target adds them after legalization (ShaderFlags.h).
    SmallVector<Attribute> properties;
    if (auto threads = func->getAttrOfType<DenseI32ArrayAttr>(
            HLSLDialect::getNumThreadsAttrName()))
      properties.append(
          {md.i32(4), md.node({md.i32(threads[0]), md.i32(threads[1]),
                               md.i32(threads[2])})});
    // [WaveSize]: one size (tag 11) before shader model 6.8, a range
    // (tag 23: min, max, preferred) from 6.8, as DXC writes them.
    if (auto wave = func->getAttrOfType<DenseI32ArrayAttr>(
            HLSLDialect::getWaveSizeAttrName());
        wave && wave.size() == 3) {
      if (target.smMinor >= 8)
        properties.append(
            {md.i32(23),
             md.node({md.i32(wave[0]), md.i32(wave[1]), md.i32(wave[2])})});
      else
        properties.append({md.i32(11), md.node({md.i32(wave[0])})});
    }
    Attribute signatures = md.null();
    if (interface &&
        (!interface->inputs.empty() || !interface->outputs.empty())) {
      auto list = [&](ArrayRef<SignatureElement> elements) -> Attribute {
        if (elements.empty())
          return md.null();
        SmallVector<Attribute> records;
        for (auto [id, e] : llvm::enumerate(elements)) {
          SmallVector<Attribute> indices;
          for (unsigned row = 0; row < e.rows; ++row)
            indices.push_back(md.i32(e.getSemanticIndex(row)));
          // The usage mask (tag 3) is what the final code reads or writes:
          // the DXIL target recomputes it after optimization.
          unsigned mask = (1u << e.columns) - 1;
          records.push_back(
              md.node({md.i32(id), md.str(e.name), md.i8(e.componentType),
                       md.i8(e.kind), md.node(indices), md.i8(e.interpolation),
                       md.i32(e.rows), md.i8(e.columns), md.i32(e.startRow),
                       md.i8(e.startCol), md.node({md.i32(3), md.i32(mask)})}));
        }
        return md.node(records);
      };
      signatures = md.node(
          {list(interface->inputs), list(interface->outputs), md.null()});
    }
    entries.push_back(md.node(
        {md.sym(func.getSymName()), md.str(func.getSymName()), signatures,
         resourcesNode, properties.empty() ? md.null() : md.node(properties)}));
  }
  if (entries.empty() && target.stage != ShaderStage::Library)
    return module.emitError()
           << "no entry point to describe in !dx.entryPoints";
  add("dx.entryPoints", entries);
  if (!unbound.empty()) {
    SmallVector<Attribute> records;
    for (const UnboundResource &resource : unbound)
      records.push_back(
          md.node({md.i32(resource.cls), md.i32(resource.space),
                   md.i32(resource.lowerBound), md.str(resource.message)}));
    add("hlsl.unbound_resources", records);
  }
  // The RTS0 part's bytes, for the container writer (not written to the
  // bitcode).
  if (auto rootSignature =
          module->getAttrOfType<StringAttr>("hlsl.root_signature"))
    add("hlsl.rts0", {md.node({md.str(rootSignature.getValue())})});

  // Reflection (the STAT part only): struct annotations, then the entry
  // functions' (a return annotation, qualifier out, with nothing else).
  SmallVector<Attribute> typeAnnotations;
  if (!symbols.annotations.empty()) {
    SmallVector<Attribute> structs = {md.i32(0)};
    for (const StructAnnotation &annotation : symbols.annotations) {
      SmallVector<Attribute> node = {md.i32(annotation.cbufferSize)};
      node.append(annotation.fields.begin(), annotation.fields.end());
      if (annotation.templateArgs)
        node.push_back(annotation.templateArgs);
      structs.append({TypeAttr::get(annotation.type), md.node(node)});
    }
    typeAnnotations.push_back(md.node(structs));
  }
  SmallVector<Attribute> functions = {md.i32(1)};
  for (Attribute entry : entries)
    functions.append(
        {cast<ArrayAttr>(entry)[0],
         md.node({md.node({md.i32(1), md.node({}), md.node({})})})});
  if (functions.size() > 1)
    typeAnnotations.push_back(md.node(functions));
  if (!typeAnnotations.empty())
    add("dx.typeAnnotations", typeAnnotations);
  module->setAttr("hlsl.named_metadata", md.node(named));
  return success();
}
