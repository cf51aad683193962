// Dawson's chess (chapter 8): pawns on a 3×n board, captures compulsory; the reader plays White.
//
// pawns  position: [[row 0], [row 1], [row 2]] of "W", "B", "." (row 0 is White's home row, drawn at
//        the bottom; squares named like chess, a1 = row 0, column 0). White moves up, Black down.
//        move: [[r, c], [r2, c2]] (from, to), for the player to move. Every legal White move is a
//        button on its target square (two captures onto one square: two buttons, ↖ and ↗).
// params: { columns, values } from nimlib.tables.pawns_params: the Grundy value of every position
//        the widget can meet, seen from the player to move (turned so that they play White moving
//        up), keyed by pawnsKey (one base-27 digit per column, the smaller of the key and its
//        mirror image). A position missing from the table: OutOfTable. Without a table (params
//        without `values`) the page finds the values itself by search (memoized; OutOfTable past
//        200 000 positions), which is fast enough on the book's boards.
//
// Partizan: the functions that depend on who moves take a third argument `turn`: "reader" (White,
// the default) or "computer" (Black); `partizan: true` asks the core to pass it.
// Components: the board cut at its empty columns (no pawn ever enters an empty column), each piece
// with its value from the table, when their XOR is the board's value; otherwise the board as one
// component (compulsory captures in one piece can tie the pieces together).

import { register, OutOfTable, componentMove, gameDef, stateKind, stateOptionalIntError } from "../core.js";

const PAWN_CSS = `
.nimlib-pawns { display: inline-grid; padding: 4px 2px; }
.nimlib-pawns .nimlib-sq { width: 38px; height: 38px; display: flex; align-items: center; justify-content: center; font-size: 28px; line-height: 1; }
.nimlib-pawns .nimlib-light { background: #f0d9b5; }
.nimlib-pawns .nimlib-dark { background: #b58863; }
.nimlib-pawns .nimlib-coord { font: 11px ui-monospace, monospace; color: #718096; display: flex; align-items: center; justify-content: center; }
.nimlib-play .nimlib-pawns button.nimlib-to, .nimlib-puzzle .nimlib-pawns button.nimlib-to { width: 30px; height: 30px; min-height: 30px; margin: 0 1px; padding: 0; border-radius: 50%;
  background: rgba(56, 161, 105, 0.35); border: 2px solid #2f855a; font-size: 14px; }
.nimlib-play .nimlib-pawns button.nimlib-to.nimlib-two, .nimlib-puzzle .nimlib-pawns button.nimlib-to.nimlib-two { width: 17px; border-radius: 6px; }
.nimlib-play .nimlib-pawns button.nimlib-to:hover:not([disabled]), .nimlib-puzzle .nimlib-pawns button.nimlib-to:hover:not([disabled]), .nimlib-play .nimlib-pawns button.nimlib-to:focus-visible, .nimlib-puzzle .nimlib-pawns button.nimlib-to:focus-visible { background: #68d391; }
.nimlib-pawns .nimlib-wp { color: #fff; text-shadow: 0 0 2px #000, 0 0 1px #000; }
.nimlib-pawns .nimlib-bp { color: #1a202c; }
`;

const PAWN_DIGITS = "0123456789abcdefghijklmnopq";
const PAWN_CELL = { ".": 0, W: 1, B: 2 };
const PAWN_SWAP = { ".": ".", W: "B", B: "W" };

/** The board seen from the other side: rows reversed, colours swapped. */
export function pawnsFlip(rows) {
  return [2, 1, 0].map((r) => rows[r].map((c) => PAWN_SWAP[c]));
}

/** The table key of a board with White (moving up) to move; see nimlib.tables.pawns_key. */
export function pawnsKey(rows) {
  const n = rows[0].length;
  let digits = "";
  for (let c = 0; c < n; c++) digits += PAWN_DIGITS[9 * PAWN_CELL[rows[0][c]] + 3 * PAWN_CELL[rows[1][c]] + PAWN_CELL[rows[2][c]]];
  const mirror = [...digits].reverse().join("");
  return mirror < digits ? mirror : digits;
}

const pawnsSquare = (r, c) => `${String.fromCharCode(97 + c)}${r + 1}`;

/** White's moves (moving up): the captures if there are any, else the advances. Each {move, after}. */
export function pawnsWhiteMoves(rows) {
  const n = rows[0].length;
  const captures = [];
  const advances = [];
  for (let c = 0; c < n; c++) {
    for (let r = 0; r < 2; r++) {
      if (rows[r][c] !== "W") continue;
      for (const dc of [-1, 1]) if (c + dc >= 0 && c + dc < n && rows[r + 1][c + dc] === "B") captures.push([[r, c], [r + 1, c + dc]]);
      if (rows[r + 1][c] === ".") advances.push([[r, c], [r + 1, c]]);
    }
  }
  return (captures.length ? captures : advances).map(([[r, c], [r2, c2]]) => {
    const after = rows.map((row) => row.slice());
    after[r][c] = ".";
    after[r2][c2] = "W";
    return { move: [[r, c], [r2, c2]], after, capture: c2 !== c };
  });
}

