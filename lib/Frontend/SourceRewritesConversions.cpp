//===- SourceRewritesConversions.cpp - Conversions DXC makes implicitly --===//
//
// Rewrites of the conversions DXC makes and Clang 22 refuses or makes
// otherwise: structs and shapes of arguments and initializers, one-element
// vectors taken as scalars, methods called on const objects, vector
// constructors in templates.
//
//===----------------------------------------------------------------------===//

#include "DXCOverloadRanking.h"
#include "ScalarOutArguments.h"
#include "SourceRewriteSupport.h"
#include "SourceRewrites.h"

#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Type.h"
#include "clang/Basic/Diagnostic.h"
#include "clang/Basic/DiagnosticParse.h"
#include "clang/Basic/DiagnosticSema.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

using namespace mlir::hlsl;
using namespace mlir::hlsl::rewrites;

bool SourceRewrites::recordArgumentCasts(const clang::SourceManager &sources,
                                         const CallArgumentCasts &casts) {
  std::optional<std::pair<DiagnosticPlace, size_t>> callee =
      getExpressionPlace(sources, casts.callee);
  if (!callee)
    return false;
  const DiagnosticPlace &place = callee->first;
  llvm::StringRef text = place.text;
  size_t open = skipBlanks(text, callee->second + 1);
  if (open >= text.size() || text[open] != '(')
    return false;
  std::optional<size_t> close = findClosingBracket(text, open, ";{}");
  if (!close)
    return false;
  // The call with each cast argument `a` as `((T)(a))`, from the last so
  // that the earlier offsets stay. (The callee is part of the macro: a
  // macro right after its name would continue the name.)
  size_t start = place.offset;
  std::string expansion = text.slice(start, *close + 1).str();
  for (const ArgumentCast &cast : llvm::reverse(casts.arguments)) {
    std::optional<std::string> spelled = spellType(cast.type);
    std::optional<std::pair<DiagnosticPlace, size_t>> argument =
        getExpressionPlace(sources, cast.argument);
    if (!spelled || !argument || argument->first.file != place.file ||
        argument->first.offset <= open || argument->second >= *close)
      return false;
    size_t first = argument->first.offset - start;
    size_t size = argument->second + 1 - argument->first.offset;
    expansion.replace(first, size,
                      "((" + *spelled + ")(" + expansion.substr(first, size) +
                          "))");
  }
  return replaceExpression(place.file, text, start, *close,
                           std::move(expansion));
}

/// `InterlockedOr((uint)buf[0], 1)`: a cast to the type the value already
/// has, on an out or inout argument (an atomic's destination). DXC takes
/// it as the value itself; Clang refuses it ("cannot bind non-lvalue
/// argument"). The `(uint)` becomes spaces.
bool SourceRewrites::recordNoOpCastArgument(const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::error_hlsl_inout_lvalue ||
      info.getNumArgs() < 1 ||
      info.getArgKind(0) != clang::DiagnosticsEngine::ak_expr)
    return false;
  const auto *arg = reinterpret_cast<const clang::Expr *>(info.getRawArg(0));
  const auto *cast = llvm::dyn_cast<clang::CStyleCastExpr>(arg->IgnoreParens());
  if (!cast)
    return false;
  auto typeOf = [](const clang::Expr *e) {
    return e->getType().getCanonicalType().getUnqualifiedType();
  };
  if (typeOf(cast) != typeOf(cast->getSubExpr()->IgnoreParenImpCasts()))
    return false;
  const clang::SourceManager &sources = info.getSourceManager();
  clang::SourceLocation open = cast->getLParenLoc();
  clang::SourceLocation close = cast->getRParenLoc();
  if (!open.isFileID() || !close.isFileID() ||
      sources.getFileID(open) != sources.getFileID(close))
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place || sources.getFileID(sources.getFileLoc(info.getLocation())) !=
                    sources.getFileID(open))
    return false;
  blankSpan(place->file, place->text, sources.getFileOffset(open),
            sources.getFileOffset(close));
  return true;
}

