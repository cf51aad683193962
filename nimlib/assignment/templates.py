"""Seeded problem templates: parameters from a seed, and the statement, answer, worked solution and checker
computed from them by nimlib at generation. Nothing here stores an answer.

A template turns ``random.Random(seed)`` into parameters (plain JSON data, in ranges a student can do by
hand); ``statement``, ``answer``, ``steps`` (the worked solution, one line each) and ``diagram`` are
computed from the parameters, and ``judge(params, given)`` says what is wrong with an answer (None when it
is right), with the self-check's diagnoses (nimlib.selfcheck). An answer is JSON: an int, a word, a list.
Templates whose answer is a set (every winning move) accept it in any order.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache, reduce
from operator import xor

from .. import coins, hackenbush, moore, nim, wythoff
from ..boards import vertex_values
from ..explain import xor_steps
from ..grundy import heap_values, mex
from ..misere import genus
from ..quotient import quotient
from ..rulesets import HeapGame, grundys_game, kayles, laskers_nim, octal, subtraction
from ..selfcheck import (
    _judge_set,
    _nim_move_problem,
    _nim_sum_loses,
    _period_judge,
    _window_period,
    _Wrong,
)

Params = dict
# The quotient the Kayles misère template prints: heaps of at most this many pins (12 elements)
KAYLES_QUOTIENT_BOUND = 6


class AnswerShape(ValueError):
    """An answer that is not in the form the problem asks for (the grade says so, in one line)."""


@dataclass(frozen=True)
class Template:
    """One kind of problem. ``kind`` is the answer's shape: "int", "word", "ints" (a list), "set" (a list in
    any order, of lists of ints) or "genus"; ``expects`` says the form in words."""

    name: str
    title: str
    chapter: str
    section: str
    kind: str
    expects: str
    generate: Callable[[random.Random], Params]
    statement: Callable[[Params], str]
    answer: Callable[[Params], object]
    steps: Callable[[Params], list[str]]
    judge: Callable[[Params, object], str | None]
    diagram: Callable[[Params], tuple | None] = lambda params: None
    one: str = ""  # for a set answer: how an LMS question asks for one element of it


TEMPLATES: dict[str, Template] = {}


def _add(template: Template) -> None:
    TEMPLATES[template.name] = template


# ---------------------------------------------------------------- reading answers


def _int(given: object, what: str = "the answer") -> int:
    if isinstance(given, bool) or not isinstance(given, int):
        raise AnswerShape(f"{what} must be an integer, got {given!r:.60}")
    return given


def _ints(given: object, what: str = "the answer", length: int | None = None) -> list[int]:
    if not isinstance(given, list):
        raise AnswerShape(f"{what} must be a list of integers, got {given!r:.60}")
    if length is not None and len(given) != length:
        raise AnswerShape(f"{what} must hold {length} integers, got {len(given)}")
    return [_int(x, f"each entry of {what}") for x in given]


def _tuples(given: object, length: int | None, what: str) -> set[tuple[int, ...]]:
    if not isinstance(given, list):
        raise AnswerShape(f"the answer must be a list of {what}, got {given!r:.60}")
    return {tuple(_ints(x, f"each of the {what}", length)) for x in given}


def _word(given: object, words: tuple[str, ...]) -> str:
    if not isinstance(given, str) or given.strip().upper() not in words:
        raise AnswerShape(f"the answer must be one of {', '.join(words)}, got {given!r:.60}")
    return given.strip().upper()


def _text(position: tuple | list) -> str:
    return "(" + ", ".join(map(str, position)) + ("," if len(position) == 1 else "") + ")"


def _sample(rng: random.Random, low: int, high: int, count: int) -> list[int]:
    return sorted(rng.sample(range(low, high + 1), count))


def _value_steps(game: HeapGame, n: int, name: str = "g") -> list[str]:
    """The mex table: each heap's options, their values and the mex (heaps 0..n)."""
    values = heap_values(game, n + 1)
    lines = []
    for m in range(n + 1):
        parts = []
        for option in game.heap_options(m):
            label = "+".join(map(str, option)) or "0"
            parts.append(f"{label}:{reduce(xor, (values[h] for h in option), 0)}")
        seen = sorted({int(p.split(":")[1]) for p in parts})
        lines.append(
            f"{name}({m}): options {', '.join(parts) or 'none'}; values {{{', '.join(map(str, seen))}}}; "
            f"mex = {values[m]}"
        )
    return lines


def _first_wrong(given: list[int], values: list[int], game: HeapGame) -> str | None:
    for n, (said, value) in enumerate(zip(given, values, strict=True)):
        if said != value:
            options = ", ".join("+".join(map(str, o)) or "0" for o in game.heap_options(n)) or "none"
            return f"g({n}) is the first wrong value: the options of a heap of {n} are {options}; take the mex."
    return None


def _xor_lines(values: list[int]) -> list[str]:
    width = max(max(values, default=0).bit_length(), 1)
    lines = [f"{v:>4} = {v:0{width}b}" for v in values]
    total = reduce(xor, values, 0)
    lines.append(f"XOR  = {total:0{width}b} = {total}")
    return lines


# ---------------------------------------------------------------- Nim (chapters 1-4)


def _nim_heaps(rng: random.Random, count: tuple[int, int], high: int, *, winning: bool | None = None, k: int = 1):
    while True:
        heaps = [rng.randint(1, high) for _ in range(rng.randint(*count))]
        if winning is None or moore.is_p_position(tuple(heaps), k) != winning:
            return heaps


