//===- hlsl-translate.cpp - hlsl translation driver -----------------------===//
//
// Translations into and out of the hlsl dialect, with DXC-style flags.
// Only translations that work end to end are registered.
//
//===----------------------------------------------------------------------===//

#include "BatchCompile.h"

#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Driver/Compiler.h"
#include "HLSL/Driver/ContainerFromModule.h"
#include "HLSL/Driver/ContainerHeader.h"
#include "HLSL/Driver/ExternalValidator.h"
#include "HLSL/Driver/ReflectionJSON.h"
#include "HLSL/Frontend/HLSLImport.h"
#include "HLSL/Support/LargeStack.h"
#include "HLSL/Support/ToolOptions.h"
#include "HLSL/Target/DXIL/ContainerDigest.h"
#include "HLSL/Target/DXIL/ContainerInfo.h"
#include "HLSL/Target/DXIL/ContainerReader.h"
#include "HLSL/Target/DXIL/ContainerWriter.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/AsmState.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Support/Timing.h"
#include "mlir/Support/ToolUtilities.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "clang/Basic/DiagnosticIDs.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IRReader/IRReader.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/Threading.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/WithColor.h"

#include <sys/resource.h>
#include <unistd.h>

using namespace mlir;

namespace {
// Option groups as DXC groups its help.
llvm::cl::OptionCategory compileCategory("Compilation options");
llvm::cl::OptionCategory outputCategory("Output options");
llvm::cl::OptionCategory rootSignatureCategory("Root signature options");
llvm::cl::OptionCategory warningCategory("Warning options");
llvm::cl::OptionCategory validationCategory("Validation and signing options");
llvm::cl::OptionCategory developerCategory("Developer options");

llvm::cl::opt<std::string> targetProfile(
    "T",
    llvm::cl::desc("Target profile: <stage>_6_<0..8>, stage one of "
                   "cs vs ps gs hs ds lib ms as (default cs_6_6)"),
    llvm::cl::value_desc("profile"), llvm::cl::init("cs_6_6"),
    llvm::cl::cat(compileCategory));
llvm::cl::opt<std::string> entryPoint("E", llvm::cl::desc("Entry point name"),
                                      llvm::cl::value_desc("name"),
                                      llvm::cl::init("main"),
                                      llvm::cl::cat(compileCategory));
llvm::cl::list<std::string> defines("D", llvm::cl::Prefix,
                                    llvm::cl::desc("Define a macro"),
                                    llvm::cl::value_desc("name[=value]"),
                                    llvm::cl::cat(compileCategory));
llvm::cl::list<std::string> includeDirs("I", llvm::cl::Prefix,
                                        llvm::cl::desc("Include directory"),
                                        llvm::cl::value_desc("dir"),
                                        llvm::cl::cat(compileCategory));
llvm::cl::opt<std::string>
    hlslVersion("HV",
                llvm::cl::desc("HLSL version: 2016, 2017, "
                               "2018, 2021 (default) or "
                               "202x"),
                llvm::cl::init("2021"), llvm::cl::cat(compileCategory));
llvm::cl::opt<bool> ieeeStrict(
    "Gis",
    llvm::cl::desc("Force IEEE strictness: no operation is marked fast "
                   "(as if every value were declared precise)"),
    llvm::cl::cat(compileCategory));
llvm::cl::opt<bool> backwardCompatibility(
    "Gec",
    llvm::cl::desc("Backward compatibility mode: HLSL 2016 unless -HV says "
                   "otherwise, and the DX9 semantics COLOR and DEPTH (pixel "
                   "outputs), POSITION (vertex output) and VPOS (pixel "
                   "input) are the system values they stand for"),
    llvm::cl::cat(compileCategory));
llvm::cl::opt<bool> warningsAsErrors("WX",
                                     llvm::cl::desc("Treat warnings as errors"),
                                     llvm::cl::cat(warningCategory));
llvm::cl::opt<bool> noWarnings("no-warnings",
                               llvm::cl::desc("Suppress warnings"),
                               llvm::cl::cat(warningCategory));
llvm::cl::list<std::string> disabledWarnings(
    "Wno-", llvm::cl::Prefix,
    llvm::cl::desc("Silence the warnings of this group (-Wno-<group>)"),
    llvm::cl::value_desc("group"), llvm::cl::cat(warningCategory));
llvm::cl::opt<bool> enable16BitTypes("enable-16bit-types",
                                     llvm::cl::desc("Native 16-bit types"),
                                     llvm::cl::cat(compileCategory));
llvm::cl::opt<std::string> rootSignatureVersion(
    "force-rootsig-ver",
    llvm::cl::desc("Root signature version: rootsig_1_0, rootsig_1_1 "
                   "(default) or rootsig_1_2"),
    llvm::cl::value_desc("version"), llvm::cl::cat(rootSignatureCategory));
llvm::cl::opt<std::string> rootSignatureDefine(
    "rootsig-define",
    llvm::cl::desc("Read the entry's root signature from this #define "
                   "(instead of a [RootSignature] attribute)"),
    llvm::cl::value_desc("name"), llvm::cl::cat(rootSignatureCategory));
llvm::cl::opt<bool>
    rowMajor("Zpr", llvm::cl::desc("Matrices are row-major by default"),
             llvm::cl::cat(compileCategory));
llvm::cl::opt<bool> columnMajor(
    "Zpc", llvm::cl::desc("Matrices are column-major by default (default)"),
    llvm::cl::cat(compileCategory));
/// Checks the DXC-style options; prints an error and returns nullopt if
/// they are invalid.
std::optional<hlsl::ImportOptions> getImportOptions() {
  std::optional<hlsl::ShaderProfile> profile =
      hlsl::parseShaderProfile(targetProfile);
  if (!profile) {
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "unsupported profile '" << targetProfile
        << "'; expected <stage>_6_<0..8> with stage cs, vs, ps, gs, hs, ds, "
           "lib, ms or as\n";
    return std::nullopt;
  }
  if (!hlsl::parseHLSLVersion(hlslVersion)) {
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "unsupported HLSL version '" << hlslVersion
        << "'; expected 2016, 2017, 2018, 2021 or 202x\n";
    return std::nullopt;
  }
  hlsl::ImportOptions options;
  options.profile = *profile;
  options.entry = entryPoint;
  options.defines.assign(defines.begin(), defines.end());
  options.includeDirs.assign(includeDirs.begin(), includeDirs.end());
  options.hlslVersion = hlslVersion;
  // As DXC: -Gec is HLSL 2016 unless -HV is given.
  if (backwardCompatibility && !hlslVersion.getNumOccurrences())
    options.hlslVersion = "2016";
  options.dx9Semantics = backwardCompatibility;
  options.ieeeStrict = ieeeStrict;
  options.enable16BitTypes = enable16BitTypes;
  options.rowMajorByDefault = rowMajor && !columnMajor;
  if (!rootSignatureVersion.empty() && rootSignatureVersion != "rootsig_1_0" &&
      rootSignatureVersion != "rootsig_1_1" &&
      rootSignatureVersion != "rootsig_1_2") {
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "unknown root signature version '" << rootSignatureVersion
        << "'; expected rootsig_1_0, rootsig_1_1 or rootsig_1_2\n";
    return std::nullopt;
  }
  options.rootSignatureVersion = rootSignatureVersion;
  options.rootSignatureDefine = rootSignatureDefine;
  options.warningsAsErrors = warningsAsErrors;
  options.noWarnings = noWarnings;
  for (const std::string &group : disabledWarnings) {
    // As Clang and DXC do, an unknown group is a warning, not an error.
    if (clang::DiagnosticIDs::getGroupForWarningOption(group))
      options.disabledWarningGroups.push_back(group);
    else if (!noWarnings)
      llvm::WithColor::warning(llvm::errs(), "hlsl-translate")
          << "unknown warning option '-Wno-" << group << "'\n";
  }
  return options;
}
} // namespace

