//===- Legalize.cpp - LLVM IR to what DXIL allows -------------------------===//
//
// DXIL is LLVM 3.7 IR with DXIL operations instead of target intrinsics and
// no vectors. After LLVM's optimizer this rewrites what remains: vectors are
// scalarized, LLVM intrinsics become dx.op calls (or plain arithmetic), and
// constructs LLVM 3.7 does not have (fneg, freeze, poison) are expressed
// with what it has.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/Analysis/ConstantFolding.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/Analysis/LoopInfo.h"
#include "llvm/Analysis/TargetTransformInfo.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Dominators.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/IntrinsicInst.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Passes/StandardInstrumentations.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Transforms/Scalar/DCE.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Scalar/Scalarizer.h"
#include "llvm/Transforms/Utils/Local.h"
#include "llvm/Transforms/Utils/LowerMemIntrinsics.h"

using namespace llvm;
using namespace mlir::hlsl;

/// Sets one of LLVM's own options for the optimizer, unless the user did.
static void setDefaultOption(StringRef option, StringRef value) {
  auto &options = cl::getRegisteredOptions();
  auto it = options.find(option);
  if (it != options.end() && it->second->getNumOccurrences() == 0)
    (void)it->second->addOccurrence(0, option, value);
}

namespace {
bool hasComputedTextureOffsets(const Module &module);

/// One of our function transformations (returning whether it changed
/// anything) in LLVM's pipeline; none changes the CFG.
template <bool (*Transform)(Function &)>
struct CFGPreservingPass : PassInfoMixin<CFGPreservingPass<Transform>> {
  PreservedAnalyses run(Function &func, FunctionAnalysisManager &) {
    if (!Transform(func))
      return PreservedAnalyses::all();
    PreservedAnalyses kept;
    kept.preserveSet<CFGAnalyses>();
    return kept;
  }
};
} // namespace

DXILOptLevel mlir::hlsl::optimizeForDXIL(Module &module, DXILOptLevel level) {
  recordStageRestrictedOperationsForDXIL(module);
  // -Od optimizes nothing, except what DXIL requires that only optimization
  // makes and what [unroll] asks for: as DXC does at -Od, texel offsets
  // computed from a loop counter (or through a constant array) are made
  // immediates by unrolling and folding, and [unroll] loops are unrolled,
  // here by the -O2 pipeline. -O0 (LLVM's -O0 pipeline, which unrolls
  // nothing) does so for computed offsets only, without which the
  // container is invalid; its [unroll] loops stay loops, and its code stays
  // close to DXC's -O0 (which keeps, e.g., 64-bit selects of literals).
  if (level == DXILOptLevel::Od) {
    if (!hasComputedTextureOffsets(module) && !hasForcedUnrollLoops(module)) {
      for (Function &func : module)
        markLoopsWithoutExitForDXIL(func);
      return level;
    }
    level = DXILOptLevel::O2;
  } else if (level == DXILOptLevel::O0 && hasComputedTextureOffsets(module)) {
    level = DXILOptLevel::O2;
  }
  // [unroll] without a count: LLVM fully unrolls loops of up to a million
  // iterations (minutes and gigabytes for a small body); DXC refuses more
  // than 128. Past this limit the loop stays a loop, with LLVM's "loop not
  // unrolled" warning.
  setDefaultOption("pragma-unroll-full-max-iterations", "4096");
  // SimplifyCFG would sink the DXIL operations of both arms of a branch
  // into one call with a phi of their differing operands, and DXIL wants
  // most of those (signature rows and columns, opcodes, masks) immediate.
  setDefaultOption("sink-common-insts", "false");
  // Both arms of a branch doing the same (`c ? foo() : bar()` with equal
  // bodies): their common start is hoisted above the branch, which then
  // folds, and what only the condition read goes (DXC merges such regions
  // too; a cbuffer only the condition reads then needs no binding).
  // Operations across lanes are convergent and stay where they are.
  setDefaultOption("hoist-common-insts", "true");
  PipelineTuningOptions tuning;
  tuning.LoopVectorization = false;
  tuning.SLPVectorization = false;
  tuning.LoopInterleaving = false;
  tuning.LoopUnrolling = level >= DXILOptLevel::O2;
  // LLVM's own -time-passes / -print-after-all & co. apply to this
  // pipeline (they are how one finds the pass that is slow on a shader).
  PassInstrumentationCallbacks callbacks;
  StandardInstrumentations instrumentations(module.getContext(),
                                            /*DebugLogging=*/false);
  PassBuilder builder(nullptr, tuning, std::nullopt, &callbacks);
  // Reads of uninitialized values are found before anything folds them:
  // SROA makes them undef (those of a partly initialized struct too). (-O0
  // folds nothing, and keeps its variables in memory.) So are the loops the
  // shader wrote without an exit, before any loop changes (after SROA,
  // which makes `while (forever)` constant).
  builder.registerPipelineStartEPCallback(
      [](ModulePassManager &passes, OptimizationLevel level) {
        bool optimizing = level != OptimizationLevel::O0;
        FunctionPassManager functionPasses;
        if (optimizing)
          functionPasses.addPass(SROAPass(SROAOptions::ModifyCFG));
        functionPasses.addPass(
            CFGPreservingPass<markLoopsWithoutExitForDXIL>());
        if (optimizing)
          functionPasses.addPass(
              CFGPreservingPass<markUninitializedArithmeticForDXIL>());
        passes.addPass(
            createModuleToFunctionPassAdaptor(std::move(functionPasses)));
      });
  // DXIL operations on constants and the identities of non-precise
  // arithmetic fold after each instruction combining, so that what uses
  // them folds too.
  builder.registerPeepholeEPCallback(
      [](FunctionPassManager &passes, OptimizationLevel) {
        passes.addPass(CFGPreservingPass<foldDXILOperations>());
        passes.addPass(CFGPreservingPass<foldFastArithmeticForDXIL>());
      });
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  instrumentations.registerCallbacks(callbacks, &mam);
  OptimizationLevel optLevel =
      level == DXILOptLevel::O0   ? OptimizationLevel::O0
      : level == DXILOptLevel::O1 ? OptimizationLevel::O1
      : level == DXILOptLevel::O2 ? OptimizationLevel::O2
                                  : OptimizationLevel::O3;
  ModulePassManager mpm = optLevel == OptimizationLevel::O0
                              ? builder.buildO0DefaultPipeline(optLevel)
                              : builder.buildPerModuleDefaultPipeline(optLevel);
  // Groupshared memory starts undefined, but it is shared: another thread
  // of the group may write what this one reads, and a shader that reads
  // what no thread wrote still reads memory at run time. Without this, a
  // groupshared variable that is never stored is "constant undef" to
  // GlobalOpt and its loads fold to undef (an invalid module).
  // (DXIL has no externally initialized globals: the flag is the
  // optimizer's only.)
  auto setGroupsharedExternallyInitialized = [&](bool value) {
    for (GlobalVariable &global : module.globals())
      if (global.getAddressSpace() == 3)
        global.setExternallyInitialized(value);
  };
  setGroupsharedExternallyInitialized(true);
  mpm.run(module, mam);
  setGroupsharedExternallyInitialized(false);
  return level;
}

