// saxpy.hlsl written by hand in the hlsl dialect, the form the importer
// produces: y[i] = a * x[i] + y[i].
hlsl.resource @x : !hlsl.res<StructuredBuffer, f32> binding <t0>
hlsl.resource @y : !hlsl.res<RWStructuredBuffer, f32> binding <u0>
hlsl.cbuffer @Params cbuffer binding <b0> {
  hlsl.cbuffer_member @a : f32
  hlsl.cbuffer_member @n : i32
}

func.func @main(%tid: vector<3xi32> {hlsl.semantic = "SV_DispatchThreadID"})
    attributes {hlsl.entry, hlsl.shader = #hlsl<shader compute>,
                hlsl.numthreads = array<i32: 64, 1, 1>} {
  %i = vector.extract %tid[0] : i32 from vector<3xi32>
  %np = hlsl.cbuffer_addr @Params::@n : !hlsl.ptr<i32, constant>
  %n = hlsl.load %np : !hlsl.ptr<i32, constant>
  %inRange = arith.cmpi ult, %i, %n : i32
  scf.if %inRange {
    %ap = hlsl.cbuffer_addr @Params::@a : !hlsl.ptr<f32, constant>
    %a = hlsl.load %ap : !hlsl.ptr<f32, constant>
    %xh = hlsl.resource_handle @x : !hlsl.res<StructuredBuffer, f32>
    %yh = hlsl.resource_handle @y : !hlsl.res<RWStructuredBuffer, f32>
    %xp = hlsl.resource_addr %xh[%i] : !hlsl.res<StructuredBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
    %yp = hlsl.resource_addr %yh[%i] : !hlsl.res<RWStructuredBuffer, f32>, i32 -> !hlsl.ptr<f32, device>
    %xv = hlsl.load %xp : !hlsl.ptr<f32, device>
    %yv = hlsl.load %yp : !hlsl.ptr<f32, device>
    %ax = arith.mulf %a, %xv : f32
    %r = arith.addf %ax, %yv : f32
    hlsl.store %r, %yp : !hlsl.ptr<f32, device>
  }
  return
}
