//===- SourceRewrites.cpp - Constructs Clang 22 rejects, parsed again -----===//

#include "SourceRewrites.h"
#include "SourceRewriteSupport.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/Regex.h"

#include <array>

using namespace mlir::hlsl;
using namespace mlir::hlsl::rewrites;

std::optional<std::string>
mlir::hlsl::getMatrixMemberExpansion(llvm::StringRef name, unsigned columns) {
  // One element: `_mRC` with R, C in 0..3, or `_RC` with R, C in 1..4.
  llvm::SmallVector<std::pair<unsigned, unsigned>> elements;
  llvm::StringRef rest = name;
  while (!rest.empty()) {
    if (!rest.consume_front("_"))
      return std::nullopt;
    unsigned base = rest.consume_front("m") ? 0 : 1;
    if (rest.size() < 2 || !llvm::isDigit(rest[0]) || !llvm::isDigit(rest[1]))
      return std::nullopt;
    unsigned row = rest[0] - '0', column = rest[1] - '0';
    if (row < base || row > base + 3 || column < base || column > base + 3)
      return std::nullopt;
    elements.push_back({row - base, column - base});
    rest = rest.drop_front(2);
  }
  if (elements.empty() || elements.size() > 4)
    return std::nullopt;
  unsigned row = elements.front().first;
  if (elements.size() == 1)
    return "[" + std::to_string(row) + "][" +
           std::to_string(elements.front().second) + "]";
  bool oneRow = llvm::all_of(elements, [&](std::pair<unsigned, unsigned> e) {
    return e.first == row;
  });
  if (oneRow) {
    std::string swizzle = "[" + std::to_string(row) + "].";
    for (auto [r, c] : elements)
      swizzle += "xyzw"[c];
    return swizzle;
  }
  std::string call =
      "[__hlsl_matrix_elements(" + std::to_string(elements.size());
  for (auto [r, c] : elements)
    call += ", " + std::to_string(r * 4 + c);
  return call + ")]." +
         (elements.size() <= columns
              ? std::string("xyzw").substr(0, elements.size())
              : std::string(elements.size(), 'x'));
}

bool SourceRewrites::record(const clang::Diagnostic &info) {
  pending.reset();
  if (!info.hasSourceManager())
    return false;
  if (info.getID() == clang::diag::err_ovl_ambiguous_call ||
      info.getID() == clang::diag::err_ovl_ambiguous_member_call)
    ambiguousCalls.push_back(info.getLocation());
  if (info.getID() == clang::diag::error_hlsl_inout_scalar_extension)
    scalarOutArguments.push_back(info.getLocation());
  return recordMatrixMember(info) || recordGroupShared(info) ||
         recordGroupSharedParameter(info) || recordBareVectorMatrix(info) ||
         recordAttributeOnDeclaration(info) || recordFloatSubscript(info) ||
         recordFloatSwitch(info) || recordMipsOrSampleAccess(info) ||
         recordInterpolationModifier(info) || recordImplicitConversion(info) ||
         recordMatrixOperator(info) || recordAmbiguousReference(info) ||
         recordNormModifier(info) || recordMatrixConditional(info) ||
         recordStructOutParameter(info) || recordSamplerStateBlock(info) ||
         recordEffectAnnotation(info) || recordMinPrecisionEnumBase(info) ||
         recordUnsignedShorthand(info) || recordConstWithoutInitializer(info) ||
         recordShadowedIntrinsicCall(info) || recordProfileRegister(info) ||
         recordLegacyRegisterClass(info) ||
         recordSystemValuePassThrough(info) ||
         recordParameterSemanticOverlap(info) || recordConstObjectCall(info) ||
         recordThreeComponentPackOffset(info) || recordStructArgument(info) ||
         recordVectorConstructorInTemplate(info) ||
         recordForLoopVariableAfterLoop(info) ||
         recordForLoopVariableRedefinition(info) ||
         recordOneElementVectorOperand(info) ||
         recordVectorLikeMatrixOperand(info) || recordNoOpCastArgument(info) ||
         recordOneElementMatrixCast(info) || recordAttributeSpelling(info) ||
         recordCompoundAssignmentOperand(info) ||
         recordNamespaceInCBuffer(info) || recordFlattenedNamespaceUse(info) ||
         recordStaticOutOfLine(info) || recordRepeatedRootSignature(info) ||
         recordNestedInitializerList(info) ||
         recordParenthesizedMatrixRow(info) ||
         recordUnsizedResourceArrayParameter(info) ||
         recordUnrollCountType(info);
}

bool SourceRewrites::recordRepeatedRootSignature(
    const clang::Diagnostic &info) {
  // `[RootSignature("")] [RootSignature("...")] void main()`: DXC takes the
  // last; Clang refuses the repetition at the later one. The earlier
  // `[RootSignature(...)]` of the same declaration becomes spaces.
  if (info.getID() != clang::diag::err_disallowed_duplicate_attribute)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || place->word() != "RootSignature")
    return false;
  llvm::StringRef text = place->text;
  llvm::StringRef before = text.take_front(place->offset);
  size_t name = before.rfind("RootSignature");
  if (name == llvm::StringRef::npos)
    return false;
  size_t open = name;
  while (open > 0 && llvm::isSpace(text[open - 1]))
    --open;
  if (open == 0 || text[open - 1] != '[')
    return false;
  --open;
  std::optional<size_t> close = findClosingBracket(text, open, ";{}");
  // Only attributes (and blanks) between the two.
  if (!close || *close >= place->offset ||
      text.slice(*close + 1, place->offset).find_first_of(";{}") !=
          llvm::StringRef::npos)
    return false;
  blankSpan(place->file, text, open, *close);
  return true;
}

bool SourceRewrites::recordStaticOutOfLine(const clang::Diagnostic &info) {
  // `static const uint S::Val = 3;`: DXC takes `static` on the definition
  // of a static data member outside its struct; Clang refuses it. The word
  // becomes spaces.
  if (info.getID() != clang::diag::err_static_out_of_line)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || place->word() != "static")
    return false;
  blankSpan(place->file, place->text, place->offset,
            place->offset + strlen("static") - 1);
  return true;
}

void SourceRewrites::blankSpan(const std::string &file, llvm::StringRef text,
                               size_t first, size_t last) {
  auto &fileEdits = edits[file];
  for (size_t i = first; i <= last; ++i)
    if (text[i] != '\n' && text[i] != '\r')
      fileEdits[i] = ' ';
  ++constructs;
}

bool SourceRewrites::recordAttributeSpelling(const clang::Diagnostic &info) {
  // `[NumThreads(8, 8, 1)]`, `[BRANCH]`: DXC's attribute names are
  // case-insensitive; Clang ignores one spelled otherwise than it spells
  // it, which replaces the name in place. `[earlydepthstencil]` and
  // `[clipplanes(...)]`, which Clang does not know, become annotations of
  // the function (the planes' expressions in the latter's).
  if (info.getID() != clang::diag::warn_unknown_attribute_ignored_suggestion &&
      info.getID() != clang::diag::warn_unknown_attribute_ignored)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef name = place->word();
  bool isClipPlanes = name.equals_insensitive("clipplanes");
  if (name.equals_insensitive("earlydepthstencil") || isClipPlanes) {
    llvm::StringRef text = place->text;
    size_t open = place->offset;
    while (open > 0 && text[open] != '[')
      --open;
    std::optional<size_t> close = findClosingBracket(text, open, "\n;");
    if (text[open] != '[' || !close ||
        !text.slice(open + 1, place->offset).trim().empty())
      return false;
    // The planes, as written (`c.planes[1]`), in the annotation's name:
    // `hlsl.clipplanes:plane0,c.planes[1]`.
    std::string annotation = "hlsl.earlydepthstencil";
    if (isClipPlanes) {
      llvm::StringRef inside = text.slice(open + 1, *close);
      size_t paren = inside.find('(');
      size_t end = inside.rfind(')');
      if (paren == llvm::StringRef::npos || end == llvm::StringRef::npos ||
          end < paren)
        return false;
      annotation = "hlsl.clipplanes:";
      for (char c : inside.slice(paren + 1, end))
        if (!llvm::isSpace(c)) {
          if (c == '"' || c == '\\')
            return false;
          annotation += c;
        }
    }
    rerunNeeded = true;
    return replaceWithMacro(place->file, open, *close, kAttributeMacroPrefix,
                            "__attribute__((annotate(\"" + annotation +
                                "\")))");
  }
  std::string suggestion;
  for (llvm::StringRef known :
       {"numthreads", "WaveSize", "shader", "RootSignature", "unroll", "loop",
        "branch", "flatten"})
    if (name.equals_insensitive(known))
      suggestion = known.str();
  if (name.empty() || suggestion.empty() || suggestion == name)
    return false;
  auto &fileEdits = edits[place->file];
  for (size_t i = 0; i < suggestion.size(); ++i)
    fileEdits[place->offset + i] = suggestion[i];
  ++constructs;
  rerunNeeded = true;
  return true;
}

bool SourceRewrites::recordUnrollCountType(const clang::Diagnostic &info) {
  // `[unroll(1.5)]`: DXC warns that the count must be a uint literal and
  // unrolls fully, as for `[unroll]`; Clang refuses the attribute ("invalid
  // argument of type 'float'"). `unroll(1.5)` becomes `$aN`, which expands
  // to the warning and `unroll`.
  if (info.getID() != clang::diag::err_pragma_loop_invalid_argument_type)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  size_t open = place->offset;
  while (open > 0 && text[open] != '(' && text[open] != '\n')
    --open;
  if (text[open] != '(')
    return false;
  size_t end = skipBackOverBlanks(text, open);
  size_t name = end;
  while (name > 0 && isIdentifierChar(text[name - 1]))
    --name;
  if (!text.slice(name, end).equals_insensitive("unroll"))
    return false;
  std::optional<size_t> close = findClosingBracket(text, open, "\n;]");
  if (!close)
    return false;
  return replaceWithMacro(
      place->file, name, *close, kAttributeMacroPrefix,
      "_Pragma(\"message(\\\"attribute 'unroll' must have a uint literal "
      "argument: unrolled fully, as [unroll]\\\")\") unroll",
      text);
}

bool SourceRewrites::recordAttributeOnDeclaration(
    const clang::Diagnostic &info) {
  // `[branch] int x = ...;`: DXC ignores a statement attribute before a
  // declaration, with a warning; also a loop attribute on another statement
  // (`[loop] if (c)`). The bracketed attribute becomes a macro that expands
  // to a `#pragma message` saying so.
  bool onDeclaration = info.getID() == clang::diag::err_attribute_invalid_on_decl;
  if (!onDeclaration &&
      info.getID() != clang::diag::err_attribute_wrong_decl_type_str)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  size_t open = place->offset;
  while (open > 0 && text[open] != '[')
    --open;
  llvm::StringRef name = place->word();
  bool loopAttribute = llvm::is_contained(
      {"loop", "unroll", "fastopt", "allow_uav_condition"}, name);
  if (text[open] != '[' || name.empty() ||
      !text.slice(open + 1, place->offset).trim().empty() ||
      (!onDeclaration && !loopAttribute))
    return false;
  std::optional<size_t> close = findClosingBracket(text, open, "\n;");
  std::string why = onDeclaration
                        ? "applies to statements, not to declarations"
                        : "applies to loops only";
  return close &&
         replaceWithWarning(place->file, open, *close,
                            "attribute '" + name + "' " + why + ": ignored");
}

