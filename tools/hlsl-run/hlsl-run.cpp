//===- hlsl-run.cpp - run compute shaders on the CPU ----------------------===//
//
//   hlsl-run pipeline.yaml shader.dxil
//   hlsl-run pipeline.yaml shader.hlsl -T cs_6_6 [-E main] [-D X=1] ...
//
// Runs the compute shader of a DXIL container (or compiles HLSL source
// first) on the buffers of an offload-test-suite pipeline YAML and checks
// its `Results`. Exit status: 0 every result passed, 1 a result did not
// match, 2 bad input (YAML, container, shader, bindings) or a failed run.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Driver/Compiler.h"
#include "HLSL/Driver/ContainerFromModule.h"
#include "HLSL/Execution/Pipeline.h"
#include "HLSL/Execution/ShaderRunner.h"
#include "HLSL/Support/LargeStack.h"
#include "HLSL/Support/ToolOptions.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/Timing.h"

#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
enum ExitCode { Passed = 0, Mismatch = 1, BadInput = 2 };

llvm::cl::OptionCategory runCategory("Running");

llvm::cl::opt<std::string> pipelineFile(llvm::cl::Positional,
                                        llvm::cl::desc("<pipeline.yaml>"),
                                        llvm::cl::Required,
                                        llvm::cl::cat(runCategory));
llvm::cl::opt<std::string>
    shaderFile(llvm::cl::Positional,
               llvm::cl::desc("<shader.dxil | shader.hlsl>"),
               llvm::cl::Required, llvm::cl::cat(runCategory));
llvm::cl::opt<std::string>
    outputFile("o",
               llvm::cl::desc("Write the buffers after the run as "
                              "pipeline YAML"),
               llvm::cl::value_desc("file"), llvm::cl::cat(runCategory));
llvm::cl::opt<unsigned>
    jobs("j", llvm::cl::Prefix,
         llvm::cl::desc("Worker threads (default: one per core)"),
         llvm::cl::init(0), llvm::cl::cat(runCategory));
llvm::cl::opt<bool>
    printStats("run-stats",
               llvm::cl::desc("Print load, JIT and run times and the "
                              "threads executed per second to stderr"),
               llvm::cl::cat(runCategory));

llvm::cl::opt<unsigned>
    waveSize("wave-size",
             llvm::cl::desc("Lanes per wave, a power of two from 4 to 128 "
                            "(default 32; a shader's [WaveSize] that excludes "
                            "it wins)"),
             llvm::cl::init(32), llvm::cl::cat(runCategory));
llvm::cl::opt<bool> lockstepWaves(
    "lockstep-waves",
    llvm::cl::desc("Run the waves of a shader whose lanes all execute each "
                   "wave operation once, in order, segment by segment "
                   "(default; =false runs a fiber per lane, to compare)"),
    llvm::cl::init(true), llvm::cl::cat(runCategory));
llvm::cl::opt<bool> lockstepGroups(
    "lockstep-groups",
    llvm::cl::desc("Run the lanes of a shader that synchronizes its group "
                   "(and uses no wave operation) from barrier to barrier, "
                   "each stretch in a loop over the lanes (default; =false "
                   "runs a fiber per lane, to compare)"),
    llvm::cl::init(true), llvm::cl::cat(runCategory));
llvm::cl::opt<unsigned> repeat(
    "repeat",
    llvm::cl::desc("Dispatch N times and report the median run time with "
                   "--run-stats (for benchmarks: the buffers see every "
                   "dispatch, so Results usually fail)"),
    llvm::cl::init(1), llvm::cl::cat(runCategory));
llvm::cl::opt<bool> printHostIR(
    "print-host-ir",
    llvm::cl::desc("Print the shader as optimized LLVM IR for the host (what "
                   "the JIT compiles) to stdout"),
    llvm::cl::cat(runCategory));

llvm::cl::OptionCategory dxcCategory("Compiling HLSL input (DXC-style)");
llvm::cl::opt<std::string>
    targetProfile("T", llvm::cl::desc("Target profile (default cs_6_6)"),
                  llvm::cl::init("cs_6_6"), llvm::cl::cat(dxcCategory));
llvm::cl::opt<std::string>
    entryPoint("E",
               llvm::cl::desc("Entry point (default: the pipeline's Entry)"),
               llvm::cl::cat(dxcCategory));
llvm::cl::list<std::string> defines("D", llvm::cl::Prefix,
                                    llvm::cl::desc("Define a macro"),
                                    llvm::cl::cat(dxcCategory));
llvm::cl::list<std::string> includeDirs("I", llvm::cl::Prefix,
                                        llvm::cl::desc("Include directory"),
                                        llvm::cl::cat(dxcCategory));
llvm::cl::opt<bool> enable16BitTypes("enable-16bit-types",
                                     llvm::cl::desc("Native 16-bit types"),
                                     llvm::cl::cat(dxcCategory));
llvm::cl::opt<std::string> containerFile(
    "Fo",
    llvm::cl::desc("Write the container compiled from HLSL input (as "
                   "hlsl-translate -Fo would) before running it"),
    llvm::cl::value_desc("file"), llvm::cl::cat(dxcCategory));
llvm::cl::opt<std::string> hlslVersion("HV",
                                       llvm::cl::desc("HLSL version: 2016, "
                                                      "2017, 2018, 2021 "
                                                      "(default) or 202x"),
                                       llvm::cl::init("2021"),
                                       llvm::cl::cat(dxcCategory));

int fail(const llvm::Twine &message) {
  llvm::WithColor::error(llvm::errs(), "hlsl-run") << message << "\n";
  return BadInput;
}

