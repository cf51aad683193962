"""Misère Grundy values and Conway's genus of heap games (ONAG ch. 12; Winning Ways ch. 13).

In misère play the player who makes the last move loses. Sums do not obey
the XOR rule there, so every value below is computed on the misère game tree
itself: a position with no move has misère Grundy value 1 (the player to move
has won), any other position the mex of its options' values, and the
position is a misère P-position exactly when its value is 0.

Positions of a heap game are memoized as canonical multisets (sorted tuples
of non-empty heaps), so a heap of 12 and the sum 5 + 7 it can split into are
each solved once.

The *genus* of a heap H (Conway) is g^{γ0 γ1 γ2 …}: g its normal-play Grundy
value and γ_i the misère Grundy value of H plus i copies of the Nim heap *2.
The γ's end in an alternation of two values, shown once.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable

from ._check import check_int
from .rulesets import HeapGame

__all__ = [
    "MAX_GENUS_SIMPLE",
    "MAX_GENUS_SPLITTING",
    "MAX_GENUS_TAKE_ANY_SPLITTING",
    "MAX_MISERE_SIMPLE",
    "MAX_MISERE_SPLITTING",
    "MAX_MISERE_TAKE_ANY_SPLITTING",
    "MAX_TREE",
    "check_misere_size",
    "genus",
    "misere_grundy",
    "misere_values",
    "tree_value",
]

# The misère game tree is searched, so sizes are limited (each cap finishes in well under 20 s on a laptop).
# A game that splits heaps reaches every multiset of heaps whose sizes sum to at most n (about e^(2.6·√n)).
MAX_MISERE_SPLITTING = 40  # misere_values: heaps 0..39 of Kayles or Grundy's game
MAX_MISERE_TAKE_ANY_SPLITTING = 35  # a game that may take any number and split (Lasker's nim) has more options
MAX_MISERE_SIMPLE = 5_000  # misere_values of a game that never splits a heap (Nim: about n²/2 options)
MAX_GENUS_SPLITTING = 30  # genus adds copies of *2 and *1 to every position
MAX_GENUS_TAKE_ANY_SPLITTING = 25
MAX_GENUS_SIMPLE = 1_000
# misere_grundy and tree_value refuse a game tree of more positions than this by default
MAX_TREE = 5_000_000


def tree_value(
    options: Callable[[Hashable], Iterable[Hashable]],
    position: Hashable,
    known: dict[Hashable, int],
    *,
    misere: bool = True,
    limit: int | None = None,
) -> int:
    """The (misère or normal) Grundy value of ``position`` on the game tree given by ``options``.

    A position with no option is worth 1 in misère play (0 in normal play);
    otherwise the mex of the options' values. Iterative (no recursion limit)
    and memoized in ``known``, which callers share between calls. A game in
    which a position can reach itself is not finite and has no such value:
    ``ValueError``, as ``grundy.grundy_value`` says. With ``limit``, a search
    that meets more than ``limit`` new positions is refused (``ValueError``).
    """
    if position in known:
        return known[position]
    budget = limit
    terminal = 1 if misere else 0
    on_path = {position}
    stack: list[list] = [[position, iter(options(position)), set(), False]]
    while stack:
        frame = stack[-1]
        pushed = False
        for child in frame[1]:
            frame[3] = True
            value = known.get(child)
            if value is None:
                if child in on_path:
                    raise ValueError(f"the game is not finite: position {child!r} can reach itself")
                if budget is not None:
                    budget -= 1
                    if budget <= 0:
                        raise ValueError(f"the game tree of {position!r} has more than limit={limit:,} positions")
                on_path.add(child)
                stack.append([child, iter(options(child)), set(), False])
                pushed = True
                break
            frame[2].add(value)
        if pushed:
            continue
        stack.pop()
        on_path.discard(frame[0])
        seen = frame[2]
        if not frame[3]:
            value = terminal
        else:
            value = 0
            while value in seen:
                value += 1
        known[frame[0]] = value
        if stack:
            stack[-1][2].add(value)
    return known[position]


def _check_heap_game(game: object) -> HeapGame:
    if not isinstance(game, HeapGame):
        raise TypeError(f"game must be a HeapGame such as octal('0.77'), got {game!r}")
    return game


def _kind(game: HeapGame) -> str:
    """How a heap game's misère tree grows: "splitting", "take-any splitting" (more options) or "simple"."""
    takes = game.takes
    if takes is None:
        return "take-any splitting"  # not a take rule: assume the worst
    if not takes.take_split:
        return "simple"
    return "take-any splitting" if takes.take_any else "splitting"


_LIMITS = {
    (False, "simple"): "MAX_MISERE_SIMPLE",
    (False, "splitting"): "MAX_MISERE_SPLITTING",
    (False, "take-any splitting"): "MAX_MISERE_TAKE_ANY_SPLITTING",
    (True, "simple"): "MAX_GENUS_SIMPLE",
    (True, "splitting"): "MAX_GENUS_SPLITTING",
    (True, "take-any splitting"): "MAX_GENUS_TAKE_ANY_SPLITTING",
}
_KINDS = {
    "simple": "a game that never splits a heap",
    "splitting": "a game that splits heaps",
    "take-any splitting": "a game that takes any number and splits heaps",
}


