//===- HLSLToLLVM.cpp - hlsl dialect to LLVM dialect with DXIL ops --------===//

#include "LoweringCommon.h"
#include "RootSignatureCheck.h"

#include "HLSL/Conversion/Passes.h"
#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/StructuredLayout.h"

#include "mlir/Conversion/ArithToLLVM/ArithToLLVM.h"
#include "mlir/Conversion/ControlFlowToLLVM/ControlFlowToLLVM.h"
#include "mlir/Conversion/FuncToLLVM/ConvertFuncToLLVM.h"
#include "mlir/Conversion/LLVMCommon/ConversionTarget.h"
#include "mlir/Conversion/LLVMCommon/TypeConverter.h"
#include "mlir/Conversion/MathToLLVM/MathToLLVM.h"
#include "mlir/Conversion/VectorToLLVM/ConvertVectorToLLVM.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Transforms/DialectConversion.h"
#include "llvm/ADT/StringSwitch.h"

#include <set>

namespace mlir::hlsl {
#define GEN_PASS_DEF_CONVERTHLSLTOLLVMPASS
#include "HLSL/Conversion/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {

/// [unroll(N)] / [loop] on a loop's back edge become LLVM loop metadata:
/// unroll fully (N = 0) or N times, or do not unroll.
LLVM::LoopAnnotationAttr getLoopAnnotation(Operation *op) {
  MLIRContext *context = op->getContext();
  Builder b(context);
  LLVM::LoopUnrollAttr unroll;
  if (auto count = op->getAttrOfType<IntegerAttr>("hlsl.unroll")) {
    if (count.getInt() == 0)
      unroll = LLVM::LoopUnrollAttr::get(context, {}, {}, {},
                                         b.getBoolAttr(true), {}, {}, {});
    else
      unroll = LLVM::LoopUnrollAttr::get(
          context, {}, b.getI32IntegerAttr(count.getInt()), {}, {}, {}, {}, {});
  } else if (op->hasAttr("hlsl.loop")) {
    unroll = LLVM::LoopUnrollAttr::get(context, b.getBoolAttr(true), {}, {}, {},
                                       {}, {}, {});
  } else {
    return {};
  }
  return LLVM::LoopAnnotationAttr::get(context, {}, {}, {}, unroll, {}, {}, {},
                                       {}, {}, {}, {}, {}, {}, {}, {});
}

struct HintedBranchLowering : HLSLPattern<cf::BranchOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(cf::BranchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::LoopAnnotationAttr annotation = getLoopAnnotation(op);
    if (!annotation)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::BrOp>(op, adaptor.getDestOperands(),
                                            annotation, op.getDest());
    return success();
  }
};

struct HintedCondBranchLowering : HLSLPattern<cf::CondBranchOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(cf::CondBranchOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    LLVM::LoopAnnotationAttr annotation = getLoopAnnotation(op);
    if (!annotation)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::CondBrOp>(
        op, adaptor.getCondition(), adaptor.getTrueDestOperands(),
        adaptor.getFalseDestOperands(), DenseI32ArrayAttr(), annotation,
        op.getTrueDest(), op.getFalseDest());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// Memory and aggregates
//===----------------------------------------------------------------------===//

/// The type a value of `type` has in memory. LLVM packs vectors of i1 into
/// bits, so that their elements have no address: bool vectors (and bool
/// matrices, flat vectors), also inside structs and arrays, live in memory
/// as arrays of i1, one byte per element like a scalar bool.
static Type getMemoryType(Type type) {
  if (auto vector = dyn_cast<VectorType>(type)) {
    if (!vector.getElementType().isInteger(1))
      return type;
    return LLVM::LLVMArrayType::get(vector.getElementType(),
                                    vector.getNumElements());
  }
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type)) {
    Type element = getMemoryType(array.getElementType());
    return element == array.getElementType()
               ? type
               : LLVM::LLVMArrayType::get(element, array.getNumElements());
  }
  if (auto record = dyn_cast<LLVM::LLVMStructType>(type)) {
    SmallVector<Type> fields;
    bool changed = false;
    for (Type field : record.getBody()) {
      fields.push_back(getMemoryType(field));
      changed |= fields.back() != field;
    }
    if (!changed)
      return type;
    if (record.isIdentified()) {
      auto memory = LLVM::LLVMStructType::getIdentified(
          type.getContext(), (record.getName() + ".mem").str());
      if (!memory.isInitialized())
        (void)memory.setBody(fields, record.isPacked());
      return memory;
    }
    return LLVM::LLVMStructType::getLiteral(type.getContext(), fields,
                                            record.isPacked());
  }
  return type;
}

