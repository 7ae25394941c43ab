//===- DropUnusedResources.cpp - Erase unused resource declarations -------===//
//
// DXC binds resources after optimization, so declarations that only dead
// code referred to neither keep their explicit registers nor reserve any
// (seed 004, example 6.1). Erasing them before hlsl-assign-bindings makes
// that visible in the IR.
//
//===----------------------------------------------------------------------===//

#include "BindingDecls.h"

#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLDROPUNUSEDRESOURCESPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
struct DropUnusedResourcesPass
    : public hlsl::impl::HLSLDropUnusedResourcesPassBase<
          DropUnusedResourcesPass> {
  void runOnOperation() override {
    bool changed = false;
    for (const BindingDecl &decl : collectBindingDecls(getOperation())) {
      if (decl.used)
        continue;
      decl.op->erase();
      changed = true;
    }
    if (!changed)
      markAllAnalysesPreserved();
  }
};
} // namespace
