//===- BatchCompile.cpp - many compiles in one hlsl-translate run ---------===//

#include "BatchCompile.h"

#include "llvm/ADT/SmallVector.h"
#include "llvm/Support/Allocator.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/StringSaver.h"
#include "llvm/Support/WithColor.h"
#include "llvm/Support/raw_ostream.h"

#include <cerrno>
#include <cstring>
#include <map>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

using namespace hlsl_translate;

llvm::Expected<std::vector<BatchJob>>
hlsl_translate::readBatchFile(llvm::StringRef path) {
  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> file =
      llvm::MemoryBuffer::getFileOrSTDIN(path, /*IsText=*/true);
  if (!file)
    return llvm::createStringError(
        file.getError(), "cannot read the job file '%s': %s",
        path.str().c_str(), file.getError().message().c_str());
  std::vector<BatchJob> jobs;
  llvm::SmallVector<llvm::StringRef> lines;
  (*file)->getBuffer().split(lines, '\n');
  llvm::BumpPtrAllocator allocator;
  llvm::StringSaver saver(allocator);
  for (auto [index, text] : llvm::enumerate(lines)) {
    llvm::StringRef trimmed = text.trim();
    if (trimmed.empty() || trimmed.starts_with("#"))
      continue;
    llvm::SmallVector<const char *> words;
    llvm::cl::TokenizeGNUCommandLine(trimmed, saver, words);
    BatchJob job;
    job.line = index + 1;
    for (const char *word : words)
      if (word)
        job.args.emplace_back(word);
    jobs.push_back(std::move(job));
  }
  return jobs;
}

namespace {
/// A job's state in the parent.
struct JobState {
  int outFd = -1, errFd = -1;
  bool done = false;
  int status = 0;
  std::string out, err;
};

std::string readAll(int fd) {
  std::string text;
  if (lseek(fd, 0, SEEK_SET) != 0)
    return text;
  char chunk[65536];
  for (;;) {
    ssize_t n = read(fd, chunk, sizeof(chunk));
    if (n < 0 && errno == EINTR)
      continue;
    if (n <= 0)
      break;
    text.append(chunk, size_t(n));
  }
  return text;
}

/// An anonymous file the child writes one stream into.
int makeCaptureFile(const char *name) {
  return memfd_create(name, MFD_CLOEXEC);
}
} // namespace

int hlsl_translate::runBatch(
    llvm::StringRef path, const std::vector<BatchJob> &jobs, unsigned parallel,
    llvm::function_ref<int(const std::vector<std::string> &)> runJob) {
  auto error = []() -> llvm::raw_ostream & {
    return llvm::WithColor::error(llvm::errs(), "hlsl-translate");
  };
  if (parallel == 0)
    parallel = 1;
  std::vector<JobState> states(jobs.size());
  std::map<pid_t, size_t> running;
  size_t next = 0, nextToPrint = 0;
  unsigned failed = 0;

  auto start = [&](size_t index) -> bool {
    JobState &state = states[index];
    state.outFd = makeCaptureFile("hlsl-translate-job-stdout");
    state.errFd = makeCaptureFile("hlsl-translate-job-stderr");
    if (state.outFd < 0 || state.errFd < 0) {
      error() << "cannot create a capture file for a job: " << strerror(errno)
              << "\n";
      return false;
    }
    // Buffered parent output would otherwise be written again by the child.
    llvm::outs().flush();
    llvm::errs().flush();
    pid_t pid = fork();
    if (pid < 0) {
      error() << "cannot start a job: " << strerror(errno) << "\n";
      return false;
    }
    if (pid == 0) {
      dup2(state.outFd, STDOUT_FILENO);
      dup2(state.errFd, STDERR_FILENO);
      int code = runJob(jobs[index].args);
      llvm::outs().flush();
      llvm::errs().flush();
      // No static destructors or atexit handlers of the parent's state: the
      // job is over and its files are closed.
      _exit(code);
    }
    running[pid] = index;
    return true;
  };

  auto finish = [&](JobState &state) {
    state.out = readAll(state.outFd);
    state.err = readAll(state.errFd);
    close(state.outFd);
    close(state.errFd);
    state.outFd = state.errFd = -1;
    state.done = true;
  };

  auto print = [&](size_t index) {
    JobState &state = states[index];
    llvm::outs() << state.out;
    llvm::outs().flush();
    llvm::errs() << state.err;
    const BatchJob &job = jobs[index];
    bool exited = WIFEXITED(state.status);
    int code = exited ? WEXITSTATUS(state.status) : 0;
    if (!exited || code != 0) {
      ++failed;
      std::string where = (path + ":" + llvm::Twine(job.line)).str();
      llvm::WithColor::error(llvm::errs(), where);
      if (exited)
        llvm::errs() << "job failed (exit status " << code << ")";
      else
        llvm::errs() << "job crashed (signal " << WTERMSIG(state.status) << ")";
      llvm::errs() << "\n";
    }
    llvm::errs().flush();
    state.out.clear();
    state.err.clear();
  };

  while (nextToPrint < jobs.size()) {
    while (running.size() < parallel && next < jobs.size()) {
      if (!start(next)) {
        // Jobs that did not start count as failed; the running ones finish.
        states[next].status = 1 << 8;
        finish(states[next]);
      }
      ++next;
    }
    if (!running.empty()) {
      int status = 0;
      pid_t pid = waitpid(-1, &status, 0);
      if (pid < 0) {
        if (errno == EINTR)
          continue;
        error() << "waiting for a job failed: " << strerror(errno) << "\n";
        return 1;
      }
      auto it = running.find(pid);
      if (it == running.end())
        continue;
      JobState &state = states[it->second];
      state.status = status;
      finish(state);
      running.erase(it);
    }
    while (nextToPrint < jobs.size() && states[nextToPrint].done)
      print(nextToPrint++);
  }
  if (failed)
    error() << failed << " of " << jobs.size() << " jobs in '" << path
            << "' failed\n";
  return failed ? 1 : 0;
}
