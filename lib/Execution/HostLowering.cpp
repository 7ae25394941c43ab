//===- HostLowering.cpp - DXIL module -> host-executable module -----------===//
//
// Every resource access becomes inline code: the handle is a pointer to a
// RuntimeResource, the address is computed from the record's index scale,
// and the bounds check selects the record's zero (loads) or sink (stores)
// area instead of branching, so that loops over buffers vectorize. Only
// handle creation and group synchronization call into the runtime.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Execution/HostLowering.h"
#include "HLSL/Execution/RuntimeABI.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"
#include "LockstepGroups.h"
#include "LockstepWaves.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Intrinsics.h"
#include "llvm/IR/MDBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ReplaceConstant.h"
#include "llvm/Transforms/Utils/BasicBlockUtils.h"

using namespace llvm;
using namespace mlir::hlsl::exec;
using namespace mlir::hlsl::dxil;

static Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

static std::optional<uint64_t> getMDInt(const MDNode *node, unsigned i) {
  if (!node || i >= node->getNumOperands())
    return std::nullopt;
  if (auto *value = dyn_cast_or_null<ConstantAsMetadata>(node->getOperand(i)))
    if (auto *constant = dyn_cast<ConstantInt>(value->getValue()))
      return constant->getZExtValue();
  return std::nullopt;
}

Expected<std::vector<ShaderResourceRange>>
mlir::hlsl::exec::readShaderResources(const Module &module) {
  std::vector<ShaderResourceRange> ranges;
  const NamedMDNode *named = module.getNamedMetadata("dx.resources");
  if (!named || named->getNumOperands() == 0)
    return ranges;
  const MDNode *lists = named->getOperand(0);
  for (unsigned cls = 0; cls < 4 && cls < lists->getNumOperands(); ++cls) {
    auto *list = dyn_cast_or_null<MDNode>(lists->getOperand(cls).get());
    if (!list)
      continue;
    for (const MDOperand &operand : list->operands()) {
      auto *record = dyn_cast_or_null<MDNode>(operand.get());
      if (!record || record->getNumOperands() < 6)
        return makeError("malformed !dx.resources record");
      ShaderResourceRange range;
      range.resourceClass = cls;
      range.rangeId = getMDInt(record, 0).value_or(0);
      if (auto *name = dyn_cast_or_null<MDString>(record->getOperand(2)))
        range.name = name->getString().str();
      range.space = getMDInt(record, 3).value_or(0);
      range.lowerBound = getMDInt(record, 4).value_or(0);
      uint64_t size = getMDInt(record, 5).value_or(1);
      range.size = size >= UINT32_MAX ? UINT32_MAX : uint32_t(size);
      if (cls == 2) {
        range.kind = 13;
      } else if (cls < 2) {
        range.kind = getMDInt(record, 6).value_or(0);
        // Extended properties: tag/value pairs; 0 = element type,
        // 1 = structured buffer stride.
        unsigned tagsIndex = cls == 0 ? 8 : 10;
        if (tagsIndex < record->getNumOperands())
          if (auto *tags =
                  dyn_cast_or_null<MDNode>(record->getOperand(tagsIndex).get()))
            for (unsigned i = 0; i + 1 < tags->getNumOperands(); i += 2) {
              std::optional<uint64_t> tag = getMDInt(tags, i);
              std::optional<uint64_t> value = getMDInt(tags, i + 1);
              if (tag == 0u && value)
                range.componentType = unsigned(*value);
              if (tag == 1u && value)
                range.structureStride = uint32_t(*value);
            }
      } else {
        range.kind = 14;
      }
      ranges.push_back(range);
    }
  }
  return ranges;
}

namespace {
/// The operations the lanes of a wave (or of a quad) execute together.
bool runsPerQuadOrWave(unsigned opcode) {
  return isWaveOpcode(opcode) || isDerivativeOpcode(opcode) ||
         usesImplicitDerivatives(opcode);
}
class HostLowering {
public:
  HostLowering(Module &module, std::vector<ShaderResourceRange> ranges,
               std::array<uint32_t, 3> numThreads, uint32_t waveSize,
               ResourceResolver resolve)
      : module(module), context(module.getContext()), builder(context),
        ranges(std::move(ranges)), numThreads(numThreads), waveSize(waveSize),
        resolve(resolve) {
    ptrType = PointerType::get(context, 0);
    i8 = builder.getInt8Ty();
    i32 = builder.getInt32Ty();
    i64 = builder.getInt64Ty();
    resourceFn = module.getOrInsertFunction("hlslrt_resource", ptrType, ptrType,
                                            i32, i32, i32);
    sampleFn = module.getOrInsertFunction("hlslrt_sample", builder.getVoidTy(),
                                          ptrType, ptrType, ptrType, ptrType);
    syncFn = module.getOrInsertFunction("hlslrt_group_sync",
                                        builder.getVoidTy(), ptrType);
    waveFn = module.getOrInsertFunction(
        "hlslrt_wave", builder.getVoidTy(), ptrType, i32, i32, i32, i32, i32,
        ptrType, ptrType, ptrType, ptrType, i32);
    // As the DXIL operations: the host optimizer must not duplicate a wave
    // operation into paths that split its lanes.
    if (auto *f = dyn_cast<Function>(waveFn.getCallee())) {
      f->setConvergent();
      f->setDoesNotThrow();
    }
    // The bindings do not change during a dispatch: lookups of the same
    // register can be merged.
    if (auto *f = dyn_cast<Function>(resourceFn.getCallee())) {
      f->setDoesNotThrow();
      f->setOnlyReadsMemory();
      f->setWillReturn();
    }
  }

  Expected<HostShaderInfo> run(StringRef entryName);

private:
  Error lowerCall(CallInst &call, unsigned opcode, StringRef className);
  /// Wave and quad operations: a call to hlslrt_wave with the operands in
  /// stack slots (lane index and count are computed here).
  Error lowerWaveCall(CallInst &call, unsigned opcode);
  /// Calls hlslrt_wave for `call` (its call site and the loops around it)
  /// with the operand `value` (stored as raw bits) and `extra` words;
  /// returns the stack slot that holds the result afterwards.
  Value *emitWaveCall(CallInst &call, uint32_t opcode, WaveValueType type,
                      uint32_t op, uint32_t sign, Value *value,
                      ArrayRef<Value *> extra);
  /// The coarse derivatives of a sampling operation's (u, v): the quad's
  /// differences, stored as the request's ddx and ddy.
  void storeImplicitGradients(CallInst &call, Value *u, Value *v);
  /// SampleLevel, SampleGrad, SampleCmpLevel(Zero), TextureGather(Cmp): a
  /// call to hlslrt_sample with a SampleRequest.
  Value *lowerSample(CallInst &call, unsigned opcode);
  /// The flattened thread-in-group index of the lane.
  Value *flatThreadIndex();
  /// The lane's index in its group's lane order (laneThreadId's inverse).
  Value *groupLaneIndex();
  Error lowerGroupShared();

  /// A handle holding the record of register `reg` (a constant when the
  /// register is known and bound, else a runtime lookup).
  Value *createHandle(Type *handleType, Value *resourceClass, Value *space,
                      Value *reg);
  /// Component `component` (constant or not) of the vector `perComponent`
  /// computes for constant components.
  Value *selectComponent(Value *component,
                         function_ref<Value *(unsigned)> perComponent);
  Error createLaneFunction(Function *entry);
  void createGroupFunction();
  Value *loadField(Value *base, unsigned offset, Type *type);
  Value *getResource(Value *handle) {
    return builder.CreateExtractValue(handle, 0);
  }
  /// A 64-bit byte offset from a 32-bit operand; undef counts as 0.
  Value *offset64(Value *value) {
    if (isa<UndefValue>(value))
      return builder.getInt64(0);
    return builder.CreateZExt(value, i64);
  }
  /// `index * indexScale + offset` in bytes.
  Value *elementAddress(Value *resource, Value *index, Value *offset) {
    Value *scale = builder.CreateZExt(
        loadField(resource, resource_field::IndexScale, i32), i64);
    return builder.CreateAdd(builder.CreateMul(offset64(index), scale),
                             offset64(offset));
  }
  /// Where an access of `bytes` at `byteOffset` goes: into the data when
  /// in bounds (and `extraCondition` holds), else the zero or sink area.
  Value *accessPointer(Value *resource, Value *byteOffset, unsigned bytes,
                       bool store, Value *extraCondition = nullptr,
                       Value **inBounds = nullptr);
  /// A load of `type` at `byteOffset` of the data when `inBounds`, else
  /// zero; a store only when `inBounds`. Both branch around the access
  /// (a loop over lanes can then use masked loads and stores, where the
  /// select of accessPointer would be a gather or scatter).
  Value *guardedLoad(Type *type, Value *resource, Value *byteOffset,
                     Value *inBounds);
  void guardedStore(Value *value, Value *resource, Value *byteOffset,
                    Value *inBounds);
  /// The part of both: `access` (of the data at `byteOffset`) in a block
  /// taken when `inBounds`, recorded for annotateBufferAliasing; the
  /// builder continues after that block.
  Instruction *
  emitGuardedAccess(Value *resource, Value *byteOffset, Value *inBounds,
                    function_ref<Instruction *(Value *address)> access);
  /// Whether an access of `bytes` at `byteOffset` is inside the data (and
  /// `extraCondition` holds).
  Value *isInBounds(Value *resource, Value *byteOffset, unsigned bytes,
                    Value *extraCondition);
  /// Bytes between the components of a typed element (64-bit).
  Value *componentStride(Value *resource) {
    return builder.CreateZExt(
        loadField(resource, resource_field::ComponentSize, i32), i64);
  }
  /// Byte offset of texel (x, y) of a 2D texture; coordinates outside it
  /// give the texture's size, where every access is out of bounds.
  Value *texelAddress(Value *resource, Value *x, Value *y,
                      Value *mip = nullptr);
  /// A texture's width or height (`field`) at mip `level`: halved per
  /// level, at least 1 (i32).
  Value *mipLevelSize(Value *resource, unsigned field, Value *level) {
    Value *size = builder.CreateLShr(loadField(resource, field, i32), level);
    return builder.CreateSelect(builder.CreateICmpEQ(size, builder.getInt32(0)),
                                builder.getInt32(1), size);
  }