/// `tex.Sample(...)` on a `const Texture2D tex` (a const parameter, a
/// member of a const object), `rw[i] = v` on a `const RWBuffer<T> rw`,
/// `c.Get()` and `c[i]` on a `static const C c`: HLSL methods have no const
/// qualifier and DXC calls them on const objects; Clang's methods (the
/// resources' too: their operator[] returns a const reference) are not
/// const. The call is made on a non-const copy, a resource's copy being its
/// handle: `((__remove_cvref(__decltype(tex)))(tex))`.
bool SourceRewrites::recordConstObjectCall(const clang::Diagnostic &info) {
  bool overloaded = false, subscriptTarget = false, subscriptObject = false;
  switch (info.getID()) {
  case clang::diag::err_typecheck_assign_const: {
    // `o[i] = v` on a const RW resource: its operator[] returns a const
    // reference. The object is the target before its first `[`.
    if (info.getNumArgs() < 2 ||
        (info.getArgKind(0) != clang::DiagnosticsEngine::ak_uint &&
         info.getArgKind(0) != clang::DiagnosticsEngine::ak_sint) ||
        info.getRawArg(0) != 0 ||
        info.getArgKind(1) != clang::DiagnosticsEngine::ak_nameddecl)
      return false;
    const auto *method = llvm::dyn_cast<clang::CXXMethodDecl>(
        reinterpret_cast<const clang::NamedDecl *>(info.getRawArg(1)));
    if (!method || method->getOverloadedOperator() != clang::OO_Subscript ||
        !isResourceRecord(method->getParent()))
      return false;
    subscriptTarget = true;
    break;
  }
  case clang::diag::err_member_function_call_bad_cvr:
    // One candidate: the error names the object's type and range.
    if (!isConstObject(getTypeArg(info, 1)))
      return false;
    break;
  case clang::diag::err_ovl_no_viable_member_function_in_call:
    // Several: the range is the member expression; a note says whether a
    // candidate was refused for a const `this`.
    overloaded = true;
    break;
  case clang::diag::err_ovl_no_viable_subscript:
    // `c[i]` of a struct's operator[]: the first range is the object; a
    // note says whether a candidate was refused for a const `this`.
    subscriptObject = true;
    break;
  default:
    return false;
  }
  // The object `first`..`last` of `text` becomes its copy; with several
  // candidates, once a note says one was refused for a const `this`.
  auto copyObject = [&](const std::string &file, llvm::StringRef text,
                        size_t first, size_t last) {
    llvm::StringRef object = text.slice(first, last + 1);
    std::string expansion =
        ("((__remove_cvref(__decltype(" + object + ")))(" + object + "))")
            .str();
    if (!overloaded && !subscriptObject)
      return replaceExpression(file, text, first, last, std::move(expansion));
    pending = PendingConversion{file, text, first, last, std::move(expansion)};
    pending->needsConstThis = true;
    return true;
  };
  // An object written in a macro's body (`#define depth textures[i]`, the
  // object `textures`): the copy is made there. (Long enough for the
  // rewrite's macro name: no more of the `#define` line is taken in.)
  if (!overloaded && !subscriptTarget && info.getNumRanges() > 0)
    if (std::optional<std::pair<DiagnosticPlace, size_t>> inBody =
            getExpressionInMacroBody(info.getSourceManager(), info.getRange(0),
                                     6))
      return copyObject(inBody->first.file, inBody->first.text,
                        inBody->first.offset, inBody->second);
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  std::optional<std::pair<size_t, size_t>> span =
      getExpressionSpan(info, 0, *place);
  if (!span)
    return false;
  size_t first = span->first, last = span->second;
  if (subscriptTarget) {
    // The resource's subscript is the last of the first run of subscripts
    // (`a.textures[0][xy]`: the object is `a.textures[0]`).
    size_t open = first;
    int depth = 0;
    for (; open <= last; ++open) {
      char c = place->text[open];
      if (c == '[' && depth == 0)
        break;
      if (c == '(' || c == '[')
        ++depth;
      else if (c == ')' || c == ']')
        --depth;
    }
    if (open > last || open == first)
      return false;
    while (std::optional<size_t> close =
               findClosingBracket(place->text, open, "")) {
      size_t next = *close + 1;
      while (next <= last && llvm::isSpace(place->text[next]))
        ++next;
      if (next > last || place->text[next] != '[')
        break;
      open = next;
    }
    last = open - 1;
    while (last > first && llvm::isSpace(place->text[last]))
      --last;
  }
  if (overloaded) {
    // The object ends before the `.` that precedes the member's name.
    size_t dot = place->offset;
    while (dot > first && place->text[dot - 1] != '.')
      --dot;
    if (dot <= first + 1)
      return false;
    last = dot - 2;
    while (last > first && llvm::isSpace(place->text[last]))
      --last;
  }
  return copyObject(place->file, place->text, first, last);
}

