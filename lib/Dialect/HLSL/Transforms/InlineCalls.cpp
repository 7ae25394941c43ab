//===- InlineCalls.cpp - top-down inlining into kept functions ------------===//

#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/IRMapping.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Transforms/InliningUtils.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLINLINECALLSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
class InlineCallsPass
    : public hlsl::impl::HLSLInlineCallsPassBase<InlineCallsPass> {
public:
  void runOnOperation() override {
    ModuleOp module = getOperation();
    SymbolTable symbols(module);
    if (failed(checkNoRecursion(module, symbols)))
      return signalPassFailure();
    InlinerInterface interface(&getContext());
    for (auto function : module.getOps<func::FuncOp>()) {
      if (function.isPrivate() || function.isExternal())
        continue;
      SmallVector<func::CallOp> worklist;
      function.walk([&](func::CallOp call) { worklist.push_back(call); });
      while (!worklist.empty()) {
        func::CallOp call = worklist.pop_back_val();
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (!callee || callee.isExternal())
          continue; // the lowering reports calls it cannot resolve
        ArrayRef<func::CallOp> nested = getCalls(callee);
        if (inlineSingleBlock(call, callee, nested, worklist))
          continue;
        auto clone = [&](OpBuilder &, Region *src, Block *inlineBlock,
                         Block *postInsertBlock, IRMapping &mapper, bool) {
          src->cloneInto(inlineBlock->getParent(),
                         postInsertBlock->getIterator(), mapper);
          // The clones of the callee's calls are inlined next.
          for (func::CallOp original : nested)
            if (Operation *copy = mapper.lookupOrNull(original.getOperation()))
              worklist.push_back(cast<func::CallOp>(copy));
        };
        if (failed(inlineCall(interface, clone, call,
                              cast<CallableOpInterface>(callee.getOperation()),
                              &callee.getBody()))) {
          call.emitError() << "cannot inline the call of '"
                           << call.getCallee() << "'";
          return signalPassFailure();
        }
        call.erase();
      }
      // Its body changed; a later kept caller must see the new one.
      callsOf.erase(function);
    }
  }

private:
  /// Inlines a call of a single-block callee by cloning its body in front
  /// of the call. inlineCall splits the caller's block at the call and
  /// merges it again, moving everything after the call each time: quadratic
  /// for thousands of calls in one block. Locations become call-site
  /// locations, as inlineCall makes them.
  static bool inlineSingleBlock(func::CallOp call, func::FuncOp callee,
                                ArrayRef<func::CallOp> nested,
                                SmallVectorImpl<func::CallOp> &worklist) {
    if (!callee.getBody().hasOneBlock())
      return false;
    Block &body = callee.getBody().front();
    auto ret = dyn_cast<func::ReturnOp>(body.getTerminator());
    if (!ret || ret.getNumOperands() != call.getNumResults())
      return false;
    IRMapping mapper;
    mapper.map(body.getArguments(), call.getOperands());
    OpBuilder builder(call);
    Location callLoc = call.getLoc();
    for (Operation &op : body.without_terminator()) {
      Operation *copy = builder.clone(op, mapper);
      copy->walk([&](Operation *inner) {
        inner->setLoc(CallSiteLoc::get(inner->getLoc(), callLoc));
      });
    }
    for (auto [result, value] : llvm::zip(call.getResults(), ret.getOperands()))
      result.replaceAllUsesWith(mapper.lookupOrDefault(value));
    for (func::CallOp original : nested)
      if (Operation *copy = mapper.lookupOrNull(original.getOperation()))
        worklist.push_back(cast<func::CallOp>(copy));
    call.erase();
    return true;
  }

  /// The calls in `function`'s own body (cached: a callee is cloned once per
  /// call of it).
  ArrayRef<func::CallOp> getCalls(func::FuncOp function) {
    auto [it, inserted] = callsOf.try_emplace(function);
    if (inserted)
      function.walk([&](func::CallOp call) { it->second.push_back(call); });
    return it->second;
  }

  /// Fails with an error at a call that closes a cycle of calls.
  LogicalResult checkNoRecursion(ModuleOp module, SymbolTable &symbols) {
    enum class State { Visiting, Done };
    DenseMap<Operation *, State> state;
    // Iterative DFS: (function, index of the next call to follow).
    for (auto root : module.getOps<func::FuncOp>()) {
      if (state.count(root))
        continue;
      SmallVector<std::pair<func::FuncOp, size_t>> stack;
      stack.push_back({root, 0});
      state[root] = State::Visiting;
      while (!stack.empty()) {
        auto &[function, next] = stack.back();
        ArrayRef<func::CallOp> calls = getCalls(function);
        if (next == calls.size()) {
          state[function] = State::Done;
          stack.pop_back();
          continue;
        }
        func::CallOp call = calls[next++];
        auto callee = symbols.lookup<func::FuncOp>(call.getCallee());
        if (!callee)
          continue;
        auto found = state.find(callee);
        if (found == state.end()) {
          state[callee] = State::Visiting;
          stack.push_back({callee, 0});
        } else if (found->second == State::Visiting) {
          return call.emitError()
                 << "recursive call of '" << call.getCallee()
                 << "': DXIL shaders cannot recurse";
        }
      }
    }
    return success();
  }

  DenseMap<Operation *, SmallVector<func::CallOp>> callsOf;
};
} // namespace
