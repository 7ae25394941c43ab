//===- HLSLOps.cpp - hlsl dialect operations ------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/CallInterfaces.h"

using namespace mlir;
using namespace mlir::hlsl;

#define GET_OP_CLASSES
#include "HLSL/Dialect/HLSL/IR/HLSLOps.cpp.inc"

/// Checks that an explicit register letter matches the class the declaration
/// is bound as (e.g. no `register(t0)` on a RWBuffer).
static LogicalResult verifyRegisterClass(Operation *op, BindingAttr binding,
                                         ResourceClass expected,
                                         StringRef what) {
  if (!binding.getRegisterClass() || *binding.getRegisterClass() == expected)
    return success();
  return op->emitOpError() << "register '"
                           << getRegisterLetter(*binding.getRegisterClass())
                           << *binding.getLowerBound() << "' does not match "
                           << what << ", which binds to '"
                           << getRegisterLetter(expected) << "' registers";
}

//===----------------------------------------------------------------------===//
// ResourceOp
//===----------------------------------------------------------------------===//

ResourceType ResourceOp::getResourceType() {
  Type type = getType();
  while (auto array = dyn_cast<ArrayType>(type))
    type = array.getElementType();
  return dyn_cast<ResourceType>(type);
}

SmallVector<int64_t> ResourceOp::getShape() {
  if (auto array = dyn_cast<ArrayType>(getType()))
    return array.getShape();
  return {};
}

std::optional<uint64_t> ResourceOp::getRangeSize() {
  uint64_t size = 1;
  for (int64_t dim : getShape()) {
    if (dim == ArrayType::kUnbounded)
      return std::nullopt;
    size *= static_cast<uint64_t>(dim);
    // Saturate: anything this large cannot be bound anyway.
    size = std::min<uint64_t>(size, uint64_t(1) << 33);
  }
  return size;
}

LogicalResult ResourceOp::verify() {
  if (!isResourceOrResourceArray(getType()))
    return emitOpError() << "type must be a resource or an array of "
                            "resources, got "
                         << getType();
  ResourceType resource = getResourceType();
  if (failed(verifyRegisterClass(
          *this, getBinding(), resource.getResourceClass(),
          ("resource '" + getSymName() + "' of type " +
           stringifyResourceKind(resource.getKind()))
              .str())))
    return failure();
  if (std::optional<Type> declared = getDeclaredElement()) {
    if (!isConstantBufferKind(resource.getKind()) ||
        getSignlessType(*declared) != resource.getElementType())
      return emitOpError() << "declared element " << *declared
                           << " must be the struct of a ConstantBuffer or "
                              "TextureBuffer with its integers' signedness";
  }
  std::optional<uint64_t> size = getRangeSize();
  if (size && *size == 0)
    return emitOpError() << "resource array '" << getSymName()
                         << "' has no elements";
  if (std::optional<uint32_t> lower = getBinding().getLowerBound()) {
    if (size && *lower + *size - 1 > UINT32_MAX)
      return emitOpError() << "resource '" << getSymName() << "' needs "
                           << *size << " registers from "
                           << getRegisterLetter(resource.getResourceClass())
                           << *lower << ", past the last register "
                           << UINT32_MAX;
  }
  return success();
}

//===----------------------------------------------------------------------===//
// CBufferOp
//===----------------------------------------------------------------------===//

void CBufferOp::build(OpBuilder &builder, OperationState &state,
                      StringRef symName, CBufferKind kind,
                      BindingAttr binding) {
  state.addAttribute(getSymNameAttrName(state.name),
                     builder.getStringAttr(symName));
  state.addAttribute(getKindAttrName(state.name),
                     CBufferKindAttr::get(builder.getContext(), kind));
  state.addAttribute(getBindingAttrName(state.name), binding);
  Region *body = state.addRegion();
  body->push_back(new Block());
}

