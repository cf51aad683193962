"""Nothing accepted that cannot be done (issue 25): sizes past a documented limit are refused up front.

Each test reproduces an example of the issue and checks the clear refusal (the argument, the limit and the
value in the message) or that the work stays bounded, counted rather than timed.
"""

from __future__ import annotations

import json
import math
import os
import random
import re

import numpy as np
import pytest

from nimlib import certificate, cli, coins, hackenbush, play, rulesets, wythoff
from nimlib.boards import Nimble, Staircase
from nimlib.engine.periodicity import find_period, search_period
from nimlib.widgets import GameBoard, NimGame, PlayWidget, PuzzleWidget


@pytest.mark.parametrize(
    ("make", "limit"),
    [(coins.Ruler, 113), (coins.MockTurtles, 79), (coins.TurningTurtles, 500), (coins.Twins, 500)],
)
def test_row_games_refuse_rows_whose_moves_do_not_fit(make, limit):
    """Ruler(1000) and Mock Turtles with 1000 places were accepted, then listing their moves exhausted memory."""
    assert make.max_length == limit
    with pytest.raises(ValueError, match=rf"length must be at most {limit} \(.*MAX_MOVE_PLACES.*\), got 1000"):
        make(1000)
    with pytest.raises(ValueError, match=rf"length must be at most {limit}\b.*got {limit + 1}"):
        make(limit + 1)
    game = make(limit)
    places = sum(len(m) for m in game.moves(game.start()))
    assert places <= coins.MAX_MOVE_PLACES
    # one coin more is past the budget: the limit is the cost model's, not a guess
    longer = coins.TurningGame(game.rule, limit)
    with pytest.raises(ValueError, match="MAX_MOVE_PLACES"):
        longer.moves((1,) * (limit + 1))
    with pytest.raises(ValueError, match=rf"position must have at most {limit} coins"):
        game.moves((1,) * (limit + 1))


def test_a_rule_whose_moves_do_not_fit_is_refused_while_counting():
    """A game from a rule cannot be costed up front: its moves are counted and refused past the budget."""
    game = coins.TurningGame(coins.turtles_rule, 10)
    with pytest.raises(ValueError, match=r"more than MAX_MOVE_PLACES = 250,000 places \(a row of 1000 coins"):
        game.moves((1,) * 1000)
    with pytest.raises(ValueError, match=r"rule\(1000\) gives sets of more than MAX_MOVE_PLACES = 250,000"):
        coins.TurningGame(coins.ruler_rule, 10).moves((1,) * 1000)
    with pytest.raises(ValueError, match=r"length must be at most 1000 \(.*\), got 1001"):
        coins.TurningGame(coins.ruler_rule, 1001)


