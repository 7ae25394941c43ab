//===- HLSLGenExprScalar.cpp - rvalue expressions -------------------------===//

#include "HLSLGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

/// Skips nodes that only wrap an expression.
static const clang::Expr *skipWrappers(const clang::Expr *expr) {
  while (true) {
    if (const auto *paren = dyn_cast<clang::ParenExpr>(expr))
      expr = paren->getSubExpr();
    else if (const auto *cleanups = dyn_cast<clang::ExprWithCleanups>(expr))
      expr = cleanups->getSubExpr();
    else if (const auto *constant = dyn_cast<clang::ConstantExpr>(expr))
      expr = constant->getSubExpr();
    else if (const auto *bind = dyn_cast<clang::CXXBindTemporaryExpr>(expr))
      expr = bind->getSubExpr();
    else if (const auto *def = dyn_cast<clang::CXXDefaultArgExpr>(expr))
      expr = def->getExpr();
    else if (const auto *init = dyn_cast<clang::CXXDefaultInitExpr>(expr))
      expr = init->getExpr();
    else if (const auto *subst =
                 dyn_cast<clang::SubstNonTypeTemplateParmExpr>(expr))
      expr = subst->getReplacement();
    else
      return expr;
  }
}

Value HLSLGenFunction::emitConstant(Type type, double fp, int64_t integer,
                                    Location loc) {
  Type element = getElementTypeOrSelf(type);
  TypedAttr scalar;
  if (isa<FloatType>(element))
    scalar = builder.getFloatAttr(element, fp);
  else
    scalar = builder.getIntegerAttr(element, integer);
  if (auto vec = dyn_cast<VectorType>(type))
    return arith::ConstantOp::create(builder, loc,
                                     DenseElementsAttr::get(vec, scalar));
  return arith::ConstantOp::create(builder, loc, scalar);
}

Value HLSLGenFunction::emitFloatConstant(Type type, llvm::APFloat value,
                                         Location loc) {
  bool losesInfo;
  value.convert(cast<FloatType>(type).getFloatSemantics(),
                llvm::APFloat::rmNearestTiesToEven, &losesInfo);
  return arith::ConstantOp::create(builder, loc,
                                   builder.getFloatAttr(type, value));
}

Value HLSLGenFunction::emitZero(Type type, Location loc) {
  Type element = getElementTypeOrSelf(type);
  if (isa<IntegerType, FloatType>(element))
    return emitConstant(type, 0.0, 0, loc);
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    Value flat =
        emitConstant(VectorType::get({int64_t(matrix.getNumElements())},
                                     matrix.getElementType()),
                     0.0, 0, loc);
    return MatrixCastOp::create(builder, loc, type, flat);
  }
  if (isDataType(type))
    return ZeroOp::create(builder, loc, type);
  return UndefOp::create(builder, loc, type);
}

Value HLSLGenFunction::emitBool(Value value, clang::QualType type,
                                Location loc) {
  Type element = getElementTypeOrSelf(value.getType());
  if (element.isInteger(1))
    return value;
  if (isa<FloatType>(element))
    return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE, value,
                                 emitConstant(value.getType(), 0.0, 0, loc));
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, value,
                               emitConstant(value.getType(), 0.0, 0, loc));
}

Value HLSLGenFunction::emitCondition(const clang::Expr *expr) {
  Value value = emitRValue(expr);
  if (!value)
    return {};
  if (isa<VectorType>(value.getType())) {
    notSupported(expr, "vector condition in control flow");
    return {};
  }
  return emitBool(value, expr->getType(), getLoc(expr->getExprLoc()));
}

/// Element-wise numeric conversion between same-shape scalar/vector types.
static Value convertElements(OpBuilder &builder, Location loc, Value value,
                             Type to, bool fromSigned, bool toSigned) {
  Type from = value.getType();
  if (from == to)
    return value;
  Type fromElement = getElementTypeOrSelf(from);
  Type toElement = getElementTypeOrSelf(to);
  auto fromInt = dyn_cast<IntegerType>(fromElement);
  auto toInt = dyn_cast<IntegerType>(toElement);
  auto zero = [&](Type type) -> Value {
    Type element = getElementTypeOrSelf(type);
    TypedAttr scalar = isa<FloatType>(element)
                           ? TypedAttr(builder.getFloatAttr(element, 0.0))
                           : TypedAttr(builder.getIntegerAttr(element, 0));
    if (auto vec = dyn_cast<VectorType>(type))
      return arith::ConstantOp::create(builder, loc,
                                       DenseElementsAttr::get(vec, scalar));
    return arith::ConstantOp::create(builder, loc, scalar);
  };
  if (toInt && toInt.getWidth() == 1) {
    if (fromInt)
      return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne,
                                   value, zero(from));
    return arith::CmpFOp::create(builder, loc, arith::CmpFPredicate::UNE, value,
                                 zero(from));
  }
  if (fromInt && toInt) {
    if (fromInt.getWidth() == toInt.getWidth())
      return value;
    if (fromInt.getWidth() > toInt.getWidth())
      return arith::TruncIOp::create(builder, loc, to, value);
    if (fromSigned && fromInt.getWidth() != 1)
      return arith::ExtSIOp::create(builder, loc, to, value);
    return arith::ExtUIOp::create(builder, loc, to, value);
  }
  if (fromInt) {
    if (fromSigned && fromInt.getWidth() != 1)
      return arith::SIToFPOp::create(builder, loc, to, value);
    return arith::UIToFPOp::create(builder, loc, to, value);
  }
  if (toInt) {
    if (toSigned)
      return arith::FPToSIOp::create(builder, loc, to, value);
    return arith::FPToUIOp::create(builder, loc, to, value);
  }
  auto fromFloat = cast<FloatType>(fromElement);
  auto toFloat = cast<FloatType>(toElement);
  if (fromFloat.getWidth() < toFloat.getWidth())
    return arith::ExtFOp::create(builder, loc, to, value);
  return arith::TruncFOp::create(builder, loc, to, value);
}

/// Flattens a value into its scalars in HLSL element order (row-major for
/// matrices, fields in order, array elements in order).
static void flattenScalars(OpBuilder &builder, Location loc, Value value,
                           SmallVectorImpl<Value> &scalars) {
  Type type = value.getType();
  if (isa<IntegerType, FloatType>(type)) {
    scalars.push_back(value);
  } else if (auto vec = dyn_cast<VectorType>(type)) {
    for (int64_t i = 0; i < vec.getNumElements(); ++i)
      scalars.push_back(vector::ExtractOp::create(builder, loc, value, i));
  } else if (auto matrix = dyn_cast<MatrixType>(type)) {
    Value flat =
        MatrixCastOp::create(builder, loc,
                             VectorType::get({int64_t(matrix.getNumElements())},
                                             matrix.getElementType()),
                             value);
    flattenScalars(builder, loc, flat, scalars);
  } else if (auto array = dyn_cast<ArrayType>(type)) {
    for (int64_t i = 0; i < array.getSize(); ++i) {
      Value index = arith::ConstantOp::create(
          builder, loc, builder.getI32IntegerAttr(int32_t(i)));
      flattenScalars(builder, loc,
                     ArrayExtractOp::create(builder, loc, value, index),
                     scalars);
    }
  } else if (auto st = dyn_cast<StructType>(type)) {
    for (auto [i, field] : llvm::enumerate(st.getFieldTypes()))
      if (!isa<PaddingType>(field))
        flattenScalars(builder, loc,
                       FieldExtractOp::create(builder, loc, field, value, i),
                       scalars);
  }
}

