// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | hlsl-opt --cse | FileCheck %s
// Regression test (this used to be wrong): `hlsl.intrinsic "Load"` is declared pure (HLSLIntrinsics.def: Load,
// Load2..4 "pure") even on writable resources (RWByteAddressBuffer,
// RWTexture*, RWBuffer), so it has no memory effects: CSE merges the second
// Raw.Load(0) into the first across the Store that changed the value, and
// the shader stores the stale value. Loads from UAVs must read memory (or
// at least be ordered after Store/atomics on the same resource).

RWByteAddressBuffer Raw : register(u0);

[numthreads(1,1,1)]
void main() {
  uint a = Raw.Load(0);
  Raw.Store(0, a + 1);
  uint b = Raw.Load(0);
  Raw.Store(4, b);
}

// CHECK-LABEL: func.func @main()
// CHECK: %[[A:.*]] = hlsl.intrinsic "Load"
// CHECK: hlsl.intrinsic "Store"
// CHECK: %[[B:.*]] = hlsl.intrinsic "Load"
// CHECK: hlsl.intrinsic "Store"
