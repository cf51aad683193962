"""Misère quotients (Plambeck 2005, Plambeck–Siegel 2008) of a heap game, computed on bounded sums.

Fix a heap game and a set of heap sizes closed under moves. Two sums X and Y
of such heaps are *indistinguishable* when X + Z and Y + Z have the same
misère outcome for every sum Z of the same heaps. The classes form a
commutative monoid under +, the *misère quotient*; its *P-portion* is the set
of classes of misère P-positions. Knowing the quotient's multiplication table
and P-portion solves every sum of those heaps, however many heaps it has.

Here indistinguishability is tested only against sums Z of at most
``test_heaps`` heaps (every outcome itself by exhaustive search). That
relation is coarser than the true one, so the result is the true quotient
only once ``test_heaps`` is large enough; :func:`misere_quotient` refuses a
result that is not a consistent monoid, and callers should check that a
larger ``test_heaps`` gives the same quotient (the chapter and the tests do).
This is the brute-force version of what Siegel's MisereSolver does far more
cleverly.
"""

from __future__ import annotations

from collections.abc import Hashable, Iterable
from dataclasses import dataclass, field
from itertools import combinations_with_replacement

from . import search
from ._check import check_int, check_position
from .rulesets import HeapGame

__all__ = ["Quotient", "misere_quotient", "sums_up_to"]

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Quotient:
    """A misère quotient: elements (one representative sum each), multiplication table, P-portion.

    ``elements[i]`` is the shortest sum found in class i (a sorted tuple of
    heap sizes; ``()`` is the identity, element 0); ``table[i][j]`` is the
    class of ``elements[i] + elements[j]``; ``p_portion`` the classes of
    misère P-positions. ``names[i]`` writes element i as a word in the
    generators a, b, c, … (the heaps in ``heaps``, in order), e.g. ``"ab²"``.
    """

    game: str
    heaps: tuple[int, ...]
    elements: tuple[tuple[int, ...], ...]
    table: tuple[tuple[int, ...], ...]
    p_portion: frozenset[int]
    names: tuple[str, ...]
    test_heaps: int
    generator_of: dict[int, int] = field(repr=False, compare=False)  # heap size -> the element of that one heap

    def __len__(self) -> int:
        return len(self.elements)

    def element(self, position: Iterable[int]) -> int:
        """The class of a sum of the quotient's heaps (0-heaps ignored), by multiplying generators."""
        heaps = check_position(position)
        index = 0
        for i, h in enumerate(heaps):
            if h == 0:
                continue
            if h not in self.generator_of:
                raise ValueError(f"position[{i}] = {h} is not one of this quotient's heaps {list(self.heaps)}")
            index = self.table[index][self.generator_of[h]]
        return index

    def is_p_position(self, position: Iterable[int]) -> bool:
        """The misère outcome the quotient predicts: True when the sum's class is in the P-portion."""
        return self.element(position) in self.p_portion

    def to_text(self) -> str:
        """The multiplication table, with P-positions marked by a star, as monospaced text."""
        width = max(len(n) for n in self.names) + 1
        head = " " * width + " | " + " ".join(f"{n:>{width}}" for n in self.names)
        rows = [head, "-" * len(head)]
        for i, row in enumerate(self.table):
            label = self.names[i] + ("*" if i in self.p_portion else "")
            rows.append(f"{label:>{width}} | " + " ".join(f"{self.names[j]:>{width}}" for j in row))
        return "\n".join(rows)


def sums_up_to(heaps: Iterable[int], count: int) -> list[tuple[int, ...]]:
    """Every sum of at most ``count`` heaps drawn (with repetition) from ``heaps``, as sorted tuples.

    >>> sums_up_to((1, 2), 2)
    [(), (1,), (2,), (1, 1), (1, 2), (2, 2)]
    """
    sizes = sorted(set(check_position(heaps, "heaps")))
    count = check_int(count, "count")
    return [s for c in range(count + 1) for s in combinations_with_replacement(sizes, c)]


def _word(position: tuple[int, ...], heaps: tuple[int, ...]) -> str:
    letters = "abcdefghijklmnopqrstuvwxyz"
    parts = []
    for i, h in enumerate(heaps):
        e = position.count(h)
        if e:
            parts.append(letters[i] + (str(e).translate(_SUPERSCRIPTS) if e > 1 else ""))
    return "".join(parts) or "1"


