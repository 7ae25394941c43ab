//===- ContainerDigestTest.cpp - The container header digest --------------===//
//
// The expected digests come from DXC's validator hash (ComputeHashRetail)
// run on the same byte patterns: they cover the finalization's two shapes
// (remaining bytes below 56, and 56 to 63 where the length word takes a
// block of its own) and the block boundaries.
//
//===----------------------------------------------------------------------===//

#include "DXContainerSamples.h"

#include "HLSL/Target/DXIL/ContainerDigest.h"
#include "HLSL/Target/DXIL/ContainerWriter.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

#include <algorithm>
#include <string>
#include <vector>

using namespace mlir::hlsl::dxil;

namespace {

std::string hex(const ContainerDigest &digest) {
  std::string text;
  llvm::raw_string_ostream os(text);
  for (uint8_t byte : digest)
    os << llvm::format_hex_no_prefix(byte, 2);
  return text;
}

std::vector<uint8_t> pattern(size_t length) {
  std::vector<uint8_t> bytes(length);
  for (size_t i = 0; i < length; ++i)
    bytes[i] = uint8_t(i * 7 + 1);
  return bytes;
}

TEST(ContainerDigest, MatchesTheValidatorsHashAtEveryFinalizationShape) {
  const std::pair<size_t, const char *> expected[] = {
      {0, "140d60f6b775e2ba4e4abed401b2e9a1"},
      {1, "5ce881764e4c57b855f436b9051e43e8"},
      {55, "bb92ef5a0eb00c3c1b8717a32509c363"},
      {56, "131a7d1e12491e5c04b302fa7f876a5e"},
      {63, "4b0fe5c55e51803e823a8d2dd78a3b7f"},
      {64, "95eddafd81063d1d83f9c0f71230816e"},
      {100, "c81eefb3a1aea60f15ef8abf23d699c0"},
      {119, "1f4437e338d31c2ae3ad317dfd270569"},
      {120, "433475c18392f1c774cffdbfd8bff99b"},
      {128, "5104f041430633735326068754e97ab1"},
      {1000, "e167643728ab3c34a03b80c621f1af36"},
  };
  for (const auto &[length, digest] : expected)
    EXPECT_EQ(hex(computeValidatorDigest(pattern(length))), digest)
        << "length " << length;
}

TEST(ContainerDigest, SigningCoversEverythingAfterTheDigest) {
  std::vector<uint8_t> container;
  ASSERT_FALSE(
      llvm::errorToBool(buildDXContainer(samples::emptyCompute(), container)));
  EXPECT_FALSE(hasValidDigest(container));
  ASSERT_FALSE(llvm::errorToBool(signContainer(container)));
  EXPECT_TRUE(hasValidDigest(container));
  ContainerDigest stored;
  std::copy(container.begin() + 4, container.begin() + 20, stored.begin());
  EXPECT_EQ(hex(computeValidatorDigest(
                llvm::ArrayRef<uint8_t>(container).drop_front(20))),
            hex(stored));
  // Any change after the header invalidates it; re-signing restores it.
  container.back() ^= 1;
  EXPECT_FALSE(hasValidDigest(container));
  ASSERT_FALSE(llvm::errorToBool(signContainer(container)));
  EXPECT_TRUE(hasValidDigest(container));
}

TEST(ContainerDigest, BypassIsSixteenOnes) {
  std::vector<uint8_t> container;
  ASSERT_FALSE(
      llvm::errorToBool(buildDXContainer(samples::emptyCompute(), container)));
  ASSERT_FALSE(llvm::errorToBool(markContainerBypass(container)));
  for (unsigned i = 4; i < 20; ++i)
    EXPECT_EQ(container[i], 0x01);
  EXPECT_FALSE(hasValidDigest(container));
}

TEST(ContainerDigest, RefusesWhatIsNotAContainer) {
  std::vector<uint8_t> bytes = pattern(64);
  EXPECT_TRUE(llvm::errorToBool(signContainer(bytes)));
  std::vector<uint8_t> container;
  ASSERT_FALSE(
      llvm::errorToBool(buildDXContainer(samples::emptyCompute(), container)));
  container.push_back(0); // The header's size no longer matches.
  EXPECT_TRUE(llvm::errorToBool(signContainer(container)));
  EXPECT_TRUE(llvm::errorToBool(markContainerBypass(container)));
}

} // namespace
