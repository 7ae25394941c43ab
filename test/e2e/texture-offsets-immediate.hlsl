// Before shader model 6.7 a texture offset is an immediate in -8..7 (the
// validator's Instr.TextureOffset); one the optimizer cannot make constant
// (here it follows a loop bound read from a cbuffer) or out of range is an
// error at the sampling call, never an invalid container. Shader model 6.7
// computes offsets at run time: the same shader compiles and validates.
// At -Od, offsets from a loop counter (unrolled, [unroll] or not) and
// through a constant array are made immediates, as DXC does at -Od (they
// were errors: -Od optimized nothing); so at -O0 (they were errors: LLVM's
// -O0 pipeline unrolls nothing).
// RUN: not hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil 2>&1 | FileCheck %s --check-prefix=COMPUTED
// RUN: not hlsl-translate --to-dxil %s -T ps_6_0 -E main -Od -o %t.od.dxil 2>&1 | FileCheck %s --check-prefix=COMPUTED
// RUN: not hlsl-translate --to-dxil %s -T ps_6_0 -E main -D RANGE -o %t.range.dxil 2>&1 | FileCheck %s --check-prefix=RANGE
// RUN: hlsl-translate --to-dxil %s -T ps_6_7 -E main -o %t.67.dxil
// RUN: %if dxv %{ %dxv %t.67.dxil %}
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -D IMMEDIATE -o %t.imm.dxil
// RUN: %if dxv %{ %dxv %t.imm.dxil %}
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -D IMMEDIATE -Od -o %t.imm-od.dxil
// RUN: %if dxv %{ %dxv %t.imm-od.dxil %}
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -D LOOP -Od -o %t.loop-od.dxil
// RUN: %if dxv %{ %dxv %t.loop-od.dxil %}
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -D LOOP -O0 -o %t.loop-o0.dxil
// RUN: %if dxv %{ %dxv %t.loop-o0.dxil %}

SamplerState samp : register(s0);
Texture2D<float4> tex : register(t0);

int count;

float4 main(float2 uv : UV) : SV_Target {
  float4 r = 0;
#if defined(RANGE)
  r = tex.Sample(samp, uv, int2(9, 0));
#elif defined(IMMEDIATE)
  [unroll] for (int y = 0; y < 2; y++)
    r += tex.Sample(samp, uv, int2(y, -y));
#elif defined(LOOP)
  static const int2 offsets[3] = { int2(-1, 0), int2(0, 1), int2(1, -1) };
  for (int i = 0; i < 3; i++)
    r += tex.Sample(samp, uv, offsets[i]);
#else
  for (int x = 0; x < count; x++)
    r += tex.Sample(samp, uv, int2(x, 1));
#endif
  return r;
}

// COMPUTED: texture-offsets-immediate.hlsl:42:14: error: texture offsets must be immediate values before shader model 6.7, and this one is computed (by a loop that was not unrolled, or from values known at run time only) ({{.*}}@dx.op.sample.f32(i32 60,
// RANGE: texture-offsets-immediate.hlsl:32:11: error: a texture offset must be in -8..7 before shader model 6.7 (this one is 9)
