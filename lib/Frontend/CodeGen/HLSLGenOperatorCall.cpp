//===- HLSLGenOperatorCall.cpp - operators rewritten to calls -------------===//
//
// Clang 22 refuses some HLSL operators on matrices and vectors: `%`, the
// bitwise and shift operators, comparisons and `&&`/`||` between matrices,
// `*` and `/` between matrices that are not a matrix product's shapes,
// unary `-`, `~`, `!` on matrices, `++`/`--` on vectors and matrices. The
// import rewrites them to calls of prelude templates `__hlsl_operator_<op>`
// (SourceRewrites.h) whose result types follow HLSL's promotion rules; here
// they become the element-wise operations the operators mean.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "llvm/ADT/StringMap.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

/// The element type of a scalar, vector or matrix type, unqualified.
static clang::QualType getElementType(clang::QualType type) {
  type = type.getCanonicalType();
  if (const auto *vector = type->getAs<clang::ExtVectorType>())
    type = vector->getElementType();
  else if (const auto *matrix = type->getAs<clang::ConstantMatrixType>())
    type = matrix->getElementType();
  return type.getCanonicalType().getUnqualifiedType();
}

/// `shape` (a scalar, vector or matrix type) with elements of `element`.
static clang::QualType withElement(clang::ASTContext &context,
                                   clang::QualType shape,
                                   clang::QualType element) {
  shape = shape.getCanonicalType();
  if (const auto *vector = shape->getAs<clang::ExtVectorType>())
    return context.getExtVectorType(element, vector->getNumElements());
  if (const auto *matrix = shape->getAs<clang::ConstantMatrixType>())
    return context.getConstantMatrixType(element, matrix->getNumRows(),
                                         matrix->getNumColumns());
  return element;
}

/// HLSL's rank of a scalar type in the usual arithmetic conversions (bool
/// below the integers, integers by width with unsigned above signed, then
/// the floating-point types by width); bool operands compute as int.
static clang::QualType getCommonElementType(clang::ASTContext &context,
                                            clang::QualType a,
                                            clang::QualType b) {
  auto rank = [&](clang::QualType type) -> unsigned {
    if (type->isBooleanType())
      return 0;
    unsigned width = context.getTypeSize(type);
    if (type->isFloatingType())
      return 1000 + width;
    return width * 2 + (type->isUnsignedIntegerType() ? 1 : 0);
  };
  clang::QualType common = rank(a) >= rank(b) ? a : b;
  if (common->isBooleanType())
    return context.IntTy;
  return common;
}

