//===- ContainerFromModule.cpp - DXIL module to container -----------------===//

#include "HLSL/Driver/ContainerFromModule.h"

#include "HLSL/Target/DXIL/BitcodeWriter.h"
#include "HLSL/Target/DXIL/ContainerReader.h"
#include "HLSL/Target/DXIL/ContainerWriter.h"
#include "HLSL/Target/DXIL/DXILMetadata.h"
#include "HLSL/Target/DXIL/InstructionCounters.h"
#include "HLSL/Target/DXIL/TypedPointerPrinter.h"

#include "llvm/ADT/StringSwitch.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Metadata.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Transforms/Utils/Cloning.h"

#if defined(__has_feature)
#if __has_feature(address_sanitizer)
#include <sanitizer/lsan_interface.h>
#define HLSL_LEAK_SANITIZER 1
#endif
#endif

using namespace llvm;
using namespace mlir::hlsl;

using namespace mlir::hlsl::dxil::metadata;

namespace {
Error malformed(const Twine &what) {
  return createStringError(inconvertibleErrorCode(),
                           "malformed DXIL metadata: " + what);
}

Expected<std::vector<dxil::SignatureElement>>
readSignature(const MDNode *list, dxil::ShaderKind stage, bool isOutput) {
  std::vector<dxil::SignatureElement> elements;
  if (!list)
    return elements;
  for (const MDOperand &operand : list->operands()) {
    auto *record = dyn_cast_or_null<MDNode>(operand.get());
    if (!record || record->getNumOperands() < 11)
      return malformed("signature element record");
    dxil::SignatureElement e;
    e.semanticName = getString(record, 1).str();
    e.componentType = dxil::ComponentType(getInt(record, 2).value_or(9));
    e.kind = dxil::SemanticKind(getInt(record, 3).value_or(0));
    e.semanticIndices.clear();
    if (const MDNode *indices = getNode(record, 4))
      for (unsigned i = 0; i < indices->getNumOperands(); ++i)
        e.semanticIndices.push_back(getInt(indices, i).value_or(0));
    if (e.semanticIndices.empty())
      e.semanticIndices.push_back(0);
    e.interpolation = dxil::InterpolationMode(getInt(record, 5).value_or(0));
    e.cols = getInt(record, 7).value_or(1);
    e.startRow = int32_t(getInt(record, 8).value_or(0));
    e.startCol = int8_t(getInt(record, 9).value_or(0));
    // Without a usage mask (tag 3) nothing is used; tag 2 is the
    // dynamically indexed components.
    e.usageMask = 0;
    if (const MDNode *tags = getNode(record, 10))
      for (unsigned i = 0; i + 1 < tags->getNumOperands(); i += 2) {
        if (getInt(tags, i) == 3u)
          e.usageMask = getInt(tags, i + 1).value_or(0);
        if (getInt(tags, i) == 2u)
          e.dynamicIndexMask = getInt(tags, i + 1).value_or(0);
      }
    (void)stage;
    (void)isOutput;
    elements.push_back(std::move(e));
  }
  return elements;
}

/// SFI0 bits from the module's shader flags (docs §3.7).
uint64_t getFeatureFlags(uint64_t flags) {
  static const std::pair<unsigned, unsigned> map[] = {
      {2, 0},   {6, 5},   {7, 6},   {9, 13},  {10, 10}, {11, 9},
      {12, 8},  {13, 11}, {14, 7},  {15, 3},  {16, 2},  {17, 1},
      {18, 12}, {19, 14}, {20, 15}, {21, 16}, {22, 17}, {24, 19},
      {25, 20}, {26, 21}, {27, 22}, {28, 23}, {29, 24}, {30, 25},
      {31, 26}, {32, 28}, {34, 29}, {35, 30}, {37, 31}, {38, 32}};
  uint64_t features = 0;
  for (auto [module, sfi0] : map)
    if (flags & (uint64_t(1) << module))
      features |= uint64_t(1) << sfi0;
  // LowPrecisionPresent is MinimumPrecision or NativeLowPrecision, as
  // UseNativeLowPrecision says.
  if (flags & (uint64_t(1) << 5))
    features |= uint64_t(1) << ((flags & (uint64_t(1) << 23)) ? 18 : 4);
  return features;
}
} // namespace

