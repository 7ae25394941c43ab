//===- SourceRewritesCrashes.cpp - Text that makes Clang 22 crash --------===//
//
// Constructs on which Clang 22 crashes instead of reporting anything: there
// is no diagnostic to rewrite from, so after a crash the text is searched
// for them and rewritten, and parsed once more.
//
// - An initializer list of a struct with a field of an empty struct type
//   (`struct S { int b; Empty e; }; S s = { 1 };`): Clang's list
//   flattening (SemaHLSL's InitListTransformer) takes the first initializer
//   of the empty field's list, which has none. A field of an empty struct
//   takes no space and holds nothing; one that the shader never names is
//   dropped (blanked). This crash is not left to happen: it overwrites
//   Clang's stack (glibc reports "stack smashing"), so a shader with an
//   initializer list has its unused empty fields dropped before Clang
//   first reads it.
// - A matrix converted to a minimum-precision integer scalar
//   (`min16int x = float2x1(1, 2);`; min16int is a `_BitInt` in the
//   prelude): Sema::ImpCastExprToType gets a null type. The initializer
//   converts through the 32-bit type first, `(int)(...)`, which is the same
//   conversion.
// - An enum whose underlying type is written as a typedef (`enum E : uint`,
//   `: uint32_t`, `: int64_t`) in a usual arithmetic conversion (`x == A`
//   with a uint x): ASTContext::getIntegerRank gets the typedef. The
//   underlying type is spelled as the builtin type it names (`unsigned
//   int`), which is the same type.
// - An integer vector and a matrix as the operands of a binary operator
//   (`uint4 + uint4x1`, `int4 < float2x2`): SemaHLSL's vector conversion
//   asks ASTContext for the integer rank of the matrix. DXC takes the
//   matrix for the vector of its elements. Clang stood right after the
//   operator's right operand when it crashed (the last token it read):
//   that operator's expression becomes `__hlsl_shape_of<L>::of(
//   __hlsl_as_vector(a) op __hlsl_as_vector(b))`: the prelude's helpers
//   make it a vector operation whose result has the left operand's shape
//   (L, the type of `a`), as DXC's (a matrix on the left gives a matrix).
// - A cast to a class template specialization that nothing has
//   instantiated yet (`(W<float>)0`): SemaHLSL::CanPerformAggregateSplatCast
//   looks into the incomplete type. Clang stood after the cast's operand;
//   the type becomes `__hlsl_complete<W<float> >::type`, the same type,
//   which the prelude's helper instantiates.
//
//===----------------------------------------------------------------------===//

#include "SourceRewriteSupport.h"
#include "SourceRewrites.h"

#include "clang/Basic/OperatorPrecedence.h"
#include "clang/Basic/TokenKinds.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/ADT/StringSwitch.h"

using namespace mlir::hlsl;
using namespace mlir::hlsl::rewrites;

/// Whether the `length` characters at `at` are a whole word (no identifier
/// character right before or after them).
static bool isWholeWord(llvm::StringRef text, size_t at, size_t length) {
  return !(at > 0 && isIdentifierChar(text[at - 1])) &&
         !(at + length < text.size() && isIdentifierChar(text[at + length]));
}

/// Whether the word `name` appears in `text` other than at `except`.
static bool isNamedElsewhere(llvm::StringRef text, llvm::StringRef name,
                             size_t except) {
  for (size_t at = text.find(name); at != llvm::StringRef::npos;
       at = text.find(name, at + 1))
    if (at != except && isWholeWord(text, at, name.size()))
      return true;
  return false;
}

/// Whether `text` may hold an initializer list (`= {`).
static bool hasInitializerList(llvm::StringRef text) {
  for (size_t at = text.find('='); at != llvm::StringRef::npos;
       at = text.find('=', at + 1)) {
    size_t next = skipBlanks(text, at + 1);
    if (next < text.size() && text[next] == '{')
      return true;
  }
  return false;
}

bool SourceRewrites::recordBeforeFirstRun(const std::string &file,
                                          llvm::StringRef text) {
  // (A name in a comment is not a use, nor is `= {` an initializer list.)
  std::string code = blankComments(text);
  return hasInitializerList(code) && removeUnusedEmptyFields(file, code);
}

