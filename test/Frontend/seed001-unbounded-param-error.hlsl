// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Seed 001's K/L/M example passes the unbounded M to `RWBuffer<float> LM1[]`.
// The seed's proposal forbids unbounded resource arrays anywhere but at global
// scope; Clang rejects such parameters.

RWBuffer<float> K[3] : register(u0);
RWBuffer<float> L[2][2] : register(u10);
RWBuffer<float> M[] : register(u0, space1);
RWBuffer<float> Out;

// CHECK: seed001-unbounded-param-error.hlsl:[[@LINE+3]]:27: error: incomplete resource array in a function parameter
// CHECK: seed001-unbounded-param-error.hlsl:[[@LINE+2]]:50: error: incomplete resource array in a function parameter
float foo(RWBuffer<float> LK[3], RWBuffer<float> LL[2][2],
          RWBuffer<float> LM1[], RWBuffer<float> LM2[]) {
  return LK[2][0] + LL[1][1][0] + LM1[100][0] + LM2[100][0];
}

[numthreads(4,1,1)]
void main() {
  Out[0] = foo(K, L, M, K);
}
