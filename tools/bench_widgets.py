"""Benchmark: how long the page takes to answer a move, in JavaScript (node, no browser).

For each case: the computer's reply (``computerMove`` of nimlib/static/core.js, which is what the
page runs after every reader move) and the explanation panel, median of several runs. The target is
under 50 ms per reply. Prints figures, asserts nothing. Add a game: one row in ``cases()``.

    python tools/bench_widgets.py
"""

from __future__ import annotations

import json
import random
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from nimlib.grundy import heap_values  # noqa: E402
from nimlib.rulesets import grundys_game, laskers_nim, subtraction  # noqa: E402
from nimlib.tables import book_boards  # noqa: E402

RUNNER = r"""
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
const [staticDir, casesFile] = process.argv.slice(2);
const core = await import(pathToFileURL(join(staticDir, "core.js")));
for (const f of readdirSync(join(staticDir, "games")).filter((f) => f.endsWith(".js")).sort()) {
  await import(pathToFileURL(join(staticDir, "games", f)));
}
const median = (xs) => xs.sort((a, b) => a - b)[Math.floor(xs.length / 2)];
for (const c of JSON.parse(readFileSync(casesFile, "utf8"))) {
  const def = core.gameDef(c.game);
  const reply = [], explain = [];
  let said = "";
  for (let run = 0; run < 15; run++) {
    let t = performance.now();
    const m = core.computerMove(def, c.position, c.params, "computer");
    reply.push(performance.now() - t);
    said = m ? `${m.winning ? "wins" : "stalls"}: ${m.label}` : "no move";
    t = performance.now();
    core.explainPosition(def, c.position, c.params);
    explain.push(performance.now() - t);
  }
  console.log(JSON.stringify({ label: c.label, reply: median(reply), explain: median(explain), said }));
}
"""


def cases() -> list[dict]:
    """The positions to time: the book's largest board of each game, and Nim at its limits."""
    rng = random.Random(1)
    huge = [10**9 + rng.randrange(10**6) for _ in range(20)]
    s123 = subtraction({1, 2, 3})
    return [
        {"label": "nim, 20 heaps of 10^9", "game": "nim", "params": {"k": 1}, "position": huge},
        {"label": "misère nim, 20 heaps of 10^9", "game": "misere-nim", "params": {"k": 1}, "position": huge},
        {
            "label": "nim, 20 heaps near 2^53",
            "game": "nim",
            "params": {"k": 1},
            "position": [2**53 - 1 - i for i in range(20)],
        },
        {"label": "Moore's Nim_2, 20 heaps of 10^9", "game": "moore", "params": {"k": 2}, "position": huge},
        {"label": "Moore's Nim_5, 20 heaps of 10^9", "game": "moore", "params": {"k": 5}, "position": huge},
        {"label": "misère Nim_3, 20 heaps of 10^9", "game": "misere-moore", "params": {"k": 3}, "position": huge},
        {"label": "Moore's Nim_2, the book's (5, 6, 7)", "game": "moore", "params": {"k": 2}, "position": [5, 6, 7]},
        {
            "label": "Lasker's Nim, heaps (20, 19, 18, 17, 16)",
            "game": "lasker",
            "params": {"values": heap_values(laskers_nim, 21)},
            "position": [20, 19, 18, 17, 16],
        },
        {
            "label": "Grundy's game, heaps (20, 19, 18, 17, 16)",
            "game": "grundy",
            "params": {"values": heap_values(grundys_game, 21)},
            "position": [20, 19, 18, 17, 16],
        },
        {
            "label": "subtraction {1,2,3}, heaps (20, 19, 18)",
            "game": "subtraction",
            "params": {"values": heap_values(s123, 21), "subtract": [1, 2, 3]},
            "position": [20, 19, 18],
        },
    ] + [
        {"label": f"{game}, the book's largest board", "game": game, "params": params, "position": start}
        for game, params, start in book_boards()
    ]


def main() -> None:
    node = shutil.which("node")
    if node is None:
        print("node is not installed: nothing to time")
        return
    with tempfile.TemporaryDirectory() as tmp:
        runner = Path(tmp) / "bench.mjs"
        runner.write_text(RUNNER, encoding="utf-8")
        data = Path(tmp) / "cases.json"
        data.write_text(json.dumps(cases()), encoding="utf-8")
        out = subprocess.run(
            [node, str(runner), str(ROOT / "nimlib" / "static"), str(data)], capture_output=True, text=True, check=True
        ).stdout
    print(f"{'case':<45} {'reply ms':>9} {'explain ms':>11}  (target: reply < 50 ms)")
    for line in out.splitlines():
        row = json.loads(line)
        print(f"{row['label']:<45} {row['reply']:>9.3f} {row['explain']:>11.3f}  {row['said'][:60]}")


if __name__ == "__main__":
    main()
