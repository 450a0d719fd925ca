// cunumpy._core.cuda: devices, streams, events, memory pools and runtime queries, with
// CuPy's names. Compiles with or without CUNUMPY_HAVE_CUDA: everything here goes through
// the public C++ API, which reports "no CUDA" itself.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>

#include <vector>

#include "cunumpy/core/errors.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/memory/pool.hpp"
#include "cunumpy/runtime/cuda_info.hpp"
#include "cunumpy/runtime/device.hpp"
#include "cunumpy/runtime/stream.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace {

using cunumpy::Device;
using cunumpy::Event;
using cunumpy::MemoryPool;
using cunumpy::Stream;

// CUDA device of an index, or the current device for -1.
Device cuda_or_current(int device_id) {
  return device_id < 0 ? cunumpy::current_device() : Device::cuda(device_id);
}

int current_index() { return cunumpy::current_device().index; }

// `with stream:` nesting: the streams each __enter__ replaced, per thread.
thread_local std::vector<Stream> t_stream_stack;

nb::dict properties_dict(int device) {
  auto p = cunumpy::cuda_info::device_properties(device);
  nb::dict d;
  d["name"] = nb::bytes(p.name.data(), p.name.size());  // bytes, as CuPy returns it
  d["totalGlobalMem"] = p.total_global_mem;
  d["major"] = p.major;
  d["minor"] = p.minor;
  d["multiProcessorCount"] = p.multi_processor_count;
  d["maxThreadsPerBlock"] = p.max_threads_per_block;
  d["warpSize"] = p.warp_size;
  d["sharedMemPerBlock"] = p.shared_mem_per_block;
  d["l2CacheSize"] = p.l2_cache_size;
  d["clockRate"] = p.clock_rate;
  d["memoryClockRate"] = p.memory_clock_rate;
  d["memoryBusWidth"] = p.memory_bus_width;
  d["pciBusID"] = p.pci_bus_id;
  d["pciDeviceID"] = p.pci_device_id;
  d["pciDomainID"] = p.pci_domain_id;
  d["concurrentKernels"] = p.concurrent_kernels;
  d["asyncEngineCount"] = p.async_engine_count;
  d["unifiedAddressing"] = p.unified_addressing;
  d["managedMemory"] = p.managed_memory;
  return d;
}

void bind_memory(nb::module_& m) {
  nb::class_<cunumpy::Memory>(m, "Memory", "A block of memory on one device (CuPy's Memory).")
      .def_prop_ro("ptr", [](const cunumpy::Memory& b) { return reinterpret_cast<uintptr_t>(b.ptr()); })
      .def_prop_ro("size", &cunumpy::Memory::size)
      .def_prop_ro("device", [](const cunumpy::Memory& b) { return b.device().str(); })
      .def_prop_ro("device_id", [](const cunumpy::Memory& b) { return b.device().index; })
      .def("__int__", [](const cunumpy::Memory& b) { return reinterpret_cast<uintptr_t>(b.ptr()); });

  nb::class_<MemoryPool>(m, "MemoryPool")
      .def(
          "__init__",
          [](MemoryPool* self, std::optional<std::string> device, bool pinned) {
            Device d = device ? Device::parse(*device)
                              : (pinned ? Device::cpu() : cunumpy::current_device());
            new (self) MemoryPool(d, pinned);
          },
          "device"_a = nb::none(), "pinned"_a = false)
      .def("malloc", &MemoryPool::malloc, "size"_a)  // ~100 ns from the cache: keep the GIL
      .def("used_bytes", &MemoryPool::used_bytes)
      .def("total_bytes", &MemoryPool::total_bytes)
      .def("free_bytes", &MemoryPool::free_bytes)
      .def("n_free_blocks", &MemoryPool::n_free_blocks)
      .def("free_all_blocks", [](MemoryPool& p, nb::object) { p.free_all_blocks(); },
           "stream"_a = nb::none())
      .def(
          "set_limit",
          [](MemoryPool& p, std::optional<std::size_t> size, std::optional<double> fraction) {
            if (size && fraction) throw cunumpy::ValueError("set_limit: give size or fraction, not both");
            if (fraction) p.set_limit_fraction(*fraction);
            else p.set_limit(size.value_or(0));
          },
          "size"_a = nb::none(), "fraction"_a = nb::none())
      .def("get_limit", &MemoryPool::get_limit)
      .def_prop_ro("device", [](const MemoryPool& p) { return p.device().str(); })
      .def_prop_ro("pinned", &MemoryPool::pinned);

  m.def("get_default_memory_pool", [](std::optional<std::string> device) -> MemoryPool& {
        return device ? cunumpy::default_memory_pool(Device::parse(*device))
                      : cunumpy::default_memory_pool();
      }, "device"_a = nb::none(), nb::rv_policy::reference);
  m.def("get_default_pinned_memory_pool", &cunumpy::default_pinned_memory_pool,
        nb::rv_policy::reference);

  // set_allocator(None): no pool; set_allocator(callable): callable(nbytes) -> Memory;
  // reset_allocator(): the default pools again.
  m.def("set_allocator", [](nb::object alloc) {
    if (alloc.is_none()) {
      cunumpy::set_allocator(cunumpy::uncached_allocator());
      return;
    }
    // Kept alive by the allocator; the process-wide allocator is never destroyed at exit.
    cunumpy::set_allocator([alloc](Device, std::size_t n) -> cunumpy::MemoryPtr {
      nb::gil_scoped_acquire gil;
      return nb::cast<std::shared_ptr<cunumpy::Memory>>(alloc(n));
    });
  }, "allocator"_a.none());
  m.def("reset_allocator", [] { cunumpy::set_allocator({}); });
  // nbytes on the current device through the current allocator (cunumpy.cuda.alloc).
  m.def("alloc", [](std::size_t n) { return cunumpy::allocate(cunumpy::current_device(), n); },
        "size"_a);
}