def check_misere_size(game: HeapGame, n: int, *, genus: bool = False) -> None:
    """Refuse, up front, ``n`` heaps too many for ``misere_values`` (or ``genus``): ``ValueError`` naming the limit."""
    game = _check_heap_game(game)
    n = check_int(n, "n")
    kind = _kind(game)
    name = _LIMITS[genus, kind]
    limit = globals()[name]
    if n > limit:
        what = "the genus" if genus else "misère values"
        raise ValueError(
            f"n = {n:,} is too large for {what} of {_KINDS[kind]} (the misère game tree is searched): "
            f"the limit is n <= {name} = {limit:,}"
        )


def misere_values(game: HeapGame, n: int) -> list[int]:
    """Misère Grundy values of single heaps 0, 1, …, n-1 of a heap game, from the misère game tree.

    The heap of size 0 is the empty position: no move, value 1. The tree of a
    game that splits heaps grows like the partitions of n, so ``n`` is limited
    to MAX_MISERE_SPLITTING = 40 for such games (MAX_MISERE_TAKE_ANY_SPLITTING
    = 35 if a move may also take any number, as in Lasker's nim) and to
    MAX_MISERE_SIMPLE = 5,000 otherwise (``ValueError`` up front).

    >>> from nimlib.rulesets import kayles, nim
    >>> misere_values(nim, 5), misere_values(kayles, 8)
    ([1, 0, 2, 3, 4], [1, 0, 2, 3, 0, 1, 3, 2])
    """
    game = _check_heap_game(game)
    n = check_int(n, "n")
    check_misere_size(game, n)
    if _is_nim(game):  # the same values by the closed form (see _nim_misere_value), not ~n²/2 searched options
        return [_nim_misere_value(m) for m in range(n)]
    return _misere_values_searched(game, n)


def _misere_values_searched(game: HeapGame, n: int) -> list[int]:
    """``misere_values`` from the misère game tree (every game; the tests check Nim's closed form against it)."""
    known: dict[Hashable, int] = {}
    return [tree_value(game.successors, (m,) if m else (), known) for m in range(n)]


def _is_nim(game: HeapGame) -> bool:
    """True when ``game`` is Nim: any number may be taken from a heap, which is never split (nim, 0.[3]).

    ``take_any`` adds every j >= 1 to ``take_all`` and ``take_one``, so their own entries change nothing.
    """
    takes = game.takes
    return takes is not None and takes.take_any and not takes.take_split and not takes.take_except


def _nim_misere_value(m: int) -> int:
    """The misère Grundy value of a single Nim heap of m: 1, 0, then m itself for m >= 2.

    Proof, by induction on m. The heap of 0 has no move: value 1. The heap of 1 has the one option 0, worth 1:
    mex{1} = 0. For m >= 2 the options are the heaps 0, 1, ..., m-1, worth 1, 0, 2, ..., m-1 by induction:
    exactly the values 0..m-1, so the mex is m. (Conway, *On Numbers and Games*, ch. 12: a Nim position's misère
    value is its nim-sum unless every heap is 0 or 1; the tests check it against the searched tree.)
    """
    return 1 if m == 0 else 0 if m == 1 else m


def _nim_genus(m: int) -> tuple[int, tuple[int, ...]]:
    """The genus of a single Nim heap of m, as ``genus`` prints it: 0^120, 1^031, and m^(m, m XOR 2) for m >= 2.

    γ_i is the misère value of *m + i·*2. Conway (*On Numbers and Games*, ch. 12; *Winning Ways*, ch. 13): the
    misère Grundy value of a Nim position is its nim-sum when some heap is 2 or more, and 1 XOR (the number of
    1-heaps mod 2) when every heap is 0 or 1 (both by induction, as in ``_nim_misere_value``). So for m >= 2
    every γ_i is a nim-sum, m XOR 2·(i mod 2): settled from γ_0, shown as (m, m XOR 2). For m = 0: γ_0 = 1
    (the empty position), then *2·i alternates 2, 0: (1, 2, 0). For m = 1: γ_0 = 0, then 3, 1, 3, ...:
    (0, 3, 1). ``genus``'s stopping rule cuts the searched sequence at the same places (tests compare).
    """
    if m == 0:
        return 0, (1, 2, 0)
    if m == 1:
        return 1, (0, 3, 1)
    return m, (m, m ^ 2)


