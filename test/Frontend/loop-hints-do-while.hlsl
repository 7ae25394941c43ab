// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): the back edge of a do-while loop always gets `hlsl.loop`, whatever
// the hint: `[unroll(2)] do ... while` is marked as [loop] (HLSLGenStmt.cpp,
// emitDo ignores the unroll spelling and count).

RWStructuredBuffer<int> Out;

[numthreads(1,1,1)]
void main() {
  int s = 0;
  [unroll(2)] do { s++; } while (s < 10);
  [unroll] do { s++; } while (s < 20);
  Out[0] = s;
}

// CHECK-LABEL: func.func @main(
// CHECK: cf.br ^[[D1:bb[0-9]+]]
// CHECK-NEXT: ^[[D1]]:
// CHECK: cf.cond_br %{{.*}}, ^[[D1]], ^{{bb[0-9]+}} {hlsl.unroll = 2 : i32}
// CHECK: cf.br ^[[D2:bb[0-9]+]]
// CHECK-NEXT: ^[[D2]]:
// CHECK: cf.cond_br %{{.*}}, ^[[D2]], ^{{bb[0-9]+}} {hlsl.unroll = 0 : i32}
// CHECK-NOT: hlsl.loop
