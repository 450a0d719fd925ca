// cunumpy._core's build and environment queries behind cunumpy.show_config().
#include <nanobind/nanobind.h>
#include <nanobind/stl/string.h>

#include "backend/cpu/parallel.hpp"
#include "cunumpy/runtime/build_info.hpp"
#include "runtime/kernel_cache_files.hpp"

namespace nb = nanobind;

namespace cunumpy::py {

void bind_config(nb::module_& m) {
  m.def("_build_info", [] {
    const BuildInfo b = build_info();
    nb::dict d;
    d["version"] = b.version;
    d["compiler"] = b.compiler;
    d["build_type"] = b.build_type;
    d["cuda"] = b.cuda;
    d["cuda_toolkit_version"] = b.cuda_toolkit_version;
    return d;
  }, "How libcunumpy was built (a dict).");
  m.def("_cuda_libraries", [] {
    nb::list out;
    for (const LibraryInfo& l : cuda_libraries()) {
      nb::dict d;
      d["name"] = l.name;
      d["found"] = l.found;
      d["path"] = l.path;
      d["version"] = l.version;
      d["error"] = l.error;
      out.append(d);
    }
    return out;
  }, "The CUDA libraries cunumpy opens at run time, loaded now (a list of dicts).");
  m.def("_kernel_cache_dir", &kernel_cache_dir, "Folder of the on-disk kernel caches (\"\": none).");
  m.def("_cpu_num_threads", &cpu::num_threads, "Threads of the CPU backend (CUNUMPY_NUM_THREADS).");
}

}  // namespace cunumpy::py
