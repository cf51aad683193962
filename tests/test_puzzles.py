"""Puzzle mode ("Your turn"): PuzzleWidget's checks, and every chapter's puzzle drawn and judged by the page.

The page's generator and judge (nimlib/static/puzzle.js) run under node on each chapter's game with the
exact params Python sends; nimlib then recomputes every verdict the page gave, so a page that judged
one position wrong, or drew only N-positions, fails here.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess

import pytest

from nimlib import hackenbush, moore, wythoff
from nimlib.boards import GraphChips, HeapBoard, KaylesRow, Staircase, TurningTurtles
from nimlib.coins import MockTurtles
from nimlib.play import rules
from nimlib.rulesets import laskers_nim, subtraction
from nimlib.widgets import MAX_RESULTS, PuzzleWidget, bundle

from .conftest import ROOT

NODE = shutil.which("node")

# Each chapter's puzzle cell, as the notebook holds it (the notebooks were written from this table)
CHAPTER_PUZZLES = {
    "01": "PuzzleWidget(rules(), sizes=(2, 9), seed=1)",
    "02": "PuzzleWidget(rules(), sizes=(4, 24), seed=2)",
    "03": "PuzzleWidget(rules(misere=True), sizes=(2, 14), seed=3)",
    "04": "PuzzleWidget(moore.Moore(2), sizes=(3, 14), seed=4)",
    "05": "PuzzleWidget(moore.Moore(2, misere=True), sizes=(2, 10), seed=16)",
    "06": "PuzzleWidget(HeapBoard(game=s123, largest=20), sizes=(3, 15), seed=5)",
    "07": "PuzzleWidget(GraphChips(edges=edges, annihilate=True), sizes=(2, 8), seed=10)",
    "08": "PuzzleWidget(KaylesRow(length=10), sizes=(2, 14), seed=6)",
    "09": "PuzzleWidget(HeapBoard(game=subtraction({1, 3, 4}), largest=30), sizes=(3, 15), seed=14)",
    "10": "PuzzleWidget(HeapBoard(game=laskers_nim, largest=20), sizes=(4, 30), seed=7)",
    "11": "PuzzleWidget(Staircase(), sizes=(2, 14), seed=8)",
    "12": "PuzzleWidget(TurningTurtles(), sizes=(2, 16), seed=9)",
    "13": "PuzzleWidget(MockTurtles(12), sizes=(3, 40), seed=12)",
    "14": "PuzzleWidget(Wythoff(), sizes=(3, 24), seed=11)",
    "15": "PuzzleWidget(GreenHackenbush(PICTURE), sizes=(2, 12), seed=13)",
    "16": "PuzzleWidget(KaylesRow(length=20, misere=True), sizes=(2, 14), seed=15)",
}
SUMS = ("02", "06", "10")  # chapters whose puzzles are sums of several components

# What the notebooks define before their Play sections (chapter 15's picture, chapter 7's graph)
NAMESPACE = {
    "PuzzleWidget": PuzzleWidget,
    "rules": rules,
    "moore": moore,
    "HeapBoard": HeapBoard,
    "s123": subtraction({1, 2, 3}),
    "subtraction": subtraction,
    "laskers_nim": laskers_nim,
    "KaylesRow": KaylesRow,
    "Staircase": Staircase,
    "TurningTurtles": TurningTurtles,
    "GraphChips": GraphChips,
    "edges": {0: (1, 2, 3), 1: (3, 4), 2: (4, 5), 3: (5,), 4: (5, 6), 5: (), 6: (), 7: (2, 6)},
    "Wythoff": wythoff.Wythoff,
    "MockTurtles": MockTurtles,
    "GreenHackenbush": hackenbush.GreenHackenbush,
    "PICTURE": (
        [(0, 1), (1, 2), (2, 3)]
        + [(0, 4), (4, 5), (4, 6), (6, 7)]
        + [(0, 8), (8, 9), (9, 0), (9, 10)]
        + [(0, 11), (11, 11)]
    ),
}


def chapter_widget(chapter: str) -> PuzzleWidget:
    return eval(CHAPTER_PUZZLES[chapter], dict(NAMESPACE))  # our own constant source, above


def cell_source(chapter: str) -> str:
    """The code cell the notebook holds for ``chapter``'s puzzle (its import cell imports the names)."""
    return CHAPTER_PUZZLES[chapter]


