// bench: -T vs_6_6 -E main
// Facial animation vertex shader: up to 8 active morph targets (sparse deltas
// in a ByteAddressBuffer addressed by per-target offsets) blended on top of the
// base mesh, followed by linear blend skinning with 4 bones.

#define MAX_ACTIVE_MORPHS 8
#define MAX_BONES 64
#define DELTA_STRIDE 24   // float3 position delta + float3 normal delta

cbuffer CameraCB : register(b0)
{
    row_major float4x4 ViewProjection;
    float3 EyePosition;
    float  _pad0;
};

cbuffer MorphCB : register(b1)
{
    float4 MorphWeights[MAX_ACTIVE_MORPHS / 4];
    uint4  MorphOffsets[MAX_ACTIVE_MORPHS / 4];   // byte offset of each target
    uint   ActiveMorphCount;
    uint   VertexCount;
    float  MorphScale;
    uint   _pad1;
};

cbuffer SkinCB : register(b2)
{
    row_major float4x4 World;
    row_major float3x4 BoneMatrices[MAX_BONES];
};

ByteAddressBuffer MorphDeltas : register(t0);

struct VertexIn
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float2 texcoord : TEXCOORD0;
    uint4  joints   : BLENDINDICES;
    float4 weights  : BLENDWEIGHT;
    uint   vertexId : VERTEXINDEX;  // index stream for the sparse morph deltas
};

struct VertexOut
{
    float4 clipPos  : SV_Position;
    float3 worldPos : TEXCOORD0;
    float3 normal   : TEXCOORD1;
    float2 texcoord : TEXCOORD2;
    float  wrinkle  : TEXCOORD3;   // drives wrinkle-map blending in the PS
};

float GetMorphWeight(uint i)
{
    return MorphWeights[i >> 2][i & 3];
}

uint GetMorphOffset(uint i)
{
    return MorphOffsets[i >> 2][i & 3];
}

void ApplyMorphs(uint vertexId, inout float3 position, inout float3 normal, out float wrinkle)
{
    wrinkle = 0.0;
    float3 normalDelta = 0;
    [loop]
    for (uint m = 0; m < ActiveMorphCount; ++m)
    {
        float w = GetMorphWeight(m) * MorphScale;
        if (abs(w) < 1e-4)
            continue;
        uint address = GetMorphOffset(m) + vertexId * DELTA_STRIDE;
        float3 dp = asfloat(MorphDeltas.Load3(address));
        float3 dn = asfloat(MorphDeltas.Load3(address + 12));
        position += dp * w;
        normalDelta += dn * w;
        wrinkle += saturate(length(dp) * 10.0) * abs(w);
    }
    normal = normalize(normal + normalDelta);
    wrinkle = saturate(wrinkle);
}

float3x4 SkinMatrix(uint4 joints, float4 weights)
{
    return BoneMatrices[joints.x] * weights.x + BoneMatrices[joints.y] * weights.y +
           BoneMatrices[joints.z] * weights.z + BoneMatrices[joints.w] * weights.w;
}

VertexOut main(VertexIn vin)
{
    float3 position = vin.position;
    float3 normal = vin.normal;
    float wrinkle;
    ApplyMorphs(vin.vertexId, position, normal, wrinkle);

    float3x4 skin = SkinMatrix(vin.joints, vin.weights);
    float3 skinnedPos = mul(skin, float4(position, 1.0));
    float3 skinnedNormal = mul((float3x3)skin, normal);

    float4 worldPos = mul(float4(skinnedPos, 1.0), World);

    VertexOut vout;
    vout.clipPos = mul(worldPos, ViewProjection);
    vout.worldPos = worldPos.xyz;
    vout.normal = normalize(mul(skinnedNormal, (float3x3)World));
    vout.texcoord = vin.texcoord;
    vout.wrinkle = wrinkle;
    return vout;
}
