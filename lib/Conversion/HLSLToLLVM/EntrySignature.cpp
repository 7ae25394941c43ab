//===- EntrySignature.cpp - input/output signatures of graphics entries ---===//
//
// The tables and the packing rules are DXIL's (DXIL.rst, "Signature
// Elements", and DXC's semantic interpretation table and signature
// allocator); the code is ours.
//
//===----------------------------------------------------------------------===//

#include "EntrySignature.h"
#include "DXILResources.h"
#include "LoweringCommon.h"

#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringExtras.h"

#include <set>

using namespace mlir;
using namespace mlir::hlsl;

namespace {
//===----------------------------------------------------------------------===//
// Semantics and their interpretation
//===----------------------------------------------------------------------===//

/// DXIL::SemanticKind values used by name below.
enum SemanticKind : unsigned {
  Arbitrary = 0,
  VertexID = 1,
  InstanceID = 2,
  Position = 3,
  RenderTargetArrayIndex = 4,
  ViewportArrayIndex = 5,
  ClipDistance = 6,
  CullDistance = 7,
  OutputControlPointID = 8,
  PrimitiveID = 10,
  GSInstanceID = 11,
  SampleIndex = 12,
  IsFrontFace = 13,
  Coverage = 14,
  InnerCoverage = 15,
  Target = 16,
  Depth = 17,
  DepthLessEqual = 18,
  DepthGreaterEqual = 19,
  StencilRef = 20,
  ViewID = 27,
  Barycentrics = 28,
  ShadingRate = 29,
  CullPrimitive = 30,
  StartVertexLocation = 31,
  StartInstanceLocation = 32,
};

/// The canonical names of DXIL's system values, by SemanticKind.
constexpr const char *systemValueNames[] = {
    nullptr,
    "SV_VertexID",
    "SV_InstanceID",
    "SV_Position",
    "SV_RenderTargetArrayIndex",
    "SV_ViewportArrayIndex",
    "SV_ClipDistance",
    "SV_CullDistance",
    "SV_OutputControlPointID",
    "SV_DomainLocation",
    "SV_PrimitiveID",
    "SV_GSInstanceID",
    "SV_SampleIndex",
    "SV_IsFrontFace",
    "SV_Coverage",
    "SV_InnerCoverage",
    "SV_Target",
    "SV_Depth",
    "SV_DepthLessEqual",
    "SV_DepthGreaterEqual",
    "SV_StencilRef",
    "SV_DispatchThreadID",
    "SV_GroupID",
    "SV_GroupIndex",
    "SV_GroupThreadID",
    "SV_TessFactor",
    "SV_InsideTessFactor",
    "SV_ViewID",
    "SV_Barycentrics",
    "SV_ShadingRate",
    "SV_CullPrimitive",
    "SV_StartVertexLocation",
    "SV_StartInstanceLocation",
};
constexpr unsigned numSemanticKinds = std::size(systemValueNames);

/// The signature points of vertex and pixel shaders.
enum class SigPoint { VSIn, VSOut, PSIn, PSOut };

/// DXIL::SemanticInterpretationKind.
enum class Interpretation {
  NA,        // not available at this point
  SV,        // system value, packed
  SGV,       // system-generated value, packed after the others in a row
  Arb,       // arbitrary value
  NotInSig,  // read with its own operation, not in the signature
  NotPacked, // in the signature, outside the packed registers
  Target,    // render target output, its row is its index
  Shadow,    // in the signature, read with its own operation
  ClipCull,  // clip/cull distance
};

/// DXC's interpretation table for the four signature points, by kind; the
/// minimum shader model 6.x minor version where a row has one.
struct InterpretationRow {
  Interpretation vsIn, vsOut, psIn, psOut;
  unsigned minMinor;
};
constexpr Interpretation NA = Interpretation::NA, SV = Interpretation::SV,
                         SGV = Interpretation::SGV, Arb = Interpretation::Arb,
                         NotInSig = Interpretation::NotInSig,
                         NotPacked = Interpretation::NotPacked,
                         Tgt = Interpretation::Target,
                         Shadow = Interpretation::Shadow,
                         ClipCull = Interpretation::ClipCull;
constexpr InterpretationRow interpretationTable[numSemanticKinds] = {
    {Arb, Arb, Arb, NA, 0},           // Arbitrary
    {SV, NA, NA, NA, 0},              // VertexID
    {SV, Arb, Arb, NA, 0},            // InstanceID
    {Arb, SV, SV, NA, 0},             // Position
    {Arb, SV, SV, NA, 0},             // RenderTargetArrayIndex
    {Arb, SV, SV, NA, 0},             // ViewPortArrayIndex
    {Arb, ClipCull, ClipCull, NA, 0}, // ClipDistance
    {Arb, ClipCull, ClipCull, NA, 0}, // CullDistance
    {NA, NA, NA, NA, 0},              // OutputControlPointID
    {NA, NA, NA, NA, 0},              // DomainLocation
    {NA, NA, SGV, NA, 0},             // PrimitiveID
    {NA, NA, NA, NA, 0},              // GSInstanceID
    {NA, NA, Shadow, NA, 0},          // SampleIndex
    {NA, NA, SGV, NA, 0},             // IsFrontFace
    {NA, NA, NotInSig, NotPacked, 0}, // Coverage
    {NA, NA, NotInSig, NA, 0},        // InnerCoverage
    {NA, NA, NA, Tgt, 0},             // Target
    {NA, NA, NA, NotPacked, 0},       // Depth
    {NA, NA, NA, NotPacked, 0},       // DepthLessEqual
    {NA, NA, NA, NotPacked, 0},       // DepthGreaterEqual
    {NA, NA, NA, NotPacked, 0},       // StencilRef
    {NA, NA, NA, NA, 0},              // DispatchThreadID
    {NA, NA, NA, NA, 0},              // GroupID
    {NA, NA, NA, NA, 0},              // GroupIndex
    {NA, NA, NA, NA, 0},              // GroupThreadID
    {NA, NA, NA, NA, 0},              // TessFactor
    {NA, NA, NA, NA, 0},              // InsideTessFactor
    {NotInSig, NA, NotInSig, NA, 1},  // ViewID
    {NA, NA, NotPacked, NA, 1},       // Barycentrics
    {NA, SV, SV, NA, 4},              // ShadingRate
    {NA, NA, NotInSig, NA, 0},        // CullPrimitive
    {NotInSig, NA, NA, NA, 8},        // StartVertexLocation
    {NotInSig, NA, NA, NA, 8},        // StartInstanceLocation
};

Interpretation getInterpretation(unsigned kind, SigPoint point,
                                 unsigned smMinor) {
  const InterpretationRow &row = interpretationTable[kind];
  if (smMinor < row.minMinor)
    return NA;
  switch (point) {
  case SigPoint::VSIn:
    return row.vsIn;
  case SigPoint::VSOut:
    return row.vsOut;
  case SigPoint::PSIn:
    return row.psIn;
  case SigPoint::PSOut:
    return row.psOut;
  }
  return NA;
}

/// The kind of a semantic name (case-insensitive); Arbitrary for names
/// without the SV_ prefix, nullopt for an unknown system value.
std::optional<unsigned> getSemanticKind(StringRef name) {
  if (!name.starts_with_insensitive("SV_"))
    return Arbitrary;
  for (unsigned kind = 1; kind < numSemanticKinds; ++kind)
    if (name.equals_insensitive(systemValueNames[kind]))
      return kind;
  return std::nullopt;
}

/// The DXIL operation that reads a value outside the signature (none, with
/// opcode 0: the value is always 0).
struct SpecialInput {
  unsigned opcode;
  const char *className;
};
std::optional<SpecialInput> getSpecialInput(unsigned kind) {
  switch (kind) {
  case SampleIndex:
    return SpecialInput{90, "sampleIndex"};
  case Coverage:
    return SpecialInput{91, "coverage"};
  case InnerCoverage:
    return SpecialInput{92, "innerCoverage"};
  case ViewID:
    return SpecialInput{138, "viewID"};
  case StartVertexLocation:
    return SpecialInput{256, "startVertexLocation"};
  case StartInstanceLocation:
    return SpecialInput{257, "startInstanceLocation"};
  case CullPrimitive:
    // A pixel shader only runs for primitives that were not culled: DXC
    // makes it false.
    return SpecialInput{0, nullptr};
  default:
    return std::nullopt;
  }
}

/// Splits "TEXCOORD1" into ("TEXCOORD", 1).
std::pair<std::string, unsigned> splitSemantic(StringRef semantic) {
  size_t digits = semantic.size();
  while (digits > 0 && llvm::isDigit(semantic[digits - 1]))
    --digits;
  unsigned index = 0;
  if (digits < semantic.size())
    semantic.drop_front(digits).getAsInteger(10, index);
  return {semantic.take_front(digits).str(), index};
}

//===----------------------------------------------------------------------===//
// Packing
//===----------------------------------------------------------------------===//

/// DXIL::InterpolationMode values.
enum InterpolationMode : unsigned {
  Undefined = 0,
  Constant = 1,
  Linear = 2,
  LinearCentroid = 3,
  LinearNoperspective = 4,
  LinearNoperspectiveCentroid = 5,
  LinearSample = 6,
  LinearNoperspectiveSample = 7,
};

/// The interpolation mode the modifiers written on a floating-point value
/// select (the position is never perspective-corrected).
static InterpolationMode getInterpolationMode(ArrayRef<StringRef> words,
                                              bool isPosition) {
  auto has = [&](StringRef word) { return llvm::is_contained(words, word); };
  if (has("nointerpolation"))
    return Constant;
  bool noperspective = isPosition || has("noperspective");
  if (has("sample"))
    return noperspective ? LinearNoperspectiveSample : LinearSample;
  if (has("centroid"))
    return noperspective ? LinearNoperspectiveCentroid : LinearCentroid;
  return noperspective ? LinearNoperspective : Linear;
}

/// Packs elements into 32 registers of four components by DXC's rules: a
/// register has one interpolation mode and one data width; a system value
/// goes right of arbitrary values in a register and a system-generated
/// value right of both; an element of several rows fixes indexing on its
/// rows. Elements are placed one after another at the first row and column
/// that fit (prefix-stable: a later element never moves an earlier one).
class SignaturePacker {
public:
  static constexpr unsigned numRegisters = 32;

