//===- DXILOpcodes.h - DXIL operation opcodes -------------------*- C++ -*-===//
//
// The opcodes (first argument of every `dx.op.*` call) that the lowering
// emits and hlsl-run executes, with DXC's names (DxilConstants.h OpCode;
// see docs/dxil-reference.md).
//
//===----------------------------------------------------------------------===//

#ifndef HLSL_TARGET_DXIL_DXILOPCODES_H
#define HLSL_TARGET_DXIL_DXILOPCODES_H

#include "llvm/ADT/StringRef.h"

namespace mlir::hlsl::dxil {

enum Opcode : unsigned {
  LoadInput = 4,
  StoreOutput = 5,
  FAbs = 6,
  Saturate = 7,
  IsNaN = 8,
  IsInf = 9,
  IsFinite = 10,
  IsNormal = 11,
  Cos = 12,
  Sin = 13,
  Tan = 14,
  Acos = 15,
  Asin = 16,
  Atan = 17,
  Hcos = 18,
  Hsin = 19,
  Htan = 20,
  Exp = 21,
  Frc = 22,
  Log = 23,
  Sqrt = 24,
  Rsqrt = 25,
  RoundNe = 26,
  RoundNi = 27,
  RoundPi = 28,
  RoundZ = 29,
  Bfrev = 30,
  Countbits = 31,
  FirstbitLo = 32,
  FirstbitHi = 33,
  FirstbitSHi = 34,
  FMax = 35,
  FMin = 36,
  IMax = 37,
  IMin = 38,
  UMax = 39,
  UMin = 40,
  IMul = 41,
  UMul = 42,
  UDiv = 43,
  UAddc = 44,
  USubb = 45,
  FMad = 46,
  Fma = 47,
  IMad = 48,
  UMad = 49,
  Msad = 50,
  Ibfe = 51,
  Ubfe = 52,
  Bfi = 53,
  Dot2 = 54,
  Dot3 = 55,
  Dot4 = 56,
  CreateHandle = 57,
  CBufferLoadLegacy = 59,
  Sample = 60,
  SampleBias = 61,
  SampleLevel = 62,
  SampleGrad = 63,
  SampleCmp = 64,
  SampleCmpLevelZero = 65,
  TextureLoad = 66,
  TextureStore = 67,
  BufferLoad = 68,
  BufferStore = 69,
  BufferUpdateCounter = 70,
  CheckAccessFullyMapped = 71,
  GetDimensions = 72,
  TextureGather = 73,
  TextureGatherCmp = 74,
  Texture2DMSGetSamplePosition = 75,
  RenderTargetGetSamplePosition = 76,
  RenderTargetGetSampleCount = 77,
  AtomicBinOp = 78,
  AtomicCompareExchange = 79,
  Barrier = 80,
  CalculateLOD = 81,
  Discard = 82,
  DerivCoarseX = 83,
  DerivCoarseY = 84,
  DerivFineX = 85,
  DerivFineY = 86,
  EvalSnapped = 87,
  EvalSampleIndex = 88,
  EvalCentroid = 89,
  Coverage = 91,
  InnerCoverage = 92,
  ThreadId = 93,
  GroupId = 94,
  ThreadIdInGroup = 95,
  FlattenedThreadIdInGroup = 96,
  EmitStream = 97,
  CutStream = 98,
  EmitThenCutStream = 99,
  MakeDouble = 101,
  SplitDouble = 102,
  LoadOutputControlPoint = 103,
  LoadPatchConstant = 104,
  StorePatchConstant = 106,
  LegacyF32ToF16 = 130,
  LegacyF16ToF32 = 131,
  AttributeAtVertex = 137,
  Dot2AddHalf = 162,
  Dot4AddI8Packed = 163,
  Dot4AddU8Packed = 164,
  ViewID = 138,
  WaveIsFirstLane = 110,
  WaveGetLaneIndex = 111,
  WaveGetLaneCount = 112,
  WaveAnyTrue = 113,
  WaveAllTrue = 114,
  WaveActiveAllEqual = 115,
  WaveActiveBallot = 116,
  WaveReadLaneAt = 117,
  WaveReadLaneFirst = 118,
  WaveActiveOp = 119,
  WaveActiveBit = 120,
  WavePrefixOp = 121,
  QuadReadLaneAt = 122,
  QuadOp = 123,
  WaveAllBitCount = 135,
  WavePrefixBitCount = 136,
  WaveMatch = 165,
  Unpack4x8 = 219,
  Pack4x8 = 220,
  WaveMultiPrefixOp = 166,
  WaveMultiPrefixBitCount = 167,
  QuadVote = 222,
  RawBufferLoad = 139,
  RawBufferStore = 140,
  CreateHandleForLib = 160,
  StoreVertexOutput = 171,
  StorePrimitiveOutput = 172,
  WriteSamplerFeedback = 174,
  WriteSamplerFeedbackBias = 175,
  WriteSamplerFeedbackLevel = 176,
  WriteSamplerFeedbackGrad = 177,
  AllocateRayQuery = 178,
  RayQuery_TraceRayInline = 179,
  RayQuery_Proceed = 180,
  RayQuery_Abort = 181,
  RayQuery_CommitNonOpaqueTriangleHit = 182,
  RayQuery_CommitProceduralPrimitiveHit = 183,
  GeometryIndex = 213,
  AnnotateHandle = 216,
  CreateHandleFromBinding = 217,
  CreateHandleFromHeap = 218,
  IsHelperLane = 221,
  TextureGatherRaw = 223,
  SampleCmpLevel = 224,
  TextureStoreSample = 225,
  BarrierByMemoryType = 244,
  BarrierByMemoryHandle = 245,
  BarrierByNodeRecordHandle = 246,
  SampleCmpGrad = 254,
  SampleCmpBias = 255,
  StartVertexLocation = 256,
  StartInstanceLocation = 257,
  AllocateRayQuery2 = 258,
  RawBufferVectorLoad = 303,
  RawBufferVectorStore = 304,
  VectorReduceAnd = 309,
  VectorReduceOr = 310,
  FDot = 311,
};

/// The wave and quad operations (the WaveOps shader flag's opcodes).
inline bool isWaveOpcode(unsigned opcode) {
  return (opcode >= WaveIsFirstLane && opcode <= QuadOp) ||
         opcode == WaveAllBitCount || opcode == WavePrefixBitCount ||
         (opcode >= WaveMatch && opcode <= WaveMultiPrefixBitCount) ||
         opcode == QuadVote;
}

/// The explicit derivative operations (ddx/ddy, coarse and fine).
inline bool isDerivativeOpcode(unsigned opcode) {
  return opcode >= DerivCoarseX && opcode <= DerivFineY;
}

/// The operations that take implicit derivatives of their coordinates
/// from the quad.
inline bool usesImplicitDerivatives(unsigned opcode) {
  return opcode == Sample || opcode == SampleBias || opcode == SampleCmp ||
         opcode == SampleCmpBias || opcode == CalculateLOD;
}

/// The operations some stages may not use: derivatives (explicit and
/// implicit), discard, render target queries, the implicit-LOD sampler
/// feedback writes and the quad operations.
inline bool isStageRestricted(unsigned opcode) {
  return isDerivativeOpcode(opcode) || usesImplicitDerivatives(opcode) ||
         opcode == Discard || opcode == RenderTargetGetSampleCount ||
         opcode == RenderTargetGetSamplePosition ||
         opcode == WriteSamplerFeedback || opcode == WriteSamplerFeedbackBias ||
         opcode == QuadOp || opcode == QuadReadLaneAt || opcode == QuadVote;
}

/// The attribute of an LLVM dialect call, and after translation the
/// metadata of the call, that holds why the shader's stage may not use
/// that stage-restricted operation (the error if the optimizer keeps it).
inline constexpr llvm::StringLiteral kStageErrorName = "hlsl.stage_error";

/// Barrier mode bits (the Barrier operand).
enum BarrierMode : unsigned {
  BarrierSyncThreadGroup = 1,
  BarrierUAVFenceGlobal = 2,
  BarrierUAVFenceThreadGroup = 4,
  BarrierTGSMFence = 8,
};

} // namespace mlir::hlsl::dxil

#endif // HLSL_TARGET_DXIL_DXILOPCODES_H