/// The element types of an LLVM array or struct type.
static SmallVector<Type> getAggregateElements(Type type) {
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    return SmallVector<Type>(array.getNumElements(), array.getElementType());
  return SmallVector<Type>(cast<LLVM::LLVMStructType>(type).getBody());
}

/// The address of element `i` of the array or struct of `memoryType` at
/// `addr`.
static Value getElementAddress(OpBuilder &b, Location loc, Value addr,
                               Type memoryType, int64_t i) {
  return LLVM::GEPOp::create(b, loc, addr.getType(), memoryType, addr,
                             ArrayRef<LLVM::GEPArg>{0, int32_t(i)},
                             LLVM::GEPNoWrapFlags::inbounds);
}

static Value getI32Constant(OpBuilder &b, Location loc, int64_t i) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(i));
}

/// Loads a value of `type` from `addr`, which holds getMemoryType(type):
/// a plain load, except that bool vectors (also in structs and arrays) are
/// read element by element.
static Value loadFromMemory(OpBuilder &b, Location loc, Value addr, Type type) {
  Type memoryType = getMemoryType(type);
  if (memoryType == type)
    return LLVM::LoadOp::create(b, loc, type, addr);
  Value result = LLVM::UndefOp::create(b, loc, type);
  if (auto vector = dyn_cast<VectorType>(type)) {
    for (int64_t i = 0; i < vector.getNumElements(); ++i) {
      Value element =
          LLVM::LoadOp::create(b, loc, vector.getElementType(),
                               getElementAddress(b, loc, addr, memoryType, i));
      result = LLVM::InsertElementOp::create(b, loc, result, element,
                                             getI32Constant(b, loc, i));
    }
    return result;
  }
  for (auto [i, element] : llvm::enumerate(getAggregateElements(type)))
    result = LLVM::InsertValueOp::create(
        b, loc, result,
        loadFromMemory(b, loc, getElementAddress(b, loc, addr, memoryType, i),
                       element),
        int64_t(i));
  return result;
}

/// Stores `value` to `addr`, which holds getMemoryType of its type (see
/// loadFromMemory).
static void storeToMemory(OpBuilder &b, Location loc, Value value, Value addr) {
  Type type = value.getType();
  Type memoryType = getMemoryType(type);
  if (memoryType == type) {
    LLVM::StoreOp::create(b, loc, value, addr);
    return;
  }
  if (auto vector = dyn_cast<VectorType>(type)) {
    for (int64_t i = 0; i < vector.getNumElements(); ++i)
      LLVM::StoreOp::create(b, loc,
                            LLVM::ExtractElementOp::create(
                                b, loc, value, getI32Constant(b, loc, i)),
                            getElementAddress(b, loc, addr, memoryType, i));
    return;
  }
  for (int64_t i = 0, e = getAggregateElements(type).size(); i < e; ++i)
    storeToMemory(b, loc, LLVM::ExtractValueOp::create(b, loc, value, i),
                  getElementAddress(b, loc, addr, memoryType, i));
}

/// The initial value of a global in its memory form (constants only).
static Value toMemoryConstant(OpBuilder &b, Location loc, Value value,
                              Type memoryType) {
  Type type = value.getType();
  if (type == memoryType)
    return value;
  Value result = LLVM::UndefOp::create(b, loc, memoryType);
  if (auto vector = dyn_cast<VectorType>(type)) {
    for (int64_t i = 0; i < vector.getNumElements(); ++i)
      result = LLVM::InsertValueOp::create(
          b, loc, result,
          LLVM::ExtractElementOp::create(b, loc, value,
                                         getI32Constant(b, loc, i)),
          i);
    return result;
  }
  for (auto [i, element] : llvm::enumerate(getAggregateElements(memoryType)))
    result = LLVM::InsertValueOp::create(
        b, loc, result,
        toMemoryConstant(
            b, loc, LLVM::ExtractValueOp::create(b, loc, value, int64_t(i)),
            element),
        int64_t(i));
  return result;
}

struct VarLowering : HLSLPattern<VarOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(VarOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type elementType =
        getTypeConverter()->convertType(op.getAddr().getType().getPointee());
    if (!elementType)
      return op.emitError() << "not supported yet: local variable of type "
                            << op.getAddr().getType().getPointee();
    elementType = getMemoryType(elementType);
    // Allocas go to the entry block so that mem2reg/SROA see them.
    OpBuilder::InsertionGuard guard(rewriter);
    Block *entry = &op->getParentRegion()->front();
    rewriter.setInsertionPointToStart(entry);
    Value one = ctx.dx.i32(rewriter, op.getLoc(), 1);
    auto alloca = LLVM::AllocaOp::create(
        rewriter, op.getLoc(), LLVM::LLVMPointerType::get(getContext()),
        elementType, one);
    rewriter.replaceOp(op, alloca);
    return success();
  }
};

