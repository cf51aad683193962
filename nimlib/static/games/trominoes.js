// L-trominoes on a 2×n board (chapter 10).
//
// trominoes  position: [[row 0 cells], [row 1 cells]], 1 = covered; row 0 is drawn on top. Labels say
//            top/bottom and number the columns from 1.
//            move: [column, skip]: the 2×2 block at columns column, column + 1 (0-based) gets an
//            L-tromino covering three of its cells; skip 0..3 is the cell left free, in the order
//            (row 0, column), (row 1, column), (row 0, column + 1), (row 1, column + 1).
//            One click: under the board, each block that has room shows the L-shapes that fit, drawn
//            as small 2×2 pictures; pointing at one outlines its cells on the board.
// params: { columns, values }: values = g(0..2·columns) of the octal game 0.007 from Python
//         (nimlib.tables.trominoes_params). Every connected region of free cells is a heap of its
//         number of cells: nimlib.tables.tromino_region_values checks this region shape by region
//         shape by exhaustive search (tests/test_tables.py). A region beyond the table: OutOfTable.

import { register, OutOfTable, stateKind, stateNaturalsError, stateOptionalIntError } from "../core.js";

const TROM_CSS = `
.nimlib-trom { display: inline-grid; gap: 0; padding: 4px 2px; }
.nimlib-trom .nimlib-tcell { width: 34px; height: 34px; border: 1px solid #4a5568; margin: 0 0 -1px -1px; background: #fff; }
.nimlib-trom .nimlib-tcell.nimlib-covered { background: #805ad5; }
.nimlib-trom .nimlib-tcell.nimlib-preview { background: #d6bcfa; outline: 2px solid #553c9a; outline-offset: -3px; }
.nimlib-trom .nimlib-palette { display: grid; grid-template-columns: 20px 20px; gap: 2px; justify-self: center; margin-top: 4px;
  padding: 2px; border-top: 2px solid #d6bcfa; }
.nimlib-play .nimlib-trom button.nimlib-shape, .nimlib-puzzle .nimlib-trom button.nimlib-shape { width: 20px; height: 20px; min-height: 20px; padding: 0; margin: 0; border-radius: 2px;
  border: 1px solid #a0aec0; background: #fff; display: grid; grid-template-columns: 1fr 1fr; grid-template-rows: 1fr 1fr; gap: 1px; }
.nimlib-play .nimlib-trom button.nimlib-shape:hover:not([disabled]), .nimlib-puzzle .nimlib-trom button.nimlib-shape:hover:not([disabled]), .nimlib-play .nimlib-trom button.nimlib-shape:focus-visible, .nimlib-puzzle .nimlib-trom button.nimlib-shape:focus-visible { border-color: #553c9a; background: #faf5ff; }
.nimlib-trom .nimlib-shape i { display: block; background: #805ad5; }
.nimlib-trom .nimlib-shape i.nimlib-off { background: transparent; }
`;

/** The three cells [row, column] a move covers. */
export function tromCells([column, skip]) {
  const block = [[0, column], [1, column], [0, column + 1], [1, column + 1]];
  return block.filter((_, k) => k !== skip);
}

export function tromMoves(position) {
  const n = position[0].length;
  const out = [];
  // the component (region of free cells, tromAnalyse's order) of each free cell
  const regionOf = new Map();
  tromRegions(position).forEach((cells, r) => cells.forEach(([a, b]) => regionOf.set(`${a},${b}`, r)));
  for (let c = 0; c + 1 < n; c++) {
    for (let skip = 0; skip < 4; skip++) {
      const cells = tromCells([c, skip]);
      if (cells.some(([r, cc]) => position[r][cc])) continue;
      const after = position.map((row) => row.slice());
      for (const [r, cc] of cells) after[r][cc] = 1;
      const [sr, sc] = [[0, c], [1, c], [0, c + 1], [1, c + 1]][skip];
      const parts = [regionOf.get(`${cells[0][0]},${cells[0][1]}`)];
      out.push({ move: [c, skip], after, label: `tromino on columns ${c + 1}–${c + 2}, leaving the ${sr ? "bottom" : "top"} cell of column ${sc + 1} free`, parts });
    }
  }
  return out;
}

/** The connected regions of free cells (cells sharing a side), each a list of [row, column]. */
export function tromRegions(position) {
  const n = position[0].length;
  const seen = position.map((row) => row.map((c) => Boolean(c)));
  const regions = [];
  for (let c = 0; c < n; c++) {
    for (let r = 0; r < 2; r++) {
      if (seen[r][c]) continue;
      seen[r][c] = true;
      const stack = [[r, c]];
      const cells = [];
      while (stack.length) {
        const [a, b] = stack.pop();
        cells.push([a, b]);
        for (const [x, y] of [[1 - a, b], [a, b - 1], [a, b + 1]]) {
          if (y >= 0 && y < n && !seen[x][y]) {
            seen[x][y] = true;
            stack.push([x, y]);
          }
        }
      }
      regions.push(cells);
    }
  }
  return regions;
}

export function tromAnalyse(position, params) {
  const values = params.values || [];
  const components = tromRegions(position).map((cells) => {
    const cols = cells.map(([, c]) => c + 1);
    const [lo, hi] = [Math.min(...cols), Math.max(...cols)];
    const k = cells.length;
    if (k >= values.length) {
      throw new OutOfTable(`a region of ${k} free cells is larger than this page's table (up to ${values.length - 1} cells)`);
    }
    const where = lo === hi ? `column ${lo}` : `columns ${lo}–${hi}`;
    return { label: `${k} free cell${k === 1 ? "" : "s"} in ${where}`, value: values[k] };
  });
  return { components, total: components.reduce((a, c) => a ^ c.value, 0) };
}

