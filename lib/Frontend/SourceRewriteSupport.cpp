//===- SourceRewriteSupport.cpp - Reading the text around diagnostics ----===//

#include "SourceRewriteSupport.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/PrettyPrinter.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

namespace mlir::hlsl::rewrites {

clang::QualType getTypeArg(const clang::Diagnostic &info, unsigned index) {
  if (info.getNumArgs() <= index ||
      info.getArgKind(index) != clang::DiagnosticsEngine::ak_qualtype)
    return {};
  return clang::QualType::getFromOpaquePtr(
      reinterpret_cast<void *>(info.getRawArg(index)));
}

bool isIdentifierChar(char c) { return llvm::isAlnum(c) || c == '_'; }

bool isWordAt(llvm::StringRef text, size_t at, llvm::StringRef name) {
  return text.substr(at).starts_with(name) &&
         (at == 0 || !isIdentifierChar(text[at - 1])) &&
         (at + name.size() >= text.size() ||
          !isIdentifierChar(text[at + name.size()]));
}

llvm::StringRef getUnqualifiedName(llvm::StringRef text, size_t at) {
  llvm::StringRef name = text.drop_front(at).take_while(isIdentifierChar);
  if (at > 0 && (isIdentifierChar(text[at - 1]) || text[at - 1] == ':' ||
                 text[at - 1] == '.'))
    return {};
  return name;
}

std::optional<DiagnosticPlace>
getDiagnosticPlace(const clang::Diagnostic &info) {
  const clang::SourceManager &sources = info.getSourceManager();
  // In a macro's argument (`Append(buf, -m)`): where the argument is
  // written.
  clang::SourceLocation at = info.getLocation();
  at = sources.isMacroArgExpansion(at) ? sources.getSpellingLoc(at)
                                       : sources.getFileLoc(at);
  auto [fileID, offset] = sources.getDecomposedLoc(at);
  bool invalid = false;
  llvm::StringRef text = sources.getBufferData(fileID, &invalid);
  clang::OptionalFileEntryRef file = sources.getFileEntryRefForID(fileID);
  if (invalid || !file || offset > text.size())
    return std::nullopt;
  return DiagnosticPlace{file->getName().str(), text, offset};
}

std::optional<size_t> findClosingBracket(llvm::StringRef text, size_t open,
                                         llvm::StringRef stops) {
  char closing = text[open] == '[' ? ']' : ')';
  unsigned depth = 0;
  for (size_t at = open + 1; at < text.size(); ++at) {
    char c = text[at];
    if (c == '[' || c == '(')
      ++depth;
    else if ((c == ']' || c == ')') && depth > 0)
      --depth;
    else if (c == closing)
      return at;
    else if (stops.contains(c))
      return std::nullopt;
  }
  return std::nullopt;
}

/// Whether `first`..`last` of `text` is one expression: its brackets
/// balance, and it has no `;` or top-level comma.
static bool isOneExpression(llvm::StringRef text, size_t first, size_t last) {
  int depth = 0;
  for (size_t i = first; i <= last; ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    if (depth < 0 || c == ';' || (c == ',' && depth == 0))
      return false;
  }
  return depth == 0;
}

/// The length of the token spelled at `at`.
static unsigned getTokenLength(const clang::SourceManager &sources,
                               clang::SourceLocation at) {
  clang::LangOptions options;
  options.CPlusPlus = true;
  return clang::Lexer::MeasureTokenLength(at, sources, options);
}

/// Where the tokens `begin`..`end` (spelled in a `#define NAME BODY` line
/// of a buffer without a file, the command-line macros) are in BODY.
static std::optional<MacroBodySpan>
getSpanInMacroDefinition(const clang::SourceManager &sources,
                         clang::SourceLocation begin, clang::SourceLocation end,
                         bool tokenRange) {
  begin = sources.getSpellingLoc(begin);
  end = sources.getSpellingLoc(end);
  auto [beginFile, first] = sources.getDecomposedLoc(begin);
  auto [endFile, last] = sources.getDecomposedLoc(end);
  if (beginFile != endFile || sources.getFileEntryRefForID(beginFile))
    return std::nullopt;
  bool invalid = false;
  llvm::StringRef text = sources.getBufferData(beginFile, &invalid);
  if (invalid || last < first || last >= text.size())
    return std::nullopt;
  if (tokenRange)
    last += getTokenLength(sources, end) - 1;
  size_t lineStart = text.rfind('\n', first);
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  llvm::StringRef line = text.drop_front(lineStart);
  line = line.take_until([](char c) { return c == '\n' || c == '\r'; });
  if (!line.consume_front("#define ") || last >= lineStart + 8 + line.size())
    return std::nullopt;
  size_t nameSize = line.find(' ');
  if (nameSize == llvm::StringRef::npos)
    return std::nullopt;
  size_t bodyStart = lineStart + 8 + nameSize + 1;
  if (first < bodyStart)
    return std::nullopt;
  return MacroBodySpan{line.take_front(nameSize).str(),
                       line.drop_front(nameSize + 1), first - bodyStart,
                       last - bodyStart};
}

/// The characters `first`..`last` of `range` in the file `inFile` (whose
/// text is `text`), if it is an expression written there that closes what
/// it opens.
static std::optional<std::pair<size_t, size_t>>
getSpanInFile(const clang::SourceManager &sources, clang::CharSourceRange range,
              clang::FileID inFile, llvm::StringRef text) {
  // In a macro's argument: where the argument is written. An operand that
  // is a macro (an earlier rewrite's `$c3`) is the text that invokes it;
  // a part of a macro's expansion is not written in the file.
  if (sources.isMacroArgExpansion(range.getBegin()) &&
      sources.isMacroArgExpansion(range.getEnd())) {
    range = clang::CharSourceRange(
        clang::SourceRange(sources.getSpellingLoc(range.getBegin()),
                           sources.getSpellingLoc(range.getEnd())),
        range.isTokenRange());
  } else if (range.getBegin().isMacroID() || range.getEnd().isMacroID()) {
    if (std::optional<MacroBodySpan> inBody = getSpanInMacroDefinition(
            sources, range.getBegin(), range.getEnd(), range.isTokenRange())) {
      // Only brackets of the macro's body may be left out.
      bool whole = true;
      for (size_t i = 0; i < inBody->body.size(); ++i)
        if ((i < inBody->first || i > inBody->last) &&
            !llvm::StringRef("() \t").contains(inBody->body[i]))
          whole = false;
      if (!whole)
        return std::nullopt;
    }
    range = sources.getExpansionRange(range);
  }
  clang::SourceLocation begin = range.getBegin(), end = range.getEnd();
  if (begin.isInvalid() || end.isInvalid() || !begin.isFileID() ||
      !end.isFileID())
    return std::nullopt;
  auto [beginFile, first] = sources.getDecomposedLoc(begin);
  auto [endFile, last] = sources.getDecomposedLoc(end);
  if (beginFile != endFile || beginFile != inFile)
    return std::nullopt;
  if (range.isTokenRange())
    last += getTokenLength(sources, end);
  if (last <= first || last > text.size())
    return std::nullopt;
  --last;
  if (!isOneExpression(text, first, last))
    return std::nullopt;
  return std::make_pair(size_t(first), size_t(last));
}

std::optional<MacroBodySpan> getMacroBodySpan(const clang::Diagnostic &info,
                                              unsigned index) {
  if (index >= info.getNumRanges())
    return std::nullopt;
  clang::CharSourceRange range = info.getRange(index);
  const clang::SourceManager &sources = info.getSourceManager();
  if (!range.getBegin().isMacroID() || !range.getEnd().isMacroID() ||
      sources.isMacroArgExpansion(range.getBegin()) ||
      sources.isMacroArgExpansion(range.getEnd()))
    return std::nullopt;
  std::optional<MacroBodySpan> span = getSpanInMacroDefinition(
      sources, range.getBegin(), range.getEnd(), range.isTokenRange());
  if (!span || !isOneExpression(span->body, span->first, span->last))
    return std::nullopt;
  return span;
}

std::optional<std::pair<size_t, size_t>>
getExpressionSpan(const clang::Diagnostic &info, unsigned index,
                  const DiagnosticPlace &place) {
  if (index >= info.getNumRanges())
    return std::nullopt;
  const clang::SourceManager &sources = info.getSourceManager();
  clang::SourceLocation at = info.getLocation();
  at = sources.isMacroArgExpansion(at) ? sources.getSpellingLoc(at)
                                       : sources.getFileLoc(at);
  return getSpanInFile(sources, info.getRange(index),
                       sources.getDecomposedLoc(at).first, place.text);
}

std::optional<std::pair<DiagnosticPlace, size_t>>
getExpressionPlace(const clang::SourceManager &sources,
                   clang::SourceRange range) {
  clang::SourceLocation at = range.getBegin();
  at = sources.isMacroArgExpansion(at) ? sources.getSpellingLoc(at)
                                       : sources.getFileLoc(at);
  clang::FileID fileID = sources.getFileID(at);
  bool invalid = false;
  llvm::StringRef text = sources.getBufferData(fileID, &invalid);
  clang::OptionalFileEntryRef file = sources.getFileEntryRefForID(fileID);
  if (invalid || !file)
    return std::nullopt;
  std::optional<std::pair<size_t, size_t>> span = getSpanInFile(
      sources, clang::CharSourceRange::getTokenRange(range), fileID, text);
  if (!span)
    return std::nullopt;
  return std::make_pair(
      DiagnosticPlace{file->getName().str(), text, unsigned(span->first)},
      span->second);
}

std::optional<std::pair<DiagnosticPlace, size_t>>
getExpressionInMacroBody(const clang::SourceManager &sources,
                         clang::CharSourceRange range, size_t minSize) {
  clang::SourceLocation begin = range.getBegin(), end = range.getEnd();
  if (!begin.isMacroID() || !end.isMacroID() ||
      sources.isMacroArgExpansion(begin) || sources.isMacroArgExpansion(end))
    return std::nullopt;
  begin = sources.getSpellingLoc(begin);
  end = sources.getSpellingLoc(end);
  auto [beginFile, first] = sources.getDecomposedLoc(begin);
  auto [endFile, last] = sources.getDecomposedLoc(end);
  clang::OptionalFileEntryRef file = sources.getFileEntryRefForID(beginFile);
  bool invalid = false;
  llvm::StringRef text = sources.getBufferData(beginFile, &invalid);
  if (beginFile != endFile || !file || invalid || last < first)
    return std::nullopt;
  if (range.isTokenRange())
    last += getTokenLength(sources, end);
  if (last > text.size() || last - first < minSize)
    return std::nullopt;
  --last;
  // Within one line of a `#define` (or its continuation lines).
  size_t lineStart = text.rfind('\n', first);
  lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
  while (lineStart >= 2 && text[lineStart - 2] == '\\')
    lineStart = text.rfind('\n', lineStart - 2) + 1;
  if (!text.drop_front(lineStart).ltrim(" \t").starts_with("#") ||
      !isOneExpression(text, first, last))
    return std::nullopt;
  return std::make_pair(
      DiagnosticPlace{file->getName().str(), text, unsigned(first)},
      size_t(last));
}

std::optional<std::string> spellType(clang::QualType type) {
  if (type.isNull())
    return std::nullopt;
  type = type.getCanonicalType().getUnqualifiedType();
  clang::LangOptions options;
  options.CPlusPlus = true;
  options.HLSL = true;
  // `bool`, not `_Bool`.
  options.Bool = true;
  clang::PrintingPolicy policy(options);
  policy.FullyQualifiedName = true;
  policy.SuppressScope = false;
  if (const auto *vector = type->getAs<clang::ExtVectorType>()) {
    std::optional<std::string> element = spellType(vector->getElementType());
    if (!element)
      return std::nullopt;
    return "vector<" + *element + ", " +
           std::to_string(vector->getNumElements()) + ">";
  }
  if (const auto *matrix = type->getAs<clang::ConstantMatrixType>()) {
    std::optional<std::string> element = spellType(matrix->getElementType());
    if (!element)
      return std::nullopt;
    return "matrix<" + *element + ", " + std::to_string(matrix->getNumRows()) +
           ", " + std::to_string(matrix->getNumColumns()) + ">";
  }
  if (type->isBuiltinType())
    return type.getAsString(policy);
  // The prelude's min-precision integer types.
  if (const auto *bits = type->getAs<clang::BitIntType>()) {
    if (bits->isUnsigned())
      return bits->getNumBits() == 32 ? std::optional<std::string>("min16uint")
                                      : std::nullopt;
    if (bits->getNumBits() == 32)
      return "min16int";
    return bits->getNumBits() == 16 ? std::optional<std::string>("min12int")
                                    : std::nullopt;
  }
  if (const auto *record = type->getAsRecordDecl()) {
    if (!record->getIdentifier() || !record->isCompleteDefinition())
      return std::nullopt;
    return type.getAsString(policy);
  }
  return std::nullopt;
}

std::optional<std::string> spellArrayType(clang::QualType type) {
  const auto *array =
      llvm::dyn_cast<clang::ConstantArrayType>(type.getCanonicalType());
  if (!array)
    return std::nullopt;
  std::optional<std::string> element = spellType(array->getElementType());
  if (!element)
    return std::nullopt;
  return "__hlsl_array_of<" + *element + ", " +
         std::to_string(array->getSize().getZExtValue()) + ">::type";
}

bool hasOneElement(clang::QualType type) {
  if (type.isNull())
    return false;
  type = type.getCanonicalType();
  if (const auto *vector = type->getAs<clang::ExtVectorType>())
    return vector->getNumElements() == 1;
  if (const auto *matrix = type->getAs<clang::ConstantMatrixType>())
    return matrix->getNumElementsFlattened() == 1;
  return false;
}

bool hasTopLevelOperator(llvm::StringRef expression) {
  int depth = 0;
  for (char c : expression) {
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    else if (depth == 0 && llvm::StringRef("+-*/%&|^<>?=!~").contains(c))
      return true;
  }
  return false;
}

bool isNumeric(clang::QualType type) {
  type = type.getCanonicalType();
  return type->isBuiltinType() || type->isExtVectorType() ||
         type->isConstantMatrixType();
}

size_t skipComment(llvm::StringRef text, size_t i) {
  if (text.substr(i, 2) == "//")
    return std::min(text.find('\n', i), text.size());
  if (text.substr(i, 2) == "/*") {
    size_t end = text.find("*/", i + 2);
    return end == llvm::StringRef::npos ? text.size() : end + 2;
  }
  return i;
}

std::string blankComments(llvm::StringRef text) {
  std::string code = text.str();
  for (size_t i = 0; i < code.size();) {
    size_t end = skipComment(text, i);
    if (end == i) {
      ++i;
      continue;
    }
    for (; i < end; ++i)
      if (code[i] != '\n')
        code[i] = ' ';
  }
  return code;
}

bool isMatrixOrVector(clang::QualType type, bool orVector) {
  if (type.isNull())
    return false;
  type = type.getCanonicalType();
  return type->isConstantMatrixType() || (orVector && type->isExtVectorType());
}

size_t skipPostfixExpression(llvm::StringRef text, size_t at) {
  size_t i = at;
  while (i < text.size() && (isIdentifierChar(text[i]) || text[i] == '.'))
    ++i;
  if (i == at)
    return at;
  while (i < text.size()) {
    if (text[i] == '[' || text[i] == '(') {
      std::optional<size_t> close = findClosingBracket(text, i, ";{}");
      if (!close)
        return at;
      i = *close + 1;
    } else if (text[i] == '.' || isIdentifierChar(text[i])) {
      ++i;
    } else {
      break;
    }
  }
  return i;
}

size_t skipPostfixExpressionBack(llvm::StringRef text, size_t end) {
  size_t i = end;
  while (i > 0) {
    char c = text[i - 1];
    if (isIdentifierChar(c) || c == '.') {
      --i;
    } else if (c == ']' || c == ')') {
      // Back to the matching opening bracket.
      int depth = 0;
      size_t j = i;
      while (j > 0) {
        char d = text[--j];
        if (d == ']' || d == ')')
          ++depth;
        else if (d == '[' || d == '(')
          --depth;
        else if (d == ';' || d == '{' || d == '}')
          return end;
        if (depth == 0)
          break;
      }
      if (depth != 0)
        return end;
      i = j;
    } else {
      break;
    }
  }
  // A postfix expression starts with a name or a number.
  return i < end && isIdentifierChar(text[i]) ? i : end;
}

size_t skipBackOverBlanks(llvm::StringRef text, size_t at) {
  while (true) {
    while (at > 0 && llvm::isSpace(text[at - 1]))
      --at;
    if (at == 0)
      return 0;
    size_t lineStart = text.rfind('\n', at - 1);
    lineStart = lineStart == llvm::StringRef::npos ? 0 : lineStart + 1;
    size_t comment = text.slice(lineStart, at).find("//");
    if (comment == llvm::StringRef::npos)
      return at;
    at = lineStart + comment;
  }
}

std::optional<size_t> findClosingBrace(llvm::StringRef text, size_t open) {
  int depth = 0;
  for (size_t at = open; at < text.size(); ++at) {
    if (text[at] == '{')
      ++depth;
    else if (text[at] == '}' && --depth == 0)
      return at;
  }
  return std::nullopt;
}

std::optional<std::pair<size_t, size_t>>
findArgument(llvm::StringRef text, size_t open, unsigned index) {
  int depth = 0;
  unsigned current = 0;
  size_t start = open + 1;
  for (size_t i = open; i < text.size(); ++i) {
    char c = text[i];
    if (c == '(' || c == '[' || c == '{') {
      ++depth;
      continue;
    }
    bool closes = c == ')' || c == ']' || c == '}';
    if (closes)
      --depth;
    if ((c == ',' && depth == 1) || (closes && depth == 0)) {
      if (current == index) {
        size_t first = start, last = i;
        while (first < last && llvm::isSpace(text[first]))
          ++first;
        while (last > first && llvm::isSpace(text[last - 1]))
          --last;
        if (first == last)
          return std::nullopt;
        return std::make_pair(first, last - 1);
      }
      ++current;
      start = i + 1;
    }
    if (c == ';' || depth < 0 || (closes && depth == 0))
      return std::nullopt;
  }
  return std::nullopt;
}

bool isResourceRecord(const clang::CXXRecordDecl *record) {
  if (!record || !record->hasDefinition())
    return false;
  return llvm::any_of(record->fields(), [](const clang::FieldDecl *field) {
    return field->getType()->isHLSLAttributedResourceType();
  });
}

bool isConstObject(clang::QualType type) {
  if (type.isNull() || !type.getNonReferenceType().isConstQualified())
    return false;
  const auto *record = type.getNonReferenceType()->getAsCXXRecordDecl();
  return record && record->hasDefinition();
}

std::optional<std::array<size_t, 4>> findConditionalArms(llvm::StringRef text,
                                                         size_t question) {
  auto trim = [&](size_t first, size_t end) -> std::pair<size_t, size_t> {
    // [first, end) without blanks and comments at either end.
    while (true) {
      while (first < end && llvm::isSpace(text[first]))
        ++first;
      size_t after = skipComment(text, first);
      if (after == first || after > end)
        break;
      first = after;
    }
    // Line comments at the end: drop from the first `//` outside brackets.
    int depth = 0;
    for (size_t i = first; i < end; ++i) {
      if (text[i] == '(' || text[i] == '[')
        ++depth;
      else if (text[i] == ')' || text[i] == ']')
        --depth;
      else if (depth == 0 && text.substr(i, 2) == "//") {
        end = i;
        break;
      }
    }
    while (end > first && llvm::isSpace(text[end - 1]))
      --end;
    return {first, end};
  };
  int depth = 0, nested = 0;
  size_t colon = llvm::StringRef::npos;
  for (size_t i = question + 1; i < text.size(); ++i) {
    size_t after = skipComment(text, i);
    if (after != i) {
      i = after - 1;
      continue;
    }
    char c = text[i];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}') {
      if (--depth < 0)
        return std::nullopt;
    } else if (c == ';')
      return std::nullopt;
    else if (depth == 0 && c == '?')
      ++nested;
    else if (depth == 0 && c == ':') {
      if (nested == 0) {
        colon = i;
        break;
      }
      --nested;
    }
  }
  if (colon == llvm::StringRef::npos)
    return std::nullopt;
  size_t end = colon + 1;
  depth = 0;
  for (; end < text.size(); ++end) {
    size_t after = skipComment(text, end);
    if (after != end) {
      end = after - 1;
      continue;
    }
    char c = text[end];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}') {
      if (depth-- == 0)
        break;
    } else if (depth == 0 && (c == ';' || c == ','))
      break;
    else if (depth == 0 && (c == '?' || c == ':'))
      return std::nullopt;
  }
  auto [aFirst, aEnd] = trim(question + 1, colon);
  auto [bFirst, bEnd] = trim(colon + 1, end);
  if (aFirst >= aEnd || bFirst >= bEnd)
    return std::nullopt;
  return std::array<size_t, 4>{aFirst, aEnd - 1, bFirst, bEnd - 1};
}