Value HLSLGenFunction::emitOperatorCall(const clang::CallExpr *expr,
                                        StringRef op) {
  clang::SourceLocation srcLoc = expr->getExprLoc();
  Location loc = getLoc(srcLoc);
  clang::ASTContext &context = module.getASTContext();

  // `++`/`--`: the operand is the call's inout argument; the operation
  // applies to the variable itself, not to a copy.
  if (op == "pre_inc" || op == "pre_dec" || op == "post_inc" ||
      op == "post_dec") {
    const auto *outArg =
        dyn_cast<clang::HLSLOutArgExpr>(expr->getArg(0)->IgnoreImplicit());
    if (!outArg)
      return notSupported(expr, "this increment or decrement");
    LValue lvalue = emitLValue(outArg->getOpaqueArgLValue()->getSourceExpr());
    if (!lvalue.addr)
      return {};
    return emitIncrementDecrement(lvalue, op.ends_with("inc"),
                                  op.starts_with("pre"), loc);
  }

  if (op == "select" && expr->getNumArgs() == 3) {
    // `c ? a : b` element-wise: every operand in the result's shape (the
    // condition as bools), then a choice per element.
    clang::QualType resultType = expr->getType();
    clang::QualType element = getElementType(resultType);
    Value values[3];
    for (unsigned i = 0; i < 3; ++i) {
      const clang::Expr *arg = expr->getArg(i);
      values[i] = emitRValue(arg);
      if (!values[i])
        return {};
      clang::QualType from = arg->getType();
      clang::QualType to =
          withElement(context, resultType, i == 0 ? context.BoolTy : element);
      bool scalar = !from->isExtVectorType() && !from->isConstantMatrixType();
      if (scalar)
        to = i == 0 ? context.BoolTy : element;
      if (i == 0)
        values[i] =
            emitBool(toArithmeticValue(builder, loc, values[i]), from, loc);
      else if (from.getCanonicalType().getUnqualifiedType() !=
               to.getCanonicalType())
        values[i] = emitConversion(values[i], from, to, arg->getExprLoc());
      if (!values[i])
        return {};
      values[i] = toArithmeticValue(builder, loc, values[i]);
    }
    Type type = convertType(resultType, srcLoc);
    if (!type)
      return {};
    Type flat = getArithmeticType(type);
    for (unsigned i = 0; i < 3; ++i)
      if (!isa<VectorType>(values[i].getType()) && isa<VectorType>(flat))
        values[i] = vector::BroadcastOp::create(
            builder, loc,
            i == 0 ? withElementType(flat, builder.getI1Type()) : flat,
            values[i]);
    Value result =
        arith::SelectOp::create(builder, loc, values[0], values[1], values[2]);
    if (result.getType() != type)
      result = MatrixCastOp::create(builder, loc, type, result);
    return result;
  }

  static const llvm::StringMap<clang::UnaryOperatorKind> unaryOperators = {
      {"pos", clang::UO_Plus},
      {"neg", clang::UO_Minus},
      {"bitnot", clang::UO_Not},
      {"not", clang::UO_LNot}};
  if (auto it = unaryOperators.find(op); it != unaryOperators.end()) {
    Value value = emitRValue(expr->getArg(0));
    if (!value)
      return {};
    clang::QualType type = expr->getArg(0)->getType();
    clang::QualType resultType = expr->getType();
    // `-` and `~` compute in the promoted type (bool as int).
    if (it->second != clang::UO_LNot &&
        getElementType(type) != getElementType(resultType))
      value = emitConversion(value, type, resultType, srcLoc);
    return value ? emitUnaryValue(it->second, value, resultType, loc) : Value();
  }

  static const llvm::StringMap<clang::BinaryOperatorKind> binaryOperators = {
      {"add", clang::BO_Add}, {"sub", clang::BO_Sub},   {"mul", clang::BO_Mul},
      {"div", clang::BO_Div}, {"rem", clang::BO_Rem},   {"and", clang::BO_And},
      {"or", clang::BO_Or},   {"xor", clang::BO_Xor},   {"shl", clang::BO_Shl},
      {"shr", clang::BO_Shr}, {"lt", clang::BO_LT},     {"gt", clang::BO_GT},
      {"le", clang::BO_LE},   {"ge", clang::BO_GE},     {"eq", clang::BO_EQ},
      {"ne", clang::BO_NE},   {"land", clang::BO_LAnd}, {"lor", clang::BO_LOr}};
  auto it = binaryOperators.find(op);
  if (it == binaryOperators.end() || expr->getNumArgs() != 2)
    return notSupported(expr, "operator '" + op.str() + "'");
  clang::BinaryOperatorKind kind = it->second;
  const clang::Expr *lhsExpr = expr->getArg(0), *rhsExpr = expr->getArg(1);
  Value lhs = emitRValue(lhsExpr);
  Value rhs = emitRValue(rhsExpr);
  if (!lhs || !rhs)
    return {};
  clang::QualType resultType = expr->getType();
  // The operands take the result's shape (a scalar stays one and splats)
  // and the common element type; comparisons and logical operators give
  // bools of that shape.
  bool boolResult = clang::BinaryOperator::isComparisonOp(kind) ||
                    clang::BinaryOperator::isLogicalOp(kind);
  clang::QualType element =
      boolResult
          ? getCommonElementType(context, getElementType(lhsExpr->getType()),
                                 getElementType(rhsExpr->getType()))
          : getElementType(resultType);
  // Shifts keep the left operand's type; the amount converts to it.
  if (kind == clang::BO_Shl || kind == clang::BO_Shr)
    element = getElementType(resultType);
  clang::QualType operandType = withElement(context, resultType, element);
  auto convert = [&](Value value, const clang::Expr *operand) -> Value {
    clang::QualType from = operand->getType();
    bool scalar = !from->isExtVectorType() && !from->isConstantMatrixType();
    clang::QualType to = scalar ? element : operandType;
    if (from.getCanonicalType().getUnqualifiedType() == to.getCanonicalType())
      return value;
    return emitConversion(value, from, to, operand->getExprLoc());
  };
  lhs = convert(lhs, lhsExpr);
  rhs = convert(rhs, rhsExpr);
  if (!lhs || !rhs)
    return {};
  if (clang::BinaryOperator::isLogicalOp(kind)) {
    // Both operands are evaluated (HLSL's && and || on vectors and
    // matrices do not short-circuit).
    Value l = emitBool(toArithmeticValue(builder, loc, lhs), operandType, loc);
    Value r = emitBool(toArithmeticValue(builder, loc, rhs), operandType, loc);
    if (l.getType() != r.getType()) {
      if (!isa<VectorType>(l.getType()))
        l = vector::BroadcastOp::create(builder, loc, r.getType(), l);
      else
        r = vector::BroadcastOp::create(builder, loc, l.getType(), r);
    }
    Value result = kind == clang::BO_LAnd
                       ? Value(arith::AndIOp::create(builder, loc, l, r))
                       : Value(arith::OrIOp::create(builder, loc, l, r));
    Type type = convertType(resultType, srcLoc);
    if (!type)
      return {};
    if (result.getType() != type)
      result = MatrixCastOp::create(builder, loc, type, result);
    return result;
  }
  return emitArithmetic(kind, lhs, rhs, resultType, operandType, srcLoc);
}
