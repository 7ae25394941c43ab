// RUN: hlsl-translate --to-llvmir %s -T ps_6_6 -E main | FileCheck %s
// WaveActiveAllEqual is WaveActiveAllEqual (115) per component (a bool of
// the operand's shape); QuadReadAcrossX/Y/Diagonal are
// QuadOp (123) with kind 0/1/2 and QuadReadLaneAt is QuadReadLaneAt (122),
// per component; bools go through i32 (QuadOp has no i1 overload).
float4 main(float4 p : SV_Position, uint id : ID) : SV_Target {
  bool2 eq2 = WaveActiveAllEqual(p.xy);
  bool eq = eq2.x && eq2.y;
  bool ieq = WaveActiveAllEqual(id);
  float x = QuadReadAcrossX(p.x);
  float2 y = QuadReadAcrossY(p.zw);
  uint d = QuadReadAcrossDiagonal(id);
  bool b = QuadReadAcrossX(p.x > 0);
  float l = QuadReadLaneAt(p.y, 3);
  return float4(x + y.x + y.y + d + l, eq, ieq, b);
}

// CHECK-DAG: %[[X:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 0, i32 undef)
// CHECK-DAG: %[[Y:.*]] = {{.*}}call float @dx.op.loadInput.f32(i32 4, i32 0, i32 0, i8 1, i32 undef)
// CHECK-DAG: %[[EX:.*]] = {{.*}}call i1 @dx.op.waveActiveAllEqual.f32(i32 115, float %[[X]])
// CHECK-DAG: %[[EY:.*]] = {{.*}}call i1 @dx.op.waveActiveAllEqual.f32(i32 115, float %[[Y]])
// CHECK-DAG: call i1 @dx.op.waveActiveAllEqual.i32(i32 115, i32 %{{.*}})
// CHECK-DAG: call float @dx.op.quadOp.f32(i32 123, float %[[X]], i8 0)
// CHECK-DAG: call float @dx.op.quadOp.f32(i32 123, float %{{.*}}, i8 1)
// CHECK-DAG: call i32 @dx.op.quadOp.i32(i32 123, i32 %{{.*}}, i8 2)
// CHECK-DAG: call i32 @dx.op.quadOp.i32(i32 123, i32 %{{.*}}, i8 0)
// CHECK-DAG: call float @dx.op.quadReadLaneAt.f32(i32 122, float %[[Y]], i32 3)

// RUN: echo 'float4 main(float4 p : SV_Position) : SV_Target { return QuadReadAcrossX(p.x); }' > %t.quad.hlsl
// RUN: hlsl-translate --to-llvmir %t.quad.hlsl -T ps_6_6 -E main | FileCheck %s --check-prefix=FLAGS
// Quad operations alone set the WaveOps shader flag (bit 19), as DXC counts
// them as wave operations.
// FLAGS: !{i32 0, i64 524288}
