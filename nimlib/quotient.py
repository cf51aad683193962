"""Misère quotients (Plambeck 2005, Plambeck–Siegel 2008) of heap games, computed heap by heap.

Fix a heap game and a set of heap sizes closed under moves. Two sums X and Y
of such heaps are *indistinguishable* when X + Z and Y + Z have the same
misère outcome for every sum Z of the same heaps. The classes form a
commutative monoid under +, the *misère quotient*; its *P-portion* is the set
of classes of misère P-positions. Knowing the quotient's multiplication table,
its P-portion and each heap's element (the *pretending function*) solves every
sum of those heaps, however many heaps it has: the misère analogue of XOR.

:func:`quotient` computes the quotient of all sums of heaps ≤ n the way
Plambeck and Siegel's MisereSolver does, heap by heap: a candidate monoid,
P-portion and pretending function (a *pretension*) is checked exactly against
every sum at once by a finite automaton, and the monoid grows only when the
new heap is not equivalent to an element it already has (see its docstring
for the argument); when a new heap splits old elements, the candidate is
recalibrated from the least sum it gets wrong, as MisereSolver does. Its
answer is exact for heaps ≤ n (Dawson's Kayles to heap 30: 360 elements, the
size Siegel reports, cited in :func:`quotient`). Whether the quotient stays
the same for all larger heaps is what Plambeck and Siegel's periodicity
theorem for misère quotients of octal games decides (cited, Plambeck and
Siegel 2008); this module does not check that theorem's hypotheses, so
``MisereQuotient.stable_from`` is an observation on the computed range only.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from itertools import combinations, combinations_with_replacement
from math import comb
from typing import TYPE_CHECKING

from ._check import check_int, check_position
from .rulesets import HeapGame

if TYPE_CHECKING:
    import numpy as np

__all__ = [
    "MAX_ORDER",
    "MAX_QUOTIENT_HEAPS",
    "MAX_STATES",
    "MisereQuotient",
    "check_compact",
    "quotient",
    "sums_up_to",
]

_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def sums_up_to(heaps: Iterable[int], count: int) -> list[tuple[int, ...]]:
    """Every sum of at most ``count`` heaps drawn (with repetition) from ``heaps``, as sorted tuples.

    >>> sums_up_to((1, 2), 2)
    [(), (1,), (2,), (1, 1), (1, 2), (2, 2)]
    """
    sizes = sorted(set(check_position(heaps, "heaps")))
    count = check_int(count, "count")
    # k sizes give comb(k + count, count) sums (count capped at what can matter: any count past MAX_SUMS with one
    # size or more is over the limit already), counted before any is built
    total = comb(len(sizes) + min(count, MAX_SUMS), len(sizes))
    if total > MAX_SUMS:
        raise ValueError(
            f"sums_up_to: {len(sizes):,} heap sizes and count = {count:,} make "
            f"{'more than ' if count > MAX_SUMS else ''}{f'{total:,}' if total < 10**15 else f'{total:.1e}'} sums, "
            f"more than MAX_SUMS = {MAX_SUMS:,}"
        )
    if not sizes:
        return [()]  # only the empty sum, whatever the count
    return [s for c in range(count + 1) for s in combinations_with_replacement(sizes, c)]


# The most sums sums_up_to lists (a tuple each, about 100 bytes: some 100 MB)
MAX_SUMS = 1_000_000


# ---------------------------------------------------------------- heap by heap (Plambeck–Siegel)

# The largest heap bound quotient() accepts: each heap adds one step of the verification below
MAX_QUOTIENT_HEAPS = 200
# The largest order of a quotient, or of a reduced trial pretension, it builds. The engine keeps a table as one
# numpy int16 array of order² entries (4,096: 32 MiB), and a trial's table is filled from an int32 product of the same
# shape (64 MiB more); the quotient it returns holds tuples (8 bytes an entry). A larger order is refused before its
# table is allocated, with these bytes in the message. Dawson's Kayles to heap 30 passes through a trial of 688
# elements on the way to its 360, to heap 33 through 1,424 on the way to 638
MAX_ORDER = 4_096
# The most (element, option set) states one verification may visit before it is refused
MAX_STATES = 400_000
# The most steps check_compact takes: its estimate of the rebuild (order² + order × the generators² + order × the
# generators × the words' degree; Dawson's Kayles to heap 30: 211,680), then the automaton and the refinements counted
# as they run against what is left
MAX_COMPACT_WORK = 50_000_000
# The most search steps (a state popped or found, in the verifications and the trials) one quotient() call takes,
# about 100,000 a second here: Dawson's Kayles to heap 30 takes 1,471,344, Kayles to 60 84,908 (with a trial's
# products and refinement counted)
MAX_QUOTIENT_WORK = 5_000_000
# A trial's work beside its search steps, counted in search steps so that max_work bounds its time: products of
# elements (its option sets; Daisies, 4.7, splits without taking and makes many) and the entries of its partition
# refinement, each much cheaper than a step. Uncounted, quotient(octal('4.7'), 200) ran 37 s before its refusal
PRODUCTS_PER_STEP = 16
ENTRIES_PER_STEP = 64
# How many option sets per element the quick test of a candidate element reuses
SAMPLE = 24
# The largest trial monoid (before reduction) a step builds: it is never tabulated, only its products of heap
# elements are visited (Dawson's Kayles to heap 30 needs 4,992; heap 34 multiplies reduced trials of 3,570 to 5,280
# elements by cycles of 3 to 5)
MAX_TRIAL = 65_536
# The most recalibrations (trial pretensions after the first) one heap may take (Dawson's Kayles to heap 30 needs
# at most 19, at heap 25)
MAX_RECALIBRATIONS = 64
# The cycles tried for a new generator h, in order: (index, period) means h^(index+period) = h^index
_CYCLES = ((1, 2), (2, 2), (3, 2), (2, 4), (4, 4))


@dataclass(frozen=True)
class MisereQuotient:
    """The misère quotient of an octal game restricted to heaps of at most ``bound`` tokens.

    Elements are numbered 0 … order-1, the identity (the empty sum) first;
    ``names[i]`` writes element i as its least word in the generators
    a, b, c, … (``generators[k]`` is the heap that is generator k): the word
    of least degree, ties broken by the larger exponent of a, then of b, …
    ``table[i][j]`` is the product, ``p_portion`` the elements whose sums are
    misère P-positions, ``pretend[n]`` the element of a single heap of n
    (n = 0 … bound), and ``relations`` a presentation: pairs of words
    (left, right), each left side a least word that is not a name, so that
    the generators and these relations define the monoid.
    ``history[n]`` is the order of the quotient of heaps ≤ n.
    """

    game: str
    bound: int
    names: tuple[str, ...]
    table: tuple[tuple[int, ...], ...]
    p_portion: frozenset[int]
    pretend: tuple[int, ...]
    generators: tuple[int, ...]
    relations: tuple[tuple[str, str], ...]
    history: tuple[int, ...]
    exponents: tuple[tuple[int, ...], ...] = field(repr=False)

    def __len__(self) -> int:
        return len(self.names)

    @property
    def order(self) -> int:
        """The number of elements."""
        return len(self.names)

    @property
    def identity(self) -> int:
        """The index of the identity (always 0)."""
        return 0

    def element(self, position: Iterable[int]) -> int:
        """The element of a sum of heaps: the product of its heaps' pretend values."""
        heaps = check_position(position)
        x = 0
        for i, h in enumerate(heaps):
            if h > self.bound:
                raise ValueError(f"position[{i}] = {h} is larger than this quotient's heap bound {self.bound}")
            x = self.table[x][self.pretend[h]]
        return x

    def is_p_position(self, position: Iterable[int]) -> bool:
        """The misère outcome the quotient gives: True when the sum's element is in the P-portion."""
        return self.element(position) in self.p_portion

    def stable_from(self) -> int:
        """The least heap bound m such that the quotients of heaps ≤ m, …, ≤ bound all have this order.

        The quotient only grows (each computed step keeps the old elements), so
        an unchanged order means an unchanged quotient. This is an observation
        on the computed range, not a proof that it never changes again.
        """
        m = self.bound
        while m > 0 and self.history[m - 1] == self.order:
            m -= 1
        return m

    def presentation(self) -> str:
        """The presentation as text, e.g. ``⟨a, b, c | a² = 1, b³ = b, bc = ab, c² = b²⟩``."""
        gens = ", ".join(_LETTERS[: len(self.generators)])
        rels = ", ".join(f"{left} = {right}" for left, right in self.relations)
        return f"⟨{gens} | {rels}⟩" if rels else f"⟨{gens}⟩"

    def to_text(self) -> str:
        """The multiplication table, P-portion elements marked by a star, as monospaced text."""
        width = max(len(n) for n in self.names) + 1
        head = " " * width + " | " + " ".join(f"{n:>{width}}" for n in self.names)
        rows = [head, "-" * len(head)]
        for i, row in enumerate(self.table):
            label = self.names[i] + ("*" if i in self.p_portion else "")
            rows.append(f"{label:>{width}} | " + " ".join(f"{self.names[j]:>{width}}" for j in row))
        return "\n".join(rows)

    def as_json(self) -> dict:
        """Plain data (the CLI's ``--json`` and the page's tables): order, elements, identity, table, …"""
        return {
            "game": self.game,
            "bound": self.bound,
            "order": self.order,
            "elements": list(self.names),
            "identity": 0,
            "table": [list(r) for r in self.table],
            "p_portion": sorted(self.p_portion),
            "pretend": list(self.pretend),
            "generators": list(self.generators),
            "relations": [list(r) for r in self.relations],
            "presentation": self.presentation(),
            "history": list(self.history),
            "stable_from": self.stable_from(),
        }

    def compact(self) -> dict:
        """The quotient as its generators' actions (x ↦ x·g), its words and Φ: what ``check_compact`` re-checks.

        Much smaller than the table (Dawson's Kayles to heap 30: 12 columns of 360, not 360²).
        """
        gens = [self.pretend[g] for g in self.generators]
        return {
            "game": self.game,
            "bound": self.bound,
            "order": self.order,
            "generators": list(self.generators),
            "columns": [[self.table[x][g] for x in range(self.order)] for g in gens],
            "words": [list(w) for w in self.exponents],
            "pretend": list(self.pretend),
            "p_portion": sorted(self.p_portion),
            "history": list(self.history),
        }


