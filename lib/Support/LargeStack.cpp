//===- LargeStack.cpp - run a tool's work on a large stack ----------------===//

#include "HLSL/Support/LargeStack.h"

#include "llvm/Support/thread.h"

#include <optional>
#include <signal.h>

int mlir::hlsl::runWithLargeStack(llvm::function_ref<int()> body) {
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(LargeStackSize), [&] {
    // LLVM's crash handler replaces a thread's alternate signal stack by a
    // larger malloc'ed one when it registers on this thread. AddressSanitizer
    // installs its own (mmap'ed) on every thread and unmaps whatever is
    // installed when the thread exits, which aborts the process on LLVM's.
    // Put the thread's own back before it exits.
    stack_t original;
    bool saved = sigaltstack(nullptr, &original) == 0;
    result = body();
    if (saved)
      sigaltstack(&original, nullptr);
  });
  worker.join();
  return result;
}
