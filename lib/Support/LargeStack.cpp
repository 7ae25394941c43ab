//===- LargeStack.cpp - run a tool's work on a large stack ----------------===//

#include "HLSL/Support/LargeStack.h"

#include "llvm/Support/thread.h"

#include <cstdint>
#include <optional>
#include <signal.h>

/// The lowest address of the large stack of this thread; 0 elsewhere.
static thread_local uintptr_t largeStackEnd = 0;

static uintptr_t getFrameAddress() {
  return reinterpret_cast<uintptr_t>(__builtin_frame_address(0));
}

size_t mlir::hlsl::getLargeStackLeft() {
  uintptr_t here = getFrameAddress();
  return largeStackEnd && here > largeStackEnd ? here - largeStackEnd : 0;
}

int mlir::hlsl::runWithLargeStack(llvm::function_ref<int()> body) {
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(LargeStackSize), [&] {
    // LLVM's crash handler replaces a thread's alternate signal stack by a
    // larger malloc'ed one when it registers on this thread. AddressSanitizer
    // installs its own (mmap'ed) on every thread and unmaps whatever is
    // installed when the thread exits, which aborts the process on LLVM's.
    // Put the thread's own back before it exits.
    // Stacks grow down on every target we build for. A few pages of slack
    // for what the thread library keeps at the top.
    largeStackEnd = getFrameAddress() - (LargeStackSize - (64u << 10));
    stack_t original;
    bool saved = sigaltstack(nullptr, &original) == 0;
    result = body();
    if (saved)
      sigaltstack(&original, nullptr);
  });
  worker.join();
  return result;
}
