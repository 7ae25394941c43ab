//===- HLSLTypes.td - hlsl dialect types -------------------*- tablegen -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLTYPES_TD
#define HLSL_DIALECT_HLSL_IR_HLSLTYPES_TD

include "HLSL/Dialect/HLSL/IR/HLSLDialect.td"
include "HLSL/Dialect/HLSL/IR/HLSLEnums.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/BuiltinTypeInterfaces.td"

class HLSL_Type<string name, string typeMnemonic, list<Trait> traits = []>
    : TypeDef<HLSL_Dialect, name, traits> {
  let mnemonic = typeMnemonic;
}

def HLSL_ArrayType : HLSL_Type<"Array", "array"> {
  let summary = "HLSL array, a value type";
  let description = [{
    Arrays are values: passing or assigning one copies it. `?` is an
    unbounded size; only the outermost dimension may be unbounded (global
    resource arrays `B[]`, `E[][4]` and unsized array parameters).

    ```mlir
    !hlsl.array<4 x f32>
    !hlsl.array<? x !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>>
    ```
  }];
  let parameters = (ins "int64_t":$size, "::mlir::Type":$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    static constexpr int64_t kUnbounded = -1;
    bool isUnbounded() const { return getSize() == kUnbounded; }
    /// Sizes of all nested array dimensions, outermost first.
    llvm::SmallVector<int64_t> getShape() const;
    /// The innermost non-array element type.
    ::mlir::Type getInnermostElementType() const;
  }];
}

def HLSL_MatrixType : HLSL_Type<"Matrix", "matrix"> {
  let summary = "HLSL matrix with its memory order";
  let description = [{
    A `rows x columns` matrix of scalars. The order only matters where the
    matrix is stored in memory with a layout (constant and structured
    buffers); element-wise arithmetic goes through `hlsl.matrix_cast` to a
    flat row-major vector.

    ```mlir
    !hlsl.matrix<4x4xf32>
    !hlsl.matrix<3x2xi32, row_major>
    ```
  }];
  let parameters = (ins "unsigned":$rows, "unsigned":$columns,
                        "::mlir::Type":$elementType,
                        "::mlir::hlsl::MatrixOrder":$order);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "unsigned":$rows, "unsigned":$columns,
        "::mlir::Type":$elementType,
        CArg<"::mlir::hlsl::MatrixOrder", "::mlir::hlsl::MatrixOrder::ColumnMajor">:$order), [{
      return $_get(elementType.getContext(), rows, columns, elementType, order);
    }]>];
  let extraClassDeclaration = [{
    unsigned getNumElements() const { return getRows() * getColumns(); }
    bool isRowMajor() const { return getOrder() == MatrixOrder::RowMajor; }
  }];
}

def HLSL_StructType : HLSL_Type<"Struct", "struct"> {
  let summary = "HLSL structure, a value type";
  let description = [{
    A named record with named fields. Layout structures built by the cbuffer
    layout pass also contain unnamed `!hlsl.pad<N>` fields.

    A field may carry hints about its declaration that DXC's constant
    buffer layout of a struct depends on (StructFieldHint):
    `min_precision` (declared min16float, min16int, ...: with native 16-bit
    types DXC aligns it to 4 bytes in a struct; without them, reflection
    reports its 16-bit type) and `row_start` (a matrix that DXC starts on a
    new 16-byte row: it aligns a struct's matrix fields by the default
    orientation, not their own).

    ```mlir
    !hlsl.struct<"S", {a: i32, f: vector<3xf32>}>
    !hlsl.struct<"__cblayout_cb1", {i: i32, !hlsl.pad<12>, s: !hlsl.struct<"S", {v: i32}>, j: i32}>
    !hlsl.struct<"T", {h: f16, m: f16 min_precision, r: !hlsl.matrix<1x2xf32, row_major> row_start}>
    ```
  }];
  let parameters = (ins StringRefParameter<"struct name">:$name,
                        ArrayRefParameter<"::mlir::Type">:$fieldTypes,
                        ArrayRefParameter<"::llvm::StringRef">:$fieldNames,
                        ArrayRefParameter<"unsigned">:$fieldHints);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let genStorageClass = 0;
  let storageClass = "StructTypeStorage";
  let skipDefaultBuilders = 1;
  let builders = [
    TypeBuilder<(ins "::llvm::StringRef":$name,
                     "::llvm::ArrayRef<::mlir::Type>":$fieldTypes,
                     "::llvm::ArrayRef<::llvm::StringRef>":$fieldNames,
                     CArg<"::llvm::ArrayRef<unsigned>", "{}">:$fieldHints), [{
      // No hints at all is the empty list, so that equal structs are one
      // type however they were built.
      if (llvm::all_of(fieldHints, [](unsigned hint) { return hint == 0; }))
        fieldHints = {};
      return $_get($_ctxt, name, fieldTypes, fieldNames, fieldHints);
    }]>
  ];
  let extraClassDeclaration = [{
    unsigned getNumFields() const { return getFieldTypes().size(); }
    /// Index of the field called `name`, if any.
    std::optional<unsigned> getFieldIndex(llvm::StringRef name) const;
    /// The StructFieldHint bits of field `index`.
    unsigned getFieldHint(unsigned index) const {
      return getFieldHints().empty() ? 0 : getFieldHints()[index];
    }
  }];
}

