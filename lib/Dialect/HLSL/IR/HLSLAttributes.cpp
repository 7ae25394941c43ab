//===- HLSLAttributes.cpp - hlsl dialect attributes -----------------------===//

#include "HLSL/Dialect/HLSL/IR/HLSLAttributes.h"
#include "HLSL/Dialect/HLSL/IR/HLSLDialect.h"

#include "mlir/IR/Builders.h"
#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"

using namespace mlir;
using namespace mlir::hlsl;

#define GET_ATTRDEF_CLASSES
#include "HLSL/Dialect/HLSL/IR/HLSLOpsAttributes.cpp.inc"

void HLSLDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "HLSL/Dialect/HLSL/IR/HLSLOpsAttributes.cpp.inc"
      >();
}

/// Parses the decimal number after a prefix such as `u` or `space`.
static std::optional<uint32_t> parseRegisterNumber(StringRef digits) {
  uint64_t value;
  if (digits.empty() || digits.getAsInteger(10, value) || value > UINT32_MAX)
    return std::nullopt;
  return static_cast<uint32_t>(value);
}

//===----------------------------------------------------------------------===//
// BindingAttr
//===----------------------------------------------------------------------===//

Attribute BindingAttr::parse(AsmParser &parser, Type) {
  std::optional<ResourceClass> registerClass;
  std::optional<uint32_t> lowerBound, orderId;
  uint32_t space = 0;
  auto parseItem = [&]() -> ParseResult {
    SMLoc loc = parser.getCurrentLocation();
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return failure();
    if (keyword == "order") {
      uint32_t order;
      if (parser.parseInteger(order))
        return failure();
      orderId = order;
      return success();
    }
    if (keyword.consume_front("space")) {
      std::optional<uint32_t> number = parseRegisterNumber(keyword);
      if (!number)
        return parser.emitError(loc, "expected a space number after 'space'");
      space = *number;
      return success();
    }
    std::optional<ResourceClass> cls =
        keyword.empty() ? std::nullopt
                        : getRegisterClassForLetter(keyword.front());
    std::optional<uint32_t> number =
        cls ? parseRegisterNumber(keyword.drop_front()) : std::nullopt;
    if (!number)
      return parser.emitError(loc, "expected a register such as 'u3', a "
                                   "'spaceN' or 'order N', got '")
             << keyword << "'";
    registerClass = cls;
    lowerBound = number;
    return success();
  };
  if (parser.parseCommaSeparatedList(AsmParser::Delimiter::LessGreater,
                                     parseItem))
    return {};
  return parser.getChecked<BindingAttr>(parser.getContext(), registerClass,
                                        lowerBound, space, orderId);
}

void BindingAttr::print(AsmPrinter &printer) const {
  SmallVector<std::string, 3> items;
  if (getLowerBound())
    items.push_back(std::string(1, getRegisterLetter(*getRegisterClass())) +
                    std::to_string(*getLowerBound()));
  if (getSpace() != 0 || (getLowerBound() && getOrderId()))
    items.push_back("space" + std::to_string(getSpace()));
  if (getOrderId())
    items.push_back("order " + std::to_string(*getOrderId()));
  printer << '<';
  llvm::interleaveComma(items, printer);
  printer << '>';
}

LogicalResult BindingAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                                  std::optional<ResourceClass> registerClass,
                                  std::optional<uint32_t> lowerBound, uint32_t,
                                  std::optional<uint32_t> orderId) {
  if (registerClass.has_value() != lowerBound.has_value())
    return emitError() << "binding register needs both a class and a number";
  if (!lowerBound && !orderId)
    return emitError() << "binding without a register needs an order id";
  return success();
}

//===----------------------------------------------------------------------===//
// PackOffsetAttr
//===----------------------------------------------------------------------===//

Attribute PackOffsetAttr::parse(AsmParser &parser, Type) {
  if (parser.parseLess())
    return {};
  SMLoc loc = parser.getCurrentLocation();
  uint32_t byteOffset = 0;
  OptionalParseResult integer = parser.parseOptionalInteger(byteOffset);
  if (integer.has_value()) {
    if (failed(*integer))
      return {};
  } else {
    StringRef keyword;
    if (parser.parseKeyword(&keyword))
      return {};
    // `c<row>[.<component>]`, as in HLSL's packoffset(c1.y).
    StringRef row = keyword, component;
    std::tie(row, component) = keyword.split('.');
    std::optional<uint32_t> rowNumber =
        row.consume_front("c") ? parseRegisterNumber(row) : std::nullopt;
    size_t componentIndex =
        component.empty() ? 0 : StringRef("xyzw").find(component);
    if (!rowNumber || component.size() > 1 ||
        componentIndex == StringRef::npos || *rowNumber > UINT32_MAX / 16) {
      parser.emitError(loc, "expected a packoffset such as 'c1.y' or a byte "
                            "offset, got '")
          << keyword << "'";
      return {};
    }
    byteOffset = *rowNumber * 16 + componentIndex * 4;
  }
  if (parser.parseGreater())
    return {};
  return parser.getChecked<PackOffsetAttr>(parser.getContext(), byteOffset);
}

void PackOffsetAttr::print(AsmPrinter &printer) const {
  uint32_t offset = getByteOffset();
  printer << '<';
  if (offset % 4 != 0) {
    printer << offset;
  } else {
    printer << 'c' << offset / 16;
    if (uint32_t component = (offset % 16) / 4)
      printer << '.' << "xyzw"[component];
  }
  printer << '>';
}

LogicalResult
PackOffsetAttr::verify(function_ref<InFlightDiagnostic()> emitError,
                       uint32_t byteOffset) {
  if (byteOffset % 4 != 0)
    return emitError() << "packoffset must be 4-byte aligned, got byte offset "
                       << byteOffset;
  return success();
}
