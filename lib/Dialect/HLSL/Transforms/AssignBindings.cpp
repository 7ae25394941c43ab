//===- AssignBindings.cpp - Implicit resource binding ---------------------===//
//
// Translates the module's used declarations into requests for the binding
// allocator and writes the registers it picks back into the IR. The rules
// themselves (seed 004) live in BindingAllocator.
//
//===----------------------------------------------------------------------===//

#include "BindingDecls.h"

#include "HLSL/Dialect/HLSL/Transforms/BindingAllocator.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringSet.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLASSIGNBINDINGSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
struct AssignBindingsPass
    : public hlsl::impl::HLSLAssignBindingsPassBase<AssignBindingsPass> {
  void runOnOperation() override;
};
} // namespace

/// The first of the spaces bindApart gives resources (one each).
static constexpr uint32_t kApartSpaces = 0x40000000;

/// Gives each declaration of `decls` register 0 of a space of its own:
/// resources the optimizer deletes, which never reach a container, or all
/// resources of a first compilation whose bindings failed (it is compiled
/// again). Apart, because shader model 6.6 code names a resource by its
/// class, space and register, and the driver tells by those which
/// resources the optimized code uses: one sharing another's register (an
/// explicit one too) would count as used.
static void bindApart(MLIRContext *context,
                      ArrayRef<const BindingDecl *> decls) {
  uint32_t space = kApartSpaces;
  for (const BindingDecl *decl : decls)
    setBinding(decl->op, BindingAttr::get(context, decl->cls, 0, space++,
                                          decl->binding.getOrderId()));
}

/// The allocator's request for `decl` (whose range fits 32 bits).
static BindingRequest getBindingRequest(const BindingDecl &decl) {
  BindingRequest request;
  request.name = decl.name.str();
  request.cls = decl.cls;
  request.space = decl.binding.getSpace();
  // A register assigned by an earlier run is as fixed as a user's one.
  request.lowerBound = decl.binding.getLowerBound();
  // (No size: an unbounded array.)
  request.size = decl.rangeSize
                     ? std::optional<uint32_t>(uint32_t(*decl.rangeSize))
                     : std::nullopt;
  return request;
}

/// Binds `decls` (the used declarations, in declaration order) with the
/// allocator; false after reporting errors. With `tentative`, when a set
/// cannot be bound together, its implicit declarations get a space each
/// and `boundApart` is set, without errors.
static bool assignBindings(MLIRContext *context,
                           ArrayRef<const BindingDecl *> decls,
                           bool tentative = false, bool *boundApart = nullptr);

void AssignBindingsPass::runOnOperation() {
  SmallVector<BindingDecl> decls = collectBindingDecls(getOperation());
  // Resources a first compilation found unused once LLVM optimized the code
  // (Compiler.cpp compiles again): they take no part in the binding of the
  // others, as seed 004 asks, and are bound apart (bindApart; the
  // optimizer deletes them again).
  llvm::StringSet<> unused;
  if (auto names = getOperation()->getAttrOfType<ArrayAttr>(
          "hlsl.unused_after_optimization"))
    for (auto name : names.getAsRange<StringAttr>())
      unused.insert(name.getValue());
  SmallVector<const BindingDecl *> used, usedOnlyBeforeOptimization;
  for (const BindingDecl &decl : decls) {
    if (!decl.used)
      continue;
    auto symbol =
        decl.op->getAttrOfType<StringAttr>(SymbolTable::getSymbolAttrName());
    if (symbol && unused.contains(symbol.getValue()))
      usedOnlyBeforeOptimization.push_back(&decl);
    else
      used.push_back(&decl);
  }
  // A first compilation that may be repeated (hlsl.tentative_bindings):
  // resources the optimizer deletes may be what leaves no room for the
  // others (an unbounded array only dead code indexes). The compilation
  // goes on with them bound apart, and the driver compiles again, the
  // deleted resources named, where a failure is an error.
  bool tentative = getOperation()->hasAttr("hlsl.tentative_bindings");
  bool boundApart = false;
  if (!assignBindings(&getContext(), used, tentative, &boundApart))
    signalPassFailure();
  bindApart(&getContext(), usedOnlyBeforeOptimization);
  if (boundApart)
    getOperation()->setAttr("hlsl.bindings_apart",
                            UnitAttr::get(&getContext()));
}

