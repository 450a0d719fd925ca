"""The Python examples (examples/python/*.py, shown on the API reference's examples page)
run in a fresh Python process on the current CUNUMPY_DEVICE, exit 0 and print "ok".

An example marked ``# example: needs cuda`` is skipped on the CPU backend, saying why."""

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from _helpers import device_kind

EXAMPLES = Path(__file__).resolve().parents[2] / "examples" / "python"
FILES = sorted(p.name for p in EXAMPLES.glob("*.py"))


def test_the_examples_are_there():
    # The docs page promises these topics (issue 23): a missing file is a failure.
    for name in ("arrays.py", "ufuncs.py", "reductions.py", "raw_kernel.py", "elementwise_kernel.py",
                 "streams.py", "fft.py", "linalg.py", "typed_example.py"):
        assert name in FILES, name


@pytest.mark.parametrize("name", FILES)
def test_example(name):
    source = (EXAMPLES / name).read_text()
    kind = device_kind()
    if re.search(r"^# example: needs cuda", source, re.M) and kind != "cuda":
        pytest.skip(f"{name} launches a CUDA kernel (RawKernel); the CPU backend has no GPU")
    env = dict(os.environ)
    env.setdefault("CUNUMPY_DEVICE", kind if kind in ("cpu", "cuda") else "cpu")
    proc = subprocess.run([sys.executable, str(EXAMPLES / name)], cwd=str(EXAMPLES), env=env,
                          capture_output=True, text=True, timeout=600)
    detail = (f"{name} on CUNUMPY_DEVICE={env['CUNUMPY_DEVICE']}: exit {proc.returncode}\n"
              f"--- stdout\n{proc.stdout[-3000:]}\n--- stderr\n{proc.stderr[-3000:]}")
    assert proc.returncode == 0, detail
    assert proc.stdout.split()[-1:] == ["ok"], detail
