"""nimlib: the small library behind the book *Nim & Sprague–Grundy*.

Every game is a rules object of one protocol (``nimlib.game.Game``: ``start``,
``moves``, ``apply``, ``check``, ``misere`` as data, optionally ``components``);
positions and moves are plain tuples. For Nim a position is a tuple of heap
sizes and a move ``((heap_index, new_size),)``; the functions readers call
also take the single pair ``(heap_index, new_size)``. See ``nimlib/README.md``.

Map of the package:

- ``game``: the protocol, the ``Ruleset`` base class, ``SuccessorsGame``
- ``nim``: the nim-sum rule for normal and misère play; ``Nim``, ``NIM``, ``MISERE_NIM``
- ``moore``: Moore's Nim_k, where a move may reduce up to k heaps; ``Moore(k)``
- ``search``: the exhaustive searcher, which knows nothing about XOR
- ``grundy``: mex, Grundy values of any finite game, sums of games
- ``rulesets``: heap games from one ``TakeRule``: octal codes, Kayles, Grundy's game, Lasker's nim
- ``boards``: games on their own boards (pins, strips, coins, graphs, pawns), each with its reduction
- ``play``: ``best_move`` for any game, strategies, the ``play`` loop and transcripts
- ``verify``: the chapters' checks against the searcher, one line each
- ``explain``: the optimal move explained step by step (binary columns)
- ``selfcheck``: ``check(label, answer)`` for a reader's answer to an exercise, right or not yet
  (imported on request: ``from nimlib.selfcheck import check``)
- ``wythoff``, ``coins``, ``hackenbush``: Wythoff's game, coin-turning games and nim
  multiplication, Green Hackenbush (the colon and fusion principles)
- ``partizan``: partizan games ``{L | R}``, outcome classes, numbers and the simplicity rule, Blue-Red
  Hackenbush (imported on request: ``from nimlib import partizan``)
- ``subtraction``: subtraction games' periods (the pigeonhole bound), all-but games
- ``misere``, ``quotient``: misère Grundy values, Conway's genus, misère quotients
- ``engine`` (numpy, numba): fast Grundy sequences, streaming and certified
  periods (``engine.periodicity``); ``grundy_values``, ``find_period`` and
  ``Periodicity`` are loaded from it on first use
- ``tables``: what the play widget's page needs precomputed (Dawson's chess, graph layouts)
- ``plotting`` (matplotlib), ``widgets`` (anywidget) and ``cli`` (``python -m nimlib``) are
  imported only on request, so ``import nimlib`` stays fast.

>>> from nimlib import nim_sum, winning_moves
>>> nim_sum((3, 4, 5)), winning_moves((3, 4, 5))
(2, [(0, 1)])
"""

from . import explain, game, grundy, moore, nim, play, rulesets, search, verify
from .explain import XorSteps, show_source, xor_steps
from .game import Game, Ruleset, SuccessorsGame
from .grundy import MexScratch, grundy_of_sum, grundy_value, mex
from .moore import Moore
from .nim import MISERE_NIM, NIM, Nim, apply_move, is_p_position, nim_sum, optimal_move, winning_moves
from .play import best_move, computer_move
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

# pyproject.toml's version, as `nimlib --version` prints it (tests/test_package.py checks they agree)
__version__ = "4.1.0"

# Loaded on first use: they need numpy (and numba), which `import nimlib` does not
_LAZY = {"grundy_values": "engine", "find_period": "engine.periodicity", "Periodicity": "engine.periodicity"}


def __getattr__(name: str) -> object:
    if name in _LAZY:
        import importlib

        return getattr(importlib.import_module(f".{_LAZY[name]}", __name__), name)
    raise AttributeError(f"module 'nimlib' has no attribute {name!r}")


__all__ = [
    "MISERE_NIM",
    "NIM",
    "Game",
    "HeapGame",
    "MexScratch",
    "Moore",
    "Nim",
    "OctalGame",
    "Periodicity",
    "Ruleset",
    "SuccessorsGame",
    "XorSteps",
    "apply_move",
    "best_move",
    "computer_move",
    "crosses",
    "crosses_2",
    "dawsons_kayles",
    "explain",
    "find_period",
    "game",
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
    "verify",
    "winning_moves",
    "xor_steps",
]
