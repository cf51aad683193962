"""Green Hackenbush: cut an edge of a graph rooted on the ground; whoever cuts the last edge wins.

A graph is a list of edges ``(u, v)`` between vertices (ints); vertex 0 is
the ground. Loops ``(v, v)`` and parallel edges are allowed. A move deletes
one edge, and with it every edge no longer connected to the ground.

The values come from three facts (Winning Ways, ch. 7):

- a *bamboo stalk* of n edges is a Nim heap of n (``stalk``);
- the *colon principle*: branches meeting at a vertex may be replaced by one
  stalk of the XOR of their values, so a tree's value is computed from the
  leaves down: at each vertex, the XOR over its branches of 1 + the value
  above the branch's first edge (``tree_value``);
- the *fusion principle*: the vertices of a cycle may be fused into one
  vertex, the cycle's edges becoming loops (a loop is a stalk of 1), which
  turns any graph into a tree with loops (``fuse``).

``value`` chains them; ``exhaustive_value`` is the independent check, the
mex over every cut by brute force. ``GreenHackenbush(edges)`` is the rules
object: a position is the frozenset of indices (into ``edges``) of the
edges still standing.
"""

from __future__ import annotations

import math
import random
from collections.abc import Iterable, Iterator, Mapping, Sequence
from itertools import pairwise, permutations, product
from typing import Any

from ._check import check_int
from .game import JSON, SubsetRuleset
from .grundy import grundy_value

# An edge between two vertices; vertex 0 is the ground, (v, v) is a loop
Edge = tuple[int, int]

# A graph: its edges, in order (an edge's index is its name in moves)
Graph = tuple[Edge, ...]

GROUND = 0

MAX_EDGES = 300
"""The most edges of a ``GreenHackenbush`` picture: its best move computes the value (linear) once per edge,
about two seconds at 300 edges; the free functions (``value``, ``layout``) take any size, in loops, not recursion."""

# ---------------------------------------------------------------- graphs


def check_edges(edges: object, name: str = "edges") -> Graph:
    """Return ``edges`` as a tuple of ``(u, v)`` pairs of non-negative ints, or raise naming the bad one."""
    if isinstance(edges, (str, bytes, Mapping)) or not isinstance(edges, Iterable):
        raise TypeError(f"{name} must be a sequence of (u, v) pairs (a dict is not), got {edges!r}")
    out = []
    for i, edge in enumerate(edges):
        if not isinstance(edge, tuple | list) or len(edge) != 2:
            raise TypeError(f"{name}[{i}] must be a pair (u, v) of vertices, got {edge!r}")
        out.append((check_int(edge[0], f"{name}[{i}][0]"), check_int(edge[1], f"{name}[{i}][1]")))
    return tuple(out)


def stalk(n: int, base: int = GROUND, first: int = 1) -> Graph:
    """A bamboo stalk of ``n`` edges standing on vertex ``base``, new vertices numbered from ``first``.

    >>> stalk(3)
    ((0, 1), (1, 2), (2, 3))
    """
    n = check_int(n, "n")
    path = [base] + list(range(first, first + n))
    return tuple(pairwise(path))


def grounded(edges: Sequence[Edge], present: Iterable[int] | None = None) -> frozenset[int]:
    """The indices of the edges (among ``present``, default all) joined to the ground by present edges."""
    live = set(range(len(edges))) if present is None else set(present)
    touching: dict[int, list[int]] = {}
    for i in live:
        u, v = edges[i]
        touching.setdefault(u, []).append(i)
        touching.setdefault(v, []).append(i)
    seen_vertices, kept, todo = {GROUND}, set(), [GROUND]
    while todo:
        x = todo.pop()
        for i in touching.get(x, ()):
            kept.add(i)
            for y in edges[i]:
                if y not in seen_vertices:
                    seen_vertices.add(y)
                    todo.append(y)
    return frozenset(kept)


