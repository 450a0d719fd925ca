// The GPU runtime layer: memory pools, allocators, streams, events and the current
// device/stream per thread. Everything here runs on the CPU backend too (CI); tests that
// need a GPU skip themselves when cuda_device_count() == 0.
#include <gtest/gtest.h>

#include <algorithm>
#include <chrono>
#include <atomic>
#include <cstring>
#include <map>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include <cunumpy/cunumpy.hpp>
#include <cunumpy/runtime/cuda_info.hpp>

namespace cunumpy::test {

#define CN_REQUIRE_GPU(n)                                                          \
  if (cuda_device_count() < (n))                                                   \
  GTEST_SKIP() << "needs " << (n) << " CUDA device(s); " << cuda_device_count() \
               << " available"

// ---- devices --------------------------------------------------------------------------
TEST(CudaRuntime, NoGpuMeansCpuWithoutCrashing) {
  int n = cuda_device_count();  // never throws
  EXPECT_GE(n, 0);
  EXPECT_EQ(cuda_is_available(), n > 0);
  if (n == 0) {
    EXPECT_THROW(set_current_device(Device::cuda(0)), ValueError);
    EXPECT_THROW(default_memory_pool(Device::cuda(0)), ValueError);
    EXPECT_THROW(Stream::create(Device::cuda(0)), ValueError);
  }
  EXPECT_THROW(set_current_device(Device::cuda(n)), ValueError);  // one past the end
}

TEST(CudaRuntime, CurrentDeviceIsThreadLocal) {
  DeviceGuard g(Device::cpu());
  Device seen;
  std::thread([&] { seen = current_device(); }).join();
  EXPECT_EQ(seen, default_device());  // a new thread starts at the default
  EXPECT_EQ(current_device(), Device::cpu());
}

// ---- memory pool ----------------------------------------------------------------------
TEST(MemoryPool, UsedAndTotalBytesThroughAllocateAndFree) {
  MemoryPool pool(Device::cpu());
  EXPECT_EQ(pool.used_bytes(), 0u);
  EXPECT_EQ(pool.total_bytes(), 0u);
  {
    MemoryPtr a = pool.malloc(1000);
    ASSERT_NE(a->ptr(), nullptr);
    EXPECT_EQ(reinterpret_cast<uintptr_t>(a->ptr()) % 64, 0u);
    EXPECT_EQ(a->size(), 1000u);
    EXPECT_EQ(pool.used_bytes(), 1024u);  // rounded to 512 bytes
    EXPECT_GE(pool.total_bytes(), pool.used_bytes());
  }
  EXPECT_EQ(pool.used_bytes(), 0u);
  EXPECT_GT(pool.total_bytes(), 0u);  // cached, not returned to the system
  EXPECT_EQ(pool.free_bytes(), pool.total_bytes());
  pool.free_all_blocks();
  EXPECT_EQ(pool.total_bytes(), 0u);
  EXPECT_EQ(pool.n_free_blocks(), 0u);
}

TEST(MemoryPool, ReusesFreedBlocks) {
  MemoryPool pool(Device::cpu());
  void* first;
  {
    MemoryPtr a = pool.malloc(1 << 20);
    first = a->ptr();
  }
  std::size_t total = pool.total_bytes();
  MemoryPtr b = pool.malloc(1 << 20);
  EXPECT_EQ(b->ptr(), first);
  EXPECT_EQ(pool.total_bytes(), total);
}

TEST(MemoryPool, SplitsAndMerges) {
  MemoryPool pool(Device::cpu());
  MemoryPtr a = pool.malloc(256 << 10);
  MemoryPtr b = pool.malloc(256 << 10);
  // Both small blocks are carved from one segment, next to each other.
  EXPECT_EQ(static_cast<char*>(b->ptr()) - static_cast<char*>(a->ptr()), 256 << 10);
  std::size_t total = pool.total_bytes();
  EXPECT_EQ(pool.n_free_blocks(), 1u);  // the segment's tail
  a.reset();
  EXPECT_EQ(pool.n_free_blocks(), 2u);  // a's block and the tail (b between them)
  b.reset();
  EXPECT_EQ(pool.n_free_blocks(), 1u);  // merged back into one segment-sized block
  EXPECT_EQ(pool.total_bytes(), total);
  MemoryPtr c = pool.malloc(512 << 10);  // fits in the merged block
  EXPECT_EQ(pool.total_bytes(), total);
  c.reset();
  pool.free_all_blocks();
  EXPECT_EQ(pool.total_bytes(), 0u);
}

TEST(MemoryPool, FreeAllBlocksKeepsSegmentsInUse) {
  MemoryPool pool(Device::cpu());
  MemoryPtr a = pool.malloc(4096);
  MemoryPtr big = pool.malloc(64 << 20);
  big.reset();
  pool.free_all_blocks();  // the big segment goes; a's segment stays
  EXPECT_EQ(pool.used_bytes(), 4096u);
  EXPECT_GT(pool.total_bytes(), 0u);
  EXPECT_LT(pool.total_bytes(), std::size_t{64} << 20);
}

TEST(MemoryPool, LimitGivesReadableOutOfMemoryErrorAndStaysUsable) {
  MemoryPool pool(Device::cpu());
  pool.set_limit(4 << 20);
  EXPECT_EQ(pool.get_limit(), std::size_t{4} << 20);
  MemoryPtr a = pool.malloc(3 << 20);
  try {
    MemoryPtr b = pool.malloc(3 << 20);
    FAIL() << "expected OutOfMemoryError";
  } catch (const OutOfMemoryError& e) {
    std::string msg = e.what();
    EXPECT_NE(msg.find("3,145,728 bytes"), std::string::npos) << msg;  // requested
    EXPECT_NE(msg.find("in use: 3,145,728 bytes"), std::string::npos) << msg;
    EXPECT_NE(msg.find("cached:"), std::string::npos) << msg;
    EXPECT_NE(msg.find("limit: 4,194,304 bytes"), std::string::npos) << msg;
  }
  a.reset();
  MemoryPtr c = pool.malloc(3 << 20);  // the cached segment is reused (or released, retried)
  EXPECT_NE(c->ptr(), nullptr);
  pool.set_limit(0);
  MemoryPtr d = pool.malloc(8 << 20);
  EXPECT_NE(d->ptr(), nullptr);
}

TEST(MemoryPool, OomLadderReleasesCachedBlocks) {
  MemoryPool pool(Device::cpu());
  pool.set_limit(20 << 20);
  { MemoryPtr a = pool.malloc(4096); }  // caches a 2 MiB segment of small blocks
  EXPECT_EQ(pool.total_bytes(), std::size_t{2} << 20);
  // 19 MiB needs a segment of its own; it fits only once the cache is released.
  MemoryPtr b = pool.malloc(19 << 20);
  EXPECT_NE(b->ptr(), nullptr);
  EXPECT_EQ(pool.n_free_blocks(), 0u);
  EXPECT_LE(pool.total_bytes(), std::size_t{20} << 20);
}

TEST(MemoryPool, ZeroBytesIsValid) {
  MemoryPtr m = allocate(Device::cpu(), 0);
  ASSERT_NE(m, nullptr);
  EXPECT_EQ(m->size(), 0u);
}

TEST(MemoryPool, PoolOutlivedByItsBlocks) {
  MemoryPtr keep;
  {
    MemoryPool pool(Device::cpu());
    keep = pool.malloc(100);
    std::memset(keep->ptr(), 1, 100);
  }
  keep.reset();  // returns into the destroyed pool's storage, which is freed now
  SUCCEED();
}

TEST(MemoryPool, ThreadedStressNeverHandsOutABlockTwice) {
  MemoryPool pool(Device::cpu());
  std::mutex mu;
  std::map<uintptr_t, uintptr_t> live;  // start -> end of blocks handed out
  std::atomic<int> overlaps{0}, corrupt{0};
  auto worker = [&](int seed) {
    std::mt19937 rng(seed);
    std::vector<MemoryPtr> mine;
    for (int it = 0; it < 3000; ++it) {
      if (mine.size() < 16 && (rng() % 3 != 0 || mine.empty())) {
        std::size_t n = 1 + rng() % (rng() % 8 == 0 ? (3 << 20) : 20000);
        MemoryPtr m = pool.malloc(n);
        auto s = reinterpret_cast<uintptr_t>(m->ptr());
        {
          std::lock_guard<std::mutex> lock(mu);
          auto next = live.lower_bound(s);
          if (next != live.end() && next->first < s + n) ++overlaps;
          if (next != live.begin() && std::prev(next)->second > s) ++overlaps;
          live[s] = s + n;
        }
        std::memset(m->ptr(), seed & 0xff, std::min<std::size_t>(n, 64));
        mine.push_back(std::move(m));
      } else {
        std::size_t i = rng() % mine.size();
        auto* p = static_cast<unsigned char*>(mine[i]->ptr());
        for (std::size_t k = 0; k < std::min<std::size_t>(mine[i]->size(), 64); ++k)
          if (p[k] != static_cast<unsigned char>(seed & 0xff)) ++corrupt;
        {
          std::lock_guard<std::mutex> lock(mu);
          live.erase(reinterpret_cast<uintptr_t>(p));
        }
        mine.erase(mine.begin() + static_cast<std::ptrdiff_t>(i));
      }
    }
    std::lock_guard<std::mutex> lock(mu);
    for (auto& m : mine) live.erase(reinterpret_cast<uintptr_t>(m->ptr()));
    mine.clear();
  };
  std::vector<std::thread> threads;
  for (int t = 0; t < 4; ++t) threads.emplace_back(worker, 17 + t);
  for (auto& t : threads) t.join();
  EXPECT_EQ(overlaps.load(), 0);
  EXPECT_EQ(corrupt.load(), 0);
  EXPECT_EQ(pool.used_bytes(), 0u);
  pool.free_all_blocks();
  EXPECT_EQ(pool.total_bytes(), 0u);
}

TEST(Allocator, SwapAndRestore) {
  std::atomic<int> calls{0};
  set_allocator([&](Device d, std::size_t n) {
    ++calls;
    return default_memory_pool(d).malloc(n);
  });
  MemoryPtr a = allocate(Device::cpu(), 100);
  EXPECT_EQ(calls.load(), 1);
  set_allocator(uncached_allocator());
  std::size_t cached_before = default_memory_pool(Device::cpu()).total_bytes();
  MemoryPtr b = allocate(Device::cpu(), 1 << 20);
  EXPECT_EQ(default_memory_pool(Device::cpu()).total_bytes(), cached_before);  // bypassed the pool
  set_allocator({});  // back to the default pools
  MemoryPtr c = allocate(Device::cpu(), 100);
  EXPECT_EQ(calls.load(), 1);
}

TEST(Allocator, WrapMemoryKeepsOwnerAlive) {
  auto owner = std::make_shared<std::vector<char>>(64);
  std::weak_ptr<std::vector<char>> weak = owner;
  MemoryPtr m = wrap_memory(owner->data(), 64, Device::cpu(), owner);
  owner.reset();
  EXPECT_FALSE(weak.expired());
  m.reset();
  EXPECT_TRUE(weak.expired());
}

// ---- streams and events ------------------------------------------------------------------
TEST(Stream, CpuStreamsAndEventsAreComplete) {
  Stream s = Stream::create(Device::cpu(), /*non_blocking=*/true);
  EXPECT_TRUE(s.done());
  s.synchronize();
  Event e = s.record();
  EXPECT_TRUE(e.done());
  e.synchronize();
  Event start(Device::cpu()), stop(Device::cpu());
  start.record(s);
  stop.record(s);
  EXPECT_GE(elapsed_time(start, stop), 0.0f);
  Event never(Device::cpu());
  EXPECT_THROW(elapsed_time(never, stop), ValueError);
  Event untimed(Device::cpu(), false, /*disable_timing=*/true);
  untimed.record(s);
  EXPECT_THROW(elapsed_time(untimed, stop), ValueError);
}

TEST(Stream, NestedGuardsAreThreadLocal) {
  Device d = cuda_is_available() ? Device::cuda(0) : Device::cpu();
  Stream s1 = Stream::create(d, true), s2 = Stream::create(d, false);
  EXPECT_EQ(current_stream(d), Stream::null(d));
  {
    StreamGuard g1(s1);
    EXPECT_EQ(current_stream(d), s1);
    {
      StreamGuard g2(s2);
      EXPECT_EQ(current_stream(d), s2);
      Stream other_thread_sees;
      std::thread([&] { other_thread_sees = current_stream(d); }).join();
      EXPECT_EQ(other_thread_sees, Stream::null(d));
    }
    EXPECT_EQ(current_stream(d), s1);
  }
  EXPECT_EQ(current_stream(d), Stream::null(d));
}

TEST(Stream, NullStreamFollowsCurrentDevice) {
  DeviceGuard g(Device::cpu());
  Stream null;
  EXPECT_EQ(null.device(), Device::cpu());
  EXPECT_TRUE(null.is_null());
  null.synchronize();
  EXPECT_TRUE(null.done());
}

// ---- GPU only --------------------------------------------------------------------------
TEST(CudaRuntimeGpu, DevicePropertiesAndMemInfo) {
  CN_REQUIRE_GPU(1);
  auto p = cuda_info::device_properties(0);
  EXPECT_FALSE(p.name.empty());
  EXPECT_GE(p.major, 3);
  EXPECT_GT(p.multi_processor_count, 0);
  auto [free, total] = cuda_info::mem_get_info(0);
  EXPECT_GT(total, 0u);
  EXPECT_LE(free, total);
  EXPECT_GT(cuda_info::driver_version(), 0);
}

TEST(CudaRuntimeGpu, PoolAllocatesDeviceMemoryAndLimits) {
  CN_REQUIRE_GPU(1);
  MemoryPool pool(Device::cuda(0));
  {
    MemoryPtr a = pool.malloc(1 << 20);
    EXPECT_EQ(a->device(), Device::cuda(0));
    EXPECT_EQ(pool.used_bytes(), std::size_t{1} << 20);
  }
  pool.set_limit(1 << 20);
  EXPECT_THROW(pool.malloc(64 << 20), OutOfMemoryError);
  MemoryPtr ok = pool.malloc(1000);  // usable after the error
  EXPECT_NE(ok->ptr(), nullptr);
}

TEST(CudaRuntimeGpu, CopyFillAndCastKernels) {
  CN_REQUIRE_GPU(1);
  Device gpu = Device::cuda(0);
  ndarray a(Shape{1000}, float32, Order::C, gpu);
  a.fill(Scalar(2.75));
  std::vector<float> host = a.to_vector<float>();
  for (float v : host) ASSERT_EQ(v, 2.75f);
  ndarray b = a.astype(int32);
  for (int32_t v : b.to_vector<int32_t>()) ASSERT_EQ(v, 2);
  ndarray h = a.astype(float16).astype(float64);
  for (double v : h.to_vector<double>()) ASSERT_EQ(v, 2.75);
  // A strided, reversed view copied into a contiguous array.
  std::vector<int64_t> src(24);
  for (int i = 0; i < 24; ++i) src[static_cast<std::size_t>(i)] = i;
  ndarray m(Shape{4, 6}, int64, Order::C, gpu);
  m.copy_from_host(src.data());
  ndarray v = m[{Slice{}, Slice{std::nullopt, std::nullopt, -2}}].copy();  // m[:, ::-2]
  std::vector<int64_t> got = v.to_vector<int64_t>();
  ASSERT_EQ(got.size(), 12u);
  for (int r = 0; r < 4; ++r)
    for (int c = 0; c < 3; ++c) EXPECT_EQ(got[static_cast<std::size_t>(r * 3 + c)], r * 6 + 5 - 2 * c);
}

TEST(CudaRuntimeGpu, EventTimingAndStreamOrdering) {
  CN_REQUIRE_GPU(1);
  Device gpu = Device::cuda(0);
  Stream s1 = Stream::create(gpu, true), s2 = Stream::create(gpu, true);
  ndarray x(Shape{1 << 24}, float32, Order::C, gpu);
  Event start(gpu), stop(gpu);
  {
    StreamGuard g(s1);
    start.record();
    x.fill(Scalar(1.0));
    stop.record();
  }
  s2.wait_event(stop);
  ndarray y;
  {
    StreamGuard g(s2);
    y = x.astype(float64);  // ordered after the fill through the event
  }
  s2.synchronize();
  EXPECT_TRUE(stop.done());
  EXPECT_GE(elapsed_time(start, stop), 0.0f);
  std::vector<double> host = y.to_vector<double>();
  EXPECT_EQ(host.front(), 1.0);
  EXPECT_EQ(host.back(), 1.0);
}

TEST(CudaRuntimeGpu, TwoDevices) {
  CN_REQUIRE_GPU(2);
  {
    DeviceGuard g(Device::cuda(1));
    MemoryPtr m = allocate(current_device(), 1 << 20);
    EXPECT_EQ(m->device(), Device::cuda(1));
    EXPECT_EQ(current_stream().device(), Device::cuda(1));
  }
  EXPECT_NE(current_device(), Device::cuda(1));
}

// ---- allocators beyond the default pool -------------------------------------------------
Device test_device() { return cuda_device_count() > 0 ? Device::cuda(0) : Device::cpu(); }

TEST(MemoryPool, OverAnUpstreamAllocatorCachesItsSegments) {
  int calls = 0;
  MemoryPool pool(test_device(), [&](Device d, std::size_t n) {
    ++calls;
    return malloc_managed(d, n);
  });
  MemoryPtr a = pool.malloc(1000), b = pool.malloc(1000);
  EXPECT_EQ(calls, 1);  // one 2 MiB segment split for both
  EXPECT_EQ(pool.used_bytes(), 2048u);
  a.reset();
  b.reset();
  EXPECT_EQ(pool.used_bytes(), 0u);
  pool.free_all_blocks();
  EXPECT_EQ(pool.total_bytes(), 0u);
}

TEST(MemoryPool, UpstreamOutOfMemoryBecomesOutOfMemoryError) {
  MemoryPool pool(test_device(), Allocator([](Device, std::size_t) -> MemoryPtr { return nullptr; }));
  EXPECT_THROW(pool.malloc(10), OutOfMemoryError);
}

TEST(AsyncMemoryPool, TracksUseAndLimit) {
  AsyncMemoryPool pool(test_device());
  {
    MemoryPtr m = pool.malloc(1 << 20);
    EXPECT_GE(pool.used_bytes(), std::size_t{1} << 20);
    EXPECT_GE(pool.total_bytes(), pool.used_bytes());
  }
  current_stream(test_device()).synchronize();
  EXPECT_EQ(pool.used_bytes(), 0u);
  pool.set_limit(1 << 20);
  EXPECT_THROW(pool.malloc(2 << 20), OutOfMemoryError);
  pool.free_all_blocks();
}

TEST(PinnedMemory, AllocatorSwapAndRestore) {
  MemoryPtr m = allocate_pinned(4096);
  ASSERT_TRUE(m->ptr() != nullptr);
  std::memset(m->ptr(), 1, 4096);  // host-accessible
  set_pinned_allocator(uncached_pinned_allocator());
  const std::size_t cached = default_pinned_memory_pool().total_bytes();
  MemoryPtr u = allocate_pinned(4096);
  EXPECT_EQ(default_pinned_memory_pool().total_bytes(), cached);
  set_pinned_allocator({});
}

TEST(Stream, HostFunctionsRunInOrder) {
  Stream s = Stream::create(test_device(), true);
  std::atomic<int> hits{0};
  s.launch_host_func([](void* p) { static_cast<std::atomic<int>*>(p)->fetch_add(1); }, &hits);
  s.synchronize();
  for (int i = 0; i < 1000 && hits.load() == 0; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(1));
  EXPECT_EQ(hits.load(), 1);
}

TEST(CudaRuntimeGpu, BlocksMoveBetweenStreamsInStreamOrder) {
  CN_REQUIRE_GPU(1);
  Device gpu = Device::cuda(0);
  MemoryPool pool(gpu);
  Stream s1 = Stream::create(gpu, true), s2 = Stream::create(gpu, true);
  void* p = nullptr;
  {
    StreamGuard g(s1);
    MemoryPtr m = pool.malloc(16 << 20);
    p = m->ptr();
  }
  const std::size_t total = pool.total_bytes();
  pool.set_limit(total);  // no new segment: s2 must take s1's
  {
    StreamGuard g(s2);
    MemoryPtr m = pool.malloc(16 << 20);  // s1's free segment, handed over via an event
    EXPECT_EQ(m->ptr(), p);
    EXPECT_EQ(pool.total_bytes(), total);
  }
  s2.synchronize();
}

TEST(CudaRuntimeGpu, PeerCopyBetweenDevices) {
  CN_REQUIRE_GPU(2);
  ndarray a;
  {
    DeviceGuard g(Device::cuda(1));
    a = arange(Scalar(0.0), Scalar(1000.0), Scalar(1.0), float64);
  }
  ndarray b = a.to(Device::cuda(0));
  EXPECT_EQ(b.device(), Device::cuda(0));
  std::vector<double> host = b.to_vector<double>();
  EXPECT_EQ(host[999], 999.0);
}

}  // namespace cunumpy::test
