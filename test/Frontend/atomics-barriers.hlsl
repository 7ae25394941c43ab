// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Interlocked* operate on their destination directly: the address of the
// groupshared variable or of the UAV element is the first operand (no
// out_arg temporary for it); the optional original value is an `out`
// temporary; `hlsl.signed` records the destination's signedness (it decides
// Min/Max). Barriers are operand-less intrinsics.

RWStructuredBuffer<uint> Buf;
RWByteAddressBuffer Raw;
groupshared uint gsCount;
groupshared int gsArr[8];

[numthreads(8,1,1)]
void main(uint gi : SV_GroupIndex) {
  uint orig;
  InterlockedAdd(gsCount, 1, orig);
  InterlockedAdd(Buf[5], gi);
  InterlockedMax(Buf[6], gi, orig);
  InterlockedMin(gsArr[gi], -1);
  InterlockedCompareExchange(Buf[7], 0u, gi, orig);
  GroupMemoryBarrierWithGroupSync();
  DeviceMemoryBarrier();
  AllMemoryBarrierWithGroupSync();
  GroupMemoryBarrier();
  Buf[gi] = orig;
}

// CHECK-LABEL: func.func @main(
// CHECK: %[[ORIG:.*]] = hlsl.var "orig" : !hlsl.ptr<i32>
// InterlockedAdd(gsCount, 1, orig)
// CHECK: %[[GS:.*]] = hlsl.global_addr @gsCount : !hlsl.ptr<i32, groupshared>
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[T0:.*]] = hlsl.out_arg out %[[ORIG]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
// CHECK-NEXT: hlsl.intrinsic "InterlockedAdd"(%[[GS]], %[[ONE]], %[[T0]]) {hlsl.signed = false} : (!hlsl.ptr<i32, groupshared>, i32, !hlsl.ptr<i32>) -> ()
// InterlockedAdd(Buf[5], gi): the UAV element address itself
// CHECK-NEXT: %[[B:.*]] = hlsl.resource_handle @Buf : !hlsl.res<RWStructuredBuffer, i32>
// CHECK-NEXT: %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT: %[[E5:.*]] = hlsl.resource_addr %[[B]][%[[C5]]] : !hlsl.res<RWStructuredBuffer, i32>, i32 -> !hlsl.ptr<i32, device>
// CHECK-NEXT: %[[GI:.*]] = hlsl.load
// CHECK-NEXT: hlsl.intrinsic "InterlockedAdd"(%[[E5]], %[[GI]]) {hlsl.signed = false} : (!hlsl.ptr<i32, device>, i32) -> ()
// InterlockedMax(Buf[6], gi, orig)
// CHECK-NEXT: %[[B6:.*]] = hlsl.resource_handle @Buf : !hlsl.res<RWStructuredBuffer, i32>
// CHECK-NEXT: %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT: %[[E6:.*]] = hlsl.resource_addr %[[B6]][%[[C6]]]
// CHECK-NEXT: %[[GI2:.*]] = hlsl.load
// CHECK-NEXT: %[[T1:.*]] = hlsl.out_arg out %[[ORIG]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
// CHECK-NEXT: hlsl.intrinsic "InterlockedMax"(%[[E6]], %[[GI2]], %[[T1]]) {hlsl.signed = false} : (!hlsl.ptr<i32, device>, i32, !hlsl.ptr<i32>) -> ()
// InterlockedMin(gsArr[gi], -1): a groupshared array element
// CHECK-NEXT: %[[GA:.*]] = hlsl.global_addr @gsArr : !hlsl.ptr<!hlsl.array<8 x i32>, groupshared>
// CHECK-NEXT: %[[GI3:.*]] = hlsl.load
// CHECK-NEXT: %[[GE:.*]] = hlsl.element_addr %[[GA]][%[[GI3]]] : !hlsl.ptr<!hlsl.array<8 x i32>, groupshared>, i32 -> !hlsl.ptr<i32, groupshared>
// CHECK: hlsl.intrinsic "InterlockedMin"(%[[GE]], %{{.*}}) {hlsl.signed = true} : (!hlsl.ptr<i32, groupshared>, i32) -> ()
// InterlockedCompareExchange(Buf[7], 0, gi, orig)
// CHECK: %[[E7:.*]] = hlsl.resource_addr %{{.*}}[%{{.*}}] : !hlsl.res<RWStructuredBuffer, i32>, i32 -> !hlsl.ptr<i32, device>
// CHECK-NEXT: %[[CMP:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[GI4:.*]] = hlsl.load
// CHECK-NEXT: %[[T2:.*]] = hlsl.out_arg out %[[ORIG]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
// CHECK-NEXT: hlsl.intrinsic "InterlockedCompareExchange"(%[[E7]], %[[CMP]], %[[GI4]], %[[T2]]) {hlsl.signed = false} : (!hlsl.ptr<i32, device>, i32, i32, !hlsl.ptr<i32>) -> ()
// CHECK-NEXT: hlsl.intrinsic "GroupMemoryBarrierWithGroupSync"() : () -> ()
// CHECK-NEXT: hlsl.intrinsic "DeviceMemoryBarrier"() : () -> ()
// CHECK-NEXT: hlsl.intrinsic "AllMemoryBarrierWithGroupSync"() : () -> ()
// CHECK-NEXT: hlsl.intrinsic "GroupMemoryBarrier"() : () -> ()
