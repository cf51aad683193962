"""nimlib assignment: seeded templates against exhaustive search, reproducible keys, the LMS banks, grading."""

from __future__ import annotations

import csv
import io
import json
import random
import re
import shutil
import subprocess
import xml.etree.ElementTree as ET
import zipfile
from pathlib import Path

import pytest

from nimlib.assignment import (
    TEMPLATES,
    assign,
    bank_problems,
    grade,
    key_json,
    read_roster,
    week_templates,
    write_assignment,
)
from nimlib.assignment.banks import lms_question, moodle_xml, qti_zip
from nimlib.assignment.cli import main as assignment_main
from nimlib.assignment.paths import PATHS
from nimlib.assignment.templates import AnswerShape, judge, make_problem, problem_from
from nimlib.cli import main as nimlib_main
from tests.assignment_search import expected

ROOT = Path(__file__).resolve().parents[1]
ROSTER = [f"s{i:03d}" for i in range(40)]
ALL = list(TEMPLATES)
QTI = "{http://www.imsglobal.org/xsd/ims_qtiasiv1p2}"

# The skills the issue lists, each with the template that practises it
SKILLS = {
    "P/N positions of a subtraction game": "subtraction-outcomes",
    "every winning move in Nim": "nim-winning-moves",
    "every winning move in misère Nim": "misere-nim-winning-moves",
    "every winning move in Moore's Nim_k": "moore-winning-moves",
    "the mex of a set": "mex",
    "Grundy values of a subtraction game": "subtraction-values",
    "Grundy values of an octal game": "octal-values",
    "the period of a subtraction game": "subtraction-period",
    "Kayles rows plus a Nim heap": "kayles-sum",
    "Lasker's nim": "lasker-value",
    "a staircase-nim winning move": "staircase-winning-moves",
    "Wythoff's P-positions": "wythoff-p-positions",
    "a Wythoff winning move": "wythoff-winning-moves",
    "a coin-turning position": "mock-turtles-value",
    "a nim product": "nim-product",
    "a Green Hackenbush tree": "hackenbush-tree",
    "the misère outcome of a Kayles sum through its quotient": "kayles-misere-outcome",
    "a genus": "genus",
}


@pytest.fixture(scope="module")
def keys() -> dict[str, list]:
    """Every template for a roster of 40, under two secrets (the problems as assigned)."""
    return {secret: assign(ROSTER, ALL, secret) for secret in ("first secret", "second secret")}


def test_templates_cover_every_skill():
    assert len(TEMPLATES) >= 20
    assert set(SKILLS.values()) <= set(TEMPLATES)


def test_every_answer_agrees_with_exhaustive_search(keys):
    checked = 0
    for assigned in keys.values():
        for a in assigned:
            said = a.problem.answer
            assert said == expected(a.problem.template, a.problem.params), (a.student, a.problem)
            checked += 1
    assert checked == 2 * 40 * len(ALL)


def test_bank_answers_agree_with_exhaustive_search():
    banks = bank_problems(ALL, "bank secret")
    for name, problems in banks.items():
        assert len(problems) == 10, name
        assert len({json.dumps(p.params, sort_keys=True) for p in problems}) == 10, name
        for problem in problems:
            assert problem.answer == expected(name, problem.params), problem


def test_same_secret_same_key_and_other_secret_other_params(keys):
    again = assign(ROSTER, ALL, "first secret")
    assert key_json(again) == key_json(keys["first secret"])
    first, second = keys["first secret"], keys["second secret"]
    for name in ALL:
        a = [x.problem.params for x in first if x.problem.template == name]
        b = [x.problem.params for x in second if x.problem.template == name]
        assert sum(x != y for x, y in zip(a, b, strict=True)) >= 36, name


def test_variants_differ_between_students(keys):
    """Over 30 students, at least 90% of each template's problems are different."""
    for assigned in keys.values():
        for name in ALL:
            params = [json.dumps(x.problem.params, sort_keys=True) for x in assigned if x.problem.template == name]
            assert len(set(params[:30])) >= 27, (name, len(set(params[:30])))


