// RUN: hlsl-translate --import-hlsl %s -T cs_6_6 -E main | FileCheck %s
// Seed 002 (constant buffers): cbuffer blocks, the implicit $Globals buffer
// and ConstantBuffer<T>. Members are listed in declaration order; static,
// groupshared, resource, empty-struct and zero-sized-array declarations are
// not members (they become globals/resources or disappear). Member reads are
// loads from hlsl.cbuffer_addr in the constant address space. The order id
// of $Globals (built after all declarations) is left open: the seeds do not
// say where DXC places $Globals among implicitly bound constant buffers.

cbuffer MyConstant : register(b1) {
  float4 F;
}

float4 G;        // -> $Globals
int GArr[0];     // zero-sized: not in $Globals
static float GS; // static: not in $Globals

struct MyConstants {
  float4 H;
  int K;
};

ConstantBuffer<MyConstants> CB;

struct Something {
  int a;
  float f[0];   // zero-sized array
};

struct Empty {};
Empty EG;        // empty struct: not in $Globals

cbuffer CBx {
    float x;
    RWBuffer<float> buf;   // resource class
    Something s;           // embedded struct
    static float y;        // static variable
    groupshared float gs;  // groupshared variable
    Empty e;               // empty struct
    float z[0];            // zero-sized array
    int w;
}

cbuffer MyConstants2 {
  float2 a;
  int c;
}

struct S {
  float f;
};

cbuffer Constants {
  int i;
  S s2;
};

cbuffer OtherConstants {
  float4 v;
  int array[10];
};

RWStructuredBuffer<float4> Out;

[numthreads(1,1,1)]
void main() {
  Out[0] = F + G + CB.H + CB.K + x + s.a + w + a.y + c + y + gs + GS + i + s2.f + v + array[9];
}

