// RUN: not hlsl-translate --import-hlsl %s -T ps_6_0 -E main -HV 2021 2>&1 | FileCheck %s --implicit-check-not=error:
// C++ declarations HLSL does not have, which Clang 22 accepts: a typedef
// inside a struct (a type alias is allowed, as in DXC) and a variadic
// template (type, non-type and template parameter packs). DXC's errors at
// DXC's places: the typedef keyword and the ellipsis.

struct V {
  float x;
  // CHECK: error-cxx-only-declarations.hlsl:[[#@LINE+1]]:3: error: nested typedefs are not supported in HLSL
  typedef float T;
  using U = float;
};

// CHECK: error-cxx-only-declarations.hlsl:[[#@LINE+1]]:19: error: variadic templates are not supported in HLSL
template <typename... A> int count(A... a) { return 0; }
// CHECK: error-cxx-only-declarations.hlsl:[[#@LINE+1]]:14: error: variadic templates are not supported in HLSL
template <int... N> struct Ints {};

template <typename T> T first(T t) { return t; }

float main() : SV_Target {
  V v;
  v.x = 1;
  return first(v.x);
}
