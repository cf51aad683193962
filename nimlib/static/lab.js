// The lab: any octal game or subtraction game, computed in the page with no kernel.
//
// The reader types an octal code ("0.77", "4.07") or a subtraction set ("{1, 3, 4}"). The page computes
// the Grundy values g(0), g(1), … by mex (the same rule nimlib.rulesets.octal builds), finds the least
// period that the octal periodicity theorem certifies (nimlib.engine.periodicity.search_period's criterion:
// g(n + p) = g(n) for n0 <= n < 2·n0 + p + t, n0 >= 1, so 2·n0 + 2p + t values are read), draws a table
// and a plot, and mounts the generic "heaps" play widget with those values.
//
// Everything above the "DOM" line is pure logic on plain data, imported by the node tests. In the static
// book this file is served as _static/nimlib/lab.js with its imports pointed at the one bundle, play.js.

import { mount, el, readWhole } from "./core.js";
import "./games/heaps.js";

/** At most this many digits after the point of an octal code. */
export const MAX_DIGITS = 12;
/** The largest number in a subtraction set, and the most numbers it may have. */
export const MAX_SUBTRACT = 1000;
export const MAX_SET_SIZE = 30;
/** The most values the lab computes at all (the table shows each one). */
export const MAX_VALUES = 5000;
/**
 * The most elementary steps (one option looked at) the lab does for one request. Measured under node
 * on the book's 2-core build machine: 3 ns a step idle, 10–15 ns at a load of 8, so 10^7 steps take
 * about 30 ms idle and 100–150 ms loaded (0.77: 4,472 values; one split digit: all 5,000).
 */
export const WORK_BUDGET = 10_000_000;
/** The heap sizes the play widget knows values for (0..PLAY_LARGEST). */
export const PLAY_LARGEST = 40;

const OCTAL = /^[0-7]?(\.[0-7]+)?$/;

/** `n` tokens, with the plural only when n is not 1 ("t = 1 token"). */
export function labTokens(n) {
  return `${n} token${n === 1 ? "" : "s"}`;
}

/** A number the reader typed, for a message: a long one is cut and its length said (a 400-digit member is not echoed). */
export function labNumber(text) {
  const s = String(text);
  return s.length <= 12 ? s : `${s.slice(0, 8)}… (a number of ${s.length} digits)`;
}

/** What the reader typed, quoted for a message: a long text is cut (a 1000-digit code never widens the page). */
export function labQuote(text) {
  const s = String(text);
  return s.length <= 24 ? `"${s}"` : `"${s.slice(0, 20)}…" (${s.length} characters)`;
}

/**
 * Parse what the reader typed: an octal code or a subtraction set.
 * Returns { kind: "octal" | "subtraction", code, name, rule, t }, rule in nimlib's TakeRule JSON
 * (take_all, take_one, take_split, unequal, take_any), t the most tokens a move removes.
 * Throws an Error that says what is wrong.
 */
