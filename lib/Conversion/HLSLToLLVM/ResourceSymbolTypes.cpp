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

#include "mlir/Dialect/LLVMIR/LLVMTypes.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// Builds the LLVM dialect types of resource symbols, naming identified
/// structs uniquely (a name reused with another body gets a suffix).
class SymbolTypeBuilder {
public:
  explicit SymbolTypeBuilder(MLIRContext *context) : context(context) {}

  Type getSymbolType(const ResourceInfo &info);

private:
  /// The in-memory type of data: bools are 32-bit, matrices are vectors of
  /// their elements, structs are named.
  Type convertData(Type type);
  /// HLSL spelling of a type in a template argument list, as DXC prints it.
  std::string spell(Type type);
  Type getNamedStruct(StringRef name, ArrayRef<Type> body);

  MLIRContext *context;
};
} // namespace

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
  if (auto matrix = dyn_cast<MatrixType>(type))
    return VectorType::get({int64_t(matrix.getNumElements())},
                           convertData(matrix.getElementType()));
  if (auto array = dyn_cast<ArrayType>(type))
    return LLVM::LLVMArrayType::get(convertData(array.getElementType()),
                                    std::max<int64_t>(array.getSize(), 0));
  if (auto padding = dyn_cast<PaddingType>(type))
    return LLVM::LLVMArrayType::get(IntegerType::get(context, 8),
                                    padding.getSize());
  if (auto st = dyn_cast<StructType>(type)) {
    SmallVector<Type> fields;
    for (Type field : st.getFieldTypes())
      fields.push_back(convertData(field));
    return getNamedStruct(("struct." + st.getName()).str(), fields);
  }
  return type;
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
    SmallVector<Type> members;
    for (auto member : cbuffer.getOps<CBufferMemberOp>())
      members.push_back(convertData(member.getType()));
    single = getNamedStruct(cbuffer.getSourceName(), members);
  } else {
    auto resource = cast<ResourceOp>(info.decl);
    ResourceType type = resource.getResourceType();
    StringRef kind = stringifyResourceKind(type.getKind());
    shape = resource.getShape();
    if (!type.getElementType()) {
      // Byte-address buffers and samplers: DXC's `{ i32 }` structs.
      single = getNamedStruct(("struct." + kind).str(),
                              {IntegerType::get(context, 32)});
    } else {
      std::string element = spell(type.getElementType());
      // DXC closes a template argument that ends in '>' with " >".
      std::string name = ("class." + kind + "<" + element +
                          (StringRef(element).ends_with(">") ? " >" : ">"))
                             .str();
      single = getNamedStruct(name, {convertData(type.getValueType())});
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

SmallVector<Type> mlir::hlsl::getResourceSymbolTypes(const ResourceTable &table,
                                                     MLIRContext *context) {
  SymbolTypeBuilder builder(context);
  SmallVector<Type> types;
  for (const ResourceInfo &info : table.getRecords())
    types.push_back(builder.getSymbolType(info));
  return types;
}
