; Arithmetic, casts, flags and constants: i1/i8/i16/i64, half/float/double,
; nuw/nsw/exact and fast-math flags (LLVM 3.7 bits: UnsafeAlgebra 1, NoNaNs 2,
; NoInfs 4, NoSignedZeros 8, AllowReciprocal 16), aggregates, strings, data
; arrays, poison (written as undef), constant expressions on globals.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%pair = type { i32, float }

@str = private unnamed_addr constant [6 x i8] c"hello\00", align 1
@raw = internal constant [3 x i8] c"a\FFb", align 1
@ints = internal constant [3 x i32] [i32 1, i32 -2, i32 3], align 4
@dbls = internal constant [2 x double] [double 1.5, double -0.0], align 8
@halves = internal constant [2 x half] [half 0xH3C00, half 0xH4000], align 2
@agg = internal global %pair { i32 -1, float 2.5 }, align 4
@zero = internal global [4 x i32] zeroinitializer, align 4
@p = internal global ptr getelementptr inbounds ([3 x i32], ptr @ints, i32 0, i32 2), align 4
@u = internal global i32 poison, align 4

define i64 @main(i32 %a, i32 %b, half %h, double %d) {
entry:
  %add = add nuw nsw i32 %a, %b
  %sub = sub nsw i32 %a, 7
  %mul = mul nuw i32 %add, %sub
  %div = sdiv exact i32 %mul, 4
  %rem = urem i32 %div, 3
  %shl = shl i32 %rem, 2
  %ashr = ashr exact i32 %shl, 1
  %xor = xor i32 %ashr, -1
  %t8 = trunc i32 %xor to i8
  %t16 = zext i8 %t8 to i16
  %t1 = icmp ne i16 %t16, 0
  %wide = sext i32 %xor to i64
  %m64 = mul i64 %wide, 1099511627776
  %hf = fpext half %h to float
  %fa = fadd fast float %hf, 1.000000e+00
  %fb = fmul nnan ninf float %fa, %fa
  %fc = fdiv arcp nsz float %fb, 3.000000e+00
  %fr = frem reassoc float %fc, 2.000000e+00
  %fd = fpext float %fr to double
  %dd = fsub double %d, %fd
  %dh = fptrunc double %dd to half
  %hi = fptoui half %dh to i32
  %sf = sitofp i32 %hi to float
  %uf = uitofp i1 %t1 to double
  %bits = bitcast float %sf to i32
  %ins = insertvalue %pair poison, i32 %bits, 0
  %ins2 = insertvalue %pair %ins, float %sf, 1
  %ext = extractvalue %pair %ins2, 0
  %q = load ptr, ptr @p, align 4
  %qi = ptrtoint ptr %q to i32
  %sum = add i32 %ext, %qi
  %r = zext i32 %sum to i64
  %res = add i64 %r, %m64
  ret i64 %res
}

; IR: @str = private unnamed_addr constant [6 x i8] c"hello\00", align 1
; IR-NEXT: @raw = internal constant [3 x i8] c"a\FFb", align 1
; IR-NEXT: @ints = internal constant [3 x i32] [i32 1, i32 -2, i32 3], align 4
; IR-NEXT: @dbls = internal constant [2 x double] [double 1.500000e+00, double -0.000000e+00], align 8
; IR-NEXT: @halves = internal constant [2 x half] [half 0xH3C00, half 0xH4000], align 2
; IR-NEXT: @agg = internal global %pair { i32 -1, float 2.500000e+00 }, align 4
; IR-NEXT: @zero = internal global [4 x i32] zeroinitializer, align 4
; IR-NEXT: @p = internal global ptr getelementptr inbounds ([3 x i32], ptr @ints, i32 0, i32 2), align 4
; IR-NEXT: @u = internal global i32 undef, align 4
; IR: %add = add nuw nsw i32 %a, %b
; IR-NEXT: %sub = sub nsw i32 %a, 7
; IR-NEXT: %mul = mul nuw i32 %add, %sub
; IR-NEXT: %div = sdiv exact i32 %mul, 4
; IR: %ashr = ashr exact i32 %shl, 1
; IR: %m64 = mul i64 %wide, 1099511627776
; IR: %fa = fadd fast float %hf, 1.000000e+00
; IR-NEXT: %fb = fmul nnan ninf float %fa, %fa
; IR-NEXT: %fc = fdiv nsz arcp float %fb, 3.000000e+00
; reassoc alone has no LLVM 3.7 form.
; IR-NEXT: %fr = frem float %fc, 2.000000e+00
; IR: %ins = insertvalue %pair undef, i32 %bits, 0
; IR: %q = load ptr, ptr @p, align 4
; IR-NEXT: %qi = ptrtoint ptr %q to i32

