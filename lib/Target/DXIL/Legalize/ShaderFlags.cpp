//===- ShaderFlags.cpp - the shader flags a DXIL module uses --------------===//
//
// The rules are those of DXC's validator (ShaderFlags::CollectShaderFlags
// and DxilModule::CollectShaderFlagsForModule): the flags it recomputes must
// equal the declared ones bit for bit. Where a rule depends on the
// validator version, the module's `!dx.valver` decides, as in DXC.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/ShaderFlags.h"

#include "HLSL/Target/DXIL/BitcodeWriter.h"
#include "HLSL/Target/DXIL/DXILMetadata.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "DXILCalls.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

#include <map>
#include <tuple>

using namespace llvm;
using namespace mlir::hlsl;
using namespace mlir::hlsl::dxil;
using namespace mlir::hlsl::dxil::metadata;

namespace {
/// DXIL::ResourceKind values the rules look at.
enum ResourceKindValue : unsigned {
  KindTexture2DMS = 3,
  KindTexture2DMSArray = 8,
  KindTypedBuffer = 10,
  KindRawBuffer = 11,
  KindStructuredBuffer = 12,
};

/// DXIL::SemanticKind values the rules look at.
enum SemanticKindValue : unsigned {
  SemanticRenderTargetArrayIndex = 4,
  SemanticViewPortArrayIndex = 5,
  SemanticInnerCoverage = 15,
  SemanticStencilRef = 20,
  SemanticBarycentrics = 28,
  SemanticShadingRate = 29,
};

bool isTypedKind(unsigned kind) { return kind >= 1 && kind <= 10; }

/// What the rules need to know about the resource behind a handle.
struct HandleProperties {
  bool valid = false;
  bool isUAV = false;
  unsigned kind = 0;
  unsigned componentCount = 0;
  /// The UAV record, for handles created from a binding of the module.
  const MDNode *record = nullptr;
};

/// Versions and resources of the module, read once.
class ModuleFacts {
public:
  explicit ModuleFacts(const Module &module) {
    if (const MDNode *valver = getSingle(module, "dx.valver")) {
      valMajor = getInt(valver, 0).value_or(1);
      valMinor = getInt(valver, 1).value_or(0);
    }
    if (const MDNode *version = getSingle(module, "dx.version")) {
      dxilMajor = getInt(version, 0).value_or(1);
      dxilMinor = getInt(version, 1).value_or(0);
    }
    if (const MDNode *model = getSingle(module, "dx.shaderModel")) {
      stage = getString(model, 0);
      smMajor = getInt(model, 1).value_or(6);
    }
    if (const MDNode *resources = getSingle(module, "dx.resources"))
      for (unsigned cls = 0; cls < 4; ++cls)
        if (const MDNode *list = getNode(resources, cls))
          for (const MDOperand &operand : list->operands())
            if (auto *record = dyn_cast_or_null<MDNode>(operand.get()))
              records[cls].push_back(record);
    for (unsigned cls = 0; cls < 2; ++cls)
      for (const MDNode *record : records[cls])
        byRangeId[cls].try_emplace(getInt(record, 0).value_or(~0u), record);
    for (const MDNode *record : records[1]) {
      uint64_t lower = getInt(record, 4).value_or(0);
      uint64_t size = getInt(record, 5).value_or(0);
      uint64_t upper = size == 0xffffffffu ? 0xffffffffu : lower + size - 1;
      uavsByRange.try_emplace(
          std::make_tuple(getInt(record, 3).value_or(0), lower, upper), record);
    }
  }

  bool atLeastValidator(unsigned major, unsigned minor) const {
    return valMajor > major || (valMajor == major && valMinor >= minor);
  }
  bool atLeastDXIL(unsigned major, unsigned minor) const {
    return dxilMajor > major || (dxilMajor == major && dxilMinor >= minor);
  }

  static unsigned getKind(const MDNode *record) {
    return getInt(record, 6).value_or(0);
  }

