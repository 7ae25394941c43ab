//===- BindingAllocator.h - Implicit binding allocation ---------*- C++ -*-===//
//
// Assigns registers to HLSL resources that were declared without an explicit
// `register(...)` binding, following DXC's rules as described by HLSL working
// group proposal 0024 "Implicit Resource Binding":
//
//   1. Every explicit binding reserves its range in its (register class,
//      space). Overlapping explicit bindings are errors.
//   2. Implicit bindings are then processed in declaration order. A bounded
//      one takes the lowest free range that fits; an unbounded array starts
//      right after the highest register used so far in its class and space
//      and extends to the last register.
//
// The allocator works on plain requests rather than IR so that it can be unit
// tested and reused; it only shares the dialect's ResourceClass enum. Callers
// translate requests from and results back to IR.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_DIALECT_HLSL_TRANSFORMS_BINDINGALLOCATOR_H
#define HLSL_DIALECT_HLSL_TRANSFORMS_BINDINGALLOCATOR_H

#include "HLSL/Dialect/HLSL/IR/HLSLEnums.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"

#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace hlsl {

/// Formats a register range the way diagnostics print it: `u4` for a single
/// register, `u2..u5` for a range and `u5..` for an unbounded array.
std::string formatRegisterRange(ResourceClass cls, uint32_t lowerBound,
                                std::optional<uint32_t> size);

/// One used resource. Declaration order is the order of the request list.
struct BindingRequest {
  /// Name used in diagnostics, e.g. "A" or "s.D".
  std::string name;
  /// Each class has its own register file per space.
  ResourceClass cls = ResourceClass::SRV;
  /// Register space; 0 unless given by `register(uN, spaceM)` or by a
  /// space-only `register(spaceM)`.
  uint32_t space = 0;
  /// Set for an explicit `register(uN[, spaceM])` binding.
  std::optional<uint32_t> lowerBound;
  /// Number of registers; std::nullopt for an unbounded array.
  std::optional<uint32_t> size = 1;
};

struct BindingResult {
  uint32_t lowerBound = 0;
  /// std::nullopt for an unbounded array, which extends to UINT32_MAX.
  std::optional<uint32_t> size;
  /// True if the allocator chose the register (no explicit binding).
  bool implicit = false;
};

enum class BindingErrorKind : uint8_t {
  /// Two explicit bindings share a register.
  Overlap,
  /// An explicit range extends past UINT32_MAX.
  OutOfRange,
  /// A request with size 0.
  EmptyRange,
  /// No free range was left for an implicit binding.
  NoSpace,
};

struct BindingError {
  BindingErrorKind kind;
  /// Index of the offending request. For an overlap this is the later
  /// declaration of the two.
  size_t request;
  /// For an overlap, the index of the earlier declaration it collides with.
  std::optional<size_t> other;
  /// Full human-readable message, naming the resources involved.
  std::string message;
};

struct Allocation {
  /// One entry per request, in request order. Allocation carries on past
  /// errors as if the failed requests were absent: entries of requests with
  /// an EmptyRange, OutOfRange or NoSpace error are zero-initialized, all
  /// others hold their binding. Only use them for codegen if succeeded().
  llvm::SmallVector<BindingResult, 0> results;
  /// Every error found, sorted by request index.
  llvm::SmallVector<BindingError, 0> errors;

  bool succeeded() const { return errors.empty(); }
};

/// Allocates registers for \p requests, which must contain only the resources
/// that are actually used. Runs in O(n log n) for n requests.
Allocation allocateBindings(llvm::ArrayRef<BindingRequest> requests);

} // namespace hlsl
} // namespace mlir

#endif // HLSL_DIALECT_HLSL_TRANSFORMS_BINDINGALLOCATOR_H
