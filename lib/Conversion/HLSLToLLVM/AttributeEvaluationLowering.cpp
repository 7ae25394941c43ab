//===- AttributeEvaluationLowering.cpp - EvaluateAttribute* ---------------===//
//
// EvaluateAttributeCentroid/AtSample/Snapped and GetAttributeAtVertex read
// a pixel shader input again, interpolated elsewhere (or at one vertex).
// DXIL's operations name the input by signature element, row and column,
// which only the final code knows once the argument has become a
// loadInput. Here each component becomes a placeholder call
// `dx.op.<op>Of(opcode, value, extra...)` on the value; DXIL legalization
// (AttributeEvaluation.cpp) replaces it by the operation on the loadInput
// the optimized value is.
//
//===----------------------------------------------------------------------===//

#include "IntrinsicLowering.h"

#include "HLSL/Target/DXIL/DXILOpcodes.h"

using namespace mlir;
using namespace mlir::hlsl;

bool mlir::hlsl::isAttributeEvaluationIntrinsic(StringRef name) {
  return name == "EvaluateAttributeCentroid" ||
         name == "EvaluateAttributeAtSample" ||
         name == "EvaluateAttributeSnapped" || name == "GetAttributeAtVertex";
}

LogicalResult IntrinsicLowering::lowerAttributeEvaluation(
    IntrinsicOp op, StringRef name, ValueRange args,
    ConversionPatternRewriter &rewriter) const {
  Location loc = op.getLoc();
  DXILOpBuilder &dx = ctx.dx;
  if (ctx.stage != ShaderStage::Pixel)
    return op.emitError() << "'" << name
                          << "' is only allowed in pixel shaders";
  if (name == "GetAttributeAtVertex" && failed(requireShaderModel(op, name, 1)))
    return failure();
  // The operands after the value: a sample index, an offset (two
  // integers), a vertex index.
  SmallVector<Value> extra;
  unsigned opcode = dxil::EvalCentroid;
  StringRef placeholder = "evalCentroidOf";
  if (name == "EvaluateAttributeAtSample") {
    opcode = dxil::EvalSampleIndex;
    placeholder = "evalSampleIndexOf";
    extra.push_back(args[1]);
  } else if (name == "EvaluateAttributeSnapped") {
    opcode = dxil::EvalSnapped;
    placeholder = "evalSnappedOf";
    extra = scalarize(rewriter, loc, args[1], dx);
    if (extra.size() != 2)
      return op.emitError() << "'EvaluateAttributeSnapped' takes an int2 "
                               "offset";
  } else if (name == "GetAttributeAtVertex") {
    opcode = dxil::AttributeAtVertex;
    placeholder = "attributeAtVertexOf";
    extra.push_back(args[1]);
  }
  SmallVector<Value> results;
  for (Value component : scalarize(rewriter, loc, args[0], dx)) {
    Type type = component.getType();
    if (name != "GetAttributeAtVertex" && !isa<FloatType>(type))
      return op.emitError()
             << "'" << name << "' evaluates floating-point inputs only";
    SmallVector<Value> operands = {component};
    operands.append(extra);
    results.push_back(dx.call(rewriter, loc, placeholder, type, opcode, type,
                              operands, dxil::OpAttr::ReadNone));
  }
  Type type = getTypeConverter()->convertType(op.getType(0));
  rewriter.replaceOp(op, vectorize(rewriter, loc, type, results, dx));
  return success();
}
