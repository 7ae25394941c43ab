// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Seed 001 ("Changes from DXC"): local unbounded resource arrays are not
// allowed. Clang rejects the declaration.

RWBuffer<float> Buf;
RWBuffer<float> Out;

float foo() {
  // CHECK: error-local-unbounded.hlsl:[[@LINE+1]]:19: error: definition of variable with array type needs an explicit size or an initializer
  RWBuffer<float> Unbounded[];
  Unbounded[100] = Buf;
  return Unbounded[100][0];
}

[numthreads(4,1,1)]
void main() {
  Out[0] = foo();
}
