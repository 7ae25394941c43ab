// RUN: hlsl-translate --import-hlsl %s -T lib_6_6 | FileCheck %s
// Regression test (this used to be wrong): in a library (-T lib_6_x), `export` functions are dropped: only
// [shader("...")] entry points are imported, so an exported helper that no
// entry calls is missing from the module. It should be a public function.

RWStructuredBuffer<float> Buf;

export float scale(float x) { return x * 2; }

[shader("compute")]
[numthreads(1,1,1)]
void CS() { Buf[0] = 1; }

// CHECK-DAG: func.func @scale(%{{.*}}: f32) -> f32
// CHECK-DAG: func.func @CS() attributes {hlsl.entry, hlsl.numthreads = array<i32: 1, 1, 1>, hlsl.shader = #hlsl<shader compute>}
