#!/usr/bin/env bash
# Builds the release configuration of the tools into ./build-release (or
# $HLSL_RELEASE_BUILD_DIR): hlsl-translate and hlsl-opt linked against the
# static LLVM, MLIR and Clang archives (-DHLSL_STATIC_TOOLS=ON), which start
# much faster than the development build's tools (see bench/README.md).
# Needs the packages scripts/setup.sh installs.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HLSL_RELEASE_BUILD_DIR:-$root/build-release}
if [ ! -f "$build/build.ninja" ]; then
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DHLSL_STATIC_TOOLS=ON >/dev/null
fi
ninja -C "$build" hlsl-translate hlsl-opt
