// Coin-turning games in the page (games/turning.js): values, moves, the clicks that make a move, and,
// with the fixture tests/test_js_turning.py writes (NIMLIB_TURNING_FIXTURE), every small position
// against nimlib: the moves, the components, the XOR (and the value exhaustive search finds), the strategy.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as core from "../../nimlib/static/core.js";
import { explainProblems } from "./explain_invariant.mjs";
import {
  turningCornersMoves,
  turningLowbit,
  turningNimProduct,
  turningOdious,
  turningRowMoves,
} from "../../nimlib/static/games/turning.js";

const keys = (moves) => moves.map((m) => core.key(m.move));

function mex(values) {
  const seen = new Set(values);
  let m = 0;
  while (seen.has(m)) m++;
  return m;
}

test("values: odious numbers, powers of 2, nim products", () => {
  const odious = [];
  for (let m = 0; odious.length < 64; m++) if (m.toString(2).split("1").length % 2 === 0) odious.push(m);
  assert.deepEqual(Array.from({ length: 64 }, (_, i) => turningOdious(i + 1)), odious);
  assert.deepEqual([1, 2, 3, 4, 5, 6, 7, 8, 12, 40].map(turningLowbit), [1, 2, 1, 4, 1, 2, 1, 8, 4, 8]);
  // the nim product from its mex definition, 16 x 16
  const table = [];
  for (let a = 0; a < 16; a++) {
    table.push([]);
    for (let b = 0; b < 16; b++) {
      const options = [];
      for (let p = 0; p < a; p++) for (let q = 0; q < b; q++) options.push(table[p][b] ^ table[a][q] ^ table[p][q]);
      table[a].push(mex(options));
    }
  }
  for (let a = 0; a < 16; a++) for (let b = 0; b < 16; b++) assert.equal(turningNimProduct(a, b), table[a][b], `${a} ⊗ ${b}`);
  assert.equal(turningNimProduct(16, 16), 24);
  assert.equal(turningNimProduct(256, 256), 384);
  assert.equal(turningNimProduct(65535, 65534), 25424); // nimlib.coins.nim_product(65535, 65534)
  const rng = core.makeRng(5);
  for (let k = 0; k < 200; k++) {
    const [a, b, c] = [0, 0, 0].map(() => Math.floor(rng() * 65536));
    assert.equal(turningNimProduct(a, b), turningNimProduct(b, a));
    assert.equal(turningNimProduct(turningNimProduct(a, b), c), turningNimProduct(a, turningNimProduct(b, c)));
    assert.equal(turningNimProduct(a, b ^ c), turningNimProduct(a, b) ^ turningNimProduct(a, c));
  }
});

test("moves: the same sets as nimlib, in nimlib's order", () => {
  // data-move: indices from 0, rightmost first ([3, 2] turns the coins at places 4 and 3)
  assert.deepEqual(keys(turningRowMoves("mock-turtles", [0, 1, 0, 1, 0])), ["[3]", "[3,2]", "[3,1]", "[3,0]", "[3,2,1]", "[3,2,0]", "[3,1,0]", "[1]", "[1,0]"]);
  assert.deepEqual(turningRowMoves("mock-turtles", [0, 1, 0, 1, 0])[1].label, "turn coins 4, 3");
  assert.deepEqual(keys(turningRowMoves("ruler", [1, 0, 1])), ["[2]", "[2,1]", "[2,1,0]", "[0]"]);
  assert.deepEqual(keys(turningCornersMoves([[1, 1], [3, 3]])), ["[[3,2],[3,2]]", "[[3,2],[3,1]]", "[[3,1],[3,2]]", "[[3,1],[3,1]]"]);
  const corners = core.gameDef("corners");
  assert.deepEqual(core.applyMove(corners, [[3, 3]], [[3, 1], [3, 2]], {}).after, [[1, 2], [1, 3], [3, 2]]);
  assert.throws(() => core.applyMove(corners, [[3, 3]], [[3, 1], [2, 1]], {}), /not a legal move/);
});