  /// Components of a typed resource's element: the first field of its
  /// symbol's (element) type (a vector or a scalar).
  static unsigned getComponentCount(const MDNode *record) {
    if (!record || record->getNumOperands() < 2)
      return 1;
    auto *symbol =
        mdconst::dyn_extract_or_null<Constant>(record->getOperand(1));
    Type *symbolType = symbol ? symbol->getType() : nullptr;
    // A resource array's symbol is an array of the element's struct.
    while (auto *array = dyn_cast_or_null<ArrayType>(symbolType))
      symbolType = array->getElementType();
    auto *type = dyn_cast_or_null<StructType>(symbolType);
    if (!type || type->getNumElements() == 0)
      return 1;
    if (auto *vector = dyn_cast<FixedVectorType>(type->getElementType(0)))
      return vector->getNumElements();
    return 1;
  }

  /// The properties of the handle `value` (createHandle with a constant
  /// class and range, or annotateHandle with constant properties).
  HandleProperties getHandleProperties(const Value *value) const {
    HandleProperties props;
    // Through phis and selects to a call, taking the first incoming value,
    // as DXC does.
    while (!isa<CallInst>(value)) {
      if (auto *phi = dyn_cast<PHINode>(value))
        value = phi->getIncomingValue(0);
      else if (auto *select = dyn_cast<SelectInst>(value))
        value = select->getTrueValue();
      else
        return props;
    }
    auto *call = cast<CallInst>(value);
    std::optional<unsigned> opcode = dxil::getDXILOpcode(*call);
    if (opcode == dxil::CreateHandle) {
      auto *cls = dyn_cast<ConstantInt>(call->getArgOperand(1));
      auto *range = dyn_cast<ConstantInt>(call->getArgOperand(2));
      if (!cls || !range || cls->getZExtValue() > 1)
        return props;
      const MDNode *record =
          byRangeId[cls->getZExtValue()].lookup(range->getZExtValue());
      if (!record)
        return props;
      props.valid = true;
      props.isUAV = cls->getZExtValue() == 1;
      props.kind = getKind(record);
      props.componentCount = getComponentCount(record);
      props.record = props.isUAV ? record : nullptr;
      return props;
    }
    if (opcode == dxil::AnnotateHandle) {
      auto *constant = dyn_cast<Constant>(call->getArgOperand(2));
      auto *word0 = dyn_cast_or_null<ConstantInt>(
          constant ? constant->getAggregateElement(0u) : nullptr);
      auto *word1 = dyn_cast_or_null<ConstantInt>(
          constant ? constant->getAggregateElement(1u) : nullptr);
      if (!word0 || !word1)
        return props;
      props.valid = true;
      props.kind = word0->getZExtValue() & 0xff;
      props.isUAV = (word0->getZExtValue() >> 12) & 1;
      props.componentCount = (word1->getZExtValue() >> 8) & 0xff;
      props.record = getBoundUAV(call->getArgOperand(1));
    }
    return props;
  }

  unsigned valMajor = 1, valMinor = 0, dxilMajor = 1, dxilMinor = 0;
  unsigned smMajor = 6;
  StringRef stage;
  SmallVector<const MDNode *> records[4];

private:
  /// The UAV record a createHandleFromBinding's binding names.
  const MDNode *getBoundUAV(const Value *handle) const {
    auto *create = dyn_cast<CallInst>(handle);
    std::optional<dxil::ResourceBinding> bind =
        create ? dxil::getConstantBinding(*create) : std::nullopt;
    if (!bind || bind->cls != 1)
      return nullptr;
    auto it = uavsByRange.find(
        std::make_tuple(bind->space, bind->lower, bind->upper));
    return it == uavsByRange.end() ? nullptr : it->second;
  }

