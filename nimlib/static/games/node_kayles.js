// Node Kayles on a small graph (the graph games' chapter): pick a vertex; it goes, with its neighbours.
// Whoever takes the last vertex wins.
//
// node-kayles  position: the vertices still in the graph, sorted ([0, 1, 3, 4]).
//              move: [v], the vertex picked (it is removed with every neighbour still present).
// params: { vertices: n (at most NK_MAX_VERTICES), edges: [[u, v], ...] (u ≠ v, below n), coords: [[x, y], ...]
//           (optional, in [0, 1], y down; else a circle), title } from nimlib.graph_games.NodeKayles.
// The position is the sum of its connected components; a component's Grundy value is the mex over its
// moves of the XOR of what is left's components (nimlib.graph_games computes the same, checked on every
// induced subgraph of every graph the chapter offers by tests/test_js_games.py).

import { register, readTokens, stateKind } from "../core.js";

export const NK_MAX_VERTICES = 12; // nimlib.graph_games.MAX_WIDGET_VERTICES (tests/test_js_bounds.py)
const NK_WIDTH = 320; // px: fits a 390 px phone's column; narrower, the picture scales
const NK_HEIGHT = 260;
const NK_R = 18; // a vertex button is 36 px across: over the 24 px target of WCAG 2.5.8
const NK_SVG = "http://www.w3.org/2000/svg";

const NK_CSS = `
.nimlib-nk { position: relative; flex: none; max-width: 100%; }
.nimlib-nk svg { display: block; width: 100%; height: auto; }
.nimlib-play .nimlib-nk .nimlib-nk-vertex, .nimlib-puzzle .nimlib-nk .nimlib-nk-vertex { position: absolute; width: 36px; height: 36px; min-height: 36px; margin: 0; padding: 0;
  border-radius: 50%; border: 2px solid #2d3748; background: #fff; color: #1a202c; font: 13px ui-monospace, monospace;
  display: flex; align-items: center; justify-content: center; }
.nimlib-play .nimlib-nk button.nimlib-nk-vertex:hover:not([disabled]), .nimlib-puzzle .nimlib-nk button.nimlib-nk-vertex:hover:not([disabled]),
.nimlib-play .nimlib-nk button.nimlib-nk-vertex:focus-visible, .nimlib-puzzle .nimlib-nk button.nimlib-nk-vertex:focus-visible { background: #fbd38d; }
.nimlib-play .nimlib-nk .nimlib-nk-gone, .nimlib-puzzle .nimlib-nk .nimlib-nk-gone { border: 2px dashed #718096; background: #edf2f7; color: #4a5568; text-decoration: line-through; }
.nimlib-nkbar { margin-top: 4px; white-space: normal; }
`;

/** The graph from params: n, neighbour bitmasks (closed: the vertex itself too), edges, places. */
export function nkGraph(params) {
  const n = params.vertices;
  const nbr = new Array(n).fill(0);
  for (const [u, v] of params.edges || []) {
    nbr[u] |= 1 << v;
    nbr[v] |= 1 << u;
  }
  const closed = nbr.map((m, v) => m | (1 << v));
  const coords = Array.isArray(params.coords) && params.coords.length === n ? params.coords : null;
  const place = [...Array(n).keys()].map((v) =>
    coords ? [Number(coords[v][0]), Number(coords[v][1])] : [0.5 + 0.42 * Math.sin((2 * Math.PI * v) / n), 0.5 - 0.42 * Math.cos((2 * Math.PI * v) / n)],
  );
  return { n, nbr, closed, place, edges: params.edges || [] };
}

function nkBits(mask) {
  const out = [];
  for (let v = 0; mask >> v; v++) if ((mask >> v) & 1) out.push(v);
  return out;
}

/** The connected components of the subgraph induced by `mask`, as bitmasks, lowest vertex first. */
export function nkComponents(mask, nbr) {
  const out = [];
  while (mask) {
    let comp = mask & -mask;
    let frontier = comp;
    while (frontier) {
      let grow = 0;
      for (const v of nkBits(frontier)) grow |= nbr[v];
      frontier = grow & mask & ~comp;
      comp |= frontier;
    }
    out.push(comp);
    mask &= ~comp;
  }
  return out;
}

