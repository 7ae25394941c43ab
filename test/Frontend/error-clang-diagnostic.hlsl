// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Clang's own diagnostics pass through with their location; nothing is
// printed on stdout and the exit code is non-zero.

RWStructuredBuffer<int> Out;

[numthreads(1,1,1)]
void main() {
  // CHECK: error-clang-diagnostic.hlsl:[[@LINE+1]]:12: error: use of undeclared identifier 'y'
  Out[0] = y;
}
// CHECK: 1 error generated.
