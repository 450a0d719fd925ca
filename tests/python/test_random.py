"""cunumpy.random: reproducibility, the distributions against SciPy at fixed seeds,
permutations and sampling, dtypes, broadcasting and NumPy's errors for bad input.

Every test uses a fixed seed, so each statistical check is one deterministic computation:
the bounds (KS / chi-square p-value above 1e-3, moments within 6 standard errors) pass for
the correct distributions and fail on a real bias (a 1% change of a scale parameter moves
the KS p-value of 10^6 draws below 1e-5)."""
import math
import re

import numpy as np
import pytest

import cunumpy as cp
from _helpers import check_same_outcome

try:
    import scipy.stats as scipy_stats
except ImportError:  # the statistical tests skip; the rest run
    scipy_stats = None
needs_scipy = pytest.mark.skipif(scipy_stats is None, reason="the distribution checks compare with SciPy")

N = 400_000          # draws per continuous distribution
P_MIN = 1e-3         # smallest accepted p-value (fixed seeds: no flakiness)


def host(x):
    return cp.asnumpy(x)


# ---- the generator itself ---------------------------------------------------------------
def test_philox_known_answer():
    # Random123's known-answer vector: counter 0, key 0.
    bg = cp.random.Philox4x3210(0)
    bg.state = {"bit_generator": "Philox4x3210", "state": {"key": (0, 0), "counter": 0}}
    raw = host(bg.random_raw(2))
    assert raw.dtype == np.uint64
    assert [hex(int(v)) for v in raw] == ["0x6627e8d5e169c58d", "0xbc57ac4c9b00dbd8"]
    assert bg.state["state"]["counter"] == 1


def test_same_seed_same_numbers():
    for make in (lambda: cp.random.default_rng(1234), lambda: cp.random.Generator(cp.random.XORWOW(7))):
        a, b = make(), make()
        np.testing.assert_array_equal(host(a.random(1000)), host(b.random(1000)))
        np.testing.assert_array_equal(host(a.standard_normal(999, dtype=np.float32)),
                                      host(b.standard_normal(999, dtype=np.float32)))
        np.testing.assert_array_equal(host(a.gamma(0.7, size=77)), host(b.gamma(0.7, size=77)))
    rs1, rs2 = cp.random.RandomState(5), cp.random.RandomState(5)
    np.testing.assert_array_equal(host(rs1.randn(3, 4)), host(rs2.randn(3, 4)))
    assert not np.array_equal(host(cp.random.RandomState(6).rand(100)), host(cp.random.RandomState(5).rand(100)))


def test_bit_generator_names_give_different_streams():
    xs = [host(cp.random.Generator(k(3)).random(50)) for k in
          (cp.random.Philox4x3210, cp.random.XORWOW, cp.random.MRG32k3a)]
    assert not np.array_equal(xs[0], xs[1]) and not np.array_equal(xs[1], xs[2])


@pytest.mark.parametrize("method,dtype,first", [
    ("random", np.float64, 6), ("random", np.float32, 12), ("standard_normal", np.float64, 10),
    ("standard_normal", np.float32, 8), ("standard_exponential", np.float32, 4),
    ("gamma", np.float64, 5), ("integers", np.int64, 8), ("poisson", np.int64, 3)])
def test_split_draws_equal_one_draw(method, dtype, first):
    # The documented promise: two draws equal one draw of their total size when the first
    # size is a multiple of the values per counter (4 for 32-bit, 2 for 64-bit, 1 for the
    # rejection-sampled distributions).
    def draw(g, n):
        if method == "gamma":
            return g.gamma(2.5, size=n)
        if method == "poisson":
            return g.poisson(4.0, size=n)
        if method == "integers":
            return g.integers(0, 100, size=n, dtype=np.int32).astype(np.int64)
        return getattr(g, method)(n, dtype=dtype)
    whole = host(draw(cp.random.default_rng(99), first + 37))
    g = cp.random.default_rng(99)
    parts = np.concatenate([host(draw(g, first)), host(draw(g, 37))])
    np.testing.assert_array_equal(parts, whole)


def test_state_round_trip():
    g = cp.random.default_rng(3)
    g.random(10)
    state = g.bit_generator.state
    a = host(g.standard_normal(20))
    g.bit_generator.state = state
    np.testing.assert_array_equal(host(g.standard_normal(20)), a)


def test_legacy_global_state():
    cp.random.seed(42)
    a = host(cp.random.rand(5))
    cp.random.seed(42)
    np.testing.assert_array_equal(host(cp.random.random_sample(5)), a)
    cp.random.seed(42)
    np.testing.assert_array_equal(host(cp.random.random(5)), a)
    rs = cp.random.RandomState(42)
    cp.random.set_random_state(rs)
    assert cp.random.get_random_state() is rs
    np.testing.assert_array_equal(host(cp.random.ranf(5)), a)
    cp.random.reset_states()
    assert cp.random.get_random_state() is not rs
    with pytest.raises(TypeError):
        cp.random.set_random_state(object())


