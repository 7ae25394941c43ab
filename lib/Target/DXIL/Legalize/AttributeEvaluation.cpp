//===- AttributeEvaluation.cpp - EvaluateAttribute* on their inputs -------===//
//
// The HLSL lowering leaves EvaluateAttributeCentroid/AtSample/Snapped and
// GetAttributeAtVertex as placeholder calls `dx.op.<op>Of(opcode, value,
// extra...)` on each component of their argument
// (AttributeEvaluationLowering.cpp). After optimization the value is a
// loadInput (through vector element moves at -Od): the placeholder becomes
// the DXIL operation on that input's signature element, row and column.
//
//===----------------------------------------------------------------------===//

#include "DXILCalls.h"

#include "HLSL/Target/DXIL/DXILMetadata.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"
#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Analysis/VectorUtils.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/PassManager.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Transforms/Scalar/InstSimplifyPass.h"
#include "llvm/Transforms/Scalar/SROA.h"
#include "llvm/Transforms/Utils/Mem2Reg.h"

using namespace llvm;

/// The loadInput call `value` is, looking through vector element moves.
static CallInst *findInputLoad(Value *value) {
  for (unsigned depth = 0; value && depth < 64; ++depth) {
    if (auto *call = dyn_cast<CallInst>(value)) {
      std::optional<unsigned> opcode = mlir::hlsl::dxil::getDXILOpcode(*call);
      return opcode == mlir::hlsl::dxil::LoadInput ? call : nullptr;
    }
    auto *extract = dyn_cast<ExtractElementInst>(value);
    if (!extract)
      return nullptr;
    auto *index = dyn_cast<ConstantInt>(extract->getIndexOperand());
    if (!index)
      return nullptr;
    value = findScalarElement(extract->getVectorOperand(),
                              unsigned(index->getZExtValue()));
  }
  return nullptr;
}

/// The input signature element record `id` of the module's entry.
static const MDNode *findInputElement(const Module &module, uint64_t id) {
  using namespace mlir::hlsl::dxil::metadata;
  const NamedMDNode *entries = module.getNamedMetadata("dx.entryPoints");
  if (!entries || entries->getNumOperands() == 0)
    return nullptr;
  const MDNode *signatures = getNode(entries->getOperand(0), 2);
  const MDNode *inputs = signatures ? getNode(signatures, 0) : nullptr;
  if (!inputs)
    return nullptr;
  for (const MDOperand &operand : inputs->operands())
    if (auto *record = dyn_cast_or_null<MDNode>(operand.get()))
      if (record->getNumOperands() > 5 && getInt(record, 0) == id)
        return record;
  return nullptr;
}

/// Why DXC's validator rejects evaluating input element `record` with
/// `intrinsic` (empty if it does not): the evaluations need an
/// interpolated input other than the position, GetAttributeAtVertex a
/// nointerpolation one.
static std::string checkInput(const MDNode *record, StringRef intrinsic) {
  using namespace mlir::hlsl::dxil::metadata;
  constexpr uint64_t Position = 3, Constant = 1, FirstLinear = 2,
                     LastLinear = 7;
  StringRef name = getString(record, 1);
  uint64_t semantic = getInt(record, 3).value_or(0);
  uint64_t interpolation = getInt(record, 5).value_or(0);
  if (intrinsic == "GetAttributeAtVertex")
    return interpolation == Constant
               ? ""
               : ("GetAttributeAtVertex needs a nointerpolation input; '" +
                  name + "' is interpolated")
                     .str();
  if (semantic == Position)
    return (intrinsic +
            " cannot evaluate the position (SV_Position): DXIL has no "
            "pull-model evaluation of it")
        .str();
  if (interpolation < FirstLinear || interpolation > LastLinear)
    return (intrinsic + " needs an interpolated input; '" + name +
            "' is nointerpolation")
        .str();
  return "";
}