/// `expression` with each operand of its top-level `+ - * / %` that is a
/// postfix expression (`b[0]`, `s.x`, `f1`) wrapped in `__hlsl_scalar1(..)`,
/// the prelude's identity that takes one-element vectors for scalars;
/// nothing if an operand is something else.
static std::optional<std::string>
wrapArithmeticOperands(llvm::StringRef expression) {
  std::string result;
  size_t i = 0;
  while (i < expression.size()) {
    while (i < expression.size() && llvm::isSpace(expression[i]))
      result += expression[i++];
    // Unary signs stay outside.
    while (i < expression.size() &&
           (expression[i] == '-' || expression[i] == '+')) {
      result += expression[i++];
      while (i < expression.size() && llvm::isSpace(expression[i]))
        result += expression[i++];
    }
    size_t end = skipPostfixExpression(expression, i);
    if (end == i)
      return std::nullopt;
    result += "__hlsl_scalar1(" + expression.slice(i, end).str() + ")";
    i = end;
    while (i < expression.size() && llvm::isSpace(expression[i]))
      result += expression[i++];
    if (i == expression.size())
      break;
    if (!llvm::StringRef("+-*/%").contains(expression[i]))
      return std::nullopt;
    result += expression[i++];
  }
  return result;
}

bool SourceRewrites::recordImplicitConversion(const clang::Diagnostic &info) {
  namespace diag = clang::diag;
  // Which type the expression converts to, which range is the expression,
  // and whether it initializes (where a braced list can stand for a cast).
  clang::QualType target;
  unsigned rangeIndex = 0;
  bool initialization = false;
  // `lhs = rhs` of a struct: the target is the left side's type, written
  // as `__remove_cvref(__decltype(lhs))`.
  bool assignment = false;
  // Whether the note after the error decides (PendingConversion).
  bool needsNote = false;
  // The converted expression's type, where the error names it.
  clang::QualType sourceType;
  switch (info.getID()) {
  case diag::err_ovl_no_viable_function_in_init:
    // `S s = cbufferStruct;`: Clang's copy constructor cannot bind the
    // cbuffer's object (or the struct is of another type).
    target = getTypeArg(info, 0);
    initialization = true;
    needsNote = true;
    if (target.isNull() || !target.getCanonicalType()->isRecordType())
      return false;
    break;
  case diag::err_init_conversion_failed:
    // cannot initialize a variable/parameter/return object of type T with
    // an lvalue of type U.
    target = getTypeArg(info, 1);
    sourceType = getTypeArg(info, 3);
    initialization = true;
    if (target.isNull() || !isNumeric(target) || !isNumeric(sourceType))
      return false;
    break;
  case diag::err_typecheck_nonviable_condition:
    // no viable conversion from (returned value of type) U to T.
    target = getTypeArg(info, 2);
    initialization = true;
    // Arrays convert element by element (a cbuffer's float4[] to structs
    // of float4s).
    if (!(!target.isNull() && target->isArrayType()) &&
        !isImplicitStructConversion(getTypeArg(info, 1), target))
      return false;
    break;
  case diag::err_member_function_call_bad_type:
    // A method called on a struct in a cbuffer.
    target = getTypeArg(info, 0);
    break;
  case diag::err_typecheck_convert_incompatible: {
    // assigning to / initializing T from U; passing, returning, converting
    // U to T. Only between vectors and matrices (Clang converts scalars).
    if (info.getNumArgs() < 3 ||
        (info.getArgKind(2) != clang::DiagnosticsEngine::ak_uint &&
         info.getArgKind(2) != clang::DiagnosticsEngine::ak_sint))
      return false;
    unsigned action = info.getRawArg(2);
    bool targetFirst = action == 0 || action == 4;
    target = getTypeArg(info, targetFirst ? 0 : 1);
    clang::QualType source = getTypeArg(info, targetFirst ? 1 : 0);
    sourceType = source;
    if (target.isNull() || source.isNull() || !isNumeric(target) ||
        !isNumeric(source) || target->isBuiltinType() ||
        source->isBuiltinType())
      return false;
    break;
  }
  case diag::err_conditional_vector_mismatched: {
    // `c ? int3 : uint3`: both become the common type (float before
    // integers, unsigned before signed), by converting the other operand.
    clang::QualType lhs = getTypeArg(info, 0), rhs = getTypeArg(info, 1);
    if (lhs.isNull() || rhs.isNull())
      return false;
    auto element = [](clang::QualType type) {
      type = type.getCanonicalType();
      if (const auto *vector = type->getAs<clang::ExtVectorType>())
        return vector->getElementType().getCanonicalType();
      return type;
    };
    clang::QualType l = element(lhs), r = element(rhs);
    bool rhsWins = (r->isFloatingType() && !l->isFloatingType()) ||
                   (r->isUnsignedIntegerType() && l->isSignedIntegerType());
    target = rhsWins ? rhs : lhs;
    rangeIndex = rhsWins ? 0 : 1;
    break;
  }
  case diag::err_ovl_no_viable_oper: {
    if (info.getNumArgs() < 1)
      return false;
    if (info.getArgKind(0) == clang::DiagnosticsEngine::ak_c_string
            ? llvm::StringRef(info.getArgCStr(0)) != "="
            : info.getArgKind(0) != clang::DiagnosticsEngine::ak_std_string ||
                  info.getArgStdStr(0) != "=")
      return false;
    assignment = true;
    needsNote = true;
    rangeIndex = 1;
    break;
  }
  default:
    return false;
  }
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  std::optional<std::pair<size_t, size_t>> span =
      getExpressionSpan(info, rangeIndex, *place);
  // The vector conditional's error is at its `?` and may name no ranges:
  // the arms are found in the text.
  if (!span && info.getID() == diag::err_conditional_vector_mismatched &&
      place->offset < place->text.size() && place->text[place->offset] == '?')
    if (auto arms = findConditionalArms(place->text, place->offset))
      span = rangeIndex == 0 ? std::make_pair((*arms)[0], (*arms)[1])
                             : std::make_pair((*arms)[2], (*arms)[3]);
  if (!span)
    return false;
  llvm::StringRef expression = place->text.slice(span->first, span->second + 1);
  // A one-element vector made by an operation may be Clang's truncation of
  // a wider operand (`float4 + float1` is a float1 to Clang, a float4 to
  // DXC): widening that result again would compute something else. The
  // operands are taken as DXC takes them instead, a one-element vector as
  // its scalar.
  std::string scalarOperands;
  if (hasOneElement(sourceType) && hasTopLevelOperator(expression)) {
    std::optional<std::string> wrapped = wrapArithmeticOperands(expression);
    if (!wrapped)
      return false;
    scalarOperands = std::move(*wrapped);
    expression = scalarOperands;
  }
  std::string expansion;
  if (assignment) {
    std::optional<std::pair<size_t, size_t>> lhs =
        getExpressionSpan(info, 0, *place);
    if (!lhs)
      return false;
    // (An lvalue's decltype is a reference when it is not a plain name:
    // the cast is to the value type.)
    expansion = ("((__remove_cvref(__decltype(" +
                 place->text.slice(lhs->first, lhs->second + 1) + ")))(" +
                 expression + "))")
                    .str();
  } else if (std::optional<std::string> spelled = spellType(target)) {
    expansion = "((" + *spelled + ")(" + expression.str() + "))";
  } else if (initialization) {
    expansion = "{" + expression.str() + "}";
  } else {
    return false;
  }
  if (needsNote) {
    pending = PendingConversion{place->file, place->text, span->first,
                                span->second, std::move(expansion)};
    return true;
  }
  // A rewrite inside the expression goes first (`m = m2x2 * v4`: Clang
  // reports the assignment before the matrix operand's conversion, which
  // could not be rewritten once inside this one's macro): this one waits
  // for the end of the run and applies unless a rewrite inside it was
  // recorded.
  deferExpression(place->file, place->text, span->first, span->second,
                  std::move(expansion));
  return true;
}

