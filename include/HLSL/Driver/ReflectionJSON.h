//===- ReflectionJSON.h - the shader interface as JSON ----------*- C++ -*-===//
//
// `hlsl-translate --to-dxil --reflect-json FILE`: the interface of the
// compiled shader (stage, thread group, signature elements, resources,
// constant buffer layouts, feature flags, root signature) as JSON, from the
// final DXIL module. The schema is docs/reflect-json.md.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_DRIVER_REFLECTIONJSON_H
#define HLSL_DRIVER_REFLECTIONJSON_H

#include "llvm/Support/Error.h"

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace mlir::hlsl {

/// Writes the interface of `module` (a legalized DXIL module, as
/// writeDXILContainer takes it) as JSON.
llvm::Error writeReflectionJSON(const llvm::Module &module,
                                llvm::raw_ostream &os);

} // namespace mlir::hlsl

#endif // HLSL_DRIVER_REFLECTIONJSON_H
