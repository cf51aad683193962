"""Geography and Node Kayles (nimlib.graph_games): the searches, the theorems the chapter proves, bad input."""

from __future__ import annotations

from itertools import combinations

import pytest

from nimlib import graph_games as gg
from nimlib.grundy import heap_values
from nimlib.rulesets import octal
from nimlib.search import solve

# ---------------------------------------------------------------- independent brute force


def _geography_plain(n, edges, directed):
    """Vertex Geography by plain search over (token, visited) tuples, through nimlib.search."""
    succ = {v: set() for v in range(n)}
    for u, v in edges:
        succ[u].add(v)
        if not directed:
            succ[v].add(u)

    def successors(state):
        v, seen = state
        return [(w, seen | frozenset([w])) for w in sorted(succ[v] - seen)]

    return successors


def test_vertex_geography_agrees_with_plain_search():
    checked = 0
    for n in range(1, 5):
        pairs = [(u, v) for u in range(n) for v in range(n) if u != v]
        for bits in range(0, 1 << len(pairs), 3):  # every third labelled digraph: thousands of cases
            edges = [e for i, e in enumerate(pairs) if bits >> i & 1]
            successors = _geography_plain(n, edges, True)
            known: dict = {}
            for s in range(n):
                start = (s, frozenset([s]))
                is_p = solve(successors, start, known=known)[start]
                assert gg.geography_wins(n, edges, s) == (not is_p), (n, edges, s)
                checked += 1
    assert checked > 3000


def test_edge_geography_agrees_with_plain_search():
    checked = 0
    for n in range(1, 4):
        pairs = [(u, v) for u in range(n) for v in range(n) if u != v]
        for bits in range(1 << len(pairs)):
            edges = [e for i, e in enumerate(pairs) if bits >> i & 1] * 2  # every road doubled: multigraphs too
            out = [[(i, v) for i, (u, v) in enumerate(edges) if u == x] for x in range(n)]

            def successors(state, out=out):
                v, used = state
                return [(w, used | frozenset([i])) for i, w in out[v] if i not in used]

            for s in range(n):
                start = (s, frozenset())
                is_p = solve(successors, start)[start]
                assert gg.edge_geography_wins(n, edges, s) == (not is_p)
                checked += 1
    assert checked == 3 * 64 + 2 * 4 + 1


def test_named_geography_positions():
    # undirected path 0-1-2: from an end the first player moves to 1, the second to 2, and the first is stuck
    assert not gg.geography_wins(*gg.path(3), 0, directed=False)
    assert gg.geography_winning_moves(*gg.path(3), 1, directed=False) == [0, 2]
    # a directed 3-cycle: exactly two moves, so the first player loses; edge geography: three moves, first wins
    assert not gg.geography_wins(3, [(0, 1), (1, 2), (2, 0)], 0)
    assert gg.edge_geography_wins(3, [(0, 1), (1, 2), (2, 0)], 0)
    # the visited set is honoured: with 2 visited, 0 → 1 is the last move
    assert gg.geography_winning_moves(3, [(0, 1), (1, 2)], 0, visited=[2]) == [1]


