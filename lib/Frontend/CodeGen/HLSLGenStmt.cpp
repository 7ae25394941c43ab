//===- HLSLGenStmt.cpp - statements to control flow -----------------------===//
//
// Statements become a CFG of `cf` branches: HLSL's break/continue/return,
// switch fallthrough and discard map onto it directly; structured control
// flow is recovered later by the LLVM lowering where needed.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"

#include "clang/AST/Attr.h"
#include "clang/AST/StmtCXX.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

void HLSLGenFunction::emitStmt(const clang::Stmt *stmt) {
  if (!stmt)
    return;
  Location loc = getLoc(stmt->getBeginLoc());
  if (hasTerminator())
    startUnreachableBlock();
  switch (stmt->getStmtClass()) {
  case clang::Stmt::CompoundStmtClass:
    emitCompound(cast<clang::CompoundStmt>(stmt));
    return;
  case clang::Stmt::DeclStmtClass:
    emitDeclStmt(cast<clang::DeclStmt>(stmt));
    return;
  case clang::Stmt::NullStmtClass:
    return;
  case clang::Stmt::IfStmtClass:
    emitIf(cast<clang::IfStmt>(stmt));
    return;
  case clang::Stmt::ForStmtClass:
    emitFor(cast<clang::ForStmt>(stmt), {});
    return;
  case clang::Stmt::WhileStmtClass:
    emitWhile(cast<clang::WhileStmt>(stmt), {});
    return;
  case clang::Stmt::DoStmtClass:
    emitDo(cast<clang::DoStmt>(stmt), {});
    return;
  case clang::Stmt::SwitchStmtClass:
    emitSwitch(cast<clang::SwitchStmt>(stmt));
    return;
  case clang::Stmt::ReturnStmtClass:
    emitReturn(cast<clang::ReturnStmt>(stmt));
    return;
  case clang::Stmt::BreakStmtClass:
  case clang::Stmt::ContinueStmtClass: {
    if (jumpTargets.empty()) {
      notSupported(stmt, "break or continue outside of a loop");
      return;
    }
    bool isBreak = isa<clang::BreakStmt>(stmt);
    Block *target = nullptr;
    for (const JumpTargets &targets : llvm::reverse(jumpTargets)) {
      target = isBreak ? targets.breakBlock : targets.continueBlock;
      if (target)
        break;
    }
    if (!target) {
      notSupported(stmt, "continue in a switch outside of a loop");
      return;
    }
    cf::BranchOp::create(builder, loc, target);
    return;
  }
  case clang::Stmt::AttributedStmtClass: {
    const auto *attributed = cast<clang::AttributedStmt>(stmt);
    SmallVector<const clang::Attr *> attrs(attributed->getAttrs().begin(),
                                           attributed->getAttrs().end());
    const clang::Stmt *sub = attributed->getSubStmt();
    if (const auto *loop = dyn_cast<clang::ForStmt>(sub))
      return emitFor(loop, attrs);
    if (const auto *loop = dyn_cast<clang::WhileStmt>(sub))
      return emitWhile(loop, attrs);
    if (const auto *loop = dyn_cast<clang::DoStmt>(sub))
      return emitDo(loop, attrs);
    // [branch]/[flatten] on if statements are hints we do not need.
    emitStmt(sub);
    return;
  }
  case clang::Stmt::CaseStmtClass:
  case clang::Stmt::DefaultStmtClass:
    notSupported(stmt, "case label outside of a switch body");
    return;
  default:
    break;
  }
  if (const auto *expr = dyn_cast<clang::Expr>(stmt)) {
    if (expr->isGLValue() && !expr->getType()->isVoidType())
      (void)emitLValue(expr);
    else
      (void)emitRValue(expr);
    return;
  }
  notSupported(stmt, std::string("statement '") + stmt->getStmtClassName() +
                         "'");
}

void HLSLGenFunction::emitCompound(const clang::CompoundStmt *stmt) {
  for (const clang::Stmt *child : stmt->body())
    emitStmt(child);
}

