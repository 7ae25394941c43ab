//===- HLSLOps.td - hlsl dialect operations ----------------*- tablegen -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLOPS_TD
#define HLSL_DIALECT_HLSL_IR_HLSLOPS_TD

include "HLSL/Dialect/HLSL/IR/HLSLDialect.td"
include "HLSL/Dialect/HLSL/IR/HLSLAttributes.td"
include "HLSL/Dialect/HLSL/IR/HLSLTypes.td"
include "mlir/IR/SymbolInterfaces.td"
include "mlir/IR/OpAsmInterface.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"
include "mlir/Interfaces/InferTypeOpInterface.td"
include "mlir/Interfaces/MemorySlotInterfaces.td"

// Functions and calls are `func.func` / `func.call`: HLSL functions have no
// semantics beyond C functions once out-arguments are explicit pointers and
// arrays are values, and reusing `func` gives us the inliner interface,
// symbol DCE and the upstream LLVM conversion for free. Parameter directions,
// semantics, the shader stage and `numthreads` are dialect attributes
// (`hlsl.direction`, `hlsl.semantic`, `hlsl.shader`, `hlsl.numthreads`)
// checked by the dialect's attribute verifiers.

//===----------------------------------------------------------------------===//
// Module-level declarations
//===----------------------------------------------------------------------===//

