// Streams and events. CUDA objects are created in the device's primary context; CPU ones
// carry no handle and report completed work (CPU events still take host timestamps, so
// elapsed_time() measures CPU code).
#include "cunumpy/runtime/stream.hpp"

#include <atomic>
#include <chrono>
#include <mutex>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "runtime/stream_key.hpp"

#ifdef CUNUMPY_HAVE_CUDA
#include "runtime/cuda/driver.hpp"
#endif

namespace cunumpy {

struct Stream::Impl {
  Device device;
  bool follows_current = false;  // the device-less null stream: uses current_device()
  void* handle = nullptr;        // CUstream
  bool owned = false;
  bool non_blocking = false;
  int priority = 0;
  uint64_t id = 0;  // StreamKey::id: 0 null, 1 per-thread default, then one per stream

  Device resolved() const { return follows_current ? current_device() : device; }
  // A device-following stream has a handle only while a CUDA device is current.
  void* resolved_handle() const {
    return follows_current && handle && resolved().is_cpu() ? nullptr : handle;
  }
  ~Impl() {
#ifdef CUNUMPY_HAVE_CUDA
    if (owned && handle) {
      // Destroying a stream with queued work is fine: the driver finishes it first.
      if (const auto* api = cuda::try_driver()) {
        try {
          cuda::ensure_context(device.index);
          // Pools holding blocks of this stream wait for its work before the id dies.
          detail::retire_stream_in_pools(device.index, id, handle);
          api->cuStreamDestroy(static_cast<CUstream>(handle));
        } catch (...) {  // never throw from a destructor
        }
      }
    }
#endif
  }
};

struct Event::Impl {
  Device device;
  void* handle = nullptr;  // CUevent
  bool blocking = false;
  bool disable_timing = false;
  bool recorded = false;
  std::chrono::steady_clock::time_point cpu_time;  // CPU events: when recorded
  ~Impl() {
#ifdef CUNUMPY_HAVE_CUDA
    if (handle) {
      if (const auto* api = cuda::try_driver()) {
        try {
          cuda::ensure_context(device.index);
          api->cuEventDestroy(static_cast<CUevent>(handle));
        } catch (...) {
        }
      }
    }
#endif
  }
};

namespace {

// Null-stream objects are shared: one per device, plus the device-less one.
std::shared_ptr<Stream::Impl> make_null(Device d, bool follows) {
  auto impl = std::make_shared<Stream::Impl>();
  impl->device = d;
  impl->follows_current = follows;
  return impl;
}

const std::shared_ptr<Stream::Impl>& null_impl(Device d) {
  static std::mutex mu;
  static auto* cpu = new std::shared_ptr<Stream::Impl>(make_null(Device::cpu(), false));
  static auto* cuda = new std::vector<std::shared_ptr<Stream::Impl>>();
  if (d.is_cpu()) return *cpu;
  std::lock_guard<std::mutex> lock(mu);
  auto i = static_cast<std::size_t>(d.index);
  if (cuda->size() <= i) cuda->resize(i + 1);
  if (!(*cuda)[i]) (*cuda)[i] = make_null(d, false);
  return (*cuda)[i];
}

// The calling thread's current streams: slot 0 is the CPU, slot 1 + N is cuda:N. A slot
// holding a null stream (no handle) means that device's null stream.
struct ThreadStreams {
  std::vector<Stream> slots;
};
thread_local ThreadStreams t_streams;

std::size_t slot_of(Device d) { return d.is_cpu() ? 0 : 1 + static_cast<std::size_t>(d.index); }

void check_cuda_index(Device d) {
  if (d.is_cuda() && (d.index < 0 || d.index >= cuda_device_count()))
    throw ValueError("invalid device " + d.str() + " (" + std::to_string(cuda_device_count()) +
                     " CUDA device(s) available)");
}

#ifdef CUNUMPY_HAVE_CUDA
CUstream cu(void* h) { return static_cast<CUstream>(h); }
CUevent cue(void* h) { return static_cast<CUevent>(h); }
#endif

uint64_t next_stream_id() {
  static std::atomic<uint64_t> next{2};
  return next.fetch_add(1, std::memory_order_relaxed);
}

#ifndef CUNUMPY_HAVE_CUDA
[[noreturn]] void no_cuda() { throw ValueError("cunumpy was built without CUDA support"); }
#endif

}  // namespace

// ---- Stream -------------------------------------------------------------------------
Stream::Stream() {
  static auto* floating = new std::shared_ptr<Impl>(make_null(Device::cpu(), true));
  impl_ = *floating;
}

Stream Stream::null(Device device) {
  check_cuda_index(device);
  return Stream(null_impl(device));
}

Stream Stream::create(Device device, bool non_blocking, int priority) {
  check_cuda_index(device);
  auto impl = std::make_shared<Impl>();
  impl->device = device;
  impl->non_blocking = non_blocking;
  impl->priority = priority;
  impl->id = next_stream_id();
  if (device.is_cuda()) {
#ifdef CUNUMPY_HAVE_CUDA
    cuda::ensure_context(device.index);
    CUstream s = nullptr;
    unsigned flags = non_blocking ? CU_STREAM_NON_BLOCKING : CU_STREAM_DEFAULT;
    if (priority != 0)
      CN_CU(cuStreamCreateWithPriority, &s, flags, priority);
    else
      CN_CU(cuStreamCreate, &s, flags);
    impl->handle = s;
    impl->owned = true;
#else
    no_cuda();
#endif
  }
  return Stream(std::move(impl));
}

Stream Stream::per_thread() {
  static auto* ptds = [] {
    auto impl = make_null(Device::cpu(), true);
    impl->handle = reinterpret_cast<void*>(0x2);  // CU_STREAM_PER_THREAD
    impl->id = 1;
    return new std::shared_ptr<Impl>(std::move(impl));
  }();
  return Stream(*ptds);
}

Stream Stream::external(Device device, void* handle) {
  check_cuda_index(device);
  auto impl = std::make_shared<Impl>();
  impl->device = device;
  impl->handle = device.is_cuda() ? handle : nullptr;
  impl->id = next_stream_id();
  return Stream(std::move(impl));
}

Device Stream::device() const { return impl_->resolved(); }
void* Stream::handle() const { return impl_->resolved_handle(); }
bool Stream::non_blocking() const { return impl_->non_blocking; }
uint64_t Stream::id() const { return impl_->id; }
int Stream::priority() const { return impl_->priority; }

void Stream::synchronize() const {
  Device d = device();
  if (d.is_cpu()) return;
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(d.index);
  CN_CU(cuStreamSynchronize, cu(handle()));
#endif
}

bool Stream::done() const {
  Device d = device();
  if (d.is_cpu()) return true;
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(d.index);
  CUresult r = cuda::driver().cuStreamQuery(cu(handle()));
  if (r == CUDA_ERROR_NOT_READY) return false;
  cuda::check(r, CN_STRX(cuStreamQuery));
#endif
  return true;
}

Event Stream::record() const {
  Event e(device());
  record(e);
  return e;
}

void Stream::record(Event& event) const { event.record(*this); }

void Stream::wait_event(const Event& event) const {
  Device d = device();
  if (d.is_cpu() || !event.impl_->handle || !event.impl_->recorded) return;  // already complete
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(d.index);
  CN_CU(cuStreamWaitEvent, cu(handle()), cue(event.impl_->handle), 0);
#endif
}

void Stream::launch_host_func(void (*fn)(void*), void* data) const {
  Device d = device();
  if (d.is_cpu()) {
    fn(data);  // CPU work is already complete
    return;
  }
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(d.index);
  CN_CU(cuLaunchHostFunc, cu(handle()), fn, data);
#endif
}

bool operator==(const Stream& a, const Stream& b) {
  return a.handle() == b.handle() && a.device() == b.device();
}

// ---- current stream ------------------------------------------------------------------
Stream current_stream(Device device) {
  std::size_t i = slot_of(device);
  auto& slots = t_streams.slots;
  if (i < slots.size() && slots[i].handle()) return slots[i];
  return Stream::null(device);
}

Stream current_stream() { return current_stream(current_device()); }

void set_current_stream(const Stream& stream) {
  Device d = stream.device();
  check_cuda_index(d);
  std::size_t i = slot_of(d);
  auto& slots = t_streams.slots;
  if (slots.size() <= i) slots.resize(i + 1);  // empty slots hold the null stream
  slots[i] = stream;
}

// ---- Event ---------------------------------------------------------------------------
Event::Event(bool blocking, bool disable_timing, bool interprocess)
    : Event(current_device(), blocking, disable_timing, interprocess) {}

Event::Event(Device device, bool blocking, bool disable_timing, bool interprocess) {
  check_cuda_index(device);
  if (interprocess && !disable_timing)
    throw ValueError("an interprocess event requires disable_timing=True");
  impl_ = std::make_shared<Impl>();
  impl_->device = device;
  impl_->blocking = blocking;
  impl_->disable_timing = disable_timing;
  if (device.is_cuda()) {
#ifdef CUNUMPY_HAVE_CUDA
    cuda::ensure_context(device.index);
    unsigned flags = (blocking ? unsigned{CU_EVENT_BLOCKING_SYNC} : 0u) |
                     (disable_timing ? unsigned{CU_EVENT_DISABLE_TIMING} : 0u) |
                     (interprocess ? unsigned{CU_EVENT_INTERPROCESS} : 0u);
    CUevent e = nullptr;
    CN_CU(cuEventCreate, &e, flags);
    impl_->handle = e;
#else
    no_cuda();
#endif
  }
}

Device Event::device() const { return impl_->device; }
void* Event::handle() const { return impl_->handle; }
bool Event::disable_timing() const { return impl_->disable_timing; }
bool Event::recorded() const { return impl_->recorded; }

void Event::record() { record(current_stream(impl_->device)); }

void Event::record(const Stream& stream) {
  Device d = stream.device();
  if (d != impl_->device)
    throw ValueError("cannot record an event of " + impl_->device.str() + " on a stream of " +
                     d.str());
  if (d.is_cpu()) {
    impl_->cpu_time = std::chrono::steady_clock::now();
  } else {
#ifdef CUNUMPY_HAVE_CUDA
    cuda::ensure_context(d.index);
    CN_CU(cuEventRecord, cue(impl_->handle), cu(stream.handle()));
#endif
  }
  impl_->recorded = true;
}

void Event::synchronize() const {
  if (!impl_->handle || !impl_->recorded) return;
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(impl_->device.index);
  CN_CU(cuEventSynchronize, cue(impl_->handle));
#endif
}

bool Event::done() const {
  if (!impl_->handle || !impl_->recorded) return true;
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(impl_->device.index);
  CUresult r = cuda::driver().cuEventQuery(cue(impl_->handle));
  if (r == CUDA_ERROR_NOT_READY) return false;
  cuda::check(r, CN_STRX(cuEventQuery));
#endif
  return true;
}

float elapsed_time(const Event& start, const Event& end) {
  const auto& a = *start.impl_;
  const auto& b = *end.impl_;
  if (a.device != b.device)
    throw ValueError("elapsed_time: events are on different devices (" + a.device.str() +
                     " and " + b.device.str() + ")");
  if (a.disable_timing || b.disable_timing)
    throw ValueError("elapsed_time: an event was created with disable_timing=True");
  if (!a.recorded || !b.recorded) throw ValueError("elapsed_time: both events must be recorded");
  if (a.device.is_cpu())
    return std::chrono::duration<float, std::milli>(b.cpu_time - a.cpu_time).count();
  float ms = 0;
#ifdef CUNUMPY_HAVE_CUDA
  cuda::ensure_context(a.device.index);
  CN_CU(cuEventElapsedTime, &ms, cue(a.handle), cue(b.handle));
#endif
  return ms;
}

#ifdef CUNUMPY_HAVE_CUDA
// The launch path's view of the current stream: no Stream copy, no reference counting.
namespace cuda {
StreamHandle current_stream(int device) {
  std::size_t i = 1 + static_cast<std::size_t>(device);
  auto& slots = t_streams.slots;
  return i < slots.size() ? slots[i].handle() : nullptr;
}
}  // namespace cuda
#endif

namespace detail {
StreamKey current_stream_key(int device) {
  std::size_t i = 1 + static_cast<std::size_t>(device);
  auto& slots = t_streams.slots;
  if (i >= slots.size() || !slots[i].handle()) return {};
  return {slots[i].id(), slots[i].handle()};
}
}  // namespace detail

}  // namespace cunumpy
