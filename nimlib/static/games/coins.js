// Coin games (chapters 8 and 9): staircase nim, Nimble (and Nimble-2), turning turtles.
//
// staircase  position: coins per step, step 1 first: [2, 3, 1, 4]. Steps are numbered from 1, as in
//            chapter 11. move: [step_index, coins] (index from 0 = step 1): move that many coins from
//            step index + 1 down one step. Click the c-th coin from the top of a step: that coin and
//            the ones above it go down. Only the even steps matter: their coins are Nim heaps.
// nimble     position: the coins' cells, sorted, cells numbered from 0 (as chapter 11).
//            move: [from, to] slides a coin from cell `from` to cell `to` < from. Two clicks: a coin
//            (the rightmost movable one is selected to begin with), then a cell to its left. A coin on cell c is a Nim heap of c.
//            params: { length, no_jumps, coins }; with no_jumps (Nimble-2) a coin neither passes nor
//            lands on another, and the gaps left of the 1st, 3rd, ... coin from the right are the heaps.
// turtles    position: coins [1, 0, 1] (1 heads), places numbered from 1 (as chapter 12); shown H / T
//            (heads / tails, as chapters 12 and 13 write them); typing O / X works too.
//            move: [x] turns the heads coin x (0-based) to tails; [x, y] also flips coin y < x.
//            Two clicks: a heads coin (the rightmost is selected to begin with), then the green button
//            under it (turn it alone) or under a coin to its left (flip that one too).
//            A heads coin at place p is a Nim heap of p. params: { length, twins }: in twins the second
//            flip is compulsory and a heads coin at place p is a heap of p - 1.

import { register, readTokens, readWhole, stateLegalMove, stateKind, stateNaturalsError, stateOptionalIntError } from "../core.js";

const COIN_CSS = `
.nimlib-stairs { display: flex; align-items: flex-end; gap: 3px; padding: 4px 2px; }
.nimlib-stairs .nimlib-step { display: flex; flex-direction: column; align-items: center; flex: none; width: 40px; }
.nimlib-stairs .nimlib-stack { display: flex; flex-direction: column; align-items: center; gap: 1px; min-height: 22px; justify-content: flex-end; }
.nimlib-stairs .nimlib-tread { width: 40px; background: #a0aec0; border-top: 3px solid #4a5568; text-align: center;
  font: 11px ui-monospace, monospace; color: #1a202c; padding-top: 2px; }
.nimlib-stairs .nimlib-tread.nimlib-even { background: #90cdf4; }
.nimlib-play .nimlib-coin, .nimlib-puzzle .nimlib-coin, .nimlib-coinrow .nimlib-coin { width: 22px; height: 22px; min-height: 22px; padding: 0; margin: 0;
  border-radius: 50%; background: #d69e2e; border: 2px solid #975a16; display: inline-flex; align-items: center;
  justify-content: center; font: bold 12px ui-monospace, monospace; color: #1a202c; flex: none; }
.nimlib-play button.nimlib-coin:hover:not([disabled]), .nimlib-puzzle button.nimlib-coin:hover:not([disabled]), .nimlib-play button.nimlib-coin:focus-visible, .nimlib-puzzle button.nimlib-coin:focus-visible { background: #f6e05e; border-color: #c53030; }
.nimlib-play .nimlib-coin.nimlib-selected, .nimlib-puzzle .nimlib-coin.nimlib-selected { box-shadow: 0 0 0 3px #3182ce; }
.nimlib-play .nimlib-coin.nimlib-tails, .nimlib-puzzle .nimlib-coin.nimlib-tails { background: #e2e8f0; border-color: #718096; color: #4a5568; }
.nimlib-coinrow { display: flex; gap: 0; padding: 4px 2px; align-items: flex-start; }
.nimlib-coinrow .nimlib-place { display: flex; flex-direction: column; align-items: center; width: 34px; flex: none;
  border: 1px solid #a0aec0; margin-left: -1px; min-height: 54px; padding: 2px 0; }
.nimlib-coinrow .nimlib-num { font: 11px ui-monospace, monospace; color: #718096; margin-top: auto; }
.nimlib-play button.nimlib-target, .nimlib-puzzle button.nimlib-target { width: 28px; height: 22px; min-height: 22px; padding: 0; margin: 0; background: #c6f6d5; border: 1px dashed #2f855a; }
.nimlib-play button.nimlib-target:hover:not([disabled]), .nimlib-puzzle button.nimlib-target:hover:not([disabled]), .nimlib-play button.nimlib-target:focus-visible, .nimlib-puzzle button.nimlib-target:focus-visible { background: #68d391; }
.nimlib-coinbar { margin-top: 4px; white-space: normal; }
`;

