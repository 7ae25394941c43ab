// RUN: hlsl-translate --import-hlsl %s -T ps_6_0 -E main | FileCheck %s
// `precise` marks what is stored to a precise variable or field (or a part
// of one: a swizzle, an element), what initializes it, what a compound
// assignment stores, what a precise function returns, and the
// floating-point fields of a precise struct assigned whole (hlsl.precise);
// nothing else.

struct S { float4 v; int i; };
struct Out { precise float4 pos : SV_Position; float4 color : COLOR; };

precise float4 scale(float4 a, float c) { return a * c; }

// CHECK-LABEL: func.func @main
float4 main(float4 a : A, float4 b : B, float c : C) : SV_Target {
  // CHECK: %[[T:.*]] = arith.mulf
  // CHECK-NOT: hlsl.precise
  // CHECK: hlsl.store %[[T]]
  float4 t = a * b;
  // CHECK: %[[I:.*]] = arith.addf
  // CHECK-NEXT: hlsl.precise %[[I]] : vector<4xf32>
  precise float4 p = t + c;
  // CHECK: %[[M:.*]] = arith.mulf
  // CHECK-NEXT: hlsl.precise %[[M]] : vector<4xf32>
  p *= 2;
  // CHECK: hlsl.precise %{{.*}} : vector<2xf32>
  p.xy = a.zw;
  // CHECK: hlsl.precise %{{.*}} : f32
  p[3] = c;
  Out o;
  // CHECK: hlsl.field_addr %{{.*}}[0]
  // CHECK-NEXT: hlsl.precise %{{.*}} : vector<4xf32>
  o.pos = b;
  // CHECK-NOT: hlsl.precise
  // CHECK: hlsl.field_addr %{{.*}}[1]
  o.color = a;
  S s0;
  s0.v = a;
  s0.i = 1;
  // CHECK: hlsl.field_extract %{{.*}}[0]
  // CHECK-NEXT: hlsl.precise %{{.*}} : vector<4xf32>
  // CHECK-NEXT: hlsl.field_insert
  // CHECK-NOT: hlsl.precise
  // CHECK: hlsl.store
  precise S s = s0;
  // CHECK-NOT: hlsl.precise
  // CHECK: return
  return p + o.pos + o.color + s.v + scale(a, c);
}
// CHECK-LABEL: func.func {{.*}}@{{.*}}scale
// CHECK: arith.mulf
// CHECK-NEXT: hlsl.precise %{{.*}} : vector<4xf32>
// CHECK-NEXT: return
