// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): a conditional operator whose arms are lvalues of the same type
// (`c ? a : b` with variables a and b, or structs) is a glvalue in Clang's
// AST and the importer rejects it: "not supported yet: lvalue
// 'ConditionalOperator'". As an rvalue it should take the same short-circuit
// form as `c ? a + 0 : b` (only one arm is read).

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
// CHECK-NEXT: cf.cond_br %[[C]], ^[[T:bb[0-9]+]], ^[[F:bb[0-9]+]]
// CHECK-NEXT: ^[[T]]:
// CHECK-NEXT: %[[A:.*]] = hlsl.load
// CHECK-NEXT: cf.br ^[[M:bb[0-9]+]](%[[A]] : i32)
// CHECK-NEXT: ^[[F]]:
// CHECK-NEXT: %[[B:.*]] = hlsl.load
// CHECK-NEXT: cf.br ^[[M]](%[[B]] : i32)
// CHECK-NEXT: ^[[M]](%[[V:.*]]: i32):
// CHECK-NEXT: return %[[V]] : i32
// CHECK-LABEL: func.func private @pickStruct(
// CHECK: cf.cond_br
