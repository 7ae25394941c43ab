// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): assigning a struct from a
// function result calls the implicit move assignment operator, which was
// imported as a function returning the struct by value where its type says
// a reference: "type of return operand 0 ... doesn't match function result
// type ... in function @Plane::operator=". It is a plain copy, like the copy
// assignment from a variable.
struct Plane {
  float3 n;
  float d;
};

Plane make(float3 a) {
  Plane p;
  p.n = a;
  p.d = 1;
  return p;
}

RWStructuredBuffer<float4> Out;

// CHECK-LABEL: func.func @main
// CHECK-NOT: operator=
// CHECK: %[[P:.*]] = call @make(
// CHECK: hlsl.store %[[P]], %{{.*}} : !hlsl.ptr<!hlsl.struct<"Plane", {n: vector<3xf32>, d: f32}>>
// CHECK: %[[Q:.*]] = call @make(
// CHECK: hlsl.store %[[Q]], %{{.*}} : !hlsl.ptr<!hlsl.struct<"Plane", {n: vector<3xf32>, d: f32}>>
// CHECK-NOT: func.func @{{.*}}operator=
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Plane p;
  p = make(float3(id));
  Plane planes[2];
  planes[1] = make(float3(1, 2, 3));
  Out[id.x] = float4(p.n, p.d) + float4(planes[1].n, planes[1].d);
}
