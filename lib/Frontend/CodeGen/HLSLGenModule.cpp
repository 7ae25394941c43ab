//===- HLSLGenModule.cpp - translation unit to hlsl module ----------------===//

#include "HLSLGen.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/Basic/SourceManager.h"
#include "llvm/ADT/StringSet.h"

#include <limits>

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

HLSLGenModule::HLSLGenModule(clang::ASTContext &astContext,
                             clang::DiagnosticsEngine &diags,
                             MLIRContext *context, const ImportOptions &options,
                             const PackMatrixPragmas *packMatrixPragmas)
    : astContext(astContext), diags(diags), context(context), options(options),
      packMatrixPragmas(packMatrixPragmas), builder(context), types(*this) {
  module = ModuleOp::create(UnknownLoc::get(context));
  builder.setInsertionPointToEnd(module->getBody());
}

Location HLSLGenModule::getLoc(clang::SourceLocation loc) {
  if (loc.isInvalid())
    return UnknownLoc::get(context);
  clang::PresumedLoc presumed = astContext.getSourceManager().getPresumedLoc(
      astContext.getSourceManager().getExpansionLoc(loc));
  if (presumed.isInvalid())
    return UnknownLoc::get(context);
  return FileLineColLoc::get(context, presumed.getFilename(),
                             presumed.getLine(), presumed.getColumn());
}

bool HLSLGenModule::isInPrelude(clang::SourceLocation loc) {
  const clang::SourceManager &sources = astContext.getSourceManager();
  loc = sources.getExpansionLoc(loc);
  return loc.isValid() && sources.getFilename(loc).ends_with("hlsl_prelude.h");
}

void HLSLGenModule::error(clang::SourceLocation loc, StringRef message) {
  ++errorCount;
  // A construct the importer reaches more than once (a function imported
  // for several callers, an expression emitted as value and address) is
  // reported once.
  if (!reportedErrors.insert({loc.getRawEncoding(), message.str()}).second)
    return;
  unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Error, "%0");
  diags.Report(loc, id) << message;
}

void HLSLGenModule::error(Location loc, const llvm::Twine &message) {
  ++errorCount;
  mlir::emitError(loc) << message;
}

void HLSLGenModule::warning(clang::SourceLocation loc, StringRef message) {
  unsigned id = diags.getCustomDiagID(clang::DiagnosticsEngine::Warning, "%0");
  diags.Report(loc, id) << message;
}

void HLSLGenModule::errorNotSupported(clang::SourceLocation loc,
                                      StringRef what) {
  error(loc, ("not supported yet: " + what).str());
}

/// `snorm` or `unorm` if `type` is written with that modifier (the import
/// spells `snorm float4` as the prelude typedef `__hlsl_snorm_float4`),
/// else empty.
static StringRef getNormModifier(clang::QualType type) {
  while (const auto *typedefType = type->getAs<clang::TypedefType>()) {
    StringRef name = typedefType->getDecl()->getName();
    if (name.starts_with("__hlsl_snorm_"))
      return "snorm";
    if (name.starts_with("__hlsl_unorm_"))
      return "unorm";
    type = typedefType->desugar();
  }
  return "";
}

/// The modifier of a resource's element type as written
/// (`Texture2D<unorm float4>`), looking through arrays of resources.
static StringRef getElementNormModifier(clang::QualType type) {
  while (const auto *array = type->getAsArrayTypeUnsafe())
    type = array->getElementType();
  const auto *specialization = type->getAs<clang::TemplateSpecializationType>();
  if (!specialization || specialization->template_arguments().empty() ||
      specialization->template_arguments()[0].getKind() !=
          clang::TemplateArgument::Type)
    return "";
  return getNormModifier(specialization->template_arguments()[0].getAsType());
}

/// The sample count a multisampled texture type names
/// (`Texture2DMS<float4, 4>`), looking through arrays; 0 if none (unknown,
/// or no such texture).
static unsigned getSampleCount(clang::QualType type) {
  type = type.getCanonicalType();
  while (const auto *array = type->getAsArrayTypeUnsafe())
    type = array->getElementType().getCanonicalType();
  const auto *specialization =
      dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
          type->getAsCXXRecordDecl());
  if (!specialization ||
      !llvm::is_contained({"Texture2DMS", "Texture2DMSArray", "RWTexture2DMS",
                           "RWTexture2DMSArray"},
                          specialization->getName()) ||
      specialization->getTemplateArgs().size() < 2 ||
      specialization->getTemplateArgs()[1].getKind() !=
          clang::TemplateArgument::Integral)
    return 0;
  return unsigned(
      specialization->getTemplateArgs()[1].getAsIntegral().getZExtValue());
}

/// DXC's constant buffer layout counts a matrix of bool as minimum
/// precision (its register type holds i1), so the row rule applies to it.
static bool isBoolMatrix(clang::QualType type) {
  const auto *matrix = type->getAs<clang::ConstantMatrixType>();
  return matrix && matrix->getElementType()->isBooleanType();
}

/// The modifiers written on an entry point's parameter, field or result
/// that its signature element records: interpolation (`nointerpolation`,
/// `noperspective`, `linear`, `centroid`, `sample`, kept as annotations),
/// `snorm`/`unorm` (on the type), and `minprecision` for a
/// minimum-precision type, space-separated in that order.
static std::string getSignatureModifiers(const clang::ValueDecl *decl) {
  std::string modifiers;
  for (StringRef name :
       {"nointerpolation", "noperspective", "linear", "centroid", "sample"})
    if (hasAnnotation(decl, ("hlsl." + name).str()))
      modifiers += (modifiers.empty() ? "" : " ") + name.str();
  // (An out parameter's type is a reference.)
  clang::QualType type = decl->getType().getNonReferenceType();
  if (const auto *function = dyn_cast<clang::FunctionDecl>(decl))
    type = function->getReturnType();
  if (StringRef norm = getNormModifier(type); !norm.empty())
    modifiers += (modifiers.empty() ? "" : " ") + norm.str();
  if (HLSLGenTypes::isMinPrecision(type))
    modifiers += (modifiers.empty() ? "" : " ") + std::string("minprecision");
  return modifiers;
}

/// Whether a record is one row of fields for the signature: no bases and no
/// fields that are records (Clang's applied semantics then name each field).
static bool isFlatSignatureRecord(const clang::RecordDecl *record) {
  if (const auto *cxx = dyn_cast<clang::CXXRecordDecl>(record))
    if (cxx->getNumBases() != 0)
      return false;
  for (const clang::FieldDecl *field : record->fields()) {
    clang::QualType type = field->getType();
    while (const clang::ArrayType *array = type->getAsArrayTypeUnsafe())
      type = array->getElementType();
    if (type->isRecordType())
      return false;
  }
  return true;
}

/// Whether `type` is a struct without fields (its bases and fields empty
/// structs too): nothing of it reaches a signature.
static bool isEmptySignatureRecord(clang::QualType type) {
  const auto *record = type->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return false;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (!isEmptySignatureRecord(base.getType()))
      return false;
  for (const clang::FieldDecl *field : record->fields())
    if (!isEmptySignatureRecord(field->getType()))
      return false;
  return true;
}

/// Whether a struct of `type` (or of its elements) has bit fields, in it or
/// in its bases and fields.
static bool typeHasBitFields(clang::ASTContext &ast, clang::QualType type) {
  const auto *record = ast.getBaseElementType(type)->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return false;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (typeHasBitFields(ast, base.getType()))
      return true;
  return llvm::any_of(record->fields(), [&](const clang::FieldDecl *field) {
    return field->isBitField() || typeHasBitFields(ast, field->getType());
  });
}

/// The registers a value of `type` takes in a signature: one per array
/// element and matrix row (row_major) or column (column_major).
static unsigned getSignatureRows(Type type) {
  unsigned rows = 1;
  while (auto array = dyn_cast<ArrayType>(type)) {
    rows *= array.getSize();
    type = array.getElementType();
  }
  if (auto matrix = dyn_cast<MatrixType>(type))
    rows *= matrix.isRowMajor() ? matrix.getRows() : matrix.getColumns();
  return rows;
}

/// A semantic's name as the shader writes it: a rewrite spells the system
/// values Clang refuses for their type `__hlsl_mlir_SV_...`, and a
/// parameter's semantic that Clang takes for a repeat of another
/// parameter's `__hlsl_mlir_p<N>_...` (SourceRewrites.h).
static StringRef getWrittenSemanticName(StringRef name) {
  StringRef rest = name;
  if (rest.consume_front("__hlsl_mlir_p") && !rest.empty() &&
      llvm::isDigit(rest.front())) {
    rest = rest.drop_while(llvm::isDigit);
    if (rest.consume_front("_") && !rest.empty())
      name = rest;
  }
  if (name.starts_with("__hlsl_mlir_SV_"))
    return name.drop_front(strlen("__hlsl_mlir_"));
  return name;
}

