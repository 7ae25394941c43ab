// bench: -T cs_6_6 -E main
// N-body gravitational simulation with the classic GPU Gems 3 tiling scheme:
// each group stages a tile of bodies in groupshared memory and every thread
// accumulates the softened acceleration from the whole tile; integration uses
// leapfrog (kick-drift-kick) with a per-body timestep clamp.

#define BLOCK_SIZE 256
#define UNROLL 8

cbuffer NBodyParams : register(b0)
{
    uint  NumBodies;
    uint  NumTiles;
    float DeltaTime;
    float Softening;       // epsilon^2
    float Damping;
    float GravityConstant;
    float MaxSpeed;
    float _pad;
};

struct Body
{
    float4 positionMass;   // xyz = position, w = mass
    float4 velocity;       // xyz = velocity, w = unused
};

StructuredBuffer<Body>   BodiesIn : register(t0);
RWStructuredBuffer<Body> BodiesOut : register(u0);
RWStructuredBuffer<float> Energy : register(u1);

groupshared float4 s_Positions[BLOCK_SIZE];

float3 BodyBodyInteraction(float3 ai, float4 bi, float4 bj, inout float potential)
{
    float3 r = bj.xyz - bi.xyz;
    float distSqr = dot(r, r) + Softening;
    float invDist = rsqrt(distSqr);
    float invDistCube = invDist * invDist * invDist;
    float s = bj.w * invDistCube;
    potential -= bj.w * invDist;
    return ai + r * s;
}

float3 TileCalculation(float4 myPosition, float3 accel, inout float potential)
{
    [unroll(UNROLL)]
    for (uint i = 0; i < BLOCK_SIZE; ++i)
        accel = BodyBodyInteraction(accel, myPosition, s_Positions[i], potential);
    return accel;
}

[numthreads(BLOCK_SIZE, 1, 1)]
void main(uint3 gid : SV_GroupID, uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex)
{
    uint index = dtid.x;
    bool valid = index < NumBodies;
    Body self = (Body)0;
    if (valid)
        self = BodiesIn[index];

    float4 pos = self.positionMass;
    float3 accel = 0;
    float potential = 0;

    [loop]
    for (uint tile = 0; tile < NumTiles; ++tile)
    {
        uint src = tile * BLOCK_SIZE + gi;
        // Padding bodies have zero mass so they contribute nothing.
        s_Positions[gi] = src < NumBodies ? BodiesIn[src].positionMass : float4(0, 0, 0, 0);
        GroupMemoryBarrierWithGroupSync();
        accel = TileCalculation(pos, accel, potential);
        GroupMemoryBarrierWithGroupSync();
    }

    if (!valid)
        return;

    accel *= GravityConstant;
    potential *= GravityConstant;

    float3 vel = self.velocity.xyz;
    vel += accel * DeltaTime;
    vel *= Damping;
    float speed = length(vel);
    if (speed > MaxSpeed)
        vel *= MaxSpeed / speed;
    pos.xyz += vel * DeltaTime;

    Body result;
    result.positionMass = pos;
    result.velocity = float4(vel, 0.0);
    BodiesOut[index] = result;

    // Kinetic + potential energy for diagnostics.
    Energy[index] = 0.5 * pos.w * dot(vel, vel) + 0.5 * pos.w * potential;
}
