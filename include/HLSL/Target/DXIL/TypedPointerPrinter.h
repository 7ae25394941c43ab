//===- TypedPointerPrinter.h - DXIL text with typed pointers ----*- C++ -*-===//
//
// DXIL is LLVM 3.7 IR, whose pointers carry their pointee type (`float*`,
// `[64 x i32] addrspace(3)*`). LLVM 22 reads such bitcode into opaque `ptr`s;
// this printer writes a module as text with the pointee types put back, the
// way DXC's disassembler shows DXIL.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_TYPEDPOINTERPRINTER_H
#define HLSL_TARGET_DXIL_TYPEDPOINTERPRINTER_H

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace mlir::hlsl::dxil {

/// Prints `module` as LLVM IR text in which every `ptr` is a typed pointer.
/// Pointees come from what the IR says (globals, allocas, GEPs, functions),
/// else from how a pointer is used (the load, store, GEP or atomic that
/// reads through it), else i8, as the DXIL writer assigns them; resource
/// symbols in `!dx.resources` (held as undefs of their pointee) print as
/// typed undef pointers.
void printWithTypedPointers(const llvm::Module &module, llvm::raw_ostream &os);

} // namespace mlir::hlsl::dxil

#endif // HLSL_TARGET_DXIL_TYPEDPOINTERPRINTER_H
