// The whole widget in node (core.mount on a small DOM): what it says is true. The explanation and
// "Why the computer played" name the component the computer's move changed; exactly the parts that
// move changed glow; Hint shows the hinted move's button in two-step games; one status line; H / T.
import test from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as core from "../../nimlib/static/core.js";
import { glowing, mountWidget, settle } from "./mount_helpers.mjs";
import { explainProblems } from "./explain_invariant.mjs";

const here = dirname(fileURLToPath(import.meta.url));
for (const file of readdirSync(join(here, "..", "..", "nimlib", "static", "games")).filter((f) => f.endsWith(".js")).sort()) {
  await import(pathToFileURL(join(here, "..", "..", "nimlib", "static", "games", file)));
}

function mex(set) {
  let g = 0;
  while (set.has(g)) g++;
  return g;
}

/** Grundy values g(0..n) of a heap game: takes(n) the sizes one take leaves, splits(a, b) allowed. */
function heapValues(n, { take, split }) {
  const g = [];
  for (let m = 0; m <= n; m++) {
    const seen = new Set();
    for (let j = 0; j < m; j++) if (take(m, j)) seen.add(g[j]);
    for (let a = 1; a <= m - a; a++) if (split(a, m - a)) seen.add(g[a] ^ g[m - a]);
    g.push(mex(seen));
  }
  return g;
}

const GRUNDY = { values: heapValues(30, { take: () => false, split: (a, b) => a !== b }) };
const LASKER = { values: heapValues(30, { take: () => true, split: () => true }) };
const S123 = { values: heapValues(30, { take: (m, j) => m - j <= 3, split: () => false }), subtract: [1, 2, 3] };

const K = (x) => core.key(x);

test("the brief's examples: the component named is the one the move changes, and the computer plays it", () => {
  // Grundy's game (7, 1, 11): g = 0, 0, 2; heap 2 has the top bit, so the move splits heap 2
  const grundy = core.gameDef("grundy");
  const d = core.explainData(grundy, [7, 1, 11], GRUNDY);
  assert.equal(d.component, 2);
  assert.equal(d.target, 0n);
  assert.match(d.move.label, /^split heap 2 \(11\)/);
  assert.deepEqual(d.move.parts, [2]);
  assert.equal(K(core.bestMove(grundy, [7, 1, 11], GRUNDY).move), K(d.move.move));
  const html = core.explainPosition(grundy, [7, 1, 11], GRUNDY);
  assert.match(html, /Change heap 2 \(11\) from value 2 to 2 ⊕ 2 = 0/);
  assert.match(html, /The move that does it: split heap 2 \(11\)/);
  assert.doesNotMatch(html, /split heap 0/);
  // Staircase (5, 1, 1, 3, 5, 5): steps 2, 4, 6 count (1, 3, 5; XOR 7); step 6 has the top bit
  const stairs = core.gameDef("staircase");
  const s = core.explainData(stairs, [5, 1, 1, 3, 5, 5], {});
  assert.equal(s.rows[s.component].label, "step 6");
  assert.equal(s.move.label, "3 coins from step 6 to step 5");
  const sh = core.explainPosition(stairs, [5, 1, 1, 3, 5, 5], {});
  assert.match(sh, /Change step 6 from value 5 to 5 ⊕ 7 = 2/);
  assert.match(sh, /3 coins from step 6 to step 5 \(step 6 is even and counts, step 5 is odd and does not\)/);
  // every example and both turns satisfy the invariant
  for (const [def, p, params] of [
    [grundy, [7, 1, 11], GRUNDY],
    [core.gameDef("lasker"), [9, 7], LASKER],
    [core.gameDef("subtraction"), [9, 7], S123],
    [stairs, [5, 1, 1, 3, 5, 5], {}],
  ]) {
    for (const turn of ["reader", "computer"]) assert.deepEqual(explainProblems(def, p, params, { turn }), []);
  }
});

