// bench: -T vs_6_6 -E main
// GPU skinning vertex shader: four bone influences with 3x4 bone matrices in
// a constant buffer (up to 128 bones), optional dual-quaternion path, tangent
// frame skinning, and previous-frame position for motion vectors.

#define MAX_BONES 128

cbuffer PerFrame : register(b0)
{
    row_major float4x4 ViewProjection;
    row_major float4x4 PrevViewProjection;
    float3 CameraPosition;
    float  Time;
    float2 JitterOffset;
    float2 _pad0;
};

cbuffer PerObject : register(b1)
{
    row_major float4x4 World;
    row_major float4x4 PrevWorld;
    uint  UseDualQuaternion;
    float NormalOffsetBias;
    float2 _pad1;
};

cbuffer Skeleton : register(b2)
{
    row_major float3x4 Bones[MAX_BONES];
    row_major float3x4 PrevBones[MAX_BONES];
};

struct VSInput
{
    float3 position : POSITION;
    float3 normal   : NORMAL;
    float4 tangent  : TANGENT;
    float2 uv0      : TEXCOORD0;
    float2 uv1      : TEXCOORD1;
    uint4  boneIndices : BLENDINDICES;
    float4 boneWeights : BLENDWEIGHT;
};

struct VSOutput
{
    float4 position     : SV_Position;
    float3 worldPos     : POSITION0;
    float3 normal       : NORMAL;
    float4 tangent      : TANGENT;
    float4 uv           : TEXCOORD0;
    float4 currClip     : TEXCOORD1;
    float4 prevClip     : TEXCOORD2;
};

float3x4 BlendBones(uint4 indices, float4 weights)
{
    float3x4 m = Bones[indices.x] * weights.x;
    m += Bones[indices.y] * weights.y;
    m += Bones[indices.z] * weights.z;
    m += Bones[indices.w] * weights.w;
    return m;
}

float3x4 BlendPrevBones(uint4 indices, float4 weights)
{
    float3x4 m = PrevBones[indices.x] * weights.x;
    m += PrevBones[indices.y] * weights.y;
    m += PrevBones[indices.z] * weights.z;
    m += PrevBones[indices.w] * weights.w;
    return m;
}

// Rotation quaternion from the upper 3x3 of a bone matrix (assumes no shear).
float4 QuatFromMatrix(float3x4 m)
{
    float trace = m[0][0] + m[1][1] + m[2][2];
    float4 q;
    if (trace > 0.0)
    {
        float s = sqrt(trace + 1.0) * 2.0;
        q = float4((m[2][1] - m[1][2]) / s, (m[0][2] - m[2][0]) / s, (m[1][0] - m[0][1]) / s, 0.25 * s);
    }
    else if (m[0][0] > m[1][1] && m[0][0] > m[2][2])
    {
        float s = sqrt(1.0 + m[0][0] - m[1][1] - m[2][2]) * 2.0;
        q = float4(0.25 * s, (m[0][1] + m[1][0]) / s, (m[0][2] + m[2][0]) / s, (m[2][1] - m[1][2]) / s);
    }
    else if (m[1][1] > m[2][2])
    {
        float s = sqrt(1.0 + m[1][1] - m[0][0] - m[2][2]) * 2.0;
        q = float4((m[0][1] + m[1][0]) / s, 0.25 * s, (m[1][2] + m[2][1]) / s, (m[0][2] - m[2][0]) / s);
    }
    else
    {
        float s = sqrt(1.0 + m[2][2] - m[0][0] - m[1][1]) * 2.0;
        q = float4((m[0][2] + m[2][0]) / s, (m[1][2] + m[2][1]) / s, 0.25 * s, (m[1][0] - m[0][1]) / s);
    }
    return q;
}

float3 QuatRotate(float4 q, float3 v)
{
    return v + 2.0 * cross(q.xyz, cross(q.xyz, v) + q.w * v);
}

float3 SkinDualQuaternion(uint4 indices, float4 weights, float3 position, out float4 rotation)
{
    float4 q0 = QuatFromMatrix(Bones[indices.x]);
    float4 blended = 0;
    float3 translation = 0;
    [unroll]
    for (int i = 0; i < 4; ++i)
    {
        float3x4 bone = Bones[indices[i]];
        float4 q = QuatFromMatrix(bone);
        // Keep all quaternions in the same hemisphere as the first one.
        float w = dot(q, q0) < 0.0 ? -weights[i] : weights[i];
        blended += q * w;
        translation += float3(bone[0][3], bone[1][3], bone[2][3]) * weights[i];
    }
    rotation = normalize(blended);
    return QuatRotate(rotation, position) + translation;
}

VSOutput main(VSInput input)
{
    VSOutput output;
    float4 weights = input.boneWeights / max(dot(input.boneWeights, 1.0), 1e-5);

    float3 skinnedPos;
    float3 skinnedNormal;
    float3 skinnedTangent;
    if (UseDualQuaternion != 0)
    {
        float4 rotation;
        skinnedPos = SkinDualQuaternion(input.boneIndices, weights, input.position, rotation);
        skinnedNormal = QuatRotate(rotation, input.normal);
        skinnedTangent = QuatRotate(rotation, input.tangent.xyz);
    }
    else
    {
        float3x4 skin = BlendBones(input.boneIndices, weights);
        skinnedPos = mul(skin, float4(input.position, 1.0));
        skinnedNormal = mul((float3x3)skin, input.normal);
        skinnedTangent = mul((float3x3)skin, input.tangent.xyz);
    }

    float3x4 prevSkin = BlendPrevBones(input.boneIndices, weights);
    float3 prevSkinnedPos = mul(prevSkin, float4(input.position, 1.0));

    float4 worldPos = mul(float4(skinnedPos, 1.0), World);
    float3 worldNormal = normalize(mul(skinnedNormal, (float3x3)World));
    worldPos.xyz += worldNormal * NormalOffsetBias;
    float4 prevWorldPos = mul(float4(prevSkinnedPos, 1.0), PrevWorld);

    output.position = mul(worldPos, ViewProjection);
    output.currClip = output.position;
    output.position.xy += JitterOffset * output.position.w;
    output.prevClip = mul(prevWorldPos, PrevViewProjection);
    output.worldPos = worldPos.xyz;
    output.normal = worldNormal;
    output.tangent = float4(normalize(mul(skinnedTangent, (float3x3)World)), input.tangent.w);
    output.uv = float4(input.uv0, input.uv1);
    return output;
}
