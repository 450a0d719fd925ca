"""cunumpyx.scipy: SciPy-compatible functions on cunumpy arrays (CuPy's cupyx.scipy)."""
from cunumpyx.scipy import fft  # noqa: F401
from cunumpyx.scipy import fftpack  # noqa: F401
