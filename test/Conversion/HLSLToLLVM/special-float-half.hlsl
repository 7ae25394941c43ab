// RUN: hlsl-translate --to-llvmir %s -T cs_6_5 -E main -enable-16bit-types | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T cs_6_5 -E main -enable-16bit-types -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// isinf/isnan/isfinite of a half: the f16 overloads of IsSpecialFloat need
// shader model 6.9 (the validator said so), so the half is tested as the
// float it converts to exactly, as DXC does.
RWStructuredBuffer<half> In : register(u0);
RWStructuredBuffer<uint> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
  half h = In[0];
  Out[0] = isinf(h) + 2 * isnan(h) + 4 * isfinite(h);
}
// CHECK: %[[F:.*]] = fpext half %{{.*}} to float
// CHECK: call i1 @dx.op.isSpecialFloat.f32(i32 9, float %[[F]])
// CHECK-NOT: isSpecialFloat.f16
