"""cunumpy arrays between dask.distributed workers.

Two serialization families of distributed:
- "dask" (what the TCP comms of a LocalCluster use): the array's buffer goes as one host
  frame, copied device-to-host on the sender and host-to-device on the receiver, which
  puts it on its current device;
- "cuda" (comms that carry device memory, e.g. UCX): the frame is the array's own buffer,
  a 1-D uint8 cunumpy view with no copy; the receiver wraps whatever device object its
  comm gives it (anything with __cuda_array_interface__ or DLPack) without a copy.
Pickling (ndarray.__reduce__, cunumpy._pickling) covers arrays embedded in task graphs.
"""
import numpy as _np

import cunumpy as _cp


def _layout(x):
    """(array to send, 'C' or 'F'): a contiguous array sends its buffer as it is."""
    if x.flags.c_contiguous:
        return x, "C"
    if x.flags.f_contiguous:
        return x, "F"
    return _cp.ascontiguousarray(x), "C"


def _header(x, order):
    return {"shape": tuple(x.shape), "dtype": x.dtype.str, "order": order}


def _bytes_view(x, order):
    """The buffer of a contiguous array as a 1-D uint8 cunumpy view (no copy)."""
    if x.size == 0:
        return _cp.empty((0,), dtype=_np.uint8)
    return x.ravel(order=order).view(_np.uint8)


def _from_bytes(buf, header):
    """Reinterprets a 1-D uint8 array as the array that the header describes."""
    dtype = _np.dtype(header["dtype"])
    shape = tuple(header["shape"])
    if buf.size == 0:
        return _cp.empty(shape, dtype=dtype, order=header["order"])
    return buf.view(dtype).reshape(shape, order=header["order"])


def dask_serialize_ndarray(x):
    x, order = _layout(x)
    host = _cp.asnumpy(_bytes_view(x, order))
    return _header(x, order), [memoryview(host)]


def dask_deserialize_ndarray(header, frames):
    (frame,) = frames
    host = _np.frombuffer(frame, dtype=_np.uint8)
    # cunumpy.array copies: the frame is the comm's (often read-only) buffer.
    return _from_bytes(_cp.array(host, copy=True), header)


def cuda_serialize_ndarray(x):
    x, order = _layout(x)
    return _header(x, order), [_bytes_view(x, order)]


def cuda_deserialize_ndarray(header, frames):
    (frame,) = frames
    buf = frame if isinstance(frame, _cp.ndarray) else _cp.asarray(frame)
    if buf.dtype != _np.uint8 or buf.ndim != 1:
        buf = buf.reshape(-1).view(_np.uint8)
    return _from_bytes(buf, header)


def hook_serialize(module):
    """distributed.protocol.serialize was loaded: the "dask" family, registered lazily."""
    def register():
        module.dask_serialize.register(_cp.ndarray, dask_serialize_ndarray)
        module.dask_deserialize.register(_cp.ndarray, dask_deserialize_ndarray)
    module.dask_serialize.register_lazy("cunumpy", register)
    module.dask_deserialize.register_lazy("cunumpy", register)


def hook_cuda_serialize(module):
    """distributed.protocol.cuda was loaded: the "cuda" family, registered lazily."""
    def register():
        module.cuda_serialize.register(_cp.ndarray, cuda_serialize_ndarray)
        module.cuda_deserialize.register(_cp.ndarray, cuda_deserialize_ndarray)
    module.cuda_serialize.register_lazy("cunumpy", register)
    module.cuda_deserialize.register_lazy("cunumpy", register)
