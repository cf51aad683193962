"""Period certificates: a claim "g is periodic" that anyone can re-check without trusting nimlib's engine.

A certificate (format ``nimlib-period-certificate/2``) is a JSON object with
exactly these fields::

    {"format": "nimlib-period-certificate/2", "game": "0.137",
     "rule": {"take_all": [1], "take_one": [2], "take_split": [3], "unequal": false},
     "preperiod": 52, "period": 34, "values": [0, 0, 1, ...]}

It claims: the Grundy sequence of the heap game ``rule`` has least period
``period`` from least preperiod ``preperiod`` on, for every heap size. The
octal periodicity theorem (Guy & Smith 1956) reduces that to finitely many
values: with t the most tokens a move takes, if g(n + p) = g(n) for
n0 <= n < 2·n0 + p + t (n0 >= 1), then for every n >= n0.

Why the checker cannot be fooled:

- Nothing it relies on is read from the file that it can derive: t, the
  number of values the proof reads (``needed`` = 2·max(n0, 1) + 2p + t) and
  the label ``game`` are computed from the rule (format 1 carried ``t`` and
  ``needed`` as claims; format 2 drops them). The label must be the one
  label nimlib writes for the rule (``canonical_label``).
- The values are always recomputed from the rule by a plain mex loop, so the
  listed values are only compared, never trusted; a recomputation too long
  to run is refused up front (``MAX_WORK``), never skipped.
- The file is strict JSON with an exact schema: exact integers only (no
  floats, NaN, Infinity, strings or bools), no unknown, missing or duplicate
  fields; size, brackets and nesting capped before parsing.
- Only rules the theorem covers are accepted: splits into any two non-empty
  heaps (octal games); unequal splits (Grundy's game) are refused.

Pure Python, no numpy and no other nimlib module: it is meant to be read.
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from itertools import pairwise
from operator import xor
from pathlib import Path

__all__ = [
    "FORMAT",
    "MAX_BRACKETS",
    "MAX_BYTES",
    "MAX_DEPTH",
    "MAX_WORK",
    "CertificateError",
    "canonical_label",
    "check_certificate",
    "check_work",
    "load_certificate",
    "needed_values",
    "parse_certificate",
    "plain_values",
    "reach",
    "recompute_work",
]

FORMAT = "nimlib-period-certificate/2"
MAX_BYTES = 64 << 20
"""The largest certificate file read: 64 MiB (a read stops at MAX_BYTES + 1 bytes)."""
MAX_DEPTH = 8
"""The deepest nesting of brackets allowed; a certificate needs 3 (object, rule, list)."""
MAX_BRACKETS = 64
"""The most brackets a certificate file may have; a certificate has 12 (6 pairs)."""
MAX_WORK = 150_000_000
"""The most steps a check may take, counting every loop it runs (``check_work``): a split or a removal
looked at is a step, a heap of the plain mex loop HEAP_STEPS, a listed value VALUE_STEPS (parsing it,
checking it is an integer, comparing it, the theorem's window), and each scan of the least-period check
one a value.

Measured at 65 to 115 ns a step in CPython on the machine that wrote this
(the range is its load), so at most 10 to 17 s: enough for the solved games
.45, .156, .356, .644 and .165 of the published table, not for .16 and beyond.
"""
HEAP_STEPS = 12
"""Steps a heap costs in the plain mex loop beyond its moves: its set and its mex (about 860 ns, 13 splits)."""
VALUE_STEPS = 4
"""Steps a listed value costs: parsed, checked to be an integer, compared with the recomputed one, the window."""
FIELDS = ("format", "game", "rule", "preperiod", "period", "values")
RULE_FIELDS = ("take_all", "take_one", "take_split", "unequal")


class CertificateError(ValueError):
    """A certificate whose claim is not proved: malformed, inconsistent, or false."""


# ---------------------------------------------------------------- reading strict JSON


def load_certificate(path: str | Path) -> object:
    """The JSON in the file ``path``, read with ``parse_certificate``: at most MAX_BYTES + 1 bytes are read.

    Only a regular file is read: it is opened without blocking and checked (``fstat``) before any read, so
    a FIFO (which would wait forever for a writer), a device or a directory is refused at once.
    """
    flags = os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_BINARY", 0)
    fd = os.open(path, flags)
    try:
        if not stat.S_ISREG(os.fstat(fd).st_mode):
            raise ValueError(f"{path} is not a regular file (a FIFO, device or directory): give a certificate file")
        with os.fdopen(fd, "rb", closefd=False) as file:
            data = file.read(MAX_BYTES + 1)
    finally:
        os.close(fd)
    return parse_certificate(data, str(path))


def parse_certificate(data: bytes, name: str = "the certificate") -> object:
    """``data`` parsed strictly; ValueError (one line) for anything but small, strict JSON.

    The size is capped (``/dev/zero`` is refused at once), and the nesting
    and the length of numbers are checked before parsing (no RecursionError);
    numbers must be integers of at most 30 digits: floats, 1e400, NaN and Infinity are refused, and so
    are duplicate keys (two parsers could read them differently).
    """
    if len(data) > MAX_BYTES:
        raise ValueError(f"{name} is larger than {MAX_BYTES:,} bytes (64 MiB), too large for a certificate")
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError:
        raise ValueError(f"{name} is not UTF-8 text") from None
    _check_shape(text, name)
    try:
        return json.loads(
            text,
            parse_float=_refuse_float,
            parse_constant=_refuse_constant,
            object_pairs_hook=_no_duplicates,
        )
    except json.JSONDecodeError as error:
        raise ValueError(f"{name} is not JSON: {error.msg} at line {error.lineno}") from None
    except ValueError as error:
        raise ValueError(f"{name} is not a certificate's JSON: {error}") from None


def _check_shape(text: str, name: str) -> None:
    """Refuse more than MAX_BRACKETS brackets, nesting past MAX_DEPTH, and numbers of more than 30 digits.

    String methods and regular expressions at C speed, no recursion. A
    certificate has 12 brackets, none inside its strings, so a few dozen are
    plenty (no file expands into millions of containers). Then, strings
    blanked out, MAX_DEPTH passes each remove the innermost matching pairs,
    and anything left nests deeper or does not match (the parser would recurse).
    """
    count = sum(text.count(bracket) for bracket in "[]{}")
    if count > MAX_BRACKETS:
        raise ValueError(f"{name} has {count:,} brackets; a certificate has 12 (at most {MAX_BRACKETS})")
    numbers = text.count(",") + 1
    if numbers * (HEAP_STEPS + VALUE_STEPS) > MAX_WORK:  # each value costs at least that much to check
        raise ValueError(
            f"{name} lists up to {numbers:,} values: checking them would take more than MAX_WORK = {MAX_WORK:,} "
            "steps, too many for a certificate"
        )
    # Strings blanked out in one linear pass: an unterminated string runs to the end (\Z) at once, instead
    # of being retried from every quote inside it (which was quadratic on a string full of escapes)
    bare = _STRING.sub('""', text)
    if re.search(r"\d{31}", bare):
        raise ValueError(f"{name} has a number of more than 30 digits, too large for a certificate")
    brackets = "".join(re.findall(r"[\[\]{}]", bare))
    for _ in range(MAX_DEPTH):
        brackets = brackets.replace("[]", "").replace("{}", "")
    if brackets:
        raise ValueError(f"{name} is not JSON: its brackets nest deeper than {MAX_DEPTH} levels or do not match")


_STRING = re.compile(r'"[^"\\]*(?:\\[\s\S][^"\\]*)*(?:"|\Z)')
"""A JSON string, or an unterminated one up to the end of the text: one match per string, never retried."""


def _refuse_float(text: str) -> None:
    raise ValueError(f"{text} is not an integer (every number in a certificate is an exact integer)")


def _refuse_constant(text: str) -> None:
    raise ValueError(f"{text} is not an integer (NaN and Infinity are not JSON numbers)")


def _no_duplicates(pairs: list[tuple[str, object]]) -> dict:
    obj = dict(pairs)
    if len(obj) < len(pairs):
        twice = next(key for i, (key, _) in enumerate(pairs) if key in dict(pairs[:i]))
        raise ValueError(f"the field {twice!r} appears twice")
    return obj


# ---------------------------------------------------------------- the rule


def _show(value: object) -> str:
    """A short JSON-like spelling of a value, for error messages."""
    try:
        text = json.dumps(value)
    except (TypeError, ValueError):
        text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _exact_int(value: object, name: str, minimum: int) -> int:
    if type(value) is not int:  # bool is a subclass of int: refused here, as are floats and strings
        raise CertificateError(f"{name} must be an integer >= {minimum}, got {_show(value)}")
    if value < minimum:
        raise CertificateError(f"{name} must be an integer >= {minimum}, got {value}")
    return value


def _sizes(value: object, name: str, minimum: int) -> list[int]:
    if type(value) is not list:
        raise CertificateError(f"rule.{name} must be a list of integers >= {minimum}, got {_show(value)}")
    sizes = [_exact_int(j, f"rule.{name}[{i}]", minimum) for i, j in enumerate(value)]
    if any(a >= b for a, b in pairwise(sizes)):
        raise CertificateError(f"rule.{name} must be increasing, without repeats (one spelling per rule)")
    return sizes


def _fields(obj: object, names: tuple[str, ...], what: str) -> dict:
    if type(obj) is not dict:
        raise CertificateError(f"{what} must be a JSON object, got {_show(obj)}")
    missing = [k for k in names if k not in obj]
    unknown = [k for k in obj if k not in names]
    if missing:
        raise CertificateError(f"{what} lacks the field {missing[0]!r}")
    if unknown:
        raise CertificateError(f"{what} has an unknown field {unknown[0]!r}; its fields are {', '.join(names)}")
    return obj


def _rule(obj: object) -> dict:
    """The rule, checked: take_all, take_one (sizes >= 1), take_split (>= 0), unequal (false)."""
    rule = _fields(obj, RULE_FIELDS, "rule")
    checked = {name: _sizes(rule[name], name, 0 if name == "take_split" else 1) for name in RULE_FIELDS[:3]}
    if rule["unequal"] is not False:
        raise CertificateError(
            "rule.unequal must be false: the periodicity theorem covers splits into any two heaps, "
            "not unequal ones (Grundy's game)"
        )
    return {**checked, "unequal": False}


def canonical_label(rule: dict) -> str:
    """The one label nimlib writes for a rule: ``subtraction:S`` for a subtraction game, else its octal code.

    A subtraction game takes s in S and leaves one heap or none (take_all =
    take_one = S, no splits). Any other rule is the octal code whose digit j
    sums 1 (take j, leave nothing), 2 (leave one heap) and 4 (leave two);
    the digit before the point is 4 when a heap may split without taking.
    """
    if rule["take_all"] and rule["take_all"] == rule["take_one"] and not rule["take_split"]:
        return "subtraction:" + ",".join(map(str, rule["take_all"]))
    take_all, take_one, take_split = set(rule["take_all"]), set(rule["take_one"]), set(rule["take_split"])
    digits = "".join(
        str((j in take_all) + 2 * (j in take_one) + 4 * (j in take_split)) for j in range(1, reach(rule) + 1)
    )
    lead = "4" if 0 in take_split else "0"
    return f"{lead}.{digits}" if digits else lead


def reach(rule: dict) -> int:
    """t, the most tokens one move takes (0 when the rule has no move)."""
    return max([*rule["take_all"], *rule["take_one"], *rule["take_split"]], default=0)


def needed_values(rule: dict, preperiod: int, period: int) -> int:
    """How many values the theorem reads: 2·max(n0, 1) + 2p + t."""
    return 2 * max(preperiod, 1) + 2 * period + reach(rule)


def recompute_work(rule: dict, n: int) -> int:
    """The steps ``plain_values(rule, n)`` takes: HEAP_STEPS a heap, one per removal and split size it tries
    (each heap tries every size of the rule, even those larger than the heap), one per split it looks at.

    Split j looks at (m - j) // 2 splits of heap m: the sum of r // 2 for
    r < n - j, which is q(q - 1) + q·(n - j odd) with q = (n - j) // 2.
    """
    sizes = len(rule["take_all"]) + len(rule["take_one"]) + len(rule["take_split"])
    splits = 0
    for j in rule["take_split"]:
        q, odd = divmod(max(n - j, 0), 2)
        splits += q * (q - 1) + odd * q
    return n * (HEAP_STEPS + sizes) + splits


def prime_factors(p: int) -> list[int]:
    """The distinct primes dividing p, by trial division (about √p steps)."""
    primes, q = [], 2
    while q * q <= p:
        if p % q == 0:
            primes.append(q)
            while p % q == 0:
                p //= q
        q += 1
    return [*primes, p] if p > 1 else primes


def check_work(rule: dict, preperiod: int, period: int) -> int:
    """Every step ``check_certificate`` takes for this claim, counted before it runs (refused past MAX_WORK).

    The recomputation (``recompute_work``), VALUE_STEPS a listed value, and the least-period check: a
    divisor d of p that holds from n0 makes some p/q (q a prime dividing p) hold too, so only those are
    scanned, p values each, after about √p steps of trial division.
    """
    needed = needed_values(rule, preperiod, period)
    primes = len(prime_factors(period)) if period <= MAX_WORK else MAX_WORK
    least = math.isqrt(period) + primes * period
    return recompute_work(rule, needed) + VALUE_STEPS * needed + least


def plain_values(rule: dict, n: int) -> list[int]:
    """g(0..n-1) by the definition: the mex of the values of every option, one heap after another.

    A heap of m may lose j in take_all (m = j: nothing left), j in take_one
    (one heap of m - j >= 1 left) or j in take_split (two heaps a + b = m - j,
    a, b >= 1, value g(a) XOR g(b)).
    """
    take_all, take_one, take_split = set(rule["take_all"]), rule["take_one"], rule["take_split"]
    g: list[int] = []
    for m in range(n):
        seen = {0} if m in take_all else set()
        seen.update(g[m - j] for j in take_one if m - j >= 1)
        for j in take_split:
            rest, half = m - j, (m - j) // 2
            if half >= 1:  # g(a) XOR g(rest - a) for a = 1..half, the two lists walked in step
                seen.update(map(xor, g[1 : half + 1], g[rest - 1 : rest - half - 1 : -1]))
        v = 0
        while v in seen:
            v += 1
        g.append(v)
    return g


# ---------------------------------------------------------------- the check


def check_certificate(cert: object) -> list[str]:
    """Re-check a period certificate; returns what was checked, raises CertificateError (one line) if not proved.

    Order: the schema (exact fields, exact integers), the number of values
    (derived from the rule), the cost of recomputing them (refused up front
    beyond MAX_WORK), each value an integer, the label (derived from the rule), every value
    recomputed by a plain mex, the theorem's window, and that preperiod and
    period are the least.
    """
    fields = _fields(cert, FIELDS, "a certificate")
    if fields["format"] != FORMAT:
        old = " (format 1 carried t and needed as claims: write it again with nimlib period --certificate)"
        raise CertificateError(f"format must be {FORMAT!r}, got {_show(fields['format'])}" + old)
    rule = _rule(fields["rule"])
    n0 = _exact_int(fields["preperiod"], "preperiod", 0)
    p = _exact_int(fields["period"], "period", 1)
    claimed = fields["values"]
    if type(claimed) is not list:
        raise CertificateError(f"values must be a list of integers >= 0, got {_show(claimed)}")
    needed = needed_values(rule, n0, p)
    if len(claimed) != needed:
        raise CertificateError(
            f"the theorem reads exactly {needed} values (2·max(n0, 1) + 2p + t from the rule); "
            f"the certificate lists {len(claimed)}"
        )
    work = check_work(rule, n0, p)
    if work > MAX_WORK:
        raise CertificateError(
            f"recomputing {needed:,} values takes {work:,} steps of a plain mex, more than the limit {MAX_WORK:,}"
        )
    for i, v in enumerate(claimed):
        _exact_int(v, f"values[{i}]", 0)
    label = canonical_label(rule)
    if fields["game"] != label:
        raise CertificateError(f"game must be {label!r}, the label of this rule, got {_show(fields['game'])}")
    done = [f"the rule is {label}; the theorem reads g(0..{needed - 1}), all listed"]

    g = plain_values(rule, needed)
    wrong = next((n for n in range(needed) if g[n] != claimed[n]), None)
    if wrong is not None:
        raise CertificateError(f"g({wrong}) is {g[wrong]} by the rule, the certificate says {claimed[wrong]}")
    done.append(f"all {needed} values recomputed from the rule by a plain mex")

    end = 2 * max(n0, 1) + p + reach(rule)
    for n in range(n0, end):
        if g[n + p] != g[n]:
            raise CertificateError(f"g({n + p}) = {g[n + p]} differs from g({n}) = {g[n]}: period {p} fails")
    done.append(f"g(n + {p}) = g(n) for every n from {n0} to {end - 1}, so for all n >= {n0} (Guy & Smith)")

    if n0 > 0 and g[n0 - 1 + p] == g[n0 - 1]:
        raise CertificateError(f"g({n0 - 1 + p}) = g({n0 - 1}): the preperiod is not the least")
    for q in prime_factors(p):  # a smaller period divides p, so it divides some p/q: one scan per prime
        d = p // q
        if all(g[n + d] == g[n] for n in range(n0, n0 + p)):
            raise CertificateError(f"period {d} already holds from {n0}: {p} is not the least period")
    done.append(f"preperiod {n0} and period {p} are the least")
    return done
