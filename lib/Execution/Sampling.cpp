//===- Sampling.cpp - texture sampling on the CPU -------------------------===//
//
// D3D's sampling rules for 2D textures, as the offload-test-suite's
// samplers configure them: point or linear minification and magnification
// filters with point mip selection, one address mode for u and v, LOD bias
// and clamps, comparison functions, and Gather's 2x2 footprint. Texel
// centres are at half-integer coordinates; a linear filter blends the four
// texels around `coord * size - 0.5`; magnification is LOD <= 0; the point
// mip level is round(LOD). Pipeline samplers have a transparent black
// border; static samplers of the root signature their own colour and
// address mode per axis, and minimum/maximum filters.
//
//===----------------------------------------------------------------------===//

#include "Sampling.h"

#include "HLSL/Execution/Pipeline.h"

#include <algorithm>
#include <cmath>
#include <cstring>

using namespace mlir::hlsl::exec;

namespace {
struct Level {
  const RuntimeResource *texture;
  uint32_t index, width, height;
};

/// The index of the texture's smallest level.
uint32_t lastLevel(const RuntimeResource &texture) {
  return texture.mipLevels ? texture.mipLevels - 1 : 0;
}

Level getLevel(const RuntimeResource &texture, uint32_t index) {
  index = std::min(index, lastLevel(texture));
  return {&texture, index, std::max(1u, texture.width >> index),
          std::max(1u, texture.height >> index)};
}

/// The texel coordinate `i` of a level `size` texels wide after the address
/// mode, or -1 for the border.
int64_t address(AddressMode mode, int64_t i, int64_t size) {
  switch (mode) {
  case AddressMode::Clamp:
    return std::clamp<int64_t>(i, 0, size - 1);
  case AddressMode::Repeat:
    return ((i % size) + size) % size;
  case AddressMode::Mirror: {
    int64_t period = ((i % (2 * size)) + 2 * size) % (2 * size);
    return period < size ? period : 2 * size - 1 - period;
  }
  case AddressMode::MirrorOnce:
    return std::clamp<int64_t>(i < 0 ? -i - 1 : i, 0, size - 1);
  case AddressMode::Border:
    return i < 0 || i >= size ? -1 : i;
  }
  return -1;
}

/// The raw 32-bit words of texel (x, y)'s four components: missing
/// components read (0, 0, 0, 1) as D3D formats do; the border reads zero.
void fetch(const Level &level, const RuntimeSampler &sampler, int64_t x,
           int64_t y, uint32_t out[4]) {
  const RuntimeResource &texture = *level.texture;
  x = address(AddressMode(sampler.addressU), x, level.width);
  y = address(AddressMode(sampler.addressV), y, level.height);
  if (x < 0 || y < 0) {
    std::memcpy(out, sampler.border, 16);
    return;
  }
  const float one = 1.0f;
  for (unsigned c = 0; c < 4; ++c) {
    out[c] = 0;
    if (c == 3)
      std::memcpy(&out[c], &one, 4);
  }
  uint64_t offset =
      texture.mipOffsets[level.index] +
      (uint64_t(y) * level.width + uint64_t(x)) * texture.indexScale;
  for (unsigned c = 0; c < std::min(texture.channels, 4u); ++c) {
    uint64_t at = offset + uint64_t(c) * texture.componentSize;
    if (texture.componentSize != 4 || at + 4 > texture.size) {
      out[c] = 0;
      continue;
    }
    std::memcpy(&out[c], texture.data + at, 4);
  }
}

float asFloat(uint32_t bits) {
  float value;
  std::memcpy(&value, &bits, 4);
  return value;
}

uint32_t asBits(float value) {
  uint32_t bits;
  std::memcpy(&bits, &value, 4);
  return bits;
}

bool compare(CompareFunction function, float reference, float texel) {
  switch (function) {
  case CompareFunction::Never:
    return false;
  case CompareFunction::Less:
    return reference < texel;
  case CompareFunction::Equal:
    return reference == texel;
  case CompareFunction::LessEqual:
    return reference <= texel;
  case CompareFunction::Greater:
    return reference > texel;
  case CompareFunction::NotEqual:
    return reference != texel;
  case CompareFunction::GreaterEqual:
    return reference >= texel;
  case CompareFunction::Always:
    return true;
  }
  return false;
}

/// The four texels of the bilinear footprint of (u, v) at `level` and the
/// weights of the right and bottom ones.
struct Footprint {
  int64_t x0, y0;
  float a, b;
};

Footprint getFootprint(const Level &level, const SampleRequest &request) {
  float fx = request.coord[0] * float(level.width) - 0.5f;
  float fy = request.coord[1] * float(level.height) - 0.5f;
  float x0 = std::floor(fx), y0 = std::floor(fy);
  return {int64_t(x0) + request.offset[0], int64_t(y0) + request.offset[1],
          fx - x0, fy - y0};
}

/// A filtered sample of `level`; with a comparison, each texel's red
/// component compared with the reference.
void filter(const Level &level, const RuntimeSampler &sampler, FilterMode mode,
            const SampleRequest &request, bool comparison, uint32_t out[4]) {
  auto texel = [&](int64_t x, int64_t y, float value[4]) {
    uint32_t bits[4];
    fetch(level, sampler, x, y, bits);
    for (unsigned c = 0; c < 4; ++c)
      value[c] = asFloat(bits[c]);
    if (comparison) {
      float passed = compare(CompareFunction(sampler.compare),
                             request.compareValue, value[0])
                         ? 1.0f
                         : 0.0f;
      for (unsigned c = 0; c < 4; ++c)
        value[c] = passed;
    }
  };
  float result[4];
  if (mode == FilterMode::Nearest) {
    int64_t x = int64_t(std::floor(request.coord[0] * float(level.width))) +
                request.offset[0];
    int64_t y = int64_t(std::floor(request.coord[1] * float(level.height))) +
                request.offset[1];
    texel(x, y, result);
  } else {
    Footprint f = getFootprint(level, request);
    float t00[4], t10[4], t01[4], t11[4];
    texel(f.x0, f.y0, t00);
    texel(f.x0 + 1, f.y0, t10);
    texel(f.x0, f.y0 + 1, t01);
    texel(f.x0 + 1, f.y0 + 1, t11);
    for (unsigned c = 0; c < 4; ++c) {
      if (sampler.reduction >= 2) {
        // Minimum/maximum filters: the extreme of the texels read.
        auto pick = [&](float a, float b) {
          return sampler.reduction == 2 ? std::min(a, b) : std::max(a, b);
        };
        result[c] = pick(pick(t00[c], t10[c]), pick(t01[c], t11[c]));
        continue;
      }
      float top = t00[c] + (t10[c] - t00[c]) * f.a;
      float bottom = t01[c] + (t11[c] - t01[c]) * f.a;
      result[c] = top + (bottom - top) * f.b;
    }
  }
  for (unsigned c = 0; c < 4; ++c)
    out[c] = asBits(result[c]);
}
} // namespace