bool SourceRewrites::replaceWithWarning(const std::string &file, size_t first,
                                        size_t last, const llvm::Twine &message,
                                        llvm::StringRef text) {
  return replaceWithMacro(
      file, first, last, kAttributeMacroPrefix,
      ("_Pragma(\"message(\\\"" + message + "\\\")\")").str(), text);
}

/// `text` on one line, as a macro's expansion: line breaks become spaces
/// and comments go (a `//` comment would take the rest of the line).
static std::string joinLines(llvm::StringRef text) {
  std::string result;
  for (size_t i = 0; i < text.size(); ++i) {
    if (text.substr(i).starts_with("//")) {
      while (i < text.size() && text[i] != '\n')
        ++i;
      result += ' ';
    } else if (text.substr(i).starts_with("/*")) {
      size_t end = text.find("*/", i + 2);
      i = end == llvm::StringRef::npos ? text.size() : end + 1;
      result += ' ';
    } else {
      result += text[i] == '\n' || text[i] == '\r' ? ' ' : text[i];
    }
  }
  return result;
}

bool SourceRewrites::replaceWithMacro(const std::string &file, size_t first,
                                      size_t last, llvm::StringRef prefix,
                                      std::string expansion,
                                      llvm::StringRef text) {
  std::string macro = (prefix + llvm::Twine(macros.size())).str();
  if (last < first || last - first + 1 < macro.size())
    return false;
  // A span over several lines keeps its line breaks (the lines after it
  // keep their numbers); the name goes before the first.
  if (!text.empty() &&
      text.slice(first, first + macro.size()).find_first_of("\r\n") !=
          llvm::StringRef::npos)
    return false;
  for (const auto &[spanFile, spanFirst, spanLast] : spansOfRun)
    if (spanFile == file && first <= spanLast && spanFirst <= last)
      return false;
  spansOfRun.emplace_back(file, first, last);
  auto &fileEdits = edits[file];
  for (size_t i = first; i <= last; ++i) {
    if (!text.empty() && (text[i] == '\n' || text[i] == '\r')) {
      fileEdits.erase(i);
      continue;
    }
    fileEdits[i] = i - first < macro.size() ? macro[i - first] : ' ';
  }
  macros[macro] = joinLines(expansion);
  ++constructs;
  return true;
}

bool SourceRewrites::recordBareVectorMatrix(const clang::Diagnostic &info) {
  // HLSL's `matrix` and `vector` without arguments are float4x4 and
  // float4: the templates' defaults, `matrix<>` and `vector<>`; `Buffer`
  // holds float4.
  if (info.getID() != clang::diag::err_template_missing_args)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef name = place->word();
  // `Buffer` without arguments is of float4 too (Clang's class is final: no
  // default-argument trick as for the textures). DXC wants RWBuffer's.
  bool isBuffer = name == "Buffer";
  if (name != "matrix" && name != "vector" && !isBuffer)
    return false;
  edits[place->file][place->offset] = '$';
  macros[("$" + name.drop_front()).str()] =
      (name + (isBuffer ? "<float4>" : "<>")).str();
  ++constructs;
  return true;
}

bool SourceRewrites::recordMinPrecisionEnumBase(const clang::Diagnostic &info) {
  // `enum E : min16int`: the prelude's min-precision types are `_BitInt`s,
  // which Clang refuses as an enum's underlying type. The type name becomes
  // `$eN`, which expands to the prelude's `__hlsl_enum_base_min16int`, the
  // integer type min16int computes in.
  if (info.getID() != clang::diag::err_enum_invalid_underlying)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef name = place->word();
  if (name != "min16int" && name != "min12int" && name != "min16uint")
    return false;
  return replaceWithMacro(place->file, place->offset,
                          place->offset + name.size() - 1, "$e",
                          ("__hlsl_enum_base_" + name).str());
}

bool SourceRewrites::recordSystemValuePassThrough(
    const clang::Diagnostic &info) {
  // `min12int3 id : SV_DispatchThreadID` (Clang: "only applies to a field or
  // parameter of type 'uint/uint2/uint3'"; `float4 p[3] : SV_Position`, a
  // geometry shader's input, and `inout float4 p : SV_Position`, which
  // Clang refuses too), and system values Clang does
  // not know ("unknown HLSL semantic": SV_TessFactor of a hull shader next
  // to the entry, a spelling the prelude's macros miss): the semantic
  // becomes a macro for the pass-through spelling of the system value. The
  // importer reads it as the system value, and refuses it where the stage
  // cannot have it.
  bool unknown = info.getID() == clang::diag::err_hlsl_unknown_semantic;
  if (!unknown && info.getID() != clang::diag::err_hlsl_attr_invalid_type)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef name = place->word();
  std::string canonical;
  if (unknown && name.size() > 3 && name.starts_with_insensitive("SV_"))
    canonical = ("SV_" + name.drop_front(3)).str();
  for (llvm::StringRef id :
       {"SV_DispatchThreadID", "SV_GroupID", "SV_GroupThreadID",
        "SV_GroupIndex", "SV_Position"})
    if (!unknown && name.equals_insensitive(id))
      canonical = id.str();
  if (canonical.empty())
    return false;
  return replaceWithMacro(place->file, place->offset,
                          place->offset + name.size() - 1, "$s",
                          "__hlsl_mlir_" + canonical);
}

bool SourceRewrites::recordParameterSemanticOverlap(
    const clang::Diagnostic &info) {
  // `void main(float2 uv : TEXCOORD0, out float2 o : TEXCOORD0)` ("semantic
  // index overlap TEXCOORD0"): Clang 22 checks an entry's in and out
  // parameters as one set, where an input and an output are in different
  // signatures (DXC accepts it; the lowering refuses a semantic used twice
  // in one signature). The later parameter's semantic becomes a macro for
  // `__hlsl_mlir_p<N>_<semantic>`, a name of its own that the importer
  // reads as the semantic written.
  if (info.getID() != clang::diag::err_hlsl_semantic_index_overlap)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  llvm::StringRef name = place->word();
  if (name.empty())
    return false;
  size_t at = skipBlanks(text, place->offset + name.size());
  while (at < text.size() && text[at] == '[') {
    std::optional<size_t> close = findClosingBracket(text, at, ";{}");
    if (!close)
      return false;
    at = skipBlanks(text, *close + 1);
  }
  if (at >= text.size() || text[at] != ':')
    return false;
  size_t semantic = skipBlanks(text, at + 1);
  llvm::StringRef written =
      text.drop_front(semantic).take_while(isIdentifierChar);
  if (written.empty() || written == "register" || written == "packoffset")
    return false;
  return replaceWithMacro(
      place->file, semantic, semantic + written.size() - 1, "$s",
      ("__hlsl_mlir_p" + llvm::Twine(macros.size()) + "_" + written).str());
}

bool SourceRewrites::recordThreeComponentPackOffset(
    const clang::Diagnostic &info) {
  // `float3 v : packoffset(c0.y)` ("packoffset cannot cross register
  // boundary"): Clang 22 measures a three-component vector as four and
  // drops the attribute. The `: packoffset(...)` becomes `$oN`, which
  // expands to an annotation with the byte offset; the cbuffer layout
  // checks the member as any packoffset (one that does straddle a register
  // is an error there).
  if (info.getID() != clang::diag::err_hlsl_packoffset_cross_reg_boundary)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  size_t at =
      text.take_front(place->offset + strlen("packoffset")).rfind("packoffset");
  if (at == llvm::StringRef::npos)
    return false;
  llvm::StringRef before = text.take_front(at).rtrim();
  if (!before.ends_with(":"))
    return false;
  size_t colon = before.size() - 1;
  size_t open = text.find('(', at);
  size_t close = text.find(')', at);
  if (open == llvm::StringRef::npos || close == llvm::StringRef::npos ||
      close < open)
    return false;
  // `c<row>` or `c<row>.<x|y|z|w>`.
  llvm::StringRef spec = text.slice(open + 1, close).trim();
  if (spec.empty() || (spec[0] != 'c' && spec[0] != 'C'))
    return false;
  auto [rowText, componentText] = spec.drop_front().split('.');
  unsigned row;
  if (rowText.trim().getAsInteger(10, row) || row >= 4096)
    return false;
  size_t component = 0;
  if (!componentText.empty()) {
    component = llvm::StringRef("xyzw").find(componentText.trim().lower());
    if (componentText.trim().size() != 1 || component == llvm::StringRef::npos)
      return false;
  }
  if (!replaceWithMacro(place->file, colon, close, "$o",
                        ("__attribute__((annotate(\"hlsl.packoffset:" +
                         llvm::Twine(row * 16 + component * 4) + "\")))")
                            .str()))
    return false;
  rewrotePackOffset = true;
  return true;
}

bool SourceRewrites::recordProfileRegister(const clang::Diagnostic &info) {
  // `register(ps, space1)` ("binding type 'p' is invalid"): kept without
  // the profile for the target's stage, dropped for the others.
  if (info.getID() != clang::diag::err_hlsl_binding_type_invalid)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  // The first argument of `register(`: a profile such as `ps` or `ps_5_0`.
  size_t first = place->offset;
  llvm::StringRef profile = text.drop_front(first).take_while(isIdentifierChar);
  llvm::StringRef profileStage = profile.take_while(llvm::isAlpha);
  if (!llvm::is_contained({"vs", "ps", "gs", "hs", "ds", "cs", "ms", "as"},
                          profileStage) ||
      (profile.size() != 2 && profile[2] != '_'))
    return false;
  size_t comma = first + profile.size();
  while (comma < text.size() && llvm::isSpace(text[comma]))
    ++comma;
  if (comma >= text.size() || text[comma] != ',')
    return false;
  if (profileStage == stage) {
    blankSpan(place->file, text, first, comma);
    return true;
  }
  // Another profile's register: from the `:` before `register` to `)`.
  llvm::StringRef before = text.take_front(first).rtrim();
  if (!before.ends_with("("))
    return false;
  before = before.drop_back().rtrim();
  if (!before.ends_with("register"))
    return false;
  before = before.drop_back(8).rtrim();
  if (!before.ends_with(":"))
    return false;
  size_t colon = before.size() - 1;
  size_t close = text.find(')', comma);
  if (close == llvm::StringRef::npos)
    return false;
  blankSpan(place->file, text, colon, close);
  return true;
}

