// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// Seed 001: `foo(N[7])` passes a sub-array; `P[3]` inside foo is a handle
// of N's whole range [0, 49] with index 7 * 5 + 3 = 38.

RWBuffer<float> N[10][5] : register(u0);
RWBuffer<float> Out : register(u0, space1);

float foo(RWBuffer<float> P[5]) {
  return P[3][0];
}

[numthreads(4,1,1)]
void main() {
  Out[0] = foo(N[7]);
}

// CHECK: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 49, i32 0, i8 1 }, i32 38, i1 false)
// CHECK: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 1, i8 1 }, i32 0, i1 false)
// Typed UAV stores write all four components (the validator's rule): the
// value repeats, as DXC writes it.
// CHECK: call void @dx.op.bufferStore.f32(i32 69, %dx.types.Handle %{{.*}}, i32 0, i32 undef, float %[[V:[0-9]+]], float %[[V]], float %[[V]], float %[[V]], i8 15)
