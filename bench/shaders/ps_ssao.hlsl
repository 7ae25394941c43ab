// bench: -T ps_6_6 -E main
// Screen-space ambient occlusion (hemisphere kernel, Crytek/LearnOpenGL
// style) at half resolution: view-space position from depth, normal from the
// G-buffer, 16 kernel samples rotated by a tiled noise texture, range check.

#define KERNEL_SIZE 16

cbuffer SSAOCB : register(b0)
{
    row_major float4x4 Projection;
    row_major float4x4 InvProjection;
    row_major float4x4 View;
    float4 Kernel[KERNEL_SIZE];
    float2 NoiseScale;       // screen size / noise size
    float  Radius;
    float  Bias;
    float  Intensity;
    float  Power;
    float2 _pad;
};

Texture2D<float>  DepthTex : register(t0);
Texture2D<float4> NormalTex : register(t1);
Texture2D<float4> NoiseTex : register(t2);
SamplerState PointClamp : register(s0);
SamplerState PointWrap : register(s1);

float3 ViewPosFromDepth(float2 uv)
{
    float depth = DepthTex.SampleLevel(PointClamp, uv, 0);
    float4 clip = float4(uv * float2(2.0, -2.0) + float2(-1.0, 1.0), depth, 1.0);
    float4 view = mul(clip, InvProjection);
    return view.xyz / view.w;
}

float main(float4 position : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float3 posVS = ViewPosFromDepth(uv);
    float3 normalWS = normalize(NormalTex.SampleLevel(PointClamp, uv, 0).xyz * 2.0 - 1.0);
    float3 normalVS = normalize(mul(normalWS, (float3x3)View));

    float3 randomVec = normalize(NoiseTex.SampleLevel(PointWrap, uv * NoiseScale, 0).xyz * 2.0 - 1.0);
    float3 tangent = normalize(randomVec - normalVS * dot(randomVec, normalVS));
    float3 bitangent = cross(normalVS, tangent);
    float3x3 TBN = float3x3(tangent, bitangent, normalVS);

    float occlusion = 0.0;
    [unroll]
    for (int i = 0; i < KERNEL_SIZE; ++i)
    {
        float3 samplePos = posVS + mul(Kernel[i].xyz, TBN) * Radius;

        float4 offset = mul(float4(samplePos, 1.0), Projection);
        offset.xy /= offset.w;
        float2 sampleUV = offset.xy * float2(0.5, -0.5) + 0.5;

        float sampleDepth = ViewPosFromDepth(sampleUV).z;
        float rangeCheck = smoothstep(0.0, 1.0, Radius / abs(posVS.z - sampleDepth));
        occlusion += (sampleDepth >= samplePos.z + Bias ? 1.0 : 0.0) * rangeCheck;
    }

    float ao = 1.0 - occlusion / KERNEL_SIZE * Intensity;
    return pow(saturate(ao), Power);
}
