; A compute shader as DXIL legalization hands it to the writer: dx.op calls,
; %dx.types.* structs, a handle from createHandleFromBinding, entry metadata.
; The bitcode must be LLVM 3.7's: version 1 (relative ids), no IDENTIFICATION
; block or string table, typed pointers (`{ i8* }` handles), one
; METADATA_STRING (STRING_OLD to LLVM 22) per string, calls with an explicit
; function type.

; RUN: dxil-bc-roundtrip %s -o %t.bc --print | FileCheck %s --check-prefix=IR
; RUN: llvm-bcanalyzer -dump %t.bc | FileCheck %s

target datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
target triple = "dxil-ms-dx"

%dx.types.Handle = type { ptr }
%dx.types.ResBind = type { i32, i32, i32, i8 }
%dx.types.ResourceProperties = type { i32, i32 }
%dx.types.ResRet.f32 = type { float, float, float, float, i32 }

define void @main() #0 {
entry:
  %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
  %in = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 0 }, i32 0, i1 false)
  %inA = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %in, %dx.types.ResourceProperties { i32 11, i32 0 })
  %out = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
  %outA = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %out, %dx.types.ResourceProperties { i32 4107, i32 0 })
  %off = shl i32 %tid, 2
  %ld = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %inA, i32 %off, i32 undef, i8 1, i32 4)
  %x = extractvalue %dx.types.ResRet.f32 %ld, 0
  %y = fmul fast float %x, 2.000000e+00
  call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %outA, i32 %off, i32 undef, float %y, float undef, float undef, float undef, i8 1, i32 4)
  ret void
}

declare i32 @dx.op.threadId.i32(i32, i32) #1
declare %dx.types.Handle @dx.op.createHandleFromBinding(i32, %dx.types.ResBind, i32, i1) #1
declare %dx.types.Handle @dx.op.annotateHandle(i32, %dx.types.Handle, %dx.types.ResourceProperties) #1
declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32) #2
declare void @dx.op.rawBufferStore.f32(i32, %dx.types.Handle, i32, i32, float, float, float, float, i8, i32) #3

attributes #0 = { nounwind }
attributes #1 = { nounwind memory(none) }
attributes #2 = { nounwind memory(read) }
attributes #3 = { nounwind }

!llvm.ident = !{!0}
!dx.version = !{!1}
!dx.valver = !{!1}
!dx.shaderModel = !{!2}
!dx.entryPoints = !{!3}
!0 = !{!"hlsl-mlir"}
!1 = !{i32 1, i32 6}
!2 = !{!"cs", i32 6, i32 6}
!3 = !{ptr @main, !"main", null, null, !4}
!4 = !{i32 0, i64 16, i32 4, !5}
!5 = !{i32 64, i32 1, i32 1}

; The module read back by LLVM 22.
; IR: ; bitcode datalayout = "e-m:e-p:32:32-i1:32-i8:8-i16:16-i32:32-i64:64-f16:16-f32:32-f64:64-n8:16:32:64"
; IR: target triple = "dxil-ms-dx"
; IR: %dx.types.Handle = type { ptr }
; IR: define void @main() #0 {
; IR-NEXT: entry:
; IR-NEXT: %tid = call i32 @dx.op.threadId.i32(i32 93, i32 0)
; IR-NEXT: %in = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind zeroinitializer, i32 0, i1 false)
; IR-NEXT: %inA = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %in, %dx.types.ResourceProperties { i32 11, i32 0 })
; IR-NEXT: %out = call %dx.types.Handle @dx.op.createHandleFromBinding(i32 217, %dx.types.ResBind { i32 0, i32 0, i32 0, i8 1 }, i32 0, i1 false)
; IR-NEXT: %outA = call %dx.types.Handle @dx.op.annotateHandle(i32 216, %dx.types.Handle %out, %dx.types.ResourceProperties { i32 4107, i32 0 })
; IR-NEXT: %off = shl i32 %tid, 2
; IR-NEXT: %ld = call %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32 139, %dx.types.Handle %inA, i32 %off, i32 undef, i8 1, i32 4)
; IR-NEXT: %x = extractvalue %dx.types.ResRet.f32 %ld, 0
; IR-NEXT: %y = fmul fast float %x, 2.000000e+00
; IR-NEXT: call void @dx.op.rawBufferStore.f32(i32 140, %dx.types.Handle %outA, i32 %off, i32 undef, float %y, float undef, float undef, float undef, i8 1, i32 4)
; IR-NEXT: ret void
; IR: declare %dx.types.ResRet.f32 @dx.op.rawBufferLoad.f32(i32, %dx.types.Handle, i32, i32, i8, i32) #2
; IR: attributes #0 = { nounwind }
; IR: attributes #1 = { nounwind memory(none) }
; IR: attributes #2 = { nounwind memory(read) }
; IR: !dx.entryPoints = !{!3}
; IR: !3 = !{ptr @main, !"main", null, null, !4}
; IR: !4 = !{i32 0, i64 16, i32 4, !5}

