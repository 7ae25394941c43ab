// bench: -T cs_6_6 -E main
// Forward+ tiled light culling: builds per-tile frustum planes from the depth
// bounds, tests point and spot lights (sphere / cone) against them, collects
// visible light indices in groupshared memory and writes a per-tile list.

#define TILE_SIZE 16
#define MAX_LIGHTS_PER_TILE 256
#define LIGHT_POINT 0
#define LIGHT_SPOT 1

struct Light
{
    float3 positionVS;
    float  range;
    float3 directionVS;
    float  spotAngleCos;
    float3 color;
    uint   type;
};

struct Plane
{
    float3 normal;
    float  d;
};

cbuffer CullingCB : register(b0)
{
    float4x4 InverseProjection;
    uint2    ScreenSize;
    uint2    NumTiles;
    uint     LightCount;
    float    NearClip;
    float    FarClip;
    uint     _pad;
};

StructuredBuffer<Light> Lights : register(t0);
Texture2D<float> DepthTexture : register(t1);
RWStructuredBuffer<uint> LightIndexList : register(u0);
RWTexture2D<uint2> LightGrid : register(u1); // x = offset, y = count
RWByteAddressBuffer LightIndexCounter : register(u2);

groupshared uint s_MinDepthBits;
groupshared uint s_MaxDepthBits;
groupshared uint s_LightCount;
groupshared uint s_LightListOffset;
groupshared uint s_LightList[MAX_LIGHTS_PER_TILE];

float4 ScreenToView(float4 screen)
{
    float2 texCoord = screen.xy / float2(ScreenSize);
    float4 clip = float4(float2(texCoord.x, 1.0 - texCoord.y) * 2.0 - 1.0, screen.z, screen.w);
    float4 view = mul(InverseProjection, clip);
    return view / view.w;
}

Plane ComputePlane(float3 p0, float3 p1, float3 p2)
{
    Plane plane;
    float3 v0 = p1 - p0;
    float3 v2 = p2 - p0;
    plane.normal = normalize(cross(v0, v2));
    plane.d = dot(plane.normal, p0);
    return plane;
}

bool SphereInsidePlane(float3 centre, float radius, Plane plane)
{
    return dot(plane.normal, centre) - plane.d < -radius;
}

bool ConeInsidePlane(float3 tip, float3 dir, float height, float radius, Plane plane)
{
    float3 m = cross(cross(plane.normal, dir), dir);
    float3 q = tip + dir * height - m * radius;
    return SphereInsidePlane(tip, 0.0, plane) && SphereInsidePlane(q, 0.0, plane);
}

void AppendLight(uint lightIndex)
{
    uint slot;
    InterlockedAdd(s_LightCount, 1, slot);
    if (slot < MAX_LIGHTS_PER_TILE)
        s_LightList[slot] = lightIndex;
}

[numthreads(TILE_SIZE, TILE_SIZE, 1)]
void main(uint3 groupId : SV_GroupID, uint3 dispatchId : SV_DispatchThreadID, uint groupIndex : SV_GroupIndex)
{
    if (groupIndex == 0)
    {
        s_MinDepthBits = 0xffffffff;
        s_MaxDepthBits = 0;
        s_LightCount = 0;
    }
    GroupMemoryBarrierWithGroupSync();

    int2 texel = min(int2(dispatchId.xy), int2(ScreenSize) - 1);
    float depth = DepthTexture.Load(int3(texel, 0));
    uint depthBits = asuint(depth);
    InterlockedMin(s_MinDepthBits, depthBits);
    InterlockedMax(s_MaxDepthBits, depthBits);
    GroupMemoryBarrierWithGroupSync();

    float minDepthVS = ScreenToView(float4(0, 0, asfloat(s_MinDepthBits), 1)).z;
    float maxDepthVS = ScreenToView(float4(0, 0, asfloat(s_MaxDepthBits), 1)).z;
    float nearVS = ScreenToView(float4(0, 0, 0, 1)).z;

    // Side planes of the tile frustum (eye at the origin in view space).
    float3 corners[4];
    float2 tileMin = float2(groupId.xy * TILE_SIZE);
    float2 tileMax = float2((groupId.xy + 1) * TILE_SIZE);
    corners[0] = ScreenToView(float4(tileMin.x, tileMin.y, 1.0, 1.0)).xyz;
    corners[1] = ScreenToView(float4(tileMax.x, tileMin.y, 1.0, 1.0)).xyz;
    corners[2] = ScreenToView(float4(tileMin.x, tileMax.y, 1.0, 1.0)).xyz;
    corners[3] = ScreenToView(float4(tileMax.x, tileMax.y, 1.0, 1.0)).xyz;

    const float3 eye = float3(0, 0, 0);
    Plane planes[4] = {
        ComputePlane(eye, corners[2], corners[0]),
        ComputePlane(eye, corners[1], corners[3]),
        ComputePlane(eye, corners[0], corners[1]),
        ComputePlane(eye, corners[3], corners[2]),
    };

    for (uint i = groupIndex; i < LightCount; i += TILE_SIZE * TILE_SIZE)
    {
        Light light = Lights[i];
        bool visible = true;
        if (light.type == LIGHT_POINT)
        {
            if (light.positionVS.z - light.range > minDepthVS || light.positionVS.z + light.range < maxDepthVS)
                visible = false;
            [unroll]
            for (int p = 0; p < 4; ++p)
                if (SphereInsidePlane(light.positionVS, light.range, planes[p]))
                    visible = false;
        }
        else
        {
            float coneRadius = tan(acos(light.spotAngleCos)) * light.range;
            [unroll]
            for (int p = 0; p < 4; ++p)
                if (ConeInsidePlane(light.positionVS, light.directionVS, light.range, coneRadius, planes[p]))
                    visible = false;
            if (light.positionVS.z > nearVS + FarClip)
                visible = false;
        }
        if (visible)
            AppendLight(i);
    }
    GroupMemoryBarrierWithGroupSync();

    uint count = min(s_LightCount, (uint)MAX_LIGHTS_PER_TILE);
    if (groupIndex == 0)
    {
        uint offset;
        LightIndexCounter.InterlockedAdd(0, count, offset);
        s_LightListOffset = offset;
        LightGrid[groupId.xy] = uint2(offset, count);
    }
    GroupMemoryBarrierWithGroupSync();

    for (uint j = groupIndex; j < count; j += TILE_SIZE * TILE_SIZE)
        LightIndexList[s_LightListOffset + j] = s_LightList[j];
}
