"""Playing whole games: the best move, strategies and transcripts, for any game of the protocol.

``best_move(game, position)`` is the one optimal strategy: a formula when the
game has one (``winning_move``), else the reduction to a sum (``components``,
normal play), else the exhaustive searcher. ``play(game, position)`` runs two
strategies against each other and returns the :class:`Transcript`, which a
static page can print where a live widget cannot run. For Nim the old forms
``play((3, 4, 5))``, ``play(position, misere=True)`` and ``play(position, k=2)``
still work: the position is played with ``Nim``/``Moore`` rules.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass
from functools import reduce
from operator import xor
from typing import Any

from . import moore, nim
from ._check import check_bool, check_int, check_k, check_position
from .game import Game, Move, Position, as_game
from .search import solve

# A strategy: the position to move from in, the move to play out
Strategy = Callable[[Position], Move]


def rules(*, misere: bool = False, k: int = 1) -> Game:
    """The rules object for Nim (k = 1) or Moore's Nim_k, normal or misère: the one place the flags meet."""
    misere = check_bool(misere, "misere")
    k = check_k(k)
    return nim.Nim(misere) if k == 1 else moore.Moore(k, misere)


def winning_move(game: Game, position: Position, *, known: dict[Hashable, bool] | None = None) -> Move | None:
    """A move to a P-position, or None when every move loses (or no move is left).

    Uses the game's own ``winning_move`` formula when it has one, else its
    ``components`` in normal play (a move whose components' Grundy values XOR
    to 0, one that changes a single component first), else the exhaustive
    searcher (``known`` shares its work).

    >>> winning_move(nim.NIM, (3, 4, 5)), winning_move(nim.NIM, (1, 2, 3))
    (((0, 1),), None)
    """
    game = as_game(game)
    position = game.check(position)
    formula = getattr(game, "winning_move", None)
    if formula is not None:
        return formula(position)
    parts = getattr(game, "components", None)
    if parts is not None and not game.misere:
        # A move that changes one component alone comes first (the easiest to see, and the page's rule):
        # the components of the position that are not left as they were, counted with their multiplicity
        before = Counter(parts(position))
        first = None
        for move in game.moves(position):
            now = parts(game.apply(position, move))
            if reduce(xor, (v for _, v in now), 0) != 0:
                continue
            if (before - Counter(now)).total() <= 1:
                return move
            first = move if first is None else first
        return first
    memo: dict[Hashable, bool] = {} if known is None else known
    for move in game.moves(position):
        after = game.apply(position, move)
        if solve(game, after, known=memo)[after]:
            return move
    return None


def best_move(game: Game, position: Position, *, known: dict[Hashable, bool] | None = None) -> Move | None:
    """A move to a P-position if there is one, else the first legal move; None when no move is left.

    >>> best_move(nim.NIM, (3, 4, 5)), best_move(lambda n: range(max(0, n - 3), n), 10)
    (((0, 1),), 8)
    """
    game = as_game(game)
    found = winning_move(game, position, known=known)
    if found is not None:
        return found
    return next(iter(game.moves(game.check(position))), None)


def computer_move(position: Position, *, misere: bool = False, k: int = 1) -> Any:
    """The computer's Nim reply: a winning move if there is one, else a one-stone stalling move.

    Returns ``(heap, new_size)`` for Nim and misère Nim (the readers' form), a
    tuple of such pairs for Nim_k (k > 1), and None when no move is left.

    >>> computer_move((3, 4, 5)), computer_move((1, 2, 3)), computer_move((3, 4, 5), k=2)
    ((0, 1), (2, 2), ((1, 3), (2, 3)))
    """
    game = rules(misere=misere, k=k)
    heaps = game.check(position)
    move = game.winning_move(heaps) or game.stalling_move(heaps)
    if move is not None and k == 1:
        return move[0]
    return move


def optimal_strategy(game: Game | None = None, *, misere: bool = False, k: int = 1) -> Strategy:
    """A strategy that wins from every N-position: ``best_move`` for a game, ``computer_move`` for Nim/Nim_k."""
    if game is None:
        rules(misere=misere, k=k)  # check the flags now, not at the first move
        return lambda position: computer_move(position, misere=misere, k=k)
    game = as_game(game)
    known: dict[Hashable, bool] = {}
    return lambda position: best_move(game, position, known=known)


