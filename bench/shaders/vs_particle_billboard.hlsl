// bench: -T vs_6_6 -E main
// Camera-facing particle billboards expanded in the vertex shader: the quad
// corner comes from a tiny vertex stream, the particle from the sorted draw
// list; supports velocity-stretched and view-aligned modes, rotation, soft
// flipbook frame selection and per-particle colour.

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

cbuffer ParticleRenderCB : register(b0)
{
    row_major float4x4 View;
    row_major float4x4 Projection;
    float3 CameraRight;
    float  StretchFactor;
    float3 CameraUp;
    uint   AlignMode;        // 0 = view, 1 = velocity stretch
    float3 CameraPosition;
    float  MinStretch;
    uint2  FlipbookSize;     // columns, rows
    float  FlipbookFps;
    float  NearFadeDistance;
};

StructuredBuffer<Particle> Particles : register(t0);
StructuredBuffer<float2>   DrawList : register(t1); // x = asfloat(index), y = depth

struct VSIn
{
    float2 corner   : CORNER;      // (-1,-1) .. (1,1)
    uint   drawSlot : DRAWSLOT;    // per-instance
};

struct VSOut
{
    float4 position : SV_Position;
    float4 color    : COLOR0;
    float2 uv0      : TEXCOORD0;
    float2 uv1      : TEXCOORD1;
    float  blend    : TEXCOORD2;
    float  viewZ    : TEXCOORD3;
};

float2 Rotate2D(float2 v, float angle)
{
    float s, c;
    sincos(angle, s, c);
    return float2(v.x * c - v.y * s, v.x * s + v.y * c);
}

float2 FlipbookUV(float2 uv, uint frame)
{
    uint cols = max(FlipbookSize.x, 1u);
    uint rows = max(FlipbookSize.y, 1u);
    frame %= cols * rows;
    float2 cell = float2(frame % cols, frame / cols);
    return (cell + uv) / float2(cols, rows);
}

VSOut main(VSIn input)
{
    uint index = asuint(DrawList[input.drawSlot].x);
    Particle p = Particles[index];

    float3 right;
    float3 up;
    float2 corner = Rotate2D(input.corner, p.rotation);
    if (AlignMode == 1)
    {
        float3 vel = p.velocity;
        float speed = length(vel);
        float3 dir = speed > 1e-4 ? vel / speed : CameraUp;
        float3 toCamera = normalize(CameraPosition - p.position);
        right = normalize(cross(dir, toCamera));
        up = dir * max(MinStretch, speed * StretchFactor);
        corner = input.corner;
    }
    else
    {
        right = CameraRight;
        up = CameraUp;
    }

    float3 worldPos = p.position + (right * corner.x + up * corner.y) * p.size;
    float4 viewPos = mul(float4(worldPos, 1.0), View);

    float life = saturate(p.age / max(p.lifetime, 1e-4));
    float frameF = p.age * FlipbookFps;
    uint frame = (uint)frameF;

    VSOut o;
    o.position = mul(viewPos, Projection);
    o.color = p.color;
    o.color.a *= saturate(-viewPos.z / NearFadeDistance) * (1.0 - life * life);
    float2 uv = input.corner * float2(0.5, -0.5) + 0.5;
    o.uv0 = FlipbookUV(uv, frame);
    o.uv1 = FlipbookUV(uv, frame + 1);
    o.blend = frac(frameF);
    o.viewZ = viewPos.z;
    return o;
}
