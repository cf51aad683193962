// Check the page's game logic against nimlib's verdicts (a fixture written by tests/test_js_games.py).
// Usage: node tests/js/check_against_nimlib.mjs fixture.json
// For every position: the legal moves reach exactly nimlib's options; the computer's reply reaches a
// P-position exactly when nimlib says the position is N (and one nimlib lists); the winner at the end;
// the components' Grundy values and their XOR; the explanation's move. Prints "N of N positions agree".
import { readFileSync, readdirSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const here = dirname(fileURLToPath(import.meta.url));
const staticDir = join(here, "..", "..", "nimlib", "static");
const core = await import(pathToFileURL(join(staticDir, "core.js")));
for (const file of readdirSync(join(staticDir, "games")).filter((f) => f.endsWith(".js")).sort()) {
  await import(pathToFileURL(join(staticDir, "games", file)));
}

const canonOf = {
  heaps: (p) => p.map(Number).filter((h) => h > 0).sort((a, b) => a - b),
  sorted: (p) => p.slice().sort((a, b) => (JSON.stringify(a) < JSON.stringify(b) ? -1 : 1)),
  identity: (p) => p,
};

const { explainProblems } = await import(pathToFileURL(join(here, "explain_invariant.mjs")));

const fixture = JSON.parse(readFileSync(process.argv[2], "utf8"));
let agree = 0;
let total = 0;
const problems = [];

for (const game of fixture) {
  const def = core.gameDef(game.id);
  const canon = (p) => JSON.stringify(canonOf[game.canon](p));
  let ok = 0;
  for (const c of game.cases) {
    total++;
    const where = `${game.name} ${JSON.stringify(c.position)}`;
    const fail = (what) => problems.push(`${where}: ${what}`);
    const before = problems.length;
    const p = c.position;
    const options = new Set(c.options.map((q) => JSON.stringify(q)));
    const winning = new Set(c.winning.map((q) => JSON.stringify(q)));
    // The rules: every move reaches one of nimlib's options, and every option is reached
    const moves = def.moves(p, game.params);
    const reached = new Set(moves.map((m) => canon(m.after)));
    if (reached.size !== options.size || [...reached].some((q) => !options.has(q))) {
      fail(`moves reach ${[...reached].join(" ")}, nimlib's options are ${[...options].join(" ")}`);
    }
    for (const m of moves.slice(0, 50)) {
      const replayed = core.applyMove(def, p, JSON.parse(core.key(m.move)), game.params);
      if (core.key(replayed.after) !== core.key(m.after)) fail(`data-move ${core.key(m.move)} replays to ${core.key(replayed.after)}`);
    }
    // Game over and the winner (reader to move, nobody has moved)
    const over = core.isOver(def, p, game.params);
    if (over !== (options.size === 0)) fail(`isOver says ${over}`);
    if (over) {
      const w = core.winner(def, p, game.params, [], false);
      if (w !== (c.p ? "computer" : "reader")) fail(`winner ${w}, but the position is ${c.p ? "P" : "N"}`);
    }
    // The reply
    const best = core.bestMove(def, p, game.params);
    if ((c.p || over) && best !== null) fail(`P-position, but the strategy plays ${best.label}`);
    if (!c.p && !over && (best === null || !winning.has(canon(best.after)))) {
      fail(`N-position, but the strategy plays ${best ? `${best.label} to ${JSON.stringify(best.after)}` : "nothing"}`);
    }
    const reply = core.computerMove(def, p, game.params);
    if (over !== (reply === null)) fail(`computerMove at the end: ${JSON.stringify(reply)}`);
    if (reply && reply.winning !== !c.p) fail(`computerMove thinks winning=${reply.winning}`);
    if (reply && !options.has(canon(reply.after))) fail(`computerMove plays an illegal ${reply.label}`);
    // The components and the explanation
    if (c.components) {
      const a = def.analyse(p, game.params);
      const values = a.components.map((x) => Number(x.value));
      if (JSON.stringify(values) !== JSON.stringify(c.components)) fail(`components ${values}, nimlib ${c.components}`);
      if (Number(a.total) !== c.total) fail(`total ${a.total}, nimlib ${c.total}`);
      const d = core.explainData(def, p, game.params);
      if (Number(d.total) !== c.total) fail(`explanation's XOR ${d.total}`);
      if (c.total !== 0) {
        const v = Number(d.rows[d.component].value);
        if (!(Number(d.target) < v) || (v ^ c.total) !== Number(d.target)) fail(`explanation changes ${v} to ${d.target}`);
        if (!def.explain && d.move.label !== best.label) fail(`explanation's move ${d.move.label}, strategy ${best.label}`);
      }
    }
    // The explanation's invariant: the component named is the one the move changes, the move wins,
    // and it is the move the computer plays (reader's turn and, for "Why the computer played", its own)
    if (!c.p && !over) {
      for (const turn of ["reader", "computer"]) {
        for (const what of explainProblems(def, p, game.params, { turn, isWinning: (after) => winning.has(canon(after)) })) fail(what);
      }
    }
    const html = core.explainPosition(def, p, game.params);
    if (typeof html !== "string" || !html.length) fail("no explanation");
    if (problems.length === before) {
      ok++;
      agree++;
    }
  }
  console.log(`${game.name}: ${ok} of ${game.cases.length} positions agree`);
}
console.log(`${agree} of ${total} positions agree`);
if (problems.length) {
  console.log(problems.slice(0, 30).join("\n"));
  process.exit(1);
}
