// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// An out/inout argument must be an lvalue: Clang's message (its spelling
// included) for each bad argument. (A constant buffer member: see
// error-out-cbuffer-member.hlsl.)

void Init(out int X) { X = 1; }

[numthreads(1,1,1)]
void main() {
  int a;
  // CHECK: error-out-not-lvalue.hlsl:[[@LINE+1]]:8: error: cannot bind non-lvalue argument 'a + 1' to out paramemter
  Init(a + 1);
  // CHECK: error-out-not-lvalue.hlsl:[[@LINE+1]]:8: error: cannot bind non-lvalue argument '5' to out paramemter
  Init(5);
}
