// Northcott's game in the page (northcott.js) against nimlib's retrograde analysis.
import test from "node:test";
import assert from "node:assert/strict";
import "../../nimlib/static/games/northcott.js";
import { core, fixture, SKIP, checkGame, checkParseFormatRandom, boardMoves } from "./boards_helpers.mjs";

const games = fixture("northcott");

test("every position of 2 rows of 5 cells, either side to move, agrees with retrograde analysis", { skip: !games && SKIP }, () => {
  for (const game of games) {
    const n = checkGame(game, { partizan: true });
    assert.ok(n >= 800, `${game.name}: only ${n} positions`);
    console.log(`${game.name}: ${n} of ${n} positions agree with nimlib`);
  }
});

test("the winner only moves towards the other piece, so the game ends", () => {
  const def = core.gameDef("northcott");
  const params = { width: 8 };
  // gaps 3 and 1: White shrinks the first gap to 1
  const p = [[0, 4], [5, 3]];
  const best = def.best(p, params, "reader");
  assert.deepEqual(best.move, [0, 2]);
  // after a White increase in row 2 (gap 1 -> 2), Black answers in the same row, moving towards White
  const reply = def.best([[2, 4], [6, 3]], params, "computer");
  assert.deepEqual(reply.move, [1, 4]);
});

test("White's targets are the empty cells on its side of the black piece; none while Black moves", () => {
  const def = core.gameDef("northcott");
  const params = { width: 6 };
  assert.deepEqual([...boardMoves(def, [[1, 4]], params, "reader").keys()].sort(), ["[0,0]", "[0,2]", "[0,3]"]);
  assert.equal(boardMoves(def, [[1, 4]], params, "computer").size, 0);
  assert.deepEqual(def.moves([[1, 4]], params, "computer").map((m) => m.move), [[0, 2], [0, 3], [0, 5]]);
});

test("parse(format(p)) = p and New game's positions are analysable", () => {
  checkParseFormatRandom("northcott", { width: 8, rows: 3 }, { turn: "reader" });
});
