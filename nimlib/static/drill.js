// Drills for the core skills (issue 30): the reader computes a mex, a nim-sum, a winning move, the value of a
// sum, a nim-product or a misère quotient product; the page judges the answer and names the mistake.
//
// nimlib.widgets.DrillWidget sets the trait `mode` to "drill" (and `skill`, `level`, `seed`, `params`); the
// bundle's default export (core.js) then mounts `mountDrill`. Every problem is a plain object; ONE function per
// skill (drillSolve) computes its answer, and drillJudge compares the reader's answer with it and words the
// diagnosis from the same data, so what the page says and what it accepts cannot disagree.
// tests/test_js_drills.py checks both against nimlib on generated fixtures (tests/js/drill_check.mjs).
import { makeRng, el, escapeHtml, plural, readTokens, readWhole, fibonacciNumbers, zeckendorfTerms } from "./core.js";

export const DRILL_SKILLS = ["mex", "nim-sum", "winning-move", "sum", "nim-product", "quotient", "zeckendorf", "stalk-value"];
export const DRILL_LEVELS = 5; // levels 1..5
export const DRILL_RUN = 3; // right answers in a row that move the reader up a level
const DRILL_TITLES = {
  mex: "the mex and Grundy values",
  "nim-sum": "the nim-sum in binary",
  "winning-move": "the winning move",
  sum: "the value of a sum",
  "nim-product": "nim-multiplication",
  quotient: "misère quotient arithmetic",
  zeckendorf: "Zeckendorf sums and Fibonacci Nim",
  "stalk-value": "the value of Blue-Red Hackenbush stalks",
};

// ---------------------------------------------------------------- arithmetic

/** The smallest natural number not in `values`. */
export function drillMex(values) {
  const seen = new Set(values);
  let m = 0;
  while (seen.has(m)) m++;
  return m;
}

/** The nim product a ⊗ b of naturals below 2^16 (the Fermat 2-power rule: F ⊗ F = 3F/2, F ⊗ x = F·x for x < F). */
export function drillNimProduct(a, b) {
  if (a < 2 || b < 2) return a * b;
  let bits = 1;
  while (Math.max(a, b) >> bits) bits *= 2;
  const half = bits / 2;
  const F = 1 << half;
  const [a1, a0, b1, b0] = [a >> half, a & (F - 1), b >> half, b & (F - 1)];
  const high = drillNimProduct(a1, b1);
  const low = drillNimProduct(a0, b0);
  const middle = drillNimProduct(a1 ^ a0, b1 ^ b0) ^ low;
  return (middle << half) ^ low ^ drillNimProduct(high, F >> 1);
}

/** The options of a heap of `h` under `rule` ({kind: "subtraction", set} or {kind: "octal", code}), with values from `g`. */
export function drillRuleOptions(rule, h, g) {
  const out = [];
  if (rule.kind === "subtraction") {
    for (const s of rule.set) if (s <= h) out.push({ label: String(h - s), value: g[h - s] });
    return out;
  }
  const digits = rule.code.split(".")[1] || "";
  for (let j = 1; j <= digits.length && j <= h; j++) {
    const d = Number(digits[j - 1]);
    const left = h - j;
    if (d & 1 && left === 0) out.push({ label: "0 (take all)", value: 0 });
    if (d & 2 && left > 0) out.push({ label: String(left), value: g[left] });
    if (d & 4) for (let a = 1; a <= left - a; a++) out.push({ label: `${a} + ${left - a}`, value: g[a] ^ g[left - a] });
  }
  return out;
}

/** g(0..n) of `rule`, each the mex of its options' values. */
export function drillRuleValues(rule, n) {
  const g = [];
  for (let h = 0; h <= n; h++) g.push(drillMex(drillRuleOptions(rule, h, g).map((o) => o.value)));
  return g;
}

function drillRuleName(rule) {
  return rule.kind === "subtraction" ? `the subtraction game S = {${rule.set.join(", ")}}` : `the octal game ${rule.code}`;
}

/** Moore's Nim_k: P-position when every binary column's sum is 0 mod k+1 (misère: all heaps ≤ 1 and the ones ≡ 1 mod k+1). */
export function drillIsP(heaps, k = 1, misere = false) {
  if (misere && heaps.every((h) => h <= 1)) return heaps.filter((h) => h === 1).length % (k + 1) === 1;
  return drillColumns(heaps).every((c) => c % (k + 1) === 0);
}

/** The number of 1s in each binary column of `values` (index j: column 2^j). */
export function drillColumns(values) {
  const out = [];
  for (const v of values) for (let j = 0; v >> j; j++) out[j] = (out[j] || 0) + ((v >> j) & 1);
  for (let j = 0; j < out.length; j++) out[j] = out[j] || 0;
  return out;
}

const DRILL_COUNT = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];
const drillCount = (n) => DRILL_COUNT[n] || String(n);

/** The highest column where `a` and `b` differ, and how many 1s `values` have there: the column diagnosis. */
function drillColumnWords(values, a, b, labels = null) {
  let j = 0;
  while ((a ^ b) >> (j + 1)) j++;
  const count = values.filter((v) => (v >> j) & 1).length;
  const with1 = labels ? labels.filter((_, i) => (values[i] >> j) & 1) : [];
  const who = with1.length ? ` (${with1.join(", ")})` : "";
  return { column: j, text: `column 2^${j} has ${drillCount(count)} 1${count === 1 ? "" : "s"}${who}: its parity is ${count % 2}` };
}

// ---------------------------------------------------------------- problems

const drillPick = (rng, list) => list[Math.floor(rng() * list.length)];
const drillInt = (rng, lo, hi) => lo + Math.floor(rng() * (hi - lo + 1));
const DRILL_FERMAT_PAIRS = [2, 4, 16].flatMap((F) => Array.from({ length: F - 1 }, (_, i) => [F, i + 2]));
/** Problems a drill remembers: a new one repeats none of the last DRILL_WINDOW (when the level has more). */
export const DRILL_WINDOW = 8;
const SUBTRACTION_SETS = [[1, 2], [1, 3], [2, 3], [1, 2, 3], [1, 4], [2, 5], [1, 3, 4], [2, 3, 5], [1, 4, 5], [3, 4, 6]];

/**
 * A fresh problem of `skill` at `level` from `rng` that is not one of `recent` (the keys, JSON, of the last
 * problems dealt): up to 50 deals, then the last one (a level with few problems may have to repeat).
 */
export function drillDeal(skill, level, rng, params = {}, recent = []) {
  let problem = null;
  for (let tries = 0; tries < 50; tries++) {
    problem = drillProblem(skill, level, rng, params);
    if (!recent.includes(JSON.stringify(problem))) break;
  }
  return problem;
}

