//===- HLSLGenCall.cpp - calls, out arguments, intrinsics -----------------===//

#include "HLSLGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/TypeUtilities.h"
#include "clang/AST/Attr.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

static bool isIntrinsic(const clang::FunctionDecl *callee) {
  return hasAnnotation(callee, "hlsl.intrinsic");
}

/// Whether `addr` is in memory the shader cannot write: a constant buffer,
/// or an element (or a part of one) of a read-only resource (a method
/// called on `sb[i]` of a StructuredBuffer reads a copy of it).
static bool isReadOnlyAddress(Value addr) {
  if (cast<PointerType>(addr.getType()).getAddressSpace() ==
      AddressSpace::Constant)
    return true;
  while (Operation *op = addr.getDefiningOp()) {
    if (auto element = dyn_cast<ResourceAddrOp>(op))
      return cast<ResourceType>(element.getHandle().getType())
                 .getResourceClass() != ResourceClass::UAV;
    if (!isa<ElementAddrOp, FieldAddrOp>(op))
      return false;
    addr = op->getOperand(0);
  }
  return false;
}

/// Collects the casts between the top of a copy-in/write-back expression and
/// the OpaqueValueExpr it converts, innermost first.
static const clang::OpaqueValueExpr *
collectCastChain(const clang::Expr *expr,
                 SmallVectorImpl<const clang::CastExpr *> &casts) {
  while (true) {
    if (const auto *opaque = dyn_cast<clang::OpaqueValueExpr>(expr)) {
      std::reverse(casts.begin(), casts.end());
      return opaque;
    }
    if (const auto *paren = dyn_cast<clang::ParenExpr>(expr)) {
      expr = paren->getSubExpr();
      continue;
    }
    const auto *cast = dyn_cast<clang::CastExpr>(expr);
    if (!cast)
      return nullptr;
    if (cast->getCastKind() != clang::CK_LValueToRValue &&
        cast->getCastKind() != clang::CK_NoOp)
      casts.push_back(cast);
    expr = cast->getSubExpr();
  }
}

/// Emits a conversion region of an out_arg: one block argument, the cast
/// chain applied to it, a yield of the result.
static LogicalResult emitConversionRegion(HLSLGenFunction &gen, Region &region,
                                          const clang::Expr *chainTop,
                                          Type from, Type to, Location loc) {
  SmallVector<const clang::CastExpr *> casts;
  const clang::OpaqueValueExpr *source = collectCastChain(chainTop, casts);
  if (!source) {
    gen.notSupported(chainTop, "this out-argument conversion");
    return failure();
  }
  OpBuilder::InsertionGuard guard(gen.builder);
  Block *block = gen.builder.createBlock(&region, {}, {from}, {loc});
  Value value = block->getArgument(0);
  for (const clang::CastExpr *cast : casts) {
    Value converted =
        gen.emitConversion(value, cast->getSubExpr()->getType(),
                           cast->getType(), cast->getExprLoc());
    if (cast->getCastKind() == clang::CK_HLSLVectorTruncation ||
        cast->getCastKind() == clang::CK_VectorSplat ||
        cast->getCastKind() == clang::CK_HLSLElementwiseCast) {
      gen.notSupported(cast, "this out-argument conversion");
      return failure();
    }
    if (!converted)
      return failure();
    value = converted;
  }
  // Matrices of other orientations (a row_major argument of a column_major
  // parameter): the same elements.
  value = gen.coerce(value, to, loc);
  if (value.getType() != to) {
    gen.notSupported(chainTop, "out-argument conversion between these types");
    return failure();
  }
  YieldOp::create(gen.builder, loc, value);
  return success();
}

Value HLSLGenFunction::emitOutArg(const clang::HLSLOutArgExpr *arg,
                                  Type paramType, clang::QualType writtenAs) {
  Location loc = getLoc(arg->getExprLoc());
  const clang::OpaqueValueExpr *base = arg->getOpaqueArgLValue();
  LValue lvalue = emitLValue(base->getSourceExpr());
  if (!lvalue.addr)
    return {};
  opaqueLValues[base] = lvalue;
  auto lvaluePtr = cast<PointerType>(lvalue.addr.getType());
  if (lvaluePtr.getAddressSpace() == AddressSpace::Constant) {
    module.error(arg->getExprLoc(),
                 "cannot pass a constant buffer member as an out argument");
    return {};
  }
  Type lvalueType = lvaluePtr.getPointee();
  if (lvalue.isBitField()) {
    module.errorNotSupported(arg->getExprLoc(),
                             "a bit field as an out or inout argument");
    return {};
  }
  if (lvalue.isSwizzle()) {
    // A vector's components or, for members spanning rows (`m._m01_m10`),
    // a matrix's elements.
    Type element = isa<MatrixType>(lvalueType)
                       ? cast<MatrixType>(lvalueType).getElementType()
                       : cast<VectorType>(lvalueType).getElementType();
    lvalueType = lvalue.swizzle.size() == 1
                     ? element
                     : VectorType::get({int64_t(lvalue.swizzle.size())}, element);
  }
  auto direction = arg->isInOut() ? ParamDirection::InOut : ParamDirection::Out;
  auto op = OutArgOp::create(
      builder, loc, PointerType::get(paramType),
      ParamDirectionAttr::get(builder.getContext(), direction), lvalue.addr,
      lvalue.isSwizzle() ? builder.getDenseI32ArrayAttr(lvalue.swizzle)
                         : DenseI32ArrayAttr());
  if (!writtenAs.isNull() && !arg->isInOut()) {
    if (lvalueType == paramType)
      return op;
    // The callee writes a `writtenAs`, which converts to the argument.
    OpBuilder::InsertionGuard guard(builder);
    Block *block =
        builder.createBlock(&op.getWriteBack(), {}, {paramType}, {loc});
    Value converted =
        emitConversion(block->getArgument(0), writtenAs,
                       arg->getOpaqueArgLValue()->getType(), arg->getExprLoc());
    if (!converted)
      return {};
    converted = coerce(converted, lvalueType, loc);
    if (converted.getType() != lvalueType)
      return notSupported(arg, "out-argument conversion between these types");
    YieldOp::create(builder, loc, converted);
    return op;
  }
  if (lvalueType != paramType) {
    if (arg->isInOut() &&
        failed(emitConversionRegion(*this, op.getCopyIn(),
                                    arg->getCastedTemporary()->getSourceExpr(),
                                    lvalueType, paramType, loc)))
      return {};
    const auto *writeback =
        dyn_cast<clang::BinaryOperator>(arg->getWritebackCast());
    if (!writeback ||
        failed(emitConversionRegion(*this, op.getWriteBack(),
                                    writeback->getRHS(), paramType, lvalueType,
                                    loc)))
      return {};
  }
  return op;
}

