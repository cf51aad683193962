// Puzzle mode of the play widget ("Your turn"): the reader decides P or N and finds the winning move.
//
// nimlib.widgets.PuzzleWidget sets the trait `mode` to "puzzle"; the bundle's default export then
// mounts `mountPuzzle` instead of the game. The positions, the judging and the drawing reuse each
// game's own definition (games/*.js): `random`, `moves`, `best`/`analyse`, `explain`, `draw`.
//
// Traits read: `game`, `params` (the game's params, `seed`), `sizes` ([fewest, most] legal moves, the
// range from the easiest puzzle to the hardest). Traits written: `results` (one entry per finished
// puzzle: {position, answer, correct, move}), `streak` (right in a row) and `solved` (right in all);
// Python recomputes every verdict and refuses what disagrees with nimlib.
//
// Everything above the "DOM" line is pure logic on plain data, imported by the node tests. Every
// top-level name starts with "puzzle" (the bundle shares one scope with core.js and the games).

import { gameDef, key, makeRng, isOver, isMisere, applyMove, bestMove, computerMove, explainPosition, escapeHtml, el, OutOfTable, stateGameOf, stateJsonError, stateKind, stateRefused, titleLine } from "./core.js";

/** Difficulty levels 0 .. PUZZLE_LEVELS - 1; each right answer climbs one. */
export const PUZZLE_LEVELS = 5;
/** Wrong answers in a row after which an easier puzzle is offered. */
export const PUZZLE_WRONG_RUN = 3;
/** Finished puzzles the page records (Python refuses longer lists). */
export const PUZZLE_MAX_RESULTS = 1000;
const PUZZLE_TRIES = 60; // candidate positions drawn for one puzzle
// Heap games whose positions are plain heap sizes: drawn directly (more and larger heaps when harder)
const PUZZLE_HEAP_GAMES = new Set(["nim", "misere-nim", "moore", "misere-moore", "lasker", "grundy", "subtraction", "heaps"]);

/** True when the player to move (the reader) loses against best play at `position`. */
export function puzzleIsP(def, position, params, turn = "reader") {
  if (isOver(def, position, params, turn)) return !isMisere(def, params);
  return bestMove(def, position, params, turn) === null;
}

/** The number of legal moves at `position`: the measure of a puzzle's size. */
export function puzzleSize(def, position, params) {
  return def.moves(position, params, "reader").length;
}

function puzzleHeaps(def, params, rng, t) {
  const k = Math.max(1, Number(params.k) || 1);
  const fewest = def.id.includes("moore") ? k + 1 : 2;
  const count = fewest + Math.floor(rng() * (2 + Math.round(2 * t)));
  const table = (params.values || []).length - 1; // heap boards: the largest heap the tables cover
  const cap = Math.max(2, Math.min(table > 0 ? table : 15, Math.round(3 + 12 * t)));
  return Array.from({ length: count }, () => 1 + Math.floor(rng() * cap));
}

/**
 * A chain of {position, size}: a random start, then random moves (smaller and smaller) until the size
 * falls below `floor` or the game ends. Each position's moves are listed once.
 */
function puzzleChain(def, params, rng, t, floor) {
  let position = PUZZLE_HEAP_GAMES.has(def.id) ? puzzleHeaps(def, params, rng, t) : def.random(rng, params);
  const chain = [];
  for (let i = 0; i < 500; i++) {
    const options = def.moves(position, params, "reader");
    if (options.length === 0) break;
    chain.push({ position, size: options.length });
    if (options.length < floor) break;
    position = options[Math.floor(rng() * options.length)].after;
  }
  return chain;
}

/**
 * A puzzle position: not over, with about as many legal moves as the difficulty asks for, P when
 * `wantP` is true, N when false (either when null). `difficulty` runs from 0 (sizes[0] moves, the
 * easiest) to `levels - 1` (sizes[1] moves). Candidates come from the game's own random positions
 * thinned by random moves; the closest in size with the wanted outcome wins (rejection sampling).
 * Returns {position, isP, size}.
 */
