"""test_pickle_weakref's view case under compute-sanitizer memcheck, where the weak
reference outlived `del v` (a frame of asnumpy held the view): which call leaves the
frame behind, and what holds it.
    compute-sanitizer --tool memcheck python3 scripts/debug/weakref_probe.py"""
import gc
import sys
import weakref
import numpy as np
import cunumpy as cp


def case(name, use):
    x = cp.arange(6)
    v = x[1:]
    r = weakref.ref(v)
    use(r)
    del v
    gc.collect()
    alive = r()
    if alive is None:
        print(f"{name:32s} released")
        return
    frames = [o for o in gc.get_referrers(alive) if type(o).__name__ == "frame"]
    print(f"{name:32s} ALIVE refcount {sys.getrefcount(alive)}; frames:")
    for f in frames:
        holders = [type(o).__name__ for o in gc.get_referrers(f) if o is not frames]
        try:
            f.clear()
            cleared = "clear() ok"
        except RuntimeError as exc:
            cleared = f"clear() refused: {exc}"
        print(f"   {f.f_code.co_name} line {f.f_lineno} refcount {sys.getrefcount(f)} "
              f"holders {holders} {cleared}; view now {'released' if r() is None else 'alive'}")


case("asnumpy(r())", lambda r: np.testing.assert_array_equal(cp.asnumpy(r()), np.arange(1, 6)))
case("r().get()", lambda r: r().get())
case("r().get() on a copy", lambda r: r().copy().get())
case("r().sum()", lambda r: float(r().sum()))
case("no use", lambda r: None)
