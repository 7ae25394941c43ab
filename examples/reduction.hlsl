// hlsl-mlir: -T cs_6_6 -E main
// Parallel sum/min/max reduction: each thread folds a grid-stride range, then a groupshared tree reduction.

#define GROUP_SIZE 256

cbuffer ReduceParams : register(b0) {
  uint count;        // number of input elements
  uint groupCount;   // number of groups dispatched (for the grid stride)
};

StructuredBuffer<float> Values : register(t0);

struct Partial {
  float sum;
  float minimum;
  float maximum;
  uint count;
};
RWStructuredBuffer<Partial> Partials : register(u0);   // one per group

groupshared float sSum[GROUP_SIZE];
groupshared float sMin[GROUP_SIZE];
groupshared float sMax[GROUP_SIZE];
groupshared uint sCount[GROUP_SIZE];

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID) {
  uint t = gtid.x;

  // Grid-stride accumulation keeps the groupshared phase short regardless of
  // the input size.
  float sum = 0.0;
  float lo = 3.402823466e+38;
  float hi = -3.402823466e+38;
  uint n = 0;
  for (uint i = gid.x * GROUP_SIZE + t; i < count; i += groupCount * GROUP_SIZE) {
    float v = Values[i];
    sum += v;
    lo = min(lo, v);
    hi = max(hi, v);
    n += 1;
  }
  sSum[t] = sum;
  sMin[t] = lo;
  sMax[t] = hi;
  sCount[t] = n;
  GroupMemoryBarrierWithGroupSync();

  // Tree reduction: halve the number of active threads each step.
  [unroll]
  for (uint stride = GROUP_SIZE / 2; stride > 0; stride >>= 1) {
    if (t < stride) {
      sSum[t] += sSum[t + stride];
      sMin[t] = min(sMin[t], sMin[t + stride]);
      sMax[t] = max(sMax[t], sMax[t + stride]);
      sCount[t] += sCount[t + stride];
    }
    GroupMemoryBarrierWithGroupSync();
  }

  if (t == 0) {
    Partial p;
    p.sum = sSum[0];
    p.minimum = sMin[0];
    p.maximum = sMax[0];
    p.count = sCount[0];
    Partials[gid.x] = p;
  }
}
