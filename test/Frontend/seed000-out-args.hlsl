// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 000 (HLSL function calls): out/inout cx-value temporaries and array
// temporaries. Every call argument for an out/inout parameter is an
// hlsl.out_arg naming the lvalue, the direction and the conversions.

RWBuffer<float4> Out : register(u0);

void Init(inout int X, inout int Y) {
  Y = 2;
  X = 1;
}

void Trunc(inout int3 V) { }

void UB(out int X) {}

void fn(float a[4]) {
  a[0] = a[1] + a[2] + a[3];
}

void SizedArray(float a[4]) {}

[numthreads(1,1,1)]
void main() {
  int V;
  Init(V, V); // V == 2: the write-backs run left to right
  float3 F = {1.5, 2.6, 3.3};
  Trunc(F); // F == {1.0, 2.0, 3.0}
  int X = 7;
  UB(X); // X is undefined
  float arr[4] = {1, 1, 1, 1};
  fn(arr); // by value: arr is unchanged
  SizedArray(arr);
  Out[0] = float4(arr[0], arr[1], arr[2], arr[3]);
}

// CHECK-LABEL: func.func @main()
// CHECK-SAME: attributes {hlsl.entry, hlsl.numthreads = array<i32: 1, 1, 1>, hlsl.shader = #hlsl<shader compute>}
// CHECK-DAG: %[[ARR:.*]] = hlsl.var "arr" : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK-DAG: %[[X:.*]] = hlsl.var "X" : !hlsl.ptr<i32>
// CHECK-DAG: %[[F:.*]] = hlsl.var "F" : !hlsl.ptr<vector<3xf32>>
// CHECK-DAG: %[[V:.*]] = hlsl.var "V" : !hlsl.ptr<i32>

// Init(V, V): two inout temporaries of the same variable, no conversion, passed
// in argument order.
// CHECK: %[[T0:.*]] = hlsl.out_arg inout %[[V]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>{{$}}
// CHECK-NEXT: %[[T1:.*]] = hlsl.out_arg inout %[[V]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>{{$}}
// CHECK-NEXT: call @Init(%[[T0]], %[[T1]]) : (!hlsl.ptr<i32>, !hlsl.ptr<i32>) -> ()

// Trunc(F): float3 -> int3 copy-in, int3 -> float3 write-back.
// CHECK: hlsl.store %{{.*}}, %[[F]] : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[TF:.*]] = hlsl.out_arg inout %[[F]] : !hlsl.ptr<vector<3xf32>> -> !hlsl.ptr<vector<3xi32>> copy_in {
// CHECK-NEXT: ^bb0(%[[CI:.*]]: vector<3xf32>):
// CHECK-NEXT: %[[CONV:.*]] = arith.fptosi %[[CI]] : vector<3xf32> to vector<3xi32>
// CHECK-NEXT: hlsl.yield %[[CONV]] : vector<3xi32>
// CHECK-NEXT: } write_back {
// CHECK-NEXT: ^bb0(%[[WB:.*]]: vector<3xi32>):
// CHECK-NEXT: %[[BACK:.*]] = arith.sitofp %[[WB]] : vector<3xi32> to vector<3xf32>
// CHECK-NEXT: hlsl.yield %[[BACK]] : vector<3xf32>
// CHECK-NEXT: }
// CHECK-NEXT: call @Trunc(%[[TF]]) : (!hlsl.ptr<vector<3xi32>>) -> ()

// UB(X): an out temporary is not initialized from X: no copy_in region.
// CHECK: hlsl.store %{{.*}}, %[[X]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[TX:.*]] = hlsl.out_arg out %[[X]] : !hlsl.ptr<i32> -> !hlsl.ptr<i32>{{$}}
// CHECK-NEXT: call @UB(%[[TX]]) : (!hlsl.ptr<i32>) -> ()

// fn(arr) and SizedArray(arr): the array is loaded and passed as a value.
// CHECK: hlsl.store %{{.*}}, %[[ARR]] : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK-NEXT: %[[A1:.*]] = hlsl.load %[[ARR]] : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK-NEXT: call @fn(%[[A1]]) : (!hlsl.array<4 x f32>) -> ()
// CHECK-NEXT: %[[A2:.*]] = hlsl.load %[[ARR]] : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK-NEXT: call @SizedArray(%[[A2]]) : (!hlsl.array<4 x f32>) -> ()
// CHECK: return

// Parameter directions are attributes of the callee.
// CHECK-LABEL: func.func private @Init(
// CHECK-SAME: %[[PX:[^:]*]]: !hlsl.ptr<i32> {hlsl.direction = #hlsl<direction inout>},
// CHECK-SAME: %[[PY:[^:]*]]: !hlsl.ptr<i32> {hlsl.direction = #hlsl<direction inout>})
// CHECK: hlsl.store %{{.*}}, %[[PY]] : !hlsl.ptr<i32>
// CHECK: hlsl.store %{{.*}}, %[[PX]] : !hlsl.ptr<i32>
// CHECK-LABEL: func.func private @Trunc(%{{.*}}: !hlsl.ptr<vector<3xi32>> {hlsl.direction = #hlsl<direction inout>})
// CHECK-LABEL: func.func private @UB(%{{.*}}: !hlsl.ptr<i32> {hlsl.direction = #hlsl<direction out>})

// The array parameter is a value; the callee writes its own copy.
// CHECK-LABEL: func.func private @fn(
// CHECK-SAME: %[[PA:.*]]: !hlsl.array<4 x f32>)
// CHECK-NEXT: %[[LA:.*]] = hlsl.var "a" : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK-NEXT: hlsl.store %[[PA]], %[[LA]] : !hlsl.ptr<!hlsl.array<4 x f32>>
// CHECK: arith.addf
// CHECK: %[[SUM:.*]] = arith.addf
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[E0:.*]] = hlsl.element_addr %[[LA]][%[[C0]]] : !hlsl.ptr<!hlsl.array<4 x f32>>, i32 -> !hlsl.ptr<f32>
// CHECK-NEXT: hlsl.store %[[SUM]], %[[E0]] : !hlsl.ptr<f32>
// CHECK-LABEL: func.func private @SizedArray(%{{.*}}: !hlsl.array<4 x f32>)
