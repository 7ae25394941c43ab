//===- HLSLGenTypes.cpp - Clang types to hlsl types -----------------------===//

#include "HLSLGen.h"

#include "llvm/Support/SaveAndRestore.h"

#include "clang/AST/Attr.h"
#include "clang/AST/DeclTemplate.h"
#include "clang/AST/Type.h"

using namespace mlir;
using namespace mlir::hlsl;
using namespace mlir::hlsl::gen;

HLSLGenTypes::HLSLGenTypes(HLSLGenModule &module)
    : module(module), context(module.getContext()) {}

std::optional<ResourceKind>
HLSLGenTypes::getResourceKind(clang::QualType type) {
  const clang::CXXRecordDecl *record =
      type.getCanonicalType()->getAsCXXRecordDecl();
  if (!record || !record->getIdentifier())
    return std::nullopt;
  // Both Clang's builtin resource classes (namespace hlsl) and our prelude's
  // records are recognized by name; the prelude's are records whose only
  // field is a __hlsl_resource_t handle.
  std::optional<ResourceKind> kind = symbolizeResourceKind(record->getName());
  if (!kind)
    return std::nullopt;
  for (const clang::FieldDecl *field : record->fields())
    if (field->getType()->isHLSLAttributedResourceType())
      return kind;
  return std::nullopt;
}

bool HLSLGenTypes::isUnsupportedResourceRecord(clang::QualType type) {
  const clang::CXXRecordDecl *record =
      type.getCanonicalType()->getAsCXXRecordDecl();
  if (!record || !record->hasDefinition() || getResourceKind(type))
    return false;
  for (const clang::FieldDecl *field : record->fields())
    if (field->getType()->isHLSLAttributedResourceType())
      return true;
  return false;
}

bool HLSLGenTypes::isResourceOrArray(clang::QualType type) {
  return isResourceRecord(module.getASTContext().getBaseElementType(type));
}

bool HLSLGenTypes::isSigned(clang::QualType type) {
  clang::QualType canonical = type.getCanonicalType();
  if (const auto *vec = canonical->getAs<clang::VectorType>())
    canonical = vec->getElementType();
  if (const auto *matrix = canonical->getAs<clang::ConstantMatrixType>())
    canonical = matrix->getElementType();
  return canonical->isSignedIntegerOrEnumerationType();
}

Type HLSLGenTypes::convert(clang::QualType type, clang::SourceLocation loc) {
  return convertImpl(type, loc, /*keepSignedness=*/false);
}

Type HLSLGenTypes::convertResourceElement(clang::QualType type,
                                          clang::SourceLocation loc) {
  return convertImpl(type, loc, /*keepSignedness=*/true);
}

Type HLSLGenTypes::convertDeclared(clang::QualType type,
                                   clang::SourceLocation loc) {
  llvm::SaveAndRestore inside(keepSignednessInside, true);
  return convertImpl(type, loc, /*keepSignedness=*/true);
}

bool mlir::hlsl::gen::hasAnnotation(const clang::Decl *decl,
                                    llvm::StringRef name) {
  for (const auto *annotate : decl->specific_attrs<clang::AnnotateAttr>())
    if (annotate->getAnnotation() == name)
      return true;
  return false;
}

std::optional<llvm::StringRef>
mlir::hlsl::gen::getUnsupportedFeature(const clang::Decl *decl) {
  for (const auto *annotate : decl->specific_attrs<clang::AnnotateAttr>()) {
    llvm::StringRef name = annotate->getAnnotation();
    if (name.consume_front("hlsl.unsupported:"))
      return name;
  }
  return std::nullopt;
}

/// Gives every matrix in `type` (also inside arrays) the order `order`.
Type mlir::hlsl::gen::withMatrixOrder(Type type, MatrixOrder order) {
  if (auto matrix = dyn_cast<MatrixType>(type))
    return MatrixType::get(matrix.getContext(), matrix.getRows(),
                           matrix.getColumns(), matrix.getElementType(), order);
  if (auto array = dyn_cast<ArrayType>(type))
    return ArrayType::get(array.getContext(), array.getSize(),
                          withMatrixOrder(array.getElementType(), order));
  // An out/inout parameter's matrix.
  if (auto pointer = dyn_cast<PointerType>(type))
    return PointerType::get(withMatrixOrder(pointer.getPointee(), order),
                            pointer.getAddressSpace());
  return type;
}