export function puzzlePosition(def, params, rng, { difficulty = 0, wantP = null, sizes = [2, 12], levels = PUZZLE_LEVELS } = {}) {
  if (!Array.isArray(sizes) || sizes.length !== 2 || !(sizes[0] >= 1) || !(sizes[1] >= sizes[0])) {
    throw new Error(`sizes must be [fewest, most] legal moves with 1 <= fewest <= most, got ${key(sizes)}`);
  }
  const t = Math.min(1, Math.max(0, Number(difficulty) / Math.max(1, levels - 1)));
  const target = sizes[0] + t * (sizes[1] - sizes[0]);
  const tolerance = Math.max(1, 0.1 * (sizes[1] - sizes[0]));
  let best = null;
  let fallback = null;
  for (let attempt = 0; attempt < PUZZLE_TRIES; attempt++) {
    let scored;
    try {
      scored = puzzleChain(def, params, rng, t, target - tolerance)
        .map((c) => ({ ...c, distance: Math.abs(c.size - target) }))
        .sort((a, b) => a.distance - b.distance)
        .slice(0, 4);
    } catch (error) {
      if (error instanceof OutOfTable) continue;
      throw error;
    }
    for (const c of scored) {
      let isP;
      try {
        isP = puzzleIsP(def, c.position, params);
      } catch (error) {
        if (error instanceof OutOfTable) continue;
        throw error;
      }
      const found = { position: c.position, isP, size: c.size, distance: c.distance };
      if (!fallback || found.distance < fallback.distance) fallback = found;
      if (wantP !== null && isP !== wantP) continue;
      if (!best || found.distance < best.distance) best = found;
      break;
    }
    if (best && best.distance <= tolerance) break;
  }
  const chosen = best ?? fallback;
  if (!chosen) throw new Error(`no position of ${def.id} could be drawn for a puzzle`);
  return { position: chosen.position, isP: chosen.isP, size: chosen.size };
}

/**
 * The reader's answer "P" or "N" at `position`: {correct, verdict, explanation (HTML), winning}
 * where `winning` is a winning move ({move, after, label}) at an N-position, else null.
 */
export function judgeAnswer(def, position, params, answer) {
  if (answer !== "P" && answer !== "N") throw new Error(`answer must be "P" or "N", got ${key(answer)}`);
  const isP = puzzleIsP(def, position, params);
  const verdict = isP ? "P" : "N";
  const winning = isP ? null : bestMove(def, position, params, "reader");
  return { correct: answer === verdict, verdict, winning, explanation: explainPosition(def, position, params, "reader") };
}

/**
 * The reader's move `move` (data-move JSON) at an N-position: {correct, played, reply, explanation}.
 * `played` is {move, after, label}; a losing move gets the computer's winning `reply` to it
 * ({move, after, label, winning}) and the explanation of the position it left.
 */
export function judgeMove(def, position, params, move) {
  const played = applyMove(def, position, move, params, "reader");
  const correct = puzzleIsP(def, played.after, params, "computer");
  if (correct) return { correct, played, reply: null, explanation: null };
  const reply = computerMove(def, played.after, params, "computer");
  return { correct, played, reply, explanation: explainPosition(def, played.after, params, "computer") };
}

/** The reader's record: streak (right in a row), wrong answers in a row, level, solved, played. */
export function puzzleState({ streak = 0, solved = 0, played = 0 } = {}) {
  return { streak, wrongRun: 0, level: Math.min(PUZZLE_LEVELS - 1, streak), solved, played, offerEasier: false };
}

