"""Every solution states its answer, and the self-checks added for issue 36 judge right, wrong and odd answers.

Solutions: a solution may send the reader to a cell only to *check* what it states itself. The rule, exactly
(code blocks left out): (1) no solution says "cell below" or "cell above", which point nowhere once the
solutions stand together in the instructor PDF's appendix; (2) a cell is never the one that hands over the
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
POINTS_NOWHERE = re.compile(r"\bcells?\s+(?:below|above)\b", re.I)
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
        "The check cell of the section on Dawson's chess prints \"White wins\" for 5 columns.",
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
