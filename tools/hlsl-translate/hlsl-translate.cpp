//===- hlsl-translate.cpp - hlsl translation driver -----------------------===//
//
// Translations into and out of the hlsl dialect. Only translations that work
// end to end are registered here; see README.md for what exists.
//
//===----------------------------------------------------------------------===//

#include "mlir/Tools/mlir-translate/MlirTranslateMain.h"

int main(int argc, char **argv) {
  return mlir::failed(
      mlir::mlirTranslateMain(argc, argv, "hlsl-mlir translation driver\n"));
}
