"""Differential probe of cunumpy.fft against numpy.fft (CPU backend or CUDA): random
transforms (fft/ifft/rfft/irfft/hfft/ihfft and the 2-d/n-d ones) of random dtypes, shapes
(0-d, empty, transposed, reversed), n/s/axes/norm, comparing exception types, shapes,
dtypes and values; each difference printed as a one-line repro.

    python3 scripts/probe_fft.py SEED CASES

Not part of the test command (the seeded fuzzers are): an exploratory tool. Differences
left on purpose or NumPy's own: float16 input to irfft/hfft gives float32 (NumPy float16;
docs/architecture.md), norm='bad' is refused before the axes are checked (NumPy checks the
axes first), and NumPy 2.x returns uninitialized memory for some transforms of a padded
zero-length axis (cunumpy zeros; printed as value differences with NumPy's huge maxima).
"""
import os
import random
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import cunumpy as cp  # noqa: E402

warnings.simplefilter('ignore')
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 2000
FUNCS1 = ['fft', 'ifft', 'rfft', 'irfft', 'hfft', 'ihfft']
FUNCSN = ['fft2', 'ifft2', 'fftn', 'ifftn', 'rfft2', 'irfft2', 'rfftn', 'irfftn']
DT = ['float32', 'float64', 'complex64', 'complex128', 'int8', 'int64', 'bool', 'float16', 'uint16']
bad = 0
def outcome(f):
    try: return 'ok', f()
    except Exception as e: return 'err', e
for case in range(N):
    nd = rng.choice([0, 1, 1, 2, 2, 3])
    shape = tuple(rng.choice([0, 1, 2, 3, 4, 5, 7, 8]) for _ in range(nd))
    dt = rng.choice(DT)
    a = (np.random.default_rng(case).standard_normal(shape) * 3)
    if dt.startswith('complex'): a = a + 1j * np.random.default_rng(case + 1).standard_normal(shape)
    a = a.astype(dt)
    view = rng.choice(['', 'neg', 'T'])
    if view == 'neg' and nd: a = a[..., ::-1]
    if view == 'T' and nd > 1: a = a.T
    kw = {}
    if rng.random() < 0.5:
        f = rng.choice(FUNCS1)
        if rng.random() < 0.5: kw['n'] = rng.choice([None, 0, 1, 2, 3, 5, 8, -1])
        if rng.random() < 0.5: kw['axis'] = rng.choice([0, -1, 1, 2, -3, 3])
    else:
        f = rng.choice(FUNCSN)
        r = rng.random()
        if r < 0.3: kw['axes'] = rng.choice([None, (0,), (-1,), (0, 1), (1, 0), (-1, -2), (0, 0), (), (0, 1, 2), (2,), [0, -1]])
        elif r < 0.6: kw['s'] = rng.choice([None, (2,), (3, 4), (1, 1), (0, 2), (4, 4, 4), (-1, 2), (5,)])
        elif r < 0.8:
            kw['s'] = rng.choice([(2,), (3, 4), (4, 4)]); kw['axes'] = rng.choice([(0,), (0, 1), (1, 0), (-1,)])
    if rng.random() < 0.4: kw['norm'] = rng.choice(['backward', 'ortho', 'forward', None, 'bad'])
    kwn = {k: v for k, v in kw.items()}
    en = outcome(lambda: getattr(np.fft, f)(a, **kwn))
    ec = outcome(lambda: getattr(cp.fft, f)(cp.asarray(a), **kw))
    msg = None
    if en[0] == 'err':
        if ec[0] != 'err': msg = f'numpy raised {type(en[1]).__name__}: {en[1]}; cunumpy returned {ec[1].shape} {ec[1].dtype}'
        elif not isinstance(ec[1], type(en[1])): msg = f'numpy {type(en[1]).__name__}: {en[1]}; cunumpy {type(ec[1]).__name__}: {ec[1]}'
    else:
        if ec[0] == 'err': msg = f'cunumpy raised {type(ec[1]).__name__}: {ec[1]}; numpy returned {en[1].shape} {en[1].dtype}'
        else:
            g = ec[1].get(); e = en[1]
            # CuPy keeps single precision: float32/complex64 inputs give complex64/float32 results
            single = np.dtype(dt) in (np.float32, np.complex64, np.float16)
            if g.shape != e.shape: msg = f'shape {g.shape} != {e.shape}'
            else:
                tol = 1e-4 if single or g.dtype in (np.float32, np.complex64) else 1e-10
                scale = np.abs(e).max() if e.size else 0
                if e.size and not np.allclose(g, e, rtol=tol, atol=tol * max(scale, 1)): msg = f"values differ np max {np.abs(e).max()} cp max {np.abs(g).max()}"
                exp_dt = e.dtype
                if single and dt != 'float16':  # CuPy's single precision stays single
                    exp_dt = np.dtype(np.complex64 if e.dtype.kind == 'c' else np.float32)
                if msg is None and g.dtype != exp_dt and not (single and g.dtype.itemsize * 2 == e.dtype.itemsize): msg = f'dtype {g.dtype} vs numpy {e.dtype}'
    if msg:
        bad += 1
        print(f'case {case}: np.fft.{f}(a{", " if kw else ""}{", ".join(f"{k}={v!r}" for k, v in kw.items())}) a: {shape} {dt} {view}: {msg}')
print(f'{N} cases, {bad} differences')
