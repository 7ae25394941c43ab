// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Seed 003's cb2 uses float16_t, which only exists with -enable-16bit-types.

cbuffer cb2 : register(b0) {
  float a1[3];
  // CHECK: seed003-no16bit-error.hlsl:[[@LINE+1]]:3: error: unknown type name 'float16_t'
  float16_t a4[2][2];
}

[numthreads(1,1,1)]
void main() {}
