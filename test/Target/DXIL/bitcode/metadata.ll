; Module metadata in the 3.7 encoding: one METADATA_STRING record per string,
; METADATA_VALUE [type, value id] for constants (including `ptr @main` typed
; as a pointer to the function type), METADATA_NODE with ids + 1 (0 = null),
; METADATA_NAME directly followed by METADATA_NAMED_NODE (0-based ids).
; Instruction attachments go to METADATA_ATTACHMENT with their kinds in a
; separate METADATA block of METADATA_KIND records.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

@buf = external addrspace(3) global [4 x float], align 4

define void @main() {
entry:
  %v = load float, ptr addrspace(3) @buf, align 4, !dx.precise !7
  ret void
}

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.resources = !{!2}
!dx.entryPoints = !{!5}
!dx.cycle = !{!8}

!0 = !{!"hlsl-mlir version 0"}
!1 = !{i32 1, i32 6}
!2 = !{null, !3, null, null}
!3 = !{!4}
!4 = !{i32 0, ptr addrspace(3) @buf, !"Buf", i32 0, i32 3, i32 1, i32 11, i1 false, i1 false, i1 false, null, float 5.000000e-01, i64 -9, ptr undef}
!5 = !{ptr @main, !"main", null, !2, !6}
!6 = !{i32 0, i64 8192}
!7 = !{i32 1}
!8 = distinct !{!8, !"loop"}

; IR: %v = load float, ptr addrspace(3) @buf, align 4, !dx.precise ![[#PRECISE:]]
; IR: !llvm.ident = !{!0}
; IR-NEXT: !dx.version = !{!1}
; IR-NEXT: !dx.resources = !{!2}
; IR-NEXT: !dx.entryPoints = !{!5}
; IR-NEXT: !dx.cycle = !{!7}
; IR: !0 = !{!"hlsl-mlir version 0"}
; IR-NEXT: !1 = !{i32 1, i32 6}
; IR-NEXT: !2 = !{null, !3, null, null}
; IR-NEXT: !3 = !{!4}
; IR-NEXT: !4 = !{i32 0, ptr addrspace(3) @buf, !"Buf", i32 0, i32 3, i32 1, i32 11, i1 false, i1 false, i1 false, null, float 5.000000e-01, i64 -9, ptr undef}
; IR-NEXT: !5 = !{ptr @main, !"main", null, !2, !6}
; IR-NEXT: !6 = !{i32 0, i64 8192}
; IR-NEXT: !7 = distinct !{!7, !"loop"}
; IR-NEXT: ![[#PRECISE]] = !{i32 1}

; CHECK: <TYPE_BLOCK_ID
; Type 4 is [4 x float], type 5 the type of @buf.
; CHECK: <ARRAY abbrevid=9 op0=4 op1=0/>
; CHECK-NEXT: <POINTER op0=4 op1=3/>
; CHECK: </TYPE_BLOCK_ID>
; CHECK: <METADATA_BLOCK NumWords={{[0-9]+}} BlockCodeSize=3>
; CHECK-NEXT: <STRING_OLD abbrevid=4 {{.*}}/> record string = 'hlsl-mlir version 0'
; CHECK-NEXT: <NODE op0=1/>
; CHECK-NEXT: <VALUE op0=[[#I32:]] op1=[[#]]/>
; CHECK-NEXT: <VALUE op0=[[#I32]] op1=[[#]]/>
; CHECK-NEXT: <NODE op0=3 op1=4/>
; !4: i32 0, then ptr addrspace(3) @buf: the global's typed pointer type
; (5), value id 0.
; CHECK-NEXT: <VALUE op0=[[#I32]] op1=[[#]]/>
; CHECK-NEXT: <VALUE op0=5 op1=0/>
; CHECK-NEXT: <STRING_OLD abbrevid=4 op0=66 op1=117 op2=102/> record string = 'Buf'
; CHECK: <VALUE op0=[[#]] op1=[[#]]/>
; !4: operands are metadata ids + 1 (i32 0 is 5, @buf 6, i32 1 shared with
; !1), 0 for null.
; CHECK: <NODE op0=6 op1=7 op2=8 op3=6 op4=9 op5=3 op6=10 op7=11 op8=11 op9=11 op10=0 op11=12 op12=13 op13=14/>
; CHECK-NEXT: <NODE op0=[[#RES:]]/>
; CHECK-NEXT: <NODE op0=0 op1=[[#RES+1]] op2=0 op3=0/>
; CHECK: <STRING_OLD abbrevid=4 op0=109 op1=97 op2=105 op3=110/> record string = 'main'
; A self-referencing distinct node: DISTINCT_NODE (5).
; Its first operand is itself (id + 1); !dx.cycle names it with its id.
; CHECK: <DISTINCT_NODE op0=[[#LOOP:]] op1=[[#]]/>
; CHECK: <NAME abbrevid=5 {{.*}}/> record string = 'llvm.ident'
; CHECK-NEXT: <NAMED_NODE op0=1/>
; CHECK-NEXT: <NAME abbrevid=5 {{.*}}/> record string = 'dx.version'
; CHECK-NEXT: <NAMED_NODE op0=4/>
; CHECK-NEXT: <NAME abbrevid=5 {{.*}}/> record string = 'dx.resources'
; CHECK-NEXT: <NAMED_NODE op0=[[#RES+1]]/>
; CHECK: record string = 'dx.cycle'
; CHECK-NEXT: <NAMED_NODE op0=[[#LOOP-1]]/>
; CHECK-NEXT: </METADATA_BLOCK>
; The kinds block: only the kind used by an attachment.
; CHECK-NEXT: <METADATA_BLOCK NumWords={{[0-9]+}} BlockCodeSize=3>
; CHECK-NEXT: <KIND op0=[[#KIND:]] op1=100 op2=120 op3=46 op4=112 op5=114 op6=101 op7=99 op8=105 op9=115 op10=101/>
; CHECK-NEXT: </METADATA_BLOCK>
; CHECK: <FUNCTION_BLOCK
; CHECK: <METADATA_ATTACHMENT
; [instruction index, kind, node]
; CHECK-NEXT: <ATTACHMENT op0=0 op1=[[#KIND]] op2=[[#]]/>
