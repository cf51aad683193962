// Heap games drawn as heaps of stones: Lasker's Nim, Grundy's game and subtraction games.
//
// Position: heap sizes [3, 5, 7]; a split puts its two parts at `heap` and `heap + 1`.
// Move: [heap, new_size] (take the stones above new_size) or [heap, [a, b]] with a <= b (split).
// params: { values } the Grundy values g(0..N) from Python (N = the largest heap the widget allows),
//         { subtract } the allowed takes of a subtraction game.
// "heaps" plays any heap game given by nimlib.rulesets.TakeRule's JSON (params take_all, take_one,
// take_split, unequal, take_any, name, plus values): a split that takes no stone is a click between two
// stones, one that takes k >= 1 stones a button in a row under the heap (see heapSplitTakeMoves).
// Click a stone: take it and every stone above it (where the rules allow). Click the gap between two
// stones: split the heap there (where the rules allow).

import { register, readTokens, OutOfTable, plural, key, componentMove, stateLegalMove, stateNaturalsError, stateOptionalIntError } from "../core.js";

const HEAP_RULES = {
  lasker: {
    title: () => "Lasker's Nim",
    rules: () => "Take any number of stones from one heap, or split a heap into two non-empty heaps. Whoever moves last wins.",
    canTake: () => true,
    canSplit: (a, b) => a >= 1 && b >= 1,
  },
  grundy: {
    title: () => "Grundy's game",
    rules: () => "Split one heap into two non-empty heaps of different sizes. Whoever moves last wins.",
    canTake: () => false,
    canSplit: (a, b) => a >= 1 && b >= 1 && a !== b,
  },
  subtraction: {
    title: (params) => `Subtraction game, S = {${heapTakes(params).join(", ")}}`,
    rules: (params) => `Take s stones from one heap, for some s in S = {${heapTakes(params).join(", ")}}. Whoever takes the last stone wins.`,
    canTake: (n, j, params) => heapTakes(params).includes(n - j),
    canSplit: () => false,
  },
  heaps: {
    title: (params) => params.name || "A heap game",
    rules: (params) => {
      if (heapTakesAndSplits(params)) return heapOctalRules(params);
      const parts = [];
      if (params.take_any) parts.push("take any number of stones from one heap");
      else if ((params.take_one || []).length) parts.push(`take s stones from one heap, s in {${params.take_one.join(", ")}}`);
      if ((params.take_split || []).includes(0)) parts.push(`split a heap into two non-empty heaps${params.unequal ? " of different sizes" : ""}`);
      return `${parts.join(", or ").replace(/^./, (c) => c.toUpperCase())}. Whoever moves last wins.`;
    },
    canTake: (n, j, params) => {
      const taken = n - j;
      if (params.take_any) return taken >= 1;
      return (j === 0 ? params.take_all || [] : params.take_one || []).includes(taken);
    },
    canSplit: (a, b, params) => (params.take_split || []).includes(0) && a >= 1 && b >= 1 && !(params.unequal && a === b),
  },
};

function heapTakes(params) {
  return (params.subtract || []).map(Number).sort((a, b) => a - b);
}

function heapLargest(params) {
  return (params.values || []).length - 1;
}

function heapValue(n, params, i) {
  const values = params.values || [];
  if (n >= values.length) {
    throw new OutOfTable(`heap ${i} has ${plural(n, "stone")}, but this page knows the Grundy values only up to ${values.length - 1} stones`);
  }
  return values[n];
}

