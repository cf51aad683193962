// Blue-Red Hackenbush in the page (games/blue_red.js): sign expansions, the simplicity rule, and the
// computer's reply against an exhaustive search written here (cuts only, no values) on every position of
// small pictures, both players to move; with the fixture tests/test_js_blue_red.py writes
// (NIMLIB_BLUE_RED_FIXTURE), every position of the book's pictures against nimlib's search.
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as core from "../../nimlib/static/core.js";
import { brChoice, brExplainData, brFormat, brGrounded, brMoves, brPositionValue, brSignExpansion, brSimplest, brValidate } from "../../nimlib/static/games/blue_red.js";
import { mountWidget, settle } from "./mount_helpers.mjs";

const def = () => core.gameDef("blue-red-hackenbush");

/** A picture from stalks (strings of B and R): params as nimlib.partizan.BlueRedHackenbush writes them. */
function stalks(words, reader = "B") {
  const edges = [];
  let colours = "";
  for (const w of words) {
    let parent = 0;
    for (const c of w) {
      edges.push([parent, edges.length + 1]);
      colours += c;
      parent = edges.length;
    }
  }
  return { edges, colours, reader };
}

/** Every position (grounded subset) of a picture. */
function positions(params) {
  const n = params.edges.length;
  const seen = new Map();
  for (let mask = 0; mask < 1 << n; mask++) {
    const p = brGrounded(
      params.edges,
      [...Array(n).keys()].filter((i) => mask & (1 << i)),
    );
    seen.set(core.key(p), p);
  }
  return [...seen.values()];
}

/** Exhaustive search: the player `turn` to move wins (cuts only; knows nothing of values). */
function searchWins(params, position, turn, memo = new Map()) {
  const k = `${turn}|${core.key(position)}`;
  if (memo.has(k)) return memo.get(k);
  const result = brMoves(position, params, turn).some((m) => !searchWins(params, m.after, core.other(turn), memo));
  memo.set(k, result);
  return result;
}

test("sign expansion, the simplicity rule, formatting", () => {
  assert.deepEqual(brSignExpansion("BBRB"), [1, 1, -0.5, 0.25]);
  assert.deepEqual(brSignExpansion("RRRB"), [-1, -1, -1, 0.5]);
  assert.deepEqual(
    [
      [null, null],
      [0, null],
      [0, 1],
      [0.5, 1],
      [-1.75, -1],
      [0.25, 3],
      [null, -2.5],
      [2.5, null],
    ].map(([a, b]) => brSimplest(a, b)),
    [0, 1, 0.5, 0.75, -1.5, 1, -3, 3],
  );
  assert.deepEqual([0.75, -1.5, 3, 0, -0.0625].map(brFormat), ["3/4", "−3/2", "3", "0", "−1/16"]);
  // a stalk's value by the simplicity rule equals its sign expansion, on every stalk of at most 7 edges
  let count = 0;
  for (let n = 1; n <= 7; n++) {
    for (let mask = 0; mask < 1 << n; mask++) {
      const word = [...Array(n).keys()].map((i) => (mask & (1 << i) ? "R" : "B")).join("");
      const params = stalks([word]);
      const all = params.edges.map((_, i) => i);
      assert.equal(
        brPositionValue(params.edges, params.colours, all),
        brSignExpansion(word).reduce((s, t) => s + t, 0),
        word,
      );
      count++;
    }
  }
  assert.equal(count, 254);
});

test("every position of small pictures: the reply wins exactly when the search says the mover wins", () => {
  const tree = { edges: [[0, 1], [1, 2], [1, 3], [3, 4], [0, 5], [5, 6]], colours: "BRBRRB", reader: "B" };
  const pictures = [stalks(["BRB", "RBB", "BR"]), stalks(["BRRB", "RBR", "BB", "R"], "R"), tree, { ...tree, reader: "R" }];
  let checked = 0;
  for (const params of pictures) {
    const memo = new Map();
    for (const p of positions(params)) {
      for (const turn of ["reader", "computer"]) {
        const wins = searchWins(params, p, turn, memo);
        const best = core.bestMove(def(), p, params, turn);
        assert.equal(best !== null, wins, `${core.key(p)} ${turn}`);
        if (best) assert.equal(searchWins(params, best.after, core.other(turn), memo), false, `${core.key(p)} ${turn}: the reply loses`);
        // the value's sign is the outcome: Blue to move wins iff value > 0, or value >= 0 moving second
        const v = brPositionValue(params.edges, params.colours, p);
        const blue = (turn === "reader") === (params.reader !== "R");
        assert.equal(wins, blue ? v > 0 : v < 0, `${params.colours} ${params.reader} ${core.key(p)} ${turn}: value ${v}`);
        const reply = core.computerMove(def(), p, params, turn);
        assert.equal(reply === null, brMoves(p, params, turn).length === 0);
        if (reply) assert.equal(reply.winning, wins);
        checked++;
      }
    }
  }
  assert.ok(checked >= 420, `${checked}`);
});