  /// SRV and UAV records by range ID; UAV records by (space, lower, upper).
  DenseMap<uint64_t, const MDNode *> byRangeId[2];
  std::map<std::tuple<uint64_t, uint64_t, uint64_t>, const MDNode *>
      uavsByRange;
};

/// Whether the Sample*/TextureLoad offsets starting at operand `first` are
/// not all constants.
bool hasVariableOffsets(const CallInst &call, unsigned first) {
  for (unsigned i = first; i < first + 3 && i < call.arg_size(); ++i)
    if (!isa<Constant>(call.getArgOperand(i)))
      return true;
  return false;
}

/// Whether a sample's clamp (its last operand) is present and not 0.
bool hasClamp(const CallInst &call) {
  const Value *clamp = call.getArgOperand(call.arg_size() - 1);
  if (auto *imm = dyn_cast<ConstantFP>(clamp))
    return !imm->getValueAPF().isZero();
  return !isa<UndefValue>(clamp);
}
} // namespace

/// The flags, and the UAV records the module uses 64-bit atomics on.
static uint64_t collect(const Module &module,
                        SmallPtrSetImpl<const MDNode *> *atomic64UAVs) {
  namespace sf = shader_flag;
  ModuleFacts facts(module);
  uint64_t flags = 0;
  bool hasUAVs = false, hasWriteableMSAA = false, hasDerivatives = false,
       multicomponentUAVLoads = false;
  // DXC's validator sets SampleCmpGradientOrBias from the last sampling
  // operation with gradients or implicit derivatives alone: a later Sample
  // or SampleCmp clears it again.
  bool sampleCmpGradientOrBias = false;
  // Validator 1.0 takes every UAV load for a multi-component one.
  bool allUAVLoadsMulticomponent = !facts.atLeastValidator(1, 1);
  if (!facts.atLeastValidator(1, 8))
    hasUAVs = !facts.records[1].empty();

  for (const Function &function : module) {
    for (const Instruction &inst : instructions(function)) {
      auto *call = dyn_cast<CallInst>(&inst);
      std::optional<unsigned> opcode;
      if (call) {
        opcode = dxil::getDXILOpcode(*call);
        // Calls other than DXIL operations do not count.
        if (!opcode)
          continue;
      }
      Type *type = inst.getType();
      bool isDouble = type->isDoubleTy(), isHalf = type->isHalfTy(),
           isInt16 = type->isIntegerTy(16), isInt64 = type->isIntegerTy(64);
      if (!isa<ExtractElementInst>(inst) && !isa<InsertElementInst>(inst)) {
        for (const Value *operand : inst.operands()) {
          Type *t = operand->getType();
          isDouble |= t->isDoubleTy();
          isHalf |= t->isHalfTy();
          isInt16 |= t->isIntegerTy(16);
          isInt64 |= t->isIntegerTy(64);
        }
      }
      if (isDouble) {
        flags |= sf::EnableDoublePrecision;
        if (isa<BinaryOperator>(inst) && inst.getOpcode() == Instruction::FDiv)
          flags |= sf::EnableDoubleExtensions;
        if (isa<UIToFPInst>(inst) || isa<SIToFPInst>(inst) ||
            isa<FPToUIInst>(inst) || isa<FPToSIInst>(inst))
          flags |= sf::EnableDoubleExtensions;
      }
      if (isInt64) {
        flags |= sf::Int64Ops;
        if (isa<AtomicCmpXchgInst>(inst) || isa<AtomicRMWInst>(inst))
          flags |= sf::AtomicInt64OnGroupShared;
      }
      if (isHalf || isInt16)
        flags |= sf::LowPrecisionPresent;
      if (!opcode)
        continue;

      unsigned op = *opcode;
      if (dxil::isWaveOpcode(op))
        flags |= sf::WaveOps;
      if (op >= dxil::WriteSamplerFeedback &&
          op <= dxil::WriteSamplerFeedbackGrad && facts.atLeastValidator(1, 9))
        flags |= sf::SamplerFeedback;
      switch (op) {
      case dxil::CheckAccessFullyMapped:
        flags |= sf::TiledResources;
        break;
      case dxil::Msad:
        flags |= sf::EnableMSAD;
        break;
      case dxil::TextureLoad:
      case dxil::BufferLoad: {
        if (op == dxil::TextureLoad && hasVariableOffsets(*call, 6))
          flags |= sf::AdvancedTextureOps;
        if (multicomponentUAVLoads)
          break;
        HandleProperties props =
            facts.getHandleProperties(call->getArgOperand(1));
        if (props.valid && props.isUAV &&
            (allUAVLoadsMulticomponent ||
             (isTypedKind(props.kind) && props.componentCount > 1)))
          multicomponentUAVLoads = true;
        break;
      }
      case dxil::Fma:
        if (isDouble)
          flags |= sf::EnableDoubleExtensions;
        break;
      case dxil::InnerCoverage:
        flags |= sf::InnerCoverage;
        break;
      case dxil::ViewID:
        flags |= sf::ViewID;
        break;
      case dxil::AllocateRayQuery:
      case dxil::AllocateRayQuery2:
      case dxil::GeometryIndex:
        flags |= sf::RaytracingTier1_1;
        break;
      case dxil::AttributeAtVertex:
        if (facts.atLeastValidator(1, 6))
          flags |= sf::Barycentrics;
        break;
      case dxil::AtomicBinOp:
      case dxil::AtomicCompareExchange:
        if (isInt64) {
          HandleProperties props =
              facts.getHandleProperties(call->getArgOperand(1));
          if (isTypedKind(props.kind))
            flags |= sf::AtomicInt64OnTypedResource;
          if (!props.record)
            flags |= sf::AtomicInt64OnHeapResource;
          else if (atomic64UAVs)
            atomic64UAVs->insert(props.record);
        }
        break;
      case dxil::SampleLevel:
      case dxil::SampleCmpLevelZero:
        if (hasVariableOffsets(*call, 7))
          flags |= sf::AdvancedTextureOps;
        break;
      case dxil::SampleGrad:
      case dxil::SampleCmpGrad:
        if (hasVariableOffsets(*call, 7))
          flags |= sf::AdvancedTextureOps;
        if (hasClamp(*call) && facts.atLeastValidator(1, 8))
          flags |= sf::TiledResources;
        sampleCmpGradientOrBias = op == dxil::SampleCmpGrad;
        break;
      case dxil::Sample:
      case dxil::SampleBias:
      case dxil::SampleCmp:
      case dxil::SampleCmpBias:
        if (hasVariableOffsets(*call, 7))
          flags |= sf::AdvancedTextureOps;
        if (hasClamp(*call) && facts.atLeastValidator(1, 8))
          flags |= sf::TiledResources;
        sampleCmpGradientOrBias = op == dxil::SampleCmpBias;
        hasDerivatives = true;
        break;
      case dxil::DerivCoarseX:
      case dxil::DerivCoarseY:
      case dxil::DerivFineX:
      case dxil::DerivFineY:
      case dxil::CalculateLOD:
        hasDerivatives = true;
        break;
      case dxil::CreateHandleFromHeap: {
        auto *isSampler = dyn_cast<ConstantInt>(call->getArgOperand(2));
        if (isSampler && isSampler->getZExtValue())
          flags |= sf::SamplerDescriptorHeapIndexing;
        else
          flags |= sf::ResourceDescriptorHeapIndexing;
        break;
      }
      case dxil::CreateHandle:
      case dxil::CreateHandleForLib:
      case dxil::AnnotateHandle: {
        HandleProperties props = facts.getHandleProperties(call);
        if (props.isUAV) {
          hasUAVs = true;
          hasWriteableMSAA |= props.kind == KindTexture2DMS ||
                              props.kind == KindTexture2DMSArray;
        }
        break;
      }
      case dxil::TextureStoreSample:
        hasWriteableMSAA = true;
        flags |= sf::AdvancedTextureOps;
        break;
      case dxil::SampleCmpLevel:
      case dxil::TextureGatherRaw:
        flags |= sf::AdvancedTextureOps;
        break;
      case dxil::StartVertexLocation:
      case dxil::StartInstanceLocation:
        flags |= sf::ExtendedCommandInfo;
        break;
      default:
        break;
      }
    }
  }
  if (multicomponentUAVLoads)
    flags |= sf::UAVLoadAdditionalFormats;

  // Signature elements of the entry point.
  bool isPS = facts.stage == "ps", isVS = facts.stage == "vs",
       isGS = facts.stage == "gs", isHS = facts.stage == "hs",
       isDS = facts.stage == "ds", isMS = facts.stage == "ms",
       isAS = facts.stage == "as";
  bool inputRTArrayIndex =
      isGS || (facts.atLeastValidator(1, 4) && (isDS || isHS));
  bool outputRTArrayIndex = isVS || isDS || isHS;
  if (const MDNode *entry = getSingle(module, "dx.entryPoints")) {
    const MDNode *signatures = getNode(entry, 2);
    for (unsigned list = 0; list < 2; ++list) {
      const MDNode *elements = getNode(signatures, list);
      if (!elements)
        continue;
      for (const MDOperand &operand : elements->operands()) {
        auto *element = dyn_cast_or_null<MDNode>(operand.get());
        switch (getInt(element, 3).value_or(0)) {
        case SemanticViewPortArrayIndex:
        case SemanticRenderTargetArrayIndex:
          if (list == 0 ? inputRTArrayIndex : outputRTArrayIndex)
            flags |= sf::ViewportAndRTArrayIndex;
          break;
        case SemanticShadingRate:
          flags |= sf::ShadingRate;
          break;
        case SemanticBarycentrics:
          if (list == 0 && facts.atLeastValidator(1, 6))
            flags |= sf::Barycentrics;
          break;
        case SemanticStencilRef:
          if (list == 1 && isPS)
            flags |= sf::StencilRef;
          break;
        case SemanticInnerCoverage:
          if (list == 1 && isPS)
            flags |= sf::InnerCoverage;
          break;
        default:
          break;
        }
      }
    }
  }
  if (hasDerivatives && (isMS || isAS))
    flags |= sf::DerivativesInMeshAndAmpShaders;
  if (sampleCmpGradientOrBias)
    flags |= sf::SampleCmpGradientOrBias;
  bool writeableMSAA = hasWriteableMSAA;
  if (!facts.atLeastValidator(1, 8)) {
    writeableMSAA = false;
    for (const MDNode *uav : facts.records[1]) {
      unsigned kind = ModuleFacts::getKind(uav);
      writeableMSAA |= kind == KindTexture2DMS || kind == KindTexture2DMSArray;
    }
  }
  if (writeableMSAA)
    flags |= sf::WriteableMSAATextures;
  // Only with UAVs, and not where drivers of DXIL < 1.7 would not know it.
  if (facts.atLeastDXIL(1, 7) && hasUAVs)
    flags |= sf::ResMayNotAlias;

  // Module-level flags from the resource declarations.
  unsigned uavSlots = 0;
  bool rawOrStructured = false;
  for (const MDNode *uav : facts.records[1]) {
    uint64_t size = getInt(uav, 5).value_or(1);
    uavSlots += size > 8 ? 9 : unsigned(size);
    if (getInt(uav, 9).value_or(0))
      flags |= sf::ROVs;
    unsigned kind = ModuleFacts::getKind(uav);
    rawOrStructured |= kind == KindRawBuffer || kind == KindStructuredBuffer;
  }
  for (const MDNode *srv : facts.records[0]) {
    unsigned kind = ModuleFacts::getKind(srv);
    rawOrStructured |= kind == KindRawBuffer || kind == KindStructuredBuffer;
  }
  if (facts.atLeastValidator(1, 6) ? uavSlots > 8 : facts.records[1].size() > 8)
    flags |= sf::SixtyFourUAVs;
  if (uavSlots &&
      (facts.atLeastValidator(1, 8) ? isVS || isHS || isDS || isGS
                                    : !(facts.stage == "cs" || isPS)))
    flags |= sf::UAVsAtEveryStage;
  if (rawOrStructured)
    flags |= sf::EnableRawAndStructuredBuffers;
  if (rawOrStructured && facts.smMajor == 4 && facts.stage == "cs")
    flags |= 1ull << 17; // CSRawAndStructuredViaShader4X
  return flags;
}

