// Large states that Python accepts (issue 25) mount and play in the page with bounded work: staircase
// nim on 1000 steps, Nimble on 1000 cells, Turning Corners 30 × 30 and at the page's limit, rows of 1000
// coins, Wythoff at its limit. The work is counted, not timed: the moves any function lists (a game that
// finds its moves by formula lists none to mount, hint, reply or explain) and the elements drawn. The
// time each case took is printed (a bench figure), never asserted.
import test from "node:test";
import assert from "node:assert/strict";
import * as core from "../../nimlib/static/core.js";
import "../../nimlib/static/games/coins.js";
import "../../nimlib/static/games/turning.js";
import "../../nimlib/static/games/wythoff.js";
import "../../nimlib/static/games/heaps.js";
import { HEAP_MAX_STONES } from "../../nimlib/static/games/heaps.js";
import { makeDocument as makeSmallDocument, makeModel, settle } from "./mount_helpers.mjs";
import { WYTHOFF_LIMIT } from "../../nimlib/static/games/wythoff.js";
import { TURNING_MAX_SIDE, TURNING_MAX_COINS } from "../../nimlib/static/games/turning.js";
import { COIN_MAX_CELLS } from "../../nimlib/static/games/coins.js";
import { octalValues } from "./octal_values.mjs";

globalThis.NIMLIB_DELAY = 0;

// tools/bench_page_limits.py sets NIMLIB_BENCH_FULL: every case at its full limit (the quick tier leaves out
// the two largest boards drawn, 10 000 squares or stones, and plays the quadratic games at a quarter)
const FULL = Boolean(globalThis.process && process.env.NIMLIB_BENCH_FULL);

const MOVES_BUDGET = 1000; // moves listed in all, per case (the formula games list none)
// elements created per place of the board (step, cell, coin, square), over the case's dozen redraws:
// linear in the board, so a step of 10^9 coins or a board of every move drawn blows it at once
const ELEMENTS_PER_PLACE = 150;

/** A small DOM that counts the elements it creates. */
function countingDocument() {
  const doc = makeSmallDocument();
  const make = doc.createElement;
  doc.created = 0;
  doc.createElement = (tag) => {
    doc.created++;
    return Object.assign(make(tag), { style: {} });
  };
  doc.createElementNS = (_, tag) => doc.createElement(tag);
  return doc;
}

/** Run `body` with the game's moves() counting every move it lists. */
async function counting(def, body) {
  const moves = def.moves;
  let listed = 0;
  def.moves = (...args) => {
    const out = moves(...args);
    listed += out.length;
    return out;
  };
  try {
    await body();
  } finally {
    def.moves = moves;
  }
  return listed;
}

/**
 * Mount, ask for a hint, play the hinted move (or the first move button), let the computer reply, and
 * open the explanation; then mount again with the computer to start. Returns the work counted.
 */
async function play(game, params, position) {
  const def = core.gameDef(game);
  const doc = countingDocument();
  const started = performance.now();
  let root;
  const listed = await counting(def, async () => {
    root = doc.createElement("div");
    const model = makeModel({ game, params, position });
    core.mount(model, root);
    assert.equal(root.querySelectorAll(".nimlib-invalid").length, 0, `${game} refused: ${root.textContent}`);
    root.querySelector("[data-ctl='hint']").click();
    const button = root.querySelector(".nimlib-board button.nimlib-hint") || root.querySelector(".nimlib-board button[data-move]");
    assert.ok(button, `${game}: no move button on the board`);
    button.click();
    await settle();
    const details = root.querySelector("details");
    details.open = true;
    details.dispatch("toggle");
    assert.ok(model.values.history.length >= 1, `${game}: the reader's move was not played`);
    const second = doc.createElement("div");
    const first = makeModel({ game, params, position, computerFirst: true });
    core.mount(first, second);
    assert.equal(first.values.history.length, 1, `${game}: the computer did not open`);
  });
  const ms = performance.now() - started;
  console.log(`# bench ${game} ${JSON.stringify(params).slice(0, 40)}: ${ms.toFixed(0)} ms, ${listed} moves listed, ${doc.created} elements`);
  return { listed, created: doc.created, root };
}

/** Lasker's nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3. */
function laskerTable(n) {
  return Array.from({ length: n + 1 }, (_, m) => (m === 0 ? 0 : m % 4 === 3 ? m + 1 : m % 4 === 0 ? m - 1 : m));
}

