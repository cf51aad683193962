// The computer's reply time on the book's largest board of each board game (a benchmark: prints, never fails).
// Usage: node tests/js/bench_boards.mjs boards.json   (written by tests/js_fixtures.py: bench_boards())
// Times core.computerMove from the start and from positions along a random game, the largest reported.
import { readFileSync } from "node:fs";
import { performance } from "node:perf_hooks";
import * as core from "../../nimlib/static/core.js";
for (const f of ["strips", "coins", "graphs", "trominoes", "pawns", "northcott"]) await import(`../../nimlib/static/games/${f}.js`);

const boards = JSON.parse(readFileSync(process.argv[2], "utf8"));
const rng = core.makeRng(2026);
console.log("game           params bytes   positions   worst reply (ms)   mean reply (ms)");
for (const [id, params, start] of boards) {
  const def = core.gameDef(id);
  const partizan = Boolean(def.partizan);
  const positions = [start];
  let p = start;
  for (let turn = "reader"; positions.length < 12; turn = turn === "reader" ? "computer" : "reader") {
    const moves = partizan ? def.moves(p, params, turn) : def.moves(p, params);
    if (!moves.length) break;
    p = moves[Math.floor(rng() * moves.length)].after;
    // a partizan position is timed with the computer to move only when it is the computer's turn there
    if (!partizan || turn === "reader") positions.push(p);
  }
  let worst = 0;
  let sum = 0;
  const reps = 20;
  for (const q of positions) {
    const t0 = performance.now();
    // partizan games get the mover directly (a core that passes `turn` does the same in computerMove)
    const reply = partizan ? () => def.best(q, params, "computer") ?? def.moves(q, params, "computer")[0] : () => core.computerMove(def, q, params);
    for (let r = 0; r < reps; r++) reply();
    const ms = (performance.now() - t0) / reps;
    worst = Math.max(worst, ms);
    sum += ms;
  }
  const name = id + (params.no_jumps ? " (Nimble-2)" : "");
  const bytes = JSON.stringify(params).length;
  console.log(`${name.padEnd(20)} ${String(bytes).padStart(7)} ${String(positions.length).padStart(11)} ${worst.toFixed(3).padStart(18)} ${(sum / positions.length).toFixed(3).padStart(17)}`);
}
