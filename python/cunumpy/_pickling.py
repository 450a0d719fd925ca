"""Pickling of cunumpy arrays (ndarray.__reduce__), as CuPy's: the data goes through a host
NumPy array, which pickle protocol 5 sends as an out-of-band buffer (dask.distributed's
task graphs, multiprocessing), and comes back on the unpickling process's current device.
"""
import cunumpy as _cp


def _rebuild(host):
    """Unpickles: the host array, copied to the current device."""
    return _cp.array(host, copy=True)


def reduce(self):
    return _rebuild, (self.get(order='K'),)
