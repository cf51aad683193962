// Nim, misère Nim, Moore's Nim_k and misère Nim_k: heaps of stones, computed in the page with BigInt.
//
// Position: heap sizes [3, 4, 5] (emptied heaps stay as 0; sizes up to 2^53 - 1, exact as JSON numbers).
// Move: [heap, new_size]; a Moore move that changes several heaps is [[h, b], [h2, b2], ...] (sorted).
// params: { k } (Moore's k, default 1). Heaps are numbered from 0, as nimlib.explain numbers them.
//
// The rules (checked exhaustively against nimlib by tests/test_js_games.py):
// - Nim_k in normal play (Moore 1910): P exactly when every binary column sums to 0 mod k + 1.
// - Misère Nim_k: when every heap is 0 or 1, P exactly when the number of 1-heaps is 1 mod k + 1;
//   otherwise the same as normal play (k = 1: Bouton's misère rule).

import { register, readTokens, readWhole, escapeHtml, plural, stateNaturalsError, stateOptionalIntError } from "../core.js";

const NIM_MAX = 2 ** 53 - 1;
const NIM_STONES = 13; // heaps up to this size are drawn stone by stone (one line on a 390 px phone)
const NIM_TOP = 8; // a larger heap shows its count, its top stones and a box for any new size

function nimK(params) {
  return Math.max(1, Number((params && params.k) || 1));
}

function nimBig(position) {
  return position.map((h) => BigInt(h));
}

/** Column sums mod k + 1, highest bit first, padded to `width`. */
export function nimColumnSums(heaps, k, width) {
  const sums = [];
  for (let bit = width - 1; bit >= 0; bit--) {
    let s = 0;
    for (const h of heaps) if ((BigInt(h) >> BigInt(bit)) & 1n) s++;
    sums.push(s % (k + 1));
  }
  return sums;
}

function nimWidth(heaps) {
  return Math.max(1, ...heaps.map((h) => BigInt(h).toString(2).length * (BigInt(h) > 0n ? 1 : 0)));
}

/** True when the player to move loses Nim_k (normal play). */
export function nimIsP(position, k = 1) {
  const heaps = nimBig(position);
  return nimColumnSums(heaps, k, nimWidth(heaps)).every((s) => s === 0);
}

/** True when the player to move loses misère Nim_k. */
export function nimMisereIsP(position, k = 1) {
  if (position.every((h) => Number(h) <= 1)) {
    const ones = position.filter((h) => Number(h) === 1).length;
    return ones % (k + 1) === 1;
  }
  return nimIsP(position, k);
}

/**
 * Moore's winning move, bit by bit from the top (as nimlib.moore.winning_move): sorted [[heap, new]]
 * pairs, or null at a P-position.
 */
export function mooreWinning(position, k = 1) {
  const heaps = nimBig(position);
  if (nimIsP(heaps, k)) return null;
  const fresh = heaps.slice();
  const changed = [];
  for (let bit = nimWidth(heaps) - 1; bit >= 0; bit--) {
    const mask = 1n << BigInt(bit);
    const untouched = [];
    heaps.forEach((h, i) => {
      if (!changed.includes(i) && (h & mask) !== 0n) untouched.push(i);
    });
    const s = (untouched.length + changed.length) % (k + 1);
    for (const i of changed) fresh[i] |= mask;
    if (s <= changed.length) {
      for (const i of changed.slice(0, s)) fresh[i] &= ~mask;
    } else {
      for (const i of changed) fresh[i] &= ~mask;
      for (const i of untouched.slice(0, s - changed.length)) {
        fresh[i] &= ~mask;
        changed.push(i);
      }
    }
  }
  return changed.sort((a, b) => a - b).map((i) => [i, Number(fresh[i])]);
}

