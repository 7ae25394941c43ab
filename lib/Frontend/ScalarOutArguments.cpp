//===- ScalarOutArguments.cpp - Scalars passed to vector out parameters ---===//

#include "ScalarOutArguments.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "llvm/ADT/DenseSet.h"

using namespace mlir::hlsl;
using llvm::dyn_cast;

namespace {

/// The functions a call's callee (as Clang kept it for recovery) may name.
/// Empty if it names anything else (a template, an object).
llvm::SmallVector<const clang::FunctionDecl *>
getCandidates(const clang::Expr *callee) {
  llvm::SmallVector<const clang::NamedDecl *> named;
  callee = callee->IgnoreParenImpCasts();
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(callee))
    named.push_back(ref->getDecl());
  else if (const auto *member = dyn_cast<clang::MemberExpr>(callee))
    named.push_back(member->getMemberDecl());
  else if (const auto *overloads = dyn_cast<clang::OverloadExpr>(callee))
    named.append(overloads->decls_begin(), overloads->decls_end());
  llvm::SmallVector<const clang::FunctionDecl *> functions;
  for (const clang::NamedDecl *decl : named) {
    const auto *function =
        dyn_cast<clang::FunctionDecl>(decl->getUnderlyingDecl());
    if (!function || function->isTemplated())
      return {};
    functions.push_back(function);
  }
  return functions;
}

clang::QualType getValueType(clang::QualType type) {
  return type.getNonReferenceType().getUnqualifiedType();
}

class ScalarOutArgumentFinder
    : public clang::RecursiveASTVisitor<ScalarOutArgumentFinder> {
public:
  ScalarOutArgumentFinder(clang::ASTContext &ast,
                          llvm::ArrayRef<clang::SourceLocation> at)
      : ast(ast) {
    for (clang::SourceLocation location : at)
      argumentsAt.insert(location.getRawEncoding());
  }

  bool VisitRecoveryExpr(clang::RecoveryExpr *expr) {
    llvm::ArrayRef<clang::Expr *> parts = expr->subExpressions();
    if (parts.size() < 2)
      return true;
    llvm::ArrayRef<clang::Expr *> args = parts.drop_front();
    llvm::SmallVector<unsigned> refused;
    for (auto [index, arg] : llvm::enumerate(args))
      if (argumentsAt.contains(arg->getBeginLoc().getRawEncoding()) ||
          argumentsAt.contains(arg->getExprLoc().getRawEncoding()))
        refused.push_back(index);
    if (refused.empty())
      return true;
    if (std::optional<ScalarOutArgumentCall> call =
            describe(*expr, parts.front(), args, refused))
      calls.push_back(std::move(*call));
    return true;
  }

  std::vector<ScalarOutArgumentCall> calls;

private:
  /// The call, if every candidate of its arity takes vector out or inout
  /// parameters of the same types for its scalar arguments (Clang reports
  /// the first; all are passed through temporaries) and returns one type.
  std::optional<ScalarOutArgumentCall>
  describe(const clang::RecoveryExpr &expr, const clang::Expr *callee,
           llvm::ArrayRef<clang::Expr *> args,
           llvm::ArrayRef<unsigned> refused) {
    std::optional<ScalarOutArgumentCall> found;
    for (const clang::FunctionDecl *function : getCandidates(callee)) {
      if (args.size() < function->getMinRequiredArguments() ||
          args.size() > function->getNumParams())
        continue;
      ScalarOutArgumentCall call{
          expr.getSourceRange(), getValueType(function->getReturnType()), {}};
      for (auto [index, arg] : llvm::enumerate(args)) {
        const clang::ParmVarDecl *param = function->getParamDecl(index);
        const auto *modifier = param->getAttr<clang::HLSLParamModifierAttr>();
        clang::QualType paramType = getValueType(param->getType());
        clang::QualType argType = getValueType(arg->getType());
        if (!modifier || !modifier->isAnyOut() ||
            !paramType->isExtVectorType() || !argType->isScalarType()) {
          if (llvm::is_contained(refused, index))
            return std::nullopt;
          continue;
        }
        if (!isRepeatable(arg))
          return std::nullopt;
        call.arguments.push_back(
            {arg->getSourceRange(), argType, paramType, modifier->isInOut()});
      }
      if (call.resultType->isHLSLIntangibleType())
        return std::nullopt;
      if (!found) {
        found = std::move(call);
        continue;
      }
      // Overloads of this arity must agree on what the rewrite declares.
      if (!ast.hasSameType(found->resultType, call.resultType) ||
          found->arguments.size() != call.arguments.size())
        return std::nullopt;
      for (auto [a, b] : llvm::zip(found->arguments, call.arguments))
        if (a.argument != b.argument ||
            !ast.hasSameType(a.parameterType, b.parameterType) ||
            a.inout != b.inout)
          return std::nullopt;
    }
    return found;
  }

  /// Whether `expr` may be evaluated again for the copy back: no side
  /// effects, and no calls but of a resource's subscript operator.
  bool isRepeatable(const clang::Expr *expr) {
    if (expr->HasSideEffects(ast, /*IncludePossibleEffects=*/false))
      return false;
    if (const auto *call = dyn_cast<clang::CallExpr>(expr)) {
      const auto *op = dyn_cast<clang::CXXOperatorCallExpr>(call);
      if (!op || op->getOperator() != clang::OO_Subscript)
        return false;
    }
    for (const clang::Stmt *child : expr->children())
      if (const auto *childExpr = dyn_cast_or_null<clang::Expr>(child);
          childExpr && !isRepeatable(childExpr))
        return false;
    return true;
  }

  clang::ASTContext &ast;
  llvm::DenseSet<clang::SourceLocation::UIntTy> argumentsAt;
};

} // namespace

std::vector<ScalarOutArgumentCall> mlir::hlsl::findScalarOutArgumentCalls(
    clang::ASTContext &ast, llvm::ArrayRef<clang::SourceLocation> argumentsAt) {
  if (argumentsAt.empty())
    return {};
  ScalarOutArgumentFinder finder(ast, argumentsAt);
  finder.TraverseDecl(ast.getTranslationUnitDecl());
  return std::move(finder.calls);
}
