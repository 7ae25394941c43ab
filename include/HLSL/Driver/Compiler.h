//===- Compiler.h - the stages of the compiler as one API -------*- C++ -*-===//
//
// What hlsl-translate's --to-llvmir (and later --to-dxil) runs: load HLSL or
// MLIR, run the hlsl pipeline and the LLVM lowering, translate to an
// llvm::Module, optimize and legalize it for DXIL.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_DRIVER_COMPILER_H
#define HLSL_DRIVER_COMPILER_H

#include "HLSL/Frontend/HLSLImport.h"
#include "HLSL/Target/DXIL/Legalize.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

#include <memory>

namespace llvm {
class LLVMContext;
class Module;
class SourceMgr;
} // namespace llvm

namespace mlir::hlsl {

struct CompileOptions {
  ImportOptions import;
  DXILOptLevel optLevel = DXILOptLevel::O3;
  std::string validatorVersion = "1.8";
  /// Print the MLIR module after every pass (--mlir-print-ir-after-all is
  /// also honoured through the pass manager's command-line options).
  bool printAfterAll = false;
  /// Verify the module after every pass of the hlsl pipeline (as mlir-opt
  /// does). Off by default: verification costs about as much as a pass, so
  /// every pass doubling it is a tax on every compile; the module is still
  /// verified once before and once after the pipeline. The tests turn it on.
  bool verifyEachPass = false;
  /// -all_resources_bound: declare that every resource the shader may
  /// access is bound (the AllResourcesBound shader flag).
  bool allResourcesBound = false;
};

/// Registers the dialects and translations the compiler needs in `context`.
void registerCompilerDialects(MLIRContext &context);

/// The source as an MLIR module: `.mlir` input is parsed, anything else is
/// imported as HLSL. Errors are reported; null on failure.
/// Phases are timed under `timing` (a null scope times nothing).
OwningOpRef<ModuleOp> loadInput(llvm::SourceMgr &sourceMgr,
                                const CompileOptions &options,
                                MLIRContext *context, TimingScope &timing);

/// hlsl dialect (or LLVM dialect) module -> legalized LLVM IR.
/// Timed as the hlsl pipeline (one nested timer per pass), the LLVM IR
/// translation, LLVM optimization and DXIL legalization.
std::unique_ptr<llvm::Module> compileToLLVMIR(ModuleOp module,
                                              llvm::LLVMContext &llvmContext,
                                              const CompileOptions &options,
                                              TimingScope &timing);

} // namespace mlir::hlsl

#endif // HLSL_DRIVER_COMPILER_H
