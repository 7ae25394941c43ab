//===- PromoteIntegers.cpp - integer widths DXIL computes in --------------===//
//
// DXIL computes in i1, i32 and i64 (and i16 with native 16-bit types); i8
// appears only as an immediate operand of DXIL operations. LLVM's optimizer
// narrows arithmetic to other "desirable" widths (`urem i32 %x, 3` feeding a
// compare becomes `urem i8`), which the validator rejects. This widens every
// such value to i32 (i64 above 32 bits), the way a type legalizer promotes
// integers: a promoted value's bits above the original width are undefined,
// and the operations that read them (division, right shifts, comparisons,
// extensions) first zero- or sign-extend the value in its register.
//
//===----------------------------------------------------------------------===//

#include "DXILCalls.h"
#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/PostOrderIterator.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/IR/CFG.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"

using namespace llvm;

namespace {
class IntegerPromoter {
public:
  IntegerPromoter(Function &func, bool native16Bit)
      : func(func), native16Bit(native16Bit) {}

  bool isIllegal(Type *type) const {
    auto *integer = dyn_cast<IntegerType>(type);
    if (!integer)
      return false;
    unsigned width = integer->getBitWidth();
    return !(width == 1 || width == 32 || width == 64 ||
             (width == 16 && native16Bit));
  }

  Error run() {
    if (llvm::none_of(instructions(func),
                      [&](Instruction &inst) { return needsRewrite(inst); }))
      return Error::success();
    // Definitions before uses (phis get their operands at the end).
    SmallVector<Instruction *> work;
    ReversePostOrderTraversal<Function *> rpo(&func);
    for (BasicBlock *block : rpo)
      for (Instruction &inst : *block)
        if (isMinPrecisionAccess(inst)) {
          keepMinPrecisionAccess(cast<CallInst>(inst));
        } else if (!extensions.contains(&inst) && needsRewrite(inst)) {
          if (Error error = rewrite(inst))
            return error;
          work.push_back(&inst);
        }
    for (auto &[phi, promoted] : phis)
      for (unsigned i = 0; i < phi->getNumIncomingValues(); ++i) {
        Value *incoming = phi->getIncomingValue(i);
        // Operands of phis in unreachable blocks may never be promoted.
        Value *value =
            isa<Instruction>(incoming) && !promotedValues.count(incoming)
                ? UndefValue::get(promoted->getType())
                : promote(incoming, nullptr);
        promoted->addIncoming(value, phi->getIncomingBlock(i));
      }
    for (Instruction *inst : work)
      inst->dropAllReferences();
    for (Instruction *inst : work)
      inst->eraseFromParent();
    return Error::success();
  }

private:
  /// A signature access of 16 bits (a minimum-precision element: DXC writes
  /// loadInput.i16 and storeOutput.i16 without native 16-bit types too).
  bool isMinPrecisionAccess(Instruction &inst) const {
    auto *call = dyn_cast<CallInst>(&inst);
    Function *callee = call ? call->getCalledFunction() : nullptr;
    if (native16Bit || !callee)
      return false;
    StringRef name = callee->getName();
    return name == "dx.op.loadInput.i16" || name == "dx.op.storeOutput.i16";
  }

  /// Keeps a 16-bit signature access: its result is promoted right after
  /// it, its 16-bit operand truncated from its promoted form.
  void keepMinPrecisionAccess(CallInst &call) {
    if (isIllegal(call.getType())) {
      IRBuilder<> b(call.getNextNode());
      Value *extension = b.CreateSExt(&call, getPromotedType(call.getType()));
      promotedValues[&call] = extension;
      extensions.insert(cast<Instruction>(extension));
    }
    IRBuilder<> b(&call);
    for (Use &arg : call.args())
      if (isIllegal(arg->getType()) && !isa<Constant>(arg.get()))
        arg.set(b.CreateTrunc(promote(arg.get(), &b), arg->getType()));
  }