struct LoadLowering : HLSLPattern<LoadOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(LoadOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type || !isa<LLVM::LLVMPointerType>(adaptor.getAddr().getType()))
      return op.emitError()
             << "not supported yet: loading from " << op.getAddr().getType();
    rewriter.replaceOp(
        op, loadFromMemory(rewriter, op.getLoc(), adaptor.getAddr(), type));
    return success();
  }
};

struct StoreLowering : HLSLPattern<StoreOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(StoreOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (!isa<LLVM::LLVMPointerType>(adaptor.getAddr().getType()))
      return op.emitError()
             << "not supported yet: storing to " << op.getAddr().getType();
    storeToMemory(rewriter, op.getLoc(), adaptor.getValue(), adaptor.getAddr());
    rewriter.eraseOp(op);
    return success();
  }
};

/// GEP index of a struct field in the converted struct (padding is a field
/// too, so indices match).
struct ElementAddrLowering : HLSLPattern<ElementAddrOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ElementAddrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type pointee =
        getTypeConverter()->convertType(op.getBase().getType().getPointee());
    if (!pointee || !isa<LLVM::LLVMPointerType>(adaptor.getBase().getType()))
      return op.emitError()
             << "not supported yet: addressing " << op.getBase().getType();
    if (auto matrix =
            dyn_cast<MatrixType>(op.getBase().getType().getPointee())) {
      // A local matrix is a flat row-major vector: row r starts at element
      // r * columns.
      Value columns = ctx.dx.i32(rewriter, op.getLoc(), matrix.getColumns());
      Value first = LLVM::MulOp::create(rewriter, op.getLoc(),
                                        adaptor.getIndex(), columns);
      rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
          op, adaptor.getBase().getType(), matrix.getElementType(),
          adaptor.getBase(), ArrayRef<LLVM::GEPArg>{first},
          LLVM::GEPNoWrapFlags::inbounds);
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, adaptor.getBase().getType(), getMemoryType(pointee),
        adaptor.getBase(), ArrayRef<LLVM::GEPArg>{0, adaptor.getIndex()},
        LLVM::GEPNoWrapFlags::inbounds);
    return success();
  }
};

struct FieldAddrLowering : HLSLPattern<FieldAddrOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(FieldAddrOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type pointee =
        getTypeConverter()->convertType(op.getBase().getType().getPointee());
    if (!pointee || !isa<LLVM::LLVMPointerType>(adaptor.getBase().getType()))
      return op.emitError()
             << "not supported yet: addressing " << op.getBase().getType();
    rewriter.replaceOpWithNewOp<LLVM::GEPOp>(
        op, adaptor.getBase().getType(), getMemoryType(pointee),
        adaptor.getBase(), ArrayRef<LLVM::GEPArg>{0, int32_t(op.getIndex())},
        LLVM::GEPNoWrapFlags::inbounds);
    return success();
  }
};

struct GlobalLowering : HLSLPattern<GlobalOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(GlobalOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return op.emitError()
             << "not supported yet: global of type " << op.getType();
    type = getMemoryType(type);
    bool groupShared = op.getKind() == GlobalKind::GroupShared;
    auto global = LLVM::GlobalOp::create(
        rewriter, op.getLoc(), type, op.getConstant(), LLVM::Linkage::Internal,
        op.getSymName(), Attribute(),
        /*alignment=*/4, /*addrSpace=*/groupShared ? 3 : 0);
    Region &init = global.getInitializerRegion();
    if (!op.getInit().empty()) {
      // The initializer's ops (and its hlsl.yield) are converted in place.
      rewriter.inlineRegionBefore(op.getInit(), init, init.end());
    } else {
      Block *block = rewriter.createBlock(&init);
      rewriter.setInsertionPointToStart(block);
      // Groupshared memory starts undefined (DXC emits undef); statics
      // without initializer are zero.
      Value value =
          groupShared
              ? Value(LLVM::UndefOp::create(rewriter, op.getLoc(), type))
              : Value(LLVM::ZeroOp::create(rewriter, op.getLoc(), type));
      LLVM::ReturnOp::create(rewriter, op.getLoc(), value);
    }
    rewriter.eraseOp(op);
    return success();
  }
};

struct YieldLowering : HLSLPattern<YieldOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(YieldOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    auto global = dyn_cast<LLVM::GlobalOp>(op->getParentOp());
    if (!global)
      return failure();
    SmallVector<Value> values(adaptor.getValues());
    // Bool vectors in the initial value take their memory form.
    if (values.size() == 1)
      values[0] = toMemoryConstant(rewriter, op.getLoc(), values[0],
                                   global.getGlobalType());
    rewriter.replaceOpWithNewOp<LLVM::ReturnOp>(op, values);
    return success();
  }
};

