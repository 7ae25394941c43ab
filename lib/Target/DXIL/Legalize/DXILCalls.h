//===- DXILCalls.h - recognizing dx.op calls --------------------*- C++ -*-===//

#ifndef HLSL_LIB_TARGET_DXIL_LEGALIZE_DXILCALLS_H
#define HLSL_LIB_TARGET_DXIL_LEGALIZE_DXILCALLS_H

#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "llvm/ADT/SmallString.h"
#include "llvm/ADT/Twine.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/DebugInfoMetadata.h"
#include "llvm/IR/Instructions.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <optional>

namespace mlir::hlsl::dxil {

/// The opcode of a call to a `dx.op.*` function (its constant first
/// operand); nullopt for any other call.
inline std::optional<unsigned> getDXILOpcode(const llvm::CallInst &call) {
  const llvm::Function *callee = call.getCalledFunction();
  if (!callee || !callee->getName().starts_with("dx.op.") ||
      call.arg_size() == 0)
    return std::nullopt;
  if (auto *opcode = llvm::dyn_cast<llvm::ConstantInt>(call.getArgOperand(0)))
    return unsigned(opcode->getZExtValue());
  return std::nullopt;
}

/// The binding a createHandleFromBinding call names: its %dx.types.ResBind
/// operand { lower bound, upper bound, space, class }.
struct ResourceBinding {
  uint64_t lower, upper, space, cls;
};

/// The constant binding of a createHandleFromBinding call; nullopt for any
/// other call or a computed binding. (SRV t0 in space 0 is a
/// zeroinitializer, not a constant struct.)
inline std::optional<ResourceBinding>
getConstantBinding(const llvm::CallInst &call) {
  if (getDXILOpcode(call) != CreateHandleFromBinding)
    return std::nullopt;
  auto *bind = llvm::dyn_cast<llvm::Constant>(call.getArgOperand(1));
  uint64_t fields[4];
  for (unsigned i = 0; i < 4; ++i) {
    auto *value = llvm::dyn_cast_or_null<llvm::ConstantInt>(
        bind ? bind->getAggregateElement(i) : nullptr);
    if (!value)
      return std::nullopt;
    fields[i] = value->getZExtValue();
  }
  return ResourceBinding{fields[0], fields[1], fields[2], fields[3]};
}

/// Where an instruction came from, as `file:line:col: ` for diagnostics
/// (empty without a debug location).
inline std::string describeLocation(const llvm::DILocation *loc) {
  if (loc)
    if (auto *scope = llvm::dyn_cast<llvm::DIScope>(loc->getScope())) {
      llvm::SmallString<128> path(scope->getDirectory());
      llvm::sys::path::append(path, scope->getFilename());
      return (path + ":" + llvm::Twine(loc->getLine()) + ":" +
              llvm::Twine(loc->getColumn()) + ": ")
          .str();
    }
  return "";
}

inline std::string describeLocation(const llvm::Instruction &inst) {
  return describeLocation(inst.getDebugLoc().get());
}

/// The text of `inst` for a diagnostic, without its attached metadata.
inline std::string printInstruction(const llvm::Instruction &inst) {
  std::string text;
  llvm::raw_string_ostream os(text);
  inst.print(os);
  llvm::StringRef trimmed = llvm::StringRef(text).trim();
  return trimmed.take_front(trimmed.find(", !")).str();
}

} // namespace mlir::hlsl::dxil

#endif // HLSL_LIB_TARGET_DXIL_LEGALIZE_DXILCALLS_H
