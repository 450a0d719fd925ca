"""RawKernel: your own CUDA C++ kernel, compiled with NVRTC on first use (then cached in
memory and on disk) and launched with a grid, a block and the arguments.

CUDA only: on the CPU backend a RawKernel raises ``cunumpy.cuda.driver.CUDADriverError``
(use ElementwiseKernel for code that runs on both).
"""
# example: needs cuda
import cunumpy as cp

scale_add = cp.RawKernel(r'''
extern "C" __global__
void scale_add(const float* x, const float* y, float a, float* out, int n) {
    int i = blockDim.x * blockIdx.x + threadIdx.x;
    if (i < n) out[i] = a * x[i] + y[i];
}
''', 'scale_add')

n = 10_000
x = cp.arange(n, dtype=cp.float32)
y = cp.ones(n, dtype=cp.float32)
out = cp.empty_like(x)
threads = 256
scale_add(((n + threads - 1) // threads,), (threads,), (x, y, cp.float32(2.0), out, cp.int32(n)))
cp.testing.assert_allclose(out, 2 * x + y)
print("ok")