bool SourceRewrites::recordLegacyRegisterClass(const clang::Diagnostic &info) {
  // D3D9 bound a texture and its sampler to one register number, and DXC
  // still takes `register(t0)` on a sampler and `register(s1)` on a
  // texture, as the register of the declaration's own class ("binding type
  // 't' only applies to SRV resources" in Clang), and `register(b2)` on a
  // numeric global as `register(c2)`. Only for declarations whose type
  // names a sampler, a texture or a number: DXC refuses the others
  // (buffers, UAVs, constant buffers).
  // (Clang only warns about `register(b3)` on a scalar or vector, and
  // ignores it.)
  if (info.getID() != clang::diag::err_hlsl_binding_type_mismatch &&
      info.getID() != clang::diag::warn_hlsl_deprecated_register_type_b)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  // The place is the declaration's name (its type is before it), or the
  // register's letter.
  llvm::StringRef beforePlace = text.take_front(place->offset).rtrim();
  bool atLetter = beforePlace.consume_back("(") &&
                  beforePlace.rtrim().ends_with("register");
  size_t start = text.find_last_of(";{}\n", place->offset);
  llvm::StringRef declaration =
      text.slice(start == llvm::StringRef::npos ? 0 : start + 1, place->offset);
  llvm::StringRef type = declaration.ltrim();
  for (llvm::StringRef qualifier : {"uniform", "static", "const"})
    while (type.consume_front(qualifier))
      type = type.ltrim();
  // A numeric global with `register(bN)` is placed in $Globals as with
  // `register(cN)` (at offset 16 * N), as DXC does; Clang 22 takes neither
  // on a matrix.
  static const llvm::Regex numericType(
      "^(float|int|uint|bool|half|double|dword|min16float|min10float|"
      "min16int|min12int|min16uint|u?int(16|32|64)_t|float(16|32|64)_t)"
      "([1-4](x[1-4])?)?([^[:alnum:]_]|$)|^(matrix|vector)[[:space:]]*<");
  char wanted, legacy;
  if (type.starts_with("SamplerState") ||
      type.starts_with("SamplerComparisonState")) {
    wanted = 's';
    legacy = 't';
  } else if (type.starts_with("Texture") &&
             !type.starts_with("TextureBuffer")) {
    wanted = 't';
    legacy = 's';
  } else if (numericType.match(type)) {
    wanted = 'c';
    legacy = 'b';
  } else {
    return false;
  }
  static const llvm::Regex registerSpec(
      "^[[:space:]]*(\\[[^]]*\\][[:space:]]*)*"
      ":[[:space:]]*register[[:space:]]*\\("
      "[[:space:]]*");
  size_t letter = place->offset;
  if (!atLetter) {
    llvm::StringRef after =
        text.drop_front(place->offset).drop_while(isIdentifierChar);
    llvm::SmallVector<llvm::StringRef, 2> matched;
    if (!registerSpec.match(after, &matched))
      return false;
    letter = (after.data() - text.data()) + matched[0].size();
  }
  if (letter >= text.size())
    return false;
  if (wanted == 'c')
    return recordNumericRegister(
        place->file, text, letter,
        info.getID() == clang::diag::warn_hlsl_deprecated_register_type_b);
  if (llvm::toLower(text[letter]) != legacy)
    return false;
  edits[place->file][letter] = wanted;
  ++constructs;
  return true;
}

bool SourceRewrites::recordNumericRegister(const std::string &file,
                                           llvm::StringRef text, size_t letter,
                                           bool clangIgnoredIt) {
  char kind = llvm::toLower(text[letter]);
  if (kind != 'b' && kind != 'c')
    return false;
  size_t colon = text.rfind(':', letter);
  size_t close = text.find(')', letter);
  if (colon == llvm::StringRef::npos || close == llvm::StringRef::npos)
    return false;
  std::string between;
  for (char c : text.slice(colon + 1, letter))
    if (!llvm::isSpace(c))
      between += c;
  unsigned row;
  if (between != "register(" ||
      text.slice(letter + 1, close).trim().getAsInteger(10, row) || row >= 4096)
    return false;
  if (!replaceWithMacro(file, colon, close, "$o",
                        ("__attribute__((annotate(\"hlsl.packoffset:" +
                         llvm::Twine(row * 16) + "\")))")
                            .str()))
    return false;
  if (clangIgnoredIt)
    rerunNeeded = true;
  return true;
}

bool SourceRewrites::recordShadowedIntrinsicCall(
    const clang::Diagnostic &info) {
  // `abs(-1)` with the shader's own `int abs(int)`: "call to 'abs' is
  // ambiguous"; `::abs` once the candidate notes show the shader's function
  // next to the intrinsic (recordNote).
  if (info.getID() != clang::diag::err_ovl_ambiguous_call)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  size_t at = place->offset;
  llvm::StringRef name = getUnqualifiedName(text, at);
  if (name.empty())
    return false;
  pending = PendingConversion{place->file,
                              text,
                              at,
                              at + name.size() - 1,
                              ("::" + name).str(),
                              /*needsUserCandidate=*/true};
  return true;
}

bool SourceRewrites::recordConstWithoutInitializer(
    const clang::Diagnostic &info) {
  // `static const int x;`: DXC zero-initializes a constant declared without
  // a value; Clang refuses it. The name becomes `$cN`, which expands to
  // `x = (__decltype(x))0`.
  if (info.getID() != clang::diag::err_default_init_const)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  llvm::StringRef name = place->word();
  size_t end = place->offset + name.size();
  if (name.empty() || llvm::isDigit(name[0]))
    return false;
  llvm::StringRef after = text.drop_front(end).ltrim();
  if (!after.starts_with(";") && !after.starts_with(","))
    return false;
  return replaceExpression(place->file, text, place->offset, end - 1,
                           (name + " = (__decltype(" + name + "))0").str());
}

bool SourceRewrites::recordUnsignedShorthand(const clang::Diagnostic &info) {
  // `unsigned int2 a;`, `unsigned min16int3x3 m;`: DXC's unsigned variant
  // of a signed integer type name. Clang takes `unsigned` as the type and
  // the type name as the declarator, then misses a `;` right after it.
  // `unsigned int2` becomes `$uN`, which expands to `uint2`.
  unsigned id = info.getID();
  if (id != clang::diag::err_expected_semi_declaration &&
      id != clang::diag::err_invalid_token_after_toplevel_declarator &&
      id != clang::diag::err_expected_semi_decl_list &&
      id != clang::diag::err_expected)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  size_t end = place->offset;
  while (end > 0 && llvm::isSpace(text[end - 1]))
    --end;
  size_t nameStart = end;
  while (nameStart > 0 && isIdentifierChar(text[nameStart - 1]))
    --nameStart;
  llvm::StringRef name = text.slice(nameStart, end);
  size_t keywordEnd = nameStart;
  while (keywordEnd > 0 && llvm::isSpace(text[keywordEnd - 1]))
    --keywordEnd;
  if (keywordEnd == nameStart || keywordEnd < 8 ||
      text.slice(keywordEnd - 8, keywordEnd) != "unsigned" ||
      (keywordEnd > 8 && isIdentifierChar(text[keywordEnd - 9])))
    return false;
  // The scalar part and the shape suffix (`2`, `3x4`).
  static const std::pair<llvm::StringRef, llvm::StringRef> unsignedOf[] = {
      {"min16int", "min16uint"}, {"min12int", "min16uint"},
      {"int16_t", "uint16_t"},   {"int32_t", "uint32_t"},
      {"int64_t", "uint64_t"},   {"int", "uint"},
      {"dword", "dword"}};
  for (auto [signedName, unsignedName] : unsignedOf) {
    if (!name.starts_with(signedName))
      continue;
    llvm::StringRef shape = name.drop_front(signedName.size());
    bool isShape = shape.empty() ||
                   (shape.size() == 1 && shape[0] >= '1' && shape[0] <= '4') ||
                   (shape.size() == 3 && shape[0] >= '1' && shape[0] <= '4' &&
                    shape[1] == 'x' && shape[2] >= '1' && shape[2] <= '4');
    if (!isShape)
      continue;
    return replaceWithMacro(place->file, keywordEnd - 8, end - 1, "$u",
                            (unsignedName + shape).str(), text);
  }
  return false;
}

bool SourceRewrites::recordInterpolationModifier(
    const clang::Diagnostic &info) {
  // `centroid float2 uv : TEXCOORD`: declaration modifiers Clang 22 does
  // not know (`linear`, `centroid`, `sample`, `globallycoherent`; the prelude
  // makes `nointerpolation` and `noperspective`, which are no common names,
  // annotations itself). The keyword becomes a macro `$qN` that expands to
  // the annotation the importer reads. `center` is DXC's name for the
  // default (linear, pixel-centre) interpolation and `precise` asks for IEEE
  // arithmetic, which the module's `hlsl.precise` gives the whole shader:
  // they become spaces. So do
  // a geometry shader's primitive types on its input (`triangle float4
  // p[3]`), in a file compiled for another stage (geometry shaders are not
  // supported yet: their entry points say so), and a mesh shader's output
  // kinds (`out indices uint3 tris[N]`; mesh shaders have no outputs yet:
  // SetMeshOutputCounts says so). Before a user type (`triangle S s[3]`)
  // Clang takes the keyword for the type and misses a `)` at the type.
  bool beforeError = info.getID() == clang::diag::err_expected;
  if (info.getID() != clang::diag::err_unknown_typename &&
      info.getID() != clang::diag::err_unknown_typename_suggest && !beforeError)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  if (beforeError) {
    size_t end = place->offset;
    while (end > 0 && llvm::isSpace(place->text[end - 1]))
      --end;
    size_t start = end;
    while (start > 0 && isIdentifierChar(place->text[start - 1]))
      --start;
    if (start == end || !isIdentifierChar(place->text[place->offset]))
      return false;
    place->offset = start;
  }
  llvm::StringRef keyword = place->word();
  bool primitive =
      llvm::is_contained({"point", "line", "triangle", "lineadj", "triangleadj",
                          "indices", "vertices", "primitives", "payload"},
                         keyword);
  if (keyword != "center" && keyword != "linear" && keyword != "centroid" &&
      keyword != "sample" && keyword != "precise" &&
      keyword != "globallycoherent" && !primitive)
    return false;
  llvm::StringRef after =
      place->text.drop_front(place->offset + keyword.size());
  // A whole word, followed by the type it modifies.
  llvm::StringRef type = after.ltrim();
  if (after.empty() || isIdentifierChar(after.front()) || type.empty() ||
      !isIdentifierChar(type.front()))
    return false;
  if (keyword == "center" || primitive) {
    auto &fileEdits = edits[place->file];
    for (size_t i = 0; i < keyword.size(); ++i)
      fileEdits[place->offset + i] = ' ';
    ++constructs;
    return true;
  }
  return replaceWithMacro(
      place->file, place->offset, place->offset + keyword.size() - 1, "$q",
      ("__attribute__((annotate(\"hlsl." + keyword + "\")))").str());
}

