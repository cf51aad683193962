// Green Hackenbush on a drawn picture: cut an edge; whatever no longer touches the ground falls off.
//
// params: { edges: [[u, v], ...], coords: { "1": [x, y], ... } } from nimlib.hackenbush.GreenHackenbush:
//   the whole picture, vertex 0 the ground (the ground line: an edge to it ends on the line under its
//   other end), loops [v, v] and parallel edges allowed; coords place every other vertex (y = height).
// Position: the indices of the edges still standing, sorted: [0, 1, 2, 5] (every one joined to the ground).
// Move: [edge_index], the edge to cut.
//
// Values, computed in the page by the same algorithm as nimlib.hackenbush.value (and checked against it
// on every position of every graph with at most 4 edges, and more, by tests/js/test_hackenbush.test.mjs):
// - the fusion principle: the vertices joined by edges that lie on a cycle are fused into one vertex,
//   those edges becoming loops there; what is left is a tree with loops;
// - the colon principle: from the leaves down, a vertex's value is the XOR over its branches of
//   1 + (the value above the branch's first edge), a loop counting 1.
// The position is the sum of its pieces (the parts standing on the ground separately), so its value is
// the XOR of theirs.

import { register, explainHtml, stateKind, stateNaturalsError, readEdgeNumbers } from "../core.js";

const HB_UNIT = 52; // pixels per layout unit
const HB_BUTTON = 24; // diameter of an edge's button, in pixels (the 24 px target of WCAG 2.5.8, as widget.css makes it)
const HB_SVG = "http://www.w3.org/2000/svg";

function hbEdges(params) {
  return (params && params.edges) || [];
}

/** The indices (among `present`) of the edges joined to the ground through present edges, sorted. */
export function hbGrounded(edges, present) {
  const live = present === undefined ? edges.map((_, i) => i) : [...present];
  const touching = new Map();
  for (const i of live) {
    for (const x of edges[i]) {
      if (!touching.has(x)) touching.set(x, []);
      touching.get(x).push(i);
    }
  }
  const seen = new Set([0]);
  const kept = new Set();
  const todo = [0];
  while (todo.length) {
    const x = todo.pop();
    for (const i of touching.get(x) || []) {
      kept.add(i);
      for (const y of edges[i]) {
        if (!seen.has(y)) {
          seen.add(y);
          todo.push(y);
        }
      }
    }
  }
  return [...kept].sort((a, b) => a - b);
}

/**
 * The edges (indices) on no cycle: removing one separates its two ends. Tarjan's bridges, with a stack
 * (no recursion) and edge indices (a parallel edge closes a cycle): linear in the edges, where a search
 * from each edge's end costs their square times the vertices.
 */
export function hbBridges(edges, indices) {
  const adj = new Map();
  for (const i of indices) {
    const [u, v] = edges[i];
    if (u === v) continue;
    for (const [a, b] of [[u, v], [v, u]]) {
      if (!adj.has(a)) adj.set(a, []);
      adj.get(a).push([b, i]);
    }
  }
  const disc = new Map();
  const low = new Map();
  const out = new Set();
  let time = 0;
  for (const root of adj.keys()) {
    if (disc.has(root)) continue;
    disc.set(root, time);
    low.set(root, time++);
    const stack = [[root, -1, 0]]; // vertex, the edge that reached it, its next neighbour
    while (stack.length) {
      const top = stack[stack.length - 1];
      const [x, via] = top;
      const list = adj.get(x);
      if (top[2] < list.length) {
        const [y, i] = list[top[2]++];
        if (i === via) continue;
        if (disc.has(y)) {
          low.set(x, Math.min(low.get(x), disc.get(y)));
        } else {
          disc.set(y, time);
          low.set(y, time++);
          stack.push([y, i, 0]);
        }
      } else {
        stack.pop();
        if (stack.length) {
          const p = stack[stack.length - 1][0];
          low.set(p, Math.min(low.get(p), low.get(x)));
          if (low.get(x) > disc.get(p)) out.add(via);
        }
      }
    }
  }
  return out;
}

