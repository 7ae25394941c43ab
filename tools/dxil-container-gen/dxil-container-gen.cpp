//===- dxil-container-gen.cpp - Write a DXIL container from JSON ----------===//
//
// Test driver for the container writer: reads a ShaderContainerInfo written
// as JSON, with the C++ field names as keys, and writes the container.
//
//   {
//     "stage": "cs",                      // enumerator or profile prefix
//     "shaderModel": "6.0",               // default 6.0
//     "dxilVersion": "1.0",               // default 1.<shader model minor>
//     "validatorVersion": "1.8",          // default 1.8
//     "entryName": "main",
//     "numThreads": [64, 1, 1],
//     "waveSize": {"min": 32, "max": 32},
//     "featureFlags": 0,
//     "useMinPrecision": true,
//     "hull": {"inputControlPointCount": 3, "outputControlPointCount": 3,
//              "domain": "Tri", "outputPrimitive": 3},
//     "domain": {"inputControlPointCount": 3, "domain": "Tri"},
//     "geometry": {"inputPrimitive": 3, "outputTopology": 5,
//                  "outputStreamMask": 1, "maxVertexCount": 3},
//     "mesh": {"groupSharedBytesUsed": 0, "groupSharedBytesDependentOnViewID":
//     0,
//              "payloadSizeInBytes": 0, "maxOutputVertices": 3,
//              "maxOutputPrimitives": 1, "outputTopology": 2},
//     "amplification": {"payloadSizeInBytes": 16},
//     "inputSignature": [{"semanticName": "TEXCOORD", "semanticIndices": [0],
//                         "kind": "Arbitrary", "componentType": "F32",
//                         "interpolation": "Linear", "cols": 2,
//                         "startRow": 0, "startCol": 0, "usageMask": 3,
//                         "dynamicIndexMask": 0, "outputStream": 0,
//                         "inProgramSignature": true}],
//     "outputSignature": [...], "patchConstOrPrimSignature": [...],
//     "viewIDState": [1, 2, 3],
//     "resources": [{"resourceClass": "UAV", "kind": "StructuredBuffer",
//                    "space": 0, "lowerBound": 0, "upperBound": 0,
//                    "hasCounter": false, "flags": 0}],
//     "bitcode": "4243c0de..."            // hex; or --bitcode=<file>
//   }
//
// Unknown keys are errors. Errors print `error: <message>` and exit 1.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/ContainerInfo.h"
#include "HLSL/Target/DXIL/ContainerWriter.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/JSON.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/raw_ostream.h"

#include <initializer_list>
#include <string>

using namespace mlir::hlsl::dxil;
namespace json = llvm::json;

namespace {
llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                     llvm::cl::desc("<input .json>"),
                                     llvm::cl::init("-"));
llvm::cl::opt<std::string> outputFile("o", llvm::cl::desc("Output container"),
                                      llvm::cl::value_desc("file"),
                                      llvm::cl::init("-"));
llvm::cl::opt<std::string>
    bitcodeFile("bitcode",
                llvm::cl::desc("Bitcode to embed (instead of the JSON's "
                               "\"bitcode\" hex string)"),
                llvm::cl::value_desc("file"));

/// Errors while reading the JSON; the first one wins.
class Reader {
public:
  bool failed() const { return !message.empty(); }
  const std::string &error() const { return message; }

  void fail(const llvm::Twine &path, const llvm::Twine &text) {
    if (message.empty())
      message = (path + ": " + text).str();
  }

  /// Rejects keys other than `allowed`.
  void checkKeys(const json::Object &object, const llvm::Twine &path,
                 std::initializer_list<llvm::StringRef> allowed) {
    for (const auto &entry : object) {
      llvm::StringRef key = entry.first;
      if (!llvm::is_contained(allowed, key))
        fail(path, "unknown key '" + key + "'");
    }
  }

  template <typename T>
  void integer(const json::Object &object, llvm::StringRef key,
               const llvm::Twine &path, T &out) {
    const json::Value *value = object.get(key);
    if (!value)
      return;
    std::optional<int64_t> number = value->getAsInteger();
    std::optional<uint64_t> unsignedNumber = value->getAsUINT64();
    if (unsignedNumber) {
      if (*unsignedNumber > uint64_t(std::numeric_limits<T>::max()))
        return fail(path + "." + key, "value out of range");
      out = T(*unsignedNumber);
      return;
    }
    if (number) {
      if (*number < int64_t(std::numeric_limits<T>::min()) ||
          (*number > 0 &&
           uint64_t(*number) > uint64_t(std::numeric_limits<T>::max())))
        return fail(path + "." + key, "value out of range");
      out = T(*number);
      return;
    }
    fail(path + "." + key, "expected an integer");
  }