// Grundy values of connected induced subgraphs, per graph (the key is the edge list): at most 2^12 each
const nkTables = new Map();

/** The Grundy value of the connected induced subgraph `comp`: mex over its vertices of the XOR of what is left. */
export function nkValue(comp, g) {
  const id = `${g.n}:${JSON.stringify(g.edges)}`;
  if (!nkTables.has(id)) {
    if (nkTables.size > 32) nkTables.clear();
    nkTables.set(id, new Map());
  }
  const memo = nkTables.get(id);
  const value = (c) => {
    if (memo.has(c)) return memo.get(c);
    const seen = new Set();
    for (const v of nkBits(c)) {
      let total = 0;
      for (const part of nkComponents(c & ~g.closed[v], g.nbr)) total ^= value(part);
      seen.add(total);
    }
    let x = 0;
    while (seen.has(x)) x++;
    memo.set(c, x);
    return x;
  };
  return value(comp);
}

const nkMask = (position) => position.reduce((m, v) => m | (1 << v), 0);

export function nkAnalyse(position, params) {
  const g = nkGraph(params);
  const components = nkComponents(nkMask(position), g.nbr).map((c) => {
    const vs = nkBits(c);
    return { label: `${vs.length === 1 ? "vertex" : "vertices"} ${vs.join(", ")}`, value: nkValue(c, g) };
  });
  return { components, total: components.reduce((a, c) => a ^ c.value, 0) };
}

export function nkMoves(position, params) {
  const g = nkGraph(params);
  const mask = nkMask(position);
  const comps = nkComponents(mask, g.nbr);
  return position.map((v) => {
    const gone = nkBits(g.closed[v] & mask).filter((u) => u !== v);
    const after = nkBits(mask & ~g.closed[v]);
    const label = `take vertex ${v}${gone.length ? ` (and ${gone.join(", ")})` : ""}`;
    return { move: [v], after, label, parts: [comps.findIndex((c) => (c >> v) & 1)] };
  });
}

/** The saved state's shape: params a graph of at most NK_MAX_VERTICES vertices, then sorted vertices of it. */
export function nkValidate(position, params) {
  const n = params.vertices;
  if (!Number.isSafeInteger(n) || n < 1 || n > NK_MAX_VERTICES) return `params.vertices must be a whole number from 1 to ${NK_MAX_VERTICES}, got ${stateKind(n)}`;
  const edges = params.edges;
  if (!Array.isArray(edges) || edges.length > (n * (n - 1)) / 2) return `params.edges must be a list of at most ${(n * (n - 1)) / 2} pairs, got ${stateKind(edges)}`;
  for (let i = 0; i < edges.length; i++) {
    const e = edges[i];
    if (!Array.isArray(e) || e.length !== 2 || !e.every((v) => Number.isSafeInteger(v) && v >= 0 && v < n) || e[0] === e[1]) {
      return `params.edges[${i}] must be a pair of two different vertices from 0 to ${n - 1}, got ${stateKind(e)}`;
    }
  }
  if (params.coords !== undefined) {
    const c = params.coords;
    if (!Array.isArray(c) || c.length !== n || !c.every((p) => Array.isArray(p) && p.length === 2 && p.every((x) => typeof x === "number" && x >= 0 && x <= 1))) {
      return `params.coords must give each of the ${n} vertices [x, y] in [0, 1]`;
    }
  }
  if (params.title !== undefined && (typeof params.title !== "string" || params.title.length > 80)) return "params.title must be a string of at most 80 characters";
  if (position === undefined) return null;
  if (!Array.isArray(position) || position.length > n) return `the position must be a list of at most ${n} vertices, got ${stateKind(position)}`;
  for (let k = 0; k < position.length; k++) {
    const v = position[k];
    if (!Number.isSafeInteger(v) || v < 0 || v >= n) return `position[${k}] must be a vertex from 0 to ${n - 1}, got ${stateKind(v)}`;
    if (k && v <= position[k - 1]) return "the vertices must be sorted, each once";
  }
  return null;
}

