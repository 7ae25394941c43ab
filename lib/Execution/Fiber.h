//===- Fiber.h - stackful coroutines for the lanes of a group ---*- C++ -*-===//
//
// A lane that waits at GroupMemoryBarrierWithGroupSync must keep its stack
// while the other lanes of its group catch up: each such lane runs as a
// fiber on a stack the caller provides. On x86-64 a fiber switch is a few
// register moves (no signal-mask system call, unlike swapcontext); other
// hosts use ucontext.
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

class Fiber {
public:
  /// Prepares the fiber to run `body(argument)` on [stack, stack + size).
  void reset(uint8_t *stack, size_t size, void (*body)(void *),
             void *argument);
  /// From the scheduler: runs the fiber until it yields or `body` returns.
  void resume();
  /// From inside the fiber: returns to the caller of resume().
  void yield();
  bool isDone() const { return done; }

private:
  static void start();
  void switchToFiber();
  void switchToScheduler();

  void (*body)(void *) = nullptr;
  void *argument = nullptr;
  uint8_t *stack = nullptr;
  size_t stackSize = 0;
  bool done = true;
#if defined(__x86_64__)
  void *stackPointer = nullptr;
  void *schedulerStackPointer = nullptr;
#else
  ucontext_t context;
  ucontext_t schedulerContext;
#endif
  // AddressSanitizer's view of the stacks being switched.
  [[maybe_unused]] void *fakeStack = nullptr;
  [[maybe_unused]] const void *schedulerStackBottom = nullptr;
  [[maybe_unused]] size_t schedulerStackSize = 0;
};

} // namespace mlir::hlsl::exec

#endif // HLSL_LIB_EXECUTION_FIBER_H
