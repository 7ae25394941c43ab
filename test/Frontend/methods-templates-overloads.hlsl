// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// HLSL 2021 member functions take `this` as a pointer to the object and are
// named `Record::method`; template instances and overloads share a source
// name and get unique symbols (first use keeps the plain name); a template
// with an array parameter takes the array by value.

RWStructuredBuffer<float> Out;

struct Counter {
  int count;
  float scale;
  void add(int n) { count += n; }
  float value() { return count * scale; }
};

template <typename T> T twice(T x) { return x + x; }
template <typename T, int N> T sum(T a[N]) {
  T s = 0;
  for (int i = 0; i < N; i++) s += a[i];
  return s;
}

int pick(int x) { return x; }
float pick(float x) { return x * 2; }
float pick(float2 x) { return x.y; }

[numthreads(1,1,1)]
void main() {
  Counter c;
  c.count = 1;
  c.scale = 0.5;
  c.add(3);
  float arr[2] = {1, 2};
  Out[0] = c.value() + twice(1.5) + twice(2) + pick(1) + pick(1.0) +
           pick(float2(1, 2)) + sum<float, 2>(arr);
}

// CHECK-LABEL: func.func @main()
// CHECK: %[[C:.*]] = hlsl.var "c" : !hlsl.ptr<!hlsl.struct<"Counter", {count: i32, scale: f32}>>
// CHECK: %[[N:.*]] = arith.constant 3 : i32
// CHECK-NEXT: call @"Counter::add"(%[[C]], %[[N]]) : (!hlsl.ptr<!hlsl.struct<"Counter", {count: i32, scale: f32}>>, i32) -> ()
// CHECK: call @"Counter::value"(%[[C]]) : (!hlsl.ptr<!hlsl.struct<"Counter", {count: i32, scale: f32}>>) -> f32
// CHECK: call @twice(%{{.*}}) : (f32) -> f32
// CHECK: call @twice_1(%{{.*}}) : (i32) -> i32
// CHECK: call @pick(%{{.*}}) : (i32) -> i32
// CHECK: call @pick_1(%{{.*}}) : (f32) -> f32
// CHECK: call @pick_2(%{{.*}}) : (vector<2xf32>) -> f32
// CHECK: %[[ARR:.*]] = hlsl.load %{{.*}} : !hlsl.ptr<!hlsl.array<2 x f32>>
// CHECK-NEXT: call @sum(%[[ARR]]) : (!hlsl.array<2 x f32>) -> f32

// CHECK-LABEL: func.func private @"Counter::add"(
// CHECK-SAME: %[[THIS:[^:]*]]: !hlsl.ptr<!hlsl.struct<"Counter", {count: i32, scale: f32}>>, %[[ARG:[^:]*]]: i32) {
// CHECK-NEXT: %[[NV:.*]] = hlsl.var "n" : !hlsl.ptr<i32>
// CHECK-NEXT: hlsl.store %[[ARG]], %[[NV]]
// CHECK-NEXT: %[[NL:.*]] = hlsl.load %[[NV]]
// CHECK-NEXT: %[[F:.*]] = hlsl.field_addr %[[THIS]][0] : !hlsl.ptr<!hlsl.struct<"Counter", {count: i32, scale: f32}>> -> !hlsl.ptr<i32>
// CHECK-NEXT: %[[OLD:.*]] = hlsl.load %[[F]] : !hlsl.ptr<i32>
// CHECK-NEXT: %[[NEW:.*]] = arith.addi %[[OLD]], %[[NL]] : i32
// CHECK-NEXT: hlsl.store %[[NEW]], %[[F]] : !hlsl.ptr<i32>
// CHECK-NEXT: return

// CHECK-LABEL: func.func private @"Counter::value"(
// CHECK-SAME: %[[THIS:.*]]: !hlsl.ptr<!hlsl.struct<"Counter", {count: i32, scale: f32}>>) -> f32 {
// CHECK-NEXT: hlsl.field_addr %[[THIS]][0]
// CHECK: hlsl.field_addr %[[THIS]][1] : !hlsl.ptr<!hlsl.struct<"Counter", {count: i32, scale: f32}>> -> !hlsl.ptr<f32>
// CHECK: arith.mulf

// CHECK-LABEL: func.func private @twice(%{{.*}}: f32) -> f32
// CHECK: arith.addf
// CHECK-LABEL: func.func private @twice_1(%{{.*}}: i32) -> i32
// CHECK: arith.addi
// CHECK-LABEL: func.func private @pick(%{{.*}}: i32) -> i32
// CHECK-LABEL: func.func private @pick_1(%{{.*}}: f32) -> f32
// CHECK: arith.mulf
// CHECK-LABEL: func.func private @pick_2(%{{.*}}: vector<2xf32>) -> f32
// CHECK-LABEL: func.func private @sum(%{{.*}}: !hlsl.array<2 x f32>) -> f32
// CHECK: hlsl.element_addr %{{.*}}[%{{.*}}] : !hlsl.ptr<!hlsl.array<2 x f32>>, i32 -> !hlsl.ptr<f32>
