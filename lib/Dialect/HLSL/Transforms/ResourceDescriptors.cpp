//===- ResourceDescriptors.cpp - resource values as descriptors -----------===//
//
// A descriptor is an i32: the range's number among the ranges of the same
// resource type that flow into aggregates of the function, in the top
// kRangeBits bits, and the flattened element index in that range below.
// Where a single range of a type can reach a use (the common case) the
// descriptor is the index itself, all 32 bits of it; with several, an index
// must stay below 2^(32 - kRangeBits), far beyond any descriptor heap.
//
// A value holding resources (an array, a struct, possibly with data members
// too) is rewritten into its leaves: one SSA value per descriptor or data
// scalar/vector/matrix, in element order. An element read or written at a
// run-time index selects among the leaves; a block argument becomes one
// argument per leaf. DXIL has neither aggregate phis nor resources in memory,
// and the leaves are plain scalars: loops stay loops.
//
//===----------------------------------------------------------------------===//

#include "ResourceDescriptors.h"

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"

#include "mlir/Analysis/TopologicalSortUtils.h"
#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/IR/Matchers.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "llvm/ADT/MapVector.h"

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// Values with more leaves are refused: each run-time index into them costs
/// a select per leaf.
constexpr uint64_t kMaxLeaves = 1024;
constexpr unsigned kRangeBits = 8;
constexpr unsigned kIndexBits = 32 - kRangeBits;

/// Ops that build, take apart or choose between values holding resources.
bool isAggregateOp(Operation *op) {
  return isa<ConstructOp, ArrayExtractOp, ArrayInsertOp, FieldExtractOp,
             FieldInsertOp, UndefOp, ResourceSliceOp, arith::SelectOp>(op);
}

bool touchesResources(Operation *op) {
  return llvm::any_of(op->getResultTypes(), containsResource) ||
         llvm::any_of(op->getOperandTypes(), containsResource);
}

/// Number of leaves of `type`; std::nullopt past kMaxLeaves or unbounded.
std::optional<uint64_t> getLeafCount(Type type) {
  if (auto array = dyn_cast<ArrayType>(type)) {
    std::optional<uint64_t> element = getLeafCount(array.getElementType());
    if (array.isUnbounded() || !element ||
        *element * uint64_t(array.getSize()) > kMaxLeaves)
      return std::nullopt;
    return *element * uint64_t(array.getSize());
  }
  if (auto st = dyn_cast<StructType>(type)) {
    uint64_t total = 0;
    for (Type field : st.getFieldTypes()) {
      std::optional<uint64_t> count = getLeafCount(field);
      if (!count || total + *count > kMaxLeaves)
        return std::nullopt;
      total += *count;
    }
    return total;
  }
  return 1;
}

using Leaves = SmallVector<Value>;

class DescriptorLowering {
public:
  DescriptorLowering(func::FuncOp func, SymbolTable &symbols)
      : func(func), symbols(symbols), builder(func.getContext()) {}

  LogicalResult run();

private:
  /// The leaf types of `type` (resources as descriptors), in order.
  void getLeafTypes(Type type, SmallVectorImpl<Type> &types);
  /// The leaves of `value` (used by `user`), built before `user` when
  /// `value` is data.
  const Leaves *getLeaves(Value value, Operation *user);
  /// A data value rebuilt from its leaves.
  Value rebuild(Type type, ArrayRef<Value> leaves, size_t &position,
                Location loc);
  void split(Value value, Type type, Leaves &leaves, Location loc);
  const Leaves *encodeHandle(CreateHandleOp op);
  const Leaves *encodeDeclaredBuffer(ConstantBufferHandleOp op);
  const Leaves *encodeSlice(ResourceSliceOp op);
  int32_t getRangeNumber(Type type, FlatSymbolRefAttr range);
  Value encode(int32_t number, Value index, Location loc) {
    if (number == 0)
      return index;
    return arith::OrIOp::create(
        builder, loc, index,
        constant(int32_t(uint32_t(number) << kIndexBits), loc));
  }
  Value select(Value index, int64_t position, Value match, Value otherwise,
               Location loc);
  void convertOp(Operation *op);
  void convertSuccessorOperands(BranchOpInterface branch);
  Value decode(Value descriptor, ResourceType type, Operation *user);
  Value constant(int32_t value, Location loc) {
    return arith::ConstantOp::create(builder, loc,
                                     builder.getI32IntegerAttr(value));
  }
  void fail(Operation *op, const Twine &message) {
    op->emitError() << message;
    failed = true;
  }

