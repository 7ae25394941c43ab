// RUN: not hlsl-translate --to-dxil %s -T cs_6_0 -E main -o /dev/null 2>&1 | FileCheck %s --implicit-check-not=error:
// A static resource variable that is used but never assigned has no
// resource to stand for (DXC: "local resource not guaranteed to map to
// unique global resource").

static RWStructuredBuffer<float> B;

[numthreads(1, 1, 1)]
void main() {
  // CHECK: error-static-resource-uninitialized.hlsl:[[@LINE+1]]:3: error: use of an uninitialized resource: a local or static resource variable, or an element of a local resource array, that was never assigned
  B[0] = 1;
}
