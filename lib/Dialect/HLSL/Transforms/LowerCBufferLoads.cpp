//===- LowerCBufferLoads.cpp - Constant buffer reads as row loads ---------===//
//
// Constant buffers are read 16 bytes at a time (DXIL's cbufferLoadLegacy).
// Every `hlsl.load` from a constant address becomes loads of the rows the
// value covers plus extraction of its scalars, using the offsets recorded by
// hlsl-layout-cbuffers and the rules of CBufferLayout.h for everything inside
// a member (struct fields, array elements, matrix vectors).
//
// An address is tracked as a static byte offset plus two dynamic parts that
// never mix: whole rows (array elements and matrix vectors are row-strided)
// and scalars within a vector (a dynamic vector component, or the row index
// of a column_major matrix, whose logical rows run across its columns).
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/CBufferLayout.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/Matchers.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <tuple>

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLLOWERCBUFFERLOADSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {

bool isConstantAddress(Type type) {
  auto ptr = dyn_cast<PointerType>(type);
  return ptr && ptr.getAddressSpace() == AddressSpace::Constant;
}

/// Where a constant buffer address points.
struct CBufferAddress {
  /// The buffer: a declared constant buffer or a ConstantBuffer<T> handle.
  FlatSymbolRefAttr cbuffer;
  Value handle;
  /// The type of the object at the address.
  Type type;
  /// Static part of the byte offset from the start of the buffer.
  uint64_t offset = 0;
  /// Dynamic number of rows to add (i32), or null.
  Value rows;
  /// Dynamic number of scalars to add within a vector (i32), or null.
  Value scalars;
  /// The vector `scalars` indexes lies in one row, so the index cannot
  /// carry into the next row. False only for 64-bit vectors of 3 or 4.
  bool scalarsInOneRow = true;
  /// For vector types, the bytes between consecutive components: the scalar
  /// size, except for a logical row of a column_major matrix, whose
  /// components are a column stride apart.
  uint64_t vectorStride = 0;
};

/// One index step: either a constant or a dynamic i32 value.
struct Index {
  Value dynamic;
  uint64_t constant = 0;
};

/// Rewrites one load; caches constants and rows so that a load of an
/// aggregate reads every row once.
class LoadLowering {
public:
  LoadLowering(LoadOp load, SymbolTableCollection &symbolTables)
      : load(load), builder(load), loc(load.getLoc()),
        symbolTables(symbolTables) {}

  LogicalResult run() {
    FailureOr<CBufferAddress> address = resolve(load.getAddr());
    if (failed(address))
      return failure();
    FailureOr<Value> value = loadValue(*address);
    if (failed(value))
      return failure();
    load.getResult().replaceAllUsesWith(*value);
    load.erase();
    return success();
  }

private:
  Value getConstant(int64_t value) {
    Value &cached = constants[value];
    if (!cached)
      cached = arith::ConstantIntOp::create(builder, loc, value, 32);
    return cached;
  }

  /// Indices may have any integer type; row arithmetic is i32.
  Value toI32(Value index) {
    auto type = cast<IntegerType>(index.getType());
    Type i32 = builder.getI32Type();
    if (type.getWidth() == 32)
      return index;
    if (type.getWidth() > 32)
      return arith::TruncIOp::create(builder, loc, i32, index);
    // Negative indices are out of bounds either way; zero extension keeps
    // unsigned 16-bit indices right.
    return arith::ExtUIOp::create(builder, loc, i32, index);
  }

  /// `sum + index * factor`, where sum may be null (zero).
  Value addScaled(Value sum, Value index, uint64_t factor) {
    if (factor == 0)
      return sum;
    Value term = index;
    if (factor != 1)
      term = arith::MulIOp::create(builder, loc, index,
                                   getConstant(int64_t(factor)));
    return sum ? arith::AddIOp::create(builder, loc, sum, term) : term;
  }

  FailureOr<CBufferAddress> resolve(Value addr);
  FailureOr<CBufferAddress> indexInto(const CBufferAddress &base, Index index,
                                      Operation *op);
  CBufferAddress fieldOf(const CBufferAddress &base, unsigned field);

  Value loadRow(const CBufferAddress &address, uint64_t row, Value rows,
                Type scalar);
  Value loadScalar(const CBufferAddress &address);
  FailureOr<Value> loadValue(const CBufferAddress &address);

  LoadOp load;
  OpBuilder builder;
  Location loc;
  SymbolTableCollection &symbolTables;
  llvm::DenseMap<int64_t, Value> constants;
  llvm::DenseMap<Value, Value> indexCasts;
  llvm::DenseMap<std::tuple<Value, uint64_t, Type>, Value> rowCache;
};

} // namespace

