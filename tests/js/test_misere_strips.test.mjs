// Misère Kayles and misère crosses in the page (nimlib/static/games/misere_strips.js), against an
// independent misère search on the raw rows written here, on every row of up to 10 cells: the reply,
// the outcome the explanation states, every reply it lists, and the genus it names.
import test from "node:test";
import assert from "node:assert/strict";
import * as core from "../../nimlib/static/core.js";
import { kaylesMoves, dawsonMoves } from "../../nimlib/static/games/strips.js";
import { misereStripAnalysis, misereStripKey, MISERE_STRIP_MAX } from "../../nimlib/static/games/misere_strips.js";

// Genus and tame tables of runs 0..12 as nimlib.tables.misere_strip_params computes them (Kayles: 0.77;
// crosses: 0.137); a Python test checks the same values (tests/test_misere_play.py).
const KAYLES = {
  genus: [[0, [1, 2, 0]], [1, [0, 3, 1]], [2, [2, 0]], [3, [3, 1]], [1, [0, 3, 1]], [4, [1, 4, 6]], [3, [3, 1]],
    [2, [2, 0]], [1, [1, 3]], [4, [0, 4, 6]], [2, [2, 0]], [6, [4, 6]], [4, [0, 4, 6]]],
  tame: [true, true, true, true, true, false, false, false, false, false, false, false, false],
};
const CROSSES = {
  genus: [[0, [1, 2, 0]], [1, [0, 3, 1]], [1, [0, 3, 1]], [2, [2, 0]], [0, [1, 2, 0]], [3, [3, 1]], [1, [0, 3, 1]],
    [1, [0, 3, 1]], [0, [1, 2, 0]], [3, [1, 4, 3, 1]], [3, [3, 1]], [2, [0, 5, 2, 0]], [2, [2, 0]]],
  tame: [true, true, true, true, true, true, true, true, true, false, true, false, false],
};

const KINDS = [
  { kind: "kayles", id: "misere-kayles", moves: kaylesMoves, tables: KAYLES, join: [0], rows: (n) => allRows(n) },
  {
    kind: "dawson",
    id: "misere-dawson",
    moves: (p) => dawsonMoves(p, { distance: 1 }),
    tables: CROSSES,
    join: [0, 1, 0],
    rows: (n) => allRows(n).filter((r) => !r.some((c, i) => c && r[i + 1])),
  },
];

function allRows(n) {
  const out = [];
  for (let mask = 0; mask < 1 << n; mask++) out.push([...Array(n).keys()].map((i) => (mask >> i) & 1));
  return out;
}

/** Misère P on raw rows: a position with no move is N (the player to move has won). */
function bruteP(moves, memo, row) {
  const k = row.join("");
  if (memo.has(k)) return memo.get(k);
  const options = moves(row);
  const result = options.length > 0 && options.every((m) => !bruteP(moves, memo, m.after));
  memo.set(k, result);
  return result;
}

/** A raw row whose runs are the given multiset: Kayles runs apart by a fallen pin, crosses by a cross. */
function rowOf(runs, join) {
  const out = [];
  runs.forEach((k, i) => {
    if (i) out.push(...join);
    out.push(...Array(k).fill(kIsKayles(join) ? 1 : 0));
  });
  return out;
}

function kIsKayles(join) {
  return join.length === 1;
}

/** The run multiset a phrase of the explanation names ("rows 1 + 2", "one run of 3 free cells", "nothing"). */
function runsOfPhrase(text) {
  if (text.startsWith("nothing")) return [];
  return [...text.matchAll(/\d+/g)].map((m) => Number(m[0]));
}

