// The CPU backend's own FFT (no packaged FFT library with a licence that fits the project's
// was available; docs/architecture.md says why): plans for one 1-D transform of length n.
// ComplexPlan: iterative self-sorting (Stockham) mixed-radix Cooley-Tukey with radices 4, 2,
// 3, 5 and a generic odd radix, twiddles precomputed in long double; lengths with a prime
// factor above kMaxGenericRadix go through Bluestein's chirp-z convolution on a 2/3/5-smooth
// length. RealPlan: a real transform of even n as a complex one of n/2 plus one
// post-processing pass (odd n: the full complex transform). Internal header of backend/cpu.
#pragma once
#include <cstdint>
#include <memory>
#include <vector>

namespace cunumpy::cpu::fft {

template <class T>
struct Cx {
  T re, im;
};

inline constexpr int64_t kMaxGenericRadix = 61;

template <class T>
class ComplexPlan {
 public:
  explicit ComplexPlan(int64_t n);
  int64_t size() const { return n_; }
  // Complex elements of scratch exec() needs.
  int64_t scratch_size() const;
  // data[0..n) <- its DFT (unnormalized); forward: exp(-2 pi i jk/n), else exp(+...).
  void exec(Cx<T>* data, Cx<T>* scratch, bool forward) const;
  int64_t memsize() const;

 private:
  struct Stage {
    int p;
    int64_t s, mq;      // sub-problems so far (the inner stride), remaining length / p
    int64_t tw;         // offset of the stage's twiddles: (p-1) per j1 < mq
  };
  void run_stages(Cx<T>* data, Cx<T>* scratch, bool forward) const;
  int64_t n_;
  std::vector<Stage> stages_;
  std::vector<Cx<T>> twiddles_;
  std::vector<Cx<T>> roots_;  // generic radix: exp(-2 pi i k / p) for k < p, per distinct p (offset by p)
  // Bluestein
  std::unique_ptr<ComplexPlan<T>> inner_;
  std::vector<Cx<T>> chirp_, kernel_fft_;
};

template <class T>
class RealPlan {
 public:
  explicit RealPlan(int64_t n);
  int64_t size() const { return n_; }
  int64_t scratch_size() const;
  // out[0..n/2] <- the non-negative frequencies of the forward DFT of in[0..n), times scale.
  void forward(const T* in, Cx<T>* out, Cx<T>* scratch, T scale) const;
  // out[0..n) <- the backward DFT of the Hermitian spectrum in[0..n/2] (imaginary parts of
  // in[0] and, for even n, in[n/2] ignored), times scale. `in` is read only.
  void backward(const Cx<T>* in, T* out, Cx<T>* scratch, T scale) const;
  int64_t memsize() const;

 private:
  int64_t n_;
  ComplexPlan<T> plan_;        // n/2 (even n) or n (odd n)
  std::vector<Cx<T>> twiddles_;  // even n: exp(-2 pi i k / n), k <= n/2
};

// The smallest 2^a 3^b 5^c >= n (Bluestein's convolution length; SciPy's next_fast_len
// for complex transforms uses 7 and 11 too, which is fast_length below).
int64_t smooth_length(int64_t n);

}  // namespace cunumpy::cpu::fft
