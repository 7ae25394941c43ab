//===- HLSLImport.cpp - run Clang and import the AST ----------------------===//
//
// Builds the Clang invocation directly (the driver/tooling path adds
// -finclude-default-header, which fails with Debian's clang: it ships no
// hlsl.h), force-includes our prelude and runs an AST consumer that imports
// the translation unit.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Frontend/HLSLImport.h"
#include "CodeGen/HLSLGen.h"
#include "DXCOverloadRanking.h"
#include "DiagnosticExcerpts.h"
#include "DiagnosticTypeNames.h"
#include "IncludeFileSystem.h"
#include "PreludeMacroGuard.h"
#include "PreludeSelection.h"
#include "ScalarOutArguments.h"
#include "SourceRewrites.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlowOps.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "clang/AST/ASTConsumer.h"
#include "clang/Basic/DiagnosticFrontend.h"
#include "clang/Basic/DiagnosticLex.h"
#include "clang/Basic/DiagnosticOptions.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/TargetInfo.h"
#include "clang/Frontend/CompilerInstance.h"
#include "clang/Frontend/CompilerInvocation.h"
#include "clang/Frontend/FrontendActions.h"
#include "clang/Frontend/TextDiagnosticPrinter.h"
#include "clang/Lex/PreprocessorOptions.h"
#include "clang/Sema/Sema.h"
#include "clang/Sema/SemaConsumer.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/Process.h"
#include "llvm/Support/VirtualFileSystem.h"

#include "HLSL/Support/LargeStack.h"
#include "clang/Basic/Stack.h"

#include <cstring>

using namespace mlir;
using namespace mlir::hlsl;

std::optional<ShaderProfile> mlir::hlsl::parseShaderProfile(StringRef text) {
  StringRef stageName, version;
  std::tie(stageName, version) = text.split('_');
  std::optional<ShaderStage> stage =
      llvm::StringSwitch<std::optional<ShaderStage>>(stageName)
          .Case("ps", ShaderStage::Pixel)
          .Case("vs", ShaderStage::Vertex)
          .Case("gs", ShaderStage::Geometry)
          .Case("hs", ShaderStage::Hull)
          .Case("ds", ShaderStage::Domain)
          .Case("cs", ShaderStage::Compute)
          .Case("lib", ShaderStage::Library)
          .Case("ms", ShaderStage::Mesh)
          .Case("as", ShaderStage::Amplification)
          .Default(std::nullopt);
  StringRef majorText, minorText;
  std::tie(majorText, minorText) = version.split('_');
  unsigned major, minor;
  if (!stage || majorText.getAsInteger(10, major) ||
      minorText.getAsInteger(10, minor) || major != 6 || minor > 8)
    return std::nullopt;
  if ((*stage == ShaderStage::Mesh || *stage == ShaderStage::Amplification) &&
      minor < 5)
    return std::nullopt;
  return ShaderProfile{*stage, major, minor};
}

std::optional<std::string> mlir::hlsl::parseHLSLVersion(StringRef version) {
  if (llvm::is_contained({"2016", "2017", "2018", "2021", "202x", "202y"},
                         version))
    return version.str();
  return std::nullopt;
}

/// Set while our AST import runs, so that a crash can be attributed.
static thread_local bool inImporter = false;

namespace {
/// Forwards Clang's diagnostics to a printer, except errors that only
/// repeat an earlier one: after Clang rejects a [numthreads] attribute it
/// also reports the entry as missing one.
class FollowOnErrorFilter : public clang::DiagnosticConsumer {
public:
  FollowOnErrorFilter(std::unique_ptr<clang::DiagnosticConsumer> next,
                      SourceRewrites *rewritesToRecord, StringRef prelude)
      : next(std::move(next)), rewritesToRecord(rewritesToRecord),
        prelude(prelude) {}

  /// Warnings shown as errors (-WX) that Clang did not count as errors.
  unsigned warningsMadeErrors = 0;

  /// Errors Clang counted for the prelude's `_BitInt` spellings of the
  /// min-precision types and that nobody was shown. DXC overloads on
  /// min16int/min12int/min16uint, so they must be types of their own; only
  /// `_BitInt` gives distinct integer types that C++ does not promote to
  /// int, but Clang 22 refuses it on the DXIL target ("not supported on this
  /// target", an error that cannot be turned off). The import takes the
  /// count back after each of the prelude's declarations
  /// (takeBackAcceptedPreludeErrors).
  unsigned acceptedPreludeErrors = 0;

  void BeginSourceFile(const clang::LangOptions &options,
                       const clang::Preprocessor *pp) override {
    next->BeginSourceFile(options, pp);
  }
  void EndSourceFile() override { next->EndSourceFile(); }
  SourceRewrites *getRewrites() const { return rewritesToRecord; }
  void finish() override { next->finish(); }

