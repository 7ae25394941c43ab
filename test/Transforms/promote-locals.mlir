// RUN: hlsl-opt %s --pass-pipeline='builtin.module(func.func(hlsl-promote-locals))' --split-input-file | FileCheck %s
// RUN: hlsl-opt %s --pass-pipeline='builtin.module(func.func(hlsl-promote-locals),mem2reg,canonicalize)' --split-input-file | FileCheck %s --check-prefix=SSA

// A local resource array written element by element becomes whole-array
// loads and stores, which mem2reg turns into SSA values; the element read
// back folds to the handle stored (seed 001: `Arr[0] = Y`).
hlsl.resource @X : !hlsl.res<RWBuffer, si32> binding <u0>
hlsl.resource @Y : !hlsl.res<RWBuffer, si32> binding <u1>
// CHECK-LABEL: func.func @local_array
// CHECK: %[[ARR:.*]] = hlsl.var "Arr"
// CHECK: %[[WHOLE:.*]] = hlsl.load %[[ARR]]
// CHECK-NEXT: %[[NEW:.*]] = hlsl.array_insert %{{.*}}, %[[WHOLE]][%{{.*}}] : !hlsl.array<2 x !hlsl.res<RWBuffer, si32>>, i32
// CHECK-NEXT: hlsl.store %[[NEW]], %[[ARR]]
// CHECK: %[[AGAIN:.*]] = hlsl.load %[[ARR]]
// CHECK-NEXT: %[[ELEM:.*]] = hlsl.array_extract %[[AGAIN]][%{{.*}}]
// CHECK-NOT: hlsl.element_addr
// SSA-LABEL: func.func @local_array
// SSA: %[[Y:.*]] = hlsl.resource_handle @Y
// SSA-NEXT: return %[[Y]]
func.func @local_array() -> !hlsl.res<RWBuffer, si32> {
  %c0 = arith.constant 0 : i32
  %x = hlsl.resource_handle @X : !hlsl.res<RWBuffer, si32>
  %y = hlsl.resource_handle @Y : !hlsl.res<RWBuffer, si32>
  %arr = hlsl.var "Arr" : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>
  %init = hlsl.construct(%x, %y) : (!hlsl.res<RWBuffer, si32>, !hlsl.res<RWBuffer, si32>) -> !hlsl.array<2 x !hlsl.res<RWBuffer, si32>>
  hlsl.store %init, %arr : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>
  %e0 = hlsl.element_addr %arr[%c0] : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
  hlsl.store %y, %e0 : !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
  %e1 = hlsl.element_addr %arr[%c0] : !hlsl.ptr<!hlsl.array<2 x !hlsl.res<RWBuffer, si32>>>, i32 -> !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
  %h = hlsl.load %e1 : !hlsl.ptr<!hlsl.res<RWBuffer, si32>>
  return %h : !hlsl.res<RWBuffer, si32>
}

// -----

// Vector components through element_addr become vector.insert/extract.
// CHECK-LABEL: func.func @vector_component
// CHECK: %[[V:.*]] = hlsl.var "v"
// CHECK: %[[W:.*]] = hlsl.load %[[V]] : !hlsl.ptr<vector<4xf32>>
// CHECK-NEXT: %[[I:.*]] = arith.index_cast %{{.*}} : i32 to index
// CHECK-NEXT: %[[N:.*]] = vector.insert %{{.*}}, %[[W]] [%[[I]]] : f32 into vector<4xf32>
// CHECK-NEXT: hlsl.store %[[N]], %[[V]]
// SSA-LABEL: func.func @vector_component
// SSA-NOT: hlsl.var
// SSA: vector.insert
// SSA: vector.extract
func.func @vector_component(%x: f32, %i: i32, %init: vector<4xf32>) -> f32 {
  %v = hlsl.var "v" : !hlsl.ptr<vector<4xf32>>
  hlsl.store %init, %v : !hlsl.ptr<vector<4xf32>>
  %e = hlsl.element_addr %v[%i] : !hlsl.ptr<vector<4xf32>>, i32 -> !hlsl.ptr<f32>
  hlsl.store %x, %e : !hlsl.ptr<f32>
  %c1 = arith.constant 1 : i32
  %f = hlsl.element_addr %v[%c1] : !hlsl.ptr<vector<4xf32>>, i32 -> !hlsl.ptr<f32>
  %r = hlsl.load %f : !hlsl.ptr<f32>
  return %r : f32
}

// -----

// Data arrays stay in memory (LLVM's SROA handles them); a variable whose
// address is passed to a call is left alone.
func.func private @use(!hlsl.ptr<vector<2xf32>>)
// CHECK-LABEL: func.func @left_alone
// CHECK: hlsl.element_addr %{{.*}} : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK: hlsl.element_addr %{{.*}} : !hlsl.ptr<vector<2xf32>>
func.func @left_alone(%i: i32, %x: f32) {
  %a = hlsl.var "a" : !hlsl.ptr<!hlsl.array<4 x f32>>
  %e = hlsl.element_addr %a[%i] : !hlsl.ptr<!hlsl.array<4 x f32>>, i32 -> !hlsl.ptr<f32>
  hlsl.store %x, %e : !hlsl.ptr<f32>
  %v = hlsl.var "v" : !hlsl.ptr<vector<2xf32>>
  %c = hlsl.element_addr %v[%i] : !hlsl.ptr<vector<2xf32>>, i32 -> !hlsl.ptr<f32>
  hlsl.store %x, %c : !hlsl.ptr<f32>
  func.call @use(%v) : (!hlsl.ptr<vector<2xf32>>) -> ()
  return
}
