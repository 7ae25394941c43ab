// hlsl-mlir: -T cs_6_6 -E main
// out/inout parameters: multiple results, in-place updates, swizzle and element arguments, and type conversions.

StructuredBuffer<float4> Colors : register(t0);
RWStructuredBuffer<float4> Results : register(u0);
RWStructuredBuffer<int> Counts : register(u1);

// Several results through `out`.
void splitColor(float4 c, out float3 rgb, out float alpha, out float luma) {
  rgb = c.rgb;
  alpha = c.a;
  luma = dot(c.rgb, float3(0.299, 0.587, 0.114));
}

// `inout`: read, modify, write back.
void accumulate(inout float3 sum, inout uint count, float3 value) {
  sum += value;
  count += 1;
}

// Returns a value and also writes an `out` parameter.
bool tryNormalize(float3 v, out float3 result) {
  float len = length(v);
  if (len < 1e-6) {
    result = float3(0.0, 0.0, 1.0);
    return false;
  }
  result = v / len;
  return true;
}

// Swaps through two inouts; exercised with vector components below.
void swap(inout float a, inout float b) {
  float t = a;
  a = b;
  b = t;
}

void halve(inout float3 v) {
  v *= 0.5;
}

void clampInPlace(inout float4 v, float lo, float hi) {
  v = clamp(v, lo, hi);
}

void countBits(uint mask, out int bits) {
  bits = (int)countbits(mask);
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  float4 c = Colors[dtid.x];

  float3 rgb;
  float alpha, luma;
  splitColor(c, rgb, alpha, luma);

  float3 sum = 0;
  uint n = 0;
  accumulate(sum, n, rgb);
  accumulate(sum, n, luma.xxx);

  float3 dir;
  bool ok = tryNormalize(sum, dir);

  // Swizzled components and array elements are valid out arguments.
  float4 packed = float4(dir, alpha);
  swap(packed.x, packed.w);
  float pair[2] = { luma, alpha };
  swap(pair[0], pair[1]);

  // Conversions on the way in and out: an int3 lvalue bound to an
  // `inout float3` is converted to float3 for the call and back afterwards;
  // a uint variable receives an `out int`.
  int3 steps = int3(rgb * 10.0);
  halve(steps);
  float3 stepsF = float3(steps);
  clampInPlace(packed, 0.0, 1.0);
  uint bits;
  countBits(n, bits);

  // A resource element is an lvalue too.
  Results[dtid.x] = packed * (ok ? 1.0 : 0.5) + float4(stepsF, pair[0]) * 0.01;
  countBits(asuint(luma), Counts[dtid.x]);
  Counts[dtid.x] += (int)bits;
}