  void HandleDiagnostic(clang::DiagnosticsEngine::Level level,
                        const clang::Diagnostic &info) override {
    if (isRepeated(level, info))
      return;
    if (handleRewriteWarning(level, info))
      return;
    if (info.getID() == clang::diag::err_hlsl_missing_numthreads &&
        numthreadsRejected)
      return;
    // (The packoffsets the rewrites turned into annotations, SourceRewrites.h.)
    if (info.getID() == clang::diag::warn_hlsl_packoffset_mix &&
        rewritesToRecord && rewritesToRecord->hasRewrittenPackOffsets())
      return;
    if (info.getID() == clang::diag::err_type_unsupported &&
        info.hasSourceManager() && info.getLocation().isFileID() &&
        info.getSourceManager().getFilename(info.getLocation()) == prelude) {
      ++acceptedPreludeErrors;
      return;
    }
    // Only Clang's own errors measure whether a rewrite helped; the
    // importer's (e.g. "not supported yet") come after a successful parse.
    // An error the next run rewrites away is not shown, nor are its notes.
    if (level == clang::DiagnosticsEngine::Note && rewrittenError)
      return;
    rewrittenError = false;
    if (level >= clang::DiagnosticsEngine::Error && rewritesToRecord &&
        !inImporter) {
      rewrittenError = rewritesToRecord->record(info) &&
                       !rewritesToRecord->hasPendingConversion() &&
                       !rewritesToRecord->isLastRun();
      if (rewrittenError)
        return;
      ++rewritesToRecord->shownErrorCount;
    } else if (level == clang::DiagnosticsEngine::Warning &&
               (info.getID() == clang::diag::warn_impcast_matrix_scalar ||
                info.getID() ==
                    clang::diag::warn_hlsl_impcast_vector_truncation ||
                info.getID() ==
                    clang::diag::warn_unknown_attribute_ignored_suggestion ||
                info.getID() == clang::diag::warn_unknown_attribute_ignored ||
                info.getID() ==
                    clang::diag::warn_hlsl_deprecated_register_type_b) &&
               rewritesToRecord && !inImporter) {
      // A matrix condition of `?:` (element-wise before HLSL 2021); a
      // one-element vector operand of a wider vector; an attribute spelled
      // in another case than Clang's, or [earlydepthstencil]; `register(b3)`
      // on a number (DXC's `register(c3)`).
      rewrittenError =
          rewritesToRecord->record(info) && !rewritesToRecord->isLastRun();
      if (rewrittenError)
        return;
    } else if (level == clang::DiagnosticsEngine::Note && rewritesToRecord &&
               !inImporter) {
      rewritesToRecord->recordNote(info);
    }
    if (level >= clang::DiagnosticsEngine::Error) {
      llvm::SmallString<128> text;
      info.FormatDiagnostic(text);
      // Clang's rejections of the attribute name it, except the total.
      if (StringRef(text).contains("numthreads") ||
          StringRef(text).contains("total number of threads"))
        numthreadsRejected = true;
    }
    clang::DiagnosticConsumer::HandleDiagnostic(level, info);
    next->HandleDiagnostic(level, info);
  }

private:
  /// Whether `info` repeats a diagnostic of this run (the same message at
  /// the same place), or is a note of one that does. Clang 22 checks some
  /// initializer lists twice and reports their errors twice; each is shown
  /// once.
  bool isRepeated(clang::DiagnosticsEngine::Level level,
                  const clang::Diagnostic &info) {
    if (level == clang::DiagnosticsEngine::Note)
      return repeatedDiagnostic;
    llvm::SmallString<128> message;
    info.FormatDiagnostic(message);
    repeatedDiagnostic =
        !shownDiagnostics
             .insert((llvm::Twine(unsigned(level)) + ":" +
                      llvm::Twine(info.getLocation().getRawEncoding()) + ":" +
                      message)
                         .str())
             .second;
    return repeatedDiagnostic;
  }
  llvm::StringSet<> shownDiagnostics;
  bool repeatedDiagnostic = false;

  /// The warnings of what DXC ignores with a warning (statement attributes
  /// it does not apply, effect annotations) come from the `#pragma message`
  /// a rewrite put in the construct's place (SourceRewrites.h, `$aN`): shown
  /// at the construct, without the macro expansion that made them nor the
  /// pragma's warning flag. Returns whether `info` was such a warning.
  bool handleRewriteWarning(clang::DiagnosticsEngine::Level level,
                            const clang::Diagnostic &info) {
    if (info.getID() != clang::diag::warn_pragma_message ||
        !info.hasSourceManager() || !info.getLocation().isMacroID())
      return false;
    clang::SourceManager &sources = info.getSourceManager();
    clang::SourceLocation written = sources.getExpansionLoc(info.getLocation());
    bool invalid = false;
    const char *spelling = sources.getCharacterData(written, &invalid);
    if (invalid ||
        std::strncmp(spelling, SourceRewrites::kAttributeMacroPrefix.data(),
                     SourceRewrites::kAttributeMacroPrefix.size()))
      return false;
    auto &engine = const_cast<clang::DiagnosticsEngine &>(*info.getDiags());
    if (!rewriteWarningID)
      rewriteWarningID = engine.getDiagnosticIDs()->getCustomDiagID(
          clang::DiagnosticIDs::CustomDiagDesc(clang::diag::Severity::Warning,
                                               "%0"));
    llvm::SmallString<128> message;
    info.FormatDiagnostic(message);
    // (`#pragma message` is a warning -Werror keeps a warning; DXC's -WX
    // makes this one an error.)
    if (level == clang::DiagnosticsEngine::Warning &&
        engine.getWarningsAsErrors()) {
      level = clang::DiagnosticsEngine::Error;
      ++warningsMadeErrors;
    }
    clang::DiagnosticStorage storage;
    clang::Diagnostic atConstruct(&engine, written, rewriteWarningID, storage,
                                  message);
    clang::DiagnosticConsumer::HandleDiagnostic(level, atConstruct);
    next->HandleDiagnostic(level, atConstruct);
    return true;
  }

  std::unique_ptr<clang::DiagnosticConsumer> next;
  SourceRewrites *rewritesToRecord;
  /// The custom diagnostic of handleRewriteWarning (0 until used).
  unsigned rewriteWarningID = 0;
  StringRef prelude;
  bool numthreadsRejected = false;
  /// Whether the last error was one a rewrite removes.
  bool rewrittenError = false;
};
} // namespace

namespace {
/// Clang's diagnostics of a run that may be repeated (see SourceRewrites.h):
/// held until it is known that the run stands, then written through, the
/// quoted source lines as the shader has them (DiagnosticExcerpts.h).
class HeldOutput : public llvm::raw_ostream {
public:
  HeldOutput(llvm::raw_ostream &out, WrittenLines lines)
      : out(out), lines(std::move(lines)) {
    SetUnbuffered();
  }
  ~HeldOutput() override {
    if (!holding && !dropped && !partial.empty())
      out << partial;
  }

  /// Writes what was held and everything after it.
  void release() {
    if (!holding)
      return;
    holding = false;
    emit(held);
    held.clear();
  }
  /// Drops what was held and everything after it.
  void discard() {
    holding = false;
    dropped = true;
    held.clear();
  }

private:
  void write_impl(const char *ptr, size_t size) override {
    position += size;
    if (holding)
      held.append(ptr, size);
    else if (!dropped)
      emit(llvm::StringRef(ptr, size));
  }
  uint64_t current_pos() const override { return position; }
  /// Writes the complete lines of `text` (after what is left of the last
  /// write), each restored.
  void emit(llvm::StringRef text) {
    partial.append(text.begin(), text.end());
    size_t start = 0;
    for (size_t end; (end = partial.find('\n', start)) != std::string::npos;
         start = end + 1)
      out << lines.restore(llvm::StringRef(partial).slice(start, end)) << '\n';
    partial.erase(0, start);
  }

