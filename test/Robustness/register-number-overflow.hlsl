// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Register numbers and spaces are 32-bit: one past UINT_MAX (and far past
// it) is an error at the register, not a wrap-around to u0. An array whose
// last register would be past UINT_MAX is an error too.

// CHECK: register-number-overflow.hlsl:[[@LINE+1]]:30: error: register number should not exceed 4294967295
RWBuffer<float> A : register(u4294967296);
// CHECK: register-number-overflow.hlsl:[[@LINE+1]]:30: error: register number should not exceed 4294967295
RWBuffer<float> B : register(u99999999999999999999999);
// CHECK: register-number-overflow.hlsl:[[@LINE+1]]:34: error: invalid space specifier 'space4294967296' used; expected 'space' followed by an integer, like space1
RWBuffer<float> C : register(u0, space4294967296);
// CHECK: register-number-overflow.hlsl:[[@LINE+1]]:33: error: register number should not exceed 4294967295
RWBuffer<float> D[4] : register(u4294967294);
// CHECK: register-number-overflow.hlsl:[[@LINE+1]]:34: error: register number should not exceed 4294967295
RWBuffer<float> E[16] : register(u4294967290);

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  A[0] = 1; B[0] = 1; C[0] = 1; D[id.x][0] = 1; E[id.x][0] = 1;
}
// CHECK: 5 errors generated.