_COMPACT_FIELDS = ("game", "bound", "order", "generators", "columns", "words", "pretend", "p_portion", "history")


def check_compact(game: HeapGame, data: object) -> list[list[int]]:
    """Re-check a stored quotient (``MisereQuotient.compact()``) exactly, from the rule; return its table.

    Nothing stored is trusted that can be computed: the fields are exact
    integers of the right shapes; the generators' actions commute and each
    element's word, applied to the identity, gives that element (so
    x·y = y's word applied to x is a commutative monoid); the automaton of
    :func:`quotient` finds the P-portion right for every sum of heaps ≤ bound
    of ``game`` (its options computed from the rule); heap 0 and every heap
    with no move are the identity; every element is a product of heaps; no
    two elements are indistinguishable, so the order is the quotient's; and
    the generators, the least words, the numbering and the history (the
    order of the quotient of heaps ≤ n, for each n) are derived again and
    must be the stored ones. The work is estimated first (``MAX_COMPACT_WORK``:
    the table rebuild, the commutation check, the naming) and what it leaves
    is counted as the automaton and the partition refinements run. ``ValueError`` names the first thing that fails.
    """
    if not isinstance(game, HeapGame):
        raise TypeError(f"game must be a HeapGame such as octal('0.07'), got {game!r}")
    if not isinstance(data, dict) or tuple(sorted(data)) != tuple(sorted(_COMPACT_FIELDS)):
        raise ValueError(f"data must be a dict with exactly the fields {', '.join(_COMPACT_FIELDS)}")

    def exact(value: object, name: str, low: int, high: int) -> int:
        if type(value) is not int or not low <= value <= high:
            raise ValueError(f"{name} must be an integer from {low} to {high}, got {value!r}")
        return value

    def int_list(value: object, name: str, length: int, low: int, high: int) -> list[int]:
        if not isinstance(value, list) or len(value) != length:
            raise ValueError(f"{name} must be a list of {length} integers")
        return [exact(v, f"{name}[{i}]", low, high) for i, v in enumerate(value)]

    if data["game"] != game.name:
        raise ValueError(f"game must be {game.name!r}, the name of this rule, got {data['game']!r}")
    bound = exact(data["bound"], "bound", 1, MAX_QUOTIENT_HEAPS)
    order = exact(data["order"], "order", 1, MAX_ORDER)
    generators = data["generators"]
    if not isinstance(generators, list) or len(generators) > bound:
        raise ValueError(f"generators must be a list of at most {bound} heaps")
    generators = int_list(generators, "generators", len(generators), 1, bound)
    if generators != sorted(set(generators)):
        raise ValueError("generators must be distinct heaps in increasing order")
    if not isinstance(data["columns"], list) or len(data["columns"]) != len(generators):
        raise ValueError(f"columns must hold one list per generator ({len(generators)})")
    columns = [int_list(c, f"columns[{k}]", order, 0, order - 1) for k, c in enumerate(data["columns"])]
    if not isinstance(data["words"], list) or len(data["words"]) != order:
        raise ValueError(f"words must hold one word per element ({order})")
    words = [int_list(w, f"words[{x}]", len(generators), 0, order) for x, w in enumerate(data["words"])]
    pretend = int_list(data["pretend"], "pretend", bound + 1, 0, order - 1)
    p_list = data["p_portion"]
    if not isinstance(p_list, list) or len(p_list) > order:
        raise ValueError("p_portion must be a list of elements")
    p_list = int_list(p_list, "p_portion", len(p_list), 0, order - 1)
    if p_list != sorted(set(p_list)):
        raise ValueError("p_portion must list distinct elements in increasing order")
    history = int_list(data["history"], "history", bound + 1, 1, order)

    # The table is rebuilt a column at a time, each from the column of a word one letter shorter (order² steps),
    # then named again by _named (order × generators × the largest degree)
    k = len(generators)
    degree = max((sum(w) for w in words), default=0)
    work = order * order + order * k * k + order * max(k, 1) * (degree + 1)
    if work > MAX_COMPACT_WORK:
        raise ValueError(
            f"rebuilding this table takes about {work:,} steps (order² + order × the generators² + order × the "
            f"generators × the words' degree), more than MAX_COMPACT_WORK = {MAX_COMPACT_WORK:,}"
        )
    import numpy as np

    cols = np.array(columns, dtype=np.int64).reshape(k, order)
    for c1 in cols:
        for c2 in cols:
            if not np.array_equal(c1[c2], c2[c1]):
                raise ValueError("the generators' actions do not commute: not a commutative monoid")
    word_index: dict[tuple[int, ...], int] = {}
    for x, w in enumerate(words):
        if word_index.setdefault(tuple(w), x) != x:
            raise ValueError(f"words[{x}] is words[{word_index[tuple(w)]}] again: each element has its own word")
    if words[0] != [0] * k:
        raise ValueError("words[0] must be the empty word: element 0 is the identity")
    by_degree = sorted(range(order), key=lambda x: sum(words[x]))
    _check_table_bytes(order, "the stored quotient")
    acts = np.empty((order, order), dtype=np.int16)  # acts[y][x] = x·y
    acts[0] = np.arange(order)
    for y in by_degree[1:]:
        w = words[y]
        j = next(i for i, e in enumerate(w) if e)
        shorter = word_index.get(tuple(e - (i == j) for i, e in enumerate(w)))
        if shorter is None or shorter == y:  # least words are closed under division: each divisor is a name too
            raise ValueError(f"words[{y}] is not a least word: {w} minus one letter is no element's word")
        acts[y] = cols[j][acts[shorter]]  # x·y = (x·shorter)·g_j
        if acts[y][0] != y:
            raise ValueError(f"words[{y}] applied to the identity gives {acts[y][0]}, not element {y}")
    table = np.ascontiguousarray(acts.T)
    if pretend[0] != 0 or any(pretend[h] != 0 for h in range(1, bound + 1) if not game.options(h)):
        raise ValueError("pretend must map heap 0 and every heap with no move to the identity, element 0")
    p = set(p_list)
    trans = [frozenset()] + [_transitions(game, table, pretend, h) for h in range(1, bound + 1)]
    budget = [MAX_COMPACT_WORK - work]  # what the estimate left, for the automaton and the refinements
    try:
        found, failure = _verify(table, pretend, trans, p, weight=_weights(game, bound), budget=budget)
    except _OutOfWork:
        raise ValueError(
            f"checking every sum of heaps <= {bound} takes more than the {MAX_COMPACT_WORK - work:,} steps "
            f"MAX_COMPACT_WORK = {MAX_COMPACT_WORK:,} leaves after the rebuild"
        ) from None
    if found != p:
        raise ValueError(f"the P-portion does not predict every sum: the sum of heaps {list(failure)} is mispredicted")
    gens = sorted({pretend[h] for h in range(1, bound + 1)})
    if len(_reachable(table, set(gens))) != order:
        raise ValueError("some element is not a product of heaps")
    if _refine([1 if x in p else 0 for x in range(order)], [table[:, g].tolist() for g in gens], budget)[1] != order:
        raise ValueError("two elements are indistinguishable: the monoid is not reduced, so it is not the quotient")
    derived = _history(table, p, pretend, budget)
    if derived != history:
        n = next(i for i, (a, b) in enumerate(zip(derived, history, strict=True)) if a != b)
        raise ValueError(
            f"history[{n}] must be the order of the quotient of heaps <= {n}, {derived[n]}, got {history[n]}"
        )
    again = _named(game, bound, table, p, pretend, derived).compact()
    for key in ("generators", "words", "columns", "pretend", "p_portion"):
        if again[key] != data[key]:
            raise ValueError(f"{key} must be the ones derived from the table (least words, generators in heap order)")
    return table.tolist()