  llvm::raw_ostream &out;
  WrittenLines lines;
  std::string held;
  std::string partial;
  uint64_t position = 0;
  bool holding = true;
  bool dropped = false;
};
} // namespace

namespace {
/// An included file a rewrite changed: its text and what Clang parses.
struct IncludedText {
  std::string written, parsed;
};
} // namespace

static std::optional<IncludedText>
readIncludedText(const SourceRewrites &rewrites, llvm::StringRef file) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer =
      llvm::MemoryBuffer::getFile(file);
  if (!buffer)
    return std::nullopt;
  llvm::StringRef text = (*buffer)->getBuffer();
  return IncludedText{text.str(), rewrites.rewrite(file, text)};
}

std::string mlir::hlsl::getDefaultPreludePath() {
  // Tools live in <prefix>/bin; the prelude in <prefix>/lib/hlsl-mlir/include.
  static int anchor;
  std::string exe = llvm::sys::fs::getMainExecutable("hlsl-translate", &anchor);
  SmallString<256> path(llvm::sys::path::parent_path(
      llvm::sys::path::parent_path(exe)));
  llvm::sys::path::append(path, "lib", "hlsl-mlir", "include",
                          "hlsl_prelude.h");
  return std::string(path);
}

/// Notes for Clang a bottom of the stack `depth` bytes below the caller. The
/// stack there is reserved but not touched (one frame is written), so it is
/// not instrumented.
[[gnu::noinline]] __attribute__((no_sanitize("address"))) static void
noteClangStackBottomBelow(size_t depth) {
  void *frame = __builtin_alloca(depth);
  asm volatile("" : : "r"(frame) : "memory");
  clang::noteBottomOfStack(/*ForceSet=*/true);
}

/// Clang moves deep recursion onto fresh 8 MiB threads once it believes its
/// stack is nearly exhausted, judging by the distance from the bottom of
/// the stack it noted (it expects 8 MiB). Recursion that never checks, such
/// as the record layout of structs nested thousands deep, then overflows
/// those threads. On runWithLargeStack's thread, Clang's bottom is noted
/// 32 MiB above the real end of the stack: Clang uses the whole large stack
/// and still moves to a new one before the end.
static void useLargeStackForClang() {
  constexpr size_t margin = 32u << 20;
  size_t left = getLargeStackLeft();
  if (left > 2 * margin)
    noteClangStackBottomBelow(left - margin);
}

/// The stage part of a DXC profile name (`ps` of `ps_6_0`).
static StringRef getProfilePrefix(ShaderStage stage) {
  static const char *stages[] = {"ps", "vs", "gs", "hs", "ds", "cs", "lib", "",
                                 "",   "",   "",   "",   "",   "ms", "as"};
  return stages[unsigned(stage)];
}

static StringRef getTripleStage(ShaderStage stage) {
  switch (stage) {
  case ShaderStage::Pixel: return "pixel";
  case ShaderStage::Vertex: return "vertex";
  case ShaderStage::Geometry: return "geometry";
  case ShaderStage::Hull: return "hull";
  case ShaderStage::Domain: return "domain";
  case ShaderStage::Compute: return "compute";
  case ShaderStage::Library: return "library";
  case ShaderStage::Mesh: return "mesh";
  case ShaderStage::Amplification: return "amplification";
  }
  return "compute";
}

namespace {

/// Whether `record` or one of its bases declares a member function (a
/// template included) of its own.
bool declaresMemberFunctions(const clang::CXXRecordDecl &record) {
  auto declares = [](const clang::CXXRecordDecl *each) {
    return llvm::any_of(each->decls(), [](const clang::Decl *member) {
      return isa<clang::FunctionTemplateDecl>(member) ||
             (isa<clang::CXXMethodDecl>(member) && !member->isImplicit());
    });
  };
  return declares(&record) ||
         (record.hasDefinition() &&
          !record.forallBases([&](const clang::CXXRecordDecl *base) {
            return !declares(base);
          }));
}

/// Clang 22 puts every non-static global that is not a resource into
/// `hlsl_constant` (a cbuffer's members, $Globals), including structs that
/// hold resources; a member function call or `s.Buf[i]` on such a global
/// then fails overload resolution ("'this' object is in address space
/// 'hlsl_constant'"; a member function template cannot be called at all).
/// A struct that holds resources is a set of resource bindings, not
/// constant buffer memory; the importer reads a struct with member
/// functions from its constant buffer whatever its type says, and refuses
/// writes to it itself. Either gets back the generic address space as soon
/// as it is declared, before the function bodies that use it are parsed.
void restoreStructAddressSpace(clang::ASTContext &ast, clang::VarDecl &var) {
  clang::QualType type = var.getType();
  if (type.getAddressSpace() != clang::LangAS::hlsl_constant ||
      !(var.isFileVarDecl() ||
        isa<clang::HLSLBufferDecl>(var.getDeclContext())))
    return;
  clang::QualType element = ast.getBaseElementType(type);
  const clang::CXXRecordDecl *record = element->getAsCXXRecordDecl();
  if (!record ||
      (!element->isHLSLIntangibleType() && !declaresMemberFunctions(*record)))
    return;
  var.setType(ast.removeAddrSpaceQualType(type));
}

/// Clang 22 cannot copy a struct in the groupshared address space (its
/// implicit copy constructor and assignment take generic references:
/// `tile[i] = v`, `P p = tile[i]` and `f(tile[i])` are "no viable
/// overloaded '='" or "no matching constructor"). A groupshared variable of
/// struct type (or array of them) loses the address space as soon as it is
/// declared, before the code that uses it is parsed; an annotation keeps
/// what it is for the importer, which places it in groupshared memory.
void markGroupSharedStruct(clang::ASTContext &ast, clang::VarDecl &var) {
  clang::QualType type = var.getType();
  if (type.getAddressSpace() != clang::LangAS::hlsl_groupshared ||
      !var.isFileVarDecl() || !ast.getBaseElementType(type)->isRecordType())
    return;
  var.setType(ast.removeAddrSpaceQualType(type));
  var.addAttr(
      clang::AnnotateAttr::CreateImplicit(ast, "hlsl.groupshared", nullptr, 0));
}

/// Clang 22 cannot define the implicit copy or move assignment of a struct
/// with a base: it assigns the base through `*this`, which HLSL refuses
/// ("the '*' operator is unsupported in HLSL"), and then crashes. The
/// importer copies a struct assigned through a defaulted operator as a
/// value and never reads that body, so the operators are declared as soon
/// as the struct is complete and marked as having a body already, which
/// keeps Sema from building it.
void keepSemaFromDefiningBaseAssignment(clang::Sema &sema,
                                        clang::CXXRecordDecl &record) {
  if (record.getNumBases() == 0 || record.isDependentContext() ||
      record.isInvalidDecl())
    return;
  if (record.needsImplicitCopyAssignment())
    sema.DeclareImplicitCopyAssignment(&record);
  if (record.needsImplicitMoveAssignment())
    sema.DeclareImplicitMoveAssignment(&record);
  for (clang::CXXMethodDecl *method : record.methods())
    if ((method->isCopyAssignmentOperator() ||
         method->isMoveAssignmentOperator()) &&
        method->isDefaulted() && !method->isDeleted() &&
        !method->doesThisDeclarationHaveABody())
      method->setWillHaveBody();
}

/// Imports the translation unit once Sema is done with it.
class ImportConsumer : public clang::SemaConsumer {
public:
  ImportConsumer(const ImportOptions &options, StringRef prelude,
                 MLIRContext *context, OwningOpRef<ModuleOp> &result,
                 TimingScope &timing, TimingScope &clangTiming,
                 HeldOutput &diagOut, FollowOnErrorFilter &filter,
                 const gen::PackMatrixPragmas &packMatrixPragmas)
      : options(options), prelude(prelude), context(context), result(result),
        timing(timing), clangTiming(clangTiming), diagOut(diagOut),
        filter(filter), packMatrixPragmas(packMatrixPragmas) {}

