// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | hlsl-translate --verify-dxil-ir | FileCheck %s --check-prefix=LEGAL
// A compute kernel with SV_DispatchThreadID, a structured buffer, a
// groupshared array with a barrier and atomics.

struct Item { float value; uint key; };
StructuredBuffer<Item> Input : register(t0);
RWStructuredBuffer<uint> Counts : register(u0);
RWByteAddressBuffer Total : register(u1);

groupshared uint Bins[64];

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  Bins[gi] = 0;
  GroupMemoryBarrierWithGroupSync();
  Item item = Input[dtid.x];
  InterlockedAdd(Bins[item.key % 64], 1);
  GroupMemoryBarrierWithGroupSync();
  InterlockedMax(Counts[gi], Bins[gi]);
  Total.InterlockedAdd(0, Bins[gi]);
}

// CHECK: @Bins = internal addrspace(3) global [64 x i32] undef
// CHECK-DAG: call i32 @dx.op.threadId.i32(i32 93, i32 0)
// CHECK-DAG: call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
// Barrier mode 9 = SyncThreadGroup | TGSMFence.
// CHECK-DAG: call void @dx.op.barrier(i32 80, i32 9)
// The struct element is read field by field: key at byte 4; value (at 0)
// is never used and its load is gone (loads return, so they are dead code
// when unused).
// CHECK-NOT: @dx.op.rawBufferLoad.f32(
// CHECK-DAG: call %dx.types.ResRet.i32 @dx.op.rawBufferLoad.i32(i32 139, %dx.types.Handle %{{.*}}, i32 %{{.*}}, i32 4, i8 1, i32 4)
// CHECK-DAG: atomicrmw add ptr addrspace(3) %{{.*}}, i32 1 seq_cst
// Unsigned max on a structured buffer element: AtomicBinOp UMax (7).
// CHECK-DAG: call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %{{.*}}, i32 7, i32 %{{.*}}, i32 0, i32 undef, i32 %{{.*}})
// Byte-address add at byte 0: AtomicBinOp Add (0).
// CHECK-DAG: call i32 @dx.op.atomicBinOp.i32(i32 78, %dx.types.Handle %{{.*}}, i32 0, i32 0, i32 undef, i32 undef, i32 %{{.*}})
// Structured SRV with stride 8: kind 12, component word = stride.
// CHECK-DAG: %dx.types.ResourceProperties { i32 12, i32 8 }
// CHECK-DAG: %dx.types.ResourceProperties { i32 4108, i32 4 }
// CHECK-DAG: %dx.types.ResourceProperties { i32 4107, i32 0 }
// CHECK-DAG: declare void @dx.op.barrier(i32, i32) local_unnamed_addr #[[BARRIER:[0-9]+]]
// CHECK-DAG: attributes #[[BARRIER]] = { noduplicate nounwind }
// CHECK: !dx.entryPoints = !{![[ENTRY:[0-9]+]]}
// CHECK: ![[ENTRY]] = !{ptr @main, !"main", null, ![[RES:[0-9]+]], ![[PROPS:[0-9]+]]}
// Flags 16: raw and structured buffers; tag 4: numthreads.
// CHECK: ![[PROPS]] = !{i32 0, i64 16, i32 4, ![[THREADS:[0-9]+]]}
// CHECK: ![[THREADS]] = !{i32 64, i32 1, i32 1}
// LEGAL: ok
