//===- DiagnosticExcerpts.h - source lines of diagnostics as written ------===//
//
// Clang quotes the line of each diagnostic from the text it parsed. The
// importer parses the shader after text passes and source rewrites that
// keep every line and column where it was (SourceRewrites.h), so the
// quoted line can show rewritten text (`$c0  pick(...)`, a blanked
// attribute, an initializer without its braces). The printed diagnostics
// get the shader's own lines back, line by line as Clang prints them.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_DIAGNOSTICEXCERPTS_H
#define HLSL_LIB_FRONTEND_DIAGNOSTICEXCERPTS_H

#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir::hlsl {
class WrittenLines {
public:
  /// Clang parses `parsed` for `file`, whose text is `written` (the same
  /// lines and columns).
  void addFile(llvm::StringRef file, std::string parsed, std::string written);
  /// One line of Clang's printed diagnostics (without its line break): a
  /// quoted line of a file added here that shows its parsed text becomes
  /// the written line. Diagnostic headers (`file:line:col: error: ...`)
  /// say which file the next quoted lines are from.
  std::string restore(llvm::StringRef line);

private:
  struct File {
    std::string parsedText, writtenText;
    llvm::SmallVector<llvm::StringRef> parsed, written;
  };
  llvm::StringMap<File> files;
  std::string current;
};
} // namespace mlir::hlsl

#endif // HLSL_LIB_FRONTEND_DIAGNOSTICEXCERPTS_H