function coinStyle(view) {
  return view.el("style", { text: COIN_CSS });
}

function coinNumbers(text, what) {
  const parts = readTokens(String(text).replace(/[()[\]{}]/g, " "));
  if (parts.length === 0) throw new Error(`type the ${what}, e.g. 2 3 1 4`);
  return parts.map((p, i) => {
    if (!/^\d+$/.test(p)) throw new Error(`${what} ${i + 1} must be a whole number, got "${p}"`);
    return Number(p);
  });
}

function coinXor(components) {
  // 32-bit XOR while every value fits; exact BigInt beyond (a step may hold up to 2^53 - 1 coins)
  if (components.every((c) => c.value <= 0x7fffffff)) return components.reduce((a, c) => a ^ c.value, 0);
  return components.reduce((a, c) => a ^ BigInt(c.value), 0n);
}

// The most steps, cells and coins a saved state may hold (nimlib.boards.MAX_CELLS; tests/test_js_bounds.py)
export const COIN_MAX_CELLS = 1000;

/** A move [a, b] of two whole numbers, or an Error. */
function coinPair(move) {
  if (!Array.isArray(move) || move.length !== 2 || !move.every((v) => Number.isSafeInteger(v) && v >= 0)) {
    throw new Error(`a move is two whole numbers, got ${stateKind(move)}`);
  }
  return move;
}

const coinPlural = (n, word) => `${n} ${word}${n === 1 ? "" : "s"}`;

// ------------------------------------------------------------------ staircase nim

/** Staircase moves: c coins from step i + 1 (index i >= 1) down to step i. */
// Only the even steps count (staircaseAnalyse); a move touches two neighbouring steps, exactly one of
// them even: `parts` names that step's component (the k-th even step is component k - 1), and `note`
// says why the other step does not count.
export function staircaseMoves(position) {
  const out = [];
  for (let i = 1; i < position.length; i++) {
    for (let c = 1; c <= position[i]; c++) out.push(staircaseStep(position, i, c));
  }
  return out;
}

/** The move [i, c] (c coins from step i + 1 down to step i), as staircaseMoves lists it. */
function staircaseStep(position, i, c) {
  // step i + 1 (index i) loses coins, step i (index i - 1) gains them
  const fromEven = (i + 1) % 2 === 0;
  const counted = fromEven ? i + 1 : i; // the even step among the two
  const note = fromEven
    ? `step ${i + 1} is even and counts, step ${i} is odd and does not`
    : `step ${i} is even and counts, step ${i + 1} is odd and does not`;
  const after = position.slice();
  after[i] -= c;
  after[i - 1] += c;
  return { move: [i, c], after, label: `${coinPlural(c, "coin")} from step ${i + 1} to step ${i}`, parts: [counted / 2 - 1], note };
}

/** The reader's move [i, c] if legal (Error if not), without listing every move. */
export function staircaseApply(position, move) {
  const [i, c] = coinPair(move);
  if (i < 1 || i >= position.length) throw new Error(`there is no step ${i + 1} to move coins from (steps 2 to ${position.length})`);
  if (c < 1 || c > position[i]) throw new Error(`step ${i + 1} has ${coinPlural(position[i], "coin")}; it cannot move ${c}`);
  return staircaseStep(position, i, c);
}

/**
 * The sum rule by formula (Nim on the even steps): the first even step whose count has the XOR's top
 * bit moves count − (count ⊕ XOR) coins down, the first move in staircaseMoves' order with that
 * component that leaves XOR 0 (what componentMove finds by listing, in O(steps) instead).
 */
