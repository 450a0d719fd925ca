// A fixed pool of worker threads fed one parallel_for at a time.
#include "backend/cpu/parallel.hpp"

#include "cunumpy/base/fp_errors.hpp"
#include "cunumpy/base/interrupt.hpp"

#include <cfenv>
#if defined(__x86_64__)
#include <xmmintrin.h>
#endif
#include <atomic>

#include <algorithm>
#include <condition_variable>
#include <cstdlib>
#include <exception>
#include <mutex>
#include <thread>
#include <vector>

namespace cunumpy::cpu {
namespace {

class ThreadPool {
 public:
  explicit ThreadPool(int n) {
    for (int i = 0; i < n; ++i) workers_.emplace_back([this] { work(); });
  }
  ~ThreadPool() {
    {
      std::lock_guard<std::mutex> lk(mu_);
      stop_ = true;
    }
    cv_.notify_all();
    for (auto& t : workers_) t.join();
  }

  // Runs task(i) for i in [0, ntasks) on the workers and the calling thread.
  void run(int ntasks, const std::function<void(int)>& task) {
    std::unique_lock<std::mutex> run_lock(run_mu_);  // one parallel region at a time
    {
      std::lock_guard<std::mutex> lk(mu_);
      task_ = &task;
      ntasks_ = ntasks;
      next_ = 0;
      pending_ = ntasks;
      error_ = nullptr;
      ++generation_;
    }
    cv_.notify_all();
    drain();
    std::unique_lock<std::mutex> lk(mu_);
    done_cv_.wait(lk, [this] { return pending_ == 0; });
    task_ = nullptr;
    if (error_) std::rethrow_exception(error_);
  }

 private:
  void drain() {
    for (;;) {
      int i;
      const std::function<void(int)>* task;
      {
        std::lock_guard<std::mutex> lk(mu_);
        if (!task_ || next_ >= ntasks_) return;
        i = next_++;
        task = task_;
      }
      try {
        (*task)(i);
      } catch (...) {
        std::lock_guard<std::mutex> lk(mu_);
        if (!error_) error_ = std::current_exception();
      }
      std::lock_guard<std::mutex> lk(mu_);
      if (--pending_ == 0) done_cv_.notify_all();
    }
  }
  void work() {
    uint64_t seen = 0;
    for (;;) {
      {
        std::unique_lock<std::mutex> lk(mu_);
        cv_.wait(lk, [&] { return stop_ || (generation_ != seen && task_ && next_ < ntasks_); });
        if (stop_) return;
        seen = generation_;
      }
      drain();
    }
  }

  std::vector<std::thread> workers_;
  std::mutex mu_, run_mu_;
  std::condition_variable cv_, done_cv_;
  const std::function<void(int)>* task_ = nullptr;
  int ntasks_ = 0, next_ = 0, pending_ = 0;
  uint64_t generation_ = 0;
  bool stop_ = false;
  std::exception_ptr error_;
};

ThreadPool& pool() {
  // Leaked on purpose: joining threads during static destruction can deadlock at exit.
  static ThreadPool* p = new ThreadPool(std::max(0, num_threads() - 1));
  return *p;
}

}  // namespace

int num_threads() {
  static const int n = [] {
    if (const char* s = std::getenv("CUNUMPY_NUM_THREADS")) {
      int v = std::atoi(s);
      if (v > 0) return v;
    }
    return static_cast<int>(std::max(1u, std::thread::hardware_concurrency()));
  }();
  return n;
}

// Pool workers never run the interrupt hook: it may need the caller's interpreter state.
thread_local bool t_in_pool_task = false;

void parallel_for(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
  if (n <= 0) return;
  // Long work (a sort, a big reduction) is a sequence of parallel_for passes: a pending
  // Ctrl-C is noticed between them.
  if (!t_in_pool_task) check_interrupt();
  const int threads = num_threads();
  if (threads <= 1 || n < 2 * grain) {
    body(0, n);
    return;
  }
  const int64_t chunks = std::min<int64_t>(threads, n / grain);
  const int64_t per = (n + chunks - 1) / chunks;
  pool().run(static_cast<int>(chunks), [&](int i) {
    const int64_t b = i * per, e = std::min(n, b + per);
    const bool outer = t_in_pool_task;
    t_in_pool_task = true;
    struct Restore {
      bool v;
      ~Restore() { t_in_pool_task = v; }
    } restore{outer};
    if (b < e) body(b, e);
  });
  if (!t_in_pool_task) check_interrupt();
}

// fenv's flags as NumPy's bits. FE_INEXACT is not one of NumPy's errors.
static unsigned fp_errors_of(int flags) {
  return ((flags & FE_DIVBYZERO) ? kFpDivideByZero : 0u) | ((flags & FE_OVERFLOW) ? kFpOverflow : 0u) |
         ((flags & FE_UNDERFLOW) ? kFpUnderflow : 0u) | ((flags & FE_INVALID) ? kFpInvalid : 0u);
}
constexpr int kFpFlags = FE_DIVBYZERO | FE_OVERFLOW | FE_UNDERFLOW | FE_INVALID;

#if defined(__x86_64__)
// x86-64 computes float and double (and the libm functions) in SSE, so MXCSR holds every
// flag a reporting loop raises (the x87 status word only sees long double work, which none
// does). Reading MXCSR costs a fraction of fetestexcept, which also stores the x87 state.
static_assert(FE_INVALID == 0x01 && FE_DIVBYZERO == 0x04 && FE_OVERFLOW == 0x08 && FE_UNDERFLOW == 0x10,
              "fenv's flags are MXCSR's bits on x86-64");
static inline int fp_flags() { return static_cast<int>(_mm_getcsr()) & kFpFlags; }
static inline void clear_fp_flags() { _mm_setcsr(_mm_getcsr() & ~static_cast<unsigned>(kFpFlags)); }
#else
static inline int fp_flags() { return std::fetestexcept(kFpFlags); }
static inline void clear_fp_flags() { std::feclearexcept(kFpFlags); }
#endif

void parallel_for_fp(int64_t n, int64_t grain, const std::function<void(int64_t, int64_t)>& body) {
  if (n <= 0) return;
  std::atomic<int> flags{0};
  parallel_for(n, grain, [&](int64_t b, int64_t e) {
    // The flags are per thread: a chunk clears its thread's flags and reads them back
    // itself. Clearing costs more than a read, so it is done only when a flag is set: the
    // common path is two reads (a few ns each).
    if (fp_flags()) clear_fp_flags();
    body(b, e);
    if (const int f = fp_flags()) flags.fetch_or(f, std::memory_order_relaxed);
  });
  if (const int f = flags.load(std::memory_order_relaxed)) record_fp_errors(fp_errors_of(f));
}

}  // namespace cunumpy::cpu
