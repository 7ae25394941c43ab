// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 000: a sized array converts to an unsized array parameter through an
// array temporary (hlsl.array_cast). Clang 22 shows `float a[]` decayed to
// `float *`; the importer still passes the array by value.

RWBuffer<float> Out : register(u0);

float UnsizedArray(float a[]) { return a[0]; }

[numthreads(1,1,1)]
void main() {
  float arr[4] = {1, 1, 1, 1};
  Out[0] = UnsizedArray(arr);
}

// CHECK-LABEL: func.func @main()
// CHECK: %[[ARR:.*]] = hlsl.var "arr" : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK: %[[V:.*]] = hlsl.load %[[ARR]] : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK-NEXT: %[[U:.*]] = hlsl.array_cast %[[V]] : !hlsl.array<4 x f32> -> !hlsl.array<? x f32>
// CHECK-NEXT: %{{.*}} = call @UnsizedArray(%[[U]]) : (!hlsl.array<? x f32>) -> f32
// CHECK-LABEL: func.func private @UnsizedArray(
// CHECK-SAME: %[[P:.*]]: !hlsl.array<? x f32>) -> f32
// CHECK-NEXT: %[[A:.*]] = hlsl.var "a" : !hlsl.ptr<!hlsl.array<? x f32>>
// CHECK-NEXT: hlsl.store %[[P]], %[[A]] : !hlsl.ptr<!hlsl.array<? x f32>>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[E:.*]] = hlsl.element_addr %[[A]][%[[C0]]] : !hlsl.ptr<!hlsl.array<? x f32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = hlsl.load %[[E]] : !hlsl.ptr<f32>
// CHECK-NEXT: return %[[R]] : f32
