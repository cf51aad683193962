"""``python -m nimlib`` (or ``nimlib``): Grundy sequences, certified periods, misère values and genus.

Every command takes ``--json`` for scripts; bad input is one line on stderr
and exit status 2, never a traceback. Run ``nimlib --help`` or
``nimlib COMMAND --help`` for the manual.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import sys
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from ._atomic import atomic_write
from .certificate import FORMAT, CertificateError, canonical_label, check_certificate, load_certificate, plain_values
from .rulesets import MAX_CODE_DIGITS, HeapGame, TakeRule, octal, subtraction

# ---------------------------------------------------------------- games


@dataclass
class GameSpec:
    """What GAME on the command line names: a label, how to compute values, where indices start."""

    label: str
    heap_game: HeapGame | None = None
    values: Callable[[int, Callable[[int], None] | None], list[int]] | None = None
    first: int = 0
    certificate_rule: dict | None = None


NAMES = {
    "nim": "nim",
    "kayles": "0.77",
    "dawson": "0.07",
    "dawsons-kayles": "0.07",
    "grundy": "grundy",
    "lasker": "lasker",
    "officers": "0.6",
    "crosses": "0.137",
    "treblecross": "0.11337",
}

GAME_HELP = """\
GAME is one of:
  an octal code       0.137, .6, 4.07 (digits 0-7; a leading 4 splits without taking);
                      a trailing [3] repeats digit 3 forever ("take any number"): 0.[3] is Nim,
                      4.[3] is Lasker's nim
  a name              nim, kayles, dawson, grundy (Grundy's game), lasker (Lasker's nim),
                      officers (0.6), crosses (0.137), treblecross (0.11337)
  subtraction:S       the subtraction game S, e.g. subtraction:1,3,4
  allbut:E            take any number of tokens except those in E, e.g. allbut:2,3,7
  mock-turtles, ruler coin-turning games: the value of a single heads coin at places 1, 2, ...
                      (ruler computed from the rule; mock-turtles by the odious-number theorem, the x-th
                      number with an odd count of 1 bits, which the tests check against the rule)
  wythoff             Wythoff's game, with --row R: the values of the positions (R, n)
