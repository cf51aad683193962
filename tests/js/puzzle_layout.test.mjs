// Puzzle mode without layout shift, in a small DOM: the board never gets shorter during a puzzle, the
// feedback's room holds the longest feedback the puzzle gives, and focus moves without the browser's scroll.
import test from "node:test";
import assert from "node:assert/strict";
import * as core from "../../nimlib/static/core.js";
import * as pz from "../../nimlib/static/puzzle.js";
import "../../nimlib/static/games/nim.js";
import "../../nimlib/static/games/wythoff.js";
import "../../nimlib/static/games/coins.js";
import { makeDocument } from "./mount_helpers.mjs";

function puzzleModel(game, params, sizes) {
  const values = { game, params, mode: "puzzle", sizes, results: [], streak: 0, solved: 0 };
  return { get: (k) => values[k], set: (k, v) => (values[k] = v), save_changes() {}, on() {}, off() {} };
}

// Each game with an N-position's several moves: Nim (a heap emptied pulls its row in), Moore's Nim_2
// (a selection, then the move), Wythoff, turning turtles
const GAMES = [
  ["nim", {}, [4, 12]],
  ["moore", { k: 2 }, [4, 12]],
  ["wythoff", { board: 12 }, [3, 24]],
  ["turtles", { length: 11 }, [2, 16]],
];

for (const [game, params, sizes] of GAMES) {
  test(`${game}: the board keeps its tallest height, the feedback fits its room, focus does not scroll`, () => {
    const doc = makeDocument();
    const root = doc.createElement("div");
    pz.mountPuzzle(puzzleModel(game, { ...params, seed: 7 }, sizes), root);
    const board = root.querySelector(".nimlib-board");
    // a board's height here: one px per element drawn (a real board's height grows with what it draws)
    Object.defineProperty(board, "offsetHeight", { get: () => [...board.walk()].length });
    const room = root.querySelector(".nimlib-puzzle-room");
    const feedback = root.querySelector(".nimlib-puzzle-feedback");
    assert.ok(room && room.getAttribute("aria-hidden") === "true" && room.textContent === "", "the room adds no text");
    assert.equal(room.parent, feedback.parent, "the room shares the feedback's grid cell");
    let shrank = 0;
    let moved = 0;
    let checked = 0;
    // a click focuses its button first, as in a browser (the page then moves the focus on)
    const press = (button) => {
      doc.activeElement = button;
      button.click();
    };
    for (let round = 0; round < 16; round++) {
      press(root.querySelector("[data-ctl='next']"));
      const reserved = [];
      const note = () => reserved.push(parseFloat(board.style.minHeight) || 0);
      const fits = () => {
        const text = feedback.textContent;
        const space = room.getAttribute("data-room");
        assert.ok(text.length <= space.length, `"${text}" (${text.length}) is longer than its room (${space.length})`);
        assert.ok(!/[^\sn]/.test(space), "the room is drawn with n's: no words");
        checked++;
      };
      note();
      press(root.querySelector(round % 2 ? "[data-answer='P']" : "[data-answer='N']"));
      note();
      fits();
      if (root.querySelector(".nimlib-puzzle").dataset.stage === "move") {
        // a move on the board: a losing one when there is one (the longest feedback: the computer's reply)
        const buttons = root.querySelectorAll(".nimlib-board button[data-move]:not([disabled])");
        const position = JSON.parse(root.querySelector(".nimlib-puzzle").dataset.position);
        const def = core.gameDef(game);
        const losing = buttons.find((b) => {
          const after = core.applyMove(def, position, JSON.parse(b.getAttribute("data-move")), params).after;
          return !pz.puzzleIsP(def, after, params, "computer");
        });
        press(losing || buttons[0]);
        note();
        fits();
        moved++;
      }
      for (let i = 1; i < reserved.length; i++) if (reserved[i] < reserved[i - 1]) shrank++;
      assert.ok(reserved.at(-1) >= reserved[0]);
    }
    const calls = doc.focusCalls || [];
    assert.ok(calls.length >= 24, `${calls.length} focus moves`);
    assert.ok(calls.every((o) => o && o.preventScroll === true), "the focus moved with the browser's own scroll");
    assert.equal(shrank, 0, "the board got shorter during a puzzle");
    assert.ok(moved >= 2 && checked >= 18, `${moved} moves, ${checked} feedbacks checked`);
  });
}

test("a new puzzle's board takes its own height again, and the room grows by the easier-puzzle sentence", () => {
  const def = core.gameDef("nim");
  const plain = pz.puzzleRoom(def, [1, 2, 3], {});
  const easier = pz.puzzleRoom(def, [1, 2, 3], {}, true);
  assert.ok(easier.length > plain.length + 40);
  // the longest label of the position goes in: heap 2 from 12 to 0 is longer than heap 0 from 1 to 0
  assert.ok(pz.puzzleRoom(def, [1, 12], {}).length > pz.puzzleRoom(def, [1, 1], {}).length);
  const doc = makeDocument();
  const root = doc.createElement("div");
  pz.mountPuzzle(puzzleModel("nim", { seed: 3 }, [4, 12]), root);
  const board = root.querySelector(".nimlib-board");
  let height = 500;
  Object.defineProperty(board, "offsetHeight", { get: () => height });
  root.querySelector("[data-answer='N']").click();
  assert.equal(board.style.minHeight, "500px");
  height = 80;
  root.querySelector("[data-ctl='next']").click();
  assert.equal(board.style.minHeight, "80px");
});

