// RUN: hlsl-translate --to-llvmir %s -T ps_6_0 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// LLVM's optimizer peels the first iteration of this loop and records it as
// `llvm.loop.peeled.count` (and may add other loop properties); DXIL's loop
// metadata holds one unroll hint at most, and the validator rejects the
// rest as malformed ("Metadata must be well-formed"): they are dropped. The
// [unroll(4)] loop is unrolled four times; its remainder loop and the
// unrolled loop keep LLVM's unroll.disable, one of the hints DXIL allows.
// CHECK-NOT: llvm.loop.peeled
// CHECK-NOT: llvm.loop.mustprogress
// CHECK-NOT: !prof
// CHECK: !{!"llvm.loop.unroll.disable"}
// CHECK-NOT: llvm.loop.peeled
RWStructuredBuffer<float> O : register(u0);

float4 main(float4 p : SV_Position) : SV_Target {
  float x = p.x;
  uint distinct = 0;
  bool done = false;
  while (!done) {
    float m = WaveActiveMax(x);
    if (m == 0) {
      done = true;
    } else {
      x = 0;
      distinct++;
    }
  }
  float acc = 0;
  [unroll(4)] for (uint i = 0; i < (uint)p.y; ++i)
    acc += O[i];
  return float4(distinct, x, acc, 1);
}
