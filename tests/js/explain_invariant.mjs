// The invariant of the explanation panel, for one position (used by every game's node check):
// the component the text names is one the move changes, its target makes the XOR 0, the move is the
// strategy's (the computer's reply and the Hint), it wins, and the rendered HTML says the same.
import * as core from "../../nimlib/static/core.js";

const K = (x) => core.key(x);

/** The rank of each set flag among the set flags (-1 where unset). */
function rankOf(flags) {
  let r = 0;
  return flags.map((f) => (f ? r++ : -1));
}

/** The run (of set flags) each place is in, counting runs from the left (-1 outside runs). */
function runOf(flags) {
  let r = -1;
  return flags.map((f, i) => (f ? (i === 0 || !flags[i - 1] ? ++r : r) : -1));
}

/**
 * Independent oracles: from a data-move (the README's encodings) and the position alone, the
 * components the move changes, in analyse's order. Games missing here are checked through `parts`.
 */
export const ORACLE = {
  nim: (p, move) => (Array.isArray(move[0]) ? move.map(([i]) => i) : [move[0]]),
  lasker: (p, move) => [move[0]],
  grundy: (p, move) => [move[0]],
  subtraction: (p, move) => [move[0]],
  heaps: (p, move) => [move[0]],
  northcott: (p, move) => [move[0]],
  wythoff: () => [0],
  chomp: () => [0],
  // steps i + 1 and i (numbered from 1): the even one counts; the k-th even step is component k - 1
  staircase: (p, [i]) => [((i + 1) % 2 === 0 ? i + 1 : i) / 2 - 1],
  kayles: (p, move) => [runOf(p.map(Boolean))[move[0]]],
  turtles: (p, move) => move.filter((x) => p[x]).map((x) => rankOf(p)[x]),
  "mock-turtles": (p, move) => move.filter((x) => p[x]).map((x) => rankOf(p)[x]),
  ruler: (p, move) => move.filter((x) => p[x]).map((x) => rankOf(p)[x]),
  corners: (p, [[c, a], [d, b]]) => {
    const cells = p.map(([i, j]) => `${i},${j}`);
    return [[c, d], [a, d], [c, b], [a, b]].map(([i, j]) => cells.indexOf(`${i},${j}`)).filter((r) => r >= 0);
  },
  nimble: (p, [from], params) => {
    const k = p.indexOf(from);
    if (!params.no_jumps) return [k];
    const g = p.length - 1 - k;
    return [(g % 2 === 0 ? g : g - 1) / 2];
  },
  "graph-chips": (p, [from, to], params) => {
    const k = p.indexOf(from);
    const rest = p.filter((_, i) => i !== k);
    const met = params.annihilate ? rest.indexOf(to) : -1;
    return met < 0 ? [k] : [k, met >= k ? met + 1 : met].sort((a, b) => a - b);
  },
};

const NIM_FAMILY = new Set(["nim", "misere-nim", "moore", "misere-moore"]);

