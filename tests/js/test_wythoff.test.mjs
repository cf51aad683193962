// Wythoff's game in the browser against nimlib, on every position of a 12 × 12 board.
// The fixture tests/js/fixtures/wythoff.json is written by tests/test_wythoff.py (run pytest first).

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { gameDef, bestMove, computerMove, isOver, applyMove } from "../../nimlib/static/core.js";
import {
  wythoffLower,
  wythoffUpper,
  wythoffIsqrt,
  wythoffIsP,
  wythoffGrundy,
  wythoffExplain,
  wythoffDraw,
  WYTHOFF_LIMIT,
} from "../../nimlib/static/games/wythoff.js";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/wythoff.json", import.meta.url), "utf8"));
const def = gameDef("wythoff");
const params = { board: 12 };
const positions = Object.entries(fixture.positions).map(([k, v]) => [k.split(",").map(Number), v]);

test("the golden-ratio pairs match nimlib.wythoff.p_positions", () => {
  fixture.p_positions.forEach(([a, b], n) => {
    assert.equal(wythoffLower(n), a);
    assert.equal(wythoffUpper(n), b);
  });
  // exact integer square roots near squares, where a float root could round the wrong way
  for (const r of [1, 2, 1000, 94906265]) {
    assert.equal(wythoffIsqrt(r * r), r);
    assert.equal(wythoffIsqrt(r * r - 1), r - 1);
  }
});

test("moves, labels, Grundy values and P-positions agree with nimlib on every position", () => {
  for (const [position, want] of positions) {
    const moves = def.moves(position, params);
    assert.deepEqual(moves.map((m) => m.move), want.moves, `moves from ${position}`);
    assert.deepEqual(moves.map((m) => m.after), want.moves);
    assert.deepEqual(moves.map((m) => m.label), want.labels, `labels from ${position}`);
    assert.equal(def.analyse(position, params).total, want.grundy, `G${position}`);
    assert.equal(wythoffGrundy(position), want.grundy);
    assert.equal(wythoffIsP(position), want.p, `P-position ${position}`);
    assert.equal(isOver(def, position, params), want.moves.length === 0);
  }
});

test("the strategy plays a winning move from every N-position and none exists from a P-position", () => {
  for (const [position, want] of positions) {
    const best = bestMove(def, position, params);
    if (want.p) {
      assert.equal(best, null, `${position} is a P-position`);
    } else {
      assert.deepEqual(best.move, want.winning[0], `best from ${position}`);
      const reply = computerMove(def, position, params);
      assert.equal(reply.winning, true);
      assert.equal(wythoffIsP(reply.after), true);
    }
    if (want.p && want.stall) {
      const reply = computerMove(def, position, params);
      assert.equal(reply.winning, false);
      assert.deepEqual(reply.move, want.stall, `stalling move from ${position}`);
    }
  }
});

test("illegal moves and positions are refused", () => {
  assert.throws(() => applyMove(def, [3, 3], [2, 4], params), /not a legal move/);
  assert.throws(() => applyMove(def, [3, 3], [1, 2], params), /not a legal move/);
  assert.throws(() => def.parse("3", params), /two heaps/);
  assert.throws(() => def.parse("3 x", params), /whole number/);
  assert.throws(() => def.parse(`3 ${WYTHOFF_LIMIT + 1}`, params), /at most/);
  assert.deepEqual(def.parse("(7, 11)", params), [7, 11]);
  assert.equal(def.format([7, 11], params), "(7, 11)");
});

test("the explanation names the pair and the winning moves", () => {
  assert.match(wythoffExplain([4, 7]), /P-position/);
  assert.match(wythoffExplain([7, 11]), /take 1 from both heaps → \(6, 10\)/);
  assert.match(wythoffExplain([7, 11]), /take 7 from heap 1 → \(7, 4\)/);
  assert.match(wythoffExplain([0, 0]), /corner/);
});

// A DOM-free view: elements as plain objects, enough to read the board's buttons
function fakeView() {
  const make = (tag, attrs = {}, ...children) => {
    const node = { tag, attrs: { ...attrs }, children: [], append: (...c) => node.children.push(...c), setAttribute: (k, v) => (node.attrs[k] = v) };
    node.append(...children.flat().filter((c) => c !== null && c !== undefined));
    return node;
  };
  return {
    el: make,
    moveButton: (move, content, { label } = {}) => make("button", { "data-move": JSON.stringify(move), "aria-label": label }, content),
  };
}

function collect(node, out = []) {
  if (node && typeof node === "object") {
    if (node.tag === "button") out.push(node);
    node.children.forEach((c) => collect(c, out));
  }
  return out;
}

test("the board has one data-move button for each square the queen can reach", () => {
  for (const [position, want] of positions) {
    const buttons = collect(wythoffDraw(position, params, fakeView()));
    const got = buttons.map((b) => JSON.parse(b.attrs["data-move"])).sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    const expected = want.moves.slice().sort((p, q) => p[0] - q[0] || p[1] - q[1]);
    assert.deepEqual(got, expected, `buttons at ${position}`);
  }
});

test("the explanation's move is the computer's and the Hint's, on every position up to 12", async () => {
  const core = await import("../../nimlib/static/core.js");
  const { explainProblems } = await import("./explain_invariant.mjs");
  const { wythoffIsP } = await import("../../nimlib/static/games/wythoff.js");
  const def = core.gameDef("wythoff");
  let checked = 0;
  for (let x = 0; x <= 12; x++) {
    for (let y = 0; y <= 12; y++) {
      if (wythoffIsP([x, y])) continue;
      assert.deepEqual(explainProblems(def, [x, y], {}, { isWinning: (after) => wythoffIsP(after) }), [], `(${x}, ${y})`);
      checked++;
    }
  }
  assert.ok(checked > 100);
});

test("the board is one grid at every size the page accepts: it never wraps, and scrolls in its own box", async () => {
  const { WYTHOFF_CELL } = await import("../../nimlib/static/games/wythoff.js");
  assert.ok(WYTHOFF_CELL >= 24, "squares are 24 px targets at least");
  const all = (node, out = []) => {
    if (node && typeof node === "object") {
      out.push(node);
      node.children.forEach((c) => all(c, out));
    }
    return out;
  };
  for (const position of [[13, 8], [30, 30], [WYTHOFF_LIMIT, WYTHOFF_LIMIT], [0, WYTHOFF_LIMIT], [2, 3]]) {
    const nodes = all(wythoffDraw(position, { board: 12 }, fakeView()));
    const side = Math.max(12, position[0] + 1, position[1] + 1);
    const grid = nodes.find((n) => n.attrs.className === "nimlib-wythoff");
    assert.match(grid.attrs.style, new RegExp(`display:grid;grid-template-columns:repeat\\(${side}, ${WYTHOFF_CELL}px\\)`));
    // every square is a cell of the grid itself: no row of it is a wrapping flex row (widget.css wraps .nimlib-row)
    assert.equal(grid.children.length, side * side, `${position}`);
    assert.ok(nodes.every((n) => !String(n.attrs.className || "").includes("nimlib-row")), `${position}: a row that wraps`);
    const box = nodes.find((n) => n.attrs.className === "nimlib-wythoff-box");
    assert.ok(box.children.includes(grid));
    for (const rule of ["max-width:100%", "overflow:auto", "max-height:"]) assert.ok(box.attrs.style.includes(rule), `${box.attrs.style} lacks ${rule}`);
  }
});