  /// Places `e` at the first fitting location of the first `maxRows`
  /// registers; false if none fits.
  bool place(SignatureElement &e, uint8_t elementFlags, unsigned width,
             unsigned maxRows = numRegisters) {
    unsigned rows = e.rows, cols = e.columns;
    for (unsigned row = 0; row + rows <= maxRows; ++row) {
      if (hasRowConflict(row, rows, elementFlags, e.interpolation, cols, width))
        continue;
      for (unsigned col = 0; col + cols <= 4; ++col) {
        if (hasColConflict(row, rows, elementFlags, col, cols))
          continue;
        for (unsigned i = 0; i < rows; ++i)
          registers[row + i].place(elementFlags, getIndexFlags(i, rows),
                                   e.interpolation, col, cols, width);
        e.startRow = row;
        e.startCol = col;
        return true;
      }
    }
    return false;
  }

  static constexpr uint8_t Occupied = 1, ArbitraryFlag = 2, SGVFlag = 4,
                           SVFlag = 8, ClipCullFlag = 32;

private:
  static constexpr uint8_t IndexedUp = 1, IndexedDown = 2;
  static uint8_t getIndexFlags(unsigned row, unsigned rows) {
    return (row > 0 ? IndexedUp : 0) | (row + 1 < rows ? IndexedDown : 0);
  }
  /// Element kinds that may not be left or right of an element's flags.
  static uint8_t conflictsLeftOf(uint8_t flags) {
    uint8_t c = 0;
    if (flags & ArbitraryFlag)
      c |= SGVFlag | SVFlag | ClipCullFlag;
    if (flags & (SVFlag | ClipCullFlag))
      c |= SGVFlag;
    return c;
  }
  static uint8_t conflictsRightOf(uint8_t flags) {
    uint8_t c = 0;
    if (flags & SGVFlag)
      c |= ArbitraryFlag | SVFlag | ClipCullFlag;
    if (flags & (SVFlag | ClipCullFlag))
      c |= ArbitraryFlag;
    return c;
  }

  struct Register {
    /// Element flags of occupied components, conflict flags of free ones.
    uint8_t flags[4] = {0, 0, 0, 0};
    unsigned interpolation = Undefined;
    uint8_t indexFlags = 0;
    bool indexingFixed = false;
    unsigned width = 0;

