//===- BindingAllocator.cpp - Implicit resource binding allocation --------===//
//
// Each (register class, space) pair is an independent register file of 2^32
// registers. Ranges are handled as 64-bit [start, start + length) intervals so
// that "one past the last register" and the length of a whole space (2^32)
// need no special cases.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/Transforms/BindingAllocator.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cassert>
#include <tuple>

using namespace mlir;
using namespace mlir::hlsl;

namespace {

constexpr uint64_t NumRegisters = uint64_t(UINT32_MAX) + 1;

/// The free gaps of one register file left by its explicit bindings, in
/// ascending order, the last one being the (possibly empty) gap above the
/// highest explicit binding.
///
/// Implicit allocation never splits a gap: first fit places a bounded range
/// at the start of the lowest gap that is large enough, and an unbounded
/// range starts right after the highest used register, which is always the
/// start of the trailing gap, and swallows it whole. Gaps therefore only
/// shrink from the front, so a fixed array of gaps with a max-length segment
/// tree over it answers "lowest gap of at least N registers" in O(log n)
/// instead of rescanning all gaps for every request.
class GapTree {
public:
  struct Gap {
    uint64_t start;
    uint64_t length;
  };

  explicit GapTree(llvm::SmallVector<Gap, 4> gapList)
      : gaps(std::move(gapList)) {
    assert(!gaps.empty() && "the trailing gap always exists");
    numLeaves = 1;
    while (numLeaves < gaps.size())
      numLeaves *= 2;
    maxLength.assign(2 * numLeaves, 0);
    for (size_t i = 0, e = gaps.size(); i != e; ++i)
      maxLength[numLeaves + i] = gaps[i].length;
    for (size_t node = numLeaves - 1; node >= 1; --node)
      maxLength[node] = std::max(maxLength[2 * node], maxLength[2 * node + 1]);
  }

  /// Returns the index of the lowest gap with at least \p length registers.
  std::optional<size_t> findFirstFit(uint64_t length) const {
    if (maxLength[1] < length)
      return std::nullopt;
    size_t node = 1;
    while (node < numLeaves)
      node = maxLength[2 * node] >= length ? 2 * node : 2 * node + 1;
    return node - numLeaves;
  }

  const Gap &getGap(size_t index) const { return gaps[index]; }
  size_t getTrailingGapIndex() const { return gaps.size() - 1; }

  /// Takes the first \p length registers of gap \p index.
  void takeFront(size_t index, uint64_t length) {
    Gap &gap = gaps[index];
    assert(length <= gap.length && "allocation does not fit in the gap");
    gap.start += length;
    gap.length -= length;
    size_t node = numLeaves + index;
    maxLength[node] = gap.length;
    for (node /= 2; node >= 1; node /= 2)
      maxLength[node] = std::max(maxLength[2 * node], maxLength[2 * node + 1]);
  }

private:
  llvm::SmallVector<Gap, 4> gaps;
  size_t numLeaves;
  std::vector<uint64_t> maxLength;
};

struct RegisterFile {
  ResourceClass cls;
  uint32_t space;
  /// Valid explicit requests of this file, as request indices.
  llvm::SmallVector<size_t, 4> explicitRequests;
  std::optional<GapTree> gaps;
};

uint64_t getFileKey(ResourceClass cls, uint32_t space) {
  return (uint64_t(cls) << 32) | space;
}

std::string formatLocation(ResourceClass cls, uint32_t lowerBound,
                           std::optional<uint32_t> size, uint32_t space) {
  return "(" + formatRegisterRange(cls, lowerBound, size) + ", space" +
         std::to_string(space) + ")";
}

class Allocator {
public:
  explicit Allocator(llvm::ArrayRef<BindingRequest> requests)
      : requests(requests) {}

  Allocation run();

private:
  RegisterFile &getFile(ResourceClass cls, uint32_t space);
  bool validate(size_t index);
  void reserveExplicit(RegisterFile &file);
  void allocateImplicit(size_t index);
  void addError(BindingErrorKind kind, size_t request,
                std::optional<size_t> other, std::string message) {
    result.errors.push_back({kind, request, other, std::move(message)});
  }

  llvm::ArrayRef<BindingRequest> requests;
  Allocation result;
  llvm::DenseMap<uint64_t, size_t> fileIndices;
  // std::vector rather than SmallVector: RegisterFile is large and there are
  // usually only a handful of files.
  std::vector<RegisterFile> files;
};

} // namespace

std::string mlir::hlsl::formatRegisterRange(ResourceClass cls,
                                            uint32_t lowerBound,
                                            std::optional<uint32_t> size) {
  char letter = getRegisterLetter(cls);
  std::string text = letter + std::to_string(lowerBound);
  if (!size)
    return text + "..";
  if (*size <= 1)
    return text;
  // 64-bit so that a range running past the last register, which is exactly
  // what an out-of-range diagnostic needs to show, prints its true end.
  uint64_t upper = uint64_t(lowerBound) + *size - 1;
  return text + ".." + letter + std::to_string(upper);
}

RegisterFile &Allocator::getFile(ResourceClass cls, uint32_t space) {
  auto [it, inserted] =
      fileIndices.try_emplace(getFileKey(cls, space), files.size());
  if (inserted)
    files.push_back(RegisterFile{cls, space, {}, std::nullopt});
  return files[it->second];
}

