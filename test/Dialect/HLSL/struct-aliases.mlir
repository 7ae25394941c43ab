// RUN: hlsl-opt %s | FileCheck %s
// RUN: hlsl-opt %s | hlsl-opt | FileCheck %s
// RUN: hlsl-opt %s --mlir-print-op-generic | hlsl-opt | FileCheck %s

// Structs with eight or more levels of structs in them (counting through
// arrays) print under an alias named after the struct, so no level repeats
// the levels below it; shallower ones (S6 here) stay inline. Names that are
// not identifiers are sanitized, equal names get a suffix.

// CHECK: !A = !hlsl.struct<"A", {a: !hlsl.array<2 x !hlsl.array<3 x !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: f32}>}>}>}>}>}>}>>>}>
// CHECK-NEXT: !S7 = !hlsl.struct<"S7", {s: !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: f32}>}>}>}>}>}>}>}>
// CHECK-NEXT: !S7_1 = !hlsl.struct<"S7", {s: !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: i32}>}>}>}>}>}>}>}>
// CHECK-NEXT: !S8 = !hlsl.struct<"S8", {s: !S7}>
// CHECK-NEXT: !S8_1 = !hlsl.struct<"S8", {s: !S7_1}>
// CHECK-NEXT: !_1_ns3A3AT3Cint3E = !hlsl.struct<"1 ns::T<int>", {s: !S7}>
// CHECK-NEXT: !S9 = !hlsl.struct<"S9", {s: !S8}>
// CHECK: func.func @f(%{{.*}}: !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: f32}>}>}>}>}>}>}>, %{{.*}}: !S8, %{{.*}}: !S8_1, %{{.*}}: !hlsl.array<2 x !S9>, %{{.*}}: !hlsl.ptr<!A>, %{{.*}}: !_1_ns3A3AT3Cint3E)
func.func @f(%s6: !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: f32}>}>}>}>}>}>}>,
             %s8: !hlsl.struct<"S8", {s: !hlsl.struct<"S7", {s: !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: f32}>}>}>}>}>}>}>}>}>,
             %s8i: !hlsl.struct<"S8", {s: !hlsl.struct<"S7", {s: !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: i32}>}>}>}>}>}>}>}>}>,
             %s9: !hlsl.array<2 x !hlsl.struct<"S9", {s: !hlsl.struct<"S8", {s: !hlsl.struct<"S7", {s: !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: f32}>}>}>}>}>}>}>}>}>}>>,
             %a: !hlsl.ptr<!hlsl.struct<"A", {a: !hlsl.array<2 x !hlsl.array<3 x !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: f32}>}>}>}>}>}>}>>>}>>,
             %t: !hlsl.struct<"1 ns::T<int>", {s: !hlsl.struct<"S7", {s: !hlsl.struct<"S6", {s: !hlsl.struct<"S5", {s: !hlsl.struct<"S4", {s: !hlsl.struct<"S3", {s: !hlsl.struct<"S2", {s: !hlsl.struct<"S1", {s: !hlsl.struct<"S0", {v: f32}>}>}>}>}>}>}>}>}>) {
  return
}