/// Builds a value of `type` from scalars (consumed from `next`), converting
/// each one to the element type; used by HLSL's element-wise casts.
static Value buildFromScalars(HLSLGenFunction &gen, Location loc, Type type,
                              ArrayRef<Value> scalars, size_t &next,
                              bool fromSigned, bool toSigned) {
  OpBuilder &builder = gen.builder;
  if (isa<IntegerType, FloatType>(type)) {
    if (next >= scalars.size())
      return gen.poison(type, loc);
    return convertElements(builder, loc, scalars[next++], type, fromSigned,
                           toSigned);
  }
  if (auto vec = dyn_cast<VectorType>(type)) {
    SmallVector<Value> elements;
    for (int64_t i = 0; i < vec.getNumElements(); ++i)
      elements.push_back(buildFromScalars(gen, loc, vec.getElementType(),
                                          scalars, next, fromSigned, toSigned));
    return vector::FromElementsOp::create(builder, loc, vec, elements);
  }
  SmallVector<Value> elements;
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    for (unsigned i = 0; i < matrix.getNumElements(); ++i)
      elements.push_back(buildFromScalars(gen, loc, matrix.getElementType(),
                                          scalars, next, fromSigned, toSigned));
  } else if (auto array = dyn_cast<ArrayType>(type)) {
    for (int64_t i = 0; i < array.getSize(); ++i)
      elements.push_back(buildFromScalars(gen, loc, array.getElementType(),
                                          scalars, next, fromSigned, toSigned));
  } else if (auto st = dyn_cast<StructType>(type)) {
    for (Type field : st.getFieldTypes())
      if (!isa<PaddingType>(field))
        elements.push_back(buildFromScalars(gen, loc, field, scalars, next,
                                            fromSigned, toSigned));
  } else {
    return gen.poison(type, loc);
  }
  return ConstructOp::create(builder, loc, type, elements);
}

/// `scalar` converted to every scalar of `type` (HLSL's aggregate splat).
/// Each element type is converted once and repeated elements share one
/// value, so the cost follows the type's structure, not its element count.
static Value buildSplat(HLSLGenFunction &gen, Location loc, Type type,
                        Value scalar, bool fromSigned, bool toSigned,
                        DenseMap<Type, Value> &converted) {
  OpBuilder &builder = gen.builder;
  if (isa<IntegerType, FloatType>(type)) {
    Value &value = converted[type];
    if (!value)
      value = convertElements(builder, loc, scalar, type, fromSigned, toSigned);
    return value;
  }
  if (auto vec = dyn_cast<VectorType>(type))
    return vector::BroadcastOp::create(
        builder, loc, vec,
        buildSplat(gen, loc, vec.getElementType(), scalar, fromSigned, toSigned,
                   converted));
  SmallVector<Value> elements;
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    elements.assign(matrix.getNumElements(),
                    buildSplat(gen, loc, matrix.getElementType(), scalar,
                               fromSigned, toSigned, converted));
  } else if (auto array = dyn_cast<ArrayType>(type)) {
    elements.assign(array.getSize(),
                    buildSplat(gen, loc, array.getElementType(), scalar,
                               fromSigned, toSigned, converted));
  } else if (auto st = dyn_cast<StructType>(type)) {
    for (Type field : st.getFieldTypes())
      if (!isa<PaddingType>(field))
        elements.push_back(buildSplat(gen, loc, field, scalar, fromSigned,
                                      toSigned, converted));
  } else {
    return gen.poison(type, loc);
  }
  return ConstructOp::create(builder, loc, type, elements);
}

/// Whether `value` is a constant 0 (or +0.0): its splat is the zero value.
static bool isZeroConstant(Value value) {
  return matchPattern(value, m_Zero()) || matchPattern(value, m_PosZeroFloat());
}

Value HLSLGenFunction::emitConversion(Value value, clang::QualType from,
                                      clang::QualType to,
                                      clang::SourceLocation srcLoc) {
  Location loc = getLoc(srcLoc);
  Type toType = convertType(to, srcLoc);
  if (!value || !toType)
    return {};
  if (value.getType() == toType)
    return value;
  if (isa<MatrixType>(toType) || isa<MatrixType>(value.getType())) {
    SmallVector<Value> scalars;
    flattenScalars(builder, loc, value, scalars);
    size_t next = 0;
    return buildFromScalars(*this, loc, toType, scalars, next, isSigned(from),
                            isSigned(to));
  }
  return convertElements(builder, loc, value, toType, isSigned(from),
                         isSigned(to));
}

/// What a component of a flattened initializer list reads from: the base
/// of a vector subscript, or the matrix of a matrix element (a matrix value
/// is subscripted through its materialized temporary); null for others.
static const clang::Expr *getComponentBase(const clang::Stmt *component) {
  if (const auto *subscript = dyn_cast<clang::ArraySubscriptExpr>(component))
    return subscript->getBase()->IgnoreParenImpCasts();
  const auto *element = dyn_cast<clang::MatrixSubscriptExpr>(component);
  if (!element)
    return nullptr;
  const clang::Expr *base = element->getBase()->IgnoreParenImpCasts();
  if (const auto *temporary = dyn_cast<clang::MaterializeTemporaryExpr>(base))
    base = temporary->getSubExpr()->IgnoreParenImpCasts();
  return base;
}

