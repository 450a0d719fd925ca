"""Streams and events: queue work on a stream, record events, time it, synchronize.

On CUDA these are CUDA streams and events; on the CPU backend work runs when it is called,
so events complete at once and the same code still runs.
"""
import numpy as np

import cunumpy as cp

x = cp.arange(1_000_000, dtype=cp.float32)
stream = cp.cuda.Stream(non_blocking=True)
start, stop = cp.cuda.Event(), cp.cuda.Event()
with stream:                                 # work below goes to `stream`
    start.record()
    y = cp.sin(x) * 2 + 1
    stop.record()
stream.synchronize()
elapsed_ms = cp.cuda.get_elapsed_time(start, stop)
assert elapsed_ms >= 0.0
np.testing.assert_allclose(y[:5].get(), np.sin(np.arange(5, dtype=np.float32)) * 2 + 1, rtol=1e-6)
print(f"sin(x) * 2 + 1 on 1M float32: {elapsed_ms:.3f} ms")
print("ok")
