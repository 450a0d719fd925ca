// Host time per call of small operations through the C++ API, on the default device: the
// engine's share of the per-call cost that bench/run.py measures from Python. Each row is
// the median of 15 batches of 2,000 asynchronous calls (the device drains between batches).
#include <cunumpy/cunumpy.hpp>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <functional>
#include <vector>

namespace cn = cunumpy;

static void drain() { cn::current_stream().synchronize(); }

static double per_call_us(const std::function<void()>& f) {
  for (int i = 0; i < 200; ++i) f();
  drain();
  std::vector<double> t;
  for (int rep = 0; rep < 15; ++rep) {
    auto t0 = std::chrono::steady_clock::now();
    for (int i = 0; i < 2000; ++i) f();
    auto t1 = std::chrono::steady_clock::now();
    drain();
    t.push_back(std::chrono::duration<double, std::micro>(t1 - t0).count() / 2000);
  }
  std::nth_element(t.begin(), t.begin() + 7, t.end());
  return t[7];
}

int main() {
  std::printf("device: %s\n", cn::current_device().str().c_str());
  cn::ndarray x = cn::arange(cn::Scalar(1000), cn::float32);
  cn::ndarray y = cn::empty({1000}, cn::float32);
  cn::UfuncOptions into;
  into.out = {y};
  cn::ndarray c = cn::greater(x, 500.0);
  const bool gpu = cn::current_device().is_cuda();
  cn::RawKernel k(R"(extern "C" __global__ void k(const float* x, float* y, int n) {
      int i = blockIdx.x * blockDim.x + threadIdx.x; if (i < n) y[i] = x[i] + 1.0f; })", "k");
  struct Row { const char* name; std::function<void()> f; bool gpu_only; };
  const Row rows[] = {
      {"empty(1000, float32)", [&] { (void)cn::empty({1000}, cn::float32); }, false},
      {"x + 1.0", [&] { (void)(x + 1.0); }, false},
      {"add(x, 1.0, out=y)", [&] { (void)cn::add(x, 1.0, into); }, false},
      {"x + x", [&] { (void)(x + x); }, false},
      {"sum(x)", [&] { (void)cn::sum(x); }, false},
      {"where(c, x, y)", [&] { (void)cn::where(c, x, y); }, false},
      {"RawKernel (x, y, n)", [&] { k({4}, {256}, {x, y, 1000}); }, true},
  };
  for (const Row& r : rows) {
    if (r.gpu_only && !gpu) continue;
    std::printf("| %s | %.2f |\n", r.name, per_call_us(r.f));
  }
  return 0;
}
