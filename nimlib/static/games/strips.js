// Games on a strip: Kayles (a row of pins) and crosses / Dawson's Kayles (crosses 0.137 on a strip).
//
// kayles  position: pins [1, 1, 0, 1] (1 standing); labels number the pins from 1 (places on a strip).
//         move: [i] knocks pin i, [i, i + 1] knocks two neighbouring standing pins.
//         Click a pin to knock it; click the join between two standing neighbours to knock both.
// dawson  position: the strip [0, 1, 0, ...] (1 = cross), cells numbered from 1 in labels (as chapter 8).
//         move: [i] puts a cross on cell i (0-based in the JSON). A cell next to a cross is dead.
// crosses-2  the same with no cross within two cells of another (three in a row, octal 0.11337).
// params: { length, values } with values = g(0..length) of the heap game from Python
//         (nimlib.tables.kayles_params / dawson_params / crosses2_params): a run of k standing pins
//         (Kayles, 0.77) or of k playable cells (crosses 0.137, crosses-2 0.11337) is a heap of k.
//         A run beyond the table: OutOfTable.

import { register, OutOfTable, stateNaturalsError, stateOptionalIntError } from "../core.js";

const STRIP_CSS = `
.nimlib-strip { display: flex; align-items: flex-end; gap: 0; padding: 4px 2px; }
.nimlib-strip .nimlib-slot { display: flex; flex-direction: column; align-items: center; flex: none; width: 26px; }
.nimlib-strip .nimlib-num { font: 11px ui-monospace, monospace; color: #718096; margin-top: 2px; }
.nimlib-play button.nimlib-pin, .nimlib-puzzle button.nimlib-pin { width: 18px; height: 44px; min-height: 44px; padding: 0; margin: 0;
  border-radius: 9px 9px 4px 4px; background: #f7fafc; border: 2px solid #2d3748; }
.nimlib-play button.nimlib-pin:hover:not([disabled]), .nimlib-puzzle button.nimlib-pin:hover:not([disabled]), .nimlib-play button.nimlib-pin:focus-visible, .nimlib-puzzle button.nimlib-pin:focus-visible { background: #feb2b2; border-color: #c53030; }
.nimlib-strip .nimlib-pin-down { width: 18px; height: 8px; margin-top: 36px; border-radius: 4px; background: #cbd5e0; }
.nimlib-play button.nimlib-join, .nimlib-puzzle button.nimlib-join { width: 12px; height: 20px; min-height: 20px; padding: 0; margin: 0 0 12px 0;
  background: transparent; border: 1px dashed #a0aec0; border-radius: 3px; flex: none; }
.nimlib-play button.nimlib-join:hover:not([disabled]), .nimlib-puzzle button.nimlib-join:hover:not([disabled]), .nimlib-play button.nimlib-join:focus-visible, .nimlib-puzzle button.nimlib-join:focus-visible { background: #feb2b2; border-color: #c53030; }
.nimlib-strip .nimlib-join-off { width: 12px; flex: none; }
.nimlib-cells { display: flex; gap: 0; padding: 4px 2px; }
.nimlib-cells .nimlib-cell { width: 30px; height: 30px; flex: none; display: flex; align-items: center; justify-content: center;
  border: 1px solid #4a5568; margin-left: -1px; font-size: 18px; font-weight: bold; }
.nimlib-cells .nimlib-cross { color: #c53030; background: #fff; }
.nimlib-cells .nimlib-dead { background: repeating-linear-gradient(45deg, #e2e8f0, #e2e8f0 4px, #cbd5e0 4px, #cbd5e0 8px); }
.nimlib-play button.nimlib-cell, .nimlib-puzzle button.nimlib-cell { border-radius: 0; padding: 0; margin: 0 0 0 -1px; min-height: 30px; background: #fff; }
.nimlib-play button.nimlib-cell:hover:not([disabled]), .nimlib-puzzle button.nimlib-cell:hover:not([disabled]), .nimlib-play button.nimlib-cell:focus-visible, .nimlib-puzzle button.nimlib-cell:focus-visible { background: #fed7d7; }
`;

function stripStyle(view) {
  return view.el("style", { text: STRIP_CSS });
}

/** Maximal runs of true flags as [start, length]. */
export function stripRuns(flags) {
  const runs = [];
  let start = -1;
  flags.forEach((f, i) => {
    if (f && start < 0) start = i;
    if (!f && start >= 0) {
      runs.push([start, i - start]);
      start = -1;
    }
  });
  if (start >= 0) runs.push([start, flags.length - start]);
  return runs;
}

