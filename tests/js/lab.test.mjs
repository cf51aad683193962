// The lab (nimlib/static/lab.js): parsing codes, Grundy values, certified periods, refusals, and the
// "heaps" game's splits that take stones. Against nimlib: set NIMLIB_LAB_FIXTURE (tests/test_lab.py
// writes it: 200 random octal codes with nimlib's values and find_period, plus subtraction sets).
import test from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as core from "../../nimlib/static/core.js";
import * as lab from "../../nimlib/static/lab.js";
import { heapSplitTakeMoves } from "../../nimlib/static/games/heaps.js";
import { fakeDocument, boardMoves } from "./boards_helpers.mjs";

const FIXTURE = process.env.NIMLIB_LAB_FIXTURE;
const SKIP = "set NIMLIB_LAB_FIXTURE (python -m pytest tests/test_lab.py does)";
const K = (x) => JSON.stringify(x);

test("octal codes become nimlib's TakeRule: digit bits 1, 2, 4 = take all, take one, split", () => {
  const kayles = lab.parseGame("0.77");
  assert.deepEqual(kayles.rule, { take_all: [1, 2], take_one: [1, 2], take_split: [1, 2], unequal: false, take_any: false });
  assert.equal(kayles.t, 2);
  assert.deepEqual(lab.parseGame(" .77 ").rule, kayles.rule);
  assert.equal(lab.parseGame(".77").code, "0.77");
  const crosses = lab.parseGame("0.137");
  assert.deepEqual([crosses.rule.take_all, crosses.rule.take_one, crosses.rule.take_split], [[1, 2, 3], [2, 3], [3]]);
  const g407 = lab.parseGame("4.07");
  assert.deepEqual(g407.rule.take_split, [0, 2]);
  assert.equal(g407.t, 2);
  assert.deepEqual(lab.parseGame("4").rule.take_split, [0]);
  assert.equal(lab.parseGame("4").t, 0);
  assert.deepEqual(lab.parseGame("0.6").rule, { take_all: [], take_one: [1], take_split: [1], unequal: false, take_any: false });
  assert.deepEqual(lab.parseGame("0.4").rule.take_split, [1]);
  assert.deepEqual(lab.parseGame("0." + "1".repeat(12)).rule.take_all.length, 12);
});

test("subtraction sets: take s in S, t = max S", () => {
  const s = lab.parseGame("{4, 1, 3, 3}");
  assert.equal(s.kind, "subtraction");
  assert.deepEqual(s.rule.take_all, [1, 3, 4]);
  assert.deepEqual(s.rule.take_one, [1, 3, 4]);
  assert.deepEqual(s.rule.take_split, []);
  assert.equal(s.t, 4);
  assert.equal(s.code, "{1, 3, 4}");
  assert.deepEqual(lab.parseGame("1, 2, 3").rule.take_one, [1, 2, 3]);
  assert.deepEqual(Array.from(lab.grundyValues(s.rule, 10)), [0, 1, 0, 1, 2, 3, 2, 0, 1, 0]);
});

test("bad codes are refused with a message naming what is wrong", () => {
  const refused = (text, pattern) => assert.throws(() => lab.parseGame(text), pattern, `${text} should be refused`);
  refused("0x1F", /hexadecimal/);
  refused("0.7f", /"f" is a letter, not a digit/);
  refused("0.7x", /"x" is a letter, not a digit/);
  assert.throws(() => lab.parseGame("0.7f"), (e) => !/hexadecimal digit/.test(e.message), "a letter is called a hexadecimal digit");
  refused("0.78", /digit 8 is not octal/);
  refused("0.9", /digit 9 is not octal/);
  refused("1.07", /before the point must be 0 or 4/);
  refused("0.7.7", /not an octal code/);
  refused("07", /not an octal code/);
  refused(".", /not an octal code/);
  refused("", /type an octal code/);
  refused("0." + "7".repeat(13), /13 digits after the point; the lab takes at most 12/);
  refused("0.-7", /not an octal digit/);
  refused("{}", /empty/);
  refused("{0, 1}", />= 1/);
  refused("{1, x}", /whole numbers/);
  refused("{1, 1.5}", /whole numbers/);
  refused("{1, 1001}", /up to 1000/);
  refused(`{${Array.from({ length: 31 }, (_, i) => i + 1).join(",")}}`, /at most 30 numbers/);
  assert.throws(() => lab.parseGame(77), TypeError);
});

