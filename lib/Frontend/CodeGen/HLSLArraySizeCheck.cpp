//===- HLSLArraySizeCheck.cpp - array sizes Clang wrapped to 32 bits ------===//
//
// Clang 22 converts an array size to the DXIL target's 32-bit size_t
// without a diagnostic: `float a[4294967297]` becomes `float[1]` and
// `[4294967296]` becomes `[0]`. The importer compares every written size
// with the type Clang built and reports the ones that wrapped at the
// declaration, before anything is imported.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

namespace {
class WrappedArraySizeFinder
    : public clang::RecursiveASTVisitor<WrappedArraySizeFinder> {
public:
  WrappedArraySizeFinder(HLSLGenModule &module) : module(module) {}

  bool VisitDeclaratorDecl(clang::DeclaratorDecl *decl) {
    clang::TypeSourceInfo *info = decl->getTypeSourceInfo();
    if (!info)
      return true;
    clang::ASTContext &ast = module.getASTContext();
    for (clang::TypeLoc loc = info->getTypeLoc(); !loc.isNull();
         loc = loc.getNextTypeLoc()) {
      auto array = loc.getAs<clang::ConstantArrayTypeLoc>();
      if (!array)
        continue;
      clang::Expr *size = array.getSizeExpr();
      clang::Expr::EvalResult written;
      if (!size || size->isValueDependent() ||
          !size->EvaluateAsInt(written, ast))
        continue;
      const llvm::APSInt &value = written.Val.getInt();
      uint64_t built = array.getTypePtr()->getSize().getZExtValue();
      if (!value.isNegative() && value.getActiveBits() <= 32 &&
          value.getZExtValue() == built)
        continue;
      module.error(decl->getLocation(),
                   "array size " + llvm::toString(value, 10) +
                       " is larger than the 4294967295 elements an array "
                       "can have");
    }
    return true;
  }

private:
  HLSLGenModule &module;
};
} // namespace

bool HLSLGenModule::checkArraySizes(clang::TranslationUnitDecl *unit) {
  const clang::SourceManager &sources = astContext.getSourceManager();
  WrappedArraySizeFinder finder(*this);
  unsigned errorsBefore = errorCount;
  for (clang::Decl *decl : unit->decls()) {
    // The prelude declares no arrays worth checking; skipping it keeps the
    // walk to the user's code.
    clang::SourceLocation loc = sources.getExpansionLoc(decl->getLocation());
    if (loc.isInvalid() ||
        sources.getFilename(loc).ends_with("hlsl_prelude.h"))
      continue;
    finder.TraverseDecl(decl);
  }
  return errorCount == errorsBefore;
}