"""


def parse_game(text: str, row: int | None = None) -> GameSpec:
    """The game GAME names, or ValueError with a one-line reason."""
    name = text.strip().lower()
    key = NAMES.get(name, name)
    if row is not None and key != "wythoff":
        raise ValueError(f"--row is for wythoff only (the row R of its table): {text.strip()!r} has no rows")
    digits = len(re.sub(r"[^0-7]", "", key.partition(".")[2]))
    if re.fullmatch(r"[0-7]?\.[0-7\[\]]*", key) and digits > MAX_CODE_DIGITS:
        raise ValueError(
            f"an octal code has at most MAX_CODE_DIGITS = {MAX_CODE_DIGITS} digits after the point (each digit "
            f"is a rule the engine checks for every heap), got {digits:,}"
        )
    if name != key and key[0] in "0.":
        return _heap_spec(f"{name} ({key})", octal(key))
    if key == "nim":
        from .rulesets import nim

        return _heap_spec("nim", nim)
    if key == "grundy":
        from .rulesets import grundys_game

        return _heap_spec("grundy", grundys_game)
    if key == "lasker":
        from .rulesets import laskers_nim

        return _heap_spec("lasker", laskers_nim)
    if re.fullmatch(r"[0-7]?\.[0-7]*\[3\]", key):
        return _heap_spec(key, _take_any_octal(key))
    if re.fullmatch(r"[0-7]?\.[0-7]+|[04]", key):
        code = key if not key.startswith(".") else "0" + key
        return _heap_spec(code, octal(code))
    numbers = text.lstrip().partition(":")[2]  # the numbers as typed: a space after them is refused as in --to
    if key.startswith("subtraction:"):
        allowed = _numbers(numbers, "subtraction:")
        return _heap_spec(f"subtraction:{','.join(map(str, sorted(allowed)))}", subtraction(allowed))
    if key.startswith("allbut:"):
        return _allbut_spec(_numbers(numbers, "allbut:", allow_empty=True))
    if key in ("mock-turtles", "ruler"):
        return GameSpec(key, values=_coins(key), first=1)
    if key == "wythoff":
        if row is None:
            raise ValueError("wythoff needs --row R: the values of the positions (R, 0), (R, 1), ...")
        return GameSpec(f"wythoff --row {row}", values=_wythoff(row))
    raise ValueError(f"unknown game {text!r}: give an octal code (0.137), a name (kayles) or see --help")


def _heap_spec(label: str, game: HeapGame) -> GameSpec:
    from .engine import grundy_values

    def values(n: int, progress: Callable[[int], None] | None) -> list[int]:
        return grundy_values(game, n, progress=progress).tolist()

    takes = game.takes
    rule = None
    if takes is not None and not takes.take_any and game.max_take is not None:
        rule = {
            "take_all": list(takes.take_all),
            "take_one": list(takes.take_one),
            "take_split": list(takes.take_split),
            "unequal": takes.unequal,
        }
    return GameSpec(label, heap_game=game, values=values, certificate_rule=rule)


# The most tokens a subtraction: or allbut: entry may name (the engine's tables are sized by it)
MAX_TAKE = 1_000_000
# Digits accepted in any number on the command line (ASCII 0-9 only: int() would take other scripts' digits)
MAX_DIGITS = 30
# The one pattern every number on the command line must match: ASCII digits and nothing else (int() would also
# take spaces around it, a sign, underscores between digits and other scripts' digits, e.g. fullwidth ５)
_DIGITS = re.compile(rf"[0-9]{{1,{MAX_DIGITS}}}")


def _ascii_int(text: str) -> int | None:
    """``text`` as an int if it is exactly 1 to MAX_DIGITS ASCII digits 0-9 (no space, sign or underscore), else None.

    The one parser of every number on the command line: --to, --row, --limit, --heaps-from and the numbers of
    subtraction:S and allbut:E.
    """
    if not isinstance(text, str) or not _DIGITS.fullmatch(text):  # fullmatch: "5\n" is refused too
        return None
    return int(text)


def _numbers(text: str, what: str, *, allow_empty: bool = False) -> list[int]:
    parts = text.split(",") if text else []
    if not parts and not allow_empty:
        raise ValueError(f"{what} needs a list of positive ints, e.g. {what}1,3,4")
    numbers = []
    for p in parts:
        number = _ascii_int(p)
        if number is None or number < 1:
            raise ValueError(
                f"{what} takes positive ints (ASCII digits 0-9 only) separated by commas, no spaces, got {p!r}"
            )
        if number > MAX_TAKE:
            raise ValueError(f"{what} takes numbers up to MAX_TAKE = {MAX_TAKE:,}, got {number:,}")
        numbers.append(number)
    return numbers


def _take_any_octal(code: str) -> HeapGame:
    """An octal code ending in [3]: "take any number" (leaving 0 or 1 heap), plus the split digits before it."""
    head, _, tail = code.partition(".")
    lead = int(head or "0")
    if lead not in (0, 4):
        raise ValueError(f"code {code!r}: the digit before the point must be 0 or 4")
    digits = [lead, *(int(d) for d in tail[: tail.index("[")])]
    if any(d & 3 != 3 for d in digits[1:]):
        raise ValueError(f"code {code!r}: before [3], each digit must include 3 (take any), i.e. be 3 or 7")
    splits = tuple(j for j, d in enumerate(digits) if d & 4)
    return HeapGame(code, TakeRule(take_split=splits, take_any=True))


def _allbut_spec(excluded: list[int]) -> GameSpec:
    from .subtraction import allbut

    label = f"allbut:{','.join(map(str, sorted(set(excluded))))}"
    return _heap_spec(label, allbut(excluded))


# values ruler / mock-turtles: at most this many coins (coins.MAX_RULER; Mock Turtles' odious numbers alike)
MAX_COINS = 1_000_000


def _coins(name: str) -> Callable[[int, Callable[[int], None] | None], list[int]]:
    def values(n: int, progress: Callable[[int], None] | None) -> list[int]:
        from . import coins

        if n > MAX_COINS:
            raise ValueError(f"--to {n:,} is too large for {name}: the limit is MAX_COINS = {MAX_COINS:,} coins")
        if name == "ruler":
            return coins.ruler(n)  # computed from the rule (a prefix-XOR trie, n log n)
        return coins.odious(n)  # Mock Turtles: the coin at x is worth the x-th odious number

    return values


def _wythoff(row: int) -> Callable[[int, Callable[[int], None] | None], list[int]]:
    def values(n: int, progress: Callable[[int], None] | None) -> list[int]:
        from .wythoff import grundy_row

        return grundy_row(row, n)  # refuses more than wythoff.MAX_CELLS squares up front

    return values


# ---------------------------------------------------------------- certificates


CERTIFICATE_FORMAT = FORMAT
_plain_values = plain_values  # the first edition's names, kept for old notebooks and scripts


# ---------------------------------------------------------------- output helpers


class Progress:
    """A progress bar on stderr (rich), only when stderr is a terminal and output is not JSON."""

    def __init__(self, total: int, label: str, enabled: bool) -> None:
        self.bar = None
        if enabled and total >= 100_000 and sys.stderr.isatty():
            try:
                from rich.console import Console
                from rich.progress import Progress as RichProgress
            except ImportError:
                return
            self.bar = RichProgress(transient=True, console=Console(stderr=True))
            self.task = self.bar.add_task(label, total=total)
            self.bar.start()

    def __call__(self, done: int) -> None:
        if self.bar is not None:
            self.bar.update(self.task, completed=done)

    def close(self) -> None:
        if self.bar is not None:
            self.bar.stop()


def _emit(args: argparse.Namespace, data: dict, text: str) -> None:
    print(json.dumps(data) if args.json else text)


def _rows(values: list[int], first: int, width: int = 10) -> str:
    lines = []
    for i in range(0, len(values), width):
        lines.append(f"{i + first:>8}: " + " ".join(f"{v:>4}" for v in values[i : i + width]))
    return "\n".join(lines)


# Values are written this many at a time, so neither the JSON nor the text is ever held whole
CHUNK = 1 << 16


def _chunks(values, size: int) -> Iterator[list[int]]:
    """Plain-int lists of at most ``size`` values (a numpy array is converted a chunk at a time)."""
    for i in range(0, len(values), size):
        part = values[i : i + size]
        yield part.tolist() if hasattr(part, "tolist") else list(part)


def _emit_values(args: argparse.Namespace, data: dict, heading: str, values, first: int, out=None) -> None:
    """Print ``data`` plus "values" as JSON, or the heading and rows of ten, streaming the values in chunks."""
    out = sys.stdout if out is None else out
    if args.json:
        head = json.dumps(data)
        out.write(head[:-1] + (', "values": [' if data else '"values": ['))
        sep = ""
        for part in _chunks(values, CHUNK):
            out.write(sep + ", ".join(map(str, part)))
            sep = ", "
        out.write("]}\n")
        return
    out.write(heading + "\n")
    cells: list[str] = [f"{v:>4}" for v in range(1 << 12)]
    start = first
    for part in _chunks(values, max(10, CHUNK - CHUNK % 10)):  # whole rows of ten
        top = max(part, default=0)
        if top >= len(cells):
            cells.extend(f"{v:>4}" for v in range(len(cells), top + 1))
        text = [cells[v] for v in part]
        lines = [f"{start + i:>8}: " + " ".join(text[i : i + 10]) for i in range(0, len(text), 10)]
        out.write("\n".join(lines) + "\n")
        start += len(part)


# ---------------------------------------------------------------- commands


def _heap_only(spec: GameSpec, what: str) -> HeapGame:
    if spec.heap_game is None:
        raise ValueError(f"{what} is for heap games (octal codes, names, subtraction, allbut), not {spec.label}")
    return spec.heap_game


# values: at most this many values go to the terminal or a pipe (about 3 s of writing, 100 MB of JSON); more need
# --output FILE (2^28 values of Kayles wrote for over 45 s)
MAX_PRINTED = 1 << 24


def cmd_values(args: argparse.Namespace) -> int:
    spec = parse_game(args.game, args.row)
    n = args.to
    if args.output is not None:
        _check_output_path(args.output, "--output")
    if spec.heap_game is not None and not args.misere:
        _heap_limit(spec.heap_game, n, "auto")
    if n > MAX_PRINTED and args.output is None:
        raise ValueError(
            f"--to {n:,} values is more than MAX_PRINTED = {MAX_PRINTED:,} to print: give --output FILE to write "
            "them to a file"
        )
    if args.misere:
        from .misere import misere_values

        game = _heap_only(spec, "--misere")
        _misere_limit(game, n)
        values = misere_values(game, n)
    elif spec.heap_game is not None:
        from .engine import grundy_values

        progress = Progress(n, f"g(0..{n - 1})", not args.json)
        try:
            values = grundy_values(spec.heap_game, n, progress=progress)  # numpy: written a chunk at a time
        finally:
            progress.close()
    else:
        values = spec.values(n, None)
    data: dict = {"game": spec.label, "first": spec.first}
    if args.misere:
        data["misere"] = True
    kind = "misère Grundy values" if args.misere else "Grundy values"
    last = n - 1 + spec.first
    heading = f"{kind} of {spec.label}, n = {spec.first}..{last}:"
    if args.output is None:
        _emit_values(args, data, heading, values, spec.first)
        return 0
    with atomic_write(args.output, what="the values") as out:  # whole or not at all: F is never left partial
        _emit_values(args, data, heading, values, spec.first, out)
    print(f"{n:,} values of {spec.label} written to {args.output}", file=sys.stderr)
    return 0


def _misere_limit(game: HeapGame, n: int, *, genus: bool = False) -> None:
    from .misere import check_misere_size

    check_misere_size(game, n, genus=genus)


# Heap games whose values need every split of every heap (a take-any game that splits, such as Lasker's nim,
# or a game that is not a take rule) are limited to MAX_QUADRATIC_CLI, the engine's own MAX_EVERY_SPLIT_N = 2^18
# (about n²/4 compiled steps, seconds at this n), imported where it is used so that the parser does not load numpy
# Other games that split heaps, unless a period is certified early (Kayles): the rare-value kernel's work grows
# faster than n (Grundy's game: about 30 s for 2^23 values here, a minute for 2^24)
MAX_SPLITTING_CLI = 1 << 24
# A long subtraction: or allbut: list costs n times its length (the engine checks each number for each heap)
MAX_TAKE_WORK = 4_000_000_000
# rare: the analysis keeps a few 8-byte copies of the values
MAX_RARE = 1 << 24


def _heap_limit(game: HeapGame, n: int, method: str, option: str = "--to") -> None:
    """Refuse up front what the engine cannot finish in about a minute or 2 GiB (its own limits, then ours)."""
    from .engine import MAX_EVERY_SPLIT_N as MAX_QUADRATIC_CLI
    from .engine import check_size

    takes = game.takes
    if (takes is None or (takes.take_any and takes.take_split)) and n > MAX_QUADRATIC_CLI:
        raise ValueError(
            f"{option} {n:,} is too large for {game.name} (every split of every heap, about n²/4 steps): "
            f"the limit is MAX_QUADRATIC_CLI = {MAX_QUADRATIC_CLI:,} (the engine's MAX_EVERY_SPLIT_N)"
        )
    check_size(game, n, method)
    rules = len(takes.take_all) + len(takes.take_one) + len(takes.take_except) if takes is not None else 0
    if n * rules > MAX_TAKE_WORK:
        raise ValueError(
            f"{option} {n:,} with {rules:,} numbers in the rule is too much work (n times the numbers): "
            f"the limit is MAX_TAKE_WORK = {MAX_TAKE_WORK:,}"
        )
    if takes is not None and takes.take_split and n > MAX_SPLITTING_CLI and not _certified_early(game, method):
        raise ValueError(
            f"{option} {n:,} is too large for {game.name}, a game that splits heaps with no period certified "
            f"in its first 16,384 values: the limit is MAX_SPLITTING_CLI = {MAX_SPLITTING_CLI:,}"
        )


def _certified_early(game: HeapGame, method: str) -> bool:
    """True when the engine will extend a period certified within 16,384 values (then any size is quick)."""
    from .engine.periodicity import find_period

    if method != "auto" or game.takes.take_any or game.max_take is None:
        return False
    found = find_period(game, limit=1 << 14)
    return found is not None and found.certified


def cmd_period(args: argparse.Namespace) -> int:
    from .engine.periodicity import find_period

    spec = parse_game(args.game, args.row)
    limit = args.limit
    if spec.first == 1:
        raise ValueError(
            f"period is for heap games and Wythoff rows: {spec.label} is not periodic in the octal sense "
            "(the value of the coin at 2^k is at least 2^k: the values grow without bound)"
        )
    if args.certificate is not None:
        _check_output_path(args.certificate, "--certificate")
    if spec.heap_game is not None:
        from .engine.periodicity import MAX_LIMIT

        if limit <= MAX_LIMIT:  # beyond it, find_period says so itself
            _heap_limit(spec.heap_game, limit, "auto", "--limit")
        progress = Progress(limit, "values", not args.json)
        try:
            found = find_period(spec.heap_game, limit=limit, progress=progress)
        finally:
            progress.close()
        computed = found.computed if found is not None else limit
    else:
        if limit > 1 << 16:
            raise ValueError(f"--limit {limit} is too large for {spec.label}: at most 65536 values")
        found = find_period(spec.values(limit, None))
        computed = limit
    data: dict = {"game": spec.label, "found": found is not None, "computed": computed}
    if found is None:
        text = f"{spec.label}: no period found in the first {computed} values"
        data.update(certified=False)
    else:
        data.update(
            preperiod=found.preperiod,
            period=found.period,
            saltus=found.saltus,
            certified=found.certified,
            needed=found.needed,
        )
        text = f"{spec.label}: {found}"
    if args.certificate:
        if found is None or not found.certified or spec.certificate_rule is None:
            raise ValueError("no certified period, so no certificate to write")
        values = spec.values(found.needed, None)
        rule = spec.certificate_rule
        cert = {"format": FORMAT, "game": canonical_label(rule), "rule": rule, "preperiod": found.preperiod}
        cert.update(period=found.period, values=values)  # t and needed are derived from the rule by the checker
        with atomic_write(args.certificate, what="the certificate") as out:
            out.write(json.dumps(cert) + "\n")
        data["certificate"] = str(args.certificate)
        text += f"\ncertificate written to {args.certificate} ({found.needed} values)"
    _emit(args, data, text)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    from .engine.periods import is_streamed_certificate

    cert = load_certificate(args.file)  # ValueError (exit 2) unless a small regular file of strict JSON
    if is_streamed_certificate(cert):  # a long period: recomputed in bounded memory (nimlib.engine.periods)
        return _check_streamed(args, cert)
    try:
        done = check_certificate(cert)
    except CertificateError as error:
        _emit(args, {"file": args.file, "valid": False, "reason": str(error)}, f"REJECTED: {error}")
        return 1
    label = f"{cert['game']}: period {cert['period']} from n = {cert['preperiod']}"
    _emit(args, {"file": args.file, "valid": True, "checked": done}, f"VALID ({label})\n  " + "\n  ".join(done))
    return 0


# check: a streamed certificate the estimate puts over this many seconds is refused unless --allow-long is given
CHECK_SECONDS = 60
# A progress line on stderr at most this often while a streamed certificate is checked (a bar on a terminal)
PROGRESS_SECONDS = 10.0


def _check_streamed(args: argparse.Namespace, cert: dict) -> int:
    from .engine.periods import check_streamed, plan_streamed

    try:
        plan = plan_streamed(cert, name=args.file)
    except ValueError as error:
        _emit(args, {"file": args.file, "valid": False, "reason": str(error)}, f"REJECTED: {error}")
        return 1
    note = (
        f"{args.file}: {plan['needed']:,} values of {cert['game']} to recompute, about {_duration(plan['seconds'])} "
        f"({plan['method']} method)"
    )
    if plan["seconds"] > CHECK_SECONDS and not args.allow_long:
        raise ValueError(f"{note}: over {CHECK_SECONDS} s (CHECK_SECONDS), so give --allow-long to run it")
    print(note, file=sys.stderr)
    progress = _LineProgress(plan["needed"], "values recomputed")
    try:
        done = check_streamed(cert, name=args.file, progress=progress, max_seconds=None)  # planned above
    except ValueError as error:
        _emit(args, {"file": args.file, "valid": False, "reason": str(error)}, f"REJECTED: {error}")
        return 1
    finally:
        progress.close()
    _emit(args, {"file": args.file, "valid": True, "checked": done}, "VALID (streamed)\n  " + "\n  ".join(done))
    return 0


def _duration(seconds: float) -> str:
    if seconds < 90:
        return f"{seconds:,.0f} s"
    if seconds < 5400:
        return f"{seconds / 60:,.0f} min"
    return f"{seconds / 3600:,.1f} h"


class _LineProgress:
    """Progress on stderr: a bar on a terminal, else a line every PROGRESS_SECONDS (so logs show it too)."""

    def __init__(self, total: int, label: str) -> None:
        import time

        self.total, self.label, self.clock = total, label, time.monotonic
        self.last = self.clock()
        self.bar = Progress(total, label, True)

    def __call__(self, done: int) -> None:
        if self.bar.bar is not None:
            self.bar(done)
        elif self.clock() - self.last >= PROGRESS_SECONDS:
            self.last = self.clock()
            print(f"  {done:,} of {self.total:,} {self.label} ({100 * done / self.total:.0f}%)", file=sys.stderr)

    def close(self) -> None:
        self.bar.close()


def cmd_genus(args: argparse.Namespace) -> int:
    from .misere import genus

    spec = parse_game(args.game, args.row)
    game = _heap_only(spec, "genus")
    _misere_limit(game, args.to, genus=True)
    entries = genus(game, args.to)
    data = {"game": spec.label, "first": 0, "genus": [[g, list(gs)] for g, gs in entries]}
    lines = [f"{n:>4}: {_genus_text(g, gs)}" for n, (g, gs) in enumerate(entries)]
    _emit(args, data, f"genus g^(γ0 γ1 …) of the heaps of {spec.label}:\n" + "\n".join(lines))
    return 0


def _genus_text(g: int, gammas: Sequence[int]) -> str:
    sep = "," if max(gammas) > 9 else ""
    return f"{g}^{sep.join(map(str, gammas))}"


# quotient: the heap-by-heap computation's cost grows with N and the order (Kayles to 60 heaps: about 10 s here,
# tools/bench_quotient.py; each heap adds one exact check over the (element, option set) automaton)
MAX_QUOTIENT_CLI = 60
# quotient: the search steps it may take in all (about 100,000 a second here; Dawson's Kayles to 30 takes
# 1,471,344): counted as it runs, and estimated before each exact check (each heap still ahead checked once), so a
# quotient that blows up is refused early (0.137 --to 60 after 129,572 steps, 0.04 --to 60 after 256,929; they ran
# 25 s and 54 s before issue 31)
MAX_QUOTIENT_CLI_WORK = 1_500_000


def cmd_quotient(args: argparse.Namespace) -> int:
    from .quotient import quotient

    spec = parse_game(args.game, args.row)
    game = _heap_only(spec, "quotient")
    if args.to > MAX_QUOTIENT_CLI:
        raise ValueError(
            f"--to {args.to:,} is too large for quotient: the limit is MAX_QUOTIENT_CLI = {MAX_QUOTIENT_CLI}"
        )
    if args.to < 1:
        raise ValueError("--to must be at least 1 (the quotient of heaps <= N)")
    q = quotient(game, args.to, max_work=MAX_QUOTIENT_CLI_WORK)
    data = {"game": spec.label, **q.as_json()}
    p_names = ", ".join(q.names[i] for i in sorted(q.p_portion))
    gens = ", ".join(
        f"{letter} = heap {h}" for letter, h in zip("abcdefghijklmnopqrstuvwxyz", q.generators, strict=False)
    )
    lines = [
        f"misère quotient of {spec.label}, heaps <= {args.to}: order {q.order}",
        f"  presentation {q.presentation()}",
        f"  generators   {gens or '(none)'}",
        f"  P-portion    {{{p_names}}}",
        f"  unchanged since heap {q.stable_from()} (observed up to {args.to}; not a proof that it stays so)",
        "  pretending function (heap: element):",
    ]
    cells = [f"{n}: {q.names[x]}" for n, x in enumerate(q.pretend)]
    lines += ["    " + "  ".join(cells[i : i + 10]) for i in range(0, len(cells), 10)]
    lines += ["  multiplication table (* marks the P-portion):"] + ["    " + row for row in q.to_text().splitlines()]
    _emit(args, data, "\n".join(lines))
    return 0


def cmd_rare(args: argparse.Namespace) -> int:
    import numpy as np

    from .engine import grundy_values
    from .engine.table import best_mask, class_table

    spec = parse_game(args.game, args.row)
    game = _heap_only(spec, "rare")
    if args.to < 1:
        raise ValueError(f"--to must be at least 1 for rare (it analyses g(0..N-1)), got {args.to}")
    octal_game = getattr(game, "code", None) is not None
    if args.frequencies is not None or args.checkpoint is not None or (args.to > MAX_RARE and octal_game):
        return _rare_stream(args, spec, game)
    if args.heaps_from is not None:
        raise ValueError("--heaps-from counts the heaps of a streamed run: give it with --frequencies or --checkpoint")
    method = "auto" if args.to < 1 << 14 else "sparse"
    if args.to > MAX_RARE:
        raise ValueError(f"--to {args.to:,} is too large for rare: the limit is MAX_RARE = {MAX_RARE:,}")
    _heap_limit(game, args.to, method)
    if args.plot is not None:
        _check_output_path(args.plot, "--plot", suffixes=_plot_suffixes())
    progress = Progress(args.to, "values", not args.json)
    try:
        values = grundy_values(game, args.to, method=method, progress=progress)
    finally:
        progress.close()
    values = np.asarray(values, dtype=np.int64)
    mask = best_mask(values, forced=True)
    is_rare = class_table(mask, int(values.max()) + 1)[values].astype(bool) if mask else np.zeros(values.size, bool)
    rare = np.flatnonzero(is_rare)
    largest = int(values.argmax())
    classes = np.unique(values[~is_rare])  # an array: Nim to 2^24 has 8 million common values
    data = {
        "game": spec.label,
        "n": int(values.size),
        "mask": mask,
        "rare_count": int(rare.size),
        "last_rare": int(rare[-1]) if rare.size else None,
        "largest": int(values[largest]),
        "largest_index": largest,
    }
    text = (
        f"{spec.label}, n < {values.size}: mask {mask:#x} (v is rare when popcount(v & mask) is even)\n"
        f"  {rare.size} rare heaps, the last at {data['last_rare']}; {classes.size} common values\n"
        f"  largest value {data['largest']} at n = {largest}\n"
        f"  rare (heap: value): "
        + ", ".join(f"{h}: {values[h]}" for h in rare[:40].tolist())
        + (" …" if rare.size > 40 else "")
    )
    if args.plot:
        _plot_rare(values, rare, spec.label, mask, args.plot)
        data["plot"] = str(args.plot)
        text += f"\nplot written to {args.plot}"
    if not args.json:
        print(text)
        return 0
    # The lists are written a chunk at a time: built whole (lists of Python ints, then one string) they took
    # over 2 GiB for Nim to 2^24, more than --help promises
    out = sys.stdout
    out.write(json.dumps(data)[:-1] + ', "rare": [')
    for i in range(0, rare.size, CHUNK):
        heaps = rare[i : i + CHUNK]
        out.write(
            (", " if i else "")
            + ", ".join(f"[{h}, {v}]" for h, v in zip(heaps.tolist(), values[heaps].tolist(), strict=True))
        )
    out.write('], "common_values": [')
    for i in range(0, classes.size, CHUNK):
        out.write((", " if i else "") + ", ".join(map(str, classes[i : i + CHUNK].tolist())))
    out.write("]}\n")
    return 0


# rare --frequencies/--checkpoint streams the values (nimlib.engine.stream): a run the estimate puts above this
# many seconds needs --checkpoint (so that it can be resumed); with it, N may reach MAX_STREAM
STREAM_SECONDS = 60
MAX_STREAM = 1 << 40


def _rare_stream(args: argparse.Namespace, spec: GameSpec, game: HeapGame) -> int:
    """rare in bounded memory: frequencies to a file, checkpoints to a folder, resumed from one if present."""
    from contextlib import nullcontext

    from .engine.stream import lock

    if getattr(game, "code", None) is None or game.takes is None or game.takes.take_any:
        raise ValueError(f"--frequencies and --checkpoint stream octal games only (such as 0.167), not {spec.label}")
    if args.plot is not None:
        raise ValueError("--plot needs every value in memory: leave out --frequencies and --checkpoint")
    # heaps 1..N (the default, as Rogalski's file N) need g(0..N); --heaps-from 0 counts g(0..N-1)
    heaps = args.to + (1 if args.heaps_from is None else args.heaps_from)
    if args.to > MAX_STREAM:
        raise ValueError(f"--to {args.to:,} is too large: the limit is MAX_STREAM = {MAX_STREAM:,}")
    for path, option in ((args.frequencies, "--frequencies"),):
        if path is not None:
            _check_output_path(path, option)
    if args.checkpoint is not None and not args.checkpoint.strip():  # Path("") is the current folder
        raise ValueError("--checkpoint needs a folder name, got an empty one")
    folder = Path(args.checkpoint) if args.checkpoint is not None else None
    # The folder is checked and locked before any work: a writable folder, no other live run on it
    with lock(folder) if folder is not None else nullcontext():
        return _rare_stream_locked(args, spec, game, heaps, folder)


def _rare_stream_locked(
    args: argparse.Namespace, spec: GameSpec, game: HeapGame, heaps: int, folder: Path | None
) -> int:
    import signal

    from .engine import MAX_EVERY_SPLIT_N as MAX_QUADRATIC_CLI
    from .engine.stream import CHECKPOINT_NAME, CheckpointSaveError, Stream, estimate, write_frequencies

    stream = None
    if folder is not None and (folder / CHECKPOINT_NAME).is_file():  # a damaged or foreign one is refused first
        stream = Stream.load(folder, game)
        if stream.size > heaps:
            raise ValueError(f"the checkpoint in {folder} is already at heap {stream.size:,}, past {heaps:,}")
    cost = estimate(game, heaps)
    note = (
        f"{spec.label} to {heaps:,} heaps: about {cost['seconds']:,.0f} s and {cost['bytes'] / 2**20:,.0f} MiB "
        f"({cost['method']} method, {cost['rare']} rare heaps in the first 65,536)"
    )
    if cost["method"] == "naive" and heaps > MAX_QUADRATIC_CLI:
        raise ValueError(
            f"{note}: no rare-value method applies, and the naive mex is limited to "
            f"MAX_QUADRATIC_CLI = {MAX_QUADRATIC_CLI:,}"
        )
    if folder is None and cost["seconds"] > STREAM_SECONDS:
        raise ValueError(f"{note}: over {STREAM_SECONDS} s, so give --checkpoint DIR (a long run that can resume)")
    if not args.json:
        print(note, file=sys.stderr)
    if stream is None:
        stream = Stream(game)
    else:
        print(f"resuming from {folder / CHECKPOINT_NAME} at heap {stream.size:,}", file=sys.stderr)
    stopped = []
    previous = None
    if folder is not None:
        previous = signal.signal(signal.SIGINT, lambda *_: stopped.append(True))
    progress = Progress(heaps, "values", not args.json)
    failures = []
    try:
        done = stream.run(heaps, progress=progress, checkpoint=folder, every=60.0, stop=lambda: bool(stopped))
    except CheckpointSaveError as error:  # the state reached is still held: report it, then the failure
        failures.append(str(error))
        done = stream.size >= heaps
    finally:
        progress.close()
        if previous is not None:
            signal.signal(signal.SIGINT, previous)
    if not done:
        print(f"interrupted at heap {stream.size:,}; run the same command again to resume", file=sys.stderr)
        for failure in failures:
            print(f"nimlib rare: error: {failure}", file=sys.stderr)
        return 130
    first = heaps - args.to  # the first heap counted, 1 or 0
    frequencies = stream.frequencies(count_from=first)
    data = stream.report()
    data["game"] = spec.label
    data["frequencies"] = {str(v): c for v, c in frequencies.items()}
    data["heaps"] = [first, args.to - 1 + first]
    text = (
        f"{spec.label}, heaps {first}..{args.to - 1 + first}: {data['method']} method, "
        f"mask {data['mask']:#x} (heap n is rare when popcount(g(n) & mask)"
        + (f" + n is {'odd' if stream.method.k == 0 else 'even'}" if data["parity"] else " is even")
        + f")\n  {data['rare_count']} rare heaps, the last at {data['last_rare']}\n"
        f"  largest value {data['largest']}, first at heap {data['largest_index']:,}\n"
        f"  window {data['window']:,} values, {data['memory_bytes'] / 2**20:,.1f} MiB held\n"
        f"  rare (heap: value): "
        + ", ".join(f"{h}: {v}" for h, v in data["rare"][:40])
        + (" …" if data["rare_count"] > 40 else "")
    )
    written = False
    if args.frequencies is not None:
        try:
            write_frequencies(args.frequencies, frequencies)
            written = True
        except OSError as error:  # the frequencies are printed below instead of lost
            failures.append(str(error))
    if written:
        data["frequencies_file"] = str(args.frequencies)
        text += f"\nfrequencies (value count) written to {args.frequencies}"
    else:
        text += "\nfrequencies: " + ", ".join(f"{v}: {c}" for v, c in frequencies.items())
    _emit(args, data, text)
    for failure in failures:
        print(f"nimlib rare: error: {failure} (the result above is complete)", file=sys.stderr)
    return 2 if failures else 0


def _plot_rare(values, rare, label: str, mask: int, path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(8, 4))
    step = max(1, values.size // 20_000)
    ax.plot(range(0, values.size, step), values[::step], ",", color="0.6", label="all values (thinned)")
    ax.plot(rare, values[rare], "o", ms=3, color="C3", label=f"rare values ({rare.size})")
    ax.set(xlabel="heap size n", ylabel="g(n)", title=f"{label}: rare values under mask {mask:#x}")
    ax.legend(loc="upper left")
    fig.tight_layout()
    try:
        with atomic_write(path, "wb", what="the plot") as out:  # exactly this path, no suffix added
            fig.savefig(out, dpi=120, format=Path(path).suffix[1:].lower())
    finally:
        plt.close(fig)


# The plot formats --plot writes: matplotlib writes these itself (.pgf needs LaTeX, .ps/.eps may need Ghostscript)
PLOT_FORMATS = ("pdf", "png", "svg")


def _plot_suffixes() -> list[str]:
    """The file suffixes --plot writes with matplotlib alone (PLOT_FORMATS that this matplotlib supports)."""
    import matplotlib

    matplotlib.use("Agg")
    from matplotlib.backend_bases import FigureCanvasBase

    return [s for s in PLOT_FORMATS if s in FigureCanvasBase.get_supported_filetypes()]


def _check_output_path(path: str, option: str, *, suffixes: list[str] | None = None) -> None:
    """Refuse, before any work, an output path that cannot be written: empty, a directory, no such folder,
    or (with ``suffixes``) a suffix that does not name a format."""
    if not path.strip():
        raise ValueError(f"{option} needs a file name, got an empty one")
    target = Path(path)
    if suffixes is not None and target.suffix[1:].lower() not in suffixes:
        raise ValueError(
            f"{option} {path}: the file name must end in a format written without external tools, one of "
            + ", ".join("." + s for s in suffixes)
        )
    if target.is_dir():
        raise ValueError(f"{option} {path} is a directory, not a file")
    if target.exists() and not target.is_file():  # a FIFO would block the write forever, a device take anything
        raise ValueError(f"{option} {path} is not a regular file (a FIFO, device or socket): give a file name")
    folder = target.parent
    if not folder.is_dir():
        raise ValueError(f"{option} {path}: there is no folder {folder}")
    # written through a temporary file in the same folder (nimlib._atomic): the folder must take a new file
    if not os.access(folder, os.W_OK | os.X_OK) or (target.exists() and not os.access(target, os.W_OK)):
        raise ValueError(f"{option} {path} cannot be written (permission denied)")


# ---------------------------------------------------------------- parser


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit status 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _positive(text: str) -> int:
    number = _ascii_int(text)
    if number is None or number < 1:
        raise argparse.ArgumentTypeError(f"expected a positive int (ASCII digits 0-9), got {text!r}")
    return number


def _natural(text: str) -> int:
    number = _ascii_int(text)
    if number is None:
        raise argparse.ArgumentTypeError(f"expected a non-negative int (ASCII digits 0-9), got {text!r}")
    return number


DESCRIPTION = """\
NAME
  nimlib - Grundy sequences of heap games, certified periods, misère values and genus