/** A fresh problem of `skill` at `level` (1..5) from `rng`, with the drill's `params` (see DrillWidget). */
export function drillProblem(skill, level, rng, params = {}) {
  const L = Math.max(1, Math.min(DRILL_LEVELS, level));
  if (skill === "mex") {
    const kinds = params.kinds || ["mex", "fill"];
    const kind = kinds.length > 1 && L >= 2 ? drillPick(rng, kinds) : kinds[0];
    if (kind === "fill") {
      const rules = params.rules || SUBTRACTION_SETS.slice(0, 3 + 2 * L).map((set) => ({ kind: "subtraction", set }));
      return { skill, kind, rule: drillPick(rng, rules), n: 5 + 2 * L };
    }
    const x = drillInt(rng, 6, 12 + 4 * L);
    const count = drillInt(rng, 2, 2 + L);
    const steps = [];
    while (steps.length < count) {
      const s = drillInt(rng, 1, Math.min(x, 3 + 2 * L));
      if (!steps.includes(s)) steps.push(s);
    }
    steps.sort((p, q) => p - q);
    return { skill, kind, x, options: steps.map((s) => ({ label: String(x - s), value: drillInt(rng, 0, 1 + L) })) };
  }
  if (skill === "nim-sum") {
    const width = 2 + L;
    const count = 2 + Math.floor(L / 2);
    return { skill, heaps: Array.from({ length: count }, () => drillInt(rng, 1, 2 ** width - 1)) };
  }
  if (skill === "winning-move") {
    const k = params.k || 1;
    const misere = Boolean(params.misere);
    const count = Math.max(k + 1, 2 + Math.floor((L + 1) / 2));
    for (;;) {
      let heaps = Array.from({ length: count }, () => drillInt(rng, 1, 2 + 2 * L));
      // misère's own case: one big heap among heaps of one stone (never an empty heap: a heap of 0 is no heap)
      if (misere && rng() < 0.4) heaps = heaps.map((h, i) => (i === 0 ? h + 1 : 1));
      if (heaps.some((h) => h > 0) && !drillIsP(heaps, k, misere)) return { skill, heaps, k, misere };
    }
  }
  if (skill === "sum") {
    const count = 2 + Math.floor((L - 1) / 2);
    if (params.game === "hackenbush") {
      const trees = Array.from({ length: count }, () => {
        const branches = L >= 2 && rng() < 0.3 + 0.1 * L ? Array.from({ length: drillInt(rng, 2, 1 + Math.ceil(L / 2)) }, () => drillInt(rng, 1, 2 + L)) : [];
        return { trunk: drillInt(rng, 1, 2 + L), branches };
      });
      return { skill, game: "hackenbush", trees };
    }
    const rows = Array.from({ length: count }, () => {
      const pins = drillInt(rng, 1, 3 + 2 * L);
      if (L < 3 || rng() < 0.5) return [pins];
      const runs = [drillInt(rng, 1, 4), drillInt(rng, 1, 4 + L)];
      return runs;
    });
    return { skill, game: "kayles", rows };
  }
  if (skill === "nim-product") {
    if (L === 1) return { skill, a: drillInt(rng, 2, 3), b: drillInt(rng, 2, 3) };
    if (L === 2) {
      // a Fermat 2-power F times x from 2 to F (ordinary below F, 3F/2 at F), either order: every pair
      // of the level equally likely (F = 2 has one pair, 2 ⊗ 2, so it is 1 deal in 19, not 1 in 3)
      const [F, x] = drillPick(rng, DRILL_FERMAT_PAIRS);
      return rng() < 0.5 ? { skill, a: F, b: x } : { skill, a: x, b: F };
    }
    const top = [0, 0, 0, 15, 63, 255][L];
    return { skill, a: drillInt(rng, 2, top), b: drillInt(rng, 2, top) };
  }
  if (skill === "quotient") {
    const q = params.quotient;
    const count = 1 + Math.ceil(L / 2);
    return { skill, rows: Array.from({ length: count }, () => drillInt(rng, 1, q.bound)).sort((p, r) => p - r) };
  }
  if (skill === "zeckendorf") return drillZeckProblem(L, rng);
  if (skill === "stalk-value") {
    // Blue-Red Hackenbush stalks (colours from the ground up): one stalk at levels 1-2, then sums; from level 2
    // every stalk changes colour (the halving is what is practised)
    const count = L <= 2 ? 1 : L === 5 ? 3 : 2;
    const stalks = Array.from({ length: count }, () => {
      for (;;) {
        const n = drillInt(rng, 2, 2 + L);
        const word = Array.from({ length: n }, () => (rng() < 0.5 ? "B" : "R")).join("");
        if (L === 1 || /BR|RB/.test(word)) return word;
      }
    });
    return { skill, stalks };
  }
  throw new Error(`no drill called ${JSON.stringify(skill)}`);
}

// ---------------------------------------------------------------- Blue-Red Hackenbush stalks (exact: dyadic doubles)

/**
 * The terms of a stalk's value under a rule: "right" (Berlekamp's sign expansion: +-1 up to the first change of
 * colour, then each edge half the one before), or the mistakes the drill names: "no-halving" (+-1 each),
 * "from-ground" (halving from the second edge on), "late" (the first edge of the other colour counted +-1).
 */
export function drillStalkTerms(word, rule = "right") {
  const terms = [];
  let weight = 1;
  let changed = false;
  for (let i = 0; i < word.length; i++) {
    const starts = !changed && i > 0 && word[i] !== word[0];
    if (starts) changed = true;
    if (rule === "from-ground" ? i > 0 : rule === "no-halving" ? false : rule === "late" ? changed && !starts : changed) weight /= 2;
    terms.push(word[i] === "B" ? weight : -weight);
  }
  return terms;
}

const drillSumOf = (list) => list.reduce((x, t) => x + t, 0);

/** A dyadic number as the drill writes it: "3/4", "−5/2", "2". */
export function drillDyadic(x) {
  if (x === 0) return "0";
  let d = 1;
  while (!Number.isInteger(x * d) && d < 2 ** 30) d *= 2;
  const n = Math.abs(x * d);
  return `${x < 0 ? "−" : ""}${d === 1 ? n : `${n}/${d}`}`;
}

/** The reader's number: a whole number, a fraction a/b (b a power of 2 up to 2^20), or a decimal; null if none. */
export function drillReadDyadic(text) {
  const t = readTokens(String(text ?? "")).join("").replace(/[−–]/g, "-");
  if (t.length > 24) return null;
  let m = t.match(/^(-?)(\d+)\/(\d+)$/);
  if (m) {
    const d = Number(m[3]);
    if (d < 1 || d > 2 ** 20) return null;
    return (m[1] ? -1 : 1) * (Number(m[2]) / d);
  }
  m = t.match(/^-?\d+(\.\d+)?$/);
  return m ? Number(t) : null;
}

/** ONE computation per problem: the right answer (as the inputs hold it) and the data every diagnosis words. */
export function drillSolve(problem, params = {}) {
  const p = problem;
  if (p.skill === "mex" && p.kind === "fill") {
    const g = drillRuleValues(p.rule, p.n);
    return { values: g, fields: { values: g.join(" ") } };
  }
  if (p.skill === "mex") {
    const value = drillMex(p.options.map((o) => o.value));
    return { value, fields: { value: String(value) } };
  }
  if (p.skill === "nim-sum") {
    const value = p.heaps.reduce((x, h) => x ^ h, 0);
    return { value, fields: { bits: value.toString(2) } };
  }
  if (p.skill === "winning-move") {
    // a move to a P-position changing at most k heaps (any such move is accepted; this one is shown)
    const found = drillMooreMove(p.heaps, p.k, p.misere);
    return { move: found, fields: Object.fromEntries((found || p.heaps).map((h, i) => [`heap${i}`, String(h)])) };
  }
  if (p.skill === "sum") {
    const parts = drillSumParts(p);
    const value = parts.reduce((x, c) => x ^ c.value, 0);
    return { parts, value, fields: { value: String(value) } };
  }
  if (p.skill === "nim-product") {
    const value = drillNimProduct(p.a, p.b);
    return { value, fields: { value: String(value) } };
  }
  if (p.skill === "stalk-value") {
    const parts = p.stalks.map((word) => {
      const terms = drillStalkTerms(word);
      const change = word.split("").findIndex((c) => c !== word[0]); // 0-based index of the first edge of the other colour, -1 if none
      return { word, terms, value: drillSumOf(terms), change };
    });
    const value = drillSumOf(parts.map((c) => c.value));
    return { parts, value, fields: { value: drillDyadic(value) } };
  }
  if (p.skill === "quotient") {
    const q = params.quotient;
    const elements = p.rows.map((n) => q.pretend[n]);
    const products = [];
    let total = 0; // the identity is element 0 (names[0] is "1")
    for (const e of elements) products.push((total = q.table[total][e]));
    const inP = q.p_portion.includes(total);
    const fields = Object.fromEntries(elements.map((e, i) => [`row${i}`, String(e)]));
    return { elements, products, total, inP, fields: { ...fields, product: String(total), portion: inP ? "P" : "N" } };
  }
  if (p.skill === "zeckendorf") return drillZeckSolve(p);
  throw new Error(`no drill called ${JSON.stringify(p.skill)}`);
}