def test_turning_corners_refuses_a_board_whose_moves_do_not_fit():
    """Turning Corners 200 × 200 was accepted; its all-heads board has 396 million moves."""
    with pytest.raises(ValueError, match=r"MAX_PRODUCT_MOVES = 1,000,000 .*got rows=200, columns=200"):
        coins.TurningCorners(200, 200)
    with pytest.raises(ValueError, match=r"got rows=46, columns=46 \(1,071,225 moves"):
        coins.TurningCorners(46, 46)
    board = coins.TurningCorners(45, 45)
    assert not board.is_over(board.start())
    assert len(board.moves(board.start())) == (45 * 44 // 2) ** 2 <= coins.MAX_PRODUCT_MOVES
    with pytest.raises(ValueError, match=r"rows must be at most 1000 .*got 1001"):
        coins.ProductGame(coins.Ruler(3), coins.Ruler(3), 1001, 1)


@pytest.mark.parametrize(
    ("board", "position"),
    [
        (Staircase(), (*range(999), 1000)),
        (Nimble(length=1000), (*range(1, 999), 999, 5)),
        (Nimble(length=1000, no_jumps=True), (*range(0, 998, 2), 999)),
    ],
    ids=["staircase", "nimble", "nimble-2"],
)
def test_hints_on_long_boards_take_one_pass(board, position, monkeypatch):
    """Hints on staircase nim with 1000 steps and Nimble with 1000 squares ran past 20 s (a components pass per
    move): the winning move is now found in one pass, and neither the hint nor the game-over test lists the
    moves (listing them raises here)."""
    widget = GameBoard(board, position)
    assert board.grundy(widget._current()) != 0

    def no_listing(self, position):
        raise AssertionError("the hint listed every move")

    monkeypatch.setattr(type(board), "moves", no_listing)
    text = widget.hint()
    move = play.winning_move(board, position)
    assert text == f"Hint: {board.describe(position, move)}."
    assert board.grundy(board._apply(board.check(position), move)) == 0


def test_staircase_refuses_a_list_of_moves_too_long():
    with pytest.raises(ValueError, match=r"position has 2,000,000 moves .* MAX_BOARD_MOVES = 1,000,000"):
        Staircase().moves((0, 10**6, 10**6))
    assert Staircase().winning_move((0, 10**6, 10**6)) == (1, 10**6)


def test_hackenbush_deep_graphs_run_in_loops_and_big_pictures_are_refused():
    """A hint on a 2000-edge graph raised RecursionError (layout and the colon steps recursed up the stalk)."""
    deep = hackenbush.stalk(2000)
    assert hackenbush.value(deep) == 2000
    assert hackenbush.layout(deep)[2000] == (0.0, 2000.0)
    assert hackenbush.colon_steps(deep) == [deep]
    assert hackenbush.bridges(deep) == frozenset(range(2000))
    with pytest.raises(ValueError, match=r"edges must hold at most MAX_EDGES = 300 edges .*got 2000"):
        hackenbush.GreenHackenbush(deep)
    # at the limit the hint finishes: two stalks of 150, the winning cut is the last edge of the first
    edges = [(0, 1), *((i, i + 1) for i in range(1, 150)), (0, 151), *((150 + i, 151 + i) for i in range(1, 148))]
    game = PlayWidget(hackenbush.GreenHackenbush(edges))
    assert game.hint() == "Hint: cut edge 148 (148–149)."


def test_bridges_agree_with_the_removal_check():
    rng = random.Random(25)
    for _ in range(200):
        graph = hackenbush.random_graph(rng.randint(1, 14), rng.randint(2, 8), rng)
        assert hackenbush.bridges(graph) == hackenbush.bridges_by_removal(graph), graph


def test_wythoff_counts_the_width_of_its_value_sets():
    """grundy((0, 10**6)) was within MAX_CELLS, but its row and column bit sets grow to terabytes."""
    with pytest.raises(ValueError, match=r"grundy\(\(0, 1000000\)\) needs .* the limit is MAX_CELLS = 20,000,000"):
        wythoff.grundy((0, 10**6))
    with pytest.raises(ValueError, match=r"the limit is MAX_SET_BYTES = 268,435,456"):
        wythoff.grundy_row(0, 60_000)
    steps, memory = wythoff.table_cost(1, 30_001)
    assert steps <= wythoff.MAX_CELLS and memory <= wythoff.MAX_SET_BYTES
    assert wythoff.grundy((0, 3000)) == 3000 and wythoff.grundy((2, 1)) == 0


def test_find_period_refuses_values_whose_differences_would_wrap():
    """Values near 2^63 wrapped around in int64 and gave a false arithmetic period with saltus 2^62."""
    wrapping = [(i * 2**62) % 2**64 - 2**63 for i in range(200)]
    with pytest.raises(ValueError, match=r"values must lie between -2\*\*62 and 2\*\*62 .*got -9223372036854775808"):
        find_period(wrapping)
    with pytest.raises(ValueError, match=r"got 36893488147419103232"):
        find_period([0, 1, 2**65])  # beyond int64 altogether: refused the same way, not a TypeError
    with pytest.raises(TypeError, match="sequence of ints"):
        find_period([0, 1, 2.5])
    big = [2**62 - 10 * (i % 3) for i in range(60)]
    assert find_period(big).period == 3


def test_period_search_is_linear(monkeypatch):
    """The search scanned every failed candidate for each new one: subtraction {1, 200000} with 2^20 values ran
    past a minute. Now one Z-function pass answers every candidate: count its calls and the values it reads."""
    from nimlib.engine import kernels
    from nimlib.engine.table import GrundyTable

    read = []
    real = kernels.z_function

    def counted(a):
        read.append(a.size)
        return real(a)

    monkeypatch.setattr(kernels, "z_function", counted)
    n = 1 << 20
    g = GrundyTable(rulesets.subtraction({1, 200000})).extend(n)
    found = search_period(g, t=200000)
    assert (found.preperiod, found.period, found.certified, found.needed) == (0, 200001, True, 600004)
    assert read == [n]  # one pass over the values, whatever the number of candidates
    found = search_period(np.tile(np.arange(7), n // 7) + np.repeat(np.arange(n // 7), 7) * 3, t=None, saltus=True)
    assert (found.period, found.saltus) == (7, 3) and read[1:] == [n // 7 * 7 - 1]


def test_plot_heaps_costs_one_bar_a_heap_and_refuses_counts_too_long_to_write():
    """plot_heaps((10**12,)) draws (by design: one bar with its count, never 10^12 stones); what it must not take
    is a count too long to write out."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    from nimlib.plotting import plot_heaps

    fig, ax = plt.subplots()
    try:
        plot_heaps((10**12, 3), ax)
        assert len(ax.patches) == 2 and ax.texts[0].get_text() == "1,000,000,000,000"
        with pytest.raises(ValueError, match=r"position\[1\] must be below 2\*\*256 .*got a heap of 16610 bits"):
            plot_heaps((1, 10**5000), ax)
    finally:
        plt.close(fig)


def test_best_mask_zero_means_no_mask_helps():
    """best_mask([1, 2, 3]) returns 0: not a missing "winning move" but its documented "no mask makes few values
    rare" (the plain loop is used); forced=True gives the best mask anyway."""
    from nimlib.engine.table import RARE_SHARE, best_mask, class_table

    assert best_mask([1, 2, 3]) == 0 and "no mask" in best_mask.__doc__
    mask = best_mask([1, 2, 3], forced=True)
    rare = class_table(mask, 4)[[1, 2, 3]].sum()
    assert mask and rare / 3 > RARE_SHARE
    assert best_mask([2, 3] * 10 + [1]) == 2  # here mask 2 makes one value in 21 rare


def _cli(capsys, *argv):
    code = cli.main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["values", "0." + "7" * 3000, "--to", "100"], "MAX_CODE_DIGITS = 12 digits after the point .*got 3,000"),
        (["period", "0." + "4" * 13], "MAX_CODE_DIGITS = 12 digits .*got 13"),
        (["values", "wythoff", "--row", "0", "--to", "1000000"], "101,000,000 square-steps .*MAX_CELLS = 20,000,000"),
        (["values", "kayles", "--row", "3", "--to", "5"], "--row is for wythoff only .*'kayles' has no rows"),
        (["period", "subtraction:1,2", "--row", "1"], "--row is for wythoff only"),
        (["rare", "kayles", "--to", "0"], r"--to must be at least 1 for rare .*got 0"),
        (["rare", "kayles", "--to", "10", "--plot", "x.pgf"], r"without external tools, one of \.pdf, \.png, \.svg"),
        (["rare", "kayles", "--to", "10", "--plot", "x.eps"], "without external tools"),
    ],
)
def test_cli_refuses_up_front(capsys, argv, message):
    code, out, err = _cli(capsys, *argv)
    assert code == 2 and out == "" and len(err.splitlines()) == 1
    assert re.search(message, err), err


def test_cli_accepts_a_code_at_the_digit_limit(capsys):
    code, out, _ = _cli(capsys, "values", "0." + "7" * 12, "--to", "5", "--json")
    assert code == 0 and json.loads(out)["values"] == [0, 1, 2, 3, 4]


@pytest.mark.skipif(not hasattr(os, "mkfifo"), reason="needs FIFOs")
def test_cli_refuses_a_fifo_as_an_output_before_opening_it(capsys, tmp_path):
    """A FIFO given to --certificate or --plot blocked forever (no reader): it is refused before the work."""
    for name in ("pipe.json", "pipe.png"):
        os.mkfifo(tmp_path / name)
    certificate, plot = str(tmp_path / "pipe.json"), str(tmp_path / "pipe.png")
    for argv in (["period", "kayles", "--certificate", certificate], ["rare", "kayles", "--to", "9", "--plot", plot]):
        code, _, err = _cli(capsys, *argv)
        assert code == 2 and "is not a regular file (a FIFO" in err, err


def _forged_reply(widget, before, after, move):
    entry = {"player": "computer", "move": move, "label": "forged", "before": before, "after": after}
    return {"position": after, "history": [*widget.history, entry], "message": ""}


def test_the_page_cannot_forge_a_losing_computer_move():
    """From (2, 2) the reader's (1, 2) leaves the computer winning; the page reported the computer's (1, 2) → (1, 0)
    and Python recorded "Game over: you win" after the reader's last stone. Only a winning reply is kept there."""
    game = NimGame((2, 2))
    game.set_state(_page_move(game, "reader", [0, 1]))
    assert game.to_move == "computer" and game.position == [1, 2]
    game.set_state(_forged_reply(game, [1, 2], [1, 0], [1, 0]))
    assert game.position == [1, 2] and "losing move by the computer" in game.message
    game.set_state(_forged_reply(game, [1, 2], [1, 1], [1, 1]))  # the winning reply, whichever the page chose
    assert game.position == [1, 1] and game.to_move == "reader"


def test_a_losing_computer_may_play_any_legal_move():
    game = NimGame((2, 3))
    game.set_state(_page_move(game, "reader", [1, 2]))  # (2, 2): the computer loses whatever it does
    game.set_state(_forged_reply(game, [2, 2], [0, 2], [0, 0]))
    assert game.position == [0, 2] and game.to_move == "reader"


def test_kayles_and_a_computer_opening_move_cannot_be_forged():
    from nimlib.boards import KaylesRow

    game = GameBoard(KaylesRow(length=5), (1, 1, 1, 1, 1), computer_first=True)
    good = game.history[0]  # nimlib's own opening: the middle pin
    start = game.start
    forged = {"player": "computer", "move": [0], "label": "x", "before": start, "after": [0, 1, 1, 1, 1]}
    game.set_state({"position": [0, 1, 1, 1, 1], "history": [forged], "message": ""})
    assert game.history == [good] and "losing move by the computer" in game.message
    game2 = GameBoard(KaylesRow(length=7), (1, 1, 1, 1, 1, 1, 1))
    game2.set_state(_page_move(game2, "reader", [0]))  # leaves 6 pins: N for the computer
    after = [0, 0, 1, 1, 1, 1, 1]  # knocking pin 1 leaves 5 in a row: N for the reader, a losing move
    game2.set_state(_forged_reply(game2, [0, 1, 1, 1, 1, 1, 1], after, [1]))
    assert game2.position == [0, 1, 1, 1, 1, 1, 1] and "losing move by the computer" in game2.message


def _page_move(widget, player, move):
    rules = widget.rules
    position = rules.decode(widget.position)
    after = rules.encode(rules.apply(position, rules.decode_move(move)))
    entry = {"player": player, "move": move, "label": "page", "before": rules.encode(position), "after": after}
    return {"position": after, "history": [*widget.history, entry], "message": ""}


def test_a_puzzle_verdict_on_3000_heaps_is_one_pass(monkeypatch):
    """A right "P" on 3,000 heaps of S = {1, 2, 3} cost quadratic time (a components pass per move): the verdict
    is now the XOR of the components, one pass, and no move is tried."""
    game = PuzzleWidget(rulesets.subtraction({1, 2, 3}))

    def no_moves(*args, **kwargs):
        raise AssertionError("a verdict tried the moves one by one")

    monkeypatch.setattr(play, "winning_move", no_moves)
    assert game.verdict([4] * 3000) == "P" and game.verdict([4] * 2999 + [5]) == "N"
    result = {"position": [4] * 3000, "answer": "P", "correct": True, "move": None}
    game.set_state({"results": [result], "streak": 1, "solved": 1})
    assert game.results == [result]


def test_a_thousand_misere_kayles_verdicts_search_each_position_once(monkeypatch):
    """1,000 right answers on misère Kayles ran 1,000 exhaustive searches: the widget's verdicts share one memo,
    so the searcher visits each position of the 12-pin row at most once whatever the number of puzzles."""
    from nimlib.boards import KaylesRow

    board = KaylesRow(length=12, misere=True)
    game = PuzzleWidget(board)
    visits = []
    real = KaylesRow.moves
    monkeypatch.setattr(KaylesRow, "moves", lambda self, p: visits.append(p) or real(self, p))
    position = [1] * 12
    verdict = game.verdict(position)
    first = len(visits)
    assert 0 < first <= 2 * 2**12
    result = {"position": position, "answer": verdict, "correct": True, "move": None}
    game.set_state({"results": [result] * 1000, "streak": 1000, "solved": 1000})
    assert game.solved == 1000 and len(game.results) == 1000
    assert len(visits) - first <= 2 * 1000  # the game-over test per puzzle, never another search


def test_the_certificate_prescan_is_one_pass_on_an_unterminated_string():
    """An unterminated string full of escaped quotes made the pre-scan retry from every quote (past 20 s)."""
    text = '{"game": "' + '\\"' * 1_000_000
    spans = [m.span() for m in certificate._STRING.finditer(text)]
    assert spans == [(1, 7), (9, len(text))]  # "game", then one match to the end: no retry from each quote
    with pytest.raises(ValueError, match="is not JSON"):
        certificate.parse_certificate(text.encode())


def test_a_certificate_at_the_byte_cap_is_refused_before_parsing():
    """A certificate of millions of values (64 MiB) was parsed and its values checked for more than 20 s: the
    count of its values is known before parsing (commas), and each costs at least HEAP_STEPS + VALUE_STEPS."""
    data = b'{"values": [' + b"0," * 10_000_000 + b"0]}"
    with pytest.raises(ValueError, match=r"lists up to 10,000,001 values: .*MAX_WORK = 150,000,000"):
        certificate.parse_certificate(data)


def test_the_least_period_check_scans_once_per_prime_factor(monkeypatch):
    """subtraction {1, 663200} has period 663201: each of its divisors was scanned, p values each (past 20 s for a
    true claim). A smaller period divides some p/q for a prime q, so one scan per prime, counted in check_work."""
    p = 663201
    divisors = sum(p % d == 0 for d in range(1, p))
    primes = certificate.prime_factors(p)
    assert divisors > 2 * len(primes) and all(p % q == 0 for q in primes) and math.prod(primes) > 1
    rule = {"take_all": [1, 663200], "take_one": [1, 663200], "take_split": [], "unequal": False}
    needed = certificate.needed_values(rule, 0, p)
    work = certificate.check_work(rule, 0, p)
    recompute = certificate.recompute_work(rule, needed)
    assert work == recompute + certificate.VALUE_STEPS * needed + math.isqrt(p) + len(primes) * p
    assert work <= certificate.MAX_WORK
    # a small true claim with many divisors: subtraction {1, 944}, period 945 = 3^3·5·7 (16 divisors), checked
    scans = []
    real = certificate.prime_factors
    monkeypatch.setattr(certificate, "prime_factors", lambda n: scans.append(n) or real(n))
    small = {"take_all": [1, 944], "take_one": [1, 944], "take_split": [], "unequal": False}
    values = certificate.plain_values(small, certificate.needed_values(small, 0, 945))
    claim = {"format": certificate.FORMAT, "game": "subtraction:1,944", "rule": small, "preperiod": 0}
    assert "least" in certificate.check_certificate({**claim, "period": 945, "values": values})[-1]
    assert scans == [945, 945] and real(945) == [3, 5, 7]  # estimate, check: three scans, not sixteen
    # and a multiple of the least period is still caught
    more = certificate.plain_values(small, certificate.needed_values(small, 0, 1890))
    with pytest.raises(certificate.CertificateError, match="period 945 already holds from 0"):
        certificate.check_certificate({**claim, "period": 1890, "values": more})


def test_split_sizes_larger_than_the_heap_are_counted():
    """Each heap of the plain loop tries every split size, even those larger than the heap: counted now."""
    rule = {"take_all": [], "take_one": [], "take_split": list(range(1, 20_001)), "unequal": False}
    n = certificate.needed_values(rule, 0, 1)
    assert certificate.recompute_work(rule, n) >= n * 20_000 > certificate.MAX_WORK


def test_wythoff_plays_huge_positions_by_formula_and_refuses_to_list_their_moves():
    """Asking whether (10^9, 10^9 + 5) is over listed its 3·10^9 moves (MemoryError): the formulas need no list."""
    with pytest.raises(ValueError, match=r"has 3,000,000,005 moves, more than the MAX_MOVES = 1,000,000"):
        wythoff.moves((10**9, 10**9 + 5))
    rules = wythoff.Wythoff()
    assert not rules.is_over((10**9, 10**9 + 5))
    assert rules.winning_move((10**9, 10**9 + 5)) == (8, 13)  # take 999,999,992 from both heaps
    reply = rules.winning_move((10**9 - 3, 10**9 + 5))
    assert wythoff.is_move((10**9 - 3, 10**9 + 5), reply)
    assert wythoff.is_p_position(reply)
    # The play widget takes no such position: the page draws at most WIDGET_LIMIT squares a side
    with pytest.raises(ValueError, match="WIDGET_LIMIT = 99"):
        PlayWidget(wythoff.Wythoff(), (10**9, 10**9 + 5))
    assert wythoff.Wythoff().is_over((0, 0)) and len(wythoff.moves((500, 1000))) == 2000


@pytest.mark.slow  # computes 2^20 and 2^22 values: seconds, not the minutes (and hours) the quadratic search took
def test_cli_period_of_long_subtraction_games_finishes(capsys):
    for game, limit, period in (("subtraction:1,200000", 1 << 20, 200001), ("subtraction:1,1000000", 1 << 22, 1000001)):
        code, out, err = _cli(capsys, "period", game, "--limit", str(limit), "--json")
        assert code == 0, err
        data = json.loads(out)
        assert (data["period"], data["preperiod"], data["certified"]) == (period, 0, True)


# ---------------------------------------------------------------- cost estimates up front (issue 31)


def test_a_rule_of_too_many_numbers_is_refused_before_it_is_read():
    from nimlib.rulesets import MAX_RULE_NUMBERS, TakeRule, subtraction
    from nimlib.subtraction import allbut

    # a sized iterable is refused by its length: not one of its 10^8 numbers is read
    with pytest.raises(ValueError, match=r"allowed holds 100,000,000 numbers: the limit is MAX_RULE_NUMBERS"):
        subtraction(range(10**8))
    with pytest.raises(ValueError, match=r"take_split holds 10,000,000 numbers: the limit is MAX_RULE_NUMBERS"):
        TakeRule(take_split=range(10**7))
    with pytest.raises(ValueError, match=r"excluded holds .* the limit is MAX_RULE_NUMBERS"):
        allbut(range(1, 10**8))
    read = []

    def numbers():
        for i in range(1, 10**8):
            read.append(i)
            yield i

    with pytest.raises(ValueError, match=r"more than 1,000,000 numbers"):
        subtraction(numbers())
    assert len(read) == MAX_RULE_NUMBERS + 1  # an unsized one is counted as it is read, and stopped


def test_grundy_values_estimates_the_rules_cost_up_front(monkeypatch):
    from nimlib import engine
    from nimlib.rulesets import HeapGame, TakeRule, octal

    with pytest.raises(ValueError, match="MAX_CODE_DIGITS = 12"):
        engine.grundy_values(octal("0." + "7" * 16_000), 100)
    many = HeapGame("many", TakeRule(take_all=range(1, 10**6), take_one=range(1, 10**6)))
    with pytest.raises(ValueError, match=r"1,999,998 numbers in the rule .* MAX_RARE_WORK"):
        engine.grundy_values(many, 10**6)
    splits = HeapGame("splits", TakeRule(take_split=(3, 5), take_any=True))
    with pytest.raises(ValueError, match=r"2 split sizes .* QUADRATIC_WORK"):
        engine.grundy_values(splits, 200_000)
    # the probe counts its work a doubling at a time: 1,000 split sizes and no mask are refused before the
    # stretch that would pass the budget (lowered here: counts, not seconds)
    monkeypatch.setattr(engine, "MAX_RARE_WORK", 10**8)
    monkeypatch.setattr(engine, "QUADRATIC_WORK", 10**8)
    wide = HeapGame("wide", TakeRule(take_split=range(1000)))
    with pytest.raises(ValueError, match=r"wide.*computing values .* split sizes, no mask yet.*MAX_RARE_WORK"):
        engine.grundy_values(wide, 5000)


def test_cli_values_past_max_printed_need_an_output_file(capsys, tmp_path):
    from nimlib.cli import main

    assert main(["values", "kayles", "--to", str(1 << 28), "--json"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "MAX_PRINTED = 16,777,216" in err and "--output FILE" in err
    out = tmp_path / "v.json"
    assert main(["values", "kayles", "--to", "30", "--json", "--output", str(out)]) == 0
    assert json.loads(out.read_text())["values"][:6] == [0, 1, 2, 3, 1, 4]
    assert main(["values", "kayles", "--to", "30", "--output", str(tmp_path)]) == 2  # a folder: refused first
    assert "is a directory" in capsys.readouterr().err


def test_every_split_games_share_the_command_lines_limit():
    # Lasker's nim to 10^6 was accepted by the library (MAX_QUADRATIC_N = 10^6) and ran for minutes, while the
    # command line stopped at 2^18: one constant now, refused up front naming it (counts, not seconds)
    from nimlib import cli, engine
    from nimlib.rulesets import laskers_nim, octal

    limit = engine.MAX_EVERY_SPLIT_N
    assert limit == 1 << 18 and limit * limit // 4 == engine.QUADRATIC_WORK
    with pytest.raises(ValueError, match=f"MAX_EVERY_SPLIT_N = {limit:,}"):
        engine.grundy_values(laskers_nim, 10**6)
    with pytest.raises(ValueError, match=f"MAX_EVERY_SPLIT_N = {limit:,}"):
        engine.grundy_values(octal("0.137"), limit + 1, method="plain")
    with pytest.raises(ValueError, match="QUADRATIC_WORK"):  # four split sizes: a quarter of the work each
        engine.grundy_values(octal("0.7777"), limit // 2 + 1, method="plain")
    assert cli.main(["values", "lasker", "--to", str(limit + 1)]) == 2
