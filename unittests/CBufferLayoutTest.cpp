//===- CBufferLayoutTest.cpp - Legacy constant buffer layout tests --------===//
//
// The fixed cases are the examples of seeds 002 and 003 plus the corners of
// the rules (matrices, 16- and 64-bit types, bool, types without data). The
// randomized tests check properties every layout must have against an
// independent walk over the scalars of a type, and check that the padded
// layout type, read as a packed struct, puts every scalar at the same place.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/Transforms/CBufferLayout.h"
#include "RandomTypes.h"
#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <random>
#include <string>
#include <vector>

using namespace mlir;
using namespace mlir::hlsl;

namespace {

class CBufferLayoutTest : public ::testing::Test {
protected:
  CBufferLayoutTest() { context.loadDialect<HLSLDialect>(); }

  Type i1() { return IntegerType::get(&context, 1); }
  Type i16() { return IntegerType::get(&context, 16); }
  Type i32() { return IntegerType::get(&context, 32); }
  Type f16() { return Float16Type::get(&context); }
  Type f32() { return Float32Type::get(&context); }
  Type f64() { return Float64Type::get(&context); }
  Type vec(int64_t n, Type scalar) { return VectorType::get({n}, scalar); }
  Type array(int64_t n, Type element) {
    return ArrayType::get(&context, n, element);
  }
  Type matrix(unsigned rows, unsigned columns, Type scalar,
              MatrixOrder order = MatrixOrder::ColumnMajor) {
    return MatrixType::get(&context, rows, columns, scalar, order);
  }
  Type record(StringRef name, ArrayRef<Type> fields) {
    std::vector<std::string> names;
    for (size_t i = 0; i < fields.size(); ++i)
      names.push_back("f" + std::to_string(i));
    SmallVector<StringRef> refs(names.begin(), names.end());
    return StructType::get(&context, name, fields, refs);
  }

  std::vector<uint64_t> offsets(ArrayRef<Type> types, uint64_t &end) {
    SmallVector<uint64_t> result = layOutCBufferSequence(types, end);
    return std::vector<uint64_t>(result.begin(), result.end());
  }

