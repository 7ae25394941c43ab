//===- MLIRPipelineFuzzer.cpp - .mlir text through the hlsl pipeline ------===//
//
// The input is MLIR text (what hlsl-opt reads); a module that parses and
// verifies runs the hlsl pipeline, the LLVM lowering and the writer.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "mlir/IR/Verifier.h"
#include "mlir/Parser/Parser.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hlsl_fuzz::QuietContext quiet;
  // The MLIR lexer reads up to a terminating NUL, which a std::string has.
  std::string text(reinterpret_cast<const char *>(data), size);
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &quiet.context);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  hlsl_fuzz::compileToContainer(*module, mlir::hlsl::CompileOptions());
  return 0;
}
