"""Where the time of a large dense solve goes on the GPU (issue 15's solve 4096^2 float64 row):
LU factorization, the two triangular solves, and alternatives, through PyTorch and CuPy's
cuSOLVER/cuBLAS bindings (no cunumpy needed). Medians of CUDA-event timings, ms.
    python3 scripts/debug/solve_split.py [n]"""
import sys
import torch

n = int(sys.argv[1]) if len(sys.argv) > 1 else 4096
dev = torch.device("cuda")
torch.backends.cuda.matmul.allow_tf32 = False


def med_ms(f, reps=7, warm=2):
    for _ in range(warm):
        f()
    torch.cuda.synchronize()
    ts = []
    for _ in range(reps):
        s, e = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        s.record()
        f()
        e.record()
        e.synchronize()
        ts.append(s.elapsed_time(e))
    ts.sort()
    return ts[len(ts) // 2]


g = torch.Generator(device=dev).manual_seed(0)
A = torch.randn(n, n, dtype=torch.float64, device=dev, generator=g)
B = torch.randn(n, n, dtype=torch.float64, device=dev, generator=g)
LU, piv = torch.linalg.lu_factor(A)
L = torch.tril(LU, -1) + torch.eye(n, dtype=A.dtype, device=dev)
U = torch.triu(LU)
rows = []
rows.append(("torch matmul n^3 f64", med_ms(lambda: A @ B), 2 * n ** 3))
rows.append(("torch solve", med_ms(lambda: torch.linalg.solve(A, B)), None))
rows.append(("torch lu_factor", med_ms(lambda: torch.linalg.lu_factor(A)), 2 * n ** 3 / 3))
rows.append(("torch lu_solve", med_ms(lambda: torch.linalg.lu_solve(LU, piv, B)), 2 * n ** 3))
rows.append(("torch trsm L unit (cublas)", med_ms(lambda: torch.linalg.solve_triangular(L, B, upper=False, unitriangular=True)), n ** 3))
rows.append(("torch trsm U (cublas)", med_ms(lambda: torch.linalg.solve_triangular(U, B, upper=True)), n ** 3))


def rec_trsm_lower(Lm, Bm, base):
    m = Lm.shape[0]
    if m <= base:
        return torch.linalg.solve_triangular(Lm, Bm, upper=False, unitriangular=True)
    h = m // 2
    X1 = rec_trsm_lower(Lm[:h, :h], Bm[:h], base)
    B2 = torch.addmm(Bm[h:], Lm[h:, :h], X1, alpha=-1)
    X2 = rec_trsm_lower(Lm[h:, h:], B2, base)
    return torch.cat([X1, X2])


for base in (256, 512, 1024):
    rows.append((f"recursive trsm L via GEMM, base {base}", med_ms(lambda: rec_trsm_lower(L, B, base)), n ** 3))
for m, k in ((n, 256), (n, 512), (n, 1024), (n // 2, n // 2)):
    P = torch.randn(m, k, dtype=torch.float64, device=dev, generator=g)
    rows.append((f"torch lu_factor {m}x{k}", med_ms(lambda: torch.linalg.lu_factor(P)), None))

try:
    import cupy
    from cupy_backends.cuda.libs import cusolver as cs, cublas as cb
    h = cupy.cuda.device.get_cusolver_handle()
    Ac = cupy.asarray(A.cpu().numpy(), order="F")
    Bc = cupy.asarray(B.cpu().numpy(), order="F")
    work = cupy.empty(cs.dgetrf_bufferSize(h, n, n, Ac.data.ptr, n), dtype=cupy.float64)
    ipiv = cupy.empty(n, dtype=cupy.int32)
    info = cupy.zeros(1, dtype=cupy.int32)
    Aw = Ac.copy(order="F")

    def getrf():
        Aw[...] = Ac
        cs.dgetrf(h, n, n, Aw.data.ptr, n, work.data.ptr, ipiv.data.ptr, info.data.ptr)

    Bw = Bc.copy(order="F")

    def getrs():
        Bw[...] = Bc
        cs.dgetrs(h, cb.CUBLAS_OP_N, n, n, Aw.data.ptr, n, ipiv.data.ptr, Bw.data.ptr, n, info.data.ptr)

    cp_copy = med_ms(lambda: Aw.__setitem__(Ellipsis, Ac))
    rows.append(("cupy dgetrf (+copy)", med_ms(getrf), 2 * n ** 3 / 3))
    rows.append(("cupy dgetrs n rhs (+copy)", med_ms(getrs), 2 * n ** 3))
    rows.append(("cupy copy n^2", cp_copy, None))
    rows.append(("cupy.linalg.solve", med_ms(lambda: cupy.linalg.solve(Ac, Bc)), None))
except Exception as exc:  # the binding names moved between CuPy versions
    print("cupy part failed:", type(exc).__name__, exc)

print(f"{'n=' + str(n):45s} {'ms':>9s} {'TFLOP/s':>8s}")
for name, ms, flops in rows:
    rate = f"{flops / ms / 1e9:8.1f}" if flops else ""
    print(f"{name:45s} {ms:9.3f} {rate}")
