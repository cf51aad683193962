// Coin-turning games in the page: Mock Turtles, the Ruler game and Turning Corners (nimlib.coins).
//
// data-game "mock-turtles" and "ruler" (a row of coins):
//   data-position: the coins, place 1 first, 1 = heads, 0 = tails: [1, 0, 1, 1].
//   data-move: the coins turned, as indices into the position (from 0, so place p is p - 1), rightmost
//              first: [4] turns coin 5; [4, 1] coins 5 and 2; [4, 2, 0] coins 5, 3 and 1 (as for "turtles").
//              The first (rightmost) coin goes from heads to tails; the others flip either way.
//              Mock Turtles turns 1, 2 or 3 coins; the Ruler game a run [x, x-1, ..., y].
//              In nimlib.coins a move is the tuple of places (from 1); encode_move subtracts 1.
//              Labels and the board count places from 1.
//   params: { length } the row length (New game deals rows this long; a typed row may not be longer).
// data-game "corners" (Turning Corners, a board of rows x columns):
//   data-position: the heads cells, sorted: [[row, column], ...], both counted from 1.
//   data-move: [[c, a], [d, b]] with rows c > a and columns d > b: turns the corners (a, b), (a, d),
//              (c, b) and (c, d) of a rectangle; the far corner (c, d) goes from heads to tails.
//   params: { rows, columns }.
//
// The values are the theorems of the chapter: a heads coin at place x is worth the x-th odious
// number (Mock Turtles) or the largest power of 2 dividing x (Ruler); a heads cell (i, j) of Turning
// Corners is worth (i - 1) ⊗ (j - 1), a nim product. A position is worth the XOR of its heads coins.
// The strategy is nimlib's winning_move, one heads coin first: a move that turns one heads coin (and
// tails coins) when one wins, tried from the coins whose value has the top bit of the XOR, left to
// right, then from the others; else the leftmost coin with the top bit, turned with the first set of
// coins (in nimlib's order) whose values XOR to its value ⊕ the XOR.
//
// Playing: the rightmost heads coin (Turning Corners: the last heads cell outside row 1 and column 1,
// the far corner) is chosen to begin with, so the board always shows moves that one click plays.
// Rows: under each coin up to the chosen one is a green button that plays the move ending there
// (Ruler: the run; Mock Turtles: the chosen coin alone, or with that coin); Mock Turtles' third coin
// takes a + under the second first. Clicking another heads coin chooses it instead. Corners: every
// cell up and to the left of the far corner plays that rectangle; another heads cell becomes the far
// corner when clicked (one inside the rectangle after clicking the far corner itself).

import { register, stateLegalMove, explainHtml, explainData, escapeHtml, stateKind, stateNaturalsError, stateOptionalIntError } from "../core.js";

// ------------------------------------------------------------------ values

/** The x-th odious number (x >= 1): 2(x - 1) plus the bit that makes the number of 1 bits odd. */
export function turningOdious(x) {
  const m = x - 1;
  let ones = 0;
  for (let v = m; v > 0; v = Math.floor(v / 2)) ones += v % 2;
  return 2 * m + (ones % 2 === 0 ? 1 : 0);
}

/** The place whose coin is worth w in Mock Turtles (odious numbers are distinct), 0 when none is. */
function turningOdiousPlace(w) {
  const m = Math.floor(w / 2);
  return w >= 1 && turningOdious(m + 1) === w ? m + 1 : 0;
}

/** The largest power of 2 dividing x (x >= 1). */
export function turningLowbit(x) {
  return x & -x;
}

/** The nim product a ⊗ b by the Fermat-2-power rule (exact for a, b < 2^32), as nimlib.coins.nim_product. */
export function turningNimProduct(a, b) {
  if (a < 2 || b < 2) return a * b;
  let bits = 1;
  while (2 ** (2 * bits) <= Math.max(a, b)) bits *= 2;
  const half = 2 ** bits;
  const [a1, a0, b1, b0] = [Math.floor(a / half), a % half, Math.floor(b / half), b % half];
  const high = turningNimProduct(a1, b1);
  const low = turningNimProduct(a0, b0);
  const middle = turningNimProduct(a1 ^ a0, b1 ^ b0) ^ low; // a1⊗b0 ⊕ a0⊗b1 ⊕ a1⊗b1
  return middle * half + (low ^ turningNimProduct(high, half / 2)); // F ⊗ F = F ⊕ F/2
}

// ------------------------------------------------------------------ rows: Mock Turtles and Ruler