uint64_t dxil::collectShaderFlags(const Module &module) {
  return collect(module, nullptr);
}

/// Marks the UAV records with 64-bit atomics (extended property 3, as DXC
/// writes it; PSV0 flags them UsedByAtomic64), replacing the records in
/// !dx.resources and in the entries that refer to it.
static void markAtomic64UAVs(Module &module,
                             const SmallPtrSetImpl<const MDNode *> &uavs) {
  NamedMDNode *named = module.getNamedMetadata("dx.resources");
  if (uavs.empty() || !named || named->getNumOperands() == 0)
    return;
  LLVMContext &context = module.getContext();
  MDNode *resources = named->getOperand(0);
  auto *uavList = dyn_cast_or_null<MDNode>(resources->getOperand(1).get());
  if (!uavList)
    return;
  auto i32 = [&](uint64_t v) {
    return ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(context), v));
  };
  SmallVector<Metadata *> records;
  for (const MDOperand &operand : uavList->operands()) {
    auto *record = dyn_cast_or_null<MDNode>(operand.get());
    if (!record || !uavs.contains(record) || record->getNumOperands() < 11) {
      records.push_back(operand.get());
      continue;
    }
    SmallVector<Metadata *> tags;
    if (const MDNode *old = getNode(record, 10))
      tags.append(old->op_begin(), old->op_end());
    tags.append(
        {i32(3), ConstantAsMetadata::get(ConstantInt::getTrue(context))});
    SmallVector<Metadata *> fields(record->op_begin(), record->op_end());
    fields[10] = MDNode::get(context, tags);
    records.push_back(MDNode::get(context, fields));
  }
  SmallVector<Metadata *> lists(resources->op_begin(), resources->op_end());
  lists[1] = MDNode::get(context, records);
  MDNode *updated = MDNode::get(context, lists);
  named->setOperand(0, updated);
  if (NamedMDNode *entries = module.getNamedMetadata("dx.entryPoints"))
    for (unsigned e = 0; e < entries->getNumOperands(); ++e) {
      MDNode *entry = entries->getOperand(e);
      if (entry->getNumOperands() > 3 && entry->getOperand(3) == resources) {
        SmallVector<Metadata *> operands(entry->op_begin(), entry->op_end());
        operands[3] = updated;
        entries->setOperand(e, MDNode::get(context, operands));
      }
    }
}