llvm::cl::opt<std::string>
    optLevel("O", llvm::cl::Prefix,
             llvm::cl::desc("Optimization level: -O0, -O1, -O2, -O3 (default) "
                            "or -Od (no optimization at all)"),
             llvm::cl::init("3"), llvm::cl::cat(compileCategory));
llvm::cl::opt<std::string> validatorVersion(
    "validator-version",
    llvm::cl::desc("Validator version recorded in the module (default 1.8)"),
    llvm::cl::init("1.8"), llvm::cl::cat(compileCategory));

llvm::cl::opt<bool> verifyEach(
    "verify-each",
    llvm::cl::desc("Verify the module after every pass of the hlsl pipeline "
                   "(default: only before and after the pipeline)"),
    llvm::cl::cat(developerCategory));

llvm::cl::opt<bool> allResourcesBound(
    "all_resources_bound",
    llvm::cl::desc("Declare that every resource the shader may access is "
                   "bound (the AllResourcesBound shader flag)"),
    llvm::cl::cat(compileCategory));
llvm::cl::opt<bool> avoidFlowControl(
    "Gfa", llvm::cl::desc("Avoid flow control constructs (a hint, ignored)"),
    llvm::cl::cat(compileCategory));
llvm::cl::opt<bool> preferFlowControl(
    "Gfp", llvm::cl::desc("Prefer flow control constructs (a hint, ignored)"),
    llvm::cl::cat(compileCategory));
llvm::cl::opt<bool> disableValidation(
    "Vd",
    llvm::cl::desc("Disable validation (the default: only --validate runs "
                   "a validator)"),
    llvm::cl::cat(validationCategory));
llvm::cl::opt<bool>
    stripDebug("Qstrip_debug",
               llvm::cl::desc("Strip debug information (none is ever written)"),
               llvm::cl::cat(outputCategory));
llvm::cl::opt<std::string> errorFile(
    "Fe",
    llvm::cl::desc("Write warnings and errors to this file instead of the "
                   "standard error"),
    llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));
// Accepted only to be refused with a clear message.
llvm::cl::opt<bool> debugInfo("Zi",
                              llvm::cl::desc("Debug information (not "
                                             "supported yet)"),
                              llvm::cl::cat(outputCategory));
llvm::cl::opt<bool> smallPDB("Zs",
                             llvm::cl::desc("Small PDB (not supported "
                                            "yet)"),
                             llvm::cl::cat(outputCategory));
llvm::cl::opt<bool>
    embedDebug("Qembed_debug",
               llvm::cl::desc("Embed the PDB (not supported yet)"),
               llvm::cl::cat(outputCategory));
llvm::cl::opt<std::string>
    debugFile("Fd",
              llvm::cl::desc("Write debug information (not supported yet)"),
              llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));
