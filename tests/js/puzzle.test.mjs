// Puzzle mode ("Your turn"): drawing P and N positions by difficulty, judging answers and moves, the streak.
// The chapters' exact games and tables are checked against nimlib by tests/test_puzzles.py; here the games
// need no table from Python (Nim, misère Nim, Nim_2, S(1, 2, 3), Lasker's nim, Wythoff, turning turtles).
import test from "node:test";
import assert from "node:assert/strict";
import * as core from "../../nimlib/static/core.js";
import * as pz from "../../nimlib/static/puzzle.js";
import "../../nimlib/static/games/nim.js";
import "../../nimlib/static/games/heaps.js";
import "../../nimlib/static/games/wythoff.js";
import "../../nimlib/static/games/coins.js";

// Lasker's nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3
const laskerValues = Array.from({ length: 21 }, (_, n) => (n === 0 ? 0 : n % 4 === 3 ? n + 1 : n % 4 === 0 ? n - 1 : n));
const nimSum = (heaps) => heaps.reduce((a, h) => a ^ Number(h), 0);
const GAMES = [
  { id: "nim", params: {}, sizes: [2, 20], isP: (p) => nimSum(p) === 0 },
  { id: "misere-nim", params: {}, sizes: [2, 16], isP: (p) => (p.every((h) => h <= 1) ? nimSum(p) === 1 : nimSum(p) === 0) },
  { id: "subtraction", params: { subtract: [1, 2, 3], values: Array.from({ length: 21 }, (_, n) => n % 4) }, sizes: [3, 15], isP: (p) => nimSum(p.map((n) => n % 4)) === 0 },
  { id: "lasker", params: { values: laskerValues }, sizes: [4, 30], isP: (p) => nimSum(p.map((n) => laskerValues[n])) === 0 },
  { id: "wythoff", params: { board: 12 }, sizes: [3, 24], isP: ([x, y]) => { const a = Math.min(x, y), n = Math.abs(x - y); return a === Math.floor((n * (1 + Math.sqrt(5))) / 2); } },
  { id: "turtles", params: { length: 11 }, sizes: [2, 16], isP: (p) => nimSum(p.map((c, i) => (c ? i + 1 : 0))) === 0 },
];

for (const g of GAMES) {
  const def = core.gameDef(g.id);

  test(`${g.id}: 200 puzzles are about half P, half N, each judged as the formula says`, () => {
    const rng = core.makeRng(19);
    let p = 0;
    for (let i = 0; i < 200; i++) {
      const r = pz.puzzlePosition(def, g.params, rng, { difficulty: i % pz.PUZZLE_LEVELS, wantP: pz.puzzleWantP(rng), sizes: g.sizes });
      assert.equal(r.isP, g.isP(r.position), `${core.key(r.position)}`);
      assert.ok(!core.isOver(def, r.position, g.params), "a puzzle is never a finished game");
      p += r.isP ? 1 : 0;
    }
    assert.ok(p >= 70 && p <= 130, `${p} P-positions of 200`);
  });

  test(`${g.id}: harder puzzles offer more moves`, () => {
    const rng = core.makeRng(3);
    const mean = (difficulty) => {
      let total = 0;
      for (let i = 0; i < 40; i++) total += pz.puzzlePosition(def, g.params, rng, { difficulty, wantP: i % 2 === 0, sizes: g.sizes }).size;
      return total / 40;
    };
    const [easy, middle, hard] = [0, 2, 4].map(mean);
    assert.ok(easy < middle && middle < hard, `${easy} < ${middle} < ${hard}`);
    assert.ok(easy < (g.sizes[0] + g.sizes[1]) / 2 && hard >= g.sizes[1] * 0.7, `${easy}, ${hard} for sizes ${g.sizes}`);
  });

  test(`${g.id}: answers and moves are judged right and wrong, a losing move gets the winning reply`, () => {
    const rng = core.makeRng(5);
    const P = pz.puzzlePosition(def, g.params, rng, { difficulty: 2, wantP: true, sizes: g.sizes }).position;
    const N = pz.puzzlePosition(def, g.params, rng, { difficulty: 2, wantP: false, sizes: g.sizes }).position;
    assert.ok(g.isP(P) && !g.isP(N));
    const rightP = pz.judgeAnswer(def, P, g.params, "P");
    assert.deepEqual([rightP.correct, rightP.verdict, rightP.winning], [true, "P", null]);
    assert.equal(pz.judgeAnswer(def, P, g.params, "N").correct, false);
    const wrongP = pz.judgeAnswer(def, N, g.params, "P");
    assert.equal(wrongP.correct, false);
    assert.equal(wrongP.verdict, "N");
    assert.ok(wrongP.explanation.length > 20, "the reason is the position's explanation");
    assert.ok(g.isP(wrongP.winning.after), "the winning move named leaves a P-position");
    assert.equal(pz.judgeAnswer(def, N, g.params, "N").correct, true);
    assert.throws(() => pz.judgeAnswer(def, N, g.params, "maybe"), /"P" or "N"/);
    // every move from N is judged: winning exactly when it leaves a P-position
    const options = def.moves(N, g.params, "reader");
    let losing = 0;
    for (const m of options) {
      const j = pz.judgeMove(def, N, g.params, m.move);
      const leavesP = core.isOver(def, m.after, g.params) ? !core.isMisere(def, g.params) : g.isP(m.after);
      assert.equal(j.correct, leavesP, `${core.key(N)} ${m.label}`);
      if (!j.correct && j.reply) {
        losing += 1;
        assert.ok(j.reply.winning && g.isP(j.reply.after), `the computer's reply to ${m.label} wins`);
        assert.deepEqual(j.reply.after, core.applyMove(def, m.after, j.reply.move, g.params, "computer").after);
      }
    }
    assert.ok(losing > 0, "some move loses and is answered");
    assert.throws(() => pz.judgeMove(def, N, g.params, ["no such move"]), Error);
  });
}

