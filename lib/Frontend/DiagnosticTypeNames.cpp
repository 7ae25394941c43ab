//===- DiagnosticTypeNames.cpp - types in diagnostics as the user wrote ---===//

#include "DiagnosticTypeNames.h"

#include "clang/AST/ASTContext.h"
#include "clang/AST/ASTDiagnostic.h"
#include "clang/Sema/Sema.h"
#include "llvm/Support/Regex.h"

using namespace clang;

namespace {
/// Whether `spelling` names one of the prelude's internal templates or
/// helpers: identifiers that start with two underscores and a lowercase
/// letter (`__enable_if`, `__promote3`, `__declval`), which shaders cannot
/// declare (reserved names).
bool namesPreludeInternals(StringRef spelling) {
  static const llvm::Regex internal("(^|[^A-Za-z0-9_])__[a-z]");
  return internal.match(spelling);
}

/// `type` with as much sugar removed as it takes to not name the prelude's
/// internals (the canonical type at worst).
QualType withoutPreludeSugar(ASTContext &context, QualType type) {
  PrintingPolicy policy = context.getPrintingPolicy();
  while (namesPreludeInternals(type.getAsString(policy))) {
    QualType desugared = type.getSingleStepDesugaredType(context);
    if (desugared == type)
      return type.getCanonicalType();
    type = desugared;
  }
  return type;
}

void formatArgument(DiagnosticsEngine::ArgumentKind kind, intptr_t value,
                    StringRef modifier, StringRef argument,
                    ArrayRef<DiagnosticsEngine::ArgumentValue> previous,
                    SmallVectorImpl<char> &output, void *cookie,
                    ArrayRef<intptr_t> qualTypes) {
  auto &context = *static_cast<ASTContext *>(cookie);
  if (kind == DiagnosticsEngine::ak_qualtype)
    value = reinterpret_cast<intptr_t>(
        withoutPreludeSugar(context, QualType::getFromOpaquePtr(
                                         reinterpret_cast<void *>(value)))
            .getAsOpaquePtr());
  FormatASTNodeDiagnosticArgument(kind, value, modifier, argument, previous,
                                  output, cookie, qualTypes);
}
} // namespace

void mlir::hlsl::printTypesWithoutPreludeSugar(Sema &sema) {
  sema.getDiagnostics().SetArgToStringFn(&formatArgument,
                                         &sema.getASTContext());
}
