"""Every solution states its answer, and the self-checks added for issue 36 judge right, wrong and odd answers.

Solutions: a solution may send the reader to a cell only to *check* what it states itself. The rule, exactly
(code blocks left out): (1) no solution says "cell below" or "cell above" (nor "printed / listed / found above",
"the list / graph / table above"), which point nowhere once the solutions stand together in the instructor
PDF's appendix; (2) a cell is never the one that hands over the
result: no "cell ... prints / finds / lists / counts / computes / tabulates / reads / gives / shows / looks at"
with the verb right after the cell (and its "below", "of the chapter", ...), nor "cell ... and <one of those
verbs>" later in the same clause. A cell may check, confirm, assert, compare or run.

Self-checks: each right answer below is computed here by exhaustive search or another independent route, not
by the judge; each wrong answer is a plausible slip (off by one, a losing move, a missing move), whose diagnosis
must not show the right answer.
"""

from __future__ import annotations

import re

import pytest

from .exercises import CHAPTERS, PROBLEMS, exercises

RESULT_VERBS = r"(?:prints|finds|lists|counts|computes|tabulates|reads|gives|shows|looks at)"
# (2a) the cell is the subject of a result verb, right after "cell" and where it is ("below", "of the section")
CELL_HANDS_OVER = re.compile(
    r"\bcells?\b(?:\s+(?:below|above|after the exercises|of (?:the|this) (?:section|chapter)(?: on [\w' ]{1,40}?)?))?"
    rf"\s+(?:then\s+)?{RESULT_VERBS}\b",
    re.I,
)
# (2b) the same cell goes on to hand over a result later in its clause: "the cell ... searches X and lists Y"
CELL_AND_HANDS_OVER = re.compile(rf"\bcells?\b[^.;:()]{{0,80}}?\band\s+{RESULT_VERBS}\b", re.I)
POINTS_NOWHERE = re.compile(
    r"\bcells?\s+(?:below|above)\b|\b(?:printed|listed|found)\s+above\b|\b(?:list|graph|table)\s+above\b", re.I
)
CODE_BLOCK = re.compile(r"```.*?```", re.S)


def deferrals(solution: str) -> list[str]:
    """The phrases of a solution that leave its result to a cell, or point at a cell by place."""
    text = CODE_BLOCK.sub(" ", solution)
    found = []
    for pattern in (POINTS_NOWHERE, CELL_HANDS_OVER, CELL_AND_HANDS_OVER):
        found += [m.group(0) for m in pattern.finditer(text)]
    return found


ALL_SOLUTIONS = {ex.label: ex.solution for path in [*CHAPTERS, PROBLEMS] for ex in exercises(path) if ex.solution}


def test_the_solutions_are_found():
    assert len(ALL_SOLUTIONS) >= 140


def test_no_solution_leaves_its_answer_to_a_cell():
    found = {label: deferrals(text) for label, text in ALL_SOLUTIONS.items()}
    assert not {label: hits for label, hits in found.items() if hits}


@pytest.mark.parametrize(
    "old",
    [
        # Sentences the solutions held before issue 36: each is caught
        r"For $8 \times 8$: $\gamma(8) = 12$, and the cell below prints $12 \otimes 12$.",
        "The cell below lists the moves from $(2, 5)$ to misère P-positions.",
        "The check cell counts the rare heaps under the mask 0xfe.",
        "The cell below searches the variant and lists the positions where it disagrees with the criterion.",
        "The cell tabulates the values, checks the rule, and counts the pictures that reach $n$.",
        "One exploration is in the cell below.",
        "This is the table the searcher printed above.",
        'The check cell of the section on Dawson\'s chess prints "White wins" for 5 columns.',
    ],
)
def test_the_rule_catches_a_deferring_solution(old):
    assert deferrals(old), old


@pytest.mark.parametrize(
    "fine",
    [
        "So $12 \\otimes 12 = 11$. A cell of the chapter checks it with `nim_product`.",
        "The check cell asserts both counts, 8 and 64.",
        "A cell of the chapter checks these counts, and the rule against `value` on every picture.",
        "The mex is 3. A check cell of the chapter confirms it.",
        "Crosses on 5 cells has $g(5) = 3$; the middle cell leaves two strips of 1 cell.",
    ],
)
def test_the_rule_lets_a_stated_answer_pass(fine):
    assert not deferrals(fine), fine


# ---------------------------------------------------------------- the self-checks added for issue 36

from itertools import combinations, product  # noqa: E402

from nimlib import coins, hackenbush, moore, nim, search  # noqa: E402
from nimlib.boards import Nimble  # noqa: E402
from nimlib.selfcheck import check, checks  # noqa: E402
from nimlib.tables import CHAPTER_7_GRAPH, vertex_values  # noqa: E402

