// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Statements become a cf CFG: if/else, for (header, body, latch, exit),
// while, do-while, break/continue to the loop exit/latch, early return, and
// switch with fallthrough (one block per label, a label's predecessor block
// branches into it) and a default.

RWStructuredBuffer<int> Out;

int ifelse(int a) {
  if (a > 0)
    return 1;
  else if (a < 0)
    return -1;
  return 0;
}

int forloop(int n) {
  int s = 0;
  for (int i = 0; i < n; ++i) {
    if (i == 3) continue;
    if (i == 7) break;
    s += i;
  }
  return s;
}

int whiledo(int s) {
  while (s > 100) s -= 7;
  do { s++; } while (s < 10);
  return s;
}

int sw(int a) {
  int r = 0;
  switch (a) {
  case 0:
    r = 10;
  case 1:
    r += 1;
    break;
  case 5:
  case 6:
    r = 6;
    break;
  default:
    r = -1;
  }
  return r;
}

int swloop(int n) {
  int r = 0;
  for (int i = 0; i < n; ++i) {
    switch (i) {
    case 2:
      continue; // the loop's latch
    case 4:
      break;    // the switch's exit
    }
    r++;
  }
  return r;
}

[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = ifelse(id.x) + forloop(id.y) + whiledo(id.z) + sw(id.x) + swloop(id.y);
}

// CHECK-LABEL: func.func private @ifelse(
// CHECK: %[[C1:.*]] = arith.cmpi sgt, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: cf.cond_br %[[C1]], ^[[THEN:bb[0-9]+]], ^[[ELSE:bb[0-9]+]]
// CHECK-NEXT: ^[[THEN]]:
// CHECK-NEXT: %[[ONE:.*]] = arith.constant 1 : i32
// CHECK-NEXT: return %[[ONE]] : i32
// CHECK-NEXT: ^[[ELSE]]:
// CHECK: %[[C2:.*]] = arith.cmpi slt, %{{.*}}, %{{.*}} : i32
// CHECK-NEXT: cf.cond_br %[[C2]], ^[[THEN2:bb[0-9]+]], ^[[MERGE2:bb[0-9]+]]
// CHECK-NEXT: ^[[THEN2]]:
// CHECK: return %{{.*}} : i32
// CHECK-NEXT: ^[[MERGE2]]:
// CHECK-NEXT: cf.br ^[[END:bb[0-9]+]]
// CHECK-NEXT: ^[[END]]:
// CHECK-NEXT: %[[ZERO:.*]] = arith.constant 0 : i32
// CHECK-NEXT: return %[[ZERO]] : i32

// CHECK-LABEL: func.func private @forloop(
// CHECK-DAG: %[[I:.*]] = hlsl.var "i" : !hlsl.ptr<i32>
// CHECK-DAG: %[[S:.*]] = hlsl.var "s" : !hlsl.ptr<i32>
// CHECK: hlsl.store %{{.*}}, %[[I]]
// CHECK-NEXT: cf.br ^[[HEAD:bb[0-9]+]]
// CHECK-NEXT: ^[[HEAD]]:
// CHECK: %[[COND:.*]] = arith.cmpi slt
// CHECK-NEXT: cf.cond_br %[[COND]], ^[[BODY:bb[0-9]+]], ^[[EXIT:bb[0-9]+]]
// CHECK-NEXT: ^[[BODY]]:
// CHECK: cf.cond_br %{{.*}}, ^[[CONT:bb[0-9]+]], ^[[NEXT1:bb[0-9]+]]
// continue -> latch
// CHECK-NEXT: ^[[CONT]]:
// CHECK-NEXT: cf.br ^[[LATCH:bb[0-9]+]]
// CHECK-NEXT: ^[[NEXT1]]:
// CHECK: cf.cond_br %{{.*}}, ^[[BRK:bb[0-9]+]], ^[[NEXT2:bb[0-9]+]]
// break -> exit
// CHECK-NEXT: ^[[BRK]]:
// CHECK-NEXT: cf.br ^[[EXIT]]
// CHECK-NEXT: ^[[NEXT2]]:
// CHECK: hlsl.store %{{.*}}, %[[S]]
// CHECK-NEXT: cf.br ^[[LATCH]]
// ++i in the latch, back edge to the header
// CHECK-NEXT: ^[[LATCH]]:
// CHECK-NEXT: %[[IV:.*]] = hlsl.load %[[I]]
// CHECK-NEXT: %[[STEP:.*]] = arith.constant 1 : i32
// CHECK-NEXT: %[[INC:.*]] = arith.addi %[[IV]], %[[STEP]] : i32
// CHECK-NEXT: hlsl.store %[[INC]], %[[I]]
// CHECK-NEXT: cf.br ^[[HEAD]]{{$}}
// CHECK-NEXT: ^[[EXIT]]:
// CHECK-NEXT: %[[R:.*]] = hlsl.load %[[S]]
// CHECK-NEXT: return %[[R]] : i32

