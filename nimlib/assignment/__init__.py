"""Seeded assignments: each student's own problems, computed by nimlib when they are made, never stored.

The repository is public, so a stored solution is a public one: assessed work comes from templates
(``templates.TEMPLATES``) whose parameters are drawn from a seed and whose answers, worked solutions and
checkers nimlib computes from the parameters. A student's seed for a problem is
HMAC-SHA256(secret, student id, problem number, template), so the same roster, secret and week give the
same problems, another secret others, and no one can derive a classmate's problems without the secret.

``assign(students, templates, secret)`` lists the problems; ``write_assignment`` writes the sheets, the
key, the Moodle XML bank and the QTI package; ``grade`` marks an answers file against the key.
``python -m nimlib assignment --help`` is the command line (``nimlib.assignment.cli``).
"""

from __future__ import annotations

import csv
import hashlib
import hmac
import io
import json
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from .._atomic import atomic_write
from .paths import week_lectures
from .templates import TEMPLATES, AnswerShape, Problem, judge, make_problem, problem_from

__all__ = [
    "TEMPLATES",
    "Assigned",
    "assign",
    "bank_problems",
    "grade",
    "read_roster",
    "seed",
    "week_templates",
    "write_assignment",
]

# A student id is also a file name (sheets/ID.pdf): letters, digits and . _ @ - only, at most this long
ID_PATTERN = re.compile(r"[A-Za-z0-9][A-Za-z0-9._@-]{0,63}")
MAX_STUDENTS = 2000
BANK_VARIANTS = 10  # the variants of each template in moodle.xml and qti.zip


def seed(secret: str, student: str, problem: int, template: str) -> int:
    """The seed of one student's problem: 64 bits of HMAC-SHA256(secret, "student\\nproblem\\ntemplate").

    >>> seed("k", "s001", 1, "mex") == seed("k", "s001", 1, "mex") != seed("k", "s002", 1, "mex")
    True
    """
    message = f"{student}\n{problem}\n{template}".encode()
    return int.from_bytes(hmac.new(secret.encode(), message, hashlib.sha256).digest()[:8], "big")


def week_templates(path: int, week: int) -> list[str]:
    """The templates that practise the sections of that week's two lectures on the course page's path.

    >>> week_templates(4, 1)
    ['nim-outcome', 'nim-sum', 'nim-winning-moves']
    """
    chosen = []
    for lecture in week_lectures(path, week):
        for label, prefixes in lecture:
            wanted = {p.lower() for p in prefixes}
            chosen += [
                n
                for n, t in TEMPLATES.items()
                if t.chapter == label and t.section.lower() in wanted and n not in chosen
            ]
    return chosen


def check_templates(names: Sequence[str]) -> list[str]:
    """The names, each a known template, none twice (ValueError naming the first bad one)."""
    names = [n.strip() for n in names]
    for n in names:
        if n not in TEMPLATES:
            raise ValueError(f"unknown template {n!r}; the templates are: {', '.join(TEMPLATES)}")
    if len(set(names)) != len(names) or not names:
        raise ValueError("--templates must name at least one template, each once")
    return names


def read_roster(text: str) -> list[str]:
    """Student ids from the roster's text, one a line (blank lines skipped); ValueError at the first bad line."""
    students: list[str] = []
    seen: dict[str, int] = {}
    for number, line in enumerate(text.splitlines(), 1):
        student = line.strip()
        if not student:
            continue
        if not ID_PATTERN.fullmatch(student):
            raise ValueError(
                f"roster line {number}: {student[:40]!r} is not a student id (letters, digits and . _ @ -, "
                "starting with a letter or digit, at most 64 characters, one id a line)"
            )
        if student in seen:
            raise ValueError(f"roster line {number}: duplicate id {student!r} (first on line {seen[student]})")
        seen[student] = number
        students.append(student)
    if not students:
        raise ValueError("the roster holds no student id (one id a line)")
    if len(students) > MAX_STUDENTS:
        raise ValueError(f"the roster holds {len(students):,} ids, more than MAX_STUDENTS = {MAX_STUDENTS:,}")
    return students


@dataclass(frozen=True)
class Assigned:
    """One problem of one student's sheet."""

    student: str
    number: int  # 1-based, its place on the sheet
    problem: Problem


