//===- HLSLGenExprLValue.cpp - lvalues and resources ----------------------===//

#include "HLSLGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

static const clang::Expr *skipLValueWrappers(const clang::Expr *expr) {
  while (true) {
    if (const auto *paren = dyn_cast<clang::ParenExpr>(expr))
      expr = paren->getSubExpr();
    else if (const auto *cleanups = dyn_cast<clang::ExprWithCleanups>(expr))
      expr = cleanups->getSubExpr();
    else if (const auto *constant = dyn_cast<clang::ConstantExpr>(expr))
      expr = constant->getSubExpr();
    else if (const auto *cast = dyn_cast<clang::ImplicitCastExpr>(expr);
             cast && (cast->getCastKind() == clang::CK_NoOp ||
                      cast->getCastKind() == clang::CK_LValueToRValue ||
                      cast->getCastKind() == clang::CK_AddressSpaceConversion ||
                      cast->getCastKind() == clang::CK_ArrayToPointerDecay))
      expr = cast->getSubExpr();
    else
      return expr;
  }
}

/// Converts an index expression to the i32 the addressing ops take.
static Value emitIndex(HLSLGenFunction &gen, const clang::Expr *expr) {
  Value index = gen.emitRValue(expr);
  if (!index)
    return {};
  Location loc = gen.getLoc(expr->getExprLoc());
  auto type = dyn_cast<IntegerType>(index.getType());
  if (!type) {
    gen.notSupported(expr, "non-integer index");
    return {};
  }
  Type i32 = gen.builder.getI32Type();
  if (type.getWidth() > 32)
    return arith::TruncIOp::create(gen.builder, loc, i32, index);
  if (type.getWidth() < 32)
    return arith::ExtUIOp::create(gen.builder, loc, i32, index);
  return index;
}

Value HLSLGenFunction::emitMatrixElementAddr(Value matrixAddr, int32_t flat,
                                             Location loc) {
  return buildMatrixElementAddr(builder, loc, matrixAddr, flat);
}

Value HLSLGenFunction::emitDynamicSwizzleElementAddr(
    const LValue &swizzle, const clang::Expr *indexExpr, Location loc) {
  Value index = emitIndex(*this, indexExpr);
  if (!index)
    return {};
  auto constant = [&](int32_t v) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI32IntegerAttr(v));
  };
  // The component the index names: a select chain over the swizzle (an
  // index past its end reads its last component, as no lane may trap).
  Value component = constant(swizzle.swizzle.back());
  for (int k = int(swizzle.swizzle.size()) - 2; k >= 0; --k) {
    Value is = arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::eq,
                                     index, constant(k));
    component = arith::SelectOp::create(
        builder, loc, is, constant(swizzle.swizzle[k]), component);
  }
  auto ptr = cast<PointerType>(swizzle.addr.getType());
  if (auto matrix = dyn_cast<MatrixType>(ptr.getPointee())) {
    Value columns = constant(matrix.getColumns());
    Value rowAddr = ElementAddrOp::create(
        builder, loc,
        PointerType::get(
            VectorType::get({matrix.getColumns()}, matrix.getElementType()),
            ptr.getAddressSpace()),
        swizzle.addr, arith::DivUIOp::create(builder, loc, component, columns));
    return ElementAddrOp::create(
        builder, loc,
        PointerType::get(matrix.getElementType(), ptr.getAddressSpace()),
        rowAddr, arith::RemUIOp::create(builder, loc, component, columns));
  }
  return ElementAddrOp::create(
      builder, loc,
      PointerType::get(cast<VectorType>(ptr.getPointee()).getElementType(),
                       ptr.getAddressSpace()),
      swizzle.addr, component);
}

std::optional<LValue> HLSLGenFunction::emitMatrixElementSwizzle(
    const clang::ExtVectorElementExpr *swizzle) {
  const auto *row = dyn_cast<clang::MatrixSingleSubscriptExpr>(
      swizzle->getBase()->IgnoreParenImpCasts());
  if (!row)
    return std::nullopt;
  const auto *call =
      dyn_cast<clang::CallExpr>(row->getRowIdx()->IgnoreParenImpCasts());
  const clang::FunctionDecl *callee = call ? call->getDirectCallee() : nullptr;
  if (!callee || !callee->getIdentifier() ||
      callee->getName() != "__hlsl_matrix_elements")
    return std::nullopt;
  const auto *matrixType =
      row->getBase()->getType()->getAs<clang::ConstantMatrixType>();
  if (!matrixType)
    return std::nullopt;
  auto constant = [&](unsigned i) -> std::optional<int64_t> {
    clang::Expr::EvalResult result;
    if (i >= call->getNumArgs() ||
        !call->getArg(i)->EvaluateAsInt(result, module.getASTContext()))
      return std::nullopt;
    return result.Val.getInt().getSExtValue();
  };
  std::optional<int64_t> count = constant(0);
  if (!count || *count < 1 || *count > 4)
    return std::nullopt;
  LValue lvalue;
  for (unsigned i = 1; i <= *count; ++i) {
    std::optional<int64_t> element = constant(i);
    if (!element)
      return std::nullopt;
    int64_t r = *element / 4, c = *element % 4;
    if (r >= matrixType->getNumRows() || c >= matrixType->getNumColumns()) {
      notSupported(swizzle, "matrix member outside the matrix");
      return LValue();
    }
    lvalue.swizzle.push_back(int32_t(r * matrixType->getNumColumns() + c));
  }
  const clang::Expr *base = row->getBase();
  if (base->isGLValue()) {
    lvalue.addr = emitLValue(base).addr;
  } else {
    // Elements of a matrix value: read from a temporary.
    Value value = emitRValue(base);
    if (!value)
      return LValue();
    Location loc = getLoc(swizzle->getExprLoc());
    lvalue.addr = createTemporary(value, loc);
  }
  if (!lvalue.addr ||
      !isa<MatrixType>(cast<PointerType>(lvalue.addr.getType()).getPointee()))
    return LValue();
  return lvalue;
}

