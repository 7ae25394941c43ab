// RUN: hlsl-translate --to-llvmir %s -T cs_6_0 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// Thirteen ignored statement attributes and a one-based matrix element in
// one shader: each rewrite has its own macro (the thirteenth attribute's
// must not be `$12`, the macro of `_12`).

RWStructuredBuffer<float> Out : register(u0);
static float4x4 m = { 1,2,3,4, 5,6,7,8, 9,10,11,12, 13,14,15,16 };
[numthreads(1, 1, 1)]
void main() {
  [branch] int a = 0; [branch] int b = 0; [branch] int c = 0; [branch] int d = 0;
  [branch] int e = 0; [branch] int f = 0; [branch] int g = 0; [branch] int h = 0;
  [branch] int i = 0; [branch] int j = 0; [branch] int k = 0; [branch] int l = 0;
  [branch] int n = 0;
  Out[0] = m._12 + a + b + c + d + e + f + g + h + i + j + k + l + n;
}

// CHECK-COUNT-13: warning: attribute 'branch' applies to statements, not to declarations: ignored
// CHECK: float 2.000000e+00
