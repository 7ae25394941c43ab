// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Scalar && and || short-circuit (HLSL 2021): the right operand is evaluated
// in its own block and the result is a block argument. The scalar ternary
// operator evaluates only one arm the same way when an arm could have an
// effect or trap (integer division, calls, assignments, subscripts); arms
// that cannot are both evaluated and selected, as is a vector condition
// (element-wise). Unary !, ~ and -.

RWStructuredBuffer<int> Out;

bool land(int a, int b) { return a > 0 && b > 0; }
bool lor(int a, int b) { return a > 0 || b > 0; }
int tern(bool c, int a, int b) { return c ? a / b : b * 2; }
int ternSelect(bool c, int a, int b) { return c ? a + 1 : b * 2; }
float3 vsel(bool3 c, float3 a, float3 b) { return c ? a : b; }
bool lnot(int a) { return !a; }
int bnot(int a) { return ~a; }
int ineg(int a) { return -a; }
float fneg(float a) { return -a; }

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = land(id.x, id.y) + lor(id.x, id.y) + tern(id.x, 1, 2) + ternSelect(id.x, 1, 2) +
           vsel(id > 1, 1.0, 2.0).x + lnot(id.z) + bnot(id.x) + ineg(id.y) + fneg(id.z);
}

// CHECK-LABEL: func.func private @land(
// CHECK: %[[A:.*]] = hlsl.load
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[L:.*]] = arith.cmpi sgt, %[[A]], %[[Z]] : i32
// CHECK-NEXT: %[[F:.*]] = arith.constant false
// CHECK-NEXT: cf.cond_br %[[L]], ^[[RHS:bb[0-9]+]], ^[[MERGE:bb[0-9]+]](%[[F]] : i1)
// CHECK-NEXT: ^[[RHS]]:
// CHECK-NEXT: %[[B:.*]] = hlsl.load
// CHECK-NEXT: %[[Z2:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R:.*]] = arith.cmpi sgt, %[[B]], %[[Z2]] : i32
// CHECK-NEXT: cf.br ^[[MERGE]](%[[R]] : i1)
// CHECK-NEXT: ^[[MERGE]](%[[V:.*]]: i1):
// CHECK-NEXT: return %[[V]] : i1

// CHECK-LABEL: func.func private @lor(
// CHECK: %[[L:.*]] = arith.cmpi sgt
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: cf.cond_br %[[L]], ^[[MERGE:bb[0-9]+]](%[[T]] : i1), ^[[RHS:bb[0-9]+]]
// CHECK-NEXT: ^[[RHS]]:
// CHECK: %[[R:.*]] = arith.cmpi sgt
// CHECK-NEXT: cf.br ^[[MERGE]](%[[R]] : i1)
// CHECK-NEXT: ^[[MERGE]](%[[V:.*]]: i1):
// CHECK-NEXT: return %[[V]] : i1

// CHECK-LABEL: func.func private @tern(
// CHECK: %[[C:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i1>
// CHECK-NEXT: cf.cond_br %[[C]], ^[[T:bb[0-9]+]], ^[[F:bb[0-9]+]]
// CHECK-NEXT: ^[[T]]:
// CHECK: %[[TV:.*]] = arith.divsi
// CHECK-NEXT: cf.br ^[[M:bb[0-9]+]](%[[TV]] : i32)
// CHECK-NEXT: ^[[F]]:
// CHECK: %[[FV:.*]] = arith.muli
// CHECK-NEXT: cf.br ^[[M]](%[[FV]] : i32)
// CHECK-NEXT: ^[[M]](%[[V:.*]]: i32):
// CHECK-NEXT: return %[[V]] : i32

// CHECK-LABEL: func.func private @ternSelect(
// CHECK: %[[C:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i1>
// CHECK: %[[TV:.*]] = arith.addi
// CHECK: %[[FV:.*]] = arith.muli
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[TV]], %[[FV]] : i32
// CHECK-NEXT: return %[[S]] : i32

// CHECK-LABEL: func.func private @vsel(
// CHECK: %[[C:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xi1>>
// CHECK-NEXT: %[[A:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[S:.*]] = arith.select %[[C]], %[[A]], %[[B]] : vector<3xi1>, vector<3xf32>
// CHECK-NEXT: return %[[S]]

// CHECK-LABEL: func.func private @lnot(
// CHECK: %[[A:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[B:.*]] = arith.cmpi ne, %[[A]], %[[Z]] : i32
// CHECK-NEXT: %[[T:.*]] = arith.constant true
// CHECK-NEXT: %[[N:.*]] = arith.xori %[[B]], %[[T]] : i1
// CHECK-NEXT: return %[[N]] : i1

// CHECK-LABEL: func.func private @bnot(
// CHECK: %[[A:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[M:.*]] = arith.constant -1 : i32
// CHECK-NEXT: %[[N:.*]] = arith.xori %[[A]], %[[M]] : i32
// CHECK-NEXT: return %[[N]] : i32

// CHECK-LABEL: func.func private @ineg(
// CHECK: %[[A:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<i32>
// CHECK-NEXT: %[[Z:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[N:.*]] = arith.subi %[[Z]], %[[A]] : i32
// CHECK-NEXT: return %[[N]] : i32

// CHECK-LABEL: func.func private @fneg(
// CHECK: %[[A:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<f32>
// CHECK-NEXT: %[[N:.*]] = arith.negf %[[A]] : f32
// CHECK-NEXT: return %[[N]] : f32
