// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main --mlir-print-debuginfo | not hlsl-opt --hlsl-pipeline 2>&1 | FileCheck %s
// Seed 001's LocalArray example: LocalArray[0] is read without ever being
// assigned. DXC silently reads a null handle; we report the read.

RWBuffer<float> Buf;
RWBuffer<float> Out;

float foo() {
  RWBuffer<float> LocalArray[3];
  LocalArray[2] = Buf;
  // LocalArray[0] is not initialized
  return LocalArray[2][0] + LocalArray[0][0];
}

[numthreads(4,1,1)]
void main() {
  Out[0] = foo();
}

// CHECK: seed001-uninitialized.hlsl:12:[[#]]: error: use of an uninitialized resource: a local or static resource variable, or an element of a local resource array, that was never assigned