def HLSL_PaddingType : HLSL_Type<"Padding", "pad"> {
  let summary = "explicit padding of a number of bytes";
  let description = [{
    Padding inside layout structures (seed 003): distinguishable from data so
    that logical field indices can be mapped to byte offsets.

    ```mlir
    !hlsl.pad<12>
    ```
  }];
  let parameters = (ins "uint32_t":$size);
  let assemblyFormat = "`<` $size `>`";
  let genVerifyDecl = 1;
}

def HLSL_PointerType : HLSL_Type<"Pointer", "ptr"> {
  let summary = "address of an HLSL object in some storage";
  let description = [{
    The address of an lvalue: a local variable (`function`), a `groupshared`
    or `static` global, a constant-buffer member (`constant`) or an element of
    a resource (`device`).

    ```mlir
    !hlsl.ptr<f32>
    !hlsl.ptr<!hlsl.array<64 x f32>, groupshared>
    ```
  }];
  let parameters = (ins "::mlir::Type":$pointee,
      DefaultValuedParameter<"::mlir::hlsl::AddressSpace",
                             "::mlir::hlsl::AddressSpace::Function">:$addressSpace);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let builders = [
    TypeBuilderWithInferredContext<(ins "::mlir::Type":$pointee,
        CArg<"::mlir::hlsl::AddressSpace", "::mlir::hlsl::AddressSpace::Function">:$space), [{
      return $_get(pointee.getContext(), pointee, space);
    }]>];
}

def HLSL_ResourceType : HLSL_Type<"Resource", "res"> {
  let summary = "handle of a bound resource";
  let description = [{
    A handle to a buffer, texture, sampler or constant buffer. The element
    type of typed buffers and textures keeps the signedness of integer
    components (`ui32`, `si32`) because DXIL records it; structured buffers
    hold any data type; byte-address buffers and samplers have none.

    ```mlir
    !hlsl.res<RWBuffer, f32>
    !hlsl.res<Texture2D, vector<4xf32>>
    !hlsl.res<RWStructuredBuffer, !hlsl.struct<"P", {pos: vector<3xf32>}>>
    !hlsl.res<SamplerState>
    ```
  }];
  let parameters = (ins "::mlir::hlsl::ResourceKind":$kind,
                        OptionalParameter<"::mlir::Type">:$elementType);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    ResourceClass getResourceClass() const;
    /// The element type as the shader sees it: signed/unsigned integers
    /// become signless.
    ::mlir::Type getValueType() const;
  }];
}

def HLSL_AnyPointer : Type<CPred<"::llvm::isa<::mlir::hlsl::PointerType>($_self)">,
                           "hlsl pointer", "::mlir::hlsl::PointerType">;
def HLSL_AnyResource : Type<CPred<"::llvm::isa<::mlir::hlsl::ResourceType>($_self)">,
                            "hlsl resource", "::mlir::hlsl::ResourceType">;
def HLSL_AnyArray : Type<CPred<"::llvm::isa<::mlir::hlsl::ArrayType>($_self)">,
                         "hlsl array", "::mlir::hlsl::ArrayType">;
def HLSL_AnyMatrix : Type<CPred<"::llvm::isa<::mlir::hlsl::MatrixType>($_self)">,
                          "hlsl matrix", "::mlir::hlsl::MatrixType">;
def HLSL_AnyStruct : Type<CPred<"::llvm::isa<::mlir::hlsl::StructType>($_self)">,
                          "hlsl struct", "::mlir::hlsl::StructType">;

#endif // HLSL_DIALECT_HLSL_IR_HLSLTYPES_TD