def test_seed_is_an_hmac_not_python_hash():
    import hashlib
    import hmac

    from nimlib.assignment import seed

    digest = hmac.new(b"k", b"s001\n2\nmex", hashlib.sha256).digest()
    assert seed("k", "s001", 2, "mex") == int.from_bytes(digest[:8], "big")


def test_key_json_has_the_fixed_shapes(keys):
    rows = json.loads(key_json(keys["first secret"]))
    assert all(set(r) == {"student", "problem", "template", "params", "answer"} for r in rows)
    shapes = {
        "nim-winning-moves": ({"heaps"}, lambda a: all(len(m) == 2 for m in a)),
        "misere-nim-winning-moves": ({"heaps"}, lambda a: all(len(m) == 2 for m in a)),
        "moore-winning-moves": ({"heaps", "k"}, lambda a: a and all(isinstance(m, list) for m in a)),
        "mex": ({"set"}, lambda a: isinstance(a, int)),
        "subtraction-values": ({"subtract", "n"}, lambda a: isinstance(a, list)),
        "octal-values": ({"code", "n"}, lambda a: isinstance(a, list)),
        "nim-product": ({"a", "b"}, lambda a: isinstance(a, int)),
        "wythoff-winning-moves": ({"position"}, lambda a: isinstance(a, list)),
    }
    for r in rows:
        if r["template"] in shapes:
            fields, ok = shapes[r["template"]]
            assert set(r["params"]) == fields and ok(r["answer"]), r
        if r["template"] in ("subtraction-values", "octal-values"):
            assert len(r["answer"]) == r["params"]["n"] + 1
        if r["template"] == "moore-winning-moves":
            assert all(len(m) == len(r["params"]["heaps"]) for m in r["answer"])
    assert any(r["template"] == "wythoff-winning-moves" and r["answer"] == [] for r in rows)


def test_checkers_accept_every_correct_answer_and_name_the_mistake(keys):
    rng = random.Random(5)
    for a in keys["first secret"][: 2 * len(ALL)]:
        name, params, answer = a.problem.template, a.problem.params, a.problem.answer
        if TEMPLATES[name].kind == "set":
            for _ in range(3):
                shuffled = list(answer)
                rng.shuffle(shuffled)
                assert judge(name, params, shuffled) is None
            if len(answer) > 1:
                assert "more" in judge(name, params, answer[:1])
            if answer:
                assert judge(name, params, []) is not None
        else:
            assert judge(name, params, answer) is None
    nim = make_problem("nim-winning-moves", 1)
    wrong = next([i, b] for i, h in enumerate(nim.params["heaps"]) for b in range(h) if [i, b] not in nim.answer)
    assert "nim-sum" in judge("nim-winning-moves", nim.params, [wrong])  # selfcheck's diagnosis
    with pytest.raises(AnswerShape):
        judge("nim-winning-moves", nim.params, 3)