bool SourceRewrites::recordMipsOrSampleAccess(const clang::Diagnostic &info) {
  // `t.mips[level][pos]` of a texture and `t.sample[index][pos]` of a
  // multisampled one (Clang 22's textures have neither): `mips[..][..]`
  // becomes a macro expanding to `Load(__hlsl_mips_coord(pos, level))` (the
  // location with the level appended) or `Load(pos, index)`
  // (`__hlsl_sample_ref(pos, index)`, an lvalue, for RWTexture2DMS*).
  if (info.getID() != clang::diag::err_no_member)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  size_t at = place->offset;
  llvm::StringRef name = place->word();
  if (name != "mips" && name != "sample")
    return false;
  // The `.` before the name.
  size_t dot = at;
  while (dot > 0 && llvm::isSpace(text[dot - 1]))
    --dot;
  if (dot == 0 || text[dot - 1] != '.')
    return false;
  --dot;
  // Two bracketed subscripts after it.
  size_t next = at + name.size();
  llvm::StringRef subscripts[2];
  for (llvm::StringRef &subscript : subscripts) {
    while (next < text.size() && llvm::isSpace(text[next]))
      ++next;
    if (next >= text.size() || text[next] != '[')
      return false;
    std::optional<size_t> close = findClosingBracket(text, next, ";{");
    if (!close)
      return false;
    subscript = text.slice(next + 1, *close).trim();
    next = *close + 1;
  }
  // (The `.` stays: a macro name right after the object would continue
  // its name.)
  // A writable multisampled texture's sample is an lvalue.
  bool writable = false;
  if (info.getNumArgs() > 1 &&
      info.getArgKind(1) == clang::DiagnosticsEngine::ak_declcontext)
    if (const auto *record = llvm::dyn_cast_or_null<clang::CXXRecordDecl>(
            reinterpret_cast<clang::DeclContext *>(info.getRawArg(1))))
      writable = record->getName().starts_with("RWTexture2DMS");
  std::string load = name == "mips"
                         ? ("Load(__hlsl_mips_coord((" + subscripts[1] +
                            "), (" + subscripts[0] + ")))")
                               .str()
                         : ((writable ? "__hlsl_sample_ref((" : "Load((") +
                            subscripts[1] + "), (" + subscripts[0] + "))")
                               .str();
  return replaceWithMacro(place->file, at, next - 1, "$m", load, text);
}

bool SourceRewrites::recordFloatSwitch(const clang::Diagnostic &info) {
  // `switch (f)` on a float: DXC converts the value to int; Clang requires
  // an integer. `switch (expr)` becomes a macro of the same length that
  // expands to `switch ((int)(expr))`.
  if (info.getID() != clang::diag::err_typecheck_statement_requires_integer)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  // The error is at `switch`; the condition is in the parentheses after.
  size_t keyword = place->offset;
  if (!text.substr(keyword).starts_with("switch"))
    return false;
  size_t open = keyword + 6;
  while (open < text.size() && llvm::isSpace(text[open]))
    ++open;
  if (open >= text.size() || text[open] != '(')
    return false;
  std::optional<size_t> close = findClosingBracket(text, open, ";{");
  if (!close)
    return false;
  return replaceWithMacro(
      place->file, keyword, *close, "$w",
      ("switch ((int)(" + text.slice(open + 1, *close).trim() + "))").str(),
      text);
}

bool SourceRewrites::recordFloatSubscript(const clang::Diagnostic &info) {
  // HLSL converts a floating-point subscript to uint (`a[floor(x)]`); Clang
  // requires an integer. `[expr]` becomes a macro of the same length that
  // expands to `[(uint)(expr)]`.
  if (info.getID() != clang::diag::err_typecheck_subscript_not_integer &&
      info.getID() != clang::diag::err_matrix_index_not_integer)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  // The diagnostic is at the `[` (arrays) or at the index (matrices).
  size_t open = place->offset;
  while (open > 0 && text[open] != '[' &&
         (open == place->offset || llvm::isSpace(text[open])))
    --open;
  if (open >= text.size() || text[open] != '[')
    return false;
  std::optional<size_t> found = findClosingBracket(text, open, "\n;$");
  if (!found)
    return false;
  size_t close = *found;
  // A name right before the `[` (`t[i]`) goes into the macro too: `$` is
  // an identifier character, so `t$i0` would lex as one name.
  size_t start = open;
  while (start > 0 && isIdentifierChar(text[start - 1]))
    --start;
  return replaceWithMacro(place->file, start, close, "$i",
                          (text.slice(start, open) + "[(uint)(" +
                           text.slice(open + 1, close).trim() + ")]")
                              .str());
}

bool SourceRewrites::recordMatrixMember(const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_typecheck_member_reference_struct_union)
    return false;
  clang::QualType base = getTypeArg(info, 0);
  if (base.isNull() || !base.getCanonicalType()->isConstantMatrixType())
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || place->offset >= place->text.size() ||
      place->text[place->offset] != '.')
    return false;
  llvm::StringRef text = place->text;
  unsigned offset = place->offset;
  size_t nameOffset = offset + 1;
  while (nameOffset < text.size() &&
         (text[nameOffset] == ' ' || text[nameOffset] == '\t'))
    ++nameOffset;
  llvm::StringRef name =
      text.drop_front(nameOffset).take_while(isIdentifierChar);
  std::optional<std::string> expansion =
      getMatrixMemberExpansion(name, base.getCanonicalType()
                                         ->castAs<clang::ConstantMatrixType>()
                                         ->getNumColumns());
  if (!expansion)
    return false;
  auto &fileEdits = edits[place->file];
  fileEdits[offset] = ' ';
  fileEdits[nameOffset] = '$';
  std::string macroName = ("$" + name.drop_front()).str();
  // A member across rows selects from a row of the matrix's width: its
  // macro is one per width, named by the member's second `_`
  // (`$m00Bm11` on a matrix of two columns).
  size_t second = name.find('_', 1);
  if (llvm::StringRef(*expansion).starts_with("[__hlsl_matrix_elements") &&
      second != llvm::StringRef::npos) {
    char width = 'A' +
                 base.getCanonicalType()
                     ->castAs<clang::ConstantMatrixType>()
                     ->getNumColumns() -
                 1;
    fileEdits[nameOffset + second] = width;
    macroName[second] = width;
  }
  // (Otherwise one macro per member name; should two matrices still share
  // a name with different expansions, both get the readable-only form.)
  std::string &macro = macros[macroName];
  macro = macro.empty() || macro == *expansion
              ? *expansion
              : *getMatrixMemberExpansion(name, /*columns=*/0);
  ++constructs;
  return true;
}

/// `void f(groupshared uint s[4])` (HLSL 202x): the parameter is the
/// caller's groupshared variable itself, not a copy; Clang 22 refuses an
/// address space on a parameter. `groupshared` becomes a macro for `inout`
/// with an annotation: the importer passes the argument's groupshared
/// address instead of a temporary.
bool SourceRewrites::recordGroupSharedParameter(const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_arg_with_address_space)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  // The keyword is in the parameter before its name: after the `(` or `,`
  // that starts it.
  size_t start = place->offset;
  while (start > 0 && text[start - 1] != '(' && text[start - 1] != ',')
    --start;
  llvm::StringRef parameter = text.slice(start, place->offset);
  size_t keyword = parameter.find("groupshared");
  if (keyword == llvm::StringRef::npos ||
      !isWordAt(parameter, keyword, "groupshared"))
    return false;
  size_t first = start + keyword;
  return replaceWithMacro(
      place->file, first, first + 10, "$g",
      "inout __attribute__((annotate(\"hlsl.groupshared_parameter\")))", text);
}

bool SourceRewrites::recordGroupShared(const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_ovl_no_viable_function_in_init)
    return false;
  clang::QualType type = getTypeArg(info, 0);
  if (type.isNull())
    return false;
  // The address space qualifies the array or its elements.
  clang::QualType element = type.getCanonicalType();
  bool groupShared = false;
  while (true) {
    groupShared |= element.getAddressSpace() == clang::LangAS::hlsl_groupshared;
    const auto *array = llvm::dyn_cast<clang::ArrayType>(element);
    if (!array)
      break;
    element = array->getElementType().getCanonicalType();
  }
  if (!groupShared || !element->isRecordType())
    return false;
  // The error is at the variable's name; `groupshared` precedes it in the
  // same declaration.
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  unsigned offset = place->offset;
  // The declaration starts after the previous `;`, `{` or `}` outside
  // braces (`groupshared struct { ... } x[4];` declares its struct).
  size_t start = offset;
  for (unsigned depth = 0; start > 0; --start) {
    char c = text[start - 1];
    if (c == '}')
      ++depth;
    else if (c == '{' && depth > 0)
      --depth;
    else if ((c == '{' || c == ';') && depth == 0)
      break;
  }
  llvm::StringRef declaration = text.slice(start, offset);
  constexpr llvm::StringLiteral keyword = "groupshared";
  std::optional<size_t> found;
  for (size_t at = declaration.find(keyword); at != llvm::StringRef::npos;
       at = declaration.find(keyword, at + 1)) {
    size_t end = at + keyword.size();
    if ((at == 0 || !isIdentifierChar(declaration[at - 1])) &&
        (end == declaration.size() || !isIdentifierChar(declaration[end])))
      found = at;
  }
  if (!found)
    return false;
  // An unnamed struct has no linkage: `extern` cannot declare it. It gets a
  // name first (`struct` becomes a macro that expands to `struct` and a
  // name); the next run declares it `extern`.
  if (element->getAsRecordDecl()->getIdentifier() == nullptr) {
    size_t keywordAt = declaration.find("struct", *found);
    if (keywordAt == llvm::StringRef::npos || keywordAt < *found ||
        (keywordAt > 0 && isIdentifierChar(declaration[keywordAt - 1])) ||
        (keywordAt + 6 < declaration.size() &&
         isIdentifierChar(declaration[keywordAt + 6])))
      return false;
    std::string name = "__hlsl_mlir_anonymous_" + std::to_string(macros.size());
    return replaceWithMacro(place->file, start + keywordAt,
                            start + keywordAt + 5, "$s", "struct " + name,
                            text);
  }
  edits[place->file][start + *found] = '$';
  macros["$roupshared"] = "extern groupshared";
  ++constructs;
  return true;
}

std::vector<std::string> SourceRewrites::files() const {
  std::vector<std::string> names;
  for (const auto &[file, fileEdits] : edits)
    names.push_back(file);
  return names;
}

std::string SourceRewrites::rewrite(llvm::StringRef file,
                                    llvm::StringRef text) const {
  std::string result = text.str();
  auto it = edits.find(file.str());
  if (it == edits.end())
    return result;
  for (auto [offset, replacement] : it->second)
    if (offset < result.size())
      result[offset] = replacement;
  return result;
}

