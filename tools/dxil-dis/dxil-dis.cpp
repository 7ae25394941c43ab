//===- dxil-dis.cpp - DXIL container disassembler -------------------------===//
//
// `dxil-dis file.dxil` prints the container header and every part of a DXIL
// container (ours or DXC's). Malformed input prints `error: <message>` on
// stderr and exits with 1; nothing is printed on stdout then.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/ContainerReader.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <string>

namespace {
llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                     llvm::cl::desc("<input container>"),
                                     llvm::cl::init("-"));
} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "DXIL container disassembler\n\n"
      "Prints the header and every part of a DXIL container.\n");

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buffer) {
    llvm::errs() << "error: cannot read '" << inputFile
                 << "': " << buffer.getError().message() << "\n";
    return 1;
  }

  std::string text;
  llvm::raw_string_ostream os(text);
  if (llvm::Error err = mlir::hlsl::dxil::disassembleDXContainer(
          (*buffer)->getBuffer(), os)) {
    llvm::errs() << "error: " << llvm::toString(std::move(err)) << "\n";
    return 1;
  }
  llvm::outs() << text;
  return 0;
}
