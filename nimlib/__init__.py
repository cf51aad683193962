"""nimlib: the small library behind the book *Nim & Sprague–Grundy*.

Positions are tuples of heap sizes; a move is ``(heap_index, new_size)``.

Map of the package (all pure functions on plain data):

- ``nim``: the nim-sum rule for normal and misère play, legal moves
- ``moore``: Moore's Nim_k, where a move may reduce up to k heaps
- ``search``: the exhaustive searcher, which knows nothing about XOR
- ``grundy``: mex, Grundy values of any finite game, sums of games
- ``rulesets``: heap games: octal codes, Kayles, Grundy's game, Lasker's nim
- ``explain``: the optimal move explained step by step (binary columns)
- ``play``: strategies and game transcripts
- ``engine`` and ``periodicity`` (numpy, numba): fast Grundy sequences and
  certified periods; ``grundy_values``, ``find_period`` and ``Periodicity``
  are loaded from them on first use
- ``plotting`` (matplotlib) and ``widgets`` (ipywidgets) are imported only
  on request, so ``import nimlib`` stays fast.

>>> from nimlib import nim_sum, winning_moves
>>> nim_sum((3, 4, 5)), winning_moves((3, 4, 5))
(2, [(0, 1)])
"""

from . import explain, grundy, moore, nim, play, rulesets, search
from .explain import XorSteps, show_source, xor_steps
from .grundy import MexScratch, grundy_of_sum, grundy_value, mex
from .nim import apply_move, is_p_position, nim_sum, optimal_move, winning_moves
from .play import computer_move
from .rulesets import (
    HeapGame,
    OctalGame,
    crosses,
    crosses_2,
    dawsons_kayles,
    grundys_game,
    kayles,
    laskers_nim,
    octal,
    trominoes,
)

__version__ = "0.1.0"

# Loaded on first use: they need numpy (and numba), which `import nimlib` does not
_LAZY = {"grundy_values": "engine", "find_period": "periodicity", "Periodicity": "periodicity"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'nimlib' has no attribute {name!r}")


__all__ = [
    "HeapGame",
    "MexScratch",
    "OctalGame",
    "Periodicity",
    "XorSteps",
    "apply_move",
    "computer_move",
    "crosses",
    "crosses_2",
    "dawsons_kayles",
    "explain",
    "find_period",
    "grundy",
    "grundy_of_sum",
    "grundy_value",
    "grundy_values",
    "grundys_game",
    "is_p_position",
    "kayles",
    "laskers_nim",
    "mex",
    "moore",
    "nim",
    "nim_sum",
    "octal",
    "optimal_move",
    "play",
    "rulesets",
    "search",
    "show_source",
    "trominoes",
    "winning_moves",
    "xor_steps",
]
