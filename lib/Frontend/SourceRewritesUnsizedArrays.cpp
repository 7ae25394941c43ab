//===- SourceRewritesUnsizedArrays.cpp - Unsized resource array parameters ===//
//
// `float4 f(Texture2D t[], uint i)`: DXC takes a global resource array of
// any size (unbounded ones included) for an unsized resource array
// parameter, and the callee indexes the caller's array. Clang 22 refuses
// the parameter ("incomplete resource array in a function parameter") and
// marks the function invalid. The function becomes a template whose
// parameter type is deduced from the argument (`template <typename
// __hlsl_unsized_0> float4 f(__hlsl_unsized_0 t, uint i)`): Clang deduces
// the decayed array, and the importer takes a parameter of such a type for
// an unsized array (HLSLGenModule), as it takes `float a[]`. Every unsized
// array parameter of the declaration is rewritten at once; a declaration
// that is a template already gets the new parameters appended to its list.
//
//===----------------------------------------------------------------------===//

#include "SourceRewriteSupport.h"
#include "SourceRewrites.h"

#include "clang/Basic/DiagnosticSema.h"
#include "llvm/ADT/StringSwitch.h"
#include "llvm/ADT/Twine.h"

using namespace mlir::hlsl;
using namespace mlir::hlsl::rewrites;

namespace {
/// One parameter of a declaration's list, by raw token index: the first
/// token of its type (after the modifiers), its name, and the token after
/// its last `]` (the `,` or `)` that ends it).
struct Parameter {
  size_t type, name, end;
  bool unsized = false;
};

bool isParameterModifier(llvm::StringRef word) {
  return llvm::StringSwitch<bool>(word)
      .Cases({"in", "out", "inout", "const", "uniform", "precise"}, true)
      .Default(false);
}
} // namespace

bool SourceRewrites::recordUnsizedResourceArrayParameter(
    const clang::Diagnostic &info) {
  if (info.getID() ==
      clang::diag::err_hlsl_incomplete_resource_array_in_function_param) {
    std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
    return place && templateUnsizedParameters(*place, std::nullopt);
  }
  // An unbounded resource array passed for a sized one (`f(Texture2D t[4])`
  // called with `Texture2D all[]`): DXC passes it (the callee indexes the
  // caller's array); the parameter is taken as unsized.
  // (The note's from (3) and to (4) types.)
  if (info.getID() != clang::diag::note_ovl_candidate_bad_conv_incomplete ||
      info.getNumArgs() < 5)
    return false;
  clang::QualType from = getTypeArg(info, 3), to = getTypeArg(info, 4);
  if (from.isNull() || to.isNull())
    return false;
  const auto *unsized = llvm::dyn_cast<clang::IncompleteArrayType>(
      from.getCanonicalType().getTypePtr());
  const auto *sized = llvm::dyn_cast<clang::ConstantArrayType>(
      to.getCanonicalType().getTypePtr());
  if (!unsized || !sized ||
      unsized->getElementType().getCanonicalType() !=
          sized->getElementType().getCanonicalType() ||
      !unsized->getElementType()->isHLSLResourceRecord())
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  std::optional<std::pair<size_t, size_t>> span =
      getExpressionSpan(info, 0, *place);
  if (!span)
    return false;
  // The parameter's name: the word before its first `[`.
  llvm::StringRef parameter = place->text.slice(span->first, span->second + 1);
  size_t bracket = parameter.find('[');
  if (bracket == llvm::StringRef::npos)
    return false;
  size_t end = span->first + parameter.take_front(bracket).rtrim().size();
  size_t start = end;
  while (start > span->first && isIdentifierChar(place->text[start - 1]))
    --start;
  if (start == end)
    return false;
  place->offset = start;
  return templateUnsizedParameters(*place, start);
}