/// The number of scalars in `type` (0 if it is not made of them).
static uint64_t getFlatCount(clang::QualType type) {
  type = type.getCanonicalType().getUnqualifiedType();
  if (type->isBuiltinType())
    return 1;
  if (const auto *vector = type->getAs<clang::ExtVectorType>())
    return vector->getNumElements();
  if (const auto *matrix = type->getAs<clang::ConstantMatrixType>())
    return matrix->getNumElementsFlattened();
  if (const auto *array = llvm::dyn_cast<clang::ConstantArrayType>(type))
    return array->getSize().getZExtValue() *
           getFlatCount(array->getElementType());
  const auto *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return 0;
  uint64_t total = 0;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    total += getFlatCount(base.getType());
  for (const clang::FieldDecl *field : record->fields()) {
    uint64_t count = getFlatCount(field->getType());
    if (count == 0)
      return 0;
    total += count;
  }
  return total;
}

bool SourceRewrites::isImplicitShapeConversion(clang::QualType from,
                                               clang::QualType to) const {
  if (from.isNull() || to.isNull())
    return false;
  from = from.getCanonicalType().getUnqualifiedType();
  to = to.getCanonicalType().getUnqualifiedType();
  uint64_t fromCount = getFlatCount(from), toCount = getFlatCount(to);
  if (fromCount == 0 || toCount == 0)
    return false;
  bool fromShape = from->isExtVectorType() || from->isConstantMatrixType();
  bool toShape = to->isExtVectorType() || to->isConstantMatrixType();
  if (fromShape && toShape) {
    // A matrix truncated to a smaller one keeps its top-left corner, which
    // is not what a flat cast keeps (a one-element matrix is a splat).
    if (from->isConstantMatrixType() && to->isConstantMatrixType() &&
        fromCount != 1)
      return false;
    return fromCount == 1 || toCount <= fromCount;
  }
  // Arrays and structs of as many scalars as the other side (`S1` and
  // `int[1]`), before HLSL 2021.
  bool fromAggregate = from->isArrayType() || from->isRecordType();
  bool toAggregate = to->isArrayType() || to->isRecordType();
  return !hlsl2021 && (fromAggregate || toAggregate) && fromCount == toCount &&
         !from->isBuiltinType() && !to->isBuiltinType();
}

