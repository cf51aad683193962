// nimlib's play widget: the game-independent front end (see README.md in this folder).
//
// A game file registers a definition (rules, analysis, drawing); this module owns the loop: the
// reader's move, the computer's reply, history, Undo, New game, Hint, who starts, the explanation
// panel and the messages. State lives in the anywidget model (traits `position`, `history`, `start`,
// `computer_first`, `message`), so Python and the page stay in sync; in the static book the same
// code runs on the embedded state with no kernel behind it.
//
// Everything above the "DOM" line is pure logic on plain data, imported by the node tests.

export class OutOfTable extends Error {
  constructor(message) {
    super(message);
    this.name = "OutOfTable";
  }
}

const GAMES = new Map();

/** Register a game definition (each game file calls this once per data-game name). */
export function register(def) {
  for (const key of ["id", "title", "rules", "parse", "format", "random", "moves", "analyse", "draw"]) {
    if (!(key in def)) throw new Error(`game definition ${def.id ?? "?"} lacks ${key}`);
  }
  GAMES.set(def.id, def);
  return def;
}

/**
 * The title line: the game's name in bold, its rules, and (a game's optional `howTo(params)`) how to
 * move by clicking, as a span of class nimlib-help, which a puzzle hides (keeping its room) while its
 * board takes no click.
 */
export function titleLine(doc, def, params, name) {
  const line = el(doc, "div", { className: "nimlib-title" }, el(doc, "strong", { text: name }), " — ", def.rules(params));
  const how = def.howTo ? def.howTo(params) : "";
  if (how) line.append(" ", el(doc, "span", { className: "nimlib-help", text: how }));
  return line;
}

/** The registered definition for a data-game name (Error if there is none). */
export function gameDef(id) {
  const def = GAMES.get(id);
  if (!def) throw new Error(`no game registered as "${id}" (known: ${[...GAMES.keys()].join(", ")})`);
  return def;
}

export function registeredGames() {
  return [...GAMES.keys()];
}

// ------------------------------------------------------------------ pure helpers

/** JSON text of a move or position: the key used for data-move and for equality. */
export function key(value) {
  return JSON.stringify(value, (_, v) => (typeof v === "bigint" ? Number(v) : v));
}

