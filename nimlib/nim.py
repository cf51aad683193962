"""Nim: the nim-sum rule (Bouton, 1901) for normal and misère play.

Normal play: whoever takes the last stone wins, and a position is a
P-position (the player to move loses) exactly when its nim-sum is 0.
Misère play: whoever takes the last stone loses; the rule is the same except
when every heap has at most one stone, where the answer flips.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import reduce
from itertools import combinations_with_replacement
from operator import xor

from ._check import check_int, check_move, check_position
from .types import Move, Position

# ---------------------------------------------------------------- the rule


def nim_sum(position: Position) -> int:
    """The XOR of all heap sizes: 0 exactly at the P-positions of normal Nim.

    >>> nim_sum((3, 4, 5)), nim_sum((1, 2, 3))
    (2, 0)
    """
    return reduce(xor, check_position(position), 0)


def is_p_position(position: Position, *, misere: bool = False) -> bool:
    """True when the player to move loses with best play (a P-position).

    >>> is_p_position((1, 2, 3)), is_p_position((1, 1, 1)), is_p_position((1, 1, 1), misere=True)
    (True, False, True)
    """
    heaps = check_position(position)
    if misere and all(h <= 1 for h in heaps):
        # Only 1-heaps left: each move removes one, so parity decides
        return sum(heaps) % 2 == 1
    return reduce(xor, heaps, 0) == 0


def winning_moves(position: Position, *, misere: bool = False) -> list[Move]:
    """All moves ``(heap_index, new_size)`` that leave a P-position.

    Empty exactly when the player to move loses. Each heap is looked at once,
    so heaps of 10**30 stones cost no more than heaps of 3.

    >>> winning_moves((3, 4, 5))
    [(0, 1)]
    >>> winning_moves((1, 1, 2), misere=True)
    [(2, 1)]
    """
    heaps = check_position(position)
    total = reduce(xor, heaps, 0)
    if not misere:
        # Heap i can be made to cancel the rest only if a_i xor S < a_i
        return [(i, a ^ total) for i, a in enumerate(heaps) if a ^ total < a]
    big = sum(1 for h in heaps if h > 1)
    ones = sum(1 for h in heaps if h == 1)
    found = []
    for i, a in enumerate(heaps):
        if big - (a > 1) > 0:
            # Another heap stays above 1 whatever we do: the normal rule holds
            if a ^ total < a:
                found.append((i, a ^ total))
            continue
        # Every other heap is 0 or 1: leave an odd number of 1-heaps
        others = ones - (a == 1)
        found.extend((i, b) for b in (0, 1) if b < a and (others + b) % 2 == 1)
    return found


def optimal_move(position: Position, *, misere: bool = False) -> Move | None:
    """The textbook winning move (first heap holding the top bit of the nim-sum), or None if there is none."""
    found = winning_moves(position, misere=misere)
    return found[0] if found else None


def stalling_move(position: Position) -> Move | None:
    """A move for the losing side: take one stone from the largest heap, to make the game last.

    None when no move is left.
    """
    heaps = check_position(position)
    if not any(heaps):
        return None
    i = max(range(len(heaps)), key=lambda j: heaps[j])
    return i, heaps[i] - 1


# ---------------------------------------------------------------- moves


def moves(position: Position) -> Iterator[Move]:
    """Every legal move, heap by heap, largest removal first."""
    heaps = check_position(position)
    for i, a in enumerate(heaps):
        for b in range(a):
            yield i, b


def apply_move(position: Position, move: Move) -> Position:
    """The position after ``move``; raises ``ValueError`` for an illegal move.

    >>> apply_move((3, 4, 5), (0, 1))
    (1, 4, 5)
    """
    heaps = check_position(position)
    i, b = check_move(heaps, move)
    return heaps[:i] + (b,) + heaps[i + 1 :]


def successors(position: Position) -> Iterator[Position]:
    """Positions one move away, sorted with empty heaps dropped.

    Heap order and empty heaps do not change the game, so the exhaustive
    searcher visits each position once under this canonical form.
    """
    heaps = check_position(position)
    for i, a in enumerate(heaps):
        rest = heaps[:i] + heaps[i + 1 :]
        for b in range(a):
            yield _canonical(rest + (b,))


def canonical(position: Position) -> Position:
    """Sorted heaps without the empty ones: one name for every equivalent position.

    >>> canonical((5, 0, 3))
    (3, 5)
    """
    return _canonical(check_position(position))


def _canonical(heaps: Position) -> Position:
    return tuple(sorted(h for h in heaps if h))


def positions_up_to(heaps: int, size: int) -> list[Position]:
    """Every position of at most ``heaps`` non-empty heaps of at most ``size`` stones, up to order (canonical).

    These are the small positions every chapter checks exhaustively.

    >>> len(positions_up_to(heaps=4, size=7)), positions_up_to(heaps=2, size=1)
    (330, [(), (1,), (1, 1)])
    """
    heaps = check_int(heaps, "heaps")
    size = check_int(size, "size")
    return [_canonical(c) for c in combinations_with_replacement(range(size + 1), heaps)]
