"""Times the onesweep radix sort's kernels one by one, for variants of their source, on the
GPU (CUDA events around each launch) and checks each variant's result against NumPy.

    CUNUMPY_DEVICE=cuda python3 scripts/debug/sort_lab.py [variant ...]

The source is the library's own (radix_sort_cuda_source.cpp with kernels/radix_sort_*.cuh, float32,
keys only), compiled through cunumpy.RawModule after text patches (PATCHES below), and
driven as run_onesweep drives it. A variant that leaves a stage out ("nolookback") gives a
wrong order on purpose: it measures what the stage costs. Measurement only; what wins goes
into the library's source."""
import os
import re
import sys

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import cunumpy as cp  # noqa: E402
from emulate_sort_kernels import dump_sources  # noqa: E402

N = int(os.environ.get("SORT_LAB_N", 2**27))

# The library's look-back, as the source spells it (from its first line to the line that
# uses its result): the text the look-back variants replace.
LOOKBACK_FROM, LOOKBACK_TO = "  unsigned excl = 0;\n", "  global_off[tid] ="
LOOKBACK = "<the library's look-back>"


def lookback_text(src):
    return src[src.index(LOOKBACK_FROM):src.index(LOOKBACK_TO)]


NO_LOOKBACK = """  unsigned excl = 0;
  if (tile > 0) *mine = CN_OS_PREFIX | count;
"""

# B predecessors' words loaded at once, then taken nearest first until an inclusive prefix.
BATCHED = """  unsigned excl = 0;
  if (tile > 0) {
    for (long long p = (long long)tile - 1;; p -= CN_LB_B) {
      unsigned v[CN_LB_B];
#pragma unroll
      for (int q = 0; q < CN_LB_B; ++q)
        v[q] = p - q >= 0 ? ((const volatile unsigned*)status)[(p - q) * 256 + tid] : CN_OS_PREFIX;
      bool done = false;
#pragma unroll
      for (int q = 0; q < CN_LB_B; ++q) {
        if (done) break;
        while (v[q] == 0) v[q] = ((const volatile unsigned*)status)[(p - q) * 256 + tid];
        excl += v[q] & CN_OS_COUNT;
        done = (v[q] & CN_OS_PREFIX) != 0;
      }
      if (done) break;
    }
    *mine = CN_OS_PREFIX | (excl + count);
  }
"""

# The ranking's lane matching by nine ballots (cn_match_digit, the library's before
# cn_os_match's atomicOr).
PEERS_MATCH = "const unsigned peers = cn_os_match(match_mask[warp], d, lane);"
PEERS_MATCH_BALLOTS = "const unsigned peers = cn_match_digit(d);"

BOUNDS = "#define CN_OS_BOUNDS __launch_bounds__(256, CN_OS_ITEMS >= 16 ? 3 : 4)"

# The first pass's load through a contiguous pointer (the lab's input is contiguous).
RAW_LOAD = "T fetch(long long i) const { return *(const T*)(p + i * sk); }"
RAW_LOAD_CONTIG = "T fetch(long long i) const { return ((const T*)p)[i]; }"

# The histogram kernel with a copy of the counters per pair of warps (the float's
# exponent byte sends most keys to a few counters; four copies cut that contention).
HIST = ["""  __shared__ unsigned h[CN_OS_DIGITS][256];
  const int tid = threadIdx.x;
  for (int b = 0; b < CN_OS_DIGITS; ++b) h[b][tid] = 0;""",
        """atomicAdd(&h[b][(int)((k[j] >> (8 * b)) & 255)], 1u);""",
        """    if (h[b][tid]) atomicAdd(&hist[b * 256 + tid], h[b][tid]);"""]
HIST_PARTS = ["""  __shared__ unsigned hp[4][CN_OS_DIGITS][256];
  const int tid = threadIdx.x;
  for (int b = 0; b < CN_OS_DIGITS; ++b) for (int q = 0; q < 4; ++q) hp[q][b][tid] = 0;""",
              """atomicAdd(&hp[tid >> 6][b][(int)((k[j] >> (8 * b)) & 255)], 1u);""",
              """    { const unsigned t = hp[0][b][tid] + hp[1][b][tid] + hp[2][b][tid] + hp[3][b][tid];
      if (t) atomicAdd(&hist[b * 256 + tid], t); }"""]


def variant(name):
    """(patches, items) for a variant name: words joined by '+', e.g. 'items20+batch8+lb3'."""
    patches, items = [], None
    for w in name.split("+"):
        if w == "base":
            pass
        elif w.startswith("items"):
            items = int(w[5:])
        elif w == "nolookback":
            patches.append((LOOKBACK, NO_LOOKBACK))
        elif w.startswith("batch"):
            patches.append((LOOKBACK, "#define CN_LB_B " + w[5:] + "\n" + BATCHED))
        elif w.startswith("lb"):  # __launch_bounds__(256, blocks per SM) on the passes
            patches.append((BOUNDS, f"#define CN_OS_BOUNDS __launch_bounds__(256, {w[2:]})"))
        elif w == "ballots":
            patches.append((PEERS_MATCH, PEERS_MATCH_BALLOTS))
        elif w == "contig":
            patches.append((RAW_LOAD, RAW_LOAD_CONTIG))
        elif w == "prekeys":
            pass  # run() starts from keys made on the host
        elif w == "histparts":
            patches += list(zip(HIST, HIST_PARTS))
        elif w == "nobounds":
            patches.append((BOUNDS, "#define CN_OS_BOUNDS"))
        else:
            raise SystemExit(f"unknown variant word {w!r}")
    return patches, items


