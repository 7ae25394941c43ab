//===- hlsl-translate.cpp - hlsl translation driver -----------------------===//
//
// Translations into and out of the hlsl dialect, with DXC-style flags.
// Only translations that work end to end are registered.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Frontend/HLSLImport.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Verifier.h"
#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"
#include "mlir/Tools/mlir-translate/Translation.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/WithColor.h"

using namespace mlir;

namespace {
llvm::cl::OptionCategory dxcCategory("DXC-style options");

llvm::cl::opt<std::string> targetProfile(
    "T", llvm::cl::desc("Target profile: <stage>_6_<0..8>, stage one of "
                        "cs vs ps gs hs ds lib ms as (default cs_6_6)"),
    llvm::cl::value_desc("profile"), llvm::cl::init("cs_6_6"),
    llvm::cl::cat(dxcCategory));
llvm::cl::opt<std::string> entryPoint("E", llvm::cl::desc("Entry point name"),
                                      llvm::cl::value_desc("name"),
                                      llvm::cl::init("main"),
                                      llvm::cl::cat(dxcCategory));
llvm::cl::list<std::string> defines("D", llvm::cl::Prefix,
                                    llvm::cl::desc("Define a macro"),
                                    llvm::cl::value_desc("name[=value]"),
                                    llvm::cl::cat(dxcCategory));
llvm::cl::list<std::string> includeDirs("I", llvm::cl::Prefix,
                                        llvm::cl::desc("Include directory"),
                                        llvm::cl::value_desc("dir"),
                                        llvm::cl::cat(dxcCategory));
llvm::cl::opt<unsigned> hlslVersion("HV",
                                    llvm::cl::desc("HLSL version: 2016, 2017, "
                                                   "2018 or 2021 (default)"),
                                    llvm::cl::init(2021),
                                    llvm::cl::cat(dxcCategory));
llvm::cl::opt<bool> enable16BitTypes("enable-16bit-types",
                                     llvm::cl::desc("Native 16-bit types"),
                                     llvm::cl::cat(dxcCategory));
llvm::cl::opt<bool> rowMajor("Zpr",
                             llvm::cl::desc("Matrices are row-major by default"),
                             llvm::cl::cat(dxcCategory));
llvm::cl::opt<bool> columnMajor(
    "Zpc", llvm::cl::desc("Matrices are column-major by default (default)"),
    llvm::cl::cat(dxcCategory));

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
  if (!llvm::is_contained({2016u, 2017u, 2018u, 2021u}, unsigned(hlslVersion))) {
    llvm::WithColor::error(llvm::errs(), "hlsl-translate")
        << "unsupported HLSL version " << hlslVersion
        << "; expected 2016, 2017, 2018 or 2021\n";
    return std::nullopt;
  }
  hlsl::ImportOptions options;
  options.profile = *profile;
  options.entry = entryPoint;
  options.defines.assign(defines.begin(), defines.end());
  options.includeDirs.assign(includeDirs.begin(), includeDirs.end());
  options.hlslVersion = hlslVersion;
  options.enable16BitTypes = enable16BitTypes;
  options.rowMajorByDefault = rowMajor && !columnMajor;
  return options;
}
} // namespace

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
        OwningOpRef<ModuleOp> module =
            hlsl::importHLSL(buffer->getMemBufferRef(), *options, context);
        if (!module)
          return nullptr;
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

int main(int argc, char **argv) {
  registerImportHLSL();
  return failed(
      mlirTranslateMain(argc, argv, "hlsl-mlir translation driver\n"));
}
