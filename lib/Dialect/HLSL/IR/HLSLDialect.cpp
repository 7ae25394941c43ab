//===- HLSLDialect.cpp - hlsl dialect -------------------------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"
#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/OpImplementation.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Transforms/InliningUtils.h"

using namespace mlir;
using namespace mlir::hlsl;

#include "HLSL/Dialect/HLSL/IR/HLSLOpsDialect.cpp.inc"

namespace {
/// Every hlsl op can be inlined: none refers to its enclosing function.
struct HLSLInlinerInterface : public DialectInlinerInterface {
  using DialectInlinerInterface::DialectInlinerInterface;
  bool isLegalToInline(Operation *, Region *, bool, IRMapping &) const final {
    return true;
  }
  bool isLegalToInline(Region *, Region *, bool, IRMapping &) const final {
    return true;
  }
};

/// Structs nested eight or more levels deep print under an alias named after
/// the struct (`!Outer = !hlsl.struct<"Outer", {m: !Middle}>`). Spelled
/// inline, every level repeats all the levels below it, which made printing
/// deeply nested structs quadratic in time and size; shallower structs stay
/// inline, where they read best.
struct HLSLOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;
  AliasResult getAlias(Type type, raw_ostream &os) const final {
    auto structType = dyn_cast<StructType>(type);
    if (!structType || structType.getName().empty() ||
        structDepth(structType, kAliasDepth) < kAliasDepth)
      return AliasResult::NoAlias;
    os << structType.getName();
    return AliasResult::OverridableAlias;
  }

private:
  static constexpr unsigned kAliasDepth = 8;

  /// How many structs nest in `type` (through arrays), counted up to `limit`.
  static unsigned structDepth(Type type, unsigned limit) {
    while (auto array = dyn_cast<ArrayType>(type))
      type = array.getElementType();
    auto structType = dyn_cast<StructType>(type);
    if (!structType || limit == 0)
      return 0;
    unsigned inner = 0;
    for (Type field : structType.getFieldTypes())
      inner = std::max(inner, structDepth(field, limit - 1));
    return inner + 1;
  }
};
} // namespace

void HLSLDialect::initialize() {
  registerTypes();
  registerAttributes();
  addOperations<
#define GET_OP_LIST
#include "HLSL/Dialect/HLSL/IR/HLSLOps.cpp.inc"
      >();
  addInterfaces<HLSLInlinerInterface, HLSLOpAsmInterface>();
}

/// D3D12 limits on a compute thread group.
static LogicalResult verifyNumThreads(Operation *op, Attribute attr) {
  auto dims = dyn_cast<DenseI32ArrayAttr>(attr);
  if (!dims || dims.size() != 3)
    return op->emitError() << "'hlsl.numthreads' must be an array of three "
                              "i32 values";
  ArrayRef<int32_t> xyz = dims.asArrayRef();
  if (llvm::any_of(xyz, [](int32_t v) { return v < 1; }))
    return op->emitError() << "'hlsl.numthreads' values must be positive";
  if (xyz[0] > 1024 || xyz[1] > 1024 || xyz[2] > 64)
    return op->emitError() << "'hlsl.numthreads' exceeds the maximum "
                              "(1024, 1024, 64)";
  if (int64_t(xyz[0]) * xyz[1] * xyz[2] > 1024)
    return op->emitError() << "'hlsl.numthreads' has more than 1024 threads "
                              "per group";
  return success();
}

