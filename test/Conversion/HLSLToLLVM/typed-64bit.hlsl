// RUN: hlsl-translate --to-llvmir %s -T cs_6_0 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T cs_6_0 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// Typed resources of doubles and 64-bit integers hold each element as two
// 32-bit words (DXIL has no 64-bit typed overloads: the validator said
// "DXIL intrinsic overload must be valid" for bufferStore.f64): stores
// split the value and write all four components, repeating the element as
// DXC does (lo, hi, lo, hi); loads join the words again.
RWBuffer<double> D : register(u0);
RWTexture2D<uint64_t> L : register(u1);
RWStructuredBuffer<float> Out : register(u2);

[numthreads(4, 1, 1)]
void main(uint i : SV_GroupIndex) {
  D[i] = D[i + 1] * 2;
  L[uint2(i, 0)] = (uint64_t)i << 33;
  Out[i] = (float)L[uint2(i, 1)];
}

// CHECK: %[[D:.*]] = {{.*}}call %dx.types.ResRet.i32 @dx.op.bufferLoad.i32(i32 68,
// CHECK-DAG: %[[LO:.*]] = extractvalue %dx.types.ResRet.i32 %[[D]], 0
// CHECK-DAG: %[[HI:.*]] = extractvalue %dx.types.ResRet.i32 %[[D]], 1
// CHECK: call double @dx.op.makeDouble.f64(i32 101, i32 %[[LO]], i32 %[[HI]])
// CHECK: %[[S:.*]] = {{.*}}call %dx.types.splitdouble @dx.op.splitDouble.f64(i32 102,
// CHECK-DAG: %[[SLO:.*]] = extractvalue %dx.types.splitdouble %[[S]], 0
// CHECK-DAG: %[[SHI:.*]] = extractvalue %dx.types.splitdouble %[[S]], 1
// CHECK: call void @dx.op.bufferStore.i32(i32 69, %dx.types.Handle %{{.*}}, i32 %{{.*}}, i32 undef, i32 %[[SLO]], i32 %[[SHI]], i32 %[[SLO]], i32 %[[SHI]], i8 15)
// CHECK: call void @dx.op.textureStore.i32(i32 67, %dx.types.Handle %{{.*}}, i32 %{{.*}}, i32 0, i32 undef, i32 0, i32 %[[W:[0-9]+]], i32 0, i32 %[[W]], i8 15)
// CHECK-NOT: .f64(i32 6{{[789]}}
// CHECK-NOT: .i64(i32 6{{[6789]}}
