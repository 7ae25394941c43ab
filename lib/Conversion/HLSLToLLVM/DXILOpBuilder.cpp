//===- DXILOpBuilder.cpp - calls to dx.op functions -----------------------===//

#include "DXILOpBuilder.h"

using namespace mlir;
using namespace mlir::hlsl;

std::string DXILOpBuilder::getOverloadName(Type type) {
  if (type.isF16())
    return "f16";
  if (type.isF32())
    return "f32";
  if (type.isF64())
    return "f64";
  if (auto intType = dyn_cast<IntegerType>(type))
    return "i" + std::to_string(intType.getWidth());
  return "unknown";
}

LLVM::LLVMStructType DXILOpBuilder::getNamedStruct(StringRef name,
                                                   ArrayRef<Type> body) {
  auto type = LLVM::LLVMStructType::getIdentified(context, name);
  if (!type.isInitialized())
    (void)type.setBody(body, /*isPacked=*/false);
  return type;
}

LLVM::LLVMStructType DXILOpBuilder::getHandleType() {
  return getNamedStruct("dx.types.Handle",
                        {LLVM::LLVMPointerType::get(context)});
}

LLVM::LLVMStructType DXILOpBuilder::getResBindType() {
  Type i32 = IntegerType::get(context, 32), i8 = IntegerType::get(context, 8);
  return getNamedStruct("dx.types.ResBind", {i32, i32, i32, i8});
}

LLVM::LLVMStructType DXILOpBuilder::getResourcePropertiesType() {
  Type i32 = IntegerType::get(context, 32);
  return getNamedStruct("dx.types.ResourceProperties", {i32, i32});
}

LLVM::LLVMStructType DXILOpBuilder::getResRetType(Type element) {
  Type i32 = IntegerType::get(context, 32);
  return getNamedStruct("dx.types.ResRet." + getOverloadName(element),
                        {element, element, element, element, i32});
}

LLVM::LLVMStructType DXILOpBuilder::getCBufRetType(Type element) {
  unsigned width = element.getIntOrFloatBitWidth();
  unsigned count = width == 64 ? 2 : width == 16 ? 8 : 4;
  SmallVector<Type> body(count, element);
  std::string name = "dx.types.CBufRet." + getOverloadName(element);
  if (count == 8)
    name += ".8";
  return getNamedStruct(name, body);
}

LLVM::LLVMStructType DXILOpBuilder::getSamplePosType() {
  Type f32 = Float32Type::get(context);
  return getNamedStruct("dx.types.SamplePos", {f32, f32});
}

LLVM::LLVMStructType DXILOpBuilder::getDimensionsType() {
  Type i32 = IntegerType::get(context, 32);
  return getNamedStruct("dx.types.Dimensions", {i32, i32, i32, i32});
}

LLVM::LLVMStructType DXILOpBuilder::getSplitDoubleType() {
  Type i32 = IntegerType::get(context, 32);
  return getNamedStruct("dx.types.splitdouble", {i32, i32});
}

LLVM::LLVMStructType DXILOpBuilder::getFourType(Type element) {
  return getNamedStruct(
      ("dx.types.fouri" + Twine(element.getIntOrFloatBitWidth())).str(),
      {element, element, element, element});
}

