// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): an `inout` (or `out`) array parameter is imported as an array value
// with `hlsl.direction = inout`, which the verifier rejects ("out/inout
// parameter must be a function-space pointer, got '!hlsl.array<2 x f32>'"),
// so the whole import fails; the caller's array would never be written back.
// It should be a pointer parameter with an hlsl.out_arg at the call.

RWStructuredBuffer<float> O;

void Arr(inout float a[2]) { a[0] = a[1] + 1; }

[numthreads(1,1,1)]
void main() {
  float a[2] = {1, 2};
  Arr(a);
  O[0] = a[0];
}

// CHECK-LABEL: func.func @main()
// CHECK: %[[A:.*]] = hlsl.var "a" : !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK: %[[T:.*]] = hlsl.out_arg inout %[[A]] : !hlsl.ptr<!hlsl.array<2 x f32>> -> !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK-NEXT: call @Arr(%[[T]]) : (!hlsl.ptr<!hlsl.array<2 x f32>>) -> ()
// CHECK-LABEL: func.func private @Arr(%{{.*}}: !hlsl.ptr<!hlsl.array<2 x f32>> {hlsl.direction = #hlsl<direction inout>})