llvm::cl::opt<bool>
    strictMode("Ges",
               llvm::cl::desc("Strict mode (accepted without effect, as in "
                              "DXC 1.9, which never reads it)"),
               llvm::cl::cat(compileCategory));
llvm::cl::opt<bool> resourcesMayAlias(
    "res_may_alias",
    llvm::cl::desc("Resources may alias (no effect before shader model 6.7, "
                   "as in DXC; refused from 6.7 on: DXC 1.9's own validator "
                   "rejects the flags DXC then writes)"),
    llvm::cl::cat(compileCategory));

/// Refuses the DXC options we accept but cannot honour yet.
static LogicalResult
checkUnsupportedOptions(const hlsl::ShaderProfile &profile) {
  auto refuse = [](StringRef option, StringRef what) {
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "not supported yet: " << what << " (" << option << ")\n";
    return failure();
  };
  if (debugInfo)
    return refuse("-Zi", "debug information");
  if (smallPDB)
    return refuse("-Zs", "debug information");
  if (embedDebug)
    return refuse("-Qembed_debug", "debug information");
  if (!debugFile.empty())
    return refuse("-Fd", "debug information");
  // Before 6.7 resources are never declared non-aliasing: the option
  // changes nothing, in DXC as here.
  if (resourcesMayAlias && (profile.major > 6 || profile.minor >= 7))
    return refuse("-res_may_alias",
                  "resources that may alias at shader model 6.7 and later "
                  "(DXC 1.9's validator rejects the shader flags DXC writes "
                  "for it)");
  return success();
}

/// The options of --to-llvmir/--to-dxil; nullopt after an error.
static std::optional<hlsl::CompileOptions> getCompileOptions() {
  std::optional<hlsl::ImportOptions> import = getImportOptions();
  if (!import || failed(checkUnsupportedOptions(import->profile)))
    return std::nullopt;
  // Stages without a code generator yet are refused before parsing (Clang
  // 22 does not parse their signatures and patch-constant functions).
  switch (import->profile.stage) {
  case hlsl::ShaderStage::Geometry:
  case hlsl::ShaderStage::Hull:
  case hlsl::ShaderStage::Domain:
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "not supported yet: geometry, hull and domain shaders (-T "
        << targetProfile << "); cs, vs, ps and ms profiles compile\n";
    return std::nullopt;
  case hlsl::ShaderStage::Amplification:
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "not supported yet: amplification shaders (-T " << targetProfile
        << "; DispatchMesh has no lowering); cs, vs, ps and ms profiles "
           "compile\n";
    return std::nullopt;
  default:
    break;
  }
  hlsl::CompileOptions options;
  options.allResourcesBound = allResourcesBound;
  options.import = *import;
  options.validatorVersion = validatorVersion;
  std::optional<hlsl::DXILOptLevel> level =
      llvm::StringSwitch<std::optional<hlsl::DXILOptLevel>>(optLevel)
          .Case("d", hlsl::DXILOptLevel::Od)
          .Case("0", hlsl::DXILOptLevel::O0)
          .Case("1", hlsl::DXILOptLevel::O1)
          .Case("2", hlsl::DXILOptLevel::O2)
          .Case("3", hlsl::DXILOptLevel::O3)
          .Default(std::nullopt);
  if (!level) {
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "unknown optimization level '-O" << optLevel
        << "'; expected -O0 to -O3 or -Od\n";
    return std::nullopt;
  }
  options.optLevel = *level;
  options.verifyEachPass = verifyEach;
  return options;
}

llvm::cl::opt<bool> timePhases(
    "time-phases",
    llvm::cl::desc("Print the wall time of every compiler phase (Clang "
                   "parse + Sema, AST import, each hlsl pass, LLVM "
                   "optimization, legalization, container writing) and the "
                   "peak RSS to stderr"),
    llvm::cl::cat(developerCategory));

namespace {
/// The --time-phases report: a tree of timers under one root, printed with
/// the process's peak RSS when the translation ends (also after an error,
/// which is where a slow failing compile needs it).
class PhaseTiming {
public:
  PhaseTiming() {
    manager.setEnabled(timePhases);
    manager.setDisplayMode(DefaultTimingManager::DisplayMode::Tree);
    root = manager.getRootScope();
  }
  ~PhaseTiming() {
    if (!timePhases)
      return;
    root.stop();
    manager.print();
    // The manager would print an empty report again when destroyed.
    manager.setEnabled(false);
    struct rusage usage;
    if (getrusage(RUSAGE_SELF, &usage) == 0)
      llvm::errs() << llvm::format("  Peak RSS: %.1f MB\n",
                                   double(usage.ru_maxrss) / 1024.0);
  }
  TimingScope &scope() { return root; }

private:
  DefaultTimingManager manager;
  TimingScope root;
};
} // namespace

/// The source (HLSL or .mlir) as legalized LLVM IR; null after an error.
static std::unique_ptr<llvm::Module>
compileInput(llvm::SourceMgr &sourceMgr, const hlsl::CompileOptions &options,
             MLIRContext *context, llvm::LLVMContext &llvmContext,
             TimingScope &timing) {
  OwningOpRef<ModuleOp> module =
      hlsl::loadInput(sourceMgr, options, context, timing);
  if (!module)
    return nullptr;
  return hlsl::compileToLLVMIR(*module, llvmContext, options, timing);
}

