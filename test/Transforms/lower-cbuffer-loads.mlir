// RUN: hlsl-opt %s --hlsl-layout-cbuffers --hlsl-lower-cbuffer-loads | FileCheck %s
// RUN: hlsl-opt %s --hlsl-layout-cbuffers --hlsl-lower-cbuffer-loads | FileCheck %s --check-prefix=GONE
//
// Loads from constant buffers become 16-byte row loads plus extraction, at
// the offsets hlsl-layout-cbuffers computed. Rows are read with the element
// type of the scalars wanted, so no bitcasts are needed. The address ops
// are gone afterwards.

// GONE-NOT: hlsl.cbuffer_addr
// GONE-NOT: hlsl.field_addr
// GONE-NOT: hlsl.element_addr
// GONE-NOT: hlsl.load

//   cbuffer cb0 { int x : packoffset(c0.y); float y : packoffset(c1.z); }
hlsl.cbuffer @cb0 cbuffer binding <b0> {
  hlsl.cbuffer_member @x : i32 packoffset <c0.y>
  hlsl.cbuffer_member @y : f32 packoffset <c1.z>
}
//   float4 F; int k; float2 g;
hlsl.cbuffer @"$Globals" globals binding <b1> {
  hlsl.cbuffer_member @F : vector<4xf32>
  hlsl.cbuffer_member @k : i32
  hlsl.cbuffer_member @g : vector<2xf32>
}
//   cbuffer OtherConstants { float4 v; int array[10]; }
hlsl.cbuffer @OtherConstants cbuffer binding <b2> {
  hlsl.cbuffer_member @v : vector<4xf32>
  hlsl.cbuffer_member @array : !hlsl.array<10 x i32>
}
// Offsets: t 0, p 16 (pos 16, id 28, uv 32 and 48), cm 64 (columns in rows
// 4, 5, 6), rm 112 (rows 7 and 8), b 140, h 144, d3 160 (rows 10 and 11),
// bb 184, a2 192 (rows 12 + 2 i + j).
hlsl.cbuffer @S cbuffer binding <b3> {
  hlsl.cbuffer_member @t : f32
  hlsl.cbuffer_member @p : !hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}>
  hlsl.cbuffer_member @cm : !hlsl.matrix<2x3xf32>
  hlsl.cbuffer_member @rm : !hlsl.matrix<2x3xf32, row_major>
  hlsl.cbuffer_member @b : i1
  hlsl.cbuffer_member @h : f16
  hlsl.cbuffer_member @d3 : vector<3xf64>
  hlsl.cbuffer_member @bb : vector<2xi1>
  hlsl.cbuffer_member @a2 : !hlsl.array<3 x !hlsl.array<2 x f32>>
}

// A scalar in row 1, component 2.
// CHECK-LABEL: func.func @scalar
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ROW:.*]] = hlsl.cbuffer_load_row @cb0[%[[C1]]] : vector<4xf32>
// CHECK-NEXT:    %[[Y:.*]] = vector.extract %[[ROW]][2] : f32 from vector<4xf32>
// CHECK-NEXT:    return %[[Y]]
func.func @scalar() -> f32 {
  %p = hlsl.cbuffer_addr @cb0::@y : !hlsl.ptr<f32, constant>
  %v = hlsl.load %p : !hlsl.ptr<f32, constant>
  return %v : f32
}

// A float2 at offset 20: row 1, elements 1 and 2.
// CHECK-LABEL: func.func @vector
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ROW:.*]] = hlsl.cbuffer_load_row @"$Globals"[%[[C1]]] : vector<4xf32>
// CHECK-NEXT:    %[[G:.*]] = vector.shuffle %[[ROW]], %[[ROW]] [1, 2] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:    return %[[G]]
func.func @vector() -> vector<2xf32> {
  %p = hlsl.cbuffer_addr @"$Globals"::@g : !hlsl.ptr<vector<2xf32>, constant>
  %v = hlsl.load %p : !hlsl.ptr<vector<2xf32>, constant>
  return %v : vector<2xf32>
}

// A whole row needs no shuffle.
// CHECK-LABEL: func.func @whole_row
// CHECK:         %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[ROW:.*]] = hlsl.cbuffer_load_row @"$Globals"[%[[C0]]] : vector<4xf32>
// CHECK-NEXT:    return %[[ROW]]
func.func @whole_row() -> vector<4xf32> {
  %p = hlsl.cbuffer_addr @"$Globals"::@F : !hlsl.ptr<vector<4xf32>, constant>
  %v = hlsl.load %p : !hlsl.ptr<vector<4xf32>, constant>
  return %v : vector<4xf32>
}