def _check_heaps(game: HeapGame, heaps: object) -> tuple[int, ...]:
    sizes = check_position(heaps, "heaps", allow_empty=False)
    if any(h == 0 for h in sizes):
        raise ValueError(f"heaps must be positive heap sizes, got {list(sizes)}")
    if len(set(sizes)) != len(sizes):
        raise ValueError(f"heaps must not repeat a size, got {list(sizes)}")
    if len(sizes) > 26:
        raise ValueError(f"heaps may have at most 26 sizes (one letter each), got {len(sizes)}")
    allowed = set(sizes)
    for h in sizes:
        for option in game.options(h):
            outside = [x for x in option if x not in allowed]
            if outside:
                raise ValueError(
                    f"heaps must be closed under moves: a heap of {h} can become {list(option)}, "
                    f"and {outside[0]} is not in heaps {list(sizes)}"
                )
    return tuple(sorted(sizes))


def misere_quotient(game: HeapGame, heaps: Iterable[int], *, test_heaps: int = 6, max_elements: int = 64) -> Quotient:
    """The misère quotient of ``game`` restricted to sums of the given heap sizes.

    Classes are found by breadth-first search from the empty sum, adding one
    heap at a time; a new sum joins an existing class when its outcomes
    against every test sum Z of at most ``test_heaps`` heaps agree with that
    class's representative. Raises ``ValueError`` when more than
    ``max_elements`` classes appear (the quotient may be infinite, or the
    bound too small to tell) or when the classes are not a congruence (the
    table the generators give disagrees with a sum's own outcomes): then
    ``test_heaps`` is too small.

    >>> from nimlib.rulesets import nim
    >>> q = misere_quotient(nim, (1, 2))
    >>> len(q), q.names
    (6, ('1', 'a', 'b', 'ab', 'b²', 'ab²'))
    """
    if not isinstance(game, HeapGame):
        raise TypeError(f"game must be a HeapGame such as octal('0.77'), got {game!r}")
    sizes = _check_heaps(game, heaps)
    test_heaps = check_int(test_heaps, "test_heaps")
    max_elements = check_int(max_elements, "max_elements", minimum=1)
    tests = sums_up_to(sizes, test_heaps)
    known: dict[Hashable, bool] = {}

    def is_p(position: tuple[int, ...]) -> bool:
        return search.solve(game.successors, position, misere=True, known=known)[position]

    def profile(position: tuple[int, ...]) -> tuple[bool, ...]:
        return tuple(is_p(tuple(sorted(position + z))) for z in tests)

    elements: list[tuple[int, ...]] = [()]
    by_profile = {profile(()): 0}
    action: list[list[int]] = []  # action[i][k]: the class of elements[i] plus heap sizes[k]
    i = 0
    while i < len(elements):
        row = []
        for h in sizes:
            after = tuple(sorted((*elements[i], h)))
            key = profile(after)
            if key not in by_profile:
                if len(elements) == max_elements:
                    raise ValueError(
                        f"more than max_elements = {max_elements} classes among sums of heaps {list(sizes)} "
                        f"(test_heaps = {test_heaps}): the quotient is larger, or infinite"
                    )
                by_profile[key] = len(elements)
                elements.append(after)
            row.append(by_profile[key])
        action.append(row)
        i += 1

    generator_of = {h: k for k, h in enumerate(sizes)}
    table = []
    for a in range(len(elements)):
        row = []
        for b in range(len(elements)):
            index = a
            for h in elements[b]:
                index = action[index][generator_of[h]]
            # The class the generators give must be the class of the actual sum
            if by_profile.get(profile(tuple(sorted(elements[a] + elements[b])))) != index:
                raise ValueError(
                    f"test_heaps = {test_heaps} is too small: the classes are not closed under sums "
                    f"({_word(elements[a], sizes)} + {_word(elements[b], sizes)})"
                )
            row.append(index)
        table.append(tuple(row))
    n = len(elements)
    for a in range(n):
        for b in range(n):
            if table[a][b] != table[b][a]:
                raise ValueError(f"test_heaps = {test_heaps} is too small: the table is not commutative")
    p_portion = frozenset(k for k, e in enumerate(elements) if is_p(e))
    return Quotient(
        game=game.name,
        heaps=sizes,
        elements=tuple(elements),
        table=tuple(table),
        p_portion=p_portion,
        names=tuple(_word(e, sizes) for e in elements),
        test_heaps=test_heaps,
        generator_of={h: action[0][k] for k, h in enumerate(sizes)},
    )