/** The record after one finished puzzle: right climbs a level, three wrong in a row offer an easier one. */
export function puzzleRecord(state, correct) {
  if (correct) {
    return { ...state, streak: state.streak + 1, wrongRun: 0, level: Math.min(PUZZLE_LEVELS - 1, state.level + 1), solved: state.solved + 1, played: state.played + 1, offerEasier: false };
  }
  const wrongRun = state.wrongRun + 1;
  return { ...state, streak: 0, wrongRun, played: state.played + 1, offerEasier: wrongRun >= PUZZLE_WRONG_RUN };
}

/** The record when the reader takes the easier puzzle offered: two levels down. */
export function puzzleEasier(state) {
  return { ...state, level: Math.max(0, state.level - 2), wrongRun: 0, offerEasier: false };
}

/** Whether the next puzzle should be a P-position: a fair coin, so P and N both come up. */
export function puzzleWantP(rng) {
  return rng() < 0.5;
}

// ------------------------------------------------------------------ DOM

const PUZZLE_CSS = `
.nimlib-puzzle { font-family: system-ui, -apple-system, "Segoe UI", sans-serif; font-size: 15px; line-height: 1.4;
  color: #1a202c; max-width: 100%; min-width: 0; box-sizing: border-box; border: 1px solid #cbd5e0;
  border-left: 4px solid #3182ce; border-radius: 6px; padding: 8px 10px; background: #fff; }
.nimlib-puzzle * { box-sizing: border-box; }
.nimlib-puzzle button { font: inherit; cursor: pointer; border: 1px solid #a0aec0; border-radius: 4px; background: #edf2f7;
  color: #1a202c; padding: 2px 10px; margin: 2px 4px 2px 0; min-height: 30px; min-width: 24px; }
.nimlib-puzzle button[disabled] { cursor: default; opacity: 0.5; }
.nimlib-puzzle button[aria-pressed="true"] { border-color: #2b6cb0; background: #bee3f8; opacity: 1; }
.nimlib-puzzle button:focus-visible { outline: 3px solid #3182ce; outline-offset: 1px; }
.nimlib-puzzle .nimlib-board { overflow-x: auto; white-space: nowrap; padding: 4px 2px; margin: 4px 0; border-radius: 4px; background: #f7fafc; }
.nimlib-puzzle-question { display: grid; }
.nimlib-puzzle-question > span { grid-area: 1 / 1; }
.nimlib-puzzle-feedback { min-height: 4.2em; margin: 4px 0; padding: 3px 8px; border-radius: 4px; }
.nimlib-puzzle-feedbox { display: grid; }
.nimlib-puzzle-feedbox > * { grid-area: 1 / 1; }
.nimlib-puzzle-room { visibility: hidden; margin: 4px 0; padding: 3px 8px; overflow-wrap: anywhere; }
.nimlib-puzzle-room::before { content: attr(data-room); }
.nimlib-puzzle-feedback[data-feedback="right"] { background: #f0fff4; color: #22543d; }
.nimlib-puzzle-feedback[data-feedback="wrong"] { background: #fff5f5; color: #742a2a; }
.nimlib-puzzle-score { margin-left: 6px; color: #4a5568; }
.nimlib-puzzle .nimlib-nowrap { white-space: nowrap; }
.nimlib-puzzle .nimlib-puzzle-reply { box-shadow: inset 0 0 0 2px #dd6b20; }
.nimlib-puzzle-why:empty { display: none; }
.nimlib-puzzle-why { border-top: 1px solid #e2e8f0; margin-top: 6px; padding-top: 4px; overflow-x: auto; }
`;

// The games' look is written for `.nimlib-play` and `.nimlib-puzzle` alike (widget.css and the <style> a
// board carries name both roots), so a puzzle never reads the page's style sheets: Chromium refuses a linked
// sheet's rules from file://, where readers open the book. Only the puzzle's own rules are added here.
function puzzleStyle(doc) {
  if (!doc.getElementById || doc.getElementById("nimlib-puzzle-style")) return;
  const own = doc.createElement("style");
  own.id = "nimlib-puzzle-style";
  own.textContent = PUZZLE_CSS;
  (doc.head || doc.body || doc.documentElement).append(own);
}