; The bitstream.
; CHECK-NOT: IDENTIFICATION
; CHECK: <MODULE_BLOCK NumWords={{[0-9]+}} BlockCodeSize=3>
; CHECK-NEXT: <VERSION op0=1/>
; CHECK-NEXT: <BLOCKINFO_BLOCK/>
; CHECK-NEXT: <PARAMATTR_GROUP_BLOCK_ID
; CHECK: <TYPE_BLOCK_ID NumWords={{[0-9]+}} BlockCodeSize=4>
; CHECK-NEXT: <NUMENTRY op0=[[#]]/>
; void main() is the first function type.
; CHECK-NEXT: <VOID/>
; CHECK-NEXT: <FUNCTION abbrevid=5 op0=0 op1=0/>
; CHECK-NEXT: <INTEGER op0=32/>
; i32 (i32, i32)
; CHECK-NEXT: <FUNCTION abbrevid=5 op0=0 op1=2 op2=2 op3=2/>
; %dx.types.Handle = type { i8* }
; CHECK-NEXT: <INTEGER op0=8/>
; CHECK-NEXT: <POINTER abbrevid=4 op0=4 op1=0/>
; CHECK-NEXT: <STRUCT_NAME abbrevid=7 {{.*}}/> record string = 'dx.types.Handle'
; CHECK-NEXT: <STRUCT_NAMED abbrevid=8 op0=0 op1=5/>
; CHECK: record string = 'dx.types.ResBind'
; CHECK: <FLOAT/>
; CHECK-NOT: OPAQUE_POINTER
; CHECK: </TYPE_BLOCK_ID>
; CHECK-NEXT: <TRIPLE op0=100 op1=120 op2=105 op3=108 op4=45 op5=109 op6=115 op7=45 op8=100 op9=120/>
; CHECK-NEXT: <DATALAYOUT
; One FUNCTION record per function, 15 operands: [type, cc, isproto,
; linkage, paramattr, alignment, section, visibility, gc, unnamed_addr,
; prologue, dllstorage, comdat, prefix, personality].
; CHECK-NEXT: <FUNCTION op0=1 op1=0 op2=0 op3=0 op4=1 op5=0 op6=0 op7=0 op8=0 op9=0 op10=0 op11=0 op12=0 op13=0 op14=0/>
; CHECK-NEXT: <FUNCTION op0=3 op1=0 op2=1 op3=0 op4=2 op5=0 op6=0 op7=0 op8=0 op9=0 op10=0 op11=0 op12=0 op13=0 op14=0/>
; CHECK: <CONSTANTS_BLOCK
; CHECK: <METADATA_BLOCK
; CHECK-NEXT: <STRING_OLD abbrevid=4 {{.*}}/> record string = 'hlsl-mlir'
; CHECK-NEXT: <NODE op0=1/>
; CHECK-NEXT: <VALUE op0=2 op1=[[#]]/>
; CHECK-NEXT: <VALUE op0=2 op1=[[#]]/>
; CHECK-NEXT: <NODE op0=3 op1=4/>
; CHECK-NEXT: <STRING_OLD abbrevid=4 op0=99 op1=115/> record string = 'cs'
; CHECK-NOT: STRINGS
; CHECK-NOT: INDEX_OFFSET
; CHECK: <NAME abbrevid=5 {{.*}}/> record string = 'llvm.ident'
; CHECK-NEXT: <NAMED_NODE op0=1/>
; CHECK: record string = 'dx.entryPoints'
; CHECK-NEXT: <NAMED_NODE
; CHECK-NEXT: </METADATA_BLOCK>
; Names of globals and functions; no function-offset entries.
; CHECK-NEXT: <VALUE_SYMTAB
; CHECK-NEXT: <ENTRY abbrevid=6 op0=0 {{.*}}/> record string = 'main'
; CHECK-NEXT: <ENTRY abbrevid=6 op0=1 {{.*}}/> record string = 'dx.op.threadId.i32'
; CHECK-NOT: FNENTRY
; CHECK: <FUNCTION_BLOCK
; CHECK-NEXT: <DECLAREBLOCKS op0=1/>
; CHECK: <INST_CALL op0=0 op1=32768 op2=3 {{.*}}/>
; CHECK: <INST_CALL op0=0 op1=32768 op2=[[#]] {{.*}}/>
; CHECK: <INST_BINOP abbrevid=5 {{.*}} op2=7/>
; CHECK: <INST_EXTRACTVAL op0=1 op1=0/>
; fmul fast: opcode 2 with all five 3.7 fast-math bits.
; CHECK-NEXT: <INST_BINOP abbrevid=6 op0=1 op1={{[0-9]+}} op2=2 op3=31/>
; CHECK: <INST_RET abbrevid=8/>
; CHECK: <VALUE_SYMTAB
; CHECK: <BBENTRY abbrevid=7 op0=0 {{.*}}/> record string = 'entry'
; CHECK: </MODULE_BLOCK>
; CHECK-NOT: IDENTIFICATION
; CHECK-NOT: STRTAB