// array[i] of int array[10] at 16: row 1 + i, element 0. A constant index
// folds into the row.
// CHECK-LABEL: func.func @dynamic_index
// CHECK-SAME:    (%[[I:.*]]: i32)
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ROW:.*]] = arith.addi %[[I]], %[[C1]] : i32
// CHECK-NEXT:    %[[R:.*]] = hlsl.cbuffer_load_row @OtherConstants[%[[ROW]]] : vector<4xi32>
// CHECK-NEXT:    %[[E:.*]] = vector.extract %[[R]][0] : i32 from vector<4xi32>
// CHECK:         %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[R3:.*]] = hlsl.cbuffer_load_row @OtherConstants[%[[C4]]] : vector<4xi32>
// CHECK-NEXT:    %[[E3:.*]] = vector.extract %[[R3]][0] : i32 from vector<4xi32>
// CHECK-NEXT:    return %[[E]], %[[E3]]
func.func @dynamic_index(%i: i32) -> (i32, i32) {
  %a = hlsl.cbuffer_addr @OtherConstants::@array : !hlsl.ptr<!hlsl.array<10 x i32>, constant>
  %ai = hlsl.element_addr %a[%i] : !hlsl.ptr<!hlsl.array<10 x i32>, constant>, i32 -> !hlsl.ptr<i32, constant>
  %v = hlsl.load %ai : !hlsl.ptr<i32, constant>
  %c3 = arith.constant 3 : i32
  %a3 = hlsl.element_addr %a[%c3] : !hlsl.ptr<!hlsl.array<10 x i32>, constant>, i32 -> !hlsl.ptr<i32, constant>
  %v3 = hlsl.load %a3 : !hlsl.ptr<i32, constant>
  return %v, %v3 : i32, i32
}

// A two-dimensional index: float a2[3][2] has inner stride 16 and outer
// stride 32, so element [i][j] is in row 12 + 2 i + j.
// CHECK-LABEL: func.func @dynamic_2d
// CHECK-SAME:    (%[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK:         %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[I2:.*]] = arith.muli %[[I]], %[[C2]] : i32
// CHECK-NEXT:    %[[IJ:.*]] = arith.addi %[[I2]], %[[J]] : i32
// CHECK-NEXT:    %[[C12:.*]] = arith.constant 12 : i32
// CHECK-NEXT:    %[[ROW:.*]] = arith.addi %[[IJ]], %[[C12]] : i32
// CHECK-NEXT:    %[[R:.*]] = hlsl.cbuffer_load_row @S[%[[ROW]]] : vector<4xf32>
// CHECK-NEXT:    vector.extract %[[R]][0] : f32 from vector<4xf32>
func.func @dynamic_2d(%i: i32, %j: i32) -> f32 {
  %a = hlsl.cbuffer_addr @S::@a2 : !hlsl.ptr<!hlsl.array<3 x !hlsl.array<2 x f32>>, constant>
  %ai = hlsl.element_addr %a[%i] : !hlsl.ptr<!hlsl.array<3 x !hlsl.array<2 x f32>>, constant>, i32 -> !hlsl.ptr<!hlsl.array<2 x f32>, constant>
  %aij = hlsl.element_addr %ai[%j] : !hlsl.ptr<!hlsl.array<2 x f32>, constant>, i32 -> !hlsl.ptr<f32, constant>
  %v = hlsl.load %aij : !hlsl.ptr<f32, constant>
  return %v : f32
}

// Indices of other integer types are converted to i32.
// CHECK-LABEL: func.func @index_types
// CHECK-SAME:    (%[[I:.*]]: i64, %[[J:.*]]: i16)
// CHECK:         arith.trunci %[[I]] : i64 to i32
// CHECK:         arith.extui %[[J]] : i16 to i32
func.func @index_types(%i: i64, %j: i16) -> f32 {
  %a = hlsl.cbuffer_addr @S::@a2 : !hlsl.ptr<!hlsl.array<3 x !hlsl.array<2 x f32>>, constant>
  %ai = hlsl.element_addr %a[%i] : !hlsl.ptr<!hlsl.array<3 x !hlsl.array<2 x f32>>, constant>, i64 -> !hlsl.ptr<!hlsl.array<2 x f32>, constant>
  %aij = hlsl.element_addr %ai[%j] : !hlsl.ptr<!hlsl.array<2 x f32>, constant>, i16 -> !hlsl.ptr<f32, constant>
  %v = hlsl.load %aij : !hlsl.ptr<f32, constant>
  return %v : f32
}

