//===- SourceRewriteSupport.h - Text around diagnostics --------*- C++ -*-===//
//
// What the source rewrites (SourceRewrites*.cpp) share: where a diagnostic
// is in its file, the expressions its ranges cover, and small scanners of
// HLSL text (brackets, postfix expressions, comments) and type spellings.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_SOURCEREWRITESUPPORT_H
#define HLSL_LIB_FRONTEND_SOURCEREWRITESUPPORT_H

#include "clang/AST/Type.h"
#include "clang/Lex/Token.h"
#include "llvm/ADT/StringRef.h"

#include <array>
#include <optional>
#include <string>
#include <utility>
#include <vector>

namespace clang {
class CXXRecordDecl;
class Diagnostic;
class SourceManager;
class SourceRange;
} // namespace clang

namespace mlir::hlsl::rewrites {

bool isIdentifierChar(char c);
/// The raw tokens of `text` (no preprocessing). The lexer's locations start
/// at 0: a token's raw location is its offset in `text`.
std::vector<clang::Token> lexRawTokens(llvm::StringRef text);
/// The text of a token of lexRawTokens(text).
llvm::StringRef getRawSpelling(llvm::StringRef text, const clang::Token &token);

/// The raw tokens of a text by index: where each starts and ends in the
/// text, its kind and its spelling.
class RawTokens {
public:
  explicit RawTokens(llvm::StringRef text)
      : text(text), tokens(lexRawTokens(text)) {}

  size_t size() const { return tokens.size(); }
  /// The index of the token that starts at `offset`, if one does.
  std::optional<size_t> findToken(size_t offset) const;
  /// The index of the token that closes the bracket at `open` (an
  /// `l_square`, `less`, `l_paren` or `l_brace`; brackets of its kind nest),
  /// if one does before `limit`.
  std::optional<size_t> findClosing(size_t open, size_t limit) const;
  size_t startOf(size_t i) const {
    return tokens[i].getLocation().getRawEncoding();
  }
  size_t endOf(size_t i) const { return startOf(i) + tokens[i].getLength(); }
  clang::tok::TokenKind kindOf(size_t i) const { return tokens[i].getKind(); }
  llvm::StringRef spellingOf(size_t i) const {
    return getRawSpelling(text, tokens[i]);
  }
  bool isAtStartOfLine(size_t i) const { return tokens[i].isAtStartOfLine(); }

protected:
  llvm::StringRef text;
  std::vector<clang::Token> tokens;
};
/// Whether `name` stands in `text` at `at` as a whole word.
bool isWordAt(llvm::StringRef text, size_t at, llvm::StringRef name);

/// Where a diagnostic is: its file's name and text, and its offset there.
struct DiagnosticPlace {
  std::string file;
  llvm::StringRef text;
  unsigned offset;