/** The fusion principle: each edge as [u, v] after fusing every cycle (the ground stays 0; fused edges are loops). */
export function hbFuse(edges, indices) {
  const cut = hbBridges(edges, indices);
  const parent = new Map();
  const find = (x) => {
    while ((parent.get(x) ?? x) !== x) x = parent.get(x);
    return x;
  };
  for (const i of indices) {
    if (cut.has(i)) continue;
    const a = find(edges[i][0]);
    const b = find(edges[i][1]);
    if (a !== b) parent.set(Math.max(a, b), Math.min(a, b));
  }
  return indices.map((i) => [find(edges[i][0]), find(edges[i][1])]);
}

/** The colon principle on a tree with loops (a list of [u, v], grounded at 0): its Grundy value. */
export function hbTreeValue(tree) {
  const loops = new Map();
  const neighbours = new Map([[0, []]]);
  for (const [u, v] of tree) {
    if (u === v) {
      loops.set(u, (loops.get(u) || 0) + 1);
      continue;
    }
    for (const [a, b] of [[u, v], [v, u]]) {
      if (!neighbours.has(a)) neighbours.set(a, []);
      neighbours.get(a).push(b);
    }
  }
  const order = [0];
  const parent = new Map([[0, 0]]);
  for (let j = 0; j < order.length; j++) {
    for (const y of neighbours.get(order[j])) {
      if (!parent.has(y)) {
        parent.set(y, order[j]);
        order.push(y);
      }
    }
  }
  const value = new Map(order.map((x) => [x, (loops.get(x) || 0) % 2]));
  for (let j = order.length - 1; j >= 1; j--) {
    const x = order[j];
    value.set(parent.get(x), value.get(parent.get(x)) ^ (1 + value.get(x)));
  }
  return value.get(0);
}

/** The Grundy value of the edges `indices` (grounded) of the picture `edges`: fuse, then collapse. */
export function hbValue(edges, indices) {
  return hbTreeValue(hbFuse(edges, hbGrounded(edges, indices)));
}

/** The pieces standing on the ground: lists of edge indices, in order of their first edge. */
export function hbPieces(edges, position) {
  const parent = new Map();
  const find = (x) => {
    while ((parent.get(x) ?? x) !== x) x = parent.get(x);
    return x;
  };
  for (const i of position) {
    const [u, v] = edges[i];
    if (u !== 0 && v !== 0) {
      const a = find(u);
      const b = find(v);
      if (a !== b) parent.set(a, b);
    }
  }
  const groups = new Map();
  for (const i of [...position].sort((a, b) => a - b)) {
    const [u, v] = edges[i];
    const k = u === 0 && v === 0 ? `loop${i}` : `v${find(u === 0 ? v : u)}`;
    if (!groups.has(k)) groups.set(k, []);
    groups.get(k).push(i);
  }
  return [...groups.values()].sort((a, b) => a[0] - b[0]);
}

function hbPieceLabel(piece) {
  return (piece.length === 1 ? "edge " : "edges ") + piece.join(", ");
}

function hbEdgeLabel(edges, i) {
  return `cut edge ${i} (${edges[i][0]}–${edges[i][1]})`;
}

/** Every cut: {move: [i], after, label}. */
export function hbMoves(position, params) {
  const edges = hbEdges(params);
  const pieceOf = new Map(); // the component (piece, hbAnalyse's order) of each edge
  hbPieces(edges, position).forEach((piece, r) => piece.forEach((i) => pieceOf.set(i, r)));
  // hbGrounded without edge i, for every i: the ends' lists built once, each cut one search from the ground
  const touching = new Map();
  for (const j of position) {
    for (const x of edges[j]) {
      if (!touching.has(x)) touching.set(x, []);
      touching.get(x).push(j);
    }
  }
  const kept = new Map(position.map((j) => [j, -1])); // edge -> the cut whose search reached it last
  const seen = new Map(); // vertex -> the cut whose search reached it last
  return position.map((i) => {
    seen.set(0, i);
    const todo = [0];
    while (todo.length) {
      const x = todo.pop();
      for (const j of touching.get(x) || []) {
        if (j === i) continue;
        kept.set(j, i);
        for (const y of edges[j]) {
          if (seen.get(y) !== i) {
            seen.set(y, i);
            todo.push(y);
          }
        }
      }
    }
    const after = position.filter((j) => kept.get(j) === i).sort((a, b) => a - b);
    return { move: [i], after, label: hbEdgeLabel(edges, i), parts: [pieceOf.get(i)] };
  });
}

