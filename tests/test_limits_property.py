"""Every game class with a size: random sizes up to its limit are accepted, one past it is refused (issue 25).

Accepted means constructed, its start position checked and the moves of that position listed (the cost the
limit is there to bound); refused means a ValueError naming the argument, the limit and the value, before
any work. Sizes are drawn with a fixed seed (3 and one up to the limit), besides the limit itself.
"""

from __future__ import annotations

import random
import re

import pytest

from nimlib import boards, coins, hackenbush, rulesets


def _staircase(steps):
    board = boards.Staircase()
    return board, tuple(1 for _ in range(steps))


def _hackenbush(edges):
    game = hackenbush.GreenHackenbush(hackenbush.stalk(edges))
    return game, game.start()


def _board(make):
    def build(size):
        game = make(size)
        return game, game.start()

    return build


# name: (build(size) -> (game, start), limit, what the refusal of limit + 1 says)
GAMES = {
    "ruler": (_board(coins.Ruler), coins.Ruler.max_length, r"length must be at most {limit} \("),
    "mock turtles": (_board(coins.MockTurtles), coins.MockTurtles.max_length, r"length must be at most {limit} \("),
    "turning turtles (coins)": (
        _board(coins.TurningTurtles),
        coins.TurningTurtles.max_length,
        r"length must be at most {limit} \(",
    ),
    "twins": (_board(coins.Twins), coins.Twins.max_length, r"length must be at most {limit} \("),
    "turning corners": (
        _board(lambda n: coins.TurningCorners(n, n)),
        45,
        r"MAX_PRODUCT_MOVES = 1,000,000 moves .*got rows={limit1}, columns={limit1}",
    ),
    "hackenbush": (
        _hackenbush,
        hackenbush.MAX_EDGES,
        r"edges must hold at most MAX_EDGES = {limit} edges.*got {limit1}",
    ),
    "kayles": (_board(lambda n: boards.KaylesRow(length=n)), boards.MAX_CELLS, r"length must be at most {limit} "),
    "misere kayles": (
        _board(lambda n: boards.KaylesRow(length=n, misere=True)),
        boards.MAX_MISERE_QUOTIENT_KAYLES,  # longer than MAX_MISERE_CELLS, rows play by the misère quotient
        r"length must be at most {limit} in misère play",
    ),
    "dawson": (_board(lambda n: boards.CrossesStrip(length=n)), boards.MAX_CELLS, r"length must be at most {limit} "),
    "nimble": (
        lambda n: (boards.Nimble(length=n), tuple(range(n - 1, -1, -8))),  # a coin on every eighth cell
        boards.MAX_CELLS,
        r"length must be at most {limit} ",
    ),
    "turning turtles (board)": (
        lambda n: (boards.TurningTurtles(), tuple(int(i % 8 == 0) for i in range(n))),  # every eighth coin heads
        boards.MAX_CELLS,
        r"position must have at most {limit} cells, got {limit1}",
    ),
    "trominoes": (_board(lambda n: boards.Trominoes(columns=n)), boards.MAX_CELLS, r"columns must be at most {limit} "),
    "pawns": (_board(lambda n: boards.Pawns(columns=n)), boards.MAX_CELLS, r"columns must be at most {limit} "),
    "northcott": (_board(lambda n: boards.Northcott(width=n)), boards.MAX_CELLS, r"width must be at most {limit} "),
    "lasker board": (
        lambda n: (boards.HeapBoard(game=rulesets.laskers_nim, largest=n), (n, n)),
        boards.MAX_CELLS,
        r"largest must be at most {limit} ",
    ),
    "staircase": (_staircase, boards.MAX_CELLS, r"position must have at most {limit} steps, got {limit1}"),
}


@pytest.mark.parametrize("name", list(GAMES))
def test_sizes_up_to_the_limit_are_accepted_and_one_past_is_refused(name):
    build, limit, refusal = GAMES[name]
    rng = random.Random(f"issue 25 {name}")
    for size in sorted({3, rng.randint(3, limit)}):
        game, start = build(size)
        assert len(list(game.moves(game.check(start)))) >= 1
    game, start = build(limit)  # the limit itself is accepted
    game.check(start)
    pattern = refusal.format(limit=limit, limit1=limit + 1)
    with pytest.raises(ValueError, match=pattern) as refused:
        game, start = build(limit + 1)
        game.check(start)
    assert re.search(rf"\b{limit + 1}\b", str(refused.value).replace(",", "")), str(refused.value)


def test_every_sized_class_of_the_protocol_list_is_here():
    """A check that finds nothing to check fails: the classes with a size parameter all appear above."""
    sized = {
        coins.Ruler, coins.MockTurtles, coins.TurningTurtles, coins.Twins, coins.TurningCorners,
        hackenbush.GreenHackenbush, boards.KaylesRow, boards.CrossesStrip, boards.Nimble, boards.TurningTurtles,
        boards.Trominoes, boards.Pawns, boards.Northcott, boards.HeapBoard, boards.Staircase,
    }  # fmt: skip
    built = set()
    for build, _, _ in GAMES.values():
        game, _ = build(2)
        built.add(type(game))
    assert sized <= built, sized - built
