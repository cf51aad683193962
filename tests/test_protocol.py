"""The one protocol: every game's best_move is optimal against the searcher, encodings round-trip, moves apply."""

from __future__ import annotations

from itertools import combinations, combinations_with_replacement, product

import pytest

from nimlib import game as protocol
from nimlib import moore, nim, play, rulesets, search, verify
from nimlib.boards import (
    CrossesStrip,
    GraphChips,
    HeapBoard,
    KaylesRow,
    Nimble,
    NimWithIncreases,
    Northcott,
    Pawns,
    Staircase,
    Trominoes,
    TurningTurtles,
)
from nimlib.partizan import BlueRedHackenbush

DAG = {0: (1, 2, 3), 1: (3, 4), 2: (4, 5), 3: (5,), 4: (5, 6), 5: (), 6: (), 7: (2, 6)}


def reachable(game, start, limit=5000):
    """Every position reachable from ``start`` by the game's own moves (up to ``limit``)."""
    seen, todo = {start}, [start]
    while todo and len(seen) < limit:
        p = todo.pop()
        for m in game.moves(p):
            q = game.apply(p, m)
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return sorted(seen, key=repr)


def legal_strips(length, distance):
    return [
        r
        for r in product((0, 1), repeat=length)
        if all(not (r[i] and any(r[i + 1 : i + distance + 1])) for i in range(length))
    ]


CASES = {
    "kayles": (KaylesRow(length=7), lambda: list(product((0, 1), repeat=7))),
    "dawson": (CrossesStrip(length=9), lambda: legal_strips(9, 1)),
    "crosses-2": (CrossesStrip(length=9, distance=2), lambda: legal_strips(9, 2)),
    "staircase": (Staircase(), lambda: list(product(range(3), repeat=4))),
    "nimble": (Nimble(length=6), lambda: [c for k in range(4) for c in combinations_with_replacement(range(6), k)]),
    "nimble-2": (Nimble(length=7, no_jumps=True), lambda: [c for k in range(4) for c in combinations(range(7), k)]),
    "turtles": (TurningTurtles(), lambda: list(product((0, 1), repeat=6))),
    "twins": (TurningTurtles(twins=True), lambda: list(product((0, 1), repeat=6))),
    "chips": (GraphChips(edges=DAG), lambda: [c for k in range(3) for c in combinations_with_replacement(range(8), k)]),
    "annihilate": (
        GraphChips(edges=DAG, annihilate=True),
        lambda: [c for k in range(4) for c in combinations(range(8), k)],
    ),
    "trominoes": (Trominoes(columns=4), lambda: reachable(Trominoes(columns=4), Trominoes(columns=4).start())),
    "lasker board": (HeapBoard(game=rulesets.laskers_nim, largest=6), lambda: list(product(range(7), repeat=2))),
    "nim": (nim.NIM, lambda: nim.positions_up_to(3, 5)),
    "misere nim": (nim.MISERE_NIM, lambda: nim.positions_up_to(3, 5)),
    "moore 2": (moore.Moore(2), lambda: nim.positions_up_to(3, 4)),
    "kayles heaps": (rulesets.kayles, lambda: nim.positions_up_to(3, 6)),
    "grundy's game": (rulesets.grundys_game, lambda: nim.positions_up_to(2, 9)),
    "subtraction": (rulesets.subtraction({1, 3, 4}), lambda: nim.positions_up_to(2, 9)),
    "increases": (
        NimWithIncreases(cap=3, budget=1),
        lambda: [(p, b) for p in nim.positions_up_to(2, 3) for b in (0, 1)],
    ),
    "pawns": (Pawns(columns=4), lambda: reachable(Pawns(columns=4), Pawns(columns=4).start())),
}


@pytest.mark.parametrize("name", list(CASES))
def test_best_move_is_optimal_against_the_searcher(name):
    """From every N-position, best_move reaches a P-position (a 'first legal move' best_move fails this)."""
    game, positions = CASES[name]
    positions = positions()
    known: dict = {}
    n_positions = 0
    for p in positions:
        if search.solve(game, p, known=known)[p] or protocol.Ruleset.is_over(game, p):
            continue  # P-positions, and the misère end (no move left: the player to move has won)
        n_positions += 1
        move = play.best_move(game, p)
        after = game.apply(p, move)
        assert search.solve(game, after, known=known)[after], (name, p, move)
    assert n_positions >= 5, name
    if hasattr(game, "best_move"):  # the board's own method delegates to play.best_move
        p = next(p for p in positions if not search.solve(game, p, known=known)[p])
        label, move, after = game.best_move(p)
        assert search.solve(game, after, known=known)[after] and isinstance(label, str)


def test_northcott_best_move_against_retrograde():
    board = Northcott(width=5)
    rows = [(w, b) for w in range(5) for b in range(5) if w != b]
    starts = [((r1, r2), player) for r1 in rows for r2 in rows for player in (0, 1)]
    labels = search.retrograde(board, *starts)
    checked = 0
    for p, label in labels.items():
        if label == "N":
            after = board.apply(p, play.best_move(board, p))
            assert labels[after] == "P", p
            checked += 1
    assert checked > 100


@pytest.mark.parametrize("name", ["kayles", "dawson", "staircase", "nimble-2", "chips", "trominoes", "kayles heaps"])
def test_verify_checks_pass_and_count(name, capsys):
    game, positions = CASES[name]
    positions = positions()
    assert verify.sum_rule_holds(game, positions) == len(positions)
    assert verify.best_move_wins(game, positions) == len(positions)
    assert "positions" in capsys.readouterr().out


