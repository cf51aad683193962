"""Chomp and poset games (nimlib.chomp): every claim of the chapter against a search that knows no formula,
and the page's replies (nimlib/static/games/chomp.js, under node) against nimlib on every position of every
bar up to 4 x 7."""

from __future__ import annotations

import itertools
import json
import os
import random
import shutil
import subprocess

import pytest

from nimlib import chomp, search
from nimlib.chomp import Chomp, PosetGame

from .conftest import ROOT

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(
    NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed"
)
BARS = [(m, n) for m in range(1, chomp.WIDGET_ROWS + 1) for n in range(1, chomp.WIDGET_COLUMNS + 1)]


def _search_is_p(position) -> bool:
    """The generic searcher (nimlib.search: no Grundy values, no formula) on Chomp's successors."""
    return search.solve(chomp.chomp_options, tuple(position))[tuple(position)]


# ---------------------------------------------------------------- the search against the searcher


def test_grundy_agrees_with_the_generic_searcher_on_every_position_up_to_4_by_7():
    seen = set()
    for m, n in BARS:
        for p in chomp.positions(m, n):
            seen.add(p)
            assert (chomp.grundy(p) == 0) == _search_is_p(p), p
    assert len(seen) == chomp.board_positions(4, 7) == 329


def test_the_poset_game_gives_the_same_values_as_chomp():
    """Two implementations: row lengths with mex, and down-sets of a poset as bit masks."""
    for m, n in [(2, 5), (3, 4), (4, 4)]:
        game = chomp.chomp_poset(m, n)
        for p in chomp.positions(m, n):
            assert game.grundy(chomp.poset_position(p)) == chomp.grundy(p), p


def test_positions_are_counted_and_listed():
    assert chomp.positions(2, 2) == [(1,), (1, 1), (2,), (2, 1), (2, 2)]
    for m, n in BARS:
        listed = chomp.positions(m, n)
        assert len(listed) == len(set(listed)) == chomp.board_positions(m, n)
        assert chomp.positions_inside((n,) * m) == listed


# ---------------------------------------------------------------- the theorems of the chapter


def test_strategy_stealing_every_bar_larger_than_1_by_1_is_a_first_player_win():
    for m, n in [(m, n) for m in range(1, 6) for n in range(1, 8)]:
        start = (n,) * m
        assert _search_is_p(start) == ((m, n) == (1, 1)), (m, n)


def test_strategy_stealing_on_random_posets_with_a_greatest_element():
    rng = random.Random(38)
    checked = 0
    for _ in range(60):
        size = rng.randint(1, 7)
        # a random order: x <= y when y reaches x through random "covers" upward, plus a top above all
        up = {a: {a} for a in range(size)}
        for a in range(size):
            for b in range(a + 1, size):
                if rng.random() < 0.3:
                    up[a].add(b)
        for _ in range(size):  # transitive closure
            for a in range(size):
                up[a] = set().union(*(up[b] for b in up[a]))
        top = size
        game = PosetGame(range(size + 1), lambda x, y, top=top, up=up: y == top or (x != top and y in up[x]))
        assert game.greatest() == top
        assert not game.is_p_position(game.start())
        checked += 1
    assert checked == 60


def test_two_rows_p_exactly_when_a_is_b_plus_one():
    count = 0
    for a in range(1, 13):
        for b in range(0, a + 1):
            p = (a, b) if b else (a,)
            assert chomp.two_row_is_p(p) == _search_is_p(p) == (a == b + 1), p
            count += 1
    assert count == 90
    # the strategy: from (a, b) with a > b + 1 bite row 1, column b + 2; from (a, a) bite row 2, column a
    assert chomp.winning_moves((7, 3)) == [(1, 5)] and chomp.winning_moves((5, 5)) == [(2, 5)]


def test_l_shapes_p_exactly_when_the_arms_are_equal():
    for a in range(1, 9):
        for h in range(1, 9):
            p = (a,) + (1,) * (h - 1)
            assert chomp.l_shape_is_p(p) == _search_is_p(p) == (a == h), p


def test_square_bars_bite_2_2_then_mirror():
    for n in range(2, 8):
        start = (n,) * n
        assert chomp.square_strategy_move(start) == (2, 2)
        assert (2, 2) in chomp.winning_moves(start)
        after = chomp.chomp_apply(start, (2, 2))
        assert chomp.is_l_shape(after) and _search_is_p(after)
        # every reply to the L has a mirror that restores equal arms
        for reply in chomp.chomp_moves(after):
            left = chomp.chomp_apply(after, reply)
            mirror = chomp.square_strategy_move(left)
            assert mirror is not None and _search_is_p(chomp.chomp_apply(left, mirror)), (n, reply)


def test_2_by_n_bites_the_corner():
    for n in range(2, 12):
        assert chomp.winning_moves((n, n)) == [(2, n)]