/// A semantic's name as the signature spells it: the index appended when
/// it is not 0 or the name ends in a digit; the prelude's pass-through
/// prefix of system values removed.
static std::string spellSemantic(StringRef name, unsigned index) {
  std::string spelled = getWrittenSemanticName(name).str();
  if (index != 0 || (!spelled.empty() && isdigit(spelled.back())))
    spelled += std::to_string(index);
  return spelled;
}

/// `modifiers` and `more`, space-separated.
static std::string joinModifiers(StringRef modifiers, StringRef more) {
  if (modifiers.empty() || more.empty())
    return (modifiers + more).str();
  return (modifiers + " " + more).str();
}

bool HLSLGenModule::collectSignatureLeaves(
    const clang::RecordDecl *record, const clang::HLSLParsedSemanticAttr *outer,
    unsigned &nextIndex, SmallVectorImpl<SignatureLeaf> &leaves,
    StringRef inherited) {
  auto visitRecord = [&](const clang::RecordDecl *inner,
                         const clang::HLSLParsedSemanticAttr *semantic,
                         unsigned &index, StringRef modifiers) {
    return collectSignatureLeaves(inner, semantic, index, leaves, modifiers);
  };
  if (const auto *cxx = dyn_cast<clang::CXXRecordDecl>(record))
    for (const clang::CXXBaseSpecifier &base : cxx->bases())
      if (!visitRecord(base.getType()->getAsRecordDecl(), outer, nextIndex,
                       inherited))
        return false;
  for (const clang::FieldDecl *field : record->fields()) {
    clang::QualType type = field->getType();
    const auto *own = field->getAttr<clang::HLSLParsedSemanticAttr>();
    // (`nointerpolation Inner i` applies to the leaves of i.)
    std::string modifiers =
        joinModifiers(getSignatureModifiers(field), inherited);
    if (std::optional<std::pair<const clang::RecordDecl *, uint64_t>> structs =
            getArrayOfStructs(type)) {
      unsigned index = outer ? nextIndex : own ? own->getSemanticIndex() : 0;
      if (!collectArrayOfStructLeaves(structs->first, structs->second,
                                      outer ? outer : own, index,
                                      /*advance=*/true, leaves, modifiers))
        return false;
      if (outer)
        nextIndex = index;
      continue;
    }
    const clang::RecordDecl *inner = type->getAsRecordDecl();
    if (inner && types.isResourceRecord(type)) {
      error(field->getLocation(), "a resource cannot be a shader input or "
                                  "output");
      return false;
    }
    if (inner) {
      // An empty struct takes no registers; a struct field is its leaves,
      // named by the outer semantic, its own, or its fields'.
      if (outer) {
        if (!visitRecord(inner, outer, nextIndex, modifiers))
          return false;
      } else {
        unsigned index = own ? own->getSemanticIndex() : 0;
        if (!visitRecord(inner, own, index, modifiers))
          return false;
      }
      continue;
    }
    const clang::HLSLParsedSemanticAttr *semantic = outer ? outer : own;
    if (!semantic) {
      error(field->getLocation(),
            "field '" + field->getName().str() +
                "' needs a semantic (it is part of an entry point's "
                "signature)");
      return false;
    }
    Type converted = types.convert(type, field->getLocation());
    if (!converted)
      return false;
    converted = withMatrixOrder(converted, getMatrixOrder(field));
    unsigned index = outer ? nextIndex : own->getSemanticIndex();
    leaves.push_back({field,
                      spellSemantic(semantic->getSemanticName(), index),
                      {},
                      getSignatureRows(converted),
                      modifiers});
    if (outer)
      nextIndex += getSignatureRows(converted);
  }
  return true;
}

bool HLSLGenModule::collectArrayOfStructLeaves(
    const clang::RecordDecl *record, uint64_t count,
    const clang::HLSLParsedSemanticAttr *semantic, unsigned &nextIndex,
    bool advance, SmallVectorImpl<SignatureLeaf> &leaves, StringRef inherited) {
  // The leaves of one element, named from 0 (their offsets in it).
  SmallVector<SignatureLeaf> inner;
  unsigned offset = 0;
  if (!collectSignatureLeaves(record, semantic, offset, inner, inherited))
    return false;
  for (const SignatureLeaf &leaf : inner)
    if (!leaf.indices.empty()) {
      errorNotSupported(leaf.field->getLocation(),
                        "an array of structs inside an array of structs in a "
                        "shader signature");
      return false;
    }
  if (!semantic) {
    // Each leaf by its own semantic, its rows one after another.
    for (SignatureLeaf &leaf : inner)
      leaves.push_back(std::move(leaf));
    return true;
  }
  // DXC's order: element 0's leaves, then element 1's, ...
  unsigned stride = 0;
  for (const SignatureLeaf &leaf : inner)
    stride += leaf.rows;
  unsigned start = 0;
  for (SignatureLeaf &leaf : inner) {
    SmallVector<int32_t> indices;
    for (uint64_t i = 0; i < count; ++i)
      for (unsigned r = 0; r < leaf.rows; ++r)
        indices.push_back(int32_t(nextIndex + i * stride + start + r));
    start += leaf.rows;
    leaves.push_back({leaf.field,
                      spellSemantic(semantic->getSemanticName(), indices[0]),
                      std::move(indices), leaf.rows, leaf.modifiers});
  }
  if (advance)
    nextIndex += unsigned(count) * stride;
  return true;
}

std::optional<std::pair<const clang::RecordDecl *, uint64_t>>
HLSLGenModule::getArrayOfStructs(clang::QualType type) {
  uint64_t count = 1;
  bool isArray = false;
  while (const auto *array = astContext.getAsConstantArrayType(type)) {
    isArray = true;
    count *= array->getSize().getZExtValue();
    type = array->getElementType();
  }
  const clang::RecordDecl *record = type->getAsRecordDecl();
  if (!isArray || !record || types.isResourceRecord(type) ||
      isEmptySignatureRecord(type))
    return std::nullopt;
  return std::make_pair(record, count);
}

/// The order row_major/column_major on `decl` gives, if any.
static std::optional<MatrixOrder> getDeclaredOrder(const clang::Decl *decl) {
  for (const auto *annotate : decl->specific_attrs<clang::AnnotateAttr>()) {
    if (annotate->getAnnotation() == "hlsl.row_major")
      return MatrixOrder::RowMajor;
    if (annotate->getAnnotation() == "hlsl.column_major")
      return MatrixOrder::ColumnMajor;
  }
  return std::nullopt;
}

std::optional<MatrixOrder>
HLSLGenModule::getTypedefMatrixOrder(clang::QualType type) {
  // The shader's typedef that names the matrix type itself (the prelude's
  // `float4x4` and the like do not count): a pragma before it gave it its
  // order.
  if (type.isNull())
    return std::nullopt;
  // (Through out/inout parameters' references and arrays.)
  type = type.getNonReferenceType();
  while (const clang::ArrayType *array = astContext.getAsArrayType(type))
    type = array->getElementType();
  const clang::TypedefNameDecl *innermost = nullptr;
  while (const auto *typedefType = type->getAs<clang::TypedefType>()) {
    const clang::TypedefNameDecl *decl = typedefType->getDecl();
    if (std::optional<MatrixOrder> order = getDeclaredOrder(decl))
      return order;
    if (!isInPrelude(decl->getLocation()))
      innermost = decl;
    type = decl->getUnderlyingType();
  }
  if (innermost && packMatrixPragmas)
    return packMatrixPragmas->getOrderAt(astContext.getSourceManager(),
                                         innermost->getLocation());
  return std::nullopt;
}

MatrixOrder HLSLGenModule::getDefaultMatrixOrderAt(clang::SourceLocation loc) {
  if (packMatrixPragmas && loc.isValid())
    if (std::optional<MatrixOrder> order =
            packMatrixPragmas->getOrderAt(astContext.getSourceManager(), loc))
      return *order;
  return options.rowMajorByDefault ? MatrixOrder::RowMajor
                                   : MatrixOrder::ColumnMajor;
}

MatrixOrder HLSLGenModule::getMatrixOrder(const clang::Decl *decl) {
  if (!decl)
    return getDefaultMatrixOrderAt(clang::SourceLocation());
  if (std::optional<MatrixOrder> order = getDeclaredOrder(decl))
    return *order;
  // (A function is a value declaration too: its type is the function's.)
  clang::QualType type;
  if (const auto *function = dyn_cast<clang::FunctionDecl>(decl))
    type = function->getReturnType();
  else if (const auto *value = dyn_cast<clang::ValueDecl>(decl))
    type = value->getType();
  if (std::optional<MatrixOrder> order = getTypedefMatrixOrder(type))
    return *order;
  return getDefaultMatrixOrderAt(decl->getLocation());
}

std::string HLSLGenModule::uniqueSymbol(StringRef name) {
  std::string candidate = name.str();
  for (unsigned suffix = 1; !usedSymbols.insert(candidate).second; ++suffix)
    candidate = (name + "_" + Twine(suffix)).str();
  return candidate;
}

