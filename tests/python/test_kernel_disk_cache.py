"""The CUDA kernel disk cache (CUNUMPY_CACHE_DIR): a second process reuses it, and a corrupt,
truncated or empty cache file is detected and recompiled, never a crash or a wrong result.
Each case runs fresh processes, so the in-memory cache does not hide the disk."""
import os
import subprocess
import sys

import pytest

import cunumpy as cp

pytestmark = pytest.mark.skipif(
    os.environ.get("CUNUMPY_DEVICE", "") == "cpu" or not cp.cuda.is_available(),
    reason="the kernel disk cache serves the CUDA backend only, and no GPU is in use here")

# A strided cast and a fill: kernels the copy engine compiles with NVRTC.
SCRIPT = """
import numpy as np, cunumpy as cp
x = cp.arange(1000, dtype=cp.float32)[::3]
y = x.astype(cp.float16)
np.testing.assert_array_equal(y.get(), np.arange(1000, dtype=np.float32)[::3].astype(np.float16))
z = cp.full((7, 5), 2.5, dtype=cp.float64)
assert float(z.get().sum()) == 87.5
print("ok")
"""


def run_child(cache_dir):
    env = dict(os.environ, CUNUMPY_CACHE_DIR=str(cache_dir), CUNUMPY_DEVICE="cuda")
    r = subprocess.run([sys.executable, "-c", SCRIPT], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0 and "ok" in r.stdout, r.stdout + r.stderr


def cache_files(d):
    return sorted(p for p in d.rglob("*") if p.is_file())


def test_second_process_reads_the_disk_cache(tmp_path):
    run_child(tmp_path)
    files = cache_files(tmp_path)
    assert files, "the first process wrote no cache file"
    before = {f: (f.stat().st_mtime_ns, f.read_bytes()) for f in files}
    run_child(tmp_path)
    after = {f: (f.stat().st_mtime_ns, f.read_bytes()) for f in cache_files(tmp_path)}
    assert after == before  # read back, not compiled and written again


@pytest.mark.parametrize("damage", ["truncate", "garble", "empty"])
def test_damaged_cache_file_is_recompiled(tmp_path, damage):
    run_child(tmp_path)
    good = {f: f.read_bytes() for f in cache_files(tmp_path)}
    for f, data in good.items():
        if damage == "truncate":
            f.write_bytes(data[: len(data) // 2])
        elif damage == "garble":
            f.write_bytes(data[:8] + bytes(b ^ 0x5A for b in data[8:]))
        else:
            f.write_bytes(b"")
    run_child(tmp_path)  # right results from recompiled kernels
    for f, data in good.items():
        assert f.read_bytes() == data  # the damaged file was replaced by a good one


def test_unusable_cache_dir_falls_back_to_memory(tmp_path):
    not_a_dir = tmp_path / "file"
    not_a_dir.write_text("a regular file where the cache directory should be")
    run_child(not_a_dir)
    run_child(not_a_dir / "below")


def test_warm_cache_never_loads_nvrtc(tmp_path):
    """With every kernel on disk, a process does not load NVRTC (a 100+ MB library): the
    compiler's identity for the cache key comes from a small file beside the cache."""
    run_child(tmp_path)
    assert any(f.name.startswith("compiler-sm") for f in cache_files(tmp_path))
    probe = SCRIPT + "\nprint('nvrtc loaded:', 'libnvrtc' in open('/proc/self/maps').read())\n"
    env = dict(os.environ, CUNUMPY_CACHE_DIR=str(tmp_path), CUNUMPY_DEVICE="cuda")
    r = subprocess.run([sys.executable, "-c", probe], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "nvrtc loaded: False" in r.stdout, r.stdout


def test_stale_compiler_file_is_corrected_by_the_next_compile(tmp_path):
    run_child(tmp_path)
    (key_file,) = [f for f in cache_files(tmp_path) if f.name.startswith("compiler-sm")]
    real = key_file.read_text()
    key_file.write_text("sm_90|0.1")  # as if an older NVRTC had written it
    run_child(tmp_path)  # misses every image (other key), compiles, stores under the real key
    assert key_file.read_text() == real
