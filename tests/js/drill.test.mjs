// The drill widget (nimlib/static/drill.js) mounted in node's small DOM: a wrong answer gets its diagnosis,
// a right one counts, three in a row move up a level, progress survives in localStorage (and the drill works
// where storage is refused), Reset forgets it, input that is no answer changes nothing.
import test from "node:test";
import assert from "node:assert/strict";
import { makeDocument } from "./mount_helpers.mjs";
import { mountDrill, drillJudge, drillSolve, drillWrongFields, DRILL_RUN } from "../../nimlib/static/drill.js";

function fakeStorage() {
  const data = new Map();
  return { data, getItem: (k) => (data.has(k) ? data.get(k) : null), setItem: (k, v) => data.set(k, String(v)), removeItem: (k) => data.delete(k) };
}

function mountOne({ skill = "nim-sum", level = 1, seed = 3, params = {}, win = {} } = {}) {
  const doc = makeDocument();
  doc.defaultView = win;
  const values = { mode: "drill", skill, level, seed, params, streak: 0, solved: 0 };
  const model = { values, get: (n) => values[n], set: (n, v) => (values[n] = v), save_changes() {}, on() {}, off() {} };
  const root = doc.createElement("div");
  mountDrill(model, root);
  const box = root.querySelector(".nimlib-drill");
  const problem = () => JSON.parse(box.dataset.problem);
  const answer = (fields) => {
    for (const [name, value] of Object.entries(fields)) root.querySelector(`[name='${name}']`).value = value;
    root.querySelector("form").dispatch("submit");
  };
  const feedback = () => root.querySelector(".nimlib-drill-feedback");
  return { root, box, model, problem, answer, feedback, params };
}

test("a wrong answer gets the diagnosis drillJudge words; a right one counts", () => {
  const d = mountOne();
  assert.equal(d.box.dataset.drill, "nim-sum");
  const p = d.problem();
  const wrong = drillWrongFields(p);
  d.answer(wrong);
  assert.equal(d.feedback().dataset.tone, "wrong");
  assert.equal(d.feedback().textContent, `Not yet: ${drillJudge(p, wrong).text}`);
  assert.match(d.feedback().textContent, /column 2\^\d+ has/i);
  d.answer(drillSolve(p).fields);
  assert.equal(d.feedback().dataset.tone, "right");
  assert.equal(d.model.values.solved, 1);
  assert.equal(d.model.values.streak, 0, "a problem answered wrongly first does not extend the streak");
});

test("input that is no answer is refused and changes nothing", () => {
  const d = mountOne({ skill: "mex" });
  const before = d.box.dataset.problem;
  d.answer({ value: "two" });
  assert.equal(d.feedback().dataset.tone, "refused");
  assert.equal(d.box.dataset.problem, before);
  d.answer(drillSolve(d.problem()).fields);
  assert.equal(d.model.values.streak, 1, "the refused input did not break the streak");
});

test(`${DRILL_RUN} right in a row move up a level; progress is stored, resumed and reset`, () => {
  const storage = fakeStorage();
  const d = mountOne({ win: { localStorage: storage } });
  for (let i = 0; i < DRILL_RUN; i++) {
    d.answer(drillSolve(d.problem()).fields);
    d.root.querySelector("[data-ctl='next']").click();
  }
  assert.equal(d.model.values.level, 2);
  assert.deepEqual(JSON.parse(storage.data.get("nimlib-drill:nim-sum:")), { level: 2, streak: 0, solved: DRILL_RUN });
  const again = mountOne({ win: { localStorage: storage } });
  assert.match(again.root.querySelector(".nimlib-drill-score").textContent, /level 2 of 5/);
  again.root.querySelector("[data-ctl='reset']").click();
  assert.equal(again.model.values.level, 1);
  assert.deepEqual(JSON.parse(storage.data.get("nimlib-drill:nim-sum:")), { level: 1, streak: 0, solved: 0 });
});

test("where storage is refused, the drill still works", () => {
  const refusing = {
    get localStorage() {
      throw new Error("SecurityError: storage is refused here");
    },
  };
  const d = mountOne({ win: refusing });
  d.answer(drillSolve(d.problem()).fields);
  assert.equal(d.feedback().dataset.tone, "right");
  const throwing = { localStorage: { getItem: () => "{broken", setItem: () => { throw new Error("full"); }, removeItem: () => { throw new Error("no"); } } };
  const e = mountOne({ win: throwing });
  e.answer(drillSolve(e.problem()).fields);
  e.root.querySelector("[data-ctl='reset']").click();
  assert.equal(e.model.values.level, 1);
});

test("every skill mounts, and its right answer is accepted through the inputs", () => {
  const quotient = { bound: 2, names: ["1", "a", "b"], table: [[0, 1, 2], [1, 0, 2], [2, 2, 2]], p_portion: [1], pretend: [0, 1, 2] };
  const cases = [["mex", {}], ["mex", { kinds: ["fill"], rules: [{ kind: "octal", code: "0.77" }] }], ["winning-move", { k: 2 }], ["winning-move", { misere: true }],
    ["sum", {}], ["sum", { game: "hackenbush" }], ["nim-product", {}], ["quotient", { quotient }]];
  for (const [skill, params] of cases) {
    for (const level of [1, 5]) {
      const d = mountOne({ skill, params, level });
      d.answer(drillWrongFields(d.problem(), params));
      assert.equal(d.feedback().dataset.tone, "wrong", `${skill} ${JSON.stringify(params)}`);
      d.answer(drillSolve(d.problem(), params).fields);
      assert.equal(d.feedback().dataset.tone, "right", `${skill} ${JSON.stringify(params)}: ${d.feedback().textContent}`);
    }
  }
});

test("a saved state that is no drill says so in its place", () => {
  for (const bad of [{ skill: "chess" }, { level: 9 }, { skill: "quotient", params: { quotient: { names: ["1"] } } }]) {
    const d = mountOne(bad);
    assert.equal(d.box, null);
    assert.match(d.root.textContent, /saved state is not valid/);
  }
});
