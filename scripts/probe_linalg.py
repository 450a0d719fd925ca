"""Differential probe of cunumpy.linalg and the products against NumPy (CPU backend or
CUDA): random calls of det/slogdet/inv/pinv/solve/lstsq/cholesky/svd/eigvalsh/eigvals/qr/
norms/cond/matrix_rank/matrix_power/multi_dot/tensorsolve/tensorinv and matmul/dot/vdot/
inner/outer/tensordot/kron/trace/cross/vecdot over dtypes (float16, bool and integers too),
empty and batched shapes, comparing exception types, shapes, dtypes and invariant values.

    python3 scripts/probe_linalg.py SEED CASES

Not part of the test command: an exploratory tool (what it found is in tests/python).
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
N = int(sys.argv[2]) if len(sys.argv) > 2 else 1000
DT = ['float32', 'float64', 'complex64', 'complex128', 'int8', 'int64', 'bool', 'float16', 'uint8']
FUNCS = ['det', 'slogdet', 'inv', 'pinv', 'solve', 'lstsq', 'cholesky', 'svdvals', 'eigvalsh', 'norm', 'cond',
         'matrix_rank', 'matrix_power', 'matmul', 'dot', 'vdot', 'inner', 'outer', 'tensordot', 'kron', 'trace',
         'cross', 'vecdot', 'multi_dot', 'eigvals', 'qr_r', 'svd_s', 'eigh_w', 'tensorsolve', 'tensorinv', 'matrix_norm', 'vector_norm']
bad = 0
def outcome(f):
    try: return 'ok', f()
    except Exception as e: return 'err', e
def mk(shape, dt, seed, spd=False):
    g = np.random.default_rng(seed)
    a = g.standard_normal(shape) * 2
    if dt.startswith('complex'): a = a + 1j * g.standard_normal(shape)
    if spd and len(shape) >= 2 and shape[-1] == shape[-2]:
        a = a @ np.swapaxes(a.conj(), -1, -2) + shape[-1] * np.eye(shape[-1])
    if dt in ('int8', 'int64', 'uint8'): a = np.round(np.abs(a) if dt == 'uint8' else a)
    if dt == 'bool': a = a > 0
    return a.astype(dt)
for case in range(N):
    f = rng.choice(FUNCS)
    dt = rng.choice(DT)
    n = rng.choice([0, 1, 2, 3, 4])
    batch = rng.choice([(), (), (2,), (0,), (2, 3)])
    sq = batch + (n, n)
    rect = batch + (n, rng.choice([0, 1, 2, 3, 5]))
    args, kw = None, {}
    if f in ('det', 'slogdet', 'inv', 'eigvals', 'cond', 'matrix_rank', 'pinv', 'svdvals', 'eigvalsh', 'eigh_w', 'cholesky', 'matrix_norm'):
        shp = sq if f not in ('matrix_rank', 'pinv', 'svdvals', 'matrix_norm') or rng.random() < 0.5 else rect
        if rng.random() < 0.1: shp = rng.choice([(), (3,), (2, 3, 4)])
        args = (mk(shp, dt, case, spd=f in ('cholesky', 'eigvalsh', 'eigh_w')),)
        if f == 'cond' and rng.random() < 0.5: kw['p'] = rng.choice([None, 1, -1, 2, -2, np.inf, -np.inf, 'fro', 'nuc', 3])
        if f == 'matrix_norm' and rng.random() < 0.5: kw['ord'] = rng.choice(['fro', 'nuc', 1, -1, 2, -2, np.inf, -np.inf, 3])
        if f in ('eigvalsh', 'eigh_w') and rng.random() < 0.5: kw['UPLO'] = rng.choice(['L', 'U', 'X'])
    elif f in ('solve',):
        b_shape = rng.choice([sq[:-1], sq[:-1] + (2,), (n,), (n, 1), batch + (n, 0)])
        args = (mk(sq, dt, case, spd=True), mk(b_shape, rng.choice(DT), case + 1))
    elif f == 'lstsq':
        a = mk(rect, dt, case)
        if len(rect) > 2: a = mk(rect[-2:], dt, case)
        b = mk(rng.choice([a.shape[:1], a.shape[:1] + (2,), (a.shape[0] + 1,)]), rng.choice(DT), case + 1)
        args = (a, b); kw['rcond'] = rng.choice([None, -1, 1e-3])
    elif f == 'norm':
        shp = rng.choice([(), (0,), (5,), (3, 4), (2, 3, 4), (0, 3)])
        args = (mk(shp, dt, case),)
        if rng.random() < 0.7: kw['ord'] = rng.choice([None, 0, 1, -1, 2, -2, np.inf, -np.inf, 'fro', 'nuc', 3, 0.5])
        if rng.random() < 0.5: kw['axis'] = rng.choice([None, 0, -1, 1, (0, 1), (1, 0), (0,), (-1, -2), 2, (0, 0)])
        if rng.random() < 0.3: kw['keepdims'] = True
    elif f == 'vector_norm':
        shp = rng.choice([(), (0,), (5,), (3, 4), (2, 3, 4)])
        args = (mk(shp, dt, case),)
        if rng.random() < 0.7: kw['ord'] = rng.choice([2, 0, 1, -1, np.inf, -np.inf, 3, 0.5])
        if rng.random() < 0.5: kw['axis'] = rng.choice([None, 0, -1, (0, 1), 2])
        if rng.random() < 0.3: kw['keepdims'] = True
    elif f == 'matrix_power':
        args = (mk(sq, dt, case),); kw['n'] = rng.choice([0, 1, 2, 3, -1, -2, 5])
    elif f in ('matmul', 'dot', 'inner', 'vecdot', 'outer', 'kron', 'vdot', 'cross', 'tensordot'):
        s1 = rng.choice([(), (3,), (0,), (2, 3), (3, 3), (2, 2, 3), (3, 0), (1, 3)])
        s2 = rng.choice([(), (3,), (0,), (3, 2), (3, 3), (2, 3, 2), (0, 2), (3, 1), (2, 3)])
        if f == 'cross': s1 = rng.choice([(3,), (2,), (2, 3), (4, 2), (3, 3)]); s2 = rng.choice([(3,), (2,), (2, 3), (3, 2), (1, 3)])
        args = (mk(s1, dt, case), mk(s2, rng.choice(DT), case + 1))
        if f == 'tensordot': kw['axes'] = rng.choice([0, 1, 2, ((0,), (0,)), ((1,), (0,)), ([-1], [0])])
    elif f == 'trace':
        args = (mk(rng.choice([(3, 3), (2, 3, 4), (3,), (0, 0)]), dt, case),)
        if rng.random() < 0.5: kw['offset'] = rng.choice([0, 1, -1, 5])
    elif f == 'multi_dot':
        k = rng.choice([1, 2, 3])
        shapes = [rng.choice([(3,), (3, 3), (2, 3), (3, 2), (0, 3)]) for _ in range(k)]
        args = ([mk(s, dt, case + i) for i, s in enumerate(shapes)],)
    elif f in ('qr_r', 'svd_s'):
        args = (mk(rect, dt, case),)
    elif f in ('tensorsolve', 'tensorinv'):
        a = mk((2, 3, 6), dt, case, spd=False) if f == 'tensorsolve' else mk((4, 6, 8, 3), dt, case)
        args = (a, mk((2, 3), dt, case + 1)) if f == 'tensorsolve' else (a,)
        if f == 'tensorinv': kw['ind'] = rng.choice([2, 1, 3])
    def call(xp, conv):
        A = tuple(conv(x) for x in args) if f != 'multi_dot' else ([conv(x) for x in args[0]],)
        L = xp.linalg
        if f == 'qr_r': return L.qr(*A, mode='r')
        if f == 'svd_s': return L.svd(*A, compute_uv=False)
        if f == 'eigh_w': return L.eigh(*A, **kw)[0]
        if f == 'eigvals': return xp.sort(L.eigvals(*A))
        if f == 'lstsq':
            r = L.lstsq(*A, **kw); return (r[0], r[2])
        if f == 'slogdet':
            r = L.slogdet(*A); return (r[0], r[1])
        if f in ('matmul', 'dot', 'vdot', 'inner', 'outer', 'tensordot', 'kron', 'trace', 'cross', 'vecdot'):
            return getattr(xp, f)(*A, **kw)
        return getattr(L, f)(*A, **kw)
    en = outcome(lambda: call(np, lambda x: x))
    ec = outcome(lambda: call(cp, cp.asarray))
    msg = None
    if en[0] == 'err':
        if ec[0] != 'err': msg = f'numpy raised {type(en[1]).__name__}: {en[1]}; cunumpy returned'
        elif not isinstance(ec[1], type(en[1])) and not (isinstance(en[1], np.linalg.LinAlgError) and isinstance(ec[1], np.linalg.LinAlgError)):
            msg = f'numpy {type(en[1]).__name__}: {en[1]}; cunumpy {type(ec[1]).__name__}: {ec[1]}'
    elif ec[0] == 'err':
        msg = f'cunumpy raised {type(ec[1]).__name__}: {ec[1]}; numpy returned'
    else:
        es = en[1] if isinstance(en[1], tuple) else (en[1],)
        gs = ec[1] if isinstance(ec[1], tuple) else (ec[1],)
        for e, g in zip(es, gs):
            e = np.asarray(e); g = cp.asnumpy(g) if isinstance(g, cp.ndarray) else np.asarray(g)
            if f == 'qr_r': e, g = np.abs(e), np.abs(g)
            if e.shape != g.shape: msg = f'shape {g.shape} vs {e.shape}'; break
            if e.dtype != g.dtype: msg = f'dtype {g.dtype} vs {e.dtype}'; break
            tol = 1e-3 if e.dtype in (np.float32, np.complex64, np.float16) else 1e-8
            if f in ('cond',): tol = max(tol, 1e-4)
            if e.size and e.dtype.kind in 'fc' and not np.allclose(g, e, rtol=tol, atol=tol * max(1, np.nanmax(np.abs(e)) if np.isfinite(e).any() else 1), equal_nan=True):
                if not (f == 'cond' and (np.abs(e) > 1e6).any()) and not (f == 'matrix_rank'):
                    msg = f'values {g.ravel()[:4]} vs {e.ravel()[:4]}'; break
            if e.size and e.dtype.kind not in 'fc' and not np.array_equal(g, e): msg = f'values {g.ravel()[:4]} vs {e.ravel()[:4]}'; break
    if msg:
        bad += 1
        print(f'case {case}: {f}({", ".join(f"{a.shape}{a.dtype}" if hasattr(a, "shape") else "list" for a in args)}, {kw}): {msg}')
print(f'{N} cases, {bad} differences')
