"""Deprecated: moved to :mod:`nimlib.engine.periodicity` in 4.2 (the engine became one package).

Importing this module warns (``DeprecationWarning``) and gives the same objects
as the new place; it is removed in 5.0.0. ``nimlib.find_period`` and
``nimlib.Periodicity`` (loaded on first use) never moved.
"""

from __future__ import annotations

from ._deprecated import warn_moved

warn_moved("nimlib.periodicity", "nimlib.engine.periodicity")

from .engine.periodicity import MAX_LIMIT, MAX_VALUE, Periodicity, find_period, search_period  # noqa: E402

__all__ = ["MAX_LIMIT", "MAX_VALUE", "Periodicity", "find_period", "search_period"]
