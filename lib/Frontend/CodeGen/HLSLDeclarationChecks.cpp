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
// - Signed division and remainder of the minimum-precision types (min16int,
//   min12int) are refused, as DXC refuses them: their result would depend
//   on the precision the driver picks.
// - HLSL has no typedefs inside structs and no variadic templates; Clang 22
//   takes both from C++. DXC's errors, at the same places.
// - Bit fields and templates came with HLSL 2021; Clang 22 takes them in
//   every version.
// - `unorm T` and `snorm T` of a type name (rewritten as the prelude's
//   `__hlsl_unorm_of<T>::__hlsl_unorm_type`) when T is not of floats.
// - `auto` deduces no type from ResourceDescriptorHeap or
//   SamplerDescriptorHeap (or their elements, which become the resource
//   type they initialize): DXC's error. Clang deduces the prelude's heap
//   types.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"

#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/AST/TypeLoc.h"
#include "clang/Basic/SourceManager.h"

using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

namespace {
/// The heap a declaration of `type` takes its value from, if `type` is one
/// of the prelude's descriptor heap types or their elements' (which a
/// declaration only gets through `auto`).
llvm::StringRef getDescriptorHeapName(clang::QualType type) {
  const auto *record = type.getCanonicalType()->getAsCXXRecordDecl();
  if (!record || !record->getIdentifier())
    return {};
  llvm::StringRef name = record->getName();
  if (name == "__hlsl_resource_descriptor_heap" ||
      name == "__hlsl_heap_descriptor")
    return "ResourceDescriptorHeap";
  if (name == "__hlsl_sampler_descriptor_heap" ||
      name == "__hlsl_sampler_heap_descriptor")
    return "SamplerDescriptorHeap";
  return {};
}

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
    if (llvm::StringRef heap = getDescriptorHeapName(type); !heap.empty())
      module.error(decl->getLocation(),
                   "'auto' cannot deduce the type of '" + heap.str() +
                       "'; use a specific resource or sampler type instead");
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

  bool VisitBinaryOperator(clang::BinaryOperator *op) {
    clang::BinaryOperatorKind kind = op->getOpcode();
    if (kind != clang::BO_Div && kind != clang::BO_Rem &&
        kind != clang::BO_DivAssign && kind != clang::BO_RemAssign)
      return true;
    // DXC's result type: the operands' common type, in which a literal
    // takes the other operand's type (Clang makes `m / 2` an int division).
    const clang::Expr *lhs = op->getLHS()->IgnoreParenImpCasts();
    const clang::Expr *rhs = op->getRHS()->IgnoreParenImpCasts();
    clang::QualType common = op->getType();
    if (const auto *compound =
            llvm::dyn_cast<clang::CompoundAssignOperator>(op))
      common = compound->getComputationResultType();
    bool refused =
        isSignedMinPrecision(common) ||
        (isSignedMinPrecision(lhs->getType()) && isIntegerLiteral(rhs)) ||
        (isSignedMinPrecision(rhs->getType()) && isIntegerLiteral(lhs));
    if (refused)
      module.error(op->getOperatorLoc(),
                   "signed integer division is not supported on "
                   "minimum-precision types, cast to int to use 32-bit "
                   "division");
    return true;
  }

  bool VisitFieldDecl(clang::FieldDecl *decl) {
    if (decl->isBitField() &&
        module.getASTContext().getLangOpts().getHLSLVersion() <
            clang::LangOptions::HLSL_2021)
      module.error(decl->getBitWidth()->getExprLoc(),
                   "bitfields are not supported in HLSL");
    return true;
  }

  bool VisitTemplateDecl(clang::TemplateDecl *decl) {
    // Template parameters of templates (`template <template <...> class>`)
    // are inside a template already reported.
    if (llvm::isa<clang::TemplateTemplateParmDecl>(decl))
      return true;
    if (module.getASTContext().getLangOpts().getHLSLVersion() <
        clang::LangOptions::HLSL_2021)
      module.error(decl->getBeginLoc(),
                   "'template' is a reserved keyword in HLSL");
    return true;
  }

