// RUN: hlsl-translate --to-llvmir %s -T ps_6_0 -E main | FileCheck %s
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -o %t.dxil -Fc %t.txt
// RUN: %if dxv %{ %dxv %t.dxil %}
// RUN: FileCheck %s --check-prefix=FLAGS < %t.txt
// RUN: hlsl-translate --to-dxil %s -T ps_6_0 -E main -Od -o %t.od.dxil
// RUN: %if dxv %{ %dxv %t.od.dxil %}
// The `out uint status` of texture loads, samples and gathers receives, as
// DXC writes it, CheckAccessFullyMapped of the operation's status word
// (it was dropped: status stayed undefined); CheckAccessFullyMapped(status)
// then reads that bit. The shader needs the TiledResources feature.
// CHECK: %[[LOAD:.*]] = tail call %dx.types.ResRet.f32 @dx.op.textureLoad.f32(
// CHECK: %[[S1:.*]] = extractvalue %dx.types.ResRet.f32 %[[LOAD]], 4
// CHECK: call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %[[S1]])
// CHECK: %[[SAMPLE:.*]] = tail call %dx.types.ResRet.f32 @dx.op.sample.f32(
// CHECK: %[[S2:.*]] = extractvalue %dx.types.ResRet.f32 %[[SAMPLE]], 4
// CHECK: call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %[[S2]])
// CHECK: %[[GATHER:.*]] = tail call %dx.types.ResRet.f32 @dx.op.textureGather.f32(
// CHECK: %[[S3:.*]] = extractvalue %dx.types.ResRet.f32 %[[GATHER]], 4
// CHECK: call i1 @dx.op.checkAccessFullyMapped.i32(i32 71, i32 %[[S3]])
// FLAGS: TiledResources
Texture2D<float4> T : register(t0);
SamplerState S : register(s0);

float4 main(float2 uv : UV, int3 at : AT) : SV_Target {
  uint status;
  float4 r = T.Load(at, int2(0, 0), status);
  if (!CheckAccessFullyMapped(status))
    r = 0;
  uint sampled;
  r += T.Sample(S, uv, int2(1, 1), 0.5, sampled) * CheckAccessFullyMapped(sampled);
  uint gathered;
  r += T.Gather(S, uv, int2(0, 0), gathered) * gathered;
  return r;
}
