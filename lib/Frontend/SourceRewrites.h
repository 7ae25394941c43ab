//===- SourceRewrites.h - Constructs Clang 22 rejects, parsed again -*- C++
//-*-===//
//
// Some HLSL that DXC accepts, Clang 22 rejects with an error at a precise
// place. The importer parses once; if Clang reports such errors, it parses
// again with each construct rewritten at the place Clang reported, in
// place and keeping the text's length (so every source location stays
// exact): a character becomes a space or `$`, and a `$`-named macro (no HLSL
// identifier starts with `$`) expands to what Clang accepts.
//
//  - Matrix elements as members: `m._m01` (zero-based row and column),
//    `m._12` (one-based), several of one row (`m._m00_m01`). Clang has no
//    such members ("member reference base type 'float4x4' is not a
//    structure or union"). `m._m01` becomes `m $m01`, and `$m01` expands to
//    the subscript `[0][1]`, or to a row swizzle (`$m00_m01` to `[0].xy`).
//  - groupshared variables of struct type: Clang looks for a constructor
//    that can build an object in the groupshared address space and finds
//    none ("no matching constructor for initialization of 'groupshared
//    S[4]'"). `groupshared` becomes `$roupshared`, which expands to `extern
//    groupshared`: no initialization, which is what groupshared memory gets.
//  - `matrix` and `vector` without template arguments (float4x4 and
//    float4): "use of alias template 'matrix' requires template arguments".
//    `matrix` becomes `$atrix`, which expands to `matrix<>` (the defaults).
//  - A statement attribute before a declaration (`[branch] int x = 1;`),
//    which DXC ignores with a warning: the bracketed attribute becomes
//    `$aN` and spaces, and `$aN` expands to a `#pragma message` that says it
//    is ignored (the import shows it as a warning at the attribute). So do
//    the effect framework's annotations of a variable (`float4 tint <
//    float UIMin = 0; > = 1;`, "expected '>'"), with DXC's warning.
//  - Conversions DXC makes implicitly and Clang 22 only explicitly: a struct
//    copied out of a cbuffer (Clang's implicit copy constructor cannot bind
//    a `hlsl_constant` object), a struct of another type (derived to base,
//    the same layout), a matrix to a vector of as many elements and back, a
//    one-element vector to a wider one, vector conditionals whose operands
//    differ in type. The converted expression becomes `$cN`, which expands
//    to an explicit cast `((T)(expr))`, or in an initialization to a braced
//    initializer `{expr}` where T cannot be spelled (arrays, unnamed
//    structs).
//  - Operators Clang 22 refuses on matrices (`%`, bitwise, shifts,
//    comparisons, `&&`/`||`, `*` and `/` of non-product shapes, unary `-`,
//    `~`, `!`) and `++`/`--` on vectors and matrices: `a % b` becomes
//    `$cN`, which expands to the call `(__hlsl_operator_rem(a, b))` of a
//    prelude template (a compound `a %= b` to `a = __hlsl_operator_rem(a,
//    b)`; `x++` to `__hlsl_operator_post_inc(x)`, whose inout argument the
//    importer increments in place). Before HLSL 2021 also `&&` and `||` on
//    vectors and matrices (element-wise then; Clang 22 reports "support for
//    HLSL language version 2018 is incomplete"). A conditional with matrix
//    operands
//    (`c ? m : 0`) likewise becomes `(__hlsl_operator_select(c, m, 0))`.
//  - A global named like an intrinsic (`float clamp;`), which DXC lets hide
//    the intrinsic and Clang finds ambiguous with the prelude's: the name
//    becomes `$cN`, which expands to `::clamp` (the global).
//  - The interpolation modifiers `linear`, `centroid` and `sample`, unknown
//    to Clang 22 ("unknown type name 'centroid'"): the keyword becomes
//    `$qN`, which expands to the annotation `hlsl.centroid` (and so on) that
//    the importer reads; `center` (the default) and `precise` (what the
//    compiler always does) become spaces.
//  - `snorm float4` and `unorm float4` (also as template arguments): the
//    modifier and the type become `$nN`, which expands to the prelude's
//    typedef `__hlsl_norm::__hlsl_snorm_float4` of the same type, which the
//    importer recognizes in signatures and resource element types.
//  - An entry point's out struct parameter or array of structs, whose
//    fields carry the semantics (Clang 22 wants one on the parameter): the
//    parameter gets the semantic `__hlsl_mlir_fieldsN_` (one name per
//    parameter, which Clang checks for overlaps), which tells the importer
//    to take the fields'.
//  - The effect framework's state block after a sampler's or an effect
//    object's name (`SamplerState s { Filter = ...; };`, `BlendState b {
//    ... };`), which DXC ignores: the block becomes spaces.
//  - Braces inside an initializer list (`S s = { 1.0, { a, b } };`, or
//    braces that do not follow the type's structure, `T3 t[] = { { f0,
//    f2, m2 }, ... }`): HLSL flattens every initializer list, so they group
//    nothing; Clang 22 miscounts some nested lists ("too few initializers
//    in list", e.g. with a buffer element `In[i]` in the inner list) and
//    requires nested lists to match the type's members. The inner braces
//    become spaces.
//  - A matrix row in parentheses subscripted (`(m[i])[j]`), which Clang
//    22 refuses ("matrix row and column subscripts cannot be separated by
//    any expression"): the parentheses become spaces (`m[i][j]` means the
//    same).
//  - A min-precision type as an enum's underlying type (`enum E :
//    min16int`), which Clang refuses for the prelude's `_BitInt`s: the
//    name becomes `$eN`, which expands to the integer type it computes in.
//  - `unsigned` before a signed integer type name (`unsigned int2`,
//    `unsigned min16int3x3`), DXC's unsigned variant of it, which Clang
//    parses as `unsigned` declaring a variable named like the type: the two
//    words become `$uN`, which expands to the unsigned name (`uint2`).
//  - A call of a function the shader declares with an intrinsic's name and
//    parameters (`int abs(int x)`), which hides the intrinsic (Clang finds
//    both, through the prelude's `using namespace hlsl`: "call to 'abs' is
//    ambiguous"): the callee becomes `::abs` when a candidate of the
//    ambiguity is the shader's.
//  - A register for one shader profile (`: register(ps, space1)`,
//    `register(vs_5_0, t3)`): for the target's stage the profile and its
//    comma become spaces, for another stage the whole `: register(...)`.
//  - An attribute spelled in another case than Clang's (`[NumThreads]`,
//    `[Unroll]`, `[wavesize]`): DXC's attribute names are case-insensitive,
//    Clang ignores the attribute ("unknown attribute 'NumThreads' ignored;
//    did you mean 'numthreads'?"). The name is respelled as Clang's (same
//    length), and the shader parsed again even if it parsed.
//    `[earlydepthstencil]`, which Clang does not know, becomes `$aN`, which
//    expands to the function annotation `hlsl.earlydepthstencil`
//    (`[clipplanes(p0, c.p1)]` likewise `hlsl.clipplanes:p0,c.p1`, from
//    which the importer adds the SV_ClipDistance outputs).
//  - `[unroll(1.5)]`, a count that is not an integer, which DXC takes for
//    `[unroll]` with a warning and Clang refuses ("invalid argument of
//    type 'float'"): `unroll(1.5)` becomes `$aN`, which expands to the
//    warning and `unroll`.
//  - `register(cN)` on a global matrix (Clang 22 takes it on scalars,
//    vectors and their arrays only: "binding type 'c' only applies to
//    numeric variables in the global scope"), and `register(bN)` on any
//    numeric global, which DXC takes as `register(cN)` and Clang ignores
//    with a warning: `: register(...)` becomes `$oN`, which expands to the
//    annotation of packoffset(cN) (below).
//  - A three-component vector at packoffset(cN.y), which Clang 22 measures
//    as four components ("packoffset cannot cross register boundary") and
//    then drops: `: packoffset(...)` becomes `$oN`, which expands to the
//    annotation `hlsl.packoffset:<bytes>` the import reads.
//  - A compute shader ID of a signed or min-precision integer type
//    (`min12int3 id : SV_DispatchThreadID`), which DXC accepts and Clang
//    restricts to uint vectors, and a system value Clang does not know
//    (SV_TessFactor): the semantic becomes `$sN`, which expands
//    to the prelude's pass-through spelling `__hlsl_mlir_SV_...` (the
//    import reads it as the system value).
//  - `static` on the definition of a static data member outside its
//    struct (`static const uint S::Val = 3;`), which DXC accepts and Clang
//    refuses ("'static' can only be specified inside the class
//    definition"): the word becomes spaces.
//  - A root signature given twice on an entry point (`[RootSignature("")]
//    [RootSignature("...")]`): DXC takes the last, Clang refuses the
//    repetition. The earlier attribute becomes spaces.
//  - A constant declared without a value (`static const int x;`), which
//    DXC zero-initializes: the name becomes `$cN`, which expands to
//    `x = (__decltype(x))0`.
//  - A call of overloaded functions that DXC resolves otherwise than Clang
//    (DXCOverloadRanking.h: Clang finds `f(2, 2u)` ambiguous, or chooses
//    another candidate): the call becomes `$cN`, which expands to the call
//    with the arguments cast to the parameters of DXC's choice.
//  - A cast to the type a value already has as an out or inout argument
//    (`InterlockedOr((uint)buf[0], 1)`), which DXC takes as the value and
//    Clang refuses ("cannot bind non-lvalue argument"): the cast becomes
//    spaces.
//  - A scalar passed to a vector out or inout parameter (`void f(out
//    float2 v)` called as `f(x)` with a float x), which DXC passes through
//    a vector temporary whose first component it copies back, with a
//    warning, and Clang refuses ("illegal scalar extension cast"): the
//    call becomes `$aN`, which expands to the warning and `(t = x, f(t),
//    x = (float)(t.x))` (ScalarOutArguments.h).
//  - A matrix of one row or column next to a vector (`i4x1 * f4`), which
//    DXC takes for a vector and Clang for its first element ("implicit
//    conversion turns matrix to scalar"): the matrix becomes `$cN`, which
//    expands to `((vector<int, 4>)(i4x1))`.
//  - An unsized resource array parameter (`float4 f(Texture2D t[])`),
//    which DXC takes for the caller's array of any size and Clang refuses
//    ("incomplete resource array in a function parameter"): the function
//    becomes a template over the parameter's type
//    (SourceRewritesUnsizedArrays.cpp).
//
// A rewrite can reveal an error Clang could not see before (an operand
// that was itself in error): runs repeat, each on the text the previous one
// rewrote, while they find new constructs to rewrite (at most
// kMaxSourceRewriteRuns). Within one run, rewrites do not overlap.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_SOURCEREWRITES_H
#define HLSL_LIB_FRONTEND_SOURCEREWRITES_H

