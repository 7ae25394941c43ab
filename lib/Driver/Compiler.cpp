//===- Compiler.cpp - the stages of the compiler as one API ---------------===//

#include "HLSL/Driver/Compiler.h"

#include "HLSL/Target/DXIL/ShaderFlags.h"

#include "HLSL/Conversion/Passes.h"
#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"
#include "HLSL/Dialect/HLSL/Transforms/Pipelines.h"
#include "HLSL/Target/LLVMIR/HLSLToLLVMIRTranslation.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/Transforms/Passes.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/IR/DebugInfo.h"
#include "llvm/IR/DiagnosticHandler.h"
#include "llvm/IR/DiagnosticInfo.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/Regex.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"
#include "llvm/TargetParser/Triple.h"

using namespace mlir;
using namespace mlir::hlsl;

/// The resources a first compilation found unused after optimization
/// (their symbol names), on the module compiled again.
static constexpr llvm::StringLiteral kUnusedAfterOptimizationAttr =
    "hlsl.unused_after_optimization";
/// Set on a first compilation (one that keeps a copy to compile again):
/// resources that cannot be bound together are bound apart (a space each)
/// instead of failing, and AssignBindings then sets kBindingsApartAttr.
static constexpr llvm::StringLiteral kTentativeBindingsAttr =
    "hlsl.tentative_bindings";
static constexpr llvm::StringLiteral kBindingsApartAttr = "hlsl.bindings_apart";

