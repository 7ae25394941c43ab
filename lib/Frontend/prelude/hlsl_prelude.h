//===- hlsl_prelude.h - Force-included HLSL prelude for hlsl-mlir ---------===//
//
// The hlsl-mlir frontend parses HLSL with Clang. Debian's Clang does not ship
// the `hlsl.h` default header, and even where it exists its intrinsics are
// wired to Clang's own codegen builtins. We therefore force-include this
// prelude (`-include hlsl_prelude.h`) and treat it as the contract between the
// HLSL source language and our AST importer.
//
// Contract with the importer (lib/Frontend):
//
//  * PRIMITIVE intrinsics -- those that map to a single DXIL operation or a
//    single basic operation -- are declared WITHOUT a body and carry
//    `__attribute__((annotate("hlsl.intrinsic")))` (macro __HLSL_INTRINSIC).
//    The importer identifies them by (name, parameter types) for free
//    functions and by (record name, method name, parameter types) for resource
//    methods. Scalar and vector overloads are non-template with concrete
//    types; the matrix shapes of elementwise primitives, the mul() family and
//    ByteAddressBuffer::Load<T>/Store<T> are body-less templates -- the callee is then a template
//    specialization FunctionDecl, still with concrete parameter types and the
//    annotation (Clang copies it onto every instantiation).
//
//  * DERIVED intrinsics are ordinary HLSL functions (usually function
//    templates) with a body written in terms of primitives, expanded the way
//    DXC lowers them (e.g. pow -> exp2(y * log2(x))). The importer compiles
//    them like user code; they need no special knowledge.
//
//  * "Fallback" templates implement HLSL's implicit argument conversions for
//    intrinsic calls (sin(1), max(1.0, 2), clamp(float3, 0, 1), ...). They are
//    derived functions that convert their arguments and re-call the intrinsic,
//    so the importer again sees only primitives and plain code.
//
// Clang 22 does have many `__builtin_hlsl_*` / `__builtin_elementwise_*`
// builtins (e.g. __builtin_hlsl_dot, __builtin_hlsl_lerp,
// __builtin_elementwise_sin, __builtin_hlsl_resource_getpointer). They are
// deliberately not used here: they would lower through Clang's LLVM codegen,
// whereas the importer only understands the annotated declarations below.
//
// Everything except the preprocessor macros lives in namespace `hlsl`, which
// Clang already makes visible with an implicit `using namespace hlsl;`. This
// keeps user functions that happen to share an intrinsic's name from silently
// becoming the definition of one of our body-less declarations.
//
// Known gaps (Clang 22 limitations, not fixable from a header):
//  * `Buffer b;` / `RWBuffer b;` without template arguments: Clang's classes
//    are `final`, so the injected-class-name trick used for textures below
//    cannot be applied.
//  * row_major/column_major inside a template argument or a cast
//    (`StructuredBuffer<row_major float4x4>`) are ignored with a warning.
//  * Matrix `*` between two matrices is a matrix product in Clang 22 (HLSL
//    says elementwise; the importer emits it elementwise), so derived
//    intrinsics take no matrices. The operators Clang refuses on matrices,
//    `_m00` members and structs copied out of a cbuffer are rewritten in the
//    source before Clang sees them (lib/Frontend/SourceRewrites.h).
//  * In `float4 + float1` Clang truncates the float4 (DXC splats the
//    float1).
//  * `hlsl::Texture2D` written with the namespace breaks, because the
//    resource names are macros (see the end of the file).
//
// Do not copy code from Clang's or DXC's headers into this file.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_MLIR_PRELUDE_H
#define HLSL_MLIR_PRELUDE_H

// Marks a body-less declaration as a primitive intrinsic (see contract above).
#define __HLSL_INTRINSIC __attribute__((annotate("hlsl.intrinsic")))

// DXC's infinity literal `1.#INF`, which the importer respells `$INF`
// (infinityLiterals in SourceRewrites.h).
#define $INF (__builtin_inff())

// Selective declarations. Declaring every overload of every intrinsic costs
// Clang ~50 ms per shader, so the importer first scans the shader's tokens
// and, with __HLSL_SELECTIVE defined, defines __HLSL_USE_<name> as
// __HLSL_PROBE for each prelude name the shader mentions. __HLSL_USED(name)
// is then 1 for those names (and for the primitives derived intrinsics are
// built from, see "Dependencies" below) and 0 for the others, whose
// declarations are left out. Without __HLSL_SELECTIVE everything is declared.
#define __HLSL_PROBE ~, 1
#define __HLSL_SECOND(a, b, ...) b
#define __HLSL_IS_PROBE(...) __HLSL_SECOND(__VA_ARGS__, 0, )
#ifdef __HLSL_SELECTIVE
#define __HLSL_USED(N) __HLSL_IS_PROBE(__HLSL_USE_##N)
#else
#define __HLSL_USED(N) 1
#endif
#define __HLSL_CAT(a, b) __HLSL_CAT_I(a, b)
#define __HLSL_CAT_I(a, b) a##b
#define __HLSL_IF_1(...) __VA_ARGS__
#define __HLSL_IF_0(...)
/// The declarations `...` of intrinsic N, if the shader uses N.
#define __HLSL_WHEN(N, ...) __HLSL_CAT(__HLSL_IF_, __HLSL_USED(N))(__VA_ARGS__)
/// The declarations the macro call `F ARGS` makes, if the shader uses N. The
/// call is formed only once N is known to be used: __HLSL_WHEN's arguments
/// are macro-expanded before they are dropped, and expanding every overload
/// set nobody used cost ~10 ms of preprocessing per shader.
#define __HLSL_WHEN_CALL(N, F, ARGS)                                           \
  __HLSL_CAT(__HLSL_CALL_IF_, __HLSL_USED(N))(F, ARGS)
#define __HLSL_CALL_IF_1(F, ARGS) F ARGS
#define __HLSL_CALL_IF_0(F, ARGS)

// Dependencies: the derived intrinsics' bodies call these primitives (and
// derived ones), so using one uses them. Most dependent first.
#ifdef __HLSL_SELECTIVE
#if __HLSL_USED(lit)
#define __HLSL_USE_pow __HLSL_PROBE
#define __HLSL_USE_max __HLSL_PROBE
#define __HLSL_USE_select __HLSL_PROBE
#endif
#if __HLSL_USED(distance)
#define __HLSL_USE_length __HLSL_PROBE
#endif
#if __HLSL_USED(pow)
#define __HLSL_USE_exp2 __HLSL_PROBE
#define __HLSL_USE_log2 __HLSL_PROBE
#endif
#if __HLSL_USED(exp) || __HLSL_USED(ldexp)
#define __HLSL_USE_exp2 __HLSL_PROBE
#endif
#if __HLSL_USED(log) || __HLSL_USED(log10)
#define __HLSL_USE_log2 __HLSL_PROBE
#endif
#if __HLSL_USED(atan2)
#define __HLSL_USE_atan __HLSL_PROBE
#define __HLSL_USE_select __HLSL_PROBE
#define __HLSL_USE_and __HLSL_PROBE
#endif
#if __HLSL_USED(fmod)
#define __HLSL_USE_frac __HLSL_PROBE
#define __HLSL_USE_abs __HLSL_PROBE
#define __HLSL_USE_select __HLSL_PROBE
#endif
#if __HLSL_USED(step) || __HLSL_USED(AddUint64)
#define __HLSL_USE_select __HLSL_PROBE
#endif
#if __HLSL_USED(smoothstep)
#define __HLSL_USE_saturate __HLSL_PROBE
#endif
// A feedback map's methods take the texture it describes.
#if __HLSL_USED(FeedbackTexture2D)
#define __HLSL_USE_Texture2D __HLSL_PROBE
#endif
#if __HLSL_USED(FeedbackTexture2DArray)
#define __HLSL_USE_Texture2DArray __HLSL_PROBE
#endif
#if __HLSL_USED(clamp)
#define __HLSL_USE_min __HLSL_PROBE
#define __HLSL_USE_max __HLSL_PROBE
#endif
#if __HLSL_USED(length)
#define __HLSL_USE_abs __HLSL_PROBE
#define __HLSL_USE_sqrt __HLSL_PROBE
#define __HLSL_USE_dot __HLSL_PROBE
#endif
#if __HLSL_USED(normalize)
#define __HLSL_USE_rsqrt __HLSL_PROBE
#define __HLSL_USE_dot __HLSL_PROBE
#endif
#if __HLSL_USED(reflect)
#define __HLSL_USE_dot __HLSL_PROBE
#endif
#if __HLSL_USED(refract)
#define __HLSL_USE_dot __HLSL_PROBE
#define __HLSL_USE_sqrt __HLSL_PROBE
#define __HLSL_USE_select __HLSL_PROBE
#endif
#if __HLSL_USED(faceforward)
#define __HLSL_USE_dot __HLSL_PROBE
#define __HLSL_USE_select __HLSL_PROBE
#endif
#if __HLSL_USED(modf)
#define __HLSL_USE_trunc __HLSL_PROBE
#endif
#if __HLSL_USED(frexp)
#define __HLSL_USE_asuint __HLSL_PROBE
#define __HLSL_USE_asfloat __HLSL_PROBE
#define __HLSL_USE_select __HLSL_PROBE
#endif
#if __HLSL_USED(sincos)
#define __HLSL_USE_sin __HLSL_PROBE
#define __HLSL_USE_cos __HLSL_PROBE
#endif
#if __HLSL_USED(dot)
#define __HLSL_USE_mad __HLSL_PROBE
#endif
#endif

