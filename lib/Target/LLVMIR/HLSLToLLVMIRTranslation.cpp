//===- HLSLToLLVMIRTranslation.cpp - hlsl attributes to LLVM IR -----------===//
//
// `hlsl.named_metadata` on the module is a list of [name, [node...]]; a node
// is an array whose elements are typed integers or floats (constants),
// strings (MDString), symbol references (the function or global), types
// (undef of that type), nested arrays (nodes) or unit (a null operand).
// Equal nodes are the same MDNode, as LLVM uniques tuples.
//
// `hlsl.stage_error` on a call becomes the call's metadata of that name
// (why the shader's stage may not use the operation; see
// StageRestrictedOperations.cpp in the DXIL legalization).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/LLVMIR/HLSLToLLVMIRTranslation.h"
#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Target/LLVMIR/LLVMTranslationInterface.h"
#include "mlir/Target/LLVMIR/ModuleTranslation.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"

using namespace mlir;

static llvm::Metadata *toMetadata(Attribute attr,
                                  LLVM::ModuleTranslation &translation,
                                  Operation *op) {
  llvm::LLVMContext &ctx = translation.getLLVMContext();
  if (isa<UnitAttr>(attr))
    return nullptr;
  if (auto str = dyn_cast<StringAttr>(attr))
    return llvm::MDString::get(ctx, str.getValue());
  if (auto integer = dyn_cast<IntegerAttr>(attr)) {
    unsigned width = integer.getType().getIntOrFloatBitWidth();
    return llvm::ConstantAsMetadata::get(llvm::ConstantInt::get(
        llvm::IntegerType::get(ctx, width), integer.getValue()));
  }
  if (auto fp = dyn_cast<FloatAttr>(attr))
    return llvm::ConstantAsMetadata::get(
        llvm::ConstantFP::get(translation.convertType(fp.getType()),
                              fp.getValueAsDouble()));
  if (auto symbol = dyn_cast<FlatSymbolRefAttr>(attr)) {
    llvm::Module *module = translation.getLLVMModule();
    if (llvm::Function *func = module->getFunction(symbol.getValue()))
      return llvm::ValueAsMetadata::get(func);
    if (llvm::GlobalVariable *global =
            module->getGlobalVariable(symbol.getValue(), true))
      return llvm::ValueAsMetadata::get(global);
    // Module attributes are translated before the functions: declare the
    // function with its final type now; the translation then fills it in.
    if (auto func = SymbolTable::lookupNearestSymbolFrom<LLVM::LLVMFuncOp>(
            op, symbol)) {
      auto *type = cast<llvm::FunctionType>(
          translation.convertType(func.getFunctionType()));
      llvm::FunctionCallee callee =
          module->getOrInsertFunction(symbol.getValue(), type);
      return llvm::ValueAsMetadata::get(
          cast<llvm::Function>(callee.getCallee()));
    }
    op->emitError() << "named metadata refers to unknown symbol " << symbol;
    return nullptr;
  }
  if (auto type = dyn_cast<TypeAttr>(attr))
    return llvm::ConstantAsMetadata::get(
        llvm::UndefValue::get(translation.convertType(type.getValue())));
  if (auto array = dyn_cast<ArrayAttr>(attr)) {
    SmallVector<llvm::Metadata *> elements;
    for (Attribute element : array)
      elements.push_back(toMetadata(element, translation, op));
    return llvm::MDTuple::get(ctx, elements);
  }
  op->emitError() << "cannot express " << attr << " as metadata";
  return nullptr;
}

namespace {
struct HLSLDialectLLVMIRTranslationInterface
    : public LLVMTranslationDialectInterface {
  using LLVMTranslationDialectInterface::LLVMTranslationDialectInterface;

  LogicalResult
  amendOperation(Operation *op, ArrayRef<llvm::Instruction *> instructions,
                 NamedAttribute attribute,
                 LLVM::ModuleTranslation &translation) const final {
    if (attribute.getName() == mlir::hlsl::dxil::kStageErrorName) {
      auto message = dyn_cast<StringAttr>(attribute.getValue());
      if (!message)
        return op->emitError() << "'" << mlir::hlsl::dxil::kStageErrorName
                               << "' must be a string";
      llvm::LLVMContext &ctx = translation.getLLVMContext();
      for (llvm::Instruction *inst : instructions)
        inst->setMetadata(
            mlir::hlsl::dxil::kStageErrorName,
            llvm::MDNode::get(ctx, llvm::MDString::get(ctx, message)));
      return success();
    }
    if (attribute.getName() != "hlsl.named_metadata")
      return success();
    auto entries = dyn_cast<ArrayAttr>(attribute.getValue());
    if (!entries)
      return op->emitError() << "'hlsl.named_metadata' must be an array";
    llvm::Module *module = translation.getLLVMModule();
    for (Attribute entry : entries) {
      auto pair = dyn_cast<ArrayAttr>(entry);
      if (!pair || pair.size() != 2 || !isa<StringAttr>(pair[0]) ||
          !isa<ArrayAttr>(pair[1]))
        return op->emitError()
               << "'hlsl.named_metadata' entries must be [name, [nodes]]";
      llvm::NamedMDNode *named = module->getOrInsertNamedMetadata(
          cast<StringAttr>(pair[0]).getValue());
      for (Attribute node : cast<ArrayAttr>(pair[1])) {
        // Symbol lookups report their own errors.
        bool failed = false;
        node.walk([&](FlatSymbolRefAttr symbol) {
          if (!SymbolTable::lookupNearestSymbolFrom(op, symbol))
            failed = true;
        });
        if (failed)
          return op->emitError() << "named metadata refers to an unknown "
                                    "symbol";
        auto *md = dyn_cast_or_null<llvm::MDNode>(
            toMetadata(node, translation, op));
        if (!md)
          return op->emitError() << "named metadata operand must be a node";
        named->addOperand(md);
      }
    }
    return success();
  }
};
} // namespace

void mlir::hlsl::registerHLSLDialectTranslation(DialectRegistry &registry) {
  registry.insert<HLSLDialect>();
  registry.addExtension(+[](MLIRContext *, HLSLDialect *dialect) {
    dialect->addInterfaces<HLSLDialectLLVMIRTranslationInterface>();
  });
}

void mlir::hlsl::registerHLSLDialectTranslation(MLIRContext &context) {
  DialectRegistry registry;
  registerHLSLDialectTranslation(registry);
  context.appendDialectRegistry(registry);
}