SYNOPSIS
  nimlib values GAME --to N [--misere] [--output FILE] [--json]
  nimlib period GAME [--limit L] [--certificate FILE] [--json]
  nimlib check FILE [--allow-long] [--json]
  nimlib genus GAME --to N [--json]
  nimlib rare GAME --to N [--plot FILE.png] [--json]
  nimlib quotient GAME --to N [--json]
  nimlib rare GAME --to N --frequencies FILE [--checkpoint DIR] [--heaps-from 0|1] [--json]
  nimlib assignment (--path 4|6 --week W | --templates A,B) --roster FILE --secret S --out DIR

DESCRIPTION
  The command line of the textbook "Nim & Sprague-Grundy". g(n) is the Grundy value of a single
  heap of n tokens: the mex (least non-negative integer not among) of its options' values.
"""

EPILOG = (
    GAME_HELP
    + """
EXAMPLES
  nimlib values kayles --to 20
  nimlib period 0.137 --certificate crosses.json && nimlib check crosses.json
  nimlib genus kayles --to 12
  nimlib rare grundy --to 1000000 --plot grundy.png
  nimlib rare 0.167 --to 4294967296 --frequencies 0.167.freq --checkpoint run167/
  nimlib values ruler --to 16 --json       # coin places start at 1: "first": 1

