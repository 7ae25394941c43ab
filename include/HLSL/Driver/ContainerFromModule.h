//===- ContainerFromModule.h - DXIL module to container ---------*- C++ -*-===//

#ifndef HLSL_DRIVER_CONTAINERFROMMODULE_H
#define HLSL_DRIVER_CONTAINERFROMMODULE_H

#include "HLSL/Target/DXIL/ContainerInfo.h"

#include "llvm/Support/Error.h"

#include <optional>

namespace llvm {
class Module;
class raw_ostream;
} // namespace llvm

namespace mlir::hlsl {

/// Reads what a container needs (stage, versions, numthreads, signatures,
/// resource bindings, feature flags) from the DXIL metadata of a legalized
/// module. Fails if the metadata is missing or malformed.
llvm::Expected<dxil::ShaderContainerInfo>
describeContainer(const llvm::Module &module);

struct ContainerOptions {
  /// 16-bit types are native (-enable-16bit-types), not minimum precision.
  bool nativeLowPrecision = false;
  /// Write DXC's STAT part: the module without function bodies, with the
  /// reflection metadata (`dx.typeAnnotations`) D3D12Reflect reads
  /// (-Qstrip_reflect turns it off).
  bool reflectionPart = true;
  /// Keep the reflection metadata in the DXIL part too, which DXC strips
  /// (-Qkeep_reflect_in_dxil).
  bool reflectionInDXIL = false;
  /// Write the entry's root signature as the RTS0 part
  /// (-Qstrip_rootsignature turns it off).
  bool rootSignaturePart = true;
  /// When set, the RTS0 part's contents instead of the entry's root
  /// signature (-setrootsignature).
  std::optional<std::string> rootSignatureOverride;
  /// When set, receives the STAT part with its part header, as DXC's -Fre
  /// writes it, whether or not the container gets it.
  std::string *reflectionPartOut = nullptr;
};

/// Writes the module as LLVM 3.7 bitcode, checks that LLVM reads it back
/// to the same module, and wraps it in a DXContainer.
llvm::Error writeDXILContainer(const llvm::Module &module,
                               const ContainerOptions &options,
                               llvm::raw_ostream &os);

/// Prints a container's parts and its module (read back with typed
/// pointers as text).
llvm::Error disassembleContainer(llvm::StringRef bytes, llvm::raw_ostream &os);

} // namespace mlir::hlsl

#endif // HLSL_DRIVER_CONTAINERFROMMODULE_H