/** The misère winning move of Nim_k as sorted pairs, or null at a P-position (or with no stone left). */
export function mooreMisereWinning(position, k = 1) {
  const heaps = position.map(Number);
  if (heaps.every((h) => h <= 1)) {
    const ones = heaps.map((h, i) => [h, i]).filter(([h]) => h === 1).map(([, i]) => i);
    const r = (ones.length - 1 + (k + 1)) % (k + 1); // remove r 1-heaps to leave 1 mod k + 1
    if (ones.length === 0 || r === 0) return null;
    return ones.slice(0, r).map((i) => [i, 0]);
  }
  const normal = mooreWinning(position, k);
  if (normal === null) return null;
  const after = heaps.slice();
  for (const [i, b] of normal) after[i] = b;
  if (after.some((h) => h > 1)) return normal;
  // The normal move would leave only 0- and 1-heaps: every heap above 1 is in it (at most k of them).
  // Take those to 0 or 1 and, with the moves left, remove 1-heaps, so the 1-heaps are 1 mod k + 1.
  const big = heaps.map((h, i) => [h, i]).filter(([h]) => h > 1).map(([, i]) => i);
  const ones = heaps.map((h, i) => [h, i]).filter(([h]) => h === 1).map(([, i]) => i);
  for (let x = big.length; x >= 0; x--) {
    for (let y = 0; y <= Math.min(ones.length, k - big.length); y++) {
      if ((ones.length - y + x) % (k + 1) === 1) {
        const move = [...big.map((i, j) => [i, j < x ? 1 : 0]), ...ones.slice(0, y).map((i) => [i, 0])];
        return move.sort((a, b) => a[0] - b[0]);
      }
    }
  }
  return null;
}

/**
 * The page's winning move of Nim_k (normal or misère) as sorted pairs: a move that changes one heap
 * whenever one wins (the reader sees it at once), else Moore's move above; null at a P-position.
 */
export function mooreBestPairs(position, k = 1, misere = false) {
  const full = misere ? mooreMisereWinning(position, k) : mooreWinning(position, k);
  if (k === 1 || full === null || full.length === 1) return full;
  const heaps = nimBig(position);
  const width = nimWidth(heaps);
  const isP = misere ? nimMisereIsP : nimIsP;
  for (let i = 0; i < heaps.length; i++) {
    // the one new size of heap i that makes every column a multiple of k + 1, if any
    const others = heaps.filter((_, j) => j !== i);
    const sums = nimColumnSums(others, k, width);
    let b = 0n;
    if (sums.every((s) => s === 0 || s === k)) for (const s of sums) b = (b << 1n) | (s === k ? 1n : 0n);
    else b = -1n;
    for (const c of [b, 0n, 1n]) {
      if (c < 0n || c >= heaps[i]) continue;
      const after = position.slice();
      after[i] = Number(c);
      if (isP(after, k)) return [[i, Number(c)]];
    }
  }
  return full;
}

function nimPairsLabel(position, pairs) {
  return pairs.map(([i, b]) => `heap ${i} from ${position[i]} to ${b}`).join(", ");
}

/** A move as data-move JSON: one pair [i, b] for a single heap, the list of pairs otherwise. */
function nimMoveJson(pairs) {
  return pairs.length === 1 ? pairs[0] : pairs;
}

function nimAsPairs(move) {
  if (!Array.isArray(move) || move.length === 0) throw new Error("a move is [heap, new_size] or a list of them");
  return Array.isArray(move[0]) ? move : [move];
}

/** Play `move` from `position` (Error if illegal): {move, after, label}. */
export function nimApply(position, move, k = 1) {
  const pairs = nimAsPairs(move);
  if (pairs.length > k) throw new Error(`a move may change at most ${k} heap${k === 1 ? "" : "s"}`);
  const after = position.slice();
  const seen = new Set();
  for (const pair of pairs) {
    if (!Array.isArray(pair) || pair.length !== 2) throw new Error("each part of a move is [heap, new_size]");
    const [i, b] = pair;
    if (!Number.isInteger(i) || i < 0 || i >= position.length) throw new Error(`there is no heap ${i}`);
    if (!Number.isInteger(b) || b < 0 || b >= position[i]) throw new Error(`heap ${i} has ${plural(position[i], "stone")}; it cannot become ${b}`);
    if (seen.has(i)) throw new Error(`the move names heap ${i} twice`);
    seen.add(i);
    after[i] = b;
  }
  const sorted = pairs.map((p) => [p[0], p[1]]).sort((a, b) => a[0] - b[0]);
  return { move: nimMoveJson(sorted), after, label: nimPairsLabel(position, sorted), parts: sorted.map(([i]) => i) };
}