LLVM::LLVMFuncOp DXILOpBuilder::getOrDeclare(StringRef name,
                                             LLVM::LLVMFunctionType type,
                                             dxil::OpAttr attr, Location loc) {
  LLVM::LLVMFuncOp &declaration = declarations[name];
  if (declaration)
    return declaration;
  if ((declaration = module.lookupSymbol<LLVM::LLVMFuncOp>(name)))
    return declaration;
  OpBuilder builder(module.getBodyRegion());
  builder.setInsertionPointToEnd(module.getBody());
  auto func = LLVM::LLVMFuncOp::create(builder, loc, name, type);
  func.setNoUnwind(true);
  // Operations without side effects return: LLVM's optimizer may then drop
  // the unused ones (an unused loadInput would still count as a read in the
  // signature's usage mask). LLVM 3.7 bitcode has no such attribute.
  if (attr == dxil::OpAttr::ReadNone || attr == dxil::OpAttr::ReadOnly)
    func.setWillReturn(true);
  SmallVector<Attribute> passthrough;
  if (attr == dxil::OpAttr::Convergent)
    passthrough.push_back(StringAttr::get(context, "convergent"));
  if (!passthrough.empty())
    func.setPassthroughAttr(ArrayAttr::get(context, passthrough));
  switch (attr) {
  case dxil::OpAttr::ReadNone:
    func.setMemoryEffectsAttr(LLVM::MemoryEffectsAttr::get(
        context, {LLVM::ModRefInfo::NoModRef, LLVM::ModRefInfo::NoModRef,
                  LLVM::ModRefInfo::NoModRef, LLVM::ModRefInfo::NoModRef,
                  LLVM::ModRefInfo::NoModRef, LLVM::ModRefInfo::NoModRef}));
    break;
  case dxil::OpAttr::ReadOnly:
    func.setMemoryEffectsAttr(LLVM::MemoryEffectsAttr::get(
        context,
        {LLVM::ModRefInfo::Ref, LLVM::ModRefInfo::Ref, LLVM::ModRefInfo::Ref,
         LLVM::ModRefInfo::Ref, LLVM::ModRefInfo::Ref, LLVM::ModRefInfo::Ref}));
    break;
  case dxil::OpAttr::Convergent:
    break;
  case dxil::OpAttr::None:
    break;
  }
  declaration = func;
  return func;
}

Value DXILOpBuilder::call(OpBuilder &builder, Location loc, StringRef className,
                          Type overload, unsigned opcode, Type resultType,
                          ValueRange args, dxil::OpAttr attr) {
  std::string name = ("dx.op." + className).str();
  if (overload)
    name += "." + getOverloadName(overload);
  SmallVector<Value> operands = {i32(builder, loc, opcode)};
  operands.append(args.begin(), args.end());
  SmallVector<Type> argTypes;
  for (Value v : operands)
    argTypes.push_back(v.getType());
  Type result = resultType ? resultType : LLVM::LLVMVoidType::get(context);
  auto funcType = LLVM::LLVMFunctionType::get(result, argTypes);
  LLVM::LLVMFuncOp func = getOrDeclare(name, funcType, attr, loc);
  auto callOp = LLVM::CallOp::create(builder, loc, func, operands);
  if (stageViolation && dxil::isStageRestricted(opcode))
    callOp->setAttr(dxil::kStageErrorName, stageViolation);
  return resultType ? callOp.getResult() : Value();
}

Value DXILOpBuilder::callMarker(OpBuilder &builder, Location loc,
                                StringRef name, Value value) {
  auto funcType =
      LLVM::LLVMFunctionType::get(value.getType(), {value.getType()});
  LLVM::LLVMFuncOp func =
      getOrDeclare(name, funcType, dxil::OpAttr::ReadNone, loc);
  return LLVM::CallOp::create(builder, loc, func, ValueRange{value})
      .getResult();
}

Value DXILOpBuilder::i32(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI32Type(),
                                  b.getI32IntegerAttr(int32_t(v)));
}

Value DXILOpBuilder::i8(OpBuilder &b, Location loc, int64_t v) {
  return LLVM::ConstantOp::create(b, loc, b.getI8Type(),
                                  b.getI8IntegerAttr(int8_t(v)));
}

Value DXILOpBuilder::i1(OpBuilder &b, Location loc, bool v) {
  return LLVM::ConstantOp::create(b, loc, b.getI1Type(), b.getBoolAttr(v));
}

Value DXILOpBuilder::undef(OpBuilder &b, Location loc, Type type) {
  return LLVM::UndefOp::create(b, loc, type);
}