void bind_streams(nb::module_& m) {
  nb::class_<Event>(m, "Event")
      .def(
          "__init__",
          [](Event* self, bool block, bool disable_timing, bool interprocess) {
            if (interprocess) throw cunumpy::NotImplementedError("interprocess events are not supported yet");
            new (self) Event(block, disable_timing);
          },
          "block"_a = false, "disable_timing"_a = false, "interprocess"_a = false)
      .def(
          "record",
          [](Event& e, std::optional<Stream> s) {
            if (s) e.record(*s);
            else e.record();
          },
          "stream"_a = nb::none())
      .def("synchronize", &Event::synchronize, nb::call_guard<nb::gil_scoped_release>())
      .def_prop_ro("done", &Event::done)
      .def_prop_ro("ptr", [](const Event& e) { return reinterpret_cast<uintptr_t>(e.handle()); })
      .def_prop_ro("device_id", [](const Event& e) { return e.device().index; })
      .def("__repr__", [](const Event& e) {
        return "<cunumpy.cuda.Event " + e.device().str() + " ptr=" +
               std::to_string(reinterpret_cast<uintptr_t>(e.handle())) + ">";
      });

  nb::class_<Stream>(m, "Stream")
      .def(
          "__init__",
          [](Stream* self, bool null, bool non_blocking, bool ptds, std::optional<int> priority) {
            if (null)
              new (self) Stream();  // follows the current device, like CuPy's Stream.null
            else if (ptds)
              new (self) Stream(Stream::per_thread());
            else
              new (self) Stream(Stream::create(cunumpy::current_device(), non_blocking,
                                               priority.value_or(0)));
          },
          "null"_a = false, "non_blocking"_a = false, "ptds"_a = false, "priority"_a = nb::none())
      .def_static(
          "from_external_ptr",
          [](uintptr_t ptr, int device_id) {
            return Stream::external(cuda_or_current(device_id), reinterpret_cast<void*>(ptr));
          },
          "ptr"_a, "device_id"_a = -1)
      .def_prop_ro("ptr", &Stream::ptr)
      .def_prop_ro("device_id", [](const Stream& s) { return s.device().index; })
      .def_prop_ro("device", [](const Stream& s) { return s.device().str(); })
      .def_prop_ro("priority", &Stream::priority)
      .def_prop_ro("non_blocking", &Stream::non_blocking)
      .def_prop_ro("done", &Stream::done)
      .def("synchronize", &Stream::synchronize, nb::call_guard<nb::gil_scoped_release>())
      .def(
          "record",
          [](const Stream& s, std::optional<Event> e) {
            if (!e) return s.record();
            s.record(*e);
            return *e;
          },
          "event"_a = nb::none())
      .def("wait_event", &Stream::wait_event, "event"_a)
      .def("use", [](Stream& s) -> Stream& {
        cunumpy::set_current_stream(s);
        return s;
      }, nb::rv_policy::reference)
      .def("__enter__", [](Stream& s) -> Stream& {
        t_stream_stack.push_back(cunumpy::current_stream(s.device()));
        cunumpy::set_current_stream(s);
        return s;
      }, nb::rv_policy::reference)
      .def("__exit__", [](Stream&, nb::args) {
        if (t_stream_stack.empty()) return;
        cunumpy::set_current_stream(t_stream_stack.back());
        t_stream_stack.pop_back();
      })
      .def("__eq__", [](const Stream& a, nb::handle b) {
        return nb::isinstance<Stream>(b) && a == nb::cast<const Stream&>(b);
      })
      .def("__hash__", [](const Stream& s) {
        return static_cast<Py_hash_t>(s.ptr() ^ (static_cast<uintptr_t>(s.device().index) << 48));
      })
      .def("__repr__", [](const Stream& s) {
        return "<cunumpy.cuda.Stream " + s.device().str() + " ptr=" + std::to_string(s.ptr()) + ">";
      });
  // Stream.null and Stream.ptds are attached by the Python package (cunumpy/cuda), which
  // also detaches them at exit so that no instance outlives the extension's types.

  m.def("get_current_stream", [](int device_id) { return cunumpy::current_stream(cuda_or_current(device_id)); },
        "device_id"_a = -1);
  m.def("get_elapsed_time", &cunumpy::elapsed_time, "start_event"_a, "end_event"_a);
}