  Value *lowerTypedLoad(CallInst &call, Value *resource, Value *byteBase,
                        bool checkChannels, Value *componentStride);
  /// DXIL reads and writes a typed resource of 64-bit components as pairs
  /// of 32-bit words (R32G32_UINT): with 64-bit components, 32-bit
  /// accesses step 4 bytes and see twice the channels.
  void widenWordAccess(Value *resource, Value *&componentStride,
                       Value *&channels) {
    Value *wide = builder.CreateICmpEQ(
        loadField(resource, resource_field::ComponentSize, i32),
        builder.getInt32(8));
    componentStride =
        builder.CreateSelect(wide, builder.getInt64(4), componentStride);
    channels = builder.CreateSelect(
        wide, builder.CreateShl(channels, builder.getInt32(1)), channels);
  }
  void lowerTypedStore(CallInst &call, Value *resource, Value *byteBase,
                       ArrayRef<Value *> values, Value *mask,
                       bool checkChannels, Value *componentStride);

  Module &module;
  LLVMContext &context;
  IRBuilder<> builder;
  std::vector<ShaderResourceRange> ranges;
  Type *ptrType, *i8, *i32, *i64;
  std::array<uint32_t, 3> numThreads;
  uint32_t waveSize;
  ResourceResolver resolve;
  FunctionCallee resourceFn, syncFn, waveFn;
  /// Wave operations and their call-site numbers (planWaveCalls: loops
  /// before the code after them): the runtime groups the lanes that reach
  /// the same one in the same loop iterations.
  DenseMap<const CallInst *, uint32_t> waveCallSites;
  /// Per loop around a wave operation, outermost first: its id and the
  /// lane's iteration counter (a stack slot).
  DenseMap<const CallInst *, SmallVector<std::pair<uint32_t, Value *>, 2>>
      waveLoops;
  Value *waveIterations = nullptr;
  /// Numbers the wave operations in the order the runtime runs them and
  /// counts the iterations of every loop that holds one.
  void planWaveCalls();
  /// The stack slots of a wave operation without an operand or extra words
  /// (entry block allocas; never written). An operation with them has
  /// slots of its own, as has each result: nothing but the call reads
  /// them, so lockstep waves (LockstepWaves.cpp) may move a call and the
  /// stores of its operands.
  Value *noWaveValue = nullptr, *noWaveExtra = nullptr;
  bool usesWaveOps = false;
  /// The stack slots of sampling requests and results.
  Value *sampleRequest = nullptr, *sampleResult = nullptr;
  FunctionCallee sampleFn;
  /// The lane function and its arguments: the group context and the
  /// thread-in-group ids.
  Function *lane = nullptr;
  Value *groupContext = nullptr;
  Value *laneIds[3] = {nullptr, nullptr, nullptr};
  /// The records of handles resolved at compile time, by their constant.
  DenseMap<Value *, RuntimeResource *> resolvedRecords;
  /// Guarded loads and stores of buffers bound at compile time, and whose
  /// memory they access (annotateBufferAliasing).
  SmallVector<std::pair<Instruction *, const RuntimeResource *>> bufferAccesses;
  /// Tells the optimizer which of bufferAccesses cannot alias: buffers
  /// whose memory does not overlap get alias scopes of their own, so that
  /// loops over lanes that read one buffer and write another need no
  /// run-time overlap checks to be vectorized.
  void annotateBufferAliasing();
  bool usesGroupSync = false;
  uint64_t groupSharedBytes = 0;
};
} // namespace

Value *HostLowering::createHandle(Type *handleType, Value *resourceClass,
                                  Value *space, Value *reg) {
  Value *record = nullptr;
  auto *c = dyn_cast<ConstantInt>(resourceClass);
  auto *s = dyn_cast<ConstantInt>(space);
  auto *r = dyn_cast<ConstantInt>(reg);
  if (c && s && r)
    if (RuntimeResource *bound =
            resolve(unsigned(c->getZExtValue()), uint32_t(s->getZExtValue()),
                    uint32_t(r->getZExtValue()))) {
      record = ConstantExpr::getIntToPtr(
          builder.getInt64(reinterpret_cast<uintptr_t>(bound)), ptrType);
      resolvedRecords[record] = bound;
    }
  if (!record)
    record = builder.CreateCall(resourceFn,
                                {groupContext, resourceClass, space, reg});
  return builder.CreateInsertValue(PoisonValue::get(handleType), record, 0);
}

Value *
HostLowering::selectComponent(Value *component,
                              function_ref<Value *(unsigned)> perComponent) {
  if (auto *constant = dyn_cast<ConstantInt>(component))
    return perComponent(
        unsigned(std::min<uint64_t>(constant->getZExtValue(), 2)));
  Value *result = perComponent(2);
  for (int i = 1; i >= 0; --i)
    result = builder.CreateSelect(
        builder.CreateICmpEQ(component,
                             ConstantInt::get(component->getType(), i)),
        perComponent(unsigned(i)), result);
  return result;
}

Value *HostLowering::loadField(Value *base, unsigned offset, Type *type) {
  // Fields of a record resolved at compile time are constants.
  if (auto it = resolvedRecords.find(base); it != resolvedRecords.end()) {
    const RuntimeResource &record = *it->second;
    switch (offset) {
    case resource_field::Data:
      return ConstantExpr::getIntToPtr(
          builder.getInt64(reinterpret_cast<uintptr_t>(record.data)), ptrType);
    case resource_field::Size:
      return builder.getInt64(record.size);
    case resource_field::IndexScale:
      return builder.getInt32(record.indexScale);
    case resource_field::Channels:
      return builder.getInt32(record.channels);
    case resource_field::ComponentSize:
      return builder.getInt32(record.componentSize);
    case resource_field::Width:
      return builder.getInt32(record.width);
    case resource_field::Height:
      return builder.getInt32(record.height);
    default:
      break;
    }
  }
  Value *address = builder.CreateConstInBoundsGEP1_32(i8, base, offset);
  LoadInst *load = builder.CreateLoad(type, address);
  // Resource records and group contexts do not change while lanes run
  // (the UAV counter is only touched atomically): the optimizer may hoist
  // these loads out of the lane loop even past buffer stores.
  load->setMetadata(LLVMContext::MD_invariant_load, MDNode::get(context, {}));
  return load;
}

Value *HostLowering::isInBounds(Value *resource, Value *byteOffset,
                                unsigned bytes, Value *extraCondition) {
  Value *size = loadField(resource, resource_field::Size, i64);
  Value *end = builder.CreateAdd(byteOffset, builder.getInt64(bytes));
  Value *ok = builder.CreateICmpULE(end, size);
  if (extraCondition)
    ok = builder.CreateAnd(ok, extraCondition);
  return ok;
}

Instruction *HostLowering::emitGuardedAccess(
    Value *resource, Value *byteOffset, Value *inBounds,
    function_ref<Instruction *(Value *address)> access) {
  Value *data = loadField(resource, resource_field::Data, ptrType);
  Instruction *at = &*builder.GetInsertPoint();
  Instruction *then = SplitBlockAndInsertIfThen(inBounds, at->getIterator(),
                                                /*Unreachable=*/false);
  builder.SetInsertPoint(then);
  Instruction *inst = access(builder.CreateGEP(i8, data, byteOffset));
  if (auto it = resolvedRecords.find(resource); it != resolvedRecords.end())
    bufferAccesses.push_back({inst, it->second});
  builder.SetInsertPoint(at);
  return inst;
}

Value *HostLowering::guardedLoad(Type *type, Value *resource, Value *byteOffset,
                                 Value *inBounds) {
  Instruction *load =
      emitGuardedAccess(resource, byteOffset, inBounds, [&](Value *address) {
        return builder.CreateAlignedLoad(type, address, Align(1));
      });
  BasicBlock *then = load->getParent();
  PHINode *value = builder.CreatePHI(type, 2);
  value->addIncoming(load, then);
  for (BasicBlock *pred : predecessors(builder.GetInsertBlock()))
    if (pred != then)
      value->addIncoming(Constant::getNullValue(type), pred);
  return value;
}

void HostLowering::guardedStore(Value *value, Value *resource,
                                Value *byteOffset, Value *inBounds) {
  emitGuardedAccess(resource, byteOffset, inBounds, [&](Value *address) {
    return builder.CreateAlignedStore(value, address, Align(1));
  });
}

void HostLowering::annotateBufferAliasing() {
  // Buffers whose memory overlaps share a scope.
  std::vector<const RuntimeResource *> buffers;
  for (auto [access, buffer] : bufferAccesses)
    buffers.push_back(buffer);
  llvm::sort(buffers, [](const RuntimeResource *a, const RuntimeResource *b) {
    return a->data < b->data;
  });
  buffers.erase(llvm::unique(buffers), buffers.end());
  DenseMap<const RuntimeResource *, unsigned> scopeOf;
  unsigned scopes = 0;
  const uint8_t *end = nullptr; // of the current scope's memory
  for (const RuntimeResource *buffer : buffers) {
    if (scopes == 0 || buffer->data >= end)
      ++scopes;
    scopeOf[buffer] = scopes - 1;
    end = std::max<const uint8_t *>(end, buffer->data + buffer->size);
  }
  if (scopes < 2)
    return;
  MDBuilder md(context);
  MDNode *domain = md.createAnonymousAliasScopeDomain("hlsl.run.buffers");
  SmallVector<Metadata *> scopeNodes;
  for (unsigned i = 0; i < scopes; ++i)
    scopeNodes.push_back(md.createAnonymousAliasScope(domain));
  SmallVector<MDNode *> own, others;
  for (unsigned i = 0; i < scopes; ++i) {
    own.push_back(MDNode::get(context, scopeNodes[i]));
    SmallVector<Metadata *> rest(scopeNodes);
    rest.erase(rest.begin() + i);
    others.push_back(MDNode::get(context, rest));
  }
  for (auto [access, buffer] : bufferAccesses) {
    unsigned scope = scopeOf.lookup(buffer);
    access->setMetadata(LLVMContext::MD_alias_scope, own[scope]);
    access->setMetadata(LLVMContext::MD_noalias, others[scope]);
  }
}

