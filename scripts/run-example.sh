#!/usr/bin/env bash
# The README's main job: compile the shipped example shader as far as the
# pipeline goes today (see README.md, "Status"): import the HLSL through
# Clang, run every hlsl pass and print the binding table and the result.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
example=$root/examples/saxpy.hlsl
# The first line of every example names its profile and entry point.
read -r -a flags <<<"$(head -n 1 "$example" | sed 's|^// hlsl-mlir:||')"

echo "== $example ${flags[*]}: import, hlsl-pipeline, bindings" >&2
"$build/bin/hlsl-translate" --import-hlsl "$example" "${flags[@]}" |
  "$build/bin/hlsl-opt" --hlsl-pipeline --hlsl-print-bindings
