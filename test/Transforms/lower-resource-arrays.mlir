// RUN: hlsl-opt %s --hlsl-lower-resource-arrays --split-input-file | FileCheck %s
// RUN: hlsl-opt %s --hlsl-lower-resource-arrays --split-input-file | hlsl-opt --hlsl-lower-resource-arrays --split-input-file | FileCheck %s

// Seed 001: each element handle names the whole declaration and its
// flattened index within the range.
hlsl.resource @A : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <u10>
hlsl.resource @C : !hlsl.array<2 x !hlsl.array<2 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>>> binding <u10, space1>
hlsl.resource @D : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <u5>
hlsl.resource @E : !hlsl.array<? x !hlsl.array<4 x !hlsl.res<RWBuffer, f32>>> binding <u5, space2>
hlsl.resource @X : !hlsl.res<RWBuffer, f32> binding <order 0>
// CHECK-LABEL: func.func @indices
func.func @indices(%dyn: i32) -> (!hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c3 = arith.constant 3 : i32
  %c100 = arith.constant 100 : i32
  // CHECK-DAG: %[[C2:.*]] = arith.constant 2 : i32
  // CHECK-DAG: %[[C13:.*]] = arith.constant 13 : i32
  // CHECK-DAG: %[[C100:.*]] = arith.constant 100 : i32
  // CHECK-DAG: %[[C403:.*]] = arith.constant 403 : i32
  // CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
  // CHECK-DAG: %[[C5:.*]] = arith.constant 5 : i32
  // CHECK: hlsl.create_handle @A[%[[C2]]] : !hlsl.res<RWBuffer, f32>
  %a = hlsl.resource_handle @A[%c2] : !hlsl.res<RWBuffer, f32>
  // C[1][0][3] of C[2][2][5]: 1*10 + 0*5 + 3.
  // CHECK: hlsl.create_handle @C[%[[C13]]] : !hlsl.res<RWBuffer, f32>
  %c = hlsl.resource_handle @C[%c1, %c0, %c3] : !hlsl.res<RWBuffer, f32>
  // CHECK: hlsl.create_handle @D[%[[C100]]] : !hlsl.res<RWBuffer, f32>
  %d = hlsl.resource_handle @D[%c100] : !hlsl.res<RWBuffer, f32>
  // E[100][3] of E[][4]: 100*4 + 3.
  // CHECK: hlsl.create_handle @E[%[[C403]]] : !hlsl.res<RWBuffer, f32>
  %e = hlsl.resource_handle @E[%c100, %c3] : !hlsl.res<RWBuffer, f32>
  // CHECK: hlsl.create_handle @X[%[[C0]]] : !hlsl.res<RWBuffer, f32>
  %x = hlsl.resource_handle @X : !hlsl.res<RWBuffer, f32>
  // A dynamic index is flattened with arithmetic: C[1][dyn][2].
  // CHECK: %[[S:.*]] = arith.addi %{{.*}}, %[[C2]] : i32
  // CHECK-NEXT: %[[M:.*]] = arith.muli %[[S]], %[[C5]] : i32
  // CHECK-NEXT: %[[F:.*]] = arith.addi %[[M]], %[[C2]] : i32
  // CHECK-NEXT: hlsl.create_handle @C[%[[F]]]
  %f = hlsl.resource_handle @C[%c1, %dyn, %c2] : !hlsl.res<RWBuffer, f32>
  return %a, %c, %d, %e, %x, %f : !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>, !hlsl.res<RWBuffer, f32>
}

// -----

// foo(N[7]) then P[3] inside foo: the element of the slice is N[7][3],
// index 38 of N's range (seed 001).
hlsl.resource @N : !hlsl.array<10 x !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>> binding <u0>
// CHECK-LABEL: func.func @slice
// CHECK: %[[C38:.*]] = arith.constant 38 : i32
// CHECK: hlsl.create_handle @N[%[[C38]]] : !hlsl.res<RWBuffer, f32>
// CHECK-NOT: hlsl.resource_slice
func.func @slice() -> !hlsl.res<RWBuffer, f32> {
  %c7 = arith.constant 7 : i32
  %c3 = arith.constant 3 : i32
  %p = hlsl.resource_slice @N[%c7] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>
  %h = hlsl.array_extract %p[%c3] : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>>, i32
  return %h : !hlsl.res<RWBuffer, f32>
}

// -----

// A dynamic element of a local array of two different resources selects
// between their handles.
hlsl.resource @X : !hlsl.res<RWBuffer, si32> binding <u0>
hlsl.resource @Y : !hlsl.res<RWBuffer, si32> binding <u1>
// CHECK-LABEL: func.func @dynamic
// CHECK-DAG: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[X:.*]] = hlsl.create_handle @X[%[[C0]]]
// CHECK-DAG: %[[Y:.*]] = hlsl.create_handle @Y[%[[C0]]]
// CHECK: %[[EQ:.*]] = arith.cmpi eq, %{{.*}}, %[[C0]] : i32
// CHECK-NEXT: %[[SEL:.*]] = arith.select %[[EQ]], %[[X]], %[[Y]]
// CHECK-NEXT: return %[[SEL]]
func.func @dynamic(%i: i32) -> !hlsl.res<RWBuffer, si32> {
  %x = hlsl.resource_handle @X : !hlsl.res<RWBuffer, si32>
  %y = hlsl.resource_handle @Y : !hlsl.res<RWBuffer, si32>
  %arr = hlsl.construct(%x, %y) : (!hlsl.res<RWBuffer, si32>, !hlsl.res<RWBuffer, si32>) -> !hlsl.array<2 x !hlsl.res<RWBuffer, si32>>
  %h = hlsl.array_extract %arr[%i] : !hlsl.array<2 x !hlsl.res<RWBuffer, si32>>, i32
  return %h : !hlsl.res<RWBuffer, si32>
}
