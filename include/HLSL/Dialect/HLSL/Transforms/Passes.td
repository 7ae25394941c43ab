//===- Passes.td - hlsl dialect passes ---------------------*- tablegen -*-===//
//
// hlsl -> hlsl passes, roughly in pipeline order.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_TD
#define HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_TD

include "mlir/Pass/PassBase.td"

//===----------------------------------------------------------------------===//
// Resource bindings
//===----------------------------------------------------------------------===//

def HLSLDropUnusedResourcesPass
    : Pass<"hlsl-drop-unused-resources", "::mlir::ModuleOp"> {
  let summary = "Erase resource and constant buffer declarations nothing uses";
  let description = [{
    Erases every `hlsl.resource` and `hlsl.cbuffer` that no symbol use in the
    module refers to. DXC assigns bindings after optimization, so a resource
    that only unreachable code touched neither keeps its explicit binding nor
    reserves registers (seed 004, example 6.1). Run it after the code that
    refers to resources has been simplified (canonicalize, symbol DCE).

    ```mlir
    hlsl.resource @C : !hlsl.res<RWBuffer, f32> binding <u2>  // erased
    ```
  }];
}

def HLSLAssignBindingsPass
    : Pass<"hlsl-assign-bindings", "::mlir::ModuleOp"> {
  let summary = "Assign registers to implicitly bound resources and cbuffers";
  let description = [{
    Gives every used `hlsl.resource` and `hlsl.cbuffer` whose binding has no
    register (`binding <order 3>` or `binding <space1, order 3>`) a register
    range, following DXC's rules (seed 004):

    - Only used declarations take part: one that no symbol use refers to
      keeps its attribute and reserves nothing.
    - Explicit ranges (`binding <u10, space1>`) are reserved first, per
      register class and space; overlapping explicit ranges are errors.
    - Implicit declarations are then placed in increasing `order`: a bounded
      range at the lowest free range that fits, an unbounded array after the
      highest register used so far, up to the last register.

    The assigned binding keeps the order id, `binding <u2, space0, order 3>`,
    which marks it as chosen by the compiler. Already assigned bindings are
    treated as fixed, so running the pass twice changes nothing.

    Every allocation failure (overlap, no room left, range too large) is
    reported at the declaration, naming the resource.
  }];
}

def HLSLPrintBindingsPass
    : Pass<"hlsl-print-bindings", "::mlir::ModuleOp"> {
  let summary = "Print the register binding of every used declaration";
  let description = [{
    Prints one line per used `hlsl.resource` and `hlsl.cbuffer`, in
    declaration order, to standard output: the name, the descriptor class
    (SRV, UAV, CBV, Sampler), the register range (`u3`, `u3..u6`, `u10..`
    for an unbounded array, `-` if not assigned yet), the space and whether
    the register was `explicit` or `implicit` (chosen by
    `hlsl-assign-bindings`; `unassigned` before it ran). The module is not
    changed.

    ```
    name  class  registers  space  binding
    A     UAV    u0         0      explicit
    B     UAV    u1..u4     0      implicit
    ```
  }];
}

//===----------------------------------------------------------------------===//
// Constant buffers
//===----------------------------------------------------------------------===//