static bool assignBindings(MLIRContext *context,
                           ArrayRef<const BindingDecl *> decls, bool tentative,
                           bool *boundApart) {
  // One request per used declaration, in declaration order.
  SmallVector<BindingRequest> requests;
  SmallVector<const BindingDecl *> requestDecls;
  bool failed = false;
  for (const BindingDecl *declPtr : decls) {
    const BindingDecl &decl = *declPtr;
    // ResourceOp saturates huge ranges instead of overflowing; anything
    // that does not fit the allocator's 32-bit sizes cannot be bound.
    if (decl.rangeSize && *decl.rangeSize > UINT32_MAX) {
      decl.op->emitError() << "resource '" << decl.name << "' needs more than "
                           << UINT32_MAX << " registers";
      failed = true;
      continue;
    }
    // UINT32_MAX is how dx.resources and PSV0 spell "unbounded"; a range of
    // exactly that size would read as one and overlap whatever follows it.
    if (decl.rangeSize && *decl.rangeSize == UINT32_MAX) {
      decl.op->emitError() << "resource array '" << decl.name << "' has "
                           << UINT32_MAX << " elements; DXIL reserves range "
                           << "size " << UINT32_MAX
                           << " for unbounded arrays";
      failed = true;
      continue;
    }
    requests.push_back(getBindingRequest(decl));
    requestDecls.push_back(&decl);
  }
  if (failed)
    return false;

  // The allocator places implicit requests in list order; that order must
  // be the order ids (declaration order in the source), which an earlier
  // pass may have changed the op order against. Explicit requests keep
  // their positions: only their ranges matter, and positions keep overlap
  // diagnostics in op order.
  SmallVector<size_t> implicitSlots;
  for (auto [index, request] : llvm::enumerate(requests))
    if (!request.lowerBound)
      implicitSlots.push_back(index);
  SmallVector<size_t> byOrder(implicitSlots);
  llvm::stable_sort(byOrder, [&](size_t lhs, size_t rhs) {
    return *requestDecls[lhs]->binding.getOrderId() <
           *requestDecls[rhs]->binding.getOrderId();
  });
  SmallVector<BindingRequest> sortedRequests(requests);
  SmallVector<const BindingDecl *> sortedDecls(requestDecls);
  for (auto [slot, from] : llvm::zip(implicitSlots, byOrder)) {
    sortedRequests[slot] = requests[from];
    sortedDecls[slot] = requestDecls[from];
  }

  Allocation allocation = allocateBindings(sortedRequests);
  if (!allocation.succeeded() && tentative) {
    bindApart(context, decls);
    *boundApart = true;
    return true;
  }
  for (const BindingError &error : allocation.errors) {
    InFlightDiagnostic diag = sortedDecls[error.request]->op->emitError()
                              << error.message;
    if (error.other) {
      const BindingDecl *other = sortedDecls[*error.other];
      diag.attachNote(other->op->getLoc())
          << "'" << other->name << "' is declared here";
    }
  }
  if (!allocation.succeeded())
    return false;

  for (auto [request, decl, result] :
       llvm::zip(sortedRequests, sortedDecls, allocation.results)) {
    if (!result.implicit)
      continue;
    setBinding(decl->op,
               BindingAttr::get(context, decl->cls, result.lowerBound,
                                request.space, decl->binding.getOrderId()));
  }
  return true;
}

bool mlir::hlsl::bindingsDependOnOptimization(ModuleOp module) {
  SmallVector<BindingRequest> explicitRequests;
  for (const BindingDecl &decl : collectBindingDecls(module)) {
    if (!decl.binding.getLowerBound())
      return true;
    // (Ranges too large to bind are refused whatever the code uses.)
    if (!decl.used || (decl.rangeSize && *decl.rangeSize >= UINT32_MAX))
      continue;
    explicitRequests.push_back(getBindingRequest(decl));
  }
  return !allocateBindings(explicitRequests).succeeded();
}