/// The argument of a groupshared parameter: the caller's groupshared
/// variable (or element) itself, of the parameter's type; null after an
/// error.
static Value emitGroupSharedArg(HLSLGenFunction &gen,
                                const clang::HLSLOutArgExpr *arg,
                                const clang::ParmVarDecl *param,
                                Type paramType) {
  LValue lvalue = gen.emitLValue(arg->getOpaqueArgLValue()->getSourceExpr());
  if (!lvalue.addr)
    return {};
  auto space = cast<PointerType>(lvalue.addr.getType()).getAddressSpace();
  if (space != AddressSpace::GroupShared || lvalue.isSwizzle() ||
      lvalue.isBitField() || lvalue.addr.getType() != paramType) {
    gen.module.error(arg->getExprLoc(),
                     "the argument of groupshared parameter '" +
                         param->getName().str() +
                         "' must be a groupshared variable (or element) "
                         "of its type");
    return {};
  }
  return lvalue.addr;
}

/// Arguments of a call: out temporaries, by-value copies of arrays.
static LogicalResult emitArgs(HLSLGenFunction &gen,
                              const clang::FunctionDecl *callee,
                              ArrayRef<const clang::Expr *> args,
                              ArrayRef<Type> paramTypes,
                              SmallVectorImpl<Value> &values) {
  for (auto [i, arg] : llvm::enumerate(args)) {
    Type paramType = i < paramTypes.size() ? paramTypes[i] : Type();
    Value value;
    const clang::ParmVarDecl *param = callee && i < callee->getNumParams()
                                          ? callee->getParamDecl(i)
                                          : nullptr;
    if (const auto *outArg = dyn_cast<clang::HLSLOutArgExpr>(arg);
        outArg && param && HLSLGenModule::isGroupSharedParameter(param)) {
      value = emitGroupSharedArg(gen, outArg, param, paramType);
      if (!value)
        return failure();
    } else if (outArg) {
      auto ptr = dyn_cast_or_null<PointerType>(paramType);
      Type pointee = ptr ? ptr.getPointee()
                         : gen.convertType(outArg->getType(),
                                           outArg->getExprLoc());
      if (!pointee)
        return failure();
      value = gen.emitOutArg(outArg, pointee);
    } else if (auto unsized = dyn_cast_or_null<ArrayType>(paramType);
               unsized && unsized.isUnbounded()) {
      // A sized array passed to `float a[]` is copied like any array
      // argument (Clang shows it decayed to a pointer).
      const clang::Expr *array = arg->IgnoreParens();
      if (const auto *decay = dyn_cast<clang::ImplicitCastExpr>(array);
          decay && decay->getCastKind() == clang::CK_ArrayToPointerDecay)
        array = decay->getSubExpr();
      // A global resource array is passed as its slice, of any size: the
      // callee only indexes it.
      value = gen.tryEmitResourceSlice(array, /*allowUnbounded=*/true);
      if (!value)
        value = gen.emitRValue(array);
      auto sized = value ? dyn_cast<ArrayType>(value.getType()) : ArrayType();
      if (value && !sized) {
        gen.notSupported(arg, "this argument for an unsized array parameter");
        return failure();
      }
      if (value && !sized.isUnbounded())
        value = ArrayCastOp::create(gen.builder, gen.getLoc(arg->getExprLoc()),
                                    unsized, value);
    } else {
      value = gen.emitRValue(arg);
      if (value && paramType && value.getType() != paramType) {
        auto from = dyn_cast<ArrayType>(value.getType());
        auto to = dyn_cast<ArrayType>(paramType);
        if (from && to && to.isUnbounded() && !from.isUnbounded())
          value = ArrayCastOp::create(gen.builder,
                                      gen.getLoc(arg->getExprLoc()), to, value);
        else if (isa<MatrixType>(paramType) || isa<ArrayType>(paramType) ||
                 isa<StructType>(paramType))
          value = gen.coerce(value, paramType, gen.getLoc(arg->getExprLoc()));
        if (from && to && from.isUnbounded() && !to.isUnbounded()) {
          gen.module.error(arg->getExprLoc(),
                           "cannot convert an unsized array to a sized array "
                           "parameter");
          return failure();
        }
      }
    }
    if (!value)
      return failure();
    values.push_back(value);
  }
  return success();
}

/// `ResourceDescriptorHeap[i]` (or the sampler heap's) taken as the resource
/// type of the conversion `expr` of the descriptor `object`.
Value HLSLGenFunction::emitHeapDescriptor(const clang::CallExpr *expr,
                                          const clang::Expr *object) {
  Location loc = getLoc(expr->getExprLoc());
  Type type = convertType(expr->getType(), expr->getExprLoc());
  if (!type)
    return {};
  auto resource = dyn_cast<ResourceType>(type);
  if (!resource) {
    module.error(expr->getExprLoc(),
                 "a descriptor heap holds resources, not '" +
                     expr->getType().getAsString(
                         module.getASTContext().getPrintingPolicy()) +
                     "'");
    return {};
  }
  bool isSampler = object->getType()->getAsCXXRecordDecl()->getName() ==
                   "__hlsl_sampler_heap_descriptor";
  ResourceKind kind = resource.getKind();
  if (isSampler != (kind == ResourceKind::SamplerState ||
                    kind == ResourceKind::SamplerComparisonState)) {
    module.error(expr->getExprLoc(),
                 isSampler ? "SamplerDescriptorHeap holds samplers only"
                           : "samplers come from SamplerDescriptorHeap, not "
                             "ResourceDescriptorHeap");
    return {};
  }
  Value descriptor = emitRValue(object);
  if (!descriptor)
    return {};
  Value index =
      FieldExtractOp::create(builder, loc, builder.getI32Type(), descriptor,
                             builder.getI32IntegerAttr(0));
  // (An index from NonUniformResourceIndex is found by the lowering, which
  // sees through the conversions of the index.)
  return HeapHandleOp::create(builder, loc, resource, isSampler, index,
                              /*nonuniform=*/false);
}

