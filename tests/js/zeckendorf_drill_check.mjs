// The Zeckendorf drill (drill.js, skill "zeckendorf") on every problem it can deal, printed as JSON for
// tests/test_zeckendorf_drill.py, which compares it with nimlib.fibonacci and nimlib's exhaustive search.
// Usage: node zeckendorf_drill_check.mjs [DRILL_JS] [FIXTURE.json] [TOP]: the drill file (default the real one;
// the Python test passes planted copies), the typed sums to judge (written by the Python test), and the largest
// heap to check (default the drill's largest, DRILL_ZECK_TOP's last).
import { readFileSync } from "node:fs";
import { pathToFileURL, fileURLToPath } from "node:url";
import path from "node:path";

const here = path.dirname(fileURLToPath(import.meta.url));
const file = process.argv[2] || path.join(here, "..", "..", "nimlib", "static", "drill.js");
const d = await import(pathToFileURL(file));
const fixture = process.argv[3] ? JSON.parse(readFileSync(process.argv[3], "utf8")) : { sums: [] };
const largest = d.DRILL_ZECK_TOP[d.DRILL_ZECK_TOP.length - 1];
const top = process.argv[4] ? Number(process.argv[4]) : largest;
const rows = [];
for (let n = 2; n <= top; n++) {
  for (let most = 1; most < n; most++) {
    const problem = { skill: "zeckendorf", n, most };
    const s = d.drillSolve(problem);
    const right = d.drillJudge(problem, s.fields);
    const none = d.drillJudge(problem, { terms: s.fields.terms, take: "none" });
    const wrong = d.drillJudge(problem, d.drillWrongFields(problem));
    // every take on small heaps: any winning take is accepted, and only those
    const takes = n <= 60 ? Array.from({ length: most }, (_, i) => d.drillJudge(problem, { terms: s.fields.terms, take: String(i + 1) }).correct) : null;
    rows.push({ n, most, terms: s.terms, take: s.take, fields: s.fields, right: right.correct, none: none.correct, noneText: none.text, wrong: wrong.correct, wrongText: wrong.text, takes });
  }
}
const sums = fixture.sums.filter(({ n }) => n <= top).map(({ n, typed }) => ({ n, typed, verdict: d.drillJudge({ skill: "zeckendorf", n, most: 1 }, { terms: typed, take: "none" }) }));
// dealt problems stay in range at every level
const rng = (() => {
  let x = 12345;
  return () => ((x = (x * 1103515245 + 12345) % 2147483648) / 2147483648);
})();
const dealt = [];
for (let level = 1; level <= d.DRILL_LEVELS; level++) for (let i = 0; i < 200; i++) dealt.push({ level, ...d.drillProblem("zeckendorf", level, rng) });
process.stdout.write(JSON.stringify({ top, largest, rows, sums, dealt }));