  MLIRContext context;
};

std::string print(Type type) {
  std::string text;
  llvm::raw_string_ostream os(text);
  type.print(os);
  return text;
}

using Offsets = std::vector<uint64_t>;

//===----------------------------------------------------------------------===//
// Seed examples
//===----------------------------------------------------------------------===//

TEST_F(CBufferLayoutTest, Seed002MyConstants) {
  uint64_t end;
  EXPECT_EQ(offsets({vec(2, f32()), i32()}, end), (Offsets{0, 8}));
  EXPECT_EQ(end, 12u);
}

TEST_F(CBufferLayoutTest, Seed002StructStartsARow) {
  uint64_t end;
  EXPECT_EQ(offsets({i32(), record("S", {f32()})}, end), (Offsets{0, 16}));
  EXPECT_EQ(end, 20u);
}

TEST_F(CBufferLayoutTest, Seed002ArrayOfInts) {
  uint64_t end;
  EXPECT_EQ(offsets({vec(4, f32()), array(10, i32())}, end), (Offsets{0, 16}));
  EXPECT_EQ(end, 164u);
}

TEST_F(CBufferLayoutTest, VectorsAlignToTheirScalars) {
  // $Globals { float4 F; int k; float2 g; }: g at 20, not 24.
  uint64_t end;
  EXPECT_EQ(offsets({vec(4, f32()), i32(), vec(2, f32())}, end),
            (Offsets{0, 16, 20}));
  EXPECT_EQ(end, 28u);
}

TEST_F(CBufferLayoutTest, Seed003StructThenScalar) {
  // cb1 { int i; S s; int j; }: no padding after the struct.
  uint64_t end;
  EXPECT_EQ(offsets({i32(), record("S", {i32()}), i32()}, end),
            (Offsets{0, 16, 20}));
  EXPECT_EQ(end, 24u);
}

TEST_F(CBufferLayoutTest, Seed003Arrays) {
  uint64_t end;
  EXPECT_EQ(offsets({array(3, f32()), array(2, vec(3, f64())),
                     array(2, vec(4, i32())), array(2, array(2, f16()))},
                    end),
            (Offsets{0, 48, 112, 144}));
  EXPECT_EQ(end, 194u);
}

TEST_F(CBufferLayoutTest, Seed003LayoutTypes) {
  EXPECT_EQ(print(getCBufferLayoutType(array(3, f32()))),
            "!hlsl.struct<\"__cbarray\", {elems: !hlsl.array<2 x "
            "!hlsl.struct<\"__cbelem\", {value: f32, !hlsl.pad<12>}>>, last: "
            "f32}>");
  EXPECT_EQ(print(getCBufferLayoutType(array(2, vec(4, i32())))),
            "!hlsl.array<2 x vector<4xi32>>");
  EXPECT_EQ(print(getCBufferLayoutType(array(1, f32()))),
            "!hlsl.array<1 x f32>");
  EXPECT_EQ(print(getCBufferLayoutType(record("S", {i32(), vec(4, f32())}))),
            "!hlsl.struct<\"__layout_S\", {f0: i32, !hlsl.pad<12>, f1: "
            "vector<4xf32>}>");
}

TEST_F(CBufferLayoutTest, LayoutStructInOffsetOrder) {
  // cb0 { int x : packoffset(c0.y); float y : packoffset(c1.z); } with the
  // members given in reverse order.
  StructType layout = buildCBufferLayoutStruct(
      &context, "__cblayout_cb0", {f32(), i32()}, {"y", "x"}, {24, 4});
  EXPECT_EQ(print(layout),
            "!hlsl.struct<\"__cblayout_cb0\", {!hlsl.pad<4>, x: i32, "
            "!hlsl.pad<16>, y: f32}>");
}

//===----------------------------------------------------------------------===//
// Matrices
//===----------------------------------------------------------------------===//

TEST_F(CBufferLayoutTest, ColumnMajorMatrixIsAnArrayOfColumns) {
  // float2x3: 3 columns of float2.
  EXPECT_EQ(getCBufferSize(matrix(2, 3, f32())), 40u);
  EXPECT_EQ(print(getCBufferLayoutType(matrix(2, 3, f32()))),
            "!hlsl.struct<\"__cbarray\", {elems: !hlsl.array<2 x "
            "!hlsl.struct<\"__cbelem\", {value: vector<2xf32>, "
            "!hlsl.pad<8>}>>, last: vector<2xf32>}>");
}

TEST_F(CBufferLayoutTest, RowMajorMatrixIsAnArrayOfRows) {
  // row_major float2x3: 2 rows of float3.
  EXPECT_EQ(getCBufferSize(matrix(2, 3, f32(), MatrixOrder::RowMajor)), 28u);
  EXPECT_EQ(getCBufferSize(matrix(4, 4, f32())), 64u);
}

TEST_F(CBufferLayoutTest, SingleVectorMatrixPacksLikeAVector) {
  uint64_t end;
  // float3x1 is one column of 3 floats; float1x3 row_major one row.
  EXPECT_EQ(offsets({f32(), matrix(3, 1, f32())}, end), (Offsets{0, 4}));
  EXPECT_EQ(offsets({f32(), matrix(1, 3, f32(), MatrixOrder::RowMajor)}, end),
            (Offsets{0, 4}));
  // float1x3 column_major is 3 columns of one float: a row each.
  EXPECT_EQ(offsets({f32(), matrix(1, 3, f32())}, end), (Offsets{0, 16}));
  EXPECT_EQ(end, 16u + 36u);
}

TEST_F(CBufferLayoutTest, DoubleMatrixColumnsSpanRows) {
  // double3x2: 2 columns of double3 (24 bytes), 32 bytes apart.
  EXPECT_EQ(getCBufferSize(matrix(3, 2, f64())), 56u);
}

//===----------------------------------------------------------------------===//
// Scalar sizes and rows
//===----------------------------------------------------------------------===//

TEST_F(CBufferLayoutTest, BoolTakesFourBytes) {
  uint64_t end;
  EXPECT_EQ(offsets({i1(), i1(), vec(2, i1())}, end), (Offsets{0, 4, 8}));
  EXPECT_EQ(end, 16u);
  EXPECT_EQ(print(getCBufferLayoutType(vec(2, i1()))), "vector<2xi32>");
}

TEST_F(CBufferLayoutTest, SixteenBitTypesPackTightly) {
  uint64_t end;
  EXPECT_EQ(offsets({f16(), i16(), vec(3, f16()), vec(4, f16())}, end),
            (Offsets{0, 2, 4, 16}));
  EXPECT_EQ(end, 24u);
}

TEST_F(CBufferLayoutTest, NoStraddling) {
  uint64_t end;
  // A float3 after a float2 does not fit in the rest of the row.
  EXPECT_EQ(offsets({vec(2, f32()), vec(3, f32())}, end), (Offsets{0, 16}));
  // A double after a float is 8-byte aligned; a double3 starts a row.
  EXPECT_EQ(offsets({f32(), f64(), vec(3, f64()), f64()}, end),
            (Offsets{0, 8, 16, 40}));
}

TEST_F(CBufferLayoutTest, TypesWithoutDataTakeNoSpace) {
  uint64_t end;
  EXPECT_EQ(
      offsets({f32(), record("E", {}), array(0, vec(4, f32())), f32()}, end),
      (Offsets{0, 4, 4, 4}));
  EXPECT_EQ(end, 8u);
  StructType layout =
      buildCBufferLayoutStruct(&context, "L", {f32(), record("E", {}), f32()},
                               {"a", "e", "b"}, {0, 4, 4});
  EXPECT_EQ(print(layout), "!hlsl.struct<\"L\", {a: f32, b: f32}>");
}

TEST_F(CBufferLayoutTest, HugeArraysSaturate) {
  Type huge = array(int64_t(1) << 40, array(int64_t(1) << 40, vec(4, f32())));
  EXPECT_GT(getCBufferSize(huge), kMaxCBufferSize);
}

//===----------------------------------------------------------------------===//
// Randomized properties
//===----------------------------------------------------------------------===//

struct Scalar {
  uint64_t offset;
  unsigned size;
  bool operator==(const Scalar &other) const {
    return offset == other.offset && size == other.size;
  }
};

/// Every scalar of \p type at \p base in memory order, computed from the
/// offset functions, checking the per-object rules on the way. \p reservedEnd
/// grows to the end of bytes that DXC reserves past the data: the last
/// vector of a matrix of 16-bit scalars takes 4 bytes per scalar.
void collectScalars(Type type, uint64_t base, std::vector<Scalar> &out,
                    uint64_t &reservedEnd) {
  if (getCBufferSize(type) == 0)
    return;
  if (startsCBufferRow(type))
    EXPECT_EQ(base % 16, 0u) << print(type) << " at " << base;
  if (type.isIntOrFloat()) {
    unsigned size = getCBufferScalarSize(type);
    EXPECT_EQ(base % size, 0u) << print(type) << " at " << base;
    out.push_back({base, size});
    return;
  }
  if (auto vec = dyn_cast<VectorType>(type)) {
    uint64_t size = getCBufferSize(vec);
    if (size <= 16)
      EXPECT_LE(base % 16 + size, 16u) << print(type) << " at " << base;
    else
      EXPECT_EQ(base % 16, 0u) << print(type) << " at " << base;
    for (int64_t i = 0; i < vec.getNumElements(); ++i)
      collectScalars(vec.getElementType(),
                     base + i * getCBufferScalarSize(vec.getElementType()), out,
                     reservedEnd);
    return;
  }
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    CBufferMatrixLayout layout = getCBufferMatrixLayout(matrix);
    EXPECT_EQ(layout.stride % 16, 0u);
    for (unsigned v = 0; v < layout.numVectors; ++v)
      collectScalars(VectorType::get({int64_t(layout.vectorLength)},
                                     matrix.getElementType()),
                     base + v * layout.stride, out, reservedEnd);
    uint64_t lastVector = base + (layout.numVectors - 1) * layout.stride;
    uint64_t reserved = lastVector + layout.vectorLength * 4;
    if (layout.scalarSize == 2) {
      EXPECT_LE(lastVector % 16 + layout.vectorLength * 4, 16u)
          << print(type) << " at " << base;
      reservedEnd = std::max(reservedEnd, reserved);
    }
    return;
  }
  if (auto array = dyn_cast<ArrayType>(type)) {
    uint64_t stride = getCBufferArrayStride(array.getElementType());
    EXPECT_EQ(stride % 16, 0u);
    EXPECT_GE(stride, getCBufferSize(array.getElementType()));
    for (int64_t i = 0; i < array.getSize(); ++i)
      collectScalars(array.getElementType(), base + i * stride, out,
                     reservedEnd);
    return;
  }
  auto st = cast<StructType>(type);
  SmallVector<uint64_t> fieldOffsets = getCBufferFieldOffsets(st);
  for (auto [index, field] : llvm::enumerate(st.getFieldTypes())) {
    uint64_t offset = base + fieldOffsets[index];
    if (getCBufferSize(field) != 0) {
      unsigned hint = st.getFieldHint(index);
      if (hint & RowStartField)
        EXPECT_EQ(offset % 16, 0u) << print(field) << " at " << offset;
      if (hint & MinPrecisionField)
        EXPECT_EQ(offset % 4, 0u) << print(field) << " at " << offset;
    }
    collectScalars(field, offset, out, reservedEnd);
  }
}

