//===- BindingDecls.h - Declarations that bind registers --------*- C++ -*-===//
//
// The binding passes look at the same things: the module's `hlsl.resource`
// and `hlsl.cbuffer` declarations in order, what each binds (class, range,
// current binding) and whether anything uses it.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_DIALECT_HLSL_TRANSFORMS_BINDINGDECLS_H
#define HLSL_LIB_DIALECT_HLSL_TRANSFORMS_BINDINGDECLS_H

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"

#include "llvm/ADT/SmallVector.h"

#include <optional>

namespace mlir::hlsl {

/// An `hlsl.resource` or `hlsl.cbuffer` declaration.
struct BindingDecl {
  Operation *op;
  /// The name diagnostics and tables show: the symbol of a resource, the
  /// source name of a constant buffer.
  StringRef name;
  ResourceClass cls;
  /// Number of registers; std::nullopt for an unbounded array.
  std::optional<uint64_t> rangeSize;
  BindingAttr binding;
  /// Some symbol use in the module refers to the declaration.
  bool used;
};

/// The resource and constant buffer declarations directly in \p module, in
/// declaration order. A declaration counts as used when any symbol reference
/// in the module has it as root (`@R`, `@cb::@member`). If the uses cannot
/// be known (an unknown op might be a symbol table), every declaration
/// counts as used, which is the safe answer for all callers.
SmallVector<BindingDecl> collectBindingDecls(ModuleOp module);

/// Replaces the binding attribute of a declaration.
void setBinding(Operation *decl, BindingAttr binding);

/// The name of a descriptor class as tables print it: SRV, UAV, CBV or
/// Sampler.
StringRef getResourceClassName(ResourceClass cls);

} // namespace mlir::hlsl

#endif // HLSL_LIB_DIALECT_HLSL_TRANSFORMS_BINDINGDECLS_H
