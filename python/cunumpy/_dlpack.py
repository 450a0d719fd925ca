"""DLPack and the CUDA array interface: arrays shared with PyTorch, JAX, CuPy, Numba and
NumPy without a copy (the C++ side is python/src/bind_dlpack.cpp)."""

from cunumpy import _core
from cunumpy._core import ndarray

__all__ = ["from_dlpack", "fromDlpack"]


def from_dlpack(x, /, *, device=None, copy=None):
    """A cunumpy array sharing the memory of `x`, any object with ``__dlpack__`` (PyTorch,
    JAX, CuPy, NumPy, cunumpy) or a DLPack capsule (the array API's from_dlpack).

    The producer orders its pending work before this thread's current stream (no host
    synchronization). ``device``: a cunumpy device (``"cpu"``, ``"cuda:0"``,
    ``cunumpy.cuda.Device``), or a DLPack ``(type, id)`` pair; the data is copied there when
    it lives elsewhere, which ``copy=False`` refuses (BufferError). ``copy=True`` always
    copies.
    """
    if type(x).__name__ == "PyCapsule":
        out = _core._from_dlpack_capsule(x)
    else:
        if not hasattr(x, "__dlpack__"):
            raise TypeError(f"from_dlpack: {type(x).__name__} has no __dlpack__ method")
        dev_type, dev_id = x.__dlpack_device__()
        stream = _core._dlpack_consumer_stream(int(dev_type), int(dev_id))
        kwargs = {"max_version": (1, 0)}
        if copy is not None:
            kwargs["copy"] = copy
        try:
            cap = x.__dlpack__(stream=stream, **kwargs)
        except TypeError:  # a producer of the pre-2023 protocol: no max_version/copy
            cap = x.__dlpack__(stream=stream)
        out = _core._from_dlpack_capsule(cap)
    if device is not None:
        target = _as_device(device)
        if _as_device(out.device) != target:
            if copy is False:
                raise BufferError(f"from_dlpack: the data is on {out.device}, not {target}, "
                                  "and copy=False")
            return out.to_device(target)
    if copy:
        # Producers that ignore copy= (old protocol) share memory: copy here.
        out = out.copy()
    return out


def _as_device(device):
    if isinstance(device, tuple) and len(device) == 2:
        t, i = device
        return "cpu" if int(t) in (1, 3) else f"cuda:{int(i)}"
    spec = getattr(device, "_spec", None)
    return spec if spec is not None else str(device)


def fromDlpack(dltensor):
    """CuPy's legacy name: a cunumpy array from a DLPack capsule (or a __dlpack__ object)."""
    return from_dlpack(dltensor)


def to_device(self, device, /, *, stream=None):
    """A copy of the array on `device` ("cpu", "cuda:N", a cunumpy.cuda.Device), or the
    array itself when it is already there (the array API's to_device)."""
    target = _as_device(device)
    if _as_device(self.device) == target:
        return self
    if stream is not None:
        with stream:
            return _core._to_device(self, target)
    return _core._to_device(self, target)


def __dlpack__(self, *, stream=None, max_version=None, dl_device=None, copy=None):
    """A DLPack capsule of the array (the array API's ``__dlpack__``): a versioned capsule
    when `max_version` allows, else a legacy one; the producer's pending work is ordered
    before `stream` (an integer CUDA stream handle, 1 the legacy default, 2 per-thread; -1
    none). ``copy=True``, or a `dl_device` other than the array's, copies (BufferError with
    ``copy=False``)."""
    return self._dlpack(stream, max_version, dl_device, copy)


def to_dlpack(self):
    """CuPy's legacy ``ndarray.toDlpack()``: a DLPack capsule (legacy, unversioned)."""
    return self.__dlpack__()


def cuda_array_interface(self):
    return _core._cuda_array_interface(self)


CAI_DOC = ("CUDA array interface v3 (Numba's protocol): shape, typestr, data, strides, "
           "version and stream; an AttributeError for arrays on the CPU.")
