"""Differential probe of cunumpy.random's argument handling against numpy.random: random
calls of every method both have, with scalar/array/list/inf/NaN parameters, sizes (None,
0, negative, tuples) and dtypes, comparing exception types and result shapes and dtypes
(values differ: cunumpy's own counter-based streams). A call that runs past 10 s is
reported as a hang.

    python3 scripts/probe_random.py SEED CASES [gen|legacy]

Not part of the test command: an exploratory tool. Left as NumPy's quirk: integers() of an
array bound with size=() (NumPy returns a 0-d draw).
"""
import inspect
import os
import random
import sys
import warnings

import numpy as np

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "python"))
import cunumpy as cp  # noqa: E402

warnings.simplefilter('ignore')
rng = random.Random(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
N = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
api = sys.argv[3] if len(sys.argv) > 3 else 'gen'
if api == 'gen':
    g_np, g_cp = np.random.default_rng(1), cp.random.default_rng(1)
else:
    g_np, g_cp = np.random.RandomState(1), cp.random.RandomState(1)
names = [n for n in dir(g_np) if not n.startswith('_') and callable(getattr(g_np, n)) and hasattr(g_cp, n)]
skip = {'bit_generator', 'spawn', 'get_state', 'set_state', 'seed', 'bytes', 'shuffle', 'permuted', 'tomaxint'}
names = [n for n in names if n not in skip]
PARAMS = [0.5, 2, 0, -1, 3.5, 1e-3, np.inf, np.nan, [0.5, 2.0], [[1.0], [2.0]], np.array([1, 2, 3]), 10, 100]
SIZES = [None, (), 0, 3, (2, 3), (0, 2), [2, 2], -1, (2, 1)]
bad = 0
def outcome(f):
    try: return 'ok', f()
    except Exception as e: return 'err', e
import signal
class Hang(Exception): pass
def _alarm(s, f): raise Hang()
signal.signal(signal.SIGALRM, _alarm)
for case in range(N):
    name = rng.choice(names)
    try:
        sig = inspect.signature(getattr(g_np, name))
        nparams = [p for p in sig.parameters.values() if p.name not in ('size', 'dtype', 'out', 'axis', 'endpoint', 'method', 'shuffle', 'replace', 'p', 'check_valid', 'tol')]
    except (ValueError, TypeError):
        continue
    k = rng.randint(0, len(nparams))
    args = [rng.choice(PARAMS) for _ in range(k)]
    kw = {}
    if 'size' in sig.parameters and rng.random() < 0.7: kw['size'] = rng.choice(SIZES)
    if 'dtype' in sig.parameters and rng.random() < 0.3: kw['dtype'] = rng.choice(['float32', 'float64', 'int64', 'int8', 'uint16', 'bool', 'int32'])
    if 'endpoint' in sig.parameters and rng.random() < 0.3: kw['endpoint'] = True
    signal.alarm(10)
    en = outcome(lambda: getattr(g_np, name)(*args, **kw))
    signal.alarm(0)
    if en[0] == 'err' and isinstance(en[1], Hang):
        print(f'case {case}: NUMPY HANG {name}{args}{kw}', flush=True); continue
    signal.alarm(10)
    ec = outcome(lambda: getattr(g_cp, name)(*[cp.asarray(a) if isinstance(a, np.ndarray) else a for a in args], **kw))
    signal.alarm(0)
    if ec[0] == 'err' and isinstance(ec[1], Hang):
        print(f'case {case}: CUNUMPY HANG {name}{args}{kw}', flush=True); bad += 1; continue
    msg = None
    if en[0] == 'err':
        if ec[0] != 'err': msg = f'numpy {type(en[1]).__name__}: {en[1]}; cunumpy returned {getattr(ec[1], "shape", ec[1])}'
        elif not isinstance(ec[1], type(en[1])): msg = f'numpy {type(en[1]).__name__}: {en[1]}; cunumpy {type(ec[1]).__name__}: {ec[1]}'
    elif ec[0] == 'err':
        msg = f'cunumpy {type(ec[1]).__name__}: {ec[1]}; numpy returned {np.shape(en[1])} {getattr(en[1], "dtype", type(en[1]))}'
    else:
        e, g = en[1], ec[1]
        if not (isinstance(e, tuple) or isinstance(g, tuple)):
            gs = np.shape(g.get() if hasattr(g, 'get') else g); es = np.shape(e)
            if gs != es:
                msg = f'shape {gs} vs {es}'
            elif hasattr(g, 'dtype') and hasattr(e, 'dtype') and np.dtype(g.dtype) != np.dtype(e.dtype):
                msg = f'dtype {g.dtype} vs {e.dtype}'
    if msg:
        bad += 1
        print(f'case {case}: {name}({", ".join(map(repr, args))}{", " if kw else ""}{", ".join(f"{k}={v!r}" for k, v in kw.items())}): {msg}', flush=True)
print(f'{N} cases, {bad} differences')