_add(
    Template(
        "nim-outcome",
        "Who wins a Nim position",
        "ch-playing-nim",
        "Who wins",
        "word",
        "P or N",
        lambda rng: {"heaps": _nim_heaps(rng, (3, 4), 7)},
        lambda p: f"In Nim, is the position {_text(p['heaps'])} a P-position or an N-position? Answer P or N.",
        lambda p: "P" if nim.is_p_position(tuple(p["heaps"])) else "N",
        lambda p: [
            *xor_steps(tuple(p["heaps"])).steps[:1],
            "a P-position (the player to move loses)"
            if nim.is_p_position(tuple(p["heaps"]))
            else f"an N-position: a winning move is {nim.optimal_move(tuple(p['heaps']))} (heap index, new size)",
        ],
        lambda p, g: (
            None
            if _word(g, ("P", "N")) == ("P" if nim.is_p_position(tuple(p["heaps"])) else "N")
            else (
                f"{_text(p['heaps'])} has the winning move {nim.optimal_move(tuple(p['heaps']))}: it is an N-position."
                if _word(g, ("P", "N")) == "P"
                else f"every move from {_text(p['heaps'])} leaves a position with a winning reply: it is a P-position."
            )
        ),
        lambda p: ("heaps", p["heaps"]),
    )
)

_add(
    Template(
        "nim-sum",
        "A nim-sum",
        "ch-bouton",
        "Addition without",
        "int",
        "an integer",
        lambda rng: {"heaps": _nim_heaps(rng, (3, 4), 31)},
        lambda p: f"Compute the nim-sum {' ⊕ '.join(map(str, p['heaps']))}, column by column in binary.",
        lambda p: nim.nim_sum(tuple(p["heaps"])),
        lambda p: _xor_lines(p["heaps"]),
        lambda p, g: (
            None
            if _int(g) == nim.nim_sum(tuple(p["heaps"]))
            else "that is not the nim-sum: write each number in binary and keep the columns with an odd number of 1s."
        ),
    )
)


def _winning_nim(p: Params, misere: bool) -> list[list[int]]:
    return [list(m) for m in sorted(nim.winning_moves(tuple(p["heaps"]), misere=misere))]


def _judge_nim(p: Params, given: object, misere: bool) -> str | None:
    heaps = tuple(p["heaps"])
    moves = _tuples(given, 2, "moves [heap index, new size]")
    play = "misère" if misere else "normal"

    def loses(move: tuple[int, int]) -> str:
        if not misere:
            return _nim_sum_loses(heaps)(move)
        after = nim.apply_move(heaps, move)
        return f"in {play} play, {move} leaves {_text(after)}, from which the player to move wins."

    return _judge_set(
        moves,
        {tuple(m) for m in _winning_nim(p, misere)},
        start=f"{_text(heaps)} in {play} play",
        not_legal=lambda m: _nim_move_problem(heaps, m),
        loses=loses,
        what="winning move",
    )


def _nim_steps(p: Params, misere: bool, k: int = 1) -> list[str]:
    heaps = tuple(p["heaps"])
    lines = xor_steps(heaps, misere=misere, k=k).to_text().splitlines()
    if k == 1:
        moves = _winning_nim(p, misere)
        lines.append("every winning move [heap index, new size]: " + "; ".join(map(str, moves)))
    return lines


def _nim_moves_template(misere: bool) -> Template:
    """Every winning move in Nim or in misère Nim."""
    who = "loses" if misere else "wins"

    def statement(p: Params) -> str:
        return (
            f"In {'misère ' if misere else ''}Nim (whoever takes the last stone {who}), find every winning move "
            f"from {_text(p['heaps'])}. Heaps are numbered from 0."
        )

    return Template(
        "misere-nim-winning-moves" if misere else "nim-winning-moves",
        "Every winning move in misère Nim" if misere else "Every winning move in Nim",
        "ch-misere" if misere else "ch-bouton",
        "The strategy",
        "set",
        "a list of moves [heap index, new size], heaps numbered from 0, in any order",
        lambda rng: {"heaps": _misere_heaps(rng) if misere else _nim_heaps(rng, (3, 4), 15, winning=True)},
        statement,
        lambda p: _winning_nim(p, misere),
        lambda p: _nim_steps(p, misere),
        lambda p, g: _judge_nim(p, g, misere),
        lambda p: ("heaps", p["heaps"]),
        "one winning move, as two numbers: the heap index (from 0) and the new size, e.g. 2 5",
    )


_add(_nim_moves_template(False))
_add(_nim_moves_template(True))


def _misere_heaps(rng: random.Random) -> list[int]:
    while True:
        if rng.random() < 0.3:  # the endgame: 1-heaps and one larger heap
            heaps = [1] * rng.randint(1, 4) + [rng.randint(2, 9)]
            rng.shuffle(heaps)
        else:
            heaps = [rng.randint(1, 9) for _ in range(rng.randint(3, 4))]
        if nim.winning_moves(tuple(heaps), misere=True):
            return heaps


def _moore_moves(p: Params) -> list[tuple[int, ...]]:
    return _moore_moves_of(tuple(p["heaps"]), p["k"])