function nkDraw(position, params, view) {
  const g = nkGraph(params);
  const W = NK_WIDTH;
  const H = NK_HEIGHT;
  const R = NK_R;
  const at = ([x, y]) => [R + 4 + x * (W - 2 * R - 8), R + 4 + y * (H - 2 * R - 8)];
  const pct = (a, whole) => `calc(${((100 * a) / whole).toFixed(3)}% - ${R}px)`;
  const box = view.el("div", { className: "nimlib-nk", style: `width: ${W}px`, role: "group", "aria-label": "the graph" });
  box.append(view.el("style", { text: NK_CSS }));
  const doc = view.doc || box.ownerDocument;
  const svg = doc.createElementNS(NK_SVG, "svg");
  for (const [k, v] of Object.entries({ width: W, height: H, viewBox: `0 0 ${W} ${H}`, "aria-hidden": "true" })) svg.setAttribute(k, String(v));
  const present = new Set(position);
  for (const [u, v] of g.edges) {
    const [x1, y1] = at(g.place[u]);
    const [x2, y2] = at(g.place[v]);
    const line = doc.createElementNS(NK_SVG, "line");
    const live = present.has(u) && present.has(v);
    const attrs = { x1, y1, x2, y2, stroke: live ? "#2d3748" : "#a0aec0", "stroke-width": live ? "2" : "1", "stroke-dasharray": live ? "none" : "4 4" };
    for (const [k, val] of Object.entries(attrs)) line.setAttribute(k, String(val));
    svg.append(line);
  }
  box.append(svg);
  const moves = new Map(nkMoves(position, params).map((m) => [m.move[0], m]));
  for (let v = 0; v < g.n; v++) {
    const [x, y] = at(g.place[v]);
    const style = `left: ${pct(x, W)}; top: ${pct(y, H)}`;
    let node;
    if (moves.has(v)) {
      node = view.moveButton([v], String(v), { label: moves.get(v).label, className: "nimlib-nk-vertex" });
      node.setAttribute("style", style);
      node.setAttribute("data-state", "present");
    } else {
      node = view.el("span", { className: "nimlib-nk-vertex nimlib-nk-gone", style, title: `vertex ${v}: removed`, "data-state": "removed" }, `×${v}`);
      node.setAttribute("aria-label", `vertex ${v}, removed`);
      node.setAttribute("role", "img");
    }
    node.setAttribute("data-part", `vertex-${v}`);
    box.append(node);
  }
  const bar = view.el("div", { className: "nimlib-nkbar nimlib-help" }, "Click a vertex: it goes, with its neighbours. Removed vertices show ×, dashed.");
  return view.el("div", {}, box, bar);
}

register({
  id: "node-kayles",
  title: (params) => params.title || "Node Kayles",
  rules: () => "Pick a vertex: it is removed together with all its neighbours. Whoever takes the last vertex wins.",
  misere: () => false,
  validate: nkValidate,
  parse: (text, params) => {
    const n = params.vertices;
    const parts = readTokens(String(text).replace(/[()[\]{}]/g, " "));
    if (parts.length === 0) throw new Error("type the vertices still in the graph, e.g. 0 1 3");
    const out = new Set();
    for (const p of parts) {
      if (!/^\d+$/.test(p) || Number(p) >= n) throw new Error(`the vertices are 0 to ${n - 1}; got "${p}"`);
      out.add(Number(p));
    }
    return [...out].sort((a, b) => a - b);
  },
  format: (position) => `{${position.join(", ")}}`,
  random: (rng, params) => {
    // an induced subgraph: each vertex kept with probability 3/4 (at least one kept)
    const n = params.vertices;
    const out = [...Array(n).keys()].filter(() => rng() < 0.75);
    return out.length ? out : [Math.floor(rng() * n)];
  },
  moves: nkMoves,
  analyse: nkAnalyse,
  draw: nkDraw,
  changed: (before, move, after) => before.filter((v) => !after.includes(v)).map((v) => `vertex-${v}`),
});
