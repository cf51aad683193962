// Hostile saved states (issue 25): a position, history, params or puzzle trait of the wrong type, with
// __proto__ keys or nested 100 000 deep, given to EVERY registered game. The widget must throw nothing,
// show one short message in its place ("This game's saved position is not valid: …"), write nothing
// back, pollute no prototype, and leave the widgets beside it on the page as they were.
import test from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as core from "../../nimlib/static/core.js";
import * as pz from "../../nimlib/static/puzzle.js";
import { makeDocument as makeSmallDocument } from "./mount_helpers.mjs";
import { GOOD } from "./good_states.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const gamesDir = join(here, "..", "..", "nimlib", "static", "games");
for (const file of readdirSync(gamesDir).filter((f) => f.endsWith(".js")).sort()) await import(pathToFileURL(join(gamesDir, file)));

globalThis.NIMLIB_DELAY = 0;

/** mount_helpers' small DOM, with the element `style` that Hackenbush's drawing sets. */
function makeDocument() {
  const doc = makeSmallDocument();
  const make = doc.createElement;
  doc.createElement = (tag) => Object.assign(make(tag), { style: {} });
  doc.createElementNS = (_, tag) => doc.createElement(tag);
  return doc;
}


function deep(levels) {
  let v = [1];
  for (let i = 0; i < levels; i++) v = [v];
  return v;
}

// What a saved position may be instead of a position (fresh each time: a test must not share them)
const HOSTILE_POSITIONS = () => [
  ["an object", { 0: 1, length: 1 }],
  ["a string", "3 4 5"],
  ["a number", 7],
  ["null", null],
  ["true", true],
  ["__proto__ keys", JSON.parse('{"__proto__": {"polluted": "yes"}, "constructor": {"prototype": {"polluted": "yes"}}}')],
  ["a list holding __proto__ keys", JSON.parse('[{"__proto__": {"polluted": "yes"}}, [1]]')],
  ["deep nesting", deep(100000)],
  ["negative and fractional numbers", [-1, 2.5]],
  ["numbers as strings", ["3", "4"]],
  ["a list far too long", Array(5000).fill(1)],
  ["an empty nested list", [[[]]]],
];

// Other traits a saved play widget may get wrong (the position stays good)
const HOSTILE_TRAITS = (good) => [
  ["history an object", { history: { 0: 1 } }],
  ["history a string", { history: "moves" }],
  ["a history entry null", { history: [null] }],
  ["a history entry with __proto__", { history: [JSON.parse('{"__proto__": {"polluted": "yes"}, "player": "reader"}')] }],
  ["a history entry of another player", { history: [{ player: "someone", label: "x", move: [0], before: good, after: good }] }],
  ["a history entry with a bad position", { history: [{ player: "reader", label: "x", move: [0], before: "no", after: good }] }],
  ["a history nested deep", { history: [{ player: "reader", label: "x", move: deep(100000), before: good, after: good }] }],
  ["a history whose last move is not a move", { history: [{ player: "reader", label: "x", move: ["no"], before: good, after: good }] }],
  ["params a string", { params: "k=2" }],
  ["params with __proto__", { params: JSON.parse('{"__proto__": {"polluted": "yes"}}') }],
  ["params.k an object", { params: { k: { toString: 1 } } }],
  ["params.seed an object", { params: { seed: { toString: 1, valueOf: 1 } } }],
  ["params nested deep", { params: { values: deep(100000) } }],
  ["start a string", { start: "start" }],
  ["computer_first a string", { computer_first: "yes" }],
  ["message an object", { message: { text: 1 } }],
];

function makeModel(values) {
  let saves = 0;
  return {
    values,
    get: (name) => values[name],
    set: (name, value) => (values[name] = value),
    save_changes: () => saves++,
    saves: () => saves,
    on: () => {},
    off: () => {},
  };
}

function goodValues(id) {
  const [params, position] = GOOD[id];
  return { game: id, params: structuredClone(params), position: structuredClone(position), start: structuredClone(position), history: [], computer_first: false, message: "" };
}

/** Mount `values` between two good widgets of the same game on one page; return what the test checks. */
function mountOnPage(doc, id, values, mounter = core.mount) {
  const page = doc.createElement("div");
  const before = doc.createElement("div");
  const bad = doc.createElement("div");
  const after = doc.createElement("div");
  page.append(before, bad, after);
  core.mount(makeModel(goodValues(id)), before);
  const beforeHtml = before.html;
  const model = makeModel(values);
  let thrown = null;
  try {
    mounter(model, bad);
  } catch (error) {
    thrown = error;
  }
  core.mount(makeModel(goodValues(id)), after);
  return { page, before, bad, after, beforeHtml, model, thrown };
}

