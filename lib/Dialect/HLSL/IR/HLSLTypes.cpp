//===- HLSLTypes.cpp - hlsl dialect types ---------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLTypes.h"
#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace mlir::hlsl::detail {
/// Struct types own copies of their name and field names (the parser's
/// strings do not outlive parsing), hence the hand-written storage.
struct StructTypeStorage : public TypeStorage {
  using KeyTy = std::tuple<StringRef, ArrayRef<Type>, ArrayRef<StringRef>,
                           ArrayRef<unsigned>>;

  StructTypeStorage(StringRef name, ArrayRef<Type> fieldTypes,
                    ArrayRef<StringRef> fieldNames,
                    ArrayRef<unsigned> fieldHints)
      : name(name), fieldTypes(fieldTypes), fieldNames(fieldNames),
        fieldHints(fieldHints) {}

  bool operator==(const KeyTy &key) const {
    return key == KeyTy(name, fieldTypes, fieldNames, fieldHints);
  }

  static llvm::hash_code hashKey(const KeyTy &key) {
    return llvm::hash_combine(std::get<0>(key),
                              llvm::hash_combine_range(std::get<1>(key)),
                              llvm::hash_combine_range(std::get<2>(key)),
                              llvm::hash_combine_range(std::get<3>(key)));
  }

  static StructTypeStorage *construct(TypeStorageAllocator &allocator,
                                      const KeyTy &key) {
    StringRef name = allocator.copyInto(std::get<0>(key));
    ArrayRef<Type> types = allocator.copyInto(std::get<1>(key));
    SmallVector<StringRef> names;
    for (StringRef fieldName : std::get<2>(key))
      names.push_back(allocator.copyInto(fieldName));
    ArrayRef<StringRef> namesRef = allocator.copyInto(ArrayRef(names));
    ArrayRef<unsigned> hints = allocator.copyInto(std::get<3>(key));
    return new (allocator.allocate<StructTypeStorage>())
        StructTypeStorage(name, types, namesRef, hints);
  }

  /// Lets MLIR walk and replace the field types (type walks, aliases).
  KeyTy getAsKey() const {
    return KeyTy(name, fieldTypes, fieldNames, fieldHints);
  }

  StringRef name;
  ArrayRef<Type> fieldTypes;
  ArrayRef<StringRef> fieldNames;
  ArrayRef<unsigned> fieldHints;
};
} // namespace mlir::hlsl::detail

#define GET_TYPEDEF_CLASSES
#include "HLSL/Dialect/HLSL/IR/HLSLOpsTypes.cpp.inc"

void HLSLDialect::registerTypes() {
  addTypes<
#define GET_TYPEDEF_LIST
#include "HLSL/Dialect/HLSL/IR/HLSLOpsTypes.cpp.inc"
      >();
}

//===----------------------------------------------------------------------===//
// Type predicates
//===----------------------------------------------------------------------===//

static bool isScalarDataType(Type type) {
  if (auto intType = dyn_cast<IntegerType>(type))
    return intType.isSignless() &&
           llvm::is_contained({1u, 16u, 32u, 64u}, intType.getWidth());
  return type.isF16() || type.isF32() || type.isF64();
}

bool mlir::hlsl::isDataType(Type type) {
  if (isScalarDataType(type))
    return true;
  if (auto vec = dyn_cast<VectorType>(type))
    return vec.getRank() == 1 && !vec.isScalable() &&
           isScalarDataType(vec.getElementType());
  if (isa<MatrixType>(type))
    return true;
  if (auto array = dyn_cast<ArrayType>(type))
    return !array.isUnbounded() && isDataType(array.getElementType());
  if (auto st = dyn_cast<StructType>(type))
    return llvm::all_of(st.getFieldTypes(), [](Type field) {
      return isa<PaddingType>(field) || isDataType(field);
    });
  return false;
}

bool mlir::hlsl::isResourceOrResourceArray(Type type) {
  while (auto array = dyn_cast<ArrayType>(type))
    type = array.getElementType();
  return isa<ResourceType>(type);
}

