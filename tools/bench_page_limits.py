"""Time the page's games at the limits Python and the page share (issue 25); prints figures, asserts nothing.

Runs ``tests/js/large_states.test.mjs`` under node with ``NIMLIB_BENCH_FULL=1`` (every game at its full
limit, where the quick tier plays Hackenbush and trominoes at a quarter) and prints its bench lines: per
case the wall time, the moves listed, the analyses or elements drawn. The node test asserts the counts;
the times here are for reading (node's small DOM is slower than a browser's).

    .venv/bin/python tools/bench_page_limits.py
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def main() -> int:
    node = shutil.which("node")
    if node is None:
        print("node is not installed", file=sys.stderr)
        return 1
    started = time.perf_counter()
    result = subprocess.run(
        [node, "--test", str(ROOT / "tests" / "js" / "large_states.test.mjs")],
        capture_output=True,
        text=True,
        cwd=ROOT,
        env={**os.environ, "NIMLIB_BENCH_FULL": "1"},
    )
    for line in result.stdout.splitlines():
        if "bench " in line:
            print(line.split("bench ", 1)[1])
    print(f"all cases: {time.perf_counter() - started:.1f} s wall, node exit status {result.returncode}")
    return result.returncode


if __name__ == "__main__":
    sys.exit(main())