void HLSLGenFunction::emitDeclStmt(const clang::DeclStmt *stmt) {
  for (const clang::Decl *d : stmt->decls()) {
    const auto *var = dyn_cast<clang::VarDecl>(d);
    if (!var)
      continue; // typedefs, local structs
    emitLocalVar(var);
  }
}

/// Whether `stmt` reads a parameter, a local variable or `this` (then it
/// cannot initialize a global before the function runs).
static bool readsFunctionState(const clang::Stmt *stmt) {
  if (!stmt)
    return false;
  if (isa<clang::CXXThisExpr>(stmt))
    return true;
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(stmt))
    if (const auto *var = dyn_cast<clang::VarDecl>(ref->getDecl());
        var && var->hasLocalStorage())
      return true;
  return llvm::any_of(stmt->children(), readsFunctionState);
}

void HLSLGenFunction::emitStaticLocalFirstInitialization(
    const clang::VarDecl *var) {
  module.emitGlobalVar(var, /*initializedWhereDeclared=*/true);
  const GlobalSymbol *symbol = module.lookupGlobal(var);
  if (!symbol)
    return;
  GlobalOp guard = module.createStaticLocalGuard(var);
  Location loc = getLoc(var->getLocation());
  Value guardAddr = GlobalAddrOp::create(
      builder, loc,
      PointerType::get(builder.getI1Type(), guard.getAddressSpace()),
      FlatSymbolRefAttr::get(guard.getSymNameAttr()));
  Value initialized = LoadOp::create(builder, loc, guardAddr);
  Region *region = builder.getInsertionBlock()->getParent();
  Block *initBlock = new Block(), *mergeBlock = new Block();
  cf::CondBranchOp::create(builder, loc, initialized, mergeBlock, initBlock);
  region->push_back(initBlock);
  builder.setInsertionPointToEnd(initBlock);
  StoreOp::create(
      builder, loc,
      arith::ConstantOp::create(builder, loc, builder.getBoolAttr(true)),
      guardAddr);
  if (Value value = emitRValue(var->getInit())) {
    value = coerce(value, symbol->type, loc);
    if (value && value.getType() == symbol->type)
      StoreOp::create(
          builder, loc, value,
          GlobalAddrOp::create(builder, loc,
                               PointerType::get(symbol->type, symbol->space),
                               symbol->symbol));
  }
  cf::BranchOp::create(builder, loc, mergeBlock);
  region->push_back(mergeBlock);
  builder.setInsertionPointToEnd(mergeBlock);
}

void HLSLGenFunction::emitLocalVar(const clang::VarDecl *var) {
  if (module.skipEffectObject(var) || module.skipStringVar(var))
    return;
  if (var->isStaticLocal()) {
    // Other non-constant initializers also run where the static is
    // declared: they may read what the function wrote before. (One that
    // holds resources keeps the entry's start when it can: its handles are
    // resolved to their bindings there.)
    const clang::Expr *init = var->getInit();
    if (init && (readsFunctionState(init) ||
                 (!var->getType()->isHLSLIntangibleType() &&
                  !init->isConstantInitializer(module.getASTContext(),
                                               /*ForRef=*/false)))) {
      emitStaticLocalFirstInitialization(var);
      return;
    }
    module.emitGlobalVar(var);
    return;
  }
  Location loc = getLoc(var->getLocation());
  Type type = convertType(var->getType(), var->getLocation());
  if (!type)
    return;
  type = withMatrixOrder(type, module.getMatrixOrder(var));
  if (auto array = dyn_cast<ArrayType>(type); array && array.isUnbounded()) {
    module.error(var->getLocation(),
                 "local arrays must have a size; unbounded arrays are only "
                 "allowed for global resource arrays");
    return;
  }
  Value addr = createVar(type, var->getName(), loc);
  locals[var] = addr;
  if (const clang::Expr *init = var->getInit()) {
    Value value = emitRValue(init);
    if (value) {
      module.markCoherentHeapHandle(var, value);
      value = coerce(value, type, loc);
    }
    if (value && gen::hasAnnotation(var, "hlsl.precise"))
      value = makePrecise(value, loc);
    if (value && value.getType() == type)
      StoreOp::create(builder, loc, value, addr);
  }
}