def test_every_week_of_both_paths_has_templates_from_its_lectures():
    sections = {}
    for notebook in sorted((ROOT / "notebooks").glob("*.ipynb")):
        cells = json.loads(notebook.read_text(encoding="utf-8"))["cells"]
        text = "\n".join("".join(c["source"]) for c in cells if c["cell_type"] == "markdown")
        label = re.search(r"^\((ch-[\w-]+)\)=", text, re.M).group(1)
        sections[label] = re.findall(r"^## (.+?)\s*$", text, re.M)
    for t in TEMPLATES.values():
        assert any(s.replace("$", "").startswith(t.section) for s in sections[t.chapter]), (t.name, t.section)
    for path, lectures in PATHS.items():
        for week in range(1, len(lectures) // 2 + 1):
            chosen = week_templates(path, week)
            assert chosen, (path, week)
            labels = {label for lecture in lectures[2 * week - 2 : 2 * week] for label, _ in lecture}
            assert {TEMPLATES[n].chapter for n in chosen} <= labels
    assert week_templates(4, 1) == ["nim-outcome", "nim-sum", "nim-winning-moves"]


def _moodle_answers(xml: bytes) -> dict[str, list[tuple[str, str, list[str]]]]:
    quiz = ET.fromstring(xml)
    assert quiz.tag == "quiz"
    banks: dict[str, list] = {}
    current = None
    for question in quiz.findall("question"):
        kind = question.get("type")
        if kind == "category":
            current = question.find("category/text").text.rsplit("/", 1)[1]
            banks[current] = []
            continue
        assert kind in ("numerical", "shortanswer")
        assert question.find("name/text").text and question.find("questiontext/text").text
        answers = question.findall("answer")
        assert answers and all(a.get("fraction") == "100" for a in answers)
        if kind == "numerical":
            assert all(a.find("tolerance").text == "0" for a in answers)
        banks[current].append((kind, question.find("questiontext/text").text, [a.find("text").text for a in answers]))
    return banks


def test_moodle_xml_is_moodles_format_and_its_answers_are_the_keys():
    banks = bank_problems(ALL, "bank secret")
    parsed = _moodle_answers(moodle_xml(banks))
    assert list(parsed) == ALL
    for name, problems in banks.items():
        assert len(parsed[name]) == 10
        for (kind, _, answers), problem in zip(parsed[name], problems, strict=True):
            right = expected(name, problem.params)
            if kind == "numerical":
                assert answers == [str(right)]
            elif TEMPLATES[name].kind == "set":
                assert sorted(answers) == sorted(" ".join(map(str, m)) for m in right) or (
                    right == [] and answers == ["none"]
                )
            elif TEMPLATES[name].kind == "genus":
                assert answers == [f"{right[0]}; " + " ".join(map(str, right[1]))]
            elif isinstance(right, list):
                assert answers == [" ".join(map(str, right))]
            else:
                assert answers == [right]


def test_qti_zip_is_a_qti_12_package_with_the_same_answers():
    banks = bank_problems(ALL, "bank secret")
    moodle = _moodle_answers(moodle_xml(banks))
    with zipfile.ZipFile(io.BytesIO(qti_zip(banks))) as archive:
        manifest = ET.fromstring(archive.read("imsmanifest.xml"))
        hrefs = [f.get("href") for f in manifest.iter() if f.tag.endswith("file")]
        types = {r.get("type") for r in manifest.iter() if r.tag.endswith("resource")}
        assert types == {"imsqti_xmlv1p2"} and len(hrefs) == len(ALL)
        for href, name in zip(hrefs, ALL, strict=True):
            root = ET.fromstring(archive.read(href))
            assert root.tag == f"{QTI}questestinterop"
            items = root.findall(f"{QTI}assessment/{QTI}section/{QTI}item")
            assert len(items) == 10
            for item, (kind, _, answers) in zip(items, moodle[name], strict=True):
                fields = {
                    f.find(f"{QTI}fieldlabel").text: f.find(f"{QTI}fieldentry").text
                    for f in item.iter(f"{QTI}qtimetadatafield")
                }
                assert fields["question_type"] == (
                    "numerical_question" if kind == "numerical" else "short_answer_question"
                )
                assert item.find(f"{QTI}presentation/{QTI}response_str/{QTI}render_fib") is not None
                condition = item.find(f"{QTI}resprocessing/{QTI}respcondition")
                assert [v.text for v in condition.iter(f"{QTI}varequal")] == answers
                if kind == "numerical":  # exact: equal, or between n and n, as Canvas writes it
                    within = condition.find(f"{QTI}conditionvar/{QTI}or/{QTI}and")
                    assert [v.text for v in within] == answers * 2
                assert condition.find(f"{QTI}setvar").text == "100"


def _answers_csv(rows: list[tuple[str, int, str]]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", "problem", "answer"])
    writer.writerows(rows)
    return out.getvalue()


def test_grade_scores_a_planted_answers_file_exactly(keys):
    names = ["nim-winning-moves", "mex", "subtraction-values", "nim-outcome"]
    assigned = assign(ROSTER, names, "grading")
    key = key_json(assigned).decode()
    rows, scores = [], {}
    for i, a in enumerate(assigned):
        right = a.problem.answer
        plan = (i * 7 + a.number) % 5  # 0, 1 right; 2 wrong; 3 missing; 4 unreadable
        if plan in (0, 1):
            given = list(reversed(right)) if isinstance(right, list) and a.number == 1 else right
            rows.append((a.student, a.number, given if isinstance(given, str) else json.dumps(given)))
            scores[a.student] = scores.get(a.student, 0) + 1
        elif plan == 2:
            wrong = {
                1: [[0, 0]],
                2: right + 1 if isinstance(right, int) else 0,
                3: [9] * len(right) if isinstance(right, list) else 0,
            }
            wrong = wrong.get(a.number, "N" if right == "P" else "P")
            rows.append((a.student, a.number, wrong if isinstance(wrong, str) else json.dumps(wrong)))
        elif plan == 4:
            rows.append((a.student, a.number, "{not json"))
    table = list(csv.reader(io.StringIO(grade(key, _answers_csv(rows)))))
    assert table[0] == ["student", "score", "out_of", "problem 1", "problem 2", "problem 3", "problem 4"]
    assert len(table) == 41
    for line in table[1:]:
        assert int(line[1]) == scores.get(line[0], 0) and line[2] == "4"
        assert sum(c == "right" for c in line[3:]) == int(line[1])
    cells = [c for line in table[1:] for c in line[3:]]
    assert any(c.startswith("wrong: g(") for c in cells)  # the mex table's first wrong value
    assert any(c.startswith("wrong: from (") and "whose nim-sum is" in c for c in cells)  # selfcheck's words
    assert any(c == "missing" for c in cells) and any(c.startswith("unreadable: ") for c in cells)


@pytest.mark.parametrize(
    ("answers", "message"),
    [
        ("name,problem,answer\n", "header"),
        ("student,problem,answer\nnobody,1,5\n", "no problem"),
        ("student,problem,answer\ns000,1,5,6\n", "3 fields"),
        ("student,problem,answer\ns000,1,5\ns000,1,6\n", "second answer"),
    ],
)
def test_grade_refuses_an_answers_file_in_the_wrong_shape(tmp_path, capsys, answers, message):
    (tmp_path / "key.json").write_bytes(key_json(assign(["s000"], ["mex"], "k")))
    (tmp_path / "answers.csv").write_text(answers)
    code = assignment_main(["grade", "--key", str(tmp_path / "key.json"), "--answers", str(tmp_path / "answers.csv")])
    err = capsys.readouterr().err
    assert code == 2 and message in err and err.count("\n") == 1


def test_grade_refuses_a_key_whose_answers_were_edited(tmp_path):
    rows = json.loads(key_json(assign(["s000"], ["mex"], "k")))
    rows[0]["answer"] += 1
    with pytest.raises(ValueError, match="not what nimlib computes"):
        grade(json.dumps(rows), "student,problem,answer\n")


@pytest.mark.parametrize(
    ("roster", "args", "message"),
    [
        ("a1\nb 2\n", ["--path", "4", "--week", "1"], "roster line 2"),
        ("a1\nb2\na1\n", ["--path", "4", "--week", "1"], "duplicate id 'a1'"),
        ("\n\n", ["--path", "4", "--week", "1"], "no student id"),
        ("a1\n", ["--templates", "mex,nosuch"], "unknown template 'nosuch'"),
        ("a1\n", ["--path", "4", "--week", "5"], "between 1 and 4"),
        ("a1\n", ["--path", "6", "--week", "0"], "between 1 and 6"),
        ("a1\n", ["--path", "5", "--week", "1"], "invalid choice"),
        ("a1\n", ["--week", "1"], "--path"),
    ],
)
def test_bad_input_gets_one_clear_line(tmp_path, capsys, roster, args, message):
    (tmp_path / "roster.txt").write_text(roster)
    argv = [
        "assignment",
        *args,
        "--roster",
        str(tmp_path / "roster.txt"),
        "--secret",
        "s",
        "--out",
        str(tmp_path / "o"),
    ]
    assert nimlib_main(argv) == 2
    err = capsys.readouterr().err
    assert message in err and err.count("\n") == 1
    assert not (tmp_path / "o").exists()


def test_the_secret_may_come_from_the_environment(tmp_path, monkeypatch, capsys):
    (tmp_path / "roster.txt").write_text("a1\n")
    argv = ["assignment", "--templates", "mex", "--roster", str(tmp_path / "roster.txt"), "--out", str(tmp_path / "o")]
    monkeypatch.delenv("NIMLIB_ASSIGNMENT_SECRET", raising=False)
    assert nimlib_main(argv) == 2 and "--secret (or NIMLIB_ASSIGNMENT_SECRET) is required" in capsys.readouterr().err
    monkeypatch.setenv("NIMLIB_ASSIGNMENT_SECRET", "from the environment")
    assert nimlib_main(argv) == 0
    assert json.loads((tmp_path / "o" / "key.json").read_text()) == json.loads(
        key_json(assign(["a1"], ["mex"], "from the environment"))
    )


def test_read_roster_skips_blank_lines_and_keeps_order():
    assert read_roster("b2\n\n  a1  \n") == ["b2", "a1"]


def test_help_documents_the_command(capsys):
    assert nimlib_main(["--help"]) == 0
    assert "nimlib assignment" in capsys.readouterr().out
    assert nimlib_main(["assignment", "--help"]) == 0
    out = capsys.readouterr().out
    for word in (
        "--path",
        "--week",
        "--templates",
        "--roster",
        "--secret",
        "--out",
        "--force",
        "key.json",
        "moodle.xml",
        "qti.zip",
        "grade",
        "student,problem,answer",
    ):
        assert word in out, word


def _pdftotext(path: Path) -> str:
    return subprocess.run(["pdftotext", "-layout", str(path), "-"], capture_output=True, text=True, check=True).stdout


def test_write_assignment_sheets_key_and_out_folder(tmp_path, capsys):
    """Three students (PDFs cost about a second each): the files, the sheets' text, --force."""
    (tmp_path / "roster.txt").write_text("ada\nbob\ncyd\n")
    out = tmp_path / "out"
    argv = [
        "assignment",
        "--path",
        "6",
        "--week",
        "6",
        "--roster",
        str(tmp_path / "roster.txt"),
        "--secret",
        "s",
        "--out",
        str(out),
    ]
    assert nimlib_main(argv) == 0
    assert sorted(p.name for p in out.iterdir()) == ["key.json", "key.pdf", "moodle.xml", "qti.zip", "sheets"]
    assert sorted(p.name for p in (out / "sheets").iterdir()) == ["ada.pdf", "bob.pdf", "cyd.pdf"]
    assert not list(out.rglob("*.tmp"))
    key = json.loads((out / "key.json").read_text())
    assert [r["template"] for r in key[:3]] == week_templates(6, 6)
    if shutil.which("pdftotext"):
        for student in ("ada", "bob", "cyd"):
            text = _pdftotext(out / "sheets" / f"{student}.pdf")
            assert f"Student: {student}" in text
            assert "Answer:" not in text and "winning moves:" not in text and "the colon principle" not in text
            flat = " ".join(text.split())
            for r in key:
                if r["student"] == student:
                    problem = problem_from(r["template"], r["params"])
                    assert TEMPLATES[r["template"]].title in flat
                    assert " ".join(problem.statement.split())[:60] in flat
                    for step in problem.steps:  # no line of the worked solution, which holds the answer
                        assert " ".join(step.split()) not in flat, step
        key_text = _pdftotext(out / "key.pdf")
        for r in key:
            assert f"Student {r['student']}" in key_text
            assert f"Answer: {json.dumps(r['answer'])}" in re.sub(r"\s+", " ", key_text)
    capsys.readouterr()
    assert nimlib_main(argv) == 2 and "not empty" in capsys.readouterr().err
    (tmp_path / "roster.txt").write_text("ada\n")
    assert nimlib_main([*argv, "--force"]) == 0
    assert sorted(p.name for p in (out / "sheets").iterdir()) == ["ada.pdf"]
    (out / "notes.txt").write_text("mine")
    assert nimlib_main([*argv, "--force"]) == 2 and "notes.txt" in capsys.readouterr().err


def test_lms_question_asks_for_one_element_of_a_set():
    problem = make_problem("nim-winning-moves", 3)
    kind, text, accepted = lms_question(problem)
    assert kind == "shortanswer" and "one winning move" in text
    assert accepted == [" ".join(map(str, m)) for m in problem.answer]


def test_write_assignment_refuses_an_empty_secret(tmp_path):
    with pytest.raises(ValueError, match="secret"):
        write_assignment(tmp_path / "o", ["a"], ["mex"], "", title="t")
