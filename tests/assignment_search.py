"""Exhaustive searches for the assignment tests, written from the games' rules alone.

Nothing here imports nimlib or uses a formula from the book (no XOR rule, no sum theorem, no periodicity
theorem, no colon principle, no quotient): each game is its moves, and a value is the mex of its options'
values computed on the whole position, or an outcome by backward induction. ``expected(template, params)``
is what the search says the key's answer must be.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Hashable, Iterable
from functools import cache


def least_missing(values: Iterable[int]) -> int:
    """The least non-negative integer not among ``values`` (the definition of mex, by counting up)."""
    seen = set(values)
    n = 0
    while n in seen:
        n += 1
    return n


class Search:
    """Grundy values and outcomes of one game given by its options, memoised on positions."""

    def __init__(self, options: Callable[[Hashable], Iterable[Hashable]], misere: bool = False) -> None:
        self.options = options
        self.misere = misere
        self.values: dict[Hashable, int] = {}

    def value(self, position: Hashable) -> int:
        """The Grundy value (misère: the misère Grundy value, 1 at a position with no move), iteratively."""
        stack = [position]
        while stack:
            p = stack[-1]
            if p in self.values:
                stack.pop()
                continue
            options = list(dict.fromkeys(self.options(p)))
            todo = [o for o in options if o not in self.values]
            if todo:
                stack.extend(todo)
                continue
            stack.pop()
            if self.misere and not options:
                self.values[p] = 1
            else:
                self.values[p] = least_missing(self.values[o] for o in options)
        return self.values[position]

    def is_p(self, position: Hashable) -> bool:
        return self.value(position) == 0


# ---------------------------------------------------------------- games, from their rules


def nim_options(position: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    """Nim: take one or more stones from one heap (positions sorted: the heaps' order does not matter)."""
    for i, h in enumerate(position):
        for b in range(h):
            yield tuple(sorted(position[:i] + (b,) + position[i + 1 :]))


def nim_moves(position: tuple[int, ...]) -> Iterable[tuple[int, int]]:
    for i, h in enumerate(position):
        for b in range(h):
            yield (i, b)


def moore_options(k: int) -> Callable[[tuple[int, ...]], Iterable[tuple[int, ...]]]:
    """Moore's Nim_k: take stones from at least one and at most k heaps."""

    def options(position: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        for count in range(1, k + 1):
            for heaps in itertools.combinations(range(len(position)), count):
                for sizes in itertools.product(*(range(position[i]) for i in heaps)):
                    after = list(position)
                    for i, s in zip(heaps, sizes, strict=True):
                        after[i] = s
                    yield tuple(sorted(after))

    return options


def heap_rule_options(single: Callable[[int], Iterable[tuple[int, ...]]]):
    """A heap game: one heap becomes what ``single`` lists (tuples of heaps); positions are sorted tuples."""

    def options(position: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
        for i, h in enumerate(position):
            rest = position[:i] + position[i + 1 :]
            for parts in single(h):
                yield tuple(sorted(x for x in rest + parts if x))

    return options


def octal_single(code: str) -> Callable[[int], Iterable[tuple[int, ...]]]:
    """An octal code's digits: digit j, bit 1 take j leaving nothing, bit 2 leaving one heap, bit 4 two heaps."""
    digits = [int(d) for d in code.partition(".")[2]]

    def single(n: int) -> Iterable[tuple[int, ...]]:
        for j, d in enumerate(digits, 1):
            if d & 1 and n == j:
                yield ()
            if d & 2 and n > j:
                yield (n - j,)
            if d & 4:
                for a in range(1, n - j):
                    if n - j - a >= 1:
                        yield (a, n - j - a)

    return single


def subtraction_single(subtract: list[int]) -> Callable[[int], Iterable[tuple[int, ...]]]:
    return lambda n: [(n - s,) for s in subtract if s <= n]


def kayles_single(n: int) -> Iterable[tuple[int, ...]]:
    """Kayles: knock down one pin or two neighbours; the row falls apart in up to two rows."""
    for width in (1, 2):
        for left in range(n - width + 1):
            yield (left, n - width - left)


def lasker_single(n: int) -> Iterable[tuple[int, ...]]:
    """Lasker's nim: take any number from a heap, or split it into two non-empty heaps."""
    yield from ((b,) for b in range(n))
    yield from ((a, n - a) for a in range(1, n // 2 + 1))


def grundy_single(n: int) -> Iterable[tuple[int, ...]]:
    """Grundy's game: split a heap into two non-empty heaps of different sizes."""
    return [(a, n - a) for a in range(1, n) if a < n - a]


def staircase_options(position: tuple[int, ...]) -> Iterable[tuple[int, ...]]:
    """Staircase nim: move one or more coins from a step down one step; step 1 (index 0) is the ground."""
    for i in range(1, len(position)):
        for c in range(1, position[i] + 1):
            after = list(position)
            after[i] -= c
            after[i - 1] += c
            yield tuple(after)


def queen_options(position: tuple[int, int]) -> Iterable[tuple[int, int]]:
    """Wythoff's game: the queen moves left, down, or diagonally down-left."""
    x, y = position
    yield from ((a, y) for a in range(x))
    yield from ((x, b) for b in range(y))
    yield from ((x - d, y - d) for d in range(1, min(x, y) + 1))


def mock_turtles_options(heads: frozenset[int]) -> Iterable[frozenset[int]]:
    """Mock Turtles: turn one, two or three coins, the rightmost from heads to tails."""
    for x in heads:
        for others in itertools.chain(
            [()], itertools.combinations(range(1, x), 1), itertools.combinations(range(1, x), 2)
        ):
            yield heads.symmetric_difference({x, *others})


def ruler_options(heads: frozenset[int]) -> Iterable[frozenset[int]]:
    """Ruler: turn a run of consecutive coins, the rightmost from heads to tails."""
    for x in heads:
        for start in range(1, x + 1):
            yield heads.symmetric_difference(range(start, x + 1))


def hackenbush_options(edges: frozenset[tuple[int, int]]) -> Iterable[frozenset[tuple[int, int]]]:
    """Green Hackenbush: cut an edge; the edges no longer joined to the ground (vertex 0) fall."""
    for cut in edges:
        rest = edges - {cut}
        reach, todo = {0}, [0]
        while todo:
            v = todo.pop()
            for u, w in rest:
                for a, b in ((u, w), (w, u)):
                    if a == v and b not in reach:
                        reach.add(b)
                        todo.append(b)
        yield frozenset(e for e in rest if e[0] in reach or e[1] in reach)


@cache
def nim_product_table(rows: int, columns: int) -> tuple[tuple[int, ...], ...]:
    """Conway's definition: a ⊗ b = mex{a' ⊗ b ⊕' a ⊗ b' ⊕' a' ⊗ b' : a' < a, b' < b}, with ⊕' the nim-sum by
    columns (bits added without carry, written out digit by digit, not with ^)."""
    table = [[0] * columns for _ in range(rows)]
    for a in range(rows):
        for b in range(columns):
            table[a][b] = least_missing(
                carryless(carryless(table[x][b], table[a][y]), table[x][y]) for x in range(a) for y in range(b)
            )
    return tuple(map(tuple, table))


def carryless(a: int, b: int) -> int:
    """Binary addition without carries, digit by digit."""
    out, place = 0, 1
    while a or b:
        out += place * ((a % 2 + b % 2) % 2)
        a, b, place = a // 2, b // 2, place * 2
    return out


# ---------------------------------------------------------------- what each template's answer must be

_SEARCHES: dict[str, Search] = {}


def _search(key: str, options, misere: bool = False) -> Search:
    if key not in _SEARCHES:
        _SEARCHES[key] = Search(options, misere)
    return _SEARCHES[key]


def winning(search: Search, moves, canonical=lambda p: p) -> list:
    """The moves whose position after is a P-position."""
    return sorted(m for m, after in moves if search.is_p(canonical(after)))


def expected(template: str, p: dict) -> object:
    """The answer the rules give for the problem, by exhaustive search."""
    if template == "nim-outcome":
        return "P" if _search("nim", nim_options).is_p(tuple(p["heaps"])) else "N"
    if template == "nim-sum":
        total = 0
        for h in p["heaps"]:
            total = carryless(total, h)
        return total
    if template in ("nim-winning-moves", "misere-nim-winning-moves"):
        misere = template.startswith("misere")
        s = _search(template, nim_options, misere)
        heaps = tuple(p["heaps"])
        moves = [((i, b), heaps[:i] + (b,) + heaps[i + 1 :]) for i, b in nim_moves(heaps)]
        return [list(m) for m in winning(s, moves, lambda a: tuple(sorted(a)))]
    if template == "moore-winning-moves":
        s = _search(f"moore{p['k']}", moore_options(p["k"]))
        heaps = tuple(p["heaps"])
        # every position one move away, in the heaps' order (the options are listed sorted)
        after = set()
        for count in range(1, p["k"] + 1):
            for chosen in itertools.combinations(range(len(heaps)), count):
                for sizes in itertools.product(*(range(heaps[i]) for i in chosen)):
                    position = list(heaps)
                    for i, size in zip(chosen, sizes, strict=True):
                        position[i] = size
                    after.add(tuple(position))
        return sorted(list(a) for a in after if s.is_p(tuple(sorted(a))))
    if template == "mex":
        return least_missing(p["set"])
    if template in ("subtraction-outcomes", "subtraction-values", "subtraction-period"):
        s = Search(heap_rule_options(subtraction_single(p["subtract"])))
        if template == "subtraction-period":
            values = [s.value((n,) if n else ()) for n in range(400)]
            return list(least_period(values))
        values = [s.value((n,) if n else ()) for n in range(p["n"] + 1)]
        return "".join("P" if v == 0 else "N" for v in values) if template == "subtraction-outcomes" else values
    if template == "graph-values":
        s = Search(lambda v: p["edges"][v])
        return [s.value(v) for v in range(len(p["edges"]))]
    if template == "octal-values":
        s = _search(f"octal{p['code']}", heap_rule_options(octal_single(p["code"])))
        return [s.value((n,) if n else ()) for n in range(p["n"] + 1)]
    if template == "kayles-sum":
        # The sum as one game: Kayles rows and a Nim heap, a move in exactly one of them
        rows = heap_rule_options(kayles_single)

        def options(position):
            kayles, heap = position
            yield from ((after, heap) for after in rows(kayles))
            yield from ((kayles, b) for b in range(heap))

        return _search("kayles+nim", options).value((tuple(sorted(p["rows"])), p["heap"]))
    if template in ("lasker-value", "grundys-game-value"):
        single = lasker_single if template == "lasker-value" else grundy_single
        return _search(template, heap_rule_options(single)).value(tuple(sorted(p["heaps"])))
    if template == "staircase-winning-moves":
        s = _search("staircase", staircase_options)
        steps = tuple(p["steps"])
        moves = []
        for i in range(1, len(steps)):
            for c in range(1, steps[i] + 1):
                after = list(steps)
                after[i] -= c
                after[i - 1] += c
                moves.append(((i + 1, c), tuple(after)))
        return [list(m) for m in winning(s, moves)]
    if template == "wythoff-p-positions":
        s = _search("queen", queen_options)
        return [
            [a, b] for a in range(p["x"][0], p["x"][1] + 1) for b in range(p["y"][0], p["y"][1] + 1) if s.is_p((a, b))
        ]
    if template == "wythoff-winning-moves":
        s = _search("queen", queen_options)
        return sorted(list(q) for q in queen_options(tuple(p["position"])) if s.is_p(q))
    if template in ("mock-turtles-value", "ruler-value"):
        options = mock_turtles_options if template == "mock-turtles-value" else ruler_options
        return _search(template, options).value(frozenset(p["heads"]))
    if template == "nim-product":
        return nim_product_table(16, 32)[p["a"]][p["b"]]
    if template == "hackenbush-tree":
        return Search(hackenbush_options).value(frozenset(tuple(e) for e in p["edges"]))
    if template == "kayles-misere-outcome":
        s = _search("misere-kayles", heap_rule_options(kayles_single), misere=True)
        return "P" if s.is_p(tuple(sorted(p["rows"]))) else "N"
    if template == "genus":
        return genus_by_search(p["code"], p["n"])
    raise KeyError(template)


def least_period(values: list[int]) -> tuple[int, int]:
    """The least period p of the listed values' tail, then the least preperiod with it (checked on the list)."""
    n = len(values)
    for period in range(1, n // 3):
        pre = n - period
        while pre > 0 and values[pre - 1] == values[pre - 1 + period]:
            pre -= 1
        if pre + 2 * period < n - 100:  # the repetition holds well before the end of the list
            return pre, period
    raise AssertionError("no period within the values listed")


def genus_by_search(code: str, n: int) -> list:
    """g and γ0, γ1, ... of a heap of n, each γi the misère value of the heap plus i Nim heaps of 2."""
    heap = heap_rule_options(octal_single(code))

    def options(position):
        game, twos = position
        yield from ((after, twos) for after in heap(game))
        for i, t in enumerate(twos):  # a Nim heap of 2 or 1 goes down
            for b in range(t):
                yield (game, tuple(sorted(twos[:i] + ((b,) if b else ()) + twos[i + 1 :])))

    normal = _search(f"octal{code}", heap)
    misere = _search(f"genus{code}", options, misere=True)
    g = normal.value((n,) if n else ())
    gammas = [misere.value(((n,) if n else (), (2,) * i)) for i in range(9)]
    # cut after the sequence has settled into its alternation: γj = γ(j+2) for every j >= k, then keep γk, γ(k+1)
    k = len(gammas) - 3
    while k > 0 and gammas[k - 1] == gammas[k + 1]:
        k -= 1
    return [g, gammas[: k + 2]]
