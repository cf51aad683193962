// Blue-Red Hackenbush on stalks and small trees (chapter "A bridge to partizan games"): Blue (Left) cuts
// blue edges, Red (Right) red ones; whatever no longer touches the ground falls; who cannot cut loses.
//
// params: { edges: [[parent, child], ...], colours: "BRB...", reader: "B" | "R" } from
//   nimlib.partizan.BlueRedHackenbush: a forest on the ground (vertex 0); edge i joins its parent vertex
//   (0 or j + 1 for an earlier edge j) to vertex i + 1; colours[i] is its colour; `reader` is the colour
//   the reader plays (default "B"), the computer plays the other.
// Position: the indices of the edges still standing, sorted (each joined to the ground). Move: [edge].
//
// Partizan: moves depend on who moves (`turn`: "reader" or "computer"); `partizan: true` asks the core
// to pass it. Values: every Blue-Red Hackenbush position is a number (Winning Ways, ch. 2). A piece (the
// edges above one ground edge) is valued by the simplicity rule on its options, memoized; a stalk's value
// is also its sign expansion (Berlekamp's rule: +-1 per edge up to the first change of colour, then
// +-1/2, +-1/4, ...), which the explanation writes out. The position's value is the sum of its pieces'.
// Strategy: Blue wins moving first exactly when some cut leaves a value >= 0, Red when some cut leaves
// <= 0; the computer plays the cut that changes the total least in its favour (the best value it can
// leave), which wins whenever a win exists. tests/js/test_blue_red.test.mjs and tests/test_js_blue_red.py
// check every position of the book's pictures, both turns, against nimlib's search.

import { register, escapeHtml, stateKind, stateNaturalsError, readEdgeNumbers } from "../core.js";

export const BR_MAX_EDGES = 24; // nimlib.partizan.MAX_PICTURE_EDGES
export const BR_MAX_PIECE_POSITIONS = 1024; // nimlib.partizan.MAX_PIECE_POSITIONS: positions of one piece, valued by search
const BR_UNIT = 52; // pixels per layout unit
const BR_SVG = "http://www.w3.org/2000/svg";
const BR_CSS = `
.nimlib-br-pic { position: relative; max-width: 100%; }
.nimlib-play .nimlib-br .nimlib-br-edge, .nimlib-puzzle .nimlib-br .nimlib-br-edge, .nimlib-br .nimlib-br-mark {
  position: absolute; min-width: 28px; height: 24px; min-height: 24px; padding: 0 3px; border-radius: 12px;
  font: bold 12px/20px ui-monospace, monospace; text-align: center; box-sizing: border-box; }
.nimlib-br .nimlib-br-B { background: #dbe8fb; border: 2px solid #1f5fbf; color: #123a75; }
.nimlib-br .nimlib-br-R { background: repeating-linear-gradient(45deg, #fbe0dd, #fbe0dd 3px, #fff 3px, #fff 6px); border: 2px dashed #b03a2e; color: #7a1f16; }
.nimlib-br .nimlib-br-mark { opacity: 0.85; }
.nimlib-br-why table { border-collapse: collapse; }
.nimlib-br-why td, .nimlib-br-why th { padding: 1px 8px 1px 0; text-align: left; vertical-align: top; }
`;

function brEdges(params) {
  return (params && params.edges) || [];
}

function brColours(params) {
  return String((params && params.colours) || "");
}

/** The colour the player `turn` cuts: the reader's (params.reader, "B" by default) or the other. */
export function brColour(turn, params) {
  const reader = params && params.reader === "R" ? "R" : "B";
  return turn === "computer" ? (reader === "B" ? "R" : "B") : reader;
}

const brName = (c) => (c === "B" ? "Blue" : "Red");
const brWord = (c) => (c === "B" ? "blue" : "red");

