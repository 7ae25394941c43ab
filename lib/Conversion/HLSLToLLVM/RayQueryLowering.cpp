//===- RayQueryLowering.cpp - inline ray tracing to DXIL ------------------===//
//
// RayQuery objects (shader model 6.5) are the i32 handles AllocateRayQuery
// returns; each method is one DXIL RayQuery operation on the handle (the
// prelude's `RayQuery_<method>` intrinsics). State reads return a scalar, or
// one call per vector component or matrix element, as DXC reads them.
//
//===----------------------------------------------------------------------===//

#include "IntrinsicLowering.h"

#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "mlir/IR/Matchers.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
enum class StateShape { Scalar, Vector, Matrix, Transposed };
struct RayQueryState {
  unsigned opcode;
  StateShape shape;
};
} // namespace

static std::optional<RayQueryState> lookupState(StringRef method) {
  return llvm::StringSwitch<std::optional<RayQueryState>>(method)
#define HLSL_RAYQUERY_STATE(METHOD, OPCODE, SHAPE)                             \
  .Case(#METHOD, RayQueryState{OPCODE, StateShape::SHAPE})
#include "HLSL/Dialect/HLSL/IR/HLSLRayQueryStates.def"
      .Default(std::nullopt);
}

bool mlir::hlsl::isRayQueryIntrinsic(StringRef name) {
  return name.starts_with("RayQuery_");
}

LogicalResult
IntrinsicLowering::lowerRayQuery(IntrinsicOp op, StringRef name,
                                 ValueRange args,
                                 ConversionPatternRewriter &rewriter) const {
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  StringRef method = name.drop_front(strlen("RayQuery_"));
  Type i32 = rewriter.getI32Type(), f32 = rewriter.getF32Type(),
       i1 = rewriter.getI1Type();
  if (method == "Allocate") {
    if (ctx.smMinor < 5)
      return op.emitError() << "RayQuery requires shader model 6.5 or later";
    APInt flags, queryFlags;
    if (!matchPattern(op.getArgs()[0], m_ConstantInt(&flags)) ||
        !matchPattern(op.getArgs()[1], m_ConstantInt(&queryFlags)))
      return op.emitError()
             << "the flags of a RayQuery must be compile-time constants";
    // AllocateRayQuery2 takes them, in shader model 6.9.
    if (!queryFlags.isZero())
      return op.emitError() << "not supported yet: RayQuery flags (the second "
                               "template argument, shader model 6.9)";
    Value handle =
        dx.call(rewriter, loc, "allocateRayQuery", Type(),
                dxil::AllocateRayQuery, i32, {args[0]}, dxil::OpAttr::None);
    rewriter.replaceOp(op, handle);
    return success();
  }
  Value query = args[0];
  if (method == "TraceRayInline") {
    // (query, acceleration structure, ray flags, instance mask, origin,
    // tMin, direction, tMax), each vector by components.
    SmallVector<Value> operands = {query, args[1], args[2], args[3]};
    llvm::append_range(operands, scalarize(rewriter, loc, args[4], dx));
    operands.push_back(args[5]);
    llvm::append_range(operands, scalarize(rewriter, loc, args[6], dx));
    operands.push_back(args[7]);
    dx.call(rewriter, loc, "rayQuery_TraceRayInline", Type(),
            dxil::RayQuery_TraceRayInline, Type(), operands,
            dxil::OpAttr::None);
    rewriter.eraseOp(op);
    return success();
  }
  if (method == "Proceed") {
    rewriter.replaceOp(op, dx.call(rewriter, loc, "rayQuery_Proceed", i1,
                                   dxil::RayQuery_Proceed, i1, {query},
                                   dxil::OpAttr::None));
    return success();
  }
  if (method == "Abort" || method == "CommitNonOpaqueTriangleHit" ||
      method == "CommitProceduralPrimitiveHit") {
    unsigned opcode = method == "Abort" ? dxil::RayQuery_Abort
                      : method == "CommitNonOpaqueTriangleHit"
                          ? dxil::RayQuery_CommitNonOpaqueTriangleHit
                          : dxil::RayQuery_CommitProceduralPrimitiveHit;
    dx.call(rewriter, loc, ("rayQuery_" + method).str(), Type(), opcode, Type(),
            args, dxil::OpAttr::None);
    rewriter.eraseOp(op);
    return success();
  }
  std::optional<RayQueryState> state = lookupState(method);
  if (!state)
    return op.emitError() << "not supported yet: RayQuery method '" << method
                          << "'";
  Type resultType = getTypeConverter()->convertType(op.getType(0));
  Type element = getElementTypeOrSelf(resultType);
  switch (state->shape) {
  case StateShape::Scalar:
    rewriter.replaceOp(op, dx.call(rewriter, loc, "rayQuery_StateScalar",
                                   element, state->opcode, element, {query},
                                   dxil::OpAttr::ReadOnly));
    return success();
  case StateShape::Vector: {
    SmallVector<Value> components;
    for (unsigned i = 0, e = cast<VectorType>(resultType).getNumElements();
         i < e; ++i)
      components.push_back(dx.call(
          rewriter, loc, "rayQuery_StateVector", f32, state->opcode, f32,
          {query, dx.i8(rewriter, loc, i)}, dxil::OpAttr::ReadOnly));
    rewriter.replaceOp(op,
                       vectorize(rewriter, loc, resultType, components, dx));
    return success();
  }
  case StateShape::Matrix:
  case StateShape::Transposed: {
    // The operation reads the 3x4 matrix; a 4x3 result is its transpose.
    bool transposed = state->shape == StateShape::Transposed;
    unsigned rows = transposed ? 4 : 3, columns = transposed ? 3 : 4;
    SmallVector<Value> elements;
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned c = 0; c < columns; ++c)
        elements.push_back(dx.call(
            rewriter, loc, "rayQuery_StateMatrix", f32, state->opcode, f32,
            {query, dx.i32(rewriter, loc, transposed ? c : r),
             dx.i8(rewriter, loc, transposed ? r : c)},
            dxil::OpAttr::ReadOnly));
    rewriter.replaceOp(op, vectorize(rewriter, loc, resultType, elements, dx));
    return success();
  }
  }
  return failure();
}
