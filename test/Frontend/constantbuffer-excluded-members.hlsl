// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): the members of a ConstantBuffer<T> are not filtered like those of a
// cbuffer: a zero-sized array and an empty struct in T become cbuffer
// members (`hlsl.cbuffer_member @b : !hlsl.array<0 x i32>`,
// `@e : !hlsl.struct<"E", {}>`), although seed 002 and the hlsl.cbuffer
// description exclude them from the layout.

struct E {};
struct T {
  float4 a;
  int b[0];
  E e;
  float c;
};
ConstantBuffer<T> CB : register(b0);
RWStructuredBuffer<float4> Out;

[numthreads(1,1,1)]
void main() { Out[0] = CB.a + CB.c; }

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.cbuffer @CB constant_buffer binding <b0> contents "T" {
// CHECK-NEXT:   hlsl.cbuffer_member @a : vector<4xf32>
// CHECK-NEXT:   hlsl.cbuffer_member @c : f32
// CHECK-NEXT: }
