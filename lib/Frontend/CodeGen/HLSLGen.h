//===- HLSLGen.h - Clang AST to hlsl dialect (internal) ---------*- C++ -*-===//
//
// The importer follows ClangIR's CIRGen split: HLSLGenModule handles the
// translation unit (globals, resources, cbuffers, functions on demand),
// HLSLGenFunction one function body (statements in HLSLGenStmt.cpp,
// rvalues in HLSLGenExprScalar.cpp, lvalues in HLSLGenExprLValue.cpp, calls
// and intrinsics in HLSLGenCall.cpp) and HLSLGenTypes the type mapping.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_FRONTEND_CODEGEN_HLSLGEN_H
#define HLSL_LIB_FRONTEND_CODEGEN_HLSLGEN_H

#include "HLSL/Dialect/HLSL/IR/HLSLOps.h"
#include "HLSL/Frontend/HLSLImport.h"
#include "PackMatrixPragmas.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "clang/AST/ASTContext.h"
#include "clang/AST/Decl.h"
#include "clang/AST/DeclCXX.h"
#include "clang/AST/Expr.h"
#include "clang/AST/ExprCXX.h"
#include "clang/AST/Stmt.h"
#include "clang/Basic/Diagnostic.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"

#include <set>

namespace mlir::hlsl::gen {

class HLSLGenModule;

/// A matrix type's flat row-major vector type (arithmetic on matrices goes
/// through that form); other types unchanged.
Type getArithmeticType(Type type);
/// A matrix as its flat row-major vector; other values unchanged.
Value toArithmeticValue(OpBuilder &builder, Location loc, Value value);
/// `shape` (a scalar, vector or matrix type) with elements of `element`.
Type withElementType(Type shape, Type element);

/// The value at double precision of an expression of unsuffixed float
/// literals (and integer literals, `+ - * /`, unary minus) that Clang typed
/// `float`, as DXC evaluates it in a double context; nullopt for anything
/// else (HLSLGenLiterals.cpp).
std::optional<llvm::APFloat>
evaluateLiteralAsDouble(const clang::Expr *expr, clang::ASTContext &context);

/// Gives every matrix in `type` (also inside arrays) the order `order`.
Type withMatrixOrder(Type type, MatrixOrder order);

/// Whether `decl` carries `__attribute__((annotate(name)))` (the prelude's
/// and the source rewrites' markers: `hlsl.intrinsic`, `hlsl.centroid`...).
bool hasAnnotation(const clang::Decl *decl, llvm::StringRef name);

/// What a prelude function marked `hlsl.unsupported:<what>` belongs to (the
/// intrinsics of stages not supported yet); nullopt for the others.
std::optional<llvm::StringRef> getUnsupportedFeature(const clang::Decl *decl);

/// Whether `record` declares bit fields (its values are built by packing
/// them into their storage units).
inline bool hasBitFields(const clang::RecordDecl *record) {
  return llvm::any_of(record->fields(), [](const clang::FieldDecl *field) {
    return field->isBitField();
  });
}

/// A bit field's bits in its storage unit and the type it reads as.
struct BitFieldPlace {
  /// The unit's ordinal among the record's units (see bitFieldUnitName).
  unsigned unit = 0;
  unsigned offset = 0;
  unsigned width = 0;
  /// Reads sign-extend the bits.
  bool isSigned = false;
  /// The value type of the field (i1 for bool).
  clang::QualType type;
};

/// Maps Clang types to hlsl-dialect types.
class HLSLGenTypes {
public:
  HLSLGenTypes(HLSLGenModule &module);

  /// The value type of `type`; null (after a diagnostic) if unsupported.
  Type convert(clang::QualType type, clang::SourceLocation loc);
  /// Like convert, with the element type of typed resources keeping the
  /// signedness of integers (`ui32`), as !hlsl.res types need it.
  Type convertResourceElement(clang::QualType type, clang::SourceLocation loc);
  /// Like convertResourceElement, with the signedness kept inside structs
  /// and matrices too: the declared type reflection describes.
  Type convertDeclared(clang::QualType type, clang::SourceLocation loc);