bool SourceRewrites::templateUnsizedParameters(const DiagnosticPlace &at,
                                               std::optional<size_t> sizedToo) {
  const DiagnosticPlace *place = &at;
  llvm::StringRef text = place->text;
  RawTokens tokens(text);
  auto offsetOf = [&](size_t i) { return tokens.startOf(i); };
  auto kindOf = [&](size_t i) { return tokens.kindOf(i); };
  std::optional<size_t> found = tokens.findToken(place->offset);
  if (!found || kindOf(*found) != clang::tok::raw_identifier)
    return false;
  size_t nameAt = *found;
  // Another parameter of this declaration was rewritten with it already.
  if (nameAt + 1 < tokens.size() &&
      edits[place->file].count(offsetOf(nameAt + 1)))
    return true;

  // The `(` that opens the parameter list: back over brackets that nest.
  size_t open = nameAt;
  for (int depth = 0; open > 0;) {
    --open;
    clang::tok::TokenKind kind = kindOf(open);
    if (kind == clang::tok::r_paren || kind == clang::tok::r_square)
      ++depth;
    else if ((kind == clang::tok::l_paren || kind == clang::tok::l_square) &&
             depth-- == 0)
      break;
    else if (kind == clang::tok::semi || kind == clang::tok::l_brace ||
             kind == clang::tok::r_brace)
      return false;
  }
  if (kindOf(open) != clang::tok::l_paren || open == 0 ||
      kindOf(open - 1) != clang::tok::raw_identifier)
    return false;

  // The parameters: split at commas outside brackets (`<>` of template
  // arguments included) up to the `)` that closes the list.
  std::vector<Parameter> parameters;
  size_t close = open + 1;
  {
    int depth = 0, angles = 0;
    Parameter current{close, 0, 0};
    for (; close < tokens.size(); ++close) {
      clang::tok::TokenKind kind = kindOf(close);
      if (kind == clang::tok::l_paren || kind == clang::tok::l_square)
        ++depth;
      else if (kind == clang::tok::less)
        ++angles;
      else if (kind == clang::tok::greater && angles > 0)
        --angles;
      else if (kind == clang::tok::greatergreater && angles > 0)
        angles = std::max(0, angles - 2);
      else if ((kind == clang::tok::r_paren && depth == 0) ||
               (kind == clang::tok::comma && depth == 0 && angles == 0)) {
        current.end = close;
        parameters.push_back(current);
        if (kind == clang::tok::r_paren)
          break;
        current = Parameter{close + 1, 0, 0};
      } else if (kind == clang::tok::r_paren || kind == clang::tok::r_square)
        --depth;
      else if (kind == clang::tok::semi || kind == clang::tok::l_brace)
        return false;
    }
    if (close == tokens.size())
      return false;
  }
  // Each parameter: modifiers, type, name, then `[]` first if unsized.
  for (Parameter &parameter : parameters) {
    while (parameter.type < parameter.end &&
           kindOf(parameter.type) == clang::tok::raw_identifier &&
           isParameterModifier(tokens.spellingOf(parameter.type)))
      ++parameter.type;
    size_t i = parameter.type;
    while (i < parameter.end && kindOf(i) != clang::tok::l_square &&
           kindOf(i) != clang::tok::colon && kindOf(i) != clang::tok::equal)
      ++i;
    if (i == parameter.end || kindOf(i) != clang::tok::l_square ||
        i < parameter.type + 2 || kindOf(i - 1) != clang::tok::raw_identifier)
      continue;
    parameter.name = i - 1;
    parameter.unsized =
        (i + 1 < parameter.end && kindOf(i + 1) == clang::tok::r_square) ||
        (sizedToo && offsetOf(parameter.name) == *sizedToo);
  }

  // Where the declaration starts: after the `;`, `{` or `}` before it, and
  // after any preprocessor line between.
  size_t start = open - 1;
  while (start > 0 && kindOf(start - 1) != clang::tok::semi &&
         kindOf(start - 1) != clang::tok::l_brace &&
         kindOf(start - 1) != clang::tok::r_brace)
    --start;
  for (size_t i = start; i < open; ++i)
    if (kindOf(i) == clang::tok::hash && tokens.isAtStartOfLine(i)) {
      size_t next = i + 1;
      while (next < open && !tokens.isAtStartOfLine(next))
        ++next;
      start = next;
      i = next - 1;
    }
  // HLSL attributes before the declaration (`[noinline]`): Clang parses
  // neither order with a template header and ignores the ones a helper
  // function may carry, so they go.
  std::vector<std::pair<size_t, size_t>> attributes;
  while (start < open && kindOf(start) == clang::tok::l_square) {
    std::optional<size_t> close = tokens.findClosing(start, open);
    if (!close)
      return false;
    attributes.push_back({start, *close});
    start = *close + 1;
  }
  if (start >= open - 1)
    return false;

  std::string templateParameters;
  unsigned count = 0;
  for (const Parameter &parameter : parameters) {
    if (!parameter.unsized)
      continue;
    if (count)
      templateParameters += ", ";
    templateParameters += "typename __hlsl_unsized_" + std::to_string(count);
    ++count;
  }
  if (!count)
    return false;
  std::string file = place->file;
  // The template header: a new one, or the declaration's own with the new
  // parameters appended.
  bool isTemplate = tokens.spellingOf(start) == "template" &&
                    start + 1 < open && kindOf(start + 1) == clang::tok::less;
  if (isTemplate) {
    std::optional<size_t> close = tokens.findClosing(start + 1, open);
    if (!close)
      return false;
    size_t headerEnd = *close;
    size_t first = offsetOf(start), last = offsetOf(headerEnd);
    std::string header = text.slice(first, last).str();
    bool empty = headerEnd == start + 2;
    if (!replaceExpression(file, text, first, last,
                           header + (empty ? "" : ", ") + templateParameters +
                               ">"))
      return false;
  } else {
    size_t first = offsetOf(start);
    size_t last = tokens.endOf(start) - 1;
    if (!replaceExpression(file, text, first, last,
                           "template <" + templateParameters + "> " +
                               text.slice(first, last + 1).str()))
      return false;
  }
  for (auto [first, last] : attributes)
    blankSpan(file, text, offsetOf(first), tokens.endOf(last) - 1);
  // Each unsized parameter: its type is the template's, its dimensions go.
  count = 0;
  for (const Parameter &parameter : parameters) {
    if (!parameter.unsized)
      continue;
    size_t first = offsetOf(parameter.type);
    size_t last = tokens.endOf(parameter.name - 1) - 1;
    if (!replaceExpression(file, text, first, last,
                           "__hlsl_unsized_" + std::to_string(count++)))
      return false;
    size_t dimensions = offsetOf(parameter.name + 1);
    size_t end = offsetOf(parameter.end) - 1;
    while (end > dimensions && text[end] != ']')
      --end;
    blankSpan(file, text, dimensions, end);
  }
  return true;
}