def canonical(edges: Iterable[Edge]) -> Graph:
    """The graph as a sorted tuple of ``(min, max)`` edges, keeping only what touches the ground.

    Two lists of the same edges in any order (or direction) give the same
    tuple, so it can key a memo.

    >>> canonical([(2, 1), (0, 1), (3, 4)])
    ((0, 1), (1, 2))
    """
    edges = check_edges(edges)
    keep = grounded(edges)
    return tuple(sorted((min(edges[i]), max(edges[i])) for i in keep))


def components(edges: Sequence[Edge]) -> list[Graph]:
    """The pieces standing on the ground: a loop at the ground, or what one piece of ground-free graph holds up.

    Cutting an edge changes only its piece, so the graph is the sum of its pieces.

    >>> components([(0, 1), (1, 2), (0, 3), (0, 0)])
    [((0, 0),), ((0, 1), (1, 2)), ((0, 3),)]
    """
    graph = canonical(edges)
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for u, v in graph:
        if GROUND not in (u, v):
            parent[find(u)] = find(v)
    pieces: dict[object, list[Edge]] = {}
    for j, (u, v) in enumerate(graph):
        key = ("loop", j) if u == v == GROUND else find(v if u == GROUND else u)
        pieces.setdefault(key, []).append((u, v))
    return sorted(tuple(p) for p in pieces.values())


# ---------------------------------------------------------------- the principles


def bridges(edges: Sequence[Edge]) -> frozenset[int]:
    """The indices of the edges that lie on no cycle: removing one disconnects its two ends.

    Tarjan's low-link search, iterative (a 2000-edge stalk is no deeper than the
    stack allows) and linear in the edges; :func:`bridges_by_removal` is the
    plain quadratic check it agrees with.

    >>> sorted(bridges([(0, 1), (1, 2), (2, 0), (2, 3), (3, 3)]))
    [3]
    """
    edges = check_edges(edges)
    neighbours: dict[int, list[tuple[int, int]]] = {}
    for i, (u, v) in enumerate(edges):
        if u != v:
            neighbours.setdefault(u, []).append((v, i))
            neighbours.setdefault(v, []).append((u, i))
    found: dict[int, int] = {}  # the order each vertex is reached in
    low: dict[int, int] = {}  # the earliest vertex reachable from its subtree by one edge not to its parent
    out = set()
    for root in neighbours:
        if root in found:
            continue
        found[root] = low[root] = len(found)
        stack = [(root, -1, iter(neighbours[root]))]
        while stack:
            x, via, todo = stack[-1]
            for y, i in todo:
                if i == via:
                    continue
                if y in found:
                    low[x] = min(low[x], found[y])
                else:
                    found[y] = low[y] = len(found)
                    stack.append((y, i, iter(neighbours[y])))
                    break
            else:
                stack.pop()
                if stack:
                    parent = stack[-1][0]
                    low[parent] = min(low[parent], low[x])
                    if low[x] > found[parent]:
                        out.add(via)
    return frozenset(out)


def bridges_by_removal(edges: Sequence[Edge]) -> frozenset[int]:
    """The same as :func:`bridges` the plain way (remove each edge, search from one end): quadratic but clear."""
    edges = check_edges(edges)
    out = set()
    for i, (u, v) in enumerate(edges):
        if u == v:
            continue
        others = [e for j, e in enumerate(edges) if j != i]
        if v not in _reachable(others, u):
            out.add(i)
    return frozenset(out)


def _reachable(edges: Sequence[Edge], start: int) -> set[int]:
    neighbours: dict[int, list[int]] = {}
    for u, v in edges:
        neighbours.setdefault(u, []).append(v)
        neighbours.setdefault(v, []).append(u)
    seen, todo = {start}, [start]
    while todo:
        for y in neighbours.get(todo.pop(), ()):
            if y not in seen:
                seen.add(y)
                todo.append(y)
    return seen


