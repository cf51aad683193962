// A good saved state of every registered game, [params, position]: hostile_state.test.mjs mounts each
// (and replaces parts with hostile ones), puzzle_board.test.mjs makes puzzles of each game from its params.
import { octalValues } from "./octal_values.mjs";

/** g(0..n) of Grundy's game: split a heap into two unequal heaps. */
function grundyValues(n) {
  const g = [];
  for (let m = 0; m <= n; m++) {
    const seen = new Set();
    for (let a = 1; 2 * a < m; a++) seen.add(g[a] ^ g[m - a]);
    let v = 0;
    while (seen.has(v)) v++;
    g.push(v);
  }
  return g;
}

const strip = (length, digits) => ({ length, values: octalValues(digits, length) });
// A good state of every game: the control (it mounts and plays) and the base the hostile traits replace
export const GOOD = {
  nim: [{}, [3, 4, 5]],
  "misere-nim": [{}, [1, 2, 3]],
  moore: [{ k: 2 }, [1, 2, 3, 4]],
  "misere-moore": [{ k: 2 }, [1, 2, 3, 4]],
  // Lasker's nim: g(4k+1) = 4k+1, g(4k+2) = 4k+2, g(4k+3) = 4k+4, g(4k+4) = 4k+3; Grundy's game by mex below
  lasker: [{ values: Array.from({ length: 21 }, (_, n) => (n === 0 ? 0 : n % 4 === 3 ? n + 1 : n % 4 === 0 ? n - 1 : n)) }, [2, 5]],
  grundy: [{ values: grundyValues(20) }, [7, 1, 11]],
  subtraction: [{ subtract: [1, 2, 3], values: Array.from({ length: 21 }, (_, n) => n % 4) }, [5, 7]],
  heaps: [{ take_any: true, values: Array.from({ length: 21 }, (_, n) => n) }, [3, 5]],
  kayles: [strip(8, [7, 7]), [1, 1, 1, 0, 1, 1, 1, 1]],
  "misere-kayles": [strip(8, [7, 7]), [1, 1, 1, 0, 1, 1, 1, 1]],
  dawson: [strip(9, [1, 3, 7]), [0, 0, 0, 0, 0, 0, 0, 0, 0]],
  "misere-dawson": [strip(9, [1, 3, 7]), [0, 0, 0, 0, 0, 0, 0, 0, 0]],
  "crosses-2": [{ ...strip(9, [1, 1, 3, 3, 7]), distance: 2 }, [0, 0, 0, 0, 0, 0, 0, 0, 0]],
  trominoes: [{ columns: 5, values: octalValues([0, 0, 7], 10) }, [[0, 0, 0, 0, 0], [0, 0, 0, 0, 0]]],
  staircase: [{ steps: 5, max_coins: 4 }, [2, 3, 1, 4, 2]],
  nimble: [{ length: 10, no_jumps: false }, [2, 5, 7]],
  turtles: [{ length: 8, twins: false }, [0, 1, 1, 0, 1, 0, 0, 1]],
  "mock-turtles": [{ length: 8 }, [0, 1, 1, 0, 1, 0, 0, 1]],
  ruler: [{ length: 8 }, [0, 1, 1, 0, 1, 0, 0, 1]],
  corners: [{ rows: 4, columns: 4 }, [[2, 3], [3, 4], [4, 4]]],
  northcott: [{ width: 6, rows: 2 }, [[0, 5], [4, 1]]],
  pawns: [{ columns: 3 }, [["W", "W", "W"], [".", ".", "."], ["B", "B", "B"]]],
  "graph-chips": [{ vertices: [0, 1, 2], edges: [[0, 1], [1, 2], [0, 2]], values: [[0, 2], [1, 1], [2, 0]], annihilate: false }, [0, 1]],
  wythoff: [{ board: 8 }, [5, 7]],
  hackenbush: [{ edges: [[0, 1], [1, 2], [1, 2]], coords: { 1: [0, 1], 2: [0, 2] } }, [0, 1, 2]],
  "fibonacci-nim": [{ heap: 20 }, [18, 4]],
  "node-kayles": [{ vertices: 5, edges: [[0, 1], [1, 2], [2, 3], [3, 4]], coords: [[0.1, 0.5], [0.3, 0.5], [0.5, 0.5], [0.7, 0.5], [0.9, 0.5]], title: "Node Kayles on a path" }, [0, 1, 3, 4]],
  chomp: [{ rows: 4, columns: 7 }, [7, 7, 5, 2]],
  "blue-red-hackenbush": [{ edges: [[0, 1], [1, 2], [2, 3], [0, 4], [4, 5]], colours: "BRBRB", reader: "B" }, [0, 1, 2, 3, 4]],
};