def test_winning_first_moves_match_a_search_of_the_options():
    """Each listed move leaves a P-position by the generic searcher, and every unlisted one does not."""
    for m, n in BARS:
        start = (n,) * m
        found = chomp.winning_first_moves(m, n)
        for move in chomp.chomp_moves(start):
            assert (move in found) == _search_is_p(chomp.chomp_apply(start, move)), (m, n, move)
        assert bool(found) == ((m, n) != (1, 1))
    # named cases a wrong bite rule would break
    assert chomp.winning_first_moves(3, 3) == [(2, 2)]
    assert chomp.winning_first_moves(2, 7) == [(2, 7)]
    assert chomp.winning_first_moves(1, 5) == [(1, 2)]


def test_divisor_game_of_p_a_q_b_is_a_plus_1_by_b_plus_1_chomp():
    cases = 0
    for p, q in [(2, 3), (2, 5), (3, 7)]:
        for a, b in itertools.product(range(0, 4), range(0, 3)):
            n = p**a * q**b
            if n == 1:
                continue
            game = chomp.divisor_game(n)
            bar = (b + 1,) * (a + 1)
            assert game.grundy(game.start()) == chomp.grundy(bar), n
            cases += 1
            for left in chomp.positions(a + 1, b + 1):
                down = frozenset(p**i * q**j for i, r in enumerate(left) for j in range(r)) - {1}
                assert chomp.divisor_chomp_position(n, down, p, q) == left
                assert game.grundy(down) == chomp.grundy(left), (n, left)
    assert cases == 33
    assert chomp.divisor_game(72).winning_moves(chomp.divisor_game(72).start())  # strategy stealing: N


def test_divisor_game_is_a_first_player_win_for_every_n_up_to_200():
    for n in range(2, 201):
        game = chomp.divisor_game(n)
        assert not search.solve(lambda s, g=game: list(g.options(s)), game.start())[game.start()], n


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: chomp.check_rows((2, 3)), ValueError, "non-increasing"),
        (lambda: chomp.check_rows(()), ValueError, "poisoned row"),
        (lambda: chomp.check_rows((2, 0)), ValueError, "position\\[1\\]"),
        (lambda: chomp.check_rows("33"), TypeError, "tuple of row lengths"),
        (lambda: chomp.check_rows((2.0,)), TypeError, "must be an int"),
        (lambda: chomp.chomp_apply((3, 3), (1, 1)), ValueError, "poisoned"),
        (lambda: chomp.chomp_apply((3, 2), (2, 3)), ValueError, "not a square"),
        (lambda: chomp.chomp_apply((3, 2), (2,)), TypeError, "square"),
        (lambda: Chomp(9, 9), ValueError, "MAX_BOARD_POSITIONS = 12,869"),
        (lambda: Chomp(0, 3), ValueError, "rows"),
        (lambda: Chomp(5, 7).widget_params(), ValueError, "at most 4 x 7"),
        (lambda: Chomp(3, 3).check((4,)), ValueError, "does not fit"),
        (lambda: chomp.two_row_is_p((3, 2, 1)), ValueError, "two rows"),
        (lambda: chomp.l_shape_is_p((3, 2)), ValueError, "an L"),
        (lambda: chomp.divisors(0), ValueError, "n must be"),
        (lambda: chomp.divisors(10**13), ValueError, "MAX_N"),
        (lambda: chomp.divisor_game(2**70), ValueError, "MAX_N"),
        (lambda: PosetGame([1, 2], lambda x, y: True), ValueError, "antisymmetric"),
        (lambda: PosetGame([1, 2], lambda x, y: False), ValueError, "reflexive"),
        (lambda: PosetGame([1, 2, 3], lambda x, y: x == y or (x, y) in {(1, 2), (2, 3)}), ValueError, "transitive"),
        (lambda: PosetGame([1, 1], lambda x, y: True), ValueError, "distinct"),
        (lambda: PosetGame(range(65), lambda x, y: x == y), ValueError, "MAX_ELEMENTS"),
        (lambda: PosetGame([1, 2], "leq"), TypeError, "leq"),
        (lambda: chomp.divisor_game(12).grundy(frozenset({4})), ValueError, "down-set"),
        (lambda: chomp.divisor_game(12).grundy({5}), ValueError, "not an element"),
        (lambda: chomp.divisor_game(12).grundy([2]), TypeError, "set"),
    ],
)
def test_bad_input_is_refused_with_its_name(call, error, words):
    with pytest.raises(error, match=words):
        call()


def test_a_search_too_large_is_refused_saying_the_limit():
    antichain = PosetGame(range(30), lambda x, y: x == y)  # 2^30 down-sets
    with pytest.raises(ValueError, match="MAX_STATES = 200,000"):
        antichain.grundy(antichain.start())


# ---------------------------------------------------------------- the page against nimlib, every position