namespace hlsl {

//===----------------------------------------------------------------------===//
// Scalar, vector and matrix type names
//===----------------------------------------------------------------------===//
// Clang's Sema provides `vector<T,N>`, `matrix<T,R,C>` and `half`, but none of
// the familiar spellings. `long` is 64-bit on the DXIL target, which is why it
// backs int64_t. 16-bit integer types (and `short`) only exist when the driver
// enables native 16-bit types, signalled by __HLSL_ENABLE_16_BIT (defined only
// when both -fnative-half-type and -fnative-int16-type are given). Without it
// `half` is still a distinct type but has 32-bit storage, and the min-precision
// types are 32-bit types of their own for overloading (min16float and
// min10float are `half` then: `f(float)` and `f(min16float)` are two
// functions, as in DXC).

typedef unsigned int uint;
typedef unsigned int dword;
typedef int int32_t;
typedef unsigned int uint32_t;
typedef long int64_t;
typedef unsigned long uint64_t;
typedef float float32_t;
typedef double float64_t;
// Four 8-bit integers in a uint (shader model 6.6's pack_* / unpack_*). DXC
// makes them distinct types (for overloading); here they are uint.
typedef uint int8_t4_packed;
typedef uint uint8_t4_packed;

#ifdef __HLSL_ENABLE_16_BIT
typedef short int16_t;
typedef unsigned short uint16_t;
typedef half float16_t;
#endif
typedef half min16float;
typedef half min10float;
// The min-precision integer types are types of their own, as in DXC, which
// overloads on them (`f(int)` and `f(min16int)` are two functions). Only
// `_BitInt` gives C++ integer types that are distinct and not promoted to
// int, so `m >> 1` stays a min16int. The widths are Clang's (constant
// folding); the import computes them in 32 bits, or 16 with native 16-bit
// types, as DXC (HLSLGenTypes.cpp). Clang reports `_BitInt` as unsupported
// on the DXIL target: the import accepts that error here, in the prelude
// only (HLSLImport.cpp, which defines __HLSL_MLIR_IMPORT). Plain Clang (the
// benchmarks' reference compiles) gets the 32-bit types instead.
#ifdef __HLSL_MLIR_IMPORT
#define __HLSL_MIN_PRECISION_TYPES 1
typedef signed _BitInt(32) min16int;
typedef signed _BitInt(16) min12int;
typedef unsigned _BitInt(32) min16uint;
#else
#define __HLSL_MIN_PRECISION_TYPES 0
typedef int min16int;
typedef int min12int;
typedef uint min16uint;
#endif
// The underlying type of `enum E : min16int` (Clang allows no `_BitInt`
// there; SourceRewrites.h).
#ifdef __HLSL_ENABLE_16_BIT
typedef int16_t __hlsl_enum_base_min16int;
typedef int16_t __hlsl_enum_base_min12int;
typedef uint16_t __hlsl_enum_base_min16uint;
#else
typedef int __hlsl_enum_base_min16int;
typedef int __hlsl_enum_base_min12int;
typedef uint __hlsl_enum_base_min16uint;
#endif

// Every element type gets T1..T4 and T1x1..T4x4 spellings. The naming scheme
// (always `T##N` / `T##RxC`) is relied upon by the intrinsic generators below,
// which build overloads by token pasting instead of spelling `vector<T, N>`
// (a comma inside a macro argument would split it).
// The typedefs name the attributed types `vector<T, N>` and `matrix<T, R, C>`
// are aliases of (the same canonical types) instead of instantiating the alias
// templates: Clang checks the templates' constraints at every instantiation,
// and the 400 typedefs cost ~5 ms of every compile that way, 0.5 ms this way.
#define __HLSL_VECTOR_TYPEDEFS(T)                                              \
  typedef T T##1 __attribute__((ext_vector_type(1)));                          \
  typedef T T##2 __attribute__((ext_vector_type(2)));                          \
  typedef T T##3 __attribute__((ext_vector_type(3)));                          \
  typedef T T##4 __attribute__((ext_vector_type(4)));
#define __HLSL_MATRIX_ROW_TYPEDEFS(T, R)                                       \
  typedef T T##R##x1 __attribute__((matrix_type(R, 1)));                       \
  typedef T T##R##x2 __attribute__((matrix_type(R, 2)));                       \
  typedef T T##R##x3 __attribute__((matrix_type(R, 3)));                       \
  typedef T T##R##x4 __attribute__((matrix_type(R, 4)));
#define __HLSL_TYPEDEFS(T)                                                     \
  __HLSL_VECTOR_TYPEDEFS(T)                                                    \
  __HLSL_MATRIX_ROW_TYPEDEFS(T, 1)                                             \
  __HLSL_MATRIX_ROW_TYPEDEFS(T, 2)                                             \
  __HLSL_MATRIX_ROW_TYPEDEFS(T, 3)                                             \
  __HLSL_MATRIX_ROW_TYPEDEFS(T, 4)

__HLSL_TYPEDEFS(bool)
__HLSL_TYPEDEFS(int)
__HLSL_TYPEDEFS(uint)
__HLSL_TYPEDEFS(dword)
__HLSL_TYPEDEFS(half)
__HLSL_TYPEDEFS(float)
__HLSL_TYPEDEFS(double)
__HLSL_TYPEDEFS(int32_t)
__HLSL_TYPEDEFS(uint32_t)
__HLSL_TYPEDEFS(int64_t)
__HLSL_TYPEDEFS(uint64_t)
__HLSL_TYPEDEFS(float32_t)
__HLSL_TYPEDEFS(float64_t)
__HLSL_TYPEDEFS(min16float)
__HLSL_TYPEDEFS(min10float)
__HLSL_TYPEDEFS(min16int)
__HLSL_TYPEDEFS(min12int)
__HLSL_TYPEDEFS(min16uint)
#ifdef __HLSL_ENABLE_16_BIT
__HLSL_TYPEDEFS(int16_t)
__HLSL_TYPEDEFS(uint16_t)
__HLSL_TYPEDEFS(float16_t)
#endif

// `snorm float4` and `unorm float4`, which the import spells
// `__hlsl_norm::__hlsl_snorm_float4` (SourceRewrites.h): the float types
// under names the importer recognizes in signatures and resource element
// types.
#if __HLSL_USED(__hlsl_norm)
#define __HLSL_NORM_TYPEDEF(T)                                                 \
  typedef T __hlsl_snorm_##T;                                                  \
  typedef T __hlsl_unorm_##T;
#define __HLSL_NORM_MATRIX_ROW_TYPEDEFS(T, R)                                  \
  __HLSL_NORM_TYPEDEF(T##R##x1)                                                \
  __HLSL_NORM_TYPEDEF(T##R##x2)                                                \
  __HLSL_NORM_TYPEDEF(T##R##x3)                                                \
  __HLSL_NORM_TYPEDEF(T##R##x4)
#define __HLSL_NORM_TYPEDEFS(T)                                                \
  __HLSL_NORM_TYPEDEF(T)                                                       \
  __HLSL_NORM_TYPEDEF(T##1)                                                    \
  __HLSL_NORM_TYPEDEF(T##2)                                                    \
  __HLSL_NORM_TYPEDEF(T##3)                                                    \
  __HLSL_NORM_TYPEDEF(T##4)                                                    \
  __HLSL_NORM_MATRIX_ROW_TYPEDEFS(T, 1)                                        \
  __HLSL_NORM_MATRIX_ROW_TYPEDEFS(T, 2)                                        \
  __HLSL_NORM_MATRIX_ROW_TYPEDEFS(T, 3)                                        \
  __HLSL_NORM_MATRIX_ROW_TYPEDEFS(T, 4)
namespace __hlsl_norm {
__HLSL_NORM_TYPEDEFS(half)
__HLSL_NORM_TYPEDEFS(float)
__HLSL_NORM_TYPEDEFS(double)
__HLSL_NORM_TYPEDEFS(float32_t)
__HLSL_NORM_TYPEDEFS(float64_t)
__HLSL_NORM_TYPEDEFS(min16float)
__HLSL_NORM_TYPEDEFS(min10float)
#ifdef __HLSL_ENABLE_16_BIT
__HLSL_NORM_TYPEDEFS(float16_t)
#endif
} // namespace __hlsl_norm
#endif

} // namespace hlsl

//===----------------------------------------------------------------------===//
// Keywords Clang 22 does not know
//===----------------------------------------------------------------------===//
// Matrix orientation is a property of the declaration in HLSL, so we turn the
// keywords into an annotation on whatever they prefix (VarDecl in a cbuffer or
// at global scope, FieldDecl, ParmVarDecl, local VarDecl, TypedefDecl). The
// importer reads AnnotateAttr "hlsl.row_major" / "hlsl.column_major" from the
// declaration; a matrix declaration without either uses the default
// (column_major, as in DXC). On a typedef the annotation stays on the
// TypedefDecl; Clang's implicit __cblayout_* records and the $Globals field
// copies do not carry it, so always read it from the original VarDecl.
#define row_major __attribute__((annotate("hlsl.row_major")))
#define column_major __attribute__((annotate("hlsl.column_major")))

// Other declaration modifiers are kept as annotations so they are not lost.
// `linear`, `centroid`, `sample`, `precise` and `globallycoherent` are
// deliberately NOT macros: they are identifiers in real shaders too (a
// k-means `centroid`, a `sample` count, a `precise` flag); the import
// rewrites them where Clang rejects them as modifiers (SourceRewrites.h).
#define nointerpolation __attribute__((annotate("hlsl.nointerpolation")))
#define noperspective __attribute__((annotate("hlsl.noperspective")))
// `uniform` on an entry parameter is meaningless for SM6; drop it.
#define uniform

namespace hlsl {

//===----------------------------------------------------------------------===//
// Type machinery for the fallback overloads
//===----------------------------------------------------------------------===//
// HLSL lets an intrinsic be called with any numeric arguments and converts
// them (sin(1), max(1.0, 2), clamp(float3, 0, 1), lerp(a, b, 0.5)). Plain C++
// overloading over exact-typed declarations makes such calls ambiguous, so
// every intrinsic also gets a "fallback" template. A template whose parameters
// deduce exactly is preferred over any non-template needing a conversion, and
// a non-template with an exact match is preferred over the template. The
// fallback computes the HLSL-promoted argument type, converts, and re-calls the
// intrinsic. Its return type is `decltype(name(promoted...))`, which both
// yields the right result type and SFINAE-removes the fallback when no
// intrinsic accepts the promoted type; it is also disabled when the arguments
// already have the promoted type. Together this rules out self-recursion.
//
// All traits below are SFINAE-friendly: an invalid combination has no `type`
// member instead of producing a hard error.

template <bool C, typename T = void> struct __enable_if {};
template <typename T> struct __enable_if<true, T> { typedef T type; };
// An out parameter of this type takes its type from the in parameters only:
// as in DXC, `modf(f2, i2)` computes in float2 and converts the integer part
// to int2 on the way out (Clang deduced conflicting types).
template <typename T> struct __out_of { typedef T type; };

// Only ever used inside decltype.
template <typename T> T __declval();
// An array type a cast can name (the import's rewrites of conversions to
// array parameters write `(__hlsl_array_of<int, 2>::type)x`).
template <typename T, int N> struct __hlsl_array_of { typedef T type[N]; };
// `(W<float>)0` with W<float> not yet instantiated crashes Clang 22
// (SourceRewritesCrashes.cpp): the cast names the type through this, whose
// field makes Clang instantiate it.
template <typename T> struct __hlsl_complete {
  T value;
  using type = T;
};
// One-element vectors as scalars, other values as they are (the import's
// rewrite of `float4 + float1`, a float4 in HLSL).
template <typename T> T __hlsl_scalar1(T x) { return x; }
template <typename E> E __hlsl_scalar1(vector<E, 1> x) { return x.x; }

// Static data member used to spell "lvalue of type T" inside decltype: HLSL
// forbids writing `T &`, but `decltype((__lvalue_of<T>::value))` is a
// reference type. Resource operator[] uses this to return a writable element.
template <typename T> struct __lvalue_of { static T value; };

// Element ranks, in HLSL promotion order. -1 means "not an HLSL scalar".
// An unscoped enumeration has its underlying type's (DXC converts `sin(e)`
// as an int).
template <typename T, bool = __is_enum(T) && !__is_scoped_enum(T)>
struct __scalar_rank {
  static const int value = -1;
};
template <typename T> struct __scalar_rank<T, true> {
  static const int value = __scalar_rank<__underlying_type(T)>::value;
};
// A swizzle of a constant scalar (`const float r; r.xxx`) is a vector of
// const elements in Clang 22.
template <typename T> struct __scalar_rank<const T, false> {
  static const int value = __scalar_rank<T>::value;
};
template <> struct __scalar_rank<bool> { static const int value = 0; };
#ifdef __HLSL_ENABLE_16_BIT
template <> struct __scalar_rank<int16_t> { static const int value = 1; };
template <> struct __scalar_rank<uint16_t> { static const int value = 2; };
#endif
#if !__HLSL_MIN_PRECISION_TYPES
#elif defined(__HLSL_ENABLE_16_BIT)
template <> struct __scalar_rank<min16int> { static const int value = 1; };
template <> struct __scalar_rank<min12int> { static const int value = 1; };
template <> struct __scalar_rank<min16uint> { static const int value = 2; };
#else
template <> struct __scalar_rank<min16int> { static const int value = 3; };
template <> struct __scalar_rank<min12int> { static const int value = 3; };
template <> struct __scalar_rank<min16uint> { static const int value = 4; };
#endif
template <> struct __scalar_rank<int> { static const int value = 3; };
template <> struct __scalar_rank<uint> { static const int value = 4; };
template <> struct __scalar_rank<int64_t> { static const int value = 5; };
template <> struct __scalar_rank<uint64_t> { static const int value = 6; };
template <> struct __scalar_rank<half> { static const int value = 7; };
template <> struct __scalar_rank<float> { static const int value = 8; };
template <> struct __scalar_rank<double> { static const int value = 9; };

template <int R> struct __rank_scalar { typedef void type; };
template <> struct __rank_scalar<0> { typedef bool type; };
#ifdef __HLSL_ENABLE_16_BIT
template <> struct __rank_scalar<1> { typedef int16_t type; };
template <> struct __rank_scalar<2> { typedef uint16_t type; };
#endif
template <> struct __rank_scalar<3> { typedef int type; };
template <> struct __rank_scalar<4> { typedef uint type; };
template <> struct __rank_scalar<5> { typedef int64_t type; };
template <> struct __rank_scalar<6> { typedef uint64_t type; };
template <> struct __rank_scalar<7> { typedef half type; };
template <> struct __rank_scalar<8> { typedef float type; };
template <> struct __rank_scalar<9> { typedef double type; };

// Shape of a type: kind 0 = scalar, 1 = vector, 2 = matrix, -1 = other.
template <typename T> struct __shape {
  static const int kind = __scalar_rank<T>::value >= 0 ? 0 : -1;
  static const int rows = 1;
  static const int cols = 1;
  static const int rank = __scalar_rank<T>::value;
  typedef T elem;
};
template <typename T, int N> struct __shape<vector<T, N> > {
  static const int kind = __scalar_rank<T>::value >= 0 ? 1 : -1;
  static const int rows = 1;
  static const int cols = N;
  static const int rank = __scalar_rank<T>::value;
  typedef T elem;
};
template <typename T, int R, int C> struct __shape<matrix<T, R, C> > {
  static const int kind = __scalar_rank<T>::value >= 0 ? 2 : -1;
  static const int rows = R;
  static const int cols = C;
  static const int rank = __scalar_rank<T>::value;
  typedef T elem;
};

#if __HLSL_USED(__hlsl_norm)
// `unorm T` of a type name that is not a float type's own (a typedef,
// `Texture2D<unorm FfxFloat32x2>`): T under a member name the importer
// recognizes as it does `__hlsl_unorm_float2` (and refuses for a type that
// is not of floats, HLSLDeclarationChecks).
namespace __hlsl_norm {
template <typename T> struct __hlsl_snorm_of { typedef T __hlsl_snorm_type; };
template <typename T> struct __hlsl_unorm_of { typedef T __hlsl_unorm_type; };
} // namespace __hlsl_norm
#endif

template <typename E, int K, int R, int C> struct __make_type {};
template <typename E, int R, int C> struct __make_type<E, 0, R, C> {
  typedef E type;
};
template <typename E, int R, int C> struct __make_type<E, 1, R, C> {
  typedef vector<E, C> type;
};
template <typename E, int R, int C> struct __make_type<E, 2, R, C> {
  typedef matrix<E, R, C> type;
};

// Intrinsic element categories. __cat_rank maps an argument element rank to
// the rank the intrinsic computes in (-1: not accepted):
//   FLOAT    half/float only; integers and bool compute in float, double is
//            narrowed to float (DXC accepts it with a conversion).
//   FLOAT_D  half/float/double; integers and bool compute in float.
//   NUMERIC  every numeric type; bool computes in int.
//   INT      integer types only; bool computes in uint.
//   ANY      every scalar type including bool.
//   BITS     the bit intrinsics (countbits & co.): integer types; bool
//            computes in uint, half/float/double in int (as DXC converts
//            them; the bitwise operators refuse floating operands).
#define __HLSL_CAT_FLOAT 1
#define __HLSL_CAT_FLOAT_D 2
#define __HLSL_CAT_NUMERIC 3
#define __HLSL_CAT_INT 4
#define __HLSL_CAT_ANY 5
#define __HLSL_CAT_BITS 6
template <int CAT, int R> struct __cat_rank {
  static const int value =
      R < 0 ? -1
      : CAT == __HLSL_CAT_FLOAT   ? (R == 7 ? 7 : 8)
      : CAT == __HLSL_CAT_FLOAT_D ? (R >= 7 ? R : 8)
      : CAT == __HLSL_CAT_NUMERIC ? (R == 0 ? 3 : R)
      : CAT == __HLSL_CAT_INT     ? (R == 0 ? 4 : (R <= 6 ? R : -1))
      : CAT == __HLSL_CAT_ANY     ? R
      : CAT == __HLSL_CAT_BITS    ? (R == 0 ? 4 : (R <= 6 ? R : 3))
                                  : -1;
};

// Merge two shapes the way HLSL binary operators do: scalars splat, vectors
// truncate to the shorter one, matrices to the smaller extent; vector/matrix
// mixes are rejected.
template <int KA, int RA, int CA, int EA, int KB, int RB, int CB, int EB>
struct __merge {
  static const int kind = (KA < 0 || KB < 0) ? -1
                          : KA == KB         ? KA
                          : KA == 0          ? KB
                          : KB == 0          ? KA
                                             : -1;
  static const int rows = KA == 0 ? RB : KB == 0 ? RA : (RA < RB ? RA : RB);
  static const int cols = KA == 0 ? CB : KB == 0 ? CA : (CA < CB ? CA : CB);
  static const int rank = EA > EB ? EA : EB;
};

template <typename A, typename B> struct __merge2 {
  typedef __shape<A> SA;
  typedef __shape<B> SB;
  typedef __merge<SA::kind, SA::rows, SA::cols, SA::rank, SB::kind, SB::rows,
                  SB::cols, SB::rank>
      M;
  static const int kind = M::kind;
  static const int rows = M::rows;
  static const int cols = M::cols;
  static const int rank = M::rank;
};
template <typename A, typename B, typename C> struct __merge3 {
  typedef __merge2<A, B> AB;
  typedef __shape<C> SC;
  typedef __merge<AB::kind, AB::rows, AB::cols, AB::rank, SC::kind, SC::rows,
                  SC::cols, SC::rank>
      M;
  static const int kind = M::kind;
  static const int rows = M::rows;
  static const int cols = M::cols;
  static const int rank = M::rank;
};

template <int CAT, typename M> struct __promote_from {
  static const int rank = __cat_rank<CAT, M::rank>::value;
  static const int kind = rank < 0 ? -1 : M::kind;
};
template <int CAT, typename M>
struct __promote_make
    : __make_type<typename __rank_scalar<__promote_from<CAT, M>::rank>::type,
                  __promote_from<CAT, M>::kind, M::rows, M::cols> {};

// Common promoted type of the arguments for an intrinsic of category CAT.
template <int CAT, typename A>
struct __promote1 : __promote_make<CAT, __shape<A> > {};
template <int CAT, typename A, typename B>
struct __promote2 : __promote_make<CAT, __merge2<A, B> > {};
template <int CAT, typename A, typename B, typename C>
struct __promote3 : __promote_make<CAT, __merge3<A, B, C> > {};

// `A` with its element type replaced by the common promoted element of A and
// B (shape of A is kept). Used by mul(), whose operands keep their shapes.
template <int CAT, typename A, typename B>
struct __promote_elem
    : __make_type<typename __rank_scalar<__cat_rank<
                      CAT, (__shape<A>::rank > __shape<B>::rank
                                ? __shape<A>::rank
                                : __shape<B>::rank)>::value>::type,
                  (__cat_rank<CAT, __shape<A>::rank>::value < 0 ||
                           __shape<B>::kind < 0
                       ? -1
                       : __shape<A>::kind),
                  __shape<A>::rows, __shape<A>::cols> {};

// True if T is a scalar or vector whose element already belongs to CAT
// (derived intrinsics are only defined for those; matrices are excluded
// because Clang 22 gives matrix `*` matrix-product semantics).
// (The element must be the rank's own type: a min-precision element, of
// int's rank, goes through the fallbacks to int.)
template <int CAT, typename T> struct __is_sv {
  static const bool value =
      (__shape<T>::kind == 0 || __shape<T>::kind == 1) &&
      __cat_rank<CAT, __shape<T>::rank>::value == __shape<T>::rank &&
      __is_same(typename __shape<T>::elem,
                typename __rank_scalar<__shape<T>::rank>::type);
};
template <int CAT, typename T, typename R = T>
struct __enable_sv : __enable_if<__is_sv<CAT, T>::value, R> {};

// Same shape as T with a different element type (e.g. bool for isnan).
template <typename T, typename E>
struct __with_elem
    : __make_type<E, __shape<T>::kind, __shape<T>::rows, __shape<T>::cols> {};

// Operators Clang 22 refuses on matrices (and `++`/`--` on vectors): the
// import rewrites `a % b` to `__hlsl_operator_rem(a, b)` and so on
// (SourceRewrites.h); the result types are HLSL's promoted ones, and the
// importer emits the element-wise operation (HLSLGenOperatorCall.cpp).
#define __HLSL_D_OPERATOR2(NAME, RESULT)                                       \
  __HLSL_WHEN(NAME, template <typename A, typename B>                          \
                    __HLSL_INTRINSIC RESULT NAME(A a, B b);)
#define __HLSL_ARITH_RESULT typename __promote2<__HLSL_CAT_NUMERIC, A, B>::type
#define __HLSL_BITWISE_RESULT typename __promote2<__HLSL_CAT_INT, A, B>::type
#define __HLSL_COMPARE_RESULT                                                  \
  typename __with_elem<__HLSL_ARITH_RESULT, bool>::type
#define __HLSL_SHIFT_RESULT typename __promote1<__HLSL_CAT_INT, A>::type
#define __HLSL_NUMERIC1_RESULT typename __promote1<__HLSL_CAT_NUMERIC, T>::type
#define __HLSL_INT1_RESULT typename __promote1<__HLSL_CAT_INT, T>::type
#define __HLSL_BOOL1_RESULT typename __with_elem<T, bool>::type
#define __HLSL_LOGICAL_RESULT                                                  \
  typename __with_elem<typename __promote2<__HLSL_CAT_ANY, A, B>::type,        \
                       bool>::type
__HLSL_D_OPERATOR2(__hlsl_operator_add, __HLSL_ARITH_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_sub, __HLSL_ARITH_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_mul, __HLSL_ARITH_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_div, __HLSL_ARITH_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_rem, __HLSL_ARITH_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_and, __HLSL_BITWISE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_or, __HLSL_BITWISE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_xor, __HLSL_BITWISE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_shl, __HLSL_SHIFT_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_shr, __HLSL_SHIFT_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_lt, __HLSL_COMPARE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_gt, __HLSL_COMPARE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_le, __HLSL_COMPARE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_ge, __HLSL_COMPARE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_eq, __HLSL_COMPARE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_ne, __HLSL_COMPARE_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_land, __HLSL_LOGICAL_RESULT)
__HLSL_D_OPERATOR2(__hlsl_operator_lor, __HLSL_LOGICAL_RESULT)
#define __HLSL_D_OPERATOR1(NAME, RESULT)                                       \
  __HLSL_WHEN(NAME, template <typename T> __HLSL_INTRINSIC RESULT NAME(T x);)
__HLSL_D_OPERATOR1(__hlsl_operator_pos, __HLSL_NUMERIC1_RESULT)
__HLSL_D_OPERATOR1(__hlsl_operator_neg, __HLSL_NUMERIC1_RESULT)
__HLSL_D_OPERATOR1(__hlsl_operator_bitnot, __HLSL_INT1_RESULT)
__HLSL_D_OPERATOR1(__hlsl_operator_not, __HLSL_BOOL1_RESULT)
// A scalar passed to a vector out or inout parameter goes through a
// temporary of the parameter's type, one per call site N
// (SourceRewrites::recordScalarOutArguments).
template <typename T, int N> struct __hlsl_mlir_out_temporary {
  static T value;
};
template <typename T, int N> T __hlsl_mlir_out_temporary<T, N>::value;
// `c ? a : b` on matrices: element-wise, in the shape of all three.
template <typename C, typename A, typename B>
struct __select_result
    : __make_type<typename __rank_scalar<__merge2<A, B>::rank>::type,
                  __merge3<C, A, B>::kind, __merge3<C, A, B>::rows,
                  __merge3<C, A, B>::cols> {};
__HLSL_WHEN(__hlsl_operator_select,
            template <typename C, typename A, typename B> __HLSL_INTRINSIC
            typename __select_result<C, A, B>::type __hlsl_operator_select(
                C c, A a, B b);)
#define __HLSL_D_OPERATOR_INOUT(NAME)                                          \
  __HLSL_WHEN(NAME, template <typename T> __HLSL_INTRINSIC T NAME(inout T x);)
__HLSL_D_OPERATOR_INOUT(__hlsl_operator_pre_inc)
__HLSL_D_OPERATOR_INOUT(__hlsl_operator_pre_dec)
__HLSL_D_OPERATOR_INOUT(__hlsl_operator_post_inc)
__HLSL_D_OPERATOR_INOUT(__hlsl_operator_post_dec)

template <typename A, typename P> struct __differs {
  static const bool value = !__is_same(A, P);
};

// Fallback generators. NAME must already have its primitive or derived
// overloads declared when these are expanded: the return type looks NAME up
// at definition time, before the fallback itself is visible.
#define __HLSL_FALLBACK1(CAT, NAME)                                           \
  __HLSL_WHEN_CALL(NAME, __HLSL_FALLBACK1_I, (CAT, NAME))
#define __HLSL_FALLBACK1_I(CAT, NAME)                                          \
  template <typename A>                                                        \
  typename __enable_if<                                                        \
      __differs<A, typename __promote1<CAT, A>::type>::value,                  \
      __decltype(NAME(                                                         \
          __declval<typename __promote1<CAT, A>::type>()))>::type              \
  NAME(A a) {                                                                  \
    typedef typename __promote1<CAT, A>::type P;                               \
    return NAME((P)a);                                                         \
  }
#define __HLSL_FALLBACK2(CAT, NAME)                                           \
  __HLSL_WHEN_CALL(NAME, __HLSL_FALLBACK2_I, (CAT, NAME))
#define __HLSL_FALLBACK2_I(CAT, NAME)                                          \
  template <typename A, typename B>                                            \
  constexpr typename __enable_if<                                              \
      __differs<A, typename __promote2<CAT, A, B>::type>::value ||             \
          __differs<B, typename __promote2<CAT, A, B>::type>::value,           \
      __decltype(NAME(                                                         \
          __declval<typename __promote2<CAT, A, B>::type>(),                   \
          __declval<typename __promote2<CAT, A, B>::type>()))>::type           \
  NAME(A a, B b) {                                                             \
    typedef typename __promote2<CAT, A, B>::type P;                            \
    return NAME((P)a, (P)b);                                                   \
  }
#define __HLSL_FALLBACK3(CAT, NAME)                                           \
  __HLSL_WHEN_CALL(NAME, __HLSL_FALLBACK3_I, (CAT, NAME))
#define __HLSL_FALLBACK3_I(CAT, NAME)                                          \
  template <typename A, typename B, typename C>                                \
  typename __enable_if<                                                        \
      __differs<A, typename __promote3<CAT, A, B, C>::type>::value ||          \
          __differs<B, typename __promote3<CAT, A, B, C>::type>::value ||      \
          __differs<C, typename __promote3<CAT, A, B, C>::type>::value,        \
      __decltype(NAME(                                                         \
          __declval<typename __promote3<CAT, A, B, C>::type>(),                \
          __declval<typename __promote3<CAT, A, B, C>::type>(),                \
          __declval<typename __promote3<CAT, A, B, C>::type>()))>::type        \
  NAME(A a, B b, C c) {                                                        \
    typedef typename __promote3<CAT, A, B, C>::type P;                         \
    return NAME((P)a, (P)b, (P)c);                                             \
  }

//===----------------------------------------------------------------------===//
// Overload generators for primitive declarations
//===----------------------------------------------------------------------===//
// Primitives are spelled out as non-template overloads for every element type
// and scalar/vector shape so that the importer sees concrete parameter types.
// A generator M(NAME, T[, R]) is applied to every shape of a type (scalar,
// T1..T4, and one template for all matrices T<R>x<C>) and the shape-list
// macros are applied to every type of a category.

#define __HLSL_SV(M, N, T) M(N, T) M(N, T##1) M(N, T##2) M(N, T##3) M(N, T##4)
// Matrix shapes are one template per element type rather than sixteen
// overloads: matrices are more than half of all primitive declarations and
// parsing the prelude is most of a small shader's compile time. The callee
// is then a specialization with concrete parameter types, as for mul(). M
// must produce exactly one declaration.
#define __HLSL_MT(T) matrix<T, __R, __C>
#define __HLSL_MAT(M, N, T) template <int __R, int __C> M(N, __HLSL_MT(T))
#define __HLSL_ALL(M, N, T) __HLSL_SV(M, N, T) __HLSL_MAT(M, N, T)

// Same, for generators that also need the matching shape of a result element
// type R (e.g. isnan(float3) -> bool3).
#define __HLSL_SV_R(M, N, T, R)                                                \
  M(N, T, R) M(N, T##1, R##1) M(N, T##2, R##2) M(N, T##3, R##3)                \
      M(N, T##4, R##4)
#define __HLSL_ALL_R(M, N, T, R)                                               \
  __HLSL_SV_R(M, N, T, R)                                                      \
  template <int __R, int __C> M(N, __HLSL_MT(T), __HLSL_MT(R))

// Same, for reductions to a fixed scalar result type R (any(), all()).
#define __HLSL_ALL_TO(M, N, T, R)                                              \
  M(N, T, R) M(N, T##1, R) M(N, T##2, R) M(N, T##3, R) M(N, T##4, R)           \
  template <int __R, int __C> M(N, __HLSL_MT(T), R)

// Declaration shapes.
#define __HLSL_D_UN(N, T) __HLSL_INTRINSIC T N(T);
#define __HLSL_D_BIN(N, T) __HLSL_INTRINSIC T N(T, T);
#define __HLSL_D_TRI(N, T) __HLSL_INTRINSIC T N(T, T, T);
#define __HLSL_D_UN_R(N, T, R) __HLSL_INTRINSIC R N(T);
#define __HLSL_D_BIN_R(N, T, R) __HLSL_INTRINSIC R N(T, T);

// Type lists per category (M is applied as M(NAME, T)).
// The __HLSL_L_* lists expand always, the __HLSL_T_* ones only if the shader
// uses N.
#ifdef __HLSL_ENABLE_16_BIT
#define __HLSL_L_INT16(M, N) M(N, int16_t) M(N, uint16_t)
#else
#define __HLSL_L_INT16(M, N)
#endif
#define __HLSL_L_FLOAT(M, N) M(N, half) M(N, float)
#define __HLSL_L_FLOAT_D(M, N) __HLSL_L_FLOAT(M, N) M(N, double)
// The min-precision integers are types of their own: the primitives have
// overloads of them, as of int (they compute as int does).
#if __HLSL_MIN_PRECISION_TYPES
#define __HLSL_L_MIN_INT(M, N) M(N, min16int) M(N, min12int) M(N, min16uint)
#else
#define __HLSL_L_MIN_INT(M, N)
#endif
#define __HLSL_L_INT(M, N)                                                     \
  M(N, int)                                                                    \
  M(N, uint) M(N, int64_t) M(N, uint64_t) __HLSL_L_INT16(M, N)                 \
      __HLSL_L_MIN_INT(M, N)
#define __HLSL_L_NUMERIC(M, N) __HLSL_L_INT(M, N) __HLSL_L_FLOAT_D(M, N)
#define __HLSL_L_ANY(M, N) __HLSL_L_NUMERIC(M, N) M(N, bool)
#define __HLSL_T_FLOAT(M, N) __HLSL_WHEN_CALL(N, __HLSL_L_FLOAT, (M, N))
#define __HLSL_T_FLOAT_D(M, N) __HLSL_WHEN_CALL(N, __HLSL_L_FLOAT_D, (M, N))
#define __HLSL_T_INT(M, N) __HLSL_WHEN_CALL(N, __HLSL_L_INT, (M, N))
#define __HLSL_T_NUMERIC(M, N) __HLSL_WHEN_CALL(N, __HLSL_L_NUMERIC, (M, N))
#define __HLSL_T_ANY(M, N) __HLSL_WHEN_CALL(N, __HLSL_L_ANY, (M, N))

// "every shape of every type in a category" for the common declaration forms.
#define __HLSL_UN_ALL(N, T) __HLSL_ALL(__HLSL_D_UN, N, T)
#define __HLSL_BIN_ALL(N, T) __HLSL_ALL(__HLSL_D_BIN, N, T)
#define __HLSL_TRI_ALL(N, T) __HLSL_ALL(__HLSL_D_TRI, N, T)
#define __HLSL_UN_SV(N, T) __HLSL_SV(__HLSL_D_UN, N, T)
#define __HLSL_UN_TO_BOOL(N, T) __HLSL_ALL_R(__HLSL_D_UN_R, N, T, bool)
#define __HLSL_UN_TO_UINT(N, T) __HLSL_ALL_R(__HLSL_D_UN_R, N, T, uint)
#define __HLSL_UN_TO_INT(N, T) __HLSL_ALL_R(__HLSL_D_UN_R, N, T, int)
#define __HLSL_UN_TO_FLOAT(N, T) __HLSL_ALL_R(__HLSL_D_UN_R, N, T, float)
#define __HLSL_RED_TO_BOOL(N, T) __HLSL_ALL_TO(__HLSL_D_UN_R, N, T, bool)

//===----------------------------------------------------------------------===//
// Primitive elementwise math
//===----------------------------------------------------------------------===//
// One DXIL unary float op each (Sin, Cos, ..., Frc, Round_ne/ni/pi/z, Exp,
// Log, Sqrt, Rsqrt) -- half and float only, like DXIL.
__HLSL_T_FLOAT(__HLSL_UN_ALL, sin)
__HLSL_T_FLOAT(__HLSL_UN_ALL, cos)
__HLSL_T_FLOAT(__HLSL_UN_ALL, tan)
__HLSL_T_FLOAT(__HLSL_UN_ALL, asin)
__HLSL_T_FLOAT(__HLSL_UN_ALL, acos)
__HLSL_T_FLOAT(__HLSL_UN_ALL, atan)
__HLSL_T_FLOAT(__HLSL_UN_ALL, sinh)
__HLSL_T_FLOAT(__HLSL_UN_ALL, cosh)
__HLSL_T_FLOAT(__HLSL_UN_ALL, tanh)
__HLSL_T_FLOAT(__HLSL_UN_ALL, exp2)
__HLSL_T_FLOAT(__HLSL_UN_ALL, log2)
__HLSL_T_FLOAT(__HLSL_UN_ALL, sqrt)
__HLSL_T_FLOAT(__HLSL_UN_ALL, rsqrt)
__HLSL_T_FLOAT(__HLSL_UN_ALL, frac)
__HLSL_T_FLOAT(__HLSL_UN_ALL, floor)
__HLSL_T_FLOAT(__HLSL_UN_ALL, ceil)
__HLSL_T_FLOAT(__HLSL_UN_ALL, round)
__HLSL_T_FLOAT(__HLSL_UN_ALL, trunc)

__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, sin)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, cos)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, tan)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, asin)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, acos)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, atan)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, sinh)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, cosh)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, tanh)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, exp2)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, log2)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, sqrt)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, rsqrt)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, frac)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, floor)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, ceil)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, round)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, trunc)

// DXIL Saturate exists for half, float and double.
__HLSL_T_FLOAT_D(__HLSL_UN_ALL, saturate)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT_D, saturate)

// FAbs / IMax(x, -x); abs(uint) is the identity but is kept primitive so the
// importer can fold it rather than every caller special-casing unsigned.
__HLSL_T_NUMERIC(__HLSL_UN_ALL, abs)
__HLSL_FALLBACK1(__HLSL_CAT_NUMERIC, abs)

