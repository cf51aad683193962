"""nimlib.partizan: outcome classes by search, numbers, and Blue-Red Hackenbush's values against search.

The search (hackenbush_outcome, sum_outcome) knows nothing of values; the values (sign expansion,
the simplicity rule) know nothing of the search. Every check compares the two on every case up to a
bound, and planted wrong rules must disagree with the search.
"""

from __future__ import annotations

from fractions import Fraction
from itertools import combinations, combinations_with_replacement, product

import pytest

from nimlib import partizan as P
from nimlib import search

STALKS = ["".join(p) for n in range(1, 7) for p in product("BR", repeat=n)]
SHORT = [s for s in STALKS if len(s) <= 4]


def _sign_class(v: Fraction) -> str:
    return "L" if v > 0 else "R" if v < 0 else "P"


def _trees(edges: int) -> list:
    """Every tree (canonical form) with exactly ``edges`` edges."""
    out: dict[int, set] = {0: {()}}
    for n in range(1, edges + 1):
        found = set()
        # the first branch takes 1 + k edges (k above it), the rest n - 1 - k
        for k in range(n):
            for above in out[k]:
                for rest in out[n - 1 - k]:
                    for c in "BR":
                        found.add(tuple(sorted(((c, above),) + rest)))
        out[n] = found
    return sorted(out[edges])


def test_sign_expansion_terms():
    assert P.sign_expansion("BBRB") == [1, 1, Fraction(-1, 2), Fraction(1, 4)]
    assert P.sign_expansion("RRRB") == [-1, -1, -1, Fraction(1, 2)]
    assert P.sign_expansion("BRRRR") == [1, Fraction(-1, 2), Fraction(-1, 4), Fraction(-1, 8), Fraction(-1, 16)]
    assert P.stalk_value("") == 0


def test_sign_expansion_is_the_simplicity_rule_on_every_stalk():
    """Sign expansion == the simplicity rule on the stalk's game form, for all 126 stalks of 1 to 6 edges."""
    for s in STALKS:
        v = P.stalk_value(s)
        assert v == P.tree_value(s) == P.number_value(P.tree_game(s)), s


def test_sums_of_stalks_are_won_by_the_sign_of_their_value():
    """Every sum of one to three stalks of at most 4 edges each (search vs the sign of the sum)."""
    count = 0
    for k in (1, 2, 3):
        for combo in combinations_with_replacement(SHORT, k):
            if sum(map(len, combo)) > 10:
                continue
            v = sum(map(P.stalk_value, combo))
            assert P.hackenbush_outcome(*combo) == _sign_class(v), combo
            count += 1
    assert count > 2000, count
    # all three classes occur
    assert {_sign_class(sum(map(P.stalk_value, c))) for c in combinations_with_replacement(SHORT, 2)} == {"L", "R", "P"}


@pytest.mark.parametrize(
    "wrong",
    [
        lambda s: sum((1 if c == "B" else -1) for c in s),  # no halving
        lambda s: sum((1 if c == "B" else -1) * Fraction(1, 2**i) for i, c in enumerate(s)),  # halving from the start
        # halving from the edge after the first change (one edge late)
        lambda s: (
            sum(t if abs(t) == 1 else 2 * t for t in P.sign_expansion(s)) if len(set(s)) > 1 else P.stalk_value(s)
        ),
    ],
)
def test_wrong_stalk_rules_disagree_with_the_search(wrong):
    sums = [c for k in (2, 3) for c in combinations_with_replacement(SHORT, k) if sum(map(len, c)) <= 8]
    misses = [c for c in sums if P.hackenbush_outcome(*c) != _sign_class(sum(map(wrong, c)))]
    assert misses