const TURNING_ROWS = {
  "mock-turtles": {
    title: "Mock Turtles",
    rules: "Turn over 1, 2 or 3 coins; the rightmost of them must go from heads to tails. Whoever makes the last move wins.",
    value: turningOdious,
    valueName: "coin <i>x</i> alone is worth the <i>x</i>-th odious number (1, 2, 4, 7, 8, 11, …: an odd number of 1 bits)",
    // the sets of other places turned with x, in nimlib's order: none, one (from the right), two
    // (generated one by one: the best move's search stops at the first that fits)
    others: function* (x) {
      yield [];
      for (let y = x - 1; y >= 1; y--) yield [y];
      for (let y = x - 1; y >= 1; y--) for (let z = y - 1; z >= 1; z--) yield [y, z];
    },
    // a legal set of places turned (x first): 1, 2 or 3 coins, the others left of x, right to left
    legal: (places) => places.length <= 3,
    // the first set of others (in the order above) whose coins are all tails and worth t together, or
    // null: nimlib's MockTurtles._lone_set, by formula (at most x steps)
    lone: (position, x, t) => {
      if (t === 0) return [];
      const single = turningOdiousPlace(t);
      if (single > 0 && single < x && !position[single - 1]) return [single];
      for (let y = x - 1; y >= 2; y--) {
        if (position[y - 1]) continue;
        const z = turningOdiousPlace(t ^ turningOdious(y));
        if (z > 0 && z < y && !position[z - 1]) return [y, z];
      }
      return null;
    },
  },
  ruler: {
    title: "The Ruler game",
    rules: "Turn over a run of consecutive coins; the rightmost of them must go from heads to tails. Whoever makes the last move wins.",
    value: turningLowbit,
    valueName: "coin <i>x</i> alone is worth the largest power of 2 dividing <i>x</i>",
    others: function* (x) {
      for (let k = 1; k <= x; k++) yield Array.from({ length: k - 1 }, (_, i) => x - 1 - i);
    },
    // a run x, x - 1, …
    legal: (places) => places.every((p, i) => p === places[0] - i),
    // the shortest run of tails coins left of x worth t together ([] when t is 0), or null: nimlib's
    // Ruler._lone_set (at most x steps)
    lone: (position, x, t) => {
      let value = 0;
      for (let y = x; y >= 1; y--) {
        if (y < x) {
          if (position[y - 1]) return null; // every longer run turns this heads coin too
          value ^= turningLowbit(y);
        }
        if (value === t) return Array.from({ length: x - y }, (_, i) => x - 1 - i);
      }
      return null;
    },
  },
};

function turningRowLabel(move) {
  return move.length === 1 ? `turn coin ${move[0]}` : `turn coins ${move.join(", ")}`;
}

/** A move's data-move: places (from 1) to indices into the position (from 0). */
function turningIndices(places) {
  return places.map((p) => p - 1);
}

function turningFlip(position, move) {
  const after = position.slice();
  for (const p of move) after[p - 1] ^= 1;
  return after;
}

/** Every legal move of row game `id` from `position`, rightmost coin from the right, in nimlib's order. */
export function turningRowMoves(id, position) {
  const game = TURNING_ROWS[id];
  const out = [];
  const rank = turningHeadsRank(position);
  for (let x = position.length; x >= 1; x--) {
    if (!position[x - 1]) continue;
    for (const others of game.others(x)) {
      const places = [x, ...others];
      // parts: the components (heads coins, left to right) the move turns
      const parts = places.filter((p) => position[p - 1]).map((p) => rank[p - 1]).sort((a, b) => a - b);
      out.push({ move: turningIndices(places), after: turningFlip(position, places), label: turningRowLabel(places), parts });
    }
  }
  return out;
}

/** For each place, the index of its heads coin among the heads coins (the component), or -1. */
function turningHeadsRank(position) {
  let r = 0;
  return position.map((coin) => (coin ? r++ : -1));
}

function turningRowAnalyse(id, position) {
  const game = TURNING_ROWS[id];
  const components = [];
  position.forEach((coin, i) => {
    if (coin) components.push({ label: `coin ${i + 1}`, value: game.value(i + 1) });
  });
  return { components, total: components.reduce((t, c) => t ^ c.value, 0) };
}

/** A row move from the places it turns (x first), as turningRowMoves lists it. */
function turningRowStep(position, places) {
  const rank = turningHeadsRank(position);
  const parts = places.filter((p) => position[p - 1]).map((p) => rank[p - 1]).sort((a, b) => a - b);
  return { move: turningIndices(places), after: turningFlip(position, places), label: turningRowLabel(places), parts };
}

/** The reader's move (indices from 0, rightmost first) if legal (Error if not), without listing every move. */
export function turningRowApply(id, position, move) {
  if (!Array.isArray(move) || move.length === 0 || !move.every((i) => Number.isSafeInteger(i) && i >= 0)) {
    throw new Error(`a move is the coins turned, rightmost first, got ${stateKind(move)}`);
  }
  const places = move.map((i) => i + 1);
  if (places[0] > position.length || !position[places[0] - 1]) throw new Error(`coin ${places[0]} is not heads`);
  if (!places.every((p, i) => i === 0 || p < places[i - 1])) throw new Error("the coins turned must be listed from the right, each once");
  if (!TURNING_ROWS[id].legal(places)) throw new Error(`${turningRowLabel(places)} is not a move of ${TURNING_ROWS[id].title}`);
  return turningRowStep(position, places);
}