static void registerToLLVMIR() {
  TranslateRegistration toLLVMIR(
      "to-llvmir",
      "HLSL (or an hlsl/LLVM-dialect .mlir module) to legalized DXIL-ready "
      "LLVM IR",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &output, MLIRContext *context) -> LogicalResult {
        std::optional<hlsl::CompileOptions> options = getCompileOptions();
        if (!options)
          return failure();
        PhaseTiming timing;
        llvm::LLVMContext llvmContext;
        std::unique_ptr<llvm::Module> llvmModule = compileInput(
            *sourceMgr, *options, context, llvmContext, timing.scope());
        if (!llvmModule)
          return failure();
        TimingScope printTiming = timing.scope().nest("LLVM IR printing");
        llvmModule->print(output, nullptr);
        return success();
      });
}

llvm::cl::opt<std::string> objectFile(
    "Fo", llvm::cl::Prefix,
    llvm::cl::desc("--to-dxil: write the container to this file (default: "
                   "the -o output)"),
    llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));
llvm::cl::opt<bool> validateContainer(
    "validate",
    llvm::cl::desc("--to-dxil: run a DXIL validator on the container and, "
                   "only when it accepts it, write the validator's digest "
                   "into the header (signing it as DXC does)"),
    llvm::cl::cat(validationCategory));
llvm::cl::opt<std::string> validatorPath(
    "validator",
    llvm::cl::desc("The validator --validate runs (default: $HLSL_DXV, then "
                   "dxv on PATH)"),
    llvm::cl::value_desc("path"), llvm::cl::cat(validationCategory));
llvm::cl::opt<bool> bypassHash(
    "hash-bypass",
    llvm::cl::desc("--to-dxil: write the BYPASS sentinel digest (sixteen "
                   "0x01 bytes), which D3D12 runtimes from Agility SDK 1.615 "
                   "load without a hash check; the container is not "
                   "validated"),
    llvm::cl::cat(validationCategory));
llvm::cl::opt<bool> stripReflection(
    "Qstrip_reflect",
    llvm::cl::desc("--to-dxil: leave out the reflection part (STAT)"),
    llvm::cl::cat(outputCategory));
llvm::cl::opt<bool> keepReflectionInDXIL(
    "Qkeep_reflect_in_dxil",
    llvm::cl::desc("--to-dxil: keep the reflection metadata "
                   "(dx.typeAnnotations) in the DXIL part too"),
    llvm::cl::cat(outputCategory));
llvm::cl::opt<std::string> reflectionFile(
    "Fre", llvm::cl::Prefix,
    llvm::cl::desc("--to-dxil: also write the reflection part (STAT, with "
                   "its part header) to this file"),
    llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));
llvm::cl::opt<std::string> rootSignatureFile(
    "Frs", llvm::cl::Prefix,
    llvm::cl::desc("--to-dxil: also write the root signature alone (a "
                   "container of its RTS0 part, signed as DXC signs it)"),
    llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));
llvm::cl::opt<bool> stripRootSignature(
    "Qstrip_rootsignature",
    llvm::cl::desc("--to-dxil: leave the root signature (RTS0) out of the "
                   "container"),
    llvm::cl::cat(outputCategory));
llvm::cl::opt<std::string> reflectionJSONFile(
    "reflect-json",
    llvm::cl::desc("--to-dxil: also write the shader's interface as JSON "
                   "(stage, signatures, resources, constant buffer layouts, "
                   "feature flags, root signature; see docs/reflect-json.md)"),
    llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));
llvm::cl::opt<bool> printDependencies(
    "M",
    llvm::cl::desc("--to-dxil: print the shader's dependencies (the files it "
                   "includes) as a Make rule instead of writing any output"),
    llvm::cl::cat(outputCategory));
llvm::cl::opt<bool> writeDependencyFile(
    "MD",
    llvm::cl::desc("--to-dxil: also write the dependencies as a Make rule "
                   "to <-Fo file without extension>.d (or <input>.d)"),
    llvm::cl::cat(outputCategory));
llvm::cl::opt<std::string> dependencyFile(
    "MF",
    llvm::cl::desc("--to-dxil: also write the dependencies as a Make rule "
                   "to this file"),
    llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));
llvm::cl::opt<bool> extractRootSignature(
    "extractrootsignature",
    llvm::cl::desc("--to-dxil: write the root signature alone (a container "
                   "with its RTS0 part, digest zero) to the -Fo file instead "
                   "of the shader"),
    llvm::cl::cat(rootSignatureCategory));
llvm::cl::opt<std::string> setRootSignatureFile(
    "setrootsignature",
    llvm::cl::desc("--to-dxil: use the root signature of this container "
                   "(e.g. one -Frs wrote) as the shader's RTS0 part, "
                   "replacing the entry's"),
    llvm::cl::value_desc("file"), llvm::cl::cat(rootSignatureCategory));
llvm::cl::opt<std::string> headerFile(
    "Fh", llvm::cl::Prefix,
    llvm::cl::desc("--to-dxil: also write the container as a C/C++ header "
                   "(the disassembly in #if 0, then a byte array)"),
    llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));
llvm::cl::opt<std::string> headerVariable(
    "Vn", llvm::cl::Prefix,
    llvm::cl::desc("The name of -Fh's array (default g_<entry>)"),
    llvm::cl::value_desc("name"), llvm::cl::cat(outputCategory));
