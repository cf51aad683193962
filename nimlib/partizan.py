"""Partizan games: Left's and Right's options, outcome classes, numbers, and Blue-Red Hackenbush.

A *partizan* game lets the two players have different moves. Here a position is written as a pair
``(left_options, right_options)`` of tuples of positions (Conway's ``{L | R}``), so that
``ZERO = ((), ())`` is the game where nobody can move and ``STAR = ((ZERO,), (ZERO,))`` is ``{0 | 0}``.
Play is normal: a player who cannot move loses. Left is the first player of the notation (Blue in
Hackenbush), Right the second (Red).

Two independent computations live here, and the tests compare them:

- **search** (knows nothing about numbers): :func:`left_wins_first`, :func:`right_wins_first`,
  :func:`outcome` of one position, :func:`sum_outcome` of a sum of positions (searched as a tuple of
  components, never built as one game), and :func:`hackenbush_outcome` of a sum of Blue-Red
  Hackenbush stalks and trees, searched edge by edge;
- **values**: :func:`stalk_value` by the sign expansion (Berlekamp's rule), :func:`simplest_between`
  (the simplicity rule), :func:`number_value` of a position whose options are numbers, and
  :func:`tree_value` of a Hackenbush tree by the simplicity rule.

Blue-Red Hackenbush: a *stalk* is a string of ``"B"`` (blue, Left's) and ``"R"`` (red, Right's)
edges, read from the ground up (``"BRR"``); a *tree* is a tuple of branches ``(colour, tree)``
standing on one vertex (the ground, for the whole tree): ``(("B", (("R", ()), ("R", ()))),)`` is a
blue edge with two red edges on top. Cutting an edge removes it and everything above it.

Limits, refused up front: a stalk or tree of at most :data:`MAX_EDGES` edges for the values, and at
most :data:`MAX_SEARCH_EDGES` edges in all for a search (the number of positions grows like a product
over the pieces).
"""

from __future__ import annotations

import functools
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ._check import check_str
from .game import JSON, Ruleset, to_json

__all__ = [
    "MAX_EDGES",
    "MAX_PICTURE_EDGES",
    "MAX_PIECE_POSITIONS",
    "MAX_SEARCH_EDGES",
    "STAR",
    "ZERO",
    "BlueRedHackenbush",
    "add",
    "born_by",
    "game",
    "hackenbush_outcome",
    "left_wins_first",
    "negative",
    "number_game",
    "number_value",
    "outcome",
    "right_wins_first",
    "sign_expansion",
    "simplest_between",
    "stalk",
    "stalk_value",
    "sum_outcome",
    "tree",
    "tree_edges",
    "tree_game",
    "tree_moves",
    "tree_value",
]

Game = tuple  # (left options, right options), each a tuple of Games
Tree = tuple  # branches (colour, Tree), sorted

MAX_EDGES = 200  # edges in one stalk or tree whose value is computed
MAX_SEARCH_EDGES = 24  # edges in all in a sum searched edge by edge
MAX_PICTURE_EDGES = 24  # edges of a picture played in the widget (the page searches values the same way)
# positions of one piece (the edges above one ground edge) of a picture: the page values each by the simplicity
# rule over its positions, so a bushy tree (a root edge with 23 leaves has 2^23) is refused up front; at 1,024
# (a root edge with 10 leaves) the page's first reply took 0.45 s under node on this shared 2-core machine
MAX_PIECE_POSITIONS = 1024
MAX_GAME_SIZE = 20_000  # distinct positions in a game form (game, number_game, tree_game)
OUTCOMES = ("L", "R", "N", "P")  # the four outcome classes

ZERO: Game = ((), ())
STAR: Game = ((ZERO,), (ZERO,))


# ------------------------------------------------------------------ game forms


