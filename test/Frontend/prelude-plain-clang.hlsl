// RUN: clang -cc1 -triple dxil-pc-shadermodel6.0-compute -x hlsl -std=hlsl202x -fsyntax-only -hlsl-entry main -include %hlsl_obj_root/lib/hlsl-mlir/include/hlsl_prelude.h %s
// RUN: hlsl-translate --to-dxil %s -T cs_6_0 -E main -o /dev/null
// The whole prelude also compiles with plain Clang (bench/compile-bench's
// reference columns use it): the min-precision `_BitInt`s, which only the
// import accepts on the DXIL target, are its alone (__HLSL_MLIR_IMPORT);
// plain Clang gets 32-bit typedefs.

RWStructuredBuffer<int> Out;

[numthreads(1, 1, 1)]
void main() {
  min16int a = 3;
  min16uint b = 4;
  Out[0] = abs(a) + countbits(b);
}
