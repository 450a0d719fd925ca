"""cunumpyx: the parts of CuPy's cupyx namespace (SciPy-like extras, pinned helpers)."""

from cunumpyx._pinned import (  # noqa: F401
    empty_like_pinned,
    empty_pinned,
    zeros_like_pinned,
    zeros_pinned,
)
from cunumpyx._scatter import scatter_add, scatter_max, scatter_min  # noqa: F401
from cunumpyx._index_checks import cuda_index_checks, set_cuda_index_checks  # noqa: F401
from cunumpyx import scipy  # noqa: F401,E402  (cunumpyx.scipy.fft)
from cunumpyx._linalg_checks import linalg_error_checks, set_linalg_error_checks  # noqa: F401
from cunumpyx._errstate import errstate, geterr, seterr  # noqa: F401,E402
from cunumpyx._synchronize import DeviceSynchronized, allow_synchronize  # noqa: F401,E402
