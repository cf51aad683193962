// Misère Kayles and misère crosses (Dawson's Kayles) on a strip: whoever makes the last move loses.
//
// misere-kayles  the kayles board and encodings (strips.js): pins [1, 1, 0, 1], moves [i] / [i, i + 1].
// misere-dawson  the dawson board and encodings (strips.js): cells [0, 1, 0, ...], moves [i].
//                A run of k playable cells is Dawson's Kayles on k + 1 pins (octal 0.137 = 0.07 shifted).
// params: { length, values } as for kayles / dawson (normal-play values, for the analysis panel's
//         components), plus from Python (nimlib.tables.misere_strip_params):
//         genus[k] = [g, [γ0, γ1, …]] of a single run of k, tame[k] = true when the run of k is tame
//         (chapter 16: every position reachable from it has γ0 = g or {g, γ0} = {0, 1}).
//
// The strategy: exhaustive misère search over the position's runs as a multiset (sorted run lengths,
// memoised), so a row of 12 pins costs about a hundred multisets. `best` and `explain` read the same
// analysis (misereStripAnalysis), so the explanation is the computation that chose the move.

import { register, gameDef, OutOfTable, escapeHtml } from "../core.js";
import { stripRuns, kaylesMoves, kaylesAnalyse, dawsonPlayable, dawsonMoves, dawsonAnalyse, stripValidate } from "./strips.js";

// The longest total of runs the page searches (a row of 24: about 10^4 multisets)
export const MISERE_STRIP_MAX = 24;
// The longest row a misère quotient sent by Python plays (boards.MAX_MISERE_QUOTIENT_KAYLES, the larger bound)
export const MISERE_QUOTIENT_MAX = 30;

/** The longest strip a saved state may hold: the search's reach, or the bound of the quotient it carries. */
function misereStripLimit(params) {
  const bound = params && params.quotient && params.quotient.bound;
  return Number.isSafeInteger(bound) ? Math.min(Math.max(MISERE_STRIP_MAX, bound), MISERE_QUOTIENT_MAX) : MISERE_STRIP_MAX;
}

const MISERE_STRIP_KINDS = {
  kayles: {
    base: "kayles",
    runs: (position) => stripRuns(position.map(Boolean)).map(([, k]) => k),
    moves: (position) => kaylesMoves(position),
    analyse: (position, params) => kaylesAnalyse(position, params),
    // A run of k pins: knock pin j (leaving j and k - 1 - j) or pins j, j + 1 (leaving j and k - 2 - j)
    splits: (k) => {
      const out = [];
      for (let j = 0; j < k; j++) out.push([j, k - 1 - j]);
      for (let j = 0; j + 1 < k; j++) out.push([j, k - 2 - j]);
      return out;
    },
    unit: (n) => (n === 1 ? "pin" : "pins"),
    rowWord: "row",
    pieceWord: "pin",
  },
  dawson: {
    base: "dawson",
    runs: (position) => stripRuns(dawsonPlayable(position, 1)).map(([, k]) => k),
    moves: (position) => dawsonMoves(position, { distance: 1 }),
    analyse: (position, params) => dawsonAnalyse(position, { ...params, distance: 1 }),
    // A run of k playable cells: a cross on cell j kills j - 1 and j + 1 (leaving j - 1 and k - j - 2)
    splits: (k) => {
      const out = [];
      for (let j = 0; j < k; j++) out.push([Math.max(0, j - 1), Math.max(0, k - j - 2)]);
      return out;
    },
    unit: (n) => (n === 1 ? "free cell" : "free cells"),
    rowWord: "run",
    pieceWord: "cross",
  },
};

/** A multiset of run lengths as its canonical key: sorted, empty runs dropped. */
export function misereStripKey(runs) {
  return runs
    .filter((k) => k > 0)
    .sort((a, b) => a - b)
    .join(",");
}

function misereStripUnkey(text) {
  return text === "" ? [] : text.split(",").map(Number);
}

const MISERE_STRIP_MEMO = { kayles: new Map(), dawson: new Map() };

/** The options of a run multiset (canonical keys, each once). */
export function misereStripOptions(kind, runsKey) {
  const runs = misereStripUnkey(runsKey);
  const spec = MISERE_STRIP_KINDS[kind];
  const out = new Set();
  runs.forEach((k, i) => {
    if (i > 0 && runs[i - 1] === k) return; // the same length again: the same options
    const rest = runs.slice(0, i).concat(runs.slice(i + 1));
    for (const [a, b] of spec.splits(k)) out.add(misereStripKey([...rest, a, b]));
  });
  return [...out];
}

/**
 * True when the run multiset is a misère P-position (the player to move loses): it has a move and
 * every move leaves an N-position. No move at all: the player to move has won (misère), so N.
 * Memoised per game; iterative, so long rows cannot overflow the stack.
 */
