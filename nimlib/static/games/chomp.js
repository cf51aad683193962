// Chomp (Gale 1974): a chocolate bar whose square in row 1, column 1 is poisoned.
//
// Position: the row lengths [r1, r2, …], row 1 (the poisoned row) first, non-increasing, each ≥ 1;
//           [1] is the poison alone: the player to move must eat it and has lost.
// Move: [i, j], the square bitten (row i, column j, both from 1): it is eaten with every square
//       below and to the right of it (rows ≥ i, columns ≥ j). The poison [1, 1] is never a move.
// params: { rows, columns } the bar (at most CHOMP_MAX_ROWS × CHOMP_MAX_COLUMNS = 4 × 7).
// The page searches itself: the Grundy value of every position inside the bar by mex, memoised (a
// 4 × 7 bar has 329 positions), the same search as nimlib.chomp; tests/test_chomp.py compares the two
// on every position of every bar up to 4 × 7.

import { register, readTokens, OutOfTable, escapeHtml, plural, stateNaturalsError, stateOptionalIntError } from "../core.js";

// nimlib.chomp.WIDGET_ROWS and WIDGET_COLUMNS (tests/test_js_bounds.py checks they agree)
export const CHOMP_MAX_ROWS = 4;
export const CHOMP_MAX_COLUMNS = 7;
export const CHOMP_CELL = 32; // px, the side of a square (a 24 px target at least, WCAG 2.5.8)

function chompBoard(params) {
  const rows = Number.isSafeInteger(params.rows) ? params.rows : CHOMP_MAX_ROWS;
  const columns = Number.isSafeInteger(params.columns) ? params.columns : CHOMP_MAX_COLUMNS;
  return [rows, columns];
}

/** The saved state's shape: params.rows and params.columns, then row lengths inside that bar. */
export function chompValidate(position, params) {
  const bad =
    stateOptionalIntError(params.rows, "params.rows", 1, CHOMP_MAX_ROWS) ||
    stateOptionalIntError(params.columns, "params.columns", 1, CHOMP_MAX_COLUMNS);
  if (bad || position === undefined) return bad;
  const [rows, columns] = chompBoard(params);
  const shape = stateNaturalsError(position, "the rows", { most: rows, min: 1, max: columns });
  if (shape) return shape;
  if (position.length === 0) return "the rows must hold at least the poisoned row";
  for (let i = 1; i < position.length; i++) {
    if (position[i] > position[i - 1]) return `the rows must not get longer: row ${i + 1} is longer than row ${i}`;
  }
  return null;
}

function chompCheck(position) {
  if (!Array.isArray(position) || position.length === 0 || !position.every((v) => Number.isSafeInteger(v) && v >= 1)) {
    throw new Error(`a position is the row lengths, each at least 1, got ${JSON.stringify(position)}`);
  }
  for (let i = 1; i < position.length; i++) {
    if (position[i] > position[i - 1]) throw new Error(`the rows must not get longer: row ${i + 1} is longer than row ${i}`);
  }
  if (position.length > CHOMP_MAX_ROWS || position[0] > CHOMP_MAX_COLUMNS) {
    throw new OutOfTable(`this page plays Chomp on bars of at most ${CHOMP_MAX_ROWS} rows of ${CHOMP_MAX_COLUMNS} squares, got (${position.join(", ")})`);
  }
  return position;
}

/** The position after biting row i, column j: rows i, i+1, … keep their first j − 1 squares. */
export function chompBite(position, [i, j]) {
  const out = position.map((r, k) => (k >= i - 1 ? Math.min(r, j - 1) : r));
  return out.filter((r) => r > 0);
}

/** How a bite is said (nimlib.chomp.Chomp.describe says the same). */
export function chompLabel([i, j]) {
  return `bite row ${i}, column ${j}`;
}

/** Every bite, row by row from row 1, left to right, the poison left out (nimlib.chomp.chomp_moves' order). */
export function chompMoves(position) {
  const rows = chompCheck(position);
  const out = [];
  rows.forEach((length, k) => {
    for (let c = 0; c < length; c++) {
      if (k === 0 && c === 0) continue;
      const move = [k + 1, c + 1];
      out.push({ move, after: chompBite(rows, move), label: chompLabel(move), parts: [0] });
    }
  });
  return out;
}

// G of every position met so far, keyed by its JSON (at most 329 inside a 4 × 7 bar)
const chompValues = new Map();