test("random positions of the heap and coin games keep the invariant", () => {
  const rng = core.makeRng(11);
  const games = [
    ["grundy", GRUNDY],
    ["lasker", LASKER],
    ["subtraction", S123],
    ["staircase", { steps: 7, max_coins: 6 }],
    ["turtles", { length: 12 }],
    ["nimble", { length: 12, coins: 5 }],
    ["nimble", { length: 12, coins: 5, no_jumps: true }],
    ["mock-turtles", { length: 10 }],
    ["ruler", { length: 10 }],
    ["corners", { rows: 5, columns: 5 }],
    ["nim", { k: 1 }],
  ];
  let checked = 0;
  for (const [id, params] of games) {
    const def = core.gameDef(id);
    for (let i = 0; i < 40; i++) {
      const p = def.random(rng, params);
      if (Number(def.analyse(p, params).total) === 0) continue;
      assert.deepEqual(explainProblems(def, p, params), [], `${id} ${K(p)}`);
      checked++;
    }
  }
  assert.ok(checked > 200, `${checked} N-positions checked`);
});

test("'Why the computer played' names the component the computer's move changed", async () => {
  for (const [game, params, position] of [
    ["grundy", GRUNDY, [7, 1, 11]],
    ["staircase", {}, [5, 1, 1, 3, 5, 5]],
    ["lasker", LASKER, [9, 7]],
  ]) {
    const w = mountWidget({ game, params, position, computerFirst: true });
    const last = w.model.get("history").at(-1);
    const d = core.explainData(core.gameDef(game), position, params, "computer");
    assert.equal(K(last.move), K(d.move.move), game);
    w.click("details");
    const details = w.root.querySelector("details");
    details.open = true;
    details.dispatch("toggle");
    const html = w.root.querySelector("details").html;
    assert.ok(html.includes(`Why the computer played ${last.label}`), html);
    const label = core.escapeHtml(d.rows[d.component].label);
    assert.ok(html.includes(`Change ${label} from value`), `${game}: ${html}`);
    assert.ok(html.includes(`The move that does it: ${core.escapeHtml(last.label)}`), `${game}: ${html}`);
  }
});

test("exactly what the computer changed glows: a split, a removal, a coin move", async () => {
  // Grundy's game (11, 7, 1): the computer splits heap 0; heaps 0 and 1 are new, the old heaps 1 and 2
  // (now 2 and 3) did not change
  let w = mountWidget({ game: "grundy", params: GRUNDY, position: [11, 7, 1], computerFirst: true });
  let last = w.model.get("history").at(-1);
  assert.ok(Array.isArray(last.move[1]) && last.move[0] === 0, K(last.move));
  assert.deepEqual(glowing(w.root), ["heap-0", "heap-1"]);
  // Lasker's nim: a split in the middle
  w = mountWidget({ game: "lasker", params: LASKER, position: [1, 9, 7], computerFirst: true });
  last = w.model.get("history").at(-1);
  const i = last.move[0];
  assert.deepEqual(glowing(w.root), (Array.isArray(last.move[1]) ? [i, i + 1] : [i]).map((h) => `heap-${h}`).sort());
  // Nim: a removal
  w = mountWidget({ game: "nim", params: { k: 1 }, position: [3, 4, 5], computerFirst: true });
  assert.deepEqual(glowing(w.root), ["heap-0"]);
  // Staircase: coins from step 6 to step 5
  w = mountWidget({ game: "staircase", params: {}, position: [5, 1, 1, 3, 5, 5], computerFirst: true });
  assert.deepEqual(glowing(w.root), ["step-4", "step-5"]);
  // Kayles and turtles
  w = mountWidget({ game: "kayles", params: { values: [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6, 4, 1, 2, 7] }, position: [1, 1, 1, 0, 1], computerFirst: true });
  assert.deepEqual(glowing(w.root), w.model.get("history").at(-1).move.map((p) => `pin-${p}`).sort());
  w = mountWidget({ game: "turtles", params: {}, position: [0, 1, 0, 0, 1, 1, 0], computerFirst: true });
  assert.deepEqual(glowing(w.root), w.model.get("history").at(-1).move.map((p) => `coin-${p}`).sort());
  // after the reader's next move nothing glows
  w.click(".nimlib-board button[data-move]");
  assert.deepEqual(glowing(w.root), []);
  await settle();
});

