"""Green Hackenbush: stalks, the colon and fusion principles against exhaustive search; the rules object."""

from __future__ import annotations

import json
import random
import shutil
import subprocess
from functools import reduce
from operator import xor
from pathlib import Path

import pytest

from nimlib import hackenbush as hb
from nimlib.game import Playable, Reducible
from nimlib.grundy import grundy_value

ROOT = Path(__file__).resolve().parent.parent
FIXTURE = ROOT / "tests" / "js" / "fixtures" / "hackenbush.json"


@pytest.fixture(scope="module")
def known() -> dict:
    return {}


SMALL = [g for n in range(7) for g in hb.all_graphs(n)]  # 1595 graphs, loops and parallel edges included


def _random_graphs(count: int, seed: int) -> list[hb.Graph]:
    rng = random.Random(seed)
    return [hb.random_graph(rng.randint(1, 10), rng.randint(2, 7), rng) for _ in range(count)]


# ---------------------------------------------------------------- the value against search


def test_enumeration_counts() -> None:
    # one graph per isomorphism class; n <= 4 checked once against a brute-force relabelling of all multisets
    assert [len(hb.all_graphs(n)) for n in range(7)] == [1, 2, 6, 20, 74, 289, 1203]
    assert all(len(g) == len(hb.canonical(g)) for g in SMALL)


def test_value_matches_search_on_all_small_graphs(known: dict) -> None:
    for g in SMALL:
        assert hb.value(g) == hb.exhaustive_value(g, known=known), g


def test_value_matches_search_on_random_graphs(known: dict) -> None:
    for g in _random_graphs(200, seed=12):
        assert hb.value(g) == hb.exhaustive_value(g, known=known), g


@pytest.mark.parametrize("n", range(9))
def test_stalk_is_a_nim_heap(n: int, known: dict) -> None:
    assert hb.value(hb.stalk(n)) == hb.exhaustive_value(hb.stalk(n), known=known) == n


@pytest.mark.parametrize("n", range(1, 9))
def test_cycle_through_the_ground_is_its_parity(n: int, known: dict) -> None:
    cycle = [(i, i + 1) for i in range(n - 1)] + [(n - 1, 0)] if n > 1 else [(0, 0)]
    assert hb.value(cycle) == hb.exhaustive_value(cycle, known=known) == n % 2


def _wrong_tree_value(edges: hb.Graph) -> int:
    """A plausible slip in the colon principle: XOR the branches' values without the + 1."""
    graph = hb.canonical(edges)
    children: dict[int, list[int]] = {}
    for u, v in graph:
        children.setdefault(u, []).append(v)

    def at(x: int) -> int:
        return reduce(xor, (1 if c == x else at(c) for c in children.get(x, [])), 0)

    return at(hb.GROUND)


def test_colon_without_plus_one_fails(known: dict) -> None:
    trees = [g for g in SMALL if len({v for e in g for v in e}) == len(g) + 1]  # trees: vertices = edges + 1
    assert len(trees) > 50
    assert any(_wrong_tree_value(t) != hb.exhaustive_value(t, known=known) for t in trees)


def test_fusing_with_the_wrong_parity_fails(known: dict) -> None:
    # fusing a cycle to a single vertex with no loop (ignoring its edges) is wrong for odd cycles
    def wrong(g: hb.Graph) -> int:
        fused = hb.fuse(g)
        return hb.tree_value([e for e in fused if e[0] != e[1]])

    assert any(wrong(g) != hb.exhaustive_value(g, known=known) for g in SMALL)


def test_fuse_leaves_a_tree_with_loops() -> None:
    for g in SMALL:
        fused = hb.fuse(g)
        links = [e for e in fused if e[0] != e[1]]
        vertices = {v for e in links for v in e} | {hb.GROUND}
        assert len(links) == len(vertices) - 1 and len(fused) == len(g), g


def test_colon_steps_end_in_a_stalk_of_the_value() -> None:
    for g in SMALL:
        steps = hb.colon_steps(hb.fuse(g))
        assert hb.graph_key(steps[-1]) == hb.graph_key(hb.stalk(hb.value(g))), g
        assert all(hb.tree_value(s) == hb.value(g) for s in steps), g


def test_tree_value_rejects_cycles() -> None:
    with pytest.raises(ValueError, match="tree with loops"):
        hb.tree_value([(0, 1), (1, 2), (2, 0)])
    with pytest.raises(ValueError, match="tree with loops"):
        hb.tree_value([(0, 1), (0, 1)])


def test_components_sum_to_the_value(known: dict) -> None:
    for g in SMALL[:400]:
        pieces = hb.components(g)
        assert sorted(e for p in pieces for e in p) == sorted(hb.canonical(g))
        assert reduce(xor, (hb.exhaustive_value(p, known=known) for p in pieces), 0) == hb.value(g), g


