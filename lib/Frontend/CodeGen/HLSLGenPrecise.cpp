//===- HLSLGenPrecise.cpp - Values of precise variables -------------------===//
//
// `precise` on a variable, a field or a function makes the values stored to
// it (returned by it) IEEE-strict, together with everything they are
// computed from, as DXC does per value; the rest of the shader stays fast.
// The importer marks those values (hlsl.precise); DXIL legalization finds
// what they are computed from and leaves it without fast-math flags.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

LValue HLSLGenFunction::emitLValue(const clang::Expr *expr) {
  LValue lvalue = emitLValueOf(expr);
  lvalue.precise = lvalue.precise || isPreciseLValue(expr);
  return lvalue;
}

bool HLSLGenFunction::isPreciseLValue(const clang::Expr *expr) {
  expr = expr->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(expr))
    return hasAnnotation(ref->getDecl(), "hlsl.precise");
  if (const auto *member = dyn_cast<clang::MemberExpr>(expr))
    return hasAnnotation(member->getMemberDecl(), "hlsl.precise") ||
           isPreciseLValue(member->getBase());
  if (const auto *subscript = dyn_cast<clang::ArraySubscriptExpr>(expr))
    return isPreciseLValue(subscript->getBase());
  if (const auto *swizzle = dyn_cast<clang::ExtVectorElementExpr>(expr))
    return isPreciseLValue(swizzle->getBase());
  if (const auto *subscript = dyn_cast<clang::MatrixSubscriptExpr>(expr))
    return isPreciseLValue(subscript->getBase());
  return false;
}

Value HLSLGenFunction::makePrecise(Value value, Location loc) {
  Type type = value.getType();
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    if (!isa<FloatType>(matrix.getElementType()))
      return value;
    auto flat =
        VectorType::get({matrix.getNumElements()}, matrix.getElementType());
    Value elements = MatrixCastOp::create(builder, loc, flat, value);
    elements = PreciseOp::create(builder, loc, elements);
    return MatrixCastOp::create(builder, loc, type, elements);
  }
  // Aggregates: each floating-point field and element.
  if (auto st = dyn_cast<StructType>(type)) {
    for (auto [i, field] : llvm::enumerate(st.getFieldTypes())) {
      IntegerAttr index = builder.getI32IntegerAttr(int32_t(i));
      Value element = FieldExtractOp::create(builder, loc, field, value, index);
      Value precise = makePrecise(element, loc);
      if (precise != element)
        value = FieldInsertOp::create(builder, loc, precise, value, index);
      else
        element.getDefiningOp()->erase();
    }
    return value;
  }
  if (auto array = dyn_cast<ArrayType>(type)) {
    if (array.isUnbounded())
      return value;
    for (int64_t i = 0; i < array.getSize(); ++i) {
      Value index = arith::ConstantOp::create(
          builder, loc, builder.getI32IntegerAttr(int32_t(i)));
      Value element = ArrayExtractOp::create(builder, loc, value, index);
      Value precise = makePrecise(element, loc);
      if (precise != element) {
        value = ArrayInsertOp::create(builder, loc, precise, value, index);
      } else {
        element.getDefiningOp()->erase();
        index.getDefiningOp()->erase();
      }
    }
    return value;
  }
  if (isa<FloatType>(type) ||
      (isa<VectorType>(type) &&
       isa<FloatType>(cast<VectorType>(type).getElementType())))
    return PreciseOp::create(builder, loc, value);
  return value;
}
