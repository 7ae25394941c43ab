//===- InstructionCounters.cpp - DXC's instruction statistics -------------===//
//
// Every instruction counts once in `insts`; on top of that DXC puts each
// instruction in at most one category by its kind: allocas of arrays add
// their size, loads and stores through a pointer into an array add an
// access of the array's memory (local, static global or groupshared),
// conditional branches count as branches, DXIL operation calls count by
// opcode, every other instruction by its LLVM opcode. Pointers are traced
// to their root through GEPs and casts; an access whose root is an argument,
// a phi or a select counts in no memory class, as in DXC.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/InstructionCounters.h"

#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/DerivedTypes.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/MathExtras.h"

#include <optional>

using namespace llvm;

namespace mlir::hlsl::dxil {

namespace {

using Counter = InstructionCounters::Counter;

/// DXC's counter names, indexed by Counter.
constexpr StringLiteral kCounterNames[] = {"array_local_bytes",
                                           "array_local_ldst",
                                           "array_static_bytes",
                                           "array_static_ldst",
                                           "array_tgsm_bytes",
                                           "array_tgsm_ldst",
                                           "atomic",
                                           "barrier",
                                           "branches",
                                           "fence",
                                           "floats",
                                           "gs_cut",
                                           "gs_emit",
                                           "insts",
                                           "ints",
                                           "sig_ld",
                                           "sig_st",
                                           "tex_bias",
                                           "tex_cmp",
                                           "tex_grad",
                                           "tex_load",
                                           "tex_norm",
                                           "tex_store",
                                           "uints"};
static_assert(std::size(kCounterNames) == InstructionCounters::NumCounters);

struct OpcodeCounter {
  Opcode opcode;
  Counter counter;
};

/// The DXIL operations DXC counts, with their category. An operation may
/// count in two categories (EmitThenCutStream; the vector reductions count
/// as signed and unsigned).
constexpr OpcodeCounter kOpcodeCounters[] = {
    {BufferUpdateCounter, Counter::Atomic},
    {AtomicBinOp, Counter::Atomic},
    {AtomicCompareExchange, Counter::Atomic},
    {Barrier, Counter::Barrier},
    {BarrierByMemoryType, Counter::Barrier},
    {BarrierByMemoryHandle, Counter::Barrier},
    {BarrierByNodeRecordHandle, Counter::Barrier},
    {FAbs, Counter::Floats},
    {Saturate, Counter::Floats},
    {IsNaN, Counter::Floats},
    {IsInf, Counter::Floats},
    {IsFinite, Counter::Floats},
    {IsNormal, Counter::Floats},
    {Cos, Counter::Floats},
    {Sin, Counter::Floats},
    {Tan, Counter::Floats},
    {Acos, Counter::Floats},
    {Asin, Counter::Floats},
    {Atan, Counter::Floats},
    {Hcos, Counter::Floats},
    {Hsin, Counter::Floats},
    {Htan, Counter::Floats},
    {Exp, Counter::Floats},
    {Frc, Counter::Floats},
    {Log, Counter::Floats},
    {Sqrt, Counter::Floats},
    {Rsqrt, Counter::Floats},
    {RoundNe, Counter::Floats},
    {RoundNi, Counter::Floats},
    {RoundPi, Counter::Floats},
    {RoundZ, Counter::Floats},
    {FMax, Counter::Floats},
    {FMin, Counter::Floats},
    {Fma, Counter::Floats},
    {Dot2, Counter::Floats},
    {Dot3, Counter::Floats},
    {Dot4, Counter::Floats},
    {Dot2AddHalf, Counter::Floats},
    {FDot, Counter::Floats},
    {CutStream, Counter::GSCut},
    {EmitThenCutStream, Counter::GSCut},
    {EmitStream, Counter::GSEmit},
    {EmitThenCutStream, Counter::GSEmit},
    {IMax, Counter::Ints},
    {IMin, Counter::Ints},
    {IMul, Counter::Ints},
    {IMad, Counter::Ints},
    {Ibfe, Counter::Ints},
    {Dot4AddI8Packed, Counter::Ints},
    {VectorReduceAnd, Counter::Ints},
    {VectorReduceOr, Counter::Ints},
    {LoadInput, Counter::SignatureLoads},
    {LoadOutputControlPoint, Counter::SignatureLoads},
    {LoadPatchConstant, Counter::SignatureLoads},
    {StoreOutput, Counter::SignatureStores},
    {StorePatchConstant, Counter::SignatureStores},
    {StoreVertexOutput, Counter::SignatureStores},
    {StorePrimitiveOutput, Counter::SignatureStores},
    {SampleBias, Counter::TextureBias},
    {SampleCmp, Counter::TextureCompare},
    {SampleCmpLevelZero, Counter::TextureCompare},
    {TextureGatherCmp, Counter::TextureCompare},
    {SampleCmpLevel, Counter::TextureCompare},
    {SampleCmpGrad, Counter::TextureCompare},
    {SampleCmpBias, Counter::TextureCompare},
    {SampleGrad, Counter::TextureGradient},
    {TextureLoad, Counter::TextureLoad},
    {BufferLoad, Counter::TextureLoad},
    {RawBufferLoad, Counter::TextureLoad},
    {RawBufferVectorLoad, Counter::TextureLoad},
    {Sample, Counter::TextureNormal},
    {SampleLevel, Counter::TextureNormal},
    {TextureGather, Counter::TextureNormal},
    {TextureGatherRaw, Counter::TextureNormal},
    {TextureStore, Counter::TextureStore},
    {BufferStore, Counter::TextureStore},
    {RawBufferStore, Counter::TextureStore},
    {WriteSamplerFeedback, Counter::TextureStore},
    {WriteSamplerFeedbackBias, Counter::TextureStore},
    {WriteSamplerFeedbackLevel, Counter::TextureStore},
    {WriteSamplerFeedbackGrad, Counter::TextureStore},
    {TextureStoreSample, Counter::TextureStore},
    {RawBufferVectorStore, Counter::TextureStore},
    {Bfrev, Counter::Uints},
    {Countbits, Counter::Uints},
    {FirstbitLo, Counter::Uints},
    {FirstbitHi, Counter::Uints},
    {FirstbitSHi, Counter::Uints},
    {UMax, Counter::Uints},
    {UMin, Counter::Uints},
    {UMul, Counter::Uints},
    {UDiv, Counter::Uints},
    {UAddc, Counter::Uints},
    {USubb, Counter::Uints},
    {UMad, Counter::Uints},
    {Msad, Counter::Uints},
    {Ubfe, Counter::Uints},
    {Bfi, Counter::Uints},
    {Dot4AddU8Packed, Counter::Uints},
    {VectorReduceAnd, Counter::Uints},
    {VectorReduceOr, Counter::Uints},
};

/// The category of an instruction that is neither a call, a memory access,
/// an alloca nor a branch.
std::optional<Counter> llvmOpcodeCounter(unsigned opcode) {
  switch (opcode) {
  case Instruction::AtomicCmpXchg:
  case Instruction::AtomicRMW:
    return Counter::Atomic;
  case Instruction::Fence:
    return Counter::Fence;
  case Instruction::FAdd:
  case Instruction::FSub:
  case Instruction::FMul:
  case Instruction::FDiv:
  case Instruction::FRem:
  case Instruction::FPToUI:
  case Instruction::FPToSI:
  case Instruction::UIToFP:
  case Instruction::SIToFP:
  case Instruction::FPTrunc:
  case Instruction::FPExt:
  case Instruction::FCmp:
    return Counter::Floats;
  case Instruction::Add:
  case Instruction::Sub:
  case Instruction::Mul:
  case Instruction::SDiv:
  case Instruction::SRem:
  case Instruction::AShr:
  case Instruction::Trunc:
  case Instruction::SExt:
  case Instruction::ICmp:
    return Counter::Ints;
  case Instruction::UDiv:
  case Instruction::URem:
  case Instruction::Shl:
  case Instruction::LShr:
  case Instruction::And:
  case Instruction::Or:
  case Instruction::Xor:
  case Instruction::ZExt:
    return Counter::Uints;
  default:
    return std::nullopt;
  }
}

uint64_t allocSize(Type *type, bool nativeLowPrecision);

/// The alignment of `type` under DXIL's data layout: a scalar's is its size
/// (i1's is 4), an aggregate's that of its most aligned element.
uint64_t alignment(Type *type, bool nativeLowPrecision) {
  if (auto *array = dyn_cast<ArrayType>(type))
    return alignment(array->getElementType(), nativeLowPrecision);
  if (auto *structType = dyn_cast<StructType>(type)) {
    uint64_t result = 1;
    for (Type *field : structType->elements())
      result = std::max(result, alignment(field, nativeLowPrecision));
    return result;
  }
  return allocSize(type, nativeLowPrecision);
}

/// The bytes a value of `type` takes in memory under DXIL's data layout
/// (LLVM 22 cannot parse the legacy layout, where i8 and i16 are 32-bit
/// aligned, so it is not asked).
uint64_t allocSize(Type *type, bool nativeLowPrecision) {
  if (auto *array = dyn_cast<ArrayType>(type))
    return array->getNumElements() *
           allocSize(array->getElementType(), nativeLowPrecision);
  if (auto *structType = dyn_cast<StructType>(type)) {
    uint64_t size = 0;
    for (Type *field : structType->elements())
      size = alignTo(size, alignment(field, nativeLowPrecision)) +
             allocSize(field, nativeLowPrecision);
    return alignTo(size, alignment(type, nativeLowPrecision));
  }
  if (auto *vector = dyn_cast<FixedVectorType>(type))
    return PowerOf2Ceil(
        vector->getNumElements() *
        allocSize(vector->getElementType(), nativeLowPrecision));
  if (type->isPointerTy())
    return 4;
  uint64_t bits = type->getPrimitiveSizeInBits().getFixedValue();
  if (bits <= 1 || (bits < 32 && !nativeLowPrecision))
    return 4;
  return bits / 8;
}

enum class MemoryClass { Unknown, Local, Static, GroupShared };

struct PointerRoot {
  MemoryClass memory = MemoryClass::Unknown;
  bool isArray = false;
};

constexpr unsigned kGroupSharedAddressSpace = 3;

/// The memory a global array lives in, as DXC classifies globals.
PointerRoot classifyGlobal(const GlobalVariable &global) {
  PointerRoot root;
  root.isArray = global.getValueType()->isArrayTy();
  if (global.getAddressSpace() == kGroupSharedAddressSpace)
    root.memory = MemoryClass::GroupShared;
  else if (!global.isConstant() && global.hasInternalLinkage() &&
           global.getAddressSpace() == 0)
    root.memory = MemoryClass::Static;
  return root;
}

/// Follows GEPs and casts to the object a pointer points into.
PointerRoot classifyPointer(const Value *pointer) {
  while (true) {
    if (const auto *gep = dyn_cast<GEPOperator>(pointer)) {
      pointer = gep->getPointerOperand();
      continue;
    }
    if (const auto *cast = dyn_cast<BitCastOperator>(pointer)) {
      pointer = cast->getOperand(0);
      continue;
    }
    if (const auto *cast = dyn_cast<AddrSpaceCastOperator>(pointer)) {
      pointer = cast->getPointerOperand();
      continue;
    }
    break;
  }
  if (const auto *global = dyn_cast<GlobalVariable>(pointer))
    return classifyGlobal(*global);
  if (const auto *alloca = dyn_cast<AllocaInst>(pointer))
    return {MemoryClass::Local, alloca->getAllocatedType()->isArrayTy()};
  return {};
}

/// The DXIL opcode of a `dx.op.*` call, if it is one.
std::optional<unsigned> dxilOpcode(const CallInst &call) {
  const Function *callee = call.getCalledFunction();
  if (!callee || !callee->getName().starts_with("dx.op.") ||
      call.arg_size() == 0)
    return std::nullopt;
  if (const auto *opcode = dyn_cast<ConstantInt>(call.getArgOperand(0)))
    return opcode->getZExtValue();
  return std::nullopt;
}

} // namespace

StringRef InstructionCounters::name(Counter counter) {
  return kCounterNames[counter];
}

InstructionCounters countInstructions(const Module &module,
                                      bool nativeLowPrecision,
                                      unsigned insertedCasts) {
  InstructionCounters counters;
  auto &values = counters.values;
  for (const GlobalVariable &global : module.globals()) {
    PointerRoot root = classifyGlobal(global);
    if (!root.isArray)
      continue;
    uint64_t size = allocSize(global.getValueType(), nativeLowPrecision);
    if (root.memory == MemoryClass::Static)
      values[Counter::ArrayStaticBytes] += size;
    else if (root.memory == MemoryClass::GroupShared)
      values[Counter::ArrayGroupSharedBytes] += size;
  }

  values[Counter::Instructions] += insertedCasts;
  for (const Function &function : module) {
    for (const BasicBlock &block : function) {
      for (const Instruction &inst : block) {
        ++values[Counter::Instructions];
        if (const auto *alloca = dyn_cast<AllocaInst>(&inst)) {
          if (alloca->getAllocatedType()->isArrayTy())
            values[Counter::ArrayLocalBytes] +=
                allocSize(alloca->getAllocatedType(), nativeLowPrecision);
        } else if (const auto *call = dyn_cast<CallInst>(&inst)) {
          if (std::optional<unsigned> opcode = dxilOpcode(*call))
            for (const OpcodeCounter &entry : kOpcodeCounters)
              if (entry.opcode == *opcode)
                ++values[entry.counter];
        } else if (isa<LoadInst, StoreInst>(inst)) {
          PointerRoot root = classifyPointer(getLoadStorePointerOperand(&inst));
          if (!root.isArray)
            continue;
          if (root.memory == MemoryClass::Local)
            ++values[Counter::ArrayLocalLoadStores];
          else if (root.memory == MemoryClass::Static)
            ++values[Counter::ArrayStaticLoadStores];
          else if (root.memory == MemoryClass::GroupShared)
            ++values[Counter::ArrayGroupSharedLoadStores];
        } else if (const auto *branch = dyn_cast<BranchInst>(&inst)) {
          if (branch->isConditional())
            ++values[Counter::Branches];
        } else if (std::optional<Counter> counter =
                       llvmOpcodeCounter(inst.getOpcode())) {
          ++values[*counter];
        }
      }
    }
  }
  return counters;
}

void setCountersMetadata(Module &module, const InstructionCounters &counters) {
  if (NamedMDNode *existing = module.getNamedMetadata("dx.counters"))
    module.eraseNamedMetadata(existing);
  LLVMContext &context = module.getContext();
  SmallVector<Metadata *> operands;
  for (unsigned i = 0; i < InstructionCounters::NumCounters; ++i) {
    if (counters.values[i] == 0)
      continue;
    operands.push_back(MDString::get(
        context, InstructionCounters::name(InstructionCounters::Counter(i))));
    operands.push_back(ConstantAsMetadata::get(
        ConstantInt::get(Type::getInt32Ty(context), counters.values[i])));
  }
  if (operands.empty())
    return;
  module.getOrInsertNamedMetadata("dx.counters")
      ->addOperand(MDTuple::get(context, operands));
}

} // namespace mlir::hlsl::dxil
