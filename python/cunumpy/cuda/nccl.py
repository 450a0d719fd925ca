"""cunumpy.cuda.nccl: CuPy's ``cupy.cuda.nccl`` (NVIDIA's NCCL collectives).

NCCL (BSD-3-Clause) is not a dependency: ``libnccl.so.2`` is opened on first use, from
NVIDIA's ``nvidia-nccl-cu12`` / ``nvidia-nccl-cu13`` wheels or the system, so importing
this module, and the CPU backend, need none of it. ``available()`` says whether NCCL can
be used; without it every other call raises :class:`NcclError` saying why.

Buffers are device pointers (ints, as CuPy takes them), cunumpy arrays on a CUDA device,
or objects with ``__cuda_array_interface__``; ``count`` is in elements of ``datatype``.
Streams are CuPy's: an int handle (0: the legacy null stream) or a Stream; ``None`` means
the calling thread's current stream of the communicator's device. NCCL's NVLink
multicast stays off (``NCCL_NVLS_ENABLE=0``) unless the environment sets it.
"""

import ctypes
import importlib.util
import os
import threading

from cunumpy.cuda._core_access import core, core_cuda

__all__ = [
    "NcclCommunicator", "NcclError", "available", "get_build_version", "get_unique_id",
    "get_version", "groupEnd", "groupStart",
]

# Data types and reductions: NCCL's own values, CuPy's names.
NCCL_INT8 = NCCL_CHAR = 0
NCCL_UINT8 = 1
NCCL_INT32 = NCCL_INT = 2
NCCL_UINT32 = 3
NCCL_INT64 = 4
NCCL_UINT64 = 5
NCCL_FLOAT16 = NCCL_HALF = 6
NCCL_FLOAT32 = NCCL_FLOAT = 7
NCCL_FLOAT64 = NCCL_DOUBLE = 8
NCCL_BFLOAT16 = 9

NCCL_SUM = 0
NCCL_PROD = 1
NCCL_MAX = 2
NCCL_MIN = 3
NCCL_AVG = 4

# ncclResult_t values (NcclError.status).
NCCL_SUCCESS = 0
NCCL_ERROR_UNHANDLED_CUDA_ERROR = 1
NCCL_ERROR_SYSTEM_ERROR = 2
NCCL_ERROR_INTERNAL_ERROR = 3
NCCL_ERROR_INVALID_ARGUMENT = 4
NCCL_ERROR_INVALID_USAGE = 5
NCCL_ERROR_REMOTE_ERROR = 6
NCCL_ERROR_IN_PROGRESS = 7

NcclError = core().nccl.NcclError

_preload_lock = threading.Lock()
_preloaded = False


def _nccl():
    """``cunumpy._core.nccl``, once NVIDIA's NCCL wheel (if installed) is loaded.

    The C++ side searches the site-packages cunumpy was installed into; a wheel in another
    folder of ``sys.path`` (a source checkout, a virtual environment) is loaded here first,
    so that the C++ ``dlopen("libnccl.so.2")`` finds it by its soname.
    """
    global _preloaded
    if not _preloaded:
        with _preload_lock:
            if not _preloaded:
                os.environ.setdefault("NCCL_NVLS_ENABLE", "0")
                if core_cuda().is_available():
                    _preload_wheel()
                _preloaded = True
    return core().nccl


def _preload_wheel():
    try:
        spec = importlib.util.find_spec("nvidia")
    except (ImportError, ValueError):
        return
    if spec is None or not spec.submodule_search_locations:
        return
    for root in spec.submodule_search_locations:
        for sub in ("nccl", "cu13", "cu12"):
            path = os.path.join(root, sub, "lib", "libnccl.so.2")
            if os.path.exists(path):
                try:
                    ctypes.CDLL(path)
                    return
                except OSError:
                    continue


def available():
    """True when NCCL can be used: a CUDA device exists and ``libnccl.so.2`` loads."""
    return _nccl().available()


def unavailable_reason():
    """Why :func:`available` is False (``""`` when it is True)."""
    return _nccl().unavailable_reason()


def get_version():
    """The loaded NCCL's version code (e.g. 22703 for 2.27.3)."""
    return _nccl().get_version()