@lru_cache(maxsize=1024)
def _moore_moves_of(heaps: tuple[int, ...], k: int) -> list[tuple[int, ...]]:
    after = {moore.apply_move(heaps, move, k) for move in moore.moves(heaps, k)}
    return sorted(a for a in after if moore.is_p_position(a, k))


_add(
    Template(
        "moore-winning-moves",
        "Every winning move in Moore's Nim_k",
        "ch-moore",
        "The constructive",
        "set",
        "a list of positions, each the list of the new heap sizes in order",
        lambda rng: (lambda k: {"heaps": _nim_heaps(rng, (3, 4), 7, winning=True, k=k), "k": k})(rng.randint(2, 3)),
        lambda p: (
            f"In Moore's Nim_{p['k']} (a move takes stones from at least one and at most {p['k']} heaps), "
            f"find every winning move from {_text(p['heaps'])}, each as the position it leaves."
        ),
        lambda p: [list(a) for a in _moore_moves(p)],
        lambda p: [
            *xor_steps(tuple(p["heaps"]), k=p["k"]).to_text().splitlines(),
            f"every position a winning move leaves (each column sum a multiple of {p['k'] + 1}): "
            + "; ".join(_text(a) for a in _moore_moves(p)),
        ],
        lambda p, g: _judge_set(
            _tuples(g, len(p["heaps"]), "positions (the new heap sizes)"),
            set(_moore_moves(p)),
            start=_text(p["heaps"]),
            not_legal=lambda a: (
                None
                if all(b <= h for b, h in zip(a, p["heaps"], strict=True))
                and 1 <= sum(b < h for b, h in zip(a, p["heaps"], strict=True)) <= p["k"]
                else f"{_text(a)} is not one Nim_{p['k']} move away from {_text(p['heaps'])}."
            ),
            loses=lambda a: f"{_text(a)} has a column sum that is not a multiple of {p['k'] + 1}: the opponent wins.",
            what="winning move",
        ),
        lambda p: ("heaps", p["heaps"]),
        "the position one winning move leaves, as the new heap sizes in order, e.g. 1 2 3",
    )
)


# ---------------------------------------------------------------- Sprague-Grundy (chapters 6, 7, 9)


def _mex_steps(p: Params) -> list[str]:
    s = set(p["set"])
    m = mex(s)
    return [f"{v} is in the set" for v in range(m)] + [f"{m} is not: mex = {m}"]


_add(
    Template(
        "mex",
        "A mex",
        "ch-sprague-grundy",
        "mex and Grundy",
        "int",
        "an integer",
        lambda rng: {"set": sorted(set(rng.sample(range(0, 12), rng.randint(4, 8))) | {0})},
        lambda p: f"Compute mex{{{', '.join(map(str, p['set']))}}}, the least non-negative integer not in the set.",
        lambda p: mex(p["set"]),
        _mex_steps,
        lambda p, g: (
            None
            if _int(g) == mex(p["set"])
            else (
                f"{_int(g)} is in the set."
                if _int(g) in p["set"]
                else f"{mex(p['set'])} < {_int(g)} is missing too."
                if _int(g) > mex(p["set"])
                else "the mex is at least 0 and not in the set."
            )
        ),
    )
)


def _subtraction_params(rng: random.Random) -> Params:
    return {"subtract": _sample(rng, 1, 8, rng.randint(2, 3)), "n": rng.randint(10, 16)}


def _outcomes(p: Params) -> str:
    values = heap_values(subtraction(p["subtract"]), p["n"] + 1)
    return "".join("P" if v == 0 else "N" for v in values)


def _judge_outcomes(p: Params, given: object) -> str | None:
    if not isinstance(given, str) or len(given.strip()) != p["n"] + 1 or set(given.strip().upper()) - {"P", "N"}:
        raise AnswerShape(f"the answer must be a word of {p['n'] + 1} letters P or N, got {given!r:.60}")
    right = _outcomes(p)
    for n, (said, value) in enumerate(zip(given.strip().upper(), right, strict=True)):
        if said != value:
            options = ", ".join(str(n - s) for s in p["subtract"] if s <= n) or "none"
            return (
                f"heap {n} is the first wrong one: its options are {options}; a heap is P exactly when "
                "every option is N."
            )
    return None


_add(
    Template(
        "subtraction-outcomes",
        "P- and N-positions of a subtraction game",
        "ch-sprague-grundy",
        "Impartial games",
        "word",
        "a word of P and N letters, heap 0 first (e.g. PNNP...)",
        _subtraction_params,
        lambda p: (
            f"In the subtraction game S({', '.join(map(str, p['subtract']))}) (a move takes "
            f"{' or '.join(map(str, p['subtract']))} tokens from the heap), say for each heap of 0 to {p['n']} tokens "
            "whether it is a P-position or an N-position: write a word of P and N, heap 0 first."
        ),
        _outcomes,
        lambda p: [
            f"heap {n}: options {', '.join(str(n - s) for s in p['subtract'] if s <= n) or 'none'} -> {o}"
            + (" (every option is N)" if o == "P" else " (an option is P)")
            for n, o in enumerate(_outcomes(p))
        ],
        _judge_outcomes,
        lambda p: ("heaps", [p["n"]]),
    )
)

