"""cupyx.scatter_add / scatter_max / scatter_min: unbuffered a[slices] op= value, repeated
indices all taking effect (ufunc.at: atomic updates on CUDA)."""


def scatter_add(a, slices, value):
    import cunumpy
    cunumpy.add.at(a, slices, value)


def scatter_max(a, slices, value):
    import cunumpy
    cunumpy.maximum.at(a, slices, value)


def scatter_min(a, slices, value):
    import cunumpy
    cunumpy.minimum.at(a, slices, value)
