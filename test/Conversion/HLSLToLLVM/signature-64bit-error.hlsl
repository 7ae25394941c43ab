// RUN: not hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil 2>&1 | FileCheck %s
// RUN: not hlsl-translate --to-dxil %s -T vs_6_6 -E vs_main -o %t.dxil 2>&1 | FileCheck %s --check-prefix=VS
// RUN: not test -e %t.dxil
// Signatures hold 16- and 32-bit components: a double or a 64-bit integer
// input or output is an error, as in DXC ("double(type for D) cannot be
// used as shader inputs or outputs"), not a loadInput.f64 the validator
// rejects.
// CHECK: signature-64bit-error.hlsl:[[@LINE+1]]:8: error: 'D' has the 64-bit type 'f64', which cannot be a shader input or output
float4 main(double d : D) : SV_Target { return float4(float(d), 0, 0, 1); }

// VS: signature-64bit-error.hlsl:[[@LINE+1]]:10: error: 'COUNT' has the 64-bit type 'i64', which cannot be a shader input or output
uint64_t vs_main(float4 p : POSITION) : COUNT { return 1; }
