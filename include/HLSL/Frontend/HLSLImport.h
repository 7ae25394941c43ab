//===- HLSLImport.h - HLSL source to hlsl dialect ---------------*- C++ -*-===//
//
// Entry point of the frontend: runs Clang on HLSL source and imports the AST
// into an hlsl-dialect module.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_FRONTEND_HLSLIMPORT_H
#define HLSL_FRONTEND_HLSLIMPORT_H

#include "HLSL/Dialect/HLSL/IR/HLSLEnums.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"
#include "mlir/Support/Timing.h"
#include "llvm/Support/MemoryBufferRef.h"

#include <string>
#include <vector>

namespace mlir::hlsl {

/// A DXC target profile such as `cs_6_6`.
struct ShaderProfile {
  ShaderStage stage = ShaderStage::Compute;
  unsigned major = 6, minor = 6;
};

/// Parses `<stage>_6_<minor>` (stages vs ps gs hs ds cs lib ms as, shader
/// models 6.0 to 6.8). Returns nullopt for anything else.
std::optional<ShaderProfile> parseShaderProfile(llvm::StringRef profile);

/// DXC's `-HV` values: 2016, 2017, 2018, 2021 and 202x (and Clang's 202y).
/// Returns the value itself if it is one of them.
std::optional<std::string> parseHLSLVersion(llvm::StringRef version);

struct ImportOptions {
  ShaderProfile profile;
  /// Entry point name; ignored for library profiles.
  std::string entry = "main";
  /// `-D NAME[=VALUE]`, `-I dir`.
  std::vector<std::string> defines;
  std::vector<std::string> includeDirs;
  /// HLSL language version (parseHLSLVersion): 2016, 2017, 2018, 2021, 202x
  /// or 202y.
  std::string hlslVersion = "2021";
  bool enable16BitTypes = false;
  /// Default matrix orientation (`-Zpr` makes it row-major).
  bool rowMajorByDefault = false;
  /// `-force-rootsig-ver`: rootsig_1_0, rootsig_1_1 (Clang's default) or
  /// rootsig_1_2; empty = the default.
  std::string rootSignatureVersion;
  /// `-rootsig-define NAME`: the entry's root signature is the string the
  /// macro NAME expands to (replacing a [RootSignature] attribute).
  std::string rootSignatureDefine;
  /// The prelude header to force-include; empty = found next to the tool.
  std::string preludePath;
  /// Declare only the prelude's intrinsics the shader mentions (a
  /// preprocessing pass finds them); false declares all of them.
  bool selectivePrelude = true;
  /// When set, receives the shader's source files after a successful
  /// import: the main file, then every file it includes, in the order they
  /// were entered (not the prelude); for -M, -MD and -MF.
  std::vector<std::string> *includedFiles = nullptr;
  /// -WX: warnings are errors.
  bool warningsAsErrors = false;
  /// -no-warnings: no warnings at all.
  bool noWarnings = false;
  /// -Gec: DX9 semantics of the entry point (COLOR, DEPTH, POSITION, VPOS)
  /// are the system values they stand for (module attribute
  /// `hlsl.dx9_semantics`, read by the signature).
  bool dx9Semantics = false;
  /// -Gis: every value is precise (module attribute `hlsl.precise`, which
  /// a `precise` declaration in the shader sets too).
  bool ieeeStrict = false;
  /// -Wno-<group>: Clang warning groups to silence.
  std::vector<std::string> disabledWarningGroups;
  /// After recovering from a crash inside our own AST import (a bug, unlike
  /// a crash in Clang), abort instead of returning an error: fuzzers need
  /// to see it.
  bool abortOnInternalCrash = false;
};

/// The prelude installed with the tools (`<bin>/../lib/hlsl-mlir/include`).
std::string getDefaultPreludePath();

/// Compiles `source` with Clang and imports it. Clang's and the importer's
/// diagnostics are printed to stderr in Clang's format; returns null if
/// there was any error.
OwningOpRef<ModuleOp> importHLSL(llvm::MemoryBufferRef source,
                                 const ImportOptions &options,
                                 MLIRContext *context);

/// As above, timing Clang (parse + Sema) and the AST import as two nested
/// phases of `timing` (a null scope times nothing).
OwningOpRef<ModuleOp> importHLSL(llvm::MemoryBufferRef source,
                                 const ImportOptions &options,
                                 MLIRContext *context, TimingScope &timing);

} // namespace mlir::hlsl

#endif // HLSL_FRONTEND_HLSLIMPORT_H
