//===- LargeStack.h - run a tool's work on a large stack --------*- C++ -*-===//
//
// Clang's recursive-descent parser and Sema, the importer and MLIR's
// mem2reg recurse once per nesting level of the input; the 8 MiB main
// thread stack overflows at a few thousand levels (deeply nested
// expressions, long operator chains, long call chains), which kills the
// process without a message. The tools run their work on a thread with a
// 256 MiB stack instead: pages are only committed as they are used.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_SUPPORT_LARGESTACK_H
#define HLSL_SUPPORT_LARGESTACK_H

#include "llvm/ADT/STLFunctionalExtras.h"

#include <cstddef>

namespace mlir::hlsl {

/// The stack size runWithLargeStack gives `body`.
inline constexpr unsigned LargeStackSize = 256u << 20;

/// Runs `body` on a thread with a LargeStackSize stack and returns its
/// result.
int runWithLargeStack(llvm::function_ref<int()> body);

/// The bytes of stack left below the caller when it runs on
/// runWithLargeStack's thread, 0 on any other thread.
size_t getLargeStackLeft();

} // namespace mlir::hlsl

#endif // HLSL_SUPPORT_LARGESTACK_H