def test_seed_sequence_seeding():
    ss = np.random.SeedSequence(2024)
    a = host(cp.random.default_rng(np.random.SeedSequence(2024)).random(8))
    b = host(cp.random.Generator(cp.random.Philox4x3210(ss)).random(8))
    np.testing.assert_array_equal(a, b)
    assert cp.random.Philox4x3210(ss).seed_seq is ss


def test_cpu_and_cuda_bit_identical():
    if not cp.cuda.is_available():
        pytest.skip("needs a CUDA device to compare with the CPU backend")
    c = cp._core
    calls = [
        lambda g: g.random(1001), lambda g: g.random(1001, dtype=np.float32),
        lambda g: g.standard_normal(1001, dtype=np.float32), lambda g: g.standard_normal(1001),
        lambda g: g.standard_exponential(1001), lambda g: g.gamma(0.3, 2.0, 1001),
        lambda g: g.gamma(7.5, size=1001), lambda g: g.beta(0.5, 3.0, 1001),
        lambda g: g.integers(0, 10 ** 12, 1001), lambda g: g.integers(-5, 1000, 1001, dtype=np.int16),
        lambda g: g.poisson(3.0, 1001), lambda g: g.poisson(400.0, 1001), lambda g: g.binomial(1000, 0.3, 1001),
        lambda g: g.standard_t(4.0, 1001), lambda g: g.lognormal(0, 2, 1001), lambda g: g.permutation(1001),
        # whole groups as vector stores and the clipped last group; tie runs of permutation keys
        lambda g: g.standard_normal(4099, dtype=np.float32), lambda g: g.normal(1.5, 2.0, 4099),
        lambda g: g.integers(0, 1000, 1003), lambda g: g.integers(0, 100, 1003, dtype=np.int8),
        lambda g: g.bit_generator.random_raw(1001), lambda g: g.permutation(100_000),
        lambda g: g.standard_exponential(1003, dtype=np.float32),
    ]
    prev = c.current_device()
    for f in calls:
        gpu = host(f(cp.random.default_rng(77)))
        c._set_current_device("cpu")
        try:
            cpu = host(f(cp.random.default_rng(77)))
        finally:
            c._set_current_device(prev)
        assert gpu.dtype == cpu.dtype
        np.testing.assert_array_equal(gpu.view(np.uint8), cpu.view(np.uint8))


# ---- continuous distributions against SciPy --------------------------------------------
CONTINUOUS = [
    ("random", (), {}, lambda: scipy_stats.uniform()),
    ("random_f32", (), {}, lambda: scipy_stats.uniform()),
    ("standard_normal", (), {}, lambda: scipy_stats.norm()),
    ("standard_normal_f32", (), {}, lambda: scipy_stats.norm()),
    ("normal", (2.0, 3.0), {}, lambda: scipy_stats.norm(2, 3)),
    ("uniform", (-1.0, 3.0), {}, lambda: scipy_stats.uniform(-1, 4)),
    ("standard_exponential", (), {}, lambda: scipy_stats.expon()),
    ("standard_exponential_f32", (), {}, lambda: scipy_stats.expon()),
    ("exponential", (2.0,), {}, lambda: scipy_stats.expon(scale=2)),
    ("standard_gamma", (0.5,), {}, lambda: scipy_stats.gamma(0.5)),
    ("gamma", (3.0, 2.0), {}, lambda: scipy_stats.gamma(3, scale=2)),
    ("gamma", (1.0, 1.0), {}, lambda: scipy_stats.gamma(1)),
    ("gamma", (0.05, 1.0), {}, lambda: scipy_stats.gamma(0.05)),
    ("beta", (0.5, 0.5), {}, lambda: scipy_stats.beta(0.5, 0.5)),
    ("beta", (2.0, 5.0), {}, lambda: scipy_stats.beta(2, 5)),
    ("chisquare", (3.0,), {}, lambda: scipy_stats.chi2(3)),
    ("f", (5.0, 10.0), {}, lambda: scipy_stats.f(5, 10)),
    ("standard_t", (5.0,), {}, lambda: scipy_stats.t(5)),
    ("standard_cauchy", (), {}, lambda: scipy_stats.cauchy()),
    ("lognormal", (0.5, 0.5), {}, lambda: scipy_stats.lognorm(s=0.5, scale=math.exp(0.5))),
    ("laplace", (1.0, 2.0), {}, lambda: scipy_stats.laplace(1, 2)),
    ("logistic", (1.0, 2.0), {}, lambda: scipy_stats.logistic(1, 2)),
    ("gumbel", (1.0, 2.0), {}, lambda: scipy_stats.gumbel_r(1, 2)),
    ("rayleigh", (2.0,), {}, lambda: scipy_stats.rayleigh(scale=2)),
    ("weibull", (1.5,), {}, lambda: scipy_stats.weibull_min(1.5)),
    ("pareto", (3.0,), {}, lambda: scipy_stats.lomax(3)),
    ("power", (2.0,), {}, lambda: scipy_stats.powerlaw(2)),
    ("triangular", (0.0, 1.0, 3.0), {}, lambda: scipy_stats.triang(1 / 3, loc=0, scale=3)),
    ("wald", (1.0, 2.0), {}, lambda: scipy_stats.invgauss(0.5, scale=2)),
    ("noncentral_chisquare", (3.0, 2.0), {}, lambda: scipy_stats.ncx2(3, 2)),
    ("noncentral_chisquare", (0.5, 1.5), {}, lambda: scipy_stats.ncx2(0.5, 1.5)),
    ("noncentral_f", (5.0, 12.0, 1.5), {}, lambda: scipy_stats.ncf(5, 12, 1.5)),
    ("vonmises", (0.5, 2.0), {}, lambda: scipy_stats.vonmises(2.0, loc=0.5)),
    ("vonmises", (-3.0, 0.1), {}, lambda: scipy_stats.vonmises(0.1, loc=-3.0)),
    ("vonmises", (1.0, 1e7), {}, lambda: scipy_stats.vonmises(1e7, loc=1.0)),
]