LIMITS
  Every command estimates its work from its arguments and refuses at once (exit status 2, one line
  naming the limit) what would not finish in about a minute or 2 GiB:
  values, period   n <= 268,435,456 values (2 GiB); a game that splits heaps <= 16,777,216 values
                   (MAX_SPLITTING_CLI) unless a period is certified in its first 16,384 values, as for
                   Kayles; a take-any game that splits (Lasker's nim) <= 262,144 (MAX_QUADRATIC_CLI);
                   period --limit <= 67,108,864; ruler, mock-turtles <= 1,000,000 coins (MAX_COINS);
                   wythoff: (R + 1) x N <= 20,000,000 squares (wythoff.MAX_CELLS), each counted once more
                   per 10,000 bits of R + N, and at most 256 MiB of value sets (wythoff.MAX_SET_BYTES);
                   an octal code has at most 12 digits after the point (MAX_CODE_DIGITS)
  values           more than 16,777,216 values (MAX_PRINTED) need --output FILE
  values --misere  N <= 40 for a game that splits heaps, 35 if it may also take any number, 5,000 otherwise
  genus            N <= 30 for a game that splits heaps, 25 if it may also take any number, 1,000 otherwise
  rare             N <= 16,777,216 (MAX_RARE) in memory; with --frequencies or --checkpoint an octal
                   game streams in bounded memory (under 2 GiB): N <= 2^40 (MAX_STREAM), and a run the
                   estimate puts over a minute (STREAM_SECONDS) is refused unless --checkpoint DIR is given
  check            a streamed certificate needs <= 2^30 values (MAX_CHECK_VALUES); one the estimate puts
                   over a minute (CHECK_SECONDS) runs only with --allow-long
  quotient         N <= 60 heaps (MAX_QUOTIENT_CLI); refused as it runs when its searches pass 1,500,000
                   steps in all (MAX_QUOTIENT_CLI_WORK, about 15 s) or before a check the estimate of
                   the checks ahead puts past them, the quotient or a trial 4,096 elements
                   (quotient.MAX_ORDER), an unreduced trial 65,536 (MAX_TRIAL), a
                   check 400,000 states (MAX_STATES), or a heap 64 recalibrations (MAX_RECALIBRATIONS)
  subtraction:S, allbut:E   each number <= 1,000,000 (MAX_TAKE), N times their count <= 4,000,000,000
                   (MAX_TAKE_WORK)
  Every number on the command line (N, L, R, the numbers of S and E) is ASCII digits 0-9 only:
  no sign, space, underscore or other script's digits
  Output paths (--output, --plot, --certificate, --frequencies) are checked before the work: not
  empty, an existing writable folder, a regular file if it exists; --plot writes exactly the file
  named, in the format its suffix names (.png, .pdf or .svg: formats matplotlib writes without
  external tools). --row is for wythoff only.

OUTPUT
  Every file is written whole or not at all: to a temporary file in the same folder, flushed to
  disk, then renamed over FILE. If writing fails (a full disk, a file-size limit) the temporary
  file is removed, FILE stays as it was, and the error is one line (exit status 2).
  Values are written as they are formatted, a chunk at a time (--json too), so the output is never
  held whole. A progress bar appears on stderr only when stderr is a terminal and N >= 100,000.
  When the reader of the output goes away (nimlib values ... | head -1), nimlib stops quietly with
  exit status 141, as a program killed by SIGPIPE does.

EXIT STATUS
  0 success; 1 a certificate was rejected; 2 bad input or a size past a limit (one line on stderr);
  141 the output pipe was closed.
"""
)


# What each command's --help says under its usage line
VALUES_DESCRIPTION = """\
Print g(0), ..., g(N-1). JSON: {"game", "first", "values"}; coin-turning games number coins from 1
and say "first": 1. With --misere, the misère Grundy values of single heaps, from the misère game tree.
Limits (refused at once, exit status 2): see LIMITS in 'nimlib --help'; --misere: N <= 40 for a game
that splits heaps (35 if it also takes any number), 5,000 otherwise."""

PERIOD_DESCRIPTION = """\
Find the least preperiod, period and saltus of GAME's Grundy sequence. 'certified' is true only when
the octal periodicity theorem proves the period for every heap size; 'needed' is how many values the
proof reads, 'computed' how many were computed. --certificate FILE writes those values as JSON so that
anyone can re-check the claim (nimlib check FILE). Coin-turning games are refused: their values grow
without bound, so they are not periodic in the octal sense. L <= 16,777,216 for a game that splits
heaps unless a period is certified in its first 16,384 values (see LIMITS in 'nimlib --help')."""

CHECK_DESCRIPTION = """\
Re-check a certificate written by 'nimlib period --certificate' (nimlib.certificate): exact fields and
integers, the label and the number of values derived from the rule, every value recomputed by a plain
mex, the theorem's inequality, and that preperiod and period are the least. Exit status 1 if it is
rejected, 2 if FILE is not small, strict JSON. A streamed certificate of a long period (format
nimlib-streamed-period, written by tools/certify_1777.py) is recomputed in bounded memory instead:
the values streamed and compared with those p heaps before (nimlib.engine.periods); this takes as
long as the certification did (about 13 minutes for 0.1777). Its time is estimated first and printed
on stderr, with progress while it runs; over a minute (CHECK_SECONDS) it is refused (exit status 2)
unless --allow-long is given."""

GENUS_DESCRIPTION = """\
Print the genus g^(γ0 γ1 ...) of heaps 0..N-1: g the normal-play value, γi the misère Grundy value of
the heap plus i copies of *2, listed until they settle into their final alternation of two values.
The misère game tree is searched: N <= 30 for a game that splits heaps (25 if it also takes any
number, as Lasker's nim), 1,000 otherwise (refused at once beyond, exit status 2)."""

RARE_DESCRIPTION = """\
Compute g(0..N-1), choose the mask that makes the fewest values rare (v is rare when popcount(v & mask)
is even) and report the rare heaps, the common values and the largest value. --plot draws them to
exactly the file named, in the format its suffix names (.png, .pdf or .svg). 1 <= N <= 16,777,216.
With --frequencies FILE or --checkpoint DIR (or N > 16,777,216) the values of an octal game are
streamed in bounded memory (a window of recent values and the rare heaps; the plain or parity
rare-value method, chosen per game). --frequencies writes their frequencies byte for byte as
Rogalski's published results/GAME/N: a line 'value count' for every value from 0 to the largest,
zero counts included, over heaps 1..N (his file N; --heaps-from 0 counts heaps 0..N-1 instead). The
run is estimated first: over a minute it needs --checkpoint DIR, which is saved every minute and on
Ctrl-C, and resumed by running the same command again. N <= 2^40 (MAX_STREAM). A checkpoint is
trusted input: its digest catches damage, not a forger; a damaged or foreign one is refused in one
line. If the final save fails, the result is still printed and the failure reported (exit status 2)."""

QUOTIENT_DESCRIPTION = """\
Compute the misère quotient of GAME restricted to heaps of at most N tokens, heap by heap (Plambeck and
Siegel's method, as in MisereSolver; nimlib.quotient): its order, presentation, P-portion, pretending
function (heap n -> element) and multiplication table. JSON keys: order, elements (names), identity
(index), table (element indices), p_portion (indices), pretend (n = 0..N), generators, relations,
presentation, history (the order for heaps <= n), stable_from. N <= 60 (MAX_QUOTIENT_CLI)."""


# Each command's line in 'nimlib --help' and the description its own --help prints
COMMAND_HELP = {
    "values": ("Grundy values g(0..N-1) (coin games: places 1..N)", VALUES_DESCRIPTION),
    "period": ("least preperiod and period; certified by the octal periodicity theorem", PERIOD_DESCRIPTION),
    "check": ("re-check a period certificate (independently of the engine)", CHECK_DESCRIPTION),
    "genus": ("Conway's genus of each heap (misère play)", GENUS_DESCRIPTION),
    "rare": ("rare values, common values and the largest value (sparse space)", RARE_DESCRIPTION),
    "quotient": ("the misère quotient of heaps <= N, computed heap by heap", QUOTIENT_DESCRIPTION),
}


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog="nimlib", description=DESCRIPTION, epilog=EPILOG, formatter_class=fmt)
    parser.add_argument("--version", action="version", version=f"nimlib {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def add(name: str) -> argparse.ArgumentParser:
        help_text, description = COMMAND_HELP[name]
        p = sub.add_parser(name, help=help_text, description=description, epilog=GAME_HELP, formatter_class=fmt)
        p.add_argument("--json", action="store_true", help="print one JSON object instead of text (no progress bar)")
        return p

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", metavar="GAME", help="the game (see below)")
        p.add_argument("--row", type=_natural, help="for wythoff: the row R (values of the positions (R, n))")

    def up_to(name: str, to_help: str, run: Callable[[argparse.Namespace], int]) -> argparse.ArgumentParser:
        """A command on GAME up to a required --to N (values, genus, rare, quotient): one parser shape for all."""
        p = add(name)
        game_args(p)
        p.add_argument("--to", type=_natural, required=True, metavar="N", help=to_help)
        p.set_defaults(run=run)
        return p

    p = up_to("values", "how many values", cmd_values)
    p.add_argument("--misere", action="store_true", help="misère Grundy values (heap games; small N)")
    p.add_argument(
        "--output",
        metavar="FILE",
        help="write the values (text or --json) to FILE instead of stdout; needed past 16,777,216 values (MAX_PRINTED)",
    )

    p = add("period")
    game_args(p)
    p.add_argument("--limit", type=_positive, default=1 << 13, metavar="L", help="compute at most L values (8192)")
    p.add_argument("--certificate", metavar="FILE", help="write the values the proof reads to FILE (JSON)")
    p.set_defaults(run=cmd_period)

    p = add("check")
    p.add_argument("file", metavar="FILE", help="the certificate (JSON)")
    p.add_argument("--recompute", action="store_true", help="accepted for old scripts: values are always recomputed")
    p.add_argument(
        "--allow-long",
        action="store_true",
        help="run a streamed check the estimate puts over a minute (CHECK_SECONDS); 0.1777's takes about 13 min",
    )
    p.set_defaults(run=cmd_check)

    up_to("genus", "how many heaps", cmd_genus)

    p = up_to("rare", "how many values", cmd_rare)
    p.add_argument("--plot", metavar="FILE.png", help="draw the rare values to exactly FILE (.png, .pdf or .svg)")
    p.add_argument(
        "--frequencies",
        metavar="FILE",
        help="stream the values in bounded memory and write 'value count' lines to FILE, as Rogalski's"
        " results/GAME/N: every value 0..largest, zero counts included, heaps 1..N",
    )
    p.add_argument(
        "--checkpoint",
        metavar="DIR",
        help="stream, saving DIR/stream.npz every minute and on Ctrl-C; resume from it if present. The folder"
        " is checked and locked (DIR/stream.lock) before the work. A checkpoint is trusted input: its SHA-256"
        " catches damage, not a forger; the held prefix, method, mask and rare heaps are re-derived on resume",
    )
    p.add_argument(
        "--heaps-from",
        type=_natural,
        choices=(0, 1),
        help="count heaps 1..N (1, the default: Rogalski's files) or 0..N-1 (0) in the streamed frequencies",
    )

    up_to("quotient", "the largest heap", cmd_quotient)
    # Parsed by nimlib.assignment.cli (main hands it the rest of the line); listed here for --help
    sub.add_parser("assignment", help="seeded problem sheets, key and LMS banks; grade (nimlib assignment --help)")
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 certificate rejected, 2 bad input)."""
    argv = sys.argv[1:] if argv is None else list(argv)
    if argv[:1] == ["assignment"]:  # its own parser, with a grade subcommand: nimlib/assignment/cli.py
        from .assignment.cli import main as assignment_main

        return assignment_main(argv[1:])
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error (already printed)
        return int(done.code or 0)
    try:
        code = args.run(args)
        sys.stdout.flush()
        return code
    except BrokenPipeError:
        # the reader went away (nimlib values ... | head -1): stop quietly, as if killed by SIGPIPE
        _silence_stdout()
        return 141
    except (ValueError, TypeError, OSError, ImportError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"nimlib {args.command}: error: {message}", file=sys.stderr)
        return 2
    except RuntimeError as error:
        stream = sys.modules.get("nimlib.engine.stream")  # only the engine, once loaded, raises WindowError
        if stream is None or not isinstance(error, stream.WindowError):
            raise
        print(f"nimlib {args.command}: error: {str(error).splitlines()[0]}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("nimlib: interrupted", file=sys.stderr)
        return 130


def _silence_stdout() -> None:
    """Point stdout at /dev/null, so that Python's final flush does not complain about the closed pipe."""
    try:
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        os.close(devnull)
    except (OSError, ValueError, AttributeError):  # stdout is not a real file (e.g. captured by a test)
        pass


def __getattr__(name: str) -> object:
    """``MAX_QUADRATIC_CLI`` (a module constant in 4.1) is the engine's limit, loaded only when asked for."""
    if name == "MAX_QUADRATIC_CLI":
        from .engine import MAX_EVERY_SPLIT_N

        return MAX_EVERY_SPLIT_N
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