Value HLSLGenFunction::emitCall(const clang::CallExpr *expr) {
  Location loc = getLoc(expr->getExprLoc());
  const clang::FunctionDecl *callee = expr->getDirectCallee();
  if (!callee)
    return notSupported(expr, "indirect calls");

  const auto *method = dyn_cast<clang::CXXMethodDecl>(callee);
  const clang::Expr *object = nullptr;
  ArrayRef<const clang::Expr *> args(expr->getArgs(), expr->getNumArgs());
  if (const auto *memberCall = dyn_cast<clang::CXXMemberCallExpr>(expr)) {
    object = memberCall->getImplicitObjectArgument();
  } else if (method && isa<clang::CXXOperatorCallExpr>(expr) &&
             method->isInstance()) {
    object = expr->getArg(0);
    args = args.drop_front();
  }
  if (method && object &&
      module.getTypes().isResourceRecord(
          module.getASTContext().getCanonicalTagType(method->getParent())))
    return emitResourceMethod(expr, method, object);
  if (method && method->getOverloadedOperator() == clang::OO_Subscript &&
      args.size() == 1 &&
      llvm::is_contained(
          {"__hlsl_resource_descriptor_heap", "__hlsl_sampler_descriptor_heap"},
          method->getParent()->getName())) {
    // `ResourceDescriptorHeap[i]`: the descriptor of index i.
    Type type = convertType(expr->getType(), expr->getExprLoc());
    Value index = emitRValue(args[0]);
    if (!type || !index)
      return {};
    return ConstructOp::create(builder, loc, type, ValueRange{index});
  }
  if (isa_and_nonnull<clang::CXXConversionDecl>(method) && object &&
      llvm::is_contained(
          {"__hlsl_heap_descriptor", "__hlsl_sampler_heap_descriptor"},
          method->getParent()->getName()))
    return emitHeapDescriptor(expr, object);
  // The hull, domain and geometry stages' types (declared so that their
  // helpers parse next to other entry points).
  if (method && llvm::is_contained({"InputPatch", "OutputPatch", "PointStream",
                                    "LineStream", "TriangleStream"},
                                   method->getParent()->getName()))
    return notSupported(expr, "'" + method->getParent()->getName().str() +
                                  "' (the hull, domain and geometry stages)");
  if (std::optional<StringRef> feature = getUnsupportedFeature(callee))
    return notSupported(expr, "'" + callee->getName().str() + "' (" +
                                  feature->str() + ")");
  if (isIntrinsic(callee) && callee->getName().starts_with("__hlsl_operator_"))
    return emitOperatorCall(
        expr, callee->getName().drop_front(strlen("__hlsl_operator_")));
  // Clang's constant builtins (`__builtin_inff()`, which DXC's `1.#INF`
  // literal becomes, SourceRewrites.h): their value.
  if (callee->getBuiltinID() && expr->getType()->isRealFloatingType()) {
    clang::Expr::EvalResult result;
    if (expr->EvaluateAsRValue(result, module.getASTContext()) &&
        result.Val.isFloat()) {
      Type type = convertType(expr->getType(), expr->getExprLoc());
      if (!type)
        return {};
      return emitFloatConstant(type, result.Val.getFloat(), loc);
    }
  }
  if (isIntrinsic(callee) || callee->getBuiltinID())
    return emitIntrinsic(expr, callee, Value());
  if (method && object &&
      (method->isCopyAssignmentOperator() ||
       method->isMoveAssignmentOperator()) &&
      (method->isTrivial() || method->isDefaulted()) && args.size() == 1) {
    // Struct assignment, from an lvalue (copy) or a prvalue such as a call
    // result (move): a plain copy of the value.
    Value value = emitRValue(args[0]);
    LValue self = emitLValue(object);
    if (!value || !self.addr)
      return {};
    emitStore(value, self, loc);
    return self.addr;
  }

  if (std::optional<Value> inPlace =
          emitLiteralFallbackInPlace(expr, callee, args))
    return *inPlace;
  func::FuncOp func = module.getOrCreateFunction(callee, expr->getExprLoc());
  if (!func)
    return {};
  SmallVector<Value> values;
  ArrayRef<Type> paramTypes = func.getArgumentTypes();
  // An object in other memory than a function's (a static or groupshared
  // global, a UAV element) is passed as a copy, written back after the
  // call: methods take `this` in function memory. (A constant buffer's is
  // not written back: its memory is read-only.)
  LValue copiedSelf;
  Value selfCopy;
  if (method && method->isInstance()) {
    if (!object)
      return notSupported(expr, "this member call");
    LValue self = emitLValue(object);
    if (!self.addr)
      return {};
    Value selfAddr = self.addr;
    auto selfType = dyn_cast<PointerType>(selfAddr.getType());
    if (selfType && !paramTypes.empty() && paramTypes.front() != selfType &&
        !self.isSwizzle() &&
        (selfType.getAddressSpace() == AddressSpace::Static ||
         selfType.getAddressSpace() == AddressSpace::GroupShared ||
         selfType.getAddressSpace() == AddressSpace::Device ||
         selfType.getAddressSpace() == AddressSpace::Constant)) {
      selfCopy = createVar(selfType.getPointee(), "", loc);
      StoreOp::create(builder, loc, LoadOp::create(builder, loc, selfAddr),
                      selfCopy);
      copiedSelf = self;
      selfAddr = selfCopy;
    }
    values.push_back(selfAddr);
    paramTypes = paramTypes.drop_front();
  }
  if (failed(emitArgs(*this, callee, args, paramTypes, values)))
    return {};
  if (values.size() != func.getNumArguments())
    return notSupported(expr, "calls with default or variadic arguments");
  auto call = func::CallOp::create(builder, loc, func, values);
  if (selfCopy && !method->isConst() && !isReadOnlyAddress(copiedSelf.addr))
    StoreOp::create(builder, loc, LoadOp::create(builder, loc, selfCopy),
                    copiedSelf.addr);
  return call.getNumResults() ? call.getResult(0) : Value();
}