def _history(table: np.ndarray, p: set[int], pretend: list[int], budget: list[int]) -> list[int]:
    """history[n], the order of the quotient of heaps <= n: the products of heaps <= n, reduced among themselves.

    It changes only at a heap whose element is not a product of smaller heaps' (the same sums, the same tests).
    """
    history, gens, current = [1], [], 1
    span = {0}
    for h in range(1, len(pretend)):
        x = pretend[h]
        if x not in span:
            gens.append(x)
            elems = _reachable(table, set(gens))
            span = set(elems)
            at = {e: i for i, e in enumerate(elems)}
            acts = [[at[y] for y in table[elems, g].tolist()] for g in gens]
            current = _refine([1 if e in p else 0 for e in elems], acts, budget)[1]
        history.append(current)
    return history


_LETTERS = "abcdefghijklmnopqrstuvwxyz"


def _word_text(exps: tuple[int, ...]) -> str:
    parts = [_LETTERS[k] + (str(e).translate(_SUPERSCRIPTS) if e > 1 else "") for k, e in enumerate(exps) if e]
    return "".join(parts) or "1"


def _transitions(game: HeapGame, table: np.ndarray, phi: list[int], n: int) -> frozenset[int]:
    """The elements of the options of a single heap of n (products of their heaps' elements)."""
    out = set()
    for option in game.options(n):
        x = 0
        for h in option:
            x = int(table[x, phi[h]])
        out.add(x)
    return frozenset(out)


