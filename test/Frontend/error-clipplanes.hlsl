// RUN: rm -rf %t && split-file %s %t
// RUN: not hlsl-translate --import-hlsl %t/no-position.hlsl -T vs_6_0 -E main 2>&1 | FileCheck %s --check-prefix=POSITION --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %t/bad-plane.hlsl -T vs_6_0 -E main 2>&1 | FileCheck %s --check-prefix=PLANE --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %t/pixel.hlsl -T ps_6_0 -E main 2>&1 | FileCheck %s --check-prefix=PIXEL --implicit-check-not=error:
// [clipplanes(...)] needs a float4 SV_Position output (DXC's error), planes
// that are constant buffer members, fields or literal-index elements of
// them, of type float4; outside vertex shaders it is not supported yet.

//--- no-position.hlsl
cbuffer C { float4 plane0; };
struct VO { float2 uv : TEXCOORD0; };
[clipplanes(plane0)]
// POSITION: no-position.hlsl:5:4: error: Cannot use clipplanes attribute without specifying a 4-component SV_Position output
VO main(float3 p : POSITION) { VO o; o.uv = p.xy; return o; }

//--- bad-plane.hlsl
cbuffer C { float4 plane0; float3 small; };
static float4 local = 1;
[clipplanes(plane0, small, local, plane0.x)]
// PLANE: bad-plane.hlsl:7:8: error: clip plane 'small' must be a float4
// PLANE: bad-plane.hlsl:7:8: error: clip plane 'local' must be a constant buffer member (or a global constant)
// PLANE: bad-plane.hlsl:7:8: error: clip plane 'plane0.x' names no field 'x'
float4 main(float3 p : POSITION) : SV_Position { return float4(p, 1); }

//--- pixel.hlsl
cbuffer C { float4 plane0; };
[clipplanes(plane0)]
// PIXEL: pixel.hlsl:4:8: error: not supported yet: the clipplanes attribute outside vertex shaders
float4 main(float4 p : SV_Position) : SV_Target { return p; }
