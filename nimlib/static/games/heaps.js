// Heap games drawn as heaps of stones: Lasker's Nim, Grundy's game and subtraction games.
//
// Position: heap sizes [3, 5, 7]; a split puts its two parts at `heap` and `heap + 1`.
// Move: [heap, new_size] (take the stones above new_size) or [heap, [a, b]] with a <= b (split).
// params: { values } the Grundy values g(0..N) from Python (N = the largest heap the widget allows),
//         { subtract } the allowed takes of a subtraction game.
// "heaps" plays any heap game given by nimlib.rulesets.TakeRule's JSON (params take_all, take_one,
// take_split, unequal, take_any, name, plus values), as long as a split takes no stone (take_split
// is [] or [0]): a split is a click between two stones.
// Click a stone: take it and every stone above it (where the rules allow). Click the gap between two
// stones: split the heap there (where the rules allow).

import { register, OutOfTable, plural } from "../core.js";

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
export function heapMoves(id, position, params) {
  const rules = HEAP_RULES[id];
  const out = [];
  position.forEach((n, i) => {
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
  return out;
}

function heapParse(text, params) {
  const parts = String(text).replace(/[()[\]{},;]/g, " ").trim().split(/\s+/).filter(Boolean);
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
  });
  return board;
}

function heapDefine(id) {
  const rules = HEAP_RULES[id];
  register({
    id,
    title: rules.title,
    rules: rules.rules,
    misere: () => false,
    parse: heapParse,
    format: (position) => `(${position.join(", ")})`,
    random: (rng, params) => {
      const top = Math.max(1, Math.min(heapLargest(params), 15));
      return Array.from({ length: 3 }, () => 1 + Math.floor(rng() * top));
    },
    moves: (position, params) => {
      position.forEach((n, i) => heapValue(n, params, i));
      return heapMoves(id, position, params);
    },
    analyse: (position, params) => {
      const components = position.map((n, i) => ({ label: `heap ${i} (${n})`, value: heapValue(n, params, i) }));
      return { components, total: components.reduce((a, c) => a ^ c.value, 0) };
    },
    draw: (position, params, view) => heapDraw(id, position, params, view),
    // what the move changed, in the after position's numbering: a split fills heaps i and i + 1
    changed: (before, move) => (Array.isArray(move[1]) ? [`heap-${move[0]}`, `heap-${move[0] + 1}`] : [`heap-${move[0]}`]),
  });
}

heapDefine("lasker");
heapDefine("grundy");
heapDefine("subtraction");
heapDefine("heaps");
