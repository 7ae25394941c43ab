// RUN: hlsl-translate --to-dxil %s -T cs_6_0 -E main -o %t.dxil 2>&1 | FileCheck %s --implicit-check-not=error: --implicit-check-not=note: --implicit-check-not='$a'
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: not hlsl-translate --to-dxil %s -T cs_6_0 -E main -WX -o %t-wx.dxil 2>&1 | FileCheck %s --check-prefix=WX
// A statement attribute before a declaration ([branch] int x = ...;) is
// ignored with a warning at the attribute, as DXC does; Clang 22 refuses it
// ("'branch' attribute cannot be applied to a declaration"). The next
// statement keeps its own attributes. A loop attribute on another statement
// ([loop] if, [unroll] { }) is ignored the same way (Clang: "'loop'
// attribute only applies to 'for', 'while', and 'do' statements").
// The warning is shown at the attribute alone (not as the macro expansion
// the rewrite made of it), and -WX makes it an error, as in DXC.

RWStructuredBuffer<int> Out : register(u0);

[numthreads(4, 1, 1)]
void main(uint3 tid : SV_GroupThreadID) {
  [branch]
    int x = Out[tid.x];
  [unroll(2)] int y = 3;
  [branch] if (x > 0)
    Out[0] = x + y;
  [loop] if (x > 1)
    Out[1] = x;
  [unroll] { Out[2] = y; }
}

// CHECK: attribute-on-declaration.hlsl:17:3: warning: attribute 'branch' applies to statements, not to declarations: ignored
// CHECK: attribute-on-declaration.hlsl:19:3: warning: attribute 'unroll' applies to statements, not to declarations: ignored
// CHECK: attribute-on-declaration.hlsl:22:3: warning: attribute 'loop' applies to loops only: ignored
// CHECK: attribute-on-declaration.hlsl:24:3: warning: attribute 'unroll' applies to loops only: ignored

// WX: attribute-on-declaration.hlsl:17:3: error: attribute 'branch' applies to statements, not to declarations: ignored
// WX: 4 errors generated.
