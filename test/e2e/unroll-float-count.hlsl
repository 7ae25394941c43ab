// RUN: hlsl-translate --to-dxil %s -T cs_6_0 -E main -Od -Fo %t.dxil 2>&1 | FileCheck %s --check-prefix=WARN
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: hlsl-translate --to-llvmir %s -T cs_6_0 -E main -Od 2>/dev/null | FileCheck %s
// `[unroll(1.5)]`: DXC warns that the count must be a uint literal and
// unrolls the loop fully, as `[unroll]`; Clang 22 refuses the attribute
// ("invalid argument of type 'float'; expected an integer type"). At -Od
// only a forced unroll removes the loop: the loads are straight-line code
// (that of i = 0 is multiplied by 0 and goes).

RWStructuredBuffer<float> Buf : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float r = 0;
  [unroll(1.5)] for (int i = 0; i < 4; i++)
    r += Buf[i + 1] * i;
  Buf[0] = r;
}

// WARN: unroll-float-count.hlsl:15:4: warning: attribute 'unroll' must have a uint literal argument: unrolled fully, as [unroll]
// WARN-NOT: error
// CHECK-NOT: phi
// CHECK: @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %{{[0-9]+}}, i32 2, i32 0)
// CHECK: @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %{{[0-9]+}}, i32 3, i32 0)
// CHECK: @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %{{[0-9]+}}, i32 4, i32 0)
// CHECK-NOT: phi