_add(
    Template(
        "subtraction-values",
        "Grundy values of a subtraction game",
        "ch-sprague-grundy",
        "mex and Grundy",
        "ints",
        "a list of integers, g(0) first",
        _subtraction_params,
        lambda p: (
            f"Compute the Grundy values g(0), ..., g({p['n']}) of the subtraction game "
            f"S({', '.join(map(str, p['subtract']))})."
        ),
        lambda p: heap_values(subtraction(p["subtract"]), p["n"] + 1),
        lambda p: _value_steps(subtraction(p["subtract"]), p["n"]),
        lambda p, g: _first_wrong(
            _ints(g, length=p["n"] + 1),
            heap_values(subtraction(p["subtract"]), p["n"] + 1),
            subtraction(p["subtract"]),
        ),
    )
)


def _period(p: Params) -> list[int]:
    return list(_period_of(tuple(p["subtract"])))


@lru_cache(maxsize=1024)
def _period_of(subtract: tuple[int, ...]) -> tuple[int, int]:
    found = _window_period(heap_values(subtraction(subtract), 400), max(subtract))
    if found is None:  # pragma: no cover - every set drawn (numbers up to 12) repeats within 400 values
        raise RuntimeError(f"no period found for {subtract} within 400 values")
    return found


def _period_params(rng: random.Random) -> Params:
    while True:
        subtract = _sample(rng, 1, 12, rng.randint(2, 4))
        pre, period = _period({"subtract": subtract})
        if pre + period <= 30:  # a table a student writes by hand
            return {"subtract": subtract}


def _judge_period(p: Params, given: object) -> str | None:
    pair = _ints(given, "the answer [preperiod, period]", 2)
    try:
        return _period_judge(set(p["subtract"]), tuple(pair))
    except _Wrong as wrong:
        return str(wrong)


def _period_steps(p: Params) -> list[str]:
    pre, period = _period(p)
    values = heap_values(subtraction(p["subtract"]), pre + 2 * period + max(p["subtract"]))
    return [
        f"g(0..{len(values) - 1}) = {' '.join(map(str, values))}",
        f"a window of {max(p['subtract'])} values (the largest number taken) decides all that follows;",
        f"the first window seen twice starts at {pre} and again at {pre + period}: preperiod {pre}, period {period}",
    ]


_add(
    Template(
        "subtraction-period",
        "The period of a subtraction game",
        "ch-subtraction-periods",
        "The pigeonhole",
        "ints",
        "a list [preperiod, period]",
        _period_params,
        lambda p: (
            f"Find the least preperiod and the least period of the Grundy values of the subtraction game "
            f"S({', '.join(map(str, p['subtract']))}). Answer [preperiod, period]."
        ),
        _period,
        _period_steps,
        _judge_period,
    )
)


def _graph_params(rng: random.Random) -> Params:
    n = rng.randint(6, 8)
    edges = {v: sorted(rng.sample(range(v), min(v, rng.randint(0, 3)))) for v in range(n)}
    return {"edges": [edges[v] for v in range(n)]}


def _graph_values(p: Params) -> list[int]:
    values = vertex_values(dict(enumerate(p["edges"])))
    return [values[v] for v in range(len(p["edges"]))]


def _graph_judge(p: Params, given: object) -> str | None:
    said = _ints(given, length=len(p["edges"]))
    values = _graph_values(p)
    for v, (s, r) in enumerate(zip(said, values, strict=True)):
        if s != r:
            targets = ", ".join(map(str, p["edges"][v])) or "none"
            return f"vertex {v} is the first wrong one: its arrows lead to {targets}; take the mex of their values."
    return None


_add(
    Template(
        "graph-values",
        "Grundy values of a game on a graph",
        "ch-graphs",
        "One chip",
        "ints",
        "a list of integers, vertex 0 first",
        _graph_params,
        lambda p: (
            "A chip sits on a vertex of the graph drawn; a move slides it along an arrow; no move, you "
            "lose. The arrows: "
            + "; ".join(f"{v} -> {', '.join(map(str, t))}" for v, t in enumerate(p["edges"]) if t)
            + f". Compute the Grundy value of every vertex 0 to {len(p['edges']) - 1}."
        ),
        _graph_values,
        lambda p: [
            f"vertex {v}: arrows to {', '.join(map(str, t)) or 'none'}; values "
            f"{{{', '.join(str(_graph_values(p)[u]) for u in t)}}}; mex = {_graph_values(p)[v]}"
            for v, t in enumerate(p["edges"])
        ],
        _graph_judge,
        lambda p: ("graph", p["edges"]),
    )
)


# ---------------------------------------------------------------- octal and splitting games (chapters 8, 10)


def _octal_params(rng: random.Random) -> Params:
    code = (
        "0." + str(rng.randint(1, 7)) + str(rng.randint(1, 7)) + ("" if rng.random() < 0.6 else str(rng.randint(0, 7)))
    )
    return {"code": code, "n": rng.randint(8, 12)}


def _octal_rule(code: str) -> str:
    """The code's digits in words: digit j says whether taking j tokens may leave no heap, one or two."""
    parts = []
    for j, d in enumerate(code.partition(".")[2], 1):
        leave = [w for bit, w in ((1, "nothing"), (2, "one heap"), (4, "two heaps")) if int(d) & bit]
        if leave:
            parts.append(f"take {j} leaving {' or '.join(leave)}")
    return "; ".join(parts)


