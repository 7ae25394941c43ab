; Branches, switches, phis (signed relative operands, forward references),
; selects and compares. Blocks are numbered in function order; switch case
; values are absolute value ids.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

@lut = internal addrspace(3) global [16 x float] undef, align 4

define float @main(i32 %n, float %x) {
entry:
  switch i32 %n, label %other [
    i32 0, label %zero
    i32 7, label %seven
  ]

zero:
  %p0 = getelementptr inbounds [16 x float], ptr addrspace(3) @lut, i32 0, i32 %n
  br label %loop

seven:
  br label %loop

other:
  %big = icmp sgt i32 %n, 100
  br i1 %big, label %loop, label %exit

loop:
  %i = phi i32 [ 0, %zero ], [ 1, %seven ], [ %n, %other ], [ %next, %loop ]
  %ptr = phi ptr addrspace(3) [ %p0, %zero ], [ @lut, %seven ], [ @lut, %other ], [ %ptr, %loop ]
  %v = load float, ptr addrspace(3) %ptr, align 4
  %next = add nsw i32 %i, 1
  %done = icmp uge i32 %next, 16
  br i1 %done, label %exit, label %loop

exit:
  %r = phi float [ %x, %other ], [ %v, %loop ]
  %lt = fcmp olt float %r, 0.000000e+00
  %uno = fcmp fast uno float %r, %x
  %c = or i1 %lt, %uno
  %s = select i1 %c, float 0.000000e+00, float %r
  ret float %s
}

; IR:      switch i32 %n, label %other [
; IR-NEXT:   i32 0, label %zero
; IR-NEXT:   i32 7, label %seven
; IR-NEXT: ]
; IR: loop:
; IR-NEXT: %i = phi i32 [ 0, %zero ], [ 1, %seven ], [ %n, %other ], [ %next, %loop ]
; IR-NEXT: %ptr = phi ptr addrspace(3) [ %p0, %zero ], [ @lut, %seven ], [ @lut, %other ], [ %ptr, %loop ]
; IR: exit:
; IR-NEXT: %r = phi float [ %x, %other ], [ %v, %loop ]
; IR-NEXT: %lt = fcmp olt float %r, 0.000000e+00
; IR-NEXT: %uno = fcmp fast uno float %r, %x
; IR-NEXT: %c = or i1 %lt, %uno
; IR-NEXT: %s = select i1 %c, float 0.000000e+00, float %r
; IR-NEXT: ret float %s

; CHECK: <FUNCTION_BLOCK
; CHECK-NEXT: <DECLAREBLOCKS op0=6/>
; switch [type, cond, default block, (case value id, block)...]
; CHECK: <INST_SWITCH op0=[[#I32:]] op1=[[#]] op2=3 op3=[[#]] op4=1 op5=[[#]] op6=2/>
; CHECK: <INST_BR op0=4/>
; CHECK-NEXT: <INST_BR op0=4/>
; icmp sgt = 38
; CHECK: <INST_CMP2 op0={{[0-9]+}} op1={{[0-9]+}} op2=38/>
; CHECK-NEXT: <INST_BR op0=4 op1=5 op2=1/>
; Phi operands are signed: %next is a forward reference (odd = negative).
; CHECK-NEXT: <INST_PHI op0=[[#I32]] op1=[[#]] op2=1 op3=[[#]] op4=2 op5=[[#]] op6=3 op7={{[0-9]*[13579]}} op8=4/>
; CHECK-NEXT: <INST_PHI
; CHECK-NEXT: <INST_LOAD
; add nsw: flags bit 1
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=3 op1={{[0-9]+}} op2=0 op3=2/>
; icmp uge = 35
; CHECK-NEXT: <INST_CMP2 op0=1 op1={{[0-9]+}} op2=35/>
; CHECK-NEXT: <INST_BR op0=5 op1=4 op2=1/>
; CHECK-NEXT: <INST_PHI
; fcmp olt = 4; fcmp fast uno = 8 with flags 31
; CHECK-NEXT: <INST_CMP2 op0=1 op1={{[0-9]+}} op2=4/>
; CHECK-NEXT: <INST_CMP2 op0=2 op1={{[0-9]+}} op2=8 op3=31/>
; CHECK-NEXT: <INST_BINOP abbrevid=5 op0=2 op1=1 op2=11/>
; select [true value, false value, condition]
; CHECK-NEXT: <INST_VSELECT op0={{[0-9]+}} op1=4 op2=1/>
; CHECK-NEXT: <INST_RET abbrevid=9 op0=1/>