test("typed positions: parse and format", () => {
  const mock = core.gameDef("mock-turtles");
  assert.deepEqual(mock.parse("HTT HH", { length: 6 }), [1, 0, 0, 1, 1]);
  assert.equal(mock.format([1, 0, 0, 1, 1], {}), "HTTHH");
  assert.throws(() => mock.parse("HTX", { length: 6 }), /coin 3 must be H/);
  assert.throws(() => mock.parse("HHHHHHH", { length: 6 }), /at most 6 coins/);
  assert.throws(() => mock.parse("  ", { length: 6 }), /type a row/);
  const corners = core.gameDef("corners");
  assert.deepEqual(corners.parse("(4, 4) (2, 3)", { rows: 4, columns: 4 }), [[2, 3], [4, 4]]);
  assert.equal(corners.format([[2, 3], [4, 4]], {}), "{(2, 3), (4, 4)}");
  assert.throws(() => corners.parse("(5, 1)", { rows: 4, columns: 4 }), /off the 4 × 4 board/);
  assert.throws(() => corners.parse("(2, 3) (4)", { rows: 4, columns: 4 }), /pairs/);
  for (const [id, params] of [["mock-turtles", { length: 9 }], ["ruler", { length: 9 }], ["corners", { rows: 5, columns: 4 }]]) {
    const def = core.gameDef(id);
    const rng = core.makeRng(1);
    for (let k = 0; k < 20; k++) {
      const p = def.random(rng, params);
      assert.deepEqual(def.parse(def.format(p, params), params), p);
      assert.ok(def.moves(p, params).length > 0, "a new game has a move");
    }
  }
});

// A stand-in for the core's view: elements as plain objects, so draw() can be clicked through in node
function fakeView(selection) {
  const node = (tag, attrs = {}, children = []) => ({
    tag,
    attrs,
    children: children.flat().filter((c) => c !== null && c !== undefined && c !== false),
    setAttribute(name, value) {
      this.attrs[name] = value;
    },
    append(...more) {
      this.children.push(...more.filter((c) => c !== null && c !== undefined && c !== false));
    },
  });
  const view = {
    selection,
    selected: undefined,
    el: (tag, attrs, ...children) => node(tag, { ...attrs }, children),
    select(value) {
      view.selected = value;
    },
    moveButton: (move, content, { label } = {}) => node("button", { "data-move": core.key(move), "aria-label": label }, [content]),
  };
  return view;
}

function walk(node, out = []) {
  if (node && typeof node === "object") {
    out.push(node);
    for (const child of node.children || []) walk(child, out);
  }
  return out;
}

/** Every data-move reachable by clicking through the selections, and the selections seen. */
function clickable(def, position, params) {
  const moves = new Set();
  const todo = [null];
  const seen = new Set();
  while (todo.length) {
    const selection = todo.pop();
    const k = core.key(selection);
    if (seen.has(k)) continue;
    seen.add(k);
    const view = fakeView(selection);
    for (const n of walk(def.draw(position, params, view))) {
      if (n.attrs["data-move"]) moves.add(n.attrs["data-move"]);
      if (n.tag === "button" && n.attrs.onclick && !n.attrs["data-ctl"]) {
        view.selected = undefined;
        n.attrs.onclick();
        todo.push(view.selected);
      }
    }
  }
  return moves;
}

test("clicking: every legal move can be made, and every move button is legal", () => {
  const cases = [];
  for (let n = 0; n < 64; n++) cases.push(["mock-turtles", Array.from({ length: 6 }, (_, i) => (n >> i) & 1), { length: 6 }]);
  for (let n = 0; n < 64; n++) cases.push(["ruler", Array.from({ length: 6 }, (_, i) => (n >> i) & 1), { length: 6 }]);
  for (let n = 0; n < 512; n += 7) {
    const cells = [];
    for (let c = 0; c < 9; c++) if ((n >> c) & 1) cells.push([1 + Math.floor(c / 3), 1 + (c % 3)]);
    cases.push(["corners", cells, { rows: 3, columns: 3 }]);
  }
  for (const [id, position, params] of cases) {
    const def = core.gameDef(id);
    const legal = new Set(keys(def.moves(position, params)));
    const clicks = clickable(def, position, params);
    assert.deepEqual([...clicks].sort(), [...legal].sort(), `${id} ${core.key(position)}`);
  }
});

/** The data-move buttons of the board as first drawn (no selection): the moves one click plays. */
function oneClick(def, position, params) {
  return new Set(walk(def.draw(position, params, fakeView(null))).filter((n) => n.attrs["data-move"]).map((n) => n.attrs["data-move"]));
}

