//===- FuzzerSupport.h - shared set-up of the fuzz targets ------*- C++ -*-===//
//
// Every target compiles what it is given as far as it goes and discards the
// result: a fuzz input passes if it ends in output or in diagnostics, and
// fails only on a crash, a sanitizer report, a hang or a memory blow-up.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_FUZZ_FUZZERSUPPORT_H
#define HLSL_FUZZ_FUZZERSUPPORT_H

#include "HLSL/Driver/Compiler.h"
#include "HLSL/Driver/ContainerFromModule.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/raw_ostream.h"

namespace hlsl_fuzz {

/// An MLIR context with the compiler's dialects whose diagnostics are
/// swallowed (they are the expected outcome for most inputs).
struct QuietContext {
  QuietContext() {
    // compileToLLVMIR applies the pass manager's command-line options and
    // fails without them (before this, the fuzzers never reached the
    // passes).
    static const bool registered = [] {
      mlir::registerPassManagerCLOptions();
      return true;
    }();
    (void)registered;
    mlir::hlsl::registerCompilerDialects(context);
    context.printOpOnDiagnostic(false);
    context.printStackTraceOnDiagnostic(false);
  }
  mlir::MLIRContext context{mlir::MLIRContext::Threading::DISABLED};
  mlir::ScopedDiagnosticHandler handler{
      &context, [](mlir::Diagnostic &) { return mlir::success(); }};
};

/// Lowers an hlsl-dialect module to a container in memory.
inline void compileToContainer(mlir::ModuleOp module,
                               const mlir::hlsl::CompileOptions &options) {
  llvm::LLVMContext llvmContext;
  mlir::TimingScope noTiming;
  std::unique_ptr<llvm::Module> llvmModule =
      mlir::hlsl::compileToLLVMIR(module, llvmContext, options, noTiming);
  if (!llvmModule)
    return;
  std::string container;
  llvm::raw_string_ostream os(container);
  llvm::consumeError(mlir::hlsl::writeDXILContainer(
      *llvmModule, options.import.enable16BitTypes, os));
}

} // namespace hlsl_fuzz

#endif // HLSL_FUZZ_FUZZERSUPPORT_H
