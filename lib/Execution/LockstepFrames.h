//===- LockstepFrames.h - lanes whose state lives in frames -----*- C++ -*-===//
//
// What lockstep waves (LockstepWaves.cpp) and lockstep groups
// (LockstepGroups.cpp) share: the lane function becomes a body that keeps a
// lane's state in frames, laid out slot by slot for many lanes, and is cut
// into pieces that each run for every lane before the next.
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_LIB_EXECUTION_LOCKSTEPFRAMES_H
#define HLSL_LIB_EXECUTION_LOCKSTEPFRAMES_H

#include "LockstepWaveOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/IR/IRBuilder.h"

#include <array>
#include <cstdint>
#include <optional>

namespace mlir::hlsl::exec {

/// The lane function `void (group, x, y, z)` cloned with the frames and the
/// lane's index as arguments: `void (group, x, y, z, frames, lane)`, named
/// `name`.
llvm::Function *cloneWithFrames(llvm::Function &lane, llvm::StringRef name);

/// The lane cloned with frames (cloneWithFrames, named `name`) and its
/// calls to `cut`, in order, if every alloca of the lane is in its entry
/// (they become frame slots) and it calls `cut`; else nullopt, and nothing
/// is added to the module.
std::optional<std::pair<llvm::Function *, llvm::SmallVector<llvm::CallInst *>>>
cloneLaneWithCuts(llvm::Function &lane, llvm::Function *cut,
                  llvm::StringRef name);

/// Moves the allocas of `body`'s entry to its top and splits the code after
/// them into a block of its own, which it returns (where the lane starts).
llvm::BasicBlock *separateEntryAllocas(llvm::Function &body);

/// laneThreadId (RuntimeABI.h) in IR: the thread-in-group id of the
/// group's lane `index`.
void threadIdOfLane(llvm::IRBuilder<> &b, llvm::Value *index,
                    const std::array<uint32_t, 3> &numThreads,
                    llvm::Value *id[3]);

/// Makes the values of `body` whose uses `crossesCut` says are reached
/// across a cut available there: computed again in front of such a use if
/// they depend on the lane's arguments and constants alone (thread ids:
/// loops over lanes then see them as affine in the lane index), else kept
/// in a new entry alloca (a frame slot once laid out).
void carryAcrossCuts(llvm::Function &body,
                     llvm::function_ref<bool(const llvm::Use &)> crossesCut);

/// The bytes per lane of a slot and of the slot as a whole, where the
/// default (the alloca's size, `lanes` copies) does not fit.
struct SlotSize {
  uint64_t stride, bytes;
};

/// Turns the entry allocas of `body` (frames and lane index are its last
/// two arguments) into slots of the frames, `lanes` copies of each, one
/// after another; `special` may size a slot differently. Records each
/// alloca's slot in `slots` and returns the frames' bytes (nullopt, with
/// nothing changed, if an alloca has no fixed size).
std::optional<uint64_t> layOutFrameSlots(
    llvm::Function &body, uint32_t lanes,
    llvm::function_ref<std::optional<SlotSize>(llvm::AllocaInst &)> special,
    llvm::DenseMap<const llvm::Value *, FrameSlot> &slots);

/// A copy of `body` named `name` that starts at `from` and returns
/// `returnType`: each block of `stops` (mapped to the copy) is replaced by a
/// return of `stopValue(i)`, and `body`'s returns return `finished` (null
/// for void). Unreachable blocks are removed; it is always inlined.
llvm::Function *
cloneSegment(llvm::Function &body, llvm::StringRef name, llvm::BasicBlock *from,
             llvm::ArrayRef<llvm::BasicBlock *> stops, llvm::Type *returnType,
             llvm::function_ref<llvm::Value *(unsigned)> stopValue,
             llvm::Value *finished);

} // namespace mlir::hlsl::exec

#endif // HLSL_LIB_EXECUTION_LOCKSTEPFRAMES_H