BindingAttr HLSLGenModule::getBinding(const clang::Decl *decl,
                                      ResourceClass cls) {
  std::optional<ResourceClass> registerClass;
  std::optional<uint32_t> lowerBound;
  uint32_t space = 0;
  if (const auto *attr = decl->getAttr<clang::HLSLResourceBindingAttr>()) {
    if (attr->hasRegisterSlot()) {
      lowerBound = attr->getSlotNumber();
      // Clang already rejects a register letter that does not fit the
      // resource; what it accepts is the declaration's own class.
      registerClass = cls;
    }
    space = attr->getSpaceNumber();
  }
  std::optional<uint32_t> orderId;
  if (!lowerBound)
    orderId = nextOrderId++;
  return BindingAttr::get(context, registerClass, lowerBound, space, orderId);
}

bool HLSLGenModule::emitTranslationUnit(clang::TranslationUnitDecl *unit) {
  // The entry point keeps its name: other symbols (a cbuffer called `main`)
  // get a suffix instead.
  if (options.profile.stage != ShaderStage::Library)
    usedSymbols.insert(options.entry);
  if (!checkDeclarations(unit))
    return false;
  for (clang::Decl *decl : unit->decls())
    emitDecl(decl);
  if (!globalsEmitted && !namespaceGlobals.empty())
    emitCBuffer(nullptr);
  for (auto [global, var] : staticInitializers)
    emitStaticInitializer(global, var);
  staticInitializers.clear();
  declarationsDone = true;
  emitEntryPoints(unit);
  return !hadError();
}

static bool recordHasResources(HLSLGenTypes &types, clang::QualType type);

void HLSLGenModule::emitDecl(clang::Decl *decl) {
  if (auto *buffer = dyn_cast<clang::HLSLBufferDecl>(decl)) {
    emitCBuffer(buffer);
    return;
  }
  if (auto *ns = dyn_cast<clang::NamespaceDecl>(decl)) {
    for (clang::Decl *inner : ns->decls())
      emitDecl(inner);
    return;
  }
  if (auto *exportDecl = dyn_cast<clang::ExportDecl>(decl)) {
    for (clang::Decl *inner : exportDecl->decls())
      emitDecl(inner);
    return;
  }
  auto *var = dyn_cast<clang::VarDecl>(decl);
  if (!var || var->isImplicit())
    return;
  if (!var->isFileVarDecl() && !var->isStaticDataMember())
    return;
  // A class template's static member (`template <class V> V C<V>::n = 1;`)
  // is emitted per instantiation, when used.
  if (var->isTemplated())
    return;
  // A constant declared in a namespace: Clang 22 leaves it out of $Globals
  // (and its address space), DXC has it there as `N::name`.
  if (isa<clang::NamespaceDecl>(var->getDeclContext()) &&
      var->getStorageClass() == clang::SC_None && !isGroupShared(var) &&
      var->getType().getAddressSpace() == clang::LangAS::Default &&
      !types.isResourceOrArray(var->getType()) &&
      !recordHasResources(types,
                          astContext.getBaseElementType(var->getType()))) {
    namespaceGlobals.push_back(var);
    return;
  }
  emitGlobalVar(var);
}

/// The stage a `[shader("...")]` attribute names, if we know it.
static std::optional<ShaderStage>
getShaderStage(const clang::HLSLShaderAttr *shader) {
  switch (shader->getType()) {
  case llvm::Triple::Pixel:
    return ShaderStage::Pixel;
  case llvm::Triple::Vertex:
    return ShaderStage::Vertex;
  case llvm::Triple::Geometry:
    return ShaderStage::Geometry;
  case llvm::Triple::Hull:
    return ShaderStage::Hull;
  case llvm::Triple::Domain:
    return ShaderStage::Domain;
  case llvm::Triple::Compute:
    return ShaderStage::Compute;
  case llvm::Triple::Mesh:
    return ShaderStage::Mesh;
  case llvm::Triple::Amplification:
    return ShaderStage::Amplification;
  default:
    return std::nullopt;
  }
}

/// Whether a record type holds a resource anywhere (struct of resources).
static bool recordHasResources(HLSLGenTypes &types, clang::QualType type) {
  const auto *record = type.getCanonicalType()->getAsCXXRecordDecl();
  if (!record || types.isResourceRecord(type) || !record->hasDefinition())
    return false;
  // (In a base too, or in an array of structs.)
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (recordHasResources(types, base.getType()))
      return true;
  for (const clang::FieldDecl *field : record->fields()) {
    clang::QualType fieldType = field->getType();
    if (types.isResourceOrArray(fieldType) ||
        recordHasResources(
            types, record->getASTContext().getBaseElementType(fieldType)))
      return true;
  }
  return false;
}

/// Whether a record type holds data (anything but resources) anywhere.
static bool recordHasData(HLSLGenTypes &types, clang::ASTContext &ast,
                          clang::QualType type) {
  const auto *record = type.getCanonicalType()->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition())
    return false;
  for (const clang::CXXBaseSpecifier &base : record->bases())
    if (recordHasData(types, ast, base.getType()))
      return true;
  for (const clang::FieldDecl *field : record->fields()) {
    clang::QualType element = ast.getBaseElementType(field->getType());
    if (types.isResourceRecord(element))
      continue;
    if (!recordHasResources(types, element) ||
        recordHasData(types, ast, element))
      return true;
  }
  return false;
}

Type mlir::hlsl::gen::stripResources(Type type) {
  if (isa<ResourceType>(type))
    return {};
  if (auto array = dyn_cast<ArrayType>(type)) {
    Type element = stripResources(array.getElementType());
    return element ? ArrayType::get(type.getContext(), array.getSize(), element)
                   : Type();
  }
  if (auto st = dyn_cast<StructType>(type)) {
    if (!containsResource(type))
      return type;
    SmallVector<Type> fields;
    SmallVector<StringRef> names;
    SmallVector<unsigned> hints;
    for (auto [index, field] : llvm::enumerate(st.getFieldTypes()))
      if (Type stripped = stripResources(field)) {
        fields.push_back(stripped);
        names.push_back(st.getFieldNames()[index]);
        hints.push_back(st.getFieldHint(index));
      }
    if (fields.empty())
      return {};
    return StructType::get(type.getContext(), st.getName(), fields, names,
                           hints);
  }
  return type;
}

const GlobalSymbol *
HLSLGenModule::emitStaticMemberOnUse(const clang::ValueDecl *decl) {
  const auto *var = dyn_cast<clang::VarDecl>(decl);
  if (!var || !var->isStaticDataMember() || !var->getInit() ||
      !emittedOnUse.insert(var).second)
    return nullptr;
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module->getBody());
  emitGlobalVar(var);
  auto it = globals.find(var);
  return it == globals.end() ? nullptr : &it->second;
}

bool HLSLGenModule::skipEffectObject(const clang::VarDecl *var) {
  const auto *record =
      astContext.getBaseElementType(var->getType())->getAsCXXRecordDecl();
  if (!record || !hasAnnotation(record, "hlsl.effect_object"))
    return false;
  warning(var->getLocation(),
          "effect object ignored - effect syntax is deprecated");
  return true;
}

bool HLSLGenModule::skipStringVar(const clang::VarDecl *var) {
  const clang::Type *element =
      astContext.getBaseElementType(var->getType()).getTypePtr();
  if (!var->getType()->isArrayType() || !element->isAnyCharacterType())
    return false;
  // At file scope (Clang puts the non-static ones in $Globals), not in a
  // namespace, as in DXC.
  const clang::DeclContext *scope = var->getDeclContext();
  if (const auto *buffer = dyn_cast<clang::HLSLBufferDecl>(scope);
      buffer && buffer->isImplicit())
    scope = buffer->getDeclContext();
  if (!scope->isTranslationUnit())
    error(var->getLocation(),
          "string declaration may only appear in global scope");
  return true;
}

