// bench: -T cs_6_6 -E main
// GPU particle simulation: integrates alive particles with gravity, drag,
// curl-noise turbulence and attractors, collides against the depth buffer,
// kills expired particles into a dead list and appends survivors to the
// sort/draw list with their view depth.

#define MAX_ATTRACTORS 4

struct Particle
{
    float3 position;
    float  age;
    float3 velocity;
    float  lifetime;
    float4 color;
    float  size;
    float  rotation;
    float  angularVelocity;
    uint   flags;
};

struct Attractor
{
    float3 position;
    float  strength;
};

cbuffer SimulationCB : register(b0)
{
    row_major float4x4 ViewProjection;
    row_major float4x4 View;
    float3 Gravity;
    float  DeltaTime;
    float3 Wind;
    float  Drag;
    float  TurbulenceStrength;
    float  TurbulenceScale;
    float  CollisionRestitution;
    float  Time;
    Attractor Attractors[MAX_ATTRACTORS];
    uint   AttractorCount;
    uint   MaxParticles;
    float2 ScreenSize;
    float4 ColorOverLife[4];
};

RWStructuredBuffer<Particle> Particles : register(u0);
AppendStructuredBuffer<uint> DeadList : register(u1);
RWStructuredBuffer<float2> DrawList : register(u2);     // x = index, y = depth
RWByteAddressBuffer Counters : register(u3);             // 0 = alive count
Texture2D<float> SceneDepth : register(t0);
Texture2D<float4> SceneNormals : register(t1);
SamplerState PointClamp : register(s0);

float3 Hash33(float3 p)
{
    p = frac(p * float3(0.1031, 0.1030, 0.0973));
    p += dot(p, p.yxz + 33.33);
    return frac((p.xxy + p.yxx) * p.zyx) * 2.0 - 1.0;
}

float3 ValueNoise3(float3 p)
{
    float3 i = floor(p);
    float3 f = frac(p);
    float3 u = f * f * (3.0 - 2.0 * f);
    float3 n000 = Hash33(i);
    float3 n100 = Hash33(i + float3(1, 0, 0));
    float3 n010 = Hash33(i + float3(0, 1, 0));
    float3 n110 = Hash33(i + float3(1, 1, 0));
    float3 n001 = Hash33(i + float3(0, 0, 1));
    float3 n101 = Hash33(i + float3(1, 0, 1));
    float3 n011 = Hash33(i + float3(0, 1, 1));
    float3 n111 = Hash33(i + float3(1, 1, 1));
    float3 x00 = lerp(n000, n100, u.x);
    float3 x10 = lerp(n010, n110, u.x);
    float3 x01 = lerp(n001, n101, u.x);
    float3 x11 = lerp(n011, n111, u.x);
    return lerp(lerp(x00, x10, u.y), lerp(x01, x11, u.y), u.z);
}

float3 CurlNoise(float3 p)
{
    const float e = 0.1;
    float3 dx = float3(e, 0, 0);
    float3 dy = float3(0, e, 0);
    float3 dz = float3(0, 0, e);
    float3 px0 = ValueNoise3(p - dx), px1 = ValueNoise3(p + dx);
    float3 py0 = ValueNoise3(p - dy), py1 = ValueNoise3(p + dy);
    float3 pz0 = ValueNoise3(p - dz), pz1 = ValueNoise3(p + dz);
    float x = (py1.z - py0.z) - (pz1.y - pz0.y);
    float y = (pz1.x - pz0.x) - (px1.z - px0.z);
    float z = (px1.y - px0.y) - (py1.x - py0.x);
    return float3(x, y, z) / (2.0 * e);
}

float4 EvaluateColor(float t)
{
    float s = saturate(t) * 3.0;
    uint i = min((uint)s, 2u);
    return lerp(ColorOverLife[i], ColorOverLife[i + 1], s - float(i));
}

bool DepthCollide(inout Particle p)
{
    float4 clip = mul(float4(p.position, 1.0), ViewProjection);
    if (clip.w <= 0.0)
        return false;
    float3 ndc = clip.xyz / clip.w;
    if (any(abs(ndc.xy) > 1.0))
        return false;
    float2 uv = ndc.xy * float2(0.5, -0.5) + 0.5;
    float sceneDepth = SceneDepth.SampleLevel(PointClamp, uv, 0);
    // Reverse-Z: particle behind the surface if its depth is smaller.
    if (ndc.z < sceneDepth && sceneDepth - ndc.z < 0.01)
    {
        float3 n = normalize(SceneNormals.SampleLevel(PointClamp, uv, 0).xyz * 2.0 - 1.0);
        float vn = dot(p.velocity, n);
        if (vn < 0.0)
        {
            p.velocity -= (1.0 + CollisionRestitution) * vn * n;
            p.velocity *= 0.9;
            return true;
        }
    }
    return false;
}

[numthreads(256, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint index = dtid.x;
    if (index >= MaxParticles)
        return;

    Particle p = Particles[index];
    if (p.age < 0.0)
        return; // already dead

    p.age += DeltaTime;
    if (p.age >= p.lifetime)
    {
        p.age = -1.0;
        Particles[index] = p;
        DeadList.Append(index);
        return;
    }

    float3 force = Gravity + Wind * Drag;
    force += CurlNoise(p.position * TurbulenceScale + Time * 0.1) * TurbulenceStrength;

    for (uint a = 0; a < AttractorCount; ++a)
    {
        float3 d = Attractors[a].position - p.position;
        float distSq = max(dot(d, d), 0.25);
        force += d * rsqrt(distSq) * (Attractors[a].strength / distSq);
    }

    p.velocity += force * DeltaTime;
    p.velocity *= exp(-Drag * DeltaTime);
    p.position += p.velocity * DeltaTime;
    p.rotation += p.angularVelocity * DeltaTime;

    if (DepthCollide(p))
        p.flags |= 1u;

    float lifeT = p.age / p.lifetime;
    p.color = EvaluateColor(lifeT);
    p.size *= 1.0 + 0.5 * DeltaTime;
    Particles[index] = p;

    uint slot;
    Counters.InterlockedAdd(0, 1, slot);
    float viewDepth = mul(float4(p.position, 1.0), View).z;
    DrawList[slot] = float2(asfloat(index), viewDepth);
}