namespace {
Error unsupported(const Instruction &inst, const Twine &what) {
  return createStringError(inconvertibleErrorCode(),
                           mlir::hlsl::dxil::describeLocation(inst) +
                               "not supported yet: " + what + " in DXIL (" +
                               mlir::hlsl::dxil::printInstruction(inst) + ")");
}

/// An error for a module that DXC's validator would reject.
Error invalid(const Instruction &inst, const Twine &what) {
  return createStringError(inconvertibleErrorCode(),
                           mlir::hlsl::dxil::describeLocation(inst) + what +
                               " (" + mlir::hlsl::dxil::printInstruction(inst) +
                               ")");
}

bool isUndefOperand(const Value *value) {
  if (isa<UndefValue>(value))
    return true;
  if (auto *expr = dyn_cast<ConstantExpr>(value))
    return llvm::any_of(expr->operands(),
                        [](const Use &use) { return isa<UndefValue>(use); });
  return false;
}

/// The validator's Instr.NoReadingUninitialized: only a phi, the vector of
/// an insertelement, the second vector of a shufflevector and a stored value
/// may be undefined.
Error verifyInitializedOperands(const Instruction &inst) {
  for (unsigned i = 0; i < inst.getNumOperands(); ++i) {
    if (!isUndefOperand(inst.getOperand(i)))
      continue;
    bool allowed = isa<PHINode>(inst) ||
                   (isa<InsertElementInst>(inst) && i == 0) ||
                   (isa<ShuffleVectorInst>(inst) && i == 1) ||
                   (isa<StoreInst>(inst) && i == 0);
    if (!allowed)
      return invalid(inst, uninitializedReadMessage());
  }
  return Error::success();
}

/// UAV stores (TextureStore, BufferStore, RawBufferStore): the write mask is
/// an immediate .x, .xy, .xyz or .xyzw, and it names exactly the values that
/// are defined (the validator's Instr.WriteMaskGapForUAV,
/// UndefinedValueForUAVStore and WriteMaskMatchValueForUAVStore).
Error verifyStoreMask(const CallInst &call) {
  auto *opcode = dyn_cast<ConstantInt>(call.getArgOperand(0));
  if (!opcode)
    return Error::success();
  unsigned firstValue;
  switch (opcode->getZExtValue()) {
  case mlir::hlsl::dxil::TextureStore:
    firstValue = 5;
    break;
  case mlir::hlsl::dxil::BufferStore:
  case mlir::hlsl::dxil::RawBufferStore:
    firstValue = 4;
    break;
  default:
    return Error::success();
  }
  if (call.arg_size() < firstValue + 5)
    return invalid(call, "malformed UAV store");
  auto *mask = dyn_cast<ConstantInt>(call.getArgOperand(firstValue + 4));
  if (!mask)
    return invalid(call, "the write mask of a UAV store is not an immediate");
  unsigned written = mask->getZExtValue(), defined = 0;
  for (unsigned i = 0; i < 4; ++i)
    if (!isa<UndefValue>(call.getArgOperand(firstValue + i)))
      defined |= 1u << i;
  if (written != 1 && written != 3 && written != 7 && written != 15)
    return invalid(call, "the write mask of a UAV store has a gap");
  if (written & ~defined)
    return invalid(call, "the shader stores an undefined value to a UAV (an "
                         "uninitialized variable or an element past the end "
                         "of a vector or array)");
  if (written != defined)
    return invalid(call, "a UAV store writes defined values its mask leaves "
                         "out");
  return Error::success();
}

/// The operand of a sampling operation's or texture load's first texel
/// offset; nullopt for other calls.
std::optional<unsigned> getTextureOffsetOperand(const CallInst &call) {
  namespace dxil = mlir::hlsl::dxil;
  std::optional<unsigned> opcode = dxil::getDXILOpcode(call);
  if (!opcode)
    return std::nullopt;
  unsigned first;
  switch (*opcode) {
  case dxil::Sample:
  case dxil::SampleBias:
  case dxil::SampleLevel:
  case dxil::SampleGrad:
  case dxil::SampleCmp:
  case dxil::SampleCmpLevelZero:
  case dxil::SampleCmpLevel:
  case dxil::SampleCmpGrad:
  case dxil::SampleCmpBias:
    first = 7;
    break;
  case dxil::TextureLoad:
    first = 6;
    break;
  default:
    return std::nullopt;
  }
  if (call.arg_size() < first + 3)
    return std::nullopt;
  return first;
}

/// Shader model 6.7 and later compute texel offsets.
bool hasProgrammableOffsets(const Module &module) {
  if (const NamedMDNode *models = module.getNamedMetadata("dx.shaderModel"))
    if (models->getNumOperands() == 1 &&
        models->getOperand(0)->getNumOperands() == 3)
      if (auto *minor = mdconst::dyn_extract<ConstantInt>(
              models->getOperand(0)->getOperand(2)))
        return minor->getZExtValue() >= 7;
  return false;
}

/// Whether a sampling operation or texture load has a texel offset that is
/// not an immediate, before shader model 6.7.
bool hasComputedTextureOffsets(const Module &module) {
  if (hasProgrammableOffsets(module))
    return false;
  for (const Function &func : module)
    for (const Instruction &inst : instructions(func)) {
      const auto *call = dyn_cast<CallInst>(&inst);
      std::optional<unsigned> first =
          call ? getTextureOffsetOperand(*call) : std::nullopt;
      if (!first)
        continue;
      for (unsigned i = 0; i < 3; ++i) {
        const Value *offset = call->getArgOperand(*first + i);
        if (!isa<UndefValue, ConstantInt>(offset))
          return true;
      }
    }
  return false;
}

/// The texel offsets of sampling operations and texture loads: before
/// shader model 6.7 (whose advanced texture operations compute them) each
/// is an immediate in -8..7 (the validator's Instr.TextureOffset). After
/// optimization an offset that depends on a loop that was not unrolled, or
/// on shader inputs, is not.
Error verifyTextureOffsets(const CallInst &call, bool programmableOffsets) {
  std::optional<unsigned> operand = getTextureOffsetOperand(call);
  if (programmableOffsets || !operand)
    return Error::success();
  unsigned first = *operand;
  for (unsigned i = 0; i < 3; ++i) {
    const Value *offset = call.getArgOperand(first + i);
    if (isa<UndefValue>(offset))
      continue;
    auto *value = dyn_cast<ConstantInt>(offset);
    if (!value)
      return invalid(call, "texture offsets must be immediate values before "
                           "shader model 6.7, and this one is computed (by a "
                           "loop that was not unrolled, or from values known "
                           "at run time only)");
    int64_t texels = value->getSExtValue();
    if (texels < -8 || texels > 7)
      return invalid(call, "a texture offset must be in -8..7 before shader "
                           "model 6.7 (this one is " +
                               Twine(texels) + ")");
  }
  return Error::success();
}

/// DXIL overload name of a scalar type.
std::string overloadName(Type *type) {
  if (type->isHalfTy())
    return "f16";
  if (type->isFloatTy())
    return "f32";
  if (type->isDoubleTy())
    return "f64";
  return "i" + std::to_string(type->getIntegerBitWidth());
}

/// A call to `dx.op.<cls>.<overload>(i32 opcode, args...)`, declared with
/// DXC's attributes (nounwind readnone for these math operations).
Value *callDXOp(IRBuilder<> &b, StringRef cls, unsigned opcode, Type *result,
                ArrayRef<Value *> args, Type *overload) {
  Module *module = b.GetInsertBlock()->getModule();
  SmallVector<Type *> params = {b.getInt32Ty()};
  for (Value *arg : args)
    params.push_back(arg->getType());
  std::string name = ("dx.op." + cls + "." + overloadName(overload)).str();
  FunctionCallee callee = module->getOrInsertFunction(
      name, FunctionType::get(result, params, false));
  if (auto *func = dyn_cast<Function>(callee.getCallee())) {
    func->setDoesNotThrow();
    func->setDoesNotAccessMemory();
  }
  SmallVector<Value *> operands = {b.getInt32(opcode)};
  operands.append(args.begin(), args.end());
  return b.CreateCall(callee, operands);
}

/// `{result, overflowed}` of the *.with.overflow intrinsics InstCombine forms
/// from overflow checks written in the shader (a 64-bit product compared
/// with 0xffffffff): the operation itself and a comparison.
Expected<Value *> lowerOverflowArithmetic(IntrinsicInst &call) {
  IRBuilder<> b(&call);
  Value *lhs = call.getArgOperand(0), *rhs = call.getArgOperand(1);
  auto *type = dyn_cast<IntegerType>(lhs->getType());
  if (!type)
    return unsupported(call, "a checked operation on vectors");
  Value *zero = ConstantInt::get(type, 0);
  Value *result = nullptr, *overflow = nullptr;
  switch (call.getIntrinsicID()) {
  case Intrinsic::uadd_with_overflow:
    result = b.CreateAdd(lhs, rhs);
    overflow = b.CreateICmpULT(result, lhs);
    break;
  case Intrinsic::usub_with_overflow:
    result = b.CreateSub(lhs, rhs);
    overflow = b.CreateICmpULT(lhs, rhs);
    break;
  case Intrinsic::sadd_with_overflow:
    // The signs of both operands agree and differ from the result's.
    result = b.CreateAdd(lhs, rhs);
    overflow = b.CreateICmpSLT(
        b.CreateAnd(b.CreateXor(lhs, result), b.CreateXor(rhs, result)), zero);
    break;
  case Intrinsic::ssub_with_overflow:
    result = b.CreateSub(lhs, rhs);
    overflow = b.CreateICmpSLT(
        b.CreateAnd(b.CreateXor(lhs, rhs), b.CreateXor(lhs, result)), zero);
    break;
  case Intrinsic::umul_with_overflow:
  case Intrinsic::smul_with_overflow: {
    unsigned width = type->getBitWidth();
    if (width > 32)
      return unsupported(call, "a checked multiplication of 64-bit integers");
    bool isSigned = call.getIntrinsicID() == Intrinsic::smul_with_overflow;
    Type *wide = b.getIntNTy(2 * width);
    Value *product = isSigned
                         ? b.CreateMul(b.CreateSExt(lhs, wide),
                                       b.CreateSExt(rhs, wide), "", false, true)
                         : b.CreateMul(b.CreateZExt(lhs, wide),
                                       b.CreateZExt(rhs, wide), "", true);
    result = b.CreateTrunc(product, type);
    Value *back =
        isSigned ? b.CreateSExt(result, wide) : b.CreateZExt(result, wide);
    overflow = b.CreateICmpNE(product, back);
    break;
  }
  default:
    llvm_unreachable("not an overflow intrinsic");
  }
  Value *pair = UndefValue::get(call.getType());
  pair = b.CreateInsertValue(pair, result, 0);
  return b.CreateInsertValue(pair, overflow, 1);
}

/// Saturating additions and subtractions, which InstCombine forms from
/// `a > b ? a - b : 0`, `clamp((int64_t)a + b, ...)` and the like: the
/// wrapped result, or the bound it passed.
Value *lowerSaturatingArithmetic(IntrinsicInst &call) {
  IRBuilder<> b(&call);
  Value *lhs = call.getArgOperand(0), *rhs = call.getArgOperand(1);
  Type *type = call.getType();
  unsigned width = type->getScalarSizeInBits();
  Value *zero = Constant::getNullValue(type);
  switch (call.getIntrinsicID()) {
  case Intrinsic::usub_sat:
    return b.CreateSelect(b.CreateICmpUGT(lhs, rhs), b.CreateSub(lhs, rhs),
                          zero);
  case Intrinsic::uadd_sat: {
    Value *sum = b.CreateAdd(lhs, rhs);
    return b.CreateSelect(b.CreateICmpULT(sum, lhs),
                          Constant::getAllOnesValue(type), sum);
  }
  default: {
    bool add = call.getIntrinsicID() == Intrinsic::sadd_sat;
    Value *result = add ? b.CreateAdd(lhs, rhs) : b.CreateSub(lhs, rhs);
    // Overflow: the operands' signs (the same for an addition, different
    // for a subtraction) differ from the result's.
    Value *signs =
        add ? b.CreateAnd(b.CreateXor(lhs, result), b.CreateXor(rhs, result))
            : b.CreateAnd(b.CreateXor(lhs, rhs), b.CreateXor(lhs, result));
    Value *overflow = b.CreateICmpSLT(signs, zero);
    Value *bound =
        b.CreateSelect(b.CreateICmpSLT(lhs, zero),
                       ConstantInt::get(type, APInt::getSignedMinValue(width)),
                       ConstantInt::get(type, APInt::getSignedMaxValue(width)));
    return b.CreateSelect(overflow, bound, result);
  }
  }
}

/// Trailing or leading zero counts, which the optimizer forms from bit
/// tricks: DXIL's FirstbitLo and FirstbitHi (which counts from the top bit,
/// and gives -1 for zero), at 32 bits at least.
Value *lowerZeroCount(IntrinsicInst &call) {
  IRBuilder<> b(&call);
  Value *x = call.getArgOperand(0);
  Type *type = call.getType();
  unsigned width = type->getIntegerBitWidth();
  bool leading = call.getIntrinsicID() == Intrinsic::ctlz;
  Value *operand = width < 32 ? b.CreateZExt(x, b.getInt32Ty()) : x;
  Value *count = callDXOp(b, "unaryBits", leading ? 33 : 32, b.getInt32Ty(),
                          {operand}, operand->getType());
  // The zero-extended operand's extra leading zeros.
  if (leading && width < 32)
    count = b.CreateSub(count, b.getInt32(32 - width));
  count = b.CreateZExtOrTrunc(count, type);
  if (cast<ConstantInt>(call.getArgOperand(1))->isOne())
    return count; // a zero operand is poison
  return b.CreateSelect(b.CreateICmpEQ(x, Constant::getNullValue(type)),
                        ConstantInt::get(type, width), count);
}

Expected<Value *> lowerIntrinsic(IntrinsicInst &call, bool native16BitTypes);

/// An integer min, max, abs, population count or bit reversal at a width
/// DXIL does not compute in (the optimizer narrows `abs(x % 16)` to i8):
/// the same intrinsic on the operands extended to 32 bits as it reads them,
/// lowered as such.
Expected<Value *> lowerNarrowIntegerIntrinsic(IntrinsicInst &call,
                                              bool native16BitTypes) {
  IRBuilder<> b(&call);
  Type *narrow = call.getType();
  Type *wide = b.getInt32Ty();
  Intrinsic::ID id = call.getIntrinsicID();
  bool isSigned =
      id == Intrinsic::smax || id == Intrinsic::smin || id == Intrinsic::abs;
  SmallVector<Value *> args;
  for (Value *arg : call.args())
    args.push_back(arg->getType() != narrow ? arg // abs's poison flag
                   : isSigned               ? b.CreateSExt(arg, wide)
                                            : b.CreateZExt(arg, wide));
  auto *wideCall = cast<IntrinsicInst>(b.CreateIntrinsic(wide, id, args));
  Expected<Value *> result = lowerIntrinsic(*wideCall, native16BitTypes);
  if (!result)
    return result.takeError();
  wideCall->replaceAllUsesWith(*result);
  wideCall->eraseFromParent();
  Value *value = *result;
  // The reversed bits of the extended operand are at the top.
  if (id == Intrinsic::bitreverse)
    value = b.CreateLShr(value, 32 - narrow->getIntegerBitWidth());
  return b.CreateTrunc(value, narrow);
}

/// Rewrites one intrinsic call; returns the replacement or an error.
Expected<Value *> lowerIntrinsic(IntrinsicInst &call, bool native16BitTypes) {
  IRBuilder<> b(&call);
  Type *type = call.getType();
  switch (call.getIntrinsicID()) {
  case Intrinsic::smax:
  case Intrinsic::smin:
  case Intrinsic::umax:
  case Intrinsic::umin:
  case Intrinsic::abs:
  case Intrinsic::ctpop:
  case Intrinsic::bitreverse:
    if (auto *integer = dyn_cast<IntegerType>(type)) {
      unsigned width = integer->getBitWidth();
      if (width < 32 && !(width == 16 && native16BitTypes))
        return lowerNarrowIntegerIntrinsic(call, native16BitTypes);
    }
    break;
  default:
    break;
  }
  auto unary = [&](unsigned opcode) {
    return callDXOp(b, "unary", opcode, type, {call.getArgOperand(0)}, type);
  };
  auto binary = [&](unsigned opcode) {
    return callDXOp(b, "binary", opcode, type,
                    {call.getArgOperand(0), call.getArgOperand(1)}, type);
  };
  switch (call.getIntrinsicID()) {
  case Intrinsic::fabs:
    return unary(6);
  case Intrinsic::cos:
    return unary(12);
  case Intrinsic::sin:
    return unary(13);
  case Intrinsic::tan:
    return unary(14);
  case Intrinsic::acos:
    return unary(15);
  case Intrinsic::asin:
    return unary(16);
  case Intrinsic::atan:
    return unary(17);
  case Intrinsic::cosh:
    return unary(18);
  case Intrinsic::sinh:
    return unary(19);
  case Intrinsic::tanh:
    return unary(20);
  case Intrinsic::exp2:
    return unary(21);
  case Intrinsic::log2:
    return unary(23);
  case Intrinsic::sqrt:
    return unary(24);
  case Intrinsic::roundeven:
    return unary(26);
  case Intrinsic::floor:
    return unary(27);
  case Intrinsic::ceil:
    return unary(28);
  case Intrinsic::trunc:
    return unary(29);
  case Intrinsic::bitreverse:
    return unary(30);
  case Intrinsic::exp: {
    // e^x = 2^(x * log2(e)), as DXC expands exp.
    Value *scaled = b.CreateFMul(call.getArgOperand(0),
                                 ConstantFP::get(type, 1.4426950408889634));
    return callDXOp(b, "unary", 21, type, {scaled}, type);
  }
  case Intrinsic::log: {
    Value *log2 = callDXOp(b, "unary", 23, type, {call.getArgOperand(0)}, type);
    return b.CreateFMul(log2, ConstantFP::get(type, 0.6931471805599453));
  }
  case Intrinsic::ldexp: {
    // x * 2^e (the optimizer forms ldexp from exp2 of an integer).
    Value *exponent = b.CreateSIToFP(call.getArgOperand(1), type);
    Value *scale = callDXOp(b, "unary", 21, type, {exponent}, type);
    return b.CreateFMul(call.getArgOperand(0), scale);
  }
  case Intrinsic::ctpop:
    return b.CreateZExtOrTrunc(callDXOp(b, "unaryBits", 31, b.getInt32Ty(),
                                        {call.getArgOperand(0)},
                                        call.getArgOperand(0)->getType()),
                               type);
  case Intrinsic::maxnum:
  case Intrinsic::maximum:
  case Intrinsic::maximumnum:
    return binary(35);
  case Intrinsic::minnum:
  case Intrinsic::minimum:
  case Intrinsic::minimumnum:
    return binary(36);
  case Intrinsic::smax:
    return binary(37);
  case Intrinsic::smin:
    return binary(38);
  case Intrinsic::umax:
    return binary(39);
  case Intrinsic::umin:
    return binary(40);
  case Intrinsic::fma:
  case Intrinsic::fmuladd:
    // DXIL's Fma exists for doubles only; FMad for the others.
    return callDXOp(
        b, "tertiary", type->isDoubleTy() ? 47 : 46, type,
        {call.getArgOperand(0), call.getArgOperand(1), call.getArgOperand(2)},
        type);
  case Intrinsic::abs: {
    Value *x = call.getArgOperand(0);
    return callDXOp(b, "binary", 37, type, {x, b.CreateNeg(x)}, type);
  }
  case Intrinsic::copysign: {
    Value *magnitude = unary(6);
    Value *negative =
        b.CreateFCmpOLT(call.getArgOperand(1), ConstantFP::get(type, 0.0));
    return b.CreateSelect(
        negative, b.CreateFSub(ConstantFP::getNegativeZero(type), magnitude),
        magnitude);
  }
  case Intrinsic::is_fpclass: {
    auto *mask = cast<ConstantInt>(call.getArgOperand(1));
    Type *operand = call.getArgOperand(0)->getType();
    unsigned opcode = 0;
    switch (mask->getZExtValue()) {
    case fcNan:
      opcode = 8;
      break;
    case fcInf:
      opcode = 9;
      break;
    case fcFinite:
      opcode = 10;
      break;
    case fcNormal:
      opcode = 11;
      break;
    default:
      break;
    }
    if (!opcode)
      return unsupported(call, "floating-point class test");
    return callDXOp(b, "isSpecialFloat", opcode, b.getInt1Ty(),
                    {call.getArgOperand(0)}, operand);
  }
  case Intrinsic::fptosi_sat:
  case Intrinsic::fptoui_sat: {
    // The importer's float-to-integer conversions (DXIL's saturate). A
    // constant one is folded here: the plain conversion of an out-of-range
    // constant would fold to undef.
    if (auto *value = dyn_cast<Constant>(call.getArgOperand(0)))
      if (Constant *folded =
              ConstantFoldCall(&call, call.getCalledFunction(), {value}))
        return folded;
    return call.getIntrinsicID() == Intrinsic::fptosi_sat
               ? b.CreateFPToSI(call.getArgOperand(0), type)
               : b.CreateFPToUI(call.getArgOperand(0), type);
  }
  case Intrinsic::uadd_with_overflow:
  case Intrinsic::sadd_with_overflow:
  case Intrinsic::usub_with_overflow:
  case Intrinsic::ssub_with_overflow:
  case Intrinsic::umul_with_overflow:
  case Intrinsic::smul_with_overflow:
    return lowerOverflowArithmetic(call);
  case Intrinsic::cttz:
  case Intrinsic::ctlz:
    return lowerZeroCount(call);
  case Intrinsic::usub_sat:
  case Intrinsic::uadd_sat:
  case Intrinsic::ssub_sat:
  case Intrinsic::sadd_sat:
    return lowerSaturatingArithmetic(call);
  case Intrinsic::scmp:
  case Intrinsic::ucmp: {
    // Three-way comparisons InstCombine forms from `clamp(x, -1, 1)` and
    // `(a > b) - (a < b)`: -1, 0 or 1.
    Value *lhs = call.getArgOperand(0), *rhs = call.getArgOperand(1);
    bool isSigned = call.getIntrinsicID() == Intrinsic::scmp;
    Value *less = isSigned ? b.CreateICmpSLT(lhs, rhs) : b.CreateICmpULT(lhs, rhs);
    Value *greater =
        isSigned ? b.CreateICmpSGT(lhs, rhs) : b.CreateICmpUGT(lhs, rhs);
    return b.CreateSub(b.CreateZExt(greater, type), b.CreateZExt(less, type));
  }
  case Intrinsic::fshl:
  case Intrinsic::fshr: {
    // Funnel shifts by a constant come from rotates: (a << s) | (b >> (w-s)).
    Value *a = call.getArgOperand(0), *c = call.getArgOperand(1);
    Value *amount = call.getArgOperand(2);
    unsigned width = type->getIntegerBitWidth();
    Value *mask = ConstantInt::get(type, width - 1);
    Value *s = b.CreateAnd(amount, mask);
    Value *rest =
        b.CreateAnd(b.CreateSub(ConstantInt::get(type, width), s), mask);
    bool left = call.getIntrinsicID() == Intrinsic::fshl;
    Value *hi = b.CreateShl(a, left ? s : rest);
    Value *lo = b.CreateLShr(c, left ? rest : s);
    // A shift amount of zero returns the first (fshl) or second (fshr)
    // operand unchanged.
    Value *isZero = b.CreateICmpEQ(s, ConstantInt::get(type, 0));
    return b.CreateSelect(isZero, left ? a : c, b.CreateOr(hi, lo));
  }
  default:
    return unsupported(call, "intrinsic '" +
                                 call.getCalledFunction()->getName() + "'");
  }
}
} // namespace

