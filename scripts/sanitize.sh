#!/usr/bin/env bash
# Builds hlsl-mlir with AddressSanitizer + UndefinedBehaviorSanitizer into
# build-asan (or $HLSL_ASAN_BUILD_DIR) and runs the whole test suite on it.
# The LLVM 22 libraries stay uninstrumented; any report fails the run.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HLSL_ASAN_BUILD_DIR:-$root/build-asan}
# allow_user_poisoning=0: LLVM's BumpPtrAllocator poisons its slabs from
# header code that is instrumented in our objects but not in the LLVM
# archives, so the archives' own (unpoisoning-free) copies would read
# "poisoned" memory.
# The tools link the static LLVM archives, as the default build does: the
# shared libraries cost ~0.1 s of dynamic relocation at every start, and the
# suite starts the tools ~1,800 times. Allocation stacks use the fast
# (frame-pointer) unwinder, which stops in the uninstrumented LLVM code; the
# slow one doubled the suite's time and only served leak suppressions by
# name (the one leak the suite triggers on purpose, a crashed bitcode
# reader's, is kept out of the leak checker in the code instead).
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=1:allow_user_poisoning=0}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/fuzz/lsan.supp}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
HLSL_BUILD_DIR=$build HLSL_CMAKE_ARGS="-DHLSL_SANITIZE=address,undefined" \
  "$root/scripts/setup.sh"
HLSL_BUILD_DIR=$build exec "$root/build.sh" test