LogicalResult CBufferOp::verify() {
  ResourceClass expected = getKind() == CBufferKind::TBuffer
                               ? ResourceClass::SRV
                               : ResourceClass::CBV;
  if (failed(verifyRegisterClass(*this, getBinding(), expected,
                                 ("constant buffer '" + getSourceName() + "'")
                                     .str())))
    return failure();
  for (Operation &op : getBody().front())
    if (!isa<CBufferMemberOp>(op))
      return op.emitOpError() << "is not allowed in a constant buffer; only "
                                 "'hlsl.cbuffer_member' is";
  return success();
}

LogicalResult CBufferMemberOp::verify() {
  if (!isDataType(getType()) || isa<PaddingType>(getType()))
    return emitOpError() << "constant buffer member '" << getSymName()
                         << "' must have a data type, got " << getType();
  if (getRowStart()) {
    if (!isa<MatrixType>(getType()))
      return emitOpError() << "only a matrix member can be row_start, not "
                           << getType();
    if (!(*this)->getParentOfType<CBufferOp>().isBufferOfStruct())
      return emitOpError()
             << "row_start is a field hint of a ConstantBuffer<T> or "
                "TextureBuffer<T> member, not of a cbuffer block's";
  }
  return success();
}

//===----------------------------------------------------------------------===//
// GlobalOp
//===----------------------------------------------------------------------===//

LogicalResult GlobalOp::verify() {
  // A static resource (or array or struct holding them) holds the handles
  // the shader assigned; it lives until hlsl-localize-static-resources.
  bool staticResource =
      getKind() == GlobalKind::Static && containsResource(getType());
  if (!isDataType(getType()) && !staticResource)
    return emitOpError() << "global '" << getSymName()
                         << "' must have a data type, got " << getType();
  if (getInit().empty())
    return success();
  if (getKind() == GlobalKind::GroupShared)
    return emitOpError() << "groupshared variable '" << getSymName()
                         << "' cannot have an initializer";
  auto yield = dyn_cast<YieldOp>(getInit().back().getTerminator());
  if (!yield || yield.getValues().size() != 1 ||
      yield.getValues().front().getType() != getType())
    return emitOpError() << "initializer must yield one value of type "
                         << getType();
  return success();
}

//===----------------------------------------------------------------------===//
// Addresses and memory
//===----------------------------------------------------------------------===//

Value mlir::hlsl::buildMatrixElementAddr(OpBuilder &builder, Location loc,
                                         Value matrixAddr, int32_t flat) {
  auto ptr = cast<PointerType>(matrixAddr.getType());
  auto matrix = cast<MatrixType>(ptr.getPointee());
  int32_t columns = matrix.getColumns();
  auto index = [&](int32_t v) -> Value {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI32IntegerAttr(v));
  };
  Value row = ElementAddrOp::create(
      builder, loc,
      PointerType::get(VectorType::get({columns}, matrix.getElementType()),
                       ptr.getAddressSpace()),
      matrixAddr, index(flat / columns));
  return ElementAddrOp::create(
      builder, loc,
      PointerType::get(matrix.getElementType(), ptr.getAddressSpace()), row,
      index(flat % columns));
}

Value mlir::hlsl::buildMatrixElementsLoad(OpBuilder &builder, Location loc,
                                          Value matrixAddr,
                                          ArrayRef<int32_t> flat) {
  SmallVector<Value, 4> elements;
  for (int32_t element : flat)
    elements.push_back(LoadOp::create(
        builder, loc,
        buildMatrixElementAddr(builder, loc, matrixAddr, element)));
  if (elements.size() == 1)
    return elements.front();
  return vector::FromElementsOp::create(
      builder, loc,
      VectorType::get({int64_t(elements.size())}, elements.front().getType()),
      elements);
}

void mlir::hlsl::buildMatrixElementsStore(OpBuilder &builder, Location loc,
                                          Value value, Value matrixAddr,
                                          ArrayRef<int32_t> flat) {
  for (auto [i, element] : llvm::enumerate(flat)) {
    Value component =
        isa<VectorType>(value.getType())
            ? Value(vector::ExtractOp::create(builder, loc, value, int64_t(i)))
            : value;
    StoreOp::create(builder, loc, component,
                    buildMatrixElementAddr(builder, loc, matrixAddr, element));
  }
}