test("the explanation and the move come from one computation", () => {
  const params = stalks(["BRB", "RBB", "BR"]);
  const start = params.edges.map((_, i) => i);
  const d = brExplainData(start, params, "reader");
  assert.deepEqual(
    d.rows.map((r) => r.word),
    ["BRB", "RBB", "BR"],
  );
  assert.equal(d.value, 1);
  const html = def().explain(start, params, "reader");
  assert.match(html, /\+1 −1\/2 \+1\/4 = <strong>3\/4<\/strong>/);
  assert.match(html, /data-total="1"/);
  const best = core.bestMove(def(), start, params, "reader");
  assert.equal(best.label, d.best.label);
  assert.ok(html.includes(best.label), "the explanation names the move played");
  // Red to move at a position it loses: no winning move, the least bad named
  const choice = brChoice(start, params, "computer");
  assert.equal(choice.wins, false);
  assert.match(def().explain(start, params, "computer"), /every cut loses/);
});

test("saved states: the picture must be a forest on the ground, the position grounded", () => {
  const params = stalks(["BR", "R"]);
  assert.equal(brValidate([0, 1, 2], params), null);
  assert.match(brValidate([1], params), /joined to the ground/);
  assert.match(brValidate([0, 1], { ...params, colours: "BG" + "R" }), /colours/);
  assert.match(brValidate([0], { ...params, edges: [[0, 1], [5, 2], [0, 3]] }), /parent/);
  assert.match(brValidate(undefined, { ...params, reader: "G" }), /reader/);
});

test("a mounted game: only the reader's colour is a button, the computer answers, the winner is named by colour", async () => {
  const params = stalks(["B", "R", "B"]);
  const w = mountWidget({ game: "blue-red-hackenbush", params, position: [0, 1, 2] });
  const buttons = w.root.querySelectorAll("button[data-move]").map((b) => b.getAttribute("data-move"));
  assert.deepEqual(buttons.sort(), ["[0]", "[2]"]);
  // every edge's mark is placed (in % of the picture): a vertex without a height once gave top: NaN%
  const marks = w.root.querySelectorAll("[data-colour]");
  assert.equal(marks.length, 3);
  for (const m of marks) assert.match(m.getAttribute("style"), /^left: calc\(\d+\.\d{3}% - 14px\); top: calc\(\d+\.\d{3}% - 12px\)$/);
  w.click("button[data-move='[0]']");
  await settle();
  assert.deepEqual(w.model.get("position"), [2]); // the computer cut its red edge
  w.click("button[data-move='[2]']");
  await settle();
  assert.match(w.text(), /Game over: you win \(Blue\)\./);
});

const FIXTURE = process.env.NIMLIB_BLUE_RED_FIXTURE;

test("every position of the book's pictures against nimlib", { skip: !FIXTURE }, () => {
  const games = JSON.parse(readFileSync(FIXTURE, "utf8"));
  let agree = 0;
  let total = 0;
  for (const { params, cases } of games) {
    for (const c of cases) {
      total++;
      const where = `${params.colours} ${core.key(c.position)} ${c.turn}`;
      const moves = brMoves(c.position, params, c.turn);
      assert.deepEqual(
        moves.map((m) => [m.move[0], m.after]),
        c.moves,
        `${where}: the cuts`,
      );
      assert.deepEqual(
        moves.map((m) => m.label),
        c.labels,
        `${where}: the labels`,
      );
      const v = brPositionValue(params.edges, params.colours, c.position);
      assert.equal(v, c.value[0] / c.value[1], `${where}: the value`);
      const best = core.bestMove(def(), c.position, params, c.turn);
      assert.equal(best !== null, c.wins, `${where}: a winning move exists`);
      if (best) assert.ok(c.winning.includes(best.move[0]), `${where}: the reply ${best.label} loses`);
      const reply = core.computerMove(def(), c.position, params, c.turn);
      if (reply) assert.equal(reply.winning, c.wins, `${where}: the reply's verdict`);
      const html = def().explain(c.position, params, c.turn);
      assert.ok(html.includes(`data-total="${brFormat(v)}"`), `${where}: the explanation's total`);
      if (best) assert.ok(html.includes(best.label), `${where}: the explanation names the reply`);
      agree++;
    }
  }
  console.log(`blue-red-hackenbush agrees with nimlib on ${agree} of ${total} positions`);
});
