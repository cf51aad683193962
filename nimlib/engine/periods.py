"""Long periods in bounded memory: a lagged comparison of the value stream, certified by the periodicity theorem.

The octal periodicity theorem (Guy & Smith): in an octal game whose moves
take at most t tokens, if g(n + p) = g(n) for n0 <= n < 2·n0 + p + t, then
for every n >= n0. So ``certify_period(game, p)`` streams the values
(``stream.Stream``: a window of recent values and the rare heaps) and
compares each g(n) with g(n - p), held in a ring of the last p values (2
bytes each: 200 MB for p = 10^8). The last heap where they differ fixes the
least preperiod n0 = last + 1 - p; the run stops once 2·max(n0, 1) + 2p + t
values are done (``needed``, the certificate's count, as in
``nimlib.certificate``). That p is the least period is checked alongside: a
smaller eventual period would divide p, so for each prime q dividing p a
ring of p/q values looks for a heap past n0 + p/q where g(n) and g(n - p/q)
differ.

The candidate p comes from outside (a published claim, or ``nimlib
period`` on a shorter stretch): a search for unknown periods of this length
in bounded memory is not built yet.

A streamed certificate is plain JSON with a ``version`` field:
{"format": "nimlib-streamed-period", "version": 1, "game", "preperiod",
"period", "last_exception", "needed"}; ``check_streamed`` recomputes it from
the rule and trusts none of its numbers.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from pathlib import Path

import numpy as np
from numba import njit

from .._check import check_int
from ..certificate import prime_factors
from .stream import DEFAULT_WINDOW, Stream

FORMAT = "nimlib-streamed-period"
VERSION = 1
MAX_PERIOD = 1 << 27
"""The longest period checked: its rings hold about 2·p values of 2 bytes (512 MiB at 2^27)."""


@njit(cache=True, nogil=True, boundscheck=False)
def _lag(values, lo, ring, p, last_bad):  # pragma: no cover - compiled
    """Compare g(n) with g(n - p) for the heaps lo.. of ``values``; returns the last heap where they differ."""
    for i in range(values.size):
        n = lo + i
        pos = n % p
        v = values[i]
        if n >= p and ring[pos] != v:
            last_bad = n
        ring[pos] = v
    return last_bad


def needed_values(preperiod: int, period: int, t: int) -> int:
    """How many values the theorem reads: 2·max(n0, 1) + 2p + t."""
    return 2 * max(preperiod, 1) + 2 * period + t


# certify_period refuses up front a run the stream's estimate puts over this many seconds (as `nimlib check` does
# with CHECK_SECONDS); pass max_seconds=None to run it anyway
CERTIFY_SECONDS = 30.0


def _seconds(value: object, name: str) -> float | None:
    """``value`` as a time limit: None (no limit) or a positive finite int or float; never a bool, NaN or inf.

    (``cost > nan`` is always False, so NaN would let any run through; True would read as one second.)
    """
    if value is None:
        return None
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise TypeError(f"{name} must be a number of seconds (an int or float) or None, got {type(value).__name__}")
    try:  # through the built-in types: a subclass's own __float__ is not asked
        seconds = float(int.__index__(value)) if isinstance(value, int) else float.__float__(value)
    except OverflowError:
        seconds = math.inf
    if not math.isfinite(seconds) or seconds <= 0:
        raise ValueError(f"{name} must be a positive, finite number of seconds or None (no limit), got {seconds!r}")
    return seconds


def certify_period(
    game,
    period: int,
    *,
    max_n: int,
    window: int = DEFAULT_WINDOW,
    progress: Callable[[int], None] | None = None,
    max_seconds: float | None = CERTIFY_SECONDS,
) -> dict:
    """Stream ``game`` and certify ``period``: returns preperiod, last_exception, needed, certified, least, computed.

    ``certified`` is True when g(n + p) = g(n) held for every n0 <= n < 2·max(n0, 1) + p + t
    (then for every n >= n0); ``least`` when no divisor p/q of p is an
    eventual period. Memory: about 2p bytes for the rings (+ the stream's, ``window``).
    Stops unfinished (``certified`` False) at ``max_n`` values: a wrong p never certifies.
    The values it must stream at least (min(max_n, 2 + 2p + t)) are estimated first (``stream.estimate``, a
    probe of 65,536 values): over ``max_seconds`` (CERTIFY_SECONDS) it is refused before the rings are allocated.
    """
    from .stream import estimate

    if not isinstance(period, int) or isinstance(period, bool) or not 1 <= period <= MAX_PERIOD:
        raise ValueError(f"period must be an int in 1..{MAX_PERIOD:,}, got {period!r}")
    takes = getattr(game, "takes", None)
    if takes is None or takes.take_any or getattr(game, "code", None) is None:  # as Stream says, before any work
        raise TypeError(f"game must be an octal game such as octal('0.167'), got {type(game).__name__}")
    max_n = check_int(max_n, "max_n")
    max_seconds = _seconds(max_seconds, "max_seconds")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of the values done, or None, got {type(progress).__name__}")
    t = game.max_take
    if max_seconds is not None:
        least_n = min(max_n, needed_values(0, period, t))  # the run stops at min(needed, max_n); needed >= this
        cost = estimate(game, least_n, window=window)
        if cost["seconds"] > max_seconds:
            raise ValueError(
                f"certifying period {period:,} of {game.code} streams at least {least_n:,} values, about "
                f"{cost['seconds']:,.0f} s ({cost['method']} method): over max_seconds = {max_seconds:g} "
                f"(CERTIFY_SECONDS = {CERTIFY_SECONDS:g}); give a smaller max_n, or max_seconds=None to run it"
            )
    stream = Stream(game, window=window)
    stream.chunk = min(stream.chunk, stream.w)  # each chunk's values are still in the window when fed
    lags = [period] + [period // q for q in prime_factors(period)]
    rings = [np.zeros(p, dtype=np.uint16) for p in lags]
    last = [-1] * len(lags)

    def feed(lo: int, values: np.ndarray) -> None:
        if values.size and int(values.max()) > 0xFFFF:
            raise ValueError("a value above 65,535: the rings hold 2 bytes a value")
        for i, p in enumerate(lags):
            last[i] = _lag(values, lo, rings[i], p, last[i])

    def target() -> int:
        pre = max(0, last[0] + 1 - period)
        return needed_values(pre, period, t)

    while stream.size < min(target(), max_n):
        lo = stream.size
        hi = min(target(), lo + stream.chunk, max_n)
        stream.run(hi)
        first, window = stream.window_values()
        feed(lo, window[lo - first :])
        if progress is not None:
            progress(stream.size)
    pre = max(0, last[0] + 1 - period)
    certified = stream.size >= needed_values(pre, period, t)
    # p/q is a period from n0 on exactly when g(n) = g(n - p/q) for every n >= n0 + p/q
    least = certified and all(last[i] >= pre + p for i, p in enumerate(lags) if i)
    return {
        "game": game.code,
        "period": period,
        "preperiod": pre,
        "last_exception": last[0] - period if last[0] >= 0 else None,
        "needed": needed_values(pre, period, t),
        "computed": stream.size,
        "certified": bool(certified),
        "least": bool(least),
        "largest": int(stream.stats[0]),
        "method": stream.method.name,
    }


def certificate(result: dict) -> dict:
    """The JSON certificate of a ``certify_period`` result (only a certified, least period has one)."""
    if not (result["certified"] and result["least"]):
        raise ValueError("only a certified least period gets a certificate")
    keys = ("game", "preperiod", "period", "last_exception", "needed")
    return {"format": FORMAT, "version": VERSION, **{k: result[k] for k in keys}}


# The most values a streamed certificate may ask `nimlib check` to recompute (0.1777's 443 million take about
# 13 minutes here): past it the claim is refused before any work
MAX_CHECK_VALUES = 1 << 30


def is_streamed_certificate(cert: object) -> bool:
    """True when a parsed certificate (``nimlib.certificate.load_certificate``) names the streamed format."""
    return isinstance(cert, dict) and cert.get("format") == FORMAT


def plan_streamed(cert: object, name: str = "the certificate") -> dict:
    """Check a streamed certificate's fields and derive its work: {"game", "needed", "seconds"}, else ValueError.

    ``seconds`` is the stream's estimate (``stream.estimate``, a probe of its first 65,536 values) for the
    2·max(n0, 1) + 2p + t values the claim needs, derived from the rule and the claimed n0 and p.
    """
    from ..rulesets import octal
    from .stream import estimate

    keys = {"format", "version", "game", "preperiod", "period", "last_exception", "needed"}
    if not isinstance(cert, dict) or set(cert) != keys:
        raise ValueError(f"{name}: expected exactly the fields {sorted(keys)}")
    if type(cert["version"]) is not int or cert["version"] != VERSION:
        raise ValueError(f"{name}: version {cert['version']!r}, this nimlib reads version {VERSION}")
    for key in ("preperiod", "period", "needed"):
        if type(cert[key]) is not int or cert[key] < 0:
            raise ValueError(f"{name}: {key} must be a non-negative int, got {cert[key]!r}")
    if cert["last_exception"] is not None and type(cert["last_exception"]) is not int:
        raise ValueError(f"{name}: last_exception must be an int or null, got {cert['last_exception']!r}")
    if not isinstance(cert["game"], str):
        raise ValueError(f"{name}: game must be an octal code such as '0.1777'")
    if not 1 <= cert["period"] <= MAX_PERIOD:
        raise ValueError(f"{name}: period must be in 1..MAX_PERIOD = {MAX_PERIOD:,}, got {cert['period']:,}")
    game = octal(cert["game"])  # at most MAX_CODE_DIGITS digits
    if game.max_take is None:
        raise ValueError(f"{name}: {cert['game']} takes any number of tokens: no period certificate applies")
    needed = needed_values(cert["preperiod"], cert["period"], game.max_take)
    if cert["needed"] != needed:
        raise ValueError(
            f"{name}: needed must be 2·max(n0, 1) + 2p + t = {needed:,} for this claim, got {cert['needed']:,}"
        )
    if needed > MAX_CHECK_VALUES:
        raise ValueError(
            f"{name}: the claim needs {needed:,} values recomputed; "
            f"the limit is MAX_CHECK_VALUES = {MAX_CHECK_VALUES:,}"
        )
    cost = estimate(game, needed)
    return {"game": game, "needed": needed, "seconds": cost["seconds"] * CHECK_OVERHEAD, "method": cost["method"]}


# A check streams the values and compares each with the rings of the period and its divisors: its time is the
# stream's estimate times this factor (0.1777: 13 minutes measured)
CHECK_OVERHEAD = 1.5


def check_streamed(
    cert: object,
    *,
    progress: Callable[[int], None] | None = None,
    name: str = "the certificate",
    max_seconds: float | None = CERTIFY_SECONDS,
) -> list[str]:
    """Recompute a streamed certificate from its game's rule; returns what was checked, ``ValueError`` if wrong.

    ``cert`` is a path (read by ``nimlib.certificate.load_certificate``: regular files only, size capped, exact
    integers only) or the object it returned. Nothing in it is trusted: the number of values to recompute is
    derived from the rule, the claimed preperiod and period (2·max(n0, 1) + 2p + t), never read from the file.
    ``plan_streamed`` says how long it will take; over ``max_seconds`` the check is refused before it starts.
    """
    from ..certificate import load_certificate

    if isinstance(cert, (str, Path)):
        name = str(cert)
        cert = load_certificate(cert)
    plan = plan_streamed(cert, name)
    game, needed = plan["game"], plan["needed"]
    if max_seconds is not None and plan["seconds"] > max_seconds:
        raise ValueError(
            f"{name}: {needed:,} values of {cert['game']} to recompute, about {plan['seconds']:,.0f} s: over "
            f"max_seconds = {max_seconds:g}; give max_seconds=None to run it"
        )
    result = certify_period(game, cert["period"], max_n=needed, progress=progress, max_seconds=None)
    found = {k: result[k] for k in ("preperiod", "last_exception", "needed")}
    claimed = {k: cert[k] for k in ("preperiod", "last_exception", "needed")}
    if not result["certified"]:
        raise ValueError(f"not certified within the {cert['needed']:,} values claimed: recomputed {found}")
    if found != claimed:
        raise ValueError(f"recomputed {found}, the certificate claims {claimed}")
    if not result["least"]:
        raise ValueError(f"period {cert['period']} is not the least: a divisor of it is a period too")
    return [
        f"the rule is {cert['game']} (t = {game.max_take}); {result['computed']:,} values recomputed by the "
        f"{result['method']} method in a window, compared with the values {cert['period']:,} heaps before",
        f"the last heap where they differ is {cert['last_exception'] + cert['period']:,}, so the least "
        f"preperiod is {cert['preperiod']:,}",
        "g(n + p) = g(n) for every n in [n0, 2·max(n0, 1) + p + t): the periodicity theorem gives every n",
        f"no p/q (q a prime factor of p) is a period: {cert['period']:,} is the least",
    ]