LogicalResult VarOp::verify() {
  PointerType type = getAddr().getType();
  if (type.getAddressSpace() != AddressSpace::Function)
    return emitOpError() << "local variables live in the 'function' address "
                            "space, got "
                         << type;
  Type pointee = type.getPointee();
  // An unsized array parameter's copy: its size is the argument's, known
  // once the call is inlined.
  if (auto array = dyn_cast<ArrayType>(pointee); array && array.isUnbounded())
    pointee = array.getElementType();
  if (!isDataType(pointee) && !containsResource(pointee))
    return emitOpError() << "cannot allocate a variable of type "
                         << type.getPointee();
  return success();
}

LogicalResult
GlobalAddrOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto global =
      symbolTable.lookupNearestSymbolFrom<GlobalOp>(*this, getGlobalAttr());
  if (!global)
    return emitOpError() << "'" << getGlobal()
                         << "' does not name an hlsl.global";
  auto expected = PointerType::get(global.getType(), global.getAddressSpace());
  if (getAddr().getType() != expected)
    return emitOpError() << "result type must be " << expected;
  return success();
}

CBufferMemberOp CBufferAddrOp::lookupMember(SymbolTableCollection *tables) {
  SymbolTableCollection local;
  SymbolTableCollection &collection = tables ? *tables : local;
  return collection.lookupNearestSymbolFrom<CBufferMemberOp>(*this,
                                                             getMemberAttr());
}

LogicalResult
CBufferAddrOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  if (getMember().getNestedReferences().size() != 1)
    return emitOpError() << "expects a reference of the form "
                            "@cbuffer::@member";
  CBufferMemberOp member = lookupMember(&symbolTable);
  if (!member)
    return emitOpError() << getMember()
                         << " does not name a constant buffer member";
  auto expected = PointerType::get(member.getType(), AddressSpace::Constant);
  if (getAddr().getType() != expected)
    return emitOpError() << "result type must be " << expected;
  return success();
}

static bool isLoadableType(Type type) {
  // Unsized arrays are values of unsized array parameters (see VarOp).
  if (auto array = dyn_cast<ArrayType>(type); array && array.isUnbounded())
    type = array.getElementType();
  return isDataType(type) || containsResource(type);
}

LogicalResult LoadOp::verify() {
  if (!isLoadableType(getAddr().getType().getPointee()))
    return emitOpError() << "cannot load a value of type "
                         << getAddr().getType().getPointee();
  return success();
}

LogicalResult StoreOp::verify() {
  PointerType type = getAddr().getType();
  if (type.getAddressSpace() == AddressSpace::Constant)
    return emitOpError() << "cannot store to constant buffer memory";
  if (!isLoadableType(type.getPointee()))
    return emitOpError() << "cannot store a value of type "
                         << type.getPointee();
  return success();
}

LogicalResult ElementAddrOp::verify() {
  PointerType base = getBase().getType();
  Type pointee = base.getPointee();
  Type element;
  if (auto array = dyn_cast<ArrayType>(pointee))
    element = array.getElementType();
  else if (auto vec = dyn_cast<VectorType>(pointee))
    element = vec.getElementType();
  else if (auto matrix = dyn_cast<MatrixType>(pointee))
    element = VectorType::get({matrix.getColumns()}, matrix.getElementType());
  else
    return emitOpError() << "can only index arrays, vectors and matrices, "
                            "got "
                         << pointee;
  auto expected = PointerType::get(element, base.getAddressSpace());
  if (getAddr().getType() != expected)
    return emitOpError() << "result type must be " << expected;
  return success();
}

