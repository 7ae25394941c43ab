#!/usr/bin/env bash
# Installs the Debian packages the build needs (if any is missing), then
# configures and builds hlsl-mlir into ./build (or $HLSL_BUILD_DIR).
# Idempotent: prints nothing about packages when all are installed, and the
# build is incremental.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HLSL_BUILD_DIR:-$root/build}

packages=(llvm-22-dev libmlir-22-dev mlir-22-tools libclang-22-dev clang-22
          llvm-22-tools ninja-build cmake ccache libgtest-dev
          libclang-rt-22-dev python3-psutil)

missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" ||
    missing+=("$p")
done

if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  if [[ $(id -u) -ne 0 ]]; then
    echo "setup: error: packages missing and not running as root; run as root" \
         "or install them: apt-get install ${missing[*]}" >&2
    exit 1
  fi
  export DEBIAN_FRONTEND=noninteractive
  if ! apt-get update -q >/tmp/hlsl-apt.log 2>&1 ||
     ! apt-get install -y -q --no-install-recommends "${missing[@]}" \
         >>/tmp/hlsl-apt.log 2>&1; then
    echo "setup: error: apt-get failed; see /tmp/hlsl-apt.log:" >&2
    tail -n 20 /tmp/hlsl-apt.log >&2
    exit 1
  fi
fi

if [[ ! -f $build/build.ninja ]]; then
  log=$(mktemp)
  cmake -S "$root" -B "$build" -G Ninja -DCMAKE_BUILD_TYPE=Release \
    -DCMAKE_C_COMPILER=/usr/lib/llvm-22/bin/clang \
    -DCMAKE_CXX_COMPILER=/usr/lib/llvm-22/bin/clang++ \
    ${HLSL_CMAKE_ARGS:-} >"$log" 2>&1 || {
      cat "$log" >&2; rm -f "$log"; exit 1; }
  rm -f "$log"
fi

# Callers silence stdout; a failing build must still show why.
log=$(mktemp)
if ! ninja -C "$build" "$@" >"$log" 2>&1; then
  cat "$log" >&2
  rm -f "$log"
  echo "setup: error: the build failed" >&2
  exit 1
fi
cat "$log"
rm -f "$log"
