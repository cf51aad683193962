"""Deprecated: ``misere_quotient`` and its ``Quotient``, removed from :mod:`nimlib.quotient` in 4.2.

4.1's ``misere_quotient(game, heaps, test_heaps=6)`` built classes by brute force
against test sums of at most ``test_heaps`` heaps, so it was the misère quotient
only once ``test_heaps`` was large enough. This shim keeps its signature and its
result type, and delegates to the exact :func:`nimlib.quotient.quotient`: sums of
the given heaps are equivalent when no sum of those heaps tells them apart, which
the exact quotient of heaps ≤ max(heaps) decides (the coarsest equivalence that
keeps P-positions apart and is kept by adding a heap). Its classes are listed in
the old breadth-first order, so a result that was right before is returned
unchanged; ``test_heaps`` is checked and recorded but no longer coarsens anything,
and the old "test_heaps is too small" errors cannot occur. Reached through
``nimlib.quotient.misere_quotient`` / ``Quotient`` (which warn); removed in 5.0.0.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass, field

from ._check import check_int, check_position
from .rulesets import HeapGame

__all__ = ["Quotient", "misere_quotient"]

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


@dataclass(frozen=True)
class Quotient:
    """A misère quotient: elements (one representative sum each), multiplication table, P-portion (as in 4.1).

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
    """The misère quotient of ``game`` restricted to sums of the given heap sizes (deprecated: use ``quotient``).

    ``ValueError`` when more than ``max_elements`` classes appear, and whatever
    :func:`nimlib.quotient.quotient` refuses for heaps ≤ max(heaps).

    >>> from nimlib.rulesets import nim
    >>> q = misere_quotient(nim, (1, 2))
    >>> len(q), q.names
    (6, ('1', 'a', 'b', 'ab', 'b²', 'ab²'))
    """
    from .quotient import quotient

    if not isinstance(game, HeapGame):
        raise TypeError(f"game must be a HeapGame such as octal('0.77'), got {game!r}")
    sizes = _check_heaps(game, heaps)
    test_heaps = check_int(test_heaps, "test_heaps")
    max_elements = check_int(max_elements, "max_elements", minimum=1)
    exact = quotient(game, max(sizes))
    gens = [exact.pretend[h] for h in sizes]
    # The elements of the exact quotient that sums of these heaps reach
    reached, frontier = {exact.identity}, [exact.identity]
    while frontier:
        x = frontier.pop()
        for g in gens:
            y = exact.table[x][g]
            if y not in reached:
                reached.add(y)
                frontier.append(y)
    # Tests drawn from these heaps only: split by outcome, then by where adding each heap leads, until stable
    cls = {x: int(x in exact.p_portion) for x in reached}
    while True:
        keys = {x: (cls[x], *(cls[exact.table[x][g]] for g in gens)) for x in reached}
        numbered = {key: i for i, key in enumerate(sorted(set(keys.values())))}
        refined = {x: numbered[keys[x]] for x in reached}
        if len(set(refined.values())) == len(set(cls.values())):
            break
        cls = refined
    # The classes in 4.1's breadth-first order, each with its shortest sum
    elements: list[tuple[int, ...]] = [()]
    element_of = [exact.identity]  # an element of the exact quotient in each class
    index = {cls[exact.identity]: 0}
    action: list[list[int]] = []
    i = 0
    while i < len(elements):
        row = []
        for h, g in zip(sizes, gens, strict=True):
            y = exact.table[element_of[i]][g]
            if cls[y] not in index:
                if len(elements) == max_elements:
                    raise ValueError(
                        f"more than max_elements = {max_elements} classes among sums of heaps {list(sizes)}: "
                        "the quotient is larger"
                    )
                index[cls[y]] = len(elements)
                elements.append(tuple(sorted((*elements[i], h))))
                element_of.append(y)
            row.append(index[cls[y]])
        action.append(row)
        i += 1
    table = tuple(
        tuple(index[cls[exact.table[element_of[a]][element_of[b]]]] for b in range(len(elements)))
        for a in range(len(elements))
    )
    return Quotient(
        game=game.name,
        heaps=sizes,
        elements=tuple(elements),
        table=table,
        p_portion=frozenset(k for k, x in enumerate(element_of) if x in exact.p_portion),
        names=tuple(_word(e, sizes) for e in elements),
        test_heaps=test_heaps,
        generator_of={h: action[0][k] for k, h in enumerate(sizes)},
    )