/// Without the optimizer (-Od) an input may reach the evaluation through
/// a local copy (a struct parameter): the functions that evaluate
/// attributes get their locals promoted to values, so that the argument
/// is the loadInput again.
static void promoteLocals(Module &module, ArrayRef<StringRef> prefixes) {
  SmallPtrSet<Function *, 4> functions;
  for (Function &func : module)
    if (llvm::any_of(prefixes, [&](StringRef prefix) {
          return func.getName().starts_with(prefix);
        }))
      for (User *user : func.users())
        if (auto *call = dyn_cast<CallInst>(user))
          if (!findInputLoad(call->getArgOperand(1)))
            functions.insert(call->getFunction());
  if (functions.empty())
    return;
  FunctionAnalysisManager fam;
  PassBuilder builder;
  builder.registerFunctionAnalyses(fam);
  FunctionPassManager fpm;
  fpm.addPass(SROAPass(SROAOptions::ModifyCFG));
  fpm.addPass(PromotePass());
  fpm.addPass(InstSimplifyPass());
  for (Function *func : functions)
    fpm.run(*func, fam);
}

Error mlir::hlsl::resolveAttributeEvaluationsForDXIL(Module &module) {
  struct Placeholder {
    StringRef prefix;
    StringRef operation;
    StringRef intrinsic;
  };
  static const Placeholder placeholders[] = {
      {"dx.op.evalCentroidOf.", "evalCentroid", "EvaluateAttributeCentroid"},
      {"dx.op.evalSampleIndexOf.", "evalSampleIndex",
       "EvaluateAttributeAtSample"},
      {"dx.op.evalSnappedOf.", "evalSnapped", "EvaluateAttributeSnapped"},
      {"dx.op.attributeAtVertexOf.", "attributeAtVertex",
       "GetAttributeAtVertex"}};
  SmallVector<StringRef> prefixes;
  for (const Placeholder &placeholder : placeholders)
    prefixes.push_back(placeholder.prefix);
  promoteLocals(module, prefixes);
  for (Function &func : make_early_inc_range(module)) {
    const Placeholder *kind = nullptr;
    for (const Placeholder &placeholder : placeholders)
      if (func.getName().starts_with(placeholder.prefix))
        kind = &placeholder;
    if (!kind)
      continue;
    for (User *user : make_early_inc_range(func.users())) {
      auto *call = dyn_cast<CallInst>(user);
      if (!call || call->arg_size() < 2)
        continue;
      CallInst *load = findInputLoad(call->getArgOperand(1));
      if (!load || load->arg_size() < 4)
        return createStringError(
            inconvertibleErrorCode(),
            mlir::hlsl::dxil::describeLocation(*call) + kind->intrinsic +
                " needs a pixel shader input as its argument (an input "
                "parameter or an element of one, unchanged)");
      if (auto *id = dyn_cast<ConstantInt>(load->getArgOperand(1)))
        if (const MDNode *record = findInputElement(module, id->getZExtValue()))
          if (std::string why = checkInput(record, kind->intrinsic);
              !why.empty())
            return createStringError(inconvertibleErrorCode(),
                                     mlir::hlsl::dxil::describeLocation(*call) +
                                         why);
      IRBuilder<> b(call);
      Type *type = call->getType();
      // (opcode, input signature id, row, column, extra...).
      SmallVector<Value *> operands = {
          call->getArgOperand(0), load->getArgOperand(1),
          load->getArgOperand(2), load->getArgOperand(3)};
      for (unsigned i = 2; i < call->arg_size(); ++i)
        operands.push_back(call->getArgOperand(i));
      // AttributeAtVertex takes the vertex as an i8.
      if (kind->operation == "attributeAtVertex")
        operands.back() = b.CreateTrunc(operands.back(), b.getInt8Ty());
      SmallVector<Type *> params;
      for (Value *operand : operands)
        params.push_back(operand->getType());
      std::string name = ("dx.op." + kind->operation + "." +
                          func.getName().drop_front(kind->prefix.size()))
                             .str();
      FunctionCallee callee = module.getOrInsertFunction(
          name, FunctionType::get(type, params, false));
      if (auto *declared = dyn_cast<Function>(callee.getCallee())) {
        declared->setDoesNotThrow();
        declared->setDoesNotAccessMemory();
      }
      CallInst *replacement = b.CreateCall(callee, operands);
      replacement->setDebugLoc(call->getDebugLoc());
      call->replaceAllUsesWith(replacement);
      call->eraseFromParent();
      if (load->use_empty())
        load->eraseFromParent();
    }
    func.eraseFromParent();
  }
  return Error::success();
}