void bind_devices(nb::module_& m) {
  m.def("is_available", &cunumpy::cuda_is_available);
  m.def("get_device_count", &cunumpy::cuda_device_count);
  m.def("get_device_id", &current_index);
  // "cpu" or "cuda:N": the thread's current device, and setting it.
  m.def("current_device", [] { return cunumpy::current_device().str(); });
  m.def("set_current_device", [](const std::string& d) { cunumpy::set_current_device(Device::parse(d)); });
  m.def("set_device", [](int i) { cunumpy::set_current_device(Device::cuda(i)); }, "device"_a);
  m.def("device_properties", &properties_dict, "device"_a);
  m.def("compute_capability", [](int i) {
    auto p = cunumpy::cuda_info::device_properties(i);
    return std::to_string(p.major * 10 + p.minor);
  }, "device"_a);
  m.def("device_synchronize", [](int device_id) {
    Device d = cuda_or_current(device_id);
    if (d.is_cuda()) cunumpy::cuda_info::device_synchronize(d.index);
  }, "device_id"_a = -1, nb::call_guard<nb::gil_scoped_release>());
  m.def("mem_get_info", [](int device_id) {
    Device d = cuda_or_current(device_id);
    if (d.is_cpu()) throw cunumpy::ValueError("memGetInfo: the current device is the cpu");
    return cunumpy::cuda_info::mem_get_info(d.index);
  }, "device_id"_a = -1);
  m.def("driver_version", &cunumpy::cuda_info::driver_version);
  m.def("runtime_version", &cunumpy::cuda_info::runtime_version);
  m.def("device_can_access_peer", &cunumpy::cuda_info::device_can_access_peer, "device"_a, "peer"_a);
  m.def("device_enable_peer_access", [](int peer) {
    cunumpy::cuda_info::device_enable_peer_access(current_index(), peer);
  }, "peer_device"_a);
}

}  // namespace

void bind_cuda(nb::module_& m) {
  nb::module_ cuda = m.def_submodule("cuda", "CUDA runtime: devices, streams, events, memory pools");
  bind_devices(cuda);
  bind_streams(cuda);
  bind_memory(cuda);
}
