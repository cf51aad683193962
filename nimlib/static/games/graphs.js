// Chips on a directed acyclic graph (chapter 7), drawn as the graph: vertices, arrows, chips.
//
// graph-chips  position: the vertices holding chips, sorted, one entry per chip ([0, 1, 1, 7]).
//              move: [from, to] slides a chip from vertex `from` along the edge to `to`.
//              Two clicks: a vertex with a chip (the first chip that can move is selected to begin
//              with), then one of its successors (they light up).
// params: { vertices: [{id, x, y}] (x, y in [0, 1], y down the page; or bare ids, then laid out in
//           rows here), edges: [[v, w], ...], annihilate (two chips that meet both vanish), chips (New
//           game), values (optional: the vertices' Grundy values from Python, a list by vertex or
//           [vertex, value] pairs; computed here as the mex of the successors' otherwise) }.
//           nimlib.tables.graph_chips_params builds them.
// Each chip is a Nim heap of its vertex's Grundy value (with or without annihilation).

import { register, readTokens } from "../core.js";

const GRAPH_CSS = `
.nimlib-graph { position: relative; flex: none; max-width: 100%; }
.nimlib-graph svg { display: block; width: 100%; height: auto; }
.nimlib-play .nimlib-graph .nimlib-vertex, .nimlib-puzzle .nimlib-graph .nimlib-vertex { position: absolute; width: 40px; height: 40px; min-height: 40px; margin: 0; padding: 0;
  border-radius: 50%; border: 2px solid #4a5568; background: #fff; font: 12px ui-monospace, monospace;
  display: flex; flex-direction: column; align-items: center; justify-content: center; line-height: 1.05; }
.nimlib-play .nimlib-graph .nimlib-vertex .nimlib-chips, .nimlib-puzzle .nimlib-graph .nimlib-vertex .nimlib-chips { color: #c05621; font-size: 13px; font-weight: bold; }
.nimlib-play .nimlib-graph .nimlib-vertex.nimlib-has-chip, .nimlib-puzzle .nimlib-graph .nimlib-vertex.nimlib-has-chip { background: #feebc8; border-color: #c05621; }
.nimlib-play .nimlib-graph button.nimlib-vertex:hover:not([disabled]), .nimlib-puzzle .nimlib-graph button.nimlib-vertex:hover:not([disabled]), .nimlib-play .nimlib-graph button.nimlib-vertex:focus-visible, .nimlib-puzzle .nimlib-graph button.nimlib-vertex:focus-visible { background: #fbd38d; }
.nimlib-play .nimlib-graph .nimlib-vertex.nimlib-selected, .nimlib-puzzle .nimlib-graph .nimlib-vertex.nimlib-selected { box-shadow: 0 0 0 4px #3182ce; }
.nimlib-play .nimlib-graph button.nimlib-vertex.nimlib-target, .nimlib-puzzle .nimlib-graph button.nimlib-vertex.nimlib-target { background: #c6f6d5; border: 2px dashed #2f855a; }
.nimlib-play .nimlib-graph button.nimlib-pick, .nimlib-puzzle .nimlib-graph button.nimlib-pick { position: absolute; width: 24px; height: 24px; min-height: 24px; padding: 0; margin: 0;
  border-radius: 50%; font-size: 10px; color: #c05621; background: #feebc8; border: 1px solid #c05621; }
.nimlib-graphbar { margin-top: 4px; white-space: normal; }
`;

/**
 * The graph from params: vertex ids, successor lists, Grundy values (params.values as a list by id or as
 * [vertex, value] pairs; computed here as the mex of the successors' values when absent) and places
 * (params.vertices as {id, x, y}, or bare ids: then laid out in rows by the longest path to a sink).
 */
