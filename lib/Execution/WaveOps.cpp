//===- WaveOps.cpp - DXIL's wave and quad operations on the CPU -----------===//
//
// Values travel as raw bits in a uint64_t. Integer arithmetic wraps at the
// operand's width; min and max compare as the op's signedness says. Float
// sums and products accumulate in the operand's precision (half in float)
// in ascending lane order.
//
//===----------------------------------------------------------------------===//

#include "WaveOps.h"

#include "HLSL/Target/DXIL/DXILOpcodes.h"

#include "llvm/ADT/APFloat.h"
#include "llvm/ADT/APInt.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace llvm;
using namespace mlir::hlsl::exec;

namespace {

unsigned byteSize(WaveValueType type) {
  switch (type) {
  case WaveValueType::I1:
    return 1;
  case WaveValueType::I16:
  case WaveValueType::F16:
    return 2;
  case WaveValueType::I32:
  case WaveValueType::F32:
    return 4;
  case WaveValueType::I64:
  case WaveValueType::F64:
    return 8;
  }
  return 4;
}

bool isFloat(WaveValueType type) {
  return type == WaveValueType::F16 || type == WaveValueType::F32 ||
         type == WaveValueType::F64;
}

uint64_t load(const WaveCall &call) {
  uint64_t bits = 0;
  std::memcpy(&bits, call.value, byteSize(call.type));
  if (call.type == WaveValueType::I1)
    bits &= 1;
  return bits;
}

void store(void *result, WaveValueType type, uint64_t bits) {
  if (type == WaveValueType::I1)
    bits = bits ? 1 : 0;
  std::memcpy(result, &bits, byteSize(type));
}

void storeBool(const WaveCall &call, bool value) {
  uint8_t byte = value;
  std::memcpy(call.result, &byte, 1);
}

void storeI32(const WaveCall &call, uint32_t value) {
  std::memcpy(call.result, &value, 4);
}

void storeMask(const WaveCall &call, const uint32_t mask[4]) {
  std::memcpy(call.result, mask, 16);
}

double toDouble(WaveValueType type, uint64_t bits) {
  switch (type) {
  case WaveValueType::F16: {
    APFloat value(APFloat::IEEEhalf(), APInt(16, bits));
    bool lost;
    value.convert(APFloat::IEEEdouble(), APFloat::rmNearestTiesToEven, &lost);
    return value.convertToDouble();
  }
  case WaveValueType::F32: {
    float f;
    uint32_t word = uint32_t(bits);
    std::memcpy(&f, &word, 4);
    return f;
  }
  default: {
    double d;
    std::memcpy(&d, &bits, 8);
    return d;
  }
  }
}

uint64_t fromDouble(WaveValueType type, double value) {
  switch (type) {
  case WaveValueType::F16: {
    APFloat half(value);
    bool lost;
    half.convert(APFloat::IEEEhalf(), APFloat::rmNearestTiesToEven, &lost);
    return half.bitcastToAPInt().getZExtValue();
  }
  case WaveValueType::F32: {
    float f = float(value);
    uint32_t word;
    std::memcpy(&word, &f, 4);
    return word;
  }
  default: {
    uint64_t bits;
    std::memcpy(&bits, &value, 8);
    return bits;
  }
  }
}

/// Rounds to the operand's precision after each step, as a GPU computing in
/// that precision would.
double roundTo(WaveValueType type, double value) {
  if (type == WaveValueType::F64)
    return value;
  return toDouble(type, fromDouble(type, value));
}

int64_t toSigned(WaveValueType type, uint64_t bits) {
  unsigned width = byteSize(type) * 8;
  if (type == WaveValueType::I1 || width == 64)
    return int64_t(bits);
  return int64_t(bits << (64 - width)) >> (64 - width);
}

uint64_t truncate(WaveValueType type, uint64_t bits) {
  unsigned width = byteSize(type) * 8;
  return width == 64 ? bits : bits & ((uint64_t(1) << width) - 1);
}

/// Combines two operands; `isUnsigned` matters for integer min and max.
uint64_t combine(Reduce op, WaveValueType type, bool isUnsigned, uint64_t a,
                 uint64_t b) {
  if (type == WaveValueType::F32 &&
      (op == Reduce::Sum || op == Reduce::Product)) {
    // One rounding, as float arithmetic does (a double sum rounded to
    // float would round twice).
    float x = float(toDouble(type, a)), y = float(toDouble(type, b));
    return fromDouble(type, op == Reduce::Sum ? x + y : x * y);
  }
  if (isFloat(type)) {
    double x = toDouble(type, a), y = toDouble(type, b), r = 0;
    switch (op) {
    case Reduce::Sum:
      r = roundTo(type, x + y);
      break;
    case Reduce::Product:
      r = roundTo(type, x * y);
      break;
    case Reduce::Min:
      r = std::isnan(x) ? y : std::isnan(y) ? x : std::min(x, y);
      break;
    case Reduce::Max:
      r = std::isnan(x) ? y : std::isnan(y) ? x : std::max(x, y);
      break;
    default:
      return a;
    }
    return fromDouble(type, r);
  }
  switch (op) {
  case Reduce::Sum:
    return truncate(type, a + b);
  case Reduce::Product:
    return truncate(type, a * b);
  case Reduce::Min:
    if (isUnsigned)
      return std::min(truncate(type, a), truncate(type, b));
    return toSigned(type, a) <= toSigned(type, b) ? a : b;
  case Reduce::Max:
    if (isUnsigned)
      return std::max(truncate(type, a), truncate(type, b));
    return toSigned(type, a) >= toSigned(type, b) ? a : b;
  case Reduce::And:
    return a & b;
  case Reduce::Or:
    return a | b;
  case Reduce::Xor:
    return a ^ b;
  }
  return a;
}

uint64_t identityOf(Reduce op, WaveValueType type) {
  switch (op) {
  case Reduce::Product:
    return isFloat(type) ? fromDouble(type, 1.0) : 1;
  case Reduce::And:
    return truncate(type, ~uint64_t(0));
  default:
    return 0;
  }
}

Reduce multiPrefixKind(uint32_t op) {
  static const Reduce kinds[] = {Reduce::Sum, Reduce::And, Reduce::Or,
                                 Reduce::Xor, Reduce::Product};
  return op < 5 ? kinds[op] : Reduce::Sum;
}

bool inMask(const uint32_t *mask, uint32_t lane) {
  return lane < 128 && (mask[lane / 32] >> (lane % 32)) & 1;
}

/// The participant at `lane`, if it takes part.
const WaveParticipant *find(ArrayRef<WaveParticipant> active, uint32_t lane) {
  for (const WaveParticipant &p : active)
    if (p.laneIndex == lane)
      return &p;
  return nullptr;
}
/// `a - b` of two float operands rounded once to their precision (a half
/// difference is exact in double; a float one is computed in float).
uint64_t difference(WaveValueType type, uint64_t a, uint64_t b) {
  if (type == WaveValueType::F32) {
    float x = float(toDouble(type, a)), y = float(toDouble(type, b));
    return fromDouble(type, double(x - y));
  }
  return fromDouble(type, toDouble(type, a) - toDouble(type, b));
}

/// A derivative across the quad of `lane`: the value of lane `to` minus
/// that of lane `from` (coarse ones from the quad's upper-left lane, fine
/// ones within the lane's row or column). A lane that is not active reads
/// as the lane itself (in compute all four must be active).
void quadDerivative(ArrayRef<WaveParticipant> active, const WaveParticipant &p,
                    uint32_t from, uint32_t to, void *result,
                    WaveValueType type, unsigned component) {
  auto valueOf = [&](uint32_t lane) {
    const WaveParticipant *q = find(active, lane);
    const uint8_t *bytes =
        static_cast<const uint8_t *>((q ? q : &p)->call->value);
    uint64_t bits = 0;
    std::memcpy(&bits, bytes + component * byteSize(type), byteSize(type));
    return bits;
  };
  uint64_t bits = difference(type, valueOf(to), valueOf(from));
  std::memcpy(static_cast<uint8_t *>(result) + component * byteSize(type),
              &bits, byteSize(type));
}
} // namespace

