// NCCL through dlopen (see include/cunumpy/runtime/nccl.hpp). Compiled in CUDA builds
// only; nccl_unavailable.cpp stands in otherwise.
#include "cunumpy/runtime/nccl.hpp"

#include <dlfcn.h>

#include <cstdlib>
#include <cstring>
#include <string>

#include "runtime/cuda/driver.hpp"
#include "runtime/library_search.hpp"

#if __has_include(<nccl.h>)
#include <nccl.h>
#define CUNUMPY_NCCL_BUILD_VERSION NCCL_VERSION_CODE
#else
#include "runtime/cuda/nccl_abi.hpp"
#define CUNUMPY_NCCL_BUILD_VERSION 0
#endif

namespace cunumpy::nccl {

#if __has_include(<nccl.h>)
// cunumpy's constants are NCCL's (compared as ints: the enums are distinct types).
template <class A, class B>
constexpr bool same(A a, B b) { return static_cast<int>(a) == static_cast<int>(b); }
static_assert(same(kInt8, ncclInt8) && same(kUint8, ncclUint8) && same(kInt32, ncclInt32) &&
              same(kUint32, ncclUint32) && same(kInt64, ncclInt64) && same(kUint64, ncclUint64) &&
              same(kFloat16, ncclFloat16) && same(kFloat32, ncclFloat32) && same(kFloat64, ncclFloat64) &&
              same(kBfloat16, ncclBfloat16));
static_assert(same(kSum, ncclSum) && same(kProd, ncclProd) && same(kMax, ncclMax) && same(kMin, ncclMin) &&
              same(kAvg, ncclAvg));
static_assert(same(kSuccess, ncclSuccess) && same(kInvalidArgument, ncclInvalidArgument) &&
              same(kInProgress, ncclInProgress));
#endif
static_assert(sizeof(UniqueId) == sizeof(ncclUniqueId));

namespace {

#define CUNUMPY_NCCL_FUNCTIONS(X)                                                             \
  X(ncclGetVersion) X(ncclGetErrorString) X(ncclGetUniqueId) X(ncclCommInitRank)              \
  X(ncclCommInitAll) X(ncclCommDestroy) X(ncclCommAbort) X(ncclCommCount) X(ncclCommCuDevice) \
  X(ncclCommUserRank) X(ncclCommGetAsyncError) X(ncclAllReduce) X(ncclReduce) X(ncclBroadcast) \
  X(ncclBcast) X(ncclAllGather) X(ncclReduceScatter) X(ncclSend) X(ncclRecv) X(ncclGroupStart) \
  X(ncclGroupEnd)

struct Api {
#define CUNUMPY_DECLARE_FN(name) decltype(&::name) name = nullptr;
  CUNUMPY_NCCL_FUNCTIONS(CUNUMPY_DECLARE_FN)
#undef CUNUMPY_DECLARE_FN
  // Optional (NCCL 2.13+): the last error's detail.
  decltype(&::ncclGetLastError) ncclGetLastError = nullptr;
  bool ok = false;
  std::string error;
};

Api* load() {
  auto* api = new Api();  // process lifetime
  // NVLink multicast (NVLS) stays off unless the user chose otherwise: NCCL reads its
  // environment when it first initializes, after this.
  setenv("NCCL_NVLS_ENABLE", "0", /*overwrite=*/0);
  if (cuda::device_count() == 0) {
    api->error = "NCCL needs a CUDA device, and the CUDA driver reports none";
    return api;
  }
  // nvidia-nccl-cu12 and -cu13 both install nvidia/nccl/lib.
  void* lib = runtime::open_library({{"libnccl.so.2", "libnccl.so"}, {"nccl", "cu13"}});
  if (!lib) {
    api->error = "NCCL (libnccl.so.2) could not be loaded; install the nvidia-nccl-cu12 (or -cu13) wheel "
                 "or the system's libnccl2, or add its folder to LD_LIBRARY_PATH";
    return api;
  }
#define CUNUMPY_LOAD_FN(name)                                           \
  api->name = reinterpret_cast<decltype(api->name)>(dlsym(lib, #name)); \
  if (!api->name) {                                                     \
    api->error = "NCCL is missing the function " #name;                 \
    return api;                                                         \
  }
  CUNUMPY_NCCL_FUNCTIONS(CUNUMPY_LOAD_FN)
#undef CUNUMPY_LOAD_FN
  api->ncclGetLastError = reinterpret_cast<decltype(api->ncclGetLastError)>(dlsym(lib, "ncclGetLastError"));
  api->ok = true;
  return api;
}

Api& api_or_null() {
  static Api* a = load();
  return *a;
}

// The table, or NcclError "<call>: <why NCCL is not available>".
Api& api(const char* call) {
  Api& a = api_or_null();
  if (!a.ok) throw NcclError(std::string(call) + ": " + a.error, -1);
  return a;
}

// NcclError "<call> failed: <NCCL's text> (ncclResult_t N)[: last error]" unless success.
void check(ncclResult_t r, const char* call, ncclComm_t comm = nullptr) {
  if (static_cast<int>(r) == kSuccess) return;
  Api& a = api(call);
  std::string msg = std::string(call) + " failed: " + a.ncclGetErrorString(r) + " (ncclResult_t " +
                    std::to_string(static_cast<int>(r)) + ")";
  if (a.ncclGetLastError)
    if (const char* last = a.ncclGetLastError(comm); last && *last) msg += ": " + std::string(last);
  throw NcclError(msg, static_cast<int>(r));
}

// NCCL sets the CUDA runtime's current device, which swaps the thread's current context
// behind cunumpy's back (cuda::ensure_context caches it): put it back afterwards.
class KeepContext {
 public:
  KeepContext() { cuda::driver().cuCtxGetCurrent(&saved_); }
  ~KeepContext() { cuda::driver().cuCtxSetCurrent(saved_); }
  KeepContext(const KeepContext&) = delete;
  KeepContext& operator=(const KeepContext&) = delete;

 private:
  CUcontext saved_ = nullptr;
};

ncclDataType_t checked_type(int dtype, const char* call) {
  if (dtype < 0 || dtype >= kNumTypes)
    throw NcclError(std::string(call) + " failed: invalid argument: unknown NCCL data type " +
                        std::to_string(dtype), kInvalidArgument);
  return static_cast<ncclDataType_t>(dtype);
}

ncclRedOp_t checked_op(int op, const char* call) {
  if (op < 0 || op >= kNumOps)
    throw NcclError(std::string(call) + " failed: invalid argument: unknown NCCL reduction " + std::to_string(op),
                    kInvalidArgument);
  return static_cast<ncclRedOp_t>(op);
}

void* ptr(std::uintptr_t p) { return reinterpret_cast<void*>(p); }
cudaStream_t stream_of(std::uintptr_t s) { return reinterpret_cast<cudaStream_t>(s); }

}  // namespace

std::size_t element_size(int dtype) {
  switch (static_cast<int>(checked_type(dtype, "element_size"))) {
    case kInt8: case kUint8: return 1;
    case kFloat16: case kBfloat16: return 2;
    case kInt32: case kUint32: case kFloat32: return 4;
    default: return 8;
  }
}

bool available() {
  try {
    return api_or_null().ok;
  } catch (...) {
    return false;
  }
}

std::string unavailable_reason() {
  try {
    return api_or_null().error;
  } catch (const std::exception& e) {
    return e.what();
  }
}

int version() {
  int v = 0;
  check(api("ncclGetVersion").ncclGetVersion(&v), "ncclGetVersion");
  return v;
}

int build_version() { return CUNUMPY_NCCL_BUILD_VERSION; }

UniqueId get_unique_id() {
  ncclUniqueId id;
  check(api("ncclGetUniqueId").ncclGetUniqueId(&id), "ncclGetUniqueId");
  UniqueId out;
  std::memcpy(out.data(), id.internal, out.size());
  return out;
}

void group_start() { check(api("ncclGroupStart").ncclGroupStart(), "ncclGroupStart"); }

void group_end() {
  Api& a = api("ncclGroupEnd");
  KeepContext keep;
  check(a.ncclGroupEnd(), "ncclGroupEnd");
}

Communicator::Communicator(int ndev, const UniqueId& id, int rank, int device) {
  Api& a = api("ncclCommInitRank");
  if (ndev < 1)
    throw NcclError("ncclCommInitRank failed: invalid argument: ndev must be at least 1, got " +
                        std::to_string(ndev), kInvalidArgument);
  if (rank < 0 || rank >= ndev)
    throw NcclError("ncclCommInitRank failed: invalid argument: rank " + std::to_string(rank) +
                        " is out of range for " + std::to_string(ndev) + " ranks", kInvalidArgument);
  cuda::ensure_context(device);
  ncclUniqueId uid;
  std::memcpy(uid.internal, id.data(), id.size());
  ncclComm_t comm = nullptr;
  KeepContext keep;
  check(a.ncclCommInitRank(&comm, ndev, uid, rank), "ncclCommInitRank");
  comm_ = comm;
}

std::vector<std::shared_ptr<Communicator>> Communicator::init_all(const std::vector<int>& devices) {
  Api& a = api("ncclCommInitAll");
  if (devices.empty())
    throw NcclError("ncclCommInitAll failed: invalid argument: no devices given", kInvalidArgument);
  const int n = cuda::device_count();
  for (int d : devices)
    if (d < 0 || d >= n)
      throw NcclError("ncclCommInitAll failed: invalid argument: device " + std::to_string(d) +
                          " is out of range (" + std::to_string(n) + " devices)", kInvalidArgument);
  std::vector<ncclComm_t> comms(devices.size(), nullptr);
  {
    KeepContext keep;
    check(a.ncclCommInitAll(comms.data(), static_cast<int>(devices.size()), devices.data()), "ncclCommInitAll");
  }
  std::vector<std::shared_ptr<Communicator>> out;
  out.reserve(comms.size());
  for (ncclComm_t c : comms) out.emplace_back(new Communicator(static_cast<void*>(c)));
  return out;
}

Communicator::~Communicator() {
  try {
    destroy();
  } catch (...) {
  }
}

void* Communicator::live(const char* call) const {
  if (!comm_)
    throw NcclError(std::string(call) + " failed: invalid argument: the communicator was destroyed or aborted",
                    kInvalidArgument);
  return comm_;
}

#define CN_COMM(call) static_cast<ncclComm_t>(live(call))

int Communicator::device_id() const {
  int d = 0;
  check(api("ncclCommCuDevice").ncclCommCuDevice(CN_COMM("ncclCommCuDevice"), &d), "ncclCommCuDevice", CN_COMM("ncclCommCuDevice"));
  return d;
}

int Communicator::rank_id() const {
  int r = 0;
  check(api("ncclCommUserRank").ncclCommUserRank(CN_COMM("ncclCommUserRank"), &r), "ncclCommUserRank");
  return r;
}

int Communicator::size() const {
  int n = 0;
  check(api("ncclCommCount").ncclCommCount(CN_COMM("ncclCommCount"), &n), "ncclCommCount");
  return n;
}

void Communicator::all_reduce(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int op,
                              std::uintptr_t stream) {
  const char* call = "ncclAllReduce";
  ncclComm_t c = CN_COMM(call);
  auto t = checked_type(dtype, call);
  auto o = checked_op(op, call);
  KeepContext keep;
  check(api("ncclAllReduce").ncclAllReduce(ptr(send), ptr(recv), count, t, o, c, stream_of(stream)), call, c);
}

void Communicator::reduce(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int op, int root,
                          std::uintptr_t stream) {
  const char* call = "ncclReduce";
  ncclComm_t c = CN_COMM(call);
  auto t = checked_type(dtype, call);
  auto o = checked_op(op, call);
  KeepContext keep;
  check(api("ncclReduce").ncclReduce(ptr(send), ptr(recv), count, t, o, root, c, stream_of(stream)), call, c);
}

void Communicator::broadcast(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype, int root,
                             std::uintptr_t stream) {
  const char* call = "ncclBroadcast";
  ncclComm_t c = CN_COMM(call);
  auto t = checked_type(dtype, call);
  KeepContext keep;
  check(api("ncclBroadcast").ncclBroadcast(ptr(send), ptr(recv), count, t, root, c, stream_of(stream)), call, c);
}

void Communicator::bcast(std::uintptr_t buff, std::size_t count, int dtype, int root, std::uintptr_t stream) {
  const char* call = "ncclBcast";
  ncclComm_t c = CN_COMM(call);
  auto t = checked_type(dtype, call);
  KeepContext keep;
  check(api("ncclBcast").ncclBcast(ptr(buff), count, t, root, c, stream_of(stream)), call, c);
}

void Communicator::all_gather(std::uintptr_t send, std::uintptr_t recv, std::size_t count, int dtype,
                              std::uintptr_t stream) {
  const char* call = "ncclAllGather";
  ncclComm_t c = CN_COMM(call);
  auto t = checked_type(dtype, call);
  KeepContext keep;
  check(api("ncclAllGather").ncclAllGather(ptr(send), ptr(recv), count, t, c, stream_of(stream)), call, c);
}

void Communicator::reduce_scatter(std::uintptr_t send, std::uintptr_t recv, std::size_t recv_count, int dtype,
                                  int op, std::uintptr_t stream) {
  const char* call = "ncclReduceScatter";
  ncclComm_t c = CN_COMM(call);
  auto t = checked_type(dtype, call);
  auto o = checked_op(op, call);
  KeepContext keep;
  check(api("ncclReduceScatter").ncclReduceScatter(ptr(send), ptr(recv), recv_count, t, o, c, stream_of(stream)), call, c);
}

void Communicator::send(std::uintptr_t buff, std::size_t count, int dtype, int peer, std::uintptr_t stream) {
  const char* call = "ncclSend";
  ncclComm_t c = CN_COMM(call);
  auto t = checked_type(dtype, call);
  KeepContext keep;
  check(api("ncclSend").ncclSend(ptr(buff), count, t, peer, c, stream_of(stream)), call, c);
}

void Communicator::recv(std::uintptr_t buff, std::size_t count, int dtype, int peer, std::uintptr_t stream) {
  const char* call = "ncclRecv";
  ncclComm_t c = CN_COMM(call);
  auto t = checked_type(dtype, call);
  KeepContext keep;
  check(api("ncclRecv").ncclRecv(ptr(buff), count, t, peer, c, stream_of(stream)), call, c);
}

void Communicator::check_async_error() const {
  const char* call = "ncclCommGetAsyncError";
  ncclComm_t c = CN_COMM(call);
  ncclResult_t async = static_cast<ncclResult_t>(kSuccess);
  check(api("ncclCommGetAsyncError").ncclCommGetAsyncError(c, &async), call, c);
  check(async, "NCCL communicator (asynchronous error)", c);
}

void Communicator::abort() {
  if (!comm_) return;
  ncclComm_t c = static_cast<ncclComm_t>(comm_);
  comm_ = nullptr;
  KeepContext keep;
  check(api("ncclCommAbort").ncclCommAbort(c), "ncclCommAbort");
}

void Communicator::destroy() {
  if (!comm_) return;
  ncclComm_t c = static_cast<ncclComm_t>(comm_);
  comm_ = nullptr;
  KeepContext keep;
  check(api("ncclCommDestroy").ncclCommDestroy(c), "ncclCommDestroy");
}

#undef CN_COMM

}  // namespace cunumpy::nccl