test("Hint shows the hinted move on the board in every two-step game", () => {
  const rng = core.makeRng(5);
  const games = [
    ["moore", { k: 2 }],
    ["turtles", { length: 10 }],
    ["mock-turtles", { length: 10 }],
    ["ruler", { length: 10 }],
    ["corners", { rows: 5, columns: 5 }],
    ["nimble", { length: 10, coins: 4 }],
    // a graph: 0..7, each vertex to the next two (values 0, 1, 2 repeating from the sink)
    ["graph-chips", { vertices: [0, 1, 2, 3, 4, 5, 6, 7], edges: [1, 2, 3, 4, 5, 6, 7].flatMap((v) => (v > 1 ? [[v, v - 1], [v, v - 2]] : [[v, v - 1]])), chips: 3 }],
  ];
  for (const [game, params] of games) {
    const def = core.gameDef(game);
    let hinted = 0;
    for (let i = 0; i < 25 && hinted < 8; i++) {
      const position = def.random(rng, params);
      const best = core.bestMove(def, position, params);
      if (!best) continue;
      const w = mountWidget({ game, params, position });
      w.click("[data-ctl='hint']");
      const button = w.root.querySelector(`.nimlib-board [data-move='${K(best.move)}']`);
      assert.ok(button, `${game} ${K(position)}: no button for the hinted ${best.label}`);
      assert.ok(button.classList.contains("nimlib-hint"), `${game} ${K(position)}: the button is not marked`);
      assert.match(w.text(), new RegExp(`Hint: ${best.label.replace(/[()[\]]/g, "\\$&")}`));
      hinted++;
    }
    assert.ok(hinted >= 5, `${game}: ${hinted} hints checked`);
  }
});

test("Moore's instruction says what a click does: the stone clicked is taken", () => {
  const w = mountWidget({ game: "moore", params: { k: 2 }, position: [3, 4, 5] });
  w.click("[data-ctl='several']");
  assert.match(w.text(), /click a stone: it and the stones above it are taken/);
  assert.doesNotMatch(w.text(), /new top stone/);
});

test("one status line, one message, never the same thing twice; the winner line is marked", async () => {
  let w = mountWidget({ game: "nim", params: { k: 1 }, position: [2, 3] });
  assert.equal(w.text().split("Your move").length - 1, 1, w.text());
  // the reader takes heap 1 to 2: (2, 2), the computer cannot win; play on to the end
  w.click("[data-move='[1,2]']");
  await settle();
  for (let guard = 0; guard < 10 && w.root.querySelector(".nimlib-play").getAttribute("data-turn") !== "over"; guard++) {
    w.click(".nimlib-board button[data-move]:not([disabled])");
    await settle();
  }
  const text = w.text();
  assert.equal(text.split("Game over").length - 1, 1, text);
  const status = w.root.querySelector(".nimlib-status");
  assert.ok(status.classList.contains("nimlib-winner"));
  assert.match(status.textContent, /Game over: (you|the computer) win/);
  // the computer wins: it takes the last stone; its move and the result are each said once
  w = mountWidget({ game: "nim", params: { k: 1 }, position: [1, 1] });
  w.click("[data-move='[0,0]']");
  await settle();
  assert.equal(w.text().split("Game over: the computer wins.").length - 1, 1, w.text());
  assert.equal(w.text().split("I play heap 1 from 1 to 0.").length - 1, 1, w.text());
  // Undo says it once
  w.click("[data-ctl='undo']");
  assert.equal(w.text().split("Your move").length - 1, 1, w.text());
  // messages from Python (a live kernel) that repeat the status line are not shown twice
  w.model.fromPython({
    message: "I play heap 1 from 1 to 0. Game over: the computer wins.",
    position: [0, 0],
    history: [
      { player: "reader", move: [0, 0], label: "heap 0 from 1 to 0", before: [1, 1], after: [0, 1] },
      { player: "computer", move: [1, 0], label: "heap 1 from 1 to 0", before: [0, 1], after: [0, 0] },
    ],
  });
  assert.equal(w.text().split("Game over: the computer wins.").length - 1, 1, w.text());
  assert.match(w.root.querySelector(".nimlib-msg").textContent, /^I play heap 1 from 1 to 0\.$/);
  w.model.fromPython({ message: "Move taken back. Your move.", position: [1, 1], history: [] });
  assert.match(w.root.querySelector(".nimlib-msg").textContent, /^Move taken back\.$/);
  assert.equal(w.text().split("Your move").length - 1, 1, w.text());
});

