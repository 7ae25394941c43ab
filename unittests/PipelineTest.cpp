//===- PipelineTest.cpp - pipeline YAML reading and result comparison ----===//

#include "HLSL/Execution/Pipeline.h"

#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace mlir::hlsl::exec;

namespace {
const char *Header = "---\nShaders:\n  - Stage: Compute\n    Entry: main\n";

Pipeline parse(const std::string &body) {
  llvm::Expected<Pipeline> pipeline =
      parsePipeline(std::string(Header) + body, "t.yaml");
  if (!pipeline) {
    ADD_FAILURE() << llvm::toString(pipeline.takeError());
    return Pipeline();
  }
  return std::move(*pipeline);
}

std::string parseError(const std::string &body) {
  llvm::Expected<Pipeline> pipeline =
      parsePipeline(std::string(Header) + body, "t.yaml");
  if (pipeline) {
    ADD_FAILURE() << "parsed";
    return "";
  }
  return llvm::toString(pipeline.takeError());
}

template <typename T> T element(const Buffer &buffer, size_t i) {
  T value;
  std::memcpy(&value, buffer.contents[0].data() + i * sizeof(T), sizeof(T));
  return value;
}

TEST(PipelineTest, FormatsBecomeTheBytesTheShaderReads) {
  Pipeline p = parse("Buffers:\n"
                     "  - Name: H\n    Format: Float16\n    Data: [ 0x3C00, 15360 ]\n"
                     "  - Name: I\n    Format: Int16\n    Data: [ -2, 7 ]\n"
                     "  - Name: B\n    Format: Bool\n    Data: [ true, 0, 1 ]\n"
                     "  - Name: D\n    Format: Float64\n    Data: [ 0.5 ]\n"
                     "  - Name: X\n    Format: Hex64\n    Data: [ 0x8000000000000001 ]\n");
  ASSERT_EQ(p.buffers.size(), 5u);
  EXPECT_EQ(p.buffers[0].contents[0].size(), 4u);
  EXPECT_EQ(element<uint16_t>(p.buffers[0], 1), 0x3C00);
  EXPECT_EQ(element<int16_t>(p.buffers[1], 0), -2);
  EXPECT_EQ(p.buffers[2].contents[0].size(), 12u);
  EXPECT_EQ(element<uint32_t>(p.buffers[2], 0), 1u);
  EXPECT_EQ(element<uint32_t>(p.buffers[2], 1), 0u);
  EXPECT_EQ(element<double>(p.buffers[3], 0), 0.5);
  EXPECT_EQ(element<uint64_t>(p.buffers[4], 0), 0x8000000000000001ull);
}

TEST(PipelineTest, FillAndArrays) {
  Pipeline p = parse("DispatchParameters:\n  DispatchGroupCount: [ 3, 2, 1 ]\n"
                     "Buffers:\n"
                     "  - Name: F\n    Format: Float32\n    FillSize: 12\n"
                     "    FillValue: 2.5\n"
                     "  - Name: A\n    Format: Int32\n    ArraySize: 2\n"
                     "    Data: [ [ 1, 2 ], [ 3 ] ]\n");
  EXPECT_EQ(p.dispatchGroupCount[0], 3u);
  EXPECT_EQ(p.dispatchGroupCount[1], 2u);
  ASSERT_EQ(p.buffers[0].contents[0].size(), 12u);
  EXPECT_EQ(element<float>(p.buffers[0], 2), 2.5f);
  ASSERT_EQ(p.buffers[1].contents.size(), 2u);
  EXPECT_EQ(p.buffers[1].contents[1].size(), 4u);
}

TEST(PipelineTest, ErrorsNameTheCulpritAndLine) {
  EXPECT_NE(parseError("Buffers:\n  - Name: B\n    Formt: Int32\n")
                .find("t.yaml:7:5: error: unknown key 'Formt'"),
            std::string::npos);
  EXPECT_NE(parseError("Buffers:\n  - Name: B\n    Format: Int32\n"
                       "    FillSize: 6\n")
                .find("buffer 'B' holds 6 bytes, not a multiple of its "
                      "4-byte Int32 elements"),
            std::string::npos);
  EXPECT_NE(parseError("Buffers:\n  - Name: B\n    Format: Int32\n"
                       "    ArraySize: 3\n    Data: [ [ 1 ] ]\n")
                .find("buffer 'B' has ArraySize 3 but 1 Data lists"),
            std::string::npos);
  EXPECT_EQ(parseError("DescriptorSets:\n  - Resources:\n    - Name: Nope\n"
                       "      Kind: Buffer\n"
                       "      DirectXBinding: { Register: 0 }\n"),
            "t.yaml: error: resource 'Nope' names no buffer under Buffers");
  EXPECT_EQ(parseError("Buffers:\n  - Name: I\n    Format: Int32\n"
                       "    Data: [ 1 ]\n"
                       "Results:\n  - Result: R\n    Rule: BufferFloatULP\n"
                       "    Actual: I\n    Expected: I\n"),
            "t.yaml: error: result 'R': BufferFloatULP needs Float16/32/64 "
            "buffers");
}

bool compare(const std::string &format, const std::string &actual,
             const std::string &expected, const std::string &rule,
             std::string *diff = nullptr) {
  Pipeline p = parse("Buffers:\n  - Name: A\n    Format: " + format +
                     "\n    Data: " + actual + "\n  - Name: E\n    Format: " +
                     format + "\n    Data: " + expected +
                     "\nResults:\n  - Result: R\n" + rule +
                     "    Actual: A\n    Expected: E\n");
  std::string text;
  llvm::raw_string_ostream os(text);
  bool result = checkResult(p, p.results[0], os);
  if (diff)
    *diff = text;
  return result;
}

TEST(PipelineTest, ComparisonRules) {
  const std::string exact = "    Rule: BufferExact\n";
  const std::string ulp1 = "    Rule: BufferFloatULP\n    ULPT: 1\n";
  const std::string eps = "    Rule: BufferFloatEpsilon\n    Epsilon: 0.01\n";
  EXPECT_TRUE(compare("Float32", "[ 1.0 ]", "[ 1.0 ]", exact));
  EXPECT_FALSE(compare("Float32", "[ 0.0 ]", "[ -0.0 ]", exact));
  // 1.0 and the next float up are one ULP apart; two ULPs fail.
  EXPECT_TRUE(compare("Float32", "[ 1.0 ]", "[ 1.00000012 ]", ulp1));
  EXPECT_FALSE(compare("Float32", "[ 1.0 ]", "[ 1.00000024 ]", ulp1));
  // Across zero: +0 and -0 are 0 ULPs apart.
  EXPECT_TRUE(compare("Float32", "[ 0.0 ]", "[ -0.0 ]", ulp1));
  EXPECT_TRUE(compare("Float32", "[ nan ]", "[ nan ]", ulp1));
  EXPECT_FALSE(compare("Float32", "[ nan ]", "[ 1.0 ]", ulp1));
  EXPECT_TRUE(compare("Float16", "[ 0x3C00 ]", "[ 0x3C01 ]", ulp1));
  EXPECT_FALSE(compare("Float16", "[ 0x3C00 ]", "[ 0x3C02 ]", ulp1));
  EXPECT_TRUE(compare("Float64", "[ 1.0 ]", "[ 1.005 ]", eps));
  EXPECT_FALSE(compare("Float64", "[ 1.0 ]", "[ 1.02 ]", eps));
  // FTZ: a denormal equals zero.
  EXPECT_TRUE(compare("Float32", "[ 1.0e-40 ]", "[ 0.0 ]",
                      ulp1 + "    DenormMode: FTZ\n"));
  std::string diff;
  EXPECT_FALSE(compare("Int32", "[ 1, 2, 3 ]", "[ 1, 5, 3 ]", exact, &diff));
  EXPECT_EQ(diff, "  [1] A = 2, E = 5\n");
  EXPECT_FALSE(compare("Int32", "[ 1, 2 ]", "[ 1 ]", exact, &diff));
  EXPECT_EQ(diff, "  'A' has 2 elements, 'E' has 1\n");
}

TEST(PipelineTest, WritesWhatItReads) {
  Pipeline p = parse("Buffers:\n  - Name: H\n    Format: Hex16\n"
                     "    Data: [ 0x1, 0xFFFF ]\n");
  std::string text;
  llvm::raw_string_ostream os(text);
  writePipeline(p, os);
  Pipeline again = parse(text.substr(text.find("Buffers:")));
  ASSERT_EQ(again.buffers.size(), 1u);
  EXPECT_EQ(again.buffers[0].contents, p.buffers[0].contents);
}
} // namespace
