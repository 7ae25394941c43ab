// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-llvmir %s -T cs_6_0 -E main | FileCheck %s --check-prefix=SM60
// RUN: hlsl-translate --to-dxil %s -T cs_6_0 -E main -o %t.dxil
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: hlsl-translate --dxil-dis %t.dxil | FileCheck %s --check-prefix=DIS
// An array of ConstantBuffer<T> is one CBV range: a handle per element
// (createHandleFromBinding with the register, or createHandle with range
// id and register), CBufferLoadLegacy of the rows of T's constant buffer
// layout, one CBV record whose size is T's (44 bytes: color row 0, the
// row_major 2x2 m in rows 1-2, flags at byte 40) and whose symbol is an
// array of ConstantBuffer<Light> (flattened for two dimensions).

struct Light { float4 color; row_major float2x2 m; uint flags; };
ConstantBuffer<Light> Grid[2][3];
ConstantBuffer<Light> Lights[4] : register(b7);
RWStructuredBuffer<float> Out : register(u0);

[numthreads(4,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = Lights[id.x].flags + Lights[2].m[1].y + Grid[1][id.y].color.z;
}

// CHECK-DAG: %[[I:.*]] = tail call i32 @dx.op.threadId.i32(i32 93, i32 0)
// CHECK-DAG: %[[IDX:.*]] = add i32 %[[I]], 7
// CHECK-DAG: %[[H0:.*]] = tail call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 7, i32 10, i32 0, i8 2 }, i32 %[[IDX]], i1 false)
// CHECK-DAG: %[[A0:.*]] = tail call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[H0]], %dx.types.ResourceProperties { i32 13, i32 44 })
// CHECK-DAG: %[[R0:.*]] = tail call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %[[A0]], i32 2)
// CHECK-DAG: extractvalue %dx.types.CBufRet.i32 %[[R0]], 2
// CHECK-DAG: %[[H1:.*]] = tail call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 7, i32 10, i32 0, i8 2 }, i32 9, i1 false)
// CHECK-DAG: %[[A1:.*]] = tail call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %[[H1]], %dx.types.ResourceProperties { i32 13, i32 44 })
// CHECK-DAG: %[[R1:.*]] = tail call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[A1]], i32 2)
// CHECK-DAG: extractvalue %dx.types.CBufRet.f32 %[[R1]], 1
// CHECK-DAG: @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 5, i32 0, i8 2 }, i32 %{{.*}}, i1 false)
// CHECK-DAG: !{i32 0, [6 x %hostlayout.Grid] undef, !"Grid", i32 0, i32 0, i32 6, i32 44, null}
// CHECK-DAG: !{i32 1, [4 x %hostlayout.Lights] undef, !"Lights", i32 0, i32 7, i32 4, i32 44, null}
// CHECK-DAG: %hostlayout.Grid = type { %hostlayout.struct.Light }
// CHECK-DAG: %hostlayout.Lights = type { %hostlayout.struct.Light }

// SM60-DAG: %[[I:.*]] = tail call i32 @dx.op.threadId.i32(i32 93, i32 0)
// SM60-DAG: %[[IDX:.*]] = add i32 %[[I]], 7
// SM60-DAG: %[[H0:.*]] = tail call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 1, i32 %[[IDX]], i1 false)
// SM60-DAG: tail call %dx.types.CBufRet.i32 @dx.op.cbufferLoadLegacy.i32(i32 59, %dx.types.Handle %[[H0]], i32 2)
// SM60-DAG: %[[H1:.*]] = tail call %dx.types.Handle @dx.op.createHandle(i32 57, i8 2, i32 1, i32 9, i1 false)
// SM60-DAG: tail call %dx.types.CBufRet.f32 @dx.op.cbufferLoadLegacy.f32(i32 59, %dx.types.Handle %[[H1]], i32 2)

// DIS-DAG: CBV, space 0, registers 0 to 5, kind CBuffer
// DIS-DAG: CBV, space 0, registers 7 to 10, kind CBuffer
