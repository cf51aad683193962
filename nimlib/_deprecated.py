"""Deprecation shims for names moved or removed within a major version (see CHANGELOG.md).

A moved module keeps working for one major version: importing it, or an old
name from it, warns with ``DeprecationWarning`` naming the new place. The
warning is attributed to the code that did the import (importlib's own frames
and nimlib's shims are skipped), so Python shows it there, and pytest's
``error::DeprecationWarning:nimlib.*`` filter turns it into an error only when
nimlib itself still uses an old name.
"""

from __future__ import annotations

import sys
import warnings

__all__ = ["REMOVED_IN", "warn_moved"]

REMOVED_IN = "5.0.0"
"""The release that drops every shim listed in CHANGELOG.md (one major version after the move)."""

_SHIMS = ("nimlib/_deprecated.py", "nimlib/periodicity.py", "nimlib/_kernels.py", "nimlib/_legacy_quotient.py")


def _caller_level() -> int:
    """The stack level of the first frame outside importlib and the shims (for ``warnings.warn``).

    ``warnings.warn`` itself skips importlib's bootstrap frames when it counts levels, so they are not counted here.
    """
    frame = sys._getframe(1)
    level = 1
    while frame is not None:
        name = frame.f_code.co_filename.replace("\\", "/")
        internal = "importlib" in name and "_bootstrap" in name
        shim = name.endswith((*_SHIMS, "importlib/__init__.py")) or frame.f_code.co_name == "__getattr__"
        if not (internal or shim):
            return level
        frame = frame.f_back
        level += 0 if internal else 1
    return 1


def warn_moved(old: str, new: str) -> None:
    """Warn that ``old`` is deprecated in favour of ``new`` and goes in ``REMOVED_IN``."""
    warnings.warn(
        f"{old} is deprecated and will be removed in sprague-grundy {REMOVED_IN}: use {new}",
        DeprecationWarning,
        stacklevel=_caller_level(),
    )
