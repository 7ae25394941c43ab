// RUN: not hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil 2>&1 | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E both -D BOTH -o %t.both.dxil
// RUN: %if dxv %{ %dxv %t.both.dxil %}
// A local resource assigned on one path only is undefined on the other
// where it is used: an error at the use (DXC: "local resource not
// guaranteed to map to unique global resource"). Assigned on every path
// (from either of two textures), it is chosen at run time, which DXC
// refuses and we compile.

float4 Tex2D(Texture2D<float4> t, SamplerState s, float2 c) {
  return t.Sample(s, c);
}

SamplerState g_ss;
Texture2D<float4> g_texture;
Texture2D<float4> g_texture2;

#ifndef BOTH
float4 main(float2 c : T) : SV_Target {
  Texture2D<float4> texture;
  if (c.x > 0)
    texture = g_texture;
  return Tex2D(texture, g_ss, c);
}
#else
float4 both(float2 c : T) : SV_Target {
  Texture2D<float4> texture;
  if (c.x > 0)
    texture = g_texture;
  else
    texture = g_texture2;
  return Tex2D(texture, g_ss, c);
}
#endif

// CHECK: maybe-uninitialized-resource.hlsl:11:12: error: use of a resource that may be uninitialized: a local or static resource variable that is not assigned on every path to this use
// CHECK: maybe-uninitialized-resource.hlsl:23:10: note: called from
// CHECK-NOT: error