// CHECK-LABEL: module attributes {hlsl.profile = "{{[a-z]+_6_[0-9]}}"} {
// $Globals comes first and takes the first place in the implicit-binding
// order, as DXC allocates it (b0 when nothing else claims it).
// CHECK-NEXT: hlsl.cbuffer @"$Globals" globals binding <order 0> {
// CHECK-NEXT:   hlsl.cbuffer_member @G : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.cbuffer @MyConstant cbuffer binding <b1> {
// CHECK-NEXT:   hlsl.cbuffer_member @F : vector<4xf32>
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.global static @GS : f32
// CHECK-NEXT: hlsl.cbuffer @CB constant_buffer binding <order 1> contents "MyConstants" {
// CHECK-NEXT:   hlsl.cbuffer_member @H : vector<4xf32>
// CHECK-NEXT:   hlsl.cbuffer_member @K : i32
// CHECK-NEXT: }
// The resource, static and groupshared declarations of CBx are module-level
// declarations of their own.
// CHECK-NEXT: hlsl.resource @buf : !hlsl.res<RWBuffer, f32> binding <order 2>
// CHECK-NEXT: hlsl.global static @y : f32
// CHECK-NEXT: hlsl.global groupshared @gs : f32
// CHECK-NEXT: hlsl.cbuffer @CBx cbuffer binding <order 3> {
// CHECK-NEXT:   hlsl.cbuffer_member @x : f32
// CHECK-NEXT:   hlsl.cbuffer_member @s : !hlsl.struct<"Something", {a: i32, f: !hlsl.array<0 x f32>}>
// CHECK-NEXT:   hlsl.cbuffer_member @w : i32
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.cbuffer @MyConstants2 cbuffer binding <order 4> {
// CHECK-NEXT:   hlsl.cbuffer_member @a : vector<2xf32>
// CHECK-NEXT:   hlsl.cbuffer_member @c : i32
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.cbuffer @Constants cbuffer binding <order 5> {
// CHECK-NEXT:   hlsl.cbuffer_member @i : i32
// CHECK-NEXT:   hlsl.cbuffer_member @s2 : !hlsl.struct<"S", {f: f32}>
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.cbuffer @OtherConstants cbuffer binding <order 6> {
// CHECK-NEXT:   hlsl.cbuffer_member @v : vector<4xf32>
// CHECK-NEXT:   hlsl.cbuffer_member @array : !hlsl.array<10 x i32>
// CHECK-NEXT: }
// CHECK-NEXT: hlsl.resource @Out : !hlsl.res<RWStructuredBuffer, vector<4xf32>> binding <order 7>

// CHECK-LABEL: func.func @main()
// CHECK-NEXT: %[[F:.*]] = hlsl.cbuffer_addr @MyConstant::@F : !hlsl.ptr<vector<4xf32>, constant>
// CHECK-NEXT: hlsl.load %[[F]] : !hlsl.ptr<vector<4xf32>, constant>
// CHECK-NEXT: %[[G:.*]] = hlsl.cbuffer_addr @"$Globals"::@G : !hlsl.ptr<vector<4xf32>, constant>
// CHECK-NEXT: hlsl.load %[[G]] : !hlsl.ptr<vector<4xf32>, constant>
// CHECK-NEXT: arith.addf
// CB.H is a member of the ConstantBuffer<T>'s buffer.
// CHECK-NEXT: %[[H:.*]] = hlsl.cbuffer_addr @CB::@H : !hlsl.ptr<vector<4xf32>, constant>
// CHECK-NEXT: hlsl.load %[[H]] : !hlsl.ptr<vector<4xf32>, constant>
// CHECK: hlsl.cbuffer_addr @CB::@K : !hlsl.ptr<i32, constant>
// CHECK: hlsl.cbuffer_addr @CBx::@x : !hlsl.ptr<f32, constant>
// CHECK: %[[S:.*]] = hlsl.cbuffer_addr @CBx::@s : !hlsl.ptr<!hlsl.struct<"Something", {a: i32, f: !hlsl.array<0 x f32>}>, constant>
// CHECK-NEXT: %[[SA:.*]] = hlsl.field_addr %[[S]][0] : !hlsl.ptr<!hlsl.struct<"Something", {a: i32, f: !hlsl.array<0 x f32>}>, constant> -> !hlsl.ptr<i32, constant>
// CHECK-NEXT: hlsl.load %[[SA]] : !hlsl.ptr<i32, constant>
// CHECK: hlsl.cbuffer_addr @CBx::@w : !hlsl.ptr<i32, constant>
// CHECK: hlsl.cbuffer_addr @MyConstants2::@a : !hlsl.ptr<vector<2xf32>, constant>
// CHECK: hlsl.cbuffer_addr @MyConstants2::@c : !hlsl.ptr<i32, constant>
// The static and groupshared members are ordinary globals.
// CHECK: hlsl.global_addr @y : !hlsl.ptr<f32, static>
// CHECK: hlsl.global_addr @gs : !hlsl.ptr<f32, groupshared>
// CHECK: hlsl.global_addr @GS : !hlsl.ptr<f32, static>
// CHECK: hlsl.cbuffer_addr @Constants::@i : !hlsl.ptr<i32, constant>
// CHECK: %[[S2:.*]] = hlsl.cbuffer_addr @Constants::@s2 : !hlsl.ptr<!hlsl.struct<"S", {f: f32}>, constant>
// CHECK-NEXT: hlsl.field_addr %[[S2]][0] : !hlsl.ptr<!hlsl.struct<"S", {f: f32}>, constant> -> !hlsl.ptr<f32, constant>
// CHECK: hlsl.cbuffer_addr @OtherConstants::@v : !hlsl.ptr<vector<4xf32>, constant>
// CHECK: %[[ARR:.*]] = hlsl.cbuffer_addr @OtherConstants::@array : !hlsl.ptr<!hlsl.array<10 x i32>, constant>
// CHECK-NEXT: %[[C9:.*]] = arith.constant 9 : i32
// CHECK-NEXT: hlsl.element_addr %[[ARR]][%[[C9]]] : !hlsl.ptr<!hlsl.array<10 x i32>, constant>, i32 -> !hlsl.ptr<i32, constant>
