// RUN: env ASAN_OPTIONS=handle_segv=0:allow_user_poisoning=0:detect_leaks=0 hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// RUN: env ASAN_OPTIONS=handle_segv=0:allow_user_poisoning=0:detect_leaks=0 hlsl-translate --to-dxil %s -T cs_6_6 -E main -Fo %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: hlsl-translate --dxil-dis %t.dxil | FileCheck %s --check-prefix=STORE
// RUN: %if dxc %{ %dxc -T cs_6_6 -E main %s -Fo %t.dxc.dxil > /dev/null && %python %hlsl_src_root/scripts/compare-with-dxc --build %hlsl_obj_root %t.dxil %t.dxc.dxil | FileCheck %s --check-prefix=SAME %}
// (ASAN_OPTIONS: the first parse crashes in Clang, see
// clang-sema-crash.hlsl.)
// A cast of a scalar to a class template specialization that nothing has
// instantiated yet, `(W<float>)0`, crashes Clang 22 in
// SemaHLSL::CanPerformAggregateSplatCast (called from
// Sema::BuildCStyleCastExpr): the shader is parsed again with the type
// named through the prelude's `__hlsl_complete<W<float> >::type`, which
// instantiates it (it compiled only once `W<float> w;` appeared first).
// Several such casts, one with two template arguments, one an argument
// (the store is 0 + 3 * 10 + 7 * 100).

template<typename T> struct W { T v; };
template<typename T, int N> struct P { T a[N]; T b; };
RWStructuredBuffer<float> Out : register(u0);
int Get(W<int> x) { return x.v; }

[numthreads(1,1,1)]
void main() {
  W<float> w = (W<float>)0;
  P<float, 2> p = (P<float, 2>)3;
  Out[0] = w.v + p.a[1] * 10 + Get((W<int>)7) * 100;
}
// CHECK: func.func @main(
// STORE: float 7.300000e+02
// SAME: identical