struct GlobalAddrLowering : HLSLPattern<GlobalAddrOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(GlobalAddrOp op, OpAdaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getAddr().getType());
    if (!type)
      return failure();
    rewriter.replaceOpWithNewOp<LLVM::AddressOfOp>(op, type, op.getGlobal());
    return success();
  }
};

template <typename Op, typename LLVMOp>
struct ValueOpLowering : HLSLPattern<Op> {
  using HLSLPattern<Op>::HLSLPattern;
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!type)
      return op.emitError()
             << "not supported yet: value of type " << op.getType();
    rewriter.replaceOpWithNewOp<LLVMOp>(op, type);
    return success();
  }
};

/// DXIL's float-to-integer conversions saturate (D3D's rule: NaN gives 0,
/// values out of range the nearest end); LLVM's fptosi/fptoui are poison out
/// of range, and LLVM folds `(uint)-1.5` to undef as soon as it is built.
/// The saturating intrinsics say what DXIL means; the DXIL legalization
/// turns them back into plain conversions.
template <typename Op> struct SaturatingConversionLowering : HLSLPattern<Op> {
  SaturatingConversionLowering(const TypeConverter &converter,
                               MLIRContext *context, LoweringContext &ctx,
                               StringRef intrinsic)
      : HLSLPattern<Op>(converter, context, ctx, /*benefit=*/2),
        intrinsic(intrinsic) {}
  LogicalResult
  matchAndRewrite(Op op, typename Op::Adaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = this->getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    // A constant is converted here (a global initializer has no calls):
    // APFloat's conversion saturates as DXIL does.
    FloatAttr constant;
    auto integerType = dyn_cast<IntegerType>(type);
    if (integerType && matchPattern(adaptor.getIn(), m_Constant(&constant))) {
      APSInt result(integerType.getWidth(),
                    std::is_same_v<Op, arith::FPToUIOp>);
      bool exact;
      (void)constant.getValue().convertToInteger(result, APFloat::rmTowardZero,
                                                 &exact);
      rewriter.replaceOpWithNewOp<LLVM::ConstantOp>(
          op, type, rewriter.getIntegerAttr(type, result));
      return success();
    }
    rewriter.replaceOpWithNewOp<LLVM::CallIntrinsicOp>(
        op, type, rewriter.getStringAttr(intrinsic), adaptor.getIn());
    return success();
  }
  StringRef intrinsic;
};

/// hlsl.precise: each scalar goes through a marker call
/// (`hlsl.precise.f32`) that the DXIL legalization resolves
/// (resolvePreciseValuesForDXIL); the optimizer does not fold through it.
struct PreciseLowering : HLSLPattern<PreciseOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(PreciseOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    SmallVector<Value> scalars =
        scalarize(rewriter, loc, adaptor.getValue(), ctx.dx);
    for (Value &scalar : scalars)
      scalar = ctx.dx.callMarker(
          rewriter, loc,
          "hlsl.precise." + DXILOpBuilder::getOverloadName(scalar.getType()),
          scalar);
    rewriter.replaceOp(op, vectorize(rewriter, loc, type, scalars, ctx.dx));
    return success();
  }
};

struct ConstructLowering : HLSLPattern<ConstructOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ConstructOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (!type)
      return failure();
    Location loc = op.getLoc();
    if (isa<VectorType>(type)) {
      rewriter.replaceOp(
          op, vectorize(rewriter, loc, type,
                        SmallVector<Value>(adaptor.getElements()), ctx.dx));
      return success();
    }
    Value result = LLVM::UndefOp::create(rewriter, loc, type);
    SmallVector<int64_t> positions;
    if (auto st = dyn_cast<StructType>(op.getType())) {
      for (auto [i, field] : llvm::enumerate(st.getFieldTypes()))
        if (!isa<PaddingType>(field))
          positions.push_back(i);
    } else {
      for (size_t i = 0; i < adaptor.getElements().size(); ++i)
        positions.push_back(i);
    }
    for (auto [position, element] : llvm::zip(positions, adaptor.getElements()))
      result =
          LLVM::InsertValueOp::create(rewriter, loc, result, element, position);
    rewriter.replaceOp(op, result);
    return success();
  }
};