def test_trees_values_decide_sums_of_trees():
    """Every pair of trees of at most 3 edges each, and every tree of 5 edges against every stalk of 1-2."""
    small = [t for n in (1, 2, 3) for t in _trees(n)]
    assert len(small) > 30
    count = 0
    for a, b in combinations_with_replacement(small, 2):
        assert P.hackenbush_outcome(a, b) == _sign_class(P.tree_value(a) + P.tree_value(b)), (a, b)
        count += 1
    for t in _trees(5):
        for s in [x for x in STALKS if len(x) <= 2]:
            assert P.hackenbush_outcome(t, s) == _sign_class(P.tree_value(t) + P.stalk_value(s))
            count += 1
    assert count > 1000


def test_every_small_tree_is_a_number_by_the_simplicity_rule():
    for n in range(1, 6):
        for t in _trees(n):
            assert P.number_value(P.tree_game(t)) == P.tree_value(t)


def test_outcome_of_small_forms_matches_its_definition():
    """outcome() against who wins moving first, computed by the generic searcher on the game tree."""
    forms = P.born_by(2)
    assert len(forms) == 256
    counts = {c: 0 for c in P.OUTCOMES}
    for g in forms:
        left = any(P.outcome(o) in ("L", "P") for o in g[0])  # Left moves to a position Right loses moving first
        right = any(P.outcome(o) in ("R", "P") for o in g[1])
        expected = {(True, False): "L", (False, True): "R", (True, True): "N", (False, False): "P"}[(left, right)]
        assert P.outcome(g) == expected
        counts[expected] += 1
    assert all(counts.values()), counts


def test_sum_outcome_is_the_outcome_of_the_built_sum():
    forms = P.born_by(1)
    for g, h in product(forms, repeat=2):
        assert P.sum_outcome(g, h) == P.outcome(P.add(g, h))


def test_outcomes_of_parts_do_not_decide_the_sum():
    """Two N-games can sum to N, P, L or R (found among games born by day 2); L + R likewise varies."""
    ns = [g for g in P.born_by(2) if P.outcome(g) == "N"][:60]
    seen = {P.sum_outcome(g, h) for g, h in combinations_with_replacement(ns, 2)}
    assert seen == {"L", "R", "N", "P"}
    assert {P.hackenbush_outcome(a, b) for a, b in [("B", "R"), ("BB", "R"), ("B", "RR")]} == {"P", "L", "R"}


def test_a_p_game_never_changes_a_sums_outcome():
    forms = P.born_by(2)
    ps = [g for g in forms if P.outcome(g) == "P"]
    for g in forms[::7]:
        for p in ps[:10]:
            assert P.sum_outcome(g, p) == P.outcome(g)


def test_simplest_between_is_the_simplest():
    grid = [Fraction(k, 16) for k in range(-64, 65)]

    def birthday(x: Fraction) -> tuple:
        return (x.denominator, abs(x))  # smaller denominator first, then nearer 0

    fine = [Fraction(k, 64) for k in range(-64 * 9, 64 * 9 + 1)]  # every candidate: denominators up to 64
    pairs = [(a, b) for a in grid[::4] for b in grid[::6] if a < b]
    for lo, hi in pairs + [(None, Fraction(-5, 2)), (Fraction(7, 4), None), (None, None)]:
        x = P.simplest_between(lo, hi)
        assert (lo is None or lo < x) and (hi is None or x < hi)
        inside = [y for y in fine if (lo is None or lo < y) and (hi is None or y < hi)]
        assert birthday(x) <= min(map(birthday, inside)), (lo, hi, x)


def test_number_games_round_trip():
    for k in range(-24, 25):
        x = Fraction(k, 8)
        assert P.number_value(P.number_game(x)) == x
        assert P.outcome(P.number_game(x)) == _sign_class(x)


def test_star_is_not_a_number_and_is_its_own_negative():
    assert P.number_value(P.STAR) is None
    assert P.negative(P.STAR) == P.STAR
    assert P.sum_outcome(P.STAR, P.STAR) == "P"
    assert P.outcome(P.add(P.STAR, P.number_game(Fraction(1, 4)))) == "L"