LogicalResult HLSLDialect::verifyOperationAttribute(Operation *op,
                                                    NamedAttribute attr) {
  StringRef name = attr.getName().strref();
  if (name == getShaderAttrName()) {
    auto stage = dyn_cast<ShaderStageAttr>(attr.getValue());
    if (!stage)
      return op->emitError() << "'" << name << "' must be a shader stage";
    if (!isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << name << "' only applies to functions";
    if (stage.getValue() == ShaderStage::Compute &&
        !op->hasAttr(getNumThreadsAttrName()))
      return op->emitError()
             << "compute shader entry point needs 'hlsl.numthreads'";
    return success();
  }
  if (name == getNumThreadsAttrName())
    return verifyNumThreads(op, attr.getValue());
  if (name == getWaveSizeAttrName()) {
    auto sizes = dyn_cast<DenseI32ArrayAttr>(attr.getValue());
    if (!sizes || sizes.size() != 3 || !isa<FunctionOpInterface>(op))
      return op->emitError() << "'" << name
                             << "' must be 3 i32 (min, max, preferred) on a "
                                "function";
    for (int32_t size : sizes.asArrayRef())
      if (size != 0 && (size < 4 || size > 128 || (size & (size - 1))))
        return op->emitError() << "'" << name
                               << "': wave sizes are powers of two from 4 to "
                                  "128 (0: none)";
    return success();
  }
  // Loop hints ([unroll(N)], [loop]) on a loop's back edge.
  if (name == "hlsl.unroll") {
    auto count = dyn_cast<IntegerAttr>(attr.getValue());
    if (!count || count.getInt() < 0)
      return op->emitError() << "'hlsl.unroll' must be a non-negative "
                                "integer (0: unroll fully)";
    return success();
  }
  // Module attributes: the target profile, what the options and the entry's
  // attributes say, and the DXIL metadata the LLVM IR translation attaches.
  struct ModuleAttribute {
    StringRef name, kind;
    bool (*isValid)(Attribute);
  };
  static const ModuleAttribute moduleAttributes[] = {
      {"hlsl.profile", "a string",
       [](Attribute a) { return isa<StringAttr>(a); }},
      // [earlydepthstencil] on the pixel shader entry.
      {"hlsl.early_depth_stencil", "a unit attribute",
       [](Attribute a) { return isa<UnitAttr>(a); }},
      // -Gec: the entry's DX9 semantics are the system values they stand for.
      {"hlsl.dx9_semantics", "a unit attribute",
       [](Attribute a) { return isa<UnitAttr>(a); }},
      // A `precise` declaration or -Gis: IEEE-strict arithmetic throughout
      // (no `fast` flags in the DXIL).
      {"hlsl.precise", "a unit attribute",
       [](Attribute a) { return isa<UnitAttr>(a); }},
      // The entry's root signature, serialized as the RTS0 part.
      {"hlsl.root_signature", "a string",
       [](Attribute a) { return isa<StringAttr>(a); }},
      {"hlsl.named_metadata", "an array",
       [](Attribute a) { return isa<ArrayAttr>(a); }},
      // The resources (symbol names) that a first compilation found unused
      // once LLVM optimized the code: bound apart by AssignBindings.
      {"hlsl.unused_after_optimization", "an array of strings",
       [](Attribute a) {
         auto names = dyn_cast<ArrayAttr>(a);
         return names && llvm::all_of(names, llvm::IsaPred<StringAttr>);
       }},
      // A first compilation the driver repeats when resources turn out
      // unused: AssignBindings binds resources that do not fit together
      // apart (and then says so with hlsl.bindings_apart) instead of
      // failing.
      {"hlsl.tentative_bindings", "a unit attribute",
       [](Attribute a) { return isa<UnitAttr>(a); }},
      {"hlsl.bindings_apart", "a unit attribute",
       [](Attribute a) { return isa<UnitAttr>(a); }},
  };
  for (const ModuleAttribute &known : moduleAttributes) {
    if (name != known.name)
      continue;
    if (!known.isValid(attr.getValue()) || !isa<ModuleOp>(op))
      return op->emitError() << "'" << known.name << "' must be " << known.kind
                             << " on a module";
    return success();
  }
  // Signedness of an atomic min/max destination (types are signless).
  if (name == "hlsl.signed") {
    if (!isa<BoolAttr>(attr.getValue()))
      return op->emitError() << "'hlsl.signed' must be a boolean";
    return success();
  }
  // Why the shader's stage may not use this DXIL operation (an LLVM call):
  // an error if the optimizer keeps it (StageRestrictedOperations.cpp).
  if (name == "hlsl.stage_error") {
    if (!isa<StringAttr>(attr.getValue()) ||
        op->getName().getStringRef() != "llvm.call")
      return op->emitError()
             << "'hlsl.stage_error' must be a string on an LLVM call";
    return success();
  }
  if (name == "hlsl.loop") {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'hlsl.loop' must be a unit attribute";
    return success();
  }
  // `Texture2D<unorm float4>`: the element's normalization (its component
  // type in the resource's metadata).
  // A `globallycoherent` UAV (declared, or a heap handle assigned to a
  // variable declared so).
  if (name == "hlsl.globally_coherent") {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<ResourceOp, HeapHandleOp>(op))
      return op->emitError()
             << "'hlsl.globally_coherent' must be a unit attribute on a "
                "resource or a heap handle";
    return success();
  }
  // `Texture2DMS<float4, 4>`: the samples per pixel the type names; -1 is
  // fxc's legal "any", which DXC keeps in the metadata.
  if (name == "hlsl.sample_count") {
    auto count = dyn_cast<IntegerAttr>(attr.getValue());
    if (!count || count.getValue().getSExtValue() < -1 || !isa<ResourceOp>(op))
      return op->emitError()
             << "'hlsl.sample_count' must be a count on a resource";
    return success();
  }
  if (name == "hlsl.element_norm") {
    auto norm = dyn_cast<StringAttr>(attr.getValue());
    if (!norm || (norm.getValue() != "snorm" && norm.getValue() != "unorm") ||
        !isa<ResourceOp>(op))
      return op->emitError()
             << "'hlsl.element_norm' must be \"snorm\" or \"unorm\" on a "
                "resource";
    return success();
  }
  if (name == getEntryAttrName()) {
    if (!isa<UnitAttr>(attr.getValue()) || !isa<FunctionOpInterface>(op))
      return op->emitError()
             << "'" << name << "' must be a unit attribute on a function";
    return success();
  }
  return op->emitError() << "unknown hlsl attribute '" << name << "'";
}