// A struct member read whole: each row once per element type, arrays and
// the struct rebuilt with hlsl.construct.
// CHECK-LABEL: func.func @struct_whole
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[R1F:.*]] = hlsl.cbuffer_load_row @S[%[[C1]]] : vector<4xf32>
// CHECK-NEXT:    %[[POS:.*]] = vector.shuffle %[[R1F]], %[[R1F]] [0, 1, 2] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:    %[[R1I:.*]] = hlsl.cbuffer_load_row @S[%[[C1]]] : vector<4xi32>
// CHECK-NEXT:    %[[ID:.*]] = vector.extract %[[R1I]][3] : i32 from vector<4xi32>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[R2:.*]] = hlsl.cbuffer_load_row @S[%[[C2]]] : vector<4xf32>
// CHECK-NEXT:    %[[UV0:.*]] = vector.shuffle %[[R2]], %[[R2]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:    %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[R3:.*]] = hlsl.cbuffer_load_row @S[%[[C3]]] : vector<4xf32>
// CHECK-NEXT:    %[[UV1:.*]] = vector.shuffle %[[R3]], %[[R3]] [0, 1] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:    %[[UV:.*]] = hlsl.construct(%[[UV0]], %[[UV1]]) : (vector<2xf32>, vector<2xf32>) -> !hlsl.array<2 x vector<2xf32>>
// CHECK-NEXT:    %[[P:.*]] = hlsl.construct(%[[POS]], %[[ID]], %[[UV]]) : (vector<3xf32>, i32, !hlsl.array<2 x vector<2xf32>>) -> !hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}>
// CHECK-NEXT:    return %[[P]]
func.func @struct_whole() -> !hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}> {
  %p = hlsl.cbuffer_addr @S::@p : !hlsl.ptr<!hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}>, constant>
  %v = hlsl.load %p : !hlsl.ptr<!hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}>, constant>
  return %v : !hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}>
}

// A struct field through hlsl.field_addr.
// CHECK-LABEL: func.func @struct_field
// CHECK:         %[[C3:.*]] = arith.constant 3 : i32
// CHECK-NEXT:    %[[R:.*]] = hlsl.cbuffer_load_row @S[%[[C3]]] : vector<4xf32>
// CHECK-NEXT:    vector.extract %[[R]][1] : f32 from vector<4xf32>
func.func @struct_field() -> f32 {
  %c1 = arith.constant 1 : i32
  %p = hlsl.cbuffer_addr @S::@p : !hlsl.ptr<!hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}>, constant>
  %uv = hlsl.field_addr %p[2] : !hlsl.ptr<!hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}>, constant> -> !hlsl.ptr<!hlsl.array<2 x vector<2xf32>>, constant>
  %uv1 = hlsl.element_addr %uv[%c1] : !hlsl.ptr<!hlsl.array<2 x vector<2xf32>>, constant>, i32 -> !hlsl.ptr<vector<2xf32>, constant>
  %y = hlsl.element_addr %uv1[%c1] : !hlsl.ptr<vector<2xf32>, constant>, i32 -> !hlsl.ptr<f32, constant>
  %v = hlsl.load %y : !hlsl.ptr<f32, constant>
  return %v : f32
}

