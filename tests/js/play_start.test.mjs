// The play widget's start and focus (issue 30, item 4): New game never deals a game won in one move (ch. 7
// dealt a single chip, won in one click), Start from refuses a position with no move (ch. 17 accepted 0
// and said at once "Game over: the computer wins"), and Moore's "Change up to k heaps at once" keeps the
// keyboard focus on the board (it jumped to New game, below the stones the reader must choose).
import test from "node:test";
import assert from "node:assert/strict";
import * as core from "../../nimlib/static/core.js";
import "../../nimlib/static/games/nim.js";
import "../../nimlib/static/games/heaps.js";
import "../../nimlib/static/games/graphs.js";
import "../../nimlib/static/games/strips.js";
import { GOOD } from "./good_states.mjs";
import { mountWidget } from "./mount_helpers.mjs";

// Chapter 7's graph (nimlib.boards.GraphChips(edges=edges) as the chapter's widgets send it)
const CH7 = {
  vertices: [0, 1, 2, 3, 4, 5, 6, 7].map((id) => ({ id, x: 0.5, y: 0.5 })),
  edges: [[0, 1], [0, 2], [0, 3], [1, 3], [1, 4], [2, 4], [2, 5], [3, 5], [4, 5], [4, 6], [7, 2], [7, 6]],
  values: [3, 0, 2, 1, 1, 0, 0, 1],
  chips: 3,
};

test("New game never deals a position whose winning move ends the game (ch. 7's single chip)", () => {
  const games = [
    ["graph-chips", { ...CH7, annihilate: true }],
    ["graph-chips", { ...CH7, annihilate: false }],
    ["nim", {}],
    ["kayles", GOOD.kayles[0]],
    ["grundy", GOOD.grundy[0]],
  ];
  let dealt = 0;
  for (const [game, params] of games) {
    const def = core.gameDef(game);
    const rng = core.makeRng(1);
    let previous = null;
    for (let i = 0; i < 150; i++) {
      const { position, winnable } = core.dealGame(def, params, rng, previous);
      assert.ok(winnable, `${game}: ${JSON.stringify(position)} is not winnable`);
      const best = core.bestMove(def, position, params, "reader");
      assert.ok(best, `${game}: ${JSON.stringify(position)} has no winning move`);
      assert.ok(!core.isOver(def, best.after, params, "computer"), `${game}: ${JSON.stringify(position)} is won in one move, ${best.label}`);
      if (game === "graph-chips") assert.ok(position.length >= 1);
      previous = position;
      dealt++;
    }
  }
  assert.equal(dealt, 750);
});

test("Start from a position with no move is refused in words, and the game on the board stays", () => {
  for (const [game, params, position, typed] of [
    ["grundy", GOOD.grundy[0], [7, 12], "0"],
    ["grundy", GOOD.grundy[0], [7, 12], "2 1"], // heaps Grundy's game cannot split
    ["nim", {}, [3, 4, 5], "0 0"],
  ]) {
    const w = mountWidget({ game, params, position });
    const input = w.root.querySelector("[data-ctl='typed']");
    input.value = typed;
    input.dispatch("input");
    w.click("[data-ctl='start']");
    const box = w.root.querySelector(".nimlib-play");
    assert.equal(box.getAttribute("data-position"), JSON.stringify(position), `${game} "${typed}": the game on the board changed`);
    assert.match(w.text(), /Cannot start there: .* has no move, so the game would be over before it begins/, `${game} "${typed}"`);
    assert.doesNotMatch(w.text(), /Game over/);
    assert.equal(w.model.get("history").length, 0);
  }
  // a position with a move still starts
  const w = mountWidget({ game: "nim", params: {}, position: [3, 4, 5] });
  const input = w.root.querySelector("[data-ctl='typed']");
  input.value = "0 2";
  input.dispatch("input");
  w.click("[data-ctl='start']");
  assert.equal(w.root.querySelector(".nimlib-play").getAttribute("data-position"), "[0,2]");
});

test("Moore's Nim: Enter on 'Change up to k heaps at once' and on 'One heap at a time' keeps the focus on the board", () => {
  for (const game of ["moore", "misere-moore"]) {
    const w = mountWidget({ game, params: { k: 2 }, position: [3, 4, 5, 6] });
    const press = (selector) => {
      const node = w.root.querySelector(selector);
      node.focus();
      node.click();
      return w.doc.activeElement;
    };
    let focused = press("[data-ctl='several']");
    assert.ok(focused && focused.closest(".nimlib-board"), `${game}: the focus left the board for ${focused && focused.textContent}`);
    assert.ok(focused.getAttribute("data-select") !== null, `${game}: the focus is not on a stone to choose`);
    focused = press("[data-ctl='cancel']");
    assert.ok(focused && focused.closest(".nimlib-board") && focused.getAttribute("data-move") !== null, `${game}: after One heap at a time, ${focused && focused.textContent}`);
    assert.notEqual(focused.getAttribute("data-ctl"), "new");
  }
});
