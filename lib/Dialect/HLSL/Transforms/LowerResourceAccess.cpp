//===- LowerResourceAccess.cpp - buffer element accesses ------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"
#include "HLSL/Dialect/HLSL/Transforms/StructuredLayout.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLLOWERRESOURCEACCESSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
/// A resolved buffer address: element `index` of `handle`, `offset` bytes
/// into it, holding a value of `type`.
struct BufferAddress {
  Value handle;
  Value index;
  Value offset;
  Type type;
  /// Where the loads write their status (`out uint status`), if anywhere.
  Value status = {};
  /// A byte address buffer's: `index` is the address in bytes, and a leaf's
  /// offset adds to it (the buffer has no elements to be inside of).
  bool byteAddressed = false;
  /// Bytes from one component of the addressed vector to the next when they
  /// are not adjacent: a row of a column-major matrix. 0: adjacent.
  int64_t componentStride = 0;

  /// (index, offset) of the leaf `leafOffset` bytes into the value.
  std::pair<Value, Value> leafPosition(OpBuilder &b, Location loc,
                                       Value leafOffset) const {
    if (!byteAddressed)
      return {index, leafOffset};
    return {arith::AddIOp::create(b, loc, index, leafOffset).getResult(),
            offset};
  }
};

Value constI32(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantOp::create(b, loc, b.getI32IntegerAttr(int32_t(v)));
}

Value addOffset(OpBuilder &b, Location loc, Value base, Value index,
                int64_t stride) {
  Value scaled = stride == 1 ? index
                             : Value(arith::MulIOp::create(
                                   b, loc, index, constI32(b, loc, stride)));
  return arith::AddIOp::create(b, loc, base, scaled);
}

/// Walks field/element addressing back to the resource_addr it starts from.
FailureOr<BufferAddress> resolve(OpBuilder &b, Value addr) {
  SmallVector<Operation *> steps;
  Value current = addr;
  while (!current.getDefiningOp<ResourceAddrOp>()) {
    Operation *def = current.getDefiningOp();
    if (!isa_and_nonnull<ElementAddrOp, FieldAddrOp>(def))
      return failure();
    steps.push_back(def);
    current = def->getOperand(0);
  }
  auto resourceAddr = current.getDefiningOp<ResourceAddrOp>();
  Location loc = addr.getLoc();
  BufferAddress result;
  result.handle = resourceAddr.getHandle();
  result.index = resourceAddr.getIndex();
  result.offset = constI32(b, loc, 0);
  Type type = resourceAddr.getAddr().getType().getPointee();
  for (Operation *step : llvm::reverse(steps)) {
    if (auto field = dyn_cast<FieldAddrOp>(step)) {
      auto st = cast<StructType>(type);
      result.componentStride = 0;
      result.offset = arith::AddIOp::create(
          b, loc, result.offset,
          constI32(b, loc, getStructuredFieldOffset(st, field.getIndex())));
      type = st.getFieldTypes()[field.getIndex()];
      continue;
    }
    auto element = cast<ElementAddrOp>(step);
    Type elementType;
    int64_t stride;
    int64_t componentStride = 0;
    if (auto array = dyn_cast<ArrayType>(type)) {
      elementType = array.getElementType();
      stride = getStructuredLayout(elementType).size;
    } else if (auto vec = dyn_cast<VectorType>(type)) {
      elementType = vec.getElementType();
      stride = result.componentStride ? result.componentStride
                                      : getStructuredLayout(elementType).size;
    } else if (auto matrix = dyn_cast<MatrixType>(type)) {
      // A row: adjacent elements when row-major; in a column-major matrix
      // one element of each column, a column's length apart.
      elementType =
          VectorType::get({matrix.getColumns()}, matrix.getElementType());
      int64_t scalar = getStructuredLayout(matrix.getElementType()).size;
      if (matrix.isRowMajor()) {
        stride = scalar * matrix.getColumns();
      } else {
        stride = scalar;
        componentStride = scalar * matrix.getRows();
      }
    } else {
      return failure();
    }
    result.offset = addOffset(b, loc, result.offset, element.getIndex(), stride);
    result.componentStride = componentStride;
    type = elementType;
  }
  result.type = type;
  return result;
}

