"""Time the commands an attacker's review found slow or unbounded (issue #17); prints figures, asserts nothing.

Each command runs as ``python -m nimlib ...`` in a fresh process, output to /dev/null. Printed per command:
the wall time, the CPU time of the child (user + system: what the machine's load does not inflate), its peak
memory and its exit status (2 is a refusal up front, which should take well under a second).

    .venv/bin/python tools/bench_cli.py            # every command (a few minutes)
    .venv/bin/python tools/bench_cli.py --quick    # without the caps themselves and the 2^28 stream
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

# (command, what it shows); the heavy ones are skipped by --quick
REFUSED = [
    "genus kayles --to 40",
    "genus lasker --to 40",
    "genus grundy --to 40",
    "genus nim --to 5000",
    "values lasker --misere --to 40",
    "values wythoff --row 100000000 --to 3",
    "values wythoff --row 1000000000000000000 --to 3",
    "values subtraction:100000000000000000000 --to 50",
    "values allbut:100000000000000000000 --to 50",
    "values lasker --to 1000000",
    "values grundy --to 20000000",
    "period grundy --limit 20000000",
    "period ruler",
    "period mock-turtles",
    "rare grundy --to 1000 --plot /dev/full",
]
FAST = [
    "values ruler --to 1000",
    "values mock-turtles --to 1000",
    "values ruler --to 100000",
    "values mock-turtles --to 100000",
    "values ruler --to 100000 --json",
    "values wythoff --row 100 --to 10000",
    "period kayles --limit 60000000",
    "values kayles --to 1000000 --json",
]
CAPS = [
    "genus kayles --to 30",
    "genus grundy --to 30",
    "genus lasker --to 25",
    "genus nim --to 1000",
    "values kayles --misere --to 40",
    "values lasker --misere --to 35",
    "values nim --misere --to 5000",
    "values lasker --to 262144",
    "values grundy --to 16777216",
    "values kayles --to 16777216 --json",
    "values kayles --to 268435456 --json --output /tmp/nimlib-bench-values.json",
]


def run(command: str) -> tuple[float, float, float, int]:
    """Wall seconds, CPU seconds, peak memory (MiB) and exit status of ``python -m nimlib command``."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    start = time.perf_counter()
    with open(os.devnull, "wb") as sink:
        proc = subprocess.Popen(
            [sys.executable, "-m", "nimlib", *command.split()], stdout=sink, stderr=subprocess.DEVNULL, env=env
        )
        _, status, usage = os.wait4(proc.pid, 0)  # this child's own resource usage
        proc.returncode = os.waitstatus_to_exitcode(status)
    wall = time.perf_counter() - start
    return wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss / 1024, proc.returncode


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="skip the caps themselves and the longest streams")
    args = parser.parse_args()
    groups = [("refused up front", REFUSED), ("fast now", FAST)]
    if not args.quick:
        groups.append(("the documented caps", CAPS))
    print(f"{'command':<52} {'wall s':>8} {'cpu s':>8} {'peak MiB':>9} {'exit':>5}")
    for title, commands in groups:
        print(f"-- {title}")
        for command in commands:
            wall, cpu, peak, code = run(command)
            print(f"{command:<52} {wall:8.2f} {cpu:8.2f} {peak:9.0f} {code:>5}", flush=True)
    print(f"(load average now {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores: wall time is inflated by it)")


if __name__ == "__main__":
    main()
