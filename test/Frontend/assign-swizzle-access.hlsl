// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Compound assignment (load, convert to the computation type, operate,
// convert back, store), ++/-- (prefix returns the new value, postfix the old
// one), swizzles as rvalues (vector.shuffle/extract) and as lvalues
// (`v.zy = ...` inserts component by component), and element access into
// vectors, matrices (row, then column) and arrays.

RWStructuredBuffer<float4> Out;
RWStructuredBuffer<int> IOut;

int compound(int i, uint u, float f) {
  i += 2;
  u /= 3u;
  i >>= 1;
  f *= i;
  return i + u + f;
}

int incdec(int i) {
  int a = i++;
  int b = --i;
  return a + b;
}

float4 swz(float4 v, float f) {
  v.zy = float2(f, 2.0);
  v.x += 1;
  v[2] = v.w;
  return v.wzyx + v.xxxx;
}

float access(float2x2 m, uint u) {
  float a[3] = {1, 2, 3};
  a[u] = a[1] * 2;
  m[1][0] = m[0][1];
  return a[2] + m[1][0];
}

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  IOut[0] = compound(id.x, id.y, 1.5) + incdec(id.z);
  Out[0] = swz(Out[1], 3.0) + access((float2x2)Out[2], id.x);
}

// CHECK-LABEL: func.func private @compound(
// CHECK-DAG: %[[F:.*]] = hlsl.var "f" : !hlsl.ptr<f32>
// CHECK-DAG: %[[U:.*]] = hlsl.var "u" : !hlsl.ptr<i32>
// CHECK-DAG: %[[I:.*]] = hlsl.var "i" : !hlsl.ptr<i32>
// i += 2
// CHECK: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[I0:.*]] = hlsl.load %[[I]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[I1:.*]] = arith.addi %[[I0]], %[[C2]] : i32
// CHECK-NEXT: hlsl.store %[[I1]], %[[I]] : !hlsl.ptr<i32>
// u /= 3u is unsigned
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[U0:.*]] = hlsl.load %[[U]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[U1:.*]] = arith.divui %[[U0]], %[[C3]] : i32
// CHECK-NEXT: hlsl.store %[[U1]], %[[U]] : !hlsl.ptr<i32>
// i >>= 1 is an arithmetic shift with a masked amount
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[I2:.*]] = hlsl.load %[[I]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[M:.*]] = arith.constant 31 : i32
// CHECK-NEXT: %[[AMT:.*]] = arith.andi %[[C1]], %[[M]] : i32
// CHECK-NEXT: %[[I3:.*]] = arith.shrsi %[[I2]], %[[AMT]] : i32
// CHECK-NEXT: hlsl.store %[[I3]], %[[I]] : !hlsl.ptr<i32>
// f *= i converts i to float
// CHECK-NEXT: %[[IV:.*]] = hlsl.load %[[I]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[IF:.*]] = arith.sitofp %[[IV]] : i32 to f32
// CHECK-NEXT: %[[F0:.*]] = hlsl.load %[[F]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[F1:.*]] = arith.mulf %[[F0]], %[[IF]] : f32
// CHECK-NEXT: hlsl.store %[[F1]], %[[F]] : !hlsl.ptr<f32>

// CHECK-LABEL: func.func private @incdec(
// CHECK-DAG: %[[B:.*]] = hlsl.var "b" : !hlsl.ptr<i32>
// CHECK-DAG: %[[A:.*]] = hlsl.var "a" : !hlsl.ptr<i32>
// CHECK-DAG: %[[I:.*]] = hlsl.var "i" : !hlsl.ptr<i32>
// a = i++ stores the old value
// CHECK: %[[OLD:.*]] = hlsl.load %[[I]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[INC:.*]] = arith.addi %[[OLD]], %[[ONE]] : i32
// CHECK-NEXT: hlsl.store %[[INC]], %[[I]] : !hlsl.ptr<i32>
// CHECK-NEXT: hlsl.store %[[OLD]], %[[A]] : !hlsl.ptr<i32>
// b = --i: the prefix form is an lvalue, read again after the decrement
// CHECK-NEXT: %[[OLD2:.*]] = hlsl.load %[[I]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[ONE2:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[DEC:.*]] = arith.subi %[[OLD2]], %[[ONE2]] : i32
// CHECK-NEXT: hlsl.store %[[DEC]], %[[I]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[NEW:.*]] = hlsl.load %[[I]] : !hlsl.ptr<i32>
// CHECK-NEXT: hlsl.store %[[NEW]], %[[B]] : !hlsl.ptr<i32>

