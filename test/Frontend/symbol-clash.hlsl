// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Regression test (this used to be wrong): cbuffer names are not identifiers, so `cbuffer main` next to the entry
// point `main` is valid HLSL, but both become the module symbol @main and the
// import fails verification ("redefinition of symbol named 'main'"). The
// entry point must keep its name; the cbuffer symbol should be uniqued (its
// source name is kept in `name`).

cbuffer main { float x; }
RWStructuredBuffer<float> Out;

[numthreads(1,1,1)]
void main() { Out[0] = x; }

// CHECK: hlsl.cbuffer @[[CB:main_[0-9]+]] cbuffer binding <order 0> name "main" {
// CHECK-NEXT: hlsl.cbuffer_member @x : f32
// CHECK: func.func @main()
// CHECK-NEXT: hlsl.cbuffer_addr @[[CB]]::@x : !hlsl.ptr<f32, constant>
