"""The fast Grundy-value engine: g(0), …, g(n-1) for octal games, Grundy's game, Lasker's nim and Nim.

``grundy_values(ruleset, n)`` picks the fastest sound method:

1. an octal game whose period the periodicity theorem certifies is computed
   until the certificate holds, then extended by the period (O(1) a value);
2. a "take any number" game without splits (Nim) is g(n) = n outright;
3. otherwise, when a mask makes some values rare, the compiled rare-value
   ("sparse space") kernel costs about |rare heaps| per heap;
4. otherwise the compiled plain loop looks at every option.

The package is one room, layered inside (contract ``engine`` in
pyproject.toml): ``periods`` on ``stream``; ``stream`` on ``methods``;
``methods`` and ``periodicity`` (the period search) on ``table`` (the
in-memory ``GrundyTable``); everything on ``kernels``, the one compiled hot
loop. Imported on first use, so ``import nimlib`` loads neither numpy nor
numba.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .._check import check_int
from ..rulesets import HeapGame
from .periodicity import search_period
from .table import (
    BYTES_PER_VALUE,
    MAX_N,
    MAX_PYTHON_N,
    MAX_QUADRATIC_N,
    MEMORY_BUDGET,
    GrundyTable,
    best_mask,
)

__all__ = ["MAX_N", "MAX_RARE_WORK", "best_mask", "check_size", "estimate_work", "grundy_values"]

METHODS = ("auto", "plain", "sparse", "python")

# Up to this many values, "auto" looks for a certified period at each doubling before going on
CERTIFY_UP_TO = 1 << 13
# The rare-value kernel visits each rare heap once per heap (per split digit): about 3 ns a visit here
# (tools/bench_bounds.py). Past this many visits (about two minutes) grundy_values refuses, after a
# probe of PROBE values has counted the rare heaps: every n the command line accepts fits
# (Grundy's game 1,274 rare heaps and 0.014 2,037 at 2^24)
MAX_RARE_WORK = 40_000_000_000
PROBE = 1 << 16
# The most values a loop over every split of every heap computes (a take-any game that splits, such as Lasker's
# nim, the plain method, a game with no mask): about n²/4 steps a split size, a few seconds at this n here (one
# split size; 10^6 took minutes). The command line uses it as MAX_QUADRATIC_CLI
MAX_EVERY_SPLIT_N = 1 << 18
# The plain loop's steps (every split of every heap) one call may take: one split size to MAX_EVERY_SPLIT_N values
QUADRATIC_WORK = MAX_EVERY_SPLIT_N * MAX_EVERY_SPLIT_N // 4
# The probe counts a naive step as this fraction of a rare visit (what MAX_RARE_WORK / QUADRATIC_WORK was)
NAIVE_STEP_SHARE = MAX_RARE_WORK / (MAX_QUADRATIC_N * MAX_QUADRATIC_N // 4)


def check_size(ruleset: HeapGame, n: int, method: str) -> None:
    """Refuse, up front, a size that cannot be computed in the memory budget or in reasonable time."""
    if n > MAX_N:
        raise ValueError(
            f"n = {n:,} is too large: at {BYTES_PER_VALUE} bytes a value the limit is n <= {MAX_N:,} "
            f"(a {MEMORY_BUDGET // 1024**3} GiB budget)"
        )
    takes = ruleset.takes
    if (method == "python" or takes is None) and n > MAX_PYTHON_N:
        raise ValueError(
            f"n = {n:,} is too large for the pure-Python method (about n²/4 steps): the limit is n <= {MAX_PYTHON_N:,}"
        )
    if takes is not None and takes.take_split:
        quadratic = method == "plain" or takes.take_any
        if quadratic and n > MAX_EVERY_SPLIT_N:
            why = "a take-any game with splits" if takes.take_any else "the plain loop"
            raise ValueError(
                f"n = {n:,} is too large for {why} (every split of every heap, about n²/4 steps): "
                f"the limit is n <= MAX_EVERY_SPLIT_N = {MAX_EVERY_SPLIT_N:,}"
            )
        if quadratic and len(takes.take_split) * n * n // 4 > QUADRATIC_WORK:
            raise ValueError(
                f"n = {n:,} with {len(takes.take_split):,} split sizes is too much work (every split of every heap, "
                f"about n²/4 steps a size): the limit is QUADRATIC_WORK = {QUADRATIC_WORK:.1e} steps"
            )
    if takes is not None:
        # every heap tries every number of the rule at least once
        numbers = len(takes.take_all) + len(takes.take_one) + len(takes.take_split) + len(takes.take_except)
        if n * numbers > MAX_RARE_WORK:
            raise ValueError(
                f"n = {n:,} with {numbers:,} numbers in the rule is too much work (each heap tries each): "
                f"n times the numbers is limited to MAX_RARE_WORK = {MAX_RARE_WORK:.0e}"
            )


def estimate_work(table: GrundyTable, n: int) -> dict:
    """The work of extending ``table`` (already holding a probe) to n values, and whether it is allowed.

    With a mask: n × rare heaps × split digits visits (``MAX_RARE_WORK``); a
    rare heap that appears later makes this a floor, not a promise. Without
    one, the plain loop's n²/4 splits per digit (``QUADRATIC_WORK`` steps).
    """
    splits = max(int(table.take_split.size), 1)
    if table.mask:
        work = n * max(table.n_rare, 1) * splits
        return {"rare": table.n_rare, "work": work, "allowed": work <= MAX_RARE_WORK}
    return {"rare": 0, "work": splits * n * n // 4, "allowed": splits * n * n // 4 <= QUADRATIC_WORK}


def _probe(table: GrundyTable, n: int, ruleset: HeapGame, progress: Callable[[int], None] | None = None) -> None:
    """Extend ``table`` to n values a doubling at a time, refusing a stretch whose estimate passes MAX_RARE_WORK.

    Until a mask is found the loop looks at every split (about (hi² - lo²)/4 steps a split size); with one,
    a heap visits each rare heap once a split size. A game with many split sizes and no mask is refused here,
    before the stretch that would take hours.
    """
    spent = 0
    while table.size < n:
        lo = table.size
        hi = min(n, max(2 * lo, 512))
        splits = max(int(np.count_nonzero(table.take_split < hi)), 1)  # a split size j needs a heap above j
        if table.mask:
            spent += (hi - lo) * max(table.n_rare, 1) * splits
        else:  # a naive step is about a tenth of a rare visit: counted against the same budget at that rate
            spent += int(splits * (hi * hi - lo * lo) // 4 * NAIVE_STEP_SHARE)
        if spent > MAX_RARE_WORK:
            raise ValueError(
                f"{ruleset!r}: computing values {lo:,}..{hi - 1:,} needs about {spent:.1e} steps ({splits:,} split "
                f"sizes, {'a mask with ' + str(table.n_rare) + ' rare heaps' if table.mask else 'no mask yet'}), "
                f"over MAX_RARE_WORK = {MAX_RARE_WORK:.0e}: ask for fewer values"
            )
        table.extend(hi, progress)


def grundy_values(
    ruleset: HeapGame, n: int, *, method: str = "auto", progress: Callable[[int], None] | None = None
) -> np.ndarray:
    """g(0), …, g(n-1) of a heap game, as a numpy array: 2 bytes a value (uint16) when the values fit.

    ``method``: "auto" (period extension, else Nim's g(n) = n, else sparse,
    else plain), "plain" (compiled, every option), "sparse" (compiled
    rare-value method) or "python" (the pure-Python reference
    ``heap_values``). Memory: at most 8 bytes a value while computing (4 for
    the uint32 table, 2 for the result, the rest for rare heaps), so n is
    limited to MAX_N = 2^28 (a 2 GiB budget); methods that look at every
    split are limited to n <= 2^18 (MAX_EVERY_SPLIT_N) and the Python one to 5,000 (a
    ``ValueError`` says so before anything is allocated). A game that splits
    heaps and has no certified period is probed first (its first 65,536
    values, kept): n × its rare heaps must stay within MAX_RARE_WORK visits
    (about two minutes), else ``ValueError`` with the estimate; beyond that,
    an octal game streams with resumable checkpoints
    (``nimlib rare CODE --to N --checkpoint DIR``). ``progress(k)`` is called now and then with the number of
    values done.

    >>> from nimlib.rulesets import kayles, nim
    >>> grundy_values(kayles, 12).tolist(), grundy_values(nim, 10**6)[-1]
    ([0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6], np.uint32(999999))
    """
    if not isinstance(ruleset, HeapGame):
        raise TypeError(f"ruleset must be a HeapGame such as octal('0.77'), got {ruleset!r}")
    n = check_int(n, "n")
    if method not in METHODS:
        raise ValueError(f"method must be one of {METHODS}, got {method!r}")
    if progress is not None and not callable(progress):
        raise TypeError(f"progress must be a function of the number of values done (or None), got {progress!r}")
    check_size(ruleset, n, method)
    takes = ruleset.takes
    certifiable = method == "auto" and takes is not None and not takes.take_any and ruleset.max_take is not None
    table = GrundyTable(ruleset, method=method, capacity=min(n, 2 * CERTIFY_UP_TO) if certifiable else n)
    if certifiable:
        stretch = 256
        while stretch < n and stretch <= CERTIFY_UP_TO:
            found = search_period(table.extend(stretch), t=ruleset.max_take)
            if found is not None:
                return extend_periodic(table.values, n, found.preperiod, found.period)
            stretch *= 2
    if table.may_sparse:
        _probe(table, min(n, PROBE), ruleset, progress)
    if table.may_sparse and n > PROBE:
        cost = estimate_work(table, n)
        if not cost["allowed"]:
            if table.mask:
                raise ValueError(
                    f"n = {n:,} is too large for {ruleset!r}: its first {PROBE:,} values hold {cost['rare']:,} rare "
                    f"heaps, so the rare-value method needs about {cost['work']:.1e} visits, over MAX_RARE_WORK = "
                    f"{MAX_RARE_WORK:.0e} (about two minutes); ask for fewer values (an octal game streams "
                    "further, resumably: `nimlib rare CODE --to N --checkpoint DIR`)"
                )
            raise ValueError(
                f"n = {n:,} is too large for {ruleset!r}: no mask makes its values rare, and the plain loop "
                f"(every split, about n²/4 steps a split size) is limited to QUADRATIC_WORK = "
                f"{QUADRATIC_WORK:.1e} steps"
            )
    return _narrow(table.extend(n, progress))


def compute_values(ruleset: HeapGame, n: int, *, method: str = "auto") -> np.ndarray:
    """Kept for old callers: ``grundy_values`` without the argument checks."""
    return grundy_values(ruleset, n, method=method)


def extend_periodic(prefix: np.ndarray, n: int, preperiod: int, period: int) -> np.ndarray:
    """g(0..n-1) from a prefix that holds a certified period: repeat the period block (2 bytes a value)."""
    known = np.asarray(prefix)[: preperiod + period]
    out = np.empty(n, dtype=_narrow(known).dtype)
    head = min(n, preperiod)
    out[:head] = known[:head]
    if n > preperiod:
        block = known[preperiod:].astype(out.dtype)
        out[preperiod:] = np.tile(block, -(-(n - preperiod) // period))[: n - preperiod]
    return out


def _narrow(values: np.ndarray) -> np.ndarray:
    """Two bytes a value where the values fit, else four."""
    if values.size == 0 or int(values.max()) < 1 << 16:
        return values.astype(np.uint16)
    return values.astype(np.uint32)