def get_build_version():
    """The version of ``nccl.h`` cunumpy was compiled against (0 when it had none)."""
    return _nccl().get_build_version()


def get_unique_id():
    """A new NCCL unique id: a tuple of 128 ints, as CuPy returns it; rank 0 creates it and
    every rank passes it to :class:`NcclCommunicator`."""
    raw = _nccl().get_unique_id()
    return tuple(b - 256 if b > 127 else b for b in raw)


def _id_bytes(comm_id):
    if isinstance(comm_id, (bytes, bytearray)):
        data = bytes(comm_id)
    else:
        try:
            values = [int(v) for v in comm_id]
        except TypeError:
            raise TypeError(f"commId must be a tuple of 128 ints (from get_unique_id()), not "
                            f"{type(comm_id).__name__}") from None
        if any(v < -128 or v > 255 for v in values):
            raise ValueError("commId values must be bytes (-128..255)")
        data = bytes(v & 0xFF for v in values)
    if len(data) != 128:
        raise ValueError(f"commId must hold 128 values (from get_unique_id()), got {len(data)}")
    return data


def groupStart():
    """ncclGroupStart: collectives and send/recv until :func:`groupEnd` run as one."""
    _nccl().group_start()


def groupEnd():
    """ncclGroupEnd: launches the calls issued since :func:`groupStart`."""
    _nccl().group_end()


def _buffer_ptr(buf, what):
    """A device pointer (int) from an int, a CUDA array, or a MemoryPointer."""
    if isinstance(buf, bool):
        raise TypeError(f"{what} must be a device pointer or an array on a CUDA device, not bool")
    if isinstance(buf, int):
        return buf
    cai = getattr(buf, "__cuda_array_interface__", None)
    if cai is not None:
        return int(cai["data"][0])
    from cunumpy import ndarray
    import numpy

    if isinstance(buf, numpy.ndarray):
        raise ValueError(f"{what}: NCCL needs device memory, and this is a NumPy array (host memory)")
    if isinstance(buf, ndarray):
        raise ValueError(f"{what}: NCCL needs device memory, and this array is on {buf.device}")
    ptr = getattr(buf, "ptr", None)
    if isinstance(ptr, int):
        return ptr
    raise TypeError(f"{what} must be a device pointer (int) or an array on a CUDA device, "
                    f"not {type(buf).__name__}")


def _stream_ptr(stream, device_id):
    if stream is None:
        return core_cuda().get_current_stream(device_id).ptr
    if isinstance(stream, int) and not isinstance(stream, bool):
        return stream
    ptr = getattr(stream, "ptr", None)
    if isinstance(ptr, int):
        return ptr
    raise TypeError(f"stream must be an int handle or a Stream, not {type(stream).__name__}")