LogicalResult FieldAddrOp::verify() {
  PointerType base = getBase().getType();
  auto st = dyn_cast<StructType>(base.getPointee());
  if (!st)
    return emitOpError() << "base must point to a struct, got "
                         << base.getPointee();
  uint32_t index = getIndex();
  if (index >= st.getNumFields())
    return emitOpError() << "field index " << index << " out of range for "
                         << st;
  Type field = st.getFieldTypes()[index];
  if (isa<PaddingType>(field))
    return emitOpError() << "cannot address padding field " << index;
  auto expected = PointerType::get(field, base.getAddressSpace());
  if (getAddr().getType() != expected)
    return emitOpError() << "result type must be " << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

/// Looks up the resource declaration of a handle/slice op and checks the
/// number of indices against its shape (`exact` for handles, fewer for
/// slices). Returns the type left after indexing.
static FailureOr<Type> verifyResourceIndexing(Operation *op,
                                              FlatSymbolRefAttr symbol,
                                              size_t numIndices, bool exact,
                                              SymbolTableCollection &tables) {
  auto resource = tables.lookupNearestSymbolFrom<ResourceOp>(op, symbol);
  if (!resource)
    return op->emitOpError()
           << "'" << symbol.getValue() << "' does not name an hlsl.resource";
  size_t rank = resource.getShape().size();
  if (exact ? numIndices != rank : numIndices >= rank)
    return op->emitOpError()
           << "resource '" << symbol.getValue() << "' has " << rank
           << (rank == 1 ? " dimension" : " dimensions") << " but "
           << numIndices << (numIndices == 1 ? " index was" : " indices were")
           << " given"
           << (exact ? "" : "; a slice needs fewer indices than dimensions");
  Type type = resource.getType();
  for (size_t i = 0; i < numIndices; ++i)
    type = cast<ArrayType>(type).getElementType();
  return type;
}

LogicalResult
ResourceHandleOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<Type> type =
      verifyResourceIndexing(*this, getResourceAttr(), getIndices().size(),
                             /*exact=*/true, symbolTable);
  if (failed(type))
    return failure();
  if (*type != getHandle().getType())
    return emitOpError() << "result type must be " << *type;
  return success();
}

LogicalResult
ResourceSliceOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  FailureOr<Type> type =
      verifyResourceIndexing(*this, getResourceAttr(), getIndices().size(),
                             /*exact=*/false, symbolTable);
  if (failed(type))
    return failure();
  if (*type != getResult().getType())
    return emitOpError() << "result type must be " << *type;
  return success();
}

LogicalResult
CreateHandleOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto resource =
      symbolTable.lookupNearestSymbolFrom<ResourceOp>(*this, getResourceAttr());
  if (!resource)
    return emitOpError() << "'" << getResource()
                         << "' does not name an hlsl.resource";
  if (resource.getResourceType() != getHandle().getType())
    return emitOpError() << "result type must be "
                         << resource.getResourceType();
  return success();
}

LogicalResult HeapHandleOp::verify() {
  ResourceKind kind = getHandle().getType().getKind();
  bool isSampler = kind == ResourceKind::SamplerState ||
                   kind == ResourceKind::SamplerComparisonState;
  if (isSampler != getSampler())
    return emitOpError() << (getSampler()
                                 ? "a sampler heap holds samplers, not "
                                 : "a resource heap holds no ")
                         << stringifyResourceKind(kind);
  return success();
}

LogicalResult ResourceAddrOp::verify() {
  ResourceType resource = getHandle().getType();
  unsigned rank = getSubscriptRank(resource.getKind());
  if (rank == 0)
    return emitOpError() << stringifyResourceKind(resource.getKind())
                         << " cannot be subscripted";
  Type i32 = IntegerType::get(getContext(), 32);
  Type expectedIndex =
      rank == 1 ? i32 : Type(VectorType::get({int64_t(rank)}, i32));
  // A multisampled texture's element of one sample: the sample index
  // follows the location.
  Type sampleIndex = VectorType::get({int64_t(rank) + 1}, i32);
  if (getIndex().getType() != expectedIndex &&
      !(isMultisampled(resource.getKind()) &&
        getIndex().getType() == sampleIndex))
    return emitOpError() << "index of "
                         << stringifyResourceKind(resource.getKind())
                         << " must be " << expectedIndex
                         << (isMultisampled(resource.getKind())
                                 ? " (or with the sample index appended)"
                                 : "");
  auto expected =
      PointerType::get(resource.getValueType(), AddressSpace::Device);
  if (getAddr().getType() != expected)
    return emitOpError() << "result type must be " << expected;
  return success();
}