test("Kayles: nimlib's first values and its certified period 12 from 71 (168 values read)", () => {
  const { values, period, game } = lab.analyseGame("0.77", 300);
  assert.deepEqual(Array.from(values.slice(0, 12)), [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]);
  assert.deepEqual(period, { preperiod: 71, period: 12, needed: 168, computed: 300 });
  const text = lab.periodText({ game, values, period });
  assert.match(text, /period 12 from 71/);
  assert.match(text, /g\(0\), …, g\(167\)/);
  assert.match(text, /71 ≤ n < 2·71 \+ 12 \+ 2 = 156/);
});

test("not enough values: no period is claimed, and the text says so", () => {
  const r = lab.analyseGame("0.77", 167); // the certificate needs 168
  assert.equal(r.period, null);
  assert.match(lab.periodText(r), /No period is certified by g\(0\), …, g\(166\)/);
  assert.equal(lab.analyseGame("0.77", 168).period.period, 12);
});

test("findPeriod is the least p with 2·max(n0, 1) + 2p + t <= n, n0 one past the last mismatch", () => {
  // 0 0 0 1 0 1 …: period 2 from n0 = 2 (g(1) = 0 != g(3) = 1), so 2·2 + 2·2 + t values are read
  const g = [0, 0, ...Array.from({ length: 40 }, (_, i) => i % 2)];
  assert.deepEqual(lab.findPeriod(g, 0), { preperiod: 2, period: 2, needed: 8, computed: 42 });
  assert.equal(lab.findPeriod(g.slice(0, 7), 0), null); // 8 values needed
  assert.equal(lab.findPeriod(g.slice(0, 8), 0).period, 2);
  assert.equal(lab.findPeriod(g.slice(0, 8), 1), null); // t = 1 needs one more
  // A period from 0 is proved from n0 = 1: 2·1 + 2p + t values
  assert.deepEqual(lab.findPeriod([0, 1, 0, 1, 0, 1], 0), { preperiod: 0, period: 2, needed: 6, computed: 6 });
  assert.equal(lab.findPeriod([0, 1, 0, 1, 0], 0), null);
  // The least period, not a multiple of it
  assert.equal(lab.findPeriod(Array.from({ length: 100 }, (_, i) => i % 3), 5).period, 3);
});

test("work is estimated up front and too-large requests are refused naming the limit", () => {
  const kayles = lab.parseGame("0.77").rule;
  const most = lab.largestCount(kayles);
  assert.ok(most >= 2000 && most < lab.MAX_VALUES, `Kayles gets ${most} values`);
  assert.ok(lab.estimateWork(kayles, most) <= lab.WORK_BUDGET && lab.estimateWork(kayles, most + 1) > lab.WORK_BUDGET);
  assert.throws(() => lab.grundyValues(kayles, most + 1), new RegExp(`too many: at most ${most}`));
  assert.throws(() => lab.analyseGame("0.77", 10 ** 9), new RegExp(`at most ${most}`));
  assert.throws(() => lab.analyseGame("{1, 2}", lab.MAX_VALUES + 1), /the lab computes at most 5000 values/);
  assert.throws(() => lab.analyseGame("0.77", 0), /whole number >= 1/);
  assert.throws(() => lab.analyseGame("0.77", 2.5), /whole number >= 1/);
  assert.throws(() => lab.analyseGame("0.77", NaN), /whole number >= 1/);
  // Twelve split digits cost about six times one: fewer values, but still a few thousand
  const many = lab.largestCount(lab.parseGame("0.777777777777").rule);
  assert.ok(many < most && many >= 1000, `0.777777777777 gets ${many}`);
  // The estimate counts every split: it grows like n² with splits, like n without
  const s = lab.parseGame("{1, 3, 4}").rule;
  assert.equal(lab.estimateWork(s, 1000), 1000 * 7);
  assert.equal(lab.estimateWork(lab.parseGame("4").rule, 6), 6 + (0 + 0 + 1 + 1 + 2 + 2));
});

