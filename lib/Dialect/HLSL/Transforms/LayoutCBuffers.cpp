//===- LayoutCBuffers.cpp - Constant buffer layout ------------------------===//
//
// Places the members of every constant buffer (CBufferLayout.h has the
// rules), checks user packoffsets and records offsets, size and the padded
// layout struct on the IR.
//
// Members with a packoffset go exactly where the user put them. The others
// are laid out with the normal rules starting at the end of the highest
// packoffset'ed member, in declaration order: that is how DXC allocates a
// buffer that mixes both (it first scans the user-placed constants for the
// highest end, then appends the rest), even though it never fills holes
// between packoffsets.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Dialect/HLSL/Transforms/CBufferLayout.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "llvm/ADT/STLExtras.h"

#include <numeric>

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLLAYOUTCBUFFERSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {

/// `c<row>.<component>`, as packoffset spells a byte offset.
std::string formatPackOffset(uint64_t offset) {
  std::string text = "c" + std::to_string(offset / kCBufferRowSize);
  if (uint64_t component = offset % kCBufferRowSize / 4)
    text += std::string(".") + "xyzw"[component];
  return text;
}

/// "ends at byte N", unless N is a saturated size and would mislead.
std::string describeEnd(uint64_t end) {
  if (end >= kCBufferSizeSaturation)
    return "is too large";
  return "ends at byte " + std::to_string(end);
}

/// Checks that a member with a packoffset can live there.
LogicalResult checkPackOffset(CBufferMemberOp member, uint64_t offset) {
  Type type = member.getType();
  uint64_t size = getCBufferSize(type);
  std::string where = "packoffset(" + formatPackOffset(offset) + ")";
  // Members without data occupy nothing, but their offset is still recorded
  // and must be in range.
  if (size != 0 && startsCBufferRow(type)) {
    if (offset % kCBufferRowSize != 0)
      return member.emitError() << "'" << member.getSymName() << "' of type "
                                << type << " starts a new 16-byte row, so its "
                                << where << " must name component x";
  } else if (size != 0) {
    unsigned scalarSize = getCBufferScalarSize(getCBufferScalarType(type));
    if (offset % scalarSize != 0)
      return member.emitError()
             << "'" << member.getSymName() << "' of type " << type << " at "
             << where << " is not aligned to its " << scalarSize
             << "-byte scalars";
    if (offset % kCBufferRowSize + size > kCBufferRowSize)
      return member.emitError()
             << "'" << member.getSymName() << "' of type " << type << " at "
             << where << " would straddle a 16-byte row (bytes " << offset
             << " to " << offset + size - 1 << ")";
  }
  if (offset + size > kMaxCBufferSize)
    return member.emitError()
           << "'" << member.getSymName() << "' at " << where << " "
           << describeEnd(offset + size)
           << ", past the maximum constant buffer size of " << kMaxCBufferSize
           << " bytes (" << kMaxCBufferRows << " rows)";
  return success();
}

LogicalResult layOutCBuffer(CBufferOp cbuffer) {
  SmallVector<CBufferMemberOp> members(
      cbuffer.getBody().front().getOps<CBufferMemberOp>());
  SmallVector<Type> types;
  SmallVector<StringRef> names;
  for (CBufferMemberOp member : members) {
    types.push_back(member.getType());
    names.push_back(member.getSymName());
  }
  SmallVector<uint64_t> offsets(members.size(), 0);
  bool failed = false;

  uint64_t packedEnd = 0;
  for (auto [index, member] : llvm::enumerate(members)) {
    std::optional<PackOffsetAttr> packOffset = member.getPackoffset();
    if (!packOffset)
      continue;
    offsets[index] = packOffset->getByteOffset();
    if (mlir::failed(checkPackOffset(member, offsets[index]))) {
      failed = true;
      continue;
    }
    packedEnd =
        std::max(packedEnd, offsets[index] + getCBufferSize(types[index]));
  }

  // The others follow the user-placed ones with the normal rules. In a
  // cbuffer block, DXC's rule for minimum precision: a row holds
  // minimum-precision scalars, vectors and matrices or full-precision ones,
  // not both. (An array does not change what the row after it may hold; a
  // struct's fields are full precision there.) A buffer of T lays out its
  // members as T's fields, with their hints.
  bool asStruct = cbuffer.isBufferOfStruct();
  uint64_t end = packedEnd;
  bool reportedTooLarge = false;
  bool rowIsMinPrecision = false;
  for (auto [index, member] : llvm::enumerate(members)) {
    if (member.getPackoffset())
      continue;
    Type type = types[index];
    if (!asStruct && getCBufferSize(type) != 0 &&
        !isa<ArrayType, PaddingType>(type)) {
      bool minPrecision = !isa<StructType>(type) && member.getMinPrecision();
      if (minPrecision != rowIsMinPrecision && end % kCBufferRowSize != 0)
        end = llvm::alignTo(end, kCBufferRowSize);
      rowIsMinPrecision = minPrecision;
    }
    offsets[index] = alignCBufferOffset(end, types[index],
                                        asStruct ? member.getFieldHints() : 0);
    end = offsets[index] + getCBufferSize(types[index]);
    if (end > kMaxCBufferSize && !reportedTooLarge) {
      member.emitError() << "'" << member.getSymName() << "' "
                         << describeEnd(end) << ", making constant buffer '"
                         << cbuffer.getSourceName()
                         << "' larger than the maximum of " << kMaxCBufferSize
                         << " bytes (" << kMaxCBufferRows << " rows)";
      reportedTooLarge = failed = true;
    }
  }
  if (failed)
    return failure();

  // Only packoffsets can collide: the others start after all of them. A
  // sweep in offset order finds every member that begins before the end of
  // some earlier one; naming the one that reaches furthest is enough.
  SmallVector<size_t> byOffset;
  for (auto [index, member] : llvm::enumerate(members))
    if (getCBufferSize(types[index]) != 0)
      byOffset.push_back(index);
  llvm::stable_sort(byOffset, [&](size_t lhs, size_t rhs) {
    return offsets[lhs] < offsets[rhs];
  });
  uint64_t furthestEnd = 0;
  std::optional<size_t> furthest;
  for (size_t index : byOffset) {
    uint64_t memberEnd = offsets[index] + getCBufferSize(types[index]);
    if (furthest && offsets[index] < furthestEnd) {
      // Report at the later declaration, like duplicate definitions.
      size_t later = std::max(index, *furthest);
      size_t earlier = std::min(index, *furthest);
      auto describe = [&](size_t i) {
        return "'" + names[i].str() + "' (bytes " + std::to_string(offsets[i]) +
               " to " +
               std::to_string(offsets[i] + getCBufferSize(types[i]) - 1) + ")";
      };
      InFlightDiagnostic diag = members[later].emitError()
                                << "constant buffer member " << describe(later)
                                << " overlaps " << describe(earlier);
      diag.attachNote(members[earlier].getLoc())
          << "'" << names[earlier] << "' is declared here";
      failed = true;
    }
    if (!furthest || memberEnd > furthestEnd) {
      furthestEnd = memberEnd;
      furthest = index;
    }
  }
  if (failed)
    return failure();

  MLIRContext *context = cbuffer.getContext();
  Builder builder(context);
  for (auto [member, offset] : llvm::zip(members, offsets))
    member.setOffsetAttr(builder.getI32IntegerAttr(int32_t(offset)));
  cbuffer.setSizeAttr(builder.getI32IntegerAttr(int32_t(end)));
  // Symbols are unique where source names are not, which keeps layout
  // struct names unique as seed 002 asks.
  std::string layoutName = ("__cblayout_" + cbuffer.getSymName()).str();
  cbuffer.setLayoutAttr(TypeAttr::get(
      buildCBufferLayoutStruct(context, layoutName, types, names, offsets)));
  return success();
}

struct LayoutCBuffersPass
    : public hlsl::impl::HLSLLayoutCBuffersPassBase<LayoutCBuffersPass> {
  void runOnOperation() override {
    bool failed = false;
    for (CBufferOp cbuffer : getOperation().getOps<CBufferOp>())
      if (mlir::failed(layOutCBuffer(cbuffer)))
        failed = true;
    if (failed)
      signalPassFailure();
  }
};
} // namespace