export function misereStripIsP(kind, runsKey) {
  const memo = MISERE_STRIP_MEMO[kind];
  if (memo.has(runsKey)) return memo.get(runsKey);
  const stack = [{ key: runsKey, options: misereStripOptions(kind, runsKey), next: 0, winning: false }];
  while (stack.length) {
    const frame = stack[stack.length - 1];
    let pushed = false;
    while (frame.next < frame.options.length && !frame.winning) {
      const child = frame.options[frame.next];
      if (!memo.has(child)) {
        stack.push({ key: child, options: misereStripOptions(kind, child), next: 0, winning: false });
        pushed = true;
        break;
      }
      if (memo.get(child)) frame.winning = true; // a move to a P-position: this one is N
      frame.next++;
    }
    if (pushed) continue;
    memo.set(frame.key, frame.options.length > 0 && !frame.winning);
    stack.pop();
  }
  return memo.get(runsKey);
}

function misereStripRunsOf(kind, position) {
  const runs = MISERE_STRIP_KINDS[kind].runs(position);
  const total = runs.reduce((a, b) => a + b, 0);
  if (total > MISERE_STRIP_MAX) {
    throw new OutOfTable(`the page searches misère positions of at most ${MISERE_STRIP_MAX} ${kind === "kayles" ? "standing pins" : "free cells"}: start a shorter game`);
  }
  return runs;
}

/** The first option of a run multiset that is a misère P-position (null if none). */
function misereStripReply(kind, runsKey) {
  return misereStripOptions(kind, runsKey).find((q) => misereStripIsP(kind, q)) ?? null;
}

/**
 * One computation for the move and its explanation: the position's runs and misère outcome, the
 * strategy's move (the first legal move to a misère P-position, null if none), and, after that
 * move, every answer (as a run multiset) with the winning reply to it.
 */
export function misereStripAnalysis(kind, position) {
  const spec = MISERE_STRIP_KINDS[kind];
  const runs = misereStripRunsOf(kind, position);
  const runsKey = misereStripKey(runs.slice());
  const over = runsKey === "";
  const isP = over ? false : misereStripIsP(kind, runsKey);
  let best = null;
  let answers = [];
  if (!over && !isP) {
    for (const m of spec.moves(position)) {
      const afterKey = misereStripKey(spec.runs(m.after));
      if (misereStripIsP(kind, afterKey)) {
        best = { ...m, runsKey: afterKey };
        break;
      }
    }
    answers = misereStripOptions(kind, best.runsKey).map((answer) => ({ answer, reply: misereStripReply(kind, answer) }));
  }
  return { runs, runsKey, over, isP, best, answers };
}

function misereStripSay(kind, runsKey) {
  const spec = MISERE_STRIP_KINDS[kind];
  const runs = misereStripUnkey(runsKey);
  if (runs.length === 0) return `nothing (no ${spec.pieceWord === "pin" ? "pin standing" : "free cell"})`;
  if (runs.length === 1) return `one ${spec.rowWord} of ${runs[0]} ${spec.unit(runs[0])}`;
  return `${spec.rowWord}s ${runs.join(" + ")}`;
}

/**
 * The tame-sum genus of a position whose runs are all tame (chapter 16's theorem): fickle exactly when
 * every run is fickle, g = S the XOR of the runs' normal values; null when a run is not tame or the
 * tables do not cover it. {g, fickle, text, isP}.
 */
export function misereStripGenus(runs, params) {
  const genus = params.genus || [];
  const tame = params.tame || [];
  let S = 0;
  let fickle = true;
  for (const k of runs) {
    if (k >= genus.length || k >= tame.length || !tame[k]) return null;
    const [g, gammas] = genus[k];
    S ^= g;
    if (gammas[0] === g) fickle = false;
  }
  const gammas = fickle ? (S === 0 ? [1, 2, 0] : [0, 3, 1]) : [S, S ^ 2];
  const digits = gammas.some((x) => x >= 10) ? gammas.join(",") : gammas.join("");
  return { g: S, fickle, text: `${S}^${digits}`, html: `${S}<sup>${digits}</sup>`, isP: fickle ? S === 1 : S === 0 };
}

/** The tame run lengths of the tables, as ranges ("1–4, 6"). */
function misereStripTameLengths(params) {
  const tame = params.tame || [];
  const parts = [];
  for (let k = 1; k < tame.length; k++) {
    if (!tame[k] || tame[k - 1] && k > 1) continue;
    let end = k;
    while (end + 1 < tame.length && tame[end + 1]) end++;
    parts.push(end === k ? String(k) : `${k}–${end}`);
  }
  return parts.length ? parts.join(", ") : "none";
}

/**
 * The sentence at a misère P-position, true to who moves there: the computer plays on hoping for a mistake;
 * the reader (a game, or a puzzle's answer) is told that every move leaves the opponent a winning position.
 */
