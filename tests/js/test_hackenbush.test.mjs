// Green Hackenbush in the page against nimlib: every position of every graph with at most 4 edges
// (loops and parallel edges included) and of a few larger random graphs. The fixture is written by
// tests/test_hackenbush.py from nimlib.hackenbush (values by exhaustive search, the positions after
// every cut); run `python -m pytest tests/test_hackenbush.py` to refresh it.

import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import { bestMove, computerMove, explainHtml, gameDef, makeRng } from "../../nimlib/static/core.js";
import { hbValue, hbGrounded, hbMoves, hbAnalyse, hbFlipY, hackenbushGame } from "../../nimlib/static/games/hackenbush.js";

const fixture = JSON.parse(readFileSync(new URL("./fixtures/hackenbush.json", import.meta.url), "utf8"));
const parse = (key) => (key === "" ? [] : key.split(",").map(Number));

test("the fixture covers many positions", () => {
  const count = fixture.graphs.reduce((n, g) => n + Object.keys(g.positions).length, 0);
  assert.ok(fixture.graphs.length >= 100 && count > 500, `${fixture.graphs.length} graphs, ${count} positions`);
});

test("values (fusion, then colon) agree with nimlib's exhaustive search on every position", () => {
  let checked = 0;
  for (const g of fixture.graphs) {
    for (const [key, { value }] of Object.entries(g.positions)) {
      const position = parse(key);
      assert.equal(hbValue(g.edges, position), value, `${JSON.stringify(g.edges)} at {${key}}`);
      assert.equal(hbAnalyse(position, { edges: g.edges }).total, value, `analyse ${JSON.stringify(g.edges)} at {${key}}`);
      checked++;
    }
  }
  assert.ok(checked > 500);
});

test("the moves and the positions they leave agree with nimlib", () => {
  for (const g of fixture.graphs) {
    const params = { edges: g.edges };
    for (const [key, { after }] of Object.entries(g.positions)) {
      const got = hbMoves(parse(key), params)
        .map((m) => m.after)
        .sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      const want = after.slice().sort((a, b) => JSON.stringify(a).localeCompare(JSON.stringify(b)));
      assert.deepEqual(got, want, `${JSON.stringify(g.edges)} at {${key}}`);
    }
  }
});

test("the computer's move wins from every N-position and there is none from a P-position", () => {
  const def = gameDef("hackenbush");
  assert.equal(def, hackenbushGame);
  for (const g of fixture.graphs) {
    const params = { edges: g.edges };
    for (const [key, { value }] of Object.entries(g.positions)) {
      const best = bestMove(def, parse(key), params);
      if (value === 0) assert.equal(best, null);
      else assert.equal(g.positions[best.after.join(",")].value, 0, `${JSON.stringify(g.edges)} at {${key}}`);
    }
  }
});

test("a wrong colon rule (XOR without the + 1) would be caught by the fixture", () => {
  // a stalk of two edges (as the enumeration labels it: ground–2–1): nimlib says 2; XOR without + 1 says 0
  const g = fixture.graphs.find((x) => JSON.stringify(x.edges) === JSON.stringify([[0, 2], [1, 2]]));
  assert.equal(g.positions["0,1"].value, 2);
  assert.equal(hbValue(g.edges, [0, 1]), 2);
});

test("parse, format, random and explain", () => {
  const params = { edges: [[0, 1], [1, 2], [2, 0], [2, 3], [4, 5]], coords: { 1: [0, 1], 2: [1, 1], 3: [1, 2], 4: [3, 1], 5: [3, 2] } };
  const def = hackenbushGame;
  assert.deepEqual(def.parse("0, 1, 3", params), [0, 1, 3]);
  assert.deepEqual(def.parse("{1, 3}", params), []); // nothing of it touches the ground
  assert.deepEqual(def.parse("all", params), [0, 1, 2, 3]);
  assert.deepEqual(def.parse(def.format([0, 2], params), params), [0, 2]); // the placeholder's own format
  assert.deepEqual(def.parse("no edges", params), []);
  assert.throws(() => def.parse("0, 9", params), /no edge 9/);
  assert.throws(() => def.parse("0, x", params), /not one/);
  assert.equal(def.format([0, 2], params), "edges {0, 2}");
  const rng = makeRng(3);
  for (let i = 0; i < 20; i++) {
    const p = def.random(rng, params);
    assert.deepEqual(p, hbGrounded(params.edges, p));
  }
  const html = def.explain([0, 1, 2, 3], params);
  assert.match(html, /1 piece/);
  assert.ok(html.endsWith(explainHtml(def, [0, 1, 2, 3], params)));
  const reply = computerMove(def, [0, 1, 2], params); // a triangle on the ground: value 1, cut a ground edge
  assert.ok(reply.winning && /^cut edge \d/.test(reply.label));
});

test("SVG paths flip their y coordinates (layout y points up)", () => {
  assert.equal(hbFlipY("M 1 2 Q 3 4 5 6"), "M 1 -2 Q 3 -4 5 -6");
  assert.equal(hbFlipY("M 0 1 a 0.2 0.2 0 1 1 0 0.4"), "M 0 -1 a 0.2 0.2 0 1 0 0 -0.4");
});