/// Whether default-initializing `record` leaves every member undefined:
/// no constructor of its own or of a member or base does anything, and no
/// member has an initializer. Resources count as leaving their handle
/// undefined (local resources start unassigned).
static bool isDefaultInitializationNoOp(HLSLGenTypes &types,
                                        clang::QualType type) {
  while (const clang::ArrayType *array = type->getAsArrayTypeUnsafe())
    type = array->getElementType();
  const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition() || types.isResourceRecord(type))
    return true;
  if (record->hasInClassInitializer() ||
      record->hasUserProvidedDefaultConstructor())
    return false;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (!isDefaultInitializationNoOp(types, base.getType()))
      return false;
  for (const clang::FieldDecl *field : record->fields())
    if (!isDefaultInitializationNoOp(types, field->getType()))
      return false;
  return true;
}

Value HLSLGenFunction::emitConstruct(const clang::CXXConstructExpr *expr) {
  Location loc = getLoc(expr->getExprLoc());
  if (module.getTypes().isResourceRecord(expr->getType()))
    return emitResource(expr);
  const clang::CXXConstructorDecl *ctor = expr->getConstructor();
  if (expr->getNumArgs() == 1)
    if (const GlobalSymbol *cb = lookupConstantBuffer(expr->getArg(0))) {
      // A copy of a whole ConstantBuffer<T>: read every member.
      Type type = convertType(expr->getType(), expr->getExprLoc());
      auto cbuffer =
          module.getModule().lookupSymbol<CBufferOp>(cb->symbol.getAttr());
      SmallVector<Value> fields;
      for (auto member : cbuffer.getBody().front().getOps<CBufferMemberOp>()) {
        Value addr = CBufferAddrOp::create(
            builder, loc,
            PointerType::get(member.getType(), AddressSpace::Constant),
            SymbolRefAttr::get(cb->symbol.getAttr(),
                               {FlatSymbolRefAttr::get(member.getSymNameAttr())}));
        fields.push_back(LoadOp::create(builder, loc, addr));
      }
      if (!type)
        return {};
      return coerce(ConstructOp::create(builder, loc, type, fields), type, loc);
    }
  if ((ctor->isCopyOrMoveConstructor() || ctor->isConvertingConstructor(false)) &&
      expr->getNumArgs() == 1)
    return emitRValue(expr->getArg(0));
  // Default-constructed local resource arrays (and structs holding
  // resources) hold no handle yet: reading an element before assigning it
  // is diagnosed by the resource lowering.
  if (ctor->isDefaultConstructor() &&
      (ctor->isTrivial() ||
       module.getTypes().isResourceOrArray(expr->getType()) ||
       (!ctor->isUserProvided() &&
        isDefaultInitializationNoOp(module.getTypes(), expr->getType())))) {
    Type type = convertType(expr->getType(), expr->getExprLoc());
    return type ? Value(UndefOp::create(builder, loc, type)) : Value();
  }
  if (ctor->isDefaultConstructor() && !ctor->isUserProvided())
    return emitDefaultInitialization(expr->getType(), expr->getExprLoc());
  return notSupported(expr, "user-defined constructors");
}

Value HLSLGenFunction::emitDefaultInitialization(clang::QualType type,
                                                 clang::SourceLocation loc) {
  Type converted = convertType(type, loc);
  if (!converted)
    return {};
  if (isDefaultInitializationNoOp(module.getTypes(), type))
    return UndefOp::create(builder, getLoc(loc), converted);
  if (const auto *array = module.getASTContext().getAsConstantArrayType(type)) {
    SmallVector<Value> elements;
    for (uint64_t i = 0, e = array->getSize().getZExtValue(); i < e; ++i) {
      elements.push_back(
          emitDefaultInitialization(array->getElementType(), loc));
      if (!elements.back())
        return {};
    }
    return ConstructOp::create(builder, getLoc(loc), converted, elements);
  }
  const clang::CXXRecordDecl *record = type->getAsCXXRecordDecl();
  auto structType = dyn_cast<StructType>(converted);
  if (!record || !structType) {
    module.errorNotSupported(loc, "default initialization of '" +
                                      type.getAsString() + "'");
    return {};
  }
  SmallVector<Value> fields;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    fields.push_back(emitDefaultInitialization(base.getType(), loc));
  for (const clang::FieldDecl *field : record->fields()) {
    if (field->isUnnamedBitField())
      continue;
    if (!field->hasInClassInitializer()) {
      fields.push_back(emitDefaultInitialization(field->getType(), loc));
      continue;
    }
    const clang::Expr *init = field->getInClassInitializer();
    Block *block = builder.getInsertionBlock();
    Block::iterator start = builder.getInsertionPoint();
    bool atStart = start == block->begin();
    Operation *previous = atStart ? nullptr : &*std::prev(start);
    fields.push_back(emitRValue(init));
    // The prelude's initializers (a RayQuery's allocation) are reported at
    // the declaration they initialize.
    if (module.isInPrelude(init->getExprLoc()) &&
        builder.getInsertionBlock() == block)
      for (Operation &op : llvm::make_range(
               atStart ? block->begin() : std::next(previous->getIterator()),
               builder.getInsertionPoint()))
        op.setLoc(getLoc(loc));
  }
  if (hasBitFields(record)) {
    if (llvm::is_contained(fields, Value()))
      return {};
    return emitRecordValue(record, structType, fields, getLoc(loc));
  }
  for (auto [value, fieldType] :
       llvm::zip_equal(fields, structType.getFieldTypes())) {
    if (!value)
      return {};
    value = coerce(value, fieldType, getLoc(loc));
  }
  return ConstructOp::create(builder, getLoc(loc), converted, fields);
}

