//===- BatchCompile.h - many compiles in one hlsl-translate run --*- C++
//-*-===//
//
// `hlsl-translate --batch jobs.txt -j N`: each line of the job file is one
// compile's arguments. The process initializes once and forks a worker per
// job from that state, so a job costs what its compile costs, not a process
// start, and behaves exactly like the same command run alone (its own
// address space, options and exit status; a crash takes down only its job).
// Each job's stdout and stderr are captured and written in job order.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TRANSLATE_BATCHCOMPILE_H
#define HLSL_TRANSLATE_BATCHCOMPILE_H

#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace hlsl_translate {

/// One line of a job file.
struct BatchJob {
  unsigned line = 0;
  std::vector<std::string> args;
};

/// The jobs of a job file ("-" is stdin): one per non-blank line, arguments
/// split as a shell would (quotes, backslashes); lines starting with '#' are
/// comments.
llvm::Expected<std::vector<BatchJob>> readBatchFile(llvm::StringRef path);

/// Runs `runJob(job.args)` for every job in a child process, at most
/// `parallel` at a time, and returns 0 if every job returned 0, else 1.
/// After each job's captured output, a failed job gets one line naming it.
int runBatch(llvm::StringRef path, const std::vector<BatchJob> &jobs,
             unsigned parallel,
             llvm::function_ref<int(const std::vector<std::string> &)> runJob);

} // namespace hlsl_translate

#endif // HLSL_TRANSLATE_BATCHCOMPILE_H