# ---------------------------------------------------------------- PuzzleWidget


def test_construction_sends_the_game_sizes_and_mode():
    w = PuzzleWidget(rules(), sizes=(2, 9), seed=1)
    assert (w.game, w.mode, w.sizes, w.params["seed"]) == ("nim", "puzzle", [2, 9], 1)
    assert (w.results, w.streak, w.solved) == ([], 0, 0)
    assert w.verdict((1, 2, 3)) == "P" and w.verdict([3, 4, 5]) == "N"
    assert w._esm == bundle() and "mountPuzzle" in w._esm
    assert bundle().count("export default") == 1
    assert bundle().index("// ---- puzzle.js") < bundle().index("// ---- games/")


@pytest.mark.parametrize(
    ("args", "error", "match"),
    [
        ((42,), TypeError, "game must be a playable rules object"),
        ((rules(),), TypeError, "sizes must be a pair"),
        ((rules(),), ValueError, "sizes\\[1\\]"),
        ((rules(),), ValueError, "sizes\\[0\\]"),
        ((rules(),), ValueError, "at most 10000"),
        ((rules(),), TypeError, "seed"),
    ],
)
def test_bad_input_is_refused_at_once(args, error, match):
    kwargs = [{}, {"sizes": "2-9"}, {"sizes": (5, 3)}, {"sizes": (0, 3)}, {"sizes": (1, 20_000)}, {"seed": "x"}]
    index = [
        "game must be a playable rules object",
        "sizes must be a pair",
        "sizes\\[1\\]",
        "sizes\\[0\\]",
        "at most 10000",
        "seed",
    ].index(match)
    with pytest.raises(error, match=match):
        PuzzleWidget(*args, **kwargs[index])


def _result(position, answer, correct, move=None):
    return {"position": position, "answer": answer, "correct": correct, "move": move}


def test_the_page_s_results_are_kept_when_nimlib_agrees():
    w = PuzzleWidget(rules(), sizes=(2, 9))
    w.set_state({"results": [_result([1, 2, 3], "P", True)], "streak": 1, "solved": 1})
    w.set_state({"results": [*w.results, _result([3, 4, 5], "N", True, [0, 1])], "streak": 2, "solved": 2})
    w.set_state({"results": [*w.results, _result([3, 4, 5], "N", False, [0, 2])], "streak": 0, "solved": 2})
    w.set_state({"results": [*w.results, _result([3, 4, 5], "P", False)], "streak": 0, "solved": 2})
    w.set_state({"results": [*w.results, _result([1, 2, 3], "N", False)], "streak": 0, "solved": 2})
    assert [r["correct"] for r in w.results] == [True, True, False, False, False]
    assert (w.streak, w.solved) == (0, 2)