/// The largest [unroll(N)] honoured: LLVM unrolls by any count it is given,
/// and a count of a million takes minutes and gigabytes.
constexpr unsigned kMaxUnrollCount = 1024;

/// Records loop hints on the loop's back edge.
static void applyLoopHints(HLSLGenModule &module, Operation *backEdge,
                           ArrayRef<const clang::Attr *> attrs) {
  for (const clang::Attr *attr : attrs) {
    const auto *hint = dyn_cast<clang::HLSLLoopHintAttr>(attr);
    if (!hint)
      continue;
    Builder b(backEdge->getContext());
    if (hint->getSemanticSpelling() ==
        clang::HLSLLoopHintAttr::Spelling::Microsoft_unroll) {
      unsigned count = hint->getDirective();
      if (count > kMaxUnrollCount) {
        module.warning(hint->getLocation(),
                       "unroll count " + std::to_string(count) +
                           " is larger than " +
                           std::to_string(kMaxUnrollCount) +
                           "; the loop is unrolled " +
                           std::to_string(kMaxUnrollCount) + " times");
        count = kMaxUnrollCount;
      }
      backEdge->setAttr("hlsl.unroll", b.getI32IntegerAttr(count));
    } else
      backEdge->setAttr("hlsl.loop", b.getUnitAttr());
  }
}

bool HLSLGenFunction::checkScalarCondition(const clang::Expr *cond,
                                           StringRef statement) {
  // Clang converts a vector or matrix condition to its first element; DXC
  // refuses one of several elements in every HLSL version.
  clang::QualType type = cond->IgnoreParenImpCasts()->getType();
  unsigned elements = 1;
  if (const auto *vector = type->getAs<clang::VectorType>())
    elements = vector->getNumElements();
  else if (const auto *matrix = type->getAs<clang::ConstantMatrixType>())
    elements = matrix->getNumElementsFlattened();
  if (elements == 1)
    return true;
  module.error(cond->getBeginLoc(),
               statement.str() +
                   " statement conditional expressions must evaluate to a "
                   "scalar");
  return false;
}

void HLSLGenFunction::emitIf(const clang::IfStmt *stmt) {
  if (stmt->getInit())
    emitStmt(stmt->getInit());
  if (const clang::VarDecl *var = stmt->getConditionVariable())
    emitLocalVar(var);
  Location loc = getLoc(stmt->getIfLoc());
  if (!checkScalarCondition(stmt->getCond(), "if"))
    return;
  Value cond = emitCondition(stmt->getCond());
  if (!cond)
    return;
  Region *region = builder.getInsertionBlock()->getParent();
  Block *thenBlock = new Block(), *mergeBlock = new Block();
  Block *elseBlock = stmt->getElse() ? new Block() : mergeBlock;
  cf::CondBranchOp::create(builder, loc, cond, thenBlock, elseBlock);
  region->push_back(thenBlock);
  builder.setInsertionPointToEnd(thenBlock);
  emitStmt(stmt->getThen());
  if (!hasTerminator())
    cf::BranchOp::create(builder, loc, mergeBlock);
  if (stmt->getElse()) {
    region->push_back(elseBlock);
    builder.setInsertionPointToEnd(elseBlock);
    emitStmt(stmt->getElse());
    if (!hasTerminator())
      cf::BranchOp::create(builder, loc, mergeBlock);
  }
  region->push_back(mergeBlock);
  builder.setInsertionPointToEnd(mergeBlock);
}

