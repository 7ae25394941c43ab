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

/// Runs legalizeForDXIL (without native 16-bit types) on a module with a
/// function @f, expects valid IR without LLVM intrinsics and returns @f.
std::string legalizeWithoutIntrinsics(Module &module) {
  llvm::Error error = mlir::hlsl::legalizeForDXIL(module, false);
  EXPECT_FALSE(bool(error)) << toString(std::move(error));
  EXPECT_FALSE(verifyModule(module, &errs()));
  std::string text = print(*module.getFunction("f"));
  EXPECT_EQ(text.find("@llvm."), std::string::npos) << text;
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

// Integer intrinsics the optimizer narrows below 32 bits (`abs(x % 16)`
// becomes llvm.abs.i8) are computed at 32 bits: DXIL has no i8 operations,
// and i16 ones only with native 16-bit types. Each operand is extended as
// the operation reads it; a bit reversal shifts the reversed bits down.
TEST(LegalizeForDXIL, NarrowIntegerIntrinsics) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(context, R"(
define i32 @f(i8 %a, i8 %b, i16 %c) {
  %abs = call i8 @llvm.abs.i8(i8 %a, i1 false)
  %smax = call i8 @llvm.smax.i8(i8 %a, i8 %b)
  %umin = call i8 @llvm.umin.i8(i8 %a, i8 %b)
  %pop = call i8 @llvm.ctpop.i8(i8 %a)
  %rev = call i8 @llvm.bitreverse.i8(i8 %b)
  %smin = call i16 @llvm.smin.i16(i16 %c, i16 7)
  %sat = call i8 @llvm.usub.sat.i8(i8 %a, i8 %b)
  %s1 = add i8 %abs, %smax
  %s2 = add i8 %s1, %umin
  %s3 = add i8 %s2, %pop
  %s4 = add i8 %s3, %rev
  %s5 = add i8 %s4, %sat
  %w = zext i8 %s5 to i32
  %v = sext i16 %smin to i32
  %r = add i32 %w, %v
  ret i32 %r
}
declare i8 @llvm.abs.i8(i8, i1)
declare i8 @llvm.smax.i8(i8, i8)
declare i8 @llvm.umin.i8(i8, i8)
declare i8 @llvm.ctpop.i8(i8)
declare i8 @llvm.bitreverse.i8(i8)
declare i16 @llvm.smin.i16(i16, i16)
declare i8 @llvm.usub.sat.i8(i8, i8)
)");
  ASSERT_TRUE(module);
  std::string text = legalizeWithoutIntrinsics(*module);
  for (const Instruction &inst : instructions(*module->getFunction("f")))
    EXPECT_FALSE(inst.getType()->isIntegerTy(8) ||
                 inst.getType()->isIntegerTy(16))
        << text;
  // IMax of x and -x (abs), IMax (smax), UMin, IMin, Countbits, Bfrev.
  for (std::string call :
       {"@dx.op.binary.i32(i32 37", "@dx.op.binary.i32(i32 40",
        "@dx.op.binary.i32(i32 38", "@dx.op.unaryBits.i32(i32 31",
        "@dx.op.unary.i32(i32 30"})
    EXPECT_NE(text.find(call), std::string::npos) << call << "\n" << text;
  EXPECT_NE(text.find("lshr i32"), std::string::npos) << text;
}

// Zero counts: FirstbitLo for trailing, FirstbitHi (which counts from the
// top bit) for leading zeros; a narrow operand is zero-extended and its
// extra leading zeros taken off; where zero is no poison, zero gives the
// width.
TEST(LegalizeForDXIL, ZeroCounts) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(context, R"(
define i32 @f(i32 %a, i8 %b, i64 %c) {
  %tz = call i32 @llvm.cttz.i32(i32 %a, i1 true)
  %lz = call i32 @llvm.ctlz.i32(i32 %a, i1 false)
  %lz8 = call i8 @llvm.ctlz.i8(i8 %b, i1 true)
  %tz64 = call i64 @llvm.cttz.i64(i64 %c, i1 false)
  %w8 = zext i8 %lz8 to i32
  %w64 = trunc i64 %tz64 to i32
  %s1 = add i32 %tz, %lz
  %s2 = add i32 %s1, %w8
  %s3 = add i32 %s2, %w64
  ret i32 %s3
}
declare i32 @llvm.cttz.i32(i32, i1)
declare i32 @llvm.ctlz.i32(i32, i1)
declare i8 @llvm.ctlz.i8(i8, i1)
declare i64 @llvm.cttz.i64(i64, i1)
)");
  ASSERT_TRUE(module);
  std::string text = legalizeWithoutIntrinsics(*module);
  for (std::string call : {"@dx.op.unaryBits.i32(i32 32, i32 %a)",
                           "@dx.op.unaryBits.i32(i32 33, i32 %a)",
                           "@dx.op.unaryBits.i64(i32 32, i64 %c)"})
    EXPECT_NE(text.find(call), std::string::npos) << call << "\n" << text;
  // ctlz.i8 of the zero-extended operand, less the 24 extra zeros.
  EXPECT_NE(text.find("sub i32 %"), std::string::npos) << text;
  EXPECT_NE(text.find(", 24"), std::string::npos) << text;
  // The non-poison ones select the width for zero: 32 and 64 (the 64-bit
  // count, only truncated, is narrowed to i32).
  EXPECT_NE(text.find("select i1 %3, i32 32, i32 %2"), std::string::npos)
      << text;
  EXPECT_NE(text.find("i32 64, i32 %9"), std::string::npos) << text;
}

