// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Arrays of ConstantBuffer<T> are resource arrays of CBVs (fixed,
// multi-dimensional, unbounded; explicit and implicit bindings). An element's
// member is read through the element's handle: hlsl.constant_buffer_addr of
// hlsl.resource_handle, then the field of T. Elements can be passed on as
// ConstantBuffer<T> or copied as T.

struct Light { float4 color; float3 dir; uint flags; };

ConstantBuffer<Light> Lights[4] : register(b2);
ConstantBuffer<Light> Grid[2][3];
ConstantBuffer<Light> More[] : register(b0, space1);
RWStructuredBuffer<float4> Out : register(u0);

// The struct is signless; `declared` keeps its uint for reflection.
// CHECK: hlsl.resource @Lights : !hlsl.array<4 x !hlsl.res<ConstantBuffer, !hlsl.struct<"Light", {color: vector<4xf32>, dir: vector<3xf32>, flags: i32}>>> declared !hlsl.struct<"Light", {color: vector<4xf32>, dir: vector<3xf32>, flags: ui32}> binding <b2>
// CHECK: hlsl.resource @Grid : !hlsl.array<2 x !hlsl.array<3 x !hlsl.res<ConstantBuffer, !hlsl.struct<"Light", {{.*}}>>>> declared {{.*}} binding <order 0>
// CHECK: hlsl.resource @More : !hlsl.array<? x !hlsl.res<ConstantBuffer, !hlsl.struct<"Light", {{.*}}>>> declared {{.*}} binding <b0, space1>

float4 color(ConstantBuffer<Light> c) { return c.color; }
uint flagsOf(Light l) { return l.flags; }

[numthreads(4,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  // CHECK-LABEL: func.func @main
  // CHECK: %[[H:.*]] = hlsl.resource_handle @Lights[%{{.*}}] : !hlsl.res<ConstantBuffer, !hlsl.struct<"Light", {{.*}}>>
  // CHECK-NEXT: %[[P:.*]] = hlsl.constant_buffer_addr %[[H]] : !hlsl.res<ConstantBuffer, {{.*}}> -> !hlsl.ptr<!hlsl.struct<"Light", {{.*}}>, constant>
  // CHECK-NEXT: %[[D:.*]] = hlsl.field_addr %[[P]][1] : {{.*}} -> !hlsl.ptr<vector<3xf32>, constant>
  // CHECK: hlsl.element_addr %[[D]][%{{.*}}] : !hlsl.ptr<vector<3xf32>, constant>, i32 -> !hlsl.ptr<f32, constant>
  float y = Lights[id.x].dir.y;
  // CHECK: hlsl.resource_handle @Grid[%{{.*}}, %{{.*}}]
  // CHECK-NEXT: hlsl.constant_buffer_addr
  // CHECK-NEXT: hlsl.field_addr %{{.*}}[0]
  float4 g = Grid[1][id.y].color;
  // CHECK: %[[M:.*]] = hlsl.resource_handle @More[%{{.*}}]
  // CHECK: call @color(%[[M]])
  float4 c = color(More[id.x + 2]);
  // A whole element as T: one load of the struct.
  // CHECK: %[[W:.*]] = hlsl.resource_handle @Lights[%{{.*}}]
  // CHECK-NEXT: %[[WP:.*]] = hlsl.constant_buffer_addr %[[W]]
  // CHECK-NEXT: hlsl.load %[[WP]] : !hlsl.ptr<!hlsl.struct<"Light", {{.*}}>, constant>
  uint f = flagsOf(Lights[3]);
  Out[id.x] = g * y + c + f;
}
