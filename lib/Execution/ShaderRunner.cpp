//===- ShaderRunner.cpp - run a compute shader on the CPU -----------------===//
//
// The container's module is read with LLVM 22 (under crash recovery: the
// container may come from anywhere), lowered for the host, optimized and
// compiled with ORC's LLJIT. Groups are handed out to worker threads. A
// group whose shader never synchronizes runs its lanes one after another;
// otherwise each lane is a fiber (Fiber.h) and GroupMemoryBarrierWith-
// GroupSync switches back to the group's scheduler, which resumes the
// lanes once all of them have arrived.
//
//===----------------------------------------------------------------------===//

#include "HLSL/Execution/ShaderRunner.h"
#include "Fiber.h"
#include "HLSL/Driver/ContainerFromModule.h"
#include "HLSL/Execution/HostLowering.h"
#include "HLSL/Execution/RuntimeABI.h"
#include "HLSL/Target/DXIL/BitcodeWriter.h"
#include "HLSL/Target/DXIL/ContainerReader.h"
#include "Sampling.h"
#include "WaveOps.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ExecutionEngine/Orc/AbsoluteSymbols.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/ThreadSafeModule.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/Passes/PassBuilder.h"
#include "llvm/Support/CrashRecoveryContext.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Target/TargetMachine.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>

#include <sys/mman.h>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif

using namespace llvm;
using namespace mlir::hlsl;
using namespace mlir::hlsl::exec;

static Error makeError(const Twine &message) {
  return createStringError(inconvertibleErrorCode(), message);
}

namespace mlir::hlsl::exec {
/// Everything the lanes of one dispatch share.
class DispatchState {
public:
  using Key = std::tuple<unsigned, unsigned, unsigned>;
  DenseMap<Key, RuntimeResource *> bindings;
  std::vector<std::unique_ptr<RuntimeResource>> resources;
  std::vector<std::unique_ptr<RuntimeSampler>> samplers;
  /// What an unbound register reads: nothing.
  RuntimeResource unbound;

  std::array<uint32_t, 3> numThreads = {1, 1, 1};
  std::array<uint32_t, 3> groupCount = {1, 1, 1};
  uint64_t groupSharedBytes = 0;
  bool usesGroupSync = false;
  bool usesWaveOps = false;
  uint32_t waveSize = 32;
  /// Run with fp32 denormals flushed to zero (inputs and results), as GPUs
  /// do in DXIL's default fp32 denorm mode; only for shaders without
  /// doubles, whose denormals DXIL keeps (the CPU flushes both or neither).
  bool flushDenormals = false;
  /// The JIT-compiled lane and group functions (HostLowering.h).
  void (*lane)(GroupContext *, uint32_t, uint32_t, uint32_t) = nullptr;
  void (*group)(GroupContext *) = nullptr;
  /// The lockstep wave function and the size of a wave's frames, when the
  /// shader has one (its lanes then need no fibers).
  void (*wave)(GroupContext *, uint32_t, uint32_t, uint8_t *) = nullptr;
  uint64_t waveFrameBytes = 0;
  /// The lockstep group function and the size of a group's frames, when the
  /// shader has one.
  void (*groupLockstep)(GroupContext *, uint8_t *) = nullptr;
  uint64_t groupFrameBytes = 0;
  /// The records of UAVs with a counter the output reports (HasCounter):
  /// buffer, array element, record.
  std::vector<std::tuple<Buffer *, uint32_t, const RuntimeResource *>> counters;

  std::mutex errorMutex;
  std::string firstError;

  void recordError(const std::string &message) {
    std::lock_guard<std::mutex> lock(errorMutex);
    if (firstError.empty())
      firstError = message;
  }
};
} // namespace mlir::hlsl::exec

//===----------------------------------------------------------------------===//
// The runtime functions shaders call
//===----------------------------------------------------------------------===//

namespace {
class GroupRunner;

/// One lane of a group that synchronizes: a fiber.
struct Lane {
  GroupRunner *runner = nullptr;
  uint32_t id[3] = {0, 0, 0};
  Fiber fiber;
  /// With wave operations: what the lane waits for, the wave operation it
  /// waits at and in which iterations of the loops around it.
  enum class Wait { None, Barrier, Wave } wait = Wait::None;
  uint32_t callSite = 0;
  WaveCall call;
  std::vector<std::pair<uint32_t, uint32_t>> iterations;

  bool atSameCall(const Lane &other) const {
    return callSite == other.callSite && iterations == other.iterations;
  }
  /// Whether this lane's call comes before `other`'s: an earlier iteration
  /// of a loop around both, else earlier in the code.
  bool before(const Lane &other) const {
    for (size_t i = 0; i < std::min(iterations.size(), other.iterations.size());
         ++i) {
      if (iterations[i].first != other.iterations[i].first)
        break;
      if (iterations[i].second != other.iterations[i].second)
        return iterations[i].second < other.iterations[i].second;
    }
    return callSite < other.callSite;
  }
};

/// The group running as fibers on this OS thread, if any.
thread_local GroupRunner *currentRunner = nullptr;
} // namespace

static std::string describeRegister(unsigned cls, uint32_t reg,
                                    uint32_t space) {
  if (cls == ResourceHeapClass || cls == SamplerHeapClass)
    return std::string(cls == ResourceHeapClass ? "resource" : "sampler") +
           " descriptor heap entry " + std::to_string(reg);
  return std::string(1, getRegisterLetter(cls)) + std::to_string(reg) +
         " (space " + std::to_string(space) + ")";
}