def HLSLLayoutCBuffersPass
    : Pass<"hlsl-layout-cbuffers", "::mlir::ModuleOp"> {
  let summary = "Compute the legacy constant buffer layout of every cbuffer";
  let description = [{
    Lays out the members of every `hlsl.cbuffer` with DXC's legacy
    constant-buffer rules (seeds 002 and 003) and records the result: each
    `hlsl.cbuffer_member` gets its byte `offset`, the cbuffer its `size`
    (the end of the last member, without trailing padding) and a `layout`
    struct `__cblayout_<symbol>` that lists the members in offset order with
    explicit `!hlsl.pad<N>` fields in between.

    The rules: scalars and vectors are aligned to their scalar size (`bool`
    takes 4 bytes) and never straddle a 16-byte row; structs, arrays and
    matrices with more than one row start a new row; array elements are
    16-byte strided and only the last one is unpadded; a matrix is an array
    of its columns (`column_major`, the default) or rows (`row_major`).
    Members with a `packoffset` go exactly there, in any order; the others
    follow the highest packoffset'ed end with the normal rules, as DXC does.

    Padded types in layouts: a struct `S` becomes
    `!hlsl.struct<"__layout_S", {...}>` with explicit padding; an array whose
    element needs padding becomes
    `!hlsl.struct<"__cbarray", {elems: !hlsl.array<N-1 x !hlsl.struct<"__cbelem", {value: T, !hlsl.pad<P>}>>, last: T}>`;
    a matrix becomes the padded array of its columns (rows if `row_major`);
    `bool` becomes `i32`. Layout structs are packed: every field follows the
    previous one without implicit padding.

    Errors, reported at the member: overlapping members, a packoffset that
    would make a member straddle a row, misalign it or start a struct, array
    or matrix in the middle of a row, and anything past the maximum constant
    buffer size of 4096 rows (65536 bytes).
  }];
}