/// Memory type of a leaf: bool is stored as i32.
Type memoryType(Type type) {
  Type element = getElementTypeOrSelf(type);
  if (!element.isInteger(1))
    return type;
  Type i32 = IntegerType::get(type.getContext(), 32);
  if (auto vec = dyn_cast<VectorType>(type))
    return VectorType::get(vec.getShape(), i32);
  return i32;
}

/// Reads a value of any data type as pieces of at most four components.
Value loadValue(OpBuilder &b, Location loc, const BufferAddress &addr,
                Type type, Value offset);

/// Reads what `addr` addresses: a row of a column-major matrix component
/// by component, anything else as loadValue does.
Value loadAddressed(OpBuilder &b, Location loc, const BufferAddress &addr) {
  auto vec = dyn_cast<VectorType>(addr.type);
  if (!addr.componentStride || !vec)
    return loadValue(b, loc, addr, addr.type, addr.offset);
  SmallVector<Value> components;
  for (int64_t i = 0; i < vec.getNumElements(); ++i)
    components.push_back(
        loadValue(b, loc, addr, vec.getElementType(),
                  addOffset(b, loc, addr.offset, constI32(b, loc, i),
                            addr.componentStride)));
  return ConstructOp::create(b, loc, vec, components);
}

Value loadValue(OpBuilder &b, Location loc, const BufferAddress &addr,
                Type type, Value offset) {
  auto leaf = [&](Type leafType, Value leafOffset) -> Value {
    Type mem = memoryType(leafType);
    auto [index, position] = addr.leafPosition(b, loc, leafOffset);
    Value v = BufferLoadOp::create(b, loc, mem, addr.handle, index, position,
                                   addr.status);
    if (mem == leafType)
      return v;
    Value zero = arith::ConstantOp::create(b, loc, b.getZeroAttr(mem));
    return arith::CmpIOp::create(b, loc, arith::CmpIPredicate::ne, v, zero);
  };
  if (isa<IntegerType, FloatType>(type))
    return leaf(type, offset);
  if (auto vec = dyn_cast<VectorType>(type)) {
    if (vec.getNumElements() <= 4)
      return leaf(type, offset);
  }
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    // Elements in memory order, then rebuilt in row-major value order.
    Type scalar = matrix.getElementType();
    int64_t size = getStructuredLayout(scalar).size;
    unsigned rows = matrix.getRows(), cols = matrix.getColumns();
    SmallVector<Value> elements(rows * cols);
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned c = 0; c < cols; ++c) {
        unsigned memoryIndex = matrix.isRowMajor() ? r * cols + c : c * rows + r;
        elements[r * cols + c] =
            leaf(scalar, addOffset(b, loc, offset,
                                   constI32(b, loc, memoryIndex), size));
      }
    return ConstructOp::create(b, loc, type, elements);
  }
  SmallVector<Value> elements;
  if (auto array = dyn_cast<ArrayType>(type)) {
    int64_t stride = getStructuredLayout(array.getElementType()).size;
    for (int64_t i = 0; i < array.getSize(); ++i)
      elements.push_back(loadValue(b, loc, addr, array.getElementType(),
                                   addOffset(b, loc, offset,
                                             constI32(b, loc, i), stride)));
  } else if (auto st = dyn_cast<StructType>(type)) {
    for (auto [i, field] : llvm::enumerate(st.getFieldTypes()))
      elements.push_back(loadValue(
          b, loc, addr, field,
          arith::AddIOp::create(
              b, loc, offset,
              constI32(b, loc, getStructuredFieldOffset(st, i)))));
  } else if (auto vec = dyn_cast<VectorType>(type)) {
    // Vectors of more than four components do not exist in HLSL.
    return {};
  }
  return ConstructOp::create(b, loc, type, elements);
}

