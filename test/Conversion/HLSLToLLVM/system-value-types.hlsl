// RUN: not hlsl-translate --to-dxil %s -T cs_6_6 -E main -DGROUP_INDEX_VECTOR -o /dev/null 2>&1 | FileCheck %s --check-prefix=INDEX
// RUN: not hlsl-translate --to-dxil %s -T cs_6_6 -E main -DTHREAD_ID_64 -o /dev/null 2>&1 | FileCheck %s --check-prefix=WIDE
// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// RUN: hlsl-translate --to-llvmir %s -T cs_6_2 -E main -enable-16bit-types -DID_16 | FileCheck %s --check-prefix=NARROW
// A compute system value of a type DXIL cannot read is an error at the
// parameter (it used to be "LLVM Translation failed for operation:
// builtin.unrealized_conversion_cast").
RWStructuredBuffer<uint> O;
[numthreads(8, 1, 1)]
#if defined(GROUP_INDEX_VECTOR)
// INDEX: system-value-types.hlsl:[[@LINE+1]]:17: error: SV_GroupIndex must be a 16- or 32-bit integer, not 'vector<3xi32>'
void main(uint3 gi : SV_GroupIndex, uint3 t : SV_GroupThreadID) {
  O[gi.x] = t.x;
}
#elif defined(THREAD_ID_64)
// WIDE: system-value-types.hlsl:[[@LINE+1]]:21: error: SV_DispatchThreadID must be a vector of one to three 16- or 32-bit integers, not 'vector<2xi64>'
void main(uint64_t2 id : SV_DispatchThreadID) {
  O[0] = (uint)id.x;
}
#elif defined(ID_16)
// 16-bit IDs are the i32 ones truncated, as in DXC.
// NARROW: [[X:%[0-9]+]] = {{.*}}call i32 @dx.op.threadId.i32(i32 93, i32 0)
// NARROW: and i32 [[X]], 65535
void main(uint16_t3 id : SV_DispatchThreadID) {
  O[0] = id.x;
}
#else
// CHECK: call i32 @dx.op.flattenedThreadIdInGroup.i32(i32 96)
// CHECK: call i32 @dx.op.threadId.i32(i32 93, i32 0)
// CHECK: call i32 @dx.op.threadId.i32(i32 93, i32 1)
void main(uint gi : SV_GroupIndex, uint2 id : SV_DispatchThreadID) {
  O[gi] = id.x + id.y;
}
#endif