bool SourceRewrites::removeUnusedEmptyFields(const std::string &file,
                                             llvm::StringRef text) {
  if (emptyFieldsRemoved)
    return false;
  emptyFieldsRemoved = true;
  unsigned before = constructs;
  auto blank = [&](size_t first, size_t end) {
    auto &fileEdits = edits[file];
    for (size_t at = first; at < end; ++at)
      if (!llvm::isSpace(text[at]))
        fileEdits[at] = ' ';
    ++constructs;
  };
  // The empty struct types: `struct E {}` (a name), and unnamed ones
  // declaring a field at once (`struct {} _1;`).
  llvm::StringSet<> emptyTypes;
  for (size_t at = text.find("struct"); at != llvm::StringRef::npos;
       at = text.find("struct", at + 1)) {
    if (!isWholeWord(text, at, 6))
      continue;
    size_t name = skipBlanks(text, at + 6);
    llvm::StringRef word = text.drop_front(name).take_while(isIdentifierChar);
    size_t open = skipBlanks(text, name + word.size());
    if (open >= text.size() || text[open] != '{')
      continue;
    size_t close = skipBlanks(text, open + 1);
    if (close >= text.size() || text[close] != '}')
      continue;
    if (!word.empty()) {
      emptyTypes.insert(word);
      continue;
    }
    // `struct {} name;`: the field goes if nothing names it.
    size_t field = skipBlanks(text, close + 1);
    llvm::StringRef fieldName =
        text.drop_front(field).take_while(isIdentifierChar);
    size_t semicolon = skipBlanks(text, field + fieldName.size());
    if (fieldName.empty() || semicolon >= text.size() ||
        text[semicolon] != ';' || isNamedElsewhere(text, fieldName, field))
      continue;
    blank(at, semicolon + 1);
  }
  // Fields (and variables) of a named empty struct type that nothing
  // names: `Empty e;`, `Empty e[2];`.
  for (const auto &entry : emptyTypes) {
    llvm::StringRef type = entry.getKey();
    for (size_t at = text.find(type); at != llvm::StringRef::npos;
         at = text.find(type, at + 1)) {
      if (!isWholeWord(text, at, type.size()))
        continue;
      // Not the definition itself (`struct Empty {}`).
      size_t previous = at;
      while (previous > 0 && llvm::isSpace(text[previous - 1]))
        --previous;
      if (text.take_front(previous).ends_with("struct"))
        continue;
      size_t field = skipBlanks(text, at + type.size());
      llvm::StringRef fieldName =
          text.drop_front(field).take_while(isIdentifierChar);
      size_t end = skipBlanks(text, field + fieldName.size());
      if (end < text.size() && text[end] == '[') {
        std::optional<size_t> close = findClosingBracket(text, end, ";{}");
        if (!close)
          continue;
        end = skipBlanks(text, *close + 1);
      }
      if (fieldName.empty() || end >= text.size() || text[end] != ';' ||
          isNamedElsewhere(text, fieldName, field))
        continue;
      blank(at, end + 1);
    }
  }
  return constructs != before;
}

bool SourceRewrites::recordAfterClangCrash(const std::string &file,
                                           llvm::StringRef text) {
  if (crashRewritesRecorded)
    return false;
  crashRewritesRecorded = true;
  unsigned before = constructs;
  removeUnusedEmptyFields(file, blankComments(text));
  // Enum underlying types spelled as typedefs: as the builtin types.
  static const llvm::StringMap<llvm::StringRef> builtinNames = {
      {"uint", "unsigned int"},     {"dword", "unsigned int"},
      {"uint32_t", "unsigned int"}, {"int32_t", "int"},
      {"int64_t", "long"},          {"uint64_t", "unsigned long"}};
  for (size_t at = text.find("enum"); at != llvm::StringRef::npos;
       at = text.find("enum", at + 1)) {
    if (!isWholeWord(text, at, 4))
      continue;
    // enum [class|struct] [Name] : type {
    size_t next = skipBlanks(text, at + 4);
    for (unsigned words = 0; words < 2; ++words) {
      llvm::StringRef word = text.drop_front(next).take_while(isIdentifierChar);
      if (word.empty())
        break;
      next = skipBlanks(text, next + word.size());
    }
    if (next >= text.size() || text[next] != ':' ||
        (next + 1 < text.size() && text[next + 1] == ':'))
      continue;
    size_t type = skipBlanks(text, next + 1);
    llvm::StringRef name = text.drop_front(type).take_while(isIdentifierChar);
    auto builtin = builtinNames.find(name);
    if (builtin == builtinNames.end())
      continue;
    replaceExpression(file, text, type, type + name.size() - 1,
                      builtin->getValue().str());
  }
  // Initializers of minimum-precision integer scalars: through int/uint.
  for (llvm::StringRef type : {"min16int", "min12int", "min16uint"}) {
    llvm::StringRef through = type == "min16uint" ? "uint" : "int";
    for (size_t at = text.find(type); at != llvm::StringRef::npos;
         at = text.find(type, at + 1)) {
      if (!isWholeWord(text, at, type.size()))
        continue;
      size_t name = skipBlanks(text, at + type.size());
      llvm::StringRef variable =
          text.drop_front(name).take_while(isIdentifierChar);
      size_t equals = skipBlanks(text, name + variable.size());
      if (variable.empty() || equals >= text.size() || text[equals] != '=' ||
          (equals + 1 < text.size() && text[equals + 1] == '='))
        continue;
      std::optional<std::pair<size_t, size_t>> init =
          findAssignedValue(text, skipBlanks(text, equals + 1));
      if (!init || text[init->first] == '{')
        continue;
      replaceExpression(
          file, text, init->first, init->second - 1,
          ("(" + through + ")(" + text.slice(init->first, init->second) + ")")
              .str());
    }
  }
  return constructs != before;
}