test("one click: the board starts with a coin chosen, so its moves are buttons at once", () => {
  for (let n = 1; n < 64; n++) {
    const row = Array.from({ length: 6 }, (_, i) => (n >> i) & 1);
    const x = row.lastIndexOf(1); // the rightmost heads coin, as an index
    // Mock Turtles: that coin alone and with any one coin to its left; the Ruler game: every run ending there
    const mock = new Set([core.key([x]), ...Array.from({ length: x }, (_, y) => core.key([x, y]))]);
    assert.deepEqual([...oneClick(core.gameDef("mock-turtles"), row, {})].sort(), [...mock].sort(), core.key(row));
    const runs = new Set(Array.from({ length: x + 1 }, (_, k) => core.key(Array.from({ length: k + 1 }, (_, i) => x - i))));
    assert.deepEqual([...oneClick(core.gameDef("ruler"), row, {})].sort(), [...runs].sort(), core.key(row));
  }
  assert.equal(oneClick(core.gameDef("mock-turtles"), [0, 0, 0], {}).size, 0);
  // Turning Corners: the last heads cell outside row 1 and column 1 is the far corner; every
  // rectangle with it is one click
  const corners = core.gameDef("corners");
  const cells = [[2, 3], [3, 5], [4, 4], [5, 2], [5, 5]];
  const far = new Set();
  for (let a = 1; a < 5; a++) for (let b = 1; b < 5; b++) far.add(core.key([[5, a], [5, b]]));
  assert.deepEqual([...oneClick(corners, cells, { rows: 5, columns: 5 })].sort(), [...far].sort());
  assert.equal(oneClick(corners, [[1, 3], [4, 1]], { rows: 5, columns: 5 }).size, 0);
});

test("the explanation names the coin, its value and the move the computer plays", () => {
  const mock = core.gameDef("mock-turtles");
  const html = core.explainPosition(mock, [1, 0, 1, 1, 0, 1], {});
  assert.match(html, /coin 6/);
  assert.match(html, /1 ⊕ 4 ⊕ 7 ⊕ 11 = 9/);
  assert.match(html, new RegExp(core.bestMove(mock, [1, 0, 1, 1, 0, 1], {}).label));
  assert.match(core.explainPosition(core.gameDef("corners"), [[3, 3], [2, 2]], {}), /⊗/);
});

const FIXTURE = process.env.NIMLIB_TURNING_FIXTURE;

test("every small position agrees with nimlib", { skip: FIXTURE ? false : "no fixture (run tests/test_js_turning.py)" }, () => {
  const games = JSON.parse(readFileSync(FIXTURE, "utf8"));
  let agree = 0;
  let total = 0;
  const problems = [];
  for (const game of games) {
    const def = core.gameDef(game.id);
    for (const c of game.cases) {
      total++;
      const where = `${game.id} ${core.key(c.position)}`;
      const before = problems.length;
      const moves = def.moves(c.position, game.params);
      const page = new Map(moves.map((m) => [core.key(m.move), core.key(m.after)]));
      const python = new Map(c.moves.map(([m, after]) => [core.key(m), core.key(after)]));
      if (page.size !== python.size || [...python].some(([m, after]) => page.get(m) !== after)) problems.push(`${where}: moves differ`);
      for (const m of moves) if (m.label !== c.labels[core.key(m.move)]) problems.push(`${where}: label ${m.label}`);
      const { components, total: xor } = def.analyse(c.position, game.params);
      if (core.key(components.map((x) => [x.label, x.value])) !== core.key(c.components)) problems.push(`${where}: components`);
      if (xor !== c.total || xor !== c.searched) problems.push(`${where}: XOR ${xor}, nimlib ${c.total}, search ${c.searched}`);
      const best = core.bestMove(def, c.position, game.params);
      if (core.key(best ? best.move : null) !== core.key(c.best)) problems.push(`${where}: best ${core.key(best && best.move)}`);
      if (core.isOver(def, c.position, game.params) !== (c.moves.length === 0)) problems.push(`${where}: isOver`);
      // the explanation names the coin (cell) the move turns, and the move is nimlib's winning move
      problems.push(...explainProblems(def, c.position, game.params, { isWinning: (after) => def.analyse(after, game.params).total === 0 }));
      if (problems.length === before) agree++;
    }
  }
  console.log(`turning.js agrees with nimlib on ${agree} of ${total} positions`);
  assert.deepEqual(problems.slice(0, 10), []);
  assert.equal(agree, total);
});