export function graphInfo(params) {
  const raw = params.vertices || [];
  const ids = raw.map((v) => (typeof v === "object" ? Number(v.id) : Number(v)));
  const succ = {};
  for (const v of ids) succ[v] = [];
  for (const [v, w] of params.edges || []) {
    for (const u of [v, w]) if (!(u in succ)) throw new Error(`edge ${v} → ${w} names an unknown vertex ${u}`);
    succ[v].push(w);
  }
  const values = {};
  if (Array.isArray(params.values) && params.values.length && Array.isArray(params.values[0])) {
    for (const [v, g] of params.values) values[v] = g;
  } else if (Array.isArray(params.values)) {
    ids.forEach((v, i) => (values[v] = params.values[i]));
  } else {
    const onPath = new Set();
    const value = (v) => {
      if (v in values) return values[v];
      if (onPath.has(v)) throw new Error(`the graph has a cycle through vertex ${v}`);
      onPath.add(v);
      const seen = new Set(succ[v].map(value));
      onPath.delete(v);
      let g = 0;
      while (seen.has(g)) g++;
      values[v] = g;
      return g;
    };
    for (const v of ids) value(v);
  }
  const place = {};
  if (raw.every((v) => typeof v === "object" && "x" in v && "y" in v)) {
    raw.forEach((v) => (place[Number(v.id)] = [Number(v.x), Number(v.y)]));
  } else {
    const height = {};
    const h = (v) => (v in height ? height[v] : (height[v] = 1 + Math.max(-1, ...succ[v].map(h))));
    ids.forEach(h);
    const top = Math.max(0, ...Object.values(height));
    const rows = {};
    for (const v of ids) (rows[height[v]] ??= []).push(v);
    for (const members of Object.values(rows)) {
      members.forEach((v, i) => (place[v] = [(i + 1) / (members.length + 1), top ? 0.1 + (0.8 * (top - height[v])) / top : 0.5]));
    }
  }
  return { ids, succ, values, place };
}

export function graphMoves(position, params) {
  const { succ } = graphInfo(params);
  const out = [];
  const done = new Set();
  position.forEach((v, k) => {
    if (done.has(v)) return; // chips on one vertex are interchangeable
    done.add(v);
    for (const w of succ[v]) {
      const rest = [...position.slice(0, k), ...position.slice(k + 1)];
      const met = params.annihilate ? rest.indexOf(w) : -1;
      if (met >= 0) rest.splice(met, 1);
      else rest.push(w);
      rest.sort((a, b) => a - b);
      // parts: the chips (components, in position order) the move changes: this one, and the one it meets
      const parts = met >= 0 ? [k, met >= k ? met + 1 : met].sort((a, b) => a - b) : [k];
      out.push({ move: [v, w], after: rest, label: met >= 0 ? `chip ${v} → ${w} (both chips vanish)` : `chip ${v} → ${w}`, parts });
    }
  });
  return out;
}

export function graphAnalyse(position, params) {
  const { values } = graphInfo(params);
  const components = position.map((v) => ({ label: `chip on ${v}`, value: values[v] }));
  return { components, total: components.reduce((a, c) => a ^ c.value, 0) };
}

/**
 * Where the small button that selects a target vertex's own chip goes: the first of the vertex's four
 * corners (then above, below) whose square of side `size` lies inside the picture and overlaps no
 * vertex and no button placed before (`taken`, [left, top, right, bottom]). [left, top] in px.
 */
export function graphBadgeSpot([x, y], R, size, W, H, taken) {
  const gap = 2;
  const spots = [
    [x + R + gap, y - R],
    [x - R - gap - size, y - R],
    [x + R + gap, y + R - size],
    [x - R - gap - size, y + R - size],
    [x - size / 2, y - R - gap - size],
    [x - size / 2, y + R + gap],
  ];
  const free = ([l, t]) =>
    l >= 0 && t >= 0 && l + size <= W && t + size <= H && taken.every(([a, b, c, d]) => l + size <= a || l >= c || t + size <= b || t >= d);
  return spots.find(free) || spots[0];
}

export const GRAPH_WIDTH = 320; // px: fits a 390 px phone's column (330 px); narrower, the picture scales

