// RUN: hlsl-opt %s --hlsl-int-range-optimizations | FileCheck %s

// Values whose range is one constant become that constant, decided
// comparisons fold, and the case blocks of a switch stay apart (upstream's
// pass merged them into one block with an argument per case).

// CHECK-LABEL: func.func @cases(
// CHECK-SAME: %[[X:.*]]: i32, %[[P:.*]]: !hlsl.ptr<f32>
// CHECK-DAG: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-DAG: %[[FALSE:.*]] = arith.constant false
// CHECK: cf.switch %[[X]] : i32, [
// CHECK-NEXT: default: ^[[EXIT:bb[0-9]+]],
// CHECK-NEXT: 0: ^[[B1:bb[0-9]+]],
// CHECK-NEXT: 1: ^[[B2:bb[0-9]+]],
// CHECK-NEXT: 2: ^[[B3:bb[0-9]+]]
// CHECK-NEXT: ]
// CHECK: ^[[B1]]:
// CHECK-NEXT: hlsl.store %{{.*}}, %[[P]]
// CHECK: ^[[B2]]:
// CHECK-NEXT: hlsl.store %{{.*}}, %[[P]]
// CHECK: ^[[B3]]:
// CHECK-NEXT: hlsl.store %{{.*}}, %[[P]]
// CHECK: ^[[EXIT]]:
// CHECK-NEXT: return %[[ZERO]], %[[FALSE]] : i32, i1
func.func @cases(%x: i32, %p: !hlsl.ptr<f32>) -> (i32, i1) {
  %c1 = arith.constant 1 : i32
  %c7 = arith.constant 7 : i32
  %f0 = arith.constant 0.0 : f32
  %f1 = arith.constant 1.0 : f32
  %f2 = arith.constant 2.0 : f32
  %r = arith.remui %x, %c1 : i32
  %lt = arith.cmpi ugt, %r, %c7 : i32
  cf.switch %x : i32, [
    default: ^exit,
    0: ^a,
    1: ^b,
    2: ^c
  ]
^a:
  hlsl.store %f0, %p : !hlsl.ptr<f32>
  cf.br ^exit
^b:
  hlsl.store %f1, %p : !hlsl.ptr<f32>
  cf.br ^exit
^c:
  hlsl.store %f2, %p : !hlsl.ptr<f32>
  cf.br ^exit
^exit:
  return %r, %lt : i32, i1
}
