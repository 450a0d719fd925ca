"""cunumpy.cuda.compiler: run-time compilation errors (CuPy's ``cupy.cuda.compiler``)."""

from cunumpy.cuda._core_access import core

CompileException = core().CompileException