/// Dynamic element of an aggregate value: through a stack copy.
Value extractDynamic(ConversionPatternRewriter &b, Location loc, Value array,
                     Value index, Type elementType, LoweringContext &ctx,
                     Value insertValue = Value()) {
  Value one = ctx.dx.i32(b, loc, 1);
  auto ptrType = LLVM::LLVMPointerType::get(b.getContext());
  Value slot = LLVM::AllocaOp::create(b, loc, ptrType, array.getType(), one);
  LLVM::StoreOp::create(b, loc, array, slot);
  Value element = LLVM::GEPOp::create(b, loc, ptrType, array.getType(), slot,
                                      ArrayRef<LLVM::GEPArg>{0, index});
  if (insertValue) {
    LLVM::StoreOp::create(b, loc, insertValue, element);
    return LLVM::LoadOp::create(b, loc, array.getType(), slot);
  }
  return LLVM::LoadOp::create(b, loc, elementType, element);
}

std::optional<int64_t> getConstant(Value v) {
  APInt value;
  if (matchPattern(v, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

struct ArrayExtractLowering : HLSLPattern<ArrayExtractOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ArrayExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    Type type = getTypeConverter()->convertType(op.getType());
    if (std::optional<int64_t> index = getConstant(op.getIndex()))
      rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(op, adaptor.getArray(),
                                                        *index);
    else
      rewriter.replaceOp(op, extractDynamic(rewriter, op.getLoc(),
                                            adaptor.getArray(),
                                            adaptor.getIndex(), type, ctx));
    return success();
  }
};

struct ArrayInsertLowering : HLSLPattern<ArrayInsertOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(ArrayInsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    if (std::optional<int64_t> index = getConstant(op.getIndex()))
      rewriter.replaceOpWithNewOp<LLVM::InsertValueOp>(
          op, adaptor.getArray(), adaptor.getValue(), *index);
    else
      rewriter.replaceOp(op,
                         extractDynamic(rewriter, op.getLoc(),
                                        adaptor.getArray(), adaptor.getIndex(),
                                        Type(), ctx, adaptor.getValue()));
    return success();
  }
};

struct FieldExtractLowering : HLSLPattern<FieldExtractOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(FieldExtractOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::ExtractValueOp>(op, adaptor.getInput(),
                                                      op.getIndex());
    return success();
  }
};

struct FieldInsertLowering : HLSLPattern<FieldInsertOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(FieldInsertOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOpWithNewOp<LLVM::InsertValueOp>(
        op, adaptor.getInput(), adaptor.getValue(), op.getIndex());
    return success();
  }
};

/// Matrices are row-major vectors as values whatever their memory order.
struct MatrixCastLowering : HLSLPattern<MatrixCastOp> {
  using HLSLPattern::HLSLPattern;
  LogicalResult
  matchAndRewrite(MatrixCastOp op, OpAdaptor adaptor,
                  ConversionPatternRewriter &rewriter) const override {
    rewriter.replaceOp(op, adaptor.getInput());
    return success();
  }
};

//===----------------------------------------------------------------------===//
// The pass
//===----------------------------------------------------------------------===//

/// The value of a compute shader's system value `semantic` of type `type`
/// (an intrinsic, lowered to dx.op.threadId & co.), or null after an error.
static Value emitComputeSystemValue(OpBuilder &builder, Location loc,
                                    StringRef semantic, Type type) {
  StringRef intrinsic = getComputeSystemValueIntrinsic(semantic);
  if (intrinsic.empty()) {
    emitError(loc) << "not supported yet: entry parameter "
                   << (semantic.empty() ? StringRef("without a semantic")
                                        : semantic)
                   << " of a compute shader in the DXIL lowering";
    return {};
  }
  // DXIL reads these as i32 components: SV_GroupIndex is one integer,
  // the IDs one to three; 16-bit ones are truncated, as in DXC.
  auto vector = dyn_cast<VectorType>(type);
  Type element = vector ? vector.getElementType() : type;
  bool valid =
      (element.isInteger(32) || element.isInteger(16)) &&
      (intrinsic == "GroupIndex" ? !vector
                                 : !vector || (vector.getRank() == 1 &&
                                               vector.getNumElements() <= 3));
  if (!valid) {
    emitError(loc) << semantic << " must be "
                   << (intrinsic == "GroupIndex"
                           ? "a 16- or 32-bit integer"
                           : "a vector of one to three 16- or 32-bit integers")
                   << ", not " << type;
    return {};
  }
  Type i32Type =
      vector ? Type(VectorType::get(vector.getShape(), builder.getI32Type()))
             : Type(builder.getI32Type());
  Value value =
      IntrinsicOp::create(builder, loc, i32Type,
                          builder.getStringAttr(intrinsic), ValueRange())
          .getResult();
  if (i32Type != type)
    value = arith::TruncIOp::create(builder, loc, type, value);
  return value;
}

