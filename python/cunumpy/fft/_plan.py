"""Plans made ahead (what ``cupyx.scipy.fft.get_fft_plan`` returns): a ``Plan`` holds the
C++ ``cunumpy::fft::Plan`` (the backend plans of each step of one transform, kept alive by
the plan whatever the plan cache drops). Passed as ``plan=`` or entered with ``with plan:``
(for every cunumpy.fft and cunumpyx.scipy.fft call in the block, on this thread), it is
checked against each call (ValueError naming the difference) and then run on."""
import threading

from cunumpy import _core

_local = threading.local()
_lock = threading.Lock()
# Plans entered (any thread): while 0, a transform does not look for a current plan.
entered = 0


class Plan:
    """A plan for one transform: ``value_type`` ('C2C', 'R2C' or 'C2R'), ``dtype`` (what it
    reads), ``shape`` (the input's shape once padded or cut to the lengths), ``axes``,
    ``lengths`` (n along each axis), ``device``. A C2C plan serves forward and inverse
    transforms; R2C rfft/rfftn/ihfft; C2R irfft/irfftn/hfft."""

    __slots__ = ("_core",)

    def __init__(self, core_plan):
        self._core = core_plan

    value_type = property(lambda self: self._core.value_type)
    dtype = property(lambda self: self._core.dtype)
    shape = property(lambda self: self._core.shape)
    axes = property(lambda self: self._core.axes)
    lengths = property(lambda self: self._core.lengths)
    device = property(lambda self: self._core.device)
    nd_planning = property(lambda self: self._core.nd_planning)

    def __enter__(self):
        global entered
        stack = _stack()
        stack.append(self)
        with _lock:
            entered += 1
        return self

    def __exit__(self, *exc):
        global entered
        _stack().pop()
        with _lock:
            entered -= 1
        return False

    def __repr__(self):
        return (f"<cunumpy FFT plan {self.value_type} {self.dtype} shape={self.shape} axes={self.axes} "
                f"lengths={self.lengths} on {self.device}>")


def _stack():
    s = getattr(_local, "stack", None)
    if s is None:
        s = _local.stack = []
    return s


def get_current_plan():
    """The plan of the innermost ``with plan:`` block of this thread, or None."""
    s = getattr(_local, "stack", None)
    return s[-1] if s else None


def make(a, s, axes, value_type):
    return Plan(_core.fft_make_plan(a, s, axes, value_type))


def resolve(plan):
    """The C++ plan a call runs on: `plan`, or the current one (CuPy's rule: not both)."""
    current = get_current_plan() if entered else None
    if current is not None:
        if plan is not None:
            raise RuntimeError("Use the cuFFT plan either as a context manager or as an argument.")
        plan = current
    if plan is None:
        return None
    if not isinstance(plan, Plan):
        raise ValueError(f"plan must be made by cunumpyx.scipy.fft.get_fft_plan, got {type(plan).__name__}")
    return plan._core