// FMin/FMax, IMin/IMax, UMin/UMax: signedness comes from the overload chosen.
// min and max of integer scalars are constant expressions, as in DXC
// (`float a[max(2, 3)]`, `static const uint N = min(A, B); uint b[N];`):
// their bodies serve Clang's constant evaluator only, calls still import as
// the intrinsic.
#define __HLSL_D_MIN_CONSTEXPR(N, T)                                           \
  __HLSL_INTRINSIC constexpr T N(T a, T b) { return b < a ? b : a; }
#define __HLSL_D_MAX_CONSTEXPR(N, T)                                           \
  __HLSL_INTRINSIC constexpr T N(T a, T b) { return a < b ? b : a; }
// Every shape of T, the scalar one declared by D.
#define __HLSL_BIN_ALL_SCALAR_BY(D, N, T)                                      \
  D(N, T)                                                                      \
  __HLSL_D_BIN(N, T##1)                                                        \
  __HLSL_D_BIN(N, T##2) __HLSL_D_BIN(N, T##3) __HLSL_D_BIN(N, T##4)            \
      __HLSL_MAT(__HLSL_D_BIN, N, T)
#define __HLSL_BIN_ALL_MIN_CONSTEXPR(N, T)                                     \
  __HLSL_BIN_ALL_SCALAR_BY(__HLSL_D_MIN_CONSTEXPR, N, T)
#define __HLSL_BIN_ALL_MAX_CONSTEXPR(N, T)                                     \
  __HLSL_BIN_ALL_SCALAR_BY(__HLSL_D_MAX_CONSTEXPR, N, T)
__HLSL_T_INT(__HLSL_BIN_ALL_MIN_CONSTEXPR, min)
__HLSL_T_FLOAT_D(__HLSL_BIN_ALL, min)
__HLSL_T_INT(__HLSL_BIN_ALL_MAX_CONSTEXPR, max)
__HLSL_T_FLOAT_D(__HLSL_BIN_ALL, max)
__HLSL_FALLBACK2(__HLSL_CAT_NUMERIC, min)
__HLSL_FALLBACK2(__HLSL_CAT_NUMERIC, max)

// FMad / IMad / UMad. fma is the double-only DXIL Fma.
__HLSL_T_NUMERIC(__HLSL_TRI_ALL, mad)
__HLSL_FALLBACK3(__HLSL_CAT_NUMERIC, mad)
__HLSL_WHEN_CALL(fma, __HLSL_ALL, (__HLSL_D_TRI, fma, double))

// Packed dot products with an accumulator (shader model 6.4): four 8-bit
// lanes of each uint, or two native halves.
__HLSL_WHEN(dot4add_u8packed,
            __HLSL_INTRINSIC uint dot4add_u8packed(uint a, uint b, uint acc);)
__HLSL_WHEN(dot4add_i8packed,
            __HLSL_INTRINSIC int dot4add_i8packed(uint a, uint b, int acc);)
__HLSL_WHEN(dot2add,
            __HLSL_INTRINSIC float dot2add(half2 a, half2 b, float acc);)

// Masked sums of absolute byte differences of `reference` against the four
// byte-aligned windows of `source`, each added to a component of `accum`.
__HLSL_WHEN(msad4, __HLSL_INTRINSIC uint4 msad4(uint reference, uint2 source,
                                                uint4 accum);)

// Shader model 6.6: four integers packed into / unpacked from 8-bit lanes
// (truncated, or clamped to the unsigned or signed 8-bit range).
__HLSL_WHEN(pack_u8, __HLSL_INTRINSIC uint8_t4_packed pack_u8(int4 v);
            __HLSL_INTRINSIC uint8_t4_packed pack_u8(uint4 v);)
__HLSL_WHEN(pack_s8, __HLSL_INTRINSIC int8_t4_packed pack_s8(int4 v);
            __HLSL_INTRINSIC int8_t4_packed pack_s8(uint4 v);)
__HLSL_WHEN(pack_clamp_u8,
            __HLSL_INTRINSIC uint8_t4_packed pack_clamp_u8(int4 v);)
__HLSL_WHEN(pack_clamp_s8,
            __HLSL_INTRINSIC int8_t4_packed pack_clamp_s8(int4 v);)
__HLSL_WHEN(unpack_s8s32, __HLSL_INTRINSIC int4 unpack_s8s32(int8_t4_packed v);)
__HLSL_WHEN(unpack_u8u32,
            __HLSL_INTRINSIC uint4 unpack_u8u32(uint8_t4_packed v);)
#ifdef __HLSL_ENABLE_16_BIT
__HLSL_WHEN(pack_u8, __HLSL_INTRINSIC uint8_t4_packed pack_u8(int16_t4 v);
            __HLSL_INTRINSIC uint8_t4_packed pack_u8(uint16_t4 v);)
__HLSL_WHEN(pack_s8, __HLSL_INTRINSIC int8_t4_packed pack_s8(int16_t4 v);
            __HLSL_INTRINSIC int8_t4_packed pack_s8(uint16_t4 v);)
__HLSL_WHEN(pack_clamp_u8,
            __HLSL_INTRINSIC uint8_t4_packed pack_clamp_u8(int16_t4 v);)
__HLSL_WHEN(pack_clamp_s8,
            __HLSL_INTRINSIC int8_t4_packed pack_clamp_s8(int16_t4 v);)
__HLSL_WHEN(unpack_s8s16,
            __HLSL_INTRINSIC int16_t4 unpack_s8s16(int8_t4_packed v);)
__HLSL_WHEN(unpack_u8u16,
            __HLSL_INTRINSIC uint16_t4 unpack_u8u16(uint8_t4_packed v);)
#endif

// IsNaN / IsInf / IsFinite / IsNormal.
__HLSL_T_FLOAT(__HLSL_UN_TO_BOOL, isnan)
__HLSL_T_FLOAT(__HLSL_UN_TO_BOOL, isinf)
__HLSL_T_FLOAT(__HLSL_UN_TO_BOOL, isfinite)
__HLSL_T_FLOAT(__HLSL_UN_TO_BOOL, isnormal)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, isnan)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, isinf)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, isfinite)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, isnormal)

//===----------------------------------------------------------------------===//
// Primitive bit operations and reinterpreting casts
//===----------------------------------------------------------------------===//
// Countbits / FirstbitHi / FirstbitSHi / FirstbitLo return uint in every
// shape (the position, or ~0u when no bit is set); Bfrev keeps the type.
__HLSL_T_INT(__HLSL_UN_TO_UINT, countbits)
__HLSL_T_INT(__HLSL_UN_TO_UINT, firstbithigh)
__HLSL_T_INT(__HLSL_UN_TO_UINT, firstbitlow)
__HLSL_T_INT(__HLSL_UN_ALL, reversebits)
__HLSL_FALLBACK1(__HLSL_CAT_BITS, countbits)
__HLSL_FALLBACK1(__HLSL_CAT_BITS, firstbithigh)
__HLSL_FALLBACK1(__HLSL_CAT_BITS, firstbitlow)
__HLSL_FALLBACK1(__HLSL_CAT_BITS, reversebits)

// Bitcasts between the 32-bit types, any shape.
#define __HLSL_T_32(M, N) __HLSL_WHEN_CALL(N, __HLSL_L_32, (M, N))
#define __HLSL_L_32(M, N) M(N, int) M(N, uint) M(N, float)
__HLSL_T_32(__HLSL_UN_TO_UINT, asuint)
__HLSL_T_32(__HLSL_UN_TO_INT, asint)
__HLSL_T_32(__HLSL_UN_TO_FLOAT, asfloat)

// MakeDouble / SplitDouble.
#define __HLSL_D_ASDOUBLE(N, T, R) __HLSL_INTRINSIC R N(T lowbits, T highbits);
#define __HLSL_D_SPLITDOUBLE(N, T, R)                                          \
  __HLSL_INTRINSIC void N(T value, out R lowbits, out R highbits);
__HLSL_WHEN_CALL(asdouble, __HLSL_SV_R,
                 (__HLSL_D_ASDOUBLE, asdouble, uint, double))
__HLSL_WHEN_CALL(asuint, __HLSL_SV_R,
                 (__HLSL_D_SPLITDOUBLE, asuint, double, uint))
#if __HLSL_USED(asuint)
template <int __R, int __C>
__HLSL_INTRINSIC void asuint(matrix<double, __R, __C> value,
                             out matrix<uint, __R, __C> lowbits,
                             out matrix<uint, __R, __C> highbits);
// A scalar split into vectors: the out arguments give the shape (DXC splats
// the value to it).
template <int __N>
void asuint(double value, out vector<uint, __N> lowbits,
            out vector<uint, __N> highbits) {
  uint __low, __high;
  asuint(value, __low, __high);
  lowbits = __low;
  highbits = __high;
}
#endif

#ifdef __HLSL_ENABLE_16_BIT
#define __HLSL_T_16(M, N) __HLSL_WHEN_CALL(N, __HLSL_L_16, (M, N))
#define __HLSL_L_16(M, N) M(N, int16_t) M(N, uint16_t) M(N, half)
#define __HLSL_UN_TO_UINT16(N, T) __HLSL_ALL_R(__HLSL_D_UN_R, N, T, uint16_t)
#define __HLSL_UN_TO_INT16(N, T) __HLSL_ALL_R(__HLSL_D_UN_R, N, T, int16_t)
#define __HLSL_UN_TO_HALF(N, T) __HLSL_ALL_R(__HLSL_D_UN_R, N, T, half)
__HLSL_T_16(__HLSL_UN_TO_UINT16, asuint16)
__HLSL_T_16(__HLSL_UN_TO_INT16, asint16)
__HLSL_T_16(__HLSL_UN_TO_HALF, asfloat16)
#endif

// LegacyF16ToF32 / LegacyF32ToF16: the half lives in the low 16 bits of a uint.
__HLSL_WHEN_CALL(f16tof32, __HLSL_SV_R, (__HLSL_D_UN_R, f16tof32, uint, float))
__HLSL_WHEN_CALL(f32tof16, __HLSL_SV_R, (__HLSL_D_UN_R, f32tof16, float, uint))

//===----------------------------------------------------------------------===//
// Primitive boolean reductions and selection
//===----------------------------------------------------------------------===//
__HLSL_T_ANY(__HLSL_RED_TO_BOOL, any)
__HLSL_T_ANY(__HLSL_RED_TO_BOOL, all)

// select(cond, a, b): elementwise when cond has the operands' shape, uniform
// when cond is a scalar bool. One `select` instruction either way.
#define __HLSL_D_SELECT(N, T, R) __HLSL_INTRINSIC T N(R cond, T a, T b);
#define __HLSL_D_SELECT_S(N, T) __HLSL_INTRINSIC T N(bool cond, T a, T b);
#define __HLSL_SELECT_ALL(N, T)                                                \
  __HLSL_SV_R(__HLSL_D_SELECT, N, T, bool)                                     \
  __HLSL_D_SELECT_S(N, T##1)                                                   \
  __HLSL_D_SELECT_S(N, T##2)                                                   \
  __HLSL_D_SELECT_S(N, T##3)                                                   \
  __HLSL_D_SELECT_S(N, T##4)                                                   \
  __HLSL_MAT(__HLSL_D_SELECT_S, N, T)
__HLSL_T_ANY(__HLSL_SELECT_ALL, select)

// A vector condition with scalar operands selects between the operands
// splatted to its shape (HLSL 2021). The condition may be any vector that
// converts to bool: Clang 22 types a vector comparison (`select(v < 0, 0,
// 1)`) as an int vector.
#if __HLSL_USED(select)
template <typename C, typename T, int N>
typename __enable_if<__shape<T>::kind == 0, vector<T, N> >::type
select(vector<C, N> cond, T a, T b) {
  return select((vector<bool, N>)cond, (vector<T, N>)a, (vector<T, N>)b);
}
#endif

// select of structs (HLSL 2021): one of two values of the same struct type,
// both evaluated (they are arguments).
#if __HLSL_USED(select)
template <typename T>
typename __enable_if<__shape<T>::kind < 0, T>::type select(bool cond, T a,
                                                            T b) {
  return cond ? a : b;
}
#endif

// Fallback for select: condition and operands are promoted separately.
#if __HLSL_USED(select)
template <typename C, typename A, typename B>
typename __enable_if<
    __differs<A, typename __promote2<__HLSL_CAT_ANY, A, B>::type>::value ||
        __differs<B, typename __promote2<__HLSL_CAT_ANY, A, B>::type>::value,
    __decltype(select(
        __declval<C>(),
        __declval<typename __promote2<__HLSL_CAT_ANY, A, B>::type>(),
        __declval<typename __promote2<__HLSL_CAT_ANY, A, B>::type>()))>::type
select(C cond, A a, B b) {
  typedef typename __promote2<__HLSL_CAT_ANY, A, B>::type P;
  return select(cond, (P)a, (P)b);
}
#endif

// HLSL 2021 short-circuit-free logical operators on bool shapes.
__HLSL_WHEN_CALL(and, __HLSL_ALL, (__HLSL_D_BIN, and, bool))
__HLSL_WHEN_CALL(or, __HLSL_ALL, (__HLSL_D_BIN, or, bool))

//===----------------------------------------------------------------------===//
// Primitive linear algebra
//===----------------------------------------------------------------------===//
// Dot2/Dot3/Dot4 exist for half and float only; other element types get the
// derived mad-chain version further down.
#define __HLSL_D_DOT(N, T)                                                     \
  __HLSL_INTRINSIC T N(T##2, T##2);                                            \
  __HLSL_INTRINSIC T N(T##3, T##3);                                            \
  __HLSL_INTRINSIC T N(T##4, T##4);
__HLSL_T_FLOAT(__HLSL_D_DOT, dot)

// mul() in all the HLSL forms. Every form is one "multiply" operation to the
// importer (scalar product, dot product, vector*matrix, matrix*vector or
// matrix*matrix); the operand shapes in the signature say which.
//
// Unlike the other primitives these are body-less *templates* over the
// element type and dimensions: spelling out all ~1000 combinations as
// non-template overloads made Clang spend ~190 ms checking redeclarations of
// `mul`. The importer sees an ordinary FunctionDecl (a template
// specialization such as mul<float, 4, 4>) with concrete parameter types and
// the hlsl.intrinsic annotation, exactly like any other primitive.
template <typename T> struct __is_numeric_scalar {
  static const bool value = __shape<T>::kind == 0 && __shape<T>::rank > 0;
};
#define __HLSL_MUL_RET(T, ...)                                                 \
  typename __enable_if<__is_numeric_scalar<T>::value, __VA_ARGS__>::type
template <typename T>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, T) mul(T a, T b);
template <typename T, int N>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, vector<T, N>) mul(T a, vector<T, N> b);
template <typename T, int N>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, vector<T, N>) mul(vector<T, N> a, T b);
template <typename T, int N>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, T) mul(vector<T, N> a, vector<T, N> b);
template <typename T, int R, int C>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, matrix<T, R, C>) mul(T a, matrix<T, R, C> b);
template <typename T, int R, int C>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, matrix<T, R, C>) mul(matrix<T, R, C> a, T b);
template <typename T, int R, int C>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, vector<T, C>)
    mul(vector<T, R> a, matrix<T, R, C> b);
template <typename T, int R, int C>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, vector<T, R>)
    mul(matrix<T, R, C> a, vector<T, C> b);
template <typename T, int R, int K, int C>
__HLSL_INTRINSIC __HLSL_MUL_RET(T, matrix<T, R, C>)
    mul(matrix<T, R, K> a, matrix<T, K, C> b);

// Operands whose inner dimensions differ (`mul(float3, float4x4)`): as
// DXC, the one with more is truncated to the other's (DXC warns).
#define __HLSL_MUL_TRUNC(COND, ...)                                            \
  typename __enable_if<__is_numeric_scalar<T>::value && (COND),                \
                       __VA_ARGS__>::type
template <typename T, int N, int M>
__HLSL_MUL_TRUNC(N < M, T)
mul(vector<T, N> a, vector<T, M> b) {
  return mul(a, (vector<T, N>)b);
}
template <typename T, int N, int M>
__HLSL_MUL_TRUNC(N > M, T)
mul(vector<T, N> a, vector<T, M> b) {
  return mul((vector<T, M>)a, b);
}
template <typename T, int N, int R, int C>
__HLSL_MUL_TRUNC(N < R, vector<T, C>)
mul(vector<T, N> a, matrix<T, R, C> b) {
  return mul(a, (matrix<T, N, C>)b);
}
template <typename T, int N, int R, int C>
__HLSL_MUL_TRUNC(N > R, vector<T, C>)
mul(vector<T, N> a, matrix<T, R, C> b) {
  return mul((vector<T, R>)a, b);
}
template <typename T, int R, int C, int N>
__HLSL_MUL_TRUNC(N < C, vector<T, R>)
mul(matrix<T, R, C> a, vector<T, N> b) {
  return mul((matrix<T, R, N>)a, b);
}
template <typename T, int R, int C, int N>
__HLSL_MUL_TRUNC(N > C, vector<T, R>)
mul(matrix<T, R, C> a, vector<T, N> b) {
  return mul(a, (vector<T, C>)b);
}
template <typename T, int R, int K, int L, int C>
__HLSL_MUL_TRUNC(K < L, matrix<T, R, C>)
mul(matrix<T, R, K> a, matrix<T, L, C> b) {
  return mul(a, (matrix<T, K, C>)b);
}
template <typename T, int R, int K, int L, int C>
__HLSL_MUL_TRUNC(K > L, matrix<T, R, C>)
mul(matrix<T, R, K> a, matrix<T, L, C> b) {
  return mul((matrix<T, R, L>)a, b);
}
#undef __HLSL_MUL_TRUNC

// mul's operands keep their own shapes; only the element type is unified.
template <typename A, typename B>
typename __enable_if<
    __differs<A, typename __promote_elem<__HLSL_CAT_NUMERIC, A, B>::type>::value ||
        __differs<B, typename __promote_elem<__HLSL_CAT_NUMERIC, B, A>::type>::value,
    __decltype(mul(
        __declval<typename __promote_elem<__HLSL_CAT_NUMERIC, A, B>::type>(),
        __declval<typename __promote_elem<__HLSL_CAT_NUMERIC, B, A>::type>()))>::type
mul(A a, B b) {
  return mul((typename __promote_elem<__HLSL_CAT_NUMERIC, A, B>::type)a,
             (typename __promote_elem<__HLSL_CAT_NUMERIC, B, A>::type)b);
}

#define __HLSL_D_TRANSPOSE_ROW(T, R)                                           \
  __HLSL_INTRINSIC T##1x##R transpose(T##R##x1);                               \
  __HLSL_INTRINSIC T##2x##R transpose(T##R##x2);                               \
  __HLSL_INTRINSIC T##3x##R transpose(T##R##x3);                               \
  __HLSL_INTRINSIC T##4x##R transpose(T##R##x4);
#define __HLSL_D_TRANSPOSE(N, T)                                               \
  __HLSL_D_TRANSPOSE_ROW(T, 1) __HLSL_D_TRANSPOSE_ROW(T, 2)                    \
  __HLSL_D_TRANSPOSE_ROW(T, 3) __HLSL_D_TRANSPOSE_ROW(T, 4)
__HLSL_T_ANY(__HLSL_D_TRANSPOSE, transpose)

//===----------------------------------------------------------------------===//
// Primitive derivatives and pixel-shader operations
//===----------------------------------------------------------------------===//
// DerivCoarseX/Y and DerivFineX/Y; plain ddx/ddy are the coarse forms in DXIL
// but are kept as their own primitives so the importer decides. fwidth is a
// primitive too, so that a derivative in the wrong stage is reported at the
// user's call.
__HLSL_T_FLOAT(__HLSL_UN_ALL, ddx)
__HLSL_T_FLOAT(__HLSL_UN_ALL, ddy)
__HLSL_T_FLOAT(__HLSL_UN_ALL, ddx_coarse)
__HLSL_T_FLOAT(__HLSL_UN_ALL, ddx_fine)
__HLSL_T_FLOAT(__HLSL_UN_ALL, ddy_coarse)
__HLSL_T_FLOAT(__HLSL_UN_ALL, ddy_fine)
__HLSL_T_FLOAT(__HLSL_UN_ALL, fwidth)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, ddx)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, ddy)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, ddx_coarse)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, ddx_fine)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, ddy_coarse)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, ddy_fine)

// Clang 22 has no `discard` statement, so `discard;` is a macro (defined at
// the end of the file) expanding to a call of this primitive, and clip()
// cannot be derived from it and is a primitive too (DXIL Discard with the
// condition any(x < 0)).
__HLSL_INTRINSIC void discard();
// Whether the resource access that wrote `status` touched only mapped
// tiles (the status word is 1 then, as DXC writes it).
// The row index SourceRewrites puts in matrix members that span rows
// (`m._m00_m11` -> `m[__hlsl_matrix_elements(2, 0, 5)].xx`): the importer
// reads such a swizzle as the listed elements (row * 4 + column) of `m`.
// Never called.
__HLSL_WHEN(__hlsl_matrix_elements,
            int __hlsl_matrix_elements(int n, int e0, int e1 = 0, int e2 = 0,
                                       int e3 = 0);)
__HLSL_INTRINSIC bool CheckAccessFullyMapped(uint status);
// A pixel shader input interpolated again: at the centroid, at a sample, at
// an offset from the pixel centre (in 1/16 pixel), or its value at one of
// the primitive's vertices (of a nointerpolation input). The argument must
// be an input (or elements of one).
__HLSL_WHEN(EvaluateAttributeCentroid,
            template <typename T>
            __HLSL_INTRINSIC T EvaluateAttributeCentroid(T value);)
__HLSL_WHEN(EvaluateAttributeAtSample,
            template <typename T>
            __HLSL_INTRINSIC T EvaluateAttributeAtSample(T value,
                                                         uint sampleIndex);)
__HLSL_WHEN(EvaluateAttributeSnapped,
            template <typename T>
            __HLSL_INTRINSIC T EvaluateAttributeSnapped(T value, int2 offset);)
__HLSL_WHEN(GetAttributeAtVertex,
            template <typename T>
            __HLSL_INTRINSIC T GetAttributeAtVertex(T value, uint vertexIndex);)
// The pixel shader's render target: how many samples it has, and where
// sample s of the pixel lies (offsets from the pixel centre).
__HLSL_WHEN(GetRenderTargetSampleCount,
            __HLSL_INTRINSIC uint GetRenderTargetSampleCount();)
__HLSL_WHEN(GetRenderTargetSamplePosition,
            __HLSL_INTRINSIC float2 GetRenderTargetSamplePosition(int s);)
#define __HLSL_D_CLIP(N, T) __HLSL_INTRINSIC void N(T x);
#define __HLSL_CLIP_SV(N, T) __HLSL_SV(__HLSL_D_CLIP, N, T)
__HLSL_T_FLOAT(__HLSL_CLIP_SV, clip)
// clip(int) and friends: the argument as float, as in DXC.
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, clip)

//===----------------------------------------------------------------------===//
// Derived intrinsics
//===----------------------------------------------------------------------===//
// These have no DXIL operation of their own; DXC expands them into the
// primitives above and so do we, by giving them HLSL bodies. They are
// templates over "scalar or vector of an accepted element type" (matrices are
// not accepted: Clang 22 gives matrix `*` product semantics, so elementwise
// bodies would be wrong). Constants are cast to the element type first so
// that half stays half.