for (const { kind, id, moves, tables, join, rows } of KINDS) {
  test(`${id}: replies, stated outcomes, listed replies and genus agree with a raw-row search (rows of 1 to 10)`, () => {
    const def = core.gameDef(id);
    const params = { length: 10, values: Array(13).fill(0), ...tables };
    const memo = new Map();
    let positions = 0;
    let explainedWins = 0;
    let genusNamed = 0;
    for (let n = 1; n <= 10; n++) {
      for (const row of rows(n)) {
        positions++;
        const isP = bruteP(moves, memo, row);
        const over = moves(row).length === 0;
        const best = core.bestMove(def, row, params);
        if (over || isP) assert.equal(best, null, `${row}: a move from a lost or finished position`);
        else assert.ok(best && bruteP(moves, memo, best.after), `${row}: ${best && best.label} does not win`);
        const reply = core.computerMove(def, row, params);
        assert.equal(reply === null, over);
        const html = def.explain(row, params);
        if (over) {
          assert.match(html, /has won/);
          assert.equal(core.winner(def, row, params, [], false), "reader"); // misère: the player left without a move wins
          continue;
        }
        assert.match(html, new RegExp(`misère ${isP ? "P" : "N"}-position`), `${row}: ${html}`);
        const genus = html.match(/genus (\d+)<sup>(\d+)<\/sup> \((fickle|firm)\)/);
        if (genus) {
          genusNamed++;
          // the tame-sum rule from the genus: fickle P iff g = 1, firm P iff g = 0; and gamma_0 = 0 iff P
          const g = Number(genus[1]);
          assert.equal(genus[3] === "fickle" ? g === 1 : g === 0, isP, `${row}: genus ${genus[0]}`);
          assert.equal(genus[2][0] === "0", isP);
        }
        if (isP) continue;
        explainedWins++;
        assert.ok(html.includes(core.escapeHtml(best.label)), `${row}: the explanation does not name the move`);
        // Every answer to the move is listed, and each listed reply is a move from that answer to a P-position
        const answers = new Set(moves(best.after).map((m) => misereStripKey(runsOfRaw(kind, m.after))));
        const listed = [...html.matchAll(/<li>you leave ([^<]*?) → the computer replies leaving ([^<]*)<\/li>/g)];
        const lastMove = html.includes("you made the last move, and lose");
        assert.equal(listed.length + (lastMove ? 1 : 0), answers.size, `${row}: ${answers.size} answers, ${listed.length} listed`);
        for (const [, answer, replyText] of listed) {
          const a = runsOfPhrase(answer);
          assert.ok(answers.has(misereStripKey(a.slice())), `${row}: answer ${answer} is not an answer`);
          const from = rowOf(a, join);
          const to = rowOf(runsOfPhrase(replyText), join);
          assert.ok(bruteP(moves, memo, to), `${row}: the reply ${replyText} to ${answer} is not a P-position`);
          const reachable = moves(from).some((m) => misereStripKey(runsOfRaw(kind, m.after)) === misereStripKey(runsOfRaw(kind, to)));
          assert.ok(reachable, `${row}: ${replyText} cannot be reached from ${answer}`);
        }
      }
    }
    assert.ok(positions > 300 && explainedWins > 100 && genusNamed > 50, `${positions} ${explainedWins} ${genusNamed}`);
  });
}

function runsOfRaw(kind, row) {
  return misereStripAnalysis(kind, row).runs; // the runs only (checked against strips.js's own runs below)
}

test("the runs of a row are those strips.js analyses (one component per run)", () => {
  for (const row of allRows(9)) {
    const kRuns = misereStripAnalysis("kayles", row).runs;
    assert.deepEqual(kRuns, core.gameDef("kayles").analyse(row, { values: Array(10).fill(0) }).components.map((c) => labelLength(c.label)));
  }
});

function labelLength(label) {
  const m = label.match(/(\d+)(?:–(\d+))?/);
  return m[2] ? Number(m[2]) - Number(m[1]) + 1 : 1;
}

test("misère games: the player left without a move wins, titles and rules say misère", () => {
  for (const id of ["misere-kayles", "misere-dawson"]) {
    const def = core.gameDef(id);
    assert.equal(core.isMisere(def, {}), true);
    assert.match(def.rules({}), /last .* loses/);
    assert.match(def.title({}), /Misère/);
  }
  // A single pin: the reader must knock it down and loses; the computer then has no move and wins
  const def = core.gameDef("misere-kayles");
  assert.equal(core.bestMove(def, [0, 1, 0], {}), null);
  assert.deepEqual(core.bestMove(def, [1, 1], {}).after.reduce((a, b) => a + b), 1);
});

test("a position beyond the page's search is refused with the limit, not searched", () => {
  const def = core.gameDef("misere-kayles");
  const long = Array(MISERE_STRIP_MAX + 1).fill(1);
  assert.throws(() => def.best(long, {}), (e) => e instanceof core.OutOfTable && /at most 24/.test(e.message));
  assert.match(core.explainPosition(def, long, {}), /at most 24/);
});

test("the explanation escapes what it shows and names untamed rows", () => {
  const html = core.gameDef("misere-kayles").explain([1, 1, 1, 1, 1, 0, 1], { ...KAYLES });
  assert.match(html, /not tame/);
  assert.doesNotMatch(html, /<script/);
});