// A column_major float2x3 is three float2 columns in rows 4, 5 and 6;
// hlsl.construct takes the scalars in row-major order.
// CHECK-LABEL: func.func @column_major
// CHECK:         %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[R4:.*]] = hlsl.cbuffer_load_row @S[%[[C4]]] : vector<4xf32>
// CHECK-NEXT:    %[[COL0:.*]] = vector.shuffle %[[R4]], %[[R4]] [0, 1]
// CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[R5:.*]] = hlsl.cbuffer_load_row @S[%[[C5]]] : vector<4xf32>
// CHECK-NEXT:    %[[COL1:.*]] = vector.shuffle %[[R5]], %[[R5]] [0, 1]
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    %[[R6:.*]] = hlsl.cbuffer_load_row @S[%[[C6]]] : vector<4xf32>
// CHECK-NEXT:    %[[COL2:.*]] = vector.shuffle %[[R6]], %[[R6]] [0, 1]
// CHECK-NEXT:    %[[M00:.*]] = vector.extract %[[COL0]][0]
// CHECK-NEXT:    %[[M01:.*]] = vector.extract %[[COL1]][0]
// CHECK-NEXT:    %[[M02:.*]] = vector.extract %[[COL2]][0]
// CHECK-NEXT:    %[[M10:.*]] = vector.extract %[[COL0]][1]
// CHECK-NEXT:    %[[M11:.*]] = vector.extract %[[COL1]][1]
// CHECK-NEXT:    %[[M12:.*]] = vector.extract %[[COL2]][1]
// CHECK-NEXT:    hlsl.construct(%[[M00]], %[[M01]], %[[M02]], %[[M10]], %[[M11]], %[[M12]]) : (f32, f32, f32, f32, f32, f32) -> !hlsl.matrix<2x3xf32>
func.func @column_major() -> !hlsl.matrix<2x3xf32> {
  %p = hlsl.cbuffer_addr @S::@cm : !hlsl.ptr<!hlsl.matrix<2x3xf32>, constant>
  %v = hlsl.load %p : !hlsl.ptr<!hlsl.matrix<2x3xf32>, constant>
  return %v : !hlsl.matrix<2x3xf32>
}

// Row i of a column_major matrix is component i of every column; m[i][j]
// is component i of column j, in row 4 + j.
// CHECK-LABEL: func.func @column_major_rows
// CHECK-SAME:    (%[[I:.*]]: i32, %[[J:.*]]: i32)
// CHECK:         %[[II:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT:    %[[C4:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[R4:.*]] = hlsl.cbuffer_load_row @S[%[[C4]]] : vector<4xf32>
// CHECK-NEXT:    %[[E0:.*]] = vector.extract %[[R4]][%[[II]]] : f32 from vector<4xf32>
// CHECK-NEXT:    %[[C5:.*]] = arith.constant 5 : i32
// CHECK-NEXT:    %[[R5:.*]] = hlsl.cbuffer_load_row @S[%[[C5]]] : vector<4xf32>
// CHECK-NEXT:    %[[E1:.*]] = vector.extract %[[R5]][%[[II]]] : f32 from vector<4xf32>
// CHECK-NEXT:    %[[C6:.*]] = arith.constant 6 : i32
// CHECK-NEXT:    %[[R6:.*]] = hlsl.cbuffer_load_row @S[%[[C6]]] : vector<4xf32>
// CHECK-NEXT:    %[[E2:.*]] = vector.extract %[[R6]][%[[II]]] : f32 from vector<4xf32>
// CHECK-NEXT:    %[[ROW:.*]] = vector.from_elements %[[E0]], %[[E1]], %[[E2]] : vector<3xf32>
// CHECK:         %[[II2:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT:    %[[C4B:.*]] = arith.constant 4 : i32
// CHECK-NEXT:    %[[RJ:.*]] = arith.addi %[[J]], %[[C4B]] : i32
// CHECK-NEXT:    %[[RR:.*]] = hlsl.cbuffer_load_row @S[%[[RJ]]] : vector<4xf32>
// CHECK-NEXT:    %[[EIJ:.*]] = vector.extract %[[RR]][%[[II2]]] : f32 from vector<4xf32>
// CHECK-NEXT:    return %[[ROW]], %[[EIJ]]
func.func @column_major_rows(%i: i32, %j: i32) -> (vector<3xf32>, f32) {
  %p = hlsl.cbuffer_addr @S::@cm : !hlsl.ptr<!hlsl.matrix<2x3xf32>, constant>
  %row = hlsl.element_addr %p[%i] : !hlsl.ptr<!hlsl.matrix<2x3xf32>, constant>, i32 -> !hlsl.ptr<vector<3xf32>, constant>
  %rv = hlsl.load %row : !hlsl.ptr<vector<3xf32>, constant>
  %e = hlsl.element_addr %row[%j] : !hlsl.ptr<vector<3xf32>, constant>, i32 -> !hlsl.ptr<f32, constant>
  %ev = hlsl.load %e : !hlsl.ptr<f32, constant>
  return %rv, %ev : vector<3xf32>, f32
}