//===----------------------------------------------------------------------===//
// OutArgOp
//===----------------------------------------------------------------------===//

Type OutArgOp::getLValueType() {
  Type pointee = getLvalue().getType().getPointee();
  std::optional<ArrayRef<int32_t>> swizzle = getSwizzle();
  Type element;
  if (auto vec = dyn_cast<VectorType>(pointee))
    element = vec.getElementType();
  else if (auto matrix = dyn_cast<MatrixType>(pointee))
    element = matrix.getElementType();
  if (!swizzle || !element)
    return pointee;
  if (swizzle->size() == 1)
    return element;
  return VectorType::get({int64_t(swizzle->size())}, element);
}

/// A conversion region takes one value of `from` and yields one of `to`.
static LogicalResult verifyConversion(OutArgOp op, Region &region,
                                      StringRef name, Type from, Type to) {
  if (region.empty()) {
    if (from != to)
      return op.emitOpError() << "needs a '" << name << "' conversion from "
                              << from << " to " << to;
    return success();
  }
  Block &entry = region.front();
  if (entry.getNumArguments() != 1 || entry.getArgument(0).getType() != from)
    return op.emitOpError() << "'" << name
                            << "' region must take one argument of type "
                            << from;
  for (Block &block : region) {
    auto yield = dyn_cast<YieldOp>(block.getTerminator());
    if (!yield)
      continue;
    if (yield.getValues().size() != 1 ||
        yield.getValues().front().getType() != to)
      return op.emitOpError()
             << "'" << name << "' region must yield one value of type " << to;
  }
  return success();
}

LogicalResult OutArgOp::verifyRegions() {
  if (getDirection() == ParamDirection::In)
    return emitOpError() << "direction must be 'out' or 'inout'";
  PointerType temp = getTemp().getType();
  if (temp.getAddressSpace() != AddressSpace::Function)
    return emitOpError() << "temporary must be a function-space pointer";
  if (std::optional<ArrayRef<int32_t>> swizzle = getSwizzle()) {
    Type pointee = getLvalue().getType().getPointee();
    int64_t elements = 0;
    if (auto vec = dyn_cast<VectorType>(pointee))
      elements = vec.getNumElements();
    else if (auto matrix = dyn_cast<MatrixType>(pointee))
      elements = matrix.getNumElements();
    else
      return emitOpError() << "swizzle needs a vector or matrix lvalue";
    if (swizzle->empty() || swizzle->size() > 4 ||
        llvm::any_of(*swizzle,
                     [&](int32_t i) { return i < 0 || i >= elements; }))
      return emitOpError() << "swizzle components out of range for " << pointee;
    // Writing the same component twice through an out argument is not a
    // valid lvalue in HLSL.
    SmallVector<int32_t> sorted(swizzle->begin(), swizzle->end());
    llvm::sort(sorted);
    if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end())
      return emitOpError() << "swizzle repeats a component; it is not an "
                              "lvalue";
  }
  Type lvalueType = getLValueType();
  Type paramType = temp.getPointee();
  if (getDirection() == ParamDirection::Out && !getCopyIn().empty())
    return emitOpError() << "'out' temporary starts undefined and has no "
                            "'copy_in' conversion";
  if (isInOut() && failed(verifyConversion(*this, getCopyIn(), "copy_in",
                                           lvalueType, paramType)))
    return failure();
  if (failed(verifyConversion(*this, getWriteBack(), "write_back", paramType,
                              lvalueType)))
    return failure();
  if (!getTemp().hasOneUse() ||
      !isa<CallOpInterface, IntrinsicOp>(*getTemp().getUsers().begin()))
    return emitOpError() << "temporary must be used by exactly one call";
  return success();
}

//===----------------------------------------------------------------------===//
// Aggregate values
//===----------------------------------------------------------------------===//

LogicalResult ZeroOp::verify() {
  if (!isDataType(getType()))
    return emitOpError() << "has no zero value for " << getType();
  return success();
}

