// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): a conditional operator whose arms are lvalues of the same type
// (`c ? a : b` with variables a and b, or structs) is a glvalue in Clang's
// AST and the importer rejects it: "not supported yet: lvalue
// 'ConditionalOperator'". As an rvalue it is imported like `c ? a + 0 : b`:
// reading a scalar variable has no effect, so both arms are read and
// selected; struct arms take the short-circuit form (one arm is read).

RWStructuredBuffer<int> Out;
struct U { float x; };

int pick(bool c, int a, int b) { return c ? a : b; }
float pickStruct(bool c, U a, U b) { U u = c ? a : b; return u.x; }

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  U u1 = {1}, u2 = {2};
  Out[0] = pick(id.x, 1, 2) + pickStruct(id.y, u1, u2);
}

// CHECK-LABEL: func.func private @pick(
// CHECK: %[[C:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i1>
// CHECK-NEXT: %[[A:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[V:.*]] = arith.select %[[C]], %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[V]] : i32
// CHECK-LABEL: func.func private @pickStruct(
// CHECK: cf.cond_br