/** Every move of Nim_k from a small position (single heaps first). */
export function nimMoves(position, k = 1, limit = 100000) {
  const live = position.map((h, i) => [h, i]).filter(([h]) => h > 0).map(([, i]) => i);
  const out = [];
  const combos = (start, size, chosen) => {
    if (chosen.length === size) {
      const expand = (j, pairs) => {
        if (out.length > limit) throw new Error("too many moves to list");
        if (j === chosen.length) return out.push(nimApply(position, pairs, k));
        for (let b = 0; b < position[chosen[j]]; b++) expand(j + 1, [...pairs, [chosen[j], b]]);
      };
      return expand(0, []);
    }
    for (let t = start; t < live.length; t++) combos(t + 1, size, [...chosen, live[t]]);
  };
  for (let size = 1; size <= Math.min(k, live.length); size++) combos(0, size, []);
  return out;
}

function nimParse(text) {
  const parts = readTokens(String(text).replace(/[()[\]{}]/g, " "));
  if (parts.length === 0) throw new Error("type heap sizes, e.g. 3 4 5");
  if (parts.length > 30) throw new Error("at most 30 heaps");
  return parts.map((p, i) => {
    if (!/^\d+$/.test(p)) throw new Error(`heap ${i} must be a whole number of stones, got "${p}"`);
    const n = Number(p);
    if (!Number.isSafeInteger(n) || n > NIM_MAX) throw new Error(`heap ${i} may have at most 2⁵³ − 1 = ${NIM_MAX} stones`);
    return n;
  });
}

function nimFormat(position) {
  return `(${position.join(", ")})`;
}