// The longest row and the largest board a saved state may hold (tests/test_js_bounds.py)
export const TURNING_MAX_COINS = 1000;
export const TURNING_MAX_SIDE = 100;

/** The saved state's shape of a row game: params.length, then a row of 0s and 1s. */
export function turningRowValidate(position, params) {
  const bad = stateOptionalIntError(params.length, "params.length", 1, TURNING_MAX_COINS);
  if (bad || position === undefined) return bad;
  return stateNaturalsError(position, "the coins", { most: TURNING_MAX_COINS, max: 1 });
}

/**
 * nimlib's winning_move: {move, after, label, parts}, or null when the XOR is 0. One heads coin first:
 * a move whose only heads coin is its rightmost coin x (the others are tails, worth v(x) ⊕ XOR
 * together), x tried among the heads coins with the XOR's top bit, left to right, then among the
 * others; else the leftmost coin with the top bit, turned with the first set that reaches its target.
 */
export function turningRowBest(id, position) {
  const game = TURNING_ROWS[id];
  const { total } = turningRowAnalyse(id, position);
  if (total === 0) return null;
  const top = 2 ** Math.floor(Math.log2(total));
  const heads = [];
  position.forEach((coin, i) => {
    if (coin) heads.push(i + 1);
  });
  const first = heads.filter((x) => game.value(x) & top);
  for (const x of [...first, ...heads.filter((x) => !(game.value(x) & top))]) {
    const others = game.lone(position, x, game.value(x) ^ total);
    if (others) return turningRowStep(position, [x, ...others]);
  }
  const x = first[0];
  const target = game.value(x) ^ total;
  for (const others of game.others(x)) {
    if (others.reduce((t, y) => t ^ game.value(y), 0) === target) return turningRowStep(position, [x, ...others]);
  }
  throw new Error(`no move from coin ${x} reaches value ${target}`);
}

function turningRowParse(text, params) {
  const letters = String(text).replace(/[\s,;()[\]]/g, "");
  if (!letters) throw new Error("type a row of coins, H for heads and T for tails, e.g. HTTHH");
  const coins = [...letters].map((ch, i) => {
    if ("Hh1".includes(ch)) return 1;
    if ("Tt0".includes(ch)) return 0;
    throw new Error(`coin ${i + 1} must be H (heads) or T (tails), got "${ch}"`);
  });
  const length = params.length ?? 12;
  if (coins.length > length) throw new Error(`at most ${length} coins on this page, got ${coins.length}`);
  return coins;
}

function turningRowFormat(position) {
  return position.map((c) => (c ? "H" : "T")).join("") || "(no coins)";
}

function turningRowRandom(rng, params) {
  const length = params.length ?? 12;
  for (;;) {
    const row = Array.from({ length }, () => (rng() < 0.5 ? 1 : 0));
    if (row.reduce((a, b) => a + b, 0) >= Math.min(2, length)) return row;
  }
}

// Inline looks of a coin (the shared stylesheet has stones, not coins)
const TURNING_COIN = "width:26px;height:26px;min-height:26px;padding:0;margin:0;border-radius:50%;font-size:13px;font-weight:600;flex:none;";
const TURNING_HEADS = "background:#f6c744;border:2px solid #b7791f;color:#5f370e;";
const TURNING_TAILS = "background:#e2e8f0;border:2px solid #a0aec0;color:#4a5568;";
const TURNING_TARGET = "box-shadow:0 0 0 2px #3182ce;border-style:dashed;";
const TURNING_CHOSEN = "outline:3px solid #2b6cb0;outline-offset:1px;";
// The small buttons under a coin: a move (green) or a choice (+ / −)
const TURNING_SLOT = "width:26px;height:22px;min-height:22px;padding:0;margin:3px 0 0 0;font-size:12px;flex:none;";
const TURNING_GO = "background:#c6f6d5;border:1px dashed #2f855a;color:#1a202c;";
const TURNING_PICK = "background:#edf2f7;border:1px solid #a0aec0;color:#1a202c;";
const TURNING_PICKED = "background:#bee3f8;border:1px solid #2b6cb0;color:#1a202c;";

function turningFace(coin) {
  return coin ? "H" : "T";
}