@pytest.mark.parametrize(
    "forged",
    [
        {"results": [_result([1, 2, 3], "P", False)], "streak": 0, "solved": 0},  # P is right here
        {"results": [_result([3, 4, 5], "P", True)], "streak": 1, "solved": 1},  # (3, 4, 5) is N
        {"results": [_result([3, 4, 5], "N", True, [0, 2])], "streak": 1, "solved": 1},  # (2, 4, 5) is N: a losing move
        {"results": [_result([3, 4, 5], "N", True)], "streak": 1, "solved": 1},  # no move: not finished
        {"results": [_result([1, 2, 3], "P", True, [0, 0])], "streak": 1, "solved": 1},  # a move after P
        {"results": [_result([3, 4, 5], "N", True, [0, 7])], "streak": 1, "solved": 1},  # an illegal move
        {"results": [_result([1, 2, 3], "P", True)], "streak": 5, "solved": 1},  # streak not from the results
        {"results": [_result([1, 2, 3], "P", True)], "streak": 1, "solved": True},  # a bool for a count
        {"results": [_result([0, 0], "P", True)], "streak": 1, "solved": 1},  # a finished game
        {"results": [_result([1, 2, 3], "p", True)], "streak": 1, "solved": 1},  # not P or N
        {"results": [_result([1, 2, 3], "P", 1)], "streak": 1, "solved": 1},  # correct not a bool
        {"results": [{**_result([1, 2, 3], "P", True), "extra": 1}], "streak": 1, "solved": 1},
        {"results": [_result([1, 2, -3], "P", True)], "streak": 1, "solved": 1},  # no position
        {"results": [_result([2**60, 2**60], "P", True)], "streak": 1, "solved": 1},  # beyond a double
        {"results": "everything right", "streak": 1, "solved": 1},
        {"results": [_result([1, 2, 3], "P", True)] * (MAX_RESULTS + 1), "streak": 1, "solved": 1},
        {"game": "kayles"},  # another trait
        {"mode": "play"},
        [1, 2, 3],
    ],
)
def test_forged_results_change_nothing(forged):
    w = PuzzleWidget(rules(), sizes=(2, 9))
    w.set_state({"results": [_result([1, 1], "P", True)], "streak": 1, "solved": 1})
    before = (list(w.results), w.streak, w.solved, w.game, w.mode)
    w.set_state(forged)
    assert (list(w.results), w.streak, w.solved, w.game, w.mode) == before


def test_recorded_results_cannot_be_rewritten():
    w = PuzzleWidget(rules(), sizes=(2, 9))
    w.set_state({"results": [_result([1, 2, 3], "N", False)], "streak": 0, "solved": 0})
    w.set_state({"results": [_result([1, 1], "P", True)], "streak": 1, "solved": 1})  # replaces the first
    assert w.results == [_result([1, 2, 3], "N", False)]


def test_partizan_and_board_positions_are_judged_in_the_page_s_form():
    w = chapter_widget("07")  # chips on a graph: 0 and 7 have values 3 and 1 (chapter 7's exercise)
    assert w.verdict([0, 7]) == "N"
    w.set_state({"results": [_result([0, 7], "N", True, [0, 3])], "streak": 1, "solved": 1})
    assert w.solved == 1


# ---------------------------------------------------------------- the notebooks


@pytest.mark.parametrize("chapter", sorted(CHAPTER_PUZZLES))
def test_every_chapter_has_its_puzzle_before_play(chapter):
    path = next((ROOT / "notebooks").glob(f"{chapter}_*.ipynb"))
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    sources = ["".join(c["source"]) for c in cells]
    heading = next(i for i, s in enumerate(sources) if s.startswith("## Your turn"))
    assert sources[heading + 1] == cell_source(chapter)
    after = sources[heading + 2]
    assert after.startswith("## Play") or (chapter == "16" and after.startswith("## Summary")), after[:40]
    w = chapter_widget(chapter)
    assert w.sizes[0] < w.sizes[1]
    if chapter in SUMS:
        assert w.sizes[0] >= 3  # several components from the first puzzle on


# ---------------------------------------------------------------- the page's generator and judge, under node

_CHECK = r"""
import { readdirSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [dir, configPath] = process.argv.slice(2);
const core = await import(pathToFileURL(`${dir}/core.js`));
const pz = await import(pathToFileURL(`${dir}/puzzle.js`));
for (const f of readdirSync(`${dir}/games`).filter((f) => f.endsWith(".js")).sort()) {
  await import(pathToFileURL(`${dir}/games/${f}`));
}
const configs = JSON.parse((await import("node:fs")).readFileSync(configPath, "utf8"));
const out = {};
for (const [chapter, { game, params, sizes, draws }] of Object.entries(configs)) {
  const def = core.gameDef(game);
  const rng = core.makeRng(params.seed ?? 1);
  const drawn = [];
  for (let i = 0; i < draws; i++) {
    const difficulty = i % pz.PUZZLE_LEVELS;
    const r = pz.puzzlePosition(def, params, rng, { difficulty, wantP: pz.puzzleWantP(rng), sizes });
    const entry = { difficulty, position: r.position, isP: r.isP, size: r.size };
    if (i < 12) {
      // judge both answers, a winning move and a losing move where there are such
      entry.answers = ["P", "N"].map((a) => pz.judgeAnswer(def, r.position, params, a).correct);
      const winning = pz.judgeAnswer(def, r.position, params, "N").winning;
      const moves = [...(winning ? [winning] : []), ...def.moves(r.position, params, "reader").slice(0, 6)];
      entry.judged = moves.map((m) => {
        const j = pz.judgeMove(def, r.position, params, m.move);
        const reply = j.reply ? { move: j.reply.move, after: j.reply.after } : null;
        return { move: m.move, correct: j.correct, reply };
      });
    }
    drawn.push(entry);
  }
  out[chapter] = drawn;
}
console.log(JSON.stringify(out));
"""