Type HLSLGenTypes::convertImpl(clang::QualType qualType,
                               clang::SourceLocation loc, bool keepSignedness) {
  clang::ASTContext &ast = module.getASTContext();
  clang::QualType type = qualType.getCanonicalType();
  const clang::Type *key = type.getTypePtr();
  if (!keepSignedness)
    if (auto it = cache.find(key); it != cache.end())
      return it->second;

  Type result;
  if (const auto *ref = type->getAs<clang::ReferenceType>()) {
    Type pointee = convertImpl(ref->getPointeeType(), loc, keepSignedness);
    if (!pointee)
      return {};
    result = PointerType::get(pointee, AddressSpace::Function);
  } else if (const auto *builtin = type->getAs<clang::BuiltinType>()) {
    if (builtin->isBooleanType()) {
      result = IntegerType::get(context, 1);
    } else if (builtin->isInteger()) {
      unsigned width = ast.getTypeSize(type);
      auto signedness = IntegerType::Signless;
      if (keepSignedness)
        signedness = builtin->isSignedInteger() ? IntegerType::Signed
                                                : IntegerType::Unsigned;
      result = IntegerType::get(context, width, signedness);
    } else if (builtin->isFloatingPoint()) {
      switch (ast.getTypeSize(type)) {
      case 16:
        result = Float16Type::get(context);
        break;
      case 32:
        result = Float32Type::get(context);
        break;
      case 64:
        result = Float64Type::get(context);
        break;
      }
    }
  } else if (const auto *bitInt = type->getAs<clang::BitIntType>()) {
    // The prelude's min16int/min12int/min16uint: computed in 32 bits, or in
    // 16 with native 16-bit types, as DXC does.
    unsigned width = module.getOptions().enable16BitTypes ? 16 : 32;
    auto signedness = IntegerType::Signless;
    if (keepSignedness)
      signedness =
          bitInt->isUnsigned() ? IntegerType::Unsigned : IntegerType::Signed;
    result = IntegerType::get(context, width, signedness);
  } else if (const auto *vec = type->getAs<clang::VectorType>()) {
    // Declarations were checked (HLSLDeclarationChecks.cpp); this catches
    // long vectors in expressions (casts, temporaries).
    if (vec->getNumElements() > 4) {
      module.error(loc, "'" + qualType.getAsString() + "' has " +
                            std::to_string(vec->getNumElements()) +
                            " components; vectors of more than 4 need "
                            "shader model 6.9");
      return {};
    }
    Type element = convertImpl(vec->getElementType(), loc, keepSignedness);
    if (!element)
      return {};
    result = VectorType::get({vec->getNumElements()}, element);
  } else if (const auto *matrix = type->getAs<clang::ConstantMatrixType>()) {
    Type element = convertImpl(matrix->getElementType(), loc,
                               keepSignedness && keepSignednessInside);
    if (!element)
      return {};
    result = MatrixType::get(
        context, matrix->getNumRows(), matrix->getNumColumns(), element,
        module.getOptions().rowMajorByDefault ? MatrixOrder::RowMajor
                                              : MatrixOrder::ColumnMajor);
  } else if (const auto *array = ast.getAsConstantArrayType(type)) {
    Type element = convertImpl(array->getElementType(), loc, keepSignedness);
    if (!element)
      return {};
    result = ArrayType::get(context, array->getSize().getZExtValue(), element);
  } else if (const auto *array = ast.getAsIncompleteArrayType(type)) {
    Type element = convertImpl(array->getElementType(), loc, keepSignedness);
    if (!element)
      return {};
    result = ArrayType::get(context, ArrayType::kUnbounded, element);
  } else if (const auto *enumType = type->getAs<clang::EnumType>()) {
    result =
        convertImpl(enumType->getDecl()->getIntegerType(), loc, keepSignedness);
  } else if (std::optional<ResourceKind> kind = getResourceKind(type)) {
    const auto *record = type->getAsCXXRecordDecl();
    Type element;
    if (hasElementType(*kind)) {
      const auto *spec =
          dyn_cast<clang::ClassTemplateSpecializationDecl>(record);
      if (!spec || spec->getTemplateArgs().size() < 1) {
        module.errorNotSupported(loc, "resource type without element type");
        return {};
      }
      clang::QualType elementType = spec->getTemplateArgs()[0].getAsType();
      element = isTypedResource(*kind)
                    ? convertImpl(elementType, loc, /*keepSignedness=*/true)
                    : convertImpl(elementType, loc, false);
      if (!element)
        return {};
    }
    result = ResourceType::getChecked(
        [&] { return emitError(module.getLoc(loc)); }, context, *kind, element);
  } else if (isUnsupportedResourceRecord(type)) {
    module.errorNotSupported(
        loc, ("resource type '" + type->getAsCXXRecordDecl()->getName() + "'")
                 .str());
    return {};
  } else if (const auto *record = type->getAsCXXRecordDecl()) {
    if (!record->hasDefinition()) {
      module.error(loc, "incomplete struct type");
      return {};
    }
    SmallVector<Type> fields;
    SmallVector<std::string> names;
    SmallVector<unsigned> hints;
    for (const clang::CXXBaseSpecifier &base : record->bases()) {
      Type baseType = convertImpl(base.getType(), loc,
                                  keepSignedness && keepSignednessInside);
      if (!baseType)
        return {};
      fields.push_back(baseType);
      names.push_back(
          ("__base_" + base.getType()->getAsCXXRecordDecl()->getName()).str());
      hints.push_back(0);
    }
    unsigned unitOrdinal = 0;
    for (const StructMember &member : getStructMembers(record)) {
      const clang::FieldDecl *field = member.field;
      if (member.unitBits) {
        // A storage unit of bit fields: an integer as wide as their type.
        auto signedness = IntegerType::Signless;
        if (keepSignedness && keepSignednessInside)
          signedness = field->getType()->isSignedIntegerOrEnumerationType()
                           ? IntegerType::Signed
                           : IntegerType::Unsigned;
        fields.push_back(
            IntegerType::get(context, member.unitBits, signedness));
        names.push_back(getBitFieldUnitName(unitOrdinal++));
        hints.push_back(0);
        continue;
      }
      Type fieldType = convertImpl(field->getType(), field->getLocation(),
                                   keepSignedness && keepSignednessInside);
      if (!fieldType)
        return {};
      fieldType = withMatrixOrder(fieldType, module.getMatrixOrder(field));
      fields.push_back(fieldType);
      names.push_back(field->getName().str());
      hints.push_back(getFieldHints(field->getType(), fieldType));
    }
    SmallVector<StringRef> nameRefs(names.begin(), names.end());
    std::string name = record->getName().str();
    if (name.empty())
      name = "anon";
    result = StructType::get(context, name, fields, nameRefs, hints);
  }

  if (!result) {
    module.errorNotSupported(loc, "type '" + qualType.getAsString() + "'");
    return {};
  }
  if (!keepSignedness)
    cache[key] = result;
  return result;
}

