// RUN: hlsl-opt %s --hlsl-print-bindings -o /dev/null | FileCheck %s --check-prefix=BEFORE
// RUN: hlsl-opt %s --hlsl-assign-bindings --hlsl-print-bindings -o /dev/null | FileCheck %s --strict-whitespace
//
// One line per used declaration, in declaration order; unused ones (C) are
// left out.

// BEFORE:      name      class    registers  space  binding
// BEFORE-NEXT: A         UAV      u0         0      explicit
// BEFORE-NEXT: B         UAV      -          0      unassigned

// CHECK:      {{^}}name      class    registers  space  binding{{$}}
// CHECK-NEXT: {{^}}A         UAV      u0         0      explicit{{$}}
// CHECK-NEXT: {{^}}B         UAV      u1..u4     0      implicit{{$}}
// CHECK-NEXT: {{^}}D         UAV      u5..       0      implicit{{$}}
// CHECK-NEXT: {{^}}T         SRV      t3         1      explicit{{$}}
// CHECK-NEXT: {{^}}Samp      Sampler  s0         2      implicit{{$}}
// CHECK-NEXT: {{^}}cb        CBV      b0         0      implicit{{$}}
// CHECK-NEXT: {{^}}$Globals  CBV      b1         0      implicit{{$}}
// CHECK-NOT:  {{.}}
hlsl.resource @A : !hlsl.res<RWBuffer, f32> binding <u0>
hlsl.resource @B : !hlsl.array<4 x !hlsl.res<RWBuffer, f32>> binding <order 0>
hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <order 1>
hlsl.resource @D : !hlsl.array<? x !hlsl.res<RWBuffer, f32>> binding <order 2>
hlsl.resource @T : !hlsl.res<Texture2D, vector<4xf32>> binding <t3, space1>
hlsl.resource @Samp : !hlsl.res<SamplerState> binding <space2, order 3>
hlsl.cbuffer @cb_0 cbuffer binding <order 4> name "cb" {
  hlsl.cbuffer_member @x : f32
}
hlsl.cbuffer @"$Globals" globals binding <order 5> {
  hlsl.cbuffer_member @g : f32
}
func.func @main() attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>, hlsl.numthreads = array<i32: 4, 1, 1>} {
  %c0 = arith.constant 0 : i32
  %a = hlsl.resource_handle @A : !hlsl.res<RWBuffer, f32>
  %b = hlsl.resource_handle @B[%c0] : !hlsl.res<RWBuffer, f32>
  %d = hlsl.resource_handle @D[%c0] : !hlsl.res<RWBuffer, f32>
  %t = hlsl.resource_handle @T : !hlsl.res<Texture2D, vector<4xf32>>
  %s = hlsl.resource_handle @Samp : !hlsl.res<SamplerState>
  %x = hlsl.cbuffer_addr @cb_0::@x : !hlsl.ptr<f32, constant>
  %g = hlsl.cbuffer_addr @"$Globals"::@g : !hlsl.ptr<f32, constant>
  return
}