bool mlir::hlsl::anyNestedType(Type type,
                               llvm::function_ref<bool(Type)> predicate) {
  if (predicate(type))
    return true;
  if (auto array = dyn_cast<ArrayType>(type))
    return anyNestedType(array.getElementType(), predicate);
  if (auto vec = dyn_cast<VectorType>(type))
    return predicate(vec.getElementType());
  if (auto matrix = dyn_cast<MatrixType>(type))
    return predicate(matrix.getElementType());
  if (auto st = dyn_cast<StructType>(type))
    return llvm::any_of(st.getFieldTypes(), [&](Type field) {
      return anyNestedType(field, predicate);
    });
  return false;
}

Type mlir::hlsl::getSignlessType(Type type) {
  if (auto integer = dyn_cast<IntegerType>(type))
    return IntegerType::get(type.getContext(), integer.getWidth());
  if (auto vec = dyn_cast<VectorType>(type))
    return VectorType::get(vec.getShape(),
                           getSignlessType(vec.getElementType()));
  if (auto matrix = dyn_cast<MatrixType>(type))
    return MatrixType::get(matrix.getRows(), matrix.getColumns(),
                           getSignlessType(matrix.getElementType()),
                           matrix.getOrder());
  if (auto array = dyn_cast<ArrayType>(type))
    return ArrayType::get(type.getContext(), array.getSize(),
                          getSignlessType(array.getElementType()));
  if (auto st = dyn_cast<StructType>(type)) {
    SmallVector<Type> fields;
    for (Type field : st.getFieldTypes())
      fields.push_back(getSignlessType(field));
    return StructType::get(type.getContext(), st.getName(), fields,
                           st.getFieldNames(), st.getFieldHints());
  }
  return type;
}

bool mlir::hlsl::containsResource(Type type) {
  return anyNestedType(type, [](Type t) { return isa<ResourceType>(t); });
}

bool mlir::hlsl::isEmptyStruct(Type type) {
  auto st = dyn_cast<StructType>(type);
  return st && llvm::all_of(st.getFieldTypes(), isEmptyStruct);
}

//===----------------------------------------------------------------------===//
// ArrayType
//===----------------------------------------------------------------------===//

Type ArrayType::parse(AsmParser &parser) {
  int64_t size = kUnbounded;
  Type elementType;
  if (parser.parseLess())
    return {};
  if (failed(parser.parseOptionalQuestion()) && parser.parseInteger(size))
    return {};
  if (parser.parseKeyword("x") || parser.parseType(elementType) ||
      parser.parseGreater())
    return {};
  return parser.getChecked<ArrayType>(parser.getContext(), size, elementType);
}

void ArrayType::print(AsmPrinter &printer) const {
  printer << '<';
  if (isUnbounded())
    printer << '?';
  else
    printer << getSize();
  printer << " x " << getElementType() << '>';
}

LogicalResult ArrayType::verify(function_ref<InFlightDiagnostic()> emitError,
                                int64_t size, Type elementType) {
  if (size < 0 && size != kUnbounded)
    return emitError() << "array size must be non-negative, got " << size;
  if (auto inner = dyn_cast<ArrayType>(elementType))
    if (inner.isUnbounded())
      return emitError()
             << "only the outermost dimension of an array can be unbounded";
  // Declared types (reflection) keep unsigned integers.
  if (isa<PointerType, PaddingType>(elementType) ||
      (!isDataType(getSignlessType(elementType)) &&
       !containsResource(elementType) && !isa<ArrayType>(elementType)))
    return emitError() << "array element type must be a data or resource type, "
                          "got "
                       << elementType;
  return success();
}

SmallVector<int64_t> ArrayType::getShape() const {
  SmallVector<int64_t> shape;
  Type type = *this;
  while (auto array = dyn_cast<ArrayType>(type)) {
    shape.push_back(array.getSize());
    type = array.getElementType();
  }
  return shape;
}

Type ArrayType::getInnermostElementType() const {
  Type type = getElementType();
  while (auto array = dyn_cast<ArrayType>(type))
    type = array.getElementType();
  return type;
}

//===----------------------------------------------------------------------===//
// MatrixType
//===----------------------------------------------------------------------===//