Expected<dxil::ShaderContainerInfo>
mlir::hlsl::describeContainer(const Module &module) {
  dxil::ShaderContainerInfo info;
  const MDNode *sm = getSingle(module, "dx.shaderModel");
  if (!sm)
    return malformed("no !dx.shaderModel");
  std::optional<dxil::ShaderKind> stage =
      StringSwitch<std::optional<dxil::ShaderKind>>(getString(sm, 0))
          .Case("ps", dxil::ShaderKind::Pixel)
          .Case("vs", dxil::ShaderKind::Vertex)
          .Case("gs", dxil::ShaderKind::Geometry)
          .Case("hs", dxil::ShaderKind::Hull)
          .Case("ds", dxil::ShaderKind::Domain)
          .Case("cs", dxil::ShaderKind::Compute)
          .Case("lib", dxil::ShaderKind::Library)
          .Case("ms", dxil::ShaderKind::Mesh)
          .Case("as", dxil::ShaderKind::Amplification)
          .Default(std::nullopt);
  if (!stage)
    return malformed("unknown shader kind '" + getString(sm, 0) + "'");
  info.stage = *stage;
  // Before the entry point: a library has none to describe.
  if (Error error = dxil::checkWritableStage(info.stage))
    return error;
  info.shaderModelMajor = getInt(sm, 1).value_or(6);
  info.shaderModelMinor = getInt(sm, 2).value_or(0);
  if (const MDNode *version = getSingle(module, "dx.version")) {
    info.dxilMajor = getInt(version, 0).value_or(1);
    info.dxilMinor = getInt(version, 1).value_or(0);
  }
  if (const MDNode *valver = getSingle(module, "dx.valver")) {
    info.validatorMajor = getInt(valver, 0).value_or(1);
    info.validatorMinor = getInt(valver, 1).value_or(8);
  }
  const MDNode *entry = getSingle(module, "dx.entryPoints");
  if (!entry)
    return malformed("no !dx.entryPoints");
  info.entryName = getString(entry, 1).str();
  if (const MDNode *signatures = getNode(entry, 2)) {
    auto in = readSignature(getNode(signatures, 0), info.stage, false);
    if (!in)
      return in.takeError();
    auto out = readSignature(getNode(signatures, 1), info.stage, true);
    if (!out)
      return out.takeError();
    info.inputSignature = std::move(*in);
    info.outputSignature = std::move(*out);
  }
  if (const MDNode *properties = getNode(entry, 4)) {
    for (unsigned i = 0; i + 1 < properties->getNumOperands(); i += 2) {
      std::optional<uint64_t> tag = getInt(properties, i);
      if (tag == 0u)
        info.featureFlags =
            getFeatureFlags(getInt(properties, i + 1).value_or(0));
      if (tag == 4u) {
        const MDNode *threads = getNode(properties, i + 1);
        info.numThreads =
            std::array<uint32_t, 3>{uint32_t(getInt(threads, 0).value_or(1)),
                                    uint32_t(getInt(threads, 1).value_or(1)),
                                    uint32_t(getInt(threads, 2).value_or(1))};
      }
      // [WaveSize]: one size (11) or a range (23; max 0 means one size).
      if (tag == 11u || tag == 23u) {
        const MDNode *wave = getNode(properties, i + 1);
        dxil::WaveSizeInfo size;
        size.min = uint32_t(getInt(wave, 0).value_or(0));
        uint32_t max = tag == 23u ? uint32_t(getInt(wave, 1).value_or(0)) : 0;
        size.max = max ? max : size.min;
        info.waveSize = size;
      }
    }
  }
  if (const MDNode *resources = getSingle(module, "dx.resources")) {
    for (unsigned cls = 0; cls < 4 && cls < resources->getNumOperands();
         ++cls) {
      const MDNode *list = getNode(resources, cls);
      if (!list)
        continue;
      for (const MDOperand &operand : list->operands()) {
        auto *record = dyn_cast_or_null<MDNode>(operand.get());
        if (!record || record->getNumOperands() < 7)
          return malformed("resource record");
        dxil::ResourceBinding binding;
        binding.resourceClass = dxil::ResourceClass(cls);
        binding.space = getInt(record, 3).value_or(0);
        binding.lowerBound = getInt(record, 4).value_or(0);
        uint64_t size = getInt(record, 5).value_or(1);
        binding.upperBound = size >= UINT32_MAX
                                 ? UINT32_MAX
                                 : uint32_t(binding.lowerBound + size - 1);
        switch (binding.resourceClass) {
        case dxil::ResourceClass::SRV:
        case dxil::ResourceClass::UAV:
          binding.kind = dxil::ResourceKind(getInt(record, 6).value_or(10));
          if (binding.resourceClass == dxil::ResourceClass::UAV) {
            binding.hasCounter = getInt(record, 8).value_or(0) != 0;
            // Extended property 3: the shader uses 64-bit atomics on it.
            if (const MDNode *tags = getNode(record, 10))
              for (unsigned t = 0; t + 1 < tags->getNumOperands(); t += 2)
                if (getInt(tags, t) == 3u && getInt(tags, t + 1).value_or(0))
                  binding.flags |= dxil::PSVResourceFlagUsedByAtomic64;
          }
          break;
        case dxil::ResourceClass::CBuffer:
          binding.kind = dxil::ResourceKind::CBuffer;
          break;
        case dxil::ResourceClass::Sampler:
          binding.kind = dxil::ResourceKind::Sampler;
          break;
        }
        info.resources.push_back(binding);
      }
    }
  }
  return info;
}

