// cunumpy/runtime/stream.hpp: stream identity (ids never reused, equality), the current
// stream per device and thread, events' flags, and ordering of work recorded on streams.
// On the CPU streams are completed in-order work; the same checks hold on a GPU.
#include <thread>
#include <vector>

#include "array_helpers.hpp"

namespace cunumpy::test {

TEST(StreamApi, IdentityOfNullPerThreadAndCreatedStreams) {
  const Device d = current_device();
  const Stream null = Stream::null(d);
  EXPECT_EQ(null.id(), 0u);
  EXPECT_TRUE(null.is_null());
  EXPECT_EQ(null.device(), d);
  EXPECT_EQ(null, Stream::null(d));
  const Stream a = Stream::create(d), b = Stream::create(d, /*non_blocking=*/true);
  EXPECT_NE(a.id(), b.id());
  EXPECT_NE(a.id(), 0u);
  EXPECT_TRUE(b.non_blocking());
  EXPECT_FALSE(a.non_blocking());
  EXPECT_EQ(a.priority(), 0);
  const Stream copy = a;  // a handle copy is the same stream
  EXPECT_EQ(copy, a);
  EXPECT_EQ(copy.id(), a.id());
  if (d.is_cpu()) {
    // Equality is (device, CUDA stream): every CPU stream is the same in-order queue.
    EXPECT_EQ(a, b);
    EXPECT_EQ(a.handle(), nullptr);
    EXPECT_EQ(Stream::per_thread(), Stream::null(d));  // the CPU's null stream while current
  } else {
    EXPECT_NE(a, b);
    EXPECT_NE(a.handle(), nullptr);
    EXPECT_EQ(Stream::per_thread().id(), 1u);
  }
}

TEST(StreamApi, CurrentStreamIsPerThreadAndGuarded) {
  const Device d = current_device();
  const Stream s = Stream::create(d);
  {
    StreamGuard g(s);
    EXPECT_EQ(current_stream(), s);
    EXPECT_EQ(current_stream(d), s);
    Stream seen_elsewhere;
    std::thread([&] { seen_elsewhere = current_stream(d); }).join();
    EXPECT_EQ(seen_elsewhere, Stream::null(d));  // another thread keeps its own
  }
  EXPECT_EQ(current_stream(d), Stream::null(d));
  set_current_stream(s);
  EXPECT_EQ(current_stream(d), s);
  set_current_stream(Stream::null(d));
}

TEST(StreamApi, WorkOnAStreamIsOrderedByEvents) {
  const Device d = current_device();
  const Stream producer = Stream::create(d, true), consumer = Stream::create(d, true);
  ndarray x;
  {
    StreamGuard g(producer);
    x = ones(Shape{1 << 16});
    x *= Operand(3.0);
  }
  Event ready = producer.record();
  EXPECT_TRUE(ready.recorded());
  consumer.wait_event(ready);
  ndarray total;
  {
    StreamGuard g(consumer);
    total = sum(x);
  }
  consumer.synchronize();
  EXPECT_TRUE(consumer.done());
  EXPECT_DOUBLE_EQ(values(total).at(0), 3.0 * (1 << 16));
  ready.synchronize();
  EXPECT_TRUE(ready.done());
}

TEST(StreamApi, EventFlags) {
  const Event plain;
  EXPECT_FALSE(plain.recorded());
  EXPECT_TRUE(plain.done());  // never recorded: nothing to wait for
  EXPECT_FALSE(plain.disable_timing());
  const Event untimed(current_device(), /*blocking=*/true, /*disable_timing=*/true);
  EXPECT_TRUE(untimed.disable_timing());
  EXPECT_EQ(untimed.device(), current_device());
  Event e(current_device());
  e.record(Stream::null(current_device()));
  e.synchronize();
  EXPECT_TRUE(e.recorded());
  EXPECT_TRUE(e.done());
}

}  // namespace cunumpy::test