def fuse(edges: Sequence[Edge]) -> Graph:
    """The fusion principle, applied until no cycle is left: a tree whose only cycles are loops.

    Vertices joined by edges that lie on cycles are fused into one vertex
    (the smallest of them, so the ground stays 0); those edges become loops
    there; the bridges stay. The result has the same value.

    >>> fuse([(0, 1), (1, 2), (2, 0), (2, 3)])   # a triangle on the ground with a stalk on top
    ((0, 0), (0, 0), (0, 0), (0, 3))
    """
    graph = canonical(edges)
    cut = bridges(graph)
    parent: dict[int, int] = {}

    def find(x: int) -> int:
        while parent.setdefault(x, x) != x:
            x = parent[x]
        return x

    for i, (u, v) in enumerate(graph):
        if i not in cut:
            a, b = find(u), find(v)
            parent[max(a, b)] = min(a, b)
    return tuple(sorted((min(find(u), find(v)), max(find(u), find(v))) for u, v in graph))


def tree_value(edges: Sequence[Edge]) -> int:
    """The colon principle on a tree with loops: at each vertex, XOR over its branches of 1 + the value above.

    A loop counts as a branch of value 1 (1 + the value of nothing).
    ``ValueError`` if the graph has a cycle other than a loop.

    >>> tree_value(stalk(4)), tree_value([(0, 1), (1, 2), (1, 3)]), tree_value([(0, 1), (1, 1)])
    (4, 1, 2)
    """
    graph = canonical(edges)
    loops: dict[int, int] = {}
    neighbours: dict[int, list[int]] = {GROUND: []}
    for u, v in graph:
        if u == v:
            loops[u] = loops.get(u, 0) + 1
        else:
            neighbours.setdefault(u, []).append(v)
            neighbours.setdefault(v, []).append(u)
    links = sum(u != v for u, v in graph)
    if links != len(neighbours) - 1:  # connected, so a tree exactly when edges = vertices - 1
        raise ValueError(f"edges must form a tree with loops, got a cycle in {graph}")
    order, parent = [GROUND], {GROUND: GROUND}
    for x in order:  # breadth first from the ground
        for y in neighbours[x]:
            if y not in parent:
                parent[y] = x
                order.append(y)
    value = {x: loops.get(x, 0) % 2 for x in order}
    for x in reversed(order[1:]):  # leaves first: hand 1 + (value above x) down to x's parent
        value[parent[x]] ^= 1 + value[x]
    return value[GROUND]


def colon_steps(edges: Sequence[Edge]) -> list[Graph]:
    """The colon principle one vertex at a time, for pictures: the tree with loops, then after each collapse.

    Vertices are taken farthest from the ground first; at each one whose
    branches are not already a single stalk, the branches (stalks by then,
    and loops) become one stalk of the XOR of 1 + their heights. The last
    graph is a single stalk (or nothing) of the tree's value.

    >>> [len(g) for g in colon_steps([(0, 1), (1, 2), (1, 3), (1, 1)])]
    [4, 2]
    """
    graph = canonical(edges)
    tree_value(graph)  # raises unless it is a tree with loops
    children: dict[int, list[int]] = {GROUND: []}
    loops: dict[int, int] = {}
    order = [GROUND]
    for u, v in graph:
        if u == v:
            loops[u] = loops.get(u, 0) + 1
    neighbours: dict[int, list[int]] = {}
    for u, v in graph:
        if u != v:
            neighbours.setdefault(u, []).append(v)
            neighbours.setdefault(v, []).append(u)
    for x in order:
        for y in sorted(neighbours.get(x, [])):
            if y not in children:
                children[x].append(y)
                children[y] = []
                order.append(y)
    fresh = max(order) + 1

    def height(x: int) -> int | None:
        """The length of the stalk above x, or None if what stands on x is not a stalk (a loop up the stalk)."""
        h = 0
        while True:
            if loops.get(x, 0) or len(children[x]) > 1:
                return None
            if not children[x]:
                return h
            x, h = children[x][0], h + 1

    def as_edges() -> Graph:
        out = [(x, c) for x in children for c in children[x]]
        out += [(x, x) for x, n in loops.items() for _ in range(n)]
        return canonical(out)

    steps = [as_edges()]
    for x in reversed(order):
        if height(x) is not None:
            continue
        total = loops.pop(x, 0) % 2
        for c in children[x]:
            total ^= 1 + height(c)  # type: ignore[operator]
        stack = [x]
        while stack:  # drop everything above x
            y = stack.pop()
            stack.extend(children[y])
            if y != x:
                del children[y]
                loops.pop(y, None)
        children[x] = []
        top = x
        for _ in range(total):
            children[top] = [fresh]
            children[fresh] = []
            top, fresh = fresh, fresh + 1
        steps.append(as_edges())
    return steps