/** Kayles (0.77) by mex: take 1 or 2 pins, leaving 0, 1 or 2 rows. */
function octal77(n) {
  const g = [];
  for (let m = 0; m <= n; m++) {
    const seen = new Set();
    for (const k of [1, 2]) for (let a = 0; 2 * a <= m - k; a++) seen.add(g[a] ^ g[m - k - a]);
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

function rngFrom(seed) {
  return core.makeRng(seed);
}

const CASES = [
  ["staircase, 1000 steps of up to 10^9 coins", "staircase", { steps: 6 }, () => {
    const rng = rngFrom(1);
    return Array.from({ length: COIN_MAX_CELLS }, () => Math.floor(rng() * 1e9));
  }],
  ["Nimble, 1000 coins on 1000 cells", "nimble", { length: COIN_MAX_CELLS, no_jumps: false }, () => {
    const rng = rngFrom(2);
    return Array.from({ length: COIN_MAX_CELLS }, () => Math.floor(rng() * COIN_MAX_CELLS)).sort((a, b) => a - b);
  }],
  ["Nimble-2, 400 coins on 1000 cells", "nimble", { length: COIN_MAX_CELLS, no_jumps: true }, () => {
    const rng = rngFrom(3);
    const cells = new Set();
    while (cells.size < 400) cells.add(Math.floor(rng() * COIN_MAX_CELLS));
    return [...cells].sort((a, b) => a - b);
  }],
  ["turning turtles, 1000 coins", "turtles", { length: COIN_MAX_CELLS, twins: false }, () => {
    const rng = rngFrom(4);
    return Array.from({ length: COIN_MAX_CELLS }, () => (rng() < 0.5 ? 1 : 0));
  }],
  ["twins, 1000 coins", "turtles", { length: COIN_MAX_CELLS, twins: true }, () => {
    const rng = rngFrom(5);
    return Array.from({ length: COIN_MAX_CELLS }, () => (rng() < 0.5 ? 1 : 0));
  }],
  ["Mock Turtles, 1000 coins", "mock-turtles", { length: TURNING_MAX_COINS }, () => {
    const rng = rngFrom(6);
    return Array.from({ length: TURNING_MAX_COINS }, () => (rng() < 0.5 ? 1 : 0));
  }],
  ["the Ruler game, 1000 coins", "ruler", { length: TURNING_MAX_COINS }, () => {
    const rng = rngFrom(7);
    return Array.from({ length: TURNING_MAX_COINS }, () => (rng() < 0.5 ? 1 : 0));
  }],
  ["Turning Corners 30 × 30, every cell heads", "corners", { rows: 30, columns: 30 }, () => {
    const cells = [];
    for (let i = 1; i <= 30; i++) for (let j = 1; j <= 30; j++) cells.push([i, j]);
    return cells;
  }],
  [`Turning Corners at the limit, ${TURNING_MAX_SIDE} × ${TURNING_MAX_SIDE}, half heads`, FULL && "corners", { rows: TURNING_MAX_SIDE, columns: TURNING_MAX_SIDE }, () => {
    const rng = rngFrom(8);
    const cells = [];
    for (let i = 1; i <= TURNING_MAX_SIDE; i++) for (let j = 1; j <= TURNING_MAX_SIDE; j++) if (rng() < 0.5) cells.push([i, j]);
    return cells;
  }],
  ["Lasker's nim, 1000 heaps of 10", FULL && "lasker", { values: laskerTable(1000) }, () => Array(1000).fill(HEAP_MAX_STONES / 1000)],
  ["Lasker's nim, 4 heaps of about 1000", "lasker", { values: laskerTable(1000) }, () => [1000, 997, 990, 981]],
  ["octal 0.77 (Kayles) as heaps, 8 heaps of up to 300", "heaps", { take_one: [1, 2], take_all: [1, 2], take_split: [1, 2], values: octal77(300) }, () => Array.from({ length: 8 }, (_, i) => 300 - 7 * i)],
  [`Wythoff at the limit (${WYTHOFF_LIMIT}, ${WYTHOFF_LIMIT - 1})`, "wythoff", { board: 12 }, () => [WYTHOFF_LIMIT, WYTHOFF_LIMIT - 1]],
];

let checked = 0;
const RUN = CASES.filter(([, game]) => game);
for (const [what, game, params, make] of RUN) {
  test(`${what}: mounts, hints, plays and replies with bounded work`, async () => {
    const position = make();
    const { listed, created } = await play(game, params, position);
    const stones = ["lasker", "heaps"].includes(game) ? position.reduce((a, n) => a + n, 0) : 0;
    const places = game === "corners" ? params.rows * params.columns : game === "wythoff" ? (WYTHOFF_LIMIT + 1) ** 2 : stones || position.length;
    const ELEMENTS_BUDGET = ELEMENTS_PER_PLACE * places;
    // Wythoff lists the queen's moves (at most 3 × 99 a position) to draw its targets
    // heap games list one heap's moves at a time (about 1.5 a stone, a few times)
    const budget = game === "wythoff" ? 20 * 3 * WYTHOFF_LIMIT : stones ? 20 * 1000 : MOVES_BUDGET;
    assert.ok(listed <= budget, `${what}: ${listed} moves listed (budget ${budget})`);
    assert.ok(created <= ELEMENTS_BUDGET, `${what}: ${created} elements created (budget ${ELEMENTS_BUDGET})`);
    checked++;
  });
}

test("the formula games' replies are winning moves (the XOR after them is 0)", () => {
  for (const [what, game, params, make] of RUN) {
    if (game === "wythoff") continue;
    const def = core.gameDef(game);
    const position = make();
    const best = core.bestMove(def, position, params);
    if (best === null) continue;
    assert.equal(core.totalOf(def, best.after, params), 0n, what);
    // and it is a legal move: the game's apply accepts it and gives the same position
    assert.equal(core.key(core.applyMove(def, position, best.move, params).after), core.key(best.after), what);
  }
});

test("beyond the limits the page refuses with a message (Python refuses these too)", () => {
  const doc = countingDocument();
  const refused = [
    ["wythoff", { board: 12 }, [150, 200]],
    ["staircase", {}, Array(COIN_MAX_CELLS + 1).fill(1)],
    ["nimble", { length: COIN_MAX_CELLS }, Array(COIN_MAX_CELLS + 1).fill(1)],
    ["corners", { rows: TURNING_MAX_SIDE + 1, columns: 2 }, [[2, 2]]],
    ["mock-turtles", { length: TURNING_MAX_COINS + 1 }, [1]],
    ["lasker", { values: laskerTable(1000) }, Array(11).fill(1000)],
  ];
  for (const [game, params, position] of refused) {
    const root = doc.createElement("div");
    core.mount(makeModel({ game, params, position }), root);
    assert.equal(root.querySelectorAll(".nimlib-invalid").length, 1, `${game} ${core.key(params)}: not refused`);
  }
});

test("every large case ran (a run that checks nothing fails)", () => {
  assert.ok(RUN.length >= 11 && checked === RUN.length, `${checked} of ${RUN.length} cases ran`);
});

// ------------------------------------------------------------------ replies at the other limits (no DOM)

import "../../nimlib/static/games/strips.js";
import "../../nimlib/static/games/trominoes.js";
import "../../nimlib/static/games/northcott.js";
import "../../nimlib/static/games/hackenbush.js";
import "../../nimlib/static/games/nim.js";
import { STRIP_MAX_CELLS } from "../../nimlib/static/games/strips.js";
import { NORTH_MAX } from "../../nimlib/static/games/northcott.js";
import { HB_MAX_EDGES } from "../../nimlib/static/games/hackenbush.js";
import { NIM_MAX_HEAPS } from "../../nimlib/static/games/nim.js";


// The quick tier plays Hackenbush and trominoes at a quarter of their limits (their replies are quadratic:
// each move's position is analysed once).

const REPLIES = () => {
  const rng = rngFrom(9);
  const edges = [];
  const coords = {};
  const cut = (limit) => (FULL ? limit : Math.floor(limit / 4));
  for (let v = 1; v <= cut(HB_MAX_EDGES); v++) {
    edges.push([Math.floor(rng() * v), v]); // a random tree on the ground, one edge a vertex
    coords[v] = [v % 13, 1 + (v % 17)];
  }
  const n = STRIP_MAX_CELLS;
  return [
    ["nim", {}, Array.from({ length: NIM_MAX_HEAPS }, () => Math.floor(rng() * 2 ** 40))],
    ["moore", { k: 5 }, Array.from({ length: NIM_MAX_HEAPS }, () => Math.floor(rng() * 2 ** 40))],
    ["kayles", { length: n, values: octalValues([7, 7], n) }, Array.from({ length: n }, () => (rng() < 0.8 ? 1 : 0))],
    ["dawson", { length: n, values: octalValues([1, 3, 7], n) }, Array(n).fill(0)],
    ["trominoes", { columns: cut(n), values: octalValues([0, 0, 7], 2 * cut(n)) }, [Array(cut(n)).fill(0), Array(cut(n)).fill(0)]],
    ["northcott", { width: NORTH_MAX, rows: 20 }, Array.from({ length: 20 }, (_, r) => [r, NORTH_MAX - 1 - r])],
    ["hackenbush", { edges, coords }, edges.map((_, i) => i)],
  ];
};

test("replies at the limits of the other games list each move a few times at most and analyse it once", async () => {
  let checked = 0;
  for (const [game, params, position] of REPLIES()) {
    const def = core.gameDef(game);
    assert.equal(core.statePositionError(def, position, params), null, game);
    const analyse = def.analyse;
    let analyses = 0;
    def.analyse = (...args) => (analyses++, analyse(...args));
    const started = performance.now();
    let listed;
    try {
      listed = await counting(def, () => {
        for (const turn of ["reader", "computer"]) {
          core.isOver(def, position, params, turn);
          core.computerMove(def, position, params, turn);
        }
      });
    } finally {
      def.analyse = analyse;
    }
    console.log(`# bench ${game} at ${FULL || !["trominoes", "hackenbush"].includes(game) ? "its limit" : "a quarter of its limit"}: ${(performance.now() - started).toFixed(0)} ms, ${listed} moves listed, ${analyses} analyses`);
    // two replies: each lists the moves at most a few times (the sum rule, a stall) and analyses each once
    const size = game === "trominoes" ? 2 * position[0].length : position.length;
    assert.ok(listed <= 20 * size, `${game}: ${listed} moves listed for a board of ${size}`);
    assert.ok(analyses <= 20 * size, `${game}: ${analyses} analyses for a board of ${size}`);
    checked++;
  }
  assert.equal(checked, 7);
});
