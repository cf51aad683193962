// Fibonacci Nim (Whinihan 1963): one heap; the first take is not the whole heap, each later take is at
// most twice the take before it. Whoever takes the last counter wins.
//
// Position: [n, most], n counters left and most the largest take allowed now (n − 1 at the start,
//           min(2t, n − t) after a take of t).
// Move: [t], the number of counters taken, 1 ≤ t ≤ most.
// params: { heap } the usual start (New game deals heaps up to it, at least 10).
// The page computes everything itself: Zeckendorf sums by the greedy rule, Whinihan's move (the
// smallest Zeckendorf term when it is allowed) and G(n, most) by mex; heaps are limited to FIB_LIMIT.

import {
  register,
  readTokens,
  OutOfTable,
  plural,
  stateNaturalsError,
  stateOptionalIntError,
  fibonacciNumbers,
  zeckendorfTerms,
} from "../core.js";

// nimlib.fibonacci.WIDGET_LIMIT: Python sends no heap beyond it (tests/test_js_bounds.py checks they agree)
export const FIB_LIMIT = 200;

/** The saved state's shape: params.heap, then [n, most] with most ≤ n ≤ FIB_LIMIT. */
export function fibValidate(position, params) {
  const bad = stateOptionalIntError(params.heap, "params.heap", 2, FIB_LIMIT);
  if (bad || position === undefined) return bad;
  const shape = stateNaturalsError(position, "the position", { most: 2, max: FIB_LIMIT });
  if (shape) return shape;
  if (position.length !== 2) return "the position is two whole numbers [n, most]";
  return position[1] <= position[0] ? null : "the largest take allowed (most) must be at most the heap n";
}

function fibCheck(position) {
  if (!Array.isArray(position) || position.length !== 2 || !position.every((v) => Number.isSafeInteger(v) && v >= 0)) {
    throw new Error(`a position is two whole numbers [n, most], got ${JSON.stringify(position)}`);
  }
  const [n, most] = position;
  if (n > FIB_LIMIT) throw new OutOfTable(`this page plays Fibonacci Nim with heaps of at most ${FIB_LIMIT}, got ${n}`);
  if (most > n) throw new Error(`the largest take allowed (${most}) must be at most the heap (${n})`);
  return position;
}

// Fibonacci numbers and Zeckendorf sums are core's (the drill uses the same two functions)
export const fibNumbers = fibonacciNumbers;
export const fibZeckendorf = zeckendorfTerms;

/** The one analysis behind the computer's move and every word of the explanation. */
export function fibAnalysis(position) {
  const [n, most] = fibCheck(position);
  const terms = fibZeckendorf(n);
  const smallest = n > 0 ? terms[terms.length - 1] : null;
  const take = smallest !== null && smallest <= most ? smallest : null;
  return { n, most, terms, smallest, take, winning: take !== null };
}

function fibAfter([n], t) {
  return [n - t, Math.min(2 * t, n - t)];
}

function fibMove(position, t) {
  return { move: [t], after: fibAfter(position, t), label: `take ${t}`, parts: [0] };
}

/** Every move from [n, most]: take 1, 2, …, most. */
export function fibMoves(position) {
  const [, most] = fibCheck(position);
  return Array.from({ length: most }, (_, i) => fibMove(position, i + 1));
}

/** Whinihan's move, or null when none wins. */
export function fibBest(position) {
  const { take } = fibAnalysis(position);
  return take === null ? null : fibMove(position, take);
}

/** The losing side's move, as nimlib.fibonacci.stalling_move: take one counter. */
export function fibStall(position) {
  const [, most] = fibCheck(position);
  return most >= 1 ? fibMove(position, 1) : null;
}

// G(n, most) for every heap up to the largest asked so far (rows grow with n)
const fibTable = [];

/** The Grundy value G(n, most): the mex of G over the positions one take away. */
export function fibGrundy(position) {
  const [n, most] = fibCheck(position);
  for (let h = fibTable.length; h <= n; h++) {
    const row = new Array(h + 1).fill(0);
    const seen = new Set();
    for (let m = 1; m <= h; m++) {
      const rest = h - m;
      seen.add(fibTable[rest][Math.min(2 * m, rest)]);
      let g = 0;
      while (seen.has(g)) g += 1;
      row[m] = g;
    }
    fibTable.push(row);
  }
  return fibTable[n][most];
}