void HLSLGenModule::emitGlobalVar(const clang::VarDecl *var,
                                  bool initializedWhereDeclared) {
  if (skipEffectObject(var) || skipStringVar(var))
    return;
  clang::QualType type = var->getType();
  // (A static ConstantBuffer<T> or TextureBuffer<T> is a handle the shader
  // assigns, as other static resources: `= ResourceDescriptorHeap[0]`.)
  bool isStaticVar = var->getStorageClass() == clang::SC_Static;
  if (types.getResourceKind(type) == ResourceKind::ConstantBuffer &&
      !isStaticVar) {
    emitConstantBufferVar(var, CBufferKind::ConstantBuffer);
    return;
  }
  // TextureBuffer<T>: a tbuffer whose members are T's fields (arrays of
  // them are resource arrays, as for ConstantBuffer<T>).
  if (types.getResourceKind(type) == ResourceKind::TextureBuffer &&
      !isStaticVar) {
    emitConstantBufferVar(var, CBufferKind::TBuffer);
    return;
  }
  if (types.isUnsupportedResourceRecord(
          getASTContext().getBaseElementType(type))) {
    // Converting the type reports it; a $Globals member would be skipped.
    (void)types.convert(type, var->getLocation());
    return;
  }
  // A static resource variable is a handle the shader assigns: a static
  // global like others (localized into the entry point after inlining,
  // LocalizeStaticResources.cpp); a non-static one is a binding.
  // (A static struct holding resources is one too: `static S s = {tex, 1};`
  // holds the handles it is given; a non-static one declares bindings.)
  bool holdsResources =
      recordHasResources(types, astContext.getBaseElementType(type));
  bool isStaticResource =
      (types.isResourceOrArray(type) || holdsResources) && isStaticVar;
  if (types.isResourceOrArray(type) && !isStaticResource) {
    emitResource(var);
    return;
  }
  if (holdsResources && !isStaticResource) {
    emitResourceStruct(var);
    return;
  }
  bool groupShared = isGroupShared(var);
  // (A struct's static data member is a static global too.)
  bool isStatic =
      var->getStorageClass() == clang::SC_Static || var->isStaticDataMember();
  if (!groupShared && !isStatic)
    return; // A $Globals constant: emitted with its buffer.

  Location loc = getLoc(var->getLocation());
  Type valueType = types.convert(type, var->getLocation());
  if (!valueType)
    return;
  valueType = withMatrixOrder(valueType, getMatrixOrder(var));
  if (!isDataType(valueType) && !isStaticResource) {
    errorNotSupported(var->getLocation(),
                      "global variable of type '" + type.getAsString() + "'");
    return;
  }
  std::string symbol = uniqueSymbol(var->getName());
  auto kind = groupShared ? GlobalKind::GroupShared : GlobalKind::Static;
  auto global =
      GlobalOp::create(builder, loc, GlobalKindAttr::get(context, kind),
                       builder.getStringAttr(symbol), TypeAttr::get(valueType),
                       type.isConstQualified() && !initializedWhereDeclared
                           ? builder.getUnitAttr()
                           : UnitAttr());
  globals[var] = {GlobalSymbol::Global,
                  FlatSymbolRefAttr::get(context, symbol),
                  {},
                  valueType,
                  global.getAddressSpace()};

  const clang::Expr *init = var->getInit();
  // A struct's trivial default construction leaves a static variable as
  // zero-initialized as one without initializer.
  if (const auto *construct = dyn_cast_or_null<clang::CXXConstructExpr>(init);
      construct && construct->getConstructor()->isTrivial() &&
      construct->getConstructor()->isDefaultConstructor())
    init = nullptr;
  if (!init || groupShared || initializedWhereDeclared)
    return;
  if (declarationsDone)
    emitStaticInitializer(global, var);
  else
    staticInitializers.push_back({global, var});
}

GlobalOp HLSLGenModule::createStaticLocalGuard(const clang::VarDecl *var) {
  OpBuilder::InsertionGuard insertion(builder);
  builder.setInsertionPointToEnd(module->getBody());
  return GlobalOp::create(builder, getLoc(var->getLocation()),
                          GlobalKindAttr::get(context, GlobalKind::Static),
                          builder.getStringAttr(uniqueSymbol(
                              (var->getName() + ".initialized").str())),
                          TypeAttr::get(builder.getI1Type()), UnitAttr());
}

LogicalResult
HLSLGenModule::checkComputeSemantics(const clang::FunctionDecl *entry) {
  // A compute shader has no signature: its inputs are the thread and group
  // IDs, and it has no outputs (DXC: "invalid semantic 'A' for cs 6.0").
  auto check = [&](const clang::Decl *d) {
    const auto *semantic = d->getAttr<clang::HLSLParsedSemanticAttr>();
    if (!semantic)
      return success();
    StringRef name = getWrittenSemanticName(semantic->getSemanticName());
    bool isInput = !isa<clang::FunctionDecl>(d);
    if (isInput && !getComputeSystemValueIntrinsic(name).empty())
      return success();
    error(semantic->getLocation(),
          "invalid semantic '" + name.str() + "' for cs " +
              std::to_string(options.profile.major) + "." +
              std::to_string(options.profile.minor));
    return failure();
  };
  if (failed(check(entry)))
    return failure();
  for (const clang::ParmVarDecl *param : entry->parameters()) {
    // (out and inout parameters have their own error.)
    if (const auto *modifier = param->getAttr<clang::HLSLParamModifierAttr>();
        modifier && modifier->isAnyOut())
      continue;
    if (failed(check(param)))
      return failure();
    if (const auto *record = param->getType()->getAsRecordDecl())
      for (const clang::FieldDecl *field : record->fields())
        if (failed(check(field)))
          return failure();
  }
  return success();
}

bool HLSLGenModule::isGroupSharedParameter(const clang::ParmVarDecl *param) {
  return hasAnnotation(param, "hlsl.groupshared_parameter");
}

bool HLSLGenModule::isGroupShared(const clang::VarDecl *var) {
  if (var->getType().getAddressSpace() == clang::LangAS::hlsl_groupshared)
    return true;
  // A groupshared struct, whose address space the import took away
  // (markGroupSharedStruct in HLSLImport.cpp).
  return hasAnnotation(var, "hlsl.groupshared");
}

bool HLSLGenModule::isGloballyCoherent(const clang::Decl *decl) {
  return hasAnnotation(decl, "hlsl.globallycoherent");
}

void HLSLGenModule::markCoherentHeapHandle(const clang::VarDecl *var,
                                           Value init) {
  if (auto heap = init.getDefiningOp<HeapHandleOp>();
      heap && isGloballyCoherent(var))
    heap->setAttr("hlsl.globally_coherent", builder.getUnitAttr());
}

void HLSLGenModule::emitStaticInitializer(GlobalOp global,
                                          const clang::VarDecl *var) {
  Location loc = getLoc(var->getLocation());
  Type valueType = global.getType();
  // The initializer is an expression like any other: emit it into the init
  // region with a function generator that has no function.
  Block *block = new Block();
  global.getInit().push_back(block);
  HLSLGenFunction gen(*this, nullptr, nullptr);
  gen.builder.setInsertionPointToEnd(block);
  Value value = gen.emitRValue(var->getInit());
  if (!value)
    return;
  markCoherentHeapHandle(var, value);
  // A row_major/column_major global: the value computed in the default
  // order takes the declared one (matrix values are the same either way).
  if (value.getType() != valueType && isa<MatrixType>(value.getType()) &&
      isa<MatrixType>(valueType))
    value = MatrixCastOp::create(gen.builder, loc, valueType, value);
  YieldOp::create(gen.builder, loc, value);
}

/// Whether a data type has unsigned integers (signless ones are signed).
static bool hasUnsignedIntegers(Type type) {
  return anyNestedType(type, [](Type t) { return t.isUnsignedInteger(); });
}

void HLSLGenModule::setResourceTypeAttributes(ResourceOp resource,
                                              clang::QualType type,
                                              clang::SourceLocation loc) {
  if (StringRef norm = getElementNormModifier(type); !norm.empty())
    resource->setAttr("hlsl.element_norm", builder.getStringAttr(norm));
  if (unsigned samples = getSampleCount(type))
    resource->setAttr("hlsl.sample_count", builder.getI32IntegerAttr(samples));
  // The struct of a ConstantBuffer<T> (array) as declared, for reflection.
  if (!isConstantBufferKind(resource.getResourceType().getKind()))
    return;
  const auto *spec = dyn_cast_or_null<clang::ClassTemplateSpecializationDecl>(
      astContext.getBaseElementType(type)->getAsCXXRecordDecl());
  if (!spec || spec->getTemplateArgs().size() != 1)
    return;
  Type declared =
      types.convertDeclared(spec->getTemplateArgs()[0].getAsType(), loc);
  if (declared && hasUnsignedIntegers(declared))
    resource.setDeclaredElementAttr(TypeAttr::get(declared));
}

void HLSLGenModule::emitResource(const clang::VarDecl *var) {
  Location loc = getLoc(var->getLocation());
  Type type = types.convert(var->getType(), var->getLocation());
  if (!type)
    return;
  if (auto array = dyn_cast<ArrayType>(type)) {
    // Clang accepts `RWBuffer<float> F[4][]` with a misleading message at
    // best; HLSL allows only the first dimension to be unbounded.
    if (!succeeded(ArrayType::verifyInvariants([&] { return emitError(loc); },
                                               array.getSize(),
                                               array.getElementType())))
      return;
  }
  Type inner = type;
  while (auto array = dyn_cast<ArrayType>(inner))
    inner = array.getElementType();
  auto resourceType = cast<ResourceType>(inner);
  std::string symbol = uniqueSymbol(var->getName());
  BindingAttr binding = getBinding(var, resourceType.getResourceClass());
  auto resource =
      ResourceOp::create(builder, loc, builder.getStringAttr(symbol),
                         TypeAttr::get(type), binding, TypeAttr());
  setResourceTypeAttributes(resource, var->getType(), var->getLocation());
  if (isGloballyCoherent(var))
    resource->setAttr("hlsl.globally_coherent", builder.getUnitAttr());
  globals[var] = {GlobalSymbol::Resource,
                  FlatSymbolRefAttr::get(context, symbol),
                  {},
                  type,
                  AddressSpace::Function};
}

std::string
HLSLGenModule::getStructResourceKey(const clang::VarDecl *var,
                                    ArrayRef<const clang::FieldDecl *> chain) {
  std::string key;
  auto append = [&](const void *pointer) {
    key.append(reinterpret_cast<const char *>(&pointer), sizeof(pointer));
  };
  append(var);
  for (const clang::FieldDecl *field : chain)
    append(field);
  return key;
}