void dxil::setShaderFlags(Module &module, uint64_t declaredOnly) {
  NamedMDNode *entries = module.getNamedMetadata("dx.entryPoints");
  if (!entries || entries->getNumOperands() == 0)
    return;
  SmallPtrSet<const MDNode *, 4> atomic64UAVs;
  uint64_t flags = collect(module, &atomic64UAVs) | declaredOnly;
  markAtomic64UAVs(module, atomic64UAVs);
  LLVMContext &context = module.getContext();
  Type *i32 = Type::getInt32Ty(context), *i64 = Type::getInt64Ty(context);
  for (unsigned e = 0; e < entries->getNumOperands(); ++e) {
    MDNode *entry = entries->getOperand(e);
    if (entry->getNumOperands() < 5)
      continue;
    // The property list without its old flags, then the flags first.
    SmallVector<Metadata *> properties;
    if (flags) {
      properties.push_back(ConstantAsMetadata::get(ConstantInt::get(i32, 0)));
      properties.push_back(
          ConstantAsMetadata::get(ConstantInt::get(i64, flags)));
    }
    if (const MDNode *old = getNode(entry, 4))
      for (unsigned i = 0; i + 1 < old->getNumOperands(); i += 2) {
        if (getInt(old, i) == 0u)
          continue;
        properties.push_back(old->getOperand(i).get());
        properties.push_back(old->getOperand(i + 1).get());
      }
    SmallVector<Metadata *> operands(entry->op_begin(), entry->op_end());
    operands[4] =
        properties.empty() ? nullptr : MDNode::get(context, properties);
    entries->setOperand(e, MDNode::get(context, operands));
  }
}