/**
 * A board that takes no move (the puzzle asks "P or N?", or is done) looks and is inert: every control
 * disabled, no drawn part (a Hackenbush edge) in the tab order or announced as a button, and the
 * board's "click …" help (class nimlib-help) hidden, its room kept so nothing moves when it returns.
 */
function puzzleInert(board) {
  for (const tag of ["button", "input", "select", "textarea"]) for (const node of board.querySelectorAll(tag)) node.disabled = true;
  for (const node of board.querySelectorAll("[tabindex]")) {
    node.removeAttribute("tabindex");
    if (node.getAttribute("role") === "button") node.removeAttribute("role");
    if (node.style) node.style.cursor = "default";
  }
  for (const node of board.querySelectorAll(".nimlib-help")) node.style.visibility = "hidden";
}

/**
 * Room for the longest feedback a puzzle at `position` can give: the longest of its feedback sentences
 * with the longest move label of the position in each place a label goes, every letter drawn as "n"
 * (words of the same lengths, each letter at least as wide as most), so it wraps into at least as many
 * lines as any real feedback. `easier`: a wrong answer now offers an easier puzzle (a sentence more).
 */
export function puzzleRoom(def, position, params, easier = false) {
  let label = "";
  try {
    for (const m of def.moves(position, params, "reader")) if (String(m.label).length > label.length) label = String(m.label);
  } catch {
    label = "";
  }
  const longest = [
    "Right: it is an N-position, the player to move wins. Now play a winning move on the board.",
    `Not this time: it is an N-position, the player to move wins with ${label} (marked on the board).`,
    `That move loses: after ${label}, the computer answers ${label} (marked on the board) and wins.`,
    `That move loses: after ${label} the game is over, and in misère play whoever moves last loses.`,
  ].reduce((a, b) => (b.length > a.length ? b : a));
  const text = easier ? `${longest} ${PUZZLE_WRONG_RUN} wrong in a row: an easier puzzle is offered below.` : longest;
  return text.replace(/\S/g, "n");
}

/**
 * Focus `target` without the browser's own scroll (Chrome centres an element out of sight, so a click
 * on an answer near the window's edge made the page jump hundreds of px); a keyboard user, whose focus
 * ring shows (:focus-visible), gets the least scroll that brings it into sight.
 */
function puzzleFocus(target) {
  target.focus({ preventScroll: true });
  let keyboard = false;
  try {
    keyboard = Boolean(target.matches && target.matches(":focus-visible"));
  } catch {
    keyboard = false; // a DOM without :focus-visible
  }
  if (keyboard && target.scrollIntoView) target.scrollIntoView({ block: "nearest", inline: "nearest" });
}

function puzzleParts(node) {
  return new Map([...node.querySelectorAll("[data-part]")].map((n) => [n.dataset.part, n.dataset.state ?? n.textContent]));
}

/**
 * Every position a puzzle at `position` can put on its board: the position itself and, at an N-position
 * (where the reader moves), each move's result and the computer's winning reply to each losing move.
 * The board reserves the tallest of them from the start, so a move that grows the board (a heap split in
 * two, coins piling on a step) moves nothing below it.
 */
export function puzzleBoards(def, position, params) {
  const out = new Map([[key(position), position]]);
  if (puzzleIsP(def, position, params)) return [...out.values()];
  for (const m of def.moves(position, params, "reader")) {
    out.set(key(m.after), m.after);
    if (puzzleIsP(def, m.after, params, "computer")) continue;
    const reply = computerMove(def, m.after, params, "computer");
    if (reply) out.set(key(reply.after), reply.after);
  }
  return [...out.values()];
}

/** Most legal moves a puzzle may ask for (sizes[1]); nimlib.widgets.PuzzleWidget refuses more. */
export const PUZZLE_MAX_SIZE = 10000;