Value HLSLGenFunction::emitResourceMethod(const clang::CallExpr *expr,
                                          const clang::CXXMethodDecl *method,
                                          const clang::Expr *object) {
  Location loc = getLoc(expr->getExprLoc());
  if (method->isCopyAssignmentOperator() || method->isMoveAssignmentOperator()) {
    // `Arr[0] = Y`: resources are handles, assignment copies the handle.
    Value value = emitResource(expr->getArg(expr->getNumArgs() - 1));
    LValue self = emitLValue(object);
    if (!value || !self.addr)
      return {};
    emitStore(value, self, loc);
    return self.addr;
  }
  Value handle = emitResource(object);
  if (!handle)
    return {};
  auto resource = dyn_cast<ResourceType>(handle.getType());
  if (!resource)
    return notSupported(expr, "method call on this resource");
  if (method->getOverloadedOperator() == clang::OO_Subscript) {
    const clang::Expr *indexExpr = expr->getArg(expr->getNumArgs() - 1);
    Value index = emitRValue(indexExpr);
    if (!index)
      return {};
    unsigned rank = getSubscriptRank(resource.getKind());
    Type i32 = builder.getI32Type();
    Type indexType = rank == 1 ? i32 : Type(VectorType::get({rank}, i32));
    if (rank == 0)
      return notSupported(expr, "subscript of this resource");
    if (index.getType() != indexType)
      index = emitConversion(index, indexExpr->getType(),
                             rank == 1 ? module.getASTContext().UnsignedIntTy
                                       : module.getASTContext().getExtVectorType(
                                             module.getASTContext().UnsignedIntTy,
                                             rank),
                             indexExpr->getExprLoc());
    if (!index || index.getType() != indexType)
      return notSupported(indexExpr, "resource index of this type");
    return ResourceAddrOp::create(
        builder, loc,
        PointerType::get(resource.getValueType(), AddressSpace::Device), handle,
        index);
  }
  if (method->getName() == "__hlsl_sample_ref" && expr->getNumArgs() == 2) {
    // `t.sample[s][pos]` of a RWTexture2DMS*: the element of sample s, an
    // address whose index has the sample after the location.
    unsigned rank = getSubscriptRank(resource.getKind());
    if (!isMultisampled(resource.getKind()) || rank == 0)
      return notSupported(expr, "sample access of this resource");
    clang::ASTContext &context = module.getASTContext();
    Value pos = emitRValue(expr->getArg(0));
    Value sample = emitRValue(expr->getArg(1));
    if (!pos || !sample)
      return {};
    pos = emitConversion(pos, expr->getArg(0)->getType(),
                         context.getExtVectorType(context.UnsignedIntTy, rank),
                         expr->getArg(0)->getExprLoc());
    sample =
        emitConversion(sample, expr->getArg(1)->getType(),
                       context.UnsignedIntTy, expr->getArg(1)->getExprLoc());
    if (!pos || !sample)
      return {};
    SmallVector<Value> components;
    for (unsigned i = 0; i < rank; ++i)
      components.push_back(vector::ExtractOp::create(builder, loc, pos, i));
    components.push_back(sample);
    Value index = vector::FromElementsOp::create(
        builder, loc, VectorType::get({rank + 1}, builder.getI32Type()),
        components);
    return ResourceAddrOp::create(
        builder, loc,
        PointerType::get(resource.getValueType(), AddressSpace::Device), handle,
        index);
  }
  if (method->getName() == "GatherRaw") {
    // GatherRaw returns texels' bits: textures of one 16-, 32- or 64-bit
    // unsigned integer (DXC's rule).
    clang::QualType element = method->getReturnType();
    if (const auto *vector = element->getAs<clang::ExtVectorType>())
      element = vector->getElementType();
    element = element.getCanonicalType();
    clang::ASTContext &context = module.getASTContext();
    const auto *record = method->getParent();
    const auto *specialization =
        dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
    clang::QualType texel =
        specialization && specialization->getTemplateArgs().size() > 0
            ? specialization->getTemplateArgs()[0].getAsType()
            : clang::QualType();
    unsigned width =
        element->isIntegerType() ? context.getTypeSize(element) : 0;
    if (texel.isNull() || !texel.getCanonicalType()->isUnsignedIntegerType() ||
        (width != 16 && width != 32 && width != 64)) {
      module.error(expr->getExprLoc(),
                   "GatherRaw reads textures of one 16-, 32- or 64-bit "
                   "unsigned integer, not '" +
                       (texel.isNull()
                            ? std::string("?")
                            : texel.getAsString(context.getPrintingPolicy())) +
                       "'");
      return {};
    }
  }
  return emitIntrinsic(expr, method, handle);
}

/// Element type of a value, for choosing float or integer operations.
static bool isFloatValue(Value value) {
  Type type = value.getType();
  if (auto vec = dyn_cast<VectorType>(type))
    type = vec.getElementType();
  if (auto matrix = dyn_cast<MatrixType>(type))
    type = matrix.getElementType();
  return isa<FloatType>(type);
}