// CHECK-LABEL: func.func private @swz(
// CHECK-DAG: %[[F:.*]] = hlsl.var "f" : !hlsl.ptr<f32>
// CHECK-DAG: %[[V:.*]] = hlsl.var "v" : !hlsl.ptr<vector<4xf32>>
// v.zy = float2(f, 2.0): element 0 goes to z (2), element 1 to y (1)
// CHECK: %[[FV:.*]] = hlsl.load %[[F]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[TWO:.*]] = arith.constant 2.000000e+00 : f32
// CHECK-NEXT: %[[RHS:.*]] = vector.from_elements %[[FV]], %[[TWO]] : vector<2xf32>
// CHECK-NEXT: %[[OLDV:.*]] = hlsl.load %[[V]] : !hlsl.ptr<vector<4xf32>>
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[RHS]][0] : f32 from vector<2xf32>
// CHECK-NEXT: %[[V1:.*]] = vector.insert %[[E0]], %[[OLDV]] [2] : f32 into vector<4xf32>
// CHECK-NEXT: %[[E1:.*]] = vector.extract %[[RHS]][1] : f32 from vector<2xf32>
// CHECK-NEXT: %[[V2:.*]] = vector.insert %[[E1]], %[[V1]] [1] : f32 into vector<4xf32>
// CHECK-NEXT: hlsl.store %[[V2]], %[[V]] : !hlsl.ptr<vector<4xf32>>
// v.x += 1 addresses component 0
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[ONEF:.*]] = arith.sitofp %[[ONE]] : i32 to f32
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[X:.*]] = hlsl.element_addr %[[V]][%[[C0]]] : !hlsl.ptr<vector<4xf32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: %[[XV:.*]] = hlsl.load %[[X]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[XS:.*]] = arith.addf %[[XV]], %[[ONEF]] : f32
// CHECK-NEXT: hlsl.store %[[XS]], %[[X]] : !hlsl.ptr<f32>
// v[2] = v.w
// CHECK-NEXT: %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT: %[[W:.*]] = hlsl.element_addr %[[V]][%[[C3]]] : !hlsl.ptr<vector<4xf32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: %[[WV:.*]] = hlsl.load %[[W]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[Z:.*]] = hlsl.element_addr %[[V]][%[[C2]]] : !hlsl.ptr<vector<4xf32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: hlsl.store %[[WV]], %[[Z]] : !hlsl.ptr<f32>
// v.wzyx + v.xxxx
// CHECK-NEXT: %[[L1:.*]] = hlsl.load %[[V]] : !hlsl.ptr<vector<4xf32>>
// CHECK-NEXT: %[[S1:.*]] = vector.shuffle %[[L1]], %[[L1]] [3, 2, 1, 0] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: %[[L2:.*]] = hlsl.load %[[V]] : !hlsl.ptr<vector<4xf32>>
// CHECK-NEXT: %[[S2:.*]] = vector.shuffle %[[L2]], %[[L2]] [0, 0, 0, 0] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT: %[[SUM:.*]] = arith.addf %[[S1]], %[[S2]] : vector<4xf32>
// CHECK-NEXT: return %[[SUM]] : vector<4xf32>

// CHECK-LABEL: func.func private @access(
// CHECK-DAG: %[[A:.*]] = hlsl.var "a" : !hlsl.ptr<!hlsl.array<3 x f32>>
// CHECK-DAG: %[[U:.*]] = hlsl.var "u" : !hlsl.ptr<i32>
// CHECK-DAG: %[[M:.*]] = hlsl.var "m" : !hlsl.ptr<!hlsl.matrix<2x2xf32>>
// a[u] = a[1] * 2: the right side first, then the dynamic element address
// CHECK: hlsl.store %{{.*}}, %[[A]] : !hlsl.ptr<!hlsl.array<3 x f32>>
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[A1:.*]] = hlsl.element_addr %[[A]][%[[C1]]] : !hlsl.ptr<!hlsl.array<3 x f32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: %[[A1V:.*]] = hlsl.load %[[A1]] : !hlsl.ptr<f32>
// CHECK: %[[PROD:.*]] = arith.mulf %[[A1V]], %{{.*}} : f32
// CHECK-NEXT: %[[UV:.*]] = hlsl.load %[[U]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[AU:.*]] = hlsl.element_addr %[[A]][%[[UV]]] : !hlsl.ptr<!hlsl.array<3 x f32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: hlsl.store %[[PROD]], %[[AU]] : !hlsl.ptr<f32>
// m[1][0] = m[0][1]: row address, then column address
// CHECK-NEXT: %[[R0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[C1B:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[ROW0:.*]] = hlsl.element_addr %[[M]][%[[R0]]] : !hlsl.ptr<!hlsl.matrix<2x2xf32>>, i32 -> !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: %[[M01:.*]] = hlsl.element_addr %[[ROW0]][%[[C1B]]] : !hlsl.ptr<vector<2xf32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: %[[M01V:.*]] = hlsl.load %[[M01]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[ROW1:.*]] = hlsl.element_addr %[[M]][%[[R1]]] : !hlsl.ptr<!hlsl.matrix<2x2xf32>>, i32 -> !hlsl.ptr<vector<2xf32>>
// CHECK-NEXT: %[[M10:.*]] = hlsl.element_addr %[[ROW1]][%[[C0]]] : !hlsl.ptr<vector<2xf32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: hlsl.store %[[M01V]], %[[M10]] : !hlsl.ptr<f32>