function tromDraw(position, params, view) {
  const n = position[0].length;
  const grid = view.el("div", {
    className: "nimlib-trom",
    style: `grid-template-columns: repeat(${n}, 34px)`,
    role: "group",
    "aria-label": "2 by n board; under it, the trominoes you can place",
  });
  grid.append(view.el("style", { text: TROM_CSS }));
  const cellNodes = [[], []];
  for (const r of [0, 1]) {
    for (let c = 0; c < n; c++) {
      const covered = Boolean(position[r][c]);
      const node = view.el("span", {
        className: `nimlib-tcell${covered ? " nimlib-covered" : ""}`,
        style: `grid-row: ${r + 1}; grid-column: ${c + 1}`,
        "data-part": `cell-${r}-${c}`,
        "data-state": covered ? "1" : "0",
        title: `${r ? "bottom" : "top"} cell of column ${c + 1}: ${covered ? "covered" : "free"}`,
      });
      cellNodes[r].push(node);
      grid.append(node);
    }
  }
  const preview = (cells, on) => {
    for (const [r, c] of cells) cellNodes[r][c].classList.toggle("nimlib-preview", on);
  };
  const byColumn = new Map();
  for (const m of tromMoves(position)) {
    if (!byColumn.has(m.move[0])) byColumn.set(m.move[0], []);
    byColumn.get(m.move[0]).push(m);
  }
  for (const [c, moves] of byColumn) {
    // the block's shapes sit under the line between its two columns
    // alternate rows, so that neighbouring blocks' shapes (which share a column) never touch
    const palette = view.el("div", { className: "nimlib-palette", style: `grid-row: ${3 + (c % 2)}; grid-column: ${c + 1} / span 2` });
    for (const m of moves) {
      const skip = m.move[1];
      // picture: 2×2 in board layout (row 0 on top), the skipped cell blank
      const order = [0, 2, 1, 3]; // grid order: (r0,c), (r0,c+1), (r1,c), (r1,c+1)
      const pic = order.map((k) => view.el("i", { className: k === skip ? "nimlib-off" : "" }));
      const button = view.moveButton(m.move, pic, { label: m.label, className: "nimlib-shape" });
      const cells = tromCells(m.move);
      for (const [ev, on] of [["mouseenter", true], ["mouseleave", false], ["focus", true], ["blur", false]]) {
        button.addEventListener(ev, () => preview(cells, on));
      }
      palette.append(button);
    }
    grid.append(palette);
  }
  return grid;
}

// The most columns a saved board may have (nimlib.boards.MAX_CELLS; tests/test_js_bounds.py)
export const TROM_MAX_COLUMNS = 1000;

/** The saved state's shape: params, then two rows of 0s and 1s of one length (at least 2). */
export function tromValidate(position, params) {
  const bad =
    stateOptionalIntError(params.columns, "params.columns", 2, TROM_MAX_COLUMNS) ||
    stateNaturalsError(params.values ?? [], "params.values", { most: 2 * TROM_MAX_COLUMNS + 1 });
  if (bad || position === undefined) return bad;
  if (!Array.isArray(position) || position.length !== 2) return `the board must be two rows, got ${stateKind(position)}`;
  const rows = position.map((row, r) => stateNaturalsError(row, `row ${r}`, { most: TROM_MAX_COLUMNS, max: 1 })).find(Boolean);
  if (rows) return rows;
  if (position[0].length !== position[1].length || position[0].length < 2) return "both rows must have the same number of cells, at least 2";
  return null;
}

function tromParse(text, params) {
  const rows = String(text).trim().split(/[/\n|]+/).map((r) => r.replace(/\s/g, "")).filter(Boolean);
  if (rows.length !== 2) throw new Error('type the two rows separated by "/", e.g. ##..../.#....  (# covered, . free)');
  if (rows[0].length !== rows[1].length) throw new Error("both rows must have the same number of cells");
  const columns = Number(params.columns) || 12;
  if (rows[0].length > columns) throw new Error(`at most ${columns} columns on this page`);
  if (rows[0].length < 2) throw new Error("the board needs at least 2 columns");
  return rows.map((row, r) =>
    [...row].map((ch, c) => {
      if ("#X1x".includes(ch)) return 1;
      if (".0_·-".includes(ch)) return 0;
      throw new Error(`the ${r ? "bottom" : "top"} row, column ${c + 1} ("${ch}") must be # (covered) or . (free)`);
    }),
  );
}

register({
  id: "trominoes",
  title: () => "Trominoes",
  rules: () => "Place an L-tromino (three cells of a 2×2 square) on free cells. Whoever places the last tromino wins.",
  howTo: () => "Click one of the shapes under the board.",
  misere: () => false,
  parse: tromParse,
  validate: tromValidate,
  format: (position) => position.map((row) => row.map((c) => (c ? "#" : ".")).join("")).join("/"),
  random: (rng, params) => {
    const n = Math.max(2, Number(params.columns) || 8);
    let board = [Array(n).fill(0), Array(n).fill(0)];
    const placed = Math.floor(rng() * 3);
    for (let k = 0; k < placed; k++) {
      const options = tromMoves(board);
      if (!options.length) break;
      board = options[Math.floor(rng() * options.length)].after;
    }
    return board;
  },
  moves: (position) => tromMoves(position),
  analyse: tromAnalyse,
  draw: tromDraw,
  changed: (before, move) => tromCells(move).map(([r, c]) => `cell-${r}-${c}`),
});
