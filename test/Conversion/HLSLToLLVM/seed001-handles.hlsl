// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-llvmir %s -T cs_6_0 -E main | FileCheck %s --check-prefix=SM60
// Seed 001: every element handle is created from the whole array's binding
// range with the absolute register as index.

RWBuffer<float> A[4] : register(u10);
RWBuffer<float> C[2][2][5] : register(u10, space1);
RWBuffer<float> D[] : register(u5, space2);
RWBuffer<float> E[][4] : register(u5, space3);
RWStructuredBuffer<float> Out : register(u0, space4);

[numthreads(4,1,1)]
void main(uint gi : SV_GroupIndex) {
  Out[0] = A[2][0];
  Out[1] = C[1][0][3][0];
  Out[2] = D[100][0];
  Out[3] = E[100][3][0];
  Out[5] = A[gi][0];
}

// CHECK-DAG: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 10, i32 13, i32 0, i8 1 }, i32 12, i1 false)
// CHECK-DAG: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 10, i32 29, i32 1, i8 1 }, i32 23, i1 false)
// CHECK-DAG: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 5, i32 -1, i32 2, i8 1 }, i32 105, i1 false)
// CHECK-DAG: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 5, i32 -1, i32 3, i8 1 }, i32 408, i1 false)
// A dynamic index adds the lower bound to the index.
// CHECK-DAG: %[[GI:.*]] = {{.*}}call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
// CHECK-DAG: %[[IDX:.*]] = add i32 %[[GI]], 10
// CHECK-DAG: call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 10, i32 13, i32 0, i8 1 }, i32 %[[IDX]], i1 false)
// Typed UAV of float: kind 10 (TypedBuffer) | UAV bit, component type F32 (9), 1 component.
// CHECK-DAG: call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %{{.*}}, %dx.types.ResourceProperties { i32 4106, i32 265 })
// CHECK-DAG: call %dx.types.ResRet.f32 @dx.op.bufferLoad.f32(i32 68, %dx.types.Handle %{{.*}}, i32 0, i32 undef)

// Before 6.6, createHandle names the range by its record id and takes the
// absolute register.
// SM60-DAG: call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 0, i32 12, i1 false)
// SM60-DAG: call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 1, i32 23, i1 false)
// SM60-DAG: call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 2, i32 105, i1 false)
// SM60-DAG: call %dx.types.Handle @dx.op.createHandle(i32 57, i8 1, i32 3, i32 408, i1 false)
// SM60-NOT: createHandleFromBinding
// SM60: !dx.version = !{![[V:[0-9]+]]}
// SM60: !dx.shaderModel = !{![[SM:[0-9]+]]}
// SM60: ![[V]] = !{i32 1, i32 0}
// SM60: ![[SM]] = !{!"cs", i32 6, i32 0}