/** A seeded uniform generator in [0, 1) (mulberry32), so New game is repeatable in tests. */
export function makeRng(seed) {
  let a = (Number(seed ?? Math.floor(Math.random() * 2 ** 31)) >>> 0) || 1;
  return function rng() {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * The seed of New game's generator: params.seed mixed with the game and its first position, so two
 * widgets with the same seed (chapters 1 and 2 both use seed 1) deal different games; undefined
 * (a fresh random seed) when params.seed is not set.
 */
export function rngSeed(def, params, start) {
  if (params.seed === undefined || params.seed === null) return undefined;
  const text = `${params.seed}|${def.id}|${key(start)}|${params.k ?? ""}`;
  let h = 2166136261; // FNV-1a
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619) >>> 0;
  return h;
}

export function isMisere(def, params) {
  return def.misere ? Boolean(def.misere(params)) : false;
}

/** True when the player to move has no move. */
export function isOver(def, position, params, turn = "reader") {
  if (def.isOver) return def.isOver(position, params, turn);
  return def.moves(position, params, turn).length === 0;
}

/** The reader's move `move` (data-move JSON) from `position`: {move, after, label}, or an Error. */
export function applyMove(def, position, move, params, turn = "reader") {
  if (def.apply) return def.apply(position, move, params, turn);
  const wanted = key(move);
  const found = def.moves(position, params, turn).find((m) => key(m.move) === wanted);
  if (!found) throw new Error(`${key(move)} is not a legal move here`);
  return found;
}

/** A game's own `apply` by formula: play(), or an Error "<move> is not a legal move here: <why>". */
export function stateLegalMove(move, play) {
  try {
    return play();
  } catch (error) {
    throw new Error(`${key(move)} is not a legal move here: ${error.message}`);
  }
}

/** Grundy total of a position as a BigInt (normal play). */
export function totalOf(def, position, params, turn = "reader") {
  return BigInt(def.analyse(position, params, turn).total);
}

/**
 * The strategy's move: the move `explainData` describes (normal play: inside the component that has
 * the XOR's top bit, to its target value), null when every move loses. A game with its own `best`
 * (misère games must have one) uses it.
 */
export function bestMove(def, position, params, turn = "reader") {
  if (def.best) return def.best(position, params, turn);
  if (isMisere(def, params)) return searchBest(def, position, params);
  return explainData(def, position, params, turn).move;
}

/**
 * The components of `position` (indices into analyse's list) that move `m` changes: `m.parts` if the
 * game's moves() says so, else the game's `parts` hook, else null (unknown: any component).
 */
export function partsOf(def, position, m, analysis, params, turn = "reader") {
  if (m.parts) return m.parts;
  if (def.parts) return def.parts(position, m, analysis, params, turn);
  return null;
}

/** The rule for a sum, on an analysis: the values, XOR S, its top bit, the component with that bit, v ⊕ S. */
export function sumChoice(analysis) {
  const values = analysis.components.map((c) => BigInt(c.value));
  const S = BigInt(analysis.total);
  const out = { analysis, values, total: S, topBit: null, component: null, target: null, move: null };
  if (S === 0n) return out;
  out.topBit = S.toString(2).length - 1;
  const bit = 1n << BigInt(out.topBit);
  const found = values.findIndex((v) => (v & bit) !== 0n);
  out.component = found >= 0 ? found : null;
  out.target = found >= 0 ? values[found] ^ S : null;
  return out;
}

/**
 * The sum rule on one analysis: the component whose value has the top bit of the XOR S, its target
 * value v ⊕ S, and the first move INSIDE that component that leaves total 0 (so the move described is
 * the move played). Never uses `def.best` (a game's `best` may call this).
 */
export function componentMove(def, position, params, turn = "reader", analysis = def.analyse(position, params, turn)) {
  const out = sumChoice(analysis);
  if (out.total === 0n) return out;
  // first a move that changes that component alone, then one that changes any one component alone
  // (a move in one component is easier to see than one in several), then one that changes it with others
  const moves = def.moves(position, params, turn).map((m) => ({ m, parts: partsOf(def, position, m, analysis, params, turn) }));
  const bit = 1n << BigInt(out.topBit);
  const alone = ({ parts }) => !parts || out.component === null || (parts.length === 1 && parts[0] === out.component);
  const singleTop = ({ parts }) => parts && parts.length === 1 && (out.values[parts[0]] & bit) !== 0n;
  const single = ({ parts }) => parts && parts.length === 1;
  const within = ({ parts }) => !parts || out.component === null || parts.includes(out.component);
  for (const wanted of [alone, singleTop, single, within]) {
    for (const entry of moves) {
      if (!wanted(entry) || totalOf(def, entry.m.after, params, other(turn)) !== 0n) continue;
      out.move = entry.parts ? { ...entry.m, parts: entry.parts } : entry.m;
      if (wanted === single || wanted === singleTop) {
        // another component, changed alone: its value may rise (v ⊕ S > v), and it may lack the top bit
        const c = entry.parts[0];
        out.component = c;
        out.target = out.values[c] ^ out.total;
        out.fallback = (out.values[c] & bit) === 0n;
      }
      return out;
    }
  }
  // No move inside that component reaches 0 (a game whose moves can join components, e.g. chips that
  // annihilate): take the first move to 0 and name the component of it that has the top bit.
  for (const m of def.moves(position, params, turn)) {
    if (totalOf(def, m.after, params, other(turn)) !== 0n) continue;
    const parts = partsOf(def, position, m, analysis, params, turn) || [];
    const c = parts.find((i) => (out.values[i] & bit) !== 0n) ?? parts[0] ?? null;
    out.component = c;
    out.target = c === null ? null : out.values[c] ^ out.total;
    out.move = { ...m, parts };
    out.fallback = c === null || (out.values[c] & bit) === 0n; // the text must not claim the top bit
    return out;
  }
  return out;
}

/** Exhaustive search for games without a formula (misère play of small boards): a move to a P-position. */
export function searchBest(def, position, params, limit = 200000) {
  const misere = isMisere(def, params);
  const memo = new Map();
  let visited = 0;
  const isP = (p) => {
    const k = key(p);
    if (memo.has(k)) return memo.get(k);
    if (++visited > limit) throw new OutOfTable("this position is too large for the page to search");
    const options = def.moves(p, params);
    const result = options.length === 0 ? !misere : options.every((m) => !isP(m.after));
    memo.set(k, result);
    return result;
  };
  for (const m of def.moves(position, params)) if (isP(m.after)) return m;
  return null;
}

/**
 * New game's deal: a random position (never `previous`, the one on the board) that the reader can win
 * against best play: an N-position when the reader moves first, a P-position for the computer when it
 * does (an impartial game's deal that is not moves once to such a position). Up to 40 deals from
 * the seeded `rng` (so a seed repeats its games); `params.deal === "any"`
 * keeps the first deal, won or lost. A deal whose winning move ends the game at once (ch. 7 dealt a single chip)
 * is taken only when no other is found. {position, winnable}: the last deal if none is winnable.
 */
export function dealGame(def, params, rng, previous = null, computerFirst = false) {
  let dealt = null;
  let winnable = false;
  let quick = null; // a winnable deal whose winning move ends the game at once (a single chip): the last resort
  // the reader moves first and one winning move ends the game: nothing to practise
  const wonInOne = (best) => !computerFirst && best !== null && isOver(def, best.after, params, "computer");
  for (let tries = 0; tries < 40; tries++) {
    const next = def.random(rng, params);
    if (previous !== null && key(next) === key(previous) && tries < 39) continue; // a new deal, so the button never looks dead
    dealt = next;
    winnable = false;
    if (params.deal === "any") break;
    try {
      const first = computerFirst ? "computer" : "reader";
      if (isOver(def, dealt, params, first)) continue;
      const best = bestMove(def, dealt, params, first);
      winnable = (best !== null) !== computerFirst;
      if (winnable && wonInOne(best)) {
        quick ??= dealt;
        winnable = false;
        continue;
      }
      if (winnable) break;
      if (def.partizan) continue; // one move away the other player would move: deal again
      // an impartial game: one move away is such a position (from a P-position every move reaches an
      // N-position; from an N-position the winning move reaches a P-position)
      const options = computerFirst ? [best] : def.moves(dealt, params, first);
      const m = options[Math.floor(rng() * options.length)];
      if (m && !isOver(def, m.after, params, first) && (previous === null || key(m.after) !== key(previous))) {
        if (wonInOne(bestMove(def, m.after, params, first))) {
          quick ??= m.after;
          continue;
        }
        dealt = m.after;
        winnable = true;
        break;
      }
    } catch (error) {
      if (!(error instanceof OutOfTable)) throw error;
    }
  }
  if (!winnable && quick !== null) return { position: quick, winnable: true };
  return { position: dealt, winnable };
}

/** When every move loses: play on with the move that leaves the most moves (hoping for a mistake). */
export function stallMove(def, position, params, turn = "reader") {
  if (def.stall) return def.stall(position, params, turn);
  const options = def.moves(position, params, turn);
  let chosen = options[0] ?? null;
  let most = -1;
  for (const m of options.slice(0, 64)) {
    const n = def.moves(m.after, params, other(turn)).length;
    if (n > most) [chosen, most] = [m, n];
  }
  return chosen;
}

/** The computer's reply: {move, after, label, winning}; null when there is no move. */
export function computerMove(def, position, params, turn = "computer") {
  if (isOver(def, position, params, turn)) return null;
  const best = bestMove(def, position, params, turn);
  if (best) return { ...best, winning: true };
  const stall = stallMove(def, position, params, turn);
  return stall ? { ...stall, winning: false } : null;
}

export function other(player) {
  return player === "reader" ? "computer" : "reader";
}

/** Whose turn it is after `history` (an array of entries with `player`), given who started. */
export function toMove(history, computerFirst) {
  if (history.length === 0) return computerFirst ? "computer" : "reader";
  return other(history[history.length - 1].player);
}

/**
 * The winner once the game is over: the player to move has no move, so in normal play the
 * other player wins, in misère play the player to move does. Null while play goes on.
 */
export function winner(def, position, params, history, computerFirst) {
  const mover = toMove(history, computerFirst);
  if (!isOver(def, position, params, mover)) return null;
  return isMisere(def, params) ? mover : other(mover);
}

/** History after Undo: drop trailing computer moves and the reader's move before them. */
export function undoHistory(history) {
  const h = history.slice();
  while (h.length && h[h.length - 1].player === "computer") h.pop();
  if (h.length) h.pop();
  return h;
}

export function canUndo(history) {
  return history.some((e) => e.player === "reader");
}

/** "1 stone", "2 stones": a count in words, singular for 1. */
export function plural(n, word, many = `${word}s`) {
  return `${n} ${Number(n) === 1 ? word : many}`;
}

/**
 * The page's one reading of typed numbers (the drills, the games' typed positions, the lab): Unicode white
 * space around and between entries is white space everywhere (String.prototype.trim and \s, the same set:
 * a no-break space, an em space, an ideographic space), so "7" followed by a no-break space is 7 in every
 * box; an entry is ASCII digits only ("7\u200b", a zero-width space, is refused, and so are "7.0", "1e3",
 * "0x7" and "+7"). readTokens splits on white space, commas and semicolons.
 */
export function readTokens(text) {
  return String(text ?? "")
    .trim()
    .split(/[\s,;]+/)
    .filter(Boolean);
}

/** A typed whole number (readTokens' rules, at most `digits` digits, exact): the number, or null when it is none. */
export function readWhole(text, digits = 16) {
  const s = String(text ?? "").trim();
  if (s.length > digits || !/^\d+$/.test(s)) return null;
  const n = Number(s);
  return Number.isSafeInteger(n) ? n : null;
}

/**
 * The edges a reader typed for a picture game ("0, 2, 5", "edges {0, 2}"): a Set of indices below `count`.
 * Throws an Error in words naming the first token that is not an edge (Green and Blue-Red Hackenbush share it).
 */
export function readEdgeNumbers(text, count) {
  const parts = String(text ?? "")
    .trim()
    .toLowerCase()
    .replace(/^edges?\b/, " ")
    .replace(/[{}[\]()]/g, " ")
    .split(/[\s,]+/)
    .filter(Boolean);
  const chosen = new Set();
  for (const p of parts) {
    if (!/^\d+$/.test(p)) throw new Error(`type edge numbers 0 to ${count - 1}, separated by commas; "${p}" is not one`);
    const i = Number(p);
    if (i >= count) throw new Error(`the picture has edges 0 to ${count - 1}; there is no edge ${i}`);
    chosen.add(i);
  }
  return chosen;
}

/** The Fibonacci numbers 1, 2, 3, 5, 8, … up to `limit` (as nimlib.fibonacci.fibonacci_numbers; 1 only once). */
export function fibonacciNumbers(limit) {
  const out = [];
  for (let a = 1, b = 2; a <= limit; [a, b] = [b, a + b]) out.push(a);
  return out;
}

/** Zeckendorf's sum of n, largest term first, by the greedy rule (as nimlib.fibonacci.zeckendorf): the game and the drill. */
export function zeckendorfTerms(n) {
  const terms = [];
  let rest = n;
  for (const f of fibonacciNumbers(n).reverse()) {
    if (f <= rest) {
      terms.push(f);
      rest -= f;
    }
  }
  return terms;
}

export function escapeHtml(text) {
  return String(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]);
}

