// bench: -T cs_6_6 -E main
// Position-based dynamics cloth solver step for a grid cloth: Verlet
// integration, structural/shear/bend distance constraints solved Jacobi-style
// in groupshared memory, sphere and capsule collision, and pinned vertices.

#define TILE 16
#define GHOST 2
#define TILE_EX (TILE + 2 * GHOST)
#define MAX_SPHERES 4
#define MAX_CAPSULES 2

struct ClothVertex
{
    float3 position;
    float  invMass;     // 0 = pinned
    float3 previous;
    float  _pad;
};

struct Capsule
{
    float4 a;           // xyz = end point, w = radius
    float4 b;
};

cbuffer ClothCB : register(b0)
{
    uint2  GridSize;
    float  RestLength;
    float  DeltaTime;
    float3 Gravity;
    float  Damping;
    float3 WindVelocity;
    float  WindDrag;
    float  StructuralStiffness;
    float  ShearStiffness;
    float  BendStiffness;
    uint   SolverIterations;
    float4 Spheres[MAX_SPHERES];      // xyz = centre, w = radius
    Capsule Capsules[MAX_CAPSULES];
    uint   SphereCount;
    uint   CapsuleCount;
    float2 _pad1;
};

StructuredBuffer<ClothVertex>   VerticesIn : register(t0);
RWStructuredBuffer<ClothVertex> VerticesOut : register(u0);

groupshared float3 s_Pos[TILE_EX * TILE_EX];
groupshared float  s_InvMass[TILE_EX * TILE_EX];

uint LdsIndex(int2 p) { return uint(p.y) * TILE_EX + uint(p.x); }

float3 SolveDistance(float3 p, float w, int2 lp, int2 offset, float rest, float stiffness)
{
    int2 q = lp + offset;
    if (any(q < 0) || any(q >= TILE_EX))
        return 0;
    uint qi = LdsIndex(q);
    float wq = s_InvMass[qi];
    float wsum = w + wq;
    if (wsum <= 0.0)
        return 0;
    float3 d = p - s_Pos[qi];
    float len = length(d);
    if (len < 1e-6)
        return 0;
    float c = len - rest;
    return -stiffness * (w / wsum) * c * (d / len);
}

float3 CollideSphere(float3 p, float4 sphere)
{
    float3 d = p - sphere.xyz;
    float dist = length(d);
    float pen = sphere.w - dist;
    return pen > 0.0 ? p + d / max(dist, 1e-6) * pen : p;
}

float3 CollideCapsule(float3 p, float4 capA, float4 capB)
{
    float3 ab = capB.xyz - capA.xyz;
    float t = saturate(dot(p - capA.xyz, ab) / max(dot(ab, ab), 1e-6));
    float3 closest = capA.xyz + ab * t;
    float radius = lerp(capA.w, capB.w, t);
    return CollideSphere(p, float4(closest, radius));
}

[numthreads(TILE, TILE, 1)]
void main(uint3 gid : SV_GroupID, uint3 gtid : SV_GroupThreadID)
{
    int2 tileOrigin = int2(gid.xy) * TILE - GHOST;

    // Load tile + ghost region and integrate (Verlet) every loaded vertex so
    // ghosts are consistent with their owners' predictions.
    for (uint i = gtid.y * TILE + gtid.x; i < TILE_EX * TILE_EX; i += TILE * TILE)
    {
        int2 lp = int2(i % TILE_EX, i / TILE_EX);
        int2 gp = tileOrigin + lp;
        float3 pos = 0;
        float invMass = 0;
        if (all(gp >= 0) && all(gp < int2(GridSize)))
        {
            ClothVertex v = VerticesIn[gp.y * GridSize.x + gp.x];
            invMass = v.invMass;
            pos = v.position;
            if (invMass > 0.0)
            {
                float3 vel = (v.position - v.previous) * Damping;
                float3 relWind = WindVelocity - vel / DeltaTime;
                float3 accel = Gravity + relWind * WindDrag * invMass;
                pos = v.position + vel + accel * DeltaTime * DeltaTime;
            }
        }
        s_Pos[i] = pos;
        s_InvMass[i] = invMass;
    }
    GroupMemoryBarrierWithGroupSync();

    int2 lp = int2(gtid.xy) + GHOST;
    uint li = LdsIndex(lp);
    const float diag = RestLength * 1.41421356;

    [loop]
    for (uint iter = 0; iter < SolverIterations; ++iter)
    {
        float3 p = s_Pos[li];
        float w = s_InvMass[li];
        float3 delta = 0;
        if (w > 0.0)
        {
            delta += SolveDistance(p, w, lp, int2(1, 0), RestLength, StructuralStiffness);
            delta += SolveDistance(p, w, lp, int2(-1, 0), RestLength, StructuralStiffness);
            delta += SolveDistance(p, w, lp, int2(0, 1), RestLength, StructuralStiffness);
            delta += SolveDistance(p, w, lp, int2(0, -1), RestLength, StructuralStiffness);
            delta += SolveDistance(p, w, lp, int2(1, 1), diag, ShearStiffness);
            delta += SolveDistance(p, w, lp, int2(-1, -1), diag, ShearStiffness);
            delta += SolveDistance(p, w, lp, int2(1, -1), diag, ShearStiffness);
            delta += SolveDistance(p, w, lp, int2(-1, 1), diag, ShearStiffness);
            delta += SolveDistance(p, w, lp, int2(2, 0), 2.0 * RestLength, BendStiffness);
            delta += SolveDistance(p, w, lp, int2(-2, 0), 2.0 * RestLength, BendStiffness);
            delta += SolveDistance(p, w, lp, int2(0, 2), 2.0 * RestLength, BendStiffness);
            delta += SolveDistance(p, w, lp, int2(0, -2), 2.0 * RestLength, BendStiffness);
        }
        GroupMemoryBarrierWithGroupSync();
        p += delta * 0.25; // Jacobi relaxation factor
        for (uint s = 0; s < SphereCount; ++s)
            p = CollideSphere(p, Spheres[s]);
        for (uint c = 0; c < CapsuleCount; ++c)
            p = CollideCapsule(p, Capsules[c].a, Capsules[c].b);
        if (w > 0.0)
            s_Pos[li] = p;
        GroupMemoryBarrierWithGroupSync();
    }

    int2 gp = int2(gid.xy) * TILE + int2(gtid.xy);
    if (any(gp >= int2(GridSize)))
        return;
    uint gi = gp.y * GridSize.x + gp.x;
    ClothVertex old = VerticesIn[gi];
    ClothVertex result;
    result.position = s_Pos[li];
    result.invMass = old.invMass;
    result.previous = old.position;
    result._pad = 0;
    VerticesOut[gi] = result;
}