def test_canonical_and_successors() -> None:
    assert hb.canonical([(2, 1), (1, 0), (5, 6)]) == ((0, 1), (1, 2))
    assert list(hb.successors(((0, 1), (0, 1)))) == [((0, 1),)]
    assert sorted(hb.successors(((0, 1), (1, 2)))) == [(), ((0, 1),)]


def test_bad_edges_are_named() -> None:
    with pytest.raises(TypeError, match=r"edges\[1\] must be a pair"):
        hb.value([(0, 1), (2,)])
    with pytest.raises(ValueError, match=r"edges\[0\]\[1\] must be a non-negative int"):
        hb.value([(0, -1)])
    with pytest.raises(TypeError, match="edges must be a sequence"):
        hb.value("01")


# ---------------------------------------------------------------- the rules object


def test_rules_object_follows_the_protocol(known: dict) -> None:
    edges = [(0, 1), (1, 2), (2, 0), (2, 3), (0, 4), (4, 4), (3, 5)]
    game = hb.GreenHackenbush(edges)
    assert isinstance(game, Reducible) and isinstance(game, Playable)
    start = game.start()
    assert start == frozenset(range(len(edges)))
    # the value by search over the rules object's own positions, and by the components
    assert (
        grundy_value(game.options, start) == reduce(xor, (v for _, v in game.components(start)), 0) == game.value(start)
    )
    # cutting edge 0 of the triangle leaves it standing through edge 2; cutting 2 and then 0 drops 1, 3, 5
    after = game.apply(game.apply(start, 2), 0)
    assert after == frozenset({4, 5}) and game.components(after) == [("edges 4, 5", 2)]
    assert game.encode(after) == [4, 5] and game.decode([5, 4]) == after
    assert game.encode_move(3) == [3] and game.decode_move([3]) == 3
    assert game.describe(start, 3) == "cut edge 3 (2–3)"
    params = game.widget_params()
    assert params["edges"][3] == [2, 3] and set(params["coords"]) == {"0", "1", "2", "3", "4", "5"}
    json.dumps(params)


def test_rules_object_values_on_every_position() -> None:
    for g in _random_graphs(30, seed=5):
        game = hb.GreenHackenbush(g)
        memo: dict = {}
        todo, seen = [game.start()], set()
        while todo:
            p = todo.pop()
            if p in seen:
                continue
            seen.add(p)
            assert grundy_value(game.options, p, known=memo) == game.value(p), (g, p)
            todo.extend(game.options(p))


def test_rules_object_rejects_bad_input() -> None:
    game = hb.GreenHackenbush([(0, 1), (1, 2)])
    with pytest.raises(ValueError, match=r"edges 0\.\.1"):
        game.check([0, 7])
    with pytest.raises(ValueError, match="still standing"):
        game.apply(frozenset({0}), 1)
    with pytest.raises(TypeError, match=r"\[edge_index\]"):
        game.decode_move(3)
    assert game.check([1]) == frozenset()  # edge 1 alone does not touch the ground


# ---------------------------------------------------------------- the page's JavaScript


def _fixture() -> dict:
    """Every position of every graph with at most 4 edges, and of a few larger random ones: values by search."""
    graphs = [g for n in range(1, 5) for g in hb.all_graphs(n)] + list(_random_graphs(12, seed=99))
    out = []
    known: dict = {}
    for g in graphs:
        game = hb.GreenHackenbush(g)
        positions = {}
        todo = [game.start()]
        while todo:
            p = todo.pop()
            key = ",".join(map(str, sorted(p)))
            if key in positions:
                continue
            options = sorted(sorted(q) for q in game.options(p))
            positions[key] = {"value": hb.exhaustive_value(game.graph(p), known=known), "after": options}
            todo.extend(game.options(p))
        out.append({"edges": [list(e) for e in g], "positions": positions})
    return {"graphs": out}


def test_js_fixture_and_node() -> None:
    """Write the fixture the node test reads (from nimlib), then run that test if node and the core are here."""
    data = _fixture()
    FIXTURE.parent.mkdir(parents=True, exist_ok=True)
    text = json.dumps(data, separators=(",", ":"), sort_keys=True) + "\n"
    if not FIXTURE.exists() or FIXTURE.read_text() != text:
        FIXTURE.write_text(text)
    assert sum(len(g["positions"]) for g in data["graphs"]) > 500
    node = shutil.which("node")
    if node is None or not (ROOT / "nimlib" / "static" / "core.js").exists():
        pytest.skip("node or nimlib/static/core.js is missing: the fixture is written, the node test not run")
    result = subprocess.run(
        [node, "--test", str(ROOT / "tests" / "js" / "test_hackenbush.test.mjs")],
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr


def test_winning_move_leaves_value_zero(known: dict) -> None:
    for g in _random_graphs(60, seed=8):
        game = hb.GreenHackenbush(g)
        start = game.start()
        move = game.winning_move(start)
        if hb.exhaustive_value(g, known=known) == 0:
            assert move is None, g
        else:
            assert hb.exhaustive_value(game.graph(game.apply(start, move)), known=known) == 0, (g, move)
