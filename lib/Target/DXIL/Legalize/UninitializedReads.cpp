//===- UninitializedReads.cpp - Arithmetic on uninitialized values --------===//
//
// DXC refuses a shader whose floating-point arithmetic reads an
// uninitialized value (`b + a` with `a` never assigned: the validator's
// Instr.NoReadingUninitialized), because its LLVM 3.7 optimizer leaves
// `fadd %b, undef` in place. LLVM today folds that to NaN, or to poison
// under `nnan`, and the shader would compile to an output of garbage (or no
// output at all) instead of the error.
//
// So before the optimizer folds anything, once SROA has turned the reads
// of uninitialized variables (and of fields of partly initialized structs)
// into undef, the undef operands of floating-point arithmetic become calls
// of an opaque function, which nothing folds and which goes with the code
// that reads it when that code is dead. After the optimizer, arithmetic
// that still reads one together with a computed value is an error, as in
// DXC; arithmetic on the opaque values and constants alone is what DXC
// keeps as a constant expression, and becomes NaN (a bare read, undef).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "DXILCalls.h"

#include "llvm/ADT/SetVector.h"
#include "llvm/Analysis/InstructionSimplify.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Local.h"

using namespace llvm;

static constexpr StringLiteral kMarkerPrefix = "hlsl.uninitialized.";

/// The arithmetic DXC's optimizer does not fold on an undef operand
/// (fadd, fsub, fmul, fdiv, frem; it folds comparisons, conversions and
/// integer arithmetic on undef into constants or undef).
static bool isFloatArithmetic(const Value *value) {
  return isa<BinaryOperator>(value) && value->getType()->isFPOrFPVectorTy();
}

static FunctionCallee getMarker(Module &module, Type *type) {
  std::string typeName;
  raw_string_ostream os(typeName);
  type->print(os);
  llvm::erase_if(typeName, [](char c) { return c == ' '; });
  FunctionCallee marker = module.getOrInsertFunction(
      (kMarkerPrefix + typeName).str(), FunctionType::get(type, false));
  auto *func = cast<Function>(marker.getCallee());
  func->setDoesNotAccessMemory();
  func->setDoesNotThrow();
  func->setWillReturn();
  func->addFnAttr(Attribute::Speculatable);
  func->addFnAttr(Attribute::NoSync);
  return marker;
}

/// Whether `value` is undef, or the frozen undef the MLIR translation
/// makes of an uninitialized operand of constant arithmetic (which its
/// IRBuilder would fold to NaN).
static bool isUninitialized(const Value *value) {
  if (const auto *freeze = dyn_cast<FreezeInst>(value))
    value = freeze->getOperand(0);
  return isa<UndefValue>(value);
}

bool mlir::hlsl::markUninitializedArithmeticForDXIL(Function &func) {
  bool changed = false;
  SmallSetVector<Instruction *, 4> frozen;
  for (Instruction &inst : instructions(func)) {
    if (!isFloatArithmetic(&inst))
      continue;
    for (Use &operand : inst.operands()) {
      if (!isUninitialized(operand.get()))
        continue;
      if (auto *freeze = dyn_cast<FreezeInst>(operand.get()))
        frozen.insert(freeze);
      CallInst *marker =
          CallInst::Create(getMarker(*func.getParent(), operand->getType()),
                           "uninitialized", inst.getIterator());
      marker->setDebugLoc(inst.getDebugLoc());
      operand.set(marker);
      changed = true;
    }
  }
  for (Instruction *freeze : frozen)
    if (freeze->use_empty())
      freeze->eraseFromParent();
  return changed;
}

Error mlir::hlsl::reportUninitializedArithmeticForDXIL(Module &module) {
  // The values DXC would have as constant expressions: the markers (and,
  // without the optimizer, the frozen undef the MLIR translation made) and
  // the arithmetic (and negation) of those and constants.
  SmallVector<Function *> markers;
  SetVector<Instruction *> undefConstants;
  for (Function &func : module) {
    if (func.isDeclaration() && func.getName().starts_with(kMarkerPrefix)) {
      markers.push_back(&func);
      for (User *user : func.users())
        undefConstants.insert(cast<Instruction>(user));
    }
    for (Instruction &inst : instructions(func))
      if (isa<FreezeInst>(inst) && isUninitialized(&inst))
        undefConstants.insert(&inst);
  }
  for (unsigned i = 0; i < undefConstants.size(); ++i)
    for (User *user : undefConstants[i]->users()) {
      auto *inst = dyn_cast<Instruction>(user);
      if (!inst || !(isFloatArithmetic(inst) || isa<UnaryOperator>(inst)))
        continue;
      if (llvm::all_of(inst->operands(), [&](const Use &operand) {
            auto *operandInst = dyn_cast<Instruction>(operand.get());
            return isa<Constant>(operand.get()) ||
                   (operandInst && undefConstants.contains(operandInst));
          }))
        undefConstants.insert(inst);
    }
  for (Function &func : module)
    for (Instruction &inst : instructions(func)) {
      if (!isFloatArithmetic(&inst) || undefConstants.contains(&inst))
        continue;
      bool readsUninitialized = false;
      for (Use &operand : inst.operands())
        if (auto *operandInst = dyn_cast<Instruction>(operand.get());
            operandInst && undefConstants.contains(operandInst)) {
          // (Shown as DXC shows it: the operand is undef.)
          operand.set(UndefValue::get(operand->getType()));
          readsUninitialized = true;
        }
      if (readsUninitialized)
        return createStringError(
            inconvertibleErrorCode(),
            mlir::hlsl::dxil::describeLocation(inst) +
                mlir::hlsl::uninitializedReadMessage() + " (" +
                mlir::hlsl::dxil::printInstruction(inst) + ")");
    }
  // What the remaining values feed simplifies as it would have on them
  // (a conversion of undef is undef, a select of it the other value); what
  // does not is checked with the rest of the module by legalizeForDXIL.
  SmallVector<Instruction *> users;
  for (Instruction *inst : llvm::reverse(undefConstants)) {
    for (User *user : inst->users())
      if (auto *userInst = dyn_cast<Instruction>(user);
          userInst && !undefConstants.contains(userInst))
        users.push_back(userInst);
    // (Arithmetic is NaN, what LLVM computes on undef: an output it reaches
    // is written, as DXC writes its constant expression.)
    inst->replaceAllUsesWith(
        isa<CallInst, FreezeInst>(inst)
            ? static_cast<Constant *>(UndefValue::get(inst->getType()))
            : ConstantFP::getNaN(inst->getType()));
    inst->eraseFromParent();
  }
  SimplifyQuery query(module.getDataLayout());
  while (!users.empty()) {
    Instruction *inst = users.pop_back_val();
    Value *simpler = simplifyInstruction(inst, query);
    if (!simpler)
      continue;
    for (User *user : inst->users())
      users.push_back(cast<Instruction>(user));
    inst->replaceAllUsesWith(simpler);
    if (isInstructionTriviallyDead(inst)) {
      // (An instruction may be queued more than once.)
      llvm::erase(users, inst);
      inst->eraseFromParent();
    }
  }
  for (Function *marker : markers)
    marker->eraseFromParent();
  return Error::success();
}

StringRef mlir::hlsl::uninitializedReadMessage() {
  return "the shader reads an uninitialized value (an uninitialized "
         "variable or an element past the end of a vector or array)";
}
