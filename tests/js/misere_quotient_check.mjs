// Misère Kayles and misère crosses played by the misère quotient in the page (games/misere_strips.js), checked
// against a fixture written by tests/test_js_quotient.py: nimlib's quotient tables (the page's params), the
// run multisets that are misère P-positions by nimlib's exhaustive search, and each multiset's element as
// nimlib.quotient computes it. For every fixture row: the verdict, the move (it must leave a P-position by
// search), and the explanation's words (each run's element, the product, the verdict, the move and the element
// it leaves) are checked against those independent data.
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import * as core from "../../nimlib/static/core.js";
import { puzzlePosition, judgeAnswer, judgeMove } from "../../nimlib/static/puzzle.js";
import "../../nimlib/static/games/strips.js";
import { misereQuotientAnalysis, misereStripKey } from "../../nimlib/static/games/misere_strips.js";

const fixture = JSON.parse(readFileSync(process.argv[2], "utf8"));
let checked = 0;
let moves = 0;
for (const game of fixture.games) {
  const def = core.gameDef(game.id);
  const params = game.params;
  const pRuns = new Set(game.p_runs);
  const names = params.quotient.names;
  for (const row of game.rows) {
    const a = misereQuotientAnalysis(game.kind, row, params);
    assert.ok(a, `${game.id} ${row}: no quotient analysis`);
    const runsKey = misereStripKey(a.runs.slice());
    assert.equal(game.element[runsKey], a.total, `${game.id} ${row}: element of ${runsKey}`);
    const over = a.runs.length === 0;
    const isP = !over && pRuns.has(runsKey);
    assert.equal(a.isP, isP, `${game.id} ${row}: the quotient says ${a.isP ? "P" : "N"}, search ${isP ? "P" : "N"}`);
    const best = core.bestMove(def, row, params);
    const html = def.explain(row, params);
    checked++;
    if (over) {
      assert.equal(best, null);
      assert.match(html, /has won/);
      continue;
    }
    // the words: every run's element, the product and the verdict
    const listed = [...html.matchAll(/<li>(?:row|run) of (\d+) [^:]*: <strong>([^<]*)<\/strong><\/li>/g)];
    assert.deepEqual(listed.map((m) => Number(m[1])), a.runs, `${game.id} ${row}: runs listed`);
    for (const [, k, text] of listed) assert.equal(text, core.escapeHtml(names[params.quotient.pretend[Number(k)]]));
    // a sum of rows: "Product: a · b = <strong>ab</strong>"; one row: its element, no "a = a"
    const product = html.match(/(?:Product: [^=]*= |the position's element is the (?:row|run)'s, )<strong>([^<]*)<\/strong>/);
    assert.equal(/Product: /.test(html), a.runs.length > 1, `${game.id} ${row}: a product of ${a.runs.length} runs`);
    assert.doesNotMatch(html, /<strong>([^<]*)<\/strong> = <strong>\1<\/strong>|: ([^ <]+) = <strong>\2<\/strong>/, `${game.id} ${row}: "x = x"`);
    assert.ok(product && product[1] === core.escapeHtml(names[game.element[runsKey]]), `${game.id} ${row}: product`);
    assert.ok(html.includes(`misère ${isP ? "P" : "N"}-position`), `${game.id} ${row}: verdict`);
    if (isP) {
      assert.equal(best, null, `${game.id} ${row}: a move from a P-position`);
      continue;
    }
    moves++;
    const afterKey = misereStripKey(misereQuotientAnalysis(game.kind, best.after, params).runs.slice());
    assert.ok(pRuns.has(afterKey), `${game.id} ${row}: ${best.label} leaves ${afterKey}, not a P-position`);
    const said = html.match(/The strategy plays <strong>([^<]*)<\/strong>, leaving ([^:]*?)(?:: [^=]*= |, whose element is )<strong>([^<]*)<\/strong>, in the P-portion/);
    assert.ok(said, `${game.id} ${row}: no move sentence`);
    assert.equal(said[1], core.escapeHtml(best.label), `${game.id} ${row}: the words name another move`);
    const afterRuns = said[2].startsWith("nothing") ? [] : [...said[2].matchAll(/\d+/g)].map((m) => Number(m[0]));
    assert.equal(misereStripKey(afterRuns), afterKey, `${game.id} ${row}: the words name other runs`);
    assert.equal(said[3], core.escapeHtml(names[game.element[afterKey]]), `${game.id} ${row}: the words name another element`);
    // the hint and the computer's reply are the same move
    assert.deepEqual(core.computerMove(def, row, params).move, best.move);
  }
}
// "Your turn" on these games: drawn puzzles are judged by the quotient, and the verdict is nimlib's search
let puzzles = 0;
for (const game of fixture.games) {
  const def = core.gameDef(game.id);
  const pRuns = new Set(game.p_runs);
  const rng = core.makeRng(15);
  for (let i = 0; i < 30; i++) {
    const { position } = puzzlePosition(def, game.params, rng, { difficulty: i % 5, wantP: i % 2 === 0, sizes: [2, 14] });
    const runsKey = misereStripKey(misereQuotientAnalysis(game.kind, position, game.params).runs.slice());
    const isP = runsKey !== "" && pRuns.has(runsKey);
    const judged = judgeAnswer(def, position, game.params, "P");
    assert.equal(judged.verdict, isP ? "P" : "N", `${game.id} puzzle ${position}`);
    assert.match(judged.explanation, /Product: |the position's element is/, `${game.id} puzzle ${position}: the reason is not the quotient's`);
    // the reader answers: no computer moves at this position, so the reason never says it does
    assert.doesNotMatch(judged.explanation, /the computer plays on/, `${game.id} puzzle ${position}: the reason speaks of the computer`);
    if (isP) assert.match(judged.explanation, /the player to move loses against best play/);
    if (!isP && judged.winning) {
      assert.equal(judgeMove(def, position, game.params, judged.winning.move).correct, true);
    }
    puzzles++;
  }
}
assert.ok(checked >= fixture.min_rows && moves >= fixture.min_moves, `${checked} rows, ${moves} moves`);
console.log(`ok: ${checked} rows, ${moves} winning moves explained, ${puzzles} puzzles judged`);