CHECKS_BEFORE_ISSUE_36 = 37


def chip_winning_moves(chips: tuple[int, ...], *, annihilation: bool) -> list[tuple[int, int]]:
    """Every (from, to) chip move on the chapter 7 graph that leaves a P-position, by exhaustive search."""

    def after(position, start, end):
        left = list(position)
        left.remove(start)
        if annihilation and end in left:
            left.remove(end)
        else:
            left.append(end)
        return tuple(sorted(left))

    def successors(position):
        for start in set(position):
            for end in CHAPTER_7_GRAPH[start]:
                yield after(position, start, end)

    known: dict = {}
    return sorted(
        {
            (start, end)
            for start in set(chips)
            for end in CHAPTER_7_GRAPH[start]
            if search.solve(successors, after(chips, start, end), known=known)[after(chips, start, end)]
        }
    )


def remoteness_by_play() -> list[int]:
    """R(v) as the length of the play when the winner hurries and the loser stalls (a minimax over plays)."""
    memo: dict[int, tuple[bool, int]] = {}

    def solve(v: int) -> tuple[bool, int]:  # (the player to move wins, the length of the play)
        if v not in memo:
            results = [solve(w) for w in CHAPTER_7_GRAPH[v]]
            losing = [length for wins, length in results if not wins]
            if not results:
                memo[v] = (False, 0)
            elif losing:
                memo[v] = (True, 1 + min(losing))
            else:
                memo[v] = (False, 1 + max(length for _, length in results))
        return memo[v]

    return [solve(v)[1] for v in range(8)]


def nimble_winning_moves(cells: tuple[int, ...], *, no_jumps: bool) -> list[tuple[int, int]]:
    board = Nimble(length=10, no_jumps=no_jumps)
    return sorted(m for m in board.moves(cells) if board.grundy(board.apply(cells, m)) == 0)


def turning_winning_moves(game, row) -> list[tuple[int, ...]]:
    """Winning moves found by the searcher on the game's own successors (not by its coin values)."""
    known: dict = {}
    return sorted(
        tuple(sorted(m, reverse=True))
        for m in game.moves(row)
        if search.solve(game.options, game.apply(row, m), known=known)[game.apply(row, m)]
    )


def corners_winning_cells() -> list[tuple[int, int]]:
    game, board = coins.TurningCorners(3, 3), frozenset({(2, 2), (3, 3)})
    known: dict = {}
    (move,) = [
        m
        for m in game.moves(board)
        if search.solve(game.options, game.apply(board, m), known=known)[game.apply(board, m)]
    ]
    return sorted(board.symmetric_difference(game.apply(board, move)))


def sg2_move_by_search() -> tuple[int, tuple[int, int]]:
    """Ex 6.2 by search over the whole sum (heap of 5, Kayles row of 7, S(1, 2, 3) heap of 10): value and move."""
    from nimlib.grundy import grundy_value
    from nimlib.rulesets import kayles

    def successors(position):
        heap, rows, s = position
        for b in range(heap):
            yield (b, rows, s)
        for after in kayles.successors(rows):
            yield (heap, tuple(sorted(after)), s)
        for t in (1, 2, 3):
            if t <= s:
                yield (heap, rows, s - t)

    start = (5, (7,), 10)
    known: dict = {}
    winning = [p for p in successors(start) if search.solve(successors, p, known=known)[p]]
    assert winning == [(0, (7,), 10)], winning
    return grundy_value(successors, start), (0, 0)


