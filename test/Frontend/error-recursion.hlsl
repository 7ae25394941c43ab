// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Recursion, direct or through other functions, is an error at the call
// that closes the cycle.

// CHECK: error-recursion.hlsl:[[@LINE+1]]:43: error: recursive call to 'fact': recursion is not allowed in HLSL
int fact(int n) { return n <= 1 ? 1 : n * fact(n - 1); }

int odd(int n);
int even(int n) { return n == 0 ? 1 : odd(n - 1); }
// CHECK: error-recursion.hlsl:[[@LINE+1]]:38: error: recursive call to 'even': recursion is not allowed in HLSL
int odd(int n) { return n == 0 ? 0 : even(n - 1); }

RWStructuredBuffer<int> Out;

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = fact(id.x) + even(id.y);
}