/** The edges of `standing` still joined to the ground (every edge below them standing), sorted. */
export function brGrounded(edges, standing) {
  const present = new Set(standing);
  const kept = new Set();
  for (const i of [...present].sort((a, b) => a - b)) {
    const parent = edges[i][0];
    if (parent === 0 || kept.has(parent - 1)) kept.add(i); // parents come before their children
  }
  return [...kept].sort((a, b) => a - b);
}

/** The pieces standing: for each ground edge standing, the standing edges above it (itself first), sorted. */
export function brPieces(edges, position) {
  const pieceOf = new Map();
  const pieces = [];
  for (const i of position) {
    const parent = edges[i][0];
    if (parent === 0) {
      pieceOf.set(i, pieces.length);
      pieces.push([i]);
    } else {
      const r = pieceOf.get(parent - 1);
      pieceOf.set(i, r);
      pieces[r].push(i);
    }
  }
  return pieces;
}

const BR_MEMO = new Map(); // key of (picture, piece) -> value

/** The simplest number strictly between lo and hi (null: no bound). Dyadic numbers are exact doubles here. */
export function brSimplest(lo, hi) {
  if ((lo === null || lo < 0) && (hi === null || hi > 0)) return 0;
  if (hi !== null && hi <= 0) {
    const n = Math.ceil(hi) - 1;
    if (lo === null || n > lo) return n;
  } else {
    const n = Math.floor(lo) + 1;
    if (hi === null || n < hi) return n;
  }
  for (let d = 2; d <= 2 ** 40; d *= 2) {
    const k = Math.floor(lo * d) + 1;
    if (k / d < hi) return k / d;
  }
  throw new Error("no dyadic number found between the options"); // cannot happen for lo < hi
}

/** The value of the standing edges `piece` (one piece, grounded) by the simplicity rule on its options. */
export function brPieceValue(edges, colours, piece) {
  if (piece.length === 0) return 0;
  const k = `${colours}|${edges.map((e) => e[0]).join(",")}|${piece.join(",")}`; // the picture (each edge's parent) and the piece
  if (BR_MEMO.has(k)) return BR_MEMO.get(k);
  let best = { B: null, R: null };
  for (const i of piece) {
    const c = colours[i];
    const after = brGrounded(
      edges,
      piece.filter((j) => j !== i),
    );
    const v = brPositionValue(edges, colours, after);
    if (c === "B") best.B = best.B === null ? v : Math.max(best.B, v);
    else best.R = best.R === null ? v : Math.min(best.R, v);
  }
  const value = brSimplest(best.B, best.R);
  if (BR_MEMO.size > 200000) BR_MEMO.clear();
  BR_MEMO.set(k, value);
  return value;
}

/** The value of a position: the sum of its pieces' values. */
export function brPositionValue(edges, colours, position) {
  return brPieces(edges, position).reduce((s, piece) => s + brPieceValue(edges, colours, piece), 0);
}

/** A piece is a stalk when each edge carries at most one edge: then its edges, from the ground up. */
function brStalk(edges, piece) {
  const above = new Map();
  for (const i of piece) {
    const p = edges[i][0];
    if (p !== 0) {
      if (above.has(p - 1)) return null;
      above.set(p - 1, i);
    }
  }
  const out = [piece[0]];
  while (above.has(out[out.length - 1])) out.push(above.get(out[out.length - 1]));
  return out;
}

/** Berlekamp's sign expansion of a stalk's colours: the signed weights, one per edge from the ground. */
export function brSignExpansion(colours) {
  const terms = [];
  let weight = 1;
  let changed = false;
  for (let i = 0; i < colours.length; i++) {
    if (!changed && i > 0 && colours[i] !== colours[0]) changed = true;
    if (changed) weight /= 2;
    terms.push(colours[i] === "B" ? weight : -weight);
  }
  return terms;
}

/** A dyadic number as a fraction: "3/4", "−5/2", "2". */
export function brFormat(x) {
  if (x === 0) return "0";
  let d = 1;
  while (!Number.isInteger(x * d) && d < 2 ** 40) d *= 2;
  const n = x * d;
  const sign = n < 0 ? "−" : "";
  return d === 1 ? `${sign}${Math.abs(n)}` : `${sign}${Math.abs(n)}/${d}`;
}