/** The explanation: Zeckendorf's sum of n, its smallest term, whether that is allowed, and the move. */
export function fibExplain(position) {
  const a = fibAnalysis(position);
  if (a.n === 0) return "<p>No counters are left: the player to move has lost.</p>";
  const sum = a.terms.length === 1 ? `${a.n} is itself a Fibonacci number` : `${a.n} = ${a.terms.join(" + ")}`;
  const lines = [
    `Zeckendorf's sum (Fibonacci numbers, no two consecutive): ${sum}. The smallest term is ${a.smallest}.`,
    `The largest take allowed now is ${a.most}.`,
  ];
  if (a.winning) {
    lines.push(
      `${a.smallest} ≤ ${a.most}, so the winning move is to take ${a.take}, the smallest term: ` +
        `it leaves ${a.n - a.take} counters` +
        (a.n === a.take ? " (the last counter is taken)." : `, whose smallest term is more than 2 × ${a.take} = ${2 * a.take}, the most the opponent may take.`),
    );
  } else if (a.most === 0) {
    lines.push(`${a.smallest} > 0 and no take is allowed: the player to move has no move and has lost.`);
  } else {
    lines.push(
      `${a.smallest} > ${a.most}: the smallest term cannot be taken, so this is a P-position. ` +
        `Any take t < ${a.smallest} leaves a heap whose smallest term is at most 2t, which the opponent may take.`,
    );
  }
  return `<p>${lines.join("</p><p>")}</p>`;
}

export function fibParse(text) {
  const parts = readTokens(String(text).replace(/[()[\]{}]/g, " "));
  if (parts.length < 1 || parts.length > 2) throw new Error("type the heap, e.g. 20 (or the heap and the largest take, e.g. 18 4)");
  const numbers = parts.map((p, i) => {
    if (!/^\d+$/.test(p) || p.length > 6) throw new Error(`${i === 0 ? "the heap" : "the largest take"} must be a whole number, got "${p}"`);
    return Number(p);
  });
  const position = numbers.length === 1 ? [numbers[0], Math.max(numbers[0] - 1, 0)] : numbers;
  return fibCheck(position);
}

/** The heap as a count and a wrapping row of one button per legal take (each a 24 px target). */
export function fibDraw(position, params, view) {
  const [n, most] = fibCheck(position);
  const heap = view.el(
    "div",
    { "data-part": "heap", "data-state": `${n},${most}`, style: "font-size:16px;margin:4px 0" },
    `${plural(n, "counter")} left; the largest take allowed is ${most}.`,
  );
  const row = view.el("div", { className: "nimlib-row nimlib-fib-takes", role: "group", "aria-label": "how many to take" });
  for (let t = 1; t <= most; t++) {
    row.append(view.moveButton([t], String(t), { label: `take ${t}`, className: "nimlib-fib-take" }));
  }
  const help = view.el("div", { className: "nimlib-help", style: "font-size:13px;margin-top:4px" }, most > 0 ? "Click how many counters to take." : "No take is allowed.");
  return view.el("div", { className: "nimlib-fib" }, heap, row, help);
}

register({
  id: "fibonacci-nim",
  title: () => "Fibonacci Nim",
  rules: () =>
    "One heap. The first player takes at least one counter but not the whole heap; after that each player takes at least one and at most twice the opponent's last take. Whoever takes the last counter wins.",
  misere: () => false,
  parse: (text) => fibParse(text),
  validate: fibValidate,
  format: ([n, most]) => `(${n}, ${most})`,
  random: (rng, params) => {
    const top = Math.min(FIB_LIMIT, Math.max(10, Number(params.heap) || 20));
    const n = 5 + Math.floor(rng() * (top - 4));
    return [n, n - 1];
  },
  moves: (position) => fibMoves(position),
  analyse: (position) => {
    const value = fibGrundy(position);
    return { components: [{ label: `(${position[0]}, ${position[1]})`, value }], total: value };
  },
  best: (position) => fibBest(position),
  stall: (position) => fibStall(position),
  explain: (position) => fibExplain(position),
  isOver: (position) => fibCheck(position)[1] === 0,
  draw: (position, params, view) => fibDraw(position, params, view),
  parts: () => [0],
  changed: () => ["heap"],
});
