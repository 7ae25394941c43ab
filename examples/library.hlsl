// hlsl-mlir: -T lib_6_6
// Shader library with two compute entry points sharing helpers and resources.

cbuffer ImageParams : register(b0) {
  uint2 Size;
  float Contrast;
  float Brightness;
};

Texture2D<float4> Source : register(t0);
RWTexture2D<float4> Target : register(u0);
RWTexture2D<float> Luminance : register(u1);

float luminance(float3 rgb) {
  return dot(rgb, float3(0.2126, 0.7152, 0.0722));
}

float3 adjust(float3 rgb) {
  return saturate((rgb - 0.5) * Contrast + 0.5 + Brightness);
}

bool inside(uint2 p) {
  return all(p < Size);
}

// Entry 1: brightness/contrast adjustment.
[shader("compute")]
[numthreads(8, 8, 1)]
void AdjustCS(uint3 dtid : SV_DispatchThreadID) {
  if (!inside(dtid.xy))
    return;
  float4 c = Source[dtid.xy];
  Target[dtid.xy] = float4(adjust(c.rgb), c.a);
}

// Entry 2: luminance extraction with a 2x2 box filter.
[shader("compute")]
[numthreads(8, 8, 1)]
void LuminanceCS(uint3 dtid : SV_DispatchThreadID) {
  if (!inside(dtid.xy))
    return;
  uint2 p1 = min(dtid.xy + 1, Size - 1);
  float l = luminance(Source[dtid.xy].rgb) + luminance(Source[uint2(p1.x, dtid.y)].rgb) +
            luminance(Source[uint2(dtid.x, p1.y)].rgb) + luminance(Source[p1].rgb);
  Luminance[dtid.xy] = l * 0.25;
}
