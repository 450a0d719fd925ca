// The cuBLAS and cuSOLVER handles of a device as opaque pointers (CuPy's
// Device.cublas_handle), for code that must not see the libraries' headers (the Python
// extension is compiled without the CUDA include folders). CUDA builds only; the public
// face, with the built-without-CUDA error, is cuda_info::cublas_handle / cusolver_handle.
#pragma once

namespace cunumpy::cuda {

// This thread's handle of `device`, created on first use, with the current stream set.
void* cublas_handle_ptr(int device);
void* cusolver_handle_ptr(int device);

}  // namespace cunumpy::cuda