/** The binary XOR (or Moore's column sums) step by step, as nimlib.explain.XorSteps shows it. */
export function nimExplainData(position, k = 1, misere = false) {
  const heaps = nimBig(position);
  const width = nimWidth(heaps);
  const rows = heaps.map((h) => h.toString(2).padStart(width, "0"));
  const sums = nimColumnSums(heaps, k, width);
  const total = heaps.reduce((a, b) => a ^ b, 0n);
  const top = sums.findIndex((s) => s !== 0);
  const topBit = top === -1 ? null : width - 1 - top;
  const move = mooreBestPairs(position, k, misere);
  const steps = [];
  if (k === 1) {
    steps.push(`nim-sum S = ${heaps.join(" ⊕ ") || "0"} = ${total} (binary ${total.toString(2).padStart(width, "0")})`);
  } else {
    steps.push(`column sums of the bits, mod ${k + 1}: ${sums.join(" ")}`);
  }
  const small = position.every((h) => Number(h) <= 1);
  if (misere && small) {
    const ones = position.filter((h) => Number(h) === 1).length;
    steps.push(`misère play with only 0- and 1-heaps: ${ones} heap${ones === 1 ? "" : "s"} of 1, each move removes ${k === 1 ? "one" : `1 to ${k}`}`);
    if (ones === 0) steps.push("no stone is left: whoever took the last one lost, so the player to move has won");
    else if (move === null) steps.push(`${ones} is 1 mod ${k + 1}: the player to move will be left with the last stone and loses`);
    else {
      const left = ones - move.length;
      steps.push(`take ${move.length}: ${left === 1 ? "1 heap of 1 is" : `${left} heaps of 1 are`} left, 1 mod ${k + 1}: the opponent takes the last`);
      for (const [i, b] of move) steps.push(`move: heap ${i} from ${heaps[i]} to ${b}`);
    }
  } else if (move === null) {
    steps.push(
      k === 1
        ? "S = 0: every move leaves a non-zero nim-sum; a P-position, the player to move loses"
        : `every column is a multiple of ${k + 1}: a P-position, the player to move loses`,
    );
  } else {
    const normal = mooreWinning(position, k);
    const same = key2(normal) === key2(move);
    // misère play: the move leaves a heap above 1 (then the normal-play rule decides), or only 0s and 1s
    const leavesBig = (pairs) => position.some((h, i) => Number((pairs.find(([j]) => j === i) || [i, h])[1]) > 1);
    const bigLeft = leavesBig(move);
    if (k === 1) {
      steps.push(`the highest set bit of S is ${nimPower(topBit)} = ${1n << BigInt(topBit)}`);
      if (same) {
        const [i, b] = move[0];
        steps.push(`heap ${i} (${heaps[i]} = ${rows[i]}) has that bit, so ${heaps[i]} ⊕ ${total} = ${b} < ${heaps[i]}`);
      }
    } else {
      steps.push(`the highest column that is not a multiple of ${k + 1} is ${nimPower(topBit)}`);
    }
    if (misere && bigLeft) steps.push("misère play: a heap above 1 remains afterwards, so the normal-play rule is right");
    if (misere && !bigLeft && leavesBig(normal)) steps.push(`misère play: this move leaves only heaps of 0 and 1, and a number of 1-heaps that is 1 mod ${k + 1}`);
    if (misere && !bigLeft && !leavesBig(normal)) {
      steps.push(`misère play: the normal-play move would leave only heaps of 0 and 1 with the wrong count of 1s; leave a number of 1-heaps that is 1 mod ${k + 1} instead`);
    }
    for (const [i, b] of move) {
      steps.push(`move: heap ${i} from ${heaps[i]} (binary ${heaps[i].toString(2)}) to ${b} (binary ${b.toString(2)})`);
    }
    steps.push(misere && !bigLeft ? `after the move the heaps of 1 number 1 mod ${k + 1}` : k === 1 ? "the new nim-sum is 0" : `after the move every column sum is a multiple of ${k + 1}`);
  }
  return { rows, width, sums, total, topBit, move, steps };
}

/** 2 to the power `bit`, written as in the book: 2 with a superscript exponent. */
function nimPower(bit) {
  return `2${[...String(bit)].map((d) => "⁰¹²³⁴⁵⁶⁷⁸⁹"[Number(d)]).join("")}`;
}

function key2(pairs) {
  return JSON.stringify(pairs);
}

export function nimExplain(position, k = 1, misere = false) {
  const d = nimExplainData(position, k, misere);
  const topCol = d.topBit === null ? -1 : d.width - 1 - d.topBit;
  const cls = (j) => (j === topCol ? ' class="nimlib-top"' : "");
  const chosen = new Map((d.move || []).map(([i, b]) => [i, b]));
  const head = [...Array(d.width).keys()].map((j) => `<th${cls(j)}>2<sup>${d.width - 1 - j}</sup></th>`).join("");
  const body = position
    .map((h, i) => {
      const bits = [...d.rows[i]].map((b, j) => `<td${cls(j)}>${b}</td>`).join("");
      const mark = chosen.has(i) ? ' class="nimlib-chosen"' : "";
      return `<tr${mark}><th>heap ${i}</th><td class="nimlib-size">${h}</td>${bits}<td>${chosen.has(i) ? `→ ${chosen.get(i)}` : ""}</td></tr>`;
    })
    .join("");
  const name = k === 1 ? "parity" : `sum mod ${k + 1}`;
  const sums = d.sums.map((s, j) => `<td${cls(j)}>${s}</td>`).join("");
  return (
    `<table class="nimlib-xor"><tr><th></th><th>size</th>${head}<th></th></tr>${body}` +
    `<tr class="nimlib-sum"><th>${name}</th><td></td>${sums}<td></td></tr></table>` +
    `<ol>${d.steps.map((s) => `<li>${escapeHtml(s)}</li>`).join("")}</ol>`
  );
}

