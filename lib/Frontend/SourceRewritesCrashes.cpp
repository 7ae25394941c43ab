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
//   dropped (blanked).
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
//
//===----------------------------------------------------------------------===//

#include "SourceRewriteSupport.h"
#include "SourceRewrites.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"

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

bool SourceRewrites::recordAfterClangCrash(const std::string &file,
                                           llvm::StringRef text) {
  if (crashRewritesRecorded)
    return false;
  crashRewritesRecorded = true;
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
