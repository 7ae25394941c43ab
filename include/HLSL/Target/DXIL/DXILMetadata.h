//===- DXILMetadata.h - reading DXIL's named metadata -----------*- C++ -*-===//
//
// Accessors for the `!dx.*` metadata of a DXIL module (DXIL.rst, "Metadata"):
// operands that may be missing or of the wrong kind read as "absent", so
// callers decide what a malformed module means for them.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_DXILMETADATA_H
#define HLSL_TARGET_DXIL_DXILMETADATA_H

#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

#include <optional>

namespace mlir::hlsl::dxil::metadata {

/// The integer value of operand `i` of `node`, if it is one.
inline std::optional<uint64_t> getInt(const llvm::MDNode *node, unsigned i) {
  if (!node || i >= node->getNumOperands())
    return std::nullopt;
  if (auto *c = llvm::mdconst::dyn_extract_or_null<llvm::ConstantInt>(
          node->getOperand(i)))
    return c->getZExtValue();
  return std::nullopt;
}

/// Operand `i` of `node` as a node, or null.
inline const llvm::MDNode *getNode(const llvm::MDNode *node, unsigned i) {
  if (!node || i >= node->getNumOperands())
    return nullptr;
  return llvm::dyn_cast_or_null<llvm::MDNode>(node->getOperand(i));
}

/// Operand `i` of `node` as a string, or "".
inline llvm::StringRef getString(const llvm::MDNode *node, unsigned i) {
  if (!node || i >= node->getNumOperands())
    return "";
  if (auto *s = llvm::dyn_cast_or_null<llvm::MDString>(node->getOperand(i)))
    return s->getString();
  return "";
}

/// The first operand of the named metadata `name`, or null.
inline const llvm::MDNode *getSingle(const llvm::Module &module,
                                     llvm::StringRef name) {
  const llvm::NamedMDNode *named = module.getNamedMetadata(name);
  if (!named || named->getNumOperands() == 0)
    return nullptr;
  return named->getOperand(0);
}

} // namespace mlir::hlsl::dxil::metadata

#endif // HLSL_TARGET_DXIL_DXILMETADATA_H
