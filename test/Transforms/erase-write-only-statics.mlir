// RUN: hlsl-opt %s --hlsl-erase-write-only-statics | FileCheck %s
// Static globals only ever written (directly or through element and field
// addresses) are erased with their stores; one that is read, or whose
// address reaches anything but a store, stays.

// CHECK-NOT: @written
// CHECK: hlsl.global static @read : f32
// CHECK: hlsl.global static @escapes : f32
hlsl.global static @written : !hlsl.array<4 x f32>
hlsl.global static @read : f32
hlsl.global static @escapes : f32

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[V:.*]]: f32, %[[I:.*]]: i32)
// CHECK-NEXT: %[[R:.*]] = hlsl.global_addr @read
// CHECK-NEXT: hlsl.store %[[V]], %[[R]]
// CHECK-NEXT: %[[L:.*]] = hlsl.load %[[R]]
// CHECK-NEXT: %[[E:.*]] = hlsl.global_addr @escapes
// CHECK-NEXT: %{{.*}} = hlsl.intrinsic "InterlockedAdd"(%[[E]], %[[V]])
// CHECK-NEXT: return %[[L]]
func.func @main(%v: f32, %i: i32) -> f32 {
  %w = hlsl.global_addr @written : !hlsl.ptr<!hlsl.array<4 x f32>, static>
  %e = hlsl.element_addr %w[%i] : !hlsl.ptr<!hlsl.array<4 x f32>, static>, i32 -> !hlsl.ptr<f32, static>
  hlsl.store %v, %e : !hlsl.ptr<f32, static>
  %r = hlsl.global_addr @read : !hlsl.ptr<f32, static>
  hlsl.store %v, %r : !hlsl.ptr<f32, static>
  %x = hlsl.load %r : !hlsl.ptr<f32, static>
  %p = hlsl.global_addr @escapes : !hlsl.ptr<f32, static>
  %a = hlsl.intrinsic "InterlockedAdd"(%p, %v) : (!hlsl.ptr<f32, static>, f32) -> f32
  return %x : f32
}