/// An element index past a fixed vector's end makes insert/extractelement
/// poison (LLVM LangRef); LLVM's Scalarizer crashes on them, so they are
/// replaced first. They arise from dynamic subscripts the optimizer folds
/// to such constants (`uint i = 0x80000000; v[i]`).
static void foldOutOfRangeElementIndices(Function &func) {
  SmallVector<Instruction *> poisoned;
  for (Instruction &inst : instructions(func)) {
    Value *index = nullptr;
    if (auto *extract = dyn_cast<ExtractElementInst>(&inst))
      index = extract->getIndexOperand();
    else if (auto *insert = dyn_cast<InsertElementInst>(&inst))
      index = insert->getOperand(2);
    else
      continue;
    auto *constant = dyn_cast<ConstantInt>(index);
    auto *vector = dyn_cast<FixedVectorType>(inst.getOperand(0)->getType());
    if (constant && vector &&
        constant->getValue().uge(vector->getNumElements()))
      poisoned.push_back(&inst);
  }
  for (Instruction *inst : poisoned) {
    inst->replaceAllUsesWith(PoisonValue::get(inst->getType()));
    inst->eraseFromParent();
  }
}

/// An element read at a variable index becomes a chain of selects that
/// starts from the last element. LLVM's Scalarizer starts its chain from
/// undef (the index is assumed in range), which at -Od reaches DXIL as a
/// read of an undefined value that the validator rejects.
static void expandVariableExtracts(Function &func) {
  SmallVector<ExtractElementInst *> extracts;
  for (Instruction &inst : instructions(func))
    if (auto *extract = dyn_cast<ExtractElementInst>(&inst))
      if (!isa<Constant>(extract->getIndexOperand()) &&
          isa<FixedVectorType>(extract->getVectorOperandType()))
        extracts.push_back(extract);
  for (ExtractElementInst *extract : extracts) {
    IRBuilder<> b(extract);
    Value *vector = extract->getVectorOperand();
    Value *index = extract->getIndexOperand();
    unsigned count =
        cast<FixedVectorType>(extract->getVectorOperandType())->getNumElements();
    Value *result = b.CreateExtractElement(vector, b.getInt32(count - 1));
    for (unsigned i = count - 1; i-- > 0;)
      result = b.CreateSelect(
          b.CreateICmpEQ(index, ConstantInt::get(index->getType(), i)),
          b.CreateExtractElement(vector, b.getInt32(i)), result);
    result->takeName(extract);
    extract->replaceAllUsesWith(result);
    extract->eraseFromParent();
  }
}

