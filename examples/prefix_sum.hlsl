// hlsl-mlir: -T cs_6_6 -E main
// Work-efficient (Blelloch) exclusive prefix sum of 512 uints per group in groupshared memory.

#define GROUP_SIZE 256
#define ELEMS_PER_GROUP (2 * GROUP_SIZE)

cbuffer ScanParams : register(b0) {
  uint elementCount;   // total number of valid input elements
  uint pad0, pad1, pad2;
};

StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint> Output : register(u0);     // exclusive scan per block
RWStructuredBuffer<uint> BlockSums : register(u1);  // total of each block

groupshared uint temp[ELEMS_PER_GROUP];

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID) {
  uint t = gtid.x;
  uint base = gid.x * ELEMS_PER_GROUP;

  // Each thread loads two elements; out-of-range elements contribute 0.
  uint ai = t;
  uint bi = t + GROUP_SIZE;
  temp[ai] = (base + ai < elementCount) ? Input[base + ai] : 0;
  temp[bi] = (base + bi < elementCount) ? Input[base + bi] : 0;

  // Up-sweep (reduce): build partial sums in place.
  uint offset = 1;
  for (uint d = ELEMS_PER_GROUP >> 1; d > 0; d >>= 1) {
    GroupMemoryBarrierWithGroupSync();
    if (t < d) {
      uint left = offset * (2 * t + 1) - 1;
      uint right = offset * (2 * t + 2) - 1;
      temp[right] += temp[left];
    }
    offset *= 2;
  }

  // Publish the block total and clear the root for the exclusive scan.
  if (t == 0) {
    BlockSums[gid.x] = temp[ELEMS_PER_GROUP - 1];
    temp[ELEMS_PER_GROUP - 1] = 0;
  }

  // Down-sweep: distribute the partial sums back down the tree.
  for (uint d2 = 1; d2 < ELEMS_PER_GROUP; d2 *= 2) {
    offset >>= 1;
    GroupMemoryBarrierWithGroupSync();
    if (t < d2) {
      uint left = offset * (2 * t + 1) - 1;
      uint right = offset * (2 * t + 2) - 1;
      uint v = temp[left];
      temp[left] = temp[right];
      temp[right] += v;
    }
  }
  GroupMemoryBarrierWithGroupSync();

  if (base + ai < elementCount)
    Output[base + ai] = temp[ai];
  if (base + bi < elementCount)
    Output[base + bi] = temp[bi];
}
