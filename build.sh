#!/usr/bin/env bash
# One entry point for the README's two commands:
#   ./build.sh example   set up, build, compile the shipped example shader
#   ./build.sh test      set up, build, run every test (lit + GoogleTest)
set -euo pipefail
root=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
build=${HLSL_BUILD_DIR:-$root/build}

case "${1:-}" in
  example)
    "$root/scripts/setup.sh" hlsl-opt hlsl-translate >/dev/null
    exec "$root/scripts/run-example.sh" "$build"
    ;;
  test)
    "$root/scripts/setup.sh" >/dev/null
    log=$(mktemp)
    status=0
    ninja -C "$build" check-hlsl 2>&1 | tee "$log" || status=$?
    # lit's own summary is not a format CI reads; add the plain one.
    passed=$(sed -n 's/^ *Passed *: *\([0-9]*\).*/\1/p' "$log" | tail -n 1)
    failed=$(grep -cE '^(FAIL|XPASS|UNRESOLVED|TIMEOUT):' "$log" || true)
    rm -f "$log"
    echo "check-hlsl: ${passed:-0} passed, ${failed:-0} failed"
    exit $status
    ;;
  *)
    echo "usage: $0 example|test" >&2
    exit 2
    ;;
esac
