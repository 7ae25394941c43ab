// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error:
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: %if dxc %{ %dxc -T ps_6_0 -E main %s -Fo %t-dxc.dxil 2>&1 | FileCheck %s --implicit-check-not=warning: --implicit-check-not=error: %}
// An initializer of a $Globals constant is not the value the shader reads
// (the application fills the buffer): DXC warns, and so do we, in its
// words, at the name (was: ignored without a word). Members of explicit
// constant buffers and statics are not warned about, as in DXC.

const float k = 2;
float4 tint = float4(1, 1, 1, 1);
cbuffer C { float a = 3; };
uniform float u = 4;
static float s = 5;
namespace N { float n = 6; }
float4 main() : SV_Target { return tint * k * a * u * s * N::n; }

// CHECK: globals-initializer-warning.hlsl:9:13: warning: Initializer of external global will be ignored
// CHECK: globals-initializer-warning.hlsl:10:8: warning: Initializer of external global will be ignored
// CHECK: globals-initializer-warning.hlsl:12:15: warning: Initializer of external global will be ignored
// CHECK: globals-initializer-warning.hlsl:14:21: warning: Initializer of external global will be ignored
