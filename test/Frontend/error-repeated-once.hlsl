// RUN: not hlsl-translate --to-dxil %s -T cs_6_0 -E main -o /dev/null 2>&1 | FileCheck %s
// Clang 22 checks an initializer list of a struct whose base has a base
// twice, and reported each error twice: each error is shown once (with the
// count of what was shown). (DXC accepts these: the list is flattened into
// the elements of A, B and C in order; Clang 22 miscounts the bases.)

struct A { float2 x; };
struct B : A { float y; };
struct C : B { A t[2]; };
static const float4 f0 = { 1, 2, 3, 4 };
static C c = { f0, 5, 6, 7 };
static C c2[] = { f0, 5, 6, 7, f0, 5, 6, 7 };
RWBuffer<float> Out;

[numthreads(1, 1, 1)]
void main() { Out[0] = c.t[1].x.y + c2[1].t[0].x.x; }

// CHECK: error-repeated-once.hlsl:11:16: error: too few initializers in list for type 'B' (expected 3 but found 2)
// CHECK-NEXT: static C c = { f0, 5, 6, 7 };
// CHECK-NEXT: ^
// CHECK-NEXT: error-repeated-once.hlsl:12:19: error: too few initializers in list for type 'B' (expected 3 but found 2)
// CHECK-NEXT: static C c2[] = { f0, 5, 6, 7, f0, 5, 6, 7 };
// CHECK-NEXT: ^
// CHECK-NEXT: error-repeated-once.hlsl:12:32: error: too few initializers in list for type 'B' (expected 3 but found 2)
// CHECK-NEXT: static C c2[] = { f0, 5, 6, 7, f0, 5, 6, 7 };
// CHECK-NEXT: ^
// CHECK-NEXT: 3 errors generated.
