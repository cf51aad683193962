"""Games on graphs with a memory: Vertex Geography, Edge Geography and Node Kayles.

A graph is ``n`` vertices ``0..n-1`` and a list of edges ``(u, v)``; directed
for Geography unless ``directed=False``, always undirected for Node Kayles.

- **Vertex Geography**: a token stands on ``start`` (which counts as visited);
  a move slides it along an edge to a vertex not yet visited. The player who
  cannot move loses. The position is (where the token is, the visited set).
- **Edge Geography**: the same, but each *edge* may be used at most once and
  vertices may be revisited. The position is (where the token is, the used edges).
- **Node Kayles**: a move picks a vertex still in the graph and removes it with
  its neighbours; whoever takes the last vertex wins (normal play). The position
  is the set of vertices left. A position is the sum of its connected components.

Every answer comes from an exhaustive search memoised on bitmasks (a pure inner
function keyed by ints, cached for one call only). Sizes are refused up front:
the searches cost about (positions) x (moves), and the limits keep that under a
few million steps.
"""

from __future__ import annotations

import functools
import math
import random
from collections.abc import Iterable, Mapping, Sequence

from ._check import check_bool, check_int
from .game import JSON, SubsetRuleset
from .grundy import grundy_value

# An edge (u, v) between vertices 0..n-1; from u to v in a directed graph
Edge = tuple[int, int]

MAX_VERTICES = 64
"""Node Kayles and matchings: the most vertices of a graph (a position is a bitmask of at most 64 bits). The cost
is not known up front (a path of 60 vertices has about 1,800 connected pieces, a dense graph of 30 has millions),
so the search also counts its work as it goes, up to MAX_NODE_KAYLES_WORK."""

MAX_NODE_KAYLES_WORK = 300_000
"""Node Kayles: the most moves the search examines (each one a component split of the position left), refused
with this limit named when passed: about 3 seconds of Python at 40 vertices (measured on a shared 2-core machine).
The path of 60 vertices needs about 36,000, the Petersen graph about 10,000."""

MAX_MATCHING_VERTICES = 20
"""Maximum matchings by search: at most 2**20 bitmasks of vertices left, each tried against its lowest vertex's
neighbours."""

MAX_GEOGRAPHY_VERTICES = 16
"""Vertex Geography: at most n · 2**(n-1) positions (token, visited set), n moves each: 16 gives about 8 million
steps at worst (a complete digraph), seconds in Python."""

MAX_GEOGRAPHY_EDGES = 18
"""Edge Geography: at most (vertices) · 2**edges positions (token, used edges); 18 edges bound it by a few million."""

MAX_WIDGET_VERTICES = 12
"""The play widget's graphs: the page computes the Grundy value of every induced subgraph it meets (at most
2**12 = 4096 bitmasks) and draws every vertex as a 40 px button in a 320 px picture."""


# ---------------------------------------------------------------- graphs


def check_graph(
    n: object, edges: object, *, directed: bool, limit: int, multi: bool = False, what: str = "this search"
) -> tuple[int, tuple[Edge, ...]]:
    """``(n, edges)`` checked: n a vertex count at most ``limit``, edges pairs of distinct vertices below n.

    Undirected edges are stored as ``(min, max)``; repeated edges are dropped unless ``multi``
    (Edge Geography may use two parallel roads). Raises naming the argument.
    """
    n = check_int(n, "n")
    if n > limit:
        raise ValueError(f"n must be at most {limit} vertices for {what}, got {n}")
    if isinstance(edges, (str, bytes, Mapping)) or not isinstance(edges, Iterable):
        raise TypeError(f"edges must be a sequence of (u, v) pairs (a dict is not), got {edges!r}")
    out: list[Edge] = []
    for i, edge in enumerate(edges):
        if not isinstance(edge, tuple | list) or len(edge) != 2:
            raise TypeError(f"edges[{i}] must be a pair (u, v) of vertices, got {edge!r}")
        u = check_int(edge[0], f"edges[{i}][0]")
        v = check_int(edge[1], f"edges[{i}][1]")
        if u >= n or v >= n:
            raise ValueError(f"edges[{i}] = ({u}, {v}) names a vertex outside 0..{n - 1}")
        if u == v:
            raise ValueError(f"edges[{i}] = ({u}, {v}) is a loop; these games have none")
        e = (u, v) if directed else (min(u, v), max(u, v))
        if multi or e not in out:
            out.append(e)
        if len(out) > 2 * n * n + 64:  # read no further than any search here could take
            raise ValueError(f"edges must hold at most 2n² + 64 = {2 * n * n + 64} edges, got more")
    return n, tuple(out)