  /// The resource kind of a resource record, if it is one.
  std::optional<ResourceKind> getResourceKind(clang::QualType type);
  bool isResourceRecord(clang::QualType type) {
    return getResourceKind(type).has_value();
  }
  /// Records holding a resource handle that are no resource kind we lower
  /// (Texture2DMS, FeedbackTexture2D, ...).
  bool isUnsupportedResourceRecord(clang::QualType type);
  /// True for resources and (nested) arrays of resources.
  bool isResourceOrArray(clang::QualType type);
  bool isSigned(clang::QualType type);

  /// Where a field of a record lives in the converted struct: its field
  /// index (bases first) and, for a bit field, its bits in that field (a
  /// storage unit shared by neighbouring bit fields).
  struct FieldPlace {
    unsigned index = 0;
    /// Set for bit fields only.
    std::optional<BitFieldPlace> bits;
  };
  FieldPlace getFieldPlace(const clang::FieldDecl *field);

  /// The width of the storage unit a bit field of `type` takes (bool takes
  /// 32 bits, as in memory).
  unsigned getUnitBits(clang::QualType type);

  /// Whether `type` is, or is made of, a minimum-precision type (min16float,
  /// min10float, min16int, min12int, min16uint).
  static bool isMinPrecision(clang::QualType type);
  /// The StructFieldHint bits of a struct field (or a ConstantBuffer<T>
  /// member) of source type `declared` converted to `type`.
  unsigned getFieldHints(clang::QualType declared, Type type);

private:
  /// The struct fields of `record` in order: a field, or a storage unit of
  /// bit fields (the first of them, and the unit's width in bits).
  struct StructMember {
    const clang::FieldDecl *field;
    unsigned unitBits = 0;
  };
  SmallVector<StructMember> getStructMembers(const clang::RecordDecl *record);
  Type convertImpl(clang::QualType type, clang::SourceLocation loc,
                   bool keepSignedness);
  HLSLGenModule &module;
  MLIRContext *context;
  llvm::DenseMap<const clang::Type *, Type> cache;
  llvm::DenseMap<const clang::FieldDecl *, FieldPlace> fieldPlaces;
  /// Set by convertDeclared.
  bool keepSignednessInside = false;
};

/// `type` without its resources (struct fields and arrays of nothing but
/// resources go away); null if nothing is left.
Type stripResources(Type type);

/// What a global declaration became in the module.
struct GlobalSymbol {
  enum Kind {
    Resource,
    Global,
    CBufferMember,
    ResourceStruct,
    /// A ConstantBuffer<T> variable: `symbol` is its hlsl.cbuffer.
    ConstantBufferVar
  } kind;
  FlatSymbolRefAttr symbol;
  /// For cbuffer members: the cbuffer symbol.
  FlatSymbolRefAttr cbuffer;
  Type type;
  AddressSpace space = AddressSpace::Function;
};

class HLSLGenModule {
public:
  HLSLGenModule(clang::ASTContext &astContext, clang::DiagnosticsEngine &diags,
                MLIRContext *context, const ImportOptions &options,
                const PackMatrixPragmas *packMatrixPragmas = nullptr);

  /// Imports the translation unit; returns false if there was an error.
  bool emitTranslationUnit(clang::TranslationUnitDecl *unit);
  /// Reports declarations Clang accepts but DXIL cannot have (array sizes
  /// wrapped to 32 bits, long vectors; HLSLDeclarationChecks.cpp); returns
  /// false if there was any.
  bool checkDeclarations(clang::TranslationUnitDecl *unit);
  OwningOpRef<ModuleOp> takeModule() { return std::move(module); }

  Location getLoc(clang::SourceLocation loc);
  Location getLoc(clang::SourceRange range) { return getLoc(range.getBegin()); }
  /// Whether `loc` is in (or expands from a macro of) the prelude.
  bool isInPrelude(clang::SourceLocation loc);
  /// `error: not supported yet: <what>` at `loc`, Clang style.
  void errorNotSupported(clang::SourceLocation loc, llvm::StringRef what);
  void error(clang::SourceLocation loc, llvm::StringRef message);
  /// An error at an MLIR location (printed the same way).
  void error(Location loc, const llvm::Twine &message);
  void warning(clang::SourceLocation loc, llvm::StringRef message);
  bool hadError() const { return errorCount != 0; }

