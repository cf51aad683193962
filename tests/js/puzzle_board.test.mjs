// A puzzle's board says and shows only what is true (issue 23): while it asks "P or N?" nothing on the
// board takes a click or the keyboard and no "click …" help shows; after a wrong "P" the winning move
// the feedback calls "(marked on the board)" is a marked button on the board, two-step moves (Moore's
// several heaps, a coin chosen first) and large Nim heaps drawn compactly included.
import test from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as core from "../../nimlib/static/core.js";
import * as pz from "../../nimlib/static/puzzle.js";
import "../../nimlib/static/games/nim.js";
import "../../nimlib/static/games/wythoff.js";
import "../../nimlib/static/games/coins.js";
import "../../nimlib/static/games/turning.js";
import "../../nimlib/static/games/graphs.js";
import "../../nimlib/static/games/hackenbush.js";
import "../../nimlib/static/games/node_kayles.js";
import { makeDocument } from "./mount_helpers.mjs";
import { GOOD } from "./good_states.mjs";

const CHAPTER_GRAPH = { vertices: [0, 1, 2, 3, 4, 5, 6, 7], edges: [[0, 1], [0, 2], [0, 3], [1, 3], [1, 4], [2, 4], [2, 5], [3, 5], [4, 5], [4, 6], [7, 2], [7, 6]] };
const GAMES = [
  { game: "nim", params: { seed: 3 }, sizes: [2, 30], streak: 4 }, // the hardest level: heaps up to 15, drawn compactly from 14
  { game: "moore", params: { k: 2, seed: 4 }, sizes: [2, 30] },
  { game: "misere-moore", params: { k: 2, seed: 5 }, sizes: [2, 30] },
  { game: "turtles", params: { length: 8, seed: 6 }, sizes: [2, 16] },
  { game: "turtles", params: { length: 8, twins: true, seed: 7 }, sizes: [2, 16] },
  { game: "mock-turtles", params: { length: 8, seed: 8 }, sizes: [2, 20] },
  { game: "ruler", params: { length: 8, seed: 9 }, sizes: [2, 20] },
  { game: "corners", params: { rows: 4, columns: 4, seed: 10 }, sizes: [2, 20] },
  { game: "wythoff", params: { board: 12, seed: 11 }, sizes: [3, 24] },
  { game: "graph-chips", params: { ...CHAPTER_GRAPH, annihilate: true, chips: 3, seed: 12 }, sizes: [2, 8] },
  { game: "hackenbush", params: { edges: [[0, 1], [1, 2], [1, 3], [0, 4], [4, 4], [0, 5], [5, 6], [6, 5]], coords: { 1: [0, 1], 2: [-0.5, 2], 3: [0.5, 2], 4: [1.5, 1], 5: [-1.5, 1], 6: [-1.5, 2] }, seed: 13 }, sizes: [2, 8] },
  { game: "node-kayles", params: { vertices: 10, edges: [[0, 1], [1, 2], [2, 3], [3, 4], [0, 4], [5, 7], [7, 9], [6, 9], [6, 8], [5, 8], [0, 5], [1, 6], [2, 7], [3, 8], [4, 9]], seed: 14 }, sizes: [2, 8] },
];

function mountPuzzleWidget({ game, params, sizes, streak = 0 }) {
  const doc = makeDocument();
  const root = doc.createElement("div");
  const values = { mode: "puzzle", game, params, sizes, results: [], streak, solved: 0 };
  const model = { get: (n) => values[n], set: (n, v) => (values[n] = v), save_changes() {}, on() {}, off() {} };
  pz.mountPuzzle(model, root);
  return root;
}

/** The text a reader sees on the board: hidden parts (visibility: hidden) left out. */
function shownText(node) {
  if (typeof node === "string") return node;
  if (node.style && node.style.visibility === "hidden") return "";
  return node.children.map(shownText).join("");
}

for (const g of GAMES) {
  test(`${g.game}${g.params.twins ? " (twins)" : ""}: an inert board while it asks P or N, the winning move marked after a wrong P`, () => {
    const def = core.gameDef(g.game);
    const root = mountPuzzleWidget(g);
    let marked = 0;
    let compact = 0;
    for (let i = 0; i < 40; i++) {
      const box = root.querySelector(".nimlib-puzzle");
      const board = box.querySelector(".nimlib-board");
      const position = JSON.parse(box.getAttribute("data-position"));
      const where = `${g.game} ${core.key(position)}`;
      assert.equal(box.getAttribute("data-stage"), "answer", where);
      for (const control of board.querySelectorAll("button")) assert.ok(control.disabled, `${where}: ${control.textContent || control.getAttribute("aria-label")} is active`);
      for (const control of board.querySelectorAll("input")) assert.ok(control.disabled, `${where}: an input is active`);
      assert.equal(board.querySelectorAll("[tabindex]").length, 0, `${where}: a drawn part is in the tab order`);
      assert.equal(board.querySelectorAll("[role='button']").length, 0, `${where}: a drawn part says it is a button`);
      assert.doesNotMatch(shownText(board), /\b(click|press)\b/i, `${where}: help says to click while the puzzle asks P or N`);
      const help = board.querySelectorAll(".nimlib-help").map((h) => h.textContent);
      root.querySelector("[data-answer='P']").click();
      // marking the move (a selection made) changes no words of the hidden help, so no height (no layout shift)
      assert.deepEqual(box.querySelector(".nimlib-board").querySelectorAll(".nimlib-help").map((h) => h.textContent), help, `${where}: the help changed`);
      const feedback = box.querySelector(".nimlib-puzzle-feedback").textContent;
      if (feedback.includes("marked on the board")) {
        const { winning } = pz.judgeAnswer(def, position, g.params, "P");
        assert.ok(feedback.includes(`with ${winning.label} (marked on the board)`), `${where}: ${feedback}`);
        const shown = board.querySelectorAll(".nimlib-hint").map((b) => b.getAttribute("data-move"));
        assert.ok(shown.includes(core.key(winning.move)), `${where}: ${winning.label} is said to be marked, the board marks ${shown}`);
        marked++;
        if (g.game === "nim" && winning.move[1] > 0 && winning.move[1] < position[winning.move[0]] - 8 && position[winning.move[0]] >= 14) compact++;
        // the board stays inert once the puzzle is done
        for (const control of board.querySelectorAll("button")) assert.ok(control.disabled, `${where}: a control is active after the answer`);
      }
      root.querySelector("[data-ctl='next']").click();
    }
    assert.ok(marked >= 5, `${g.game}: only ${marked} wrong answers at N-positions to check`);
    if (g.game === "nim") assert.ok(compact >= 1, "no winning move to a stone a compact row leaves out was checked");
  });
}

