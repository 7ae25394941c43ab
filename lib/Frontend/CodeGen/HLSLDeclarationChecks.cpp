//===- HLSLDeclarationChecks.cpp - declarations Clang accepts wrongly -----===//
//
// Checks run over the user's declarations before anything is imported, so
// that each problem gets one error at its declaration:
// - Clang 22 converts an array size to the DXIL target's 32-bit size_t
//   without a diagnostic: `float a[4294967297]` becomes `float[1]` and
//   `[4294967296]` becomes `[0]`. Every written size is compared with the
//   type Clang built.
// - Clang accepts vectors of more than 4 components for every shader
//   model; DXIL has them only from shader model 6.9 (long vectors), which
//   is not a supported target (DXC rejects them too).
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

namespace {
class DeclarationChecker
    : public clang::RecursiveASTVisitor<DeclarationChecker> {
public:
  DeclarationChecker(HLSLGenModule &module) : module(module) {}

  bool VisitDeclaratorDecl(clang::DeclaratorDecl *decl) {
    clang::TypeSourceInfo *info = decl->getTypeSourceInfo();
    if (!info)
      return true;
    clang::ASTContext &ast = module.getASTContext();
    clang::QualType type = decl->getType();
    while (const clang::ArrayType *array = ast.getAsArrayType(type))
      type = array->getElementType();
    if (const auto *vec = type->getAs<clang::VectorType>())
      if (vec->getNumElements() > 4)
        module.error(decl->getLocation(),
                     "'" + type.getAsString() + "' has " +
                         std::to_string(vec->getNumElements()) +
                         " components; vectors of more than 4 need shader "
                         "model 6.9");
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

bool HLSLGenModule::checkDeclarations(clang::TranslationUnitDecl *unit) {
  const clang::SourceManager &sources = astContext.getSourceManager();
  DeclarationChecker finder(*this);
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
