// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: dxil-dis %t.dxil | FileCheck %s
// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s --check-prefix=MD
// Registers and spaces at the top of the 32-bit range compile: the last
// register u4294967295, t4294967290 in the last space, the last b register,
// and an implicit binding in space0 next to an explicit one in the last space.
// A single register at u4294967295 has range size 1 in the metadata (the PSV0
// upper bound 0xFFFFFFFF reads as 'unbounded' there: the format's own
// ambiguity).

RWBuffer<float> A : register(u4294967295);
Buffer<float> T : register(t4294967290, space4294967295);
cbuffer CB : register(b4294967295) { float k; };
RWBuffer<float> S : register(space4294967295);
RWBuffer<float> I;

[numthreads(1,1,1)]
void main() {
  A[0] = T[0] + k;
  S[0] = 1;
  I[0] = 2;
}

// CHECK: resources: 5, 24 bytes each
// CHECK-DAG: CBV, space 0, registers 4294967295 to {{.*}}, kind CBuffer
// CHECK-DAG: SRVTyped, space 4294967295, registers 4294967290 to 4294967290, kind TypedBuffer
// CHECK-DAG: UAVTyped, space 0, registers 4294967295 to {{.*}}, kind TypedBuffer
// CHECK-DAG: UAVTyped, space 4294967295, registers 0 to 0, kind TypedBuffer
// CHECK-DAG: UAVTyped, space 0, registers 0 to 0, kind TypedBuffer

// MD-DAG: !{i32 0, %"class.Buffer<float>" undef, !"T", i32 -1, i32 -6, i32 1, i32 10,
// MD-DAG: !{i32 {{[0-9]+}}, %"class.RWBuffer<float>" undef, !"A", i32 0, i32 -1, i32 1, i32 10,
// MD-DAG: !{i32 {{[0-9]+}}, %"class.RWBuffer<float>" undef, !"S", i32 -1, i32 0, i32 1, i32 10,
// MD-DAG: !{i32 {{[0-9]+}}, %"class.RWBuffer<float>" undef, !"I", i32 0, i32 0, i32 1, i32 10,
// MD-DAG: !{i32 0, %CB undef, !"CB", i32 0, i32 -1, i32 1, i32 4,