/// The component stride of a vector that is not a strided matrix row.
static uint64_t getPlainVectorStride(Type type) {
  if (auto vec = dyn_cast<VectorType>(type))
    return getCBufferScalarSize(vec.getElementType());
  return 0;
}

FailureOr<CBufferAddress> LoadLowering::resolve(Value addr) {
  Operation *def = addr.getDefiningOp();
  if (auto cbufferAddr = dyn_cast_or_null<CBufferAddrOp>(def)) {
    CBufferMemberOp member = cbufferAddr.lookupMember(&symbolTables);
    if (!member)
      return load.emitError() << cbufferAddr.getMember()
                              << " does not name a constant buffer member";
    if (!member.getOffset())
      return load.emitError()
             << "constant buffer member " << cbufferAddr.getMember()
             << " has no offset; run --hlsl-layout-cbuffers first";
    // Keeps hand-written offsets from making us unroll absurd loads.
    if (*member.getOffset() + getCBufferSize(member.getType()) >
        kMaxCBufferSize)
      return load.emitError()
             << "constant buffer member " << cbufferAddr.getMember()
             << " at offset " << *member.getOffset()
             << " does not fit in a constant buffer of " << kMaxCBufferSize
             << " bytes";
    CBufferAddress address;
    address.cbuffer =
        FlatSymbolRefAttr::get(cbufferAddr.getMember().getRootReference());
    address.type = member.getType();
    address.offset = *member.getOffset();
    address.vectorStride = getPlainVectorStride(address.type);
    return address;
  }
  if (auto contents = dyn_cast_or_null<ConstantBufferAddrOp>(def)) {
    // T of a ConstantBuffer<T>, laid out from the start of its buffer.
    CBufferAddress address;
    // A declared ConstantBuffer<T>/TextureBuffer<T> passed around as a
    // value: its members are the buffer's, at T's offsets.
    if (auto declared =
            contents.getHandle().getDefiningOp<ConstantBufferHandleOp>())
      address.cbuffer = declared.getCbufferAttr();
    else
      address.handle = contents.getHandle();
    address.type = cast<PointerType>(contents.getType()).getPointee();
    if (getCBufferSize(address.type) > kMaxCBufferSize)
      return load.emitError() << address.type << " does not fit in a constant "
                              << "buffer of " << kMaxCBufferSize << " bytes";
    return address;
  }
  if (auto fieldAddr = dyn_cast_or_null<FieldAddrOp>(def)) {
    FailureOr<CBufferAddress> base = resolve(fieldAddr.getBase());
    if (failed(base))
      return failure();
    return fieldOf(*base, fieldAddr.getIndex());
  }
  if (auto elementAddr = dyn_cast_or_null<ElementAddrOp>(def)) {
    FailureOr<CBufferAddress> base = resolve(elementAddr.getBase());
    if (failed(base))
      return failure();
    Index index;
    APInt constant;
    if (matchPattern(elementAddr.getIndex(), m_ConstantInt(&constant)))
      index.constant = constant.getZExtValue();
    else
      index.dynamic = toI32(elementAddr.getIndex());
    return indexInto(*base, index, elementAddr);
  }
  InFlightDiagnostic diag =
      load.emitError() << "cannot lower a load from constant buffer memory "
                          "whose address ";
  if (!def)
    return diag << "is a block argument; it must come from "
                   "hlsl.cbuffer_addr or hlsl.constant_buffer_addr through "
                   "hlsl.field_addr and hlsl.element_addr";
  diag << "comes from '" << def->getName()
       << "'; it must come from hlsl.cbuffer_addr or "
          "hlsl.constant_buffer_addr through hlsl.field_addr and "
          "hlsl.element_addr";
  diag.attachNote(def->getLoc()) << "address produced here";
  return diag;
}