  bool VisitTypedefTypeLoc(clang::TypedefTypeLoc loc) {
    llvm::StringRef name = loc.getTypePtr()->getDecl()->getName();
    if (name != "__hlsl_unorm_type" && name != "__hlsl_snorm_type")
      return true;
    clang::QualType element = loc.getType().getCanonicalType();
    if (const auto *vector = element->getAs<clang::VectorType>())
      element = vector->getElementType();
    else if (const auto *matrix = element->getAs<clang::ConstantMatrixType>())
      element = matrix->getElementType();
    if (!element->isFloatingType())
      module.error(loc.getBeginLoc(), "snorm and unorm qualifier can only be "
                                      "used on floating-point types");
    return true;
  }

  bool VisitTypedefDecl(clang::TypedefDecl *decl) {
    if (decl->getDeclContext()->isRecord())
      module.error(decl->getBeginLoc(),
                   "nested typedefs are not supported in HLSL");
    return true;
  }

  bool VisitTemplateTypeParmDecl(clang::TemplateTypeParmDecl *decl) {
    checkParameterPack(decl, decl->isParameterPack());
    return true;
  }
  bool VisitNonTypeTemplateParmDecl(clang::NonTypeTemplateParmDecl *decl) {
    checkParameterPack(decl, decl->isParameterPack());
    return true;
  }
  bool VisitTemplateTemplateParmDecl(clang::TemplateTemplateParmDecl *decl) {
    checkParameterPack(decl, decl->isParameterPack());
    return true;
  }

private:
  /// The error at the pack's `...` (before its name).
  void checkParameterPack(clang::NamedDecl *decl, bool isPack) {
    if (!isPack)
      return;
    const clang::SourceManager &sources =
        module.getASTContext().getSourceManager();
    clang::SourceLocation at = decl->getLocation();
    clang::SourceLocation begin = decl->getBeginLoc();
    bool invalid = false;
    if (at.isFileID() && begin.isFileID()) {
      llvm::StringRef text =
          sources.getBufferData(sources.getFileID(at), &invalid);
      unsigned first = sources.getFileOffset(begin);
      unsigned name = sources.getFileOffset(at);
      size_t ellipsis = invalid || name > text.size()
                            ? llvm::StringRef::npos
                            : text.slice(first, name).rfind("...");
      if (ellipsis != llvm::StringRef::npos)
        at = begin.getLocWithOffset(ellipsis);
    }
    module.error(at, "variadic templates are not supported in HLSL");
  }

  /// min16int or min12int (the prelude's signed `_BitInt`s), or vectors
  /// and matrices of them.
  static bool isSignedMinPrecision(clang::QualType type) {
    type = type.getCanonicalType();
    if (const auto *vec = type->getAs<clang::VectorType>())
      type = vec->getElementType();
    else if (const auto *matrix = type->getAs<clang::ConstantMatrixType>())
      type = matrix->getElementType();
    const auto *bitInt = type->getAs<clang::BitIntType>();
    return bitInt && bitInt->isSigned();
  }

  /// An integer literal without suffix (DXC's literal int, which takes the
  /// other operand's type; `3u` is a uint).
  static bool isIntegerLiteral(const clang::Expr *expr) {
    if (const auto *unary = llvm::dyn_cast<clang::UnaryOperator>(expr))
      if (unary->getOpcode() == clang::UO_Minus ||
          unary->getOpcode() == clang::UO_Plus)
        return isIntegerLiteral(unary->getSubExpr()->IgnoreParenImpCasts());
    const auto *literal = llvm::dyn_cast<clang::IntegerLiteral>(expr);
    return literal && literal->getType()->isSpecificBuiltinType(
                          clang::BuiltinType::Int);
  }

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
    if (loc.isInvalid() || isInPrelude(loc))
      continue;
    finder.TraverseDecl(decl);
  }
  return errorCount == errorsBefore;
}
