//===- LegalizeTest.cpp - DXIL legalization steps on LLVM IR --------------===//
//
// Steps of legalizeForDXIL on hand-written IR, for patterns that LLVM's
// optimizer forms only in large shaders.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/Legalize.h"

#include "llvm/AsmParser/Parser.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include "gtest/gtest.h"

using namespace llvm;

namespace {

std::unique_ptr<Module> parse(LLVMContext &context, StringRef text) {
  SMDiagnostic error;
  std::unique_ptr<Module> module = parseAssemblyString(text, error, context);
  if (!module)
    error.print("LegalizeTest", errs());
  return module;
}

bool has64BitValues(const Function &func) {
  for (const Instruction &inst : instructions(func))
    if (inst.getType()->isIntegerTy(64))
      return true;
  return false;
}

std::string print(const Function &func) {
  std::string text;
  raw_string_ostream os(text);
  func.print(os);
  return text;
}

// Partial redundancy elimination merged two extended indices into a phi
// that only reaches truncations (BC7Encode's shared_temp indices): the
// shader computed nothing in 64 bits but needed Int64Ops.
TEST(NarrowIndexChains, PhiOfExtensionsFeedingTruncations) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(context, R"(
define i32 @f(i1 %c, i32 %a, i32 %b) {
entry:
  br i1 %c, label %then, label %else
then:
  %x = sext i32 %a to i64
  br label %join
else:
  %y = zext i32 %b to i64
  br label %join
join:
  %p = phi i64 [ %x, %then ], [ %y, %else ], [ 7, %loop ]
  %s = select i1 %c, i64 %p, i64 -1
  %t = trunc i64 %s to i32
  %u = trunc i64 %p to i32
  %r = add i32 %t, %u
  br i1 %c, label %loop, label %done
loop:
  br label %join
done:
  ret i32 %r
}
)");
  ASSERT_TRUE(module);
  mlir::hlsl::narrowIndexChainsForDXIL(*module);
  const Function &func = *module->getFunction("f");
  EXPECT_FALSE(verifyModule(*module, &errs()));
  EXPECT_FALSE(has64BitValues(func)) << print(func);
  std::string text = print(func);
  EXPECT_NE(
      text.find("%p = phi i32 [ %a, %then ], [ %b, %else ], [ 7, %loop ]"),
      std::string::npos)
      << text;
  EXPECT_NE(text.find("%s = select i1 %c, i32 %p, i32 -1"), std::string::npos)
      << text;
}

// A 64-bit value that is used as one stays 64-bit.
TEST(NarrowIndexChains, KeepsValuesUsedIn64Bits) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(context, R"(
define i64 @f(i32 %a) {
  %x = sext i32 %a to i64
  %t = trunc i64 %x to i32
  %m = mul i64 %x, 3
  %e = zext i32 %t to i64
  %r = add i64 %m, %e
  ret i64 %r
}
)");
  ASSERT_TRUE(module);
  mlir::hlsl::narrowIndexChainsForDXIL(*module);
  const Function &func = *module->getFunction("f");
  EXPECT_FALSE(verifyModule(*module, &errs()));
  EXPECT_NE(print(func).find("%x = sext i32 %a to i64"), std::string::npos);
  EXPECT_NE(print(func).find("%t = trunc i64 %x to i32"), std::string::npos);
}

} // namespace
