//===- ContainerFuzzer.cpp - bytes into the container reader --------------===//
//
// The input is a DXIL container (ours, DXC's or garbage); the disassembler
// reads its header, parts and bitcode.
//
//===----------------------------------------------------------------------===//

#include "FuzzerSupport.h"

#include "llvm/Support/Error.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string text;
  llvm::raw_string_ostream os(text);
  llvm::consumeError(mlir::hlsl::disassembleContainer(
      llvm::StringRef(reinterpret_cast<const char *>(data), size), os));
  return 0;
}
