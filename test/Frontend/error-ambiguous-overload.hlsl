// RUN: not hlsl-translate --import-hlsl %s -T cs_6_0 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// Calls that DXC finds ambiguous are errors, also where C++'s ranking
// (Clang's) would choose: DXC scores `two(int, int)` and `two(uint, uint)`
// alike for literals, and `one(float)` and `one(double)` alike for a
// literal float.

RWStructuredBuffer<uint> Out : register(u0);
uint two(int a, int b) { return 200; }
uint two(uint a, uint b) { return 300; }
uint one(float a) { return 1; }
uint one(double a) { return 2; }

[numthreads(1, 1, 1)]
void main() {
  // CHECK: error-ambiguous-overload.hlsl:[[@LINE+3]]:12: error: call to 'two' is ambiguous
  // CHECK: error-ambiguous-overload.hlsl:8:6: note: candidate function
  // CHECK: error-ambiguous-overload.hlsl:9:6: note: candidate function
  Out[0] = two(2, 2);
  // CHECK: error-ambiguous-overload.hlsl:[[@LINE+3]]:12: error: call to 'one' is ambiguous
  // CHECK: error-ambiguous-overload.hlsl:10:6: note: candidate function
  // CHECK: error-ambiguous-overload.hlsl:11:6: note: candidate function
  Out[1] = one(1.5);
  // Not ambiguous: a suffix gives the literal its type.
  Out[2] = one(1.5f) + two(2u, 2);
}
// CHECK: 2 errors generated.
