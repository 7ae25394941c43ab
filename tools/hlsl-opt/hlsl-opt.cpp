//===- hlsl-opt.cpp - hlsl pass driver ------------------------------------===//
//
// Runs hlsl-dialect pass pipelines on .mlir files. Registers the hlsl dialect,
// the upstream dialects the importer and the lowering produce, and every pass
// of the project.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Conversion/Passes.h"
#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"
#include "HLSL/Dialect/HLSL/Transforms/Pipelines.h"
#include "HLSL/Support/LargeStack.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/Extensions/InlinerExtension.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/WithColor.h"

int main(int argc, char **argv) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::hlsl::HLSLDialect, mlir::arith::ArithDialect,
                  mlir::cf::ControlFlowDialect, mlir::func::FuncDialect,
                  mlir::math::MathDialect, mlir::scf::SCFDialect,
                  mlir::vector::VectorDialect, mlir::LLVM::LLVMDialect>();
  mlir::func::registerInlinerExtension(registry);
  mlir::registerTransformsPasses();
  mlir::hlsl::registerHLSLPasses();
  mlir::hlsl::registerHLSLPipelines();
  mlir::hlsl::registerHLSLConversionPasses();
  return mlir::hlsl::runWithLargeStack([&] {
    auto [inputFile, outputFile] = mlir::registerAndParseCLIOptions(
        argc, argv, "hlsl-mlir pass driver\n", registry);
    // MlirOptMain reports an unreadable input without "error:"; check it
    // first so that the message reads like every other error (stdin cannot
    // be read twice, MlirOptMain handles it).
    if (inputFile != "-") {
      std::string message;
      if (!mlir::openInputFile(inputFile, &message)) {
        llvm::WithColor::error(llvm::errs(), "hlsl-opt") << message << "\n";
        return 1;
      }
    }
    return mlir::asMainReturnCode(
        mlir::MlirOptMain(argc, argv, inputFile, outputFile, registry));
  });
}