/** The Grundy value by mex over every bite, memoised: the search knows no formula. */
export function chompGrundy(position) {
  const rows = chompCheck(position);
  const k = JSON.stringify(rows);
  if (chompValues.has(k)) return chompValues.get(k);
  const seen = new Set(chompMoves(rows).map((m) => chompGrundy(m.after)));
  let g = 0;
  while (seen.has(g)) g += 1;
  chompValues.set(k, g);
  return g;
}

/** How many positions the search labels to value `position`: the positions inside it (itself included). */
export function chompCount(position) {
  const rows = chompCheck(position);
  // Young diagrams inside rows: row k has length 1..min(rows[k], previous), or the diagram stops
  const count = (k, most) => {
    if (k >= rows.length) return 1;
    let n = 1; // stop here
    for (let len = 1; len <= Math.min(most, rows[k]); len++) n += count(k + 1, len);
    return n;
  };
  let total = 0;
  for (let len = 1; len <= rows[0]; len++) total += count(1, len);
  return total;
}

/** The winning bites (to a P-position), in chompMoves' order; the computer plays the first. */
export function chompWinning(position) {
  return chompMoves(position).filter((m) => chompGrundy(m.after) === 0);
}

/** The losing side's bite: the first that eats the fewest squares (nimlib.chomp.stalling_move). */
export function chompStall(position) {
  const size = (p) => p.reduce((a, b) => a + b, 0);
  let best = null;
  for (const m of chompMoves(position)) {
    if (best === null || size(m.after) > size(best.after)) best = m;
  }
  return best;
}

/** Words for a P-position of a shape the chapter proves: two rows a = b + 1, an L with equal arms. */
export function chompPattern(position) {
  const rows = chompCheck(position);
  if (rows.length <= 2) {
    const [a, b = 0] = rows;
    return a === b + 1 ? `two rows with a = b + 1 (a = ${a}, b = ${b})` : null;
  }
  if (rows.slice(1).every((r) => r === 1) && rows[0] === rows.length) {
    return `an L with equal arms (${plural(rows[0] - 1, "square")} beside the poison, ${rows.length - 1} below)`;
  }
  return null;
}

function chompFormat(position) {
  return `(${position.join(", ")})`;
}

/** The explanation panel: the search's verdict, its count, and every winning bite with the position it leaves. */
export function chompExplain(position) {
  const rows = chompCheck(position);
  const g = chompGrundy(rows);
  const count = chompCount(rows);
  const lines = [
    `Rows ${chompFormat(rows)}: the search values all ${plural(count, "position")} inside this one (each by the mex of its bites) and finds G = ${g}.`,
  ];
  if (rows.length === 1 && rows[0] === 1) {
    lines.push("Only the poisoned square is left: the player to move must eat it and loses.");
    return `<p>${lines.join("</p><p>")}</p>`;
  }
  if (g === 0) {
    const pattern = chompPattern(rows);
    lines.push(
      "This is a P-position: every bite leaves a position with a winning reply, so the player to move loses against best play." +
        (pattern ? ` It is ${pattern}: whatever is bitten, the reply restores that shape.` : ""),
    );
    return `<p>${lines.join("</p><p>")}</p>`;
  }
  const wins = chompWinning(rows);
  lines.push(`This is an N-position. Winning bites, each leaving a P-position (the computer plays the first):`);
  const items = wins.map((m) => {
    const pattern = chompPattern(m.after);
    return `${escapeHtml(m.label)} → ${chompFormat(m.after)}: ${pattern ? `leaves ${pattern}, a P-position` : "leaves a P-position (G = 0 by the search)"}`;
  });
  return `<p>${lines.join("</p><p>")}</p><ul>${items.map((w) => `<li>${w}</li>`).join("")}</ul>`;
}