  void Initialize(clang::ASTContext &context) override { ast = &context; }
  void InitializeSema(clang::Sema &s) override {
    sema = &s;
    printTypesWithoutPreludeSugar(s);
  }
  void ForgetSema() override { sema = nullptr; }

  void HandleTagDeclDefinition(clang::TagDecl *decl) override {
    if (auto *record = dyn_cast<clang::CXXRecordDecl>(decl); record && sema)
      keepSemaFromDefiningBaseAssignment(*sema, *record);
  }

  bool HandleTopLevelDecl(clang::DeclGroupRef group) override {
    takeBackAcceptedPreludeErrors();
    for (clang::Decl *decl : group) {
      if (auto *var = dyn_cast<clang::VarDecl>(decl)) {
        restoreStructAddressSpace(*ast, *var);
        markGroupSharedStruct(*ast, *var);
      }
      // (A cbuffer member struct, in the cbuffer's scope.)
      if (auto *buffer = dyn_cast<clang::HLSLBufferDecl>(decl))
        for (clang::Decl *member : buffer->decls())
          if (auto *var = dyn_cast<clang::VarDecl>(member))
            restoreStructAddressSpace(*ast, *var);
    }
    return true;
  }

  void HandleTranslationUnit(clang::ASTContext &ast) override {
    clangTiming.stop();
    clang::DiagnosticsEngine &diags = ast.getDiagnostics();
    if (diags.hasErrorOccurred()) {
      castArgumentsOfAmbiguousCalls(ast);
      passScalarOutArgumentsThroughTemporaries(ast);
      return;
    }
    if (!checkOverloadChoices(ast))
      return;
    // A construct Clang accepted with a warning was rewritten (or a call's
    // arguments cast): the next run is the one to import.
    if (SourceRewrites *rewrites = filter.getRewrites();
        rewrites && rewrites->rewroteInRun() && !rewrites->isLastRun())
      return;
    // Clang accepted the shader: its warnings come out now, in order with
    // the import's diagnostics.
    diagOut.release();
    inImporter = true;
    TimingScope importTiming = timing.nest("AST import");
    gen::HLSLGenModule module(ast, diags, context, options, &packMatrixPragmas);
    if (module.emitTranslationUnit(ast.getTranslationUnitDecl()))
      result = module.takeModule();
    if (result && options.includedFiles)
      recordIncludedFiles(ast.getSourceManager());
  }

  /// The calls Clang found ambiguous and DXC resolves: their arguments are
  /// cast to the parameters of DXC's choice for the next run
  /// (DXCOverloadRanking.h).
  void castArgumentsOfAmbiguousCalls(clang::ASTContext &ast) {
    SourceRewrites *rewrites = filter.getRewrites();
    if (!rewrites || rewrites->isLastRun() ||
        rewrites->getAmbiguousCalls().empty())
      return;
    // Each call's error was counted as shown; the rewrite removes it.
    for (const CallArgumentCasts &casts : findDXCOverloadCasts(
             ast, rewrites->getAmbiguousCalls(), options.enable16BitTypes))
      if (rewrites->recordArgumentCasts(ast.getSourceManager(), casts) &&
          rewrites->shownErrorCount > 0)
        --rewrites->shownErrorCount;
  }

  /// The scalars Clang refused as arguments of vector out parameters: the
  /// next run passes them through temporaries (ScalarOutArguments.h).
  void passScalarOutArgumentsThroughTemporaries(clang::ASTContext &ast) {
    SourceRewrites *rewrites = filter.getRewrites();
    if (!rewrites || rewrites->isLastRun())
      return;
    for (const ScalarOutArgumentCall &call :
         findScalarOutArgumentCalls(ast, rewrites->getScalarOutArguments()))
      if (rewrites->recordScalarOutArguments(ast.getSourceManager(), call))
        rewrites->shownErrorCount -= std::min<unsigned>(
            rewrites->shownErrorCount, call.arguments.size());
  }

