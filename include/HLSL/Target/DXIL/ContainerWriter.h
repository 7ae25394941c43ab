//===- ContainerWriter.h - Write a DXIL shader container --------*- C++ -*-===//
//
// Serializes a ShaderContainerInfo into a DXContainer the way DXC's
// SerializeDxilContainerForModule does for a non-library shader:
//
//   header  'DXBC', 16-byte digest left zero (unsigned), version 1.0, file
//           size, part count, part offsets
//   SFI0    the feature word
//   ISG1    input signature
//   OSG1    output signature
//   PSG1    patch-constant / primitive signature, only when it has elements
//   PSV0    pipeline state validation data, version chosen from the
//           validator version (getPSVVersion)
//   RTS0    the root signature, when the info has one
//   STAT    the reflection module, in the DXIL part's program format, when
//           the info has one
//   HASH    MD5 of the bitcode, only for validator 1.5 and later
//   DXIL    program header and bitcode, padded to 4 bytes
//
// The output is a pure function of the info: byte-for-byte deterministic.
// See docs/dxil-reference.md section 4 for the layouts.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_CONTAINERWRITER_H
#define HLSL_TARGET_DXIL_CONTAINERWRITER_H

#include "HLSL/Target/DXIL/ContainerInfo.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"
#include "llvm/Support/raw_ostream.h"

#include <array>
#include <cstdint>
#include <vector>

namespace mlir {
namespace hlsl {
namespace dxil {

/// The PSV0 version DXC writes for a validator version (`GetPSVVersion`):
/// 0 below 1.1, 1 below 1.6, 2 below 1.8, 3 from 1.8 on.
unsigned getPSVVersion(unsigned validatorMajor, unsigned validatorMinor);

/// Size of PSVRuntimeInfo<version> in bytes: 24, 36, 48 or 52.
unsigned getPSVRuntimeInfoSize(unsigned psvVersion);

/// Size of one PSV0 resource binding record: 16 (v0, v1) or 24 (v2+).
unsigned getPSVResourceBindInfoSize(unsigned psvVersion);

/// The DXIL program version word: kind << 16 | major << 4 | minor.
uint32_t encodeProgramVersion(ShaderKind kind, unsigned major, unsigned minor);

/// The PSV resource type DXC records for a binding (InitPSVResourceBinding).
PSVResourceType getPSVResourceType(const ResourceBinding &binding);

/// The STAT part of the info's reflection bitcode, with its 8-byte part
/// header ('STAT', size), as DXC's -Fre writes it.
std::vector<uint8_t> buildReflectionPart(const ShaderContainerInfo &info);

/// A container of the RTS0 part of `container` alone, signed with the
/// validator's digest as DXC's -Frs writes it (the root signature was
/// checked when it was parsed), or with a zero digest as DXC's
/// -extractrootsignature writes it. Fails if there is no RTS0 part.
llvm::Expected<std::vector<uint8_t>>
extractRootSignatureContainer(llvm::ArrayRef<uint8_t> container,
                              bool sign = true);

/// The HASH part digest: standard MD5 of the bitcode bytes.
std::array<uint8_t, 16> computeShaderHash(llvm::ArrayRef<uint8_t> bitcode);

/// Builds the container for `info` into `out` (replacing its contents).
/// Fails, leaving `out` empty, if verifyShaderContainerInfo rejects `info`.
llvm::Error buildDXContainer(const ShaderContainerInfo &info,
                             std::vector<uint8_t> &out);

/// Writes the container for `info` to `os`. Nothing is written on error.
llvm::Error writeDXContainer(const ShaderContainerInfo &info,
                             llvm::raw_ostream &os);

} // namespace dxil
} // namespace hlsl
} // namespace mlir

#endif // HLSL_TARGET_DXIL_CONTAINERWRITER_H
