//===- ContainerHeader.cpp - a container as a C/C++ header ----------------===//

#include "HLSL/Driver/ContainerHeader.h"

#include "llvm/ADT/StringExtras.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/raw_ostream.h"

using namespace llvm;

std::string mlir::hlsl::formatContainerHeader(StringRef container,
                                              StringRef disassembly,
                                              StringRef variable) {
  std::string text;
  raw_string_ostream os(text);
  os << "#if 0\n" << disassembly;
  if (!disassembly.ends_with("\n"))
    os << "\n";
  os << "#endif\n\nconst unsigned char " << variable << "[] = {\n";
  for (size_t i = 0; i < container.size(); ++i) {
    os << (i % 12 == 0 ? "  " : " ") << format_hex(uint8_t(container[i]), 4);
    if (i + 1 < container.size())
      os << ",";
    if (i % 12 == 11 || i + 1 == container.size())
      os << "\n";
  }
  os << "};\n";
  return text;
}

bool mlir::hlsl::isValidHeaderVariableName(StringRef name) {
  if (name.empty() || isDigit(name.front()))
    return false;
  return all_of(name, [](char c) { return isAlnum(c) || c == '_'; });
}