    bool hasRowConflict(uint8_t elementFlags, uint8_t elementIndex,
                        unsigned interp, unsigned cols,
                        unsigned elementWidth) const {
      if (indexFlags && (elementFlags & (SGVFlag | SVFlag)))
        return true;
      if (indexingFixed && (elementIndex | indexFlags) != indexFlags)
        return true;
      if (interpolation != Undefined && interpolation != interp)
        return true;
      if (width && width != elementWidth)
        return true;
      unsigned free = 0;
      for (unsigned i = 0; i < 4 && free < cols; ++i)
        free =
            (flags[i] & Occupied) || (flags[i] & elementFlags) ? 0 : free + 1;
      return free < cols;
    }
    bool hasColConflict(uint8_t elementFlags, unsigned col,
                        unsigned cols) const {
      for (unsigned i = col; i < col + cols; ++i)
        if (flags[i] & (elementFlags | Occupied))
          return true;
      return false;
    }
    void place(uint8_t elementFlags, uint8_t elementIndex, unsigned interp,
               unsigned col, unsigned cols, unsigned elementWidth) {
      interpolation = interp;
      indexFlags |= elementIndex;
      width = elementWidth;
      if (elementFlags & (SGVFlag | SVFlag))
        indexingFixed = true;
      for (unsigned i = 0; i < 4; ++i) {
        if (flags[i] & Occupied)
          continue;
        if (i < col)
          flags[i] |= conflictsLeftOf(elementFlags);
        else if (i < col + cols)
          flags[i] = Occupied | elementFlags;
        else
          flags[i] |= conflictsRightOf(elementFlags);
      }
    }
  };

  bool hasRowConflict(unsigned row, unsigned rows, uint8_t elementFlags,
                      unsigned interp, unsigned cols, unsigned width) const {
    for (unsigned i = 0; i < rows; ++i)
      if (registers[row + i].hasRowConflict(
              elementFlags, getIndexFlags(i, rows), interp, cols, width))
        return true;
    return false;
  }
  bool hasColConflict(unsigned row, unsigned rows, uint8_t elementFlags,
                      unsigned col, unsigned cols) const {
    for (unsigned i = 0; i < rows; ++i)
      if (registers[row + i].hasColConflict(elementFlags, col, cols))
        return true;
    return false;
  }

  Register registers[numRegisters];
};

//===----------------------------------------------------------------------===//
// Building the signatures
//===----------------------------------------------------------------------===//

class SignatureBuilder {
public:
  SignatureBuilder(func::FuncOp entry, ShaderStage stage, unsigned smMinor)
      : entry(entry), isPixel(stage == ShaderStage::Pixel), smMinor(smMinor) {}

  FailureOr<EntryInterface> build() {
    for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
      SmallVector<SignatureAccess> parts;
      if (failed(collect(entry.getArgumentTypes()[i], entry.getArgAttrDict(i),
                         /*isOutput=*/false, parts)))
        return failure();
      interface.argumentElements.push_back(std::move(parts));
    }
    if (entry.getNumResults() == 1 &&
        failed(collect(entry.getResultTypes()[0], entry.getResultAttrDict(0),
                       /*isOutput=*/true, interface.resultElements)))
      return failure();
    if (isPixel && failed(checkConservativeDepthPosition()))
      return failure();
    if (failed(pack(interface.inputs,
                    isPixel ? SigPoint::PSIn : SigPoint::VSIn)) ||
        failed(pack(interface.outputs,
                    isPixel ? SigPoint::PSOut : SigPoint::VSOut)))
      return failure();
    return std::move(interface);
  }

private:
  InFlightDiagnostic error() { return entry.emitError(); }

  bool readsSampleIndex = false;

  /// The validator's rule: a pixel shader that writes SV_DepthGreaterEqual
  /// or SV_DepthLessEqual and does not run per sample (no SV_SampleIndex,
  /// no sample-interpolated input) reads SV_Position noperspective centroid
  /// or noperspective sample.
  LogicalResult checkConservativeDepthPosition() {
    bool conservativeDepth =
        llvm::any_of(interface.outputs, [](const SignatureElement &e) {
          return e.kind == DepthLessEqual || e.kind == DepthGreaterEqual;
        });
    bool perSample =
        readsSampleIndex ||
        llvm::any_of(interface.inputs, [](const SignatureElement &e) {
          return e.interpolation == LinearSample ||
                 e.interpolation == LinearNoperspectiveSample;
        });
    if (!conservativeDepth || perSample)
      return success();
    for (const SignatureElement &e : interface.inputs)
      if (e.kind == Position &&
          e.interpolation != LinearNoperspectiveCentroid &&
          e.interpolation != LinearNoperspectiveSample)
        return error() << "SV_Position must be 'centroid' or 'sample' (it is "
                          "read at the pixel's center) in a pixel shader "
                          "that writes SV_DepthGreaterEqual or "
                          "SV_DepthLessEqual";
    return success();
  }

  LogicalResult collect(Type type, DictionaryAttr attrs, bool isOutput,
                        SmallVectorImpl<SignatureAccess> &parts) {
    if (isa<PointerType>(type))
      return error() << "not supported yet: out and inout parameters of an "
                        "entry point";
    // A struct with no fields (empty ones nested included) takes nothing,
    // semantic or not, as in DXC.
    if (isEmptyStruct(type))
      return success();
    if (!attrs)
      return error() << "entry point value without a semantic";
    auto modifiersOf = [](Attribute attr) {
      auto string = dyn_cast_or_null<StringAttr>(attr);
      return string ? string.getValue() : StringRef();
    };
    if (auto semantic =
            attrs.getAs<StringAttr>(HLSLDialect::getSemanticAttrName()))
      return addElement(semantic.getValue(), type, isOutput,
                        attrs.contains("hlsl.unsigned"),
                        modifiersOf(attrs.get("hlsl.modifiers")), parts);
    auto fields = attrs.getAs<ArrayAttr>("hlsl.field_semantics");
    // One semantic per leaf: nested structs (and bases) are flattened,
    // empty ones take nothing; arrays of structs give their struct's leaves
    // over the array.
    SmallVector<Type> leaves;
    collectSignatureLeafTypes(type, leaves);
    if (!fields || (leaves.size() == 1 && leaves.front() == type) ||
        fields.size() != leaves.size())
      return error() << "not supported yet: entry point value of type " << type
                     << " (every field needs its own semantic)";
    auto unsignedFields =
        attrs.getAs<DenseBoolArrayAttr>("hlsl.field_unsigned");
    auto interpolations = attrs.getAs<ArrayAttr>("hlsl.field_modifiers");
    auto indexLists = attrs.getAs<ArrayAttr>("hlsl.field_semantic_indices");
    for (auto [i, field, semantic] : llvm::enumerate(leaves, fields)) {
      bool isUnsigned = unsignedFields && int64_t(i) < unsignedFields.size() &&
                        unsignedFields[i];
      StringRef modifiers = interpolations && i < interpolations.size()
                                ? modifiersOf(interpolations[i])
                                : StringRef();
      ArrayRef<int32_t> indices;
      if (indexLists && i < indexLists.size())
        if (auto list = dyn_cast<DenseI32ArrayAttr>(indexLists[i]))
          indices = list.asArrayRef();
      if (failed(addElement(cast<StringAttr>(semantic).getValue(), field,
                            isOutput, isUnsigned, modifiers, parts, indices)))
        return failure();
    }
    return success();
  }