Value HLSLGenFunction::emitLoad(const LValue &lvalue, Location loc) {
  if (lvalue.isBitField())
    return emitBitFieldLoad(lvalue, loc);
  if (lvalue.isSwizzle() &&
      isa<MatrixType>(cast<PointerType>(lvalue.addr.getType()).getPointee()))
    return buildMatrixElementsLoad(builder, loc, lvalue.addr, lvalue.swizzle);
  Value value = LoadOp::create(builder, loc, lvalue.addr);
  if (!lvalue.isSwizzle())
    return value;
  if (lvalue.swizzle.size() == 1)
    return vector::ExtractOp::create(builder, loc, value,
                                     int64_t(lvalue.swizzle[0]));
  SmallVector<int64_t> mask(lvalue.swizzle.begin(), lvalue.swizzle.end());
  return vector::ShuffleOp::create(builder, loc, value, value, mask);
}

/// Rebuilds `value` element by element where matrix orders differ.
Value HLSLGenFunction::coerce(Value value, Type type, Location loc) {
  Type from = value.getType();
  if (from == type)
    return value;
  if (isa<MatrixType>(from) && isa<MatrixType>(type))
    return MatrixCastOp::create(builder, loc, type, value);
  if (auto toArray = dyn_cast<ArrayType>(type)) {
    auto fromArray = dyn_cast<ArrayType>(from);
    if (!fromArray || fromArray.getSize() != toArray.getSize())
      return value;
    SmallVector<Value> elements;
    for (int64_t i = 0; i < toArray.getSize(); ++i) {
      Value index = arith::ConstantOp::create(
          builder, loc, builder.getI32IntegerAttr(int32_t(i)));
      elements.push_back(coerce(ArrayExtractOp::create(builder, loc, value, index),
                                toArray.getElementType(), loc));
    }
    return ConstructOp::create(builder, loc, type, elements);
  }
  if (auto toStruct = dyn_cast<StructType>(type)) {
    auto fromStruct = dyn_cast<StructType>(from);
    if (!fromStruct || fromStruct.getNumFields() != toStruct.getNumFields())
      return value;
    SmallVector<Value> fields;
    for (auto [i, field] : llvm::enumerate(toStruct.getFieldTypes())) {
      if (isa<PaddingType>(field))
        continue;
      fields.push_back(coerce(
          FieldExtractOp::create(builder, loc, fromStruct.getFieldTypes()[i],
                                 value, i),
          field, loc));
    }
    return ConstructOp::create(builder, loc, type, fields);
  }
  return value;
}

void HLSLGenFunction::emitStore(Value value, const LValue &lvalue,
                                Location loc) {
  // Clang 22 lets ConstantBuffer<T> members be assigned (its cbuffer
  // members are const); HLSL does not.
  if (cast<PointerType>(lvalue.addr.getType()).getAddressSpace() ==
      AddressSpace::Constant) {
    module.error(loc, "cannot assign to constant buffer memory: constant "
                      "buffers are read-only");
    return;
  }
  // A global struct's resources are bindings: assigning one would change
  // only our local copy of them.
  Value root = lvalue.addr;
  while (Operation *def = root.getDefiningOp()) {
    if (isa<FieldAddrOp, ElementAddrOp>(def))
      root = def->getOperand(0);
    else
      break;
  }
  if (auto it = resourceStructCopies.find(root);
      it != resourceStructCopies.end()) {
    module.error(loc, Twine("cannot assign to ") +
                          (root == lvalue.addr ? "" : "a member of ") +
                          "global '" + it->second->getNameAsString() +
                          "': a global struct holding resources is read-only");
    return;
  }
  if (lvalue.precise)
    value = makePrecise(value, loc);
  if (lvalue.isBitField()) {
    emitBitFieldStore(value, lvalue, loc);
    return;
  }
  if (!lvalue.isSwizzle()) {
    value = coerce(value, cast<PointerType>(lvalue.addr.getType()).getPointee(),
                   loc);
    if (value.getType() != cast<PointerType>(lvalue.addr.getType()).getPointee()) {
      std::string types;
      llvm::raw_string_ostream os(types);
      os << value.getType() << " to " << lvalue.addr.getType();
      module.error(loc, "internal: store of " + types);
      return;
    }
    StoreOp::create(builder, loc, value, lvalue.addr);
    return;
  }
  if (isa<MatrixType>(cast<PointerType>(lvalue.addr.getType()).getPointee())) {
    buildMatrixElementsStore(builder, loc, value, lvalue.addr, lvalue.swizzle);
    return;
  }
  // Writing a swizzle updates only its components of the whole vector.
  Value whole = LoadOp::create(builder, loc, lvalue.addr);
  for (auto [i, component] : llvm::enumerate(lvalue.swizzle)) {
    Value element =
        isa<VectorType>(value.getType())
            ? Value(vector::ExtractOp::create(builder, loc, value, int64_t(i)))
            : value;
    whole = vector::InsertOp::create(builder, loc, element, whole,
                                     int64_t(component));
  }
  StoreOp::create(builder, loc, whole, lvalue.addr);
}

