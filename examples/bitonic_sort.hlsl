// hlsl-mlir: -T cs_6_6 -E main
// Bitonic sort of 64-bit (key, value) pairs: 1024 elements per group sorted in groupshared memory.

#define SORT_SIZE 1024
#define THREADS (SORT_SIZE / 2)

cbuffer SortParams : register(b0) {
  uint elementCount;   // valid elements; the rest of the last block is padded
  uint descending;     // non-zero sorts largest key first
};

// x = key, y = payload (e.g. a particle index).
RWStructuredBuffer<uint2> Pairs : register(u0);

groupshared uint2 sPairs[SORT_SIZE];

// Padding must sort behind every real key in either direction.
uint padKey() {
  return descending != 0 ? 0u : 0xffffffffu;
}

bool shouldSwap(uint2 a, uint2 b, bool ascending) {
  return ascending ? (a.x > b.x) : (a.x < b.x);
}

[numthreads(THREADS, 1, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID) {
  uint base = gid.x * SORT_SIZE;
  uint t = gtid.x;

  // Two elements per thread.
  [unroll]
  for (uint k = 0; k < 2; ++k) {
    uint local = t + k * THREADS;
    uint global = base + local;
    sPairs[local] = global < elementCount ? Pairs[global] : uint2(padKey(), 0);
  }
  GroupMemoryBarrierWithGroupSync();

  bool sortAscending = descending == 0;

  // Classic bitonic network: for each merge size, compare-exchange with a
  // partner at decreasing distances.
  for (uint size = 2; size <= SORT_SIZE; size <<= 1) {
    for (uint stride = size >> 1; stride > 0; stride >>= 1) {
      // Index of the lower element of this thread's pair.
      uint lo = 2 * t - (t & (stride - 1));
      uint hi = lo + stride;
      // Direction alternates between bitonic sub-sequences.
      bool ascending = ((lo & size) == 0) == sortAscending;

      uint2 a = sPairs[lo];
      uint2 b = sPairs[hi];
      if (shouldSwap(a, b, ascending)) {
        sPairs[lo] = b;
        sPairs[hi] = a;
      }
      GroupMemoryBarrierWithGroupSync();
    }
  }

  [unroll]
  for (uint k2 = 0; k2 < 2; ++k2) {
    uint local = t + k2 * THREADS;
    uint global = base + local;
    if (global < elementCount)
      Pairs[global] = sPairs[local];
  }
}
