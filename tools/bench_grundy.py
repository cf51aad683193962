"""Benchmark the Grundy-value engine against plain C references: prints a table, asserts nothing.

Usage: python tools/bench_grundy.py [--quick] [--repeat K]

The C programs in tools/c/ (``rare.c``: the rare-value method; ``naive.c``:
every option) are built with ``cc -O2`` into a temporary folder. Each case
runs K times (default 3) and the table shows medians of the wall time: for
nimlib the call itself (kernels compiled beforehand), for C the time the
program reports for its computation (its start-up excluded), so both sides
time the same work. Machines are shared and noisy: the load average is
printed with the table; compare ratios, not seconds.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from nimlib import find_period, grundy_values, octal, rulesets
from nimlib.engine.table import warm_up
from nimlib.grundy import heap_values

C_DIR = Path(__file__).resolve().parent / "c"


def build_c(folder: Path) -> dict[str, Path] | None:
    """Compile tools/c/*.c with cc -O2; None (and a note) when no C compiler is found."""
    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None:
        print("no C compiler (cc/gcc) found: the C columns stay empty")
        return None
    built = {}
    for source in sorted(C_DIR.glob("*.c")):
        exe = folder / source.stem
        subprocess.run([cc, "-O2", "-o", str(exe), str(source)], check=True)
        built[source.stem] = exe
    return built


def time_nimlib(function, *args, **kwargs) -> tuple[float, int]:
    start = time.perf_counter()
    values = function(*args, **kwargs)
    seconds = time.perf_counter() - start
    checksum = int(np.asarray(values, dtype=np.int64).sum()) if values is not None else 0
    return seconds, checksum


def time_c(exe: Path, code: str, n: int) -> tuple[float, int]:
    out = subprocess.run([str(exe), code, str(n)], capture_output=True, text=True, check=True).stdout.split()
    fields = dict(zip(out[::2], out[1::2], strict=False))
    return float(fields["seconds"]), int(fields["sum"])


def median_run(run, repeat: int) -> tuple[float, int]:
    results = [run() for _ in range(repeat)]
    return statistics.median(r[0] for r in results), results[0][1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the runs that take more than a few seconds")
    parser.add_argument("--repeat", type=int, default=3, help="runs per case (the table shows medians)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        exes = build_c(Path(folder))
        start = time.perf_counter()
        warm_up()
        print(f"kernels compiled or loaded in {time.perf_counter() - start:.1f} s")
        load = os.getloadavg()[0]
        print(f"load average at start: {load:.2f} on {os.cpu_count()} cores; medians of {args.repeat} runs")
        grundy, kayles, dawson, officers = rulesets.grundys_game, rulesets.kayles, rulesets.dawsons_kayles, octal("0.6")
        cases = [
            # label, nimlib call, C program, C game code, n, slow?
            ("Grundy's game, n = 10^6", lambda: grundy_values(grundy, 10**6), "rare", "grundy", 10**6, False),
            ("Grundy's game, n = 4·10^6", lambda: grundy_values(grundy, 4 * 10**6), "rare", "grundy", 4 * 10**6, True),
            ("Kayles, n = 10^6 (rare-value kernel)", lambda: grundy_values(kayles, 10**6, method="sparse"),
             "rare", "0.77", 10**6, False),
            ("Kayles, n = 10^6 (auto: certified period)", lambda: grundy_values(kayles, 10**6),
             "rare", "0.77", 10**6, False),
            ("Dawson's Kayles, n = 10^5 (plain loop)", lambda: grundy_values(dawson, 10**5, method="plain"),
             "naive", "0.07", 10**5, False),
            ("Officers (0.6), n = 98,304", lambda: grundy_values(officers, 98_304), "rare", "0.6", 98_304, False),
            ("Nim, n = 10^6 (g(n) = n)", lambda: grundy_values(rulesets.nim, 10**6), None, None, 0, False),
            ("Lasker's nim, n = 2·10^4 (take-any kernel)", lambda: grundy_values(rulesets.laskers_nim, 20_000),
             None, None, 0, False),
            ("Kayles, n = 5000 (pure Python)", lambda: heap_values(kayles, 5000), None, None, 0, True),
            ("find_period(0.16): certify 509,622 values", lambda: find_period(octal("0.16"), limit=1 << 20) and None,
             None, None, 0, False),
        ]  # fmt: skip
        print(f"\n{'case':<46} {'nimlib':>9} {'C':>9} {'nimlib/C':>9}  check")
        for label, call, program, code, n, slow in cases:
            if slow and args.quick:
                continue
            ours, our_sum = median_run(lambda call=call: time_nimlib(call), args.repeat)
            line = f"{label:<46} {ours:8.3f}s"
            if program and exes:
                theirs, their_sum = median_run(lambda p=program, c=code, n=n: time_c(exes[p], c, n), args.repeat)
                same = "same values" if their_sum == our_sum else f"CHECKSUMS DIFFER ({our_sum} vs {their_sum})"
                line += f" {theirs:8.3f}s {ours / theirs:9.2f}  {same}"
            print(line, flush=True)
        print(f"load average at end: {os.getloadavg()[0]:.2f}")


if __name__ == "__main__":
    sys.exit(main())