#include "clang/Basic/SourceLocation.h"
#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/ADT/StringSet.h"

#include <map>
#include <optional>
#include <set>
#include <string>
#include <tuple>
#include <vector>

namespace clang {
class Diagnostic;
class QualType;
class SourceManager;
} // namespace clang

namespace mlir::hlsl {
namespace rewrites {
struct DiagnosticPlace;
struct MacroBodySpan;
} // namespace rewrites

struct CallArgumentCasts;
struct ScalarOutArgumentCall;

/// The expansion of a matrix member name: `[r][c]` for one element,
/// `[r].xyz` for several elements of row r, and for elements of several rows
/// `[__hlsl_matrix_elements(n, e0, ..)].xy..`: a row access Clang types as a
/// vector of n elements, which the importer reads as the elements e_i (row *
/// 4 + column) of the matrix (HLSLGenExprLValue.cpp). The swizzle names
/// distinct components (assignable) when the matrix has at least n
/// `columns`, else repeats x (readable only). nullopt for names that are not
/// matrix members.
std::optional<std::string> getMatrixMemberExpansion(llvm::StringRef name,
                                                    unsigned columns = 4);

/// `text` with the braces of scalar initializer lists removed
/// (`static const bool b = { false };` becomes `... =   false  ;`): Clang
/// 22 recurses without end on them. Only declarations whose type is a
/// scalar keyword directly before the name are rewritten; the text keeps
/// its length.
std::string unbraceScalarInitializers(llvm::StringRef text);

/// `text` with the `[shader("<stage>")]` attributes of stages other than
/// `stage` (DXC's name: "compute", "pixel", ...) made blanks: compiling one
/// entry point, DXC ignores the functions of the file meant for other
/// stages, and Clang 22 would check them as entry points of stages it
/// does not know ("semantic annotations must be present for all
/// parameters" of a closest-hit shader's payload). The text keeps its
/// length.
std::string blankOtherStageAttributes(llvm::StringRef text,
                                      llvm::StringRef stage);

/// Spells the bool elements of typed resources (`Buffer<bool2>`,
/// `Texture2D<vector<bool, 2> >`) as uint, which is how DXC stores them.
/// The text keeps its length. Returns whether it changed.
bool boolElementsAsUint(std::string &text);

/// Integer literals with one `L` suffix (`0xFFFFFFFFL`, `1UL`) without it:
/// before HLSL 202x, DXC's `long` literals are 32-bit (`1L << 40` is 256, `-1L`
/// an int), where Clang's are 64-bit; `LL` stays 64-bit in both. The suffix's
/// other letters move left and a blank ends the literal, so the text keeps its
/// length. A literal that is a call argument by itself keeps its suffix
/// (its value is the same). Returns whether it changed.
bool narrowLongIntegerLiterals(std::string &text);

/// DXC's infinity literals (`1.#INF`, `-2.0#INFf`: a number with a period
/// and `#INF`, Clang: "expected ';'") respelled `$INF` and blanks, a macro
/// of the prelude for `(__builtin_inff())`. The text keeps its length.
/// Returns whether it changed.
bool infinityLiterals(std::string &text);

/// Blanks the Vulkan attributes of `text` (`[[vk::location(0)]]`,
/// `[[vk::binding(0, 1)]]`, `vk::` ones among others in one `[[...]]`),
/// which DXC ignores when it compiles to DXIL; Clang 22 acts on some of them
/// for DXIL too (vk::location takes part in its semantic checks: "partial
/// explicit stage input location assignment via vk::location(X)
/// unsupported"). The text keeps its length. Returns whether it changed.
bool blankVulkanAttributes(std::string &text);

/// How often the importer parses a shader at most (the first parse and the
/// runs that apply rewrites).
constexpr unsigned kMaxSourceRewriteRuns = 16;

/// The rewrites a parse calls for, collected from Clang's errors. One
/// object collects the rewrites of every run: a run's diagnostics point
/// into the text the earlier runs rewrote, and as rewrites keep the
/// text's length, their offsets are those of the original text too.
class SourceRewrites {
public:
  /// `hlsl2021`: HLSL 2021 and later, where DXC converts a struct to
  /// another struct type only explicitly (to a base also implicitly), and
  /// `&&`/`||` take only scalars.
  /// `stage` is the target's profile prefix (`ps`, `cs`, ...): registers
  /// written for another profile are dropped.
  SourceRewrites(bool hlsl2021, llvm::StringRef stage)
      : hlsl2021(hlsl2021), stage(stage.str()) {}