// `c ? s.f[i] : s.f[j]` with `f` an array of 8-byte elements at byte 12 of
// a local struct: the choice becomes one of offsets from the field, in
// units of its elements (from the struct, 12 and 8 share only 4 bytes, and
// the 8-byte load through a 4-byte unit was "not supported yet: an access
// of another type than the array's elements").
TEST(LegalizeForDXIL, ChoiceInsideAStructField) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(context, R"(
define i64 @f(i1 %c, i32 %i, i32 %j, i64 %a, i64 %b) {
  %s = alloca { [3 x float], [2 x i64], [3 x i32] }, align 4
  %field = getelementptr inbounds i8, ptr %s, i32 12
  store i64 %a, ptr %field, align 4
  %second = getelementptr inbounds i8, ptr %s, i32 20
  store i64 %b, ptr %second, align 4
  %ii = and i32 %i, 1
  %jj = and i32 %j, 1
  %p = getelementptr inbounds i64, ptr %field, i32 %ii
  %q = getelementptr inbounds i64, ptr %field, i32 %jj
  %r = select i1 %c, ptr %p, ptr %q
  %v = load i64, ptr %r, align 4
  ret i64 %v
}
)");
  ASSERT_TRUE(module);
  std::string text = legalizeWithoutIntrinsics(*module);
  EXPECT_EQ(text.find("select i1 %c, ptr"), std::string::npos) << text;
  EXPECT_NE(text.find("select i1 %c, i32"), std::string::npos) << text;
}

// The same helper inlined in both arms of an if/else, each reading its own
// local array: the access sunk past the merge is `load (gep (phi a+i,
// b+j), k)`. Both arrays are read at the chosen offset, the value of the
// chosen one taken.
TEST(LegalizeForDXIL, AccessSunkPastBranches) {
  LLVMContext context;
  std::unique_ptr<Module> module = parse(context, R"(
define i32 @f(i1 %c, i32 %i, i32 %j, i32 %k, i32 %x, i32 %y) {
entry:
  %a = alloca [8 x i32], align 4
  %b = alloca [8 x i32], align 4
  br i1 %c, label %left, label %right
left:
  store i32 %x, ptr %a, align 4
  %ii = and i32 %i, 1
  %ia = shl i32 %ii, 2
  %pa = getelementptr inbounds i32, ptr %a, i32 %ia
  br label %merge
right:
  store i32 %y, ptr %b, align 4
  %jj = and i32 %j, 1
  %jb = shl i32 %jj, 2
  %pb = getelementptr inbounds i32, ptr %b, i32 %jb
  br label %merge
merge:
  %row = phi ptr [ %pa, %left ], [ %pb, %right ]
  %kk = and i32 %k, 3
  %e = getelementptr inbounds i32, ptr %row, i32 %kk
  %v = load i32, ptr %e, align 4
  ret i32 %v
}
)");
  ASSERT_TRUE(module);
  std::string text = legalizeWithoutIntrinsics(*module);
  EXPECT_EQ(text.find("phi ptr"), std::string::npos) << text;
  // Which array: 0 from the left, 1 from the right; the loaded values are
  // chosen by it.
  EXPECT_NE(text.find("phi i32 [ 0, %left ], [ 1, %right ]"), std::string::npos)
      << text;
  EXPECT_NE(text.find("icmp eq i32"), std::string::npos) << text;
}