Value HLSLGenFunction::emitRValue(const clang::Expr *expr) {
  expr = skipWrappers(expr);
  Location loc = getLoc(expr->getExprLoc());

  if (const auto *opaque = dyn_cast<clang::OpaqueValueExpr>(expr)) {
    bindInitListOpaqueValue(opaque);
    if (Value value = opaqueValues.lookup(opaque))
      return value;
    if (auto it = opaqueLValues.find(opaque); it != opaqueLValues.end())
      return emitLoad(it->second, loc);
    if (opaque->getSourceExpr())
      return emitRValue(opaque->getSourceExpr());
    return notSupported(expr, "unbound opaque value");
  }
  // A component of a vector value bound once (an initializer list's
  // element): extracted, not read from a copy.
  const clang::Expr *component = expr;
  if (const auto *read = dyn_cast<clang::ImplicitCastExpr>(expr);
      read && read->getCastKind() == clang::CK_LValueToRValue)
    component = read->getSubExpr()->IgnoreParens();
  auto getSharedValue = [&](const clang::Expr *base) -> Value {
    if (const auto *opaque = dyn_cast<clang::OpaqueValueExpr>(base)) {
      bindInitListOpaqueValue(opaque);
      return opaqueValues.lookup(opaque);
    }
    if (!initListShared.contains(base))
      return {};
    Value value = initListValues.lookup(base);
    if (!value && (value = emitRValue(base)))
      initListValues[base] = value;
    return value;
  };
  // (The same for a matrix element, in the row-major order of the
  // matrix's flat form.)
  if (const auto *subscript = dyn_cast<clang::MatrixSubscriptExpr>(component))
    if (Value value = getSharedValue(getComponentBase(subscript)))
      if (auto matrix = dyn_cast<MatrixType>(value.getType())) {
        clang::Expr::EvalResult row, column;
        if (subscript->getRowIdx()->EvaluateAsInt(row,
                                                  module.getASTContext()) &&
            subscript->getColumnIdx()->EvaluateAsInt(column,
                                                     module.getASTContext()) &&
            row.Val.getInt().ult(matrix.getRows()) &&
            column.Val.getInt().ult(matrix.getColumns())) {
          Value flat = MatrixCastOp::create(
              builder, loc,
              VectorType::get({int64_t(matrix.getRows() * matrix.getColumns())},
                              matrix.getElementType()),
              value);
          return vector::ExtractOp::create(
              builder, loc, flat,
              ArrayRef<int64_t>{int64_t(row.Val.getInt().getZExtValue() *
                                            matrix.getColumns() +
                                        column.Val.getInt().getZExtValue())});
        }
      }
  if (const auto *subscript = dyn_cast<clang::ArraySubscriptExpr>(component)) {
    Value value = getSharedValue(getComponentBase(subscript));
    if (value && isa<VectorType>(value.getType())) {
      clang::Expr::EvalResult index;
      int64_t size = cast<VectorType>(value.getType()).getNumElements();
      if (subscript->getIdx()->EvaluateAsInt(index, module.getASTContext()) &&
          !index.Val.getInt().isNegative() &&
          index.Val.getInt().getActiveBits() < 63 &&
          index.Val.getInt().getSExtValue() < size)
        return vector::ExtractOp::create(
            builder, loc, value,
            ArrayRef<int64_t>{index.Val.getInt().getSExtValue()});
    }
  }
  if (module.getTypes().isResourceRecord(expr->getType()))
    return emitResource(expr);
  // A conditional whose arms are lvalues is still a choice between values.
  if (const auto *conditional =
          dyn_cast<clang::AbstractConditionalOperator>(expr))
    return emitConditional(conditional);
  if (const auto *loop = dyn_cast<clang::ArrayInitLoopExpr>(expr)) {
    // `float c[2] = a;` copies the whole array.
    const clang::Expr *source = loop->getCommonExpr()->getSourceExpr();
    if (Value slice = tryEmitResourceSlice(source))
      return slice;
    clang::ASTContext &context = module.getASTContext();
    if (context.hasSameUnqualifiedType(
            context.getBaseElementType(source->getType()),
            context.getBaseElementType(loop->getType())))
      return emitRValue(source);
    // `float w[2] = intArray;`: Clang 22 converts each element; DXC (and
    // HLSL) take arrays of the same element type only.
    module.error(loop->getExprLoc(), "cannot initialize an array of type '" +
                                         loop->getType().getAsString() +
                                         "' with an array of type '" +
                                         source->getType().getAsString() + "'");
    return {};
  }
  // Clang marks the splat under a scalar swizzle (`s.xxx`) an lvalue.
  if (const auto *cast = dyn_cast<clang::CastExpr>(expr);
      cast && cast->getCastKind() == clang::CK_VectorSplat)
    return emitCast(cast);
  if (expr->isGLValue()) {
    LValue lvalue = emitLValue(expr);
    if (!lvalue.addr)
      return {};
    return emitLoad(lvalue, loc);
  }

  switch (expr->getStmtClass()) {
  case clang::Stmt::IntegerLiteralClass:
  // `'A'` (DXC takes character literals as integers).
  case clang::Stmt::CharacterLiteralClass: {
    Type type = convertType(expr->getType(), expr->getExprLoc());
    if (!type)
      return {};
    uint64_t value =
        isa<clang::IntegerLiteral>(expr)
            ? cast<clang::IntegerLiteral>(expr)->getValue().getZExtValue()
            : cast<clang::CharacterLiteral>(expr)->getValue();
    return arith::ConstantOp::create(builder, loc,
                                     builder.getIntegerAttr(type, value));
  }
  case clang::Stmt::FloatingLiteralClass: {
    Type type = convertType(expr->getType(), expr->getExprLoc());
    if (!type)
      return {};
    return emitFloatConstant(
        type, cast<clang::FloatingLiteral>(expr)->getValue(), loc);
  }
  case clang::Stmt::CXXBoolLiteralExprClass:
    return arith::ConstantOp::create(
        builder, loc,
        builder.getBoolAttr(cast<clang::CXXBoolLiteralExpr>(expr)->getValue()));
  case clang::Stmt::ImplicitCastExprClass:
  case clang::Stmt::CStyleCastExprClass:
  case clang::Stmt::CXXFunctionalCastExprClass:
  case clang::Stmt::CXXStaticCastExprClass:
    return emitCast(cast<clang::CastExpr>(expr));
  case clang::Stmt::BinaryOperatorClass:
    return emitBinary(cast<clang::BinaryOperator>(expr));
  case clang::Stmt::CompoundAssignOperatorClass:
    return emitCompoundAssign(cast<clang::CompoundAssignOperator>(expr));
  case clang::Stmt::UnaryOperatorClass:
    return emitUnary(cast<clang::UnaryOperator>(expr));
  case clang::Stmt::ConditionalOperatorClass:
  case clang::Stmt::BinaryConditionalOperatorClass:
    return emitConditional(cast<clang::AbstractConditionalOperator>(expr));
  case clang::Stmt::CallExprClass:
  case clang::Stmt::CXXMemberCallExprClass:
  case clang::Stmt::CXXOperatorCallExprClass:
    return emitCall(cast<clang::CallExpr>(expr));
  case clang::Stmt::InitListExprClass:
    return emitInitList(cast<clang::InitListExpr>(expr));
  case clang::Stmt::CXXConstructExprClass:
  case clang::Stmt::CXXTemporaryObjectExprClass:
    return emitConstruct(cast<clang::CXXConstructExpr>(expr));
  case clang::Stmt::ImplicitValueInitExprClass:
  case clang::Stmt::CXXScalarValueInitExprClass: {
    Type type = convertType(expr->getType(), expr->getExprLoc());
    return type ? emitZero(type, loc) : Value();
  }
  case clang::Stmt::UnaryExprOrTypeTraitExprClass:
  case clang::Stmt::DeclRefExprClass: {
    // sizeof and enumerators are constants.
    clang::Expr::EvalResult result;
    Type type = convertType(expr->getType(), expr->getExprLoc());
    if (type && expr->EvaluateAsInt(result, module.getASTContext()))
      return arith::ConstantOp::create(
          builder, loc,
          builder.getIntegerAttr(type, result.Val.getInt().getExtValue()));
    return notSupported(expr, "this constant expression");
  }
  case clang::Stmt::ExtVectorElementExprClass: {
    // Swizzle of an rvalue vector, e.g. (a + b).xy.
    const auto *swizzle = cast<clang::ExtVectorElementExpr>(expr);
    if (std::optional<LValue> elements = emitMatrixElementSwizzle(swizzle))
      return elements->addr ? emitLoad(*elements, loc) : Value();
    Value base = emitRValue(swizzle->getBase());
    if (!base)
      return {};
    SmallVector<uint32_t, 4> indices;
    swizzle->getEncodedElementAccess(indices);
    if (!isa<VectorType>(base.getType()))
      base = vector::BroadcastOp::create(
          builder, loc, VectorType::get({1}, base.getType()), base);
    if (indices.size() == 1 && !expr->getType()->isVectorType())
      return vector::ExtractOp::create(builder, loc, base, int64_t(indices[0]));
    SmallVector<int64_t> mask(indices.begin(), indices.end());
    return vector::ShuffleOp::create(builder, loc, base, base, mask);
  }
  case clang::Stmt::MatrixSubscriptExprClass:
  case clang::Stmt::MatrixSingleSubscriptExprClass: {
    // An element or row of a matrix value (`make(v)[0][1]`).
    LValue lvalue = emitLValue(expr);
    return lvalue.addr ? emitLoad(lvalue, loc) : Value();
  }
  case clang::Stmt::CXXThisExprClass:
    if (!thisPtr)
      return notSupported(expr, "'this' outside of a member function");
    return thisPtr;
  default:
    break;
  }
  return notSupported(expr, std::string("expression '") +
                                expr->getStmtClassName() + "'");
}

