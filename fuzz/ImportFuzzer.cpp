//===- ImportFuzzer.cpp - HLSL source through the whole compiler ----------===//
//
// The input is an HLSL compute shader with entry `main` (cs_6_6); it is
// imported, verified, lowered and written as a container.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "mlir/IR/Verifier.h"
#include "llvm/Support/MemoryBuffer.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  hlsl_fuzz::QuietContext quiet;
  mlir::hlsl::CompileOptions options;
  options.import.abortOnInternalCrash = true;
  std::unique_ptr<llvm::MemoryBuffer> source = llvm::MemoryBuffer::getMemBuffer(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), "fuzz.hlsl",
      /*RequiresNullTerminator=*/false);
  mlir::OwningOpRef<mlir::ModuleOp> module = mlir::hlsl::importHLSL(
      source->getMemBufferRef(), options.import, &quiet.context);
  if (!module || mlir::failed(mlir::verify(*module)))
    return 0;
  hlsl_fuzz::compileToContainer(*module, options);
  return 0;
}