//===----------------------------------------------------------------------===//
// Field hints for DXC's struct layout in constant buffers
//===----------------------------------------------------------------------===//

// min16float and min10float are typedefs (of float without 16-bit types:
// their names tell); the prelude's min16int, min12int and min16uint are
// `_BitInt`s.
bool HLSLGenTypes::isMinPrecision(clang::QualType type) {
  while (!type.isNull()) {
    const clang::Type *t = type.getTypePtr();
    if (const auto *typedefType = dyn_cast<clang::TypedefType>(t)) {
      StringRef name = typedefType->getDecl()->getName();
      if (name == "min16float" || name == "min10float")
        return true;
      type = typedefType->desugar();
    } else if (const auto *array = dyn_cast<clang::ArrayType>(t)) {
      type = array->getElementType();
    } else if (const auto *vector = dyn_cast<clang::VectorType>(t)) {
      type = vector->getElementType();
    } else if (const auto *matrix = dyn_cast<clang::MatrixType>(t)) {
      type = matrix->getElementType();
    } else if (isa<clang::BitIntType>(t)) {
      return true;
    } else {
      clang::QualType next = t->getLocallyUnqualifiedSingleStepDesugaredType();
      if (next == clang::QualType(t, 0))
        return false;
      type = next;
    }
  }
  return false;
}

