//===- ToolOptions.cpp - Command-line options of our tools ----------------===//

#include "HLSL/Support/ToolOptions.h"

#include "llvm/ADT/STLExtras.h"

using namespace llvm;

void mlir::hlsl::hideOtherOptions(
    ArrayRef<const cl::OptionCategory *> categories) {
  for (auto &entry : cl::getRegisteredOptions()) {
    cl::Option *option = entry.second;
    StringRef name = entry.first;
    if (name == "help" || name == "help-list" || name == "version")
      continue;
    bool ours = any_of(option->Categories, [&](cl::OptionCategory *category) {
      return is_contained(categories, category);
    });
    if (!ours && option->getOptionHiddenFlag() == cl::NotHidden)
      option->setHiddenFlag(cl::Hidden);
  }
}
