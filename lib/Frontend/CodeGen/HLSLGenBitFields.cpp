//===- HLSLGenBitFields.cpp - Reading and writing bit fields --------------===//
//
// A bit field lives in a storage unit, an integer field of the struct that
// neighbouring bit fields share (HLSLGenTypes::getStructMembers lays them
// out as DXC does). Reads shift its bits out of the unit; writes replace
// them and keep the others.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"
#include "mlir/Dialect/Arith/IR/Arith.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

static Value emitUnitConstant(OpBuilder &builder, Location loc,
                              IntegerType type, const llvm::APInt &value) {
  return arith::ConstantOp::create(builder, loc, type,
                                   builder.getIntegerAttr(type, value));
}

/// The bits of a bit field holding `value`, in place in a unit of `unitType`.
static Value placeBits(OpBuilder &builder, Location loc, Value value,
                       IntegerType unitType, const BitFieldPlace &bits) {
  unsigned unitBits = unitType.getWidth();
  auto valueType = cast<IntegerType>(value.getType());
  if (valueType.getWidth() < unitBits)
    value = arith::ExtUIOp::create(builder, loc, unitType, value);
  else if (valueType.getWidth() > unitBits)
    value = arith::TruncIOp::create(builder, loc, unitType, value);
  if (bits.offset)
    value = arith::ShLIOp::create(
        builder, loc, value,
        emitUnitConstant(builder, loc, unitType,
                         llvm::APInt(unitBits, bits.offset)));
  llvm::APInt mask =
      llvm::APInt::getBitsSet(unitBits, bits.offset, bits.offset + bits.width);
  return arith::AndIOp::create(builder, loc, value,
                               emitUnitConstant(builder, loc, unitType, mask));
}

Value HLSLGenFunction::emitBitFieldLoad(const LValue &lvalue, Location loc) {
  const BitFieldPlace &bits = *lvalue.bitField;
  Value value = LoadOp::create(builder, loc, lvalue.addr);
  auto unitType = cast<IntegerType>(value.getType());
  unsigned unitBits = unitType.getWidth();
  // The field's top bit to the unit's top, then back down to bit 0,
  // extending its sign if it has one.
  if (unsigned above = unitBits - bits.offset - bits.width)
    value = arith::ShLIOp::create(
        builder, loc, value,
        emitUnitConstant(builder, loc, unitType, llvm::APInt(unitBits, above)));
  if (unsigned below = unitBits - bits.width) {
    Value amount =
        emitUnitConstant(builder, loc, unitType, llvm::APInt(unitBits, below));
    value = bits.isSigned
                ? Value(arith::ShRSIOp::create(builder, loc, value, amount))
                : Value(arith::ShRUIOp::create(builder, loc, value, amount));
  }
  Type type = convertType(bits.type, clang::SourceLocation());
  auto valueType = dyn_cast_or_null<IntegerType>(type);
  if (!valueType)
    return {};
  if (valueType.getWidth() == 1)
    return arith::CmpIOp::create(
        builder, loc, arith::CmpIPredicate::ne, value,
        emitUnitConstant(builder, loc, unitType, llvm::APInt(unitBits, 0)));
  if (valueType.getWidth() < unitBits)
    return arith::TruncIOp::create(builder, loc, valueType, value);
  if (valueType.getWidth() > unitBits)
    return bits.isSigned
               ? Value(arith::ExtSIOp::create(builder, loc, valueType, value))
               : Value(arith::ExtUIOp::create(builder, loc, valueType, value));
  return value;
}

void HLSLGenFunction::emitBitFieldStore(Value value, const LValue &lvalue,
                                        Location loc) {
  const BitFieldPlace &bits = *lvalue.bitField;
  auto unitType =
      cast<IntegerType>(cast<PointerType>(lvalue.addr.getType()).getPointee());
  Value placed = placeBits(builder, loc, value, unitType, bits);
  Value unit = LoadOp::create(builder, loc, lvalue.addr);
  llvm::APInt others = ~llvm::APInt::getBitsSet(
      unitType.getWidth(), bits.offset, bits.offset + bits.width);
  Value kept = arith::AndIOp::create(
      builder, loc, unit, emitUnitConstant(builder, loc, unitType, others));
  StoreOp::create(builder, loc,
                  arith::OrIOp::create(builder, loc, kept, placed),
                  lvalue.addr);
}

Value HLSLGenFunction::emitRecordValue(const clang::CXXRecordDecl *record,
                                       StructType type, ArrayRef<Value> values,
                                       Location loc) {
  HLSLGenTypes &types = module.getTypes();
  ArrayRef<Type> fieldTypes = type.getFieldTypes();
  SmallVector<Value> fields(fieldTypes.size());
  unsigned next = 0;
  for (unsigned i = 0; i < record->getNumBases(); ++i)
    fields[i] = values[next++];
  for (const clang::FieldDecl *field : record->fields()) {
    if (field->isUnnamedBitField())
      continue;
    Value value = values[next++];
    HLSLGenTypes::FieldPlace place = types.getFieldPlace(field);
    if (!place.bits) {
      fields[place.index] = coerce(value, fieldTypes[place.index], loc);
      continue;
    }
    // Units start at zero; each bit field adds its bits.
    auto unitType = cast<IntegerType>(fieldTypes[place.index]);
    Value placed = placeBits(builder, loc, value, unitType, *place.bits);
    Value &unit = fields[place.index];
    unit =
        unit ? Value(arith::OrIOp::create(builder, loc, unit, placed)) : placed;
  }
  for (auto [field, fieldType] : llvm::zip(fields, fieldTypes))
    if (!field && !isa<PaddingType>(fieldType))
      field = emitZero(fieldType, loc);
  llvm::erase_if(fields, [](Value field) { return !field; });
  return ConstructOp::create(builder, loc, type, fields);
}

Value HLSLGenFunction::emitBitFieldRecordInitList(
    const clang::InitListExpr *expr, const clang::CXXRecordDecl *record,
    StructType type) {
  Location loc = getLoc(expr->getExprLoc());
  SmallVector<clang::QualType> elementTypes;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    elementTypes.push_back(base.getType());
  for (const clang::FieldDecl *field : record->fields())
    if (!field->isUnnamedBitField())
      elementTypes.push_back(field->getType());
  SmallVector<Value> values;
  for (auto [i, elementType] : llvm::enumerate(elementTypes)) {
    Value value =
        i < expr->getNumInits() ? emitRValue(expr->getInit(i)) : Value();
    if (!value) {
      if (i < expr->getNumInits())
        return {};
      Type converted = convertType(elementType, expr->getExprLoc());
      if (!converted)
        return {};
      value = emitZero(converted, loc);
    }
    values.push_back(value);
  }
  return emitRecordValue(record, type, values, loc);
}
