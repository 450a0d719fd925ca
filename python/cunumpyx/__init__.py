"""cunumpyx: the parts of CuPy's cupyx namespace (SciPy-like extras, pinned helpers)."""