// ------------------------------------------------------------------ the title line says no "click" either

/** Every registered game (the good states of good_states.mjs), as a puzzle and in play. */
async function everyGame() {
  const here = dirname(fileURLToPath(import.meta.url));
  const gamesDir = join(here, "..", "..", "nimlib", "static", "games");
  for (const file of readdirSync(gamesDir).filter((f) => f.endsWith(".js")).sort()) await import(pathToFileURL(join(gamesDir, file)));
  return core.registeredGames();
}

/** mount_helpers' small DOM, with createElementNS for the drawings that use SVG (Hackenbush). */
function svgDocument() {
  const doc = makeDocument();
  doc.createElementNS = (_, tag) => doc.createElement(tag);
  return doc;
}

const CLICK_WORDS = /\b(click|clicks|select|press|tap|drag)\b/i;

test("every game's puzzle: no words shown anywhere say click or select while it asks P or N; its how-to shows in play", async () => {
  globalThis.NIMLIB_DELAY = 0;
  const ids = await everyGame();
  assert.deepEqual(Object.keys(GOOD).sort(), [...ids].sort(), "a registered game has no good state in good_states.mjs");
  let asked = 0;
  let moved = 0;
  const howTos = [];
  for (const id of ids) {
    const def = core.gameDef(id);
    const params = { ...GOOD[id][0], seed: 21 };
    const how = def.howTo ? def.howTo(params) : "";
    if (how) howTos.push(id);
    // the rules line itself says no click: that belongs in howTo (shown only while the board plays)
    assert.doesNotMatch(def.rules(params), CLICK_WORDS, `${id}: the rules say how to click; move those words to howTo`);
    const doc = svgDocument();
    const root = doc.createElement("div");
    const values = { mode: "puzzle", game: id, params, sizes: [2, 8], results: [], streak: 0, solved: 0 };
    pz.mountPuzzle({ get: (n) => values[n], set: (n, v) => (values[n] = v), save_changes() {}, on() {}, off() {} }, root);
    let reachedMove = false;
    for (let i = 0; i < 12 && !(reachedMove && i >= 3); i++) {
      const box = root.querySelector(".nimlib-puzzle");
      const where = `${id} ${box.getAttribute("data-position")}`;
      assert.equal(box.getAttribute("data-stage"), "answer", where);
      assert.doesNotMatch(shownText(box), CLICK_WORDS, `${where}: words that say to click show while the puzzle asks P or N`);
      const title = box.querySelector(".nimlib-title");
      const helps = title.querySelectorAll(".nimlib-help");
      // the how-to keeps its room (hidden, not removed), so nothing moves when it shows again
      assert.deepEqual(helps.map((h) => h.textContent), how ? [how] : [], `${where}: the title's how-to`);
      asked++;
      // answer right: at an N-position the puzzle then asks for the move, and the board plays
      const position = JSON.parse(box.getAttribute("data-position"));
      const isP = pz.puzzleIsP(def, position, params);
      root.querySelector(`[data-answer='${isP ? "P" : "N"}']`).click();
      if (box.getAttribute("data-stage") === "move") {
        reachedMove = true;
        moved++;
        if (how) assert.ok(shownText(title).includes(how), `${where}: the how-to is hidden while the board takes a move`);
      } else {
        assert.doesNotMatch(shownText(title), CLICK_WORDS, `${where}: the title says to click once the puzzle is done`);
      }
      root.querySelector("[data-ctl='next']").click();
    }
    if (how) assert.ok(reachedMove, `${id}: no puzzle asked for a move, so the how-to was never checked shown`);
    // in play the how-to shows after the rules
    const play = doc.createElement("div");
    const state = { game: id, params: GOOD[id][0], position: GOOD[id][1], start: GOOD[id][1], history: [], computer_first: false, message: "" };
    core.mount({ get: (n) => state[n], set: (n, v) => (state[n] = v), save_changes() {}, on() {}, off() {} }, play);
    const line = play.querySelector(".nimlib-title");
    assert.ok(line && shownText(line).includes(def.rules(GOOD[id][0])), `${id}: the rules in play`);
    if (how) assert.ok(shownText(line).includes(how), `${id}: the how-to in play`);
  }
  // the check checks something: the games that say how to click in their title, and puzzles that reached the move
  assert.deepEqual(howTos.sort(), ["staircase", "trominoes"]);
  assert.ok(asked >= 3 * ids.length && moved >= ids.length, `${asked} questions, ${moved} moves asked`);
});
