// RUN: not hlsl-translate --to-dxil %s -T cs_6_0 -E main -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// An atomic on a component of a typed resource's vector element
// (`buf[i].y` of a RWBuffer<uint4>) is an error, as in DXC: typed UAV
// atomics operate on single-component 32-bit formats. (It was compiled as
// an atomic on the element's first component.) Structured buffers of
// vectors and typed resources of scalars are fine.

RWBuffer<uint4> bufA;
RWTexture1D<uint2> texA;
RWBuffer<uint> scalars;
RWStructuredBuffer<uint4> structured;

[numthreads(8, 1, 1)]
void main(uint2 tid : SV_DispatchThreadID) {
  // CHECK: error-atomic-typed-vector-component.hlsl:[[@LINE+1]]:17: error: typed resources used in atomic operations must have a scalar element type (InterlockedOr on a component of a vector element)
  InterlockedOr(bufA[tid.y].y, 2);
  uint o;
  // CHECK: error-atomic-typed-vector-component.hlsl:[[@LINE+1]]:30: error: typed resources used in atomic operations must have a scalar element type (InterlockedCompareExchange on a component of a vector element)
  InterlockedCompareExchange(texA[tid.x][1], 3, 1, o);
  InterlockedAdd(scalars[tid.x], o);
  InterlockedAdd(structured[tid.x].z, o);
}