#define __HLSL_ELEM(T) typename __shape<T>::elem
#define __HLSL_FLOAT_SV(T) typename __enable_sv<__HLSL_CAT_FLOAT, T>::type
#define __HLSL_FLOAT_D_SV(T) typename __enable_sv<__HLSL_CAT_FLOAT_D, T>::type
#define __HLSL_NUMERIC_SV(T) typename __enable_sv<__HLSL_CAT_NUMERIC, T>::type

// exp/log/log10 go through the base-2 DXIL ops: e^x = 2^(x*log2(e)),
// ln(x) = log2(x)*ln(2), log10(x) = log2(x)*log10(2).
template <typename T> __HLSL_FLOAT_SV(T) exp(T x) {
  return exp2(x * (__HLSL_ELEM(T))1.44269504088896340736);
}
template <typename T> __HLSL_FLOAT_SV(T) log(T x) {
  return log2(x) * (__HLSL_ELEM(T))0.693147180559945309417;
}
template <typename T> __HLSL_FLOAT_SV(T) log10(T x) {
  return log2(x) * (__HLSL_ELEM(T))0.301029995663981195214;
}
// x^y = 2^(log2(x)*y); like DXC, undefined for x < 0.
template <typename T> __HLSL_FLOAT_SV(T) pow(T x, T y) {
  return exp2(log2(x) * y);
}
template <typename T> __HLSL_FLOAT_D_SV(T) rcp(T x) {
  return (__HLSL_ELEM(T))1 / x;
}
template <typename T> __HLSL_FLOAT_SV(T) degrees(T x) {
  return x * (__HLSL_ELEM(T))57.295779513082320876798;
}
template <typename T> __HLSL_FLOAT_SV(T) radians(T x) {
  return x * (__HLSL_ELEM(T))0.017453292519943295769;
}

// atan2 = atan(y/x) corrected into the right quadrant with selects (and()
// rather than &&, which HLSL 2021 refuses on vectors).
template <typename T> __HLSL_FLOAT_SV(T) atan2(T y, T x) {
  typedef __HLSL_ELEM(T) E;
  const E pi = (E)3.14159265358979323846;
  T a = atan(y / x);
  T r = select(and(x < (E)0, y >= (E)0), a + pi, a);
  r = select(and(x < (E)0, y < (E)0), a - pi, r);
  r = select(and(x == (E)0, y < (E)0), (T)(-pi / (E)2), r);
  r = select(and(x == (E)0, y >= (E)0), (T)(pi / (E)2), r);
  return r;
}

// fmod keeps the sign of x: frac(|x/y|) with the sign of x/y, times y.
template <typename T> __HLSL_FLOAT_SV(T) fmod(T x, T y) {
  T d = x / y;
  T f = frac(abs(d));
  return select(d >= -d, f, -f) * y;
}

template <typename T> __HLSL_FLOAT_SV(T) step(T y, T x) {
  typedef __HLSL_ELEM(T) E;
  return select(x < y, (T)(E)0, (T)(E)1);
}
template <typename T> __HLSL_FLOAT_SV(T) lerp(T x, T y, T s) {
  return x + s * (y - x);
}
template <typename T> __HLSL_FLOAT_SV(T) smoothstep(T lo, T hi, T x) {
  typedef __HLSL_ELEM(T) E;
  T t = saturate((x - lo) / (hi - lo));
  return t * t * ((E)3 - (E)2 * t);
}
template <typename T> __HLSL_NUMERIC_SV(T) clamp(T x, T lo, T hi) {
  return min(max(x, lo), hi);
}
// sign returns int in the shape of x: (0 < x) - (x < 0).
template <typename T>
typename __enable_if<__is_sv<__HLSL_CAT_NUMERIC, T>::value,
                     typename __with_elem<T, int>::type>::type
sign(T x) {
  typedef __HLSL_ELEM(T) E;
  typedef typename __with_elem<T, int>::type I;
  return (I)(x > (E)0) - (I)(x < (E)0);
}

template <typename E, int R, int C>
typename __enable_if<__is_sv<__HLSL_CAT_NUMERIC, E>::value,
                     matrix<int, R, C> >::type
sign(matrix<E, R, C> x) {
  matrix<int, R, C> r;
  for (int i = 0; i < R; ++i)
    r[i] = sign(x[i]);
  return r;
}

// dot for the element types/sizes without a DXIL Dot op: a mad chain, which
// is what DXC emits for integer dot products.
template <typename T>
typename __enable_if<__shape<T>::kind == 0 && __is_sv<__HLSL_CAT_NUMERIC, T>::value, T>::type
dot(T a, T b) {
  return a * b;
}
template <typename E>
typename __enable_if<__is_sv<__HLSL_CAT_NUMERIC, E>::value, E>::type
dot(vector<E, 1> a, vector<E, 1> b) {
  return a.x * b.x;
}
template <typename E>
typename __enable_if<__is_sv<__HLSL_CAT_NUMERIC, E>::value, E>::type
dot(vector<E, 2> a, vector<E, 2> b) {
  return mad(a.y, b.y, a.x * b.x);
}
template <typename E>
typename __enable_if<__is_sv<__HLSL_CAT_NUMERIC, E>::value, E>::type
dot(vector<E, 3> a, vector<E, 3> b) {
  return mad(a.z, b.z, mad(a.y, b.y, a.x * b.x));
}
template <typename E>
typename __enable_if<__is_sv<__HLSL_CAT_NUMERIC, E>::value, E>::type
dot(vector<E, 4> a, vector<E, 4> b) {
  return mad(a.w, b.w, mad(a.z, b.z, mad(a.y, b.y, a.x * b.x)));
}

// Geometric functions. A scalar's length is its absolute value.
template <typename T>
typename __enable_if<__is_sv<__HLSL_CAT_FLOAT, T>::value && __shape<T>::kind == 0,
                     T>::type
length(T v) {
  return abs(v);
}
template <typename T>
typename __enable_if<__is_sv<__HLSL_CAT_FLOAT, T>::value && __shape<T>::kind == 1,
                     __HLSL_ELEM(T)>::type
length(T v) {
  return sqrt(dot(v, v));
}
template <typename T>
typename __enable_if<__is_sv<__HLSL_CAT_FLOAT, T>::value, __HLSL_ELEM(T)>::type
distance(T a, T b) {
  return length(a - b);
}
template <typename T> __HLSL_FLOAT_SV(T) normalize(T v) {
  return v * rsqrt(dot(v, v));
}
template <typename E>
typename __enable_if<__is_sv<__HLSL_CAT_FLOAT, E>::value, vector<E, 3> >::type
cross(vector<E, 3> a, vector<E, 3> b) {
  return a.yzx * b.zxy - a.zxy * b.yzx;
}
template <typename T> __HLSL_FLOAT_SV(T) reflect(T i, T n) {
  return i - ((__HLSL_ELEM(T))2 * dot(i, n)) * n;
}
template <typename T>
__HLSL_FLOAT_SV(T) refract(T i, T n, __HLSL_ELEM(T) eta) {
  typedef __HLSL_ELEM(T) E;
  E d = dot(n, i);
  E k = (E)1 - eta * eta * ((E)1 - d * d);
  T r = eta * i - (eta * d + sqrt(k)) * n;
  return select(k >= (E)0, r, (T)(E)0);
}
template <typename T> __HLSL_FLOAT_SV(T) faceforward(T n, T i, T ng) {
  return select(dot(i, ng) < (__HLSL_ELEM(T))0, n, -n);
}

// Decomposition helpers with out parameters.
template <typename T>
__HLSL_FLOAT_SV(T) modf(T x, out typename __out_of<T>::type ip) {
  ip = trunc(x);
  return x - ip;
}
template <typename T> __HLSL_FLOAT_SV(T) ldexp(T x, T e) {
  return x * exp2(e);
}
// frexp via the IEEE bits of a 32-bit float: mantissa in [0.5, 1) with the
// sign of x, exponent such that x = m * 2^e; both 0 for x == 0.
template <typename T>
typename __enable_if<__is_sv<__HLSL_CAT_FLOAT, T>::value &&
                         __shape<T>::rank == 8, T>::type
frexp(T x, out typename __out_of<T>::type e) {
  typedef typename __with_elem<T, uint>::type U;
  typedef typename __with_elem<T, int>::type I;
  U bits = asuint(x);
  T ex = (T)((I)((bits >> 23u) & 0xffu) - 126);
  T m = asfloat((bits & 0x807fffffu) | 0x3f000000u);
  e = select(x != 0.0f, ex, (T)0.0f);
  return select(x != 0.0f, m, (T)0.0f);
}
template <typename T>
typename __enable_if<__is_sv<__HLSL_CAT_FLOAT, T>::value, void>::type
sincos(T x, out typename __out_of<T>::type s,
       out typename __out_of<T>::type c) {
  s = sin(x);
  c = cos(x);
}
// frexp of halves, and frexp, modf and sincos of doubles, compute in float
// as DXC does (its table's float_like; a double keeps a float's precision).
#define __HLSL_VIA_FLOAT_OUT(NAME, RANKS)                                      \
  template <typename T>                                                        \
  typename __enable_if<__is_sv<__HLSL_CAT_FLOAT_D, T>::value &&                \
                           (__shape<T>::rank RANKS),                           \
                       T>::type                                                \
  NAME(T x, out typename __out_of<T>::type o) {                                \
    typedef typename __with_elem<T, float>::type F;                            \
    F fo;                                                                      \
    F r = NAME((F)x, fo);                                                      \
    o = (T)fo;                                                                 \
    return (T)r;                                                               \
  }
__HLSL_VIA_FLOAT_OUT(frexp, != 8)
__HLSL_VIA_FLOAT_OUT(modf, == 9)
template <typename T>
typename __enable_if<__is_sv<__HLSL_CAT_FLOAT_D, T>::value &&
                         __shape<T>::rank == 9, void>::type
sincos(T x, out typename __out_of<T>::type s,
       out typename __out_of<T>::type c) {
  typedef typename __with_elem<T, float>::type F;
  F fs, fc;
  sincos((F)x, fs, fc);
  s = (T)fs;
  c = (T)fc;
}

// The derived elementwise intrinsics on matrices apply the vector version
// row by row: their scalar/vector bodies cannot take whole matrices, whose
// `*` is a matrix product in Clang 22.
#define __HLSL_MAT_ROWS1_I(CAT, NAME)                                         \
  template <typename E, int R, int C>                                          \
  typename __enable_if<__is_sv<CAT, E>::value, matrix<E, R, C> >::type        \
  NAME(matrix<E, R, C> a) {                                                    \
    matrix<E, R, C> r;                                                         \
    for (int i = 0; i < R; ++i)                                                \
      r[i] = NAME(a[i]);                                                       \
    return r;                                                                  \
  }
#define __HLSL_MAT_ROWS2_I(CAT, NAME)                                         \
  template <typename E, int R, int C>                                          \
  typename __enable_if<__is_sv<CAT, E>::value, matrix<E, R, C> >::type        \
  NAME(matrix<E, R, C> a, matrix<E, R, C> b) {                                 \
    matrix<E, R, C> r;                                                         \
    for (int i = 0; i < R; ++i)                                                \
      r[i] = NAME(a[i], b[i]);                                                 \
    return r;                                                                  \
  }
#define __HLSL_MAT_ROWS3_I(CAT, NAME)                                         \
  template <typename E, int R, int C>                                          \
  typename __enable_if<__is_sv<CAT, E>::value, matrix<E, R, C> >::type        \
  NAME(matrix<E, R, C> a, matrix<E, R, C> b, matrix<E, R, C> c) {              \
    matrix<E, R, C> r;                                                         \
    for (int i = 0; i < R; ++i)                                                \
      r[i] = NAME(a[i], b[i], c[i]);                                           \
    return r;                                                                  \
  }
#define __HLSL_MAT_ROWS1(CAT, NAME)                                           \
  __HLSL_WHEN_CALL(NAME, __HLSL_MAT_ROWS1_I, (CAT, NAME))
#define __HLSL_MAT_ROWS2(CAT, NAME)                                           \
  __HLSL_WHEN_CALL(NAME, __HLSL_MAT_ROWS2_I, (CAT, NAME))
#define __HLSL_MAT_ROWS3(CAT, NAME)                                           \
  __HLSL_WHEN_CALL(NAME, __HLSL_MAT_ROWS3_I, (CAT, NAME))
__HLSL_MAT_ROWS1(__HLSL_CAT_FLOAT, exp)
__HLSL_MAT_ROWS1(__HLSL_CAT_FLOAT, log)
__HLSL_MAT_ROWS1(__HLSL_CAT_FLOAT, log10)
__HLSL_MAT_ROWS1(__HLSL_CAT_FLOAT_D, rcp)
__HLSL_MAT_ROWS1(__HLSL_CAT_FLOAT, degrees)
__HLSL_MAT_ROWS1(__HLSL_CAT_FLOAT, radians)
__HLSL_MAT_ROWS2(__HLSL_CAT_FLOAT, pow)
__HLSL_MAT_ROWS2(__HLSL_CAT_FLOAT, atan2)
__HLSL_MAT_ROWS2(__HLSL_CAT_FLOAT, fmod)
__HLSL_MAT_ROWS2(__HLSL_CAT_FLOAT, step)
__HLSL_MAT_ROWS2(__HLSL_CAT_FLOAT, ldexp)
__HLSL_MAT_ROWS3(__HLSL_CAT_FLOAT, lerp)
__HLSL_MAT_ROWS3(__HLSL_CAT_FLOAT, smoothstep)
__HLSL_MAT_ROWS3(__HLSL_CAT_NUMERIC, clamp)
// With an out parameter of the argument's shape (frexp, modf), and sincos.
#define __HLSL_MAT_ROWS_OUT_I(CAT, NAME)                                       \
  template <typename E, int R, int C>                                          \
  typename __enable_if<__is_sv<CAT, E>::value, matrix<E, R, C> >::type        \
  NAME(matrix<E, R, C> a, out matrix<E, R, C> o) {                             \
    matrix<E, R, C> r;                                                         \
    for (int i = 0; i < R; ++i) {                                              \
      vector<E, C> row;                                                        \
      r[i] = NAME(a[i], row);                                                  \
      o[i] = row;                                                              \
    }                                                                          \
    return r;                                                                  \
  }
#define __HLSL_MAT_ROWS_OUT(CAT, NAME)                                        \
  __HLSL_WHEN_CALL(NAME, __HLSL_MAT_ROWS_OUT_I, (CAT, NAME))
__HLSL_MAT_ROWS_OUT(__HLSL_CAT_FLOAT_D, frexp)
__HLSL_MAT_ROWS_OUT(__HLSL_CAT_FLOAT_D, modf)
#if __HLSL_USED(sincos)
template <typename E, int R, int C>
typename __enable_if<__is_sv<__HLSL_CAT_FLOAT_D, E>::value, void>::type
sincos(matrix<E, R, C> x, out matrix<E, R, C> s, out matrix<E, R, C> c) {
  for (int i = 0; i < R; ++i) {
    vector<E, C> si, ci;
    sincos(x[i], si, ci);
    s[i] = si;
    c[i] = ci;
  }
}
#endif

// Legacy lighting helpers: lit() returns (ambient, diffuse, specular, 1)
// and dst() builds the D3D9 distance vector (1, a.y * b.y, a.z, b.w).
#if __HLSL_USED(lit)
inline float4 lit(float nDotL, float nDotH, float m) {
  float diffuse = max(nDotL, 0.0f);
  float specular = select(nDotL < 0.0f || nDotH < 0.0f, 0.0f, pow(nDotH, m));
  return float4(1.0f, diffuse, specular, 1.0f);
}
#endif
inline float4 dst(float4 a, float4 b) {
  return float4(1.0f, a.y * b.y, a.z, b.w);
}
// Other 4-vectors keep their type (DXC's table: $type1 of numeric<4>).
template <typename T>
typename __enable_if<__is_sv<__HLSL_CAT_NUMERIC, T>::value &&
                         __shape<T>::kind == 1 && __shape<T>::cols == 4,
                     T>::type
dst(T a, T b) {
  T r = a;
  r.x = 1;
  r.y = a.y * b.y;
  r.w = b.w;
  return r;
}

// 64-bit add on (low, high) uint pairs, propagating the carry.
#if __HLSL_USED(AddUint64)
inline uint2 AddUint64(uint2 a, uint2 b) {
  uint lo = a.x + b.x;
  uint carry = select(lo < a.x, 1u, 0u);
  return uint2(lo, a.y + b.y + carry);
}
inline uint4 AddUint64(uint4 a, uint4 b) {
  return uint4(AddUint64(a.xy, b.xy), AddUint64(a.zw, b.zw));
}
#endif

// Color swizzle-and-scale used by legacy vertex shaders.
inline int4 D3DCOLORtoUBYTE4(float4 c) { return (int4)(c.zyxw * 255.001953f); }

// Determinants by cofactor expansion along the first row.
template <typename E>
typename __enable_if<__cat_rank<__HLSL_CAT_FLOAT_D, __scalar_rank<E>::value>::value ==
                         __scalar_rank<E>::value, E>::type
determinant(matrix<E, 1, 1> m) {
  return m[0][0];
}
template <typename E>
typename __enable_if<__cat_rank<__HLSL_CAT_FLOAT_D, __scalar_rank<E>::value>::value ==
                         __scalar_rank<E>::value, E>::type
determinant(matrix<E, 2, 2> m) {
  return m[0][0] * m[1][1] - m[0][1] * m[1][0];
}
template <typename E>
typename __enable_if<__cat_rank<__HLSL_CAT_FLOAT_D, __scalar_rank<E>::value>::value ==
                         __scalar_rank<E>::value, E>::type
determinant(matrix<E, 3, 3> m) {
  return m[0][0] * (m[1][1] * m[2][2] - m[1][2] * m[2][1]) -
         m[0][1] * (m[1][0] * m[2][2] - m[1][2] * m[2][0]) +
         m[0][2] * (m[1][0] * m[2][1] - m[1][1] * m[2][0]);
}
template <typename E>
typename __enable_if<__cat_rank<__HLSL_CAT_FLOAT_D, __scalar_rank<E>::value>::value ==
                         __scalar_rank<E>::value, E>::type
determinant(matrix<E, 4, 4> m) {
  // 2x2 minors of the bottom two rows, reused by all four 3x3 cofactors.
  E s0 = m[2][0] * m[3][1] - m[2][1] * m[3][0];
  E s1 = m[2][0] * m[3][2] - m[2][2] * m[3][0];
  E s2 = m[2][0] * m[3][3] - m[2][3] * m[3][0];
  E s3 = m[2][1] * m[3][2] - m[2][2] * m[3][1];
  E s4 = m[2][1] * m[3][3] - m[2][3] * m[3][1];
  E s5 = m[2][2] * m[3][3] - m[2][3] * m[3][2];
  return m[0][0] * (m[1][1] * s5 - m[1][2] * s4 + m[1][3] * s3) -
         m[0][1] * (m[1][0] * s5 - m[1][2] * s2 + m[1][3] * s1) +
         m[0][2] * (m[1][0] * s4 - m[1][1] * s2 + m[1][3] * s0) -
         m[0][3] * (m[1][0] * s3 - m[1][1] * s1 + m[1][2] * s0);
}
// Of an integer or bool matrix: of the matrix converted to float, as DXC.
template <typename E, int N>
typename __enable_if<__cat_rank<__HLSL_CAT_FLOAT_D, __scalar_rank<E>::value>::value !=
                         __scalar_rank<E>::value, float>::type
determinant(matrix<E, N, N> m) {
  return determinant((matrix<float, N, N>)m);
}

// Implicit-conversion fallbacks for the derived intrinsics (see the type
// machinery section). They must follow the definitions they forward to.
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, exp)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, log)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, log10)
__HLSL_FALLBACK2(__HLSL_CAT_FLOAT, pow)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT_D, rcp)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, degrees)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, radians)
__HLSL_FALLBACK2(__HLSL_CAT_FLOAT, atan2)
__HLSL_FALLBACK2(__HLSL_CAT_FLOAT, fmod)
__HLSL_FALLBACK2(__HLSL_CAT_FLOAT, step)
__HLSL_FALLBACK3(__HLSL_CAT_FLOAT, lerp)
__HLSL_FALLBACK3(__HLSL_CAT_FLOAT, smoothstep)
__HLSL_FALLBACK3(__HLSL_CAT_NUMERIC, clamp)
__HLSL_FALLBACK1(__HLSL_CAT_NUMERIC, sign)
__HLSL_FALLBACK2(__HLSL_CAT_NUMERIC, dot)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, length)
__HLSL_FALLBACK2(__HLSL_CAT_FLOAT, distance)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, normalize)
__HLSL_FALLBACK2(__HLSL_CAT_FLOAT, cross)
__HLSL_FALLBACK2(__HLSL_CAT_FLOAT, reflect)
__HLSL_FALLBACK3(__HLSL_CAT_FLOAT, faceforward)
// refract's index of refraction is a scalar of the vectors' element type.
#if __HLSL_USED(refract)
template <typename A, typename B, typename C>
typename __enable_if<
    __differs<A, typename __promote2<__HLSL_CAT_FLOAT, A, B>::type>::value ||
        __differs<B, typename __promote2<__HLSL_CAT_FLOAT, A, B>::type>::value ||
        __differs<C, typename __shape<typename __promote2<
                         __HLSL_CAT_FLOAT, A, B>::type>::elem>::value,
    __decltype(refract(
        __declval<typename __promote2<__HLSL_CAT_FLOAT, A, B>::type>(),
        __declval<typename __promote2<__HLSL_CAT_FLOAT, A, B>::type>(),
        __declval<typename __shape<typename __promote2<
            __HLSL_CAT_FLOAT, A, B>::type>::elem>()))>::type
refract(A i, B n, C eta) {
  typedef typename __promote2<__HLSL_CAT_FLOAT, A, B>::type P;
  return refract((P)i, (P)n, (typename __shape<P>::elem)eta);
}
#endif
__HLSL_FALLBACK2(__HLSL_CAT_FLOAT, ldexp)
__HLSL_FALLBACK1(__HLSL_CAT_FLOAT, fwidth)

//===----------------------------------------------------------------------===//
// Primitive barriers
//===----------------------------------------------------------------------===//
// Each maps to one DXIL Barrier with a fixed mode mask.
__HLSL_INTRINSIC void GroupMemoryBarrier();
__HLSL_INTRINSIC void GroupMemoryBarrierWithGroupSync();
__HLSL_INTRINSIC void DeviceMemoryBarrier();
__HLSL_INTRINSIC void DeviceMemoryBarrierWithGroupSync();
__HLSL_INTRINSIC void AllMemoryBarrier();
// Shader model 6.8's barrier: on kinds of memory, or on one UAV's memory,
// with the scope and synchronization it gives (DXC's flag names).
#if __HLSL_USED(Barrier)
typedef uint MEMORY_TYPE_FLAG;
static const MEMORY_TYPE_FLAG UAV_MEMORY = 0x1;
static const MEMORY_TYPE_FLAG GROUP_SHARED_MEMORY = 0x2;
static const MEMORY_TYPE_FLAG NODE_INPUT_MEMORY = 0x4;
static const MEMORY_TYPE_FLAG NODE_OUTPUT_MEMORY = 0x8;
static const MEMORY_TYPE_FLAG ALL_MEMORY = 0xF;
typedef uint BARRIER_SEMANTIC_FLAG;
static const BARRIER_SEMANTIC_FLAG GROUP_SYNC = 0x1;
static const BARRIER_SEMANTIC_FLAG GROUP_SCOPE = 0x2;
static const BARRIER_SEMANTIC_FLAG DEVICE_SCOPE = 0x4;
// T is the memory type flags (an integer) or a UAV.
template <typename T>
__HLSL_INTRINSIC void Barrier(T memoryTypeFlagsOrObject, uint semanticFlags);
#endif
__HLSL_INTRINSIC void AllMemoryBarrierWithGroupSync();

