// RUN: hlsl-translate --to-llvmir %s -T ps_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -Fo %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: hlsl-translate --dxil-dis %t.dxil | FileCheck %s --check-prefix=DIS
// RUN: hlsl-translate --to-llvmir %s -T ps_6_6 -E half_main -enable-16bit-types | FileCheck %s --check-prefix=HALF
// ddx/ddy are DerivCoarseX/Y (83/84), the _coarse forms too, the _fine forms
// DerivFineX/Y (85/86), one dx.op.unary per component; fwidth(x) is
// abs(ddx(x)) + abs(ddy(x)) with the coarse ops and FAbs (6), as in DXC.
// Half values use the f16 overload; doubles are converted to float first.

float4 main(float2 uv : TEXCOORD0, float w : W, uint2 bits : D) : SV_Target {
  double d = asdouble(bits.x, bits.y);
  float2 a = ddx(uv);
  float b = ddy(w) + ddx_coarse(w) * ddy_coarse(w);
  float c = ddx_fine(w) - ddy_fine(w);
  float e = fwidth(w);
  float f = ddx(d);
  return float4(a.x + a.y, b + c, e, f);
}

half4 half_main(half2 h : H) : SV_Target {
  return half4(ddy(h), ddx_fine(h.x), fwidth(h.y));
}

// CHECK-DAG: %[[U:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
// CHECK-DAG: %[[V:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
// CHECK-DAG: %[[W:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 1, i32 0, i8 0, i32 undef)
// CHECK-DAG: call float @dx.op.unary.f32(i32 83, float %[[U]])
// CHECK-DAG: call float @dx.op.unary.f32(i32 83, float %[[V]])
// CHECK-DAG: %[[DYW:.*]] = {{.*}}call float @dx.op.unary.f32(i32 84, float %[[W]])
// CHECK-DAG: %[[DXW:.*]] = {{.*}}call float @dx.op.unary.f32(i32 83, float %[[W]])
// CHECK-DAG: call float @dx.op.unary.f32(i32 85, float %[[W]])
// CHECK-DAG: call float @dx.op.unary.f32(i32 86, float %[[W]])
// CHECK-DAG: call float @dx.op.unary.f32(i32 6, float %[[DXW]])
// CHECK-DAG: call float @dx.op.unary.f32(i32 6, float %[[DYW]])
// CHECK-DAG: %[[D:.*]] = {{.*}}call double @dx.op.makeDouble.f64(i32 101,
// CHECK-DAG: %[[DF:.*]] = fptrunc double %[[D]] to float
// CHECK-DAG: call float @dx.op.unary.f32(i32 83, float %[[DF]])
// CHECK-NOT: call {{.*}}(i32 8{{[3-6]}}, double

// DIS: call float @dx.op.unary.f32(i32 85,
// DIS: call float @dx.op.unary.f32(i32 86,

// HALF-DAG: %[[X:.*]] = {{.*}}call half @dx.op.loadInput.f16(i32 4, i32 0, i32 0, i8 0, i32 undef)
// HALF-DAG: %[[Y:.*]] = {{.*}}call half @dx.op.loadInput.f16(i32 4, i32 0, i32 0, i8 1, i32 undef)
// HALF-DAG: call half @dx.op.unary.f16(i32 84, half %[[X]])
// HALF-DAG: call half @dx.op.unary.f16(i32 84, half %[[Y]])
// HALF-DAG: call half @dx.op.unary.f16(i32 85, half %[[X]])
// HALF-DAG: call half @dx.op.unary.f16(i32 83, half %[[Y]])