extern "C" void hlslrt_sample(const RuntimeResource *texture,
                              const RuntimeResource *samplerRecord,
                              const SampleRequest *request, uint32_t *out) {
  std::fill(out, out + 4, 0u);
  if (!texture || !samplerRecord || !samplerRecord->data || !texture->width)
    return;
  const auto &sampler =
      *reinterpret_cast<const RuntimeSampler *>(samplerRecord->data);
  bool comparison = request->op == SampleRequest::GatherCmp ||
                    request->op == SampleRequest::SampleCmpLevel ||
                    request->op == SampleRequest::SampleCmpGrad;

  if (request->op == SampleRequest::Gather ||
      request->op == SampleRequest::GatherCmp) {
    // The 2x2 footprint of level 0, component `channel` of each texel in
    // the order (x0, y1), (x1, y1), (x1, y0), (x0, y0).
    Level level = getLevel(*texture, 0);
    Footprint f = getFootprint(level, *request);
    const int64_t corners[4][2] = {
        {f.x0, f.y0 + 1}, {f.x0 + 1, f.y0 + 1}, {f.x0 + 1, f.y0}, {f.x0, f.y0}};
    for (unsigned i = 0; i < 4; ++i) {
      uint32_t bits[4];
      fetch(level, sampler, corners[i][0], corners[i][1], bits);
      if (comparison)
        out[i] = asBits(compare(CompareFunction(sampler.compare),
                                request->compareValue, asFloat(bits[0]))
                            ? 1.0f
                            : 0.0f);
      else
        out[i] = bits[std::min(request->channel, 3u)];
    }
    return;
  }

  float lod = request->lod;
  if (request->op == SampleRequest::SampleGrad ||
      request->op == SampleRequest::SampleCmpGrad ||
      request->op == SampleRequest::CalculateLOD) {
    float w = float(texture->width), h = float(texture->height);
    float dx = std::hypot(request->ddx[0] * w, request->ddx[1] * h);
    float dy = std::hypot(request->ddy[0] * w, request->ddy[1] * h);
    float rho = std::max(dx, dy);
    lod = rho > 0 ? std::log2(rho) : -INFINITY;
  }
  lod += sampler.mipLODBias + request->bias;
  if (request->op == SampleRequest::CalculateLOD) {
    // Unclamped: as computed; clamped: to the sampler's LOD range and the
    // texture's levels.
    if (request->channel) {
      lod = std::clamp(lod, sampler.minLOD, sampler.maxLOD);
      lod = std::clamp(lod, 0.0f, float(lastLevel(*texture)));
    }
    out[0] = asBits(lod);
    return;
  }
  lod = std::clamp(lod, sampler.minLOD, sampler.maxLOD);
  lod = std::max(lod, request->minLOD);
  bool magnify = !(lod > 0);
  FilterMode mode = FilterMode(magnify ? sampler.magFilter : sampler.minFilter);
  uint32_t index = 0;
  if (!magnify)
    index = uint32_t(std::min(std::floor(lod + 0.5f), 31.0f));
  filter(getLevel(*texture, index), sampler, mode, *request, comparison, out);
}