LogicalResult ConstructOp::verify() {
  Type type = getType();
  TypeRange elements = getElements().getTypes();
  SmallVector<Type> expected;
  if (auto array = dyn_cast<ArrayType>(type)) {
    if (array.isUnbounded())
      return emitOpError() << "cannot construct an unbounded array";
    expected.assign(array.getSize(), array.getElementType());
  } else if (auto st = dyn_cast<StructType>(type)) {
    for (Type field : st.getFieldTypes())
      if (!isa<PaddingType>(field))
        expected.push_back(field);
  } else if (auto matrix = dyn_cast<MatrixType>(type)) {
    expected.assign(matrix.getNumElements(), matrix.getElementType());
  } else {
    return emitOpError() << "can only construct arrays, structs and "
                            "matrices, got "
                         << type;
  }
  if (elements.size() != expected.size())
    return emitOpError() << type << " needs " << expected.size()
                         << " elements, got " << elements.size();
  for (auto [index, pair] : llvm::enumerate(llvm::zip(elements, expected)))
    if (std::get<0>(pair) != std::get<1>(pair))
      return emitOpError() << "element " << index << " must be "
                           << std::get<1>(pair) << ", got "
                           << std::get<0>(pair);
  return success();
}

static LogicalResult verifyFieldAccess(Operation *op, StructType st,
                                       uint32_t index, Type valueType) {
  if (index >= st.getNumFields())
    return op->emitOpError()
           << "field index " << index << " out of range for " << st;
  Type field = st.getFieldTypes()[index];
  if (isa<PaddingType>(field))
    return op->emitOpError() << "cannot access padding field " << index;
  if (field != valueType)
    return op->emitOpError()
           << "field " << index << " has type " << field << ", not "
           << valueType;
  return success();
}

LogicalResult FieldExtractOp::verify() {
  return verifyFieldAccess(*this, getInput().getType(), getIndex(),
                           getResult().getType());
}

LogicalResult FieldInsertOp::verify() {
  return verifyFieldAccess(*this, getInput().getType(), getIndex(),
                           getValue().getType());
}

LogicalResult MatrixCastOp::verify() {
  auto shapeOf = [](Type type) -> std::optional<std::pair<int64_t, Type>> {
    if (auto matrix = dyn_cast<MatrixType>(type))
      return std::make_pair(int64_t(matrix.getNumElements()),
                            matrix.getElementType());
    if (auto vec = dyn_cast<VectorType>(type))
      if (vec.getRank() == 1)
        return std::make_pair(vec.getNumElements(), vec.getElementType());
    return std::nullopt;
  };
  Type in = getInput().getType(), out = getType();
  auto inShape = shapeOf(in), outShape = shapeOf(out);
  if (!inShape || !outShape || (!isa<MatrixType>(in) && !isa<MatrixType>(out)))
    return emitOpError() << "casts between a matrix and a vector or two "
                            "matrices, got "
                         << in << " -> " << out;
  if (*inShape != *outShape)
    return emitOpError() << "element count and type must match: " << in
                         << " -> " << out;
  if (auto a = dyn_cast<MatrixType>(in))
    if (auto b = dyn_cast<MatrixType>(out))
      if (a.getRows() != b.getRows())
        return emitOpError() << "matrix to matrix casts keep the shape";
  return success();
}

OpFoldResult MatrixCastOp::fold(FoldAdaptor) {
  if (getInput().getType() == getType())
    return getInput();
  if (auto inner = getInput().getDefiningOp<MatrixCastOp>())
    if (inner.getInput().getType() == getType())
      return inner.getInput();
  return {};
}

LogicalResult ArrayCastOp::verify() {
  ArrayType in = getInput().getType(), out = getResult().getType();
  if (in.isUnbounded() && !out.isUnbounded())
    return emitOpError() << "cannot convert an unsized array " << in
                         << " to a sized array " << out;
  if (in.isUnbounded() || !out.isUnbounded())
    return emitOpError() << "converts a sized array to an unsized one, got "
                         << in << " -> " << out;
  if (in.getElementType() != out.getElementType())
    return emitOpError() << "element types must match: " << in << " -> "
                         << out;
  return success();
}

