// Chips on a DAG in the page (graphs.js) against nimlib, on chapter 10's graph.
import test from "node:test";
import assert from "node:assert/strict";
import "../../nimlib/static/games/graphs.js";
import { core, fixture, SKIP, checkGame, checkParseFormatRandom, boardMoves } from "./boards_helpers.mjs";

const games = fixture("graphs");

test("every placement of up to three chips on chapter 10's graph agrees with nimlib (both variants)", { skip: !games && SKIP }, () => {
  for (const game of games) {
    const n = checkGame(game);
    assert.ok(n >= 90, `${game.name}: only ${n} positions`);
    console.log(`${game.name}: ${n} of ${n} positions agree with nimlib`);
    // the page's own mex over successors gives nimlib's vertex values
    const { values, ...rest } = game.params;
    const def = core.gameDef("graph-chips");
    for (const c of game.cases) assert.equal(def.analyse(c.position, rest).total, def.analyse(c.position, game.params).total);
  }
});

const edges = { 0: [1, 2, 3], 1: [3, 4], 2: [4, 5], 3: [5], 4: [5, 6], 5: [], 6: [], 7: [2, 6] };
const params = {
  vertices: Object.keys(edges).map((v) => ({ id: Number(v), x: Number(v) / 8, y: 0.5 })),
  edges: Object.entries(edges).flatMap(([v, ws]) => ws.map((w) => [Number(v), w])),
  annihilate: true,
};

test("vertex values are the mex of the successors' (chapter 10: 0 has 3, 7 has 1)", () => {
  const def = core.gameDef("graph-chips");
  assert.deepEqual(def.analyse([0, 7], params).components.map((c) => c.value), [3, 1]);
  // Exercise 1: chips on 0 and 7, move the chip on 0 to 3
  assert.deepEqual(core.bestMove(def, [0, 7], params).move, [0, 3]);
});

test("a chip, then a successor: the successors light up as buttons; meeting chips vanish", () => {
  const def = core.gameDef("graph-chips");
  const buttons = boardMoves(def, [1, 4], params);
  assert.deepEqual([...buttons.keys()].sort(), ["[1,3]", "[1,4]", "[4,5]", "[4,6]"]);
  assert.deepEqual(core.applyMove(def, [1, 4], [1, 4], params).after, []);
  assert.deepEqual(core.applyMove(def, [1, 4], [1, 4], { ...params, annihilate: false }).after, [4, 4]);
});

test("parse(format(p)) = p and New game's positions are analysable", () => {
  checkParseFormatRandom("graph-chips", { ...params, chips: 3 });
  checkParseFormatRandom("graph-chips", { ...params, annihilate: false, chips: 4 });
});

test("params as nimlib.boards sends them (bare vertex ids, [vertex, value] pairs) play the same", () => {
  const def = core.gameDef("graph-chips");
  const bare = { vertices: Object.keys(edges).map(Number), edges: params.edges, values: [[0, 3], [1, 0], [2, 2], [3, 1], [4, 1], [5, 0], [6, 0], [7, 1]], annihilate: true };
  for (const p of [[0, 7], [1, 4], [2, 3, 7]]) {
    assert.equal(def.analyse(p, bare).total, def.analyse(p, params).total);
    assert.deepEqual([...boardMoves(def, p, bare).keys()].sort(), [...boardMoves(def, p, params).keys()].sort());
  }
});