/** Binary digits of a non-negative BigInt/number, padded to `width`. */
export function binary(value, width) {
  return BigInt(value).toString(2).padStart(width, "0");
}

/**
 * The generic explanation as data: components with values in binary, the XOR column by column,
 * the highest unbalanced bit, which component to change (to value v ⊕ S) and the move that does it.
 */
export function explainData(def, position, params, turn = "reader", played = null) {
  const analysis = def.analyse(position, params, turn);
  const misere = isMisere(def, params);
  // one analysis: the component, its target and the move all come from componentMove (or the game's own best)
  const cm = def.best || misere ? sumChoice(analysis) : componentMove(def, position, params, turn, analysis);
  const { components } = analysis;
  const values = cm.values;
  const S = cm.total;
  const width = Math.max(1, ...values.map((v) => v.toString(2).length), S.toString(2).length);
  const rows = components.map((c, i) => ({ label: c.label, value: values[i], bits: binary(values[i], width) }));
  const columns = [...Array(width).keys()].map((j) => rows.reduce((n, r) => n + (r.bits[j] === "1" ? 1 : 0), 0) % 2);
  const data = { rows, width, columns, total: S, topBit: cm.topBit, component: cm.component, target: cm.target, move: null, fallback: Boolean(cm.fallback) };
  if (S !== 0n && !misere) {
    // `played`: the move actually made (a reply chosen by Python in Jupyter may differ): explain that one
    let own = null; // the move as the game makes it, with its parts (a game's apply, else its list of moves)
    try {
      own = played && applyMove(def, position, played.move, params, turn);
    } catch (error) {
      own = null;
    }
    let move = played ? (own ?? played) : def.best ? def.best(position, params, turn) : cm.move;
    if (move) move = { ...move, parts: partsOf(def, position, move, analysis, params, turn) };
    if (move && move.parts && !move.parts.includes(data.component)) {
      // a game's own best (or a move that joins components) changes another component: name the
      // component it does change that has the top bit, so the text never contradicts the move
      const bit = 1n << BigInt(data.topBit);
      const c = move.parts.find((i) => (values[i] & bit) !== 0n) ?? move.parts[0];
      data.component = c ?? null;
      data.target = c === undefined ? null : values[c] ^ S;
      data.fallback = c === undefined || (values[c] & bit) === 0n;
    }
    data.move = move;
  }
  return data;
}

/** "a", "a and b", "a, b and c": the components a move changes, in words. */
export function explainList(names) {
  return names.length < 2 ? names.join("") : `${names.slice(0, -1).join(", ")} and ${names[names.length - 1]}`;
}

/** The generic explanation panel (HTML): the components table and the steps in words. */
export function explainHtml(def, position, params, turn = "reader", played = null) {
  const d = explainData(def, position, params, turn, played);
  if (d.rows.length === 0) return "<p>No component is left: the player to move has no move.</p>";
  const top = d.topBit === null ? -1 : d.width - 1 - d.topBit;
  const cls = (j) => (j === top ? ' class="nimlib-top"' : "");
  const head = [...Array(d.width).keys()].map((j) => `<th${cls(j)}>2<sup>${d.width - 1 - j}</sup></th>`).join("");
  // every component the move changes is named (a coin flipped with another, two chips that annihilate)
  const changed = d.component === null ? [] : d.move && d.move.parts && d.move.parts.length > 1 ? [...new Set(d.move.parts)].sort((a, b) => a - b) : [d.component];
  const group = changed.reduce((a, i) => a ^ d.rows[i].value, 0n); // their values' XOR
  const body = d.rows
    .map((r, i) => {
      const mark = changed.includes(i) ? ' class="nimlib-chosen"' : "";
      const bits = [...r.bits].map((b, j) => `<td${cls(j)}>${b}</td>`).join("");
      const after = !changed.includes(i) ? "" : changed.length > 1 ? `together → ${group ^ d.total}` : `→ ${d.target}`;
      return `<tr${mark}><th>${escapeHtml(r.label)}</th><td class="nimlib-size">${r.value}</td>${bits}<td>${after}</td></tr>`;
    })
    .join("");
  const sums = d.columns.map((s, j) => `<td${cls(j)}>${s}</td>`).join("");
  const steps = [];
  steps.push(`XOR of the Grundy values: ${d.rows.map((r) => r.value).join(" ⊕ ")} = ${d.total}`);
  if (d.total === 0n) {
    steps.push("The XOR is 0: every move makes it non-zero, so the player to move loses against best play.");
  } else {
    const c = d.rows[d.component];
    if (!d.fallback) steps.push(`The highest 1 in the XOR is the column 2<sup>${d.topBit}</sup>; ${escapeHtml(c.label)} has a 1 there.`);
    else steps.push(`No move that changes only a component with a 1 in the column 2<sup>${d.topBit}</sup> reaches XOR 0 here; a move in ${escapeHtml(c.label)} does.`);
    if (changed.length > 1) {
      const names = explainList(changed.map((i) => escapeHtml(d.rows[i].label)));
      const values = changed.map((i) => d.rows[i].value).join(" ⊕ ");
      steps.push(`Change ${names} together: their values ${values} = ${group}; what the move leaves in their place is worth ${group} ⊕ ${d.total} = ${group ^ d.total}, so the XOR becomes 0.`);
    } else {
      steps.push(`Change ${escapeHtml(c.label)} from value ${c.value} to ${c.value} ⊕ ${d.total} = ${d.target}: the XOR becomes 0.`);
    }
    if (d.move) steps.push(`The move that does it: ${escapeHtml(d.move.label)}${d.move.note ? ` (${escapeHtml(d.move.note)})` : ""}.`);
  }
  return (
    `<table class="nimlib-xor"><tr><th>component</th><th>value</th>${head}<th></th></tr>${body}` +
    `<tr class="nimlib-sum"><th>XOR</th><td class="nimlib-size">${d.total}</td>${sums}<td></td></tr></table>` +
    `<ol>${steps.map((s) => `<li>${s}</li>`).join("")}</ol>`
  );
}