CBufferAddress LoadLowering::fieldOf(const CBufferAddress &base,
                                     unsigned field) {
  auto st = cast<StructType>(base.type);
  CBufferAddress address = base;
  address.type = st.getFieldTypes()[field];
  address.offset += getCBufferFieldOffsets(st)[field];
  address.vectorStride = getPlainVectorStride(address.type);
  return address;
}

FailureOr<CBufferAddress> LoadLowering::indexInto(const CBufferAddress &base,
                                                  Index index, Operation *op) {
  CBufferAddress address = base;
  auto checkBounds = [&](uint64_t size) -> LogicalResult {
    if (index.dynamic || index.constant < size)
      return success();
    return op->emitError() << "index " << index.constant
                           << " is out of bounds for " << base.type;
  };

  if (auto array = dyn_cast<ArrayType>(base.type)) {
    if (failed(checkBounds(array.getSize())))
      return failure();
    uint64_t stride = getCBufferArrayStride(array.getElementType());
    address.type = array.getElementType();
    if (index.dynamic)
      address.rows =
          addScaled(address.rows, index.dynamic, stride / kCBufferRowSize);
    else
      address.offset += index.constant * stride;
    address.vectorStride = getPlainVectorStride(address.type);
    return address;
  }

  if (auto vec = dyn_cast<VectorType>(base.type)) {
    if (failed(checkBounds(vec.getNumElements())))
      return failure();
    unsigned scalarSize = getCBufferScalarSize(vec.getElementType());
    address.type = vec.getElementType();
    address.vectorStride = 0;
    if (base.vectorStride != scalarSize) {
      // A logical row of a column_major matrix: one scalar per column.
      if (index.dynamic)
        address.rows = addScaled(address.rows, index.dynamic,
                                 base.vectorStride / kCBufferRowSize);
      else
        address.offset += index.constant * base.vectorStride;
      return address;
    }
    if (index.dynamic) {
      address.scalars = addScaled(address.scalars, index.dynamic, 1);
      address.scalarsInOneRow = getCBufferSize(vec) <= kCBufferRowSize;
    } else {
      address.offset += index.constant * scalarSize;
    }
    return address;
  }

  auto matrix = dyn_cast<MatrixType>(base.type);
  if (!matrix)
    return op->emitError() << "cannot index " << base.type;
  if (failed(checkBounds(matrix.getRows())))
    return failure();
  CBufferMatrixLayout layout = getCBufferMatrixLayout(matrix);
  address.type =
      VectorType::get({int64_t(matrix.getColumns())}, matrix.getElementType());
  if (matrix.isRowMajor()) {
    // Rows are stored whole, one per stride.
    address.vectorStride = layout.scalarSize;
    if (index.dynamic)
      address.rows = addScaled(address.rows, index.dynamic,
                               layout.stride / kCBufferRowSize);
    else
      address.offset += index.constant * layout.stride;
    return address;
  }
  // Row r of a column_major matrix is scalar r of every column.
  address.vectorStride = layout.stride;
  if (index.dynamic) {
    address.scalars = addScaled(address.scalars, index.dynamic, 1);
    address.scalarsInOneRow =
        layout.vectorLength * layout.scalarSize <= kCBufferRowSize;
  } else {
    address.offset += index.constant * layout.scalarSize;
  }
  return address;
}

Value LoadLowering::loadRow(const CBufferAddress &address, uint64_t row,
                            Value rows, Type scalar) {
  Type storage = getCBufferStorageType(scalar);
  auto rowType = VectorType::get(
      {int64_t(kCBufferRowSize / getCBufferScalarSize(scalar))}, storage);
  Value &cached = rowCache[{rows, row, rowType}];
  if (cached)
    return cached;
  Value index;
  if (!rows)
    index = getConstant(int64_t(row));
  else if (row == 0)
    index = rows;
  else
    index =
        arith::AddIOp::create(builder, loc, rows, getConstant(int64_t(row)));
  cached = CBufferLoadRowOp::create(builder, loc, rowType, address.cbuffer,
                                    address.handle, index);
  return cached;
}

