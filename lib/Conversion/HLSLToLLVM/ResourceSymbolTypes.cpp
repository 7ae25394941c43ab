//===- ResourceSymbolTypes.cpp - types of !dx.resources symbols -----------===//
//
// Every !dx.resources record names its resource with a symbol, an undef
// pointer whose pointee is the resource's HLSL type as DXC spells it:
// `%"class.RWBuffer<vector<float, 4> >" = type { <4 x float> }`,
// `[4 x %"class.Texture2D<float>"]` for an array, `%"$Globals"` (the
// members) for a constant buffer. DXC's validator reads that pointee: a
// constant buffer's must be a struct, a typed resource's first field is its
// element type (the validator sizes and counts components with it) and, for
// SM 6.0-6.5, only an array pointee may be indexed dynamically. LLVM 22 has
// no typed pointers, so the LLVM module holds an undef of the pointee type
// itself and the DXIL writer writes it as an undef pointer to that type.
//
//===----------------------------------------------------------------------===//

#include "DXILResources.h"

#include "HLSL/Dialect/HLSL/Transforms/CBufferLayout.h"

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// Builds the LLVM dialect types of resource symbols, naming identified
/// structs uniquely (a name reused with another body gets a suffix), and
/// the type annotation of every struct it names.
class SymbolTypeBuilder {
public:
  explicit SymbolTypeBuilder(MLIRContext *context)
      : context(context), b(context) {}

  Type getSymbolType(const ResourceInfo &info);
  SmallVector<StructAnnotation> takeAnnotations() {
    return std::move(annotations);
  }

private:
  /// The in-memory type of data: bools are 32-bit, matrices arrays of the
  /// vectors they are stored as, structs named.
  Type convertData(Type type);
  /// HLSL spelling of a type in a template argument list, as DXC prints it.
  std::string spell(Type type);
  Type getNamedStruct(StringRef name, ArrayRef<Type> body);
  /// The named struct of an HLSL struct, annotated on first use.
  Type convertStruct(StructType type);
  /// Annotates a struct made of fields called \p names, of HLSL types
  /// \p types, at \p offsets, with StructFieldHint bits \p hints (none if
  /// empty). Which fields the shader reads is set on the final code
  /// (setCBufferUsageForDXIL).
  void annotate(Type structType, uint64_t cbufferSize,
                ArrayRef<StringRef> names, ArrayRef<Type> types,
                ArrayRef<uint64_t> offsets, ArrayRef<unsigned> hints = {},
                Attribute templateArgs = {});
  Attribute i32(int64_t v) { return b.getI32IntegerAttr(int32_t(v)); }

  MLIRContext *context;
  Builder b;
  llvm::DenseMap<Type, Type> structs;
  /// Annotated LLVM structs: their index in `annotations` and how many of
  /// their fields are unsigned.
  llvm::DenseMap<Type, std::pair<size_t, unsigned>> annotated;
  SmallVector<StructAnnotation> annotations;
};
} // namespace

/// DXC names a type whose host layout differs from its HLSL type (it holds
/// a matrix, stored as an array of vectors) `hostlayout.<name>`.
static bool containsMatrix(Type type) {
  return anyNestedType(type, [](Type t) { return isa<MatrixType>(t); });
}

static std::string hostLayoutName(StringRef name, ArrayRef<Type> fields) {
  return (llvm::any_of(fields, containsMatrix) ? "hostlayout." : "") +
         name.str();
}

Type SymbolTypeBuilder::getNamedStruct(StringRef name, ArrayRef<Type> body) {
  auto type = LLVM::LLVMStructType::getIdentified(context, name);
  if (!type.isInitialized()) {
    (void)type.setBody(body, /*isPacked=*/false);
    return type;
  }
  if (type.getBody() == body)
    return type;
  return LLVM::LLVMStructType::getNewIdentified(context, name, body);
}

Type SymbolTypeBuilder::convertData(Type type) {
  if (type.isInteger(1))
    return IntegerType::get(context, 32);
  if (auto integer = dyn_cast<IntegerType>(type))
    return IntegerType::get(context, integer.getWidth());
  if (auto vec = dyn_cast<VectorType>(type))
    return VectorType::get(vec.getShape(), convertData(vec.getElementType()));
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    // An array of its columns (rows if row_major); one vector is the
    // vector itself, as DXC writes it.
    CBufferMatrixLayout layout = getCBufferMatrixLayout(matrix);
    Type vector = VectorType::get({int64_t(layout.vectorLength)},
                                  convertData(matrix.getElementType()));
    if (layout.numVectors == 1)
      return vector;
    return LLVM::LLVMArrayType::get(vector, layout.numVectors);
  }
  if (auto array = dyn_cast<ArrayType>(type))
    return LLVM::LLVMArrayType::get(convertData(array.getElementType()),
                                    std::max<int64_t>(array.getSize(), 0));
  if (auto padding = dyn_cast<PaddingType>(type))
    return LLVM::LLVMArrayType::get(IntegerType::get(context, 8),
                                    padding.getSize());
  if (auto st = dyn_cast<StructType>(type))
    return convertStruct(st);
  return type;
}

