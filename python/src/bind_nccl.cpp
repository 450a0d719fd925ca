// cunumpy._core.nccl: the C++ NCCL calls (cunumpy/runtime/nccl.hpp) for
// cunumpy.cuda.nccl, which converts CuPy's arguments (arrays, streams, id tuples). Every
// call that may wait on other ranks releases the GIL, so that one thread per GPU works.
#include <nanobind/nanobind.h>
#include <nanobind/stl/shared_ptr.h>
#include <nanobind/stl/string.h>
#include <nanobind/stl/vector.h>

#include <cstring>

#include "cunumpy/runtime/nccl.hpp"

namespace nb = nanobind;
using namespace nb::literals;

namespace {

using cunumpy::nccl::Communicator;
using cunumpy::nccl::NcclError;
using cunumpy::nccl::UniqueId;
using nogil = nb::call_guard<nb::gil_scoped_release>;

UniqueId id_from_bytes(nb::bytes b) {
  UniqueId id{};
  if (b.size() != id.size())
    throw cunumpy::ValueError("an NCCL unique id has " + std::to_string(id.size()) + " bytes, got " +
                              std::to_string(b.size()));
  std::memcpy(id.data(), b.c_str(), id.size());
  return id;
}

}  // namespace

void bind_nccl(nb::module_& parent) {
  nb::module_ m = parent.def_submodule("nccl", "NCCL collectives (see cunumpy.cuda.nccl)");
  // CuPy's cupy.cuda.nccl.NcclError is a RuntimeError with the NCCL status in .status.
  static nb::handle nccl_error = PyErr_NewException("cunumpy._core.nccl.NcclError", PyExc_RuntimeError, nullptr);
  m.attr("NcclError") = nb::borrow(nccl_error);
  nb::register_exception_translator([](const std::exception_ptr& p, void*) {
    try {
      std::rethrow_exception(p);
    } catch (const NcclError& e) {
      nb::object err = nb::borrow(nccl_error)(e.what());
      nb::setattr(err, "status", nb::int_(e.status));
      PyErr_SetObject(nccl_error.ptr(), err.ptr());
    }
  });

  m.def("available", &cunumpy::nccl::available);
  m.def("unavailable_reason", &cunumpy::nccl::unavailable_reason);
  m.def("get_version", &cunumpy::nccl::version);
  m.def("get_build_version", &cunumpy::nccl::build_version);
  m.def("element_size", &cunumpy::nccl::element_size, "dtype"_a);
  m.def("get_unique_id", [] {
    UniqueId id = cunumpy::nccl::get_unique_id();
    return nb::bytes(id.data(), id.size());
  });
  m.def("group_start", &cunumpy::nccl::group_start, nogil());
  m.def("group_end", &cunumpy::nccl::group_end, nogil());

  nb::class_<Communicator>(m, "Communicator")
      .def("__init__",
           [](Communicator* self, int ndev, nb::bytes id, int rank, int device) {
             UniqueId uid = id_from_bytes(id);
             nb::gil_scoped_release release;  // waits for every rank to join
             new (self) Communicator(ndev, uid, rank, device);
           },
           "ndev"_a, "comm_id"_a, "rank"_a, "device"_a)
      .def_static("init_all", &Communicator::init_all, "devices"_a, nogil())
      .def("device_id", &Communicator::device_id)
      .def("rank_id", &Communicator::rank_id)
      .def("size", &Communicator::size)
      .def_prop_ro("handle", &Communicator::handle)
      .def("all_reduce", &Communicator::all_reduce, "send"_a, "recv"_a, "count"_a, "dtype"_a, "op"_a, "stream"_a,
           nogil())
      .def("reduce", &Communicator::reduce, "send"_a, "recv"_a, "count"_a, "dtype"_a, "op"_a, "root"_a,
           "stream"_a, nogil())
      .def("broadcast", &Communicator::broadcast, "send"_a, "recv"_a, "count"_a, "dtype"_a, "root"_a, "stream"_a,
           nogil())
      .def("bcast", &Communicator::bcast, "buff"_a, "count"_a, "dtype"_a, "root"_a, "stream"_a, nogil())
      .def("all_gather", &Communicator::all_gather, "send"_a, "recv"_a, "count"_a, "dtype"_a, "stream"_a, nogil())
      .def("reduce_scatter", &Communicator::reduce_scatter, "send"_a, "recv"_a, "recv_count"_a, "dtype"_a, "op"_a,
           "stream"_a, nogil())
      .def("send", &Communicator::send, "buff"_a, "count"_a, "dtype"_a, "peer"_a, "stream"_a, nogil())
      .def("recv", &Communicator::recv, "buff"_a, "count"_a, "dtype"_a, "peer"_a, "stream"_a, nogil())
      .def("check_async_error", &Communicator::check_async_error)
      .def("abort", &Communicator::abort, nogil())
      .def("destroy", &Communicator::destroy, nogil());
}
