// Saved games are games (issue 39, item 3): a saved history mounts only when it is a chain of legal moves
// from the start, players alternating as the mode says, ending at the saved position. The five attack
// shapes (a first move that grows a heap, moves that do not chain, a history that does not start at the
// start, one player moving twice, a label that lies) are each refused or, for the label, never shown;
// good saved games (every game of good_states.mjs, played on) still mount and their review is unchanged.
import test from "node:test";
import assert from "node:assert/strict";
import { readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import * as core from "../../nimlib/static/core.js";
import { GOOD } from "./good_states.mjs";
import { makeDocument } from "./mount_helpers.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const gamesDir = join(here, "..", "..", "nimlib", "static", "games");
for (const file of readdirSync(gamesDir).filter((f) => f.endsWith(".js")).sort()) await import(pathToFileURL(join(gamesDir, file)));
globalThis.NIMLIB_DELAY = 0;

function model(values) {
  let saves = 0;
  return { values, get: (n) => values[n], set: (n, v) => (values[n] = v), save_changes: () => saves++, saves: () => saves, on: () => {}, off: () => {} };
}

/** Mount `values`; {root, model, thrown}. */
function mountValues(values) {
  const root = makeDocument().createElement("div");
  const m = model(values);
  let thrown = null;
  try {
    core.mount(m, root);
  } catch (error) {
    thrown = error;
  }
  return { root, model: m, thrown };
}

function assertRefused(values, what, words) {
  const error = core.savedStateError(model(values));
  assert.ok(error, `${what}: accepted`);
  if (words) assert.match(error, words, `${what}: says "${error}"`);
  const { root, model: m, thrown } = mountValues(values);
  assert.equal(thrown, null, `${what}: threw`);
  const shown = root.querySelectorAll("p.nimlib-invalid");
  assert.equal(shown.length, 1, `${what}: no message`);
  assert.equal(root.children.length, 1, `${what}: more than the message is shown`);
  assert.match(shown[0].textContent, /^This game's saved position is not valid: /);
  assert.equal(root.querySelectorAll(".nimlib-play").length, 0, `${what}: the game is drawn`);
  assert.equal(m.saves(), 0, `${what}: something was written back`);
}

/** A game of `id` played from its good state: `n` moves, each side playing its best (else first) move. */
function played(id, n, { computerFirst = false, two = false } = {}) {
  const [params, start] = GOOD[id];
  const def = core.gameDef(id);
  const history = [];
  let position = structuredClone(start);
  let player = computerFirst ? "computer" : "reader";
  for (let i = 0; i < n && !core.isOver(def, position, params, player); i++) {
    const m = core.computerMove(def, position, params, player);
    history.push(core.entry(player, m, position));
    position = m.after;
    player = core.other(player);
  }
  return { game: id, params: structuredClone(params), start: structuredClone(start), position, history, computer_first: computerFirst, two_player: two, message: "" };
}

const NIM = { game: "nim", params: {}, computer_first: false, two_player: false, message: "" };
const e = (player, move, before, after, label) => ({ player, move, label: label ?? `heap ${move[0]} from ${before[move[0]]} to ${move[1]}`, before, after });

test("the five attack shapes are refused (four) or cannot lie (the label), in the page", () => {
  // 1. a first move that grows a heap (5 -> 7), the rest of the history legal
  const grows = { ...NIM, start: [3, 4, 5], history: [e("reader", [2, 7], [3, 4, 5], [3, 4, 7]), e("computer", [2, 3], [3, 4, 7], [3, 4, 3])], position: [3, 4, 3] };
  assertRefused(grows, "a first move that grows a heap", /history\[0\] is not a legal move/);
  // 2. moves that do not chain: the second starts from a position the first did not reach
  const gap = { ...NIM, start: [3, 4, 5], history: [e("reader", [0, 1], [3, 4, 5], [1, 4, 5]), e("computer", [2, 1], [3, 4, 5], [3, 4, 1])], position: [3, 4, 1] };
  assertRefused(gap, "moves that do not chain", /history\[1\] does not start where history\[0\] ended/);
  // 3. a history that does not start at the start
  const elsewhere = { ...NIM, start: [3, 4, 5], history: [e("reader", [0, 1], [3, 4, 6], [1, 4, 6])], position: [1, 4, 6] };
  assertRefused(elsewhere, "a history that does not start at the start", /history\[0\] does not start at the game's start/);
  // 4. one player moves twice (each move legal and chained)
  const twice = { ...NIM, start: [3, 4, 5], history: [e("reader", [0, 1], [3, 4, 5], [1, 4, 5]), e("reader", [1, 1], [1, 4, 5], [1, 1, 5])], position: [1, 1, 5] };
  assertRefused(twice, "one player moving twice", /history\[1\] is a move by the reader, but it is the computer's turn/);
  // ... and the computer first when the reader starts, and the reverse
  assertRefused({ ...NIM, start: [3, 4, 5], history: [e("computer", [0, 1], [3, 4, 5], [1, 4, 5])], position: [1, 4, 5] }, "the computer first when the reader starts", /computer's? .*reader's turn|by the computer/);
  assertRefused({ ...NIM, computer_first: true, start: [3, 4, 5], history: [e("reader", [0, 1], [3, 4, 5], [1, 4, 5])], position: [1, 4, 5] }, "the reader first when the computer starts", /by the reader/);
  // 5. a label that lies: the game mounts (a game saved from Jupyter carries nimlib's wording), but the move
  // list and the review say the move in the game's own words, never the lie
  const lie = "heap 0 from 3 to 3 (kept a winning position)";
  const liar = { ...NIM, start: [1, 1], history: [e("reader", [0, 0], [1, 1], [0, 1], lie), e("computer", [1, 0], [0, 1], [0, 0])], position: [0, 0] };
  assert.equal(core.savedStateError(model(liar)), null);
  const { root, thrown } = mountValues(liar);
  assert.equal(thrown, null);
  const list = root.querySelector(".nimlib-history").textContent;
  assert.ok(!list.includes(lie), `the move list shows the forged label: ${list}`);
  assert.match(list, /You: heap 0 from 1 to 0/);
  const review = root.querySelector("[data-review]");
  review.open = true;
  review.dispatch("toggle");
  const said = review.textContent;
  assert.ok(!said.includes(lie), `the review repeats the forged label: ${said}`);
  assert.match(said, /You: heap 0 from 1 to 0: no winning move existed/);
});

test("the chain is checked in every game: a good game mounts, each planted fault is refused", () => {
  let games = 0;
  let moves = 0;
  for (const id of core.registeredGames()) {
    const good = played(id, 6);
    if (good.history.length < 2) continue;
    games++;
    moves += good.history.length;
    assert.equal(core.savedStateError(model(good)), null, `${id}: a played game is refused`);
    const { root, thrown } = mountValues(structuredClone(good));
    assert.equal(thrown, null);
    assert.equal(root.querySelectorAll(".nimlib-play").length, 1, `${id} did not mount`);
    assert.equal(root.querySelectorAll(".nimlib-history li").length, good.history.length, `${id}: the move list`);
    const h = good.history;
    // moves that do not chain: drop the first move (the second no longer starts at the start)
    assertRefused({ ...good, history: h.slice(1) }, `${id}: the first move dropped`, /does not start at the game's start|is a move by the computer/);
    // one player twice: the second entry's player flipped
    assertRefused({ ...good, history: h.map((x, i) => (i === 1 ? { ...x, player: core.other(x.player) } : x)) }, `${id}: a player moving twice`, /turns alternate/);
    // an entry's after that its move does not reach
    assertRefused({ ...good, history: h.map((x, i) => (i === 0 ? { ...x, after: h[h.length - 1].after } : x)) }, `${id}: a forged after`, /does not lead to the position|does not start where/);
    // the saved position is not where the history ends
    assertRefused({ ...good, position: good.start }, `${id}: the position is not the end`, /does not end at the position/);
    // who started flipped
    assertRefused({ ...good, computer_first: true }, `${id}: computer_first flipped`, /turns alternate/);
  }
  assert.ok(games >= 20 && moves >= 100, `only ${games} games, ${moves} moves checked`);
});

test("two-player games and games the computer started are accepted, and every prefix of a game is too", () => {
  for (const [id, opts] of [["nim", { two: true }], ["misere-nim", { computerFirst: true }], ["moore", { computerFirst: true, two: true }], ["kayles", { two: true }]]) {
    const good = played(id, 12, opts);
    assert.ok(good.history.length >= 2, id);
    for (let n = 0; n <= good.history.length; n++) {
      const prefix = { ...good, history: good.history.slice(0, n), position: n ? good.history[n - 1].after : good.start };
      assert.equal(core.savedStateError(model(prefix)), null, `${id}, ${n} moves`);
    }
  }
});

test("the review of a legal saved game is the review of the game played (labels derived, verdicts unchanged)", () => {
  let reviewed = 0;
  for (const id of ["nim", "misere-nim", "moore", "kayles", "staircase", "wythoff"]) {
    const good = played(id, 40);
    const def = core.gameDef(id);
    const expected = core.reviewGame(def, good.params, good.history);
    const { root } = mountValues(structuredClone(good));
    const review = root.querySelector("[data-review]");
    if (!review) continue; // the game did not end in 40 moves
    review.open = true;
    review.dispatch("toggle");
    const items = review.querySelectorAll("li[data-verdict]");
    assert.deepEqual(items.map((li) => li.getAttribute("data-verdict")), expected.moves.map((m) => m.verdict), id);
    items.forEach((li, i) => assert.ok(li.textContent.includes(expected.moves[i].label), `${id}: move ${i}`));
    reviewed++;
  }
  assert.ok(reviewed >= 4, `only ${reviewed} games reviewed`);
});

test("the work is bounded: a history over the cap is refused before any move is replayed", () => {
  const def = core.gameDef("nim");
  const original = def.moves;
  let listed = 0;
  def.moves = (...args) => (listed++, original(...args));
  try {
    const long = Array.from({ length: core.STATE_MAX_HISTORY + 1 }, () => e("reader", [0, 0], [1], [0]));
    assert.match(core.savedStateError(model({ ...NIM, start: [1], position: [0], history: long })), /at most 100000 moves/);
    assert.equal(listed, 0);
    // a long forged history stops at its first bad entry: one replay, not one per entry
    const forged = Array.from({ length: 50000 }, (_, i) => e(i % 2 ? "computer" : "reader", [0, 0], [1], [0]));
    assert.match(core.savedStateError(model({ ...NIM, start: [1], position: [0], history: forged })), /history\[1\] does not start where/);
    assert.ok(listed <= 2, `${listed} replays for a history refused at its second entry`);
  } finally {
    def.moves = original;
  }
});
