//===- BindingAllocatorTest.cpp - Implicit resource binding tests ---------===//
//
// The numbered tests are the examples of HLSL working group proposal 0024
// "Implicit Resource Binding"; every resource in them is a RWBuffer (class u)
// and unused resources are left out of the request list, as the caller does.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Dialect/HLSL/Transforms/BindingAllocator.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <map>
#include <random>
#include <set>
#include <utility>
#include <vector>

using namespace mlir::hlsl;

namespace {

constexpr uint64_t NumRegisters = uint64_t(UINT32_MAX) + 1;
constexpr std::nullopt_t Unbounded = std::nullopt;

BindingRequest explicitBinding(std::string name, uint32_t reg,
                               std::optional<uint32_t> size = 1,
                               uint32_t space = 0,
                               ResourceClass cls = ResourceClass::UAV) {
  return BindingRequest{std::move(name), cls, space, reg, size};
}

BindingRequest implicitBinding(std::string name,
                               std::optional<uint32_t> size = 1,
                               uint32_t space = 0,
                               ResourceClass cls = ResourceClass::UAV) {
  return BindingRequest{std::move(name), cls, space, std::nullopt, size};
}

void expectBinding(const Allocation &alloc, size_t index, uint32_t lowerBound,
                   std::optional<uint32_t> size, bool implicit) {
  SCOPED_TRACE("request " + std::to_string(index));
  ASSERT_LT(index, alloc.results.size());
  const BindingResult &res = alloc.results[index];
  EXPECT_EQ(res.lowerBound, lowerBound);
  EXPECT_EQ(res.size, size);
  EXPECT_EQ(res.implicit, implicit);
}

std::string allErrors(const Allocation &alloc) {
  std::string text;
  for (const BindingError &error : alloc.errors)
    text += error.message + "\n";
  return text;
}

#define EXPECT_ALLOCATED(alloc)                                                \
  EXPECT_TRUE(alloc.succeeded()) << allErrors(alloc)

//===----------------------------------------------------------------------===//
// Formatting
//===----------------------------------------------------------------------===//

TEST(BindingAllocatorTest, RegisterLetters) {
  EXPECT_EQ(getRegisterLetter(ResourceClass::SRV), 't');
  EXPECT_EQ(getRegisterLetter(ResourceClass::UAV), 'u');
  EXPECT_EQ(getRegisterLetter(ResourceClass::CBV), 'b');
  EXPECT_EQ(getRegisterLetter(ResourceClass::Sampler), 's');
}

TEST(BindingAllocatorTest, FormatRegisterRange) {
  EXPECT_EQ(formatRegisterRange(ResourceClass::UAV, 4, 1), "u4");
  EXPECT_EQ(formatRegisterRange(ResourceClass::UAV, 2, 4), "u2..u5");
  EXPECT_EQ(formatRegisterRange(ResourceClass::SRV, 5, Unbounded), "t5..");
  EXPECT_EQ(formatRegisterRange(ResourceClass::CBV, UINT32_MAX, 1),
            "b4294967295");
  EXPECT_EQ(formatRegisterRange(ResourceClass::Sampler, UINT32_MAX, 2),
            "s4294967295..s4294967296");
}

//===----------------------------------------------------------------------===//
// Proposal 0024 examples
//===----------------------------------------------------------------------===//

TEST(BindingAllocatorTest, Example1_1) {
  Allocation alloc = allocateBindings(
      {explicitBinding("A", 0), implicitBinding("B"), implicitBinding("D")});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, 0, 1, false);
  expectBinding(alloc, 1, 1, 1, true);
  expectBinding(alloc, 2, 2, 1, true);
}

TEST(BindingAllocatorTest, Example1_1WithC) {
  Allocation alloc =
      allocateBindings({explicitBinding("A", 0), implicitBinding("B"),
                        explicitBinding("C", 2), implicitBinding("D")});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, 0, 1, false);
  expectBinding(alloc, 1, 1, 1, true);
  expectBinding(alloc, 2, 2, 1, false);
  expectBinding(alloc, 3, 3, 1, true);
}