/// Whether `dest` is a component of an element of a typed resource whose
/// elements are vectors (`buf[i].y` of a RWBuffer<uint4>): typed UAV
/// atomics operate on 32-bit single-component formats only.
static bool isComponentOfTypedVectorElement(HLSLGenTypes &types,
                                            const clang::Expr *dest) {
  const clang::Expr *e = dest->IgnoreParenImpCasts();
  while (true) {
    if (const auto *component = dyn_cast<clang::ExtVectorElementExpr>(e))
      e = component->getBase()->IgnoreParenImpCasts();
    else if (const auto *subscript = dyn_cast<clang::ArraySubscriptExpr>(e);
             subscript && subscript->getBase()->getType()->isVectorType())
      e = subscript->getBase()->IgnoreParenImpCasts();
    else
      break;
  }
  const auto *element = dyn_cast<clang::CXXOperatorCallExpr>(e);
  if (!element || element->getOperator() != clang::OO_Subscript ||
      element->getNumArgs() == 0)
    return false;
  clang::QualType resource = element->getArg(0)->getType();
  std::optional<ResourceKind> kind = types.getResourceKind(resource);
  if (!kind || !isTypedResource(*kind))
    return false;
  const auto *spec = dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
      resource.getCanonicalType()->getAsCXXRecordDecl());
  return spec && spec->getTemplateArgs().size() != 0 &&
         spec->getTemplateArgs()[0].getKind() ==
             clang::TemplateArgument::Type &&
         spec->getTemplateArgs()[0].getAsType()->isVectorType();
}

/// Whether an atomic may take a value of `type`: a scalar integer, float or
/// bool (which DXC converts to the operation's type).
static bool isAtomicOperandType(clang::QualType type) {
  type = type.getNonReferenceType().getCanonicalType();
  return type->isIntegerType() || type->isRealFloatingType() ||
         type->isBooleanType();
}

Value HLSLGenFunction::atomicOperandError(const clang::Expr *arg,
                                          StringRef name,
                                          clang::QualType type) {
  module.error(
      arg->getExprLoc(),
      "an operand of " + name.str() +
          " must be a scalar integer or float, not '" +
          type.getAsString(module.getASTContext().getPrintingPolicy()) + "'");
  return {};
}

clang::QualType HLSLGenFunction::getAtomicOperandType(
    StringRef name, ArrayRef<const clang::Expr *> argExprs, Value object) {
  clang::ASTContext &context = module.getASTContext();
  if (!object)
    return argExprs[0]->getType().getNonReferenceType().getUnqualifiedType();
  // RWByteAddressBuffer: the float forms, the *64 forms, and 32-bit ones
  // whose Min/Max take the signedness of their value.
  if (name.contains("Float"))
    return context.FloatTy;
  bool isSigned = argExprs.size() > 1 &&
                  (name == "InterlockedMin" || name == "InterlockedMax" ||
                   name == "InterlockedMin64" || name == "InterlockedMax64") &&
                  this->isSigned(argExprs[1]->getType());
  return context.getIntTypeForBitwidth(name.ends_with("64") ? 64 : 32,
                                       isSigned);
}

/// The type argument of `buf.Load<T>(...)` as written (`float3x2` or a
/// typedef, not Clang's canonical `matrix<float, 3, 2>`), or null.
static clang::QualType getWrittenLoadType(const clang::CallExpr *expr) {
  const auto *member =
      dyn_cast<clang::MemberExpr>(expr->getCallee()->IgnoreParenImpCasts());
  if (!member || member->getNumTemplateArgs() != 1)
    return {};
  const clang::TypeSourceInfo *info =
      member->getTemplateArgs()[0].getTypeSourceInfo();
  return info ? info->getType() : clang::QualType();
}

/// A byte-address buffer's `Load<M>` of a matrix: its order is the one a
/// typedef gives M (`typedef row_major float3x2 M;`; Clang's template
/// argument is the canonical type). A column_major one is read column after
/// column, as Store<T> writes it and as Clang reads it; DXC reads every
/// matrix of a byte-address buffer row after row whatever its orientation,
/// so data laid out for DXC's code comes out transposed: say so where it
/// happens.
Type HLSLGenFunction::getRawLoadMatrixType(const clang::CallExpr *expr,
                                           Value object, Type resultType) {
  auto resource = dyn_cast<ResourceType>(object.getType());
  auto matrix = dyn_cast_or_null<MatrixType>(resultType);
  if (!resource || !isByteAddressBuffer(resource.getKind()) || !matrix)
    return resultType;
  clang::QualType written = getWrittenLoadType(expr);
  if (std::optional<MatrixOrder> order = module.getTypedefMatrixOrder(written))
    matrix = cast<MatrixType>(withMatrixOrder(matrix, *order));
  if (matrix.isRowMajor() || matrix.getRows() < 2 || matrix.getColumns() < 2)
    return matrix;
  std::string type;
  llvm::raw_string_ostream os(type);
  (written.isNull() ? expr->getType() : written)
      .print(os, module.getASTContext().getPrintingPolicy());
  module.warning(expr->getExprLoc(),
                 "Load<" + type +
                     "> reads the matrix column after column (column_major, "
                     "as Store writes it); DXC reads it row after row: -Zpr "
                     "or a row_major typedef makes both read rows");
  return matrix;
}

