"""NCCLBackend: cunumpyx.distributed's communicator (CuPy's cupyx.distributed.NCCLBackend)
over cunumpy.cuda.nccl, on cunumpy arrays. Every call is asynchronous on ``stream`` (the
current stream by default), as NCCL is."""

import os

from cunumpy.cuda import nccl
from cunumpyx.distributed._store import Barrier, StoreClient, StoreServer

_OPS = {"sum": nccl.NCCL_SUM, "prod": nccl.NCCL_PROD, "max": nccl.NCCL_MAX, "min": nccl.NCCL_MIN}


def _op(op, dtype):
    try:
        code = _OPS[op]
    except (KeyError, TypeError):
        raise ValueError(f"op must be one of {sorted(_OPS)}, got {op!r}") from None
    if dtype.kind == "c" and code != nccl.NCCL_SUM:
        raise ValueError(f"op {op!r} is not defined element-wise for complex arrays (dtype {dtype}); use 'sum'")
    return code


def _check_array(a, name):
    import cunumpy

    if not isinstance(a, cunumpy.ndarray):
        raise TypeError(f"{name} must be a cunumpy.ndarray, not {type(a).__name__}")
    if not a.flags.c_contiguous:
        raise ValueError(f"{name} must be C-contiguous (shape {a.shape}, strides {a.strides})")
    return a


def _nccl_args(a):
    """(device pointer, NCCL count, NCCL type) of a contiguous array."""
    t, per = nccl._to_nccl_dtype(a.dtype)
    return a, a.size * per, t


def _same_dtype(a, b):
    if a.dtype != b.dtype:
        raise TypeError(f"in_array and out_array must have one dtype, got {a.dtype} and {b.dtype}")