/** For each place, the index of its run in stripRuns(flags) (the component it belongs to), or -1. */
export function stripRunIndex(flags) {
  const index = flags.map(() => -1);
  stripRuns(flags).forEach(([s, k], r) => {
    for (let i = s; i < s + k; i++) index[i] = r;
  });
  return index;
}

function stripValue(k, params, what) {
  const values = params.values || [];
  if (k >= values.length) {
    throw new OutOfTable(`a run of ${k} ${what} is longer than this page's table (up to ${values.length - 1}): start a shorter game`);
  }
  return values[k];
}

function stripTotal(components) {
  return components.reduce((a, c) => a ^ c.value, 0);
}

function stripParse01(text, params, ones, zeros, what) {
  const chars = [...String(text).replace(/[\s,()[\]]/g, "")];
  if (chars.length === 0) throw new Error(`type the ${what}, e.g. ${ones[0].repeat(3)}${zeros[0]}${ones[0].repeat(2)}`);
  const length = Number(params.length) || 0;
  if (length && chars.length > length) throw new Error(`at most ${length} ${what} on this page, got ${chars.length}`);
  return chars.map((c, i) => {
    if (ones.includes(c)) return 1;
    if (zeros.includes(c)) return 0;
    throw new Error(`character ${i + 1} ("${c}") must be one of ${ones[0]} or ${zeros[0]}`);
  });
}

// The longest strip a saved state may hold (nimlib.boards.MAX_CELLS; tests/test_js_bounds.py)
export const STRIP_MAX_CELLS = 1000;

/** The saved state's shape: params.length and the value table, then a row of 0s and 1s. */
export function stripValidate(position, params, most = STRIP_MAX_CELLS) {
  const bad =
    stateOptionalIntError(params.length, "params.length", 0, STRIP_MAX_CELLS) ||
    stateOptionalIntError(params.distance, "params.distance", 1, 2) ||
    stateNaturalsError(params.values ?? [], "params.values", { most: STRIP_MAX_CELLS + 1 });
  if (bad || position === undefined) return bad;
  return stateNaturalsError(position, "the strip", { most, max: 1 });
}

function stripLength(params, fallback) {
  return Math.max(1, Number(params.length) || fallback);
}

// ------------------------------------------------------------------ Kayles

/** Kayles moves: knock one standing pin, or two neighbouring standing pins. */
export function kaylesMoves(position) {
  const out = [];
  const runOf = stripRunIndex(position.map(Boolean)); // the component (run of standing pins) of each pin
  position.forEach((up, i) => {
    if (!up) return;
    const after = position.slice();
    after[i] = 0;
    out.push({ move: [i], after, label: `knock pin ${i + 1}`, parts: [runOf[i]] });
    if (i + 1 < position.length && position[i + 1]) {
      const both = after.slice();
      both[i + 1] = 0;
      out.push({ move: [i, i + 1], after: both, label: `knock pins ${i + 1} and ${i + 2}`, parts: [runOf[i]] });
    }
  });
  return out;
}

export function kaylesAnalyse(position, params) {
  const components = stripRuns(position.map(Boolean)).map(([s, k]) => ({
    label: k === 1 ? `pin ${s + 1}` : `pins ${s + 1}–${s + k}`,
    value: stripValue(k, params, "pins"),
  }));
  return { components, total: stripTotal(components) };
}

function kaylesDraw(position, params, view) {
  const row = view.el("div", { className: "nimlib-strip", role: "group", "aria-label": "row of pins" });
  row.append(stripStyle(view));
  position.forEach((up, i) => {
    if (i > 0) {
      if (up && position[i - 1]) {
        row.append(view.moveButton([i - 1, i], "", { label: `knock pins ${i} and ${i + 1}`, className: "nimlib-join" }));
      } else {
        row.append(view.el("span", { className: "nimlib-join-off", "aria-hidden": "true" }));
      }
    }
    const slot = view.el("div", { className: "nimlib-slot", "data-part": `pin-${i}`, "data-state": up ? "up" : "down" });
    slot.append(
      up
        ? view.moveButton([i], "", { label: `knock pin ${i + 1}`, className: "nimlib-pin" })
        : view.el("span", { className: "nimlib-pin-down", title: `pin ${i + 1} is down` }),
    );
    slot.append(view.el("span", { className: "nimlib-num", "aria-hidden": "true" }, String(i + 1)));
    row.append(slot);
  });
  return row;
}

