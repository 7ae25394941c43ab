//===- LargeStack.cpp - run a tool's work on a large stack ----------------===//

#include "HLSL/Support/LargeStack.h"

#include "llvm/Support/thread.h"

#include <optional>

int mlir::hlsl::runWithLargeStack(llvm::function_ref<int()> body) {
  int result = 1;
  llvm::thread worker(std::optional<unsigned>(LargeStackSize),
                      [&] { result = body(); });
  worker.join();
  return result;
}
