//===- LockstepWaveOps.cpp - wave operations inline in lockstep -----------===//
//
// Each operation is a loop over the lanes' frames in ascending lane order,
// with WaveOps.cpp's semantics: reductions start from lane 0's operand,
// prefix operations from the identity, float sums and products round to
// the operand's precision at every step, integers wrap; booleans are a byte
// whose low bit counts. Min and max of floats (NaN and signed-zero rules),
// 16-bit operands and the operations that read other lanes by index are
// left to the runtime.
//
//===----------------------------------------------------------------------===//

#include "LockstepWaveOps.h"
#include "WaveOps.h"

#include "HLSL/Execution/RuntimeABI.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "llvm/IR/Intrinsics.h"


using namespace llvm;
using namespace mlir::hlsl::exec;

namespace {

/// The LLVM type of a wave operand of `type`, for the types handled here.
Type *operandType(LLVMContext &context, WaveValueType type) {
  switch (type) {
  case WaveValueType::I32:
    return Type::getInt32Ty(context);
  case WaveValueType::I64:
    return Type::getInt64Ty(context);
  case WaveValueType::F32:
    return Type::getFloatTy(context);
  case WaveValueType::F64:
    return Type::getDoubleTy(context);
  default:
    return nullptr;
  }
}

Value *combine(IRBuilder<> &b, Reduce kind, bool isUnsigned, Value *x,
               Value *y) {
  bool isFloat = x->getType()->isFloatingPointTy();
  switch (kind) {
  case Reduce::Sum:
    return isFloat ? b.CreateFAdd(x, y) : b.CreateAdd(x, y);
  case Reduce::Product:
    return isFloat ? b.CreateFMul(x, y) : b.CreateMul(x, y);
  case Reduce::Min:
    return b.CreateBinaryIntrinsic(
        isUnsigned ? Intrinsic::umin : Intrinsic::smin, x, y);
  case Reduce::Max:
    return b.CreateBinaryIntrinsic(
        isUnsigned ? Intrinsic::umax : Intrinsic::smax, x, y);
  case Reduce::And:
    return b.CreateAnd(x, y);
  case Reduce::Or:
    return b.CreateOr(x, y);
  case Reduce::Xor:
    return b.CreateXor(x, y);
  }
  return x;
}

Value *identityOf(Reduce kind, bool isUnsigned, Type *type) {
  switch (kind) {
  case Reduce::Product:
    return type->isFloatingPointTy() ? ConstantFP::get(type, 1.0)
                                     : ConstantInt::get(type, 1);
  case Reduce::And:
    return Constant::getAllOnesValue(type);
  case Reduce::Min: {
    unsigned bits = type->getIntegerBitWidth();
    return ConstantInt::get(type, isUnsigned ? APInt::getMaxValue(bits)
                                             : APInt::getSignedMaxValue(bits));
  }
  case Reduce::Max: {
    unsigned bits = type->getIntegerBitWidth();
    return ConstantInt::get(type, isUnsigned ? APInt::getMinValue(bits)
                                             : APInt::getSignedMinValue(bits));
  }
  default:
    return Constant::getNullValue(type);
  }
}

/// Emits `for (i = first; i < count; ++i) acc = body(i, acc)` and returns
/// the final accumulator (`init` if the loop runs zero times; null without
/// one).
class LaneLoops {
public:
  LaneLoops(IRBuilder<> &b, Value *frames, Value *count)
      : b(b), frames(frames), count(count) {}

