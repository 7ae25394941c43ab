#!/usr/bin/env bash
# Syntax-check every example shader with Clang 22 and the hlsl-mlir prelude.
#
# Each example starts with a line of the form
#   // hlsl-mlir: -T <profile> [-E <entry>]
# The profile's stage selects the target triple (cs -> compute, vs -> vertex,
# ps -> pixel, lib -> library); the shader model comes from the profile too.
# Any diagnostic (error or warning) makes the check fail.
#
# Usage: examples/check-syntax.sh [file.hlsl...]   (default: all examples)
# Environment: CLANG (default /usr/lib/llvm-22/bin/clang-22),
#              EXTRA_FLAGS (e.g. "-fnative-half-type -fnative-int16-type").

set -u

here="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
prelude="$here/../lib/Frontend/prelude/hlsl_prelude.h"
clang="${CLANG:-/usr/lib/llvm-22/bin/clang-22}"
extra=(${EXTRA_FLAGS:-})

if [ ! -x "$clang" ]; then
  echo "error: $clang not found (set CLANG=...)" >&2
  exit 2
fi

if [ $# -gt 0 ]; then
  files=("$@")
else
  files=("$here"/*.hlsl)
fi

failed=0
for f in "${files[@]}"; do
  header="$(head -n 1 "$f")"
  if [[ ! "$header" =~ ^//\ hlsl-mlir:\ (.*)$ ]]; then
    echo "FAIL $f: first line must be '// hlsl-mlir: -T <profile> -E <entry>'"
    failed=1
    continue
  fi
  read -r -a opts <<< "${BASH_REMATCH[1]}"

  profile="" entry=""
  for ((i = 0; i < ${#opts[@]}; i++)); do
    case "${opts[$i]}" in
      -T) profile="${opts[$((i + 1))]:-}"; i=$((i + 1)) ;;
      -E) entry="${opts[$((i + 1))]:-}"; i=$((i + 1)) ;;
    esac
  done

  # <stage>_<major>_<minor>, e.g. cs_6_6 -> compute, shadermodel6.6
  if [[ ! "$profile" =~ ^([a-z]+)_([0-9]+)_([0-9]+)$ ]]; then
    echo "FAIL $f: cannot parse profile '$profile'"
    failed=1
    continue
  fi
  sm="${BASH_REMATCH[2]}.${BASH_REMATCH[3]}"
  case "${BASH_REMATCH[1]}" in
    cs) stage=compute ;;
    vs) stage=vertex ;;
    ps) stage=pixel ;;
    lib) stage=library ;;
    *) echo "FAIL $f: unsupported stage in profile '$profile'"; failed=1; continue ;;
  esac

  args=(-cc1 -triple "dxil-pc-shadermodel$sm-$stage" -x hlsl -fsyntax-only
        -include "$prelude" "${extra[@]}")
  if [ -n "$entry" ]; then
    args+=(-hlsl-entry "$entry")
  fi

  if out="$("$clang" "${args[@]}" "$f" 2>&1)" && [ -z "$out" ]; then
    echo "ok   $f ($profile)"
  else
    echo "FAIL $f ($profile)"
    printf '%s\n' "$out" | sed 's/^/    /'
    failed=1
  fi
done

exit $failed