std::string mlir::hlsl::unbraceScalarInitializers(llvm::StringRef text) {
  static const llvm::StringSet<> scalarTypes = {
      "bool",     "int",       "uint",       "dword",      "half",
      "float",    "double",    "min16float", "min10float", "min16int",
      "min12int", "min16uint", "int16_t",    "uint16_t",   "int32_t",
      "uint32_t", "int64_t",   "uint64_t",   "float16_t",  "float32_t",
      "float64_t"};
  if (text.find('{') == llvm::StringRef::npos)
    return text.str();
  std::vector<clang::Token> tokens = lexRawTokens(text);
  std::string result = text.str();
  auto spelling = [&](const clang::Token &token) {
    return getRawSpelling(text, token);
  };
  for (size_t i = 0; i + 4 < tokens.size(); ++i) {
    // type name = { ... } with no comma at the top level of the braces.
    if (tokens[i].isNot(clang::tok::raw_identifier) ||
        !scalarTypes.contains(spelling(tokens[i])) ||
        tokens[i + 1].isNot(clang::tok::raw_identifier) ||
        tokens[i + 2].isNot(clang::tok::equal) ||
        tokens[i + 3].isNot(clang::tok::l_brace))
      continue;
    size_t close = i + 4;
    unsigned depth = 0;
    bool single = true;
    // `{ 7, }`: a trailing comma goes with the braces.
    std::optional<size_t> trailingComma;
    for (; close < tokens.size(); ++close) {
      clang::tok::TokenKind kind = tokens[close].getKind();
      if (kind == clang::tok::l_brace || kind == clang::tok::l_paren ||
          kind == clang::tok::l_square)
        ++depth;
      else if ((kind == clang::tok::r_brace && depth == 0))
        break;
      else if (kind == clang::tok::r_brace || kind == clang::tok::r_paren ||
               kind == clang::tok::r_square)
        --depth;
      else if (kind == clang::tok::comma && depth == 0 && !trailingComma &&
               close + 1 < tokens.size() &&
               tokens[close + 1].is(clang::tok::r_brace))
        trailingComma = close;
      else if ((kind == clang::tok::comma || kind == clang::tok::semi) &&
               depth == 0)
        single = false;
    }
    if (close == tokens.size() || !single || close == i + 4 ||
        (trailingComma && *trailingComma == i + 4))
      continue;
    result[tokens[i + 3].getLocation().getRawEncoding()] = ' ';
    result[tokens[close].getLocation().getRawEncoding()] = ' ';
    if (trailingComma)
      result[tokens[*trailingComma].getLocation().getRawEncoding()] = ' ';
    i = close;
  }
  return result;
}

std::string mlir::hlsl::blankOtherStageAttributes(llvm::StringRef text,
                                                  llvm::StringRef stage) {
  if (!text.contains("shader"))
    return text.str();
  std::vector<clang::Token> tokens = lexRawTokens(text);
  auto spelling = [&](const clang::Token &token) {
    return getRawSpelling(text, token);
  };
  std::string result = text.str();
  // [ shader ( "stage" ) ]
  for (size_t i = 0; i + 5 < tokens.size(); ++i) {
    if (tokens[i].isNot(clang::tok::l_square) ||
        tokens[i + 1].isNot(clang::tok::raw_identifier) ||
        spelling(tokens[i + 1]) != "shader" ||
        tokens[i + 2].isNot(clang::tok::l_paren) ||
        tokens[i + 3].isNot(clang::tok::string_literal) ||
        tokens[i + 4].isNot(clang::tok::r_paren) ||
        tokens[i + 5].isNot(clang::tok::r_square))
      continue;
    if (spelling(tokens[i + 3]).trim('"').equals_insensitive(stage))
      continue;
    size_t begin = tokens[i].getLocation().getRawEncoding();
    size_t end = tokens[i + 5].getLocation().getRawEncoding() + 1;
    for (size_t k = begin; k < end; ++k)
      if (result[k] != '\n')
        result[k] = ' ';
    i += 5;
  }
  return result;
}

bool mlir::hlsl::boolElementsAsUint(std::string &text) {
  // DXC stores the bool elements of typed resources as 32-bit integers
  // (component type u32, loads compared with 0); Clang 22's typed buffers
  // refuse bool ("constraints not satisfied"). `Buffer<bool2>` becomes
  // `Buffer<uint2>`, the same length: the conversions between bool and uint
  // are the ones DXC makes on loads and stores.
  static const llvm::StringSet<> typedResources = {
      "Buffer",
      "RWBuffer",
      "Texture1D",
      "Texture1DArray",
      "Texture2D",
      "Texture2DArray",
      "Texture3D",
      "TextureCube",
      "TextureCubeArray",
      "Texture2DMS",
      "Texture2DMSArray",
      "RWTexture1D",
      "RWTexture1DArray",
      "RWTexture2D",
      "RWTexture2DArray",
      "RWTexture3D",
      "RWTexture2DMS",
      "RWTexture2DMSArray",
      "RasterizerOrderedBuffer",
      "RasterizerOrderedTexture1D",
      "RasterizerOrderedTexture1DArray",
      "RasterizerOrderedTexture2D",
      "RasterizerOrderedTexture2DArray",
      "RasterizerOrderedTexture3D"};
  if (text.find("bool") == std::string::npos)
    return false;
  std::vector<clang::Token> tokens = lexRawTokens(text);
  auto spelling = [&](size_t i) { return getRawSpelling(text, tokens[i]); };
  auto isBool = [&](size_t i) {
    llvm::StringRef name = spelling(i);
    return tokens[i].is(clang::tok::raw_identifier) &&
           (name == "bool" || (name.size() == 5 && name.starts_with("bool") &&
                               name[4] >= '1' && name[4] <= '4'));
  };
  bool changed = false;
  for (size_t i = 0; i + 3 < tokens.size(); ++i) {
    if (tokens[i].isNot(clang::tok::raw_identifier) ||
        !typedResources.contains(spelling(i)) ||
        tokens[i + 1].isNot(clang::tok::less))
      continue;
    // `<boolN>`, `<boolN, samples>` or `<vector<bool, N>>`.
    size_t element = i + 2;
    if (spelling(element) == "vector" && i + 5 < tokens.size() &&
        tokens[element + 1].is(clang::tok::less))
      element += 2;
    if (!isBool(element) ||
        !tokens[element + 1].isOneOf(clang::tok::greater, clang::tok::comma,
                                     clang::tok::greatergreater))
      continue;
    text.replace(tokens[element].getLocation().getRawEncoding(), 4, "uint");
    changed = true;
  }
  return changed;
}

bool mlir::hlsl::infinityLiterals(std::string &text) {
  bool changed = false;
  for (size_t at = text.find("#INF"); at != std::string::npos;
       at = text.find("#INF", at + 1)) {
    // Back over the number: digits, one period, digits.
    size_t start = at;
    while (start > 0 && llvm::isDigit(text[start - 1]))
      --start;
    if (start == 0 || text[start - 1] != '.')
      continue;
    --start;
    size_t integer = start;
    while (start > 0 && llvm::isDigit(text[start - 1]))
      --start;
    if (start == integer && integer + 1 == at)
      continue; // `.#INF`: no digits.
    if (start > 0 &&
        (isIdentifierChar(text[start - 1]) || text[start - 1] == '.'))
      continue;
    size_t end = at + strlen("#INF");
    if (end < text.size() && llvm::StringRef("fFhHlL").contains(text[end]))
      ++end;
    if (end < text.size() && isIdentifierChar(text[end]))
      continue;
    std::string spelling = "$INF";
    spelling.resize(end - start, ' ');
    text.replace(start, end - start, spelling);
    changed = true;
  }
  return changed;
}

bool mlir::hlsl::narrowLongIntegerLiterals(std::string &text) {
  // Lexed only when a digit is followed by a suffix with an L (most files
  // have none; the prelude comes through here too).
  bool candidate = false;
  for (size_t at = text.find_first_of("lL"); at != std::string::npos;
       at = text.find_first_of("lL", at + 1)) {
    // Back to the start of the word the L ends: a number starts with a
    // digit.
    size_t start = at;
    while (start > 0 &&
           (isIdentifierChar(text[start - 1]) || text[start - 1] == '.'))
      --start;
    if (llvm::isDigit(text[start])) {
      candidate = true;
      break;
    }
  }
  if (!candidate)
    return false;
  bool changed = false;
  std::vector<clang::Token> tokens = lexRawTokens(text);
  for (size_t i = 0; i < tokens.size(); ++i) {
    const clang::Token &token = tokens[i];
    if (token.isNot(clang::tok::numeric_constant))
      continue;
    // A literal that is a call's argument by itself (`f(2l)`) keeps its
    // value either way, and the overload ranking (DXCOverloadRanking.cpp)
    // reads its suffix: DXC takes `2l` for an int there.
    bool argument =
        i > 0 && i + 1 < tokens.size() &&
        tokens[i + 1].isOneOf(clang::tok::r_paren, clang::tok::comma) &&
        (tokens[i - 1].is(clang::tok::comma) ||
         (tokens[i - 1].is(clang::tok::l_paren) && i > 1 &&
          tokens[i - 2].isOneOf(clang::tok::raw_identifier,
                                clang::tok::greater)));
    if (argument)
      continue;
    size_t begin = token.getLocation().getRawEncoding();
    llvm::StringRef literal(text.data() + begin, token.getLength());
    bool hex = literal.starts_with_insensitive("0x");
    // Integers only: no fraction, no exponent (hex digits include e).
    if (literal.contains('.') ||
        (hex ? literal.find_first_of("pP") != llvm::StringRef::npos
             : literal.find_first_of("eE") != llvm::StringRef::npos))
      continue;
    size_t suffixLength = 0;
    while (suffixLength < literal.size() &&
           llvm::StringRef("uUlL").contains(
               literal[literal.size() - 1 - suffixLength]))
      ++suffixLength;
    llvm::StringRef suffix = literal.take_back(suffixLength);
    if (suffix.count('l') + suffix.count('L') != 1 ||
        suffixLength == literal.size())
      continue;
    std::string narrowed;
    for (char c : suffix)
      if (c != 'l' && c != 'L')
        narrowed += c;
    narrowed += ' ';
    text.replace(begin + literal.size() - suffixLength, suffixLength, narrowed);
    changed = true;
  }
  return changed;
}

