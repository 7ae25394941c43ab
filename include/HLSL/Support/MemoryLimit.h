//===- MemoryLimit.h - bounded memory for untrusted input -------*- C++ -*-===//
//
// LLVM's bitcode reader trusts the sizes and value ids in its input: a
// corrupted DXIL part can make it grow tables to tens of gigabytes. While
// such input is read, the process's address space is capped, so that the
// reader fails an allocation (which the tools' crash recovery turns into a
// "malformed" error) instead of exhausting the machine.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_SUPPORT_MEMORYLIMIT_H
#define HLSL_SUPPORT_MEMORYLIMIT_H

#include <cstdint>

namespace mlir::hlsl {
/// Caps the address space (RLIMIT_AS) at its current size plus `extraBytes`
/// until destroyed, then restores the previous limit. Does nothing where
/// the limit cannot be read or set, or under AddressSanitizer (which
/// reserves terabytes of shadow memory up front).
class ScopedMemoryLimit {
public:
  explicit ScopedMemoryLimit(uint64_t extraBytes);
  ~ScopedMemoryLimit();
  ScopedMemoryLimit(const ScopedMemoryLimit &) = delete;
  ScopedMemoryLimit &operator=(const ScopedMemoryLimit &) = delete;

private:
  bool active = false;
  uint64_t previousSoft = 0;
};
} // namespace mlir::hlsl

#endif // HLSL_SUPPORT_MEMORYLIMIT_H
