//===- Passes.td - conversion passes -----------------------*- tablegen -*-===//

#ifndef HLSL_CONVERSION_PASSES_TD
#define HLSL_CONVERSION_PASSES_TD

include "mlir/Pass/PassBase.td"

def ConvertHLSLToLLVMPass : Pass<"convert-hlsl-to-llvm", "::mlir::ModuleOp"> {
  let summary = "Lower a bound, laid-out hlsl module to the LLVM dialect with DXIL operations";
  let description = [{
    Input: the output of `hlsl-pipeline` (flat `hlsl.create_handle`s,
    assigned bindings, cbuffer row loads, `hlsl.buffer_*` accesses). Output:
    the LLVM dialect only: resources become `%dx.types.Handle` values made by
    `dx.op.createHandleFromBinding` + `dx.op.annotateHandle` (shader model
    6.6 and later) or `dx.op.createHandle` (earlier), buffer and constant
    buffer accesses become `dx.op.bufferLoad/bufferStore`,
    `dx.op.rawBufferLoad/rawBufferStore`, `dx.op.textureLoad/textureStore`
    and `dx.op.cbufferLoadLegacy`, system values of compute entry points
    become `dx.op.threadId` & co., barriers and atomics their DXIL ops or
    `atomicrmw`/`cmpxchg` on groupshared memory, and the remaining intrinsics
    DXIL operations; arith/math/cf/func/vector use the upstream LLVM
    conversions. The DXIL metadata (`!dx.version`, `!dx.valver`,
    `!dx.shaderModel`, `!dx.resources`, `!dx.entryPoints`, `!llvm.ident`)
    is attached to the module as `hlsl.named_metadata`, which the LLVM IR
    translation turns into named metadata.
  }];
  let options = [
    Option<"validatorVersion", "validator-version", "std::string",
           "\"1.8\"", "Validator version to record in !dx.valver">
  ];
  let dependentDialects = ["::mlir::LLVM::LLVMDialect"];
}

#endif // HLSL_CONVERSION_PASSES_TD