test("counts in words are singular for one", async () => {
  const { nimExplainData } = await import("../../nimlib/static/games/nim.js");
  const steps = nimExplainData([1, 1], 1, true).steps.join(" | ");
  assert.match(steps, /1 heap of 1 is left/);
  assert.doesNotMatch(steps, /1 heaps|1 are left/);
  const w = mountWidget({ game: "wythoff", params: {}, position: [1, 3] });
  assert.match(w.text(), /heap 0 = 1 column and heap 1 = 3 rows/);
  assert.equal(core.plural(1, "row"), "1 row");
  assert.equal(core.plural(2, "row"), "2 rows");
});

test("turning turtles shows H and T, as chapter 12 writes coins", () => {
  const turtles = core.gameDef("turtles");
  assert.equal(turtles.format([1, 0, 1], {}), "HTH");
  assert.deepEqual(turtles.parse("HTH", {}), [1, 0, 1]);
  assert.deepEqual(turtles.parse("OXO", {}), [1, 0, 1]);
  const w = mountWidget({ game: "turtles", params: {}, position: [1, 0, 1] });
  const faces = w.root.querySelectorAll(".nimlib-board .nimlib-coin").map((n) => n.textContent).join("");
  assert.match(faces, /^[HT]+$/);
  assert.match(turtles.rules({}), /heads coin \(H\) to tails \(T\)/);
});

test("New game deals differently in two widgets with the same seed but different starts (chapters 1 and 2)", () => {
  const deal = (position) => {
    const w = mountWidget({ game: "nim", params: { k: 1, seed: 1 }, position });
    w.click("[data-ctl='new']");
    return K(w.model.get("position"));
  };
  assert.notEqual(deal([3, 4, 5]), deal([3, 4, 5, 6]));
  assert.equal(deal([3, 4, 5]), deal([3, 4, 5])); // still repeatable
  const nim = core.gameDef("nim");
  assert.notEqual(core.rngSeed(nim, { seed: 1 }, [3, 4, 5]), core.rngSeed(nim, { seed: 1 }, [3, 4, 5, 6]));
  assert.equal(core.rngSeed(nim, {}, [3, 4, 5]), undefined);
});

test("an explanation names every component its move changes (issue 23: a flip of a second heads coin, Twins, chips that annihilate)", () => {
  // Turning turtles at HH: turn coin 2, flip coin 1 changes both heads coins
  const turtles = core.gameDef("turtles");
  let html = core.explainPosition(turtles, [1, 1], {});
  assert.ok(html.includes('<tr class="nimlib-chosen"><th>heads at 1</th>') && html.includes('<tr class="nimlib-chosen"><th>heads at 2</th>'), html);
  assert.match(html, /Change heads at 1 and heads at 2 together: their values 1 ⊕ 2 = 3; what the move leaves in their place is worth 3 ⊕ 3 = 0/);
  assert.match(html, /The move that does it: turn coin 2, flip coin 1\./);
  // Twins at THH: the second flip is compulsory; turn coin 3, flip coin 2 removes both
  html = core.explainPosition(turtles, [0, 1, 1], { twins: true });
  assert.match(html, /Change heads at 2 and heads at 3 together/);
  // Annihilating chips (chapter 10's graph): a chip that meets another names both chips
  const graph = core.gameDef("graph-chips");
  const edges = [[0, 1], [0, 2], [0, 3], [1, 3], [1, 4], [2, 4], [2, 5], [3, 5], [4, 5], [4, 6], [7, 2], [7, 6]];
  const params = { vertices: [0, 1, 2, 3, 4, 5, 6, 7], edges, annihilate: true };
  html = core.explainPosition(graph, [0, 1], params);
  assert.match(html, /Change chip on 0 and chip on 1 together/, html);
  // a one-heap winning move comes before a two-heap one (misère Moore, chapter 16; Moore's Nim_2)
  assert.equal(core.bestMove(core.gameDef("misere-moore"), [1, 2, 0, 0], { k: 2 }).label, "heap 1 from 2 to 0");
  assert.equal(core.bestMove(core.gameDef("moore"), [2, 2, 2, 3], { k: 2 }).label, "heap 3 from 3 to 0");
});