const GlobalSymbol *
HLSLGenModule::lookupStructResource(const clang::VarDecl *var,
                                    ArrayRef<const clang::FieldDecl *> chain) {
  auto it = structResources.find(getStructResourceKey(var, chain));
  return it == structResources.end() ? nullptr : &it->second;
}

static ResourceClass
toResourceClass(clang::HLSLResourceBindingAttr::RegisterType type) {
  using RegisterType = clang::HLSLResourceBindingAttr::RegisterType;
  switch (type) {
  case RegisterType::SRV:
    return ResourceClass::SRV;
  case RegisterType::UAV:
    return ResourceClass::UAV;
  case RegisterType::Sampler:
    return ResourceClass::Sampler;
  default:
    return ResourceClass::CBV;
  }
}

void HLSLGenModule::emitResourceStruct(const clang::VarDecl *var) {
  // Resources in a global struct (or array of structs) become one
  // declaration per resource member, named `var.member.inner`, in member
  // declaration order with base classes first (seed 004: declaration order,
  // not use order). A member keeps one contiguous range across the whole
  // variable: in `S s[2]`, `s.B` is an array of 2 (times the member's own
  // dimensions), indexed by the subscripts along the access path. An
  // explicit `register(<class>N)` on the variable is the base for that
  // class's members, which take consecutive ranges from it.
  llvm::DenseMap<unsigned, const clang::HLSLResourceBindingAttr *> explicitRegs;
  uint32_t space = 0;
  for (const auto *attr :
       var->specific_attrs<clang::HLSLResourceBindingAttr>()) {
    space = attr->getSpaceNumber();
    if (attr->hasRegisterSlot())
      explicitRegs[unsigned(toResourceClass(attr->getRegisterType()))] = attr;
  }
  llvm::DenseMap<unsigned, uint64_t> nextRegister;
  SmallVector<const clang::FieldDecl *> chain;
  SmallVector<int64_t> shape;
  std::string path = var->getName().str();
  bool ok = true;

  auto declare = [&](const clang::FieldDecl *field, clang::QualType element) {
    Type resourceType = types.convert(element, field->getLocation());
    if (!resourceType) {
      ok = false;
      return;
    }
    Type type = resourceType;
    uint64_t size = 1;
    for (int64_t dim : llvm::reverse(shape)) {
      type = ArrayType::get(context, dim, type);
      size *= uint64_t(dim);
    }
    ResourceClass cls = cast<ResourceType>(resourceType).getResourceClass();
    BindingAttr binding;
    if (const auto *attr = explicitRegs.lookup(unsigned(cls))) {
      uint64_t &next = nextRegister[unsigned(cls)];
      uint64_t lower = attr->getSlotNumber() + next;
      next += size;
      if (lower + size - 1 > UINT32_MAX) {
        error(var->getLocation(),
              "register range of '" + path + "' goes past the last register");
        ok = false;
        return;
      }
      binding = BindingAttr::get(context, cls, uint32_t(lower),
                                 attr->getSpaceNumber(), std::nullopt);
    } else {
      binding = BindingAttr::get(context, std::nullopt, std::nullopt, space,
                                 nextOrderId++);
    }
    // Binding diagnostics point at the variable (its register annotation);
    // the symbol names the member.
    std::string symbol = uniqueSymbol(path);
    auto resource = ResourceOp::create(
        builder, getLoc(var->getLocation()), builder.getStringAttr(symbol),
        TypeAttr::get(type), binding, TypeAttr());
    setResourceTypeAttributes(resource, field->getType(), var->getLocation());
    structResources[getStructResourceKey(var, chain)] = {
        GlobalSymbol::Resource,
        FlatSymbolRefAttr::get(context, symbol),
        {},
        type,
        AddressSpace::Function};
  };

  std::function<void(const clang::CXXRecordDecl *)> visit =
      [&](const clang::CXXRecordDecl *record) {
        for (const clang::CXXBaseSpecifier &base : record->bases())
          if (ok)
            visit(base.getType()->getAsCXXRecordDecl());
        for (const clang::FieldDecl *field : record->fields()) {
          if (!ok)
            return;
          size_t shapeSize = shape.size();
          size_t pathSize = path.size();
          clang::QualType element = field->getType();
          while (const auto *array =
                     astContext.getAsConstantArrayType(element)) {
            shape.push_back(int64_t(array->getSize().getZExtValue()));
            element = array->getElementType();
          }
          chain.push_back(field);
          path += "." + field->getName().str();
          if (types.isResourceRecord(element)) {
            declare(field, element);
          } else if (recordHasResources(types, element)) {
            visit(element->getAsCXXRecordDecl());
          }
          // Data members live in $Globals (emitCBuffer).
          chain.pop_back();
          path.resize(pathSize);
          shape.resize(shapeSize);
        }
      };

  clang::QualType element = var->getType();
  while (const auto *array = astContext.getAsArrayType(element)) {
    const auto *constant = dyn_cast<clang::ConstantArrayType>(array);
    if (!constant) {
      errorNotSupported(var->getLocation(),
                        "unbounded array of structs with resources");
      return;
    }
    shape.push_back(int64_t(constant->getSize().getZExtValue()));
    element = constant->getElementType();
  }
  visit(element->getAsCXXRecordDecl());
  globals[var] = {
      GlobalSymbol::ResourceStruct, {}, {}, {}, AddressSpace::Function};
}

/// Members seed 002 keeps out of a constant buffer's layout.
static bool isExcludedFromLayout(HLSLGenTypes &types, const clang::VarDecl *var,
                                 clang::ASTContext &ast) {
  clang::QualType type = var->getType();
  if (var->getStorageClass() == clang::SC_Static ||
      HLSLGenModule::isGroupShared(var) || types.isResourceOrArray(type))
    return true;
  // A struct holding resources keeps its data members in the layout.
  clang::QualType base = ast.getBaseElementType(type);
  if (recordHasResources(types, base))
    return !recordHasData(types, ast, base);
  clang::QualType element = type;
  while (const auto *array = ast.getAsArrayType(element)) {
    if (const auto *constant = dyn_cast<clang::ConstantArrayType>(array))
      if (constant->getSize() == 0)
        return true;
    element = array->getElementType();
  }
  if (const auto *record = element->getAsCXXRecordDecl())
    if (record->hasDefinition() && record->field_empty() &&
        record->getNumBases() == 0)
      return true;
  return false;
}

