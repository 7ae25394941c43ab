// hlsl-mlir: -T cs_6_6 -E main
// SAXPY (y = a * x + y) over two structured buffers, one element per thread.

// Constants shared by every thread of the dispatch. `a` is the scale factor;
// `n` is the element count, so the last group can run past the end safely.
cbuffer Params : register(b0) {
  float a;
  uint n;
};

// Both vectors live in read-write structured buffers. `x` is only read, but a
// UAV lets the host reuse the same buffer for x and y in a follow-up pass.
RWStructuredBuffer<float> x : register(u0);
RWStructuredBuffer<float> y : register(u1);

// 64 threads per group: a multiple of every common wave size (32 and 64).
[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID) {
  uint i = dtid.x;

  // The dispatch is rounded up to whole groups, so guard the tail.
  if (i >= n)
    return;

  y[i] = a * x[i] + y[i];
}

// Host side (for reference):
//   Dispatch((n + 63) / 64, 1, 1) with Params = { a, n },
//   x bound at u0 and y bound at u1.