TEST(BindingAllocatorTest, Example2_1) {
  Allocation alloc =
      allocateBindings({explicitBinding("A", 2), implicitBinding("B", 4),
                        implicitBinding("C", 2), implicitBinding("E", 2)});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, 2, 1, false);
  expectBinding(alloc, 1, 3, 4, true);
  expectBinding(alloc, 2, 0, 2, true);
  expectBinding(alloc, 3, 7, 2, true);
}

TEST(BindingAllocatorTest, Example3_1) {
  Allocation alloc = allocateBindings(
      {explicitBinding("A", 1), implicitBinding("B", Unbounded),
       explicitBinding("C", 5), implicitBinding("D", 3)});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, 1, 1, false);
  expectBinding(alloc, 1, 6, Unbounded, true);
  expectBinding(alloc, 2, 5, 1, false);
  expectBinding(alloc, 3, 2, 3, true);
}

TEST(BindingAllocatorTest, Example3_2) {
  Allocation alloc = allocateBindings(
      {explicitBinding("A", 1), implicitBinding("B", Unbounded),
       explicitBinding("C", 5), implicitBinding("D", 4)});
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  const BindingError &error = alloc.errors[0];
  EXPECT_EQ(error.kind, BindingErrorKind::NoSpace);
  EXPECT_EQ(error.request, 3u);
  EXPECT_EQ(error.other, std::nullopt);
  EXPECT_EQ(error.message, "resource 'D' could not be allocated: no free "
                           "range of 4 consecutive 'u' registers in space0");
  // The rest is still allocated, so callers could report more context.
  expectBinding(alloc, 1, 6, Unbounded, true);
}

TEST(BindingAllocatorTest, Example3_3) {
  Allocation alloc = allocateBindings(
      {explicitBinding("A", 1), implicitBinding("D", 4),
       implicitBinding("B", Unbounded), explicitBinding("C", 5)});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, 1, 1, false);
  expectBinding(alloc, 1, 6, 4, true);
  expectBinding(alloc, 2, 10, Unbounded, true);
  expectBinding(alloc, 3, 5, 1, false);
}

TEST(BindingAllocatorTest, Example3_4) {
  Allocation alloc = allocateBindings(
      {implicitBinding("C", Unbounded), implicitBinding("D", Unbounded)});
  expectBinding(alloc, 0, 0, Unbounded, true);
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  const BindingError &error = alloc.errors[0];
  EXPECT_EQ(error.kind, BindingErrorKind::NoSpace);
  EXPECT_EQ(error.request, 1u);
  EXPECT_EQ(error.message,
            "resource 'D' could not be allocated: no free unbounded range of "
            "'u' registers in space0 (u4294967295 is already used)");
}

TEST(BindingAllocatorTest, Example4_1) {
  Allocation alloc = allocateBindings(
      {explicitBinding("A", 0, 1, /*space=*/1), implicitBinding("B", 10),
       explicitBinding("C", 10, 20, /*space=*/5), implicitBinding("D")});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, 0, 1, false);
  expectBinding(alloc, 1, 0, 10, true);
  expectBinding(alloc, 2, 10, 20, false);
  expectBinding(alloc, 3, 10, 1, true);
}

TEST(BindingAllocatorTest, Example5_1) {
  // C and D use a space-only register(space1) annotation.
  Allocation alloc = allocateBindings({explicitBinding("A", 1),
                                       implicitBinding("B", Unbounded),
                                       implicitBinding("C", 3, /*space=*/1),
                                       implicitBinding("D", 1, /*space=*/1)});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, 1, 1, false);
  expectBinding(alloc, 1, 2, Unbounded, true);
  expectBinding(alloc, 2, 0, 3, true);
  expectBinding(alloc, 3, 3, 1, true);
}

TEST(BindingAllocatorTest, Example6_1) {
  // B, C and s.D are unused and have been dropped by the caller.
  Allocation alloc =
      allocateBindings({implicitBinding("A"), implicitBinding("E", 5)});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, 0, 1, true);
  expectBinding(alloc, 1, 1, 5, true);
}