/**
 * null when a puzzle's saved state can be played: the game, its params (the game's `validate` with no
 * position), sizes, streak, solved and results; else a short reason.
 */
export function puzzleSavedError(model) {
  const { def, params, error } = stateGameOf(model);
  if (error) return error;
  if (def.validate) {
    try {
      const problem = def.validate(undefined, params);
      if (problem) return `params: ${problem}`;
    } catch (e) {
      return `params: ${e.message}`;
    }
  }
  const sizes = model.get("sizes");
  if (sizes !== undefined && sizes !== null) {
    const ok = Array.isArray(sizes) && sizes.length === 2 && sizes.every((n) => Number.isSafeInteger(n)) && sizes[0] >= 1 && sizes[1] >= sizes[0] && sizes[1] <= PUZZLE_MAX_SIZE;
    if (!ok) return `sizes must be [fewest, most] legal moves with 1 <= fewest <= most <= ${PUZZLE_MAX_SIZE}, got ${stateKind(sizes)}`;
  }
  for (const name of ["streak", "solved"]) {
    const v = model.get(name);
    if (v !== undefined && v !== null && !(Number.isSafeInteger(v) && v >= 0)) return `${name} must be a whole number, got ${stateKind(v)}`;
  }
  const results = model.get("results");
  if (results !== undefined && results !== null) {
    if (!Array.isArray(results) || results.length > PUZZLE_MAX_RESULTS) return `results must be a list of at most ${PUZZLE_MAX_RESULTS} puzzles, got ${stateKind(results)}`;
    const bad = stateJsonError(results, "results");
    if (bad) return bad;
  }
  return null;
}

