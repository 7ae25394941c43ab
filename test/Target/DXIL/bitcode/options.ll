; The writer's options: the data layout string is written as given (LLVM 22
; cannot parse DXIL's legacy `i8:32` layout, so the tool prints the layout
; stored in the bitcode as a comment and reads the module with the input's
; layout). By default dxil-bc-roundtrip writes the 16-bit layout for modules
; that have it and the legacy one otherwise. --no-local-names leaves the
; function symbol tables out; global names are always written.

; RUN: dxil-bc-roundtrip %s -o %t.native.bc --print | FileCheck %s --check-prefix=NATIVE
; RUN: dxil-bc-roundtrip %s -o %t.legacy.bc --data-layout=legacy --print | FileCheck %s --check-prefix=LEGACY
; RUN: llvm-bcanalyzer -dump %t.legacy.bc | FileCheck %s --check-prefix=BC
; RUN: dxil-bc-roundtrip %s -o %t.nonames.bc --no-local-names
; RUN: llvm-bcanalyzer -dump %t.nonames.bc | FileCheck %s --check-prefix=NONAMES

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

define i16 @main(i16 %x) {
entry:
  %y = add i16 %x, 1
  ret i16 %y
}

; NATIVE: ; bitcode datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
; LEGACY: ; bitcode datalayout = "e-m:e-p:32:32-i1:32-i8:32-i16:32-i32:32-i64:64-f16:32-f32:32-f64:64-n8:16:32:64"
; LEGACY: %y = add i16 %x, 1

; BC: <TRIPLE op0=100 op1=120 op2=105 op3=108 op4=45 op5=109 op6=115 op7=45 op8=100 op9=120/>
; BC-NEXT: <DATALAYOUT op0=101 op1=45 op2=109 op3=58 op4=101 op5=45 op6=112 op7=58 op8=51 op9=50 op10=58 op11=51 op12=50 op13=45 op14=105 op15=49 op16=58 op17=51 op18=50 op19=45 op20=105 op21=56 op22=58 op23=51 op24=50 op25=45 op26=105 op27=49 op28=54 op29=58 op30=51 op31=50 op32=45 op33=105 op34=51 op35=50 op36=58 op37=51 op38=50 op39=45 op40=105 op41=54 op42=52 op43=58 op44=54 op45=52 op46=45 op47=102 op48=49 op49=54 op50=58 op51=51 op52=50 op53=45 op54=102 op55=51 op56=50 op57=58 op58=51 op59=50 op60=45 op61=102 op62=54 op63=52 op64=58 op65=54 op66=52 op67=45 op68=110 op69=56 op70=58 op71=49 op72=54 op73=58 op74=51 op75=50 op76=58 op77=54 op78=52/>
; BC: <FUNCTION_BLOCK
; BC: <VALUE_SYMTAB
; BC-NEXT: <ENTRY abbrevid=6 op0={{[0-9]+}} op1=120/> record string = 'x'
; BC-NEXT: <ENTRY abbrevid=6 op0={{[0-9]+}} op1=121/> record string = 'y'
; BC-NEXT: <BBENTRY abbrevid=7 op0=0 {{.*}}/> record string = 'entry'

; NONAMES: <VALUE_SYMTAB
; NONAMES-NEXT: <ENTRY abbrevid=6 op0=0 {{.*}}/> record string = 'main'
; NONAMES: <FUNCTION_BLOCK
; NONAMES-NOT: VALUE_SYMTAB
; NONAMES: </FUNCTION_BLOCK>