//===----------------------------------------------------------------------===//
// Register classes and spaces
//===----------------------------------------------------------------------===//

TEST(BindingAllocatorTest, ResourceClassesAreIndependent) {
  Allocation alloc = allocateBindings(
      {explicitBinding("T", 0, 1, 0, ResourceClass::SRV),
       explicitBinding("U", 0, 1, 0, ResourceClass::UAV),
       explicitBinding("CB", 0, 1, 0, ResourceClass::CBV),
       explicitBinding("S", 0, 1, 0, ResourceClass::Sampler),
       implicitBinding("T2", 1, 0, ResourceClass::SRV),
       implicitBinding("CB2", 1, 0, ResourceClass::CBV),
       implicitBinding("CB3", 1, 0, ResourceClass::CBV),
       implicitBinding("S2", Unbounded, 0, ResourceClass::Sampler),
       implicitBinding("U2", 3, 0, ResourceClass::UAV),
       implicitBinding("T3", 1, 1, ResourceClass::SRV)});
  EXPECT_ALLOCATED(alloc);
  for (size_t i = 0; i < 4; ++i)
    expectBinding(alloc, i, 0, 1, false);
  expectBinding(alloc, 4, 1, 1, true);
  expectBinding(alloc, 5, 1, 1, true);
  expectBinding(alloc, 6, 2, 1, true);
  expectBinding(alloc, 7, 1, Unbounded, true);
  expectBinding(alloc, 8, 1, 3, true);
  expectBinding(alloc, 9, 0, 1, true);
}

TEST(BindingAllocatorTest, SameRegisterInDifferentSpacesDoesNotOverlap) {
  Allocation alloc = allocateBindings({explicitBinding("A", 3, 4, 0),
                                       explicitBinding("B", 3, 4, 1),
                                       explicitBinding("C", 0, Unbounded, 2),
                                       explicitBinding("D", 0, Unbounded, 3)});
  EXPECT_ALLOCATED(alloc);
}

//===----------------------------------------------------------------------===//
// Errors
//===----------------------------------------------------------------------===//

TEST(BindingAllocatorTest, ExplicitOverlap) {
  Allocation alloc =
      allocateBindings({explicitBinding("A", 4), explicitBinding("B", 2, 4)});
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  const BindingError &error = alloc.errors[0];
  EXPECT_EQ(error.kind, BindingErrorKind::Overlap);
  EXPECT_EQ(error.request, 1u);
  EXPECT_EQ(error.other, 0u);
  EXPECT_EQ(error.message,
            "resource 'B' (u2..u5, space0) overlaps resource 'A' (u4, space0)");
}

TEST(BindingAllocatorTest, ExplicitOverlapIsReportedOnLaterDeclaration) {
  // B starts first but A is declared first, so the error belongs to B.
  Allocation alloc = allocateBindings(
      {explicitBinding("A", 5, Unbounded, 2), explicitBinding("B", 0, 6, 2)});
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].request, 1u);
  EXPECT_EQ(alloc.errors[0].other, 0u);
  EXPECT_EQ(alloc.errors[0].message, "resource 'B' (u0..u5, space2) overlaps "
                                     "resource 'A' (u5.., space2)");
}

TEST(BindingAllocatorTest, AdjacentExplicitBindingsDoNotOverlap) {
  Allocation alloc = allocateBindings(
      {explicitBinding("A", 0, 4), explicitBinding("B", 4, Unbounded)});
  EXPECT_ALLOCATED(alloc);
}

