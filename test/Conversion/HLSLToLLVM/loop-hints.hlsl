// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | hlsl-opt --hlsl-pipeline --convert-hlsl-to-llvm | FileCheck %s --check-prefix=DIALECT
// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main -O0 -D NO_FULL_UNROLL | FileCheck %s
// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main -O0 | FileCheck %s --check-prefix=O0
// [unroll(N)], [unroll] and [loop] reach LLVM as loop metadata on the back
// edge, so LLVM's unroller does what DXC does for them. At -O0 (LLVM's -O0
// pipeline unrolls nothing) an [unroll] loop is still unrolled, as DXC does
// at -O0: the other hints are then applied too.

RWStructuredBuffer<uint> Out : register(u0);
cbuffer P : register(b0) { uint n; }

[numthreads(1,1,1)]
void main() {
  uint a = 0, b = 0, c = 0;
  [unroll(4)] for (uint i = 0; i < n; ++i) a += i;
#ifndef NO_FULL_UNROLL
  [unroll] for (uint j = 0; j < 8; ++j) b += j * n;
#endif
  [loop] for (uint k = 0; k < n; ++k) c ^= k;
  Out[0] = a + b + c;
}

// DIALECT-DAG: #[[COUNT:loop_unroll[0-9]*]] = #llvm.loop_unroll<count = 4 : i32>
// DIALECT-DAG: #[[FULL:loop_unroll[0-9]*]] = #llvm.loop_unroll<full = true>
// DIALECT-DAG: #[[NONE:loop_unroll[0-9]*]] = #llvm.loop_unroll<disable = true>
// DIALECT-DAG: #[[ACOUNT:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = #[[COUNT]]>
// DIALECT-DAG: #[[AFULL:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = #[[FULL]]>
// DIALECT-DAG: #[[ANONE:loop_annotation[0-9]*]] = #llvm.loop_annotation<unroll = #[[NONE]]>
// DIALECT-DAG: llvm.br {{.*}} {loop_annotation = #[[ACOUNT]]}
// DIALECT-DAG: llvm.br {{.*}} {loop_annotation = #[[AFULL]]}
// DIALECT-DAG: llvm.br {{.*}} {loop_annotation = #[[ANONE]]}

// CHECK-DAG: br label %{{.*}}, !llvm.loop ![[COUNT:[0-9]+]]
// CHECK-DAG: br label %{{.*}}, !llvm.loop ![[NONE:[0-9]+]]
// CHECK-DAG: ![[COUNT]] = distinct !{![[COUNT]], ![[C4:[0-9]+]]}
// CHECK-DAG: ![[C4]] = !{!"llvm.loop.unroll.count", i32 4}
// CHECK-DAG: ![[NONE]] = distinct !{![[NONE]], ![[D:[0-9]+]]}
// CHECK-DAG: ![[D]] = !{!"llvm.loop.unroll.disable"}

// O0-NOT: llvm.loop.unroll.full
// O0: !"llvm.loop.unroll.disable"
// O0-NOT: llvm.loop.unroll.full