export function staircaseBest(position) {
  const { components, total } = staircaseAnalyse(position);
  const S = BigInt(total);
  if (S === 0n) return null;
  const bit = 1n << BigInt(S.toString(2).length - 1);
  const k = components.findIndex((c) => (BigInt(c.value) & bit) !== 0n);
  const v = BigInt(components[k].value);
  return staircaseStep(position, 2 * k + 1, Number(v - (v ^ S)));
}

export function staircaseAnalyse(position) {
  const components = [];
  position.forEach((a, i) => {
    if ((i + 1) % 2 === 0) components.push({ label: `step ${i + 1}`, value: a });
  });
  return { components, total: coinXor(components) };
}

// A step with more coins than this shows its top coins, a count and a box for any number (as Nim's heaps)
const STAIR_COINS = 12;
const STAIR_TOP = 6;

/** A number box and its button: move any number of coins from step i + 1 (a step too tall to draw). */
function staircaseCountBox(view, position, i) {
  const box = view.el("span", { className: "nimlib-more" });
  const input = view.el("input", { type: "number", min: 1, max: position[i], "aria-label": `coins to move from step ${i + 1}`, style: "width:6em" });
  const button = view.moveButton([i, 1], "move", { label: `move the number of coins in the box from step ${i + 1} to step ${i}` });
  button.disabled = true;
  input.addEventListener("input", () => {
    const n = readWhole(input.value); // core's one reading of a typed number
    const ok = n !== null && n >= 1 && n <= position[i];
    button.disabled = !ok || view.busy;
    if (ok) button.dataset.move = JSON.stringify([i, n]);
  });
  box.append(input, " ", button);
  return box;
}

function staircaseDraw(position, params, view) {
  const board = view.el("div", { className: "nimlib-stairs", role: "group", "aria-label": "staircase, step 1 on the left" });
  board.append(coinStyle(view));
  position.forEach((a, i) => {
    const step = view.el("div", { className: "nimlib-step", "data-part": `step-${i}`, "data-state": String(a) });
    const stack = view.el("div", { className: "nimlib-stack" });
    // top coin first: the c-th coin from the top moves with the c - 1 above it; a tall step draws
    // its top coins, the hinted one, the bottom one and a box for any number
    const hinted = view.hint && view.hint[0] === i ? view.hint[1] : null;
    const drawn = a <= STAIR_COINS ? null : new Set([...Array(STAIR_TOP).keys()].map((c) => c + 1).concat([a, hinted]));
    for (let c = 1; c <= a; c++) {
      if (drawn && !drawn.has(c)) {
        const next = [...drawn].filter((d) => d > c).sort((p, q) => p - q)[0];
        stack.append(view.el("span", { className: "nimlib-more" }, `… ${next - c} more …`));
        c = next - 1;
        continue;
      }
      if (i === 0) {
        stack.append(view.el("span", { className: "nimlib-coin", title: "a coin on step 1 (it stays there)" }));
      } else {
        const label = `move ${coinPlural(c, "coin")} from step ${i + 1} to step ${i}`;
        stack.append(view.moveButton([i, c], "", { label, className: "nimlib-coin" }));
      }
    }
    if (drawn && i > 0) stack.append(staircaseCountBox(view, position, i));
    step.append(stack);
    // the treads rise step by step (at most 24 steps high, so a long staircase stays on the page)
    const tread = view.el("div", { className: `nimlib-tread${(i + 1) % 2 === 0 ? " nimlib-even" : ""}`, style: `height: ${18 + 12 * Math.min(i, 24)}px` });
    tread.append(`step ${i + 1}`);
    step.append(tread);
    board.append(step);
  });
  return board;
}