Value HLSLGenFunction::emitCast(const clang::CastExpr *expr) {
  const clang::Expr *sub = expr->getSubExpr();
  Location loc = getLoc(expr->getExprLoc());
  clang::QualType from = sub->getType(), to = expr->getType();
  switch (expr->getCastKind()) {
  case clang::CK_LValueToRValue:
  case clang::CK_NoOp:
  case clang::CK_ConstructorConversion:
  case clang::CK_UserDefinedConversion:
    if (expr->getCastKind() == clang::CK_NoOp && isa<clang::InitListExpr>(sub))
      return emitRValue(sub);
    return emitRValue(sub);
  case clang::CK_ToVoid:
    (void)(sub->isGLValue() ? emitLValue(sub).addr : emitRValue(sub));
    return {};
  case clang::CK_IntegralCast:
  case clang::CK_IntegralToFloating:
  case clang::CK_FloatingToIntegral:
  case clang::CK_FloatingCast:
  case clang::CK_IntegralToBoolean:
  case clang::CK_FloatingToBoolean:
  case clang::CK_BooleanToSignedIntegral:
  case clang::CK_VectorSplat:
  case clang::CK_HLSLVectorTruncation:
  case clang::CK_HLSLElementwiseCast:
  case clang::CK_HLSLAggregateSplatCast: {
    // `0.1` where a double is wanted: the double nearest to it, as DXC
    // (before HLSL 202x, whose literals are floats in DXC too).
    if (expr->getCastKind() == clang::CK_FloatingCast &&
        module.getOptions().hlslVersion != "202x" &&
        to->isSpecificBuiltinType(clang::BuiltinType::Double)) {
      clang::ASTContext &context = module.getASTContext();
      auto constant = [&](const llvm::APFloat &value) -> Value {
        return arith::ConstantOp::create(
            builder, loc, builder.getFloatAttr(builder.getF64Type(), value));
      };
      if (std::optional<llvm::APFloat> exact =
              evaluateLiteralAsDouble(getLiteralSource(sub), context))
        return constant(*exact);
      // `c ? 0.1 : 0.2`: a choice between the two doubles.
      if (const auto *choice =
              dyn_cast<clang::ConditionalOperator>(sub->IgnoreParens())) {
        std::optional<llvm::APFloat> whenTrue = evaluateLiteralAsDouble(
            getLiteralSource(choice->getTrueExpr()), context);
        std::optional<llvm::APFloat> whenFalse = evaluateLiteralAsDouble(
            getLiteralSource(choice->getFalseExpr()), context);
        if (whenTrue && whenFalse &&
            !choice->getCond()->getType()->isVectorType()) {
          Value cond = emitCondition(choice->getCond());
          if (!cond)
            return {};
          return arith::SelectOp::create(
              builder, loc, cond, constant(*whenTrue), constant(*whenFalse));
        }
      }
    }
    // A vector comparison converted to bools: its bools as they are.
    const auto *comparison =
        dyn_cast<clang::BinaryOperator>(sub->IgnoreParens());
    Value value = expr->getCastKind() == clang::CK_IntegralToBoolean &&
                          comparison && comparison->isComparisonOp()
                      ? emitComparisonOrArithmetic(comparison)
                      : emitRValue(sub);
    if (!value)
      return {};
    // Clang 22 splats a one-element vector or matrix operand of a vector
    // operation as if it were a scalar (to a `vector<matrix<int, 1, 1>, 4>`
    // that the next cast converts): its element is what is splat.
    if (expr->getCastKind() == clang::CK_VectorSplat &&
        !isa<IntegerType, FloatType>(value.getType())) {
      Value flat = toArithmeticValue(builder, loc, value);
      auto vec = dyn_cast<VectorType>(flat.getType());
      if (!vec || vec.getNumElements() != 1)
        return notSupported(expr, "this vector splat");
      value = vector::ExtractOp::create(builder, loc, flat, int64_t(0));
      const auto *toVector = to->castAs<clang::ExtVectorType>();
      Type element = value.getType();
      return vector::BroadcastOp::create(
          builder, loc,
          VectorType::get({int64_t(toVector->getNumElements())}, element),
          value);
    }
    Type toType = convertType(to, expr->getExprLoc());
    if (!toType)
      return {};
    switch (expr->getCastKind()) {
    case clang::CK_VectorSplat: {
      auto vec = cast<VectorType>(toType);
      Value scalar = convertElements(builder, loc, value, vec.getElementType(),
                                     isSigned(from), isSigned(to));
      return vector::BroadcastOp::create(builder, loc, vec, scalar);
    }
    case clang::CK_HLSLVectorTruncation: {
      if (!isa<VectorType>(toType))
        return vector::ExtractOp::create(builder, loc, value, int64_t(0));
      auto vec = cast<VectorType>(toType);
      SmallVector<int64_t> mask;
      for (int64_t i = 0; i < vec.getNumElements(); ++i)
        mask.push_back(i);
      return vector::ShuffleOp::create(builder, loc, value, value, mask);
    }
    case clang::CK_BooleanToSignedIntegral:
      return arith::ExtSIOp::create(builder, loc, toType, value);
    case clang::CK_HLSLAggregateSplatCast: {
      SmallVector<Value> scalars;
      flattenScalars(builder, loc, value, scalars);
      // `(float[8192])0` is the zero value, not 8192 stored zeros.
      if (isZeroConstant(scalars.front()))
        return emitZero(toType, loc);
      DenseMap<Type, Value> converted;
      return buildSplat(*this, loc, toType, scalars.front(), isSigned(from),
                        isSigned(to), converted);
    }
    case clang::CK_HLSLElementwiseCast: {
      SmallVector<Value> scalars;
      flattenScalars(builder, loc, value, scalars);
      size_t next = 0;
      return buildFromScalars(*this, loc, toType, scalars, next, isSigned(from),
                              isSigned(to));
    }
    default:
      return emitConversion(value, from, to, expr->getExprLoc());
    }
  }
  case clang::CK_HLSLMatrixTruncation: {
    // float4x4 -> float3x3 keeps the top-left rows and columns.
    Value value = emitRValue(sub);
    Type toType = convertType(to, expr->getExprLoc());
    if (!value || !toType)
      return {};
    auto fromMatrix = dyn_cast<MatrixType>(value.getType());
    SmallVector<Value> scalars, kept;
    flattenScalars(builder, loc, value, scalars);
    if (auto toMatrix = dyn_cast<MatrixType>(toType); toMatrix && fromMatrix) {
      for (unsigned r = 0; r < toMatrix.getRows(); ++r)
        for (unsigned c = 0; c < toMatrix.getColumns(); ++c)
          kept.push_back(scalars[r * fromMatrix.getColumns() + c]);
    } else {
      kept = scalars;
    }
    size_t next = 0;
    return buildFromScalars(*this, loc, toType, kept, next, isSigned(from),
                            isSigned(to));
  }
  case clang::CK_HLSLArrayRValue:
    if (Value slice = tryEmitResourceSlice(sub))
      return slice;
    return emitRValue(sub);
  case clang::CK_DerivedToBase:
  case clang::CK_UncheckedDerivedToBase: {
    if (sub->isGLValue()) {
      LValue lvalue = emitLValue(expr);
      return lvalue.addr ? emitLoad(lvalue, loc) : Value();
    }
    break;
  }
  default:
    break;
  }
  return notSupported(expr,
                      std::string("cast '") + expr->getCastKindName() + "'");
}

Type mlir::hlsl::gen::getArithmeticType(Type type) {
  if (auto matrix = dyn_cast<MatrixType>(type))
    return VectorType::get({int64_t(matrix.getNumElements())},
                           matrix.getElementType());
  return type;
}

Value mlir::hlsl::gen::toArithmeticValue(OpBuilder &builder, Location loc,
                                         Value value) {
  Type type = getArithmeticType(value.getType());
  if (type == value.getType())
    return value;
  return MatrixCastOp::create(builder, loc, type, value);
}

Type mlir::hlsl::gen::withElementType(Type shape, Type element) {
  if (auto matrix = dyn_cast<MatrixType>(shape))
    return MatrixType::get(matrix.getContext(), matrix.getRows(),
                           matrix.getColumns(), element, matrix.getOrder());
  if (auto vector = dyn_cast<VectorType>(shape))
    return VectorType::get(vector.getShape(), element);
  return element;
}