def value(edges: Sequence[Edge]) -> int:
    """The Grundy value of a Green Hackenbush graph: fuse its cycles, then collapse the tree.

    >>> value(stalk(5)), value([(0, 1), (1, 2), (2, 0)]), value([(0, 1), (1, 2), (2, 3), (3, 0)])
    (5, 1, 0)
    """
    return tree_value(fuse(edges))


# ---------------------------------------------------------------- brute force


def successors(edges: Graph) -> Iterator[Graph]:
    """Every graph one cut away from a canonical graph, canonical (for the exhaustive searcher)."""
    for i in sorted(set(range(len(edges))), key=lambda i: edges[i]):
        if i and edges[i] == edges[i - 1]:
            continue  # cutting either of two parallel edges gives the same graph
        yield canonical(edges[:i] + edges[i + 1 :])


def exhaustive_value(edges: Sequence[Edge], *, known: dict | None = None) -> int:
    """The Grundy value by brute force: the mex over every cut, knowing nothing of stalks, trees or cycles.

    Pass the same ``known`` dict to share work between graphs.

    >>> exhaustive_value([(0, 1), (1, 2), (1, 3)])
    1
    """
    return grundy_value(successors, canonical(edges), known=known)


def graph_key(edges: Sequence[Edge]) -> Graph:
    """A key equal for isomorphic graphs (relabelling the non-ground vertices), for counting graphs once.

    Tries the relabellings that keep vertex degrees in order, and keeps the least edge list.
    """
    graph = canonical(edges)
    vertices = sorted({x for e in graph for x in e} - {GROUND})
    degree = {x: sum((u == x) + (v == x) for u, v in graph) for x in vertices}
    classes: dict[int, list[int]] = {}
    for x in vertices:
        classes.setdefault(degree[x], []).append(x)
    groups = [classes[d] for d in sorted(classes)]
    best = None
    for choice in product(*(permutations(g) for g in groups)):
        order = [x for group in choice for x in group]
        name = {GROUND: GROUND} | {x: i + 1 for i, x in enumerate(order)}
        relabelled = tuple(sorted((min(name[u], name[v]), max(name[u], name[v])) for u, v in graph))
        if best is None or relabelled < best:
            best = relabelled
    return best if best is not None else ()


def all_graphs(edge_count: int) -> list[Graph]:
    """Every graph standing on the ground with exactly ``edge_count`` edges (loops and parallel edges
    allowed), one per isomorphism class.

    Built edge by edge: every such graph has an edge whose removal leaves a
    grounded graph (an edge on a cycle, or one at a leaf).

    >>> [len(all_graphs(n)) for n in range(5)]
    [1, 2, 6, 20, 74]
    """
    edge_count = check_int(edge_count, "edge_count")
    layer: set[Graph] = {()}
    for _ in range(edge_count):
        nxt = set()
        for graph in layer:
            vertices = sorted({GROUND} | {x for e in graph for x in e})
            fresh = max(vertices) + 1
            for u in vertices:
                for v in [*vertices, fresh]:
                    if v >= u:
                        nxt.add(graph_key(graph + ((u, v),)))
        layer = nxt
    return sorted(layer)