def _draw(g, name, args, n):
    if name.endswith("_f32"):
        out = getattr(g, name[:-4])(n, dtype=np.float32)
        assert out.dtype == np.float32
        return host(out).astype(np.float64)
    if name in ("random", "standard_normal", "standard_exponential", "standard_cauchy"):
        return host(getattr(g, name)(size=n))
    return host(getattr(g, name)(*args, size=n))


@needs_scipy
@pytest.mark.parametrize("name,args,kw,dist", CONTINUOUS, ids=lambda v: str(v) if isinstance(v, (str, tuple)) else "")
def test_continuous_ks_and_moments(name, args, kw, dist):
    dist = dist()
    x = _draw(cp.random.default_rng(20261202), name, args, N)
    assert np.all(np.isfinite(x))
    if name == "vonmises":
        # values are wrapped into [-pi, pi]; SciPy's support is [loc - pi, loc + pi]
        assert np.all(np.abs(x) <= np.pi)
        x = np.mod(x - args[0] + np.pi, 2 * np.pi) - np.pi + args[0]
    ks = scipy_stats.kstest(x, dist.cdf)
    assert ks.pvalue > P_MIN, (name, ks)
    mean, var, skew, kurt = (float(v) for v in dist.stats(moments="mvsk"))
    if not np.isfinite(var):
        return  # Cauchy, t/F with few degrees of freedom: the KS test is the check
    sd = math.sqrt(var)
    assert abs(x.mean() - mean) < 6 * sd / math.sqrt(N), (name, x.mean(), mean)
    if np.isfinite(kurt):
        se_var = var * math.sqrt((kurt + 2) / N)
        assert abs(x.var() - var) < 6 * se_var, (name, x.var(), var)
    # The third and fourth moments, where their estimators settle at this size.
    if np.isfinite(kurt) and kurt < 6:
        assert abs(scipy_stats.skew(x) - skew) < 0.05, (name, scipy_stats.skew(x), skew)
        # The sample kurtosis' standard error grows with the 8th moment: for lognormal(0.5,
        # 0.5) (kurtosis 5.9) it is 0.27 at this N, above the tolerance, so only lighter tails.
        if kurt < 5:
            assert abs(scipy_stats.kurtosis(x) - kurt) < 0.25, (name, scipy_stats.kurtosis(x), kurt)


# ---- discrete distributions: chi-square against the pmf ---------------------------------
def _chisquare_pvalue(x, dist):
    lo, hi = int(x.min()), min(int(x.max()), int(x.min()) + 5000)
    ks = np.arange(lo, hi + 1)
    observed = np.bincount(np.minimum(x, hi) - lo, minlength=len(ks)).astype(float)
    expected = dist.pmf(ks) * len(x)
    expected[-1] += dist.sf(hi) * len(x)  # the tail beyond the last bin
    # lump outcomes with small expected counts into their neighbours (and the tails)
    obs_b, exp_b, o, e = [], [], 0.0, 0.0
    for oi, ei in zip(observed, expected):
        o, e = o + oi, e + ei
        if e >= 20:
            obs_b.append(o), exp_b.append(e)
            o, e = 0.0, 0.0
    if obs_b:
        obs_b[-1] += o
        exp_b[-1] += e
    obs_b, exp_b = np.array(obs_b), np.array(exp_b)
    exp_b *= obs_b.sum() / exp_b.sum()
    return scipy_stats.chisquare(obs_b, exp_b).pvalue


