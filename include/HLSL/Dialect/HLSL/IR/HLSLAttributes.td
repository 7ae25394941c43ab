//===- HLSLAttributes.td - hlsl dialect attributes ---------*- tablegen -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLATTRIBUTES_TD
#define HLSL_DIALECT_HLSL_IR_HLSLATTRIBUTES_TD

include "HLSL/Dialect/HLSL/IR/HLSLDialect.td"
include "HLSL/Dialect/HLSL/IR/HLSLEnums.td"
include "mlir/IR/AttrTypeBase.td"

class HLSL_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<HLSL_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
}

def HLSL_ResourceClassAttr : EnumAttr<HLSL_Dialect, HLSL_ResourceClass, "resource_class">;
def HLSL_ParamDirectionAttr : EnumAttr<HLSL_Dialect, HLSL_ParamDirection, "direction">;
def HLSL_ShaderStageAttr : EnumAttr<HLSL_Dialect, HLSL_ShaderStage, "shader">;
def HLSL_CBufferKindAttr : EnumAttr<HLSL_Dialect, HLSL_CBufferKind, "cbuffer_kind">;
def HLSL_GlobalKindAttr : EnumAttr<HLSL_Dialect, HLSL_GlobalKind, "global_kind">;
def HLSL_AtomicOpAttr : EnumAttr<HLSL_Dialect, HLSL_AtomicOp, "atomic_op">;

def HLSL_BindingAttr : HLSL_Attr<"Binding", "binding"> {
  let summary = "register binding of a resource or constant buffer";
  let description = [{
    Where a resource (or resource array) is bound. Three forms come from
    source code:

    - explicit, `register(u10, space1)`: `#hlsl.binding<u10, space1>`;
    - space-only, `register(space1)`: `#hlsl.binding<space1, order 3>`;
    - implicit, no register annotation: `#hlsl.binding<order 3>`.

    `order` is the declaration order id of a resource that still needs a
    register: the binding pass assigns registers in this order (seed 004). The
    pass keeps the order id in the attribute it writes, so
    `#hlsl.binding<u2, space0, order 3>` reads as "register u2 was assigned
    implicitly". The register letter must match the resource's class.
  }];
  let parameters = (ins
      OptionalParameter<"std::optional<::mlir::hlsl::ResourceClass>">:$registerClass,
      OptionalParameter<"std::optional<uint32_t>">:$lowerBound,
      DefaultValuedParameter<"uint32_t", "0">:$space,
      OptionalParameter<"std::optional<uint32_t>">:$orderId);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    /// A register has been written by the user or assigned by the binding
    /// pass.
    bool hasRegister() const { return getLowerBound().has_value(); }
    /// The register was chosen by the compiler (no user register).
    bool isImplicit() const { return getOrderId().has_value(); }
  }];
}

def HLSL_PackOffsetAttr : HLSL_Attr<"PackOffset", "packoffset"> {
  let summary = "user packoffset of a constant buffer member";
  let description = [{
    `packoffset(c1.y)` places a constant at row 1, component 1, i.e. byte 20
    of its constant buffer. The attribute stores the byte offset; it prints as
    `c<row>.<component>` and can also be written as a plain byte count,
    `#hlsl.packoffset<20>`. Offsets must be 4-byte aligned.
  }];
  let parameters = (ins "uint32_t":$byteOffset);
  let hasCustomAssemblyFormat = 1;
  let genVerifyDecl = 1;
}

#endif // HLSL_DIALECT_HLSL_IR_HLSLATTRIBUTES_TD