void storeValue(OpBuilder &b, Location loc, const BufferAddress &addr,
                Value value, Value offset) {
  Type type = value.getType();
  auto leaf = [&](Value v, Value leafOffset) {
    Type mem = memoryType(v.getType());
    if (mem != v.getType())
      v = arith::ExtUIOp::create(b, loc, mem, v);
    auto [index, position] = addr.leafPosition(b, loc, leafOffset);
    BufferStoreOp::create(b, loc, v, addr.handle, index, position);
  };
  if (isa<IntegerType, FloatType, VectorType>(type))
    return leaf(value, offset);
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    Type scalar = matrix.getElementType();
    int64_t size = getStructuredLayout(scalar).size;
    unsigned rows = matrix.getRows(), cols = matrix.getColumns();
    Value flat = MatrixCastOp::create(
        b, loc, VectorType::get({int64_t(rows * cols)}, scalar), value);
    for (unsigned r = 0; r < rows; ++r)
      for (unsigned c = 0; c < cols; ++c) {
        unsigned memoryIndex = matrix.isRowMajor() ? r * cols + c : c * rows + r;
        Value element =
            vector::ExtractOp::create(b, loc, flat, int64_t(r * cols + c));
        leaf(element, addOffset(b, loc, offset, constI32(b, loc, memoryIndex),
                                size));
      }
    return;
  }
  if (auto array = dyn_cast<ArrayType>(type)) {
    int64_t stride = getStructuredLayout(array.getElementType()).size;
    for (int64_t i = 0; i < array.getSize(); ++i) {
      Value index = constI32(b, loc, i);
      storeValue(b, loc, addr, ArrayExtractOp::create(b, loc, value, index),
                 addOffset(b, loc, offset, index, stride));
    }
    return;
  }
  auto st = cast<StructType>(type);
  for (auto [i, field] : llvm::enumerate(st.getFieldTypes()))
    storeValue(b, loc, addr, FieldExtractOp::create(b, loc, field, value, i),
               arith::AddIOp::create(
                   b, loc, offset,
                   constI32(b, loc, getStructuredFieldOffset(st, i))));
}

/// Writes what `addr` addresses: a row of a column-major matrix component
/// by component, anything else as storeValue does.
void storeAddressed(OpBuilder &b, Location loc, const BufferAddress &addr,
                    Value value) {
  auto vec = dyn_cast<VectorType>(addr.type);
  if (!addr.componentStride || !vec)
    return storeValue(b, loc, addr, value, addr.offset);
  for (int64_t i = 0; i < vec.getNumElements(); ++i)
    storeValue(b, loc, addr, vector::ExtractOp::create(b, loc, value, i),
               addOffset(b, loc, addr.offset, constI32(b, loc, i),
                         addr.componentStride));
}

std::optional<AtomicOp> getAtomicKind(StringRef name, bool isSigned) {
  return llvm::StringSwitch<std::optional<AtomicOp>>(name)
      .Case("InterlockedAdd", AtomicOp::Add)
      .Case("InterlockedAnd", AtomicOp::And)
      .Case("InterlockedOr", AtomicOp::Or)
      .Case("InterlockedXor", AtomicOp::Xor)
      .Case("InterlockedMin", isSigned ? AtomicOp::IMin : AtomicOp::UMin)
      .Case("InterlockedMax", isSigned ? AtomicOp::IMax : AtomicOp::UMax)
      .Case("InterlockedExchange", AtomicOp::Exchange)
      .Case("InterlockedCompareExchange", AtomicOp::Exchange)
      .Case("InterlockedCompareStore", AtomicOp::Exchange)
      .Default(std::nullopt);
}

