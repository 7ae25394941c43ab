//===- Fiber.cpp - stackful coroutines for the lanes of a group -----------===//

#include "Fiber.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HLSL_FIBER_ASAN 1
#endif
#endif
#ifdef HLSL_FIBER_ASAN
#include <pthread.h>
#include <sanitizer/common_interface_defs.h>
#endif

using namespace mlir::hlsl::exec;

namespace {
/// The fiber being entered for the first time; read once by Fiber::start.
thread_local Fiber *startingFiber = nullptr;
} // namespace

#if defined(__x86_64__)
// Saves the callee-saved registers on the current stack, stores the stack
// pointer to *save and continues on the stack `load` (whose top has the
// same layout). MXCSR and the x87 control word are left alone: the fibers
// of a thread all run with the thread's (shader code never changes them),
// and loading them costs more than the rest of the switch.
extern "C" void hlsl_run_switch_stack(void **save, void *load);
asm(R"(
  .text
  .p2align 4
  .type hlsl_run_switch_stack,@function
hlsl_run_switch_stack:
  pushq %rbp
  pushq %rbx
  pushq %r12
  pushq %r13
  pushq %r14
  pushq %r15
  movq %rsp, (%rdi)
  movq %rsi, %rsp
  popq %r15
  popq %r14
  popq %r13
  popq %r12
  popq %rbx
  popq %rbp
  ret
  .size hlsl_run_switch_stack, .-hlsl_run_switch_stack
)");
#endif

void Fiber::reset(FiberScheduler &scheduler, uint8_t *stack, size_t size,
                  void (*body)(void *), void *argument) {
  this->scheduler = &scheduler;
  this->stack = stack;
  stackSize = size;
  this->body = body;
  this->argument = argument;
  done = false;
#if defined(__x86_64__)
  // The first switch pops six registers and "returns" to start() with the
  // stack 8 bytes off 16-byte alignment, as at any call.
  auto top = reinterpret_cast<uintptr_t>(stack + size) & ~uintptr_t(15);
  auto *frame = reinterpret_cast<uint64_t *>(top - 8 - 56);
  for (unsigned i = 0; i < 6; ++i)
    frame[i] = 0;
  frame[6] = reinterpret_cast<uint64_t>(&Fiber::start);
  stackPointer = frame;
#else
  getcontext(&context);
  context.uc_stack.ss_sp = stack;
  context.uc_stack.ss_size = size;
  context.uc_link = nullptr;
  makecontext(&context, &Fiber::start, 0);
#endif
}

void Fiber::start() {
  Fiber *fiber = startingFiber;
#ifdef HLSL_FIBER_ASAN
  __sanitizer_finish_switch_fiber(nullptr, nullptr, nullptr);
#endif
  fiber->body(fiber->argument);
  fiber->done = true;
  fiber->leave(nullptr);
  __builtin_unreachable();
}

void Fiber::resume() {
  startingFiber = this;
#ifdef HLSL_FIBER_ASAN
  if (!scheduler->stackBottom) {
    pthread_attr_t attributes;
    void *bottom = nullptr;
    if (pthread_getattr_np(pthread_self(), &attributes) == 0) {
      pthread_attr_getstack(&attributes, &bottom, &scheduler->stackSize);
      pthread_attr_destroy(&attributes);
    }
    scheduler->stackBottom = bottom;
  }
  void *schedulerFake = nullptr;
  __sanitizer_start_switch_fiber(&schedulerFake, stack, stackSize);
#endif
#if defined(__x86_64__)
  hlsl_run_switch_stack(&scheduler->stackPointer, stackPointer);
#else
  swapcontext(&scheduler->context, &context);
#endif
#ifdef HLSL_FIBER_ASAN
  __sanitizer_finish_switch_fiber(schedulerFake, nullptr, nullptr);
#endif
}

void Fiber::leave(Fiber *next) {
  if (next)
    startingFiber = next;
#ifdef HLSL_FIBER_ASAN
  // A finished fiber is never resumed: ASan may forget its fake stack.
  __sanitizer_start_switch_fiber(done ? nullptr : &fakeStack,
                                 next ? next->stack : scheduler->stackBottom,
                                 next ? next->stackSize : scheduler->stackSize);
#endif
#if defined(__x86_64__)
  hlsl_run_switch_stack(&stackPointer,
                        next ? next->stackPointer : scheduler->stackPointer);
#else
  swapcontext(&context, next ? &next->context : &scheduler->context);
#endif
#ifdef HLSL_FIBER_ASAN
  __sanitizer_finish_switch_fiber(fakeStack, nullptr, nullptr);
#endif
}

void Fiber::yield() { leave(nullptr); }

void Fiber::switchTo(Fiber &next) { leave(&next); }
