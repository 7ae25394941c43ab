// RUN: not hlsl-translate --import-hlsl %s -T cs_6_0 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_2 -enable-16bit-types -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// Signed division and remainder of min16int/min12int are refused, as DXC
// refuses them (with or without native 16-bit types); a literal operand
// takes the min-precision type, a 32-bit one does not (`k %= i` computes
// in int).

RWStructuredBuffer<int> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  min16int a = Out[0];
  min12int k = Out[1];
  min16uint u = Out[2];
  int i = Out[3];
  // CHECK: error-min-precision-division.hlsl:[[@LINE+1]]:14: error: signed integer division is not supported on minimum-precision types, cast to int to use 32-bit division
  Out[0] = a % k;
  // CHECK: error-min-precision-division.hlsl:[[@LINE+1]]:5: error: signed integer division
  a /= 3;
  min16int2 v = a;
  // CHECK: error-min-precision-division.hlsl:[[@LINE+1]]:9: error: signed integer division
  v = v / v;
  // CHECK: error-min-precision-division.hlsl:[[@LINE+1]]:14: error: signed integer division
  Out[2] = a / -2;
  // CHECK: error-min-precision-division.hlsl:[[@LINE+1]]:14: error: signed integer division
  Out[3] = 7 % k;
  // Accepted: 32-bit and unsigned divisions.
  k %= i;
  Out[5] = a % 3u;
  Out[4] = a / i + (int)a / (int)k + u / 3u + u % 5 + i % a;
  Out[6] = (float)a / 2;
}
