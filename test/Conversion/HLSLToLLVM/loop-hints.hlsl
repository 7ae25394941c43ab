// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main -O0 | FileCheck %s
// [unroll(N)], [unroll] and [loop] reach LLVM as loop metadata on the back
// edge, so LLVM's unroller does what DXC does for them.

RWStructuredBuffer<uint> Out : register(u0);
cbuffer P : register(b0) { uint n; }

[numthreads(1,1,1)]
void main() {
  uint a = 0, b = 0, c = 0;
  [unroll(4)] for (uint i = 0; i < n; ++i) a += i;
  [unroll] for (uint j = 0; j < 8; ++j) b += j * n;
  [loop] for (uint k = 0; k < n; ++k) c ^= k;
  Out[0] = a + b + c;
}

// CHECK-DAG: br label %{{.*}}, !llvm.loop ![[COUNT:[0-9]+]]
// CHECK-DAG: br label %{{.*}}, !llvm.loop ![[FULL:[0-9]+]]
// CHECK-DAG: br label %{{.*}}, !llvm.loop ![[NONE:[0-9]+]]
// CHECK-DAG: ![[COUNT]] = distinct !{![[COUNT]], ![[C4:[0-9]+]]}
// CHECK-DAG: ![[C4]] = !{!"llvm.loop.unroll.count", i32 4}
// CHECK-DAG: ![[FULL]] = distinct !{![[FULL]], ![[F:[0-9]+]]}
// CHECK-DAG: ![[F]] = !{!"llvm.loop.unroll.full"}
// CHECK-DAG: ![[NONE]] = distinct !{![[NONE]], ![[D:[0-9]+]]}
// CHECK-DAG: ![[D]] = !{!"llvm.loop.unroll.disable"}