// Row 1 of a row_major float2x3 at 112 is a float3 in row 8.
// CHECK-LABEL: func.func @row_major_row
// CHECK:         %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[R:.*]] = hlsl.cbuffer_load_row @S[%[[C8]]] : vector<4xf32>
// CHECK-NEXT:    %[[V:.*]] = vector.shuffle %[[R]], %[[R]] [0, 1, 2] : vector<4xf32>, vector<4xf32>
// CHECK-NEXT:    return %[[V]]
func.func @row_major_row() -> vector<3xf32> {
  %c1 = arith.constant 1 : i32
  %p = hlsl.cbuffer_addr @S::@rm : !hlsl.ptr<!hlsl.matrix<2x3xf32, row_major>, constant>
  %row = hlsl.element_addr %p[%c1] : !hlsl.ptr<!hlsl.matrix<2x3xf32, row_major>, constant>, i32 -> !hlsl.ptr<vector<3xf32>, constant>
  %v = hlsl.load %row : !hlsl.ptr<vector<3xf32>, constant>
  return %v : vector<3xf32>
}

// A whole row_major matrix: its rows, then the scalars in order.
// CHECK-LABEL: func.func @row_major
// CHECK:         %[[C7:.*]] = arith.constant 7 : i32
// CHECK-NEXT:    %[[R7:.*]] = hlsl.cbuffer_load_row @S[%[[C7]]] : vector<4xf32>
// CHECK-NEXT:    %[[ROW0:.*]] = vector.shuffle %[[R7]], %[[R7]] [0, 1, 2]
// CHECK-NEXT:    %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[R8:.*]] = hlsl.cbuffer_load_row @S[%[[C8]]] : vector<4xf32>
// CHECK-NEXT:    %[[ROW1:.*]] = vector.shuffle %[[R8]], %[[R8]] [0, 1, 2]
// CHECK-NEXT:    %[[M00:.*]] = vector.extract %[[ROW0]][0]
// CHECK-NEXT:    %[[M01:.*]] = vector.extract %[[ROW0]][1]
// CHECK-NEXT:    %[[M02:.*]] = vector.extract %[[ROW0]][2]
// CHECK-NEXT:    %[[M10:.*]] = vector.extract %[[ROW1]][0]
// CHECK-NEXT:    %[[M11:.*]] = vector.extract %[[ROW1]][1]
// CHECK-NEXT:    %[[M12:.*]] = vector.extract %[[ROW1]][2]
// CHECK-NEXT:    hlsl.construct(%[[M00]], %[[M01]], %[[M02]], %[[M10]], %[[M11]], %[[M12]]) : (f32, f32, f32, f32, f32, f32) -> !hlsl.matrix<2x3xf32, row_major>
func.func @row_major() -> !hlsl.matrix<2x3xf32, row_major> {
  %p = hlsl.cbuffer_addr @S::@rm : !hlsl.ptr<!hlsl.matrix<2x3xf32, row_major>, constant>
  %v = hlsl.load %p : !hlsl.ptr<!hlsl.matrix<2x3xf32, row_major>, constant>
  return %v : !hlsl.matrix<2x3xf32, row_major>
}

// bool is stored as a 32-bit integer.
// CHECK-LABEL: func.func @bools
// CHECK:         %[[C8:.*]] = arith.constant 8 : i32
// CHECK-NEXT:    %[[R8:.*]] = hlsl.cbuffer_load_row @S[%[[C8]]] : vector<4xi32>
// CHECK-NEXT:    %[[B:.*]] = vector.extract %[[R8]][3] : i32 from vector<4xi32>
// CHECK-NEXT:    %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[BV:.*]] = arith.cmpi ne, %[[B]], %[[ZERO]] : i32
// CHECK:         %[[C11:.*]] = arith.constant 11 : i32
// CHECK-NEXT:    %[[R11:.*]] = hlsl.cbuffer_load_row @S[%[[C11]]] : vector<4xi32>
// CHECK-NEXT:    %[[BB:.*]] = vector.shuffle %[[R11]], %[[R11]] [2, 3] : vector<4xi32>, vector<4xi32>
// CHECK-NEXT:    %[[ZEROS:.*]] = arith.constant dense<0> : vector<2xi32>
// CHECK-NEXT:    %[[BBV:.*]] = arith.cmpi ne, %[[BB]], %[[ZEROS]] : vector<2xi32>
// CHECK-NEXT:    return %[[BV]], %[[BBV]]
func.func @bools() -> (i1, vector<2xi1>) {
  %b = hlsl.cbuffer_addr @S::@b : !hlsl.ptr<i1, constant>
  %bv = hlsl.load %b : !hlsl.ptr<i1, constant>
  %bb = hlsl.cbuffer_addr @S::@bb : !hlsl.ptr<vector<2xi1>, constant>
  %bbv = hlsl.load %bb : !hlsl.ptr<vector<2xi1>, constant>
  return %bv, %bbv : i1, vector<2xi1>
}