/// `(A2)m1x1`, `(S2)m1x1`: DXC splats a one-element matrix into an array or
/// a struct as it splats a scalar; Clang casts no matrix to them ("C-style
/// cast ... is not allowed"). The operand becomes its scalar,
/// `(A2)((int)(m1x1))`.
bool SourceRewrites::recordOneElementMatrixCast(const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_bad_cxx_cast_generic &&
      info.getID() != clang::diag::err_ovl_no_conversion_in_cast &&
      info.getID() != clang::diag::err_ovl_no_viable_conversion_in_cast)
    return false;
  clang::QualType from = getTypeArg(info, 1);
  const auto *matrix =
      from.isNull()
          ? nullptr
          : from.getCanonicalType()->getAs<clang::ConstantMatrixType>();
  if (!matrix || matrix->getNumElementsFlattened() != 1)
    return false;
  std::optional<std::string> scalar = spellType(matrix->getElementType());
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!scalar || !place)
    return false;
  // The cast's type in parentheses at the place, then its operand.
  llvm::StringRef text = place->text;
  if (place->offset >= text.size() || text[place->offset] != '(')
    return false;
  std::optional<size_t> close = findClosingBracket(text, place->offset, ";{}");
  if (!close)
    return false;
  size_t first = skipBlanks(text, *close + 1);
  size_t end = skipPostfixExpression(text, first);
  if (end <= first)
    return false;
  // The whole cast is replaced: an operand like `m` is shorter than a macro.
  return replaceExpression(place->file, text, place->offset, end - 1,
                           (text.slice(place->offset, first) + "((" + *scalar +
                            ")(" + text.slice(first, end) + "))")
                               .str());
}

/// `f(s1)` where f takes an S2 that DXC converts an S1 to implicitly
/// (before HLSL 2021, a struct of the same layout; see also
/// isImplicitShapeConversion): the note that refuses the candidate names the
/// argument, which is cast, `f(((S2)(s1)))`.
bool SourceRewrites::recordStructArgument(const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_ovl_no_viable_function_in_call)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  std::optional<std::pair<size_t, size_t>> callee =
      getExpressionSpan(info, 0, *place);
  if (!callee)
    return false;
  size_t open = callee->second + 1;
  open = skipBlanks(place->text, open);
  if (open >= place->text.size() || place->text[open] != '(')
    return false;
  pending = PendingConversion{place->file, place->text, open, open, ""};
  pending->needsStructArgument = true;
  return true;
}

