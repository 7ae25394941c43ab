// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -o %t.dxil -Fc %t.ll 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: FileCheck %s < %t.ll
// RUN: %if dxv %{ %dxv %t.dxil %}
// Seed 001's K/L/M example passes the unbounded M and the sized K to
// `RWBuffer<float> LM1[]` and `LM2[]`. The seed's proposal forbids unbounded
// resource arrays anywhere but at global scope (Clang 22 refuses such
// parameters); DXC compiles the example, and so do we (the import makes foo
// a template over the unsized parameters' types). `LM2[100]` reads K, of
// three resources, at 100: DXC takes the index modulo the size (K[1]); we
// do the same, with a warning. The handles are DXC's.

RWBuffer<float> K[3] : register(u0);
RWBuffer<float> L[2][2] : register(u10);
RWBuffer<float> M[] : register(u0, space1);
RWBuffer<float> Out;

// WARN: seed001-unbounded-param.hlsl:[[@LINE+3]]:49: warning: index 100 is out of bounds of the resource array 'K' (3 resources); as DXC, index 1 is taken
float foo(RWBuffer<float> LK[3], RWBuffer<float> LL[2][2],
          RWBuffer<float> LM1[], RWBuffer<float> LM2[]) {
  return LK[2][0] + LL[1][1][0] + LM1[100][0] + LM2[100][0];
}

// CHECK-DAG: createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 2, i32 0, i8 1 }, i32 2, i1 false)
// CHECK-DAG: createHandleFromBinding(i32 217, %dx.types.ResBind { i32 10, i32 13, i32 0, i8 1 }, i32 13, i1 false)
// CHECK-DAG: createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 -1, i32 1, i8 1 }, i32 100, i1 false)
// CHECK-DAG: createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 2, i32 0, i8 1 }, i32 1, i1 false)
[numthreads(4,1,1)]
void main() {
  Out[0] = foo(K, L, M, K);
}