# label -> (right answer, plausible wrong answer); callables (not in MORE_FUNCTIONS) are evaluated in the test.
# Right answers are the chapters' asserted numbers or computed here by search; none comes from nimlib.selfcheck.
MORE_CASES = {
    "ex-sg-2": (sg2_move_by_search, (5, (2, 9))),  # the value right, a losing move
    "ex-bouton-4": ((1, 10**30), (1, 10**30 - 1)),
    "ex-bouton-5": ((1, 1, 1), (1, 2, 3)),
    "ex-misere-2": ({1: None, **{a: 1 for a in range(2, 8)}}, {1: 0, **{a: 1 for a in range(2, 8)}}),
    "ex-misere-6": (lambda n, a: n % 2 == 1, lambda n, a: n % 2 == 0),
    "ex-moore-4": (lambda n, k: n % (k + 1) == 0, lambda n, k: n % 2 == 0),
    "ex-moore-7": (((0, 1), (1, 1)), ((0, 1),)),
    "ex-misere-moore-3": (117, 116),
    "ex-misere-moore-7": ([(1, 1), (2, 2, 3), (3, 3, 3)], [(2, 2, 3), (3, 3, 3)]),
    "ex-misere-moore-6": ((1, 2), (2, 2)),
    "ex-graphs-1": (lambda: chip_winning_moves((0, 7), annihilation=False)[0], (0, 1)),
    "ex-graphs-3": (lambda: chip_winning_moves((1, 2, 4), annihilation=True)[0], (2, 5)),
    "ex-graphs-5": ({0: 251, 1: 324, 2: 372, 3: 76, 4: 1}, {0: 252, 1: 323, 2: 372, 3: 76, 4: 1}),
    "ex-graphs-7": (remoteness_by_play, [3, 2, 1, 1, 1, 0, 0, 0]),
    "ex-strips-8": ([0, 1, 1, 2, 0, 3, 1], [0, 1, 1, 2, 0, 3, 2]),
    "ex-strips-4": (3, 2),
    "ex-strips-2": ("0.17", "0.71"),
    "ex-strips-3": (13, 12),
    "ex-strips-7": ([6, 12, 22, 30, 32], [6, 12, 22, 30]),
    "ex-strips-6": (([0, 1, 15, 35], [5, 9, 21, 25, 29]), ([0, 1, 15], [5, 9, 21, 25, 29])),
    "ex-split-2": ((True, [(1, 6), (2, 5), (3, 4)]), (True, [(1, 6), (2, 5), (3, 4), (0, 7)])),
    "ex-split-8": (lambda n: (n - 1) % 2, lambda n: n % 2),
    "ex-coins-1": ((False, None), (True, (3, 3))),
    "ex-coins-4": (lambda: nimble_winning_moves((1, 4, 4, 6, 9), no_jumps=False)[0], (6, 5)),
    "ex-coins-2": (lambda: nimble_winning_moves((2, 5, 9), no_jumps=True)[0], (9, 7)),
    "ex-coins-6": (16, 15),
    "ex-turning-1": (lambda: turning_winning_moves(coins.TurningTurtles(7), (0, 1, 0, 0, 1, 1, 0))[0], (5,)),
    "ex-turning-3": (
        lambda: turning_winning_moves(coins.TurningTurtles(7), (0, 1, 0, 1, 1, 1, 1)),
        [(2,), (6, 4)],
    ),
    "ex-turning-4": (([3, 7, 11], [1, 4, 8, 12]), ([3, 7, 11], [4, 8, 12])),
    "ex-turning-5": ((64, 64), (64, 128)),
    "ex-coin-turning-9": (lambda: turning_winning_moves(coins.Ruler(5), (1, 1, 1, 0, 1)), [(2, 1)]),
    "ex-coin-turning-10": (corners_winning_cells, [(1, 1), (1, 3), (3, 1), (3, 3)]),
    "ex-coin-turning-6": (lambda i, j: (i - 1) ^ (j - 1), lambda i, j: i ^ j),
    "ex-coin-turning-8": (
        ([1, 2, 3, 4, 6, 7, 9, 12, 18, 22, 30, 39], [1, 2, 3, 4, 5, 7, 8, 10, 13, 19, 23, 31, 40]),
        ([1, 2, 3, 4, 6, 7, 9, 12, 18, 22, 30, 39], [1, 2, 3, 4, 5, 7, 8, 10, 13, 19, 23, 31]),
    ),
    "ex-hackenbush-1": ((0, 0), (0, 1)),
    "ex-hackenbush-8": ((3, 5), (3, 4)),
    "ex-hackenbush-6": (lambda n: n, lambda n: n - 1),
    "ex-misere-beyond-1": (
        {(1, 1): 1, (1, 1, 1): 0, (2, 2): 0, (1, 2, 3): 0},
        {(1, 1): 0, (1, 1, 1): 1, (2, 2): 0, (1, 2, 3): 0},
    ),
    "ex-misere-beyond-9": ((1, 1, 1, 1, 2, 2), (1, 1, 2, 2, 2)),
    "ex-misere-beyond-7": ((5, 8), (5, 6)),
    "ex-misere-beyond-5": ((10, 11), (10, 12)),
    "ex-engine-1": (3, 6),
    "ex-engine-9": (512, 256),
    "ex-engine-5": ((1, 1), (0, 0)),
    "ex-engine-4": ((168, 256), (168, 512)),
    "ex-engine-3": ((0x1EE, 1583), (0x1EE, 1582)),
    "ex-engine-7": (1150, 1151),
    "ex-engine-8": ((4, 2), (3, 2)),
    # issue #38, Geography and Node Kayles: the right answers by the chapter's plain search (no components)
    "ex-geo-1": (lambda: _geo_1_by_search(), (1, 2)),
    "ex-geo-2": (lambda: _geo_2_by_search(), 1),
}


