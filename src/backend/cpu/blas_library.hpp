// The CPU backend's BLAS/LAPACK: an OpenBLAS (or reference LAPACK + BLAS) opened with dlopen
// on first use, so importing cunumpy needs none. Fortran entry points are looked up with
// each naming convention in turn: scipy-openblas64's `scipy_dgemm_64_` (64-bit integers,
// the library NumPy's wheels bundle), `dgemm_64_`, scipy-openblas32's `scipy_dgemm_`, and
// the plain `dgemm_` of Debian's libopenblas / liblapack (32-bit integers).
#pragma once
#include <string>

namespace cunumpy::cpu {

struct BlasLibrary {
  std::string path;     // the file opened (or "(loaded by the process)")
  bool ilp64 = false;   // Fortran INTEGER is 64-bit
  // The entry point `name` ("dgemm", "zheevd", ...) in the library's convention, or nullptr.
  void* find(const char* name) const;
  // Like find, but RuntimeError naming the routine and the library when it is missing.
  void* require(const char* name) const;

  void* handle = nullptr;
  int convention = 0;   // index into the naming patterns
};

// The library, opened on the first call; RuntimeError naming what to install when no
// BLAS/LAPACK can be found. Search order: $CUNUMPY_BLAS_LIBRARY; an OpenBLAS already loaded
// in the process (NumPy's own, so that both share one thread pool); paths registered by
// add_blas_candidate; the scipy-openblas64 wheel in the site-packages holding libcunumpy;
// then libscipy_openblas64_.so, libopenblas64_.so.0, libopenblas.so.0, liblapack.so.3 by name.
const BlasLibrary& blas_library();
// Adds a library path tried before the names above (before the first use only).
void add_blas_candidate(const std::string& path);

}  // namespace cunumpy::cpu