Value HLSLGenFunction::emitArithmetic(clang::BinaryOperatorKind op, Value lhs,
                                      Value rhs, clang::QualType resultType,
                                      clang::QualType operandType,
                                      clang::SourceLocation srcLoc) {
  Location loc = getLoc(srcLoc);
  Type matrixType;
  if (isa<MatrixType>(lhs.getType()))
    matrixType = lhs.getType();
  if (!matrixType && isa<MatrixType>(rhs.getType()))
    matrixType = rhs.getType();
  lhs = toArithmeticValue(builder, loc, lhs);
  rhs = toArithmeticValue(builder, loc, rhs);
  // A scalar operand of a vector or matrix operation applies to every
  // element (`m * 2.0`).
  if (isa<VectorType>(lhs.getType()) && !isa<VectorType>(rhs.getType()) &&
      cast<VectorType>(lhs.getType()).getElementType() == rhs.getType())
    rhs = vector::BroadcastOp::create(builder, loc, lhs.getType(), rhs);
  if (isa<VectorType>(rhs.getType()) && !isa<VectorType>(lhs.getType()) &&
      cast<VectorType>(rhs.getType()).getElementType() == lhs.getType())
    lhs = vector::BroadcastOp::create(builder, loc, rhs.getType(), lhs);
  // Shift amounts may have another width than the shifted value.
  if ((op == clang::BO_Shl || op == clang::BO_Shr) &&
      lhs.getType() != rhs.getType() &&
      isa<IntegerType>(getElementTypeOrSelf(rhs.getType())) &&
      isa<IntegerType>(getElementTypeOrSelf(lhs.getType()))) {
    Type target = lhs.getType();
    if (isa<VectorType>(target) && !isa<VectorType>(rhs.getType()))
      rhs = vector::BroadcastOp::create(
          builder, loc,
          VectorType::get(cast<VectorType>(target).getShape(), rhs.getType()),
          rhs);
    unsigned from = getElementTypeOrSelf(rhs.getType()).getIntOrFloatBitWidth();
    unsigned to = getElementTypeOrSelf(target).getIntOrFloatBitWidth();
    if (from > to)
      rhs = arith::TruncIOp::create(builder, loc, target, rhs);
    else if (from < to)
      rhs = arith::ExtUIOp::create(builder, loc, target, rhs);
  }
  if (lhs.getType() != rhs.getType()) {
    module.errorNotSupported(srcLoc, "operands of different types");
    return {};
  }
  Type element = getElementTypeOrSelf(lhs.getType());
  bool isFloat = isa<FloatType>(element);
  bool sign = isSigned(operandType);
  using BO = clang::BinaryOperatorKind;
  auto finish = [&](Value result) -> Value {
    if (matrixType && !getElementTypeOrSelf(result.getType()).isInteger(1))
      return MatrixCastOp::create(builder, loc, matrixType, result);
    if (matrixType)
      return MatrixCastOp::create(
          builder, loc, withElementType(matrixType, builder.getI1Type()),
          result);
    return result;
  };
  if (isFloat) {
    switch (op) {
    case BO::BO_Add:
      return finish(arith::AddFOp::create(builder, loc, lhs, rhs));
    case BO::BO_Sub:
      return finish(arith::SubFOp::create(builder, loc, lhs, rhs));
    case BO::BO_Mul:
      return finish(arith::MulFOp::create(builder, loc, lhs, rhs));
    case BO::BO_Div:
      return finish(arith::DivFOp::create(builder, loc, lhs, rhs));
    case BO::BO_Rem:
      return finish(arith::RemFOp::create(builder, loc, lhs, rhs));
    default:
      break;
    }
    std::optional<arith::CmpFPredicate> pred;
    switch (op) {
    case BO::BO_LT:
      pred = arith::CmpFPredicate::OLT;
      break;
    case BO::BO_LE:
      pred = arith::CmpFPredicate::OLE;
      break;
    case BO::BO_GT:
      pred = arith::CmpFPredicate::OGT;
      break;
    case BO::BO_GE:
      pred = arith::CmpFPredicate::OGE;
      break;
    case BO::BO_EQ:
      pred = arith::CmpFPredicate::OEQ;
      break;
    case BO::BO_NE:
      pred = arith::CmpFPredicate::UNE;
      break;
    default:
      break;
    }
    if (pred)
      return finish(arith::CmpFOp::create(builder, loc, *pred, lhs, rhs));
  } else {
    switch (op) {
    case BO::BO_Add:
      return finish(arith::AddIOp::create(builder, loc, lhs, rhs));
    case BO::BO_Sub:
      return finish(arith::SubIOp::create(builder, loc, lhs, rhs));
    case BO::BO_Mul:
      return finish(arith::MulIOp::create(builder, loc, lhs, rhs));
    case BO::BO_Div:
      return finish(
          sign ? Value(arith::DivSIOp::create(builder, loc, lhs, rhs))
               : Value(arith::DivUIOp::create(builder, loc, lhs, rhs)));
    case BO::BO_Rem:
      return finish(
          sign ? Value(arith::RemSIOp::create(builder, loc, lhs, rhs))
               : Value(arith::RemUIOp::create(builder, loc, lhs, rhs)));
    case BO::BO_And:
      return finish(arith::AndIOp::create(builder, loc, lhs, rhs));
    case BO::BO_Or:
      return finish(arith::OrIOp::create(builder, loc, lhs, rhs));
    case BO::BO_Xor:
      return finish(arith::XOrIOp::create(builder, loc, lhs, rhs));
    case BO::BO_Shl:
    case BO::BO_Shr: {
      // HLSL shifts use the low bits of the amount only (as DXIL does).
      unsigned width = element.getIntOrFloatBitWidth();
      Value mask = emitConstant(rhs.getType(), 0, width - 1, loc);
      Value amount = arith::AndIOp::create(builder, loc, rhs, mask);
      if (op == BO::BO_Shl)
        return finish(arith::ShLIOp::create(builder, loc, lhs, amount));
      return finish(
          sign ? Value(arith::ShRSIOp::create(builder, loc, lhs, amount))
               : Value(arith::ShRUIOp::create(builder, loc, lhs, amount)));
    }
    default:
      break;
    }
    std::optional<arith::CmpIPredicate> pred;
    switch (op) {
    case BO::BO_LT:
      pred = sign ? arith::CmpIPredicate::slt : arith::CmpIPredicate::ult;
      break;
    case BO::BO_LE:
      pred = sign ? arith::CmpIPredicate::sle : arith::CmpIPredicate::ule;
      break;
    case BO::BO_GT:
      pred = sign ? arith::CmpIPredicate::sgt : arith::CmpIPredicate::ugt;
      break;
    case BO::BO_GE:
      pred = sign ? arith::CmpIPredicate::sge : arith::CmpIPredicate::uge;
      break;
    case BO::BO_EQ:
      pred = arith::CmpIPredicate::eq;
      break;
    case BO::BO_NE:
      pred = arith::CmpIPredicate::ne;
      break;
    default:
      break;
    }
    if (pred)
      return finish(arith::CmpIOp::create(builder, loc, *pred, lhs, rhs));
  }
  module.errorNotSupported(srcLoc, ("binary operator '" +
                                    clang::BinaryOperator::getOpcodeStr(op) +
                                    "' on these operands")
                                       .str());
  return {};
}

Value HLSLGenFunction::emitBinary(const clang::BinaryOperator *expr) {
  Location loc = getLoc(expr->getOperatorLoc());
  switch (expr->getOpcode()) {
  case clang::BO_Assign: {
    Value value = emitRValue(expr->getRHS());
    LValue lvalue = emitLValue(expr->getLHS());
    if (!value || !lvalue.addr)
      return {};
    emitStore(value, lvalue, loc);
    return value;
  }
  case clang::BO_Comma:
    emitStmt(expr->getLHS());
    return emitRValue(expr->getRHS());
  case clang::BO_LAnd:
  case clang::BO_LOr:
    return emitLogical(expr);
  default:
    break;
  }
  Value result = emitComparisonOrArithmetic(expr);
  // Clang 22 types a vector comparison as a vector of int (C's vector
  // extension); HLSL's is a vector of bool, which we compute. Where Clang
  // then uses it as ints (`(int4)(x < 0)` is a no-op cast to it), true is
  // 1, as in DXC. (Conversions to bool take the bools: emitCast.)
  if (result && expr->isComparisonOp() &&
      getElementTypeOrSelf(result.getType()).isInteger(1)) {
    // (A comparison of `half` vectors without 16-bit types Clang types as a
    // vector of floats: true is 1.0 then.)
    Type type = convertType(expr->getType(), expr->getExprLoc());
    if (auto vec = dyn_cast_or_null<VectorType>(type);
        vec && isa<FloatType>(vec.getElementType()))
      result = arith::UIToFPOp::create(builder, loc, vec, result);
    else if (vec && !vec.getElementType().isInteger(1))
      result = arith::ExtUIOp::create(builder, loc, vec, result);
  }
  return result;
}