// 16-bit scalars come from 8 x 16-bit rows, 64-bit ones from 2 x 64-bit
// rows; a double3 spans two rows, and a dynamic component of it may be in
// either.
// CHECK-LABEL: func.func @widths
// CHECK-SAME:    (%[[I:.*]]: i32)
// CHECK:         %[[C9:.*]] = arith.constant 9 : i32
// CHECK-NEXT:    %[[R9:.*]] = hlsl.cbuffer_load_row @S[%[[C9]]] : vector<8xf16>
// CHECK-NEXT:    %[[H:.*]] = vector.extract %[[R9]][0] : f16 from vector<8xf16>
// CHECK-NEXT:    %[[C10:.*]] = arith.constant 10 : i32
// CHECK-NEXT:    %[[R10:.*]] = hlsl.cbuffer_load_row @S[%[[C10]]] : vector<2xf64>
// CHECK-NEXT:    %[[C11:.*]] = arith.constant 11 : i32
// CHECK-NEXT:    %[[R11:.*]] = hlsl.cbuffer_load_row @S[%[[C11]]] : vector<2xf64>
// CHECK-NEXT:    %[[D3:.*]] = vector.shuffle %[[R10]], %[[R11]] [0, 1, 2] : vector<2xf64>, vector<2xf64>
// CHECK-NEXT:    %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT:    %[[DIV:.*]] = arith.divui %[[I]], %[[C2]] : i32
// CHECK-NEXT:    %[[REM:.*]] = arith.remui %[[I]], %[[C2]] : i32
// CHECK-NEXT:    %[[POS:.*]] = arith.index_cast %[[REM]] : i32 to index
// CHECK-NEXT:    %[[C10B:.*]] = arith.constant 10 : i32
// CHECK-NEXT:    %[[ROW:.*]] = arith.addi %[[DIV]], %[[C10B]] : i32
// CHECK-NEXT:    %[[RI:.*]] = hlsl.cbuffer_load_row @S[%[[ROW]]] : vector<2xf64>
// CHECK-NEXT:    %[[DI:.*]] = vector.extract %[[RI]][%[[POS]]] : f64 from vector<2xf64>
// CHECK-NEXT:    return %[[H]], %[[D3]], %[[DI]]
func.func @widths(%i: i32) -> (f16, vector<3xf64>, f64) {
  %h = hlsl.cbuffer_addr @S::@h : !hlsl.ptr<f16, constant>
  %hv = hlsl.load %h : !hlsl.ptr<f16, constant>
  %d = hlsl.cbuffer_addr @S::@d3 : !hlsl.ptr<vector<3xf64>, constant>
  %dv = hlsl.load %d : !hlsl.ptr<vector<3xf64>, constant>
  %di = hlsl.element_addr %d[%i] : !hlsl.ptr<vector<3xf64>, constant>, i32 -> !hlsl.ptr<f64, constant>
  %div = hlsl.load %di : !hlsl.ptr<f64, constant>
  return %hv, %dv, %div : f16, vector<3xf64>, f64
}

// A dynamic component of a vector within one row.
// CHECK-LABEL: func.func @dynamic_component
// CHECK-SAME:    (%[[I:.*]]: i32)
// CHECK:         %[[POS:.*]] = arith.index_cast %[[I]] : i32 to index
// CHECK-NEXT:    %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[R:.*]] = hlsl.cbuffer_load_row @"$Globals"[%[[C0]]] : vector<4xf32>
// CHECK-NEXT:    vector.extract %[[R]][%[[POS]]] : f32 from vector<4xf32>
func.func @dynamic_component(%i: i32) -> f32 {
  %p = hlsl.cbuffer_addr @"$Globals"::@F : !hlsl.ptr<vector<4xf32>, constant>
  %e = hlsl.element_addr %p[%i] : !hlsl.ptr<vector<4xf32>, constant>, i32 -> !hlsl.ptr<f32, constant>
  %v = hlsl.load %e : !hlsl.ptr<f32, constant>
  return %v : f32
}