void HLSLGenModule::emitCBuffer(const clang::HLSLBufferDecl *buffer) {
  // No buffer: $Globals of namespace constants only (Clang declares none).
  bool isGlobals = !buffer || buffer->isImplicit();
  SmallVector<const clang::VarDecl *> members;
  auto collect = [&](const clang::Decl *decl) {
    const auto *var = dyn_cast<clang::VarDecl>(decl);
    if (!var || skipStringVar(var))
      return;
    if (isExcludedFromLayout(types, var, astContext)) {
      // Resources and statics declared inside a cbuffer are ordinary
      // globals that merely live in its scope.
      if (!isGlobals)
        emitGlobalVar(var);
      return;
    }
    // The application fills $Globals: an initializer there is not the
    // value the shader reads (DXC's warning, in its words).
    if (isGlobals && var->getInit())
      warning(var->getLocation(),
              "Initializer of external global will be ignored");
    // A struct with resources and data: its resources are globals (as for
    // $Globals, whose variables are emitted at file scope), its data stays.
    if (!isGlobals && recordHasResources(
                          types, astContext.getBaseElementType(var->getType())))
      emitGlobalVar(var);
    members.push_back(var);
  };
  if (isGlobals) {
    globalsEmitted = true;
    if (buffer)
      for (const clang::Decl *decl : buffer->buffer_decls())
        collect(decl);
    for (const clang::VarDecl *var : namespaceGlobals)
      collect(var);
    // In declaration order, as DXC lays them out.
    const clang::SourceManager &sources = astContext.getSourceManager();
    llvm::sort(members, [&](const clang::VarDecl *a, const clang::VarDecl *b) {
      return sources.isBeforeInTranslationUnit(a->getLocation(),
                                               b->getLocation());
    });
  } else {
    for (const clang::Decl *decl : buffer->decls())
      collect(decl);
  }
  if (members.empty())
    return;

  CBufferKind kind = isGlobals             ? CBufferKind::Globals
                     : buffer->isCBuffer() ? CBufferKind::CBuffer
                                           : CBufferKind::TBuffer;
  StringRef sourceName = isGlobals ? "$Globals" : buffer->getName();
  std::string symbol = uniqueSymbol(isGlobals ? "$Globals" : sourceName);
  BindingAttr binding =
      isGlobals ? BindingAttr::get(context, std::nullopt, std::nullopt, 0,
                                   /*orderId=*/0u)
                : getBinding(buffer, kind == CBufferKind::TBuffer
                                         ? ResourceClass::SRV
                                         : ResourceClass::CBV);
  Location loc = getLoc(isGlobals ? members.front()->getLocation()
                                  : buffer->getLocation());
  OpBuilder::InsertionGuard guard(builder);
  auto op = CBufferOp::create(builder, loc, symbol, kind, binding);
  if (symbol != sourceName)
    op.setNameAttr(builder.getStringAttr(sourceName));
  // Clang declares $Globals at the end of the translation unit; DXC
  // allocates it before every other constant buffer (b0 when implicit).
  // It takes the first place in the module and in the implicit-binding
  // order, and every declaration before it moves one place down.
  if (isGlobals) {
    module->walk([&](Operation *other) {
      if (other == op)
        return;
      for (NamedAttribute attr : other->getAttrs()) {
        auto binding = dyn_cast<BindingAttr>(attr.getValue());
        if (!binding || !binding.getOrderId())
          continue;
        other->setAttr(attr.getName(),
                       BindingAttr::get(context, binding.getRegisterClass(),
                                        binding.getLowerBound(),
                                        binding.getSpace(),
                                        *binding.getOrderId() + 1));
      }
    });
    ++nextOrderId;
    for (Operation &other : module->getBody()->getOperations())
      if (&other != op && isa<CBufferOp, ResourceOp>(other)) {
        op->moveBefore(&other);
        break;
      }
  }
  builder.setInsertionPointToEnd(&op.getBody().front());
  llvm::StringSet<> memberNames;
  for (const clang::VarDecl *var : members) {
    Type type = types.convert(var->getType(), var->getLocation());
    if (!type)
      continue;
    type = withMatrixOrder(type, getMatrixOrder(var));
    const GlobalSymbol *resourceStruct = lookupGlobal(var);
    if (resourceStruct && resourceStruct->kind == GlobalSymbol::ResourceStruct)
      type = stripResources(type);
    if (!isDataType(type)) {
      errorNotSupported(var->getLocation(), "constant buffer member of type '" +
                                                var->getType().getAsString() +
                                                "'");
      continue;
    }
    PackOffsetAttr packoffset;
    if (const auto *attr = var->getAttr<clang::HLSLPackOffsetAttr>()) {
      // Clang's getOffsetInBytes() multiplies in `int` and overflows for
      // rows past 2^27; compute the offset in 64 bits and refuse what no
      // constant buffer can reach (the layout pass checks the 64 KiB limit).
      // The member is still declared so that its uses raise no more errors.
      uint64_t row = static_cast<uint32_t>(attr->getSubcomponent());
      uint64_t component = static_cast<uint32_t>(attr->getComponent());
      uint64_t offset = row * 16 + component * 4;
      if (offset > std::numeric_limits<uint32_t>::max()) {
        std::string where = "c" + std::to_string(row);
        if (component)
          where += std::string(".") + "xyzw"[component & 3];
        error(var->getLocation(),
              ("'" + var->getName() + "' at packoffset(" + where +
               ") is past the maximum constant buffer size of 65536 bytes "
               "(4096 rows)")
                  .str());
      } else {
        packoffset =
            PackOffsetAttr::get(context, static_cast<uint32_t>(offset));
      }
    }
    // A packoffset Clang refused and the source rewrites kept
    // (SourceRewrites.h), in bytes.
    if (!packoffset)
      for (const auto *annotate : var->specific_attrs<clang::AnnotateAttr>()) {
        StringRef bytes = annotate->getAnnotation();
        uint32_t offset;
        if (bytes.consume_front("hlsl.packoffset:") &&
            !bytes.getAsInteger(10, offset))
          packoffset = PackOffsetAttr::get(context, offset);
      }
    // `float x : register(c3)` on a global places it like packoffset(c3).
    if (!packoffset)
      if (const auto *binding =
              var->getAttr<clang::HLSLResourceBindingAttr>()) {
        StringRef slot = binding->getSlot();
        unsigned row;
        if (slot.size() > 1 && (slot[0] == 'c' || slot[0] == 'C') &&
            !slot.drop_front().getAsInteger(10, row)) {
          if (uint64_t(row) * 16 > 65535)
            error(var->getLocation(),
                  ("'" + var->getName() + "' at register(" + slot +
                   ") is past the maximum constant buffer size of 65536 "
                   "bytes (4096 rows)")
                      .str());
          else
            packoffset = PackOffsetAttr::get(context, row * 16);
        }
      }
    // A namespace's constant is named as DXC names it, `N::name`.
    std::string baseName = isa<clang::NamespaceDecl>(var->getDeclContext())
                               ? var->getQualifiedNameAsString()
                               : var->getName().str();
    std::string memberName = baseName;
    for (unsigned suffix = 1; !memberNames.insert(memberName).second; ++suffix)
      memberName = (baseName + "_" + Twine(suffix)).str();
    auto member = CBufferMemberOp::create(
        builder, getLoc(var->getLocation()), builder.getStringAttr(memberName),
        TypeAttr::get(type), packoffset, IntegerAttr(), TypeAttr());
    if (!options.enable16BitTypes &&
        (HLSLGenTypes::isMinPrecision(var->getType()) ||
         isBoolMatrix(var->getType())))
      member.setMinPrecision(true);
    if (resourceStruct &&
        resourceStruct->kind == GlobalSymbol::ResourceStruct) {
      // The struct's data members: its resources are declarations of their
      // own (emitResourceStruct).
      resourceStructData[var] = {GlobalSymbol::CBufferMember,
                                 FlatSymbolRefAttr::get(context, memberName),
                                 FlatSymbolRefAttr::get(context, symbol), type,
                                 AddressSpace::Constant};
      continue;
    }
    setDeclaredType(member, var->getType(), getMatrixOrder(var),
                    var->getLocation());
    globals[var] = {GlobalSymbol::CBufferMember,
                    FlatSymbolRefAttr::get(context, memberName),
                    FlatSymbolRefAttr::get(context, symbol), type,
                    AddressSpace::Constant};
  }
}

void HLSLGenModule::setDeclaredType(CBufferMemberOp member,
                                    clang::QualType type, MatrixOrder order,
                                    clang::SourceLocation loc) {
  Type declared = types.convertDeclared(type, loc);
  if (!declared)
    return;
  declared = withMatrixOrder(declared, order);
  if (hasUnsignedIntegers(declared))
    member.setDeclaredTypeAttr(TypeAttr::get(declared));
}

void HLSLGenModule::emitConstantBufferVar(const clang::VarDecl *var,
                                          CBufferKind kind) {
  // ConstantBuffer<T> is a constant buffer whose members are T's fields:
  // the same layout rules, and `CB.F` reads member F (TextureBuffer<T>
  // likewise, a tbuffer).
  const auto *spec = dyn_cast<clang::ClassTemplateSpecializationDecl>(
      var->getType().getCanonicalType()->getAsCXXRecordDecl());
  const clang::CXXRecordDecl *contents =
      spec && spec->getTemplateArgs().size() == 1
          ? spec->getTemplateArgs()[0].getAsType()->getAsCXXRecordDecl()
          : nullptr;
  bool isTexture = kind == CBufferKind::TBuffer;
  if (!contents || contents->getNumBases() != 0) {
    errorNotSupported(var->getLocation(), isTexture
                                              ? "this TextureBuffer<T> type"
                                              : "this ConstantBuffer<T> type");
    return;
  }
  std::string symbol = uniqueSymbol(var->getName());
  BindingAttr binding =
      getBinding(var, isTexture ? ResourceClass::SRV : ResourceClass::CBV);
  OpBuilder::InsertionGuard guard(builder);
  auto op = CBufferOp::create(builder, getLoc(var->getLocation()), symbol, kind,
                              binding);
  if (symbol != var->getName())
    op.setNameAttr(builder.getStringAttr(var->getName()));
  op.setContentsAttr(builder.getStringAttr(contents->getName()));
  builder.setInsertionPointToEnd(&op.getBody().front());
  for (const clang::FieldDecl *field : contents->fields()) {
    // Bit fields: a member per storage unit, which `CB.F` reads from.
    if (field->isBitField()) {
      HLSLGenTypes::FieldPlace place = types.getFieldPlace(field);
      if (!place.bits || place.bits->offset != 0)
        continue;
      unsigned bits = types.getUnitBits(field->getType());
      // (Reflection describes the unit with its first field's signedness.)
      TypeAttr declared;
      if (!field->getType()->isSignedIntegerOrEnumerationType())
        declared = TypeAttr::get(
            IntegerType::get(context, bits, IntegerType::Unsigned));
      CBufferMemberOp::create(
          builder, getLoc(field->getLocation()),
          builder.getStringAttr(getBitFieldUnitName(place.bits->unit)),
          TypeAttr::get(IntegerType::get(context, bits)), PackOffsetAttr(),
          IntegerAttr(), declared);
      continue;
    }
    // As for cbuffer blocks (seed 002): zero-sized arrays and empty structs
    // take no space and are not members.
    clang::QualType element = field->getType();
    bool excluded = false;
    while (const auto *array = astContext.getAsArrayType(element)) {
      if (const auto *constant = dyn_cast<clang::ConstantArrayType>(array))
        excluded |= constant->getSize() == 0;
      element = array->getElementType();
    }
    if (const auto *record = element->getAsCXXRecordDecl())
      excluded |= record->hasDefinition() && record->field_empty() &&
                  record->getNumBases() == 0;
    if (excluded)
      continue;
    Type type = types.convert(field->getType(), field->getLocation());
    if (!type)
      return;
    type = withMatrixOrder(type, getMatrixOrder(field));
    if (!isDataType(type)) {
      errorNotSupported(field->getLocation(),
                        "ConstantBuffer<T> member of type '" +
                            field->getType().getAsString() + "'");
      return;
    }
    auto member = CBufferMemberOp::create(
        builder, getLoc(field->getLocation()),
        builder.getStringAttr(field->getName()), TypeAttr::get(type),
        PackOffsetAttr(), IntegerAttr(), TypeAttr());
    setDeclaredType(member, field->getType(), getMatrixOrder(field),
                    field->getLocation());
    unsigned hints = types.getFieldHints(field->getType(), type);
    member.setMinPrecision(hints & MinPrecisionField);
    member.setRowStart(hints & RowStartField);
  }
  globals[var] = {GlobalSymbol::ConstantBufferVar,
                  FlatSymbolRefAttr::get(context, symbol),
                  {},
                  {},
                  AddressSpace::Constant};
}

