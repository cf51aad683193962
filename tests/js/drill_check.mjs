// The drills (nimlib/static/drill.js) against nimlib, on the fixture tests/test_js_drills.py writes:
// node drill_check.mjs FIXTURE.json TMPDIR. First the real drill.js must pass every check; then wrong
// implementations are planted in copies of drill.js (in TMPDIR, next to a copy of core.js) and the same
// checker must catch each one. Prints "drill.js: 0 failures" and "planted …: caught" lines.
import assert from "node:assert/strict";
import { readFileSync, writeFileSync, copyFileSync } from "node:fs";
import { pathToFileURL, fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const staticDir = path.join(here, "..", "..", "nimlib", "static");
const fixture = JSON.parse(readFileSync(process.argv[2], "utf8"));
const tmp = process.argv[3];

const bitsOf = (x) => x.toString(2);
const count = (values, j) => values.filter((v) => (v >> j) & 1).length;
const WORDS = ["no", "one", "two", "three", "four", "five", "six", "seven", "eight"];

/** Every check of the fixture against module `d`; returns the list of failures (strings). */
function check(d) {
  const failures = [];
  const expect = (ok, what) => {
    if (!ok) failures.push(what);
  };
  let checked = 0;
  // a column diagnosis must name the highest column where a and b differ, with the count of 1s there
  const columnSaid = (text, values, a, b, what) => {
    let j = 0;
    while ((a ^ b) >> (j + 1)) j++;
    const c = count(values, j);
    expect(text.toLowerCase().includes(`column 2^${j} has ${WORDS[c] ?? c} 1`) && text.includes(`its parity is ${c % 2}`), `${what}: column 2^${j} with ${c} ones, got ${JSON.stringify(text)}`);
  };
  // a mex diagnosis: the option it names has the typed value, or no option has it
  const mexSaid = (text, options, a, what) => {
    const hit = options.find((o) => o.value === a);
    if (hit) {
      const named = text.match(/is the value of the option (.+?), so/);
      const option = named && options.find((o) => o.label === named[1]);
      expect(Boolean(option) && option.value === a, `${what}: names an option of value ${a}, got ${JSON.stringify(text)}`);
    } else expect(/smaller value is missing|there is no option/.test(text), `${what}: ${a} is no option's value, got ${JSON.stringify(text)}`);
  };

  for (const c of fixture.mex) {
    const problem = { skill: "mex", kind: "mex", x: 20, options: c.values.map((v, i) => ({ label: String(19 - i), value: v })) };
    const right = d.drillJudge(problem, { value: String(c.mex) });
    expect(right.correct === true, `mex ${c.values}: ${c.mex} is right`);
    for (let a = 0; a <= 8; a++) {
      if (a === c.mex) continue;
      const v = d.drillJudge(problem, { value: String(a) });
      expect(v.correct === false, `mex ${c.values}: ${a} is wrong`);
      if (v.correct === false) mexSaid(v.text, problem.options, a, `mex ${c.values} answered ${a}`);
    }
    checked++;
  }
  for (const f of fixture.fill) {
    const n = f.values.length - 1;
    expect(JSON.stringify(d.drillRuleValues(f.rule, n)) === JSON.stringify(f.values), `g(0..${n}) of ${JSON.stringify(f.rule)}`);
    const problem = { skill: "mex", kind: "fill", rule: f.rule, n };
    expect(d.drillJudge(problem, { values: f.values.join(" ") }).correct === true, `fill ${JSON.stringify(f.rule)}: right values accepted`);
    for (let i = 0; i <= n; i++) {
      for (const delta of [1, 2]) {
        const typed = f.values.slice();
        typed[i] += delta;
        const v = d.drillJudge(problem, { values: typed.join(", ") });
        const what = `fill ${JSON.stringify(f.rule)} g(${i}) typed ${typed[i]}`;
        expect(v.correct === false && v.text.startsWith(`g(${i}): `), `${what}: names g(${i}), got ${JSON.stringify(v.text)}`);
        if (v.correct === false) mexSaid(v.text.replace(`g(${i}): `, ""), d.drillRuleOptions(f.rule, i, f.values), typed[i], what);
      }
    }
    checked++;
  }
  for (const c of fixture.nimSum) {
    const problem = { skill: "nim-sum", heaps: c.heaps };
    const value = c.heaps.reduce((x, h) => x ^ h, 0);
    expect(c.columns.every((n, j) => n === count(c.heaps, j)), `nim-sum ${c.heaps}: the fixture's columns`);
    expect(d.drillJudge(problem, { bits: bitsOf(value) }).correct === true, `nim-sum ${c.heaps}: ${bitsOf(value)} is right`);
    for (let j = 0; j < c.columns.length; j++) {
      const wrong = value ^ (1 << j);
      const v = d.drillJudge(problem, { bits: bitsOf(wrong) });
      expect(v.correct === false, `nim-sum ${c.heaps}: ${bitsOf(wrong)} is wrong`);
      if (v.correct === false) columnSaid(v.text, c.heaps, wrong, value, `nim-sum ${c.heaps} answered ${bitsOf(wrong)}`);
    }
    checked++;
  }
  for (const c of fixture.moves) {
    const problem = { skill: "winning-move", heaps: c.heaps, k: c.k, misere: c.misere };
    expect(d.drillIsP(c.heaps, c.k, c.misere) === c.isP, `Nim_${c.k}${c.misere ? " misère" : ""} ${c.heaps}: ${c.isP ? "P" : "N"}`);
    if (!c.isP) {
      const shown = d.drillSolve(problem).move;
      const found = c.moves.find(([after]) => JSON.stringify(after) === JSON.stringify(shown));
      expect(Boolean(found) && found[1], `Nim_${c.k} ${c.heaps}: the solution ${shown} is a winning move`);
    }
    for (const [after, isP] of c.moves) {
      const v = d.drillJudge(problem, Object.fromEntries(after.map((h, i) => [`heap${i}`, String(h)])));
      const what = `Nim_${c.k}${c.misere ? " misère" : ""} ${c.heaps} -> ${after}`;
      expect(v.correct === isP, `${what}: ${isP ? "wins" : "loses"}`);
      if (v.correct === false && v.column !== undefined) {
        const sums = [];
        for (let j = 0; j < 4; j++) sums.push(count(after, j));
        const top = sums.length - 1 - [...sums].reverse().findIndex((s) => s % (c.k + 1) !== 0);
        expect(v.column === top && v.text.includes(`column 2^${top}`), `${what}: names column 2^${top}, got ${JSON.stringify(v.text)}`);
      }
    }
    checked++;
  }
  for (const c of fixture.kayles) {
    const problem = { skill: "sum", game: "kayles", rows: c.rows };
    const parts = d.drillSumParts(problem).map((p) => p.value);
    expect(JSON.stringify(parts) === JSON.stringify(c.values), `Kayles rows ${JSON.stringify(c.rows)}: values ${c.values}`);
    const value = c.values.reduce((x, v) => x ^ v, 0);
    expect(d.drillJudge(problem, { value: String(value) }).correct === true, `Kayles ${JSON.stringify(c.rows)}: ${value} is right`);
    const v = d.drillJudge(problem, { value: String(value ^ 4) });
    if (v.column !== undefined) columnSaid(v.text, c.values, value ^ 4, value, `Kayles ${JSON.stringify(c.rows)}`);
    else expect(v.correct === false, `Kayles ${JSON.stringify(c.rows)}: ${value ^ 4} is wrong`);
    checked++;
  }
  for (const c of fixture.trees) {
    const problem = { skill: "sum", game: "hackenbush", trees: c.trees };
    const parts = d.drillSumParts(problem).map((p) => p.value);
    expect(JSON.stringify(parts) === JSON.stringify(c.values), `trees ${JSON.stringify(c.trees)}: values ${parts} (nimlib ${c.values})`);
    const value = c.values.reduce((x, v) => x ^ v, 0);
    expect(d.drillJudge(problem, { value: String(value) }).correct === true, `trees ${JSON.stringify(c.trees)}: ${value} is right`);
    checked++;
  }
  for (const [a, b, p] of fixture.products) {
    expect(d.drillNimProduct(a, b) === p, `${a} ⊗ ${b} = ${p}, got ${d.drillNimProduct(a, b)}`);
    if (a >= 2 && b >= 2) {
      const problem = { skill: "nim-product", a, b };
      expect(d.drillJudge(problem, { value: String(p) }).correct === true, `${a} ⊗ ${b}: ${p} is right`);
      const v = d.drillJudge(problem, { value: String(p ^ 1) });
      expect(v.correct === false, `${a} ⊗ ${b}: ${p ^ 1} is wrong`);
    }
  }
  checked++;
  for (const q of fixture.quotients) {
    const params = { quotient: q.params };
    for (const c of q.cases) {
      const problem = { skill: "quotient", rows: c.rows };
      const s = d.drillSolve(problem, params);
      const what = `${q.code} rows ${c.rows}`;
      expect(s.total === c.element && s.inP === c.isP, `${what}: element ${q.params.names[c.element]} ${c.isP ? "P" : "N"}, got ${q.params.names[s.total]} ${s.inP ? "P" : "N"}`);
      expect(d.drillJudge(problem, s.fields, params).correct === true, `${what}: the right answers are accepted`);
      const flipped = d.drillJudge(problem, { ...s.fields, portion: s.inP ? "N" : "P" }, params);
      expect(flipped.correct === false && flipped.text.includes(`${s.inP ? "" : "not "}in the P-portion`), `${what}: a wrong P/N is named, got ${JSON.stringify(flipped.text)}`);
      checked++;
    }
  }
  // Blue-Red Hackenbush stalks (skill stalk-value): each stalk's value against nimlib.partizan.stalk_value, the
  // right answer accepted (as a fraction and as a decimal), and each wrong rule's answer named as that mistake
  for (const c of fixture.stalkValues ?? []) {
    const problem = { skill: "stalk-value", stalks: c.stalks };
    const s = d.drillSolve(problem);
    const what = `stalks ${c.stalks.join(" + ")}`;
    expect(JSON.stringify(s.parts.map((x) => x.value)) === JSON.stringify(c.values.map(([n, q]) => n / q)), `${what}: values ${s.parts.map((x) => x.value)} (nimlib ${JSON.stringify(c.values)})`);
    expect(d.drillJudge(problem, { value: `${c.total[0]}/${c.total[1]}` }).correct === true, `${what}: ${c.total[0]}/${c.total[1]} is right`);
    expect(d.drillJudge(problem, { value: String(c.total[0] / c.total[1]) }).correct === true, `${what}: the decimal is right`);
    for (const [rule, said] of [["no-halving", /counts half the one before/], ["from-ground", /halving starts only at the first edge of the other colour/]]) {
      const wrong = c.wrong[rule];
      if (wrong[0] * c.total[1] === c.total[0] * wrong[1]) continue; // the rule happens to give the right answer
      const [x, y] = [c.wrong["no-halving"], c.wrong["from-ground"]];
      if (x[0] * y[1] === y[0] * x[1]) continue; // both wrong rules give the same answer: either name is true
      const v = d.drillJudge(problem, { value: `${wrong[0]}/${wrong[1]}` });
      expect(v.correct === false && said.test(v.text), `${what}: ${rule} (${wrong[0]}/${wrong[1]}) named, got ${JSON.stringify(v.text)}`);
    }
    checked++;
  }
  return { failures, checked };
}

const original = readFileSync(path.join(staticDir, "drill.js"), "utf8");
const real = check(await import(pathToFileURL(path.join(staticDir, "drill.js"))));
console.log(`drill.js: ${real.failures.length} failures in ${real.checked} problems`);
for (const f of real.failures.slice(0, 20)) console.log(`  ${f}`);
assert.ok(real.checked > 1000, `only ${real.checked} problems checked`);

// Planted wrong implementations: each must be caught by the same checks
const PLANTS = [
  ["mex is the largest value plus one", "  while (seen.has(m)) m++;\n", "  m = values.length ? Math.max(...values) + 1 : 0;\n"],
  ["diagnosis names column 2^0", "  while ((a ^ b) >> (j + 1)) j++;\n", "\n"],
  ["Moore's test mod k", "return drillColumns(heaps).every((c) => c % (k + 1) === 0);", "return drillColumns(heaps).every((c) => c % Math.max(2, k) === 0);"],
  ["stalks halved from the ground", 'rule === "from-ground" ? i > 0 :', 'rule === "from-ground" || rule === "right" ? i > 0 :'],
];
copyFileSync(path.join(staticDir, "core.js"), path.join(tmp, "core.js"));
let caught = 0;
for (const [name, from, to] of PLANTS) {
  assert.ok(original.includes(from), `the plant "${name}" no longer matches drill.js: update it`);
  const file = path.join(tmp, `drill_${caught}.js`);
  writeFileSync(file, original.replace(from, to));
  const result = check(await import(pathToFileURL(file)));
  console.log(`planted ${name}: ${result.failures.length ? "caught" : "NOT caught"} (${result.failures.length} failures, e.g. ${result.failures[0]})`);
  if (result.failures.length) caught++;
}
assert.equal(real.failures.length, 0, "drill.js disagrees with nimlib");
assert.equal(caught, PLANTS.length, "a planted wrong implementation was not caught");
