"""Printing of cunumpy arrays: exactly what NumPy prints for the same values.

NumPy's own printing does the work, so numpy.set_printoptions / numpy.printoptions apply
unchanged. An array small enough to be printed whole is copied to the host (this
synchronizes). A larger one, which NumPy summarizes with "...", sends only what NumPy
prints: its corner blocks are gathered on the device (slices, concatenated), and NumPy
formats that small array as it would have formatted the whole one.
"""

import numpy as _np

__all__ = ["array_repr", "array_str", "array2string", "format_array", "to_host",
           "set_printoptions", "get_printoptions", "printoptions", "format_float_positional",
           "format_float_scientific", "base_repr", "binary_repr"]


def to_host(a):
    """A NumPy array with the values of ``a`` (a cunumpy array, or anything NumPy takes)."""
    mod = getattr(type(a), "__module__", "") or ""
    get = getattr(a, "get", None)
    if get is not None and mod.startswith("cunumpy"):
        host = get()
        if type(host) is _np.ndarray:
            return host
        return _np.asarray(host)
    if isinstance(a, _np.ndarray):
        return a
    return _np.asarray(a)


def _is_device_array(a):
    return (getattr(type(a), "__module__", "") or "").startswith("cunumpy")


def corner_blocks(a, edgeitems, concatenate):
    """What NumPy's summarization reads of ``a``: on each axis longer than 2*edgeitems, the
    first edgeitems + 1 and the last edgeitems elements. The extra middle element is never
    printed; it keeps that axis longer than 2*edgeitems, so NumPy still puts "..." there.
    ``concatenate`` is the array module's (cunumpy's for a device array: the gather stays
    on the device)."""
    for axis, n in enumerate(a.shape):
        if n > 2 * edgeitems + 1:
            index = [slice(None)] * a.ndim
            parts = []
            for part in (slice(0, edgeitems + 1), slice(n - edgeitems, n)):
                index[axis] = part
                parts.append(a[tuple(index)])
            a = concatenate(parts, axis=axis)
    return a


def _summary_source(a):
    """The host array to print in place of ``a`` and whether it stands for a summary of
    ``a`` (then it must be printed with summarization forced on), or (a on the host, False)."""
    opts = _np.get_printoptions()
    # edgeitems == 0 is special in NumPy: a[-0:] is the whole array, so it reads it all.
    if (not _is_device_array(a) or a.size <= opts["threshold"] or opts["edgeitems"] <= 0
            or opts.get("override_repr") is not None):
        return to_host(a), False
    import cunumpy
    small = corner_blocks(a, opts["edgeitems"], cunumpy.concatenate)
    return to_host(small), True


def _summarized_repr(a, host, max_line_width, precision, suppress_small):
    """numpy.array_repr of ``a`` from its corner blocks ``host``: the body is NumPy's for
    ``host`` with summarization forced; of the extras only ``shape=`` differs, so it is set
    to ``a``'s and placed by NumPy's rule (on a new line if it would pass the line width)."""
    with _np.printoptions(threshold=0):
        text = _np.array_repr(host, max_line_width, precision, suppress_small)
    wrong = f"shape={host.shape}"
    at = text.rfind(wrong)
    if at < 0:  # no shape extra (legacy printing): the text does not depend on the shape
        return text
    start = text.rfind(",", 0, at)  # NumPy writes body + "," + spacer + extras
    arr_str = text[:start + 1]
    extra_str = text[start + 1:].lstrip(" \n").replace(wrong, f"shape={a.shape}", 1)
    width = _np.get_printoptions()["linewidth"] if max_line_width is None else max_line_width
    last_line_len = len(arr_str) - (arr_str.rfind("\n") + 1)
    spacer = " "
    if last_line_len + len(extra_str) + 1 > width:
        spacer = "\n" + " " * len("array(")
    return arr_str + spacer + extra_str


def array_repr(arr, max_line_width=None, precision=None, suppress_small=None):
    """``repr`` of a cunumpy array: numpy.array_repr of the same values."""
    host, summary = _summary_source(arr)
    if summary:
        return _summarized_repr(arr, host, max_line_width, precision, suppress_small)
    return _np.array_repr(
        host,
        max_line_width=max_line_width,
        precision=precision,
        suppress_small=suppress_small,
    )


def array_str(a, max_line_width=None, precision=None, suppress_small=None):
    """``str`` of a cunumpy array: numpy.array_str of the same values."""
    host, summary = _summary_source(a)
    if summary:
        with _np.printoptions(threshold=0):
            return _np.array_str(host, max_line_width, precision, suppress_small)
    return _np.array_str(
        host,
        max_line_width=max_line_width,
        precision=precision,
        suppress_small=suppress_small,
    )


def array2string(a, max_line_width=None, precision=None, suppress_small=None, separator=' ',
                 prefix='', *, formatter=None, threshold=None, edgeitems=None, sign=None,
                 floatmode=None, suffix='', legacy=None):
    """numpy.array2string of the values of ``a``. A device array that the call summarizes
    sends only the printed corner blocks to the host."""
    kwargs = dict(max_line_width=max_line_width, precision=precision,
                  suppress_small=suppress_small, separator=separator, prefix=prefix,
                  formatter=formatter, threshold=threshold, edgeitems=edgeitems, sign=sign,
                  floatmode=floatmode, suffix=suffix, legacy=legacy)
    opts = _np.get_printoptions()
    limit = opts["threshold"] if threshold is None else threshold
    edges = opts["edgeitems"] if edgeitems is None else edgeitems
    if _is_device_array(a) and a.size > limit and edges > 0:
        import cunumpy
        kwargs["threshold"] = 0  # the corner blocks stand for a summarized array
        return _np.array2string(to_host(corner_blocks(a, edges, cunumpy.concatenate)), **kwargs)
    return _np.array2string(to_host(a), **kwargs)


# The print options are NumPy's own (CuPy does the same): repr/str/array2string of cunumpy
# arrays print through NumPy, so its options apply unchanged. base_repr, binary_repr and the
# float formatters work on Python/NumPy scalars.
set_printoptions = _np.set_printoptions
get_printoptions = _np.get_printoptions
printoptions = _np.printoptions
format_float_positional = _np.format_float_positional
format_float_scientific = _np.format_float_scientific
base_repr = _np.base_repr
binary_repr = _np.binary_repr


def format_array(a, format_spec=""):
    """``format(a, spec)`` as NumPy does it.

    NumPy formats a 0-d array as its scalar; any other array only with an empty spec
    (giving ``str``), and raises TypeError for a non-empty spec.
    """
    return format(to_host(a), format_spec)