TEST(BindingAllocatorTest, AllErrorsAreReportedInRequestOrder) {
  Allocation alloc = allocateBindings({
      implicitBinding("X", Unbounded, 0, ResourceClass::SRV), // 0: t0..
      explicitBinding("A", 0, 2),                             // 1
      explicitBinding("B", 1, 1),                             // 2: overlaps A
      implicitBinding("Y", 1, 0, ResourceClass::SRV),         // 3: no room
      explicitBinding("C", 0, 1, 0, ResourceClass::CBV),      // 4
      explicitBinding("D", UINT32_MAX, 2),                    // 5: past max
      explicitBinding("E", 0, 1, 0, ResourceClass::CBV),      // 6: overlaps C
      implicitBinding("F", 0),                                // 7: empty
  });
  ASSERT_EQ(alloc.errors.size(), 5u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].request, 2u);
  EXPECT_EQ(alloc.errors[0].kind, BindingErrorKind::Overlap);
  EXPECT_EQ(alloc.errors[0].other, 1u);
  EXPECT_EQ(alloc.errors[1].request, 3u);
  EXPECT_EQ(alloc.errors[1].kind, BindingErrorKind::NoSpace);
  EXPECT_EQ(alloc.errors[1].message, "resource 'Y' could not be allocated: no "
                                     "free 't' register in space0");
  EXPECT_EQ(alloc.errors[2].request, 5u);
  EXPECT_EQ(alloc.errors[2].kind, BindingErrorKind::OutOfRange);
  EXPECT_EQ(alloc.errors[3].request, 6u);
  EXPECT_EQ(alloc.errors[3].kind, BindingErrorKind::Overlap);
  EXPECT_EQ(alloc.errors[3].other, 4u);
  EXPECT_EQ(alloc.errors[3].message,
            "resource 'E' (b0, space0) overlaps resource 'C' (b0, space0)");
  EXPECT_EQ(alloc.errors[4].request, 7u);
  EXPECT_EQ(alloc.errors[4].kind, BindingErrorKind::EmptyRange);
  EXPECT_EQ(alloc.errors[4].message,
            "resource 'F' has an empty register range (size 0)");
}

TEST(BindingAllocatorTest, EveryOverlappingResourceIsNamed) {
  // A long range followed by several short ones inside it, plus a binding
  // declared after everything it collides with.
  Allocation alloc =
      allocateBindings({explicitBinding("A", 0, 100), explicitBinding("B", 10),
                        explicitBinding("C", 20), explicitBinding("D", 200, 5),
                        explicitBinding("E", 198, 3)});
  ASSERT_EQ(alloc.errors.size(), 3u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].request, 1u);
  EXPECT_EQ(alloc.errors[0].other, 0u);
  EXPECT_EQ(alloc.errors[1].request, 2u);
  EXPECT_EQ(alloc.errors[1].other, 0u);
  EXPECT_EQ(alloc.errors[2].request, 4u);
  EXPECT_EQ(alloc.errors[2].other, 3u);
  EXPECT_EQ(alloc.errors[2].message, "resource 'E' (u198..u200, space0) "
                                     "overlaps resource 'D' (u200..u204, "
                                     "space0)");
}

TEST(BindingAllocatorTest, RangePastLastRegister) {
  Allocation alloc =
      allocateBindings({explicitBinding("A", UINT32_MAX - 5, 10, 3)});
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].kind, BindingErrorKind::OutOfRange);
  EXPECT_EQ(alloc.errors[0].request, 0u);
  EXPECT_EQ(alloc.errors[0].message,
            "resource 'A' (u4294967290..u4294967299, space3) extends past the "
            "last register u4294967295");
}

TEST(BindingAllocatorTest, OutOfRangeBindingReservesNothing) {
  // Reserving a clamped range would make B fail too; one error is enough.
  Allocation alloc = allocateBindings(
      {explicitBinding("A", UINT32_MAX, 2), implicitBinding("B", Unbounded)});
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].request, 0u);
  expectBinding(alloc, 1, 0, Unbounded, true);
}

//===----------------------------------------------------------------------===//
// The top of the register space
//===----------------------------------------------------------------------===//

TEST(BindingAllocatorTest, ExplicitBindingAtLastRegister) {
  Allocation alloc =
      allocateBindings({explicitBinding("A", UINT32_MAX, 1),
                        explicitBinding("B", UINT32_MAX, Unbounded, 1),
                        implicitBinding("C"), implicitBinding("D", 1, 1)});
  EXPECT_ALLOCATED(alloc);
  expectBinding(alloc, 0, UINT32_MAX, 1, false);
  expectBinding(alloc, 1, UINT32_MAX, Unbounded, false);
  expectBinding(alloc, 2, 0, 1, true);
  expectBinding(alloc, 3, 0, 1, true);
}