function assertRefused(result, what, prefix) {
  assert.equal(result.thrown, null, `${what}: threw ${result.thrown && result.thrown.stack}`);
  const shown = result.bad.querySelectorAll("p.nimlib-invalid");
  assert.equal(shown.length, 1, `${what}: no message in the widget's place`);
  assert.equal(result.bad.children.length, 1, `${what}: the message is all the widget shows`);
  assert.ok(shown[0].textContent.startsWith(prefix), `${what}: says "${shown[0].textContent}"`);
  assert.ok(shown[0].textContent.length < 400, `${what}: a short message`);
  assert.equal(result.bad.querySelectorAll(".nimlib-play").length, 0, `${what}: nothing of the game is drawn`);
  assert.equal(result.model.saves(), 0, `${what}: nothing written back`);
  assert.equal(result.before.html, result.beforeHtml, `${what}: the widget before it changed`);
  assert.equal(result.after.querySelectorAll(".nimlib-play").length, 1, `${what}: the widget after it did not mount`);
  assert.equal(result.page.children.length, 3, `${what}: the page changed`);
  assert.equal({}.polluted, undefined, `${what}: Object.prototype polluted`);
  assert.equal([].polluted, undefined, `${what}: Array.prototype polluted`);
}

const games = core.registeredGames();

test("every registered game has a good state here and a validate hook", () => {
  assert.ok(games.length >= 25, `only ${games.length} games registered`);
  assert.deepEqual(Object.keys(GOOD).sort(), [...games].sort());
  for (const id of games) assert.equal(typeof core.gameDef(id).validate, "function", `${id} has no validate`);
});

test("each game's good state mounts and is accepted (the control: the checks refuse only bad states)", () => {
  const doc = makeDocument();
  let checked = 0;
  for (const id of games) {
    const root = doc.createElement("div");
    const model = makeModel(goodValues(id));
    assert.equal(core.savedStateError(model), null, id);
    core.mount(model, root);
    assert.equal(root.querySelectorAll(".nimlib-play").length, 1, `${id} did not mount`);
    assert.equal(root.querySelectorAll(".nimlib-invalid").length, 0, `${id} refused a good state`);
    checked++;
  }
  assert.equal(checked, games.length);
});

test("a hostile saved position is refused with a message in every game, and nothing else moves", () => {
  const doc = makeDocument();
  let checked = 0;
  for (const id of games) {
    for (const [what, position] of HOSTILE_POSITIONS()) {
      for (const trait of ["position", "start"]) {
        const values = { ...goodValues(id), [trait]: position };
        assertRefused(mountOnPage(doc, id, values), `${id}, ${trait} ${what}`, "This game's saved position is not valid: ");
        checked++;
      }
    }
  }
  assert.ok(checked >= 25 * 12 * 2, `only ${checked} cases checked`);
});

test("a hostile history, params, start, computer_first or message is refused in every game", () => {
  const doc = makeDocument();
  let checked = 0;
  for (const id of games) {
    for (const [what, changes] of HOSTILE_TRAITS(GOOD[id][1])) {
      const values = { ...goodValues(id), ...changes };
      assertRefused(mountOnPage(doc, id, values), `${id}, ${what}`, "This game's saved position is not valid: ");
      checked++;
    }
  }
  assert.ok(checked >= 25 * 10, `only ${checked} cases checked`);
});

test("an unknown game or a game name of the wrong type is refused, not thrown", () => {
  const doc = makeDocument();
  for (const game of ["no-such-game", "__proto__", "constructor", null, 3, { id: "nim" }]) {
    const values = { ...goodValues("nim"), game };
    assertRefused(mountOnPage(doc, "nim", values), `game ${JSON.stringify(game)}`, "This game's saved position is not valid: ");
  }
});

test("a hostile puzzle (params, sizes, streak, results) is refused with a message in every game", () => {
  const doc = makeDocument();
  let checked = 0;
  const bad = [
    ["sizes a string", { sizes: "2-12" }],
    ["sizes backwards", { sizes: [12, 2] }],
    ["sizes too large", { sizes: [2, 10 ** 9] }],
    ["streak an object", { streak: { valueOf: 1, toString: 1 } }],
    ["results nested deep", { results: deep(100000) }],
    ["params a list", { params: [1, 2] }],
    ["params with __proto__", { params: JSON.parse('{"__proto__": {"polluted": "yes"}}') }],
  ];
  for (const id of games) {
    for (const [what, changes] of bad) {
      const values = { game: id, mode: "puzzle", params: structuredClone(GOOD[id][0]), sizes: [2, 12], results: [], streak: 0, solved: 0, ...changes };
      assertRefused(mountOnPage(doc, id, values, pz.mountPuzzle), `puzzle ${id}, ${what}`, "This puzzle's saved state is not valid: ");
      checked++;
    }
  }
  assert.equal(checked, games.length * bad.length);
});

test("the shape walk is iterative and capped: a million-deep list and a cycle are refused, not overflowed", () => {
  assert.match(core.stateJsonError(deep(1000000), "x"), /nested more than 16 levels/);
  const cycle = [1];
  cycle.push(cycle);
  assert.match(core.stateJsonError(cycle, "x"), /nested more than|more than/);
  assert.match(core.stateJsonError(JSON.parse('{"a": {"__proto__": 1}}'), "x"), /__proto__/);
  assert.equal(core.stateJsonError({ a: [1, "b", null, true, { c: 2 }] }, "x"), null);
  assert.match(core.stateJsonError([1, () => 1], "x"), /function/);
  assert.match(core.stateJsonError([Infinity], "x"), /not finite/);
});