  func::FuncOp func;
  SymbolTable &symbols;
  OpBuilder builder;
  bool failed = false;
  DenseMap<Value, Leaves> converted;
  /// The ranges descriptors of each resource type can refer to, numbered by
  /// position.
  llvm::MapVector<Type, SmallVector<FlatSymbolRefAttr>> ranges;
  /// Block arguments replaced by leaf arguments: block, old index.
  SmallVector<std::pair<Block *, unsigned>> convertedArgs;
  DenseMap<Block *, SmallVector<unsigned>> convertedArgsOf;
  /// Old ops to erase once nothing uses them, in creation order.
  SmallVector<Operation *> replaced;
  /// Uses of a resource that take a decoded handle.
  SmallVector<std::pair<OpOperand *, Value>> resourceUses;
};
} // namespace

void DescriptorLowering::getLeafTypes(Type type, SmallVectorImpl<Type> &types) {
  if (auto array = dyn_cast<ArrayType>(type)) {
    for (int64_t i = 0; i < array.getSize(); ++i)
      getLeafTypes(array.getElementType(), types);
    return;
  }
  if (auto st = dyn_cast<StructType>(type)) {
    for (Type field : st.getFieldTypes())
      getLeafTypes(field, types);
    return;
  }
  types.push_back(isa<ResourceType>(type) ? builder.getI32Type() : type);
}

Value DescriptorLowering::rebuild(Type type, ArrayRef<Value> leaves,
                                  size_t &position, Location loc) {
  SmallVector<Value> parts;
  if (auto array = dyn_cast<ArrayType>(type)) {
    for (int64_t i = 0; i < array.getSize(); ++i)
      parts.push_back(rebuild(array.getElementType(), leaves, position, loc));
  } else if (auto st = dyn_cast<StructType>(type)) {
    for (Type field : st.getFieldTypes())
      parts.push_back(rebuild(field, leaves, position, loc));
  } else {
    return leaves[position++];
  }
  return ConstructOp::create(builder, loc, type, parts);
}

void DescriptorLowering::split(Value value, Type type, Leaves &leaves,
                               Location loc) {
  if (auto array = dyn_cast<ArrayType>(type)) {
    for (int64_t i = 0; i < array.getSize(); ++i)
      split(ArrayExtractOp::create(builder, loc, value,
                                   constant(int32_t(i), loc)),
            array.getElementType(), leaves, loc);
    return;
  }
  if (auto st = dyn_cast<StructType>(type)) {
    for (auto [i, field] : llvm::enumerate(st.getFieldTypes()))
      split(FieldExtractOp::create(builder, loc, field, value,
                                   builder.getI32IntegerAttr(int32_t(i))),
            field, leaves, loc);
    return;
  }
  leaves.push_back(value);
}

int32_t DescriptorLowering::getRangeNumber(Type type, FlatSymbolRefAttr range) {
  SmallVector<FlatSymbolRefAttr> &list = ranges[type];
  auto it = llvm::find(list, range);
  if (it != list.end())
    return int32_t(it - list.begin());
  list.push_back(range);
  return int32_t(list.size() - 1);
}

const Leaves *DescriptorLowering::encodeHandle(CreateHandleOp op) {
  auto it = converted.find(op.getResult());
  if (it != converted.end())
    return &it->second;
  int32_t number = getRangeNumber(op.getType(), op.getResourceAttr());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfter(op);
  return &(
      converted[op.getResult()] = {encode(number, op.getIndex(), op.getLoc())});
}

/// A declared ConstantBuffer<T>/TextureBuffer<T>: a range of one element.
const Leaves *
DescriptorLowering::encodeDeclaredBuffer(ConstantBufferHandleOp op) {
  auto it = converted.find(op.getResult());
  if (it != converted.end())
    return &it->second;
  int32_t number = getRangeNumber(op.getType(), op.getCbufferAttr());
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfter(op);
  return &(converted[op.getResult()] = {
               encode(number, constant(0, op.getLoc()), op.getLoc())});
}