struct LowerResourceAccess
    : hlsl::impl::HLSLLowerResourceAccessPassBase<LowerResourceAccess> {
  void runOnOperation() override {
    SmallVector<Operation *> worklist;
    getOperation().walk([&](Operation *op) {
      if (isa<LoadOp, StoreOp, IntrinsicOp>(op))
        worklist.push_back(op);
    });
    bool failed = false;
    for (Operation *op : worklist)
      if (mlir::failed(lower(op))) {
        failed = true;
      }
    // Address ops left without uses.
    SmallVector<Operation *> dead;
    getOperation().walk([&](Operation *op) {
      if (isa<ResourceAddrOp, FieldAddrOp, ElementAddrOp>(op) &&
          isa<PointerType>(op->getResult(0).getType()) &&
          cast<PointerType>(op->getResult(0).getType()).getAddressSpace() ==
              AddressSpace::Device)
        dead.push_back(op);
    });
    for (Operation *op : llvm::reverse(dead))
      if (op->use_empty())
        op->erase();
    if (failed)
      signalPassFailure();
  }

  static bool isDevice(Value addr) {
    auto ptr = dyn_cast<PointerType>(addr.getType());
    return ptr && ptr.getAddressSpace() == AddressSpace::Device;
  }

  /// Typed buffers and textures are accessed a whole element at a time (the
  /// DXIL ops take no byte offset): a component access `B[i].y` becomes
  /// the element's load plus an extract, or a read-modify-write. Returns
  /// the vector element type and the component index, or null when `addr`
  /// is not a component of a typed element.
  static std::pair<VectorType, Value> getTypedComponent(OpBuilder &b,
                                                        Location loc,
                                                        const BufferAddress &addr) {
    auto resource = cast<ResourceType>(addr.handle.getType());
    auto element = dyn_cast<VectorType>(resource.getValueType());
    if (!isTypedResource(resource.getKind()) || !element ||
        addr.type == Type(element))
      return {};
    int64_t bytes = getStructuredLayout(element.getElementType()).size;
    Value component = arith::DivUIOp::create(b, loc, addr.offset,
                                             constI32(b, loc, bytes));
    return {element, arith::IndexCastOp::create(b, loc, b.getIndexType(),
                                                component)};
  }

  LogicalResult lower(Operation *op) {
    OpBuilder b(op);
    Location loc = op->getLoc();
    if (auto load = dyn_cast<LoadOp>(op)) {
      if (!isDevice(load.getAddr()))
        return success();
      FailureOr<BufferAddress> addr = resolve(b, load.getAddr());
      if (mlir::failed(addr))
        return op->emitError()
               << "not supported yet: this resource element access";
      if (auto [element, component] = getTypedComponent(b, loc, *addr);
          element) {
        Value whole =
            loadValue(b, loc, *addr, element, constI32(b, loc, 0));
        if (!whole)
          return op->emitError() << "not supported yet: loading " << element
                                 << " from a buffer";
        load.getResult().replaceAllUsesWith(
            vector::ExtractOp::create(b, loc, whole, OpFoldResult(component)));
        load.erase();
        return success();
      }
      Value value = loadAddressed(b, loc, *addr);
      if (!value)
        return op->emitError() << "not supported yet: loading "
                               << addr->type << " from a buffer";
      load.getResult().replaceAllUsesWith(value);
      load.erase();
      return success();
    }
    if (auto store = dyn_cast<StoreOp>(op)) {
      if (!isDevice(store.getAddr()))
        return success();
      FailureOr<BufferAddress> addr = resolve(b, store.getAddr());
      if (mlir::failed(addr))
        return op->emitError()
               << "not supported yet: this resource element access";
      auto resource = cast<ResourceType>(addr->handle.getType());
      if (resource.getResourceClass() != ResourceClass::UAV)
        return op->emitError() << "cannot write to the read-only "
                               << stringifyResourceKind(resource.getKind());
      if (auto [element, component] = getTypedComponent(b, loc, *addr);
          element) {
        Value zero = constI32(b, loc, 0);
        Value whole = loadValue(b, loc, *addr, element, zero);
        if (!whole)
          return op->emitError() << "not supported yet: loading " << element
                                 << " from a buffer";
        Value updated = vector::InsertOp::create(
            b, loc, store.getValue(), whole, OpFoldResult(component));
        storeValue(b, loc, *addr, updated, zero);
        store.erase();
        return success();
      }
      storeAddressed(b, loc, *addr, store.getValue());
      store.erase();
      return success();
    }
    auto intrinsic = cast<IntrinsicOp>(op);
    StringRef name = intrinsic.getName();
    ValueRange args = intrinsic.getArgs();
    if (args.empty())
      return success();
    // Interlocked*(buf[i], value[, original]) on a UAV element.
    if (name.starts_with("Interlocked") && isDevice(args[0])) {
      FailureOr<BufferAddress> addr = resolve(b, args[0]);
      if (mlir::failed(addr))
        return op->emitError()
               << "not supported yet: this atomic destination";
      return emitAtomic(intrinsic, b, addr->handle, addr->index, addr->offset,
                        args.drop_front());
    }
    auto resource = dyn_cast<ResourceType>(args[0].getType());
    if (resource && (name == "Append" || name == "Consume")) {
      // Append/Consume: a counter update gives the element to write/read.
      auto counter = IntrinsicOp::create(
          b, loc, b.getI32Type(),
          b.getStringAttr(name == "Append" ? "IncrementCounter"
                                           : "DecrementCounter"),
          ValueRange{args[0]});
      Value zero = constI32(b, loc, 0);
      Type elementType = resource.getValueType();
      BufferAddress addr{args[0], counter.getResult(), zero, elementType};
      if (name == "Append") {
        storeValue(b, loc, addr, args[1], zero);
      } else {
        Value value = loadValue(b, loc, addr, elementType, zero);
        if (!value)
          return op->emitError() << "not supported yet: consuming "
                                 << elementType;
        intrinsic.getResult().replaceAllUsesWith(value);
      }
      intrinsic.erase();
      return success();
    }
    if (!resource || (!isByteAddressBuffer(resource.getKind()) &&
                      !isTypedResource(resource.getKind()) &&
                      !isStructuredBuffer(resource.getKind())) ||
        isTexture(resource.getKind()))
      return success();
    Value zero = constI32(b, loc, 0);
    if (name.starts_with("Interlocked") && isByteAddressBuffer(resource.getKind()))
      return emitAtomic(intrinsic, b, args[0], args[1], zero,
                        args.drop_front(2));
    bool isLoad = name == "Load" || name == "Load2" || name == "Load3" ||
                  name == "Load4";
    bool isStore = name == "Store" || name == "Store2" || name == "Store3" ||
                   name == "Store4";
    // Load(address[, out uint status]): with several loads (a struct), each
    // writes the status and the last one's stays, as in DXC.
    bool hasStatus = args.size() == 3 && isa<PointerType>(args[2].getType());
    bool byteAddressed = isByteAddressBuffer(resource.getKind());
    if (isLoad && (args.size() == 2 || hasStatus) && intrinsic.getResult()) {
      BufferAddress addr{args[0],
                         args[1],
                         zero,
                         intrinsic.getType(0),
                         hasStatus ? args[2] : Value(),
                         byteAddressed};
      Value value = loadValue(b, loc, addr, addr.type, zero);
      if (!value)
        return op->emitError() << "not supported yet: loading "
                               << addr.type << " from a buffer";
      intrinsic.getResult().replaceAllUsesWith(value);
      intrinsic.erase();
      return success();
    }
    if (isStore && args.size() == 3) {
      BufferAddress addr{args[0],           args[1], zero,
                         args[2].getType(), Value(), byteAddressed};
      storeValue(b, loc, addr, args[2], zero);
      intrinsic.erase();
      return success();
    }
    return success();
  }

  LogicalResult emitAtomic(IntrinsicOp op, OpBuilder &b, Value handle,
                           Value index, Value offset, ValueRange rest) {
    StringRef name = op.getName();
    // RWByteAddressBuffer's InterlockedAdd64 & co. are the same atomics on
    // 64-bit values.
    if (isa<ResourceType>(handle.getType()) &&
        isByteAddressBuffer(cast<ResourceType>(handle.getType()).getKind()))
      name.consume_back("64");
    Location loc = op.getLoc();
    // The signedness of min/max follows the destination type; handles keep
    // it in their element type.
    bool isSigned = false;
    if (auto resource = dyn_cast<ResourceType>(handle.getType()))
      if (Type elementType = resource.getElementType())
        if (auto element =
                dyn_cast<IntegerType>(getElementTypeOrSelf(elementType)))
          isSigned = element.isSigned();
    if (auto kind = op->getAttrOfType<BoolAttr>("hlsl.signed"))
      isSigned = kind.getValue();
    std::optional<AtomicOp> kind = getAtomicKind(name, isSigned);
    if (!kind)
      return op.emitError() << "not supported yet: atomic '" << name << "'";
    bool isCompare = name == "InterlockedCompareExchange" ||
                     name == "InterlockedCompareStore";
    Value compare = isCompare ? rest[0] : Value();
    Value value = isCompare ? rest[1] : rest[0];
    ValueRange outputs = rest.drop_front(isCompare ? 2 : 1);
    // The float exchanges operate on the bits, as 32-bit integers (DXC's
    // lowering: DXIL's atomics take integers).
    Type floatType = isa<FloatType>(value.getType()) ? value.getType() : Type();
    if (floatType) {
      Type bits = b.getIntegerType(floatType.getIntOrFloatBitWidth());
      value = arith::BitcastOp::create(b, loc, bits, value);
      if (compare)
        compare = arith::BitcastOp::create(b, loc, bits, compare);
    }
    auto atomic = BufferAtomicOp::create(
        b, loc, value.getType(), AtomicOpAttr::get(b.getContext(), *kind),
        handle, index, offset, compare, value);
    Value original = atomic.getResult();
    if (floatType)
      original = arith::BitcastOp::create(b, loc, floatType, original);
    if (!outputs.empty())
      StoreOp::create(b, loc, original, outputs[0]);
    op.erase();
    return success();
  }
};
} // namespace
