// RUN: hlsl-opt %s --hlsl-forward-block-locals | FileCheck %s
// Variables accessed only in one block, written before they are read there,
// become SSA values in one walk of the block; the others are left for
// mem2reg.

// CHECK-LABEL: func.func @straight
// CHECK-SAME: (%[[A:.*]]: f32, %[[B:.*]]: f32) -> f32
// CHECK-NOT: hlsl.var
// CHECK-NOT: hlsl.load
// CHECK-NOT: hlsl.store
// CHECK: %[[S:.*]] = arith.addf %[[A]], %[[B]] : f32
// CHECK-NEXT: %[[M:.*]] = arith.mulf %[[S]], %[[B]] : f32
// CHECK-NEXT: return %[[M]] : f32
func.func @straight(%a: f32, %b: f32) -> f32 {
  %x = hlsl.var "x" : !hlsl.ptr<f32>
  %y = hlsl.var "y" : !hlsl.ptr<f32>
  hlsl.store %a, %x : !hlsl.ptr<f32>
  hlsl.store %b, %y : !hlsl.ptr<f32>
  %0 = hlsl.load %x : !hlsl.ptr<f32>
  %1 = hlsl.load %y : !hlsl.ptr<f32>
  %2 = arith.addf %0, %1 : f32
  hlsl.store %2, %x : !hlsl.ptr<f32>
  %3 = hlsl.load %x : !hlsl.ptr<f32>
  %4 = arith.mulf %3, %1 : f32
  return %4 : f32
}

// A variable read before any store in its block, one used in two blocks,
// and one whose element is addressed all stay.
// CHECK-LABEL: func.func @kept
// CHECK: %[[U:.*]] = hlsl.var "u"
// CHECK: %[[V:.*]] = hlsl.var "v"
// CHECK: %[[W:.*]] = hlsl.var "w"
// CHECK: hlsl.load %[[U]]
// CHECK: hlsl.store %{{.*}}, %[[U]]
// CHECK: hlsl.store %{{.*}}, %[[V]]
// CHECK: hlsl.element_addr %[[W]]
// CHECK: ^bb1:
// CHECK: hlsl.load %[[V]]
func.func @kept(%a: f32, %v4: vector<4xf32>, %i: i32) -> f32 {
  %u = hlsl.var "u" : !hlsl.ptr<f32>
  %v = hlsl.var "v" : !hlsl.ptr<f32>
  %w = hlsl.var "w" : !hlsl.ptr<vector<4xf32>>
  %0 = hlsl.load %u : !hlsl.ptr<f32>
  hlsl.store %a, %u : !hlsl.ptr<f32>
  hlsl.store %a, %v : !hlsl.ptr<f32>
  hlsl.store %v4, %w : !hlsl.ptr<vector<4xf32>>
  %e = hlsl.element_addr %w[%i] : !hlsl.ptr<vector<4xf32>>, i32 -> !hlsl.ptr<f32>
  %1 = hlsl.load %e : !hlsl.ptr<f32>
  cf.br ^bb1
^bb1:
  %2 = hlsl.load %v : !hlsl.ptr<f32>
  %3 = arith.addf %0, %1 : f32
  %4 = arith.addf %3, %2 : f32
  return %4 : f32
}