/// How tightly the binary operator `kind` binds (Clang's precedence level,
/// higher binds tighter), or 0 for other tokens (assignments, `?:`, `,`).
static int getBinaryPrecedence(clang::tok::TokenKind kind) {
  clang::prec::Level level =
      clang::getBinOpPrecedence(kind, /*GreaterThanIsOperator=*/true,
                                /*CPlusPlus11=*/true);
  if (level < clang::prec::LogicalOr || level > clang::prec::Multiplicative ||
      level == clang::prec::Spaceship)
    return 0;
  return level;
}

namespace {
/// Operands of expressions read backwards over raw tokens.
class OperandScanner : public RawTokens {
public:
  using RawTokens::RawTokens;

  /// Whether token `i` ends an operand (so that a `-` after it is binary).
  bool endsOperand(size_t i) const {
    clang::tok::TokenKind kind = kindOf(i);
    return kind == clang::tok::r_paren || kind == clang::tok::r_square ||
           kind == clang::tok::numeric_constant ||
           (kind == clang::tok::raw_identifier && !isKeyword(i));
  }

  /// The first token of the unary or postfix operand whose last token is
  /// `last` (names, literals, member accesses, calls, subscripts, casts,
  /// unary operators), or nothing.
  std::optional<size_t> operandStart(size_t last) const {
    size_t first = last + 1;
    bool needPiece = true, lastWasGroup = false;
    while (first > 0) {
      size_t i = first - 1;
      clang::tok::TokenKind kind = kindOf(i);
      bool closes = kind == clang::tok::r_paren || kind == clang::tok::r_square;
      bool name = kind == clang::tok::raw_identifier && !isKeyword(i);
      if (needPiece) {
        if (closes) {
          std::optional<size_t> open = openingOf(i);
          if (!open)
            return std::nullopt;
          first = *open;
          lastWasGroup = true;
        } else if (name || kind == clang::tok::numeric_constant) {
          first = i;
          lastWasGroup = false;
        } else {
          return std::nullopt;
        }
        needPiece = false;
        continue;
      }
      if (kind == clang::tok::period || kind == clang::tok::coloncolon) {
        first = i;
        needPiece = true;
      } else if (lastWasGroup && name) {
        // A call, a constructor or a subscript of a name.
        first = i;
        lastWasGroup = false;
      } else if (closes) {
        // A cast (`(uint4)x`, `(uint4)(x)`) or a subscript of a group.
        std::optional<size_t> open = openingOf(i);
        if (!open)
          return std::nullopt;
        first = *open;
        lastWasGroup = true;
      } else if ((kind == clang::tok::exclaim || kind == clang::tok::tilde ||
                  kind == clang::tok::minus || kind == clang::tok::plus) &&
                 !(i > 0 && endsOperand(i - 1))) {
        first = i;
      } else {
        break;
      }
    }
    if (needPiece)
      return std::nullopt;
    return first;
  }

  /// The tokens of the type of the cast `(Name<...>)x` nearest before
  /// token `stop` in its statement, or nothing.
  std::optional<std::pair<size_t, size_t>>
  findTemplateCastType(size_t stop) const {
    for (size_t close = stop; close-- > 2;) {
      clang::tok::TokenKind kind = kindOf(close);
      if (kind == clang::tok::semi || kind == clang::tok::l_brace ||
          kind == clang::tok::r_brace)
        return std::nullopt;
      if (kind != clang::tok::r_paren ||
          kindOf(close - 1) != clang::tok::greater || close + 1 >= size())
        continue;
      clang::tok::TokenKind next = kindOf(close + 1);
      if (next != clang::tok::numeric_constant &&
          next != clang::tok::raw_identifier && next != clang::tok::l_paren &&
          next != clang::tok::minus)
        continue;
      // `(` Name `<` ... `>` `)`: the type is Name through the `>`.
      std::optional<size_t> open = openingOf(close);
      if (open && *open + 2 < close &&
          kindOf(*open + 1) == clang::tok::raw_identifier &&
          kindOf(*open + 2) == clang::tok::less &&
          findClosing(*open + 2, close) == close - 1)
        return std::make_pair(*open + 1, close - 1);
    }
    return std::nullopt;
  }

private:
  bool isKeyword(size_t i) const {
    return llvm::StringSwitch<bool>(spellingOf(i))
        .Cases("return", "if", "else", "while", "for", "do", "switch", true)
        .Cases("case", "default", "break", "continue", true)
        .Default(false);
  }