register({
  id: "staircase",
  title: () => "Staircase nim",
  rules: () => "Move any number of coins from one step down to the step below; coins on step 1 stay there. Whoever makes the last move wins.",
  howTo: () => "Click a coin: it goes down with the coins above it.",
  misere: () => false,
  parse: (text, params) => {
    const steps = coinNumbers(text, "coins per step");
    const top = Math.max(Number(params.steps) || 0, 12);
    if (steps.length > top) throw new Error(`at most ${top} steps on this page`);
    steps.forEach((a, i) => {
      if (a > 40) throw new Error(`step ${i + 1} may hold at most 40 coins on this page, got ${a}`);
    });
    return steps;
  },
  validate: (position, params) =>
    stateOptionalIntError(params.steps, "params.steps", 0, COIN_MAX_CELLS) ||
    stateOptionalIntError(params.max_coins, "params.max_coins", 0, 1000) ||
    (position === undefined ? null : stateNaturalsError(position, "the steps", { most: COIN_MAX_CELLS })),
  format: (position) => `(${position.join(", ")})`,
  random: (rng, params) => {
    const steps = Math.max(2, Number(params.steps) || 6);
    const most = Math.max(1, Number(params.max_coins) || 5);
    return Array.from({ length: steps }, () => Math.floor(rng() * (most + 1)));
  },
  moves: (position) => staircaseMoves(position),
  // by formula, never by listing (a staircase of 1000 steps has millions of moves)
  apply: (position, move) => stateLegalMove(move, () => staircaseApply(position, move)),
  isOver: (position) => position.every((a, i) => i === 0 || a === 0),
  best: (position) => staircaseBest(position),
  stall: (position) => {
    const i = position.findLastIndex((a, j) => j > 0 && a > 0);
    return i > 0 ? staircaseStep(position, i, 1) : null;
  },
  analyse: (position) => staircaseAnalyse(position),
  draw: staircaseDraw,
  changed: (before, move) => [`step-${move[0]}`, `step-${move[0] - 1}`],
});

// ------------------------------------------------------------------ Nimble and Nimble-2

/** Nimble moves [from, to]: one coin (of those on `from`) slides left; Nimble-2: no passing or sharing. */
export function nimbleMoves(position, params) {
  const out = [];
  const seen = new Set();
  position.forEach((cell, k) => {
    if (seen.has(cell)) return; // coins on one cell are interchangeable
    seen.add(cell);
    for (let to = nimbleLow(position, params, k); to < cell; to++) out.push(nimbleStep(position, params, k, to));
  });
  return out;
}

/** The leftmost cell coin k (in sorted order) may slide to: 0, or (Nimble-2) right of the coin before it. */
function nimbleLow(position, params, k) {
  return params.no_jumps && k > 0 ? position[k - 1] + 1 : 0;
}

/** Coin k (the first coin on its cell) slides to cell `to`, as nimbleMoves lists it. */
function nimbleStep(position, params, k, to) {
  const n = position.length;
  const cell = position[k];
  // the component the move changes (nimbleAnalyse's order): Nimble, coin k itself; Nimble-2, the
  // counted gap among coin k's (index n - 1 - k in nimbleGaps) and coin k + 1's (one less)
  const g = n - 1 - k;
  const parts = params.no_jumps ? [(g % 2 === 0 ? g : g - 1) / 2] : [k];
  // the coin lands among the sorted coins: a shift, not a sort
  const after = position.slice();
  let j = k;
  while (j > 0 && after[j - 1] > to) {
    after[j] = after[j - 1];
    j--;
  }
  after[j] = to;
  return { move: [cell, to], after, label: `coin from cell ${cell} to cell ${to}`, parts };
}

/** The reader's move [from, to] if legal (Error if not), without listing every move. */
export function nimbleApply(position, move, params) {
  const [from, to] = coinPair(move);
  const k = position.indexOf(from);
  if (k < 0) throw new Error(`there is no coin on cell ${from}`);
  const low = nimbleLow(position, params, k);
  if (to >= from || to < low) throw new Error(`the coin on cell ${from} may slide to cells ${low} to ${from - 1}, not ${to}`);
  return nimbleStep(position, params, k, to);
}

/** The coins (sorted indices, the first of each cell) that can move. */
function nimbleMovable(position, params) {
  return position.map((cell, k) => k).filter((k) => (k === 0 || position[k - 1] !== position[k]) && nimbleLow(position, params, k) < position[k]);
}