/// Directions and semantics on a parameter or result.
static LogicalResult verifyValueAttr(Operation *op, NamedAttribute attr,
                                     Type valueType, bool isArgument) {
  StringRef name = attr.getName().strref();
  if (name == HLSLDialect::getSemanticAttrName()) {
    auto semantic = dyn_cast<StringAttr>(attr.getValue());
    if (!semantic || semantic.getValue().empty())
      return op->emitError() << "'" << name << "' must be a non-empty string";
    return success();
  }
  if (name == "hlsl.field_semantics") {
    auto semantics = dyn_cast<ArrayAttr>(attr.getValue());
    if (!semantics || llvm::any_of(semantics, [](Attribute a) {
          return !isa<StringAttr>(a) || cast<StringAttr>(a).getValue().empty();
        }))
      return op->emitError()
             << "'" << name << "' must be an array of non-empty strings";
    return success();
  }
  // Signedness of a signature element (integers are signless here).
  if (name == "hlsl.unsigned") {
    if (!isa<UnitAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be a unit attribute";
    return success();
  }
  if (name == "hlsl.field_unsigned") {
    if (!isa<DenseBoolArrayAttr>(attr.getValue()))
      return op->emitError() << "'" << name << "' must be an array of bools";
    return success();
  }
  // The semantic index of each row of each leaf, where they do not follow
  // each other (an array of structs): empty lists for the others.
  if (name == "hlsl.field_semantic_indices") {
    auto lists = dyn_cast<ArrayAttr>(attr.getValue());
    if (!lists || !llvm::all_of(lists, [](Attribute list) {
          auto indices = dyn_cast<DenseI32ArrayAttr>(list);
          return indices && llvm::all_of(indices.asArrayRef(),
                                         [](int32_t i) { return i >= 0; });
        }))
      return op->emitError()
             << "'" << name << "' must be an array of index arrays";
    return success();
  }
  // Modifiers of a signature element (`nointerpolation`, `noperspective`,
  // `linear`, `centroid`, `sample`, `snorm`, `unorm`, and `minprecision`
  // for a minimum-precision type, space-separated).
  auto isModifierList = [](Attribute a) {
    auto string = dyn_cast<StringAttr>(a);
    if (!string)
      return false;
    SmallVector<StringRef> words;
    string.getValue().split(words, ' ', -1, /*KeepEmpty=*/false);
    return llvm::all_of(words, [](StringRef word) {
      return llvm::is_contained({"nointerpolation", "noperspective", "linear",
                                 "centroid", "sample", "snorm", "unorm",
                                 "minprecision"},
                                word);
    });
  };
  if (name == "hlsl.modifiers") {
    if (!isModifierList(attr.getValue()))
      return op->emitError()
             << "'" << name << "' must be a list of signature modifiers";
    return success();
  }
  if (name == "hlsl.field_modifiers") {
    auto fields = dyn_cast<ArrayAttr>(attr.getValue());
    if (!fields || !llvm::all_of(fields, isModifierList))
      return op->emitError() << "'" << name
                             << "' must be an array of signature modifier "
                                "lists";
    return success();
  }
  if (name == HLSLDialect::getDirectionAttrName() && isArgument) {
    auto direction = dyn_cast<ParamDirectionAttr>(attr.getValue());
    if (!direction)
      return op->emitError() << "'" << name << "' must be a direction";
    auto ptr = dyn_cast_or_null<PointerType>(valueType);
    bool isOut = direction.getValue() != ParamDirection::In;
    if (isOut && (!ptr || ptr.getAddressSpace() != AddressSpace::Function))
      return op->emitError() << "out/inout parameter must be a function-space "
                                "pointer, got "
                             << valueType;
    return success();
  }
  return op->emitError() << "unknown hlsl attribute '" << name << "'";
}

LogicalResult HLSLDialect::verifyRegionArgAttribute(Operation *op,
                                                    unsigned regionIndex,
                                                    unsigned argIndex,
                                                    NamedAttribute attr) {
  // Function declarations (func.func, llvm.func) have no entry block: the
  // argument types come from the function type.
  Type type;
  if (auto func = dyn_cast<FunctionOpInterface>(op)) {
    ArrayRef<Type> types = func.getArgumentTypes();
    if (argIndex < types.size())
      type = types[argIndex];
  } else if (!op->getRegion(regionIndex).empty() &&
             argIndex < op->getRegion(regionIndex).getNumArguments()) {
    type = op->getRegion(regionIndex).getArgument(argIndex).getType();
  }
  return verifyValueAttr(op, attr, type, /*isArgument=*/true);
}

LogicalResult HLSLDialect::verifyRegionResultAttribute(Operation *op, unsigned,
                                                       unsigned,
                                                       NamedAttribute attr) {
  return verifyValueAttr(op, attr, Type(), /*isArgument=*/false);
}
