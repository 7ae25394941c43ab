//===- Pipelines.h - hlsl pass pipelines ------------------------*- C++ -*-===//

#ifndef HLSL_DIALECT_HLSL_TRANSFORMS_PIPELINES_H
#define HLSL_DIALECT_HLSL_TRANSFORMS_PIPELINES_H

namespace mlir {
class OpPassManager;
namespace hlsl {
/// Every hlsl -> hlsl pass in order, from the imported module to a module
/// with materialized temporaries, flat handles, bindings and layouts.
void buildHLSLPipeline(OpPassManager &pm);
/// Registers `hlsl-pipeline` for hlsl-opt.
void registerHLSLPipelines();
} // namespace hlsl
} // namespace mlir

#endif // HLSL_DIALECT_HLSL_TRANSFORMS_PIPELINES_H