/// `i4x1 * f4` (a matrix of one row or one column as an operand of a
/// vector) and `f2x2 + f4` (a matrix of as many elements as the vector):
/// DXC takes the matrix for a vector of its elements (row by row); Clang
/// converts it to its first element and splats that ("implicit conversion
/// turns matrix to scalar"). The matrix is cast to the vector,
/// `((vector<int, 4>)(i4x1))`.
bool SourceRewrites::recordVectorLikeMatrixOperand(
    const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::warn_impcast_matrix_scalar)
    return false;
  clang::QualType from = getTypeArg(info, 0), to = getTypeArg(info, 1);
  if (from.isNull() || to.isNull() || !to.getCanonicalType()->isExtVectorType())
    return false;
  const auto *matrix =
      from.getCanonicalType()->getAs<clang::ConstantMatrixType>();
  if (!matrix)
    return false;
  unsigned count = matrix->getNumRows() * matrix->getNumColumns();
  if (matrix->getNumRows() != 1 && matrix->getNumColumns() != 1 &&
      count != to.getCanonicalType()
                   ->castAs<clang::ExtVectorType>()
                   ->getNumElements())
    return false;
  std::optional<std::string> element = spellType(matrix->getElementType());
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (count == 1 || !element || !place)
    return false;
  auto cast = [&](llvm::StringRef operand) {
    return "((vector<" + *element + ", " + std::to_string(count) + ">)(" +
           operand.str() + "))";
  };
  // In an earlier rewrite's expansion (`m = m2x2 * v4` had the assignment
  // rewritten first: Clang reports the operand only once that compiles).
  if (std::optional<MacroBodySpan> inMacro = getMacroBodySpan(info, 0))
    return replaceInMacroBody(
        *inMacro, cast(inMacro->body.slice(inMacro->first, inMacro->last + 1)));
  std::optional<std::pair<size_t, size_t>> span =
      getExpressionSpan(info, 0, *place);
  if (!span)
    return false;
  return replaceExpression(
      place->file, place->text, span->first, span->second,
      cast(place->text.slice(span->first, span->second + 1)));
}

/// `float4 + float1` (a one-element vector as an operand of a wider one):
/// DXC takes the one-element vector for a scalar, the result is a float4;
/// Clang truncates the float4 (warning). When the other operand is a plain
/// postfix expression (`b[0]`, `s.x`), it is cast to its scalar type.
bool SourceRewrites::recordOneElementVectorOperand(
    const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::warn_hlsl_impcast_vector_truncation)
    return false;
  clang::QualType from = getTypeArg(info, 0), to = getTypeArg(info, 1);
  const auto *target =
      to.isNull() ? nullptr
                  : to.getCanonicalType()->getAs<clang::ExtVectorType>();
  if (!target || target->getNumElements() != 1 || from.isNull() ||
      !from.getCanonicalType()->isExtVectorType())
    return false;
  std::optional<std::string> scalar = spellType(target->getElementType());
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!scalar || !place)
    return false;
  std::optional<std::pair<size_t, size_t>> span =
      getExpressionSpan(info, 0, *place);
  if (!span)
    return false;
  llvm::StringRef text = place->text;
  auto isOperator = [](char c) { return llvm::StringRef("+-*/").contains(c); };
  auto isLowerOrEqual = [](char op, char next) {
    // What may follow (or precede) the other operand of `op` without
    // binding it more tightly than `op` does.
    if (llvm::StringRef(";,)]").contains(next))
      return true;
    if (next == '+' || next == '-')
      return true;
    return (op == '*' || op == '/') && (next == '*' || next == '/');
  };
  // The truncated operand on the left: `f4 + X`.
  size_t after = span->second + 1;
  after = skipBlanks(text, after);
  size_t first = 0, last = 0;
  bool found = false;
  if (after < text.size() && isOperator(text[after]) &&
      (after + 1 >= text.size() || text[after + 1] != '=')) {
    char op = text[after];
    size_t start = after + 1;
    start = skipBlanks(text, start);
    size_t end = skipPostfixExpression(text, start);
    size_t next = end;
    next = skipBlanks(text, next);
    if (end > start && next < text.size() && isLowerOrEqual(op, text[next])) {
      first = start;
      last = end - 1;
      found = true;
    }
  }
  // On the right: `X + f4`.
  if (!found) {
    size_t before = span->first;
    while (before > 0 && llvm::isSpace(text[before - 1]))
      --before;
    if (before == 0 || !isOperator(text[before - 1]))
      return false;
    char op = text[before - 1];
    size_t end = before - 1;
    while (end > 0 && llvm::isSpace(text[end - 1]))
      --end;
    size_t start = skipPostfixExpressionBack(text, end);
    if (start == end)
      return false;
    size_t previous = start;
    while (previous > 0 && llvm::isSpace(text[previous - 1]))
      --previous;
    char p = previous > 0 ? text[previous - 1] : ';';
    if (!(llvm::StringRef(";,([=?:{").contains(p) ||
          ((op == '*' || op == '/') ? false : (p == '+' || p == '-')) ||
          ((op == '+' || op == '-') ? false : (p == '*' || p == '/'))) &&
        !(p == 'n' && text.slice(0, previous).ends_with("return")))
      return false;
    first = start;
    last = end - 1;
  }
  llvm::StringRef operand = text.slice(first, last + 1);
  return replaceExpression(place->file, text, first, last,
                           "((" + *scalar + ")(" + operand.str() + "))");
}

