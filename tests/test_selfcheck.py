"""nimlib.selfcheck: every self-check names a real exercise, passes the chapter's answer, fails a plausible
wrong one, and never prints the right answer in its diagnosis.

The right answers below are the ones the chapters assert (or, where a chapter checks by search, found here by
the searcher, which knows nothing of the formulas selfcheck uses), so a self-check that drifted from its
chapter fails here.
"""

from __future__ import annotations

import json
import re
from functools import partial
from pathlib import Path

import pytest

from nimlib import coins, moore, nim, search, wythoff
from nimlib.rulesets import kayles, laskers_nim
from nimlib.selfcheck import MAX_ITEMS, Result, check, checks

from .test_selfcheck_more import MORE_CASES, MORE_FUNCTIONS

ROOT = Path(__file__).resolve().parent.parent
NOTEBOOKS = sorted((ROOT / "notebooks").glob("*.ipynb"))


def exercise_labels() -> dict[str, str]:
    """Every exercise label in the chapters, with the notebook that defines it."""
    labels = {}
    for path in NOTEBOOKS:
        cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        for match in re.finditer(r"^:{3,}\{exercise\}.*\n:label: (ex-[\w-]+)", text, re.M):
            labels[match.group(1)] = path.name
    return labels


def searched_winning_moves_moore(position, k):
    successors = partial(moore.successors, k=k)
    return [
        m
        for m in moore.moves(position, k)
        if search.is_p_position(successors, nim.canonical(moore.apply_move(position, m, k)), misere=True)
    ]


def searched_p_options(game, start, *, misere=False):
    known, rules = {}, game.successors if misere else game  # the ending convention of a plain successors function
    return [p for p in set(game.options(start)) if search.solve(rules, p, misere=misere, known=known)[p]]


def mex_roots():
    table = coins.nim_product_by_mex(16)
    return [next(r for r in range(16) if table[r][r] == a) for a in range(16)]


def wythoff_three():
    game, known = wythoff.Wythoff(), {}

    def winning(square):
        return [s for s in game.options(square) if search.solve(game.options, s, known=known)[s]]

    return min(
        ((x, y) for x in range(25) for y in range(x + 1, 25) if len(winning((x, y))) == 3),
        key=lambda p: (p[0] + p[1], p[0]),
    )


# label -> (the right answer, a plausible wrong one); callables are evaluated in the test
CASES = {
    "ex-playing-nim-3": (
        {(2, 5, 6): [(1, 4)], (4, 4, 7): [(0, 3), (1, 3), (2, 0)]},
        {(2, 5, 6): [(1, 4)], (4, 4, 7): [(2, 0)]},  # the mirror move only
    ),
    "ex-playing-nim-7": ((64, 3), (64, 4)),
    "ex-bouton-1": ({(2, 5, 6): [(1, 4)], (1, 2, 4, 8): [(3, 7)]}, {(2, 5, 6): [(1, 4)], (1, 2, 4, 8): [(3, 6)]}),
    "ex-bouton-3": (lambda n: n if n % 2 else n - 1, lambda n: n),
    "ex-bouton-6": ({0: 512, 1: 1792, 3: 1792}, {0: 512, 1: 1791, 3: 1793}),
    "ex-misere-1": (([(3, 0)], [(3, 1)]), ([(3, 1)], [(3, 1)])),
    "ex-misere-5": ([(), (1,), (1, 1), (1, 1, 1), (1, 1, 1, 1)], [(1,), (1, 1), (1, 1, 1), (1, 1, 1, 1)]),
    "ex-moore-1": ({2: None, 3: ((0, 0), (1, 0), (2, 0))}, {2: ((0, 0),), 3: ((0, 0), (1, 0), (2, 0))}),
    "ex-moore-3": ((1, 1, 1), (1, 1, 2)),
    "ex-moore-5": ((8, 64), (9, 64)),
    "ex-moore-6": ({1: 50, 2: 15, 3: 8, 4: 1, 5: 1}, {1: 50, 2: 15, 3: 9, 4: 1, 5: 1}),
    "ex-misere-moore-1": ({2: None, 3: ((0, 0), (1, 0), (2, 0))}, {2: None, 3: ((0, 0), (1, 0), (2, 0), (3, 0))}),
    "ex-misere-moore-4": (lambda: searched_winning_moves_moore((2, 1, 1), 3), [((0, 0),)]),
    "ex-sg-1": ([0, 1, 0, 1, 2, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0], [0, 1, 0, 1, 3, 3, 2, 0, 1, 0, 1, 2, 3, 2, 0]),
    "ex-sg-6": ((6, [(1, 3, 3, 8)]), (6, [(1, 3, 3, 8), (3, 5, 7)])),
    "ex-sg-7": ((11, 3), (11, 7)),
    "ex-sg-9": ([(96, 94), (96, 90)], [(96, 94)]),
    "ex-strips-1": (lambda: searched_p_options(kayles, (12,))[0], (11,)),
    "ex-subtraction-periods-1": ((0, 11), (0, 22)),
    "ex-subtraction-periods-3": ((0, 14), (0, 7)),
    "ex-subtraction-periods-7": ((2, 1), (0, 19)),
    "ex-split-1": ((3, 5, 1), (3, 5, 2)),
    "ex-split-4": (lambda: searched_p_options(laskers_nim, (2, 3, 4)), [(2, 3, 3)]),
    "ex-split-6": ([1, 4, 7, 12, 16, 17, 23, 28, 33, 39], [1, 4, 7, 12, 16, 17, 23, 28, 33]),
    "ex-coin-turning-1": ((7, 2), (7,)),
    "ex-coin-turning-2": ((8, 7, 6, 5), (12,)),
    "ex-coin-turning-4": (13, 64),
    "ex-coin-turning-5": (mex_roots, list(range(16))),
    "ex-coin-turning-7": (lambda: coins.nim_product_by_mex(16)[12][12], 12),
    "ex-wythoff-1": ([(9, 15), (10, 6)], [(9, 15)]),
    "ex-wythoff-4": (wythoff_three, (1, 2)),
    "ex-wythoff-5": ([(0, 1), (1, 0), (2, 2)], [(0, 1), (1, 0)]),
    "ex-hackenbush-2": (4, 5),
    "ex-hackenbush-3": (lambda: lambda n, m: (n % 2) ^ m, lambda n, m: n + m),
    "ex-misere-beyond-3": (lambda: searched_p_options(kayles, (2, 5), misere=True)[0], (5,)),
    "ex-misere-beyond-6": (6, 5),
    "ex-proofs-2": ((24, 8, 152), (24, 8, 24 ^ 128 ^ 1)),
    "ex-proofs-4": ([9, 8], [8]),
}

