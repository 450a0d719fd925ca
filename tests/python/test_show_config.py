"""cunumpy.show_config() and `python -m cunumpy --config`: every row present, values that
agree with what the package reports elsewhere, and never an exception."""

import io
import os
import subprocess
import sys

import numpy as np

import cunumpy as cp
from cunumpy._show_config import config_rows

EXPECTED = ["OS", "Python Version", "NumPy Version", "cunumpy Version", "Build Type",
            "Compiler", "CUDA Backend Compiled In", "CUDA Build Version", "Default Device",
            "CUDA Device Count", "Kernel Cache Dir", "CPU Backend Threads",
            "CUNUMPY_GPU_MEMORY_LIMIT", "Memory Pool Limit (current device)"]


def test_rows_and_values():
    rows = dict(config_rows())
    for key in EXPECTED:
        assert key in rows, key
    assert rows["cunumpy Version"] == cp.__version__
    assert rows["Build Version (libcunumpy)"] == cp.__version__  # one source of the version
    assert rows["NumPy Version"] == np.__version__
    assert int(rows["CPU Backend Threads"]) >= 1
    assert rows["Default Device"] == str(cp.cuda._c.current_device())


def test_cuda_libraries_reported_when_compiled_in():
    rows = dict(config_rows())
    if rows["CUDA Backend Compiled In"] != "yes":
        assert rows["CUDA Build Version"] == "none"
        return
    for lib in ("CUDA driver", "NVRTC"):
        version = rows[f"{lib} Version"]
        if version == "not found":
            assert rows[f"{lib} Error"]  # says why
        else:
            assert os.path.isfile(rows[f"{lib} Path"]), rows[f"{lib} Path"]
    if cp.cuda.is_available():
        assert int(rows["CUDA Device Count"]) >= 1
        assert "Device 0" in rows


def test_kernel_cache_dir_follows_the_environment():
    code = "import cunumpy._core as c; print(c._kernel_cache_dir())"
    env = dict(os.environ, CUNUMPY_CACHE_DIR="/tmp/some-cache-dir")
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         check=True).stdout.strip()
    assert out == "/tmp/some-cache-dir"


def test_show_config_prints_aligned_rows():
    buf = io.StringIO()
    cp.show_config(file=buf)
    lines = buf.getvalue().splitlines()
    assert len(lines) >= len(EXPECTED)
    assert len({line.index(" : ") for line in lines}) == 1  # one column of names


def test_main_config():
    out = subprocess.run([sys.executable, "-m", "cunumpy", "--config"], capture_output=True,
                         text=True, check=True).stdout
    assert "cunumpy Version" in out and cp.__version__ in out
    ver = subprocess.run([sys.executable, "-m", "cunumpy", "--version"], capture_output=True,
                         text=True, check=True).stdout.strip()
    assert ver == cp.__version__