/// Reports requests whose range is malformed; those take no part in the
/// allocation so that they cannot cause follow-on errors.
bool Allocator::validate(size_t index) {
  const BindingRequest &req = requests[index];
  if (req.size && *req.size == 0) {
    addError(BindingErrorKind::EmptyRange, index, std::nullopt,
             "resource '" + req.name + "' has an empty register range " +
                 "(size 0)");
    return false;
  }
  if (req.lowerBound && req.size &&
      uint64_t(*req.lowerBound) + *req.size > NumRegisters) {
    addError(BindingErrorKind::OutOfRange, index, std::nullopt,
             "resource '" + req.name + "' " +
                 formatLocation(req.cls, *req.lowerBound, req.size, req.space) +
                 " extends past the last register " +
                 formatRegisterRange(req.cls, UINT32_MAX, 1));
    return false;
  }
  return true;
}

void Allocator::reserveExplicit(RegisterFile &file) {
  llvm::sort(file.explicitRequests, [&](size_t lhs, size_t rhs) {
    uint32_t lhsBound = *requests[lhs].lowerBound;
    uint32_t rhsBound = *requests[rhs].lowerBound;
    return lhsBound != rhsBound ? lhsBound < rhsBound : lhs < rhs;
  });

  // A single sweep both builds the gaps and finds overlaps: a binding that
  // starts below the end of everything before it overlaps at least the
  // binding reaching furthest, and reporting just that one pair keeps the
  // error count linear while still naming every overlapping resource.
  llvm::SmallVector<GapTree::Gap, 4> gaps;
  uint64_t nextFree = 0;
  std::optional<size_t> furthest;
  for (size_t index : file.explicitRequests) {
    const BindingRequest &req = requests[index];
    uint64_t start = *req.lowerBound;
    uint64_t end = req.size ? start + *req.size : NumRegisters;
    if (start < nextFree) {
      size_t later = std::max(index, *furthest);
      size_t earlier = std::min(index, *furthest);
      const BindingRequest &laterReq = requests[later];
      const BindingRequest &earlierReq = requests[earlier];
      addError(BindingErrorKind::Overlap, later, earlier,
               "resource '" + laterReq.name + "' " +
                   formatLocation(laterReq.cls, *laterReq.lowerBound,
                                  laterReq.size, laterReq.space) +
                   " overlaps resource '" + earlierReq.name + "' " +
                   formatLocation(earlierReq.cls, *earlierReq.lowerBound,
                                  earlierReq.size, earlierReq.space));
    } else if (start > nextFree) {
      gaps.push_back({nextFree, start - nextFree});
    }
    if (end > nextFree) {
      nextFree = end;
      furthest = index;
    }
  }
  gaps.push_back({nextFree, NumRegisters - nextFree});
  file.gaps.emplace(std::move(gaps));
}

void Allocator::allocateImplicit(size_t index) {
  const BindingRequest &req = requests[index];
  RegisterFile &file = getFile(req.cls, req.space);
  GapTree &gaps = *file.gaps;
  BindingResult &res = result.results[index];

  if (!req.size) {
    // DXC does not look for holes for unbounded arrays: they go above the
    // highest register used so far, i.e. into the trailing gap, and only
    // if it is still untouched by a previous unbounded array.
    size_t trailing = gaps.getTrailingGapIndex();
    const GapTree::Gap &gap = gaps.getGap(trailing);
    if (gap.length == 0) {
      addError(BindingErrorKind::NoSpace, index, std::nullopt,
               "resource '" + req.name +
                   "' could not be allocated: no free unbounded range of '" +
                   getRegisterLetter(req.cls) + "' registers in space" +
                   std::to_string(req.space) + " (" +
                   formatRegisterRange(req.cls, UINT32_MAX, 1) +
                   " is already used)");
      return;
    }
    res = {uint32_t(gap.start), std::nullopt, /*implicit=*/true};
    gaps.takeFront(trailing, gap.length);
    return;
  }

  std::optional<size_t> fit = gaps.findFirstFit(*req.size);
  if (!fit) {
    std::string what =
        *req.size == 1
            ? std::string("free '") + getRegisterLetter(req.cls) + "' register"
            : "free range of " + std::to_string(*req.size) + " consecutive '" +
                  getRegisterLetter(req.cls) + "' registers";
    addError(BindingErrorKind::NoSpace, index, std::nullopt,
             "resource '" + req.name + "' could not be allocated: no " + what +
                 " in space" + std::to_string(req.space));
    return;
  }
  res = {uint32_t(gaps.getGap(*fit).start), req.size, /*implicit=*/true};
  gaps.takeFront(*fit, *req.size);
}

Allocation Allocator::run() {
  result.results.resize(requests.size());

  llvm::SmallVector<bool, 0> valid(requests.size());
  for (size_t index = 0, e = requests.size(); index != e; ++index) {
    const BindingRequest &req = requests[index];
    // Create the file even for invalid requests so later passes can rely on
    // every request's file existing.
    RegisterFile &file = getFile(req.cls, req.space);
    valid[index] = validate(index);
    if (!req.lowerBound)
      continue;
    result.results[index] = {*req.lowerBound, req.size, /*implicit=*/false};
    if (valid[index])
      file.explicitRequests.push_back(index);
  }

  for (RegisterFile &file : files)
    reserveExplicit(file);

  for (size_t index = 0, e = requests.size(); index != e; ++index)
    if (valid[index] && !requests[index].lowerBound)
      allocateImplicit(index);

  // Overlaps are found per register file; present all errors in source
  // order so diagnostics come out deterministic and readable. (request,
  // other) is unique: a request has at most one non-overlap error, and the
  // sweep never reports the same pair twice.
  llvm::sort(result.errors, [](const BindingError &lhs,
                               const BindingError &rhs) {
    return std::tie(lhs.request, lhs.other) < std::tie(rhs.request, rhs.other);
  });
  return std::move(result);
}

Allocation
mlir::hlsl::allocateBindings(llvm::ArrayRef<BindingRequest> requests) {
  return Allocator(requests).run();
}