def misere_grundy(game: object, position: Hashable, *, limit: int = MAX_TREE) -> int:
    """The misère Grundy value of any position of a finite impartial game (0 exactly at misère P-positions).

    ``game`` is a rules object of the game protocol (``nimlib.game.Game``), a
    ``HeapGame`` (then ``position`` is a tuple of heap sizes) or a successors
    function. The game's own ``misere`` flag is ignored: this is misère play.
    As ``grundy.grundy_value`` does, a game in which a position can reach
    itself is refused, and so is a game tree of more than ``limit`` (5,000,000)
    positions (``ValueError``).

    >>> from nimlib.rulesets import nim
    >>> misere_grundy(nim, (1, 1)), misere_grundy(nim, (1, 1, 1)), misere_grundy(nim, (2, 2))
    (1, 0, 0)
    """
    limit = check_int(limit, "limit", minimum=1)
    if isinstance(game, HeapGame):
        from ._check import check_position

        heaps = tuple(sorted(h for h in check_position(position) if h))
        return tree_value(game.successors, heaps, {}, limit=limit)
    if hasattr(game, "moves") and hasattr(game, "apply"):
        from .game import options

        checked = game.check(position) if hasattr(game, "check") else position
        return tree_value(lambda p: options(game, p), checked, {}, limit=limit)
    if callable(game):
        return tree_value(game, position, {}, limit=limit)
    raise TypeError(f"game must be a Game rules object, a HeapGame or a successors function, got {game!r}")


# ---------------------------------------------------------------- genus

# A genus state: (the game's heaps as a sorted tuple, number of *2 heaps, number of *1 heaps).
# The Nim heaps are kept apart from the game's heaps: a heap of 2 in the game need not be *2.
_State = tuple[tuple[int, ...], int, int]

# Most copies of *2 tried before giving up on a settled alternation
MAX_TWOS = 40
# The alternation must hold this many more steps beyond the last two values shown
CONFIRM = 4


def _genus_options(game: HeapGame) -> Callable[[_State], Iterable[_State]]:
    def options(state: _State) -> Iterable[_State]:
        heaps, twos, ones = state
        for after in dict.fromkeys(game.successors(heaps)):
            yield (after, twos, ones)  # type: ignore[misc]
        if twos:
            yield (heaps, twos - 1, ones + 1)  # *2 -> *1
            yield (heaps, twos - 1, ones)  # *2 -> 0
        if ones:
            yield (heaps, twos, ones - 1)  # *1 -> 0

    return options


def genus(game: HeapGame, n: int) -> list[tuple[int, tuple[int, ...]]]:
    """Conway's genus g^{γ0 γ1 …} of heaps 0, 1, …, n-1: ``(g, (γ0, γ1, …))``.

    g is the normal-play Grundy value; γ_i the misère Grundy value of the
    heap plus i copies of *2 (a Nim heap of size 2), computed on the misère
    game tree. The list of γ's stops as soon as the sequence has *settled*:
    it is cut after γ_{k+1}, k the least index such that γ_j = γ_{j+2} for
    every j >= k that was computed, and we compute CONFIRM (= 4) more values
    of i beyond the cut to see the alternation persist. Conway proved that
    every genus sequence ends in such an alternation; this stopping rule
    checks it on the computed terms, it does not prove the alternation for
    larger i. ``ValueError`` if it has not settled by MAX_TWOS copies.

    >>> from nimlib.rulesets import nim
    >>> genus(nim, 4)
    [(0, (1, 2, 0)), (1, (0, 3, 1)), (2, (2, 0)), (3, (3, 1))]
    """
    game = _check_heap_game(game)
    n = check_int(n, "n")
    check_misere_size(game, n, genus=True)
    if _is_nim(game):  # the closed form (_nim_genus): Nim to 1,000 heaps searched for about 23 s of CPU
        return [_nim_genus(m) for m in range(n)]
    return _genus_searched(game, n)


def _genus_searched(game: HeapGame, n: int) -> list[tuple[int, tuple[int, ...]]]:
    """``genus`` from the misère game tree (every game; the tests check Nim's closed form against it)."""
    options = _genus_options(game)
    known: dict[Hashable, int] = {}
    normal: dict[Hashable, int] = {}
    out = []
    for m in range(n):
        heaps = (m,) if m else ()
        g = tree_value(game.successors, heaps, normal, misere=False)
        gammas: list[int] = []
        i = 0
        while True:
            gammas.append(tree_value(options, (heaps, i, 0), known))
            k = _settled_from(gammas)
            if k is not None and len(gammas) >= k + 2 + CONFIRM:
                out.append((g, tuple(gammas[: k + 2])))
                break
            i += 1
            if i > MAX_TWOS:
                raise ValueError(f"the genus of heap {m} has not settled within {MAX_TWOS} copies of *2")
    return out


def _settled_from(gammas: list[int]) -> int | None:
    """The least k with γ_j = γ_{j+2} for all computed j >= k (None if the last pair already differs)."""
    last = len(gammas) - 3
    if last < 0 or gammas[last] != gammas[last + 2]:
        return None
    k = last
    while k > 0 and gammas[k - 1] == gammas[k + 1]:
        k -= 1
    return k
