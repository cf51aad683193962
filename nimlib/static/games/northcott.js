// Northcott's game (chapter 11): rows with one White and one Black piece; the reader plays White.
//
// northcott  position: rows [[white, black], ...] (0-based; labels number the rows from 0 and the
//            columns from 1, as the book's notation page says). move: [row, new_column] for the piece of the player to move (White for the
//            reader, Black for the computer): it slides along its row, any distance, either way,
//            never onto or past the other piece. Click an empty cell where White may go.
// params: { width, rows } (nimlib.tables.northcott_params).
//
// The game is partizan (each side moves its own pieces), so the functions that depend on who moves
// take a third argument `turn`: "reader" (White, the default) or "computer" (Black); `partizan: true`
// asks the core to pass it. Strategy: the gaps between the pieces are Nim heaps; the winner only
// ever moves towards the other piece (a Nim move on the gaps), which also answers any increase, and
// so the game ends.

import { register, stateKind, stateNaturalsError, stateOptionalIntError } from "../core.js";

const NORTH_CSS = `
.nimlib-north { padding: 4px 2px; }
.nimlib-north .nimlib-nrow { display: flex; align-items: center; margin: 0 0 -1px 0; }
.nimlib-north .nimlib-nlabel { font: 12px ui-monospace, monospace; width: 4.5em; flex: none; color: #4a5568; }
.nimlib-north .nimlib-ncell { width: 30px; height: 30px; flex: none; border: 1px solid #a0aec0; margin-left: -1px; display: flex;
  align-items: center; justify-content: center; font-size: 20px; background: #fff; }
.nimlib-north .nimlib-ncell.nimlib-gapcell { background: #ebf8ff; }
.nimlib-play .nimlib-north button.nimlib-ncell, .nimlib-puzzle .nimlib-north button.nimlib-ncell { border-radius: 0; padding: 0; margin: 0 0 0 -1px; min-height: 30px; }
.nimlib-play .nimlib-north button.nimlib-ncell:hover:not([disabled]), .nimlib-puzzle .nimlib-north button.nimlib-ncell:hover:not([disabled]), .nimlib-play .nimlib-north button.nimlib-ncell:focus-visible, .nimlib-puzzle .nimlib-north button.nimlib-ncell:focus-visible { background: #c6f6d5; }
.nimlib-north .nimlib-white { color: #1a202c; text-shadow: 0 0 1px #000; }
.nimlib-north .nimlib-black { color: #1a202c; }
.nimlib-north .nimlib-gapnum { font: 12px ui-monospace, monospace; margin-left: 8px; color: #2b6cb0; flex: none; }
`;

function northSide(turn) {
  return turn === "computer" ? 1 : 0;
}

function northWidth(position, params) {
  const top = Math.max(0, ...position.flat());
  return Math.max(Number(params.width) || 0, top + 1);
}

/** Where the mover's piece of a row may go: the cells on its side of the other piece, except its own. */
export function northTargets(row, width, side) {
  const mine = row[side];
  const theirs = row[1 - side];
  const [low, high] = mine < theirs ? [0, theirs - 1] : [theirs + 1, width - 1];
  const out = [];
  for (let x = low; x <= high; x++) if (x !== mine) out.push(x);
  return out;
}

export function northMoves(position, params, turn = "reader") {
  const side = northSide(turn);
  const width = northWidth(position, params);
  const out = [];
  position.forEach((row, r) => {
    for (const x of northTargets(row, width, side)) out.push(northStep(position, side, r, x));
  });
  return out;
}

/** The mover's piece of row r goes to column x, as northMoves lists it. */
function northStep(position, side, r, x) {
  const who = side ? "Black" : "White";
  const after = position.map((q) => q.slice());
  after[r][side] = x;
  return { move: [r, x], after, label: `row ${r}: ${who} from column ${position[r][side] + 1} to ${x + 1}`, parts: [r] };
}

/** The losing side's move, row by row (no list of every move): the first row's piece one cell back, else any. */
export function northStall(position, params, turn = "reader") {
  const side = northSide(turn);
  const width = northWidth(position, params);
  for (let r = 0; r < position.length; r++) {
    const targets = northTargets(position[r], width, side);
    if (!targets.length) continue;
    const mine = position[r][side];
    const back = mine < position[r][1 - side] ? mine - 1 : mine + 1;
    return northStep(position, side, r, targets.includes(back) ? back : targets[0]);
  }
  return null;
}

export function northGap(row) {
  return Math.abs(row[0] - row[1]) - 1;
}

export function northAnalyse(position) {
  const components = position.map((row, r) => ({ label: `row ${r} (gap)`, value: northGap(row) }));
  return { components, total: components.reduce((a, c) => a ^ c.value, 0) };
}

/** The winning move: shrink one gap so that the gaps' XOR is 0 (moving towards the other piece). */
export function northBest(position, params, turn = "reader") {
  const { total } = northAnalyse(position);
  if (total === 0) return null;
  const side = northSide(turn);
  // the row whose gap has the XOR's top bit (the row the explanation names), shrunk to gap ⊕ XOR
  const top = 2 ** Math.floor(Math.log2(total));
  const row = position.findIndex((q) => northGap(q) & top);
  const target = northGap(position[row]) ^ total;
  for (const m of northMoves(position, params, turn)) {
    if (m.move[0] === row && northGap(m.after[row]) === target) return m;
  }
  throw new Error(`no Nim move found for ${side ? "Black" : "White"}: this cannot happen`);
}