llvm::cl::opt<std::string> disassemblyFile(
    "Fc", llvm::cl::Prefix,
    llvm::cl::desc("--to-dxil: also write the disassembly to this file"),
    llvm::cl::value_desc("file"), llvm::cl::cat(outputCategory));

/// Writes `bytes` to `path` (binary), reporting failures.
static LogicalResult writeFile(StringRef path, StringRef bytes) {
  std::error_code error;
  llvm::raw_fd_ostream file(path, error, llvm::sys::fs::OF_None);
  if (error) {
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "cannot write '" << path << "': " << error.message() << "\n";
    return failure();
  }
  file << bytes;
  return success();
}

/// `target: file...` as Make reads it (spaces, '#' and '$' escaped), one
/// prerequisite per line.
static std::string formatMakeRule(StringRef target,
                                  ArrayRef<std::string> files) {
  auto escape = [](StringRef path) {
    std::string out;
    for (char c : path) {
      if (c == ' ' || c == '#')
        out += '\\';
      else if (c == '$')
        out += '$';
      out += c;
    }
    return out;
  };
  std::string rule = escape(target) + ":";
  for (auto [i, file] : llvm::enumerate(files))
    rule += (i ? " \\\n " : " ") + escape(file);
  return rule + "\n";
}

/// Writes the root signature of `container` alone (a container of its RTS0
/// part, signed as DXC's -Frs or with a zero digest as its
/// -extractrootsignature); errors name `option`.
static LogicalResult writeRootSignatureContainer(StringRef option,
                                                 StringRef path,
                                                 StringRef container,
                                                 bool sign) {
  llvm::Expected<std::vector<uint8_t>> blob =
      hlsl::dxil::extractRootSignatureContainer(
          llvm::ArrayRef<uint8_t>(
              reinterpret_cast<const uint8_t *>(container.data()),
              container.size()),
          sign);
  if (!blob) {
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << option << ": " << llvm::toString(blob.takeError()) << "\n";
    return failure();
  }
  return writeFile(path, StringRef(reinterpret_cast<const char *>(blob->data()),
                                   blob->size()));
}

/// The RTS0 part of the container in `path` (-setrootsignature); nullopt
/// after reporting why there is none.
static std::optional<std::string> readRootSignaturePart(StringRef path) {
  auto error = [&]() -> llvm::raw_ostream & {
    return llvm::WithColor::error(llvm::errs(), "hlsl-translate")
           << "-setrootsignature '" << path << "': ";
  };
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                  /*RequiresNullTerminator=*/false);
  if (!file) {
    error() << file.getError().message() << "\n";
    return std::nullopt;
  }
  llvm::Expected<hlsl::dxil::ParsedDXContainer> parsed =
      hlsl::dxil::parseDXContainer((*file)->getBuffer());
  if (!parsed) {
    error() << "not a DXBC container: " << llvm::toString(parsed.takeError())
            << "\n";
    return std::nullopt;
  }
  const hlsl::dxil::ContainerPart *part = parsed->findPart("RTS0");
  if (!part) {
    error() << "the container has no root signature (RTS0) part\n";
    return std::nullopt;
  }
  return part->data.str();
}

/// Fills the header digest as --validate or --hash-bypass ask; `container`
/// is left as it was when the validator rejects it.
static llvm::Error finishDigest(std::string &container) {
  llvm::MutableArrayRef<uint8_t> bytes(
      reinterpret_cast<uint8_t *>(container.data()), container.size());
  if (bypassHash)
    return hlsl::dxil::markContainerBypass(bytes);
  llvm::Expected<std::string> validator = hlsl::findValidator(validatorPath);
  if (!validator)
    return validator.takeError();
  if (llvm::Error error = hlsl::runValidator(*validator, container))
    return error;
  return hlsl::dxil::signContainer(bytes);
}