export function parseGame(text) {
  if (typeof text !== "string") throw new TypeError(`the game must be given as text such as "0.77", got ${typeof text}`);
  const s = text.trim();
  if (!s) throw new Error('type an octal code such as 0.77 or a subtraction set such as {1, 3, 4}');
  if (/^[{[(]/.test(s) || s.includes(",")) return parseSubtraction(s);
  if (/^0x/i.test(s)) throw new Error(`${labQuote(s)} is hexadecimal: an octal code uses the digits 0–7, like 0.77`);
  const bad = s.match(/[^0-7.]/);
  if (bad) {
    const what = /[89]/.test(bad[0]) ? `the digit ${bad[0]} is not octal` : /\p{L}/u.test(bad[0]) ? `"${bad[0]}" is a letter, not a digit` : `"${bad[0]}" is not an octal digit`;
    throw new Error(`${labQuote(s)} is not an octal code: ${what} (use the digits 0–7, like 0.77 or 4.07)`);
  }
  if (s === "." || !OCTAL.test(s)) throw new Error(`${labQuote(s)} is not an octal code: write one digit before the point at most and digits after it, like 0.77 or 4.07`);
  const [head, tail = ""] = s.split(".");
  const lead = Number(head || "0");
  if (lead !== 0 && lead !== 4) throw new Error(`${labQuote(s)}: the digit before the point must be 0 or 4 (4 lets a move split a heap without taking), got ${lead}`);
  if (tail.length > MAX_DIGITS) throw new Error(`${labQuote(s)} has ${tail.length} digits after the point; the lab takes at most ${MAX_DIGITS}`);
  const digits = [lead, ...[...tail].map(Number)];
  const pick = (bit, from) => digits.map((d, j) => (j >= from && d & bit ? j : -1)).filter((j) => j >= 0);
  const rule = { take_all: pick(1, 1), take_one: pick(2, 1), take_split: pick(4, 0), unequal: false, take_any: false };
  const code = head === "" ? `0.${tail}` : s;
  return { kind: "octal", code, name: `octal game ${code}`, rule, t: maxTake(rule), digits };
}

function parseSubtraction(s) {
  const inner = s.replace(/^[{[(]\s*/, "").replace(/\s*[}\])]$/, "");
  if (/[{}[\]()]/.test(inner)) throw new Error(`${labQuote(s)}: write a subtraction set as {1, 3, 4}`);
  const parts = inner.split(/[\s,;]+/).filter(Boolean);
  if (parts.length === 0) throw new Error("the subtraction set is empty: a move must take some s in the set");
  const set = new Set();
  for (const p of parts) {
    if (!/^\d+$/.test(p)) throw new Error(`the subtraction set must hold whole numbers >= 1, got ${labQuote(p)}`);
    const v = Number(p);
    if (v < 1) throw new Error(`the subtraction set must hold whole numbers >= 1, got ${labNumber(p)}`);
    if (v > MAX_SUBTRACT) throw new Error(`the subtraction set may hold numbers up to ${MAX_SUBTRACT}, got ${labNumber(p)}`);
    set.add(v);
  }
  if (set.size > MAX_SET_SIZE) throw new Error(`the subtraction set may hold at most ${MAX_SET_SIZE} numbers, got ${set.size}`);
  const takes = [...set].sort((a, b) => a - b);
  const rule = { take_all: takes, take_one: takes.slice(), take_split: [], unequal: false, take_any: false };
  const code = `{${takes.join(", ")}}`;
  return { kind: "subtraction", code, name: `subtraction game S = ${code}`, rule, t: maxTake(rule), set: takes };
}

/** The most tokens a move removes: the t of the periodicity theorem (nimlib's HeapGame.max_take). */
export function maxTake(rule) {
  return Math.max(0, ...rule.take_all, ...rule.take_one, ...rule.take_split);
}

/** Elementary steps to compute g(0..n-1): every option of every heap (a split of r tokens has floor(r/2)). */
export function estimateWork(rule, n) {
  let work = n * (1 + rule.take_all.length + rule.take_one.length);
  for (const k of rule.take_split) {
    const m = Math.max(0, n - k); // heaps of k + r tokens, r = 0..m-1, each with floor(r/2) splits
    work += Math.floor(m / 2) * Math.floor((m - 1) / 2); // the sum of floor(r/2) for r < m
  }
  return work;
}

/** The most values (at most MAX_VALUES) the lab computes for this rule within WORK_BUDGET. */
export function largestCount(rule) {
  let lo = 1;
  let hi = MAX_VALUES;
  if (estimateWork(rule, hi) <= WORK_BUDGET) return hi;
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (estimateWork(rule, mid) <= WORK_BUDGET) lo = mid;
    else hi = mid - 1;
  }
  return lo;
}

/**
 * The count the reader typed (the input's text, or a number): an empty box is named as empty, not "got 0";
 * anything else must be a whole number (checkCount says how many the lab computes).
 */
export function parseCount(typed) {
  if (typeof typed === "number") return typed;
  const s = String(typed ?? "").trim();
  if (!s) throw new Error(`the number of values is empty: type how many values to compute, a whole number from 1 to ${MAX_VALUES}`);
  if (!/^[+-]?\d+(\.\d*)?([eE][+-]?\d+)?$/.test(s)) throw new Error(`the number of values must be a whole number >= 1, got ${labQuote(s)}`);
  return Number(s);
}

/** Refuse a count that is not a whole number from 1 to what the budget allows, naming the limit. */
export function checkCount(rule, count, name = "the game") {
  if (!Number.isInteger(count) || count < 1) throw new Error(`the number of values must be a whole number >= 1, got ${labNumber(count)}`);
  const most = largestCount(rule);
  if (count > most) {
    const why = most === MAX_VALUES ? `the lab computes at most ${MAX_VALUES} values` : `for ${name} that is the most the page computes in about 100 ms (splits cost a step per way to split)`;
    throw new Error(`${labNumber(count)} values is too many: at most ${most} (${why})`);
  }
  return count;
}

/**
 * g(0), …, g(count - 1) of the heap game with this rule, by mex over every option (an Int32Array).
 * A heap of n may: vanish (n in take_all), become n - j (j in take_one, n - j >= 1), or split into
 * a + b = n - k, a, b >= 1 (k in take_split), with value g(a) XOR g(b).
 */
export function grundyValues(rule, count) {
  checkCount(rule, count);
  const g = new Int32Array(count);
  const { take_all: all, take_one: one, take_split: split } = rule;
  // mex(n) is at most the number of options of n, so larger values need not be marked
  let most = all.length + one.length + 2;
  for (const k of split) most += Math.ceil(Math.max(0, count - k) / 2);
  const seen = new Int32Array(most + 1);
  for (let n = 1; n < count; n++) {
    const stamp = n;
    for (const j of all) if (j === n) seen[0] = stamp;
    for (const j of one) {
      if (n - j >= 1) {
        const v = g[n - j];
        if (v <= most) seen[v] = stamp;
      }
    }
    for (const k of split) {
      const rest = n - k;
      for (let a = 1; 2 * a <= rest; a++) {
        const v = g[a] ^ g[rest - a];
        if (v <= most) seen[v] = stamp;
      }
    }
    let m = 0;
    while (seen[m] === stamp) m++;
    g[n] = m;
  }
  return g;
}

/**
 * The least period the octal periodicity theorem certifies from these values, as nimlib's
 * search_period does: the least p whose preperiod n0 (one past the last n with g(n + p) != g(n))
 * has 2·max(n0, 1) + 2p + t <= values.length. Returns { preperiod, period, needed, computed } or null.
 */
export function findPeriod(values, t) {
  const n = values.length;
  for (let p = 1; 2 * p + 2 + t <= n; p++) {
    let n0 = 0;
    for (let i = n - 1 - p; i >= 0; i--) {
      if (values[i + p] !== values[i]) {
        n0 = i + 1;
        break;
      }
    }
    const needed = 2 * Math.max(n0, 1) + 2 * p + t;
    if (needed <= n) return { preperiod: n0, period: p, needed, computed: n };
  }
  return null;
}

/** Everything the lab shows for one request: the game, its values, the certified period (or null). */
export function analyseGame(text, typedCount) {
  const game = parseGame(text);
  const count = parseCount(typedCount);
  checkCount(game.rule, count, game.name);
  const values = grundyValues(game.rule, count);
  return { game, values, period: findPeriod(values, game.t) };
}

/** The period statement in words (plain text), true to what was and was not certified. */
export function periodText(result) {
  const { game, values, period } = result;
  const n = values.length;
  if (!period) {
    return (
      `No period is certified by g(0), …, g(${n - 1}): no p has g(n + p) = g(n) for every n from some n0 on ` +
      `with 2·max(n0, 1) + 2p + ${game.t} ≤ ${n}. The values may still be periodic (compute more), or not: ` +
      "some octal games' values are not known to be periodic."
    );
  }
  const { preperiod: n0, period: p, needed } = period;
  const m = Math.max(n0, 1);
  return (
    `Certified: period ${p} from ${n0}, that is g(n + ${p}) = g(n) for every n ≥ ${n0}. ` +
    `A move takes at most t = ${labTokens(game.t)}, so the periodicity theorem proves it from the check ` +
    `g(n + ${p}) = g(n) for ${m} ≤ n < 2·${m} + ${p} + ${game.t} = ${2 * m + p + game.t}, ` +
    `which reads the ${needed} values g(0), …, g(${needed - 1}).`
  );
}

/** The params of the generic "heaps" play widget for this game: its rule and g(0..PLAY_LARGEST). */
export function playParams(game, values) {
  // fewer values asked for than the game needs: compute the game's own (41 values cost nothing)
  const table = values.length > PLAY_LARGEST ? values : grundyValues(game.rule, PLAY_LARGEST + 1);
  const name = game.kind === "octal" ? `Octal game ${game.code}` : `Subtraction game ${game.code}`;
  return { ...game.rule, name, values: Array.from(table.slice(0, PLAY_LARGEST + 1)) };
}

/** A minimal anywidget-style model in memory: get, set, on, off, save_changes (as the static loader builds). */
export function memoryModel(initial) {
  const data = { ...initial };
  const handlers = new Map();
  return {
    get: (name) => data[name],
    set(name, value) {
      data[name] = value;
      for (const f of handlers.get(`change:${name}`) || []) f();
    },
    on(event, f) {
      if (!handlers.has(event)) handlers.set(event, new Set());
      handlers.get(event).add(f);
    },
    off(event, f) {
      handlers.get(event)?.delete(f);
    },
    save_changes() {},
  };
}

/** A start position for the play widget: three heaps within the table, never all empty. */
export function startPosition(largest) {
  const top = Math.max(1, Math.min(largest, 20));
  return [Math.min(top, 5), Math.min(top, 8), Math.min(top, 11)];
}

// ------------------------------------------------------------------ misère quotients (chapter 16)
//
// The misère quotient of an octal game restricted to heaps <= n, computed heap by heap as
// nimlib.quotient.quotient does (a port of it; tests/test_lab_quotient.py compares the two on sample codes):
// a pretension (monoid table, P-portion, each heap's element) is checked exactly by the automaton on
// (element, option set); a heap that is no old element becomes a new generator h with h^(i+p) = h^i, and
// when that fails the heaps of the failing sum are freed again. Every step counts against a work budget.

/** The most heaps, elements, trial-monoid elements and elementary steps the lab's quotient spends. */
export const LAB_QUOTIENT_HEAPS = 30;
export const LAB_QUOTIENT_ORDER = 256;
export const LAB_QUOTIENT_TRIAL = 1024;
// Kayles to 30 heaps (chapter 16's game) takes 10-20 million steps, about 2 s under node on the 2-core build
// machine; the page computes in slices between paints (labMisereQuotientAsync), so a long one never freezes it
export const LAB_QUOTIENT_BUDGET = 50_000_000;
/** Elementary steps between two pauses of the computation (the page paints and answers between them). */
export const LAB_QUOTIENT_SLICE = 100_000;
const LAB_Q_CYCLES = [[1, 2], [2, 2], [3, 2], [2, 4], [4, 4]];

/** What a heap of n may become under an octal rule: arrays of heap sizes ([] = nothing left). */
export function labHeapOptions(rule, n) {
  const out = [];
  for (const j of rule.take_all) if (j === n) out.push([]);
  for (const j of rule.take_one) if (n - j >= 1) out.push([n - j]);
  for (const j of rule.take_split) {
    const rest = n - j;
    for (let a = 1; 2 * a <= rest; a++) if (!(rule.unequal && 2 * a === rest)) out.push([a, rest - a]);
  }
  return out;
}

function labQTransitions(rule, table, phi, n) {
  const out = new Set();
  for (const option of labHeapOptions(rule, n)) {
    let x = 0;
    for (const h of option) x = table[x][phi[h]];
    out.add(x);
  }
  return [...out].sort((a, b) => a - b);
}

class LabQWork extends Error {}

/** The automaton check (nimlib.quotient._verify): {p: Set or null, failure: heaps of a failing sum}. */
function* labQVerify(table, phi, trans, p, work) {
  const size = table.length;
  const decided = new Map();
  if (p) for (let x = 0; x < size; x++) decided.set(x, p.has(x));
  const moves = new Map();
  for (let h = 1; h < phi.length; h++) {
    if (!trans[h].length) continue;
    const k = `${phi[h]}|${trans[h].join(",")}`;
    if (!moves.has(k)) moves.set(k, { h, g: phi[h], tr: trans[h] });
  }
  const steps = [...moves.values()];
  const dist = new Map([["0|", 0]]);
  const parent = new Map();
  const states = new Map([["0|", { m: 0, s: [] }]]);
  const queue = [[0, "0|"]]; // a binary heap on distance
  const push = (item) => {
    queue.push(item);
    let i = queue.length - 1;
    while (i > 0) {
      const up = (i - 1) >> 1;
      if (queue[up][0] <= queue[i][0]) break;
      [queue[up], queue[i]] = [queue[i], queue[up]];
      i = up;
    }
  };
  const pop = () => {
    const top = queue[0];
    const last = queue.pop();
    if (queue.length) {
      queue[0] = last;
      let i = 0;
      for (;;) {
        const l = 2 * i + 1;
        const r = l + 1;
        let m = i;
        if (l < queue.length && queue[l][0] < queue[m][0]) m = l;
        if (r < queue.length && queue[r][0] < queue[m][0]) m = r;
        if (m === i) break;
        [queue[m], queue[i]] = [queue[i], queue[m]];
        i = m;
      }
    }
    return top;
  };
  while (queue.length) {
    const [d, key] = pop();
    if (dist.get(key) !== d) continue;
    const { m, s } = states.get(key);
    const verdict = s.length > 0 && !s.some((x) => decided.get(x) === true);
    const known = decided.get(m);
    if (known === undefined) decided.set(m, verdict);
    else if (known !== verdict) {
      const failure = [];
      let k = key;
      while (parent.has(k)) {
        const [from, h] = parent.get(k);
        failure.push(h);
        k = from;
      }
      return { p: null, failure: failure.sort((a, b) => a - b) };
    }
    for (const { h, g, tr } of steps) {
      work.steps += 1 + s.length + tr.length;
      if (work.steps > work.budget) throw new LabQWork();
      if (work.steps >= work.pause) {
        work.pause = work.steps + LAB_QUOTIENT_SLICE;
        yield work.steps; // a pause: the async runner lets the page paint here
      }
      const m2 = table[m][g];
      const set = new Set();
      for (const x of s) set.add(table[x][g]);
      for (const t of tr) set.add(table[m][t]);
      const s2 = [...set].sort((a, b) => a - b);
      const key2 = `${m2}|${s2.join(",")}`;
      const old = dist.get(key2);
      if (old === undefined || d + h < old) {
        dist.set(key2, d + h);
        states.set(key2, { m: m2, s: s2 });
        parent.set(key2, [key, h]);
        push([d + h, key2]);
      }
    }
  }
  return { p: new Set([...decided].filter(([, v]) => v).map(([x]) => x)), failure: [] };
}

function labQReachable(table, gens) {
  const seen = [0];
  const found = new Set([0]);
  for (let i = 0; i < seen.length; i++) {
    for (const g of gens) {
      const y = table[seen[i]][g];
      if (!found.has(y)) {
        found.add(y);
        seen.push(y);
      }
    }
  }
  return seen;
}

function labQReduce(table, p, gens) {
  let cls = table.map((_, x) => (p.has(x) ? 1 : 0));
  let count = new Set(cls).size;
  for (;;) {
    const index = new Map();
    const next = table.map((row, x) => {
      const k = [cls[x], ...gens.map((g) => cls[row[g]])].join(",");
      if (!index.has(k)) index.set(k, index.size);
      return index.get(k);
    });
    if (index.size === count) return { cls: next, count };
    cls = next;
    count = index.size;
  }
}

function labQTimesCycle(table, index, period) {
  const c = index + period;
  const power = (k) => (k < c ? k : index + ((k - index) % period));
  const out = [];
  for (let x = 0; x < table.length; x++) {
    for (let k = 0; k < c; k++) {
      const row = [];
      for (let y = 0; y < table.length; y++) for (let j = 0; j < c; j++) row.push(table[x][y] * c + power(k + j));
      out.push(row);
    }
  }
  return out;
}

function labQCycleFor(table, x, exponent) {
  const powers = [0];
  for (;;) {
    const y = table[powers[powers.length - 1]][x];
    const at = powers.indexOf(y);
    if (at >= 0) {
      let period = powers.length - at;
      if (period % 2) period *= 2;
      return [Math.max(at, exponent - 1, 1), period];
    }
    powers.push(y);
  }
}

function* labQTrial(rule, table, phi, h, free, cycles, work) {
  const freeSet = new Set(free);
  const gens = new Set();
  for (let k = 1; k < h; k++) if (!freeSet.has(k)) gens.add(phi[k]);
  const kept = labQReachable(table, gens);
  const at = new Map(kept.map((x, i) => [x, i]));
  let big = kept.map((x) => kept.map((y) => at.get(table[x][y])));
  let phiBig = [...phi.map((x) => at.get(x) ?? 0), 0];
  for (const [index, period] of cycles) {
    big = labQTimesCycle(big, index, period);
    phiBig = phiBig.map((x) => x * (index + period));
    if (big.length > LAB_QUOTIENT_TRIAL) return { result: null, failure: [] };
  }
  let unit = 1;
  for (let i = free.length - 1; i >= 0; i--) {
    phiBig[free[i]] = unit;
    unit *= cycles[i][0] + cycles[i][1];
  }
  const trans = [[]];
  for (let k = 1; k <= h; k++) trans.push(labQTransitions(rule, big, phiBig, k));
  for (let k = 1; k <= h; k++) if (!trans[k].length) phiBig[k] = 0;
  const { p, failure } = yield* labQVerify(big, phiBig, trans, null, work);
  if (!p) return { result: null, failure };
  const heapGens = new Set(phiBig.slice(1, h + 1));
  const keep = labQReachable(big, heapGens);
  const where = new Map(keep.map((x, i) => [x, i]));
  const sub = keep.map((x) => keep.map((y) => where.get(big[x][y])));
  const subP = new Set([...p].filter((x) => where.has(x)).map((x) => where.get(x)));
  const { cls, count } = labQReduce(sub, subP, [...new Set([...heapGens].map((g) => where.get(g)))]);
  if (count > LAB_QUOTIENT_ORDER) throw new Error(`the quotient of heaps up to ${h} has more than ${LAB_QUOTIENT_ORDER} elements`);
  const next = Array.from({ length: count }, () => Array(count).fill(0));
  for (let x = 0; x < sub.length; x++) for (let y = 0; y < sub.length; y++) next[cls[x]][cls[y]] = cls[sub[x][y]];
  return { result: { table: next, p: new Set([...subP].map((x) => cls[x])), phi: phiBig.map((x) => cls[where.get(x)]) }, failure: [] };
}

/**
 * The misère quotient of an octal game's heaps <= n: {order, names, table, p_portion, pretend, generators,
 * relations, presentation, history}, as nimlib.quotient.quotient returns it. Throws an Error naming the
 * limit when n, the order, a trial monoid or the work budget is too large.
 */
export function labMisereQuotient(rule, n, budget = LAB_QUOTIENT_BUDGET) {
  const run = labQuotientRun(rule, n, budget);
  for (;;) {
    const step = run.next();
    if (step.done) return step.value;
  }
}

/** Refuse a bound outside 1 … LAB_QUOTIENT_HEAPS at once, before any work. */
export function labQuotientBound(n) {
  if (!Number.isInteger(n) || n < 1 || n > LAB_QUOTIENT_HEAPS) {
    throw new Error(`the quotient is computed for heaps up to 1 … ${LAB_QUOTIENT_HEAPS}, got ${labNumber(n)}`);
  }
  return n;
}

/**
 * The same computation in slices of about `slice` ms between paints (setTimeout), so a long one never
 * freezes the page: a Promise of the quotient, or of null when `cancelled()` turns true. `onProgress`
 * receives {heap, bound, done} (done: the largest bound whose quotient is computed) after each slice;
 * a refusal rejects with an Error whose `done` says how far the computation got.
 */
export function labMisereQuotientAsync(rule, n, { budget = LAB_QUOTIENT_BUDGET, slice = 30, onProgress = null, cancelled = () => false } = {}) {
  labQuotientBound(n);
  const progress = { heap: 1, bound: n, done: 0 };
  const run = labQuotientRun(rule, n, budget, progress);
  const now = () => (globalThis.performance ? performance.now() : Date.now());
  return new Promise((resolve, reject) => {
    const step = () => {
      if (cancelled()) return resolve(null);
      const end = now() + slice;
      try {
        for (;;) {
          const next = run.next();
          if (next.done) return resolve(next.value);
          if (now() >= end) break;
        }
      } catch (error) {
        error.done = progress.done;
        return reject(error);
      }
      if (onProgress) onProgress({ ...progress });
      setTimeout(step, 0);
    };
    step();
  });
}

function* labQuotientRun(rule, n, budget = LAB_QUOTIENT_BUDGET, progress = { heap: 1, bound: n, done: 0 }) {
  labQuotientBound(n);
  const work = { steps: 0, budget, pause: LAB_QUOTIENT_SLICE };
  let table = [[0]];
  let p = new Set();
  let phi = [0];
  let trans = [[]];
  const history = [1];
  try {
    for (let h = 1; h <= n; h++) {
      progress.heap = h;
      progress.done = h - 1;
      const tr = labQTransitions(rule, table, phi, h);
      if (!tr.length) {
        phi.push(0);
        trans.push(tr);
        history.push(table.length);
        continue;
      }
      const aloneP = !tr.some((x) => p.has(x));
      let found = -1;
      for (let x = 0; x < table.length && found < 0; x++) {
        if (p.has(x) !== aloneP) continue;
        if ((yield* labQVerify(table, [...phi, x], [...trans, tr], p, work)).p) found = x;
      }
      if (found >= 0) {
        phi.push(found);
        trans.push(tr);
        history.push(table.length);
        continue;
      }
      let result = null;
      let failure = [];
      for (const cycle of LAB_Q_CYCLES) {
        ({ result, failure } = yield* labQTrial(rule, table, phi, h, [h], [cycle], work));
        if (result) break;
      }
      const free = [h];
      const cycles = [[2, 2]];
      for (let attempt = 0; !result && failure.length && attempt < 24; attempt++) {
        const candidates = failure.filter((k) => !free.includes(k) && trans[k].length);
        if (candidates.length && free.length <= 6) {
          const k = Math.max(...candidates);
          free.unshift(k);
          cycles.unshift(labQCycleFor(table, phi[k], failure.filter((j) => j === k).length));
        } else {
          const counts = (k) => failure.filter((j) => j === k).length;
          const k = failure.filter((j) => free.includes(j)).reduce((a, b) => (counts(b) > counts(a) ? b : a));
          const i = free.indexOf(k);
          cycles[i] = [Math.max(cycles[i][0] + 1, counts(k)), cycles[i][1]];
        }
        ({ result, failure } = yield* labQTrial(rule, table, phi, h, free, cycles, work));
      }
      if (!result) throw new Error(`at heap ${h} the quotient needs a trial monoid of more than ${LAB_QUOTIENT_TRIAL} elements: too large for the page`);
      ({ table, p, phi } = result);
      trans = [[]];
      for (let k = 1; k <= h; k++) trans.push(labQTransitions(rule, table, phi, k));
      history.push(table.length);
    }
  } catch (error) {
    if (error instanceof LabQWork) throw new Error(`the quotient of heaps up to ${n} needs more than ${budget.toLocaleString("en")} steps: too much work for the page`);
    throw error;
  }
  progress.done = n;
  return labQNamed(n, table, p, phi, history);
}

const LAB_Q_SUP = "⁰¹²³⁴⁵⁶⁷⁸⁹";
function labQWord(exps) {
  const letters = "abcdefghijklmnopqrstuvwxyz";
  const text = exps
    .map((e, k) => (e ? letters[k] + (e > 1 ? [...String(e)].map((d) => LAB_Q_SUP[Number(d)]).join("") : "") : ""))
    .join("");
  return text || "1";
}

function labQNamed(n, table, p, phi, history) {
  const gens = [];
  let span = new Set([0]);
  for (let h = 1; h < phi.length; h++) {
    if (!span.has(phi[h])) {
      gens.push(h);
      span = new Set(labQReachable(table, new Set(gens.map((g) => phi[g]))));
    }
  }
  const k = gens.length;
  const genEl = gens.map((g) => phi[g]);
  const elementOf = (w) => {
    let x = 0;
    w.forEach((e, i) => {
      for (let j = 0; j < e; j++) x = table[x][genEl[i]];
    });
    return x;
  };
  const zero = Array(k).fill(0);
  const wordOf = new Map([[0, zero]]);
  const order = [0];
  const normal = new Set([zero.join(",")]);
  const relations = [];
  let layer = [zero];
  while (layer.length) {
    const seen = new Map();
    for (const w of layer) {
      for (let i = 0; i < k; i++) {
        const v = w.map((e, j) => e + (j === i ? 1 : 0));
        seen.set(v.join(","), v);
      }
    }
    // degree is equal in a layer: the larger exponent of a, then of b, … comes first
    const candidates = [...seen.values()].sort((u, v) => {
      for (let j = 0; j < k; j++) if (u[j] !== v[j]) return v[j] - u[j];
      return 0;
    });
    layer = [];
    for (const w of candidates) {
      const divisorsNormal = w.every((e, i) => !e || normal.has(w.map((f, j) => f - (j === i ? 1 : 0)).join(",")));
      if (!divisorsNormal) continue;
      const x = elementOf(w);
      if (wordOf.has(x)) relations.push([w, x]);
      else {
        wordOf.set(x, w);
        order.push(x);
        normal.add(w.join(","));
        layer.push(w);
      }
    }
  }
  const at = new Map(order.map((x, i) => [x, i]));
  const names = order.map((x) => labQWord(wordOf.get(x)));
  const rels = relations.map(([w, x]) => [labQWord(w), names[at.get(x)]]);
  const letters = "abcdefghijklmnopqrstuvwxyz".slice(0, k).split("").join(", ");
  return {
    bound: n,
    order: order.length,
    names,
    table: order.map((x) => order.map((y) => at.get(table[x][y]))),
    p_portion: [...p].map((x) => at.get(x)).sort((a, b) => a - b),
    pretend: phi.map((x) => at.get(x)),
    generators: gens,
    relations: rels,
    presentation: rels.length ? `⟨${letters} | ${rels.map(([l, r]) => `${l} = ${r}`).join(", ")}⟩` : `⟨${letters}⟩`,
    history,
  };
}

// ------------------------------------------------------------------ DOM

const SVG = "http://www.w3.org/2000/svg";

/** The values as an inline SVG scatter plot (one path; no library), the preperiod marked. */
export function plotSvg(doc, values, period) {
  const n = values.length;
  let top = 1;
  for (const v of values) if (v > top) top = v;
  const [w, h, left, bottom, pad] = [720, 240, 40, 28, 8];
  const x = (i) => left + ((w - left - pad) * i) / Math.max(1, n - 1);
  const y = (v) => h - bottom - ((h - bottom - pad) * v) / top;
  const svg = doc.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${w} ${h}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("class", "nimlib-lab-plot");
  svg.setAttribute("aria-label", `plot of g(n) for n from 0 to ${n - 1}; the largest value is ${top}`);
  const add = (tag, attrs, text) => {
    const node = doc.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, String(v));
    if (text !== undefined) node.textContent = text;
    svg.append(node);
    return node;
  };
  add("path", { d: `M${left} ${pad}V${h - bottom}H${w - pad}`, fill: "none", stroke: "currentColor", "stroke-width": 1 });
  add("text", { x: left - 4, y: y(top) + 4, "text-anchor": "end", "font-size": 11, fill: "currentColor" }, String(top));
  add("text", { x: left - 4, y: y(0) + 4, "text-anchor": "end", "font-size": 11, fill: "currentColor" }, "0");
  add("text", { x: left, y: h - 8, "font-size": 11, fill: "currentColor" }, "n = 0");
  add("text", { x: w - pad, y: h - 8, "text-anchor": "end", "font-size": 11, fill: "currentColor" }, `n = ${n - 1}`);
  add("text", { x: 4, y: pad + 10, "font-size": 11, fill: "currentColor" }, "g(n)");
  if (period && period.preperiod > 0) {
    const px = x(period.preperiod);
    add("path", { d: `M${px} ${pad}V${h - bottom}`, stroke: "#c0392b", "stroke-dasharray": "4 3", "stroke-width": 1 });
    add("text", { x: px + 3, y: pad + 10, "font-size": 11, fill: "#c0392b" }, `periodic from n = ${period.preperiod}`);
  }
  const size = Math.max(1.5, Math.min(4, (w - left - pad) / n));
  let d = "";
  values.forEach((v, i) => {
    d += `M${x(i).toFixed(1)} ${(y(v) - size / 2).toFixed(1)}h${size.toFixed(1)}v${size.toFixed(1)}h${(-size).toFixed(1)}z`;
  });
  add("path", { d, fill: "#2c6fbb", "data-lab": "points" });
  return svg;
}

/** The values as a table, `width` to a row (the period, when it is certified and small enough to read). */
export function valueTable(doc, values, period) {
  const p = period ? period.period : 0;
  const width = p >= 4 && p <= 36 ? p : 10;
  const table = el(doc, "table", { className: "nimlib-lab-table", "data-lab": "table" });
  const head = el(doc, "tr", {}, el(doc, "th", { text: "n" }));
  for (let j = 0; j < width; j++) head.append(el(doc, "th", { scope: "col", text: `+${j}` }));
  table.append(el(doc, "thead", {}, head));
  const body = el(doc, "tbody");
  for (let start = 0; start < values.length; start += width) {
    const row = el(doc, "tr", {}, el(doc, "th", { scope: "row", text: String(start) }));
    for (let i = start; i < Math.min(values.length, start + width); i++) {
      const inPeriod = period && i >= period.preperiod;
      const read = period && i < period.needed;
      const cls = [inPeriod ? "nimlib-lab-periodic" : "nimlib-lab-pre", read ? "nimlib-lab-read" : ""].filter(Boolean).join(" ");
      row.append(el(doc, "td", { className: cls, "data-n": i, title: `g(${i}) = ${values[i]}` }, String(values[i])));
    }
    body.append(row);
  }
  table.append(body);
  return table;
}

const LAB_CSS = `
.nimlib-lab form { display: flex; flex-wrap: wrap; gap: 0.5em 1em; align-items: end; }
.nimlib-lab label { display: flex; flex-direction: column; font-size: 0.9em; }
.nimlib-lab input, .nimlib-lab button { min-height: 24px; min-width: 24px; font: inherit; }
.nimlib-lab-error { color: #b00020; }
.nimlib-lab-msg { overflow-wrap: anywhere; }
.nimlib-lab-plot { width: 100%; max-width: 720px; height: auto; }
.nimlib-lab-scroll { max-height: 22em; overflow: auto; border: 1px solid #ccc; }
.nimlib-lab-table { border-collapse: collapse; font-variant-numeric: tabular-nums; font-size: 0.85em; }
.nimlib-lab-table td, .nimlib-lab-table th { padding: 1px 5px; text-align: right; }
.nimlib-lab-table thead th { position: sticky; top: 0; background: #f4f4f4; }
.nimlib-lab-pre { background: #fdf0e0; }
.nimlib-lab-read { font-weight: 600; }
.nimlib-lab-stale { border-left: 4px solid #b7791f; background: #fffaf0; padding: 2px 8px; margin: 0 0 6px; }
.nimlib-lab [data-stale="true"] { outline: 2px dashed #b7791f; outline-offset: 4px; }
.nimlib-split-take { flex: none; white-space: nowrap; min-width: 24px; min-height: 24px; margin: 0 2px; padding: 0 4px; font-size: 0.85em; }
`;

/** Put the lab's few rules in the page, once (the page links the play widget's widget.css itself: book/lab.md). */
function labStyles(doc) {
  if (!doc.head || doc.head.querySelector("[id='nimlib-lab-css']")) return;
  doc.head.append(el(doc, "style", { id: "nimlib-lab-css", text: LAB_CSS }));
}

/**
 * Render the lab into `root`: the form, then for each request the period statement, the plot, the
 * table and a play widget. Returns { show(text, count) } so a page or a test can drive it.
 */
export function renderLab(root, { code = "0.77", count = 1000 } = {}) {
  const doc = root.ownerDocument;
  labStyles(doc);
  let unmount = null;
  let shown = null; // what the result shows: {name, count}
  const quotientTask = { cancel: null }; // the quotient being computed, cancelled by a new result
  const codeInput = el(doc, "input", { type: "text", value: code, "data-lab": "code", size: 18, spellcheck: "false", autocomplete: "off" });
  const countInput = el(doc, "input", { type: "number", value: String(count), min: "1", max: String(MAX_VALUES), "data-lab": "count" });
  const message = el(doc, "p", { className: "nimlib-lab-msg", role: "status", "aria-live": "polite", "data-lab": "message" });
  const result = el(doc, "div", { "data-lab": "result" });
  const form = el(
    doc,
    "form",
    { "data-lab": "form", novalidate: true }, // every request reaches show(), whose message says what is wrong
    el(doc, "label", {}, "Octal code or subtraction set", codeInput),
    el(doc, "label", {}, "Values to compute", countInput),
    el(doc, "button", { type: "submit", "data-lab": "go" }, "Compute"),
  );
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    show(codeInput.value, countInput.value); // the typed text: an empty box is named as empty
  });
  root.replaceChildren(el(doc, "div", { className: "nimlib-lab" }, form, message, result));

  function show(text, n) {
    let data;
    try {
      data = analyseGame(text, n);
    } catch (error) {
      message.className = "nimlib-lab-msg nimlib-lab-error";
      message.textContent = `Cannot compute that: ${error.message}`;
      markStale();
      return null;
    }
    if (unmount) unmount();
    unmount = null;
    if (quotientTask.cancel) quotientTask.cancel();
    delete result.dataset.stale;
    shown = { name: data.game.name, count: data.values.length };
    const { game, values, period } = data;
    message.className = "nimlib-lab-msg";
    message.textContent = `Computed g(0), …, g(${values.length - 1}) of the ${game.name}.`;
    const rule = game.rule;
    const facts = [];
    if (rule.take_all.length) facts.push(`take j from a heap of exactly j (emptying it) for j in {${rule.take_all.join(", ")}}`);
    if (rule.take_one.length) facts.push(`take j leaving one smaller heap for j in {${rule.take_one.join(", ")}}`);
    if (rule.take_split.length) facts.push(`take j and split what is left into two non-empty heaps for j in {${rule.take_split.join(", ")}}`);
    const play = el(doc, "div", { className: "nimlib-lab-play", "data-lab": "play" });
    result.replaceChildren(
      el(doc, "h3", { text: `The ${game.name}` }),
      el(doc, "p", { "data-lab": "rule", text: facts.length ? `A move may ${facts.join("; or ")}. t = ${game.t}.` : "No move is ever possible: every value is 0." }),
      el(doc, "p", { "data-lab": "period", className: period ? "nimlib-lab-certified" : "nimlib-lab-uncertified", text: periodText(data) }),
      plotSvg(doc, values, period),
      el(doc, "p", { className: "nimlib-lab-legend", text: period ? `Row n, column +j: g(n + j). Shaded: before the period (n < ${period.preperiod}); bold: the values the certificate reads (n < ${period.needed}).` : "Row n, column +j: g(n + j)." }),
      el(doc, "div", { className: "nimlib-lab-scroll", tabindex: "0", role: "region", "aria-label": "table of Grundy values" }, valueTable(doc, values, period)),
      ...(game.kind === "octal" ? [quotientSection(doc, game, quotientTask)] : []),
      el(doc, "h3", { text: "Play it against the optimal strategy" }),
      el(doc, "p", { text: `Heaps of up to ${PLAY_LARGEST} stones: type your own heaps in "Start from". Each heap of n stones is a component of value g(n), as in the table; the computer moves to make their XOR 0.` }),
      play,
    );
    const params = playParams(game, values);
    const start = startPosition(params.values.length - 1);
    const model = memoryModel({ game: "heaps", params, position: start, start, history: [], computer_first: false, message: "Your move." });
    unmount = mount(model, play);
    return data;
  }

  // A refused request leaves the last result on the page, marked as not current (never a stale answer
  // that reads as the answer to what was just typed), and stops a quotient still being computed for it
  function markStale() {
    if (!shown) return;
    if (quotientTask.cancel) quotientTask.cancel();
    result.dataset.stale = "true";
    const note = `Not current: below is still the ${shown.name} with g(0), …, g(${shown.count - 1}); the request above was refused.`;
    const old = result.querySelector("[data-lab='stale']");
    if (old) old.textContent = note;
    else result.prepend(el(doc, "p", { className: "nimlib-lab-stale", "data-lab": "stale", text: note }));
  }

  show(code, count);
  return { show };
}

