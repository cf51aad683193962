// Shared by the board games' node tests (test_<file>.test.mjs): nimlib's fixture, a tiny DOM so that
// `draw` runs in node, and the exhaustive check of a game against nimlib's verdicts.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as core from "../../nimlib/static/core.js";
import { explainProblems } from "./explain_invariant.mjs";

export { core };

/** nimlib's cases for one game file (tests/js_fixtures.py), or null when NIMLIB_BOARDS_FIXTURE is unset. */
export function fixture(family) {
  const path = process.env.NIMLIB_BOARDS_FIXTURE;
  if (!path) return null;
  return JSON.parse(readFileSync(path, "utf8"))[family];
}

export const SKIP = "set NIMLIB_BOARDS_FIXTURE (python -m pytest tests/test_js_boards.py does)";

// ------------------------------------------------------------------ a tiny DOM

class FakeNode {
  constructor(tag, doc) {
    this.tagName = tag.toUpperCase();
    this.ownerDocument = doc;
    this.attributes = new Map();
    this.children = [];
    this.listeners = new Map();
    this.text = "";
    const classes = new Set();
    this.classList = {
      add: (...c) => c.forEach((x) => classes.add(x)),
      remove: (...c) => c.forEach((x) => classes.delete(x)),
      contains: (c) => classes.has(c),
      toggle: (c, on) => ((on ?? !classes.has(c)) ? classes.add(c) : classes.delete(c)),
    };
    this._classes = classes;
  }
  set className(v) {
    this._classes.clear();
    String(v).split(/\s+/).filter(Boolean).forEach((c) => this._classes.add(c));
  }
  get className() {
    return [...this._classes].join(" ");
  }
  set textContent(v) {
    this.children = [];
    this.text = String(v);
  }
  get textContent() {
    return this.text + this.children.map((c) => (typeof c === "string" ? c : c.textContent)).join("");
  }
  set innerHTML(v) {
    this.textContent = v;
  }
  get dataset() {
    const out = {};
    for (const [k, v] of this.attributes) if (k.startsWith("data-")) out[k.slice(5).replace(/-(\w)/g, (_, x) => x.toUpperCase())] = v;
    return out;
  }
  setAttribute(k, v) {
    this.attributes.set(k, String(v));
    if (k === "class") this.className = v;
  }
  getAttribute(k) {
    return this.attributes.has(k) ? this.attributes.get(k) : null;
  }
  hasAttribute(k) {
    return this.attributes.has(k);
  }
  append(...nodes) {
    for (const n of nodes.flat()) {
      if (n === null || n === undefined || n === false) continue;
      this.children.push(typeof n === "string" ? n : n);
    }
  }
  get lastChild() {
    return this.children[this.children.length - 1];
  }
  addEventListener(ev, fn) {
    if (!this.listeners.has(ev)) this.listeners.set(ev, []);
    this.listeners.get(ev).push(fn);
  }
  dispatch(ev) {
    for (const fn of this.listeners.get(ev) || []) fn({ target: this });
  }
  click() {
    this.dispatch("click");
  }
  /** Every element below (depth first), including this one. */
  *walk() {
    yield this;
    for (const c of this.children) if (typeof c !== "string") yield* c.walk();
  }
  findAll(pred) {
    return [...this.walk()].filter(pred);
  }
}

export function fakeDocument() {
  const doc = {
    createElement: (tag) => new FakeNode(tag, doc),
    createElementNS: (_, tag) => new FakeNode(tag, doc),
    createTextNode: (t) => String(t),
  };
  return doc;
}

const el = core.el; // the page's own element builder, on the fake document

/** A `view` as core.js makes it (el, moveButton, selection, select), recording what is clicked. */
export function makeView(doc, { selection = null, turn, onSelect = () => {}, onMove = () => {} } = {}) {
  return {
    doc,
    el: (tag, attrs, ...children) => el(doc, tag, attrs, ...children),
    selection,
    select: onSelect,
    busy: false,
    last: null,
    turn,
    moveButton(move, content, { label, className } = {}) {
      return el(doc, "button", { type: "button", className: ["nimlib-move", className].filter(Boolean).join(" "), "data-move": core.key(move), "aria-label": label, title: label, onclick: () => onMove(move) }, content);
    },
  };
}

/**
 * Every data-move button the board offers, over all its selections: draw, click each selection
 * button (data-select), draw again with what it selected, and so on (two levels are enough here).
 * Returns a Map from data-move JSON to the button's aria-label.
 */
export function boardMoves(def, position, params, turn) {
  const doc = fakeDocument();
  const found = new Map();
  const seen = new Set();
  const visit = (selection, depth) => {
    const sk = JSON.stringify(selection);
    if (seen.has(sk) || depth > 2) return;
    seen.add(sk);
    let chosen = [];
    const view = makeView(doc, { selection, turn, onSelect: (v) => chosen.push(v) });
    const board = def.draw(position, params, view);
    for (const b of board.findAll((n) => n.tagName === "BUTTON")) {
      if (b.hasAttribute("data-move")) {
        found.set(b.getAttribute("data-move"), b.getAttribute("aria-label"));
        assert.ok(b.getAttribute("aria-label"), `button ${b.getAttribute("data-move")} has no label`);
      } else if (b.hasAttribute("data-select")) {
        chosen = [];
        b.click();
        for (const v of chosen) visit(v, depth + 1);
      }
    }
  };
  visit(null, 0);
  return found;
}

