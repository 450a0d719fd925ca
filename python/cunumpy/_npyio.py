"""Data in and out: fromfunction, frombuffer, fromiter, fromstring, fromfile, loadtxt,
genfromtxt, save, load, savez, savez_compressed, savetxt.

Parsing and file formats are NumPy's own, on the host: reading builds a NumPy array and
sends it to the device in one transfer; writing copies the array to the host once and
hands it to NumPy. fromfunction calls the function with index arrays made on the device.
``like=`` is accepted and ignored (the result is always a cunumpy array of the current
device).
"""
import numpy as _np

__all__ = ['fromfunction', 'frombuffer', 'fromiter', 'fromstring', 'fromfile', 'loadtxt',
           'genfromtxt', 'save', 'load', 'savez', 'savez_compressed', 'savetxt', 'NpzFile']


def _to_device(host, like=None):
    """`host` uploaded once, to `like`'s device when `like` is a cunumpy array (NEP 35),
    else to the current device."""
    from cunumpy._array_api import on_device
    from cunumpy._creation import asarray
    from cunumpy import _core
    with on_device(like.device if isinstance(like, _core.ndarray) else None):
        return asarray(host)


def _host(a):
    from cunumpy._formatting import to_host
    return to_host(a)


def fromfunction(function, shape, *, dtype=float, like=None, **kwargs):
    """function(*indices(shape, dtype), **kwargs): the function gets the coordinate arrays
    (on the device) and its result is returned as it is, as in NumPy."""
    from cunumpy._array_api import on_device
    from cunumpy._indexing import indices
    from cunumpy import _core
    with on_device(like.device if isinstance(like, _core.ndarray) else None):
        return function(*indices(shape, dtype=dtype), **kwargs)


def frombuffer(buffer, dtype=float, count=-1, offset=0, *, like=None):
    """A 1-D array of the bytes of `buffer` interpreted as `dtype` (a device copy; NumPy's
    result is a view of the buffer)."""
    return _to_device(_np.frombuffer(buffer, dtype=dtype, count=count, offset=offset), like)


def fromiter(iter, dtype, count=-1, *, like=None):  # noqa: A002 - NumPy's parameter name
    """A 1-D array of the values an iterable yields."""
    return _to_device(_np.fromiter(iter, dtype=dtype, count=count), like)


def fromstring(string, dtype=float, count=-1, *, sep, like=None):
    """A 1-D array of the numbers in `string`, separated by `sep` (NumPy 2 has no binary
    mode: an empty sep is its ValueError)."""
    return _to_device(_np.fromstring(string, dtype=dtype, count=count, sep=sep), like)


def fromfile(file, dtype=float, count=-1, sep='', offset=0, *, like=None):
    """A 1-D array read from a file (binary when sep is empty, else text)."""
    return _to_device(_np.fromfile(file, dtype=dtype, count=count, sep=sep, offset=offset), like)


def _device_result(r, like=None):
    if isinstance(r, _np.ndarray):
        return _to_device(r, like)
    if isinstance(r, (tuple, list)):
        return type(r)(_device_result(x, like) for x in r)
    return r


def loadtxt(fname, dtype=float, comments='#', delimiter=None, converters=None, skiprows=0,
            usecols=None, unpack=False, ndmin=0, encoding=None, max_rows=None, *,
            quotechar=None, like=None):
    """numpy.loadtxt, the result sent to the device."""
    return _device_result(_np.loadtxt(
        fname, dtype=dtype, comments=comments, delimiter=delimiter, converters=converters,
        skiprows=skiprows, usecols=usecols, unpack=unpack, ndmin=ndmin, encoding=encoding,
        max_rows=max_rows, quotechar=quotechar), like)


