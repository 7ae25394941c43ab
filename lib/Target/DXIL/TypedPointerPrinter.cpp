//===- TypedPointerPrinter.cpp - DXIL text with typed pointers ------------===//
//
// LLVM's own printer writes the module; each line is then rewritten with
// the pointee types. In a line, `ptr` (optionally `ptr addrspace(N)`) is
// followed by what it types: a local or global value (typed by the value's
// pointee), undef or null (typed by what the instruction accesses), a
// constant expression (typed by the expression), or nothing, when it is a
// type on its own (the instruction's own result, or a pointer nested in a
// type, which DXIL writes as i8*, e.g. `%dx.types.Handle = type { i8* }`).
// Instruction lines are matched to instructions in order: LLVM prints one
// line per instruction, indented, and block labels unindented.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Target/DXIL/TypedPointerPrinter.h"

#include "HLSL/Target/DXIL/BitcodeWriter.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/InstIterator.h"
#include "llvm/IR/Instructions.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/ModuleSlotTracker.h"
#include "llvm/IR/Operator.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

namespace {

class Printer {
public:
  explicit Printer(const Module &module) : module(module), slots(&module) {}
  void print(raw_ostream &os);

private:
  Type *pointee(const Value *value);
  Type *pointeeFromUses(const Value *value,
                        SmallPtrSetImpl<const Value *> &seen);
  Type *accessedType(const Instruction *inst);
  std::string typeText(Type *type);
  std::string pointerText(Type *pointee, unsigned addrSpace);
  std::string rewrite(StringRef line, const Instruction *inst);
  void nameLocals(const Function &function);

  const Module &module;
  ModuleSlotTracker slots;
  DenseMap<const Value *, Type *> pointees;
  StringMap<const Value *> globals, locals;
  /// Pointer-typed constant expressions of the current instruction, in the
  /// order they are printed.
  SmallVector<const ConstantExpr *> pendingExprs;
};

} // namespace

Type *Printer::pointee(const Value *value) {
  if (auto it = pointees.find(value); it != pointees.end())
    return it->second;
  Type *result = nullptr;
  if (const auto *global = dyn_cast<GlobalVariable>(value))
    result = global->getValueType();
  else if (const auto *function = dyn_cast<Function>(value))
    result = function->getFunctionType();
  else if (const auto *alloca = dyn_cast<AllocaInst>(value))
    result = alloca->getAllocatedType();
  else if (const auto *gep = dyn_cast<GEPOperator>(value))
    result = gep->getResultElementType();
  else if (isa<LoadInst, ExtractValueInst>(value))
    result = Type::getInt8Ty(value->getContext());
  if (!result) {
    // Casts, phis, selects, arguments and call results: the first use that
    // needs a particular pointee decides, then the source.
    SmallPtrSet<const Value *, 8> seen;
    result = pointeeFromUses(value, seen);
    if (!result)
      if (const auto *op = dyn_cast<Operator>(value))
        if ((op->getOpcode() == Instruction::BitCast ||
             op->getOpcode() == Instruction::AddrSpaceCast) &&
            op->getOperand(0)->getType()->isPointerTy())
          result = pointee(op->getOperand(0));
    if (!result)
      if (const auto *phi = dyn_cast<PHINode>(value))
        for (const Value *incoming : phi->incoming_values())
          if (!isa<PHINode>(incoming) &&
              !isa<UndefValue, ConstantPointerNull>(incoming)) {
            result = pointee(incoming);
            break;
          }
    if (!result)
      if (const auto *select = dyn_cast<SelectInst>(value))
        result = pointee(select->getTrueValue());
    if (!result)
      result = Type::getInt8Ty(value->getContext());
  }
  pointees[value] = result;
  return result;
}

/// The type `user` reads or writes through `pointer` (its pointer operand,
/// whichever that is, if `pointer` is null), or null if it accesses none.
static Type *typeAccessedThrough(const User *user, const Value *pointer) {
  auto through = [&](const Value *operand) {
    return !pointer || operand == pointer;
  };
  if (const auto *load = dyn_cast<LoadInst>(user))
    return through(load->getPointerOperand()) ? load->getType() : nullptr;
  if (const auto *store = dyn_cast<StoreInst>(user))
    return through(store->getPointerOperand())
               ? store->getValueOperand()->getType()
               : nullptr;
  if (const auto *gep = dyn_cast<GEPOperator>(user))
    return through(gep->getPointerOperand()) ? gep->getSourceElementType()
                                             : nullptr;
  if (const auto *rmw = dyn_cast<AtomicRMWInst>(user))
    return through(rmw->getPointerOperand()) ? rmw->getValOperand()->getType()
                                             : nullptr;
  if (const auto *cmpxchg = dyn_cast<AtomicCmpXchgInst>(user))
    return through(cmpxchg->getPointerOperand())
               ? cmpxchg->getNewValOperand()->getType()
               : nullptr;
  return nullptr;
}