/// The entry's system-value parameters become intrinsics (lowered to
/// dx.op.threadId & co.); the entry takes no parameters in DXIL. A struct
/// parameter is built from its fields' system values.
LogicalResult makeSystemValuesExplicit(func::FuncOp func) {
  if (func.isExternal())
    return success();
  auto stage =
      func->getAttrOfType<ShaderStageAttr>(HLSLDialect::getShaderAttrName());
  Block &entry = func.getBody().front();
  OpBuilder builder = OpBuilder::atBlockBegin(&entry);
  for (unsigned i = 0; i < func.getNumArguments(); ++i) {
    BlockArgument arg = entry.getArgument(i);
    if (!stage || stage.getValue() != ShaderStage::Compute)
      return func.emitError()
             << "not supported yet: entry parameters of a "
             << (stage ? stringifyShaderStage(stage.getValue()) : "library")
             << " shader in this lowering";
    auto semantic = func.getArgAttrOfType<StringAttr>(
        i, HLSLDialect::getSemanticAttrName());
    auto fieldSemantics =
        func.getArgAttrOfType<ArrayAttr>(i, "hlsl.field_semantics");
    auto record = dyn_cast<StructType>(arg.getType());
    Value value;
    if (record && fieldSemantics &&
        fieldSemantics.size() == record.getFieldTypes().size() &&
        !func.getArgAttr(i, "hlsl.field_semantic_indices")) {
      SmallVector<Value> fields;
      for (auto [fieldSemantic, fieldType] :
           llvm::zip_equal(fieldSemantics.getAsValueRange<StringAttr>(),
                           record.getFieldTypes())) {
        fields.push_back(emitComputeSystemValue(builder, arg.getLoc(),
                                                fieldSemantic, fieldType));
        if (!fields.back())
          return failure();
      }
      value = ConstructOp::create(builder, func.getLoc(), record, fields);
    } else {
      value = emitComputeSystemValue(builder, arg.getLoc(),
                                     semantic ? semantic.getValue() : "",
                                     arg.getType());
    }
    if (!value)
      return failure();
    arg.replaceAllUsesWith(value);
  }
  if (func.getNumResults() != 0)
    return func.emitError() << "not supported yet: entry results (outputs) "
                               "in the DXIL lowering";
  unsigned count = func.getNumArguments();
  BitVector all(count, true);
  if (failed(func.eraseArguments(all)))
    return failure();
  return success();
}