/** "a", "a and b", "a, b and c": how the explanation lists the components a move changes. */
export function listOf(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/**
 * Nim and Moore's Nim_k (normal and misère): the strategy's move is marked in the table and said
 * heap by heap, every heap it changes, and it changes one heap whenever a one-heap move wins.
 */
function nimNamed(def, position, params, turn) {
  const out = [];
  const best = core.bestMove(def, position, params, turn);
  if (!best) return out;
  const html = core.explainPosition(def, position, params, turn);
  const pairs = Array.isArray(best.move[0]) ? best.move : [best.move];
  for (const [i, b] of pairs) {
    if (!html.includes(`<tr class="nimlib-chosen"><th>heap ${i}</th>`)) out.push(`the table does not mark heap ${i}`);
    if (!stripTags(html).includes(`move: heap ${i} from ${position[i]} `)) out.push(`the text does not move heap ${i} to ${b}`);
  }
  const marked = html.split("nimlib-chosen").length - 1;
  if (marked !== pairs.length) out.push(`the table marks ${marked} heaps, ${best.label} changes ${pairs.length}`);
  if (pairs.length > 1) {
    const lost = (after) => core.bestMove(def, after, params, core.other(turn)) === null && !(core.isOver(def, after, params) && core.isMisere(def, params));
    const one = def.moves(position, params, turn).find((m) => !Array.isArray(m.move[0]) && lost(m.after));
    if (one) out.push(`${best.label} changes ${pairs.length} heaps, but ${one.label} wins changing one`);
  }
  return out;
}

function stripTags(html) {
  return html.replace(/<[^>]*>/g, "");
}

/**
 * Problems (strings) with the explanation of `position` for the player `turn`; [] when all is well.
 * `isWinning(after)`: nimlib's verdict that the move's after-position is a P-position (optional).
 */
export function explainProblems(def, position, params, { turn = "reader", isWinning = null } = {}) {
  const problems = [];
  const say = (what) => problems.push(`${def.id} ${K(position)} (${turn}): ${what}`);
  if (NIM_FAMILY.has(def.id)) problems.push(...nimNamed(def, position, params, turn).map((what) => `${def.id} ${K(position)} (${turn}): ${what}`));
  if (core.isMisere(def, params) || Number(params.k || 1) > 1) return problems; // misère play, Moore's Nim_k: their own rules
  const analysis = def.analyse(position, params, turn);
  const values = analysis.components.map((c) => BigInt(c.value));
  const S = BigInt(analysis.total);
  if (values.reduce((a, v) => a ^ v, 0n) !== S) return problems; // not a sum (Moore's Nim_k, k > 1)
  const d = core.explainData(def, position, params, turn);
  const html = core.explainPosition(def, position, params, turn);
  if (S === 0n) {
    if (d.move !== null) say(`XOR 0, but the explanation describes ${d.move.label}`);
    return problems;
  }
  if (!d.move) return say("an N-position whose explanation has no move"), problems;
  const c = d.component;
  if (c === null || c < 0 || c >= values.length) return say(`no component named (${c})`), problems;
  // the component has the XOR's top bit, unless no move inside such a component wins (then the text says so)
  const bit = 1n << BigInt(d.topBit);
  if ((values[c] & bit) === 0n && !(d.fallback && html.includes("No move that changes only a component with a 1"))) say(`component ${c} lacks the XOR's top bit`);
  if (d.fallback || (values[c] & bit) === 0n) {
    // the text says no move that changes only a top-bit component wins: check it
    for (const m of def.moves(position, params, turn)) {
      const parts = [...new Set(core.partsOf(def, position, m, analysis, params, turn) || [])];
      const inside = parts.length === 1 && (values[parts[0]] & bit) !== 0n;
      if (inside && BigInt(def.analyse(m.after, params, core.other(turn)).total) === 0n) {
        say(`says no move that changes only a top-bit component wins, but ${m.label} does`);
        break;
      }
    }
  }
  if (BigInt(d.target) !== (values[c] ^ S)) say(`target ${d.target}, not ${values[c]} ⊕ ${S}`);
  // the component named is one the move changes: by the move's own parts, and by an independent oracle
  if (!Array.isArray(d.move.parts) || !d.move.parts.includes(c)) say(`names component ${c}, the move ${d.move.label} changes ${K(d.move.parts)}`);
  const oracle = ORACLE[def.id];
  if (oracle) {
    const truth = oracle(position, d.move.move, params);
    if (!truth.includes(c)) say(`names component ${c} (${analysis.components[c].label}), but ${d.move.label} changes ${K(truth)}`);
    if (K([...truth].sort()) !== K([...d.move.parts].sort())) say(`parts ${K(d.move.parts)}, the encoding says ${K(truth)}`);
  }
  // every component the move changes is named: marked in the table and in the sentence that changes them
  const changed = [...new Set(oracle ? oracle(position, d.move.move, params) : d.move.parts)].sort((a, b) => a - b);
  // a move inside one component comes before one that changes several (every game)
  if (changed.length > 1) {
    const one = def.moves(position, params, turn).find((m) => {
      const parts = oracle ? oracle(position, m.move, params) : core.partsOf(def, position, m, analysis, params, turn) || [];
      return new Set(parts).size === 1 && BigInt(def.analyse(m.after, params, core.other(turn)).total) === 0n;
    });
    if (one) say(`${d.move.label} changes ${changed.length} components, but ${one.label} wins changing one`);
  }
  // the target makes the XOR 0: the after-position's total is 0 (and nimlib says the move wins)
  const next = core.other(turn);
  if (BigInt(def.analyse(d.move.after, params, next).total) !== 0n) say(`${d.move.label} leaves total ${def.analyse(d.move.after, params, next).total}`);
  if (isWinning && !isWinning(d.move.after)) say(`${d.move.label} is not a winning move by nimlib`);
  // one move: the strategy (Hint), the computer's reply and the explanation
  const best = core.bestMove(def, position, params, turn);
  if (!best || K(best.move) !== K(d.move.move)) say(`the strategy plays ${best && best.label}, the explanation ${d.move.label}`);
  const reply = core.computerMove(def, position, params, turn);
  if (!reply || K(reply.move) !== K(d.move.move)) say(`the computer plays ${reply && reply.label}, the explanation ${d.move.label}`);
  // the rendered text names the same component and move
  const label = core.escapeHtml(analysis.components[c].label);
  const moveLabel = core.escapeHtml(d.move.label);
  if (def.id === "nim") {
    const [i] = Array.isArray(d.move.move[0]) ? d.move.move[0] : d.move.move;
    if (!html.includes(`<tr class="nimlib-chosen"><th>heap ${i}</th>`) || !stripTags(html).includes(`move: heap ${i} from`)) say(`the text does not name heap ${i}`);
  } else if (def.id === "wythoff" || def.id === "chomp") {
    if (!html.includes(moveLabel)) say(`the text lacks ${d.move.label}`);
  } else {
    if (!html.includes(`<tr class="nimlib-chosen"><th>${label}</th>`)) say(`the table does not mark ${label}`);
    const labels = changed.map((i) => core.escapeHtml(analysis.components[i].label));
    for (const l of labels) if (!html.includes(`<tr class="nimlib-chosen"><th>${l}</th>`)) say(`the table does not mark ${l}, which ${d.move.label} changes`);
    const marked = html.split("nimlib-chosen").length - 1;
    if (marked !== changed.length) say(`the table marks ${marked} components, ${d.move.label} changes ${changed.length}`);
    const sentence = changed.length === 1 ? `Change ${labels[0]} from value` : `Change ${listOf(labels)} together`;
    if (!html.includes(sentence)) say(`the text does not say "${sentence}"`);
    if (!html.includes(`The move that does it: ${moveLabel}`)) say(`the text does not describe ${d.move.label}`);
  }
  return problems;
}