test("splits that take stones: Dawson's Kayles 0.07 and crosses 0.137 in the heaps game", () => {
  const d = lab.playParams(lab.parseGame("0.07"), lab.grundyValues(lab.parseGame("0.07").rule, 41));
  const moves = (p, params) => core.gameDef("heaps").moves(p, params).map((m) => K(m.move)).sort();
  // Heap of 5 in 0.07: take 2 leaving 3, or take 2 leaving 1 + 2
  assert.deepEqual(moves([5], d), ["[0,3]", "[0,[1,2]]"]);
  assert.deepEqual(moves([2], d), ["[0,0]"]);
  const split = heapSplitTakeMoves([4, 6], d).find((m) => K(m.move) === "[1,[1,3]]");
  assert.deepEqual(split.after, [4, 1, 3]);
  assert.match(split.label, /take 2 from heap 1 \(6\), leaving heaps of 1 and 3/);
  const c = lab.playParams(lab.parseGame("0.137"), lab.grundyValues(lab.parseGame("0.137").rule, 41));
  assert.deepEqual(moves([5], c), ["[0,2]", "[0,3]", "[0,[1,1]]"]);
  assert.deepEqual(moves([1], c), ["[0,0]"]);
  assert.match(core.gameDef("heaps").rules(c), /take 3 stones \(a whole heap of 3, or leaving one heap, or leaving two non-empty heaps\)/);
  assert.match(core.gameDef("heaps").rules(c), /^Take 1 stone \(a whole heap of 1\)/);
  assert.equal(core.gameDef("heaps").rules(lab.parseGame("0.0").rule), "No move is possible. Whoever moves last wins.");
  // Games without such splits keep their old description
  assert.match(core.gameDef("heaps").rules({ take_all: [1, 2], take_one: [1, 2], take_split: [] }), /^Take s stones from one heap/);
});

test("the board shows every legal move as a button, splits that take stones included", () => {
  const def = core.gameDef("heaps");
  for (const code of ["0.07", "0.137", "0.77", "4.07", "0.6"]) {
    const game = lab.parseGame(code);
    const params = lab.playParams(game, lab.grundyValues(game.rule, 41));
    for (const position of [[1], [4], [7, 3], [9, 0, 5], [12]]) {
      const buttons = boardMoves(def, position, params);
      const legal = def.moves(position, params).map((m) => core.key(m.move)).sort();
      assert.deepEqual([...buttons.keys()].sort(), legal, `${code} ${K(position)}`);
    }
  }
});

test("the computer's reply in Dawson's Kayles leaves total 0 when it can", () => {
  const game = lab.parseGame("0.07");
  const params = lab.playParams(game, lab.grundyValues(game.rule, 41));
  const def = core.gameDef("heaps");
  let checked = 0;
  for (let n = 1; n <= 20; n++) {
    for (let m = 0; m <= n; m++) {
      const pos = m ? [n, m] : [n];
      const reply = core.computerMove(def, pos, params);
      const total = def.analyse(pos, params).total;
      if (!reply) continue;
      assert.equal(reply.winning, total !== 0);
      if (total !== 0) assert.equal(def.analyse(reply.after, params).total, 0, `${K(pos)} → ${K(reply.after)}`);
      checked++;
    }
  }
  assert.ok(checked > 150);
});

test("the table and the plot: one cell per value, the periodic part marked, an SVG path of points", () => {
  const doc = fakeDocument();
  const { values, period } = lab.analyseGame("0.77", 200);
  const table = lab.valueTable(doc, values, period);
  const cells = table.findAll((n) => n.tagName === "TD");
  assert.equal(cells.length, 200);
  assert.deepEqual(cells.slice(0, 5).map((c) => c.textContent), ["0", "1", "2", "3", "1"]);
  assert.equal(cells[70].className, "nimlib-lab-pre nimlib-lab-read");
  assert.equal(cells[71].className, "nimlib-lab-periodic nimlib-lab-read");
  assert.equal(cells[168].className, "nimlib-lab-periodic");
  // 12 to a row: the period's columns line up
  assert.equal(table.findAll((n) => n.tagName === "TR").length, 1 + Math.ceil(200 / 12));
  const svg = lab.plotSvg(doc, values, period);
  const points = svg.findAll((n) => n.getAttribute && n.getAttribute("data-lab") === "points")[0];
  assert.equal((points.getAttribute("d").match(/M/g) || []).length, 200);
  assert.match(svg.getAttribute("aria-label"), /n from 0 to 199/);
});

test("the in-memory model calls change handlers and stops after off", () => {
  const model = lab.memoryModel({ position: [1] });
  let calls = 0;
  const f = () => calls++;
  model.on("change:position", f);
  model.set("position", [2]);
  model.off("change:position", f);
  model.set("position", [3]);
  assert.equal(calls, 1);
  assert.deepEqual(model.get("position"), [3]);
});