/// Turns the i32 a bool is stored as back into an i1 (or vectors of them).
static Value storedToBool(OpBuilder &builder, Location loc, Value stored) {
  Value zero = arith::ConstantOp::create(builder, loc,
                                         builder.getZeroAttr(stored.getType()));
  return arith::CmpIOp::create(builder, loc, arith::CmpIPredicate::ne, stored,
                               zero);
}

Value LoadLowering::loadScalar(const CBufferAddress &address) {
  Type scalar = address.type;
  uint64_t scalarSize = getCBufferScalarSize(scalar);
  uint64_t perRow = kCBufferRowSize / scalarSize;
  uint64_t row = address.offset / kCBufferRowSize;
  uint64_t component = address.offset % kCBufferRowSize / scalarSize;
  Value rows = address.rows;
  OpFoldResult position = builder.getI64IntegerAttr(int64_t(component));
  if (address.scalars) {
    Value dynamic = address.scalars;
    if (component != 0)
      dynamic = arith::AddIOp::create(builder, loc, dynamic,
                                      getConstant(int64_t(component)));
    if (!address.scalarsInOneRow) {
      // 64-bit vectors of 3 or 4 span two rows, starting at a row.
      Value perRowValue = getConstant(int64_t(perRow));
      rows = addScaled(
          rows, arith::DivUIOp::create(builder, loc, dynamic, perRowValue), 1);
      dynamic = arith::RemUIOp::create(builder, loc, dynamic, perRowValue);
    }
    Value &cast = indexCasts[dynamic];
    if (!cast)
      cast = arith::IndexCastOp::create(builder, loc, builder.getIndexType(),
                                        dynamic);
    position = cast;
  }
  Value rowValue = loadRow(address, row, rows, scalar);
  Value value = vector::ExtractOp::create(builder, loc, rowValue, position);
  if (scalar.isInteger(1))
    value = storedToBool(builder, loc, value);
  return value;
}

