"""The CPU backend's cache of compiled user kernels (CUNUMPY_CACHE_DIR/<hash>.cnso): each
kind of damage to a cache file (truncation, a zeroed block, an overwritten code section,
garbage, a file of another kernel, a bare shared library) is detected before anything is
loaded, the kernel is rebuilt and the result is right; never a crash or a wrong value.
Fresh processes, so the in-memory cache does not hide the disk."""
import os
import subprocess
import sys

import pytest

import cunumpy as cp

pytestmark = pytest.mark.skipif(
    cp.zeros(1).device.__str__().startswith("cuda") or os.environ.get("CUNUMPY_DEVICE", "") == "cuda",
    reason="the .cnso host kernel cache serves the CPU backend; CUDA's cache has test_kernel_disk_cache.py")

SCRIPT = """
import sys, numpy as np, cunumpy as cp
which = sys.argv[1]
if which == "a":
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x * 3 + 1', 'hostile_cache_a')
    want = np.arange(6, dtype=np.float64) * 3 + 1
else:
    k = cp.ElementwiseKernel('T x', 'T y', 'y = x - 7', 'hostile_cache_b')
    want = np.arange(6, dtype=np.float64) - 7
r = k(cp.arange(6, dtype=cp.float64))
np.testing.assert_array_equal(cp.asnumpy(r), want)
print("ok")
"""


def run_child(cache_dir, which="a"):
    env = dict(os.environ, CUNUMPY_CACHE_DIR=str(cache_dir))
    r = subprocess.run([sys.executable, "-c", SCRIPT, which], env=env, capture_output=True, text=True,
                       timeout=300)
    assert r.returncode == 0 and "ok" in r.stdout, f"rc={r.returncode}\n{r.stdout}{r.stderr}"


def cache_file(d):
    files = sorted(d.glob("*.cnso"))
    assert len(files) == 1, files
    return files[0]


def damage(data, how, other):
    n = len(data)
    if how == "truncate_half":
        return data[: n // 2]
    if how == "truncate_tail":
        return data[:-1]
    if how == "header_only":
        return data[:32]
    if how == "empty":
        return b""
    if how == "zero_1k":
        mid = n // 2
        return data[:mid] + bytes(1024) + data[mid + 1024:]
    if how == "flip_byte":
        i = n * 3 // 4
        return data[:i] + bytes([data[i] ^ 0xFF]) + data[i + 1:]
    if how == "overwrite_code":  # 0xCC (int3) or 0x0F0B (ud2) where code would be
        return data[:4096] + b"\x0f\x0b" * ((n - 4096) // 2) + data[4096 + 2 * ((n - 4096) // 2):]
    if how == "garbage":
        return os.urandom(n)
    if how == "bare_library":  # the payload without its header: dlopen would accept it
        return data[32:]
    if how == "other_kernel":
        return other
    if how == "appended":
        return data + b"trailing bytes"
    if how == "bad_magic":
        return b"XXXXXXXX" + data[8:]
    raise AssertionError(how)


KINDS = ["truncate_half", "truncate_tail", "header_only", "empty", "zero_1k", "flip_byte",
         "overwrite_code", "garbage", "bare_library", "other_kernel", "appended", "bad_magic"]


@pytest.fixture(scope="module")
def good_files(tmp_path_factory):
    """One cache directory per kernel, built once: (file name, bytes) of a and of b."""
    out = {}
    for which in "ab":
        d = tmp_path_factory.mktemp("cache_" + which)
        run_child(d, which)
        f = cache_file(d)
        out[which] = (f.name, f.read_bytes())
    return out


def test_cache_file_reused(tmp_path, good_files):
    name, data = good_files["a"]
    (tmp_path / name).write_bytes(data)
    stamp = (tmp_path / name).stat().st_mtime_ns
    run_child(tmp_path)
    assert (tmp_path / name).stat().st_mtime_ns == stamp  # loaded, not rebuilt
    assert not [p for p in tmp_path.iterdir() if p.name.startswith(".cunumpy-load")]


@pytest.mark.parametrize("how", KINDS)
def test_damaged_cache_file_is_rebuilt(tmp_path, good_files, how):
    name, data = good_files["a"]
    _, other = good_files["b"]
    (tmp_path / name).write_bytes(damage(data, how, other))
    run_child(tmp_path)  # the right result, from a rebuilt kernel
    assert (tmp_path / name).read_bytes()[:8] == b"CNHOSTS1"  # replaced by a good file
    run_child(tmp_path)  # and the rebuilt file is good