function misereStripNoWin(turn, start) {
  return turn === "computer"
    ? `${start}; the computer plays on with the move that leaves the most moves, hoping for a mistake.`
    : `${start}: every move leaves the opponent an N-position, so the player to move loses against best play.`;
}

/** The explanation panel: misère outcome, the move and why it wins (every answer's reply), the genus when tame. */
export function misereStripExplain(kind, position, params, turn = "reader") {
  const spec = MISERE_STRIP_KINDS[kind];
  const a = misereStripAnalysis(kind, position);
  const say = (runsKey) => escapeHtml(misereStripSay(kind, runsKey));
  const out = [];
  if (a.over) {
    out.push(`<p>${say("")}: the player to move has no move and, in misère play, has won.</p>`);
    return out.join("");
  }
  const outcome = a.isP ? "P" : "N";
  out.push(
    `<p>The position is ${say(a.runsKey)}. By exhaustive misère search over the ${spec.rowWord}s (a position is the multiset of its ` +
      `${spec.rowWord} lengths) it is a <strong>misère ${outcome}-position</strong>: ` +
      (a.isP ? "every move leaves an N-position, so the player to move loses against best play." : "the player to move wins.") +
      "</p>",
  );
  if (kind === "dawson") {
    out.push(`<p>(A run of k free cells is Dawson's Kayles on a row of k + 1 pins.)</p>`);
  }
  const genus = misereStripGenus(a.runs, params);
  if (genus) {
    out.push(
      `<p>Every ${spec.rowWord} is tame, so the position is tame with genus ${genus.html} (${genus.fickle ? "fickle" : "firm"}): ` +
        `it plays like misère Nim, P exactly when ${genus.fickle ? "the nim-sum is 1" : "the nim-sum is 0"} ` +
        `(here ${genus.g}), which agrees with the search.</p>`,
    );
  } else if (a.runs.length) {
    out.push(`<p>Some ${spec.rowWord} is not tame (the tame ones on this page: ${escapeHtml(misereStripTameLengths(params))}), so no genus rule applies: only the search decides.</p>`);
  }
  if (a.isP) {
    out.push(`<p>${misereStripNoWin(turn, "No move wins")}</p>`);
    return out.join("");
  }
  out.push(`<p>The strategy plays <strong>${escapeHtml(a.best.label)}</strong>, leaving ${say(a.best.runsKey)}, a misère P-position. Why it wins, answer by answer:</p>`);
  const items = a.answers.map(({ answer, reply }) =>
    answer === ""
      ? `<li>you ${kind === "kayles" ? "knock down the last pins" : "put the last cross"}: you made the last move, and lose</li>`
      : `<li>you leave ${say(answer)} → the computer replies leaving ${say(reply)}</li>`,
  );
  out.push(`<ul>${items.join("")}</ul>`);
  return out.join("");
}

// ---------------------------------------------------------------- the misère quotient (chapter 16)
//
// params.quotient (from nimlib.tables.misere_quotient_params, i.e. nimlib.quotient.quotient): names[i] of
// element i, table[i][j] their product, p_portion, pretend[k] the element of a run of k, bound (the longest
// run it covers). Every sum of runs is the product of its runs' elements, a misère P-position exactly when
// that product lies in the P-portion: the misère analogue of the XOR of Grundy values.

/** The element of a multiset of runs: the product of pretend[k] (the identity 0 for no run). */
export function misereQuotientElement(quotient, runs) {
  let x = 0;
  for (const k of runs) if (k > 0) x = quotient.table[x][quotient.pretend[k]];
  return x;
}

/**
 * One computation for the quotient's move and its explanation, or null when params carry no quotient or a
 * run is longer than its bound: the runs with their elements, the running products, the total, whether it
 * lies in the P-portion, and the first legal move (in moves() order) whose runs multiply into the P-portion.
 */
export function misereQuotientAnalysis(kind, position, params) {
  const quotient = params && params.quotient;
  if (!quotient) return null;
  const spec = MISERE_STRIP_KINDS[kind];
  const runs = spec.runs(position);
  if (runs.some((k) => k > quotient.bound)) return null;
  const inP = new Set(quotient.p_portion);
  const rows = runs.map((k) => ({ run: k, element: quotient.pretend[k] }));
  const products = [];
  let total = 0;
  for (const row of rows) {
    total = quotient.table[total][row.element];
    products.push(total);
  }
  const over = runs.length === 0;
  const isP = !over && inP.has(total);
  let best = null;
  if (!over && !isP) {
    for (const m of spec.moves(position)) {
      const afterRuns = spec.runs(m.after);
      const element = misereQuotientElement(quotient, afterRuns);
      if (inP.has(element)) {
        best = { ...m, runs: afterRuns, element };
        break;
      }
    }
  }
  return { runs, rows, products, total, over, isP, best, names: quotient.names };
}

