#!/usr/bin/env bash
# The README's main job: compile the shipped example shader as far as the
# pipeline goes today (see README.md, "Status").
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
example=$root/examples/saxpy.mlir

echo "== $example: parse and verify the hlsl module with hlsl-opt" >&2
"$build/bin/hlsl-opt" "$example"