register({
  id: "kayles",
  title: () => "Kayles",
  rules: () => "Knock down one pin, or two neighbouring pins. Whoever knocks down the last pin wins.",
  misere: () => false,
  parse: (text, params) => stripParse01(text, params, ["I", "i", "1", "|", "▮"], [".", "0", "_", "·", "-"], "pins"),
  validate: (position, params) => stripValidate(position, params),
  format: (position) => position.map((p) => (p ? "I" : ".")).join(""),
  random: (rng, params) => {
    const n = stripLength(params, 10);
    return Array.from({ length: n }, () => (rng() < 0.8 ? 1 : 0));
  },
  moves: (position) => kaylesMoves(position),
  analyse: kaylesAnalyse,
  draw: kaylesDraw,
  changed: (before, move) => move.map((i) => `pin-${i}`),
});

// ------------------------------------------------------------------ crosses (Dawson's Kayles)

/** Cells where a cross may go: no cross within `distance` of them (1: crosses, 2: crosses-2). */
export function dawsonPlayable(position, distance = 1) {
  return position.map((_, i) => !position.slice(Math.max(0, i - distance), i + distance + 1).some(Boolean));
}

function dawsonDistance(params) {
  return Number(params && params.distance) === 2 ? 2 : 1;
}

export function dawsonMoves(position, params = {}) {
  const out = [];
  const playable = dawsonPlayable(position, dawsonDistance(params));
  const runOf = stripRunIndex(playable);
  playable.forEach((ok, i) => {
    if (!ok) return;
    const after = position.slice();
    after[i] = 1;
    out.push({ move: [i], after, label: `cross on cell ${i + 1}`, parts: [runOf[i]] });
  });
  return out;
}

export function dawsonAnalyse(position, params) {
  const components = stripRuns(dawsonPlayable(position, dawsonDistance(params))).map(([s, k]) => ({
    label: k === 1 ? `cell ${s + 1}` : `cells ${s + 1}–${s + k}`,
    value: stripValue(k, params, "playable cells"),
  }));
  return { components, total: stripTotal(components) };
}

function dawsonDraw(position, params, view) {
  const row = view.el("div", { className: "nimlib-cells", role: "group", "aria-label": "strip of cells" });
  row.append(stripStyle(view));
  const playable = dawsonPlayable(position, dawsonDistance(params));
  position.forEach((c, i) => {
    const part = { "data-part": `cell-${i}`, "data-state": c ? "X" : playable[i] ? "free" : "dead" };
    if (playable[i]) {
      row.append(view.moveButton([i], "", { label: `cross on cell ${i + 1}`, className: "nimlib-cell" }));
      row.lastChild.setAttribute("data-part", part["data-part"]);
      row.lastChild.setAttribute("data-state", part["data-state"]);
    } else if (c) {
      row.append(view.el("span", { className: "nimlib-cell nimlib-cross", title: `cell ${i + 1}: a cross`, ...part }, "✕"));
    } else {
      row.append(view.el("span", { className: "nimlib-cell nimlib-dead", title: `cell ${i + 1}: too close to a cross`, ...part }));
    }
  });
  return row;
}

function dawsonDefine(id, distance) {
  register({
    id,
    title: () => (distance === 1 ? "Crosses (Dawson's Kayles)" : "Crosses-2 (three in a row)"),
    rules: () =>
      distance === 1
        ? "Put a cross in an empty cell, never next to another cross. Whoever puts the last cross wins."
        : "Put a cross in an empty cell, never within two cells of another cross (that would hand the opponent three in a row). Whoever puts the last cross wins.",
    misere: () => false,
    parse: (text, params) => {
      const strip = stripParse01(text, params, ["X", "x", "1"], [".", "0", "_", "·", "-"], "cells");
      strip.forEach((c, i) => {
        const near = strip.slice(i + 1, i + distance + 1).findIndex(Boolean);
        if (c && near >= 0) throw new Error(`cells ${i + 1} and ${i + 2 + near} hold crosses closer than play allows`);
      });
      return strip;
    },
    validate: (position, params) => stripValidate(position, params),
    format: (position) => position.map((c) => (c ? "X" : ".")).join(""),
    random: (rng, params) => {
      let strip = Array(stripLength(params, 14)).fill(0);
      const crosses = Math.floor(rng() * 3);
      for (let k = 0; k < crosses; k++) {
        const options = dawsonMoves(strip, { distance });
        if (options.length === 0) break;
        strip = options[Math.floor(rng() * options.length)].after;
      }
      return strip;
    },
    moves: (position) => dawsonMoves(position, { distance }),
    analyse: (position, params) => dawsonAnalyse(position, { ...params, distance }),
    draw: (position, params, view) => dawsonDraw(position, { ...params, distance }, view),
    changed: (before, move) => [`cell-${move[0]}`],
  });
}

dawsonDefine("dawson", 1);
dawsonDefine("crosses-2", 2);
