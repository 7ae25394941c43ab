// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// A constant buffer member is an lvalue to Clang but read-only: it cannot be
// an out/inout argument. The destination of an atomic must be groupshared
// memory or a UAV element. Both errors are reported.

cbuffer CB { int k; }
void Inc(inout int X) { X++; }
RWStructuredBuffer<int> Out;

[numthreads(1,1,1)]
void main() {
  // CHECK: error-out-cbuffer-member.hlsl:[[@LINE+1]]:7: error: cannot pass a constant buffer member as an out argument
  Inc(k);
  int local = 0;
  // CHECK: error-out-cbuffer-member.hlsl:[[@LINE+1]]:18: error: the destination of InterlockedAdd must be groupshared memory or a UAV element
  InterlockedAdd(local, 1);
  Out[0] = local;
}