function northDraw(position, params, view) {
  const width = northWidth(position, params);
  const board = view.el("div", { className: "nimlib-north", role: "group", "aria-label": "rows of the board" });
  board.append(view.el("style", { text: NORTH_CSS }));
  position.forEach((row, r) => {
    const line = view.el("div", { className: "nimlib-nrow", "data-part": `row-${r}`, "data-state": JSON.stringify(row) });
    line.append(view.el("span", { className: "nimlib-nlabel" }, `row ${r}`));
    const targets = new Set(view.turn === undefined || view.turn === "reader" ? northTargets(row, width, 0) : []);
    const [lo, hi] = [Math.min(...row), Math.max(...row)];
    for (let x = 0; x < width; x++) {
      const gap = x > lo && x < hi ? " nimlib-gapcell" : "";
      if (x === row[0]) line.append(view.el("span", { className: "nimlib-ncell nimlib-white", title: `row ${r}: White on column ${x + 1}` }, "♙"));
      else if (x === row[1]) line.append(view.el("span", { className: "nimlib-ncell nimlib-black", title: `row ${r}: Black on column ${x + 1}` }, "♟"));
      else if (targets.has(x)) {
        line.append(view.moveButton([r, x], "", { label: `row ${r}: White from column ${row[0] + 1} to ${x + 1}`, className: `nimlib-ncell${gap}` }));
      } else line.append(view.el("span", { className: `nimlib-ncell${gap}` }));
    }
    line.append(view.el("span", { className: "nimlib-gapnum", title: "empty cells between the pieces" }, `gap ${northGap(row)}`));
    board.append(line);
  });
  return board;
}

function northParse(text, params) {
  const rows = String(text).trim().split(/[/\n|]+/).map((r) => r.replace(/\s/g, "")).filter(Boolean);
  if (rows.length === 0) throw new Error('type the rows separated by "/", e.g. W...B/.B..W (W White, B Black, . empty)');
  const width = Number(params.width) || 12;
  if (rows.length > 8) throw new Error("at most 8 rows on this page");
  return rows.map((row, r) => {
    if (row.length > width) throw new Error(`row ${r} has ${row.length} cells; this page's rows have at most ${width}`);
    if (!/^[WwBb.\-_]+$/.test(row)) throw new Error(`row ${r} must use W, B and . only, got "${row}"`);
    const w = [...row.toUpperCase()].indexOf("W");
    const b = [...row.toUpperCase()].indexOf("B");
    const count = (ch) => [...row.toUpperCase()].filter((c) => c === ch).length;
    if (count("W") !== 1 || count("B") !== 1) throw new Error(`row ${r} must hold exactly one W and one B`);
    return [w, b];
  });
}

// The most rows and the widest row a saved state may hold (nimlib.boards.MAX_CELLS; tests/test_js_bounds.py)
export const NORTH_MAX = 1000;

/** The saved state's shape: params, then rows [white, black] of two different columns. */
export function northValidate(position, params) {
  const bad = stateOptionalIntError(params.width, "params.width", 2, NORTH_MAX) || stateOptionalIntError(params.rows, "params.rows", 0, NORTH_MAX);
  if (bad || position === undefined) return bad;
  if (!Array.isArray(position) || position.length > NORTH_MAX) return `the rows must be a list of at most ${NORTH_MAX}, got ${stateKind(position)}`;
  for (let r = 0; r < position.length; r++) {
    const row = position[r];
    const shape = stateNaturalsError(row, `row ${r}`, { most: 2, max: NORTH_MAX - 1 });
    if (shape || row.length !== 2 || row[0] === row[1]) return shape || `row ${r} must be [white, black], two different columns`;
  }
  return null;
}

register({
  id: "northcott",
  title: () => "Northcott's game",
  rules: () =>
    "You play White (♙). Slide one of your pieces along its row, any distance, either way, but never onto or past the other piece. Whoever cannot move loses.",
  misere: () => false,
  partizan: true,
  parse: northParse,
  validate: northValidate,
  format: (position, params) => {
    const width = northWidth(position, params);
    return position.map((row) => [...Array(width).keys()].map((x) => (x === row[0] ? "W" : x === row[1] ? "B" : ".")).join("")).join("/");
  },
  random: (rng, params) => {
    const width = Math.max(3, Number(params.width) || 8);
    const rows = Math.max(1, Number(params.rows) || 3);
    return Array.from({ length: rows }, () => {
      const w = Math.floor(rng() * width);
      let b = Math.floor(rng() * (width - 1));
      if (b >= w) b++;
      return [w, b];
    });
  },
  moves: (position, params, turn) => northMoves(position, params, turn),
  apply: (position, move, params, turn) => {
    // the row's targets only, not every move of the board
    const [r, x] = Array.isArray(move) && move.length === 2 ? move : [];
    const row = Number.isSafeInteger(r) && r >= 0 && r < position.length ? position[r] : null;
    if (!row || !northTargets(row, northWidth(position, params), northSide(turn)).includes(x)) throw new Error(`${JSON.stringify(move)} is not a legal move here`);
    return northStep(position, northSide(turn), r, x);
  },
  analyse: (position) => northAnalyse(position),
  best: (position, params, turn) => northBest(position, params, turn),
  isOver: (position, params, turn) => {
    const width = northWidth(position, params);
    return position.every((row) => northTargets(row, width, northSide(turn)).length === 0);
  },
  stall: (position, params, turn) => northStall(position, params, turn),
  draw: northDraw,
  changed: (before, move) => [`row-${move[0]}`],
});