@pytest.fixture(scope="module")
def page_puzzles(tmp_path_factory):
    if NODE is None:
        if os.environ.get("NIMBOOK_REQUIRE_BROWSER"):
            pytest.fail("node is not installed")
        pytest.skip("node is not installed")
    folder = tmp_path_factory.mktemp("puzzles")
    widgets = {chapter: chapter_widget(chapter) for chapter in CHAPTER_PUZZLES}
    configs = {
        c: {"game": w.game, "params": w.params, "sizes": w.sizes, "draws": 100 if c in ("04", "05") else 200}
        for c, w in widgets.items()
    }
    (folder / "configs.json").write_text(json.dumps(configs))
    (folder / "check.mjs").write_text(_CHECK)
    result = subprocess.run(
        [NODE, str(folder / "check.mjs"), str(ROOT / "nimlib" / "static"), str(folder / "configs.json")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return widgets, json.loads(result.stdout)


@pytest.mark.parametrize("chapter", sorted(CHAPTER_PUZZLES))
def test_page_puzzles_are_balanced_growing_and_judged_as_nimlib_does(page_puzzles, chapter):
    widgets, drawn = page_puzzles
    w, puzzles = widgets[chapter], drawn[chapter]
    rules_ = w.rules
    share = sum(p["isP"] for p in puzzles) / len(puzzles)
    assert 0.35 <= share <= 0.65, f"P-positions are {share:.0%} of the puzzles"
    by_level = {d: [p["size"] for p in puzzles if p["difficulty"] == d] for d in range(5)}
    means = [sum(s) / len(s) for s in by_level.values()]
    assert means[0] < means[2] < means[4], means  # harder puzzles are larger
    assert all(w.sizes[0] - 1 <= m <= w.sizes[1] + 2 for m in means), means
    for p in puzzles:
        assert (w.verdict(p["position"]) == "P") == p["isP"], p["position"]
    for p in puzzles[:12]:
        assert p["answers"] == ([True, False] if p["isP"] else [False, True])
        position = rules_.check(rules_.decode(p["position"]))
        position = _reader(rules_, position)
        for j in p["judged"]:
            after = rules_.apply(position, rules_.decode_move(j["move"]))
            assert j["correct"] == _is_p(rules_, after), (p["position"], j)
            if j["correct"]:
                assert j["reply"] is None
            elif j["reply"] is None:  # misère: the reader made the last move, and loses
                assert rules_.misere and not list(rules_.moves(after)), j
            else:  # the computer's reply to a losing move wins: it leaves the reader a P-position
                reply_after = rules_.apply(after, rules_.decode_move(j["reply"]["move"]))
                assert rules_.encode(reply_after) == j["reply"]["after"]
                assert _is_p(rules_, _reader(rules_, reply_after))
        # at an N-position the page's winning move (judged first) is accepted; at a P-position none is
        assert p["judged"][0]["correct"] is not p["isP"]

    assert any(j["reply"] for p in puzzles[:12] for j in p["judged"]), "no losing move was answered"


def _reader(rules_, position):
    from nimlib.widgets import _turn

    return _turn(rules_, position, "reader")


def _is_p(rules_, position):
    from nimlib.widgets import _is_p

    return _is_p(rules_, position)
