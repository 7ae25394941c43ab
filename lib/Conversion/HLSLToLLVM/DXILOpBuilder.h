//===- DXILOpBuilder.h - calls to dx.op functions ---------------*- C++ -*-===//
//
// DXIL operations are calls to external functions `dx.op.<class>[.<type>]`
// whose first argument is the opcode. This helper declares them once per
// module with DXC's attributes and builds the calls and DXIL helper types.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_CONVERSION_HLSLTOLLVM_DXILOPBUILDER_H
#define HLSL_LIB_CONVERSION_HLSLTOLLVM_DXILOPBUILDER_H

#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "llvm/ADT/StringMap.h"

namespace mlir::hlsl {

namespace dxil {
/// Memory behaviour DXC gives a dx.op declaration (besides nounwind).
/// Barriers are `convergent` for LLVM's optimizer (which may then fully
/// unroll a loop around one, as DXC does) and become DXC's `noduplicate`
/// in legalizeForDXIL.
enum class OpAttr { ReadNone, ReadOnly, None, Convergent };

/// DXIL ResourceKind (shape).
enum class ResourceShape : unsigned {
  Texture1D = 1,
  Texture2D = 2,
  Texture2DMS = 3,
  Texture3D = 4,
  TextureCube = 5,
  Texture1DArray = 6,
  Texture2DArray = 7,
  Texture2DMSArray = 8,
  TextureCubeArray = 9,
  TypedBuffer = 10,
  RawBuffer = 11,
  StructuredBuffer = 12,
  CBuffer = 13,
  Sampler = 14,
  TBuffer = 15,
  RTAccelerationStructure = 16,
  FeedbackTexture2D = 17,
  FeedbackTexture2DArray = 18,
};
} // namespace dxil

class DXILOpBuilder {
public:
  DXILOpBuilder(ModuleOp module)
      : module(module), context(module.getContext()) {}

  /// Calls `dx.op.<className>[.<overload>]`; `overload` null means none.
  /// Returns the call's result (null for void).
  Value call(OpBuilder &builder, Location loc, StringRef className,
             Type overload, unsigned opcode, Type resultType, ValueRange args,
             dxil::OpAttr attr);

  /// While one lives, the calls of stage-restricted DXIL operations (see
  /// dxil::isStageRestricted) carry `message` as their `hlsl.stage_error`
  /// attribute: the intrinsic being lowered is not allowed in the shader's
  /// stage, which is an error if the optimizer keeps the operation.
  class StageViolationScope {
  public:
    StageViolationScope(DXILOpBuilder &dx, StringAttr message)
        : dx(dx), saved(dx.stageViolation) {
      dx.stageViolation = message;
    }
    ~StageViolationScope() { dx.stageViolation = saved; }

  private:
    DXILOpBuilder &dx;
    StringAttr saved;
  };

  /// Calls `name`, a function of one value returning it that has no
  /// effects: a marker the DXIL legalization resolves (hlsl.precise.*).
  Value callMarker(OpBuilder &builder, Location loc, StringRef name,
                   Value value);

  LLVM::LLVMStructType getHandleType();
  LLVM::LLVMStructType getResBindType();
  LLVM::LLVMStructType getResourcePropertiesType();
  /// %dx.types.ResRet.<o> = { T, T, T, T, i32 }.
  LLVM::LLVMStructType getResRetType(Type element);
  /// %dx.types.CBufRet.<o>: 4 x 32-bit, 2 x 64-bit or 8 x 16-bit.
  LLVM::LLVMStructType getCBufRetType(Type element);
  LLVM::LLVMStructType getDimensionsType();
  /// %dx.types.SamplePos = { float x, float y }.
  LLVM::LLVMStructType getSamplePosType();
  /// %dx.types.splitdouble = { i32 lo, i32 hi }.
  LLVM::LLVMStructType getSplitDoubleType();
  /// %dx.types.fouri32 / %dx.types.fouri16: four integers of `element`.
  LLVM::LLVMStructType getFourType(Type element);

  /// DXIL's overload suffix: f16 f32 f64 i1 i8 i16 i32 i64.
  static std::string getOverloadName(Type type);

  Value i32(OpBuilder &b, Location loc, int64_t v);
  Value i8(OpBuilder &b, Location loc, int64_t v);
  Value i1(OpBuilder &b, Location loc, bool v);
  Value undef(OpBuilder &b, Location loc, Type type);

private:
  LLVM::LLVMStructType getNamedStruct(StringRef name, ArrayRef<Type> body);
  LLVM::LLVMFuncOp getOrDeclare(StringRef name, LLVM::LLVMFunctionType type,
                                dxil::OpAttr attr, Location loc);

  ModuleOp module;
  MLIRContext *context;
  /// The dx.op functions by name: ModuleOp::lookupSymbol scans the module,
  /// which holds one op per resource, for every call built.
  llvm::StringMap<LLVM::LLVMFuncOp> declarations;
  StringAttr stageViolation;
};

} // namespace mlir::hlsl

#endif // HLSL_LIB_CONVERSION_HLSLTOLLVM_DXILOPBUILDER_H