/** The pieces with their values, and the XOR of them all. */
export function hbAnalyse(position, params) {
  const edges = hbEdges(params);
  const components = hbPieces(edges, position).map((piece) => ({ label: hbPieceLabel(piece), value: hbValue(edges, piece) }));
  return { components, total: components.reduce((s, c) => s ^ c.value, 0) };
}

function hbParse(text, params) {
  const edges = hbEdges(params);
  const t = String(text).trim().toLowerCase();
  if (t === "" || t === "all") return hbGrounded(edges);
  if (t === "no edges") return [];
  const chosen = readEdgeNumbers(t, edges.length);
  return hbGrounded(edges, chosen);
}

function hbFormat(position) {
  return position.length ? `edges {${position.join(", ")}}` : "no edges";
}

function hbRandom(rng, params) {
  const edges = hbEdges(params);
  for (let attempt = 0; attempt < 20; attempt++) {
    const kept = hbGrounded(
      edges,
      edges.map((_, i) => i).filter(() => rng() < 0.8),
    );
    if (kept.length >= Math.min(3, edges.length)) return kept;
  }
  return hbGrounded(edges);
}

function hbExplain(position, params) {
  const edges = hbEdges(params);
  const pieces = hbPieces(edges, position);
  const intro =
    `<p>The picture is a sum of ${pieces.length} piece${pieces.length === 1 ? "" : "s"} standing on the ground. ` +
    "Each piece is worth a Nim heap: fuse the vertices of every cycle (its edges become loops), then collapse " +
    "the tree from the top: at each vertex, the XOR over its branches of 1 + the value above.</p>";
  return intro + explainHtml(hackenbushGame, position, params);
}

// ------------------------------------------------------------------ drawing

function hbPoint(coords, v, other) {
  if (v === 0) return [other === 0 ? (coords["0"] || [0])[0] : coords[String(other)][0], 0];
  return coords[String(v)];
}

/** Where loop number `copy` of `count` at one vertex points: petals fanned out upwards (as nimlib draws them). */
function hbPetal(copy, count) {
  const angle = ((90 + (copy - (count - 1) / 2) * Math.min(45, 170 / Math.max(count - 1, 1))) * Math.PI) / 180;
  return [Math.cos(angle), Math.sin(angle)];
}

const HB_PETAL = [0.22, 0.08]; // a loop is an ellipse through its vertex: semi-axes along and across

/** The shape of edge i in layout units (y up): a path (bowed apart from parallel copies) or a petal. */
function hbGeometry(edges, coords, i, copy, loops) {
  let [u, v] = edges[i];
  if (u === 0 && v !== 0) [u, v] = [v, u];
  const p = hbPoint(coords, u, v);
  const q = hbPoint(coords, v, u);
  if (u === v) {
    const [dx, dy] = hbPetal(copy, loops);
    const centre = [p[0] + HB_PETAL[0] * dx, p[1] + HB_PETAL[0] * dy];
    const angle = (Math.atan2(dy, dx) * 180) / Math.PI;
    const reach = 2 * HB_PETAL[0] + 0.2; // the button sits just beyond the petal's tip
    return { petal: { centre, angle }, mid: [p[0] + reach * dx, p[1] + reach * dy] };
  }
  const bow = copy === 0 ? 0 : (copy % 2 ? 1 : -1) * 0.25 * Math.ceil(copy / 2);
  const [mx, my] = [(p[0] + q[0]) / 2, (p[1] + q[1]) / 2];
  const [dx, dy] = [q[0] - p[0], q[1] - p[1]];
  const len = Math.hypot(dx, dy) || 1;
  const c = [mx - (dy / len) * bow * 2, my + (dx / len) * bow * 2];
  const mid = [(p[0] + 2 * c[0] + q[0]) / 4, (p[1] + 2 * c[1] + q[1]) / 4];
  return { d: `M ${p[0]} ${p[1]} Q ${c[0]} ${c[1]} ${q[0]} ${q[1]}`, mid };
}

