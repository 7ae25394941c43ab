//===- PackMatrixPragmas.cpp - #pragma pack_matrix ----------------------===//

#include "PackMatrixPragmas.h"

#include "clang/Basic/SourceManager.h"
#include "clang/Lex/Preprocessor.h"

using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

namespace {
/// `#pragma pack_matrix(row_major|column_major)`; anything else is ignored
/// with a warning, as DXC does.
class PackMatrixPragmaHandler : public clang::PragmaHandler {
public:
  explicit PackMatrixPragmaHandler(PackMatrixPragmas &pragmas)
      : clang::PragmaHandler("pack_matrix"), pragmas(pragmas) {}

  void HandlePragma(clang::Preprocessor &pp, clang::PragmaIntroducer,
                    clang::Token &first) override {
    clang::SourceLocation loc = first.getLocation();
    clang::Token token;
    // Unexpanded: the prelude defines row_major and column_major as macros.
    pp.LexUnexpandedToken(token);
    std::optional<MatrixOrder> order;
    if (token.is(clang::tok::l_paren)) {
      pp.LexUnexpandedToken(token);
      if (const clang::IdentifierInfo *name = token.getIdentifierInfo()) {
        if (name->getName() == "row_major")
          order = MatrixOrder::RowMajor;
        else if (name->getName() == "column_major")
          order = MatrixOrder::ColumnMajor;
      }
      if (order) {
        pp.LexUnexpandedToken(token);
        if (token.isNot(clang::tok::r_paren))
          order.reset();
      }
    }
    // The rest of the directive.
    while (token.isNot(clang::tok::eod))
      pp.LexUnexpandedToken(token);
    if (!order) {
      clang::DiagnosticsEngine &diags = pp.getDiagnostics();
      diags.Report(
          loc, diags.getCustomDiagID(clang::DiagnosticsEngine::Warning,
                                     "#pragma pack_matrix takes (row_major) or "
                                     "(column_major); this one is ignored"));
      return;
    }
    pragmas.record(loc, *order);
  }

private:
  PackMatrixPragmas &pragmas;
};
} // namespace

void PackMatrixPragmas::addHandlerTo(clang::Preprocessor &pp) {
  pp.AddPragmaHandler(new PackMatrixPragmaHandler(*this));
}

std::optional<MatrixOrder>
PackMatrixPragmas::getOrderAt(const clang::SourceManager &sources,
                              clang::SourceLocation loc) const {
  loc = sources.getExpansionLoc(loc);
  std::optional<MatrixOrder> order;
  for (const auto &[place, directive] : directives) {
    if (!sources.isBeforeInTranslationUnit(place, loc))
      break;
    order = directive;
  }
  return order;
}