//===----------------------------------------------------------------------===//
// IntrinsicOp
//===----------------------------------------------------------------------===//

namespace {
struct IntrinsicInfo {
  llvm::StringLiteral name;
  unsigned minArgs, maxArgs;
  bool pure;
};
} // namespace

static const IntrinsicInfo *lookupIntrinsic(StringRef name) {
  static const IntrinsicInfo table[] = {
#define HLSL_INTRINSIC(NAME, MIN, MAX, PURE)                                   \
  {llvm::StringLiteral(#NAME), MIN, MAX, PURE},
#include "HLSL/Dialect/HLSL/IR/HLSLIntrinsics.def"
  };
  for (const IntrinsicInfo &info : table)
    if (info.name == name)
      return &info;
  return nullptr;
}

bool mlir::hlsl::isKnownIntrinsic(StringRef name, size_t numArgs) {
  const IntrinsicInfo *info = lookupIntrinsic(name);
  return info && numArgs >= info->minArgs && numArgs <= info->maxArgs;
}

bool IntrinsicOp::isPure() {
  const IntrinsicInfo *info = lookupIntrinsic(getName());
  if (!info || !info->pure)
    return false;
  // Methods that return values through out arguments write them: through
  // an out_arg temporary, or, once temporaries are materialized (or found
  // unnecessary), through a plain pointer to the variable.
  return llvm::none_of(getArgs(), [](Value arg) {
    return isa_and_nonnull<OutArgOp>(arg.getDefiningOp()) ||
           isa<PointerType>(arg.getType());
  });
}

/// A read of memory the shader may also write (a UAV), or of a ray query's
/// state: ordered with the writes.
static bool readsWritableState(IntrinsicOp op) {
  if (op.getName().starts_with("RayQuery_"))
    return true;
  if (op.getArgs().empty())
    return false;
  auto resource = dyn_cast<ResourceType>(op.getArgs().front().getType());
  return resource && resource.getResourceClass() == ResourceClass::UAV;
}

void IntrinsicOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  if (isPure()) {
    if (readsWritableState(*this))
      effects.emplace_back(MemoryEffects::Read::get());
    return;
  }
  effects.emplace_back(MemoryEffects::Read::get());
  effects.emplace_back(MemoryEffects::Write::get());
}

LogicalResult IntrinsicOp::verify() {
  const IntrinsicInfo *info = lookupIntrinsic(getName());
  if (!info)
    return emitOpError() << "unknown intrinsic '" << getName() << "'";
  size_t numArgs = getArgs().size();
  if (numArgs < info->minArgs || numArgs > info->maxArgs)
    return emitOpError() << "intrinsic '" << getName() << "' takes "
                         << info->minArgs
                         << (info->minArgs == info->maxArgs
                                 ? ""
                                 : " to " + std::to_string(info->maxArgs))
                         << " operands, got " << numArgs;
  return success();
}

LogicalResult ConstantBufferAddrOp::verify() {
  auto resource = cast<ResourceType>(getHandle().getType());
  if (!isConstantBufferKind(resource.getKind()))
    return emitOpError() << "handle must be a ConstantBuffer or a "
                            "TextureBuffer, got "
                         << getHandle().getType();
  auto ptr = cast<PointerType>(getAddr().getType());
  if (ptr.getAddressSpace() != AddressSpace::Constant ||
      ptr.getPointee() != resource.getElementType())
    return emitOpError() << "result must be a constant pointer to "
                         << resource.getElementType() << ", got " << ptr;
  return success();
}

//===----------------------------------------------------------------------===//
// Ops created by the hlsl passes
//===----------------------------------------------------------------------===//

LogicalResult CBufferLoadRowOp::verify() {
  if (bool(getCbufferAttr()) == bool(getHandle()))
    return emitOpError()
           << "reads either a constant buffer symbol or a handle, not "
           << (getHandle() ? "both" : "neither");
  if (getHandle() && !isConstantBufferKind(
                         cast<ResourceType>(getHandle().getType()).getKind()))
    return emitOpError() << "handle must be a ConstantBuffer or a "
                            "TextureBuffer, got "
                         << getHandle().getType();
  return success();
}

LogicalResult
ConstantBufferHandleOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  auto cbuffer =
      symbolTable.lookupNearestSymbolFrom<CBufferOp>(*this, getCbufferAttr());
  if (!cbuffer)
    return emitOpError() << "'" << getCbuffer()
                         << "' does not name an hlsl.cbuffer";
  ResourceType type = getHandle().getType();
  ResourceKind expected = cbuffer.getKind() == CBufferKind::TBuffer
                              ? ResourceKind::TextureBuffer
                              : ResourceKind::ConstantBuffer;
  auto contents = dyn_cast_or_null<StructType>(type.getElementType());
  if ((cbuffer.getKind() != CBufferKind::ConstantBuffer &&
       cbuffer.getKind() != CBufferKind::TBuffer) ||
      !cbuffer.getContents() || type.getKind() != expected || !contents ||
      contents.getName() != *cbuffer.getContents())
    return emitOpError()
           << "'" << getCbuffer()
           << "' must be a ConstantBuffer<T> or TextureBuffer<T> whose T is "
              "the result's element type";
  return success();
}