void HLSLGenModule::emitEntryPoints(clang::TranslationUnitDecl *unit) {
  SmallVector<const clang::FunctionDecl *> entries;
  std::function<void(clang::DeclContext *)> scan = [&](clang::DeclContext *dc) {
    for (clang::Decl *decl : dc->decls()) {
      if (auto *ns = dyn_cast<clang::NamespaceDecl>(decl))
        scan(ns);
      else if (auto *exportDecl = dyn_cast<clang::ExportDecl>(decl))
        scan(exportDecl);
      else if (auto *fn = dyn_cast<clang::FunctionDecl>(decl))
        if (fn->hasBody() &&
            (fn->hasAttr<clang::HLSLShaderAttr>() ||
             (options.profile.stage == ShaderStage::Library &&
              isa<clang::ExportDecl>(dc))) &&
            // A shader profile compiles the -E entry alone; other functions
            // marked [shader(...)] are entries of libraries only (as DXC).
            (options.profile.stage == ShaderStage::Library ||
             fn->getName() == options.entry))
          entries.push_back(fn->getDefinition());
    }
  };
  scan(unit);
  bool isLibrary = options.profile.stage == ShaderStage::Library;
  if (entries.empty() && !isLibrary) {
    clang::SourceManager &sm = astContext.getSourceManager();
    error(sm.getLocForStartOfFile(sm.getMainFileID()),
          "missing entry point definition '" + options.entry + "'");
    return;
  }
  for (const clang::FunctionDecl *entry : entries)
    getOrCreateFunction(entry, entry->getLocation());
}