Value HLSLGenFunction::emitIntrinsic(const clang::CallExpr *expr,
                                     const clang::FunctionDecl *callee,
                                     Value object) {
  Location loc = getLoc(expr->getExprLoc());
  StringRef name = callee->getName();
  name.consume_front("__hlsl_");
  Type resultType;
  if (!expr->getType()->isVoidType()) {
    resultType = convertType(expr->getType(), expr->getExprLoc());
    if (!resultType)
      return {};
  }
  ArrayRef<const clang::Expr *> argExprs(expr->getArgs(), expr->getNumArgs());
  if (isa<clang::CXXOperatorCallExpr>(expr) && object)
    argExprs = argExprs.drop_front();
  if (name == "Load" && object)
    resultType = getRawLoadMatrixType(expr, object, resultType);
  SmallVector<Value> args;
  if (object)
    args.push_back(object);
  bool isAtomic = name.starts_with("Interlocked");
  // The type an atomic operates on: its destination's (free functions), or
  // for a byte-address buffer's methods the one its name and value imply.
  clang::QualType atomicType;
  if (isAtomic && !argExprs.empty())
    atomicType = getAtomicOperandType(name, argExprs, object);
  for (auto [i, arg] : llvm::enumerate(argExprs)) {
    Value value;
    if (const auto *outArg = dyn_cast<clang::HLSLOutArgExpr>(arg)) {
      if (isAtomic && i == 0) {
        // Atomics operate on the destination itself, not on a copy.
        const clang::Expr *destExpr =
            outArg->getOpaqueArgLValue()->getSourceExpr();
        if (isComponentOfTypedVectorElement(module.getTypes(), destExpr)) {
          module.error(arg->getExprLoc(),
                       "typed resources used in atomic operations must have "
                       "a scalar element type (" +
                           name.str() + " on a component of a vector element)");
          return {};
        }
        LValue dest = emitLValue(destExpr);
        if (!dest.addr || dest.isSwizzle() || dest.isBitField())
          return dest.addr ? notSupported(arg, dest.isBitField()
                                                   ? "atomic on a bit field"
                                                   : "atomic on a swizzle")
                           : Value();
        auto space = cast<PointerType>(dest.addr.getType()).getAddressSpace();
        if (space != AddressSpace::GroupShared &&
            space != AddressSpace::Device) {
          module.error(arg->getExprLoc(),
                       "the destination of " + name.str() +
                           " must be groupshared memory or a UAV element");
          return {};
        }
        value = dest.addr;
      } else {
        if (!atomicType.isNull()) {
          // The original value: of the operation's type, converted to the
          // argument's on the way back.
          if (!isAtomicOperandType(outArg->getType()))
            return atomicOperandError(arg, name, outArg->getType());
          Type operation = convertType(atomicType, arg->getExprLoc());
          if (!operation)
            return {};
          value = emitOutArg(outArg, operation, atomicType);
        } else {
          Type pointee = convertType(outArg->getType(), outArg->getExprLoc());
          if (!pointee)
            return {};
          value = emitOutArg(outArg, pointee);
        }
      }
    } else {
      // Barrier's flags are immediates in DXIL: constant expressions (of
      // the prelude's static const flags) are emitted as constants.
      clang::Expr::EvalResult constant;
      if (name == "Barrier" && arg->getType()->isIntegerType() &&
          arg->EvaluateAsInt(constant, module.getASTContext())) {
        Type type = convertType(arg->getType(), arg->getExprLoc());
        if (!type)
          return {};
        args.push_back(arith::ConstantOp::create(
            builder, getLoc(arg->getExprLoc()),
            builder.getIntegerAttr(type, constant.Val.getInt().getExtValue())));
        continue;
      }
      // `buf.Store(offset, array)`: Store<T> deduces a decayed pointer for
      // T; the array is stored whole, by value, as DXC stores it.
      const clang::Expr *valueExpr = arg;
      if (const auto *decay =
              dyn_cast<clang::ImplicitCastExpr>(arg->IgnoreParens());
          decay && object && name == "Store" &&
          decay->getCastKind() == clang::CK_ArrayToPointerDecay)
        valueExpr = decay->getSubExpr();
      value = emitRValue(valueExpr);
      // The operands of an atomic take the operation's type (the prelude
      // declares them for every scalar type, so that the destination alone
      // chooses the overload, as in DXC); a byte-address buffer's offset
      // stays.
      if (value && !atomicType.isNull() && !(object && i == 0)) {
        if (!isAtomicOperandType(arg->getType()))
          return atomicOperandError(arg, name, arg->getType());
        value = emitConversion(value, arg->getType(), atomicType,
                               arg->getExprLoc());
      }
    }
    if (!value)
      return {};
    args.push_back(value);
  }
  // Elementwise primitives are lowered on scalars and vectors: matrix
  // operands take part through their flat row-major vectors, and a matrix
  // result is rebuilt from the flat result. Resource methods (a matrix
  // stored to a buffer has a memory order) are not elementwise.
  bool hasMatrixOperand = llvm::any_of(
      args, [](Value arg) { return isa<MatrixType>(arg.getType()); });
  MatrixType matrixResult;
  // Buffer methods store and load matrices whole, in their memory order.
  bool wholeValues = object && (name == "Store" || name == "Load" ||
                                name == "Append" || name == "Consume");
  if (hasMatrixOperand && name != "mul" && name != "transpose" &&
      name != "determinant" && !wholeValues) {
    if (object) {
      module.errorNotSupported(expr->getExprLoc(), "intrinsic '" + name.str() +
                                                       "' on matrix operands");
      return {};
    }
    for (Value &arg : args)
      arg = toArithmeticValue(builder, loc, arg);
    matrixResult = dyn_cast_or_null<MatrixType>(resultType);
    if (matrixResult)
      resultType = getArithmeticType(resultType);
  }
  Value result = emitElementwiseIntrinsic(expr, name, args, argExprs,
                                          resultType, isAtomic, loc);
  if (result && matrixResult)
    result = MatrixCastOp::create(builder, loc, matrixResult, result);
  return result;
}