Type MatrixType::parse(AsmParser &parser) {
  SmallVector<int64_t, 2> dims;
  Type elementType;
  MatrixOrder order = MatrixOrder::ColumnMajor;
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseLess() ||
      parser.parseDimensionList(dims, /*allowDynamic=*/false,
                                /*withTrailingX=*/true) ||
      parser.parseType(elementType))
    return {};
  if (dims.size() != 2) {
    parser.emitError(loc, "expected <rows>x<columns>x<element type>");
    return {};
  }
  if (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc orderLoc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    std::optional<MatrixOrder> parsed = symbolizeMatrixOrder(keyword);
    if (!parsed) {
      parser.emitError(orderLoc, "expected 'row_major' or 'column_major'");
      return {};
    }
    order = *parsed;
  }
  if (parser.parseGreater())
    return {};
  if (dims[0] < 0 || dims[1] < 0 || dims[0] > 4 || dims[1] > 4) {
    parser.emitError(loc, "matrix dimensions must be between 1 and 4");
    return {};
  }
  return parser.getChecked<MatrixType>(parser.getContext(), dims[0], dims[1],
                                       elementType, order);
}

void MatrixType::print(AsmPrinter &printer) const {
  printer << '<' << getRows() << 'x' << getColumns() << 'x'
          << getElementType();
  if (isRowMajor())
    printer << ", row_major";
  printer << '>';
}

LogicalResult MatrixType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 unsigned rows, unsigned columns,
                                 Type elementType, MatrixOrder) {
  if (rows < 1 || rows > 4 || columns < 1 || columns > 4)
    return emitError() << "matrix dimensions must be between 1 and 4, got "
                       << rows << "x" << columns;
  if (!isScalarDataType(elementType))
    return emitError() << "matrix element type must be a scalar, got "
                       << elementType;
  return success();
}

//===----------------------------------------------------------------------===//
// StructType
//===----------------------------------------------------------------------===//

/// Integer type keywords lex as types, not identifiers: quote such field
/// names so that they parse back.
static bool needsQuoting(StringRef name) {
  if (name.empty())
    return true;
  StringRef digits = name;
  if (digits.consume_front("si") || digits.consume_front("ui") ||
      digits.consume_front("i"))
    return !digits.empty() && llvm::all_of(digits, llvm::isDigit);
  return false;
}

Type StructType::parse(AsmParser &parser) {
  std::string name;
  SmallVector<Type> types;
  SmallVector<std::string> names;
  SmallVector<unsigned> hints;
  if (parser.parseLess() || parser.parseString(&name) || parser.parseComma())
    return {};
  auto parseField = [&]() -> ParseResult {
    std::string fieldName;
    Type type;
    if (succeeded(parser.parseOptionalKeywordOrString(&fieldName))) {
      if (parser.parseColon())
        return failure();
    }
    if (parser.parseType(type))
      return failure();
    unsigned hint = 0;
    if (succeeded(parser.parseOptionalKeyword("min_precision")))
      hint |= MinPrecisionField;
    if (succeeded(parser.parseOptionalKeyword("row_start")))
      hint |= RowStartField;
    names.push_back(fieldName);
    types.push_back(type);
    hints.push_back(hint);
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::Braces, parseField) ||
      parser.parseGreater())
    return {};
  SmallVector<StringRef> nameRefs(names.begin(), names.end());
  // No hints at all is the empty list, as the builder makes it: a parsed
  // struct is the type the importer builds.
  if (llvm::all_of(hints, [](unsigned hint) { return hint == 0; }))
    hints.clear();
  return parser.getChecked<StructType>(parser.getContext(), name, types,
                                       nameRefs, hints);
}

void StructType::print(AsmPrinter &printer) const {
  printer << '<';
  printer.printString(getName());
  printer << ", {";
  for (auto [index, field] :
       llvm::enumerate(llvm::zip(getFieldTypes(), getFieldNames()))) {
    auto [type, name] = field;
    if (index)
      printer << ", ";
    if (!name.empty()) {
      if (needsQuoting(name))
        printer.printString(name);
      else
        printer.printKeywordOrString(name);
      printer << ": ";
    }
    printer << type;
    unsigned hint = getFieldHint(index);
    if (hint & MinPrecisionField)
      printer << " min_precision";
    if (hint & RowStartField)
      printer << " row_start";
  }
  printer << "}>";
}

