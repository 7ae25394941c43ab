//===- HLSLEnums.td - hlsl dialect enumerations ------------*- tablegen -*-===//

#ifndef HLSL_DIALECT_HLSL_IR_HLSLENUMS_TD
#define HLSL_DIALECT_HLSL_IR_HLSLENUMS_TD

include "mlir/IR/EnumAttr.td"

def HLSL_ResourceClass : I32EnumAttr<"ResourceClass",
    "descriptor class of a resource (the register letter t/u/b/s)", [
      I32EnumAttrCase<"SRV", 0, "srv">,
      I32EnumAttrCase<"UAV", 1, "uav">,
      I32EnumAttrCase<"CBV", 2, "cbv">,
      I32EnumAttrCase<"Sampler", 3, "sampler">]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

// The resource kinds HLSL spells as types. The descriptor class, whether the
// kind has an element type and how it is subscripted all follow from it.
def HLSL_ResourceKind : I32EnumAttr<"ResourceKind", "HLSL resource type", [
      I32EnumAttrCase<"Buffer", 0>,
      I32EnumAttrCase<"RWBuffer", 1>,
      I32EnumAttrCase<"RasterizerOrderedBuffer", 2>,
      I32EnumAttrCase<"StructuredBuffer", 3>,
      I32EnumAttrCase<"RWStructuredBuffer", 4>,
      I32EnumAttrCase<"RasterizerOrderedStructuredBuffer", 5>,
      I32EnumAttrCase<"AppendStructuredBuffer", 6>,
      I32EnumAttrCase<"ConsumeStructuredBuffer", 7>,
      I32EnumAttrCase<"ByteAddressBuffer", 8>,
      I32EnumAttrCase<"RWByteAddressBuffer", 9>,
      I32EnumAttrCase<"RasterizerOrderedByteAddressBuffer", 10>,
      I32EnumAttrCase<"Texture1D", 11>,
      I32EnumAttrCase<"Texture1DArray", 12>,
      I32EnumAttrCase<"Texture2D", 13>,
      I32EnumAttrCase<"Texture2DArray", 14>,
      I32EnumAttrCase<"Texture3D", 15>,
      I32EnumAttrCase<"TextureCube", 16>,
      I32EnumAttrCase<"TextureCubeArray", 17>,
      I32EnumAttrCase<"RWTexture1D", 18>,
      I32EnumAttrCase<"RWTexture1DArray", 19>,
      I32EnumAttrCase<"RWTexture2D", 20>,
      I32EnumAttrCase<"RWTexture2DArray", 21>,
      I32EnumAttrCase<"RWTexture3D", 22>,
      I32EnumAttrCase<"SamplerState", 23>,
      I32EnumAttrCase<"SamplerComparisonState", 24>,
      I32EnumAttrCase<"ConstantBuffer", 25>,
      I32EnumAttrCase<"Texture2DMS", 26>,
      I32EnumAttrCase<"Texture2DMSArray", 27>,
      I32EnumAttrCase<"RasterizerOrderedTexture1D", 28>,
      I32EnumAttrCase<"RasterizerOrderedTexture1DArray", 29>,
      I32EnumAttrCase<"RasterizerOrderedTexture2D", 30>,
      I32EnumAttrCase<"RasterizerOrderedTexture2DArray", 31>,
      I32EnumAttrCase<"RasterizerOrderedTexture3D", 32>,
      // Element: the feedback kind, !hlsl.struct<"SAMPLER_FEEDBACK_MIN_MIP">
      // or "SAMPLER_FEEDBACK_MIP_REGION_USED" (no fields).
      I32EnumAttrCase<"FeedbackTexture2D", 33>,
      I32EnumAttrCase<"FeedbackTexture2DArray", 34>,
      // TextureBuffer<T>: T laid out as a constant buffer, bound as an SRV
      // (a tbuffer of one struct). Like ConstantBuffer, its element is T.
      I32EnumAttrCase<"TextureBuffer", 35>,
      // Writable multisampled textures (shader model 6.7).
      I32EnumAttrCase<"RWTexture2DMS", 36>,
      I32EnumAttrCase<"RWTexture2DMSArray", 37>,
      // The acceleration structure inline ray tracing (RayQuery) traverses
      // (shader model 6.5): an SRV without element type.
      I32EnumAttrCase<"RaytracingAccelerationStructure", 38>]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

def HLSL_AddressSpace : I32EnumAttr<"AddressSpace",
    "storage an hlsl pointer points into", [
      I32EnumAttrCase<"Function", 0, "function">,
      I32EnumAttrCase<"GroupShared", 1, "groupshared">,
      I32EnumAttrCase<"Static", 2, "static">,
      I32EnumAttrCase<"Constant", 3, "constant">,
      I32EnumAttrCase<"Device", 4, "device">]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

def HLSL_MatrixOrder : I32EnumAttr<"MatrixOrder",
    "memory order of a matrix", [
      I32EnumAttrCase<"ColumnMajor", 0, "column_major">,
      I32EnumAttrCase<"RowMajor", 1, "row_major">]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

def HLSL_ParamDirection : I32EnumAttr<"ParamDirection",
    "direction of a function parameter", [
      I32EnumAttrCase<"In", 0, "in">,
      I32EnumAttrCase<"Out", 1, "out">,
      I32EnumAttrCase<"InOut", 2, "inout">]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

def HLSL_ShaderStage : I32EnumAttr<"ShaderStage", "shader stage", [
      I32EnumAttrCase<"Pixel", 0, "pixel">,
      I32EnumAttrCase<"Vertex", 1, "vertex">,
      I32EnumAttrCase<"Geometry", 2, "geometry">,
      I32EnumAttrCase<"Hull", 3, "hull">,
      I32EnumAttrCase<"Domain", 4, "domain">,
      I32EnumAttrCase<"Compute", 5, "compute">,
      I32EnumAttrCase<"Library", 6, "library">,
      I32EnumAttrCase<"Mesh", 13, "mesh">,
      I32EnumAttrCase<"Amplification", 14, "amplification">]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

def HLSL_CBufferKind : I32EnumAttr<"CBufferKind",
    "how a constant buffer was declared", [
      I32EnumAttrCase<"CBuffer", 0, "cbuffer">,
      I32EnumAttrCase<"TBuffer", 1, "tbuffer">,
      I32EnumAttrCase<"Globals", 2, "globals">,
      I32EnumAttrCase<"ConstantBuffer", 3, "constant_buffer">]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

def HLSL_GlobalKind : I32EnumAttr<"GlobalKind",
    "storage of a module-level variable", [
      I32EnumAttrCase<"Static", 0, "static">,
      I32EnumAttrCase<"GroupShared", 1, "groupshared">]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

def HLSL_AtomicOp : I32EnumAttr<"AtomicOp", "atomic read-modify-write", [
      I32EnumAttrCase<"Add", 0, "add">,
      I32EnumAttrCase<"And", 1, "and">,
      I32EnumAttrCase<"Or", 2, "or">,
      I32EnumAttrCase<"Xor", 3, "xor">,
      I32EnumAttrCase<"IMin", 4, "imin">,
      I32EnumAttrCase<"IMax", 5, "imax">,
      I32EnumAttrCase<"UMin", 6, "umin">,
      I32EnumAttrCase<"UMax", 7, "umax">,
      I32EnumAttrCase<"Exchange", 8, "exchange">]> {
  let cppNamespace = "::mlir::hlsl";
  let genSpecializedAttr = 0;
}

#endif // HLSL_DIALECT_HLSL_IR_HLSLENUMS_TD