Value HLSLGenFunction::emitElementwiseIntrinsic(
    const clang::CallExpr *expr, StringRef name, SmallVectorImpl<Value> &args,
    ArrayRef<const clang::Expr *> argExprs, Type resultType, bool isAtomic,
    Location loc) {
  // Intrinsics with an arith/math equivalent use it, so that upstream
  // folding and canonicalization apply.
  auto unaryMath = [&]() -> Value {
    if (args.size() != 1 || !isFloatValue(args[0]))
      return {};
#define HLSL_MATH(NAME, OP)                                                    \
  if (name == NAME)                                                            \
    return math::OP::create(builder, loc, args[0]);
    HLSL_MATH("sqrt", SqrtOp)
    HLSL_MATH("rsqrt", RsqrtOp)
    HLSL_MATH("sin", SinOp)
    HLSL_MATH("cos", CosOp)
    HLSL_MATH("tan", TanOp)
    HLSL_MATH("asin", AsinOp)
    HLSL_MATH("acos", AcosOp)
    HLSL_MATH("atan", AtanOp)
    HLSL_MATH("sinh", SinhOp)
    HLSL_MATH("cosh", CoshOp)
    HLSL_MATH("tanh", TanhOp)
    HLSL_MATH("exp2", Exp2Op)
    HLSL_MATH("log2", Log2Op)
    HLSL_MATH("floor", FloorOp)
    HLSL_MATH("ceil", CeilOp)
    HLSL_MATH("trunc", TruncOp)
    HLSL_MATH("round", RoundEvenOp)
#undef HLSL_MATH
    return {};
  };
  if (Value value = unaryMath())
    return value;
  if (name == "abs" && args.size() == 1) {
    if (isFloatValue(args[0]))
      return math::AbsFOp::create(builder, loc, args[0]);
    // The absolute value of an unsigned integer is itself.
    if (!isSigned(argExprs[0]->getType()))
      return args[0];
    return math::AbsIOp::create(builder, loc, args[0]);
  }
  if ((name == "and" || name == "or") && args.size() == 2) {
    Value lhs = emitBool(args[0], argExprs[0]->getType(), loc);
    Value rhs = emitBool(args[1], argExprs[1]->getType(), loc);
    if (name == "and")
      return arith::AndIOp::create(builder, loc, lhs, rhs);
    return arith::OrIOp::create(builder, loc, lhs, rhs);
  }
  if ((name == "min" || name == "max") && args.size() == 2) {
    bool isMin = name == "min";
    if (isFloatValue(args[0]))
      return isMin ? Value(arith::MinNumFOp::create(builder, loc, args[0], args[1]))
                   : Value(arith::MaxNumFOp::create(builder, loc, args[0], args[1]));
    bool sign = isSigned(argExprs[0]->getType());
    if (isMin)
      return sign ? Value(arith::MinSIOp::create(builder, loc, args[0], args[1]))
                  : Value(arith::MinUIOp::create(builder, loc, args[0], args[1]));
    return sign ? Value(arith::MaxSIOp::create(builder, loc, args[0], args[1]))
                : Value(arith::MaxUIOp::create(builder, loc, args[0], args[1]));
  }
  if (name == "fma" && args.size() == 3)
    return math::FmaOp::create(builder, loc, args[0], args[1], args[2]);
  if ((name == "isnan" || name == "isinf" || name == "isfinite" ||
       name == "isnormal") &&
      args.size() == 1 && isFloatValue(args[0])) {
    if (name == "isnan")
      return math::IsNaNOp::create(builder, loc, args[0]);
    if (name == "isinf")
      return math::IsInfOp::create(builder, loc, args[0]);
    if (name == "isnormal")
      return math::IsNormalOp::create(builder, loc, args[0]);
    return math::IsFiniteOp::create(builder, loc, args[0]);
  }
  if (name == "countbits" && args.size() == 1 && resultType &&
      isa<IntegerType>(getElementTypeOrSelf(args[0].getType()))) {
    // The count of 16- and 64-bit values is a uint too.
    Value count = math::CtPopOp::create(builder, loc, args[0]);
    unsigned from =
        getElementTypeOrSelf(args[0].getType()).getIntOrFloatBitWidth();
    unsigned to = getElementTypeOrSelf(resultType).getIntOrFloatBitWidth();
    if (from > to)
      return arith::TruncIOp::create(builder, loc, resultType, count);
    if (from < to)
      return arith::ExtUIOp::create(builder, loc, resultType, count);
    return count;
  }
  if ((name == "asuint" || name == "asint" || name == "asfloat" ||
       name == "asfloat16" || name == "asint16" || name == "asuint16") &&
      args.size() == 1 && resultType &&
      getElementTypeOrSelf(args[0].getType()).getIntOrFloatBitWidth() ==
          getElementTypeOrSelf(resultType).getIntOrFloatBitWidth())
    return arith::BitcastOp::create(builder, loc, resultType, args[0]);
  // asuint(double, out lo, out hi) is DXIL's SplitDouble.
  if (name == "asuint" && args.size() == 3)
    name = "splitdouble";
  if (name == "select" && args.size() == 3) {
    Value cond = emitBool(args[0], argExprs[0]->getType(), loc);
    return arith::SelectOp::create(builder, loc, cond, args[1], args[2]);
  }

  // The float exchanges are the integer ones on float operands (their
  // lowering exchanges the bits).
  name = llvm::StringSwitch<StringRef>(name)
             .Case("InterlockedExchangeFloat", "InterlockedExchange")
             .Case("InterlockedCompareExchangeFloatBitwise",
                   "InterlockedCompareExchange")
             .Case("InterlockedCompareStoreFloatBitwise",
                   "InterlockedCompareStore")
             .Default(name);
  if (!isKnownIntrinsic(name, args.size())) {
    module.errorNotSupported(expr->getExprLoc(),
                             "intrinsic '" + name.str() + "' with " +
                                 std::to_string(args.size()) + " operands");
    return {};
  }
  auto op = IntrinsicOp::create(builder, loc,
                                resultType ? TypeRange(resultType) : TypeRange(),
                                builder.getStringAttr(name), args);
  // mad and mul's multiply-adds are DXIL's FMad, or IMad or UMad as the
  // signedness of integers says (as DXC emits them).
  bool isIntegerMad =
      (name == "mad" || name == "mul") && !isFloatValue(args[0]);
  if ((isAtomic || name.starts_with("Wave") || name == "firstbithigh" ||
       isIntegerMad) &&
      !argExprs.empty()) {
    // A byte-address buffer's Min/Max take their signedness from the value
    // (the first argument is the offset).
    const clang::Expr *typed = argExprs[0];
    if (isAtomic && !isa<clang::HLSLOutArgExpr>(typed) && argExprs.size() > 1)
      typed = argExprs[1];
    op->setAttr("hlsl.signed", builder.getBoolAttr(isSigned(typed->getType())));
  }
  return resultType ? op.getResult() : Value();
}
