// RUN: not hlsl-translate --import-hlsl %s -T vs_6_0 -E main 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=warning:
// `[clipplanes(...)]` adds SV_ClipDistance outputs in DXC; not supported
// yet here, which is an error instead of Clang's ignoring the unknown
// attribute with a warning (the outputs would be missing).

cbuffer C { float4 plane0; float4 plane1; };
struct VO { float4 pos : SV_Position; float2 uv : TEXCOORD0; };

[clipplanes(plane0, plane1)]
// CHECK: error-clipplanes.hlsl:[[@LINE+1]]:4: error: not supported yet: the clipplanes attribute
VO main(float3 p : POSITION) {
  VO o;
  o.pos = float4(p, 1);
  o.uv = p.xy;
  return o;
}
