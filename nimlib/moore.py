"""Moore's Nim_k (1910): a move reduces between 1 and k heaps at once.

A position is a P-position exactly when, writing every heap in binary, each
column of bits adds up to a multiple of k + 1. For k = 1 this is Bouton's
nim-sum rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations

from ._check import check_bool, check_k, check_move, check_position
from .game import JSON
from .nim import HeapRules, as_pairs
from .types import MultiMove, Position

# ---------------------------------------------------------------- the rule


def column_sums(position: Position, k: int = 1) -> tuple[int, ...]:
    """For each bit, highest first, the number of heaps with that bit set, mod k + 1.

    >>> column_sums((3, 4, 5), k=1)
    (0, 1, 0)
    >>> column_sums((1, 2, 3), k=2)
    (2, 2)
    """
    heaps = check_position(position)
    k = check_k(k)
    width = max(heaps, default=0).bit_length()
    return tuple(sum((h >> bit) & 1 for h in heaps) % (k + 1) for bit in reversed(range(width)))


def is_p_position(position: Position, k: int = 1, *, misere: bool = False) -> bool:
    """True when the player to move loses Nim_k with best play (normal play, or misère with ``misere=True``).

    Misère play changes the answer only when every heap has at most 1 stone:
    then the position is P exactly when the number of 1-heaps is 1 mod k + 1.

    >>> is_p_position((1, 2, 3), k=1), is_p_position((1, 2, 3), k=2), is_p_position((1, 1, 1), k=2)
    (True, False, True)
    >>> is_p_position((1, 1, 1), k=2, misere=True), is_p_position((1, 1, 1, 1), k=2, misere=True)
    (False, True)
    """
    check_bool(misere, "misere")
    if misere and max(check_position(position), default=0) <= 1:
        return sum(check_position(position)) % (check_k(k) + 1) == 1
    return not any(column_sums(position, k))


def winning_move(position: Position, k: int = 1, *, misere: bool = False) -> MultiMove | None:
    """A move of Nim_k to a P-position (no search); None if there is none.

    A move that changes one heap comes first, when one wins (it is the easiest
    to see and to make, and the page names it first too): heap i can go to
    the v whose every bit b makes the column sum of b a multiple of k + 1,
    when such v (bits 0 or 1) is below the heap. Otherwise the move is built
    bit by bit. Bits are scanned from the highest. ``changed`` holds the heaps the move
    already reduces: a higher bit of theirs dropped from 1 to 0, so their
    lower bits are free. At each bit, count the changed heaps as having a 1
    there and let s be the column sum mod k + 1. If s <= len(changed), clear
    the bit in s changed heaps; otherwise clear it in all of them and in
    s - len(changed) untouched heaps that have the bit set. The set never
    grows past s <= k heaps.

    In misère play (``misere=True``) the move is the same unless it would
    leave only heaps <= 1; then it leaves a number of 1-heaps that is 1 mod k + 1.

    >>> winning_move((3, 4, 5), k=1)
    ((0, 1),)
    >>> winning_move((1, 2, 3), k=2)
    ((1, 1), (2, 1))
    >>> winning_move((1, 2, 3), k=2, misere=True)   # (1, 1, 1) would lose misère: leave (1, 0, 0)
    ((1, 0), (2, 0))
    """
    heaps = check_position(position)
    k = check_k(k)
    if is_p_position(heaps, k, misere=misere):
        return None
    if misere and max(heaps, default=0) <= 1:
        return _misere_ones_move(heaps, k)
    single = _one_heap_move(heaps, k, misere)
    if single is not None:
        return single
    new = list(heaps)
    changed: list[int] = []  # in the order the heaps joined the move
    for bit in reversed(range(max(heaps).bit_length())):
        mask = 1 << bit
        untouched_with_bit = [i for i, h in enumerate(heaps) if i not in changed and h & mask]
        s = (len(untouched_with_bit) + len(changed)) % (k + 1)
        for i in changed:
            new[i] |= mask
        if s <= len(changed):
            for i in changed[:s]:
                new[i] &= ~mask
        else:
            for i in changed:
                new[i] &= ~mask
            for i in untouched_with_bit[: s - len(changed)]:
                new[i] &= ~mask
                changed.append(i)
    if misere and all(new[i] <= 1 for i in range(len(heaps))):
        return _misere_ones_move(heaps, k)
    return tuple(sorted((i, new[i]) for i in changed))


def _one_heap_move(heaps: Position, k: int, misere: bool) -> MultiMove | None:
    """The first heap i (in order) that alone can move to a P-position, as ((i, v),); None if none can.

    Column counts are taken once, so each heap costs one pass over the bits:
    O(heaps x bits) in all. In misère play a move that leaves only heaps <= 1
    must leave a number of 1-heaps that is 1 mod k + 1 (and may then go to 0 or 1).
    """
    width = max(heaps, default=0).bit_length()
    counts = [sum((h >> bit) & 1 for h in heaps) for bit in range(width)]
    big = sum(1 for h in heaps if h >= 2)
    ones = sum(1 for h in heaps if h == 1)
    for i, h in enumerate(heaps):
        others_small = big - (h >= 2) == 0
        rest_ones = ones - (h == 1)
        v = 0
        for bit in range(width):
            r = -(counts[bit] - ((h >> bit) & 1)) % (k + 1)
            if r > 1:
                v = -1
                break
            v |= r << bit
        if 0 <= v < h and not (misere and others_small and v <= 1 and (rest_ones + v) % (k + 1) != 1):
            return ((i, v),)
        if misere and others_small:
            for c in (0, 1):
                if c < h and (rest_ones + c) % (k + 1) == 1:
                    return ((i, c),)
    return None


def _misere_ones_move(heaps: Position, k: int) -> MultiMove | None:
    """The misère Nim_k move that leaves only heaps <= 1, with a number of 1-heaps that is 1 mod k + 1.

    Called when the normal move would leave only heaps <= 1, so at most k
    heaps are big (>= 2). With s one-stone heaps and r = (1 - s) mod (k + 1):
    if r <= (number of big heaps), cut r big heaps to 1 and the rest to 0;
    otherwise cut every big heap to 0 and take k + 1 - r of the 1-heaps, which
    keeps the move within k heaps. None when there is no move at all.
    """
    big = [i for i, h in enumerate(heaps) if h >= 2]
    ones = [i for i, h in enumerate(heaps) if h == 1]
    r = (1 - len(ones)) % (k + 1)
    if r <= len(big):
        move = [(i, 1 if j < r else 0) for j, i in enumerate(big)]
    else:
        move = [(i, 0) for i in big] + [(i, 0) for i in ones[: k + 1 - r]]
    return tuple(sorted(move)) or None


def apply_move(position: Position, move: MultiMove, k: int = 1) -> Position:
    """The position after a Nim_k move; raises ``ValueError`` if it is illegal.

    ``move`` is a tuple of ``(heap_index, new_size)`` pairs; a single pair is accepted too.

    >>> apply_move((1, 2, 3), ((1, 1), (2, 1)), k=2)
    (1, 1, 1)
    """
    heaps = check_position(position)
    k = check_k(k)
    move = as_pairs(move)
    if len(move) > k:
        raise ValueError(f"move may change at most k={k} heaps, got {len(move)}")
    new = list(heaps)
    seen = set()
    for j, pair in enumerate(move):
        i, b = check_move(heaps, pair, f"move[{j}]")
        if i in seen:
            raise ValueError(f"move names heap {i} twice")
        seen.add(i)
        new[i] = b
    return tuple(new)


def moves(position: Position, k: int = 1) -> Iterator[MultiMove]:
    """Every Nim_k move, lazily: 1 to k pairs ``(heap_index, new_size)`` on distinct heaps, heaps in order.

    Nothing is listed in advance, so heaps of 2**64 stones cost nothing until
    their moves are asked for.

    >>> list(moves((1, 2), k=2))
    [((0, 0),), ((1, 0),), ((1, 1),), ((0, 0), (1, 0)), ((0, 0), (1, 1))]
    """
    heaps = check_position(position)
    k = check_k(k)
    live = [i for i, h in enumerate(heaps) if h]
    for size in range(1, min(k, len(live)) + 1):
        for chosen in combinations(live, size):
            yield from _pairs(heaps, chosen)


def _pairs(heaps: Position, chosen: tuple[int, ...]) -> Iterator[MultiMove]:
    """Every choice of a smaller size for each chosen heap (an odometer: lazy, unlike itertools.product)."""
    if not chosen:
        yield ()
        return
    first, rest = chosen[0], chosen[1:]
    for b in range(heaps[first]):
        for tail in _pairs(heaps, rest):
            yield ((first, b), *tail)


def successors(position: Position, k: int = 1) -> Iterator[Position]:
    """Every position one Nim_k move away, sorted with empty heaps dropped (for the searcher); lazy."""
    heaps = check_position(position)
    for move in moves(heaps, k):
        new = list(heaps)
        for i, b in move:
            new[i] = b
        yield tuple(sorted(h for h in new if h))


# ---------------------------------------------------------------- the rules object


class Moore(HeapRules):
    """Moore's Nim_k as a rules object: a move is a tuple of 1 to k pairs ``(heap_index, new_size)``.

    ``Moore(1)`` is Nim; ``misere=True`` plays the misère rule of ``winning_move``.

    >>> Moore(2).winning_move((1, 2, 3)), Moore(2).is_p_position((1, 1, 1))
    (((1, 1), (2, 1)), True)
    """

    def __init__(self, k: int = 1, misere: bool = False) -> None:
        self.k = check_k(k)
        self.misere = check_bool(misere, "misere")
        self.name = ("misère " if self.misere else "") + (f"Moore's Nim_{self.k}" if self.k > 1 else "Nim")
        self.widget = "misere-moore" if self.misere else "moore"

    def __repr__(self) -> str:
        return f"Moore(k={self.k}, misere={self.misere})"

    def __eq__(self, other: object) -> bool:
        return type(other) is Moore and (other.k, other.misere) == (self.k, self.misere)

    def __hash__(self) -> int:
        return hash(("Moore", self.k, self.misere))

    def start(self) -> Position:
        return (5, 6, 7)

    def moves(self, position: Position) -> Iterator[MultiMove]:
        return moves(position, self.k)

    def apply(self, position: Position, move: MultiMove) -> Position:
        return apply_move(position, move, self.k)

    def options(self, position: Position) -> Iterator[Position]:
        """Positions one move away, canonical (sorted, no empty heaps), for the searcher."""
        return successors(position, self.k)

    def is_p_position(self, position: Position) -> bool:
        return is_p_position(position, self.k, misere=self.misere)

    def winning_move(self, position: Position) -> MultiMove | None:
        """A move to a P-position by Moore's rule (no search), None at a P-position."""
        return winning_move(position, self.k, misere=self.misere)

    def widget_params(self) -> dict[str, JSON]:
        return {"misere": self.misere, "k": self.k}

    def summary(self, position: Position) -> str:
        """The column sums mod k + 1, for transcripts."""
        sums = " ".join(map(str, column_sums(position, self.k))) or "0"
        return f"column sums mod {self.k + 1}: {sums}"
