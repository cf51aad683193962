// Node Kayles in the page (nimlib/static/games/node_kayles.js): the saved state's checks, the board a reader
// plays by mouse or keyboard, and a game played to the end. The replies are checked against nimlib's search on
// every induced subgraph of the chapter's graphs by tests/test_js_games.py (check_against_nimlib.mjs).

import { test } from "node:test";
import assert from "node:assert/strict";

import { bestMove, gameDef } from "../../nimlib/static/core.js";
import { NK_MAX_VERTICES, nkAnalyse, nkMoves, nkValidate } from "../../nimlib/static/games/node_kayles.js";
import { mountWidget, settle } from "./mount_helpers.mjs";

const path = (n) => ({ vertices: n, edges: [...Array(n - 1).keys()].map((i) => [i, i + 1]) });
const all = (n) => [...Array(n).keys()];

test("the saved state is checked: sizes, edges, coordinates and the position", () => {
  assert.equal(nkValidate([0, 1, 2], path(3)), null);
  assert.equal(nkValidate(undefined, path(NK_MAX_VERTICES)), null);
  assert.match(nkValidate([0], path(NK_MAX_VERTICES + 1)), /at most 12|from 1 to 12/);
  assert.match(nkValidate([0], { vertices: 3, edges: [[0, 3]] }), /edges\[0\]/);
  assert.match(nkValidate([0], { vertices: 3, edges: [[1, 1]] }), /two different vertices/);
  assert.match(nkValidate([0], { vertices: 3, edges: "01" }), /params.edges/);
  assert.match(nkValidate([0], { ...path(3), coords: [[0, 0]] }), /coords/);
  assert.match(nkValidate([2, 1], path(3)), /sorted/);
  assert.match(nkValidate([1, 1], path(3)), /sorted, each once/);
  assert.match(nkValidate([3], path(3)), /position\[0\]/);
  assert.match(nkValidate([0.5], path(3)), /position\[0\]/);
});

test("moves remove the vertex with its neighbours, and name the component they change", () => {
  const params = path(7);
  const position = [0, 1, 3, 4, 5, 6]; // components {0, 1} and {3, 4, 5, 6}
  const moves = nkMoves(position, params);
  assert.deepEqual(
    moves.map((m) => [m.move[0], m.after, m.parts]),
    [
      [0, [3, 4, 5, 6], [0]],
      [1, [3, 4, 5, 6], [0]],
      [3, [0, 1, 5, 6], [1]],
      [4, [0, 1, 6], [1]],
      [5, [0, 1, 3], [1]],
      [6, [0, 1, 3, 4], [1]],
    ],
  );
  assert.equal(moves[3].label, "take vertex 4 (and 3, 5)");
  // components in order of their lowest vertex, with Dawson's chess values: P_2 is 1, P_4 is 0
  assert.deepEqual(nkAnalyse(position, params), { components: [{ label: "vertices 0, 1", value: 1 }, { label: "vertices 3, 4, 5, 6", value: 0 }], total: 1 });
  // P_5: the only winning move is the middle vertex (it leaves two single vertices)
  const best = bestMove(gameDef("node-kayles"), all(5), path(5));
  assert.deepEqual(best.move, [2]);
  assert.equal(bestMove(gameDef("node-kayles"), all(4), path(4)), null); // G(P_4) = 0
});

test("every vertex still in the graph is a real button, removed ones say so in words, and it fits a phone", async () => {
  const params = { ...path(6), title: "a path" };
  const w = mountWidget({ game: "node-kayles", params, position: all(6) });
  const buttons = w.root.querySelectorAll(".nimlib-nk button[data-move]");
  assert.equal(buttons.length, 6);
  for (const b of buttons) {
    assert.equal(b.tagName, "BUTTON");
    assert.match(b.getAttribute("aria-label"), /take vertex \d/);
  }
  const box = w.root.querySelector(".nimlib-nk");
  assert.match(box.getAttribute("style"), /width: 320px/); // within the 330 px column of a 390 px phone
  w.click(".nimlib-nk button[data-move='[0]']"); // takes 0 and 1; the computer replies
  await settle();
  const gone = w.root.querySelectorAll(".nimlib-nk [data-state='removed']");
  assert.ok(gone.length >= 2);
  for (const g of gone) {
    assert.notEqual(g.tagName, "BUTTON");
    assert.match(g.getAttribute("aria-label"), /vertex \d, removed/);
    assert.match(g.textContent, /×/);
  }
  // G(P_6) = 1 and 0 leaves P_4 (value 0): the reader won the position; the computer's reply is some move
  const history = w.model.get("history");
  assert.equal(history.length, 2);
  assert.deepEqual(history[0].move, [0]);
});
