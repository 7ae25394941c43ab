// RUN: hlsl-opt %s --canonicalize | FileCheck %s
// A branch whose condition folds leaves a loop without its entry edge;
// MLIR 22's cf.br canonicalization then merges the loop header into its
// latch, which makes `%next = arith.addi %next, %c1`, and the greedy
// driver folds that forever (llvm-project pull request 221037). The hlsl
// dialect's canonicalization erases the unreachable blocks first. (The
// hlsl dialect must be loaded: its patterns join the canonicalizer's.)

hlsl.resource @R : !hlsl.res<RWBuffer, f32> binding <u0>

// CHECK-LABEL: func.func @loop_without_entry()
// CHECK-NEXT:    return
// CHECK-NEXT:  }
func.func @loop_without_entry() {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %true = arith.constant true
  cf.cond_br %true, ^exit, ^header(%c0 : i32)
^header(%iv: i32):
  %more = arith.cmpi ult, %iv, %c1 : i32
  cf.cond_br %more, ^latch, ^exit
^latch:
  %next = arith.addi %iv, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return
}

// A reachable loop keeps its blocks, and a block with one predecessor is
// still merged into it.
// CHECK-LABEL: func.func @reachable_loop(
// CHECK:         cf.cond_br %{{.*}}, ^bb2, ^bb3
// CHECK:       ^bb2:
// CHECK-NEXT:    arith.addi
// CHECK-NEXT:    cf.br ^bb1
func.func @reachable_loop(%n: i32) -> i32 {
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  cf.br ^header(%c0 : i32)
^header(%iv: i32):
  %more = arith.cmpi ult, %iv, %n : i32
  cf.cond_br %more, ^latch, ^exit
^latch:
  cf.br ^step
^step:
  %next = arith.addi %iv, %c1 : i32
  cf.br ^header(%next : i32)
^exit:
  return %iv : i32
}
