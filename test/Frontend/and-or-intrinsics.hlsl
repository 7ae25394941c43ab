// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): the HLSL 2021 intrinsics and() and or() (required instead of && and
// || on vectors, which Clang rejects) fail with "not supported yet:
// intrinsic 'and' with 2 operands".

RWStructuredBuffer<uint> Out;

bool2 vand(bool2 a, bool2 b) { return and(a, b); }
bool2 vor(bool2 a, bool2 b) { return or(a, b); }

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  bool2 a = bool2(id.x, id.y), b = bool2(id.y, id.z);
  Out[0] = vand(a, b).x + vor(a, b).y;
}

// CHECK-LABEL: func.func private @vand(
// CHECK: %[[A:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xi1>>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xi1>>
// CHECK-NEXT: %[[R:.*]] = arith.andi %[[A]], %[[B]] : vector<2xi1>
// CHECK-NEXT: return %[[R]]
// CHECK-LABEL: func.func private @vor(
// CHECK: %[[A:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xi1>>
// CHECK-NEXT: %[[B:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<vector<2xi1>>
// CHECK-NEXT: %[[R:.*]] = arith.ori %[[A]], %[[B]] : vector<2xi1>
// CHECK-NEXT: return %[[R]]