  /// `modifiers`: the interpolation and snorm/unorm modifiers written on
  /// the value (space-separated).
  /// -Gec: the system value a DX9 semantic stands for at `point`, as DXC
  /// maps it (with a warning); empty for others.
  StringRef getDX9SystemValue(StringRef name, SigPoint point) {
    if (!entry->getParentOfType<ModuleOp>()->hasAttr("hlsl.dx9_semantics"))
      return {};
    if (point == SigPoint::PSOut && name.equals_insensitive("COLOR"))
      return "SV_Target";
    if (point == SigPoint::PSOut && name.equals_insensitive("DEPTH"))
      return "SV_Depth";
    if ((point == SigPoint::VSOut && name.equals_insensitive("POSITION")) ||
        (point == SigPoint::PSIn && name.equals_insensitive("VPOS")))
      return "SV_Position";
    return {};
  }

  /// `indices`: the semantic index of each row, when they do not follow
  /// each other from the semantic's (a leaf of an array of structs).
  LogicalResult addElement(StringRef semantic, Type type, bool isOutput,
                           bool isUnsigned, StringRef modifiers,
                           SmallVectorImpl<SignatureAccess> &parts,
                           ArrayRef<int32_t> indices = {}) {
    auto [name, index] = splitSemantic(semantic);
    SigPoint point = isPixel ? (isOutput ? SigPoint::PSOut : SigPoint::PSIn)
                             : (isOutput ? SigPoint::VSOut : SigPoint::VSIn);
    std::string remapped;
    if (StringRef systemValue = getDX9SystemValue(name, point);
        !systemValue.empty()) {
      entry.emitWarning() << "DX9-style semantic '" << name
                          << "' mapped to the system value '" << systemValue
                          << "' (-Gec)";
      remapped = (systemValue + semantic.drop_front(name.size())).str();
      semantic = remapped;
      name = systemValue;
    }
    std::optional<unsigned> kind = getSemanticKind(name);
    if (!kind)
      return error() << "'" << semantic << "' is not a system value";
    Interpretation interpretation = getInterpretation(*kind, point, smMinor);
    if (interpretation == NA)
      return error() << "semantic '" << semantic << "' is invalid for "
                     << (isPixel ? "pixel" : "vertex") << " shader "
                     << (isOutput ? "outputs" : "inputs")
                     << (interpretationTable[*kind].minMinor > smMinor
                             ? " before shader model 6." +
                                   std::to_string(
                                       interpretationTable[*kind].minMinor)
                             : std::string());
    if (interpretation == Arb)
      kind = Arbitrary;

    SignatureElement element;
    element.name = *kind == Arbitrary ? name : systemValueNames[*kind];
    element.index = index;
    element.kind = *kind;
    // Arrays take one row per element, matrices one per row (row_major) or
    // per column (column_major, the default), as DXC lays them out.
    // (Arrays of arrays are flattened.)
    Type rowType = type;
    unsigned leaves = 1;
    while (auto array = dyn_cast<ArrayType>(rowType)) {
      if (array.isUnbounded() || array.getSize() < 1)
        return error() << "signature element '" << semantic
                       << "' needs a fixed size";
      element.shape = SignatureElement::Shape::Array;
      leaves *= array.getSize();
      rowType = array.getElementType();
    }
    element.rows = leaves;
    if (auto matrix = dyn_cast<MatrixType>(rowType)) {
      bool rowMajor = matrix.isRowMajor();
      element.shape = rowMajor ? SignatureElement::Shape::RowMajorMatrix
                               : SignatureElement::Shape::ColumnMajorMatrix;
      element.matrixRows = matrix.getRows();
      element.matrixColumns = matrix.getColumns();
      element.leafRows = rowMajor ? matrix.getRows() : matrix.getColumns();
      element.rows = leaves * element.leafRows;
      rowType = VectorType::get(
          {int64_t(rowMajor ? matrix.getColumns() : matrix.getRows())},
          matrix.getElementType());
    }
    Type scalar = rowType;
    if (auto vec = dyn_cast<VectorType>(rowType)) {
      scalar = vec.getElementType();
      element.columns = vec.getNumElements();
    } else if (!isa<IntegerType, FloatType>(rowType)) {
      return error() << "not supported yet: signature element '" << semantic
                     << "' of type " << type;
    }
    if (!indices.empty()) {
      if (indices.size() != element.rows)
        return error() << "signature element '" << semantic << "' has "
                       << element.rows << " rows but " << indices.size()
                       << " semantic indices";
      if (*kind != Arbitrary)
        return error() << "not supported yet: the system value '" << semantic
                       << "' in an array of structs";
      element.indices.assign(indices.begin(), indices.end());
    }
    if (*kind == Target && index + element.rows > 8)
      return error() << "signature element '" << semantic << "' has "
                     << element.rows << " rows: render targets go up to "
                     << "SV_Target7";
    unsigned width = scalar.getIntOrFloatBitWidth();
    // As in DXC: signatures hold 16- and 32-bit components only.
    if (width == 64)
      return error() << "'" << semantic << "' has the 64-bit type " << type
                     << ", which cannot be a shader input or output";
    // The validator's rule: the depth outputs are one float.
    if ((*kind == Depth || *kind == DepthLessEqual ||
         *kind == DepthGreaterEqual) &&
        (!scalar.isF32() || element.rows != 1 || element.columns != 1))
      return error() << "'" << semantic << "' must be a float, not " << type;
    // The validator's rule: SV_Position is a float4.
    if (*kind == Position &&
        (!isa<FloatType>(scalar) || element.rows != 1 || element.columns != 4))
      return error() << "'" << semantic << "' must be a float4, not " << type;
    element.scalarType = scalar;
    // DXIL::ComponentType: I1 1, I16/U16 2/3, I32/U32 4/5, F16/F32 8/9.
    element.componentType = isa<FloatType>(scalar) ? (width == 16 ? 8 : 9)
                            : width == 1           ? 1
                            : width == 16          ? (isUnsigned ? 3 : 2)
                                                   : (isUnsigned ? 5 : 4);
    // The bool SV_IsFrontFace is a uint in the signature, as DXC writes it.
    if (*kind == IsFrontFace)
      element.componentType = 5;
    // The validator's rule: these system values are one uint (16-bit too
    // for the first ones). A signed int has the same bits for the values
    // they take: it is declared as a uint (DXC emits a module its validator
    // refuses).
    constexpr unsigned uintKinds[] = {
        VertexID,           InstanceID,  RenderTargetArrayIndex,
        ViewportArrayIndex, PrimitiveID, GSInstanceID,
        SampleIndex,        StencilRef,  ShadingRate};
    constexpr unsigned uint32Kinds[] = {Coverage, InnerCoverage,
                                        OutputControlPointID};
    bool uint32Only = llvm::is_contained(uint32Kinds, *kind);
    if (uint32Only || llvm::is_contained(uintKinds, *kind)) {
      if (!isa<IntegerType>(scalar) || width == 1 || element.columns != 1 ||
          (uint32Only && width != 32))
        return error() << "'" << semantic << "' must be a "
                       << (uint32Only ? "uint" : "uint or uint16_t") << ", not "
                       << type;
      element.componentType = width == 16 ? 3 : 5;
    }
    // snorm/unorm floats.
    SmallVector<StringRef> words;
    modifiers.split(words, ' ', -1, /*KeepEmpty=*/false);
    bool snorm = llvm::is_contained(words, "snorm");
    bool unorm = llvm::is_contained(words, "unorm");
    // Minimum precision: 16-bit components in the signature (not for the
    // values read by operations of their own, nor the float depths).
    element.minPrecision =
        llvm::is_contained(words, "minprecision") && width == 32 &&
        interpretation != NotInSig && interpretation != Shadow &&
        *kind != Depth && *kind != DepthLessEqual &&
        *kind != DepthGreaterEqual && *kind != IsFrontFace;
    if (element.minPrecision)
      element.componentType = isa<FloatType>(scalar) ? 8
                              : isUnsigned           ? 3
                                                     : 2;
    if ((snorm || unorm) && isa<FloatType>(scalar))
      element.componentType =
          getNormComponentType(element.minPrecision ? 16 : width, unorm);
    // Interpolation: only the signatures between vertex and pixel shaders
    // have it; floats interpolate linearly, the rest are constant, and
    // SV_Position is never perspective-corrected.
    // (snorm/unorm values are not interpolated, as in DXC.)
    // The validator's rule: integers (and bools) are not interpolated, so
    // a mode other than nointerpolation on one is an error (as in DXC),
    // not a modifier to drop.
    if (point == SigPoint::VSOut || point == SigPoint::PSIn) {
      if (!isa<FloatType>(scalar))
        for (StringRef mode : {"linear", "centroid", "sample", "noperspective"})
          if (llvm::is_contained(words, mode))
            return error() << "'" << mode << "' on '" << semantic
                           << "', which is not a float: integers and bools "
                              "are not interpolated (nointerpolation is "
                              "their mode)";
      element.interpolation =
          isa<FloatType>(scalar) && *kind != IsFrontFace && !snorm && !unorm
              ? getInterpolationMode(words, *kind == Position)
              : Constant;
    }

    if (!isOutput && *kind == SampleIndex)
      readsSampleIndex = true;
    switch (interpretation) {
    case ClipCull:
      break; // packed apart (see pack)
    case NotInSig:
    case Shadow: {
      if (isOutput)
        break;
      std::optional<SpecialInput> special = getSpecialInput(*kind);
      if (!special)
        return error() << "not supported yet: " << element.name << " as a "
                       << (isPixel ? "pixel" : "vertex") << " shader input";
      parts.push_back({special->opcode, /*special=*/true});
      if (interpretation == NotInSig) {
        // (Not in the signature, but a system value all the same: once.)
        specialInputs.push_back(element);
        if (failed(checkOverlap(specialInputs, isOutput)))
          return failure();
        // (The validator's rule: one or the other.)
        auto reads = [&](StringRef semantic) {
          return llvm::any_of(specialInputs, [&](const SignatureElement &e) {
            return StringRef(e.name).equals_insensitive(semantic);
          });
        };
        if (reads("SV_Coverage") && reads("SV_InnerCoverage"))
          return error() << "pixel shader inputs SV_Coverage and "
                            "SV_InnerCoverage are mutually exclusive";
        return success();
      }
      // A shadow element is still recorded in the signature, unread.
      auto &list = interface.inputs;
      list.push_back(std::move(element));
      interpretations.push_back(interpretation);
      return checkOverlap(list, isOutput);
    }
    case NotPacked:
      break;
    default:
      break;
    }
    auto &list = isOutput ? interface.outputs : interface.inputs;
    auto &kinds = isOutput ? outputInterpretations : interpretations;
    if (*kind == Target && element.rows > 1) {
      // An array of render targets: one element per target, as DXC, which
      // lists them from the last.
      parts.push_back({unsigned(list.size()), /*special=*/false,
                       /*rowsAreElements=*/true, element.rows});
      for (unsigned rows = element.rows, row = rows; row-- > 0;) {
        SignatureElement target = element;
        target.index = element.index + row;
        target.rows = 1;
        target.shape = SignatureElement::Shape::Row;
        list.push_back(std::move(target));
        kinds.push_back(interpretation);
        if (failed(checkOverlap(list, isOutput)))
          return failure();
      }
      return success();
    }
    list.push_back(std::move(element));
    kinds.push_back(interpretation);
    parts.push_back({unsigned(list.size() - 1), /*special=*/false});
    return checkOverlap(list, isOutput);
  }

