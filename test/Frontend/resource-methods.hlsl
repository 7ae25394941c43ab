// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Resource declarations of every kind, operator[] as an address
// (hlsl.resource_addr + hlsl.load/hlsl.store, textures indexed by a
// coordinate vector) and the other methods as hlsl.intrinsic with the handle
// first; out parameters of methods (GetDimensions) are out_arg temporaries.
// Typed buffers keep the signedness of their element (ui32); the value read
// through an address is signless.

RWByteAddressBuffer Raw : register(u0);
ByteAddressBuffer RO : register(t0);
RWStructuredBuffer<float> SB : register(u1);
AppendStructuredBuffer<uint> AB : register(u2);
ConsumeStructuredBuffer<uint> CB : register(u3);
Texture2D<float4> Tex : register(t1);
SamplerState Samp : register(s0);
RWTexture2D<float4> Img : register(u4);
RWBuffer<uint> TB : register(u5);
Buffer<int4> TI : register(t2, space3);
StructuredBuffer<float2> SRO;

[numthreads(8,8,1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint v = Raw.Load(0);
  uint2 v2 = RO.Load2(8);
  Raw.Store(4, v + v2.x);
  Raw.Store4(16, uint4(1, 2, 3, 4));
  uint n, stride;
  SB.GetDimensions(n, stride);
  uint c = SB.IncrementCounter();
  AB.Append(c + n);
  uint w = CB.Consume();
  float2 uv = id.xy / 8.0;
  float4 s = Tex.Sample(Samp, uv);
  float4 l = Tex.SampleLevel(Samp, uv, 2.0);
  float4 t = Tex.Load(int3(id.xy, 0));
  Img[id.xy] = s + l + t;
  TB[id.x] = TB[id.y] + w + TI[0].x + (uint)SRO[1].y;
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// CHECK-NEXT: hlsl.resource @Raw : !hlsl.res<RWByteAddressBuffer> binding <u0>
// CHECK-NEXT: hlsl.resource @RO : !hlsl.res<ByteAddressBuffer> binding <t0>
// CHECK-NEXT: hlsl.resource @SB : !hlsl.res<RWStructuredBuffer, f32> binding <u1>
// CHECK-NEXT: hlsl.resource @AB : !hlsl.res<AppendStructuredBuffer, i32> binding <u2>
// CHECK-NEXT: hlsl.resource @CB : !hlsl.res<ConsumeStructuredBuffer, i32> binding <u3>
// CHECK-NEXT: hlsl.resource @Tex : !hlsl.res<Texture2D, vector<4xf32>> binding <t1>
// CHECK-NEXT: hlsl.resource @Samp : !hlsl.res<SamplerState> binding <s0>
// CHECK-NEXT: hlsl.resource @Img : !hlsl.res<RWTexture2D, vector<4xf32>> binding <u4>
// CHECK-NEXT: hlsl.resource @TB : !hlsl.res<RWBuffer, ui32> binding <u5>
// CHECK-NEXT: hlsl.resource @TI : !hlsl.res<Buffer, vector<4xsi32>> binding <t2, space3>
// CHECK-NEXT: hlsl.resource @SRO : !hlsl.res<StructuredBuffer, vector<2xf32>> binding <order 0>

// CHECK-LABEL: func.func @main(
// CHECK-DAG: %[[STRIDE:.*]] = hlsl.var "stride" : !hlsl.ptr<i32>
// CHECK-DAG: %[[N:.*]] = hlsl.var "n" : !hlsl.ptr<i32>
// Raw.Load(0)
// CHECK: %[[RAW:.*]] = hlsl.resource_handle @Raw : !hlsl.res<RWByteAddressBuffer>
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %{{.*}} = hlsl.intrinsic "Load"(%[[RAW]], %[[C0]]) : (!hlsl.res<RWByteAddressBuffer>, i32) -> i32
// RO.Load2(8)
// CHECK: %[[RO:.*]] = hlsl.resource_handle @RO : !hlsl.res<ByteAddressBuffer>
// CHECK-NEXT: %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT: %{{.*}} = hlsl.intrinsic "Load2"(%[[RO]], %[[C8]]) : (!hlsl.res<ByteAddressBuffer>, i32) -> vector<2xi32>
// Raw.Store(4, v + v2.x)
// CHECK: %[[RAW2:.*]] = hlsl.resource_handle @Raw : !hlsl.res<RWByteAddressBuffer>
// CHECK-NEXT: %[[C4:.*]] = arith.constant 4 : i32
// CHECK: %[[SUM:.*]] = arith.addi
// CHECK-NEXT: hlsl.intrinsic "Store"(%[[RAW2]], %[[C4]], %[[SUM]]) : (!hlsl.res<RWByteAddressBuffer>, i32, i32) -> ()
// CHECK: %[[V4:.*]] = vector.from_elements
// CHECK-NEXT: hlsl.intrinsic "Store4"(%{{.*}}, %{{.*}}, %[[V4]]) : (!hlsl.res<RWByteAddressBuffer>, i32, vector<4xi32>) -> ()
// SB.GetDimensions(n, stride): two out temporaries in argument order
// CHECK-NEXT: %[[SB:.*]] = hlsl.resource_handle @SB : !hlsl.res<RWStructuredBuffer, f32>
// CHECK-NEXT: %[[TN:.*]] = hlsl.out_arg out %[[N]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
// CHECK-NEXT: %[[TS:.*]] = hlsl.out_arg out %[[STRIDE]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
// CHECK-NEXT: hlsl.intrinsic "GetDimensions"(%[[SB]], %[[TN]], %[[TS]]) : (!hlsl.res<RWStructuredBuffer, f32>, !hlsl.ptr<i32>, !hlsl.ptr<i32>) -> ()
// CHECK-NEXT: %[[SB2:.*]] = hlsl.resource_handle @SB : !hlsl.res<RWStructuredBuffer, f32>
// CHECK-NEXT: %{{.*}} = hlsl.intrinsic "IncrementCounter"(%[[SB2]]) : (!hlsl.res<RWStructuredBuffer, f32>) -> i32
// CHECK: %[[AB:.*]] = hlsl.resource_handle @AB : !hlsl.res<AppendStructuredBuffer, i32>
// CHECK: %[[APP:.*]] = arith.addi
// CHECK-NEXT: hlsl.intrinsic "Append"(%[[AB]], %[[APP]]) : (!hlsl.res<AppendStructuredBuffer, i32>, i32) -> ()
// CHECK-NEXT: %[[CB:.*]] = hlsl.resource_handle @CB : !hlsl.res<ConsumeStructuredBuffer, i32>
// CHECK-NEXT: %{{.*}} = hlsl.intrinsic "Consume"(%[[CB]]) : (!hlsl.res<ConsumeStructuredBuffer, i32>) -> i32
// Tex.Sample(Samp, uv) and SampleLevel: texture, sampler, coordinates (, lod)
// CHECK: %[[T1:.*]] = hlsl.resource_handle @Tex : !hlsl.res<Texture2D, vector<4xf32>>
// CHECK-NEXT: %[[S1:.*]] = hlsl.resource_handle @Samp : !hlsl.res<SamplerState>
// CHECK-NEXT: %[[UV1:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: %{{.*}} = hlsl.intrinsic "Sample"(%[[T1]], %[[S1]], %[[UV1]]) : (!hlsl.res<Texture2D, vector<4xf32>>, !hlsl.res<SamplerState>, vector<2xf32>) -> vector<4xf32>
// CHECK: %[[T2:.*]] = hlsl.resource_handle @Tex : !hlsl.res<Texture2D, vector<4xf32>>
// CHECK-NEXT: %[[S2:.*]] = hlsl.resource_handle @Samp : !hlsl.res<SamplerState>
// CHECK-NEXT: %[[UV2:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: %[[LOD:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %{{.*}} = hlsl.intrinsic "SampleLevel"(%[[T2]], %[[S2]], %[[UV2]], %[[LOD]]) : (!hlsl.res<Texture2D, vector<4xf32>>, !hlsl.res<SamplerState>, vector<2xf32>, f32) -> vector<4xf32>
// Tex.Load(int3(...)): handle, location with mip level
// CHECK: %[[T3:.*]] = hlsl.resource_handle @Tex : !hlsl.res<Texture2D, vector<4xf32>>
// CHECK: %[[LOC:.*]] = vector.from_elements %{{.*}}, %{{.*}}, %{{.*}} : vector<3xi32>
// CHECK-NEXT: %{{.*}} = hlsl.intrinsic "Load"(%[[T3]], %[[LOC]]) : (!hlsl.res<Texture2D, vector<4xf32>>, vector<3xi32>) -> vector<4xf32>
// Img[id.xy] = ...: a 2D coordinate address
// CHECK: %[[IMG:.*]] = hlsl.resource_handle @Img : !hlsl.res<RWTexture2D, vector<4xf32>>
// CHECK-NEXT: %[[ID:.*]] = hlsl.load
// CHECK-NEXT: %[[XY:.*]] = vector.shuffle %[[ID]], %[[ID]] [0, 1] : vector<3xi32>, vector<3xi32>
// CHECK-NEXT: %[[PI:.*]] = hlsl.resource_addr %[[IMG]][%[[XY]]] : !hlsl.res<RWTexture2D, vector<4xf32>>, vector<2xi32> -> !hlsl.ptr<vector<4xf32>, device>
// CHECK-NEXT: hlsl.store %{{.*}}, %[[PI]] : !hlsl.ptr<vector<4xf32>, device>
// TB[id.x] = TB[id.y] + ...
// CHECK-NEXT: %[[TB:.*]] = hlsl.resource_handle @TB : !hlsl.res<RWBuffer, ui32>
// CHECK: %[[PTB:.*]] = hlsl.resource_addr %[[TB]][%{{.*}}] : !hlsl.res<RWBuffer, ui32>, i32 -> !hlsl.ptr<i32, device>
// CHECK-NEXT: hlsl.load %[[PTB]] : !hlsl.ptr<i32, device>
// CHECK: %[[TI:.*]] = hlsl.resource_handle @TI : !hlsl.res<Buffer, vector<4xsi32>>
// CHECK: hlsl.resource_addr %[[TI]][%{{.*}}] : !hlsl.res<Buffer, vector<4xsi32>>, i32 -> !hlsl.ptr<vector<4xi32>, device>
// CHECK: %[[SRO:.*]] = hlsl.resource_handle @SRO : !hlsl.res<StructuredBuffer, vector<2xf32>>
// CHECK: hlsl.resource_addr %[[SRO]][%{{.*}}] : !hlsl.res<StructuredBuffer, vector<2xf32>>, i32 -> !hlsl.ptr<vector<2xf32>, device>
// CHECK: %[[TB2:.*]] = hlsl.resource_handle @TB : !hlsl.res<RWBuffer, ui32>
// CHECK: %[[PTB2:.*]] = hlsl.resource_addr %[[TB2]][%{{.*}}] : !hlsl.res<RWBuffer, ui32>, i32 -> !hlsl.ptr<i32, device>
// CHECK-NEXT: hlsl.store %{{.*}}, %[[PTB2]] : !hlsl.ptr<i32, device>
// CHECK-NEXT: return