LogicalResult
CBufferLoadRowOp::verifySymbolUses(SymbolTableCollection &symbolTable) {
  if (!getCbufferAttr())
    return success();
  if (!symbolTable.lookupNearestSymbolFrom<CBufferOp>(*this, getCbufferAttr()))
    return emitOpError() << "'" << *getCbuffer()
                         << "' does not name an hlsl.cbuffer";
  return success();
}

//===----------------------------------------------------------------------===//
// Buffer access
//===----------------------------------------------------------------------===//

/// Buffers, structured buffers and byte-address buffers are what
/// buffer_load/store address; textures and constant buffers have their own
/// operations.
static LogicalResult verifyBufferAccess(Operation *op, ResourceType resource,
                                        Type value) {
  ResourceKind kind = resource.getKind();
  if (!isStructuredBuffer(kind) && !isByteAddressBuffer(kind) &&
      !isTypedResource(kind))
    return op->emitOpError() << stringifyResourceKind(kind)
                             << " is not a buffer or texture";
  if (auto vec = dyn_cast<VectorType>(value))
    if (vec.getNumElements() > 4)
      return op->emitOpError() << "accesses at most 4 components, got "
                               << value;
  return success();
}

void BufferLoadOp::getEffects(
    SmallVectorImpl<SideEffects::EffectInstance<MemoryEffects::Effect>>
        &effects) {
  effects.emplace_back(MemoryEffects::Read::get());
  // The status goes to memory: the load is not dead without its result.
  if (getStatus())
    effects.emplace_back(MemoryEffects::Write::get());
}

LogicalResult BufferLoadOp::verify() {
  if (Value status = getStatus())
    if (!cast<PointerType>(status.getType()).getPointee().isInteger(32))
      return emitOpError() << "status must point to a 32-bit integer";
  return verifyBufferAccess(*this, getHandle().getType(), getType());
}

LogicalResult BufferStoreOp::verify() {
  if (getResourceClass(getHandle().getType().getKind()) != ResourceClass::UAV)
    return emitOpError() << "cannot write to the read-only "
                         << stringifyResourceKind(getHandle().getType().getKind());
  return verifyBufferAccess(*this, getHandle().getType(),
                            getValue().getType());
}

LogicalResult BufferAtomicOp::verify() {
  if (getResourceClass(getHandle().getType().getKind()) != ResourceClass::UAV)
    return emitOpError() << "atomics need a UAV";
  unsigned width = getValue().getType().getIntOrFloatBitWidth();
  if (width != 32 && width != 64)
    return emitOpError() << "atomics operate on 32- or 64-bit integers";
  if (getCompare() && getCompare().getType() != getValue().getType())
    return emitOpError() << "compare value must have the value's type";
  if (getResult().getType() != getValue().getType())
    return emitOpError() << "result must have the value's type";
  return verifyBufferAccess(*this, getHandle().getType(), getValue().getType());
}