  Value *loop(uint32_t first, Value *init,
              function_ref<Value *(Value *index, Value *acc)> body) {
    BasicBlock *before = b.GetInsertBlock();
    Function *function = before->getParent();
    LLVMContext &context = function->getContext();
    BasicBlock *loop = BasicBlock::Create(context, "wave.lanes", function);
    BasicBlock *done = BasicBlock::Create(context, "wave.done", function);
    b.CreateCondBr(b.CreateICmpULT(b.getInt32(first), count), loop, done);
    b.SetInsertPoint(loop);
    PHINode *index = b.CreatePHI(b.getInt32Ty(), 2, "lane");
    index->addIncoming(b.getInt32(first), before);
    PHINode *acc = nullptr;
    if (init) {
      acc = b.CreatePHI(init->getType(), 2, "acc");
      acc->addIncoming(init, before);
    }
    Value *next = body(index, acc);
    Value *nextIndex = b.CreateAdd(index, b.getInt32(1));
    BasicBlock *end = b.GetInsertBlock();
    index->addIncoming(nextIndex, end);
    if (acc)
      acc->addIncoming(next, end);
    b.CreateCondBr(b.CreateICmpULT(nextIndex, count), loop, done);
    b.SetInsertPoint(done);
    if (!init)
      return nullptr;
    PHINode *result = b.CreatePHI(init->getType(), 2, "wave.result");
    result->addIncoming(init, before);
    result->addIncoming(next, end);
    return result;
  }

  /// Lane `index`'s copy of `slot`.
  Value *at(Value *index, const FrameSlot &slot) {
    return b.CreateInBoundsGEP(
        b.getInt8Ty(), frames,
        b.CreateAdd(b.getInt64(slot.base),
                    b.CreateMul(b.CreateZExt(index, b.getInt64Ty()),
                                b.getInt64(slot.stride))));
  }
  /// A boolean operand: the low bit of its byte.
  Value *loadBool(Value *index, const FrameSlot &slot) {
    return b.CreateTrunc(b.CreateLoad(b.getInt8Ty(), at(index, slot)),
                         b.getInt1Ty());
  }
  void storeBool(Value *value, Value *index, const FrameSlot &slot) {
    b.CreateStore(b.CreateZExt(value, b.getInt8Ty()), at(index, slot));
  }
  /// The operand of lane 0.
  Value *first(Type *type, const FrameSlot &slot) {
    return b.CreateLoad(type, at(b.getInt32(0), slot));
  }
  /// Stores `value` as every lane's result (once in a slot the lanes
  /// share).
  void broadcast(Value *value, const FrameSlot &slot) {
    if (slot.stride == 0) {
      b.CreateStore(value, at(b.getInt32(0), slot));
      return;
    }
    loop(0, nullptr, [&](Value *index, Value *) {
      b.CreateStore(value, at(index, slot));
      return nullptr;
    });
  }

private:
  IRBuilder<> &b;
  Value *frames;
  Value *count;
};

} // namespace

std::optional<InlineWaveOpResult>
mlir::hlsl::exec::getInlineWaveOpResult(const LockstepWaveOp &op) {
  namespace dxil = mlir::hlsl::dxil;
  auto type = WaveValueType(op.type);
  uint64_t operandBytes = 0;
  switch (type) {
  case WaveValueType::I32:
  case WaveValueType::F32:
    operandBytes = 4;
    break;
  case WaveValueType::I64:
  case WaveValueType::F64:
    operandBytes = 8;
    break;
  default:
    break;
  }
  switch (op.opcode) {
  case dxil::WaveIsFirstLane:
    return InlineWaveOpResult{1, false};
  case dxil::WaveAnyTrue:
  case dxil::WaveAllTrue:
    return InlineWaveOpResult{1, true};
  case dxil::WaveAllBitCount:
  case dxil::WavePrefixBitCount:
    return InlineWaveOpResult{4, op.opcode == dxil::WaveAllBitCount};
  case dxil::WaveReadLaneFirst:
    if (!operandBytes)
      return std::nullopt;
    return InlineWaveOpResult{operandBytes, true};
  case dxil::WaveActiveOp:
  case dxil::WaveActiveBit:
  case dxil::WavePrefixOp: {
    if (!operandBytes)
      return std::nullopt;
    Reduce kind =
        op.opcode == dxil::WaveActiveBit ? bitOpKind(op.op) : waveOpKind(op.op);
    // Float min and max (NaN and signed-zero rules) stay in the runtime.
    bool isFloat = type == WaveValueType::F32 || type == WaveValueType::F64;
    if (isFloat && kind != Reduce::Sum && kind != Reduce::Product)
      return std::nullopt;
    return InlineWaveOpResult{operandBytes, op.opcode != dxil::WavePrefixOp};
  }
  default:
    return std::nullopt;
  }
}