  /// Two elements of a signature with the same semantic and index.
  LogicalResult checkOverlap(ArrayRef<SignatureElement> list, bool isOutput) {
    const SignatureElement &last = list.back();
    for (const SignatureElement &e : list.drop_back()) {
      if (!StringRef(e.name).equals_insensitive(last.name))
        continue;
      for (unsigned row = 0; row < last.rows; ++row) {
        unsigned index = last.getSemanticIndex(row);
        for (unsigned other = 0; other < e.rows; ++other)
          if (e.getSemanticIndex(other) == index)
            return error() << "the " << (isOutput ? "output" : "input")
                           << " semantic '" << last.name << index
                           << "' is used twice";
      }
    }
    return success();
  }

  LogicalResult pack(MutableArrayRef<SignatureElement> elements,
                     SigPoint point) {
    ArrayRef<Interpretation> kinds =
        point == SigPoint::VSOut || point == SigPoint::PSOut
            ? outputInterpretations
            : interpretations;
    SignaturePacker packer;
    // Clip and cull distances share at most two registers of their own, as
    // in DXC's prefix-stable packing: they are packed into two rows apart,
    // and a row they start reserves a whole register of the signature.
    // An array (indexed) needs both rows, adjacent.
    SignaturePacker clipCull;
    unsigned clipCullRows[2] = {0, 0}, clipCullRowsUsed = 0;
    bool clipCullIndexed = false;
    unsigned nextRow = 0;
    for (auto [element, interpretation] : llvm::zip_equal(elements, kinds)) {
      // A reference the lambda below can capture (not a structured binding).
      auto &e = element;
      if (interpretation == ClipCull) {
        unsigned width = e.scalarType.getIntOrFloatBitWidth() == 16 ? 16 : 32;
        auto doesNotFit = [&]() {
          return error() << "the clip and cull distances do not fit in two "
                            "adjacent registers at '"
                         << e.name << e.index << "'";
        };
        SignaturePacker tried = clipCull;
        if (!tried.place(e, SignaturePacker::ClipCullFlag, width,
                         /*maxRows=*/2))
          return doesNotFit();
        unsigned used = unsigned(e.startRow) + e.rows;
        if (e.rows > 1 && !clipCullIndexed) {
          if (clipCullRowsUsed == 1 ||
              (clipCullRowsUsed == 2 && clipCullRows[0] + 1 != clipCullRows[1]))
            return doesNotFit();
          clipCullIndexed = true;
        }
        if (used > clipCullRowsUsed) {
          // A register of the signature reserved per row (two adjacent
          // ones for an array).
          SignatureElement reserved = e;
          reserved.rows = clipCullIndexed ? 2 : 1;
          reserved.columns = 4;
          if (!packer.place(reserved, SignaturePacker::ClipCullFlag, width))
            return error() << "the "
                           << (point == SigPoint::VSOut ? "output" : "input")
                           << " signature does not fit in "
                           << SignaturePacker::numRegisters << " registers at '"
                           << e.name << e.index << "'";
          for (unsigned i = 0; i < unsigned(reserved.rows); ++i)
            clipCullRows[clipCullRowsUsed++] = reserved.startRow + i;
        }
        clipCull = tried;
        e.startRow = clipCullRows[e.startRow];
        continue;
      }
      if (interpretation == NotPacked || interpretation == Shadow)
        continue; // outside the registers: row and column -1
      if (point == SigPoint::VSIn) {
        // The input assembler's elements: one register row after another.
        e.startRow = nextRow;
        e.startCol = 0;
        nextRow += e.rows;
        continue;
      }
      if (interpretation == Interpretation::Target) {
        e.startRow = e.index;
        e.startCol = 0;
        continue;
      }
      uint8_t flags = interpretation == SGV  ? SignaturePacker::SGVFlag
                      : interpretation == SV ? SignaturePacker::SVFlag
                                             : SignaturePacker::ArbitraryFlag;
      unsigned width = e.scalarType.getIntOrFloatBitWidth() == 16 ? 16 : 32;
      if (!packer.place(e, flags, width))
        return error() << "the "
                       << (point == SigPoint::VSOut ? "output" : "input")
                       << " signature does not fit in "
                       << SignaturePacker::numRegisters << " registers at '"
                       << e.name << e.index << "'";
    }
    if (point == SigPoint::VSIn && nextRow > SignaturePacker::numRegisters)
      return error() << "the input signature does not fit in "
                     << SignaturePacker::numRegisters << " registers";
    return success();
  }

