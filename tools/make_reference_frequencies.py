"""Regenerate tests/data/frequencies/GAME/N from the in-memory engine (nimlib.engine.grundy_values).

Usage: python tools/make_reference_frequencies.py GAME LOG2N [LOG2N ...]

These files are the streaming engine's reference: the in-memory engine keeps
every value (no window), is tested against the game tree and the plain loop
(tests/test_engine.py), and its frequencies agreed with Rogalski's published
results/GAME/N files in the race of issue 26. Format: "value count" per line,
values increasing, over heaps 0..N-1.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np

from nimlib import octal
from nimlib._atomic import atomic_write
from nimlib.engine.table import GrundyTable

OUT = Path(__file__).resolve().parent.parent / "tests" / "data" / "frequencies"


def main() -> None:
    code = sys.argv[1]
    table = GrundyTable(octal(code), method="auto")
    for n in sorted(1 << int(k) for k in sys.argv[2:]):
        values = table.extend(n)
        found, counts = np.unique(values, return_counts=True)
        path = OUT / code / str(n)
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_write(path, encoding="ascii", what="the frequency file") as out:  # whole or not at all
            out.write("".join(f"{v} {c}\n" for v, c in zip(found, counts, strict=True)))
        print(path, flush=True)


if __name__ == "__main__":
    main()
