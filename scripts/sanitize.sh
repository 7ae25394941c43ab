#!/usr/bin/env bash
# Builds hlsl-mlir with AddressSanitizer + UndefinedBehaviorSanitizer into
# build-asan (or $HLSL_ASAN_BUILD_DIR) and runs the whole test suite on it.
# The LLVM 22 libraries stay uninstrumented; any report fails the run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HLSL_ASAN_BUILD_DIR:-$root/build-asan}
# fast_unwind_on_malloc=0: the LLVM libraries have no frame pointers, and
# leak suppressions (fuzz/lsan.supp) need whole allocation stacks.
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs from
# header code that is instrumented in our objects but not in libMLIR.so, so
# the library's own (unpoisoning-free) copies would read "poisoned" memory.
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:allow_user_poisoning=0:fast_unwind_on_malloc=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/fuzz/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
HLSL_BUILD_DIR=$build HLSL_CMAKE_ARGS="-DHLSL_STATIC_TOOLS=OFF -DHLSL_SANITIZE=address,undefined" \
  "$root/scripts/setup.sh"
HLSL_BUILD_DIR=$build exec "$root/build.sh" test