; CHECK: <CONSTANTS_BLOCK
; "hello\00" as a char6 CSTRING without the NUL; "a\FFb" as STRING.
; CHECK: <CSTRING abbrevid=11 op0=104 op1=101 op2=108 op3=108 op4=111/> record string = 'hello'
; CHECK: <STRING abbrevid=9 op0=97 op1=255 op2=98/>
; Integer and double arrays as DATA.
; CHECK: <DATA op0=1 op1=4294967294 op2=3/>
; CHECK: <DATA op0=4609434218613702656 op1={{-?}}9223372036854775808/>
; Half arrays element by element.
; CHECK: <FLOAT op0=15360/>
; CHECK-NEXT: <FLOAT op0=16384/>
; CHECK-NEXT: <SETTYPE
; CHECK-NEXT: <AGGREGATE abbrevid=8 op0=[[#]] op1=[[#]]/>
; Signed VBR integers: -1 -> 3.
; CHECK: <INTEGER abbrevid=5 op0=3/>
; CHECK: <NULL/>
; The GEP expression, bitcast to @p's i8* value type (CE_CAST: [opcode 11,
; operand type, operand]).
; CHECK: <CE_INBOUNDS_GEP
; CHECK-NEXT: <SETTYPE
; CHECK-NEXT: <CE_CAST abbrevid=6 op0=11 op1=[[#]] op2=[[#]]/>
; poison -> UNDEF
; CHECK: <UNDEF/>
; CHECK: </CONSTANTS_BLOCK>

; CHECK: <FUNCTION_BLOCK
; add nuw nsw: nuw = 1, nsw = 2
; (relative ids: %a is 14 values back, %b 13)
; CHECK: <INST_BINOP abbrevid=6 op0=14 op1=13 op2=0 op3=3/>
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=15 op1={{[0-9]+}} op2=1 op3=2/>
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=2 op1=1 op2=2 op3=1/>
; sdiv exact: exact = 1
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=1 op1={{[0-9]+}} op2=4 op3=1/>
; CHECK-NEXT: <INST_BINOP abbrevid=5 op0=1 op1={{[0-9]+}} op2=5/>
; CHECK-NEXT: <INST_BINOP abbrevid=5 op0=1 op1={{[0-9]+}} op2=7/>
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=1 op1={{[0-9]+}} op2=9 op3=1/>
; CHECK-NEXT: <INST_BINOP abbrevid=5 op0=1 op1={{[0-9]+}} op2=12/>
; trunc = 0, zext = 1
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=1 op1=[[#]] op2=0/>
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=1 op1=[[#]] op2=1/>
; CHECK-NEXT: <INST_CMP2 op0=1 op1={{[0-9]+}} op2=33/>
; sext = 2
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=4 op1=[[#]] op2=2/>
; CHECK-NEXT: <INST_BINOP abbrevid=5 op0=1 op1={{[0-9]+}} op2=2/>
; fpext = 8
; CHECK-NEXT: <INST_CAST abbrevid=7 op0={{[0-9]+}} op1=[[#]] op2=8/>
; fast = 31; nnan ninf = 6; arcp nsz = 24; reassoc = none
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=1 op1={{[0-9]+}} op2=0 op3=31/>
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=1 op1=1 op2=2 op3=6/>
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=1 op1={{[0-9]+}} op2=4 op3=24/>
; CHECK-NEXT: <INST_BINOP abbrevid=5 op0=1 op1={{[0-9]+}} op2=6/>
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=1 op1=[[#]] op2=8/>
; CHECK-NEXT: <INST_BINOP abbrevid=5 op0={{[0-9]+}} op1=1 op2=1/>
; fptrunc = 7, fptoui = 3, sitofp = 6, uitofp = 5, bitcast = 11
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=1 op1=[[#]] op2=7/>
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=1 op1=[[#]] op2=3/>
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=1 op1=[[#]] op2=6/>
; CHECK-NEXT: <INST_CAST abbrevid=7 op0={{[0-9]+}} op1=[[#]] op2=5/>
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=2 op1=[[#]] op2=11/>
; CHECK-NEXT: <INST_INSERTVAL op0={{[0-9]+}} op1=1 op2=0/>
; CHECK-NEXT: <INST_INSERTVAL op0=1 op1=4 op2=1/>
; CHECK-NEXT: <INST_EXTRACTVAL op0=1 op1=0/>
; ptrtoint = 9
; CHECK-NEXT: <INST_LOAD
; CHECK-NEXT: <INST_CAST abbrevid=7 op0=1 op1=[[#]] op2=9/>
