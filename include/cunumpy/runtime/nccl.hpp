// NCCL collectives and point-to-point calls (CuPy's cupy.cuda.nccl), usable without NCCL's
// or CUDA's headers. libnccl.so.2 is opened with dlopen on first use (NVIDIA's
// nvidia-nccl-cu12/cu13 wheels or the system), so loading cunumpy and the CPU backend need
// none of it. Buffers are device pointers and streams CUstream handles (0: the legacy null
// stream), as CuPy takes them. Failed calls throw NcclError naming the call and NCCL's
// status; built without CUDA or without a loadable NCCL, every call but available() and
// unavailable_reason() throws NcclError saying why.
#pragma once
#include <array>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cunumpy/base/errors.hpp"

namespace cunumpy::nccl {

// NCCL's own values (nccl.h's ncclDataType_t, ncclRedOp_t, ncclResult_t); nccl.cpp checks
// them against the header. kNumTypes / kNumOps bound what cunumpy passes on (NCCL 2.24's
// float8 types are left out: NumPy has none); others are NcclError before NCCL is called.
enum DataType : int {
  kInt8 = 0, kUint8 = 1, kInt32 = 2, kUint32 = 3, kInt64 = 4, kUint64 = 5,
  kFloat16 = 6, kFloat32 = 7, kFloat64 = 8, kBfloat16 = 9, kNumTypes = 10,
};
enum RedOp : int { kSum = 0, kProd = 1, kMax = 2, kMin = 3, kAvg = 4, kNumOps = 5 };
enum Result : int {
  kSuccess = 0, kUnhandledCudaError = 1, kSystemError = 2, kInternalError = 3,
  kInvalidArgument = 4, kInvalidUsage = 5, kRemoteError = 6, kInProgress = 7,
};

// A failed NCCL call; `status` is NCCL's ncclResult_t (-1 when NCCL is not available).
struct NcclError : Error {
  NcclError(const std::string& msg, int status) : Error(msg), status(status) {}
  int status;
};

// Size in bytes of one element of `dtype`; NcclError for an unknown one.
std::size_t element_size(int dtype);

// Whether NCCL can be used here (built with CUDA and libnccl.so.2 loads); never throws.
bool available();
// Why available() is false ("" when it is true).
std::string unavailable_reason();
// ncclGetVersion(): e.g. 22703 for 2.27.3.
int version();
// The version of nccl.h cunumpy was built against (0 without CUDA).
int build_version();

// ncclUniqueId: 128 opaque bytes that rank 0 creates and every rank passes to its communicator.
using UniqueId = std::array<char, 128>;
UniqueId get_unique_id();

// ncclGroupStart / ncclGroupEnd (per thread; they nest).
void group_start();
void group_end();

class Communicator {
 public:
  // ncclCommInitRank on CUDA device `device` (its context made current): rank `rank` of
  // `ndev` ranks sharing `id`. Blocks until every rank has joined.
  Communicator(int ndev, const UniqueId& id, int rank, int device);
  // ncclCommInitAll: one communicator per device, in one process.
  static std::vector<std::shared_ptr<Communicator>> init_all(const std::vector<int>& devices);
  ~Communicator();  // destroy(); errors are dropped
  Communicator(const Communicator&) = delete;
  Communicator& operator=(const Communicator&) = delete;

  int device_id() const;  // ncclCommCuDevice
  int rank_id() const;    // ncclCommUserRank
  int size() const;       // ncclCommCount
  std::uintptr_t handle() const { return reinterpret_cast<std::uintptr_t>(comm_); }  // 0 once destroyed

  void all_reduce(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int op,
                  std::uintptr_t stream);
  void reduce(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int op, int root,
              std::uintptr_t stream);
  void broadcast(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int root,
                 std::uintptr_t stream);
  void bcast(std::uintptr_t buff, std::size_t count, int dtype, int root, std::uintptr_t stream);
  // `send` holds `count` elements; `recv` size() * count.
  void all_gather(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, std::uintptr_t stream);
  // `send` holds size() * recv_count elements; `recv` recv_count.
  void reduce_scatter(std::uintptr_t send, std::uintptr_t recv, std::size_t recv_count, int dtype, int op,
                      std::uintptr_t stream);
  void send(std::uintptr_t buff, std::size_t count, int dtype, int peer, std::uintptr_t stream);
  void recv(std::uintptr_t buff, std::size_t count, int dtype, int peer, std::uintptr_t stream);

  // ncclCommGetAsyncError: NcclError when the communicator has failed asynchronously.
  void check_async_error() const;
  // ncclCommAbort / ncclCommDestroy; afterwards every call throws NcclError. Both are
  // no-ops on a communicator already gone.
  void abort();
  void destroy();

 private:
  explicit Communicator(void* comm) : comm_(comm) {}
  // The live communicator, or NcclError naming `call` once destroyed or aborted.
  void* live(const char* call) const;
  void* comm_ = nullptr;  // ncclComm_t
};

}  // namespace cunumpy::nccl