const K = (x) => JSON.stringify(x);

/**
 * The exhaustive check of one fixture game: the moves reach exactly nimlib's options, every data-move
 * replays to its `after`, the computer's reply reaches a P-position exactly from N-positions, total 0
 * exactly at P-positions, the components' values are nimlib's, the explanation names a winning move,
 * and (for `drawEvery`-th positions) the board's buttons are exactly the legal moves.
 */
export function checkGame(game, { drawEvery = 1, partizan = false } = {}) {
  const def = core.gameDef(game.id);
  const params = game.params;
  let count = 0;
  game.cases.forEach((c, index) => {
    const where = `${game.name} ${K(c.position)}${c.turn ? ` (${c.turn} to move)` : ""}`;
    const turn = c.turn;
    const moves = partizan ? def.moves(c.position, params, turn) : def.moves(c.position, params);
    const reached = moves.map((m) => K(m.after)).sort();
    assert.deepEqual([...new Set(reached)].sort(), [...new Set(c.options.map(K))].sort(), `${where}: moves`);
    assert.equal(new Set(moves.map((m) => K(m.move))).size, moves.length, `${where}: two moves share a data-move`);
    for (const m of moves) {
      assert.ok(m.label && typeof m.label === "string", `${where}: move ${K(m.move)} has no label`);
      const again = partizan ? def.apply(c.position, JSON.parse(core.key(m.move)), params, turn) : core.applyMove(def, c.position, JSON.parse(core.key(m.move)), params);
      assert.equal(K(again.after), K(m.after), `${where}: data-move ${K(m.move)} replays`);
    }
    const a = partizan ? def.analyse(c.position, params, turn) : def.analyse(c.position, params);
    assert.equal(a.components.reduce((x, comp) => x ^ Number(comp.value), 0), Number(a.total), `${where}: total is the XOR`);
    if (!c.draw) assert.equal(Number(a.total) === 0, c.isP, `${where}: total ${a.total} but nimlib says ${c.isP ? "P" : "N"}`);
    if (c.components) {
      assert.deepEqual(a.components.map((comp) => Number(comp.value)).sort((x, y) => x - y), c.components.slice().sort((x, y) => x - y), `${where}: components`);
    }
    const best = core.bestMove(def, c.position, params, turn);
    const winning = new Set(c.winning.map(K));
    if (c.isP || c.draw) assert.equal(best, null, `${where}: a P-position has no winning move`);
    else assert.ok(best && winning.has(K(best.after)), `${where}: the reply ${best && K(best.after)} is not a winning move`);
    // where the fixture names nimlib's own move (games whose page follows nimlib's order), exactly that move
    if ("best" in c && !c.isP && !c.draw) assert.equal(K(best.after), K(c.best), `${where}: nimlib's move leaves ${K(c.best)}`);
    if (!c.isP && !c.draw) {
      // the explanation names the component the move changes, and that move is the reply and the Hint
      assert.deepEqual(explainProblems(def, c.position, params, { turn: turn ?? "reader", isWinning: (after) => winning.has(K(after)) }), [], where);
    }
    if (!partizan) {
      const reply = core.computerMove(def, c.position, params);
      if (moves.length === 0) assert.equal(reply, null, `${where}: no reply at the end`);
      else assert.equal(reply.winning, !c.isP, `${where}: reply.winning`);
      const e = core.explainData(def, c.position, params);
      if (!c.isP) assert.equal(e.move.label, best.label, `${where}: the explanation names the move`);
      core.explainHtml(def, c.position, params);
    }
    if (index % drawEvery === 0) {
      const buttons = boardMoves(def, c.position, params, turn);
      const legal = moves.map((m) => core.key(m.move)).sort();
      if (!partizan || turn === "reader") assert.deepEqual([...buttons.keys()].sort(), legal, `${where}: the board's buttons are the legal moves`);
      else assert.equal(buttons.size, 0, `${where}: no buttons while the computer moves`);
    }
    count++;
  });
  return count;
}

/** Round trip of parse and format, and New game's positions are legal and analysable. */
export function checkParseFormatRandom(id, params, { turn, samples = 30 } = {}) {
  const def = core.gameDef(id);
  const rng = core.makeRng(7);
  for (let i = 0; i < samples; i++) {
    const p = def.random(rng, params);
    assert.deepEqual(def.parse(def.format(p, params), params), p, `${id}: parse(format(${K(p)}))`);
    turn ? def.analyse(p, params, turn) : def.analyse(p, params);
  }
}