def HLSL_ResourceOp : HLSL_Op<"resource", [Symbol]> {
  let summary = "global resource or resource array declaration";
  let description = [{
    Declares a resource, or a (multi-dimensional, possibly unbounded) array
    of resources, with its binding. Element handles are obtained with
    `hlsl.resource_handle`, sub-arrays with `hlsl.resource_slice`.

    ```mlir
    hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u10>
    hlsl.resource @D : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 1>
    hlsl.resource @T : !hlsl.res<Texture2D, vector<4xf32>> binding <space1, order 2>
    ```

    The struct of a `ConstantBuffer<T>` or `TextureBuffer<T>` (array) is
    signless like every other type of the dialect; when T has unsigned
    integers, `declared` keeps T as declared, for reflection.

    ```mlir
    hlsl.resource @B : !hlsl.array<4 x !hlsl.res<ConstantBuffer, !hlsl.struct<"Bar", {idx: vector<3xi32>}>>>
        declared !hlsl.struct<"Bar", {idx: vector<3xui32>}> binding <b1>
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type,
                       HLSL_BindingAttr:$binding,
                       OptionalAttr<TypeAttr>:$declared_element);
  let assemblyFormat = [{
    $sym_name `:` $type (`declared` $declared_element^)? `binding` $binding
    attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// The resource type of one element.
    ResourceType getResourceType();
    /// Number of registers the declaration occupies; nullopt if unbounded.
    std::optional<uint64_t> getRangeSize();
    /// Array dimensions, outermost first; empty for a single resource.
    llvm::SmallVector<int64_t> getShape();
  }];
}

def HLSL_CBufferOp : HLSL_Op<"cbuffer", [Symbol, SymbolTable, NoTerminator,
    SingleBlock, NoRegionArguments, IsolatedFromAbove]> {
  let summary = "constant buffer declaration";
  let description = [{
    A `cbuffer`, `tbuffer`, the implicit `$Globals` buffer or a
    `ConstantBuffer<T>`, with its members in declaration order. Source names
    of cbuffers need not be unique, so the symbol is made unique and the
    source name kept in `name`. Only members that take part in the layout
    are listed (no static, groupshared, resource, empty-struct or zero-sized
    array members). After the layout pass `layout` holds the padded layout
    structure, `size` the size in bytes without trailing padding and every
    member its byte `offset`. A `ConstantBuffer<T>` names T in `contents`
    (reflection describes it as a struct of one T).

    ```mlir
    hlsl.cbuffer @cb0 cbuffer binding <b0> {
      hlsl.cbuffer_member @x : i32 packoffset <c0.y>
      hlsl.cbuffer_member @y : f32 packoffset <c1.z>
    }
    ```
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, HLSL_CBufferKindAttr:$kind,
                       HLSL_BindingAttr:$binding,
                       OptionalAttr<StrAttr>:$name,
                       OptionalAttr<StrAttr>:$contents,
                       OptionalAttr<TypeAttrOf<HLSL_AnyStruct>>:$layout,
                       OptionalAttr<I32Attr>:$size);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = [{
    $sym_name `` $kind `binding` $binding (`name` $name^)?
    (`contents` $contents^)? (`layout` $layout^)?
    (`size` $size^)? attr-dict-with-keyword $body
  }];
  let hasVerifier = 1;
  let skipDefaultBuilders = 1;
  let builders = [OpBuilder<(ins "llvm::StringRef":$symName,
      "CBufferKind":$kind, "BindingAttr":$binding)>];
  let extraClassDeclaration = [{
    /// A ConstantBuffer<T> or TextureBuffer<T>: DXC lays out its members
    /// as the fields of T.
    bool isBufferOfStruct() {
      return getKind() == CBufferKind::ConstantBuffer || getContents();
    }
    /// The name the user wrote (`$Globals` for the implicit buffer).
    llvm::StringRef getSourceName() {
      return getName() ? *getName() : getSymName();
    }
  }];
}

def HLSL_CBufferMemberOp : HLSL_Op<"cbuffer_member", [Symbol,
    HasParent<"CBufferOp">]> {
  let summary = "one constant of a constant buffer";
  let description = [{
    ```mlir
    hlsl.cbuffer_member @F : vector<4xf32>
    hlsl.cbuffer_member @k : i32 packoffset <c1.y>
    hlsl.cbuffer_member @g : vector<2xf32> offset 20
    ```

    Values are signless; where
    the declared type has unsigned integers, `declared` keeps it
    (same shape as `type`) for the reflection data.

    DXC lays out the members of a `cbuffer` or `tbuffer` block and those
    of a `ConstantBuffer<T>` or `TextureBuffer<T>` (the fields of T) by
    different rules, and `min_precision` follows them. In a block, it marks
    a member of a minimum-precision type (min16float, min16int, ...;
    without native 16-bit types) held in 32 bits, or a matrix of bool,
    which DXC counts as one: the layout starts a new 16-byte row where the
    block goes from such members to full-precision ones or back. In a
    buffer of T, it marks a field declared with a minimum-precision type
    and `row_start` a matrix DXC starts on a new row, as the field hints of
    a struct (!hlsl.struct) do.
  }];
  let arguments = (ins SymbolNameAttr:$sym_name, TypeAttr:$type,
                       OptionalAttr<HLSL_PackOffsetAttr>:$packoffset,
                       OptionalAttr<I32Attr>:$offset,
                       OptionalAttr<TypeAttr>:$declared_type,
                       UnitAttr:$min_precision, UnitAttr:$row_start);
  let assemblyFormat = [{
    $sym_name `:` $type (`declared` $declared_type^)?
    (`min_precision` $min_precision^)? (`row_start` $row_start^)?
    (`packoffset` $packoffset^)? (`offset` $offset^)? attr-dict
  }];
  let extraClassDeclaration = [{
    /// The declared type: integers keep their signedness.
    mlir::Type getReflectedType() {
      return getDeclaredType() ? *getDeclaredType() : getType();
    }
    /// The member's StructFieldHint bits, for a buffer of T.
    unsigned getFieldHints() {
      return (getMinPrecision() ? MinPrecisionField : 0) |
             (getRowStart() ? RowStartField : 0);
    }
  }];
  let hasVerifier = 1;
}

def HLSL_GlobalOp : HLSL_Op<"global", [Symbol, IsolatedFromAbove]> {
  let summary = "static or groupshared module-level variable";
  let description = [{
    A `static` (thread-private) or `groupshared` global variable. The
    optional `init` region computes the initial value of a static global.

    ```mlir
    hlsl.global groupshared @tile : !hlsl.array<64 x f32>
    hlsl.global static @scale : f32 init {
      %c = arith.constant 2.0 : f32
      hlsl.yield %c : f32
    }
    ```
  }];
  let arguments = (ins HLSL_GlobalKindAttr:$kind, SymbolNameAttr:$sym_name,
                       TypeAttr:$type, UnitAttr:$constant);
  let regions = (region MaxSizedRegion<1>:$init);
  let assemblyFormat = [{
    `` $kind (`const` $constant^)? $sym_name `:` $type (`init` $init^)? attr-dict
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    AddressSpace getAddressSpace() {
      return getKind() == GlobalKind::GroupShared ? AddressSpace::GroupShared
                                                  : AddressSpace::Static;
    }
  }];
}

//===----------------------------------------------------------------------===//
// Addresses and memory
//===----------------------------------------------------------------------===//

def HLSL_VarOp : HLSL_Op<"var", [
    DeclareOpInterfaceMethods<PromotableAllocationOpInterface>]> {
  let summary = "function-local variable";
  let description = [{
    Allocates a local variable and returns its address. The name is the
    source name, kept for readability.

    ```mlir
    %v = hlsl.var "V" : !hlsl.ptr<i32>
    ```
  }];
  let arguments = (ins OptionalAttr<StrAttr>:$name);
  let results = (outs Res<HLSL_AnyPointer, "",
                          [MemAlloc<AutomaticAllocationScopeResource>]>:$addr);
  let assemblyFormat = "($name^)? attr-dict `:` qualified(type($addr))";
  let hasVerifier = 1;
}

def HLSL_GlobalAddrOp : HLSL_Op<"global_addr", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "address of a static or groupshared global";
  let description = [{
    ```mlir
    %p = hlsl.global_addr @tile : !hlsl.ptr<!hlsl.array<64 x f32>, groupshared>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$global);
  let results = (outs HLSL_AnyPointer:$addr);
  let assemblyFormat = "$global attr-dict `:` qualified(type($addr))";
}

def HLSL_CBufferAddrOp : HLSL_Op<"cbuffer_addr", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "address of a constant buffer member";
  let description = [{
    ```mlir
    %p = hlsl.cbuffer_addr @cb0::@y : !hlsl.ptr<f32, constant>
    ```
  }];
  let arguments = (ins SymbolRefAttr:$member);
  let results = (outs HLSL_AnyPointer:$addr);
  let assemblyFormat = "$member attr-dict `:` qualified(type($addr))";
  let extraClassDeclaration = [{
    CBufferMemberOp lookupMember(SymbolTableCollection *tables = nullptr);
  }];
}

