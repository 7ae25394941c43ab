// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -Fo %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: hlsl-translate --dxil-dis %t.dxil | FileCheck %s --check-prefix=DIS
// Arrays in memory are flat arrays of one scalar type, addressed as
// `getelementptr [N x T], ptr, i32 0, i32 index` (what DXIL requires), not
// the nested, vector, i8 or i64 GEP chains LLVM's optimizer leaves. A static
// const array of vectors built with constructors used to fail to import
// ("ops with side effects not allowed in global initializers").

// CHECK-DAG: @Offsets = internal unnamed_addr constant [4 x float] [float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00]
// CHECK-DAG: @Tile = internal unnamed_addr addrspace(3) global [64 x float] undef
static const float2 Offsets[2] = { float2(1, 2), float2(3, 4) };
groupshared float Tile[8][8];
RWStructuredBuffer<float> Out;

// CHECK-LABEL: define void @main()
// CHECK-NOT: getelementptr {{.*}}i8,
// CHECK-NOT: getelementptr {{.*}}<2 x float>
// CHECK-NOT: getelementptr {{.*}}[8 x float]
// CHECK-NOT: getelementptr {{.*}}i64
// CHECK: getelementptr inbounds [64 x float], ptr addrspace(3) @Tile, i32 0, i32 %{{.*}}
// CHECK: getelementptr inbounds [4 x float], ptr @Offsets, i32 0, i32 %{{.*}}
// CHECK-NOT: getelementptr {{.*}}i8,
// CHECK: ret void
// DIS: @Offsets = internal unnamed_addr constant [4 x float]
// DIS: @Tile = internal unnamed_addr addrspace(3) global [64 x float] undef
[numthreads(8, 8, 1)]
void main(uint3 gt : SV_GroupThreadID, uint3 id : SV_DispatchThreadID) {
  Tile[gt.y][gt.x] = Out[id.x];
  GroupMemoryBarrierWithGroupSync();
  float2 o = Offsets[id.y & 1];
  Out[id.x] = Tile[gt.x][gt.y] * o.x + Tile[(gt.x + 1) & 7][gt.y] * o.y;
}