  bool needsRewrite(Instruction &inst) const {
    if (isIllegal(inst.getType()))
      return true;
    if (isa<CallInst>(inst)) {
      // Immediates of DXIL operations are i8 constants.
      for (Value *arg : cast<CallInst>(inst).args())
        if (isIllegal(arg->getType()) && !isa<Constant>(arg))
          return true;
      return false;
    }
    for (Value *operand : inst.operands())
      if (isIllegal(operand->getType()))
        return true;
    return false;
  }

  static unsigned getWidth(Type *type) {
    return cast<IntegerType>(type)->getBitWidth();
  }

  Type *getPromotedType(Type *type) const {
    return getWidth(type) <= 32 ? Type::getInt32Ty(func.getContext())
                                : Type::getInt64Ty(func.getContext());
  }

  /// The promoted form of an illegal value (high bits undefined).
  Value *promote(Value *value, IRBuilder<> *builder) {
    if (auto it = promotedValues.find(value); it != promotedValues.end())
      return it->second;
    Type *type = getPromotedType(value->getType());
    if (auto *constant = dyn_cast<ConstantInt>(value))
      return ConstantInt::get(type, constant->getValue().sext(getWidth(type)));
    if (isa<UndefValue>(value))
      return UndefValue::get(type);
    // A function argument: extended where it enters.
    assert(builder && "promoting a value that was never defined");
    return builder->CreateSExt(value, type);
  }

  /// `value` (illegal, `width` bits) promoted and zero- or sign-extended in
  /// its register.
  Value *extended(IRBuilder<> &b, Value *value, bool isSigned) {
    unsigned width = getWidth(value->getType());
    Value *promoted = promote(value, &b);
    unsigned full = getWidth(promoted->getType());
    if (!isSigned)
      return b.CreateAnd(promoted, APInt::getLowBitsSet(full, width));
    Value *shift = ConstantInt::get(promoted->getType(), full - width);
    return b.CreateAShr(b.CreateShl(promoted, shift), shift);
  }

  /// `value` as a value of the legal type `to`: extended (as asked) or
  /// truncated from its promoted form.
  Value *convert(IRBuilder<> &b, Value *value, Type *to, bool isSigned) {
    Value *v =
        isIllegal(value->getType()) ? extended(b, value, isSigned) : value;
    return isSigned ? b.CreateSExtOrTrunc(v, to) : b.CreateZExtOrTrunc(v, to);
  }

  Error unsupported(Instruction &inst) {
    return createStringError(inconvertibleErrorCode(),
                             mlir::hlsl::dxil::describeLocation(inst) +
                                 "not supported yet: this integer width in "
                                 "DXIL: " +
                                 mlir::hlsl::dxil::printInstruction(inst));
  }