/** The explanation from the quotient's analysis: each run's element, their product, P-portion or not, the move. */
export function misereQuotientExplain(kind, position, params, turn = "reader") {
  const spec = MISERE_STRIP_KINDS[kind];
  const a = misereQuotientAnalysis(kind, position, params);
  const name = (x) => escapeHtml(a.names[x]);
  if (a.over) return `<p>${escapeHtml(misereStripSay(kind, ""))}: the player to move has no move and, in misère play, has won.</p>`;
  const out = [];
  const unit = spec.rowWord;
  out.push(
    `<p>The misère quotient of ${spec.rowWord}s of at most ${params.quotient.bound} ${kind === "kayles" ? "pins" : "free cells"} ` +
      `has ${a.names.length} elements, <span class="nimlib-quotient-presentation">${escapeHtml(params.quotient.presentation || "")}</span>. ` +
      `Each ${unit} is an element; a position is their product, a misère P-position exactly when the product lies in the P-portion ` +
      `{${params.quotient.p_portion.map(name).join(", ")}}.</p>`,
  );
  const items = a.rows.map((row) => `<li>${unit} of ${row.run} ${spec.unit(row.run)}: <strong>${name(row.element)}</strong></li>`);
  out.push(`<ul class="nimlib-quotient-rows">${items.join("")}</ul>`);
  const factors = a.rows.map((row) => name(row.element)).join(" · ");
  const steps = a.products.map(name).join(" → ");
  const verdict = `${a.isP ? "in" : "not in"} the P-portion: a <strong>misère ${a.isP ? "P" : "N"}-position</strong>.`;
  out.push(
    a.rows.length === 1
      ? `<p class="nimlib-quotient-product">One ${unit}, so there is no product to take: the position's element is the ${unit}'s, <strong>${name(a.total)}</strong>, ${verdict}</p>`
      : `<p class="nimlib-quotient-product">Product: ${factors} = <strong>${name(a.total)}</strong> (step by step in the table: ${steps}), ${verdict}</p>`,
  );
  if (kind === "dawson") out.push(`<p>(A run of k free cells is Dawson's Kayles on a row of k + 1 pins.)</p>`);
  if (a.isP) {
    out.push(`<p>${misereStripNoWin(turn, "No move lands in the P-portion")}</p>`);
    return out.join("");
  }
  const left = escapeHtml(misereStripSay(kind, misereStripKey(a.best.runs.slice())));
  // one row left: its element is the position's, no product to write out ("a = a")
  const after =
    a.best.runs.length === 1
      ? `, whose element is <strong>${name(a.best.element)}</strong>`
      : `: ${a.best.runs.map((k) => name(params.quotient.pretend[k])).join(" · ")} = <strong>${name(a.best.element)}</strong>`;
  out.push(`<p class="nimlib-quotient-move">The strategy plays <strong>${escapeHtml(a.best.label)}</strong>, leaving ${left}${after}, in the P-portion.</p>`);
  return out.join("");
}

function misereStripDefine(id, kind) {
  const spec = MISERE_STRIP_KINDS[kind];
  const base = () => gameDef(spec.base); // strips.js registers it (after this file in the bundle)
  register({
    id,
    title: () => (kind === "kayles" ? "Misère Kayles" : "Misère crosses (Dawson's Kayles)"),
    rules: () =>
      kind === "kayles"
        ? "Knock down one pin, or two neighbouring pins. Whoever knocks down the last pin loses."
        : "Put a cross in an empty cell, never next to another cross. Whoever puts the last cross loses.",
    misere: () => true,
    parse: (text, params) => base().parse(text, params),
    // the exhaustive misère search is bounded (MISERE_STRIP_MAX places); a quotient plays up to its bound
    validate: (position, params) => stripValidate(position, params, misereStripLimit(params)),
    format: (position, params) => base().format(position, params),
    random: (rng, params) =>
      base().random(rng, { ...params, length: Math.min(Number(params.length) || 10, params.quotient ? params.quotient.bound : MISERE_STRIP_MAX) }),
    moves: (position) => spec.moves(position),
    analyse: (position, params) => spec.analyse(position, params),
    // The quotient when the tables cover every run (rows beyond the search's reach), else exhaustive search
    best: (position, params) => {
      const q = misereQuotientAnalysis(kind, position, params);
      return q ? q.best : misereStripAnalysis(kind, position).best;
    },
    explain: (position, params, turn) =>
      misereQuotientAnalysis(kind, position, params) ? misereQuotientExplain(kind, position, params, turn) : misereStripExplain(kind, position, params, turn),
    draw: (position, params, view) => base().draw(position, params, view),
  });
}

misereStripDefine("misere-kayles", "kayles");
misereStripDefine("misere-dawson", "dawson");