Value HLSLGenFunction::emitComparisonOrArithmetic(
    const clang::BinaryOperator *expr) {
  Value lhs = emitRValue(expr->getLHS());
  Value rhs = emitRValue(expr->getRHS());
  if (!lhs || !rhs)
    return {};
  return emitArithmetic(expr->getOpcode(), lhs, rhs, expr->getType(),
                        expr->getLHS()->getType(), expr->getOperatorLoc());
}

Value HLSLGenFunction::emitCompoundAssign(
    const clang::CompoundAssignOperator *expr, LValue *target) {
  Location loc = getLoc(expr->getOperatorLoc());
  Value rhs = emitRValue(expr->getRHS());
  LValue lvalue = emitLValue(expr->getLHS());
  if (target)
    *target = lvalue;
  if (!rhs || !lvalue.addr)
    return {};
  clang::QualType lhsType = expr->getLHS()->getType();
  clang::QualType computeType = expr->getComputationLHSType();
  Value lhs = emitConversion(emitLoad(lvalue, loc), lhsType, computeType,
                             expr->getExprLoc());
  Value result = emitArithmetic(
      clang::BinaryOperator::getOpForCompoundAssignment(expr->getOpcode()), lhs,
      rhs, expr->getComputationResultType(), computeType,
      expr->getOperatorLoc());
  if (!result)
    return {};
  result = emitConversion(result, expr->getComputationResultType(), lhsType,
                          expr->getExprLoc());
  emitStore(result, lvalue, loc);
  return result;
}

Value HLSLGenFunction::emitIncrementDecrement(const LValue &lvalue,
                                              bool increment, bool prefix,
                                              Location loc) {
  Value old = emitLoad(lvalue, loc);
  Value arith = toArithmeticValue(builder, loc, old);
  Value one = emitConstant(arith.getType(), 1.0, 1, loc);
  Value updated;
  if (isa<FloatType>(getElementTypeOrSelf(arith.getType())))
    updated = increment
                  ? Value(arith::AddFOp::create(builder, loc, arith, one))
                  : Value(arith::SubFOp::create(builder, loc, arith, one));
  else
    updated = increment
                  ? Value(arith::AddIOp::create(builder, loc, arith, one))
                  : Value(arith::SubIOp::create(builder, loc, arith, one));
  if (updated.getType() != old.getType())
    updated = MatrixCastOp::create(builder, loc, old.getType(), updated);
  emitStore(updated, lvalue, loc);
  return prefix ? updated : old;
}

Value HLSLGenFunction::emitUnaryValue(clang::UnaryOperatorKind op, Value value,
                                      clang::QualType type, Location loc) {
  switch (op) {
  case clang::UO_Plus:
    return value;
  case clang::UO_Minus: {
    Value arith = toArithmeticValue(builder, loc, value);
    Value result;
    if (isa<FloatType>(getElementTypeOrSelf(arith.getType())))
      result = arith::NegFOp::create(builder, loc, arith);
    else
      result = arith::SubIOp::create(
          builder, loc, emitConstant(arith.getType(), 0, 0, loc), arith);
    if (result.getType() != value.getType())
      result = MatrixCastOp::create(builder, loc, value.getType(), result);
    return result;
  }
  case clang::UO_Not: {
    Value arith = toArithmeticValue(builder, loc, value);
    Value result = arith::XOrIOp::create(
        builder, loc, arith, emitConstant(arith.getType(), 0, -1, loc));
    if (result.getType() != value.getType())
      result = MatrixCastOp::create(builder, loc, value.getType(), result);
    return result;
  }
  case clang::UO_LNot: {
    Value arith = toArithmeticValue(builder, loc, value);
    Value boolean = emitBool(arith, type, loc);
    Value result = arith::XOrIOp::create(
        builder, loc, boolean, emitConstant(boolean.getType(), 0, 1, loc));
    if (isa<MatrixType>(value.getType()))
      result = MatrixCastOp::create(
          builder, loc, withElementType(value.getType(), builder.getI1Type()),
          result);
    return result;
  }
  default:
    return {};
  }
}

Value HLSLGenFunction::emitUnary(const clang::UnaryOperator *expr,
                                 LValue *target) {
  Location loc = getLoc(expr->getOperatorLoc());
  switch (expr->getOpcode()) {
  case clang::UO_PreInc:
  case clang::UO_PreDec:
  case clang::UO_PostInc:
  case clang::UO_PostDec: {
    LValue lvalue = emitLValue(expr->getSubExpr());
    if (target)
      *target = lvalue;
    if (!lvalue.addr)
      return {};
    return emitIncrementDecrement(lvalue, expr->isIncrementOp(),
                                  expr->isPrefix(), loc);
  }
  case clang::UO_Plus:
  case clang::UO_Minus:
  case clang::UO_Not:
  case clang::UO_LNot: {
    Value value = emitRValue(expr->getSubExpr());
    if (!value)
      return {};
    return emitUnaryValue(expr->getOpcode(), value,
                          expr->getSubExpr()->getType(), loc);
  }
  case clang::UO_Deref: {
    LValue lvalue = emitLValue(expr);
    return lvalue.addr ? emitLoad(lvalue, loc) : Value();
  }
  default:
    break;
  }
  return notSupported(
      expr, "unary operator '" +
                clang::UnaryOperator::getOpcodeStr(expr->getOpcode()).str() +
                "'");
}

Value HLSLGenFunction::emitLogical(const clang::BinaryOperator *expr) {
  Location loc = getLoc(expr->getOperatorLoc());
  bool isAnd = expr->getOpcode() == clang::BO_LAnd;
  if (expr->getType()->isVectorType()) {
    Value lhs = emitRValue(expr->getLHS()), rhs = emitRValue(expr->getRHS());
    if (!lhs || !rhs)
      return {};
    lhs = emitBool(lhs, expr->getLHS()->getType(), loc);
    rhs = emitBool(rhs, expr->getRHS()->getType(), loc);
    return isAnd ? Value(arith::AndIOp::create(builder, loc, lhs, rhs))
                 : Value(arith::OrIOp::create(builder, loc, lhs, rhs));
  }
  // Scalars short-circuit (HLSL 2021).
  Value lhs = emitCondition(expr->getLHS());
  if (!lhs)
    return {};
  Region *region = builder.getInsertionBlock()->getParent();
  Block *rhsBlock = new Block(), *merge = new Block();
  merge->addArgument(builder.getI1Type(), loc);
  Value shortValue = emitConstant(builder.getI1Type(), 0, isAnd ? 0 : 1, loc);
  if (isAnd)
    cf::CondBranchOp::create(builder, loc, lhs, rhsBlock, ValueRange(), merge,
                             ValueRange(shortValue));
  else
    cf::CondBranchOp::create(builder, loc, lhs, merge, ValueRange(shortValue),
                             rhsBlock, ValueRange());
  region->push_back(rhsBlock);
  builder.setInsertionPointToEnd(rhsBlock);
  Value rhs = emitCondition(expr->getRHS());
  if (!rhs)
    rhs = poison(builder.getI1Type(), loc);
  cf::BranchOp::create(builder, loc, merge, ValueRange(rhs));
  region->push_back(merge);
  builder.setInsertionPointToEnd(merge);
  return merge->getArgument(0);
}

/// A variable or a field of one (reading it has no effect).
static bool isPlainVariableAccess(const clang::Expr *expr) {
  expr = expr->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(expr))
    return isa<clang::VarDecl>(ref->getDecl());
  if (const auto *member = dyn_cast<clang::MemberExpr>(expr))
    return isa<clang::FieldDecl>(member->getMemberDecl()) &&
           !member->isArrow() && isPlainVariableAccess(member->getBase());
  return false;
}