Type SymbolTypeBuilder::convertStruct(StructType type) {
  if (Type known = structs.lookup(type))
    return known;
  SmallVector<Type> fields;
  for (Type field : type.getFieldTypes())
    fields.push_back(convertData(field));
  Type result = getNamedStruct(
      hostLayoutName(("struct." + type.getName()).str(), type.getFieldTypes()),
      fields);
  structs[type] = result;
  SmallVector<uint64_t> offsets = getCBufferFieldOffsets(type);
  annotate(result, getCBufferSize(type), type.getFieldNames(),
           type.getFieldTypes(), offsets, type.getFieldHints());
  return result;
}

/// DXIL ComponentType of a scalar in the type annotations (bool is I1). A
/// minimum-precision scalar held in 32 bits is described as its 16-bit
/// type, as DXC describes it (reflection reports min16float, not float).
static unsigned getAnnotationComponentType(Type scalar, bool minPrecision) {
  if (scalar.isInteger(1))
    return 1;
  if (minPrecision && scalar.isF32())
    scalar = Float16Type::get(scalar.getContext());
  if (auto integer = dyn_cast<IntegerType>(scalar);
      minPrecision && integer && integer.getWidth() == 32)
    scalar = IntegerType::get(scalar.getContext(), 16, integer.getSignedness());
  return getComponentType(scalar);
}

void SymbolTypeBuilder::annotate(Type structType, uint64_t cbufferSize,
                                 ArrayRef<StringRef> names,
                                 ArrayRef<Type> types,
                                 ArrayRef<uint64_t> offsets,
                                 ArrayRef<unsigned> hints,
                                 Attribute templateArgs) {
  StructAnnotation annotation;
  annotation.type = structType;
  annotation.cbufferSize = uint32_t(cbufferSize);
  unsigned unsignedFields = 0;
  for (auto [index, field] :
       llvm::enumerate(llvm::zip_equal(names, types, offsets))) {
    auto [name, type, offset] = field;
    bool minPrecision =
        !hints.empty() && (hints[index] & MinPrecisionField) != 0;
    // DXIL's field annotation tags (DxilMetadataHelper): 6 name, 2 matrix
    // shape, 3 offset, 7 component type, 13 vector size (9, used, is set
    // on the final code). A base class is a field named after it.
    StringRef fieldName = name;
    fieldName.consume_front("__base_");
    SmallVector<Attribute> tags;
    if (!isBitFieldUnitName(name))
      tags = {i32(6), b.getStringAttr(fieldName)};
    Type element = type;
    while (auto array = dyn_cast<ArrayType>(element))
      element = array.getElementType();
    if (auto matrix = dyn_cast<MatrixType>(element))
      tags.append({i32(2), b.getArrayAttr({i32(matrix.getRows()),
                                           i32(matrix.getColumns()),
                                           i32(matrix.isRowMajor() ? 1 : 2)})});
    tags.append({i32(3), i32(offset)});
    if (!isa<StructType>(element)) {
      Type scalar = getCBufferScalarType(element);
      tags.append(
          {i32(7), i32(getAnnotationComponentType(scalar, minPrecision))});
      unsignedFields += scalar.isUnsignedInteger();
    }
    if (auto vec = dyn_cast<VectorType>(element))
      tags.append({i32(13), i32(vec.getNumElements())});
    annotation.fields.push_back(b.getArrayAttr(tags));
  }
  annotation.templateArgs = templateArgs;
  // HLSL types that differ only in integer signedness (a constant buffer
  // member's declared type, a structured buffer's signless element) share
  // an LLVM struct: its annotation is the one that knows the unsigned
  // fields.
  auto [it, inserted] =
      annotated.try_emplace(structType, annotations.size(), unsignedFields);
  if (inserted) {
    annotations.push_back(std::move(annotation));
  } else if (unsignedFields > it->second.second) {
    annotation.templateArgs = annotations[it->second.first].templateArgs;
    annotations[it->second.first] = std::move(annotation);
    it->second.second = unsignedFields;
  }
}

std::string SymbolTypeBuilder::spell(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  if (type.isF16()) {
    os << "half";
  } else if (type.isF32()) {
    os << "float";
  } else if (type.isF64()) {
    os << "double";
  } else if (type.isInteger(1)) {
    os << "bool";
  } else if (auto integer = dyn_cast<IntegerType>(type)) {
    unsigned width = integer.getWidth();
    os << (integer.isUnsigned() ? "unsigned " : "")
       << (width == 16   ? "short"
           : width == 64 ? "long long"
                         : "int");
  } else if (auto vec = dyn_cast<VectorType>(type)) {
    os << "vector<" << spell(vec.getElementType()) << ", "
       << vec.getNumElements() << ">";
  } else if (auto matrix = dyn_cast<MatrixType>(type)) {
    os << "matrix<" << spell(matrix.getElementType()) << ", "
       << matrix.getRows() << ", " << matrix.getColumns() << ">";
  } else if (auto array = dyn_cast<ArrayType>(type)) {
    os << spell(array.getElementType()) << " [" << array.getSize() << "]";
  } else if (auto st = dyn_cast<StructType>(type)) {
    os << st.getName();
  } else {
    os << type;
  }
  return text;
}

