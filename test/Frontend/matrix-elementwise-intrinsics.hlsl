// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// Elementwise intrinsics on matrices take their operands' flat row-major
// vectors and rebuild the matrix from the flat result (they used to be
// refused as "not supported yet: intrinsic '...' on matrix operands").
RWStructuredBuffer<float> Out;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float3x3 m = (float3x3)(float)id.x;
  // CHECK: %[[M:.*]] = hlsl.matrix_cast %{{.*}} : !hlsl.matrix<3x3xf32> -> vector<9xf32>
  // CHECK-NEXT: %[[S:.*]] = math.sin %[[M]] : vector<9xf32>
  // CHECK-NEXT: hlsl.matrix_cast %[[S]] : vector<9xf32> -> !hlsl.matrix<3x3xf32>
  float3x3 s = sin(m);
  // CHECK: arith.maxnumf %{{.*}}, %{{.*}} : vector<9xf32>
  float3x3 mx = max(m, (float3x3)1);
  // CHECK: %[[N:.*]] = math.isnan %{{.*}} : vector<9xf32>
  // CHECK-NEXT: hlsl.matrix_cast %[[N]] : vector<9xi1> -> !hlsl.matrix<3x3xi1>
  bool3x3 n = isnan(m);
  // CHECK: arith.select %{{.*}}, %{{.*}}, %{{.*}} : vector<9xf32>
  float3x3 c = select(id.y > 2, m, (float3x3)1);
  Out[0] = s[0][0] + mx[1][1] + n[2][2] + c[0][1];
}