function nimDraw(position, params, view) {
  const k = nimK(params);
  const selecting = k > 1 && view.selection !== null && view.selection !== undefined;
  const chosen = selecting ? view.selection : {};
  const full = Object.keys(chosen).length >= k;
  const board = view.el("div", { className: "nimlib-heaps" });
  position.forEach((size, i) => {
    const row = view.el("div", { className: "nimlib-row", "data-part": `heap-${i}`, "data-state": String(size) });
    row.append(view.el("span", { className: "nimlib-row-label" }, `heap ${i}: ${size}`));
    const stone = (j) => {
      const label = `take ${size - j}: heap ${i} becomes ${j}`;
      if (!selecting) return view.moveButton([i, j], "", { label, className: "nimlib-stone" });
      const picked = i in chosen && j >= chosen[i];
      return view.el("button", {
        type: "button",
        className: `nimlib-stone${picked ? " nimlib-selected" : ""}`,
        "data-select": JSON.stringify([i, j]),
        "aria-label": `choose: heap ${i} becomes ${j}`,
        title: `choose: heap ${i} becomes ${j}`,
        "aria-pressed": picked ? "true" : "false",
        disabled: view.busy || (full && !(i in chosen)) || undefined,
        onclick: () => {
          const next = { ...chosen };
          if (next[i] === j) delete next[i];
          else next[i] = j;
          view.select(next);
        },
      });
    };
    if (size <= NIM_STONES) {
      for (let j = 0; j < size; j++) row.append(stone(j));
    } else {
      // the hinted new size (or the selected one), if it is among the stones not drawn, is drawn too
      const shown = (j) => j === 0 || j >= size - NIM_TOP;
      const hinted = view.hint && !Array.isArray(view.hint[0]) && view.hint[0] === i ? view.hint[1] : null;
      const extra = [hinted, i in chosen ? chosen[i] : null].filter((j) => j !== null && !shown(j));
      row.append(stone(0));
      if (extra.length) {
        const j = extra[0];
        if (j > 1) row.append(view.el("span", { className: "nimlib-more" }, `… ${j - 1} more …`));
        row.append(stone(j));
        if (size - NIM_TOP - j - 1 > 0) row.append(view.el("span", { className: "nimlib-more" }, `… ${size - NIM_TOP - j - 1} more …`));
      } else {
        row.append(view.el("span", { className: "nimlib-more" }, `… ${size - 1 - NIM_TOP} more …`));
      }
      for (let j = size - NIM_TOP; j < size; j++) row.append(stone(j));
      if (!selecting) row.append(nimSizeBox(view, position, i));
    }
    board.append(row);
  });
  if (k > 1) {
    const bar = view.el("div", { className: "nimlib-row" });
    if (!selecting) {
      bar.append(view.el("button", { type: "button", "data-ctl": "several", disabled: view.busy || undefined, onclick: () => view.select({}) }, `Change up to ${k} heaps at once`));
    } else {
      const pairs = Object.entries(chosen).map(([i, b]) => [Number(i), b]).sort((a, b) => a[0] - b[0]);
      if (pairs.length) {
        bar.append(view.moveButton(nimMoveJson(pairs), "Play these", { label: `play ${nimPairsLabel(position, pairs)}` }));
      } else {
        bar.append(view.el("span", { className: "nimlib-more nimlib-help" }, `in up to ${k} heaps, click a stone: it and the stones above it are taken`));
      }
      bar.append(view.el("button", { type: "button", "data-ctl": "cancel", onclick: () => view.select(null) }, "One heap at a time"));
    }
    board.append(bar);
  }
  return board;
}

