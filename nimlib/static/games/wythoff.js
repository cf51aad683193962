// Wythoff's game, drawn as the queen-in-the-corner game on a chessboard.
//
// Position: [x, y], the two heaps = the queen's distances from the bottom-left corner (x columns to
//           the right, y rows up). The corner [0, 0] is the end: whoever moves the queen there wins.
// Move: [x2, y2], the square the queen moves to (= the position it leaves): lower one heap, or both
//       by the same amount (left, down, or diagonally down-left, any distance).
// params: { board } the least side of the drawn board and the range of random positions.
// The page computes everything itself: the P-positions (⌊nφ⌋, ⌊nφ²⌋) with exact integer square
// roots and G(x, y) with one mex per square; both coordinates are limited to WYTHOFF_LIMIT.

import { register, readTokens, OutOfTable, escapeHtml, plural, stateNaturalsError, stateOptionalIntError } from "../core.js";

// nimlib.wythoff.WIDGET_LIMIT: Python sends no position beyond it (tests/test_js_bounds.py checks they agree)
export const WYTHOFF_LIMIT = 99;

/** The saved state's shape: params.board, then two whole numbers up to WYTHOFF_LIMIT. */
export function wythoffValidate(position, params) {
  const bad = stateOptionalIntError(params.board, "params.board", 2, Number.MAX_SAFE_INTEGER);
  if (bad || position === undefined) return bad;
  const shape = stateNaturalsError(position, "the queen's square", { most: 2, max: WYTHOFF_LIMIT });
  return shape || (position.length === 2 ? null : "the queen's square is two whole numbers [x, y]");
}

/** ⌊√m⌋ for an integer 0 ≤ m < 2^53, exact (the float root corrected by integer checks). */
export function wythoffIsqrt(m) {
  let r = Math.floor(Math.sqrt(m));
  while (r * r > m) r -= 1;
  while ((r + 1) * (r + 1) <= m) r += 1;
  return r;
}

/** a_n = ⌊nφ⌋ = ⌊(n + √(5n²))/2⌋. */
export function wythoffLower(n) {
  return Math.floor((n + wythoffIsqrt(5 * n * n)) / 2);
}

/** b_n = ⌊nφ²⌋ = a_n + n. */
export function wythoffUpper(n) {
  return wythoffLower(n) + n;
}

/** True when [x, y] is (a_n, b_n) or (b_n, a_n): with x ≤ y the only candidate is n = y − x. */
export function wythoffIsP([x, y]) {
  const [a, b] = x <= y ? [x, y] : [y, x];
  return wythoffLower(b - a) === a;
}

function wythoffCheck(position) {
  if (!Array.isArray(position) || position.length !== 2 || !position.every((v) => Number.isInteger(v) && v >= 0)) {
    throw new Error(`a position is two whole numbers [x, y], got ${JSON.stringify(position)}`);
  }
  const [x, y] = position;
  if (x > WYTHOFF_LIMIT || y > WYTHOFF_LIMIT) {
    throw new OutOfTable(`this page plays Wythoff's game with both heaps at most ${WYTHOFF_LIMIT}, got (${x}, ${y})`);
  }
  return position;
}

/** How a move is said: which heap loses how many (the same words as Wythoff.describe in Python). */
export function wythoffLabel([x, y], [u, v]) {
  if (u === x) return `take ${y - v} from heap 1`;
  if (v === y) return `take ${x - u} from heap 0`;
  return `take ${x - u} from both heaps`;
}

/** Every move from [x, y], in the order of nimlib.wythoff.moves: lower x, lower y, lower both. */
export function wythoffMoves(position) {
  const [x, y] = wythoffCheck(position);
  const targets = [];
  for (let i = 0; i < x; i++) targets.push([i, y]);
  for (let j = 0; j < y; j++) targets.push([x, j]);
  for (let k = 1; k <= Math.min(x, y); k++) targets.push([x - k, y - k]);
  return targets.map((t) => ({ move: t, after: t, label: wythoffLabel([x, y], t) }));
}

/** The moves to P-positions, sorted like nimlib.wythoff.winning_moves. */
export function wythoffWinning(position) {
  const found = wythoffMoves(position).filter((m) => wythoffIsP(m.after));
  return found.sort((p, q) => p.after[0] - q.after[0] || p.after[1] - q.after[1]);
}

