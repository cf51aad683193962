"""Moore's Nim_k (1910): a move reduces between 1 and k heaps at once.

A position is a P-position exactly when, writing every heap in binary, each
column of bits adds up to a multiple of k + 1. For k = 1 this is Bouton's
nim-sum rule.
"""

from __future__ import annotations

from collections.abc import Iterator
from itertools import combinations, product

from ._check import check_k, check_move, check_position
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


def is_p_position(position: Position, k: int = 1) -> bool:
    """True when the player to move loses Nim_k with best play.

    >>> is_p_position((1, 2, 3), k=1), is_p_position((1, 2, 3), k=2), is_p_position((1, 1, 1), k=2)
    (True, False, True)
    """
    return not any(column_sums(position, k))


def winning_move(position: Position, k: int = 1) -> MultiMove | None:
    """A move of Nim_k to a P-position, built bit by bit (no search); None if there is none.

    Bits are scanned from the highest. ``changed`` holds the heaps the move
    already reduces: a higher bit of theirs dropped from 1 to 0, so their
    lower bits are free. At each bit, count the changed heaps as having a 1
    there and let s be the column sum mod k + 1. If s <= len(changed), clear
    the bit in s changed heaps; otherwise clear it in all of them and in
    s - len(changed) untouched heaps that have the bit set. The set never
    grows past s <= k heaps.

    >>> winning_move((3, 4, 5), k=1)
    ((0, 1),)
    >>> winning_move((1, 2, 3), k=2)
    ((1, 1), (2, 1))
    """
    heaps = check_position(position)
    k = check_k(k)
    if is_p_position(heaps, k):
        return None
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
    return tuple(sorted((i, new[i]) for i in changed))


def apply_move(position: Position, move: MultiMove, k: int = 1) -> Position:
    """The position after a Nim_k move; raises ``ValueError`` if it is illegal.

    >>> apply_move((1, 2, 3), ((1, 1), (2, 1)), k=2)
    (1, 1, 1)
    """
    heaps = check_position(position)
    k = check_k(k)
    if not isinstance(move, tuple | list) or not move:
        raise TypeError(f"move must be a non-empty tuple of (heap_index, new_size) pairs, got {move!r}")
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


def successors(position: Position, k: int = 1) -> Iterator[Position]:
    """Every position one Nim_k move away, sorted with empty heaps dropped (for the searcher)."""
    heaps = check_position(position)
    k = check_k(k)
    live = [i for i, h in enumerate(heaps) if h]
    for size in range(1, min(k, len(live)) + 1):
        for chosen in combinations(live, size):
            for sizes in product(*(range(heaps[i]) for i in chosen)):
                new = list(heaps)
                for i, b in zip(chosen, sizes, strict=True):
                    new[i] = b
                yield tuple(sorted(h for h in new if h))
