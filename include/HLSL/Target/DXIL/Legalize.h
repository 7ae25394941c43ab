//===- Legalize.h - LLVM IR to what DXIL allows -----------------*- C++ -*-===//

#ifndef HLSL_TARGET_DXIL_LEGALIZE_H
#define HLSL_TARGET_DXIL_LEGALIZE_H

#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/Error.h"

#include <string>
#include <vector>

namespace llvm {
class CallInst;
class Function;
class Instruction;
class LLVMContext;
class MDNode;
class Module;
} // namespace llvm

namespace mlir::hlsl {

/// Optimization level: -O0 .. -O3; -Od is 0 without any cleanup.
enum class DXILOptLevel { Od, O0, O1, O2, O3 };

/// Runs LLVM's new-pass-manager pipeline for the level with what DXIL cannot
/// express kept out: no loop or SLP vectorization, no conversion of switches
/// to lookup tables; memcpy/memset are expanded by the legalization.
/// Returns the level that ran (-Od runs -O2 when DXIL or [unroll] needs it).
DXILOptLevel optimizeForDXIL(llvm::Module &module, DXILOptLevel level);

/// Folds the DXIL operations of `func` that have constant operands (bit
/// and integer arithmetic operations, saturate, mad, fma), as DXC folds
/// them; part of optimizeForDXIL's pipeline. Returns whether it changed.
bool foldDXILOperations(llvm::Function &func);

/// Replaces the undef operands of the floating-point arithmetic of `func`
/// (reads of uninitialized variables once SROA made them undef) by calls of
/// an opaque function that the optimizer does not fold; part of
/// optimizeForDXIL's pipeline, after SROA. Returns whether it changed.
bool markUninitializedArithmeticForDXIL(llvm::Function &func);

/// Fails, as DXC's validator does, at the first floating-point arithmetic
/// that reads a value markUninitializedArithmeticForDXIL marked together
/// with a computed one; otherwise makes the marked values undef again. Run
/// after the optimizer.
llvm::Error reportUninitializedArithmeticForDXIL(llvm::Module &module);

/// Marks the loops of `func` that nothing ends (no exit, other than a
/// branch on a constant never takes) with a call in their header; part of
/// optimizeForDXIL, before it changes any loop. Returns whether it changed.
bool markLoopsWithoutExitForDXIL(llvm::Function &func);

/// Fails, as DXC does ("Loop must have break"), at a loop
/// markLoopsWithoutExitForDXIL marked that the optimizer kept; otherwise
/// removes the marker's declaration. Run after the optimizer.
llvm::Error reportLoopsWithoutExitForDXIL(llvm::Module &module);

/// Records, as the module's `hlsl.stage_error` named metadata, the DXIL
/// operations whose calls the lowering marked as misplaced in the shader's
/// stage (the call's `hlsl.stage_error` metadata) with the reason; the
/// optimizer drops the mark of a call it merges with another. Run before
/// the optimizer (optimizeForDXIL does).
void recordStageRestrictedOperationsForDXIL(llvm::Module &module);

/// Fails, as DXC's validator does, at the first call of a recorded
/// operation the optimizer kept, with the reason; otherwise removes the
/// record (no mark is left then). Run after the optimizer
/// (legalizeForDXIL does).
llvm::Error reportStageRestrictedOperationsForDXIL(llvm::Module &module);

/// The diagnostic for a read of an uninitialized value.
llvm::StringRef uninitializedReadMessage();

/// Whether a loop of the module asks to be fully unrolled ([unroll]).
bool hasForcedUnrollLoops(const llvm::Module &module);

/// Fails at the first loop asked to be fully unrolled ([unroll]) that is
/// still a loop after optimization, as DXC does; with `warnOnly` (DXC's fxc
/// compatibility, -HV 2016) prints a warning for each instead.
llvm::Error checkForcedUnrolls(llvm::Module &module, bool warnOnly);

/// Makes the static globals that only the entry point uses and that it
/// writes local variables of the entry, initialized with their initializers
/// (an entry runs once per invocation, with fresh statics). Run before the
/// optimizer, which then keeps them in registers.
void localizeStaticGlobalsForDXIL(llvm::Module &module);

/// Rewrites aggregate (array and struct) loads and stores as accesses of
/// their scalars and vectors, with loops for large splat fills and copies.
/// Run first: neither the optimizer (at -Od) nor DXIL handles them.
void splitAggregateMemoryForDXIL(llvm::Module &module);

/// Replaces the struct and array SSA values of `func` (phis, selects and
/// insertvalue chains of promoted struct variables) by one value per scalar
/// or vector leaf. Part of scalarizeForDXIL: the Scalarizer does not look
/// into aggregates.
void splitAggregateValuesForDXIL(llvm::Function &func);

/// Makes each store into a local array that the entry copies to output
/// rows at its end (an output array written at a computed index) a
/// storeOutput of the row it writes, as DXC does, and drops the copy and
/// the array (an array the shader reads back stays, as in DXC). Run after
/// scalarizeForDXIL and before the optimizer, which rewrites the copy.
void writeOutputArraysDirectlyForDXIL(llvm::Module &module);

/// Splits vector operations into scalar ones (LLVM's Scalarizer). Run
/// before the optimizer, as DXC does, so that it never forms vector idioms
/// (e.g. `all(v)` as a bitcast of a vector of i1) that cannot be split.
void scalarizeForDXIL(llvm::Module &module);

/// Rewrites the module into what DXIL 1.x allows: scalar operations only,
/// every remaining LLVM intrinsic mapped to a dx.op or expanded, no
/// fneg/freeze/poison. Fails naming the first construct it cannot express
/// (with its source location when the module has one). `native16BitTypes`
/// says whether i16 is a type DXIL computes in (-enable-16bit-types).
llvm::Error legalizeForDXIL(llvm::Module &module, bool native16BitTypes);

/// Marks the floating-point arithmetic of a shader that is not precise
/// `nsz` for the optimizer (which folds `x + 0` then), and for
/// foldFastArithmeticForDXIL. Run before the optimizer.
void allowFastMathFoldsForDXIL(llvm::Module &module);

/// Folds the identities of DXC's non-precise arithmetic that do not
/// reorder operations (`x * 0` to 0, `x - x` to 0) in the arithmetic
/// allowFastMathFoldsForDXIL marked; part of optimizeForDXIL's pipeline.
/// Returns whether it changed.
bool foldFastArithmeticForDXIL(llvm::Function &func);

/// Marks the floating-point arithmetic of the module as DXIL's non-precise
/// (`fast`) arithmetic, as DXC does; or, for a `precise` shader, leaves it
/// exact and marks its floating-point DXIL operations `!dx.precise` (not on
/// minimum-precision values, which DXIL forbids: `native16BitTypes` says
/// whether `half` is a native type). Run last, after the optimizer.
void setFastMathFlagsForDXIL(llvm::Module &module, bool precise,
                             bool native16BitTypes);

/// Whether `call` is a DXIL operation computing a floating-point value that
/// may be marked precise: DXIL forbids the mark on minimum-precision
/// values (INSTR.MINPRECISIONNOTPRECISE), which are DXIL's `half` without
/// native 16-bit types.
bool isPreciseOperationForDXIL(const llvm::CallInst &call,
                               bool native16BitTypes);

/// DXIL's `!dx.precise` mark, `!{i32 1}`, on a precise DXIL operation.
llvm::MDNode *getDXPreciseNode(llvm::LLVMContext &context);

/// Whether the module marks values declared precise (hlsl.precise.* calls).
bool hasPreciseValueMarkersForDXIL(llvm::Module &module);

/// The instructions the marked precise values are computed from (through
/// operands, and through memory from the stores to the variables they
/// load), the markers included.
llvm::SmallPtrSet<llvm::Instruction *, 16>
findPreciseComputationsForDXIL(llvm::Module &module);

/// After the optimizer: takes the fast-math flags off what the marked
/// precise values are computed from, marks its floating-point DXIL
/// operations `!dx.precise` and removes the markers. Part of
/// legalizeForDXIL.
void resolvePreciseValuesForDXIL(llvm::Module &module, bool native16BitTypes);

/// Whether resolvePreciseValuesForDXIL resolved markers (then only the
/// arithmetic allowFastMathFoldsForDXIL marked is fast); forgets it.
bool takePerValuePrecisionForDXIL(llvm::Module &module);

/// Drops the resource records (!dx.resources) that no handle creation of the
/// final code names, as DXC declares only the resources the shader uses,
/// and renumbers the others (and their createHandle calls). Libraries keep
/// all of theirs. Returns the dropped records' names.
std::vector<std::string> dropUnusedResourcesForDXIL(llvm::Module &module);

/// The errors of !hlsl.unbound_resources (resources the root signature does
/// not bind) whose resources the module still declares, as DXC checks the
/// resources of the final code; the metadata is removed. Run after
/// dropUnusedResourcesForDXIL.
std::vector<std::string> takeUnboundResourceErrorsForDXIL(llvm::Module &module);

/// Replaces the placeholders of EvaluateAttribute* and GetAttributeAtVertex
/// by the DXIL operations on the inputs their arguments are. Fails for an
/// argument that is no input. Part of legalizeForDXIL.
llvm::Error resolveAttributeEvaluationsForDXIL(llvm::Module &module);

/// Widens integers of widths DXIL does not compute in (i8 and other odd
/// widths the optimizer narrows to; i16 without native 16-bit types) to
/// i32 or i64. Part of legalizeForDXIL.
llvm::Error promoteIntegersForDXIL(llvm::Module &module,
                                   bool native16BitTypes);

/// Replaces phis and selects of handles (which the optimizer forms by
/// merging identical handle creations) by one creation of a phi or select
/// of the range indices. Fails for handles merged from different ranges.
/// Part of legalizeForDXIL.
llvm::Error rematerializeHandlesForDXIL(llvm::Module &module);

/// Rewrites arrays in memory (globals, allocas) as flat [N x scalar] arrays
/// addressed by `gep [N x T], ptr, i32 0, i32 index`, as DXIL requires. Part
/// of legalizeForDXIL.
llvm::Error flattenArraysForDXIL(llvm::Module &module);

/// Gives every loop without an exit (the optimizer makes them of loops
/// whose condition is invariant) an exit that is never taken, as DXIL's
/// validator requires one. Part of legalizeForDXIL.
void exitInfiniteLoopsForDXIL(llvm::Module &module);

/// Reads the elements of an entry's input array that the code indexes with
/// a computed value (a local copy of the input rows) with loadInput at a
/// computed row, as DXC does (the element's dynamic index mask follows).
/// Part of legalizeForDXIL, after flattenArraysForDXIL.
void indexInputArraysForDXIL(llvm::Module &module);

/// Computes in 32 bits the 64-bit values that only carry 32-bit values to
/// truncations (extended indices and their phis), so that they do not make
/// the shader require Int64Ops. Part of legalizeForDXIL.
void narrowIndexChainsForDXIL(llvm::Module &module);

/// Drops the instruction metadata DXIL does not know (branch weights, loop
/// properties other than one unroll hint, ...). Part of legalizeForDXIL.
void legalizeInstructionMetadataForDXIL(llvm::Module &module);

/// Sets each signature element's usage and dynamic-index masks (metadata
/// tags 3 and 2) from the loadInput/storeOutput calls of the module, as
/// DXC's validator recomputes them. Fails, naming it, on a system-value
/// output other than a render target that those calls do not write in
/// every component (the validator's Sm.UndefinedOutput and
/// Sm.CompletePosition); run it while the entry's debug location is there.
llvm::Error setSignatureUsageForDXIL(llvm::Module &module);

/// Marks the constant buffer members the final code reads (tag 9 of their
/// field annotations in !dx.typeAnnotations), as DXC computes them for
/// reflection.
void setCBufferUsageForDXIL(llvm::Module &module);

/// Checks that the module is legal DXIL IR: no vector instruction, no
/// intrinsic other than dx.op.*, no fneg or freeze.
llvm::Error verifyDXILIR(const llvm::Module &module);

} // namespace mlir::hlsl

#endif // HLSL_TARGET_DXIL_LEGALIZE_H