/**
 * The sum rule by formula: the first component (a coin's cell; Nimble-2, a counted gap) with the XOR's
 * top bit drops to its value ⊕ XOR, the move componentMove would find by listing every move.
 */
export function nimbleBest(position, params) {
  const { components, total } = nimbleAnalyse(position, params);
  const S = BigInt(total);
  if (S === 0n) return null;
  const bit = 1n << BigInt(S.toString(2).length - 1);
  const m = components.findIndex((c) => (BigInt(c.value) & bit) !== 0n);
  const v = BigInt(components[m].value);
  const drop = Number(v - (v ^ S));
  // Nimble: component m is coin m; Nimble-2: the gap left of coin n - 1 - 2m, which that coin closes
  const k = params.no_jumps ? position.length - 1 - 2 * m : m;
  return nimbleStep(position, params, k, position[k] - drop);
}

/** Nimble-2 as staircase nim: the free cells left of each coin, from the rightmost coin down. */
export function nimbleGaps(position) {
  return position.map((c, i) => c - (i ? position[i - 1] + 1 : 0)).reverse();
}

export function nimbleAnalyse(position, params) {
  if (!params.no_jumps) {
    const components = position.map((c) => ({ label: `coin on cell ${c}`, value: c }));
    return { components, total: coinXor(components) };
  }
  const components = [];
  nimbleGaps(position).forEach((g, i) => {
    if (i % 2 === 0) components.push({ label: `gap left of the coin on cell ${position[position.length - 1 - i]}`, value: g });
  });
  return { components, total: coinXor(components) };
}

/** The saved state's shape: params, then sorted cells below params.length (Nimble-2: no two alike). */
export function nimbleValidate(position, params) {
  const bad =
    stateOptionalIntError(params.length, "params.length", 1, COIN_MAX_CELLS) ||
    stateOptionalIntError(params.coins, "params.coins", 0, COIN_MAX_CELLS) ||
    (params.no_jumps !== undefined && typeof params.no_jumps !== "boolean" ? "params.no_jumps must be true or false" : null);
  if (bad || position === undefined) return bad;
  const length = params.length ?? COIN_MAX_CELLS;
  const cells = stateNaturalsError(position, "the coins", { most: COIN_MAX_CELLS, max: length - 1 });
  if (cells) return cells;
  for (let k = 1; k < position.length; k++) {
    if (position[k] < position[k - 1]) return "the coins' cells must be sorted";
    if (params.no_jumps && position[k] === position[k - 1]) return "in Nimble-2 two coins never share a cell";
  }
  return null;
}