  void boolean(const json::Object &object, llvm::StringRef key,
               const llvm::Twine &path, bool &out) {
    const json::Value *value = object.get(key);
    if (!value)
      return;
    if (std::optional<bool> b = value->getAsBoolean())
      out = *b;
    else
      fail(path + "." + key, "expected a boolean");
  }

  void string(const json::Object &object, llvm::StringRef key,
              const llvm::Twine &path, std::string &out) {
    const json::Value *value = object.get(key);
    if (!value)
      return;
    if (std::optional<llvm::StringRef> s = value->getAsString())
      out = s->str();
    else
      fail(path + "." + key, "expected a string");
  }

  /// "major.minor".
  bool version(const json::Object &object, llvm::StringRef key,
               const llvm::Twine &path, unsigned &major, unsigned &minor) {
    std::string text;
    string(object, key, path, text);
    if (text.empty())
      return false;
    auto [majorText, minorText] = llvm::StringRef(text).split('.');
    if (majorText.getAsInteger(10, major) ||
        minorText.getAsInteger(10, minor)) {
      fail(path + "." + key, "expected \"major.minor\", got \"" + text + "\"");
      return false;
    }
    return true;
  }

  template <typename E>
  void enumeration(const json::Object &object, llvm::StringRef key,
                   const llvm::Twine &path, E &out,
                   std::optional<E> (*symbolize)(llvm::StringRef)) {
    std::string text;
    string(object, key, path, text);
    if (text.empty())
      return;
    if (std::optional<E> value = symbolize(text))
      out = *value;
    else
      fail(path + "." + key, "unknown value '" + text + "'");
  }

  template <typename T>
  void integerArray(const json::Object &object, llvm::StringRef key,
                    const llvm::Twine &path, llvm::SmallVectorImpl<T> &out) {
    const json::Value *value = object.get(key);
    if (!value)
      return;
    const json::Array *array = value->getAsArray();
    if (!array)
      return fail(path + "." + key, "expected an array");
    out.clear();
    for (const json::Value &element : *array) {
      std::optional<uint64_t> number = element.getAsUINT64();
      if (!number || *number > uint64_t(std::numeric_limits<T>::max()))
        return fail(path + "." + key, "expected unsigned integers");
      out.push_back(T(*number));
    }
  }

  const json::Object *object(const json::Object &parent, llvm::StringRef key,
                             const llvm::Twine &path) {
    const json::Value *value = parent.get(key);
    if (!value)
      return nullptr;
    const json::Object *result = value->getAsObject();
    if (!result)
      fail(path + "." + key, "expected an object");
    return result;
  }

private:
  std::string message;
};

void readElement(Reader &reader, const json::Object &object,
                 const llvm::Twine &path, SignatureElement &e) {
  reader.checkKeys(object, path,
                   {"semanticName", "semanticIndices", "kind", "componentType",
                    "interpolation", "cols", "startRow", "startCol",
                    "usageMask", "dynamicIndexMask", "outputStream",
                    "inProgramSignature"});
  reader.string(object, "semanticName", path, e.semanticName);
  reader.integerArray(object, "semanticIndices", path, e.semanticIndices);
  reader.enumeration(object, "kind", path, e.kind, symbolizeSemanticKind);
  reader.enumeration(object, "componentType", path, e.componentType,
                     symbolizeComponentType);
  reader.enumeration(object, "interpolation", path, e.interpolation,
                     symbolizeInterpolationMode);
  reader.integer(object, "cols", path, e.cols);
  reader.integer(object, "startRow", path, e.startRow);
  reader.integer(object, "startCol", path, e.startCol);
  reader.integer(object, "usageMask", path, e.usageMask);
  reader.integer(object, "dynamicIndexMask", path, e.dynamicIndexMask);
  reader.integer(object, "outputStream", path, e.outputStream);
  reader.boolean(object, "inProgramSignature", path, e.inProgramSignature);
}

void readSignature(Reader &reader, const json::Object &root,
                   llvm::StringRef key, std::vector<SignatureElement> &out) {
  const json::Value *value = root.get(key);
  if (!value)
    return;
  const json::Array *array = value->getAsArray();
  if (!array)
    return reader.fail(key, "expected an array");
  for (auto [index, element] : llvm::enumerate(*array)) {
    std::string path = (key + "[" + llvm::Twine(index) + "]").str();
    const json::Object *object = element.getAsObject();
    if (!object)
      return reader.fail(path, "expected an object");
    SignatureElement e;
    readElement(reader, *object, path, e);
    out.push_back(std::move(e));
  }
}