  /// The `(` or `[` that `)` or `]` at `close` closes.
  std::optional<size_t> openingOf(size_t close) const {
    int depth = 0;
    for (size_t i = close + 1; i-- > 0;) {
      clang::tok::TokenKind kind = kindOf(i);
      if (kind == clang::tok::r_paren || kind == clang::tok::r_square)
        ++depth;
      else if ((kind == clang::tok::l_paren || kind == clang::tok::l_square) &&
               --depth == 0)
        return i;
      else if (kind == clang::tok::semi || kind == clang::tok::l_brace ||
               kind == clang::tok::r_brace)
        return std::nullopt;
    }
    return std::nullopt;
  }
};
} // namespace

/// The binary operator whose right operand ends before token `stop`, with
/// a vector and a matrix operand: the characters of the whole expression
/// (first, one past the last) and what it becomes, or nothing.
static std::optional<std::tuple<size_t, size_t, std::string>>
findVectorMatrixOperator(const OperandScanner &scanner, llvm::StringRef text,
                         size_t stop) {
  // The right operand ends before the token Clang stood at.
  std::optional<size_t> rightStart = scanner.operandStart(stop - 1);
  if (!rightStart || *rightStart == 0)
    return std::nullopt;
  size_t op = *rightStart - 1;
  int precedence = getBinaryPrecedence(scanner.kindOf(op));
  if (!precedence || op == 0 || !scanner.endsOperand(op - 1))
    return std::nullopt;
  // The left operand: operands joined by operators that bind tighter.
  size_t leftStart = op;
  while (true) {
    std::optional<size_t> start = scanner.operandStart(leftStart - 1);
    if (!start)
      return std::nullopt;
    leftStart = *start;
    if (leftStart < 2)
      break;
    int before = getBinaryPrecedence(scanner.kindOf(leftStart - 1));
    if (before <= precedence || !scanner.endsOperand(leftStart - 2))
      break;
    --leftStart;
  }
  size_t first = scanner.startOf(leftStart), last = scanner.endOf(stop - 1);
  llvm::StringRef left = text.slice(first, scanner.startOf(op)).rtrim();
  llvm::StringRef right = text.slice(scanner.startOf(*rightStart), last);
  llvm::StringRef spelling = text.slice(scanner.startOf(op), scanner.endOf(op));
  return std::make_tuple(first, last,
                         ("__hlsl_shape_of<__decltype(__hlsl_decay(" + left +
                          "))>::of(__hlsl_as_vector(" + left + ") " + spelling +
                          " __hlsl_as_vector(" + right + "))")
                             .str());
}

bool SourceRewrites::recordCrashAt(const std::string &file,
                                   llvm::StringRef text, size_t offset) {
  if (!crashPlacesTried.insert(offset).second)
    return false;
  OperandScanner scanner(text);
  std::optional<size_t> stop = scanner.findToken(offset);
  if (!stop || *stop == 0)
    return false;
  // A cast to a class template specialization nothing has instantiated yet
  // (`(W<float>)0`): the type goes through the prelude's
  // `__hlsl_complete<T>::type`, which instantiates it. (The place is tried
  // once: the operator rewrite below is recorded too where it applies.)
  bool recorded = false;
  if (std::optional<std::pair<size_t, size_t>> type =
          scanner.findTemplateCastType(*stop)) {
    size_t first = scanner.startOf(type->first);
    size_t last = scanner.endOf(type->second);
    recorded = replaceExpression(
        file, text, first, last - 1,
        ("__hlsl_complete<" + text.slice(first, last) + " >::type").str());
  }
  // An integer vector and a matrix as a binary operator's operands.
  if (std::optional<std::tuple<size_t, size_t, std::string>> op =
          findVectorMatrixOperator(scanner, text, *stop))
    recorded |= replaceExpression(file, text, std::get<0>(*op),
                                  std::get<1>(*op) - 1, std::get<2>(*op));
  return recorded;
}