/**
 * The misère quotient panel: a bound, a button, and the quotient's presentation, P-portion, pretending function
 * and table. A bound outside 1 … LAB_QUOTIENT_HEAPS is refused at once; the computation runs in slices
 * between paints with a "Computing" state (heap h of N) and can be replaced by a new request; a refusal
 * clears the previous quotient and names the largest N the page computed.
 */
function quotientSection(doc, game, task) {
  const bound = el(doc, "input", { type: "number", value: "12", min: "1", max: String(LAB_QUOTIENT_HEAPS), "data-lab": "quotient-bound" });
  const out = el(doc, "div", { "data-lab": "quotient", role: "status", "aria-live": "polite" });
  const go = el(doc, "button", { type: "button", "data-lab": "quotient-go" }, "Compute the misère quotient");
  const refuse = (text) => out.replaceChildren(el(doc, "p", { className: "nimlib-lab-msg nimlib-lab-error", text: `Cannot compute that quotient: ${text}` }));
  go.addEventListener("click", () => {
    if (task.cancel) task.cancel();
    out.removeAttribute("aria-busy");
    let n;
    if (!String(bound.value).trim()) return refuse(`the bound N is empty: type the largest heap, a whole number from 1 to ${LAB_QUOTIENT_HEAPS}`);
    const typed = readWhole(bound.value); // the page's one reading of a typed number (core.js)
    if (typed === null) return refuse(`the bound N must be a whole number from 1 to ${LAB_QUOTIENT_HEAPS}, got ${labQuote(String(bound.value).trim())}`);
    try {
      n = labQuotientBound(typed);
    } catch (error) {
      return refuse(error.message);
    }
    let stopped = false;
    const computing = el(doc, "p", { className: "nimlib-lab-msg", "data-lab": "quotient-computing" }, `Computing the quotient of heaps up to ${n}…`);
    const done = () => {
      stopped = true;
      if (task.cancel === done || task.cancel === stop) task.cancel = null;
      out.removeAttribute("aria-busy");
    };
    // stopped by a new request: the half-done computation says so instead of "Computing…" forever
    const stop = () => {
      done();
      if (out.contains(computing)) out.replaceChildren(el(doc, "p", { className: "nimlib-lab-msg", "data-lab": "quotient-stopped", text: `Stopped computing the quotient of heaps up to ${n}: a new request replaced it.` }));
    };
    task.cancel = stop;
    const mine = done;
    out.setAttribute("aria-busy", "true");
    out.replaceChildren(computing); // the previous quotient goes at once: it is not the one asked for
    labMisereQuotientAsync(game.rule, n, {
      cancelled: () => stopped,
      onProgress: ({ heap }) => (computing.textContent = `Computing the quotient of heaps up to ${n}: heap ${heap} of ${n}…`),
    }).then(
      (q) => {
        if (!q || stopped) return;
        mine();
        out.replaceChildren(...quotientView(doc, q));
      },
      (error) => {
        if (stopped) return;
        mine();
        const reached = error.done >= 1 ? ` The page computed it for heaps up to ${error.done}: N ≤ ${error.done} works for this game.` : "";
        refuse(`${error.message}.${reached}`);
      },
    );
  });
  return el(
    doc,
    "section",
    { className: "nimlib-lab-quotient" },
    el(doc, "h3", { text: "Misère play: the quotient" }),
    el(doc, "p", {
      text:
        `The misère quotient of the sums of heaps of at most N tokens, computed heap by heap in the page (as nimlib.quotient.quotient does), for N from 1 to ${LAB_QUOTIENT_HEAPS}. ` +
        `For some games it grows too large for the page before N = ${LAB_QUOTIENT_HEAPS} (more than ${LAB_QUOTIENT_ORDER} elements, a trial of more than ${LAB_QUOTIENT_TRIAL}, or more than ${LAB_QUOTIENT_BUDGET.toLocaleString("en")} steps): the page then says where it stopped and the largest N it computed. ` +
        "A sum is a misère P-position exactly when the product of its heaps' elements lies in the P-portion.",
    }),
    el(doc, "label", {}, "Heaps up to N = ", bound),
    go,
    out,
  );
}