def assign(students: Sequence[str], templates: Sequence[str], secret: str) -> list[Assigned]:
    """Every student's problems: problem i of a sheet is ``templates[i - 1]`` with that student's own seed."""
    if not isinstance(secret, str) or not secret:
        raise ValueError("--secret must be a non-empty string (keep it: the same secret gives the same problems)")
    return [
        Assigned(student, number, make_problem(name, seed(secret, student, number, name)))
        for student in students
        for number, name in enumerate(templates, 1)
    ]


def bank_problems(templates: Sequence[str], secret: str, variants: int = BANK_VARIANTS) -> dict[str, list[Problem]]:
    """``variants`` distinct problems of each template for the LMS banks, seeded from the secret too."""
    banks = {}
    for name in templates:
        problems: list[Problem] = []
        seen = set()
        attempt = 0
        while len(problems) < variants and attempt < 50 * variants:
            problem = make_problem(name, seed(secret, f"bank-{attempt}", 0, name))
            key = json.dumps(problem.params, sort_keys=True)
            if key not in seen:
                seen.add(key)
                problems.append(problem)
            attempt += 1
        banks[name] = problems
    return banks


def key_json(assigned: Sequence[Assigned]) -> bytes:
    """key.json: a list of {"student", "problem", "template", "params", "answer"} (compact, one a line)."""
    rows = [
        json.dumps(
            {
                "student": a.student,
                "problem": a.number,
                "template": a.problem.template,
                "params": a.problem.params,
                "answer": a.problem.answer,
            },
            ensure_ascii=False,
            separators=(", ", ": "),
        )
        for a in assigned
    ]
    return ("[\n" + ",\n".join(rows) + "\n]\n").encode()


def _write(path: Path, data: bytes) -> None:
    """Write ``data`` whole or not at all (nimlib._atomic: a temporary file in the same folder, then a rename)."""
    with atomic_write(path, "wb", encoding=None, what=path.name) as stream:
        stream.write(data)


OUTPUTS = ("sheets", "key.pdf", "key.json", "moodle.xml", "qti.zip")


def check_out_dir(out: Path, *, force: bool) -> None:
    """--out must be a new or empty folder; with --force a folder that holds an earlier assignment's files."""
    if out.exists() and not out.is_dir():
        raise ValueError(f"--out {out} exists and is not a folder")
    if out.is_dir() and any(out.iterdir()):
        if not force:
            raise ValueError(f"--out {out} is not empty: choose a new folder, or --force to replace its assignment")
        strangers = sorted(p.name for p in out.iterdir() if p.name not in OUTPUTS)
        if strangers:
            raise ValueError(
                f"--out {out} holds files an assignment does not write ({', '.join(strangers[:3])}): "
                "--force replaces only an earlier assignment's files"
            )


def write_assignment(
    out: Path, students: Sequence[str], templates: Sequence[str], secret: str, *, title: str, force: bool = False
) -> list[Assigned]:
    """Write sheets/ID.pdf, key.pdf, key.json, moodle.xml and qti.zip to ``out`` (every file via a rename)."""
    from .banks import moodle_xml, qti_zip
    from .render import write_pdf

    out = Path(out)
    check_out_dir(out, force=force)
    assigned = assign(students, templates, secret)
    banks = bank_problems(templates, secret)
    sheets = out / "sheets"
    sheets.mkdir(parents=True, exist_ok=True)
    if force:  # an earlier roster's sheets must not survive as if they were this assignment's
        for old in sheets.glob("*.pdf"):
            if old.stem not in set(students):
                old.unlink()
    _write(out / "key.json", key_json(assigned))
    by_student: dict[str, list[Assigned]] = {}
    for a in assigned:
        by_student.setdefault(a.student, []).append(a)
    for student, problems in by_student.items():
        write_pdf(sheets / f"{student}.pdf", sheet_blocks(student, problems, title), title=f"{title}: {student}")
    key_blocks: list[tuple] = [("h1", f"{title}: key"), ("p", "Every student's answers, with worked solutions.")]
    for student, problems in by_student.items():
        key_blocks += [("page",), ("h1", f"Student {student}")]
        for a in problems:
            template = TEMPLATES[a.problem.template]
            key_blocks += [
                ("h2", f"Problem {a.number}. {template.title} ({template.name})"),
                ("p", a.problem.statement),
                ("p", f"Answer: {json.dumps(a.problem.answer, ensure_ascii=False)}"),
                ("mono", "\n".join(a.problem.steps)),
            ]
    write_pdf(out / "key.pdf", key_blocks, title=f"{title}: key")
    _write(out / "moodle.xml", moodle_xml(banks))
    _write(out / "qti.zip", qti_zip(banks))
    return assigned


