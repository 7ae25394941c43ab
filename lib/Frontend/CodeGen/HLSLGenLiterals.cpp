//===- HLSLGenLiterals.cpp - Float literals at double precision ---------===//
//
// Before HLSL 202x (whose literals are floats in DXC too), DXC gives an
// unsuffixed floating literal the type of its context at full precision:
// `double d = 0.1;`, `x * 0.1` with a double x and `double2(1.0 / 3.0, 0.2)`
// use the double nearest to the decimal. Clang 22 types the literal `float` and
// converts the rounded float (0.1 becomes 0.10000000149..., 1e-300 becomes 0).
// Where Clang converts such a literal (or arithmetic on literals alone) to
// double, the importer evaluates it again from its spelling at double
// precision.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"

#include "clang/AST/Attr.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

/// An unsuffixed float literal's value as a double, from its spelling.
static std::optional<llvm::APFloat>
parseLiteralAsDouble(const clang::FloatingLiteral *literal,
                     clang::ASTContext &context) {
  const auto *builtin = literal->getType()->getAs<clang::BuiltinType>();
  if (!builtin || builtin->getKind() != clang::BuiltinType::Float)
    return std::nullopt;
  const clang::SourceManager &sources = context.getSourceManager();
  clang::SourceLocation loc = sources.getSpellingLoc(literal->getLocation());
  llvm::StringRef spelling =
      clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(loc),
                                  sources, context.getLangOpts());
  // `0.1f` and `0.5h` are floats as written (in DXC too).
  if (spelling.empty() || llvm::StringRef("fFhH").contains(spelling.back()))
    return std::nullopt;
  llvm::APFloat value(llvm::APFloat::IEEEdouble());
  llvm::Expected<llvm::APFloat::opStatus> status =
      value.convertFromString(spelling, llvm::APFloat::rmNearestTiesToEven);
  if (!status) {
    llvm::consumeError(status.takeError());
    return std::nullopt;
  }
  return value;
}

std::optional<llvm::APFloat>
mlir::hlsl::gen::evaluateLiteralAsDouble(const clang::Expr *expr,
                                         clang::ASTContext &context) {
  expr = expr->IgnoreParens();
  if (const auto *literal = dyn_cast<clang::FloatingLiteral>(expr))
    return parseLiteralAsDouble(literal, context);
  if (const auto *cast = dyn_cast<clang::ImplicitCastExpr>(expr)) {
    // An integer literal taking part (`1.0 / 3`).
    const auto *integer =
        dyn_cast<clang::IntegerLiteral>(cast->getSubExpr()->IgnoreParens());
    if (cast->getCastKind() != clang::CK_IntegralToFloating || !integer)
      return std::nullopt;
    llvm::APFloat value(llvm::APFloat::IEEEdouble());
    value.convertFromAPInt(integer->getValue(),
                           integer->getType()->isSignedIntegerType(),
                           llvm::APFloat::rmNearestTiesToEven);
    return value;
  }
  if (const auto *unary = dyn_cast<clang::UnaryOperator>(expr)) {
    std::optional<llvm::APFloat> operand =
        evaluateLiteralAsDouble(unary->getSubExpr(), context);
    if (!operand)
      return std::nullopt;
    if (unary->getOpcode() == clang::UO_Minus)
      operand->changeSign();
    else if (unary->getOpcode() != clang::UO_Plus)
      return std::nullopt;
    return operand;
  }
  if (const auto *binary = dyn_cast<clang::BinaryOperator>(expr)) {
    if (!binary->isAdditiveOp() && !binary->isMultiplicativeOp())
      return std::nullopt;
    if (binary->getOpcode() == clang::BO_Rem)
      return std::nullopt;
    std::optional<llvm::APFloat> lhs =
        evaluateLiteralAsDouble(binary->getLHS(), context);
    std::optional<llvm::APFloat> rhs =
        lhs ? evaluateLiteralAsDouble(binary->getRHS(), context) : std::nullopt;
    if (!rhs)
      return std::nullopt;
    llvm::APFloat::roundingMode mode = llvm::APFloat::rmNearestTiesToEven;
    switch (binary->getOpcode()) {
    case clang::BO_Add:
      lhs->add(*rhs, mode);
      break;
    case clang::BO_Sub:
      lhs->subtract(*rhs, mode);
      break;
    case clang::BO_Mul:
      lhs->multiply(*rhs, mode);
      break;
    default:
      lhs->divide(*rhs, mode);
      break;
    }
    return lhs;
  }
  return std::nullopt;
}