function hbDraw(position, params, view) {
  const edges = hbEdges(params);
  const coords = (params && params.coords) || {};
  const doc = view.doc;
  const before = view.last ? view.last.before : null;
  const standing = new Set(position);
  const shown = [...new Set([...(before || []), ...position])].sort((a, b) => a - b);
  const xs = Object.values(coords).map((c) => c[0]);
  const ys = Object.values(coords).map((c) => c[1]);
  const [left, right] = [Math.min(0, ...xs) - 0.8, Math.max(0, ...xs) + 0.8];
  const top = Math.max(1, ...ys) + 0.7;
  const width = (right - left) * HB_UNIT;
  const height = (top + 0.35) * HB_UNIT;
  // Layout units, y up: screen x = (x - left) * unit, screen y = (top - y) * unit
  const sx = (x) => (x - left) * HB_UNIT;
  const sy = (y) => (top - y) * HB_UNIT;
  const svg = doc.createElementNS(HB_SVG, "svg");
  svg.setAttribute("width", String(Math.round(width)));
  svg.setAttribute("height", String(Math.round(height)));
  svg.setAttribute("viewBox", `${left} ${-top} ${right - left} ${top + 0.35}`);
  svg.setAttribute("role", "group"); // the edges' buttons are its controls
  // block: no inline baseline gap, so the board needs no vertical scroll; the width of its box (at most
  // the natural width), so a narrow screen shows the whole picture smaller
  svg.setAttribute("style", "display: block; width: 100%; height: auto");
  svg.setAttribute("aria-label", `Hackenbush picture: ${position.length} edge${position.length === 1 ? "" : "s"} standing on the ground line`);
  const add = (tag, attrs) => {
    const node = doc.createElementNS(HB_SVG, tag);
    for (const [name, value] of Object.entries(attrs)) node.setAttribute(name, String(value));
    svg.append(node);
    return node;
  };
  // The SVG draws with y pointing down, so every y is negated (transform on a group would do the same)
  add("rect", { x: left, y: 0, width: right - left, height: 0.35, fill: "#999" });
  add("line", { x1: left, y1: 0, x2: right, y2: 0, stroke: "#444", "stroke-width": 0.05 });
  // The picture scales down to fit its box (max-width); the buttons keep their size and sit at the same
  // fraction of the picture (left/top in %)
  const box = view.el("div", { className: "nimlib-hackenbush", style: `position: relative; width: ${Math.round(width)}px; max-width: 100%` });
  const pct = (value, whole) => `${((100 * value) / whole).toFixed(3)}%`;
  const copies = new Map();
  const loops = new Map();
  for (const i of shown) if (edges[i][0] === edges[i][1]) loops.set(edges[i][0], (loops.get(edges[i][0]) || 0) + 1);
  const buttons = [];
  for (const i of shown) {
    const [u, v] = edges[i];
    const k = `${Math.min(u, v)}-${Math.max(u, v)}`;
    const copy = copies.get(k) || 0;
    copies.set(k, copy + 1);
    const g = hbGeometry(edges, coords, i, copy, loops.get(u) || 0);
    const shape = g.petal
      ? {
          tag: "ellipse",
          cx: g.petal.centre[0],
          cy: -g.petal.centre[1],
          rx: HB_PETAL[0],
          ry: HB_PETAL[1],
          transform: `rotate(${-g.petal.angle} ${g.petal.centre[0]} ${-g.petal.centre[1]})`,
        }
      : { tag: "path", d: hbFlipY(g.d) };
    const { tag, ...geometry } = shape;
    const path = add(tag, {
      ...geometry,
      fill: "none",
      stroke: standing.has(i) ? "#2a9d3a" : "#bbb",
      "stroke-width": 0.09,
      "stroke-linecap": "round",
      "stroke-dasharray": standing.has(i) ? "none" : "0.08 0.08",
      "data-part": `edge-${i}`,
      "data-state": standing.has(i) ? "standing" : "cut",
    });
    if (standing.has(i)) {
      const label = hbEdgeLabel(edges, i);
      const button = view.moveButton([i], String(i), { label, className: "nimlib-hb-edge" });
      button.setAttribute(
        "style",
        `position: absolute; left: calc(${pct(sx(g.mid[0]), width)} - ${HB_BUTTON / 2}px); top: calc(${pct(sy(g.mid[1]), height)} - ${HB_BUTTON / 2}px); ` +
          `width: ${HB_BUTTON}px; height: ${HB_BUTTON}px; min-height: ${HB_BUTTON}px; padding: 0; border-radius: ${HB_BUTTON / 2}px; ` +
          `font-size: 11px; line-height: ${HB_BUTTON - 2}px; text-align: center; cursor: ${button.disabled ? "default" : "pointer"}`,
      );
      // a pointer only where a click cuts (a puzzle asking "P or N?", the computer's turn: buttons disabled)
      path.style.cursor = button.disabled ? "default" : "pointer";
      // A click on the edge cuts it too; the keyboard uses the edge's button (one tab stop per edge)
      path.addEventListener("click", () => button.click());
      buttons.push(button);
    }
  }
  for (const [v, [x, y]] of Object.entries(coords)) {
    if (v === "0") continue;
    if (shown.some((i) => edges[i].includes(Number(v)))) add("circle", { cx: x, cy: -y, r: 0.07, fill: "#222" });
  }
  box.append(svg, ...buttons);
  return box;
}