/** The losing side's move, as Wythoff.stalling_move in Python: one stone from the larger heap (heap 1 on a tie). */
export function wythoffStall(position) {
  const [x, y] = wythoffCheck(position);
  const after = y >= x && y > 0 ? [x, y - 1] : x > 0 ? [x - 1, y] : null;
  return after && { move: after, after, label: wythoffLabel([x, y], after) };
}

// G(x, y) for every square up to the largest asked so far: row, column and diagonal value sets
const wythoffTable = { size: 0, values: [] };

/** The Grundy value G(x, y): the mex of the values left, below and diagonally below-left. */
export function wythoffGrundy(position) {
  const [x, y] = wythoffCheck(position);
  const need = Math.max(x, y) + 1;
  if (need > wythoffTable.size) {
    const size = Math.max(need, 2 * wythoffTable.size, 16);
    const g = Array.from({ length: size }, () => new Array(size).fill(0));
    for (let i = 0; i < size; i++) {
      for (let j = 0; j < size; j++) {
        const seen = new Set();
        for (let k = 0; k < i; k++) seen.add(g[k][j]);
        for (let k = 0; k < j; k++) seen.add(g[i][k]);
        for (let k = 1; k <= Math.min(i, j); k++) seen.add(g[i - k][j - k]);
        let m = 0;
        while (seen.has(m)) m += 1;
        g[i][j] = m;
      }
    }
    wythoffTable.size = size;
    wythoffTable.values = g;
  }
  return wythoffTable.values[x][y];
}

function wythoffPair(n) {
  return `(${wythoffLower(n)}, ${wythoffUpper(n)})`;
}

/** The explanation panel: the golden-ratio pair for the position's difference, and why. */
export function wythoffExplain(position) {
  const [x, y] = wythoffCheck(position);
  const d = Math.abs(y - x);
  const lines = [];
  const first = [...Array(8).keys()].map(wythoffPair).join(", ");
  lines.push(
    `The P-positions are the pairs (a<sub>n</sub>, b<sub>n</sub>) = (⌊nφ⌋, ⌊nφ²⌋) = (⌊nφ⌋, ⌊nφ⌋ + n), φ = (1 + √5)/2, and their mirror images: ${first}, … ` +
      "Each positive whole number is in exactly one pair, and the pair number n is also the difference b<sub>n</sub> − a<sub>n</sub>.",
  );
  lines.push(`The queen is at (${x}, ${y}); G(${x}, ${y}) = ${wythoffGrundy([x, y])}.`);
  if (x === 0 && y === 0) {
    lines.push("The queen is in the corner: the player to move has no move and has lost.");
  } else if (wythoffIsP([x, y])) {
    lines.push(
      `The difference is ${d}, and (${Math.min(x, y)}, ${Math.max(x, y)}) is the pair n = ${d}: a P-position. ` +
        "A move along a row or column keeps one heap, and the only partner of that heap is the other one, which the move makes smaller; a diagonal move keeps the difference " +
        `${d}, and pair ${d} is the only P-position with that difference. So every move leaves an N-position: the player to move loses against best play.`,
    );
  } else {
    const wins = wythoffWinning([x, y]);
    const why = wins.map(({ after: [u, v], label }) => {
      const n = Math.abs(v - u);
      const how = u === x || v === y ? "keeps one heap and moves the other to its partner" : `keeps the difference ${n}`;
      return `${escapeHtml(label)} → (${u}, ${v}): pair n = ${n}, ${wythoffPair(n)}; the move ${how}`;
    });
    lines.push(`The difference is ${d}, but the pair with that difference is ${wythoffPair(d)}, so this is an N-position. Winning moves (the computer plays the first):`);
    return `<p>${lines.join("</p><p>")}</p><ul>${why.map((w) => `<li>${w}</li>`).join("")}</ul>`;
  }
  return `<p>${lines.join("</p><p>")}</p>`;
}

function wythoffSide(position, params) {
  const [x, y] = position;
  return Math.min(WYTHOFF_LIMIT + 1, Math.max(Number(params.board) || 8, x + 1, y + 1));
}

export const WYTHOFF_CELL = 26; // px, the side of a square (a 24 px target at least, WCAG 2.5.8)

/**
 * The chessboard: the corner bottom left, the queen on [x, y], a data-move button on each square she
 * reaches. A grid of side × side squares that never wraps: a board wider or taller than the page
 * scrolls inside its own box (class nimlib-wythoff-box), which shows the queen's square when drawn.
 */
