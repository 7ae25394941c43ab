//===- HLSLDialect.td - hlsl dialect definition ------------*- tablegen -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLDIALECT_TD
#define HLSL_DIALECT_HLSL_IR_HLSLDIALECT_TD

include "mlir/IR/OpBase.td"

def HLSL_Dialect : Dialect {
  let name = "hlsl";
  let cppNamespace = "::mlir::hlsl";
  let summary = "HLSL semantics that must survive until DXIL lowering";
  let description = [{
    The `hlsl` dialect is what the Clang AST of an HLSL program is imported
    into. It keeps first-class the constructs whose semantics are specific to
    HLSL and would be lost in plain SSA form: out/inout argument temporaries
    (cx-values) with their copy-in and write-back conversions, resource
    declarations with explicit, space-only or implicit bindings, resource
    arrays and sub-arrays, and constant buffers with their members and
    packoffsets. Progressive passes materialize temporaries, lower resource
    arrays, assign bindings and lay out constant buffers before the module is
    converted to the LLVM dialect.

    Scalars and vectors use the builtin types (`i1`, `i16`, `i32`, `i64`,
    `f16`, `f32`, `f64`, `vector<4xf32>`); arithmetic uses `arith`/`math`,
    structured control flow `scf`, and functions `func`.
  }];
  let useDefaultTypePrinterParser = 1;
  let useDefaultAttributePrinterParser = 1;
  let hasOperationAttrVerify = 1;
  let hasRegionArgAttrVerify = 1;
  let hasRegionResultAttrVerify = 1;
  let hasCanonicalizer = 1;
  let extraClassDeclaration = [{
    void registerTypes();
    void registerAttributes();

    // Names of the discardable attributes the dialect gives meaning to.
    static constexpr llvm::StringLiteral getShaderAttrName() { return "hlsl.shader"; }
    static constexpr llvm::StringLiteral getNumThreadsAttrName() { return "hlsl.numthreads"; }
    /// [WaveSize(min[, max[, preferred]])]: min, max, preferred (0: absent).
    static constexpr llvm::StringLiteral getWaveSizeAttrName() { return "hlsl.wave_size"; }
    static constexpr llvm::StringLiteral getDirectionAttrName() { return "hlsl.direction"; }
    static constexpr llvm::StringLiteral getSemanticAttrName() { return "hlsl.semantic"; }
    static constexpr llvm::StringLiteral getEntryAttrName() { return "hlsl.entry"; }
  }];
}

class HLSL_Op<string mnemonic, list<Trait> traits = []>
    : Op<HLSL_Dialect, mnemonic, traits>;

#endif // HLSL_DIALECT_HLSL_IR_HLSLDIALECT_TD
