//===- PrintBindings.cpp - Print the binding table ------------------------===//
//
// A readable summary of what hlsl-assign-bindings decided, for tests and for
// people comparing with DXC's reflection output.
//
//===----------------------------------------------------------------------===//

#include "BindingDecls.h"

#include "HLSL/Dialect/HLSL/Transforms/BindingAllocator.h"
#include "HLSL/Dialect/HLSL/Transforms/Passes.h"

#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

#include <array>

namespace mlir::hlsl {
#define GEN_PASS_DEF_HLSLPRINTBINDINGSPASS
#include "HLSL/Dialect/HLSL/Transforms/Passes.h.inc"
} // namespace mlir::hlsl

using namespace mlir;
using namespace mlir::hlsl;

namespace {
using Row = std::array<std::string, 5>;

Row formatDecl(const BindingDecl &decl) {
  BindingAttr binding = decl.binding;
  std::string registers = "-";
  if (std::optional<uint32_t> lowerBound = binding.getLowerBound()) {
    std::optional<uint32_t> size;
    if (decl.rangeSize)
      size = uint32_t(std::min<uint64_t>(*decl.rangeSize, UINT32_MAX));
    registers = formatRegisterRange(decl.cls, *lowerBound, size);
  }
  StringRef kind = !binding.hasRegister() ? "unassigned"
                   : binding.isImplicit() ? "implicit"
                                          : "explicit";
  return {decl.name.str(), getResourceClassName(decl.cls).str(), registers,
          std::to_string(binding.getSpace()), kind.str()};
}

struct PrintBindingsPass
    : public hlsl::impl::HLSLPrintBindingsPassBase<PrintBindingsPass> {
  void runOnOperation() override {
    SmallVector<Row> rows = {
        {"name", "class", "registers", "space", "binding"}};
    for (const BindingDecl &decl : collectBindingDecls(getOperation()))
      if (decl.used)
        rows.push_back(formatDecl(decl));

    std::array<size_t, 5> widths = {};
    for (const Row &row : rows)
      for (size_t column = 0; column < row.size(); ++column)
        widths[column] = std::max(widths[column], row[column].size());

    llvm::raw_ostream &os = llvm::outs();
    for (const Row &row : rows) {
      for (size_t column = 0; column + 1 < row.size(); ++column)
        os << llvm::left_justify(row[column], widths[column]) << "  ";
      os << row.back() << '\n';
    }
    os.flush();
    markAllAnalysesPreserved();
  }
};
} // namespace