def HLSLLowerCBufferLoadsPass
    : Pass<"hlsl-lower-cbuffer-loads", "::mlir::ModuleOp"> {
  let summary = "Rewrite constant buffer reads into 16-byte row loads";
  let description = [{
    Replaces every `hlsl.load` from a `constant` address with
    `hlsl.cbuffer_load_row` of the 16-byte rows it covers and extracts the
    value from them (`vector.extract`, `vector.shuffle`,
    `vector.from_elements`, `hlsl.construct` for arrays, structs and
    matrices). Addresses must be `hlsl.cbuffer_addr` followed by any chain
    of `hlsl.field_addr` and `hlsl.element_addr`; dynamic indices become row
    arithmetic (`row = base + index * stride / 16`). Rows are loaded with the
    element type of the scalar read (`vector<4xf32>`, `vector<2xf64>`,
    `vector<8xf16>`, `vector<4xi32>` for `bool`), so no bitcasts are needed.
    Requires `hlsl-layout-cbuffers` to have run. Address ops left without
    uses are erased.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}


//===----------------------------------------------------------------------===//
// Temporaries, locals and resource arrays
//===----------------------------------------------------------------------===//

def HLSLMaterializeTemporariesPass
    : Pass<"hlsl-materialize-temporaries", "::mlir::ModuleOp"> {
  let summary = "Turn out/inout argument temporaries into explicit copies";
  let description = [{
    Replaces every `hlsl.out_arg` (seed 000) with a local variable: `inout`
    temporaries are initialized from the argument lvalue through the copy-in
    conversion, `out` temporaries start undefined; the call gets the
    temporary's address; after the call the temporaries are written back
    through the write-back conversion, left to right in argument order (so
    `Init(V, V)` leaves the second write-back in `V`).

    The temporary is skipped, and the lvalue's address passed directly, when
    that is unobservable: no conversion, no swizzle, the lvalue is (an element
    of) a local variable, and no other argument of the call refers to the
    same variable. With `force-temporaries` every argument gets one.
  }];
  let options = [
    Option<"forceTemporaries", "force-temporaries", "bool", "false",
           "Create a temporary even where it is not needed">
  ];
  let dependentDialects = ["::mlir::vector::VectorDialect"];
}

def HLSLRunStaticInitializersPass
    : Pass<"hlsl-run-static-initializers", "::mlir::ModuleOp"> {
  let summary = "Run the initializers that are not constants at entry";
  let description = [{
    A static variable's initializer that reads memory or calls a function
    (`static int a[4] = (int[4])cbufferMember;`, `static const float k =
    f(2);`, `static const float m = c * c;` with `c` another static) cannot
    be a constant of the module. As DXC does, it runs at the start of every
    entry point, in declaration order, and stores into the variable, which
    keeps no initializer (and is no longer `const`). Initializers that only
    compute with constants stay.

    ```mlir
    hlsl.global static @a : i32 init { %v = hlsl.load ... ; hlsl.yield %v }
    // becomes
    hlsl.global static @a : i32
    func.func @main() { %v = hlsl.load ... ; hlsl.store %v, (hlsl.global_addr @a) ... }
    ```
  }];
}

def HLSLInlineCallsPass : Pass<"hlsl-inline-calls", "::mlir::ModuleOp"> {
  let summary = "Inline every call into the functions the module keeps";
  let description = [{
    DXIL shaders have no calls: every call in a function that is not private
    (entry points, library exports) is inlined, top down. Each call is
    replaced by a clone of its callee's own body, and the calls that clone
    contains are inlined in turn, so the work is proportional to the size of
    the result; MLIR's bottom-up inliner first inlines into every callee,
    which is quadratic for a chain of calls. Recursion (a cycle of calls
    reachable from a kept function) is an error at the call. Private
    functions are left for symbol-dce.
  }];
}

def HLSLEraseWriteOnlyStaticsPass
    : Pass<"hlsl-erase-write-only-statics", "::mlir::ModuleOp"> {
  let summary = "Erase static variables that are written and never read";
  let description = [{
    A static global whose address only ever reaches stores (directly or
    through element and field addresses) holds nothing the shader reads:
    the stores and the global are erased. Its initializer (run at the entry
    point) then computes a dead value, and what it read, a constant buffer
    member for instance, no longer keeps that buffer bound, as in DXC
    (`static const float x = cb.f;` in a file whose other entry point reads
    `x`). Run it once calls are inlined.

    ```mlir
    hlsl.global static @x : f32              // erased
    %a = hlsl.global_addr @x : !hlsl.ptr<f32, static>
    hlsl.store %v, %a : !hlsl.ptr<f32, static>   // erased
    ```
  }];
}

def HLSLLocalizeStaticResourcesPass
    : Pass<"hlsl-localize-static-resources", "::mlir::ModuleOp"> {
  let summary = "Make static resource variables locals of the entry points";
  let description = [{
    A `static` variable of resource type (`static Texture2D t = g;`) holds
    a handle for one invocation; DXIL has no memory for handles. Once every
    call is inlined, each entry point that uses such a global gets a local
    variable in its place (its accesses re-addressed, the initializer's
    store included), which `mem2reg` then turns into the handles it is
    assigned, as for any local resource variable. A static resource used
    outside an entry point (a function that was not inlined) is an error.
  }];
}

def HLSLForwardBlockLocalsPass
    : Pass<"hlsl-forward-block-locals", "::mlir::func::FuncOp"> {
  let summary = "Promote local variables used within one block";
  let description = [{
    A local variable whose loads and stores are all in one block, and whose
    first access there is a store, becomes SSA values in one walk of the
    block: each load takes the value of the last store before it. Most
    locals of straight-line shader code are such variables; `mem2reg`
    handles them one variable at a time, each walking the whole block,
    which is quadratic for thousands of locals. The rest are left to
    `mem2reg`.
  }];
}

def HLSLPromoteLocalsPass : Pass<"hlsl-promote-locals"> {
  let summary = "Rewrite element accesses of local variables as value ops";
  let description = [{
    Makes local variables promotable by `mem2reg`: a load or store through
    `hlsl.element_addr`/`hlsl.field_addr` of a local variable becomes a load
    or store of the whole variable plus `vector.extract`/`vector.insert`,
    `hlsl.array_extract`/`hlsl.array_insert` or
    `hlsl.field_extract`/`hlsl.field_insert`. Applies to variables of vector
    type and to variables that hold resources (local resource arrays, which
    must become SSA handles); other aggregates stay in memory for LLVM's
    SROA. Variables whose address escapes are left alone. Runs on any op:
    on a module it also covers the initializers of `hlsl.global`s.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

def HLSLIntRangeOptimizationsPass
    : Pass<"hlsl-int-range-optimizations", "::mlir::ModuleOp"> {
  let summary = "arith's integer range optimizations, without block merging";
  let description = [{
    The rewrites of MLIR's `int-range-optimizations` (values with a known
    constant range become constants, comparisons decided by ranges fold),
    applied with region simplification off. Upstream's pass runs the greedy
    driver with its aggressive default, which merges the blocks of a switch
    whose cases differ only in constants into one block with an argument
    per case; every later canonicalization then asks the switch for each
    successor's operands, and a 5000-case switch took 30 s instead of 1 s.
    Blocks are merged, where that helps, by LLVM's optimizer.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def HLSLFoldGuardedComparesPass
    : Pass<"hlsl-fold-guarded-compares", "::mlir::func::FuncOp"> {
  let summary = "Fold integer comparisons decided by the branches guarding them";
  let description = [{
    Integer range analysis that also uses branch conditions: inside
    `for (int i = 0; i < 5; i++)` the body only runs with `i` in [0, 4], so
    `i > 6` there is false and the code it guards is dead (seed 004, example
    6.1: resources only such code uses must not get bindings). The ranges
    come from MLIR's integer range analysis, narrowed by every `cf.cond_br`
    on the dominator path whose condition compares the value with a
    constant; comparisons whose outcome is then known become constants.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def HLSLLowerResourceArraysPass
    : Pass<"hlsl-lower-resource-arrays", "::mlir::ModuleOp"> {
  let summary = "Lower resource array accesses to flattened-index handles";
  let description = [{
    Runs after inlining and promotion of local variables (seed 001). Each
    element of a global resource slice becomes a handle of the declaration
    (`N[7]` passed as `P`, then `P[3]`, is `N[7][3]`); an element taken with a
    dynamic index from an array of handles becomes a chain of selects; and
    every `hlsl.resource_handle @C[i, j, k]` becomes
    `hlsl.create_handle @C[flat]` with the row-major flattened index
    (`C[1][0][3]` of `C[2][2][5]` is 23). A handle that is read from a local
    resource array element never assigned is an error at its use (DXC
    silently reads a null handle).

    What remains (elements chosen at run time, arrays filled in loops that
    are not unrolled, structs of resources, handles merged by control flow)
    is rewritten into descriptors: each handle becomes an i32 holding the
    number of its range among the ranges of that resource type flowing into
    such values (top 8 bits, only when there are several) and its flattened
    index in the range. A value holding resources becomes its leaves (one
    SSA value per descriptor or data element; a run-time index selects among
    them; a block argument becomes one per leaf). Each use of a
    resource decodes one back into `hlsl.create_handle` of its range (a
    select between the handles of the ranges when several can reach it,
    which DXIL legalization turns into a branch per range).
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect"];
}

def HLSLLowerResourceAccessPass
    : Pass<"hlsl-lower-resource-access", "::mlir::ModuleOp"> {
  let summary = "Resolve loads, stores and atomics through buffer elements";
  let description = [{
    Rewrites every load, store and atomic through an `hlsl.resource_addr`
    address (after any `hlsl.field_addr`/`hlsl.element_addr`) and the
    `Load`/`Store`/`Interlocked*` methods of buffers into `hlsl.buffer_load`,
    `hlsl.buffer_store` and `hlsl.buffer_atomic` with an element index and
    a byte offset. Structured-buffer elements are laid out with each scalar
    aligned to its size (vectors and matrices are not padded, structs align
    to their largest scalar); aggregates are read and written as pieces of
    at most four components; `bool` is stored as a 32-bit integer. Matrices
    are stored in their declared order.
  }];
  let dependentDialects = ["::mlir::arith::ArithDialect",
                           "::mlir::vector::VectorDialect"];
}

#endif // HLSL_DIALECT_HLSL_TRANSFORMS_PASSES_TD