function nimbleDraw(position, params, view) {
  const length = Math.max(Number(params.length) || 0, (position[position.length - 1] ?? 0) + 1);
  const board = view.el("div", { className: "nimlib-coinrow", role: "group", "aria-label": "strip of cells, cell 0 on the left" });
  board.append(coinStyle(view));
  // Two clicks: a coin (selected: the reader's choice, else the rightmost coin that can move), then a cell
  // only the chosen coin's moves are listed (a strip of 1000 cells has half a million moves)
  const movableCoins = nimbleMovable(position, params);
  const movable = new Set(movableCoins.map((k) => position[k]));
  const picked = view.selection && typeof view.selection.nimble === "number" ? view.selection.nimble : null;
  const from = movable.has(picked) ? picked : movableCoins.length ? position[movableCoins[movableCoins.length - 1]] : null;
  const targets = new Map();
  if (from !== null) {
    const k = position.indexOf(from);
    for (let to = nimbleLow(position, params, k); to < from; to++) targets.set(to, { move: [from, to] });
  }
  const counts = new Map();
  for (const c of position) counts.set(c, (counts.get(c) || 0) + 1);
  for (let cell = 0; cell < length; cell++) {
    const count = counts.get(cell) || 0;
    const place = view.el("div", { className: "nimlib-place", "data-part": `cell-${cell}`, "data-state": String(count) });
    if (count) {
      const text = count > 1 ? String(count) : "";
      if (from === cell) {
        place.append(view.el("span", { className: "nimlib-coin nimlib-selected", title: `selected: the coin on cell ${cell}` }, text));
      } else if (movable.has(cell)) {
        place.append(
          view.el(
            "button",
            {
              type: "button",
              className: "nimlib-coin",
              "data-select": JSON.stringify(cell),
              "aria-label": `select the coin on cell ${cell}`,
              title: count > 1 ? `${count} coins on cell ${cell}` : `the coin on cell ${cell}`,
              onclick: () => view.select({ nimble: cell }),
            },
            text,
          ),
        );
      } else {
        place.append(view.el("span", { className: "nimlib-coin", title: `coin on cell ${cell} (cannot move)` }, text));
      }
    } else if (targets.has(cell)) {
      place.append(view.moveButton(targets.get(cell).move, "←", { label: `slide the coin from cell ${from} to cell ${cell}`, className: "nimlib-target" }));
    }
    if (count && targets.has(cell)) {
      place.append(view.moveButton(targets.get(cell).move, "←", { label: `slide the coin from cell ${from} to cell ${cell}`, className: "nimlib-target" }));
    }
    place.append(view.el("span", { className: "nimlib-num", "aria-hidden": "true" }, String(cell)));
    board.append(place);
  }
  const box = view.el("div", {}, board);
  box.append(view.el("div", { className: "nimlib-coinbar nimlib-help" }, from === null ? "" : `Slide the coin on cell ${from} to a green cell (←), or click another coin.`));
  return box;
}

register({
  id: "nimble",
  title: (params) => (params.no_jumps ? "Nimble-2" : "Nimble"),
  rules: (params) =>
    params.no_jumps
      ? "Slide one coin any distance to the left, without passing or landing on another coin. Whoever moves last wins."
      : "Slide one coin any distance to the left (coins may share cells and jump each other). Whoever moves last wins.",
  misere: () => false,
  parse: (text, params) => {
    const cells = coinNumbers(text, "coin cells").sort((a, b) => a - b);
    const length = Number(params.length) || 20;
    cells.forEach((c) => {
      if (c >= length) throw new Error(`cells are numbered 0 to ${length - 1} on this page, got ${c}`);
    });
    if (params.no_jumps && new Set(cells).size < cells.length) throw new Error("in Nimble-2 two coins never share a cell");
    if (cells.length > 12) throw new Error("at most 12 coins on this page");
    return cells;
  },
  validate: (position, params) => nimbleValidate(position, params),
  format: (position) => `(${position.join(", ")})`,
  random: (rng, params) => {
    const length = Math.max(2, Number(params.length) || 10);
    const coins = Math.min(Math.max(1, Number(params.coins) || 4), params.no_jumps ? length : 12);
    const cells = new Set();
    const out = [];
    while (out.length < coins) {
      const c = Math.floor(rng() * length);
      if (params.no_jumps && cells.has(c)) continue;
      cells.add(c);
      out.push(c);
    }
    return out.sort((a, b) => a - b);
  },
  moves: (position, params) => nimbleMoves(position, params),
  // by formula, never by listing
  apply: (position, move, params) => stateLegalMove(move, () => nimbleApply(position, move, params)),
  isOver: (position, params) => nimbleMovable(position, params).length === 0,
  best: (position, params) => nimbleBest(position, params),
  stall: (position, params) => {
    const k = nimbleMovable(position, params).pop();
    return k === undefined ? null : nimbleStep(position, params, k, position[k] - 1);
  },
  analyse: (position, params) => nimbleAnalyse(position, params),
  draw: nimbleDraw,
  changed: (before, move) => [`cell-${move[0]}`, `cell-${move[1]}`],
  selectFor: (move) => ({ nimble: move[0] }),
});

// ------------------------------------------------------------------ turning turtles

/** Turning-turtles moves: turn heads coin x to tails, alone ([x]) or with a flip of coin y < x ([x, y]). */
export function turtlesMoves(position, params = {}) {
  const out = [];
  const rank = turtlesRank(position);
  position.forEach((coin, x) => {
    if (!coin) return;
    if (!params.twins) out.push(turtlesStep(position, rank, [x]));
    for (let y = 0; y < x; y++) out.push(turtlesStep(position, rank, [x, y]));
  });
  return out;
}