/** The explanation for a position: the game's own, else the generic one. OutOfTable gives its message. */
export function explainPosition(def, position, params, turn = "reader", played = null) {
  try {
    return def.explain ? def.explain(position, params, turn) : explainHtml(def, position, params, turn, played);
  } catch (error) {
    if (error instanceof OutOfTable) return `<p>${escapeHtml(error.message)}</p>`;
    throw error;
  }
}

/** A history entry for `player` playing `m` ({move, after, label}) from `before`. */
export function entry(player, m, before) {
  return { player, move: m.move, label: m.label, before, after: m.after };
}

// ------------------------------------------------------------------ the review of a finished game

/** The three verdicts a reviewed move gets (its data-verdict), in words. */
export const VERDICTS = {
  kept: "kept a winning position",
  "gave-away": "gave away the win",
  none: "no winning move existed",
};

/**
 * True when the player `turn` to move at `position` wins against best play: at the end of the game
 * (no move) only in misère play; else when the strategy has a winning move (bestMove: the move the
 * explanation describes, the Hint and the computer's reply).
 */
export function winsFrom(def, position, params, turn = "reader") {
  if (isOver(def, position, params, turn)) return isMisere(def, params);
  return bestMove(def, position, params, turn) !== null;
}

/**
 * The review of a game (its history entries, each {player, move, label, before, after}): every move's
 * verdict, "kept" (the mover could win and still can), "gave-away" (could win, now the other player
 * can) or "none" (every move lost against best play), and the first mistake: the first "gave-away"
 * move, with the winning move that was missed (bestMove, the move the explanation describes) and the
 * reason, the game's own explanation of the position it was played from (explainPosition: one
 * computation for the words and the move). OutOfTable (a position too large for the page) is thrown.
 */
export function reviewGame(def, params, history) {
  const moves = history.map((e, index) => {
    const could = winsFrom(def, e.before, params, e.player);
    const verdict = !could ? "none" : winsFrom(def, e.after, params, other(e.player)) ? "gave-away" : "kept";
    return { index, player: e.player, label: e.label, move: e.move, before: e.before, after: e.after, verdict };
  });
  const first = moves.find((m) => m.verdict === "gave-away");
  let mistake = null;
  if (first) {
    const missed = bestMove(def, first.before, params, first.player);
    mistake = {
      index: first.index,
      player: first.player,
      label: first.label,
      before: first.before,
      missed: missed && { move: missed.move, label: missed.label, after: missed.after },
      reason: explainPosition(def, first.before, params, first.player),
    };
  }
  return { moves, mistake };
}

// ------------------------------------------------------------------ saved states
// A saved widget (the static book's embedded state, or a model) may hold anything: each game checks
// its position's shape (`validate`) and the core checks the rest before anything is drawn, so a bad
// state shows a short message in the widget's place and throws nothing.

/** Nesting and size of a saved trait, as nimlib.widgets.PAGE_DEPTH and MAX_PAGE_ITEMS refuse them in Python. */
export const STATE_MAX_DEPTH = 16;
export const STATE_MAX_ITEMS = 1000000;
/** History entries and message characters, as nimlib.widgets.MAX_HISTORY and MAX_MESSAGE. */
export const STATE_MAX_HISTORY = 100000;
export const STATE_MAX_MESSAGE = 2000;
// Keys that could reach an object's prototype if some code copied them with assignment
const STATE_BAD_KEYS = new Set(["__proto__", "constructor", "prototype"]);

/** What a value is, in words, for a message ("a string", "null", "a list of 3"). */
export function stateKind(value) {
  if (value === null) return "null";
  if (value === undefined) return "nothing";
  if (Array.isArray(value)) return `a list of ${value.length}`;
  if (typeof value === "object") return "an object";
  if (typeof value === "string") return `a string of ${value.length} characters`;
  return `a ${typeof value} (${String(value).slice(0, 20)})`;
}

/**
 * null when `value` is plain JSON (numbers, strings, booleans, null, lists, plain objects) nested at
 * most `depth` deep with at most `items` values and no __proto__ / constructor / prototype key; else
 * what is wrong. Iterative (a stack, no recursion), so any nesting is refused, not overflowed.
 */
export function stateJsonError(value, name, depth = STATE_MAX_DEPTH, items = STATE_MAX_ITEMS) {
  const stack = [[value, 1]];
  let count = 0;
  while (stack.length) {
    const [v, d] = stack.pop();
    if (++count > items) return `${name} holds more than ${items} values`;
    if (v === null || typeof v === "string" || typeof v === "boolean") continue;
    if (typeof v === "number") {
      if (!Number.isFinite(v)) return `${name} holds a number that is not finite`;
      continue;
    }
    if (typeof v !== "object") return `${name} holds ${stateKind(v)}, which no saved state does`;
    if (d > depth) return `${name} is nested more than ${depth} levels deep`;
    if (Array.isArray(v)) {
      for (let i = 0; i < v.length; i++) stack.push([v[i], d + 1]);
      continue;
    }
    const proto = Object.getPrototypeOf(v);
    if (proto !== Object.prototype && proto !== null) return `${name} holds an object that is not plain data`;
    for (const k of Object.keys(v)) {
      if (STATE_BAD_KEYS.has(k)) return `${name} holds the key "${k}"`;
      stack.push([v[k], d + 1]);
    }
  }
  return null;
}

/** null when `value` is a list of at most `most` whole numbers in [min, max]; else what is wrong. */
export function stateNaturalsError(value, name, { most = STATE_MAX_ITEMS, min = 0, max = Number.MAX_SAFE_INTEGER } = {}) {
  if (!Array.isArray(value)) return `${name} must be a list of whole numbers, got ${stateKind(value)}`;
  if (value.length > most) return `${name} may hold at most ${most} numbers, got ${value.length}`;
  for (let i = 0; i < value.length; i++) {
    const v = value[i];
    if (!Number.isSafeInteger(v) || v < min || v > max) return `${name}[${i}] must be a whole number from ${min} to ${max}, got ${stateKind(v)}`;
  }
  return null;
}