/** Every legal move of game `id` from `position`: {move, after, label, parts} (parts: the heap it changes). */
export function heapMoves(id, position, params, only = null) {
  const rules = HEAP_RULES[id];
  const out = [];
  position.forEach((n, i) => {
    if (only !== null && i !== only) return; // the moves of heap `only` alone
    for (let j = 0; j < n; j++) {
      if (rules.canTake(n, j, params)) {
        const after = position.slice();
        after[i] = j;
        out.push({ move: [i, j], after, label: `heap ${i} from ${n} to ${j}`, parts: [i] });
      }
    }
    for (let a = 1; a <= n - a; a++) {
      if (rules.canSplit(a, n - a, params)) {
        const after = [...position.slice(0, i), a, n - a, ...position.slice(i + 1)];
        out.push({ move: [i, [a, n - a]], after, label: `split heap ${i} (${n}) into ${a} and ${n - a}`, parts: [i] });
      }
    }
  });
  if (id === "heaps") out.push(...heapSplitTakeMoves(position, params).filter((m) => only === null || m.move[0] === only));
  return out;
}

/** The reader's move if legal (Error if not): looked up among the moves of the heap it names only. */
export function heapApply(id, position, move, params) {
  const i = Array.isArray(move) ? move[0] : null;
  if (!Number.isSafeInteger(i) || i < 0 || i >= position.length) throw new Error(`there is no heap ${key(i)}`);
  const found = heapMoves(id, position, params, i).find((m) => key(m.move) === key(move));
  if (!found) throw new Error(`heap ${i} (${position[i]}) has no such move`);
  return found;
}

/**
 * The sum rule, heap by heap: the first heap whose value has the XOR's top bit, and its first move (in
 * heapMoves' order) to its value ⊕ XOR: the move componentMove finds, listing one heap's moves, not all.
 */
export function heapBest(id, position, params) {
  const values = params.values || [];
  const S = position.reduce((a, n, i) => a ^ heapValue(n, params, i), 0);
  if (S === 0) return null;
  const bit = 2 ** Math.floor(Math.log2(S));
  const i = position.findIndex((n) => values[n] & bit);
  const target = values[position[i]] ^ S;
  const after = (m) => (Array.isArray(m.move[1]) ? values[m.move[1][0]] ^ values[m.move[1][1]] : values[m.move[1]]);
  const found = heapMoves(id, position, params, i).find((m) => after(m) === target);
  return found ?? componentMove(gameDefOfHeaps(id), position, params).move; // a table that breaks the rule: by listing
}

function gameDefOfHeaps(id) {
  return HEAP_DEFS.get(id);
}

const HEAP_DEFS = new Map();

/** The losing side's move: the first move of the largest heap that has one (no list of every move). */
export function heapStall(id, position, params) {
  const order = position.map((n, i) => i).sort((a, b) => position[b] - position[a] || a - b);
  for (const i of order) {
    const found = heapMoves(id, position, params, i)[0];
    if (found) return found;
  }
  return null;
}

function heapParse(text, params) {
  const parts = readTokens(String(text).replace(/[()[\]{}]/g, " "));
  if (parts.length === 0) throw new Error("type heap sizes, e.g. 3 5 7");
  if (parts.length > 12) throw new Error("at most 12 heaps");
  return parts.map((p, i) => {
    if (!/^\d+$/.test(p)) throw new Error(`heap ${i} must be a whole number of stones, got "${p}"`);
    const n = Number(p);
    if (n > heapLargest(params)) throw new Error(`heap ${i} may have at most ${heapLargest(params)} stones on this page`);
    return n;
  });
}

function heapDraw(id, position, params, view) {
  const rules = HEAP_RULES[id];
  // draw the gaps between stones only where a split is a move
  const splits = id === "lasker" || id === "grundy" || (id === "heaps" && (params.take_split || []).includes(0));
  const board = view.el("div", { className: "nimlib-heaps" });
  position.forEach((n, i) => {
    const row = view.el("div", { className: "nimlib-row", "data-part": `heap-${i}`, "data-state": `${n}@${position.length}` });
    row.append(view.el("span", { className: "nimlib-row-label" }, `heap ${i}: ${n}`));
    for (let j = 0; j < n; j++) {
      if (j > 0 && splits) {
        const [a, b] = [Math.min(j, n - j), Math.max(j, n - j)];
        if (rules.canSplit(a, b, params)) {
          row.append(view.moveButton([i, [a, b]], "", { label: `split heap ${i} into ${a} and ${b}`, className: "nimlib-gap" }));
        } else {
          row.append(view.el("span", { className: "nimlib-gap-off", "aria-hidden": "true" }));
        }
      }
      if (rules.canTake(n, j, params)) {
        row.append(view.moveButton([i, j], "", { label: `take ${n - j}: heap ${i} becomes ${j}`, className: "nimlib-stone" }));
      } else {
        row.append(view.el("span", { className: "nimlib-stone-off", "aria-hidden": "true" }));
      }
    }
    board.append(row);
    if (id === "heaps") board.append(...heapSplitTakeRow(i, n, params, view));
  });
  return board;
}

