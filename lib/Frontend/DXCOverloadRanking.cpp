//===- DXCOverloadRanking.cpp - DXC's choice among overloads --------------===//
//
// The scoring follows DXC's documented behaviour and its Sema (the element
// kinds, how two kinds combine, which conversions count as promotions and
// which as casts); see DXCOverloadRanking.h.
//
//===----------------------------------------------------------------------===//

#include "DXCOverloadRanking.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/Attr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/RecursiveASTVisitor.h"
#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Lexer.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <optional>

using namespace mlir::hlsl;
using llvm::cast;
using llvm::dyn_cast;
using llvm::isa;

namespace {

/// DXC's element kinds.
enum class Kind : uint8_t {
  Bool,
  LiteralFloat,
  Float16,
  Float32Partial,
  Float32,
  Float64,
  LiteralInt,
  Int8,
  UInt8,
  Int16,
  UInt16,
  Int32,
  UInt32,
  Int64,
  UInt64,
  Min10Float,
  Min16Float,
  Min12Int,
  Min16Int,
  Min16UInt,
  Enum,
};

enum Property : unsigned {
  Boolean = 1 << 0,
  Integer = 1 << 1,
  Unsigned = 1 << 2,
  Literal = 1 << 3,
  Floating = 1 << 4,
  PartialPrecision = 1 << 5,
  MinPrecision = 1 << 6,
  EnumProperty = 1 << 7,
};

struct KindInfo {
  unsigned properties;
  /// The width in bits; 0 for literals, bool and enums.
  unsigned bits;
};

/// The properties of each kind, in Kind's order.
constexpr KindInfo kindInfos[] = {
    {Boolean | Integer, 0},                  // Bool
    {Floating | Literal, 0},                 // LiteralFloat
    {Floating, 16},                          // Float16
    {Floating | PartialPrecision, 32},       // Float32Partial
    {Floating, 32},                          // Float32
    {Floating, 64},                          // Float64
    {Integer | Literal, 0},                  // LiteralInt
    {Integer, 8},                            // Int8
    {Integer | Unsigned, 8},                 // UInt8
    {Integer, 16},                           // Int16
    {Integer | Unsigned, 16},                // UInt16
    {Integer, 32},                           // Int32
    {Integer | Unsigned, 32},                // UInt32
    {Integer, 64},                           // Int64
    {Integer | Unsigned, 64},                // UInt64
    {Floating | MinPrecision, 10},           // Min10Float
    {Floating | MinPrecision, 16},           // Min16Float
    {Integer | MinPrecision, 12},            // Min12Int
    {Integer | MinPrecision, 16},            // Min16Int
    {Integer | Unsigned | MinPrecision, 16}, // Min16UInt
    {EnumProperty | Integer, 0},             // Enum
};
static_assert(std::size(kindInfos) == size_t(Kind::Enum) + 1,
              "one entry per kind");

KindInfo getInfo(Kind kind) { return kindInfos[size_t(kind)]; }

/// The integer kind of `bits` bits (8, 16, 32 or 64).
std::optional<Kind> getSizedIntegerKind(unsigned bits, bool isUnsigned) {
  switch (bits) {
  case 8:
    return isUnsigned ? Kind::UInt8 : Kind::Int8;
  case 16:
    return isUnsigned ? Kind::UInt16 : Kind::Int16;
  case 32:
    return isUnsigned ? Kind::UInt32 : Kind::Int32;
  case 64:
    return isUnsigned ? Kind::UInt64 : Kind::Int64;
  default:
    return std::nullopt;
  }
}

bool isSizedInteger(Kind kind) {
  return kind >= Kind::Int8 && kind <= Kind::UInt64;
}
bool isSizedFloat(Kind kind) {
  return kind >= Kind::Float16 && kind <= Kind::Float64;
}

/// The kind DXC computes an operation of `left` and `right` in, if any.
std::optional<Kind> combine(Kind left, Kind right) {
  if (left == right)
    return left;
  KindInfo l = getInfo(left), r = getInfo(right);
  unsigned both = l.properties & r.properties;
  unsigned either = l.properties | r.properties;
  unsigned bits = std::max(l.bits, r.bits);
  if (both & Boolean)
    return Kind::Bool;
  bool isFloat = either & Floating;
  if (both & Literal)
    return isFloat ? Kind::LiteralFloat : Kind::LiteralInt;
  unsigned result = (both & (Integer | MinPrecision | PartialPrecision)) |
                    (either & Floating) | (isFloat ? 0 : either & Unsigned);
  // A literal, bool or enum takes the other side's precision.
  if (either & (Literal | Boolean | EnumProperty))
    result |= either & (MinPrecision | PartialPrecision);
  if (result & PartialPrecision)
    return Kind::Float32Partial;
  // A float and an integer: the float side decides.
  if (isFloat && !(both & Floating)) {
    const KindInfo &floating = (l.properties & Floating) ? l : r;
    result = floating.properties & ~Literal;
    bits = floating.bits;
  }
  bool min = result & MinPrecision;
  if (bits == 0)
    bits = 32;
  if (isFloat) {
    switch (bits) {
    case 10:
      return Kind::Min10Float;
    case 16:
      return min ? Kind::Min16Float : Kind::Float16;
    case 32:
      return Kind::Float32;
    case 64:
      return Kind::Float64;
    default:
      return std::nullopt;
    }
  }
  bool isUnsigned = result & Unsigned;
  if (bits == 12)
    return Kind::Min12Int;
  if (bits == 16 && min)
    return isUnsigned ? Kind::Min16UInt : Kind::Min16Int;
  return getSizedIntegerKind(bits, isUnsigned);
}

/// Whether `from` promotes to `to`.
bool isPromotion(Kind to, Kind from) {
  if (to == from)
    return false;
  auto isOneOf = [&](std::initializer_list<Kind> kinds) {
    return llvm::is_contained(kinds, to);
  };
  switch (from) {
  case Kind::Float16:
    return isOneOf({Kind::Float32, Kind::Float32Partial, Kind::Float64});
  case Kind::Float32Partial:
    return isOneOf({Kind::Float32, Kind::Float64});
  case Kind::Float32:
    return to == Kind::Float64;
  case Kind::Min10Float:
    return isOneOf({Kind::Min16Float, Kind::Float16, Kind::Float32,
                    Kind::Float32Partial, Kind::Float64});
  case Kind::Min16Float:
    return isOneOf(
        {Kind::Float16, Kind::Float32, Kind::Float32Partial, Kind::Float64});
  case Kind::Int8:
  case Kind::UInt8:
    return isOneOf({Kind::Int16, Kind::Int32, Kind::Int64, Kind::UInt16,
                    Kind::UInt32, Kind::UInt64});
  case Kind::Int16:
  case Kind::UInt16:
    return isOneOf({Kind::Int32, Kind::Int64, Kind::UInt32, Kind::UInt64});
  case Kind::Int32:
  case Kind::UInt32:
    return isOneOf({Kind::Int64, Kind::UInt64});
  case Kind::Min12Int:
    return isOneOf({Kind::Min16Int, Kind::Int32, Kind::Int64});
  case Kind::Min16Int:
    return isOneOf({Kind::Int32, Kind::Int64});
  case Kind::Min16UInt:
    return isOneOf({Kind::UInt32, Kind::UInt64});
  default:
    return false;
  }
}

/// Whether converting between `a` and `b` is free of cost for DXC as a
/// literal's conversion (a literal to a sized type of its class).
bool isLiteralConversion(Kind a, Kind b) {
  if (a == Kind::LiteralInt)
    return isSizedInteger(b);
  if (b == Kind::LiteralInt)
    return isSizedInteger(a);
  if (a == Kind::LiteralFloat)
    return b == Kind::LiteralFloat || isSizedFloat(b);
  if (b == Kind::LiteralFloat)
    return isSizedFloat(a);
  return false;
}

/// Whether a sized integer and the one of the other signedness and the same
/// width are the pair: DXC counts that as a cast between signed and
/// unsigned, cheaper than other casts.
bool isSignednessChange(Kind a, Kind b) {
  if (!isSizedInteger(a) || !isSizedInteger(b))
    return false;
  return getInfo(a).bits == getInfo(b).bits;
}

/// Whether converting between `a` and `b` is one of DXC's casts (neither a
/// promotion nor free nor a change of signedness).
bool isCast(Kind a, Kind b) {
  return a != b && !isLiteralConversion(a, b) && !isSignednessChange(a, b);
}
/// Whether it is a cast of signedness (or another cast between integers
/// DXC does not count as a cast).
bool isIntegerCast(Kind a, Kind b) {
  return a != b && !isLiteralConversion(a, b);
}

/// The shape of a numeric type: rows and columns (a vector is one row, a
/// scalar 1x1), and whether it is a matrix.
struct Shape {
  unsigned rows = 1, columns = 1;
  bool isMatrix = false, isVector = false;
  unsigned count() const { return rows * columns; }
};

/// What DXC's ranking makes of a call: its one best candidate, several
/// equally good ones, or nothing this models.
struct Choice {
  enum { Unknown, Unique, Ambiguous } result = Unknown;
  /// The best candidates (one if Unique).
  llvm::SmallVector<const clang::FunctionDecl *, 2> best;
};

class OverloadRanker {
public:
  OverloadRanker(clang::ASTContext &ast, bool native16BitTypes)
      : ast(ast), native16BitTypes(native16BitTypes) {}

