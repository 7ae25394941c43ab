// hlsl-mlir: -T cs_6_6 -E main
// Mix of explicit, implicit and space-only register bindings for every resource class.

// Explicit register and (default) space.
Texture2D<float4> ExplicitTex : register(t3);
SamplerState ExplicitSampler : register(s1);
RWStructuredBuffer<float> ExplicitOut : register(u2);

// Explicit register and explicit space.
StructuredBuffer<float4> SpacedInput : register(t0, space2);
RWTexture2D<float4> SpacedImage : register(u0, space2);

// Space only: the register index is assigned automatically within space3.
Texture2D<float> SpaceOnlyTex : register(space3);
RWByteAddressBuffer SpaceOnlyRaw : register(space3);

// No annotation at all: register and space are assigned automatically.
Texture2D ImplicitTex;
SamplerState ImplicitSampler;
RWStructuredBuffer<uint> ImplicitCounters;
Buffer<float4> ImplicitTyped;

// Constant buffers in all three forms.
cbuffer ExplicitCB : register(b0) {
  float2 InvSize;
  float Strength;
  uint Frame;
};
cbuffer SpaceOnlyCB : register(space1) {
  float4 Tint;
};
cbuffer ImplicitCB {
  float Bias;
};

// Loose globals end up in the implicit $Globals constant buffer.
float GlobalScale;
uint GlobalMask;

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  float2 uv = (float2(dtid.xy) + 0.5) * InvSize;

  float4 a = ExplicitTex.SampleLevel(ExplicitSampler, uv, 0.0);
  float4 b = ImplicitTex.SampleLevel(ImplicitSampler, uv, 0.0);
  float c = SpaceOnlyTex.Load(int3(dtid.xy, 0));
  float4 d = SpacedInput[dtid.x & GlobalMask];
  float4 e = ImplicitTyped[dtid.y];

  float4 color = (a * Strength + b + c + d * Tint + e) * GlobalScale + Bias;
  SpacedImage[dtid.xy] = color;

  if (dtid.x == 0 && dtid.y == 0) {
    ExplicitOut[0] = color.x;
    InterlockedAdd(ImplicitCounters[0], Frame);
    SpaceOnlyRaw.Store(0, asuint(color.y));
  }
}
