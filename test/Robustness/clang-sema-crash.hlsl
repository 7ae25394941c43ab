// RUN: env ASAN_OPTIONS=handle_segv=0:allow_user_poisoning=0:detect_leaks=0 not hlsl-translate --import-hlsl %s -T cs_6_6 -E main 2>&1 | FileCheck %s
// (ASAN_OPTIONS matter only for the sanitizer build: ASan's own SEGV handler
// would report the crash in uninstrumented Clang before the recovery runs,
// and the abandoned compiler state is leaked on purpose.)
// Clang 22's HLSL Sema crashes building the layout of a cbuffer that holds
// a struct left incomplete by a syntax error (found by hlsl-fuzz-import).
// The import runs Clang under crash recovery: the user gets Clang's errors
// and a clear final error at the place Clang had read up to (the last
// token it read: the `}` closing the cbuffer), with a non-zero exit, not a
// stack dump.
// CHECK: error: variable has incomplete type '{{(struct )?}}Light'
// CHECK: clang-sema-crash.hlsl:20:2: error: Clang crashed while parsing this file, before this point (a bug in Clang 22's HLSL support; the errors above, if any, are the likely cause)
// CHECK-NOT: Stack dump
struct Light asfloat{
  float3 position;
m;

cbuffer SceneConstants : register(b0) {
  Light Lights[4];
};

[numthreads(1, 1, 1)]
void main() {}
