//===- ContainerDigest.cpp - The DXIL container's header digest -----------===//

#include "HLSL/Target/DXIL/ContainerDigest.h"

#include "llvm/Support/Endian.h"

#include <cstring>

using namespace mlir::hlsl::dxil;

namespace {

/// MD5's compression function (RFC 1321, section 3.4) on one 64-byte block.
class MD5State {
public:
  void compress(const uint8_t block[64]) {
    uint32_t x[16];
    for (unsigned i = 0; i < 16; ++i)
      x[i] = llvm::support::endian::read32le(block + 4 * i);
    uint32_t a = words[0], b = words[1], c = words[2], d = words[3];
    for (unsigned i = 0; i < 64; ++i) {
      uint32_t f;
      unsigned k;
      switch (i / 16) {
      case 0:
        f = (b & c) | (~b & d);
        k = i;
        break;
      case 1:
        f = (d & b) | (~d & c);
        k = (5 * i + 1) % 16;
        break;
      case 2:
        f = b ^ c ^ d;
        k = (3 * i + 5) % 16;
        break;
      default:
        f = c ^ (b | ~d);
        k = (7 * i) % 16;
        break;
      }
      uint32_t sum = a + f + kSines[i] + x[k];
      unsigned s = kShifts[i / 16][i % 4];
      a = d;
      d = c;
      c = b;
      b = b + ((sum << s) | (sum >> (32 - s)));
    }
    words[0] += a;
    words[1] += b;
    words[2] += c;
    words[3] += d;
  }

  ContainerDigest digest() const {
    ContainerDigest out;
    for (unsigned i = 0; i < 4; ++i)
      llvm::support::endian::write32le(out.data() + 4 * i, words[i]);
    return out;
  }

private:
  uint32_t words[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};

  static constexpr unsigned kShifts[4][4] = {
      {7, 12, 17, 22}, {5, 9, 14, 20}, {4, 11, 16, 23}, {6, 10, 15, 21}};
  // floor(abs(sin(i + 1)) * 2^32).
  static constexpr uint32_t kSines[64] = {
      0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a,
      0xa8304613, 0xfd469501, 0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be,
      0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821, 0xf61e2562, 0xc040b340,
      0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
      0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8,
      0x676f02d9, 0x8d2a4c8a, 0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c,
      0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70, 0x289b7ec6, 0xeaa127fa,
      0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
      0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92,
      0xffeff47d, 0x85845dd1, 0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1,
      0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};
};

llvm::Error checkContainer(llvm::ArrayRef<uint8_t> container) {
  if (container.size() < 32 || std::memcmp(container.data(), "DXBC", 4) != 0)
    return llvm::createStringError(llvm::inconvertibleErrorCode(),
                                   "not a DXBC container");
  uint32_t size = llvm::support::endian::read32le(container.data() + 24);
  if (size != container.size())
    return llvm::createStringError(
        llvm::inconvertibleErrorCode(),
        "the container header gives " + llvm::Twine(size) +
            " bytes, the file has " + llvm::Twine(container.size()));
  return llvm::Error::success();
}

} // namespace

ContainerDigest
mlir::hlsl::dxil::computeValidatorDigest(llvm::ArrayRef<uint8_t> bytes) {
  MD5State state;
  size_t full = bytes.size() / 64 * 64;
  for (size_t offset = 0; offset < full; offset += 64)
    state.compress(bytes.data() + offset);

  // The finalization differs from MD5's: the length in bits leads the last
  // block and 2 * length + 1 ends it. When the remaining bytes leave no room
  // for the leading word, they and the 0x80 marker take a block of their own.
  uint32_t length = static_cast<uint32_t>(bytes.size());
  size_t rest = bytes.size() - full;
  uint8_t block[64] = {};
  if (rest < 56) {
    llvm::support::endian::write32le(block, length << 3);
    // An empty input may have no data pointer at all.
    if (rest)
      std::memcpy(block + 4, bytes.data() + full, rest);
    block[4 + rest] = 0x80;
  } else {
    std::memcpy(block, bytes.data() + full, rest);
    block[rest] = 0x80;
    state.compress(block);
    std::memset(block, 0, sizeof(block));
    llvm::support::endian::write32le(block, length << 3);
  }
  llvm::support::endian::write32le(block + 60, (length << 1) | 1);
  state.compress(block);
  return state.digest();
}

ContainerDigest mlir::hlsl::dxil::bypassDigest() {
  ContainerDigest digest;
  digest.fill(0x01);
  return digest;
}

llvm::Error
mlir::hlsl::dxil::signContainer(llvm::MutableArrayRef<uint8_t> container) {
  if (llvm::Error error = checkContainer(container))
    return error;
  ContainerDigest digest =
      computeValidatorDigest(container.drop_front(kContainerDigestedFrom));
  std::memcpy(container.data() + kContainerDigestOffset, digest.data(),
              digest.size());
  return llvm::Error::success();
}

llvm::Error mlir::hlsl::dxil::markContainerBypass(
    llvm::MutableArrayRef<uint8_t> container) {
  if (llvm::Error error = checkContainer(container))
    return error;
  ContainerDigest digest = bypassDigest();
  std::memcpy(container.data() + kContainerDigestOffset, digest.data(),
              digest.size());
  return llvm::Error::success();
}

bool mlir::hlsl::dxil::hasValidDigest(llvm::ArrayRef<uint8_t> container) {
  if (llvm::Error error = checkContainer(container)) {
    llvm::consumeError(std::move(error));
    return false;
  }
  ContainerDigest digest =
      computeValidatorDigest(container.drop_front(kContainerDigestedFrom));
  return std::memcmp(container.data() + kContainerDigestOffset, digest.data(),
                     digest.size()) == 0;
}