//===----------------------------------------------------------------------===//
// Primitive atomics on groupshared memory and resource elements
//===----------------------------------------------------------------------===//
// `dest` is `inout`, so Clang wraps the argument in an HLSLOutArgExpr whose
// first child is the original lvalue (a groupshared element, or the result of
// a resource operator[]); the importer takes the address from that lvalue and
// never materializes the copy-in/copy-out temporary.
//
// As in DXC, the destination's type picks the overload (int, uint,
// int64_t, uint64_t; float for the exchanges), and with it the operation's
// width and, for Min/Max, its signedness. The other operands are declared
// for every scalar type each, so that a call matches one overload exactly
// whatever its operands (a uint destination with an int value and a
// uint64_t `original` is not ambiguous); the importer converts the values
// to the destination's type and the original value to the argument's.
// (Not templates: Clang 22 binds no groupshared lvalue to the inout
// parameter of a function template.)
#define __HLSL_ATOMIC_RMW_VO(N, D, V, O)                                       \
  __HLSL_INTRINSIC void N(inout D dest, V value, out O original);
#define __HLSL_ATOMIC_RMW_V(N, D, V)                                           \
  __HLSL_INTRINSIC void N(inout D dest, V value);                              \
  __HLSL_ATOMIC_SCALARS_B(__HLSL_ATOMIC_RMW_VO, (N, D, V))
#define __HLSL_ATOMIC_XCHG_V(N, D, V)                                          \
  __HLSL_ATOMIC_SCALARS_B(__HLSL_ATOMIC_RMW_VO, (N, D, V))
#define __HLSL_ATOMIC_CMP_CVO(N, D, C, V, O)                                   \
  __HLSL_INTRINSIC void N(inout D dest, C compare, V value, out O original);
#define __HLSL_ATOMIC_CMP_CV(N, S, D, C, V)                                    \
  __HLSL_INTRINSIC void S(inout D dest, C compare, V value);                   \
  __HLSL_ATOMIC_SCALARS_C(__HLSL_ATOMIC_CMP_CVO, (N, D, C, V))
#define __HLSL_ATOMIC_CMP_C(N, S, D, C)                                        \
  __HLSL_ATOMIC_SCALARS_B(__HLSL_ATOMIC_CMP_CV, (N, S, D, C))
// X(M, ARGS): M(ARGS..., T) for each scalar type T an operand may have;
// one copy per nesting level (a macro does not expand inside itself).
// clang-format off
#define __HLSL_ATOMIC_SCALARS_A(M, ARGS)                                       \
  __HLSL_ATOMIC_APPLY_A(M, ARGS, int)                                          \
  __HLSL_ATOMIC_APPLY_A(M, ARGS, uint)                                         \
  __HLSL_ATOMIC_APPLY_A(M, ARGS, int64_t)                                      \
  __HLSL_ATOMIC_APPLY_A(M, ARGS, uint64_t)                                     \
  __HLSL_ATOMIC_APPLY_A(M, ARGS, float)
#define __HLSL_ATOMIC_APPLY_A(M, ARGS, T)                                      \
  __HLSL_ATOMIC_CALL_A(M, (__HLSL_ATOMIC_UNPAREN_A ARGS, T))
#define __HLSL_ATOMIC_CALL_A(M, A) M A
#define __HLSL_ATOMIC_UNPAREN_A(...) __VA_ARGS__
#define __HLSL_ATOMIC_SCALARS_B(M, ARGS)                                       \
  __HLSL_ATOMIC_APPLY_B(M, ARGS, int)                                          \
  __HLSL_ATOMIC_APPLY_B(M, ARGS, uint)                                         \
  __HLSL_ATOMIC_APPLY_B(M, ARGS, int64_t)                                      \
  __HLSL_ATOMIC_APPLY_B(M, ARGS, uint64_t)                                     \
  __HLSL_ATOMIC_APPLY_B(M, ARGS, float)
#define __HLSL_ATOMIC_APPLY_B(M, ARGS, T)                                      \
  __HLSL_ATOMIC_CALL_B(M, (__HLSL_ATOMIC_UNPAREN_B ARGS, T))
#define __HLSL_ATOMIC_CALL_B(M, A) M A
#define __HLSL_ATOMIC_UNPAREN_B(...) __VA_ARGS__
#define __HLSL_ATOMIC_SCALARS_C(M, ARGS)                                       \
  __HLSL_ATOMIC_APPLY_C(M, ARGS, int)                                          \
  __HLSL_ATOMIC_APPLY_C(M, ARGS, uint)                                         \
  __HLSL_ATOMIC_APPLY_C(M, ARGS, int64_t)                                      \
  __HLSL_ATOMIC_APPLY_C(M, ARGS, uint64_t)                                     \
  __HLSL_ATOMIC_APPLY_C(M, ARGS, float)
#define __HLSL_ATOMIC_APPLY_C(M, ARGS, T)                                      \
  __HLSL_ATOMIC_CALL_C(M, (__HLSL_ATOMIC_UNPAREN_C ARGS, T))
#define __HLSL_ATOMIC_CALL_C(M, A) M A
#define __HLSL_ATOMIC_UNPAREN_C(...) __VA_ARGS__
// clang-format on
#define __HLSL_ATOMIC_D(M, N, D) __HLSL_ATOMIC_SCALARS_A(M, (N, D))
#define __HLSL_ATOMIC(M, N) __HLSL_WHEN_CALL(N, __HLSL_ATOMIC_L, (M, N))
#define __HLSL_ATOMIC_L(M, N)                                                  \
  __HLSL_ATOMIC_D(M, N, int) __HLSL_ATOMIC_D(M, N, uint)                       \
  __HLSL_ATOMIC_D(M, N, int64_t) __HLSL_ATOMIC_D(M, N, uint64_t)
__HLSL_ATOMIC(__HLSL_ATOMIC_RMW_V, InterlockedAdd)
__HLSL_ATOMIC(__HLSL_ATOMIC_RMW_V, InterlockedMin)
__HLSL_ATOMIC(__HLSL_ATOMIC_RMW_V, InterlockedMax)
__HLSL_ATOMIC(__HLSL_ATOMIC_RMW_V, InterlockedAnd)
__HLSL_ATOMIC(__HLSL_ATOMIC_RMW_V, InterlockedOr)
__HLSL_ATOMIC(__HLSL_ATOMIC_RMW_V, InterlockedXor)
__HLSL_ATOMIC(__HLSL_ATOMIC_XCHG_V, InterlockedExchange)
#if __HLSL_USED(InterlockedExchange)
__HLSL_ATOMIC_D(__HLSL_ATOMIC_XCHG_V, InterlockedExchange, float)
#endif
#if __HLSL_USED(InterlockedCompareExchange) ||                                 \
    __HLSL_USED(InterlockedCompareStore)
__HLSL_ATOMIC_SCALARS_A(__HLSL_ATOMIC_CMP_C, (InterlockedCompareExchange,
                                              InterlockedCompareStore, int))
__HLSL_ATOMIC_SCALARS_A(__HLSL_ATOMIC_CMP_C, (InterlockedCompareExchange,
                                              InterlockedCompareStore, uint))
__HLSL_ATOMIC_SCALARS_A(__HLSL_ATOMIC_CMP_C, (InterlockedCompareExchange,
                                              InterlockedCompareStore, int64_t))
__HLSL_ATOMIC_SCALARS_A(__HLSL_ATOMIC_CMP_C,
                        (InterlockedCompareExchange, InterlockedCompareStore,
                         uint64_t))
#endif
// SM 6.6 bitwise compare-exchange of floats.
#if __HLSL_USED(InterlockedCompareExchangeFloatBitwise) ||                     \
    __HLSL_USED(InterlockedCompareStoreFloatBitwise)
__HLSL_ATOMIC_SCALARS_A(__HLSL_ATOMIC_CMP_C,
                        (InterlockedCompareExchangeFloatBitwise,
                         InterlockedCompareStoreFloatBitwise, float))
#endif

//===----------------------------------------------------------------------===//
// Primitive wave and quad operations
//===----------------------------------------------------------------------===//
__HLSL_INTRINSIC bool IsHelperLane();
__HLSL_INTRINSIC uint WaveGetLaneIndex();
__HLSL_INTRINSIC uint WaveGetLaneCount();
__HLSL_INTRINSIC bool WaveIsFirstLane();
__HLSL_INTRINSIC bool WaveActiveAnyTrue(bool expr);
__HLSL_INTRINSIC bool WaveActiveAllTrue(bool expr);
__HLSL_INTRINSIC uint4 WaveActiveBallot(bool expr);
__HLSL_INTRINSIC uint WaveActiveCountBits(bool expr);
__HLSL_INTRINSIC uint WavePrefixCountBits(bool expr);

// Wave and quad operations on matrices apply to every element, as on
// vectors.
#define __HLSL_D_WAVE_LANE(N, T) __HLSL_INTRINSIC T N(T value, uint lane);
#define __HLSL_D_WAVE_EQ(N, T, R) __HLSL_INTRINSIC R N(T value);
__HLSL_T_ANY(__HLSL_UN_ALL, WaveReadLaneFirst)
__HLSL_T_NUMERIC(__HLSL_UN_ALL, WaveActiveSum)
__HLSL_T_NUMERIC(__HLSL_UN_ALL, WaveActiveProduct)
__HLSL_T_NUMERIC(__HLSL_UN_ALL, WaveActiveMin)
__HLSL_T_NUMERIC(__HLSL_UN_ALL, WaveActiveMax)
__HLSL_T_NUMERIC(__HLSL_UN_ALL, WavePrefixSum)
__HLSL_T_NUMERIC(__HLSL_UN_ALL, WavePrefixProduct)
__HLSL_T_ANY(__HLSL_UN_ALL, QuadReadAcrossX)
__HLSL_T_ANY(__HLSL_UN_ALL, QuadReadAcrossY)
__HLSL_T_ANY(__HLSL_UN_ALL, QuadReadAcrossDiagonal)
#define __HLSL_WAVE_LANE_ALL(N, T) __HLSL_ALL(__HLSL_D_WAVE_LANE, N, T)
__HLSL_T_ANY(__HLSL_WAVE_LANE_ALL, WaveReadLaneAt)
__HLSL_T_ANY(__HLSL_WAVE_LANE_ALL, QuadReadLaneAt)
#define __HLSL_WAVE_EQ_ALL(N, T) __HLSL_ALL_R(__HLSL_D_WAVE_EQ, N, T, bool)
__HLSL_T_ANY(__HLSL_WAVE_EQ_ALL, WaveActiveAllEqual)
__HLSL_T_INT(__HLSL_UN_ALL, WaveActiveBitAnd)
__HLSL_T_INT(__HLSL_UN_ALL, WaveActiveBitOr)
__HLSL_T_INT(__HLSL_UN_ALL, WaveActiveBitXor)
#define __HLSL_D_WAVE_MASK(N, T) __HLSL_INTRINSIC T N(T value, uint4 mask);
#define __HLSL_WAVE_MASK_ALL(N, T) __HLSL_ALL(__HLSL_D_WAVE_MASK, N, T)
__HLSL_T_NUMERIC(__HLSL_WAVE_MASK_ALL, WaveMultiPrefixSum)
__HLSL_T_NUMERIC(__HLSL_WAVE_MASK_ALL, WaveMultiPrefixProduct)
__HLSL_T_INT(__HLSL_WAVE_MASK_ALL, WaveMultiPrefixBitAnd)
__HLSL_T_INT(__HLSL_WAVE_MASK_ALL, WaveMultiPrefixBitOr)
__HLSL_T_INT(__HLSL_WAVE_MASK_ALL, WaveMultiPrefixBitXor)
__HLSL_INTRINSIC uint WaveMultiPrefixCountBits(bool value, uint4 mask);
#define __HLSL_D_WAVE_MATCH(N, T) __HLSL_INTRINSIC uint4 N(T value);
#define __HLSL_WAVE_MATCH_ALL(N, T) __HLSL_ALL(__HLSL_D_WAVE_MATCH, N, T)
__HLSL_T_ANY(__HLSL_WAVE_MATCH_ALL, WaveMatch)
__HLSL_INTRINSIC bool QuadAny(bool expr);
__HLSL_INTRINSIC bool QuadAll(bool expr);

// Marks a resource-array index as non-uniform; the value passes through.
__HLSL_INTRINSIC uint NonUniformResourceIndex(uint index);

//===----------------------------------------------------------------------===//
// Resource types Clang 22 lacks
//===----------------------------------------------------------------------===//
// Clang recognises a resource by its single `__hlsl_resource_t` field whose
// attributes give the resource class (SRV/UAV/CBuffer/Sampler) and element
// type. Declaring our own records the same way makes register(t/u/b/s)
// binding checks, resource arrays and the exclusion from $Globals work for
// free. The texture dimension is not expressible as an attribute in Clang 22;
// the importer takes it from the record name (hlsl::Texture2D, ...).
//
// Methods are primitives (no body, hlsl.intrinsic) named like the HLSL method.
// Note the `__handle` field is the only data member, as the importer expects.
// Each declares a default constructor (never defined: the importer makes a
// default-initialized resource undefined): a record with a user-provided
// constructor is not an aggregate, which Clang's initializer lists take as
// one element (`Texture2D a[2] = {t0, t1}`) instead of flattening it into
// its handle (which counts as none: "too few initializers").

struct SamplerState {
  __hlsl_resource_t [[hlsl::resource_class(Sampler)]] __handle;
  SamplerState();
};
// The legacy name, a type as in DXC (a global named `sampler` is a
// redefinition there too).
__HLSL_WHEN(sampler, typedef SamplerState sampler;)

// `string`: global constants DXC ignores (annotations of the effect era,
// `string name = "...";`). A character array of the literal's size; the
// import skips globals of that type and refuses others (DXC: "string
// declaration may only appear in global scope").
__HLSL_WHEN(string, typedef const char string[];)

// The effect framework's objects, which DXC ignores (with a warning) where
// they are declared: empty types the import skips (HLSLGenModule.cpp), their
// state blocks blanked by the source rewrites.
#define __HLSL_EFFECT_OBJECT(NAME)                                             \
  __HLSL_WHEN(NAME,                                                            \
              struct __attribute__((annotate("hlsl.effect_object"))) NAME{};)
__HLSL_EFFECT_OBJECT(BlendState)
__HLSL_EFFECT_OBJECT(DepthStencilState)
__HLSL_EFFECT_OBJECT(DepthStencilView)
__HLSL_EFFECT_OBJECT(RasterizerState)
__HLSL_EFFECT_OBJECT(RenderTargetView)
__HLSL_EFFECT_OBJECT(PixelShader)
__HLSL_EFFECT_OBJECT(VertexShader)
__HLSL_EFFECT_OBJECT(ComputeShader)
__HLSL_EFFECT_OBJECT(DomainShader)
__HLSL_EFFECT_OBJECT(GeometryShader)
__HLSL_EFFECT_OBJECT(HullShader)
__HLSL_EFFECT_OBJECT(pixelfragment)
__HLSL_EFFECT_OBJECT(vertexfragment)

// The patch and stream types of the hull, domain and geometry stages. Those
// stages are not supported yet, but shaders written for several stages
// declare their helpers next to the vertex or pixel entry point: the types
// exist so that such a file compiles; an entry point taking one is refused
// (its parameter type is no signature type).
__HLSL_WHEN(
    InputPatch, template <typename T, uint N> struct InputPatch {
      static const uint Length = N;
      __HLSL_INTRINSIC T operator[](uint i) const;
    };)
__HLSL_WHEN(
    OutputPatch, template <typename T, uint N> struct OutputPatch {
      static const uint Length = N;
      __HLSL_INTRINSIC T operator[](uint i) const;
    };)
#define __HLSL_STREAM(NAME)                                                    \
  __HLSL_WHEN(                                                                 \
      NAME, template <typename T> struct NAME {                                \
        __HLSL_INTRINSIC void Append(T value);                                 \
        __HLSL_INTRINSIC void RestartStrip();                                  \
      };)
__HLSL_STREAM(PointStream)
__HLSL_STREAM(LineStream)
__HLSL_STREAM(TriangleStream)
struct SamplerComparisonState {
  __hlsl_resource_t [[hlsl::resource_class(Sampler)]] __handle;
  SamplerComparisonState();
};

// Read-only texture method families, parameterised by the coordinate types of
// each dimension: C = sample coordinate (with array slice), G = gradient
// (without array slice), O = texel offset.
#define __HLSL_TEX_SAMPLE(C, O)                                                \
  __HLSL_INTRINSIC T Sample(SamplerState s, C location);                       \
  __HLSL_INTRINSIC T Sample(SamplerState s, C location, O offset);             \
  __HLSL_INTRINSIC T Sample(SamplerState s, C location, O offset,              \
                            float clampLod);                                   \
  __HLSL_INTRINSIC T Sample(SamplerState s, C location, O offset,              \
                            float clampLod, out uint status);                  \
  __HLSL_INTRINSIC T SampleBias(SamplerState s, C location, float bias);       \
  __HLSL_INTRINSIC T SampleBias(SamplerState s, C location, float bias,        \
                                O offset);                                     \
  __HLSL_INTRINSIC T SampleBias(SamplerState s, C location, float bias,        \
                                O offset, float clampLod);                     \
  __HLSL_INTRINSIC T SampleBias(SamplerState s, C location, float bias,        \
                                O offset, float clampLod, out uint status);    \
  __HLSL_INTRINSIC T SampleLevel(SamplerState s, C location, float lod);       \
  __HLSL_INTRINSIC T SampleLevel(SamplerState s, C location, float lod,        \
                                 O offset);                                    \
  __HLSL_INTRINSIC T SampleLevel(SamplerState s, C location, float lod,        \
                                 O offset, out uint status);                   \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmp(SamplerComparisonState s, C location, float compareValue);     \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmp(                                   \
      SamplerComparisonState s, C location, float compareValue, O offset);     \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmp(SamplerComparisonState s, C location, float compareValue,      \
                O offset, float clampLod);                                     \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmp(SamplerComparisonState s, C location, float compareValue,      \
                O offset, float clampLod, out uint status);                    \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpLevelZero(                          \
      SamplerComparisonState s, C location, float compareValue);               \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpLevelZero(                          \
      SamplerComparisonState s, C location, float compareValue, O offset);     \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpLevelZero(SamplerComparisonState s, C location,                 \
                         float compareValue, O offset, out uint status);       \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpBias(                               \
      SamplerComparisonState s, C location, float compareValue, float bias);   \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpBias(SamplerComparisonState s, C location, float compareValue,  \
                    float bias, O offset);                                     \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpBias(SamplerComparisonState s, C location, float compareValue,  \
                    float bias, O offset, float clampLod);                     \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpBias(SamplerComparisonState s, C location, float compareValue,  \
                    float bias, O offset, float clampLod, out uint status);    \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpLevel(                              \
      SamplerComparisonState s, C location, float compareValue, float lod);    \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpLevel(SamplerComparisonState s, C location, float compareValue, \
                     float lod, O offset);                                     \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpLevel(SamplerComparisonState s, C location, float compareValue, \
                     float lod, O offset, out uint status);
#define __HLSL_TEX_SAMPLE_GRAD(C, G, O)                                        \
  __HLSL_INTRINSIC T SampleGrad(SamplerState s, C location, G ddx, G ddy);     \
  __HLSL_INTRINSIC T SampleGrad(SamplerState s, C location, G ddx, G ddy,      \
                                O offset);                                     \
  __HLSL_INTRINSIC T SampleGrad(SamplerState s, C location, G ddx, G ddy,      \
                                O offset, float clampLod);                     \
  __HLSL_INTRINSIC T SampleGrad(SamplerState s, C location, G ddx, G ddy,      \
                                O offset, float clampLod, out uint status);    \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpGrad(                               \
      SamplerComparisonState s, C location, float compareValue, G ddx, G ddy); \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpGrad(SamplerComparisonState s, C location, float compareValue,  \
                    G ddx, G ddy, O offset);                                   \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpGrad(SamplerComparisonState s, C location, float compareValue,  \
                    G ddx, G ddy, O offset, float clampLod);                   \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpGrad(SamplerComparisonState s, C location, float compareValue,  \
                    G ddx, G ddy, O offset, float clampLod, out uint status);  \
  __HLSL_TEX_LOD(G)
// CalculateLevelOfDetail takes either kind of sampler.
#define __HLSL_TEX_LOD(G)                                                      \
  __HLSL_INTRINSIC float CalculateLevelOfDetail(SamplerState s, G location);   \
  __HLSL_INTRINSIC float CalculateLevelOfDetailUnclamped(SamplerState s,       \
                                                         G location);          \
  __HLSL_INTRINSIC float CalculateLevelOfDetail(SamplerComparisonState s,      \
                                                G location);                   \
  __HLSL_INTRINSIC float CalculateLevelOfDetailUnclamped(                      \
      SamplerComparisonState s, G location);
// Cube maps have no texel offsets: the clamp follows the location.
#define __HLSL_TEX_SAMPLE_CUBE(C, G)                                           \
  __HLSL_INTRINSIC T Sample(SamplerState s, C location);                       \
  __HLSL_INTRINSIC T Sample(SamplerState s, C location, float clampLod);       \
  __HLSL_INTRINSIC T Sample(SamplerState s, C location, float clampLod,        \
                            out uint status);                                  \
  __HLSL_INTRINSIC T SampleBias(SamplerState s, C location, float bias);       \
  __HLSL_INTRINSIC T SampleBias(SamplerState s, C location, float bias,        \
                                float clampLod);                               \
  __HLSL_INTRINSIC T SampleBias(SamplerState s, C location, float bias,        \
                                float clampLod, out uint status);              \
  __HLSL_INTRINSIC T SampleLevel(SamplerState s, C location, float lod);       \
  __HLSL_INTRINSIC T SampleLevel(SamplerState s, C location, float lod,        \
                                 out uint status);                             \
  __HLSL_INTRINSIC T SampleGrad(SamplerState s, C location, G ddx, G ddy);     \
  __HLSL_INTRINSIC T SampleGrad(SamplerState s, C location, G ddx, G ddy,      \
                                float clampLod);                               \
  __HLSL_INTRINSIC T SampleGrad(SamplerState s, C location, G ddx, G ddy,      \
                                float clampLod, out uint status);              \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmp(SamplerComparisonState s, C location, float compareValue);     \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmp(SamplerComparisonState s, C location, float compareValue,      \
                float clampLod);                                               \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmp(SamplerComparisonState s, C location, float compareValue,      \
                float clampLod, out uint status);                              \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpLevelZero(                          \
      SamplerComparisonState s, C location, float compareValue);               \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpLevelZero(SamplerComparisonState s, C location,                 \
                         float compareValue, out uint status);                 \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpLevel(                              \
      SamplerComparisonState s, C location, float compareValue, float lod);    \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpLevel(SamplerComparisonState s, C location, float compareValue, \
                     float lod, out uint status);                              \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpBias(                               \
      SamplerComparisonState s, C location, float compareValue, float bias);   \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpBias(SamplerComparisonState s, C location, float compareValue,  \
                    float bias, float clampLod);                               \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpBias(SamplerComparisonState s, C location, float compareValue,  \
                    float bias, float clampLod, out uint status);              \
  __HLSL_INTRINSIC __HLSL_ELEM(T) SampleCmpGrad(                               \
      SamplerComparisonState s, C location, float compareValue, G ddx, G ddy); \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpGrad(SamplerComparisonState s, C location, float compareValue,  \
                    G ddx, G ddy, float clampLod);                             \
  __HLSL_INTRINSIC __HLSL_ELEM(T)                                              \
      SampleCmpGrad(SamplerComparisonState s, C location, float compareValue,  \
                    G ddx, G ddy, float clampLod, out uint status);            \
  __HLSL_TEX_LOD(G)
