//===- PipelineFuzzer.cpp - bytes into hlsl-run's pipeline YAML reader ----===//
//
// The input is pipeline YAML (offload-test-suite format). A pipeline that
// parses is also written back and every Result is compared, as hlsl-run
// does after a run (the shader itself is not run).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Execution/Pipeline.h"

#include "llvm/Support/raw_ostream.h"

#include <cstdint>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  llvm::Expected<mlir::hlsl::exec::Pipeline> pipeline =
      mlir::hlsl::exec::parsePipeline(
          llvm::StringRef(reinterpret_cast<const char *>(data), size),
          "fuzz.yaml");
  if (!pipeline) {
    llvm::consumeError(pipeline.takeError());
    return 0;
  }
  std::string text;
  llvm::raw_string_ostream os(text);
  mlir::hlsl::exec::writePipeline(*pipeline, os);
  for (const mlir::hlsl::exec::ResultCheck &check : pipeline->results)
    (void)mlir::hlsl::exec::checkResult(*pipeline, check, os);
  return 0;
}
