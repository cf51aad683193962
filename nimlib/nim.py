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
from math import comb
from operator import xor

from ._check import check_bool, check_int, check_move, check_position, check_size
from .game import JSON, Ruleset
from .types import Move, MultiMove, Position

# positions_up_to refuses to list more positions than this
MAX_POSITIONS = 2_000_000

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
    misere = check_bool(misere, "misere")
    if misere and all(h <= 1 for h in heaps):
        # Only 1-heaps left: each move removes one, so parity decides
        return sum(heaps) % 2 == 1
    return reduce(xor, heaps, 0) == 0


def winning_moves(position: Position, *, misere: bool = False) -> list[Move]:
    """All moves ``(heap_index, new_size)`` that leave a P-position.

    Empty exactly when the player to move loses. Two passes over the heaps (the
    nim-sum, then one comparison per heap) with XORs on numbers of b bits, b the
    largest heap's bit length: the cost grows like len(position) * b, not with
    the number of stones.

    >>> winning_moves((3, 4, 5))
    [(0, 1)]
    >>> winning_moves((1, 1, 2), misere=True)
    [(2, 1)]
    """
    heaps = check_position(position)
    misere = check_bool(misere, "misere")
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


def apply_move(position: Position, move: Move | MultiMove) -> Position:
    """The position after ``move``; raises ``ValueError`` for an illegal move.

    ``move`` is a pair ``(heap_index, new_size)``, or the rules object's form,
    a tuple holding one such pair.

    >>> apply_move((3, 4, 5), (0, 1)), apply_move((3, 4, 5), ((0, 1),))
    ((1, 4, 5), (1, 4, 5))
    """
    heaps = check_position(position)
    pairs = as_pairs(move)
    if len(pairs) != 1:
        raise ValueError(f"a Nim move changes exactly one heap, got {len(pairs)} pairs: {move!r}")
    i, b = check_move(heaps, pairs[0])
    return heaps[:i] + (b,) + heaps[i + 1 :]


def as_pairs(move: object, name: str = "move") -> MultiMove:
    """A move as a tuple of ``(heap_index, new_size)`` pairs; a single pair is accepted (the readers' form).

    >>> as_pairs((0, 1)), as_pairs([[0, 1], [2, 3]])
    (((0, 1),), ((0, 1), (2, 3)))
    """
    if not isinstance(move, tuple | list) or not move:
        raise TypeError(f"{name} must be a pair (heap_index, new_size) or a tuple of such pairs, got {move!r}")
    if all(isinstance(x, tuple | list) for x in move):
        return tuple(tuple(pair) for pair in move)
    if len(move) == 2 and not any(isinstance(x, tuple | list) for x in move):
        return (tuple(move),)
    raise TypeError(f"{name} must be a pair (heap_index, new_size) or a tuple of such pairs, got {move!r}")


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
    check_size(comb(size + heaps, heaps), MAX_POSITIONS, f"positions_up_to(heaps={heaps}, size={size}) would list")
    return [_canonical(c) for c in combinations_with_replacement(range(size + 1), heaps)]


# ---------------------------------------------------------------- the rules object


# The play widget's most heaps: the page draws every heap (boards.MAX_CELLS is this number, the page's too)
MAX_WIDGET_HEAPS = 1000


class HeapRules(Ruleset):
    """What Nim and Moore's Nim_k share: heap-size positions, moves as tuples of ``(heap, new_size)`` pairs."""

    def check(self, position: object) -> Position:
        return check_position(position)

    def encode(self, position: Position) -> JSON:
        """The page's form of a position: refused beyond MAX_WIDGET_HEAPS heaps, which the page does not draw."""
        heaps = check_position(position)
        if len(heaps) > MAX_WIDGET_HEAPS:
            raise ValueError(
                f"the play widget takes at most MAX_WIDGET_HEAPS = {MAX_WIDGET_HEAPS} heaps, got {len(heaps)}"
            )
        return super().encode(heaps)

    def stalling_move(self, position: Position) -> MultiMove | None:
        """Take one stone from the largest heap (the losing side's way to make the game last)."""
        found = stalling_move(position)
        return None if found is None else (found,)

    def decode_move(self, data: JSON) -> MultiMove:
        return as_pairs(super().decode_move(data), "data")

    def encode_move(self, move: MultiMove) -> JSON:
        """``[heap, new_size]`` for one pair, ``[[h, b], [h2, b2]]`` for several (the widget's form)."""
        pairs = as_pairs(move)
        return list(pairs[0]) if len(pairs) == 1 else [list(p) for p in pairs]

    def describe(self, position: Position, move: MultiMove) -> str:
        return ", ".join(f"heap {i} from {position[i]} to {b}" for i, b in as_pairs(move))


class Nim(HeapRules):
    """Nim as a rules object: positions are heap sizes, a move is ``((heap_index, new_size),)``.

    ``misere`` is the ending convention, as data. The move is a tuple of pairs,
    the same shape as in Moore's Nim_k; ``apply`` also takes a single pair.

    >>> NIM.winning_move((3, 4, 5)), MISERE_NIM.winning_move((1, 1, 2))
    (((0, 1),), ((2, 1),))
    """

    def __init__(self, misere: bool = False) -> None:
        self.misere = check_bool(misere, "misere")
        self.name = "misère Nim" if self.misere else "Nim"
        self.widget = "misere-nim" if self.misere else "nim"

    def __repr__(self) -> str:
        return f"Nim(misere={self.misere})"

    def __eq__(self, other: object) -> bool:
        return type(other) is Nim and other.misere == self.misere

    def __hash__(self) -> int:
        return hash(("Nim", self.misere))

    def start(self) -> Position:
        return (3, 4, 5)

    def moves(self, position: Position) -> Iterator[MultiMove]:
        """Every move, heap by heap, largest removal first (lazy: a heap of 10**30 is fine)."""
        for i, b in moves(position):
            yield ((i, b),)

    def apply(self, position: Position, move: MultiMove) -> Position:
        return apply_move(position, move)

    def options(self, position: Position) -> Iterator[Position]:
        """Positions one move away, canonical (sorted, no empty heaps): the same game, fewer names."""
        return successors(position)

    def components(self, position: Position) -> list[tuple[str, int]]:
        """Each heap is itself: a heap of a stones has Grundy value a."""
        return [(f"heap {i}", a) for i, a in enumerate(check_position(position))]

    def winning_move(self, position: Position) -> MultiMove | None:
        """The textbook winning move (``optimal_move``) as a one-pair tuple, None at a P-position."""
        found = optimal_move(position, misere=self.misere)
        return None if found is None else (found,)

    def is_p_position(self, position: Position) -> bool:
        return is_p_position(position, misere=self.misere)

    def widget_params(self) -> dict[str, JSON]:
        return {"misere": self.misere, "k": 1}

    def summary(self, position: Position) -> str:
        """One phrase about the position's balance, for transcripts."""
        return f"nim-sum {nim_sum(position)}"


NIM = Nim()
"""Nim, normal play: whoever takes the last stone wins."""

MISERE_NIM = Nim(misere=True)
"""Misère Nim: whoever takes the last stone loses."""