// CHECK-LABEL: func.func private @whiledo(
// CHECK: cf.br ^[[WHEAD:bb[0-9]+]]
// CHECK-NEXT: ^[[WHEAD]]:
// CHECK: %[[WC:.*]] = arith.cmpi sgt
// CHECK-NEXT: cf.cond_br %[[WC]], ^[[WBODY:bb[0-9]+]], ^[[WEXIT:bb[0-9]+]]
// CHECK-NEXT: ^[[WBODY]]:
// CHECK: arith.subi
// CHECK: cf.br ^[[WHEAD]]{{$}}
// CHECK-NEXT: ^[[WEXIT]]:
// CHECK-NEXT: cf.br ^[[DBODY:bb[0-9]+]]
// CHECK-NEXT: ^[[DBODY]]:
// CHECK: arith.addi
// CHECK: cf.br ^[[DLATCH:bb[0-9]+]]
// CHECK-NEXT: ^[[DLATCH]]:
// CHECK: %[[DC:.*]] = arith.cmpi slt
// CHECK-NEXT: cf.cond_br %[[DC]], ^[[DBODY]], ^[[DEXIT:bb[0-9]+]]{{$}}
// CHECK-NEXT: ^[[DEXIT]]:
// CHECK-NEXT: hlsl.load
// CHECK-NEXT: return

// CHECK-LABEL: func.func private @sw(
// CHECK: %[[A:.*]] = hlsl.load
// CHECK-NEXT: cf.switch %[[A]] : i32, [
// CHECK-NEXT: default: ^[[DEF:bb[0-9]+]],
// CHECK-NEXT: 0: ^[[CASE0:bb[0-9]+]],
// CHECK-NEXT: 1: ^[[CASE1:bb[0-9]+]],
// CHECK-NEXT: 5: ^[[CASE5:bb[0-9]+]],
// CHECK-NEXT: 6: ^[[CASE6:bb[0-9]+]]
// CHECK-NEXT: ]
// case 0 falls through into case 1
// CHECK-NEXT: ^[[CASE0]]:
// CHECK-NEXT: %[[TEN:.*]] = arith.constant 10 : i32
// CHECK-NEXT: hlsl.store %[[TEN]]
// CHECK-NEXT: cf.br ^[[CASE1]]
// CHECK-NEXT: ^[[CASE1]]:
// CHECK: arith.addi
// CHECK-NEXT: hlsl.store
// CHECK-NEXT: cf.br ^[[SWEXIT:bb[0-9]+]]
// case 5 is empty and falls into case 6
// CHECK-NEXT: ^[[CASE5]]:
// CHECK-NEXT: cf.br ^[[CASE6]]
// CHECK-NEXT: ^[[CASE6]]:
// CHECK-NEXT: %[[SIX:.*]] = arith.constant 6 : i32
// CHECK-NEXT: hlsl.store %[[SIX]]
// CHECK-NEXT: cf.br ^[[SWEXIT]]
// CHECK-NEXT: ^[[DEF]]:
// CHECK: arith.subi
// CHECK-NEXT: hlsl.store
// CHECK-NEXT: cf.br ^[[SWEXIT]]
// CHECK-NEXT: ^[[SWEXIT]]:
// CHECK-NEXT: hlsl.load
// CHECK-NEXT: return

// CHECK-LABEL: func.func private @swloop(
// CHECK: cf.cond_br %{{.*}}, ^[[LBODY:bb[0-9]+]], ^[[LEXIT:bb[0-9]+]]
// CHECK-NEXT: ^[[LBODY]]:
// CHECK-NEXT: %[[I:.*]] = hlsl.load
// CHECK-NEXT: cf.switch %[[I]] : i32, [
// CHECK-NEXT: default: ^[[SEXIT:bb[0-9]+]],
// CHECK-NEXT: 2: ^[[C2:bb[0-9]+]],
// CHECK-NEXT: 4: ^[[C4:bb[0-9]+]]
// CHECK-NEXT: ]
// CHECK-NEXT: ^[[C2]]:
// CHECK-NEXT: cf.br ^[[LLATCH:bb[0-9]+]]
// CHECK-NEXT: ^[[C4]]:
// CHECK-NEXT: cf.br ^[[SEXIT]]
// CHECK-NEXT: ^[[SEXIT]]:
// CHECK: arith.addi
// CHECK-NEXT: hlsl.store
// CHECK-NEXT: cf.br ^[[LLATCH]]
// CHECK-NEXT: ^[[LLATCH]]:
