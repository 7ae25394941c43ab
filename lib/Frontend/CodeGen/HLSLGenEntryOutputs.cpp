//===- HLSLGenEntryOutputs.cpp - out/inout parameters of entry points -----===//
//
// `void main(float4 p : POSITION, out float4 o : SV_Position)`: an entry's
// out and inout parameters are signature outputs (inout ones inputs too).
// The entry becomes a wrapper with value parameters and one struct result,
// one field per output in order (the returned value's first, as DXC
// orders the signature), that calls the user's function with local
// variables for the out/inout parameters; inlining makes it one function.
//
// `[clipplanes(p0, ...)]` wraps the entry once more: the wrapper also
// returns SV_ClipDistance<i> = dot(SV_Position, p<i>), the planes read from
// their constant buffers, as DXC adds them.
//
//===----------------------------------------------------------------------===//

#include "HLSLGen.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

namespace {
/// One field of the wrapper's result: where its value comes from and its
/// semantic.
struct OutputField {
  Type type;
  StringAttr semantic;
  bool isUnsigned = false;
  /// The semantic index of each row, if they do not follow each other
  /// (hlsl.field_semantic_indices).
  Attribute indices = nullptr;
  /// Its signature modifiers (interpolation, snorm/unorm, minprecision:
  /// hlsl.modifiers), if any.
  StringAttr modifiers = nullptr;
};

/// The values of the leaves of `value` (collectSignatureLeafTypes' order).
void collectLeafValues(OpBuilder &builder, Location loc, Value value,
                       SmallVectorImpl<Value> &leaves) {
  Type type = value.getType();
  if (auto st = dyn_cast<StructType>(type)) {
    for (auto [i, field] : llvm::enumerate(st.getFieldTypes()))
      collectLeafValues(
          builder, loc,
          FieldExtractOp::create(builder, loc, field, value,
                                 builder.getI32IntegerAttr(int32_t(i))),
          leaves);
    return;
  }
  SmallVector<Type> leafTypes;
  collectSignatureLeafTypes(type, leafTypes);
  if (leafTypes.size() == 1 && leafTypes.front() == type) {
    leaves.push_back(value);
    return;
  }
  // An array of structs: leaf k is the array of its elements' leaf k.
  auto array = cast<ArrayType>(type);
  SmallVector<SmallVector<Value>> elements(leafTypes.size());
  for (int64_t i = 0; i < array.getSize(); ++i) {
    Value index = arith::ConstantOp::create(
        builder, loc, builder.getI32IntegerAttr(int32_t(i)));
    SmallVector<Value> inner;
    collectLeafValues(builder, loc,
                      ArrayExtractOp::create(builder, loc, value, index),
                      inner);
    for (auto [k, leaf] : llvm::enumerate(inner))
      elements[k].push_back(leaf);
  }
  for (auto [leafType, values] : llvm::zip_equal(leafTypes, elements))
    leaves.push_back(ConstructOp::create(builder, loc, leafType, values));
}

/// The fields a value with `attrs` contributes: its own semantic, or one per
/// leaf of a struct (hlsl.field_semantics); none for an empty struct.
bool collectFields(Type type, DictionaryAttr attrs,
                   SmallVectorImpl<OutputField> &fields) {
  if (isEmptyStruct(type))
    return true;
  if (!attrs)
    return false;
  if (auto semantic =
          attrs.getAs<StringAttr>(HLSLDialect::getSemanticAttrName())) {
    fields.push_back({type, semantic, attrs.contains("hlsl.unsigned"), nullptr,
                      attrs.getAs<StringAttr>("hlsl.modifiers")});
    return true;
  }
  auto semantics = attrs.getAs<ArrayAttr>("hlsl.field_semantics");
  if (!semantics)
    return false;
  SmallVector<Type> leaves;
  collectSignatureLeafTypes(type, leaves);
  if (semantics.size() != leaves.size())
    return false;
  auto unsignedFields = attrs.getAs<DenseBoolArrayAttr>("hlsl.field_unsigned");
  auto indexLists = attrs.getAs<ArrayAttr>("hlsl.field_semantic_indices");
  auto modifierLists = attrs.getAs<ArrayAttr>("hlsl.field_modifiers");
  for (auto [i, leaf] : llvm::enumerate(leaves))
    fields.push_back(
        {leaf, cast<StringAttr>(semantics[i]),
         unsignedFields && int64_t(i) < unsignedFields.size() &&
             unsignedFields[i],
         indexLists && i < indexLists.size() ? indexLists[i] : Attribute(),
         modifierLists && i < modifierLists.size()
             ? dyn_cast<StringAttr>(modifierLists[i])
             : StringAttr()});
  return true;
}

/// The result attributes of a wrapper whose result's leaves are `fields`:
/// their semantics, and their signedness, semantic indices and modifiers
/// where any has some.
DictionaryAttr getOutputAttrs(MLIRContext *context,
                              ArrayRef<OutputField> fields) {
  SmallVector<Attribute> semantics, indexLists, modifiers;
  SmallVector<bool> unsignedFields;
  for (const OutputField &field : fields) {
    semantics.push_back(field.semantic);
    unsignedFields.push_back(field.isUnsigned);
    indexLists.push_back(field.indices ? field.indices
                                       : DenseI32ArrayAttr::get(context, {}));
    modifiers.push_back(field.modifiers ? field.modifiers
                                        : StringAttr::get(context, ""));
  }
  NamedAttrList attrs;
  attrs.set("hlsl.field_semantics", ArrayAttr::get(context, semantics));
  if (llvm::is_contained(unsignedFields, true))
    attrs.set("hlsl.field_unsigned",
              DenseBoolArrayAttr::get(context, unsignedFields));
  if (llvm::any_of(fields,
                   [](const OutputField &field) { return field.indices; }))
    attrs.set("hlsl.field_semantic_indices",
              ArrayAttr::get(context, indexLists));
  if (llvm::any_of(fields, [](const OutputField &field) {
        return field.modifiers && !field.modifiers.getValue().empty();
      }))
    attrs.set("hlsl.field_modifiers", ArrayAttr::get(context, modifiers));
  return attrs.getDictionary(context);
}
} // namespace

func::FuncOp HLSLGenModule::wrapEntryOutputs(func::FuncOp entry,
                                             const clang::FunctionDecl *decl) {
  auto isOutParam = [&](unsigned i) {
    return isa<PointerType>(entry.getArgumentTypes()[i]);
  };
  bool hasOut = false;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i)
    hasOut |= isOutParam(i);
  if (!hasOut)
    return entry;
  auto stage =
      entry->getAttrOfType<ShaderStageAttr>(HLSLDialect::getShaderAttrName());
  // Mesh shaders' `out vertices` & co. are not signature outputs: they
  // stay with the lowering (not supported yet there).
  if (stage && (stage.getValue() == ShaderStage::Mesh ||
                stage.getValue() == ShaderStage::Amplification))
    return entry;
  if (stage && stage.getValue() == ShaderStage::Compute) {
    for (unsigned i = 0; i < entry.getNumArguments(); ++i)
      if (isOutParam(i))
        error(decl->getParamDecl(i)->getLocation(),
              "'" + decl->getParamDecl(i)->getName().str() +
                  "': compute shaders have no outputs: out and inout "
                  "parameters are not allowed in their entry point");
    return {};
  }

  Location loc = entry.getLoc();
  SmallVector<OutputField> fields;
  if (entry.getNumResults() == 1 &&
      !collectFields(entry.getResultTypes()[0], entry.getResultAttrDict(0),
                     fields)) {
    error(decl->getLocation(), "the entry point's result needs a semantic");
    return {};
  }
  SmallVector<Type> argTypes;
  SmallVector<DictionaryAttr> argAttrs;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    DictionaryAttr attrs = entry.getArgAttrDict(i);
    Type type = entry.getArgumentTypes()[i];
    if (!isOutParam(i)) {
      argTypes.push_back(type);
      argAttrs.push_back(attrs ? attrs : DictionaryAttr::get(context));
      continue;
    }
    Type pointee = cast<PointerType>(type).getPointee();
    if (!collectFields(pointee, attrs, fields)) {
      if (!reportedSemanticErrors.contains(decl->getParamDecl(i)))
        error(decl->getParamDecl(i)->getLocation(),
              "out and inout parameters of an entry point need a semantic");
      return {};
    }
    auto direction =
        attrs.getAs<ParamDirectionAttr>(HLSLDialect::getDirectionAttrName());
    if (direction && direction.getValue() == ParamDirection::InOut) {
      // The input of an inout parameter: the same semantic, by value.
      NamedAttrList inputAttrs(attrs);
      inputAttrs.erase(HLSLDialect::getDirectionAttrName());
      argTypes.push_back(pointee);
      argAttrs.push_back(inputAttrs.getDictionary(context));
    }
  }

  // One result field per output, in order.
  SmallVector<Type> fieldTypes;
  SmallVector<std::string> names;
  for (auto [i, field] : llvm::enumerate(fields)) {
    fieldTypes.push_back(field.type);
    names.push_back("out" + std::to_string(i));
  }
  OpBuilder::InsertionGuard guard(builder);
  func::FuncOp wrapper =
      createEntryWrapper(entry, ".body", ".outputs", argTypes, argAttrs,
                         fieldTypes, names, getOutputAttrs(context, fields));
  Block *body = &wrapper.getBody().front();
  SmallVector<Value> callArgs, vars;
  unsigned next = 0;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    if (!isOutParam(i)) {
      callArgs.push_back(body->getArgument(next++));
      continue;
    }
    auto pointer = cast<PointerType>(entry.getArgumentTypes()[i]);
    Value var = VarOp::create(builder, loc, pointer, StringAttr());
    auto direction = entry.getArgAttrOfType<ParamDirectionAttr>(
        i, HLSLDialect::getDirectionAttrName());
    if (direction && direction.getValue() == ParamDirection::InOut)
      StoreOp::create(builder, loc, body->getArgument(next++), var);
    callArgs.push_back(var);
    vars.push_back(var);
  }
  auto call = func::CallOp::create(builder, loc, entry, callArgs);
  SmallVector<Value> values;
  auto addValue = [&](Value value) {
    collectLeafValues(builder, loc, value, values);
  };
  if (entry.getNumResults() == 1)
    addValue(call.getResult(0));
  for (Value var : vars)
    addValue(LoadOp::create(builder, loc, var));
  Value result = ConstructOp::create(builder, loc,
                                     wrapper.getResultTypes().front(), values);
  func::ReturnOp::create(builder, loc, result);
  return wrapper;
}

func::FuncOp HLSLGenModule::createEntryWrapper(
    func::FuncOp entry, StringRef bodySuffix, StringRef resultSuffix,
    ArrayRef<Type> argTypes, ArrayRef<DictionaryAttr> argAttrs,
    ArrayRef<Type> fieldTypes, ArrayRef<std::string> fieldNames,
    DictionaryAttr resultAttrs) {
  // The user's function keeps its body under another name.
  std::string name = entry.getSymName().str();
  entry.setSymName(uniqueSymbol(name + bodySuffix.str()));
  entry.setPrivate();
  builder.setInsertionPointAfter(entry);
  SmallVector<StringRef> names(fieldNames.begin(), fieldNames.end());
  auto resultType =
      StructType::get(context, name + resultSuffix.str(), fieldTypes, names);
  auto wrapper =
      func::FuncOp::create(builder, entry.getLoc(), name,
                           builder.getFunctionType(argTypes, {resultType}));
  wrapper.setAllArgAttrs(argAttrs);
  wrapper.setResultAttrs(0, resultAttrs);
  // The entry's attributes move to the wrapper.
  for (StringRef attr :
       {HLSLDialect::getShaderAttrName(), HLSLDialect::getEntryAttrName(),
        HLSLDialect::getNumThreadsAttrName(),
        HLSLDialect::getWaveSizeAttrName()}) {
    if (Attribute value = entry->getAttr(attr)) {
      wrapper->setAttr(attr, value);
      entry->removeAttr(attr);
    }
  }
  builder.setInsertionPointToStart(wrapper.addEntryBlock());
  return wrapper;
}

Value HLSLGenModule::emitClipPlaneAddress(StringRef plane, Location loc,
                                          const clang::FunctionDecl *decl) {
  auto fail = [&](const Twine &why) -> Value {
    error(decl->getLocation(), ("clip plane '" + plane + "' " + why).str());
    return {};
  };
  StringRef name =
      plane.take_until([](char c) { return c == '.' || c == '['; });
  const GlobalSymbol *symbol = nullptr;
  for (auto &[var, global] : globals)
    if (var->getName() == name && global.kind == GlobalSymbol::CBufferMember)
      symbol = &global;
  if (!symbol)
    return fail("must be a constant buffer member (or a global constant)");
  Value addr = CBufferAddrOp::create(
      builder, loc, PointerType::get(symbol->type, AddressSpace::Constant),
      SymbolRefAttr::get(symbol->cbuffer.getAttr(), {symbol->symbol}));
  // `.field` and `[index]` (a literal) into it.
  StringRef rest = plane.drop_front(name.size());
  while (!rest.empty()) {
    Type type = cast<PointerType>(addr.getType()).getPointee();
    if (rest.consume_front(".")) {
      StringRef field =
          rest.take_until([](char c) { return c == '.' || c == '['; });
      rest = rest.drop_front(field.size());
      auto st = dyn_cast<StructType>(type);
      std::optional<unsigned> index;
      if (st)
        for (auto [i, fieldName] : llvm::enumerate(st.getFieldNames()))
          if (fieldName == field)
            index = i;
      if (!index)
        return fail("names no field '" + field + "'");
      addr = FieldAddrOp::create(
          builder, loc,
          PointerType::get(st.getFieldTypes()[*index], AddressSpace::Constant),
          addr, *index);
      continue;
    }
    uint64_t index;
    auto array = dyn_cast<ArrayType>(type);
    if (!rest.consume_front("[") || rest.consumeInteger(10, index) ||
        !rest.consume_front("]") || !array || array.isUnbounded() ||
        index >= uint64_t(array.getSize()))
      return fail("must be a member, a field of one or an element at a "
                  "literal index in range");
    addr = ElementAddrOp::create(
        builder, loc,
        PointerType::get(array.getElementType(), AddressSpace::Constant), addr,
        arith::ConstantOp::create(builder, loc,
                                  builder.getI32IntegerAttr(int32_t(index))));
  }
  if (cast<PointerType>(addr.getType()).getPointee() !=
      VectorType::get({4}, builder.getF32Type()))
    return fail("must be a float4");
  return addr;
}