bool mlir::hlsl::blankVulkanAttributes(std::string &text) {
  if (text.find("vk") == std::string::npos)
    return false;
  std::vector<clang::Token> tokens = lexRawTokens(text);
  auto spelling = [&](size_t i) { return getRawSpelling(text, tokens[i]); };
  auto offset = [&](size_t i) {
    return size_t(tokens[i].getLocation().getRawEncoding());
  };
  auto blank = [&](size_t first, size_t last) {
    size_t end = offset(last) + tokens[last].getLength();
    for (size_t k = offset(first); k < end; ++k)
      if (text[k] != '\n' && text[k] != '\r')
        text[k] = ' ';
  };
  bool changed = false;
  for (size_t i = 0; i + 1 < tokens.size(); ++i) {
    // [[ attribute, attribute(...), ... ]]
    if (tokens[i].isNot(clang::tok::l_square) ||
        tokens[i + 1].isNot(clang::tok::l_square))
      continue;
    size_t j = i + 2;
    size_t kept = 0;
    std::vector<std::pair<size_t, size_t>> vulkan;
    bool closed = false;
    while (j < tokens.size()) {
      if (tokens[j].is(clang::tok::r_square)) {
        closed =
            j + 1 < tokens.size() && tokens[j + 1].is(clang::tok::r_square);
        break;
      }
      // One attribute: up to a comma outside its parentheses.
      size_t first = j;
      int depth = 0;
      while (j < tokens.size() &&
             (depth > 0 || (tokens[j].isNot(clang::tok::comma) &&
                            tokens[j].isNot(clang::tok::r_square)))) {
        if (tokens[j].is(clang::tok::l_paren))
          ++depth;
        else if (tokens[j].is(clang::tok::r_paren))
          --depth;
        ++j;
      }
      bool isVulkan = j - first >= 3 &&
                      tokens[first].is(clang::tok::raw_identifier) &&
                      spelling(first) == "vk" &&
                      tokens[first + 1].is(clang::tok::coloncolon);
      if (isVulkan)
        vulkan.push_back({first, j - 1});
      else if (j != first) // (not an empty attribute)
        ++kept;
      if (j < tokens.size() && tokens[j].is(clang::tok::comma))
        ++j;
    }
    if (!closed || vulkan.empty())
      continue;
    // Only Vulkan's: the whole `[[...]]`; else those attributes (an empty
    // attribute between commas is allowed).
    if (!kept)
      blank(i, j + 1);
    else
      for (auto [first, last] : vulkan)
        blank(first, last);
    changed = true;
    i = j + 1;
  }
  return changed;
}

bool SourceRewrites::replaceExpression(const std::string &file,
                                       llvm::StringRef text, size_t first,
                                       size_t last, std::string expansion) {
  // A name like `g` is shorter than any macro: the macro takes in the
  // blanks around it, and what precedes it (`= g`, `(g`, `return g`), which
  // its expansion repeats.
  size_t nameSize = 2 + std::to_string(macros.size()).size();
  auto isBlank = [](char c) { return c == ' ' || c == '\t'; };
  auto isPunctuation = [](char c) {
    return llvm::StringRef("=+-*/%&|^<>!~?:.([{,").contains(c);
  };
  size_t start = first, end = last;
  for (unsigned step = 0; step < 4 && end - start + 1 < nameSize; ++step) {
    while (end - start + 1 < nameSize && end + 1 < text.size() &&
           isBlank(text[end + 1]))
      ++end;
    while (end - start + 1 < nameSize && start > 0 && isBlank(text[start - 1]))
      --start;
    if (end - start + 1 >= nameSize || start == 0)
      break;
    // A whole token: a name (`return`, a callee) or a run of punctuation
    // (`=`, `(`, `==`).
    if (isIdentifierChar(text[start - 1]))
      while (start > 0 && isIdentifierChar(text[start - 1]))
        --start;
    else if (isPunctuation(text[start - 1]))
      while (start > 0 && isPunctuation(text[start - 1]))
        --start;
    else
      break;
  }
  // The macro's name must not continue a name before it (`return$c1`).
  auto isNameChar = [](char c) { return isIdentifierChar(c) || c == '$'; };
  if (start < first)
    while (start > 0 && isNameChar(text[start - 1]))
      --start;
  return replaceWithMacro(file, start, end, "$c",
                          (text.slice(start, first) + expansion).str(), text);
}

bool SourceRewrites::replaceInMacroBody(const MacroBodySpan &span,
                                        std::string expansion) {
  auto found = macros.find(span.macro);
  if (found == macros.end() || found->second != span.body ||
      !macroBodiesOfRun.insert(span.macro).second)
    return false;
  std::string &body = found->second;
  body = body.substr(0, span.first) + joinLines(expansion) +
         body.substr(span.last + 1);
  ++constructs;
  return true;
}

/// The start of the condition of the conditional whose `?` is at
/// `question`: after the nearest `=` (an assignment), `,`, `?`, `:`, `;`,
/// opening bracket or `return` outside brackets before it (everything else
/// binds tighter than `?:`).
static std::optional<size_t> findConditionStart(llvm::StringRef text,
                                                size_t question) {
  int depth = 0;
  size_t i = question;
  while (i > 0) {
    char c = text[i - 1];
    if (c == ')' || c == ']')
      ++depth;
    else if (c == '(' || c == '[' || c == '{') {
      if (depth-- == 0)
        break;
    } else if (depth == 0) {
      if (c == ',' || c == ';' || c == '?' || c == ':' || c == '}')
        break;
      if (c == '=' && i >= 2 &&
          !llvm::StringRef("=!<>").contains(text[i - 2]) &&
          (i >= text.size() || text[i] != '='))
        break;
      if (isIdentifierChar(c)) {
        size_t start = i - 1;
        while (start > 0 && isIdentifierChar(text[start - 1]))
          --start;
        if (text.slice(start, i) == "return")
          break;
        i = start + 1;
      }
    }
    --i;
  }
  while (i < question && llvm::isSpace(text[i]))
    ++i;
  if (i >= question)
    return std::nullopt;
  return i;
}

void SourceRewrites::recordNote(const clang::Diagnostic &info) {
  if (info.getID() == clang::diag::note_ovl_candidate_bad_conv_incomplete) {
    (void)recordUnsizedResourceArrayParameter(info);
    return;
  }
  if (!pending)
    return;
  if (pending->needsStructArgument) {
    // note_ovl_candidate_bad_conv: from (3), to (4), argument (5 = 0) and
    // its ordinal (6).
    if (info.getID() != clang::diag::note_ovl_candidate_bad_conv ||
        info.getNumArgs() < 7 ||
        info.getArgKind(6) != clang::DiagnosticsEngine::ak_uint ||
        info.getRawArg(5) != 0)
      return;
    clang::QualType from = getTypeArg(info, 3);
    clang::QualType to = getTypeArg(info, 4);
    if (to.isNull() ||
        (!isImplicitStructConversion(from, to.getNonReferenceType()) &&
         !isImplicitShapeConversion(from, to.getNonReferenceType())))
      return;
    std::optional<std::string> spelled = spellType(to.getNonReferenceType());
    // An array type by its typedef's name (`A1` for `int[1]`), else as
    // `__hlsl_array_of<T, N>::type`.
    if (!spelled)
      spelled = spellArrayType(to.getNonReferenceType());
    std::optional<std::pair<size_t, size_t>> argument = findArgument(
        pending->text, pending->first, unsigned(info.getRawArg(6)) - 1);
    PendingConversion call = std::move(*pending);
    pending.reset();
    if (!spelled || !argument)
      return;
    std::string text =
        call.text.slice(argument->first, argument->second + 1).str();
    // A one-element vector or matrix to a wider value (a splat): through
    // its scalar, as Clang casts no `int1x1` to an `int2`.
    clang::QualType target = to.getNonReferenceType();
    if (hasOneElement(from) && !hasOneElement(target) &&
        !target->isScalarType()) {
      clang::QualType scalar =
          from->isExtVectorType()
              ? from->getAs<clang::ExtVectorType>()->getElementType()
              : from->getAs<clang::ConstantMatrixType>()->getElementType();
      if (std::optional<std::string> element = spellType(scalar))
        text = "((" + *element + ")(" + text + "))";
    }
    replaceExpression(call.file, call.text, argument->first, argument->second,
                      "((" + *spelled + ")(" + text + "))");
    return;
  }
  if (pending->needsConstThis) {
    // A const object, or one in an address space (a static const global is
    // hlsl_private): the copy is neither.
    bool applies =
        info.getID() == clang::diag::note_ovl_candidate_bad_addrspace_this;
    if (info.getID() == clang::diag::note_ovl_candidate_bad_cvr_this)
      for (unsigned i = 0; i < info.getNumArgs() && !applies; ++i)
        if (info.getArgKind(i) == clang::DiagnosticsEngine::ak_qualtype)
          applies = isConstObject(getTypeArg(info, i));
    if (!applies)
      return;
    PendingConversion call = std::move(*pending);
    pending.reset();
    replaceExpression(call.file, call.text, call.first, call.last,
                      std::move(call.expansion));
    return;
  }
  if (pending->needsUserCandidate) {
    if (info.getID() != clang::diag::note_ovl_candidate ||
        !info.hasSourceManager() || !info.getLocation().isValid())
      return;
    const clang::SourceManager &sources = info.getSourceManager();
    if (sources.getFilename(sources.getExpansionLoc(info.getLocation()))
            .ends_with("hlsl_prelude.h"))
      pending->sawIntrinsic = true;
    else
      pending->sawUserFunction = true;
    if (!pending->sawIntrinsic || !pending->sawUserFunction)
      return;
    PendingConversion call = std::move(*pending);
    pending.reset();
    replaceExpression(call.file, call.text, call.first, call.last,
                      std::move(call.expansion));
    return;
  }
  bool applies = false;
  if (info.getID() == clang::diag::note_ovl_candidate_bad_addrspace) {
    applies = true;
  } else if (info.getID() == clang::diag::note_ovl_candidate_bad_conv) {
    // The first two types the note names: from and to.
    llvm::SmallVector<clang::QualType, 2> types;
    for (unsigned i = 0; i < info.getNumArgs() && types.size() < 2; ++i)
      if (info.getArgKind(i) == clang::DiagnosticsEngine::ak_qualtype)
        types.push_back(getTypeArg(info, i));
    applies =
        types.size() == 2 &&
        isImplicitStructConversion(types[0], types[1].getNonReferenceType());
  } else {
    return;
  }
  PendingConversion conversion = std::move(*pending);
  pending.reset();
  if (applies)
    replaceExpression(conversion.file, conversion.text, conversion.first,
                      conversion.last, std::move(conversion.expansion));
}