# The answers that are functions: the case holds the function itself, not a thunk giving the answer
FUNCTION_ANSWERS = {"ex-bouton-3"}

# The self-checks added for issue 36 (ex-sg-2 among them, now judging the move too) are cross-checked here as well
CASES.update(MORE_CASES)
FUNCTION_ANSWERS |= MORE_FUNCTIONS
# Chomp (issue 38): the winning move of the divisor game of 72, and the P-positions (a, b, 1)
CASES.update({"ex-chomp-5": ([12], [12, 36]), "ex-chomp-7": ([(2, 2, 1), (3, 1, 1)], [(2, 2, 1)])})


def answer(label: str, value: object) -> object:
    if callable(value) and label not in FUNCTION_ANSWERS:
        return value()
    return value


def test_every_self_check_names_an_exercise_of_the_chapters():
    labels = exercise_labels()
    assert len(labels) > 100
    unknown = [label for label in checks() if label not in labels]
    assert not unknown, f"self-checks for labels no chapter defines: {unknown}"


def test_enough_self_checks_across_the_chapters():
    labels = exercise_labels()
    chapters = {labels[label] for label in checks()}
    assert len(checks()) >= 20 and len(chapters) >= 8, (len(checks()), sorted(chapters))


def test_every_self_check_has_a_case_here():
    assert set(checks()) == set(CASES)


@pytest.mark.parametrize("label", sorted(CASES))
def test_the_right_answer_passes(label):
    result = check(label, answer(label, CASES[label][0]))
    assert isinstance(result, Result) and result.right and bool(result), result
    assert str(result) == repr(result) == "Right."


@pytest.mark.parametrize("label", sorted(CASES))
def test_a_plausible_wrong_answer_fails_without_giving_the_answer(label):
    right = answer(label, CASES[label][0])
    result = check(label, CASES[label][1])
    assert not result.right and not bool(result)
    text = str(result)
    assert text.startswith("Not yet: ") and len(text) > len("Not yet: ") + 10, text
    # Echoing the reader's own moves is fine: what must not show is a piece of the answer the reader did not give
    for token in set(answer_tokens(label, right)) - set(answer_tokens(label, CASES[label][1])):
        assert token not in text, f"{label}: the diagnosis {text!r} shows {token!r}"


def answer_tokens(label: str, right: object) -> list[str]:
    """The pieces of the right answer a diagnosis must not show: the whole answer, and each move or number."""
    if label in FUNCTION_ANSWERS or callable(right):
        return []
    if isinstance(right, int) and not isinstance(right, bool):
        return [f" {right} ", f" {right}.", f" {right},", f"= {right}"]
    tokens = [repr(right)]
    if not isinstance(right, (dict, list, tuple, set)):
        return tokens
    items = right.values() if isinstance(right, dict) else right
    for item in items:
        if isinstance(item, (list, tuple)) and item and all(isinstance(x, (tuple, list)) for x in item):
            tokens += [repr(tuple(x)) for x in item if len(x) > 1]  # every move of a list of moves
        elif isinstance(item, (tuple, list)) and len(item) > 1:
            tokens.append(repr(item))
    return tokens