function quotientView(doc, q) {
  const inP = new Set(q.p_portion);
  const head = el(doc, "tr", {}, el(doc, "th", { text: "×" }), ...q.names.map((x) => el(doc, "th", { text: x })));
  const rows = q.table.map((row, i) =>
    el(doc, "tr", {}, el(doc, "th", { text: q.names[i] + (inP.has(i) ? "*" : "") }), ...row.map((j) => el(doc, "td", { text: q.names[j] }))),
  );
  const letters = q.generators.map((h, i) => `${"abcdefghijklmnopqrstuvwxyz"[i]} = heap ${h}`).join(", ");
  return [
    el(doc, "p", { "data-lab": "quotient-order", text: `Order ${q.order}: ${q.presentation}${letters ? `, with ${letters}` : ""}.` }),
    el(doc, "p", { text: `P-portion (marked *): {${q.p_portion.map((i) => q.names[i]).join(", ")}}. Pretending function, heap: element — ${q.pretend.map((x, h) => `${h}: ${q.names[x]}`).join(", ")}.` }),
    el(doc, "div", { className: "nimlib-lab-scroll", tabindex: "0", role: "region", "aria-label": "multiplication table of the misère quotient" }, el(doc, "table", { className: "nimlib-lab-table" }, head, ...rows)),
  ];
}

/** Mount the lab on every element with id "nimlib-lab" (or class "nimlib-lab-root") in the page. */
export function mountLabs(doc = globalThis.document) {
  const roots = [...doc.querySelectorAll("#nimlib-lab, .nimlib-lab-root")];
  return roots.map((root) => renderLab(root, { code: root.dataset.code || "0.77", count: Number(root.dataset.count || 1000) }));
}
