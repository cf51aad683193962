"""Type aliases used across ``nimlib``: plain tuples of ints, nothing more."""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

# A Nim position: the heap sizes, in order; (3, 4, 5) is three heaps
Position = tuple[int, ...]

# A Nim move as readers write it: (heap_index, new_size), the new size strictly smaller.
# The rules objects (nim.Nim, moore.Moore) use a tuple of such pairs, always
Move = tuple[int, int]

# A Moore's Nim_k move: one to k Nim moves on distinct heaps, played at once
MultiMove = tuple[Move, ...]

# A strategy: given the position to move from, the move to play
Strategy = Callable[[Position], Move]

# What a single heap of size n may become: each option a tuple of heap sizes
# (CGSuite's HeapOptions); () means the heap vanished (see rulesets.TakeRule.heap_options)
HeapRule = Callable[[int], Iterable[tuple[int, ...]]]

# Any impartial game: a function from a (hashable) position to the positions
# one move can reach; the game must be finite (no position repeats in a play)
Successors = Callable[[Hashable], Iterable[Hashable]]