  /// Checks that Clang chose among overloads as DXC does (Clang's rules
  /// differ: DXCOverloadRanking.h). Where DXC chooses another candidate,
  /// its arguments are cast for the next run; where DXC finds the call
  /// ambiguous, that is an error. Returns false after errors.
  bool checkOverloadChoices(clang::ASTContext &ast) {
    DXCOverloadFindings findings =
        mlir::hlsl::checkOverloadChoices(ast, options.enable16BitTypes);
    clang::DiagnosticsEngine &diags = ast.getDiagnostics();
    for (const AmbiguousCall &call : findings.ambiguous) {
      diags.Report(call.callee,
                   diags.getCustomDiagID(clang::DiagnosticsEngine::Error,
                                         "call to '%0' is ambiguous"))
          << call.name.getAsString();
      for (clang::SourceLocation candidate : call.candidates)
        diags.Report(candidate,
                     diags.getCustomDiagID(clang::DiagnosticsEngine::Note,
                                           "candidate function"));
    }
    if (!findings.ambiguous.empty())
      return false;
    SourceRewrites *rewrites = filter.getRewrites();
    if (findings.casts.empty() || !rewrites || rewrites->isLastRun())
      return true;
    for (const CallArgumentCasts &casts : findings.casts)
      rewrites->recordArgumentCasts(ast.getSourceManager(), casts);
    return true;
  }

  /// Clears Clang's error state if the only errors so far are the
  /// prelude's accepted ones (FollowOnErrorFilter::acceptedPreludeErrors).
  /// Nothing of Sema's depends on them: the declarations are valid types.
  void takeBackAcceptedPreludeErrors() {
    if (!filter.acceptedPreludeErrors)
      return;
    clang::DiagnosticsEngine &diags = ast->getDiagnostics();
    if (diags.getNumErrors() == filter.acceptedPreludeErrors)
      diags.Reset(/*soft=*/true);
    filter.acceptedPreludeErrors = 0;
  }

  /// The files Clang entered, in order: the main file first (its own name,
  /// not the remapped buffer's), without the prelude.
  void recordIncludedFiles(const clang::SourceManager &sources) {
    std::vector<std::string> &files = *options.includedFiles;
    files.clear();
    llvm::StringSet<> seen;
    for (unsigned i = 0, e = sources.local_sloc_entry_size(); i != e; ++i) {
      const clang::SrcMgr::SLocEntry &entry = sources.getLocalSLocEntry(i);
      if (!entry.isFile())
        continue;
      clang::OptionalFileEntryRef file =
          entry.getFile().getContentCache().OrigEntry;
      if (!file)
        continue;
      StringRef name = file->getName();
      if (name == prelude)
        continue;
      name = llvm::sys::path::remove_leading_dotslash(name);
      if (seen.insert(name).second)
        files.push_back(name.str());
    }
  }

private:
  const ImportOptions &options;
  /// The prelude file, left out of the included files.
  StringRef prelude;
  MLIRContext *context;
  OwningOpRef<ModuleOp> &result;
  TimingScope &timing;
  TimingScope &clangTiming;
  HeldOutput &diagOut;
  FollowOnErrorFilter &filter;
  const gen::PackMatrixPragmas &packMatrixPragmas;
  clang::ASTContext *ast = nullptr;
  clang::Sema *sema = nullptr;
};

class ImportAction : public clang::ASTFrontendAction {
public:
  ImportAction(const ImportOptions &options, StringRef prelude,
               MLIRContext *context, OwningOpRef<ModuleOp> &result,
               TimingScope &timing, TimingScope &clangTiming,
               HeldOutput &diagOut, FollowOnErrorFilter &filter,
               clang::Token &lastToken)
      : options(options), prelude(prelude), context(context), result(result),
        timing(timing), clangTiming(clangTiming), diagOut(diagOut),
        filter(filter), lastToken(lastToken) {}

  /// Keeps the last token Clang read: where parsing stood if Clang
  /// crashes (Clang's crashes give no location of their own).
  bool BeginSourceFileAction(clang::CompilerInstance &compiler) override {
    compiler.getPreprocessor().setTokenWatcher(
        [this](const clang::Token &token) { lastToken = token; });
    packMatrixPragmas.addHandlerTo(compiler.getPreprocessor());
    return clang::ASTFrontendAction::BeginSourceFileAction(compiler);
  }

  std::unique_ptr<clang::ASTConsumer>
  CreateASTConsumer(clang::CompilerInstance &, StringRef) override {
    return std::make_unique<ImportConsumer>(options, prelude, context, result,
                                            timing, clangTiming, diagOut,
                                            filter, packMatrixPragmas);
  }

private:
  gen::PackMatrixPragmas packMatrixPragmas;
  const ImportOptions &options;
  StringRef prelude;
  MLIRContext *context;
  OwningOpRef<ModuleOp> &result;
  TimingScope &timing;
  TimingScope &clangTiming;
  HeldOutput &diagOut;
  FollowOnErrorFilter &filter;
  clang::Token &lastToken;
};

/// Where Clang stood when it crashed.
struct CrashPlace {
  /// "file:line:col", or the file's name when the last token is not a place
  /// in the source (at the end of the file Clang works on templates and the
  /// like).
  std::string description;
  /// The last token's offset in the main file, if it is there.
  std::optional<unsigned> mainFileOffset;
};

CrashPlace getCrashPlace(const clang::Token &lastToken,
                         clang::CompilerInstance &compiler,
                         StringRef fileName) {
  CrashPlace crash{fileName.str(), std::nullopt};
  if (lastToken.is(clang::tok::eof) || lastToken.getLocation().isInvalid() ||
      !compiler.hasSourceManager())
    return crash;
  clang::SourceManager &sources = compiler.getSourceManager();
  clang::SourceLocation location =
      sources.getExpansionLoc(lastToken.getLocation());
  clang::PresumedLoc place = sources.getPresumedLoc(location);
  if (place.isInvalid())
    return crash;
  crash.description = (Twine(place.getFilename()) + ":" +
                       Twine(place.getLine()) + ":" + Twine(place.getColumn()))
                          .str();
  if (sources.getFileID(location) == sources.getMainFileID())
    crash.mainFileOffset = sources.getFileOffset(location);
  return crash;
}
} // namespace