function drillMooreMove(heaps, k, misere) {
  // every way to change at most k heaps, smallest first: the positions are small (a drill's)
  const n = heaps.length;
  const rec = (i, changed, current) => {
    if (i === n) return changed > 0 && drillIsP(current, k, misere) ? current.slice() : null;
    const keep = rec(i + 1, changed, current);
    if (keep) return keep;
    if (changed === k) return null;
    for (let v = 0; v < heaps[i]; v++) {
      current[i] = v;
      const found = rec(i + 1, changed + 1, current);
      current[i] = heaps[i];
      if (found) return found;
    }
    return null;
  };
  return rec(0, 0, heaps.slice());
}

const DRILL_KAYLES = { kind: "octal", code: "0.77" };

/** The components of a sum problem with their values (the reader's table or the colon principle). */
export function drillSumParts(p) {
  if (p.game === "hackenbush") {
    return p.trees.map((t, i) => {
      const fork = t.branches.reduce((x, b) => x ^ b, 0);
      return { label: `tree ${i}`, value: t.trunk + fork, fork, trunk: t.trunk, branches: t.branches };
    });
  }
  const most = Math.max(...p.rows.flat());
  const K = drillRuleValues(DRILL_KAYLES, most);
  return p.rows.map((runs, i) => ({ label: `row ${i}`, value: runs.reduce((x, r) => x ^ K[r], 0), runs, K }));
}

// ---------------------------------------------------------------- judging

const drillWhole = (text) => readWhole(text, 9);
/** Binary digits the nim-sum box takes (the drills' heaps have at most 8). */
export const DRILL_MAX_BITS = 30;

/**
 * The reader's answer `fields` (input name -> text) judged against drillSolve: {refused} for input that is no
 * answer (nothing counts), else {correct, text}: the diagnosis of the first mistake, or what was right.
 */