/** The legal moves of the player to move ("reader" = White, "computer" = Black), with labels. */
export function pawnsMoves(position, params, turn = "reader") {
  const black = turn === "computer";
  const view = black ? pawnsFlip(position) : position;
  return pawnsWhiteMoves(view).map(({ move: [[r, c], [r2, c2]], after, capture }) => {
    const from = black ? [2 - r, c] : [r, c];
    const to = black ? [2 - r2, c2] : [r2, c2];
    const label = `pawn ${pawnsSquare(...from)} ${capture ? "takes" : "to"} ${pawnsSquare(...to)}`;
    return { move: [from, to], after: black ? pawnsFlip(after) : after, label };
  });
}

const PAWN_MEMO = new Map(); // key -> Grundy value, when the page searches itself (no table sent)
const PAWN_LIMIT = 200000;

/** Grundy value of a board with White to move, by search (mex over the moves, board turned after each). */
export function pawnsSearch(rows) {
  let visited = 0;
  const value = (b) => {
    const k = pawnsKey(b);
    if (PAWN_MEMO.has(k)) return PAWN_MEMO.get(k);
    if (++visited > PAWN_LIMIT) throw new OutOfTable("this board is too large for the page to search: start a smaller one");
    const seen = new Set(pawnsWhiteMoves(b).map((m) => value(pawnsFlip(m.after))));
    let g = 0;
    while (seen.has(g)) g++;
    PAWN_MEMO.set(k, g);
    return g;
  };
  return value(rows);
}

/** Grundy value of a board (rows) with White to move: from the table, or by search when no table was sent. */
export function pawnsLookup(rows, params) {
  if (!params.values) return pawnsSearch(rows);
  const value = params.values[pawnsKey(rows)];
  if (value === undefined) {
    throw new OutOfTable("this position is not in the page's table of Dawson's chess (it holds the positions play reaches from the opening, with any columns left empty)");
  }
  return value;
}

/** The board cut at its empty columns: pieces as [first column, rows]. */
export function pawnsPieces(rows) {
  const n = rows[0].length;
  const out = [];
  let start = -1;
  for (let c = 0; c <= n; c++) {
    const empty = c === n || (rows[0][c] === "." && rows[1][c] === "." && rows[2][c] === ".");
    if (!empty && start < 0) start = c;
    if (empty && start >= 0) {
      out.push([start, rows.map((row) => row.slice(start, c))]);
      start = -1;
    }
  }
  return out;
}

export function pawnsAnalyse(position, params, turn = "reader") {
  const view = turn === "computer" ? pawnsFlip(position) : position;
  const total = pawnsLookup(view, params);
  const pieces = pawnsPieces(view);
  const columns = (start, rows) => {
    const [a, b] = [String.fromCharCode(97 + start), String.fromCharCode(96 + start + rows[0].length)];
    return a === b ? `column ${a}` : `columns ${a}–${b}`;
  };
  if (pieces.length > 1) {
    let values;
    try {
      values = pieces.map(([, rows]) => pawnsLookup(rows, params));
    } catch (error) {
      if (!(error instanceof OutOfTable)) throw error;
      values = null;
    }
    if (values && values.reduce((a, v) => a ^ v, 0) === total) {
      // columns: [first, past the last] of each piece, so a move's component is the piece of its columns
      return { components: pieces.map(([start, rows], i) => ({ label: columns(start, rows), value: values[i], columns: [start, start + rows[0].length] })), total };
    }
  }
  const n = position[0].length;
  return { components: pieces.length ? [{ label: n > 1 ? `the board (columns a–${String.fromCharCode(96 + n)})` : "the board", value: total, columns: [0, n] }] : [], total };
}

/** The components (pieces of `analysis`) that move `m` touches: those holding its columns. */
export function pawnsParts(position, m, analysis) {
  const cols = m.move.map(([, c]) => c);
  return analysis.components.map((comp, i) => [comp.columns, i]).filter(([[a, b]]) => cols.some((c) => c >= a && c < b)).map(([, i]) => i);
}

/** The strategy's move (the one the explanation describes), or null when every move loses. */
export function pawnsBest(position, params, turn = "reader") {
  return componentMove(gameDef("pawns"), position, params, turn).move;
}

