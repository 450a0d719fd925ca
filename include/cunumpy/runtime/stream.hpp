// Streams and events, with CuPy's names and behaviour. Every kernel, copy and allocation
// on a CUDA device goes on the calling thread's current stream of that device (the legacy
// null stream until changed). On the CPU backend streams and events exist so that the same
// code runs, and behave as already-completed, in-order work.
#pragma once
#include <cstdint>
#include <memory>

#include "cunumpy/runtime/device.hpp"

namespace cunumpy {

class Event;

class Stream {
 public:
  // The null stream of whatever device is current when it is used (CuPy's Stream.null).
  Stream();
  // The legacy null stream of `device`.
  static Stream null(Device device);
  // A new stream on `device`; non_blocking streams do not synchronize with the null
  // stream. Lower `priority` numbers run first (CUDA's convention); 0 is the default.
  static Stream create(Device device, bool non_blocking = false, int priority = 0);
  // CUDA's per-thread default stream of whatever device is current (CuPy's Stream.ptds);
  // the CPU's null stream while the CPU is current.
  static Stream per_thread();
  // Wraps a CUstream cunumpy did not create (not destroyed by cunumpy).
  static Stream external(Device device, void* handle);

  Device device() const;
  void* handle() const;  // the CUstream; nullptr for a null stream and on the CPU
  uintptr_t ptr() const { return reinterpret_cast<uintptr_t>(handle()); }
  bool is_null() const { return handle() == nullptr; }
  bool non_blocking() const;
  int priority() const;
  // Identifies the stream for the life of the process (handles may be reused): 0 for the
  // null stream, 1 for the per-thread default stream.
  uint64_t id() const;

  void synchronize() const;           // waits for all work queued so far
  bool done() const;                  // true when all queued work has finished
  Event record() const;               // a new event recorded on this stream
  void record(Event& event) const;    // records `event` on this stream
  void wait_event(const Event& event) const;  // later work waits for `event`
  // Calls fn(data) on a driver thread once the work queued so far is done (CUDA's host
  // functions: fn must not call CUDA). On the CPU, calls it at once.
  void launch_host_func(void (*fn)(void*), void* data) const;

  // Same device and same CUDA stream.
  friend bool operator==(const Stream& a, const Stream& b);
  friend bool operator!=(const Stream& a, const Stream& b) { return !(a == b); }

  struct Impl;  // opaque; defined in stream.cpp

 private:
  std::shared_ptr<Impl> impl_;
  explicit Stream(std::shared_ptr<Impl> impl) : impl_(std::move(impl)) {}
  friend class Event;
};

// The calling thread's current stream on `device` (the null stream by default).
Stream current_stream(Device device);
Stream current_stream();  // of current_device()
// Makes `stream` current on its device for the calling thread.
void set_current_stream(const Stream& stream);

// Makes a stream current for a scope (Python's `with stream:`), restoring the previous one.
class StreamGuard {
 public:
  explicit StreamGuard(const Stream& s) : prev_(current_stream(s.device())) { set_current_stream(s); }
  ~StreamGuard() { set_current_stream(prev_); }
  StreamGuard(const StreamGuard&) = delete;
  StreamGuard& operator=(const StreamGuard&) = delete;

 private:
  Stream prev_;
};

class Event {
 public:
  // An event of `device`. blocking: synchronize() sleeps instead of spinning.
  // disable_timing: cheaper, but elapsed_time() is then an error.
  // interprocess: shareable between processes (CUDA requires disable_timing with it).
  explicit Event(bool blocking = false, bool disable_timing = false, bool interprocess = false);
  Event(Device device, bool blocking = false, bool disable_timing = false, bool interprocess = false);

  Device device() const;
  void* handle() const;  // the CUevent; nullptr on the CPU
  bool disable_timing() const;
  bool recorded() const;

  void record();                       // on the current stream of the event's device
  void record(const Stream& stream);
  void synchronize() const;            // waits until the recorded work is done
  bool done() const;                   // true when the recorded work is done (or never recorded)

 private:
  struct Impl;
  std::shared_ptr<Impl> impl_;
  friend class Stream;
  friend float elapsed_time(const Event& start, const Event& end);
};

// Milliseconds between two recorded events (both on the same device).
float elapsed_time(const Event& start, const Event& end);

}  // namespace cunumpy