  /// Starts recording a new run (its error count and the spans it
  /// rewrites).
  /// `last`: no run follows this one (its errors are all shown).
  void beginRun(bool last = false) {
    lastRun = last;
    rerunNeeded = false;
    shownErrorCount = 0;
    spansOfRun.clear();
    macroBodiesOfRun.clear();
    pending.reset();
    deferred.clear();
    deferredTexts.clear();
    ambiguousCalls.clear();
    scalarOutArguments.clear();
    constructsBeforeRun = constructs;
  }
  /// Applies the rewrites that waited for the end of the run (those that
  /// contain no span rewritten in it).
  void finishRun();

  /// Records the rewrite for `info` if it is one of the errors above.
  /// Returns whether it did.
  bool record(const clang::Diagnostic &info);
  /// Before Clang first reads `text` (the contents of `file`): records the
  /// rewrites of the crashes that are not left to happen (those that
  /// overwrite Clang's memory; SourceRewritesCrashes.cpp). Returns whether
  /// it recorded any.
  bool recordBeforeFirstRun(const std::string &file, llvm::StringRef text);
  /// How the macros that replace attributes and effect annotations begin
  /// (replaceWithWarning's, and those of attributes made annotations):
  /// `$a<n>` (matrix members take `$<digits>`).
  static constexpr llvm::StringLiteral kAttributeMacroPrefix = "$a";
  /// After Clang crashed on `text` (the contents of `file`): records the
  /// rewrites that avoid the crashes we know (SourceRewritesCrashes.cpp).
  /// Returns whether it recorded any (once per compilation).
  bool recordAfterClangCrash(const std::string &file, llvm::StringRef text);
  /// After Clang crashed with its last token at `offset` of `file` (whose
  /// text, as Clang read it, is `text`): records the rewrite of the crash
  /// that happens there (SourceRewritesCrashes.cpp). Returns whether it
  /// did (once per place).
  bool recordCrashAt(const std::string &file, llvm::StringRef text,
                     size_t offset);
  /// A note that follows an error: for some errors, whether the rewrite
  /// applies depends on the note that explains it.
  void recordNote(const clang::Diagnostic &info);