def random_strategy(seed: int | None = None, *, k: int = 1, game: Game | None = None) -> Strategy:
    """A strategy that plays a random legal move (seeded).

    For Nim (no ``game``): take a random number of stones from a random
    non-empty heap; a pair ``(i, b)``, or ``((i, b),)`` when k > 1.
    """
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int | str | bytes)):
        raise TypeError(f"seed must be an int, a str or None, got {seed!r}")
    rng = random.Random(seed)
    k = check_k(k)
    if game is not None:
        game = as_game(game)

        def choose_move(position: Position) -> Move:
            moves = list(game.moves(game.check(position)))
            if not moves:
                raise ValueError(f"no move is left in position {position!r}")
            return rng.choice(moves)

        return choose_move

    def choose(position: Position) -> Move:
        heaps = check_position(position)
        live = [i for i, h in enumerate(heaps) if h]
        if not live:
            raise ValueError(f"no move is left in position {heaps}: every heap is empty")
        i = rng.choice(live)
        move = (i, rng.randrange(heaps[i]))
        return move if k == 1 else (move,)

    return choose


_END = object()


def _is_over(game: Game, position: Position) -> bool:
    return next(iter(game.moves(position)), _END) is _END


@dataclass(frozen=True)
class Turn:
    """One move of a played game: who moved, the move, and the position it left."""

    player: int
    move: Move
    position: Position


@dataclass(frozen=True)
class Transcript:
    """A whole game: the rules, the start, the turns, and the winner (player 0 moved first)."""

    game: Game
    start: Position
    turns: tuple[Turn, ...]

    @property
    def misere(self) -> bool:
        return self.game.misere

    @property
    def k(self) -> int:
        """Moore's k for Nim_k games, 1 otherwise (the first edition's field)."""
        return getattr(self.game, "k", 1)

    @property
    def winner(self) -> int:
        """0 or 1: in normal play the player who made the last move, in misère play the other one."""
        last = (len(self.turns) - 1) % 2
        return 1 - last if self.misere else last

    def to_text(self, names: tuple[str, str] = ("First", "Second")) -> str:
        """The game as lines ``First: heap 0 -> 1   leaves (1, 4, 5), nim-sum 0``, then who won."""
        if not isinstance(names, tuple | list) or len(names) != 2 or not all(isinstance(n, str) for n in names):
            raise TypeError(f"names must be two strings, got {names!r}")
        lines = [f"start {self.start}{self._balance(self.start)}"]
        before = self.start
        for turn in self.turns:
            said = self.game.describe(before, turn.move) if hasattr(self.game, "describe") else str(turn.move)
            lines.append(
                f"{names[turn.player]:>{max(map(len, names))}}: {said:<24} leaves {turn.position}"
                f"{self._balance(turn.position)}"
            )
            before = turn.position
        rule = "misère play: whoever makes the last move loses" if self.misere else "normal play"
        lines.append(f"{names[self.winner]} wins ({rule})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def _balance(self, position: Position) -> str:
        summary = getattr(self.game, "summary", None)
        if summary is not None:
            return f", {summary(position)}"
        parts = getattr(self.game, "components", None)
        if parts is not None and not self.misere:
            return f", XOR of the parts' values {reduce(xor, (v for _, v in parts(position)), 0)}"
        return ""


def play(
    game: Any,
    position: Any = None,
    strategies: tuple[Strategy, Strategy] | None = None,
    *,
    misere: bool | None = None,
    k: int | None = None,
    max_turns: int = 10_000,
) -> Transcript:
    """Play ``game`` from ``position`` until no move is left; both players ``best_move`` by default.

    The first edition's Nim form still works: ``play((3, 4, 5))``,
    ``play(position, strategies, misere=True)``, ``play(position, k=2)``.

    >>> play(nim.NIM, (1, 2, 3)).winner, play((1, 2, 3)).winner
    (1, 1)
    """
    if isinstance(game, Game) or callable(game):
        if k is not None:
            raise ValueError("k belongs to the rules object: pass moore.Moore(k) as the game")
        game = as_game(game, misere=misere)
        if position is None:
            position = game.start()
        default = optimal_strategy(game)
    else:
        # The first edition's form: play(position, strategies, misere=..., k=...)
        if strategies is not None and position is not None:
            raise TypeError("play(position, strategies) takes no third positional argument")
        if position is not None:
            strategies = position
        game, position = rules(misere=False if misere is None else misere, k=1 if k is None else k), game
        heaps = check_position(position, allow_empty=False)
        if not any(heaps):
            raise ValueError(f"position must have a stone to play, got {heaps}")
        default = optimal_strategy(misere=game.misere, k=getattr(game, "k", 1))
    max_turns = check_int(max_turns, "max_turns", minimum=1)
    if strategies is None:
        strategies = (default, default)
    if not isinstance(strategies, tuple | list) or len(strategies) != 2 or not all(map(callable, strategies)):
        raise TypeError(f"strategies must be a pair of functions (first player's, second player's), got {strategies!r}")
    current = start = game.check(position)
    turns: list[Turn] = []
    while not _is_over(game, current):
        if len(turns) >= max_turns:
            raise ValueError(f"the game did not end within max_turns={max_turns}")
        player = len(turns) % 2
        move = strategies[player](current)
        current = game.apply(current, move)
        turns.append(Turn(player, move, current))
    return Transcript(game, start, tuple(turns))