// Gather4 (2D-style textures only). Result is four texels of one channel.
#define __HLSL_TEX_GATHER_ONE(NAME, C)                                         \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(SamplerState s, C location);
#define __HLSL_TEX_GATHER_OFS(NAME, C, O)                                      \
  __HLSL_TEX_GATHER_ONE(NAME, C)                                               \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(SamplerState s, C location,  \
                                                  O offset);                   \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(SamplerState s, C location,  \
                                                  O offset, out uint status);
// One channel also takes an offset per texel (four gathers, one texel of
// each).
#define __HLSL_TEX_GATHER_OFS4(NAME, C, O)                                     \
  __HLSL_TEX_GATHER_OFS(NAME, C, O)                                            \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(                             \
      SamplerState s, C location, O offset1, O offset2, O offset3, O offset4); \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(                             \
      SamplerState s, C location, O offset1, O offset2, O offset3, O offset4,  \
      out uint status);
// GatherCmp of one channel: four comparison results.
#define __HLSL_TEX_GATHER_CMP_ONE(NAME, C)                                     \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(                             \
      SamplerComparisonState s, C location, float compareValue);
#define __HLSL_TEX_GATHER_CMP_OFS(NAME, C, O)                                  \
  __HLSL_TEX_GATHER_CMP_ONE(NAME, C)                                           \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(                             \
      SamplerComparisonState s, C location, float compareValue, O offset);     \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(                             \
      SamplerComparisonState s, C location, float compareValue, O offset,      \
      out uint status);
#define __HLSL_TEX_GATHER_CMP_OFS4(NAME, C, O)                                 \
  __HLSL_TEX_GATHER_CMP_OFS(NAME, C, O)                                        \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(                             \
      SamplerComparisonState s, C location, float compareValue, O offset1,     \
      O offset2, O offset3, O offset4);                                        \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(                             \
      SamplerComparisonState s, C location, float compareValue, O offset1,     \
      O offset2, O offset3, O offset4, out uint status);
#define __HLSL_TEX_GATHER(C, O)                                                \
  __HLSL_TEX_GATHER_OFS(Gather, C, O)                                          \
  __HLSL_TEX_GATHER_OFS4(GatherRed, C, O)                                      \
  __HLSL_TEX_GATHER_OFS4(GatherGreen, C, O)                                    \
  __HLSL_TEX_GATHER_OFS4(GatherBlue, C, O)                                     \
  __HLSL_TEX_GATHER_OFS4(GatherAlpha, C, O)                                    \
  __HLSL_TEX_GATHER_CMP_OFS(GatherCmp, C, O)                                   \
  __HLSL_TEX_GATHER_CMP_OFS4(GatherCmpRed, C, O)                               \
  __HLSL_TEX_GATHER_CMP_OFS4(GatherCmpGreen, C, O)                             \
  __HLSL_TEX_GATHER_CMP_OFS4(GatherCmpBlue, C, O)                              \
  __HLSL_TEX_GATHER_CMP_OFS4(GatherCmpAlpha, C, O)                             \
  __HLSL_TEX_GATHER_OFS(GatherRaw, C, O)
#define __HLSL_TEX_GATHER_CUBE_ONE(NAME, C)                                    \
  __HLSL_TEX_GATHER_ONE(NAME, C)                                               \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(SamplerState s, C location,  \
                                                  out uint status);
#define __HLSL_TEX_GATHER_CMP_CUBE_ONE(NAME, C)                                \
  __HLSL_TEX_GATHER_CMP_ONE(NAME, C)                                           \
  __HLSL_INTRINSIC vector<__HLSL_ELEM(T), 4> NAME(                             \
      SamplerComparisonState s, C location, float compareValue,                \
      out uint status);
#define __HLSL_TEX_GATHER_CUBE(C)                                              \
  __HLSL_TEX_GATHER_CUBE_ONE(Gather, C)                                        \
  __HLSL_TEX_GATHER_CUBE_ONE(GatherRed, C)                                     \
  __HLSL_TEX_GATHER_CUBE_ONE(GatherGreen, C)                                   \
  __HLSL_TEX_GATHER_CUBE_ONE(GatherBlue, C)                                    \
  __HLSL_TEX_GATHER_CUBE_ONE(GatherAlpha, C)                                   \
  __HLSL_TEX_GATHER_CMP_CUBE_ONE(GatherCmp, C)                                 \
  __HLSL_TEX_GATHER_CMP_CUBE_ONE(GatherCmpRed, C)                              \
  __HLSL_TEX_GATHER_CMP_CUBE_ONE(GatherCmpGreen, C)                            \
  __HLSL_TEX_GATHER_CMP_CUBE_ONE(GatherCmpBlue, C)                             \
  __HLSL_TEX_GATHER_CMP_CUBE_ONE(GatherCmpAlpha, C)
// Texel fetch: L = integer location incl. mip level, O = offset.
#define __HLSL_TEX_LOAD(L, O)                                                  \
  __HLSL_INTRINSIC T Load(L location);                                         \
  __HLSL_INTRINSIC T Load(L location, O offset);                               \
  __HLSL_INTRINSIC T Load(L location, O offset, out uint status);
// Read-only element access; returns a const lvalue like Clang's Buffer.
#define __HLSL_TEX_SUBSCRIPT(I)                                                \
  __HLSL_INTRINSIC __decltype((__lvalue_of<const T>::value)) operator[](       \
      I pos) const;
// Writable element access for RW textures. HLSL cannot spell `T &`, but
// decltype of a parenthesised lvalue is one, so `O[xy] = v`, `O[xy].x = v`
// and `InterlockedAdd(O[xy], 1)` all see an lvalue, as with RWBuffer.
// I = unsigned element index, L = signed Load location.
#define __HLSL_RWTEX_ACCESS(I, L)                                              \
  __HLSL_TEX_SUBSCRIPT(I)                                                      \
  __HLSL_INTRINSIC __decltype((__lvalue_of<T>::value)) operator[](I pos);      \
  __HLSL_INTRINSIC T Load(L location);                                         \
  __HLSL_INTRINSIC T Load(L location, out uint status);
// GetDimensions comes in uint and float flavours (DXC), and an int and a
// half one: Clang 22 converts no argument for an out parameter of an
// overloaded method, and DXC takes a signed variable as the uint flavour
// (same bits) and a half or min16float one as the float flavour.
// The mip-level query form also returns the number of levels.
#define __HLSL_DIMS_OF(U, ...)                                                 \
  __HLSL_INTRINSIC void GetDimensions(__VA_ARGS__);
#define __HLSL_DIMS_MIP_OF(U, ...)                                             \
  __HLSL_DIMS_OF(U, __VA_ARGS__)                                               \
  __HLSL_INTRINSIC void GetDimensions(uint mipLevel, __VA_ARGS__,              \
                                      out U numberOfLevels);
#define __HLSL_DIMS_FLAVOURS(F, ...)                                           \
  F(uint, __VA_ARGS__)                                                         \
  F(float, __VA_ARGS__) F(int, __VA_ARGS__) F(half, __VA_ARGS__)
// One declaration per flavour U of the outputs named here (1 to 4).
#define __HLSL_OUTS_1(U, a) out U a
#define __HLSL_OUTS_2(U, a, b) out U a, out U b
#define __HLSL_OUTS_3(U, a, b, c) out U a, out U b, out U c
#define __HLSL_OUTS_4(U, a, b, c, d) out U a, out U b, out U c, out U d
#define __HLSL_DIMS_1_OF(U, a) __HLSL_DIMS_OF(U, __HLSL_OUTS_1(U, a))
#define __HLSL_DIMS_2_OF(U, a, b) __HLSL_DIMS_OF(U, __HLSL_OUTS_2(U, a, b))
#define __HLSL_DIMS_3_OF(U, a, b, c)                                           \
  __HLSL_DIMS_OF(U, __HLSL_OUTS_3(U, a, b, c))
#define __HLSL_DIMS_4_OF(U, a, b, c, d)                                        \
  __HLSL_DIMS_OF(U, __HLSL_OUTS_4(U, a, b, c, d))
#define __HLSL_DIMS_MIP_1_OF(U, a) __HLSL_DIMS_MIP_OF(U, __HLSL_OUTS_1(U, a))
#define __HLSL_DIMS_MIP_2_OF(U, a, b)                                          \
  __HLSL_DIMS_MIP_OF(U, __HLSL_OUTS_2(U, a, b))
#define __HLSL_DIMS_MIP_3_OF(U, a, b, c)                                       \
  __HLSL_DIMS_MIP_OF(U, __HLSL_OUTS_3(U, a, b, c))
// Outputs of differing scalar types (`GetDimensions(mip, intWidth,
// uintLevels)`) or of a type no flavour has (bool, double): DXC converts
// each output from uint, so one template per form takes every output's own
// scalar type and the lowering converts. An exact flavour, not being a
// template, wins where both match.
#define __HLSL_SCALAR(A) __shape<A>::kind == 0
#define __HLSL_DIMS_ANY_1(a)                                                   \
  template <typename A>                                                        \
  __HLSL_INTRINSIC typename __enable_if<__HLSL_SCALAR(A)>::type GetDimensions( \
      out A a);
#define __HLSL_DIMS_ANY_2(a, b)                                                \
  template <typename A, typename B>                                            \
  __HLSL_INTRINSIC                                                             \
      typename __enable_if<__HLSL_SCALAR(A) && __HLSL_SCALAR(B)>::type         \
      GetDimensions(out A a, out B b);
#define __HLSL_DIMS_ANY_3(a, b, c)                                             \
  template <typename A, typename B, typename C>                                \
  __HLSL_INTRINSIC                                                             \
      typename __enable_if<__HLSL_SCALAR(A) && __HLSL_SCALAR(B) &&             \
                           __HLSL_SCALAR(C)>::type                             \
      GetDimensions(out A a, out B b, out C c);
#define __HLSL_DIMS_ANY_4(a, b, c, d)                                          \
  template <typename A, typename B, typename C, typename D>                    \
  __HLSL_INTRINSIC                                                             \
      typename __enable_if<__HLSL_SCALAR(A) && __HLSL_SCALAR(B) &&             \
                           __HLSL_SCALAR(C) && __HLSL_SCALAR(D)>::type         \
      GetDimensions(out A a, out B b, out C c, out D d);
#define __HLSL_DIMS_MIP_ANY_1(a)                                               \
  __HLSL_DIMS_ANY_1(a)                                                         \
  template <typename A, typename L>                                            \
  __HLSL_INTRINSIC                                                             \
      typename __enable_if<__HLSL_SCALAR(A) && __HLSL_SCALAR(L)>::type         \
      GetDimensions(uint mipLevel, out A a, out L numberOfLevels);
#define __HLSL_DIMS_MIP_ANY_2(a, b)                                            \
  __HLSL_DIMS_ANY_2(a, b)                                                      \
  template <typename A, typename B, typename L>                                \
  __HLSL_INTRINSIC                                                             \
      typename __enable_if<__HLSL_SCALAR(A) && __HLSL_SCALAR(B) &&             \
                           __HLSL_SCALAR(L)>::type                             \
      GetDimensions(uint mipLevel, out A a, out B b, out L numberOfLevels);
#define __HLSL_DIMS_MIP_ANY_3(a, b, c)                                         \
  __HLSL_DIMS_ANY_3(a, b, c)                                                   \
  template <typename A, typename B, typename C, typename L>                    \
  __HLSL_INTRINSIC                                                             \
      typename __enable_if<__HLSL_SCALAR(A) && __HLSL_SCALAR(B) &&             \
                           __HLSL_SCALAR(C) && __HLSL_SCALAR(L)>::type         \
      GetDimensions(uint mipLevel, out A a, out B b, out C c,                  \
                    out L numberOfLevels);
#define __HLSL_DIMS_1(...)                                                     \
  __HLSL_DIMS_FLAVOURS(__HLSL_DIMS_1_OF, __VA_ARGS__)                          \
  __HLSL_DIMS_ANY_1(__VA_ARGS__)
#define __HLSL_DIMS_2(...)                                                     \
  __HLSL_DIMS_FLAVOURS(__HLSL_DIMS_2_OF, __VA_ARGS__)                          \
  __HLSL_DIMS_ANY_2(__VA_ARGS__)
#define __HLSL_DIMS_3(...)                                                     \
  __HLSL_DIMS_FLAVOURS(__HLSL_DIMS_3_OF, __VA_ARGS__)                          \
  __HLSL_DIMS_ANY_3(__VA_ARGS__)
#define __HLSL_DIMS_4(...)                                                     \
  __HLSL_DIMS_FLAVOURS(__HLSL_DIMS_4_OF, __VA_ARGS__)                          \
  __HLSL_DIMS_ANY_4(__VA_ARGS__)
#define __HLSL_DIMS_MIP_1(...)                                                 \
  __HLSL_DIMS_FLAVOURS(__HLSL_DIMS_MIP_1_OF, __VA_ARGS__)                      \
  __HLSL_DIMS_MIP_ANY_1(__VA_ARGS__)
#define __HLSL_DIMS_MIP_2(...)                                                 \
  __HLSL_DIMS_FLAVOURS(__HLSL_DIMS_MIP_2_OF, __VA_ARGS__)                      \
  __HLSL_DIMS_MIP_ANY_2(__VA_ARGS__)
#define __HLSL_DIMS_MIP_3(...)                                                 \
  __HLSL_DIMS_FLAVOURS(__HLSL_DIMS_MIP_3_OF, __VA_ARGS__)                      \
  __HLSL_DIMS_MIP_ANY_3(__VA_ARGS__)

#define __HLSL_SRV_HANDLE(NAME)                                                \
  __hlsl_resource_t                                                            \
      [[hlsl::resource_class(SRV)]] [[hlsl::contained_type(T)]] __handle;      \
  NAME();
#define __HLSL_UAV_HANDLE(NAME)                                                \
  __hlsl_resource_t                                                            \
      [[hlsl::resource_class(UAV)]] [[hlsl::contained_type(T)]] __handle;      \
  NAME();

#if __HLSL_USED(Texture1D)
template <typename T = float4> struct Texture1D {
  __HLSL_SRV_HANDLE(Texture1D)
  __HLSL_TEX_SAMPLE(float, int)
  __HLSL_TEX_SAMPLE_GRAD(float, float, int)
  __HLSL_TEX_LOAD(int2, int)
  __HLSL_TEX_SUBSCRIPT(uint)
  __HLSL_DIMS_MIP_1(width)
};
#endif
#if __HLSL_USED(Texture1DArray)
template <typename T = float4> struct Texture1DArray {
  __HLSL_SRV_HANDLE(Texture1DArray)
  __HLSL_TEX_SAMPLE(float2, int)
  __HLSL_TEX_SAMPLE_GRAD(float2, float, int)
  __HLSL_TEX_LOAD(int3, int)
  __HLSL_TEX_SUBSCRIPT(uint2)
  __HLSL_DIMS_MIP_2(width, elements)
};
#endif
#if __HLSL_USED(Texture2D)
template <typename T = float4> struct Texture2D {
  __HLSL_SRV_HANDLE(Texture2D)
  __HLSL_TEX_SAMPLE(float2, int2)
  __HLSL_TEX_SAMPLE_GRAD(float2, float2, int2)
  __HLSL_TEX_GATHER(float2, int2)
  __HLSL_TEX_LOAD(int3, int2)
  __HLSL_TEX_SUBSCRIPT(uint2)
  __HLSL_DIMS_MIP_2(width, height)
};
#endif
#if __HLSL_USED(Texture2DArray)
template <typename T = float4> struct Texture2DArray {
  __HLSL_SRV_HANDLE(Texture2DArray)
  __HLSL_TEX_SAMPLE(float3, int2)
  __HLSL_TEX_SAMPLE_GRAD(float3, float2, int2)
  __HLSL_TEX_GATHER(float3, int2)
  __HLSL_TEX_LOAD(int4, int2)
  __HLSL_TEX_SUBSCRIPT(uint3)
  __HLSL_DIMS_MIP_3(width, height, elements)
};
#endif
#if __HLSL_USED(Texture3D)
template <typename T = float4> struct Texture3D {
  __HLSL_SRV_HANDLE(Texture3D)
  __HLSL_TEX_SAMPLE(float3, int3)
  __HLSL_TEX_SAMPLE_GRAD(float3, float3, int3)
  __HLSL_TEX_LOAD(int4, int3)
  __HLSL_TEX_SUBSCRIPT(uint3)
  __HLSL_DIMS_MIP_3(width, height, depth)
};
#endif
#if __HLSL_USED(TextureCube)
template <typename T = float4> struct TextureCube {
  __HLSL_SRV_HANDLE(TextureCube)
  __HLSL_TEX_SAMPLE_CUBE(float3, float3)
  __HLSL_TEX_GATHER_CUBE(float3)
  __HLSL_DIMS_MIP_2(width, height)
};
#endif
#if __HLSL_USED(TextureCubeArray)
template <typename T = float4> struct TextureCubeArray {
  __HLSL_SRV_HANDLE(TextureCubeArray)
  __HLSL_TEX_SAMPLE_CUBE(float4, float3)
  __HLSL_TEX_GATHER_CUBE(float4)
  __HLSL_DIMS_MIP_3(width, height, elements)
};
#endif
// An integer vector with a matrix operand (`uint4 + uint4x1`) crashes Clang
// 22; after such a crash the import rewrites the operands to
// `__hlsl_as_vector(x)` (SourceRewritesCrashes.cpp): a matrix becomes the
// vector of its elements, row by row, as DXC reads it there.
template <typename T, int R, int C>
vector<T, R * C> __hlsl_as_vector(matrix<T, R, C> m) {
  return (vector<T, R * C>)m;
}
template <typename T> T __hlsl_as_vector(T x) { return x; }
// DXC's result of such an operator has the left operand's shape: a matrix
// on the left makes it a matrix of the same dimensions
// (`__hlsl_shape_of<__decltype(__hlsl_decay(a))>::of(...)`; the decay
// drops references and address spaces).
template <typename T> T __hlsl_decay(T x);
template <typename L> struct __hlsl_shape_of {
  template <typename E> static E of(E v) { return v; }
};
template <typename T, int R, int C> struct __hlsl_shape_of<matrix<T, R, C>> {
  template <typename E> static matrix<E, R, C> of(vector<E, R * C> v) {
    return (matrix<E, R, C>)v;
  }
};
// `t.mips[level][pos]` (a source rewrite) is `t.Load(__hlsl_mips_coord(pos,
// level))`: the location with the mip level appended.
template <typename E, int N>
vector<int, N + 1> __hlsl_mips_coord(vector<E, N> pos, uint level) {
  return vector<int, N + 1>(pos, level);
}
template <typename E> int2 __hlsl_mips_coord(E pos, uint level) {
  return int2(pos, level);
}
// Multisampled textures: the sample count template argument is informational
// (0 = unknown), as in DXC.
#if __HLSL_USED(Texture2DMS)
template <typename T = float4, int SampleCount = 0> struct Texture2DMS {
  __HLSL_SRV_HANDLE(Texture2DMS)
  __HLSL_INTRINSIC T Load(int2 location, int sampleIndex);
  __HLSL_INTRINSIC T Load(int2 location, int sampleIndex, int2 offset);
  __HLSL_INTRINSIC T Load(int2 location, int sampleIndex, int2 offset,
                          out uint status);
  __HLSL_INTRINSIC float2 GetSamplePosition(int sampleIndex);
  __HLSL_TEX_SUBSCRIPT(uint2)
  __HLSL_DIMS_3(width, height, samples)
};
#endif
#if __HLSL_USED(Texture2DMSArray)
template <typename T = float4, int SampleCount = 0> struct Texture2DMSArray {
  __HLSL_SRV_HANDLE(Texture2DMSArray)
  __HLSL_INTRINSIC T Load(int3 location, int sampleIndex);
  __HLSL_INTRINSIC T Load(int3 location, int sampleIndex, int2 offset);
  __HLSL_INTRINSIC T Load(int3 location, int sampleIndex, int2 offset,
                          out uint status);
  __HLSL_INTRINSIC float2 GetSamplePosition(int sampleIndex);
  __HLSL_TEX_SUBSCRIPT(uint3)
  __HLSL_DIMS_4(width, height, elements, samples)
};
#endif

// Writable multisampled textures (shader model 6.7): element access reads
// and writes sample 0, `t.sample[s][pos]` (a source rewrite) is
// `t.__hlsl_sample_ref(pos, s)`, the element of one sample as an lvalue.
#if __HLSL_USED(RWTexture2DMS)
template <typename T, int SampleCount = 0> struct RWTexture2DMS {
  __HLSL_UAV_HANDLE(RWTexture2DMS)
  __HLSL_INTRINSIC T Load(int2 location, int sampleIndex);
  __HLSL_INTRINSIC T Load(int2 location, int sampleIndex, out uint status);
  __HLSL_INTRINSIC float2 GetSamplePosition(int sampleIndex);
  __HLSL_INTRINSIC __decltype((__lvalue_of<T>::value)) operator[](uint2 pos);
  __HLSL_INTRINSIC __decltype((__lvalue_of<T>::value))
  __hlsl_sample_ref(uint2 pos, uint sampleIndex);
  __HLSL_DIMS_3(width, height, samples)
};
#endif
#if __HLSL_USED(RWTexture2DMSArray)
template <typename T, int SampleCount = 0> struct RWTexture2DMSArray {
  __HLSL_UAV_HANDLE(RWTexture2DMSArray)
  __HLSL_INTRINSIC T Load(int3 location, int sampleIndex);
  __HLSL_INTRINSIC T Load(int3 location, int sampleIndex, out uint status);
  __HLSL_INTRINSIC float2 GetSamplePosition(int sampleIndex);
  __HLSL_INTRINSIC __decltype((__lvalue_of<T>::value)) operator[](uint3 pos);
  __HLSL_INTRINSIC __decltype((__lvalue_of<T>::value))
  __hlsl_sample_ref(uint3 pos, uint sampleIndex);
  __HLSL_DIMS_4(width, height, elements, samples)
};
#endif

// The members of the RW textures of each dimension (RWTexture* and
// RasterizerOrderedTexture* differ only in their handle).
#define __HLSL_RWTEX_MEMBERS_1D                                                \
  __HLSL_RWTEX_ACCESS(uint, int)                                               \
  __HLSL_DIMS_1(width)
#define __HLSL_RWTEX_MEMBERS_1DARRAY                                           \
  __HLSL_RWTEX_ACCESS(uint2, int2)                                             \
  __HLSL_DIMS_2(width, elements)
