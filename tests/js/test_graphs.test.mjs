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

test("the graph fits a phone (≤ 330 px, scaling below) and a chip's select button never lies on a vertex", async () => {
  const { fakeDocument, makeView } = await import("./boards_helpers.mjs");
  const { GRAPH_WIDTH } = await import("../../nimlib/static/games/graphs.js");
  const def = core.gameDef("graph-chips");
  const bare = { vertices: Object.keys(edges).map(Number), edges: params.edges, annihilate: false }; // laid out in rows, as chapter 10
  const W = GRAPH_WIDTH;
  const H = 260;
  assert.ok(W <= 330);
  // [left, top] of a node from its style: calc(p% ± d px), p a fraction of the picture
  const place = (style) =>
    ["left", "top"].map((side, i) => {
      const [, p, sign, d] = new RegExp(`${side}: calc\\(([\\d.]+)% ([-+]) (\\d+(?:\\.\\d+)?)px\\)`).exec(style);
      return (Number(p) * (i ? H : W)) / 100 + (sign === "-" ? -1 : 1) * Number(d);
    });
  let badges = 0;
  const positions = [[0, 1, 7], [0, 1, 4, 4, 7], [1, 4], [0, 4, 7], [2, 4, 7], [0, 1, 2, 3, 4, 7]];
  for (const position of positions) {
    for (const chip of [...new Set(position)]) {
      const board = def.draw(position, bare, makeView(fakeDocument(), { selection: { chip } }));
      const box = board.findAll((n) => n.classList.contains("nimlib-graph"))[0];
      assert.equal(box.getAttribute("style"), `width: ${W}px`);
      assert.ok(board.findAll((n) => n.tagName === "STYLE")[0].textContent.includes("max-width: 100%"));
      const vertices = board.findAll((n) => n.classList.contains("nimlib-vertex")).map((n) => [...place(n.getAttribute("style")), 40]);
      const picks = board.findAll((n) => n.classList.contains("nimlib-pick")).map((n) => [...place(n.getAttribute("style")), 24]);
      badges += picks.length;
      const overlap = ([l, t, s], [l2, t2, s2]) => l < l2 + s2 && l2 < l + s && t < t2 + s2 && t2 < t + s;
      for (const b of picks) {
        assert.ok(b[0] >= 0 && b[1] >= 0 && b[0] + 24 <= W && b[1] + 24 <= H, `${position} chip ${chip}: badge outside ${b}`);
        for (const v of vertices) assert.ok(!overlap(b, v), `${position} chip ${chip}: badge ${b} on vertex ${v}`);
        for (const o of picks) assert.ok(o === b || !overlap(b, o), `${position}: badges overlap`);
      }
    }
  }
  assert.ok(badges >= 3, `only ${badges} select buttons drawn`);
});