  func::FuncOp entry;
  bool isPixel;
  unsigned smMinor;
  EntryInterface interface;
  SmallVector<Interpretation> interpretations, outputInterpretations;
  /// The system-value inputs outside the signature (SV_Coverage, ...).
  SmallVector<SignatureElement> specialInputs;
};
} // namespace

FailureOr<EntryInterface> mlir::hlsl::buildEntryInterface(func::FuncOp entry,
                                                          ShaderStage stage,
                                                          unsigned smMajor,
                                                          unsigned smMinor) {
  (void)smMajor;
  return SignatureBuilder(entry, stage, smMinor).build();
}

//===----------------------------------------------------------------------===//
// Reading and writing the elements
//===----------------------------------------------------------------------===//

/// The struct an LLVM array (of arrays) of structs holds.
static LLVM::LLVMStructType getArrayElementStruct(Type type) {
  while (auto array = dyn_cast<LLVM::LLVMArrayType>(type))
    type = array.getElementType();
  return dyn_cast<LLVM::LLVMStructType>(type);
}

/// The leaves of a converted entry value, as collectSignatureLeafTypes orders
/// them: struct fields flattened, an array of structs giving its struct's
/// leaves as arrays over it.
static void collectLeafTypes(Type type, SmallVectorImpl<Type> &out) {
  if (auto st = dyn_cast<LLVM::LLVMStructType>(type)) {
    for (Type field : st.getBody())
      collectLeafTypes(field, out);
    return;
  }
  if (auto array = dyn_cast<LLVM::LLVMArrayType>(type);
      array && getArrayElementStruct(array)) {
    SmallVector<Type> inner;
    collectLeafTypes(array.getElementType(), inner);
    for (Type leaf : inner)
      out.push_back(LLVM::LLVMArrayType::get(leaf, array.getNumElements()));
    return;
  }
  out.push_back(type);
}