def sheet_blocks(student: str, problems: Sequence[Assigned], title: str) -> list[tuple]:
    """A student's sheet: their id, then each problem's statement, diagram and the form of the answer."""
    blocks: list[tuple] = [
        ("h1", title),
        ("h2", f"Student: {student}"),
        ("p", "These problems are yours alone: the numbers differ from your classmates'. Show your working."),
    ]
    for a in problems:
        template = TEMPLATES[a.problem.template]
        blocks += [("h2", f"Problem {a.number}. {template.title}"), ("p", a.problem.statement)]
        if a.problem.diagram is not None:
            blocks.append(("diagram", a.problem.diagram))
        blocks += [("p", f"Answer as {template.expects}."), ("space", 0.9)]
    return blocks


# ---------------------------------------------------------------- grading


ANSWERS_HEADER = ["student", "problem", "answer"]


def read_key(text: str) -> list[dict]:
    """The key's rows, each checked: the fields, a known template, and an answer nimlib recomputes the same."""
    try:
        rows = json.loads(text)
    except json.JSONDecodeError as error:
        raise ValueError(f"--key is not JSON: {error}") from None
    fields = {"student", "problem", "template", "params", "answer"}
    if not isinstance(rows, list) or not rows or not all(isinstance(r, dict) and set(r) == fields for r in rows):
        raise ValueError(f"--key must be a list of objects with exactly the keys {', '.join(sorted(fields))}")
    for r in rows:
        if r["template"] not in TEMPLATES:
            raise ValueError(f"--key names an unknown template {r['template']!r}")
        if problem_from(r["template"], r["params"]).answer != r["answer"]:
            raise ValueError(
                f"--key: the answer of {r['student']} problem {r['problem']} is not what nimlib computes from "
                "its params (a key from another version, or edited)"
            )
    return rows


def read_answers(text: str, key: list[dict]) -> dict[tuple[str, int], str]:
    """answers.csv: a header student,problem,answer then one row per answer, the answer as JSON."""
    reader = csv.reader(io.StringIO(text))
    header = next(reader, None)
    if header is None or [h.strip().lower() for h in header] != ANSWERS_HEADER:
        raise ValueError(f"--answers must start with the header line {','.join(ANSWERS_HEADER)}, got {header}")
    known = {(r["student"], r["problem"]) for r in key}
    answers: dict[tuple[str, int], str] = {}
    for line, row in enumerate(reader, 2):
        if not row or not "".join(row).strip():
            continue
        if len(row) != 3:
            raise ValueError(f"--answers line {line}: expected 3 fields (student, problem, answer), got {len(row)}")
        student, number, answer = row[0].strip(), row[1].strip(), row[2]
        if not number.isdigit() or (student, int(number)) not in known:
            raise ValueError(f"--answers line {line}: the key has no problem {number!r} for student {student!r}")
        if (student, int(number)) in answers:
            raise ValueError(f"--answers line {line}: a second answer to {student} problem {number}")
        answers[(student, int(number))] = answer
    return answers


def verdict(row: dict, answer: str | None) -> tuple[bool, str]:
    """(right, what to say): right, missing, unreadable, or what is wrong (the self-check's diagnosis)."""
    if answer is None or not answer.strip():
        return False, "missing"
    try:
        given = json.loads(answer)
    except json.JSONDecodeError:
        given = answer.strip()  # a bare word (P, N, PNNP...) needs no quotes
    try:
        problem = judge(row["template"], row["params"], given)
    except AnswerShape as shape:
        return False, f"unreadable: {shape}"
    return (True, "right") if problem is None else (False, f"wrong: {problem}")


def grade(key_text: str, answers_text: str) -> str:
    """The gradebook CSV: student, score, out_of, then one column per problem (right / wrong: why / missing)."""
    key = read_key(key_text)
    answers = read_answers(answers_text, key)
    numbers = sorted({r["problem"] for r in key})
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(["student", "score", "out_of", *(f"problem {n}" for n in numbers)])
    students: dict[str, dict[int, dict]] = {}
    for r in key:
        students.setdefault(r["student"], {})[r["problem"]] = r
    for student, rows in students.items():
        cells = []
        score = 0
        for n in numbers:
            if n not in rows:
                cells.append("")
                continue
            right, said = verdict(rows[n], answers.get((student, n)))
            score += right
            cells.append(said)
        writer.writerow([student, score, len(rows), *cells])
    return out.getvalue()
