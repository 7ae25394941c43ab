// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-llvmir %s -T cs_6_0 -E main | FileCheck %s
// Every !dx.resources record's symbol has the resource's type as DXC names
// it (the writer turns the undef into an undef pointer to that type): a
// struct whose field 0 is the element type for typed resources, the
// members for a constant buffer, `{ i32 }` for byte-address buffers and
// samplers, an array for a resource array ([0 x ...] when unbounded).
// Constant buffer sizes have no trailing padding (Params: 28 bytes).

struct P { float3 pos; uint id; };
cbuffer Params : register(b0) { float4 scale; uint count; float2 offs; };
RWBuffer<float4> Typed[4] : register(u0);
StructuredBuffer<P> Parts : register(t0);
RWStructuredBuffer<uint> Out : register(u4);
ByteAddressBuffer Raw : register(t1);
Texture2D<float> Tex[] : register(t2, space1);
SamplerState Samp : register(s0);
RWBuffer<uint2> Pairs : register(u5);

[numthreads(8,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = Parts[id.x].id + count + Raw.Load(0) +
              (uint)Typed[id.x % 4][0].x +
              (uint)Tex[id.y].SampleLevel(Samp, offs, 0) + Pairs[0].y;
}

// CHECK-DAG: %"class.StructuredBuffer<P>" = type { %struct.P }
// CHECK-DAG: %struct.P = type { <3 x float>, i32 }
// CHECK-DAG: %struct.ByteAddressBuffer = type { i32 }
// CHECK-DAG: %"class.Texture2D<float>" = type { float }
// CHECK-DAG: %"class.RWBuffer<vector<float, 4> >" = type { <4 x float> }
// CHECK-DAG: %"class.RWStructuredBuffer<{{(unsigned )?}}int>" = type { i32 }
// CHECK-DAG: %"class.RWBuffer<vector<unsigned int, 2> >" = type { <2 x i32> }
// CHECK-DAG: %Params = type { <4 x float>, i32, <2 x float> }
// CHECK-DAG: %struct.SamplerState = type { i32 }

// CHECK-DAG: !{i32 0, %"class.StructuredBuffer<P>" undef, !"Parts", i32 0, i32 0, i32 1, i32 12, i32 0, ![[#]]}
// CHECK-DAG: !{i32 1, %struct.ByteAddressBuffer undef, !"Raw", i32 0, i32 1, i32 1, i32 11, i32 0, null}
// CHECK-DAG: !{i32 2, [0 x %"class.Texture2D<float>"] undef, !"Tex", i32 1, i32 2, i32 -1, i32 2, i32 0, ![[#]]}
// CHECK-DAG: !{i32 0, [4 x %"class.RWBuffer<vector<float, 4> >"] undef, !"Typed", i32 0, i32 0, i32 4, i32 10,
// CHECK-DAG: !{i32 1, %"class.RWStructuredBuffer<{{(unsigned )?}}int>" undef, !"Out", i32 0, i32 4, i32 1, i32 12,
// CHECK-DAG: !{i32 2, %"class.RWBuffer<vector<unsigned int, 2> >" undef, !"Pairs", i32 0, i32 5, i32 1, i32 10,
// CHECK-DAG: !{i32 0, %Params undef, !"Params", i32 0, i32 0, i32 1, i32 28, null}
// CHECK-DAG: !{i32 0, %struct.SamplerState undef, !"Samp", i32 0, i32 0, i32 1, i32 0, null}