export function drillJudge(problem, fields, params = {}) {
  const p = problem;
  const s = drillSolve(p, params);
  if (p.skill === "mex" && p.kind === "fill") {
    const typed = readTokens(fields.values);
    const need = p.n + 1;
    const bad = typed.findIndex((t) => drillWhole(t) === null);
    if (bad >= 0) {
      const shown = typed[bad].length > 12 ? `${typed[bad].slice(0, 10)}…` : typed[bad];
      return { refused: `Entry ${bad + 1} (your g(${bad})), "${shown}", is not a whole number: type g(0) to g(${p.n}) as whole numbers such as 0, 1, 2, separated by spaces or commas.` };
    }
    if (typed.length !== need) {
      return { refused: `Type ${need} whole numbers, g(0) to g(${p.n}), separated by spaces or commas (you typed ${typed.length}).` };
    }
    const values = typed.map(Number);
    const i = values.findIndex((v, h) => v !== s.values[h]);
    if (i < 0) return { correct: true, text: `Right: g(0..${p.n}) = ${s.values.join(", ")}.` };
    const options = drillRuleOptions(p.rule, i, s.values);
    return { correct: false, column: i, text: `g(${i}): ${drillMexWords(options, values[i], `g(${i})`, "option")}` };
  }
  if (p.skill === "mex") {
    const a = drillWhole(fields.value);
    if (a === null) return { refused: "Type a whole number: the Grundy value." };
    if (a === s.value) return { correct: true, text: `Right: G(${p.x}) = ${a}, the smallest value no option has.` };
    return { correct: false, text: drillMexWords(p.options, a, "the mex", "option") };
  }
  if (p.skill === "nim-sum") {
    const bits = readTokens(fields.bits).join("");
    if (!bits) return { refused: "Type the nim-sum in binary: 0s and 1s." };
    if (!/^[01]+$/.test(bits)) return { refused: "Type the nim-sum in binary: 0s and 1s only." };
    if (bits.length > DRILL_MAX_BITS) return { refused: `That is ${bits.length} binary digits: too long (the nim-sum of these heaps has at most ${Math.max(...p.heaps.map((h) => h.toString(2).length))}; the box takes at most ${DRILL_MAX_BITS}).` };
    const a = parseInt(bits, 2);
    if (a === s.value) return { correct: true, text: `Right: the nim-sum is ${bits.replace(/^0+(?=.)/, "")} in binary (${a}).` };
    const w = drillColumnWords(p.heaps, a, s.value);
    return { correct: false, column: w.column, text: `${w.text[0].toUpperCase()}${w.text.slice(1)}, but your answer has ${(a >> w.column) & 1} there.` };
  }
  if (p.skill === "winning-move") {
    const after = p.heaps.map((_, i) => drillWhole(fields[`heap${i}`]));
    if (after.some((v) => v === null)) return { refused: "Type a whole number for every heap (leave the heaps you do not change as they are)." };
    const changed = after.map((v, i) => v !== p.heaps[i]);
    const count = changed.filter(Boolean).length;
    if (count === 0) return { refused: "Change at least one heap: a move takes stones." };
    const grown = after.findIndex((v, i) => v > p.heaps[i]);
    if (grown >= 0) {
      const h = p.heaps[grown];
      const room = h === 0 ? "it stays at 0" : h === 1 ? "it can only become 0" : `it can become 0 to ${h - 1}, or stay at ${h}`;
      return { correct: false, text: `Heap ${grown} has ${plural(h, "stone")}, and you typed ${after[grown]}: a move only takes stones away, so ${room}.` };
    }
    if (count > p.k) return { correct: false, text: `You changed ${count} heaps, but a move changes at most ${p.k === 1 ? "one heap" : `${p.k} heaps`}.` };
    if (drillIsP(after, p.k, p.misere)) return { correct: true, text: `Right: (${after.join(", ")}) is a P-position, so the other player loses.` };
    // the opponent's winning reply, and the words, from one computation (drillMooreMove: Moore's rule,
    // misère as nimlib.moore.winning_move plays it)
    const reply = drillMooreMove(after, p.k, p.misere);
    const replyWords = reply ? ` (${after.join(", ")}) to (${reply.join(", ")})` : "";
    if (p.misere && after.every((v) => v <= 1)) {
      const ones = after.filter((v) => v === 1).length;
      if (ones === 0) return { correct: false, reply: null, text: "You take the last stone: in misère play the player who takes the last stone loses." };
      const m = p.k + 1;
      const taken = reply ? reply.reduce((t, v, i) => t + after[i] - v, 0) : 0;
      const rule = p.k === 1 ? `there are ${drillCount(ones)} of them, an even number` : `there are ${drillCount(ones)} of them, and ${ones} mod ${m} = ${ones % m}, not 1`;
      const then = `your opponent takes ${taken === 1 ? "one" : drillCount(taken)} of them`;
      return {
        correct: false,
        reply,
        text: `Every heap you leave has at most one stone, and ${rule}: in misère play the player to move loses exactly when the number of 1-heaps is 1 mod ${m}, so ${then}, moving${replyWords}, leaving ${drillCount(ones - taken)}, and in the end you are left to take the last.`,
      };
    }
    const cols = drillColumns(after);
    const j = cols.length - 1 - [...cols].reverse().findIndex((c) => c % (p.k + 1) !== 0);
    const c = cols[j];
    const why = p.k === 1 ? `column 2^${j} has ${drillCount(c)} 1${c === 1 ? "" : "s"}: its parity is 1, so the nim-sum is not 0` : `column 2^${j} sums to ${c}, and ${c} mod ${p.k + 1} = ${c % (p.k + 1)}, not 0`;
    const misereNote = p.misere ? "a heap of two or more is left, so misère play follows the column rule: " : "";
    return { correct: false, column: j, reply, text: `After your move (${after.join(", ")}), ${misereNote}${why}: your opponent has a winning move${reply ? `, such as${replyWords}` : ""}.` };
  }
  if (p.skill === "sum") {
    const a = drillWhole(fields.value);
    if (a === null) return { refused: "Type a whole number: the value of the sum." };
    const values = s.parts.map((c) => c.value);
    if (a === s.value) return { correct: true, text: `Right: ${values.join(" ⊕ ")} = ${s.value}.` };
    if (p.game === "hackenbush") {
      const added = s.parts.find((t) => t.branches.length > 1 && t.fork !== t.branches.reduce((x, b) => x + b, 0));
      const withSums = s.parts.reduce((x, t) => x ^ (t.trunk + t.branches.reduce((y, b) => y + b, 0)), 0);
      if (added && a === withSums) {
        return { correct: false, text: `At the fork of ${added.label}, the colon principle replaces the branches ${added.branches.join(", ")} by one stalk of length ${added.branches.join(" ⊕ ")} = ${added.fork}, not their ordinary sum.` };
      }
    } else {
      const lengths = s.parts.reduce((x, c) => c.runs.reduce((y, r) => y ^ r, x), 0);
      if (a === lengths && lengths !== s.value) return { correct: false, text: "You used the numbers of pins as values: a row of n pins has the value K(n) from the table, not n." };
    }
    const plain = values.reduce((x, v) => x + v, 0);
    if (a === plain && plain !== s.value) return { correct: false, text: `You added the values (${values.join(" + ")}): a sum of games has the nim-sum of its values, ${values.join(" ⊕ ")}.` };
    const w = drillColumnWords(values, a, s.value, s.parts.map((c) => c.label));
    return { correct: false, column: w.column, text: `The values are ${s.parts.map((c) => `${c.label}: ${c.value}`).join(", ")}; in their nim-sum ${w.text}, but your answer has ${(a >> w.column) & 1} there.` };
  }
  if (p.skill === "stalk-value") {
    const a = drillReadDyadic(fields.value);
    if (a === null) return { refused: "Type the value as a whole number or a fraction such as 3/4 or −5/2." };
    const terms = (c) => c.terms.map((t) => `${t < 0 ? "−" : "+"}${drillDyadic(Math.abs(t))}`).join(" ");
    const sum = p.stalks.length > 1 ? "the sum" : "the stalk";
    if (a === s.value) return { correct: true, text: `Right: ${s.parts.map((c) => `${c.word} = ${terms(c)} = ${drillDyadic(c.value)}`).join("; ")}${p.stalks.length > 1 ? `; ${sum} is worth ${drillDyadic(s.value)}` : ""}.` };
    // the mistakes, each the whole answer under one wrong rule (the same for every stalk)
    const under = (rule) => drillSumOf(p.stalks.map((w) => drillSumOf(drillStalkTerms(w, rule))));
    const changing = s.parts.find((c) => c.change > 0);
    const at = changing ? `${changing.word} changes colour at its edge ${changing.change + 1} (from the ground)` : "";
    if (changing && a === under("no-halving")) return { correct: false, text: `After the first change of colour each edge counts half the one before: ${at}, so that edge counts ±1/2, the next ±1/4, and so on.` };
    if (a === under("from-ground")) return { correct: false, text: `The edges before the first change of colour count ±1 each; the halving starts only at the first edge of the other colour${changing ? `: ${at}` : " (a stalk of one colour never halves: every edge counts ±1)"}.` };
    if (changing && a === under("late")) return { correct: false, text: `The first edge of the other colour already counts ±1/2, not ±1: ${at}.` };
    if (a === -s.value && s.value !== 0) return { correct: false, text: "Blue edges count +, red edges −: your answer has the right size and the wrong sign." };
    const where = s.parts.map((c) => (c.change > 0 ? `${c.word}: ±1 for ${c.change === 1 ? "edge 1" : `edges 1 to ${c.change}`}, then ±1/2, ±1/4, … from edge ${c.change + 1}` : `${c.word}: one colour, ±1 per edge`)).join("; ");
    return { correct: false, text: `Not yet. Write each stalk's terms (+ for blue, − for red) and add them: ${where}.` };
  }
  if (p.skill === "nim-product") {
    const a = drillWhole(fields.value);
    if (a === null) return { refused: "Type a whole number: the nim-product." };
    if (a === s.value) return { correct: true, text: `Right: ${p.a} ⊗ ${p.b} = ${s.value}.` };
    const fermat = (x) => [2, 4, 16, 256].includes(x);
    if (a === p.a * p.b) {
      if (p.a === p.b && fermat(p.a)) return { correct: false, text: `${p.a} is a Fermat 2-power F, and F ⊗ F = 3F/2, not the ordinary square ${p.a * p.a}.` };
      return { correct: false, text: `${a} is the ordinary product: a Fermat 2-power F times a smaller number is ordinary, but ${p.a} ⊗ ${p.b} is not of that form.` };
    }
    if (a === (p.a ^ p.b)) return { correct: false, text: `${a} is ${p.a} ⊕ ${p.b}, the nim-sum: the question asks for the nim-product.` };
    const power = (x) => (x & (x - 1)) === 0;
    if (power(p.a) && power(p.b)) {
      const fermats = (x) => [0, 1, 2, 3].filter((m) => (Math.log2(x) >> m) & 1).map((m) => 2 ** 2 ** m);
      const [fa, fb] = [fermats(p.a), fermats(p.b)];
      const twice = fa.filter((F) => fb.includes(F));
      const split = (x, f) => (f.length > 1 ? `${x} = ${f.join(" ⊗ ")}` : `${x} is a Fermat 2-power`);
      const rule = twice.length ? `${twice.join(" and ")} appear${twice.length > 1 ? "" : "s"} in both, and F ⊗ F = 3F/2 = F ⊕ F/2` : "no Fermat 2-power appears twice, so the product is the ordinary one";
      return { correct: false, text: `Write both as products of distinct Fermat 2-powers: ${split(p.a, fa)}, ${split(p.b, fb)}; ${rule}.` };
    }
    const [x, y] = power(p.a) ? [p.b, p.a] : [p.a, p.b];
    const bits = [];
    for (let j = 0; x >> j; j++) if ((x >> j) & 1) bits.push(1 << j);
    const terms = bits.map((t) => drillNimProduct(t, y));
    const labels = bits.map((t, i) => `${t} ⊗ ${y} = ${terms[i]}`);
    const w = drillColumnWords(terms, a, s.value, labels);
    return { correct: false, column: w.column, text: `Distribute: ${x} = ${bits.join(" ⊕ ")}; among the partial products ${w.text}, but your answer has ${(a >> w.column) & 1} there.` };
  }
  if (p.skill === "quotient") {
    const q = params.quotient;
    const name = (e) => q.names[e];
    const pick = (v) => (/^\d+$/.test(String(v ?? "")) && Number(v) < q.names.length ? Number(v) : null);
    const rows = p.rows.map((_, i) => pick(fields[`row${i}`]));
    const product = pick(fields.product);
    if (rows.includes(null) || product === null || !["P", "N"].includes(fields.portion)) return { refused: "Choose an element for every row, the product, and P or N." };
    const wrong = rows.findIndex((e, i) => e !== s.elements[i]);
    if (wrong >= 0) {
      const n = p.rows[wrong];
      const other = q.pretend.findIndex((e, m) => m > 0 && e === rows[wrong]);
      const where = other > 0 ? `${name(rows[wrong])} is the element of a row of ${other}, not of ${n}` : `no row of at most ${q.bound} is ${name(rows[wrong])}`;
      return { correct: false, text: `Row ${wrong} (${n}): ${where}; look it up in the list of rows.` };
    }
    if (product !== s.total) {
      const missing = s.elements.findIndex((_, i) => s.elements.reduce((t, e, m) => (m === i ? t : q.table[t][e]), 0) === product);
      if (s.elements.length > 1 && missing >= 0) return { correct: false, text: `${name(product)} is the product without row ${missing} (${name(s.elements[missing])}): multiply every row.` };
      const step = s.elements.length > 2 ? `: start with ${name(s.elements[0])} · ${name(s.elements[1])} = ${name(s.products[1])} (row ${name(s.elements[0])}, column ${name(s.elements[1])} of the table)` : ": read it in the table, row of the first element, column of the second";
      return { correct: false, text: `${name(product)} is not the product of ${s.elements.map(name).join(" · ")}${step}.` };
    }
    if ((fields.portion === "P") !== s.inP) {
      return { correct: false, text: `${name(s.total)} is ${s.inP ? "" : "not "}in the P-portion {${q.p_portion.map(name).join(", ")}}, so the rows are ${s.inP ? "a P" : "an N"}-position.` };
    }
    return { correct: true, text: `Right: ${s.elements.map(name).join(" · ")} = ${name(s.total)}, ${s.inP ? "in" : "not in"} the P-portion: a${s.inP ? " P" : "n N"}-position.` };
  }
  if (p.skill === "zeckendorf") return drillZeckJudge(p, fields, s);
  throw new Error(`no drill called ${JSON.stringify(p.skill)}`);
}