_add(
    Template(
        "octal-values",
        "Grundy values of an octal game",
        "ch-strips",
        "The periodicity theorem",
        "ints",
        "a list of integers, g(0) first",
        _octal_params,
        lambda p: (
            f"In the octal game {p['code']}, a move removes j tokens from one heap, where j and the way "
            f"are: {_octal_rule(p['code'])} (from the middle leaves two non-empty heaps). "
            f"Compute g(0), ..., g({p['n']})."
        ),
        lambda p: heap_values(octal(p["code"]), p["n"] + 1),
        lambda p: _value_steps(octal(p["code"]), p["n"]),
        lambda p, g: _first_wrong(
            _ints(g, length=p["n"] + 1), heap_values(octal(p["code"]), p["n"] + 1), octal(p["code"])
        ),
    )
)


def _sum_params(rng: random.Random) -> Params:
    return {"rows": _parts(rng, 1, 10, 20), "heap": rng.randint(1, 7)}


def _parts(rng: random.Random, low: int, high: int, total: int) -> list[int]:
    """Two or three heaps of low..high tokens, at most ``total`` in all (a sum a student tabulates by hand)."""
    while True:
        heaps = [rng.randint(low, high) for _ in range(rng.choice((2, 3, 3)))]
        if sum(heaps) <= total:
            return heaps


def _kayles_sum(p: Params) -> int:
    values = heap_values(kayles, 11)
    return reduce(xor, (values[r] for r in p["rows"]), p["heap"])


_add(
    Template(
        "kayles-sum",
        "The value of a sum: Kayles rows and a Nim heap",
        "ch-strips",
        "Kayles",
        "int",
        "an integer",
        _sum_params,
        lambda p: (
            f"A position is the sum of Kayles rows of {', '.join(map(str, p['rows']))} pins and a Nim heap "
            f"of {p['heap']}. What is its Grundy value?"
        ),
        _kayles_sum,
        lambda p: [
            *_value_steps(kayles, max(p["rows"]))[1:],
            "the sum's value is the XOR of its parts' values:",
            *_xor_lines([heap_values(kayles, 11)[r] for r in p["rows"]] + [p["heap"]]),
        ],
        lambda p, g: (
            None
            if _int(g) == _kayles_sum(p)
            else "that is not the XOR of the parts: find each row's Kayles value g(n) first, then XOR with the heap."
        ),
        lambda p: ("pins", p["rows"], p["heap"]),
    )
)


def _heap_game_sum(
    game: HeapGame, name: str, chapter: str, section: str, high: int, total: int, statement: str
) -> Template:
    def value(p: Params) -> int:
        values = heap_values(game, high + 1)
        return reduce(xor, (values[h] for h in p["heaps"]), 0)

    return Template(
        name,
        f"The value of a {statement} position",
        chapter,
        section,
        "int",
        "an integer",
        lambda rng: {"heaps": _parts(rng, 2, high, total)},
        lambda p: f"What is the Grundy value of the position {_text(p['heaps'])} of {statement}?",
        value,
        lambda p: [
            *_value_steps(game, max(p["heaps"])),
            "the position's value is the XOR of its heaps' values:",
            *_xor_lines([heap_values(game, high + 1)[h] for h in p["heaps"]]),
        ],
        lambda p, g: (
            None
            if _int(g) == value(p)
            else "that is not the XOR of the heaps' values: compute g(n) heap by heap with the mex first."
        ),
        lambda p: ("heaps", p["heaps"]),
    )


_add(_heap_game_sum(laskers_nim, "lasker-value", "ch-splitting", "Lasker's nim", 12, 22, "Lasker's nim"))
_add(_heap_game_sum(grundys_game, "grundys-game-value", "ch-splitting", "Grundy's game", 13, 24, "Grundy's game"))


# ---------------------------------------------------------------- moving coins, Wythoff (chapters 11, 14)


def _staircase_params(rng: random.Random) -> Params:
    while True:
        steps = [rng.randint(0, 4) for _ in range(rng.randint(4, 5))]
        if reduce(xor, steps[1::2], 0):
            return {"steps": steps}


def _staircase_moves(p: Params) -> list[list[int]]:
    steps = p["steps"]  # steps[i] coins on step i + 1
    total = reduce(xor, steps[1::2], 0)
    moves = []
    for i in range(1, len(steps)):
        for c in range(1, steps[i] + 1):
            after = list(steps)
            after[i] -= c
            after[i - 1] += c
            if reduce(xor, after[1::2], 0) == 0 and total:
                moves.append([i + 1, c])
    return moves


_add(
    Template(
        "staircase-winning-moves",
        "Every winning move in staircase nim",
        "ch-coins",
        "Staircase nim",
        "set",
        "a list of moves [step, coins], steps numbered from 1 (the lowest)",
        _staircase_params,
        lambda p: (
            "In staircase nim, a move takes one or more coins from a step down to the step below; step 1 is "
            "the ground, where coins stay. The steps 1, 2, ... hold "
            f"{', '.join(map(str, p['steps']))} coins. Find every winning move, as [step, coins moved]."
        ),
        _staircase_moves,
        lambda p: [
            "only the even steps count: their coins are Nim heaps ("
            + ", ".join(f"step {i + 1}: {c}" for i, c in enumerate(p["steps"]) if i % 2)
            + ")",
            *_xor_lines(p["steps"][1::2]),
            "a winning move makes that XOR 0: take from an even step as in Nim, or add to an even step from the "
            "step above",
            "every winning move [step, coins]: " + "; ".join(map(str, _staircase_moves(p))),
        ],
        lambda p, g: _judge_set(
            _tuples(g, 2, "moves [step, coins]"),
            {tuple(m) for m in _staircase_moves(p)},
            start="the staircase",
            not_legal=lambda m: (
                None
                if 2 <= m[0] <= len(p["steps"]) and 1 <= m[1] <= p["steps"][m[0] - 1]
                else f"{list(m)} is not a move: coins move from a step 2 to {len(p['steps'])} that holds that many."
            ),
            loses=lambda m: f"{list(m)} leaves the even steps with a non-zero XOR: the opponent wins.",
            what="winning move",
        ),
        lambda p: ("stairs", p["steps"]),
        "one winning move, as the step (from 1) and the number of coins moved, e.g. 4 2",
    )
)


