"""Registers cunumpy with Dask when, and only when, Dask is imported.

`import cunumpy` must not import dask (it is optional and slow to import), and importing
dask must not import cunumpy. So cunumpy hands its registrations to Dask's own lazy
mechanism (`Dispatch.register_lazy("cunumpy", ...)`, which runs them on the first dispatch
on a cunumpy type), and it reaches Dask's dispatch tables through a post-import hook: when
one of the modules below finishes loading (or at once, if it was loaded before cunumpy),
the hook calls the matching function of cunumpy._dask / cunumpy._dask_serialize.

The array backend `dask.config.set({"array.backend": "cunumpy"})` is also declared as an
entry point in pyproject.toml (group dask.array.backends), so it works in a process that
never imported cunumpy; the hook registers it too, for a source tree used without install.
"""
import importlib
import importlib.abc
import logging
import sys
import threading

_log = logging.getLogger(__name__)

# module whose loading triggers -> (cunumpy module, function taking the loaded module)
_HOOKS = {
    "dask.array.chunk_types": ("cunumpy._dask", "hook_chunk_types"),
    "dask.array.dispatch": ("cunumpy._dask", "hook_array_dispatch"),
    "dask.array.backends": ("cunumpy._dask_backend", "hook_array_backends"),
    "dask.sizeof": ("cunumpy._dask", "hook_sizeof"),
    "dask.tokenize": ("cunumpy._dask", "hook_tokenize"),
    "distributed.protocol.serialize": ("cunumpy._dask_serialize", "hook_serialize"),
    "distributed.protocol.cuda": ("cunumpy._dask_serialize", "hook_cuda_serialize"),
}
_pending = dict(_HOOKS)
_lock = threading.RLock()


def _run(name, module):
    with _lock:
        target = _pending.pop(name, None)
        if not _pending:
            _uninstall()
    if target is None:
        return
    try:
        getattr(importlib.import_module(target[0]), target[1])(module)
    except Exception:  # a failed registration must never break the user's import of dask
        _log.exception("cunumpy: registering with %s failed", name)


class _NotifyingLoader(importlib.abc.Loader):
    """Runs the original loader, then the hook of the module it loaded."""

    def __init__(self, loader, name):
        self._loader = loader
        self._name = name

    def create_module(self, spec):
        return self._loader.create_module(spec)

    def exec_module(self, module):
        # The module keeps its own loader afterwards (inspect, reload and pickle see it).
        spec = getattr(module, "__spec__", None)
        if spec is not None:
            spec.loader = self._loader
        module.__loader__ = self._loader
        self._loader.exec_module(module)
        _run(self._name, module)

    def __getattr__(self, attr):
        return getattr(self._loader, attr)


class _PostImportFinder(importlib.abc.MetaPathFinder):
    """Finds nothing itself: wraps the loader that the other finders give a watched module."""

    def find_spec(self, fullname, path=None, target=None):
        if fullname not in _pending:
            return None
        for finder in sys.meta_path:
            if finder is self:
                continue
            find = getattr(finder, "find_spec", None)
            if find is None:
                continue
            spec = find(fullname, path, target)
            if spec is not None:
                if spec.loader is not None and hasattr(spec.loader, "exec_module"):
                    spec.loader = _NotifyingLoader(spec.loader, fullname)
                return spec
        return None


_finder = _PostImportFinder()


def _uninstall():
    try:
        sys.meta_path.remove(_finder)
    except ValueError:
        pass


def install():
    """Called once by `import cunumpy`."""
    with _lock:
        if _finder not in sys.meta_path:
            sys.meta_path.insert(0, _finder)
    # Modules loaded before cunumpy: register now (in the order of _HOOKS).
    for name in list(_HOOKS):
        module = sys.modules.get(name)
        if module is not None and getattr(module, "__spec__", None) is not None:
            _run(name, module)
