// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// BUG: a cast of 0 to a class template specialization that nothing has
// instantiated yet, `(W<float>)0`, crashes Clang 22 in
// SemaHLSL::CanPerformAggregateSplatCast (called from
// Sema::BuildCStyleCastExpr); the importer now survives it with "error:
// Clang crashed while parsing this file". The program is valid (it compiles
// once `W<float> w;` appears first): expected to compile, e.g. by completing
// the type before the cast.
// XFAIL: *

template<typename T> struct W { T v; };
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1,1,1)]
void main() {
  W<float> w = (W<float>)0;
  Out[0] = w.v;
}
// CHECK: func.func @main(