Type *Printer::pointeeFromUses(const Value *value,
                               SmallPtrSetImpl<const Value *> &seen) {
  if (!seen.insert(value).second)
    return nullptr;
  for (const User *user : value->users()) {
    if (Type *type = typeAccessedThrough(user, value))
      return type;
    if (isa<PHINode, SelectInst>(user))
      if (Type *type = pointeeFromUses(user, seen))
        return type;
  }
  return nullptr;
}

Type *Printer::accessedType(const Instruction *inst) {
  if (!inst)
    return nullptr;
  if (Type *type = typeAccessedThrough(inst, nullptr))
    return type;
  if (inst->getType()->isPointerTy())
    return pointee(inst);
  return nullptr;
}

/// Whether `c` can be part of an LLVM identifier or keyword.
static bool isWordChar(char c) {
  return isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '.' ||
         c == '$' || c == '-' || c == '%' || c == '@' || c == '!' || c == '#';
}

/// The length of the value name (`%5`, `@"a b"`, `%x.y`) at the start of
/// `text`, which begins with '%' or '@'.
static size_t nameLength(StringRef text) {
  if (text.size() > 1 && text[1] == '"') {
    size_t close = text.find('"', 2);
    return close == StringRef::npos ? text.size() : close + 1;
  }
  size_t n = 1;
  while (n < text.size() && isWordChar(text[n]) && text[n] != '%' &&
         text[n] != '@' && text[n] != '!' && text[n] != '#')
    ++n;
  return n;
}

std::string Printer::typeText(Type *type) {
  std::string text;
  raw_string_ostream os(text);
  type->print(os, /*IsForDebug=*/false, /*NoDetails=*/true);
  // Pointers nested in types have no pointee to recover: i8, as written.
  return rewrite(text, nullptr);
}

std::string Printer::pointerText(Type *pointee, unsigned addrSpace) {
  std::string text = typeText(pointee);
  if (addrSpace != 0)
    text += " addrspace(" + std::to_string(addrSpace) + ")";
  return text + "*";
}

std::string Printer::rewrite(StringRef line, const Instruction *inst) {
  std::string out;
  out.reserve(line.size() + 32);
  size_t i = 0;
  while (i < line.size()) {
    char c = line[i];
    if (c == '"') {
      // Strings and quoted names are copied as they are.
      size_t close = line.find('"', i + 1);
      size_t end = close == StringRef::npos ? line.size() : close + 1;
      out.append(line.substr(i, end - i).str());
      i = end;
      continue;
    }
    bool atWord = line.substr(i).starts_with("ptr") &&
                  (i == 0 || !isWordChar(line[i - 1])) &&
                  (i + 3 == line.size() || !isWordChar(line[i + 3]));
    if (!atWord) {
      out.push_back(c);
      ++i;
      continue;
    }
    size_t next = i + 3;
    unsigned addrSpace = 0;
    StringRef rest = line.substr(next);
    if (rest.starts_with(" addrspace(")) {
      size_t close = rest.find(')');
      if (close != StringRef::npos) {
        (void)rest.substr(11, close - 11).getAsInteger(10, addrSpace);
        next += close + 1;
        rest = line.substr(next);
      }
    }
    Type *target = nullptr;
    if (rest.starts_with(" %") || rest.starts_with(" @")) {
      StringRef name = rest.drop_front(1);
      name = name.take_front(nameLength(name));
      const StringMap<const Value *> &names =
          name.starts_with("%") ? locals : globals;
      auto it = names.find(name);
      // `call ptr @f` names the callee, not the value `ptr` types.
      bool isReturnType =
          inst && isa<CallInst>(inst) && StringRef(out).ends_with("call ");
      if (it != names.end() && !isReturnType)
        target = pointee(it->second);
      else if (isReturnType)
        target = pointee(inst);
    } else if (rest.starts_with(" undef") || rest.starts_with(" null") ||
               rest.starts_with(" poison") ||
               rest.starts_with(" zeroinitializer")) {
      target = accessedType(inst);
    } else if (rest.starts_with(" getelementptr") ||
               rest.starts_with(" bitcast") ||
               rest.starts_with(" addrspacecast")) {
      if (!pendingExprs.empty()) {
        target = pointee(pendingExprs.front());
        pendingExprs.erase(pendingExprs.begin());
      }
    } else if (inst && inst->getType()->isPointerTy()) {
      // A type standing alone in an instruction: its own result type.
      target = pointee(inst);
    }
    if (!target)
      target = Type::getInt8Ty(module.getContext());
    out += pointerText(target, addrSpace);
    i = next;
  }
  return out;
}

