//===- RootSignatureBindings.cpp - Resources the root signature misses ----===//
//
// The hlsl dialect's conversion finds the resources a [RootSignature] does
// not bind (!hlsl.unbound_resources: class, space, lower bound, error).
// They are errors only if the final code still uses them, as DXC checks the
// resources left after optimization: a resource used only by code the
// optimizer deletes needs no binding (dropUnusedResourcesForDXIL removes
// it).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/DXILMetadata.h"
#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/DenseSet.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <tuple>

using namespace llvm;
using mlir::hlsl::dxil::metadata::getInt;

std::vector<std::string>
mlir::hlsl::takeUnboundResourceErrorsForDXIL(Module &module) {
  std::vector<std::string> errors;
  NamedMDNode *unbound = module.getNamedMetadata("hlsl.unbound_resources");
  if (!unbound)
    return errors;
  // The declared ranges, by (class, space, lower bound).
  DenseSet<std::tuple<unsigned, unsigned, unsigned>> declared;
  if (NamedMDNode *named = module.getNamedMetadata("dx.resources");
      named && named->getNumOperands() == 1) {
    MDNode *lists = named->getOperand(0);
    for (unsigned cls = 0; cls < lists->getNumOperands(); ++cls)
      if (auto *list = dyn_cast_or_null<MDNode>(lists->getOperand(cls).get()))
        for (const MDOperand &operand : list->operands()) {
          auto *record = dyn_cast_or_null<MDNode>(operand.get());
          std::optional<uint64_t> space = getInt(record, 3);
          std::optional<uint64_t> lower = getInt(record, 4);
          if (space && lower)
            declared.insert({cls, unsigned(*space), unsigned(*lower)});
        }
  }
  for (const MDNode *resource : unbound->operands()) {
    std::optional<uint64_t> cls = getInt(resource, 0);
    std::optional<uint64_t> space = getInt(resource, 1);
    std::optional<uint64_t> lower = getInt(resource, 2);
    auto *message = resource->getNumOperands() > 3
                        ? dyn_cast<MDString>(resource->getOperand(3))
                        : nullptr;
    if (cls && space && lower && message &&
        declared.contains({unsigned(*cls), unsigned(*space), unsigned(*lower)}))
      errors.push_back(message->getString().str());
  }
  module.eraseNamedMetadata(unbound);
  return errors;
}
