"""Deprecated: split in 4.2 into :mod:`nimlib.engine.table` and :mod:`nimlib.engine.kernels`.

A private module (its name starts with an underscore), kept as a shim because
outside code imported ``GrundyTable`` and the size limits from it: importing it
warns (``DeprecationWarning``) and gives the same objects as their new places;
it is removed in 5.0.0. The compiled loops ``plain`` and ``sparse`` are gone
without a shim: they became the one loop ``nimlib.engine.kernels.grundy``,
whose array arguments differ (CHANGELOG.md).
"""

from __future__ import annotations

from ._deprecated import warn_moved

warn_moved("nimlib._kernels", "nimlib.engine.table (GrundyTable, limits, masks) and nimlib.engine.kernels")

from .engine.kernels import U1, take_any, z_function  # noqa: E402
from .engine.table import (  # noqa: E402
    BYTES_PER_VALUE,
    CHUNK,
    FIRST_CHECKPOINT,
    MAX_MASK_VALUE,
    MAX_N,
    MAX_PYTHON_N,
    MAX_QUADRATIC_N,
    MEMORY_BUDGET,
    RARE_SHARE,
    GrundyTable,
    best_mask,
    class_table,
    warm_up,
)

_GONE = {"plain", "sparse"}


def __getattr__(name: str) -> object:
    if name in _GONE:
        raise AttributeError(
            f"nimlib._kernels.{name} was removed in 4.2 with no shim: the compiled loops became one, "
            "nimlib.engine.kernels.grundy (other array arguments); use nimlib.engine.table.GrundyTable"
        )
    raise AttributeError(f"module 'nimlib._kernels' has no attribute {name!r}")


__all__ = [
    "BYTES_PER_VALUE",
    "CHUNK",
    "FIRST_CHECKPOINT",
    "MAX_MASK_VALUE",
    "MAX_N",
    "MAX_PYTHON_N",
    "MAX_QUADRATIC_N",
    "MEMORY_BUDGET",
    "RARE_SHARE",
    "U1",
    "GrundyTable",
    "best_mask",
    "class_table",
    "take_any",
    "warm_up",
    "z_function",
]