  /// The function for `decl`, emitting its body the first time.
  func::FuncOp getOrCreateFunction(const clang::FunctionDecl *decl,
                                   clang::SourceLocation useLoc);
  const GlobalSymbol *lookupGlobal(const clang::ValueDecl *decl) {
    auto it = globals.find(decl);
    if (it != globals.end())
      return &it->second;
    // A static data member is used by its declaration in the struct and
    // defined (`float4 S::data = 0.25f;`) by another declaration of it.
    for (const clang::Decl *other : decl->redecls())
      if (auto found = globals.find(cast<clang::ValueDecl>(other));
          found != globals.end())
        return &found->second;
    return emitStaticMemberOnUse(decl);
  }
  /// A static data member initialized in its struct (`static const int N =
  /// 4;`) has no declaration at file scope: it is emitted when first used.
  const GlobalSymbol *emitStaticMemberOnUse(const clang::ValueDecl *decl);
  /// Resource flattened out of a global struct variable (`s.e.B`), found
  /// by the chain of fields from the variable to the resource member.
  const GlobalSymbol *
  lookupStructResource(const clang::VarDecl *var,
                       ArrayRef<const clang::FieldDecl *> chain);
  /// The $Globals member with the data members of a global struct that
  /// also holds resources (its type without the resources), if any.
  const GlobalSymbol *lookupResourceStructData(const clang::VarDecl *var) {
    auto it = resourceStructData.find(var);
    return it == resourceStructData.end() ? nullptr : &it->second;
  }