function graphDraw(position, params, view) {
  const { ids, succ, values, place } = graphInfo(params);
  const W = GRAPH_WIDTH;
  const H = 260;
  const R = 20;
  const at = (v) => [R + 4 + place[v][0] * (W - 2 * R - 8), R + 4 + place[v][1] * (H - 2 * R - 8)];
  // Vertices and buttons sit at a fraction of the picture (left/top in %), so they follow it when it scales
  const left = (x, dx) => `calc(${((100 * x) / W).toFixed(3)}% ${dx < 0 ? "-" : "+"} ${Math.abs(dx)}px)`;
  const top = (y, dy) => `calc(${((100 * y) / H).toFixed(3)}% ${dy < 0 ? "-" : "+"} ${Math.abs(dy)}px)`;
  const box = view.el("div", { className: "nimlib-graph", style: `width: ${W}px`, role: "group", "aria-label": "the graph" });
  box.append(view.el("style", { text: GRAPH_CSS }));
  const ns = "http://www.w3.org/2000/svg";
  const doc = view.doc || box.ownerDocument;
  const svg = doc.createElementNS(ns, "svg");
  svg.setAttribute("width", String(W));
  svg.setAttribute("height", String(H));
  svg.setAttribute("viewBox", `0 0 ${W} ${H}`);
  svg.setAttribute("aria-hidden", "true");
  const defs = doc.createElementNS(ns, "defs");
  const marker = doc.createElementNS(ns, "marker");
  for (const [k, v] of Object.entries({ id: "nimlib-arrow", viewBox: "0 0 10 10", refX: "10", refY: "5", markerWidth: "7", markerHeight: "7", orient: "auto" })) {
    marker.setAttribute(k, v);
  }
  const tip = doc.createElementNS(ns, "path");
  tip.setAttribute("d", "M 0 0 L 10 5 L 0 10 z");
  tip.setAttribute("fill", "#4a5568");
  marker.append(tip);
  defs.append(marker);
  svg.append(defs);
  for (const v of ids) {
    for (const w of succ[v]) {
      const [x1, y1] = at(v);
      const [x2, y2] = at(w);
      const d = Math.hypot(x2 - x1, y2 - y1) || 1;
      const line = doc.createElementNS(ns, "line");
      const attrs = {
        x1: x1 + ((x2 - x1) * (R + 1)) / d,
        y1: y1 + ((y2 - y1) * (R + 1)) / d,
        x2: x2 - ((x2 - x1) * (R + 3)) / d,
        y2: y2 - ((y2 - y1) * (R + 3)) / d,
        stroke: "#4a5568",
        "stroke-width": "1.5",
        "marker-end": "url(#nimlib-arrow)",
      };
      for (const [k, val] of Object.entries(attrs)) line.setAttribute(k, String(val));
      svg.append(line);
    }
  }
  box.append(svg);
  // Two clicks: a chip (the reader's choice, else the first chip that can move), then a successor
  const all = graphMoves(position, params);
  const movable = new Set(all.map((m) => m.move[0]));
  const picked = view.selection && typeof view.selection.chip === "number" ? view.selection.chip : null;
  const from = movable.has(picked) ? picked : all.length ? all[0].move[0] : null;
  const targets = new Map();
  for (const m of all) if (m.move[0] === from) targets.set(m.move[1], m);
  const BADGE = 24; // the chip-select button on a target vertex: a 24 px target (WCAG 2.5.8) beside it
  const taken = ids.map((v) => {
    const [x, y] = at(v);
    return [x - R, y - R, x + R, y + R];
  });
  for (const v of ids) {
    const chips = position.filter((c) => c === v).length;
    const [x, y] = at(v);
    const style = `left: ${left(x, -R)}; top: ${top(y, -R)}`;
    const content = [view.el("span", {}, `${v}`), view.el("span", { className: "nimlib-chips" }, chips ? "●".repeat(Math.min(chips, 3)) : "")];
    const cls = `nimlib-vertex${chips ? " nimlib-has-chip" : ""}`;
    const what = `vertex ${v} (Grundy value ${values[v]}${chips ? `, ${chips} chip${chips > 1 ? "s" : ""}` : ""})`;
    let node;
    if (targets.has(v)) {
      node = view.moveButton(targets.get(v).move, content, { label: `move the chip from ${from} to ${v}`, className: `${cls} nimlib-target` });
      node.setAttribute("style", style);
    } else if (from === v) {
      node = view.el("span", { className: `${cls} nimlib-selected`, style, title: `selected: ${what}` }, content);
    } else if (movable.has(v)) {
      node = view.el(
        "button",
        {
          type: "button",
          className: cls,
          style,
          "data-select": JSON.stringify(v),
          "aria-label": `select the chip on ${what}`,
          title: what,
          onclick: () => view.select({ chip: v }),
        },
        content,
      );
    } else {
      node = view.el("span", { className: cls, style, title: what }, content);
    }
    node.setAttribute("data-part", `vertex-${v}`);
    node.setAttribute("data-state", String(chips));
    box.append(node);
    if (targets.has(v) && movable.has(v)) {
      // the vertex is a target, so its own chip is selected with a small button beside it (never on it)
      const [bl, bt] = graphBadgeSpot([x, y], R, BADGE, W, H, taken);
      taken.push([bl, bt, bl + BADGE, bt + BADGE]);
      const badge = `left: ${left(x, bl - x)}; top: ${top(y, bt - y)}`;
      box.append(
        view.el(
          "button",
          { type: "button", className: "nimlib-pick", style: badge, "data-select": JSON.stringify(v), "aria-label": `select the chip on ${what}`, title: `move the chip on ${v} instead`, onclick: () => view.select({ chip: v }) },
          "●",
        ),
      );
    }
  }
  const bar = view.el("div", { className: "nimlib-graphbar nimlib-help" }, from === null ? "" : `Move the chip on ${from} to a green vertex, or click another chip.`);
  return view.el("div", {}, box, bar);
}