void mlir::hlsl::scalarizeForDXIL(Module &module) {
  for (Function &func : module)
    if (!func.isDeclaration()) {
      splitAggregateValuesForDXIL(func);
      foldOutOfRangeElementIndices(func);
      expandVariableExtracts(func);
    }
  // Vectors: split into scalars, including loads/stores and
  // insert/extractelement with variable indices.
  {
    FunctionAnalysisManager fam;
    PassBuilder builder;
    builder.registerFunctionAnalyses(fam);
    ScalarizerPassOptions options;
    options.ScalarizeLoadStore = true;
    options.ScalarizeVariableInsertExtract = true;
    FunctionPassManager fpm;
    fpm.addPass(ScalarizerPass(options));
    fpm.addPass(DCEPass());
    for (Function &func : module)
      if (!func.isDeclaration())
        fpm.run(func, fam);
  }
}

Error mlir::hlsl::legalizeForDXIL(Module &module, bool native16BitTypes) {
  if (Error error = reportStageRestrictedOperationsForDXIL(module))
    return error;
  if (Error error = reportUninitializedArithmeticForDXIL(module))
    return error;
  if (Error error = reportLoopsWithoutExitForDXIL(module))
    return error;
  resolvePreciseValuesForDXIL(module, native16BitTypes);
  // Again after the optimizer, which may combine scalars into vector
  // idioms.
  scalarizeForDXIL(module);
  if (Error error = resolveAttributeEvaluationsForDXIL(module))
    return error;
  for (Function &func : module) {
    if (func.isDeclaration())
      continue;
    SmallVector<Instruction *> worklist;
    for (Instruction &inst : instructions(func))
      worklist.push_back(&inst);
    for (Instruction *inst : worklist) {
      if (auto *memCall = dyn_cast<MemIntrinsic>(inst)) {
        TargetTransformInfo tti(module.getDataLayout());
        if (auto *copy = dyn_cast<MemCpyInst>(memCall))
          expandMemCpyAsLoop(copy, tti);
        else if (auto *set = dyn_cast<MemSetInst>(memCall))
          expandMemSetAsLoop(set);
        else if (auto *move = dyn_cast<MemMoveInst>(memCall))
          expandMemMoveAsLoop(move, tti);
        memCall->eraseFromParent();
        continue;
      }
      if (auto *intrinsic = dyn_cast<IntrinsicInst>(inst)) {
        switch (intrinsic->getIntrinsicID()) {
        case Intrinsic::lifetime_start:
        case Intrinsic::lifetime_end:
        case Intrinsic::assume:
        case Intrinsic::experimental_noalias_scope_decl:
        case Intrinsic::dbg_value:
        case Intrinsic::dbg_declare:
        case Intrinsic::dbg_label:
          intrinsic->eraseFromParent();
          continue;
        default:
          break;
        }
        Expected<Value *> replacement =
            lowerIntrinsic(*intrinsic, native16BitTypes);
        if (!replacement)
          return replacement.takeError();
        // (A precise intrinsic's DXIL operation is precise.)
        if (auto *call = dyn_cast<CallInst>(*replacement))
          if (MDNode *precise = intrinsic->getMetadata("dx.precise"))
            call->setMetadata("dx.precise", precise);
        intrinsic->replaceAllUsesWith(*replacement);
        intrinsic->eraseFromParent();
        continue;
      }
      if (auto *neg = dyn_cast<UnaryOperator>(inst)) {
        // LLVM 3.7 has no fneg: -x is -0.0 - x.
        IRBuilder<> b(neg);
        Value *sub = b.CreateFSub(ConstantFP::getNegativeZero(neg->getType()),
                                  neg->getOperand(0));
        if (auto *subInst = dyn_cast<Instruction>(sub))
          subInst->copyFastMathFlags(neg);
        neg->replaceAllUsesWith(sub);
        neg->eraseFromParent();
        continue;
      }
      if (auto *freeze = dyn_cast<FreezeInst>(inst)) {
        freeze->replaceAllUsesWith(freeze->getOperand(0));
        freeze->eraseFromParent();
        continue;
      }
    }
    // poison (absent from LLVM 3.7) is undef.
    for (Instruction &inst : instructions(func))
      for (Use &use : inst.operands())
        if (auto *poison = dyn_cast<PoisonValue>(use.get()))
          use.set(UndefValue::get(poison->getType()));
    // A variable assigned on some paths only is an undef incoming value of
    // a phi (which the validator allows); when SimplifyCFG turns the phi
    // into a select, the select reads undef (which it does not). Undef may
    // be any value: the other arm's.
    for (Instruction &inst : llvm::make_early_inc_range(instructions(func))) {
      auto *select = dyn_cast<SelectInst>(&inst);
      if (!select)
        continue;
      Value *chosen = nullptr;
      if (isa<UndefValue>(select->getTrueValue()))
        chosen = select->getFalseValue();
      else if (isa<UndefValue>(select->getFalseValue()))
        chosen = select->getTrueValue();
      if (!chosen)
        continue;
      select->replaceAllUsesWith(chosen);
      select->eraseFromParent();
    }
  }
  // Barriers were convergent for the optimizer; DXC declares them
  // noduplicate.
  for (Function &func : module) {
    if (!func.isDeclaration() || !func.hasFnAttribute(Attribute::Convergent) ||
        !func.getName().starts_with("dx.op."))
      continue;
    func.removeFnAttr(Attribute::Convergent);
    func.addFnAttr(Attribute::NoDuplicate);
    for (User *user : func.users())
      if (auto *call = dyn_cast<CallInst>(user))
        call->removeFnAttr(Attribute::Convergent);
  }
  if (Error error = promoteIntegersForDXIL(module, native16BitTypes))
    return error;
  if (Error error = rematerializeHandlesForDXIL(module))
    return error;
  if (Error error = flattenArraysForDXIL(module))
    return error;
  legalizeInstructionMetadataForDXIL(module);
  exitInfiniteLoopsForDXIL(module);
  // DXIL has no `unreachable` (the validator's "Instructions must be of an
  // allowed type"); the optimizer leaves one where a switch covers every
  // value. A block nothing reaches may as well return.
  for (Function &func : module) {
    if (func.isDeclaration() || !func.getReturnType()->isVoidTy())
      continue;
    for (BasicBlock &block : func)
      if (auto *unreachable =
              dyn_cast<UnreachableInst>(block.getTerminator())) {
        ReturnInst::Create(func.getContext(), nullptr,
                           unreachable->getIterator());
        unreachable->eraseFromParent();
      }
  }
  narrowIndexChainsForDXIL(module);
  indexInputArraysForDXIL(module);
  // An output component the shader never assigns is not written (as DXC
  // does): storing undef would mark it written in the output signature.
  for (Function &func : module) {
    if (!func.isDeclaration() || !func.getName().starts_with("dx.op.storeOutput"))
      continue;
    for (User *user : llvm::make_early_inc_range(func.users()))
      if (auto *call = dyn_cast<CallInst>(user);
          call && call->arg_size() == 5 && isa<UndefValue>(call->getArgOperand(4)))
        call->eraseFromParent();
  }
  // The flattened accesses leave the index extensions of the old address
  // chains unused; a dead `sext ... to i64` would still make the validator
  // require the Int64Ops flag.
  for (Function &func : module) {
    // Without the optimizer (-Od) a struct value built field by field and
    // stored field by field stays an insertvalue chain on undef that only
    // extractvalues read: they read the inserted values directly. A vector
    // field is one the scalarizer gathered (an insertelement chain) and
    // scattered again (extractelements): those read the scalars.
    SimplifyQuery query(module.getDataLayout());
    for (Instruction &inst : instructions(func))
      if (isa<ExtractValueInst, ExtractElementInst>(inst))
        if (Value *simpler = simplifyInstruction(&inst, query))
          inst.replaceAllUsesWith(simpler);
    SmallVector<Instruction *> all(
        llvm::make_pointer_range(instructions(func)));
    // Users before their operands, so that chains go in one sweep.
    for (Instruction *inst : llvm::reverse(all))
      if (isInstructionTriviallyDead(inst))
        inst->eraseFromParent();
  }
  // The optimizer's globals (a switch's lookup table) are private, which
  // the validator takes for unused external declarations: DXIL has only
  // internal ones.
  for (GlobalVariable &global : module.globals())
    if (global.hasPrivateLinkage())
      global.setLinkage(GlobalValue::InternalLinkage);
  // The validator rejects internal globals nothing uses (a field of a
  // groupshared struct the shader never touches, once fields are arrays of
  // their own).
  for (GlobalVariable &global : llvm::make_early_inc_range(module.globals())) {
    global.removeDeadConstantUsers();
    if (global.hasLocalLinkage() && global.use_empty())
      global.eraseFromParent();
  }
  // Intrinsic and DXIL operation declarations left without calls (at -Od
  // nothing else removes them; an output store of undef was removed above),
  // and the validator rejects unused externals.
  for (Function &func : llvm::make_early_inc_range(module))
    if (func.isDeclaration() && func.use_empty() &&
        (func.isIntrinsic() || func.getName().starts_with("dx.op.")))
      func.eraseFromParent();
  return verifyDXILIR(module);
}