  /// The identifier (or keyword) that starts at the place, if any.
  llvm::StringRef word() const {
    return text.drop_front(offset).take_while(isIdentifierChar);
  }
};

/// The type argument `index` of `info`, if it has one there.
clang::QualType getTypeArg(const clang::Diagnostic &info, unsigned index);

/// The name that starts at `at`, if it is written alone (not qualified, not
/// a member: no `::` or `.` before it).
llvm::StringRef getUnqualifiedName(llvm::StringRef text, size_t at);
/// Where `info` is (in a macro's argument: where the argument is written).
std::optional<DiagnosticPlace>
getDiagnosticPlace(const clang::Diagnostic &info);
/// The offset of the bracket that closes the one at `open` (`[` or `(`;
/// brackets of both kinds nest inside), or nothing when the text ends or
/// one of `stops` comes first.
std::optional<size_t> findClosingBracket(llvm::StringRef text, size_t open,
                                         llvm::StringRef stops);
/// The characters `first`..`last` that range `index` of `info` covers in
/// the file of `place`, if it is an expression written there (not in a
/// macro) that closes what it opens.
std::optional<std::pair<size_t, size_t>>
getExpressionSpan(const clang::Diagnostic &info, unsigned index,
                  const DiagnosticPlace &place);
/// A part of a macro's expansion: the macro's name, its body, and the
/// offsets of the part's first and last characters in the body.
struct MacroBodySpan {
  std::string macro;
  llvm::StringRef body;
  size_t first, last;
};
/// Where the source range `index` of `info` is, if it is one expression
/// within the body of a command-line macro (an earlier rewrite's `$c3`).
std::optional<MacroBodySpan> getMacroBodySpan(const clang::Diagnostic &info,
                                              unsigned index);
/// Where the expression `range` of `sources` is written: its file and text,
/// the offset of its first character, and that of its last. Nothing if it
/// is not written whole in one file (or does not close what it opens).
std::optional<std::pair<DiagnosticPlace, size_t>>
getExpressionPlace(const clang::SourceManager &sources,
                   clang::SourceRange range);
/// Where the expression `range` is written when it is a part of the body
/// of a macro defined in a file (`#define depth textures[index]`, the range
/// `textures`): that file, its text and the offset of the first character,
/// and the offset of the last. Nothing for a macro's argument, an
/// expression that is not written whole in one macro body, or one of fewer
/// than `minSize` characters.
std::optional<std::pair<DiagnosticPlace, size_t>>
getExpressionInMacroBody(const clang::SourceManager &sources,
                         clang::CharSourceRange range, size_t minSize);
/// `type` written so that HLSL source can name it in a cast: scalars,
/// vectors, matrices and named structs, without address spaces. nullopt
/// for types a cast cannot name (arrays, unnamed structs).
std::optional<std::string> spellType(clang::QualType type);
/// A one-dimensional array type written so that a cast can name it:
/// `__hlsl_array_of<int, 2>::type` (a prelude helper).
std::optional<std::string> spellArrayType(clang::QualType type);
/// Whether `type` is a vector or matrix of one element.
bool hasOneElement(clang::QualType type);
/// Whether `expression` has an operator outside brackets.
bool hasTopLevelOperator(llvm::StringRef expression);
/// Whether `type` is a scalar, vector or matrix.
bool isNumeric(clang::QualType type);
/// The offset after the comment starting at `i` of `text`, or `i` if none
/// starts there.
size_t skipComment(llvm::StringRef text, size_t i);
/// `text` with its comments blanked (spaces, line breaks kept), so that
/// offsets stay those of `text`.
std::string blankComments(llvm::StringRef text);
/// Whether `type` is a matrix, or (`orVector`) a vector.
bool isMatrixOrVector(clang::QualType type, bool orVector);
/// The end (one past) of the postfix expression that starts at `at`
/// (`b[0]`, `s.m`, `f(x).y`, `1.5f`), or `at` if none does.
size_t skipPostfixExpression(llvm::StringRef text, size_t at);
/// The start of the postfix expression that ends just before `end`, or
/// `end` if none does.
size_t skipPostfixExpressionBack(llvm::StringRef text, size_t end);
/// The offset just after the last character before `at` that is neither
/// blank nor in a `//` comment.
size_t skipBackOverBlanks(llvm::StringRef text, size_t at);
/// The offset after the blanks at `at`.
size_t skipBlanks(llvm::StringRef text, size_t at);
/// The value of an assignment or initializer that starts at `first`: up to
/// the `;`, `,` or closing bracket that ends it, without trailing blanks
/// (`first`, one past the end). Nothing if it is empty or the text ends.
std::optional<std::pair<size_t, size_t>> findAssignedValue(llvm::StringRef text,
                                                           size_t first);
/// The offset of the `}` that closes the `{` at `open`, if any.
std::optional<size_t> findClosingBrace(llvm::StringRef text, size_t open);
/// The span of argument `index` (from 0) of the argument list that opens at
/// `open`, without the blanks around it.
std::optional<std::pair<size_t, size_t>>
findArgument(llvm::StringRef text, size_t open, unsigned index);
/// Whether `record` is a resource object (its handle is an HLSL resource).
bool isResourceRecord(const clang::CXXRecordDecl *record);
/// Whether `type` is a const object of a struct, class or resource type.
bool isConstObject(clang::QualType type);

/// The spans of the arms of the conditional whose `?` is at `question`:
/// up to its `:` (past nested conditionals), and from there to the end of
/// the expression (a `;`, `,` or closing bracket outside brackets). The
/// second arm must not itself continue with `?` or `:` outside brackets
/// (it would be ambiguous which conditional it belongs to). Spans exclude
/// surrounding blanks and comments.
std::optional<std::array<size_t, 4>> findConditionalArms(llvm::StringRef text,
                                                         size_t question);

} // namespace mlir::hlsl::rewrites

#endif // HLSL_LIB_FRONTEND_SOURCEREWRITESUPPORT_H