  clang::ASTContext &getASTContext() { return astContext; }
  MLIRContext *getContext() { return context; }
  HLSLGenTypes &getTypes() { return types; }
  const ImportOptions &getOptions() { return options; }
  ModuleOp getModule() { return *module; }
  /// Order of a matrix declared with `decl`'s attributes.
  MatrixOrder getMatrixOrder(const clang::Decl *decl);
  /// The order the typedefs `type` goes through give it: the first that
  /// declares one (`typedef row_major float2x1 T;`), else the
  /// `#pragma pack_matrix` in effect where the shader's innermost typedef
  /// names the matrix; nullopt if none does.
  std::optional<MatrixOrder> getTypedefMatrixOrder(clang::QualType type);
  /// The order of a matrix type written at `loc` without one: the
  /// `#pragma pack_matrix` in effect there, else -Zpr/-Zpc's.
  MatrixOrder getDefaultMatrixOrderAt(clang::SourceLocation loc);
  /// A variable of an effect framework type (BlendState, PixelShader, ...),
  /// which DXC ignores with a warning: warns and returns true.
  bool skipEffectObject(const clang::VarDecl *var);
  /// A `string` variable (the prelude's character array): DXC ignores those
  /// at file scope and refuses others. Returns true for one (after the error
  /// for one that is not at file scope).
  bool skipStringVar(const clang::VarDecl *var);
  /// A `groupshared` variable.
  static bool isGroupShared(const clang::VarDecl *var);
  /// A `groupshared` parameter (HLSL 202x): the caller's groupshared
  /// variable, passed by address (recordGroupSharedParameter's annotation).
  static bool isGroupSharedParameter(const clang::ParmVarDecl *param);
  /// `globallycoherent` written on a declaration.
  static bool isGloballyCoherent(const clang::Decl *decl);
  /// A variable declared `globallycoherent` and initialized with a handle
  /// from the descriptor heap: the handle is globally coherent.
  void markCoherentHeapHandle(const clang::VarDecl *var, Value init);
  /// One scalar, vector, matrix or array field of a struct in a signature,
  /// with its semantic.
  struct SignatureLeaf {
    const clang::FieldDecl *field;
    /// Spelled with its first row's index.
    std::string semantic;
    /// A leaf of structs in an array (`Foo foo[3] : FOO`) takes a register
    /// per array element and own row; named by a semantic, its rows' indices
    /// interleave with the other leaves' (DXC: foo[0].a, foo[0].b, foo[1].a,
    /// ...): the index of each of its rows. Empty when they follow each
    /// other.
    SmallVector<int32_t> indices;
    /// The registers one such array element of the leaf takes.
    unsigned rows = 1;
    /// Its interpolation and snorm/unorm modifiers and those of the struct
    /// fields it is in.
    std::string modifiers;
  };
  /// The leaves of `record` in DXC's order (bases, then fields, nested
  /// structs flattened; empty ones take nothing): named by `outer` with
  /// consecutive indices from `nextIndex` (one per register), or by their
  /// own semantics. False after an error.
  /// `inherited`: the modifiers of the struct fields `record` is in.
  bool collectSignatureLeaves(const clang::RecordDecl *record,
                              const clang::HLSLParsedSemanticAttr *outer,
                              unsigned &nextIndex,
                              SmallVectorImpl<SignatureLeaf> &leaves,
                              StringRef inherited = {});
  /// The leaves of an array of `count` structs `record` (flattened arrays
  /// of arrays), each one leaf over the whole array: named by `semantic`
  /// (the enclosing one, or the array's own) with the indices of DXC's
  /// order from `nextIndex` (advanced past them when `advance`), or by the
  /// fields' own semantics with consecutive indices.
  bool collectArrayOfStructLeaves(const clang::RecordDecl *record,
                                  uint64_t count,
                                  const clang::HLSLParsedSemanticAttr *semantic,
                                  unsigned &nextIndex, bool advance,
                                  SmallVectorImpl<SignatureLeaf> &leaves,
                                  StringRef inherited = {});
  /// For an array (of arrays) of structs other than resources and empty
  /// ones: the struct and the number of elements.
  std::optional<std::pair<const clang::RecordDecl *, uint64_t>>
  getArrayOfStructs(clang::QualType type);

private:
  void emitDecl(clang::Decl *decl);
  /// `initializedWhereDeclared`: a static local whose initializer reads
  /// the function's state; the function initializes it (HLSLGenStmt.cpp),
  /// so it has no initializer here and is never constant.
  void emitGlobalVar(const clang::VarDecl *var,
                     bool initializedWhereDeclared = false);
  /// A static bool global, false until the function sets it: whether a
  /// static local has been initialized.
  GlobalOp createStaticLocalGuard(const clang::VarDecl *var);
  /// What a resource's type as written says beyond its dialect type: the
  /// element's snorm/unorm, a multisampled texture's sample count, the
  /// unsigned integers of a ConstantBuffer<T>'s struct.
  void setResourceTypeAttributes(ResourceOp resource, clang::QualType type,
                                 clang::SourceLocation loc);
  /// The initializer of a static global, emitted once every declaration
  /// is: it may read a cbuffer member, and Clang declares the $Globals
  /// cbuffer last.
  void emitStaticInitializer(GlobalOp global, const clang::VarDecl *var);
  SmallVector<std::pair<GlobalOp, const clang::VarDecl *>> staticInitializers;
  /// The errors reported (location, message), each reported once.
  std::set<std::pair<unsigned, std::string>> reportedErrors;
  /// Entry point parameters whose semantics were already reported wrong.
  llvm::SmallPtrSet<const clang::Decl *, 2> reportedSemanticErrors;
  /// Whether the translation unit's declarations are all emitted (static
  /// locals of the functions emitted then get their initializers at once).
  bool declarationsDone = false;
  void emitResource(const clang::VarDecl *var);
  void emitResourceStruct(const clang::VarDecl *var);
  static std::string
  getStructResourceKey(const clang::VarDecl *var,
                       ArrayRef<const clang::FieldDecl *> chain);
  void emitCBuffer(const clang::HLSLBufferDecl *buffer);
  /// Non-static constants declared in namespaces, $Globals members (Clang
  /// 22 does not put them in its implicit buffer).
  SmallVector<const clang::VarDecl *> namespaceGlobals;
  bool globalsEmitted = false;
  void emitConstantBufferVar(const clang::VarDecl *var, CBufferKind kind);
  /// Keeps the signedness of a constant buffer member's integers for
  /// reflection (`declared` on the member) when its value type drops it.
  void setDeclaredType(CBufferMemberOp member, clang::QualType type,
                       MatrixOrder order, clang::SourceLocation loc);
  void emitEntryPoints(clang::TranslationUnitDecl *unit);
  /// The semantics of a compute entry: only thread and group IDs on its
  /// inputs, none on its result.
  LogicalResult checkComputeSemantics(const clang::FunctionDecl *entry);
  /// The entry's [RootSignature] as the RTS0 part's bytes, on the module
  /// (`hlsl.root_signature`).
  void emitRootSignature(const clang::FunctionDecl *entry);
  BindingAttr getBinding(const clang::Decl *decl, ResourceClass cls);
  std::string uniqueSymbol(llvm::StringRef name);
  void emitFunctionBody(const clang::FunctionDecl *decl, func::FuncOp func);
  /// An entry with out/inout parameters: a wrapper entry that returns them
  /// (HLSLGenEntryOutputs.cpp). Returns `entry` when it has none, null on
  /// error.
  func::FuncOp wrapEntryOutputs(func::FuncOp entry,
                                const clang::FunctionDecl *decl);
  /// `[clipplanes(p0, p1, ...)]` on an entry (`planes` as written, comma
  /// separated): a wrapper entry that also returns SV_ClipDistance<i> =
  /// dot(SV_Position, p<i>), as DXC adds them (HLSLGenEntryOutputs.cpp).
  /// Null on error.
  /// Renames `entry` (`<name><bodySuffix>`, private) and creates the entry
  /// that wraps it under its name: parameters `argTypes` (`argAttrs`), a
  /// struct result `<name><resultSuffix>` of `fieldTypes` with
  /// `resultAttrs`, the entry's attributes. The builder is at the start of
  /// its body.
  func::FuncOp createEntryWrapper(func::FuncOp entry, StringRef bodySuffix,
                                  StringRef resultSuffix,
                                  ArrayRef<Type> argTypes,
                                  ArrayRef<DictionaryAttr> argAttrs,
                                  ArrayRef<Type> fieldTypes,
                                  ArrayRef<std::string> fieldNames,
                                  DictionaryAttr resultAttrs);
  func::FuncOp addClipPlaneOutputs(func::FuncOp entry,
                                   const clang::FunctionDecl *decl,
                                   StringRef planes);
  /// The address of a clip plane written as `name(.field|[index])*`, a
  /// constant buffer member or part of one; null after an error.
  Value emitClipPlaneAddress(StringRef plane, Location loc,
                             const clang::FunctionDecl *decl);

