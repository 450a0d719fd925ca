// NCCL in a build without CUDA (see include/cunumpy/runtime/nccl.hpp): available() is
// false and every other call throws NcclError saying so. CUDA builds use cuda/nccl.cpp.
#ifndef CUNUMPY_HAVE_CUDA
#include "cunumpy/runtime/nccl.hpp"

namespace cunumpy::nccl {
namespace {
constexpr const char* kReason = "NCCL is not available: cunumpy was built without CUDA";
[[noreturn]] void fail(const char* call) { throw NcclError(std::string(call) + ": " + kReason, -1); }
}  // namespace

std::size_t element_size(int dtype) {
  static constexpr std::size_t sizes[kNumTypes] = {1, 1, 4, 4, 8, 8, 2, 4, 8, 2};
  if (dtype < 0 || dtype >= kNumTypes)
    throw NcclError("element_size failed: invalid argument: unknown NCCL data type " + std::to_string(dtype),
                    kInvalidArgument);
  return sizes[dtype];
}
bool available() { return false; }
std::string unavailable_reason() { return kReason; }
int version() { fail("ncclGetVersion"); }
int build_version() { return 0; }
UniqueId get_unique_id() { fail("ncclGetUniqueId"); }
void group_start() { fail("ncclGroupStart"); }
void group_end() { fail("ncclGroupEnd"); }
Communicator::Communicator(int, const UniqueId&, int, int) { fail("ncclCommInitRank"); }
std::vector<std::shared_ptr<Communicator>> Communicator::init_all(const std::vector<int>&) { fail("ncclCommInitAll"); }
Communicator::~Communicator() = default;
void* Communicator::live(const char* call) const { fail(call); }
int Communicator::device_id() const { fail("ncclCommCuDevice"); }
int Communicator::rank_id() const { fail("ncclCommUserRank"); }
int Communicator::size() const { fail("ncclCommCount"); }
void Communicator::all_reduce(std::uintptr_t, std::uintptr_t, std::size_t, int, int, std::uintptr_t) {
  fail("ncclAllReduce");
}
void Communicator::reduce(std::uintptr_t, std::uintptr_t, std::size_t, int, int, int, std::uintptr_t) {
  fail("ncclReduce");
}
void Communicator::broadcast(std::uintptr_t, std::uintptr_t, std::size_t, int, int, std::uintptr_t) {
  fail("ncclBroadcast");
}
void Communicator::bcast(std::uintptr_t, std::size_t, int, int, std::uintptr_t) { fail("ncclBcast"); }
void Communicator::all_gather(std::uintptr_t, std::uintptr_t, std::size_t, int, std::uintptr_t) {
  fail("ncclAllGather");
}
void Communicator::reduce_scatter(std::uintptr_t, std::uintptr_t, std::size_t, int, int, std::uintptr_t) {
  fail("ncclReduceScatter");
}
void Communicator::send(std::uintptr_t, std::size_t, int, int, std::uintptr_t) { fail("ncclSend"); }
void Communicator::recv(std::uintptr_t, std::size_t, int, int, std::uintptr_t) { fail("ncclRecv"); }
void Communicator::check_async_error() const { fail("ncclCommGetAsyncError"); }
void Communicator::abort() {}
void Communicator::destroy() {}

}  // namespace cunumpy::nccl
#endif