Value *HostLowering::accessPointer(Value *resource, Value *byteOffset,
                                   unsigned bytes, bool store,
                                   Value *extraCondition, Value **inBounds) {
  Value *data = loadField(resource, resource_field::Data, ptrType);
  Value *ok = isInBounds(resource, byteOffset, bytes, extraCondition);
  if (inBounds)
    *inBounds = ok;
  Value *inside = builder.CreateGEP(i8, data, byteOffset);
  Value *outside = builder.CreateConstInBoundsGEP1_32(
      i8, resource, store ? resource_field::Sink : resource_field::Zeros);
  return builder.CreateSelect(ok, inside, outside);
}

Value *HostLowering::texelAddress(Value *resource, Value *x, Value *y,
                                  Value *mip) {
  // Level `mip` is max(1, width >> mip) by max(1, height >> mip) texels at
  // its byte offset; a level past the last is out of bounds.
  Value *levels = loadField(resource, resource_field::MipLevels, i32);
  Value *level = mip ? mip : builder.getInt32(0);
  Value *validLevel = builder.CreateICmpULT(level, levels);
  level = builder.CreateSelect(validLevel, level, builder.getInt32(0));
  Value *width = builder.CreateZExt(
      mipLevelSize(resource, resource_field::Width, level), i64);
  Value *height = builder.CreateZExt(
      mipLevelSize(resource, resource_field::Height, level), i64);
  Value *offsetAddr = builder.CreateGEP(
      i8, resource,
      builder.CreateAdd(builder.getInt64(resource_field::MipOffsets),
                        builder.CreateMul(builder.CreateZExt(level, i64),
                                          builder.getInt64(8))));
  Value *levelOffset = builder.CreateLoad(i64, offsetAddr);
  x = offset64(x);
  y = offset64(y);
  Value *inside = builder.CreateAnd(
      validLevel, builder.CreateAnd(builder.CreateICmpULT(x, width),
                                    builder.CreateICmpULT(y, height)));
  Value *texel = builder.CreateAdd(builder.CreateMul(y, width), x);
  Value *scale = builder.CreateZExt(
      loadField(resource, resource_field::IndexScale, i32), i64);
  return builder.CreateSelect(
      inside, builder.CreateAdd(levelOffset, builder.CreateMul(texel, scale)),
      loadField(resource, resource_field::Size, i64));
}

Value *HostLowering::lowerSample(CallInst &call, unsigned opcode) {
  auto arg = [&](unsigned i) { return call.getArgOperand(i); };
  if (!sampleRequest) {
    IRBuilder<> entry(&*lane->getEntryBlock().getFirstInsertionPt());
    sampleRequest = entry.CreateAlloca(
        ArrayType::get(i32, sample_field::Size / 4), nullptr, "sample.request");
    sampleResult =
        entry.CreateAlloca(ArrayType::get(i32, 4), nullptr, "sample.result");
  }
  Type *f32 = builder.getFloatTy();
  auto store = [&](unsigned field, Value *value, Type *type) {
    if (!value || isa<UndefValue>(value))
      value = Constant::getNullValue(type);
    builder.CreateStore(value,
                        builder.CreateConstGEP1_32(i8, sampleRequest, field));
  };
  SampleRequest::Op op = SampleRequest::SampleLevel;
  switch (opcode) {
  case SampleGrad:
  case Sample:
  case SampleBias:
    op = SampleRequest::SampleGrad;
    break;
  case SampleCmp:
  case SampleCmpBias:
  case SampleCmpGrad:
    op = SampleRequest::SampleCmpGrad;
    break;
  case CalculateLOD:
    op = SampleRequest::CalculateLOD;
    break;
  case SampleCmpLevelZero:
  case SampleCmpLevel:
    op = SampleRequest::SampleCmpLevel;
    break;
  case TextureGather:
    op = SampleRequest::Gather;
    break;
  case TextureGatherCmp:
    op = SampleRequest::GatherCmp;
    break;
  default:
    break;
  }
  bool gather = op == SampleRequest::Gather || op == SampleRequest::GatherCmp;
  store(sample_field::Op, builder.getInt32(op), i32);
  if (opcode == CalculateLOD) {
    // (handle, sampler, coord0..2, clamped): no offsets.
    store(sample_field::Channel, builder.CreateZExt(arg(6), i32), i32);
    store(sample_field::Offset, nullptr, i32);
    store(sample_field::Offset + 4, nullptr, i32);
  } else {
    store(sample_field::Channel, gather ? arg(9) : nullptr, i32);
    store(sample_field::Offset, arg(7), i32);
    store(sample_field::Offset + 4, arg(8), i32);
  }
  store(sample_field::Coord, arg(3), f32);
  store(sample_field::Coord + 4, arg(4), f32);
  Value *lod = nullptr, *compareValue = nullptr, *minLOD = nullptr,
        *bias = nullptr;
  switch (opcode) {
  case Sample:
  case CalculateLOD:
    minLOD = opcode == Sample ? arg(10) : nullptr;
    storeImplicitGradients(call, arg(3), arg(4));
    break;
  case SampleBias:
    bias = arg(10);
    minLOD = arg(11);
    storeImplicitGradients(call, arg(3), arg(4));
    break;
  case SampleCmp:
    compareValue = arg(10);
    minLOD = arg(11);
    storeImplicitGradients(call, arg(3), arg(4));
    break;
  case SampleCmpBias:
    compareValue = arg(10);
    bias = arg(11);
    minLOD = arg(12);
    storeImplicitGradients(call, arg(3), arg(4));
    break;
  case SampleCmpGrad:
    // (..., compare, ddx0..2, ddy0..2, clamp).
    compareValue = arg(10);
    store(sample_field::Ddx, arg(11), f32);
    store(sample_field::Ddx + 4, arg(12), f32);
    store(sample_field::Ddy, arg(14), f32);
    store(sample_field::Ddy + 4, arg(15), f32);
    minLOD = arg(17);
    break;
  case SampleLevel:
    lod = arg(10);
    break;
  case SampleGrad:
    store(sample_field::Ddx, arg(10), f32);
    store(sample_field::Ddx + 4, arg(11), f32);
    store(sample_field::Ddy, arg(13), f32);
    store(sample_field::Ddy + 4, arg(14), f32);
    minLOD = arg(16);
    break;
  case SampleCmpLevelZero:
    compareValue = arg(10);
    break;
  case SampleCmpLevel:
    compareValue = arg(10);
    lod = arg(11);
    break;
  case TextureGatherCmp:
    compareValue = arg(10);
    break;
  default:
    break;
  }
  store(sample_field::Lod, lod, f32);
  store(sample_field::CompareValue, compareValue, f32);
  store(sample_field::MinLOD, minLOD, f32);
  store(sample_field::Bias, bias, f32);
  builder.CreateCall(sampleFn, {getResource(arg(1)), getResource(arg(2)),
                                sampleRequest, sampleResult});
  if (opcode == CalculateLOD)
    return builder.CreateLoad(f32, sampleResult);
  auto *resultType = cast<StructType>(call.getType());
  Type *element = resultType->getElementType(0);
  Value *result = PoisonValue::get(resultType);
  for (unsigned i = 0; i < 4; ++i) {
    Value *word = builder.CreateLoad(
        i32, builder.CreateConstGEP1_32(i8, sampleResult, 4 * i));
    result = builder.CreateInsertValue(result,
                                       builder.CreateBitCast(word, element), i);
  }
  // The status word: the footprint is always mapped.
  return builder.CreateInsertValue(result, builder.getInt32(1), 4);
}

/// Loads the components of a ResRet-returning typed access: component i at
/// `byteBase + i * componentStride`, present when i < channels (if
/// `checkChannels`) and in bounds; absent components read 0.
Value *HostLowering::lowerTypedLoad(CallInst &call, Value *resource,
                                    Value *byteBase, bool checkChannels,
                                    Value *componentStride) {
  auto *resultType = cast<StructType>(call.getType());
  Type *element = resultType->getElementType(0);
  unsigned bytes = element->getScalarSizeInBits() / 8;
  Value *channels = checkChannels
                        ? loadField(resource, resource_field::Channels, i32)
                        : nullptr;
  if (checkChannels && bytes == 4)
    widenWordAccess(resource, componentStride, channels);
  Value *result = PoisonValue::get(resultType);
  Value *allInBounds = builder.getTrue();
  unsigned components = resultType->getNumElements() - 1;
  for (unsigned i = 0; i < components; ++i) {
    Value *offset = builder.CreateAdd(
        byteBase, builder.CreateMul(componentStride, builder.getInt64(i)));
    Value *present = channels
                         ? builder.CreateICmpULT(builder.getInt32(i), channels)
                         : nullptr;
    Value *inBounds = isInBounds(resource, offset, bytes, present);
    if (i == 0)
      allInBounds = inBounds;
    result = builder.CreateInsertValue(
        result, guardedLoad(element, resource, offset, inBounds), i);
  }
  // The status word: CheckAccessFullyMapped is true when the first
  // component was in bounds.
  result = builder.CreateInsertValue(
      result, builder.CreateZExt(allInBounds, i32), components);
  return result;
}

