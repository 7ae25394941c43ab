//===- LoweringCommon.cpp - shared by the hlsl -> LLVM patterns -----------===//

#include "LoweringCommon.h"

#include "mlir/Dialect/Arith/IR/Arith.h"

namespace mlir::hlsl {

bool isNonUniformIndex(Value index) {
  // Through the arithmetic that flattens array indices (bounded: indices
  // are short expressions).
  SmallVector<Value> worklist = {index};
  for (unsigned visited = 0; !worklist.empty() && visited < 64; ++visited) {
    Operation *def = worklist.pop_back_val().getDefiningOp();
    if (!def)
      continue;
    if (auto intrinsic = dyn_cast<IntrinsicOp>(def)) {
      if (intrinsic.getName() == "NonUniformResourceIndex")
        return true;
      continue;
    }
    if (isa<arith::AddIOp, arith::SubIOp, arith::MulIOp, arith::ExtUIOp,
            arith::ExtSIOp, arith::TruncIOp, arith::IndexCastOp, LLVM::AddOp,
            LLVM::MulOp, LLVM::ZExtOp, LLVM::SExtOp, LLVM::TruncOp>(def))
      worklist.append(def->operand_begin(), def->operand_end());
  }
  return false;
}

Value emitHandle(OpBuilder &b, Location loc, LoweringContext &ctx,
                 const ResourceInfo &info, Value relIndex, bool nonUniform) {
  DXILOpBuilder &dx = ctx.dx;
  Value index = dx.i32(b, loc, info.lowerBound);
  if (relIndex)
    index = LLVM::AddOp::create(b, loc, index, relIndex);
  if (!ctx.useBindingHandles())
    return dx.call(
        b, loc, "createHandle", Type(), dxil::CreateHandle, dx.getHandleType(),
        {dx.i8(b, loc, unsigned(info.cls)), dx.i32(b, loc, info.rangeId), index,
         dx.i1(b, loc, nonUniform)},
        dxil::OpAttr::ReadOnly);
  Value bind = LLVM::UndefOp::create(b, loc, dx.getResBindType());
  uint32_t upper =
      info.size ? uint32_t(info.lowerBound + *info.size - 1) : UINT32_MAX;
  bind = LLVM::InsertValueOp::create(
      b, loc, bind, dx.i32(b, loc, info.lowerBound), ArrayRef<int64_t>{0});
  bind = LLVM::InsertValueOp::create(b, loc, bind, dx.i32(b, loc, upper), 1);
  bind =
      LLVM::InsertValueOp::create(b, loc, bind, dx.i32(b, loc, info.space), 2);
  bind = LLVM::InsertValueOp::create(b, loc, bind,
                                     dx.i8(b, loc, unsigned(info.cls)), 3);
  Value handle =
      dx.call(b, loc, "createHandleFromBinding", Type(),
              dxil::CreateHandleFromBinding, dx.getHandleType(),
              {bind, index, dx.i1(b, loc, nonUniform)}, dxil::OpAttr::ReadNone);
  return annotateHandle(b, loc, dx, handle, info);
}

Value annotateHandle(OpBuilder &b, Location loc, DXILOpBuilder &dx,
                     Value handle, const ResourceInfo &info) {
  Value props = LLVM::UndefOp::create(b, loc, dx.getResourcePropertiesType());
  props = LLVM::InsertValueOp::create(
      b, loc, props, dx.i32(b, loc, int32_t(info.properties[0])),
      ArrayRef<int64_t>{0});
  props = LLVM::InsertValueOp::create(
      b, loc, props, dx.i32(b, loc, int32_t(info.properties[1])), 1);
  return dx.call(b, loc, "annotateHandle", Type(), dxil::AnnotateHandle,
                 dx.getHandleType(), {handle, props}, dxil::OpAttr::ReadNone);
}

SmallVector<Value> scalarize(OpBuilder &b, Location loc, Value value,
                             DXILOpBuilder &dx) {
  auto vec = dyn_cast<VectorType>(value.getType());
  if (!vec)
    return {value};
  SmallVector<Value> result;
  for (int64_t i = 0; i < vec.getNumElements(); ++i)
    result.push_back(
        LLVM::ExtractElementOp::create(b, loc, value, dx.i32(b, loc, i)));
  return result;
}

Value vectorize(OpBuilder &b, Location loc, Type type, ArrayRef<Value> scalars,
                DXILOpBuilder &dx) {
  if (!isa<VectorType>(type))
    return scalars.front();
  Value result = LLVM::UndefOp::create(b, loc, type);
  for (auto [i, s] : llvm::enumerate(scalars))
    result =
        LLVM::InsertElementOp::create(b, loc, result, s, dx.i32(b, loc, i));
  return result;
}

Value getHelperLaneFlag(OpBuilder &b, Location loc) {
  return LLVM::AddressOfOp::create(
      b, loc, LLVM::LLVMPointerType::get(b.getContext()), kHelperLaneGlobal);
}

} // namespace mlir::hlsl

void mlir::hlsl::writeLoadStatus(OpBuilder &b, Location loc, DXILOpBuilder &dx,
                                 Value ret, Value status) {
  Value mapped = dx.call(b, loc, "checkAccessFullyMapped", b.getI32Type(),
                         dxil::CheckAccessFullyMapped, b.getI1Type(),
                         {LLVM::ExtractValueOp::create(b, loc, ret, 4)},
                         dxil::OpAttr::ReadOnly);
  LLVM::StoreOp::create(
      b, loc, LLVM::ZExtOp::create(b, loc, b.getI32Type(), mapped), status);
}