// ------------------------------------------------ splits that take stones (octal digits 4–7 after the point)
// "heaps" with take_split holding k >= 1 (Kayles 0.77, Dawson's Kayles 0.07, crosses 0.137): take k
// stones from a heap and leave the rest as two non-empty heaps a + b = n - k. The move is written as a
// split, [heap, [a, b]] with a <= b (k = n - a - b), as nimlib's HeapGame.encode_move writes it. The
// board shows these moves as a row of buttons under each heap, one per way to split.

/** The take_split sizes k >= 1 of a "heaps" game (a split that removes k stones). */
function heapSplitTakes(params) {
  return (params.take_split || []).map(Number).filter((k) => k >= 1).sort((a, b) => a - b);
}

/** True when the rule needs the fuller description: splits that take stones, or takes only of a whole heap. */
function heapTakesAndSplits(params) {
  if (params.take_any) return false;
  const one = params.take_one || [];
  const none = !one.length && !(params.take_all || []).length && !(params.take_split || []).length;
  return none || heapSplitTakes(params).length > 0 || (params.take_all || []).some((j) => !one.includes(j));
}

/** The rules in words, size by size, for any octal rule (take_all, take_one, take_split). */
function heapOctalRules(params) {
  const all = params.take_all || [];
  const one = params.take_one || [];
  const split = params.take_split || [];
  const sizes = [...new Set([...all, ...one, ...split])].sort((a, b) => a - b);
  const parts = sizes.map((j) => {
    if (j === 0) return `split a heap into two non-empty heaps${params.unequal ? " of different sizes" : ""}`;
    const ways = [];
    if (all.includes(j)) ways.push(`a whole heap of ${j}`);
    if (one.includes(j)) ways.push("leaving one heap");
    if (split.includes(j)) ways.push("leaving two non-empty heaps");
    return `take ${j} stone${j === 1 ? "" : "s"} (${ways.join(", or ")})`;
  });
  const text = parts.length ? parts.join("; or ") : "no move is possible";
  return `${text.replace(/^./, (c) => c.toUpperCase())}. Whoever moves last wins.`;
}

/** Every move that takes k >= 1 stones from a heap and splits the rest in two: {move, after, label}. */
export function heapSplitTakeMoves(position, params) {
  const out = [];
  position.forEach((n, i) => {
    for (const [k, a, b] of heapSplitTakeOptions(n, params)) {
      const after = [...position.slice(0, i), a, b, ...position.slice(i + 1)];
      out.push({ move: [i, [a, b]], after, label: `take ${k} from heap ${i} (${n}), leaving heaps of ${a} and ${b}`, parts: [i] });
    }
  });
  return out;
}

/** [k, a, b] for each split of a heap of n that takes k >= 1 stones, a <= b, a + b = n - k. */
function heapSplitTakeOptions(n, params) {
  const out = [];
  for (const k of heapSplitTakes(params)) {
    for (let a = 1; 2 * a <= n - k; a++) {
      if (!(params.unequal && 2 * a === n - k)) out.push([k, a, n - k - a]);
    }
  }
  return out;
}