/** For a heap too large to draw: a box for any new size and the button that plays it. */
function nimSizeBox(view, position, i) {
  const size = position[i];
  const box = view.el("span", { className: "nimlib-more" });
  const input = view.el("input", { type: "number", min: 0, max: size - 1, "aria-label": `new size of heap ${i}`, style: "width:9em" });
  const button = view.moveButton([i, 0], "set", { label: `heap ${i} becomes the size in the box` });
  button.disabled = true;
  input.addEventListener("input", () => {
    const n = readWhole(input.value); // core's one reading of a typed number
    const ok = n !== null && n >= 0 && n < size;
    button.disabled = !ok || view.busy;
    if (ok) button.dataset.move = JSON.stringify([i, n]);
  });
  box.append("new size ", input, " ", button);
  return box;
}

// The most heaps a saved position may hold (nimlib.boards.MAX_CELLS, the longest board; tests/test_js_bounds.py)
export const NIM_MAX_HEAPS = 1000;

/** The saved state's shape (core's mount calls it before drawing): params.k, then the heaps. */
export function nimValidate(position, params) {
  const bad = stateOptionalIntError(params.k, "params.k", 1, NIM_MAX_HEAPS);
  if (bad || position === undefined) return bad;
  return stateNaturalsError(position, "the heaps", { most: NIM_MAX_HEAPS, max: NIM_MAX });
}

function nimRandom(rng, params) {
  const k = nimK(params);
  const heaps = k === 1 ? 3 + Math.floor(rng() * 3) : k + 2 + Math.floor(rng() * 3);
  return Array.from({ length: heaps }, () => 1 + Math.floor(rng() * 15));
}

function nimDefine(id, misere) {
  register({
    id,
    title: (params) => {
      const k = nimK(params);
      const sub = [...String(k)].map((d) => String.fromCharCode(0x2080 + Number(d))).join("");
      const base = k === 1 ? "Nim" : `Moore's Nim${sub}`;
      return misere ? `${base}, misère play` : base;
    },
    rules: (params) => {
      const k = nimK(params);
      const move = k === 1 ? "Take any number of stones from one heap." : `Take stones from 1 to ${k} heaps (any number from each).`;
      return `${move} ${misere ? "Whoever takes the last stone loses." : "Whoever takes the last stone wins."}`;
    },
    misere: () => misere,
    parse: (text) => nimParse(text),
    validate: nimValidate,
    format: (position) => nimFormat(position),
    random: nimRandom,
    moves: (position, params) => nimMoves(position, nimK(params)),
    apply: (position, move, params) => nimApply(position, move, nimK(params)),
    isOver: (position) => position.every((h) => Number(h) === 0),
    analyse: (position, params) => {
      const k = nimK(params);
      const components = position.map((h, i) => ({ label: `heap ${i}`, value: BigInt(h) }));
      if (k === 1) return { components, total: components.reduce((a, c) => a ^ c.value, 0n) };
      const width = nimWidth(position);
      // Nim_k is not a sum in the Sprague–Grundy sense; total is 0 exactly at P-positions
      const total = nimColumnSums(position, k, width).reduce((a, s) => (a << 1n) | (s ? 1n : 0n), 0n);
      return { components, total };
    },
    best: (position, params) => {
      const k = nimK(params);
      const pairs = mooreBestPairs(position, k, misere);
      return pairs ? nimApply(position, nimMoveJson(pairs), k) : null;
    },
    stall: (position, params) => {
      let i = 0;
      position.forEach((h, j) => {
        if (Number(h) > Number(position[i])) i = j;
      });
      return Number(position[i]) > 0 ? nimApply(position, [i, position[i] - 1], nimK(params)) : null;
    },
    explain: (position, params) => nimExplain(position, nimK(params), misere),
    draw: nimDraw,
    changed: (before, move) => nimAsPairs(move).map(([i]) => `heap-${i}`),
    // Hint: a move that changes several heaps is played from the selection of those heaps
    selectFor: (move) => (Array.isArray(move[0]) ? Object.fromEntries(move.map(([i, b]) => [i, b])) : null),
  });
}

nimDefine("nim", false);
nimDefine("misere-nim", true);
nimDefine("moore", false);
nimDefine("misere-moore", true);
