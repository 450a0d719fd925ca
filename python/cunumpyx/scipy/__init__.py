"""cunumpyx.scipy: SciPy-compatible functions on cunumpy arrays (CuPy's cupyx.scipy)."""
from cunumpyx.scipy import fft  # noqa: F401