/** The mex diagnosis: `a` is some option's value (so it cannot be the mex), or a smaller value is missing. */
function drillMexWords(options, a, what, word) {
  const hit = options.find((o) => o.value === a);
  if (hit) return `${a} is the value of the ${word} ${hit.label}, so ${what} cannot be ${a}.`;
  if (!options.length) return `there is no ${word}, so every value is missing: ${what} is the smallest, 0.`;
  return `no ${word} has the value ${a}, but a smaller value is missing too: ${what} is the smallest value no ${word} has.`;
}

/** A wrong answer for `problem` (input name -> text), from the solution: what the tests type. */
export function drillWrongFields(problem, params = {}) {
  const s = drillSolve(problem, params);
  const f = { ...s.fields };
  if (problem.skill === "mex" && problem.kind === "fill") {
    const v = s.values.slice();
    v[v.length - 1] += 1;
    f.values = v.join(" ");
  } else if (problem.skill === "nim-sum") f.bits = (s.value ^ 1).toString(2);
  else if (problem.skill === "winning-move") {
    // a legal move that loses: one heap made smaller, leaving an N-position
    for (let i = 0; i < problem.heaps.length; i++) {
      for (let v = 0; v < problem.heaps[i]; v++) {
        const after = problem.heaps.slice();
        after[i] = v;
        if (!drillIsP(after, problem.k, problem.misere)) return Object.fromEntries(after.map((h, m) => [`heap${m}`, String(h)]));
      }
    }
    return Object.fromEntries(problem.heaps.map((h, m) => [`heap${m}`, String(m === 0 ? h + 1 : h)]));
  } else if (problem.skill === "quotient") f.portion = s.inP ? "N" : "P";
  else if (problem.skill === "zeckendorf") f.take = s.take === null ? "1" : "none";
  else if (problem.skill === "stalk-value") f.value = drillDyadic(s.value + 1);
  else f.value = String(s.value + 1);
  return f;
}

// ---------------------------------------------------------------- progress (localStorage, silently optional)

export function drillStoreKey(skill, params = {}) {
  const tag = [params.k, params.misere ? "misere" : "", params.game, (params.kinds || []).join("+"), params.quotient ? params.quotient.bound : ""];
  return `nimlib-drill:${skill}:${tag.filter((t) => t !== undefined && t !== "").join(":")}`;
}

function drillStorage(win) {
  try {
    return win && win.localStorage ? win.localStorage : null;
  } catch {
    return null; // storage refused (file:// in some browsers, privacy settings): progress lives in the page only
  }
}

/** The most a stored streak or count of solved problems may be (nimlib.widgets refuses more: MAX_RESULTS * 1000). */
export const DRILL_MAX_COUNT = 1000000;

/**
 * Progress stored in the browser, which anyone can edit: kept only when the level is a whole number from 1 to
 * DRILL_LEVELS and the streak and the count solved are whole numbers from 0 to DRILL_MAX_COUNT; else null (the
 * drill starts fresh), never "-5 right in a row" or "1e+300 solved".
 */
export function drillProgress(data) {
  if (data === null || typeof data !== "object" || Array.isArray(data)) return null;
  const whole = (v, lo, hi) => Number.isSafeInteger(v) && v >= lo && v <= hi;
  if (!whole(data.level, 1, DRILL_LEVELS) || !whole(data.streak, 0, DRILL_MAX_COUNT) || !whole(data.solved, 0, DRILL_MAX_COUNT)) return null;
  return { level: data.level, streak: data.streak, solved: data.solved };
}

function drillLoad(store, keyName) {
  try {
    return drillProgress(JSON.parse(store.getItem(keyName)));
  } catch {
    return null; /* nothing stored, or storage refused */
  }
}

function drillSave(store, keyName, data) {
  try {
    if (store) store.setItem(keyName, JSON.stringify(data));
  } catch {
    /* full or refused: the drill still works */
  }
}

// ---------------------------------------------------------------- saved state

/** Elements a saved quotient may have: the associativity check is n³ lookups (2 million at 128). */
export const DRILL_MAX_ELEMENTS = 128;

/**
 * null when `table` (square, entries already checked to be elements) is a commutative monoid with identity
 * element 0 (the drill multiplies from 0, the empty position's element "1"): 0·x = x, x·y = y·x and
 * (x·y)·z = x·(y·z) for all elements; else the first law that fails, with its elements. Closure is the
 * caller's entry check. Work: n³ lookups, n at most DRILL_MAX_ELEMENTS.
 */
export function drillMonoidError(table) {
  const n = table.length;
  for (let x = 0; x < n; x++) if (table[0][x] !== x || table[x][0] !== x) return `element 0 is not its identity (0 · ${x} = ${table[0][x]})`;
  for (let x = 0; x < n; x++) for (let y = x + 1; y < n; y++) if (table[x][y] !== table[y][x]) return `${x} · ${y} = ${table[x][y]} but ${y} · ${x} = ${table[y][x]}`;
  for (let x = 0; x < n; x++) {
    const row = table[x];
    for (let y = 0; y < n; y++) {
      const xy = row[y];
      const ty = table[y];
      for (let z = 0; z < n; z++) if (table[xy][z] !== row[ty[z]]) return `(${x} · ${y}) · ${z} is not ${x} · (${y} · ${z})`;
    }
  }
  return null;
}

