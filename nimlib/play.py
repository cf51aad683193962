"""Playing whole games: strategies and transcripts, for chapters and widgets.

A strategy maps a position to a move. ``play`` runs two strategies against
each other and returns the transcript, which a static page can print where a
live widget cannot run.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass

from . import moore, nim
from ._check import check_int, check_k, check_position
from .types import Move, MultiMove, Position

# A Nim or Nim_k strategy: a position in, a move out ((i, b) for Nim, ((i, b), ...) for Nim_k)
AnyStrategy = Callable[[Position], Move | MultiMove]


def computer_move(position: Position, *, misere: bool = False, k: int = 1) -> Move | MultiMove | None:
    """The computer's reply: a winning move if there is one, else a one-stone stalling move.

    Returns ``(heap, new_size)`` for Nim and misère Nim, a tuple of such pairs
    for Nim_k (k > 1), and None when no move is left.

    >>> computer_move((3, 4, 5)), computer_move((1, 2, 3)), computer_move((3, 4, 5), k=2)
    ((0, 1), (2, 2), ((1, 3), (2, 3)))
    """
    heaps = check_position(position)
    k = check_k(k)
    if k == 1:
        return nim.optimal_move(heaps, misere=misere) or nim.stalling_move(heaps)
    if misere:
        raise ValueError(f"misere play is supported for k=1 only, got k={k}")
    stall = nim.stalling_move(heaps)
    return moore.winning_move(heaps, k) or (None if stall is None else (stall,))


def optimal_strategy(*, misere: bool = False, k: int = 1) -> AnyStrategy:
    """A strategy that plays ``computer_move``: it wins from every N-position."""
    return lambda position: computer_move(position, misere=misere, k=k)


def random_strategy(seed: int | None = None, *, k: int = 1) -> AnyStrategy:
    """A strategy that takes a random number of stones from a random non-empty heap (seeded)."""
    rng = random.Random(seed)
    k = check_k(k)

    def choose(position: Position) -> Move | MultiMove:
        live = [i for i, h in enumerate(position) if h]
        i = rng.choice(live)
        move = (i, rng.randrange(position[i]))
        return move if k == 1 else (move,)

    return choose


@dataclass(frozen=True)
class Turn:
    """One move of a played game: who moved, the move, and the position it left."""

    player: int
    move: Move | MultiMove
    position: Position


@dataclass(frozen=True)
class Transcript:
    """A whole game: the start, the turns, and the winner (player 0 moved first)."""

    start: Position
    turns: tuple[Turn, ...]
    misere: bool
    k: int

    @property
    def winner(self) -> int:
        """0 or 1: in normal play the player who made the last move, in misère play the other one."""
        last = (len(self.turns) - 1) % 2
        return 1 - last if self.misere else last

    def to_text(self, names: tuple[str, str] = ("First", "Second")) -> str:
        """The game as lines ``First: heap 0 3 -> 1   leaves (1, 4, 5)``, then who won."""
        lines = [f"start {self.start}, {self._balance(self.start)}"]
        for turn in self.turns:
            pairs = (turn.move,) if self.k == 1 else turn.move
            said = ", ".join(f"heap {i} -> {b}" for i, b in pairs)
            lines.append(
                f"{names[turn.player]:>{max(map(len, names))}}: {said:<24} leaves {turn.position}, "
                f"{self._balance(turn.position)}"
            )
        rule = "misère play: whoever takes the last stone loses" if self.misere else "normal play"
        lines.append(f"{names[self.winner]} wins ({rule})")
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def _balance(self, position: Position) -> str:
        if self.k == 1:
            return f"nim-sum {nim.nim_sum(position)}"
        sums = " ".join(map(str, moore.column_sums(position, self.k))) or "0"
        return f"column sums mod {self.k + 1}: {sums}"


def play(
    position: Position,
    strategies: tuple[AnyStrategy, AnyStrategy] | None = None,
    *,
    misere: bool = False,
    k: int = 1,
    max_turns: int = 100_000,
) -> Transcript:
    """Play from ``position`` until no move is left; both players optimal by default.

    >>> play((1, 2, 3)).winner
    1
    """
    heaps = check_position(position, allow_empty=False)
    k = check_k(k)
    max_turns = check_int(max_turns, "max_turns", minimum=1)
    if strategies is None:
        strategies = (optimal_strategy(misere=misere, k=k),) * 2
    turns: list[Turn] = []
    current = heaps
    if not any(current):
        raise ValueError(f"position must have a stone to play, got {heaps}")
    while any(current):
        if len(turns) >= max_turns:
            raise ValueError(f"the game did not end within max_turns={max_turns}")
        player = len(turns) % 2
        move = strategies[player](current)
        current = nim.apply_move(current, move) if k == 1 else moore.apply_move(current, move, k)
        turns.append(Turn(player, move, current))
    return Transcript(heaps, tuple(turns), misere, k)