test("nimlib's values and certified periods for random octal codes and subtraction sets", { skip: FIXTURE ? false : SKIP }, () => {
  const data = JSON.parse(readFileSync(FIXTURE, "utf8"));
  assert.ok(data.games.length >= 200);
  let certified = 0;
  for (const row of data.games) {
    const game = lab.parseGame(row.code);
    assert.deepEqual(game.rule, row.rule, `${row.code}: rule`);
    assert.equal(game.t, row.t, `${row.code}: t`);
    const values = lab.grundyValues(game.rule, row.values.length);
    assert.deepEqual(Array.from(values), row.values, `${row.code}: values`);
    const period = lab.findPeriod(values, game.t);
    assert.deepEqual(period && [period.preperiod, period.period, period.needed], row.period && [row.period.preperiod, row.period.period, row.period.needed], `${row.code}: period`);
    if (period) certified++;
  }
  assert.equal(certified, data.certified);
  console.log(`lab: ${data.games.length} games agree with nimlib (${certified} periods certified)`);
});

test("the whole lab in a small DOM: a code, its table and period, a refusal, and a game played", async () => {
  const { makeDocument, settle } = await import("./mount_helpers.mjs");
  globalThis.NIMLIB_DELAY = 0;
  const doc = makeDocument();
  doc.head = doc.createElement("head");
  const root = doc.createElement("div");
  const ui = lab.renderLab(root, { code: "0.07", count: 400 });
  const text = () => root.textContent;
  const cells = () => root.querySelectorAll("td[data-n]");
  assert.equal(cells().length, 400);
  assert.deepEqual(cells().slice(0, 8).map((c) => c.textContent), ["0", "0", "1", "1", "2", "0", "3", "1"]);
  assert.match(root.querySelector("[data-lab='period']").textContent, /period 34 from 53/); // nimlib: 0.07 from 53
  assert.ok(doc.head.querySelector("[id='nimlib-lab-css']"));
  // a bad code and a request too large: a message, and the last result stays
  assert.equal(ui.show("0x1F", 100), null);
  assert.match(root.querySelector("[data-lab='message']").textContent, /^Cannot compute that: .*hexadecimal/);
  assert.equal(ui.show("0.77", 100000), null);
  assert.match(root.querySelector("[data-lab='message']").textContent, /100000 values is too many: at most \d+/);
  assert.equal(cells().length, 400);
  // the game: a split that takes 2 stones, then the computer's reply leaves total 0
  const play = root.querySelector("[data-lab='play'] .nimlib-play");
  assert.equal(play.getAttribute("data-game"), "heaps");
  const before = JSON.parse(play.getAttribute("data-position"));
  const button = root.querySelector("button.nimlib-split-take");
  assert.ok(button, "a take-and-split button");
  const move = JSON.parse(button.getAttribute("data-move"));
  button.click();
  await settle();
  const after = JSON.parse(root.querySelector(".nimlib-play").getAttribute("data-position"));
  assert.equal(after.length, before.length + 1, `${K(move)} from ${K(before)}: the split adds a heap`);
  const params = lab.playParams(lab.parseGame("0.07"), lab.grundyValues(lab.parseGame("0.07").rule, 41));
  const def = core.gameDef("heaps");
  const items = root.querySelectorAll("li");
  assert.equal(items.length, 2, text());
  const reply = JSON.parse(items[1].getAttribute("data-after"));
  if (def.analyse(JSON.parse(items[0].getAttribute("data-after")), params).total !== 0) assert.equal(def.analyse(reply, params).total, 0);
  // one value only: the game still knows its heaps up to 40
  ui.show("0.137", 1);
  assert.equal(cells().length, 1);
  assert.equal(lab.playParams(lab.parseGame("0.137"), lab.grundyValues(lab.parseGame("0.137").rule, 1)).values.length, lab.PLAY_LARGEST + 1);
  assert.equal(root.querySelector(".nimlib-play").getAttribute("data-position"), "[5,8,11]");
  // a new code replaces the result and the game
  ui.show("{1, 3, 4}", 50);
  assert.equal(cells().length, 50);
  assert.match(root.querySelector("[data-lab='period']").textContent, /period 7 from 0/);
  assert.equal(root.querySelectorAll(".nimlib-play").length, 1);
});

