// RUN: not hlsl-translate --import-hlsl %s -HV 202x -T ps_6_6 -E main 2>&1 | FileCheck %s --implicit-check-not=error:
// `auto` cannot deduce a type from ResourceDescriptorHeap or
// SamplerDescriptorHeap, or from their elements (which become the resource
// they initialize): DXC's error at each declaration. (They were accepted as
// variables of the prelude's heap types.)

float4 main(float4 pos : SV_Position) : SV_Target {
  // CHECK: error-auto-descriptor-heap.hlsl:[[@LINE+1]]:8: error: 'auto' cannot deduce the type of 'ResourceDescriptorHeap'; use a specific resource or sampler type instead
  auto tex = ResourceDescriptorHeap[0];
  // CHECK: error-auto-descriptor-heap.hlsl:[[@LINE+1]]:8: error: 'auto' cannot deduce the type of 'SamplerDescriptorHeap'; use a specific resource or sampler type instead
  auto samp = (SamplerDescriptorHeap[0]);
  // CHECK: error-auto-descriptor-heap.hlsl:[[@LINE+1]]:8: error: 'auto' cannot deduce the type of 'ResourceDescriptorHeap'; use a specific resource or sampler type instead
  auto heap = ResourceDescriptorHeap;
  Texture2D<float4> tex2 = ResourceDescriptorHeap[1];
  auto sampled = tex2.Sample((SamplerState)SamplerDescriptorHeap[0], pos.xy);
  return sampled;
}
