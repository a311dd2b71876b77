"""Ask numpy's OpenBLAS for one thread: the solver's matrix products are small.

Why: one CFR iteration multiplies a range-by-range matrix by a dozen reach
vectors. Split over threads, such a product spends more time handing work
out than doing it, and on a machine whose cores are already busy (a web
server, a shared test machine) it was nine times slower than one thread
(0.43 ms against 3.9 ms for 300 x 300 by 300 x 12, measured 2026-12-07).
numpy has no setting for this, so the OpenBLAS library it loaded is asked
directly, once; if that library cannot be found nothing changes. It applies
to the whole process, which uses numpy for nothing else.
"""

from __future__ import annotations

import ctypes
from functools import cache
from pathlib import Path

import numpy as np

SETTERS = (
    "scipy_openblas_set_num_threads64_",
    "scipy_openblas_set_num_threads",
    "openblas_set_num_threads64_",
    "openblas_set_num_threads",
)


@cache
def use_one_blas_thread() -> bool:
    """True when OpenBLAS was found and told to use one thread."""
    np.ones(1) @ np.ones(1)  # numpy has loaded its BLAS by now
    maps = Path("/proc/self/maps")
    if not maps.exists():
        return False
    paths = {
        line.split()[-1]
        for line in maps.read_text().splitlines()
        if "openblas" in line.lower() and line.split()[-1].startswith("/")
    }
    for path in sorted(paths):
        try:
            library = ctypes.CDLL(path)
        except OSError:
            continue
        for name in SETTERS:
            setter = getattr(library, name, None)
            if setter is not None:
                setter(1)
                return True
    return False
