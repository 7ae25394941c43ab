// RUN: not hlsl-translate --import-hlsl %s -T cs_6_0 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// The prelude's min-precision types are `_BitInt`s, which Clang refuses on
// the DXIL target; the import accepts that in the prelude only. A shader
// that spells `_BitInt` gets Clang's error.

// CHECK: error-bitint-in-shader.hlsl:[[@LINE+1]]:9: error: _BitInt is not supported on this target
typedef _BitInt(8) byte;
RWStructuredBuffer<int> Out;
[numthreads(1, 1, 1)]
void main() {
  byte b = 3;
  Out[0] = b;
}
