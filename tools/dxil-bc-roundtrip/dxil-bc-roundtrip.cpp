//===- dxil-bc-roundtrip.cpp - Write LLVM IR as DXIL 3.7 bitcode ----------===//
//
// Test driver of the DXIL bitcode writer: parses LLVM IR (text or bitcode)
// with LLVM 22, writes it as LLVM 3.7 bitcode, reads that back with LLVM 22's
// reader and compares it with the input (verifyDXILBitcodeRoundTrip).
//
//   dxil-bc-roundtrip in.ll -o out.bc [--print] [--data-layout=...]
//
// Exits with 1 and a message on any error or mismatch. --print writes the
// module read back from the bitcode to stdout.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/BitcodeWriter.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;
using namespace mlir::hlsl::dxil;

static cl::opt<std::string> inputFilename(cl::Positional,
                                          cl::desc("<input .ll or .bc>"),
                                          cl::init("-"));
static cl::opt<std::string> outputFilename("o", cl::desc("Output bitcode"),
                                           cl::value_desc("filename"),
                                           cl::init("-"));
static cl::opt<bool> print("print",
                           cl::desc("Print the module read back from the "
                                    "written bitcode to stdout"));
static cl::opt<std::string> dataLayout(
    "data-layout",
    cl::desc("Data layout to write: 'legacy', 'native16' or a layout string. "
             "Default: native16 if the input has DXIL's 16-bit layout, "
             "legacy otherwise"),
    cl::init(""));
static cl::opt<bool>
    noLocalNames("no-local-names",
                 cl::desc("Leave argument, instruction and block names out"));
static cl::opt<bool> noVerify("no-verify",
                              cl::desc("Skip the round-trip check"));

static int fail(const Twine &message) {
  WithColor::error(errs(), "dxil-bc-roundtrip") << message << "\n";
  return 1;
}

int main(int argc, char **argv) {
  InitLLVM init(argc, argv);
  cl::ParseCommandLineOptions(argc, argv,
                              "LLVM IR to DXIL (LLVM 3.7) bitcode\n");

  LLVMContext context;
  SMDiagnostic diagnostic;
  std::unique_ptr<Module> module =
      parseIRFile(inputFilename, diagnostic, context);
  if (!module) {
    diagnostic.print("dxil-bc-roundtrip", errs());
    return 1;
  }

  DXILBitcodeOptions options;
  if (dataLayout == "legacy")
    options.dataLayout = LegacyDataLayout.str();
  else if (dataLayout == "native16")
    options.dataLayout = NativeLowPrecisionDataLayout.str();
  else if (!dataLayout.empty())
    options.dataLayout = dataLayout;
  else if (module->getDataLayoutStr() == NativeLowPrecisionDataLayout)
    options.dataLayout = NativeLowPrecisionDataLayout.str();
  options.writeLocalNames = !noLocalNames;

  std::string bitcode;
  raw_string_ostream os(bitcode);
  if (Error error = writeDXILBitcode(*module, os, options))
    return fail(toString(std::move(error)));

  std::error_code ec;
  ToolOutputFile out(outputFilename, ec, sys::fs::OF_None);
  if (ec)
    return fail("cannot open " + outputFilename + ": " + ec.message());
  out.os() << bitcode;

  if (!noVerify)
    if (Error error = verifyDXILBitcodeRoundTrip(*module, bitcode))
      return fail(toString(std::move(error)));

  if (print) {
    LLVMContext readContext;
    std::string writtenLayout;
    Expected<std::unique_ptr<Module>> reread = readDXILBitcode(
        bitcode, readContext, module->getDataLayoutStr(), &writtenLayout);
    if (!reread)
      return fail("LLVM 22 cannot read the bitcode: " +
                  toString(reread.takeError()));
    // LLVM 22 cannot parse DXIL's legacy layout, so the module printed
    // below carries the input's layout; this line shows the written one.
    outs() << "; bitcode datalayout = \"" << writtenLayout << "\"\n";
    (*reread)->print(outs(), nullptr);
  }
  out.keep();
  return 0;
}
