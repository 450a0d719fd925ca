"""NumPy 2's ``numpy.dtypes`` (``cunumpy.dtypes.Float32DType``, ...): the classes of the
dtypes cunumpy arrays hold, which are NumPy's own dtypes, so these are NumPy's classes."""
from numpy.dtypes import *  # noqa: F401,F403
from numpy.dtypes import __all__  # noqa: F401
