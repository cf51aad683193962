"""Every exercise is a numbered sphinx-exercise with a hint and a solution; lists run from routine to hard.

A lecturer sets homework from the book (solutions leave the student edition, hints stay), and a learner
alone can tell which exercises need a computer: every chapter has at least four that need only pencil and
paper.
"""

from __future__ import annotations

import pytest

from .exercises import CHAPTERS, HINT, PROBLEMS, code_cells, exercises, markdown, sections

ALL = {path.stem: exercises(path) for path in CHAPTERS}
PENCIL_AT_LEAST = 4


def test_the_exercises_are_found():
    assert len(CHAPTERS) == 22
    assert sum(map(len, ALL.values())) >= 124  # the book had 124 before hints and new pencil exercises


@pytest.mark.parametrize("chapter", sorted(ALL))
def test_every_exercise_has_a_hint_and_a_solution(chapter):
    found = ALL[chapter]
    assert found, f"{chapter}: no exercise"
    for ex in found:
        assert ex.has_hint, f"{chapter}: {ex.label} has no hint"
        assert ex.solution and ex.solution.strip(), f"{chapter}: {ex.label} has no solution"
        assert not HINT.search(ex.solution), f"{chapter}: {ex.label}'s hint sits in its solution"
    text = markdown(next(p for p in CHAPTERS if p.stem == chapter))
    assert "{dropdown} Solution" not in text, f"{chapter}: a hand-made solution dropdown is left"
    assert text.count("{solution}") == len(found), f"{chapter}: a solution without its exercise"


@pytest.mark.parametrize("chapter", sorted(ALL))
def test_each_chapter_has_pencil_and_paper_exercises(chapter):
    pencil = [ex.label for ex in ALL[chapter] if not ex.needs_computer]
    assert len(pencil) >= PENCIL_AT_LEAST, f"{chapter}: only {len(pencil)} exercises without the computer"


@pytest.mark.parametrize("chapter", sorted(ALL))
def test_each_list_runs_from_routine_to_hard(chapter):
    stars = [ex.stars for ex in ALL[chapter]]
    assert all(s <= 2 for s in stars), f"{chapter}: more than two stars"
    assert stars == sorted(stars), f"{chapter}: an easier exercise comes after a harder one: {stars}"


def test_labels_are_unique_across_the_book():
    labels = [ex.label for found in ALL.values() for ex in found] + [ex.label for ex in exercises(PROBLEMS)]
    assert len(labels) == len(set(labels))


def test_every_problem_has_a_hint_and_a_solution():
    # book/problems.md: homework whose solutions leave the student edition, so each needs its hint there
    import re

    import yaml

    problems = exercises(PROBLEMS)
    assert len(problems) >= 15
    for ex in problems:
        assert ex.label.startswith("prob-"), f"{ex.label}: a problem's label starts with prob-"
        assert ex.has_hint, f"{ex.label} has no hint"
        assert ex.solution and ex.solution.strip(), f"{ex.label} has no solution"
        assert not HINT.search(ex.solution), f"{ex.label}'s hint sits in its solution"
        assert ex.stars <= 2, ex.label
    text = markdown(PROBLEMS)
    assert text.count("{solution}") == len(problems), "a solution without its problem"
    # One section per part of the book, headed by the part's caption (the problem sheets match them so),
    # 3 or 4 problems each (up to 3 a chapter in a part of several independent chapters), from routine to hard
    toc = yaml.safe_load((PROBLEMS.parents[1] / "_toc.yml").read_text(encoding="utf-8"))
    chapters = {
        p["caption"]: sum(c["file"].startswith("notebooks/") for c in p["chapters"])
        for p in toc["parts"]
        if any(c["file"].startswith("notebooks/") for c in p["chapters"])
    }
    found = sections(PROBLEMS)
    assert list(found) == list(chapters)
    for caption, listed in found.items():
        assert 3 <= len(listed) <= max(4, 3 * chapters[caption] - 3), f"{caption}: {len(listed)} problems"
        stars = [ex.stars for ex in listed]
        assert stars == sorted(stars), f"{caption}: an easier problem comes after a harder one: {stars}"
    # The cells that check the problems' numbers leave the student edition
    labels = {ex.label for ex in problems}
    checked = set()
    for tags, source in code_cells(PROBLEMS):
        named = set(re.findall(r"\bprob-[\w-]*\w", source)) & labels
        if named:
            assert "exercise-answers" in tags, f"a cell checks {sorted(named)} but is not tagged exercise-answers"
            checked |= named
    assert checked == labels, f"no checking cell names {sorted(labels - checked)}"


def test_a_missing_hint_is_caught():
    # The parser the tests rely on finds a hint only where there is one
    from .exercises import EXERCISE

    text = "::::{exercise} ★\n:label: ex-x\n\nDo it.\n::::\n"
    (m,) = EXERCISE.finditer(text)
    assert not HINT.search(m["body"])
    assert HINT.search(m["body"].replace("Do it.", "Do it.\n:::{hint}\n:class: dropdown\nLook.\n:::"))


def test_cells_that_check_answers_are_tagged_for_the_student_edition():
    # The student edition drops code cells tagged exercise-answers (book/_ext/nimbook.py): they print answers
    import json
    import re

    labels = {ex.label for found in ALL.values() for ex in found}
    tagged = 0
    for path in CHAPTERS:
        for cell in json.loads(path.read_text(encoding="utf-8"))["cells"]:
            if cell["cell_type"] != "code":
                continue
            named = set(re.findall(r"\bex-[\w-]*\w", "".join(cell["source"]))) & labels
            tags = cell.get("metadata", {}).get("tags", [])
            if named:
                assert "exercise-answers" in tags, f"{path.name}: a cell checks {sorted(named)} but is not tagged"
                tagged += 1
    assert tagged >= 17, tagged


def test_every_self_check_is_offered_in_its_exercise():
    # A reader learns of nimlib.selfcheck.check where they need it: in the exercise it checks
    from nimlib.selfcheck import checks

    bodies = {ex.label: ex.body for found in ALL.values() for ex in found}
    labels = checks()
    assert len(labels) >= 20
    for label in labels:
        assert label in bodies, f"the self-check {label} names no exercise"
        assert f'check("{label}", answer)' in bodies[label], f"{label} does not offer its self-check"


@pytest.mark.parametrize("chapter", sorted(ALL))
def test_each_chapter_opens_with_outcomes_matched_to_exercises(chapter):
    # "After this chapter (appendix) you can": 3 to 5 checkable outcomes, each naming its exercises
    import re

    text = markdown(next(p for p in CHAPTERS if p.stem == chapter))
    start = re.search(r"\*\*After this (?:chapter|appendix) you can\*\*", text)
    assert start, f"{chapter}: no outcomes"
    bullets = []
    for line in text[start.end() :].lstrip("\n").splitlines():
        if not line.startswith("- "):
            break
        bullets.append(line)
    assert 3 <= len(bullets) <= 5, f"{chapter}: {len(bullets)} outcomes"
    labels = {ex.label for ex in ALL[chapter]}
    for bullet in bullets:
        named = set(re.findall(r"<(ex-[\w-]+)>|\{ref\}`(ex-[\w-]+)`", bullet))
        named = {a or b for a, b in named}
        assert named and named <= labels, f"{chapter}: outcome names no exercise of the chapter: {bullet[:60]}"
    covered = set().union(*(set(re.findall(r"ex-[\w-]*\w", b)) for b in bullets)) & labels
    assert len(covered) >= len(labels) // 2, f"{chapter}: outcomes cover {len(covered)} of {len(labels)} exercises"