void HLSLGenFunction::emitFor(const clang::ForStmt *stmt,
                              ArrayRef<const clang::Attr *> attrs) {
  // (Checked before any block is made: an early return leaves none
  // outside a region.)
  if (stmt->getCond() && !checkScalarCondition(stmt->getCond(), "for"))
    return;
  if (stmt->getInit())
    emitStmt(stmt->getInit());
  Location loc = getLoc(stmt->getForLoc());
  Region *region = builder.getInsertionBlock()->getParent();
  Block *header = new Block(), *body = new Block(), *latch = new Block(),
        *exit = new Block();
  cf::BranchOp::create(builder, loc, header);
  region->push_back(header);
  builder.setInsertionPointToEnd(header);
  if (const clang::VarDecl *var = stmt->getConditionVariable())
    emitLocalVar(var);
  if (stmt->getCond()) {
    Value cond = emitCondition(stmt->getCond());
    if (!cond)
      return;
    cf::CondBranchOp::create(builder, loc, cond, body, exit);
  } else {
    cf::BranchOp::create(builder, loc, body);
  }
  region->push_back(body);
  builder.setInsertionPointToEnd(body);
  jumpTargets.push_back({exit, latch});
  emitStmt(stmt->getBody());
  jumpTargets.pop_back();
  if (!hasTerminator())
    cf::BranchOp::create(builder, loc, latch);
  region->push_back(latch);
  builder.setInsertionPointToEnd(latch);
  if (stmt->getInc())
    emitStmt(stmt->getInc());
  applyLoopHints(module, cf::BranchOp::create(builder, loc, header), attrs);
  region->push_back(exit);
  builder.setInsertionPointToEnd(exit);
}

void HLSLGenFunction::emitWhile(const clang::WhileStmt *stmt,
                                ArrayRef<const clang::Attr *> attrs) {
  if (!checkScalarCondition(stmt->getCond(), "while"))
    return;
  Location loc = getLoc(stmt->getWhileLoc());
  Region *region = builder.getInsertionBlock()->getParent();
  Block *header = new Block(), *body = new Block(), *exit = new Block();
  cf::BranchOp::create(builder, loc, header);
  region->push_back(header);
  builder.setInsertionPointToEnd(header);
  if (const clang::VarDecl *var = stmt->getConditionVariable())
    emitLocalVar(var);
  Value cond = emitCondition(stmt->getCond());
  if (!cond)
    return;
  cf::CondBranchOp::create(builder, loc, cond, body, exit);
  region->push_back(body);
  builder.setInsertionPointToEnd(body);
  jumpTargets.push_back({exit, header});
  emitStmt(stmt->getBody());
  jumpTargets.pop_back();
  if (!hasTerminator())
    applyLoopHints(module, cf::BranchOp::create(builder, loc, header), attrs);
  region->push_back(exit);
  builder.setInsertionPointToEnd(exit);
}

void HLSLGenFunction::emitDo(const clang::DoStmt *stmt,
                             ArrayRef<const clang::Attr *> attrs) {
  if (!checkScalarCondition(stmt->getCond(), "do-while"))
    return;
  Location loc = getLoc(stmt->getDoLoc());
  Region *region = builder.getInsertionBlock()->getParent();
  Block *body = new Block(), *latch = new Block(), *exit = new Block();
  cf::BranchOp::create(builder, loc, body);
  region->push_back(body);
  builder.setInsertionPointToEnd(body);
  jumpTargets.push_back({exit, latch});
  emitStmt(stmt->getBody());
  jumpTargets.pop_back();
  if (!hasTerminator())
    cf::BranchOp::create(builder, loc, latch);
  region->push_back(latch);
  builder.setInsertionPointToEnd(latch);
  Value cond = emitCondition(stmt->getCond());
  if (!cond)
    return;
  applyLoopHints(module, cf::CondBranchOp::create(builder, loc, cond, body, exit),
                 attrs);
  region->push_back(exit);
  builder.setInsertionPointToEnd(exit);
}