const clang::Expr *
HLSLGenFunction::getLiteralSource(const clang::Expr *expr) const {
  if (literalArguments.empty())
    return expr;
  const clang::Expr *value = expr->IgnoreParens();
  if (const auto *cast = dyn_cast<clang::ImplicitCastExpr>(value);
      cast && cast->getCastKind() == clang::CK_LValueToRValue)
    value = cast->getSubExpr()->IgnoreParens();
  if (const auto *ref = dyn_cast<clang::DeclRefExpr>(value))
    if (const auto *param = dyn_cast<clang::ParmVarDecl>(ref->getDecl()))
      if (const clang::Expr *literal = literalArguments.lookup(param))
        return literal;
  return expr;
}

std::optional<Value> HLSLGenFunction::emitLiteralFallbackInPlace(
    const clang::CallExpr *expr, const clang::FunctionDecl *callee,
    llvm::ArrayRef<const clang::Expr *> args) {
  clang::ASTContext &context = module.getASTContext();
  if (module.getOptions().hlslVersion == "202x" ||
      isa<clang::CXXMethodDecl>(callee) || !callee->isTemplateInstantiation() ||
      !module.isInPrelude(callee->getLocation()) ||
      args.size() != callee->getNumParams())
    return std::nullopt;
  // A float literal argument of a float parameter.
  bool hasLiteral = false;
  for (auto [arg, param] : llvm::zip(args, callee->parameters())) {
    if (param->hasAttr<clang::HLSLParamModifierAttr>() &&
        !param->getAttr<clang::HLSLParamModifierAttr>()->isIn())
      return std::nullopt;
    hasLiteral |=
        param->getType()->isSpecificBuiltinType(clang::BuiltinType::Float) &&
        evaluateLiteralAsDouble(arg, context).has_value();
  }
  // The fallback's body: typedefs, then `return intrinsic(...)`.
  const auto *body = dyn_cast_or_null<clang::CompoundStmt>(callee->getBody());
  if (!hasLiteral || !body || body->body_empty())
    return std::nullopt;
  const auto *ret = dyn_cast<clang::ReturnStmt>(body->body_back());
  if (!ret || !ret->getRetValue())
    return std::nullopt;
  for (const clang::Stmt *stmt : body->body()) {
    const auto *decls = dyn_cast<clang::DeclStmt>(stmt);
    if (stmt != ret &&
        (!decls ||
         !llvm::all_of(decls->decls(), llvm::IsaPred<clang::TypedefNameDecl>)))
      return std::nullopt;
  }
  // The arguments are evaluated before any parameter is bound (an argument
  // may call the same fallback, which binds and unbinds its parameters).
  SmallVector<Value> vars;
  for (const clang::Expr *arg : args) {
    Value value = emitRValue(arg);
    if (!value)
      return Value();
    vars.push_back(createTemporary(value, getLoc(arg->getExprLoc())));
  }
  for (auto [arg, param, var] : llvm::zip(args, callee->parameters(), vars)) {
    locals[param] = var;
    if (evaluateLiteralAsDouble(arg, context))
      literalArguments[param] = arg;
  }
  Value result = emitRValue(ret->getRetValue());
  for (const clang::ParmVarDecl *param : callee->parameters()) {
    locals.erase(param);
    literalArguments.erase(param);
  }
  return result;
}