#define __HLSL_RWTEX_MEMBERS_2D                                                \
  __HLSL_RWTEX_ACCESS(uint2, int2)                                             \
  __HLSL_DIMS_2(width, height)
#define __HLSL_RWTEX_MEMBERS_2DARRAY                                           \
  __HLSL_RWTEX_ACCESS(uint3, int3)                                             \
  __HLSL_DIMS_3(width, height, elements)
#define __HLSL_RWTEX_MEMBERS_3D                                                \
  __HLSL_RWTEX_ACCESS(uint3, int3)                                             \
  __HLSL_DIMS_3(width, height, depth)

// Rasterizer-ordered textures: RW textures whose accesses are ordered
// between overlapping pixel shader invocations.
#define __HLSL_ROV_HANDLE(NAME)                                                \
  __hlsl_resource_t [[hlsl::resource_class(                                    \
      UAV)]] [[hlsl::is_rov]] [[hlsl::contained_type(T)]] __handle;            \
  NAME();
#if __HLSL_USED(RasterizerOrderedTexture1D)
template <typename T = float4> struct RasterizerOrderedTexture1D {
  __HLSL_ROV_HANDLE(RasterizerOrderedTexture1D)
  __HLSL_RWTEX_MEMBERS_1D
};
#endif
#if __HLSL_USED(RasterizerOrderedTexture1DArray)
template <typename T = float4> struct RasterizerOrderedTexture1DArray {
  __HLSL_ROV_HANDLE(RasterizerOrderedTexture1DArray)
  __HLSL_RWTEX_MEMBERS_1DARRAY
};
#endif
#if __HLSL_USED(RasterizerOrderedTexture2D)
template <typename T = float4> struct RasterizerOrderedTexture2D {
  __HLSL_ROV_HANDLE(RasterizerOrderedTexture2D)
  __HLSL_RWTEX_MEMBERS_2D
};
#endif
#if __HLSL_USED(RasterizerOrderedTexture2DArray)
template <typename T = float4> struct RasterizerOrderedTexture2DArray {
  __HLSL_ROV_HANDLE(RasterizerOrderedTexture2DArray)
  __HLSL_RWTEX_MEMBERS_2DARRAY
};
#endif
#if __HLSL_USED(RasterizerOrderedTexture3D)
template <typename T = float4> struct RasterizerOrderedTexture3D {
  __HLSL_ROV_HANDLE(RasterizerOrderedTexture3D)
  __HLSL_RWTEX_MEMBERS_3D
};
#endif

#if __HLSL_USED(RWTexture1D)
template <typename T = float4> struct RWTexture1D {
  __HLSL_UAV_HANDLE(RWTexture1D)
  __HLSL_RWTEX_MEMBERS_1D
};
#endif
#if __HLSL_USED(RWTexture1DArray)
template <typename T = float4> struct RWTexture1DArray {
  __HLSL_UAV_HANDLE(RWTexture1DArray)
  __HLSL_RWTEX_MEMBERS_1DARRAY
};
#endif
#if __HLSL_USED(RWTexture2D)
template <typename T = float4> struct RWTexture2D {
  __HLSL_UAV_HANDLE(RWTexture2D)
  __HLSL_RWTEX_MEMBERS_2D
};
#endif
#if __HLSL_USED(RWTexture2DArray)
template <typename T = float4> struct RWTexture2DArray {
  __HLSL_UAV_HANDLE(RWTexture2DArray)
  __HLSL_RWTEX_MEMBERS_2DARRAY
};
#endif
#if __HLSL_USED(RWTexture3D)
template <typename T = float4> struct RWTexture3D {
  __HLSL_UAV_HANDLE(RWTexture3D)
  __HLSL_RWTEX_MEMBERS_3D
};
#endif

// Sampler feedback maps (shader model 6.5): the template argument is the
// feedback kind, one of two empty structs (DXC's spelling); the methods
// record what sampling `t` at `location` would touch.
#if __HLSL_USED(FeedbackTexture2D) || __HLSL_USED(FeedbackTexture2DArray)
struct SAMPLER_FEEDBACK_MIN_MIP {};
struct SAMPLER_FEEDBACK_MIP_REGION_USED {};
#define __HLSL_FEEDBACK_METHODS(TEX, C)                                        \
  template <typename E>                                                        \
  __HLSL_INTRINSIC void WriteSamplerFeedback(TEX<E> t, SamplerState s,         \
                                             C location);                      \
  template <typename E>                                                        \
  __HLSL_INTRINSIC void WriteSamplerFeedback(TEX<E> t, SamplerState s,         \
                                             C location, float clampLod);      \
  template <typename E>                                                        \
  __HLSL_INTRINSIC void WriteSamplerFeedbackBias(TEX<E> t, SamplerState s,     \
                                                 C location, float bias);      \
  template <typename E>                                                        \
  __HLSL_INTRINSIC void WriteSamplerFeedbackBias(                              \
      TEX<E> t, SamplerState s, C location, float bias, float clampLod);       \
  template <typename E>                                                        \
  __HLSL_INTRINSIC void WriteSamplerFeedbackGrad(                              \
      TEX<E> t, SamplerState s, C location, float2 ddx, float2 ddy);           \
  template <typename E>                                                        \
  __HLSL_INTRINSIC void WriteSamplerFeedbackGrad(TEX<E> t, SamplerState s,     \
                                                 C location, float2 ddx,       \
                                                 float2 ddy, float clampLod);  \
  template <typename E>                                                        \
  __HLSL_INTRINSIC void WriteSamplerFeedbackLevel(TEX<E> t, SamplerState s,    \
                                                  C location, float lod);
#if __HLSL_USED(FeedbackTexture2D)
template <typename T> struct FeedbackTexture2D {
  __HLSL_UAV_HANDLE(FeedbackTexture2D)
  __HLSL_FEEDBACK_METHODS(Texture2D, float2)
};
#endif
#if __HLSL_USED(FeedbackTexture2DArray)
template <typename T> struct FeedbackTexture2DArray {
  __HLSL_UAV_HANDLE(FeedbackTexture2DArray)
  __HLSL_FEEDBACK_METHODS(Texture2DArray, float3)
};
#endif
#endif

// Ray-tracing flags and states. DXC declares enums; these are constants of
// typedefs of uint because Clang 22 crashes comparing a uint with an enum of
// underlying type uint (`q.CandidateType() == CANDIDATE_NON_OPAQUE_TRIANGLE`).
// TraceRay's stages are not supported yet, inline ray tracing is.
#if __HLSL_USED(RayQuery) || __HLSL_USED(RAY_FLAG) ||                          \
    __HLSL_USED(RAY_FLAG_NONE) || __HLSL_USED(RAY_FLAG_FORCE_OPAQUE) ||        \
    __HLSL_USED(RAY_FLAG_FORCE_NON_OPAQUE) ||                                  \
    __HLSL_USED(RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH) ||                   \
    __HLSL_USED(RAY_FLAG_SKIP_CLOSEST_HIT_SHADER) ||                           \
    __HLSL_USED(RAY_FLAG_CULL_BACK_FACING_TRIANGLES) ||                        \
    __HLSL_USED(RAY_FLAG_CULL_FRONT_FACING_TRIANGLES) ||                       \
    __HLSL_USED(RAY_FLAG_CULL_OPAQUE) ||                                       \
    __HLSL_USED(RAY_FLAG_CULL_NON_OPAQUE) ||                                   \
    __HLSL_USED(RAY_FLAG_SKIP_TRIANGLES) ||                                    \
    __HLSL_USED(RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES) ||                        \
    __HLSL_USED(RAY_FLAG_FORCE_OMM_2_STATE) || __HLSL_USED(RAYQUERY_FLAG) ||   \
    __HLSL_USED(RAYQUERY_FLAG_NONE) ||                                         \
    __HLSL_USED(RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS) ||                      \
    __HLSL_USED(COMMITTED_STATUS) || __HLSL_USED(COMMITTED_NOTHING) ||         \
    __HLSL_USED(COMMITTED_TRIANGLE_HIT) ||                                     \
    __HLSL_USED(COMMITTED_PROCEDURAL_PRIMITIVE_HIT) ||                         \
    __HLSL_USED(CANDIDATE_TYPE) ||                                             \
    __HLSL_USED(CANDIDATE_NON_OPAQUE_TRIANGLE) ||                              \
    __HLSL_USED(CANDIDATE_PROCEDURAL_PRIMITIVE) ||                             \
    __HLSL_USED(HIT_KIND_TRIANGLE_FRONT_FACE) ||                               \
    __HLSL_USED(HIT_KIND_TRIANGLE_BACK_FACE)
typedef uint RAY_FLAG;
static const RAY_FLAG RAY_FLAG_NONE = 0x00;
static const RAY_FLAG RAY_FLAG_FORCE_OPAQUE = 0x01;
static const RAY_FLAG RAY_FLAG_FORCE_NON_OPAQUE = 0x02;
static const RAY_FLAG RAY_FLAG_ACCEPT_FIRST_HIT_AND_END_SEARCH = 0x04;
static const RAY_FLAG RAY_FLAG_SKIP_CLOSEST_HIT_SHADER = 0x08;
static const RAY_FLAG RAY_FLAG_CULL_BACK_FACING_TRIANGLES = 0x10;
static const RAY_FLAG RAY_FLAG_CULL_FRONT_FACING_TRIANGLES = 0x20;
static const RAY_FLAG RAY_FLAG_CULL_OPAQUE = 0x40;
static const RAY_FLAG RAY_FLAG_CULL_NON_OPAQUE = 0x80;
static const RAY_FLAG RAY_FLAG_SKIP_TRIANGLES = 0x100;
static const RAY_FLAG RAY_FLAG_SKIP_PROCEDURAL_PRIMITIVES = 0x200;
static const RAY_FLAG RAY_FLAG_FORCE_OMM_2_STATE = 0x400;
typedef uint RAYQUERY_FLAG;
static const RAYQUERY_FLAG RAYQUERY_FLAG_NONE = 0x00;
static const RAYQUERY_FLAG RAYQUERY_FLAG_ALLOW_OPACITY_MICROMAPS = 0x01;
typedef uint COMMITTED_STATUS;
static const COMMITTED_STATUS COMMITTED_NOTHING = 0;
static const COMMITTED_STATUS COMMITTED_TRIANGLE_HIT = 1;
static const COMMITTED_STATUS COMMITTED_PROCEDURAL_PRIMITIVE_HIT = 2;
typedef uint CANDIDATE_TYPE;
static const CANDIDATE_TYPE CANDIDATE_NON_OPAQUE_TRIANGLE = 0;
static const CANDIDATE_TYPE CANDIDATE_PROCEDURAL_PRIMITIVE = 1;
static const uint HIT_KIND_TRIANGLE_FRONT_FACE = 0xFE;
static const uint HIT_KIND_TRIANGLE_BACK_FACE = 0xFF;
#endif

#if __HLSL_USED(RayQuery) || __HLSL_USED(RaytracingAccelerationStructure) ||   \
    __HLSL_USED(RayDesc) || __HLSL_USED(TraceRay)
struct RaytracingAccelerationStructure {
  __hlsl_resource_t [[hlsl::resource_class(SRV)]] __handle;
  RaytracingAccelerationStructure();
};
struct RayDesc {
  float3 Origin;
  float TMin;
  float3 Direction;
  float TMax;
};
#endif

// The intrinsics of the stages not supported yet (ray tracing, mesh and
// amplification, hull), declared so that a file holding such entry points
// next to a supported one compiles; a call says what is not supported.
#define __HLSL_UNSUPPORTED(WHAT)                                               \
  __attribute__((annotate("hlsl.unsupported:" WHAT)))
#define __HLSL_RT __HLSL_UNSUPPORTED("ray tracing shaders")
__HLSL_WHEN(TraceRay,
            template <typename P> __HLSL_RT void TraceRay(
                RaytracingAccelerationStructure as, uint rayFlags,
                uint instanceInclusionMask, uint rayContributionToHitGroupIndex,
                uint multiplierForGeometryContributionToHitGroupIndex,
                uint missShaderIndex, RayDesc ray, inout P payload);)
__HLSL_WHEN(ReportHit,
            template <typename A>
            __HLSL_RT bool ReportHit(float tHit, uint hitKind, A attributes);)
__HLSL_WHEN(CallShader,
            template <typename P>
            __HLSL_RT void CallShader(uint shaderIndex, inout P parameter);)
__HLSL_WHEN(IgnoreHit, __HLSL_RT void IgnoreHit();)
__HLSL_WHEN(AcceptHitAndEndSearch, __HLSL_RT void AcceptHitAndEndSearch();)
#define __HLSL_RT_VALUE(T, N) __HLSL_WHEN(N, __HLSL_RT T N();)
__HLSL_RT_VALUE(uint3, DispatchRaysIndex)
__HLSL_RT_VALUE(uint3, DispatchRaysDimensions)
__HLSL_RT_VALUE(float3, WorldRayOrigin)
__HLSL_RT_VALUE(float3, WorldRayDirection)
__HLSL_RT_VALUE(float3, ObjectRayOrigin)
__HLSL_RT_VALUE(float3, ObjectRayDirection)
__HLSL_RT_VALUE(float, RayTMin)
__HLSL_RT_VALUE(float, RayTCurrent)
__HLSL_RT_VALUE(uint, PrimitiveIndex)
__HLSL_RT_VALUE(uint, InstanceID)
__HLSL_RT_VALUE(uint, InstanceIndex)
__HLSL_RT_VALUE(uint, GeometryIndex)
__HLSL_RT_VALUE(uint, HitKind)
__HLSL_RT_VALUE(uint, RayFlags)
__HLSL_RT_VALUE(float3x4, ObjectToWorld)
__HLSL_RT_VALUE(float3x4, ObjectToWorld3x4)
__HLSL_RT_VALUE(float4x3, ObjectToWorld4x3)
__HLSL_RT_VALUE(float3x4, WorldToObject)
__HLSL_RT_VALUE(float3x4, WorldToObject3x4)
__HLSL_RT_VALUE(float4x3, WorldToObject4x3)
__HLSL_RT_VALUE(uint, GetRemainingRecursionLevels)
#define __HLSL_MESH __HLSL_UNSUPPORTED("mesh and amplification shaders")
__HLSL_WHEN(SetMeshOutputCounts,
            __HLSL_MESH void SetMeshOutputCounts(uint vertexCount,
                                                 uint primitiveCount);)
__HLSL_WHEN(DispatchMesh, template <typename P> __HLSL_MESH void DispatchMesh(
                              uint threadGroupCountX, uint threadGroupCountY,
                              uint threadGroupCountZ, P meshPayload);)
#define __HLSL_HULL __HLSL_UNSUPPORTED("hull shaders")
#define __HLSL_TESS_FACTORS(N, EDGE, INSIDE, ROUNDED_INSIDE)                   \
  __HLSL_WHEN(                                                                 \
      N, __HLSL_HULL void N(EDGE rawEdgeFactors, INSIDE insideScale,           \
                            out EDGE roundedEdgeTessFactors,                   \
                            out ROUNDED_INSIDE roundedInsideTessFactors,       \
                            out ROUNDED_INSIDE unroundedInsideTessFactors);)
__HLSL_TESS_FACTORS(Process2DQuadTessFactorsAvg, float4, float2, float2)
__HLSL_TESS_FACTORS(Process2DQuadTessFactorsMax, float4, float2, float2)
__HLSL_TESS_FACTORS(Process2DQuadTessFactorsMin, float4, float2, float2)
__HLSL_TESS_FACTORS(ProcessQuadTessFactorsAvg, float4, float, float2)
__HLSL_TESS_FACTORS(ProcessQuadTessFactorsMax, float4, float, float2)
__HLSL_TESS_FACTORS(ProcessQuadTessFactorsMin, float4, float, float2)
__HLSL_TESS_FACTORS(ProcessTriTessFactorsAvg, float3, float, float)
__HLSL_TESS_FACTORS(ProcessTriTessFactorsMax, float3, float, float)
__HLSL_TESS_FACTORS(ProcessTriTessFactorsMin, float3, float, float)
__HLSL_WHEN(ProcessIsolineTessFactors,
            __HLSL_HULL void ProcessIsolineTessFactors(
                float rawDetailFactor, float rawDensityFactor,
                out float roundedDetailFactor, out float roundedDensityFactor);)
#define __HLSL_SM610 __HLSL_UNSUPPORTED("shader model 6.10")
__HLSL_WHEN(GetGroupWaveIndex, __HLSL_SM610 uint GetGroupWaveIndex();)
__HLSL_WHEN(GetGroupWaveCount, __HLSL_SM610 uint GetGroupWaveCount();)
__HLSL_WHEN(DebugBreak, __HLSL_SM610 void DebugBreak();)

// Inline ray tracing (shader model 6.5). A RayQuery is the handle DXIL's
// AllocateRayQuery returns, allocated where the object is declared; copies
// share the query, as in DXC. Each method is one DXIL RayQuery operation
// (RayQueryLowering.cpp), named `RayQuery_<method>`.
#if __HLSL_USED(RayQuery)
__HLSL_INTRINSIC uint __hlsl_RayQuery_Allocate(uint constRayFlags,
                                               uint rayQueryFlags);
__HLSL_INTRINSIC void
__hlsl_RayQuery_TraceRayInline(uint q, RaytracingAccelerationStructure as,
                               uint rayFlags, uint instanceInclusionMask,
                               float3 origin, float tMin, float3 direction,
                               float tMax);
__HLSL_INTRINSIC bool __hlsl_RayQuery_Proceed(uint q);
__HLSL_INTRINSIC void __hlsl_RayQuery_Abort(uint q);
__HLSL_INTRINSIC void __hlsl_RayQuery_CommitNonOpaqueTriangleHit(uint q);
__HLSL_INTRINSIC void __hlsl_RayQuery_CommitProceduralPrimitiveHit(uint q,
                                                                   float t);
#define __HLSL_RAYQUERY_STATE(TYPE, NAME)                                      \
  __HLSL_INTRINSIC TYPE __hlsl_RayQuery_##NAME(uint q);
