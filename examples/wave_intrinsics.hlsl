// hlsl-mlir: -T cs_6_6 -E main
// Stream compaction with wave intrinsics: ballot/prefix counts, one atomic per wave, lane broadcast.

cbuffer CompactParams : register(b0) {
  uint inputCount;
  float threshold;   // keep elements whose value exceeds this
};

StructuredBuffer<float> Input : register(t0);
RWStructuredBuffer<float> Compacted : register(u0);
RWStructuredBuffer<uint> OutputCount : register(u1);   // [0] total kept
RWStructuredBuffer<float4> WaveStats : register(u2);   // per-wave sum/min/max/count

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  uint i = dtid.x;
  bool inRange = i < inputCount;
  float value = inRange ? Input[i] : 0.0;
  bool keep = inRange && value > threshold;

  // Number of kept elements in this wave and this lane's rank among them.
  uint waveKept = WaveActiveCountBits(keep);
  uint rank = WavePrefixCountBits(keep);

  // One lane reserves space for the whole wave...
  uint waveBase = 0;
  if (WaveIsFirstLane())
    InterlockedAdd(OutputCount[0], waveKept, waveBase);
  // ...and broadcasts the base offset to the others.
  waveBase = WaveReadLaneFirst(waveBase);

  if (keep)
    Compacted[waveBase + rank] = value;

  // Wave-wide statistics over the kept values.
  float kept = keep ? value : 0.0;
  float sum = WaveActiveSum(kept);
  float lo = WaveActiveMin(keep ? value : 3.402823466e+38);
  float hi = WaveActiveMax(keep ? value : -3.402823466e+38);
  bool anyKept = WaveActiveAnyTrue(keep);
  bool allKept = WaveActiveAllTrue(keep);

  // Inclusive running sum within the wave, read back from the last lane.
  float running = WavePrefixSum(kept) + kept;
  float total = WaveReadLaneAt(running, WaveGetLaneCount() - 1);

  uint4 ballot = WaveActiveBallot(keep);
  uint ballotBits = countbits(ballot.x) + countbits(ballot.y);

  if (WaveGetLaneIndex() == 0 && anyKept) {
    uint waveIndex = i / WaveGetLaneCount();
    float flag = allKept ? 1.0 : 0.0;
    WaveStats[waveIndex] = float4(sum + (total - sum), lo, hi, (float)ballotBits + flag);
  }
}
