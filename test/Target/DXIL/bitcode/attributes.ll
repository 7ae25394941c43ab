; Attributes in 3.7 form: PARAMATTR_GROUP entries [group id, slot (0xFFFFFFFF
; = function, 0 = return, i + 1 = parameter i), (0, kind) | (1, kind, value)
; | (3, key, 0) | (4, key, 0, value, 0)...] with 3.7 kind codes, PARAMATTR
; entries listing the groups of each attribute list. LLVM 22's memory(...)
; becomes readnone (20), readonly (21) or argmemonly (45); attributes LLVM
; 3.7 does not have (nofree, willreturn, ...) are left out.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define void @main() #0 {
  %a = call i32 @dx.op.readnone(i32 1) #4
  %b = call i32 @dx.op.readonly(i32 2)
  call void @dx.op.barrier(i32 80, i32 9)
  call void @args(ptr null, i32 signext 3)
  ret void
}

declare i32 @dx.op.readnone(i32) #1
declare i32 @dx.op.readonly(i32) #2
declare void @dx.op.barrier(i32, i32) #3
declare void @args(ptr noalias nocapture align 4 dereferenceable(16), i32 signext) #5

attributes #0 = { nounwind "fp32-denorm-mode"="any" "waveops-include-helper-lanes" }
attributes #1 = { nounwind memory(none) nofree willreturn }
attributes #2 = { nounwind memory(read) }
attributes #3 = { noduplicate nounwind convergent }
attributes #4 = { nounwind }
attributes #5 = { alwaysinline nounwind memory(argmem: readwrite) }

; IR: define void @main() #0
; IR-NEXT: %a = call i32 @dx.op.readnone(i32 1) #[[#CALL:]]
; IR: call void @args(ptr null, i32 signext 3)
; IR: declare i32 @dx.op.readnone(i32) #1
; IR: declare i32 @dx.op.readonly(i32) #2
; IR: declare void @dx.op.barrier(i32, i32) #3
; IR: declare void @args(ptr noalias align 4 captures(none) dereferenceable(16), i32 signext) #[[#ARGS:]]
; IR: attributes #0 = { nounwind "fp32-denorm-mode"="any" "waveops-include-helper-lanes" }
; IR: attributes #1 = { nounwind memory(none) }
; IR: attributes #2 = { nounwind memory(read) }
; IR: attributes #3 = { convergent noduplicate nounwind }
; IR: attributes #[[#ARGS]] = { alwaysinline nounwind memory(argmem: readwrite) }
; IR: attributes #[[#CALL]] = { nounwind }

; CHECK: <PARAMATTR_GROUP_BLOCK_ID
; nounwind (18), then the string attributes: (4, "fp32-denorm-mode", 0,
; "any", 0) and (3, "waveops-include-helper-lanes", 0).
; CHECK-NEXT: <ENTRY op0=1 op1=4294967295 op2=0 op3=18 op4=4 op5=102 {{.*}} op21=0 op22=97 op23=110 op24=121 op25=0 op26=3 op27=119 {{.*}} op55=0/>
; nounwind readnone
; CHECK-NEXT: <ENTRY op0=2 op1=4294967295 op2=0 op3=18 op4=0 op5=20/>
; nounwind readonly
; CHECK-NEXT: <ENTRY op0=3 op1=4294967295 op2=0 op3=18 op4=0 op5=21/>
; noduplicate (12) nounwind convergent (43)
; CHECK-NEXT: <ENTRY op0=4 op1=4294967295 op2=0 op3=12 op4=0 op5=18 op6=0 op7=43/>
; parameter 1: align 4 (1, 1, 4), noalias (9), nocapture (11),
; dereferenceable 16 (1, 41, 16)
; CHECK-NEXT: <ENTRY op0=5 op1=1 op2=1 op3=1 op4=4 op5=0 op6=9 op7=0 op8=11 op9=1 op10=41 op11=16/>
; parameter 2: signext (24)
; CHECK-NEXT: <ENTRY op0=6 op1=2 op2=0 op3=24/>
; function: alwaysinline (2), nounwind (18), argmemonly (45)
; CHECK-NEXT: <ENTRY op0=7 op1=4294967295 op2=0 op3=2 op4=0 op5=18 op6=0 op7=45/>
; the call sites: `#4` and the signext argument of @args
; CHECK-NEXT: <ENTRY op0=8 op1=4294967295 op2=0 op3=18/>
; CHECK-NEXT: </PARAMATTR_GROUP_BLOCK_ID>
; CHECK-NEXT: <PARAMATTR_BLOCK
; CHECK-NEXT: <ENTRY op0=1/>
; CHECK-NEXT: <ENTRY op0=2/>
; CHECK-NEXT: <ENTRY op0=3/>
; CHECK-NEXT: <ENTRY op0=4/>
; CHECK-NEXT: <ENTRY op0=5 op1=6 op2=7/>
; CHECK-NEXT: <ENTRY op0=8/>
; CHECK-NEXT: <ENTRY op0=6/>
; CHECK-NEXT: </PARAMATTR_BLOCK>
; FUNCTION records refer to the lists (1-based).
; CHECK: <FUNCTION op0={{[0-9]+}} op1=0 op2=0 op3=0 op4=1 {{.*}}/>
; CHECK-NEXT: <FUNCTION op0={{[0-9]+}} op1=0 op2=1 op3=0 op4=2 {{.*}}/>
; CHECK-NEXT: <FUNCTION op0={{[0-9]+}} op1=0 op2=1 op3=0 op4=3 {{.*}}/>
; CHECK-NEXT: <FUNCTION op0={{[0-9]+}} op1=0 op2=1 op3=0 op4=4 {{.*}}/>
; CHECK-NEXT: <FUNCTION op0={{[0-9]+}} op1=0 op2=1 op3=0 op4=5 {{.*}}/>
; So do calls (first operand).
; CHECK: <INST_CALL op0=6 op1=32768
; CHECK-NEXT: <INST_CALL op0=0 op1=32768
; CHECK-NEXT: <INST_CALL op0=0 op1=32768
; CHECK-NEXT: <INST_CALL op0=7 op1=32768
