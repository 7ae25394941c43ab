//===- RandomTypes.h - Random hlsl data types for tests ---------*- C++ -*-===//
//
// Random scalars, vectors, matrices (both orders), arrays (a few of them
// empty) and structs nested a few levels deep, for property tests of the
// constant buffer layout and its lowering.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_UNITTESTS_RANDOMTYPES_H
#define HLSL_UNITTESTS_RANDOMTYPES_H

#include "HLSL/Dialect/HLSL/IR/HLSLTypes.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"

#include <random>
#include <string>
#include <vector>

namespace mlir::hlsl {

class RandomTypes {
public:
  RandomTypes(MLIRContext &context, unsigned seed)
      : context(context), rng(seed) {}

  /// A random data type; \p depth limits nesting.
  Type get(unsigned depth = 0) {
    switch (pick(0, depth >= 3 ? 2 : 5)) {
    case 0:
      return scalar();
    case 1:
      return VectorType::get({int64_t(pick(1, 4))}, scalar());
    case 2:
      return MatrixType::get(&context, pick(1, 4), pick(1, 4), scalar(),
                             pick(0, 1) ? MatrixOrder::RowMajor
                                        : MatrixOrder::ColumnMajor);
    case 3:
      // Mostly non-empty; zero-length arrays are rare in real shaders.
      return ArrayType::get(&context, pick(0, 9) == 0 ? 0 : pick(1, 4),
                            get(depth + 1));
    default: {
      SmallVector<Type> fields;
      std::vector<std::string> names;
      SmallVector<unsigned> hints;
      for (unsigned i = 0, e = pick(0, 4); i < e; ++i) {
        fields.push_back(get(depth + 1));
        names.push_back("f" + std::to_string(i));
        // Field hints where the importer would set them: minimum
        // precision on scalars, vectors and matrices, row_start on a
        // matrix.
        unsigned hint = 0;
        if (!isa<ArrayType, StructType>(fields.back()) && pick(0, 3) == 0)
          hint |= MinPrecisionField;
        if (isa<MatrixType>(fields.back()) && pick(0, 3) == 0)
          hint |= RowStartField;
        hints.push_back(hint);
      }
      SmallVector<StringRef> refs(names.begin(), names.end());
      return StructType::get(&context, "S" + std::to_string(counter++), fields,
                             refs, hints);
    }
    }
  }

  unsigned pick(unsigned lo, unsigned hi) {
    return std::uniform_int_distribution<unsigned>(lo, hi)(rng);
  }

private:
  Type scalar() {
    switch (pick(0, 6)) {
    case 0:
      return IntegerType::get(&context, 1);
    case 1:
      return IntegerType::get(&context, 16);
    case 2:
      return IntegerType::get(&context, 32);
    case 3:
      return IntegerType::get(&context, 64);
    case 4:
      return Float16Type::get(&context);
    case 5:
      return Float32Type::get(&context);
    default:
      return Float64Type::get(&context);
    }
  }

  MLIRContext &context;
  std::mt19937 rng;
  unsigned counter = 0;
};

} // namespace mlir::hlsl

#endif // HLSL_UNITTESTS_RANDOMTYPES_H