const Leaves *DescriptorLowering::encodeSlice(ResourceSliceOp op) {
  auto it = converted.find(op.getResult());
  if (it != converted.end())
    return &it->second;
  auto resource = symbols.lookup<ResourceOp>(op.getResourceAttr().getValue());
  auto sliceType = cast<ArrayType>(op.getType());
  std::optional<uint64_t> count = getLeafCount(sliceType);
  if (!count) {
    fail(op, "not supported yet: copying a resource array of more than " +
                 Twine(kMaxLeaves) + " elements into a local value");
    return nullptr;
  }
  SmallVector<int64_t> shape = resource.getShape();
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointAfter(op);
  Location loc = op.getLoc();
  // The slice's first element: its indices flattened over the leading
  // dimensions, times the number of elements each of them spans.
  Value base = constant(0, loc);
  for (auto [dim, index] : llvm::enumerate(op.getIndices())) {
    Value size = constant(int32_t(shape[dim]), loc);
    base = arith::AddIOp::create(
        builder, loc, arith::MulIOp::create(builder, loc, base, size), index);
  }
  base =
      arith::MulIOp::create(builder, loc, base, constant(int32_t(*count), loc));
  int32_t number =
      getRangeNumber(sliceType.getInnermostElementType(), op.getResourceAttr());
  Leaves leaves;
  for (uint64_t i = 0; i < *count; ++i)
    leaves.push_back(encode(
        number,
        arith::AddIOp::create(builder, loc, base, constant(int32_t(i), loc)),
        loc));
  return &(converted[op.getResult()] = std::move(leaves));
}

const Leaves *DescriptorLowering::getLeaves(Value value, Operation *user) {
  auto it = converted.find(value);
  if (it != converted.end())
    return &it->second;
  if (!containsResource(value.getType())) {
    if (!getLeafCount(value.getType())) {
      fail(user, "not supported yet: a local value holding resources and "
                 "more than " +
                     Twine(kMaxLeaves) + " elements");
      return nullptr;
    }
    Leaves leaves;
    builder.setInsertionPoint(user);
    split(value, value.getType(), leaves, user->getLoc());
    return &(converted[value] = std::move(leaves));
  }
  if (auto create = value.getDefiningOp<CreateHandleOp>())
    return encodeHandle(create);
  if (auto slice = value.getDefiningOp<ResourceSliceOp>())
    return encodeSlice(slice);
  if (auto declared = value.getDefiningOp<ConstantBufferHandleOp>())
    return encodeDeclaredBuffer(declared);
  // A parameter, a call's result or memory: the ranges are unknown here.
  fail(user, "not supported yet: this use of a resource array (the resource "
             "each element refers to must be known after inlining)");
  return nullptr;
}

Value DescriptorLowering::select(Value index, int64_t position, Value match,
                                 Value otherwise, Location loc) {
  Value same = arith::CmpIOp::create(
      builder, loc, arith::CmpIPredicate::eq, index,
      arith::ConstantOp::create(
          builder, loc, builder.getIntegerAttr(index.getType(), position)));
  return arith::SelectOp::create(builder, loc, same, match, otherwise);
}

