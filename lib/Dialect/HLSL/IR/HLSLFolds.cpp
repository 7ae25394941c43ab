//===- HLSLFolds.cpp - folding of hlsl aggregate value ops ----------------===//
//
// Once locals are SSA values, reads of array and struct elements fold
// through the constructions and insertions that built them, and an element
// of a global resource slice becomes a handle of the declaration itself.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"

#include "mlir/IR/Matchers.h"

using namespace mlir;
using namespace mlir::hlsl;

/// The constant value of an index operand, if it is one.
static std::optional<int64_t> getConstantIndex(Value index) {
  APInt value;
  if (matchPattern(index, m_ConstantInt(&value)))
    return value.getSExtValue();
  return std::nullopt;
}

OpFoldResult ArrayExtractOp::fold(FoldAdaptor) {
  std::optional<int64_t> index = getConstantIndex(getIndex());
  Value array = getArray();
  // Walk back through insertions into other elements.
  while (auto insert = array.getDefiningOp<ArrayInsertOp>()) {
    if (insert.getIndex() == getIndex())
      return insert.getValue();
    std::optional<int64_t> insertIndex = getConstantIndex(insert.getIndex());
    if (!index || !insertIndex)
      break;
    if (*insertIndex == *index)
      return insert.getValue();
    array = insert.getArray();
  }
  // An element of an array converted to an unsized one (an argument of an
  // unsized array parameter) is the element of the original.
  if (auto cast = array.getDefiningOp<ArrayCastOp>())
    array = cast.getInput();
  if (auto construct = array.getDefiningOp<ConstructOp>())
    if (index && *index >= 0 &&
        *index < static_cast<int64_t>(construct.getElements().size()))
      return construct.getElements()[*index];
  if (array != getArray()) {
    getArrayMutable().assign(array);
    return getResult();
  }
  return {};
}

OpFoldResult FieldExtractOp::fold(FoldAdaptor) {
  Value input = getInput();
  while (auto insert = input.getDefiningOp<FieldInsertOp>()) {
    if (insert.getIndex() == getIndex())
      return insert.getValue();
    input = insert.getInput();
  }
  if (auto construct = input.getDefiningOp<ConstructOp>()) {
    // Construct operands skip padding fields.
    auto st = cast<StructType>(construct.getType());
    unsigned operand = 0;
    for (unsigned i = 0; i < getIndex(); ++i)
      if (!isa<PaddingType>(st.getFieldTypes()[i]))
        ++operand;
    return construct.getElements()[operand];
  }
  if (input != getInput()) {
    getInputMutable().assign(input);
    return getResult();
  }
  return {};
}
