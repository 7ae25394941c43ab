//===- SourceRewritesScopes.cpp - DXC's scoping of names -----------------===//
//
// Rewrites of where names are declared: a `for` statement's variables seen
// after the loop (before HLSL 2021), namespaces inside constant buffers.
//
//===----------------------------------------------------------------------===//

#include "SourceRewriteSupport.h"
#include "SourceRewrites.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::hlsl;
using namespace mlir::hlsl::rewrites;

/// Whether the `for` initializer `init` declares `name` (`uint i = 0`,
/// `int j = 1, i`): a type, then `name` as one of the declarators.
static bool declaresName(llvm::StringRef init, llvm::StringRef name) {
  init = init.trim();
  // The type: a name, possibly `const`/`uint`-style words and a template
  // argument list, followed by the first declarator's name.
  llvm::StringRef first = init.take_while(isIdentifierChar);
  if (first.empty() || first == name)
    return false;
  for (size_t i = 0; i + name.size() <= init.size(); ++i) {
    if (!isWordAt(init, i, name))
      continue;
    // Before it: the type (a name or `>`) or a comma; after it: `=`, `,`,
    // `[` or the end.
    size_t before = i;
    while (before > 0 && llvm::isSpace(init[before - 1]))
      --before;
    if (before == 0 || before == i)
      continue;
    char b = init[before - 1];
    size_t at = skipBlanks(init, i + name.size());
    char a = at < init.size() ? init[at] : ';';
    if ((isIdentifierChar(b) || b == '>' || b == ',') &&
        (a == '=' || a == ',' || a == '[' || a == ';'))
      return true;
  }
  return false;
}

/// `for (uint i = 0; ...) ...; use(i);`: before HLSL 2021 a `for`
/// statement's variables are visible after it, in the enclosing block (DXC
/// keeps that scoping for -HV 2018 and earlier). The declaration is hoisted
/// before the loop (with its attributes): `uint i = 0; [unroll] for (; ...)`.
bool SourceRewrites::recordForLoopVariableAfterLoop(
    const clang::Diagnostic &info) {
  if (hlsl2021 || (info.getID() != clang::diag::err_undeclared_var_use &&
                   info.getID() != clang::diag::err_undeclared_var_use_suggest))
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef name = place->word();
  llvm::StringRef text = place->text;
  if (name.empty())
    return false;
  // Backwards from the use: a `for` at the use's block level or in a block
  // that encloses it (not in a block closed before the use).
  int depth = 0, minDepth = 0;
  for (size_t at = place->offset; at-- > 0;) {
    char c = text[at];
    if (c == '}') {
      ++depth;
      continue;
    }
    if (c == '{') {
      --depth;
      minDepth = std::min(minDepth, depth);
      continue;
    }
    if (depth != minDepth || !text.substr(at).starts_with("for") ||
        (at > 0 && isIdentifierChar(text[at - 1])) ||
        (at + 3 < text.size() && isIdentifierChar(text[at + 3])))
      continue;
    size_t open = at + 3;
    open = skipBlanks(text, open);
    if (open >= text.size() || text[open] != '(')
      continue;
    // The initializer ends at the first `;` inside the parentheses.
    size_t semicolon = open + 1;
    int nested = 0;
    for (; semicolon < text.size(); ++semicolon) {
      char d = text[semicolon];
      if (d == '(' || d == '[' || d == '{')
        ++nested;
      else if (d == ')' || d == ']' || d == '}')
        --nested;
      if (nested < 0 || (d == ';' && nested == 0))
        break;
    }
    if (semicolon >= text.size() || text[semicolon] != ';')
      return false;
    llvm::StringRef init = text.slice(open + 1, semicolon);
    if (!declaresName(init, name))
      continue;
    // The statement starts at its attributes (`[unroll] for`), and must
    // stand in a block (after `;`, `{` or `}`), where a declaration can.
    size_t start = at;
    while (true) {
      size_t before = skipBackOverBlanks(text, start);
      if (before == 0 || text[before - 1] != ']')
        break;
      size_t bracket = before - 1;
      while (bracket > 0 && text[bracket] != '[')
        --bracket;
      if (text[bracket] != '[')
        return false;
      start = bracket;
    }
    size_t before = skipBackOverBlanks(text, start);
    if (before > 0 && !llvm::StringRef(";{}").contains(text[before - 1]))
      return false;
    std::string expansion =
        (init.trim() + "; " + text.slice(start, open) + "(;").str();
    return replaceWithMacro(place->file, start, semicolon, "$c",
                            std::move(expansion), text);
  }
  return false;
}

