//===- ContainerReaderUtil.h - Helpers shared by reader and printer -------===//
//
// Private to the container library.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_TARGET_DXIL_CONTAINER_CONTAINERREADERUTIL_H
#define HLSL_LIB_TARGET_DXIL_CONTAINER_CONTAINERREADERUTIL_H

#include "llvm/ADT/StringRef.h"

#include <string>

namespace mlir {
namespace hlsl {
namespace dxil {
namespace detail {

/// A four-character code (or any short byte string) with printable ASCII
/// kept and everything else, plus `\` and `'`, written as `\xNN`.
std::string escapeFourCC(llvm::StringRef name);

} // namespace detail
} // namespace dxil
} // namespace hlsl
} // namespace mlir

#endif // HLSL_LIB_TARGET_DXIL_CONTAINER_CONTAINERREADERUTIL_H