  /// DXC's choice among `candidates` for `args` (as written, without
  /// Clang's conversions).
  Choice choose(llvm::ArrayRef<const clang::NamedDecl *> candidates,
                llvm::ArrayRef<const clang::Expr *> args) const;
  /// Whether this models `function` as viable for `args` (it models
  /// numeric conversions, and other arguments of the parameter's type).
  bool isViable(const clang::FunctionDecl &function,
                llvm::ArrayRef<const clang::Expr *> args) const {
    return scoreCandidate(function, args).has_value();
  }
  /// The casts that make `function` an exact match for `args`.
  std::vector<ArgumentCast>
  getCasts(const clang::FunctionDecl &function,
           llvm::ArrayRef<const clang::Expr *> args) const;

private:
  /// The element kind of a scalar type, if DXC has one for it.
  std::optional<Kind> getScalarKind(clang::QualType type) const;
  /// The shape and element type of a numeric type.
  std::optional<std::pair<Shape, clang::QualType>>
  getNumericShape(clang::QualType type) const;
  /// The element kind DXC gives `expr`'s value (literals and operations of
  /// literals with a typed operand as DXC types them).
  std::optional<Kind> getExprKind(const clang::Expr *expr) const;
  /// The cost of converting an argument of kind `from` and shape
  /// `fromShape` to a parameter of kind `to` and shape `toShape`.
  uint64_t score(Kind to, Shape toShape, Kind from, Shape fromShape) const;
  /// The total cost of calling `function` with `args`, if it is viable.
  std::optional<uint64_t>
  scoreCandidate(const clang::FunctionDecl &function,
                 llvm::ArrayRef<const clang::Expr *> args) const;
  /// The kind of an integer or float literal as its suffix makes it.
  std::optional<Kind> getLiteralKind(const clang::Expr *literal) const;

