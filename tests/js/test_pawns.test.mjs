// Dawson's chess in the page (pawns.js) against nimlib's search on the chess positions themselves.
import test from "node:test";
import assert from "node:assert/strict";
import "../../nimlib/static/games/pawns.js";
import { core, fixture, SKIP, checkGame, checkParseFormatRandom, boardMoves } from "./boards_helpers.mjs";
import { pawnsKey, pawnsFlip } from "../../nimlib/static/games/pawns.js";

const games = fixture("pawns");

test("every position the widget can meet on 3×5, either side to move, agrees with nimlib's search", { skip: !games && SKIP }, () => {
  for (const game of games) {
    const n = checkGame(game, { partizan: true });
    assert.ok(n >= 500, `${game.name}: only ${n} positions`);
    console.log(`${game.name}: ${n} of ${n} positions agree with nimlib`);
  }
});

const start = (n) => [Array(n).fill("W"), Array(n).fill("."), Array(n).fill("B")];

test("the key is the board from White's side, the smaller of it and its mirror", () => {
  assert.equal(pawnsKey(start(3)), "bbb");
  const b = [["W", ".", "W"], ["W", ".", "."], [".", "B", "B"]];
  assert.equal(pawnsKey(b), pawnsKey(b.map((row) => row.slice().reverse())));
  assert.deepEqual(pawnsFlip(pawnsFlip(b)), b);
});

test("captures are compulsory: only the capturing moves are buttons, on the captured pawn's square", () => {
  const def = core.gameDef("pawns");
  // White pawn on b2 faces Black pawns on a3 and c3: it must take one of them
  const p = [["W", ".", "W"], [".", "W", "."], ["B", ".", "B"]];
  const buttons = boardMoves(def, p, {}, "reader");
  assert.deepEqual([...buttons.keys()].sort(), ["[[1,1],[2,0]]", "[[1,1],[2,2]]"]);
  assert.equal(buttons.get("[[1,1],[2,0]]"), "pawn b2 takes a3");
  // Black to move in the same position: a3 and c3 may take b2
  assert.deepEqual(def.moves(p, {}, "computer").map((m) => m.label).sort(), ["pawn a3 takes b2", "pawn c3 takes b2"]);
});

test("a position missing from the table is refused, not guessed", () => {
  const def = core.gameDef("pawns");
  assert.throws(() => def.analyse(start(3), { values: {} }), (e) => e instanceof core.OutOfTable);
});

test("parse(format(p)) = p; New game's positions look the same from both sides", () => {
  const def = core.gameDef("pawns");
  const rng = core.makeRng(3);
  for (let i = 0; i < 20; i++) {
    const p = def.random(rng, { columns: 6 });
    assert.deepEqual(def.parse(def.format(p, { columns: 6 }), { columns: 6 }), p);
    assert.equal(pawnsKey(p), pawnsKey(pawnsFlip(p)));
  }
});

test("without a table the page searches itself, and agrees with nimlib", { skip: !games && SKIP }, () => {
  for (const game of games) {
    const { values, ...rest } = game.params;
    const n = checkGame({ ...game, params: rest, name: `${game.name} (searched in the page)` }, { partizan: true, drawEvery: 7 });
    console.log(`${game.name}, searched in the page: ${n} of ${n} positions agree with nimlib`);
  }
});
