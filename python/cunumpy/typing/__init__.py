"""cunumpy.typing (cupy.typing): annotations for code that takes or returns cunumpy arrays.

ArrayLike, DTypeLike and NBitBase are NumPy's; NDArray[dtype] is cunumpy.ndarray
parameterized by a NumPy scalar type, as numpy.typing.NDArray is for numpy.ndarray.
"""
import types as _types

from numpy.typing import ArrayLike, DTypeLike, NBitBase  # noqa: F401

from cunumpy._core import ndarray as _ndarray

__all__ = ['ArrayLike', 'DTypeLike', 'NBitBase', 'NDArray']


class _NDArrayAlias:
    """NDArray[T]: a typing alias of cunumpy.ndarray (the scalar type is not checked at
    run time, as with numpy.typing.NDArray)."""

    def __getitem__(self, scalar_type):
        return _types.GenericAlias(_ndarray, (scalar_type,))

    def __repr__(self):
        return 'cunumpy.typing.NDArray'


NDArray = _NDArrayAlias()