def test_undirected_geography_is_the_matching_criterion_on_every_small_graph():
    checked = 0
    for n in range(1, 6):
        for edges in gg.all_graphs(n):
            for v in range(n):
                assert gg.geography_wins(n, edges, v, directed=False) == gg.every_maximum_matching_covers(n, edges, v)
                checked += 1
    assert checked == sum(n * 2 ** (n * (n - 1) // 2) for n in range(1, 6))


def test_matching_by_brute_force():
    for n in range(1, 6):
        for edges in gg.all_graphs(n)[::7]:
            best = 0
            for k in range(1, n // 2 + 1):
                for chosen in combinations(edges, k):
                    ends = [x for e in chosen for x in e]
                    if len(set(ends)) == len(ends):
                        best = k
            assert gg.maximum_matching_size(n, edges) == best


# ---------------------------------------------------------------- Node Kayles


def test_node_kayles_components_agree_with_whole_position_search():
    for n in range(1, 6):
        for edges in gg.all_graphs(n):
            assert gg.node_kayles_grundy(n, edges) == gg.node_kayles_exhaustive(n, edges), (n, edges)


def test_node_kayles_on_paths_is_dawsons_chess():
    values = heap_values(octal("0.137"), 41)
    assert [gg.node_kayles_grundy(*gg.path(k)) for k in range(41)] == values
    # not Kayles (0.77), nor Dawson's Kayles 0.07 unshifted: the check can tell them apart
    assert values != heap_values(octal("0.77"), 41)
    assert values != heap_values(octal("0.07"), 41)
    assert values[:-1] == heap_values(octal("0.07"), 42)[1:-1]  # 0.07 is 0.137 shifted by one


def test_cycles_and_stars():
    paths = heap_values(octal("0.137"), 30)
    for n in range(3, 30):
        assert gg.node_kayles_grundy(*gg.cycle(n)) == (1 if paths[n - 3] == 0 else 0)
    for k in range(1, 15):
        assert gg.node_kayles_grundy(*gg.star(k)) == (1 if k % 2 else 2)


def test_winning_moves_win():
    for n, edges in gg.chapter_graphs().values():
        wins = gg.node_kayles_winning_moves(n, edges)
        game = gg.NodeKayles(n, edges)
        start = game.start()
        assert wins == [v for v in game.moves(start) if gg.node_kayles_exhaustive(n, edges, game.apply(start, v)) == 0]
    assert gg.node_kayles_winning_moves(*gg.path(5)) == [2]
    assert gg.node_kayles_winning_moves(*gg.cube()) == []


def test_rules_object():
    game = gg.NodeKayles(*gg.path(5))
    start = game.start()
    assert game.apply(start, 0) == frozenset({2, 3, 4})
    assert game.components(frozenset({0, 1, 3, 4})) == [("vertices 0, 1", 1), ("vertices 3, 4", 1)]
    assert game.winning_move(start) == 2 and game.winning_move(frozenset({0, 1, 3, 4})) is None
    assert game.describe(start, 2) == "take vertex 2 (and 1, 3)"
    with pytest.raises(ValueError, match="still in the graph"):
        game.apply(frozenset({0}), 3)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("call", "error", "match"),
    [
        (lambda: gg.node_kayles_grundy(3, [(0, 3)]), ValueError, r"edges\[0\]"),
        (lambda: gg.node_kayles_grundy(3, [(1, 1)]), ValueError, "loop"),
        (lambda: gg.node_kayles_grundy(3, {0: 1}), TypeError, "edges"),
        (lambda: gg.node_kayles_grundy(3, [(0, "1")]), TypeError, r"edges\[0\]\[1\]"),
        (lambda: gg.node_kayles_grundy(-1, []), ValueError, "n"),
        (lambda: gg.node_kayles_grundy(65, []), ValueError, "at most 64"),
        (lambda: gg.geography_wins(17, [], 0), ValueError, "at most 16"),
        (lambda: gg.geography_wins(3, [], 3), ValueError, "start"),
        (lambda: gg.geography_wins(3, [], 0, directed="yes"), TypeError, "directed"),
        (lambda: gg.edge_geography_wins(2, [(0, 1)] * 19, 0), ValueError, "at most 18 edges"),
        (lambda: gg.geography_winning_moves(3, [], 0, visited="1"), TypeError, "visited"),
        (lambda: gg.node_kayles_grundy(3, [], present=[5]), ValueError, r"present\[0\]"),
        (lambda: gg.maximum_matching_size(21, []), ValueError, "at most 20"),
        (lambda: gg.NodeKayles(13, []), ValueError, "at most 12"),
        (lambda: gg.NodeKayles(2, [], coords=[(0, 0)]), ValueError, "coords"),
        (lambda: gg.NodeKayles(2, []).decode_move(1), TypeError, "move"),
        (lambda: gg.NodeKayles(2, []).check([2]), ValueError, "position"),
        (lambda: gg.cycle(2), ValueError, "at least 3"),
        (lambda: gg.random_graph(4, 2.0, 1), ValueError, "p must"),
    ],
)
def test_bad_input_names_the_argument(call, error, match):
    with pytest.raises(error, match=match):
        call()


def test_a_search_too_large_is_refused_naming_the_limit():
    with pytest.raises(ValueError, match="MAX_NODE_KAYLES_WORK"):
        gg.node_kayles_grundy(*gg.random_graph(40, 0.15, 1))
