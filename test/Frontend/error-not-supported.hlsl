// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// RUN: not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>/dev/null | count 0
// Constructs Clang accepts but the importer does not handle are reported as
// "not supported yet: <what>" at their location (here labels and goto, which
// Clang accepts in HLSL and DXC does not).

RWStructuredBuffer<int> Out;

[numthreads(1,1,1)]
void main() {
  int i = 0;
// CHECK: error-not-supported.hlsl:[[@LINE+1]]:1: error: not supported yet: statement 'LabelStmt'
again:
  i++;
  // CHECK: error-not-supported.hlsl:[[@LINE+1]]:14: error: not supported yet: statement 'GotoStmt'
  if (i < 3) goto again;
  Out[0] = i;
}
