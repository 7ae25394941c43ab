//===- ContainerReaderUtil.h - Helpers shared by reader and printer -------===//
//
// Private to the container library.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_TARGET_DXIL_CONTAINER_CONTAINERREADERUTIL_H
#define HLSL_LIB_TARGET_DXIL_CONTAINER_CONTAINERREADERUTIL_H

#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Endian.h"

#include <cstdint>
#include <optional>
#include <string>

namespace mlir {
namespace hlsl {
namespace dxil {
namespace detail {

/// A four-character code (or any short byte string) with printable ASCII
/// kept and everything else, plus `\` and `'`, written as `\xNN`.
std::string escapeFourCC(llvm::StringRef name);

/// The little-endian word at `offset` of `data`, if it is inside: the RTS0
/// part's tables point at each other by offset, so it is read at random.
inline std::optional<uint32_t> readWordAt(llvm::StringRef data,
                                          uint64_t offset) {
  if (offset + 4 > data.size())
    return std::nullopt;
  return llvm::support::endian::read32le(data.data() + offset);
}

} // namespace detail
} // namespace dxil
} // namespace hlsl
} // namespace mlir

#endif // HLSL_LIB_TARGET_DXIL_CONTAINER_CONTAINERREADERUTIL_H
