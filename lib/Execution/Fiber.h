//===- Fiber.h - stackful coroutines for the lanes of a group ---*- C++ -*-===//
//
// A lane that waits at GroupMemoryBarrierWithGroupSync must keep its stack
// while the other lanes of its group catch up: each such lane runs as a
// fiber on a stack the caller provides. A waiting lane passes control
// straight to the next lane (one switch per lane and barrier); the last one
// returns to the scheduler. On x86-64 a switch is a few register moves (no
// signal-mask system call, unlike swapcontext); other hosts use ucontext.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_EXECUTION_FIBER_H
#define HLSL_LIB_EXECUTION_FIBER_H

#include <cstddef>
#include <cstdint>

#if !defined(__x86_64__)
#include <ucontext.h>
#endif

namespace mlir::hlsl::exec {

/// Where the fibers of one group return to: the thread that resumes them.
struct FiberScheduler {
#if defined(__x86_64__)
  void *stackPointer = nullptr;
#else
  ucontext_t context;
#endif
  // AddressSanitizer's view of the scheduler's stack.
  const void *stackBottom = nullptr;
  size_t stackSize = 0;
};

class Fiber {
public:
  /// Prepares the fiber to run `body(argument)` on [stack, stack + size),
  /// returning to `scheduler` when it yields or ends.
  void reset(FiberScheduler &scheduler, uint8_t *stack, size_t size,
             void (*body)(void *), void *argument);
  /// From the scheduler: runs the fiber until it (or a fiber it passed
  /// control to) yields, or until `body` returns.
  void resume();
  /// From inside the fiber: returns to the scheduler.
  void yield();
  /// From inside the fiber: continues `next` (not done) instead.
  void switchTo(Fiber &next);
  bool isDone() const { return done; }

private:
  static void start();
  /// Leaves this fiber for `next`, or for the scheduler if null.
  void leave(Fiber *next);

  FiberScheduler *scheduler = nullptr;
  void (*body)(void *) = nullptr;
  void *argument = nullptr;
  uint8_t *stack = nullptr;
  size_t stackSize = 0;
  bool done = true;
#if defined(__x86_64__)
  void *stackPointer = nullptr;
#else
  ucontext_t context;
#endif
  [[maybe_unused]] void *fakeStack = nullptr;
};

} // namespace mlir::hlsl::exec

#endif // HLSL_LIB_EXECUTION_FIBER_H