/** The component of each heads coin: its rank among the heads coins (turtlesAnalyse's order), else -1. */
function turtlesRank(position) {
  const rank = [];
  position.reduce((r, coin, p) => ((rank[p] = coin ? r : -1), r + (coin ? 1 : 0)), 0);
  return rank;
}

/** The move [x] or [x, y], as turtlesMoves lists it. */
function turtlesStep(position, rank, move) {
  const [x, y] = move;
  const after = position.slice();
  after[x] = 0;
  if (move.length === 1) return { move: [x], after, label: `turn coin ${x + 1}`, parts: [rank[x]] };
  after[y] = 1 - after[y];
  const parts = position[y] ? [rank[x], rank[y]] : [rank[x]];
  return { move: [x, y], after, label: `turn coin ${x + 1}, flip coin ${y + 1}`, parts };
}

/** The reader's move if legal (Error if not), without listing every move. */
export function turtlesApply(position, move, params = {}) {
  const ok = Array.isArray(move) && (move.length === 2 || (move.length === 1 && !params.twins)) && move.every((v) => Number.isSafeInteger(v) && v >= 0);
  if (!ok) throw new Error(params.twins ? "a move is [x, y]: turn coin x + 1 and flip coin y + 1" : "a move is [x] or [x, y]");
  const [x, y] = move;
  if (x >= position.length || !position[x]) throw new Error(`coin ${x + 1} is not heads`);
  if (move.length === 2 && y >= x) throw new Error(`the coin flipped must be left of coin ${x + 1}`);
  return turtlesStep(position, turtlesRank(position), move);
}

/**
 * The sum rule by formula: a heads coin whose value has the XOR's top bit is turned and the coin worth
 * its value ⊕ XOR flipped (none when that is 0), the move componentMove finds by listing: the first such
 * coin whose move changes it alone (the coin flipped is tails, or there is none), else the first one.
 */
export function turtlesBest(position, params = {}) {
  const { components, total } = turtlesAnalyse(position, params);
  const S = BigInt(total);
  if (S === 0n) return null;
  const bit = 1n << BigInt(S.toString(2).length - 1);
  const shift = params.twins ? 1 : 0;
  const rank = turtlesRank(position);
  let first = null;
  for (let m = 0; m < components.length; m++) {
    if ((BigInt(components[m].value) & bit) === 0n) continue;
    const x = rank.indexOf(m); // the m-th heads coin
    const t = Number(BigInt(components[m].value) ^ S);
    const move = t === 0 && !params.twins ? [x] : [x, t - 1 + shift];
    const step = turtlesStep(position, rank, move);
    if (step.parts.length === 1) return step;
    if (first === null) first = step;
  }
  return first;
}

export function turtlesAnalyse(position, params = {}) {
  const components = [];
  const shift = params.twins ? 1 : 0; // twins: a heads coin at place p is a heap of p - 1
  position.forEach((coin, p) => {
    if (coin) components.push({ label: `heads at ${p + 1}`, value: p + 1 - shift });
  });
  return { components, total: coinXor(components) };
}