def _window_params(rng: random.Random) -> Params:
    while True:
        x, y = rng.randint(0, 12), rng.randint(0, 12)
        w, h = rng.randint(4, 8), rng.randint(4, 8)
        p = {"x": [x, x + w - 1], "y": [y, y + h - 1]}
        if _window_p(p):
            return p


def _window_p(p: Params) -> list[list[int]]:
    return [
        [a, b]
        for a in range(p["x"][0], p["x"][1] + 1)
        for b in range(p["y"][0], p["y"][1] + 1)
        if wythoff.is_p_position((a, b))
    ]


_add(
    Template(
        "wythoff-p-positions",
        "Wythoff's P-positions",
        "ch-wythoff",
        "P-positions",
        "set",
        "a list of positions [x, y], in any order",
        _window_params,
        lambda p: (
            "In Wythoff's game a queen moves left, down or diagonally down-left towards (0, 0); who cannot "
            f"move loses. Find every P-position (x, y) with {p['x'][0]} <= x <= {p['x'][1]} and "
            f"{p['y'][0]} <= y <= {p['y'][1]}."
        ),
        _window_p,
        lambda p: [
            "the greedy table: a_n is the least number not yet used, b_n = a_n + n; "
            "P-positions (a_n, b_n) and (b_n, a_n):",
            "; ".join(f"n={n}: ({a}, {b})" for n, (a, b) in enumerate(wythoff.p_positions(16)) if a <= 30),
            "those in the window: " + "; ".join(_text(q) for q in _window_p(p)),
        ],
        lambda p, g: _judge_set(
            _tuples(g, 2, "positions [x, y]"),
            {tuple(q) for q in _window_p(p)},
            start="the window",
            not_legal=lambda q: (
                None
                if p["x"][0] <= q[0] <= p["x"][1] and p["y"][0] <= q[1] <= p["y"][1]
                else f"{_text(q)} is outside the window."
            ),
            loses=lambda q: f"{_text(q)} is an N-position: from it the queen can reach a P-position.",
            what="P-position",
        ),
        lambda p: ("queen", None, p),
        "one of these P-positions, as two numbers x y, e.g. 3 5",
    )
)


def _wythoff_moves(p: Params) -> list[list[int]]:
    return [list(q) for q in wythoff.winning_moves(tuple(p["position"]))]


def _wythoff_params(rng: random.Random) -> Params:
    if rng.random() < 0.1:  # sometimes a P-position: no winning move
        a, b = wythoff.p_positions(rng.randint(2, 10))[-1]
        return {"position": [a, b] if rng.random() < 0.5 else [b, a]}
    return {"position": [rng.randint(1, 30), rng.randint(1, 30)]}


_add(
    Template(
        "wythoff-winning-moves",
        "Every winning move in Wythoff's game",
        "ch-wythoff",
        "Winning moves",
        "set",
        "a list of positions [x, y] one queen move away, in any order; [] when there is none",
        _wythoff_params,
        lambda p: (
            f"In Wythoff's game, the queen stands at {_text(p['position'])}. Find every position one move "
            "away that is a P-position (the empty list if there is none)."
        ),
        _wythoff_moves,
        lambda p: [
            "P-positions: " + "; ".join(_text(q) for q in wythoff.p_positions(12)),
            "candidates: keep x and move y to x's partner; keep y and move x to y's partner; "
            "or move both down to the P-position with the same difference",
            "the winning moves: " + ("; ".join(_text(q) for q in _wythoff_moves(p)) or "none, a P-position"),
        ],
        lambda p, g: (
            _judge_set(
                _tuples(g, 2, "positions [x, y]"),
                {tuple(q) for q in _wythoff_moves(p)},
                start=_text(p["position"]),
                not_legal=lambda q: (
                    None
                    if wythoff.is_move(tuple(p["position"]), q)
                    else f"{_text(q)} is not one queen move from {_text(p['position'])}."
                ),
                loses=lambda q: f"{_text(q)} is an N-position: the opponent can move from it to a P-position.",
                what="winning move",
            )
            if _wythoff_moves(p) or _tuples(g, 2, "positions [x, y]")
            else None
        ),
        lambda p: ("queen", p["position"], None),
        "one winning move, as the position x y it leaves, e.g. 3 5 (or none)",
    )
)


# ---------------------------------------------------------------- coin turning, nim products (chapter 13)