func::FuncOp HLSLGenModule::addClipPlaneOutputs(func::FuncOp entry,
                                                const clang::FunctionDecl *decl,
                                                StringRef planesText) {
  SmallVector<StringRef> planes;
  planesText.split(planes, ',', -1, /*KeepEmpty=*/false);
  auto stage =
      entry->getAttrOfType<ShaderStageAttr>(HLSLDialect::getShaderAttrName());
  if (!stage || stage.getValue() != ShaderStage::Vertex) {
    errorNotSupported(decl->getLocation(),
                      "the clipplanes attribute outside vertex shaders");
    return {};
  }
  if (planes.empty() || planes.size() > 6) {
    error(decl->getLocation(), "clipplanes takes one to six planes");
    return {};
  }
  // The SV_Position output among the result's leaves.
  auto noPosition = [&]() -> func::FuncOp {
    error(decl->getLocation(), "Cannot use clipplanes attribute without "
                               "specifying a 4-component SV_Position output");
    return {};
  };
  SmallVector<OutputField> fields;
  if (entry.getNumResults() != 1 ||
      !collectFields(entry.getResultTypes()[0], entry.getResultAttrDict(0),
                     fields))
    return noPosition();
  Type float4 = VectorType::get({4}, builder.getF32Type());
  std::optional<unsigned> position;
  for (auto [i, field] : llvm::enumerate(fields)) {
    StringRef text = field.semantic.getValue();
    StringRef base = text.rtrim("0123456789");
    StringRef index = text.drop_front(base.size());
    if (base.equals_insensitive("SV_Position") &&
        (index.empty() || index == "0") && field.type == float4)
      position = i;
  }
  if (!position)
    return noPosition();

  // The wrapper's result: the entry's, then one distance per plane.
  SmallVector<Type> fieldTypes = {entry.getResultTypes()[0]};
  SmallVector<std::string> names = {"value"};
  for (unsigned i = 0; i < planes.size(); ++i) {
    fields.push_back(
        {builder.getF32Type(),
         StringAttr::get(context, "SV_ClipDistance" + std::to_string(i))});
    fieldTypes.push_back(builder.getF32Type());
    names.push_back("clip" + std::to_string(i));
  }
  SmallVector<DictionaryAttr> argAttrs;
  for (unsigned i = 0; i < entry.getNumArguments(); ++i) {
    DictionaryAttr attrs = entry.getArgAttrDict(i);
    argAttrs.push_back(attrs ? attrs : DictionaryAttr::get(context));
  }
  Location loc = entry.getLoc();
  OpBuilder::InsertionGuard guard(builder);
  func::FuncOp wrapper = createEntryWrapper(
      entry, ".clipped", ".clipplanes", entry.getArgumentTypes(), argAttrs,
      fieldTypes, names, getOutputAttrs(context, fields));
  auto call = func::CallOp::create(builder, loc, entry,
                                   wrapper.getBody().front().getArguments());
  SmallVector<Value> leaves;
  collectLeafValues(builder, loc, call.getResult(0), leaves);
  SmallVector<Value> values = {call.getResult(0)};
  bool failed = false;
  for (StringRef plane : planes) {
    Value addr = emitClipPlaneAddress(plane, loc, decl);
    if (!addr) {
      failed = true;
      continue;
    }
    Value planeValue = LoadOp::create(builder, loc, addr);
    auto dot =
        IntrinsicOp::create(builder, loc, TypeRange(builder.getF32Type()),
                            builder.getStringAttr("dot"),
                            ValueRange{leaves[*position], planeValue});
    values.push_back(dot->getResult(0));
  }
  if (failed)
    return {};
  Value result = ConstructOp::create(builder, loc,
                                     wrapper.getResultTypes().front(), values);
  func::ReturnOp::create(builder, loc, result);
  return wrapper;
}