def _vertex(v: object, n: int, name: str) -> int:
    v = check_int(v, name)
    if v >= n:
        raise ValueError(f"{name} must be a vertex 0..{n - 1}, got {v}")
    return v


def _masks(n: int, edges: Sequence[Edge], directed: bool) -> tuple[int, ...]:
    """Each vertex's out-neighbours (all neighbours if undirected) as a bitmask."""
    out = [0] * n
    for u, v in edges:
        out[u] |= 1 << v
        if not directed:
            out[v] |= 1 << u
    return tuple(out)


def _bits(mask: int) -> list[int]:
    """The set bits of ``mask``, lowest first (a loop over the bits set, not over every bit)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def path(n: int) -> tuple[int, tuple[Edge, ...]]:
    """The path P_n: vertices 0..n-1 in a row.

    >>> path(3)
    (3, ((0, 1), (1, 2)))
    """
    n = check_int(n, "n")
    return n, tuple((i, i + 1) for i in range(n - 1))


def cycle(n: int) -> tuple[int, tuple[Edge, ...]]:
    """The cycle C_n (n ≥ 3).

    >>> cycle(4)
    (4, ((0, 1), (1, 2), (2, 3), (0, 3)))
    """
    n = check_int(n, "n")
    if n < 3:
        raise ValueError(f"n must be at least 3 for a cycle, got {n}")
    return n, (*((i, i + 1) for i in range(n - 1)), (0, n - 1))


def star(k: int) -> tuple[int, tuple[Edge, ...]]:
    """The star K_{1,k}: centre 0 joined to leaves 1..k.

    >>> star(3)
    (4, ((0, 1), (0, 2), (0, 3)))
    """
    k = check_int(k, "k")
    return k + 1, tuple((0, i) for i in range(1, k + 1))


def complete(n: int) -> tuple[int, tuple[Edge, ...]]:
    """The complete graph K_n."""
    n = check_int(n, "n")
    return n, tuple((u, v) for u in range(n) for v in range(u + 1, n))


def petersen() -> tuple[int, tuple[Edge, ...]]:
    """The Petersen graph: an outer 5-cycle 0..4, an inner pentagram 5..9, spokes i to i+5."""
    outer = [(i, (i + 1) % 5) for i in range(5)]
    inner = [(5 + i, 5 + (i + 2) % 5) for i in range(5)]
    spokes = [(i, i + 5) for i in range(5)]
    return 10, tuple((min(u, v), max(u, v)) for u, v in outer + inner + spokes)


def cube() -> tuple[int, tuple[Edge, ...]]:
    """The cube graph Q_3: vertices 0..7, joined when they differ in one bit."""
    return 8, tuple((u, v) for u in range(8) for v in range(u + 1, 8) if bin(u ^ v).count("1") == 1)


def random_graph(n: int, p: float, seed: int) -> tuple[int, tuple[Edge, ...]]:
    """A random graph G(n, p) from ``random.Random(seed)``: each pair joined with probability p."""
    n = check_int(n, "n")
    if not isinstance(p, int | float) or isinstance(p, bool) or not 0 <= p <= 1:
        raise ValueError(f"p must be a probability in [0, 1], got {p!r}")
    rng = random.Random(check_int(seed, "seed", minimum=None))
    return n, tuple((u, v) for u in range(n) for v in range(u + 1, n) if rng.random() < p)


def all_graphs(n: int) -> list[tuple[Edge, ...]]:
    """Every labelled undirected graph on vertices 0..n-1 (2**(n(n-1)/2) of them; n at most 6)."""
    n = check_int(n, "n")
    if n > 6:
        raise ValueError(f"n must be at most 6 (2**15 labelled graphs), got {n}")
    pairs = [(u, v) for u in range(n) for v in range(u + 1, n)]
    return [tuple(e for i, e in enumerate(pairs) if bits >> i & 1) for bits in range(1 << len(pairs))]


# ---------------------------------------------------------------- Vertex Geography


def _geography_solver(succ: tuple[int, ...]):
    @functools.cache
    def wins(v: int, visited: int) -> bool:
        # the player to move with the token on v wins iff some unvisited successor is a loss for the other
        options = succ[v] & ~visited
        while options:
            w = (options & -options).bit_length() - 1
            options &= options - 1
            if not wins(w, visited | 1 << w):
                return True
        return False

    return wins


def geography_winning_moves(
    n: int, edges: Sequence[Edge], start: int, visited: Iterable[int] = (), *, directed: bool = True
) -> list[int]:
    """Vertex Geography: the vertices the token may move to from ``start`` that win, by exhaustive search.

    ``visited`` lists the vertices already used (``start`` counts as visited anyway).

    >>> geography_winning_moves(*path(3), 0, directed=False)   # 0 → 1 leaves the other player 1 → 2, then stuck
    []
    >>> geography_winning_moves(*path(3), 1, directed=False)
    [0, 2]
    """
    n, edges = check_graph(n, edges, directed=check_bool(directed, "directed"), limit=MAX_GEOGRAPHY_VERTICES,
                           what="Vertex Geography")  # fmt: skip
    start = _vertex(start, n, "start")
    if isinstance(visited, (str, bytes, Mapping)) or not isinstance(visited, Iterable):
        raise TypeError(f"visited must be a collection of vertices, got {visited!r}")
    seen = 1 << start
    for i, v in enumerate(visited):
        seen |= 1 << _vertex(v, n, f"visited[{i}]")
    succ = _masks(n, edges, directed)
    wins = _geography_solver(succ)
    return [w for w in _bits(succ[start] & ~seen) if not wins(w, seen | 1 << w)]


def geography_wins(n: int, edges: Sequence[Edge], start: int, *, directed: bool = True) -> bool:
    """Vertex Geography from the start: True if the first player (to move from ``start``) wins.

    >>> geography_wins(*path(4), 0, directed=False), geography_wins(*path(3), 0, directed=False)
    (True, False)
    """
    return bool(geography_winning_moves(n, edges, start, directed=directed))


# ---------------------------------------------------------------- Edge Geography


def edge_geography_winning_moves(
    n: int, edges: Sequence[Edge], start: int, used: Iterable[int] = (), *, directed: bool = True
) -> list[int]:
    """Edge Geography: the indices of the edges out of ``start`` (not in ``used``) whose use wins.

    Edges keep their order and repeats (two parallel roads are two edges); undirected edges
    may be used either way, once.

    >>> edge_geography_winning_moves(3, [(0, 1), (1, 2), (2, 0)], 0)   # one road round: 3 moves, first wins
    [0]
    """
    directed = check_bool(directed, "directed")
    n, edges = check_graph(n, edges, directed=directed, limit=MAX_GEOGRAPHY_VERTICES, multi=True,
                           what="Edge Geography")  # fmt: skip
    if len(edges) > MAX_GEOGRAPHY_EDGES:
        raise ValueError(f"edges must hold at most {MAX_GEOGRAPHY_EDGES} edges for Edge Geography, got {len(edges)}")
    start = _vertex(start, n, "start")
    if isinstance(used, (str, bytes, Mapping)) or not isinstance(used, Iterable):
        raise TypeError(f"used must be a collection of edge indices, got {used!r}")
    done = 0
    for i, e in enumerate(used):
        e = check_int(e, f"used[{i}]")
        if e >= len(edges):
            raise ValueError(f"used[{i}] must be an edge index 0..{len(edges) - 1}, got {e}")
        done |= 1 << e
    out_edges: list[list[tuple[int, int]]] = [[] for _ in range(n)]  # (edge index, far end)
    for i, (u, v) in enumerate(edges):
        out_edges[u].append((i, v))
        if not directed:
            out_edges[v].append((i, u))

    @functools.cache
    def wins(v: int, used_mask: int) -> bool:
        return any(not used_mask >> i & 1 and not wins(w, used_mask | 1 << i) for i, w in out_edges[v])

    return [i for i, w in out_edges[start] if not done >> i & 1 and not wins(w, done | 1 << i)]


def edge_geography_wins(n: int, edges: Sequence[Edge], start: int, *, directed: bool = True) -> bool:
    """Edge Geography from the start: True if the first player wins.

    >>> edge_geography_wins(2, [(0, 1), (1, 0)], 0), edge_geography_wins(2, [(0, 1), (1, 0), (0, 1)], 0)
    (False, True)
    """
    return bool(edge_geography_winning_moves(n, edges, start, directed=directed))


# ---------------------------------------------------------------- matchings


def maximum_matching_size(n: int, edges: Sequence[Edge], without: Iterable[int] = ()) -> int:
    """The size of a maximum matching of the undirected graph (less the vertices in ``without``), by search.

    Either the lowest vertex left is unmatched, or it is matched to one of its neighbours:
    memoised on the bitmask of vertices left.

    >>> maximum_matching_size(*path(5)), maximum_matching_size(*path(5), without=[0])
    (2, 2)
    """
    n, edges = check_graph(n, edges, directed=False, limit=MAX_MATCHING_VERTICES, what="a matching search")
    nbr = _masks(n, edges, directed=False)
    left = (1 << n) - 1
    for i, v in enumerate(without):
        left &= ~(1 << _vertex(v, n, f"without[{i}]"))

    @functools.cache
    def best(mask: int) -> int:
        if not mask:
            return 0
        v = (mask & -mask).bit_length() - 1
        rest = mask & ~(1 << v)
        out = best(rest)
        for u in _bits(nbr[v] & rest):
            out = max(out, 1 + best(rest & ~(1 << u)))
        return out

    return best(left)


def every_maximum_matching_covers(n: int, edges: Sequence[Edge], v: int) -> bool:
    """True if every maximum matching of the undirected graph uses vertex ``v``: ν(G − v) < ν(G).

    (A maximum matching missing v is a matching of G − v of size ν(G), and back.)

    >>> every_maximum_matching_covers(*path(3), 0), every_maximum_matching_covers(*path(3), 1)
    (False, True)
    """
    n, edges = check_graph(n, edges, directed=False, limit=MAX_MATCHING_VERTICES, what="a matching search")
    v = _vertex(v, n, "v")
    return maximum_matching_size(n, edges, without=[v]) < maximum_matching_size(n, edges)


# ---------------------------------------------------------------- Node Kayles


def _components(mask: int, nbr: tuple[int, ...]) -> list[int]:
    """The connected components of the subgraph induced by ``mask``, as bitmasks, lowest vertex first."""
    out = []
    while mask:
        comp = frontier = mask & -mask
        while frontier:
            grow = 0
            for v in _bits(frontier):
                grow |= nbr[v]
            frontier = grow & mask & ~comp
            comp |= frontier
        out.append(comp)
        mask &= ~comp
    return out


def _node_kayles_solver(nbr: tuple[int, ...]):
    closed = tuple(m | 1 << v for v, m in enumerate(nbr))
    work = [0]

    @functools.cache
    def value(comp: int) -> int:
        # a connected position: mex over its moves of the XOR of what is left's components
        seen = set()
        for v in _bits(comp):
            work[0] += 1
            if work[0] > MAX_NODE_KAYLES_WORK:
                raise ValueError(
                    f"the Node Kayles search passed MAX_NODE_KAYLES_WORK = {MAX_NODE_KAYLES_WORK:,} moves examined; "
                    "this graph is too large or dense to search"
                )
            total = 0
            for part in _components(comp & ~closed[v], nbr):
                total ^= value(part)
            seen.add(total)
        g = 0
        while g in seen:
            g += 1
        return g

    def grundy(mask: int) -> int:
        total = 0
        for part in _components(mask, nbr):
            total ^= value(part)
        return total

    return grundy, value, closed


def _present(n: int, present: Iterable[int] | None) -> int:
    if present is None:
        return (1 << n) - 1
    if isinstance(present, (str, bytes, Mapping)) or not isinstance(present, Iterable):
        raise TypeError(f"present must be a collection of vertices, got {present!r}")
    mask = 0
    for i, v in enumerate(present):
        mask |= 1 << _vertex(v, n, f"present[{i}]")
    return mask


def node_kayles_grundy(n: int, edges: Sequence[Edge], present: Iterable[int] | None = None) -> int:
    """The Grundy value of Node Kayles on the graph (induced on ``present``, default every vertex).

    The XOR of the components' values; a component's value is the mex over its moves.

    >>> [node_kayles_grundy(*path(k)) for k in range(8)]
    [0, 1, 1, 2, 0, 3, 1, 1]
    """
    n, edges = check_graph(n, edges, directed=False, limit=MAX_VERTICES, what="Node Kayles")
    grundy, _, _ = _node_kayles_solver(_masks(n, edges, directed=False))
    return grundy(_present(n, present))


def node_kayles_components(
    n: int, edges: Sequence[Edge], present: Iterable[int] | None = None
) -> list[tuple[tuple[int, ...], int]]:
    """The connected components of the position (lowest vertex first), each with its Grundy value.

    >>> node_kayles_components(*path(5), present=[0, 1, 3, 4])
    [((0, 1), 1), ((3, 4), 1)]
    """
    n, edges = check_graph(n, edges, directed=False, limit=MAX_VERTICES, what="Node Kayles")
    nbr = _masks(n, edges, directed=False)
    _, value, _ = _node_kayles_solver(nbr)
    return [(tuple(_bits(c)), value(c)) for c in _components(_present(n, present), nbr)]


def node_kayles_winning_moves(n: int, edges: Sequence[Edge], present: Iterable[int] | None = None) -> list[int]:
    """The vertices whose removal (with their neighbours) leaves Grundy value 0: the winning moves.

    >>> node_kayles_winning_moves(*path(5))   # the middle leaves two single edges
    [2]
    """
    n, edges = check_graph(n, edges, directed=False, limit=MAX_VERTICES, what="Node Kayles")
    grundy, _, closed = _node_kayles_solver(_masks(n, edges, directed=False))
    mask = _present(n, present)
    return [v for v in _bits(mask) if grundy(mask & ~closed[v]) == 0]


def node_kayles_exhaustive(n: int, edges: Sequence[Edge], present: Iterable[int] | None = None) -> int:
    """The Grundy value by plain search over whole positions (no split into components): the independent check."""
    n, edges = check_graph(n, edges, directed=False, limit=MAX_VERTICES, what="Node Kayles")
    closed = tuple(m | 1 << v for v, m in enumerate(_masks(n, edges, directed=False)))

    def successors(mask: int) -> list[int]:
        return [mask & ~closed[v] for v in _bits(mask)]

    return grundy_value(successors, _present(n, present))


# ---------------------------------------------------------------- pictures


def layout(n: int, edges: Sequence[Edge]) -> list[tuple[float, float]]:
    """Where to draw each vertex, x and y in [0, 1] (y down): a path in a row (two rows past 7), the Petersen graph
    as a pentagon round a pentagram, else a circle."""
    n, edges = check_graph(n, edges, directed=False, limit=MAX_VERTICES, what="a picture")
    if (n, set(edges)) == (10, set(petersen()[1])):
        ring = [(0.5 + r * math.sin(2 * math.pi * i / 5), 0.5 - r * math.cos(2 * math.pi * i / 5)) for r in (0.45, 0.22)
                for i in range(5)]  # fmt: skip
        return [(round(x, 4), round(y, 4)) for x, y in ring]
    if n and set(edges) == set(path(n)[1]):
        if n <= 7:
            return [((i + 0.5) / n, 0.5) for i in range(n)]
        half = (n + 1) // 2  # a snake: left to right, then right to left below
        return [((i + 0.5) / half, 0.25) if i < half else ((half - (i - half) - 0.5) / half, 0.75) for i in range(n)]
    if n == 1:
        return [(0.5, 0.5)]
    return [
        (round(0.5 + 0.42 * math.sin(2 * math.pi * i / n), 4), round(0.5 - 0.42 * math.cos(2 * math.pi * i / n), 4))
        for i in range(n)
    ]


def plot_graph(
    n: int,
    edges: Sequence[Edge],
    ax=None,
    *,
    coords: Sequence[tuple[float, float]] | None = None,
    present: Iterable[int] | None = None,
    marked: Iterable[int] = (),
    directed: bool = False,
    title: str | None = None,
):
    """Draw the graph with matplotlib (imported here, not by ``import nimlib``); returns the Axes.

    Vertices not in ``present`` are drawn as dashed rings with a cross; ``marked`` vertices (winning
    moves, say) get a thick ring and a bold label, so neither depends on colour alone.
    """
    import matplotlib.pyplot as plt

    n, edges = check_graph(n, edges, directed=directed, limit=MAX_VERTICES, what="a picture")
    ax = ax or plt.gca()
    coords = list(coords) if coords is not None else layout(n, edges)
    live = set(range(n)) if present is None else set(present)
    mark = set(marked)
    for u, v in edges:
        (x1, y1), (x2, y2) = coords[u], coords[v]
        gone = u not in live or v not in live
        style = {"color": "0.75" if gone else "0.3", "lw": 1.2, "ls": ":" if gone else "-"}
        if directed:
            ax.annotate(
                "", xy=(x2, -y2), xytext=(x1, -y1),
                arrowprops={"arrowstyle": "-|>", "color": style["color"], "lw": 1.2, "shrinkA": 11, "shrinkB": 11},
            )  # fmt: skip
        else:
            ax.plot([x1, x2], [-y1, -y2], zorder=1, **style)
    for v, (x, y) in enumerate(coords):
        if v in live:
            ax.scatter([x], [-y], s=420, color="#fbd38d" if v in mark else "white", edgecolors="0.15",
                       linewidths=3 if v in mark else 1.2, zorder=2)  # fmt: skip
            ax.annotate(str(v), (x, -y), ha="center", va="center", fontsize=9, zorder=3,
                        fontweight="bold" if v in mark else "normal")  # fmt: skip
        else:
            ax.scatter([x], [-y], s=420, color="white", edgecolors="0.6", linewidths=1, linestyle="--", zorder=2)
            ax.annotate("×", (x, -y), ha="center", va="center", fontsize=11, color="0.5", zorder=3)
    ax.set_xlim(-0.08, 1.08)
    ax.set_ylim(-1.08, 0.08)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title, fontsize=10)
    return ax


# ---------------------------------------------------------------- the rules object


class NodeKayles(SubsetRuleset):
    """Node Kayles on a fixed graph. ``NodeKayles(n, edges)``; a position is the frozenset of vertices left.

    A move is a vertex; it goes with its neighbours. At most MAX_WIDGET_VERTICES = 12 vertices (the page
    tabulates every induced subgraph). ``components`` lists the connected components with their values.

    >>> game = NodeKayles(*path(4))
    >>> sorted(game.apply(game.start(), 1)), game.components(game.start())
    ([3], [('vertices 0, 1, 2, 3', 0)])
    """

    name = "Node Kayles"
    widget = "node-kayles"
    part = "vertex"

    def __init__(
        self,
        n: int,
        edges: Sequence[Edge],
        coords: Sequence[tuple[float, float]] | None = None,
        *,
        title: str = "Node Kayles",
    ) -> None:
        self.n, self.edges = check_graph(n, edges, directed=False, limit=MAX_WIDGET_VERTICES, what="the play widget")
        if not isinstance(title, str) or len(title) > 80:
            raise TypeError(f"title must be a string of at most 80 characters, got {title!r}")
        self.title = title
        self.coords = [tuple(map(float, c)) for c in (coords if coords is not None else layout(self.n, self.edges))]
        if len(self.coords) != self.n or not all(
            len(c) == 2 and 0 <= c[0] <= 1 and 0 <= c[1] <= 1 for c in self.coords
        ):
            raise ValueError(f"coords must give each of the {self.n} vertices an (x, y) in [0, 1]², got {coords!r}")
        self._nbr = _masks(self.n, self.edges, directed=False)
        self._grundy, self._value, self._closed = _node_kayles_solver(self._nbr)

    def start(self) -> frozenset[int]:
        return frozenset(range(self.n))

    def check(self, position: object) -> frozenset[int]:
        if isinstance(position, (str, bytes, Mapping)) or not isinstance(position, Iterable):
            raise TypeError(f"position must be a set of vertices, got {position!r}")
        return frozenset(_vertex(v, self.n, "position (a vertex)") for v in position)

    def _mask(self, position: Iterable[int]) -> int:
        return sum(1 << v for v in set(position))

    def moves(self, position: frozenset[int]) -> list[int]:
        return sorted(position)

    def apply(self, position: frozenset[int], move: int) -> frozenset[int]:
        if move not in position:
            raise ValueError(f"move must be a vertex still in the graph, got {move!r}")
        return frozenset(_bits(self._mask(position) & ~self._closed[move]))

    def components(self, position: frozenset[int]) -> list[tuple[str, int]]:
        out = []
        for comp in _components(self._mask(position), self._nbr):
            vs = _bits(comp)
            out.append((("vertex " if len(vs) == 1 else "vertices ") + ", ".join(map(str, vs)), self._value(comp)))
        return out

    def value(self, position: frozenset[int]) -> int:
        return self._grundy(self._mask(position))

    def winning_move(self, position: frozenset[int]) -> int | None:
        """A vertex whose removal leaves value 0, or None from a P-position."""
        mask = self._mask(position)
        return next((v for v in _bits(mask) if self._grundy(mask & ~self._closed[v]) == 0), None)

    def describe(self, position: frozenset[int], move: int) -> str:
        gone = [u for u in _bits(self._closed[move]) if u in position and u != move]
        return f"take vertex {move}" + (f" (and {', '.join(map(str, gone))})" if gone else "")

    def widget_params(self) -> dict[str, JSON]:
        return {
            "vertices": self.n,
            "edges": [list(e) for e in self.edges],
            "coords": [[round(x, 4), round(y, 4)] for x, y in self.coords],
            "title": self.title,
        }


# ---------------------------------------------------------------- the chapter's boards


def chapter_graphs() -> dict[str, tuple[int, tuple[Edge, ...]]]:
    """The graphs the chapter's play widgets offer (the tests check the page on every induced subgraph of each)."""
    return {
        "Node Kayles on the path P_10": path(10),
        "Node Kayles on the Petersen graph": petersen(),
        "Node Kayles on a random graph G(10, 0.3), seed 10": random_graph(10, 0.3, 10),
    }
