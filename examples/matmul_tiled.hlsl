// hlsl-mlir: -T cs_6_6 -E main
// Tiled SGEMM C = alpha * A * B + beta * C with 16x16 tiles staged through groupshared memory.

#define TILE 16

cbuffer GemmParams : register(b0) {
  uint M;      // rows of A and C
  uint N;      // columns of B and C
  uint K;      // columns of A, rows of B
  float alpha;
  float beta;
};

// Row-major dense matrices.
StructuredBuffer<float> A : register(t0);   // M x K
StructuredBuffer<float> B : register(t1);   // K x N
RWStructuredBuffer<float> C : register(u0); // M x N

groupshared float tileA[TILE][TILE];
groupshared float tileB[TILE][TILE];

float loadA(uint row, uint col) {
  return (row < M && col < K) ? A[row * K + col] : 0.0;
}

float loadB(uint row, uint col) {
  return (row < K && col < N) ? B[row * N + col] : 0.0;
}

[numthreads(TILE, TILE, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 gid : SV_GroupID) {
  uint row = gid.y * TILE + gtid.y;
  uint col = gid.x * TILE + gtid.x;

  float acc = 0.0;
  uint numTiles = (K + TILE - 1) / TILE;

  for (uint t = 0; t < numTiles; ++t) {
    // Cooperative load: each thread brings in one element of each tile.
    tileA[gtid.y][gtid.x] = loadA(row, t * TILE + gtid.x);
    tileB[gtid.y][gtid.x] = loadB(t * TILE + gtid.y, col);
    GroupMemoryBarrierWithGroupSync();

    [unroll]
    for (uint k = 0; k < TILE; ++k)
      acc = mad(tileA[gtid.y][k], tileB[k][gtid.x], acc);

    // Do not overwrite the tiles while other threads still read them.
    GroupMemoryBarrierWithGroupSync();
  }

  if (row < M && col < N) {
    uint idx = row * N + col;
    C[idx] = alpha * acc + beta * C[idx];
  }
}