bool HLSLGenFunction::isSafeToSpeculate(const clang::Expr *expr) {
  expr = expr->IgnoreParens();
  auto [it, inserted] = speculatable.try_emplace(expr, false);
  if (!inserted)
    return it->second;
  clang::QualType type = expr->getType();
  bool safe = false;
  if (!type->isArithmeticType() && !type->isVectorType() &&
      !type->isConstantMatrixType()) {
    safe = false;
  } else if (isa<clang::IntegerLiteral, clang::FloatingLiteral,
                 clang::CXXBoolLiteralExpr, clang::CharacterLiteral>(expr)) {
    safe = true;
  } else if (const auto *ref = dyn_cast<clang::DeclRefExpr>(expr)) {
    safe = isa<clang::VarDecl, clang::EnumConstantDecl>(ref->getDecl());
  } else if (const auto *cast = dyn_cast<clang::CastExpr>(expr)) {
    switch (cast->getCastKind()) {
    case clang::CK_LValueToRValue:
    case clang::CK_NoOp:
    case clang::CK_IntegralCast:
    case clang::CK_IntegralToFloating:
    case clang::CK_FloatingToIntegral:
    case clang::CK_FloatingCast:
    case clang::CK_IntegralToBoolean:
    case clang::CK_FloatingToBoolean:
    case clang::CK_VectorSplat:
    case clang::CK_HLSLVectorTruncation:
      safe = isSafeToSpeculate(cast->getSubExpr());
      break;
    default:
      break;
    }
  } else if (const auto *unary = dyn_cast<clang::UnaryOperator>(expr)) {
    clang::UnaryOperatorKind op = unary->getOpcode();
    safe = (op == clang::UO_Plus || op == clang::UO_Minus ||
            op == clang::UO_Not || op == clang::UO_LNot) &&
           isSafeToSpeculate(unary->getSubExpr());
  } else if (const auto *binary = dyn_cast<clang::BinaryOperator>(expr)) {
    // Integer division by zero is undefined in LLVM: it must not run on
    // the path that did not ask for it. Assignments have effects.
    bool integerDivision = (binary->getOpcode() == clang::BO_Div ||
                            binary->getOpcode() == clang::BO_Rem) &&
                           !binary->getType()->hasFloatingRepresentation();
    safe = !binary->isAssignmentOp() && !integerDivision &&
           binary->getOpcode() != clang::BO_Comma &&
           isSafeToSpeculate(binary->getLHS()) &&
           isSafeToSpeculate(binary->getRHS());
  } else if (const auto *member = dyn_cast<clang::MemberExpr>(expr)) {
    safe = isa<clang::FieldDecl>(member->getMemberDecl()) &&
           !member->isArrow() && isPlainVariableAccess(member->getBase());
  } else if (const auto *swizzle =
                 dyn_cast<clang::ExtVectorElementExpr>(expr)) {
    safe = isSafeToSpeculate(swizzle->getBase());
  } else if (const auto *conditional =
                 dyn_cast<clang::ConditionalOperator>(expr)) {
    safe = isSafeToSpeculate(conditional->getCond()) &&
           isSafeToSpeculate(conditional->getTrueExpr()) &&
           isSafeToSpeculate(conditional->getFalseExpr());
  }
  speculatable[expr] = safe;
  return safe;
}

Value HLSLGenFunction::emitConditional(
    const clang::AbstractConditionalOperator *expr) {
  Location loc = getLoc(expr->getExprLoc());
  Type type = convertType(expr->getType(), expr->getExprLoc());
  if (!type)
    return {};
  // Clang converts a matrix condition to its first element (with a
  // warning); DXC selects element-wise before HLSL 2021 (the source
  // rewrites make that a select() call) and refuses it from 2021 on.
  if (expr->getCond()
          ->IgnoreParenImpCasts()
          ->getType()
          ->isConstantMatrixType()) {
    module.error(expr->getQuestionLoc(),
                 "condition for short-circuiting ternary operator must be "
                 "scalar, for non-scalar types use 'select'");
    return {};
  }
  if (expr->getCond()->getType()->isVectorType()) {
    // Element-wise select: both sides are evaluated.
    Value cond = emitRValue(expr->getCond());
    Value lhs = emitRValue(expr->getTrueExpr());
    Value rhs = emitRValue(expr->getFalseExpr());
    if (!cond || !lhs || !rhs)
      return {};
    cond = emitBool(cond, expr->getCond()->getType(), loc);
    return arith::SelectOp::create(builder, loc, cond, lhs, rhs);
  }
  // Arms without effects are both evaluated and selected (as Clang does for
  // cheap ones): chains of conditionals then stay in one block instead of
  // building a diamond each, which the canonicalizer is cubic on.
  if (isa<clang::ConditionalOperator>(expr) &&
      isSafeToSpeculate(expr->getTrueExpr()) &&
      isSafeToSpeculate(expr->getFalseExpr())) {
    Value cond = emitCondition(expr->getCond());
    Value lhs = emitRValue(expr->getTrueExpr());
    Value rhs = emitRValue(expr->getFalseExpr());
    if (!cond || !lhs || !rhs)
      return {};
    if (lhs.getType() != type || rhs.getType() != type)
      return notSupported(expr, "conditional operator arms of another type");
    return arith::SelectOp::create(builder, loc, cond, lhs, rhs);
  }
  return emitConditionalBranches(
      expr, type, [&](const clang::Expr *arm) { return emitRValue(arm); });
}

Value HLSLGenFunction::emitConditionalBranches(
    const clang::AbstractConditionalOperator *expr, Type type,
    llvm::function_ref<Value(const clang::Expr *)> emitArm) {
  Location loc = getLoc(expr->getExprLoc());
  Value cond = emitCondition(expr->getCond());
  if (!cond)
    return {};
  Region *region = builder.getInsertionBlock()->getParent();
  Block *trueBlock = new Block(), *falseBlock = new Block(),
        *merge = new Block();
  merge->addArgument(type, loc);
  cf::CondBranchOp::create(builder, loc, cond, trueBlock, falseBlock);
  for (auto [block, arm] : {std::make_pair(trueBlock, expr->getTrueExpr()),
                            std::make_pair(falseBlock, expr->getFalseExpr())}) {
    region->push_back(block);
    builder.setInsertionPointToEnd(block);
    Value value = emitArm(arm);
    if (!value || value.getType() != type)
      value = poison(type, loc);
    cf::BranchOp::create(builder, loc, merge, ValueRange(value));
  }
  region->push_back(merge);
  builder.setInsertionPointToEnd(merge);
  return merge->getArgument(0);
}

/// The element (row, column, base) of a matrix element Clang generated
/// when it flattened a matrix into an initializer list.
static std::optional<std::tuple<uint64_t, uint64_t, const clang::Expr *>>
getMatrixElement(const clang::Expr *init) {
  const auto *subscript =
      dyn_cast<clang::MatrixSubscriptExpr>(init->IgnoreImplicit());
  if (!subscript)
    return std::nullopt;
  const auto *row =
      dyn_cast<clang::IntegerLiteral>(subscript->getRowIdx()->IgnoreImplicit());
  const auto *column = dyn_cast<clang::IntegerLiteral>(
      subscript->getColumnIdx()->IgnoreImplicit());
  if (!row || !column)
    return std::nullopt;
  return std::make_tuple(row->getValue().getZExtValue(),
                         column->getValue().getZExtValue(),
                         subscript->getBase()->IgnoreImplicit());
}

/// Whether two generated matrix elements come from the same source matrix:
/// one expression of the initializer list (the same location).
static bool fromSameMatrix(const clang::Expr *a, const clang::Expr *b) {
  auto x = getMatrixElement(a), y = getMatrixElement(b);
  if (!x || !y || a->getBeginLoc() != b->getBeginLoc())
    return false;
  const clang::Expr *baseA = std::get<2>(*x), *baseB = std::get<2>(*y);
  if (baseA == baseB)
    return true;
  const auto *refA = dyn_cast<clang::DeclRefExpr>(baseA);
  const auto *refB = dyn_cast<clang::DeclRefExpr>(baseB);
  if (refA && refB)
    return refA->getDecl() == refB->getDecl();
  const auto *opaqueA = dyn_cast<clang::OpaqueValueExpr>(baseA);
  const auto *opaqueB = dyn_cast<clang::OpaqueValueExpr>(baseB);
  return opaqueA && opaqueB &&
         opaqueA->getSourceExpr() == opaqueB->getSourceExpr();
}

