//===- MemoryLimit.cpp - bounded memory for untrusted input ---------------===//

#include "HLSL/Support/MemoryLimit.h"

#include <cstdio>
#include <sys/resource.h>
#include <unistd.h>

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#define HLSL_UNDER_ASAN 1
#endif
#endif

using namespace mlir::hlsl;

/// The process's current virtual size in bytes, or 0 if unknown.
static uint64_t getVirtualSize() {
  FILE *statm = std::fopen("/proc/self/statm", "r");
  if (!statm)
    return 0;
  unsigned long long pages = 0;
  int read = std::fscanf(statm, "%llu", &pages);
  std::fclose(statm);
  return read == 1 ? pages * uint64_t(sysconf(_SC_PAGESIZE)) : 0;
}

ScopedMemoryLimit::ScopedMemoryLimit(uint64_t extraBytes) {
#ifndef HLSL_UNDER_ASAN
  rlimit limit;
  uint64_t size = getVirtualSize();
  if (!size || getrlimit(RLIMIT_AS, &limit) != 0)
    return;
  uint64_t cap = size + extraBytes;
  // Never raise a limit the user set, nor go above the hard limit.
  if (limit.rlim_cur != RLIM_INFINITY && limit.rlim_cur <= cap)
    return;
  if (limit.rlim_max != RLIM_INFINITY && limit.rlim_max < cap)
    cap = limit.rlim_max;
  previousSoft = limit.rlim_cur;
  limit.rlim_cur = cap;
  active = setrlimit(RLIMIT_AS, &limit) == 0;
#else
  (void)extraBytes;
#endif
}

ScopedMemoryLimit::~ScopedMemoryLimit() {
  if (!active)
    return;
  rlimit limit;
  if (getrlimit(RLIMIT_AS, &limit) != 0)
    return;
  limit.rlim_cur = previousSoft;
  setrlimit(RLIMIT_AS, &limit);
}
