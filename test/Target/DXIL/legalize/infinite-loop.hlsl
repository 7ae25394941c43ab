// RUN: hlsl-translate --to-llvmir %s -T ps_6_0 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// The loop's condition is invariant (a cbuffer value against an input), so
// the optimizer tests it once and the loop it leaves never ends; DXIL's
// validator rejects a loop without an exit ("Loop must have break"). The
// loop gets an exit that is never taken.
// CHECK: define void @main()
// CHECK: br i1 %{{[0-9]+}}, label %[[LOOP:[^,]+]], label %[[AFTER:[^ ]+]]
// CHECK: [[LOOP]]:
// CHECK-NEXT: br i1 true, label %[[LOOP]], label %loop.never.exits
// CHECK: storeOutput
// CHECK: loop.never.exits:
// CHECK-NEXT: ret void
int limit;

float main(float2 a : A, int3 b : B) : SV_Target {
  float s = 0;
  while (limit < b.x) {
    s += a.x;
  }
  return s;
}