#define __HLSL_RAYQUERY_METHOD(TYPE, NAME)                                     \
  TYPE NAME() { return __hlsl_RayQuery_##NAME(__handle); }
#define __HLSL_RAYQUERY_STATES(X)                                              \
  X(uint, CommittedStatus)                                                     \
  X(uint, CandidateType)                                                       \
  X(float3x4, CandidateObjectToWorld3x4)                                       \
  X(float4x3, CandidateObjectToWorld4x3)                                       \
  X(float3x4, CandidateWorldToObject3x4)                                       \
  X(float4x3, CandidateWorldToObject4x3)                                       \
  X(float3x4, CommittedObjectToWorld3x4)                                       \
  X(float4x3, CommittedObjectToWorld4x3)                                       \
  X(float3x4, CommittedWorldToObject3x4)                                       \
  X(float4x3, CommittedWorldToObject4x3)                                       \
  X(bool, CandidateProceduralPrimitiveNonOpaque)                               \
  X(bool, CandidateTriangleFrontFace)                                          \
  X(bool, CommittedTriangleFrontFace)                                          \
  X(float2, CandidateTriangleBarycentrics)                                     \
  X(float2, CommittedTriangleBarycentrics)                                     \
  X(uint, RayFlags)                                                            \
  X(float3, WorldRayOrigin)                                                    \
  X(float3, WorldRayDirection)                                                 \
  X(float, RayTMin)                                                            \
  X(float, CandidateTriangleRayT)                                              \
  X(float, CommittedRayT)                                                      \
  X(uint, CandidateInstanceIndex)                                              \
  X(uint, CandidateInstanceID)                                                 \
  X(uint, CandidateGeometryIndex)                                              \
  X(uint, CandidatePrimitiveIndex)                                             \
  X(float3, CandidateObjectRayOrigin)                                          \
  X(float3, CandidateObjectRayDirection)                                       \
  X(uint, CommittedInstanceIndex)                                              \
  X(uint, CommittedInstanceID)                                                 \
  X(uint, CommittedGeometryIndex)                                              \
  X(uint, CommittedPrimitiveIndex)                                             \
  X(float3, CommittedObjectRayOrigin)                                          \
  X(float3, CommittedObjectRayDirection)                                       \
  X(uint, CandidateInstanceContributionToHitGroupIndex)                        \
  X(uint, CommittedInstanceContributionToHitGroupIndex)
__HLSL_RAYQUERY_STATES(__HLSL_RAYQUERY_STATE)
template <uint ConstRayFlags, uint RayQueryFlags = 0> struct RayQuery {
  uint __handle = __hlsl_RayQuery_Allocate(ConstRayFlags, RayQueryFlags);
  void TraceRayInline(RaytracingAccelerationStructure AccelerationStructure,
                      uint RayFlags, uint InstanceInclusionMask, RayDesc Ray) {
    __hlsl_RayQuery_TraceRayInline(__handle, AccelerationStructure, RayFlags,
                                   InstanceInclusionMask, Ray.Origin, Ray.TMin,
                                   Ray.Direction, Ray.TMax);
  }
  bool Proceed() { return __hlsl_RayQuery_Proceed(__handle); }
  void Abort() { __hlsl_RayQuery_Abort(__handle); }
  void CommitNonOpaqueTriangleHit() {
    __hlsl_RayQuery_CommitNonOpaqueTriangleHit(__handle);
  }
  void CommitProceduralPrimitiveHit(float t) {
    __hlsl_RayQuery_CommitProceduralPrimitiveHit(__handle, t);
  }
  __HLSL_RAYQUERY_STATES(__HLSL_RAYQUERY_METHOD)
};
#endif

// ConstantBuffer<T> derives from T so that `CB.F` is ordinary member access:
// Clang builds MemberExpr(.F) over an ImplicitCastExpr<UncheckedDerivedToBase>
// of the DeclRefExpr to CB. The CBuffer-class handle makes Clang treat CB as
// a resource (register(b#) binding, not placed in $Globals). The importer must
// therefore read a ConstantBuffer's fields from the bound buffer, with T's
// cbuffer layout; the derived object has no other data.
template <typename T> struct ConstantBuffer : T {
  __hlsl_resource_t [[hlsl::resource_class(CBuffer)]]
  [[hlsl::contained_type(T)]] __handle;
};
// TextureBuffer<T> likewise, a tbuffer (SRV).
#if __HLSL_USED(TextureBuffer)
template <typename T> struct TextureBuffer : T {
  __hlsl_resource_t
      [[hlsl::resource_class(SRV)]] [[hlsl::contained_type(T)]] __handle;
};
#endif

namespace ext {
// Clang 22's ByteAddressBuffer classes are `final` and only have
// GetDimensions, so we replace them (see the macros at the end of the file).
// The handle mirrors Clang's: a raw buffer of bytes.
#define __HLSL_BAB_LOADS                                                       \
  __HLSL_INTRINSIC uint Load(uint address);                                    \
  __HLSL_INTRINSIC uint Load(uint address, out uint status);                   \
  __HLSL_INTRINSIC uint2 Load2(uint address);                                  \
  __HLSL_INTRINSIC uint2 Load2(uint address, out uint status);                 \
  __HLSL_INTRINSIC uint3 Load3(uint address);                                  \
  __HLSL_INTRINSIC uint3 Load3(uint address, out uint status);                 \
  __HLSL_INTRINSIC uint4 Load4(uint address);                                  \
  __HLSL_INTRINSIC uint4 Load4(uint address, out uint status);                 \
  template <typename T> __HLSL_INTRINSIC T Load(uint address);                 \
  template <typename T> __HLSL_INTRINSIC T Load(uint address, out uint status);\
  __HLSL_INTRINSIC void GetDimensions(out uint dim);
// DXC's byte-address atomics: 32-bit (`uint value`, except Min/Max, whose
// value's type is any integer and gives the signedness) and the *64 forms.
// (`original` is a template parameter: Clang 22 converts no argument for
// an out parameter of a method.)
#define __HLSL_BAB_RMW(N)                                                      \
  __HLSL_INTRINSIC void N(uint dest, uint value);                              \
  template <typename O>                                                        \
  __HLSL_INTRINSIC void N(uint dest, uint value, out O original);
#define __HLSL_BAB_MINMAX(N)                                                   \
  template <typename V> __HLSL_INTRINSIC void N(uint dest, V value);           \
  template <typename V, typename O>                                            \
  __HLSL_INTRINSIC void N(uint dest, V value, out O original);
#define __HLSL_BAB_RMW64(N)                                                    \
  __HLSL_INTRINSIC void N(uint dest, uint64_t value);                          \
  template <typename O>                                                        \
  __HLSL_INTRINSIC void N(uint dest, uint64_t value, out O original);
#define __HLSL_BAB_MINMAX64(N)                                                 \
  template <typename V> __HLSL_INTRINSIC void N(uint dest, V value);           \
  template <typename V, typename O>                                            \
  __HLSL_INTRINSIC void N(uint dest, V value, out O original);
#define __HLSL_BAB_STORES                                                      \
  __HLSL_INTRINSIC void Store(uint address, uint value);                       \
  __HLSL_INTRINSIC void Store2(uint address, uint2 value);                     \
  __HLSL_INTRINSIC void Store3(uint address, uint3 value);                     \
  __HLSL_INTRINSIC void Store4(uint address, uint4 value);                     \
  template <typename T> __HLSL_INTRINSIC void Store(uint address, T value);    \
  __HLSL_BAB_RMW(InterlockedAdd)                                               \
  __HLSL_BAB_MINMAX(InterlockedMin) __HLSL_BAB_MINMAX(InterlockedMax)          \
      __HLSL_BAB_RMW(InterlockedAnd) __HLSL_BAB_RMW(InterlockedOr)             \
          __HLSL_BAB_RMW(InterlockedXor) template <typename O>                 \
          __HLSL_INTRINSIC void InterlockedExchange(uint dest, uint value,     \
                                                    out O original);           \
  template <typename O>                                                        \
  __HLSL_INTRINSIC void InterlockedCompareExchange(                            \
      uint dest, uint compare, uint value, out O original);                    \
  __HLSL_INTRINSIC void InterlockedCompareStore(uint dest, uint compare,       \
                                                uint value);                   \
  __HLSL_BAB_RMW64(InterlockedAdd64)                                           \
  __HLSL_BAB_MINMAX64(InterlockedMin64) __HLSL_BAB_MINMAX64(InterlockedMax64)  \
      __HLSL_BAB_RMW64(InterlockedAnd64) __HLSL_BAB_RMW64(InterlockedOr64)     \
          __HLSL_BAB_RMW64(InterlockedXor64) template <typename V, typename O> \
          __HLSL_INTRINSIC void InterlockedExchange64(uint dest, V value,      \
                                                      out O original);         \
  template <typename O>                                                        \
  __HLSL_INTRINSIC void InterlockedCompareExchange64(                          \
      uint dest, uint64_t compare, uint64_t value, out O original);            \
  __HLSL_INTRINSIC void InterlockedCompareStore64(uint dest, uint64_t compare, \
                                                  uint64_t value);             \
  __HLSL_INTRINSIC void InterlockedExchangeFloat(uint dest, float value,       \
                                                 out float original);          \
  __HLSL_INTRINSIC void InterlockedCompareStoreFloatBitwise(                   \
      uint dest, float compare, float value);                                  \
  __HLSL_INTRINSIC void InterlockedCompareExchangeFloatBitwise(                \
      uint dest, float compare, float value, out float original);

#if __HLSL_USED(ByteAddressBuffer)
struct ByteAddressBuffer {
  __hlsl_resource_t [[hlsl::resource_class(SRV)]] [[hlsl::raw_buffer]]
  [[hlsl::contained_type(unsigned char)]] __handle;
  ByteAddressBuffer();
  __HLSL_BAB_LOADS
};
#endif
#if __HLSL_USED(RWByteAddressBuffer)
struct RWByteAddressBuffer {
  __hlsl_resource_t [[hlsl::resource_class(UAV)]] [[hlsl::raw_buffer]]
  [[hlsl::contained_type(unsigned char)]] __handle;
  RWByteAddressBuffer();
  __HLSL_BAB_LOADS
  __HLSL_BAB_STORES
};
#endif
#if __HLSL_USED(RasterizerOrderedByteAddressBuffer)
struct RasterizerOrderedByteAddressBuffer {
  __hlsl_resource_t [[hlsl::resource_class(UAV)]] [[hlsl::is_rov]]
  [[hlsl::raw_buffer]] [[hlsl::contained_type(unsigned char)]] __handle;
  RasterizerOrderedByteAddressBuffer();
  __HLSL_BAB_LOADS
  __HLSL_BAB_STORES
};
#endif
} // namespace ext

// SM 6.6 dynamic resources: `ResourceDescriptorHeap[i]` is a descriptor that
// becomes the resource type it initializes or is assigned to (and
// `SamplerDescriptorHeap[i]` a sampler). The importer takes the conversion
// as the heap descriptor's handle (hlsl.heap_handle).
#if __HLSL_USED(ResourceDescriptorHeap) || __HLSL_USED(SamplerDescriptorHeap)
struct __hlsl_heap_descriptor {
  uint __index;
  template <typename T> operator T() const;
};
struct __hlsl_sampler_heap_descriptor {
  uint __index;
  template <typename T> operator T() const;
};
// (The importer makes the descriptor of the index.)
struct __hlsl_resource_descriptor_heap {
  __hlsl_heap_descriptor operator[](uint index) const;
};
struct __hlsl_sampler_descriptor_heap {
  __hlsl_sampler_heap_descriptor operator[](uint index) const;
};
static const __hlsl_resource_descriptor_heap ResourceDescriptorHeap;
static const __hlsl_sampler_descriptor_heap SamplerDescriptorHeap;
#endif

// Clang 22 completes its buffer class templates on first use. When
// specializations of one are first named as template arguments
// (`static Bindless<StructuredBuffer<A> > a;` and one of B) and then used,
// it instantiates their members twice ("multiple overloads of
// 'StructuredBuffer' instantiate to the same signature 'void ()'").
// Completing each template the shader names before its code avoids that.
#define __HLSL_COMPLETE(N, T)                                                  \
  __HLSL_WHEN(N, inline void __hlsl_complete_##N(N<T>){})
__HLSL_COMPLETE(Buffer, float)
__HLSL_COMPLETE(RWBuffer, float)
__HLSL_COMPLETE(RasterizerOrderedBuffer, float)
__HLSL_COMPLETE(StructuredBuffer, float)
__HLSL_COMPLETE(RWStructuredBuffer, float)
__HLSL_COMPLETE(RasterizerOrderedStructuredBuffer, float)
__HLSL_COMPLETE(AppendStructuredBuffer, float)
__HLSL_COMPLETE(ConsumeStructuredBuffer, float)
#undef __HLSL_COMPLETE

// HLSL allows `Texture2D t;` meaning `Texture2D<float4>`, but Clang 22 does
// not accept a class template without an argument list, even when every
// parameter has a default. Inside a class, however, the injected-class-name of
// a base class template works both with and without arguments. So this class
// inherits every defaulted texture template, and the macros below redirect the
// user-visible names to `hlsl::__default_template_args::Name`, which resolves
// to `hlsl::Name<float4>` when used bare and to the template otherwise. The
// canonical type is always the plain `hlsl::Texture2D<...>` specialization;
// only the type sugar mentions this class. (Clang's own Buffer/RWBuffer are
// `final`, so `Buffer b;` without arguments cannot be supported this way.)
// Only the textures the shader uses are bases (each base instantiates every
// member declaration of its texture); the last base ends the list.
struct __default_template_args_end {};
#define __HLSL_DEFAULT_BASE(N) __HLSL_WHEN(N, N<float4>, )
struct __default_template_args
    : __HLSL_DEFAULT_BASE(Texture1D) __HLSL_DEFAULT_BASE(Texture1DArray)
          __HLSL_DEFAULT_BASE(Texture2D) __HLSL_DEFAULT_BASE(Texture2DArray)
              __HLSL_DEFAULT_BASE(Texture3D) __HLSL_DEFAULT_BASE(TextureCube)
                  __HLSL_DEFAULT_BASE(TextureCubeArray)
                      __HLSL_DEFAULT_BASE(Texture2DMS)
                          __HLSL_DEFAULT_BASE(Texture2DMSArray)
                              __HLSL_DEFAULT_BASE(RWTexture1D)
                                  __HLSL_DEFAULT_BASE(RWTexture1DArray)
                                      __HLSL_DEFAULT_BASE(RWTexture2D)
                                          __HLSL_DEFAULT_BASE(RWTexture2DArray)
                                              __HLSL_DEFAULT_BASE(RWTexture3D)
                                                  __default_template_args_end {
};

} // namespace hlsl

// Redirect the resource names (see __default_template_args and namespace ext
// above). Done last so the definitions above see the real names.
#define Texture1D hlsl::__default_template_args::Texture1D
#define Texture1DArray hlsl::__default_template_args::Texture1DArray
#define Texture2D hlsl::__default_template_args::Texture2D
#define Texture2DArray hlsl::__default_template_args::Texture2DArray
#define Texture3D hlsl::__default_template_args::Texture3D
#define TextureCube hlsl::__default_template_args::TextureCube
#define TextureCubeArray hlsl::__default_template_args::TextureCubeArray
#define Texture2DMS hlsl::__default_template_args::Texture2DMS
#define Texture2DMSArray hlsl::__default_template_args::Texture2DMSArray
#define RWTexture1D hlsl::__default_template_args::RWTexture1D
#define RWTexture1DArray hlsl::__default_template_args::RWTexture1DArray
#define RWTexture2D hlsl::__default_template_args::RWTexture2D
#define RWTexture2DArray hlsl::__default_template_args::RWTexture2DArray
#define RWTexture3D hlsl::__default_template_args::RWTexture3D
#define ByteAddressBuffer hlsl::ext::ByteAddressBuffer
#define RWByteAddressBuffer hlsl::ext::RWByteAddressBuffer
#define RasterizerOrderedByteAddressBuffer                                     \
  hlsl::ext::RasterizerOrderedByteAddressBuffer

// System values Clang 22 does not know yet ("unknown HLSL semantic") pass
// through it as user semantics with this prefix; the importer turns them
// back into the system values (HLSLGenModule.cpp). Common spellings only
// (as written in the docs, upper case, lower case): macros are
// case-sensitive, semantics are not; others get Clang's "unknown HLSL
// semantic".
#define SV_VertexID __hlsl_mlir_SV_VertexID
#define SV_VertexId __hlsl_mlir_SV_VertexID
#define SV_VERTEXID __hlsl_mlir_SV_VertexID
#define sv_vertexid __hlsl_mlir_SV_VertexID
#define SV_InstanceID __hlsl_mlir_SV_InstanceID
#define SV_InstanceId __hlsl_mlir_SV_InstanceID
#define SV_INSTANCEID __hlsl_mlir_SV_InstanceID
#define sv_instanceid __hlsl_mlir_SV_InstanceID
#define SV_PrimitiveID __hlsl_mlir_SV_PrimitiveID
#define SV_PrimitiveId __hlsl_mlir_SV_PrimitiveID
#define SV_PRIMITIVEID __hlsl_mlir_SV_PrimitiveID
#define sv_primitiveid __hlsl_mlir_SV_PrimitiveID
#define SV_SampleIndex __hlsl_mlir_SV_SampleIndex
#define SV_SAMPLEINDEX __hlsl_mlir_SV_SampleIndex
#define sv_sampleindex __hlsl_mlir_SV_SampleIndex
#define SV_IsFrontFace __hlsl_mlir_SV_IsFrontFace
#define SV_ISFRONTFACE __hlsl_mlir_SV_IsFrontFace
#define sv_isfrontface __hlsl_mlir_SV_IsFrontFace
#define SV_Depth __hlsl_mlir_SV_Depth
#define SV_DEPTH __hlsl_mlir_SV_Depth
#define sv_depth __hlsl_mlir_SV_Depth
#define SV_Coverage __hlsl_mlir_SV_Coverage
#define SV_COVERAGE __hlsl_mlir_SV_Coverage
#define sv_coverage __hlsl_mlir_SV_Coverage
#define SV_InnerCoverage __hlsl_mlir_SV_InnerCoverage
#define SV_INNERCOVERAGE __hlsl_mlir_SV_InnerCoverage
#define sv_innercoverage __hlsl_mlir_SV_InnerCoverage
#define SV_StencilRef __hlsl_mlir_SV_StencilRef
#define SV_STENCILREF __hlsl_mlir_SV_StencilRef
#define sv_stencilref __hlsl_mlir_SV_StencilRef
#define SV_DepthLessEqual __hlsl_mlir_SV_DepthLessEqual
#define SV_DEPTHLESSEQUAL __hlsl_mlir_SV_DepthLessEqual
#define sv_depthlessequal __hlsl_mlir_SV_DepthLessEqual
#define SV_DepthGreaterEqual __hlsl_mlir_SV_DepthGreaterEqual
#define SV_DEPTHGREATEREQUAL __hlsl_mlir_SV_DepthGreaterEqual
#define sv_depthgreaterequal __hlsl_mlir_SV_DepthGreaterEqual
#define SV_ViewID __hlsl_mlir_SV_ViewID
#define SV_VIEWID __hlsl_mlir_SV_ViewID
#define sv_viewid __hlsl_mlir_SV_ViewID
#define SV_ViewId __hlsl_mlir_SV_ViewID
#define SV_ClipDistance __hlsl_mlir_SV_ClipDistance
#define SV_CLIPDISTANCE __hlsl_mlir_SV_ClipDistance
#define sv_clipdistance __hlsl_mlir_SV_ClipDistance
#define SV_CullDistance __hlsl_mlir_SV_CullDistance
#define SV_CULLDISTANCE __hlsl_mlir_SV_CullDistance
#define sv_culldistance __hlsl_mlir_SV_CullDistance
// With an index (a clip or cull distance per component: 0 to 7).
#define SV_ClipDistance0 __hlsl_mlir_SV_ClipDistance0
#define SV_CLIPDISTANCE0 __hlsl_mlir_SV_ClipDistance0
#define sv_clipdistance0 __hlsl_mlir_SV_ClipDistance0
#define SV_ClipDistance1 __hlsl_mlir_SV_ClipDistance1
#define SV_CLIPDISTANCE1 __hlsl_mlir_SV_ClipDistance1
#define sv_clipdistance1 __hlsl_mlir_SV_ClipDistance1
#define SV_ClipDistance2 __hlsl_mlir_SV_ClipDistance2
#define SV_CLIPDISTANCE2 __hlsl_mlir_SV_ClipDistance2
#define sv_clipdistance2 __hlsl_mlir_SV_ClipDistance2
#define SV_ClipDistance3 __hlsl_mlir_SV_ClipDistance3
#define SV_CLIPDISTANCE3 __hlsl_mlir_SV_ClipDistance3
#define sv_clipdistance3 __hlsl_mlir_SV_ClipDistance3
#define SV_ClipDistance4 __hlsl_mlir_SV_ClipDistance4
#define SV_CLIPDISTANCE4 __hlsl_mlir_SV_ClipDistance4
#define sv_clipdistance4 __hlsl_mlir_SV_ClipDistance4
#define SV_ClipDistance5 __hlsl_mlir_SV_ClipDistance5
#define SV_CLIPDISTANCE5 __hlsl_mlir_SV_ClipDistance5
#define sv_clipdistance5 __hlsl_mlir_SV_ClipDistance5
#define SV_ClipDistance6 __hlsl_mlir_SV_ClipDistance6
#define SV_CLIPDISTANCE6 __hlsl_mlir_SV_ClipDistance6
#define sv_clipdistance6 __hlsl_mlir_SV_ClipDistance6
#define SV_ClipDistance7 __hlsl_mlir_SV_ClipDistance7
#define SV_CLIPDISTANCE7 __hlsl_mlir_SV_ClipDistance7
#define sv_clipdistance7 __hlsl_mlir_SV_ClipDistance7
#define SV_CullDistance0 __hlsl_mlir_SV_CullDistance0
#define SV_CULLDISTANCE0 __hlsl_mlir_SV_CullDistance0
#define sv_culldistance0 __hlsl_mlir_SV_CullDistance0
#define SV_CullDistance1 __hlsl_mlir_SV_CullDistance1
#define SV_CULLDISTANCE1 __hlsl_mlir_SV_CullDistance1
#define sv_culldistance1 __hlsl_mlir_SV_CullDistance1
#define SV_CullDistance2 __hlsl_mlir_SV_CullDistance2
#define SV_CULLDISTANCE2 __hlsl_mlir_SV_CullDistance2
#define sv_culldistance2 __hlsl_mlir_SV_CullDistance2
#define SV_CullDistance3 __hlsl_mlir_SV_CullDistance3
#define SV_CULLDISTANCE3 __hlsl_mlir_SV_CullDistance3
#define sv_culldistance3 __hlsl_mlir_SV_CullDistance3
#define SV_CullDistance4 __hlsl_mlir_SV_CullDistance4
#define SV_CULLDISTANCE4 __hlsl_mlir_SV_CullDistance4
#define sv_culldistance4 __hlsl_mlir_SV_CullDistance4
#define SV_CullDistance5 __hlsl_mlir_SV_CullDistance5
#define SV_CULLDISTANCE5 __hlsl_mlir_SV_CullDistance5
#define sv_culldistance5 __hlsl_mlir_SV_CullDistance5
#define SV_CullDistance6 __hlsl_mlir_SV_CullDistance6
#define SV_CULLDISTANCE6 __hlsl_mlir_SV_CullDistance6
#define sv_culldistance6 __hlsl_mlir_SV_CullDistance6
#define SV_CullDistance7 __hlsl_mlir_SV_CullDistance7
#define SV_CULLDISTANCE7 __hlsl_mlir_SV_CullDistance7
#define sv_culldistance7 __hlsl_mlir_SV_CullDistance7
// SV_Target: Clang 22 takes it on float vectors only; DXC also on integer
// and bool vectors, arrays and struct members (render targets of any
// component type). The index is part of the identifier.
#define SV_Target __hlsl_mlir_SV_Target
#define SV_TARGET __hlsl_mlir_SV_Target
#define sv_target __hlsl_mlir_SV_Target
#define SV_target __hlsl_mlir_SV_Target
#define SV_Target0 __hlsl_mlir_SV_Target0
#define SV_TARGET0 __hlsl_mlir_SV_Target0
#define sv_target0 __hlsl_mlir_SV_Target0
#define SV_target0 __hlsl_mlir_SV_Target0
#define SV_Target1 __hlsl_mlir_SV_Target1
#define SV_TARGET1 __hlsl_mlir_SV_Target1
#define sv_target1 __hlsl_mlir_SV_Target1
#define SV_target1 __hlsl_mlir_SV_Target1
#define SV_Target2 __hlsl_mlir_SV_Target2
#define SV_TARGET2 __hlsl_mlir_SV_Target2
#define sv_target2 __hlsl_mlir_SV_Target2
#define SV_target2 __hlsl_mlir_SV_Target2
#define SV_Target3 __hlsl_mlir_SV_Target3
#define SV_TARGET3 __hlsl_mlir_SV_Target3
#define sv_target3 __hlsl_mlir_SV_Target3
#define SV_target3 __hlsl_mlir_SV_Target3
#define SV_Target4 __hlsl_mlir_SV_Target4
#define SV_TARGET4 __hlsl_mlir_SV_Target4
#define sv_target4 __hlsl_mlir_SV_Target4
#define SV_target4 __hlsl_mlir_SV_Target4
#define SV_Target5 __hlsl_mlir_SV_Target5
#define SV_TARGET5 __hlsl_mlir_SV_Target5
#define sv_target5 __hlsl_mlir_SV_Target5
#define SV_target5 __hlsl_mlir_SV_Target5
#define SV_Target6 __hlsl_mlir_SV_Target6
#define SV_TARGET6 __hlsl_mlir_SV_Target6
#define sv_target6 __hlsl_mlir_SV_Target6
#define SV_target6 __hlsl_mlir_SV_Target6
#define SV_Target7 __hlsl_mlir_SV_Target7
#define SV_TARGET7 __hlsl_mlir_SV_Target7
#define sv_target7 __hlsl_mlir_SV_Target7
#define SV_target7 __hlsl_mlir_SV_Target7
#define SV_RenderTargetArrayIndex __hlsl_mlir_SV_RenderTargetArrayIndex
#define SV_RENDERTARGETARRAYINDEX __hlsl_mlir_SV_RenderTargetArrayIndex
#define sv_rendertargetarrayindex __hlsl_mlir_SV_RenderTargetArrayIndex
#define SV_ViewportArrayIndex __hlsl_mlir_SV_ViewportArrayIndex
#define SV_VIEWPORTARRAYINDEX __hlsl_mlir_SV_ViewportArrayIndex
#define sv_viewportarrayindex __hlsl_mlir_SV_ViewportArrayIndex
#define SV_ShadingRate __hlsl_mlir_SV_ShadingRate
#define SV_SHADINGRATE __hlsl_mlir_SV_ShadingRate
#define sv_shadingrate __hlsl_mlir_SV_ShadingRate
#define SV_Barycentrics __hlsl_mlir_SV_Barycentrics
#define SV_BARYCENTRICS __hlsl_mlir_SV_Barycentrics
#define sv_barycentrics __hlsl_mlir_SV_Barycentrics
// With an index: two barycentric inputs of different interpolation.
#define SV_Barycentrics0 __hlsl_mlir_SV_Barycentrics0
#define SV_BARYCENTRICS0 __hlsl_mlir_SV_Barycentrics0
#define sv_barycentrics0 __hlsl_mlir_SV_Barycentrics0
#define SV_Barycentrics1 __hlsl_mlir_SV_Barycentrics1
#define SV_BARYCENTRICS1 __hlsl_mlir_SV_Barycentrics1
#define sv_barycentrics1 __hlsl_mlir_SV_Barycentrics1
#define SV_StartVertexLocation __hlsl_mlir_SV_StartVertexLocation
#define SV_STARTVERTEXLOCATION __hlsl_mlir_SV_StartVertexLocation
#define sv_startvertexlocation __hlsl_mlir_SV_StartVertexLocation
#define SV_StartInstanceLocation __hlsl_mlir_SV_StartInstanceLocation
#define SV_STARTINSTANCELOCATION __hlsl_mlir_SV_StartInstanceLocation
#define sv_startinstancelocation __hlsl_mlir_SV_StartInstanceLocation
#define SV_CullPrimitive __hlsl_mlir_SV_CullPrimitive
#define SV_CULLPRIMITIVE __hlsl_mlir_SV_CullPrimitive
#define sv_cullprimitive __hlsl_mlir_SV_CullPrimitive

// `discard;` -> `hlsl::discard();` (the macro does not re-expand itself).
#define discard hlsl::discard()

#endif // HLSL_MLIR_PRELUDE_H