struct ConvertHLSLToLLVM
    : hlsl::impl::ConvertHLSLToLLVMPassBase<ConvertHLSLToLLVM> {
  using Base::Base;

  /// The helper-lane flag of LoweringContext::emulateHelperLane: a lane
  /// that covers no sample is a helper lane from the start.
  static void initializeHelperLaneFlag(ModuleOp module, DXILOpBuilder &dx) {
    OpBuilder b(module.getContext());
    Location loc = module.getLoc();
    Type i32 = b.getI32Type();
    b.setInsertionPointToStart(module.getBody());
    LLVM::GlobalOp::create(b, loc, i32, /*isConstant=*/false,
                           LLVM::Linkage::Internal, kHelperLaneGlobal,
                           b.getI32IntegerAttr(0));
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!func->hasAttr(HLSLDialect::getEntryAttrName()) || func.isExternal())
        continue;
      b.setInsertionPointToStart(&func.getBody().front());
      Value coverage = dx.call(b, loc, "coverage", i32, dxil::Coverage, i32, {},
                               dxil::OpAttr::ReadNone);
      Value none = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::eq,
                                        coverage, dx.i32(b, loc, 0));
      Value flag = LLVM::ZExtOp::create(b, loc, i32, none);
      LLVM::StoreOp::create(b, loc, flag, getHelperLaneFlag(b, loc));
    }
  }

  /// Groupshared memory is limited to 32 KiB per thread group (28 KiB for
  /// mesh shaders), as DXC's validator checks; the variable that goes past
  /// the limit gets the error. Sizes use the structured-buffer layout,
  /// which matches DXIL's for the scalar, vector and array types
  /// groupshared variables have.
  /// Only the thread-group stages have groupshared memory: elsewhere a
  /// use of a groupshared variable is an error there (DXC's validator
  /// refuses the container).
  static LogicalResult checkGroupShared(ModuleOp module,
                                        const LoweringContext &ctx) {
    ShaderStage stage = ctx.stage;
    bool hasGroups = ctx.hasThreadGroups();
    int64_t limit = stage == ShaderStage::Mesh ? 28672 : 32768;
    int64_t total = 0;
    for (auto global : module.getOps<GlobalOp>()) {
      if (global.getKind() != GlobalKind::GroupShared)
        continue;
      if (!hasGroups) {
        std::optional<SymbolTable::UseRange> uses =
            SymbolTable::getSymbolUses(global, module);
        if (uses && !uses->empty())
          return uses->begin()->getUser()->emitError()
                 << "groupshared variable '" << global.getSymName()
                 << "' used in a " << stringifyShaderStage(stage)
                 << " shader: only compute, mesh and amplification shaders "
                    "have groupshared memory";
        continue;
      }
      StructuredLayout layout = getStructuredLayout(global.getType());
      total = llvm::alignTo(total, std::max<int64_t>(layout.alignment, 1));
      total = layout.size > limit ? limit + 1 : total + layout.size;
      if (total > limit)
        return global.emitError()
               << "groupshared variables take "
               << (layout.size > limit ? layout.size : total) << " bytes with '"
               << global.getSymName() << "', more than the " << limit
               << " bytes a thread group can share";
    }
    return success();
  }

  void runOnOperation() override {
    ModuleOp module = getOperation();
    MLIRContext *context = &getContext();
    LoweringContext ctx{DXILOpBuilder(module), ResourceTable(), 6};
    FailureOr<DXILTarget> target = getDXILTarget(module, validatorVersion);
    if (failed(target))
      return signalPassFailure();
    ctx.smMinor = target->smMinor;
    ctx.stage = target->stage;
    if (failed(checkGroupShared(module, ctx)))
      return signalPassFailure();
    if (failed(ctx.resources.build(module)))
      return signalPassFailure();
    // Writable multisampled textures are a shader model 6.7 feature (the
    // validator refuses their declaration before).
    if (target->smMinor < 7) {
      bool failedModel = false;
      for (auto resource : module.getOps<ResourceOp>()) {
        ResourceKind kind = resource.getResourceType().getKind();
        if (kind != ResourceKind::RWTexture2DMS &&
            kind != ResourceKind::RWTexture2DMSArray)
          continue;
        resource.emitError() << stringifyResourceKind(kind)
                             << " requires shader model 6.7 or later";
        failedModel = true;
      }
      if (failedModel)
        return signalPassFailure();
    }
    if (target->stage == ShaderStage::Pixel && target->smMinor < 6) {
      module.walk([&](IntrinsicOp op) {
        if (op.getName() == "IsHelperLane")
          ctx.emulateHelperLane = true;
      });
      if (ctx.emulateHelperLane)
        initializeHelperLaneFlag(module, ctx.dx);
    }
    // Graphics entry points read and write signature elements; compute
    // entry points read system values.
    std::optional<EntryInterface> interface;
    std::string graphicsEntry;
    for (auto func : module.getOps<func::FuncOp>()) {
      if (!func->hasAttr(HLSLDialect::getEntryAttrName()))
        continue;
      auto stage = func->getAttrOfType<ShaderStageAttr>(
          HLSLDialect::getShaderAttrName());
      if (stage && (stage.getValue() == ShaderStage::Vertex ||
                    stage.getValue() == ShaderStage::Pixel)) {
        FailureOr<EntryInterface> built = buildEntryInterface(
            func, stage.getValue(), target->smMajor, target->smMinor);
        if (failed(built))
          return signalPassFailure();
        interface = std::move(*built);
        graphicsEntry = func.getSymName().str();
      } else if (failed(makeSystemValuesExplicit(func))) {
        return signalPassFailure();
      }
    }
    // The validator's rule: rasterizer-ordered views are pixel shader
    // resources.
    if (target->stage != ShaderStage::Pixel &&
        target->stage != ShaderStage::Library) {
      bool rovFailed = false;
      for (const ResourceInfo &info : ctx.resources.getRecords())
        if (info.isROV && info.decl) {
          info.decl->emitError()
              << "'" << info.name
              << "': rasterizer-ordered resources are only allowed in pixel "
                 "shaders, not in a "
              << stringifyShaderStage(target->stage) << " shader";
          rovFailed = true;
        }
      if (rovFailed)
        return signalPassFailure();
    }
    SmallVector<UnboundResource> unbound;
    if (auto rootSignature =
            module->getAttrOfType<StringAttr>("hlsl.root_signature")) {
      FailureOr<SmallVector<UnboundResource>> found =
          findResourcesNotInRootSignature(module, rootSignature.getValue(),
                                          ctx.resources, target->stage);
      if (failed(found))
        return signalPassFailure();
      unbound = std::move(*found);
    }
    // The metadata describes declarations the conversion erases.
    if (failed(attachDXILMetadata(module, *target, ctx.resources,
                                  interface ? &*interface : nullptr, unbound)))
      return signalPassFailure();

    LowerToLLVMOptions options(context);
    LLVMTypeConverter converter(context, options);
    DXILOpBuilder &dx = ctx.dx;
    converter.addConversion(
        [&](ResourceType) -> Type { return dx.getHandleType(); });
    converter.addConversion([&](PointerType type) -> std::optional<Type> {
      switch (type.getAddressSpace()) {
      case AddressSpace::Function:
      case AddressSpace::Static:
        return LLVM::LLVMPointerType::get(context, 0);
      case AddressSpace::GroupShared:
        return LLVM::LLVMPointerType::get(context, 3);
      default:
        return Type();
      }
    });
    converter.addConversion([&](ArrayType type) -> std::optional<Type> {
      Type element = converter.convertType(type.getElementType());
      if (!element || type.isUnbounded())
        return Type();
      return LLVM::LLVMArrayType::get(element, type.getSize());
    });
    converter.addConversion([&](MatrixType type) -> Type {
      return VectorType::get({int64_t(type.getNumElements())},
                             type.getElementType());
    });
    converter.addConversion([&](PaddingType type) -> Type {
      return LLVM::LLVMArrayType::get(IntegerType::get(context, 8),
                                      type.getSize());
    });
    converter.addConversion([&](StructType type) -> std::optional<Type> {
      SmallVector<Type> fields;
      for (Type field : type.getFieldTypes()) {
        Type converted = converter.convertType(field);
        if (!converted)
          return Type();
        fields.push_back(converted);
      }
      return LLVM::LLVMStructType::getLiteral(context, fields);
    });

    RewritePatternSet patterns(context);
    populateResourceAccessPatterns(converter, patterns, ctx);
    populateIntrinsicPatterns(converter, patterns, ctx);
    patterns
        .add<VarLowering, LoadLowering, StoreLowering, ElementAddrLowering,
             FieldAddrLowering, GlobalLowering, YieldLowering,
             GlobalAddrLowering, ValueOpLowering<UndefOp, LLVM::UndefOp>,
             ValueOpLowering<ZeroOp, LLVM::ZeroOp>, ConstructLowering,
             ArrayExtractLowering, ArrayInsertLowering, FieldExtractLowering,
             FieldInsertLowering, MatrixCastLowering, PreciseLowering>(
            converter, context, ctx);
    patterns.add<SaturatingConversionLowering<arith::FPToSIOp>>(
        converter, context, ctx, "llvm.fptosi.sat");
    patterns.add<SaturatingConversionLowering<arith::FPToUIOp>>(
        converter, context, ctx, "llvm.fptoui.sat");
    // Loop hints must win over the upstream branch conversion.
    patterns.add<HintedBranchLowering, HintedCondBranchLowering>(
        converter, context, ctx, /*benefit=*/2);
    populateFuncToLLVMConversionPatterns(converter, patterns);
    cf::populateControlFlowToLLVMConversionPatterns(converter, patterns);
    arith::populateArithToLLVMConversionPatterns(converter, patterns);
    populateMathToLLVMConversionPatterns(converter, patterns);
    populateVectorToLLVMConversionPatterns(converter, patterns);

    LLVMConversionTarget conversionTarget(*context);
    conversionTarget.addLegalOp<ModuleOp>();
    conversionTarget.addIllegalDialect<HLSLDialect>();
    conversionTarget.addLegalOp<ResourceOp, CBufferOp, CBufferMemberOp>();
    // A pattern that refuses an op has said why ("not supported yet: ...");
    // the framework's "failed to legalize operation" that follows at the
    // same place repeats it in internal terms, so it is dropped. The
    // framework may also try a refused pattern again (vector operands of
    // converted block arguments): the same error at the same place is shown
    // once.
    DenseSet<Location> explained;
    std::set<std::pair<const void *, std::string>> shown;
    ScopedDiagnosticHandler dropRepeats(context, [&](Diagnostic &diag) {
      if (diag.getSeverity() != DiagnosticSeverity::Error)
        return failure();
      std::string message = diag.str();
      if (StringRef(message).starts_with("failed to legalize operation") &&
          explained.contains(diag.getLocation()))
        return success();
      explained.insert(diag.getLocation());
      if (!shown.emplace(diag.getLocation().getAsOpaquePointer(), message)
               .second)
        return success();
      return failure();
    });
    if (failed(
            applyFullConversion(module, conversionTarget, std::move(patterns))))
      return signalPassFailure();

    if (interface)
      if (failed(lowerSignatureAccess(
              module.lookupSymbol<LLVM::LLVMFuncOp>(graphicsEntry), *interface,
              ctx.dx)))
        return signalPassFailure();

    // Declarations that only described bindings are gone from the IR (the
    // metadata keeps them).
    for (Operation &op : llvm::make_early_inc_range(*module.getBody()))
      if (isa<ResourceOp, CBufferOp>(op))
        op.erase();
  }
};
} // namespace