/// A value of `type` from its leaves' values (from `leaves[next]` on).
static Value assembleLeaves(OpBuilder &b, Location loc, Type type,
                            ArrayRef<Value> leaves, unsigned &next) {
  if (auto st = dyn_cast<LLVM::LLVMStructType>(type)) {
    Value built = LLVM::UndefOp::create(b, loc, st);
    for (auto [i, field] : llvm::enumerate(st.getBody()))
      built = LLVM::InsertValueOp::create(
          b, loc, built, assembleLeaves(b, loc, field, leaves, next),
          int64_t(i));
    return built;
  }
  auto array = dyn_cast<LLVM::LLVMArrayType>(type);
  if (!array || !getArrayElementStruct(array))
    return leaves[next++];
  // Element i of an array of structs is built from element i of each of
  // its leaves.
  SmallVector<Type> leafTypes;
  collectLeafTypes(array.getElementType(), leafTypes);
  ArrayRef<Value> arrays = leaves.slice(next, leafTypes.size());
  next += leafTypes.size();
  Value built = LLVM::UndefOp::create(b, loc, array);
  for (unsigned i = 0; i < array.getNumElements(); ++i) {
    SmallVector<Value> elements;
    for (Value leaf : arrays)
      elements.push_back(LLVM::ExtractValueOp::create(b, loc, leaf, i));
    unsigned first = 0;
    built = LLVM::InsertValueOp::create(
        b, loc, built,
        assembleLeaves(b, loc, array.getElementType(), elements, first), i);
  }
  return built;
}

/// The leaves' values of `value` (the inverse of assembleLeaves).
static void disassembleLeaves(OpBuilder &b, Location loc, Value value,
                              SmallVectorImpl<Value> &out) {
  Type type = value.getType();
  if (auto st = dyn_cast<LLVM::LLVMStructType>(type)) {
    for (unsigned i = 0; i < st.getBody().size(); ++i)
      disassembleLeaves(
          b, loc, LLVM::ExtractValueOp::create(b, loc, value, int64_t(i)), out);
    return;
  }
  auto array = dyn_cast<LLVM::LLVMArrayType>(type);
  if (!array || !getArrayElementStruct(array)) {
    out.push_back(value);
    return;
  }
  SmallVector<Type> leafTypes;
  collectLeafTypes(type, leafTypes);
  SmallVector<Value> arrays;
  for (Type leafType : leafTypes)
    arrays.push_back(LLVM::UndefOp::create(b, loc, leafType));
  for (unsigned i = 0; i < array.getNumElements(); ++i) {
    SmallVector<Value> elements;
    disassembleLeaves(b, loc, LLVM::ExtractValueOp::create(b, loc, value, i),
                      elements);
    for (auto [leaf, element] : llvm::zip_equal(arrays, elements))
      leaf = LLVM::InsertValueOp::create(b, loc, leaf, element, i);
  }
  out.append(arrays.begin(), arrays.end());
}

/// The 16-bit type of a minimum-precision element's components.
static Type getMinPrecisionType(const SignatureElement &e) {
  MLIRContext *context = e.scalarType.getContext();
  if (isa<FloatType>(e.scalarType))
    return Float16Type::get(context);
  return IntegerType::get(context, 16);
}

/// A minimum-precision component read from the signature, in the entry's
/// 32 bits.
static Value widenMinPrecision(OpBuilder &b, Location loc, Value v,
                               const SignatureElement &e) {
  if (isa<FloatType>(e.scalarType))
    return LLVM::FPExtOp::create(b, loc, e.scalarType, v);
  // DXIL::ComponentType U16 is 3.
  if (e.componentType == 3)
    return LLVM::ZExtOp::create(b, loc, e.scalarType, v);
  return LLVM::SExtOp::create(b, loc, e.scalarType, v);
}

/// A component of the entry's 32 bits written to a minimum-precision
/// element.
static Value narrowMinPrecision(OpBuilder &b, Location loc, Value v,
                                const SignatureElement &e) {
  Type type = getMinPrecisionType(e);
  if (isa<FloatType>(v.getType()))
    return LLVM::FPTruncOp::create(b, loc, type, v);
  return LLVM::TruncOp::create(b, loc, type, v);
}