/// The declared type of a hoisted `for` declaration (`uint i = 5; for (;`)
/// when `name` is its first declarator.
static std::optional<llvm::StringRef>
getHoistedDeclarationType(llvm::StringRef expansion, llvm::StringRef name) {
  llvm::StringRef declaration =
      expansion.take_until([](char c) { return c == ';'; });
  for (size_t at = 0; at + name.size() <= declaration.size(); ++at) {
    if (!isWordAt(declaration, at, name))
      continue;
    llvm::StringRef type = declaration.take_front(at).trim();
    if (type.empty() || type.contains(','))
      return std::nullopt;
    return type;
  }
  return std::nullopt;
}

/// `for (uint i = 0; ...) ...; for (uint i = 5; ...) ...; use(i);` before
/// HLSL 2021: both loops' declarations are hoisted
/// (recordForLoopVariableAfterLoop) and the second redefines the first in
/// the block. DXC warns ("redefinition of 'i' shadows declaration in the
/// outer scope; most recent declaration will be used"); of the same type,
/// the second declaration is an assignment of the first variable, which is
/// the same: `i = 5; for (;`.
bool SourceRewrites::recordForLoopVariableRedefinition(
    const clang::Diagnostic &info) {
  if (hlsl2021 || info.getID() != clang::diag::err_redefinition ||
      info.getNumArgs() < 1)
    return false;
  std::string name;
  if (info.getArgKind(0) == clang::DiagnosticsEngine::ak_nameddecl)
    name = reinterpret_cast<const clang::NamedDecl *>(info.getRawArg(0))
               ->getName()
               .str();
  else if (info.getArgKind(0) == clang::DiagnosticsEngine::ak_declarationname)
    name = clang::DeclarationName::getFromOpaqueInteger(info.getRawArg(0))
               .getAsString();
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || name.empty())
    return false;
  llvm::StringRef use = place->text.drop_front(place->offset);
  if (!use.starts_with("$c"))
    return false;
  std::string macro =
      ("$c" + use.drop_front(2).take_while(llvm::isDigit)).str();
  auto found = macros.find(macro);
  if (found == macros.end())
    return false;
  std::optional<llvm::StringRef> type =
      getHoistedDeclarationType(found->second, name);
  if (!type)
    return false;
  bool sameTypeBefore = llvm::any_of(macros, [&](const auto &other) {
    return other.getKey() != macro && other.getKey().starts_with("$c") &&
           getHoistedDeclarationType(other.second, name) == type;
  });
  if (!sameTypeBefore)
    return false;
  found->second = llvm::StringRef(found->second)
                      .drop_front(found->second.find(name, type->size()))
                      .str();
  ++constructs;
  return true;
}

