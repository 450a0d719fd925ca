// The CPU FFT's 1-D plans (see fft_cpu_plan.hpp). The Stockham formulation used here:
// a stage of radix p sees s sub-problems of length m = p * mq, element j of sub-problem q
// stored at q + s * j. Writing j = j1 + mq * j2 and k = p * k1 + k2, one stage computes
// y(q + s*k2)[j1] = w_m^(j1 k2) * DFT_p(x_q[j1 + mq * .])[k2], which is again s*p
// sub-problems of length mq in the same layout; after the last stage element q is X[q].
// The inner loop runs over q, contiguous on both sides.
#include "backend/cpu/fft_cpu_plan.hpp"

#include <cmath>
#include <cstring>
#include <stdexcept>

namespace cunumpy::cpu::fft {
namespace {

template <class T>
inline Cx<T> add(Cx<T> a, Cx<T> b) { return {a.re + b.re, a.im + b.im}; }
template <class T>
inline Cx<T> sub(Cx<T> a, Cx<T> b) { return {a.re - b.re, a.im - b.im}; }
template <class T>
inline Cx<T> mul(Cx<T> a, Cx<T> b) { return {a.re * b.re - a.im * b.im, a.re * b.im + a.im * b.re}; }
// a * conj(b)
template <class T>
inline Cx<T> mulc(Cx<T> a, Cx<T> b) { return {a.re * b.re + a.im * b.im, a.im * b.re - a.re * b.im}; }
template <class T>
inline Cx<T> scl(Cx<T> a, T s) { return {a.re * s, a.im * s}; }
// a * (i * sign): forward transforms use sign -1
template <bool Fwd, class T>
inline Cx<T> rot(Cx<T> a) { return Fwd ? Cx<T>{a.im, -a.re} : Cx<T>{-a.im, a.re}; }
template <bool Fwd, class T>
inline Cx<T> twid(Cx<T> a, Cx<T> w) { return Fwd ? mul(a, w) : mulc(a, w); }

// exp(-2 pi i r / n), accurate to the last bit of double: long double, reduced to [0, n).
template <class T>
Cx<T> unit_root(int64_t r, int64_t n) {
  r %= n;
  if (r < 0) r += n;
  // Fold to the first octant-ish range with exact symmetries so that the angle is small.
  const long double pi = 3.141592653589793238462643383279502884L;
  const long double a = 2.0L * pi * static_cast<long double>(r) / static_cast<long double>(n);
  if (8 * r == n) return {static_cast<T>(std::sqrt(0.5L)), static_cast<T>(-std::sqrt(0.5L))};
  if (4 * r == n) return {T(0), T(-1)};
  if (2 * r == n) return {T(-1), T(0)};
  if (4 * r == 3 * n) return {T(0), T(1)};
  return {static_cast<T>(std::cos(a)), static_cast<T>(-std::sin(a))};
}

// One Stockham stage of radix P (P = 0: generic radix p with the roots table).
template <int P, bool Fwd, class T>
void stage(const Cx<T>* in, Cx<T>* out, int64_t s, int64_t mq, int p, const Cx<T>* tw,
           const Cx<T>* roots) {
  const int64_t in_step = s * mq;  // between the p inputs of a butterfly
  for (int64_t j1 = 0; j1 < mq; ++j1) {
    const Cx<T>* w = tw + j1 * (p - 1);
    const Cx<T>* src = in + s * j1;
    Cx<T>* dst = out + s * p * j1;
    const bool no_twiddle = j1 == 0;
    if constexpr (P == 2) {
      const Cx<T> w1 = w[0];
      for (int64_t q = 0; q < s; ++q) {
        const Cx<T> a = src[q], b = src[q + in_step];
        dst[q] = add(a, b);
        const Cx<T> d = sub(a, b);
        dst[q + s] = no_twiddle ? d : twid<Fwd>(d, w1);
      }
    } else if constexpr (P == 3) {
      const T h = T(0.866025403784438646763723170752936183L);  // sqrt(3)/2
      for (int64_t q = 0; q < s; ++q) {
        const Cx<T> t0 = src[q], t1 = src[q + in_step], t2 = src[q + 2 * in_step];
        const Cx<T> s12 = add(t1, t2), d12 = sub(t1, t2);
        const Cx<T> base = {t0.re - T(0.5) * s12.re, t0.im - T(0.5) * s12.im};
        const Cx<T> r = rot<Fwd>(scl(d12, h));
        const Cx<T> x1 = add(base, r), x2 = sub(base, r);
        dst[q] = add(t0, s12);
        dst[q + s] = no_twiddle ? x1 : twid<Fwd>(x1, w[0]);
        dst[q + 2 * s] = no_twiddle ? x2 : twid<Fwd>(x2, w[1]);
      }
    } else if constexpr (P == 4) {
      for (int64_t q = 0; q < s; ++q) {
        const Cx<T> t0 = src[q], t1 = src[q + in_step], t2 = src[q + 2 * in_step],
                    t3 = src[q + 3 * in_step];
        const Cx<T> a = add(t0, t2), b = sub(t0, t2), c = add(t1, t3), d = rot<Fwd>(sub(t1, t3));
        const Cx<T> x1 = add(b, d), x2 = sub(a, c), x3 = sub(b, d);
        dst[q] = add(a, c);
        if (no_twiddle) {
          dst[q + s] = x1, dst[q + 2 * s] = x2, dst[q + 3 * s] = x3;
        } else {
          dst[q + s] = twid<Fwd>(x1, w[0]);
          dst[q + 2 * s] = twid<Fwd>(x2, w[1]);
          dst[q + 3 * s] = twid<Fwd>(x3, w[2]);
        }
      }
    } else if constexpr (P == 5) {
      const T c1 = T(0.309016994374947424102293417182819059L), c2 = T(-0.809016994374947424102293417182819059L);
      const T s1 = T(0.951056516295153572116439333379382143L), s2 = T(0.587785252292473129168705954639072769L);
      for (int64_t q = 0; q < s; ++q) {
        const Cx<T> t0 = src[q], t1 = src[q + in_step], t2 = src[q + 2 * in_step],
                    t3 = src[q + 3 * in_step], t4 = src[q + 4 * in_step];
        const Cx<T> s14 = add(t1, t4), d14 = sub(t1, t4), s23 = add(t2, t3), d23 = sub(t2, t3);
        const Cx<T> b1 = {t0.re + c1 * s14.re + c2 * s23.re, t0.im + c1 * s14.im + c2 * s23.im};
        const Cx<T> b2 = {t0.re + c2 * s14.re + c1 * s23.re, t0.im + c2 * s14.im + c1 * s23.im};
        const Cx<T> r1 = rot<Fwd>(Cx<T>{s1 * d14.re + s2 * d23.re, s1 * d14.im + s2 * d23.im});
        const Cx<T> r2 = rot<Fwd>(Cx<T>{s2 * d14.re - s1 * d23.re, s2 * d14.im - s1 * d23.im});
        const Cx<T> x[4] = {add(b1, r1), add(b2, r2), sub(b2, r2), sub(b1, r1)};
        dst[q] = {t0.re + s14.re + s23.re, t0.im + s14.im + s23.im};
        for (int k = 0; k < 4; ++k) dst[q + (k + 1) * s] = no_twiddle ? x[k] : twid<Fwd>(x[k], w[k]);
      }
    } else {
      // Generic odd radix: pairs (k, p-k) share the cosine sums and differ in the sine sums.
      Cx<T> t[kMaxGenericRadix];
      for (int64_t q = 0; q < s; ++q) {
        for (int j = 0; j < p; ++j) t[j] = src[q + j * in_step];
        Cx<T> sum = t[0];
        for (int j = 1; j < p; ++j) sum = add(sum, t[j]);
        dst[q] = sum;
        for (int k = 1; k <= p / 2; ++k) {
          Cx<T> re = t[0], im = {T(0), T(0)};
          int64_t r = 0;
          for (int j = 1; j <= p / 2; ++j) {
            r += k;
            if (r >= p) r -= p;
            const Cx<T> sp = add(t[j], t[p - j]), dm = sub(t[j], t[p - j]);
            const Cx<T> w0 = roots[r];  // exp(-2 pi i jk/p) = cos - i sin
            re = {re.re + w0.re * sp.re, re.im + w0.re * sp.im};
            im = {im.re - w0.im * dm.re, im.im - w0.im * dm.im};  // sin(jk) * (t_j - t_{p-j})
          }
          const Cx<T> r1 = rot<Fwd>(im);
          const Cx<T> xk = add(re, r1), xpk = sub(re, r1);
          dst[q + k * s] = no_twiddle ? xk : twid<Fwd>(xk, w[k - 1]);
          dst[q + (p - k) * s] = no_twiddle ? xpk : twid<Fwd>(xpk, w[p - k - 1]);
        }
      }
    }
  }
}

template <bool Fwd, class T>
void run_stage(int p, const Cx<T>* in, Cx<T>* out, int64_t s, int64_t mq, const Cx<T>* tw,
               const Cx<T>* roots) {
  switch (p) {
    case 2: stage<2, Fwd>(in, out, s, mq, p, tw, roots); break;
    case 3: stage<3, Fwd>(in, out, s, mq, p, tw, roots); break;
    case 4: stage<4, Fwd>(in, out, s, mq, p, tw, roots); break;
    case 5: stage<5, Fwd>(in, out, s, mq, p, tw, roots); break;
    default: stage<0, Fwd>(in, out, s, mq, p, tw, roots); break;
  }
}

// Radices of n: 4s first (fewest passes), then 2, 3, 5, then other primes; empty when a
// prime factor exceeds kMaxGenericRadix (Bluestein).
std::vector<int> factorize(int64_t n) {
  std::vector<int> f;
  while (n % 4 == 0) f.push_back(4), n /= 4;
  if (n % 2 == 0) f.push_back(2), n /= 2;
  for (int64_t p = 3; p * p <= n; p += 2)
    while (n % p == 0) {
      if (p > kMaxGenericRadix) return {};
      f.push_back(static_cast<int>(p)), n /= p;
    }
  if (n > 1) {
    if (n > kMaxGenericRadix) return {};
    f.push_back(static_cast<int>(n));
  }
  return f;
}

}  // namespace

int64_t smooth_length(int64_t n) {
  if (n <= 1) return 1;
  int64_t best = INT64_MAX;
  for (int64_t p5 = 1; p5 < best; p5 *= 5) {
    for (int64_t p35 = p5; p35 < best; p35 *= 3) {
      int64_t v = p35;
      while (v < n) v *= 2;
      if (v < best) best = v;
      if (p35 >= n) break;
    }
    if (p5 >= n) break;
  }
  return best;
}

template <class T>
ComplexPlan<T>::ComplexPlan(int64_t n) : n_(n) {
  if (n < 1) throw std::invalid_argument("FFT length must be positive");
  if (n == 1) return;
  const std::vector<int> radices = factorize(n);
  if (radices.empty()) {
    // Bluestein: X[k] = d_k sum_j (x_j d_j) conj(d_{k-j}), d_k = exp(-pi i k^2 / n), a
    // circular convolution of length m >= 2n - 1.
    const int64_t m = smooth_length(2 * n - 1);
    inner_ = std::make_unique<ComplexPlan<T>>(m);
    chirp_.resize(n);
    std::vector<Cx<T>> b(m, Cx<T>{T(0), T(0)});
    for (int64_t k = 0; k < n; ++k) {
      // k^2 mod 2n without overflow
      const unsigned __int128 k2 = static_cast<unsigned __int128>(k) * static_cast<unsigned __int128>(k);
      const int64_t r = static_cast<int64_t>(k2 % static_cast<unsigned __int128>(2 * n));
      chirp_[k] = unit_root<T>(r, 2 * n);
    }
    for (int64_t k = 0; k < n; ++k) {
      const Cx<T> c = {chirp_[k].re, -chirp_[k].im};
      b[k] = c;
      if (k) b[m - k] = c;
    }
    std::vector<Cx<T>> scratch(inner_->scratch_size());
    inner_->exec(b.data(), scratch.data(), true);
    const T inv = T(1) / static_cast<T>(m);
    for (auto& v : b) v = scl(v, inv);
    kernel_fft_ = std::move(b);
    return;
  }
  int64_t s = 1;
  int64_t offset = 0;
  for (int p : radices) {
    const int64_t mq = n / (s * p);
    stages_.push_back({p, s, mq, offset});
    offset += mq * (p - 1);
    s *= p;
  }
  twiddles_.resize(offset);
  for (const Stage& st : stages_) {
    for (int64_t j1 = 0; j1 < st.mq; ++j1)
      for (int k2 = 1; k2 < st.p; ++k2)
        twiddles_[st.tw + j1 * (st.p - 1) + k2 - 1] = unit_root<T>(st.s * j1 * k2, n);
  }
  // One table per stage (p entries, at offset stage index * kMaxGenericRadix): cheap.
  roots_.resize(stages_.size() * kMaxGenericRadix);
  for (std::size_t i = 0; i < stages_.size(); ++i)
    if (stages_[i].p > 5)
      for (int k = 0; k < stages_[i].p; ++k)
        roots_[i * kMaxGenericRadix + k] = unit_root<T>(k, stages_[i].p);
}

template <class T>
int64_t ComplexPlan<T>::scratch_size() const {
  if (inner_) return 2 * inner_->size() + inner_->scratch_size();
  return n_;
}

template <class T>
int64_t ComplexPlan<T>::memsize() const {
  int64_t bytes = static_cast<int64_t>((twiddles_.size() + roots_.size() + chirp_.size() + kernel_fft_.size()) *
                                       sizeof(Cx<T>));
  if (inner_) bytes += inner_->memsize();
  return bytes;
}

template <class T>
void ComplexPlan<T>::run_stages(Cx<T>* data, Cx<T>* scratch, bool forward) const {
  Cx<T>* in = data;
  Cx<T>* out = scratch;
  for (std::size_t i = 0; i < stages_.size(); ++i) {
    const Stage& st = stages_[i];
    const Cx<T>* roots = roots_.data() + i * kMaxGenericRadix;
    if (forward)
      run_stage<true>(st.p, in, out, st.s, st.mq, twiddles_.data() + st.tw, roots);
    else
      run_stage<false>(st.p, in, out, st.s, st.mq, twiddles_.data() + st.tw, roots);
    std::swap(in, out);
  }
  if (in != data) std::memcpy(data, in, sizeof(Cx<T>) * n_);
}

template <class T>
void ComplexPlan<T>::exec(Cx<T>* data, Cx<T>* scratch, bool forward) const {
  if (n_ == 1) return;
  if (!inner_) return run_stages(data, scratch, forward);
  // Bluestein, forward; the backward transform is conj(forward(conj(x))).
  const int64_t m = inner_->size();
  Cx<T>* a = scratch;
  Cx<T>* rest = scratch + m;
  const T sign = forward ? T(1) : T(-1);
  for (int64_t k = 0; k < n_; ++k) a[k] = mul(Cx<T>{data[k].re, sign * data[k].im}, chirp_[k]);
  for (int64_t k = n_; k < m; ++k) a[k] = {T(0), T(0)};
  inner_->exec(a, rest, true);
  for (int64_t k = 0; k < m; ++k) a[k] = mul(a[k], kernel_fft_[k]);
  inner_->exec(a, rest, false);
  for (int64_t k = 0; k < n_; ++k) {
    const Cx<T> v = mul(a[k], chirp_[k]);
    data[k] = {v.re, sign * v.im};
  }
}

template <class T>
RealPlan<T>::RealPlan(int64_t n) : n_(n), plan_(n % 2 == 0 ? n / 2 : n) {
  if (n % 2 == 0) {
    twiddles_.resize(n / 2 + 1);
    for (int64_t k = 0; k <= n / 2; ++k) twiddles_[k] = unit_root<T>(k, n);
  }
}

template <class T>
int64_t RealPlan<T>::scratch_size() const {
  return plan_.size() + 1 + plan_.scratch_size();
}

template <class T>
int64_t RealPlan<T>::memsize() const {
  return plan_.memsize() + static_cast<int64_t>(twiddles_.size() * sizeof(Cx<T>));
}

template <class T>
void RealPlan<T>::forward(const T* in, Cx<T>* out, Cx<T>* scratch, T scale) const {
  const int64_t n = n_;
  Cx<T>* z = scratch;
  Cx<T>* rest = scratch + plan_.size() + 1;
  if (n % 2) {
    for (int64_t j = 0; j < n; ++j) z[j] = {in[j], T(0)};
    plan_.exec(z, rest, true);
    for (int64_t k = 0; k <= n / 2; ++k) out[k] = scl(z[k], scale);
    return;
  }
  const int64_t h = n / 2;
  std::memcpy(static_cast<void*>(z), in, sizeof(T) * n);
  plan_.exec(z, rest, true);
  z[h] = z[0];
  // E = (Z_k + conj Z_{h-k}) / 2 (even samples), O = (Z_k - conj Z_{h-k}) / 2i (odd ones),
  // X_k = E + w^k O.
  const T half = T(0.5) * scale;
  for (int64_t k = 0; k <= h; ++k) {
    const Cx<T> a = z[k], b = {z[h - k].re, -z[h - k].im};
    const Cx<T> e = add(a, b);
    const Cx<T> d = sub(a, b);
    const Cx<T> o = {d.im, -d.re};  // d / i
    const Cx<T> x = add(e, mul(o, twiddles_[k]));
    out[k] = scl(x, half);
  }
}

template <class T>
void RealPlan<T>::backward(const Cx<T>* in, T* out, Cx<T>* scratch, T scale) const {
  const int64_t n = n_;
  Cx<T>* z = scratch;
  Cx<T>* rest = scratch + plan_.size() + 1;
  if (n % 2) {
    z[0] = {in[0].re, T(0)};
    for (int64_t k = 1; k <= n / 2; ++k) {
      z[k] = in[k];
      z[n - k] = {in[k].re, -in[k].im};
    }
    plan_.exec(z, rest, false);
    for (int64_t j = 0; j < n; ++j) out[j] = z[j].re * scale;
    return;
  }
  const int64_t h = n / 2;
  // E = X_k + conj X_{h-k}, O = (X_k - conj X_{h-k}) conj(w^k); Z = E + i O, then a
  // backward transform of h gives the even samples (real) and odd ones (imaginary), x n.
  for (int64_t k = 0; k < h; ++k) {
    Cx<T> a = in[k], b = in[h - k];
    if (k == 0) a.im = T(0), b.im = T(0);
    b.im = -b.im;
    const Cx<T> e = add(a, b);
    const Cx<T> o = mulc(sub(a, b), twiddles_[k]);
    z[k] = {e.re - o.im, e.im + o.re};
  }
  plan_.exec(z, rest, false);
  for (int64_t j = 0; j < h; ++j) {
    out[2 * j] = z[j].re * scale;
    out[2 * j + 1] = z[j].im * scale;
  }
}

template class ComplexPlan<float>;
template class ComplexPlan<double>;
template class RealPlan<float>;
template class RealPlan<double>;

}  // namespace cunumpy::cpu::fft