/// The order to read an initializer list's elements in. HLSL flattens a
/// matrix that initializes several elements row by row; Clang 22 lists its
/// elements column by column (its matrices' own order), so each such run
/// is put back in row-major order. `columnMajorRows` is the row count of a
/// matrix being initialized (whose list Clang orders column by column),
/// else 0.
static SmallVector<unsigned> getInitOrder(const clang::InitListExpr *expr,
                                          unsigned columnMajorRows) {
  unsigned n = expr->getNumInits();
  SmallVector<unsigned> order(n);
  for (unsigned i = 0; i < n; ++i)
    order[i] = i;
  // The flattened sequence: for a matrix target, undo Clang's column-major
  // placement.
  unsigned rows = columnMajorRows, columns = rows ? n / rows : 0;
  bool matrixTarget = rows && rows * columns == n;
  SmallVector<unsigned> flat(n);
  for (unsigned k = 0; k < n; ++k)
    flat[k] = matrixTarget ? (k % columns) * rows + k / columns : k;
  for (unsigned begin = 0; begin < n;) {
    unsigned end = begin + 1;
    while (end < n &&
           fromSameMatrix(expr->getInit(flat[begin]), expr->getInit(flat[end])))
      ++end;
    if (end - begin > 1)
      std::stable_sort(flat.begin() + begin, flat.begin() + end,
                       [&](unsigned a, unsigned b) {
                         auto x = *getMatrixElement(expr->getInit(a));
                         auto y = *getMatrixElement(expr->getInit(b));
                         return std::make_pair(std::get<0>(x), std::get<1>(x)) <
                                std::make_pair(std::get<0>(y), std::get<1>(y));
                       });
    begin = end;
  }
  for (unsigned k = 0; k < n; ++k)
    order[matrixTarget ? (k % columns) * rows + k / columns : k] = flat[k];
  return order;
}

SmallVector<const clang::Expr *>
HLSLGenFunction::bindInitListValues(const clang::InitListExpr *expr) {
  // Clang 22 flattens `{ make(), float4(a, b, c, d) }` into the components
  // of each element, each read through one OpaqueValueExpr of the element
  // (a call), or through a subscript of the element's expression itself
  // (one node under each component's subscript). Evaluating it per
  // component repeated its side effects and its cost per component: it is
  // evaluated at its first component (in the elements' order) and bound.
  SmallVector<const clang::Expr *> bound;
  SmallVector<const clang::Stmt *> work(expr->child_begin(), expr->child_end());
  while (!work.empty()) {
    const clang::Stmt *stmt = work.pop_back_val();
    if (!stmt)
      continue;
    const auto *opaque = dyn_cast<clang::OpaqueValueExpr>(stmt);
    // (A vector value under each subscript, or a matrix value under each
    // element.)
    const clang::Expr *shared = getComponentBase(stmt);
    if (shared &&
        (isa<clang::OpaqueValueExpr>(shared) || !shared->isPRValue() ||
         (isa<clang::ArraySubscriptExpr>(stmt) &&
          !shared->getType()->isVectorType())))
      shared = nullptr;
    if (!opaque && !shared) {
      work.append(stmt->child_begin(), stmt->child_end());
      continue;
    }
    const clang::Expr *once = opaque ? opaque : shared;
    if (opaque && (!opaque->getSourceExpr() || opaqueValues.count(opaque) ||
                   opaqueLValues.count(opaque)))
      continue;
    if (initListShared.insert(once).second)
      bound.push_back(once);
  }
  return bound;
}

void HLSLGenFunction::unbindInitListValues(
    ArrayRef<const clang::Expr *> bound) {
  for (const clang::Expr *expr : bound) {
    initListShared.erase(expr);
    initListValues.erase(expr);
    if (const auto *opaque = dyn_cast<clang::OpaqueValueExpr>(expr)) {
      opaqueValues.erase(opaque);
      opaqueLValues.erase(opaque);
    }
  }
}

void HLSLGenFunction::bindInitListOpaqueValue(
    const clang::OpaqueValueExpr *opaque) {
  if (!initListShared.contains(opaque) || opaqueValues.count(opaque) ||
      opaqueLValues.count(opaque))
    return;
  const clang::Expr *source = opaque->getSourceExpr();
  if (source->isGLValue()) {
    opaqueLValues[opaque] = emitLValue(source);
    return;
  }
  Value value = emitRValue(source);
  if (!value)
    return;
  opaqueValues[opaque] = value;
  // Components of a vector or matrix are extracted from the value
  // (emitRValue); the parts of other aggregates are read from one copy.
  if (!isa<VectorType, MatrixType, IntegerType, FloatType>(value.getType()))
    opaqueLValues[opaque] = {
        createTemporary(value, getLoc(source->getExprLoc())), {}};
}

Value HLSLGenFunction::emitInitList(const clang::InitListExpr *expr) {
  SmallVector<const clang::Expr *> bound = bindInitListValues(expr);
  Value result = emitInitListElements(expr);
  unbindInitListValues(bound);
  return result;
}

Value HLSLGenFunction::emitInitListElements(const clang::InitListExpr *expr) {
  Location loc = getLoc(expr->getExprLoc());
  Type type = convertType(expr->getType(), expr->getExprLoc());
  if (!type)
    return {};
  auto matrixTarget = dyn_cast<MatrixType>(type);
  SmallVector<unsigned> order =
      getInitOrder(expr, matrixTarget ? matrixTarget.getRows() : 0);
  auto initAt = [&](unsigned i) -> Value {
    if (i < expr->getNumInits())
      return emitRValue(expr->getInit(order[i]));
    return {};
  };
  if (isa<IntegerType, FloatType>(type) || isa<ResourceType>(type)) {
    if (expr->getNumInits() != 1)
      return notSupported(expr, "scalar initializer list");
    return emitRValue(expr->getInit(0));
  }
  if (const auto *record = expr->getType()->getAsCXXRecordDecl();
      record && hasBitFields(record))
    return emitBitFieldRecordInitList(expr, record, cast<StructType>(type));
  SmallVector<Type> elementTypes;
  if (auto vec = dyn_cast<VectorType>(type))
    elementTypes.assign(vec.getNumElements(), vec.getElementType());
  else if (auto matrix = dyn_cast<MatrixType>(type))
    elementTypes.assign(matrix.getNumElements(), matrix.getElementType());
  else if (auto array = dyn_cast<ArrayType>(type))
    elementTypes.assign(array.getSize(), array.getElementType());
  else if (auto st = dyn_cast<StructType>(type))
    for (Type field : st.getFieldTypes())
      if (!isa<PaddingType>(field))
        elementTypes.push_back(field);
  SmallVector<Value> elements;
  for (auto [i, elementType] : llvm::enumerate(elementTypes)) {
    Value value = initAt(i);
    if (!value && expr->getArrayFiller())
      value = emitRValue(expr->getArrayFiller());
    // A row_major/column_major field: the same matrix value in the
    // declared order.
    if (value && value.getType() != elementType &&
        isa<MatrixType>(value.getType()) && isa<MatrixType>(elementType))
      value = MatrixCastOp::create(builder, loc, elementType, value);
    if (!value || value.getType() != elementType)
      value = value ? Value() : emitZero(elementType, loc);
    if (!value)
      return notSupported(expr, "initializer list element of a different "
                                "type");
    elements.push_back(value);
  }
  if (auto vec = dyn_cast<VectorType>(type))
    return vector::FromElementsOp::create(builder, loc, vec, elements);
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    // Clang lists matrix initializers in its column-major element order;
    // hlsl.construct takes them row by row.
    SmallVector<Value> rowMajor(elements.size());
    unsigned rows = matrix.getRows(), columns = matrix.getColumns();
    for (unsigned i = 0; i < elements.size(); ++i)
      rowMajor[(i % rows) * columns + i / rows] = elements[i];
    return ConstructOp::create(builder, loc, type, rowMajor);
  }
  return ConstructOp::create(builder, loc, type, elements);
}