void HostLowering::lowerTypedStore(CallInst &call, Value *resource,
                                   Value *byteBase, ArrayRef<Value *> values,
                                   Value *mask, bool checkChannels,
                                   Value *componentStride) {
  Value *channels = checkChannels
                        ? loadField(resource, resource_field::Channels, i32)
                        : nullptr;
  uint64_t constantMask =
      isa<ConstantInt>(mask) ? cast<ConstantInt>(mask)->getZExtValue() : 0xF;
  if (checkChannels && !values.empty() &&
      values[0]->getType()->getScalarSizeInBits() == 32)
    widenWordAccess(resource, componentStride, channels);
  for (unsigned i = 0; i < values.size(); ++i) {
    if (!(constantMask & (1u << i)) || isa<UndefValue>(values[i]))
      continue;
    Type *type = values[i]->getType();
    unsigned bytes = type->getScalarSizeInBits() / 8;
    Value *offset = builder.CreateAdd(
        byteBase, builder.CreateMul(componentStride, builder.getInt64(i)));
    Value *present = channels
                         ? builder.CreateICmpULT(builder.getInt32(i), channels)
                         : nullptr;
    if (!isa<ConstantInt>(mask)) {
      Value *bit = builder.CreateICmpNE(
          builder.CreateAnd(mask, ConstantInt::get(mask->getType(), 1u << i)),
          ConstantInt::get(mask->getType(), 0));
      present = present ? builder.CreateAnd(present, bit) : bit;
    }
    guardedStore(values[i], resource, offset,
                 isInBounds(resource, offset, bytes, present));
  }
}

static Intrinsic::ID getUnaryIntrinsic(unsigned opcode) {
  switch (opcode) {
  case FAbs:
    return Intrinsic::fabs;
  case Cos:
    return Intrinsic::cos;
  case Sin:
    return Intrinsic::sin;
  case Tan:
    return Intrinsic::tan;
  case Acos:
    return Intrinsic::acos;
  case Asin:
    return Intrinsic::asin;
  case Atan:
    return Intrinsic::atan;
  case Hcos:
    return Intrinsic::cosh;
  case Hsin:
    return Intrinsic::sinh;
  case Htan:
    return Intrinsic::tanh;
  case Exp:
    return Intrinsic::exp2;
  case Log:
    return Intrinsic::log2;
  case Sqrt:
    return Intrinsic::sqrt;
  case RoundNe:
    return Intrinsic::roundeven;
  case RoundNi:
    return Intrinsic::floor;
  case RoundPi:
    return Intrinsic::ceil;
  case RoundZ:
    return Intrinsic::trunc;
  case Bfrev:
    return Intrinsic::bitreverse;
  case FMax:
    return Intrinsic::maxnum;
  case FMin:
    return Intrinsic::minnum;
  case IMax:
    return Intrinsic::smax;
  case IMin:
    return Intrinsic::smin;
  case UMax:
    return Intrinsic::umax;
  case UMin:
    return Intrinsic::umin;
  case Fma:
    return Intrinsic::fma;
  case FMad:
    return Intrinsic::fmuladd;
  default:
    return Intrinsic::not_intrinsic;
  }
}

