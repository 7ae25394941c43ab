#!/usr/bin/env bash
# Builds the libFuzzer targets with ASan+UBSan into build-fuzz (or
# $HLSL_FUZZ_BUILD_DIR) and runs each for N minutes (default 10) on a corpus
# seeded from test/ and examples/. Crashes land in fuzz/crashes/<target>/.
#   scripts/fuzz.sh [minutes] [target...]
# Targets: import (HLSL source), mlir (.mlir into the pipeline), container
# (DXIL containers into the reader), pipeline (hlsl-run's pipeline YAML). Fork mode keeps fuzzing after a crash,
# so every target runs its full time and collects every crash it finds.
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
build=${HLSL_FUZZ_BUILD_DIR:-$root/build-fuzz}
minutes=${1:-10}
shift || true
targets=("$@")
((${#targets[@]})) || targets=(import mlir container pipeline)

HLSL_BUILD_DIR=$build HLSL_CMAKE_ARGS="-DHLSL_STATIC_TOOLS=OFF -DHLSL_BUILD_FUZZERS=ON -DHLSL_SANITIZE=address,undefined" \
  "$root/scripts/setup.sh" hlsl-fuzz-import hlsl-fuzz-mlir hlsl-fuzz-container \
  hlsl-fuzz-pipeline hlsl-translate

# See scripts/sanitize.sh for allow_user_poisoning=0.
export ASAN_OPTIONS=${ASAN_OPTIONS:-allow_user_poisoning=0:fast_unwind_on_malloc=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-print_stacktrace=1:halt_on_error=1}
export LSAN_OPTIONS=${LSAN_OPTIONS:-suppressions=$root/fuzz/lsan.supp}

work=$root/fuzz/work
mkdir -p "$work"
seed() { # target, then find arguments
  local dir=$work/$1-seeds
  shift
  rm -rf "$dir"; mkdir -p "$dir"
  find "$@" -type f -exec cp -t "$dir" {} + 2>/dev/null || true
  echo "$dir"
}

for target in "${targets[@]}"; do
  case $target in
    import) seeds=$(seed import "$root/examples" "$root/test/Frontend" "$root/bench/shaders" -name '*.hlsl')
            extra=(-dict="$root/fuzz/hlsl.dict" -max_len=8192) ;;
    mlir) seeds=$(seed mlir "$root/test/Dialect" "$root/test/Transforms" "$root/test/Conversion" -name '*.mlir')
          extra=(-max_len=16384) ;;
    container)
      seeds=$work/container-seeds
      rm -rf "$seeds"; mkdir -p "$seeds"
      for f in "$root"/examples/*.hlsl; do
        profile=$(sed -n 's|^// hlsl-mlir: ||p' "$f" | head -n 1)
        # shellcheck disable=SC2086
        "$build/bin/hlsl-translate" --to-dxil "$f" $profile -Fo "$seeds/$(basename "$f" .hlsl).dxil" 2>/dev/null || true
      done
      extra=(-max_len=65536) ;;
    pipeline)
      # The pipeline.yaml part of every test/Run test.
      seeds=$work/pipeline-seeds
      rm -rf "$seeds"; mkdir -p "$seeds"
      for f in "$root"/test/Run/*.test; do
        sed -n '/^#--- pipeline.yaml/,/^#--- /{/^#--- /d;p}' "$f" >"$seeds/$(basename "$f" .test).yaml"
      done
      extra=(-max_len=16384) ;;
    *) echo "fuzz.sh: unknown target '$target'" >&2; exit 2 ;;
  esac
  corpus=$work/$target-corpus
  crashes=$root/fuzz/crashes/$target
  mkdir -p "$corpus" "$crashes"
  echo "== hlsl-fuzz-$target for $minutes min (seeds: $(ls "$seeds" | wc -l))"
  "$build/bin/hlsl-fuzz-$target" "$corpus" "$seeds" "${extra[@]}" \
    -max_total_time=$((minutes * 60)) -timeout=30 -rss_limit_mb=4096 \
    -fork=1 -ignore_crashes=1 -ignore_timeouts=1 -ignore_ooms=1 \
    -artifact_prefix="$crashes/" -close_fd_mask=3 -print_final_stats=1 \
    >"$work/$target.log" 2>&1 || true
  grep -E '(DONE|ERROR|SUMMARY|stat::number_of_executed_units|stat::peak_rss_mb|Test unit written)' \
    "$work/$target.log" || true
  echo "== crashes so far in $crashes: $(ls "$crashes" | wc -l)"
done