/** Mount a puzzle on `root` over an anywidget-style `model` (get/set/save_changes/on/off). */
export function mountPuzzle(model, root) {
  const invalid = puzzleSavedError(model); // checked before anything is drawn
  if (invalid) return stateRefused(root, `This puzzle's saved state is not valid: ${invalid}.`);
  const doc = root.ownerDocument;
  const def = gameDef(model.get("game"));
  const params = model.get("params") || {};
  const sizes = model.get("sizes") || [2, 12];
  const rng = makeRng(params.seed);
  puzzleStyle(doc);
  let record = puzzleState({ streak: Number(model.get("streak")) || 0, solved: Number(model.get("solved")) || 0, played: (model.get("results") || []).length });
  // stage: "answer" (P or N?), "move" (find the winning move), "done" (feedback shown)
  let puzzle = null; // {position, isP, size, stage, answer, shown, before, reply, hint, tone, feedback, why}
  let selection = null;

  const part = (tag, attrs, ...children) => el(doc, tag, attrs, ...children);
  const box = part("div", { className: "nimlib-puzzle", role: "group", "aria-label": `Puzzle: ${def.title(params)}` });
  const title = titleLine(doc, def, params, `Your turn: ${def.title(params)}`);
  // The three questions share one grid cell, only the current one visible: the box is as tall as the
  // longest, so answering never moves what is below (no layout shift)
  const questions = {
    answer: "Is this a P-position (the player to move loses against best play) or an N-position (the player to move wins)? You are the player to move.",
    move: "Find a winning move: click it on the board.",
    done: "Press Next puzzle for another one.",
  };
  const question = part(
    "div",
    { className: "nimlib-puzzle-question" },
    ...Object.entries(questions).map(([stage, text]) => part("span", { "data-stage": stage }, text)),
  );
  const board = part("div", { className: "nimlib-board", role: "group", "aria-label": "board", tabindex: "-1" });
  const answers = part(
    "div",
    { className: "nimlib-puzzle-answers" },
    part("button", { type: "button", "data-answer": "P", onclick: () => answer("P") }, "P: the player to move loses"),
    part("button", { type: "button", "data-answer": "N", onclick: () => answer("N") }, "N: the player to move wins"),
  );
  const feedback = part("div", { className: "nimlib-puzzle-feedback", role: "status", "aria-live": "polite" });
  // The feedback's room: an invisible block as tall as the longest feedback this puzzle can give (drawn
  // by CSS from data-room, so it adds no text), in the feedback's grid cell: the controls below never move
  const room = part("div", { className: "nimlib-puzzle-room", "aria-hidden": "true" });
  const next = part("button", { type: "button", "data-ctl": "next", onclick: () => nextPuzzle(false) }, "Next puzzle");
  const easier = part("button", { type: "button", "data-ctl": "easier", onclick: () => nextPuzzle(true) }, "Try an easier one");
  const score = part("span", { className: "nimlib-puzzle-score" });
  const controls = part("div", { className: "nimlib-controls" }, next, easier, score);
  const why = part("div", { className: "nimlib-puzzle-why" });
  box.append(title, question, board, answers, part("div", { className: "nimlib-puzzle-feedbox" }, feedback, room), controls, why);
  root.replaceChildren(box);

  function save(result) {
    const results = model.get("results") || [];
    if (results.length >= PUZZLE_MAX_RESULTS) return;
    model.set("results", [...results, result]);
    model.set("streak", record.streak);
    model.set("solved", record.solved);
    model.save_changes();
  }

  function finish(correct, move) {
    record = puzzleRecord(record, correct);
    puzzle.stage = "done";
    if (record.offerEasier) puzzle.feedback += ` ${PUZZLE_WRONG_RUN} wrong in a row: an easier puzzle is offered below.`;
    save({ position: puzzle.position, answer: puzzle.answer, correct, move });
  }

  function answer(choice) {
    if (!puzzle || puzzle.stage !== "answer") return;
    const judged = judgeAnswer(def, puzzle.position, params, choice);
    puzzle.answer = choice;
    if (judged.correct && judged.verdict === "N") {
      puzzle.stage = "move";
      puzzle.tone = "right";
      puzzle.feedback = "Right: it is an N-position, the player to move wins. Now play a winning move on the board.";
      return render(true);
    }
    puzzle.tone = judged.correct ? "right" : "wrong";
    if (judged.correct) {
      puzzle.feedback = "Right: it is a P-position. Every move leaves the opponent a winning position.";
    } else if (judged.verdict === "N") {
      puzzle.hint = judged.winning ? key(judged.winning.move) : null;
      // a two-step move (Moore's several heaps, a coin chosen first) is marked from its selection
      selection = judged.winning && def.selectFor ? def.selectFor(judged.winning.move, puzzle.position, params) : null;
      puzzle.feedback = `Not this time: it is an N-position, the player to move wins${judged.winning ? ` with ${judged.winning.label} (marked on the board)` : ""}.`;
    } else {
      puzzle.feedback = "Not this time: it is a P-position, every move loses against best play.";
    }
    puzzle.why = judged.correct ? "" : judged.explanation;
    finish(judged.correct, null);
    render();
  }

  function readerMove(move) {
    if (!puzzle || puzzle.stage !== "move") return;
    let judged;
    try {
      judged = judgeMove(def, puzzle.position, params, move);
    } catch (error) {
      puzzle.tone = "wrong";
      puzzle.feedback = `Illegal move: ${error.message}`;
      return render(true);
    }
    selection = null;
    if (judged.correct) {
      puzzle.shown = judged.played.after;
      puzzle.tone = "right";
      puzzle.feedback = `Right: ${judged.played.label} leaves a P-position, so the opponent loses against best play.`;
      puzzle.why = "";
    } else {
      puzzle.tone = "wrong";
      const reply = judged.reply;
      puzzle.before = judged.played.after;
      puzzle.shown = reply ? reply.after : judged.played.after;
      puzzle.reply = reply;
      puzzle.feedback = reply
        ? `That move loses: after ${judged.played.label}, the computer answers ${reply.label} (marked on the board) and wins.`
        : `That move loses: after ${judged.played.label} the game is over, and in misère play whoever moves last loses.`;
      puzzle.why = judged.explanation;
    }
    finish(judged.correct, move);
    render();
  }

  function nextPuzzle(easierOne) {
    if (easierOne) record = puzzleEasier(record); // a puzzle left unanswered is simply not recorded
    selection = null;
    // A new puzzle is never the one on the board (small games have few positions of a size)
    const previous = puzzle ? key(puzzle.position) : null;
    let drawn;
    for (let tries = 0; tries < 10; tries++) {
      drawn = puzzlePosition(def, params, rng, { difficulty: record.level, wantP: puzzleWantP(rng), sizes });
      if (key(drawn.position) !== previous) break;
    }
    puzzle = { ...drawn, stage: "answer", answer: null, shown: drawn.position, reply: null, hint: null, tone: null, why: "", feedback: "", reserved: false };
    board.style.minHeight = ""; // a new puzzle: the board takes its own height again
    room.setAttribute("data-room", puzzleRoom(def, puzzle.position, params, puzzleRecord(record, false).offerEasier));
    render(true);
  }

  function view(active) {
    return {
      doc,
      el: (tag, attrs, ...children) => el(doc, tag, attrs, ...children),
      selection,
      select(value) {
        if (!active) return; // the board is inert while the puzzle asks "P or N?" and once it is done
        selection = value;
        render(true);
      },
      busy: !active,
      hint: puzzle.hint === null ? null : JSON.parse(puzzle.hint), // so a compact board (a large Nim heap) draws the marked move
      turn: active ? "reader" : "over",
      last: puzzle.reply ? { before: puzzle.before, after: puzzle.reply.after, move: puzzle.reply.move } : null,
      moveButton(move, content, { label, className } = {}) {
        const k = key(move);
        return el(
          doc,
          "button",
          {
            type: "button",
            className: ["nimlib-move", className, k === puzzle.hint ? "nimlib-hint" : ""].filter(Boolean).join(" "),
            "data-move": k,
            "aria-label": label,
            title: label,
            disabled: !active || undefined,
            onclick: (event) => readerMove(JSON.parse(event.currentTarget.dataset.move)),
          },
          content,
        );
      },
    };
  }

  function draw(position, active) {
    try {
      const drawn = def.draw(position, params, view(active));
      if (!active && drawn && drawn.querySelectorAll) {
        if (selection !== null) {
          // the move marked from a selection: the hidden help keeps the words it has with none, so
          // marking the move changes no height (no layout shift)
          const plain = def.draw(position, params, { ...view(false), selection: null });
          const helps = drawn.querySelectorAll(".nimlib-help");
          const words = plain && plain.querySelectorAll ? plain.querySelectorAll(".nimlib-help") : [];
          if (helps.length === words.length) helps.forEach((help, i) => (help.textContent = words[i].textContent));
        }
        puzzleInert(drawn);
      }
      return drawn;
    } catch (error) {
      if (!(error instanceof OutOfTable)) throw error;
      return el(doc, "p", { text: error.message });
    }
  }

  // The board's height for the whole puzzle: the tallest board it can show (puzzleBoards), each drawn and
  // measured before the first paint, so a move that grows the board moves no control below it. A board
  // not yet in a laid-out page measures 0 and is measured again at the next render.
  function reserve() {
    let tallest = 0;
    const measure = (node) => {
      board.replaceChildren(node);
      tallest = Math.max(tallest, board.offsetHeight || 0);
    };
    try {
      measure(draw(puzzle.position, true));
      for (const position of puzzleBoards(def, puzzle.position, params)) measure(draw(position, false));
      // a wrong "P" at an N-position marks the winning move on the board (a compact heap draws its stone)
      const winning = puzzle.isP ? null : bestMove(def, puzzle.position, params, "reader");
      if (winning) {
        const [hint, picked] = [puzzle.hint, selection];
        puzzle.hint = key(winning.move);
        selection = def.selectFor ? def.selectFor(winning.move, puzzle.position, params) : null;
        try {
          measure(draw(puzzle.position, false));
        } finally {
          [puzzle.hint, selection] = [hint, picked];
        }
      }
    } catch (error) {
      if (!(error instanceof OutOfTable)) throw error;
    }
    if (tallest <= 0) return;
    puzzle.reserved = true;
    board.style.minHeight = `${tallest}px`;
  }

  function render(keepFocus = false) {
    const active = doc.activeElement;
    const hadFocus = box.contains(active);
    // the same control keeps the focus when it is still there (a piece chosen, a move button)
    const same = hadFocus && active.dataset ? ["move", "select"].find((k) => active.dataset[k] !== undefined) : null;
    const again = same ? `[data-${same}='${active.dataset[same]}']` : null;
    const stage = puzzle.stage;
    box.dataset.game = def.id;
    box.dataset.position = key(puzzle.position);
    box.dataset.stage = stage;
    box.dataset.level = String(record.level);
    if (stage === "done") box.dataset.result = puzzle.tone;
    else delete box.dataset.result;
    for (const span of question.children) span.style.visibility = span.dataset.stage === stage ? "visible" : "hidden";
    // the rules' "click …" words (a game's howTo) only while the board takes a move, their room kept
    for (const help of title.querySelectorAll(".nimlib-help")) help.style.visibility = stage === "move" ? "visible" : "hidden";
    if (!puzzle.reserved) reserve();
    board.replaceChildren(draw(puzzle.shown, stage === "move"));
    // During one puzzle the board never gets shorter (a move that empties a row, a selection that is
    // gone): it keeps the tallest height it had, so the answers and controls below it do not move
    const tall = board.offsetHeight;
    if (tall > 0 && tall > (parseFloat(board.style.minHeight) || 0)) board.style.minHeight = `${tall}px`;
    if (puzzle.reply) {
      // the computer's reply: the parts it changed glow, as in the game
      const before = puzzleParts(el(doc, "div", {}, draw(puzzle.before, false)));
      for (const node of board.querySelectorAll("[data-part]")) {
        const was = before.get(node.dataset.part);
        if (was !== undefined && was !== (node.dataset.state ?? node.textContent)) node.classList.add("nimlib-changed", "nimlib-puzzle-reply");
      }
    }
    for (const b of answers.querySelectorAll("button")) {
      b.disabled = stage !== "answer";
      b.setAttribute("aria-pressed", puzzle.answer === b.dataset.answer ? "true" : "false");
    }
    feedback.textContent = puzzle.feedback;
    if (puzzle.tone) feedback.dataset.feedback = puzzle.tone;
    else delete feedback.dataset.feedback;
    easier.style.visibility = record.offerEasier ? "visible" : "hidden";
    easier.disabled = !record.offerEasier;
    // a label and its figure on one line (class nimlib-nowrap): at 390 px the line breaks only at the " · "
    score.replaceChildren(part("span", { className: "nimlib-nowrap", text: `Streak: ${record.streak}` }), " · ", part("span", { className: "nimlib-nowrap", text: `solved ${record.solved} of ${record.played}` }));
    why.innerHTML = puzzle.why || "";
    // Keyboard users: to the board after "N", to Next puzzle once done, to the answers on a new one
    const kept = again && stage === "move" ? board.querySelector(again) : null;
    if (kept && !kept.disabled) kept.focus();
    else if (hadFocus || keepFocus) {
      const target =
        stage === "move"
          ? board.querySelector("button:not([disabled])") || board
          : stage === "done"
            ? next
            : answers.querySelector("button");
      if (hadFocus || stage !== "answer") puzzleFocus(target);
    }
  }

  try {
    nextPuzzle(false);
  } catch (error) {
    return stateRefused(root, `This puzzle could not be shown: ${error.message}.`);
  }
  return () => {};
}
