// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// static and groupshared module-level variables (hlsl.global), with the init
// region of static initializers (`const` for static const), static locals,
// and their addresses in the static/groupshared address spaces.

RWStructuredBuffer<float> Out;
static float scale = 2.0;
static const int kCount = 4;
static const float kWeights[3] = {0.25, 0.5, 0.25};
static int counter;
groupshared float tile[64];
groupshared uint total;

[numthreads(64,1,1)]
void main(uint gi : SV_GroupIndex) {
  static int local_static = 5;
  tile[gi] = scale * kCount + kWeights[1];
  counter++;
  local_static++;
  total = 0;
  Out[gi] = tile[63 - gi] + counter + local_static + total;
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @Out : !hlsl.res<RWStructuredBuffer, f32> binding <order 0>
// CHECK-NEXT: hlsl.global static @scale : f32 init {
// CHECK-NEXT:   %[[C:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT:   hlsl.yield %[[C]] : f32
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.global static const @kCount : i32 init {
// CHECK-NEXT:   %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:   hlsl.yield %[[C4]] : i32
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.global static const @kWeights : !hlsl.array<3 x f32> init {
// CHECK-NEXT:   %[[W0:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT:   %[[W1:.*]] = arith.constant 5.000000e-01 : f32
// CHECK-NEXT:   %[[W2:.*]] = arith.constant 2.500000e-01 : f32
// CHECK-NEXT:   %[[WA:.*]] = hlsl.construct(%[[W0]], %[[W1]], %[[W2]]) : (f32, f32, f32) -> !hlsl.array<3 x f32>
// CHECK-NEXT:   hlsl.yield %[[WA]] : !hlsl.array<3 x f32>
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.global static @counter : i32{{$}}
// CHECK-NEXT: hlsl.global groupshared @tile : !hlsl.array<64 x f32>{{$}}
// CHECK-NEXT: hlsl.global groupshared @total : i32{{$}}

// CHECK-LABEL: func.func @main(
// CHECK-SAME: %{{.*}}: i32 {hlsl.semantic = "SV_GroupIndex"})
// CHECK-SAME: attributes {hlsl.entry, hlsl.numthreads = array<i32: 64, 1, 1>, hlsl.shader = #hlsl<shader compute>}
// CHECK: %[[SC:.*]] = hlsl.global_addr @scale : !hlsl.ptr<f32, static>
// CHECK-NEXT: hlsl.load %[[SC]] : !hlsl.ptr<f32, static>
// CHECK-NEXT: %[[KC:.*]] = hlsl.global_addr @kCount : !hlsl.ptr<i32, static>
// CHECK-NEXT: hlsl.load %[[KC]] : !hlsl.ptr<i32, static>
// CHECK: %[[KW:.*]] = hlsl.global_addr @kWeights : !hlsl.ptr<!hlsl.array<3 x f32>, static>
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[KW1:.*]] = hlsl.element_addr %[[KW]][%[[C1]]] : !hlsl.ptr<!hlsl.array<3 x f32>, static>, i32 -> !hlsl.ptr<f32, static>
// CHECK-NEXT: hlsl.load %[[KW1]] : !hlsl.ptr<f32, static>
// CHECK: %[[T:.*]] = hlsl.global_addr @tile : !hlsl.ptr<!hlsl.array<64 x f32>, groupshared>
// CHECK-NEXT: %[[GI:.*]] = hlsl.load
// CHECK-NEXT: %[[TE:.*]] = hlsl.element_addr %[[T]][%[[GI]]] : !hlsl.ptr<!hlsl.array<64 x f32>, groupshared>, i32 -> !hlsl.ptr<f32, groupshared>
// CHECK-NEXT: hlsl.store %{{.*}}, %[[TE]] : !hlsl.ptr<f32, groupshared>
// CHECK-NEXT: %[[CN:.*]] = hlsl.global_addr @counter : !hlsl.ptr<i32, static>
// CHECK: hlsl.store %{{.*}}, %[[CN]] : !hlsl.ptr<i32, static>
// CHECK-NEXT: %[[LS:.*]] = hlsl.global_addr @local_static : !hlsl.ptr<i32, static>
// CHECK: hlsl.store %{{.*}}, %[[LS]] : !hlsl.ptr<i32, static>
// CHECK: %[[TO:.*]] = hlsl.global_addr @total : !hlsl.ptr<i32, groupshared>
// CHECK-NEXT: hlsl.store %{{.*}}, %[[TO]] : !hlsl.ptr<i32, groupshared>
// The static local is a module-level global with its initializer.
// CHECK: hlsl.global static @local_static : i32 init {
// CHECK-NEXT:   %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT:   hlsl.yield %[[C5]] : i32
// CHECK-NEXT: }