/// Collects the case labels that belong to `stmt` (not to nested switches).
static void collectCases(const clang::Stmt *stmt,
                         SmallVectorImpl<const clang::SwitchCase *> &cases) {
  if (!stmt || isa<clang::SwitchStmt>(stmt))
    return;
  if (const auto *label = dyn_cast<clang::SwitchCase>(stmt))
    cases.push_back(label);
  for (const clang::Stmt *child : stmt->children())
    collectCases(child, cases);
}

void HLSLGenFunction::emitSwitch(const clang::SwitchStmt *stmt) {
  if (stmt->getInit())
    emitStmt(stmt->getInit());
  if (const clang::VarDecl *var = stmt->getConditionVariable())
    emitLocalVar(var);
  Location loc = getLoc(stmt->getSwitchLoc());
  Value flag = emitRValue(stmt->getCond());
  if (!flag)
    return;
  auto flagType = dyn_cast<IntegerType>(flag.getType());
  if (!flagType) {
    notSupported(stmt->getCond(), "switch on a non-integer value");
    return;
  }
  SmallVector<const clang::SwitchCase *> cases;
  collectCases(stmt->getBody(), cases);
  Region *region = builder.getInsertionBlock()->getParent();
  Block *exit = new Block();
  Block *defaultBlock = exit;
  SmallVector<APInt> values;
  SmallVector<Block *> caseBlocks;
  llvm::DenseMap<const clang::SwitchCase *, Block *> labelBlocks;
  for (const clang::SwitchCase *label : cases) {
    Block *block = new Block();
    labelBlocks[label] = block;
    if (const auto *caseStmt = dyn_cast<clang::CaseStmt>(label)) {
      if (caseStmt->getRHS()) {
        notSupported(caseStmt, "case ranges");
        return;
      }
      llvm::APSInt value =
          caseStmt->getLHS()->EvaluateKnownConstInt(module.getASTContext());
      values.push_back(value.extOrTrunc(flagType.getWidth()));
      caseBlocks.push_back(block);
    } else {
      defaultBlock = block;
    }
  }
  SmallVector<ValueRange> operands(caseBlocks.size(), ValueRange());
  cf::SwitchOp::create(builder, loc, flag, defaultBlock, ValueRange(), values,
                       caseBlocks, operands);
  // Emit the body in source order; a label starts its block, and the block
  // before it falls through.
  jumpTargets.push_back({exit, nullptr});
  startUnreachableBlock();
  std::function<void(const clang::Stmt *)> emitWithLabels =
      [&](const clang::Stmt *s) {
        if (const auto *label = dyn_cast<clang::SwitchCase>(s)) {
          Block *block = labelBlocks.lookup(label);
          if (!hasTerminator())
            cf::BranchOp::create(builder, getLoc(s->getBeginLoc()), block);
          region->push_back(block);
          builder.setInsertionPointToEnd(block);
          emitWithLabels(label->getSubStmt());
          return;
        }
        if (const auto *compound = dyn_cast<clang::CompoundStmt>(s)) {
          for (const clang::Stmt *child : compound->body())
            emitWithLabels(child);
          return;
        }
        emitStmt(s);
      };
  emitWithLabels(stmt->getBody());
  jumpTargets.pop_back();
  if (!hasTerminator())
    cf::BranchOp::create(builder, loc, exit);
  region->push_back(exit);
  builder.setInsertionPointToEnd(exit);
}

void HLSLGenFunction::emitReturn(const clang::ReturnStmt *stmt) {
  Location loc = getLoc(stmt->getReturnLoc());
  if (const clang::Expr *value = stmt->getRetValue()) {
    if (value->getType()->isVoidType()) {
      (void)emitRValue(value);
      func::ReturnOp::create(builder, loc);
      return;
    }
    Value result = emitRValue(value);
    if (result)
      result = coerce(result, func.getResultTypes()[0], loc);
    if (result && gen::hasAnnotation(decl, "hlsl.precise"))
      result = makePrecise(result, loc);
    if (!result)
      result = poison(func.getResultTypes()[0], loc);
    func::ReturnOp::create(builder, loc, result);
    return;
  }
  func::ReturnOp::create(builder, loc);
}