# ------------------------------------------------------------------ the widget's rules


PICTURES = [("BRB", "RBB", "BR"), ([("B", [("R", []), ("B", [("R", [])])]), ("R", [("B", [])])], "RB")]


@pytest.mark.parametrize("pieces", PICTURES)
def test_widget_rules_winning_move_agrees_with_search(pieces):
    """Every position of the picture, both players: the value rule's move wins exactly when search says so."""
    game = P.BlueRedHackenbush(pieces=pieces)
    n = len(game.edges)
    positions = {game._grounded(s) for k in range(n + 1) for s in combinations(range(n), k)}
    checked = 0
    known: dict = {}
    for standing in positions:
        for player in (0, 1):
            pos = (standing, player)
            lost = search.solve(game, pos, known=known)[pos]  # True: the player to move loses
            move = game.winning_move(pos)
            assert (move is None) == lost, pos
            if move is not None:
                after = game.apply(pos, move)
                assert search.solve(game, after, known=known)[after], pos
            # the value's sign is the outcome for the player to move
            v = game.value(pos)
            wins = v > 0 if player == 0 else v < 0
            assert wins == (not lost), pos
            checked += 1
    assert checked > 90


def test_widget_rules_refuse_bad_input():
    with pytest.raises(ValueError, match="pieces"):
        P.BlueRedHackenbush(pieces=("BXB",))
    with pytest.raises(ValueError, match="at most 24"):
        P.BlueRedHackenbush(pieces=("B" * 25,))
    with pytest.raises(TypeError, match="pieces"):
        P.BlueRedHackenbush(pieces="BRB")
    g = P.BlueRedHackenbush()
    with pytest.raises(ValueError, match="player"):
        g.check(((0,), 2))
    with pytest.raises(ValueError, match="joined to the ground"):
        g.check(((1,), 0))
    with pytest.raises(ValueError, match="mover's colour"):
        g.apply(g.start(), (1,))


def test_bad_input_is_named():
    with pytest.raises(ValueError, match=r"'B' \(blue\) and 'R'"):
        P.stalk_value("BG")
    with pytest.raises(TypeError, match="s must be a str"):
        P.stalk_value(3)
    with pytest.raises(ValueError, match="low must be less than high"):
        P.simplest_between(1, 1)
    with pytest.raises(TypeError, match="low"):
        P.simplest_between(0.5, 1)
    with pytest.raises(TypeError, match="must be a game"):
        P.outcome((1, 2))
    with pytest.raises(ValueError, match="at most 24 edges"):
        P.hackenbush_outcome("B" * 13, "R" * 12)
    with pytest.raises(ValueError, match="dyadic"):
        P.number_game(Fraction(1, 3))
    with pytest.raises(ValueError, match="day must be 0, 1 or 2"):
        P.born_by(3)
    with pytest.raises(ValueError, match="colour"):
        P.tree([("G", [])])


def test_the_play_widget_plays_either_colour():
    """PlayWidget on BlueRedHackenbush: the reader's colour is params.reader, and the computer's replies win."""
    from nimlib.widgets import PlayWidget

    for reader, first in (("B", [2]), ("R", [1])):
        game = P.BlueRedHackenbush(pieces=("BRB", "RBB", "BR"), reader=reader)
        widget = PlayWidget(game, seed=1)
        assert widget.params["reader"] == reader and widget.params["colours"] == "BRBRBBBR"
        assert widget.play(first)
        reply = widget.history[-1]
        assert reply["player"] == "computer" and game.edges[reply["move"][0]][2] != reader
        # the computer's reply is the one the value rule picks, and it wins where a win exists
        before = (tuple(reply["before"]), 1)
        assert [reply["move"][0]] == list(game.winning_move(before) or game.moves(before)[0])
    with pytest.raises(ValueError, match="reader"):
        P.BlueRedHackenbush(reader="G")
