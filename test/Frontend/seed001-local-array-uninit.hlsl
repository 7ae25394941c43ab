// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 001, "Local Resource Arrays with Fixed Size": LocalArray[0] is never
// assigned (DXC reads a zero handle); the array starts undefined.

RWBuffer<float> Buf;
RWBuffer<float> Out;

float foo() {
  RWBuffer<float> LocalArray[3];
  LocalArray[2] = Buf;
  // LocalArray[0] is not initialized
  return LocalArray[2][0] + LocalArray[0][0];
}

[numthreads(4,1,1)]
void main() {
  Out[0] = foo();
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @Buf : !hlsl.res<RWBuffer, f32> binding <order 0>
// CHECK-NEXT: hlsl.resource @Out : !hlsl.res<RWBuffer, f32> binding <order 1>
// CHECK-LABEL: func.func @main()
// CHECK-NEXT: %[[R:.*]] = call @foo() : () -> f32
// CHECK-LABEL: func.func private @foo() -> f32
// CHECK-NEXT: %[[LA:.*]] = hlsl.var "LocalArray" : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>
// CHECK-NEXT: %[[U:.*]] = hlsl.undef : !hlsl.array<3 x !hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: hlsl.store %[[U]], %[[LA]] : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>
// LocalArray[2] = Buf
// CHECK-NEXT: %[[B:.*]] = hlsl.resource_handle @Buf : !hlsl.res<RWBuffer, f32>
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[E:.*]] = hlsl.element_addr %[[LA]][%[[C2]]] : !hlsl.ptr<!hlsl.array<3 x !hlsl.res<RWBuffer, f32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: hlsl.store %[[B]], %[[E]] : !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// LocalArray[2][0] + LocalArray[0][0]
// CHECK-NEXT: %[[C2B:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[E2:.*]] = hlsl.element_addr %[[LA]][%[[C2B]]]
// CHECK-NEXT: %[[H2:.*]] = hlsl.load %[[E2]] : !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[P2:.*]] = hlsl.resource_addr %[[H2]][%[[Z]]] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
// CHECK-NEXT: %[[V2:.*]] = hlsl.load %[[P2]] : !hlsl.ptr<f32, device>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[E0:.*]] = hlsl.element_addr %[[LA]][%[[C0]]]
// CHECK-NEXT: %[[H0:.*]] = hlsl.load %[[E0]] : !hlsl.ptr<!hlsl.res<RWBuffer, f32>>
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[P0:.*]] = hlsl.resource_addr %[[H0]][%[[Z2]]] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
// CHECK-NEXT: %[[V0:.*]] = hlsl.load %[[P0]] : !hlsl.ptr<f32, device>
// CHECK-NEXT: %[[S:.*]] = arith.addf %[[V2]], %[[V0]] : f32
// CHECK-NEXT: return %[[S]] : f32
