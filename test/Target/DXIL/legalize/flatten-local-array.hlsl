// RUN: hlsl-translate --to-llvmir %s -T cs_6_6 -E main | FileCheck %s
// A dynamically indexed local array of vectors stays in memory (an alloca)
// and is flattened like globals: [8 x float] with i32 element indices.
RWStructuredBuffer<float> Out;

// CHECK-LABEL: define void @main()
// CHECK: %[[A:.*]] = alloca [8 x float]
// CHECK-NOT: getelementptr {{.*}}<2 x float>
// CHECK-NOT: getelementptr {{.*}}i8,
// CHECK: getelementptr inbounds [8 x float], ptr %[[A]], i32 0, i32 %{{.*}}
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float2 a[4];
  for (uint i = 0; i < 4; ++i)
    a[i] = float2(Out[i], Out[i + 4]);
  float2 v = a[id.x & 3];
  Out[id.x] = v.x + v.y;
}
