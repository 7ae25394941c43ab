// An hlsl parameter attribute on a function declaration (no entry block)
// is verified against the declared argument type. Regression (found by
// hlsl-fuzz-mlir once it reached the passes): the verifier read the type
// from the missing entry block and crashed on a null type (SIGSEGV).
// RUN: not hlsl-opt --split-input-file %s 2>&1 | FileCheck %s --implicit-check-not=error:
// CHECK: error: out/inout parameter must be a function-space pointer, got '!llvm.ptr'
// CHECK: error: out/inout parameter must be a function-space pointer, got 'i32'

llvm.func @declared(!llvm.ptr {hlsl.direction = #hlsl<direction inout>})

// -----

llvm.func @declared(!llvm.ptr {hlsl.direction = #hlsl<direction in>})
func.func private @f(i32 {hlsl.direction = #hlsl<direction out>})