bool mlir::hlsl::exec::emitInlineWaveOp(IRBuilder<> &b,
                                        const LockstepWaveOp &op, Value *frames,
                                        Value *count) {
  namespace dxil = mlir::hlsl::dxil;
  if (!getInlineWaveOpResult(op))
    return false;
  LLVMContext &context = b.getContext();
  auto type = WaveValueType(op.type);
  bool isUnsigned = op.sign == 1;
  LaneLoops lanes(b, frames, count);
  const FrameSlot &value = op.value, &result = op.result;
  switch (op.opcode) {
  case dxil::WaveIsFirstLane:
    lanes.loop(0, nullptr, [&](Value *index, Value *) {
      lanes.storeBool(b.CreateICmpEQ(index, b.getInt32(0)), index, result);
      return nullptr;
    });
    return true;
  case dxil::WaveAnyTrue:
  case dxil::WaveAllTrue: {
    bool any = op.opcode == dxil::WaveAnyTrue;
    Value *folded =
        lanes.loop(0, b.getInt1(!any), [&](Value *index, Value *acc) {
          Value *bit = lanes.loadBool(index, value);
          return any ? b.CreateOr(acc, bit) : b.CreateAnd(acc, bit);
        });
    lanes.broadcast(b.CreateZExt(folded, b.getInt8Ty()), result);
    return true;
  }
  case dxil::WaveAllBitCount:
  case dxil::WavePrefixBitCount: {
    bool prefix = op.opcode == dxil::WavePrefixBitCount;
    Value *total = lanes.loop(0, b.getInt32(0), [&](Value *index, Value *acc) {
      if (prefix)
        b.CreateStore(acc, lanes.at(index, result));
      return b.CreateAdd(
          acc, b.CreateZExt(lanes.loadBool(index, value), b.getInt32Ty()));
    });
    if (!prefix)
      lanes.broadcast(total, result);
    return true;
  }
  case dxil::WaveReadLaneFirst:
    lanes.broadcast(lanes.first(operandType(context, type), value), result);
    return true;
  case dxil::WaveActiveOp:
  case dxil::WaveActiveBit:
  case dxil::WavePrefixOp: {
    Type *valueType = operandType(context, type);
    Reduce kind =
        op.opcode == dxil::WaveActiveBit ? bitOpKind(op.op) : waveOpKind(op.op);
    if (op.opcode == dxil::WavePrefixOp) {
      lanes.loop(0, identityOf(kind, isUnsigned, valueType),
                 [&](Value *index, Value *running) {
                   b.CreateStore(running, lanes.at(index, result));
                   Value *operand =
                       b.CreateLoad(valueType, lanes.at(index, value));
                   return combine(b, kind, isUnsigned, running, operand);
                 });
      return true;
    }
    // Integer operations are associative: from the identity over every
    // lane, which vectorizes. Floats keep lane order.
    bool isFloat = valueType->isFloatingPointTy();
    Value *folded =
        lanes.loop(isFloat ? 1 : 0,
                   isFloat ? lanes.first(valueType, value)
                           : identityOf(kind, isUnsigned, valueType),
                   [&](Value *index, Value *acc) {
                     Value *operand =
                         b.CreateLoad(valueType, lanes.at(index, value));
                     return combine(b, kind, isUnsigned, acc, operand);
                   });
    lanes.broadcast(folded, result);
    return true;
  }
  default:
    return false;
  }
}