  Error rewrite(Instruction &inst) {
    IRBuilder<> b(&inst);
    Type *type = inst.getType();
    bool illegalResult = isIllegal(type);
    if (illegalResult && getWidth(type) > 64)
      return unsupported(inst);
    Type *promotedType = illegalResult ? getPromotedType(type) : nullptr;
    Value *result = nullptr;
    if (auto *phi = dyn_cast<PHINode>(&inst)) {
      if (!illegalResult)
        return unsupported(inst);
      PHINode *promoted =
          b.CreatePHI(promotedType, phi->getNumIncomingValues());
      phis.push_back({phi, promoted});
      result = promoted;
    } else if (auto *castInst = dyn_cast<CastInst>(&inst)) {
      Value *source = castInst->getOperand(0);
      switch (castInst->getOpcode()) {
      case Instruction::Trunc:
        result = illegalResult
                     ? b.CreateZExtOrTrunc(isIllegal(source->getType())
                                               ? promote(source, &b)
                                               : source,
                                           promotedType)
                     : b.CreateTrunc(promote(source, &b), type);
        break;
      case Instruction::ZExt:
      case Instruction::SExt: {
        bool isSigned = castInst->getOpcode() == Instruction::SExt;
        Type *to = illegalResult ? promotedType : type;
        if (isIllegal(source->getType())) {
          result = convert(b, source, to, isSigned);
        } else {
          // From a legal value (i1) to an illegal width.
          result =
              isSigned ? b.CreateSExt(source, to) : b.CreateZExt(source, to);
        }
        break;
      }
      case Instruction::SIToFP:
      case Instruction::UIToFP: {
        bool isSigned = castInst->getOpcode() == Instruction::SIToFP;
        Value *extendedSource = extended(b, source, isSigned);
        result = isSigned ? b.CreateSIToFP(extendedSource, type)
                          : b.CreateUIToFP(extendedSource, type);
        break;
      }
      case Instruction::FPToSI:
        result = b.CreateFPToSI(source, promotedType);
        break;
      case Instruction::FPToUI:
        result = b.CreateFPToUI(source, promotedType);
        break;
      default:
        return unsupported(inst);
      }
    } else if (auto *binary = dyn_cast<BinaryOperator>(&inst)) {
      Value *lhs = binary->getOperand(0), *rhs = binary->getOperand(1);
      switch (binary->getOpcode()) {
      case Instruction::Add:
      case Instruction::Sub:
      case Instruction::Mul:
      case Instruction::And:
      case Instruction::Or:
      case Instruction::Xor:
        result = b.CreateBinOp(binary->getOpcode(), promote(lhs, &b),
                               promote(rhs, &b));
        break;
      case Instruction::Shl:
        result = b.CreateShl(promote(lhs, &b), extended(b, rhs, false));
        break;
      case Instruction::LShr:
      case Instruction::UDiv:
      case Instruction::URem:
        result = b.CreateBinOp(binary->getOpcode(), extended(b, lhs, false),
                               extended(b, rhs, false));
        break;
      case Instruction::AShr:
        result = b.CreateAShr(extended(b, lhs, true), extended(b, rhs, false));
        break;
      case Instruction::SDiv:
      case Instruction::SRem:
        result = b.CreateBinOp(binary->getOpcode(), extended(b, lhs, true),
                               extended(b, rhs, true));
        break;
      default:
        return unsupported(inst);
      }
    } else if (auto *select = dyn_cast<SelectInst>(&inst)) {
      if (!illegalResult)
        return unsupported(inst);
      result = b.CreateSelect(select->getCondition(),
                              promote(select->getTrueValue(), &b),
                              promote(select->getFalseValue(), &b));
    } else if (auto *cmp = dyn_cast<ICmpInst>(&inst)) {
      bool isSigned = cmp->isSigned();
      result = b.CreateICmp(cmp->getPredicate(),
                            extended(b, cmp->getOperand(0), isSigned),
                            extended(b, cmp->getOperand(1), isSigned));
    } else if (auto *sw = dyn_cast<SwitchInst>(&inst)) {
      Value *condition = extended(b, sw->getCondition(), false);
      Type *to = condition->getType();
      auto *promoted =
          b.CreateSwitch(condition, sw->getDefaultDest(), sw->getNumCases());
      for (auto &c : sw->cases())
        promoted->addCase(
            cast<ConstantInt>(ConstantInt::get(
                to, c.getCaseValue()->getValue().zext(getWidth(to)))),
            c.getCaseSuccessor());
      return Error::success();
    } else {
      return unsupported(inst);
    }
    if (illegalResult)
      promotedValues[&inst] = result;
    else
      inst.replaceAllUsesWith(result);
    return Error::success();
  }

  Function &func;
  bool native16Bit;
  DenseMap<Value *, Value *> promotedValues;
  /// The extensions of kept 16-bit values (legal, not to rewrite).
  SmallPtrSet<Instruction *, 4> extensions;
  SmallVector<std::pair<PHINode *, PHINode *>> phis;
};
} // namespace

Error mlir::hlsl::promoteIntegersForDXIL(Module &module, bool native16Bit) {
  for (Function &func : module)
    if (!func.isDeclaration())
      if (Error error = IntegerPromoter(func, native16Bit).run())
        return error;
  return Error::success();
}
