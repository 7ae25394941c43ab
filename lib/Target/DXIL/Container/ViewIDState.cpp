//===- ViewIDState.cpp - Serialized view-ID state and PSV0 tables ---------===//

#include "ViewIDState.h"

#include "llvm/ADT/Twine.h"

#include <algorithm>

using namespace mlir::hlsl::dxil;
using namespace mlir::hlsl::dxil::detail;

unsigned mlir::hlsl::dxil::detail::numVectorsUsed(
    const std::vector<SignatureElement> &elements, unsigned stream) {
  unsigned vectors = 0;
  for (const SignatureElement &e : elements)
    if (e.isAllocated() && e.outputStream == stream)
      vectors = std::max(vectors, unsigned(e.startRow) + e.getRows());
  return vectors;
}

namespace {

llvm::Error fail(const llvm::Twine &message) {
  return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                 "view-ID state: " + message);
}

/// Reads the serialized dwords front to back.
class Cursor {
public:
  explicit Cursor(llvm::ArrayRef<uint32_t> data) : data(data) {}

  llvm::Error read(uint32_t &value, const char *what) {
    if (pos >= data.size())
      return fail("truncated at dword " + llvm::Twine(pos) + " (" + what + ")");
    value = data[pos++];
    return llvm::Error::success();
  }
  llvm::Error take(uint64_t count, llvm::ArrayRef<uint32_t> &out,
                   const char *what) {
    if (count > data.size() - pos)
      return fail("truncated: " + llvm::Twine(what) + " needs " +
                  llvm::Twine(count) + " dwords at dword " + llvm::Twine(pos) +
                  ", " + llvm::Twine(data.size() - pos) + " left");
    out = data.slice(pos, count);
    pos += count;
    return llvm::Error::success();
  }
  size_t position() const { return pos; }
  size_t size() const { return data.size(); }

private:
  llvm::ArrayRef<uint32_t> data;
  size_t pos = 0;
};

uint32_t maskDwordsForScalars(uint32_t scalars) { return (scalars + 31) / 32; }

/// The serialized scalar count must cover exactly the vectors PSV0 sizes its
/// tables by (DXC asserts `vectors*4 - scalars < 4`).
llvm::Error checkScalars(uint32_t scalars, unsigned vectors,
                         const llvm::Twine &what) {
  if (scalars <= vectors * 4 && vectors * 4 - scalars < 4)
    return llvm::Error::success();
  return fail(what + " has " + llvm::Twine(scalars) +
              " scalars but the signature uses " + llvm::Twine(vectors) +
              " vectors");
}

} // namespace

llvm::Expected<ViewIDTables>
mlir::hlsl::dxil::detail::splitViewIDState(const ShaderContainerInfo &info) {
  ViewIDTables tables;
  if (info.viewIDState.empty())
    return tables;

  bool isGS = info.stage == ShaderKind::Geometry;
  bool isHS = info.stage == ShaderKind::Hull;
  bool isDS = info.stage == ShaderKind::Domain;
  bool isMS = info.stage == ShaderKind::Mesh;
  bool viewID = usesViewID(info);
  unsigned numStreams = isGS ? 4 : 1;

  Cursor cursor(info.viewIDState);
  uint32_t inputScalars = 0;
  if (llvm::Error err = cursor.read(inputScalars, "input scalar count"))
    return std::move(err);
  if (llvm::Error err = checkScalars(
          inputScalars, numVectorsUsed(info.inputSignature, 0), "the input"))
    return std::move(err);

  uint32_t stream0OutputScalars = 0;
  for (unsigned stream = 0; stream < numStreams; ++stream) {
    uint32_t outputScalars = 0;
    if (llvm::Error err = cursor.read(outputScalars, "output scalar count"))
      return std::move(err);
    if (llvm::Error err = checkScalars(
            outputScalars, numVectorsUsed(info.outputSignature, stream),
            "output stream " + llvm::Twine(stream)))
      return std::move(err);
    if (stream == 0)
      stream0OutputScalars = outputScalars;
    uint32_t maskDwords = maskDwordsForScalars(outputScalars);
    if (viewID)
      if (llvm::Error err =
              cursor.take(maskDwords, tables.viewIDOutputMasks[stream],
                          "the ViewID output mask"))
        return std::move(err);
    if (llvm::Error err = cursor.take(uint64_t(inputScalars) * maskDwords,
                                      tables.inputToOutputTables[stream],
                                      "the input-to-output table"))
      return std::move(err);
  }

  if (isHS || isDS || isMS) {
    uint32_t pcScalars = 0;
    if (llvm::Error err =
            cursor.read(pcScalars, "patch-constant/primitive scalar count"))
      return std::move(err);
    if (llvm::Error err = checkScalars(
            pcScalars, numVectorsUsed(info.patchConstOrPrimSignature, 0),
            "the patch-constant/primitive signature"))
      return std::move(err);
    if (isDS) {
      if (llvm::Error err = cursor.take(
              uint64_t(pcScalars) * maskDwordsForScalars(stream0OutputScalars),
              tables.patchConstToOutputTable,
              "the patch-constant-to-output table"))
        return std::move(err);
    } else {
      uint32_t maskDwords = maskDwordsForScalars(pcScalars);
      if (viewID)
        if (llvm::Error err =
                cursor.take(maskDwords, tables.viewIDPatchConstOrPrimMask,
                            "the ViewID patch-constant mask"))
          return std::move(err);
      if (llvm::Error err = cursor.take(uint64_t(inputScalars) * maskDwords,
                                        tables.inputToPatchConstTable,
                                        "the input-to-patch-constant table"))
        return std::move(err);
    }
  }

  if (cursor.position() != cursor.size())
    return fail("has " + llvm::Twine(cursor.size()) + " dwords, expected " +
                llvm::Twine(cursor.position()));
  return tables;
}