_PAGE = """
import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [dir, fixture] = process.argv.slice(1);
const core = await import(pathToFileURL(`${dir}/core.js`));
const g = await import(pathToFileURL(`${dir}/games/chomp.js`));
const def = core.gameDef("chomp");
const out = [];
for (const { params, positions } of JSON.parse(readFileSync(fixture, "utf8"))) {
  for (const p of positions) {
    const best = core.bestMove(def, p, params);
    const reply = core.computerMove(def, p, params);
    const html = core.explainPosition(def, p, params);
    out.push({
      params, position: p, grundy: g.chompGrundy(p), count: g.chompCount(p),
      moves: def.moves(p, params).map((m) => [m.move, m.after]),
      best: best && best.move, reply: reply && reply.move, winning: reply && reply.winning,
      names: best ? html.includes(core.escapeHtml(best.label)) : true,
      valid: def.validate(p, params),
    });
  }
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def page_replies(tmp_path_factory):
    if NODE is None:
        pytest.skip("node is not installed")
    rows = [{"params": {"rows": m, "columns": n}, "positions": chomp.positions(m, n)} for m, n in BARS]
    path = tmp_path_factory.mktemp("chomp") / "fixture.json"
    path.write_text(json.dumps(rows), encoding="utf-8")
    result = subprocess.run(
        [NODE, "--input-type=module", "-e", _PAGE, str(ROOT / "nimlib" / "static"), str(path)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return json.loads(result.stdout)


def _page_problems(page_rows: list[dict]) -> list[str]:
    """What the page gets wrong, position by position, against nimlib (empty when all agree)."""
    problems = []
    for row in page_rows:
        p = tuple(row["position"])
        rules = Chomp(row["params"]["rows"], row["params"]["columns"])
        say = problems.append
        if row["valid"] is not None:
            say(f"{p}: the page refuses it: {row['valid']}")
        if row["grundy"] != chomp.grundy(p):
            say(f"{p}: G = {row['grundy']} in the page, {chomp.grundy(p)} in nimlib")
        if row["count"] != len(chomp.positions_inside(p)):
            say(f"{p}: the page counts {row['count']} positions inside")
        if [(tuple(m), tuple(a)) for m, a in row["moves"]] != [(m, rules.apply(p, m)) for m in rules.moves(p)]:
            say(f"{p}: the page's moves differ")
        expected = rules.winning_move(p)
        if expected is not None:
            if row["best"] is None or tuple(row["best"]) != expected or tuple(row["reply"]) != expected:
                say(f"{p}: the page plays {row['reply']}, nimlib {expected}")
            elif not row["winning"] or not row["names"]:
                say(f"{p}: the explanation does not name {rules.describe(p, expected)}")
        else:
            stall = rules.stalling_move(p)
            if row["best"] is not None:
                say(f"{p}: a P-position, but the page has a winning move {row['best']}")
            if (row["reply"] is None) != (stall is None) or (stall is not None and tuple(row["reply"]) != stall):
                say(f"{p}: the page stalls with {row['reply']}, nimlib with {stall}")
    return problems


@needs_node
def test_the_page_replies_as_nimlib_on_every_position_of_every_bar_up_to_4_by_7(page_replies):
    assert _page_problems(page_replies) == []
    assert len(page_replies) == sum(chomp.board_positions(m, n) for m, n in BARS) > 1000


@needs_node
def test_the_page_check_bites(page_replies):
    """Planted mistakes are caught: a page that plays its first bite, one off-by-one in G, one that miscounts."""
    first_move = []
    for r in page_replies:
        first = r["moves"][0][0] if r["moves"] else None
        first_move.append({**r, "best": first, "reply": first})
    assert len(_page_problems(first_move)) > 100
    off_by_one = [{**r, "grundy": r["grundy"] + (len(r["position"]) == 2)} for r in page_replies]
    assert len(_page_problems(off_by_one)) > 100
    assert _page_problems([{**page_replies[5], "count": page_replies[5]["count"] + 1}])


def test_the_checks_of_the_theorems_bite():
    """Wrong rules fail the checks above: a = b for two rows, a bite that eats its own row only, the corner."""
    two = [(a, b) if b else (a,) for a in range(1, 9) for b in range(a + 1)]
    assert any((len(p) == 2 and p[0] == p[1]) != _search_is_p(p) for p in two)

    def row_only(position):
        # A wrong bite: it eats the squares right of (i, j) in row i only, where that leaves a staircase
        rows = tuple(position)
        out = []
        for i, j in chomp.chomp_moves(rows):
            left = (*rows[: i - 1], j - 1, *rows[i:])
            if all(x >= y for x, y in itertools.pairwise(left)):
                out.append(tuple(r for r in left if r))
        return out

    every = chomp.positions(3, 4)
    assert any(search.is_p_position(row_only, p) != _search_is_p(p) for p in every)
    corner_wins = [(m, n) for m, n in BARS if (m, n) != (1, 1) and (m, n) not in chomp.winning_first_moves(m, n)]
    assert corner_wins  # "bite the far corner" is not the strategy: the table must not say it is


def test_the_widget_plays_the_winning_bite_and_refuses_an_illegal_one():
    from nimlib.widgets import PlayWidget

    w = PlayWidget(Chomp(2, 5))
    w.play((1, 5))  # eats column 5 of both rows: (4, 4); the computer's reply leaves (4, 3), a P-position
    assert tuple(w.position) == (4, 3) and chomp.is_p_position((4, 3))
    before = list(w.position)
    w.play((1, 1))  # the poison is no move: the widget says so and keeps the position
    assert list(w.position) == before and "poison" in w.message
