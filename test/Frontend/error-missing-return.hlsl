// RUN: not hlsl-translate --import-hlsl %s -T vs_6_0 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// Falling off the end of a non-void function is an error, as in DXC (Clang
// only warns), wherever the path is.

float4 noReturn() {
  float4 f = 1.0;
  f += 2.0;
  // CHECK: error-missing-return.hlsl:[[@LINE+1]]:1: error: non-void function does not return a value
}

float sometimes(float x) {
  if (x > 0)
    return x;
  // CHECK: error-missing-return.hlsl:[[@LINE+1]]:1: error: non-void function does not return a value in all control paths
}

float4 main(float x : X) : OUT { return noReturn() * sometimes(x); }