// A few lines of fake DOM: enough to run draw() without a browser
function fakeDocument() {
  const make = (tag) => {
    const node = {
      tag,
      attrs: {},
      children: [],
      listeners: {},
      style: {},
      setAttribute(name, value) {
        this.attrs[name] = String(value);
      },
      getAttribute(name) {
        return this.attrs[name];
      },
      append(...kids) {
        this.children.push(...kids);
      },
      addEventListener(type, f) {
        this.listeners[type] = f;
      },
      click() {
        this.listeners.click?.();
      },
      all() {
        return [this, ...this.children.flatMap((c) => (c.all ? c.all() : []))];
      },
    };
    return node;
  };
  return { createElement: make, createElementNS: (_, tag) => make(tag), createTextNode: (text) => ({ text }) };
}

function fakeView(doc, last = null) {
  const played = [];
  return {
    doc,
    last,
    played,
    el(tag, attrs = {}, ...children) {
      const node = doc.createElement(tag);
      for (const [k, v] of Object.entries(attrs)) node.setAttribute(k, v);
      node.append(...children);
      return node;
    },
    moveButton(move, content, { label, className } = {}) {
      const b = doc.createElement("button");
      b.setAttribute("data-move", JSON.stringify(move));
      b.setAttribute("aria-label", label);
      b.setAttribute("class", className);
      b.append(content);
      b.addEventListener("click", () => played.push(move));
      return b;
    },
  };
}

test("draw: one button per standing edge, each with its data-move, and clicking an edge plays it", () => {
  const params = {
    edges: [[0, 1], [1, 2], [2, 0], [2, 3], [0, 0], [0, 4], [0, 4], [4, 4], [4, 4]],
    coords: { 0: [-1, 0], 1: [0, 1], 2: [1, 1], 3: [1, 2], 4: [2, 1] },
  };
  const position = [0, 1, 2, 3, 4, 5, 6, 7, 8];
  const view = fakeView(fakeDocument());
  const board = hackenbushGame.draw(position, params, view);
  const nodes = board.all();
  const buttons = nodes.filter((n) => n.tag === "button");
  assert.deepEqual(
    buttons.map((b) => b.getAttribute("data-move")),
    position.map((i) => `[${i}]`),
  );
  const shapes = nodes.filter((n) => n.attrs["data-part"]);
  assert.equal(shapes.length, position.length);
  assert.equal(shapes.filter((n) => n.tag === "ellipse").length, 3); // the three loops are petals
  shapes.find((n) => n.attrs["data-part"] === "edge-3").click();
  assert.deepEqual(view.played, [[3]]);
  // after the computer's reply, the cut edges are still drawn (dashed, state "cut") but have no button
  const after = hbMoves(position, params).find((m) => m.move[0] === 0).after;
  const view2 = fakeView(fakeDocument(), { before: position, after, move: [0] });
  const nodes2 = hackenbushGame.draw(after, params, view2).all();
  assert.equal(nodes2.filter((n) => n.tag === "button").length, after.length);
  assert.equal(nodes2.filter((n) => n.attrs["data-state"] === "cut").length, position.length - after.length);
});

test("the explanation names the piece the computer's cut changes, on every fixture N-position", async () => {
  const { explainProblems } = await import("./explain_invariant.mjs");
  const def = gameDef("hackenbush");
  let checked = 0;
  for (const g of fixture.graphs) {
    const params = { edges: g.edges };
    for (const [key, { value }] of Object.entries(g.positions)) {
      if (value === 0) continue;
      const isWinning = (after) => g.positions[after.slice().sort((a, b) => a - b).join(",")]?.value === 0;
      assert.deepEqual(explainProblems(def, parse(key), params, { isWinning }), [], `${JSON.stringify(g.edges)} at {${key}}`);
      checked++;
    }
  }
  assert.ok(checked > 300, `${checked} positions`);
});

test("draw: one tab stop per edge (its button), and a picture that scales to a narrow box", () => {
  // a wide picture (ground vertices far apart): wider than a 330 px phone column at its natural size
  const params = { edges: [[0, 1], [0, 2], [1, 2], [0, 3], [3, 3]], coords: { 0: [0, 0], 1: [-2, 1], 2: [2, 1], 3: [4, 1.5] } };
  const position = [0, 1, 2, 3, 4];
  const nodes = hackenbushGame.draw(position, params, fakeView(fakeDocument())).all();
  const focusable = nodes.filter((n) => n.tag === "button" || (n.attrs.tabindex !== undefined && n.attrs.tabindex !== "-1"));
  assert.deepEqual(focusable.map((n) => n.tag), position.map(() => "button"), "every edge is one tab stop: its button, not also its path");
  assert.ok(nodes.every((n) => n.attrs.role !== "button"), "no drawn shape poses as a second button");
  const [box] = nodes;
  assert.match(box.attrs.style, /max-width: 100%/);
  assert.ok(Number(/width: (\d+)px/.exec(box.attrs.style)[1]) > 330, "the test picture is wider than a phone's column");
  const svg = nodes.find((n) => n.tag === "svg");
  assert.ok(svg.attrs.viewBox && /width: 100%/.test(svg.attrs.style) && /height: auto/.test(svg.attrs.style), svg.attrs.style);
  for (const b of nodes.filter((n) => n.tag === "button")) {
    // placed at a fraction of the picture, so they stay on their edges when it scales
    assert.match(b.attrs.style, /left: calc\([\d.]+% - 12px\); top: calc\([\d.]+% - 12px\)/);
  }
});
