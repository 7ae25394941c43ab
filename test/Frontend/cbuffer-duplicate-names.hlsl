// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 002: cbuffer names need not be unique. The second `Dup` gets a unique
// symbol and keeps its source name in `name`; member reads name the right
// buffer.

cbuffer Dup { float d1; }
cbuffer Dup { float d2; }
RWBuffer<float> Out;

[numthreads(1,1,1)]
void main() { Out[0] = d1 + d2; }

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.cbuffer @Dup cbuffer binding <order 0> {
// CHECK-NEXT:   hlsl.cbuffer_member @d1 : f32
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.cbuffer @Dup_1 cbuffer binding <order 1> name "Dup" {
// CHECK-NEXT:   hlsl.cbuffer_member @d2 : f32
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.resource @Out : !hlsl.res<RWBuffer, f32> binding <order 2>
// CHECK-LABEL: func.func @main()
// CHECK-NEXT: hlsl.cbuffer_addr @Dup::@d1 : !hlsl.ptr<f32, constant>
// CHECK-NEXT: hlsl.load
// CHECK-NEXT: hlsl.cbuffer_addr @Dup_1::@d2 : !hlsl.ptr<f32, constant>