/// Walks `v[i].a.b[j]` down to a global struct of resources `v`, collecting
/// the fields from the variable outwards and the subscripts on the way
/// (outermost first). Base-class conversions do not change the path: a base's
/// members are flattened into the derived struct's.
static const clang::VarDecl *
walkResourceStructPath(HLSLGenFunction &gen, const clang::Expr *expr,
                       SmallVectorImpl<const clang::FieldDecl *> &chain,
                       SmallVectorImpl<const clang::Expr *> &indices) {
  expr = skipLValueWrappers(expr);
  if (const auto *cast = dyn_cast<clang::ImplicitCastExpr>(expr);
      cast && (cast->getCastKind() == clang::CK_UncheckedDerivedToBase ||
               cast->getCastKind() == clang::CK_DerivedToBase))
    return walkResourceStructPath(gen, cast->getSubExpr(), chain, indices);
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(expr)) {
    const GlobalSymbol *symbol = gen.module.lookupGlobal(ref->getDecl());
    if (symbol && symbol->kind == GlobalSymbol::ResourceStruct)
      return cast<clang::VarDecl>(ref->getDecl());
    return nullptr;
  }
  if (const auto *member = dyn_cast<clang::MemberExpr>(expr)) {
    const auto *field = dyn_cast<clang::FieldDecl>(member->getMemberDecl());
    if (!field || member->isArrow())
      return nullptr;
    const clang::VarDecl *var =
        walkResourceStructPath(gen, member->getBase(), chain, indices);
    if (var)
      chain.push_back(field);
    return var;
  }
  if (const auto *subscript = dyn_cast<clang::ArraySubscriptExpr>(expr)) {
    const clang::VarDecl *var =
        walkResourceStructPath(gen, subscript->getBase(), chain, indices);
    if (var)
      indices.push_back(subscript->getIdx());
    return var;
  }
  return nullptr;
}

/// Walks `a[i][j]` down to the declaration of a global resource (array),
/// collecting the indices outermost first. Handles `s[k].B[i]` for resources
/// of global structs.
static const GlobalSymbol *
findGlobalResource(HLSLGenFunction &gen, const clang::Expr *expr,
                   SmallVectorImpl<const clang::Expr *> &indices) {
  expr = skipLValueWrappers(expr);
  if (isa<clang::MemberExpr, clang::ArraySubscriptExpr>(expr)) {
    SmallVector<const clang::FieldDecl *> chain;
    size_t indexCount = indices.size();
    if (const clang::VarDecl *var =
            walkResourceStructPath(gen, expr, chain, indices)) {
      const GlobalSymbol *symbol =
          chain.empty() ? nullptr : gen.module.lookupStructResource(var, chain);
      if (!symbol)
        indices.resize(indexCount);
      return symbol;
    }
  }
  if (const auto *subscript = dyn_cast<clang::ArraySubscriptExpr>(expr)) {
    const GlobalSymbol *symbol =
        findGlobalResource(gen, subscript->getBase(), indices);
    if (symbol)
      indices.push_back(subscript->getIdx());
    return symbol;
  }
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(expr)) {
    const GlobalSymbol *symbol = gen.module.lookupGlobal(ref->getDecl());
    if (symbol && symbol->kind == GlobalSymbol::Resource)
      return symbol;
    return nullptr;
  }
  return nullptr;
}

Value HLSLGenFunction::emitResourceStructValue(const clang::VarDecl *var,
                                               Location loc) {
  // The struct's value holds a handle per resource member: the flattened
  // declarations at the element indices of this (array) element. Its data
  // members are read from its $Globals member, which has the same shape
  // without the resources.
  clang::ASTContext &ast = module.getASTContext();
  HLSLGenTypes &types = module.getTypes();
  SmallVector<const clang::FieldDecl *> chain;
  SmallVector<int64_t> indices;
  Value dataRoot;
  if (const GlobalSymbol *data = module.lookupResourceStructData(var))
    dataRoot = CBufferAddrOp::create(
        builder, loc, PointerType::get(data->type, AddressSpace::Constant),
        SymbolRefAttr::get(data->cbuffer.getAttr(), {data->symbol}));
  std::function<Value(clang::QualType, Value)> build =
      [&](clang::QualType type, Value dataAddr) -> Value {
    Type converted = convertType(type, var->getLocation());
    if (!converted)
      return {};
    SmallVector<Value> parts;
    if (const auto *array = ast.getAsConstantArrayType(type)) {
      for (uint64_t i = 0, e = array->getSize().getZExtValue(); i < e; ++i) {
        Value elementAddr;
        if (dataAddr) {
          auto ptr = cast<PointerType>(dataAddr.getType());
          elementAddr = ElementAddrOp::create(
              builder, loc,
              PointerType::get(
                  cast<ArrayType>(ptr.getPointee()).getElementType(),
                  ptr.getAddressSpace()),
              dataAddr,
              arith::ConstantOp::create(builder, loc,
                                        builder.getI32IntegerAttr(int32_t(i))));
        }
        indices.push_back(int64_t(i));
        parts.push_back(build(array->getElementType(), elementAddr));
        indices.pop_back();
        if (!parts.back())
          return {};
      }
      return ConstructOp::create(builder, loc, converted, parts);
    }
    if (types.isResourceRecord(type)) {
      const GlobalSymbol *symbol = module.lookupStructResource(var, chain);
      if (!symbol)
        return {};
      SmallVector<Value> indexValues;
      for (int64_t index : indices)
        indexValues.push_back(arith::ConstantOp::create(
            builder, loc, builder.getI32IntegerAttr(int32_t(index))));
      return ResourceHandleOp::create(builder, loc, converted, symbol->symbol,
                                      indexValues);
    }
    if (!containsResource(converted)) {
      // A data member.
      if (!dataAddr)
        return {};
      return coerce(LoadOp::create(builder, loc, dataAddr), converted, loc);
    }
    const auto *record = type->getAsCXXRecordDecl();
    if (hasBitFields(record)) {
      module.errorNotSupported(var->getLocation(),
                               "bit fields in a struct holding resources");
      return {};
    }
    auto st = cast<StructType>(converted);
    unsigned dataIndex = 0;
    auto fieldData = [&](unsigned index) -> Value {
      if (!dataAddr || !stripResources(st.getFieldTypes()[index]))
        return {};
      auto ptr = cast<PointerType>(dataAddr.getType());
      auto dataType = cast<StructType>(ptr.getPointee());
      unsigned i = dataIndex++;
      return FieldAddrOp::create(
          builder, loc,
          PointerType::get(dataType.getFieldTypes()[i], ptr.getAddressSpace()),
          dataAddr, i);
    };
    unsigned index = 0;
    for (const clang::CXXBaseSpecifier &base : record->bases()) {
      parts.push_back(build(base.getType(), fieldData(index++)));
      if (!parts.back())
        return {};
    }
    for (const clang::FieldDecl *field : record->fields()) {
      chain.push_back(field);
      parts.push_back(build(field->getType(), fieldData(index++)));
      chain.pop_back();
      if (!parts.back())
        return {};
    }
    return ConstructOp::create(builder, loc, converted, parts);
  };
  return build(var->getType(), dataRoot);
}

