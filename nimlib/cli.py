"""``python -m nimlib`` (or ``nimlib``): Grundy sequences, certified periods, misère values and genus.

Every command takes ``--json`` for scripts; bad input is one line on stderr
and exit status 2, never a traceback. Run ``nimlib --help`` or
``nimlib COMMAND --help`` for the manual.
"""

from __future__ import annotations

import argparse
import json
import re
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from . import __version__
from .certificate import FORMAT, CertificateError, canonical_label, check_certificate, load_certificate, plain_values
from .rulesets import HeapGame, TakeRule, octal, subtraction

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
  wythoff             Wythoff's game, with --row R: the values of the positions (R, n)
"""


def parse_game(text: str, row: int | None = None) -> GameSpec:
    """The game GAME names, or ValueError with a one-line reason."""
    name = text.strip().lower()
    key = NAMES.get(name, name)
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
    if key.startswith("subtraction:"):
        allowed = _numbers(key.partition(":")[2], "subtraction:")
        return _heap_spec(f"subtraction:{','.join(map(str, sorted(allowed)))}", subtraction(allowed))
    if key.startswith("allbut:"):
        return _allbut_spec(_numbers(key.partition(":")[2], "allbut:", allow_empty=True))
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


def _numbers(text: str, what: str, *, allow_empty: bool = False) -> list[int]:
    parts = [p for p in text.split(",") if p.strip()]
    if not parts and not allow_empty:
        raise ValueError(f"{what} needs a list of positive ints, e.g. {what}1,3,4")
    numbers = []
    for p in parts:
        if not p.strip().isdigit() or int(p) < 1:
            raise ValueError(f"{what} takes positive ints separated by commas, got {p.strip()!r}")
        numbers.append(int(p))
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


def _coins(name: str) -> Callable[[int, Callable[[int], None] | None], list[int]]:
    def values(n: int, progress: Callable[[int], None] | None) -> list[int]:
        try:
            from . import coins
        except ImportError:
            raise ValueError(f"{name} needs nimlib.coins, which this copy of nimlib does not have yet") from None
        return list(getattr(coins, name.replace("-", "_"))(n))

    return values


def _wythoff(row: int) -> Callable[[int, Callable[[int], None] | None], list[int]]:
    def values(n: int, progress: Callable[[int], None] | None) -> list[int]:
        try:
            from .wythoff import grundy_row
        except ImportError:
            raise ValueError("wythoff needs nimlib.wythoff, which this copy of nimlib does not have yet") from None
        return list(grundy_row(row, n))

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
                from rich.progress import Progress as RichProgress
            except ImportError:
                return
            self.bar = RichProgress(transient=True, console=None)
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


# ---------------------------------------------------------------- commands


MAX_MISERE_SPLITTING = 40
MAX_MISERE_SIMPLE = 5_000


def _heap_only(spec: GameSpec, what: str) -> HeapGame:
    if spec.heap_game is None:
        raise ValueError(f"{what} is for heap games (octal codes, names, subtraction, allbut), not {spec.label}")
    return spec.heap_game


def cmd_values(args: argparse.Namespace) -> int:
    spec = parse_game(args.game, args.row)
    n = args.to
    if args.misere:
        from .misere import misere_values

        game = _heap_only(spec, "--misere")
        _misere_limit(game, n, "values --misere")
        values = misere_values(game, n)
    else:
        progress = Progress(n, f"g(0..{n - 1})", not args.json)
        try:
            values = spec.values(n, progress)
        finally:
            progress.close()
    data = {"game": spec.label, "first": spec.first, "values": values}
    if args.misere:
        data["misere"] = True
    kind = "misère Grundy values" if args.misere else "Grundy values"
    last = n - 1 + spec.first
    _emit(args, data, f"{kind} of {spec.label}, n = {spec.first}..{last}:\n{_rows(values, spec.first)}")
    return 0


def _misere_limit(game: HeapGame, n: int, what: str) -> None:
    splits = bool(game.takes.take_split)
    limit = MAX_MISERE_SPLITTING if splits else MAX_MISERE_SIMPLE
    if n > limit:
        kind = "a game that splits heaps" if splits else "this game"
        raise ValueError(
            f"{what}: --to {n} is too large for {kind} (the misère game tree is searched): at most {limit}"
        )


def cmd_period(args: argparse.Namespace) -> int:
    from .periodicity import find_period

    spec = parse_game(args.game, args.row)
    limit = args.limit
    if spec.heap_game is not None:
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
        Path(args.certificate).write_text(json.dumps(cert) + "\n", encoding="utf-8")
        data["certificate"] = str(args.certificate)
        text += f"\ncertificate written to {args.certificate} ({found.needed} values)"
    _emit(args, data, text)
    return 0


def cmd_check(args: argparse.Namespace) -> int:
    cert = load_certificate(args.file)  # ValueError (exit 2) unless small, strict JSON
    try:
        done = check_certificate(cert)
    except CertificateError as error:
        _emit(args, {"file": args.file, "valid": False, "reason": str(error)}, f"REJECTED: {error}")
        return 1
    label = f"{cert['game']}: period {cert['period']} from n = {cert['preperiod']}"
    _emit(args, {"file": args.file, "valid": True, "checked": done}, f"VALID ({label})\n  " + "\n  ".join(done))
    return 0


def cmd_genus(args: argparse.Namespace) -> int:
    from .misere import genus

    spec = parse_game(args.game, args.row)
    game = _heap_only(spec, "genus")
    _misere_limit(game, args.to, "genus")
    entries = genus(game, args.to)
    data = {"game": spec.label, "first": 0, "genus": [[g, list(gs)] for g, gs in entries]}
    lines = [f"{n:>4}: {_genus_text(g, gs)}" for n, (g, gs) in enumerate(entries)]
    _emit(args, data, f"genus g^(γ0 γ1 …) of the heaps of {spec.label}:\n" + "\n".join(lines))
    return 0


def _genus_text(g: int, gammas: Sequence[int]) -> str:
    sep = "," if max(gammas) > 9 else ""
    return f"{g}^{sep.join(map(str, gammas))}"


def cmd_rare(args: argparse.Namespace) -> int:
    import numpy as np

    from ._kernels import best_mask, class_table
    from .engine import grundy_values

    spec = parse_game(args.game, args.row)
    game = _heap_only(spec, "rare")
    progress = Progress(args.to, "values", not args.json)
    try:
        values = grundy_values(game, args.to, method="auto" if args.to < 1 << 14 else "sparse", progress=progress)
    finally:
        progress.close()
    values = np.asarray(values, dtype=np.int64)
    mask = best_mask(values, forced=True)
    is_rare = class_table(mask, int(values.max()) + 1)[values].astype(bool) if mask else np.zeros(values.size, bool)
    rare = np.flatnonzero(is_rare)
    largest = int(values.argmax())
    classes = sorted({int(v) for v in values[~is_rare]})
    data = {
        "game": spec.label,
        "n": int(values.size),
        "mask": mask,
        "rare_count": int(rare.size),
        "last_rare": int(rare[-1]) if rare.size else None,
        "rare": [[int(h), int(values[h])] for h in rare],
        "common_values": classes,
        "largest": int(values[largest]),
        "largest_index": largest,
    }
    text = (
        f"{spec.label}, n < {values.size}: mask {mask:#x} (v is rare when popcount(v & mask) is even)\n"
        f"  {rare.size} rare heaps, the last at {data['last_rare']}; {len(classes)} common values\n"
        f"  largest value {data['largest']} at n = {largest}\n"
        f"  rare (heap: value): "
        + ", ".join(f"{h}: {v}" for h, v in data["rare"][:40])
        + (" …" if rare.size > 40 else "")
    )
    if args.plot:
        _plot_rare(values, rare, spec.label, mask, args.plot)
        data["plot"] = str(args.plot)
        text += f"\nplot written to {args.plot}"
    _emit(args, data, text)
    return 0


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
    fig.savefig(path, dpi=120)
    plt.close(fig)


# ---------------------------------------------------------------- parser


class _Parser(argparse.ArgumentParser):
    """argparse, but a usage error is one line on stderr (exit status 2)."""

    def error(self, message: str) -> None:  # type: ignore[override]
        self.exit(2, f"{self.prog}: error: {message}\n")


def _positive(text: str) -> int:
    if not text.strip().isdigit() or int(text) < 1:
        raise argparse.ArgumentTypeError(f"expected a positive int, got {text!r}")
    return int(text)


def _natural(text: str) -> int:
    if not text.strip().isdigit():
        raise argparse.ArgumentTypeError(f"expected a non-negative int, got {text!r}")
    return int(text)


DESCRIPTION = """\
NAME
  nimlib - Grundy sequences of heap games, certified periods, misère values and genus