Type SymbolTypeBuilder::getSymbolType(const ResourceInfo &info) {
  Type single;
  SmallVector<int64_t> shape;
  if (auto cbuffer = dyn_cast<CBufferOp>(info.decl)) {
    SmallVector<StringRef> names;
    SmallVector<Type> types, members;
    SmallVector<uint64_t> offsets;
    SmallVector<unsigned> hints;
    for (auto member : cbuffer.getOps<CBufferMemberOp>()) {
      names.push_back(member.getSymName());
      types.push_back(member.getReflectedType());
      members.push_back(convertData(member.getReflectedType()));
      offsets.push_back(member.getOffset().value_or(0));
      hints.push_back(member.getFieldHints());
    }
    uint64_t size = cbuffer.getSize().value_or(0);
    if (cbuffer.getKind() == CBufferKind::ConstantBuffer ||
        cbuffer.getContents()) {
      // DXC's ConstantBuffer<T> (and TextureBuffer<T>) is a struct of one T
      // named after the buffer.
      auto contents = StructType::get(
          context, cbuffer.getContents().value_or(cbuffer.getSourceName()),
          types, names, hints);
      Type inner = convertStruct(contents);
      single = getNamedStruct(
          hostLayoutName(cbuffer.getSourceName(), {contents}), {inner});
      annotate(single, size, {cbuffer.getSourceName()}, {Type(contents)},
               {uint64_t(0)});
    } else {
      single = getNamedStruct(hostLayoutName(cbuffer.getSourceName(), types),
                              members);
      annotate(single, size, names, types, offsets, hints);
    }
  } else {
    auto resource = cast<ResourceOp>(info.decl);
    ResourceType type = resource.getResourceType();
    StringRef kind = stringifyResourceKind(type.getKind());
    shape = resource.getShape();
    if (isFeedbackTexture(type.getKind())) {
      // DXC names the feedback kind by its number:
      // `%"class.FeedbackTexture2D<0>" = type { i32 }`.
      single = getNamedStruct(
          ("class." + kind + "<" +
           llvm::Twine(
               getSamplerFeedbackKind(type.getElementType()).value_or(0)) +
           ">")
              .str(),
          {IntegerType::get(context, 32)});
    } else if (!type.getElementType()) {
      // Byte-address buffers and samplers: DXC's `{ i32 }` structs.
      single = getNamedStruct(("struct." + kind).str(),
                              {IntegerType::get(context, 32)});
    } else {
      std::string element = spell(type.getElementType());
      // DXC closes a template argument that ends in '>' with " >".
      std::string name = ("class." + kind + "<" + element +
                          (StringRef(element).ends_with(">") ? " >" : ">"))
                             .str();
      // A ConstantBuffer<T>'s T as declared: reflection shows its unsigned
      // integers (the LLVM struct is the same).
      Type value = resource.getDeclaredElement().value_or(type.getValueType());
      Type converted = convertData(value);
      // A ConstantBuffer<T> or TextureBuffer<T> (array) is a struct of one T
      // named after the variable (`%cbs = type { %struct.S }`), as DXC
      // describes a single ConstantBuffer<T>: the reflection names each
      // array's member after its own variable. Structured buffers are
      // annotated (their element is reflected), with the element type as
      // template argument.
      bool constantBuffer = isConstantBufferKind(type.getKind());
      single = getNamedStruct(
          hostLayoutName(constantBuffer ? info.name : name, {value}),
          {converted});
      if (constantBuffer)
        annotate(single, getCBufferSize(value), {StringRef(info.name)}, {value},
                 {uint64_t(0)});
      else if (info.shape == dxil::ResourceShape::StructuredBuffer)
        annotate(single, getCBufferSize(value), {"h"}, {value}, {uint64_t(0)},
                 {},
                 b.getArrayAttr(
                     {i32(0), b.getArrayAttr({b.getArrayAttr(
                                  {i32(0), TypeAttr::get(converted)})})}));
    }
  }
  // DXC's validator looks one array level deep for a constant buffer's
  // struct: multi-dimensional ConstantBuffer<T> arrays are one flat range.
  if (info.cls == ResourceClass::CBV && shape.size() > 1) {
    int64_t total = 1;
    for (int64_t dim : shape)
      total *= std::max<int64_t>(dim, 0);
    shape = {total};
  }
  Type result = single;
  for (int64_t dim : llvm::reverse(shape))
    result = LLVM::LLVMArrayType::get(result, std::max<int64_t>(dim, 0));
  return result;
}

ResourceSymbols mlir::hlsl::getResourceSymbols(const ResourceTable &table,
                                               MLIRContext *context) {
  SymbolTypeBuilder builder(context);
  ResourceSymbols symbols;
  for (const ResourceInfo &info : table.getRecords())
    symbols.types.push_back(builder.getSymbolType(info));
  symbols.annotations = builder.takeAnnotations();
  return symbols;
}