void readResources(Reader &reader, const json::Object &root,
                   std::vector<ResourceBinding> &out) {
  const json::Value *value = root.get("resources");
  if (!value)
    return;
  const json::Array *array = value->getAsArray();
  if (!array)
    return reader.fail("resources", "expected an array");
  for (auto [index, element] : llvm::enumerate(*array)) {
    std::string path = ("resources[" + llvm::Twine(index) + "]").str();
    const json::Object *object = element.getAsObject();
    if (!object)
      return reader.fail(path, "expected an object");
    reader.checkKeys(*object, path,
                     {"resourceClass", "kind", "space", "lowerBound",
                      "upperBound", "hasCounter", "flags"});
    ResourceBinding r;
    reader.enumeration(*object, "resourceClass", path, r.resourceClass,
                       symbolizeResourceClass);
    reader.enumeration(*object, "kind", path, r.kind, symbolizeResourceKind);
    reader.integer(*object, "space", path, r.space);
    reader.integer(*object, "lowerBound", path, r.lowerBound);
    r.upperBound = r.lowerBound;
    reader.integer(*object, "upperBound", path, r.upperBound);
    reader.boolean(*object, "hasCounter", path, r.hasCounter);
    reader.integer(*object, "flags", path, r.flags);
    out.push_back(r);
  }
}

void readInfo(Reader &reader, const json::Object &root,
              ShaderContainerInfo &info) {
  reader.checkKeys(root, "<root>",
                   {"stage",
                    "shaderModel",
                    "dxilVersion",
                    "validatorVersion",
                    "entryName",
                    "numThreads",
                    "waveSize",
                    "featureFlags",
                    "useMinPrecision",
                    "hull",
                    "domain",
                    "geometry",
                    "mesh",
                    "amplification",
                    "inputSignature",
                    "outputSignature",
                    "patchConstOrPrimSignature",
                    "viewIDState",
                    "resources",
                    "bitcode"});
  reader.enumeration(root, "stage", "<root>", info.stage, symbolizeShaderKind);
  reader.version(root, "shaderModel", "<root>", info.shaderModelMajor,
                 info.shaderModelMinor);
  info.dxilMajor = 1;
  info.dxilMinor = info.shaderModelMinor;
  reader.version(root, "dxilVersion", "<root>", info.dxilMajor, info.dxilMinor);
  reader.version(root, "validatorVersion", "<root>", info.validatorMajor,
                 info.validatorMinor);
  reader.string(root, "entryName", "<root>", info.entryName);
  if (root.get("numThreads")) {
    llvm::SmallVector<uint32_t, 3> numThreads;
    reader.integerArray(root, "numThreads", "<root>", numThreads);
    if (numThreads.size() != 3)
      reader.fail("numThreads", "expected three integers");
    else
      info.numThreads = {numThreads[0], numThreads[1], numThreads[2]};
  }
  if (const json::Object *wave = reader.object(root, "waveSize", "<root>")) {
    reader.checkKeys(*wave, "waveSize", {"min", "max"});
    WaveSizeInfo waveSize;
    reader.integer(*wave, "min", "waveSize", waveSize.min);
    waveSize.max = waveSize.min;
    reader.integer(*wave, "max", "waveSize", waveSize.max);
    info.waveSize = waveSize;
  }
  reader.integer(root, "featureFlags", "<root>", info.featureFlags);
  reader.boolean(root, "useMinPrecision", "<root>", info.useMinPrecision);

  if (const json::Object *hs = reader.object(root, "hull", "<root>")) {
    reader.checkKeys(*hs, "hull",
                     {"inputControlPointCount", "outputControlPointCount",
                      "domain", "outputPrimitive"});
    reader.integer(*hs, "inputControlPointCount", "hull",
                   info.hull.inputControlPointCount);
    reader.integer(*hs, "outputControlPointCount", "hull",
                   info.hull.outputControlPointCount);
    reader.enumeration(*hs, "domain", "hull", info.hull.domain,
                       symbolizeTessellatorDomain);
    reader.integer(*hs, "outputPrimitive", "hull", info.hull.outputPrimitive);
  }
  if (const json::Object *ds = reader.object(root, "domain", "<root>")) {
    reader.checkKeys(*ds, "domain", {"inputControlPointCount", "domain"});
    reader.integer(*ds, "inputControlPointCount", "domain",
                   info.domain.inputControlPointCount);
    reader.enumeration(*ds, "domain", "domain", info.domain.domain,
                       symbolizeTessellatorDomain);
  }
  if (const json::Object *gs = reader.object(root, "geometry", "<root>")) {
    reader.checkKeys(*gs, "geometry",
                     {"inputPrimitive", "outputTopology", "outputStreamMask",
                      "maxVertexCount"});
    reader.integer(*gs, "inputPrimitive", "geometry",
                   info.geometry.inputPrimitive);
    reader.integer(*gs, "outputTopology", "geometry",
                   info.geometry.outputTopology);
    reader.integer(*gs, "outputStreamMask", "geometry",
                   info.geometry.outputStreamMask);
    reader.integer(*gs, "maxVertexCount", "geometry",
                   info.geometry.maxVertexCount);
  }
  if (const json::Object *ms = reader.object(root, "mesh", "<root>")) {
    reader.checkKeys(*ms, "mesh",
                     {"groupSharedBytesUsed",
                      "groupSharedBytesDependentOnViewID", "payloadSizeInBytes",
                      "maxOutputVertices", "maxOutputPrimitives",
                      "outputTopology"});
    reader.integer(*ms, "groupSharedBytesUsed", "mesh",
                   info.mesh.groupSharedBytesUsed);
    reader.integer(*ms, "groupSharedBytesDependentOnViewID", "mesh",
                   info.mesh.groupSharedBytesDependentOnViewID);
    reader.integer(*ms, "payloadSizeInBytes", "mesh",
                   info.mesh.payloadSizeInBytes);
    reader.integer(*ms, "maxOutputVertices", "mesh",
                   info.mesh.maxOutputVertices);
    reader.integer(*ms, "maxOutputPrimitives", "mesh",
                   info.mesh.maxOutputPrimitives);
    reader.integer(*ms, "outputTopology", "mesh", info.mesh.outputTopology);
  }
  if (const json::Object *as = reader.object(root, "amplification", "<root>")) {
    reader.checkKeys(*as, "amplification", {"payloadSizeInBytes"});
    reader.integer(*as, "payloadSizeInBytes", "amplification",
                   info.amplification.payloadSizeInBytes);
  }

  readSignature(reader, root, "inputSignature", info.inputSignature);
  readSignature(reader, root, "outputSignature", info.outputSignature);
  readSignature(reader, root, "patchConstOrPrimSignature",
                info.patchConstOrPrimSignature);
  if (root.get("viewIDState")) {
    llvm::SmallVector<uint32_t> state;
    reader.integerArray(root, "viewIDState", "<root>", state);
    info.viewIDState.assign(state.begin(), state.end());
  }
  readResources(reader, root, info.resources);

  std::string hex;
  reader.string(root, "bitcode", "<root>", hex);
  if (!hex.empty()) {
    std::string bytes;
    if (!llvm::tryGetFromHex(hex, bytes))
      reader.fail("bitcode", "expected an even number of hex digits");
    info.bitcode.assign(bytes.begin(), bytes.end());
  }
}

