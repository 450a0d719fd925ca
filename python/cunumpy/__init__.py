"""cunumpy: NumPy's API on NVIDIA GPUs (CuPy-compatible), with a CPU backend.

`import cunumpy as cp` runs CuPy code. Arrays live on the current device: cuda:0 when a
GPU is usable, else the CPU (CUNUMPY_DEVICE=cpu|cuda|cuda:N forces the choice).
"""
import numpy as _numpy

from cunumpy import _core
from cunumpy._core import ndarray as ndarray  # `X as X`: exported to type checkers too
from cunumpy import _ndarray_methods  # noqa: F401  (installs every Python-level ndarray method)
from cunumpy._creation import *  # noqa: F401,F403
from cunumpy._manipulation import *  # noqa: F401,F403
from cunumpy._rearrange import *  # noqa: F401,F403
from cunumpy._editing import *  # noqa: F401,F403
from cunumpy._arrays_misc import *  # noqa: F401,F403
from cunumpy._padding import pad  # noqa: F401
from cunumpy import lib  # noqa: F401
from cunumpy._dtype_functions import (  # noqa: F401
    result_type, promote_types, can_cast, min_scalar_type, finfo, iinfo, isdtype, common_type,
    issubdtype, mintypecode)
from cunumpy import cuda  # noqa: F401
from cunumpy._core import RawKernel as RawKernel, RawModule as RawModule  # noqa: F401  (user CUDA kernels)
from cunumpy._formatting import array_repr, array_str  # noqa: F401
from cunumpy._flatiter import flatiter  # noqa: F401  (ndarray.flat)
from cunumpy._kernel import ElementwiseKernel as ElementwiseKernel, ReductionKernel as ReductionKernel  # noqa: F401
from cunumpy._fusion import fuse as fuse  # noqa: F401
from cunumpy import fft  # noqa: F401
from cunumpy import random  # noqa: F401

try:  # the elementwise engine's ufunc objects
    from cunumpy._ufuncs import *  # noqa: F401,F403
    from cunumpy._ufunc_functions import *  # noqa: F401,F403
    from cunumpy._indexing import *  # noqa: F401,F403
    from cunumpy._reductions import *  # noqa: F401,F403
    from cunumpy._sorting import *  # noqa: F401,F403
    from cunumpy._quantiles import *  # noqa: F401,F403
    from cunumpy._sets import *  # noqa: F401,F403
    from cunumpy._searching import *  # noqa: F401,F403  (where, searchsorted, digitize)
    from cunumpy._histograms import *  # noqa: F401,F403
    from cunumpy._correlation import *  # noqa: F401,F403
    from cunumpy._linalg_products import *  # noqa: F401,F403
    from cunumpy import linalg  # noqa: F401
    # NumPy breadth, numeric part (breadth-a): calculus, bits, windows, polynomials, block.
    from cunumpy._calculus import *  # noqa: F401,F403
    from cunumpy._bits import *  # noqa: F401,F403
    from cunumpy._windows import *  # noqa: F401,F403
    from cunumpy._polynomial import *  # noqa: F401,F403
    from cunumpy import polynomial  # noqa: F401
    from cunumpy._block import *  # noqa: F401,F403
except ImportError:  # pragma: no cover - present in every full build
    pass

# Issue 19, breadth-b: index helpers, functional helpers, array tests, I/O, printing,
# floating-point error state.
from cunumpy._index_helpers import *  # noqa: F401,F403,E402
from cunumpy._functional import *  # noqa: F401,F403,E402
from cunumpy._array_tests import *  # noqa: F401,F403,E402
from cunumpy._npyio import *  # noqa: F401,F403,E402
from cunumpy._errstate import *  # noqa: F401,F403,E402
from cunumpy._formatting import (  # noqa: F401,E402
    array2string, set_printoptions, get_printoptions, printoptions, format_float_positional,
    format_float_scientific, base_repr, binary_repr)

bool = _numpy.bool  # noqa: A001 - NumPy 2's name for bool_
long, ulong = _numpy.long, _numpy.ulong
typename = _numpy.typename  # a name for a dtype character code




from cunumpy._version import __version__  # noqa: F401,E402
from cunumpy._show_config import show_config  # noqa: F401

# Scalar types and dtypes are NumPy's own, as in CuPy.
dtype = _numpy.dtype
from cunumpy import dtypes  # noqa: F401,E402  (numpy.dtypes: the dtype classes)
bool_ = _numpy.bool_
bool = _numpy.bool  # the array API's name (NumPy 2's too)
int8, int16, int32, int64 = _numpy.int8, _numpy.int16, _numpy.int32, _numpy.int64
uint8, uint16, uint32, uint64 = _numpy.uint8, _numpy.uint16, _numpy.uint32, _numpy.uint64
float16, float32, float64 = _numpy.float16, _numpy.float32, _numpy.float64
complex64, complex128 = _numpy.complex64, _numpy.complex128
byte, short, intc, int_, longlong, intp = (
    _numpy.byte, _numpy.short, _numpy.intc, _numpy.int_, _numpy.longlong, _numpy.intp)
ubyte, ushort, uintc, uint, ulonglong, uintp = (
    _numpy.ubyte, _numpy.ushort, _numpy.uintc, _numpy.uint, _numpy.ulonglong, _numpy.uintp)
half, single, double = _numpy.half, _numpy.single, _numpy.double
csingle, cdouble = _numpy.csingle, _numpy.cdouble
generic, number, integer, signedinteger, unsignedinteger = (
    _numpy.generic, _numpy.number, _numpy.integer, _numpy.signedinteger, _numpy.unsignedinteger)
inexact, floating, complexfloating = _numpy.inexact, _numpy.floating, _numpy.complexfloating

newaxis = None
pi, e, inf, nan, euler_gamma = _numpy.pi, _numpy.e, _numpy.inf, _numpy.nan, _numpy.euler_gamma
PINF, NINF = _numpy.inf, -_numpy.inf

from cunumpy import exceptions  # noqa: E402
from cunumpy.exceptions import AxisError, ComplexWarning, PerformanceWarning  # noqa: E402,F401


def get_array_module(*args):
    """Returns cunumpy if any argument is a cunumpy array, else numpy."""
    for a in args:
        if isinstance(a, ndarray):
            import cunumpy
            return cunumpy
    return _numpy


def get_default_memory_pool():
    """The caching memory pool of the current device."""
    return cuda.get_default_memory_pool()


def get_default_pinned_memory_pool():
    """The pinned host memory pool."""
    return cuda.get_default_pinned_memory_pool()


from cunumpy._dlpack import from_dlpack, fromDlpack  # noqa: F401,E402
# The array API standard: x.__array_namespace__() is this module.
from cunumpy._array_api import (  # noqa: F401,E402
    astype, __array_namespace_info__, __array_api_version__)


def __getattr__(name):
    # cunumpy.testing pulls in numpy.testing (tens of ms): load it on first use so that
    # `import cunumpy` stays fast.
    if name in ('testing', 'typing'):  # typing pulls in numpy.typing: on first use too
        import importlib
        mod = importlib.import_module('cunumpy.' + name)
        globals()[name] = mod
        return mod
    raise AttributeError(f"module 'cunumpy' has no attribute {name!r}")


# Last, on a fully imported package: registers cunumpy with dask once (if ever) dask is
# imported, or now if it already was (cunumpy/_dask_hook.py); dask is not imported here.
from cunumpy import _dask_hook  # noqa: E402
_dask_hook.install()
