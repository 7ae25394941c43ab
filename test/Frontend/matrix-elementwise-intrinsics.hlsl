// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s
// Elementwise intrinsics on matrices resolve (the prelude declares their
// matrix shapes as templates) but are not lowered yet: they must say so at
// the call, not fail in the verifier (max used to produce an invalid
// arith.maxui on !hlsl.matrix) or name the operand count.
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float3x3 m = (float3x3)(float)id.x;
  // CHECK: matrix-elementwise-intrinsics.hlsl:[[@LINE+1]]:16: error: not supported yet: intrinsic 'sin' on matrix operands
  float3x3 s = sin(m);
  // CHECK: matrix-elementwise-intrinsics.hlsl:[[@LINE+1]]:17: error: not supported yet: intrinsic 'max' on matrix operands
  float3x3 mx = max(m, (float3x3)1);
  // CHECK: matrix-elementwise-intrinsics.hlsl:[[@LINE+1]]:15: error: not supported yet: intrinsic 'isnan' on matrix operands
  bool3x3 n = isnan(m);
  // CHECK: matrix-elementwise-intrinsics.hlsl:[[@LINE+1]]:16: error: not supported yet: intrinsic 'select' on matrix operands
  float3x3 c = select(id.y > 2, m, (float3x3)1);
  Out[0] = s[0][0] + mx[1][1] + n[2][2] + c[0][1];
}