class NCCLBackend:
    """One rank's communicator. Made by :func:`cunumpyx.distributed.init_process_group`."""

    def __init__(self, n_devices, rank, host=None, port=None, timeout=None):
        import cunumpy

        if not isinstance(n_devices, int) or n_devices < 1:
            raise ValueError(f"n_devices must be a positive int, got {n_devices!r}")
        if not isinstance(rank, int) or not 0 <= rank < n_devices:
            raise ValueError(f"rank must be in [0, {n_devices}), got {rank!r}")
        host = host or os.environ.get("CUNUMPYX_DISTRIBUTED_HOST") or os.environ.get(
            "CUPYX_DISTRIBUTED_HOST", "127.0.0.1")
        if port is None:
            port = os.environ.get("CUNUMPYX_DISTRIBUTED_PORT") or os.environ.get("CUPYX_DISTRIBUTED_PORT", 13333)
        port = int(port)  # 0 (rank 0 only): a free port the system picks, in .port
        timeout = 300.0 if timeout is None else float(timeout)
        self._n_devices, self.rank = n_devices, rank
        self._server = StoreServer(host, port) if rank == 0 else None
        if self._server is not None:
            port = self._server.port  # port 0: the one the system chose
        self._store = StoreClient(host, port, timeout)
        self.port = port
        try:
            if rank == 0:
                uid = nccl.get_unique_id()
                self._store.set("nccl_unique_id", list(uid))
            else:
                uid = tuple(self._store.get("nccl_unique_id"))
            self._comm = nccl.NcclCommunicator(n_devices, uid, rank)
        except BaseException:
            self.stop()
            raise
        self._barrier = Barrier(self._store, n_devices)
        self._device = cunumpy.cuda.get_device_id()

    @property
    def n_devices(self):
        return self._n_devices

    def _peer(self, peer, name="peer"):
        if not isinstance(peer, int) or not 0 <= peer < self._n_devices:
            raise ValueError(f"{name} must be a rank in [0, {self._n_devices}), got {peer!r}")
        return peer

    def all_reduce(self, in_array, out_array, op="sum", stream=None):
        _check_array(in_array, "in_array"), _check_array(out_array, "out_array")
        _same_dtype(in_array, out_array)
        if in_array.size != out_array.size:
            raise ValueError(f"out_array has {out_array.size} elements, in_array {in_array.size}")
        a, n, t = _nccl_args(in_array)
        self._comm.allReduce(a, out_array, n, t, _op(op, in_array.dtype), stream)

    def reduce(self, in_array, out_array, root=0, op="sum", stream=None):
        _check_array(in_array, "in_array")
        root = self._peer(root, "root")
        code = _op(op, in_array.dtype)
        if self.rank == root:
            _check_array(out_array, "out_array")
            _same_dtype(in_array, out_array)
            if in_array.size != out_array.size:
                raise ValueError(f"out_array has {out_array.size} elements, in_array {in_array.size}")
        a, n, t = _nccl_args(in_array)
        self._comm.reduce(a, out_array if self.rank == root else 0, n, t, code, root, stream)

    def broadcast(self, in_out_array, root=0, stream=None):
        _check_array(in_out_array, "in_out_array")
        a, n, t = _nccl_args(in_out_array)
        self._comm.bcast(a, n, t, self._peer(root, "root"), stream)

    def reduce_scatter(self, in_array, out_array, count, op="sum", stream=None):
        """Reduces ``in_array`` (n_devices * count elements) and leaves block ``rank`` in
        ``out_array`` (count elements)."""
        _check_array(in_array, "in_array"), _check_array(out_array, "out_array")
        _same_dtype(in_array, out_array)
        count = int(count)
        if in_array.size < self._n_devices * count or out_array.size < count:
            raise ValueError(f"reduce_scatter of count {count} over {self._n_devices} ranks needs "
                             f"{self._n_devices * count} input and {count} output elements, got "
                             f"{in_array.size} and {out_array.size}")
        t, per = nccl._to_nccl_dtype(in_array.dtype)
        self._comm.reduceScatter(in_array, out_array, count * per, t, _op(op, in_array.dtype), stream)

    def all_gather(self, in_array, out_array, count, stream=None):
        """Gathers ``count`` elements of each rank into ``out_array`` (n_devices * count)."""
        _check_array(in_array, "in_array"), _check_array(out_array, "out_array")
        _same_dtype(in_array, out_array)
        count = int(count)
        if in_array.size < count or out_array.size < self._n_devices * count:
            raise ValueError(f"all_gather of count {count} over {self._n_devices} ranks needs {count} "
                             f"input and {self._n_devices * count} output elements, got {in_array.size} "
                             f"and {out_array.size}")
        t, per = nccl._to_nccl_dtype(in_array.dtype)
        self._comm.allGather(in_array, out_array, count * per, t, stream)

    def send(self, array, peer, stream=None):
        _check_array(array, "array")
        a, n, t = _nccl_args(array)
        self._comm.send(a, n, t, self._peer(peer), stream)

    def recv(self, out_array, peer, stream=None):
        _check_array(out_array, "out_array")
        a, n, t = _nccl_args(out_array)
        self._comm.recv(a, n, t, self._peer(peer), stream)

    def send_recv(self, in_array, out_array, peer, stream=None):
        """Sends ``in_array`` to ``peer`` and receives ``out_array`` from it, in one group."""
        _check_array(in_array, "in_array"), _check_array(out_array, "out_array")
        peer = self._peer(peer)
        a, n, t = _nccl_args(in_array)
        b, m, u = _nccl_args(out_array)
        nccl.groupStart()
        try:
            self._comm.send(a, n, t, peer, stream)
            self._comm.recv(b, m, u, peer, stream)
        finally:
            nccl.groupEnd()

    def _blocks(self, array, name):
        """The n_devices leading-axis blocks of ``array`` (shape (n_devices, ...))."""
        _check_array(array, name)
        if array.ndim == 0 or array.shape[0] != self._n_devices:
            raise ValueError(f"{name} must have shape ({self._n_devices}, ...), got {array.shape}")
        return [array[i] for i in range(self._n_devices)]

    def scatter(self, in_array, out_array, root=0, stream=None):
        """Root sends ``in_array[i]`` to rank i; every rank receives into ``out_array``."""
        root = self._peer(root, "root")
        _check_array(out_array, "out_array")
        blocks = self._blocks(in_array, "in_array") if self.rank == root else None
        b, m, u = _nccl_args(out_array)
        nccl.groupStart()
        try:
            if blocks is not None:
                for i, blk in enumerate(blocks):
                    a, n, t = _nccl_args(blk)
                    self._comm.send(a, n, t, i, stream)
            self._comm.recv(b, m, u, root, stream)
        finally:
            nccl.groupEnd()

    def gather(self, in_array, out_array, root=0, stream=None):
        """Every rank sends ``in_array``; root receives rank i's into ``out_array[i]``."""
        root = self._peer(root, "root")
        _check_array(in_array, "in_array")
        blocks = self._blocks(out_array, "out_array") if self.rank == root else None
        a, n, t = _nccl_args(in_array)
        nccl.groupStart()
        try:
            self._comm.send(a, n, t, root, stream)
            if blocks is not None:
                for i, blk in enumerate(blocks):
                    b, m, u = _nccl_args(blk)
                    self._comm.recv(b, m, u, i, stream)
        finally:
            nccl.groupEnd()

    def all_to_all(self, in_array, out_array, stream=None):
        """Rank r sends ``in_array[i]`` to rank i and receives rank i's into ``out_array[i]``."""
        ins, outs = self._blocks(in_array, "in_array"), self._blocks(out_array, "out_array")
        _same_dtype(in_array, out_array)
        nccl.groupStart()
        try:
            for i in range(self._n_devices):
                a, n, t = _nccl_args(ins[i])
                self._comm.send(a, n, t, i, stream)
                b, m, u = _nccl_args(outs[i])
                self._comm.recv(b, m, u, i, stream)
        finally:
            nccl.groupEnd()

    def barrier(self):
        """Waits until every rank has called barrier() (through the store; GPU work queued
        before it is not waited for: synchronize the stream first if that is meant)."""
        self._barrier()

    def stop(self):
        """Destroys the communicator and closes the store (rank 0 stops serving it)."""
        comm = getattr(self, "_comm", None)
        if comm is not None:
            comm.destroy()
            self._comm = None
        store = getattr(self, "_store", None)
        if store is not None:
            store.close()
            self._store = None
        if self._server is not None:
            self._server.stop()
            self._server = None