@pytest.mark.parametrize("label", sorted(CASES))
def test_the_documented_call_is_wrong_and_well_shaped(label):
    from nimlib.selfcheck import _ENTRIES

    # The placeholder a reader sees in the docs must parse, be accepted, and never be the answer
    result = check(label, eval(_ENTRIES[label].example))
    assert not result.right, f"{label}: the placeholder answer {_ENTRIES[label].example} is the right one"


def test_order_and_shape_are_normalised():
    assert check("ex-playing-nim-3", {(4, 4, 7): [(2, 0), (1, 3), (0, 3)], (2, 5, 6): ([1, 4],)})
    assert check("ex-misere-5", {(1, 1, 0, 1), (0,), (1, 1), (1, 0), (), (1, 1, 1, 1)})
    assert check("ex-coin-turning-1", [2, 7])
    assert check("ex-split-1", [1, 5, 3, 0])
    assert check("ex-moore-1", {2: None, 3: [[2, 0], [0, 0], [1, 0]]})


def test_diagnoses_name_the_mistake():
    assert "nim-sum is 1, not 0" in str(check("ex-bouton-1", {(2, 5, 6): [(1, 4)], (1, 2, 4, 8): [(3, 6)]}))
    assert "has more" in str(check("ex-wythoff-1", [(9, 15)]))
    assert "unordered" not in str(check("ex-playing-nim-7", (64, 3)))
    assert "ordered" in str(check("ex-playing-nim-7", (20, 3)))  # 20 unordered P-triples below 8
    assert "not a move" in str(check("ex-bouton-1", {(2, 5, 6): [(1, 9)], (1, 2, 4, 8): [(3, 7)]}))
    assert "first wrong value" in str(check("ex-sg-1", [0, 1, 0, 1, 3] + [0] * 10))
    assert "not 3" in str(check("ex-wythoff-4", (5, 6)))
    assert "raised ZeroDivisionError" in str(check("ex-hackenbush-3", lambda n, m: 1 // 0))


def test_unknown_label_names_the_known_ones():
    with pytest.raises(ValueError, match="ex-misere-1") as error:
        check("ex-misere-99", [])
    assert "ex-sg-1" in str(error.value)
    with pytest.raises(TypeError, match="exercise label"):
        check(3, [])


@pytest.mark.parametrize(
    ("label", "bad"),
    [
        ("ex-bouton-1", [(1, 4)]),  # a list where a dict of positions is expected
        ("ex-bouton-1", {(2, 5, 6): [(1, 4)]}),  # a position missing
        ("ex-sg-2", "5"),
        ("ex-sg-2", 5.0),
        ("ex-sg-2", True),
        ("ex-sg-1", [0, 1, 0]),
        ("ex-misere-5", "(1, 1)"),
        ("ex-bouton-3", 5),
        ("ex-misere-1", [(3, 0)]),
        ("ex-coin-turning-5", set(range(16))),
        ("ex-wythoff-1", [(9, 15, 1)]),
        ("ex-sg-9", [(96, 94)] * 0 + list(range(MAX_ITEMS + 1))),
    ],
)
def test_bad_answer_types_say_what_was_expected(label, bad):
    with pytest.raises(TypeError, match=re.escape(f"check({label!r}, answer) expects")):
        check(label, bad)


def test_checks_lists_every_label_with_a_question():
    listed = checks()
    assert all(isinstance(q, str) and q.strip() and "\n" not in q for q in listed.values())
    assert set(listed) == set(CASES)


def test_no_answer_is_stored_in_the_module():
    # Each entry computes its answer from nimlib: the right answers of CASES do not appear as literals
    source = (ROOT / "nimlib" / "selfcheck.py").read_text(encoding="utf-8")
    for literal in ["[(9, 15), (10, 6)]", "(96, 94)", "(1, 3, 3, 8)", "1792", "(0, 11)", "(0, 14)", "[1, 4, 7, 12"]:
        assert literal not in source, literal


ODD_ANSWERS = [
    None,
    -1,
    10**30,
    3.5,
    True,
    "x",
    [],
    (),
    {},
    [None],
    [(-1, 2)],
    [(0, -5)],
    (-1, -1),
    (10**30, 10**30),
    [(1, 2, 3)],
    {2: "a", 3: None},
    {2: ((9, 9),), 3: None},
    {2: ((0, -1),), 3: None},
    [(5,), (-3,)],
    (1, 2, -3),
    ([(9, 9)], []),
    {1: -1, 2: 0, 3: 0, 4: 0, 5: 0},
    lambda *args: 1,
    lambda n, m=0: "x",
    [-1] * 15,
    [99] * 16,
    (3, 10**9),
    [(96, 10**9)],
    {(2, 5, 6): [(1, 4)], (4, 4, 7): [(7, 0)]},
]


@pytest.mark.parametrize("label", sorted(CASES))
def test_odd_answers_get_a_verdict_or_a_type_error(label):
    # Whatever a reader types, the answer is judged (Not yet) or refused with a TypeError: never another error
    for odd in ODD_ANSWERS:
        try:
            result = check(label, odd)
        except TypeError as error:
            assert "expects" in str(error), (label, odd, error)
        else:
            assert not result.right, (label, odd)