extern "C" RuntimeResource *hlslrt_resource(GroupContext *group,
                                            uint32_t resourceClass,
                                            uint32_t space, uint32_t reg) {
  DispatchState &state = *group->dispatch;
  auto it = state.bindings.find({resourceClass, space, reg});
  if (it != state.bindings.end())
    return it->second;
  state.recordError("the shader accessed " +
                    describeRegister(resourceClass, reg, space) +
                    ", which the pipeline does not bind");
  return &state.unbound;
}

//===----------------------------------------------------------------------===//
// Running groups
//===----------------------------------------------------------------------===//

/// For functions that call JIT-compiled code through a pointer: the
/// UndefinedBehaviorSanitizer's function check reads a signature in front
/// of the callee, which JIT-compiled functions do not have (and the bytes
/// in front of the first one may be unmapped).
#if defined(__clang__)
#define HLSL_CALLS_JIT_CODE __attribute__((no_sanitize("function")))
#else
#define HLSL_CALLS_JIT_CODE
#endif

namespace {
/// Fiber stacks: JIT-compiled shaders keep local arrays on the stack.
constexpr size_t FiberStackSize = 512 * 1024;

class GroupRunner {
public:
  explicit GroupRunner(DispatchState &state) : state(state) {
    uint32_t lanes =
        state.numThreads[0] * state.numThreads[1] * state.numThreads[2];
    this->lanes.resize(lanes);
    groupShared.resize(state.groupSharedBytes + 16);
    if (state.wave || state.groupLockstep) {
      // Lockstep waves or groups: the frames of a wave or group.
      uint64_t bytes =
          state.wave ? state.waveFrameBytes : state.groupFrameBytes;
      frames.reset(
          static_cast<uint8_t *>(std::aligned_alloc(64, alignTo(bytes, 64))));
      return;
    }
    if ((state.usesGroupSync || state.usesWaveOps) && lanes > 1) {
      stackBytes = size_t(lanes) * FiberStackSize;
      void *memory = mmap(nullptr, stackBytes, PROT_READ | PROT_WRITE,
                          MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE, -1, 0);
      stacks = memory == MAP_FAILED ? nullptr : static_cast<uint8_t *>(memory);
    }
  }
  ~GroupRunner() {
    if (stacks)
      munmap(stacks, stackBytes);
  }

  bool canRun() const {
    if (state.wave || state.groupLockstep)
      return frames != nullptr;
    return !((state.usesGroupSync || state.usesWaveOps) && lanes.size() > 1) ||
           stacks;
  }

  HLSL_CALLS_JIT_CODE void run(uint32_t gx, uint32_t gy, uint32_t gz) {
    std::fill(groupShared.begin(), groupShared.end(), 0);
    group.groupId[0] = gx, group.groupId[1] = gy, group.groupId[2] = gz;
    group.groupShared = groupShared.data();
    group.dispatch = &state;
    if (state.wave) {
      for (uint32_t base = 0; base < lanes.size(); base += state.waveSize) {
        uint32_t count =
            std::min<uint32_t>(state.waveSize, lanes.size() - base);
        state.wave(&group, base, count, frames.get());
      }
      return;
    }
    if (state.groupLockstep) {
      state.groupLockstep(&group, frames.get());
      return;
    }
    if (!stacks) {
      state.group(&group);
      return;
    }
    runAsFibers();
  }

  /// At a barrier: the next unfinished lane of this round continues; after
  /// the last one, the scheduler starts the next round. With wave
  /// operations the scheduler decides (runWaves).
  void sync() {
    Lane &lane = lanes[running];
    if (state.usesWaveOps) {
      lane.wait = Lane::Wait::Barrier;
      lane.fiber.yield();
      return;
    }
    for (uint32_t next = running + 1; next < lanes.size(); ++next)
      if (!lanes[next].fiber.isDone()) {
        running = next;
        lane.fiber.switchTo(lanes[next].fiber);
        return;
      }
    lane.fiber.yield();
  }

  /// At a wave operation: waits until the scheduler has executed it for
  /// the lanes that reach it together.
  void waveOp(uint32_t callSite, const WaveCall &call,
              const uint32_t *iterations, uint32_t depth) {
    Lane &lane = lanes[running];
    lane.wait = Lane::Wait::Wave;
    lane.callSite = callSite;
    lane.call = call;
    lane.iterations.clear();
    for (uint32_t i = 0; i < depth; ++i)
      lane.iterations.push_back({iterations[2 * i], iterations[2 * i + 1]});
    lane.fiber.yield();
  }

private:
  HLSL_CALLS_JIT_CODE static void runLane(void *argument) {
    auto *lane = static_cast<Lane *>(argument);
    GroupRunner &runner = *lane->runner;
    runner.state.lane(&runner.group, lane->id[0], lane->id[1], lane->id[2]);
    --runner.unfinished;
  }

  void runAsFibers() {
    const std::array<uint32_t, 3> &n = state.numThreads;
    for (size_t i = 0; i < lanes.size(); ++i) {
      Lane &lane = lanes[i];
      lane.runner = this;
      laneThreadId(uint32_t(i), n.data(), lane.id);
      // Stagger the stack tops by a cache line per lane: stacks that start
      // at the same offset in their pages compete for the same cache sets.
      size_t stagger = (i % 64) * 64;
      lane.fiber.reset(scheduler, stacks + i * FiberStackSize,
                       FiberStackSize - stagger, runLane, &lane);
    }
    unfinished = lanes.size();
    currentRunner = this;
    if (state.usesWaveOps) {
      runWaves();
      currentRunner = nullptr;
      return;
    }
    // Lanes pass control along at barriers; control comes back here after
    // the last lane of a round waits, or when a lane ends (then the round
    // goes on with the lanes after it).
    uint32_t next = 0;
    while (unfinished) {
      while (next < lanes.size() && lanes[next].fiber.isDone())
        ++next;
      if (next == lanes.size()) {
        next = 0;
        continue;
      }
      running = next;
      lanes[next].fiber.resume();
      next = running + 1;
    }
    currentRunner = nullptr;
  }

