// L-trominoes on a 2×n board in the page (trominoes.js) against nimlib.
import test from "node:test";
import assert from "node:assert/strict";
import "../../nimlib/static/games/trominoes.js";
import { core, fixture, SKIP, checkGame, checkParseFormatRandom, boardMoves } from "./boards_helpers.mjs";

const games = fixture("trominoes");

test("every position reachable on a 2×5 board agrees with nimlib's search", { skip: !games && SKIP }, () => {
  for (const game of games) {
    const n = checkGame(game);
    assert.ok(n >= 70, `${game.name}: only ${n} positions`);
    console.log(`${game.name}: ${n} of ${n} positions agree with nimlib`);
  }
});

const values = [0, 0, 0, 1, 1, 1, 2, 2, 0, 3, 3, 1, 1, 1, 0, 4, 3, 3];

test("each 2×2 block offers the L-shapes that fit, one click each: [column, skip]", () => {
  const def = core.gameDef("trominoes");
  const empty = [[0, 0, 0], [0, 0, 0]];
  const buttons = boardMoves(def, empty, { values });
  assert.equal(buttons.size, 8);
  assert.deepEqual(core.applyMove(def, empty, [1, 2], { values }).after, [[0, 1, 0], [0, 1, 1]]);
  const partly = [[1, 0, 0], [0, 0, 0]];
  assert.deepEqual([...boardMoves(def, partly, { values }).keys()].sort(), ["[0,0]", "[1,0]", "[1,1]", "[1,2]", "[1,3]"]);
});

test("the free regions are the components, each the 0.007 value of its size", () => {
  const def = core.gameDef("trominoes");
  // columns 1-2 covered but for row 2, column 2: regions {r2c2... } = 1 cell, and 2×2 on the right
  const a = def.analyse([[1, 1, 0, 0], [1, 0, 1, 0]], { values });
  assert.deepEqual(a.components.map((c) => [c.label, c.value]), [["1 free cell in column 2", 0], ["3 free cells in columns 3–4", 1]]);
  assert.throws(() => def.analyse([[0, 0, 0, 0], [0, 0, 0, 0]], { values: [0, 0, 0, 1] }), (e) => e instanceof core.OutOfTable);
});

test("parse(format(p)) = p and New game's positions are analysable", () => {
  checkParseFormatRandom("trominoes", { columns: 8, values });
});