/** One coin (or cell) of the board, with its place under it: a button when it can be clicked. */
function turningCoin(view, { part, coin, caption, kind, move, label, onclick, chosen, select }) {
  const style = TURNING_COIN + (coin ? TURNING_HEADS : TURNING_TAILS) + (kind === "move" ? TURNING_TARGET : "") + (chosen ? TURNING_CHOSEN : "");
  let face;
  if (kind === "move") {
    face = view.moveButton(move, turningFace(coin), { label, className: "nimlib-coin" });
    face.setAttribute("style", style);
  } else if (kind === "select") {
    face = view.el(
      "button",
      { type: "button", className: "nimlib-coin", style, "data-select": select, "aria-label": label, title: label, "aria-pressed": chosen ? "true" : "false", onclick },
      turningFace(coin),
    );
  } else {
    face = view.el("span", { className: "nimlib-coin", style: `${style}display:inline-flex;align-items:center;justify-content:center;`, "aria-label": label, title: label }, turningFace(coin));
  }
  return view.el(
    "span",
    { "data-part": part, "data-state": turningFace(coin), style: "display:inline-flex;flex-direction:column;align-items:center;margin:0;" },
    face,
    caption === null ? null : view.el("span", { style: "font-size:11px;color:#4a5568;", text: String(caption) }),
  );
}

/**
 * The rightmost coin to turn: the reader's choice (selection [x] or [x, y]) while it is heads, else
 * the rightmost heads coin, so the board always shows moves that one click plays. 0 when all are tails.
 */
function turningRightmost(position, selection) {
  const [x] = Array.isArray(selection) ? selection : [];
  return x && position[x - 1] ? x : position.lastIndexOf(1) + 1;
}

// A row: each place is a column of the coin (click a heads coin: it becomes the rightmost coin to
// turn), a green button under it that plays a move, in Mock Turtles a + / − that adds the coin as
// the second of three, and the place number. Coin x, the rightmost coin, is chosen to begin with.
function turningRowDraw(id, position, params, view) {
  const mock = id === "mock-turtles";
  const x = turningRightmost(position, view.selection);
  const picked = Array.isArray(view.selection) ? view.selection[1] : undefined;
  const y = mock && x && picked && picked < x ? picked : undefined;
  const row = view.el("div", { className: "nimlib-row", style: "align-items:flex-start;gap:4px;" });
  const slot = (content) => content ?? view.el("span", { style: `${TURNING_SLOT}display:block;`, "aria-hidden": "true" });
  position.forEach((coin, i) => {
    const p = i + 1;
    let face;
    const plain = `coin ${p}: ${coin ? "heads" : "tails"}`;
    if (p === x) {
      face = view.el("span", { className: "nimlib-coin", style: `${TURNING_COIN}${TURNING_HEADS}${TURNING_CHOSEN}display:inline-flex;align-items:center;justify-content:center;`, title: `coin ${p}: the rightmost coin to turn` }, "H");
    } else if (coin) {
      const label = `choose coin ${p} (heads) as the rightmost coin to turn`;
      face = view.el(
        "button",
        { type: "button", className: "nimlib-coin", style: TURNING_COIN + TURNING_HEADS, "data-select": String(p), "aria-label": label, title: label, onclick: () => view.select([p]) },
        "H",
      );
    } else {
      face = view.el("span", { className: "nimlib-coin", style: `${TURNING_COIN}${TURNING_TAILS}display:inline-flex;align-items:center;justify-content:center;`, title: plain }, "T");
    }
    // the move under coin p (p <= x): the coins it turns, and p's face after it
    let go = null;
    if (x && p <= x && p !== y) {
      const places = mock ? [x, ...[y, p === x ? undefined : p].filter(Boolean).sort((a, b) => b - a)] : Array.from({ length: x - p + 1 }, (_, k) => x - k);
      go = view.moveButton(turningIndices(places), p === x ? "T" : turningFace(1 - coin), { label: turningRowLabel(places), className: "nimlib-turn" });
      go.setAttribute("style", TURNING_SLOT + TURNING_GO);
    } else if (p === y) {
      go = view.el("span", { style: `${TURNING_SLOT}${TURNING_PICKED}display:inline-flex;align-items:center;justify-content:center;border-radius:4px;`, title: `coin ${p} turns too` }, turningFace(1 - coin));
    }
    let pick = null;
    if (mock && x && p < x) {
      const label = p === y ? `drop coin ${p} from the move` : `turn coin ${p} too, then choose a third coin with a green button`;
      pick = view.el(
        "button",
        { type: "button", style: TURNING_SLOT + (p === y ? TURNING_PICKED : TURNING_PICK), "data-select": `pick-${p}`, "aria-label": label, title: label, "aria-pressed": p === y ? "true" : "false", onclick: () => view.select(p === y ? [x] : [x, p]) },
        p === y ? "−" : "+",
      );
    }
    row.append(
      view.el(
        "span",
        { "data-part": `coin-${p}`, "data-state": turningFace(coin), style: "display:inline-flex;flex-direction:column;align-items:center;margin:0;flex:none;width:28px;" },
        face,
        slot(go),
        mock ? slot(pick) : null,
        view.el("span", { style: "font-size:11px;color:#4a5568;", text: String(p) }),
      ),
    );
  });
  const help = view.el("div", { className: "nimlib-help", style: "white-space:normal;font-size:13px;margin-top:4px;" });
  if (!x) help.append("Every coin is tails: no move is left.");
  else if (!mock) {
    help.append(`Coin ${x} is the rightmost coin (it turns to tails). A green button plays the run from coin ${x} to the coin above it; click another heads coin to end the run there instead.`);
  } else if (y === undefined) {
    help.append(`Coin ${x} is the rightmost coin (it turns to tails). A green button plays: under coin ${x} it turns that coin alone, under a coin to its left it turns that coin too. For three coins, press + under one of them first. Click another heads coin to make it the rightmost.`);
  } else {
    help.append(`Coins ${x} and ${y} turn. A green button plays: under coin ${x} those two alone, under another coin left of ${x} that coin as the third.`);
  }
  return view.el("div", {}, row, help);
}

