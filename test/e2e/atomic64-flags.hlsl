// 64-bit atomics on UAVs: the shader flags declare 64-bit integers
// (Int64Ops) and 64-bit atomics on typed resources (AtomicInt64OnTypedResource,
// bit 27); each UAV they touch is marked in its resource record (extended
// property 3) and flagged UsedByAtomic64 in PSV0, as DXC does; a UAV with
// 32-bit atomics only is not. 135266320 is the value DXC 1.9 declares.
// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -o %t.dxil -Fc %t.txt
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: FileCheck %s < %t.txt
// CHECK: [0] UAVTyped, space 0, registers 0 to 0, kind TypedBuffer, flags UsedByAtomic64
// CHECK-NEXT: [1] UAVStructured, space 0, registers 1 to 1, kind StructuredBuffer, flags UsedByAtomic64
// CHECK-NEXT: [2] UAVTyped, space 0, registers 2 to 2, kind TypedBuffer, flags none
// CHECK: !{i32 0, i64 135266320,

RWBuffer<int64_t> T : register(u0);
RWStructuredBuffer<uint64_t> S : register(u1);
RWBuffer<uint> Plain : register(u2);
[numthreads(8, 1, 1)]
void main(uint i : SV_GroupIndex) {
  InterlockedAdd(T[0], (int64_t)i);
  InterlockedMax(S[1], (uint64_t)i << 40);
  InterlockedAdd(Plain[0], i);
}