TEST(BindingAllocatorTest, ExplicitRangeEndingAtLastRegister) {
  Allocation alloc =
      allocateBindings({explicitBinding("A", UINT32_MAX - 3, 4)});
  EXPECT_ALLOCATED(alloc);
}

TEST(BindingAllocatorTest, ImplicitAllocationNearTheTop) {
  // Everything but the last two registers is taken explicitly.
  Allocation alloc =
      allocateBindings({explicitBinding("A", 0, UINT32_MAX - 1),
                        implicitBinding("B", 2), implicitBinding("C")});
  expectBinding(alloc, 0, 0, UINT32_MAX - 1, false);
  expectBinding(alloc, 1, UINT32_MAX - 1, 2, true);
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].request, 2u);
  EXPECT_EQ(alloc.errors[0].kind, BindingErrorKind::NoSpace);
}

TEST(BindingAllocatorTest, ImplicitRangeThatWouldRunPastTheTop) {
  Allocation alloc =
      allocateBindings({explicitBinding("A", 0, UINT32_MAX - 1),
                        implicitBinding("B", 3), implicitBinding("C", 1)});
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].request, 1u);
  EXPECT_EQ(alloc.errors[0].message,
            "resource 'B' could not be allocated: no free range of 3 "
            "consecutive 'u' registers in space0");
  expectBinding(alloc, 2, UINT32_MAX - 1, 1, true);
}

TEST(BindingAllocatorTest, UnboundedImplicitTakesTheLastRegister) {
  Allocation alloc = allocateBindings(
      {explicitBinding("A", UINT32_MAX - 1), implicitBinding("B", Unbounded),
       implicitBinding("C", Unbounded), implicitBinding("D")});
  expectBinding(alloc, 1, UINT32_MAX, Unbounded, true);
  expectBinding(alloc, 3, 0, 1, true);
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].request, 2u);
}

TEST(BindingAllocatorTest, LargestBoundedImplicitRange) {
  // The largest size expressible is UINT32_MAX, one register short of the
  // whole space, so it fits at 0 and leaves the last register free.
  Allocation alloc =
      allocateBindings({implicitBinding("A", UINT32_MAX), implicitBinding("B"),
                        implicitBinding("C")});
  expectBinding(alloc, 0, 0, UINT32_MAX, true);
  expectBinding(alloc, 1, UINT32_MAX, 1, true);
  ASSERT_EQ(alloc.errors.size(), 1u) << allErrors(alloc);
  EXPECT_EQ(alloc.errors[0].request, 2u);
}

//===----------------------------------------------------------------------===//
// Scale
//===----------------------------------------------------------------------===//

// Explicit bindings on every even register leave N one-register holes. A
// scan over all gaps per request would make this quadratic (~10^10 steps).
TEST(BindingAllocatorTest, ManyHolesScale) {
  constexpr uint32_t N = 100000;
  std::vector<BindingRequest> requests;
  for (uint32_t i = 0; i < N; ++i)
    requests.push_back(explicitBinding("E" + std::to_string(i), 2 * i + 1));
  // Two-register requests fit no hole; they all go above the explicit ones.
  for (uint32_t i = 0; i < N; ++i)
    requests.push_back(implicitBinding("P" + std::to_string(i), 2));
  for (uint32_t i = 0; i < N; ++i)
    requests.push_back(implicitBinding("S" + std::to_string(i)));
  requests.push_back(implicitBinding("U", Unbounded));

  auto start = std::chrono::steady_clock::now();
  Allocation alloc = allocateBindings(requests);
  auto elapsed = std::chrono::steady_clock::now() - start;
  EXPECT_ALLOCATED(alloc);
  for (uint32_t i = 0; i < N; ++i) {
    ASSERT_EQ(alloc.results[N + i].lowerBound, 2 * N + 2 * i);
    ASSERT_EQ(alloc.results[2 * N + i].lowerBound, 2 * i);
  }
  EXPECT_EQ(alloc.results[3 * N].lowerBound, 4 * N);
  // Generous enough for a debug build on a loaded machine; quadratic
  // behaviour would take minutes.
  EXPECT_LT(std::chrono::duration_cast<std::chrono::seconds>(elapsed).count(),
            10);
}