/** Why a drill's saved traits cannot be used, or null. */
export function drillSavedError(model) {
  const skill = model.get("skill");
  if (!DRILL_SKILLS.includes(skill)) return `skill must be one of ${DRILL_SKILLS.join(", ")}, got ${JSON.stringify(String(skill)).slice(0, 40)}`;
  const level = model.get("level");
  if (!Number.isInteger(level) || level < 1 || level > DRILL_LEVELS) return `level must be a whole number from 1 to ${DRILL_LEVELS}`;
  const params = model.get("params") || {};
  if (typeof params !== "object" || Array.isArray(params)) return "params must be an object";
  if (skill === "winning-move" && params.k !== undefined && !(Number.isInteger(params.k) && params.k >= 1 && params.k <= 4)) return "params.k must be 1 to 4";
  if (skill === "quotient") {
    const q = params.quotient;
    const n = q && Array.isArray(q.names) ? q.names.length : 0;
    const ok = (e) => Number.isInteger(e) && e >= 0 && e < n;
    if (!n || !Number.isInteger(q.bound) || q.bound < 1 || q.bound > 40 || !Array.isArray(q.pretend) || q.pretend.length <= q.bound || !q.pretend.every(ok)) return "params.quotient must be a misère quotient (nimlib.tables.misere_quotient_params)";
    if (n > DRILL_MAX_ELEMENTS) return `params.quotient may have at most ${DRILL_MAX_ELEMENTS} elements, got ${n}`;
    if (!q.names.every((name) => typeof name === "string" && name.length <= 40)) return "params.quotient's names must be short texts";
    if (!Array.isArray(q.table) || q.table.length !== n || !q.table.every((r) => Array.isArray(r) && r.length === n && r.every(ok)) || !Array.isArray(q.p_portion) || !q.p_portion.every(ok)) return "params.quotient's table must be square over its elements";
    const monoid = drillMonoidError(q.table);
    if (monoid) return `params.quotient's table is not a commutative monoid: ${monoid}`;
  }
  if (skill === "mex" && params.rules !== undefined) {
    const good = Array.isArray(params.rules) && params.rules.length && params.rules.every((r) => (r && r.kind === "subtraction" && Array.isArray(r.set) && r.set.length && r.set.every((s) => Number.isInteger(s) && s >= 1 && s <= 20)) || (r && r.kind === "octal" && /^0\.[0-7]{1,6}$/.test(r.code)));
    if (!good) return "params.rules must be subtraction sets or octal codes";
  }
  return null;
}

// ---------------------------------------------------------------- the widget

/** Mount a drill on `root` over an anywidget-style `model` (traits skill, level, seed, params; streak, solved). */
export function mountDrill(model, root) {
  const doc = root.ownerDocument;
  const invalid = drillSavedError(model);
  if (invalid) {
    root.replaceChildren(el(doc, "p", { className: "nimlib-mount-problem", text: `This drill's saved state is not valid: ${invalid}.` }));
    return () => {};
  }
  const skill = model.get("skill");
  const params = model.get("params") || {};
  const rng = makeRng(model.get("seed"));
  const store = drillStorage(doc.defaultView);
  const storeKey = drillStoreKey(skill, params);
  const first = { level: model.get("level"), streak: 0, solved: 0 };
  let progress = (store && drillLoad(store, storeKey)) || { ...first };
  progress.level = Math.max(1, Math.min(DRILL_LEVELS, progress.level));
  let problem = null;
  const recent = []; // the last DRILL_WINDOW problems (JSON): a new one repeats none of them
  let missed = false; // a wrong answer was given to this problem (the streak is broken once)
  let done = false;

  const part = (tag, attrs, ...children) => el(doc, tag, attrs, ...children);
  const box = part("div", { className: "nimlib-drill", "data-drill": skill, role: "group", "aria-label": `Drill: ${DRILL_TITLES[skill]}` });
  const score = part("span", { className: "nimlib-drill-score" });
  const title = part("div", { className: "nimlib-title" }, part("strong", { text: `Drill: ${DRILL_TITLES[skill]}` }), " ", score);
  const prompt = part("div", { className: "nimlib-drill-problem" });
  const inputs = part("div", { className: "nimlib-drill-inputs" });
  const check = part("button", { type: "submit", "data-ctl": "check" }, "Check");
  const next = part("button", { type: "button", "data-ctl": "next", onclick: () => fresh(true) }, "Next problem");
  const reset = part("button", { type: "button", "data-ctl": "reset", onclick: resetProgress }, "Reset progress");
  const form = part("form", { className: "nimlib-drill-form", onsubmit: (e) => (e && e.preventDefault && e.preventDefault(), judge()) }, inputs, part("div", { className: "nimlib-controls" }, check, next, reset));
  const feedback = part("div", { className: "nimlib-drill-feedback", role: "status", "aria-live": "polite" });
  box.append(title, prompt, form, feedback);
  root.replaceChildren(box);

  function showScore() {
    // each figure kept with its words on one line (class nimlib-nowrap): at 390 px a break falls only at a " · "
    const unit = (text) => part("span", { className: "nimlib-nowrap", text });
    score.replaceChildren("· ", unit(`level ${progress.level} of ${DRILL_LEVELS}`), " · ", unit(`${progress.streak} right in a row`), " · ", unit(`${progress.solved} solved`));
  }
  function persist() {
    drillSave(store, storeKey, progress);
    model.set("level", progress.level);
    model.set("streak", progress.streak);
    model.set("solved", progress.solved);
    model.save_changes();
  }
  function say(text, tone) {
    feedback.textContent = text;
    feedback.dataset.tone = tone;
  }
  function fresh(focus) {
    problem = drillDeal(skill, progress.level, rng, params, recent);
    recent.push(JSON.stringify(problem));
    if (recent.length > DRILL_WINDOW) recent.shift();
    missed = false;
    done = false;
    box.dataset.problem = JSON.stringify(problem);
    drawProblem(doc, part, prompt, inputs, problem, params);
    say("", "none");
    check.disabled = false;
    showScore();
    if (focus) {
      const firstInput = inputs.querySelector("input, select");
      if (firstInput) firstInput.focus();
    }
  }
  function read() {
    const out = {};
    for (const node of inputs.querySelectorAll("[name]")) out[node.getAttribute("name")] = node.value;
    return out;
  }
  function judge() {
    if (done) return fresh(true);
    const verdict = drillJudge(problem, read(), params);
    if (verdict.refused) return say(verdict.refused, "refused");
    if (!verdict.correct) {
      if (!missed) progress = { ...progress, streak: 0 };
      missed = true;
      persist();
      showScore();
      return say(`Not yet: ${verdict.text}`, "wrong");
    }
    done = true;
    check.disabled = true;
    const streak = missed ? 0 : progress.streak + 1;
    let up = "";
    progress = { ...progress, streak, solved: progress.solved + 1 };
    if (streak >= DRILL_RUN && progress.level < DRILL_LEVELS) {
      progress = { ...progress, level: progress.level + 1, streak: 0 };
      up = ` ${DRILL_RUN} right in a row: up to level ${progress.level}.`;
    }
    persist();
    showScore();
    say(`${verdict.text}${up}`, "right");
    next.focus();
  }
  function resetProgress() {
    progress = { ...first };
    try {
      if (store) store.removeItem(storeKey);
    } catch {
      /* refused: nothing kept anyway */
    }
    persist();
    fresh(false);
    say("Progress reset: back to the first level.", "none");
  }
  fresh(false);
  return () => {};
}