SYNOPSIS
  nimlib values GAME --to N [--misere] [--json]
  nimlib period GAME [--limit L] [--certificate FILE] [--json]
  nimlib check FILE [--recompute] [--json]
  nimlib genus GAME --to N [--json]
  nimlib rare GAME --to N [--plot FILE.png] [--json]

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
  nimlib values ruler --to 16 --json       # coin places start at 1: "first": 1

EXIT STATUS
  0 success; 1 a certificate was rejected; 2 bad input (one line on stderr).
"""
)


def build_parser() -> argparse.ArgumentParser:
    fmt = argparse.RawDescriptionHelpFormatter
    parser = _Parser(prog="nimlib", description=DESCRIPTION, epilog=EPILOG, formatter_class=fmt)
    parser.add_argument("--version", action="version", version=f"nimlib {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND", parser_class=_Parser)
    sub.required = True

    def add(name: str, help_text: str, description: str) -> argparse.ArgumentParser:
        p = sub.add_parser(name, help=help_text, description=description, epilog=GAME_HELP, formatter_class=fmt)
        p.add_argument("--json", action="store_true", help="print one JSON object instead of text (no progress bar)")
        return p

    def game_args(p: argparse.ArgumentParser) -> None:
        p.add_argument("game", metavar="GAME", help="the game (see below)")
        p.add_argument("--row", type=_natural, help="for wythoff: the row R (values of the positions (R, n))")

    p = add(
        "values",
        "Grundy values g(0..N-1) (coin games: places 1..N)",
        'Print g(0), ..., g(N-1). JSON: {"game", "first", "values"}; coin-turning games number coins from 1\n'
        'and say "first": 1. With --misere, the misère Grundy values of single heaps, from the misère game tree.',
    )
    game_args(p)
    p.add_argument("--to", type=_natural, required=True, metavar="N", help="how many values")
    p.add_argument("--misere", action="store_true", help="misère Grundy values (heap games; small N)")
    p.set_defaults(run=cmd_values)

    p = add(
        "period",
        "least preperiod and period; certified by the octal periodicity theorem",
        "Find the least preperiod, period and saltus of GAME's Grundy sequence. 'certified' is true only when\n"
        "the octal periodicity theorem proves the period for every heap size; 'needed' is how many values the\n"
        "proof reads, 'computed' how many were computed. --certificate FILE writes those values as JSON so that\n"
        "anyone can re-check the claim (nimlib check FILE).",
    )
    game_args(p)
    p.add_argument("--limit", type=_positive, default=1 << 13, metavar="L", help="compute at most L values (8192)")
    p.add_argument("--certificate", metavar="FILE", help="write the values the proof reads to FILE (JSON)")
    p.set_defaults(run=cmd_period)

    p = add(
        "check",
        "re-check a period certificate (independently of the engine)",
        "Re-check a certificate written by 'nimlib period --certificate' (nimlib.certificate): exact fields and\n"
        "integers, the label and the number of values derived from the rule, every value recomputed by a plain\n"
        "mex, the theorem's inequality, and that preperiod and period are the least. Exit status 1 if it is\n"
        "rejected, 2 if FILE is not small, strict JSON.",
    )
    p.add_argument("file", metavar="FILE", help="the certificate (JSON)")
    p.add_argument("--recompute", action="store_true", help="accepted for old scripts: values are always recomputed")
    p.set_defaults(run=cmd_check)

    p = add(
        "genus",
        "Conway's genus of each heap (misère play)",
        "Print the genus g^(γ0 γ1 ...) of heaps 0..N-1: g the normal-play value, γi the misère Grundy value of\n"
        "the heap plus i copies of *2, listed until they settle into their final alternation of two values.",
    )
    game_args(p)
    p.add_argument("--to", type=_natural, required=True, metavar="N", help="how many heaps")
    p.set_defaults(run=cmd_genus)

    p = add(
        "rare",
        "rare values, common values and the largest value (sparse space)",
        "Compute g(0..N-1), choose the mask that makes the fewest values rare (v is rare when popcount(v & mask)\n"
        "is even) and report the rare heaps, the common values and the largest value. --plot draws them.",
    )
    game_args(p)
    p.add_argument("--to", type=_natural, required=True, metavar="N", help="how many values")
    p.add_argument("--plot", metavar="FILE.png", help="draw the rare values to FILE.png (needs matplotlib)")
    p.set_defaults(run=cmd_rare)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line; returns the exit status (0 ok, 1 certificate rejected, 2 bad input)."""
    parser = build_parser()
    try:
        args = parser.parse_args(argv)
    except SystemExit as done:  # --help, --version, or a usage error (already printed)
        return int(done.code or 0)
    try:
        return args.run(args)
    except (ValueError, TypeError, OSError, ImportError) as error:
        message = str(error).splitlines()[0] if str(error) else type(error).__name__
        print(f"nimlib {args.command}: error: {message}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("nimlib: interrupted", file=sys.stderr)
        return 130