TEST(BindingAllocatorTest, ManyOverlapsScale) {
  constexpr size_t N = 50000;
  std::vector<BindingRequest> requests;
  for (size_t i = 0; i < N; ++i)
    requests.push_back(explicitBinding("A" + std::to_string(i), 7));
  Allocation alloc = allocateBindings(requests);
  ASSERT_EQ(alloc.errors.size(), N - 1);
  for (size_t i = 0; i + 1 < N; ++i) {
    ASSERT_EQ(alloc.errors[i].request, i + 1);
    ASSERT_EQ(alloc.errors[i].other, 0u);
  }
}

//===----------------------------------------------------------------------===//
// Randomized cross-check against a straightforward reference
//===----------------------------------------------------------------------===//

/// Half-open [start, end) register interval.
using Interval = std::pair<uint64_t, uint64_t>;

bool intersects(const Interval &lhs, const Interval &rhs) {
  return lhs.first < rhs.second && rhs.first < lhs.second;
}

Interval getInterval(const BindingRequest &req, const BindingResult &res) {
  uint64_t start = res.lowerBound;
  return {start, req.size ? start + *req.size : NumRegisters};
}

uint64_t getFileKey(const BindingRequest &req) {
  return (uint64_t(req.cls) << 32) | req.space;
}

/// Lowest position at which [pos, pos + size) avoids every reserved interval,
/// by trying 0 and the end of every reserved interval: the lowest free fit
/// always starts at one of those. Quadratic, which is fine for a reference.
std::optional<uint64_t> lowestFit(const std::vector<Interval> &reserved,
                                  uint64_t size) {
  std::vector<uint64_t> candidates{0};
  for (const Interval &interval : reserved)
    candidates.push_back(interval.second);
  std::sort(candidates.begin(), candidates.end());
  for (uint64_t pos : candidates) {
    if (pos + size > NumRegisters)
      break;
    Interval want{pos, pos + size};
    if (std::none_of(reserved.begin(), reserved.end(),
                     [&](const Interval &r) { return intersects(r, want); }))
      return pos;
  }
  return std::nullopt;
}

struct Reference {
  std::vector<std::optional<BindingResult>> results;
  std::set<size_t> empty, outOfRange, noSpace;
  std::set<std::pair<size_t, size_t>> overlaps; // (later, earlier)
};

/// The rules spelled out as directly as possible.
Reference allocateReference(const std::vector<BindingRequest> &requests) {
  Reference ref;
  ref.results.resize(requests.size());
  std::vector<bool> valid(requests.size(), true);
  std::map<uint64_t, std::vector<Interval>> reserved;

  for (size_t i = 0; i < requests.size(); ++i) {
    const BindingRequest &req = requests[i];
    if (req.size && *req.size == 0) {
      ref.empty.insert(i);
      valid[i] = false;
    } else if (req.lowerBound && req.size &&
               uint64_t(*req.lowerBound) + *req.size - 1 > UINT32_MAX) {
      ref.outOfRange.insert(i);
      valid[i] = false;
    }
  }

  for (size_t i = 0; i < requests.size(); ++i) {
    const BindingRequest &req = requests[i];
    if (!req.lowerBound || !valid[i])
      continue;
    BindingResult res{*req.lowerBound, req.size, false};
    ref.results[i] = res;
    Interval mine = getInterval(req, res);
    for (size_t j = 0; j < i; ++j) {
      const BindingRequest &prev = requests[j];
      if (prev.lowerBound && valid[j] && getFileKey(prev) == getFileKey(req) &&
          intersects(mine, getInterval(prev, *ref.results[j])))
        ref.overlaps.insert({i, j});
    }
    reserved[getFileKey(req)].push_back(mine);
  }

  for (size_t i = 0; i < requests.size(); ++i) {
    const BindingRequest &req = requests[i];
    if (req.lowerBound || !valid[i])
      continue;
    std::vector<Interval> &file = reserved[getFileKey(req)];
    if (!req.size) {
      uint64_t highestEnd = 0;
      for (const Interval &interval : file)
        highestEnd = std::max(highestEnd, interval.second);
      if (highestEnd == NumRegisters) {
        ref.noSpace.insert(i);
        continue;
      }
      ref.results[i] = BindingResult{uint32_t(highestEnd), std::nullopt, true};
      file.push_back({highestEnd, NumRegisters});
      continue;
    }
    std::optional<uint64_t> pos = lowestFit(file, *req.size);
    if (!pos) {
      ref.noSpace.insert(i);
      continue;
    }
    ref.results[i] = BindingResult{uint32_t(*pos), req.size, true};
    file.push_back({*pos, *pos + *req.size});
  }
  return ref;
}