function brSigned(x) {
  return (x < 0 ? "−" : "+") + brFormat(Math.abs(x));
}

function brLabel(colours, i) {
  return `cut ${brWord(colours[i])} edge ${i}`;
}

/** Every cut of the mover's colour: {move: [i], after, label, parts: [piece]}. */
export function brMoves(position, params, turn = "reader") {
  const edges = brEdges(params);
  const colours = brColours(params);
  const colour = brColour(turn, params);
  const pieceOf = new Map();
  brPieces(edges, position).forEach((piece, r) => piece.forEach((i) => pieceOf.set(i, r)));
  return position
    .filter((i) => colours[i] === colour)
    .map((i) => ({
      move: [i],
      after: brGrounded(
        edges,
        position.filter((j) => j !== i),
      ),
      label: brLabel(colours, i),
      parts: [pieceOf.get(i)],
    }));
}

/**
 * The mover's choice: each cut with the value it leaves, the best of them for the mover (Blue wants the
 * value high, Red low; ties: the first edge), and whether it wins (Blue: value >= 0 after her cut, Red: <= 0).
 */
export function brChoice(position, params, turn = "reader") {
  const edges = brEdges(params);
  const colours = brColours(params);
  const colour = brColour(turn, params);
  const value = brPositionValue(edges, colours, position);
  const options = brMoves(position, params, turn).map((m) => ({ ...m, value: brPositionValue(edges, colours, m.after) }));
  let best = null;
  for (const o of options) {
    if (best === null || (colour === "B" ? o.value > best.value : o.value < best.value)) best = o;
  }
  const wins = best !== null && (colour === "B" ? best.value >= 0 : best.value <= 0);
  return { colour, value, options, best, wins };
}

function brBest(position, params, turn = "reader") {
  const { best, wins } = brChoice(position, params, turn);
  return wins ? { move: best.move, after: best.after, label: best.label } : null;
}

function brStall(position, params, turn = "reader") {
  const { best } = brChoice(position, params, turn);
  return best ? { move: best.move, after: best.after, label: best.label } : null;
}

/** The pieces with their values; `total` is 1 when the player to move wins, else 0 (the value is not an integer). */
function brAnalyse(position, params, turn = "reader") {
  const edges = brEdges(params);
  const colours = brColours(params);
  const components = brPieces(edges, position).map((piece) => ({
    label: `${brStalk(edges, piece) ? "stalk" : "tree"} on edge ${piece[0]}`,
    value: brPieceValue(edges, colours, piece),
  }));
  return { components, total: brChoice(position, params, turn).wins ? 1 : 0 };
}

/** The explanation: each piece's value (a stalk's sign expansion, a tree's simplicity rule), the total, its sign, the move. */
export function brExplainData(position, params, turn = "reader") {
  const edges = brEdges(params);
  const colours = brColours(params);
  const rows = brPieces(edges, position).map((piece) => {
    const stalk = brStalk(edges, piece);
    const value = brPieceValue(edges, colours, piece);
    if (stalk) {
      const word = stalk.map((i) => colours[i]).join("");
      return { piece, kind: "stalk", word, terms: brSignExpansion(word), value };
    }
    let lo = null;
    let hi = null;
    for (const i of piece) {
      const v = brPositionValue(edges, colours, brGrounded(edges, piece.filter((j) => j !== i)));
      if (colours[i] === "B") lo = lo === null ? v : Math.max(lo, v);
      else hi = hi === null ? v : Math.min(hi, v);
    }
    return { piece, kind: "tree", lo, hi, value };
  });
  const choice = brChoice(position, params, turn);
  return { rows, ...choice };
}

