; Vector types and instructions (DXIL before shader model 6.9 has none, but
; the writer keeps them): VECTOR type records, extractelement,
; insertelement and shufflevector (whose mask is a constant operand in
; bitcode), vector constants as DATA or AGGREGATE records.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

define <4 x float> @main(<4 x float> %v, float %s, i32 %i) {
  %a = fadd <4 x float> %v, <float 1.0, float 2.0, float 3.0, float 4.0>
  %e = extractelement <4 x float> %a, i32 %i
  %m = fmul float %e, %s
  %b = insertelement <4 x float> %a, float %m, i32 2
  %c = shufflevector <4 x float> %b, <4 x float> %v, <4 x i32> <i32 7, i32 0, i32 poison, i32 1>
  %k = add <2 x i32> <i32 1, i32 2>, <i32 3, i32 undef>
  ret <4 x float> %c
}

; IR: %a = fadd <4 x float> %v, <float 1.000000e+00, float 2.000000e+00, float 3.000000e+00, float 4.000000e+00>
; IR-NEXT: %e = extractelement <4 x float> %a, i32 %i
; IR-NEXT: %m = fmul float %e, %s
; IR-NEXT: %b = insertelement <4 x float> %a, float %m, i32 2
; IR-NEXT: %c = shufflevector <4 x float> %b, <4 x float> %v, <4 x i32> <i32 7, i32 0, i32 poison, i32 1>

; CHECK: <VECTOR op0=4 op1=[[#]]/>
; CHECK: <FUNCTION_BLOCK
; CHECK: <CONSTANTS_BLOCK
; CHECK: <DATA op0=1065353216 op1=1073741824 op2=1077936128 op3=1082130432/>
; The mask <7, 0, poison, 1>: an aggregate with an undef element.
; CHECK: <AGGREGATE op0=[[#]] op1=[[#]] op2=[[#]] op3=[[#]]/>
; CHECK: <INST_EXTRACTELT op0=1 op1={{[0-9]+}}/>
; CHECK: <INST_INSERTELT op0=3 op1=1 op2={{[0-9]+}}/>
; CHECK-NEXT: <INST_SHUFFLEVEC op0=1 op1={{[0-9]+}} op2={{[0-9]+}}/>