Error HostLowering::lowerCall(CallInst &call, unsigned opcode,
                              StringRef className) {
  builder.SetInsertPoint(&call);
  auto arg = [&](unsigned i) { return call.getArgOperand(i); };
  auto replace = [&](Value *value) {
    if (value)
      call.replaceAllUsesWith(value);
    call.eraseFromParent();
    return Error::success();
  };
  auto groupId = [&](unsigned c) -> Value * {
    return loadField(groupContext, group_field::GroupId + 4 * c, i32);
  };
  Type *type = call.getType();

  if (Intrinsic::ID id = getUnaryIntrinsic(opcode)) {
    SmallVector<Value *> operands;
    for (unsigned i = 1; i < call.arg_size(); ++i) {
      Value *operand = arg(i);
      // fp32 denormals are zeros of their sign in DXIL's default denorm
      // mode; math library functions (logf...) would not see them as such
      // even where the CPU flushes its own arithmetic (ShaderRunner). FAbs
      // only clears the sign bit: GPUs keep its denormals.
      if (operand->getType()->isFloatTy() && opcode != FAbs) {
        Value *tiny = builder.CreateFCmpOLT(
            builder.CreateUnaryIntrinsic(Intrinsic::fabs, operand),
            ConstantFP::get(operand->getType(), APFloat::getSmallestNormalized(
                                                    APFloat::IEEEsingle())));
        Value *zero = builder.CreateBinaryIntrinsic(
            Intrinsic::copysign, ConstantFP::get(operand->getType(), 0.0),
            operand);
        operand = builder.CreateSelect(tiny, zero, operand);
      }
      operands.push_back(operand);
    }
    return replace(builder.CreateIntrinsic(id, {type}, operands));
  }

  switch (opcode) {
  case Saturate: {
    Value *low = builder.CreateMaxNum(arg(1), ConstantFP::get(type, 0.0));
    return replace(builder.CreateMinNum(low, ConstantFP::get(type, 1.0)));
  }
  case Frc: {
    Value *floor = builder.CreateUnaryIntrinsic(Intrinsic::floor, arg(1));
    return replace(builder.CreateFSub(arg(1), floor));
  }
  case Rsqrt: {
    Value *root = builder.CreateUnaryIntrinsic(Intrinsic::sqrt, arg(1));
    return replace(builder.CreateFDiv(ConstantFP::get(type, 1.0), root));
  }
  case IsNaN:
    return replace(builder.CreateFCmpUNO(arg(1), arg(1)));
  // The status word of a load (see lowerTypedLoad): 1 when it was in
  // bounds, the CPU's notion of fully mapped.
  case CheckAccessFullyMapped:
    return replace(builder.CreateICmpNE(arg(1), builder.getInt32(0)));
  case IsInf:
  case IsFinite: {
    Value *magnitude = builder.CreateUnaryIntrinsic(Intrinsic::fabs, arg(1));
    Value *inf = ConstantFP::getInfinity(arg(1)->getType());
    return replace(opcode == IsInf ? builder.CreateFCmpOEQ(magnitude, inf)
                                   : builder.CreateFCmpOLT(magnitude, inf));
  }
  case IsNormal:
    return replace(builder.createIsFPClass(arg(1), fcNormal));
  case Countbits:
    return replace(builder.CreateZExtOrTrunc(
        builder.CreateUnaryIntrinsic(Intrinsic::ctpop, arg(1)), i32));
  case FirstbitLo:
  case FirstbitHi:
  case FirstbitSHi: {
    // DXIL counts FirstbitLo from the least significant bit and
    // FirstbitHi/SHi from the most significant one; -1 when no bit is
    // found (for SHi: no bit that differs from the sign).
    Value *x = arg(1);
    Type *operand = x->getType();
    if (opcode == FirstbitSHi) {
      Value *negative = builder.CreateICmpSLT(x, ConstantInt::get(operand, 0));
      x = builder.CreateSelect(negative, builder.CreateNot(x), x);
    }
    Value *count = builder.CreateBinaryIntrinsic(
        opcode == FirstbitLo ? Intrinsic::cttz : Intrinsic::ctlz, x,
        builder.getTrue());
    Value *none = builder.CreateICmpEQ(x, ConstantInt::get(operand, 0));
    return replace(builder.CreateSelect(none, builder.getInt32(-1),
                                        builder.CreateZExtOrTrunc(count, i32)));
  }
  case UAddc:
  case USubb: {
    // {result, carry or borrow} of 32-bit unsigned addition / subtraction.
    Value *a = arg(1), *b = arg(2);
    bool add = opcode == UAddc;
    Value *value = add ? builder.CreateAdd(a, b) : builder.CreateSub(a, b);
    Value *flag =
        add ? builder.CreateICmpULT(value, a) : builder.CreateICmpULT(a, b);
    Value *result = PoisonValue::get(call.getType());
    result = builder.CreateInsertValue(result, value, 0);
    return replace(builder.CreateInsertValue(result, flag, 1));
  }
  case IMad:
  case UMad:
    return replace(
        builder.CreateAdd(builder.CreateMul(arg(1), arg(2)), arg(3)));
  case Dot2:
  case Dot3:
  case Dot4: {
    unsigned n = opcode - Dot2 + 2;
    Value *sum = builder.CreateFMul(arg(1), arg(1 + n));
    for (unsigned i = 1; i < n; ++i)
      sum = builder.CreateFAdd(sum,
                               builder.CreateFMul(arg(1 + i), arg(1 + n + i)));
    return replace(sum);
  }
  case Pack4x8: {
    // (mode, x, y, z, w): each lane truncated (mode 0) or clamped to
    // [0, 255] (1) or [-128, 127] (2), then byte i of the result.
    uint64_t mode = cast<ConstantInt>(arg(1))->getZExtValue();
    Value *packed = builder.getInt32(0);
    for (unsigned lane = 0; lane < 4; ++lane) {
      Value *v = builder.CreateSExt(arg(2 + lane), i32);
      if (mode != 0) {
        Value *low = builder.getInt32(mode == 1 ? 0 : -128);
        Value *high = builder.getInt32(mode == 1 ? 255 : 127);
        v = builder.CreateSelect(builder.CreateICmpSLT(v, low), low, v);
        v = builder.CreateSelect(builder.CreateICmpSGT(v, high), high, v);
      }
      Value *byte = builder.CreateAnd(v, builder.getInt32(0xFF));
      packed = builder.CreateOr(
          packed, builder.CreateShl(byte, builder.getInt32(8 * lane)));
    }
    return replace(packed);
  }
  case Unpack4x8: {
    // (mode, packed): the four bytes sign- (mode 1) or zero-extended (0).
    bool sign = cast<ConstantInt>(arg(1))->getZExtValue() == 1;
    auto *result = cast<StructType>(type);
    Type *element = result->getElementType(0);
    Value *value = PoisonValue::get(result);
    for (unsigned lane = 0; lane < 4; ++lane) {
      Value *byte = builder.CreateTrunc(
          builder.CreateLShr(arg(2), builder.getInt32(8 * lane)),
          builder.getInt8Ty());
      value =
          builder.CreateInsertValue(value,
                                    sign ? builder.CreateSExt(byte, element)
                                         : builder.CreateZExt(byte, element),
                                    lane);
    }
    return replace(value);
  }
  case Msad: {
    // c + the sum of |a_i - b_i| over the bytes i where a_i is not zero.
    Value *sum = arg(3);
    for (unsigned lane = 0; lane < 4; ++lane) {
      auto byte = [&](Value *word) {
        return builder.CreateAnd(
            builder.CreateLShr(word, builder.getInt32(8 * lane)),
            builder.getInt32(0xFF));
      };
      Value *a = byte(arg(1)), *b = byte(arg(2));
      Value *difference = builder.CreateSelect(builder.CreateICmpUGE(a, b),
                                               builder.CreateSub(a, b),
                                               builder.CreateSub(b, a));
      Value *masked =
          builder.CreateSelect(builder.CreateICmpEQ(a, builder.getInt32(0)),
                               builder.getInt32(0), difference);
      sum = builder.CreateAdd(sum, masked);
    }
    return replace(sum);
  }
  case Bfi: {
    // Bfi(width, offset, value, replaced): the low `width` bits of value
    // inserted into replaced at `offset` (both taken modulo 32).
    Value *width = builder.CreateAnd(arg(1), builder.getInt32(31));
    Value *offset = builder.CreateAnd(arg(2), builder.getInt32(31));
    Value *ones = builder.CreateSub(
        builder.CreateShl(builder.getInt32(1), width), builder.getInt32(1));
    Value *mask = builder.CreateShl(ones, offset);
    Value *inserted =
        builder.CreateAnd(builder.CreateShl(arg(3), offset), mask);
    return replace(builder.CreateOr(
        inserted, builder.CreateAnd(arg(4), builder.CreateNot(mask))));
  }
  case Dot4AddI8Packed:
  case Dot4AddU8Packed: {
    // acc + the products of the four 8-bit lanes of a and b (sign- or
    // zero-extended), in 32-bit wrapping arithmetic.
    Value *sum = arg(1);
    for (unsigned lane = 0; lane < 4; ++lane) {
      auto byte = [&](Value *word) {
        Value *bits = builder.CreateTrunc(
            builder.CreateLShr(word, builder.getInt32(8 * lane)),
            builder.getInt8Ty());
        return opcode == Dot4AddI8Packed ? builder.CreateSExt(bits, i32)
                                         : builder.CreateZExt(bits, i32);
      };
      sum =
          builder.CreateAdd(sum, builder.CreateMul(byte(arg(2)), byte(arg(3))));
    }
    return replace(sum);
  }
  case Dot2AddHalf: {
    // acc + ax * bx + ay * by with the halves widened to fp32.
    auto wide = [&](unsigned i) {
      return builder.CreateFPExt(arg(i), builder.getFloatTy());
    };
    Value *sum = builder.CreateFAdd(
        arg(1), builder.CreateFAdd(builder.CreateFMul(wide(2), wide(4)),
                                   builder.CreateFMul(wide(3), wide(5))));
    return replace(sum);
  }
  case LegacyF32ToF16: {
    Value *half = builder.CreateFPTrunc(arg(1), builder.getHalfTy());
    return replace(builder.CreateZExt(
        builder.CreateBitCast(half, builder.getInt16Ty()), i32));
  }
  case LegacyF16ToF32: {
    Value *bits = builder.CreateTrunc(arg(1), builder.getInt16Ty());
    return replace(
        builder.CreateFPExt(builder.CreateBitCast(bits, builder.getHalfTy()),
                            builder.getFloatTy()));
  }
  case MakeDouble: {
    Value *low = builder.CreateZExt(arg(1), i64);
    Value *high = builder.CreateShl(builder.CreateZExt(arg(2), i64), 32);
    return replace(builder.CreateBitCast(builder.CreateOr(low, high),
                                         builder.getDoubleTy()));
  }
  case SplitDouble: {
    Value *bits = builder.CreateBitCast(arg(1), i64);
    Value *result = PoisonValue::get(type);
    result =
        builder.CreateInsertValue(result, builder.CreateTrunc(bits, i32), 0);
    result = builder.CreateInsertValue(
        result, builder.CreateTrunc(builder.CreateLShr(bits, 32), i32), 1);
    return replace(result);
  }

  case ThreadId:
    // Group counts are at most 65535 and groups at most 1024 lanes wide:
    // the id never wraps (which lets LLVM see consecutive accesses).
    return replace(selectComponent(arg(1), [&](unsigned c) {
      return builder.CreateAdd(
          builder.CreateMul(groupId(c), builder.getInt32(numThreads[c]), "",
                            /*HasNUW=*/true, /*HasNSW=*/true),
          laneIds[c], "", /*HasNUW=*/true, /*HasNSW=*/true);
    }));
  case GroupId:
    return replace(selectComponent(arg(1), groupId));
  case ThreadIdInGroup:
    return replace(
        selectComponent(arg(1), [&](unsigned c) { return laneIds[c]; }));
  case FlattenedThreadIdInGroup:
    return replace(flatThreadIndex());
  case Barrier: {
    auto *mode = dyn_cast<ConstantInt>(arg(1));
    if (!mode || (mode->getZExtValue() & BarrierSyncThreadGroup)) {
      usesGroupSync = true;
      builder.CreateCall(syncFn, {groupContext});
    } else {
      builder.CreateFence(AtomicOrdering::SequentiallyConsistent);
    }
    return replace(nullptr);
  }

  case CreateHandle: {
    // createHandle(i8 class, i32 rangeId, i32 index, i1 nonUniform): the
    // index is the register; the range gives the space.
    auto *cls = dyn_cast<ConstantInt>(arg(1));
    auto *rangeId = dyn_cast<ConstantInt>(arg(2));
    if (!cls || !rangeId)
      return makeError("createHandle with a non-constant class or range");
    const ShaderResourceRange *range = nullptr;
    for (const ShaderResourceRange &r : ranges)
      if (r.resourceClass == cls->getZExtValue() &&
          r.rangeId == rangeId->getZExtValue())
        range = &r;
    if (!range)
      return makeError("createHandle names range " +
                       Twine(rangeId->getZExtValue()) +
                       ", which !dx.resources does not declare");
    return replace(createHandle(type, builder.getInt32(range->resourceClass),
                                builder.getInt32(range->space), arg(3)));
  }
  case CreateHandleFromBinding: {
    Value *bind = arg(1);
    Value *space = builder.CreateExtractValue(bind, 2);
    Value *cls = builder.CreateZExt(builder.CreateExtractValue(bind, 3), i32);
    return replace(createHandle(type, cls, space, arg(2)));
  }
  case CreateHandleFromHeap: {
    // createHandleFromHeap(i32 index, i1 samplerHeap, i1 nonUniform): the
    // entry of the heap's pseudo class (see RuntimeABI.h).
    auto *samplerHeap = dyn_cast<ConstantInt>(arg(2));
    if (!samplerHeap)
      return makeError("createHandleFromHeap with a non-constant heap");
    unsigned cls = samplerHeap->isOne() ? SamplerHeapClass : ResourceHeapClass;
    return replace(
        createHandle(type, builder.getInt32(cls), builder.getInt32(0), arg(1)));
  }
  case AnnotateHandle:
    return replace(arg(1));

  case CBufferLoadLegacy: {
    Value *resource = getResource(arg(1));
    auto *resultType = cast<StructType>(type);
    Type *element = resultType->getElementType(0);
    unsigned bytes = element->getScalarSizeInBits() / 8;
    // Four 16-bit components of a row: minimum precision, whose values the
    // buffer holds in 32 bits (eight are native 16-bit ones).
    Type *stored = element;
    if (bytes == 2 && resultType->getNumElements() == 4) {
      bytes = 4;
      stored =
          element->isHalfTy() ? builder.getFloatTy() : builder.getInt32Ty();
    }
    Value *row = builder.CreateMul(offset64(arg(2)), builder.getInt64(16));
    Value *result = PoisonValue::get(type);
    for (unsigned i = 0; i < resultType->getNumElements(); ++i) {
      Value *offset = builder.CreateAdd(row, builder.getInt64(i * bytes));
      LoadInst *load = builder.CreateLoad(
          stored, accessPointer(resource, offset, bytes, false));
      load->setAlignment(Align(1));
      // Constant buffers do not change during a dispatch.
      load->setMetadata(LLVMContext::MD_invariant_load,
                        MDNode::get(context, {}));
      Value *value = load;
      if (stored != element)
        value = element->isHalfTy() ? builder.CreateFPTrunc(load, element)
                                    : builder.CreateTrunc(load, element);
      result = builder.CreateInsertValue(result, value, i);
    }
    return replace(result);
  }
  case BufferLoad: {
    // Typed buffers: element `index`, one component per channel.
    Value *resource = getResource(arg(1));
    Value *base = elementAddress(resource, arg(2), arg(3));
    return replace(
        lowerTypedLoad(call, resource, base, true, componentStride(resource)));
  }
  case RawBufferLoad: {
    Value *resource = getResource(arg(1));
    Value *base = elementAddress(resource, arg(2), arg(3));
    auto *resultType = cast<StructType>(type);
    unsigned bytes = resultType->getElementType(0)->getScalarSizeInBits() / 8;
    return replace(
        lowerTypedLoad(call, resource, base, false, builder.getInt64(bytes)));
  }
  case BufferStore: {
    Value *resource = getResource(arg(1));
    Value *base = elementAddress(resource, arg(2), arg(3));
    lowerTypedStore(call, resource, base, {arg(4), arg(5), arg(6), arg(7)},
                    arg(8), true, componentStride(resource));
    return replace(nullptr);
  }
  case RawBufferStore: {
    Value *resource = getResource(arg(1));
    Value *base = elementAddress(resource, arg(2), arg(3));
    unsigned bytes = arg(4)->getType()->getScalarSizeInBits() / 8;
    lowerTypedStore(call, resource, base, {arg(4), arg(5), arg(6), arg(7)},
                    arg(8), false, builder.getInt64(bytes));
    return replace(nullptr);
  }
  case CalculateLOD:
    return replace(lowerSample(call, opcode));
  case Sample:
  case SampleBias:
  case SampleCmp:
  case SampleCmpBias:
  case SampleCmpGrad:
  case SampleLevel:
  case SampleGrad:
  case SampleCmpLevelZero:
  case SampleCmpLevel:
  case TextureGather:
  case TextureGatherCmp:
    if (!cast<StructType>(call.getType())->getElementType(0)->isIntegerTy(32) &&
        !cast<StructType>(call.getType())->getElementType(0)->isFloatTy())
      return makeError("not supported yet: sampling a texture of 16-bit or "
                       "64-bit components in hlsl-run");
    return replace(lowerSample(call, opcode));
  case TextureLoad: {
    // (handle, mip, x, y, z, offset x, y, z): 2D textures.
    Value *resource = getResource(arg(1));
    auto withOffset = [&](Value *coord, Value *offset) {
      return isa<UndefValue>(offset) ? coord : builder.CreateAdd(coord, offset);
    };
    Value *mip = isa<UndefValue>(arg(2)) ? nullptr : arg(2);
    Value *base = texelAddress(resource, withOffset(arg(3), arg(6)),
                               withOffset(arg(4), arg(7)), mip);
    return replace(
        lowerTypedLoad(call, resource, base, true, componentStride(resource)));
  }
  case TextureStore: {
    // (handle, x, y, z, v0..v3, mask).
    Value *resource = getResource(arg(1));
    Value *base = texelAddress(resource, arg(2), arg(3));
    lowerTypedStore(call, resource, base, {arg(5), arg(6), arg(7), arg(8)},
                    arg(9), true, componentStride(resource));
    return replace(nullptr);
  }
  case GetDimensions: {
    // Buffers: the element count (bytes for byte-address buffers);
    // textures: width and height.
    Value *resource = getResource(arg(1));
    Value *size = loadField(resource, resource_field::Size, i64);
    Value *scale = builder.CreateZExt(
        loadField(resource, resource_field::IndexScale, i32), i64);
    scale =
        builder.CreateSelect(builder.CreateICmpEQ(scale, builder.getInt64(0)),
                             builder.getInt64(1), scale);
    Value *count = builder.CreateTrunc(builder.CreateUDiv(size, scale), i32);
    // Textures: level `mip`'s width and height, one slice, the level count.
    Value *mip = isa<UndefValue>(arg(2)) ? builder.getInt32(0) : arg(2);
    Value *height = loadField(resource, resource_field::Height, i32);
    Value *isTexture = builder.CreateICmpNE(height, builder.getInt32(0));
    Value *levels = loadField(resource, resource_field::MipLevels, i32);
    Value *result = PoisonValue::get(type);
    result = builder.CreateInsertValue(
        result,
        builder.CreateSelect(isTexture,
                             mipLevelSize(resource, resource_field::Width, mip),
                             count),
        0);
    result = builder.CreateInsertValue(
        result,
        builder.CreateSelect(
            isTexture, mipLevelSize(resource, resource_field::Height, mip),
            builder.getInt32(0)),
        1);
    result = builder.CreateInsertValue(result,
                                       builder.CreateZExt(isTexture, i32), 2);
    result = builder.CreateInsertValue(
        result, builder.CreateSelect(isTexture, levels, builder.getInt32(0)),
        3);
    return replace(result);
  }
  case BufferUpdateCounter: {
    // IncrementCounter returns the value before, DecrementCounter the
    // value after.
    Value *resource = getResource(arg(1));
    Value *step = builder.CreateSExt(arg(2), i32);
    Value *counter = builder.CreateConstInBoundsGEP1_32(
        i8, resource, resource_field::Counter);
    Value *old =
        builder.CreateAtomicRMW(AtomicRMWInst::Add, counter, step, Align(4),
                                AtomicOrdering::SequentiallyConsistent);
    Value *decrement = builder.CreateICmpSLT(step, builder.getInt32(0));
    return replace(
        builder.CreateSelect(decrement, builder.CreateAdd(old, step), old));
  }
  case AtomicBinOp:
  case AtomicCompareExchange: {
    // (handle, [op,] offset0, offset1, offset2, ...): typed and
    // structured buffers index with offset0 (+ offset1 bytes), raw ones
    // address bytes with offset0.
    Value *resource = getResource(arg(1));
    unsigned first = opcode == AtomicBinOp ? 3 : 2;
    Value *base = elementAddress(resource, arg(first), arg(first + 1));
    unsigned bytes = type->getScalarSizeInBits() / 8;
    Value *inBounds;
    Value *pointer =
        accessPointer(resource, base, bytes, true, nullptr, &inBounds);
    Value *old;
    if (opcode == AtomicCompareExchange) {
      Value *pair =
          builder.CreateAtomicCmpXchg(pointer, arg(5), arg(6), Align(bytes),
                                      AtomicOrdering::SequentiallyConsistent,
                                      AtomicOrdering::SequentiallyConsistent);
      old = builder.CreateExtractValue(pair, 0);
    } else {
      auto *op = dyn_cast<ConstantInt>(arg(2));
      static const AtomicRMWInst::BinOp ops[] = {
          AtomicRMWInst::Add,  AtomicRMWInst::And,  AtomicRMWInst::Or,
          AtomicRMWInst::Xor,  AtomicRMWInst::Min,  AtomicRMWInst::Max,
          AtomicRMWInst::UMin, AtomicRMWInst::UMax, AtomicRMWInst::Xchg};
      if (!op || op->getZExtValue() > 8)
        return makeError("atomicBinOp with an invalid atomic operation");
      old = builder.CreateAtomicRMW(ops[op->getZExtValue()], pointer, arg(6),
                                    Align(bytes),
                                    AtomicOrdering::SequentiallyConsistent);
    }
    return replace(
        builder.CreateSelect(inBounds, old, Constant::getNullValue(type)));
  }
  default:
    break;
  }
  if (isWaveOpcode(opcode) || isDerivativeOpcode(opcode))
    return lowerWaveCall(call, opcode);
  return makeError("not supported yet: dx.op." + className + " (opcode " +
                   Twine(opcode) + ") in hlsl-run");
}