/// Named metadata that only the reflection module (STAT) carries, as DXC
/// strips reflection from the DXIL part.
static const std::string kReflectionOnlyMetadata[] = {"dx.typeAnnotations"};
/// The root signature's bytes (the RTS0 part), never in the bitcode.
static const char kRootSignatureMetadata[] = "hlsl.rts0";

/// The module DXC writes into the STAT part: function bodies deleted, the
/// validator version 0.0 ("not for validation"), every metadata kept, and
/// the instruction statistics of the bodies as `!dx.counters`.
static Expected<std::string>
writeReflectionBitcode(const Module &module,
                       const dxil::InstructionCounters &counters,
                       const dxil::DXILBitcodeOptions &options) {
  // Functions are cloned as declarations: their bodies are never copied.
  ValueToValueMapTy map;
  std::unique_ptr<Module> reflection =
      CloneModule(module, map, [](const GlobalValue *value) {
        return !isa<Function>(value);
      });
  if (NamedMDNode *rts0 = reflection->getNamedMetadata(kRootSignatureMetadata))
    reflection->eraseNamedMetadata(rts0);
  if (NamedMDNode *valver = reflection->getNamedMetadata("dx.valver")) {
    LLVMContext &context = reflection->getContext();
    auto *zero =
        ConstantAsMetadata::get(ConstantInt::get(Type::getInt32Ty(context), 0));
    valver->clearOperands();
    valver->addOperand(MDTuple::get(context, {zero, zero}));
  }
  dxil::setCountersMetadata(*reflection, counters);
  std::string bitcode;
  raw_string_ostream stream(bitcode);
  if (Error error = dxil::writeDXILBitcode(*reflection, stream, options))
    return std::move(error);
  if (Error error = dxil::verifyDXILBitcodeRoundTrip(*reflection, bitcode))
    return std::move(error);
  return bitcode;
}

