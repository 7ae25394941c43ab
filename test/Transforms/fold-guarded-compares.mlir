// RUN: hlsl-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hlsl-fold-guarded-compares))' | FileCheck %s
// RUN: hlsl-opt %s --split-input-file --pass-pipeline='builtin.module(func.func(hlsl-fold-guarded-compares),canonicalize)' | FileCheck %s --check-prefix=DEAD

// for (int i = 0; i < 5; i++) { if (i > 6) ...; if (i > 10) ...; if (i > 3) ... }
// Inside the body i is in [0, 4]: the first two comparisons are false, the
// third stays.
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
hlsl.resource @D : !hlsl.res<RWBuffer, f32> binding <u3>
// CHECK-LABEL: func.func @loop
// CHECK: ^bb1(%[[I:.*]]: i32):
// CHECK-NEXT: arith.cmpi slt, %[[I]], %c5_i32
// CHECK: ^bb2:
// CHECK-NEXT: %[[FALSE:.*]] = arith.constant false
// CHECK-NEXT: cf.cond_br %[[FALSE]]
// CHECK: ^bb4:
// CHECK-NEXT: %[[FALSE2:.*]] = arith.constant false
// CHECK-NEXT: cf.cond_br %[[FALSE2]]
// CHECK: ^bb6:
// CHECK-NEXT: arith.cmpi sgt, %[[I]], %c3_i32
// DEAD-LABEL: func.func @loop
// DEAD-NOT: @C
// DEAD: hlsl.resource_handle @D
func.func @loop(%v: f32) {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c6 = arith.constant 6 : i32
  %c10 = arith.constant 10 : i32
  cf.br ^header(%c0 : i32)
^header(%i: i32):
  %lt = arith.cmpi slt, %i, %c5 : i32
  cf.cond_br %lt, ^body, ^exit
^body:
  %gt6 = arith.cmpi sgt, %i, %c6 : i32
  cf.cond_br %gt6, ^dead, ^next
^dead:
  %h = hlsl.resource_handle @C : !hlsl.res<RWBuffer, f32>
  %p = hlsl.resource_addr %h[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  hlsl.store %v, %p : !hlsl.ptr<f32, device>
  cf.br ^next
^next:
  %gt10 = arith.cmpi slt, %c10, %i : i32
  cf.cond_br %gt10, ^dead2, ^next2
^dead2:
  %h2 = hlsl.resource_handle @C : !hlsl.res<RWBuffer, f32>
  %p2 = hlsl.resource_addr %h2[%c1] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  hlsl.store %v, %p2 : !hlsl.ptr<f32, device>
  cf.br ^next2
^next2:
  %gt3 = arith.cmpi sgt, %i, %c3 : i32
  cf.cond_br %gt3, ^live, ^latch
^live:
  %h3 = hlsl.resource_handle @D : !hlsl.res<RWBuffer, f32>
  %p3 = hlsl.resource_addr %h3[%i] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  hlsl.store %v, %p3 : !hlsl.ptr<f32, device>
  cf.br ^latch
^latch:
  %n = arith.addi %i, %c1 : i32
  cf.br ^header(%n : i32)
^exit:
  return
}

// -----

// On the false edge the negated condition holds: after `if (x < 8) return`,
// x >= 8, so `x < 3` is false.
// CHECK-LABEL: func.func @false_edge
// CHECK: %[[F:.*]] = arith.constant false
// CHECK: return %[[F]]
func.func @false_edge(%x: i32) -> i1 {
  %c8 = arith.constant 8 : i32
  %c3 = arith.constant 3 : i32
  %t = arith.constant true
  %lt = arith.cmpi ult, %x, %c8 : i32
  cf.cond_br %lt, ^early, ^rest
^early:
  return %t : i1
^rest:
  %lt5 = arith.cmpi ult, %x, %c3 : i32
  return %lt5 : i1
}

// -----

// A comparison in a single-block function (no dominator tree exists) is
// folded from its operand's range alone: this used to crash. x = 7 & 3 is in
// [0, 3], so x > 5 is false; y from the argument stays.
// CHECK-LABEL: func.func @single_block
// CHECK: %[[FALSE:.*]] = arith.constant false
// CHECK: arith.cmpi ugt, %arg0, %c5_i32
// CHECK: return %[[FALSE]], %{{.*}} : i1, i1
func.func @single_block(%y: i32) -> (i1, i1) {
  %c3 = arith.constant 3 : i32
  %c5 = arith.constant 5 : i32
  %c7 = arith.constant 7 : i32
  %x = arith.andi %c7, %c3 : i32
  %a = arith.cmpi ugt, %x, %c5 : i32
  %b = arith.cmpi ugt, %y, %c5 : i32
  return %a, %b : i1, i1
}