/** The generic explanation, then how the chosen coin's move reaches the value it needs. */
function turningRowExplain(def, id, position, params) {
  const game = TURNING_ROWS[id];
  let html = `<p>In ${game.title}, ${game.valueName}; a row is worth the XOR of its heads coins.</p>`;
  html += explainHtml(def, position, params);
  const best = explainData(def, position, params).move; // the move the table above describes
  if (best) {
    const [x, ...others] = best.move.map((i) => i + 1);
    const v = game.value(x);
    const t = v ^ turningRowAnalyse(id, position).total;
    const after = turningRowAnalyse(id, best.after).total;
    if (others.length === 0) {
      html += `<p>Coin ${x} is worth exactly the XOR, ${v}: turning it alone leaves XOR ${after}.</p>`;
    } else {
      const worth = others.map((p) => `coin ${p} (worth ${game.value(p)}${position[p - 1] ? ", heads now: it turns to tails" : ""})`).join(" and ");
      const sum = others.length > 1 ? `, since ${others.map((p) => game.value(p)).join(" ⊕ ")} = ${t}` : "";
      const twice = others.some((p) => position[p - 1]) ? " Turning a heads coin to tails removes its value, as a second heads coin there would: two equal values cancel." : "";
      html += `<p>Coin ${x} alone can move to value ${v} ⊕ ${v ^ t} = ${t}: turning it to tails together with ${escapeHtml(worth)} does that${sum}.${twice} The row's XOR becomes ${after}.</p>`;
    }
  }
  return html;
}

function turningDefineRow(id) {
  const game = TURNING_ROWS[id];
  const def = register({
    id,
    title: () => game.title,
    rules: () => game.rules,
    misere: () => false,
    parse: turningRowParse,
    validate: turningRowValidate,
    format: turningRowFormat,
    random: turningRowRandom,
    moves: (position) => turningRowMoves(id, position),
    // by formula, never by listing (Mock Turtles on n coins has about n³/6 moves)
    apply: (position, move) => stateLegalMove(move, () => turningRowApply(id, position, move)),
    isOver: (position) => !position.includes(1),
    stall: (position) => (position.includes(1) ? turningRowStep(position, [position.lastIndexOf(1) + 1]) : null),
    analyse: (position) => turningRowAnalyse(id, position),
    // nimlib's winning_move: one heads coin turned (with tails coins) when that wins, else the leftmost
    // coin with the XOR's top bit with the first set that reaches its target; explainData names the
    // coins it turns that are heads (the components it changes)
    best: (position) => turningRowBest(id, position),
    explain: (position, params) => turningRowExplain(def, id, position, params),
    draw: (position, params, view) => turningRowDraw(id, position, params, view),
    changed: (before, move) => move.map((i) => `coin-${i + 1}`),
    // Hint: the selection that shows the move's button (Mock Turtles' third coin needs the second chosen)
    selectFor: (move) => (move.length === 3 ? [move[0] + 1, move[1] + 1] : [move[0] + 1]),
  });
}

turningDefineRow("mock-turtles");
turningDefineRow("ruler");

// ------------------------------------------------------------------ Turning Corners

function turningCellValue(i, j) {
  return turningNimProduct(i - 1, j - 1);
}

function turningCellKey(i, j) {
  return `${i},${j}`;
}

function turningSortCells(cells) {
  return cells.slice().sort((p, q) => p[0] - q[0] || p[1] - q[1]);
}

function turningCornersLabel([[c, a], [d, b]]) {
  return `turn the corners of rows ${a}–${c}, columns ${b}–${d}`;
}

function turningCornersApply(position, [[c, a], [d, b]]) {
  const heads = new Set(position.map(([i, j]) => turningCellKey(i, j)));
  for (const [i, j] of [[c, d], [a, d], [c, b], [a, b]]) {
    const k = turningCellKey(i, j);
    if (heads.has(k)) heads.delete(k);
    else heads.add(k);
  }
  return turningSortCells([...heads].map((k) => k.split(",").map(Number)));
}