def patched(src, name):
    """(source, items) of variant `name` of the library's source `src`."""
    patches, items = variant(name)
    items = items or int(re.search(r"#define CN_OS_ITEMS (\d+)", src).group(1))
    s = re.sub(r"#define CN_OS_ITEMS \d+", f"#define CN_OS_ITEMS {items}", src)
    for old, new in patches:
        old = lookback_text(s) if old == LOOKBACK else old
        assert s.count(old) >= 1, (name, old[:60])
        s = s.replace(old, new)
    return s, items


def build(src, name):
    s, items = patched(src, name)
    return cp.RawModule(code=s, options=("-std=c++17",)), items


def run(mod, items, x, out, sms, events=None, prekeys=None):
    f = mod.get_function
    tile = 256 * items
    tiles = -(-N // tile)
    kb = 4
    hist_n, ctr_off = kb * 256, 2 * kb * 256
    a_off = ctr_off + 64
    b_off = a_off + tiles * 256
    scratch = cp.empty(b_off + tiles * 256, dtype=cp.uint32)
    keys = cp.empty(N, dtype=cp.uint32)
    i32, i64 = np.int32, np.int64
    hist, bins = scratch[:hist_n], scratch[hist_n:]
    sa, sb = scratch[a_off:], scratch[b_off:]
    times = []

    def mark():
        if events is not None:
            e = cp.cuda.Event()
            e.record()
            times.append(e)

    mark()
    f("cn_os_init")((1,), (256,), (hist, i32(hist_n)))
    hblocks = max(1, min(-(-N // 1024), sms * 8))
    f("cn_os_hist")((hblocks,), (256,), (x, i64(4), i64(N), i32(1), hist, scratch[ctr_off:], i64(64 + tiles * 256)))
    mark()
    f("cn_os_scan")((kb,), (256,), (hist, bins))
    src, dst = keys, out
    for p in range(kb):
        tail = (i64(N), i32(8 * p), scratch[hist_n + 256 * p:], sa if p % 2 == 0 else sb,
                None if p == kb - 1 else (sb if p % 2 == 0 else sa), scratch[ctr_off + p:])
        if p == 0 and prekeys is not None:  # the first pass from ready keys (a middle pass's kernel)
            f("cn_os_pass_k_k")((tiles,), (256,), (prekeys, keys) + tail)
        elif p == 0:
            f("cn_os_pass_raw_k")((tiles,), (256,), (x, i64(4), i32(1), keys) + tail)
        elif p == kb - 1:
            f("cn_os_pass_k_out")((tiles,), (256,), (src, out) + tail)
        else:
            f("cn_os_pass_k_k")((tiles,), (256,), (src, dst) + tail)
            src, dst = dst, src
        mark()
    if events is not None:
        times[-1].synchronize()
        return [cp.cuda.get_elapsed_time(a, b) for a, b in zip(times, times[1:])]
    return None


def check(names):
    """Compiles each variant's source with NVRTC (no GPU): python3 sort_lab.py --check [variant ...]."""
    from check_ops_nvrtc import load_nvrtc, nvrtc_compile
    lib = load_nvrtc()
    src = dict(dump_sources())["sort float32 4"]
    for name in names:
        s, _ = patched(src, name)
        ok, log = nvrtc_compile(lib, s, "sort_lab.cu")
        print(name, "compiled" if ok else "FAILED\n" + log)


def main():
    names = sys.argv[1:] or ["base"]
    if names[0] == "--check":
        return check(names[1:] or ["base"])
    src = dict(dump_sources())["sort float32 4"]
    rng = np.random.default_rng(0)
    # SORT_LAB_DATA=bits: uniformly random bit patterns (every byte uniform) instead of
    # uniform [0, 1) values, whose low mantissa bytes are not uniform.
    if os.environ.get("SORT_LAB_DATA") == "bits":
        xh = rng.integers(0, 2**32, N, dtype=np.uint32).view(np.float32)
    else:
        xh = rng.random(N, dtype=np.float32)
    want = np.sort(xh)
    b = xh.view(np.uint32)  # the library's float keys, for the "prekeys" variant
    kh = np.where(np.isnan(xh), np.uint32(0xFFFFFFFF), np.where(b >> 31 == 1, ~b, b | np.uint32(1 << 31)))
    kd = cp.asarray(kh.astype(np.uint32))
    x = cp.asarray(xh)
    out = cp.empty(N, dtype=cp.float32)
    sms = int(cp.cuda.runtime.getDeviceProperties(0)["multiProcessorCount"])
    print(f"N = {N}; columns: hist, then passes 0-3 (ms, median of 9); total")
    for name in names:
        try:
            pk = kd if "prekeys" in name.split("+") else None
            mod, items = build(src, name)
            run(mod, items, x, out, sms, prekeys=pk)
            cp.cuda.Device().synchronize()
            ok = np.array_equal(cp.asnumpy(out), want, equal_nan=True)
            rows = [run(mod, items, x, out, sms, events=True, prekeys=pk) for _ in range(9)]
            med = np.median(np.array(rows), axis=0)
            print(f"{name:32s} " + " ".join(f"{t:6.3f}" for t in med) + f"  total {med.sum():6.3f}"
                  + ("" if ok else "  WRONG ORDER"), flush=True)
        except Exception as e:  # one bad variant must not stop the others
            print(f"{name:32s} failed: {type(e).__name__}: {str(e)[:300]}", flush=True)


if __name__ == "__main__":
    main()