def test_verify_raises_on_a_wrong_formula():
    with pytest.raises(AssertionError, match="disagrees"):
        verify.formula_agrees(nim.NIM, lambda p: sum(p) % 2 == 0, nim.positions_up_to(2, 3))
    assert verify.formula_agrees(nim.NIM, lambda p: nim.nim_sum(p) == 0, nim.positions_up_to(2, 3)) == 10


ENCODED = [
    (KaylesRow(length=4), (1, 1, 0, 1), "kayles"),
    (CrossesStrip(length=5), (0, 1, 0, 0, 0), "dawson"),
    (CrossesStrip(length=7, distance=2), (0, 0, 0, 0, 0, 0, 0), "crosses-2"),
    (Staircase(), (1, 2, 3), "staircase"),
    (Nimble(length=8), (2, 5, 7), "nimble"),
    (TurningTurtles(), (1, 0, 1), "turtles"),
    (GraphChips(edges=DAG), (0, 1, 7), "graph-chips"),
    (Trominoes(columns=3), ((0, 0, 0), (0, 0, 0)), "trominoes"),
    (Northcott(width=5), (((0, 4), (3, 1)), 0), "northcott"),
    (Pawns(columns=3), Pawns(columns=3).start(), "pawns"),
    (nim.NIM, (3, 4, 5), "nim"),
    (nim.MISERE_NIM, (3, 4, 5), "misere-nim"),
    (moore.Moore(2), (3, 4, 5), "moore"),
    (rulesets.laskers_nim, (3, 5), "lasker"),
    (rulesets.grundys_game, (7,), "grundy"),
    (rulesets.subtraction({1, 2}), (4,), "subtraction"),
    (BlueRedHackenbush(pieces=("BRB", "RB")), ((0, 1, 2, 3, 4), 0), "blue-red-hackenbush"),
]


@pytest.mark.parametrize(("game", "position", "widget"), ENCODED, ids=[e[2] for e in ENCODED])
def test_playable_encodings_round_trip(game, position, widget):
    assert isinstance(game, protocol.Playable) and game.widget == widget
    import json

    json.dumps(game.widget_params())
    data = json.loads(json.dumps(game.encode(position)))
    assert game.decode(data) == game.check(position)
    for move in list(game.moves(position))[:50]:
        sent = json.loads(json.dumps(game.encode_move(move)))
        assert game.apply(position, game.decode_move(sent)) == game.apply(position, move)
        assert isinstance(game.describe(position, move), str)


def test_widget_move_shapes_are_the_plan_table():
    assert KaylesRow(length=3).moves((1, 1, 1))[:2] == [(0,), (0, 1)]
    assert Staircase().moves((0, 2)) == [(1, 1), (1, 2)]
    assert nim.NIM.encode_move(((0, 1),)) == [0, 1]
    assert moore.Moore(2).encode_move(((0, 1), (2, 0))) == [[0, 1], [2, 0]]
    assert rulesets.laskers_nim.encode_move((0, (1, 2))) == [0, [1, 2]]
    assert rulesets.laskers_nim.apply((3, 5), (0, (1, 2))) == (1, 2, 5)
    assert rulesets.kayles.apply((2, 5), (0, (0,))) == (0, 5)  # emptied heaps stay as 0
    assert Trominoes(columns=2).apply(((0, 0), (0, 0)), (0, 3)) == ((1, 1), (1, 0))


def test_nimble_2_never_jumps():
    board = Nimble(length=6, no_jumps=True)
    assert board.check((3, 1)) == (1, 3)
    assert board.moves((3, 1)) == [(1, 0), (3, 2)]
    with pytest.raises(ValueError, match="share a cell"):
        board.moves((2, 2))


def test_heap_game_moves_derive_from_the_take_rule():
    assert [m for m in rulesets.kayles.moves((3,))] == [(0, (2,)), (0, (1,)), (0, (1, 1))]
    assert list(rulesets.nim.moves((2,))) == [(0, (0,)), (0, (1,))]
    assert rulesets.octal("0.07").options(2) == [()]
    with pytest.raises(ValueError, match="take_one"):
        rulesets.TakeRule(take_one=(0,))
    with pytest.raises(ValueError, match="take_all"):
        rulesets.TakeRule(take_all=(-1,))
    with pytest.raises(TypeError, match="unequal"):
        rulesets.TakeRule(unequal="yes")


def test_old_successors_factories_still_work():
    from nimlib.boards import nim_with_increases, northcott_successors, pawns_start, pawns_successors

    assert search.is_p_position(pawns_successors(2), pawns_start(2)) is False
    assert list(northcott_successors(3)((((0, 2),), 0)))
    assert search.solve(nim_with_increases(1, 3), ((1, 1), 1))[((1, 1), 1)] is True


@pytest.mark.parametrize("name", list(CASES))
def test_options_are_the_moves_applied(name):
    """The searcher's fast path (options) and the checked path (apply) agree; labelled moves too."""
    game, positions = CASES[name]
    for p in positions()[:60]:
        applied = [game.apply(p, m) for m in game.moves(p)]
        if isinstance(game, rulesets.HeapGame | nim.Nim | moore.Moore):
            # heap games hand the searcher canonical positions (sorted, no empty heaps)
            assert sorted(game.options(p)) == sorted(tuple(sorted(h for h in q if h)) for q in applied)
        else:
            assert list(game.options(p)) == applied
        if hasattr(game, "labelled_moves"):
            assert [(m, after) for _, m, after in game.labelled_moves(p)] == list(
                zip(game.moves(p), applied, strict=True)
            )
