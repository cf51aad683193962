// Staircase nim, Nimble (and Nimble-2) and turning turtles in the page (coins.js) against nimlib.
import test from "node:test";
import assert from "node:assert/strict";
import "../../nimlib/static/games/coins.js";
import { core, fixture, SKIP, checkGame, checkParseFormatRandom, boardMoves } from "./boards_helpers.mjs";

const games = fixture("coins");

test("staircases, Nimble, Nimble-2 and rows of turtles agree with nimlib on every small position", { skip: !games && SKIP }, () => {
  for (const game of games) {
    const n = checkGame(game);
    assert.ok(n >= 100, `${game.name}: only ${n} positions`);
    console.log(`${game.name}: ${n} of ${n} positions agree with nimlib`);
  }
});

test("staircase: the c-th coin from the top of step i moves c coins down one step", () => {
  const stairs = core.gameDef("staircase");
  const buttons = boardMoves(stairs, [1, 0, 3], {});
  assert.deepEqual([...buttons.keys()].sort(), ["[2,1]", "[2,2]", "[2,3]"]);
  assert.equal(buttons.get("[2,2]"), "move 2 coins from step 3 to step 2");
  assert.deepEqual(core.applyMove(stairs, [1, 0, 3], [2, 2], {}).after, [1, 2, 1]);
  assert.deepEqual(stairs.analyse([5, 3, 0, 6], {}).components, [{ label: "step 2", value: 3 }, { label: "step 4", value: 6 }]);
});

test("Nimble: a coin, then a cell to its left; Nimble-2 stops at the next coin", () => {
  const nimble = core.gameDef("nimble");
  assert.deepEqual([...boardMoves(nimble, [2, 5], { length: 7 }).keys()].sort(), ["[2,0]", "[2,1]", "[5,0]", "[5,1]", "[5,2]", "[5,3]", "[5,4]"]);
  assert.deepEqual([...boardMoves(nimble, [2, 5], { length: 7, no_jumps: true }).keys()].sort(), ["[2,0]", "[2,1]", "[5,3]", "[5,4]"]);
  // Chapter 8, exercise 2: coins on 2, 5 and 9; the heaps are the gaps 3 (right) and 2 (left): slide 9 to 8
  const best = core.bestMove(nimble, [2, 5, 9], { length: 12, no_jumps: true });
  assert.deepEqual(best.move, [9, 8]);
});

test("turtles: a heads coin, then a coin to its left or 'turn only this coin'", () => {
  const turtles = core.gameDef("turtles");
  const buttons = boardMoves(turtles, [0, 1, 0, 1], {});
  assert.deepEqual([...buttons.keys()].sort(), ["[1,0]", "[1]", "[3,0]", "[3,1]", "[3,2]", "[3]"]);
  // Chapter 9, exercise 1: XOXXOOX, heads at 2, 5, 6: turn 5, flip 4
  const best = core.bestMove(turtles, turtles.parse("XOXXOOX", {}), {});
  assert.deepEqual(best.move, [4, 3]);
  assert.equal(best.label, "turn coin 5, flip coin 4");
});

test("parse(format(p)) = p and New game's positions are analysable", () => {
  checkParseFormatRandom("staircase", { steps: 6, max_coins: 5 });
  checkParseFormatRandom("nimble", { length: 10, coins: 4 });
  checkParseFormatRandom("nimble", { length: 10, coins: 4, no_jumps: true });
  checkParseFormatRandom("turtles", { length: 11 });
});
