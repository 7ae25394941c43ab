// RUN: not hlsl-translate --to-llvmir %s -T cs_6_6 -E main -o %t.ll 2>&1 | FileCheck %s
// RUN: not test -s %t.ll
// Clang 22 accepts writes to constant buffer members (of a cbuffer, a
// ConstantBuffer<T> and an element of a ConstantBuffer<T> array); HLSL
// constant buffers are read-only. Each write is an error at its operator,
// the compile fails and writes nothing.
struct Light { float4 color; uint n; };
ConstantBuffer<Light> Lights[4];
ConstantBuffer<Light> One;
cbuffer C { float k; }
void bump(inout uint v) { v++; }
[numthreads(4,1,1)] void main(uint3 id : SV_DispatchThreadID) {
  // CHECK: constant-buffer-assign.hlsl:[[#@LINE+1]]:19: error: cannot assign to constant buffer memory: constant buffers are read-only
  Lights[1].color += 1;
  // CHECK: constant-buffer-assign.hlsl:[[#@LINE+1]]:14: error: cannot assign to constant buffer memory
  Lights[2].n++;
  // CHECK: constant-buffer-assign.hlsl:[[#@LINE+1]]:21: error: cannot assign to constant buffer memory
  Lights[0].color.x = 2;
  // CHECK: constant-buffer-assign.hlsl:[[#@LINE+1]]:8: error: cannot pass a constant buffer member as an out argument
  bump(Lights[3].n);
  // CHECK: constant-buffer-assign.hlsl:[[#@LINE+1]]:9: error: cannot assign to constant buffer memory
  One.n = 3;
  // CHECK: constant-buffer-assign.hlsl:[[#@LINE+1]]:5: error: cannot assign to constant buffer memory
  k = 1;
}