// Grundy's game values g(0..40) and Dawson's chess (Crosses) as nimlib computes them (tests/test_js_games.py
// checks these tables against nimlib; here they only feed the deal)
const GRUNDY40 = [0, 0, 0, 1, 0, 2, 1, 0, 2, 1, 0, 2, 1, 3, 2, 1, 3, 2, 4, 3, 0, 4, 3, 0, 4, 3, 0, 4, 1, 2, 3, 1, 2, 4, 1, 2, 4, 1, 2, 4, 1];
const DEALT = [
  ["nim", {}, [3, 4, 5]],
  ["misere-nim", {}, [2, 3, 4]],
  ["moore", { k: 2 }, [5, 6, 7]],
  ["grundy", { values: GRUNDY40 }, [15, 10]],
  ["turtles", { length: 10 }, [0, 1, 1]],
  ["turtles", { length: 8, twins: true }, [0, 1, 1]],
  ["mock-turtles", { length: 8 }, [1, 1]],
  ["corners", { rows: 4, columns: 4 }, [[2, 2]]],
  ["wythoff", { board: 12 }, [7, 11]],
  ["staircase", { steps: 5, max_coins: 3 }, [1, 2, 3]],
  ["nimble", { length: 8, coins: 3 }, [2, 5]],
  ["chomp", { rows: 4, columns: 7 }, [7, 7, 7, 7]],
];

test("New game deals a position the reader can win (issue 23): N when the reader moves first, P for the computer when it does; a seed repeats its deals", () => {
  for (const [game, base, position] of DEALT) {
    const def = core.gameDef(game);
    for (const computerFirst of [false, true]) {
      const dealt = [];
      for (let seed = 1; seed <= 25; seed++) {
        const w = mountWidget({ game, params: { ...base, seed }, position, computerFirst });
        w.click("[data-ctl='new']");
        const history = w.model.get("history");
        const start = w.model.get("start");
        dealt.push(core.key(start));
        const where = `${game} seed ${seed} ${computerFirst ? "computer first" : "reader first"}: ${core.key(start)}`;
        const mover = computerFirst ? "computer" : "reader";
        assert.ok(!core.isOver(def, start, w.model.get("params"), mover), `${where}: the game is over at once`);
        const wins = core.bestMove(def, start, w.model.get("params"), mover) !== null;
        assert.equal(wins, !computerFirst, `${where}: the reader cannot win it`);
        if (!computerFirst) assert.equal(w.model.get("message"), "New game: a position you can win with best play.", where);
        else assert.equal(history[0].player, "computer", where);
      }
      // the same seeds deal the same games
      const again = [];
      for (let seed = 1; seed <= 25; seed++) {
        const w = mountWidget({ game, params: { ...base, seed }, position, computerFirst });
        w.click("[data-ctl='new']");
        again.push(core.key(w.model.get("start")));
      }
      assert.deepEqual(again, dealt, `${game}: a seed repeats its deal`);
      assert.ok(new Set(dealt).size > 5, `${game}: ${new Set(dealt).size} different deals of 25`);
    }
  }
  // params.deal = "any" keeps the old deal (lost positions included): some of 40 are lost
  const def = core.gameDef("grundy");
  let lost = 0;
  for (let seed = 1; seed <= 40; seed++) {
    const w = mountWidget({ game: "grundy", params: { values: GRUNDY40, seed, deal: "any" }, position: [15, 10] });
    w.click("[data-ctl='new']");
    if (core.bestMove(def, w.model.get("start"), w.model.get("params")) === null) lost++;
  }
  assert.ok(lost > 0, "with deal: any, no lost position came up in 40 deals");
});