class NcclCommunicator:
    """One rank of an NCCL communicator (CuPy's ``cupy.cuda.nccl.NcclCommunicator``).

    ``NcclCommunicator(ndev, commId, rank)`` joins rank ``rank`` of ``ndev`` ranks on the
    calling thread's current CUDA device; it returns once every rank has joined (run one
    rank per thread or process). Every method may be called with the GIL released by
    other threads; the collectives are asynchronous on ``stream``.
    """

    def __init__(self, ndev, commId, rank):
        nccl = _nccl()
        data = _id_bytes(commId)
        self._comm = nccl.Communicator(int(ndev), data, int(rank), core_cuda().get_device_id())
        self._device = self._comm.device_id()

    @classmethod
    def _wrap(cls, comm):
        self = cls.__new__(cls)
        self._comm = comm
        self._device = comm.device_id()
        return self

    @staticmethod
    def initAll(devices):
        """One communicator per device in this process (ncclCommInitAll): ``devices`` is a
        count (devices 0..n-1) or a list of device ids. Returns the list, rank i on
        ``devices[i]``."""
        if isinstance(devices, int):
            devices = list(range(devices))
        else:
            devices = [int(d) for d in devices]
        return [NcclCommunicator._wrap(c) for c in _nccl().Communicator.init_all(devices)]

    @property
    def comm(self):
        """The ncclComm_t handle as an int (0 once destroyed)."""
        return self._comm.handle

    def device_id(self):
        return self._comm.device_id()

    def rank_id(self):
        return self._comm.rank_id()

    def size(self):
        return self._comm.size()

    def _stream(self, stream):
        return _stream_ptr(stream, self._device)

    def allReduce(self, sendbuf, recvbuf, count, datatype, op, stream=None):
        self._comm.all_reduce(_buffer_ptr(sendbuf, "sendbuf"), _buffer_ptr(recvbuf, "recvbuf"), int(count),
                              int(datatype), int(op), self._stream(stream))

    def reduce(self, sendbuf, recvbuf, count, datatype, op, root, stream=None):
        self._comm.reduce(_buffer_ptr(sendbuf, "sendbuf"), _buffer_ptr(recvbuf, "recvbuf"), int(count),
                          int(datatype), int(op), int(root), self._stream(stream))

    def broadcast(self, sendbuff, recvbuff, count, datatype, root, stream=None):
        self._comm.broadcast(_buffer_ptr(sendbuff, "sendbuff"), _buffer_ptr(recvbuff, "recvbuff"), int(count),
                             int(datatype), int(root), self._stream(stream))

    def bcast(self, buff, count, datatype, root, stream=None):
        self._comm.bcast(_buffer_ptr(buff, "buff"), int(count), int(datatype), int(root), self._stream(stream))

    def allGather(self, sendbuf, recvbuf, count, datatype, stream=None):
        """Gathers ``count`` elements from each rank into ``recvbuf`` (size() * count)."""
        self._comm.all_gather(_buffer_ptr(sendbuf, "sendbuf"), _buffer_ptr(recvbuf, "recvbuf"), int(count),
                              int(datatype), self._stream(stream))

    def reduceScatter(self, sendbuf, recvbuf, recvcount, datatype, op, stream=None):
        """Reduces ``sendbuf`` (size() * recvcount) and gives rank i block i."""
        self._comm.reduce_scatter(_buffer_ptr(sendbuf, "sendbuf"), _buffer_ptr(recvbuf, "recvbuf"),
                                  int(recvcount), int(datatype), int(op), self._stream(stream))

    def send(self, sendbuf, count, datatype, peer, stream=None):
        self._comm.send(_buffer_ptr(sendbuf, "sendbuf"), int(count), int(datatype), int(peer),
                        self._stream(stream))

    def recv(self, recvbuf, count, datatype, peer, stream=None):
        self._comm.recv(_buffer_ptr(recvbuf, "recvbuf"), int(count), int(datatype), int(peer),
                        self._stream(stream))

    def check_async_error(self):
        """Raises NcclError if the communicator failed asynchronously."""
        self._comm.check_async_error()

    def abort(self):
        """ncclCommAbort: frees the communicator without waiting for pending work."""
        self._comm.abort()

    def destroy(self):
        """ncclCommDestroy; afterwards every call raises NcclError."""
        self._comm.destroy()

    def __repr__(self):
        if not self._comm.handle:
            return "<NcclCommunicator destroyed>"
        return f"<NcclCommunicator rank {self.rank_id()} of {self.size()} on device {self._device}>"


def _to_nccl_dtype(dtype):
    """The NCCL data type of a NumPy dtype, and how many NCCL elements one element is
    (complex: two floats). TypeError for a dtype NCCL cannot carry."""
    import numpy

    dt = numpy.dtype(dtype)
    table = {
        "int8": (NCCL_INT8, 1), "uint8": (NCCL_UINT8, 1), "bool": (NCCL_UINT8, 1),
        "int32": (NCCL_INT32, 1), "uint32": (NCCL_UINT32, 1), "int64": (NCCL_INT64, 1),
        "uint64": (NCCL_UINT64, 1), "float16": (NCCL_FLOAT16, 1), "float32": (NCCL_FLOAT32, 1),
        "float64": (NCCL_FLOAT64, 1), "complex64": (NCCL_FLOAT32, 2), "complex128": (NCCL_FLOAT64, 2),
    }
    try:
        return table[dt.name]
    except KeyError:
        raise TypeError(f"NCCL cannot carry dtype {dt.name}") from None