def _check_game(g: object, name: str = "g") -> Game:
    """``g`` if it is a game form (a pair of tuples of game forms), else TypeError naming ``name``."""
    seen: set[int] = set()
    todo = [(g, name)]
    while todo:
        x, where = todo.pop()
        if id(x) in seen:
            continue
        if not (isinstance(x, tuple) and len(x) == 2 and isinstance(x[0], tuple) and isinstance(x[1], tuple)):
            raise TypeError(
                f"{where} must be a game: a pair (left_options, right_options) of tuples of games, got {x!r:.80}"
            )
        seen.add(id(x))
        if len(seen) > MAX_GAME_SIZE:
            raise ValueError(f"{name} has more than {MAX_GAME_SIZE} positions; the limit is {MAX_GAME_SIZE}")
        for side, options in (("left", x[0]), ("right", x[1])):
            todo.extend((o, f"{where}'s {side} option") for o in options)
    return g  # type: ignore[return-value]


def game(left: Iterable[Game] = (), right: Iterable[Game] = ()) -> Game:
    """The game ``{left | right}``: Left may move to any of ``left``, Right to any of ``right``.

    >>> game([ZERO], [ZERO]) == STAR
    True
    """
    if isinstance(left, str | bytes) or isinstance(right, str | bytes):
        raise TypeError("left and right must be iterables of games, not strings")
    g = (tuple(left), tuple(right))
    for i, o in enumerate(g[0]):
        _check_game(o, f"left[{i}]")
    for i, o in enumerate(g[1]):
        _check_game(o, f"right[{i}]")
    return g


@functools.cache
def negative(g: Game) -> Game:
    """``-g``: the same game with the players' roles swapped."""
    return (tuple(negative(o) for o in g[1]), tuple(negative(o) for o in g[0]))


@functools.cache
def add(g: Game, h: Game) -> Game:
    """The disjunctive sum ``g + h`` as one game form: the mover moves in ``g`` or in ``h``.

    The form grows like the product of the sizes: for small games only (sum_outcome searches sums
    without building them).
    """
    left = tuple(add(o, h) for o in g[0]) + tuple(add(g, o) for o in h[0])
    right = tuple(add(o, h) for o in g[1]) + tuple(add(g, o) for o in h[1])
    return (left, right)


@functools.cache
def left_wins_first(g: Game) -> bool:
    """Left, moving first in ``g``, wins: some Left option is a position Right loses moving first."""
    return any(not right_wins_first(o) for o in g[0])


@functools.cache
def right_wins_first(g: Game) -> bool:
    """Right, moving first in ``g``, wins: some Right option is a position Left loses moving first."""
    return any(not left_wins_first(o) for o in g[1])


def _class(left_first: bool, right_first: bool) -> str:
    """The outcome class from who wins moving first: L, R, N (first player) or P (second player)."""
    if left_first and not right_first:
        return "L"  # Left wins moving first, and Right moving first loses: Left wins either way
    if right_first and not left_first:
        return "R"
    return "N" if left_first else "P"


def outcome(g: Game) -> str:
    """The outcome class of ``g`` by search: ``"L"``, ``"R"``, ``"N"`` or ``"P"``.

    >>> outcome(ZERO), outcome(STAR), outcome(game([ZERO])), outcome(game([], [ZERO]))
    ('P', 'N', 'L', 'R')
    """
    g = _check_game(g)
    return _class(left_wins_first(g), right_wins_first(g))


def sum_outcome(*games: Game) -> str:
    """The outcome class of ``games[0] + games[1] + ...``, by search over tuples of components.

    >>> sum_outcome(STAR, STAR)
    'P'
    """
    if not games:
        raise ValueError("games must hold at least one game")
    parts = tuple(sorted(_check_game(g, f"games[{i}]") for i, g in enumerate(games)))
    return _class(_sum_first(parts, 0), _sum_first(parts, 1))


@functools.cache
def _sum_first(parts: tuple, side: int) -> bool:
    """The player ``side`` (0 Left, 1 Right), moving first in the sum of ``parts``, wins."""
    for i, g in enumerate(parts):
        for o in g[side]:
            after = tuple(sorted(parts[:i] + (o,) + parts[i + 1 :]))
            if not _sum_first(after, 1 - side):
                return True
    return False