static void registerToDXIL() {
  TranslateRegistration toDXIL(
      "to-dxil",
      "HLSL (or an hlsl/LLVM-dialect .mlir module) to a DXIL container "
      "(DXBC header, SFI0, ISG1, OSG1, PSV0, STAT, HASH, DXIL parts). The "
      "container "
      "digest is left zero (unsigned) unless --validate or --hash-bypass "
      "fills it",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &output, MLIRContext *context) -> LogicalResult {
        std::optional<hlsl::CompileOptions> options = getCompileOptions();
        if (!options)
          return failure();
        // Before parsing: a library's exports have no container layout yet.
        if (options->import.profile.stage == hlsl::ShaderStage::Library) {
          llvm::WithColor::error(llvm::errs(), "hlsl-translate")
              << llvm::toString(hlsl::dxil::checkWritableStage(
                     hlsl::dxil::ShaderKind::Library))
              << "\n";
          return failure();
        }
        std::vector<std::string> dependencies;
        bool wantDependencies =
            printDependencies || writeDependencyFile || !dependencyFile.empty();
        if (wantDependencies)
          options->import.includedFiles = &dependencies;
        PhaseTiming timing;
        llvm::LLVMContext llvmContext;
        std::unique_ptr<llvm::Module> llvmModule = compileInput(
            *sourceMgr, *options, context, llvmContext, timing.scope());
        if (!llvmModule)
          return failure();
        StringRef inputName =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID())
                ->getBufferIdentifier();
        if (printDependencies) {
          // As DXC's -M: the rule names the input and nothing is written.
          llvm::outs() << formatMakeRule(inputName, dependencies);
          return success();
        }
        if (writeDependencyFile || !dependencyFile.empty()) {
          StringRef target =
              objectFile.empty() ? inputName : StringRef(objectFile);
          std::string rule = formatMakeRule(target, dependencies);
          if (!dependencyFile.empty() &&
              failed(writeFile(dependencyFile, rule)))
            return failure();
          if (writeDependencyFile) {
            llvm::SmallString<128> path(target);
            llvm::sys::path::replace_extension(path, "d");
            if (failed(writeFile(path, rule)))
              return failure();
          }
        }
        if (!reflectionJSONFile.empty()) {
          std::string json;
          llvm::raw_string_ostream jsonStream(json);
          if (llvm::Error error =
                  hlsl::writeReflectionJSON(*llvmModule, jsonStream)) {
            llvm::WithColor::error(llvm::errs(), "hlsl-translate")
                << "--reflect-json: " << llvm::toString(std::move(error))
                << "\n";
            return failure();
          }
          if (failed(writeFile(reflectionJSONFile, json)))
            return failure();
        }
        std::string container;
        llvm::raw_string_ostream containerStream(container);
        TimingScope writeTiming =
            timing.scope().nest("bitcode + container writing");
        hlsl::ContainerOptions containerOptions;
        containerOptions.nativeLowPrecision = options->import.enable16BitTypes;
        containerOptions.reflectionPart = !stripReflection;
        containerOptions.reflectionInDXIL = keepReflectionInDXIL;
        containerOptions.rootSignaturePart = !stripRootSignature;
        std::string reflection;
        if (!reflectionFile.empty())
          containerOptions.reflectionPartOut = &reflection;
        if (extractRootSignature && objectFile.empty()) {
          llvm::WithColor::error(llvm::errs(), "hlsl-translate")
              << "-extractrootsignature must be used with -Fo <file>\n";
          return failure();
        }
        if (!setRootSignatureFile.empty()) {
          std::optional<std::string> part =
              readRootSignaturePart(setRootSignatureFile);
          if (!part)
            return failure();
          containerOptions.rootSignatureOverride = std::move(*part);
        }
        if (llvm::Error error = hlsl::writeDXILContainer(
                *llvmModule, containerOptions, containerStream)) {
          llvm::WithColor::error(llvm::errs(), "hlsl-translate")
              << llvm::toString(std::move(error)) << "\n";
          return failure();
        }
        writeTiming.stop();
        if (!reflectionFile.empty() &&
            failed(writeFile(reflectionFile, reflection)))
          return failure();
        if (!rootSignatureFile.empty() &&
            failed(writeRootSignatureContainer("-Frs", rootSignatureFile,
                                               container, /*sign=*/true)))
          return failure();
        if (!headerFile.empty() && !headerVariable.empty() &&
            !hlsl::isValidHeaderVariableName(headerVariable)) {
          llvm::WithColor::error(llvm::errs(), "hlsl-translate")
              << "-Vn '" << headerVariable
              << "' is not a C identifier (letters, digits and '_', not "
                 "starting with a digit)\n";
          return failure();
        }
        if (validateContainer && disableValidation) {
          llvm::WithColor::error(llvm::errs(), "hlsl-translate")
              << "--validate and -Vd exclude each other\n";
          return failure();
        }
        if (validateContainer && bypassHash) {
          llvm::WithColor::error(llvm::errs(), "hlsl-translate")
              << "--validate and --hash-bypass exclude each other\n";
          return failure();
        }
        if (validateContainer || bypassHash) {
          TimingScope signTiming = timing.scope().nest(
              validateContainer ? "validation + signing" : "hash bypass");
          if (llvm::Error error = finishDigest(container)) {
            llvm::WithColor::error(llvm::errs(), "hlsl-translate")
                << llvm::toString(std::move(error)) << "\n";
            return failure();
          }
        }
        if (!disassemblyFile.empty() || !headerFile.empty()) {
          TimingScope disTiming = timing.scope().nest("disassembly (-Fc, -Fh)");
          std::string text;
          llvm::raw_string_ostream textStream(text);
          if (llvm::Error error =
                  hlsl::disassembleContainer(container, textStream)) {
            llvm::WithColor::error(llvm::errs(), "hlsl-translate")
                << llvm::toString(std::move(error)) << "\n";
            return failure();
          }
          if (!disassemblyFile.empty() &&
              failed(writeFile(disassemblyFile, text)))
            return failure();
          std::string variable = headerVariable.empty()
                                     ? "g_" + entryPoint.getValue()
                                     : headerVariable.getValue();
          if (!headerFile.empty() &&
              failed(writeFile(headerFile, hlsl::formatContainerHeader(
                                               container, text, variable))))
            return failure();
        }
        if (extractRootSignature)
          return writeRootSignatureContainer("-extractrootsignature",
                                             objectFile, container,
                                             /*sign=*/false);
        if (!objectFile.empty())
          return writeFile(objectFile, container);
        output << container;
        return success();
      });
}

static void registerDXILDis() {
  TranslateRegistration dis(
      "dxil-dis",
      "print a DXIL container (ours or DXC's): header, parts, and the module",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &output, MLIRContext *) -> LogicalResult {
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        if (llvm::Error error =
                hlsl::disassembleContainer(buffer->getBuffer(), output)) {
          llvm::WithColor::error(llvm::errs(), "hlsl-translate")
              << llvm::toString(std::move(error)) << "\n";
          return failure();
        }
        return success();
      });
}

