// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Seed 000: an unsized array cannot be converted to a sized array parameter.
// Clang rejects the call (it sees the unsized parameter as `float *`).

void SizedArray(float a[4]) {}
void UnsizedArray(float a[]) {
  // CHECK: error-unsized-to-sized.hlsl:[[@LINE+2]]:3: error: no matching function for call to 'SizedArray'
  // CHECK: error-unsized-to-sized.hlsl:[[@LINE-3]]:6: note: candidate function not viable: no known conversion from 'float *' to 'float[4]' for 1st argument
  SizedArray(a);
}

[numthreads(1,1,1)]
void main() {
  float arr[4] = {1, 2, 3, 4};
  UnsizedArray(arr);
}