/// The record bases from `derived` to `base` (empty if they are the same
/// record); false if `base` is not one of its bases.
static bool findBasePath(const clang::CXXRecordDecl *derived,
                         const clang::CXXRecordDecl *base,
                         SmallVectorImpl<unsigned> &path) {
  if (derived->getCanonicalDecl() == base->getCanonicalDecl())
    return true;
  for (auto [i, spec] : llvm::enumerate(derived->bases())) {
    const auto *next = spec.getType()->getAsCXXRecordDecl();
    if (!next)
      continue;
    path.push_back(i);
    if (findBasePath(next, base, path))
      return true;
    path.pop_back();
  }
  return false;
}

/// The address of the base part `path` (base indices, outermost first)
/// leads to from the struct at `addr`: a base is a leading field of its
/// derived struct. Null if a step is not a field.
static Value emitBaseAddress(OpBuilder &builder, Location loc, Value addr,
                             ArrayRef<unsigned> path) {
  for (unsigned index : path) {
    auto ptr = llvm::cast<PointerType>(addr.getType());
    auto st = dyn_cast<StructType>(ptr.getPointee());
    if (!st || index >= st.getNumFields())
      return {};
    addr = FieldAddrOp::create(
        builder, loc,
        PointerType::get(st.getFieldTypes()[index], ptr.getAddressSpace()),
        addr, index);
  }
  return addr;
}

LValue HLSLGenFunction::emitBaseCastLValue(const clang::Expr *expr) {
  const auto *cast = dyn_cast<clang::ExplicitCastExpr>(expr->IgnoreParens());
  if (!cast)
    return {};
  const clang::Expr *operand = cast->getSubExpr()->IgnoreParens();
  const auto *target = cast->getType()->getAsCXXRecordDecl();
  const auto *source = operand->getType()->getAsCXXRecordDecl();
  SmallVector<unsigned> path;
  if (!operand->isGLValue() || !target || !source ||
      module.getTypes().isResourceRecord(operand->getType()) ||
      !findBasePath(source, target, path))
    return {};
  LValue whole = emitLValue(operand);
  if (!whole.addr || whole.isSwizzle())
    return {};
  // A constant buffer's struct stays a copy (its methods take `this` in
  // function memory, and it cannot be assigned).
  if (llvm::cast<PointerType>(whole.addr.getType()).getAddressSpace() ==
      AddressSpace::Constant)
    return {};
  return {
      emitBaseAddress(builder, getLoc(expr->getExprLoc()), whole.addr, path),
      {}};
}

