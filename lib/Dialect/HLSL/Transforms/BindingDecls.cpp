//===- BindingDecls.cpp - Declarations that bind registers ----------------===//

#include "BindingDecls.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::hlsl;

SmallVector<BindingDecl> mlir::hlsl::collectBindingDecls(ModuleOp module) {
  std::optional<SymbolTable::UseRange> uses =
      SymbolTable::getSymbolUses(&module.getBodyRegion());
  llvm::DenseSet<StringAttr> usedNames;
  if (uses)
    for (const SymbolTable::SymbolUse &use : *uses)
      usedNames.insert(use.getSymbolRef().getRootReference());
  auto isUsed = [&](StringAttr name) {
    return !uses || usedNames.contains(name);
  };

  SmallVector<BindingDecl> decls;
  for (Operation &op : module.getBody()->getOperations()) {
    if (auto resource = dyn_cast<ResourceOp>(op)) {
      decls.push_back({resource, resource.getSymName(),
                       resource.getResourceType().getResourceClass(),
                       resource.getRangeSize(), resource.getBinding(),
                       isUsed(resource.getSymNameAttr())});
    } else if (auto cbuffer = dyn_cast<CBufferOp>(op)) {
      ResourceClass cls = cbuffer.getKind() == CBufferKind::TBuffer
                              ? ResourceClass::SRV
                              : ResourceClass::CBV;
      decls.push_back({cbuffer, cbuffer.getSourceName(), cls, uint64_t(1),
                       cbuffer.getBinding(), isUsed(cbuffer.getSymNameAttr())});
    }
  }
  return decls;
}

void mlir::hlsl::setBinding(Operation *decl, BindingAttr binding) {
  llvm::TypeSwitch<Operation *>(decl).Case<ResourceOp, CBufferOp>(
      [&](auto op) { op.setBindingAttr(binding); });
}

StringRef mlir::hlsl::getResourceClassName(ResourceClass cls) {
  switch (cls) {
  case ResourceClass::SRV:
    return "SRV";
  case ResourceClass::UAV:
    return "UAV";
  case ResourceClass::CBV:
    return "CBV";
  case ResourceClass::Sampler:
    return "Sampler";
  }
  return "?";
}
