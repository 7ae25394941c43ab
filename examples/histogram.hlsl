// hlsl-mlir: -T cs_6_6 -E main
// 256-bin luminance histogram: per-group bins in groupshared memory, merged with global atomics.

#define NUM_BINS 256
#define TILE 16

cbuffer HistogramParams : register(b0) {
  uint2 imageSize;
  float minLogLum;      // log2 luminance mapped to bin 1
  float invLogLumRange; // 1 / (maxLogLum - minLogLum)
};

Texture2D<float4> HdrImage : register(t0);
RWStructuredBuffer<uint> Histogram : register(u0);  // NUM_BINS counters
RWByteAddressBuffer Stats : register(u1);           // [0] = pixels counted, [4] = max bin

groupshared uint localBins[NUM_BINS];

// Bin 0 is reserved for (near) black pixels so they do not skew exposure.
uint luminanceToBin(float3 rgb) {
  float lum = dot(rgb, float3(0.2126, 0.7152, 0.0722));
  if (lum < 0.005)
    return 0;
  float t = saturate((log2(lum) - minLogLum) * invLogLumRange);
  return (uint)(t * 254.0 + 1.0);
}

[numthreads(TILE, TILE, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  // TILE * TILE == NUM_BINS, so every thread clears exactly one bin.
  localBins[gi] = 0;
  GroupMemoryBarrierWithGroupSync();

  if (all(dtid.xy < imageSize)) {
    float3 color = HdrImage.Load(int3(dtid.xy, 0)).rgb;
    uint bin = luminanceToBin(color);
    InterlockedAdd(localBins[bin], 1);
  }
  GroupMemoryBarrierWithGroupSync();

  // Merge this group's counts into the global histogram.
  uint count = localBins[gi];
  if (count != 0) {
    InterlockedAdd(Histogram[gi], count);

    uint previousTotal;
    Stats.InterlockedAdd(0, count, previousTotal);
    Stats.InterlockedMax(4, gi);
  }
}