  clang::ASTContext &astContext;
  clang::DiagnosticsEngine &diags;
  MLIRContext *context;
  const ImportOptions &options;
  /// The shader's `#pragma pack_matrix` directives (none when null).
  const PackMatrixPragmas *packMatrixPragmas;
  OwningOpRef<ModuleOp> module;
  OpBuilder builder;
  HLSLGenTypes types;
  unsigned errorCount = 0;
  /// Implicit bindings' declaration order ($Globals, declared last by
  /// Clang, takes order 0 when it appears; see emitCBuffer).
  unsigned nextOrderId = 0;
  llvm::DenseMap<const clang::ValueDecl *, GlobalSymbol> globals;
  /// Static data members emitted on first use (emitStaticMemberOnUse).
  llvm::SmallPtrSet<const clang::VarDecl *, 4> emittedOnUse;
  llvm::StringMap<GlobalSymbol> structResources;
  /// The $Globals member holding a global resource struct's data members.
  llvm::DenseMap<const clang::VarDecl *, GlobalSymbol> resourceStructData;
  llvm::DenseMap<const clang::FunctionDecl *, func::FuncOp> functions;
  /// Functions whose bodies are being emitted: a call to one is recursion.
  llvm::SmallPtrSet<const clang::FunctionDecl *, 8> inProgress;
  llvm::StringSet<> usedSymbols;
  friend class HLSLGenFunction;
};

/// An lvalue: an address, optionally narrowed to components of the vector
/// it points to (`v.zy`).
/// An addressable value: `addr`, or with `swizzle` the listed components
/// of the vector at `addr`, or of the matrix at `addr` (elements numbered
/// row * columns + column, from matrix members spanning rows).
struct LValue {
  Value addr;
  SmallVector<int32_t, 4> swizzle;
  /// A bit field: `addr` is its storage unit.
  std::optional<BitFieldPlace> bitField = std::nullopt;
  /// A `precise` variable or field (or a part of one): what is stored is
  /// computed precisely (hlsl.precise).
  bool precise = false;
  bool isSwizzle() const { return !swizzle.empty(); }
  bool isBitField() const { return bitField.has_value(); }
};

class HLSLGenFunction {
public:
  HLSLGenFunction(HLSLGenModule &module, const clang::FunctionDecl *decl,
                  func::FuncOp func);
  void emitBody();

