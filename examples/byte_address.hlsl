// hlsl-mlir: -T cs_6_6 -E main
// Unpacks a packed vertex stream with ByteAddressBuffer Load/Load2/Load4/Load<T> and writes with Store variants.

// Input record layout (32 bytes):
//   0: float3 position   (12 bytes)
//  12: uint   packed RGBA8 color
//  16: uint2  half-precision UV pair (f16 in low/high 16 bits)
//  24: uint   normal packed as 10:10:10
//  28: uint   material id
#define IN_STRIDE 32
// Output record layout (48 bytes): float4 position, float4 color, float2 uv,
// uint material, uint flags.
#define OUT_STRIDE 48

cbuffer UnpackParams : register(b0) {
  uint vertexCount;
  float positionScale;
};

ByteAddressBuffer PackedVertices : register(t0);
RWByteAddressBuffer Unpacked : register(u0);
RWByteAddressBuffer Counters : register(u1);   // [0] vertices written, [4] invalid

float4 unpackRGBA8(uint c) {
  return float4(c & 0xff, (c >> 8) & 0xff, (c >> 16) & 0xff, c >> 24) / 255.0;
}

float3 unpackNormal1010102(uint n) {
  uint3 bits = uint3(n & 0x3ff, (n >> 10) & 0x3ff, (n >> 20) & 0x3ff);
  return float3(bits) / 511.5 - 1.0;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  uint i = dtid.x;

  uint bufferBytes;
  PackedVertices.GetDimensions(bufferBytes);
  if (i >= vertexCount || (i + 1) * IN_STRIDE > bufferBytes)
    return;

  uint src = i * IN_STRIDE;

  // Templated load for the float3, raw loads for the packed words.
  float3 position = PackedVertices.Load<float3>(src) * positionScale;
  uint color = PackedVertices.Load(src + 12);
  uint2 uvBits = PackedVertices.Load2(src + 16);
  uint4 tail = PackedVertices.Load4(src + 16);   // uv pair, normal, material
  float2 uv = float2(f16tof32(uvBits.x), f16tof32(uvBits.y));
  float3 normal = unpackNormal1010102(tail.z);
  uint material = tail.w;

  bool valid = all(isfinite(position)) && dot(normal, normal) > 0.0;

  uint dst = i * OUT_STRIDE;
  Unpacked.Store<float4>(dst, float4(position, 1.0));
  Unpacked.Store4(dst + 16, asuint(unpackRGBA8(color)));
  Unpacked.Store2(dst + 32, asuint(uv));
  Unpacked.Store(dst + 40, material);
  Unpacked.Store(dst + 44, valid ? 1u : 0u);

  // Per-dispatch statistics.
  Counters.InterlockedAdd(0, 1);
  if (!valid) {
    uint previous;
    Counters.InterlockedAdd(4, 1, previous);
  }
}