function turtlesDraw(position, params, view) {
  const board = view.el("div", { className: "nimlib-coinrow", role: "group", "aria-label": "row of coins, place 1 on the left" });
  board.append(coinStyle(view));
  // Two clicks: a heads coin to turn (the reader's choice, else the rightmost heads coin), then, in the
  // row under the coins, the coin to flip with it, or "turn only"; clicking a coin never plays by itself
  const picked = view.selection && typeof view.selection.turtle === "number" && position[view.selection.turtle] ? view.selection.turtle : null;
  const last = position.lastIndexOf(1);
  const x = picked ?? (last > 0 || (last === 0 && !params.twins) ? last : null);
  position.forEach((coin, p) => {
    const place = view.el("div", { className: "nimlib-place", "data-part": `coin-${p}`, "data-state": coin ? "H" : "T" });
    const face = coin ? "H" : "T";
    const cls = `nimlib-coin${coin ? "" : " nimlib-tails"}`;
    if (x === p) {
      place.append(view.el("span", { className: `${cls} nimlib-selected`, title: `coin ${p + 1}: the heads coin to turn` }, face));
    } else if (coin && (p > 0 || !params.twins)) {
      const attrs = { type: "button", className: cls, "data-select": JSON.stringify(p), "aria-label": `turn coin ${p + 1} instead (heads)` };
      place.append(view.el("button", { ...attrs, onclick: () => view.select({ turtle: p }) }, face));
    } else {
      place.append(view.el("span", { className: cls, title: `coin ${p + 1}: tails` }, face));
    }
    if (x !== null && p < x) {
      const label = `turn coin ${x + 1} and flip coin ${p + 1} (${coin ? "heads to tails" : "tails to heads"})`;
      place.append(view.moveButton([x, p], coin ? "T" : "H", { label, className: "nimlib-target" }));
    } else if (x === p && !params.twins) {
      place.append(view.moveButton([x], "T", { label: `turn coin ${x + 1} only`, className: "nimlib-target" }));
    }
    place.append(view.el("span", { className: "nimlib-num", "aria-hidden": "true" }, String(p + 1)));
    board.append(place);
  });
  const bar = view.el("div", { className: "nimlib-coinbar nimlib-help" });
  if (x !== null) {
    const alone = params.twins ? "" : "Under it: turn it alone; under";
    bar.append(`Coin ${x + 1} turns to tails. ${alone || "Under"} a coin to its left: flip that coin too (the green button shows its new face). Click another heads coin to turn that one instead.`);
  }
  return view.el("div", {}, board, bar);
}

register({
  id: "turtles",
  title: (params) => (params.twins ? "Twins" : "Turning turtles"),
  rules: (params) =>
    params.twins
      ? "Turn one heads coin (H) to tails (T) and flip one coin to its left as well. Whoever makes the last move wins."
      : "Turn one heads coin (H) to tails (T) and, if you like, flip one coin to its left as well. Whoever makes the last move wins.",
  misere: () => false,
  parse: (text, params) => {
    const chars = [...String(text).replace(/[\s,()[\]]/g, "")];
    if (chars.length === 0) throw new Error("type the coins, e.g. HTTHTH (H heads, T tails; O and X work too)");
    const length = Number(params.length) || 20;
    if (chars.length > length) throw new Error(`at most ${length} coins on this page`);
    return chars.map((c, i) => {
      if ("OoHh1".includes(c)) return 1;
      if ("XxTt0".includes(c)) return 0;
      throw new Error(`coin ${i + 1} ("${c}") must be H (heads) or T (tails)`);
    });
  },
  validate: (position, params) =>
    stateOptionalIntError(params.length, "params.length", 1, COIN_MAX_CELLS) ||
    (position === undefined ? null : stateNaturalsError(position, "the coins", { most: COIN_MAX_CELLS, max: 1 })),
  format: (position) => position.map((c) => (c ? "H" : "T")).join(""), // as chapters 12 and 13 write coins
  random: (rng, params) => Array.from({ length: Math.max(2, Number(params.length) || 10) }, () => (rng() < 0.45 ? 1 : 0)),
  moves: (position, params) => turtlesMoves(position, params),
  // by formula, never by listing
  apply: (position, move, params) => stateLegalMove(move, () => turtlesApply(position, move, params)),
  isOver: (position, params) => position.every((coin, p) => !coin || (params.twins && p === 0)),
  best: (position, params) => turtlesBest(position, params),
  stall: (position, params) => {
    const x = position.findLastIndex((coin, p) => coin && !(params.twins && p === 0));
    return x < 0 ? null : turtlesStep(position, turtlesRank(position), params.twins ? [x, x - 1] : [x]);
  },
  analyse: (position, params) => turtlesAnalyse(position, params),
  draw: turtlesDraw,
  changed: (before, move) => move.map((p) => `coin-${p}`),
  selectFor: (move) => ({ turtle: move[0] }),
});