/// Every scalar of a layout type read as a packed struct; returns its size.
uint64_t collectPackedScalars(Type type, uint64_t base,
                              std::vector<Scalar> &out) {
  if (auto pad = dyn_cast<PaddingType>(type))
    return pad.getSize();
  if (type.isIntOrFloat()) {
    EXPECT_FALSE(type.isInteger(1)) << "bool left in a layout type";
    unsigned size = type.getIntOrFloatBitWidth() / 8;
    out.push_back({base, size});
    return size;
  }
  EXPECT_FALSE(isa<MatrixType>(type)) << "matrix left in a layout type";
  uint64_t size = 0;
  if (auto vec = dyn_cast<VectorType>(type)) {
    for (int64_t i = 0; i < vec.getNumElements(); ++i)
      size += collectPackedScalars(vec.getElementType(), base + size, out);
  } else if (auto array = dyn_cast<ArrayType>(type)) {
    for (int64_t i = 0; i < array.getSize(); ++i)
      size += collectPackedScalars(array.getElementType(), base + size, out);
  } else if (auto st = dyn_cast<StructType>(type)) {
    for (Type field : st.getFieldTypes())
      size += collectPackedScalars(field, base + size, out);
  }
  return size;
}

TEST_F(CBufferLayoutTest, RandomTypesFollowTheRules) {
  RandomTypes random(context, /*seed=*/2024);
  for (int iteration = 0; iteration < 3000; ++iteration) {
    Type type = random.get();
    SCOPED_TRACE(print(type));
    std::vector<Scalar> scalars;
    uint64_t reservedEnd = 0;
    collectScalars(type, 0, scalars, reservedEnd);

    // Scalars in memory order never overlap, and the size is the end of
    // the last one, or of the bytes a 16-bit matrix reserves after it.
    uint64_t end = 0;
    for (const Scalar &scalar : scalars) {
      EXPECT_GE(scalar.offset, end);
      EXPECT_LE(scalar.offset % 16 + scalar.size, 16u);
      end = scalar.offset + scalar.size;
    }
    end = std::max(end, reservedEnd);
    EXPECT_EQ(getCBufferSize(type), end);

    // The padded layout type puts every scalar at the same offset.
    std::vector<Scalar> packed;
    uint64_t packedSize =
        collectPackedScalars(getCBufferLayoutType(type), 0, packed);
    EXPECT_EQ(packedSize, end);
    EXPECT_TRUE(packed == scalars);
  }
}

