"""The work of one NCCL rank, for the multi-GPU tests (test_nccl_multi_gpu.py): run by a
thread or a spawned process per GPU. Each rank uses its own device and its own stream (the
seed's pattern) and returns its inputs and every collective's result as NumPy arrays; the
test computes what NumPy says each one must be."""

import numpy as np

N = 12  # elements each rank contributes


def rank_input(rank, dtype):
    return (np.arange(N) % 5 + 1 + 2 * rank).astype(dtype)


def run_rank(rank, nranks, uid, dtype="float32"):
    import cunumpy as cp
    from cunumpy.cuda import nccl

    out = {}
    with cp.cuda.Device(rank):
        stream = cp.cuda.Stream(non_blocking=True)
        with stream:
            comm = nccl.NcclCommunicator(nranks, uid, rank)
            out["rank"], out["size"], out["device"] = comm.rank_id(), comm.size(), comm.device_id()
            x = rank_input(rank, dtype)
            a = cp.asarray(x)
            t, count = nccl._to_nccl_dtype(a.dtype)
            for name, op in (("sum", nccl.NCCL_SUM), ("prod", nccl.NCCL_PROD), ("max", nccl.NCCL_MAX),
                             ("min", nccl.NCCL_MIN)):
                r = cp.zeros_like(a)
                comm.allReduce(a, r, count, t, op, stream)
                out["allReduce_" + name] = r
            r = cp.zeros_like(a)
            comm.reduce(a, r, count, t, nccl.NCCL_SUM, 0, stream)
            out["reduce"] = r
            r = cp.zeros_like(a)
            comm.broadcast(a, r, count, t, nranks - 1, stream)
            out["broadcast"] = r
            b = cp.asarray(x)
            comm.bcast(b, count, t, 0, stream)
            out["bcast"] = b
            g = cp.zeros(nranks * N, dtype=a.dtype)
            comm.allGather(a, g, count, t, stream)
            out["allGather"] = g
            big = cp.asarray(np.concatenate([x * (k + 1) for k in range(nranks)]))
            r = cp.zeros_like(a)
            comm.reduceScatter(big, r, count, t, nccl.NCCL_SUM, stream)
            out["reduceScatter"] = r
            # A ring: send to the next rank, receive from the previous one, in one group.
            r = cp.zeros_like(a)
            nccl.groupStart()
            comm.send(a, count, t, (rank + 1) % nranks, stream)
            comm.recv(r, count, t, (rank - 1) % nranks, stream)
            nccl.groupEnd()
            out["ring"] = r
            stream.synchronize()
            comm.destroy()
        return {k: (cp.asnumpy(v) if hasattr(v, "__cuda_array_interface__") else v) for k, v in out.items()}


def expected(nranks, rank, dtype="float32"):
    """What NumPy says rank `rank`'s results must be."""
    xs = np.stack([rank_input(r, dtype) for r in range(nranks)])
    e = {"rank": rank, "size": nranks, "device": rank,
         "allReduce_sum": xs.sum(0, dtype=dtype), "allReduce_prod": xs.prod(0, dtype=dtype),
         "allReduce_max": xs.max(0), "allReduce_min": xs.min(0),
         "broadcast": xs[nranks - 1], "bcast": xs[0], "allGather": xs.reshape(-1),
         "reduceScatter": sum(xs[r] * (rank + 1) for r in range(nranks)).astype(dtype),
         "ring": xs[(rank - 1) % nranks]}
    if rank == 0:
        e["reduce"] = xs.sum(0, dtype=dtype)
    return e


def process_main(rank, nranks, uid, dtype, queue):
    """Entry of a spawned rank process: puts (rank, results or the error's text)."""
    try:
        queue.put((rank, run_rank(rank, nranks, uid, dtype)))
    except BaseException as e:  # noqa: BLE001 - reported by the parent
        queue.put((rank, f"{type(e).__name__}: {e}"))


def distributed_main(rank, nranks, port, queue):
    """A spawned rank of cunumpyx.distributed: all_reduce, all_to_all, send_recv, barrier."""
    try:
        import cunumpy as cp
        import cunumpyx.distributed as dist

        with cp.cuda.Device(rank):
            g = dist.init_process_group(nranks, rank, port=port)
            x = rank_input(rank, "float64")
            a = cp.asarray(x)
            total = cp.zeros_like(a)
            g.all_reduce(a, total, "sum")
            blocks = cp.asarray(np.stack([x + 100 * k for k in range(nranks)]))
            swapped = cp.zeros_like(blocks)
            g.all_to_all(blocks, swapped)
            peer = (rank + 1) % nranks if rank % 2 == 0 else (rank - 1) % nranks
            got = cp.zeros_like(a)
            g.send_recv(a, got, peer)
            cp.cuda.get_current_stream().synchronize()
            g.barrier()
            res = {"total": cp.asnumpy(total), "swapped": cp.asnumpy(swapped), "peer": peer,
                   "from_peer": cp.asnumpy(got)}
            g.stop()
        queue.put((rank, res))
    except BaseException as e:  # noqa: BLE001 - reported by the parent
        queue.put((rank, f"{type(e).__name__}: {e}"))
