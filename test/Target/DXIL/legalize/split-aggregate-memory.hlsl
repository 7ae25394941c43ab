// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main -Od | FileCheck %s --check-prefix=OD
// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main -O0 | FileCheck %s --check-prefix=OD
// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s --check-prefix=O3
// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -Od -Fo %t.od.dxil
// RUN: %if dxv %{ %dxv %t.od.dxil %}
// RUN: hlsl-translate --to-dxil %s -T cs_6_6 -E main -Fo %t.o3.dxil
// RUN: %if dxv %{ %dxv %t.o3.dxil %}
// Whole-array and whole-struct assignments are stored element by element
// (DXIL has no aggregate loads or stores; at -Od and -O0 nothing else split
// them and compiling failed with "an access of another type than the
// array's elements"). Large zero fills and copies are loops: a local
// `float big[256] = (float[256])0` is one store in a loop, not 256 stores.

RWStructuredBuffer<float> Out : register(u0);
struct S { float a; int b[2]; };

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  float a[4] = {1, 2, 3, 4};
  S s = (S)0;
  s.b[id.x] = 3;
  a[id.x] = 5;
  float big[256] = (float[256])0;
  big[id.z] = a[id.y];
  float copy[256] = big;
  Out[0] = a[id.y] + s.b[id.y] + copy[id.x];
}

// OD-LABEL: define void @main()
// OD-NOT: store [
// OD-NOT: load [
// OD-NOT: store {
// OD: store float 1.000000e+00, ptr %{{[0-9]+}}, align 4
// OD: store float 2.000000e+00, ptr %{{[0-9]+}}, align 4
// OD: store float 3.000000e+00, ptr %{{[0-9]+}}, align 4
// OD: store float 4.000000e+00, ptr %{{[0-9]+}}, align 4
// OD: store float 0.000000e+00
// OD: store i32 0
// OD: store i32 0
// The zero fill of big[256]:
// OD: [[FILL:fill[0-9.]*]]:
// OD-NEXT: %[[I:[0-9]+]] = phi i32 [ 0, %{{.*}} ], [ %[[NEXT:[0-9]+]], %[[FILL]] ]
// OD: store float 0.000000e+00, ptr %{{[0-9]+}}, align 4
// OD-NEXT: %[[NEXT]] = add nuw nsw i32 %[[I]], 1
// OD-NEXT: %{{[0-9]+}} = icmp eq i32 %[[NEXT]], 256
// The copy into copy[256]: a load and a store per iteration.
// OD: [[COPY:fill[0-9.]*]]:
// OD: %[[V:[0-9]+]] = load float, ptr %{{[0-9]+}}, align 4
// OD: store float %[[V]], ptr %{{[0-9]+}}, align 4
// OD: icmp eq i32 %{{[0-9]+}}, 256
// OD: ret void

// O3-LABEL: define void @main()
// O3-NOT: store [
// O3-NOT: load [
// O3: ret void
