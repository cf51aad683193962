// Kayles and crosses in the page (nimlib/static/games/strips.js) against nimlib, exhaustively.
import test from "node:test";
import assert from "node:assert/strict";
import "../../nimlib/static/games/strips.js";
import { core, fixture, SKIP, checkGame, checkParseFormatRandom, boardMoves } from "./boards_helpers.mjs";

const games = fixture("strips");

test("every Kayles row of 8 pins and every crosses strip (10 cells) and crosses-2 strip (12 cells) agree with nimlib", { skip: !games && SKIP }, () => {
  for (const game of games) {
    const n = checkGame(game);
    assert.ok(n >= 120, `${game.name}: only ${n} positions`);
    console.log(`${game.name}: ${n} of ${n} positions agree with nimlib`);
  }
});

const kValues = [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2];

test("Kayles: a pin is one click, the join between two standing pins knocks both", () => {
  const kayles = core.gameDef("kayles");
  const buttons = boardMoves(kayles, [1, 1, 0, 1], { values: kValues });
  assert.deepEqual([...buttons.keys()].sort(), ["[0,1]", "[0]", "[1]", "[3]"]);
  assert.equal(buttons.get("[0,1]"), "knock pins 1 and 2");
  const after = core.applyMove(kayles, [1, 1, 0, 1], [0, 1], { values: kValues }).after;
  assert.deepEqual(after, [0, 0, 0, 1]);
});

test("Kayles: the runs are the components, and a run beyond the table is refused", () => {
  const kayles = core.gameDef("kayles");
  const a = kayles.analyse([1, 1, 1, 0, 1, 1, 1, 1, 1], { values: kValues });
  assert.deepEqual(a.components, [{ label: "pins 1–3", value: 3 }, { label: "pins 5–9", value: 4 }]);
  assert.equal(a.total, 7);
  assert.throws(() => kayles.analyse([1, 1, 1, 1], { values: [0, 1, 2] }), (e) => e instanceof core.OutOfTable);
  assert.throws(() => kayles.parse("II?I", { length: 10 }), /character 3/);
});

test("crosses: only cells with no cross next to them are buttons; the rest are drawn dead", () => {
  const dawson = core.gameDef("dawson");
  const params = { values: [0, 1, 1, 2, 0, 3, 1, 1, 0] };
  const buttons = boardMoves(dawson, [0, 1, 0, 0, 0, 0], params);
  assert.deepEqual([...buttons.keys()].sort(), ["[3]", "[4]", "[5]"]);
  assert.equal(buttons.get("[3]"), "cross on cell 4");
  assert.deepEqual(dawson.analyse([0, 1, 0, 0, 0, 0], params).components, [{ label: "cells 4–6", value: 2 }]);
  assert.throws(() => dawson.parse("XX..", {}), /closer than play allows/);
});

test("parse(format(p)) = p and New game's positions are analysable", () => {
  checkParseFormatRandom("kayles", { length: 10, values: kValues });
  checkParseFormatRandom("dawson", { length: 14, values: [0, 1, 1, 2, 0, 3, 1, 1, 0, 3, 3, 2, 2, 4, 0] });
});