  clang::ASTContext &ast;
  bool native16BitTypes;
};

/// min16float and min10float, known by their names: without 16-bit types
/// the prelude's typedefs of `half` (whose own kind is DXC's half).
std::optional<Kind> getMinPrecisionFloatKind(clang::QualType type) {
  while (const auto *typedefType = type->getAs<clang::TypedefType>()) {
    llvm::StringRef name = typedefType->getDecl()->getName();
    if (name == "min16float")
      return Kind::Min16Float;
    if (name == "min10float")
      return Kind::Min10Float;
    type = typedefType->desugar();
  }
  return std::nullopt;
}

std::optional<Kind> OverloadRanker::getScalarKind(clang::QualType type) const {
  if (!native16BitTypes)
    if (std::optional<Kind> kind = getMinPrecisionFloatKind(type))
      return kind;
  type = type.getCanonicalType().getUnqualifiedType();
  if (const auto *bits = type->getAs<clang::BitIntType>()) {
    // The prelude's min16int, min12int and min16uint (kinds of their own
    // for DXC with 16-bit types too).
    if (bits->isUnsigned())
      return Kind::Min16UInt;
    return bits->getNumBits() == 16 ? Kind::Min12Int : Kind::Min16Int;
  }
  if (const auto *enumType = type->getAs<clang::EnumType>()) {
    if (enumType->getDecl()->isScoped())
      return std::nullopt;
    return Kind::Enum;
  }
  const auto *builtin = type->getAs<clang::BuiltinType>();
  if (!builtin)
    return std::nullopt;
  if (builtin->getKind() == clang::BuiltinType::Bool)
    return Kind::Bool;
  if (builtin->getKind() == clang::BuiltinType::Half)
    // DXC's `half`: a 32-bit float of partial precision without 16-bit
    // types, 16 bits with them (min16float is `half` then, DXC's a kind of
    // its own).
    return native16BitTypes ? Kind::Float16 : Kind::Float32Partial;
  if (builtin->isFloatingPoint())
    return ast.getTypeSize(type) == 64 ? Kind::Float64 : Kind::Float32;
  if (builtin->isInteger())
    return getSizedIntegerKind(ast.getTypeSize(type),
                               builtin->isUnsignedInteger());
  return std::nullopt;
}

std::optional<std::pair<Shape, clang::QualType>>
OverloadRanker::getNumericShape(clang::QualType type) const {
  // (The element keeps its sugar: min16float is known by its name.)
  type = type.getNonReferenceType().getUnqualifiedType();
  Shape shape;
  clang::QualType element = type;
  if (const auto *vector = type->getAs<clang::VectorType>()) {
    shape.columns = vector->getNumElements();
    shape.isVector = true;
    element = vector->getElementType();
  } else if (const auto *matrix = type->getAs<clang::ConstantMatrixType>()) {
    shape.rows = matrix->getNumRows();
    shape.columns = matrix->getNumColumns();
    shape.isMatrix = true;
    element = matrix->getElementType();
  }
  if (!getScalarKind(element))
    return std::nullopt;
  return std::make_pair(shape, element);
}

std::optional<Kind>
OverloadRanker::getLiteralKind(const clang::Expr *literal) const {
  const clang::SourceManager &sources = ast.getSourceManager();
  clang::SourceLocation at = sources.getSpellingLoc(literal->getBeginLoc());
  llvm::StringRef text =
      clang::Lexer::getSourceText(clang::CharSourceRange::getTokenRange(at, at),
                                  sources, ast.getLangOpts());
  if (text.empty())
    return std::nullopt;
  if (isa<clang::FloatingLiteral>(literal)) {
    switch (llvm::toLower(text.back())) {
    case 'f':
      return Kind::Float32;
    case 'l':
      return Kind::Float64;
    case 'h':
      // A float without 16-bit types.
      return native16BitTypes ? Kind::Float16 : Kind::Float32;
    default:
      return Kind::LiteralFloat;
    }
  }
  // Integers: `u` makes them unsigned, `ll` 64 bits (one `l` does not).
  llvm::StringRef suffix =
      text.take_back(text.size() - text.rtrim("uUlL").size());
  if (suffix.empty())
    return Kind::LiteralInt;
  bool isUnsigned = suffix.find_insensitive('u') != llvm::StringRef::npos;
  bool is64 = suffix.count('l') + suffix.count('L') >= 2;
  return getSizedIntegerKind(is64 ? 64 : 32, isUnsigned);
}

std::optional<Kind> OverloadRanker::getExprKind(const clang::Expr *expr) const {
  expr = expr->IgnoreParenImpCasts();
  if (isa<clang::IntegerLiteral, clang::FloatingLiteral>(expr))
    if (std::optional<Kind> kind = getLiteralKind(expr))
      return kind;
  if (const auto *unary = dyn_cast<clang::UnaryOperator>(expr)) {
    switch (unary->getOpcode()) {
    case clang::UO_Plus:
    case clang::UO_Minus:
    case clang::UO_Not:
      return getExprKind(unary->getSubExpr());
    case clang::UO_LNot:
      return Kind::Bool;
    default:
      break;
    }
  }
  if (const auto *binary = dyn_cast<clang::BinaryOperator>(expr)) {
    switch (binary->getOpcode()) {
    case clang::BO_Add:
    case clang::BO_Sub:
    case clang::BO_Mul:
    case clang::BO_Div:
    case clang::BO_Rem:
    case clang::BO_And:
    case clang::BO_Or:
    case clang::BO_Xor: {
      std::optional<Kind> left = getExprKind(binary->getLHS());
      std::optional<Kind> right = getExprKind(binary->getRHS());
      if (left && right)
        return combine(*left, *right);
      return std::nullopt;
    }
    case clang::BO_Shl:
    case clang::BO_Shr:
      return getExprKind(binary->getLHS());
    case clang::BO_Comma:
      return getExprKind(binary->getRHS());
    default:
      break;
    }
  }
  if (const auto *conditional = dyn_cast<clang::ConditionalOperator>(expr)) {
    std::optional<Kind> left = getExprKind(conditional->getTrueExpr());
    std::optional<Kind> right = getExprKind(conditional->getFalseExpr());
    if (left && right)
      return combine(*left, *right);
    return std::nullopt;
  }
  std::optional<std::pair<Shape, clang::QualType>> shape =
      getNumericShape(expr->getType());
  if (!shape)
    return std::nullopt;
  return getScalarKind(shape->second);
}

uint64_t OverloadRanker::score(Kind to, Shape toShape, Kind from,
                               Shape fromShape) const {
  bool toPromotion = false, fromPromotion = false;
  bool toIntegerCast = false, fromIntegerCast = false;
  bool toCast = false, fromCast = false;
  if (to != from) {
    std::optional<Kind> combined = combine(to, from);
    if (combined && isPromotion(to, *combined))
      toPromotion = true;
    else if (!combined || isCast(to, *combined))
      toCast = true;
    else if (isIntegerCast(to, *combined))
      toIntegerCast = true;
    if (combined && isPromotion(*combined, from))
      fromPromotion = true;
    else if (!combined || isCast(*combined, from))
      fromCast = true;
    else if (isIntegerCast(*combined, from))
      fromIntegerCast = true;
  }
  // In order of cost: each is worth more than any number of the cheaper
  // ones over all arguments.
  bool conditions[] = {fromShape.count() < toShape.count(),
                       toPromotion,
                       fromPromotion,
                       toIntegerCast,
                       fromIntegerCast,
                       toCast,
                       fromCast,
                       toShape.count() < fromShape.count()};
  uint64_t total = 0;
  for (auto [index, condition] : llvm::enumerate(conditions))
    if (condition)
      total += uint64_t(1) << (2 + 7 * index);
  return total;
}

/// Whether DXC converts a value of shape `from` to shape `to` implicitly:
/// the same count, a splat of one element, a truncation (with a warning), a
/// vector to a matrix of as many elements and back.
bool isConvertibleShape(Shape to, Shape from) {
  if (from.count() == 1 || to.count() == 1 || to.count() == from.count())
    return true;
  if (to.isVector && from.isVector)
    return from.count() > to.count();
  if (to.isMatrix && from.isMatrix)
    return from.rows >= to.rows && from.columns >= to.columns;
  return false;
}

bool isInPrelude(const clang::Decl *decl) {
  const clang::SourceManager &sources =
      decl->getASTContext().getSourceManager();
  return sources.getFilename(sources.getExpansionLoc(decl->getLocation()))
      .ends_with("hlsl_prelude.h");
}

/// An argument as written: without Clang's conversions to the parameter.
const clang::Expr *getWrittenArgument(const clang::Expr *arg) {
  if (const auto *out = dyn_cast<clang::HLSLOutArgExpr>(arg))
    return out->getArgLValue();
  return arg->IgnoreImplicit();
}

std::optional<uint64_t>
OverloadRanker::scoreCandidate(const clang::FunctionDecl &function,
                               llvm::ArrayRef<const clang::Expr *> args) const {
  if (args.size() < function.getMinRequiredArguments() ||
      args.size() > function.getNumParams())
    return std::nullopt;
  uint64_t total = 0;
  for (auto [index, arg] : llvm::enumerate(args)) {
    const clang::ParmVarDecl *param = function.getParamDecl(index);
    clang::QualType paramType =
        param->getType().getNonReferenceType().getUnqualifiedType();
    clang::QualType argType = arg->getType().getNonReferenceType();
    const auto *modifier = param->getAttr<clang::HLSLParamModifierAttr>();
    bool isOut = modifier && modifier->isAnyOut();
    bool isIn = !isOut || modifier->isInOut();
    std::optional<std::pair<Shape, clang::QualType>> paramShape =
        getNumericShape(paramType);
    std::optional<std::pair<Shape, clang::QualType>> argShape =
        getNumericShape(argType);
    std::optional<Kind> argKind = getExprKind(arg);
    if (!paramShape || !argShape || !argKind) {
      // Structs, arrays and objects: the same type only.
      if (!ast.hasSameUnqualifiedType(paramType, argType))
        return std::nullopt;
      continue;
    }
    Kind paramKind = *getScalarKind(paramShape->second);
    if (paramKind == Kind::Enum ||
        !isConvertibleShape(paramShape->first, argShape->first))
      return std::nullopt;
    if (isIn)
      total += score(paramKind, paramShape->first, *argKind, argShape->first);
    if (isOut) {
      // The value comes back: from the parameter to the argument.
      Kind lvalueKind = *getScalarKind(argShape->second);
      if (lvalueKind == Kind::Enum ||
          !isConvertibleShape(argShape->first, paramShape->first))
        return std::nullopt;
      total += score(lvalueKind, argShape->first, paramKind, paramShape->first);
    }
  }
  return total;
}

Choice OverloadRanker::choose(llvm::ArrayRef<const clang::NamedDecl *> found,
                              llvm::ArrayRef<const clang::Expr *> args) const {
  Choice choice;
  for (const clang::Expr *arg : args)
    if (arg->containsErrors() || arg->isTypeDependent() ||
        arg->isValueDependent())
      return choice;
  llvm::SmallPtrSet<const clang::Decl *, 8> seen;
  uint64_t bestScore = ~uint64_t(0);
  for (const clang::NamedDecl *decl : found) {
    const auto *function =
        dyn_cast<clang::FunctionDecl>(decl->getUnderlyingDecl());
    // Templates and intrinsics: DXC resolves them otherwise.
    if (!function || isInPrelude(function) || function->isTemplated() ||
        function->isTemplateInstantiation())
      return Choice();
    if (!seen.insert(function->getCanonicalDecl()).second)
      continue;
    std::optional<uint64_t> total = scoreCandidate(*function, args);
    if (!total || *total > bestScore)
      continue;
    if (*total < bestScore)
      choice.best.clear();
    bestScore = *total;
    choice.best.push_back(function);
  }
  if (choice.best.empty())
    return choice;
  choice.result = choice.best.size() == 1 ? Choice::Unique : Choice::Ambiguous;
  return choice;
}

std::vector<ArgumentCast>
OverloadRanker::getCasts(const clang::FunctionDecl &function,
                         llvm::ArrayRef<const clang::Expr *> args) const {
  std::vector<ArgumentCast> casts;
  for (auto [index, arg] : llvm::enumerate(args)) {
    const clang::ParmVarDecl *param = function.getParamDecl(index);
    const auto *modifier = param->getAttr<clang::HLSLParamModifierAttr>();
    if (modifier && modifier->isAnyOut())
      continue;
    clang::QualType paramType =
        param->getType().getNonReferenceType().getUnqualifiedType();
    if (!ast.hasSameUnqualifiedType(paramType,
                                    arg->getType().getNonReferenceType()))
      casts.push_back({arg->getSourceRange(), paramType});
  }
  return casts;
}

/// The calls of a translation unit that Clang found ambiguous (kept for
/// error recovery) at the given callee locations, and those it resolved
/// among several candidates.
class OverloadedCallFinder
    : public clang::RecursiveASTVisitor<OverloadedCallFinder> {
public:
  explicit OverloadedCallFinder(llvm::ArrayRef<clang::SourceLocation> at) {
    for (clang::SourceLocation location : at)
      ambiguousAt.insert(location.getRawEncoding());
  }

  bool VisitRecoveryExpr(clang::RecoveryExpr *expr) {
    llvm::ArrayRef<clang::Expr *> parts = expr->subExpressions();
    if (parts.empty())
      return true;
    const auto *callee = dyn_cast<clang::OverloadExpr>(parts.front());
    if (!callee)
      return true;
    // Clang reports an ambiguous call at its callee's start (`ns::f`), a
    // member call at the member's name.
    if (ambiguousAt.erase(callee->getNameLoc().getRawEncoding()) ||
        ambiguousAt.erase(callee->getBeginLoc().getRawEncoding()))
      ambiguous.push_back(expr);
    return true;
  }

  bool VisitCallExpr(clang::CallExpr *call) {
    const clang::Expr *callee = call->getCallee()->IgnoreParenImpCasts();
    bool multiple = false;
    if (const auto *ref = dyn_cast<clang::DeclRefExpr>(callee))
      multiple = ref->hadMultipleCandidates();
    else if (const auto *member = dyn_cast<clang::MemberExpr>(callee))
      multiple = member->hadMultipleCandidates();
    if (multiple && call->getDirectCallee() &&
        !isa<clang::CXXOperatorCallExpr>(call))
      resolved.push_back(call);
    return true;
  }

  llvm::DenseSet<clang::SourceLocation::UIntTy> ambiguousAt;
  std::vector<const clang::RecoveryExpr *> ambiguous;
  std::vector<const clang::CallExpr *> resolved;
};

/// Traverses the declarations of the shader (not the prelude's).
void traverseShader(clang::ASTContext &ast, OverloadedCallFinder &finder) {
  for (clang::Decl *decl : ast.getTranslationUnitDecl()->decls())
    if (!isInPrelude(decl))
      finder.TraverseDecl(decl);
}

} // namespace