LogicalResult mlir::hlsl::lowerSignatureAccess(LLVM::LLVMFuncOp func,
                                               const EntryInterface &interface,
                                               DXILOpBuilder &dx) {
  if (!func || func.isExternal())
    return success();
  MLIRContext *context = func.getContext();
  Block &entry = func.getBody().front();
  OpBuilder b = OpBuilder::atBlockBegin(&entry);
  Location loc = func.getLoc();
  Type i32 = b.getI32Type();
  auto load = [&](SignatureAccess access, Type type) -> Value {
    if (access.special) {
      std::optional<SpecialInput> special;
      for (unsigned kind = 0; kind < numSemanticKinds && !special; ++kind)
        if (std::optional<SpecialInput> s = getSpecialInput(kind);
            s && s->opcode == access.element)
          special = s;
      if (!special->className)
        return dx.i32(b, loc, 0);
      return dx.call(b, loc, special->className, i32, special->opcode, i32, {},
                     dxil::OpAttr::ReadNone);
    }
    const SignatureElement &e = interface.inputs[access.element];
    // Bools are i32 in the signature; minimum-precision values 16 bits.
    bool isBool = e.scalarType.isInteger(1);
    Type loaded = isBool ? i32 : e.scalarType;
    if (e.minPrecision)
      loaded = getMinPrecisionType(e);
    auto loadComponent = [&](unsigned row, unsigned col) -> Value {
      Value v = dx.call(b, loc, "loadInput", loaded, 4, loaded,
                        {dx.i32(b, loc, access.element), dx.i32(b, loc, row),
                         dx.i8(b, loc, col), dx.undef(b, loc, i32)},
                        dxil::OpAttr::ReadNone);
      if (isBool)
        v = LLVM::ICmpOp::create(b, loc, LLVM::ICmpPredicate::ne, v,
                                 dx.i32(b, loc, 0));
      if (e.minPrecision)
        v = widenMinPrecision(b, loc, v, e);
      return v;
    };
    auto loadRow = [&](unsigned row, Type rowType) -> Value {
      SmallVector<Value> components;
      for (unsigned c = 0; c < e.columns; ++c)
        components.push_back(loadComponent(row, c));
      return vectorize(b, loc, rowType, components, dx);
    };
    using Shape = SignatureElement::Shape;
    // One leaf (a row, or a matrix as its flat row-major vector) from its
    // first row.
    auto loadLeaf = [&](unsigned first, Type leafType) -> Value {
      if (e.shape != Shape::RowMajorMatrix &&
          e.shape != Shape::ColumnMajorMatrix)
        return loadRow(first, leafType);
      SmallVector<Value> components;
      bool rowMajor = e.shape == Shape::RowMajorMatrix;
      for (unsigned r = 0; r < e.matrixRows; ++r)
        for (unsigned c = 0; c < e.matrixColumns; ++c)
          components.push_back(rowMajor ? loadComponent(first + r, c)
                                        : loadComponent(first + c, r));
      return vectorize(b, loc, leafType, components, dx);
    };
    // Arrays (of arrays) of leaves, one leaf after another.
    unsigned nextLeaf = 0;
    std::function<Value(Type)> build = [&](Type t) -> Value {
      auto array = dyn_cast<LLVM::LLVMArrayType>(t);
      if (!array)
        return loadLeaf(e.leafRows * nextLeaf++, t);
      Value value = LLVM::UndefOp::create(b, loc, array);
      for (unsigned i = 0; i < array.getNumElements(); ++i)
        value = LLVM::InsertValueOp::create(
            b, loc, value, build(array.getElementType()), int64_t(i));
      return value;
    };
    return build(type);
  };
  auto convertTo = [&](OpBuilder &ob, Value v, Type type) -> Value {
    // A special input is an i32: the parameter may be a bool or a uint.
    if (v.getType() == type)
      return v;
    if (type.isInteger(1))
      return LLVM::ICmpOp::create(ob, loc, LLVM::ICmpPredicate::ne, v,
                                  dx.i32(ob, loc, 0));
    return v;
  };
  for (auto [argIndex, argParts] :
       llvm::enumerate(interface.argumentElements)) {
    BlockArgument arg = entry.getArgument(argIndex);
    // A reference the lambda below can capture (not a structured binding).
    const auto &parts = argParts;
    // One part per leaf; nested structs (and bases) and arrays of structs
    // are built from theirs.
    SmallVector<Type> leafTypes;
    collectLeafTypes(arg.getType(), leafTypes);
    SmallVector<Value> leaves;
    for (auto [part, leafType] : llvm::zip_equal(parts, leafTypes))
      leaves.push_back(convertTo(b, load(part, leafType), leafType));
    unsigned first = 0;
    Value value = assembleLeaves(b, loc, arg.getType(), leaves, first);
    arg.replaceAllUsesWith(value);
  }
  entry.eraseArguments(0, entry.getNumArguments());
  // Outputs: every return stores the returned value.
  SmallVector<LLVM::ReturnOp> returns;
  func.walk([&](LLVM::ReturnOp ret) { returns.push_back(ret); });
  for (LLVM::ReturnOp ret : returns) {
    OpBuilder rb(ret);
    if (ret.getNumOperands() == 1) {
      Value result = ret.getOperand(0);
      auto store = [&](SignatureAccess access, Value value) {
        const SignatureElement &e = interface.outputs[access.element];
        auto storeComponent = [&](unsigned row, unsigned col,
                                  Value component) {
          Value stored = component;
          if (stored.getType().isInteger(1))
            stored = LLVM::ZExtOp::create(rb, loc, i32, stored);
          if (e.minPrecision)
            stored = narrowMinPrecision(rb, loc, stored, e);
          unsigned id = access.element;
          if (access.rowsAreElements) {
            id += access.rows - 1 - row;
            row = 0;
          }
          dx.call(rb, loc, "storeOutput", stored.getType(), 5, Type(),
                  {dx.i32(rb, loc, id), dx.i32(rb, loc, row),
                   dx.i8(rb, loc, col), stored},
                  dxil::OpAttr::None);
        };
        using Shape = SignatureElement::Shape;
        // One leaf (a row, or a matrix as its flat row-major vector) from
        // its first row.
        auto storeLeaf = [&](unsigned first, Value leaf) {
          SmallVector<Value> components = scalarize(rb, loc, leaf, dx);
          if (e.shape != Shape::RowMajorMatrix &&
              e.shape != Shape::ColumnMajorMatrix) {
            for (auto [c, component] : llvm::enumerate(components))
              storeComponent(first, c, component);
            return;
          }
          bool rowMajor = e.shape == Shape::RowMajorMatrix;
          for (unsigned r = 0; r < e.matrixRows; ++r)
            for (unsigned c = 0; c < e.matrixColumns; ++c) {
              Value component = components[r * e.matrixColumns + c];
              if (rowMajor)
                storeComponent(first + r, c, component);
              else
                storeComponent(first + c, r, component);
            }
        };
        // Arrays (of arrays) of leaves, one leaf after another.
        unsigned nextLeaf = 0;
        std::function<void(Value)> scatter = [&](Value v) {
          auto array = dyn_cast<LLVM::LLVMArrayType>(v.getType());
          if (!array) {
            storeLeaf(e.leafRows * nextLeaf++, v);
            return;
          }
          for (unsigned i = 0; i < array.getNumElements(); ++i)
            scatter(LLVM::ExtractValueOp::create(rb, loc, v, int64_t(i)));
        };
        scatter(value);
      };
      if (isa<LLVM::LLVMStructType>(result.getType()) ||
          getArrayElementStruct(result.getType())) {
        // One element per leaf; nested structs (and bases) and arrays of
        // structs give theirs.
        SmallVector<Value> leaves;
        disassembleLeaves(rb, loc, result, leaves);
        for (auto [element, leaf] :
             llvm::zip_equal(interface.resultElements, leaves))
          store(element, leaf);
      } else if (!interface.resultElements.empty()) {
        store(interface.resultElements.front(), result);
      }
    }
    LLVM::ReturnOp::create(rb, ret.getLoc(), ValueRange());
    ret.erase();
  }
  func.setFunctionType(
      LLVM::LLVMFunctionType::get(LLVM::LLVMVoidType::get(context), {}));
  func.setArgAttrsAttr(ArrayAttr());
  func.setResAttrsAttr(ArrayAttr());
  return success();
}