  /// Runs the lanes until each waits (at a barrier or a wave operation)
  /// or ends; then, in every wave, the lanes waiting at the first wave
  /// operation (Lane::before) execute it together: they are its active
  /// lanes. Lanes that took another path, are still behind, or have ended
  /// are not. When no wave operation waits, every lane is at the barrier
  /// and all go on.
  void runWaves() {
    for (Lane &lane : lanes)
      lane.wait = Lane::Wait::None;
    uint32_t waveSize = state.waveSize;
    std::vector<WaveParticipant> active;
    while (unfinished) {
      bool ran = false;
      for (uint32_t i = 0; i < lanes.size(); ++i)
        if (!lanes[i].fiber.isDone() && lanes[i].wait == Lane::Wait::None) {
          running = i;
          lanes[i].fiber.resume();
          ran = true;
        }
      if (ran || !unfinished)
        continue;
      bool executed = false;
      for (uint32_t base = 0; base < lanes.size(); base += waveSize) {
        uint32_t end = std::min<uint32_t>(base + waveSize, lanes.size());
        auto waiting = [&](uint32_t i) {
          return !lanes[i].fiber.isDone() && lanes[i].wait == Lane::Wait::Wave;
        };
        const Lane *first = nullptr;
        for (uint32_t i = base; i < end; ++i)
          if (waiting(i) && (!first || lanes[i].before(*first)))
            first = &lanes[i];
        if (!first)
          continue;
        active.clear();
        for (uint32_t i = base; i < end; ++i)
          if (waiting(i) && lanes[i].atSameCall(*first))
            active.push_back({i - base, &lanes[i].call});
        executeWaveOp(active);
        for (const WaveParticipant &p : active)
          lanes[base + p.laneIndex].wait = Lane::Wait::None;
        executed = true;
      }
      if (executed)
        continue;
      for (Lane &lane : lanes)
        if (lane.wait == Lane::Wait::Barrier)
          lane.wait = Lane::Wait::None;
    }
  }

  DispatchState &state;
  GroupContext group;
  std::vector<Lane> lanes;
  FiberScheduler scheduler;
  /// The lane running now and how many have not ended.
  uint32_t running = 0;
  size_t unfinished = 0;
  std::vector<uint8_t> groupShared;
  /// Lockstep waves or groups (DispatchState::wave, groupLockstep): the
  /// lanes' frames of a wave or of the group.
  struct FreeDeleter {
    void operator()(uint8_t *memory) const { std::free(memory); }
  };
  std::unique_ptr<uint8_t, FreeDeleter> frames;
  uint8_t *stacks = nullptr;
  size_t stackBytes = 0;
};
} // namespace

extern "C" void hlslrt_group_sync(GroupContext *) {
  // Groups of one lane run without fibers: nothing to wait for.
  if (currentRunner)
    currentRunner->sync();
}

extern "C" void hlslrt_wave(GroupContext *, uint32_t callSite, uint32_t opcode,
                            uint32_t type, uint32_t op, uint32_t sign,
                            const void *value, const uint32_t *extra,
                            void *result, const uint32_t *iterations,
                            uint32_t depth) {
  WaveCall call(opcode, type, op, sign, value, extra, result);
  if (currentRunner) {
    currentRunner->waveOp(callSite, call, iterations, depth);
    return;
  }
  // A group of one lane: it is the only active lane of its wave.
  WaveParticipant self{0, &call};
  executeWaveOp(self);
}

/// A wave operation of a wave run in lockstep (HostWaveFunctionName): every
/// lane of the wave takes part; lane i's operand, extra words and result
/// are at base + i * stride in the wave's frames.
extern "C" void hlslrt_wave_lockstep(GroupContext *, uint32_t opcode,
                                     uint32_t type, uint32_t op, uint32_t sign,
                                     uint8_t *frames, uint64_t valueBase,
                                     uint64_t valueStride, uint64_t extraBase,
                                     uint64_t extraStride, uint64_t resultBase,
                                     uint64_t resultStride, uint32_t count) {
  thread_local std::vector<WaveCall> calls;
  thread_local std::vector<WaveParticipant> active;
  calls.resize(count);
  active.resize(count);
  for (uint32_t i = 0; i < count; ++i) {
    calls[i] =
        WaveCall(opcode, type, op, sign, frames + valueBase + i * valueStride,
                 reinterpret_cast<const uint32_t *>(frames + extraBase +
                                                    i * extraStride),
                 frames + resultBase + i * resultStride);
    active[i] = {i, &calls[i]};
  }
  executeWaveOp(active);
}