int error(const llvm::Twine &message) {
  llvm::errs() << "error: " << message << "\n";
  return 1;
}

} // namespace

int main(int argc, char **argv) {
  llvm::InitLLVM initLLVM(argc, argv);
  llvm::cl::ParseCommandLineOptions(
      argc, argv, "Writes a DXIL container from a JSON ShaderContainerInfo\n");

  llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> input =
      llvm::MemoryBuffer::getFileOrSTDIN(inputFile, /*IsText=*/true);
  if (!input)
    return error("cannot read '" + inputFile +
                 "': " + input.getError().message());
  llvm::Expected<json::Value> root = json::parse((*input)->getBuffer());
  if (!root)
    return error("invalid JSON: " + llvm::toString(root.takeError()));
  const json::Object *object = root->getAsObject();
  if (!object)
    return error("the JSON input must be an object");

  ShaderContainerInfo info;
  Reader reader;
  readInfo(reader, *object, info);
  if (reader.failed())
    return error(reader.error());

  if (!bitcodeFile.empty()) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> bitcode =
        llvm::MemoryBuffer::getFile(bitcodeFile, /*IsText=*/false,
                                    /*RequiresNullTerminator=*/false);
    if (!bitcode)
      return error("cannot read '" + bitcodeFile +
                   "': " + bitcode.getError().message());
    llvm::StringRef bytes = (*bitcode)->getBuffer();
    info.bitcode.assign(bytes.begin(), bytes.end());
  }

  std::vector<uint8_t> container;
  if (llvm::Error err = buildDXContainer(info, container))
    return error(llvm::toString(std::move(err)));

  std::error_code ec;
  llvm::ToolOutputFile output(outputFile, ec, llvm::sys::fs::OF_None);
  if (ec)
    return error("cannot open '" + outputFile + "': " + ec.message());
  output.os().write(reinterpret_cast<const char *>(container.data()),
                    container.size());
  output.keep();
  return 0;
}
