"""Sphinx configuration of cunumpy's API reference: bash scripts/build_docs.sh builds it into
docs/_build/html from the docstrings of the importable (installed) cunumpy."""
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
os.environ.setdefault("CUNUMPY_DEVICE", "cpu")  # the docs do not depend on the device

import cunumpy  # noqa: E402
import gen_api  # noqa: E402

gen_api.main()

project = "cunumpy"
author = "The cunumpy developers"
copyright = "The cunumpy developers (MIT licence)"
release = version = cunumpy.__version__

extensions = ["sphinx.ext.autodoc"]
autodoc_default_options = {"member-order": "bysource"}
autodoc_docstring_signature = True   # nanobind's docstrings start with the signature
autodoc_inherit_docstrings = False
html_theme = "alabaster"             # Sphinx's own theme (BSD), no other dependency
html_theme_options = {"description": "NumPy/CuPy arrays on NVIDIA GPUs and the CPU",
                      "page_width": "1200px", "sidebar_width": "220px"}
html_static_path = []
exclude_patterns = ["_build"]
suppress_warnings = []
