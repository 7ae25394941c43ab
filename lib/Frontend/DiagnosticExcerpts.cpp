//===- DiagnosticExcerpts.cpp - source lines of diagnostics as written ----===//

#include "DiagnosticExcerpts.h"

#include "llvm/ADT/StringExtras.h"

using namespace llvm;
using namespace mlir::hlsl;

/// `line` as Clang quotes it: tabs expanded to the next multiple of 8.
static std::string expandTabs(StringRef line) {
  std::string out;
  for (char c : line) {
    if (c != '\t') {
      out += c;
      continue;
    }
    do
      out += ' ';
    while (out.size() % 8 != 0);
  }
  return out;
}

/// The file of a diagnostic's first line (`file:line:col: error: ...`).
static std::optional<StringRef> getDiagnosticFile(StringRef line) {
  for (StringRef kind : {": error: ", ": warning: ", ": note: ",
                         ": fatal error: ", ": remark: "}) {
    size_t at = line.find(kind);
    if (at == StringRef::npos)
      continue;
    auto [rest, column] = line.take_front(at).rsplit(':');
    auto [file, number] = rest.rsplit(':');
    if (!file.empty() && !column.empty() && !number.empty() &&
        all_of(column, isDigit) && all_of(number, isDigit))
      return file;
    return std::nullopt;
  }
  return std::nullopt;
}

void WrittenLines::addFile(StringRef file, std::string parsed,
                           std::string written) {
  if (parsed == written)
    return;
  File &entry = files[file];
  entry.parsedText = std::move(parsed);
  entry.writtenText = std::move(written);
  entry.parsed.clear();
  entry.written.clear();
  StringRef(entry.parsedText).split(entry.parsed, '\n');
  StringRef(entry.writtenText).split(entry.written, '\n');
}

std::string WrittenLines::restore(StringRef line) {
  if (std::optional<StringRef> file = getDiagnosticFile(line)) {
    current = file->str();
    return line.str();
  }
  // A quoted line: `<blanks><number> | <text>`.
  size_t bar = line.find(" | ");
  if (bar == StringRef::npos)
    return line.str();
  StringRef number = line.take_front(bar).ltrim(' ');
  unsigned index = 0;
  auto it = files.find(current);
  if (it == files.end() || number.empty() || !all_of(number, isDigit) ||
      number.getAsInteger(10, index) || index == 0)
    return line.str();
  const File &file = it->second;
  if (index > file.parsed.size() || index > file.written.size())
    return line.str();
  StringRef parsed = file.parsed[index - 1].rtrim('\r');
  StringRef written = file.written[index - 1].rtrim('\r');
  if (parsed == written || line.drop_front(bar + 3) != expandTabs(parsed))
    return line.str();
  return (line.take_front(bar + 3) + expandTabs(written)).str();
}
