; Typed pointers reconstructed from an opaque-pointer module: allocas get
; their allocated type, GEPs their result element type, and a pointer used at
; another pointee type gets a cast in front of the use: a GEP with zero
; indices when the type is the first element (nested), a bitcast otherwise.
; Pointer arguments take the type of their first typed use, declarations the
; type of the argument at their first call site.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%struct.S = type { [4 x float], i32 }

define float @main(i32 %i) {
entry:
  %arr = alloca [8 x float], align 4
  %s = alloca %struct.S, align 4
  %p = getelementptr inbounds [8 x float], ptr %arr, i32 0, i32 %i
  store float 1.000000e+00, ptr %p, align 4
  %v = load float, ptr %p, align 4
  ; the array's first element: a zero-index GEP
  store float %v, ptr %arr, align 4
  %w = load float, ptr %arr, align 4
  ; the same array read as i32: a bitcast (reused by the second load)
  %bits = load i32, ptr %arr, align 4
  %bits2 = load i32, ptr %arr, align 4
  ; nested first element of a struct
  %f0 = load float, ptr %s, align 4
  %m = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
  store i32 %bits, ptr %m, align 4
  %r = call float @sum(ptr %arr, i32 %i)
  call void @ext(ptr %p)
  ret float %r
}

define internal float @sum(ptr %a, i32 %n) {
  %e = getelementptr inbounds [8 x float], ptr %a, i32 0, i32 %n
  %x = load float, ptr %e, align 4
  ret float %x
}

declare void @ext(ptr)

; IR-LABEL: define float @main(i32 %i) {
; IR:      %arr = alloca [8 x float], align 4
; IR-NEXT: %s = alloca %struct.S, align 4
; IR-NEXT: %p = getelementptr inbounds [8 x float], ptr %arr, i32 0, i32 %i
; IR-NEXT: store float 1.000000e+00, ptr %p, align 4
; IR-NEXT: %v = load float, ptr %p, align 4
; IR-NEXT: [[FIRST:%.*]] = getelementptr inbounds [8 x float], ptr %arr, i32 0, i32 0
; IR-NEXT: store float %v, ptr [[FIRST]], align 4
; IR-NEXT: %w = load float, ptr [[FIRST]], align 4
; IR-NEXT: [[ASI32:%.*]] = bitcast ptr %arr to ptr
; IR-NEXT: %bits = load i32, ptr [[ASI32]], align 4
; IR-NEXT: %bits2 = load i32, ptr [[ASI32]], align 4
; IR-NEXT: [[NESTED:%.*]] = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 0, i32 0
; IR-NEXT: %f0 = load float, ptr [[NESTED]], align 4
; IR-NEXT: %m = getelementptr inbounds %struct.S, ptr %s, i32 0, i32 1
; IR-NEXT: store i32 %bits, ptr %m, align 4
; IR-NEXT: %r = call float @sum(ptr %arr, i32 %i)
; IR-NEXT: call void @ext(ptr %p)
; IR-NEXT: ret float %r

; The pointer types of the table: [8 x float]* for %arr and @sum's
; argument, float* for the GEPs and @ext's parameter, i32* for the cast.
; CHECK: <TYPE_BLOCK_ID
; CHECK-DAG: <FLOAT/>
; CHECK-DAG: <ARRAY abbrevid=9 op0=8 op1=[[#FLOAT:]]/>
; CHECK: </TYPE_BLOCK_ID>
; CHECK: <FUNCTION_BLOCK
; CHECK: <INST_ALLOCA op0=[[#ARRAY:]] op1=[[#]] op2=[[#]] op3=67/>
; CHECK-NEXT: <INST_ALLOCA op0=[[#]] op1=[[#]] op2=[[#]] op3=67/>
; CHECK-NEXT: <INST_GEP abbrevid=11 op0=1 op1=[[#ARRAY]] op2=2 {{.*}}/>
; CHECK-NEXT: <INST_STORE op0=1 {{.*}}/>
; CHECK-NEXT: <INST_LOAD abbrevid=4 op0=1 op1=[[#FLOAT]] op2=3 op3=0/>
; CHECK-NEXT: <INST_GEP abbrevid=11 op0=1 op1=[[#ARRAY]] op2=4 {{.*}}/>
; CHECK-NEXT: <INST_STORE op0=1 op1=2 op2=3 op3=0/>
; CHECK-NEXT: <INST_LOAD abbrevid=4 op0=1 op1=[[#FLOAT]] op2=3 op3=0/>
; bitcast: cast opcode 11
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=6 op1=[[#I32PTR:]] op2=11/>
; CHECK-NEXT: <INST_LOAD abbrevid=4 op0=1 op1=[[#]] op2=3 op3=0/>
; CHECK-NEXT: <INST_LOAD abbrevid=4 op0=2 op1=[[#]] op2=3 op3=0/>