def born_by(day: int) -> list[Game]:
    """Every game form born by ``day`` (0, 1 or 2): options any subsets of the forms born the day before.

    Day 0 has one form (0), day 1 has 4 (0, *, 1, -1 and their forms), day 2 has 256 forms.
    """
    if isinstance(day, bool) or not isinstance(day, int):
        raise TypeError(f"day must be an int, got {day!r}")
    if not 0 <= day <= 2:
        raise ValueError(f"day must be 0, 1 or 2 (day 3 has 2^512 forms), got {day}")
    forms = [ZERO]
    for _ in range(day):
        subsets = [()]
        for f in forms:
            subsets += [s + (f,) for s in subsets]
        forms = [(a, b) for a in subsets for b in subsets]
    return forms


# ------------------------------------------------------------------ numbers


def _as_fraction(x: object, name: str) -> Fraction:
    if isinstance(x, bool) or not isinstance(x, int | Fraction):
        raise TypeError(f"{name} must be an int or a fractions.Fraction, got {x!r} ({type(x).__name__})")
    return Fraction(x)


def _is_dyadic(x: Fraction) -> bool:
    d = x.denominator
    return d & (d - 1) == 0


def simplest_between(low: Fraction | int | None, high: Fraction | int | None) -> Fraction:
    """The simplest number strictly between ``low`` and ``high`` (None: no bound on that side).

    The simplest is the integer of least absolute value if the interval holds an integer, else the
    dyadic fraction with the smallest denominator in it (there is exactly one).

    >>> [str(simplest_between(a, b)) for a, b in [(None, None), (0, None), (0, 1), (Fraction(1, 2), 1), (-3, -1)]]
    ['0', '1', '1/2', '3/4', '-2']
    """
    lo = None if low is None else _as_fraction(low, "low")
    hi = None if high is None else _as_fraction(high, "high")
    if lo is not None and hi is not None and not lo < hi:
        raise ValueError(f"low must be less than high (no number lies strictly between {lo} and {hi})")
    # integers first: the one nearest 0
    if (lo is None or lo < 0) and (hi is None or hi > 0):
        return Fraction(0)
    if hi is not None and hi <= 0:  # the interval lies at or below 0: the greatest integer below hi, if above lo
        n = -((-hi.numerator) // hi.denominator) - 1  # the largest integer < hi
        if lo is None or n > lo:
            return Fraction(n)
    else:  # lo >= 0
        n = lo.numerator // lo.denominator + 1  # the smallest integer > lo
        if hi is None or n < hi:
            return Fraction(n)
    # no integer inside (both bounds finite): the smallest power-of-two denominator with a multiple inside
    d = 2
    while True:
        k = (lo * d).numerator // (lo * d).denominator + 1  # the smallest multiple of 1/d above lo
        if Fraction(k, d) < hi:
            return Fraction(k, d)
        d *= 2


def number_value(g: Game) -> Fraction | None:
    """The number ``g`` equals, by the simplicity rule, or None when the rule does not apply.

    The rule applies when every option is a number (by the rule, recursively) and every Left option
    is less than every Right option: ``g`` is then the simplest number strictly between the largest
    Left option and the smallest Right option.

    >>> number_value(STAR) is None, number_value(game([ZERO])), number_value(game([ZERO], [game([ZERO])]))
    (True, Fraction(1, 1), Fraction(1, 2))
    """
    return _number_value(_check_game(g))


@functools.cache
def _number_value(g: Game) -> Fraction | None:
    lefts = [_number_value(o) for o in g[0]]
    rights = [_number_value(o) for o in g[1]]
    if any(v is None for v in lefts + rights):
        return None
    low = max(lefts, default=None)
    high = min(rights, default=None)
    if low is not None and high is not None and not low < high:
        return None
    return simplest_between(low, high)


def number_game(x: Fraction | int) -> Game:
    """The canonical game of the dyadic number ``x``: ``n = {n-1 | }``, ``m/2^j = {x - 2^-j | x + 2^-j}``.

    >>> number_value(number_game(Fraction(3, 4)))
    Fraction(3, 4)
    """
    x = _as_fraction(x, "x")
    if not _is_dyadic(x):
        raise ValueError(f"x must be a dyadic fraction (denominator a power of 2), got {x}")
    if abs(x) > 64 or x.denominator > 2**16:
        raise ValueError(f"x must lie in [-64, 64] with denominator at most 2^16, got {x}")
    return _number_game(x)


@functools.cache
def _number_game(x: Fraction) -> Game:
    if x.denominator == 1:
        if x == 0:
            return ZERO
        return ((_number_game(x - 1),), ()) if x > 0 else ((), (_number_game(x + 1),))
    step = Fraction(1, x.denominator)
    return ((_number_game(x - step),), (_number_game(x + step),))


# ------------------------------------------------------------------ Blue-Red Hackenbush

COLOURS = ("B", "R")  # Blue is Left's, Red is Right's


def stalk(s: object, name: str = "s") -> str:
    """``s`` checked as a stalk: a string of ``B`` and ``R`` (the ground first), at most MAX_EDGES long."""
    check_str(s, name)
    if len(s) > MAX_EDGES:
        raise ValueError(f"{name} may have at most {MAX_EDGES} edges, got {len(s)}")
    bad = sorted(set(s) - set(COLOURS))
    if bad:
        raise ValueError(
            f"{name} must be a string of 'B' (blue) and 'R' (red) edges, ground first; got {bad[0]!r} in {s!r}"
        )
    return s


def sign_expansion(s: str) -> list[Fraction]:
    """The terms of the stalk's value, one per edge from the ground (Berlekamp's rule).

    The edges up to the first change of colour count +1 (blue) or -1 (red) each; from the first edge
    of the other colour on, each counts half the one before, signed by its colour.

    >>> [str(t) for t in sign_expansion("BBRB")]
    ['1', '1', '-1/2', '1/4']
    """
    s = stalk(s)
    terms: list[Fraction] = []
    weight = Fraction(1)
    changed = False
    for i, c in enumerate(s):
        if not changed and i > 0 and c != s[0]:
            changed = True
        if changed:
            weight /= 2
        terms.append(weight if c == "B" else -weight)
    return terms


def stalk_value(s: str) -> Fraction:
    """The value of the stalk ``s``: the sum of its sign expansion's terms.

    >>> stalk_value("BR"), stalk_value("BRR"), stalk_value("RRB")
    (Fraction(1, 2), Fraction(1, 4), Fraction(-3, 2))
    """
    return sum(sign_expansion(s), Fraction(0))


def tree(spec: object, name: str = "tree") -> Tree:
    """A tree in canonical form (branches sorted) from a stalk string or nested branches ``(colour, tree)``.

    >>> tree("BR") == tree([("B", [("R", [])])])
    True
    """
    if isinstance(spec, str):
        s = stalk(spec, name)
        t: Tree = ()
        for c in reversed(s):
            t = ((c, t),)
        return t
    count = [0]

    def walk(x: object, where: str) -> Tree:
        if isinstance(x, str | bytes) or not isinstance(x, Sequence):
            raise TypeError(f"{where} must be a sequence of branches (colour, tree), got {x!r:.60}")
        out = []
        for i, b in enumerate(x):
            here = f"{where}[{i}]"
            if isinstance(b, str | bytes) or not isinstance(b, Sequence) or len(b) != 2:
                raise TypeError(f"{here} must be a branch (colour, tree), got {b!r:.60}")
            if b[0] not in COLOURS:
                raise ValueError(f"{here}'s colour must be 'B' or 'R', got {b[0]!r}")
            count[0] += 1
            if count[0] > MAX_EDGES:
                raise ValueError(f"{name} may have at most {MAX_EDGES} edges")
            out.append((b[0], walk(b[1], f"{here}[1]")))
        return tuple(sorted(out))

    return walk(spec, name)


def tree_edges(t: Tree) -> int:
    """The number of edges of the tree ``t``."""
    return sum(1 + tree_edges(sub) for _, sub in t)


@functools.cache
def tree_moves(t: Tree, colour: str) -> tuple[Tree, ...]:
    """The trees left after each cut of an edge of ``colour`` (everything above the cut falls)."""
    out = []
    for i, (c, sub) in enumerate(t):
        rest = t[:i] + t[i + 1 :]
        if c == colour:
            out.append(rest)
        for smaller in tree_moves(sub, colour):
            out.append(tuple(sorted(rest + ((c, smaller),))))
    return tuple(out)


def tree_game(t: object) -> Game:
    """The game form of a tree (or stalk): Left cuts blue edges, Right red ones."""
    t = tree(t, "t")
    if tree_edges(t) > 16:
        raise ValueError(f"t may have at most 16 edges for its game form, got {tree_edges(t)}")
    return _tree_game(t)


@functools.cache
def _tree_game(t: Tree) -> Game:
    return (tuple(_tree_game(o) for o in tree_moves(t, "B")), tuple(_tree_game(o) for o in tree_moves(t, "R")))


def tree_value(t: object) -> Fraction:
    """The value of a Blue-Red Hackenbush tree (or stalk) by the simplicity rule, recursively.

    Every Blue-Red Hackenbush position is a number (Winning Ways, ch. 2), so the rule always applies.

    >>> tree_value([("B", [("R", []), ("R", [])])])
    Fraction(1, 4)
    """
    t = tree(t, "t")
    return _tree_value(t)


@functools.cache
def _tree_value(t: Tree) -> Fraction:
    if len(t) > 1:  # branches on one vertex are a sum
        return sum((_tree_value((b,)) for b in t), Fraction(0))
    lefts = [_tree_value(o) for o in tree_moves(t, "B")]
    rights = [_tree_value(o) for o in tree_moves(t, "R")]
    return simplest_between(max(lefts, default=None), min(rights, default=None))


def hackenbush_outcome(*pieces: object) -> str:
    """The outcome class of a sum of stalks and trees by search, cutting edge by edge (no values used).

    >>> hackenbush_outcome("B", "R"), hackenbush_outcome("BR", "R"), hackenbush_outcome("BR", "BR", "R")
    ('P', 'R', 'P')
    """
    if not pieces:
        raise ValueError("pieces must hold at least one stalk or tree")
    trees = [tree(p, f"pieces[{i}]") for i, p in enumerate(pieces)]
    total = sum(tree_edges(t) for t in trees)
    if total > MAX_SEARCH_EDGES:
        raise ValueError(f"a search takes at most {MAX_SEARCH_EDGES} edges in all, got {total}")
    whole = tuple(sorted(t for t in trees if t))
    return _class(_hb_first(whole, "B"), _hb_first(whole, "R"))


@functools.cache
def _hb_first(pieces: tuple, colour: str) -> bool:
    """The player of ``colour``, cutting first in the sum of ``pieces``, wins."""
    other = "R" if colour == "B" else "B"
    for i, t in enumerate(pieces):
        rest = pieces[:i] + pieces[i + 1 :]
        for smaller in tree_moves(t, colour):
            after = tuple(sorted(rest + ((smaller,) if smaller else ())))
            if not _hb_first(after, other):
                return True
    return False


# ------------------------------------------------------------------ the play widget's rules


@dataclass(frozen=True)
class BlueRedHackenbush(Ruleset):
    """Blue-Red Hackenbush on a fixed picture of stalks and trees: position = (edges standing, player).

    ``pieces``: stalks (``"BRB"``) and trees (nested branches) standing side by side on the ground.
    The picture's edges are numbered 0, 1, ... (each piece from the ground up, depth first); an edge
    is ``(parent, child, colour)`` with vertex 0 the ground. A position is the sorted tuple of the
    edges still standing (each joined to the ground) and the player to move (0 = the reader, who
    plays the colour ``reader``, Blue by default; 1 = the computer, the other colour); a move is
    ``(edge,)``, an edge of the mover's colour.
    """

    pieces: tuple = ("BRB", "RBB")
    reader: str = "B"
    name: str = "Blue-Red Hackenbush"
    widget: ClassVar[str] = "blue-red-hackenbush"
    partizan: ClassVar[bool] = True

    def __post_init__(self) -> None:
        check_str(self.name, "name")
        if self.reader not in COLOURS:
            raise ValueError(f"reader must be 'B' (the reader plays Blue) or 'R' (Red), got {self.reader!r}")
        if isinstance(self.pieces, str) or not isinstance(self.pieces, Sequence):
            raise TypeError(f"pieces must be a sequence of stalks and trees, got {self.pieces!r:.60}")
        if not self.pieces:
            raise ValueError("pieces must hold at least one stalk or tree")
        edges: list[tuple[int, int, str]] = []

        def place(branches: object, parent: int, where: str) -> None:
            if isinstance(branches, str):
                stalk(branches, where)
                for c in branches:
                    edges.append((parent, len(edges) + 1, c))
                    parent = len(edges)
                return
            for i, (c, sub) in enumerate(_branches(branches, where)):
                edges.append((parent, len(edges) + 1, c))
                place(sub, len(edges), f"{where}[{i}][1]")

        for i, p in enumerate(self.pieces):
            place(p, 0, f"pieces[{i}]")
            if len(edges) > MAX_PICTURE_EDGES:
                raise ValueError(f"pieces may have at most {MAX_PICTURE_EDGES} edges in all, got more")
        if not edges:
            raise ValueError("pieces must have at least one edge")
        above: list[int] = [1] * len(edges)  # positions of the piece above and including each edge, with it standing
        for i in range(len(edges) - 1, -1, -1):
            for j in range(i + 1, len(edges)):
                if edges[j][0] == i + 1:
                    above[i] *= 1 + above[j]
            if above[i] > MAX_PIECE_POSITIONS:
                raise ValueError(
                    f"pieces: the tree above edge {i} has {above[i]} positions; at most {MAX_PIECE_POSITIONS} "
                    "(the page values each piece over its positions)"
                )
        object.__setattr__(self, "pieces", tuple(self.pieces))
        object.__setattr__(self, "_edges", tuple(edges))

    @property
    def edges(self) -> tuple[tuple[int, int, str], ...]:
        """The picture's edges ``(parent, child, colour)``, vertex 0 the ground, child = index + 1."""
        return self._edges  # type: ignore[attr-defined]

    def _grounded(self, standing: Iterable[int]) -> tuple[int, ...]:
        """The edges of ``standing`` joined to the ground (every edge below them standing), sorted."""
        s = set(standing)
        kept = []
        for i in sorted(s):  # parents come before children
            parent = self.edges[i][0]
            if parent == 0 or (parent - 1) in kept:
                kept.append(i)
        return tuple(kept)

    def check(self, position: object) -> tuple[tuple[int, ...], int]:
        if not isinstance(position, tuple | list) or len(position) != 2:
            raise TypeError(f"position must be a pair (edges standing, player), got {position!r:.80}")
        standing, player = position
        if isinstance(standing, str | bytes) or not isinstance(standing, Sequence):
            raise TypeError(f"position[0] (edges standing) must be a sequence of edge numbers, got {standing!r:.60}")
        if player not in (0, 1) or isinstance(player, bool):
            raise ValueError(f"position[1] (player) must be 0 (the reader) or 1 (the computer), got {player!r}")
        n = len(self.edges)
        for e in standing:
            if isinstance(e, bool) or not isinstance(e, int) or not 0 <= e < n:
                raise ValueError(f"position[0] must hold edge numbers 0 to {n - 1}, got {e!r}")
        s = tuple(sorted(set(standing)))
        if s != tuple(standing) or self._grounded(s) != s:
            raise ValueError("position[0] must list edges standing, sorted, each once, each joined to the ground")
        return s, player

    def start(self):
        return tuple(range(len(self.edges))), 0

    def colour(self, player: int) -> str:
        """The colour player 0 (the reader) or 1 (the computer) cuts."""
        return self.reader if player == 0 else ("R" if self.reader == "B" else "B")

    def moves(self, position):
        standing, player = self.check(position)
        colour = self.colour(player)
        return [(e,) for e in standing if self.edges[e][2] == colour]

    def apply(self, position, move):
        standing, player = self.check(position)
        if not isinstance(move, tuple | list) or len(move) != 1 or move[0] not in standing:
            raise ValueError(f"move must be (edge,) with an edge standing, got {move!r:.60}")
        e = move[0]
        if self.edges[e][2] != self.colour(player):
            raise ValueError(f"edge {e} is {'blue' if self.edges[e][2] == 'B' else 'red'}: not the mover's colour")
        return self._grounded(x for x in standing if x != e), 1 - player

    def describe(self, position, move):
        e = move[0]
        return f"cut {'blue' if self.edges[e][2] == 'B' else 'red'} edge {e}"

    def pieces_of(self, standing: Iterable[int]) -> list[Tree]:
        """The standing edges as trees, one per ground edge (canonical form)."""
        s = set(standing)
        children: dict[int, list[int]] = {}
        for e in sorted(s):
            children.setdefault(self.edges[e][0], []).append(e)

        def build(vertex: int) -> Tree:
            return tuple(sorted((self.edges[e][2], build(self.edges[e][1])) for e in children.get(vertex, [])))

        return [((self.edges[e][2], build(self.edges[e][1])),) for e in children.get(0, [])]

    def value(self, position) -> Fraction:
        """The position's value: the sum of its pieces' values (positive: Blue wins; 0: the second player)."""
        standing, _ = self.check(position)
        return sum((tree_value(t) for t in self.pieces_of(standing)), Fraction(0))

    def winning_move(self, position):
        """The mover's winning move by values (the one that changes the total least), or None."""
        _, player = self.check(position)
        best = None
        for m in self.moves(position):
            v = self.value(self.apply(position, m))
            key = v if self.colour(player) == "R" else -v  # Red wants the value small, Blue large
            if best is None or key < best[0]:
                best = (key, m)
        if best is None or best[0] > 0:
            return None
        return best[1]

    def encode(self, position):
        return to_json(list(self.check(position)[0]))

    def decode(self, data):
        from .game import from_json

        return self.check((tuple(from_json(data)), 0))

    def encode_move(self, move):
        return [int(move[0])]

    def decode_move(self, data):
        if not isinstance(data, list) or len(data) != 1:
            raise TypeError(f"move must be [edge], got {data!r:.60}")
        return (data[0],)

    def widget_params(self) -> dict[str, JSON]:
        return {
            "edges": [[p, c] for p, c, _ in self.edges],
            "colours": "".join(c for *_, c in self.edges),
            "reader": self.reader,
        }


def _branches(spec: object, where: str) -> list[tuple[str, object]]:
    """The branches of a picture's tree in the order given: [(colour, subtree spec), ...]."""
    if isinstance(spec, str | bytes) or not isinstance(spec, Sequence):
        raise TypeError(f"{where} must be a stalk string or a sequence of branches (colour, tree), got {spec!r:.60}")
    out = []
    for i, b in enumerate(spec):
        if isinstance(b, str | bytes) or not isinstance(b, Sequence) or len(b) != 2:
            raise TypeError(f"{where}[{i}] must be a branch (colour, tree), got {b!r:.60}")
        if b[0] not in COLOURS:
            raise ValueError(f"{where}[{i}]'s colour must be 'B' or 'R', got {b[0]!r}")
        out.append((b[0], b[1]))
    return out