void DescriptorLowering::convertOp(Operation *op) {
  Location loc = op->getLoc();
  Type resultType = op->getResult(0).getType();
  std::optional<uint64_t> resultCount = getLeafCount(resultType);
  if (!resultCount) {
    fail(op, "not supported yet: a local value holding resources and more "
             "than " +
                 Twine(kMaxLeaves) + " elements");
    return;
  }
  if (auto slice = dyn_cast<ResourceSliceOp>(op)) {
    if (encodeSlice(slice))
      replaced.push_back(op);
    return;
  }
  // Operand leaves first: taking a data operand apart inserts ops. (Copies:
  // adding to `converted` moves its entries.)
  SmallVector<Leaves> operands;
  for (Value operand : op->getOperands()) {
    if (isa<ArrayExtractOp, ArrayInsertOp>(op) &&
        operand == op->getOperand(op->getNumOperands() - 1))
      continue; // the index
    if (isa<arith::SelectOp>(op) && operand == op->getOperand(0))
      continue; // the condition
    const Leaves *leaves = getLeaves(operand, op);
    if (!leaves)
      return;
    operands.push_back(*leaves);
  }
  builder.setInsertionPoint(op);
  Leaves result;
  if (auto undef = dyn_cast<UndefOp>(op)) {
    // Elements never assigned: DXIL may not read undefined values, and
    // range 0's element 0 is as good as any other (DXC reads a null
    // handle). Uses that only undefined values reach are reported when
    // decoding.
    SmallVector<Type> types;
    getLeafTypes(resultType, types);
    for (Type type : types)
      result.push_back(ZeroOp::create(builder, loc, type));
  } else if (isa<ConstructOp>(op)) {
    for (const Leaves &leaves : operands)
      result.append(leaves.begin(), leaves.end());
  } else if (auto extract = dyn_cast<ArrayExtractOp>(op)) {
    const Leaves &array = operands[0];
    size_t width = *resultCount;
    int64_t size = extract.getArray().getType().getSize();
    Value index = extract.getIndex();
    APInt constIndex;
    if (matchPattern(index, m_ConstantInt(&constIndex))) {
      uint64_t position = constIndex.getZExtValue();
      if (position >= uint64_t(size))
        position = 0; // out of bounds: undefined, any element will do
      result.append(array.begin() + position * width,
                    array.begin() + (position + 1) * width);
    } else {
      for (size_t j = 0; j < width; ++j) {
        Value leaf = array[(size - 1) * width + j];
        for (int64_t k = size - 2; k >= 0; --k)
          leaf = select(index, k, array[k * width + j], leaf, loc);
        result.push_back(leaf);
      }
    }
  } else if (auto insert = dyn_cast<ArrayInsertOp>(op)) {
    const Leaves &value = operands[0];
    const Leaves &array = operands[1];
    size_t width = value.size();
    int64_t size = insert.getArray().getType().getSize();
    Value index = insert.getIndex();
    result = array;
    APInt constIndex;
    if (matchPattern(index, m_ConstantInt(&constIndex))) {
      uint64_t position = constIndex.getZExtValue();
      if (position < uint64_t(size))
        std::copy(value.begin(), value.end(),
                  result.begin() + position * width);
    } else {
      for (int64_t k = 0; k < size; ++k)
        for (size_t j = 0; j < width; ++j)
          result[k * width + j] =
              select(index, k, value[j], array[k * width + j], loc);
    }
  } else if (isa<FieldExtractOp, FieldInsertOp>(op)) {
    bool isInsert = isa<FieldInsertOp>(op);
    auto st = cast<StructType>(op->getOperand(isInsert ? 1 : 0).getType());
    unsigned index = isInsert ? cast<FieldInsertOp>(op).getIndex()
                              : cast<FieldExtractOp>(op).getIndex();
    size_t offset = 0;
    for (unsigned i = 0; i < index; ++i)
      offset += *getLeafCount(st.getFieldTypes()[i]);
    size_t width = *getLeafCount(st.getFieldTypes()[index]);
    if (isInsert) {
      result = operands[1];
      std::copy(operands[0].begin(), operands[0].end(),
                result.begin() + offset);
    } else {
      const Leaves &input = operands[0];
      result.append(input.begin() + offset, input.begin() + offset + width);
    }
  } else if (auto choice = dyn_cast<arith::SelectOp>(op)) {
    for (auto [a, b] : llvm::zip_equal(operands[0], operands[1]))
      result.push_back(
          arith::SelectOp::create(builder, loc, choice.getCondition(), a, b));
  }
  Value old = op->getResult(0);
  if (!containsResource(resultType)) {
    // A data member of a struct that also holds resources.
    size_t position = 0;
    old.replaceAllUsesWith(rebuild(resultType, result, position, loc));
  } else {
    converted[old] = std::move(result);
  }
  replaced.push_back(op);
}

void DescriptorLowering::convertSuccessorOperands(BranchOpInterface branch) {
  for (auto [i, successor] : llvm::enumerate(branch->getSuccessors())) {
    auto it = convertedArgsOf.find(successor);
    if (it == convertedArgsOf.end())
      continue;
    SuccessorOperands operands = branch.getSuccessorOperands(i);
    SmallVector<Value> added;
    for (unsigned index : it->second) {
      const Leaves *leaves = getLeaves(operands[index], branch);
      if (!leaves)
        return;
      added.append(leaves->begin(), leaves->end());
    }
    operands.append(added);
  }
}

Value DescriptorLowering::decode(Value descriptor, ResourceType type,
                                 Operation *user) {
  Location loc = user->getLoc();
  auto it = ranges.find(type);
  if (it == ranges.end() || it->second.empty()) {
    // Only undefined values reach the use.
    fail(user, "use of an uninitialized resource: a local or static "
               "resource variable, or an element of a local resource array, "
               "that was never assigned");
    return {};
  }
  ArrayRef<FlatSymbolRefAttr> candidates = it->second;
  if (candidates.size() > (size_t(1) << kRangeBits)) {
    fail(user, "not supported yet: a resource that can come from more than " +
                   Twine(1 << kRangeBits) + " declarations");
    return {};
  }
  builder.setInsertionPoint(user);
  Value number, index = descriptor;
  if (candidates.size() > 1) {
    number = arith::ShRUIOp::create(builder, loc, descriptor,
                                    constant(kIndexBits, loc));
    index = arith::AndIOp::create(builder, loc, descriptor,
                                  constant((1 << kIndexBits) - 1, loc));
  }
  auto handleOf = [&](FlatSymbolRefAttr range) -> Value {
    if (symbols.lookup<CBufferOp>(range.getValue()))
      return ConstantBufferHandleOp::create(builder, loc, type, range);
    auto resource = symbols.lookup<ResourceOp>(range.getValue());
    // A single resource has only element 0: an undefined descriptor must
    // not make its index unknown.
    std::optional<uint64_t> size = resource.getRangeSize();
    Value element = size == uint64_t(1) ? constant(0, loc) : index;
    return CreateHandleOp::create(builder, loc, type, range, element);
  };
  Value handle = handleOf(candidates.back());
  for (int64_t i = int64_t(candidates.size()) - 2; i >= 0; --i)
    handle = select(number, i, handleOf(candidates[i]), handle, loc);
  return handle;
}