test("the same seed draws the same puzzles (a page reloads the same sequence)", () => {
  const def = core.gameDef("nim");
  const draw = () => {
    const rng = core.makeRng(42);
    return Array.from({ length: 10 }, (_, i) => pz.puzzlePosition(def, {}, rng, { difficulty: i % 5, wantP: pz.puzzleWantP(rng) }).position);
  };
  assert.deepEqual(draw(), draw());
});

test("bad sizes are refused, naming what is expected", () => {
  const def = core.gameDef("nim");
  for (const sizes of [[5, 2], [0, 3], [3], "big"]) {
    assert.throws(() => pz.puzzlePosition(def, {}, core.makeRng(1), { sizes }), /sizes must be \[fewest, most\]/);
  }
});

test("the streak: right answers climb a level, three wrong in a row offer an easier puzzle", () => {
  let s = pz.puzzleState();
  assert.deepEqual([s.streak, s.level, s.solved, s.played, s.offerEasier], [0, 0, 0, 0, false]);
  for (let i = 0; i < 7; i++) s = pz.puzzleRecord(s, true);
  assert.deepEqual([s.streak, s.level, s.solved, s.played], [7, pz.PUZZLE_LEVELS - 1, 7, 7]); // the level stops at the top
  s = pz.puzzleRecord(s, false);
  assert.deepEqual([s.streak, s.wrongRun, s.offerEasier, s.level], [0, 1, false, pz.PUZZLE_LEVELS - 1]);
  s = pz.puzzleRecord(s, false);
  assert.equal(s.offerEasier, false);
  s = pz.puzzleRecord(s, false);
  assert.equal(s.offerEasier, true, "three wrong in a row");
  assert.equal(s.solved, 7);
  const easier = pz.puzzleEasier(s);
  assert.ok(easier.level < s.level && !easier.offerEasier && easier.wrongRun === 0);
  // a right answer between wrong ones resets the run
  let t = pz.puzzleState();
  for (const right of [false, false, true, false, false]) t = pz.puzzleRecord(t, right);
  assert.equal(t.offerEasier, false);
  // and the easier puzzle is smaller: positions at the lower level offer fewer moves
  const def = core.gameDef("nim");
  const rng = core.makeRng(8);
  const mean = (level) => Array.from({ length: 30 }, () => pz.puzzlePosition(def, {}, rng, { difficulty: level, sizes: [2, 20] }).size).reduce((a, b) => a + b) / 30;
  assert.ok(mean(easier.level) < mean(s.level));
  // a reader coming back with a streak starts at that level
  assert.equal(pz.puzzleState({ streak: 2, solved: 5, played: 9 }).level, 2);
});

test("the bundle dispatches on mode: core's default export mounts a puzzle when mode is puzzle", async () => {
  const { readFileSync } = await import("node:fs");
  const source = readFileSync(new URL("../../nimlib/static/core.js", import.meta.url), "utf8");
  assert.match(source, /model\.get\("mode"\) === "puzzle"\) return mountPuzzle\(model, root\)/);
  assert.equal(typeof pz.mountPuzzle, "function");
});