Value HLSLGenFunction::emitResource(const clang::Expr *expr) {
  const clang::Expr *inner = skipLValueWrappers(expr);
  Location loc = getLoc(expr->getExprLoc());
  if (const auto *construct = dyn_cast<clang::CXXConstructExpr>(inner)) {
    if (construct->getNumArgs() == 1)
      return emitResource(construct->getArg(0));
    Type type = convertType(construct->getType(), construct->getExprLoc());
    return type ? Value(UndefOp::create(builder, loc, type)) : Value();
  }
  if (const auto *temp = dyn_cast<clang::MaterializeTemporaryExpr>(inner))
    return emitResource(temp->getSubExpr());
  // A descriptor heap's element taken as a resource (the conversion call);
  // a cast to the same resource type (`(Texture2D)constTex`).
  if (const auto *cast = dyn_cast<clang::CastExpr>(inner);
      cast && (cast->getCastKind() == clang::CK_UserDefinedConversion ||
               cast->getCastKind() == clang::CK_ConstructorConversion ||
               cast->getCastKind() == clang::CK_NoOp))
    return emitResource(cast->getSubExpr());
  if (const auto *call = dyn_cast<clang::CallExpr>(inner))
    return emitCall(call);
  SmallVector<const clang::Expr *> indexExprs;
  if (const GlobalSymbol *symbol = findGlobalResource(*this, inner, indexExprs)) {
    SmallVector<Value> indices;
    for (const clang::Expr *index : indexExprs) {
      Value value = emitIndex(*this, index);
      if (!value)
        return {};
      indices.push_back(value);
    }
    Type type = symbol->type;
    for (size_t i = 0; i < indices.size(); ++i)
      type = cast<ArrayType>(type).getElementType();
    if (!isa<ResourceType>(type)) {
      notSupported(expr, "resource array used as a single resource");
      return {};
    }
    return ResourceHandleOp::create(builder, loc, type, symbol->symbol,
                                    indices);
  }
  // A declared ConstantBuffer<T>/TextureBuffer<T> as a value.
  if (const GlobalSymbol *cbuffer = lookupConstantBuffer(inner)) {
    Type type = convertType(inner->getType(), inner->getExprLoc());
    if (!type)
      return {};
    return ConstantBufferHandleOp::create(builder, loc, type, cbuffer->symbol);
  }
  // `c ? texA : texB`: the handle of the arm taken.
  if (const auto *conditional =
          dyn_cast<clang::AbstractConditionalOperator>(inner)) {
    Type type = convertType(inner->getType(), inner->getExprLoc());
    if (!type)
      return {};
    return emitConditionalBranches(
        conditional, type,
        [&](const clang::Expr *arm) { return emitResource(arm); });
  }
  // Local resources, parameters and elements of local resource arrays.
  if (!inner->isGLValue())
    return notSupported(expr, "this resource expression ('" +
                                  std::string(inner->getStmtClassName()) +
                                  "')");
  LValue lvalue = emitLValue(inner);
  if (!lvalue.addr)
    return {};
  return emitLoad(lvalue, loc);
}

Value HLSLGenFunction::tryEmitResourceSlice(const clang::Expr *expr,
                                            bool allowUnbounded) {
  SmallVector<const clang::Expr *> indexExprs;
  const GlobalSymbol *symbol = findGlobalResource(*this, expr, indexExprs);
  if (!symbol)
    return {};
  SmallVector<Value> indices;
  for (const clang::Expr *index : indexExprs) {
    Value value = emitIndex(*this, index);
    if (!value)
      return {};
    indices.push_back(value);
  }
  Type type = symbol->type;
  for (size_t i = 0; i < indices.size(); ++i)
    type = cast<ArrayType>(type).getElementType();
  auto array = dyn_cast<ArrayType>(type);
  if (!array)
    return {};
  if (array.isUnbounded() && !allowUnbounded) {
    module.errorNotSupported(expr->getExprLoc(),
                             "copying an unbounded resource array");
    return {};
  }
  return ResourceSliceOp::create(builder, getLoc(expr->getExprLoc()), array,
                                 symbol->symbol, indices);
}

const GlobalSymbol *
HLSLGenFunction::lookupConstantBuffer(const clang::Expr *expr) {
  while (true) {
    expr = skipLValueWrappers(expr);
    const auto *cast = dyn_cast<clang::ImplicitCastExpr>(expr);
    if (!cast || (cast->getCastKind() != clang::CK_UncheckedDerivedToBase &&
                  cast->getCastKind() != clang::CK_DerivedToBase))
      break;
    expr = cast->getSubExpr();
  }
  const auto *ref = dyn_cast<clang::DeclRefExpr>(expr);
  if (!ref)
    return nullptr;
  const GlobalSymbol *symbol = module.lookupGlobal(ref->getDecl());
  return symbol && symbol->kind == GlobalSymbol::ConstantBufferVar ? symbol
                                                                   : nullptr;
}

LValue HLSLGenFunction::emitDeclLValue(const clang::ValueDecl *d,
                                       const clang::Expr *expr) {
  Location loc = getLoc(expr->getExprLoc());
  if (Value addr = locals.lookup(d))
    return {addr, {}};
  if (const GlobalSymbol *symbol = module.lookupGlobal(d)) {
    switch (symbol->kind) {
    case GlobalSymbol::Global:
      return {GlobalAddrOp::create(
                  builder, loc, PointerType::get(symbol->type, symbol->space),
                  symbol->symbol),
              {}};
    case GlobalSymbol::ResourceStruct: {
      // A global struct of resources has no memory: its uses read a
      // local copy of its handles (which promotion folds away again).
      Value value = emitResourceStructValue(cast<clang::VarDecl>(d), loc);
      if (!value)
        return {};
      Value copy = createVar(value.getType(), d->getName(), loc);
      StoreOp::create(builder, loc, value, copy);
      resourceStructCopies[copy] = d;
      return {copy, {}};
    }
    case GlobalSymbol::Resource: {
      // A declared resource (or array of them) has no memory either, and a
      // binding is not reassigned: an lvalue (an inout argument) is a local
      // copy of its handles.
      Value value;
      if (isa<ResourceType>(symbol->type))
        value = ResourceHandleOp::create(builder, loc, symbol->type,
                                         symbol->symbol, ValueRange());
      else if (!(value = tryEmitResourceSlice(expr)))
        break;
      Value copy = createVar(value.getType(), d->getName(), loc);
      StoreOp::create(builder, loc, value, copy);
      return {copy, {}};
    }
    case GlobalSymbol::CBufferMember:
      return {
          CBufferAddrOp::create(
              builder, loc,
              PointerType::get(symbol->type, AddressSpace::Constant),
              SymbolRefAttr::get(symbol->cbuffer.getAttr(), {symbol->symbol})),
          {}};
    default:
      break;
    }
  }
  notSupported(expr,
               "reference to '" + d->getNameAsString() + "' as an lvalue");
  return {};
}

