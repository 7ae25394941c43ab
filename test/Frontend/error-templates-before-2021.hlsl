// RUN: not hlsl-translate --import-hlsl %s -HV 2018 -T ps_6_0 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: hlsl-translate --import-hlsl %s -HV 2021 -T ps_6_0 -E main | FileCheck %s --check-prefix=OK
// Templates came with HLSL 2021: before it, `template` is DXC's reserved
// keyword (Clang 22 takes templates in every version).
// OK: func.func @main

// CHECK: error-templates-before-2021.hlsl:[[@LINE+1]]:1: error: 'template' is a reserved keyword in HLSL
template <typename T> T f(T a) { return a + 1; }

// CHECK: error-templates-before-2021.hlsl:[[@LINE+1]]:1: error: 'template' is a reserved keyword in HLSL
template <typename T> struct Box { T v; };

int main(int a : A) : SV_Target {
  Box<int> b;
  b.v = a;
  return f(b.v);
}