std::vector<CallArgumentCasts>
mlir::hlsl::findDXCOverloadCasts(clang::ASTContext &ast,
                                 llvm::ArrayRef<clang::SourceLocation> at,
                                 bool native16BitTypes) {
  OverloadedCallFinder finder(at);
  traverseShader(ast, finder);
  OverloadRanker ranker(ast, native16BitTypes);
  std::vector<CallArgumentCasts> casts;
  for (const clang::RecoveryExpr *call : finder.ambiguous) {
    const auto *callee = cast<clang::OverloadExpr>(call->subExpressions()[0]);
    llvm::SmallVector<const clang::NamedDecl *> found(callee->decls());
    llvm::SmallVector<const clang::Expr *> args(
        call->subExpressions().drop_front());
    Choice choice = ranker.choose(found, args);
    if (choice.result != Choice::Unique)
      continue;
    CallArgumentCasts ofCall{callee->getSourceRange(),
                             ranker.getCasts(*choice.best[0], args)};
    if (!ofCall.arguments.empty())
      casts.push_back(std::move(ofCall));
  }
  return casts;
}

DXCOverloadFindings mlir::hlsl::checkOverloadChoices(clang::ASTContext &ast,
                                                     bool native16BitTypes) {
  OverloadedCallFinder finder({});
  traverseShader(ast, finder);
  OverloadRanker ranker(ast, native16BitTypes);
  DXCOverloadFindings findings;
  for (const clang::CallExpr *call : finder.resolved) {
    const clang::FunctionDecl *chosen = call->getDirectCallee();
    // The functions of the name where the chosen one is declared.
    const clang::DeclContext *context =
        chosen->getDeclContext()->getRedeclContext();
    llvm::SmallVector<const clang::NamedDecl *> found;
    for (const clang::NamedDecl *decl : context->lookup(chosen->getDeclName()))
      found.push_back(decl);
    llvm::SmallVector<const clang::Expr *> args;
    for (const clang::Expr *arg : call->arguments()) {
      if (isa<clang::CXXDefaultArgExpr>(arg))
        break;
      args.push_back(getWrittenArgument(arg));
    }
    // A candidate Clang chose through a conversion this does not model
    // (derived to base, ...) stays Clang's choice.
    if (!ranker.isViable(*chosen, args))
      continue;
    Choice choice = ranker.choose(found, args);
    const clang::Expr *callee = call->getCallee()->IgnoreParenImpCasts();
    if (choice.result == Choice::Ambiguous) {
      AmbiguousCall ambiguous{callee->getExprLoc(), chosen->getDeclName(), {}};
      for (const clang::FunctionDecl *candidate : choice.best)
        ambiguous.candidates.push_back(candidate->getLocation());
      findings.ambiguous.push_back(std::move(ambiguous));
      continue;
    }
    if (choice.result != Choice::Unique ||
        choice.best[0]->getCanonicalDecl() == chosen->getCanonicalDecl())
      continue;
    // The callee's name: a member call's ends at the member.
    clang::SourceRange calleeRange = callee->getSourceRange();
    CallArgumentCasts ofCall{calleeRange,
                             ranker.getCasts(*choice.best[0], args)};
    if (!ofCall.arguments.empty())
      findings.casts.push_back(std::move(ofCall));
  }
  return findings;
}