/** Under heap i: one button per split that takes stones ("take k: a | b"), or nothing. */
function heapSplitTakeRow(i, n, params, view) {
  const options = heapSplitTakeOptions(n, params);
  if (options.length === 0) return [];
  const row = view.el("div", { className: "nimlib-row nimlib-splits", "data-part": `splits-${i}` });
  row.append(view.el("span", { className: "nimlib-row-label" }, `heap ${i}: split`));
  for (const [k, a, b] of options) {
    const label = `take ${k} from heap ${i}, leaving heaps of ${a} and ${b}`;
    row.append(view.moveButton([i, [a, b]], `−${k}: ${a}|${b}`, { label, className: "nimlib-split-take" }));
  }
  return [row];
}

// The most heaps, and the largest heap a table may cover (nimlib.boards.MAX_CELLS; tests/test_js_bounds.py)
export const HEAP_MAX_HEAPS = 1000;
export const HEAP_MAX_TABLE = 1000;
// The most stones in all: each is drawn (a button, and a gap where splits are moves)
export const HEAP_MAX_STONES = 10000;

/** The saved state's shape: the tables in params, then heaps the table covers. */
export function heapValidate(position, params) {
  const bad =
    stateNaturalsError(params.values ?? [], "params.values", { most: HEAP_MAX_TABLE + 1 }) ||
    stateOptionalIntError(params.largest, "params.largest", 0, HEAP_MAX_TABLE) ||
    ["subtract", "take_all", "take_one", "take_split"].map((k) => stateNaturalsError(params[k] ?? [], `params.${k}`, { most: HEAP_MAX_TABLE + 1 })).find(Boolean);
  if (bad || position === undefined) return bad || null;
  const shape = stateNaturalsError(position, "the heaps", { most: HEAP_MAX_HEAPS });
  if (shape) return shape;
  const top = heapLargest(params);
  const i = position.findIndex((n) => n > top);
  if (i >= 0) return `heap ${i} has ${plural(position[i], "stone")}, but this page knows the Grundy values only up to ${top} stones`;
  const stones = position.reduce((a, n) => a + n, 0);
  return stones > HEAP_MAX_STONES ? `the heaps hold ${stones} stones, more than the ${HEAP_MAX_STONES} this page draws` : null;
}

function heapDefine(id) {
  const rules = HEAP_RULES[id];
  const def = register({
    id,
    title: rules.title,
    rules: rules.rules,
    misere: () => false,
    parse: heapParse,
    validate: heapValidate,
    format: (position) => `(${position.join(", ")})`,
    random: (rng, params) => {
      const top = Math.max(1, Math.min(heapLargest(params), 15));
      return Array.from({ length: 3 }, () => 1 + Math.floor(rng() * top));
    },
    moves: (position, params) => {
      position.forEach((n, i) => heapValue(n, params, i));
      return heapMoves(id, position, params);
    },
    // by formula, one heap's moves at a time (a thousand heaps have tens of thousands of moves)
    apply: (position, move, params) => stateLegalMove(move, () => heapApply(id, position, move, params)),
    isOver: (position, params) => {
      const stuck = new Map(); // heap size -> true when a heap of that size has no move (each size listed once)
      return position.every((n, i) => {
        heapValue(n, params, i);
        if (!stuck.has(n)) stuck.set(n, heapMoves(id, [n], params).length === 0);
        return stuck.get(n);
      });
    },
    best: (position, params) => heapBest(id, position, params),
    stall: (position, params) => heapStall(id, position, params),
    analyse: (position, params) => {
      const components = position.map((n, i) => ({ label: `heap ${i} (${n})`, value: heapValue(n, params, i) }));
      return { components, total: components.reduce((a, c) => a ^ c.value, 0) };
    },
    draw: (position, params, view) => heapDraw(id, position, params, view),
    // what the move changed, in the after position's numbering: a split fills heaps i and i + 1
    changed: (before, move) => (Array.isArray(move[1]) ? [`heap-${move[0]}`, `heap-${move[0] + 1}`] : [`heap-${move[0]}`]),
  });
  HEAP_DEFS.set(id, def);
}

heapDefine("lasker");
heapDefine("grundy");
heapDefine("subtraction");
heapDefine("heaps");