  /// Where the calls are that Clang found ambiguous in this run (their
  /// callees), for DXC's ranking of their candidates (DXCOverloadRanking.h).
  llvm::ArrayRef<clang::SourceLocation> getAmbiguousCalls() const {
    return ambiguousCalls;
  }
  /// Casts arguments of a call to the parameter types of the candidate DXC
  /// chooses (`casts`, ranges of `sources`). The argument list becomes one
  /// macro, which keeps its brackets balanced inside a macro's arguments.
  /// Returns whether it did.
  bool recordArgumentCasts(const clang::SourceManager &sources,
                           const CallArgumentCasts &casts);
  /// Where the scalar arguments are that Clang refused for vector out or
  /// inout parameters in this run (ScalarOutArguments.h).
  llvm::ArrayRef<clang::SourceLocation> getScalarOutArguments() const {
    return scalarOutArguments;
  }
  /// Passes the scalar arguments of `call` (ranges of `sources`) through
  /// temporaries of their parameters' types, as DXC does: the call becomes
  /// `$aN`, which expands to a warning and `(t = x, r = f(t), x = t.x, r)`.
  /// Returns whether it did.
  bool recordScalarOutArguments(const clang::SourceManager &sources,
                                const ScalarOutArgumentCall &call);

  bool empty() const { return edits.empty(); }
  /// How many constructs are rewritten.
  unsigned count() const { return constructs; }
  /// Whether the current run recorded rewrites (so another run follows,
  /// unless this is the last).
  bool rewroteInRun() const { return constructs > constructsBeforeRun; }