def random_graph(edge_count: int, vertex_count: int, rng: random.Random) -> Graph:
    """A random grounded graph: ``edge_count`` edges among vertices 0..vertex_count-1, each new edge touching
    a vertex already reached from the ground (so nothing is cut off at the start)."""
    reached = [GROUND]
    edges = []
    for _ in range(edge_count):
        u = rng.choice(reached)
        v = rng.randrange(vertex_count)
        if v not in reached:
            reached.append(v)
        edges.append((u, v))
    return tuple(edges)


# ---------------------------------------------------------------- pictures


def layout(edges: Sequence[Edge]) -> dict[int, tuple[float, float]]:
    """Where to draw each vertex: height = distance from the ground, x from a tidy tree layout.

    A spanning tree is walked from the ground; its leaves get x = 0, 1, 2, …
    and every other vertex the mean x of its children. The ground vertex is
    the whole ground line: its entry is only a placeholder.
    """
    graph = check_edges(edges)
    neighbours: dict[int, list[int]] = {}
    for u, v in graph:
        if u != v:
            neighbours.setdefault(u, []).append(v)
            neighbours.setdefault(v, []).append(u)
    depth = {GROUND: 0}
    children: dict[int, list[int]] = {GROUND: []}
    queue = [GROUND]
    for x in queue:
        for y in sorted(set(neighbours.get(x, ()))):
            if y not in depth:
                depth[y] = depth[x] + 1
                children[x].append(y)
                children[y] = []
                queue.append(y)
    xs: dict[int, float] = {}
    next_leaf = [0.0]

    # depth first, children in order: leaves get x = 0, 1, 2, … in that order (a loop, not recursion: a
    # 2000-edge stalk is deeper than Python's stack)
    preorder, todo = [], [GROUND]
    while todo:
        x = todo.pop()
        preorder.append(x)
        todo.extend(reversed(children[x]))
    for x in preorder:
        if not children[x]:
            xs[x] = next_leaf[0]
            next_leaf[0] += 1
    for x in reversed(preorder):  # children before parents
        if children[x]:
            xs[x] = sum(xs[c] for c in children[x]) / len(children[x])
    if any(u == v == GROUND for u, v in graph):  # loops on the ground get a spot of their own, on the left
        xs[GROUND] = min(xs.values()) - 1.0 if len(xs) > 1 else 0.0
    for x in {v for e in graph for v in e} - set(xs):  # vertices cut off from the ground
        xs[x], depth[x] = next_leaf[0], 1
        next_leaf[0] += 1
    return {x: (xs[x], float(depth[x])) for x in xs}


