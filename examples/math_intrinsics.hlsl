// hlsl-mlir: -T cs_6_6 -E main
// Tour of the intrinsic library: transcendental, rounding, geometric, bit, conversion and matrix functions.

cbuffer MathParams : register(b0) {
  row_major float4x4 Transform;
  float3 Axis;
  float Angle;
  float2 Range;
  uint Seed;
  float Eta;
};

StructuredBuffer<float4> Inputs : register(t0);
RWStructuredBuffer<float4> Outputs : register(u0);
RWStructuredBuffer<uint4> Bits : register(u1);

// Rodrigues rotation built from cross/dot/sincos.
float3 rotate(float3 v, float3 axis, float angle) {
  float s, c;
  sincos(angle, s, c);
  float3 k = normalize(axis);
  return v * c + cross(k, v) * s + k * dot(k, v) * (1.0 - c);
}

// Integer hash (PCG-style) using shifts, multiplies and reversebits.
uint hash(uint x) {
  uint state = x * 747796405u + 2891336453u;
  uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
  return reversebits((word >> 22u) ^ word);
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  float4 x = Inputs[dtid.x];
  float3 v = x.xyz;

  // Transcendental and power functions (int literals convert implicitly).
  float a = sin(x.x) * cos(x.y) + tan(0.25) + atan2(x.y, x.x) + asin(0.5) + acos(0.5);
  float b = exp(x.z) + exp2(3) + log(abs(x.w) + 1.0) + log2(8) + log10(1000.0) + pow(2, 0.5);
  float h = sinh(0.5) + cosh(0.5) + tanh(x.w) + sqrt(abs(x.x)) + rsqrt(4.0) + rcp(3.0);

  // Rounding and range functions.
  float4 r = floor(x) + ceil(x) + round(x) + trunc(x) + frac(x);
  float4 s = saturate(x) + clamp(x, -1, 1) + step(0.5, x) + smoothstep(Range.x, Range.y, x);
  float m = min(x.x, x.y) + max(1.0, 2) + fmod(x.z, 2.0) + sign(x.w) + mad(x.x, 2.0, 1.0) + lerp(0, 10, 0.25);
  float ipart;
  float fpart = modf(x.y * 3.5, ipart);
  float e;
  float mant = frexp(x.z + 2.0, e);
  float ld = ldexp(mant, e);

  // Geometric functions.
  float3 n = normalize(v + 0.001);
  float3 refl = reflect(-n, float3(0, 1, 0));
  float3 refr = refract(-n, float3(0, 1, 0), Eta);
  float3 rot = rotate(v, Axis, radians(Angle));
  float geo = length(v) + distance(v, rot) + dot(refl, refr) + degrees(0.5);

  // Matrix functions.
  float4 p = mul(float4(v, 1.0), Transform);
  float4x4 t = transpose(Transform);
  float det = determinant(Transform) + determinant((float3x3)t);
  float4 q = mul(Transform, float4(n, 0.0));

  // Predicates and selection.
  bool bad = any(isnan(x)) || any(isinf(x)) || !all(isfinite(p));
  float4 safe = select(x > 0, x, -x);

  // Bit manipulation and reinterpretation.
  uint hv = hash(Seed ^ dtid.x);
  uint4 bits = uint4(countbits(hv), firstbithigh(hv), firstbitlow(hv), asuint(x.x));
  int ib = asint(-1.0f) + abs(-3) + max(-2, 5);
  float back = asfloat(asuint(x.y));
  uint packedHalf = f32tof16(x.z) | (f32tof16(x.w) << 16);
  float2 unpacked = float2(f16tof32(packedHalf), f16tof32(packedHalf >> 16));
  uint lo, hi;
  asuint(asdouble(hv, ~hv), lo, hi);

  Outputs[dtid.x] = bad ? float4(0, 0, 0, 0)
      : float4(a + b + h + m + fpart + ipart + ld + geo + det + back,
               r.x + s.y, p.z + q.w + unpacked.x, safe.w + unpacked.y + (float)ib);
  Bits[dtid.x] = bits ^ uint4(lo, hi, packedHalf, 0);
}
