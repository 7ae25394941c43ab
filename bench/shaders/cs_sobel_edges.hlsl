// bench: -T cs_6_6 -E main
// Sobel edge detection on luminance with an 18x18 groupshared tile, producing
// an edge-magnitude image and a gradient-direction image (used by an outline
// post-process). Depth discontinuities are also folded in.

#define TILE 16
#define APRON 1
#define TILE_EX (TILE + 2 * APRON)

cbuffer EdgeParams : register(b0)
{
    uint2  Resolution;
    float  DepthWeight;
    float  LumaWeight;
    float  Threshold;
    float  NearPlane;
    float  FarPlane;
    float  _pad0;
};

Texture2D<float4> ColorTex : register(t0);
Texture2D<float>  DepthTex : register(t1);
RWTexture2D<float>  EdgeOut : register(u0);
RWTexture2D<float2> GradientOut : register(u1);

groupshared float s_Luma[TILE_EX][TILE_EX];
groupshared float s_Depth[TILE_EX][TILE_EX];

float Luminance(float3 c)
{
    return dot(c, float3(0.2126, 0.7152, 0.0722));
}

float LinearizeDepth(float d)
{
    return NearPlane * FarPlane / (FarPlane - d * (FarPlane - NearPlane));
}

void LoadTexel(int2 groupOrigin, uint2 local)
{
    int2 p = clamp(groupOrigin + int2(local) - APRON, int2(0, 0), int2(Resolution) - 1);
    s_Luma[local.y][local.x] = Luminance(ColorTex.Load(int3(p, 0)).rgb);
    s_Depth[local.y][local.x] = LinearizeDepth(DepthTex.Load(int3(p, 0)));
}

float2 SobelGradient(float v[3][3])
{
    float gx = (v[0][2] + 2.0 * v[1][2] + v[2][2]) - (v[0][0] + 2.0 * v[1][0] + v[2][0]);
    float gy = (v[2][0] + 2.0 * v[2][1] + v[2][2]) - (v[0][0] + 2.0 * v[0][1] + v[0][2]);
    return float2(gx, gy);
}

[numthreads(TILE, TILE, 1)]
void main(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID, uint3 dtid : SV_DispatchThreadID)
{
    int2 origin = int2(gid.xy) * TILE;
    uint flat = gtid.y * TILE + gtid.x;

    // 324 texels, 256 threads: two rounds of loads.
    for (uint idx = flat; idx < TILE_EX * TILE_EX; idx += TILE * TILE)
        LoadTexel(origin, uint2(idx % TILE_EX, idx / TILE_EX));
    GroupMemoryBarrierWithGroupSync();

    if (dtid.x >= Resolution.x || dtid.y >= Resolution.y)
        return;

    float luma[3][3];
    float depth[3][3];
    [unroll]
    for (int y = 0; y < 3; ++y)
    {
        [unroll]
        for (int x = 0; x < 3; ++x)
        {
            luma[y][x] = s_Luma[gtid.y + y][gtid.x + x];
            depth[y][x] = s_Depth[gtid.y + y][gtid.x + x];
        }
    }

    float2 gl = SobelGradient(luma);
    float2 gd = SobelGradient(depth) / max(depth[1][1], 1e-3);
    float magnitude = LumaWeight * length(gl) + DepthWeight * length(gd);
    float edge = saturate((magnitude - Threshold) / max(1.0 - Threshold, 1e-4));

    EdgeOut[dtid.xy] = edge;
    float2 dir = dot(gl, gl) > 1e-8 ? normalize(gl) : float2(0, 0);
    GradientOut[dtid.xy] = dir * edge;
}