  // Statements (HLSLGenStmt.cpp).
  void emitStmt(const clang::Stmt *stmt);
  void emitCompound(const clang::CompoundStmt *stmt);
  void emitDeclStmt(const clang::DeclStmt *stmt);
  void emitLocalVar(const clang::VarDecl *var);
  /// `static T v = init;` whose `init` reads parameters, locals or `this`:
  /// initialized the first time the declaration is reached, as DXC does.
  void emitStaticLocalFirstInitialization(const clang::VarDecl *var);
  void emitIf(const clang::IfStmt *stmt);
  /// The condition of `statement` (if, for, while, do-while) is a scalar;
  /// reports the error and returns false otherwise.
  bool checkScalarCondition(const clang::Expr *cond, StringRef statement);
  void emitFor(const clang::ForStmt *stmt, ArrayRef<const clang::Attr *> attrs);
  void emitWhile(const clang::WhileStmt *stmt,
                 ArrayRef<const clang::Attr *> attrs);
  void emitDo(const clang::DoStmt *stmt, ArrayRef<const clang::Attr *> attrs);
  void emitSwitch(const clang::SwitchStmt *stmt);
  void emitReturn(const clang::ReturnStmt *stmt);

  // Rvalues (HLSLGenExprScalar.cpp).
  Value emitRValue(const clang::Expr *expr);
  Value emitCondition(const clang::Expr *expr);
  Value emitCast(const clang::CastExpr *expr);
  /// A binary operator's value as computed, comparisons as bools.
  Value emitComparisonOrArithmetic(const clang::BinaryOperator *expr);
  Value emitConversion(Value value, clang::QualType from, clang::QualType to,
                       clang::SourceLocation loc);
  Value emitBinary(const clang::BinaryOperator *expr);
  Value emitArithmetic(clang::BinaryOperatorKind op, Value lhs, Value rhs,
                       clang::QualType type, clang::QualType operandType,
                       clang::SourceLocation loc);
  /// `target`, if given, receives the assigned lvalue.
  Value emitCompoundAssign(const clang::CompoundAssignOperator *expr,
                           LValue *target = nullptr);
  Value emitUnary(const clang::UnaryOperator *expr, LValue *target = nullptr);
  /// `++`/`--` on `lvalue`: the value after (prefix) or before.
  Value emitIncrementDecrement(const LValue &lvalue, bool increment,
                               bool prefix, Location loc);
  /// `+`, `-`, `~` or `!` applied to `value` (of Clang type `type`).
  Value emitUnaryValue(clang::UnaryOperatorKind op, Value value,
                       clang::QualType type, Location loc);
  Value emitLogical(const clang::BinaryOperator *expr);
  Value emitConditional(const clang::AbstractConditionalOperator *expr);
  /// `c ? a : b` as a branch on `c` to the arm, each emitted by `emitArm`,
  /// joining at a block argument of `type`.
  Value emitConditionalBranches(
      const clang::AbstractConditionalOperator *expr, Type type,
      llvm::function_ref<Value(const clang::Expr *)> emitArm);
  /// Whether evaluating `expr` has no effect and cannot trap, so that a
  /// conditional can evaluate both arms and select (memoized).
  bool isSafeToSpeculate(const clang::Expr *expr);
  Value emitInitList(const clang::InitListExpr *expr);
  Value emitInitListElements(const clang::InitListExpr *expr);
  /// Marks each expression an initializer list reads its flattened
  /// components through (an OpaqueValueExpr, or a vector value under
  /// several subscripts) as evaluated once, at its first use
  /// (initListShared); returns what it marked, for unbindInitListValues.
  SmallVector<const clang::Expr *>
  bindInitListValues(const clang::InitListExpr *expr);
  void unbindInitListValues(ArrayRef<const clang::Expr *> bound);
  /// At the first use of an initializer list's OpaqueValueExpr (one
  /// bindInitListValues marked and nothing bound yet): evaluates it and
  /// binds it (opaqueValues, opaqueLValues). Nothing for any other.
  void bindInitListOpaqueValue(const clang::OpaqueValueExpr *opaque);
  Value emitZero(Type type, Location loc);
  Value emitConstant(Type type, double fp, int64_t integer, Location loc);
  /// The constant `value` rounded to `type` (a float type).
  Value emitFloatConstant(Type type, llvm::APFloat value, Location loc);
  Value emitBool(Value value, clang::QualType type, Location loc);