Error mlir::hlsl::verifyDXILIR(const Module &module) {
  std::string message;
  raw_string_ostream os(message);
  if (verifyModule(module, &os))
    return createStringError(inconvertibleErrorCode(),
                             "invalid LLVM IR after DXIL legalization: " +
                                 message);
  bool programmableOffsets = hasProgrammableOffsets(module);
  for (const GlobalVariable &global : module.globals())
    if (global.hasLocalLinkage() && global.use_empty())
      return createStringError(inconvertibleErrorCode(),
                               "invalid DXIL: the internal global '" +
                                   global.getName() + "' is unused");
  for (const Function &func : module) {
    if (func.isDeclaration() && func.use_empty())
      return createStringError(inconvertibleErrorCode(),
                               "invalid DXIL: the external function '" +
                                   func.getName() + "' is unused");
    if (func.isIntrinsic())
      return createStringError(inconvertibleErrorCode(),
                               "not supported yet: intrinsic '" +
                                   func.getName() + "' in DXIL");
    FunctionType *type = func.getFunctionType();
    if (type->getReturnType()->isVectorTy() ||
        llvm::any_of(type->params(), [](Type *t) { return t->isVectorTy(); }))
      return createStringError(inconvertibleErrorCode(),
                               "not supported yet: vector parameter or "
                               "result of function '" +
                                   func.getName() + "' in DXIL");
    if (!func.isDeclaration()) {
      // FLOW.DEADLOOP: the validator rejects a loop without an exit.
      DominatorTree domTree(const_cast<Function &>(func));
      LoopInfo loops(domTree);
      for (const Loop *loop : loops.getLoopsInPreorder()) {
        SmallVector<BasicBlock *, 4> exits;
        loop->getExitBlocks(exits);
        if (exits.empty())
          return createStringError(
              inconvertibleErrorCode(),
              "invalid DXIL: the loop at block '" +
                  loop->getHeader()->getName() + "' of function '" +
                  func.getName() + "' has no exit");
      }
    }
    for (const Instruction &inst : instructions(func)) {
      if (inst.getType()->isVectorTy() ||
          llvm::any_of(inst.operands(), [](const Use &use) {
            return use->getType()->isVectorTy();
          }))
        return unsupported(inst, "vector operation");
      if (isa<UnaryOperator>(inst))
        return unsupported(inst, "fneg");
      if (isa<FreezeInst>(inst))
        return unsupported(inst, "freeze");
      if (auto *call = dyn_cast<CallInst>(&inst)) {
        const Function *callee = call->getCalledFunction();
        if (!callee || !callee->getName().starts_with("dx.op."))
          return unsupported(inst, "a call that is not a DXIL operation");
        if (Error error = verifyStoreMask(*call))
          return error;
        if (Error error = verifyTextureOffsets(*call, programmableOffsets))
          return error;
      } else if (Error error = verifyInitializedOperands(inst)) {
        return error;
      }
    }
  }
  return Error::success();
}
