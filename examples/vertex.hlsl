// hlsl-mlir: -T vs_6_6 -E main
// Standard mesh vertex shader: object -> world -> clip transform with row_major matrices from a cbuffer.

cbuffer PerFrame : register(b0) {
  row_major float4x4 ViewProj;   // world -> clip
  float3 CameraPosition;
  float Time;
};

cbuffer PerObject : register(b1) {
  row_major float4x4 World;              // object -> world
  row_major float3x3 NormalMatrix;       // inverse-transpose of World's 3x3
  float2 UVScale;
  float2 UVOffset;
  float WindStrength;                    // 0 disables the sway animation
};

struct VSInput {
  float3 position : POSITION;
  float3 normal : NORMAL;
  float2 uv : TEXCOORD0;
  float4 color : COLOR0;
};

struct VSOutput {
  float4 position : SV_Position;
  float2 uv : TEXCOORD0;
  float3 worldNormal : TEXCOORD1;
  float3 worldPos : TEXCOORD2;
  float4 color : COLOR0;
};

// Cheap vertex sway for foliage: displacement grows with height above the
// object origin.
float3 applyWind(float3 objectPos) {
  float phase = Time * 2.0 + objectPos.x * 0.5 + objectPos.z * 0.3;
  float sway = sin(phase) * WindStrength * saturate(objectPos.y);
  return objectPos + float3(sway, 0.0, sway * 0.5);
}

VSOutput main(VSInput input) {
  VSOutput output;

  float3 objectPos = applyWind(input.position);
  float4 worldPos = mul(float4(objectPos, 1.0), World);

  output.position = mul(worldPos, ViewProj);
  output.worldPos = worldPos.xyz;
  output.worldNormal = normalize(mul(input.normal, NormalMatrix));
  output.uv = input.uv * UVScale + UVOffset;

  // Fade vertex colour with distance so far geometry blends into the fog.
  float dist = distance(worldPos.xyz, CameraPosition);
  float fade = 1.0 - smoothstep(50.0, 200.0, dist);
  output.color = float4(input.color.rgb * fade, input.color.a);

  return output;
}