def _geo_1_by_search() -> tuple[int, int]:
    from nimlib.graph_games import node_kayles_exhaustive, path

    n, edges = path(6)
    closed = [{v} | {u for e in edges if v in e for u in e} for v in range(n)]
    wins = sum(node_kayles_exhaustive(n, edges, set(range(n)) - closed[v]) == 0 for v in range(n))
    return node_kayles_exhaustive(n, edges), wins


def _geo_2_by_search() -> int:
    from nimlib.graph_games import node_kayles_exhaustive

    return node_kayles_exhaustive(5, [(a, b) for a in (0, 1) for b in (2, 3, 4)])


# The answers that are functions of the reader's (the case holds the function itself)
MORE_FUNCTIONS = {"ex-misere-6", "ex-moore-4", "ex-split-8", "ex-coin-turning-6", "ex-hackenbush-6"}


def value(label: str, case: object) -> object:
    return case() if callable(case) and label not in MORE_FUNCTIONS else case


def test_at_least_80_self_checks():
    assert len(checks()) >= 80 and len(checks()) - CHECKS_BEFORE_ISSUE_36 >= 43, len(checks())
    assert set(MORE_CASES) <= set(checks())


@pytest.mark.parametrize("label", sorted(MORE_CASES))
def test_the_new_check_passes_the_right_answer_and_fails_the_slip(label):
    right, wrong = value(label, MORE_CASES[label][0]), MORE_CASES[label][1]
    assert str(check(label, right)) == "Right.", (label, right, check(label, right))
    verdict = check(label, wrong)
    assert not verdict.right and str(verdict).startswith("Not yet: "), verdict
    if label not in MORE_FUNCTIONS and right is not None:
        shown = repr(right) if not isinstance(right, int) else None
        assert shown is None or shown not in str(verdict), (label, verdict)


def test_ex_6_2_judges_the_move():
    # A right value with a losing move, an illegal move, or a move in the wrong part is not yet right
    assert check("ex-sg-2", (5, (0, 0)))
    for move, says in [
        ((2, 9), "XOR"),  # S(1, 2, 3) heap of 10 to 9: value 1, the sum is not 0
        ((1, (1, 5)), "XOR"),  # a Kayles move that loses
        ((0, 5), "cannot become"),  # not a move
        ((2, 6), "cannot become"),  # S(1, 2, 3) cannot take 4
        ((1, (7,)), "cannot become"),
        ((3, 0), "three parts"),
    ]:
        verdict = check("ex-sg-2", (5, move))
        assert not verdict.right and says in str(verdict), (move, verdict)
        assert "(0, 0)" not in str(verdict)
    assert "XOR of the three values" in str(check("ex-sg-2", (4, (0, 0))))  # a wrong value is judged first


def test_the_formulas_checked_against_search():
    # The function answers above are the chapters' theorems; here they meet the searcher on small cases
    for n in range(1, 5):
        for a in range(2, 8):
            assert (n % 2 == 1) == (not search.is_p_position(nim.successors, (a,) * n, misere=True))
    for k in (1, 2, 3):
        known: dict = {}

        def successors(position, k=k):
            return moore.successors(position, k=k)

        for n in range(1, 5):
            for a in range(1, 4):
                start = nim.canonical((a,) * n)
                assert (n % (k + 1) == 0) == search.solve(successors, start, known=known)[start], (n, a, k)
    assert max(hackenbush.value(g) for g in hackenbush.all_graphs(4)) == 4

    def split_successors(position):  # Grundy's game with equal splits allowed
        for i, h in enumerate(position):
            for a in range(1, h // 2 + 1):
                yield tuple(sorted((*position[:i], *position[i + 1 :], a, h - a)))

    for n in range(1, 12):
        assert search.is_p_position(split_successors, (n,)) == (n % 2 == 1)


def test_the_chapters_numbers_checked_here():
    # A few of the literal right answers above, recomputed here a second way
    assert vertex_values(CHAPTER_7_GRAPH)[0] == 3 and remoteness_by_play() == [3, 2, 1, 1, 1, 0, 0, 1]
    rows = list(product((0, 1), repeat=10))
    assert sum(_xor_places(r, 1) == 0 for r in rows) == sum(_xor_places(r, 0) == 0 for r in rows) == 64
    assert sum(Nimble(length=9, no_jumps=True).grundy(c) == 0 for c in combinations(range(9), 3)) == 16


def _xor_places(row: tuple[int, ...], first: int) -> int:
    total = 0
    for place, coin in enumerate(row, first):
        if coin:
            total ^= place
    return total