bool SourceRewrites::isImplicitStructConversion(clang::QualType from,
                                                clang::QualType to) const {
  if (from.isNull() || to.isNull())
    return false;
  const auto *fromRecord = from->getAsCXXRecordDecl();
  const auto *toRecord = to->getAsCXXRecordDecl();
  if (!fromRecord || !toRecord)
    return false;
  fromRecord = fromRecord->getDefinition();
  toRecord = toRecord->getDefinition();
  if (!fromRecord || !toRecord)
    return false;
  // Unnamed structs of the same members convert, also in HLSL 2021: no
  // cast could name them.
  auto isUnnamed = [](const clang::CXXRecordDecl *record) {
    return !record->getIdentifier() && !record->getTypedefNameForAnonDecl();
  };
  auto sameMembers = [](const clang::CXXRecordDecl *a,
                        const clang::CXXRecordDecl *b) {
    if (a->getNumBases() != 0 || b->getNumBases() != 0)
      return false;
    auto fa = a->field_begin(), fb = b->field_begin();
    for (; fa != a->field_end() && fb != b->field_end(); ++fa, ++fb)
      if (fa->getType().getCanonicalType().getUnqualifiedType() !=
          fb->getType().getCanonicalType().getUnqualifiedType())
        return false;
    return fa == a->field_end() && fb == b->field_end();
  };
  return fromRecord->getCanonicalDecl() == toRecord->getCanonicalDecl() ||
         fromRecord->isDerivedFrom(toRecord) || !hlsl2021 ||
         (isUnnamed(fromRecord) && isUnnamed(toRecord) &&
          sameMembers(fromRecord, toRecord));
}

/// `uint2(0, 0)` in a function template: Clang 22 takes the constructor's
/// arguments for a parenthesized initializer list of the vector (or
/// matrix) and refuses it, where `uint2{0, 0}` means the same. The
/// parentheses become braces in place.
bool SourceRewrites::recordVectorConstructorInTemplate(
    const clang::Diagnostic &info) {
  if (info.getID() != clang::diag::err_list_init_in_parens)
    return false;
  clang::QualType type = getTypeArg(info, 1);
  if (type.isNull() || !isMatrixOrVector(type, /*orVector=*/true))
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  // The type's name (`uint2`, `vector<uint, 2>`), then the parenthesis.
  llvm::StringRef text = place->text;
  size_t open = place->offset;
  int angles = 0;
  while (open < text.size() &&
         (isIdentifierChar(text[open]) || llvm::isSpace(text[open]) ||
          text[open] == ':' || text[open] == '<' || text[open] == '>' ||
          (angles > 0 && text[open] == ','))) {
    angles += text[open] == '<' ? 1 : text[open] == '>' ? -1 : 0;
    ++open;
  }
  if (open >= text.size() || text[open] != '(' || angles != 0)
    return false;
  std::optional<size_t> close = findClosingBracket(text, open, ";{}");
  if (!close)
    return false;
  std::optional<std::pair<size_t, size_t>> span = std::make_pair(open, *close);
  auto &fileEdits = edits[place->file];
  fileEdits[span->first] = '{';
  fileEdits[span->second] = '}';
  ++constructs;
  return true;
}