def _coin_template(
    name: str, title: str, section: str, values: Callable[[int], list[int]], rule: str, last: int
) -> Template:
    def value(p: Params) -> int:
        table = values(16)
        return reduce(xor, (table[x - 1] for x in p["heads"]), 0)

    return Template(
        name,
        f"The value of a {title} position",
        "ch-coin-turning",
        section,
        "int",
        "an integer",
        lambda rng: {"heads": _sample(rng, 1, last, rng.randint(2, 5))},
        lambda p: (
            f"In {title}, {rule} A row of coins numbered from 1 shows heads at "
            f"{', '.join(map(str, p['heads']))}. What is its Grundy value?"
        ),
        value,
        lambda p: [
            "a row is the sum of its single heads: " + ", ".join(f"g({x}) = {values(16)[x - 1]}" for x in p["heads"]),
            *_xor_lines([values(16)[x - 1] for x in p["heads"]]),
        ],
        lambda p, g: (
            None
            if _int(g) == value(p)
            else "that is not the XOR of the single coins' values: find the value of a lone head at each place first."
        ),
        lambda p: ("coins", p["heads"], max(p["heads"])),
    )


_add(
    _coin_template(
        "mock-turtles-value",
        "Mock Turtles",
        "Mock Turtles",
        coins.mock_turtles,
        "a move turns one, two or three coins, the rightmost from heads to tails.",
        11,
    )
)
_add(
    _coin_template(
        "ruler-value",
        "Ruler",
        "The Ruler game",
        coins.ruler,
        "a move turns a run of consecutive coins, the rightmost from heads to tails.",
        12,
    )
)


def _nim_product_steps(p: Params) -> list[str]:
    a, b = p["a"], p["b"]
    lines = [f"{a} = " + " ⊕ ".join(str(1 << i) for i in range(a.bit_length()) if a >> i & 1)]
    lines.append(f"{b} = " + " ⊕ ".join(str(1 << i) for i in range(b.bit_length()) if b >> i & 1))
    terms = []
    for i in range(a.bit_length()):
        for j in range(b.bit_length()):
            if a >> i & 1 and b >> j & 1:
                x, y = 1 << i, 1 << j
                terms.append(coins.nim_product(x, y))
                lines.append(f"{x} ⊗ {y} = {coins.nim_product(x, y)}")
    lines.append("distribute and add with XOR: " + " ⊕ ".join(map(str, terms)) + f" = {coins.nim_product(a, b)}")
    return lines


_add(
    Template(
        "nim-product",
        "A nim-product",
        "ch-coin-turning",
        "Nim multiplication",
        "int",
        "an integer",
        lambda rng: {"a": rng.randint(2, 15), "b": rng.randint(2, 31)},
        lambda p: f"Compute the nim-product {p['a']} ⊗ {p['b']}.",
        lambda p: coins.nim_product(p["a"], p["b"]),
        _nim_product_steps,
        lambda p, g: (
            None
            if _int(g) == coins.nim_product(p["a"], p["b"])
            else (
                "that is the ordinary product: nim multiplication squares a Fermat 2-power F to 3F/2."
                if _int(g) == p["a"] * p["b"]
                else "that is not the nim-product: write both as sums of powers of 2 and multiply term by term."
            )
        ),
    )
)


# ---------------------------------------------------------------- Hackenbush (chapter 15)


def _tree_params(rng: random.Random) -> Params:
    edges = []
    vertices = [0]
    for v in range(1, rng.randint(6, 9) + 1):
        parent = rng.choice(vertices)
        edges.append([parent, v])
        vertices.append(v)
    return {"edges": edges}


def _tree_steps(p: Params) -> list[str]:
    lines = [
        "the colon principle, from the top: the branches at a vertex become one stalk, the XOR of 1 + their heights"
    ]
    for graph in hackenbush.colon_steps([tuple(e) for e in p["edges"]])[1:]:
        lines.append(f"after a collapse: {len(graph)} edges: " + " ".join(f"{u}-{v}" for u, v in graph))
    lines.append(f"a stalk of {hackenbush.tree_value([tuple(e) for e in p['edges']])}: the tree's value")
    return lines


_add(
    Template(
        "hackenbush-tree",
        "A Green Hackenbush tree",
        "ch-hackenbush",
        "Trees",
        "int",
        "an integer",
        _tree_params,
        lambda p: (
            "In Green Hackenbush a move cuts an edge; what no longer reaches the ground (vertex 0) falls. "
            "The tree drawn has the edges " + ", ".join(f"{u}-{v}" for u, v in p["edges"]) + ". What is its value?"
        ),
        lambda p: hackenbush.tree_value([tuple(e) for e in p["edges"]]),
        _tree_steps,
        lambda p, g: (
            None
            if _int(g) == hackenbush.tree_value([tuple(e) for e in p["edges"]])
            else "that is not the tree's value: collapse it from the top, replacing the branches at a vertex by one "
            "stalk of the XOR of their heights (each branch counts 1 + what stands on it)."
        ),
        lambda p: ("tree", p["edges"]),
    )
)


# ---------------------------------------------------------------- misère play beyond Nim (chapter 16)


@lru_cache(maxsize=1)
def _kayles_quotient():
    return quotient(kayles, KAYLES_QUOTIENT_BOUND)


def _misere_kayles(p: Params) -> str:
    return "P" if _kayles_quotient().is_p_position(p["rows"]) else "N"


def _quotient_steps(p: Params) -> list[str]:
    q = _kayles_quotient()
    names = [q.names[q.pretend[r]] for r in p["rows"]]
    element = q.element(p["rows"])
    return [
        "each row is an element: " + ", ".join(f"{r} -> {n}" for r, n in zip(p["rows"], names, strict=True)),
        f"their product in the quotient: {' · '.join(names)} = {q.names[element]}",
        f"the P-portion is {{{', '.join(q.names[e] for e in sorted(q.p_portion))}}}: "
        + (
            f"{q.names[element]} is in it, a misère P-position"
            if element in q.p_portion
            else f"{q.names[element]} is not, an N-position"
        ),
    ]