def plot_graph(
    edges: Sequence[Edge],
    ax: Any = None,
    *,
    present: Iterable[int] | None = None,
    coords: dict[int, tuple[float, float]] | None = None,
    labels: bool = False,
    title: str | None = None,
    color: str = "tab:green",
) -> Any:
    """Draw a Hackenbush graph on the ground line with matplotlib (imported here, not by ``import nimlib``).

    Only the edges in ``present`` (default all) are drawn; an edge to the
    ground ends on the ground line under its other end; parallel edges bow
    apart; a loop is a small circle. ``labels`` writes each edge's index.
    Returns the Axes.
    """
    import matplotlib.pyplot as plt
    from matplotlib.patches import Ellipse

    ax = ax or plt.gca()
    graph = check_edges(edges)
    coords = coords or layout(graph)
    shown = sorted(range(len(graph)) if present is None else present)
    xs = [x for v, (x, _) in coords.items() if v != GROUND or _ground_loops(graph, shown)] or [0.0]
    left, right = min(xs) - 0.8, max(xs) + 0.8
    ax.fill_between([left, right], [-0.25, -0.25], [0, 0], color="0.55", zorder=0)
    ax.plot([left, right], [0, 0], color="0.3", lw=2, zorder=1)
    seen: dict[Edge, int] = {}
    loop_count: dict[int, int] = {}
    for i in shown:
        if graph[i][0] == graph[i][1]:
            loop_count[graph[i][0]] = loop_count.get(graph[i][0], 0) + 1
    for i in shown:
        u, v = graph[i]
        if u == GROUND and v != GROUND:
            u, v = v, u
        key = (min(u, v), max(u, v))
        copy = seen.get(key, 0)
        seen[key] = copy + 1
        p = _point(coords, u, v)
        q = _point(coords, v, u)
        if u == v:
            dx, dy = _petal(copy, loop_count[u])
            centre = (p[0] + PETAL[0] * dx, p[1] + PETAL[0] * dy)
            angle = math.degrees(math.atan2(dy, dx))
            ax.add_patch(
                Ellipse(centre, 2 * PETAL[0], 2 * PETAL[1], angle=angle, fill=False, color=color, lw=3, zorder=2)
            )
            mid = (p[0] + 2 * PETAL[0] * dx, p[1] + 2 * PETAL[0] * dy)
        else:
            bow = 0 if copy == 0 else (1 if copy % 2 else -1) * 0.25 * ((copy + 1) // 2)
            mx, my = (p[0] + q[0]) / 2, (p[1] + q[1]) / 2
            dx, dy = q[0] - p[0], q[1] - p[1]
            length = (dx * dx + dy * dy) ** 0.5 or 1.0
            cx, cy = mx - dy / length * bow * 2, my + dx / length * bow * 2
            ts = [t / 20 for t in range(21)]
            bx = [(1 - t) ** 2 * p[0] + 2 * (1 - t) * t * cx + t * t * q[0] for t in ts]
            by = [(1 - t) ** 2 * p[1] + 2 * (1 - t) * t * cy + t * t * q[1] for t in ts]
            ax.plot(bx, by, color=color, lw=3, solid_capstyle="round", zorder=2)
            mid = (bx[10], by[10])
        if labels:
            ax.annotate(str(i), mid, xytext=(4, 2), textcoords="offset points", fontsize=8, color="0.2")
    for x, (px, py) in coords.items():
        if x != GROUND and any(x in graph[i] for i in shown):
            ax.plot([px], [py], "o", color="0.15", ms=5, zorder=3)
    ax.set_xlim(left, right)
    top = max((y for _, y in coords.values()), default=1.0)
    ax.set_ylim(-0.3, top + 0.6)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax


# A loop is drawn as a petal: an ellipse through its vertex, semi-axes along and across
PETAL = (0.22, 0.08)


def _petal(copy: int, count: int) -> tuple[float, float]:
    """The direction of loop number ``copy`` of ``count`` at one vertex: petals fanned out upwards."""

    angle = math.radians(90 + (copy - (count - 1) / 2) * min(45.0, 170.0 / max(count - 1, 1)))
    return math.cos(angle), math.sin(angle)


def _ground_loops(graph: Graph, shown: Iterable[int]) -> int:
    """How many of the ``shown`` edges are loops on the ground."""
    return sum(graph[i] == (GROUND, GROUND) for i in shown)


def _point(coords: dict[int, tuple[float, float]], v: int, other: int) -> tuple[float, float]:
    """Where an edge meets vertex ``v``: the ground is the point of the line under the other end."""
    if v == GROUND:
        return (coords[other if other != GROUND else GROUND][0] if GROUND in coords or other != GROUND else 0.0, 0.0)
    return coords[v]


# ---------------------------------------------------------------- the rules object


class GreenHackenbush(SubsetRuleset):
    """Green Hackenbush on a fixed picture. ``GreenHackenbush(edges)``; a position is a frozenset of edge indices.

    A move is an edge index; cutting it also removes whatever no longer
    touches the ground. At most MAX_EDGES = 300 edges. ``components`` lists the pieces standing on the
    ground, each with its value (fusion, then the colon principle).

    >>> game = GreenHackenbush([(0, 1), (1, 2), (0, 3)])
    >>> start = game.start()
    >>> sorted(game.apply(start, 0)), game.components(start)
    ([2], [('edges 0, 1', 2), ('edge 2', 1)])
    """

    name = "Green Hackenbush"
    widget = "hackenbush"
    part = "edge index"

    def __init__(self, edges: Sequence[Edge], coords: dict[int, tuple[float, float]] | None = None) -> None:
        self.edges = check_edges(edges)
        if len(self.edges) > MAX_EDGES:
            raise ValueError(
                f"edges must hold at most MAX_EDGES = {MAX_EDGES} edges (a best move computes the value once per "
                f"edge, about edges² steps), got {len(self.edges)}"
            )
        self.coords = coords or layout(self.edges)
        missing = {v for e in self.edges for v in e} - set(self.coords) - {GROUND}
        if missing:
            raise ValueError(f"coords must place every vertex, missing {sorted(missing)}")

    def start(self) -> frozenset[int]:
        return grounded(self.edges)

    def check(self, position: object) -> frozenset[int]:
        """The position as a frozenset of edge indices, dropping edges cut off from the ground."""
        if isinstance(position, (str, bytes)) or not isinstance(position, Iterable):
            raise TypeError(f"position must be a set of edge indices, got {position!r}")
        indices = set()
        for i in position:
            i = check_int(i, "position (an edge index)")
            if i >= len(self.edges):
                raise ValueError(f"position names edge {i}, but the picture has edges 0..{len(self.edges) - 1}")
            indices.add(i)
        return grounded(self.edges, indices)

    def moves(self, position: frozenset[int]) -> list[int]:
        return sorted(position)

    def apply(self, position: frozenset[int], move: int) -> frozenset[int]:
        if move not in position:
            raise ValueError(f"move must be the index of an edge still standing, got {move!r}")
        return grounded(self.edges, position - {move})

    def graph(self, position: frozenset[int]) -> Graph:
        """The edges still standing, as a graph."""
        return tuple(self.edges[i] for i in sorted(position))

    def components(self, position: frozenset[int]) -> list[tuple[str, int]]:
        out = []
        for piece in self.pieces(position):
            label = ("edge " if len(piece) == 1 else "edges ") + ", ".join(map(str, piece))
            out.append((label, value([self.edges[i] for i in piece])))
        return out

    def pieces(self, position: frozenset[int]) -> list[tuple[int, ...]]:
        """The edge indices of each piece standing on the ground, in order of their first edge."""
        parent: dict[int, int] = {}

        def find(x: int) -> int:
            while parent.setdefault(x, x) != x:
                x = parent[x]
            return x

        for i in position:
            u, v = self.edges[i]
            if GROUND not in (u, v):
                parent[find(u)] = find(v)
        groups: dict[object, list[int]] = {}
        for i in sorted(position):
            u, v = self.edges[i]
            key = ("loop", i) if u == v == GROUND else find(v if u == GROUND else u)
            groups.setdefault(key, []).append(i)
        return sorted(tuple(g) for g in groups.values())

    def value(self, position: frozenset[int]) -> int:
        return value(self.graph(position))

    def winning_move(self, position: frozenset[int]) -> int | None:
        """A cut that leaves value 0 (the Sprague–Grundy strategy), or None from a P-position."""
        if self.value(position) == 0:
            return None
        return next(m for m in self.moves(position) if self.value(self.apply(position, m)) == 0)

    def describe(self, position: frozenset[int], move: int) -> str:
        u, v = self.edges[move]
        return f"cut edge {move} ({u}–{v})"

    def widget_params(self) -> dict[str, JSON]:
        return {
            "edges": [list(e) for e in self.edges],
            "coords": {str(v): list(xy) for v, xy in sorted(self.coords.items())},
        }
