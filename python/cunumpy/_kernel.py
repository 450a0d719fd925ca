"""User kernels: ElementwiseKernel and ReductionKernel, with CuPy's signatures.

Both classes are implemented in C++ (`_core`): parsing, type resolution, code generation,
compilation (NVRTC on CUDA devices, the host C++ compiler on the CPU) and the per-call
dispatch. This module only gives them their public names.
"""
from cunumpy import _core

ElementwiseKernel = _core.ElementwiseKernel
ReductionKernel = _core.ReductionKernel

__all__ = ['ElementwiseKernel', 'ReductionKernel']
