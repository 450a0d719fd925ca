// cunumpy._core.cuda: devices, streams, events, memory pools and runtime queries, with
// CuPy's names. Compiles with or without CUNUMPY_HAVE_CUDA: everything here goes through
// the public C++ API, which reports "no CUDA" itself.
#include <nanobind/nanobind.h>
#include <nanobind/stl/optional.h>
#include <nanobind/stl/pair.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>

#include <functional>
#include <vector>

#include "cunumpy/base/errors.hpp"
#include "cunumpy/memory/async_pool.hpp"
#include "cunumpy/memory/memory.hpp"
#include "cunumpy/memory/pool.hpp"
#include "cunumpy/memory/thread_allocator.hpp"
#include "cunumpy/runtime/cuda_info.hpp"
#include "cunumpy/runtime/device.hpp"
#include "cunumpy/runtime/stream.hpp"
#include "cunumpy/runtime/synchronize_policy.hpp"
#include "memory_pointer.hpp"
#include "py_convert.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace cunumpy::py {

MemoryPtr memory_from_allocator_result(nb::handle obj, const char* who) {
  if (nb::isinstance<Memory>(obj)) return nb::cast<std::shared_ptr<Memory>>(obj);
  if (nb::isinstance<MemoryPointer>(obj)) {
    const auto& mp = nb::cast<const MemoryPointer&>(obj);
    if (mp.offset == 0) return mp.mem;
    // A pointer into the middle of a block: a Memory that keeps the block alive.
    return wrap_memory(reinterpret_cast<void*>(mp.ptr()), mp.mem->size() - static_cast<std::size_t>(mp.offset),
                       mp.mem->device(), mp.mem);
  }
  if (obj.is_none()) throw OutOfMemoryError(std::string(who) + " returned None");
  throw TypeError(std::string(who) + " must return a Memory or MemoryPointer, not '" +
                  nb::type_name(obj.type()).c_str() + "'");
}

}  // namespace cunumpy::py

