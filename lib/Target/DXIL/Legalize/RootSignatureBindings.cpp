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
using mlir::hlsl::dxil::metadata::getNode;
using mlir::hlsl::dxil::metadata::getSingle;
using mlir::hlsl::dxil::metadata::getString;

std::vector<std::string>
mlir::hlsl::takeUnboundResourceErrorsForDXIL(Module &module) {
  std::vector<std::string> errors;
  NamedMDNode *unbound = module.getNamedMetadata("hlsl.unbound_resources");
  if (!unbound)
    return errors;
  // The declared ranges, by (class, space, lower bound).
  DenseSet<std::tuple<unsigned, unsigned, unsigned>> declared;
  if (const MDNode *lists = getSingle(module, "dx.resources"))
    for (unsigned cls = 0; cls < lists->getNumOperands(); ++cls)
      if (const MDNode *list = getNode(lists, cls))
        for (unsigned i = 0; i < list->getNumOperands(); ++i) {
          const MDNode *record = getNode(list, i);
          std::optional<uint64_t> space = getInt(record, 3);
          std::optional<uint64_t> lower = getInt(record, 4);
          if (space && lower)
            declared.insert({cls, unsigned(*space), unsigned(*lower)});
        }
  for (const MDNode *resource : unbound->operands()) {
    std::optional<uint64_t> cls = getInt(resource, 0);
    std::optional<uint64_t> space = getInt(resource, 1);
    std::optional<uint64_t> lower = getInt(resource, 2);
    StringRef message = getString(resource, 3);
    if (cls && space && lower && !message.empty() &&
        declared.contains({unsigned(*cls), unsigned(*space), unsigned(*lower)}))
      errors.push_back(message.str());
  }
  module.eraseNamedMetadata(unbound);
  return errors;
}
