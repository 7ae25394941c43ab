// hlsl-mlir: -T cs_6_6 -E main
// Particle simulation step over a RWStructuredBuffer of structs, recycling dead particles via an append buffer.

struct Particle {
  float3 position;
  float age;          // seconds since spawn
  float3 velocity;
  float lifetime;     // seconds; age >= lifetime means dead
  float4 color;
  float size;
  uint flags;         // bit 0: alive, bit 1: collides with ground
  float2 pad;
};

cbuffer SimParams : register(b0) {
  float3 Gravity;
  float DeltaTime;
  float3 WindVelocity;
  float Drag;           // linear drag coefficient
  float GroundHeight;
  float Restitution;    // bounce energy kept on ground contact
  uint ParticleCount;
  float FadeTime;       // seconds over which particles fade out
};

RWStructuredBuffer<Particle> Particles : register(u0);
AppendStructuredBuffer<uint> DeadList : register(u1);
RWStructuredBuffer<uint> AliveCount : register(u2);

static const uint kAlive = 1u;
static const uint kCollides = 2u;

void integrate(inout Particle p) {
  float3 relative = p.velocity - WindVelocity;
  float3 acceleration = Gravity - Drag * relative;
  p.velocity += acceleration * DeltaTime;
  p.position += p.velocity * DeltaTime;

  if ((p.flags & kCollides) != 0 && p.position.y < GroundHeight) {
    p.position.y = GroundHeight;
    p.velocity.y = -p.velocity.y * Restitution;
    p.velocity.xz *= 0.9;
  }
}

[numthreads(128, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  uint index = dtid.x;
  if (index >= ParticleCount)
    return;

  Particle p = Particles[index];
  if ((p.flags & kAlive) == 0)
    return;

  p.age += DeltaTime;
  if (p.age >= p.lifetime) {
    // Kill it and hand the slot back to the emitter.
    p.flags &= ~kAlive;
    p.color.a = 0.0;
    Particles[index] = p;
    DeadList.Append(index);
    return;
  }

  integrate(p);

  // Fade out over the last FadeTime seconds, shrink slightly with age.
  float remaining = p.lifetime - p.age;
  p.color.a = saturate(remaining / FadeTime);
  p.size *= lerp(1.0, 0.995, saturate(DeltaTime * 60.0));

  Particles[index] = p;
  InterlockedAdd(AliveCount[0], 1);
}