/** Every legal move of Turning Corners, far corners from the bottom right, in nimlib's order. */
export function turningCornersMoves(position) {
  const out = [];
  const sorted = turningSortCells(position);
  const rank = new Map(sorted.map(([i, j], r) => [turningCellKey(i, j), r])); // the component of each heads cell
  for (const [c, d] of sorted.slice().reverse()) {
    for (let a = c - 1; a >= 1; a--) {
      for (let b = d - 1; b >= 1; b--) {
        const move = [[c, a], [d, b]];
        const corners = [[c, d], [a, d], [c, b], [a, b]].map(([i, j]) => rank.get(turningCellKey(i, j)));
        const parts = corners.filter((r) => r !== undefined).sort((x, y) => x - y);
        out.push({ move, after: turningCornersApply(position, move), label: turningCornersLabel(move), parts });
      }
    }
  }
  return out;
}

function turningCornersAnalyse(position) {
  const components = turningSortCells(position).map(([i, j]) => ({ label: `cell (${i}, ${j})`, value: turningCellValue(i, j) }));
  return { components, total: components.reduce((t, c) => t ^ c.value, 0) };
}

/** The move [[c, a], [d, b]], as turningCornersMoves lists it (one move, not the list). */
function turningCornersStep(position, move) {
  const [[c, a], [d, b]] = move;
  const sorted = turningSortCells(position);
  const rank = new Map(sorted.map(([i, j], r) => [turningCellKey(i, j), r]));
  const parts = [[c, d], [a, d], [c, b], [a, b]].map(([i, j]) => rank.get(turningCellKey(i, j))).filter((r) => r !== undefined).sort((x, y) => x - y);
  return { move, after: turningCornersApply(position, move), label: turningCornersLabel(move), parts };
}

/** The reader's move if legal (Error if not), without listing every move. */
export function turningCornersPlay(position, move) {
  const ok = Array.isArray(move) && move.length === 2 && move.every((pair) => Array.isArray(pair) && pair.length === 2 && pair.every((v) => Number.isSafeInteger(v) && v >= 1));
  if (!ok) throw new Error(`a move is [[c, a], [d, b]] (rows c > a, columns d > b), got ${stateKind(move)}`);
  const [[c, a], [d, b]] = move;
  if (!(c > a && d > b)) throw new Error("rows c > a and columns d > b");
  if (!position.some(([i, j]) => i === c && j === d)) throw new Error(`the far corner (${c}, ${d}) is not heads`);
  return turningCornersStep(position, [[c, a], [d, b]]);
}

/** The saved state's shape: params.rows and columns, then distinct heads cells on the board. */
export function turningCornersValidate(position, params) {
  const bad = stateOptionalIntError(params.rows, "params.rows", 1, TURNING_MAX_SIDE) || stateOptionalIntError(params.columns, "params.columns", 1, TURNING_MAX_SIDE);
  if (bad || position === undefined) return bad;
  const [rows, columns] = turningCornersSize(params);
  if (!Array.isArray(position) || position.length > rows * columns) return `the heads cells must be a list of at most ${rows * columns} cells, got ${stateKind(position)}`;
  const seen = new Set();
  for (let k = 0; k < position.length; k++) {
    const cell = position[k];
    const shape = stateNaturalsError(cell, `cell ${k}`, { most: 2, min: 1 });
    if (shape || cell.length !== 2) return shape || `cell ${k} must be [row, column]`;
    if (cell[0] > rows || cell[1] > columns) return `cell (${cell[0]}, ${cell[1]}) is off the ${rows} × ${columns} board`;
    if (seen.has(turningCellKey(...cell))) return `cell (${cell[0]}, ${cell[1]}) is listed twice`;
    seen.add(turningCellKey(...cell));
  }
  return null;
}

// Nim inverses in the field {0, …, 255} (Turning Corners' values: sides of at most 100), as needed
const TURNING_INVERSES = new Map();

/** The b with a ⊗ b = 1, for 1 <= a < 256: a^254 (a^255 = 1 in the field of 256). */
function turningNimInverse(a) {
  if (!(a >= 1 && a < 256)) throw new Error(`no nim inverse of ${a} below 256`);
  if (!TURNING_INVERSES.has(a)) {
    let [result, base] = [1, a];
    for (let e = 254; e > 0; e = Math.floor(e / 2)) {
      if (e % 2) result = turningNimProduct(result, base);
      base = turningNimProduct(base, base);
    }
    TURNING_INVERSES.set(a, result);
  }
  return TURNING_INVERSES.get(a);
}

/**
 * The first move with far corner (c, d) that leaves XOR S at 0 (`lone`: and turns no other heads
 * cell), rows a = c - 1, …, 1: nimlib's TurningCorners._corner_move. The move changes the XOR by
 * (A ⊕ C) ⊗ (B ⊕ D) (A = a - 1, …), so each row a has one column: B = D ⊕ S ⊗ (A ⊕ C)⁻¹, when B < D.
 */
