; The symbol of a !dx.resources record is held as an undef of the resource's
; type (LLVM 22 has no typed pointers) and written as an undef pointer to it,
; as DXC writes `[4 x %"class.RWBuffer<float>"]* undef` and `%C* undef`: DXC's
; validator requires a constant buffer's pointee to be a struct, takes a
; typed resource's element type from field 0, and allows dynamic indices
; (SM 6.0-6.5) only into array pointees. Reading back gives the undefs of
; the pointee types again (readDXILBitcode), and the read-back check passes.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%"class.RWBuffer<float>" = type { float }
%C = type { <4 x float>, i32 }

define void @main() {
entry:
  ret void
}

!dx.resources = !{!0}
!0 = !{null, !1, !3, null}
!1 = !{!2}
!2 = !{i32 0, [4 x %"class.RWBuffer<float>"] undef, !"B", i32 0, i32 0, i32 4, i32 10, i1 false, i1 false, i1 false, !5}
!3 = !{!4}
!4 = !{i32 0, %C undef, !"C", i32 0, i32 0, i32 1, i32 20, null}
!5 = !{i32 0, i32 9}

; IR: !{i32 0, [4 x %"class.RWBuffer<float>"] undef, !"B", i32 0, i32 0, i32 4, i32 10,
; IR: !{i32 0, %C undef, !"C", i32 0, i32 0, i32 1, i32 20, null}

; Type ids: 4 float, 5 the RWBuffer struct, 6 [4 x it], 7 a pointer to the
; array; 10 %C, 11 a pointer to it.
; CHECK: <TYPE_BLOCK_ID
; CHECK: <FLOAT/>
; The name is not char6 ('<', '>'): "class." ... ">" as bytes.
; CHECK-NEXT: <STRUCT_NAME op0=99 op1=108 op2=97 op3=115 op4=115 op5=46 op6=82 {{.*}} op20=62/>
; CHECK-NEXT: <STRUCT_NAMED abbrevid={{[0-9]+}} op0=0 op1=4/>
; CHECK-NEXT: <ARRAY abbrevid={{[0-9]+}} op0=4 op1=5/>
; CHECK-NEXT: <POINTER abbrevid={{[0-9]+}} op0=6 op1=0/>
; CHECK: <STRUCT_NAME abbrevid={{[0-9]+}} op0=67/> record string = 'C'
; CHECK-NEXT: <STRUCT_NAMED abbrevid={{[0-9]+}} op0=0 op1=9 op2=3/>
; CHECK-NEXT: <POINTER abbrevid={{[0-9]+}} op0=10 op1=0/>
; CHECK: </TYPE_BLOCK_ID>
; CHECK: <CONSTANTS_BLOCK
; CHECK: <SETTYPE abbrevid={{[0-9]+}} op0=7/>
; CHECK-NEXT: <UNDEF/>
; CHECK: <SETTYPE abbrevid={{[0-9]+}} op0=11/>
; CHECK-NEXT: <UNDEF/>
; CHECK: <METADATA_BLOCK
; CHECK: <VALUE op0=7 op1=[[#]]/>
; CHECK-NEXT: <STRING_OLD {{.*}}/> record string = 'B'
; CHECK: <VALUE op0=11 op1=[[#]]/>
; CHECK-NEXT: <STRING_OLD {{.*}}/> record string = 'C'
