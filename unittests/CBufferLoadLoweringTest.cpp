//===- CBufferLoadLoweringTest.cpp - Row-load lowering cross-check --------===//
//
// Lays out a constant buffer with random members, reads a random part of
// one member through a random chain of field and element addresses (with
// constant and dynamic indices), runs hlsl-layout-cbuffers and
// hlsl-lower-cbuffer-loads, and then evaluates the lowered function
// symbolically: every row load yields the byte offsets of its elements, so
// the value the function returns must be the list of byte offsets of the
// scalars read, in logical order. The expected list comes from a direct
// walk over the type with the layout functions.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/CBufferLayout.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"
#include "RandomTypes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::hlsl;

namespace {

std::string print(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

std::string pointer(Type type) {
  return "!hlsl.ptr<" + print(type) + ", constant>";
}

/// Where the expected scalars are: an object of `type` at `offset`; vectors
/// have their components `vectorStride` bytes apart (a row of a
/// column_major matrix has one per column).
struct Place {
  Type type;
  uint64_t offset;
  uint64_t vectorStride;
};

uint64_t plainVectorStride(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return getCBufferScalarSize(vec.getElementType());
  return 0;
}

/// The byte offsets of the scalars of the object at \p place, in the order
/// hlsl.construct and vectors list them (matrices row by row).
void expectedScalars(const Place &place, std::vector<int64_t> &out) {
  Type type = place.type;
  if (type.isIntOrFloat()) {
    out.push_back(int64_t(place.offset));
  } else if (auto vec = dyn_cast<VectorType>(type)) {
    for (int64_t i = 0; i < vec.getNumElements(); ++i)
      out.push_back(int64_t(place.offset + i * place.vectorStride));
  } else if (auto matrix = dyn_cast<MatrixType>(type)) {
    CBufferMatrixLayout layout = getCBufferMatrixLayout(matrix);
    for (unsigned r = 0; r < matrix.getRows(); ++r)
      for (unsigned c = 0; c < matrix.getColumns(); ++c)
        out.push_back(int64_t(
            place.offset +
            (matrix.isRowMajor() ? r * layout.stride + c * layout.scalarSize
                                 : c * layout.stride + r * layout.scalarSize)));
  } else if (auto array = dyn_cast<ArrayType>(type)) {
    uint64_t stride = getCBufferArrayStride(array.getElementType());
    for (int64_t i = 0; i < array.getSize(); ++i)
      expectedScalars({array.getElementType(), place.offset + i * stride,
                       plainVectorStride(array.getElementType())},
                      out);
  } else if (auto st = dyn_cast<StructType>(type)) {
    SmallVector<uint64_t> offsets = getCBufferFieldOffsets(st);
    for (auto [field, offset] : llvm::zip(st.getFieldTypes(), offsets))
      if (!isa<PaddingType>(field))
        expectedScalars({field, place.offset + offset, plainVectorStride(field)},
                        out);
  }
}

/// Builds the text of a random access chain into the member and computes
/// where it ends up.
class ChainBuilder {
public:
  ChainBuilder(RandomTypes &random, Place member)
      : random(random), place(member) {}

  std::string build(const std::string &memberRef) {
    std::string current = "%p0";
    body += "  %p0 = hlsl.cbuffer_addr " + memberRef + " : " +
            pointer(place.type) + "\n";
    for (unsigned step = 1; random.pick(0, 3) != 0; ++step) {
      std::optional<std::pair<std::string, Place>> next = this->step(current);
      if (!next)
        break;
      std::string name = "%p" + std::to_string(step);
      body += "  " + name + " = " + next->first + "\n";
      current = name;
      place = next->second;
    }
    body += "  %v = hlsl.load " + current + " : " + pointer(place.type) + "\n";
    return body;
  }

  const Place &getPlace() const { return place; }
  const std::vector<int64_t> &getArguments() const { return arguments; }

private:
  /// An index operand: a constant, or a function argument whose value the
  /// evaluator is given.
  std::string index(unsigned value) {
    std::string name;
    if (random.pick(0, 1)) {
      name = "%a" + std::to_string(arguments.size());
      arguments.push_back(value);
    } else {
      name = "%c" + std::to_string(constants++);
      body += "  " + name + " = arith.constant " + std::to_string(value) +
              " : i32\n";
    }
    return name;
  }

  std::string elementAddr(const std::string &base, unsigned i, Type element) {
    std::string operand = index(i);
    return "hlsl.element_addr " + base + "[" + operand +
           "] : " + pointer(place.type) + ", i32 -> " + pointer(element);
  }

  std::optional<std::pair<std::string, Place>> step(const std::string &base) {
    Type type = place.type;
    if (auto array = dyn_cast<ArrayType>(type)) {
      if (array.getSize() == 0)
        return std::nullopt;
      unsigned i = random.pick(0, array.getSize() - 1);
      Type element = array.getElementType();
      Place next{element,
                 place.offset + i * getCBufferArrayStride(element),
                 plainVectorStride(element)};
      return std::make_pair(elementAddr(base, i, element), next);
    }
    if (auto st = dyn_cast<StructType>(type)) {
      if (st.getNumFields() == 0)
        return std::nullopt;
      unsigned k = random.pick(0, st.getNumFields() - 1);
      Type field = st.getFieldTypes()[k];
      Place next{field, place.offset + getCBufferFieldOffsets(st)[k],
                 plainVectorStride(field)};
      return std::make_pair("hlsl.field_addr " + base + "[" +
                                std::to_string(k) + "] : " +
                                pointer(type) + " -> " + pointer(field),
                            next);
    }
    if (auto vec = dyn_cast<VectorType>(type)) {
      unsigned i = random.pick(0, vec.getNumElements() - 1);
      Type scalar = vec.getElementType();
      Place next{scalar, place.offset + i * place.vectorStride, 0};
      return std::make_pair(elementAddr(base, i, scalar), next);
    }
    if (auto matrix = dyn_cast<MatrixType>(type)) {
      unsigned r = random.pick(0, matrix.getRows() - 1);
      CBufferMatrixLayout layout = getCBufferMatrixLayout(matrix);
      Type row = VectorType::get({int64_t(matrix.getColumns())},
                                 matrix.getElementType());
      Place next = matrix.isRowMajor()
                       ? Place{row, place.offset + r * layout.stride,
                               layout.scalarSize}
                       : Place{row, place.offset + r * layout.scalarSize,
                               layout.stride};
      return std::make_pair(elementAddr(base, r, row), next);
    }
    return std::nullopt;
  }

  RandomTypes &random;
  Place place;
  std::string body;
  std::vector<int64_t> arguments;
  unsigned constants = 0;
};

/// Evaluates the lowered function: integers are themselves, everything
/// read from a constant buffer is the byte offset it was read from.
class Evaluator {
public:
  explicit Evaluator(ArrayRef<int64_t> arguments)
      : arguments(arguments.begin(), arguments.end()) {}

  std::optional<std::vector<int64_t>> run(func::FuncOp func) {
    for (BlockArgument argument : func.getArguments())
      values[argument] = {arguments[argument.getArgNumber()]};
    for (Operation &op : func.getBody().front()) {
      if (auto ret = dyn_cast<func::ReturnOp>(op))
        return values[ret.getOperand(0)];
      if (!evaluate(op)) {
        ADD_FAILURE() << "cannot evaluate " << op.getName().getStringRef().str();
        return std::nullopt;
      }
    }
    return std::nullopt;
  }

private:
  int64_t scalar(Value value) { return element(value, 0); }

  /// Element \p index of an evaluated value; out of range is a failure
  /// (the lowering read past a vector), not an exception.
  int64_t element(Value value, int64_t index) {
    const std::vector<int64_t> &list = values[value];
    if (index < 0 || size_t(index) >= list.size()) {
      ADD_FAILURE() << "index " << index << " out of range";
      return -1;
    }
    return list[index];
  }

  bool evaluate(Operation &op) {
    std::vector<int64_t> result;
    if (auto constant = dyn_cast<arith::ConstantOp>(op)) {
      if (auto integer = dyn_cast<IntegerAttr>(constant.getValue()))
        result = {integer.getInt()};
      else if (auto vec = dyn_cast<VectorType>(constant.getType()))
        result.assign(vec.getNumElements(), 0);
      else
        return false;
    } else if (isa<arith::IndexCastOp, arith::TruncIOp, arith::ExtUIOp>(op)) {
      result = values[op.getOperand(0)];
    } else if (isa<arith::CmpIOp>(op)) {
      // bool = stored i32 != 0: keep tracking where it was read from.
      result = values[op.getOperand(0)];
    } else if (isa<arith::AddIOp>(op)) {
      result = {scalar(op.getOperand(0)) + scalar(op.getOperand(1))};
    } else if (isa<arith::MulIOp>(op)) {
      result = {scalar(op.getOperand(0)) * scalar(op.getOperand(1))};
    } else if (isa<arith::DivUIOp>(op)) {
      result = {scalar(op.getOperand(0)) / scalar(op.getOperand(1))};
    } else if (isa<arith::RemUIOp>(op)) {
      result = {scalar(op.getOperand(0)) % scalar(op.getOperand(1))};
    } else if (auto row = dyn_cast<CBufferLoadRowOp>(op)) {
      auto type = cast<VectorType>(row.getType());
      int64_t size = kCBufferRowSize / type.getNumElements();
      for (int64_t k = 0; k < type.getNumElements(); ++k)
        result.push_back(scalar(row.getRow()) * kCBufferRowSize + k * size);
    } else if (auto extract = dyn_cast<vector::ExtractOp>(op)) {
      SmallVector<OpFoldResult> position = extract.getMixedPosition();
      if (position.size() != 1)
        return false;
      int64_t index;
      if (auto attr = dyn_cast<Attribute>(position[0]))
        index = cast<IntegerAttr>(attr).getInt();
      else
        index = scalar(cast<Value>(position[0]));
      result = {element(extract.getSource(), index)};
    } else if (auto shuffle = dyn_cast<vector::ShuffleOp>(op)) {
      std::vector<int64_t> both = values[shuffle.getV1()];
      llvm::append_range(both, values[shuffle.getV2()]);
      for (int64_t index : shuffle.getMask()) {
        if (index < 0 || size_t(index) >= both.size()) {
          ADD_FAILURE() << "shuffle index " << index << " out of range";
          return false;
        }
        result.push_back(both[index]);
      }
    } else if (isa<vector::FromElementsOp, ConstructOp>(op)) {
      for (Value operand : op.getOperands())
        llvm::append_range(result, values[operand]);
    } else {
      return false;
    }
    values[op.getResult(0)] = std::move(result);
    return true;
  }

  std::vector<int64_t> arguments;
  llvm::DenseMap<Value, std::vector<int64_t>> values;
};

class CBufferLoadLoweringTest : public ::testing::Test {
protected:
  CBufferLoadLoweringTest() {
    DialectRegistry registry;
    registry.insert<HLSLDialect, arith::ArithDialect, func::FuncDialect,
                    vector::VectorDialect>();
    context.appendDialectRegistry(registry);
    context.loadAllAvailableDialects();
  }

  MLIRContext context;
};

TEST_F(CBufferLoadLoweringTest, RandomReadsMatchTheLayout) {
  RandomTypes random(context, /*seed=*/99);
  int checked = 0;
  for (int iteration = 0; iteration < 3000; ++iteration) {
    // Members before the one read shift its offset around.
    SmallVector<Type> members;
    for (unsigned i = 0, e = random.pick(0, 3); i < e; ++i)
      members.push_back(random.get(2));
    Type read = random.get();
    members.push_back(read);
    uint64_t end;
    SmallVector<uint64_t> offsets = layOutCBufferSequence(members, end);

    std::string source = "hlsl.cbuffer @cb cbuffer binding <b0> {\n";
    for (auto [index, type] : llvm::enumerate(members))
      source += "  hlsl.cbuffer_member @m" + std::to_string(index) + " : " +
                print(type) + "\n";
    source += "}\n";
    ChainBuilder chain(random,
                       {read, offsets.back(), plainVectorStride(read)});
    std::string body =
        chain.build("@cb::@m" + std::to_string(members.size() - 1));
    Type result = chain.getPlace().type;
    source += "func.func @f(";
    for (size_t i = 0; i < chain.getArguments().size(); ++i)
      source += (i ? ", %a" : "%a") + std::to_string(i) + ": i32";
    source += ") -> " + print(result) + " {\n" + body + "  return %v : " +
              print(result) + "\n}\n";
    SCOPED_TRACE(source);

    OwningOpRef<ModuleOp> module =
        parseSourceString<ModuleOp>(source, &context);
    ASSERT_TRUE(module);
    PassManager pm(&context);
    pm.addPass(createHLSLLayoutCBuffersPass());
    pm.addPass(createHLSLLowerCBufferLoadsPass());
    ASSERT_TRUE(succeeded(pm.run(*module)));

    std::vector<int64_t> expected;
    expectedScalars(chain.getPlace(), expected);
    auto func = cast<func::FuncOp>(module->lookupSymbol("f"));
    std::optional<std::vector<int64_t>> actual =
        Evaluator(chain.getArguments()).run(func);
    ASSERT_TRUE(actual.has_value());
    EXPECT_EQ(*actual, expected);
    ++checked;
  }
  EXPECT_EQ(checked, 3000);
}

} // namespace