unsigned HLSLGenTypes::getFieldHints(clang::QualType declared, Type type) {
  unsigned hints = 0;
  if (isMinPrecision(declared))
    hints |= MinPrecisionField;
  // DXC aligns a struct's matrix field by the default orientation (the
  // canonical type it looks at has lost row_major/column_major): a matrix
  // that is one vector in its own orientation but several in the default
  // one starts a row there. (The converse, several vectors that DXC packs
  // like one, would overlap the data before it; we keep the row.)
  if (auto matrix = dyn_cast<MatrixType>(type)) {
    bool rowMajorByDefault =
        module.getMatrixOrder(nullptr) == MatrixOrder::RowMajor;
    unsigned vectors =
        matrix.isRowMajor() ? matrix.getRows() : matrix.getColumns();
    unsigned defaultVectors =
        rowMajorByDefault ? matrix.getRows() : matrix.getColumns();
    if (vectors == 1 && defaultVectors > 1)
      hints |= RowStartField;
  }
  return hints;
}

//===----------------------------------------------------------------------===//
// Bit fields
//===----------------------------------------------------------------------===//

unsigned HLSLGenTypes::getUnitBits(clang::QualType type) {
  clang::QualType canonical = type.getCanonicalType();
  if (const auto *enumType = canonical->getAs<clang::EnumType>())
    canonical = enumType->getDecl()->getIntegerType().getCanonicalType();
  if (canonical->isBooleanType())
    return 32;
  return module.getASTContext().getTypeSize(canonical);
}

// DXC's layout (Microsoft's): a bit field shares the storage unit of the bit
// field before it when their types are as wide and its bits still fit;
// otherwise, and after a zero-width bit field, it starts a unit of its own.
SmallVector<HLSLGenTypes::StructMember>
HLSLGenTypes::getStructMembers(const clang::RecordDecl *record) {
  SmallVector<StructMember> members;
  unsigned bases = 0;
  if (const auto *cxx = dyn_cast<clang::CXXRecordDecl>(record))
    bases = cxx->getNumBases();
  bool unitOpen = false;
  unsigned usedBits = 0, units = 0;
  for (const clang::FieldDecl *field : record->fields()) {
    if (!field->isBitField()) {
      unitOpen = false;
      fieldPlaces[field] = {bases + unsigned(members.size()), std::nullopt};
      members.push_back({field, 0});
      continue;
    }
    unsigned width = field->getBitWidthValue();
    unsigned unitBits = getUnitBits(field->getType());
    if (width == 0) {
      unitOpen = false;
      continue;
    }
    if (!unitOpen || members.back().unitBits != unitBits ||
        usedBits + width > unitBits) {
      members.push_back({field, unitBits});
      unitOpen = true;
      usedBits = 0;
      ++units;
    }
    clang::QualType type = field->getType();
    fieldPlaces[field] = {
        bases + unsigned(members.size()) - 1,
        BitFieldPlace{units - 1, usedBits, width,
                      type->isSignedIntegerOrEnumerationType(), type}};
    usedBits += width;
  }
  return members;
}

HLSLGenTypes::FieldPlace
HLSLGenTypes::getFieldPlace(const clang::FieldDecl *field) {
  auto it = fieldPlaces.find(field);
  if (it == fieldPlaces.end()) {
    (void)getStructMembers(field->getParent());
    it = fieldPlaces.find(field);
    // (Zero-width bit fields have no place and no name to be used by.)
    if (it == fieldPlaces.end())
      return {};
  }
  return it->second;
}
