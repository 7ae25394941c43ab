//===- ViewIDState.h - Serialized view-ID state and PSV0 tables -*- C++ -*-===//
//
// The serialized `!dx.viewIdState` (docs/dxil-reference.md §3.6) holds, per
// output stream, the ViewID->output mask and the input->output dependency
// table, then the patch-constant (HS/MS) or patch-constant->output (DS)
// tables. PSV0 stores the same tables, sized by signature *vectors* instead
// of scalars and in a different order; DXC's StoreViewIDStateToPSV copies
// each serialized table into the start of its PSV0 table. This header splits
// the serialized dwords into those tables and checks them against the
// signatures. Private to the container library.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_TARGET_DXIL_CONTAINER_VIEWIDSTATE_H
#define HLSL_LIB_TARGET_DXIL_CONTAINER_VIEWIDSTATE_H

#include "HLSL/Target/DXIL/ContainerInfo.h"

#include "llvm/ADT/ArrayRef.h"
#include "llvm/Support/Error.h"

#include <array>
#include <vector>

namespace mlir {
namespace hlsl {
namespace dxil {
namespace detail {

/// DxilSignature::NumVectorsUsed: one past the last row of the allocated
/// elements of `stream`.
unsigned numVectorsUsed(const std::vector<SignatureElement> &elements,
                        unsigned stream);

/// SFI0 bit 16, which also sets PSV0's UsesViewID.
inline bool usesViewID(const ShaderContainerInfo &info) {
  return info.featureFlags & (1ull << 16);
}

/// The serialized tables, each a prefix of the PSV0 table it is copied to.
/// All empty when the info has no view-ID state.
struct ViewIDTables {
  std::array<llvm::ArrayRef<uint32_t>, 4> viewIDOutputMasks;
  std::array<llvm::ArrayRef<uint32_t>, 4> inputToOutputTables;
  llvm::ArrayRef<uint32_t> viewIDPatchConstOrPrimMask;
  llvm::ArrayRef<uint32_t> inputToPatchConstTable;
  llvm::ArrayRef<uint32_t> patchConstToOutputTable;
};

/// Splits `info.viewIDState`, checking its size and its scalar counts
/// against the signatures.
llvm::Expected<ViewIDTables> splitViewIDState(const ShaderContainerInfo &info);

inline llvm::Error checkViewIDState(const ShaderContainerInfo &info) {
  return splitViewIDState(info).takeError();
}

} // namespace detail
} // namespace dxil
} // namespace hlsl
} // namespace mlir

#endif // HLSL_LIB_TARGET_DXIL_CONTAINER_VIEWIDSTATE_H
