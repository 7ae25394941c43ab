// hlsl-mlir: -T cs_6_6 -E main
// In-place inclusive prefix sum within each wave (WavePrefixSum) and each wave's total (WaveActiveSum).

RWStructuredBuffer<uint> Data : register(u0);
RWStructuredBuffer<uint> WaveTotals : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  uint value = Data[dtid.x];
  Data[dtid.x] = WavePrefixSum(value) + value;
  uint total = WaveActiveSum(value);
  if (WaveIsFirstLane())
    WaveTotals[dtid.x / WaveGetLaneCount()] = total;
}