func::FuncOp HLSLGenModule::getOrCreateFunction(const clang::FunctionDecl *decl,
                                                clang::SourceLocation useLoc) {
  decl = decl->getDefinition() ? decl->getDefinition() : decl;
  if (auto it = functions.find(decl); it != functions.end()) {
    if (inProgress.contains(decl))
      error(useLoc, "recursive call to '" + decl->getNameAsString() +
                        "': recursion is not allowed in HLSL");
    return it->second;
  }
  if (!decl->hasBody()) {
    error(useLoc, "function '" + decl->getNameAsString() +
                      "' is declared but never defined");
    return {};
  }

  Location loc = getLoc(decl->getLocation());
  SmallVector<Type> argTypes, resultTypes;
  SmallVector<DictionaryAttr> argAttrs;
  auto addSemantic = [&](const clang::Decl *d, NamedAttrList &attrs) {
    // Clang applies one semantic per scalar/vector element of the value: a
    // struct parameter or result carries one per field, in field order.
    SmallVector<Attribute> semantics;
    for (const auto *semantic :
         d->specific_attrs<clang::HLSLAppliedSemanticAttr>()) {
      semantics.push_back(StringAttr::get(
          context, spellSemantic(semantic->getSemanticName(),
                                 semantic->getSemanticIndex())));
    }
    // (out/inout parameters are references to their type.)
    clang::QualType type =
        isa<clang::FunctionDecl>(d)
            ? cast<clang::FunctionDecl>(d)->getReturnType()
            : cast<clang::ValueDecl>(d)->getType().getNonReferenceType();
    if (semantics.empty()) {
      // Clang 22 applies no semantics to a struct whose fields are all its
      // bases' (`struct PSInput : Base {}`): its leaves are collected below.
      // (Entry points only: other functions' values have no signature.)
      const auto *cxx = type->getAsCXXRecordDecl();
      if (!decl->hasAttr<clang::HLSLShaderAttr>() || !cxx ||
          !cxx->hasDefinition() || cxx->getNumBases() == 0 ||
          isEmptySignatureRecord(type))
        return;
    }
    if (typeHasBitFields(astContext, type)) {
      errorNotSupported(d->getLocation(), "bit fields in a shader signature");
      reportedSemanticErrors.insert(d);
      return;
    }
    // Integers are signless in the dialect; signature elements record
    // whether each one is unsigned (its component type, U32 vs I32).
    // Compute-like stages have no signatures.
    const auto *shader = decl->getAttr<clang::HLSLShaderAttr>();
    std::optional<ShaderStage> stage =
        shader ? getShaderStage(shader) : options.profile.stage;
    bool hasSignature = stage && *stage != ShaderStage::Compute &&
                        *stage != ShaderStage::Mesh &&
                        *stage != ShaderStage::Amplification;
    // An out struct parameter the import marked (SourceRewrites.h): its
    // fields' own semantics (nested structs' and bases' below).
    // (`__hlsl_mlir_fields<N>_`, a name per parameter: Clang checks that
    // parameters' semantics do not overlap.)
    bool fieldsOwnSemantics = llvm::all_of(semantics, [](Attribute semantic) {
      return cast<StringAttr>(semantic).getValue().starts_with(
          "__hlsl_mlir_fields");
    });
    std::optional<std::pair<const clang::RecordDecl *, uint64_t>> structs =
        hasSignature ? getArrayOfStructs(type) : std::nullopt;
    if (fieldsOwnSemantics) {
      semantics.clear();
      const auto *record = structs ? structs->first : type->getAsRecordDecl();
      if (!record) {
        error(d->getLocation(), "semantic annotations must be present for "
                                "all parameters of an entry function");
        return;
      }
      for (const clang::FieldDecl *field : record->fields()) {
        if (structs || (!isFlatSignatureRecord(record) && hasSignature))
          break;
        const auto *semantic = field->getAttr<clang::HLSLParsedSemanticAttr>();
        // (An empty struct takes no registers and needs no semantic.)
        if (!semantic && isEmptySignatureRecord(field->getType()))
          continue;
        if (!semantic) {
          error(field->getLocation(),
                "field '" + field->getName().str() + "' of '" +
                    cast<clang::NamedDecl>(d)->getName().str() +
                    "' needs a semantic (it is an entry point's output)");
          reportedSemanticErrors.insert(d);
          return;
        }
        semantics.push_back(StringAttr::get(
            context, spellSemantic(semantic->getSemanticName(),
                                   semantic->getSemanticIndex())));
      }
    }
    auto isUnsigned = [&](clang::QualType t) {
      if (!hasSignature)
        return false;
      t = astContext.getBaseElementType(t.getCanonicalType());
      if (const auto *vec = t->getAs<clang::VectorType>())
        t = vec->getElementType();
      if (const auto *matrix = t->getAs<clang::ConstantMatrixType>())
        t = matrix->getElementType();
      return !t->isBooleanType() && t->isUnsignedIntegerType();
    };
    const clang::RecordDecl *record =
        structs ? structs->first : type->getAsRecordDecl();
    if (record) {
      // Nested structs and bases: DXC's semantics of the leaves (Clang's
      // applied ones count top-level fields). An array of structs: its
      // struct's leaves, over the array.
      SmallVector<const clang::FieldDecl *> fields(record->fields());
      SmallVector<std::string> fieldModifiers;
      for (const clang::FieldDecl *field : fields)
        fieldModifiers.push_back(getSignatureModifiers(field));
      SmallVector<Attribute> indexLists;
      if (structs || (!isFlatSignatureRecord(record) && hasSignature)) {
        const auto *outer = fieldsOwnSemantics
                                ? nullptr
                                : d->getAttr<clang::HLSLParsedSemanticAttr>();
        unsigned index = outer ? outer->getSemanticIndex() : 0;
        SmallVector<SignatureLeaf> leaves;
        bool collected =
            structs ? collectArrayOfStructLeaves(record, structs->second, outer,
                                                 index,
                                                 /*advance=*/false, leaves)
                    : collectSignatureLeaves(record, outer, index, leaves);
        if (!collected) {
          reportedSemanticErrors.insert(d);
          return;
        }
        semantics.clear();
        fields.clear();
        fieldModifiers.clear();
        for (const SignatureLeaf &leaf : leaves) {
          semantics.push_back(StringAttr::get(context, leaf.semantic));
          fields.push_back(leaf.field);
          fieldModifiers.push_back(leaf.modifiers);
          indexLists.push_back(DenseI32ArrayAttr::get(context, leaf.indices));
        }
      }
      attrs.set("hlsl.field_semantics", ArrayAttr::get(context, semantics));
      if (llvm::any_of(indexLists, [](Attribute list) {
            return !cast<DenseI32ArrayAttr>(list).empty();
          }))
        attrs.set("hlsl.field_semantic_indices",
                  ArrayAttr::get(context, indexLists));
      SmallVector<bool> unsignedFields;
      SmallVector<Attribute> interpolations;
      // Modifiers on the struct value (`nointerpolation S s : C`) apply to
      // each of its fields.
      std::string outerModifiers;
      if (const auto *value = dyn_cast<clang::ValueDecl>(d))
        outerModifiers = getSignatureModifiers(value);
      for (auto [field, modifiers] : llvm::zip_equal(fields, fieldModifiers)) {
        unsignedFields.push_back(isUnsigned(field->getType()));
        interpolations.push_back(
            StringAttr::get(context, joinModifiers(modifiers, outerModifiers)));
      }
      if (llvm::is_contained(unsignedFields, true))
        attrs.set("hlsl.field_unsigned",
                  DenseBoolArrayAttr::get(context, unsignedFields));
      if (llvm::any_of(interpolations, [](Attribute a) {
            return !cast<StringAttr>(a).getValue().empty();
          }))
        attrs.set("hlsl.field_modifiers",
                  ArrayAttr::get(context, interpolations));
    } else {
      attrs.set(HLSLDialect::getSemanticAttrName(), semantics.front());
      if (isUnsigned(type))
        attrs.set("hlsl.unsigned", UnitAttr::get(context));
      if (const auto *value = dyn_cast<clang::ValueDecl>(d))
        if (std::string modifiers = getSignatureModifiers(value);
            !modifiers.empty())
          attrs.set("hlsl.modifiers", StringAttr::get(context, modifiers));
    }
  };
  const auto *method = dyn_cast<clang::CXXMethodDecl>(decl);
  if (method && method->isInstance()) {
    Type thisType =
        types.convert(astContext.getCanonicalTagType(method->getParent()),
                      decl->getLocation());
    if (!thisType)
      return {};
    argTypes.push_back(PointerType::get(thisType));
    argAttrs.push_back(DictionaryAttr::get(context));
  }
  for (const clang::ParmVarDecl *param : decl->parameters()) {
    // `float a[]` decays to a pointer in Clang's AST; HLSL passes arrays by
    // value, so it is an unsized array value here.
    clang::QualType paramType = param->getType();
    if (param->getOriginalType()->isIncompleteArrayType())
      paramType = param->getOriginalType();
    // HLSL has no pointers: a parameter of a type deduced from an array
    // (the unsized resource array parameters the import turns into template
    // parameters, SourceRewritesUnsizedArrays.cpp) took the decayed array,
    // and is an unsized array value too.
    else if (const auto *pointer = paramType->getAs<clang::PointerType>())
      paramType = astContext.getIncompleteArrayType(
          pointer->getPointeeType(), clang::ArraySizeModifier::Normal, 0);
    Type type = types.convert(paramType, param->getLocation());
    if (!type)
      return {};
    // row_major/column_major (and -Zpr) matter for an entry's signature
    // layout and for matrices passed between functions.
    type = withMatrixOrder(type, getMatrixOrder(param));
    NamedAttrList attrs;
    if (isGroupSharedParameter(param)) {
      // The caller's groupshared variable (not a temporary: no direction).
      type = PointerType::get(
          isa<PointerType>(type) ? cast<PointerType>(type).getPointee() : type,
          AddressSpace::GroupShared);
    } else if (const auto *modifier =
                   param->getAttr<clang::HLSLParamModifierAttr>()) {
      if (modifier->isAnyOut()) {
        attrs.set(HLSLDialect::getDirectionAttrName(),
                  ParamDirectionAttr::get(context, modifier->isInOut()
                                                       ? ParamDirection::InOut
                                                       : ParamDirection::Out));
        // Clang keeps out/inout arrays as array types, not references: the
        // callee still gets the caller's temporary.
        if (!isa<PointerType>(type))
          type = PointerType::get(type);
      }
    }
    addSemantic(param, attrs);
    argTypes.push_back(type);
    argAttrs.push_back(attrs.getDictionary(context));
  }
  if (!decl->getReturnType()->isVoidType()) {
    Type type = types.convert(decl->getReturnType(), decl->getLocation());
    if (!type)
      return {};
    resultTypes.push_back(withMatrixOrder(type, getMatrixOrder(decl)));
  }

  std::string name = decl->getNameAsString();
  if (method)
    name = (method->getParent()->getName() + "::" + name).str();
  bool isEntry =
      decl->hasAttr<clang::HLSLShaderAttr>() &&
      (options.profile.stage == ShaderStage::Library || name == options.entry);
  if (!isEntry) {
    // Overloads and template instances share a source name.
    name = uniqueSymbol(name);
  } else {
    usedSymbols.insert(name);
  }
  OpBuilder::InsertionGuard guard(builder);
  builder.setInsertionPointToEnd(module->getBody());
  auto func = func::FuncOp::create(
      builder, loc, name, builder.getFunctionType(argTypes, resultTypes));
  func.setAllArgAttrs(argAttrs);
  if (!decl->getReturnType()->isVoidType()) {
    NamedAttrList resultAttrs;
    addSemantic(decl, resultAttrs);
    if (!resultAttrs.empty())
      func.setResultAttrs(0, resultAttrs.getDictionary(context));
  }
  if (const auto *shader = decl->getAttr<clang::HLSLShaderAttr>()) {
    std::optional<ShaderStage> stage = getShaderStage(shader);
    if (!stage) {
      errorNotSupported(decl->getLocation(), "this shader stage");
      return {};
    }
    func->setAttr(HLSLDialect::getShaderAttrName(),
                  ShaderStageAttr::get(context, *stage));
    func->setAttr(HLSLDialect::getEntryAttrName(), builder.getUnitAttr());
    if (*stage == ShaderStage::Compute && isEntry &&
        failed(checkComputeSemantics(decl)))
      return {};
    emitRootSignature(decl);
    // `[earlydepthstencil]` (a source rewrite's annotation): the depth test
    // runs before the pixel shader, a flag of the entry.
    if (hasAnnotation(decl, "hlsl.earlydepthstencil")) {
      if (*stage != ShaderStage::Pixel) {
        error(decl->getLocation(),
              "earlydepthstencil applies to pixel shaders only");
        return {};
      }
      (*module)->setAttr("hlsl.early_depth_stencil", builder.getUnitAttr());
    }
    if (const auto *threads = decl->getAttr<clang::HLSLNumThreadsAttr>()) {
      // Clang checks each dimension's maximum and the total; zero sizes
      // and Z past 64 are left to us (DXC's limits).
      int64_t x = threads->getX(), y = threads->getY(), z = threads->getZ();
      std::string spelled = "numthreads(" + std::to_string(x) + ", " +
                            std::to_string(y) + ", " + std::to_string(z) + ")";
      if (x < 1 || y < 1 || z < 1) {
        error(threads->getLocation(),
              spelled + ": every dimension must be at least 1");
        return {};
      }
      if (z > 64) {
        error(threads->getLocation(), spelled + ": Z must be at most 64");
        return {};
      }
      func->setAttr(
          HLSLDialect::getNumThreadsAttrName(),
          builder.getDenseI32ArrayAttr({int32_t(x), int32_t(y), int32_t(z)}));
    }
    // Clang checks the values (powers of two in [4, 128], the shader
    // model that allows a range).
    if (const auto *wave = decl->getAttr<clang::HLSLWaveSizeAttr>())
      func->setAttr(
          HLSLDialect::getWaveSizeAttrName(),
          builder.getDenseI32ArrayAttr(
              {wave->getMin(), wave->getMax(), wave->getPreferred()}));
  } else if (!(options.profile.stage == ShaderStage::Library &&
               isa<clang::ExportDecl>(decl->getLexicalDeclContext()))) {
    func.setPrivate();
  }
  functions[decl] = func;
  inProgress.insert(decl);
  emitFunctionBody(decl, func);
  inProgress.erase(decl);
  if (!isEntry)
    return func;
  func = wrapEntryOutputs(func, decl);
  if (!func)
    return {};
  // `[clipplanes(...)]` (a source rewrite's annotation).
  for (const auto *annotation : decl->specific_attrs<clang::AnnotateAttr>())
    if (annotation->getAnnotation().starts_with("hlsl.clipplanes:"))
      return addClipPlaneOutputs(
          func, decl,
          annotation->getAnnotation().drop_front(strlen("hlsl.clipplanes:")));
  return func;
}

void HLSLGenModule::emitFunctionBody(const clang::FunctionDecl *decl,
                                     func::FuncOp func) {
  HLSLGenFunction gen(*this, decl, func);
  gen.emitBody();
}
