// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Seed 001: only the first dimension of a resource array may be unbounded.
// Clang rejects `F[4][]` with the message the seed quotes for DXC.

// CHECK: error-unbounded-not-first.hlsl:[[@LINE+1]]:18: error: array has incomplete element type 'RWBuffer<float>[]'
RWBuffer<float> F[4][];

[numthreads(1,1,1)]
void main() {}