/// Checks hand-written or dumped LLVM IR against what DXIL allows.
static void registerVerifyDXILIR() {
  TranslateRegistration verify(
      "verify-dxil-ir",
      "check that LLVM IR (.ll) is legal DXIL IR: no vectors, no LLVM "
      "intrinsics, no fneg/freeze; prints 'ok' or the first violation",
      [](const std::shared_ptr<llvm::SourceMgr> &sourceMgr,
         llvm::raw_ostream &output, MLIRContext *) -> LogicalResult {
        llvm::LLVMContext llvmContext;
        llvm::SMDiagnostic diagnostic;
        const llvm::MemoryBuffer *buffer =
            sourceMgr->getMemoryBuffer(sourceMgr->getMainFileID());
        std::unique_ptr<llvm::Module> module =
            llvm::parseIR(buffer->getMemBufferRef(), diagnostic, llvmContext);
        if (!module) {
          diagnostic.print("hlsl-translate", llvm::errs());
          return failure();
        }
        if (llvm::Error error = hlsl::verifyDXILIR(*module)) {
          llvm::WithColor::error(llvm::errs(), "hlsl-translate")
              << llvm::toString(std::move(error)) << "\n";
          return failure();
        }
        output << "ok\n";
        return success();
      });
}

static void registerImportHLSL() {
  TranslateToMLIRRegistration importHLSL(
      "import-hlsl", "HLSL source to the hlsl dialect",
      [](llvm::SourceMgr &sourceMgr,
         MLIRContext *context) -> OwningOpRef<Operation *> {
        std::optional<hlsl::ImportOptions> options = getImportOptions();
        if (!options)
          return nullptr;
        const llvm::MemoryBuffer *buffer =
            sourceMgr.getMemoryBuffer(sourceMgr.getMainFileID());
        // The report covers the import and verification; printing the
        // module happens after the translation returns.
        PhaseTiming timing;
        OwningOpRef<ModuleOp> module = hlsl::importHLSL(
            buffer->getMemBufferRef(), *options, context, timing.scope());
        if (!module)
          return nullptr;
        TimingScope verifyTiming = timing.scope().nest("verification");
        if (failed(verify(*module)))
          return nullptr;
        return module;
      },
      [](DialectRegistry &registry) {
        registry.insert<hlsl::HLSLDialect, arith::ArithDialect,
                        cf::ControlFlowDialect, func::FuncDialect,
                        math::MathDialect, vector::VectorDialect>();
      });
}

namespace {
llvm::cl::OptionCategory toolCategory("Translation and output");
llvm::cl::opt<std::string> inputFilename(llvm::cl::Positional,
                                         llvm::cl::desc("<input file>"),
                                         llvm::cl::init("-"),
                                         llvm::cl::cat(toolCategory));
llvm::cl::opt<std::string> outputFilename("o",
                                          llvm::cl::desc("Output filename"),
                                          llvm::cl::value_desc("filename"),
                                          llvm::cl::init("-"),
                                          llvm::cl::cat(toolCategory));
llvm::cl::opt<bool> splitInputFile(
    "split-input-file",
    llvm::cl::desc("Translate each '// -----' separated chunk on its own"),
    llvm::cl::cat(toolCategory));
llvm::cl::opt<bool> verifyDiagnostics(
    "verify-diagnostics",
    llvm::cl::desc("Check the diagnostics against expected-* comments"),
    llvm::cl::cat(toolCategory));
llvm::cl::opt<std::string> batchFile(
    "batch",
    llvm::cl::desc("Run every line of this job file ('-': stdin) as one "
                   "compile: a line holds one run's arguments (input, -T, "
                   "-E, -D, -Fo, ...), added to the options given here; "
                   "outputs are written in line order"),
    llvm::cl::value_desc("file"), llvm::cl::cat(toolCategory));
llvm::cl::opt<unsigned> batchParallel(
    "j", llvm::cl::Prefix,
    llvm::cl::desc("--batch: run this many jobs at a time (default: the "
                   "number of hardware threads)"),
    llvm::cl::value_desc("N"), llvm::cl::cat(toolCategory));
} // namespace

using TranslationOption =
    llvm::cl::opt<const Translation *, false, TranslationParser>;

static llvm::raw_ostream &driverError() {
  return llvm::WithColor::error(llvm::errs(), "hlsl-translate");
}