Value *HostLowering::flatThreadIndex() {
  Value *y = builder.CreateMul(laneIds[1], builder.getInt32(numThreads[0]));
  Value *z = builder.CreateMul(laneIds[2],
                               builder.getInt32(numThreads[0] * numThreads[1]));
  return builder.CreateAdd(builder.CreateAdd(z, y), laneIds[0]);
}

Value *HostLowering::groupLaneIndex() {
  uint32_t n[3] = {numThreads[0], numThreads[1], numThreads[2]};
  if (!hasQuadLayout2D(n))
    return flatThreadIndex();
  // z * X * Y + 4 * quad + corner, quad = (y / 2) * (X / 2) + x / 2.
  Value *x = laneIds[0], *y = laneIds[1];
  Value *one = builder.getInt32(1);
  Value *quad = builder.CreateAdd(
      builder.CreateMul(builder.CreateLShr(y, one), builder.getInt32(n[0] / 2)),
      builder.CreateLShr(x, one));
  Value *corner =
      builder.CreateOr(builder.CreateAnd(x, one),
                       builder.CreateShl(builder.CreateAnd(y, one), one));
  Value *plane = builder.CreateMul(laneIds[2], builder.getInt32(n[0] * n[1]));
  return builder.CreateAdd(
      plane,
      builder.CreateOr(builder.CreateShl(quad, builder.getInt32(2)), corner));
}

Error HostLowering::lowerWaveCall(CallInst &call, unsigned opcode) {
  auto arg = [&](unsigned i) { return call.getArgOperand(i); };
  auto constant = [&](unsigned i) -> uint32_t {
    auto *c = dyn_cast<ConstantInt>(arg(i));
    return c ? uint32_t(c->getZExtValue()) : 0;
  };
  auto replace = [&](Value *value) {
    call.replaceAllUsesWith(value);
    call.eraseFromParent();
    return Error::success();
  };
  if (opcode == WaveGetLaneIndex)
    return replace(
        builder.CreateURem(groupLaneIndex(), builder.getInt32(waveSize)));
  if (opcode == WaveGetLaneCount)
    return replace(builder.getInt32(waveSize));

  // Operands after the opcode: the value, then lane indices or a mask
  // (extra), then the operation kinds.
  Value *value = call.arg_size() > 1 ? arg(1) : nullptr;
  SmallVector<Value *, 4> extra;
  uint32_t op = 0, sign = 0;
  switch (opcode) {
  case WaveReadLaneAt:
  case QuadReadLaneAt:
    extra.push_back(arg(2));
    break;
  case WaveActiveOp:
  case WavePrefixOp:
    op = constant(2);
    sign = constant(3);
    break;
  case WaveActiveBit:
  case QuadOp:
  case QuadVote:
    op = constant(2);
    break;
  case WaveMultiPrefixOp:
    extra.append({arg(2), arg(3), arg(4), arg(5)});
    op = constant(6);
    sign = constant(7);
    break;
  case WaveMultiPrefixBitCount:
    extra.append({arg(2), arg(3), arg(4), arg(5)});
    break;
  default:
    break;
  }
  WaveValueType type = WaveValueType::I1;
  if (value) {
    Type *valueType = value->getType();
    if (valueType->isHalfTy())
      type = WaveValueType::F16;
    else if (valueType->isFloatTy())
      type = WaveValueType::F32;
    else if (valueType->isDoubleTy())
      type = WaveValueType::F64;
    else if (valueType->isIntegerTy(1))
      type = WaveValueType::I1;
    else if (valueType->isIntegerTy(16))
      type = WaveValueType::I16;
    else if (valueType->isIntegerTy(32))
      type = WaveValueType::I32;
    else if (valueType->isIntegerTy(64))
      type = WaveValueType::I64;
    else
      return makeError("not supported yet: a wave operation on " +
                       Twine(call.getCalledFunction()->getName()) +
                       " operands in hlsl-run");
  }

  Value *waveResult = emitWaveCall(call, opcode, type, op, sign, value, extra);
  Type *resultType = call.getType();
  if (auto *words = dyn_cast<StructType>(resultType)) {
    // Ballots and matches: %dx.types.fouri32.
    Value *result = PoisonValue::get(words);
    for (unsigned i = 0; i < words->getNumElements(); ++i)
      result = builder.CreateInsertValue(
          result,
          builder.CreateLoad(i32,
                             builder.CreateConstGEP1_32(i32, waveResult, i)),
          i);
    return replace(result);
  }
  return replace(builder.CreateLoad(resultType, waveResult));
}