/// `cbuffer B { namespace N { float c; } }`: DXC declares c in B and names
/// it N::c; Clang refuses namespaces in buffers. The namespace's braces and
/// name become blanks (c is B's member), and its uses drop the `N::`
/// (recordFlattenedNamespaceUse).
bool SourceRewrites::recordNamespaceInCBuffer(const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_invalid_declaration_in_hlsl_buffer)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  // The `namespace` keyword at or just before the place.
  size_t keyword =
      text.take_front(std::min<size_t>(place->offset + 9, text.size()))
          .rfind("namespace");
  if (keyword == llvm::StringRef::npos ||
      text.slice(keyword + 9, place->offset).find_first_not_of(" \t\r\n") !=
          llvm::StringRef::npos)
    return false;
  size_t nameStart = keyword + 9;
  nameStart = skipBlanks(text, nameStart);
  llvm::StringRef name =
      text.drop_front(nameStart).take_while(isIdentifierChar);
  size_t open = nameStart + name.size();
  open = skipBlanks(text, open);
  if (name.empty() || open >= text.size() || text[open] != '{')
    return false;
  std::optional<size_t> close = findClosingBrace(text, open);
  if (!close)
    return false;
  // The names declared in the block: each declarator's name, before `;`,
  // `,`, `[`, `:` or `=`.
  llvm::StringRef body = text.slice(open + 1, *close);
  llvm::StringSet<> &members = flattenedNamespaces[name];
  int depth = 0;
  for (size_t i = 0; i < body.size(); ++i) {
    char c = body[i];
    if (c == '{' || c == '(' || c == '[')
      ++depth;
    else if (c == '}' || c == ')' || c == ']')
      --depth;
    if (depth != 0 || !isIdentifierChar(c) ||
        (i > 0 && isIdentifierChar(body[i - 1])))
      continue;
    llvm::StringRef word = body.drop_front(i).take_while(isIdentifierChar);
    size_t after = i + word.size();
    after = skipBlanks(body, after);
    if (after < body.size() && llvm::StringRef(";,[:=").contains(body[after]))
      members.insert(word);
  }
  if (members.empty())
    return false;
  auto &fileEdits = edits[place->file];
  for (size_t at = keyword; at <= open; ++at)
    if (!llvm::isSpace(text[at]))
      fileEdits[at] = ' ';
  fileEdits[*close] = ' ';
  ++constructs;
  return true;
}

/// `N::c` where c was declared in a namespace inside a constant buffer
/// (recordNamespaceInCBuffer): `c`, the qualifier made blanks.
bool SourceRewrites::recordFlattenedNamespaceUse(
    const clang::Diagnostic &info) {
  if (flattenedNamespaces.empty() ||
      !llvm::is_contained({clang::diag::err_no_member,
                           clang::diag::err_no_member_suggest,
                           clang::diag::err_undeclared_var_use,
                           clang::diag::err_undeclared_var_use_suggest},
                          info.getID()))
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  llvm::StringRef text = place->text;
  // The qualifier and the member around the place: `N :: c`.
  size_t at = place->offset;
  llvm::StringRef word = place->word();
  size_t qualifierStart, memberStart;
  llvm::StringRef qualifier, member;
  size_t after = at + word.size();
  after = skipBlanks(text, after);
  if (text.substr(after).starts_with("::")) {
    // At the qualifier (an undeclared namespace).
    qualifierStart = at;
    qualifier = word;
    memberStart = after + 2;
    memberStart = skipBlanks(text, memberStart);
    member = text.drop_front(memberStart).take_while(isIdentifierChar);
  } else {
    // At the member.
    size_t colons = at;
    while (colons > 0 && llvm::isSpace(text[colons - 1]))
      --colons;
    if (colons < 2 || text.slice(colons - 2, colons) != "::")
      return false;
    size_t end = colons - 2;
    while (end > 0 && llvm::isSpace(text[end - 1]))
      --end;
    qualifierStart = end;
    while (qualifierStart > 0 && isIdentifierChar(text[qualifierStart - 1]))
      --qualifierStart;
    qualifier = text.slice(qualifierStart, end);
    memberStart = at;
    member = word;
  }
  auto it = flattenedNamespaces.find(qualifier);
  if (qualifier.empty() || member.empty() || it == flattenedNamespaces.end() ||
      !it->second.contains(member) ||
      (qualifierStart > 0 && text[qualifierStart - 1] == ':'))
    return false;
  auto &fileEdits = edits[place->file];
  for (size_t i = qualifierStart; i < memberStart; ++i)
    if (!llvm::isSpace(text[i]))
      fileEdits[i] = ' ';
  ++constructs;
  return true;
}