def HLSL_ConstantBufferAddrOp : HLSL_Op<"constant_buffer_addr", [Pure]> {
  let summary = "address of the contents of a ConstantBuffer<T> handle";
  let description = [{
    The `T` a `ConstantBuffer<T>` resource holds, as constant memory laid
    out by the constant buffer rules: how an element of a
    `ConstantBuffer<T>` array is read (`CBs[i].F`). `hlsl-lower-cbuffer-loads`
    turns loads from it into `hlsl.cbuffer_load_row`s of the handle.

    ```mlir
    %p = hlsl.constant_buffer_addr %h
           : !hlsl.res<ConstantBuffer, !hlsl.struct<"L", {k: i32}>>
           -> !hlsl.ptr<!hlsl.struct<"L", {k: i32}>, constant>
    ```
  }];
  let arguments = (ins HLSL_AnyResource:$handle);
  let results = (outs HLSL_AnyPointer:$addr);
  let assemblyFormat = [{
    $handle attr-dict `:` qualified(type($handle)) `->` qualified(type($addr))
  }];
  let hasVerifier = 1;
}

def HLSL_ConstantBufferHandleOp : HLSL_Op<"constant_buffer_handle", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a declared ConstantBuffer<T> or TextureBuffer<T> as a handle";
  let description = [{
    A `ConstantBuffer<T>` or `TextureBuffer<T>` variable is declared as an
    `hlsl.cbuffer` with T's fields as members; where the program uses it as
    a value (passes it to a function, returns it), this is its handle. After
    inlining, `hlsl-lower-cbuffer-loads` reads
    `hlsl.constant_buffer_addr` of it from the declared buffer again.

    ```mlir
    %h = hlsl.constant_buffer_handle @c
           : !hlsl.res<ConstantBuffer, !hlsl.struct<"S", {a: f32}>>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$cbuffer);
  let results = (outs HLSL_AnyResource:$handle);
  let assemblyFormat = "$cbuffer attr-dict `:` qualified(type($handle))";
}

def HLSL_LoadOp : HLSL_Op<"load", [
    DeclareOpInterfaceMethods<PromotableMemOpInterface>,
    TypesMatchWith<"result type is the pointee type", "addr", "result",
                   "::llvm::cast<PointerType>($_self).getPointee()">]> {
  let summary = "read the value at an address";
  let description = [{
    ```mlir
    %v = hlsl.load %p : !hlsl.ptr<f32>
    ```
  }];
  let arguments = (ins Arg<HLSL_AnyPointer, "", [MemRead]>:$addr);
  let results = (outs AnyType:$result);
  let assemblyFormat = "$addr attr-dict `:` qualified(type($addr))";
  let hasVerifier = 1;
}

def HLSL_StoreOp : HLSL_Op<"store", [
    DeclareOpInterfaceMethods<PromotableMemOpInterface>,
    TypesMatchWith<"stored value has the pointee type", "addr", "value",
                   "::llvm::cast<PointerType>($_self).getPointee()">]> {
  let summary = "write a value to an address";
  let description = [{
    ```mlir
    hlsl.store %v, %p : !hlsl.ptr<f32>
    ```
  }];
  let arguments = (ins AnyType:$value,
                       Arg<HLSL_AnyPointer, "", [MemWrite]>:$addr);
  let assemblyFormat = "$value `,` $addr attr-dict `:` qualified(type($addr))";
  let hasVerifier = 1;
}

def HLSL_ElementAddrOp : HLSL_Op<"element_addr", [Pure]> {
  let summary = "address of an array, vector or matrix-row element";
  let description = [{
    Indexes into the object at `base`: an array element, a vector component
    or a matrix row (a vector of `columns` elements).

    ```mlir
    %e = hlsl.element_addr %a[%i] : !hlsl.ptr<!hlsl.array<4 x f32>>, i32 -> !hlsl.ptr<f32>
    ```
  }];
  let arguments = (ins HLSL_AnyPointer:$base, AnySignlessInteger:$index);
  let results = (outs HLSL_AnyPointer:$addr);
  let assemblyFormat = [{
    $base `[` $index `]` attr-dict `:` qualified(type($base)) `,` type($index)
    `->` qualified(type($addr))
  }];
  let hasVerifier = 1;
}

def HLSL_FieldAddrOp : HLSL_Op<"field_addr", [Pure]> {
  let summary = "address of a struct field";
  let description = [{
    ```mlir
    %f = hlsl.field_addr %s[1] : !hlsl.ptr<!hlsl.struct<"S", {a: i32, b: f32}>> -> !hlsl.ptr<f32>
    ```
  }];
  let arguments = (ins HLSL_AnyPointer:$base, I32Attr:$index);
  let results = (outs HLSL_AnyPointer:$addr);
  let assemblyFormat = [{
    $base `[` $index `]` attr-dict `:` qualified(type($base)) `->`
    qualified(type($addr))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Resources
//===----------------------------------------------------------------------===//

def HLSL_ResourceHandleOp : HLSL_Op<"resource_handle", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "handle of one resource of a declaration";
  let description = [{
    The handle of a single resource, or of one element of a resource array
    with one index per dimension. The resource-array lowering pass turns the
    indices into a flattened index into the whole array's binding range.

    ```mlir
    %x = hlsl.resource_handle @X : !hlsl.res<RWBuffer, i32>
    %c = hlsl.resource_handle @C[%i, %j, %k] : !hlsl.res<RWBuffer, f32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$resource, Variadic<I32>:$indices);
  let results = (outs HLSL_AnyResource:$handle);
  let assemblyFormat = [{
    $resource (`[` $indices^ `]`)? attr-dict `:` qualified(type($handle))
  }];
}