def _check_table_bytes(order: int, what: str) -> None:
    """Refuse, before it is allocated, a table of more than MAX_ORDER elements (its bytes in the message)."""
    if order > MAX_ORDER:
        raise ValueError(
            f"{what} has {order:,} elements, more than MAX_ORDER = {MAX_ORDER:,}: its table of {order:,}² entries "
            f"would need {_table_mib(order):,} MiB here (the limit keeps one within {_table_mib(MAX_ORDER):,} MiB): "
            "too large for this engine"
        )


def _table_mib(order: int) -> int:
    """The memory a table of ``order`` elements takes here: int16 entries, an int32 product while a trial is
    filled, and the tuples of the quotient returned (8 bytes an entry)."""
    return -(-order * order * (2 + 4 + 8) // 2**20)


def _verify(
    table: np.ndarray,
    phi: list[int],
    trans: list[frozenset[int]],
    p: set[int] | None,
    sample: dict[int, list[int]] | None = None,
    weight: list[int] | None = None,
    budget: list[int] | None = None,
) -> tuple[set[int] | None, tuple[int, ...]]:
    """Check (or, with ``p`` None, find) the P-portion that predicts every sum's misère outcome.

    A sum X is summed up by the state (Φ(X), S(X)): its element and the set of
    its options' elements. Adding a heap h maps that state to
    (Φ(X)Φ(h), S(X)Φ(h) ∪ Φ(X)T(h)), T(h) the elements of h's options, so the
    states form a finite automaton. X is a misère P-position exactly when it
    has an option and none of its options is one; by induction on X, the
    P-portion P is right for every sum exactly when each reachable state has
    Φ(X) ∈ P ⟺ (S ≠ ∅ and S ∩ P = ∅). States are visited in order of their
    fewest tokens (Dijkstra; by ``weight``, see :func:`_weights`, when a move
    may split a heap without taking), so the options of the word that first reaches a
    state were all decided before it: a new element is put in P or not by
    that word, and every later state must agree. Returns (P, ()) or, at the
    first state that disagrees, (None, the heaps of a sum that reaches it).
    ``sample``, if given, receives a few option sets S seen with each element.
    """
    import heapq
    from functools import reduce
    from operator import or_

    size = len(table)
    decided: dict[int, bool] = {} if p is None else {x: x in p for x in range(size)}
    # Heaps that act alike are one transition (the smallest such heap gives the fewest tokens)
    moves: dict[tuple[int, frozenset[int]], int] = {}
    for h in range(1, len(phi)):
        if trans[h]:
            moves.setdefault((phi[h], trans[h]), h)
    steps = []
    for (g, tr), h in moves.items():
        column = table[:, g].tolist()  # s·g for each element s
        image = [1 << y for y in column]  # its bit
        steps.append((h, column, sorted(tr), image))
    p_mask = 0
    for x, is_p in decided.items():
        if is_p:
            p_mask |= 1 << x
    dist: dict[tuple[int, int], int] = {(0, 0): 0}
    parent: dict[tuple[int, int], tuple[tuple[int, int], int]] = {}
    # the bits of m·T(h) for each step, per element m: a state's set after a step is S·g ∪ m·T(h)
    after_t: dict[int, list[int]] = {}
    queue = [(0, 0, 0)]
    while queue:
        d, m, s = heapq.heappop(queue)
        if dist.get((m, s), -1) != d:
            continue
        _spend(budget)
        verdict = s != 0 and not (s & p_mask)
        if sample is not None:
            seen = sample.setdefault(m, [])
            if len(seen) < SAMPLE:
                seen.append(s)
        known = decided.get(m)
        if known is None:
            decided[m] = verdict
            if verdict:
                p_mask |= 1 << m
        elif known != verdict:
            word = []
            key = (m, s)
            while key in parent:
                key, h = parent[key]
                word.append(h)
            return None, tuple(sorted(word))
        bits = []
        rest = s
        while rest:
            low = rest & -rest
            bits.append(low.bit_length() - 1)
            rest ^= low
        masks = after_t.get(m)
        if masks is None:
            row = table[m]
            masks = after_t[m] = [reduce(or_, [1 << y for y in row[tr].tolist()], 0) for _, _, tr, _ in steps]
        for (h, column, _, image), t_mask in zip(steps, masks, strict=True):
            m2 = column[m]
            s2 = reduce(or_, map(image.__getitem__, bits), t_mask)
            key = (m2, s2)
            d2 = d + (h if weight is None else weight[h])
            old = dist.get(key)
            if old is None or d2 < old:
                if old is None:
                    _spend(budget)
                if old is None and len(dist) >= MAX_STATES:
                    raise ValueError(
                        f"the verification visits more than MAX_STATES = {MAX_STATES:,} states "
                        "(element, option set): the quotient is too large for this engine"
                    )
                dist[key] = d2
                parent[key] = ((m, s), h)
                heapq.heappush(queue, (d2, m2, s2))
    return {x for x, is_p in decided.items() if is_p}, ()


def _quick(table: np.ndarray, p: set[int], sample: dict[int, list[int]], x: int, tr: frozenset[int]) -> bool:
    """A necessary test for "heap h is element x": the sums Y + h for sampled states of Y agree with P.

    The state of Y + h is (yx, S(Y)x ∪ yT(h)); the full check is :func:`_verify`.
    """
    column = table[:, x].tolist()  # y·x for each element y
    options = sorted(tr)
    for y, sets in sample.items():
        is_p = column[y] in p
        base = set(table[y, options].tolist())
        for s in sets:
            after = set(base)
            bits = s
            while bits:
                low = bits & -bits
                after.add(column[low.bit_length() - 1])
                bits ^= low
            if is_p != (bool(after) and not (after & p)):
                return False
    return True


def _reduce(table: np.ndarray, p: set[int], gens: list[int]) -> tuple[list[int], int]:
    """Merge indistinguishable elements (x ~ y when xz ∈ P ⟺ yz ∈ P for every z): class of each, count.

    Every element is a product of the generators ``gens``, so it is enough to
    refine by P and by the classes of x·g (Moore's partition refinement).
    """
    size = len(table)
    return _refine([1 if x in p else 0 for x in range(size)], [table[:, g].tolist() for g in gens])


def _refine(
    cls: list[int], acts: list[list[int]], budget: list[int] | None = None, *, per_step: int | None = None
) -> tuple[list[int], int]:
    """Moore's partition refinement: split the classes ``cls`` until x and y in one class have x·g, y·g in one
    class for every action ``acts[k]`` (x ↦ x·g_k). The classes (numbered by first appearance) and their count.

    ``budget`` ([steps left]) is spent a round at a time (elements × actions): ValueError once it runs out
    (check_compact's MAX_COMPACT_WORK); with ``per_step``, quotient()'s search steps, per_step entries a step."""
    count = len(set(cls))
    while True:
        if per_step is not None:
            _spend(budget, len(cls) * (len(acts) + 1) // per_step)
        elif budget is not None:
            budget[0] -= len(cls) * (len(acts) + 1)
            if budget[0] < 0:
                raise ValueError(
                    f"reducing this table takes more than MAX_COMPACT_WORK = {MAX_COMPACT_WORK:,} steps (rounds of "
                    "partition refinement)"
                )
        keys = [(cls[x], *(cls[act[x]] for act in acts)) for x in range(len(cls))]
        index: dict[tuple, int] = {}
        new = [index.setdefault(key, len(index)) for key in keys]
        if len(index) == count:
            return new, count
        cls, count = new, len(index)


def _times_cycle(table: list[list[int]], index: int, period: int) -> list[list[int]]:
    """M × C(index, period): pairs (x, k), k < index + period, h^(index+period) = h^index; (x, k) ↦ x·c + k."""
    c = index + period
    size = len(table)
    power = [k if k < c else index + (k - index) % period for k in range(2 * c)]
    return [
        [table[x][y] * c + power[k + j] for y in range(size) for j in range(c)] for x in range(size) for k in range(c)
    ]


def _cycle_table(cycles: list[tuple[int, int]]) -> list[list[int]]:
    """The multiplication table of C(i1, p1) × C(i2, p2) × …, (k1, k2, …) numbered in mixed radix, k1 first."""
    table = [[0]]
    for index, period in cycles:
        table = _times_cycle(table, index, period)
    return table


def _cycle_for(table: np.ndarray, x: int, exponent: int) -> tuple[int, int]:
    """The cycle (index, period) for a freed heap: x's own, with an index of at least ``exponent`` - 1 and even period.

    x is the heap's element in the current pretension; the least failing sum
    has the heap ``exponent`` times, so its powers up to that one must be
    told apart.
    """
    powers = [0]
    while True:
        y = int(table[powers[-1], x])
        if y in powers:
            index = powers.index(y)
            period = len(powers) - index
            break
        powers.append(y)
    period = period if period % 2 == 0 else 2 * period
    return max(index, exponent - 1, 1), period


def _reachable(table: np.ndarray, gens: set[int]) -> list[int]:
    """The elements that are products of ``gens`` (the identity 0 included), in the order found."""
    seen = [0]
    found = {0}
    columns = [table[:, g].tolist() for g in sorted(gens)]
    for x in seen:
        for column in columns:
            y = column[x]
            if y not in found:
                found.add(y)
                seen.append(y)
    return seen


def _trial(
    game: HeapGame,
    table: np.ndarray,
    phi: list[int],
    h: int,
    free: list[int],
    cycles: list[tuple[int, int]],
    budget: list[int] | None = None,
) -> tuple[np.ndarray, set[int], list[int]]:
    """A trial pretension for heaps ≤ h: the heaps ``free`` become free cyclic generators, then mark and reduce.

    The monoid is M × C(i1, p1) × …, M the products of the elements (in
    ``table``) of the heaps that keep theirs (``phi``; phi[h] may be a
    placeholder when h is in ``free``). It is never tabulated: an element is
    a pair (m, k), multiplied coordinatewise, and only the products of heap
    elements are visited, through the columns x ↦ x·y of the elements y of
    heaps and their options (4 bytes an entry). Each one's P-status is decided by the fewest-token
    sum that reaches it (its options have fewer tokens, so theirs are
    decided already); then indistinguishable elements are merged
    (:func:`_reduce`). Returns (table, P, phi) of the reduced pretension,
    which :func:`_verify` must still check: this is a candidate, not a proof.
    """
    import heapq
    from array import array

    import numpy as np

    weight = _weights(game, h)
    kept = _reachable(table, {phi[k] for k in range(1, h + 1) if k not in free})
    at = {x: i for i, x in enumerate(kept)}
    cyc = _cycle_table(cycles)
    c = len(cyc)
    if len(kept) * c > MAX_TRIAL:
        raise ValueError(
            f"heap {h}: a trial monoid of {len(kept):,} × {c} = {len(kept) * c:,} elements is more than "
            f"MAX_TRIAL = {MAX_TRIAL:,}: the quotient is too large for this engine"
        )
    kept_arr = np.array(kept, dtype=np.int64)
    index_of = np.full(len(table), -1, dtype=np.int64)  # an element of table -> its index in kept
    index_of[kept_arr] = np.arange(len(kept))
    cyc_arr = np.array(cyc, dtype=np.int64)
    columns: dict[int, array] = {}

    def column(y: int) -> array:
        """x·y for every element x = (high, low) of the trial: (kept[high]·kept[y_high], low·y_low)."""
        col = columns.get(y)
        if col is None:
            high, low = divmod(y, c)
            left = index_of[table[kept_arr, kept[high]]] * c
            col = columns[y] = array("l", (left[:, None] + cyc_arr[:, low][None, :]).ravel().tolist())
        return col

    def times(x: int, y: int) -> int:
        return column(y)[x]

    psi = [at.get(x, 0) * c for x in phi[: h + 1]]
    unit = c
    for j, (index, period) in zip(free, cycles, strict=True):
        unit //= index + period
        psi[j] = unit
    trans: list[frozenset[int]] = [frozenset()]
    for k in range(1, h + 1):
        out = set()
        for option in game.options(k):
            x = 0
            for part in option:
                x = times(x, psi[part])
            out.add(x)
        trans.append(frozenset(out))
        if not out:
            psi[k] = 0
    steps: dict[tuple[int, frozenset[int]], int] = {}
    for k in range(1, h + 1):
        if trans[k]:
            steps.setdefault((psi[k], trans[k]), k)
    # Dijkstra over elements by fewest tokens: the first sum to reach an element decides its P-status
    verdict: dict[int, bool] = {}
    best = {0: 0}
    queue: list[tuple[int, int, frozenset[int]]] = [(0, 0, frozenset())]
    order: list[int] = []
    while queue:
        d, m, s = heapq.heappop(queue)
        if m in verdict:
            continue
        _spend(budget)
        verdict[m] = bool(s) and not any(verdict[x] for x in s)
        order.append(m)
        products = len(steps)
        for (g, tr), k in steps.items():
            m2 = times(m, g)
            d2 = d + weight[k]
            if m2 in verdict or best.get(m2, d2 + 1) <= d2:
                continue
            best[m2] = d2
            s2 = frozenset([times(x, g) for x in s] + [times(m, t) for t in tr])
            products += len(s) + len(tr)
            heapq.heappush(queue, (d2, m2, s2))
        _spend(budget, products // PRODUCTS_PER_STEP)
    where = {x: i for i, x in enumerate(order)}
    gens = sorted({where[g] for g, _ in steps})
    size = len(order)
    acts = []
    for g in gens:
        col = column(order[g])
        acts.append([where[col[x]] for x in order])
    cls, count = _refine([1 if verdict[x] else 0 for x in order], acts, budget, per_step=ENTRIES_PER_STEP)
    _check_table_bytes(count, f"heap {h}: a trial quotient of heaps <= {h}")
    rep = [0] * count
    for x in reversed(range(size)):
        rep[cls[x]] = x
    # the table of the classes, from one representative each: count² products, as arrays
    highs, lows = np.divmod(np.array([order[r] for r in rep], dtype=np.int64), c)
    held = kept_arr[highs]
    product = (index_of[table[np.ix_(held, held)]] * c + cyc_arr[np.ix_(lows, lows)]).astype(np.int32)
    position = np.full(len(kept) * c, -1, dtype=np.int32)
    position[np.array(order, dtype=np.int64)] = np.arange(size)
    new_table = np.array(cls, dtype=np.int16)[position[product]]  # every product of reached elements is reached
    p = {cls[where[x]] for x in order if verdict[x]}
    return new_table, p, [cls[where[x]] for x in psi]


def _predicts(table: np.ndarray, p: set[int], phi: list[int], word: tuple[int, ...]) -> bool:
    """Whether a pretension puts the sum ``word`` (its heaps) in P."""
    x = 0
    for k in word:
        x = int(table[x, phi[k]])
    return x in p


def _weights(game: HeapGame, n: int) -> list[int]:
    """A weight for each heap 0..n that every move lowers: h, or 2h - 1 when a move may split without taking.

    The searches decide a sum once all its options are decided, visiting sums by weight. Tokens serve when
    every move takes some; when a heap may split into parts of the same total (a leading 4, as Daisies, 4.7),
    2h - 1 still drops by at least 1 for each move (a split of h into a + b: 2h - 1 to 2h - 2). ``ValueError``
    for a game some move of which does not lower it (no finite misère analysis of this kind applies then).
    """
    options = [game.options(h) for h in range(n + 1)]
    keeps = any(sum(option) >= h for h in range(1, n + 1) for option in options[h])
    weight = [0] + [2 * h - 1 if keeps else h for h in range(1, n + 1)]
    for h in range(1, n + 1):
        for option in options[h]:
            if sum(weight[part] for part in option) >= weight[h]:
                raise ValueError(
                    f"{game.name}: the move from heap {h} to {option} does not lower the heaps' weight, "
                    "so the quotient's searches cannot order the sums"
                )
    return weight


def _failure(game: HeapGame, pretension: tuple, h: int, budget: list[int] | None = None) -> tuple[int, ...]:
    """The heaps of the least sum of heaps ≤ h that a pretension gets wrong, or () when it is right for every sum."""
    table, p, phi = pretension
    trans = [frozenset()] + [_transitions(game, table, phi, k) for k in range(1, h + 1)]
    return _verify(table, phi, trans, p, weight=_weights(game, h), budget=budget)[1]


def _recalibrate(
    game: HeapGame, pretension: tuple, failure: tuple[int, ...], h: int, budget: list[int] | None = None
) -> tuple:
    """A new trial pretension that gets the least failing sum right: free again some of its heaps.

    As MisereSolver recalibrates: the heaps of the failing sum, one at a time,
    then two at a time, …, become free cyclic generators (the other heaps keep
    their elements), and the first reduced trial that predicts the failing sum's
    true outcome (the opposite of the current one) is kept.
    """
    table, p, phi = pretension
    outcome = not _predicts(table, p, phi, failure)
    involved = sorted(set(failure))  # every heap of a failing sum has a move
    for size in range(1, len(involved) + 1):
        for free in combinations(involved, size):
            cycles = [_cycle_for(table, phi[k], failure.count(k)) for k in free]
            trial = _trial(game, table, phi, h, list(free), cycles, budget)
            if _predicts(*trial, failure) == outcome:
                return trial
    raise ValueError(
        f"heap {h}: no trial freeing heaps of the failing sum {list(failure)} predicts it: "
        "the quotient is too large for this engine"
    )


def quotient(game: HeapGame, n: int, *, max_work: int = MAX_QUOTIENT_WORK) -> MisereQuotient:
    """The misère quotient of ``game`` restricted to heaps of at most ``n`` tokens, computed heap by heap.

    This follows Plambeck and Siegel's method (as in MisereSolver): keep a
    *pretension* (a finite commutative monoid, a P-portion and each heap's
    element) that is right for every sum of heaps below n, and add heap n.
    First try each element x of the current quotient as the heap's element;
    if none works, adjoin the heap as a new generator h with a relation
    h^(i+p) = h^i (trying small i and p). If that fails too, *recalibrate*
    as MisereSolver does: take the least sum the trial gets wrong, free
    again some of its heaps (one, then two, … of them) as cyclic generators
    beside the products of the other heaps' elements (old elements split),
    decide each new element's P-status by the fewest-token sum reaching it,
    reduce, and keep the first trial that gets that sum right; repeat with
    the next failing sum. Trials are reduced at every stage, so they stay
    near the quotient's size instead of multiplying up.
    "Works" is checked exactly, for every sum of heaps ≤ n at once, by the
    finite automaton of :func:`_verify`; and a pretension that is right for
    every sum, restricted to the products of heaps and reduced, *is* the
    quotient (two sums are indistinguishable exactly when their elements
    are): the search only proposes, the check decides. For Dawson's Kayles
    this gives order 360 at n = 30, the size Siegel reports for Q_30(0.07)
    (cited: Plambeck's blog "Misère games", 28 August 2007).
    ``ValueError`` up front for n > MAX_QUOTIENT_HEAPS, and as soon as a
    quotient or reduced trial passes MAX_ORDER elements (before its table
    is allocated), a trial monoid MAX_TRIAL, a verification MAX_STATES
    states, one heap MAX_RECALIBRATIONS recalibrations, or all the searches
    ``max_work`` steps (MAX_QUOTIENT_WORK, about 50 s; counted as they run);
    and before an exact check, when the estimate of the checks still ahead
    (:class:`_Estimate`) passes the steps left, so a blow-up is refused
    early, naming the heap, the estimate and the limit.

    >>> from nimlib.rulesets import octal
    >>> q = quotient(octal("0.75"), 8)
    >>> q.order, q.presentation()
    (8, '⟨a, b, c | a² = 1, bc = ab, c² = b², b³ = b⟩')
    """
    if not isinstance(game, HeapGame):
        raise TypeError(f"game must be a HeapGame such as octal('0.77'), got {game!r}")
    n = check_int(n, "n", minimum=1)
    if n > MAX_QUOTIENT_HEAPS:
        raise ValueError(
            f"n = {n:,} is too large for quotient: the limit is n <= MAX_QUOTIENT_HEAPS = {MAX_QUOTIENT_HEAPS}"
        )
    max_work = check_int(max_work, "max_work", minimum=1)
    budget = [max_work]
    try:
        return _heap_by_heap(game, n, budget)
    except _OutOfWork as done:
        raise ValueError(
            f"heap {done.heap} of {n}: the searches have taken more than max_work = {max_work:,} steps "
            f"(about {max_work // 100_000:,} s; the default is MAX_QUOTIENT_WORK = {MAX_QUOTIENT_WORK:,}): "
            "the quotient is too large for this engine at this bound"
        ) from None
    except _TooMuchAhead as ahead:
        raise ValueError(
            f"heap {ahead.heap} of {n}: the next check covers {ahead.size:,} elements; at {ahead.rate:,} steps an "
            f"element (the most a check has taken so far) checking each of heaps {ahead.heap}..{n} once is estimated "
            f"at {ahead.estimate:,} steps, more than the {ahead.left:,} left of max_work = {max_work:,} "
            f"({max_work - ahead.left:,} spent; the default is MAX_QUOTIENT_WORK = {MAX_QUOTIENT_WORK:,}): "
            "refused before it starts, the quotient is too large for this engine at this bound"
        ) from None


class _OutOfWork(ValueError):
    """The work budget of one quotient() call ran out (at ``heap``)."""

    heap = 0


class _TooMuchAhead(ValueError):
    """The estimate of the checks still ahead passes the budget left (see :func:`_Estimate.check`)."""

    def __init__(self, heap: int, size: int, rate: int, estimate: int, left: int) -> None:
        super().__init__(heap, size, rate, estimate, left)
        self.heap, self.size, self.rate, self.estimate, self.left = heap, size, rate, estimate, left


class _Estimate:
    """The cost model quotient() refuses by before each exact check, so a blow-up is refused before it is paid for.

    Every heap h..n needs at least one exact check (:func:`_verify`) of a
    pretension, and a check of a monoid of s elements visits about s × r
    states, r the (element, option set) states per element. r is measured:
    the most steps per element any check of this call has taken (a check
    that fails stops early, so its rate is a lower bound of a full one's).
    Before a check of s elements at heap h the estimate of what is still
    ahead is (n - h + 1) × r × s, as if the quotient kept that size, each
    later heap checked once; past the budget left, ``_TooMuchAhead``.
    """

    def __init__(self, n: int, budget: list[int]) -> None:
        self.n, self.budget, self.rate = n, budget, 0.0

    @contextmanager
    def check(self, h: int, size: int) -> Iterator[None]:
        """Refuse when the estimate passes the budget left; else run the block (a check of ``size`` elements at
        heap h) and measure its steps per element."""
        estimate = int((self.n - h + 1) * self.rate * size)
        if estimate > self.budget[0]:
            raise _TooMuchAhead(h, size, round(self.rate), estimate, self.budget[0])
        before = self.budget[0]
        try:
            yield
        finally:
            self.rate = max(self.rate, (before - self.budget[0]) / size)


def _spend(budget: list[int] | None, steps: int = 1) -> None:
    """One search step (or ``steps``): ``_OutOfWork`` once the budget ([steps left]) runs out."""
    if budget is not None:
        budget[0] -= steps
        if budget[0] < 0:
            raise _OutOfWork()


def _heap_by_heap(game: HeapGame, n: int, budget: list[int]) -> MisereQuotient:
    """quotient()'s loop: add heaps 1..n to the pretension, spending ``budget``."""
    import numpy as np

    table = np.zeros((1, 1), dtype=np.int16)
    p: set[int] = set()
    phi = [0]
    trans: list[frozenset[int]] = [frozenset()]
    history = [1]
    sample: dict[int, list[int]] | None = None
    ahead = _Estimate(n, budget)
    h = 0
    try:
        for h in range(1, n + 1):
            tr = _transitions(game, table, phi, h)
            if not tr:
                phi.append(0)  # a heap with no move is the empty position
                trans.append(tr)
                history.append(len(table))
                continue
            alone_p = not (tr & p)
            weight = _weights(game, h)
            size = len(table)
            if sample is None:
                sample = {}
                with ahead.check(h, size):
                    _verify(table, phi, trans, p, sample, weight, budget)
            found = None
            for x in range(size):
                if (x in p) != alone_p or not _quick(table, p, sample, x, tr):
                    continue
                with ahead.check(h, size):
                    right = _verify(table, phi + [x], trans + [tr], p, weight=weight, budget=budget)[0] is not None
                if right:
                    found = x
                    break
            if found is not None:
                phi.append(found)
                trans.append(tr)
                history.append(len(table))
                continue
            # No element works: adjoin h as a new generator, and recalibrate until the exact check passes
            pretension, failure, start = None, (), None
            for index, period in _CYCLES:
                candidate = _trial(game, table, phi + [0], h, [h], [(index, period)], budget)
                with ahead.check(h, len(candidate[0])):
                    failure = _failure(game, candidate, h, budget)
                if not failure:
                    pretension = candidate
                    break
                if start is None or (index, period) == (2, 2):
                    start = candidate, failure
                if failure.count(h) <= index:
                    break  # no power of h in the failing sum passes the tail: recalibrate rather than lengthen
            attempts = 0
            while pretension is None:
                if attempts == MAX_RECALIBRATIONS:
                    raise ValueError(
                        f"heap {h}: no pretension after MAX_RECALIBRATIONS = {MAX_RECALIBRATIONS} recalibrations "
                        "predicts every sum: the quotient is too large for this engine"
                    )
                attempts += 1
                candidate = _recalibrate(game, *start, h, budget)
                with ahead.check(h, len(candidate[0])):
                    failure = _failure(game, candidate, h, budget)
                if failure:
                    start = candidate, failure
                else:
                    pretension = candidate
            result = pretension
            table, p, phi = result
            sample = None
            trans = [frozenset()] + [_transitions(game, table, phi, k) for k in range(1, h + 1)]
            history.append(len(table))
    except _OutOfWork as done:
        done.heap = h
        raise
    return _named(game, n, table, p, phi, history)


def _named(
    game: HeapGame, n: int, table: np.ndarray, p: set[int], phi: list[int], history: list[int]
) -> MisereQuotient:
    """Choose generators, renumber the elements by their least words (degree, then larger exponents of a, b, …).

    Heap k is a generator when its element is not a product of the elements of
    smaller heaps (so a, b, c, … are the first heaps that bring something new).
    """
    gens: list[int] = []
    span = {0}
    for h in range(1, len(phi)):
        if phi[h] not in span:
            gens.append(h)
            span = set(_reachable(table, {phi[g] for g in gens}))
    k = len(gens)
    gen_el = [phi[g] for g in gens]
    word_of: dict[int, tuple[int, ...]] = {0: (0,) * k}
    order = [0]
    layer = [(0,) * k]
    relations: list[tuple[tuple[int, ...], int]] = []
    normal = {(0,) * k}

    gen_columns = [table[:, g].tolist() for g in gen_el]

    def element_of(exps: tuple[int, ...]) -> int:
        x = 0
        for i, e in enumerate(exps):
            for _ in range(e):
                x = gen_columns[i][x]
        return x

    while len(order) < len(table) or layer:
        candidates = sorted(
            {tuple(w[j] + (j == i) for j in range(k)) for w in layer for i in range(k)}, key=lambda w: [-e for e in w]
        )
        layer = []
        for w in candidates:
            # a least non-name: every divisor is a name
            if not all(tuple(w[j] - (j == i) for j in range(k)) in normal for i in range(k) if w[i]):
                continue
            x = element_of(w)
            if x in word_of:
                relations.append((w, x))
            else:
                word_of[x] = w
                order.append(x)
                normal.add(w)
                layer.append(w)
        if not layer:
            break
    if len(order) != len(table):  # pragma: no cover
        raise AssertionError("the generators do not generate the quotient")  # cannot happen: Φ is onto
    import numpy as np

    new_index = {x: i for i, x in enumerate(order)}
    names = tuple(_word_text(word_of[x]) for x in order)
    renumber = np.empty(len(order), dtype=np.int64)
    renumber[order] = np.arange(len(order))
    ints = tuple(range(len(order)))  # one int object per element, shared by every row of the tuples
    new_table = tuple(tuple(map(ints.__getitem__, row)) for row in renumber[table[np.ix_(order, order)]].tolist())
    return MisereQuotient(
        game=game.name,
        bound=n,
        names=names,
        table=new_table,
        p_portion=frozenset(new_index[x] for x in p),
        pretend=tuple(new_index[x] for x in phi),
        generators=tuple(gens),
        relations=tuple((_word_text(w), names[new_index[x]]) for w, x in relations),
        history=tuple(history),
        exponents=tuple(word_of[x] for x in order),
    )


# ---------------------------------------------------------------- removed in 4.2, kept working until 5.0.0

_MOVED = {"misere_quotient", "Quotient"}


def __getattr__(name: str) -> object:
    """4.1's brute-force ``misere_quotient`` and its ``Quotient``: a deprecation shim (nimlib/_legacy_quotient.py)."""
    if name in _MOVED:
        from . import _legacy_quotient
        from ._deprecated import warn_moved

        warn_moved(f"nimlib.quotient.{name}", "nimlib.quotient.quotient(game, n) and MisereQuotient")
        return getattr(_legacy_quotient, name)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