function brExplain(position, params, turn = "reader") {
  const d = brExplainData(position, params, turn);
  const mover = brName(d.colour);
  const who = turn === "computer" ? "the computer" : "you";
  const lines = d.rows.map((r) => {
    const edgesText = `edge${r.piece.length === 1 ? "" : "s"} ${r.piece.join(", ")}`;
    if (r.kind === "stalk") {
      const terms = r.terms.map((t) => brSigned(t)).join(" ");
      return `<tr><td>stalk <code>${escapeHtml(r.word)}</code> (${edgesText})</td><td>${escapeHtml(terms)} = <strong>${escapeHtml(brFormat(r.value))}</strong></td></tr>`;
    }
    const lo = r.lo === null ? "" : brFormat(r.lo);
    const hi = r.hi === null ? "" : brFormat(r.hi);
    return `<tr><td>tree (${edgesText})</td><td>simplest number between {${escapeHtml(lo)} | ${escapeHtml(hi)}} = <strong>${escapeHtml(brFormat(r.value))}</strong></td></tr>`;
  });
  const sign = d.value > 0 ? "positive: Blue wins, whoever moves" : d.value < 0 ? "negative: Red wins, whoever moves" : "0: the player to move loses";
  let html =
    '<div class="nimlib-br-why"><p>Each stalk is worth its sign expansion (±1 per edge up to the first change of colour, then ±1/2, ±1/4, …: + for blue, − for red); ' +
    "a tree is worth the simplest number between its best Blue cut and its best Red cut. The position is worth the sum.</p>" +
    `<table><thead><tr><th scope="col">piece</th><th scope="col">value</th></tr></thead><tbody>${lines.join("")}</tbody></table>` +
    `<p>Total: <strong data-total="${escapeHtml(brFormat(d.value))}">${escapeHtml(brFormat(d.value))}</strong>, ${sign}.</p>`;
  if (!d.best) {
    html += `<p>${mover} (${who}) has no edge to cut: ${mover} loses.</p>`;
  } else {
    const need = d.colour === "B" ? "≥ 0" : "≤ 0";
    const best = `${escapeHtml(d.best.label)}, leaving ${escapeHtml(brFormat(d.best.value))}`;
    html += d.wins
      ? `<p>${mover} (${who}) to move wins with a cut that leaves a value ${need}: the best is to ${best} (the cut that changes the total least).</p>`
      : `<p>${mover} (${who}) to move cannot leave a value ${need}: every cut loses against best play; the least bad is to ${best}.</p>`;
  }
  return html + "</div>";
}

function brParse(text, params) {
  const edges = brEdges(params);
  const t = String(text).trim().toLowerCase();
  if (t === "" || t === "all") return brGrounded(edges, edges.map((_, i) => i));
  const chosen = readEdgeNumbers(t, edges.length);
  return brGrounded(edges, chosen);
}

function brRandom(rng, params) {
  const edges = brEdges(params);
  for (let attempt = 0; attempt < 20; attempt++) {
    const kept = brGrounded(
      edges,
      edges.map((_, i) => i).filter(() => rng() < 0.85),
    );
    if (kept.length >= Math.min(3, edges.length)) return kept;
  }
  return brGrounded(edges, edges.map((_, i) => i));
}

/** Layout: x of every vertex (leaves on consecutive slots, a parent over its children), y = depth. */
function brLayout(edges) {
  const children = new Map([[0, []]]);
  edges.forEach(([p, c], i) => {
    if (!children.has(p)) children.set(p, []);
    children.get(p).push(i);
    if (!children.has(c)) children.set(c, []);
  });
  const x = new Map();
  const y = new Map([[0, 0]]);
  let slot = 0;
  const place = (v) => {
    const kids = children.get(v) || [];
    for (const i of kids) y.set(edges[i][1], y.get(v) + 1);
    if (kids.length === 0) {
      x.set(v, slot++);
      return;
    }
    for (const i of kids) place(edges[i][1]);
    const xs = kids.map((i) => x.get(edges[i][1]));
    x.set(v, (Math.min(...xs) + Math.max(...xs)) / 2);
  };
  for (const i of children.get(0)) {
    y.set(edges[i][1], 1); // the ground edges' tops stand one unit up
    place(edges[i][1]);
    slot += 0.4; // a little room between pieces
  }
  return { x, y, width: Math.max(1, slot), height: Math.max(1, ...y.values()) };
}