/// `a += m` of a scalar (or vector) and a wider matrix or vector: DXC
/// converts the right operand to the left one's type (truncating it, with a
/// warning); Clang widens the left operand, which then is no lvalue ("not
/// assignable"). The right operand is cast to the left one's type.
bool SourceRewrites::recordCompoundAssignmentOperand(
    const clang::Diagnostic &info) {
  if (info.getID() !=
      clang::diag::err_typecheck_expression_not_modifiable_lvalue)
    return false;
  std::optional<DiagnosticPlace> place = getDiagnosticPlace(info);
  if (!place)
    return false;
  std::optional<std::pair<size_t, size_t>> lhs =
      getExpressionSpan(info, 0, *place);
  if (!lhs)
    return false;
  llvm::StringRef text = place->text;
  size_t op = lhs->second + 1;
  op = skipBlanks(text, op);
  size_t opEnd = op;
  while (opEnd < text.size() &&
         llvm::StringRef("+-*/%&|^<>").contains(text[opEnd]))
    ++opEnd;
  if (opEnd == op || opEnd >= text.size() || text[opEnd] != '=' ||
      (opEnd + 1 < text.size() && text[opEnd + 1] == '='))
    return false;
  std::optional<std::pair<size_t, size_t>> value =
      findAssignedValue(text, skipBlanks(text, opEnd + 1));
  if (!value)
    return false;
  llvm::StringRef target = text.slice(lhs->first, lhs->second + 1);
  llvm::StringRef operand = text.slice(value->first, value->second);
  return replaceExpression(
      place->file, text, value->first, value->second - 1,
      ("((__remove_cvref(__decltype(" + target + ")))(" + operand + "))")
          .str());
}

bool SourceRewrites::recordScalarOutArguments(
    const clang::SourceManager &sources, const ScalarOutArgumentCall &call) {
  if (call.call.getBegin().isMacroID() || call.call.getEnd().isMacroID())
    return false;
  std::optional<std::pair<DiagnosticPlace, size_t>> whole =
      getExpressionPlace(sources, call.call);
  if (!whole)
    return false;
  const DiagnosticPlace &place = whole->first;
  llvm::StringRef text = place.text;
  size_t start = place.offset, close = whole->second;
  auto temporary = [&](const std::string &type, unsigned index) {
    return "__hlsl_mlir_out_temporary<" + type + ", " +
           std::to_string(outTemporaries + index) + ">::value";
  };
  // The copies in before the call and out after it, and the call with each
  // argument replaced by its temporary (from the last, so that the earlier
  // offsets stay).
  std::string copiesIn, copiesOut, warnings;
  struct Replacement {
    size_t offset, size;
    std::string temporary;
  };
  llvm::SmallVector<Replacement> replacements;
  for (auto [index, argument] : llvm::enumerate(call.arguments)) {
    if (argument.argument.getBegin().isMacroID() ||
        argument.argument.getEnd().isMacroID())
      return false;
    std::optional<std::pair<DiagnosticPlace, size_t>> written =
        getExpressionPlace(sources, argument.argument);
    std::optional<std::string> parameterType =
        spellType(argument.parameterType);
    std::optional<std::string> argumentType = spellType(argument.argumentType);
    if (!written || written->first.file != place.file ||
        written->first.offset <= start || written->second >= close ||
        !parameterType || !argumentType)
      return false;
    std::string name = temporary(*parameterType, index);
    size_t offset = written->first.offset;
    llvm::StringRef value = text.slice(offset, written->second + 1);
    replacements.push_back({offset - start, value.size(), name});
    if (argument.inout)
      copiesIn += name + " = (" + value.str() + "), ";
    copiesOut +=
        ", " + value.str() + " = (" + *argumentType + ")(" + name + ".x)";
    // One warning per argument (DXC warns at the parameter).
    std::string message = "implicit truncation of vector type";
    if (!value.contains('"') && !value.contains('\\'))
      message += ": the scalar argument '" + value.str() +
                 "' takes the first component of the " +
                 (argument.inout ? "inout" : "out") + " '" +
                 argument.parameterType.getAsString() + "' parameter back";
    warnings += "_Pragma(\"message(\\\"" + message + "\\\")\") ";
  }
  std::string callText = text.slice(start, close + 1).str();
  for (const Replacement &replacement : llvm::reverse(replacements))
    callText.replace(replacement.offset, replacement.size,
                     replacement.temporary);
  std::string result;
  if (!call.resultType->isVoidType()) {
    std::optional<std::string> resultType = spellType(call.resultType);
    if (!resultType)
      return false;
    result = temporary(*resultType, call.arguments.size());
    callText = result + " = " + callText;
    result = ", " + result;
  }
  std::string expansion = "(" + copiesIn + callText + copiesOut + result + ")";
  // (A call shorter than the macro's name takes the blanks around it,
  // without the warnings: they are shown only for `$a` macros.)
  if (!replaceWithMacro(place.file, start, close, kAttributeMacroPrefix,
                        warnings + expansion, text) &&
      !replaceExpression(place.file, text, start, close, expansion))
    return false;
  outTemporaries += call.arguments.size() + 1;
  return true;
}
