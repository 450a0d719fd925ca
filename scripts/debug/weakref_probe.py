"""test_pickle_weakref's view case, printing what still refers to the view when the weak
reference outlives `del` (seen only under compute-sanitizer memcheck)."""
import gc, sys, weakref
import numpy as np
import cunumpy as cp

x = cp.arange(6)
v = x[1:]
r = weakref.ref(v)
np.testing.assert_array_equal(cp.asnumpy(r()), np.arange(1, 6))
print("refcount before del:", sys.getrefcount(v))
del v
gc.collect()
alive = r()
print("alive after del:", alive is not None)
if alive is not None:
    print("refcount:", sys.getrefcount(alive))
    for ref in gc.get_referrers(alive):
        print("referrer:", type(ref), repr(ref)[:200])
        if type(ref).__name__ == "frame":
            print("  frame's referrers:", [(type(o).__name__, repr(o)[:200]) for o in gc.get_referrers(ref)])
            tb = [o for o in gc.get_referrers(ref) if type(o).__name__ == "traceback"]
            for t in tb:
                print("  traceback's referrers:", [(type(o).__name__, repr(o)[:300]) for o in gc.get_referrers(t)])
    print("last exception:", getattr(sys, "last_value", None), sys.exc_info())
