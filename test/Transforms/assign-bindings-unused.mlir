// RUN: hlsl-opt %s --canonicalize --symbol-dce --hlsl-drop-unused-resources --hlsl-assign-bindings | FileCheck %s
// RUN: hlsl-opt %s --hlsl-drop-unused-resources | FileCheck %s --check-prefix=DROP
//
// Seed 004, example 6.1: resources only dead code uses are removed before
// binding; their explicit registers are free for others.
//   struct S { RWBuffer<float> D; };
//   RWBuffer<float> A; // gets u0
//   RWBuffer<float> B[10] : register(u0);  // unused
//   RWBuffer<float> C : register(u2);      // unused
//   S s : register(u5);                    // unused
//   RWBuffer<float> E[5]; // gets u1
//   void foo() { B[2][0] = 1.0; }
//   bool bar(int i) { return i > 10; }
//   [numthreads(4,1,1)]
//   void main(uint3 gi : SV_GROUPID) {
//     if (false) { C[0] = 1.0; }
//     for (int i = 0; i < 5; i++) {
//       if (i > 6) s.D[0] = 1.0; // unreachable
//       if (bar(i)) foo();       // unreachable
//       if (bar(gi.x)) A[0] = E[2][i];
//     }
//   }
// The conditions DXC's optimizer proves false for 0 <= i < 5 (`i > 6`,
// `bar(i)` after inlining) are written as `false` here; canonicalize removes
// those branches, symbol-dce the then uncalled private @foo.

// CHECK-NOT:   hlsl.resource @B
// CHECK-NOT:   hlsl.resource @C
// CHECK-NOT:   hlsl.resource @s.D
// CHECK:       hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0, space0, order 0>
// CHECK-NOT:   hlsl.resource @B
// CHECK-NOT:   hlsl.resource @C
// CHECK-NOT:   hlsl.resource @s.D
// CHECK:       hlsl.resource @E : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>> binding <u1, space0, order 1>
// CHECK-NOT:   hlsl.resource
// CHECK-NOT:   func.func private @foo
// CHECK-LABEL: func.func @main

// Without simplification first, everything is still used.
// DROP-LABEL: hlsl.resource @A
// DROP-NEXT:  hlsl.resource @B
// DROP-NEXT:  hlsl.resource @C
// DROP-NEXT:  hlsl.resource @s.D
// DROP-NEXT:  hlsl.resource @E
// DROP-NOT:   hlsl.resource @Nothing
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <order 0>
hlsl.resource @B : !hlsl.array<10 x !hlsl.res<RWBuffer, f32>> binding <u0>
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>
hlsl.resource @s.D : !hlsl.res<RWBuffer, f32> binding <u5>
hlsl.resource @E : !hlsl.array<5 x !hlsl.res<RWBuffer, f32>> binding <order 1>
hlsl.resource @Nothing : !hlsl.res<RWBuffer, f32> binding <order 2>

func.func private @foo() {
  %c0 = arith.constant 0 : i32
  %c2 = arith.constant 2 : i32
  %one = arith.constant 1.0 : f32
  %b = hlsl.resource_handle @B[%c2] : !hlsl.res<RWBuffer, f32>
  %p = hlsl.resource_addr %b[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
  hlsl.store %one, %p : !hlsl.ptr<f32, device>
  return
}

func.func private @bar(%i: i32) -> i1 {
  %c10 = arith.constant 10 : i32
  %r = arith.cmpi sgt, %i, %c10 : i32
  return %r : i1
}

func.func @main(%gi: vector<3xi32> {hlsl.semantic = "SV_GroupID"}) attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %false = arith.constant false
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %c5 = arith.constant 5 : i32
  %one = arith.constant 1.0 : f32
  scf.if %false {
    %c = hlsl.resource_handle @C : !hlsl.res<RWBuffer, f32>
    %p = hlsl.resource_addr %c[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
    hlsl.store %one, %p : !hlsl.ptr<f32, device>
  }
  scf.for %i = %c0 to %c5 step %c1 : i32 {
    scf.if %false {
      %d = hlsl.resource_handle @s.D : !hlsl.res<RWBuffer, f32>
      %p = hlsl.resource_addr %d[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
      hlsl.store %one, %p : !hlsl.ptr<f32, device>
    }
    scf.if %false {
      func.call @foo() : () -> ()
    }
    %x = vector.extract %gi[0] : i32 from vector<3xi32>
    %cond = func.call @bar(%x) : (i32) -> i1
    scf.if %cond {
      %e = hlsl.resource_handle @E[%c2] : !hlsl.res<RWBuffer, f32>
      %ep = hlsl.resource_addr %e[%i] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
      %v = hlsl.load %ep : !hlsl.ptr<f32, device>
      %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
      %ap = hlsl.resource_addr %a[%c0] : !hlsl.res<RWBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
      hlsl.store %v, %ap : !hlsl.ptr<f32, device>
    }
  }
  return
}
