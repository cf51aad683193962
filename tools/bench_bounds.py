"""Figures for issue 25: the examples that ran past their budget, timed now that they are bounded.

Run: PYTHONPATH=$PWD python tools/bench_bounds.py   (prints one line per example; no assertion: the quick
tier checks the counts, this prints the seconds)
"""

from __future__ import annotations

import time


def timed(label: str, run) -> None:
    start = time.perf_counter()
    run()
    print(f"{time.perf_counter() - start:8.2f} s  {label}")


def main() -> None:
    from nimlib import certificate, coins, hackenbush, rulesets
    from nimlib.boards import Nimble, Staircase
    from nimlib.engine.periodicity import search_period
    from nimlib.engine.table import GrundyTable
    from nimlib.play import winning_move

    ruler = coins.Ruler(coins.Ruler.max_length)
    timed(f"moves of Ruler({ruler.length}), all heads", lambda: ruler.moves(ruler.start()))
    mock = coins.MockTurtles(coins.MockTurtles.max_length)
    timed(f"moves of MockTurtles({mock.length}), all heads", lambda: mock.moves(mock.start()))
    corners = coins.TurningCorners(45, 45)
    timed("moves of TurningCorners(45, 45), all heads", lambda: corners.moves(corners.start()))
    timed("winning move, staircase of 1000 steps", lambda: winning_move(Staircase(), (*range(999), 1000)))
    timed("winning move, Nimble of 1000 squares", lambda: winning_move(Nimble(length=1000), (*range(1, 999), 5)))
    edges = [(0, 1), *((i, i + 1) for i in range(1, 150)), (0, 151), *((150 + i, 151 + i) for i in range(1, 148))]
    game = hackenbush.GreenHackenbush(edges)
    timed("winning move, Hackenbush of 298 edges (the last cut wins)", lambda: game.winning_move(game.start()))
    for b, n in ((200000, 1 << 20), (1000000, 1 << 22)):
        values = GrundyTable(rulesets.subtraction({1, b})).extend(n)
        timed(f"search_period, subtraction {{1, {b}}}, {n:,} values", lambda v=values, b=b: search_period(v, t=b))
    rule = {"take_all": [1, 663200], "take_one": [1, 663200], "take_split": [], "unequal": False}
    values = certificate.plain_values(rule, certificate.needed_values(rule, 0, 663201))
    claim = {"format": certificate.FORMAT, "game": "subtraction:1,663200", "rule": rule, "preperiod": 0}
    claim.update(period=663201, values=values)
    timed("nimlib check, subtraction {1, 663200} (a true claim)", lambda: certificate.check_certificate(claim))

    from nimlib.engine import MAX_RARE_WORK, PROBE, estimate_work, grundy_values

    # Grundy's game: the estimate after the probe, beside the time it really takes (about 3 ns a visit)
    table = GrundyTable(rulesets.grundys_game)
    table.extend(PROBE)
    for n in (10**6, 10**7):
        cost = estimate_work(table, n)
        timed(
            f"grundy_values(grundys_game, {n:,}): {cost['work']:.2e} visits estimated "
            f"({cost['work'] / MAX_RARE_WORK:.0%} of MAX_RARE_WORK)",
            lambda n=n: grundy_values(rulesets.grundys_game, n),
        )

    def refused() -> None:
        try:
            grundy_values(rulesets.grundys_game, 1 << 28)
        except ValueError:
            return
        raise AssertionError("grundy_values(grundys_game, 2^28) was accepted")

    timed("grundy_values(grundys_game, 2^28) refused after the probe", refused)


if __name__ == "__main__":
    main()