bool SourceRewrites::recordMatrixOperator(const clang::Diagnostic &info) {
  namespace diag = clang::diag;
  unsigned id = info.getID();
  if (id == diag::err_hlsl_langstd_unimplemented && !hlsl2021)
    return recordLogicalBefore2021(info);
  if (id != diag::err_typecheck_invalid_operands &&
      id != diag::err_typecheck_unary_expr &&
      id != diag::err_typecheck_illegal_increment_decrement)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;

  if (id == diag::err_typecheck_invalid_operands) {
    // `a % b`, `a %= b` with a matrix operand.
    if (!isMatrixOrVector(getTypeArg(info, 0), false) &&
        !isMatrixOrVector(getTypeArg(info, 1), false))
      return false;
    std::optional<std::pair<size_t, size_t>> lhs =
        getExpressionSpan(info, 0, *place);
    std::optional<std::pair<size_t, size_t>> rhs =
        getExpressionSpan(info, 1, *place);
    if (!lhs || !rhs || lhs->second >= rhs->first)
      return false;
    llvm::StringRef spelled = text.slice(lhs->second + 1, rhs->first).trim();
    static const llvm::StringMap<llvm::StringRef> names = {
        {"+", "add"},   {"-", "sub"},  {"*", "mul"}, {"/", "div"},
        {"%", "rem"},   {"&", "and"},  {"|", "or"},  {"^", "xor"},
        {"<<", "shl"},  {">>", "shr"}, {"<", "lt"},  {">", "gt"},
        {"<=", "le"},   {">=", "ge"},  {"==", "eq"}, {"!=", "ne"},
        {"&&", "land"}, {"||", "lor"}};
    bool compound = spelled.size() >= 2 && spelled.ends_with("=") &&
                    spelled != "==" && spelled != "<=" && spelled != ">=" &&
                    spelled != "!=";
    auto name = names.find(compound ? spelled.drop_back() : spelled);
    // HLSL 2021 takes `&&` and `||` on scalars only (and(), or()); before,
    // Clang 22 refuses them on vectors and matrices at the operator ("HLSL
    // language version 2018 is incomplete"), so only matrix comparisons'
    // results reach here then.
    if (name == names.end() ||
        (hlsl2021 && (name->second == "land" || name->second == "lor")))
      return false;
    llvm::StringRef lhsText = text.slice(lhs->first, lhs->second + 1);
    llvm::StringRef rhsText = text.slice(rhs->first, rhs->second + 1);
    std::string call = ("__hlsl_operator_" + name->second + "(" + lhsText +
                        ", " + rhsText + ")")
                           .str();
    return replaceExpression(place->file, text, lhs->first, rhs->second,
                             compound ? (lhsText + " = " + call).str()
                                      : "(" + call + ")");
  }

  // Unary operators: the error is at the operator, the range the operand.
  clang::QualType type = getTypeArg(info, 0);
  bool increment = id == diag::err_typecheck_illegal_increment_decrement;
  if (!isMatrixOrVector(type, /*orVector=*/increment))
    return false;
  std::optional<std::pair<size_t, size_t>> operand =
      getExpressionSpan(info, 0, *place);
  if (!operand)
    return false;
  size_t at = place->offset;
  llvm::StringRef operandText = text.slice(operand->first, operand->second + 1);
  if (increment) {
    llvm::StringRef spelled = text.substr(at, 2);
    if (spelled != "++" && spelled != "--")
      return false;
    bool prefix = at < operand->first;
    // `++m` is `m += 1`, an lvalue that can be incremented again
    // (`--(++m)`); `m++` yields the old value.
    std::string call =
        prefix ? ("((" + operandText + ") " + (spelled == "++" ? "+" : "-") +
                  "= 1)")
                     .str()
               : (llvm::Twine("__hlsl_operator_post_") +
                  (spelled == "++" ? "inc" : "dec") + "(" + operandText + ")")
                     .str();
    return prefix
               ? replaceExpression(place->file, text, at, operand->second, call)
               : replaceExpression(place->file, text, operand->first, at + 1,
                                   call);
  }
  static const llvm::StringMap<llvm::StringRef> unary = {
      {"-", "neg"}, {"+", "pos"}, {"~", "bitnot"}, {"!", "not"}};
  auto name = unary.find(text.substr(at, 1));
  // The range is the operand, or the whole expression with the operator.
  if (name != unary.end() && operand->first == at) {
    operand->first = at + 1;
    while (operand->first < operand->second &&
           llvm::isSpace(text[operand->first]))
      ++operand->first;
    operandText = text.slice(operand->first, operand->second + 1);
  }
  if (name == unary.end() || at >= operand->first)
    return false;
  return replaceExpression(
      place->file, text, at, operand->second,
      ("__hlsl_operator_" + name->second + "(" + operandText + ")").str());
}

bool SourceRewrites::recordAmbiguousReference(const clang::Diagnostic &info) {
  // A global the shader declares with an intrinsic's name (`float clamp;`,
  // `float2 ddx;`): DXC's intrinsics give way to it, but to Clang the
  // prelude's `using namespace hlsl` makes the name ambiguous. `clamp`
  // becomes `::clamp`, which finds the global only.
  if (info.getID() != clang::diag::err_ambiguous_reference)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  size_t at = place->offset;
  llvm::StringRef name = getUnqualifiedName(text, at);
  if (name.empty())
    return false;
  return replaceExpression(place->file, text, at, at + name.size() - 1,
                           ("::" + name).str());
}

bool SourceRewrites::recordNormModifier(const clang::Diagnostic &info) {
  // `snorm float4`, `Texture2D<unorm float4>`: Clang 22 knows no snorm or
  // unorm ("unknown type name 'snorm'", or in a template argument "use of
  // undeclared identifier 'snorm'"). The modifier and the float type
  // become `$nN`, which expands to the prelude's typedef
  // `__hlsl_norm::__hlsl_snorm_float4`: the same type, recognizably
  // written.
  // (With a name like it in scope Clang suggests that one: "use of
  // undeclared identifier 'unorm'; did you mean 'qnorm'?".)
  if (!llvm::is_contained({clang::diag::err_unknown_typename,
                           clang::diag::err_unknown_typename_suggest,
                           clang::diag::err_undeclared_var_use,
                           clang::diag::err_undeclared_var_use_suggest},
                          info.getID()))
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  llvm::StringRef keyword = place->word();
  if (keyword != "snorm" && keyword != "unorm")
    return false;
  size_t typeStart = place->offset + keyword.size();
  while (typeStart < text.size() && llvm::isSpace(text[typeStart]))
    ++typeStart;
  if (typeStart == place->offset + keyword.size())
    return false;
  llvm::StringRef type =
      text.drop_front(typeStart).take_while(isIdentifierChar);
  if (type.empty() || llvm::isDigit(type.front()))
    return false;
  // A scalar, vector (`float4`) or matrix (`float2x3`) type name.
  llvm::StringRef base = type;
  if (base.size() > 3 && base.take_back(3)[1] == 'x' &&
      llvm::StringRef("1234").contains(base.back()) &&
      llvm::StringRef("1234").contains(base.take_back(3)[0]))
    base = base.drop_back(3);
  else if (llvm::StringRef("1234").contains(base.back()))
    base = base.drop_back();
  // Another type name (a typedef, `unorm FfxFloat32x2`): the prelude's
  // `__hlsl_unorm_of<T>` names it (the declaration checks refuse a type
  // that is not of floats).
  bool floatTypeName =
      llvm::is_contained({"half", "float", "double", "float32_t", "float64_t",
                          "float16_t", "min16float", "min10float"},
                         base);
  std::string prefix = ("__hlsl_norm::__hlsl_" + keyword).str();
  return replaceWithMacro(
      place->file, place->offset, typeStart + type.size() - 1, "$n",
      floatTypeName ? prefix + "_" + type.str()
                    : prefix + "_of<" + type.str() + ">::__hlsl_" +
                          keyword.str() + "_type");
}

bool SourceRewrites::recordMatrixConditional(const clang::Diagnostic &info) {
  // `c ? a : b` with matrices (element-wise in DXC; Clang 22 allows vector
  // conditionals only: "incompatible operand types"): the whole
  // conditional becomes `$cN`, which expands to the call
  // `(__hlsl_operator_select(c, a, b))` of a prelude template.
  // (HLSL 2021 takes scalar conditions only, select() being the
  // element-wise form.)
  // With arms of one type Clang instead converts a matrix condition to its
  // first element, with a warning at the condition.
  if (hlsl2021)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || place->offset >= place->text.size())
    return false;
  llvm::StringRef text = place->text;
  size_t question = place->offset;
  if (info.getID() == clang::diag::err_typecheck_cond_incompatible_operands) {
    if (!isMatrixOrVector(getTypeArg(info, 0), false) &&
        !isMatrixOrVector(getTypeArg(info, 1), false))
      return false;
  } else if (info.getID() == clang::diag::warn_impcast_matrix_scalar) {
    // The `?` that follows the converted expression (which may be inside
    // the condition's parentheses).
    int depth = 0;
    for (; question < text.size(); ++question) {
      char c = text[question];
      if (c == '(' || c == '[')
        ++depth;
      else if (c == ')' || c == ']')
        --depth;
      else if (c == ';' || c == '{' || c == '}' || c == ':' ||
               (c == ',' && depth <= 0))
        return false;
      else if (c == '?' && depth <= 0)
        break;
    }
    if (question >= text.size())
      return false;
    std::optional<size_t> start = findConditionStart(text, question);
    if (!start || *start > place->offset)
      return false;
  } else {
    return false;
  }
  if (text[question] != '?')
    return false;
  std::optional<std::array<size_t, 4>> arms =
      findConditionalArms(text, question);
  std::optional<size_t> start = findConditionStart(text, question);
  if (!arms || !start)
    return false;
  llvm::StringRef condition = text.slice(*start, question).rtrim();
  std::string call = ("(__hlsl_operator_select(" + condition + ", " +
                      text.slice((*arms)[0], (*arms)[1] + 1) + ", " +
                      text.slice((*arms)[2], (*arms)[3] + 1) + "))")
                         .str();
  // A conditional in an arm must be rewritten first (once in the macro's
  // expansion, it could not be): this one waits for the end of the run,
  // when it applies unless a rewrite inside it was recorded.
  if (text.slice(question + 1, (*arms)[3] + 1).contains('?')) {
    deferExpression(place->file, text, *start, (*arms)[3], std::move(call));
    return true;
  }
  return replaceExpression(place->file, text, *start, (*arms)[3],
                           std::move(call));
}

void SourceRewrites::finishRun() {
  for (DeferredExpression &rewrite : deferred)
    (void)replaceExpression(rewrite.file, deferredTexts[rewrite.file],
                            rewrite.first, rewrite.last,
                            std::move(rewrite.expansion));
  deferred.clear();
  deferredTexts.clear();
}