LogicalResult DescriptorLowering::run() {
  Region &body = func.getBody();
  // Block arguments first: loops carry them around to their own blocks.
  for (Block &block : llvm::drop_begin(body.getBlocks())) {
    unsigned count = block.getNumArguments();
    for (unsigned i = 0; i < count; ++i) {
      BlockArgument arg = block.getArgument(i);
      if (!containsResource(arg.getType()))
        continue;
      for (BlockOperand &use : block.getUses())
        if (!isa<BranchOpInterface>(use.getOwner())) {
          use.getOwner()->emitError()
              << "not supported yet: resources passed to a block by this "
                 "terminator";
          return failure();
        }
      if (!getLeafCount(arg.getType())) {
        emitError(arg.getLoc())
            << "not supported yet: a local value holding resources and more "
               "than "
            << kMaxLeaves << " elements";
        return failure();
      }
      SmallVector<Type> types;
      getLeafTypes(arg.getType(), types);
      Leaves leaves;
      for (Type type : types)
        leaves.push_back(block.addArgument(type, arg.getLoc()));
      converted[arg] = std::move(leaves);
      convertedArgs.push_back({&block, i});
      convertedArgsOf[&block].push_back(i);
    }
  }
  for (Block *block : getBlocksSortedByDominance(body)) {
    for (Operation &op : llvm::make_early_inc_range(*block)) {
      if (isAggregateOp(&op) && touchesResources(&op)) {
        convertOp(&op);
        continue;
      }
      if (auto branch = dyn_cast<BranchOpInterface>(&op)) {
        convertSuccessorOperands(branch);
        continue;
      }
      if (isa<CreateHandleOp>(op))
        continue;
      for (OpOperand &use : op.getOpOperands()) {
        Value value = use.get();
        if (!containsResource(value.getType()) ||
            value.getDefiningOp<CreateHandleOp>())
          continue;
        auto it = converted.find(value);
        if (it == converted.end())
          continue;
        if (!isa<ResourceType>(value.getType())) {
          fail(&op, "not supported yet: this use of a local resource array");
          continue;
        }
        resourceUses.push_back({&use, it->second.front()});
      }
    }
  }
  if (failed)
    return failure();
  // Every range that can reach a use is known now.
  for (auto [use, descriptor] : resourceUses)
    if (Value handle =
            decode(descriptor, cast<ResourceType>(use->get().getType()),
                   use->getOwner()))
      use->set(handle);
  if (failed)
    return failure();

  // The old values: branch operands, then the ops, then the arguments.
  for (auto [block, index] : llvm::reverse(convertedArgs))
    for (BlockOperand &use : block->getUses())
      cast<BranchOpInterface>(use.getOwner())
          .getSuccessorOperands(use.getOperandNumber())
          .erase(index);
  for (Operation *op : llvm::reverse(replaced)) {
    if (!op->use_empty()) {
      op->emitError() << "internal: resource value still used after its "
                         "conversion to descriptors";
      return failure();
    }
    op->erase();
  }
  for (auto [block, index] : llvm::reverse(convertedArgs)) {
    if (!block->getArgument(index).use_empty()) {
      func.emitError() << "internal: resource block argument still used after "
                          "its conversion to descriptors";
      return failure();
    }
    block->eraseArgument(index);
  }
  return success();
}

bool mlir::hlsl::hasResourceAggregates(func::FuncOp func) {
  for (Block &block : llvm::drop_begin(func.getBody().getBlocks()))
    for (BlockArgument arg : block.getArguments())
      if (containsResource(arg.getType()))
        return true;
  WalkResult result = func.walk([](Operation *op) {
    // A select of handles alone is legalized in DXIL (a branch per range).
    if (isa<arith::SelectOp>(op) || !isAggregateOp(op) || op->use_empty() ||
        !touchesResources(op))
      return WalkResult::advance();
    return WalkResult::interrupt();
  });
  return result.wasInterrupted();
}

LogicalResult mlir::hlsl::lowerToResourceDescriptors(func::FuncOp func,
                                                     SymbolTable &symbols) {
  return DescriptorLowering(func, symbols).run();
}
