// Fibonacci Nim's page rules on every position [n, most], most ≤ n ≤ FIB_LIMIT, printed as JSON for
// tests/test_fibonacci.py, which compares them with nimlib's exhaustive search (nimlib.fibonacci.search_outcomes).
// Every move of heaps up to 40 is listed too; on larger heaps, the count of moves.
// Usage: node tests/js/fibonacci_check.mjs [limit]   (default FIB_LIMIT)

import { gameDef, bestMove, computerMove, isOver, explainPosition } from "../../nimlib/static/core.js";
import { FIB_LIMIT, fibZeckendorf, fibGrundy } from "../../nimlib/static/games/fibonacci.js";

const def = gameDef("fibonacci-nim");
const params = { heap: 20 };
const limit = process.argv[2] === undefined ? FIB_LIMIT : Number(process.argv[2]);
const rows = [];
for (let n = 0; n <= limit; n++) {
  for (let m = 0; m <= n; m++) {
    const position = [n, m];
    const best = bestMove(def, position, params);
    const reply = computerMove(def, position, params);
    const moves = def.moves(position, params);
    rows.push({
      p: position,
      over: isOver(def, position, params),
      count: moves.length,
      // every move listed on small heaps (the lists grow as n²), the reply's own move everywhere
      moves: n <= 40 ? moves.map((x) => [x.move, x.after, x.label]) : null,
      best: best && best.move,
      reply: reply && { move: reply.move, after: reply.after, winning: reply.winning, label: reply.label },
      grundy: fibGrundy(position),
      terms: fibZeckendorf(n),
      explain: explainPosition(def, position, params),
    });
  }
}
process.stdout.write(JSON.stringify({ limit, rows }));