// Loads in nested regions are lowered in place.
// CHECK-LABEL: func.func @nested_region
// CHECK:         scf.if
// CHECK:           hlsl.cbuffer_load_row @cb0
// CHECK:           scf.yield
func.func @nested_region(%c: i1) -> f32 {
  %p = hlsl.cbuffer_addr @cb0::@y : !hlsl.ptr<f32, constant>
  %r = scf.if %c -> f32 {
    %v = hlsl.load %p : !hlsl.ptr<f32, constant>
    scf.yield %v : f32
  } else {
    %z = arith.constant 0.0 : f32
    scf.yield %z : f32
  }
  return %r : f32
}

// Vectors longer than HLSL's (hand-written IR) are read component by
// component.
hlsl.cbuffer @long cbuffer binding <b4> {
  hlsl.cbuffer_member @w : vector<12xf32>
}
// CHECK-LABEL: func.func @long_vector
// CHECK-COUNT-12: vector.extract
// CHECK:          vector.from_elements {{.*}} : vector<12xf32>
func.func @long_vector() -> vector<12xf32> {
  %p = hlsl.cbuffer_addr @long::@w : !hlsl.ptr<vector<12xf32>, constant>
  %v = hlsl.load %p : !hlsl.ptr<vector<12xf32>, constant>
  return %v : vector<12xf32>
}

// The contents of a ConstantBuffer<T> handle (an element of a
// ConstantBuffer<T> array) are laid out from row 0 of the handle's buffer:
// P's id at byte 12 (row 0, component 3), uv[i] in row 1 + i (arrays start
// a row; each element takes one), .y its component 1.
!P = !hlsl.struct<"P", {pos: vector<3xf32>, id: i32, uv: !hlsl.array<2 x vector<2xf32>>}>
// CHECK-LABEL: func.func @constant_buffer_handle
// CHECK-SAME:    (%[[H:.*]]: !hlsl.res<ConstantBuffer, {{.*}}>, %[[I:.*]]: i32)
// CHECK:         %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT:    %[[R0:.*]] = hlsl.cbuffer_load_row %[[H]][%[[C0]]] : vector<4xi32> from !hlsl.res<ConstantBuffer
// CHECK-NEXT:    %[[ID:.*]] = vector.extract %[[R0]][3] : i32 from vector<4xi32>
// CHECK:         %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT:    %[[ROW:.*]] = arith.addi %[[I]], %[[C1]] : i32
// CHECK-NEXT:    %[[R2:.*]] = hlsl.cbuffer_load_row %[[H]][%[[ROW]]] : vector<4xf32> from !hlsl.res<ConstantBuffer
// CHECK-NEXT:    %[[Y:.*]] = vector.extract %[[R2]][1] : f32 from vector<4xf32>
// CHECK:         return %[[ID]], %[[Y]]
func.func @constant_buffer_handle(%h: !hlsl.res<ConstantBuffer, !P>, %i: i32) -> (i32, f32) {
  %c1 = arith.constant 1 : i32
  %p = hlsl.constant_buffer_addr %h : !hlsl.res<ConstantBuffer, !P> -> !hlsl.ptr<!P, constant>
  %idp = hlsl.field_addr %p[1] : !hlsl.ptr<!P, constant> -> !hlsl.ptr<i32, constant>
  %id = hlsl.load %idp : !hlsl.ptr<i32, constant>
  %uvp = hlsl.field_addr %p[2] : !hlsl.ptr<!P, constant> -> !hlsl.ptr<!hlsl.array<2 x vector<2xf32>>, constant>
  %e = hlsl.element_addr %uvp[%i] : !hlsl.ptr<!hlsl.array<2 x vector<2xf32>>, constant>, i32 -> !hlsl.ptr<vector<2xf32>, constant>
  %yp = hlsl.element_addr %e[%c1] : !hlsl.ptr<vector<2xf32>, constant>, i32 -> !hlsl.ptr<f32, constant>
  %y = hlsl.load %yp : !hlsl.ptr<f32, constant>
  return %id, %y : i32, f32
}