void mlir::hlsl::registerCompilerDialects(MLIRContext &context) {
  DialectRegistry registry;
  registry.insert<HLSLDialect, arith::ArithDialect, cf::ControlFlowDialect,
                  func::FuncDialect, math::MathDialect, vector::VectorDialect,
                  LLVM::LLVMDialect>();
  func::registerInlinerExtension(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
  registerHLSLDialectTranslation(registry);
  context.appendDialectRegistry(registry);
  context.loadAllAvailableDialects();
}

OwningOpRef<ModuleOp> mlir::hlsl::loadInput(llvm::SourceMgr &sourceMgr,
                                            const CompileOptions &options,
                                            MLIRContext *context,
                                            TimingScope &timing) {
  registerCompilerDialects(*context);
  const llvm::MemoryBuffer *buffer =
      sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
  StringRef name = buffer->getBufferIdentifier();
  if (name.ends_with(".mlir")) {
    TimingScope parseTiming = timing.nest("MLIR parse");
    return parseSourceFile<ModuleOp>(sourceMgr, context);
  }
  // Diagnostics of HLSL input point at HLSL source; the MLIR op a pass was
  // looking at is internal detail there (it stays for .mlir input).
  context->printOpOnDiagnostic(false);
  return importHLSL(buffer->getMemBufferRef(), options.import, context,
                    timing);
}

/// Freezes the undef operands of floating-point arithmetic (reads of
/// uninitialized variables): the translation's IRBuilder would fold
/// arithmetic on undef and constants to NaN, and the optimizer's pipeline
/// reports the reads of uninitialized values that remain in the code, as
/// DXC does (see markUninitializedArithmeticForDXIL).
static void freezeUninitializedArithmeticOperands(ModuleOp module) {
  module->walk([](Operation *op) {
    if (!isa<LLVM::FAddOp, LLVM::FSubOp, LLVM::FMulOp, LLVM::FDivOp,
             LLVM::FRemOp>(op))
      return;
    for (OpOperand &operand : op->getOpOperands())
      if (isa_and_nonnull<LLVM::UndefOp, LLVM::PoisonOp>(
              operand.get().getDefiningOp())) {
        OpBuilder builder(op);
        operand.set(
            LLVM::FreezeOp::create(builder, op->getLoc(), operand.get()));
      }
  });
}

std::unique_ptr<llvm::Module>
mlir::hlsl::compileToLLVMIR(ModuleOp module, llvm::LLVMContext &llvmContext,
                            const CompileOptions &options,
                            TimingScope &timing) {
  // An hlsl-dialect module goes through the hlsl pipeline and the lowering;
  // an LLVM-dialect module (from hlsl-opt) is translated as it is. An
  // imported module need not contain any hlsl op (an empty entry is plain
  // func), so anything outside the LLVM dialect means "not lowered yet".
  bool needsLowering = false;
  module->walk([&](Operation *op) {
    if (op != module.getOperation() &&
        !isa_and_nonnull<LLVM::LLVMDialect>(op->getDialect()))
      needsLowering = true;
  });
  // Implicit bindings go to the resources the final code uses (seed 004),
  // which only LLVM's optimization tells, and overlapping registers are an
  // error only among those: when it deletes the last use of a resource, the
  // module is compiled again from this copy with those resources named
  // (AssignBindings binds them apart). With explicit registers that do not
  // overlap, nothing would change.
  OwningOpRef<ModuleOp> beforePipeline;
  if (needsLowering && !module->hasAttr(kUnusedAfterOptimizationAttr) &&
      bindingsDependOnOptimization(module)) {
    beforePipeline = module.clone();
    module->setAttr(kTentativeBindingsAttr, UnitAttr::get(module.getContext()));
  }
  if (needsLowering) {
    PassManager pm(module.getContext());
    if (failed(applyPassManagerCLOptions(pm))) {
      // Tools must call registerPassManagerCLOptions() first.
      llvm::WithColor::error(llvm::errs())
          << "the pass manager's command-line options are not registered\n";
      return nullptr;
    }
    TimingScope pipelineTiming = timing.nest("hlsl pipeline + LLVM lowering");
    if (pipelineTiming)
      pm.enableTiming(pipelineTiming);
    pm.enableVerifier(options.verifyEachPass);
    buildHLSLPipeline(pm);
    ConvertHLSLToLLVMPassOptions lowering;
    lowering.validatorVersion = options.validatorVersion;
    pm.addPass(createConvertHLSLToLLVMPass(lowering));
    pm.addPass(createCanonicalizerPass());
    // Functions get a debug-info scope so that the translation keeps the
    // source locations as LLVM debug locations: DXIL legalization's errors
    // then point into the shader. The debug info is stripped before the
    // module is written.
    pm.addPass(LLVM::createDIScopeForLLVMFuncOpPass());
    // Without per-pass verification, the input (an import or a hand-written
    // .mlir file) and the result of the whole pipeline are still verified:
    // no pass runs on invalid IR and nothing invalid reaches the translation.
    auto verifyOnce = [&](StringRef what) {
      if (options.verifyEachPass)
        return success();
      TimingScope verifyTiming = pipelineTiming.nest(what);
      return verify(module);
    };
    if (failed(verifyOnce("verification of the input")) ||
        failed(pm.run(module)) ||
        failed(verifyOnce("verification of the result")))
      return nullptr;
  }
  TimingScope translateTiming = timing.nest("LLVM IR translation");
  freezeUninitializedArithmeticOperands(module);
  std::unique_ptr<llvm::Module> llvmModule =
      translateModuleToLLVMIR(module, llvmContext, "main");
  translateTiming.stop();
  if (!llvmModule)
    return nullptr;
  llvmModule->setTargetTriple(llvm::Triple("dxil-ms-dx"));
  // DXIL's addresses are 32-bit, and 64-bit integers are an optional
  // capability: the optimizer indexes with i32 and makes no i64 of its own
  // (e.g. a 64-bit mask for a test of a 40-element table), which would
  // require the Int64Ops feature of a shader that has no 64-bit math.
  llvmModule->setDataLayout("e-p:32:32-n8:16:32");
  // The MLIR translation records a debug-info version; DXIL has no module
  // flags (the validator only knows the dx.* named metadata).
  if (llvm::NamedMDNode *flags = llvmModule->getModuleFlagsMetadata())
    llvmModule->eraseNamedMetadata(flags);
  TimingScope optimizeTiming = timing.nest("LLVM optimization");
  localizeStaticGlobalsForDXIL(*llvmModule);
  splitAggregateMemoryForDXIL(*llvmModule);
  scalarizeForDXIL(*llvmModule);
  writeOutputArraysDirectlyForDXIL(*llvmModule);
  // LLVM's "loop not unrolled" warnings: checkForcedUnrolls reports those
  // loops as DXC does.
  struct DropOptimizationFailures : llvm::DiagnosticHandler {
    bool handleDiagnostics(const llvm::DiagnosticInfo &info) override {
      return info.getKind() == llvm::DK_OptimizationFailure;
    }
  };
  llvmContext.setDiagnosticHandler(
      std::make_unique<DropOptimizationFailures>());
  bool precise = options.import.ieeeStrict || module->hasAttr("hlsl.precise");
  if (!precise)
    allowFastMathFoldsForDXIL(*llvmModule);
  DXILOptLevel optimized = optimizeForDXIL(*llvmModule, options.optLevel);
  optimizeTiming.stop();
  // An error at a source location reads `file:line:col: error: ...`.
  auto reportError = [](llvm::Error error) {
    std::string message = llvm::toString(std::move(error));
    static const llvm::Regex located("^([^ ]+:[0-9]+:[0-9]+): (.*)$");
    llvm::SmallVector<llvm::StringRef, 3> parts;
    if (located.match(message, &parts))
      llvm::WithColor::error(llvm::errs(), parts[1]) << parts[2] << "\n";
    else
      llvm::WithColor::error(llvm::errs(), "hlsl-translate") << message << "\n";
  };
  // DXC only warns in its fxc compatibility mode (HLSL 2016). (-O0 and -O1
  // do not unroll: their [unroll] loops stay loops.)
  if (llvm::Error error =
          optimized >= DXILOptLevel::O2
              ? checkForcedUnrolls(*llvmModule,
                                   options.import.hlslVersion == "2016")
              : llvm::Error::success()) {
    reportError(std::move(error));
    return nullptr;
  }
  TimingScope legalizeTiming = timing.nest("DXIL legalization");
  if (llvm::Error error =
          legalizeForDXIL(*llvmModule, options.import.enable16BitTypes)) {
    reportError(std::move(error));
    return nullptr;
  }
  std::vector<std::string> unused = dropUnusedResourcesForDXIL(*llvmModule);
  // (Bindings that boundApart are bound again, or refused, by the second
  // compilation, even when nothing turned out unused.)
  if (beforePipeline &&
      (!unused.empty() || module->hasAttr(kBindingsApartAttr))) {
    SmallVector<Attribute> names;
    for (const std::string &name : unused)
      names.push_back(StringAttr::get(module.getContext(), name));
    (*beforePipeline)
        ->setAttr(kUnusedAfterOptimizationAttr,
                  ArrayAttr::get(module.getContext(), names));
    // The context keeps this module's named types: unnamed, they leave
    // their names (dx.types.Handle, ...) to the module compiled again.
    for (llvm::StructType *type : llvmModule->getIdentifiedStructTypes())
      type->setName("");
    llvmModule.reset();
    return compileToLLVMIR(*beforePipeline, llvmContext, options, timing);
  }
  if (!beforePipeline && module->hasAttr(kUnusedAfterOptimizationAttr) &&
      unused.size() !=
          module->getAttrOfType<ArrayAttr>(kUnusedAfterOptimizationAttr)
              .size()) {
    // (The same code optimizes the same way: a resource bound apart that
    // the code still uses would share registers with another.)
    reportError(llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "internal: the resources unused after optimization differ between "
        "two compilations of the same module"));
    return nullptr;
  }
  if (std::vector<std::string> unbound =
          takeUnboundResourceErrorsForDXIL(*llvmModule);
      !unbound.empty()) {
    for (std::string &message : unbound)
      reportError(
          llvm::createStringError(llvm::inconvertibleErrorCode(), message));
    return nullptr;
  }
  // (Before the debug info goes: its errors are at the entry's line.)
  if (llvm::Error error = setSignatureUsageForDXIL(*llvmModule)) {
    reportError(std::move(error));
    return nullptr;
  }
  // (DXIL debug info is not written; -Zi is refused.)
  llvm::StripDebugInfo(*llvmModule);
  setFastMathFlagsForDXIL(*llvmModule, precise,
                          options.import.enable16BitTypes);
  // The flags describe the final instructions, as the validator computes
  // them; only the option-given ones are decided here.
  uint64_t declaredOnly = 0;
  if (options.import.enable16BitTypes)
    declaredOnly |= dxil::shader_flag::UseNativeLowPrecision;
  if (options.optLevel == DXILOptLevel::Od)
    declaredOnly |= dxil::shader_flag::DisableOptimizations;
  if (module->hasAttr("hlsl.early_depth_stencil"))
    declaredOnly |= dxil::shader_flag::ForceEarlyDepthStencil;
  if (options.allResourcesBound)
    declaredOnly |= dxil::shader_flag::AllResourcesBound;
  dxil::setShaderFlags(*llvmModule, declaredOnly);
  setCBufferUsageForDXIL(*llvmModule);
  return llvmModule;
}