namespace {

using cunumpy::py::MemoryPointer;
using cunumpy::AsyncMemoryPool;
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

// Host memory (pinned or not) exposes the buffer protocol, so numpy.frombuffer(mem, ...)
// views it; the buffer holds a reference to the Memory.
int memory_getbuffer(PyObject* self, Py_buffer* view, int flags) {
  auto* mem = nb::inst_ptr<cunumpy::Memory>(self);
  if (!mem->device().is_cpu()) {
    PyErr_SetString(PyExc_BufferError, ("memory on " + mem->device().str() +
                                        " is not host memory and has no buffer").c_str());
    view->obj = nullptr;
    return -1;
  }
  return PyBuffer_FillInfo(view, self, mem->ptr(), static_cast<Py_ssize_t>(mem->size()), 0, flags);
}
PyType_Slot kMemoryBufferSlots[] = {{Py_bf_getbuffer, reinterpret_cast<void*>(memory_getbuffer)},
                                    {0, nullptr}};

// A Python allocator callable as C++: callable(nbytes) with the GIL taken (pools and the
// allocator hooks call it from C++), its Memory or MemoryPointer result unwrapped. `who`
// names the callable in the TypeError for anything else.
std::function<cunumpy::MemoryPtr(std::size_t)> python_allocator(nb::handle callable, const char* who) {
  std::shared_ptr<void> fn = cunumpy::py::hold_python(callable);  // kept as long as the hook
  return [fn, who](std::size_t n) -> cunumpy::MemoryPtr {
    nb::gil_scoped_acquire gil;
    nb::object r = nb::handle(static_cast<PyObject*>(fn.get()))(n);
    return cunumpy::py::memory_from_allocator_result(r, who);
  };
}

// pool.set_limit(size=None, fraction=None), CuPy's spelling, for either kind of pool.
// Arguments are taken as objects so that a negative or non-integer size is CuPy's
// ValueError/TypeError, not nanobind's "incompatible function arguments".
template <class Pool>
void set_limit(Pool& p, nb::handle size, nb::handle fraction) {
  if (!size.is_none() && !fraction.is_none()) throw cunumpy::ValueError("set_limit: give size or fraction, not both");
  if (!fraction.is_none()) {
    const double f = PyFloat_AsDouble(fraction.ptr());
    if (f == -1.0 && PyErr_Occurred()) throw nb::python_error();
    p.set_limit_fraction(f);
    return;
  }
  if (size.is_none()) {
    p.set_limit(0);
    return;
  }
  if (PyBool_Check(size.ptr()) || !PyIndex_Check(size.ptr()))
    throw cunumpy::TypeError("set_limit: size must be an integer, got '" +
                             std::string(Py_TYPE(size.ptr())->tp_name) + "'");
  nb::object i = nb::steal(PyNumber_Index(size.ptr()));
  if (!i.is_valid()) throw nb::python_error();
  if (PyObject_RichCompareBool(i.ptr(), nb::int_(0).ptr(), Py_LT) == 1)
    throw cunumpy::ValueError("set_limit: size must be non-negative, got " + std::string(nb::str(i).c_str()));
  const unsigned long long n = PyLong_AsUnsignedLongLong(i.ptr());
  if (PyErr_Occurred()) throw nb::python_error();  // OverflowError beyond 64 bits
  p.set_limit(static_cast<std::size_t>(n));
}

void bind_memory(nb::module_& m) {
  nb::class_<cunumpy::Memory>(m, "Memory", "A block of memory on one device (CuPy's Memory).",
                              nb::type_slots(kMemoryBufferSlots))
      .def_prop_ro("ptr", [](const cunumpy::Memory& b) { return reinterpret_cast<uintptr_t>(b.ptr()); })
      .def_prop_ro("size", &cunumpy::Memory::size)
      .def_prop_ro("device", [](const cunumpy::Memory& b) { return b.device().str(); })
      .def_prop_ro("device_id", [](const cunumpy::Memory& b) { return b.device().index; })
      .def("__int__", [](const cunumpy::Memory& b) { return reinterpret_cast<uintptr_t>(b.ptr()); });

  nb::class_<MemoryPointer>(m, "MemoryPointer", "A Memory and a byte offset into it (CuPy's MemoryPointer).")
      .def("__init__", [](MemoryPointer* self, std::shared_ptr<cunumpy::Memory> mem, int64_t offset) {
        if (!mem) throw cunumpy::ValueError("MemoryPointer: mem is None");
        if (offset < 0 || static_cast<std::size_t>(offset) > mem->size())
          throw cunumpy::ValueError("MemoryPointer: offset " + std::to_string(offset) +
                                    " is outside the memory's " + std::to_string(mem->size()) + " bytes");
        new (self) MemoryPointer{std::move(mem), offset};
      }, "mem"_a, "offset"_a = 0)
      .def_prop_ro("ptr", &MemoryPointer::ptr)
      .def_prop_ro("mem", [](const MemoryPointer& p) { return p.mem; })
      .def_prop_ro("offset", [](const MemoryPointer& p) { return p.offset; })
      .def_prop_ro("device_id", [](const MemoryPointer& p) {
        return p.mem && p.mem->device().is_cuda() ? p.mem->device().index : -1;
      })
      .def_prop_ro("size", [](const MemoryPointer& p) {
        return p.mem ? p.mem->size() - static_cast<std::size_t>(p.offset) : 0;
      })
      .def("__int__", &MemoryPointer::ptr)
      .def("__add__", [](const MemoryPointer& p, int64_t n) {
        const int64_t off = p.offset + n;
        if (!p.mem || off < 0 || static_cast<std::size_t>(off) > p.mem->size())
          throw cunumpy::ValueError("MemoryPointer + " + std::to_string(n) + " leaves the memory");
        return MemoryPointer{p.mem, off};
      })
      .def("__sub__", [](const MemoryPointer& p, int64_t n) {
        const int64_t off = p.offset - n;
        if (!p.mem || off < 0 || static_cast<std::size_t>(off) > p.mem->size())
          throw cunumpy::ValueError("MemoryPointer - " + std::to_string(n) + " leaves the memory");
        return MemoryPointer{p.mem, off};
      })
      .def("__repr__", [](const MemoryPointer& p) {
        return "<cunumpy.cuda.MemoryPointer ptr=" + std::to_string(p.ptr()) + " device=" +
               (p.mem ? p.mem->device().str() : std::string("none")) + ">";
      });

  // UnownedMemory(ptr, size, owner, device_id=None): memory cunumpy did not allocate, kept
  // valid by holding `owner`.
  m.def("UnownedMemory", [](uintptr_t ptr, std::size_t size, nb::handle owner, std::optional<int> device_id) {
    Device d = device_id ? (*device_id < 0 ? Device::cpu() : Device::cuda(*device_id)) : cunumpy::current_device();
    return cunumpy::wrap_memory(reinterpret_cast<void*>(ptr), size, d, cunumpy::py::hold_python(owner));
  }, "ptr"_a, "size"_a, "owner"_a.none(), "device_id"_a = nb::none());

  m.def("malloc_managed", [](std::size_t size, std::optional<int> device_id) {
    Device d = device_id ? Device::cuda(*device_id) : cunumpy::current_device();
    return MemoryPointer{cunumpy::malloc_managed(d, size), 0};
  }, "size"_a, "device_id"_a = nb::none());

  nb::class_<MemoryPool>(m, "MemoryPool")
      .def(
          "__init__",
          [](MemoryPool* self, std::optional<std::string> device, bool pinned, nb::handle allocator) {
            Device d = device ? Device::parse(*device)
                              : (pinned ? Device::cpu() : cunumpy::current_device());
            if (allocator.is_none()) {
              new (self) MemoryPool(d, pinned);
              return;
            }
            if (pinned) throw cunumpy::ValueError("a pinned pool takes no allocator");
            // The pool's segments come from a Python callable (e.g. malloc_managed).
            auto upstream = python_allocator(allocator, "the pool's allocator");
            new (self) MemoryPool(d, [upstream](Device, std::size_t n) { return upstream(n); });
          },
          "device"_a = nb::none(), "pinned"_a = false, "allocator"_a = nb::none())
      // ~100 ns from the cache: keep the GIL
      .def("malloc", [](MemoryPool& p, std::size_t n) { return MemoryPointer{p.malloc(n), 0}; }, "size"_a)
      .def("used_bytes", &MemoryPool::used_bytes)
      .def("total_bytes", &MemoryPool::total_bytes)
      .def("free_bytes", &MemoryPool::free_bytes)
      .def("n_free_blocks", &MemoryPool::n_free_blocks)
      .def("free_all_blocks", [](MemoryPool& p, std::optional<Stream> stream) {
             if (stream) p.free_all_blocks(*stream);
             else p.free_all_blocks();
           }, "stream"_a = nb::none())
      .def("set_limit", &set_limit<MemoryPool>, "size"_a = nb::none(), "fraction"_a = nb::none())
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
    auto a = python_allocator(alloc, "the allocator given to set_allocator");
    cunumpy::set_allocator([a](Device, std::size_t n) { return a(n); });
  }, "allocator"_a.none());
  m.def("reset_allocator", [] { cunumpy::set_allocator({}); });
  // using_allocator's: this thread only. active=False: none (the process's applies);
  // allocator None: no pool.
  m.def("set_thread_allocator", [](nb::object alloc, bool active) {
    if (!active) {
      cunumpy::set_thread_allocator(std::nullopt);
      return;
    }
    if (alloc.is_none()) {
      cunumpy::set_thread_allocator(cunumpy::uncached_allocator());
      return;
    }
    auto a = python_allocator(alloc, "the allocator given to using_allocator");
    cunumpy::set_thread_allocator(cunumpy::Allocator([a](Device, std::size_t n) { return a(n); }));
  }, "allocator"_a.none(), "active"_a);
  // nbytes on the current device through the current allocator (cunumpy.cuda.alloc).
  m.def("alloc", [](std::size_t n) { return MemoryPointer{cunumpy::allocate(cunumpy::current_device(), n), 0}; },
        "size"_a);

  // Pinned staging memory (alloc_pinned_memory, cunumpyx.empty_pinned).
  m.def("alloc_pinned_memory", [](std::size_t n) { return cunumpy::allocate_pinned(n); }, "size"_a);
  m.def("set_pinned_memory_allocator", [](nb::object alloc) {
    if (alloc.is_none()) {
      cunumpy::set_pinned_allocator(cunumpy::uncached_pinned_allocator());
      return;
    }
    cunumpy::set_pinned_allocator(python_allocator(alloc, "the pinned memory allocator"));
  }, "allocator"_a.none());
  m.def("reset_pinned_memory_allocator", [] { cunumpy::set_pinned_allocator({}); });

  nb::class_<AsyncMemoryPool>(m, "MemoryAsyncPool",
                              "CUDA's stream-ordered allocator (cudaMallocAsync); a host pool on the CPU.")
      .def("__init__", [](AsyncMemoryPool* self, nb::handle pool_handles) {
        if (!(pool_handles.is_none() || (nb::isinstance<nb::str>(pool_handles) &&
                                         nb::cast<std::string>(pool_handles) == "current")))
          throw cunumpy::NotImplementedError("MemoryAsyncPool: only pool_handles='current' is supported");
        new (self) AsyncMemoryPool(cunumpy::current_device());
      }, "pool_handles"_a = "current")
      .def("malloc", [](AsyncMemoryPool& p, std::size_t n) { return MemoryPointer{p.malloc(n), 0}; }, "size"_a)
      .def("used_bytes", &AsyncMemoryPool::used_bytes)
      .def("total_bytes", &AsyncMemoryPool::total_bytes)
      .def("free_bytes", &AsyncMemoryPool::free_bytes)
      .def("n_free_blocks", [](const AsyncMemoryPool&) -> std::size_t {
        throw cunumpy::NotImplementedError("MemoryAsyncPool.n_free_blocks: the driver's pool does not report blocks");
      })
      // (the stream as a handle: an nb::object argument would be released without the GIL)
      .def("free_all_blocks", [](AsyncMemoryPool& p, nb::handle) { p.free_all_blocks(); },
           "stream"_a = nb::none(), nb::call_guard<nb::gil_scoped_release>())
      .def("set_limit", &set_limit<AsyncMemoryPool>, "size"_a = nb::none(), "fraction"_a = nb::none())
      .def("get_limit", &AsyncMemoryPool::get_limit)
      .def_prop_ro("device", [](const AsyncMemoryPool& p) { return p.device().str(); });
}

