// Fibonacci Nim's page rules: the explanation's move is the computer's, the board has one button per
// legal take, typed starts, saved states, and a mounted game that the computer wins. The replies on
// every position are compared with nimlib's search by tests/test_fibonacci.py (fibonacci_check.mjs).

import { test } from "node:test";
import assert from "node:assert/strict";

import * as core from "../../nimlib/static/core.js";
import {
  FIB_LIMIT,
  fibAnalysis,
  fibDraw,
  fibExplain,
  fibValidate,
  fibZeckendorf,
} from "../../nimlib/static/games/fibonacci.js";
import { explainProblems } from "./explain_invariant.mjs";
import { mountWidget, settle } from "./mount_helpers.mjs";

const def = core.gameDef("fibonacci-nim");
const params = { heap: 20 };

test("Zeckendorf sums: non-consecutive Fibonacci numbers that add up to n, for every heap the page plays", () => {
  const fibs = [1, 2];
  while (fibs[fibs.length - 1] < FIB_LIMIT) fibs.push(fibs[fibs.length - 1] + fibs[fibs.length - 2]);
  for (let n = 1; n <= FIB_LIMIT; n++) {
    const terms = fibZeckendorf(n);
    assert.equal(terms.reduce((a, b) => a + b, 0), n);
    const index = terms.map((t) => fibs.indexOf(t));
    assert.ok(index.every((i) => i >= 0), `${n}: ${terms}`);
    for (let i = 1; i < index.length; i++) assert.ok(index[i - 1] - index[i] >= 2, `${n}: ${terms} has consecutive terms`);
  }
  assert.deepEqual(fibZeckendorf(100), [89, 8, 3]);
  assert.deepEqual(fibZeckendorf(0), []);
});

test("the explanation's move is the computer's and the Hint's, on every N-position up to 60", () => {
  let checked = 0;
  for (let n = 1; n <= 60; n++) {
    for (let m = 0; m <= n; m++) {
      const a = fibAnalysis([n, m]);
      if (!a.winning) continue;
      // the generic invariant (the move wins, and it is the strategy's, the Hint's and the computer's); its
      // checks of the generic XOR table's words do not apply: this game words its own explanation, checked here
      const problems = explainProblems(def, [n, m], params, { isWinning: (after) => !fibAnalysis(after).winning });
      assert.deepEqual(problems.filter((p) => !/: the (table|text) /.test(p)), [], `(${n}, ${m})`);
      const reply = core.computerMove(def, [n, m], params);
      assert.deepEqual([core.bestMove(def, [n, m], params).move, reply.move], [[a.take], [a.take]]);
      assert.match(fibExplain([n, m]), new RegExp(`the winning move is to take ${a.take}, the smallest term`));
      assert.equal(core.explainPosition(def, [n, m], params), fibExplain([n, m]));
      checked++;
    }
  }
  assert.ok(checked > 1000, `${checked}`);
});

function fakeView() {
  const make = (tag, attrs = {}, ...children) => {
    const node = { tag, attrs: { ...attrs }, children: [], append: (...c) => node.children.push(...c), setAttribute: (k, v) => (node.attrs[k] = v) };
    node.append(...children.flat().filter((c) => c !== null && c !== undefined));
    return node;
  };
  return { el: make, moveButton: (move, content, { label } = {}) => make("button", { "data-move": JSON.stringify(move), "aria-label": label }, content) };
}

function buttons(node, out = []) {
  if (node && typeof node === "object") {
    if (node.tag === "button") out.push(node);
    node.children.forEach((c) => buttons(c, out));
  }
  return out;
}

test("the board has one take button per legal take, in a wrapping row, up to the limit", () => {
  for (const position of [[20, 19], [18, 4], [1, 0], [FIB_LIMIT, FIB_LIMIT - 1]]) {
    const board = fibDraw(position, params, fakeView());
    const got = buttons(board).map((b) => JSON.parse(b.attrs["data-move"]));
    assert.deepEqual(got, Array.from({ length: position[1] }, (_, i) => [i + 1]));
    const row = board.children.find((c) => String(c.attrs.className).includes("nimlib-row"));
    assert.ok(row, "the takes are a nimlib-row, which widget.css wraps at 390 px");
  }
});

test("typed starts, formats and saved states", () => {
  assert.deepEqual(def.parse("20", params), [20, 19]);
  assert.deepEqual(def.parse("(18, 4)", params), [18, 4]);
  assert.throws(() => def.parse(`${FIB_LIMIT + 1}`, params), /at most 200/);
  assert.throws(() => def.parse("5 6", params), /at most the heap/);
  assert.throws(() => def.parse("x", params), /whole number/);
  assert.throws(() => def.parse("1 2 3", params), /type the heap/);
  assert.equal(def.format([18, 4], params), "(18, 4)");
  assert.equal(fibValidate([18, 4], params), null);
  assert.match(fibValidate([4, 18], params), /at most the heap/);
  assert.match(fibValidate([FIB_LIMIT + 1, 1], params), /from 0 to 200/);
  assert.match(fibValidate([18, 4], { heap: 1 }), /params.heap/);
  assert.throws(() => core.applyMove(def, [10, 3], [4], params), /not a legal move/);
});

test("a mounted game: the computer answers a losing take with Whinihan's move and wins", async () => {
  const w = mountWidget({ game: "fibonacci-nim", params, position: [13, 12] });
  assert.match(w.text(), /13 counters left; the largest take allowed is 12/);
  for (let guard = 0; guard < 20 && w.root.querySelector("[data-move]"); guard++) {
    w.click("[data-move='[1]']");
    await settle();
    for (const entry of w.model.get("history").filter((e) => e.player === "computer")) {
      assert.equal(fibAnalysis(entry.after).winning, false, `the computer left (${entry.after}) to the reader`);
    }
  }
  assert.match(w.text(), /Game over/);
  assert.deepEqual(w.model.get("position")[0], 0);
  assert.equal(w.model.get("history").at(-1).player, "computer");
});