def HLSL_ResourceSliceOp : HLSL_Op<"resource_slice", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "a resource array or sub-array as an array value";
  let description = [{
    The value of a global resource array (no index) or of a sub-array
    (`N[7]` of `N[10][5]`): an array of handles that still refer to the
    original declaration's binding range, copied like any array value.

    ```mlir
    %p = hlsl.resource_slice @N[%c7] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$resource, Variadic<I32>:$indices);
  let results = (outs HLSL_AnyArray:$result);
  let assemblyFormat = [{
    $resource (`[` $indices^ `]`)? attr-dict `:` qualified(type($result))
  }];
}

def HLSL_ResourceAddrOp : HLSL_Op<"resource_addr", [Pure]> {
  let summary = "address of a resource element (`operator[]`)";
  let description = [{
    The element of a typed or structured buffer, or the texel of a texture,
    as an lvalue in `device` memory. Textures take a coordinate vector with
    one component per dimension (plus the array slice).

    ```mlir
    %e = hlsl.resource_addr %h[%i] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
    ```
  }];
  let arguments = (ins HLSL_AnyResource:$handle, AnyType:$index);
  let results = (outs HLSL_AnyPointer:$addr);
  let assemblyFormat = [{
    $handle `[` $index `]` attr-dict `:` qualified(type($handle)) `,`
    type($index) `->` qualified(type($addr))
  }];
  let hasVerifier = 1;
}

def HLSL_CreateHandleOp : HLSL_Op<"create_handle", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "handle of an element of a resource declaration's range";
  let description = [{
    The handle of element `index` of the flattened binding range of a
    resource declaration: what `hlsl.resource_handle` with one index per
    dimension becomes after resource-array lowering. `C[1][0][3]` of
    `C[2][2][5]` is element 23; once bindings are assigned the register is
    the range's lower bound plus the index.

    ```mlir
    %h = hlsl.create_handle @C[%c23] : !hlsl.res<RWBuffer, f32>
    ```
  }];
  let arguments = (ins FlatSymbolRefAttr:$resource, I32:$index);
  let results = (outs HLSL_AnyResource:$handle);
  let assemblyFormat = [{
    $resource `[` $index `]` attr-dict `:` qualified(type($handle))
  }];
}

def HLSL_HeapHandleOp : HLSL_Op<"heap_handle", [Pure]> {
  let summary = "handle of a resource or sampler in a descriptor heap";
  let description = [{
    The handle of the descriptor at `index` of the resource descriptor heap
    (`ResourceDescriptorHeap[i]`), or of the sampler descriptor heap with
    `sampler` (`SamplerDescriptorHeap[i]`), taken as the result's resource
    type (SM 6.6 dynamic resources). `nonuniform` says that the index may
    differ between the threads of a wave.

    ```mlir
    %b = hlsl.heap_handle %i : i32 -> !hlsl.res<RWByteAddressBuffer>
    %s = hlsl.heap_handle sampler %j nonuniform : i32 -> !hlsl.res<SamplerState>
    ```
  }];
  let arguments = (ins UnitAttr:$sampler, I32:$index, UnitAttr:$nonuniform);
  let results = (outs HLSL_AnyResource:$handle);
  let assemblyFormat = [{
    (`sampler` $sampler^)? $index (`nonuniform` $nonuniform^)? attr-dict `:`
    type($index) `->` qualified(type($handle))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Calls: out/inout argument temporaries
//===----------------------------------------------------------------------===//

def HLSL_OutArgOp : HLSL_Op<"out_arg"> {
  let summary = "cx-value temporary for an out/inout argument";
  let description = [{
    The temporary passed for an `out` or `inout` parameter (seed 000). It
    names the argument lvalue (`lvalue`, the address the value is written
    back to, optionally narrowed to some `swizzle` components of a vector,
    or to some elements of a matrix, numbered row * columns + column, for
    members such as `m._m01_m10` that span rows),
    whether the temporary is initialized (`inout`) or starts undefined
    (`out`), the copy-in conversion from the lvalue's type to the parameter
    type and the write-back conversion from the parameter type back to the
    lvalue's type. Empty regions mean no conversion (the types match).

    The result must be an argument of exactly one call. After that call the
    temporaries are written back left to right in argument order, so
    `Init(V, V)` leaves the value of the second argument in `V`.

    ```mlir
    %t = hlsl.out_arg inout %F : !hlsl.ptr<vector<3xf32>> -> !hlsl.ptr<vector<3xi32>>
        copy_in {
        ^bb0(%v: vector<3xf32>):
          %i = arith.fptosi %v : vector<3xf32> to vector<3xi32>
          hlsl.yield %i : vector<3xi32>
        } write_back {
        ^bb0(%v: vector<3xi32>):
          %f = arith.sitofp %v : vector<3xi32> to vector<3xf32>
          hlsl.yield %f : vector<3xf32>
        }
    func.call @Trunc(%t) : (!hlsl.ptr<vector<3xi32>>) -> ()
    ```
  }];
  let arguments = (ins HLSL_ParamDirectionAttr:$direction,
                       HLSL_AnyPointer:$lvalue,
                       OptionalAttr<DenseI32ArrayAttr>:$swizzle);
  let results = (outs HLSL_AnyPointer:$temp);
  let regions = (region AnyRegion:$copyIn, AnyRegion:$writeBack);
  let assemblyFormat = [{
    `` $direction $lvalue (`swizzle` $swizzle^)? attr-dict `:`
    qualified(type($lvalue)) `->` qualified(type($temp))
    (`copy_in` $copyIn^)? (`write_back` $writeBack^)?
  }];
  let hasRegionVerifier = 1;
  let extraClassDeclaration = [{
    /// The type of the argument lvalue as the call site sees it (the
    /// swizzled vector or matrix members if there is a swizzle).
    ::mlir::Type getLValueType();
    bool isInOut() { return getDirection() == ParamDirection::InOut; }
  }];
}

def HLSL_YieldOp : HLSL_Op<"yield", [Pure, Terminator, ReturnLike,
    ParentOneOf<["OutArgOp", "GlobalOp"]>]> {
  let summary = "result of a conversion or initializer region";
  let arguments = (ins Variadic<AnyType>:$values);
  let assemblyFormat = "attr-dict ($values^ `:` type($values))?";
  let builders = [OpBuilder<(ins), [{ /* nothing to yield */ }]>];
}

//===----------------------------------------------------------------------===//
// Aggregate values
//===----------------------------------------------------------------------===//

def HLSL_UndefOp : HLSL_Op<"undef", [Pure]> {
  let summary = "undefined value";
  let description = [{
    The value of an uninitialized `out` temporary or variable.

    ```mlir
    %u = hlsl.undef : i32
    ```
  }];
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
}

def HLSL_ZeroOp : HLSL_Op<"zero", [Pure]> {
  let summary = "all-zero value of any data type";
  let description = [{
    ```mlir
    %z = hlsl.zero : !hlsl.array<4 x !hlsl.struct<"S", {a: i32}>>
    ```
  }];
  let results = (outs AnyType:$result);
  let assemblyFormat = "attr-dict `:` qualified(type($result))";
  let hasVerifier = 1;
}

def HLSL_ConstructOp : HLSL_Op<"construct", [Pure]> {
  let summary = "build an array, struct or matrix from its elements";
  let description = [{
    Arrays take one value per element, structs one per field, matrices one
    scalar per element in row-major order.

    ```mlir
    %a = hlsl.construct(%x, %y) : (f32, f32) -> !hlsl.array<2 x f32>
    ```
  }];
  let arguments = (ins Variadic<AnyType>:$elements);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    `(` $elements `)` attr-dict `:` functional-type($elements, $result)
  }];
  let hasVerifier = 1;
}

def HLSL_ArrayExtractOp : HLSL_Op<"array_extract", [Pure,
    TypesMatchWith<"result is the array element type", "array", "result",
                   "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "read an element of an array value";
  let description = [{
    ```mlir
    %e = hlsl.array_extract %a[%i] : !hlsl.array<4 x f32>, i32
    ```
  }];
  let arguments = (ins HLSL_AnyArray:$array, AnySignlessInteger:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $array `[` $index `]` attr-dict `:` qualified(type($array)) `,` type($index)
  }];
  let hasFolder = 1;
}

def HLSL_ArrayInsertOp : HLSL_Op<"array_insert", [Pure,
    AllTypesMatch<["array", "result"]>,
    TypesMatchWith<"value is the array element type", "array", "value",
                   "::llvm::cast<ArrayType>($_self).getElementType()">]> {
  let summary = "replace an element of an array value";
  let description = [{
    ```mlir
    %b = hlsl.array_insert %v, %a[%i] : !hlsl.array<4 x f32>, i32
    ```
  }];
  let arguments = (ins AnyType:$value, HLSL_AnyArray:$array,
                       AnySignlessInteger:$index);
  let results = (outs HLSL_AnyArray:$result);
  let assemblyFormat = [{
    $value `,` $array `[` $index `]` attr-dict `:` qualified(type($array)) `,`
    type($index)
  }];
}

def HLSL_FieldExtractOp : HLSL_Op<"field_extract", [Pure]> {
  let summary = "read a field of a struct value";
  let description = [{
    ```mlir
    %f = hlsl.field_extract %s[1] : !hlsl.struct<"S", {a: i32, b: f32}> -> f32
    ```
  }];
  let arguments = (ins HLSL_AnyStruct:$input, I32Attr:$index);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $input `[` $index `]` attr-dict `:` qualified(type($input)) `->`
    type($result)
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLSL_FieldInsertOp : HLSL_Op<"field_insert", [Pure,
    AllTypesMatch<["input", "result"]>]> {
  let summary = "replace a field of a struct value";
  let description = [{
    ```mlir
    %t = hlsl.field_insert %v, %s[1] : f32, !hlsl.struct<"S", {a: i32, b: f32}>
    ```
  }];
  let arguments = (ins AnyType:$value, HLSL_AnyStruct:$input, I32Attr:$index);
  let results = (outs HLSL_AnyStruct:$result);
  let assemblyFormat = [{
    $value `,` $input `[` $index `]` attr-dict `:` type($value) `,`
    qualified(type($input))
  }];
  let hasVerifier = 1;
}

def HLSL_PreciseOp : HLSL_Op<"precise", [Pure, SameOperandsAndResultType]> {
  let summary = "a value that is computed precisely";
  let description = [{
    The value stored to a `precise` variable or field, or returned by a
    `precise` function. It, and every operation it is computed from, is
    IEEE-strict: not refactored by the optimizer and not marked `fast` in
    DXIL (floating-point DXIL operations among them carry `!dx.precise`),
    as DXC does per value. The rest of the shader stays fast.

    ```mlir
    %p = hlsl.precise %v : vector<4xf32>
    ```
  }];
  let arguments = (ins AnyTypeOf<[AnyFloat, VectorOfAnyRankOf<[AnyFloat]>]>:$value);
  let results = (outs AnyTypeOf<[AnyFloat, VectorOfAnyRankOf<[AnyFloat]>]>:$result);
  let assemblyFormat = "$value attr-dict `:` type($value)";
}

def HLSL_MatrixCastOp : HLSL_Op<"matrix_cast", [Pure]> {
  let summary = "reinterpret a matrix as a row-major vector or back";
  let description = [{
    Matrix values take part in element-wise arithmetic through their flat
    row-major vector form; the cast also changes the memory order of a
    matrix (`row_major` <-> `column_major`), which keeps the logical value.

    ```mlir
    %v = hlsl.matrix_cast %m : !hlsl.matrix<2x2xf32> -> vector<4xf32>
    ```
  }];
  let arguments = (ins AnyType:$input);
  let results = (outs AnyType:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
  let hasFolder = 1;
}

def HLSL_ArrayCastOp : HLSL_Op<"array_cast", [Pure]> {
  let summary = "convert a sized array to an unsized array parameter";
  let description = [{
    A sized array converts to an unsized array parameter (`float a[]`); the
    opposite conversion is not allowed.

    ```mlir
    %u = hlsl.array_cast %a : !hlsl.array<4 x f32> -> !hlsl.array<? x f32>
    ```
  }];
  let arguments = (ins HLSL_AnyArray:$input);
  let results = (outs HLSL_AnyArray:$result);
  let assemblyFormat = [{
    $input attr-dict `:` qualified(type($input)) `->` qualified(type($result))
  }];
  let hasVerifier = 1;
}

//===----------------------------------------------------------------------===//
// Intrinsics
//===----------------------------------------------------------------------===//

def HLSL_IntrinsicOp : HLSL_Op<"intrinsic", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "call of an HLSL intrinsic or resource method";
  let description = [{
    An HLSL intrinsic function (`dot`, `firstbithigh`, `InterlockedAdd`,
    `GroupMemoryBarrierWithGroupSync`, ...) or resource method (`Sample`,
    `Load`, `GetDimensions`, `IncrementCounter`, ...) without a dedicated op
    or upstream equivalent. The name selects the semantics; resource methods
    take the handle as first operand, atomics the destination address.
    `out` parameters of intrinsics are `hlsl.out_arg` temporaries like for
    user functions. Intrinsics that only compute values are pure, so they
    fold away when unused; barriers, atomics and writes are not.

    ```mlir
    %d = hlsl.intrinsic "dot"(%a, %b) : (vector<3xf32>, vector<3xf32>) -> f32
    hlsl.intrinsic "GroupMemoryBarrierWithGroupSync"() : () -> ()
    ```
  }];
  let arguments = (ins StrAttr:$name, Variadic<AnyType>:$args);
  let results = (outs Optional<AnyType>:$result);
  let assemblyFormat = [{
    $name `(` $args `)` attr-dict `:` functional-type($args, results)
  }];
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    /// True for intrinsics without side effects (math, conversions, reads
    /// of read-only resources).
    bool isPure();
  }];
}

//===----------------------------------------------------------------------===//
// Ops created by the hlsl passes
//===----------------------------------------------------------------------===//

def HLSL_CBufferRow : AnyTypeOf<[
    VectorOfLengthAndType<[4], [I32, F32]>,
    VectorOfLengthAndType<[2], [I64, F64]>,
    VectorOfLengthAndType<[8], [I16, F16]>],
    "16-byte constant buffer row (vector of 4 x 32, 2 x 64 or 8 x 16 bits)">;

def HLSL_CBufferLoadRowOp : HLSL_Op<"cbuffer_load_row", [Pure,
    DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "read one 16-byte row of a constant buffer";
  let description = [{
    Reads row `row`, bytes `16 * row` to `16 * row + 15`, of a laid-out
    constant buffer: the unit of DXIL's `cbufferLoadLegacy`. The result
    type only chooses how the 16 bytes are viewed (4 x 32, 2 x 64 or 8 x 16
    bits), so reading a `double` needs no bitcast. Created by
    `hlsl-lower-cbuffer-loads` from `hlsl.load`s of `constant` addresses.
    Constant buffers do not change while a shader runs, hence no memory
    effects. The buffer is a declared `hlsl.cbuffer` (a symbol) or a
    `ConstantBuffer<T>` handle (an element of a `ConstantBuffer<T>` array).

    ```mlir
    %r = hlsl.cbuffer_load_row @cb0[%c1] : vector<4xf32>
    %y = vector.extract %r[2] : f32 from vector<4xf32>
    %s = hlsl.cbuffer_load_row %h[%c0] : vector<4xi32>
           from !hlsl.res<ConstantBuffer, !hlsl.struct<"L", {k: i32}>>
    ```
  }];
  let arguments = (ins OptionalAttr<FlatSymbolRefAttr>:$cbuffer,
                       Optional<HLSL_AnyResource>:$handle, I32:$row);
  let results = (outs HLSL_CBufferRow:$result);
  let assemblyFormat = [{
    ($cbuffer^)? ($handle^)? `[` $row `]` attr-dict `:` type($result)
    (`from` qualified(type($handle))^)?
  }];
  let hasVerifier = 1;
}


def HLSL_BufferValue : AnyTypeOf<[AnySignlessInteger, AnyFloat,
    VectorOfRankAndType<[1], [AnySignlessInteger, AnyFloat]>],
    "scalar or vector buffer value">;

def HLSL_ResourceIndex : AnyTypeOf<[I32, VectorOfRankAndType<[1], [I32]>],
    "element index or texture coordinates">;

def HLSL_BufferLoadOp : HLSL_Op<"buffer_load", [
    DeclareOpInterfaceMethods<MemoryEffectsOpInterface>]> {
  let summary = "read a scalar or vector from a buffer resource";
  let description = [{
    What a load through `hlsl.resource_addr` becomes once element and field
    addressing is resolved (`hlsl-lower-resource-access`). For textures
    `index` is the texel coordinate vector and `offset` 0; for typed
    buffers `index` is the element and `offset` is 0; for structured
    buffers `index` is the element and `offset` the byte offset inside it;
    for byte-address buffers `index` is the byte address and `offset` 0.
    At most four components are read at once. With `status`, the load
    also writes whether it touched only mapped memory (1 or 0, the
    `out uint status` of the method, as DXC computes it) to that address.

    ```mlir
    %v = hlsl.buffer_load %h[%i] offset %c12 : !hlsl.res<RWStructuredBuffer, !hlsl.struct<"P", {a: f32, b: vector<3xf32>}>>, i32 -> vector<3xf32>
    %w = hlsl.buffer_load %b[%a] offset %c0 status %s : !hlsl.res<ByteAddressBuffer>, i32 -> i32, !hlsl.ptr<i32>
    ```
  }];
  let arguments = (ins HLSL_AnyResource:$handle, HLSL_ResourceIndex:$index,
                       I32:$offset, Optional<HLSL_AnyPointer>:$status);
  let results = (outs HLSL_BufferValue:$result);
  let assemblyFormat = [{
    $handle `[` $index `]` `offset` $offset (`status` $status^)? attr-dict `:`
    qualified(type($handle)) `,` type($index) `->` type($result)
    (`,` qualified(type($status))^)?
  }];
  let hasVerifier = 1;
}

def HLSL_BufferStoreOp : HLSL_Op<"buffer_store", [
    MemoryEffects<[MemWrite]>]> {
  let summary = "write a scalar or vector to a buffer resource";
  let description = [{
    The store counterpart of `hlsl.buffer_load`, with the same addressing.

    ```mlir
    hlsl.buffer_store %v, %h[%i] offset %c0 : f32, !hlsl.res<RWBuffer, f32>, i32
    ```
  }];
  let arguments = (ins HLSL_BufferValue:$value, HLSL_AnyResource:$handle,
                       HLSL_ResourceIndex:$index, I32:$offset);
  let assemblyFormat = [{
    $value `,` $handle `[` $index `]` `offset` $offset attr-dict `:`
    type($value) `,` qualified(type($handle)) `,` type($index)
  }];
  let hasVerifier = 1;
}

def HLSL_BufferAtomicOp : HLSL_Op<"buffer_atomic"> {
  let summary = "atomic read-modify-write of a buffer element";
  let description = [{
    `InterlockedAdd(buf[i], v)` and friends on a UAV element (of a buffer
    or a texture), addressed like `hlsl.buffer_load`; returns the previous
    value. With `compare`, a
    compare-exchange: the element is replaced by `value` only if it equals
    `compare`.

    ```mlir
    %old = hlsl.buffer_atomic add %h[%i] offset %c0, %v : !hlsl.res<RWStructuredBuffer, i32>, i32, i32 -> i32
    ```
  }];
  let arguments = (ins HLSL_AtomicOpAttr:$kind, HLSL_AnyResource:$handle,
                       HLSL_ResourceIndex:$index, I32:$offset,
                       Optional<AnySignlessInteger>:$compare,
                       AnySignlessInteger:$value);
  let results = (outs AnySignlessInteger:$result);
  let assemblyFormat = [{
    `` $kind $handle `[` $index `]` `offset` $offset (`compare` $compare^)?
    `,` $value attr-dict `:` qualified(type($handle)) `,` type($index) `,`
    type($value) (`,` type($compare)^)? `->` type($result)
  }];
  let hasVerifier = 1;
}

#endif // HLSL_DIALECT_HLSL_IR_HLSLOPS_TD