/** null when `value` is absent or a whole number in [min, max]; else what is wrong (for params such as k). */
export function stateOptionalIntError(value, name, min, max) {
  if (value === undefined || value === null) return null;
  if (!Number.isSafeInteger(value) || value < min || value > max) return `${name} must be a whole number from ${min} to ${max}, got ${stateKind(value)}`;
  return null;
}

function stateIsPlain(value) {
  return value !== null && typeof value === "object" && !Array.isArray(value);
}

/** A game's position: plain JSON first, then the game's own check of its shape. */
export function statePositionError(def, position, params, name = "position") {
  const shape = stateJsonError(position, name);
  if (shape) return shape;
  if (!def.validate) return null;
  try {
    const problem = def.validate(position, params);
    return problem ? `${name}: ${problem}` : null;
  } catch (error) {
    return `${name}: ${error.message}`;
  }
}

/** The game and params of a saved widget: {def, params} or {error}. */
export function stateGameOf(model) {
  const game = model.get("game");
  if (typeof game !== "string" || !GAMES.has(game)) return { error: `the game ${typeof game === "string" ? `"${game.slice(0, 40)}"` : stateKind(game)} is not one this page plays` };
  const raw = model.get("params");
  if (raw !== undefined && raw !== null && !stateIsPlain(raw)) return { error: `params must be an object, got ${stateKind(raw)}` };
  const params = raw || {};
  const error =
    stateJsonError(params, "params") ||
    stateOptionalIntError(params.seed, "params.seed", -Number.MAX_SAFE_INTEGER, Number.MAX_SAFE_INTEGER) ||
    stateOptionalIntError(params.k, "params.k", 1, Number.MAX_SAFE_INTEGER); // the core reads both
  return error ? { error } : { def: GAMES.get(game), params };
}

/**
 * null when a play widget's saved state can be drawn and played: the game, params, position, start,
 * every history entry (well-formed, and together a game from the start: stateChainError), computer_first
 * and message. Else a short reason.
 */
export function savedStateError(model) {
  const { def, params, error } = stateGameOf(model);
  if (error) return error;
  const position = model.get("position");
  const problem = statePositionError(def, position, params) || statePositionError(def, model.get("start"), params, "start");
  if (problem) return problem;
  const history = model.get("history");
  if (history !== undefined && history !== null) {
    if (!Array.isArray(history)) return `history must be a list, got ${stateKind(history)}`;
    if (history.length > STATE_MAX_HISTORY) return `history may hold at most ${STATE_MAX_HISTORY} moves, got ${history.length}`;
    for (let i = 0; i < history.length; i++) {
      const e = history[i];
      const name = `history[${i}]`;
      if (!stateIsPlain(e)) return `${name} must be an object, got ${stateKind(e)}`;
      const bad = stateJsonError(e, name);
      if (bad) return bad;
      if (e.player !== "reader" && e.player !== "computer") return `${name}.player must be "reader" or "computer"`;
      if (typeof e.label !== "string" || e.label.length > STATE_MAX_MESSAGE) return `${name}.label must be a short text`;
      const ends = statePositionError(def, e.before, params, `${name}.before`) || statePositionError(def, e.after, params, `${name}.after`);
      if (ends) return ends;
    }
    const chain = stateChainError(def, params, model.get("start"), history, model.get("computer_first") === true, position);
    if (chain) return chain;
  } else if (model.get("start") !== undefined && key(model.get("start")) !== key(position)) {
    // no move played: the game stands at its start (nimlib.widgets refuses anything else the same way)
    return "with no move played the position must be the start";
  }
  const first = model.get("computer_first");
  if (first !== undefined && first !== null && typeof first !== "boolean") return `computer_first must be true or false, got ${stateKind(first)}`;
  const two = model.get("two_player");
  if (two !== undefined && two !== null && typeof two !== "boolean") return `two_player must be true or false, got ${stateKind(two)}`;
  const message = model.get("message");
  if (message !== undefined && message !== null && (typeof message !== "string" || message.length > STATE_MAX_MESSAGE)) return `message must be a text of at most ${STATE_MAX_MESSAGE} characters`;
  return null;
}

/**
 * null when `history` is a game played from `start`: every entry a legal move (the game's own apply) from
 * where the previous one ended (the first from `start`), by the player whose turn it is (reader and
 * computer alternate, the first as `computerFirst` says; in two-player mode Player 1 and Player 2 take
 * those slots), its move and after the ones the game derives from the move, and the last ending at
 * `position`. A saved label is untrusted and never shown: the move list and the review say each move in
 * the game's own words (mount's labelOf). Labels are not compared: nimlib.widgets keeps its own wording
 * (five games word moves differently in Python), so a game saved from Jupyter must still mount. Else a short reason naming the first entry that is wrong. One apply per entry,
 * at most STATE_MAX_HISTORY entries: the work is bounded by the history's cap.
 */
export function stateChainError(def, params, start, history, computerFirst, position) {
  let at = start;
  let player = computerFirst ? "computer" : "reader";
  for (let i = 0; i < history.length; i++) {
    const e = history[i];
    const name = `history[${i}]`;
    if (e.player !== player) return `${name} is a move by the ${e.player}, but it is the ${player}'s turn (turns alternate)`;
    if (key(e.before) !== key(at)) return i === 0 ? `${name} does not start at the game's start` : `${name} does not start where ${`history[${i - 1}]`} ended (the moves do not chain)`;
    let played;
    try {
      played = applyMove(def, at, e.move, params, player);
    } catch (error) {
      return `${name} is not a legal move: ${String(error && error.message).slice(0, 200)}`;
    }
    if (!played || key(played.after) !== key(e.after)) return `${name} does not lead to the position it records`;
    if (key(played.move) !== key(e.move)) return `${name}'s move is not written as the game writes it`;
    at = played.after;
    player = other(player);
  }
  if (key(at) !== key(position)) return "the history does not end at the position";
  return null;
}

/** What a widget with a bad saved state shows instead of the game (and nothing else). */
export function stateRefused(root, text) {
  const doc = root.ownerDocument;
  root.replaceChildren(el(doc, "p", { className: "nimlib-invalid", role: "status", text }));
  return () => {};
}

// ------------------------------------------------------------------ DOM

/** An element with attributes (className, text, html, on<event>, others as attributes) and children. */
export function el(doc, tag, attrs = {}, ...children) {
  const node = doc.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === null || value === false) continue;
    if (name === "className") node.className = value;
    else if (name === "text") node.textContent = value;
    else if (name === "html") node.innerHTML = value;
    else if (name.startsWith("on")) node.addEventListener(name.slice(2), value);
    else node.setAttribute(name, value === true ? "" : String(value));
  }
  for (const child of children.flat()) {
    if (child === null || child === undefined || child === false) continue;
    node.append(typeof child === "string" ? doc.createTextNode(child) : child);
  }
  return node;
}

const DELAY = 450; // ms between the reader's move and the computer's reply, so both can be seen