Value *HostLowering::emitWaveCall(CallInst &call, uint32_t opcode,
                                  WaveValueType type, uint32_t op,
                                  uint32_t sign, Value *value,
                                  ArrayRef<Value *> extra) {
  usesWaveOps = true;
  IRBuilder<> entry(&*lane->getEntryBlock().getFirstInsertionPt());
  if (!noWaveValue) {
    noWaveValue = entry.CreateAlloca(i64, nullptr, "wave.novalue");
    noWaveExtra =
        entry.CreateAlloca(ArrayType::get(i32, 4), nullptr, "wave.noextra");
    size_t depth = 0;
    for (auto &loops : waveLoops)
      depth = std::max(depth, loops.second.size());
    waveIterations =
        entry.CreateAlloca(ArrayType::get(i32, std::max<size_t>(2 * depth, 1)),
                           nullptr, "wave.iterations");
  }
  // The runtime reads the operand's bytes and as many extra words as the
  // operation takes, and writes at most 16 bytes of result.
  Value *waveValue = noWaveValue, *waveExtra = noWaveExtra;
  if (value) {
    waveValue = entry.CreateAlloca(value->getType(), nullptr, "wave.value");
    builder.CreateStore(value, waveValue);
  }
  if (!extra.empty())
    waveExtra = entry.CreateAlloca(ArrayType::get(i32, extra.size()), nullptr,
                                   "wave.extra");
  for (auto [i, word] : llvm::enumerate(extra))
    builder.CreateStore(word, builder.CreateConstGEP1_32(i32, waveExtra, i));
  Value *waveResult =
      entry.CreateAlloca(ArrayType::get(i64, 2), nullptr, "wave.result");
  // The loops around the call: (loop id, iteration) pairs.
  const auto &loops = waveLoops[&call];
  for (auto [i, loop] : llvm::enumerate(loops)) {
    builder.CreateStore(builder.getInt32(loop.first),
                        builder.CreateConstGEP1_32(i32, waveIterations, 2 * i));
    builder.CreateStore(
        builder.CreateLoad(i32, loop.second),
        builder.CreateConstGEP1_32(i32, waveIterations, 2 * i + 1));
  }
  Value *args[wave_arg::Depth + 1];
  args[wave_arg::Group] = groupContext;
  args[wave_arg::CallSite] = builder.getInt32(waveCallSites.lookup(&call));
  args[wave_arg::Opcode] = builder.getInt32(opcode);
  args[wave_arg::Type] = builder.getInt32(uint32_t(type));
  args[wave_arg::Op] = builder.getInt32(op);
  args[wave_arg::Sign] = builder.getInt32(sign);
  args[wave_arg::Value] = waveValue;
  args[wave_arg::Extra] = waveExtra;
  args[wave_arg::Result] = waveResult;
  args[wave_arg::Iterations] = waveIterations;
  args[wave_arg::Depth] = builder.getInt32(loops.size());
  builder.CreateCall(waveFn, args);
  return waveResult;
}

void HostLowering::storeImplicitGradients(CallInst &call, Value *u, Value *v) {
  Type *f32 = builder.getFloatTy();
  Value *coord = PoisonValue::get(FixedVectorType::get(f32, 2));
  coord = builder.CreateInsertElement(coord, u, uint64_t(0));
  coord = builder.CreateInsertElement(coord, v, uint64_t(1));
  Value *waveResult = emitWaveCall(call, QuadGradientOpcode, WaveValueType::F32,
                                   0, 0, coord, {});
  for (unsigned i = 0; i < 4; ++i) {
    Value *word = builder.CreateLoad(
        i32, builder.CreateConstGEP1_32(i8, waveResult, 4 * i));
    builder.CreateStore(word,
                        builder.CreateConstGEP1_32(i8, sampleRequest,
                                                   sample_field::Ddx + 4 * i));
  }
}

void HostLowering::planWaveCalls() {
  DominatorTree dominators(*lane);
  LoopInfo loops(dominators);

  // Number the wave operations in a reverse post-order that puts a loop's
  // blocks before the blocks after it: the runtime executes the waiting
  // lanes' earliest call first, and a lane that left a loop must wait for
  // the lanes still in it. (The DFS enters the successors that leave the
  // innermost loop first, so they finish first and come last.)
  std::vector<BasicBlock *> postOrder;
  DenseSet<BasicBlock *> visited;
  SmallVector<std::pair<BasicBlock *, SmallVector<BasicBlock *, 4>>> stack;
  auto push = [&](BasicBlock *block) {
    visited.insert(block);
    Loop *loop = loops.getLoopFor(block);
    SmallVector<BasicBlock *, 4> inside, outside;
    for (BasicBlock *succ : successors(block))
      (loop && loop->contains(succ) ? inside : outside).push_back(succ);
    // Popped from the back: outside ones first.
    SmallVector<BasicBlock *, 4> order(inside.rbegin(), inside.rend());
    order.append(outside.rbegin(), outside.rend());
    stack.push_back({block, std::move(order)});
  };
  push(&lane->getEntryBlock());
  while (!stack.empty()) {
    auto &[block, pending] = stack.back();
    if (pending.empty()) {
      postOrder.push_back(block);
      stack.pop_back();
      continue;
    }
    BasicBlock *next = pending.pop_back_val();
    if (!visited.count(next))
      push(next);
  }
  uint32_t site = 0;
  for (BasicBlock *block : llvm::reverse(postOrder))
    for (Instruction &inst : *block)
      if (auto *call = dyn_cast<CallInst>(&inst))
        if (auto it = waveCallSites.find(call); it != waveCallSites.end())
          it->second = site++;

  DenseMap<Loop *, Value *> counters;
  IRBuilder<> entry(&*lane->getEntryBlock().getFirstInsertionPt());
  auto counterOf = [&](Loop *loop) {
    Value *&counter = counters[loop];
    if (counter)
      return counter;
    counter = entry.CreateAlloca(i32, nullptr, "loop.iteration");
    // Zero on entering the loop, one more on every back edge.
    for (BasicBlock *pred : predecessors(loop->getHeader())) {
      IRBuilder<> at(pred->getTerminator());
      if (loop->contains(pred))
        at.CreateStore(
            at.CreateAdd(at.CreateLoad(i32, counter), at.getInt32(1)), counter);
      else
        at.CreateStore(at.getInt32(0), counter);
    }
    return counter;
  };
  DenseMap<Loop *, uint32_t> ids;
  for (auto &[call, site] : waveCallSites) {
    SmallVector<std::pair<uint32_t, Value *>, 2> around;
    for (Loop *loop = loops.getLoopFor(call->getParent()); loop;
         loop = loop->getParentLoop())
      around.push_back(
          {ids.try_emplace(loop, ids.size()).first->second, counterOf(loop)});
    std::reverse(around.begin(), around.end());
    waveLoops[call] = std::move(around);
  }
}

Error HostLowering::lowerGroupShared() {
  SmallVector<GlobalVariable *> shared, statics;
  for (GlobalVariable &global : module.globals()) {
    if (global.getAddressSpace() == 3) {
      shared.push_back(&global);
      continue;
    }
    if (!global.isConstant() && !global.use_empty())
      statics.push_back(&global);
  }
  // Static variables the shader writes belong to each lane: a slot on the
  // lane's stack, initialized on entry.
  if (!statics.empty()) {
    SmallVector<Constant *> constants(statics.begin(), statics.end());
    convertUsersOfConstantsToInstructions(constants);
    for (GlobalVariable *global : statics) {
      for (User *user : global->users())
        if (!isa<Instruction>(user) ||
            cast<Instruction>(user)->getFunction() != lane)
          return makeError("not supported yet: static variable '" +
                           global->getName() +
                           "' used outside the entry function");
      builder.SetInsertPoint(&*lane->getEntryBlock().getFirstInsertionPt());
      AllocaInst *slot = builder.CreateAlloca(global->getValueType(), nullptr,
                                              global->getName());
      slot->setAlignment(std::max(
          global->getAlign().valueOrOne(),
          module.getDataLayout().getABITypeAlign(global->getValueType())));
      Constant *initial = global->hasInitializer()
                              ? global->getInitializer()
                              : Constant::getNullValue(global->getValueType());
      builder.CreateStore(initial, slot);
      global->replaceAllUsesWith(slot);
      global->eraseFromParent();
    }
  }
  if (shared.empty())
    return Error::success();
  const DataLayout &layout = module.getDataLayout();
  DenseMap<GlobalVariable *, uint64_t> offsets;
  for (GlobalVariable *global : shared) {
    Align align = std::max(global->getAlign().valueOrOne(),
                           layout.getABITypeAlign(global->getValueType()));
    groupSharedBytes = alignTo(groupSharedBytes, align);
    offsets[global] = groupSharedBytes;
    groupSharedBytes += layout.getTypeAllocSize(global->getValueType());
  }
  SmallVector<Constant *> constants(shared.begin(), shared.end());
  convertUsersOfConstantsToInstructions(constants);
  for (GlobalVariable *global : shared) {
    Value *address = nullptr;
    for (Use &use : make_early_inc_range(global->uses())) {
      auto *user = dyn_cast<Instruction>(use.getUser());
      if (!user)
        return makeError("groupshared variable '" + global->getName() +
                         "' used outside a function");
      if (user->getFunction() != lane)
        return makeError("not supported yet: groupshared variable '" +
                         global->getName() +
                         "' used outside the entry function");
      if (!address) {
        // (No guard: the builder's last position was a lowered call that
        // no longer exists.)
        builder.SetInsertPoint(&*lane->getEntryBlock().getFirstInsertionPt());
        Value *base =
            loadField(groupContext, group_field::GroupShared, ptrType);
        Value *field =
            builder.CreateConstInBoundsGEP1_64(i8, base, offsets[global]);
        address = builder.CreateAddrSpaceCast(field, global->getType(),
                                              global->getName());
      }
      use.set(address);
    }
    global->eraseFromParent();
  }
  return Error::success();
}