export function wythoffDraw(position, params, view) {
  const [x, y] = wythoffCheck(position);
  const side = wythoffSide(position, params);
  const size = WYTHOFF_CELL;
  const cell = `display:inline-flex;align-items:center;justify-content:center;width:${size}px;height:${size}px;min-height:${size}px;margin:0;padding:0;border:0;border-radius:0;font-size:18px;`;
  const targets = new Map(wythoffMoves(position).map((m) => [`${m.after[0]},${m.after[1]}`, m]));
  const board = view.el("div", {
    className: "nimlib-wythoff",
    "data-side": String(side),
    style: `display:grid;grid-template-columns:repeat(${side}, ${size}px);grid-auto-rows:${size}px;width:max-content;border:2px solid #4a5568;line-height:0`,
  });
  for (let row = side - 1; row >= 0; row--) {
    for (let col = 0; col < side; col++) {
      const dark = (row + col) % 2 === 0;
      const shade = dark ? "#b7791f" : "#faf089";
      const move = targets.get(`${col},${row}`);
      const corner = col === 0 && row === 0 ? "outline:2px solid #2b6cb0;outline-offset:-3px;" : "";
      if (move) {
        const b = view.moveButton(move.move, "·", {
          label: `queen to (${col}, ${row}): ${move.label}`,
          className: "nimlib-wythoff-target",
        });
        b.setAttribute("style", `${cell}background:${shade};color:#1a202c;${corner}`);
        board.append(b);
      } else {
        const queen = col === x && row === y;
        const square = view.el(
          "span",
          {
            style: `${cell}background:${shade};${corner}`,
            "data-part": queen ? "queen" : null,
            "data-state": queen ? `${x},${y}` : null,
            "aria-label": queen ? `the queen at (${x}, ${y})` : null,
          },
          queen ? "♛" : "",
        );
        board.append(square);
      }
    }
  }
  // At most 16 rows tall and the page's width wide; the queen's square in sight once the box is on the page
  const box = view.el("div", { className: "nimlib-wythoff-box", style: `max-width:100%;width:max-content;max-height:min(70vh, ${16 * size + 4}px);overflow:auto` }, board);
  const win = box.ownerDocument && box.ownerDocument.defaultView;
  if (win && win.requestAnimationFrame) {
    win.requestAnimationFrame(() => {
      if (!box.isConnected) return;
      box.scrollLeft = Math.max(0, (x + 1) * size + 2 - box.clientWidth);
      box.scrollTop = Math.max(0, (side - 1 - y) * size);
    });
  }
  const caption = view.el(
    "div",
    { style: "font-size:13px;margin-top:4px;white-space:normal" },
    `Queen at (${x}, ${y}): heap 0 = ${plural(x, "column")} and heap 1 = ${plural(y, "row")} from the corner (bottom left, outlined). `,
    view.el("span", { className: "nimlib-help" }, "Click a dotted square to move there."),
  );
  return view.el("div", {}, box, caption);
}

export function wythoffParse(text) {
  const parts = readTokens(String(text).replace(/[()[\]{}]/g, " "));
  if (parts.length !== 2) throw new Error("type the two heaps, e.g. 7 11");
  const position = parts.map((p, i) => {
    if (!/^\d+$/.test(p)) throw new Error(`heap ${i} must be a whole number, got "${p}"`);
    return Number(p);
  });
  return wythoffCheck(position);
}

register({
  id: "wythoff",
  title: () => "Wythoff's game (the queen in the corner)",
  rules: () =>
    "Take any number of stones from one heap, or the same number from both: the queen moves left, down or diagonally down-left. Whoever takes the last stone (puts the queen in the corner) wins.",
  misere: () => false,
  parse: (text) => wythoffParse(text),
  validate: wythoffValidate,
  format: ([x, y]) => `(${x}, ${y})`,
  random: (rng, params) => {
    const top = Math.max(2, Math.min(Number(params.board) || 8, WYTHOFF_LIMIT + 1));
    return [1 + Math.floor(rng() * (top - 1)), 1 + Math.floor(rng() * (top - 1))];
  },
  moves: (position) => wythoffMoves(position),
  analyse: (position) => {
    const value = wythoffGrundy(position);
    return { components: [{ label: `(${position[0]}, ${position[1]})`, value }], total: value };
  },
  best: (position) => wythoffWinning(position)[0] ?? null,
  stall: (position) => wythoffStall(position),
  explain: (position) => wythoffExplain(position),
  draw: (position, params, view) => wythoffDraw(position, params, view),
  parts: () => [0], // one component: the queen's square
  changed: () => ["queen"],
});