  // Lvalues (HLSLGenExprLValue.cpp).
  LValue emitLValue(const clang::Expr *expr);
  LValue emitLValueOf(const clang::Expr *expr);
  // `precise` (HLSLGenPrecise.cpp).
  /// Whether `expr` names a `precise` variable or field, or a part of one.
  bool isPreciseLValue(const clang::Expr *expr);
  /// `value` marked as computed precisely (hlsl.precise) where it is of a
  /// floating-point type (scalar, vector, matrix); otherwise itself.
  Value makePrecise(Value value, Location loc);
  Value emitLoad(const LValue &lvalue, Location loc);
  /// The lvalue of a variable or parameter `d` that `expr` names.
  LValue emitDeclLValue(const clang::ValueDecl *d, const clang::Expr *expr);
  /// The address of element `flat` (row * columns + column) of the matrix
  /// at `matrixAddr`.
  Value emitMatrixElementAddr(Value matrixAddr, int32_t flat, Location loc);
  /// The address of component `index` (not a constant) of a swizzle.
  Value emitDynamicSwizzleElementAddr(const LValue &swizzle,
                                      const clang::Expr *index, Location loc);
  /// `m._m00_m11` (see getMatrixMemberExpansion): the matrix's lvalue with
  /// the elements as its swizzle; nullopt if `swizzle` is not one.
  std::optional<LValue>
  emitMatrixElementSwizzle(const clang::ExtVectorElementExpr *swizzle);
  void emitStore(Value value, const LValue &lvalue, Location loc);
  // Bit fields (HLSLGenBitFields.cpp): their bits read from or written into
  // the storage unit `lvalue.addr` points to.
  Value emitBitFieldLoad(const LValue &lvalue, Location loc);
  void emitBitFieldStore(Value value, const LValue &lvalue, Location loc);
  /// A value of `record` (converted to `type`) from one value per base,
  /// then per named field, as an initializer list orders them; bit fields
  /// are packed into their storage units.
  Value emitRecordValue(const clang::CXXRecordDecl *record, StructType type,
                        ArrayRef<Value> values, Location loc);
  /// An initializer list of a record with bit fields.
  Value emitBitFieldRecordInitList(const clang::InitListExpr *expr,
                                   const clang::CXXRecordDecl *record,
                                   StructType type);
  /// The handle of a resource expression (global, array element, local).
  Value emitResource(const clang::Expr *expr);
  /// The ConstantBuffer<T> variable `expr` names, if it names one.
  const GlobalSymbol *lookupConstantBuffer(const clang::Expr *expr);
  /// Global resource arrays and sub-arrays as array values (an unbounded
  /// one only for an unsized array parameter, `allowUnbounded`).
  Value tryEmitResourceSlice(const clang::Expr *expr,
                             bool allowUnbounded = false);

  // Calls (HLSLGenCall.cpp).
  Value emitCall(const clang::CallExpr *expr);
  Value emitIntrinsic(const clang::CallExpr *expr,
                      const clang::FunctionDecl *callee, Value object);
  /// The matrix type a byte-address buffer's Load<T> reads (T's typedef
  /// gives its order); warns where DXC reads other elements.
  Type getRawLoadMatrixType(const clang::CallExpr *expr, Value object,
                            Type resultType);
  /// A call of `__hlsl_operator_<op>`: an operator Clang 22 refuses on
  /// matrices or vectors, rewritten to a call (HLSLGenOperatorCall.cpp).
  Value emitOperatorCall(const clang::CallExpr *expr, StringRef op);
  /// The intrinsic `name` on scalar and vector operands.
  Value emitElementwiseIntrinsic(const clang::CallExpr *expr, StringRef name,
                                 SmallVectorImpl<Value> &args,
                                 ArrayRef<const clang::Expr *> argExprs,
                                 Type resultType, bool isAtomic, Location loc);
  Value emitResourceMethod(const clang::CallExpr *expr,
                           const clang::CXXMethodDecl *method,
                           const clang::Expr *object);
  /// The temporary for an out/inout argument. With `writtenAs`, the callee
  /// writes a value of that type (an atomic's original value), which is
  /// converted to the argument's.
  Value emitOutArg(const clang::HLSLOutArgExpr *arg, Type paramType,
                   clang::QualType writtenAs = {});
  Value emitConstruct(const clang::CXXConstructExpr *expr);
  /// Default initialization of `type` by its implicit constructor: members
  /// with a default member initializer (`uint h = f();`) take its value,
  /// the others are default-initialized in turn (undefined scalars).
  Value emitDefaultInitialization(clang::QualType type,
                                  clang::SourceLocation loc);