std::vector<BindingRequest> generateRequests(std::mt19937 &rng) {
  auto chance = [&](unsigned percent) {
    return std::uniform_int_distribution<unsigned>(0, 99)(rng) < percent;
  };
  auto pick = [&](uint64_t lo, uint64_t hi) {
    return std::uniform_int_distribution<uint64_t>(lo, hi)(rng);
  };

  // Some lists crowd a single file and some live near the top of the space,
  // so that overlaps and allocation failures are common but not universal.
  bool crowded = chance(30);
  bool nearTop = chance(20);
  size_t count = chance(10) ? pick(50, 200) : pick(1, 30);
  std::vector<BindingRequest> requests;
  for (size_t i = 0; i < count; ++i) {
    BindingRequest req;
    req.name = "R" + std::to_string(i);
    req.cls = crowded ? ResourceClass::UAV : ResourceClass(pick(0, 3));
    req.space = crowded ? 0 : uint32_t(pick(0, 2));
    uint64_t base = nearTop ? UINT32_MAX - 40 : 0;
    if (chance(10))
      req.size = std::nullopt;
    else if (chance(3))
      req.size = 0;
    else if (chance(5))
      req.size = uint32_t(pick(1u << 30, UINT32_MAX));
    else
      req.size = uint32_t(pick(1, chance(70) ? 2 : 8));
    if (chance(35)) {
      uint64_t offset = chance(5) ? pick(0, UINT32_MAX) : pick(0, 40);
      req.lowerBound = uint32_t(std::min<uint64_t>(base + offset, UINT32_MAX));
      // Explicit unbounded arrays would fill a file almost every time.
      if (!req.size && chance(70))
        req.size = 1;
    }
    requests.push_back(std::move(req));
  }
  return requests;
}

/// Checks the properties of a successful allocation directly, without
/// trusting the reference allocator.
void checkInvariants(const std::vector<BindingRequest> &requests,
                     const Allocation &alloc) {
  std::map<uint64_t, std::vector<std::pair<Interval, size_t>>> byFile;
  for (size_t i = 0; i < requests.size(); ++i) {
    const BindingRequest &req = requests[i];
    const BindingResult &res = alloc.results[i];
    EXPECT_EQ(res.implicit, !req.lowerBound) << "request " << i;
    EXPECT_EQ(res.size, req.size) << "request " << i;
    if (req.lowerBound)
      EXPECT_EQ(res.lowerBound, *req.lowerBound) << "request " << i;
    Interval interval = getInterval(req, res);
    EXPECT_LE(interval.second, NumRegisters) << "request " << i;
    byFile[getFileKey(req)].push_back({interval, i});
  }

  // No two ranges of one file overlap.
  for (auto &[key, intervals] : byFile) {
    std::sort(intervals.begin(), intervals.end());
    for (size_t k = 1; k < intervals.size(); ++k)
      EXPECT_LE(intervals[k - 1].first.second, intervals[k].first.first)
          << "requests " << intervals[k - 1].second << " and "
          << intervals[k].second << " overlap";
  }

  // Every bounded implicit range is the lowest fit given the explicit
  // bindings and the implicit ones before it.
  std::map<uint64_t, std::vector<Interval>> reserved;
  for (size_t i = 0; i < requests.size(); ++i)
    if (requests[i].lowerBound)
      reserved[getFileKey(requests[i])].push_back(
          getInterval(requests[i], alloc.results[i]));
  for (size_t i = 0; i < requests.size(); ++i) {
    const BindingRequest &req = requests[i];
    if (req.lowerBound)
      continue;
    std::vector<Interval> &file = reserved[getFileKey(req)];
    if (req.size)
      EXPECT_EQ(lowestFit(file, *req.size), alloc.results[i].lowerBound)
          << "request " << i;
    file.push_back(getInterval(req, alloc.results[i]));
  }
}