LogicalResult StructType::verify(function_ref<InFlightDiagnostic()> emitError,
                                 StringRef, ArrayRef<Type> fieldTypes,
                                 ArrayRef<StringRef> fieldNames,
                                 ArrayRef<unsigned> fieldHints) {
  if (fieldTypes.size() != fieldNames.size())
    return emitError() << "struct has " << fieldTypes.size()
                       << " field types but " << fieldNames.size()
                       << " field names";
  if (!fieldHints.empty() && fieldHints.size() != fieldTypes.size())
    return emitError() << "struct has " << fieldTypes.size()
                       << " field types but " << fieldHints.size()
                       << " field hints";
  for (auto [type, hint] : llvm::zip(fieldTypes, fieldHints))
    if ((hint & RowStartField) && !isa<MatrixType>(type))
      return emitError() << "only a matrix field can be row_start, not "
                         << type;
  llvm::StringSet<> seen;
  for (auto [type, name] : llvm::zip(fieldTypes, fieldNames)) {
    if (isa<PaddingType>(type)) {
      if (!name.empty())
        return emitError() << "padding field must not have a name, got '"
                           << name << "'";
      continue;
    }
    if (name.empty())
      return emitError() << "struct field of type " << type
                         << " needs a name (only padding is unnamed)";
    if (!seen.insert(name).second)
      return emitError() << "duplicate struct field '" << name << "'";
    if (isa<PointerType>(type) || (isa<ArrayType>(type) &&
                                   cast<ArrayType>(type).isUnbounded()))
      return emitError() << "struct field '" << name
                         << "' must have a sized data or resource type, got "
                         << type;
  }
  return success();
}

void mlir::hlsl::collectSignatureLeafTypes(Type type,
                                           SmallVectorImpl<Type> &leaves) {
  if (auto st = dyn_cast<StructType>(type)) {
    for (Type field : st.getFieldTypes())
      collectSignatureLeafTypes(field, leaves);
    return;
  }
  if (auto array = dyn_cast<ArrayType>(type)) {
    SmallVector<Type> inner;
    collectSignatureLeafTypes(array.getElementType(), inner);
    if (inner.size() != 1 || inner.front() != array.getElementType()) {
      for (Type leaf : inner)
        leaves.push_back(
            ArrayType::get(type.getContext(), array.getSize(), leaf));
      return;
    }
  }
  leaves.push_back(type);
}

std::string mlir::hlsl::getBitFieldUnitName(unsigned unit) {
  return "__bits" + std::to_string(unit);
}

bool mlir::hlsl::isBitFieldUnitName(StringRef name) {
  return name.consume_front("__bits") && !name.empty() &&
         llvm::all_of(name, llvm::isDigit);
}

// Accessors of the hand-written storage (TableGen only declares them).
StringRef StructType::getName() const { return getImpl()->name; }
ArrayRef<Type> StructType::getFieldTypes() const {
  return getImpl()->fieldTypes;
}
ArrayRef<StringRef> StructType::getFieldNames() const {
  return getImpl()->fieldNames;
}
ArrayRef<unsigned> StructType::getFieldHints() const {
  return getImpl()->fieldHints;
}

std::optional<unsigned> StructType::getFieldIndex(StringRef name) const {
  for (auto [index, fieldName] : llvm::enumerate(getFieldNames()))
    if (fieldName == name)
      return index;
  return std::nullopt;
}

//===----------------------------------------------------------------------===//
// PaddingType
//===----------------------------------------------------------------------===//

LogicalResult PaddingType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  uint32_t size) {
  if (size == 0)
    return emitError() << "padding must be at least one byte";
  return success();
}

//===----------------------------------------------------------------------===//
// PointerType
//===----------------------------------------------------------------------===//