/** Negate every y coordinate of an SVG path made of M / Q / a commands (layout y points up). */
export function hbFlipY(d) {
  const tokens = d.split(/\s+/);
  const out = [];
  let cmd = "";
  let args = [];
  const flush = () => {
    if (!cmd) return;
    if (cmd === "a") {
      // rx ry rotation large sweep dx dy: flip dy and the sweep direction
      const [rx, ry, rot, large, sweep, dx, dy] = args.map(Number);
      out.push("a", rx, ry, rot, large, 1 - sweep, dx, -dy);
    } else {
      out.push(cmd, ...args.map((a, j) => (j % 2 ? -Number(a) : Number(a))));
    }
  };
  for (const t of tokens) {
    if (/^[A-Za-z]$/.test(t)) {
      flush();
      cmd = t;
      args = [];
    } else if (t) {
      args.push(t);
    }
  }
  flush();
  return out.join(" ");
}

// The most edges a saved picture may have (tests/test_js_bounds.py)
export const HB_MAX_EDGES = 1000;

/** The saved state's shape: the picture in params (edges, coords), then sorted distinct edge indices. */
export function hbValidate(position, params) {
  const edges = params.edges ?? [];
  if (!Array.isArray(edges) || edges.length > HB_MAX_EDGES) return `params.edges must be a list of at most ${HB_MAX_EDGES} edges, got ${stateKind(edges)}`;
  const coords = params.coords ?? {};
  if (coords === null || typeof coords !== "object" || Array.isArray(coords)) return "params.coords must be an object";
  for (let i = 0; i < edges.length; i++) {
    const bad = stateNaturalsError(edges[i], `edge ${i}`, { most: 2 });
    if (bad || edges[i].length !== 2) return bad || `edge ${i} must be [u, v]`;
    for (const v of edges[i]) {
      const xy = coords[String(v)];
      if (v !== 0 && (!Array.isArray(xy) || xy.length !== 2 || !xy.every(Number.isFinite))) return `vertex ${v} has no place [x, y] in params.coords`;
    }
  }
  if (position === undefined) return null;
  const shape = stateNaturalsError(position, "the edges standing", { most: edges.length, max: Math.max(0, edges.length - 1) });
  if (shape) return shape;
  if (position.length && edges.length === 0) return "the picture has no edges";
  for (let k = 1; k < position.length; k++) if (position[k] <= position[k - 1]) return "the edges standing must be sorted, each once";
  return null;
}

export const hackenbushGame = register({
  id: "hackenbush",
  title: () => "Green Hackenbush",
  rules: () => "Cut one edge; everything no longer joined to the ground falls away. Whoever cuts the last edge wins.",
  misere: () => false,
  parse: hbParse,
  validate: hbValidate,
  format: hbFormat,
  random: hbRandom,
  moves: hbMoves,
  isOver: (position) => position.length === 0, // every standing edge touches the ground: any can be cut
  stall: (position, params) => (position.length ? hbMoves(position, params).at(-1) : null), // one list, not 64
  analyse: hbAnalyse,
  explain: hbExplain,
  draw: hbDraw,
  // the cut edge and every edge that fell with it
  changed: (before, move, after) => before.filter((i) => !after.includes(i)).map((i) => `edge-${i}`),
});
