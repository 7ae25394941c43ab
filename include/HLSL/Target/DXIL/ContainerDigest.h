//===- ContainerDigest.h - The DXIL container's header digest ---*- C++ -*-===//
//
// A D3D12 runtime checks the 16-byte digest in a container's header before
// it hands the shader to a driver. DXC's validator writes it after a
// successful validation ("signing"); the compiler itself leaves it zero.
//
// The digest is MD5's compression function over the container from its
// version field (offset 20) to its end, with a finalization of its own: the
// last block carries the message length in bits in its first word and
// `2 * length + 1` in its last, around the remaining bytes and MD5's 0x80
// padding (see docs/dxil-signing.md).
//
// Two sentinel digests make a runtime skip the check (Agility SDK 1.615 and
// later): BYPASS (sixteen 0x01 bytes) and PREVIEW_BYPASS (sixteen 0x02,
// which DXC writes for pre-release shader models).
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_CONTAINERDIGEST_H
#define HLSL_TARGET_DXIL_CONTAINERDIGEST_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <cstdint>

namespace mlir {
namespace hlsl {
namespace dxil {

using ContainerDigest = std::array<uint8_t, 16>;

/// Byte offset of the digest in the container header, and of the first byte
/// the digest covers.
constexpr unsigned kContainerDigestOffset = 4;
constexpr unsigned kContainerDigestedFrom = 20;

/// The validator's digest of `bytes` (the container from offset 20 on).
ContainerDigest computeValidatorDigest(llvm::ArrayRef<uint8_t> bytes);

/// The sentinel a runtime accepts without checking (INF-0004's BYPASS).
ContainerDigest bypassDigest();

/// Replaces the digest of the container in `container` with its validator
/// digest. Fails when `container` is not a complete DXBC container.
llvm::Error signContainer(llvm::MutableArrayRef<uint8_t> container);

/// Writes the BYPASS sentinel into the container's header.
llvm::Error markContainerBypass(llvm::MutableArrayRef<uint8_t> container);

/// True when the header digest equals the validator digest of the rest.
bool hasValidDigest(llvm::ArrayRef<uint8_t> container);

} // namespace dxil
} // namespace hlsl
} // namespace mlir

#endif // HLSL_TARGET_DXIL_CONTAINERDIGEST_H