/** The bar: row 1 on top, the poison top left (☠, not a button), a button on every other square left. */
export function chompDraw(position, params, view) {
  const rows = chompCheck(position);
  const [height, width] = chompBoard(params);
  const side = CHOMP_CELL;
  const grid = view.el("div", {
    className: "nimlib-chomp",
    role: "group",
    "aria-label": `the bar, rows ${chompFormat(rows)}`,
    style: `display:grid;grid-template-columns:repeat(${Math.max(width, rows[0])}, ${side}px);grid-auto-rows:${side}px;gap:2px;width:max-content;max-width:100%`,
  });
  const cell = `display:inline-flex;align-items:center;justify-content:center;width:${side}px;height:${side}px;min-width:24px;min-height:24px;margin:0;padding:0;box-sizing:border-box;border-radius:3px;font-size:18px;`;
  const moves = new Map(chompMoves(rows).map((m) => [`${m.move[0]},${m.move[1]}`, m]));
  for (let i = 1; i <= Math.max(height, rows.length); i++) {
    for (let j = 1; j <= Math.max(width, rows[0]); j++) {
      const part = `square-${i}-${j}`;
      const here = i <= rows.length && j <= rows[i - 1];
      if (i === 1 && j === 1) {
        grid.append(
          view.el(
            "span",
            {
              className: "nimlib-chomp-poison",
              role: "img",
              "aria-label": "the poisoned square (row 1, column 1): whoever must eat it loses",
              title: "poisoned",
              "data-part": part,
              "data-state": "poison",
              style: `${cell}background:#742a2a;color:#fff;border:3px double #fff`,
            },
            "☠",
          ),
        );
      } else if (here) {
        const m = moves.get(`${i},${j}`);
        const b = view.moveButton(m.move, "", { label: `${m.label}: leaves ${chompFormat(m.after)}`, className: "nimlib-chomp-square" });
        b.setAttribute("data-part", part);
        b.setAttribute("data-state", "on");
        b.setAttribute("style", `${cell}background:#7b4a2a;border:1px solid #3c2415;color:#fff`);
        grid.append(b);
      } else {
        grid.append(
          view.el("span", { "data-part": part, "data-state": "eaten", "aria-hidden": "true", style: `${cell}border:1px dashed #a0aec0` }),
        );
      }
    }
  }
  const caption = view.el(
    "div",
    { style: "font-size:13px;margin-top:4px;white-space:normal" },
    `Rows ${chompFormat(rows)}; the poisoned square (☠) is row 1, column 1. `,
    view.el("span", { className: "nimlib-help" }, "Click a square to eat it with everything below it and to its right."),
  );
  return view.el("div", {}, grid, caption);
}

export function chompParse(text, params) {
  const parts = readTokens(String(text).replace(/[()[\]{}]/g, " "));
  if (parts.length === 0) throw new Error("type the row lengths, the poisoned row first, e.g. 4 4 3");
  const position = parts.map((p, i) => {
    if (!/^\d+$/.test(p) || Number(p) < 1) throw new Error(`row ${i + 1} must be a whole number at least 1, got "${p}"`);
    return Number(p);
  });
  chompCheck(position);
  const [rows, columns] = chompBoard(params);
  if (position.length > rows || position[0] > columns) throw new Error(`this game's bar is ${rows} × ${columns}: (${position.join(", ")}) does not fit`);
  return position;
}

register({
  id: "chomp",
  title: (params) => `Chomp (${chompBoard(params).join(" × ")} bar)`,
  rules: () =>
    "Take turns to eat a square of the bar, with every square below it and to its right. The square in row 1, column 1 is poisoned: whoever has to eat it (it is all that is left) loses.",
  misere: () => false,
  parse: (text, params) => chompParse(text, params),
  validate: chompValidate,
  format: (position) => chompFormat(position),
  random: (rng, params) => {
    const [rows, columns] = chompBoard(params);
    if (rng() < 0.5) return Array(rows).fill(columns); // the full bar half the time
    const out = [];
    let most = columns;
    for (let k = 0; k < rows; k++) {
      const len = k === 0 ? 1 + Math.floor(rng() * columns) : Math.floor(rng() * (most + 1));
      if (len === 0) break;
      out.push(len);
      most = len;
    }
    return out;
  },
  moves: (position) => chompMoves(position),
  analyse: (position) => {
    const value = chompGrundy(position);
    return { components: [{ label: chompFormat(position), value }], total: value };
  },
  best: (position) => chompWinning(position)[0] ?? null,
  stall: (position) => chompStall(position),
  explain: (position) => chompExplain(position),
  draw: (position, params, view) => chompDraw(position, params, view),
  parts: () => [0], // one component: the bar
  changed: (before, move, after) => {
    const out = [];
    before.forEach((length, k) => {
      for (let c = 0; c < length; c++) if (!(k < after.length && c < after[k])) out.push(`square-${k + 1}-${c + 1}`);
    });
    return out;
  },
});
