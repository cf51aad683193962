// The winning-move drill's misère Nim_k diagnosis (issue 39) against nimlib, for k = 1..4 over every small
// position: argv[2] is a JSON fixture from tests/test_js_misere_drill.py, {k, positions: [[heaps, isP]]} per k,
// every position of k + 1 heaps up to a size (nimlib.moore.is_p_position, misère). For each N-position and
// each move from it: the drill accepts it exactly when nimlib says it wins; a losing move's diagnosis names a
// reply that is a legal Nim_k move to a position nimlib calls P, and its words state the count of 1-heaps and
// the rule for that k (the words and the reply come from one computation). Prints "N failures".
import { readFileSync } from "node:fs";
import * as d from "../../nimlib/static/drill.js";

const fixture = JSON.parse(readFileSync(process.argv[2], "utf8"));
const failures = [];
const expect = (ok, what) => ok || failures.length > 50 || failures.push(what);
const K = (h) => JSON.stringify(h);
let judged = 0;
let allSmall = 0;

/** Every position one Nim_k move from `heaps` (1 to k heaps made smaller). */
function moves(heaps, k) {
  const out = [];
  const rec = (i, changed, cur) => {
    if (i === heaps.length) return changed > 0 && out.push(cur.slice());
    rec(i + 1, changed, cur);
    if (changed === k) return;
    for (let v = 0; v < heaps[i]; v++) {
      cur[i] = v;
      rec(i + 1, changed + 1, cur);
      cur[i] = heaps[i];
    }
  };
  rec(0, 0, heaps.slice());
  return out;
}

for (const { k, positions } of fixture) {
  const isP = new Map(positions.map(([h, p]) => [K(h), p]));
  for (const [heaps, p] of positions) {
    expect(d.drillIsP(heaps, k, true) === p, `k=${k} ${K(heaps)}: drillIsP says ${!p}`);
    if (p || heaps.every((h) => h === 0)) continue;
    const problem = { skill: "winning-move", heaps, k, misere: true };
    const shown = d.drillSolve(problem).move;
    expect(shown && isP.get(K(shown)) === true, `k=${k} ${K(heaps)}: the drill's own answer ${K(shown)} is not a winning move`);
    for (const after of moves(heaps, k)) {
      const v = d.drillJudge(problem, Object.fromEntries(after.map((h, i) => [`heap${i}`, String(h)])));
      const what = `k=${k} ${K(heaps)} -> ${K(after)}`;
      judged++;
      expect(v.correct === isP.get(K(after)), `${what}: judged ${v.correct}, nimlib says ${isP.get(K(after)) ? "P" : "N"}`);
      if (v.correct !== false) continue;
      const ones = after.filter((h) => h === 1).length;
      if (ones === 0 && after.every((h) => h <= 1)) {
        expect(/take the last stone/.test(v.text), `${what}: ${v.text}`);
        continue;
      }
      const r = v.reply;
      const legal = r && r.length === after.length && r.every((x, i) => x <= after[i]) && r.filter((x, i) => x < after[i]).length >= 1 && r.filter((x, i) => x < after[i]).length <= k;
      expect(legal, `${what}: the named reply ${K(r)} is no Nim_${k} move`);
      expect(legal && isP.get(K(r)) === true, `${what}: the named reply ${K(r)} is not a winning move by nimlib`);
      expect(r && v.text.includes(`(${r.join(", ")})`), `${what}: the words do not name the reply ${K(r)}: ${v.text}`);
      if (after.every((h) => h <= 1)) {
        allSmall++;
        const m = k + 1;
        const rule = k === 1 ? `an even number` : `${ones} mod ${m} = ${ones % m}, not 1`;
        expect(ones % 2 === 0 || k > 1, `${what}: k=1 with an odd count of 1-heaps should be P`);
        expect(v.text.includes(rule) && v.text.includes(`1 mod ${m}`), `${what}: the rule for k=${k} with ${ones} 1-heaps, got ${JSON.stringify(v.text)}`);
        const left = r ? r.filter((x) => x === 1).length : -1;
        expect(left % m === 1, `${what}: the reply leaves ${left} 1-heaps`);
      }
    }
  }
}
expect(judged > 1000 && allSmall > 50, `only ${judged} answers judged, ${allSmall} all-small diagnoses`);
for (const f of failures) console.log(f);
console.log(`${judged} answers judged, ${allSmall} diagnoses of heaps of at most one stone`);
console.log(`misère drill: ${failures.length} failures`);
process.exit(failures.length ? 1 : 0);
