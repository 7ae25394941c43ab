// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main -enable-16bit-types | FileCheck %s
// Binary operators: the operation follows the operand type, including
// signedness (divsi/divui, remsi/remui, cmpi slt/ult, shrsi/shrui). Shift
// amounts are masked to the bit width (DXIL semantics). Floating-point
// comparisons are ordered except `!=` (une). `int < uint` compares unsigned.
// The operand order is kept (a op b).

RWStructuredBuffer<int> Out;
int sdiv(int a, int b) { return a / b; }
uint udiv(uint a, uint b) { return a / b; }
int srem(int a, int b) { return a % b; }
uint urem(uint a, uint b) { return a % b; }
float fdiv(float a, float b) { return a / b; }
float frem(float a, float b) { return a % b; }
int isub(int a, int b) { return a - b; }
float fmul(float a, float b) { return a * b; }
int band(int a, int b) { return a & b; }
uint bor(uint a, uint b) { return a | b; }
int bxor(int a, int b) { return a ^ b; }
int shl(int a, int b) { return a << b; }
int sshr(int a, int b) { return a >> b; }
uint ushr(uint a, uint b) { return a >> b; }
int64_t shl64(int64_t a, int64_t b) { return a << b; }
bool slt(int a, int b) { return a < b; }
bool ult(uint a, uint b) { return a < b; }
bool sle(int a, int b) { return a <= b; }
bool uge(uint a, uint b) { return a >= b; }
bool sgt(int a, int b) { return a > b; }
bool ieq(int a, int b) { return a == b; }
bool ine(uint a, uint b) { return a != b; }
bool fle(float a, float b) { return a <= b; }
bool fne(float a, float b) { return a != b; }
bool feq(double a, double b) { return a == b; }
bool mixed(int a, uint b) { return a < b; }
int3 vdiv(int3 a, int3 b) { return a / b; }
bool3 vcmp(uint3 a, uint3 b) { return a > b; }
uint64_t udiv64(uint64_t a, uint64_t b) { return a / b; }

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  int a = Out[0], b = Out[1];
  uint ua = id.x, ub = id.y;
  Out[2] = sdiv(a, b) + udiv(ua, ub) + srem(a, b) + urem(ua, ub) + fdiv(a, b) + frem(a, b) + isub(a, b) + fmul(a, b) + band(a, b) + bor(ua, ub) + bxor(a, b) + shl(a, b) + sshr(a, b) + ushr(ua, ub) + shl64(a, b) + slt(a, b) + ult(ua, ub) + sle(a, b) + uge(ua, ub) + sgt(a, b) + ieq(a, b) + ine(ua, ub) + fle(a, b) + fne(a, b) + feq(a, b) + mixed(a, ub) + vdiv(a, b).x + vcmp(ua, ub).y + udiv64(ua, ub);
}

// CHECK-LABEL: func.func private @sdiv(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.divsi %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @udiv(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.divui %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @srem(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.remsi %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @urem(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.remui %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @fdiv(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.divf %[[A]], %[[B]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @frem(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.remf %[[A]], %[[B]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @isub(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.subi %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @fmul(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.mulf %[[A]], %[[B]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @band(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.andi %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @bor(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.ori %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @bxor(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.xori %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @shl(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[M:.*]] = arith.constant 31 : i32
// CHECK-NEXT: %[[S:.*]] = arith.andi %[[B]], %[[M]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.shli %[[A]], %[[S]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @sshr(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[M:.*]] = arith.constant 31 : i32
// CHECK-NEXT: %[[S:.*]] = arith.andi %[[B]], %[[M]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.shrsi %[[A]], %[[S]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @ushr(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[M:.*]] = arith.constant 31 : i32
// CHECK-NEXT: %[[S:.*]] = arith.andi %[[B]], %[[M]] : i32
// CHECK-NEXT: %[[R:.*]] = arith.shrui %[[A]], %[[S]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @shl64(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i64>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i64>
// CHECK-NEXT: %[[M:.*]] = arith.constant 63 : i64
// CHECK-NEXT: %[[S:.*]] = arith.andi %[[B]], %[[M]] : i64
// CHECK-NEXT: %[[R:.*]] = arith.shli %[[A]], %[[S]] : i64
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @slt(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi slt, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @ult(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi ult, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @sle(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi sle, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @uge(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi uge, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @sgt(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi sgt, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @ieq(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi eq, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @ine(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi ne, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @fle(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpf ole, %[[A]], %[[B]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @fne(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<f32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpf une, %[[A]], %[[B]] : f32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @feq(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<f64>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<f64>
// CHECK-NEXT: %[[R:.*]] = arith.cmpf oeq, %[[A]], %[[B]] : f64
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @mixed(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi ult, %[[A]], %[[B]] : i32
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @vdiv(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<vector<3xi32>>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<vector<3xi32>>
// CHECK-NEXT: %[[R:.*]] = arith.divsi %[[A]], %[[B]] : vector<3xi32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @vcmp(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<vector<3xi32>>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<vector<3xi32>>
// CHECK-NEXT: %[[R:.*]] = arith.cmpi ugt, %[[A]], %[[B]] : vector<3xi32>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @udiv64(
// CHECK-DAG: %[[VB:.*]] = hlsl.var "b"
// CHECK-DAG: %[[VA:.*]] = hlsl.var "a"
// CHECK: %[[A:.*]] = hlsl.load %[[VA]] : !hlsl.ptr<i64>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[VB]] : !hlsl.ptr<i64>
// CHECK-NEXT: %[[R:.*]] = arith.divui %[[A]], %[[B]] : i64
// CHECK-NEXT: return %[[R]]