TEST(BindingAllocatorTest, RandomizedCrossCheck) {
  std::mt19937 rng(0x0024u);
  constexpr unsigned NumCases = 600;
  unsigned numSucceeded = 0, numOverlap = 0, numNoSpace = 0;
  for (unsigned testCase = 0; testCase < NumCases; ++testCase) {
    std::vector<BindingRequest> requests = generateRequests(rng);
    SCOPED_TRACE("case " + std::to_string(testCase));
    Allocation alloc = allocateBindings(requests);
    Reference ref = allocateReference(requests);
    ASSERT_EQ(alloc.results.size(), requests.size());

    std::set<size_t> empty, outOfRange, noSpace, namedInOverlaps;
    std::set<size_t> refNamedInOverlaps;
    for (const auto &[later, earlier] : ref.overlaps) {
      refNamedInOverlaps.insert(later);
      refNamedInOverlaps.insert(earlier);
    }
    for (size_t k = 0; k < alloc.errors.size(); ++k) {
      const BindingError &error = alloc.errors[k];
      if (k > 0)
        EXPECT_LE(alloc.errors[k - 1].request, error.request);
      EXPECT_NE(error.message.find("'" + requests[error.request].name + "'"),
                std::string::npos)
          << error.message;
      switch (error.kind) {
      case BindingErrorKind::EmptyRange:
        empty.insert(error.request);
        break;
      case BindingErrorKind::OutOfRange:
        outOfRange.insert(error.request);
        break;
      case BindingErrorKind::NoSpace:
        noSpace.insert(error.request);
        break;
      case BindingErrorKind::Overlap:
        ASSERT_TRUE(error.other.has_value());
        // Every reported pair really overlaps, and across all reports every
        // resource involved in some overlap is named at least once.
        EXPECT_TRUE(ref.overlaps.count({error.request, *error.other}))
            << error.message;
        namedInOverlaps.insert(error.request);
        namedInOverlaps.insert(*error.other);
        break;
      }
    }
    EXPECT_EQ(empty, ref.empty);
    EXPECT_EQ(outOfRange, ref.outOfRange);
    EXPECT_EQ(noSpace, ref.noSpace);
    EXPECT_EQ(namedInOverlaps, refNamedInOverlaps);

    // Allocation goes on past errors, so even failing lists must agree on
    // every request that did get registers.
    for (size_t i = 0; i < requests.size(); ++i) {
      if (!ref.results[i])
        continue;
      EXPECT_EQ(alloc.results[i].lowerBound, ref.results[i]->lowerBound)
          << "request " << i;
      EXPECT_EQ(alloc.results[i].size, ref.results[i]->size) << "request " << i;
      EXPECT_EQ(alloc.results[i].implicit, ref.results[i]->implicit)
          << "request " << i;
    }

    if (alloc.succeeded()) {
      ++numSucceeded;
      checkInvariants(requests, alloc);
    }
    numOverlap += !ref.overlaps.empty();
    numNoSpace += !ref.noSpace.empty();
    if (HasFailure())
      return;
  }
  // Make sure the generator exercises both outcomes.
  EXPECT_GE(numSucceeded, NumCases / 4);
  EXPECT_GE(numOverlap, NumCases / 10);
  EXPECT_GE(numNoSpace, NumCases / 20);
  std::printf("[          ] %u of %u lists allocated; %u had overlaps, %u "
              "had allocation failures\n",
              numSucceeded, NumCases, numOverlap, numNoSpace);
}

} // namespace
