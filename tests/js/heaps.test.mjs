// Lasker's Nim, Grundy's game and subtraction games in the page: stone clicks take, gap clicks split.
import test from "node:test";
import assert from "node:assert/strict";
import * as core from "../../nimlib/static/core.js";
import { heapMoves } from "../../nimlib/static/games/heaps.js";

const moves = (id, p, params = {}) => heapMoves(id, p, params).map((m) => JSON.stringify(m.move)).sort();

test("Lasker's Nim: take any number, or split into two non-empty heaps", () => {
  assert.deepEqual(moves("lasker", [3]), ["[0,0]", "[0,1]", "[0,2]", "[0,[1,2]]"]);
  const split = heapMoves("lasker", [4, 5], {}).find((m) => JSON.stringify(m.move) === "[1,[2,3]]");
  assert.deepEqual(split.after, [4, 2, 3]); // the parts take the places 1 and 2
});

test("Grundy's game: split into two different sizes only", () => {
  assert.deepEqual(moves("grundy", [4]), ["[0,[1,3]]"]);
  assert.deepEqual(moves("grundy", [2]), []);
});

test("subtraction games take s in S", () => {
  assert.deepEqual(moves("subtraction", [5], { subtract: [1, 2, 3] }), ["[0,2]", "[0,3]", "[0,4]"]);
  assert.deepEqual(moves("subtraction", [2], { subtract: [3] }), []);
});

test("a heap beyond the Grundy table is refused with a message", () => {
  const lasker = core.gameDef("lasker");
  const params = { values: [0, 1, 2, 4, 3] };
  assert.throws(() => lasker.analyse([5], params), (e) => e instanceof core.OutOfTable && /up to 4 stones/.test(e.message));
  assert.throws(() => lasker.parse("9", params), /at most 4 stones/);
  assert.equal(lasker.analyse([3, 4], params).total, 4 ^ 3);
});

test("the generic strategy reaches XOR 0 with the table from Python", () => {
  const lasker = core.gameDef("lasker");
  const values = [0, 1, 2, 4, 3, 5, 6, 8, 7];
  const best = core.bestMove(lasker, [3, 5, 7], { values });
  const total = best.after.reduce((a, n) => a ^ values[n], 0);
  assert.equal(total, 0);
});

test("'heaps' plays a TakeRule from Python: Lasker's Nim and subtraction {1, 2, 3} again", () => {
  const lasker = { take_any: true, take_split: [0], take_all: [], take_one: [], unequal: false };
  assert.deepEqual(moves("heaps", [3], lasker), moves("lasker", [3]));
  const s123 = { take_all: [1, 2, 3], take_one: [1, 2, 3], take_split: [], unequal: false, take_any: false };
  assert.deepEqual(moves("heaps", [5], s123), moves("subtraction", [5], { subtract: [1, 2, 3] }));
  assert.deepEqual(moves("heaps", [2], s123), ["[0,0]", "[0,1]"]);
  const grundy = { take_split: [0], unequal: true, take_all: [], take_one: [], take_any: false };
  assert.deepEqual(moves("heaps", [4], grundy), moves("grundy", [4]));
  assert.match(core.gameDef("heaps").rules(grundy), /different sizes/);
});

test("'Why the computer played' explains the move actually played, even one in another component", () => {
  // Grundy's game g(0..11); from (7, 1, 11) the top-bit rule changes heap 2, but a reply chosen elsewhere
  // (by Python in Jupyter) must be explained as itself: the text names a component that move changes
  const grundy = core.gameDef("grundy");
  const params = { values: [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2] };
  const position = [7, 1, 11];
  const winning = grundy.moves(position, params).filter((m) => m.after.reduce((a, n) => a ^ params.values[n], 0) === 0);
  const usual = core.explainData(grundy, position, params, "computer");
  const other = winning.find((m) => !m.parts.includes(usual.component));
  assert.ok(other, "some winning move lies outside the named component");
  const played = { move: other.move, after: other.after, label: other.label };
  const d = core.explainData(grundy, position, params, "computer", played);
  assert.equal(core.key(d.move.move), core.key(other.move));
  assert.ok(other.parts.includes(d.component));
  const html = core.explainHtml(grundy, position, params, "computer", played);
  assert.ok(html.includes(core.escapeHtml(d.rows[d.component].label)) && html.includes(core.escapeHtml(other.label)));
});