/** Mount a game on `el` over an anywidget-style `model` (get/set/save_changes/on/off). */
export function mount(model, root) {
  const doc = root.ownerDocument;
  const invalid = savedStateError(model); // checked before anything is drawn
  if (invalid) return stateRefused(root, `This game's saved position is not valid: ${invalid}.`);
  const def = gameDef(model.get("game"));
  const params = model.get("params") || {};
  const rng = makeRng(rngSeed(def, params, model.get("start")));
  let selection = null; // a game's two-step selection (e.g. Moore's heaps to change)
  let hintKey = null; // data-move of the hinted move
  let flash = null; // {before, after} of the computer's last reply, to highlight
  let busy = false; // the computer is thinking
  let timer = null;
  let saving = false;

  // A saved label is untrusted (a forged one would be shown in the move list and the review): every
  // entry is said in the game's own words, derived from its move once (kept per entry object).
  const labels = new WeakMap();
  const labelOf = (e) => {
    if (e === null || typeof e !== "object") return e;
    if (!labels.has(e)) {
      let label = e.label;
      try {
        label = applyMove(def, e.before, e.move, params, e.player).label;
      } catch {
        /* an entry the kernel sent that the page cannot replay: its own words */
      }
      labels.set(e, label === e.label ? e : { ...e, label });
    }
    return labels.get(e);
  };
  const state = () => ({
    position: model.get("position"),
    history: (model.get("history") || []).map(labelOf),
    computerFirst: Boolean(model.get("computer_first")),
  });
  // Two-player mode (trait two_player): two readers alternate on one board, Player 1 in the "reader"
  // slot of the history, Player 2 in the "computer" slot; the computer only referees and reviews.
  // Partizan games draw only White's moves, so they keep the computer as the opponent.
  const twoPlayer = () => !def.partizan && model.get("two_player") === true;
  /** Who played a history slot, in words. */
  const who = (player) => (twoPlayer() ? (player === "reader" ? "Player 1" : "Player 2") : player === "reader" ? "You" : "Computer");

  function save(values) {
    saving = true;
    try {
      for (const [name, value] of Object.entries(values)) model.set(name, value);
      model.save_changes();
    } finally {
      saving = false;
    }
  }

  function say(message) {
    save({ message });
    render();
  }

  function view() {
    return {
      doc,
      el: (tag, attrs, ...children) => el(doc, tag, attrs, ...children),
      selection,
      select(value) {
        selection = value;
        render();
      },
      busy,
      last: flash,
      hint: hintKey === null ? null : JSON.parse(hintKey), // the hinted move, so a compact board can show its button
      moveButton(move, content, { label, className } = {}) {
        const k = key(move);
        const b = el(
          doc,
          "button",
          {
            type: "button",
            className: ["nimlib-move", className, k === hintKey ? "nimlib-hint" : ""].filter(Boolean).join(" "),
            "data-move": k,
            "aria-label": label,
            title: label,
            disabled: busy || undefined,
            // data-move is the source of truth: a game may update it (e.g. a typed heap size)
            onclick: (event) => readerMove(JSON.parse(event.currentTarget.dataset.move)),
          },
          content,
        );
        // The accessible name contains the visible text (WCAG 2.5.3): "3: heap 2 from 5 to 3"
        const shown = (b.textContent || "").trim();
        if (label && shown && !label.includes(shown)) b.setAttribute("aria-label", `${shown}: ${label}`);
        return b;
      },
    };
  }

  function finishMessage(position, history, computerFirst) {
    const w = winner(def, position, params, history, computerFirst);
    if (!w) return null;
    if (twoPlayer()) return `Game over: ${who(w)} wins.`;
    // a partizan game may name the sides (Blue-Red Hackenbush: "Blue", "Red"): an optional hook, words added at the end
    const side = def.sideName ? ` (${def.sideName(w, params)})` : "";
    return w === "reader" ? `Game over: you win${side}.` : `Game over: the computer wins${side}.`;
  }

  function readerMove(move) {
    const { position, history, computerFirst } = state();
    const two = twoPlayer();
    const mover = toMove(history, computerFirst); // in two-player mode either reader moves in turn
    if (busy || (mover !== "reader" && !two) || isOver(def, position, params, mover)) return;
    let m;
    try {
      m = applyMove(def, position, move, params, mover);
    } catch (error) {
      say(`Illegal move: ${error.message}`);
      return;
    }
    const next = [...history, entry(mover, m, position)];
    selection = null;
    hintKey = null;
    flash = null;
    const over = finishMessage(m.after, next, computerFirst);
    save({ position: m.after, history: next, message: "" }); // a finished game is said by the status line
    if (over || two) return render();
    busy = true;
    render();
    timer = setTimeout(() => {
      timer = null;
      busy = false;
      computerTurn();
    }, globalThis.NIMLIB_DELAY ?? DELAY); // tests may set NIMLIB_DELAY = 0
  }

  function computerTurn() {
    snapshot();
    const { position, history, computerFirst } = state();
    if (twoPlayer() || toMove(history, computerFirst) !== "computer" || isOver(def, position, params, "computer")) return render();
    let reply;
    try {
      reply = computerMove(def, position, params, "computer");
    } catch (error) {
      if (!(error instanceof OutOfTable)) throw error;
      save({ message: error.message });
      return render();
    }
    const next = [...history, entry("computer", reply, position)];
    flash = { before: position, after: reply.after, move: reply.move };
    // the status line says "Game over" when it is; the message only says the move (never both the same thing)
    const said = reply.winning ? `I play ${reply.label}.` : `Every move loses against best play; I play ${reply.label}.`;
    save({ position: reply.after, history: next, message: said });
    render();
  }

  function restart(start, computerFirst, winnable = false, two = twoPlayer()) {
    if (timer) clearTimeout(timer);
    timer = null;
    busy = false;
    selection = null;
    hintKey = null;
    flash = null;
    reviewOpen = false;
    const values = { start, position: start, history: [], computer_first: computerFirst };
    if (two !== twoPlayer()) values.two_player = two; // written only when it changes (older kernels lack the trait)
    // the status line says whose move it is (or that the game is over); a deal says the reader can win it
    values.message = two ? "" : winnable && !computerFirst ? "New game: a position you can win with best play." : "";
    save(values);
    const over = finishMessage(start, [], computerFirst);
    if (!over && computerFirst && !two) computerTurn();
    else render();
  }

  function undo() {
    const { history } = state();
    if (!(twoPlayer() ? history.length > 0 : canUndo(history))) return say("Nothing to undo.");
    const h = twoPlayer() ? history.slice(0, -1) : undoHistory(history); // two readers take back one move
    const cut = history[h.length];
    selection = null;
    hintKey = null;
    flash = null;
    save({ position: cut.before, history: h, message: "Move taken back." });
    render();
  }

  function hint() {
    const { position } = state();
    try {
      const best = bestMove(def, position, params, "reader");
      if (best) {
        hintKey = key(best.move);
        // a two-step game shows the hinted move's button once its first step is selected
        if (def.selectFor) selection = def.selectFor(best.move, position, params);
        say(`Hint: ${best.label}.`);
      } else {
        hintKey = null;
        say("Every move loses against best play here: play on and hope for a mistake.");
      }
    } catch (error) {
      if (!(error instanceof OutOfTable)) throw error;
      say(error.message);
    }
  }

  function newGame(text) {
    const { computerFirst, position } = state();
    if (text === undefined) {
      // a new deal is never the position on the board (small games have few), and the reader can win it
      const dealt = dealGame(def, params, rng, position, computerFirst);
      return restart(dealt.position, computerFirst, dealt.winnable);
    }
    if (!text.trim()) return say("Type a position first, then press Start.");
    let start;
    try {
      start = def.parse(text, params);
      def.analyse(start, params, computerFirst ? "computer" : "reader"); // a position beyond the tables is refused here
    } catch (error) {
      return say(`Cannot start there: ${error.message}`);
    }
    // a position with no move would be a game over before it begins: refused, the game on the board kept
    if (isOver(def, start, params, computerFirst ? "computer" : "reader")) {
      return say(`Cannot start there: ${def.format(start, params)} has no move, so the game would be over before it begins. Type a position with at least one move.`);
    }
    restart(start, computerFirst);
  }

  function focusKey(node) {
    if (!node || !root.contains(node)) return null;
    if (node.dataset.move) return `[data-move='${node.dataset.move}']`;
    if (node.dataset.ctl) return `[data-ctl='${node.dataset.ctl}']`;
    if (node.dataset.select) return `[data-select='${node.dataset.select}']`;
    return null;
  }

  let typed = "";
  let detailsOpen = false;
  let reviewOpen = false; // the review of a finished game is open (kept across redraws, closed by a new game)
  let previous = new Map(); // data-part -> state before the computer's reply
  let boardFocus = false; // the keyboard focus was on the board (a move), so it stays there
  const live = el(doc, "div", { className: "nimlib-live", role: "status", "aria-live": "polite" });

  function render() {
    const { position, history, computerFirst } = state();
    const active = doc.activeElement;
    const hadFocus = root.contains(active);
    const focus = focusKey(active);
    const two = twoPlayer();
    const over = isOver(def, position, params, toMove(history, computerFirst));
    const turn = over ? "over" : busy ? "computer" : toMove(history, computerFirst);
    // two players: a reader is always to move (data-turn "reader", data-player 1 or 2), never the computer
    const shown = two && !over ? "reader" : turn;
    const v = { ...view(), turn: shown };
    const box = el(doc, "div", {
      className: "nimlib-play",
      "data-game": def.id,
      "data-position": key(position),
      "data-turn": shown,
      "data-player": two && !over ? (turn === "reader" ? "1" : "2") : undefined,
      "data-k": params.k,
      "data-players": two ? "2" : "1",
    });
    box.append(titleLine(doc, def, params, def.title(params)));
    let board;
    try {
      board = def.draw(position, params, v);
    } catch (error) {
      if (!(error instanceof OutOfTable)) throw error;
      board = el(doc, "p", { text: error.message });
    }
    const boardBox = el(doc, "div", { className: "nimlib-board", role: "group", "aria-label": "board", tabindex: "-1" }, board);
    if (turn !== "reader" && !(two && !over)) boardBox.classList.add("nimlib-waiting");
    box.append(boardBox);
    const status = over
      ? finishMessage(position, history, computerFirst)
      : two
        ? `${who(turn)}'s move: click the board.`
        : turn === "reader"
          ? "Your move: click the board."
          : "The computer is thinking…";
    box.append(el(doc, "div", { className: over ? "nimlib-status nimlib-winner" : "nimlib-status" }, status));
    // the message, without the sentences the status line already says (Python's messages may add
    // "Game over: …" or "Your move.")
    const message = (model.get("message") || "")
      .split(/(?<=[.!?])\s+/)
      .filter((s) => s && !status.startsWith(s.replace(/[.!?]$/, "")))
      .join(" ");
    // One live region that outlives every redraw says the reply in words ("I play heap 2 from 5 to 3.") and the status
    const spoken = message ? `${message} ${status}` : status;
    if (live.textContent !== spoken) live.textContent = spoken;
    if (message) box.append(el(doc, "div", { className: "nimlib-msg", text: message }));
    const controls = el(
      doc,
      "div",
      { className: "nimlib-controls" },
      el(doc, "button", { type: "button", "data-ctl": "undo", disabled: !(two ? history.length > 0 : canUndo(history)) || busy || undefined, onclick: undo }, "Undo"),
      // the referee gives no hints during a two-player game (the review comes at the end)
      el(doc, "button", { type: "button", "data-ctl": "hint", disabled: two || over || busy || turn !== "reader" || undefined, onclick: hint }, "Hint"),
      el(doc, "button", { type: "button", "data-ctl": "new", onclick: () => newGame() }, "New game"),
      el(
        doc,
        "button",
        { type: "button", "data-ctl": "first", "aria-pressed": computerFirst ? "true" : "false", onclick: () => restart(model.get("start"), !computerFirst) },
        two ? (computerFirst ? "Player 1 starts" : "Player 2 starts") : computerFirst ? "Let me start" : "Computer starts",
      ),
      def.partizan
        ? null
        : el(
            doc,
            "button",
            {
              type: "button",
              "data-ctl": "two",
              "aria-pressed": two ? "true" : "false",
              title: two ? "back to playing the computer (a new game)" : "two readers on one board, the computer as referee (a new game)",
              onclick: () => restart(model.get("start"), computerFirst, false, !two),
            },
            "Two players",
          ),
    );
    box.append(controls);
    const input = el(doc, "input", {
      type: "text",
      "data-ctl": "typed",
      "aria-label": "a starting position",
      placeholder: def.format(model.get("start"), params),
      value: typed,
      oninput: (e) => (typed = e.target.value),
      onkeydown: (e) => {
        if (e.key === "Enter") newGame(typed);
      },
    });
    box.append(
      el(doc, "div", { className: "nimlib-typed" }, el(doc, "label", {}, "Start from ", input), " ", el(doc, "button", { type: "button", "data-ctl": "start", onclick: () => newGame(typed) }, "Start")),
    );
    // tabindex: the list scrolls, so a keyboard reaches all of it (axe: scrollable-region-focusable)
    const moves = el(doc, "ol", { className: "nimlib-history", "aria-label": "moves so far", tabindex: "0" });
    history.forEach((e, i) => {
      const last = i === history.length - 1 && e.player === "computer";
      moves.append(
        // data-after: the position the move left, as data-position writes it (for tests and assistive technology)
        el(doc, "li", { className: `nimlib-${e.player}${last ? " nimlib-last" : ""}`, "data-after": key(e.after) }, `${who(e.player)}: ${e.label} → ${def.format(e.after, params)}`),
      );
    });
    if (history.length) box.append(moves);
    if (over && history.length) {
      // the review of the finished game, below the controls (opening it moves nothing above it)
      const review = el(doc, "details", { className: "nimlib-review", "data-review": true, open: reviewOpen || undefined });
      review.addEventListener("toggle", () => {
        reviewOpen = review.open;
        if (review.open) fillReview(review, history);
      });
      review.append(el(doc, "summary", { "data-ctl": "review" }, "Review the game"));
      if (reviewOpen) fillReview(review, history);
      box.append(review);
    }
    const details = el(doc, "details", { className: "nimlib-explain", open: detailsOpen || undefined });
    details.addEventListener("toggle", () => {
      detailsOpen = details.open;
      if (details.open) fillExplanation(details, position, history);
    });
    details.append(el(doc, "summary", {}, "Explain the strategy"));
    if (detailsOpen) fillExplanation(details, position, history);
    box.append(details);
    if (live.parentNode === root && root.firstChild !== live) root.replaceChild(box, root.firstChild);
    else root.replaceChildren(box, live);
    if (flash) highlight(boardBox, flash);
    // Keyboard users keep their place: the same control, else (after a move) the board's first move
    // a control drawn on the board (Moore's "Change up to k heaps at once", which the click replaces) is the board too
    const onBoard = hadFocus && Boolean(active.dataset.ctl) && Boolean(active.closest && active.closest(".nimlib-board"));
    if (hadFocus) boardFocus = Boolean(active.dataset.move || active.dataset.select) || onBoard || (boardFocus && active.classList.contains("nimlib-board"));
    const target = focus && root.querySelector(focus);
    if (target && !target.disabled) target.focus();
    else if (hadFocus && boardFocus) (root.querySelector(".nimlib-board button:not([disabled])") || root.querySelector(".nimlib-board")).focus();
    else if (hadFocus) root.querySelector("[data-ctl='new']").focus();
    moves.scrollTop = moves.scrollHeight;
  }

  // The review: every move's verdict, and the first mistake with the missed winning move and the
  // game's own explanation of the position it was played from (reviewGame). Labels are text nodes;
  // the explanation is the games' own HTML, which escapes what it did not write.
  function fillReview(details, history) {
    for (const node of [...details.children]) if (node.tagName !== "SUMMARY") node.remove();
    let review;
    try {
      review = reviewGame(def, params, history);
    } catch (error) {
      if (!(error instanceof OutOfTable)) throw error;
      details.append(el(doc, "p", { text: `No review: ${error.message}.` }));
      return;
    }
    const m = review.mistake;
    const played = (player) => (twoPlayer() ? `${who(player)} played` : player === "reader" ? "you played" : "the computer played");
    if (m) {
      const missed = m.missed ? ` The winning move was ${m.missed.label}.` : "";
      details.append(el(doc, "p", { className: "nimlib-review-first", text: `First mistake: move ${m.index + 1}, ${played(m.player)} ${m.label}, which gave away the win.${missed}` }));
      details.append(el(doc, "h4", { text: m.missed ? `Why ${m.missed.label} wins` : "The position before the mistake" }));
      details.append(el(doc, "div", { className: "nimlib-review-why", html: m.reason }));
    } else {
      details.append(el(doc, "p", { className: "nimlib-review-first", text: "No move gave away the win: whoever had a winning position kept it to the end." }));
    }
    const list = el(doc, "ol", { className: "nimlib-review-moves", "aria-label": "every move, reviewed" });
    for (const mv of review.moves) {
      const first = m && mv.index === m.index;
      list.append(
        el(doc, "li", { "data-verdict": mv.verdict, className: `nimlib-verdict-${mv.verdict}${first ? " nimlib-first-mistake" : ""}` }, `${who(mv.player)}: ${mv.label}: ${VERDICTS[mv.verdict]}${first ? " (the first mistake)" : ""}`),
      );
    }
    details.append(list);
  }

  function fillExplanation(details, position, history) {
    for (const node of [...details.children]) if (node.tagName !== "SUMMARY") node.remove();
    const last = history[history.length - 1];
    if (last && last.player === "computer") {
      details.append(el(doc, "h4", { text: `Why the computer played ${last.label}` }));
      const played = { move: last.move, after: last.after, label: last.label };
      details.append(el(doc, "div", { html: explainPosition(def, last.before, params, "computer", played) }));
    }
    details.append(el(doc, "h4", { text: "The position now" }));
    details.append(el(doc, "div", { html: explainPosition(def, position, params, toMove(history, computerFirst)) }));
  }

  // The computer's reply: the parts of the board (data-part) that its move changed glow. A game's
  // `changed` hook names them from the move itself (after-position numbering); else parts whose state changed.
  function highlight(boardBox, last) {
    if (def.changed) {
      const keys = new Set(def.changed(last.before, last.move, last.after, params));
      for (const node of boardBox.querySelectorAll("[data-part]")) if (keys.has(node.dataset.part ?? node.getAttribute("data-part"))) node.classList.add("nimlib-changed");
      return;
    }
    const now = new Map([...boardBox.querySelectorAll("[data-part]")].map((n) => [n.dataset.part, n.dataset.state ?? n.textContent]));
    for (const node of boardBox.querySelectorAll("[data-part]")) {
      const was = previous.get(node.dataset.part);
      if (was !== undefined && was !== (node.dataset.state ?? node.textContent)) node.classList.add("nimlib-changed");
    }
    previous = now;
  }

  // Remember the parts before the computer replies, so highlight() can compare
  function snapshot() {
    const boardBox = root.querySelector(".nimlib-board");
    if (boardBox) previous = new Map([...boardBox.querySelectorAll("[data-part]")].map((n) => [n.dataset.part, n.dataset.state ?? n.textContent]));
  }

  const onChange = () => {
    if (saving) return;
    if (timer) clearTimeout(timer);
    timer = null;
    busy = false;
    selection = null;
    hintKey = null;
    flash = null;
    render();
  };
  model.on("change:position", onChange);
  model.on("change:history", onChange);
  model.on("change:message", onChange);
  model.on("change:two_player", onChange);

  const detach = () => {
    if (timer) clearTimeout(timer);
    model.off("change:position", onChange);
    model.off("change:history", onChange);
    model.off("change:message", onChange);
    model.off("change:two_player", onChange);
  };
  const { position, history, computerFirst } = state();
  try {
    if (history.length === 0 && computerFirst && !twoPlayer() && !isOver(def, position, params, "computer")) computerTurn();
    else render();
  } catch (error) {
    // a state every check passed that the game still cannot draw: say so in its place, throw nothing
    detach();
    return stateRefused(root, `This game could not be shown: ${error.message}.`);
  }
  return detach;
}

export default {
  render({ model, el: root }) {
    // puzzle mode: mountPuzzle is defined by puzzle.js, which the bundle puts right after this file
    if (model.get("mode") === "puzzle") return mountPuzzle(model, root); // eslint-disable-line no-undef
    if (model.get("mode") === "drill") return mountDrill(model, root); // eslint-disable-line no-undef -- drill.js, in the bundle
    return mount(model, root);
  },
};
