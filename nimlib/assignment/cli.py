"""``nimlib assignment``: make seeded problem sheets, their key and LMS banks; ``nimlib assignment grade``."""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from pathlib import Path

from . import TEMPLATES, grade, read_roster, week_templates, write_assignment
from .paths import PATHS

DESCRIPTION = """\
NAME
  nimlib assignment - each student's own problems, their key, and question banks for Moodle and Canvas

SYNOPSIS
  nimlib assignment (--path 4|6 --week W | --templates A,B,...) --roster FILE --secret S --out DIR [--force]
  nimlib assignment grade --key DIR/key.json --answers answers.csv [--output FILE]
  nimlib assignment --list

DESCRIPTION
  Every problem comes from a template whose parameters are drawn from a seed and whose answer, worked
  solution and checker nimlib computes when the assignment is made: no answer is stored anywhere. A
  student's seed for a problem is HMAC-SHA256(S, student id, problem number, template), so the same
  roster, secret and week give a byte-identical key.json, and another secret other problems. Keep S;
  to keep it out of the process list and the shell history, set NIMLIB_ASSIGNMENT_SECRET instead.

  --path P --week W takes the templates that practise that week's two lectures on the course page's
  P-week path; --templates names them instead (--list shows them all, with their chapters).
  The roster is a text file, one student id a line (letters, digits and . _ @ -; blank lines skipped).

  DIR receives:
    sheets/ID.pdf  each student's own sheet, their id on it, no answers
    key.pdf        every student's answers, with worked solutions
    key.json       [{"student", "problem", "template", "params", "answer"}, ...]
    moodle.xml     a Moodle XML question bank: one category per template, 10 variants each
    qti.zip        the same as a QTI 1.2 package (Canvas: Settings > Import course content > QTI .zip)
  DIR must be new or empty; --force replaces an earlier assignment's files in it (and its sheets of
  students no longer on the roster), and refuses a folder holding anything else. Each file is written
  to a temporary file and renamed, so an interrupted run never leaves a half-written file.

GRADE
  answers.csv has the header line student,problem,answer and one row per answer; the answer is written
  as in key.json (JSON: 5, [0, 1, 1, 2], [[0, 3], [2, 5]]; a word such as P or PNNPN needs no quotes;
  quote the field when it holds commas). A set answer (every winning move) is accepted in any order.
  The output (stdout, or --output FILE) is a CSV for an LMS gradebook: student, score, out_of, then
  per problem "right", "missing", "unreadable: ..." or "wrong: " and what is wrong with the answer.

EXIT STATUS
  0 success; 2 bad input (one line on stderr: a malformed roster, a duplicate id, an unknown template,
  a week outside the path, an answers file in the wrong shape, a non-empty --out).
"""


class _Parser(argparse.ArgumentParser):
    def error(self, message: str) -> None:  # one line, exit status 2
        raise ValueError(message)


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog="nimlib assignment", description=DESCRIPTION, formatter_class=fmt)
    parser.add_argument("--path", type=int, choices=sorted(PATHS), help="the course path: 4 or 6 weeks")
    parser.add_argument("--week", type=int, help="the week of that path (its two lectures)")
    parser.add_argument("--templates", help="comma-separated template names instead of --path/--week")
    parser.add_argument("--roster", help="student ids, one a line")
    parser.add_argument(
        "--secret",
        default=os.environ.get("NIMLIB_ASSIGNMENT_SECRET"),
        help="the secret each problem's seed is derived from (keep it); default $NIMLIB_ASSIGNMENT_SECRET",
    )
    parser.add_argument("--out", help="the folder to write (new or empty)")
    parser.add_argument("--title", default="Problem sheet", help="the sheets' title")
    parser.add_argument("--force", action="store_true", help="replace an earlier assignment's files in --out")
    parser.add_argument("--list", action="store_true", help="list the templates and exit")
    return parser


def build_grade_parser() -> argparse.ArgumentParser:
    parser = _Parser(
        prog="nimlib assignment grade",
        description="Grade answers.csv against key.json (see 'nimlib assignment --help', GRADE).",
    )
    parser.add_argument("--key", required=True, help="the key.json an assignment wrote")
    parser.add_argument("--answers", required=True, help="answers.csv: student,problem,answer")
    parser.add_argument("--output", help="write the gradebook CSV here instead of stdout")
    return parser


def _read(path: str, option: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{option} {path} is not UTF-8 text") from None
    except OSError as error:
        raise ValueError(f"{option} {path}: {error.strerror or error}") from None


def run(argv: Sequence[str]) -> int:
    if argv[:1] == ["grade"]:
        args = build_grade_parser().parse_args(argv[1:])
        text = grade(_read(args.key, "--key"), _read(args.answers, "--answers"))
        if args.output:
            from . import _write

            _write(Path(args.output), text.encode())
        else:
            sys.stdout.write(text)
        return 0
    args = build_parser().parse_args(argv)
    if args.list:
        for name, t in TEMPLATES.items():
            print(f"{name:26} {t.chapter:24} {t.title}")
        return 0
    if args.templates is not None:
        if args.path is not None or args.week is not None:
            raise ValueError("give either --templates or --path with --week, not both")
        from . import check_templates

        templates = check_templates(args.templates.split(","))
    else:
        if args.path is None or args.week is None:
            raise ValueError("say which problems: --path 4|6 with --week W, or --templates A,B,...")
        templates = week_templates(args.path, args.week)
    for option in ("roster", "secret", "out"):
        if getattr(args, option) is None:
            also = " (or NIMLIB_ASSIGNMENT_SECRET)" if option == "secret" else ""
            raise ValueError(f"--{option}{also} is required")
    students = read_roster(_read(args.roster, "--roster"))
    title = args.title if args.templates is not None else f"{args.title}: week {args.week} of the {args.path}-week path"
    assigned = write_assignment(Path(args.out), students, templates, args.secret, title=title, force=args.force)
    print(f"{len(students)} sheets of {len(templates)} problems ({', '.join(templates)}) in {args.out}")
    return 0 if assigned else 2


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``nimlib assignment``; 0 on success, 2 with one line on stderr for bad input."""
    argv = list(sys.argv[1:] if argv is None else argv)
    try:
        return run(argv)
    except SystemExit as done:  # --help
        return int(done.code or 0)
    except (ValueError, TypeError, OSError, ImportError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"nimlib assignment: error: {message}", file=sys.stderr)
        return 2