/** The problem's words and the answer inputs (all text escaped or set as text). */
function drawProblem(doc, part, prompt, inputs, p, params) {
  const field = (name, label, attrs = {}) => part("label", { className: "nimlib-drill-field" }, `${label} `, part("input", { name, type: "text", autocomplete: "off", spellcheck: "false", ...attrs }));
  const table = (head, rows) =>
    part("table", { className: "nimlib-drill-table" }, part("thead", {}, part("tr", {}, ...head.map((h) => part("th", { scope: "col" }, h)))), part("tbody", {}, ...rows.map((r) => part("tr", {}, ...r.map((c, i) => part(i ? "td" : "th", i ? {} : { scope: "row" }, String(c)))))));
  // heaps in binary, one column per power of 2, headed 2<sup>j</sup> (elements, so nothing is parsed as HTML);
  // the diagnoses, plain text, name the same column "column 2^j"
  const power = (j) => part("span", { className: "nimlib-power" }, "2", part("sup", { text: String(j) }));
  const binaryTable = (heaps) => {
    const w = Math.max(...heaps.map((h) => h.toString(2).length));
    const head = ["heap", ...Array.from({ length: w }, (_, i) => power(w - 1 - i))];
    return table(head, heaps.map((h) => [h, ...h.toString(2).padStart(w, "0")]));
  };
  let words = [];
  let controls = [];
  if (p.skill === "mex" && p.kind === "fill") {
    words = [part("p", { text: `Fill in the Grundy values g(0), g(1), …, g(${p.n}) of ${drillRuleName(p.rule)}: each is the mex of the values of its options.` })];
    controls = [field("values", `g(0..${p.n}):`, { inputmode: "numeric", size: "28", placeholder: "0 1 …" })];
  } else if (p.skill === "mex") {
    words = [part("p", { text: `Position ${p.x} has these options. What is G(${p.x})?` }), table(["option", "G"], p.options.map((o) => [o.label, o.value]))];
    controls = [field("value", `G(${p.x}) =`, { inputmode: "numeric", size: "4" })];
  } else if (p.skill === "nim-sum") {
    const width = Math.max(...p.heaps.map((h) => h.toString(2).length));
    words = [
      part("p", { text: "Add these heaps column by column without carrying (an odd number of 1s gives 1). What is their nim-sum, in binary?" }),
      binaryTable(p.heaps),
    ];
    controls = [field("bits", "nim-sum in binary:", { inputmode: "numeric", size: String(width + 2) })];
  } else if (p.skill === "winning-move") {
    const game = p.k > 1 ? `Moore's Nim_${p.k} (a move takes from up to ${p.k} heaps)` : "Nim";
    const tail = p.k > 1 ? " The P-positions: every binary column sums to 0 mod " + (p.k + 1) + "." : "";
    words = [
      part("p", { text: `${p.misere ? "Misère " : ""}${game}: find a winning move from heaps (${p.heaps.join(", ")}). Type the new size of the heap${p.k > 1 ? "s" : ""} you change.${tail}` }),
    ];
    if (p.k > 1) words.push(binaryTable(p.heaps));
    controls = p.heaps.map((h, i) => field(`heap${i}`, `heap ${i}:`, { inputmode: "numeric", size: "3", value: String(h) }));
  } else if (p.skill === "sum" && p.game === "hackenbush") {
    words = [part("p", { text: "Green Hackenbush: a stalk of n edges is worth n; by the colon principle, branches meeting at a fork count as one stalk of their nim-sum. What is the value of the whole picture?" }), drillTrees(doc, p.trees)];
    controls = [field("value", "value =", { inputmode: "numeric", size: "4" })];
  } else if (p.skill === "sum") {
    const most = Math.max(...p.rows.flat(), 8);
    const K = drillRuleValues(DRILL_KAYLES, most);
    words = [
      part("p", { text: "Kayles: these rows are one sum (● a pin, · a knocked-down pin). What is its value? K(n), the value of a row of n pins:" }),
      part("div", { className: "nimlib-drill-scroll", tabindex: "0", role: "region", "aria-label": "the values K(n)" }, table(["n", ...K.map((_, n) => String(n))], [["K(n)", ...K]])),
      part("pre", { className: "nimlib-drill-binary", text: p.rows.map((runs, i) => `row ${i}: ${runs.map((r) => "●".repeat(r)).join("·")}`).join("\n") }),
    ];
    controls = [field("value", "value =", { inputmode: "numeric", size: "4" })];
  } else if (p.skill === "nim-product") {
    words = [
      part("p", { text: `Compute ${p.a} ⊗ ${p.b}. Rules: for a Fermat 2-power F (2, 4, 16, 256), F ⊗ x = F·x when x < F, and F ⊗ F = 3F/2; ⊗ distributes over ⊕. The table for 0 to 3:` }),
      table(["⊗", "0", "1", "2", "3"], [0, 1, 2, 3].map((a) => [a, ...[0, 1, 2, 3].map((b) => drillNimProduct(a, b))])),
    ];
    controls = [field("value", `${p.a} ⊗ ${p.b} =`, { inputmode: "numeric", size: "4" })];
  } else if (p.skill === "stalk-value") {
    const many = p.stalks.length > 1;
    words = [
      part("p", {
        text: `Blue-Red Hackenbush: ${many ? "these stalks, colours" : "this stalk, its colours"} from the ground up (B blue, R red): ${p.stalks.join(", ")}. What is ${many ? "the value of their sum" : "its value"}? Sign expansion: ±1 per edge up to the first change of colour, then each edge half the one before (+ blue, − red).`,
      }),
    ];
    controls = [field("value", "value =", { size: "8", placeholder: "3/4" })];
  } else if (p.skill === "quotient") {
    const q = params.quotient;
    const options = (name, label, list, chooseText) =>
      part("label", { className: "nimlib-drill-field" }, `${label} `, part("select", { name }, part("option", { value: "" }, chooseText), ...list.map(([v, t]) => part("option", { value: String(v) }, t))));
    const names = q.names.map((n, e) => [e, n]);
    words = [
      part("p", { text: `Misère ${params.game_name || "rows"}: rows of ${p.rows.join(", ")}. Name each row's element, multiply them in the table, and say whether the product is in the P-portion {${q.p_portion.map((e) => q.names[e]).join(", ")}}.` }),
      table(["row of", ...q.pretend.slice(1, q.bound + 1).map((_, n) => String(n + 1))], [["element", ...q.pretend.slice(1, q.bound + 1).map((e) => q.names[e])]]),
      part("div", { className: "nimlib-drill-scroll", tabindex: "0", role: "region", "aria-label": "the quotient's multiplication table" }, table(["·", ...q.names], q.names.map((n, a) => [n, ...q.names.map((_, b) => q.names[q.table[a][b]])]))),
    ];
    controls = [
      ...p.rows.map((n, i) => options(`row${i}`, `row ${i} (${n}):`, names, "element…")),
      options("product", "product:", names, "element…"),
      options("portion", "position:", [["P", "P (in the P-portion)"], ["N", "N (not in it)"]], "P or N…"),
    ];
  }
  if (p.skill === "zeckendorf") {
    words = [part("p", { text: `Fibonacci Nim: ${plural(p.n, "counter")} left, and the player to move may take at most ${p.most}. Write ${p.n} as a sum of non-consecutive Fibonacci numbers (1, 2, 3, 5, 8, 13, 21, …), then give the winning take, or type none if there is no winning take.` })];
    controls = [field("terms", `${p.n} =`, { size: "24", placeholder: "13 + 5 + 2" }), field("take", "take:", { size: "16", placeholder: "a number or none" })];
  }
  prompt.replaceChildren(...words);
  inputs.replaceChildren(...controls);
}