// The most vertices and chips a saved state may hold (nimlib.boards.MAX_CELLS; tests/test_js_bounds.py)
export const GRAPH_MAX = 1000;

/** The saved state's shape: a graph in params that graphInfo reads, then sorted chips on its vertices. */
export function graphValidate(position, params) {
  const sizes = [params.vertices, params.edges, params.values].find((v) => v !== undefined && (!Array.isArray(v) || v.length > GRAPH_MAX * GRAPH_MAX));
  if (sizes) return "params.vertices, edges and values must be lists";
  if ((params.vertices || []).length > GRAPH_MAX) return `the graph may have at most ${GRAPH_MAX} vertices`;
  for (const pair of [...(params.edges || []), ...(Array.isArray(params.values) && Array.isArray(params.values[0]) ? params.values : [])]) {
    if (!Array.isArray(pair) || pair.length !== 2 || !pair.every((v) => Number.isSafeInteger(v) && v >= 0)) return "params.edges and values must be pairs of whole numbers";
  }
  const { ids } = graphInfo(params); // an Error for an edge to an unknown vertex or a cycle
  if (position === undefined) return null;
  if (!Array.isArray(position) || position.length > GRAPH_MAX) return `the chips must be a list of at most ${GRAPH_MAX} vertices`;
  const known = new Set(ids);
  for (let k = 0; k < position.length; k++) {
    if (!known.has(position[k])) return `chip ${k} is on ${JSON.stringify(position[k])}, not a vertex of the graph`;
    if (k && position[k] < position[k - 1]) return "the chips' vertices must be sorted";
    if (k && params.annihilate && position[k] === position[k - 1]) return "with annihilation two chips never share a vertex";
  }
  return null;
}

register({
  id: "graph-chips",
  title: (params) => (params.annihilate ? "Chips on a graph (annihilation)" : "Chips on a graph"),
  rules: (params) =>
    `Slide one chip along an arrow.${params.annihilate ? " Two chips that meet both vanish." : ""} Whoever makes the last move wins.`,
  misere: () => false,
  validate: graphValidate,
  parse: (text, params) => {
    const { ids } = graphInfo(params);
    const parts = readTokens(String(text).replace(/[()[\]{}]/g, " "));
    if (parts.length === 0) throw new Error("type the vertices that hold chips, e.g. 0 1 7");
    const chips = parts.map((p) => {
      if (!/^\d+$/.test(p) || !ids.includes(Number(p))) throw new Error(`the vertices are ${ids.join(", ")}; got "${p}"`);
      return Number(p);
    });
    chips.sort((a, b) => a - b);
    if (params.annihilate && new Set(chips).size < chips.length) throw new Error("with annihilation two chips never share a vertex");
    return chips;
  },
  format: (position) => `(${position.join(", ")})`,
  random: (rng, params) => {
    const { ids, succ } = graphInfo(params);
    const movable = ids.filter((v) => succ[v].length);
    const pool = movable.length ? movable : ids;
    const want = Math.max(1, Number(params.chips) || 3);
    const out = [];
    for (let tries = 0; out.length < want && tries < 100; tries++) {
      const v = pool[Math.floor(rng() * pool.length)];
      if (params.annihilate && out.includes(v)) continue;
      out.push(v);
    }
    return out.sort((a, b) => a - b);
  },
  moves: (position, params) => graphMoves(position, params),
  analyse: (position, params) => graphAnalyse(position, params),
  draw: graphDraw,
  changed: (before, move) => [`vertex-${move[0]}`, `vertex-${move[1]}`],
  selectFor: (move) => ({ chip: move[0] }),
});