static Error dispatch(DispatchState &state, unsigned jobs) {
  uint64_t groups =
      uint64_t(state.groupCount[0]) * state.groupCount[1] * state.groupCount[2];
  if (jobs == 0)
    jobs = std::max(1u, std::thread::hardware_concurrency());
  jobs = unsigned(std::min<uint64_t>(jobs, groups));
  // Enough chunks per worker that they finish together.
  uint64_t chunk = std::clamp<uint64_t>(groups / (uint64_t(jobs) * 32), 1, 64);
  std::atomic<uint64_t> next{0};
  std::atomic<bool> outOfMemory{false};
  auto work = [&] {
#if defined(__x86_64__)
    // MXCSR: DAZ (bit 6) and FTZ (bit 15); fibers start with this value.
    unsigned savedCSR = _mm_getcsr();
    if (state.flushDenormals)
      _mm_setcsr(savedCSR | 0x8040);
    llvm::scope_exit restore([&] { _mm_setcsr(savedCSR); });
#endif
    GroupRunner runner(state);
    if (!runner.canRun()) {
      outOfMemory = true;
      return;
    }
    // Groups are claimed a few at a time, and their ids counted up, so that
    // small groups do not pay an atomic operation and divisions each.
    for (uint64_t first = next.fetch_add(chunk); first < groups;
         first = next.fetch_add(chunk)) {
      uint32_t x = uint32_t(first % state.groupCount[0]);
      uint32_t y = uint32_t(first / state.groupCount[0] % state.groupCount[1]);
      uint32_t z = uint32_t(first / state.groupCount[0] / state.groupCount[1]);
      for (uint64_t g = first, end = std::min(groups, first + chunk); g < end;
           ++g) {
        runner.run(x, y, z);
        if (++x == state.groupCount[0]) {
          x = 0;
          if (++y == state.groupCount[1])
            y = 0, ++z;
        }
      }
    }
  };
  std::vector<std::thread> workers;
  for (unsigned i = 1; i < jobs; ++i)
    workers.emplace_back(work);
  work();
  for (std::thread &worker : workers)
    worker.join();
  if (outOfMemory)
    return makeError("cannot allocate the fiber stacks of a thread group");
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Binding the pipeline's buffers
//===----------------------------------------------------------------------===//

/// The DXIL resource kind a pipeline resource kind must meet.
static unsigned getDXILKind(ResourceKind kind) {
  switch (kind) {
  case ResourceKind::Buffer:
  case ResourceKind::RWBuffer:
    return 10;
  case ResourceKind::ByteAddressBuffer:
  case ResourceKind::RWByteAddressBuffer:
    return 11;
  case ResourceKind::StructuredBuffer:
  case ResourceKind::RWStructuredBuffer:
    return 12;
  case ResourceKind::ConstantBuffer:
    return 13;
  case ResourceKind::TextureBuffer:
    return 15;
  case ResourceKind::Texture2D:
  case ResourceKind::RWTexture2D:
    return 2;
  case ResourceKind::Sampler:
    return 14;
  }
  return 0;
}

/// Bytes of a DXIL component type (0 when unknown).
static unsigned getComponentTypeSize(unsigned componentType) {
  switch (componentType) {
  case 2:
  case 3:
  case 8:
  case 11:
  case 12:
    return 2;
  case 1:
  case 4:
  case 5:
  case 9:
  case 13:
  case 14:
  case 17:
  case 18:
    return 4;
  case 6:
  case 7:
  case 10:
  case 15:
  case 16:
    return 8;
  default:
    return 0;
  }
}

/// Whether register `reg` of class `cls` in `space` is in `range`.
static bool rangeContains(const ShaderResourceRange &range, unsigned cls,
                          uint32_t space, uint32_t reg) {
  return range.resourceClass == cls && range.space == space &&
         reg >= range.lowerBound &&
         uint64_t(reg) - range.lowerBound < uint64_t(range.size);
}

/// Raw and structured buffers read with BufferLoad/BufferStore (shader
/// models before 6.2) access four consecutive 32-bit words, whatever the
/// format the pipeline gives their data.
static void setUntypedComponents(RuntimeResource &record) {
  record.channels = 4;
  record.componentSize = 4;
}

/// The resources RuntimeSettings' root parameters bind directly: root
/// descriptors and root constants, at the registers of the container's root
/// signature.
static Expected<std::vector<Resource>>
getRootParameterResources(const Pipeline &pipeline,
                          const dxil::ParsedDXContainer &container) {
  std::vector<Resource> resources;
  if (pipeline.rootParameters.empty())
    return resources;
  const dxil::ContainerPart *rts0 = container.findPart("RTS0");
  if (!rts0)
    return makeError("the pipeline's RootParameters need a root signature, "
                     "and the container has none");
  Expected<std::vector<dxil::RootParameterInfo>> parameters =
      dxil::parseRootParameters(rts0->data);
  if (!parameters)
    return parameters.takeError();
  if (parameters->size() != pipeline.rootParameters.size())
    return makeError("the pipeline has " +
                     Twine(pipeline.rootParameters.size()) +
                     " RootParameters, the shader's root signature " +
                     Twine(parameters->size()));
  uint32_t constantOffset = 0;
  for (size_t i = 0; i < pipeline.rootParameters.size(); ++i) {
    const RootParameter &parameter = pipeline.rootParameters[i];
    const dxil::RootParameterInfo &info = (*parameters)[i];
    auto mismatch = [&](StringRef expected) {
      return makeError("root parameter " + Twine(i) + " is " + expected +
                       " in the pipeline but not in the shader's root "
                       "signature");
    };
    switch (parameter.kind) {
    case RootParameterKind::DescriptorTable:
      if (info.type != 0)
        return mismatch("a descriptor table");
      break;
    case RootParameterKind::Constant: {
      if (info.type != 1)
        return mismatch("root constants");
      // Like SetComputeRoot32BitConstants in the offload-test-suite: each
      // constant parameter's values start after the previous ones'.
      if (constantOffset != 0)
        return makeError("not supported yet: more than one root constants "
                         "parameter");
      Resource resource;
      resource.name = parameter.name;
      resource.kind = ResourceKind::ConstantBuffer;
      resource.dxBinding =
          DirectXBinding{info.shaderRegister, info.registerSpace};
      resources.push_back(resource);
      constantOffset += info.num32BitValues;
      break;
    }
    case RootParameterKind::RootDescriptor: {
      unsigned cls = getResourceClass(parameter.resourceKind);
      // RTS0 types 2, 3, 4: CBV, SRV, UAV; classes 2, 0, 1.
      static const unsigned classOfType[] = {2, 0, 1};
      if (info.type < 2 || info.type > 4 || classOfType[info.type - 2] != cls)
        return mismatch(
            ("a root " + stringifyResourceKind(parameter.resourceKind)).str());
      Resource resource;
      resource.name = parameter.name;
      resource.kind = parameter.resourceKind;
      resource.dxBinding =
          DirectXBinding{info.shaderRegister, info.registerSpace};
      resources.push_back(resource);
      break;
    }
    }
  }
  return resources;
}

/// Binds `sampler` at register `reg` of `space` (a sampler-class record whose
/// data is the sampler); false if the register is bound already.
static bool bindSampler(DispatchState &state, uint32_t space, uint32_t reg,
                        std::unique_ptr<RuntimeSampler> sampler,
                        unsigned cls = 3) {
  auto record = std::make_unique<RuntimeResource>();
  record->data = reinterpret_cast<uint8_t *>(sampler.get());
  if (!state.bindings.try_emplace({cls, space, reg}, record.get()).second)
    return false;
  state.samplers.push_back(std::move(sampler));
  state.resources.push_back(std::move(record));
  return true;
}

/// The root signature's static samplers, at their registers: D3D12's
/// filter, address, comparison and border colour encodings.
static Error bindStaticSamplers(const dxil::ParsedDXContainer &container,
                                DispatchState &state) {
  const dxil::ContainerPart *rts0 = container.findPart("RTS0");
  if (!rts0)
    return Error::success();
  Expected<std::vector<dxil::StaticSamplerInfo>> samplers =
      dxil::parseStaticSamplers(rts0->data);
  if (!samplers)
    return samplers.takeError();
  auto address = [](uint32_t d3d) {
    switch (d3d) {
    case 1: // WRAP
      return AddressMode::Repeat;
    case 2:
      return AddressMode::Mirror;
    case 4:
      return AddressMode::Border;
    case 5:
      return AddressMode::MirrorOnce;
    default: // CLAMP
      return AddressMode::Clamp;
    }
  };
  for (const dxil::StaticSamplerInfo &info : *samplers) {
    auto runtime = std::make_unique<RuntimeSampler>();
    // D3D12_FILTER: mip in bits 0-1, mag 2-3, min 4-5, reduction 7-8
    // (anisotropic filters have the linear bits set).
    runtime->minFilter = uint32_t((info.filter >> 4) & 1 ? FilterMode::Linear
                                                         : FilterMode::Nearest);
    runtime->magFilter = uint32_t((info.filter >> 2) & 1 ? FilterMode::Linear
                                                         : FilterMode::Nearest);
    runtime->reduction = (info.filter >> 7) & 3;
    runtime->addressU = uint32_t(address(info.addressU));
    runtime->addressV = uint32_t(address(info.addressV));
    // D3D12_COMPARISON_FUNC counts from NEVER = 1.
    if (info.comparisonFunc >= 1 && info.comparisonFunc <= 8)
      runtime->compare = info.comparisonFunc - 1;
    runtime->minLOD = info.minLOD;
    runtime->maxLOD = info.maxLOD;
    runtime->mipLODBias = info.mipLODBias;
    const float one = 1.0f;
    uint32_t oneBits;
    std::memcpy(&oneBits, &one, 4);
    switch (info.borderColor) {
    case 1: // opaque black
      runtime->border[3] = oneBits;
      break;
    case 2: // opaque white
      std::fill(runtime->border, runtime->border + 4, oneBits);
      break;
    case 3: // opaque black, uint
      runtime->border[3] = 1;
      break;
    case 4: // opaque white, uint
      std::fill(runtime->border, runtime->border + 4, 1u);
      break;
    default: // transparent black
      break;
    }
    // A descriptor at the same register would be a root signature error.
    (void)bindSampler(state, info.registerSpace, info.shaderRegister,
                      std::move(runtime));
  }
  return Error::success();
}

static Error bindResources(Pipeline &pipeline,
                           const std::vector<ShaderResourceRange> &ranges,
                           ArrayRef<Resource> rootResources,
                           DispatchState &state) {
  auto findRange = [&](unsigned cls, uint32_t space,
                       uint32_t reg) -> const ShaderResourceRange * {
    for (const ShaderResourceRange &range : ranges)
      if (rangeContains(range, cls, space, reg))
        return &range;
    return nullptr;
  };
  std::vector<const Resource *> resources;
  for (const DescriptorSet &set : pipeline.descriptorSets)
    for (const Resource &resource : set.resources)
      resources.push_back(&resource);
  for (const Resource &resource : rootResources)
    resources.push_back(&resource);
  for (const Resource *boundResource : resources) {
    const Resource &resource = *boundResource;
    if (resource.kind == ResourceKind::Sampler) {
      // A sampler record's data is its RuntimeSampler.
      const Sampler &sampler = *pipeline.findSampler(resource.name);
      auto runtime = std::make_unique<RuntimeSampler>();
      runtime->minFilter = uint32_t(sampler.minFilter);
      runtime->magFilter = uint32_t(sampler.magFilter);
      runtime->addressU = runtime->addressV = uint32_t(sampler.address);
      runtime->compare = uint32_t(sampler.comparisonOp);
      runtime->minLOD = sampler.minLOD;
      runtime->maxLOD = sampler.maxLOD;
      runtime->mipLODBias = sampler.mipLODBias;
      // A heap sampler is entry <HeapIndex> of the sampler heap.
      unsigned cls = resource.heapIndex ? SamplerHeapClass : 3;
      uint32_t reg =
          resource.heapIndex ? *resource.heapIndex : resource.dxBinding->reg;
      uint32_t space = resource.heapIndex ? 0 : resource.dxBinding->space;
      if (!bindSampler(state, space, reg, std::move(runtime), cls))
        return makeError(describeRegister(cls, reg, space) + " is bound twice");
      continue;
    }
    Buffer &buffer = *pipeline.findBuffer(resource.name);
    // A heap resource's elements are consecutive entries of the resource
    // heap from <HeapIndex>.
    unsigned cls = resource.heapIndex ? ResourceHeapClass
                                      : getResourceClass(resource.kind);
    uint32_t first =
        resource.heapIndex ? *resource.heapIndex : resource.dxBinding->reg;
    for (uint32_t element = 0; element < buffer.arraySize; ++element) {
      uint64_t reg64 = uint64_t(first) + element;
      if (reg64 > UINT32_MAX)
        return makeError("resource '" + resource.name + "' element " +
                         Twine(element) + " is past register 4294967295");
      uint32_t reg = uint32_t(reg64);
      uint32_t space = resource.heapIndex ? 0 : resource.dxBinding->space;
      std::string where = describeRegister(cls, reg, space);
      auto record = std::make_unique<RuntimeResource>();
      std::vector<uint8_t> &bytes = buffer.contents[element];
      record->data = bytes.data();
      record->size = bytes.size();
      // Unmapped tiles of a reserved resource act as out of bounds.
      constexpr uint64_t TileBytes = 64 * 1024;
      if (resource.isReserved)
        record->size = std::min<uint64_t>(
            record->size,
            uint64_t(resource.tilesMapped.value_or(0)) * TileBytes);
      record->channels = buffer.channels;
      record->componentSize = getFormatSize(buffer.format);
      const ShaderResourceRange *range = findRange(cls, space, reg);
      if (range && range->kind != getDXILKind(resource.kind))
        return makeError(
            "resource '" + resource.name + "' is bound at " + where + " as a " +
            stringifyResourceKind(resource.kind) + ", but the shader's '" +
            range->name + "' there is of another kind");
      switch (resource.kind) {
      case ResourceKind::Buffer:
      case ResourceKind::RWBuffer:
      case ResourceKind::TextureBuffer:
      case ResourceKind::Texture2D:
      case ResourceKind::RWTexture2D: {
        record->indexScale = buffer.getElementSize();
        unsigned shaderSize =
            range ? getComponentTypeSize(range->componentType) : 0;
        // DXC declares typed resources of 64-bit integers with 32-bit
        // components (R32G32 pairs); their 64-bit data is what they hold.
        bool wordPairs = shaderSize == 4 && record->componentSize == 8 &&
                         !isFloatFormat(buffer.format);
        if (shaderSize && shaderSize != record->componentSize && !wordPairs)
          return makeError("buffer '" + buffer.name + "' holds " +
                           Twine(record->componentSize * 8) + "-bit " +
                           stringifyDataFormat(buffer.format) +
                           " components, but the shader's '" + range->name +
                           "' at " + where + " has " + Twine(shaderSize * 8) +
                           "-bit ones");
        if (buffer.outputProps) {
          record->width = buffer.outputProps->width;
          record->height = buffer.outputProps->height;
          // The levels follow each other in the buffer, largest first.
          record->mipLevels = buffer.outputProps->mipLevels;
          uint64_t offset = 0;
          for (uint32_t level = 0; level < record->mipLevels; ++level) {
            record->mipOffsets[level] = offset;
            offset += buffer.outputProps->getLevelTexels(level) *
                      buffer.getElementSize();
          }
        }
        break;
      }
      case ResourceKind::StructuredBuffer:
      case ResourceKind::RWStructuredBuffer: {
        uint32_t stride = range && range->structureStride
                              ? range->structureStride
                          : buffer.stride ? buffer.stride
                                          : buffer.getElementSize();
        if (buffer.stride && buffer.stride != stride)
          return makeError("buffer '" + buffer.name + "' has Stride " +
                           Twine(buffer.stride) + ", but the shader's '" +
                           range->name + "' at " + where + " has " +
                           Twine(stride) + "-byte elements");
        record->indexScale = stride;
        setUntypedComponents(*record);
        break;
      }
      case ResourceKind::ByteAddressBuffer:
      case ResourceKind::RWByteAddressBuffer:
        record->indexScale = 1;
        setUntypedComponents(*record);
        break;
      case ResourceKind::ConstantBuffer:
        record->indexScale = 16;
        break;
      case ResourceKind::Sampler:
        break; // bound above
      }
      if (!state.bindings.try_emplace({cls, space, reg}, record.get()).second)
        return makeError(where + " is bound twice");
      if (resource.hasCounter)
        state.counters.push_back({&buffer, element, record.get()});
      state.resources.push_back(std::move(record));
    }
  }
  // Every resource the shader uses needs at least one bound register;
  // for arrays, the registers actually indexed are checked as they are.
  for (const ShaderResourceRange &range : ranges) {
    bool bound = llvm::any_of(state.bindings, [&](const auto &entry) {
      auto [cls, space, reg] = entry.first;
      return rangeContains(range, cls, space, reg);
    });
    if (!bound)
      return makeError(
          "the shader's resource '" + range.name + "' at " +
          describeRegister(range.resourceClass, range.lowerBound, range.space) +
          " is not bound by the pipeline");
  }
  return Error::success();
}

//===----------------------------------------------------------------------===//
// Loading and compiling
//===----------------------------------------------------------------------===//

/// Reads the module of an untrusted container. LLVM's bitcode reader can
/// crash on malformed input; then the context is abandoned, not destroyed.
static Expected<std::unique_ptr<Module>>
readUntrustedModule(StringRef bitcode, std::unique_ptr<LLVMContext> &context) {
  std::unique_ptr<Module> module;
  Error error = Error::success();
  CrashRecoveryContext::Enable();
  CrashRecoveryContext recovery;
  bool completed = recovery.RunSafely([&] {
    Expected<std::unique_ptr<Module>> read =
        dxil::readDXILBitcode(bitcode, *context);
    if (!read) {
      error = read.takeError();
      return;
    }
    module = std::move(*read);
  });
  if (!completed) {
    (void)module.release();
    (void)context.release();
    consumeError(std::move(error));
    return makeError("malformed DXIL bitcode: the LLVM bitcode reader crashed "
                     "reading it");
  }
  if (error)
    return std::move(error);
  std::string problems;
  raw_string_ostream os(problems);
  if (verifyModule(*module, &os))
    return makeError("the container's DXIL module is not valid LLVM IR: " +
                     StringRef(problems).trim());
  return std::move(module);
}

static void optimizeForHost(Module &module, TargetMachine &machine) {
  LoopAnalysisManager lam;
  FunctionAnalysisManager fam;
  CGSCCAnalysisManager cgam;
  ModuleAnalysisManager mam;
  PassBuilder builder(&machine);
  builder.registerModuleAnalyses(mam);
  builder.registerCGSCCAnalyses(cgam);
  builder.registerFunctionAnalyses(fam);
  builder.registerLoopAnalyses(lam);
  builder.crossRegisterProxies(lam, fam, cgam, mam);
  builder.buildPerModuleDefaultPipeline(OptimizationLevel::O2).run(module, mam);
}

Error mlir::hlsl::exec::runComputeShader(StringRef container,
                                         Pipeline &pipeline,
                                         const RunOptions &options,
                                         RunStatistics *statistics) {
  using Clock = std::chrono::steady_clock;
  auto seconds = [](Clock::time_point start) {
    return std::chrono::duration<double>(Clock::now() - start).count();
  };
  Clock::time_point start = Clock::now();

  Expected<dxil::ParsedDXContainer> parsed = dxil::parseDXContainer(container);
  if (!parsed)
    return makeError("malformed container: " + toString(parsed.takeError()));
  if (!parsed->program)
    return makeError("the container has no DXIL part");
  auto context = std::make_unique<LLVMContext>();
  Expected<std::unique_ptr<Module>> read =
      readUntrustedModule(parsed->program->bitcode, context);
  if (!read)
    return read.takeError();
  std::unique_ptr<Module> module = std::move(*read);

  Expected<dxil::ShaderContainerInfo> info = describeContainer(*module);
  if (!info)
    return makeError("malformed DXIL metadata: " + toString(info.takeError()));
  if (info->stage != dxil::ShaderKind::Compute)
    return makeError("not supported yet: running " +
                     dxil::stringifyShaderKind(info->stage) +
                     " shaders (hlsl-run runs compute shaders)");
  if (!info->numThreads)
    return makeError("the compute shader has no numthreads");
  const std::string &wanted = pipeline.shaders[0].entry;
  if (info->entryName != wanted)
    return makeError("the pipeline runs entry '" + wanted +
                     "', but the container's entry is '" + info->entryName +
                     "'");
  for (uint32_t n : *info->numThreads)
    if (n == 0 || n > 1024)
      return makeError("numthreads dimensions must be 1 to 1024");

  Function *entry = nullptr;
  for (Function &func : *module)
    if (!func.isDeclaration() && func.getName() == info->entryName)
      entry = &func;
  if (!entry)
    return makeError("the module does not define entry '" + info->entryName +
                     "'");
  Expected<std::vector<ShaderResourceRange>> ranges =
      readShaderResources(*module);
  if (!ranges)
    return ranges.takeError();
  DispatchState state;
  state.numThreads = *info->numThreads;
  state.groupCount = pipeline.dispatchGroupCount;
  Expected<std::vector<Resource>> rootResources =
      getRootParameterResources(pipeline, *parsed);
  if (!rootResources)
    return rootResources.takeError();
  if (Error error = bindStaticSamplers(*parsed, state))
    return error;
  if (Error error = bindResources(pipeline, *ranges, *rootResources, state))
    return error;
  // The wave size: the option's (32 by default) unless the shader's
  // [WaveSize] excludes it, then the shader's smallest.
  state.waveSize = options.waveSize ? options.waveSize : 32;
  if (info->waveSize && (state.waveSize < info->waveSize->min ||
                         state.waveSize > info->waveSize->max))
    state.waveSize = info->waveSize->min;
  Expected<HostShaderInfo> host = lowerDXILForHost(
      *module, entry->getName(), state.numThreads, state.waveSize,
      [&](unsigned cls, uint32_t space, uint32_t reg) -> RuntimeResource * {
        auto it = state.bindings.find({cls, space, reg});
        return it == state.bindings.end() ? nullptr : it->second;
      });
  if (!host)
    return host.takeError();
  state.groupSharedBytes = host->groupSharedBytes;
  state.usesGroupSync = host->usesGroupSync;
  state.usesWaveOps = host->usesWaveOps;
  state.waveFrameBytes = options.lockstepWaves ? host->waveFrameBytes : 0;
  state.groupFrameBytes = options.lockstepGroups ? host->groupFrameBytes : 0;
  // Lockstep waves or groups need neither the lane nor the group function
  // (nor the other lockstep function): do not spend the JIT's time on them.
  SmallVector<const char *, 3> unusedFunctions;
  if (state.waveFrameBytes || state.groupFrameBytes)
    unusedFunctions.append({HostGroupFunctionName, HostLaneFunctionName});
  if (!state.groupFrameBytes)
    unusedFunctions.push_back(HostLockstepGroupFunctionName);
  for (const char *name : unusedFunctions)
    if (Function *unused = module->getFunction(name))
      unused->eraseFromParent();
  state.flushDenormals = !host->usesDoubles;
  if (statistics)
    statistics->loadSeconds = seconds(start);

  start = Clock::now();
  InitializeNativeTarget();
  InitializeNativeTargetAsmPrinter();
  Expected<orc::JITTargetMachineBuilder> machineBuilder =
      orc::JITTargetMachineBuilder::detectHost();
  if (!machineBuilder)
    return machineBuilder.takeError();
  Expected<std::unique_ptr<TargetMachine>> machine =
      machineBuilder->createTargetMachine();
  if (!machine)
    return machine.takeError();
  module->setTargetTriple((*machine)->getTargetTriple());
  module->setDataLayout((*machine)->createDataLayout());
  // Shader code never throws: without unwind tables the JIT registers no
  // EH frames (libgcc's registration sorts them lazily under a lock with
  // malloc, which deadlocks under ASan's slow unwinder).
  for (Function &function : *module) {
    function.addFnAttr(Attribute::NoUnwind);
    function.setUWTableKind(UWTableKind::None);
  }
  optimizeForHost(*module, **machine);
  if (options.printHostIR)
    module->print(*options.printHostIR, nullptr);

  Expected<std::unique_ptr<orc::LLJIT>> jit =
      orc::LLJITBuilder().setJITTargetMachineBuilder(*machineBuilder).create();
  if (!jit)
    return jit.takeError();
  orc::JITDylib &library = (*jit)->getMainJITDylib();
  orc::SymbolMap runtime;
  auto define = [&](StringRef name, auto *function) {
    runtime[(*jit)->mangleAndIntern(name)] = {
        orc::ExecutorAddr::fromPtr(function),
        JITSymbolFlags::Exported | JITSymbolFlags::Callable};
  };
  define("hlslrt_resource", &hlslrt_resource);
  define("hlslrt_group_sync", &hlslrt_group_sync);
  define("hlslrt_wave", &hlslrt_wave);
  define("hlslrt_wave_lockstep", &hlslrt_wave_lockstep);
  define("hlslrt_sample", &hlslrt_sample);
  if (Error error = library.define(orc::absoluteSymbols(std::move(runtime))))
    return error;
  // The math library (sinf, expf, ...) comes from this process.
  Expected<std::unique_ptr<orc::DynamicLibrarySearchGenerator>> process =
      orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(
          (*jit)->getDataLayout().getGlobalPrefix());
  if (!process)
    return process.takeError();
  library.addGenerator(std::move(*process));
  if (Error error = (*jit)->addIRModule(
          orc::ThreadSafeModule(std::move(module), std::move(context))))
    return error;
  auto lookup = [&](const char *name, auto &function) -> Error {
    Expected<orc::ExecutorAddr> address = (*jit)->lookup(name);
    if (!address)
      return address.takeError();
    function = address->toPtr<std::remove_reference_t<decltype(function)>>();
    return Error::success();
  };
  if (state.groupFrameBytes) {
    if (Error error =
            lookup(HostLockstepGroupFunctionName, state.groupLockstep))
      return error;
  } else if (state.waveFrameBytes) {
    if (Error error = lookup(HostWaveFunctionName, state.wave))
      return error;
  } else {
    if (Error error = lookup(HostLaneFunctionName, state.lane))
      return error;
    if (Error error = lookup(HostGroupFunctionName, state.group))
      return error;
  }
  if (statistics)
    statistics->jitSeconds = seconds(start);

  std::vector<double> runs;
  for (unsigned i = 0; i < std::max(1u, options.repeat); ++i) {
    start = Clock::now();
    if (Error error = dispatch(state, options.jobs))
      return error;
    runs.push_back(seconds(start));
  }
  for (auto [buffer, element, record] : state.counters) {
    buffer->counters.resize(buffer->arraySize);
    buffer->counters[element] = record->counter;
  }
  if (statistics) {
    std::sort(runs.begin(), runs.end());
    statistics->runSeconds = runs[runs.size() / 2];
    statistics->threads = uint64_t(state.groupCount[0]) * state.groupCount[1] *
                          state.groupCount[2] * state.numThreads[0] *
                          state.numThreads[1] * state.numThreads[2];
  }
  if (!state.firstError.empty())
    return makeError(state.firstError);
  return Error::success();
}