Type PointerType::parse(AsmParser &parser) {
  Type pointee;
  AddressSpace space = AddressSpace::Function;
  if (parser.parseLess() || parser.parseType(pointee))
    return {};
  if (succeeded(parser.parseOptionalComma())) {
    StringRef keyword;
    SMLoc loc = parser.getCurrentLocation();
    if (parser.parseKeyword(&keyword))
      return {};
    std::optional<AddressSpace> parsed = symbolizeAddressSpace(keyword);
    if (!parsed) {
      parser.emitError(loc, "unknown address space '") << keyword << "'";
      return {};
    }
    space = *parsed;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<PointerType>(parser.getContext(), pointee, space);
}

void PointerType::print(AsmPrinter &printer) const {
  printer << '<' << getPointee();
  if (getAddressSpace() != AddressSpace::Function)
    printer << ", " << stringifyAddressSpace(getAddressSpace());
  printer << '>';
}

LogicalResult PointerType::verify(function_ref<InFlightDiagnostic()> emitError,
                                  Type pointee, AddressSpace) {
  if (isa<PointerType, PaddingType>(pointee))
    return emitError() << "cannot point to " << pointee;
  return success();
}

//===----------------------------------------------------------------------===//
// ResourceType
//===----------------------------------------------------------------------===//

Type ResourceType::parse(AsmParser &parser) {
  StringRef keyword;
  Type elementType;
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  if (parser.parseKeyword(&keyword))
    return {};
  std::optional<ResourceKind> kind = symbolizeResourceKind(keyword);
  if (!kind) {
    parser.emitError(loc, "unknown resource kind '") << keyword << "'";
    return {};
  }
  if (succeeded(parser.parseOptionalComma()) && parser.parseType(elementType))
    return {};
  if (parser.parseGreater())
    return {};
  return parser.getChecked<ResourceType>(parser.getContext(), *kind,
                                         elementType);
}

void ResourceType::print(AsmPrinter &printer) const {
  printer << '<' << stringifyResourceKind(getKind());
  if (getElementType())
    printer << ", " << getElementType();
  printer << '>';
}

/// Typed buffer and texture elements: up to four 32-bit (or 16/64-bit)
/// components, with the signedness of integers spelled out.
static bool isTypedElement(Type type) {
  Type scalar = type;
  if (auto vec = dyn_cast<VectorType>(type)) {
    if (vec.getRank() != 1 || vec.getNumElements() > 4)
      return false;
    scalar = vec.getElementType();
  }
  if (auto intType = dyn_cast<IntegerType>(scalar))
    return !intType.isSignless() &&
           llvm::is_contained({16u, 32u, 64u}, intType.getWidth());
  return scalar.isF16() || scalar.isF32() || scalar.isF64();
}

std::optional<unsigned> mlir::hlsl::getSamplerFeedbackKind(Type element) {
  auto tag = dyn_cast_or_null<StructType>(element);
  if (!tag || !tag.getFieldTypes().empty())
    return std::nullopt;
  if (tag.getName() == "SAMPLER_FEEDBACK_MIN_MIP")
    return 0;
  if (tag.getName() == "SAMPLER_FEEDBACK_MIP_REGION_USED")
    return 1;
  return std::nullopt;
}

LogicalResult ResourceType::verify(function_ref<InFlightDiagnostic()> emitError,
                                   ResourceKind kind, Type elementType) {
  StringRef name = stringifyResourceKind(kind);
  if (!hasElementType(kind)) {
    if (elementType)
      return emitError() << name << " has no element type";
    return success();
  }
  if (!elementType)
    return emitError() << name << " needs an element type";
  if (isTypedResource(kind)) {
    if (!isTypedElement(elementType))
      return emitError() << name
                         << " element must be a scalar or a vector of up to 4 "
                            "components with signed/unsigned integers "
                            "(si32/ui32) or floats, got "
                         << elementType;
    return success();
  }
  if (isFeedbackTexture(kind)) {
    if (!getSamplerFeedbackKind(elementType))
      return emitError() << name
                         << " element must be !hlsl.struct<\"SAMPLER_FEEDBACK_"
                            "MIN_MIP\"> or <\"SAMPLER_FEEDBACK_MIP_REGION_"
                            "USED\">, got "
                         << elementType;
    return success();
  }
  if (isConstantBufferKind(kind)) {
    if (!isa<StructType>(elementType) || !isDataType(elementType))
      return emitError() << name
                         << " element must be a struct of data, "
                            "got "
                         << elementType;
    return success();
  }
  if (!isDataType(elementType))
    return emitError() << name << " element must be a data type, got "
                       << elementType;
  return success();
}

ResourceClass ResourceType::getResourceClass() const {
  return hlsl::getResourceClass(getKind());
}

Type ResourceType::getValueType() const {
  Type type = getElementType();
  if (!type)
    return type;
  auto toSignless = [](Type scalar) -> Type {
    if (auto intType = dyn_cast<IntegerType>(scalar))
      return IntegerType::get(intType.getContext(), intType.getWidth());
    return scalar;
  };
  if (auto vec = dyn_cast<VectorType>(type))
    return VectorType::get(vec.getShape(), toSignless(vec.getElementType()));
  return toSignless(type);
}