def _quotient_statement(p: Params) -> str:
    q = _kayles_quotient()
    return (
        f"Misère Kayles, rows of at most {q.bound} pins: the quotient's elements are "
        f"{', '.join(q.names)}, with the relations {q.presentation()}; a row of n pins is the element "
        + ", ".join(f"{n}: {q.names[e]}" for n, e in enumerate(q.pretend) if n)
        + f", and the P-portion is {{{', '.join(q.names[e] for e in sorted(q.p_portion))}}}. "
        f"Is the sum of rows {_text(p['rows'])} a misère P-position or an N-position? Answer P or N."
    )


_add(
    Template(
        "kayles-misere-outcome",
        "The misère outcome of a Kayles sum, through its quotient",
        "ch-misere-beyond",
        "Misère quotients",
        "word",
        "P or N",
        lambda rng: {"rows": [rng.randint(1, KAYLES_QUOTIENT_BOUND) for _ in range(rng.randint(3, 5))]},
        _quotient_statement,
        _misere_kayles,
        _quotient_steps,
        lambda p, g: (
            None
            if _word(g, ("P", "N")) == _misere_kayles(p)
            else "multiply the rows' elements in the quotient, reduce with the relations, then look the product up "
            "in the P-portion."
        ),
        lambda p: ("pins", p["rows"], 0),
    )
)


@lru_cache(maxsize=256)
def _genera(code: str, n: int) -> list[tuple[int, tuple[int, ...]]]:
    return genus(octal(code), n + 1)


def _genus(p: Params) -> list:
    g, gammas = _genera(p["code"], p["n"])[p["n"]]
    return [g, list(gammas)]


def _genus_steps(p: Params) -> list[str]:
    lines = [f"the genus g^(γ0 γ1 ...) of heaps 0..{p['n']}: g the normal value, γi the misère value with i extra *2"]
    for m, (g, gammas) in enumerate(_genera(p["code"], p["n"])):
        lines.append(f"heap {m}: {g}^({' '.join(map(str, gammas))})")
    return lines


def _genus_judge(p: Params, given: object) -> str | None:
    if not isinstance(given, list) or len(given) != 2:
        raise AnswerShape(f"the answer must be [g, [γ0, γ1, ...]], got {given!r:.60}")
    g, gammas = _int(given[0], "g"), _ints(given[1], "the list of γ")
    right_g, right_gammas = _genus(p)
    if g != right_g:
        return f"g is the normal-play Grundy value of the heap of {p['n']}: the mex of its options' values."
    if gammas != right_gammas:
        for i, (s, r) in enumerate(zip(gammas, right_gammas, strict=False)):
            if s != r:
                return f"γ{i} is the first wrong one: the misère Grundy value of the heap plus {i} copies of *2."
        return "list the γ's until they alternate between two values, and stop there (two after the last change)."
    return None


def _genus_params(rng: random.Random) -> Params:
    code = f"0.{rng.randint(1, 7)}{rng.randint(0, 7)}" + ("" if rng.random() < 0.5 else str(rng.randint(1, 7)))
    return {"code": code, "n": rng.randint(3, 8)}


_add(
    Template(
        "genus",
        "A genus",
        "ch-misere-beyond",
        "Conway's genus",
        "genus",
        "a list [g, [γ0, γ1, ...]] (the γ's until they alternate: two after the last change)",
        _genus_params,
        lambda p: (
            f"In the octal game {p['code']} ({_octal_rule(p['code'])}), find the genus of a heap of {p['n']}: "
            "its normal-play value g and γ0, γ1, ..., the misère values of the heap plus 0, 1, ... copies of *2."
        ),
        _genus,
        _genus_steps,
        _genus_judge,
    )
)


# ---------------------------------------------------------------- generation


@dataclass(frozen=True)
class Problem:
    """One generated problem: the template's name, its parameters and what nimlib computes from them."""

    template: str
    params: Params
    statement: str
    answer: object
    steps: list[str]
    diagram: tuple | None


def make_problem(name: str, seed: int) -> Problem:
    """Generate the problem of template ``name`` for ``seed`` (an int): same seed, same problem.

    >>> problem = make_problem("nim-product", 7)
    >>> problem == make_problem("nim-product", 7), sorted(problem.params)
    (True, ['a', 'b'])
    """
    template = TEMPLATES.get(name)
    if template is None:
        raise ValueError(f"unknown template {name!r}; the templates are: {', '.join(TEMPLATES)}")
    params = template.generate(random.Random(seed))
    return problem_from(name, params)


def problem_from(name: str, params: Params) -> Problem:
    """The problem of template ``name`` with these parameters (a key's params give back its problem)."""
    template = TEMPLATES[name]
    return Problem(
        name,
        params,
        template.statement(params),
        template.answer(params),
        template.steps(params),
        template.diagram(params),
    )


def judge(name: str, params: Params, given: object) -> str | None:
    """None when ``given`` is right for the problem, else what is wrong; AnswerShape for the wrong form."""
    template = TEMPLATES[name]
    try:
        return template.judge(params, given)
    except _Wrong as wrong:
        return str(wrong)
