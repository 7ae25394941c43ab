; Groupshared memory (address space 3) with atomics. Global variables are
; written with their value type and the address space in the GLOBALVAR
; record ([valuetype, addrspace << 2 | 2 | constant, init + 1, linkage,
; log2(align) + 1, section]); atomicrmw and cmpxchg use the 3.7 records.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

@counts = internal addrspace(3) global [64 x i32] undef, align 4
@total = internal addrspace(3) global i32 0, align 4
@wide = internal addrspace(3) global [4 x i64] zeroinitializer, align 8

define void @main(i32 %i) {
entry:
  %slot = getelementptr inbounds [64 x i32], ptr addrspace(3) @counts, i32 0, i32 %i
  %old = atomicrmw add ptr addrspace(3) %slot, i32 1 seq_cst, align 4
  %mx = atomicrmw umax ptr addrspace(3) @total, i32 %old monotonic, align 4
  %xchg = atomicrmw xchg ptr addrspace(3) %slot, i32 7 acq_rel, align 4
  %pair = cmpxchg ptr addrspace(3) @total, i32 %mx, i32 %xchg seq_cst monotonic, align 4
  %ok = extractvalue { i32, i1 } %pair, 1
  %w = getelementptr inbounds [4 x i64], ptr addrspace(3) @wide, i32 0, i32 1
  %o64 = atomicrmw or ptr addrspace(3) %w, i64 -4294967296 seq_cst, align 8
  ; the first element of @counts: a zero-index GEP constant expression
  store i32 %old, ptr addrspace(3) @counts, align 4
  %first = load i32, ptr addrspace(3) @counts, align 4
  fence syncscope("singlethread") acquire
  ret void
}

; IR: @counts = internal addrspace(3) global [64 x i32] undef, align 4
; IR-NEXT: @total = internal addrspace(3) global i32 0, align 4
; IR-NEXT: @wide = internal addrspace(3) global [4 x i64] zeroinitializer, align 8
; IR: %old = atomicrmw add ptr addrspace(3) %slot, i32 1 seq_cst, align 4
; IR-NEXT: %mx = atomicrmw umax ptr addrspace(3) @total, i32 %old monotonic, align 4
; IR-NEXT: %xchg = atomicrmw xchg ptr addrspace(3) %slot, i32 7 acq_rel, align 4
; IR-NEXT: %pair = cmpxchg ptr addrspace(3) @total, i32 %mx, i32 %xchg seq_cst monotonic, align 4
; IR-NEXT: %ok = extractvalue { i32, i1 } %pair, 1
; IR-NEXT: %w = getelementptr inbounds [4 x i64], ptr addrspace(3) @wide, i32 0, i32 1
; IR-NEXT: %o64 = atomicrmw or ptr addrspace(3) %w, i64 -4294967296 seq_cst, align 8
; IR-NEXT: store i32 %old, ptr addrspace(3) @counts, align 4
; IR-NEXT: %first = load i32, ptr addrspace(3) @counts, align 4
; IR-NEXT: fence syncscope("singlethread") acquire

; Pointers in address space 3 (no abbreviation: it only covers space 0).
; CHECK: <TYPE_BLOCK_ID
; CHECK: <INTEGER op0=32/>
; CHECK-NEXT: <ARRAY abbrevid=9 op0=64 op1=[[#I32:]]/>
; CHECK-NEXT: <POINTER op0=[[#I32+1]] op1=3/>
; CHECK-NEXT: <POINTER op0=[[#I32]] op1=3/>
; @counts: [64 x i32], addrspace 3 << 2 | explicit type 2 = 14, undef
; initializer, internal linkage (3), align 4 -> 3.
; CHECK: <GLOBALVAR abbrevid=4 op0=[[#I32+1]] op1=14 op2=[[#]] op3=3 op4=3 op5=0/>
; CHECK-NEXT: <GLOBALVAR abbrevid=4 op0=[[#I32]] op1=14 op2=[[#]] op3=3 op4=3 op5=0/>
; align 8 -> 4
; CHECK-NEXT: <GLOBALVAR abbrevid=4 op0=[[#]] op1=14 op2=[[#]] op3=3 op4=4 op5=0/>
; CHECK: <FUNCTION_BLOCK
; The constant GEP for @counts[0] (function-local, like all constants only
; instructions use): [source type, (type, value) pairs].
; CHECK: <CE_INBOUNDS_GEP op0=[[#I32+1]] op1=[[#I32+2]] op2=0 op3=[[#I32]] op4=[[#]] op5=[[#I32]] op6=[[#]]/>
; atomicrmw (code 38, which LLVM 22's analyzer no longer names)
; [ptr, val, op, volatile, ordering, synchscope]: add=1 seq_cst=6
; CHECK: <UnknownCode38 op0=1 op1={{[0-9]+}} op2=1 op3=0 op4=6 op5=1/>
; umax=9 monotonic=2
; CHECK-NEXT: <UnknownCode38 op0={{[0-9]+}} op1=1 op2=9 op3=0 op4=2 op5=1/>
; xchg=0 acq_rel=5
; CHECK-NEXT: <UnknownCode38 op0=3 op1={{[0-9]+}} op2=0 op3=0 op4=5 op5=1/>
; cmpxchg [ptr, cmp, new, volatile, success, synchscope, failure, weak]
; CHECK-NEXT: <INST_CMPXCHG op0={{[0-9]+}} op1=2 op2=1 op3=0 op4=6 op5=1 op6=2 op7=0/>
; or=5 on an i64
; CHECK: <UnknownCode38 op0=1 op1={{[0-9]+}} op2=5 op3=0 op4=6 op5=1/>
; fence [ordering, synchscope]: acquire=3 singlethread=0
; CHECK: <INST_FENCE op0=3 op1=0/>