LValue HLSLGenFunction::emitLValueOf(const clang::Expr *expr) {
  Location loc = getLoc(expr->getExprLoc());
  if (const auto *paren = dyn_cast<clang::ParenExpr>(expr))
    return emitLValue(paren->getSubExpr());
  if (const auto *cleanups = dyn_cast<clang::ExprWithCleanups>(expr))
    return emitLValue(cleanups->getSubExpr());

  if (const auto *opaque = dyn_cast<clang::OpaqueValueExpr>(expr)) {
    bindInitListOpaqueValue(opaque);
    if (auto it = opaqueLValues.find(opaque); it != opaqueLValues.end())
      return it->second;
    // A value bound once (a vector element of an initializer list) read
    // through an lvalue (a computed component): a copy of it.
    if (Value value = opaqueValues.lookup(opaque))
      return {createTemporary(value, loc), {}};
    if (opaque->getSourceExpr())
      return emitLValue(opaque->getSourceExpr());
  }

  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(expr))
    return emitDeclLValue(ref->getDecl(), expr);

  if (const auto *member = dyn_cast<clang::MemberExpr>(expr)) {
    // A static data member named through an object (`t.M`): the object
    // is not read.
    if (const auto *var = dyn_cast<clang::VarDecl>(member->getMemberDecl()))
      return emitDeclLValue(var, expr);
    const auto *field = dyn_cast<clang::FieldDecl>(member->getMemberDecl());
    if (!field) {
      notSupported(expr, "member that is not a field");
      return {};
    }
    // `CB.F` of a ConstantBuffer<T>: a member of its constant buffer.
    HLSLGenTypes::FieldPlace place = module.getTypes().getFieldPlace(field);
    if (const GlobalSymbol *cb = lookupConstantBuffer(member->getBase())) {
      auto cbuffer = module.getModule().lookupSymbol<CBufferOp>(cb->symbol.getAttr());
      // A bit field is read from the member holding its storage unit.
      std::string fieldName = field->getName().str();
      if (place.bits)
        fieldName = getBitFieldUnitName(place.bits->unit);
      for (auto m : cbuffer.getBody().front().getOps<CBufferMemberOp>())
        if (m.getSymName() == fieldName)
          return {CBufferAddrOp::create(
                      builder, loc,
                      PointerType::get(m.getType(), AddressSpace::Constant),
                      SymbolRefAttr::get(
                          cb->symbol.getAttr(),
                          {FlatSymbolRefAttr::get(m.getSymNameAttr())})),
                  {},
                  place.bits};
      notSupported(expr, "this ConstantBuffer member");
      return {};
    }
    Value base;
    if (member->isArrow()) {
      base = emitRValue(member->getBase());
    } else {
      LValue baseLValue = emitLValue(member->getBase());
      if (baseLValue.isSwizzle() || baseLValue.isBitField()) {
        notSupported(expr, "member of a swizzle");
        return {};
      }
      base = baseLValue.addr;
    }
    if (!base)
      return {};
    auto ptr = cast<PointerType>(base.getType());
    auto st = dyn_cast<StructType>(ptr.getPointee());
    if (!st) {
      notSupported(expr, "member access on a non-struct");
      return {};
    }
    unsigned index = place.index;
    return {FieldAddrOp::create(builder, loc,
                                PointerType::get(st.getFieldTypes()[index],
                                                 ptr.getAddressSpace()),
                                base, index),
            {},
            place.bits};
  }

  if (isa<clang::CXXThisExpr>(expr)) {
    // HLSL's `this` is a reference to the object.
    if (!thisPtr)
      notSupported(expr, "'this' outside of a member function");
    return {thisPtr, {}};
  }

  if (const auto *subscript = dyn_cast<clang::ArraySubscriptExpr>(expr)) {
    LValue base = emitLValue(skipLValueWrappers(subscript->getBase()));
    if (base.isSwizzle()) {
      // Clang flattens `int3(v.xy, 0)` into constant subscripts of the
      // swizzle: pick the swizzled component.
      clang::Expr::EvalResult result;
      auto ptr = cast<PointerType>(base.addr.getType());
      if (!subscript->getIdx()->EvaluateAsInt(result, module.getASTContext()))
        return {emitDynamicSwizzleElementAddr(base, subscript->getIdx(), loc),
                {}};
      if (result.Val.getInt().getZExtValue() >= base.swizzle.size()) {
        module.error(subscript->getIdx()->getExprLoc(),
                     "index " +
                         std::to_string(result.Val.getInt().getZExtValue()) +
                         " is out of range for a swizzle of " +
                         std::to_string(base.swizzle.size()) + " components");
        return {};
      }
      int32_t component = base.swizzle[result.Val.getInt().getZExtValue()];
      if (isa<MatrixType>(ptr.getPointee()))
        return {emitMatrixElementAddr(base.addr, component, loc), {}};
      Value index = arith::ConstantOp::create(
          builder, loc, builder.getI32IntegerAttr(component));
      return {ElementAddrOp::create(
                  builder, loc,
                  PointerType::get(
                      cast<VectorType>(ptr.getPointee()).getElementType(),
                      ptr.getAddressSpace()),
                  base.addr, index),
              {}};
    }
    Value index = emitIndex(*this, subscript->getIdx());
    if (!base.addr || !index)
      return {};
    auto ptr = cast<PointerType>(base.addr.getType());
    Type element;
    if (auto array = dyn_cast<ArrayType>(ptr.getPointee()))
      element = array.getElementType();
    else if (auto vec = dyn_cast<VectorType>(ptr.getPointee())) {
      element = vec.getElementType();
      // Clang checks constant matrix row indices but not vector ones; an
      // out-of-range component is an error, as in DXC.
      clang::Expr::EvalResult constant;
      int64_t size = vec.getNumElements();
      if (subscript->getIdx()->EvaluateAsInt(constant, module.getASTContext())) {
        const llvm::APSInt &value = constant.Val.getInt();
        if (value.isNegative() || value.getActiveBits() > 63 ||
            value.getZExtValue() >= uint64_t(size)) {
          module.error(subscript->getIdx()->getBeginLoc(),
                       "vector index " + llvm::toString(value, 10) +
                           " is out of range for a " + std::to_string(size) +
                           "-element vector");
          return {};
        }
      }
    } else if (auto matrix = dyn_cast<MatrixType>(ptr.getPointee())) {
      element = VectorType::get({matrix.getColumns()}, matrix.getElementType());
    }
    if (!element) {
      notSupported(expr, "subscript of this type");
      return {};
    }
    return {ElementAddrOp::create(
                builder, loc, PointerType::get(element, ptr.getAddressSpace()),
                base.addr, index),
            {}};
  }

  if (const auto *row = dyn_cast<clang::MatrixSingleSubscriptExpr>(expr)) {
    // `m[i]` is row i, a vector of `columns` elements.
    LValue base = emitLValue(row->getBase());
    Value index = emitIndex(*this, row->getRowIdx());
    if (!base.addr || !index)
      return {};
    auto ptr = cast<PointerType>(base.addr.getType());
    auto matrix = cast<MatrixType>(ptr.getPointee());
    return {ElementAddrOp::create(
                builder, loc,
                PointerType::get(VectorType::get({matrix.getColumns()},
                                                 matrix.getElementType()),
                                 ptr.getAddressSpace()),
                base.addr, index),
            {}};
  }

  if (const auto *conditional =
          dyn_cast<clang::AbstractConditionalOperator>(expr)) {
    // `c ? a : b` used as a value of class type: choose the value.
    Value value = emitConditional(conditional);
    if (!value)
      return {};
    return {createTemporary(value, loc), {}};
  }

  if (const auto *subscript = dyn_cast<clang::MatrixSubscriptExpr>(expr)) {
    LValue base = emitLValue(subscript->getBase());
    Value row = emitIndex(*this, subscript->getRowIdx());
    Value column = emitIndex(*this, subscript->getColumnIdx());
    if (!base.addr || !row || !column)
      return {};
    auto ptr = cast<PointerType>(base.addr.getType());
    auto matrix = cast<MatrixType>(ptr.getPointee());
    Value rowAddr = ElementAddrOp::create(
        builder, loc,
        PointerType::get(
            VectorType::get({matrix.getColumns()}, matrix.getElementType()),
            ptr.getAddressSpace()),
        base.addr, row);
    return {ElementAddrOp::create(
                builder, loc,
                PointerType::get(matrix.getElementType(),
                                 ptr.getAddressSpace()),
                rowAddr, column),
            {}};
  }

  if (const auto *swizzle = dyn_cast<clang::ExtVectorElementExpr>(expr)) {
    if (std::optional<LValue> elements = emitMatrixElementSwizzle(swizzle))
      return *elements;
    LValue base;
    const auto *splat = dyn_cast<clang::CastExpr>(swizzle->getBase());
    bool isSplat = splat && splat->getCastKind() == clang::CK_VectorSplat;
    // `f.x = v` on a scalar lvalue (a splat of the loaded scalar in Clang's
    // AST) writes the scalar itself.
    const clang::Expr *splatted = nullptr;
    if (isSplat) {
      splatted = splat->getSubExpr()->IgnoreParens();
      if (const auto *load = dyn_cast<clang::ImplicitCastExpr>(splatted);
          load && load->getCastKind() == clang::CK_LValueToRValue)
        splatted = load->getSubExpr();
      if (!splatted->isGLValue())
        splatted = nullptr;
    }
    if (splatted) {
      base = emitLValue(splatted);
    } else if (swizzle->getBase()->isGLValue() && !isSplat) {
      base = emitLValue(swizzle->getBase());
    } else {
      // A swizzle of a value (`luma.xxx` of a scalar): swizzle a temporary.
      Value value = isSplat ? emitRValue(splat->getSubExpr())
                            : emitRValue(swizzle->getBase());
      if (!value)
        return {};
      if (!isa<VectorType>(value.getType()))
        value = vector::BroadcastOp::create(
            builder, loc, VectorType::get({1}, value.getType()), value);
      base.addr = createTemporary(value, loc);
    }
    if (!base.addr)
      return {};
    SmallVector<uint32_t, 4> indices;
    swizzle->getEncodedElementAccess(indices);
    SmallVector<int32_t, 4> components;
    for (uint32_t index : indices)
      components.push_back(base.isSwizzle() ? base.swizzle[index]
                                            : int32_t(index));
    auto ptr = cast<PointerType>(base.addr.getType());
    if (isa<MatrixType>(ptr.getPointee()) && base.isSwizzle())
      return {base.addr, components};
    if (!isa<VectorType>(ptr.getPointee())) {
      // `f.x` on a scalar is the scalar itself.
      if (llvm::all_of(components, [](int32_t c) { return c == 0; }) &&
          components.size() == 1)
        return base;
      notSupported(expr, "swizzle of a scalar lvalue");
      return {};
    }
    if (components.size() == 1) {
      Value index = arith::ConstantOp::create(
          builder, loc, builder.getI32IntegerAttr(components[0]));
      return {ElementAddrOp::create(
                  builder, loc,
                  PointerType::get(
                      cast<VectorType>(ptr.getPointee()).getElementType(),
                      ptr.getAddressSpace()),
                  base.addr, index),
              {}};
    }
    return {base.addr, components};
  }

  if (const auto *binary = dyn_cast<clang::BinaryOperator>(expr)) {
    if (binary->getOpcode() == clang::BO_Comma) {
      emitStmt(binary->getLHS());
      return emitLValue(binary->getRHS());
    }
    if (binary->isAssignmentOp()) {
      // The assignment's result is its left side, evaluated once.
      LValue result;
      if (const auto *compound = dyn_cast<clang::CompoundAssignOperator>(binary))
        (void)emitCompoundAssign(compound, &result);
      else {
        Value value = emitRValue(binary->getRHS());
        result = emitLValue(binary->getLHS());
        if (value && result.addr)
          emitStore(value, result, loc);
      }
      return result;
    }
  }

  if (const auto *unary = dyn_cast<clang::UnaryOperator>(expr)) {
    if (unary->getOpcode() == clang::UO_PreInc ||
        unary->getOpcode() == clang::UO_PreDec) {
      LValue result;
      (void)emitUnary(unary, &result);
      return result;
    }
    if (unary->getOpcode() == clang::UO_Deref) {
      Value ptr = emitRValue(unary->getSubExpr());
      return {ptr, {}};
    }
  }

  if (const auto *cast = dyn_cast<clang::CastExpr>(expr)) {
    switch (cast->getCastKind()) {
    case clang::CK_NoOp:
    case clang::CK_LValueToRValue:
    case clang::CK_AddressSpaceConversion:
      return emitLValue(cast->getSubExpr());
    case clang::CK_DerivedToBase:
    case clang::CK_UncheckedDerivedToBase: {
      // The T of a ConstantBuffer<T> or TextureBuffer<T> that is not a
      // declared one (an array element, a parameter): T's contents in the
      // bound buffer.
      const clang::Expr *derived = cast->getSubExpr();
      std::optional<ResourceKind> kind =
          module.getTypes().getResourceKind(derived->getType());
      if (kind && isConstantBufferKind(*kind)) {
        Value handle = emitResource(derived);
        if (!handle)
          return {};
        Type contents =
            llvm::cast<ResourceType>(handle.getType()).getElementType();
        return {ConstantBufferAddrOp::create(
                    builder, loc,
                    PointerType::get(contents, AddressSpace::Constant), handle),
                {}};
      }
      LValue base = emitLValue(cast->getSubExpr());
      if (!base.addr)
        return {};
      // The base path: each step is a base of the record the previous step
      // reached.
      SmallVector<unsigned> path;
      const auto *record = cast->getSubExpr()->getType()->getAsCXXRecordDecl();
      for (const clang::CXXBaseSpecifier *spec : cast->path()) {
        unsigned index = 0;
        for (const clang::CXXBaseSpecifier &b : record->bases()) {
          if (b.getType().getCanonicalType() ==
              spec->getType().getCanonicalType())
            break;
          ++index;
        }
        path.push_back(index);
        record = spec->getType()->getAsCXXRecordDecl();
      }
      Value addr = emitBaseAddress(builder, loc, base.addr, path);
      if (!addr) {
        notSupported(expr, "this conversion to a base struct");
        return {};
      }
      return {addr, {}};
    }
    default:
      break;
    }
  }

  // A prvalue used where an lvalue is needed lives in a temporary.
  auto materialize = [&](Value value) -> LValue {
    if (!value)
      return {};
    return {createTemporary(value, loc), {}};
  };
  if (const auto *call = dyn_cast<clang::CallExpr>(expr)) {
    Value result = emitCall(call);
    if (result && isa<PointerType>(result.getType()))
      return {result, {}};
    return materialize(result);
  }
  if (const auto *temp = dyn_cast<clang::MaterializeTemporaryExpr>(expr)) {
    if (temp->getSubExpr()->isGLValue())
      return emitLValue(temp->getSubExpr());
    // `(Base)derived` of an lvalue is, in HLSL, the base part of it (as an
    // assignment's target too: `(Base)d = b;` writes d's base fields);
    // Clang makes it a copy.
    if (LValue base = emitBaseCastLValue(temp->getSubExpr()); base.addr)
      return base;
    return materialize(emitRValue(temp->getSubExpr()));
  }
  if (!expr->isGLValue())
    return materialize(emitRValue(expr));
  if (const auto *cast = dyn_cast<clang::CastExpr>(expr))
    notSupported(expr, std::string("cast '") + cast->getCastKindName() +
                           "' of an lvalue");
  else
    notSupported(expr,
                 std::string("lvalue '") + expr->getStmtClassName() + "'");
  return {};
}