bool SourceRewrites::recordStructOutParameter(const clang::Diagnostic &info) {
  // `void main(..., out VSOut o)`: the fields of an out struct carry the
  // semantics, but Clang 22 wants one on the parameter ("semantic
  // annotations must be present for all parameters"). The name becomes
  // `$cN`, which expands to `o : __hlsl_mlir_fieldsN_`, a semantic that
  // tells the importer to take the fields' own (one name per parameter:
  // Clang refuses overlapping semantics).
  if (info.getID() != clang::diag::err_hlsl_missing_semantic_annotation)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  size_t at = place->offset;
  llvm::StringRef name = place->word();
  if (name.empty())
    return false;
  // An array of structs (`Foo f[2]`) likewise, in or out: the dimensions
  // stay with the name.
  size_t end = at + name.size();
  bool isArray = false;
  while (true) {
    size_t open = end;
    while (open < text.size() && (text[open] == ' ' || text[open] == '\t'))
      ++open;
    if (open >= text.size() || text[open] != '[')
      break;
    size_t close = text.find(']', open);
    if (close == llvm::StringRef::npos ||
        text.slice(open, close).contains('\n'))
      return false;
    end = close + 1;
    isArray = true;
  }
  llvm::StringRef after = text.drop_front(end).ltrim();
  if (after.empty() || (after.front() != ',' && after.front() != ')'))
    return false;
  // Only out and inout parameters and arrays (Clang accepts an input
  // struct's fields' semantics).
  size_t start = text.substr(0, at).find_last_of(",(");
  if (start == llvm::StringRef::npos)
    return false;
  llvm::SmallVector<llvm::StringRef> words;
  text.slice(start + 1, at).split(words, ' ', -1, /*KeepEmpty=*/false);
  if (!isArray && !llvm::any_of(words, [](llvm::StringRef word) {
        word = word.trim();
        return word == "out" || word == "inout";
      }))
    return false;
  return replaceExpression(place->file, text, at, end - 1,
                           (text.slice(at, end) + " : __hlsl_mlir_fields" +
                            std::to_string(macros.size()) + "_")
                               .str());
}

bool SourceRewrites::recordLogicalBefore2021(const clang::Diagnostic &info) {
  // Before HLSL 2021, `&&` and `||` on vectors and matrices are
  // element-wise; Clang 22 knows only 2021's scalar rule and reports
  // "support for HLSL language version 2018 is incomplete" at the left
  // operand. The operands are found in the text: the left one up to the
  // operator, the right one up to the end of the expression or the next
  // `&&`/`||` (both associate to the left).
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  size_t first = place->offset;
  auto scan = [&](size_t from, bool stopAtLogical) -> size_t {
    int depth = 0;
    for (size_t i = from; i < text.size(); ++i) {
      size_t after = skipComment(text, i);
      if (after != i) {
        i = after - 1;
        continue;
      }
      char c = text[i];
      if (c == '(' || c == '[' || c == '{')
        ++depth;
      else if (c == ')' || c == ']' || c == '}') {
        if (depth-- == 0)
          return i;
      } else if (depth == 0 &&
                 (c == ';' || c == ',' || c == '?' || c == ':' ||
                  (c == '=' && text.substr(i, 2) != "==" && i > 0 &&
                   !llvm::StringRef("=!<>").contains(text[i - 1]))))
        return i;
      else if (depth == 0 && stopAtLogical &&
               (text.substr(i, 2) == "&&" || text.substr(i, 2) == "||"))
        return i;
    }
    return text.size();
  };
  size_t op = scan(first, /*stopAtLogical=*/true);
  llvm::StringRef spelled = text.substr(op, 2);
  if (spelled != "&&" && spelled != "||")
    return false;
  size_t end = scan(op + 2, /*stopAtLogical=*/true);
  llvm::StringRef lhs = text.slice(first, op).trim();
  llvm::StringRef rhs = text.slice(op + 2, end).trim();
  if (lhs.empty() || rhs.empty())
    return false;
  size_t last = text.slice(0, end).rtrim().size() - 1;
  return replaceExpression(place->file, text, first, last,
                           ("(__hlsl_operator_" +
                            llvm::Twine(spelled == "&&" ? "land" : "lor") +
                            "(" + lhs + ", " + rhs + "))")
                               .str());
}

bool SourceRewrites::recordEffectAnnotation(const clang::Diagnostic &info) {
  // `float4 tint < float UIMin = 0; string UIName = "Tint"; > = 1;`: the
  // effect framework's annotations of a variable, which DXC ignores with a
  // warning. Clang takes `tint <` for the arguments of a variable template
  // and misses a `>` at the annotation's first name. The annotation becomes
  // `$aN`, which expands to a `#pragma message` with DXC's warning.
  if (info.getID() != clang::diag::err_expected)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  // The `<` before the error: only the first annotation's type between.
  size_t open = place->offset;
  while (open > 0 && text[open - 1] != '<') {
    if (!isIdentifierChar(text[open - 1]) && !llvm::isSpace(text[open - 1]))
      return false;
    --open;
  }
  if (open == 0)
    return false;
  --open;
  // After a declarator: `Type name <`.
  llvm::StringRef before = text.take_front(open).rtrim();
  size_t nameStart = before.size();
  while (nameStart > 0 && isIdentifierChar(before[nameStart - 1]))
    --nameStart;
  llvm::StringRef name = before.drop_front(nameStart);
  llvm::StringRef type = before.drop_back(name.size()).rtrim();
  if (name.empty() || type.empty() ||
      !(isIdentifierChar(type.back()) || type.back() == '>'))
    return false;
  // Up to the `>` after the annotations' `;`.
  bool declarations = false;
  size_t close = open + 1;
  for (; close < text.size() && text[close] != '>'; ++close) {
    char c = text[close];
    if (c == '{' || c == '}')
      return false;
    declarations |= c == ';';
    if (c == '"') {
      close = text.find('"', close + 1);
      if (close == llvm::StringRef::npos)
        return false;
    }
  }
  if (close >= text.size() || !declarations)
    return false;
  // The macro's name needs a few characters on one line: after a `<` that
  // ends its line, it starts on the next one.
  size_t at = open;
  while (at + 4 <= close &&
         text.slice(at, at + 4).find_first_of("\r\n") != llvm::StringRef::npos)
    ++at;
  if (at + 4 > close)
    at = open;
  if (at != open)
    blankSpan(place->file, text, open, at - 1);
  return replaceWithWarning(
      place->file, at, close,
      "possible effect annotation ignored - effect syntax is deprecated", text);
}

bool SourceRewrites::recordSamplerStateBlock(const clang::Diagnostic &info) {
  // `SamplerState s { Filter = MIN_MAG_MIP_LINEAR; AddressU = Clamp; };`:
  // the effect framework's sampler description, which DXC ignores (the
  // runtime's sampler is what the root signature or descriptor says). Clang
  // reports its names as undeclared; the block becomes spaces.
  if (info.getID() != clang::diag::err_undeclared_var_use)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  // The innermost block around the name.
  size_t open = place->offset;
  for (int depth = 0; open > 0; --open) {
    char c = text[open - 1];
    if (c == '}')
      ++depth;
    else if (c == '{' && depth-- == 0)
      break;
  }
  if (open == 0)
    return false;
  --open; // the `{`
  // Preceded by `SamplerState name` (or a comparison sampler), with an
  // optional register.
  llvm::StringRef before = text.substr(0, open).rtrim();
  if (before.ends_with(")")) {
    size_t reg = before.rfind(':');
    if (reg == llvm::StringRef::npos ||
        !before.substr(reg + 1).ltrim().starts_with("register"))
      return false;
    before = before.substr(0, reg).rtrim();
  }
  size_t nameStart = before.size();
  while (nameStart > 0 && isIdentifierChar(before[nameStart - 1]))
    --nameStart;
  llvm::StringRef name = before.substr(nameStart);
  before = before.substr(0, nameStart).rtrim();
  // The effect framework's own objects have state blocks too (the prelude
  // declares them; the import ignores them).
  size_t typeStart = before.size();
  while (typeStart > 0 && isIdentifierChar(before[typeStart - 1]))
    --typeStart;
  llvm::StringRef typeName = before.substr(typeStart);
  if (name.empty() ||
      !llvm::is_contained({"SamplerState", "SamplerComparisonState",
                           "BlendState", "DepthStencilState", "RasterizerState",
                           "RenderTargetView", "DepthStencilView"},
                          typeName))
    return false;
  size_t close = open + 1;
  for (int depth = 0; close < text.size(); ++close) {
    if (text[close] == '{')
      ++depth;
    else if (text[close] == '}' && depth-- == 0)
      break;
  }
  if (close >= text.size())
    return false;
  if (edits[place->file].count(open))
    return true; // another name in the same block
  blankSpan(place->file, text, open, close);
  return true;
}

bool SourceRewrites::recordNestedInitializerList(
    const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_hlsl_incorrect_num_initializers)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  // The `{` that encloses `at` in the same statement.
  auto enclosingBrace = [&](size_t at) -> std::optional<size_t> {
    int depth = 0;
    while (at-- > 0) {
      char c = text[at];
      if (c == ';')
        return std::nullopt;
      if (c == '}')
        ++depth;
      else if (c == '{' && depth-- == 0)
        return at;
    }
    return std::nullopt;
  };
  // The error is at a list's `{` or at its first initializer.
  if (place->offset >= text.size())
    return false;
  std::optional<size_t> outer = place->offset;
  if (text[*outer] != '{')
    outer = enclosingBrace(*outer);
  // Out to the list that initializes the declaration (the `{` after `=`);
  // a `{` after anything but `=`, `,` or `{` is not a list's.
  while (outer) {
    size_t before = skipBackOverBlanks(text, *outer);
    char previous = before == 0 ? '\0' : text[before - 1];
    if (previous == '=')
      break;
    if (previous != ',' && previous != '{')
      return false;
    outer = enclosingBrace(*outer);
  }
  if (!outer)
    return false;
  std::optional<size_t> close = findClosingBrace(text, *outer);
  if (!close)
    return false;
  // `{}` inside would leave two commas in a row.
  std::vector<size_t> braces;
  for (size_t at = *outer + 1; at < *close; ++at) {
    if (text[at] != '{' && text[at] != '}')
      continue;
    if (text[at] == '{' && text[skipBlanks(text, at + 1)] == '}')
      return false;
    braces.push_back(at);
  }
  if (braces.empty())
    return false;
  for (size_t at : braces)
    blankSpan(place->file, text, at, at);
  return true;
}

bool SourceRewrites::recordParenthesizedMatrixRow(
    const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_matrix_separate_incomplete_index)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || info.getLocation().isMacroID())
    return false;
  llvm::StringRef text = place->text;
  size_t open = place->offset;
  if (open >= text.size() || text[open] != '(')
    return false;
  std::optional<size_t> close = findClosingBracket(text, open, ";{");
  if (!close)
    return false;
  size_t after = skipBlanks(text, *close + 1);
  if (after >= text.size() || text[after] != '[')
    return false;
  // Every pair of parentheses around the row (`((m[i]))[j]`).
  while (true) {
    blankSpan(place->file, text, open, open);
    blankSpan(place->file, text, *close, *close);
    size_t inner = skipBlanks(text, open + 1);
    if (inner >= *close || text[inner] != '(')
      return true;
    std::optional<size_t> innerClose = findClosingBracket(text, inner, ";{");
    if (!innerClose || skipBackOverBlanks(text, *close) != *innerClose + 1)
      return true;
    open = inner;
    close = innerClose;
  }
}