def genfromtxt(fname, dtype=float, comments='#', delimiter=None, skip_header=0,
               skip_footer=0, converters=None, missing_values=None, filling_values=None,
               usecols=None, names=None, excludelist=None,
               deletechars=" !#$%&'()*+,-./:;<=>?@[\\]^{|}~",
               replace_space='_', autostrip=False, case_sensitive=True, defaultfmt='f%i',
               unpack=None, usemask=False, loose=True, invalid_raise=True, max_rows=None,
               encoding=None, *, ndmin=0, like=None):
    """numpy.genfromtxt, the result sent to the device. Structured results (names=,
    several dtypes) and masked arrays (usemask=True) have no cunumpy form: TypeError."""
    if usemask:
        raise TypeError('cunumpy.genfromtxt does not support usemask=True (no masked arrays)')
    r = _np.genfromtxt(
        fname, dtype=dtype, comments=comments, delimiter=delimiter, skip_header=skip_header,
        skip_footer=skip_footer, converters=converters, missing_values=missing_values,
        filling_values=filling_values, usecols=usecols, names=names, excludelist=excludelist,
        deletechars=deletechars, replace_space=replace_space, autostrip=autostrip,
        case_sensitive=case_sensitive, defaultfmt=defaultfmt, unpack=unpack, usemask=usemask,
        loose=loose, invalid_raise=invalid_raise, max_rows=max_rows, encoding=encoding,
        ndmin=ndmin)
    return _device_result(r, like)


def save(file, arr, allow_pickle=True):
    """Writes `arr` in NumPy's .npy format (one copy to the host)."""
    _np.save(file, _host(arr), allow_pickle=allow_pickle)


def _host_all(args, kwds):
    return [_host(a) for a in args], {k: _host(v) for k, v in kwds.items()}


def savez(file, *args, allow_pickle=True, **kwds):
    """Writes several arrays into one uncompressed .npz file."""
    args, kwds = _host_all(args, kwds)
    _np.savez(file, *args, allow_pickle=allow_pickle, **kwds)


def savez_compressed(file, *args, allow_pickle=True, **kwds):
    """Writes several arrays into one compressed .npz file."""
    args, kwds = _host_all(args, kwds)
    _np.savez_compressed(file, *args, allow_pickle=allow_pickle, **kwds)


def savetxt(fname, X, fmt='%.18e', delimiter=' ', newline='\n', header='', footer='',
            comments='# ', encoding=None):
    """Writes a 1-D or 2-D array as text (numpy.savetxt of a host copy)."""
    _np.savetxt(fname, _host(X), fmt=fmt, delimiter=delimiter, newline=newline,
                header=header, footer=footer, comments=comments, encoding=encoding)


class NpzFile:
    """What load() returns for a .npz file: NumPy's NpzFile whose arrays are read onto the
    device when indexed (CuPy's behaviour). A context manager; close() closes the file."""

    def __init__(self, npz_file):
        self.npz_file = npz_file

    def __enter__(self):
        self.npz_file.__enter__()
        return self

    def __exit__(self, typ, val, traceback):
        self.npz_file.__exit__(typ, val, traceback)

    def __getitem__(self, key):
        return _device_result(self.npz_file[key])

    def __contains__(self, key):
        return key in self.npz_file

    def __iter__(self):
        return iter(self.npz_file)

    def __len__(self):
        return len(self.npz_file)

    def keys(self):
        return self.npz_file.keys()

    @property
    def files(self):
        return self.npz_file.files

    def close(self):
        self.npz_file.close()


def load(file, mmap_mode=None, allow_pickle=False, fix_imports=True, encoding='ASCII', *,
         max_header_size=10000):
    """Reads .npy (a device array), .npz (an NpzFile giving device arrays) or pickled files
    (the unpickled object, as NumPy returns it). mmap_mode maps the file on the host; the
    result is still a device copy."""
    r = _np.load(file, mmap_mode=mmap_mode, allow_pickle=allow_pickle, fix_imports=fix_imports,
                 encoding=encoding, max_header_size=max_header_size)
    if isinstance(r, _np.lib.npyio.NpzFile):
        return NpzFile(r)
    if isinstance(r, _np.ndarray):
        return _to_device(r)
    return r

