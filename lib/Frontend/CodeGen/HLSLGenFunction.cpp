//===- HLSLGenFunction.cpp - function bodies ------------------------------===//

#include "HLSLGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Transforms/RegionUtils.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

HLSLGenFunction::HLSLGenFunction(HLSLGenModule &module,
                                 const clang::FunctionDecl *decl,
                                 func::FuncOp func)
    : module(module), decl(decl), func(func), builder(module.getContext()) {}

Value HLSLGenFunction::createVar(Type type, StringRef name, Location loc) {
  OpBuilder::InsertionGuard guard(builder);
  // Locals live in the entry block so that mem2reg/SROA see them all.
  Block *entry = func ? &func.getBody().front() : builder.getInsertionBlock();
  builder.setInsertionPointToStart(entry);
  return VarOp::create(builder, loc, PointerType::get(type),
                       name.empty() ? StringAttr() : builder.getStringAttr(name));
}

Value HLSLGenFunction::createTemporary(Value value, Location loc) {
  Value var = createVar(value.getType(), "", loc);
  StoreOp::create(builder, loc, value, var);
  return var;
}

bool HLSLGenFunction::hasTerminator() {
  Block *block = builder.getInsertionBlock();
  return !block->empty() && block->back().hasTrait<OpTrait::IsTerminator>();
}

void HLSLGenFunction::startUnreachableBlock() {
  Block *block = builder.createBlock(builder.getInsertionBlock()->getParent());
  builder.setInsertionPointToEnd(block);
}

Value HLSLGenFunction::poison(Type type, Location loc) {
  if (!type)
    type = builder.getI32Type();
  return UndefOp::create(builder, loc, type);
}

Value HLSLGenFunction::notSupported(const clang::Stmt *stmt, StringRef what) {
  module.errorNotSupported(stmt->getBeginLoc(), what);
  return {};
}

void HLSLGenFunction::emitBody() {
  Block *entry = func.addEntryBlock();
  builder.setInsertionPointToEnd(entry);
  unsigned argIndex = 0;
  if (const auto *method = dyn_cast<clang::CXXMethodDecl>(decl))
    if (method->isInstance())
      thisPtr = entry->getArgument(argIndex++);
  for (const clang::ParmVarDecl *param : decl->parameters()) {
    BlockArgument arg = entry->getArgument(argIndex++);
    Location loc = getLoc(param->getLocation());
    // Diagnostics about a parameter (e.g. a system value's type) point at it.
    arg.setLoc(loc);
    if (isa<PointerType>(arg.getType())) {
      // out/inout parameters are the caller's temporary.
      locals[param] = arg;
      continue;
    }
    // By-value parameters are local variables initialized by the caller.
    Value var = createVar(arg.getType(), param->getName(), loc);
    StoreOp::create(builder, loc, arg, var);
    locals[param] = var;
  }
  emitStmt(decl->getBody());
  if (!hasTerminator()) {
    Location loc = getLoc(decl->getBody()->getEndLoc());
    if (func.getNumResults() == 0) {
      func::ReturnOp::create(builder, loc);
    } else {
      // Falling off the end of a value-returning function is undefined.
      func::ReturnOp::create(builder, loc,
                             poison(func.getResultTypes()[0], loc));
    }
  }
  // Blocks that start after return/break/continue have no predecessors.
  IRRewriter rewriter(builder);
  (void)eraseUnreachableBlocks(rewriter, func.getBody());
}
