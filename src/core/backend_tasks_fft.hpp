// The FFT family's backend task: a batched 1-D, 2-D or 3-D discrete Fourier transform over
// the last `rank` axes of strided arrays. Kept out of backend_tasks.hpp (backend.hpp only
// forward-declares FftTask) so that editing it rebuilds the FFT files alone. Internal.
#pragma once
#include <cstdint>
#include <memory>

#include "cunumpy/core/ndarray.hpp"
#include "cunumpy/core/small_vector.hpp"

namespace cunumpy::detail {

// C2C: complex -> complex, either direction. R2C: real -> the n/2+1 non-negative
// frequencies of the last axis (always forward). C2R: those frequencies -> real (always
// backward; the imaginary parts of the zero and, for even n, the Nyquist terms are ignored,
// as NumPy ignores them).
enum class FftKind { C2C, R2C, C2R };

// A backend's plan of one task, made ahead (cunumpy::fft::Plan) and handed back with later
// tasks. Each backend derives its own and ignores one that is not its own or was made
// for another task (the task then takes its plan from the cache as usual).
struct FftBackendPlan {
  virtual ~FftBackendPlan() = default;
};

struct FftTask {
  FftKind kind = FftKind::C2C;
  bool forward = true;  // sign of the exponent: forward exp(-2 pi i jk/n), backward exp(+...)
  double scale = 1.0;   // every output element is multiplied by it (the norm= factor)
  // The logical transform lengths of the last `rank` axes (1 <= rank <= 3), n[rank-1] the
  // last axis. For R2C that is in's last extent, for C2R out's; both arrays' last extent
  // is n/2+1 on the complex side. Every other axis has the same extent in both arrays.
  SmallVector<int64_t, 3> n;
  // Same ndim (>= rank), any strides (negative too), no overlap between in and out; in is
  // never written (unless in_scratch). Dtypes of one precision: complex64/complex128 on the complex side,
  // float32/float64 on the real side. Every extent is >= 1.
  ndarray in, out;
  // C2R tasks have rank 1 (the op runs NumPy's complex axes first as C2C tasks).
  // in_scratch: `in` is a temporary of the op, which the backend may overwrite (cuFFT's
  // C2R overwrites its input; otherwise it works on a copy).
  bool in_scratch = false;
  // plan: a plan made ahead for this task (used when it is the backend's own for this very
  // task), else null. made: when set, the task is only planned, not run: the backend
  // stores there the plan it would run it with (taken from the cache, not added to it).
  const FftBackendPlan* plan = nullptr;
  std::shared_ptr<FftBackendPlan>* made = nullptr;
  int rank() const { return static_cast<int>(n.size()); }
};

}  // namespace cunumpy::detail