function turningCornerMove(position, heads, c, d, S, lone, quotients) {
  for (let a = c - 1; a >= 1; a--) {
    const alpha = (a - 1) ^ (c - 1);
    if (quotients[alpha] === undefined) quotients[alpha] = turningNimProduct(S, turningNimInverse(alpha)); // S ⊗ α⁻¹
    const b = ((d - 1) ^ quotients[alpha]) + 1;
    if (b >= d) continue;
    if (lone && [[a, b], [a, d], [c, b]].some(([i, j]) => heads.has(turningCellKey(i, j)))) continue;
    return turningCornersStep(position, [[c, a], [d, b]]);
  }
  return null;
}

/**
 * nimlib's winning_move for Turning Corners: {move, after, label, parts}, or null when the XOR is 0.
 * One heads cell first: a move whose only heads corner is its far corner, the far corner tried among
 * the cells with the XOR's top bit in (row, column) order, then among the others; else the first
 * move from the first cell with the top bit.
 */
export function turningCornersBest(position) {
  const { total } = turningCornersAnalyse(position);
  if (total === 0) return null;
  const top = 2 ** Math.floor(Math.log2(total));
  const heads = new Set(position.map(([i, j]) => turningCellKey(i, j)));
  const cells = turningSortCells(position);
  const first = cells.filter(([i, j]) => turningCellValue(i, j) & top);
  const quotients = []; // S ⊗ α⁻¹ by α, each computed once
  for (const [c, d] of [...first, ...cells.filter(([i, j]) => !(turningCellValue(i, j) & top))]) {
    const move = turningCornerMove(position, heads, c, d, total, true, quotients);
    if (move) return move;
  }
  const move = turningCornerMove(position, heads, first[0][0], first[0][1], total, false, quotients);
  if (!move) throw new Error(`no move from cell (${first[0][0]}, ${first[0][1]}) reaches XOR 0`);
  return move;
}

function turningCornersSize(params) {
  return [params.rows ?? 6, params.columns ?? 6];
}

function turningCornersParse(text, params) {
  const [rows, columns] = turningCornersSize(params);
  const numbers = String(text).replace(/[()[\]{},;]/g, " ").trim().split(/\s+/).filter(Boolean);
  if (numbers.length === 0) throw new Error("type the heads cells as (row, column) pairs, e.g. (2, 3) (4, 4)");
  if (numbers.length % 2) throw new Error("cells come in pairs (row, column)");
  const cells = [];
  const seen = new Set();
  for (let k = 0; k < numbers.length; k += 2) {
    const [i, j] = [numbers[k], numbers[k + 1]].map((s) => {
      if (!/^\d+$/.test(s)) throw new Error(`"${s}" is not a row or column number`);
      return Number(s);
    });
    if (i < 1 || i > rows || j < 1 || j > columns) throw new Error(`(${i}, ${j}) is off the ${rows} × ${columns} board`);
    if (!seen.has(turningCellKey(i, j))) cells.push([i, j]);
    seen.add(turningCellKey(i, j));
  }
  return turningSortCells(cells);
}

function turningCornersFormat(position) {
  return `{${turningSortCells(position).map(([i, j]) => `(${i}, ${j})`).join(", ")}}`;
}

function turningCornersRandom(rng, params) {
  const [rows, columns] = turningCornersSize(params);
  for (;;) {
    const cells = [];
    for (let i = 1; i <= rows; i++) for (let j = 1; j <= columns; j++) if (rng() < 0.3) cells.push([i, j]);
    if (cells.some(([i, j]) => i > 1 && j > 1)) return cells;
  }
}

/**
 * The far corner of the reader's rectangle: the chosen cell (selection [i, j]) while it is heads,
 * else the last heads cell in nimlib's order that can be one (not in row 1 or column 1), so the
 * board always shows moves that one click plays; null when there is none, or while the reader is
 * choosing another (selection "choose").
 */
function turningFarCorner(position, selection) {
  if (selection === "choose") return null;
  const eligible = turningSortCells(position).filter(([i, j]) => i > 1 && j > 1);
  const chosen = Array.isArray(selection) && eligible.find(([i, j]) => i === selection[0] && j === selection[1]);
  return chosen || eligible[eligible.length - 1] || null;
}

