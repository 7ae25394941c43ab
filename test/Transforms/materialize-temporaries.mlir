// RUN: hlsl-opt %s --hlsl-materialize-temporaries --split-input-file | FileCheck %s
// RUN: hlsl-opt %s --hlsl-materialize-temporaries --split-input-file | hlsl-opt --hlsl-materialize-temporaries --split-input-file | FileCheck %s
// RUN: hlsl-opt %s --hlsl-materialize-temporaries=force-temporaries --split-input-file | FileCheck %s --check-prefix=FORCE

// Init(V, V): two temporaries, initialized from V, written back left to
// right, so the second argument's value ends up in V (seed 000).
func.func private @Init(!hlsl.ptr<i32> {hlsl.direction = #hlsl<direction inout>}, !hlsl.ptr<i32> {hlsl.direction = #hlsl<direction inout>})
// CHECK-LABEL: func.func @init_twice
// Temporaries are created at the top of the entry block, the later one
// first.
// CHECK-NEXT: %[[T1:.*]] = hlsl.var : !hlsl.ptr<i32>
// CHECK-NEXT: %[[T0:.*]] = hlsl.var : !hlsl.ptr<i32>
// CHECK-NEXT: %[[V:.*]] = hlsl.var "V" : !hlsl.ptr<i32>
// CHECK-NEXT: %[[IN0:.*]] = hlsl.load %[[V]]
// CHECK-NEXT: hlsl.store %[[IN0]], %[[T0]]
// CHECK-NEXT: %[[IN1:.*]] = hlsl.load %[[V]]
// CHECK-NEXT: hlsl.store %[[IN1]], %[[T1]]
// CHECK-NEXT: call @Init(%[[T0]], %[[T1]])
// CHECK-NEXT: %[[OUT0:.*]] = hlsl.load %[[T0]]
// CHECK-NEXT: hlsl.store %[[OUT0]], %[[V]]
// CHECK-NEXT: %[[OUT1:.*]] = hlsl.load %[[T1]]
// CHECK-NEXT: hlsl.store %[[OUT1]], %[[V]]
// CHECK-NOT: hlsl.out_arg
func.func @init_twice() {
  %v = hlsl.var "V" : !hlsl.ptr<i32>
  %a = hlsl.out_arg inout %v : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
  %b = hlsl.out_arg inout %v : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
  func.call @Init(%a, %b) : (!hlsl.ptr<i32>, !hlsl.ptr<i32>) -> ()
  return
}

// -----

// Trunc(F): float3 through an int3 parameter, converted both ways.
func.func private @Trunc(!hlsl.ptr<vector<3xi32>> {hlsl.direction = #hlsl<direction inout>})
// CHECK-LABEL: func.func @trunc
// CHECK: %[[T:.*]] = hlsl.var : !hlsl.ptr<vector<3xi32>>
// CHECK: %[[F:.*]] = hlsl.var "F"
// CHECK: %[[L:.*]] = hlsl.load %[[F]] : !hlsl.ptr<vector<3xf32>>
// CHECK-NEXT: %[[I:.*]] = arith.fptosi %[[L]] : vector<3xf32> to vector<3xi32>
// CHECK-NEXT: hlsl.store %[[I]], %[[T]]
// CHECK-NEXT: call @Trunc(%[[T]])
// CHECK-NEXT: %[[R:.*]] = hlsl.load %[[T]]
// CHECK-NEXT: %[[B:.*]] = arith.sitofp %[[R]] : vector<3xi32> to vector<3xf32>
// CHECK-NEXT: hlsl.store %[[B]], %[[F]]
func.func @trunc() {
  %f = hlsl.var "F" : !hlsl.ptr<vector<3xf32>>
  %t = hlsl.out_arg inout %f : !hlsl.ptr<vector<3xf32>> -> !hlsl.ptr<vector<3xi32>> copy_in {
  ^bb0(%x: vector<3xf32>):
    %i = arith.fptosi %x : vector<3xf32> to vector<3xi32>
    hlsl.yield %i : vector<3xi32>
  } write_back {
  ^bb0(%x: vector<3xi32>):
    %g = arith.sitofp %x : vector<3xi32> to vector<3xf32>
    hlsl.yield %g : vector<3xf32>
  }
  func.call @Trunc(%t) : (!hlsl.ptr<vector<3xi32>>) -> ()
  return
}

// -----

// An out argument of the parameter's type, a local not seen by any other
// argument: the temporary is unobservable and skipped.
func.func private @UB(!hlsl.ptr<i32> {hlsl.direction = #hlsl<direction out>}, i32)
// CHECK-LABEL: func.func @skipped
// CHECK: %[[X:.*]] = hlsl.var "X"
// CHECK-NEXT: %[[C:.*]] = arith.constant
// CHECK-NEXT: call @UB(%[[X]], %[[C]])
// CHECK-NEXT: return
// FORCE-LABEL: func.func @skipped
// FORCE: %[[T:.*]] = hlsl.var : !hlsl.ptr<i32>
// FORCE: call @UB(%[[T]],
// FORCE-NEXT: %[[R:.*]] = hlsl.load %[[T]]
// FORCE-NEXT: hlsl.store %[[R]], %{{.*}}
func.func @skipped() {
  %x = hlsl.var "X" : !hlsl.ptr<i32>
  %c = arith.constant 7 : i32
  %t = hlsl.out_arg out %x : !hlsl.ptr<i32> -> !hlsl.ptr<i32>
  func.call @UB(%t, %c) : (!hlsl.ptr<i32>, i32) -> ()
  return
}

// -----

// A swizzle lvalue is written back component by component; `out` has no
// copy-in.
func.func private @Two(!hlsl.ptr<vector<2xi32>> {hlsl.direction = #hlsl<direction out>})
// CHECK-LABEL: func.func @swizzle
// CHECK: %[[T:.*]] = hlsl.var : !hlsl.ptr<vector<2xi32>>
// CHECK: %[[V:.*]] = hlsl.var "v"
// CHECK-NEXT: call @Two(%[[T]])
// CHECK-NEXT: %[[R:.*]] = hlsl.load %[[T]]
// CHECK-NEXT: %[[W:.*]] = hlsl.load %[[V]]
// CHECK-NEXT: %[[E0:.*]] = vector.extract %[[R]][0]
// CHECK-NEXT: %[[W1:.*]] = vector.insert %[[E0]], %[[W]] [2]
// CHECK-NEXT: %[[E1:.*]] = vector.extract %[[R]][1]
// CHECK-NEXT: %[[W2:.*]] = vector.insert %[[E1]], %[[W1]] [0]
// CHECK-NEXT: hlsl.store %[[W2]], %[[V]]
func.func @swizzle() {
  %v = hlsl.var "v" : !hlsl.ptr<vector<4xi32>>
  %t = hlsl.out_arg out %v swizzle [2, 0] : !hlsl.ptr<vector<4xi32>> -> !hlsl.ptr<vector<2xi32>>
  func.call @Two(%t) : (!hlsl.ptr<vector<2xi32>>) -> ()
  return
}

// -----

// Matrix members spanning rows (`m._m21_m02`, elements 7 and 2 of a 3x3):
// an inout temporary is read element by element and written back to each
// element's address (row = element / 3, column = element % 3).
func.func private @Bump(!hlsl.ptr<vector<2xf32>> {hlsl.direction = #hlsl<direction inout>})
// CHECK-LABEL: func.func @matrixMembers
// CHECK: %[[T:.*]] = hlsl.var : !hlsl.ptr<vector<2xf32>>
// CHECK: %[[M:.*]] = hlsl.var "m"
// CHECK-NEXT: %[[C2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[R2:.*]] = hlsl.element_addr %[[M]][%[[C2]]]
// CHECK-NEXT: %[[C1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[E7:.*]] = hlsl.element_addr %[[R2]][%[[C1]]]
// CHECK-NEXT: %[[A:.*]] = hlsl.load %[[E7]]
// CHECK-NEXT: %[[C0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[R0:.*]] = hlsl.element_addr %[[M]][%[[C0]]]
// CHECK-NEXT: %[[C2B:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[E2:.*]] = hlsl.element_addr %[[R0]][%[[C2B]]]
// CHECK-NEXT: %[[B:.*]] = hlsl.load %[[E2]]
// CHECK-NEXT: %[[V:.*]] = vector.from_elements %[[A]], %[[B]] : vector<2xf32>
// CHECK-NEXT: hlsl.store %[[V]], %[[T]]
// CHECK-NEXT: call @Bump(%[[T]])
// CHECK-NEXT: %[[W:.*]] = hlsl.load %[[T]]
// CHECK-NEXT: %[[W0:.*]] = vector.extract %[[W]][0]
// CHECK-NEXT: %[[SC2:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[SR2:.*]] = hlsl.element_addr %[[M]][%[[SC2]]]
// CHECK-NEXT: %[[SC1:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[S7:.*]] = hlsl.element_addr %[[SR2]][%[[SC1]]]
// CHECK-NEXT: hlsl.store %[[W0]], %[[S7]]
// CHECK-NEXT: %[[W1:.*]] = vector.extract %[[W]][1]
// CHECK-NEXT: %[[SC0:.*]] = arith.constant 0 : i32
// CHECK-NEXT: %[[SR0:.*]] = hlsl.element_addr %[[M]][%[[SC0]]]
// CHECK-NEXT: %[[SC2B:.*]] = arith.constant 2 : i32
// CHECK-NEXT: %[[S2:.*]] = hlsl.element_addr %[[SR0]][%[[SC2B]]]
// CHECK-NEXT: hlsl.store %[[W1]], %[[S2]]
// CHECK-NEXT: return
func.func @matrixMembers() {
  %m = hlsl.var "m" : !hlsl.ptr<!hlsl.matrix<3x3xf32>>
  %t = hlsl.out_arg inout %m swizzle [7, 2] : !hlsl.ptr<!hlsl.matrix<3x3xf32>> -> !hlsl.ptr<vector<2xf32>>
  func.call @Bump(%t) : (!hlsl.ptr<vector<2xf32>>) -> ()
  return
}

// -----

// A groupshared lvalue is not a local: another thread could observe it, so
// the temporary stays.
hlsl.global groupshared @g : i32
func.func private @Set(!hlsl.ptr<i32> {hlsl.direction = #hlsl<direction out>})
// CHECK-LABEL: func.func @shared
// CHECK: %[[T:.*]] = hlsl.var : !hlsl.ptr<i32>
// CHECK: call @Set(%[[T]])
func.func @shared() {
  %g = hlsl.global_addr @g : !hlsl.ptr<i32, groupshared>
  %t = hlsl.out_arg out %g : !hlsl.ptr<i32, groupshared> -> !hlsl.ptr<i32> write_back {
  ^bb0(%x: i32):
    hlsl.yield %x : i32
  }
  func.call @Set(%t) : (!hlsl.ptr<i32>) -> ()
  return
}
