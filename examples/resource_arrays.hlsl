// hlsl-mlir: -T cs_6_6 -E main
// Fixed, multi-dimensional and unbounded resource arrays, including passing a sub-array to a function.

struct DrawInfo {
  uint materialIndex;   // index into the bindless texture table
  uint layer;           // which row of the cascade array to use
  float2 uv;
};

// Fixed-size array: occupies t0..t3.
Texture2D<float4> Albedo[4] : register(t0);

// Two-dimensional array: 2 cascades x 3 slices, t4..t9, row-major order.
Texture2D<float> ShadowCascades[2][3] : register(t4);

// Unbounded (bindless) table in its own space.
Texture2D Bindless[] : register(t0, space1);

SamplerState Samplers[2] : register(s0);   // [0] point, [1] linear

StructuredBuffer<DrawInfo> Draws : register(t10);
RWStructuredBuffer<float4> Results[2] : register(u0);   // [0] color, [1] shadow

// Receives one row of the 2D array by value (an array of 3 textures).
float sampleCascadeRow(Texture2D<float> row[3], SamplerState s, float2 uv) {
  float sum = 0.0;
  [unroll]
  for (uint i = 0; i < 3; ++i)
    sum += row[i].SampleLevel(s, uv * (float)(i + 1), 0.0);
  return sum / 3.0;
}

// Receives the whole fixed-size array.
float4 blendAlbedo(Texture2D<float4> textures[4], SamplerState s, float2 uv) {
  float4 c = 0;
  [unroll]
  for (uint i = 0; i < 4; ++i)
    c += textures[i].SampleLevel(s, uv, 0.0) * 0.25;
  return c;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  uint drawCount, stride;
  Draws.GetDimensions(drawCount, stride);
  if (dtid.x >= drawCount)
    return;

  DrawInfo info = Draws[dtid.x];
  SamplerState linearSampler = Samplers[1];

  // The index varies per thread, so it must be marked non-uniform.
  Texture2D material = Bindless[NonUniformResourceIndex(info.materialIndex)];
  float4 color = material.SampleLevel(linearSampler, info.uv, 0.0);

  color *= blendAlbedo(Albedo, Samplers[0], info.uv);

  // Pass a sub-array: ShadowCascades[layer] has type Texture2D<float>[3].
  uint layer = min(info.layer, 1u);
  float shadow = sampleCascadeRow(ShadowCascades[layer], linearSampler, info.uv);

  // Direct element of the 2D array with a constant index.
  uint w, h;
  ShadowCascades[1][2].GetDimensions(w, h);
  shadow *= (w > 0 && h > 0) ? 1.0 : 0.0;

  Results[0][dtid.x] = color;
  Results[1][dtid.x] = float4(shadow.xxx, 1.0);
}