DISCRETE = [
    ("poisson", (3.0,), lambda: scipy_stats.poisson(3)),
    ("poisson", (9.99,), lambda: scipy_stats.poisson(9.99)),
    ("poisson", (50.0,), lambda: scipy_stats.poisson(50)),
    ("poisson", (12345.0,), lambda: scipy_stats.poisson(12345)),
    ("binomial", (20, 0.3), lambda: scipy_stats.binom(20, 0.3)),
    ("binomial", (1000, 0.4), lambda: scipy_stats.binom(1000, 0.4)),
    ("binomial", (100, 0.9), lambda: scipy_stats.binom(100, 0.9)),
    ("binomial", (7, 0.999), lambda: scipy_stats.binom(7, 0.999)),
    ("geometric", (0.2,), lambda: scipy_stats.geom(0.2)),
    ("geometric", (0.001,), lambda: scipy_stats.geom(0.001)),
    ("negative_binomial", (5, 0.3), lambda: scipy_stats.nbinom(5, 0.3)),
    ("logseries", (0.9,), lambda: scipy_stats.logser(0.9)),
    ("zipf", (2.5,), lambda: scipy_stats.zipf(2.5)),
    ("hypergeometric", (30, 20, 15), lambda: scipy_stats.hypergeom(50, 30, 15)),
    ("hypergeometric", (4000, 6000, 3000), lambda: scipy_stats.hypergeom(10000, 4000, 3000)),
    ("integers", (0, 10), lambda: scipy_stats.randint(0, 10)),
    ("integers", (-3, 998), lambda: scipy_stats.randint(-3, 998)),
]


@needs_scipy
@pytest.mark.parametrize("name,args,dist", DISCRETE, ids=lambda v: str(v) if isinstance(v, (str, tuple)) else "")
def test_discrete_chisquare_and_moments(name, args, dist):
    dist = dist()
    x = host(getattr(cp.random.default_rng(777), name)(*args, size=N))
    assert x.dtype == np.int64
    p = _chisquare_pvalue(x, dist)
    assert p > P_MIN, (name, args, p)
    mean, var = (float(v) for v in dist.stats(moments="mv"))
    assert abs(x.mean() - mean) < 6 * math.sqrt(var / N), (name, x.mean(), mean)


