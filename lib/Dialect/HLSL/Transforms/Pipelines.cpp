//===- Pipelines.cpp - the hlsl pass pipeline -----------------------------===//

#include "HLSL/Dialect/HLSL/Transforms/Pipelines.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;
using namespace mlir::hlsl;

void mlir::hlsl::buildHLSLPipeline(OpPassManager &pm) {
  // Seed 000: explicit copies for out/inout arguments, then everything is
  // inlined into the entry point (DXIL shaders have no calls).
  // Static initializers that are not constants run at the entry (DXC).
  pm.addPass(createHLSLRunStaticInitializersPass());
  pm.addPass(createHLSLMaterializeTemporariesPass());
  // Promoting each function's locals before inlining keeps the entry point
  // from collecting one slot per parameter of every inlined call: Mem2Reg
  // scans the whole block per slot, so N inlined calls cost O(N^2).
  pm.addNestedPass<func::FuncOp>(createHLSLPromoteLocalsPass());
  pm.addNestedPass<func::FuncOp>(createHLSLForwardBlockLocalsPass());
  pm.addNestedPass<func::FuncOp>(createMem2Reg());
  pm.addPass(createHLSLInlineCallsPass());
  pm.addPass(createSymbolDCEPass());
  pm.addPass(createHLSLEraseWriteOnlyStaticsPass());
  pm.addPass(createHLSLLocalizeStaticResourcesPass());
  // Locals (incl. local resource arrays) become SSA values, and code that
  // cannot run goes away before resources are counted as used (seed 004,
  // example 6.1).
  // On the module, so that static initializers are promoted too.
  pm.addPass(createHLSLPromoteLocalsPass());
  pm.addNestedPass<func::FuncOp>(createHLSLForwardBlockLocalsPass());
  pm.addPass(createMem2Reg());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createSCCPPass());
  pm.addPass(createHLSLIntRangeOptimizationsPass());
  pm.addNestedPass<func::FuncOp>(createHLSLFoldGuardedComparesPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Seed 001: handles from whole binding ranges with flattened indices.
  pm.addPass(createHLSLLowerResourceArraysPass());
  pm.addPass(createHLSLLowerResourceAccessPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
  // Seed 004: bindings of what is still used.
  pm.addPass(createHLSLDropUnusedResourcesPass());
  pm.addPass(createHLSLAssignBindingsPass());
  // Seeds 002/003: cbuffer layouts and row loads.
  pm.addPass(createHLSLLayoutCBuffersPass());
  pm.addPass(createHLSLLowerCBufferLoadsPass());
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

void mlir::hlsl::registerHLSLPipelines() {
  PassPipelineRegistration<>(
      "hlsl-pipeline",
      "Run the hlsl passes: temporaries, inlining and cleanup, resource "
      "arrays, unused resources, bindings, cbuffer layouts",
      buildHLSLPipeline);
}