// The grid: the far corner (c, d) is chosen to begin with and every cell up and to the left of it is
// a button that plays the rectangle with that opposite corner. Another heads cell outside that
// region is chosen as the far corner by clicking it; one inside it, after clicking the far corner.
function turningCornersDraw(position, params, view) {
  const [rows, columns] = turningCornersSize(params);
  const heads = new Set(position.map(([i, j]) => turningCellKey(i, j)));
  const choosing = view.selection === "choose";
  const far = turningFarCorner(position, view.selection);
  const grid = view.el("div", { style: `display:grid;grid-template-columns:auto repeat(${columns}, 30px);gap:2px;align-items:center;justify-items:center;width:max-content;` });
  grid.append(view.el("span", { style: "font-size:11px;color:#4a5568;", text: "row \\ col" }));
  for (let j = 1; j <= columns; j++) grid.append(view.el("span", { style: "font-size:11px;color:#4a5568;", text: String(j) }));
  for (let i = 1; i <= rows; i++) {
    grid.append(view.el("span", { style: "font-size:11px;color:#4a5568;padding-right:4px;", text: String(i) }));
    for (let j = 1; j <= columns; j++) {
      const coin = heads.has(turningCellKey(i, j)) ? 1 : 0;
      const base = { part: `cell-${i}-${j}`, coin, caption: null, select: `${i},${j}` };
      let spec = { kind: "plain", label: `cell (${i}, ${j}): ${coin ? "heads" : "tails"}` };
      if (far && i === far[0] && j === far[1]) {
        spec = { kind: "select", chosen: true, label: `cell (${i}, ${j}) is the far corner: click to choose another`, onclick: () => view.select("choose") };
      } else if (far && i < far[0] && j < far[1]) {
        const move = [[far[0], i], [far[1], j]];
        spec = { kind: "move", move, label: turningCornersLabel(move) };
      } else if (coin && i > 1 && j > 1) {
        spec = { kind: "select", label: `choose cell (${i}, ${j}) as the far corner`, onclick: () => view.select([i, j]) };
      }
      grid.append(turningCoin(view, { ...base, ...spec }));
    }
  }
  const help = view.el("div", { className: "nimlib-help", style: "white-space:normal;font-size:13px;margin-top:4px;" });
  if (choosing) {
    help.append("Click a heads cell (H) not in row 1 or column 1: it is the far corner of your rectangle. ");
    help.append(view.el("button", { type: "button", "data-ctl": "turning-cancel", onclick: () => view.select(null) }, "Cancel"));
  } else if (far) {
    help.append(
      `Cell (${far[0]}, ${far[1]}) is the far corner (it turns to tails). Click a dashed cell up and to the left of it: the opposite corner of your rectangle. ` +
        "Click another heads cell to make it the far corner (click the far corner first to choose one inside its rectangle).",
    );
  } else {
    help.append("No heads cell outside row 1 and column 1: no move is left.");
  }
  return view.el("div", {}, grid, help);
}

function turningCornersExplain(def, position, params) {
  let html = "<p>A heads cell (<i>i</i>, <i>j</i>) alone is worth (<i>i</i> − 1) ⊗ (<i>j</i> − 1), a nim product; the board is worth the XOR of its heads cells.</p>";
  html += explainHtml(def, position, params);
  const best = explainData(def, position, params).move; // the move the table above describes
  if (best) {
    const [[c, a], [d, b]] = best.move;
    const v = turningCellValue(c, d);
    const corners = [[a, b], [a, d], [c, b]];
    const heads = new Set(position.map(([i, j]) => turningCellKey(i, j)));
    const others = corners.map(([i, j]) => `(${i}, ${j}) worth ${turningCellValue(i, j)}${heads.has(turningCellKey(i, j)) ? " (heads now: it turns to tails)" : ""}`).join(", ");
    const sum = corners.map(([i, j]) => turningCellValue(i, j)).join(" ⊕ ");
    const t = v ^ turningCornersAnalyse(position).total;
    html += `<p>Cell (${c}, ${d}) alone can move to value ${v} ⊕ ${v ^ t} = ${t}: turning it to tails flips the other three corners, ${others}, and ${sum} = ${t}. The board's XOR becomes ${turningCornersAnalyse(best.after).total}.</p>`;
  }
  return html;
}

const turningCornersDef = register({
  id: "corners",
  title: () => "Turning Corners",
  rules: () => "Turn over the four corners of a rectangle; the far corner (bottom right) must go from heads to tails. Whoever makes the last move wins.",
  misere: () => false,
  parse: turningCornersParse,
  validate: turningCornersValidate,
  format: turningCornersFormat,
  random: turningCornersRandom,
  moves: (position) => turningCornersMoves(position),
  // by formula, never by listing (a 30 × 30 board of heads has about 200 000 moves)
  apply: (position, move) => stateLegalMove(move, () => turningCornersPlay(position, move)),
  isOver: (position) => !position.some(([i, j]) => i > 1 && j > 1),
  stall: (position) => {
    const far = turningFarCorner(position, null);
    return far ? turningCornersStep(position, [[far[0], far[0] - 1], [far[1], far[1] - 1]]) : null;
  },
  analyse: (position) => turningCornersAnalyse(position),
  // nimlib's winning_move: a rectangle with one heads corner (its far corner) when one wins, else one
  // whose far corner is the first heads cell with the top bit; explainData names its heads corners
  best: (position) => turningCornersBest(position),
  explain: (position, params) => turningCornersExplain(turningCornersDef, position, params),
  draw: turningCornersDraw,
  changed: (before, [[c, a], [d, b]]) => [`cell-${c}-${d}`, `cell-${a}-${d}`, `cell-${c}-${b}`, `cell-${a}-${b}`],
  selectFor: ([[c], [d]]) => [c, d],
});
