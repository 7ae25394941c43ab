// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// [unroll], [unroll(N)] and [loop] are attributes of the loop's back edge:
// `hlsl.unroll = N` (0 without a count) and `hlsl.loop`. Loops without a
// hint have none. (do-while with [unroll(N)]: see loop-hints-do-while.hlsl.)

RWStructuredBuffer<int> Out;

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  int s = 0;
  [unroll(4)] for (int i = 0; i < 8; ++i) s += i;
  [unroll] while (s < 100) s *= 2;
  [loop] for (int j = 0; j < 8; ++j) s += j;
  for (int k = 0; k < 8; ++k) s -= k;
  [loop] do { s++; } while (s < 20);
  [loop] while (s > 0) s -= 3;
  Out[0] = s;
}

// CHECK-LABEL: func.func @main(
// CHECK: cf.br ^[[H1:bb[0-9]+]]
// CHECK-NEXT: ^[[H1]]:
// CHECK: cf.br ^[[H1]] {hlsl.unroll = 4 : i32}
// CHECK: cf.br ^[[H2:bb[0-9]+]]
// CHECK-NEXT: ^[[H2]]:
// CHECK: cf.br ^[[H2]] {hlsl.unroll = 0 : i32}
// CHECK: cf.br ^[[H3:bb[0-9]+]]
// CHECK-NEXT: ^[[H3]]:
// CHECK: cf.br ^[[H3]] {hlsl.loop}
// CHECK: cf.br ^[[H4:bb[0-9]+]]
// CHECK-NEXT: ^[[H4]]:
// CHECK: cf.br ^[[H4]]{{$}}
// CHECK: cf.br ^[[D:bb[0-9]+]]
// CHECK-NEXT: ^[[D]]:
// CHECK: cf.cond_br %{{.*}}, ^[[D]], ^{{bb[0-9]+}} {hlsl.loop}
// CHECK: cf.br ^[[H5:bb[0-9]+]]
// CHECK-NEXT: ^[[H5]]:
// CHECK: cf.br ^[[H5]] {hlsl.loop}
// CHECK-NOT: hlsl.unroll
// CHECK-NOT: hlsl.loop
// CHECK: return