  // Shared helpers.
  /// Converts between types that differ only in matrix memory order (a
  /// row_major value passed to a column_major parameter, ...).
  Value coerce(Value value, Type type, Location loc);
  Location getLoc(clang::SourceLocation loc) { return module.getLoc(loc); }
  Type convertType(clang::QualType type, clang::SourceLocation loc) {
    return module.getTypes().convert(type, loc);
  }
  bool isSigned(clang::QualType type) {
    return module.getTypes().isSigned(type);
  }
  /// A function-local variable allocated in the entry block.
  Value createVar(Type type, llvm::StringRef name, Location loc);
  /// A new unnamed variable holding `value` (a prvalue used where an
  /// address is needed).
  Value createTemporary(Value value, Location loc);
  /// The value of a global struct (array) of resources: its members'
  /// handles (HLSLGenExprLValue.cpp).
  Value emitResourceStructValue(const clang::VarDecl *var, Location loc);
  /// After a terminator, later code goes to a fresh unreachable block.
  void startUnreachableBlock();
  bool hasTerminator();
  /// Placeholder of the right type after an error, so emission goes on.
  Value poison(Type type, Location loc);
  Value notSupported(const clang::Stmt *stmt, llvm::StringRef what);
  /// `(Base)d` of an lvalue `d` of a record derived from Base (or of Base):
  /// the lvalue of its base part; nothing for other expressions.
  LValue emitBaseCastLValue(const clang::Expr *expr);
  Value emitHeapDescriptor(const clang::CallExpr *expr,
                           const clang::Expr *object);
  /// The type an atomic operates on (see emitIntrinsic).
  clang::QualType getAtomicOperandType(llvm::StringRef name,
                                       llvm::ArrayRef<const clang::Expr *> args,
                                       Value object);
  Value atomicOperandError(const clang::Expr *arg, llvm::StringRef name,
                           clang::QualType type);
  /// `max(d, 0.3)` with a double d, before HLSL 202x: the prelude's
  /// conversion fallback (a template converting its arguments to their
  /// promoted type and calling the intrinsic again) is emitted in place, so
  /// that its conversion of the literal to double sees the literal (the
  /// double nearest to its decimal, as DXC) rather than a float parameter.
  /// Null if the call is not such a fallback with a float literal argument.
  std::optional<Value>
  emitLiteralFallbackInPlace(const clang::CallExpr *expr,
                             const clang::FunctionDecl *callee,
                             llvm::ArrayRef<const clang::Expr *> args);
  /// The literal a float expression stands for: itself, or the caller's
  /// literal for a parameter of a fallback emitted in place.
  const clang::Expr *getLiteralSource(const clang::Expr *expr) const;

  HLSLGenModule &module;
  const clang::FunctionDecl *decl;
  func::FuncOp func;
  OpBuilder builder;
  llvm::DenseMap<const clang::ValueDecl *, Value> locals;
  /// The literal arguments of a prelude conversion fallback emitted in
  /// place (emitLiteralFallbackInPlace): parameter -> the caller's literal.
  llvm::DenseMap<const clang::ParmVarDecl *, const clang::Expr *>
      literalArguments;
  llvm::DenseMap<const clang::Expr *, bool> speculatable;
  /// Values of OpaqueValueExprs bound while emitting an out argument or an
  /// initializer list.
  llvm::DenseMap<const clang::OpaqueValueExpr *, Value> opaqueValues;
  llvm::DenseMap<const clang::OpaqueValueExpr *, LValue> opaqueLValues;
  /// Expressions an initializer list reads several components through,
  /// and the vector values of those evaluated (its components are
  /// subscripts of them).
  llvm::DenseSet<const clang::Expr *> initListShared;
  llvm::DenseMap<const clang::Expr *, Value> initListValues;
  struct JumpTargets {
    Block *breakBlock;
    Block *continueBlock;
  };
  SmallVector<JumpTargets> jumpTargets;
  /// The `this` pointer of a member function.
  Value thisPtr;
  /// Local copies of global structs of resources, to refuse stores to them.
  llvm::DenseMap<Value, const clang::ValueDecl *> resourceStructCopies;
};

} // namespace mlir::hlsl::gen

#endif // HLSL_LIB_FRONTEND_CODEGEN_HLSLGEN_H
