#!/usr/bin/env bash
# The README's main job: compile the shipped example shader to a DXIL
# container and print its disassembly (parts and module).
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${1:-$root/build}
example=$root/examples/saxpy.hlsl
# The first line of every example names its profile and entry point.
read -r -a flags <<<"$(head -n 1 "$example" | sed 's|^// hlsl-mlir:||')"
out=$build/saxpy.dxil

echo "== $example ${flags[*]} -> $out" >&2
"$build/bin/hlsl-translate" --to-dxil "$example" "${flags[@]}" -Fo "$out" \
  -Fc "$out.txt"
cat "$out.txt"
echo "== wrote $out ($(wc -c <"$out") bytes)" >&2