Error HostLowering::createLaneFunction(Function *entry) {
  if (!entry->arg_empty() || !entry->getReturnType()->isVoidTy())
    return makeError("the entry function '" + entry->getName() +
                     "' must take no arguments and return void");
  Type *voidType = builder.getVoidTy();
  lane = Function::Create(
      FunctionType::get(voidType, {ptrType, i32, i32, i32}, false),
      GlobalValue::ExternalLinkage, HostLaneFunctionName, module);
  lane->splice(lane->end(), entry);
  lane->copyAttributesFrom(entry);
  lane->setLinkage(GlobalValue::ExternalLinkage);
  // The group function runs the lanes in a loop; inlining the lane there
  // lets the optimizer hoist what does not depend on the thread.
  lane->addFnAttr(Attribute::AlwaysInline);
  groupContext = lane->getArg(0);
  groupContext->setName("group");
  static const char *names[] = {"x", "y", "z"};
  for (unsigned i = 0; i < 3; ++i) {
    laneIds[i] = lane->getArg(1 + i);
    laneIds[i]->setName(names[i]);
  }
  entry->eraseFromParent();
  return Error::success();
}

void HostLowering::createGroupFunction() {
  // for (i = 0; i < X*Y*Z; ++i) lane(group, i % X, i / X % Y, i / (X*Y))
  Function *group = Function::Create(
      FunctionType::get(builder.getVoidTy(), {ptrType}, false),
      GlobalValue::ExternalLinkage, HostGroupFunctionName, module);
  BasicBlock *entry = BasicBlock::Create(context, "entry", group);
  BasicBlock *loop = BasicBlock::Create(context, "lanes", group);
  BasicBlock *exit = BasicBlock::Create(context, "exit", group);
  builder.SetInsertPoint(entry);
  builder.CreateBr(loop);
  builder.SetInsertPoint(loop);
  PHINode *index = builder.CreatePHI(i32, 2, "lane");
  index->addIncoming(builder.getInt32(0), entry);
  Value *x = builder.CreateURem(index, builder.getInt32(numThreads[0]));
  Value *rows = builder.CreateUDiv(index, builder.getInt32(numThreads[0]));
  Value *y = builder.CreateURem(rows, builder.getInt32(numThreads[1]));
  Value *z = builder.CreateUDiv(
      index, builder.getInt32(numThreads[0] * numThreads[1]));
  builder.CreateCall(lane, {group->getArg(0), x, y, z});
  Value *next = builder.CreateAdd(index, builder.getInt32(1));
  index->addIncoming(next, loop);
  uint32_t lanes = numThreads[0] * numThreads[1] * numThreads[2];
  builder.CreateCondBr(builder.CreateICmpULT(next, builder.getInt32(lanes)),
                       loop, exit);
  builder.SetInsertPoint(exit);
  builder.CreateRetVoid();
}

/// GPUs never trap on integer division; x86 does (SIGFPE) on a zero divisor
/// and on INT_MIN / -1. Each division gets a divisor that cannot trap, and a
/// zero divisor gives all bits set (D3D's rule for unsigned division, used
/// for signed division and remainders too); INT_MIN / -1 divides by 1
/// instead (INT_MIN, remainder 0), which is what wrapping hardware gives.
static void guardIntegerDivisions(Function &function) {
  SmallVector<BinaryOperator *> divisions;
  for (Instruction &inst : instructions(function))
    if (auto *op = dyn_cast<BinaryOperator>(&inst))
      if (op->getOpcode() == Instruction::UDiv ||
          op->getOpcode() == Instruction::SDiv ||
          op->getOpcode() == Instruction::URem ||
          op->getOpcode() == Instruction::SRem)
        divisions.push_back(op);
  for (BinaryOperator *division : divisions) {
    bool isSigned = division->getOpcode() == Instruction::SDiv ||
                    division->getOpcode() == Instruction::SRem;
    Value *dividend = division->getOperand(0);
    Value *divisor = division->getOperand(1);
    if (auto *constant = dyn_cast<Constant>(divisor);
        constant && !constant->containsUndefOrPoisonElement() &&
        !constant->isZeroValue() && !constant->containsConstantExpression() &&
        !(isSigned &&
          (constant->isAllOnesValue() || isa<ConstantVector>(constant))))
      continue;
    Type *type = divisor->getType();
    unsigned bits = type->getScalarSizeInBits();
    IRBuilder<> builder(division);
    Value *byZero = builder.CreateICmpEQ(divisor, Constant::getNullValue(type));
    Value *trapping = byZero;
    if (isSigned)
      trapping = builder.CreateOr(
          byZero,
          builder.CreateAnd(
              builder.CreateICmpEQ(
                  dividend,
                  ConstantInt::get(type, APInt::getSignedMinValue(bits))),
              builder.CreateICmpEQ(divisor, Constant::getAllOnesValue(type))));
    division->setOperand(
        1, builder.CreateSelect(trapping, ConstantInt::get(type, 1), divisor));
    builder.SetInsertPoint(division->getNextNode());
    Value *result =
        builder.CreateSelect(byZero, Constant::getAllOnesValue(type), division);
    division->replaceUsesWithIf(
        result, [&](Use &use) { return use.getUser() != result; });
  }
}

Expected<HostShaderInfo> HostLowering::run(StringRef entryName) {
  Function *entry = module.getFunction(entryName);
  if (!entry || entry->isDeclaration())
    return makeError("the module has no entry function '" + entryName + "'");
  if (Error error = createLaneFunction(entry))
    return std::move(error);
  guardIntegerDivisions(*lane);
  SmallVector<CallInst *> calls;
  for (Function &func : module)
    if (func.getName().starts_with("dx.op."))
      for (User *user : func.users())
        if (auto *call = dyn_cast<CallInst>(user))
          calls.push_back(call);
  // One pass over the lane: whether it computes with doubles, and its wave
  // operations (numbered by planWaveCalls).
  bool usesDoubles = false;
  for (Instruction &inst : instructions(*lane)) {
    usesDoubles |= inst.getType()->getScalarType()->isDoubleTy() ||
                   llvm::any_of(inst.operands(), [](const Use &use) {
                     return use->getType()->getScalarType()->isDoubleTy();
                   });
    if (auto *call = dyn_cast<CallInst>(&inst))
      if (Function *callee = call->getCalledFunction();
          callee && callee->getName().starts_with("dx.op.") && call->arg_size())
        if (auto *opcode = dyn_cast<ConstantInt>(call->getArgOperand(0));
            opcode && runsPerQuadOrWave(opcode->getZExtValue()))
          waveCallSites.try_emplace(call, 0);
  }
  if (!waveCallSites.empty())
    planWaveCalls();
  for (CallInst *call : calls) {
    StringRef name = call->getCalledFunction()->getName();
    if (call->getFunction() != lane)
      return makeError("not supported yet: " + name +
                       " outside the entry function (DXIL inlines every "
                       "call into the entry)");
    StringRef className = name.drop_front(strlen("dx.op.")).split('.').first;
    auto *opcode = call->arg_size()
                       ? dyn_cast<ConstantInt>(call->getArgOperand(0))
                       : nullptr;
    if (!opcode)
      return makeError("call to " + name + " without a constant opcode");
    if (Error error = lowerCall(*call, opcode->getZExtValue(), className))
      return std::move(error);
  }
  for (Function &func : make_early_inc_range(module))
    if (func.getName().starts_with("dx.op.")) {
      if (!func.use_empty())
        return makeError(func.getName() + " is used other than by calls");
      func.eraseFromParent();
    }
  if (Error error = lowerGroupShared())
    return std::move(error);
  annotateBufferAliasing();
  createGroupFunction();
  HostShaderInfo info;
  if (usesWaveOps && !usesGroupSync)
    if (std::optional<uint64_t> frameBytes = buildLockstepWaveFunction(
            module, *lane, waveFn.getCallee()->getName(), numThreads, waveSize))
      info.waveFrameBytes = *frameBytes;
  if (usesGroupSync && !usesWaveOps)
    if (std::optional<uint64_t> frameBytes = buildLockstepGroupFunction(
            module, *lane, syncFn.getCallee()->getName(), numThreads))
      info.groupFrameBytes = *frameBytes;
  info.groupSharedBytes = groupSharedBytes;
  info.usesGroupSync = usesGroupSync;
  info.usesWaveOps = usesWaveOps;
  info.usesDoubles = usesDoubles;
  return info;
}

Expected<HostShaderInfo> mlir::hlsl::exec::lowerDXILForHost(
    Module &module, StringRef entryName, std::array<uint32_t, 3> numThreads,
    uint32_t waveSize, ResourceResolver resolve) {
  Expected<std::vector<ShaderResourceRange>> ranges =
      readShaderResources(module);
  if (!ranges)
    return ranges.takeError();
  HostLowering lowering(module, std::move(*ranges), numThreads, waveSize,
                        resolve);
  return lowering.run(entryName);
}
