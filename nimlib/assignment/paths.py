"""The book's two course paths as data: the course page (book/course.md) draws them, the assignments read them.

Each path is a list of lectures, two a week; a lecture is a list of ``(chapter label, section prefixes)``,
the sections of that chapter it covers (the course page finds each section by its first words and fails
the build if one is gone).
"""

from __future__ import annotations

FOUR_WEEKS: list[list[tuple[str, list[str]]]] = [
    [("ch-playing-nim", ["The rules", "Positions", "Who wins", "Two examples", "Equal heaps"])],
    [("ch-bouton", ["Addition without", "Bouton's theorem", "The strategy", "How many"])],
    [("ch-misere", ["The rule", "The misère theorem", "The strategy"])],
    [("ch-sprague-grundy", ["Impartial games", "mex and Grundy", "The theorem"])],
    [("ch-graphs", ["One chip", "Many chips", "Annihilation"])],
    [("ch-strips", ["Crosses", "Crosses-2", "Kayles"])],
    [("ch-strips", ["The periodicity theorem"]), ("ch-splitting", ["Lasker's nim"])],
    [("ch-splitting", ["Grundy's game", "Trominoes"])],
]

SIX_WEEKS: list[list[tuple[str, list[str]]]] = [
    [("ch-playing-nim", ["The rules", "Positions", "Who wins", "Two examples", "Equal heaps"])],
    [("ch-bouton", ["Addition without", "Bouton's theorem", "The strategy", "How many"])],
    [("ch-misere", ["The rule", "The misère theorem", "The strategy"])],
    [("ch-moore", ["The rules", "Moore's criterion", "The constructive"])],
    [("ch-sprague-grundy", ["Impartial games", "mex and Grundy", "The theorem"])],
    [("ch-graphs", ["One chip", "Many chips", "Annihilation"])],
    [("ch-strips", ["Crosses", "Crosses-2", "Pawns", "Kayles"])],
    [("ch-strips", ["The periodicity theorem"]), ("ch-splitting", ["Lasker's nim"])],
    [("ch-splitting", ["Grundy's game", "Trominoes"])],
    [("ch-coins", ["Staircase nim", "Nimble"])],
    [("ch-hackenbush", ["The game", "Bamboo", "Trees", "Cycles"])],
    # Chapter 16's one-lecture core (its opening says so): the subsections of Misère quotients are optional
    [
        (
            "ch-misere-beyond",
            [
                "The misère Grundy",
                "Misère play breaks",
                "Conway's genus",
                "Tame games",
                "Misère Kayles",
                "Misère quotients",
            ],
        )
    ],
]

PATHS: dict[int, list[list[tuple[str, list[str]]]]] = {4: FOUR_WEEKS, 6: SIX_WEEKS}

# An alternative last lecture of the 6-week path (issue #38): the bridge to partizan games instead of misère play
# beyond Nim. The course page lists it under the path and checks it against the dependency graph; the path's
# own lectures (and so the week sheets and assignments) stay as they are.
SIX_WEEKS_PARTIZAN_LAST: list[tuple[str, list[str]]] = [
    (
        "ch-partizan",
        ["Two players", "Four outcome classes", "Sums, and why", "Numbers and the simplicity", "Blue-Red Hackenbush"],
    )
]


def week_lectures(path: int, week: int) -> list[list[tuple[str, list[str]]]]:
    """The two lectures of ``week`` (1-based) on the ``path``-week path; ValueError outside it."""
    if path not in PATHS:
        raise ValueError(f"--path must be 4 or 6 (the course page's two paths), got {path}")
    weeks = len(PATHS[path]) // 2
    if not 1 <= week <= weeks:
        raise ValueError(f"--week must be between 1 and {weeks} on the {path}-week path, got {week}")
    return PATHS[path][2 * week - 2 : 2 * week]
