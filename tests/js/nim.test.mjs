// Nim, misère Nim and Moore's Nim_k in the page: the same moves and explanations as nimlib.
import test from "node:test";
import assert from "node:assert/strict";
import * as core from "../../nimlib/static/core.js";
import { mooreWinning, mooreMisereWinning, nimApply, nimExplainData, nimIsP, nimMisereIsP } from "../../nimlib/static/games/nim.js";

const nim = core.gameDef("nim");
const moore = core.gameDef("moore");
const misere = core.gameDef("misere-nim");

test("the four games are registered", () => {
  for (const id of ["nim", "misere-nim", "moore", "misere-moore"]) assert.equal(core.gameDef(id).id, id);
});

test("winning moves as nimlib.moore.winning_move gives them", () => {
  assert.deepEqual(mooreWinning([3, 4, 5], 1), [[0, 1]]);
  assert.deepEqual(mooreWinning([1, 2, 3], 2), [[1, 1], [2, 1]]);
  assert.deepEqual(mooreWinning([3, 4, 5], 2), [[1, 3], [2, 3]]);
  assert.equal(mooreWinning([1, 2, 3], 1), null);
  assert.ok(nimIsP([1, 1, 1], 2) && !nimIsP([1, 1, 1], 1));
});

test("misère: the last stone loses; all-small positions count the 1-heaps mod k + 1", () => {
  assert.equal(nimMisereIsP([0, 0], 1), false); // the player to move has already won
  assert.equal(nimMisereIsP([1], 1), true);
  assert.equal(nimMisereIsP([1, 1, 1, 1], 2), true); // 4 = 1 mod 3
  assert.deepEqual(mooreMisereWinning([1, 1], 1), [[0, 0]]);
  assert.deepEqual(mooreMisereWinning([1, 1, 2], 1), [[2, 1]]);
  assert.deepEqual(mooreMisereWinning([0, 3], 1), [[1, 1]]);
  assert.equal(mooreMisereWinning([0, 0], 1), null);
});

test("twenty heaps of 10^9: exact BigInt arithmetic, a reply that balances, in one step", () => {
  const heaps = Array.from({ length: 20 }, (_, i) => 1e9 + 7 * i);
  const best = core.bestMove(nim, heaps, {});
  assert.ok(best !== null);
  assert.ok(nimIsP(best.after, 1));
  const huge = [2 ** 53 - 1, 2 ** 52, 3];
  const reply = core.bestMove(nim, huge, {});
  assert.equal(reply.after.reduce((a, b) => a ^ BigInt(b), 0n), 0n);
  assert.ok(reply.after.every((h) => Number.isSafeInteger(h)));
});

test("illegal moves are refused with a reason", () => {
  assert.throws(() => nimApply([3, 4, 5], [7, 0], 1), /no heap 7/);
  assert.throws(() => nimApply([3, 4, 5], [0, 3], 1), /cannot become 3/);
  assert.throws(() => nimApply([3, 4, 5], [[0, 1], [1, 1]], 1), /at most 1 heap/);
  assert.throws(() => nimApply([3, 4, 5], [[0, 1], [0, 2]], 2), /twice/);
  assert.throws(() => nimApply([3, 4, 5], [0, 1.5], 1), /cannot become/);
  assert.deepEqual(nimApply([5, 6, 7], [[2, 1], [1, 1]], 2).move, [[1, 1], [2, 1]]);
});

test("typed positions: the book's notation or plain numbers; nothing a double cannot hold", () => {
  assert.deepEqual(nim.parse("(3, 4, 5)"), [3, 4, 5]);
  assert.deepEqual(nim.parse("3 4 5"), [3, 4, 5]);
  assert.throws(() => nim.parse("3 -1"), /whole number/);
  assert.throws(() => nim.parse("9007199254740992"), /at most/);
  assert.throws(() => nim.parse(""), /type heap sizes/);
  assert.equal(nim.format([3, 0, 5]), "(3, 0, 5)");
});

test("the explanation is nimlib.explain.xor_steps((3, 4, 5)) in the page", () => {
  const d = nimExplainData([3, 4, 5], 1, false);
  assert.deepEqual(d.rows, ["011", "100", "101"]);
  assert.deepEqual(d.sums, [0, 1, 0]);
  assert.equal(d.total, 2n);
  assert.equal(d.topBit, 1);
  assert.deepEqual(d.move, [[0, 1]]);
  assert.match(d.steps[0], /3 ⊕ 4 ⊕ 5 = 2/);
  const m = nimExplainData([1, 2, 3], 2, false);
  assert.deepEqual(m.sums, [2, 2]);
  assert.deepEqual(m.move, [[1, 1], [2, 1]]);
  const e = nimExplainData([0, 0], 1, true);
  assert.match(e.steps.join(" "), /the player to move has won/);
  assert.match(core.explainPosition(moore, [1, 2, 3], { k: 2 }), /sum mod 3/);
});

test("the computer stalls by one stone from the largest heap when it is losing", () => {
  const reply = core.computerMove(nim, [1, 2, 3], {});
  assert.equal(reply.winning, false);
  assert.deepEqual(reply.after, [1, 2, 2]);
  assert.equal(core.computerMove(misere, [0, 0], {}), null);
});