function pawnsDraw(position, params, view) {
  const n = position[0].length;
  const grid = view.el("div", { className: "nimlib-pawns", style: `grid-template-columns: 16px repeat(${n}, 38px)`, role: "group", "aria-label": "the board, White at the bottom" });
  grid.append(view.el("style", { text: PAWN_CSS }));
  const byTarget = new Map();
  if (view.turn === undefined || view.turn === "reader") {
    for (const m of pawnsMoves(position, params, "reader")) {
      const k = m.move[1].join(",");
      if (!byTarget.has(k)) byTarget.set(k, []);
      byTarget.get(k).push(m);
    }
  }
  for (const r of [2, 1, 0]) {
    grid.append(view.el("span", { className: "nimlib-coord" }, String(r + 1)));
    for (let c = 0; c < n; c++) {
      const cell = position[r][c];
      const sq = view.el("div", {
        className: `nimlib-sq ${(r + c) % 2 === 0 ? "nimlib-dark" : "nimlib-light"}`,
        "data-part": `sq-${r}-${c}`,
        "data-state": cell,
        title: `${pawnsSquare(r, c)}${cell === "W" ? ": White pawn" : cell === "B" ? ": Black pawn" : ""}`,
      });
      const moves = byTarget.get(`${r},${c}`) || [];
      if (moves.length) {
        for (const m of moves) {
          const dc = m.move[1][1] - m.move[0][1];
          const arrow = dc < 0 ? "↖" : "↗";
          const glyph = dc === 0 ? "" : moves.length > 1 ? arrow : view.el("span", { className: "nimlib-bp" }, "♟");
          sq.append(view.moveButton(m.move, glyph, { label: m.label, className: `nimlib-to${moves.length > 1 ? " nimlib-two" : ""}` }));
        }
      } else if (cell === "W") {
        sq.append(view.el("span", { className: "nimlib-wp" }, "♟"));
      } else if (cell === "B") {
        sq.append(view.el("span", { className: "nimlib-bp" }, "♟"));
      }
      grid.append(sq);
    }
  }
  grid.append(view.el("span", {}));
  for (let c = 0; c < n; c++) grid.append(view.el("span", { className: "nimlib-coord" }, String.fromCharCode(97 + c)));
  return grid;
}

function pawnsParse(text, params) {
  const rows = String(text).trim().split(/[/\n|]+/).map((r) => r.replace(/\s/g, "")).filter(Boolean);
  if (rows.length !== 3) throw new Error('type the three rows, top (Black\'s home row) first, separated by "/", e.g. BBBB/..../WWWW');
  if (new Set(rows.map((r) => r.length)).size !== 1) throw new Error("the three rows must have the same number of squares");
  const columns = Number(params.columns) || 8;
  if (rows[0].length !== columns) throw new Error(`this page's board has ${columns} columns`);
  const parsed = rows.map((row, i) =>
    [...row.toUpperCase()].map((ch, c) => {
      if (ch === "W" || ch === "B") return ch;
      if (".-_".includes(ch)) return ".";
      throw new Error(`row ${3 - i}, column ${String.fromCharCode(97 + c)} ("${ch}") must be W, B or .`);
    }),
  );
  return parsed.reverse();
}

// The widest board a saved state may hold (nimlib.boards.MAX_CELLS; tests/test_js_bounds.py)
export const PAWN_MAX_COLUMNS = 1000;

/** The saved state's shape: params, then three rows of "W", "B" and "." of one length. */
export function pawnsValidate(position, params) {
  const bad =
    stateOptionalIntError(params.columns, "params.columns", 1, PAWN_MAX_COLUMNS) ||
    (params.values !== undefined && (params.values === null || typeof params.values !== "object" || Array.isArray(params.values)) ? "params.values must be a table (an object)" : null);
  if (bad || position === undefined) return bad;
  if (!Array.isArray(position) || position.length !== 3) return `the board must be three rows, got ${stateKind(position)}`;
  for (let r = 0; r < 3; r++) {
    const row = position[r];
    if (!Array.isArray(row) || row.length !== position[0].length || row.length > PAWN_MAX_COLUMNS) return `row ${r} must be a list as long as row 0 (at most ${PAWN_MAX_COLUMNS})`;
    if (!row.every((s) => s === "W" || s === "B" || s === ".")) return `row ${r} must hold only "W", "B" and "."`;
  }
  return null;
}

register({
  id: "pawns",
  title: () => "Dawson's chess",
  rules: () =>
    "You play White (moving up). A pawn moves one square forward onto an empty square, or captures diagonally forward; capturing is compulsory. Whoever cannot move loses.",
  misere: () => false,
  partizan: true,
  parse: pawnsParse,
  validate: pawnsValidate,
  format: (position) => [2, 1, 0].map((r) => position[r].join("")).join("/"),
  random: (rng, params) => {
    const n = Math.max(1, Number(params.columns) || 8);
    const used = Array.from({ length: n }, () => rng() >= 0.2);
    if (!used.some(Boolean)) used[Math.floor(rng() * n)] = true;
    return [used.map((u) => (u ? "W" : ".")), Array(n).fill("."), used.map((u) => (u ? "B" : "."))];
  },
  moves: (position, params, turn) => pawnsMoves(position, params, turn),
  apply: (position, move, params, turn) => {
    const found = pawnsMoves(position, params, turn).find((m) => JSON.stringify(m.move) === JSON.stringify(move));
    if (!found) throw new Error(`${JSON.stringify(move)} is not a legal move here`);
    return found;
  },
  analyse: (position, params, turn) => pawnsAnalyse(position, params, turn),
  // no `best`: the core's rule (pawnsBest) on the pieces, so the explanation describes the move played
  parts: (position, m, analysis) => pawnsParts(position, m, analysis),
  isOver: (position, params, turn) => pawnsMoves(position, params, turn).length === 0,
  draw: pawnsDraw,
  changed: (before, move) => move.map(([r, c]) => `sq-${r}-${c}`),
});