/// Compiles HLSL source to a container in memory; diagnostics go to
/// stderr. Returns false after an error.
bool compileToContainer(std::unique_ptr<llvm::MemoryBuffer> source,
                        const std::string &entry, std::string &container) {
  std::optional<ShaderProfile> profile = parseShaderProfile(targetProfile);
  if (!profile) {
    fail("unsupported profile '" + targetProfile + "'");
    return false;
  }
  CompileOptions options;
  options.import.profile = *profile;
  options.import.entry = entry;
  options.import.defines.assign(defines.begin(), defines.end());
  options.import.includeDirs.assign(includeDirs.begin(), includeDirs.end());
  options.import.enable16BitTypes = enable16BitTypes;
  if (!parseHLSLVersion(hlslVersion)) {
    fail("unsupported HLSL version '" + hlslVersion +
         "'; expected 2016, 2017, 2018, 2021 or 202x");
    return false;
  }
  options.import.hlslVersion = hlslVersion;

  MLIRContext context;
  registerCompilerDialects(context);
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(source), llvm::SMLoc());
  SourceMgrDiagnosticHandler diagnostics(sourceMgr, &context);
  TimingScope noTiming;
  OwningOpRef<ModuleOp> module =
      loadInput(sourceMgr, options, &context, noTiming);
  if (!module)
    return false;
  llvm::LLVMContext llvmContext;
  std::unique_ptr<llvm::Module> llvmModule =
      compileToLLVMIR(*module, llvmContext, options, noTiming);
  if (!llvmModule)
    return false;
  llvm::raw_string_ostream os(container);
  ContainerOptions containerOptions;
  containerOptions.nativeLowPrecision = enable16BitTypes;
  // -Fo writes what hlsl-translate would.
  containerOptions.reflectionPart = !containerFile.empty();
  if (llvm::Error error =
          writeDXILContainer(*llvmModule, containerOptions, os)) {
    fail(llvm::toString(std::move(error)));
    return false;
  }
  return true;
}
} // namespace

static int runTool(int argc, char **argv) {
  // The compiler's pass manager reads its command-line options.
  registerPassManagerCLOptions();
  // LLVM's and MLIR's own options stay usable; only --help-hidden lists
  // them.
  hlsl::hideOtherOptions({&runCategory, &dxcCategory});
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "hlsl-run: run a compute shader on the CPU against a pipeline YAML\n");

  auto yaml = llvm::MemoryBuffer::getFile(pipelineFile);
  if (!yaml)
    return fail("cannot read '" + pipelineFile +
                "': " + yaml.getError().message());
  llvm::Expected<exec::Pipeline> pipeline =
      exec::parsePipeline((*yaml)->getBuffer(), pipelineFile);
  if (!pipeline) {
    // The message is a complete diagnostic with the file and position.
    llvm::errs() << llvm::toString(pipeline.takeError()) << "\n";
    return BadInput;
  }

  auto shader = llvm::MemoryBuffer::getFile(shaderFile);
  if (!shader)
    return fail("cannot read '" + shaderFile +
                "': " + shader.getError().message());
  std::string entry =
      entryPoint.empty() ? pipeline->shaders[0].entry : entryPoint;
  if (!entryPoint.empty())
    pipeline->shaders[0].entry = entryPoint;
  std::string container;
  if ((*shader)->getBuffer().starts_with("DXBC")) {
    if (!containerFile.empty())
      return fail("-Fo writes the container compiled from HLSL input; '" +
                  shaderFile + "' is a container already");
    container = (*shader)->getBuffer().str();
  } else if (!compileToContainer(std::move(*shader), entry, container)) {
    return BadInput;
  } else if (!containerFile.empty()) {
    std::error_code error;
    llvm::ToolOutputFile out(containerFile, error, llvm::sys::fs::OF_None);
    if (error)
      return fail("cannot write '" + containerFile + "': " + error.message());
    out.os() << container;
    out.keep();
  }

  if (waveSize < 4 || waveSize > 128 || (waveSize & (waveSize - 1)))
    return fail("--wave-size must be a power of two from 4 to 128");
  exec::RunOptions options;
  options.waveSize = waveSize;
  options.lockstepWaves = lockstepWaves;
  options.lockstepGroups = lockstepGroups;
  options.jobs = jobs;
  options.repeat = repeat;
  if (printHostIR)
    options.printHostIR = &llvm::outs();
  exec::RunStatistics statistics;
  if (llvm::Error error =
          exec::runComputeShader(container, *pipeline, options, &statistics))
    return fail(llvm::toString(std::move(error)));
  if (printStats)
    llvm::errs() << llvm::format(
        "hlsl-run: load %.1f ms, JIT %.1f ms, run %.1f ms, %llu threads "
        "(%.3g threads/s)\n",
        statistics.loadSeconds * 1e3, statistics.jitSeconds * 1e3,
        statistics.runSeconds * 1e3, (unsigned long long)statistics.threads,
        statistics.runSeconds > 0 ? statistics.threads / statistics.runSeconds
                                  : 0.0);

  int status = Passed;
  for (const exec::ResultCheck &check : pipeline->results) {
    std::string diff;
    llvm::raw_string_ostream diffStream(diff);
    bool passed = exec::checkResult(*pipeline, check, diffStream);
    llvm::outs() << check.name << ": " << (passed ? "pass" : "fail") << "\n";
    if (!passed) {
      llvm::outs() << diff;
      status = Mismatch;
    }
  }

  if (!outputFile.empty()) {
    std::error_code error;
    llvm::ToolOutputFile out(outputFile, error, llvm::sys::fs::OF_Text);
    if (error)
      return fail("cannot write '" + outputFile + "': " + error.message());
    exec::writePipeline(*pipeline, out.os());
    out.keep();
  }
  return status;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  return runWithLargeStack([&] { return runTool(argc, argv); });
}