/// Runs the parsed translation on the parsed input and output options.
static int translateInput(const Translation *translation) {
  auto error = driverError;
  if (!errorFile.empty()) {
    // -Fe: every diagnostic (Clang's, ours, MLIR's) goes to the file.
    int fd = -1;
    if (std::error_code code = llvm::sys::fs::openFileForWrite(
            errorFile, fd, llvm::sys::fs::CD_CreateAlways,
            llvm::sys::fs::OF_Text)) {
      error() << "cannot write '" << errorFile << "': " << code.message()
              << "\n";
      return 1;
    }
    llvm::errs().flush();
    int redirected = dup2(fd, STDERR_FILENO);
    close(fd);
    if (redirected < 0) {
      error() << "cannot redirect the diagnostics to '" << errorFile << "'\n";
      return 1;
    }
  }
  std::string message;
  std::unique_ptr<llvm::MemoryBuffer> input =
      translation->getInputAlignment()
          ? openInputFile(inputFilename, *translation->getInputAlignment(),
                          &message)
          : openInputFile(inputFilename, &message);
  if (!input) {
    error() << message << "\n";
    return 1;
  }
  std::unique_ptr<llvm::ToolOutputFile> output =
      openOutputFile(outputFilename, &message);
  if (!output) {
    error() << message << "\n";
    return 1;
  }
  auto processBuffer = [&](std::unique_ptr<llvm::MemoryBuffer> buffer,
                           llvm::raw_ostream &os) -> LogicalResult {
    MLIRContext context;
    context.printOpOnDiagnostic(!verifyDiagnostics);
    auto sourceMgr = std::make_shared<llvm::SourceMgr>();
    sourceMgr->AddNewSourceBuffer(std::move(buffer), llvm::SMLoc());
    if (verifyDiagnostics) {
      SourceMgrDiagnosticVerifierHandler handler(*sourceMgr, &context);
      (void)(*translation)(sourceMgr, os, &context);
      return handler.verify();
    }
    SourceMgrDiagnosticHandler handler(*sourceMgr, &context);
    return (*translation)(sourceMgr, os, &context);
  };
  if (failed(splitAndProcessBuffer(
          std::move(input), processBuffer, output->os(),
          splitInputFile ? kDefaultSplitMarker : "", kDefaultSplitMarker)))
    return 1;
  output->keep();
  return 0;
}

/// --batch: the options parsed so far apply to every job; each job's line is
/// parsed on top of them in its own (forked) process, so its -D and -I add
/// to the common ones and its other options replace them.
static int runBatchFile(TranslationOption &translation) {
  auto error = driverError;
  // Per-job inputs and outputs belong on the job lines: given here, every
  // job would read or overwrite the same file.
  if (inputFilename.getNumOccurrences() || outputFilename.getNumOccurrences() ||
      !objectFile.empty() || !disassemblyFile.empty() || !headerFile.empty() ||
      !reflectionFile.empty() || !rootSignatureFile.empty()) {
    error() << "with --batch, give each job's input and output files (-o, "
               "-Fo, -Fc, -Fh, -Fre, -Frs) on its line of the job file\n";
    return 1;
  }
  llvm::Expected<std::vector<hlsl_translate::BatchJob>> jobs =
      hlsl_translate::readBatchFile(batchFile);
  if (!jobs) {
    error() << llvm::toString(jobs.takeError()) << "\n";
    return 1;
  }
  std::string path = batchFile;
  unsigned parallel = batchParallel.getNumOccurrences()
                          ? unsigned(batchParallel)
                          : llvm::hardware_concurrency().compute_thread_count();
  return hlsl_translate::runBatch(
      path, *jobs, parallel, [&](const std::vector<std::string> &args) {
        std::vector<const char *> argv = {"hlsl-translate"};
        for (const std::string &arg : args)
          argv.push_back(arg.c_str());
        batchFile.setValue("");
        if (!llvm::cl::ParseCommandLineOptions(int(argv.size()), argv.data(),
                                               "", &llvm::errs()))
          return 1;
        if (!batchFile.empty()) {
          error() << "--batch is not allowed inside a job file\n";
          return 1;
        }
        if (!translation) {
          error() << "no translation given for this job; use --to-dxil (or "
                     "another translation) on its line or before --batch\n";
          return 1;
        }
        return translateInput(translation);
      });
}

/// mlir-translate's main, with driver failures reported as errors: a missing
/// translation or an unreadable input is one "hlsl-translate: error: ..."
/// line, not LLVM's option-parser complaints or a bare message.
static int translateMain(int argc, char **argv) {
  registerAsmPrinterCLOptions();
  registerMLIRContextCLOptions();
  registerTranslationCLOptions();
  registerDefaultTimingManagerCLOptions();
  TranslationOption translation("", llvm::cl::desc("Translation to perform"),
                                llvm::cl::cat(toolCategory));
  // LLVM's and MLIR's own options (code generators, passes, IR printing)
  // stay usable but only --help-hidden lists them.
  hlsl::hideOtherOptions({&compileCategory, &outputCategory,
                          &rootSignatureCategory, &warningCategory,
                          &validationCategory, &developerCategory,
                          &toolCategory});
  llvm::cl::ParseCommandLineOptions(
      argc, argv,
      "hlsl-mlir translation driver: HLSL to the hlsl dialect, LLVM IR or a "
      "DXIL container, and DXIL containers to text\n\n"
      "  hlsl-translate --to-dxil shader.hlsl -T cs_6_6 -E main -Fo out.dxil\n"
      "  hlsl-translate --dxil-dis out.dxil\n");
  auto error = driverError;
  if (!batchFile.empty())
    return runBatchFile(translation);
  if (!translation) {
    error() << "no translation given; use one of --import-hlsl, --to-llvmir, "
               "--to-dxil, --dxil-dis or --verify-dxil-ir (see --help)\n";
    return 1;
  }
  return translateInput(translation);
}

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  // --mlir-print-ir-after-all, --mlir-timing & co. for the pass pipeline.
  registerPassManagerCLOptions();
  registerImportHLSL();
  registerToLLVMIR();
  registerVerifyDXILIR();
  registerToDXIL();
  registerDXILDis();
  return hlsl::runWithLargeStack([&] { return translateMain(argc, argv); });
}