  /// `text` (the contents of `file`) rewritten.
  std::string rewrite(llvm::StringRef file, llvm::StringRef text) const;

  /// The files to rewrite.
  std::vector<std::string> files() const;

  /// The macros the rewritten text uses: name and expansion.
  const llvm::StringMap<std::string> &getMacros() const { return macros; }

  /// Errors of the run that were not rewritten (shown to the user).
  unsigned shownErrorCount = 0;
  /// Whether no run follows the current one.
  bool isLastRun() const { return lastRun; }
  /// Whether the last error's rewrite waits for its note (PendingConversion).
  bool hasPendingConversion() const { return pending.has_value(); }
  /// Whether a rewrite was recorded for a construct Clang parsed with a
  /// warning only (an attribute spelled in another case, which Clang
  /// ignores): the shader is parsed again even if the run succeeded.
  bool needsRerun() const { return rerunNeeded; }
  /// Whether a packoffset Clang refused became an annotation: Clang then
  /// sees a cbuffer that mixes members with and without packoffset.
  bool hasRewrittenPackOffsets() const { return rewrotePackOffset; }

private:
  bool rerunNeeded = false;
  bool rewrotePackOffset = false;
  bool recordAttributeSpelling(const clang::Diagnostic &info);
  bool recordMatrixMember(const clang::Diagnostic &info);
  bool recordGroupShared(const clang::Diagnostic &info);
  bool recordBareVectorMatrix(const clang::Diagnostic &info);
  bool recordAttributeOnDeclaration(const clang::Diagnostic &info);
  bool recordEffectAnnotation(const clang::Diagnostic &info);
  bool recordFloatSubscript(const clang::Diagnostic &info);
  bool recordInterpolationModifier(const clang::Diagnostic &info);
  bool recordImplicitConversion(const clang::Diagnostic &info);
  bool recordMatrixOperator(const clang::Diagnostic &info);
  bool recordAmbiguousReference(const clang::Diagnostic &info);
  bool recordNormModifier(const clang::Diagnostic &info);
  bool recordMatrixConditional(const clang::Diagnostic &info);
  bool recordFloatSwitch(const clang::Diagnostic &info);
  bool recordMipsOrSampleAccess(const clang::Diagnostic &info);
  bool recordStructOutParameter(const clang::Diagnostic &info);
  bool recordLogicalBefore2021(const clang::Diagnostic &info);
  bool recordSamplerStateBlock(const clang::Diagnostic &info);
  bool recordNestedInitializerList(const clang::Diagnostic &info);
  bool recordParenthesizedMatrixRow(const clang::Diagnostic &info);
  bool recordMinPrecisionEnumBase(const clang::Diagnostic &info);
  bool recordUnsignedShorthand(const clang::Diagnostic &info);
  bool recordConstWithoutInitializer(const clang::Diagnostic &info);
  bool recordShadowedIntrinsicCall(const clang::Diagnostic &info);
  bool recordProfileRegister(const clang::Diagnostic &info);
  bool recordLegacyRegisterClass(const clang::Diagnostic &info);
  /// `: register(bN)` or `: register(cN)` on a numeric global of `file`
  /// (whose text is `text`; `letter` is the register's letter) becomes the
  /// annotation of packoffset(cN). `clangIgnoredIt`: Clang only warned (a
  /// run without errors is repeated).
  bool recordNumericRegister(const std::string &file, llvm::StringRef text,
                             size_t letter, bool clangIgnoredIt);
  bool recordSystemValuePassThrough(const clang::Diagnostic &info);
  bool recordParameterSemanticOverlap(const clang::Diagnostic &info);
  bool recordUnrollCountType(const clang::Diagnostic &info);
  bool recordThreeComponentPackOffset(const clang::Diagnostic &info);
  bool recordConstObjectCall(const clang::Diagnostic &info);
  bool recordStructArgument(const clang::Diagnostic &info);
  bool recordVectorConstructorInTemplate(const clang::Diagnostic &info);
  bool recordForLoopVariableAfterLoop(const clang::Diagnostic &info);
  bool recordForLoopVariableRedefinition(const clang::Diagnostic &info);
  bool recordGroupSharedParameter(const clang::Diagnostic &info);
  bool recordUnsizedResourceArrayParameter(const clang::Diagnostic &info);
  /// Makes the function whose parameter name is at `place` a template over
  /// its unsized array parameters, and over the one named at offset
  /// `sizedToo` (a sized one) if given.
  bool templateUnsizedParameters(const rewrites::DiagnosticPlace &place,
                                 std::optional<size_t> sizedToo);
  bool recordOneElementMatrixCast(const clang::Diagnostic &info);
  bool recordOneElementVectorOperand(const clang::Diagnostic &info);
  bool recordVectorLikeMatrixOperand(const clang::Diagnostic &info);
  bool recordNoOpCastArgument(const clang::Diagnostic &info);
  bool recordStaticOutOfLine(const clang::Diagnostic &info);
  bool recordRepeatedRootSignature(const clang::Diagnostic &info);
  bool recordCompoundAssignmentOperand(const clang::Diagnostic &info);
  bool recordNamespaceInCBuffer(const clang::Diagnostic &info);
  bool recordFlattenedNamespaceUse(const clang::Diagnostic &info);
  /// Whether DXC converts a `from` struct to `to` implicitly (the same
  /// struct, a base, unnamed structs of the same members, or before HLSL
  /// 2021 any struct).
  bool isImplicitStructConversion(clang::QualType from,
                                  clang::QualType to) const;
  /// Whether DXC converts an argument of type `from` to a parameter of type
  /// `to` implicitly where Clang does not: between vectors and matrices
  /// (splatting one element, keeping as many or fewer elements), and before
  /// HLSL 2021 between arrays and structs of as many scalars.
  bool isImplicitShapeConversion(clang::QualType from,
                                 clang::QualType to) const;
  /// Replaces the expression `first`..`last` of `file` (whose text is
  /// `text`) with a macro expanding to `expansion`, taking in blanks around
  /// it when the expression is shorter than the macro's name.
  bool replaceExpression(const std::string &file, llvm::StringRef text,
                         size_t first, size_t last, std::string expansion);
  /// Replaces a part of an earlier rewrite's macro body with `expansion`
  /// (a construct Clang reports only once the rewrite made it visible).
  /// One per macro and run: the offsets of a second would be stale.
  bool replaceInMacroBody(const rewrites::MacroBodySpan &span,
                          std::string expansion);
  /// Makes the characters `first`..`last` of `file` (whose text is `text`)
  /// spaces, its line breaks kept.
  void blankSpan(const std::string &file, llvm::StringRef text, size_t first,
                 size_t last);
  /// Replaces the characters `first`..`last` of `file` with a new macro
  /// `<prefix><n>` padded with spaces, expanding to `expansion`; false if the
  /// span is shorter than the name. With the file's `text`, the span's line
  /// breaks stay.
  bool replaceWithMacro(const std::string &file, size_t first, size_t last,
                        llvm::StringRef prefix, std::string expansion,
                        llvm::StringRef text = {});
  /// replaceWithMacro for a construct DXC ignores with a warning: the macro
  /// (kAttributeMacroPrefix) expands to a `#pragma message` of `message`,
  /// which the import shows as a warning at the construct.
  bool replaceWithWarning(const std::string &file, size_t first, size_t last,
                          const llvm::Twine &message,
                          llvm::StringRef text = {});