Error mlir::hlsl::writeDXILContainer(const Module &module,
                                     const ContainerOptions &containerOptions,
                                     raw_ostream &os) {
  Expected<dxil::ShaderContainerInfo> info = describeContainer(module);
  if (!info)
    return info.takeError();
  info->useMinPrecision = !containerOptions.nativeLowPrecision;
  std::string bitcode;
  raw_string_ostream bitcodeStream(bitcode);
  dxil::DXILBitcodeOptions options;
  if (containerOptions.nativeLowPrecision)
    options.dataLayout = dxil::NativeLowPrecisionDataLayout.str();
  // The reflection module keeps every metadata the DXIL part leaves out.
  dxil::DXILBitcodeOptions reflectionOptions = options;
  if (!containerOptions.reflectionInDXIL)
    options.omittedNamedMetadata.assign(std::begin(kReflectionOnlyMetadata),
                                        std::end(kReflectionOnlyMetadata));
  options.omittedNamedMetadata.push_back(kRootSignatureMetadata);
  if (containerOptions.rootSignatureOverride) {
    const std::string &bytes = *containerOptions.rootSignatureOverride;
    info->rootSignature.assign(bytes.begin(), bytes.end());
  } else if (const MDNode *rts0 = getSingle(module, kRootSignatureMetadata);
             rts0 && containerOptions.rootSignaturePart) {
    StringRef bytes = getString(rts0, 0);
    info->rootSignature.assign(bytes.begin(), bytes.end());
  }
  dxil::DXILBitcodeStatistics statistics;
  if (Error error =
          dxil::writeDXILBitcode(module, bitcodeStream, options, &statistics))
    return error;
  // Never write a container whose module LLVM does not read back as ours.
  if (Error error = dxil::verifyDXILBitcodeRoundTrip(
          module, bitcode, options.omittedNamedMetadata))
    return error;
  if (containerOptions.reflectionPart || containerOptions.reflectionPartOut) {
    dxil::InstructionCounters counters = dxil::countInstructions(
        module, containerOptions.nativeLowPrecision, statistics.insertedCasts);
    Expected<std::string> reflection =
        writeReflectionBitcode(module, counters, reflectionOptions);
    if (!reflection)
      return reflection.takeError();
    info->reflectionBitcode.assign(reflection->begin(), reflection->end());
    if (containerOptions.reflectionPartOut) {
      std::vector<uint8_t> part = dxil::buildReflectionPart(*info);
      containerOptions.reflectionPartOut->assign(part.begin(), part.end());
    }
    if (!containerOptions.reflectionPart)
      info->reflectionBitcode.clear();
  }
  info->bitcode.assign(bitcode.begin(), bitcode.end());
  return dxil::writeDXContainer(*info, os);
}

/// Prints the module of a container that may come from anywhere. LLVM's
/// bitcode reader expects well-formed input (malformed metadata records can
/// make it crash), so it runs under crash recovery, with an LLVM context of
/// its own that is abandoned, not destroyed, when the reader crashed: what
/// it holds then is not safe to tear down.
static Error printUntrustedBitcode(StringRef bitcode, raw_ostream &out) {
#ifdef HLSL_LEAK_SANITIZER
  // The context and what a crashed reader allocated are abandoned on
  // purpose; the leak checker's allocation stacks stop in the uninstrumented
  // reader, too short to suppress them by name. (Not inside the lambda: a
  // crash skips its scopes.)
  __lsan::ScopedDisabler abandonedOnCrash;
#endif
  auto context = std::make_unique<LLVMContext>();
  std::string text;
  Error error = Error::success();
  llvm::CrashRecoveryContext::Enable();
  llvm::CrashRecoveryContext recovery;
  bool completed = recovery.RunSafely([&] {
    Expected<std::unique_ptr<Module>> module =
        dxil::readDXILBitcode(bitcode, *context);
    if (!module) {
      error = module.takeError();
      return;
    }
    raw_string_ostream os(text);
    dxil::printWithTypedPointers(**module, os);
  });
  if (!completed) {
    (void)context.release();
    consumeError(std::move(error));
    return createStringError(inconvertibleErrorCode(),
                             "malformed DXIL bitcode: the LLVM bitcode reader "
                             "crashed reading it");
  }
  out << text;
  return error;
}

Error mlir::hlsl::disassembleContainer(StringRef bytes, raw_ostream &os) {
  return dxil::disassembleDXContainer(bytes, os, printUntrustedBitcode);
}
