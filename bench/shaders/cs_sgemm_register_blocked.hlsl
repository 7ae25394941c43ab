// bench: -T cs_6_6 -E main
// SGEMM C = alpha * op(A) * B + beta * C with 64x64 block tiles, 16-deep K
// slices in groupshared memory and a 4x4 register micro-tile per thread
// (the usual structure of ML inference kernels on D3D12).

#define BM 64
#define BN 64
#define BK 16
#define TM 4
#define TN 4
#define THREADS_X (BN / TN)
#define THREADS_Y (BM / TM)

cbuffer GemmCB : register(b0)
{
    uint  M;
    uint  N;
    uint  K;
    uint  TransposeA;
    float Alpha;
    float Beta;
    uint  Lda;
    uint  Ldb;
    uint  Ldc;
    uint  ApplyRelu;
    uint2 _pad;
};

StructuredBuffer<float>   A : register(t0);
StructuredBuffer<float>   B : register(t1);
StructuredBuffer<float>   Bias : register(t2);
RWStructuredBuffer<float> C : register(u0);

groupshared float s_A[BK][BM];
groupshared float s_B[BK][BN];

float LoadA(uint row, uint col)
{
    if (row >= M || col >= K)
        return 0.0;
    return TransposeA != 0 ? A[col * Lda + row] : A[row * Lda + col];
}

float LoadB(uint row, uint col)
{
    return (row < K && col < N) ? B[row * Ldb + col] : 0.0;
}

[numthreads(THREADS_X, THREADS_Y, 1)]
void main(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID, uint gi : SV_GroupIndex)
{
    const uint blockRow = gid.y * BM;
    const uint blockCol = gid.x * BN;

    float acc[TM][TN];
    [unroll]
    for (uint i = 0; i < TM; ++i)
        [unroll]
        for (uint j = 0; j < TN; ++j)
            acc[i][j] = 0.0;

    for (uint k0 = 0; k0 < K; k0 += BK)
    {
        // 256 threads load 64x16 A and 16x64 B elements: 4 each.
        [unroll]
        for (uint l = 0; l < 4; ++l)
        {
            uint idx = gi + l * THREADS_X * THREADS_Y;
            uint aRow = idx / BK, aCol = idx % BK;
            s_A[aCol][aRow] = LoadA(blockRow + aRow, k0 + aCol);
            uint bRow = idx / BN, bCol = idx % BN;
            s_B[bRow][bCol] = LoadB(k0 + bRow, blockCol + bCol);
        }
        GroupMemoryBarrierWithGroupSync();

        [unroll]
        for (uint kk = 0; kk < BK; ++kk)
        {
            float a[TM];
            float b[TN];
            [unroll]
            for (uint m = 0; m < TM; ++m)
                a[m] = s_A[kk][gtid.y * TM + m];
            [unroll]
            for (uint n = 0; n < TN; ++n)
                b[n] = s_B[kk][gtid.x * TN + n];
            [unroll]
            for (uint m2 = 0; m2 < TM; ++m2)
                [unroll]
                for (uint n2 = 0; n2 < TN; ++n2)
                    acc[m2][n2] = mad(a[m2], b[n2], acc[m2][n2]);
        }
        GroupMemoryBarrierWithGroupSync();
    }

    [unroll]
    for (uint m = 0; m < TM; ++m)
    {
        uint row = blockRow + gtid.y * TM + m;
        [unroll]
        for (uint n = 0; n < TN; ++n)
        {
            uint col = blockCol + gtid.x * TN + n;
            if (row < M && col < N)
            {
                uint idx = row * Ldc + col;
                float value = Alpha * acc[m][n] + Bias[col];
                if (Beta != 0.0)
                    value += Beta * C[idx];
                if (ApplyRelu != 0)
                    value = max(value, 0.0);
                C[idx] = value;
            }
        }
    }
}