Reduce mlir::hlsl::exec::waveOpKind(uint32_t op) {
  static const Reduce kinds[] = {Reduce::Sum, Reduce::Product, Reduce::Min,
                                 Reduce::Max};
  return op < 4 ? kinds[op] : Reduce::Sum;
}

Reduce mlir::hlsl::exec::bitOpKind(uint32_t op) {
  static const Reduce kinds[] = {Reduce::And, Reduce::Or, Reduce::Xor};
  return op < 3 ? kinds[op] : Reduce::And;
}

void mlir::hlsl::exec::executeWaveOp(ArrayRef<WaveParticipant> active) {
  if (active.empty())
    return;
  const WaveCall &first = *active.front().call;
  WaveValueType type = first.type;
  bool isUnsigned = first.sign == 1;
  switch (first.opcode) {
  case dxil::WaveIsFirstLane:
    for (const WaveParticipant &p : active)
      storeBool(*p.call, &p == &active.front());
    return;
  case dxil::WaveAnyTrue:
  case dxil::WaveAllTrue: {
    bool any = false, all = true;
    for (const WaveParticipant &p : active) {
      bool value = load(*p.call) != 0;
      any |= value;
      all &= value;
    }
    for (const WaveParticipant &p : active)
      storeBool(*p.call, first.opcode == dxil::WaveAnyTrue ? any : all);
    return;
  }
  case dxil::WaveActiveAllEqual: {
    uint64_t a = load(first);
    bool equal = true;
    for (const WaveParticipant &p : active) {
      uint64_t b = load(*p.call);
      equal &= isFloat(type) ? toDouble(type, a) == toDouble(type, b)
                             : truncate(type, a) == truncate(type, b);
    }
    for (const WaveParticipant &p : active)
      storeBool(*p.call, equal);
    return;
  }
  case dxil::WaveActiveBallot: {
    uint32_t mask[4] = {0, 0, 0, 0};
    for (const WaveParticipant &p : active)
      if (load(*p.call) && p.laneIndex < 128)
        mask[p.laneIndex / 32] |= 1u << (p.laneIndex % 32);
    for (const WaveParticipant &p : active)
      storeMask(*p.call, mask);
    return;
  }
  case dxil::WaveReadLaneAt:
    for (const WaveParticipant &p : active) {
      const WaveParticipant *source = find(active, p.call->extra[0]);
      store(p.call->result, type, load(*(source ? source : &p)->call));
    }
    return;
  case dxil::WaveReadLaneFirst: {
    uint64_t value = load(first);
    for (const WaveParticipant &p : active)
      store(p.call->result, type, value);
    return;
  }
  case dxil::WaveActiveOp:
  case dxil::WaveActiveBit: {
    Reduce op = first.opcode == dxil::WaveActiveOp ? waveOpKind(first.op)
                                                   : bitOpKind(first.op);
    uint64_t result = load(first);
    for (const WaveParticipant &p : active.drop_front())
      result = combine(op, type, isUnsigned, result, load(*p.call));
    for (const WaveParticipant &p : active)
      store(p.call->result, type, result);
    return;
  }
  case dxil::WavePrefixOp: {
    Reduce op = waveOpKind(first.op);
    uint64_t running = identityOf(op, type);
    for (const WaveParticipant &p : active) {
      uint64_t value = load(*p.call);
      store(p.call->result, type, running);
      running = combine(op, type, isUnsigned, running, value);
    }
    return;
  }
  case dxil::WaveAllBitCount:
  case dxil::WavePrefixBitCount: {
    uint32_t count = 0, total = 0;
    for (const WaveParticipant &p : active)
      total += load(*p.call) != 0;
    for (const WaveParticipant &p : active) {
      storeI32(*p.call, first.opcode == dxil::WaveAllBitCount ? total : count);
      count += load(*p.call) != 0;
    }
    return;
  }
  case dxil::QuadReadLaneAt:
  case dxil::QuadOp:
    for (const WaveParticipant &p : active) {
      uint32_t source =
          first.opcode == dxil::QuadReadLaneAt
              ? (p.laneIndex & ~3u) + (p.call->extra[0] & 3u)
              : p.laneIndex ^ (std::min<uint32_t>(p.call->op, 2) + 1);
      const WaveParticipant *from = find(active, source);
      store(p.call->result, type, load(*(from ? from : &p)->call));
    }
    return;
  case dxil::DerivCoarseX:
  case dxil::DerivCoarseY:
  case dxil::DerivFineX:
  case dxil::DerivFineY:
    for (const WaveParticipant &p : active) {
      // Quad corners: bit 0 is the column, bit 1 the row.
      uint32_t axis =
          first.opcode == dxil::DerivCoarseX || first.opcode == dxil::DerivFineX
              ? 1u
              : 2u;
      bool coarse = first.opcode == dxil::DerivCoarseX ||
                    first.opcode == dxil::DerivCoarseY;
      uint32_t from = coarse ? p.laneIndex & ~3u : p.laneIndex & ~axis;
      quadDerivative(active, p, from, from | axis, p.call->result, type, 0);
    }
    return;
  case QuadGradientOpcode:
    // (u, v) -> coarse (ddx u, ddx v, ddy u, ddy v).
    for (const WaveParticipant &p : active) {
      uint32_t base = p.laneIndex & ~3u;
      auto *result = static_cast<uint8_t *>(p.call->result);
      for (unsigned c = 0; c < 2; ++c) {
        quadDerivative(active, p, base, base | 1, result, type, c);
        quadDerivative(active, p, base, base | 2, result + 8, type, c);
      }
    }
    return;
  case dxil::QuadVote:
    for (const WaveParticipant &p : active) {
      bool any = false, all = true;
      for (const WaveParticipant &q : active)
        if ((q.laneIndex & ~3u) == (p.laneIndex & ~3u)) {
          bool value = load(*q.call) != 0;
          any |= value;
          all &= value;
        }
      storeBool(*p.call, first.op == 1 ? all : any);
    }
    return;
  case dxil::WaveMatch:
    for (const WaveParticipant &p : active) {
      uint32_t mask[4] = {0, 0, 0, 0};
      uint64_t value = truncate(type, load(*p.call));
      for (const WaveParticipant &q : active)
        if (truncate(type, load(*q.call)) == value && q.laneIndex < 128)
          mask[q.laneIndex / 32] |= 1u << (q.laneIndex % 32);
      storeMask(*p.call, mask);
    }
    return;
  case dxil::WaveMultiPrefixOp:
  case dxil::WaveMultiPrefixBitCount:
    for (const WaveParticipant &p : active) {
      const uint32_t *mask = p.call->extra;
      Reduce op = multiPrefixKind(p.call->op);
      uint64_t running =
          first.opcode == dxil::WaveMultiPrefixOp ? identityOf(op, type) : 0;
      for (const WaveParticipant &q : active) {
        if (q.laneIndex >= p.laneIndex)
          break;
        if (!inMask(mask, q.laneIndex))
          continue;
        if (first.opcode == dxil::WaveMultiPrefixOp)
          running = combine(op, type, isUnsigned, running, load(*q.call));
        else
          running += load(*q.call) != 0;
      }
      if (first.opcode == dxil::WaveMultiPrefixOp)
        store(p.call->result, type, running);
      else
        storeI32(*p.call, uint32_t(running));
    }
    return;
  default:
    return;
  }
}