function brDraw(position, params, view) {
  const edges = brEdges(params);
  const colours = brColours(params);
  const doc = view.doc;
  const mine = brColour("reader", params);
  const standing = new Set(position);
  const before = view.last ? view.last.before : null;
  const shown = [...new Set([...(before || []), ...position])].sort((a, b) => a - b);
  const { x, y, width: slots, height: depth } = brLayout(edges);
  const left = -0.6;
  const right = slots - 0.4 + 0.2;
  const top = depth + 0.5;
  const width = (right - left) * BR_UNIT;
  const height = (top + 0.3) * BR_UNIT;
  const svg = doc.createElementNS(BR_SVG, "svg");
  svg.setAttribute("width", String(Math.round(width)));
  svg.setAttribute("height", String(Math.round(height)));
  svg.setAttribute("viewBox", `${left} ${-top} ${right - left} ${top + 0.3}`);
  svg.setAttribute("style", "display: block; width: 100%; height: auto");
  svg.setAttribute("role", "img");
  const blue = position.filter((i) => colours[i] === "B").length;
  svg.setAttribute("aria-label", `Blue-Red Hackenbush: ${blue} blue and ${position.length - blue} red edges standing on the ground line`);
  const add = (tag, attrs) => {
    const node = doc.createElementNS(BR_SVG, tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
    svg.append(node);
    return node;
  };
  add("rect", { x: left, y: 0, width: right - left, height: 0.3, fill: "#999" });
  add("line", { x1: left, y1: 0, x2: right, y2: 0, stroke: "#444", "stroke-width": 0.05 });
  // the marks sit in % of the picture's box, which holds the picture alone (the help text comes after it)
  const box = view.el("div", { className: "nimlib-br" });
  box.append(view.el("style", { text: BR_CSS }));
  const pic = view.el("div", { className: "nimlib-br-pic", style: `width: ${Math.round(width)}px` });
  const pct = (value, whole) => `${((100 * value) / whole).toFixed(3)}%`;
  const marks = [];
  for (const i of shown) {
    const [p, c] = edges[i];
    const x1 = p === 0 ? x.get(c) : x.get(p);
    const y1 = y.get(p);
    const x2 = x.get(c);
    const y2 = y.get(c);
    const up = standing.has(i);
    add("line", {
      x1,
      y1: -y1,
      x2,
      y2: -y2,
      stroke: up ? (colours[i] === "B" ? "#1f5fbf" : "#b03a2e") : "#bbb",
      "stroke-width": 0.1,
      "stroke-linecap": "round",
      // red edges dashed, blue solid: the colours differ by pattern too
      "stroke-dasharray": !up ? "0.05 0.1" : colours[i] === "R" ? "0.16 0.08" : "none",
      "data-part": `edge-${i}`,
      "data-state": up ? "standing" : "cut",
    });
    if (!up) continue;
    // the mark sits 62% of the way up its edge: two edges leaving one vertex sideways get marks 0.62 units apart
    const mx = x1 + 0.62 * (x2 - x1);
    const my = y1 + 0.62 * (y2 - y1);
    const text = `${colours[i]}${i}`;
    const where = `left: calc(${pct(mx - left, right - left)} - 14px); top: calc(${pct(top - my, top + 0.3)} - 12px)`;
    let mark;
    if (colours[i] === mine) {
      mark = view.moveButton([i], text, { label: brLabel(colours, i), className: `nimlib-br-edge nimlib-br-${colours[i]}` });
    } else {
      mark = view.el("span", { className: `nimlib-br-mark nimlib-br-${colours[i]}`, title: `${brWord(colours[i])} edge ${i}: the computer's`, text });
    }
    mark.setAttribute("style", where);
    mark.setAttribute("data-colour", colours[i]);
    marks.push(mark);
  }
  for (const [v, vx] of x) {
    if (v !== 0 && shown.some((i) => edges[i][1] === v || edges[i][0] === v)) add("circle", { cx: vx, cy: -y.get(v), r: 0.06, fill: "#222" });
  }
  pic.append(svg, ...marks);
  box.append(pic);
  box.append(
    view.el("p", {
      className: "nimlib-help",
      text: `You are ${brName(mine)}: click a ${brWord(mine)} edge's button (${mine}) to cut it. ${brName(mine === "B" ? "R" : "B")} edges (${mine === "B" ? "R, dashed" : "B, solid"}) are the computer's.`,
    }),
  );
  return box;
}

/** The saved state's shape: the picture (a forest: each edge's parent the ground or an earlier edge's top), then the edges standing. */
export function brValidate(position, params) {
  const edges = params.edges ?? [];
  if (!Array.isArray(edges) || edges.length > BR_MAX_EDGES) return `params.edges must be a list of at most ${BR_MAX_EDGES} edges, got ${stateKind(edges)}`;
  const colours = params.colours ?? "";
  if (typeof colours !== "string" || colours.length !== edges.length || !/^[BR]*$/.test(colours)) return "params.colours must be a string of B and R, one per edge";
  if (params.reader !== undefined && params.reader !== "B" && params.reader !== "R") return 'params.reader must be "B" or "R"';
  for (let i = 0; i < edges.length; i++) {
    const bad = stateNaturalsError(edges[i], `edge ${i}`, { most: 2 });
    if (bad || edges[i].length !== 2) return bad || `edge ${i} must be [parent, child]`;
    const [p, c] = edges[i];
    if (c !== i + 1 || !(p === 0 || p <= i)) return `edge ${i} must be [parent, ${i + 1}] with parent 0 or the top of an earlier edge`;
  }
  const above = edges.map(() => 1); // positions of the piece above and including each edge, with it standing
  for (let i = edges.length - 1; i >= 0; i--) {
    for (let j = i + 1; j < edges.length; j++) if (edges[j][0] === i + 1) above[i] *= 1 + above[j];
    if (above[i] > BR_MAX_PIECE_POSITIONS) return `the tree above edge ${i} has more than ${BR_MAX_PIECE_POSITIONS} positions`;
  }
  if (position === undefined) return null;
  const shape = stateNaturalsError(position, "the edges standing", { most: edges.length, max: Math.max(0, edges.length - 1) });
  if (shape) return shape;
  if (position.length && edges.length === 0) return "the picture has no edges";
  for (let k = 1; k < position.length; k++) if (position[k] <= position[k - 1]) return "the edges standing must be sorted, each once";
  if (brGrounded(edges, position).length !== position.length) return "every edge standing must be joined to the ground";
  return null;
}

register({
  id: "blue-red-hackenbush",
  title: () => "Blue-Red Hackenbush",
  rules: (params) =>
    `You play ${brName(brColour("reader", params))} and cut ${brWord(brColour("reader", params))} edges; the computer plays ${brName(brColour("computer", params))}. ` +
    "Whatever no longer touches the ground falls away. Whoever cannot cut loses.",
  misere: () => false,
  partizan: true,
  sideName: (player, params) => brName(brColour(player, params)),
  parse: brParse,
  validate: brValidate,
  format: (position) => (position.length ? `edges {${position.join(", ")}}` : "no edges"),
  random: brRandom,
  moves: brMoves,
  apply: (position, move, params, turn) => {
    const found = brMoves(position, params, turn).find((m) => JSON.stringify(m.move) === JSON.stringify(move));
    if (!found) throw new Error(`${JSON.stringify(move)} is not an edge of ${brWord(brColour(turn, params))} standing`);
    return found;
  },
  isOver: (position, params, turn) => brMoves(position, params, turn).length === 0,
  analyse: brAnalyse,
  best: brBest,
  stall: brStall,
  explain: brExplain,
  draw: brDraw,
  changed: (before, move, after) => before.filter((i) => !after.includes(i)).map((i) => `edge-${i}`),
});