void bind_streams(nb::module_& m) {
  nb::class_<Event>(m, "Event")
      .def(
          "__init__",
          [](Event* self, bool block, bool disable_timing, bool interprocess) {
            new (self) Event(block, disable_timing, interprocess);
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
      .def("launch_host_func", [](const Stream& s, nb::handle callback, nb::handle arg) {
        // callback(arg) runs on a driver thread once the stream reaches this point; the
        // call takes the GIL there. The pair stays alive until then.
        struct Call {
          std::shared_ptr<void> callback, arg;
        };
        auto* call = new Call{cunumpy::py::hold_python(callback), cunumpy::py::hold_python(arg)};
        auto trampoline = [](void* data) {
          std::unique_ptr<Call> c(static_cast<Call*>(data));
          if (!Py_IsInitialized()) return;
          PyGILState_STATE g = PyGILState_Ensure();
          PyObject* r = PyObject_CallOneArg(static_cast<PyObject*>(c->callback.get()),
                                            static_cast<PyObject*>(c->arg.get()));
          if (r) Py_DECREF(r);
          else PyErr_WriteUnraisable(static_cast<PyObject*>(c->callback.get()));
          c.reset();  // drop the references while holding the GIL
          PyGILState_Release(g);
        };
        try {
          s.launch_host_func(trampoline, call);
        } catch (...) {
          if (!s.device().is_cpu()) delete call;  // not queued (on the CPU it already ran)
          throw;
        }
      }, "callback"_a, "arg"_a.none())
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

// cupyx.allow_synchronize's switch and its exception (cunumpyx.DeviceSynchronized).
static void bind_synchronize_policy(nb::module_& m) {
  static nb::handle cls = PyErr_NewException("cunumpy._core.DeviceSynchronized", PyExc_RuntimeError, nullptr);
  m.attr("DeviceSynchronized") = nb::borrow(cls);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const cunumpy::DeviceSynchronized& e) {
      PyErr_SetString(cls.ptr(), e.what());
    }
  });
  m.def("synchronize_allowed", [] { return cunumpy::synchronize_allowed(); });
  m.def("set_synchronize_allowed", [](bool allowed) { cunumpy::set_synchronize_allowed(allowed); }, nb::arg("allowed"));
}

void bind_cuda(nb::module_& m) {
  bind_synchronize_policy(m);
  nb::module_ cuda = m.def_submodule("cuda", "CUDA runtime: devices, streams, events, memory pools");
  bind_devices(cuda);
  bind_streams(cuda);
  bind_memory(cuda);
}