size_t skipBlanks(llvm::StringRef text, size_t at) {
  while (at < text.size() && llvm::isSpace(text[at]))
    ++at;
  return at;
}

std::optional<std::pair<size_t, size_t>> findAssignedValue(llvm::StringRef text,
                                                           size_t first) {
  size_t end = first;
  int depth = 0;
  for (; end < text.size(); ++end) {
    char c = text[end];
    if (c == '(' || c == '[' || c == '{')
      ++depth;
    else if (c == ')' || c == ']' || c == '}')
      --depth;
    if (depth < 0 || (depth == 0 && (c == ';' || c == ',')))
      break;
  }
  if (end >= text.size())
    return std::nullopt;
  while (end > first && llvm::isSpace(text[end - 1]))
    --end;
  if (end <= first)
    return std::nullopt;
  return std::make_pair(first, end);
}

std::vector<clang::Token> lexRawTokens(llvm::StringRef text) {
  clang::LangOptions options;
  options.CPlusPlus = true;
  clang::Lexer lexer(clang::SourceLocation(), options, text.begin(),
                     text.begin(), text.end());
  std::vector<clang::Token> tokens;
  while (true) {
    clang::Token token;
    lexer.LexFromRawLexer(token);
    if (token.is(clang::tok::eof))
      break;
    tokens.push_back(token);
  }
  return tokens;
}

llvm::StringRef getRawSpelling(llvm::StringRef text,
                               const clang::Token &token) {
  return text.substr(token.getLocation().getRawEncoding(), token.getLength());
}

std::optional<size_t> RawTokens::findToken(size_t offset) const {
  auto at = llvm::partition_point(tokens, [&](const clang::Token &token) {
    return token.getLocation().getRawEncoding() < offset;
  });
  if (at == tokens.end() || at->getLocation().getRawEncoding() != offset)
    return std::nullopt;
  return size_t(at - tokens.begin());
}

std::optional<size_t> RawTokens::findClosing(size_t open, size_t limit) const {
  clang::tok::TokenKind opening = kindOf(open);
  clang::tok::TokenKind closing =
      opening == clang::tok::l_square  ? clang::tok::r_square
      : opening == clang::tok::less    ? clang::tok::greater
      : opening == clang::tok::l_paren ? clang::tok::r_paren
                                       : clang::tok::r_brace;
  int depth = 1;
  for (size_t i = open + 1; i < limit; ++i) {
    if (kindOf(i) == opening)
      ++depth;
    else if (kindOf(i) == closing && --depth == 0)
      return i;
  }
  return std::nullopt;
}

} // namespace mlir::hlsl::rewrites
