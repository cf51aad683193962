// The widget core's pure logic: turns, undo, the winner, the generic strategy and explanation.
import test from "node:test";
import assert from "node:assert/strict";
import * as core from "../../nimlib/static/core.js";

// A toy game registered here: one heap, take 1 or 2 (normal play) -- g(n) = n mod 3
const toy = core.register({
  id: "toy-take12",
  title: () => "toy",
  rules: () => "take 1 or 2",
  parse: (text) => [Number(text)],
  format: (p) => `(${p})`,
  random: () => [5],
  moves: ([n]) => [1, 2].filter((s) => s <= n).map((s) => ({ move: [0, n - s], after: [n - s], label: `take ${s}` })),
  analyse: ([n]) => ({ components: [{ label: "heap 0", value: n % 3 }], total: n % 3 }),
  draw: () => null,
});
const toyMisere = core.register({ ...toy, id: "toy-take12-misere", misere: () => true });

test("register refuses an incomplete definition and gameDef names the known games", () => {
  assert.throws(() => core.register({ id: "half" }), /lacks title/);
  assert.throws(() => core.gameDef("nope"), /no game registered as "nope"/);
  assert.ok(core.registeredGames().includes("toy-take12"));
});

test("whose turn: alternate from whoever starts", () => {
  assert.equal(core.toMove([], false), "reader");
  assert.equal(core.toMove([], true), "computer");
  assert.equal(core.toMove([{ player: "reader" }], false), "computer");
  assert.equal(core.toMove([{ player: "reader" }, { player: "computer" }], false), "reader");
});

test("the winner: normal play the last mover, misère the player left without a move", () => {
  assert.equal(core.winner(toy, [3], {}, [], false), null); // not over
  assert.equal(core.winner(toy, [0], {}, [{ player: "reader" }], false), "reader");
  assert.equal(core.winner(toy, [0], {}, [{ player: "computer" }], true), "computer");
  assert.equal(core.winner(toyMisere, [0], {}, [{ player: "reader" }], false), "computer");
  // Nothing to take at the start: the player to move loses normal play, wins misère play
  assert.equal(core.winner(toy, [0], {}, [], false), "computer");
  assert.equal(core.winner(toy, [0], {}, [], true), "reader");
  assert.equal(core.winner(toyMisere, [0], {}, [], false), "reader");
});

test("undo drops the computer's replies and the reader's move before them", () => {
  const h = [
    { player: "computer", after: [7] },
    { player: "reader", after: [5] },
    { player: "computer", after: [3] },
  ];
  assert.deepEqual(core.undoHistory(h), [h[0]]);
  assert.equal(core.canUndo([h[0]]), false);
  assert.equal(core.canUndo(h), true);
  assert.deepEqual(core.undoHistory([h[0], h[1]]), [h[0]]);
});

test("the generic strategy moves to total 0, and stalls legally when it cannot", () => {
  assert.deepEqual(core.bestMove(toy, [4], {}).after, [3]);
  assert.deepEqual(core.bestMove(toy, [5], {}).after, [3]);
  assert.equal(core.bestMove(toy, [6], {}), null);
  const reply = core.computerMove(toy, [6], {});
  assert.equal(reply.winning, false);
  assert.ok([[5], [4]].some((a) => a[0] === reply.after[0]));
  assert.equal(core.computerMove(toy, [0], {}), null);
});

test("misère games without a formula are searched: take 1 or 2, last to move loses", () => {
  // misère P-positions of take-1-or-2 are n = 1 mod 3
  for (let n = 0; n < 15; n++) {
    const best = core.bestMove(toyMisere, [n], {});
    if (n % 3 === 1 || n === 0) assert.equal(best, null, `n=${n}`);
    else assert.equal(best.after[0] % 3, 1, `n=${n}`);
  }
  assert.throws(() => core.searchBest(toyMisere, [40], {}, 10), core.OutOfTable);
});

test("applyMove finds a move by its data-move and refuses others", () => {
  assert.deepEqual(core.applyMove(toy, [5], [0, 4], {}).after, [4]);
  assert.throws(() => core.applyMove(toy, [5], [0, 1], {}), /not a legal move/);
});

test("the generic explanation: binary columns, the top bit, the component to change and the move", () => {
  const sum = core.register({
    id: "toy-sum",
    title: () => "sum",
    rules: () => "",
    parse: () => [],
    format: () => "",
    random: () => [],
    moves: (p) => p.flatMap((h, i) => [...Array(h).keys()].map((b) => ({ move: [i, b], after: p.map((x, j) => (j === i ? b : x)), label: `heap ${i} to ${b}` }))),
    analyse: (p) => ({ components: p.map((h, i) => ({ label: `heap ${i}`, value: h })), total: p.reduce((a, b) => a ^ b, 0) }),
    draw: () => null,
  });
  const d = core.explainData(sum, [3, 4, 5], {});
  assert.deepEqual(d.rows.map((r) => r.bits), ["011", "100", "101"]);
  assert.deepEqual(d.columns, [0, 1, 0]);
  assert.equal(d.total, 2n);
  assert.equal(d.topBit, 1);
  assert.equal(d.component, 0);
  assert.equal(d.target, 1n);
  assert.equal(d.move.label, "heap 0 to 1");
  const html = core.explainHtml(sum, [3, 4, 5], {});
  assert.match(html, /class="nimlib-top"/);
  assert.match(html, /3 ⊕ 2 = 1/);
  assert.match(core.explainHtml(sum, [1, 2, 3], {}), /The XOR is 0/);
});

test("OutOfTable explanations become a message, not an exception", () => {
  const big = core.register({ ...toy, id: "toy-big", analyse: () => { throw new core.OutOfTable("beyond the table"); } });
  assert.match(core.explainPosition(big, [99], {}), /beyond the table/);
});

test("the seeded generator repeats, and keys treat BigInt as numbers", () => {
  const a = core.makeRng(7);
  const b = core.makeRng(7);
  const xs = [a(), a(), a()];
  assert.deepEqual(xs, [b(), b(), b()]);
  assert.ok(xs.every((x) => x >= 0 && x < 1));
  assert.equal(core.key([1n, [2, 3n]]), "[1,[2,3]]");
});