/// The pointer-typed constant expressions `value` prints, outermost first.
static void collectExprs(const Value *value,
                         SmallVectorImpl<const ConstantExpr *> &exprs) {
  const auto *expr = dyn_cast<ConstantExpr>(value);
  if (!expr)
    return;
  if (expr->getType()->isPointerTy())
    exprs.push_back(expr);
  for (const Value *operand : expr->operands())
    collectExprs(operand, exprs);
}

void Printer::nameLocals(const Function &function) {
  locals.clear();
  slots.incorporateFunction(function);
  auto add = [&](const Value &value) {
    if (!value.getType()->isPointerTy())
      return;
    std::string name;
    raw_string_ostream os(name);
    value.printAsOperand(os, /*PrintType=*/false, slots);
    locals[name] = &value;
  };
  for (const Argument &arg : function.args())
    add(arg);
  for (const Instruction &inst : instructions(function))
    add(inst);
}

void Printer::print(raw_ostream &os) {
  for (const GlobalValue &global : module.global_values()) {
    std::string name;
    raw_string_ostream nameOS(name);
    global.printAsOperand(nameOS, /*PrintType=*/false, slots);
    globals[name] = &global;
  }
  // Resource symbols: `%T undef` in a record is the typed `%T* undef`.
  StringMap<std::string> symbolLines;
  for (const MDTuple *record : mlir::hlsl::dxil::getResourceRecords(module))
    if (const auto *symbol =
            dyn_cast_or_null<ConstantAsMetadata>(record->getOperand(1)))
      if (isa<UndefValue>(symbol->getValue()) &&
          !symbol->getType()->isPointerTy()) {
        std::string slot;
        raw_string_ostream slotOS(slot);
        record->printAsOperand(slotOS, slots, &module);
        symbolLines[slot] = typeText(symbol->getType()) + " undef";
      }

  std::string text;
  raw_string_ostream textOS(text);
  module.print(textOS, nullptr);

  auto function = module.begin();
  const Function *current = nullptr;
  std::vector<const Instruction *> bodyInsts;
  size_t nextInst = 0;
  StringRef rest = text;
  while (!rest.empty()) {
    auto [line, remainder] = rest.split('\n');
    bool lastLine = remainder.empty() && !rest.ends_with("\n");
    rest = remainder;
    const Instruction *lineInst = nullptr;
    if (line.starts_with("define ") || line.starts_with("declare ")) {
      current = function != module.end() ? &*function++ : nullptr;
      if (current && line.starts_with("define ")) {
        nameLocals(*current);
        bodyInsts.clear();
        nextInst = 0;
        for (const Instruction &i : instructions(*current))
          bodyInsts.push_back(&i);
      }
    } else if (line == "}") {
      current = nullptr;
      locals.clear();
    } else if (current && line.starts_with("  ") &&
               !line.ltrim().starts_with(";") && nextInst < bodyInsts.size()) {
      lineInst = bodyInsts[nextInst++];
      pendingExprs.clear();
      for (const Value *operand : lineInst->operands())
        collectExprs(operand, pendingExprs);
    }
    std::string rewritten = rewrite(line, lineInst);
    if (line.starts_with("!")) {
      StringRef slot = line.take_until([](char c) { return c == ' '; });
      if (auto it = symbolLines.find(slot); it != symbolLines.end()) {
        size_t at = rewritten.find(", " + it->second);
        if (at != std::string::npos)
          rewritten.insert(at + 2 + it->second.size() - strlen(" undef"), "*");
      }
    }
    os << rewritten;
    if (!lastLine)
      os << '\n';
  }
}

void mlir::hlsl::dxil::printWithTypedPointers(const Module &module,
                                              raw_ostream &os) {
  Printer(module).print(os);
}
