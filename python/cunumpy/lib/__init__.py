"""cunumpy.lib: NumPy's numpy.lib parts that CuPy offers (stride_tricks)."""
from cunumpy.lib import stride_tricks  # noqa: F401
