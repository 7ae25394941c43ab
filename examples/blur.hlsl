// hlsl-mlir: -T cs_6_6 -E main
// Separable 9-tap Gaussian blur pass: samples a Texture2D with a SamplerState, writes a RWTexture2D.

cbuffer BlurParams : register(b0) {
  float2 texelSize;   // 1 / source dimensions
  float2 direction;   // (1, 0) for the horizontal pass, (0, 1) for vertical
  float radiusScale;  // widens the kernel without changing the tap count
  uint3 pad;
};

Texture2D<float4> Source : register(t0);
SamplerState LinearClamp : register(s0);
RWTexture2D<float4> Destination : register(u0);

// Weights for offsets 0..4 of a sigma ~= 2 Gaussian; they sum to 1 over the
// symmetric 9-tap kernel.
static const float kWeights[5] = { 0.227027, 0.1945946, 0.1216216, 0.054054, 0.016216 };

float4 sampleAt(float2 uv) {
  // Compute shaders have no implicit derivatives, so sample mip 0 explicitly.
  return Source.SampleLevel(LinearClamp, uv, 0.0);
}

[numthreads(8, 8, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  uint width, height;
  Destination.GetDimensions(width, height);
  if (dtid.x >= width || dtid.y >= height)
    return;

  // Sample at texel centres.
  float2 uv = (float2(dtid.xy) + 0.5) * texelSize;
  float2 stepUV = direction * texelSize * radiusScale;

  float4 sum = sampleAt(uv) * kWeights[0];
  [unroll]
  for (int i = 1; i < 5; ++i) {
    float2 offset = stepUV * (float)i;
    sum += sampleAt(uv + offset) * kWeights[i];
    sum += sampleAt(uv - offset) * kWeights[i];
  }

  // Keep alpha from the centre texel; blur only the colour.
  float4 centre = Source.Load(int3(dtid.xy, 0));
  Destination[dtid.xy] = float4(sum.rgb, centre.a);
}
