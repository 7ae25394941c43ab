// bench: -T vs_6_6 -E main
// GPU-driven instanced mesh vertex shader: per-instance transforms from a
// StructuredBuffer indexed by an instance-rate index stream + base instance, LOD
// dither fade, wind sway for vegetation, and per-instance colour tint.

struct InstanceData
{
    float4x3 world;           // row_major world matrix (4 rows of float3)
    float4   colorTint;
    float    fadeAlpha;       // LOD cross-fade
    uint     materialIndex;
    float    windStiffness;
    float    scale;
};

cbuffer ViewCB : register(b0)
{
    row_major float4x4 ViewProjection;
    float3 CameraPosition;
    float  Time;
    float3 WindDirection;
    float  WindStrength;
    float  WindFrequency;
    float  FadeStart;
    float  FadeEnd;
    float  _pad;
};

cbuffer DrawCB : register(b1)
{
    uint BaseInstance;
    uint InstanceCount;
    uint2 _pad1;
};

StructuredBuffer<InstanceData> Instances : register(t0);
StructuredBuffer<uint> VisibleInstances : register(t1);

struct VSIn
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
    float4 color    : COLOR0;     // r = sway weight (vertex painted)
    uint   instanceId : INSTANCEID;   // per-instance stream (0, 1, 2, ...)
};

struct VSOut
{
    float4 position : SV_Position;
    float3 worldPos : POSITION;
    float3 normal   : NORMAL;
    float2 uv       : TEXCOORD0;
    nointerpolation float4 tint : COLOR0;
    nointerpolation uint material : MATERIAL;
    float  fade     : FADE;
};

float3 ApplyWind(float3 worldPos, float3 pivot, float swayWeight, float stiffness)
{
    float phase = dot(pivot, float3(0.37, 0.0, 0.71));
    float t = Time * WindFrequency + phase;
    float primary = sin(t) * 0.6 + sin(t * 2.3 + 1.7) * 0.3 + sin(t * 5.1) * 0.1;
    float height = max(worldPos.y - pivot.y, 0.0);
    float bend = swayWeight * height * height * WindStrength / max(stiffness, 0.01);
    float3 offset = WindDirection * primary * bend;
    // Keep branch length roughly constant by pulling the vertex down.
    offset.y -= 0.5 * dot(offset.xz, offset.xz) / max(height, 0.1);
    return worldPos + offset;
}

VSOut main(VSIn input)
{
    uint visibleIndex = BaseInstance + input.instanceId;
    uint instanceIndex = VisibleInstances[visibleIndex];
    InstanceData inst = Instances[instanceIndex];

    float3 localPos = input.position * inst.scale;
    float3 worldPos = mul(float4(localPos, 1.0), inst.world);
    float3 pivot = inst.world[3];
    worldPos = ApplyWind(worldPos, pivot, input.color.r, inst.windStiffness);

    // Assume uniform scale: the upper 3x3 is fine for normals.
    float3x3 rot = (float3x3)inst.world;
    float3 worldNormal = normalize(mul(input.normal, rot));

    float dist = distance(CameraPosition, worldPos);
    float distanceFade = 1.0 - saturate((dist - FadeStart) / max(FadeEnd - FadeStart, 1e-3));

    VSOut output;
    output.position = mul(float4(worldPos, 1.0), ViewProjection);
    output.worldPos = worldPos;
    output.normal = worldNormal;
    output.uv = input.uv;
    output.tint = inst.colorTint * input.color.a;
    output.material = inst.materialIndex;
    output.fade = inst.fadeAlpha * distanceFade;
    return output;
}