// Board growth (issue 30): a move that grows the board (Lasker's nim splits a heap in two; the staircase
// piles coins on a lower step) moved the controls below it (+19 px in ch. 10, +68 px in ch. 11). The board
// reserves the tallest board the puzzle can show from its first drawing: after any answer and any move,
// the reserved height is unchanged and the board drawn fits in it.
// A board's height here: Lasker's, one px per element drawn (a heap is a row); the staircase's, its
// tallest stack of coins (the steps stand side by side)
const elements = (board) => [...board.walk()].length;
const tallestStack = (board) => Math.max(0, ...board.querySelectorAll(".nimlib-stack").map((s) => s.children.length));
const GROWING = [
  ["lasker", { values: Array.from({ length: 21 }, (_, n) => (n === 0 ? 0 : n % 4 === 3 ? n + 1 : n % 4 === 0 ? n - 1 : n)) }, [4, 30], elements],
  ["staircase", {}, [2, 14], tallestStack],
];
for (const [game, params, sizes, height] of GROWING) {
  test(`${game}: a move that grows the board moves nothing below it (the tallest board is reserved at once)`, async () => {
    await import("../../nimlib/static/games/heaps.js");
    const doc = makeDocument();
    const root = doc.createElement("div");
    pz.mountPuzzle(puzzleModel(game, { ...params, seed: 8 }, sizes), root);
    const board = root.querySelector(".nimlib-board");
    Object.defineProperty(board, "offsetHeight", { get: () => height(board) });
    const def = core.gameDef(game);
    let grew = 0;
    let moves = 0;
    for (let round = 0; round < 40 && moves < 12; round++) {
      root.querySelector("[data-ctl='next']").click();
      const position = JSON.parse(root.querySelector(".nimlib-puzzle").dataset.position);
      const reserved = board.style.minHeight;
      assert.ok(parseFloat(reserved) > 0, "a height is reserved before any answer");
      root.querySelector("[data-answer='N']").click();
      if (root.querySelector(".nimlib-puzzle").dataset.stage !== "move") continue;
      const buttons = root.querySelectorAll(".nimlib-board button[data-move]:not([disabled])");
      // the move that leaves the most to draw (the growth the issue measured), losing or winning
      const size = (b) => {
        const played = core.applyMove(def, position, JSON.parse(b.getAttribute("data-move")), params).after;
        return game === "staircase" ? Math.max(...played) : played.length;
      };
      const pick = buttons.reduce((a, b) => (size(b) > size(a) ? b : a));
      pick.click();
      moves++;
      if (board.style.minHeight !== reserved || height(board) > parseFloat(reserved)) grew++;
    }
    assert.ok(moves >= 5, `${moves} moves made`);
    assert.equal(grew, 0, `the board grew past its reserved height after ${grew} of ${moves} moves`);
  });
}

test("puzzleBoards: the position, each move's result and each losing move's reply", () => {
  const def = core.gameDef("nim");
  const boards = pz.puzzleBoards(def, [1, 2], {}).map((p) => JSON.stringify(p));
  // from (1, 2): moves to (0,2) (1,0) (1,1); (0,2) and (1,0) lose to (0,0); (1,1) wins
  assert.deepEqual(new Set(boards), new Set(["[1,2]", "[0,2]", "[1,0]", "[1,1]", "[0,0]"]));
  assert.deepEqual(pz.puzzleBoards(def, [2, 2], {}).map((p) => JSON.stringify(p)), ["[2,2]"], "a P-position takes no move");
});

test("Hackenbush in a puzzle: no pointer cursor on an edge or its button while the board takes no move", async () => {
  await import("../../nimlib/static/games/hackenbush.js");
  const doc = makeDocument();
  const root = doc.createElement("div");
  const params = { edges: [[0, 1], [1, 2], [1, 2], [0, 3], [3, 4]], coords: { 1: [0, 1], 2: [0, 2], 3: [1, 1], 4: [1, 2] }, seed: 13 };
  pz.mountPuzzle(puzzleModel("hackenbush", params, [2, 5]), root);
  const pointers = () =>
    [...root.querySelector(".nimlib-board").walk()].filter((n) => n.style.cursor === "pointer" || /cursor: pointer/.test(n.getAttribute("style") || ""));
  let asked = 0;
  let played = 0;
  for (let round = 0; round < 12; round++) {
    root.querySelector("[data-ctl='next']").click();
    const edges = root.querySelectorAll(".nimlib-board button[data-move]");
    assert.ok(edges.length >= 1 && edges.every((b) => b.disabled), "P or N? is asked first");
    assert.deepEqual(pointers(), [], "an edge keeps a pointer cursor while its button is disabled");
    asked++;
    root.querySelector("[data-answer='N']").click();
    if (root.querySelector(".nimlib-puzzle").dataset.stage === "move") {
      // the reader's turn: the edges that cut have the pointer
      assert.ok(pointers().length >= 2, "the edges that cut show a pointer");
      played++;
    }
  }
  assert.ok(asked === 12 && played >= 2, `${played} boards that took a move`);
});