  /// The members of namespaces written inside constant buffers, which the
  /// rewrites declare in the buffer itself: namespace -> member names.
  llvm::StringMap<llvm::StringSet<>> flattenedNamespaces;
  /// Whether recordAfterClangCrash ran.
  bool crashRewritesRecorded = false;
  /// Records the removal of the fields (and variables) of empty struct
  /// types that nothing names, on which initializer lists crash Clang, in
  /// `text`: the file's text with its comments blanked (blankComments).
  /// Returns whether it recorded any (once per compilation).
  bool removeUnusedEmptyFields(const std::string &file, llvm::StringRef text);
  /// Whether removeUnusedEmptyFields ran.
  bool emptyFieldsRemoved = false;
  /// The offsets recordCrashAt looked at.
  std::set<size_t> crashPlacesTried;
  /// Per file: offset -> replacement character.
  std::map<std::string, std::map<unsigned, char>> edits;
  llvm::StringMap<std::string> macros;
  unsigned constructs = 0;
  unsigned constructsBeforeRun = 0;
  /// The spans the current run replaced with macros (file, first, last).
  std::vector<std::tuple<std::string, size_t, size_t>> spansOfRun;
  /// The macros whose bodies the current run rewrote.
  llvm::StringSet<> macroBodiesOfRun;
  bool hlsl2021;
  std::string stage;
  bool lastRun = false;
  /// A struct conversion whose error does not say the source's type: it
  /// is rewritten if the candidate note that follows shows an address space
  /// (a cbuffer's struct) or a conversion DXC makes implicitly.
  struct PendingConversion {
    std::string file;
    llvm::StringRef text;
    size_t first, last;
    std::string expansion;
    /// Applies once the candidates include both an intrinsic and the
    /// shader's own function of its name, not on the first note.
    bool needsUserCandidate = false;
    bool sawIntrinsic = false, sawUserFunction = false;
    /// Applies when a candidate was refused for a const `this`.
    bool needsConstThis = false;
    /// A call whose argument list opens at `first`: the argument a
    /// candidate note names is converted, if DXC converts it implicitly.
    bool needsStructArgument = false;
  };
  std::optional<PendingConversion> pending;
  /// An expression rewrite applied at the end of the run (see finishRun).
  struct DeferredExpression {
    std::string file;
    size_t first, last;
    std::string expansion;
  };
  std::vector<DeferredExpression> deferred;
  /// The text of each file with deferred rewrites, copied once per run
  /// (Clang's buffers are gone when the run ends).
  std::map<std::string, std::string> deferredTexts;
  /// Records a rewrite of `first`..`last` of `file` (whose text is `text`)
  /// for the end of the run.
  void deferExpression(const std::string &file, llvm::StringRef text,
                       size_t first, size_t last, std::string expansion) {
    deferredTexts.try_emplace(file, text.str());
    deferred.push_back({file, first, last, std::move(expansion)});
  }
  std::vector<clang::SourceLocation> ambiguousCalls;
  std::vector<clang::SourceLocation> scalarOutArguments;
  /// Temporaries of recordScalarOutArguments, numbered over all runs.
  unsigned outTemporaries = 0;
};

} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_SOURCEREWRITES_H
