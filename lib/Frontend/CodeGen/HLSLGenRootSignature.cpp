//===- HLSLGenRootSignature.cpp - [RootSignature] to DXIL's RTS0 part -----===//
//
// Clang parses and checks the root signature grammar into an
// HLSLRootSignatureDecl. Its elements become the RTS0 part through LLVM's
// own root signature support: the metadata form LLVM's DirectX backend
// uses, read back into an mcdxbc::RootSignatureDesc, which writes the part
// in DXC's layout. The bytes travel on the module (`hlsl.root_signature`)
// to the container writer.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"

#include "clang/AST/Attr.h"
#include "clang/AST/Decl.h"
#include "llvm/Frontend/HLSL/RootSignatureMetadata.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/MC/DXContainerRootSignature.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

void HLSLGenModule::emitRootSignature(const clang::FunctionDecl *entry) {
  const auto *attr = entry->getAttr<clang::RootSignatureAttr>();
  if (!attr)
    return;
  const clang::HLSLRootSignatureDecl *decl = attr->getSignatureDecl();
  if (!decl)
    return;
  // Clang fills in the default flags of root descriptors and descriptor
  // ranges that do not name any; DXC writes those as 0 (NONE), which means
  // the same defaults to D3D12. Write them as DXC does.
  llvm::dxbc::RootSignatureVersion version = decl->getVersion();
  SmallVector<llvm::hlsl::rootsig::RootElement> elements(
      decl->getRootElements());
  if (version != llvm::dxbc::RootSignatureVersion::V1_0)
    for (llvm::hlsl::rootsig::RootElement &element : elements) {
      if (auto *descriptor =
              std::get_if<llvm::hlsl::rootsig::RootDescriptor>(&element)) {
        llvm::hlsl::rootsig::RootDescriptor defaults = *descriptor;
        defaults.setDefaultFlags(version);
        if (descriptor->Flags == defaults.Flags)
          descriptor->Flags = llvm::dxbc::RootDescriptorFlags::None;
      } else if (auto *range =
                     std::get_if<llvm::hlsl::rootsig::DescriptorTableClause>(
                         &element)) {
        llvm::hlsl::rootsig::DescriptorTableClause defaults = *range;
        defaults.setDefaultFlags(version);
        if (range->Flags == defaults.Flags)
          range->Flags = llvm::dxbc::DescriptorRangeFlags::None;
      }
    }
  llvm::LLVMContext llvmContext;
  llvm::hlsl::rootsig::MetadataBuilder builder(llvmContext, elements);
  llvm::MDNode *metadata = builder.BuildRootSignature();
  llvm::hlsl::rootsig::MetadataParser parser(metadata);
  llvm::Expected<llvm::mcdxbc::RootSignatureDesc> desc =
      parser.ParseRootSignature(llvm::to_underlying(version));
  if (!desc) {
    error(attr->getLocation(),
          "invalid root signature: " + llvm::toString(desc.takeError()));
    return;
  }
  desc->RootParameterOffset = desc->computeRootParametersOffset();
  desc->StaticSamplersOffset = desc->computeStaticSamplersOffset();
  std::string bytes;
  llvm::raw_string_ostream os(bytes);
  desc->write(os);
  (*module)->setAttr("hlsl.root_signature", StringAttr::get(context, bytes));
}
