// bench: -T vs_6_6 -E main
// Clipmap/quadtree terrain vertex shader: a shared grid patch is placed by
// per-patch constants, heights come from a heightmap via SampleLevel, LOD
// morphing removes T-junction popping (CDLOD), and normals are computed from
// central differences of the heightmap.

cbuffer TerrainFrame : register(b0)
{
    row_major float4x4 ViewProjection;
    float3 CameraPosition;
    float  HeightScale;
    float2 TerrainSize;        // world extent in x/z
    float2 HeightmapTexelSize; // 1 / heightmap resolution
    float4 MorphRanges[8];     // per LOD: x = start, y = end, z = 1/(end-start)
    float  DetailScale;
    float  DetailStrength;
    float2 _pad;
};

cbuffer PatchConstants : register(b1)
{
    float2 PatchOrigin;        // world x/z of patch corner
    float  PatchScale;         // world units per grid quad
    uint   PatchLod;
    float  GridDimension;      // quads per patch side
    float3 _pad1;
};

Texture2D<float>  Heightmap : register(t0);
Texture2D<float4> DetailNoise : register(t1);
SamplerState      LinearClamp : register(s0);
SamplerState      LinearWrap : register(s1);

struct VSInput
{
    float2 gridPos : POSITION;   // integer grid coordinate in [0, GridDimension]
};

struct VSOutput
{
    float4 position  : SV_Position;
    float3 worldPos  : WORLDPOS;
    float3 normal    : NORMAL;
    float2 uv        : TEXCOORD0;
    float2 detailUV  : TEXCOORD1;
    float  morph     : TEXCOORD2;
    float  viewDist  : TEXCOORD3;
};

float2 WorldToUV(float2 xz)
{
    return xz / TerrainSize + 0.5;
}

float SampleHeight(float2 uv)
{
    float h = Heightmap.SampleLevel(LinearClamp, uv, 0);
    float detail = DetailNoise.SampleLevel(LinearWrap, uv * DetailScale, 0).r * 2.0 - 1.0;
    return (h + detail * DetailStrength) * HeightScale;
}

float2 MorphVertex(float2 gridPos, float2 worldXZ, float morphK)
{
    // Snap odd vertices towards the coarser LOD grid.
    float2 fracPart = frac(gridPos * 0.5) * 2.0;
    return worldXZ - fracPart * PatchScale * morphK;
}

float3 ComputeNormal(float2 uv)
{
    float2 t = HeightmapTexelSize;
    float hl = SampleHeight(uv - float2(t.x, 0));
    float hr = SampleHeight(uv + float2(t.x, 0));
    float hd = SampleHeight(uv - float2(0, t.y));
    float hu = SampleHeight(uv + float2(0, t.y));
    float2 worldStep = t * TerrainSize * 2.0;
    float3 n = float3((hl - hr) / worldStep.x, 1.0, (hd - hu) / worldStep.y);
    return normalize(n);
}

VSOutput main(VSInput input)
{
    float2 worldXZ = PatchOrigin + input.gridPos * PatchScale;

    // First pass height for the morph distance estimate.
    float approxHeight = SampleHeight(WorldToUV(worldXZ));
    float dist = distance(CameraPosition, float3(worldXZ.x, approxHeight, worldXZ.y));
    float4 range = MorphRanges[min(PatchLod, 7u)];
    float morphK = saturate((dist - range.x) * range.z);

    worldXZ = MorphVertex(input.gridPos, worldXZ, morphK);
    float2 uv = WorldToUV(worldXZ);
    float height = SampleHeight(uv);

    // Fade edges of the terrain into the horizon skirt.
    float2 edge = abs(uv - 0.5) * 2.0;
    float skirt = smoothstep(0.98, 1.0, max(edge.x, edge.y));
    height -= skirt * 50.0;

    float3 worldPos = float3(worldXZ.x, height, worldXZ.y);

    VSOutput output;
    output.position = mul(float4(worldPos, 1.0), ViewProjection);
    output.worldPos = worldPos;
    output.normal = ComputeNormal(uv);
    output.uv = uv;
    output.detailUV = worldXZ * 0.25;
    output.morph = morphK;
    output.viewDist = distance(CameraPosition, worldPos);
    return output;
}