OwningOpRef<ModuleOp> mlir::hlsl::importHLSL(llvm::MemoryBufferRef source,
                                             const ImportOptions &options,
                                             MLIRContext *context) {
  TimingScope noTiming;
  return importHLSL(source, options, context, noTiming);
}

OwningOpRef<ModuleOp> mlir::hlsl::importHLSL(llvm::MemoryBufferRef source,
                                             const ImportOptions &options,
                                             MLIRContext *context,
                                             TimingScope &timing) {
  // Clang's phase covers its set-up, the prelude, preprocessing, parsing
  // and Sema; it ends when the translation unit reaches the consumer.
  TimingScope clangTiming = timing.nest("Clang parse + Sema");
  // The importer creates ops of these dialects: load them (registering is
  // not enough for a translation).
  context->loadDialect<HLSLDialect, func::FuncDialect, arith::ArithDialect,
                       cf::ControlFlowDialect, math::MathDialect,
                       vector::VectorDialect>();
  std::string fileName = source.getBufferIdentifier().str();
  if (fileName.empty() || fileName == "-")
    fileName = "<stdin>";
  std::string prelude = options.preludePath.empty() ? getDefaultPreludePath()
                                                    : options.preludePath;

  const ShaderProfile &profile = options.profile;
  std::string triple = ("dxilv1." + Twine(profile.minor) +
                        "-pc-shadermodel6." + Twine(profile.minor) + "-" +
                        getTripleStage(profile.stage))
                           .str();
  std::vector<std::string> args = {"-triple", triple, "-x", "hlsl",
                                   // Clang calls its HLSL 2021 mode hlsl202x
                                   // (its "hlsl2021" warns as incomplete).
                                   options.hlslVersion == "2021"
                                       ? std::string("-std=hlsl202x")
                                       : "-std=hlsl" + options.hlslVersion,
                                   "-fsyntax-only"};
  if (profile.stage != ShaderStage::Library) {
    args.push_back("-hlsl-entry");
    args.push_back(options.entry);
  }
  if (options.enable16BitTypes) {
    args.push_back("-fnative-half-type");
    args.push_back("-fnative-int16-type");
  }
  for (const std::string &define : options.defines)
    args.push_back("-D" + define);
  for (const std::string &dir : options.includeDirs) {
    args.push_back("-I");
    args.push_back(dir);
  }
  // Includes relative to the shader's directory, as DXC does.
  StringRef dir = llvm::sys::path::parent_path(fileName);
  if (!dir.empty() && fileName != "<stdin>") {
    args.push_back("-I");
    args.push_back(dir.str());
  }
  // The HLSL standard headers (<vector_utils>, <type_traits>, ...), found
  // after the user's directories as DXC finds its embedded ones.
  SmallString<256> standardHeaders(llvm::sys::path::parent_path(prelude));
  llvm::sys::path::append(standardHeaders, "hlsl");
  args.push_back("-internal-isystem");
  args.push_back(std::string(standardHeaders));
  // DXC's own macro (Clang 22 defines the __SHADER_* ones as DXC does):
  // shaders test it to use what DXC compiles and FXC does not (SM 6.6's
  // ResourceDescriptorHeap in WickedEngine's globals.hlsli). DXC's
  // __DXC_VERSION_* macros are not defined: this is not a DXC release.
  args.push_back("-D__hlsl_dx_compiler=1");
  // __HLSL_VERSION as DXC defines it: Clang's hlsl202x (our 2021) says 2028,
  // and DXC's 202x is 2029.
  if (options.hlslVersion == "2021" || options.hlslVersion == "202x") {
    args.push_back("-U__HLSL_VERSION");
    args.push_back(options.hlslVersion == "2021" ? "-D__HLSL_VERSION=2021"
                                                 : "-D__HLSL_VERSION=2029");
  }
  if (!options.rootSignatureDefine.empty())
    args.push_back("-fdx-rootsignature-define=" + options.rootSignatureDefine);
  if (!options.rootSignatureVersion.empty())
    args.push_back("-fdx-rootsignature-version=" +
                   options.rootSignatureVersion);
  // `register(c0)` on a cbuffer member, which DXC ignores, and
  // `register(b0)` on a global scalar, which DXC takes as `c0` (a rewrite,
  // SourceRewrites.h): legacy (D3D9) bindings; Clang 22's warnings about
  // them default to errors.
  args.push_back("-Wno-error=legacy-constant-register-binding");
  // DXC takes an in-class initializer of a static const float member as a
  // constant (`static const float k = 2;`); Clang wants `constexpr`.
  args.push_back("-Wno-static-float-init");
  // One translation unit: a template's static member has its definition.
  args.push_back("-Wno-undefined-var-template");
  // DXC's `1.#INF` is `__builtin_inff()` (infinityLiterals), which Clang's
  // HLSL floating-point options ("use of infinity is undefined behavior")
  // would warn about; DXC does not.
  args.push_back("-Wno-nan-infinity-disabled");
  args.push_back(fileName);
  std::vector<const char *> argv;
  for (const std::string &arg : args)
    argv.push_back(arg.c_str());

  clang::DiagnosticOptions diagOptions;
  diagOptions.ShowColors = llvm::errs().has_colors();
  auto *printer = new clang::TextDiagnosticPrinter(llvm::errs(), diagOptions);
  auto diags = clang::CompilerInstance::createDiagnostics(
      *llvm::vfs::getRealFileSystem(), diagOptions, printer);

  // DXC accepts every -HV without warning that Clang's support for it is
  // incomplete (reported while the arguments are read).
  diags->setSeverity(clang::diag::warn_hlsl_langstd_minimal,
                     clang::diag::Severity::Ignored, clang::SourceLocation());
  if (!llvm::sys::fs::exists(prelude)) {
    llvm::errs() << "error: HLSL prelude not found at '" << prelude << "'\n";
    return {};
  }

  // One run of Clang and the import. Diagnostics go to `diagOut`; the
  // constructs Clang rejects that a rewrite fixes are recorded in `record`,
  // and `rewrites` (from an earlier run) are applied. Returns whether Clang and the import succeeded
  // (a crash was reported on stderr).
  OwningOpRef<ModuleOp> result;
  std::string crashReport;
  // Where in the main file Clang stood when it last crashed.
  std::optional<unsigned> crashOffset;
  // (HLSL 202x's literals are Clang's: `L` is 64-bit there in DXC too.)
  bool narrowLongLiterals = options.hlslVersion != "202x";
  // The text every parse starts from, after the text-level passes.
  const std::string prepared = [&]() {
    std::string text = unbraceScalarInitializers(source.getBuffer());
    applyFileTextPasses(text, narrowLongLiterals);
    if (profile.stage != ShaderStage::Library)
      // The stage names of `[shader("...")]` are the enum's spellings.
      text =
          blankOtherStageAttributes(text, stringifyShaderStage(profile.stage));
    return text;
  }();
  auto runClang = [&](const SourceRewrites *rewrites,
                      HeldOutput &diagOut, SourceRewrites *record,
                      bool &crashed) -> bool {
    crashed = false;
    result = nullptr;
    auto invocation = std::make_shared<clang::CompilerInvocation>();
    if (!clang::CompilerInvocation::CreateFromArgs(*invocation, argv, *diags))
      return false;
    // The source comes from a buffer (possibly stdin); map it under its
    // name.
    std::string mainText = prepared;
    if (rewrites)
      mainText = rewrites->rewrite(fileName, mainText);
    // HLSL_MLIR_SHOW_REWRITES=1 shows what a run parses (to debug the
    // rewrites).
    if (rewrites && llvm::sys::Process::GetEnv("HLSL_MLIR_SHOW_REWRITES")) {
      llvm::errs() << "--- rewritten " << fileName << ":\n" << mainText;
      for (const auto &macro : rewrites->getMacros())
        llvm::errs() << "#define " << macro.getKey() << " " << macro.getValue()
                     << "\n";
    }
    invocation->getPreprocessorOpts().addRemappedFile(
        fileName,
        llvm::MemoryBuffer::getMemBufferCopy(mainText, fileName).release());
    clang::PreprocessorOptions &pp = invocation->getPreprocessorOpts();
    if (rewrites) {
      for (const std::string &file : rewrites->files()) {
        if (file == fileName)
          continue;
        if (std::optional<IncludedText> included =
                readIncludedText(*rewrites, file))
          pp.addRemappedFile(
              file, llvm::MemoryBuffer::getMemBufferCopy(included->parsed, file)
                        .release());
      }
      for (const auto &macro : rewrites->getMacros())
        pp.addMacroDef((macro.getKey() + "=" + macro.getValue()).str());
    }
    invocation->getFrontendOpts().DisableFree = false;
    // Only the prelude names the shader mentions are declared (see
    // PreludeSelection.h); the scan runs before the prelude is added.
    TimingScope scanTiming = clangTiming.nest("prelude selection scan");
    std::optional<std::vector<std::string>> usedNames;
    if (options.selectivePrelude)
      usedNames = findUsedPreludeNames(*invocation, prelude);
    scanTiming.stop();
    // The prelude's declarations that rely on this import (the
    // min-precision `_BitInt`s, whose target error it takes back).
    pp.addMacroDef("__HLSL_MLIR_IMPORT");
    if (usedNames) {
      pp.addMacroDef("__HLSL_SELECTIVE");
      for (const std::string &name : *usedNames)
        pp.addMacroDef("__HLSL_USE_" + name + "=__HLSL_PROBE");
    }
    includePreludeGuarded(pp, prelude, getUserMacroNames(options.defines));

    clang::Token lastToken;
    lastToken.startToken();
    auto compiler = std::make_unique<clang::CompilerInstance>(invocation);
    compiler->createVirtualFileSystem(
        createIncludeFileSystem(narrowLongLiterals));
    auto *filter =
        new FollowOnErrorFilter(std::make_unique<clang::TextDiagnosticPrinter>(
                                    diagOut, compiler->getDiagnosticOpts()),
                                record, prelude);
    compiler->createDiagnostics(filter, /*ShouldOwnClient=*/true);
    // "N errors generated." goes with the diagnostics.
    compiler->setVerboseOutputStream(diagOut);
    // DXC makes falling off the end of a non-void function an error (its
    // -Wreturn-type warnings are errors).
    compiler->getDiagnostics().setSeverityForGroup(
        clang::diag::Flavor::WarningOrError, "return-type",
        clang::diag::Severity::Error);
    clang::DiagnosticsEngine &engine = compiler->getDiagnostics();
    for (const std::string &group : options.disabledWarningGroups)
      // (The group names were checked when the options were read.)
      (void)engine.setSeverityForGroup(clang::diag::Flavor::WarningOrError,
                                       group, clang::diag::Severity::Ignored);
    engine.setWarningsAsErrors(options.warningsAsErrors);
    // -no-warnings silences warnings but not DXC's errors that are Clang
    // warnings (a non-void function falling off its end): every warning is
    // mapped to ignored, and return-type back to an error.
    if (options.noWarnings) {
      engine.setSeverityForAll(clang::diag::Flavor::WarningOrError,
                               clang::diag::Severity::Ignored);
      engine.setSeverityForGroup(clang::diag::Flavor::WarningOrError,
                                 "return-type", clang::diag::Severity::Error);
    }
    std::unique_ptr<clang::FrontendAction> action =
        std::make_unique<ImportAction>(options, prelude, context, result,
                                       timing, clangTiming, diagOut, *filter,
                                       lastToken);
    // -rootsig-define: Clang's HLSL action wrapper attaches the macro's root
    // signature to the entry (its preprocessor callback sees the #define).
    if (!options.rootSignatureDefine.empty())
      action = std::make_unique<clang::HLSLFrontendAction>(std::move(action));
    // Clang 22's HLSL Sema still crashes on some malformed input (e.g. an
    // incomplete struct in a cbuffer). Parsing runs under crash recovery so
    // that such input gets a diagnostic; the compiler state is abandoned,
    // not destroyed, after a crash. HLSL_MLIR_NO_CRASH_RECOVERY=1 turns this
    // off (to debug a crash in place).
    bool executed = false;
    inImporter = false;
    useLargeStackForClang();
    if (llvm::sys::Process::GetEnv("HLSL_MLIR_NO_CRASH_RECOVERY")) {
      executed = compiler->ExecuteAction(*action);
    } else {
      llvm::CrashRecoveryContext::Enable();
      llvm::CrashRecoveryContext recovery;
      if (!recovery.RunSafely(
              [&] { executed = compiler->ExecuteAction(*action); })) {
        // Abandoned, not destroyed; its source manager still names places.
        clang::CompilerInstance *crashedCompiler = compiler.release();
        (void)action.release();
        (void)result.release();
        crashed = true;
        diagOut.release();
        // Reported once no retry is left (see recordAfterClangCrash).
        if (inImporter) {
          crashReport = fileName +
                        ": error: internal compiler error: hlsl-mlir crashed "
                        "while importing the Clang AST (a bug in hlsl-mlir; "
                        "please report it with this input)\n";
          if (options.abortOnInternalCrash) {
            llvm::errs() << crashReport;
            abort();
          }
        } else {
          CrashPlace place =
              getCrashPlace(lastToken, *crashedCompiler, fileName);
          crashOffset = place.mainFileOffset;
          crashReport = place.description +
                        ": error: Clang crashed while parsing this file, "
                        "before this point (a bug in Clang 22's HLSL "
                        "support; the errors above, if any, are the likely "
                        "cause)\n";
        }
        return false;
      }
    }
    // Errors reported at MLIR locations leave Clang's count at zero but no
    // module.
    return executed && !compiler->getDiagnostics().hasErrorOccurred() &&
           !filter->warningsMadeErrors && result;
  };

  // Clang's diagnostics are held until it is known whether the shader needs
  // more runs (SourceRewrites.h).
  // Clang quotes the lines it parsed; the user sees the shader's own.
  auto writtenLines = [&](const SourceRewrites *applied) {
    WrittenLines lines;
    lines.addFile(fileName,
                  applied ? applied->rewrite(fileName, prepared) : prepared,
                  source.getBuffer().str());
    if (!applied)
      return lines;
    for (const std::string &file : applied->files()) {
      if (file == fileName)
        continue;
      if (std::optional<IncludedText> included =
              readIncludedText(*applied, file))
        lines.addFile(file, std::move(included->parsed),
                      std::move(included->written));
    }
    return lines;
  };
  SourceRewrites rewrites(
      /*hlsl2021=*/options.hlslVersion != "2016" &&
          options.hlslVersion != "2017" && options.hlslVersion != "2018",
      getProfilePrefix(profile.stage));
  // Some crashes of Clang overwrite its memory: their constructs are
  // rewritten before it first reads the text.
  const SourceRewrites *firstRewrites =
      rewrites.recordBeforeFirstRun(fileName, prepared) ? &rewrites : nullptr;
  HeldOutput firstOut(llvm::errs(), writtenLines(firstRewrites));
  std::unique_ptr<HeldOutput> lastOut;
  bool crashed = false;
  // Clang crashed on a construct it has no diagnostic for: the text is
  // rewritten where a known crash can be avoided, and parsed again.
  auto recoverFromCrash = [&]() {
    if (!crashed || inImporter)
      return;
    bool recorded = rewrites.recordAfterClangCrash(fileName, prepared);
    if (crashOffset)
      recorded |= rewrites.recordCrashAt(
          fileName, rewrites.rewrite(fileName, prepared), *crashOffset);
    if (recorded) {
      crashed = false;
      crashReport.clear();
    }
  };
  rewrites.beginRun();
  unsigned applied = rewrites.count(); // rewrites the last run applied
  bool ok = runClang(firstRewrites, firstOut, &rewrites, crashed);
  rewrites.finishRun();
  recoverFromCrash();
  unsigned firstShownErrors = rewrites.shownErrorCount;
  for (unsigned run = 1;
       (!ok || rewrites.needsRerun()) && !crashed &&
       rewrites.count() > applied && run < kMaxSourceRewriteRuns;
       ++run) {
    applied = rewrites.count();
    if (lastOut)
      lastOut->discard();
    lastOut =
        std::make_unique<HeldOutput>(llvm::errs(), writtenLines(&rewrites));
    if (llvm::sys::Process::GetEnv("HLSL_MLIR_SHOW_REWRITES"))
      lastOut->release();
    rewrites.beginRun(/*last=*/run + 1 == kMaxSourceRewriteRuns);
    ok = runClang(&rewrites, *lastOut, &rewrites, crashed);
    rewrites.finishRun();
    recoverFromCrash();
  }
  // The last run's diagnostics, unless it failed and the first run had
  // errors no rewrite removes: they describe the shader as written (the
  // errors that were rewritten are left out of every run's output).
  if (lastOut && (ok || crashed || firstShownErrors == 0)) {
    firstOut.discard();
    lastOut->release();
  } else {
    if (lastOut)
      lastOut->discard();
    firstOut.release();
  }
  if (crashed)
    llvm::errs() << crashReport;
  if (!ok)
    return {};
  // The target travels with the module to the later stages.
  std::string profileName = (getProfilePrefix(profile.stage) + "_" +
                             Twine(profile.major) + "_" + Twine(profile.minor))
                                .str();
  (*result)->setAttr("hlsl.profile", StringAttr::get(context, profileName));
  if (options.dx9Semantics)
    (*result)->setAttr("hlsl.dx9_semantics", UnitAttr::get(context));
  // -Gis makes the whole shader IEEE-strict (`precise` declarations, the
  // values they hold: hlsl.precise).
  if (options.ieeeStrict)
    (*result)->setAttr("hlsl.precise", UnitAttr::get(context));
  // Clang ignores a -rootsig-define name that no #define (or -D) defines.
  if (!options.rootSignatureDefine.empty() &&
      !(*result)->hasAttr("hlsl.root_signature")) {
    llvm::errs() << "error: -rootsig-define: no macro '"
                 << options.rootSignatureDefine
                 << "' with a root signature string is defined\n";
    return {};
  }
  return result;
}