test("a huge code or a count outside 1–5000: a short message that replaces the last one", async () => {
  const { makeDocument } = await import("./mount_helpers.mjs");
  const huge = "0." + "7".repeat(1000);
  assert.throws(() => lab.parseGame(huge), (error) => {
    assert.match(error.message, /1000 digits after the point; the lab takes at most 12/);
    assert.ok(error.message.length < 160, `the message echoes the whole code (${error.message.length} characters)`);
    return true;
  });
  assert.ok(lab.labQuote("9".repeat(5000)).length < 60);
  assert.equal(lab.labQuote("0.77"), '"0.77"');
  const doc = makeDocument();
  doc.head = doc.createElement("head");
  const root = doc.createElement("div");
  const ui = lab.renderLab(root, { code: "0.07", count: 100 });
  // the browser's own range check would stop the form before the lab's message (a stale "Computed …")
  assert.ok(root.querySelector("[data-lab='form']").hasAttribute("novalidate"));
  const message = () => root.querySelector("[data-lab='message']").textContent;
  assert.match(message(), /^Computed/);
  for (const count of [0, 5001, 6000, -3, 2.5]) {
    ui.show("0.07", 100);
    assert.equal(ui.show("0.77", count), null);
    assert.match(message(), /^Cannot compute that: .*(too many|whole number >= 1)/, `count ${count}`);
  }
  ui.show("0.07", 100);
  ui.show(huge, 100);
  assert.ok(message().length < 200, `${message().length} characters`);
  assert.match(doc.head.querySelector("[id='nimlib-lab-css']").textContent, /\.nimlib-lab-msg \{ overflow-wrap: anywhere; \}/);
});

test("the lab's messages (issue 30): a long member is cut, t = 1 token, an empty count is named, a letter is a letter", () => {
  const member = "9".repeat(400);
  assert.throws(() => lab.parseGame(`{1, ${member}}`), (e) => {
    assert.match(e.message, /up to 1000, got 99999999… \(a number of 400 digits\)/);
    assert.ok(e.message.length < 120, `${e.message.length} characters`);
    return true;
  });
  assert.throws(() => lab.parseGame(`{1, 0${"0".repeat(300)}}`), (e) => e.message.length < 120 && /a number of 301 digits/.test(e.message));
  // t = 1: one token; t = 2: tokens
  const one = lab.analyseGame("{1}", 50);
  assert.match(lab.periodText(one), /at most t = 1 token,/);
  assert.doesNotMatch(lab.periodText(one), /1 tokens/);
  assert.match(lab.periodText(lab.analyseGame("0.77", 300)), /at most t = 2 tokens,/);
  // the count as typed: an empty box says what is missing, not "got 0"
  for (const typed of ["", "   "]) {
    assert.throws(() => lab.analyseGame("0.77", typed), (e) => /number of values is empty: type how many values/.test(e.message) && !/got 0/.test(e.message));
  }
  assert.throws(() => lab.analyseGame("0.77", "ten"), /whole number >= 1, got "ten"/);
  assert.throws(() => lab.analyseGame("0.77", "1" + "0".repeat(400)), (e) => e.message.length < 200);
  assert.equal(lab.analyseGame("0.77", "40").values.length, 40);
});

test("a refused request marks the last result as not current; a new result clears the mark", async () => {
  const { makeDocument } = await import("./mount_helpers.mjs");
  globalThis.NIMLIB_DELAY = 0;
  const doc = makeDocument();
  doc.head = doc.createElement("head");
  const root = doc.createElement("div");
  const ui = lab.renderLab(root, { code: "0.07", count: 200 });
  const result = () => root.querySelector("[data-lab='result']");
  const stale = () => root.querySelector("[data-lab='stale']");
  assert.equal(stale(), null);
  for (const [code, count] of [["0.7f", 100], ["0.77", ""], ["0.77", 100000], [`{${"9".repeat(400)}}`, 10]]) {
    assert.equal(ui.show(code, count), null);
    assert.equal(result().getAttribute("data-stale"), "true", `${code} ${count}: the old result is not marked`);
    assert.match(stale().textContent, /^Not current: below is still the octal game 0\.07 with g\(0\), …, g\(199\); the request above was refused\.$/);
    assert.equal(root.querySelectorAll("[data-lab='stale']").length, 1);
  }
  ui.show("0.77", 100);
  assert.equal(stale(), null);
  assert.equal(result().getAttribute("data-stale"), null);
  assert.match(root.querySelector("[data-lab='period']").textContent, /g\(0\), …, g\(99\)|No period/);
});