FailureOr<Value> LoadLowering::loadValue(const CBufferAddress &address) {
  Type type = address.type;
  if (type.isIntOrFloat())
    return loadScalar(address);

  if (auto vec = dyn_cast<VectorType>(type)) {
    Type scalar = vec.getElementType();
    uint64_t scalarSize = getCBufferScalarSize(scalar);
    int64_t length = vec.getNumElements();
    uint64_t perRow = kCBufferRowSize / scalarSize;
    uint64_t row = address.offset / kCBufferRowSize;
    uint64_t first = address.offset % kCBufferRowSize / scalarSize;
    // HLSL vectors span at most two rows (double3, double4); longer ones
    // only come from hand-written IR.
    if (address.scalars || address.vectorStride != scalarSize ||
        first + length > 2 * perRow) {
      // Scattered components: read them one by one.
      SmallVector<Value> components;
      for (int64_t i = 0; i < length; ++i) {
        FailureOr<CBufferAddress> component =
            indexInto(address, Index{Value(), uint64_t(i)}, load);
        if (failed(component))
          return failure();
        components.push_back(loadScalar(*component));
      }
      return vector::FromElementsOp::create(builder, loc, vec, components)
          .getResult();
    }
    // A contiguous vector in one row or two.
    Value low = loadRow(address, row, address.rows, scalar);
    Value value;
    if (first == 0 && uint64_t(length) == perRow) {
      value = low;
    } else {
      Value high = low;
      if (first + length > perRow)
        high = loadRow(address, row + 1, address.rows, scalar);
      SmallVector<int64_t> mask;
      for (int64_t i = 0; i < length; ++i)
        mask.push_back(int64_t(first) + i);
      value = vector::ShuffleOp::create(builder, loc, low, high, mask);
    }
    if (scalar.isInteger(1))
      value = storedToBool(builder, loc, value);
    return value;
  }

  if (auto matrix = dyn_cast<MatrixType>(type)) {
    // Read the stored vectors (columns or rows), then pick the scalars in
    // the row-major order hlsl.construct takes.
    CBufferMatrixLayout layout = getCBufferMatrixLayout(matrix);
    SmallVector<Value> vectors;
    for (unsigned i = 0; i < layout.numVectors; ++i) {
      CBufferAddress vector = address;
      vector.type = VectorType::get({int64_t(layout.vectorLength)},
                                    matrix.getElementType());
      vector.offset += i * layout.stride;
      vector.vectorStride = layout.scalarSize;
      FailureOr<Value> value = loadValue(vector);
      if (failed(value))
        return failure();
      vectors.push_back(*value);
    }
    SmallVector<Value> elements;
    for (unsigned r = 0; r < matrix.getRows(); ++r)
      for (unsigned c = 0; c < matrix.getColumns(); ++c)
        elements.push_back(vector::ExtractOp::create(
            builder, loc, vectors[matrix.isRowMajor() ? r : c],
            int64_t(matrix.isRowMajor() ? c : r)));
    return ConstructOp::create(builder, loc, matrix, elements).getResult();
  }

  if (auto array = dyn_cast<ArrayType>(type)) {
    SmallVector<Value> elements;
    for (int64_t i = 0; i < array.getSize(); ++i) {
      FailureOr<CBufferAddress> element =
          indexInto(address, Index{Value(), uint64_t(i)}, load);
      if (failed(element))
        return failure();
      FailureOr<Value> value = loadValue(*element);
      if (failed(value))
        return failure();
      elements.push_back(*value);
    }
    return ConstructOp::create(builder, loc, array, elements).getResult();
  }

  if (auto st = dyn_cast<StructType>(type)) {
    SmallVector<Value> fields;
    for (auto [index, field] : llvm::enumerate(st.getFieldTypes())) {
      if (isa<PaddingType>(field))
        continue;
      FailureOr<Value> value = loadValue(fieldOf(address, index));
      if (failed(value))
        return failure();
      fields.push_back(*value);
    }
    return ConstructOp::create(builder, loc, st, fields).getResult();
  }

  return load.emitError() << "cannot load a value of type " << type
                          << " from a constant buffer";
}

namespace {
struct LowerCBufferLoadsPass
    : public hlsl::impl::HLSLLowerCBufferLoadsPassBase<LowerCBufferLoadsPass> {
  void runOnOperation() override;
};
} // namespace

void LowerCBufferLoadsPass::runOnOperation() {
  ModuleOp module = getOperation();
  bool failed = false;

  // Constant addresses may only be loaded from or indexed further; anything
  // else (a call argument, say) would survive this pass unlowered. Ops that
  // pass an address on (arith.select) are left to the loads of their
  // results, which name them.
  SmallVector<Operation *> addressOps;
  SmallVector<LoadOp> loads;
  llvm::SmallPtrSet<Operation *, 4> reported;
  SymbolTableCollection symbolTables;
  module.walk([&](Operation *op) {
    if (auto load = dyn_cast<LoadOp>(op)) {
      if (isConstantAddress(load.getAddr().getType()))
        loads.push_back(load);
      return;
    }
    if (!isa<CBufferAddrOp, ConstantBufferAddrOp, FieldAddrOp, ElementAddrOp>(
            op) ||
        !isConstantAddress(op->getResult(0).getType()))
      return;
    addressOps.push_back(op);
    for (Operation *user : op->getUsers()) {
      if (isa<LoadOp, FieldAddrOp, ElementAddrOp>(user) ||
          llvm::any_of(user->getResultTypes(), isConstantAddress) ||
          !reported.insert(user).second)
        continue;
      user->emitError() << "'" << user->getName()
                        << "' uses a constant buffer address; only "
                           "hlsl.load, hlsl.field_addr and hlsl.element_addr "
                           "can (inline calls first)";
      failed = true;
    }
  });

  for (LoadOp load : loads)
    if (mlir::failed(LoadLowering(load, symbolTables).run()))
      failed = true;
  if (failed)
    return signalPassFailure();

  // Users come after their definitions in walk order.
  for (Operation *op : llvm::reverse(addressOps))
    if (op->use_empty())
      op->erase();
}