@needs_scipy
def test_integers_wide_range_and_bounds():
    g = cp.random.default_rng(5)
    big = host(g.integers(0, 3 * 2 ** 40, size=N))
    # the top and bottom thirds are equally likely (no modulo bias at a range above 2^32)
    counts = np.bincount(big // 2 ** 40, minlength=3)
    assert scipy_stats.chisquare(counts).pvalue > P_MIN
    for dt in (np.int8, np.uint8, np.int16, np.uint16, np.int32, np.uint32, np.int64, np.uint64):
        info = np.iinfo(dt)
        x = host(g.integers(int(info.min), int(info.max), size=2000, dtype=dt, endpoint=True))
        assert x.dtype == dt
        if info.bits <= 8:
            assert x.min() == info.min and x.max() == info.max
        y = host(g.integers(int(info.max) - 2, int(info.max), size=500, dtype=dt, endpoint=True))
        assert set(np.unique(y).tolist()) == {int(info.max) - 2, int(info.max) - 1, int(info.max)}
    x = host(g.integers(5, size=1000))
    assert x.min() == 0 and x.max() == 4
    rs = cp.random.RandomState(1)
    r = host(rs.randint(3, 6, size=1000))
    assert set(np.unique(r).tolist()) == {3, 4, 5}
    with pytest.warns(DeprecationWarning):
        r = host(rs.random_integers(3, 6, size=1000))
    assert set(np.unique(r).tolist()) == {3, 4, 5, 6}


# ---- permutations and sampling -----------------------------------------------------------
def test_permutation_is_a_permutation():
    g = cp.random.default_rng(11)
    p = host(g.permutation(10_001))
    np.testing.assert_array_equal(np.sort(p), np.arange(10_001))
    assert not np.array_equal(p, np.arange(10_001))
    a = cp.arange(24).reshape(4, 6)
    q = host(g.permutation(a, axis=1))
    np.testing.assert_array_equal(np.sort(q, axis=1), host(a))
    assert (np.diff(q, axis=0) == 6).all()  # whole columns move
    r = host(cp.random.RandomState(3).permutation([5, 6, 7]))
    assert sorted(r.tolist()) == [5, 6, 7]


@pytest.mark.parametrize("n", [2, 3, 1000, 4097, 100_000, 300_001])
def test_permutation_equals_stable_argsort_of_raw_words(n):
    # permutation(n) is defined as the stable argsort of random_raw(n) (the sort of
    # index-carrying keys on their top bits plus the tie pass must give exactly that; at
    # 10^5 there are ~300 runs of equal top bits to order) and takes the same counters.
    a, b = cp.random.default_rng(5), cp.random.default_rng(5)
    p = host(a.permutation(n))
    words = host(b.bit_generator.random_raw(n))
    np.testing.assert_array_equal(p, np.argsort(words, kind="stable"))
    np.testing.assert_array_equal(host(a.random(5)), host(b.random(5)))


def _normal_f32_reference(words64):
    # Box-Muller in float64 from the words the float32 normal uses: counter group g gives
    # 32-bit words (v0, v1, v2, v3) = (W0 >> 32, W0 & mask, W1 >> 32, W1 & mask); pairs
    # (v0, v1) and (v2, v3); u1 = (t + 1) 2^-24, angle 2 pi t 2^-24 with t = v >> 8.
    v = np.empty(2 * words64.size, dtype=np.uint64)
    v[0::2] = words64 >> np.uint64(32)
    v[1::2] = words64 & np.uint64(0xFFFFFFFF)
    t = (v >> np.uint64(8)).astype(np.float64)
    u1 = (t[0::2] + 1) * 2.0 ** -24
    ang = 2 * np.pi * t[1::2] * 2.0 ** -24
    r = np.sqrt(-2 * np.log(u1))
    ref = np.empty(v.size)
    ref[0::2], ref[1::2] = r * np.cos(ang), r * np.sin(ang)
    return ref, np.repeat(r, 2)


def test_standard_normal_f32_accuracy():
    # The float32 transform (its own log and sincos in fused multiply-adds) against the
    # same Box-Muller in float64: within 4 units of 2^-24 r (measured: 2.75; a wrong
    # polynomial coefficient or reduction moves it by orders of magnitude).
    n = 1 << 20
    a, b = cp.random.default_rng(21), cp.random.default_rng(21)
    z = host(a.standard_normal(n, dtype=np.float32)).astype(np.float64)
    ref, r = _normal_f32_reference(host(b.bit_generator.random_raw(n // 2)))
    err = np.abs(z - ref) / (np.maximum(r, 2.0 ** -12) * 2.0 ** -24)
    assert err.max() < 4, err.max()
    # legacy RandomState draws the same transform
    rs = cp.random.RandomState(8)
    zl = host(rs.standard_normal(4096, dtype=np.float32))
    assert zl.dtype == np.float32 and np.all(np.isfinite(zl))


def test_standard_exponential_f32_accuracy():
    # -ln((t + 1) 2^-24) from each 32-bit word's top 24 bits t, in float32 (half of the
    # normal's -2 ln), against float64: within 2 ulp of the float64 value (measured: the
    # log's 1.2 ulp and one rounding; a wrong coefficient or exponent offset is off by far
    # more).
    n = 1 << 20
    a, b = cp.random.default_rng(22), cp.random.default_rng(22)
    e = host(a.standard_exponential(n, dtype=np.float32))
    w = host(b.bit_generator.random_raw(n // 2))
    v = np.empty(n, dtype=np.uint64)
    v[0::2], v[1::2] = w >> np.uint64(32), w & np.uint64(0xFFFFFFFF)
    t = (v >> np.uint64(8)).astype(np.float64)
    ref = -np.log((t + 1) * 2.0 ** -24)
    ulp = np.spacing(np.maximum(ref, np.finfo(np.float32).tiny).astype(np.float32)).astype(np.float64)
    err = np.abs(e.astype(np.float64) - ref) / ulp
    assert err.max() <= 2, err.max()


@needs_scipy
def test_permutation_uniform_over_orders():
    g = cp.random.default_rng(12)
    perms = [tuple(host(g.permutation(3)).tolist()) for _ in range(600)]
    counts = np.array([perms.count(p) for p in set(perms)])
    assert len(counts) == 6 and scipy_stats.chisquare(counts).pvalue > P_MIN


def test_shuffle_in_place():
    g = cp.random.default_rng(13)
    a = cp.arange(1000, dtype=cp.float32)
    g.shuffle(a)
    h = host(a)
    np.testing.assert_array_equal(np.sort(h), np.arange(1000, dtype=np.float32))
    assert not np.array_equal(h, np.arange(1000))
    b = cp.arange(12).reshape(3, 4)
    cp.random.shuffle(b)
    np.testing.assert_array_equal(np.sort(host(b)[:, 0]), [0, 4, 8])
    assert (np.diff(host(b), axis=1) == 1).all()  # rows stay whole
    with pytest.raises(TypeError):
        g.shuffle(cp.array(5.0))


def test_permuted_each_row_independently():
    g = cp.random.default_rng(14)
    x = cp.arange(5 * 50).reshape(5, 50)
    y = host(g.permuted(x, axis=1))
    np.testing.assert_array_equal(np.sort(y, axis=1), host(x))
    assert len({tuple(np.argsort(r).tolist()) for r in y}) == 5
    z = host(g.permuted(x))
    np.testing.assert_array_equal(np.sort(z.ravel()), np.arange(250))


def test_choice_without_replacement_is_distinct():
    g = cp.random.default_rng(15)
    c = host(g.choice(1000, size=1000, replace=False))
    np.testing.assert_array_equal(np.sort(c), np.arange(1000))
    c = host(g.choice(50, size=(4, 5), replace=False))
    assert c.shape == (4, 5) and len(np.unique(c)) == 20
    p = np.zeros(10)
    p[[1, 3, 8]] = [0.2, 0.3, 0.5]
    c = host(g.choice(10, size=3, replace=False, p=p))
    assert sorted(c.tolist()) == [1, 3, 8]
    c = host(cp.random.RandomState(4).choice(7, size=7, replace=False))
    np.testing.assert_array_equal(np.sort(c), np.arange(7))


@needs_scipy
def test_choice_with_p_frequencies():
    g = cp.random.default_rng(16)
    p = np.array([0.1, 0.0, 0.6, 0.3])
    c = host(g.choice(4, size=N, p=p))
    counts = np.bincount(c, minlength=4)
    assert counts[1] == 0
    assert scipy_stats.chisquare(counts[[0, 2, 3]], N * p[[0, 2, 3]]).pvalue > P_MIN
    a = cp.array([10.0, 20.0, 30.0, 40.0])
    s = host(cp.random.RandomState(2).choice(a, size=1000, p=p))
    assert set(np.unique(s).tolist()) <= {10.0, 30.0, 40.0}
    u = host(g.choice(5, size=N))
    assert scipy_stats.chisquare(np.bincount(u, minlength=5)).pvalue > P_MIN
    # weighted sampling without replacement: the first pick follows p
    firsts = np.bincount([int(host(g.choice(4, size=2, replace=False, p=p))[0]) for _ in range(300)], minlength=4)
    assert firsts[1] == 0 and firsts[2] > firsts[3] > firsts[0]


def test_bytes():
    b = cp.random.RandomState(9).bytes(13)
    assert isinstance(b, bytes) and len(b) == 13
    assert b == cp.random.RandomState(9).bytes(13)
    assert cp.random.default_rng(1).bytes(0) == b""


# ---- dtypes, shapes and broadcasting ----------------------------------------------------
def test_dtypes_and_shapes():
    g = cp.random.default_rng(17)
    assert g.random().shape == ()
    assert g.random((2, 3), dtype=np.float32).dtype == np.float32
    assert g.standard_normal(0).shape == (0,)
    assert g.normal(size=(2, 0, 3)).shape == (2, 0, 3)
    assert cp.random.rand().shape == ()
    assert cp.random.rand(3, 2, dtype=np.float32).dtype == np.float32
    assert cp.random.randn(4).dtype == np.float64
    assert cp.random.normal(size=5, dtype=np.float32).dtype == np.float32
    assert cp.random.gamma(2.0, size=5, dtype=np.float32).dtype == np.float32
    assert cp.random.poisson(2.0, size=5, dtype=np.int32).dtype == np.int32
    assert cp.random.randint(0, 5, size=3, dtype=np.uint16).dtype == np.uint16
    out = cp.empty(7, dtype=cp.float32)
    r = g.random(dtype=np.float32, out=out)
    assert r is out and 0 <= float(out.min()) and float(out.max()) < 1
    x = host(g.random(N, dtype=np.float32))
    assert x.min() >= 0 and x.max() < 1


def test_broadcasting_parameters():
    g = cp.random.default_rng(18)
    loc = cp.array([[0.0], [100.0], [-100.0]])
    scale = np.array([1.0, 2.0, 3.0, 4.0])
    x = g.normal(loc, scale)
    assert x.shape == (3, 4)
    y = host(g.normal(loc, scale, size=(5000, 3, 4)))
    np.testing.assert_allclose(y.mean(axis=0), np.broadcast_to(host(loc), (3, 4)), atol=0.3)
    np.testing.assert_allclose(y.std(axis=0), np.broadcast_to(scale, (3, 4)), rtol=0.06)
    lam = cp.array([1.0, 10.0, 1000.0])
    z = host(g.poisson(lam, size=(20000, 3)))
    np.testing.assert_allclose(z.mean(axis=0), [1, 10, 1000], rtol=0.02)
    lo, hi = cp.array([0, 10, 100]), cp.array([5, 20, 101])
    w = host(g.integers(lo, hi, size=(4000, 3)))
    assert (w.min(axis=0) == [0, 10, 100]).all() and (w.max(axis=0) == [4, 19, 100]).all()
    b = host(g.binomial([10, 100], [0.5, 0.1], size=(20000, 2)))
    np.testing.assert_allclose(b.mean(axis=0), [5, 10], rtol=0.02)
    with pytest.raises(ValueError, match="shape mismatch"):
        g.normal(np.zeros(3), 1.0, size=(2,))


def test_multinomial_and_multivariate_normal():
    g = cp.random.default_rng(21)
    m = host(g.multinomial(20, [0.2, 0.3, 0.5], size=50000))
    assert m.shape == (50000, 3) and (m.sum(axis=1) == 20).all()
    np.testing.assert_allclose(m.mean(axis=0), [4, 6, 10], rtol=0.01)
    m2 = host(cp.random.multinomial(7, [0.5, 0.5], size=(2, 3)))
    assert m2.shape == (2, 3, 2) and (m2.sum(axis=-1) == 7).all()
    cov = np.array([[2.0, 0.6], [0.6, 1.0]])
    x = host(g.multivariate_normal([1.0, -1.0], cov, size=200000))
    assert x.shape == (200000, 2)
    np.testing.assert_allclose(x.mean(axis=0), [1, -1], atol=0.01)
    np.testing.assert_allclose(np.cov(x.T), cov, atol=0.02)
    with pytest.raises(ValueError, match="cov must be 2 dimensional and square"):
        g.multivariate_normal([0, 0], [[1, 0], [0, 1], [0, 0]])
    with pytest.raises(ValueError, match="n < 0"):
        g.multinomial(-1, [0.5, 0.5])


def test_dirichlet():
    g = cp.random.default_rng(19)
    d = host(g.dirichlet([1.0, 2.0, 3.0], size=20000))
    assert d.shape == (20000, 3)
    np.testing.assert_allclose(d.sum(axis=1), 1.0)
    np.testing.assert_allclose(d.mean(axis=0), [1 / 6, 2 / 6, 3 / 6], atol=0.01)


# ---- bad input, as NumPy ----------------------------------------------------------------
BAD = [
    (lambda r: r.normal(0, -1), ValueError, "scale < 0"),
    (lambda r: r.normal(0, cp.array([1.0, -1.0])), ValueError, "scale < 0"),
    (lambda r: r.exponential(-1), ValueError, "scale < 0"),
    (lambda r: r.gamma(-1), ValueError, "shape < 0"),
    (lambda r: r.gamma(1, -1), ValueError, "scale < 0"),
    (lambda r: r.beta(0, 1), ValueError, "a <= 0"),
    (lambda r: r.beta(1, 0), ValueError, "b <= 0"),
    (lambda r: r.binomial(-1, 0.5), ValueError, "n < 0"),
    (lambda r: r.binomial(1, 1.5), ValueError, "p < 0, p > 1 or p is NaN"),
    (lambda r: r.binomial(1, float("nan")), ValueError, "p < 0, p > 1 or p is NaN"),
    (lambda r: r.poisson(-1), ValueError, "lam < 0 or lam is NaN"),
    (lambda r: r.poisson(1e20), ValueError, "lam value too large"),
    (lambda r: r.geometric(0), ValueError, "p <= 0, p > 1 or p contains NaNs"),
    (lambda r: r.chisquare(0), ValueError, "df <= 0"),
    (lambda r: r.f(0, 1), ValueError, "dfnum <= 0"),
    (lambda r: r.standard_t(0), ValueError, "df <= 0"),
    (lambda r: r.lognormal(0, -1), ValueError, "sigma < 0"),
    (lambda r: r.weibull(-1), ValueError, "a < 0"),
    (lambda r: r.pareto(0), ValueError, "a <= 0"),
    (lambda r: r.triangular(1, 0, 2), ValueError, "left > mode"),
    (lambda r: r.triangular(1, 1, 1), ValueError, "left == right"),
    (lambda r: r.wald(0, 1), ValueError, "mean <= 0"),
    # Generator's "high - low range exceeds ...", RandomState's "Range exceeds ..." (NumPy's texts)
    (lambda r: r.uniform(-np.inf, np.inf), OverflowError, "ange exceeds valid bounds"),
    (lambda r: r.noncentral_chisquare(0, 1), ValueError, "df <= 0"),
    (lambda r: r.noncentral_chisquare(1, -1), ValueError, "nonc < 0"),
    (lambda r: r.noncentral_f(1, 1, -1), ValueError, "nonc < 0"),
    (lambda r: r.vonmises(0, -1), ValueError, "kappa < 0"),
    (lambda r: r.logseries(1), ValueError, "p < 0, p >= 1 or p is NaN"),
    (lambda r: r.zipf(1), ValueError, "a <= 1 or a is NaN"),
    (lambda r: r.hypergeometric(1, 1, 3), ValueError, "ngood + nbad < nsample"),
]


@pytest.mark.parametrize("call,exc,msg", BAD)
def test_bad_parameters(call, exc, msg):
    for r in (cp.random.default_rng(0), cp.random.RandomState(0)):
        with pytest.raises(exc, match=re.escape(msg)):
            call(r)


def test_bad_integers_and_dtypes():
    g = cp.random.default_rng(0)
    with pytest.raises(ValueError, match="low >= high"):
        g.integers(5, 5)
    with pytest.raises(ValueError, match="low > high"):
        g.integers(5, 4, endpoint=True)
    with pytest.raises(ValueError, match="low >= high"):
        g.integers(cp.array([5]), cp.array([5]))
    with pytest.raises(ValueError, match="high is out of bounds for uint8"):
        g.integers(0, 300, dtype=np.uint8)
    with pytest.raises(ValueError, match="low is out of bounds for uint8"):
        g.integers(-1, 3, dtype=np.uint8)
    with pytest.raises(TypeError, match="Unsupported dtype"):
        g.integers(0, 5, dtype=np.float64)
    with pytest.raises(TypeError, match=r"Unsupported dtype dtype\('int32'\) for random"):
        g.random(dtype=np.int32)
    with pytest.raises(TypeError, match="for standard_normal"):
        g.standard_normal(dtype=np.float16)
    with pytest.raises(ValueError, match="low >= high"):
        cp.random.randint(5, 5)
    with pytest.raises(ValueError, match="negative dimensions"):
        g.random(-1)


def test_bad_choice():
    g, rs = cp.random.default_rng(0), cp.random.RandomState(0)
    with pytest.raises(ValueError, match="Cannot take a larger sample than population when replace is False"):
        g.choice(5, 6, replace=False)
    with pytest.raises(ValueError, match="Cannot take a larger sample than population when 'replace=False'"):
        rs.choice(5, 6, replace=False)
    with pytest.raises(ValueError, match="Probabilities do not sum to 1"):
        g.choice(5, p=[0.1] * 5)
    with pytest.raises(ValueError, match="probabilities do not sum to 1"):
        rs.choice(5, p=[0.1] * 5)
    with pytest.raises(ValueError, match="Probabilities are not non-negative"):
        g.choice(2, p=[1.5, -0.5])
    with pytest.raises(ValueError, match="a and p must have same size"):
        g.choice(5, p=[0.5, 0.5])
    with pytest.raises(ValueError, match="a must be a positive integer unless no samples are taken"):
        g.choice(0)
    with pytest.raises(ValueError, match="a must be greater than 0 unless no samples are taken"):
        rs.choice(-1)
    with pytest.raises(ValueError, match="Fewer non-zero entries in p than size"):
        g.choice(3, 3, replace=False, p=[0.5, 0.5, 0.0])


# ---- NumPy's argument handling, found by a differential probe against numpy.random --------
_EDGE_CALLS = [
    ("gen", "uniform", (2, -1)), ("gen", "uniform", ([0.5, 2.0], 0)), ("gen", "uniform", (0, np.inf)),
    ("legacy", "uniform", (2, -1)), ("legacy", "uniform", (0, np.inf)),
    ("gen", "uniform", (np.nan,), {"size": -1}), ("legacy", "uniform", (-1, np.nan), {"size": -1}),
    ("gen", "uniform", (0, 1), {"size": -1}),
    ("gen", "binomial", (np.inf, 0.5)), ("gen", "binomial", (np.nan, 0.5)), ("gen", "binomial", (2.5, 0.5)),
    ("legacy", "binomial", (np.inf, 0.5)), ("gen", "hypergeometric", (np.inf, 3, 1)),
    ("gen", "hypergeometric", (np.nan, 3, 1)), ("legacy", "hypergeometric", (np.inf, 3, 1)),
    ("gen", "multinomial", (np.inf, [0.5, 0.5])), ("legacy", "multinomial", (np.inf, [1.0])),
    ("gen", "negative_binomial", (np.inf, 0.5)), ("gen", "negative_binomial", (1e20, 0.5)),
    ("gen", "negative_binomial", (5, 1e-30)), ("gen", "negative_binomial", ([5, 1e20], 0.5)),
    ("gen", "zipf", (np.inf,)), ("gen", "zipf", (1e6,)), ("gen", "zipf", ([2, np.inf],)), ("gen", "zipf", (1024.5,)),
    ("gen", "dirichlet", (2,)), ("gen", "dirichlet", (np.inf,)), ("legacy", "dirichlet", (2,)),
    ("gen", "choice", (-1,), {"size": 0}), ("gen", "choice", (0,), {"size": 0}), ("legacy", "choice", (-1,), {"size": 0}),
    ("gen", "permutation", (-1,)), ("legacy", "permutation", (-1,)),
    ("gen", "integers", (0.001,), {"size": (0, 2)}), ("gen", "integers", (np.inf,), {"size": 0}),
    ("gen", "integers", (300,), {"size": 0, "dtype": "int8"}), ("legacy", "randint", (-1,), {"size": 0}),
    ("gen", "integers", (np.inf,)), ("gen", "integers", (0, np.nan)), ("gen", "integers", (10, np.inf)),
    ("gen", "integers", (0, 2), {"size": 3, "dtype": bool}), ("gen", "integers", (0, 3), {"size": 3, "dtype": bool}),
    ("gen", "integers", (0, 1), {"size": 3, "dtype": bool, "endpoint": True}),
    ("legacy", "randint", (0, 2), {"size": 3, "dtype": bool}), ("gen", "integers", (-1, 1), {"dtype": bool}),
]


@pytest.mark.parametrize("call", _EDGE_CALLS, ids=lambda c: f"{c[0]}-{c[1]}{c[2]}{c[3] if len(c) > 3 else ''}")
def test_argument_edges_like_numpy(call):
    """NumPy's exception type, or its result's shape and dtype (the values are cunumpy's own
    streams): integer parameters convert to int64 first (inf OverflowError, NaN ValueError),
    Generator.uniform refuses high < low, zipf returns 1 from a = 1025 on (the loop never
    ended for a = inf), an empty size returns before any check, bool integers."""
    api, name, args = call[:3]
    kw = call[3] if len(call) > 3 else {}
    gen_np = np.random.default_rng(5) if api == "gen" else np.random.RandomState(5)
    gen_cp = cp.random.default_rng(5) if api == "gen" else cp.random.RandomState(5)

    def shape_dtype(gen):
        r = getattr(gen, name)(*args, **kw)
        r = cp.asnumpy(r) if isinstance(r, cp.ndarray) else np.asarray(r)
        return r.shape, r.dtype
    def same_shape_dtype(got, want):
        assert got == want, (got, want)
    check_same_outcome(lambda: shape_dtype(gen_cp), lambda: shape_dtype(gen_np), compare=same_shape_dtype)