/** Hackenbush trees drawn as a small SVG (a trunk from the ground, branches from its top), with a text alternative. */
function drillTrees(doc, trees) {
  const ns = "http://www.w3.org/2000/svg";
  const unit = 20;
  const tall = Math.max(...trees.map((t) => t.trunk + Math.max(0, ...t.branches))) * unit + 16;
  const widths = trees.map((t) => Math.max(1, t.branches.length) * 30 + 16);
  const svg = doc.createElementNS(ns, "svg");
  const total = widths.reduce((x, w) => x + w, 0);
  svg.setAttribute("viewBox", `0 0 ${total} ${tall}`);
  svg.setAttribute("width", String(Math.min(total * 1.5, 340)));
  svg.setAttribute("role", "img");
  const words = trees.map((t, i) => `tree ${i}: a trunk of ${t.trunk}${t.branches.length ? ` with branches of ${t.branches.join(", ")}` : " (a stalk)"}`);
  svg.setAttribute("aria-label", words.join("; "));
  const line = (x1, y1, x2, y2) => {
    const l = doc.createElementNS(ns, "line");
    for (const [k, v] of Object.entries({ x1, y1, x2, y2, stroke: "#2f855a", "stroke-width": 3 })) l.setAttribute(k, String(v));
    svg.append(l);
    const c = doc.createElementNS(ns, "circle");
    for (const [k, v] of Object.entries({ cx: x2, cy: y2, r: 2.5, fill: "#1a202c" })) c.setAttribute(k, String(v));
    svg.append(c);
  };
  const ground = tall - 6;
  const g = doc.createElementNS(ns, "line");
  for (const [k, v] of Object.entries({ x1: 0, y1: ground, x2: total, y2: ground, stroke: "#718096", "stroke-width": 2 })) g.setAttribute(k, String(v));
  svg.append(g);
  let left = 0;
  trees.forEach((t, i) => {
    const x = left + widths[i] / 2;
    let y = ground;
    for (let e = 0; e < t.trunk; e++, y -= unit) line(x, y, x, y - unit);
    t.branches.forEach((b, m) => {
      const dx = (m - (t.branches.length - 1) / 2) * 28;
      let [bx, by] = [x, y];
      for (let e = 0; e < b; e++) {
        const nx = x + (dx * (e + 1)) / b;
        line(bx, by, nx, by - unit);
        [bx, by] = [nx, by - unit];
      }
    });
    left += widths[i];
  });
  const wrap = el(doc, "div", { className: "nimlib-drill-picture" });
  wrap.append(svg, el(doc, "p", { className: "nimlib-drill-note", text: `${words.join("; ")}.` }));
  return wrap;
}

// ---------------------------------------------------------------- Zeckendorf sums and Fibonacci Nim (ch-fibonacci)


export const DRILL_ZECK_TOP = [20, 40, 90, 150, 300]; // the largest heap of each level

function drillZeckProblem(level, rng) {
  const n = drillInt(rng, 4, DRILL_ZECK_TOP[level - 1]);
  const terms = zeckendorfTerms(n);
  const q = terms[terms.length - 1];
  // a winning position about half the time (when the smallest term leaves room for both)
  const most = q <= n - 1 && (q === 1 || rng() < 0.5) ? drillInt(rng, q, Math.min(n - 1, 2 * q + 3)) : drillInt(rng, 1, Math.max(1, Math.min(q - 1, n - 1)));
  return { skill: "zeckendorf", n, most };
}

/** ONE computation: the sum, its smallest term, the winning take (null if none) and the position it leaves. */
function drillZeckSolve(p) {
  const terms = zeckendorfTerms(p.n);
  const smallest = terms[terms.length - 1];
  const take = smallest <= p.most ? smallest : null;
  const rest = take === null ? null : p.n - take;
  const next = rest ? zeckendorfTerms(rest) : [];
  return { terms, smallest, take, rest, restSmallest: next.length ? next[next.length - 1] : null, fields: { terms: terms.join(" + "), take: take === null ? "none" : String(take) } };
}

/** n with its Zeckendorf sum, in words: "20 = 13 + 5 + 2", or "13 (a Fibonacci number)". */
const drillZeckSay = (n, terms) => (terms.length === 1 ? `${n} (a Fibonacci number)` : `${n} = ${terms.join(" + ")}`);

function drillZeckJudge(p, fields, s) {
  const typed = String(fields.terms ?? "").trim().split(/[\s,;+]+/).filter(Boolean);
  if (!typed.length) return { refused: `Type ${p.n} as a sum of Fibonacci numbers, such as 13 + 5 + 2.` };
  const terms = typed.map((t) => readWhole(t, 9));
  const bad = terms.findIndex((t) => t === null || t === 0);
  if (bad >= 0) return { refused: `"${typed[bad].slice(0, 12)}" is not a positive whole number: type the terms as numbers joined by +.` };
  const takeText = String(fields.take ?? "").trim().toLowerCase();
  const none = ["none", "no", "-"].includes(takeText);
  const take = none ? null : readWhole(takeText, 9);
  if (!none && take === null) return { refused: "Type the winning take as a whole number, or none." };
  // the sum: Fibonacci numbers, each once, adding up to n, no two consecutive; the first mistake is named
  const fibs = fibonacciNumbers(Math.max(...terms, p.n));
  const sorted = [...terms].sort((a, b) => b - a);
  const notFib = sorted.find((t) => !fibs.includes(t));
  if (notFib !== undefined) return { correct: false, part: "terms", text: `${notFib} is not a Fibonacci number: they are ${fibs.slice(0, 10).join(", ")}, … (each the sum of the two before).` };
  const twice = sorted.find((t, i) => sorted[i + 1] === t);
  if (twice !== undefined) return { correct: false, part: "terms", text: `${twice} appears twice: the terms of a Zeckendorf sum are different Fibonacci numbers.` };
  const total = sorted.reduce((a, b) => a + b, 0);
  if (total !== p.n) return { correct: false, part: "terms", text: `${sorted.join(" + ")} = ${total}, not ${p.n}.` };
  const i = sorted.findIndex((t, k) => k + 1 < sorted.length && fibs.indexOf(t) === fibs.indexOf(sorted[k + 1]) + 1);
  if (i >= 0) {
    const [a, b] = [sorted[i], sorted[i + 1]];
    return { correct: false, part: "terms", text: `${a} + ${b} uses consecutive Fibonacci numbers: ${a} + ${b} = ${a + b} is one Fibonacci number. Start from the largest Fibonacci number that fits: ${s.terms.length === 1 ? `${p.n} is itself one` : `${p.n} = ${s.terms.join(" + ")}`}.` };
  }
  // the sum is right (it is unique): now the take, judged by Whinihan's test on the position it leaves
  const why = `${drillZeckSay(p.n, s.terms)}, whose smallest term is ${s.smallest}`;
  if (none) {
    if (s.take === null) return { correct: true, text: `Right: ${why}, more than ${p.most}, the most you may take, so no take wins.` };
    return { correct: false, part: "take", text: `${why}, and ${s.smallest} ≤ ${p.most}: taking ${s.take} wins. It leaves ${s.rest}${s.rest ? `, whose smallest term ${s.restSmallest} is more than 2 × ${s.take}, the most your opponent may take` : ", no counters at all"}.` };
  }
  if (take < 1 || take > p.most) return { correct: false, part: "take", text: `You may take 1 to ${p.most}, not ${take}.` };
  const rest = p.n - take;
  const limit = Math.min(2 * take, rest);
  const restTerms = rest ? zeckendorfTerms(rest) : [];
  const q = rest ? restTerms[restTerms.length - 1] : null;
  if (rest === 0 || q > limit) {
    const note = take === s.take ? `${s.smallest} ≤ ${p.most}, so take the smallest term` : `${take} is not the smallest term, ${s.smallest}, but it wins too`;
    const left = rest === 0 ? "it takes the last counter" : `it leaves ${drillZeckSay(rest, restTerms)}, whose smallest term ${q} is more than ${limit}, the most your opponent may take`;
    return { correct: true, text: `Right: ${why}; ${note}: ${left}.` };
  }
  const better = s.take === null ? `No take wins here: ${s.smallest} > ${p.most}` : `Take the smallest term, ${s.smallest}, instead`;
  return { correct: false, part: "take", text: `Your take leaves ${drillZeckSay(rest, restTerms)}, whose smallest term ${q} is at most ${limit}, the most your opponent may take: they take ${q} and win. ${why}. ${better}.` };
}