TEST_F(CBufferLayoutTest, RandomSequencesFollowTheRules) {
  RandomTypes random(context, /*seed=*/7);
  for (int iteration = 0; iteration < 1000; ++iteration) {
    SmallVector<Type> types;
    std::vector<std::string> names;
    for (int i = 0, e = iteration % 6 + 1; i < e; ++i) {
      types.push_back(random.get(1));
      names.push_back("m" + std::to_string(i));
    }
    uint64_t end;
    SmallVector<uint64_t> memberOffsets = layOutCBufferSequence(types, end);

    // Members come in order, each aligned by the rules, and the layout
    // struct reproduces all of their scalars.
    std::vector<Scalar> scalars;
    uint64_t previousEnd = 0;
    for (auto [type, offset] : llvm::zip(types, memberOffsets)) {
      SCOPED_TRACE(print(type));
      EXPECT_EQ(offset, alignCBufferOffset(previousEnd, type));
      EXPECT_GE(offset, previousEnd);
      uint64_t reservedEnd = 0;
      collectScalars(type, offset, scalars, reservedEnd);
      previousEnd = offset + getCBufferSize(type);
    }
    EXPECT_EQ(previousEnd, end);
    SmallVector<StringRef> refs(names.begin(), names.end());
    std::vector<Scalar> packed;
    uint64_t packedSize = collectPackedScalars(
        buildCBufferLayoutStruct(&context, "L", types, refs, memberOffsets), 0,
        packed);
    EXPECT_EQ(packedSize, end);
    EXPECT_TRUE(packed == scalars);
  }
}

} // namespace
