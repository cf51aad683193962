"""Self-checks for the book's exercises: right or not yet, without giving the answer away.

``check(label, answer)`` judges a reader's answer to an exercise whose answer
the chapter already asserts. The right answer is computed from nimlib when
``check`` is called (no answer is stored here), the reader's answer is brought
to one shape first (a list or a tuple, any order where order does not matter),
and a wrong answer gets a diagnosis in the style of the puzzles: what the
reader's move or number does, never what the right one is. ``checks()`` lists
the labels with their questions. Every computation is fixed in advance,
whatever the answer (the largest are the engine chapter's: 20,000 heaps of
Grundy's game, 2^14 values of a game; a few seconds the first time, cached
after), so nothing here runs unbounded. The answer itself is read once, first,
into plain lists, tuples, sets, dicts, exact ints and short exact strs,
whatever object the reader passed: nested at most
``MAX_DEPTH`` deep, at most ``MAX_ITEMS`` items in one collection and
``MAX_TOTAL`` in all (counted as they are read, never trusting ``len()``),
numbers below 2**``MAX_INT_BITS``; an int subclass counts by its value, its
own methods unused, and an error raised by the reader's own objects is named
in one sentence. Messages describe the answer in at most 80 characters, built
piece by piece, never by ``repr()`` of the whole.

>>> from nimlib.selfcheck import check
>>> check("ex-bouton-1", {(2, 5, 6): [(0, 1)], (1, 2, 4, 8): [(0, 0)]})
Not yet: from (2, 5, 6), the move (0, 1) leaves (1, 5, 6), whose nim-sum is 2, not 0.
"""

from __future__ import annotations

import functools
import itertools
import numbers
import operator
import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass

from . import chomp as chomp_games
from . import coins, graph_games, hackenbush, moore, nim, search, wythoff
from .grundy import grundy_of_sum, grundy_value, heap_values
from .grundy import mex as mex_of
from .quotient import quotient
from .rulesets import kayles, laskers_nim, subtraction, trominoes
from .rulesets import octal as octal_game

__all__ = ["MAX_DEPTH", "MAX_INT_BITS", "MAX_ITEMS", "MAX_TOTAL", "Result", "check", "checks"]

# The longest collection read (a list of moves, values or positions): more is refused as it is read
MAX_ITEMS = 1000
# The deepest answer read: a dict of lists of moves is 4 levels to its numbers (dict, list, move, int)
MAX_DEPTH = 8
# Items read in all, over every collection (a list repeated by reference counts once per appearance)
MAX_TOTAL = 20_000
# Every number in an answer here is below 2**MAX_INT_BITS (Ex 2.4's heaps are near 10^30): a larger one is
# "too large", never printed
MAX_INT_BITS = 128
# A text answer (an octal code such as "0.37") is read as an exact str up to this length, else only described
MAX_TEXT = 200


@dataclass(frozen=True)
class Result:
    """The verdict on one answer: ``right``, and a diagnosis when it is not (which never holds the answer)."""

    label: str
    right: bool
    message: str = ""

    def __bool__(self) -> bool:
        return self.right

    def __str__(self) -> str:
        return "Right." if self.right else f"Not yet: {self.message}"

    __repr__ = __str__


class _Shape(Exception):
    """The answer has the wrong type or shape: ``check`` turns it into a TypeError naming what was expected."""


class _Wrong(Exception):
    """The answer has the right shape but an impossible value (a negative heap): ``check`` says Not yet."""


@dataclass(frozen=True)
class _Entry:
    question: str
    expects: str  # the answer's shape, in words
    example: str  # a placeholder answer in that shape (never the right one: a test checks)
    judge: Callable[[object], str | None]  # None when right, else the diagnosis


_ENTRIES: dict[str, _Entry] = {}


def _register(label: str, question: str, expects: str, example: str) -> Callable:
    def add(judge: Callable[[object], str | None]) -> Callable[[object], str | None]:
        _ENTRIES[label] = _Entry(question, expects, example, judge)
        return judge

    return add


def checks() -> dict[str, str]:
    """Every label ``check`` knows, with its question in one line.

    >>> "ex-misere-1" in checks()
    True
    """
    return {label: entry.question for label, entry in _ENTRIES.items()}


def check(label: str, answer: object) -> Result:
    """Say whether ``answer`` is right for the exercise ``label`` (see ``checks()``), without revealing it.

    Raises ``ValueError`` for a label with no self-check and ``TypeError`` for an answer of the wrong shape.

    >>> check("ex-moore-3", (1, 2, 3))
    Not yet: (1, 2, 3) has nim-sum 0: it is a P-position of Nim too.
    """
    if not issubclass(type(label), str):
        raise TypeError(f"label must be an exercise label (a str such as 'ex-misere-1'), got {_short(label)}")
    label = str.__getitem__(label, slice(None))  # an exact str: a subclass's __hash__ and __eq__ are not called
    entry = _ENTRIES.get(label)
    if entry is None:
        raise ValueError(f"no self-check for {_short(label)}; the labels with one are: {', '.join(_ENTRIES)}")
    try:
        message = entry.judge(_read(answer))
    except _Wrong as wrong:
        message = str(wrong)
    except _Shape as shape:
        raise TypeError(
            f"check({label!r}, answer) expects {entry.expects}, e.g. check({label!r}, {entry.example}); "
            f"{shape} (got {_short(answer)})"
        ) from None
    return Result(label, message is None, message or "")


# ---------------------------------------------------------------- reading answers


class _Opaque:
    """A part of an answer that is no number, None, collection or function: kept only as its short description."""

    __slots__ = ("text",)

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return self.text


def _type_name(value: object) -> str:
    """The name of ``value``'s type, read from the type itself (a metaclass cannot make it lie or raise)."""
    name = type.__dict__["__name__"].__get__(type(value), type)
    return name if len(name) <= 40 else name[:37] + "..."


def _too_large(bits: int) -> str:
    return f"an int of about {int(bits * 0.30103) + 1:,} digits"


class _Reader:
    """Reads an answer into plain data, bounded in depth and items, touching the reader's code as little as it can.

    Lists, tuples, sets and dicts (and their subclasses) are read through the built-in types' own iterators, so an
    overridden ``__iter__`` or ``__len__`` is never called; an int subclass is read by ``int.__index__`` (its value,
    not what its ``__eq__`` or ``__int__`` claim); bools stay bools (the judges refuse them as numbers). Only a
    Mapping that is not a dict and a number that is not an int (numpy's) run the reader's code: counted as they go.
    """

    def __init__(self) -> None:
        self.total = 0
        self.doing = "reading it"

    def read(self, value: object, depth: int) -> object:
        kind = type(value)
        if value is None or kind is bool:
            return value
        if issubclass(kind, int):
            return self.number(int.__index__(value))
        if issubclass(kind, str) and str.__len__(value) <= MAX_TEXT:
            return str.__getitem__(value, slice(None))  # an exact str: a subclass's methods are never called
        if issubclass(kind, (str, bytes, bytearray, float, complex)):
            return _Opaque(_short(value))
        if issubclass(kind, (list, tuple, set, frozenset, dict)):
            return self.collection(value, kind, depth)
        if callable(value):
            return value  # a function: the judge calls it and reads what it returns
        self.doing = f"checking what kind of object its {_type_name(value)} is"
        if issubclass(kind, Mapping):
            return self.collection(value, kind, depth)
        if issubclass(kind, numbers.Integral):
            self.doing = f"reading its {_type_name(value)} as an int (its __index__)"
            number = operator.index(value)
            return self.number(int.__index__(number))
        return _Opaque(_short(value))

    def number(self, number: int) -> int:
        if number.bit_length() > MAX_INT_BITS:
            raise _Wrong(
                f"your answer holds {_too_large(number.bit_length())}: too large to be right here "
                f"(every number in these answers is below 2^{MAX_INT_BITS})."
            )
        return number

    def collection(self, value: object, kind: type, depth: int) -> object:
        if depth >= MAX_DEPTH:
            raise _Shape(f"it is nested more than MAX_DEPTH={MAX_DEPTH} levels deep")
        name = _type_name(value)
        if issubclass(kind, dict):
            pairs: Iterable = dict.items(value)  # type: ignore[arg-type]
        elif issubclass(kind, Mapping):
            self.doing = f"iterating over its {name}'s items (its own items() or __iter__)"
            pairs = value.items()  # type: ignore[attr-defined]
        else:
            base = next(b for b in (list, tuple, frozenset, set) if issubclass(kind, b))
            pairs = base.__iter__(value)  # type: ignore[attr-defined]
        items = []
        for item in pairs:
            items.append(item)
            self.total += 1
            if len(items) > MAX_ITEMS:
                raise _Shape(f"one {name} in it has more than MAX_ITEMS={MAX_ITEMS} items")
            if self.total > MAX_TOTAL:
                raise _Shape(f"it has more than MAX_TOTAL={MAX_TOTAL:,} items in all (each appearance counted)")
        if issubclass(kind, Mapping):
            read = {}
            for key, item in items:
                read[_frozen(self.read(key, depth + 1))] = self.read(item, depth + 1)
            return read
        read_items = [self.read(item, depth + 1) for item in items]
        if issubclass(kind, (set, frozenset)):
            return (frozenset if issubclass(kind, frozenset) else set)(_frozen(x) for x in read_items)
        return read_items if issubclass(kind, list) else tuple(read_items)


def _frozen(value: object) -> object:
    """A read value as a set element or dict key: lists become tuples, sets frozensets, a dict an opaque one."""
    if isinstance(value, (list, tuple)):
        return tuple(_frozen(x) for x in value)
    if isinstance(value, set):
        return frozenset(_frozen(x) for x in value)
    if isinstance(value, dict):
        return _Opaque("{...}")
    return value


def _read(answer: object) -> object:
    """``answer`` as plain data (see ``_Reader``); ``_Shape`` naming an error the reader's own objects raised."""
    reader = _Reader()
    try:
        return reader.read(answer, 0)
    except (_Shape, _Wrong):
        raise
    except Exception as error:  # the reader's own code raised (an __iter__, __eq__, __hash__, __index__ ...)
        raise _Shape(f"its own code raised {_type_name(error)}{_error_text(error)} while {reader.doing}") from None


def _error_text(error: BaseException) -> str:
    """': message' when the error carries one plain short str, else nothing (its __str__ is never called)."""
    args = BaseException.__dict__["args"].__get__(error)
    if len(args) == 1 and type(args[0]) is str and args[0].strip():
        text = args[0].strip().splitlines()[0]
        return ": " + (text if len(text) <= 80 else text[:77] + "...")
    return ""


def _short(value: object, limit: int = 80) -> str:
    """At most ``limit`` characters describing ``value``, built piece by piece: never ``repr()`` of the whole.

    Built-in collections (and subclasses) are walked through the built-in iterators, numbers and strings through
    the built-in types' own methods; any other object is ``<its type's name>``. A huge int is "an int of about N
    digits", never its digits.
    """
    out: list[str] = []
    room = [limit + 1]

    class Full(Exception):
        pass

    def put(text: str) -> None:
        out.append(text[: room[0]])
        room[0] -= len(text)
        if room[0] <= 0:
            raise Full

    def walk(value: object) -> None:
        kind = type(value)
        if value is None or kind is bool:
            put(repr(value))
        elif issubclass(kind, int):
            number = int.__index__(value)
            put(str(number) if number.bit_length() <= 200 else f"<{_too_large(number.bit_length())}>")
        elif issubclass(kind, float):
            put(float.__repr__(value))
        elif issubclass(kind, str):
            put(str.__repr__(str.__getitem__(value, slice(0, limit))))
        elif issubclass(kind, (bytes, bytearray)):
            put(bytes.__repr__(bytes(memoryview(value)[:limit])))
        elif issubclass(kind, dict):
            put("{")
            for i, (key, item) in enumerate(dict.items(value)):
                put(", " if i else "")
                walk(key)
                put(": ")
                walk(item)
            put("}")
        elif issubclass(kind, (list, tuple, set, frozenset)):
            base = next(b for b in (list, tuple, frozenset, set) if issubclass(kind, b))
            opener, closer = {list: ("[", "]"), tuple: ("(", ")")}.get(base, ("{", "}"))
            count = 0
            for item in base.__iter__(value):
                put(", " if count else opener)
                walk(item)
                count += 1
            if not count:
                put({list: "[]", tuple: "()"}.get(base, f"{base.__name__}()"))
            else:
                put(",)" if base is tuple and count == 1 else closer)
        elif isinstance(value, _Opaque):
            put(value.text)
        else:
            put(f"<{_type_name(value)}>")

    try:
        walk(value)
    except Full:
        pass
    except Exception:  # an object that fought back (a memoryview refused): what was built so far
        out.append("...")
    text = "".join(out)
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _int(value: object, what: str) -> int:
    """A number of the answer (already read: an exact int or a bool); a bool is refused, never taken as 1 or 0."""
    if type(value) is bool:
        raise _Shape(f"{what} must be an int, not {value} (True and False are not numbers here: write 1 or 0)")
    if type(value) is not int:
        raise _Shape(f"{what} must be an int")
    return value


def _items(value: object, what: str) -> list:
    """A list, tuple or set, as a list (a string or a dict is not a collection of answers)."""
    if isinstance(value, (str, bytes, Mapping)) or not isinstance(value, (list, tuple, set, frozenset)):
        raise _Shape(f"{what} must be a list, tuple or set")
    if len(value) > MAX_ITEMS:
        raise _Shape(f"{what} has more than MAX_ITEMS={MAX_ITEMS} items")
    return list(value)


def _ints(value: object, what: str, length: int | None = None) -> tuple[int, ...]:
    items = _items(value, what)
    if isinstance(value, (set, frozenset)):
        raise _Shape(f"{what} must be a tuple or a list (its order matters)")
    if length is not None and len(items) != length:
        raise _Shape(f"{what} must have {length} entries")
    return tuple(_int(x, f"each entry of {what}") for x in items)


def _heaps(value: object, what: str = "a position") -> tuple[int, ...]:
    """A position of heaps, in the searcher's shape: sizes sorted, empty heaps dropped."""
    heaps = _ints(value, what)
    if any(h < 0 for h in heaps):
        raise _Wrong(f"{_text(heaps)} has a negative heap: heap sizes are 0 or more.")
    return tuple(sorted(h for h in heaps if h))


def _square(value: object) -> tuple[int, int]:
    """A position (x, y) of Wythoff's game."""
    square = _ints(value, "each position (x, y)", 2)
    if min(square) < 0:
        raise _Wrong(f"{_text(square)} has a negative heap: heap sizes are 0 or more.")
    return square  # type: ignore[return-value]


def _move(value: object, what: str = "a move") -> tuple[int, int]:
    return _ints(value, f"{what} (heap_index, new_size)", 2)  # type: ignore[return-value]


def _multi_move(value: object) -> tuple[tuple[int, int], ...]:
    """A Nim_k move: one pair (heap_index, new_size) or a tuple of them, as sorted pairs."""
    items = _items(value, "a move")
    if not items:
        raise _Shape("a move must change at least one heap")
    if not isinstance(items[0], (list, tuple)):
        return (_move(value),)
    return tuple(sorted(_move(pair, "each pair of a move") for pair in items))


def _mapping(value: object, keys: Iterable, read_key: Callable[[object], object]) -> dict:
    if not isinstance(value, Mapping):
        raise _Shape("the answer must be a dict")
    read = {read_key(k): v for k, v in value.items()}
    wanted = list(keys)
    if set(read) != set(wanted):
        raise _Shape(f"its keys must be exactly {', '.join(map(repr, wanted))}")
    return read


def _pair(value: object, what: str) -> tuple[object, object]:
    items = _items(value, what)
    if isinstance(value, (set, frozenset)) or len(items) != 2:
        raise _Shape(f"{what} must be a pair")
    return items[0], items[1]


def _function(value: object, what: str) -> Callable:
    if not callable(value):
        raise _Shape(f"{what} must be a function")
    return value


def _bool_or_error(function: Callable, *args: int) -> tuple[bool | None, str | None]:
    """Call the reader's rule; a bool result (True or False exactly) or what went wrong."""
    try:
        result = function(*args)
    except Exception as error:  # the reader's own code: report, do not crash the check
        return None, f"your function raised {_type_name(error)}{_error_text(error)}"
    if type(result) is not bool:
        return None, f"your function returned {_short(result)} for {args}, not True or False"
    return result, None


def _number_or_error(function: Callable, *args: int) -> tuple[int | None, str | None]:
    """Call the reader's formula; an int result or what went wrong."""
    try:
        result = function(*args)
    except Exception as error:  # the reader's own code: report, do not crash the check
        return None, f"your function raised {_type_name(error)}{_error_text(error)}"
    kind = type(result)
    if kind is bool:
        return None, f"your function returned {result} for {args}: True and False are not numbers here, return 1 or 0"
    if not (issubclass(kind, int) or _is_integral(kind)):
        return None, f"your function returned {_short(result)} for {args}, not an int"
    try:
        number = _Reader().read(result, 0)
    except _Wrong:
        return None, f"your function returned {_short(result)} for {args}: too large to be right here"
    except Exception as error:  # its __index__ raised
        return None, f"your function returned a {_type_name(result)} whose __index__ raised {_type_name(error)}"
    return number, None  # type: ignore[return-value]


def _is_integral(kind: type) -> bool:
    try:
        return issubclass(kind, numbers.Integral)
    except Exception:  # a class whose subclass check raises
        return False


def _text(position: tuple) -> str:
    return "(" + ", ".join(map(str, position)) + ("," if len(position) == 1 else "") + ")"


# ---------------------------------------------------------------- judging sets of moves


def _judge_set(given: set, right: set, *, start: str, not_legal: Callable, loses: Callable, what: str) -> str | None:
    """Every element of ``given`` must be legal and right, and none of ``right`` missing."""
    for item in sorted(given):
        problem = not_legal(item)
        if problem:
            return problem
        if item not in right:
            return loses(item)
    if given != right:
        if not given:
            return f"you found no {what}, but {start} has at least one."
        return f"each of your {what}s is right, but {start} has more: look again at every heap."
    return None


def _judge_positions(given: set, start: tuple, options: set, value: Callable[[tuple], int]) -> str | None:
    """A set of positions claimed to be the winning moves from ``start``: each an option of value 0, all of them."""
    return _judge_set(
        given,
        {p for p in options if value(p) == 0},
        start=_text(start),
        not_legal=lambda p: None if p in options else f"{_text(p)} is not one move away from {_text(start)}.",
        loses=lambda p: f"{_text(p)} has Grundy value {value(p)}, not 0.",
        what="winning move",
    )


def _nim_move_problem(position: tuple[int, ...], move: tuple[int, int]) -> str | None:
    i, b = move
    if not 0 <= i < len(position):
        return f"{move} names heap {i}, but {_text(position)} has heaps 0 to {len(position) - 1}."
    if not 0 <= b < position[i]:
        return f"{move} is not a move from {_text(position)}: heap {i} has {position[i]} stones and must shrink."
    return None


def _nim_sum_loses(position: tuple[int, ...]) -> Callable[[tuple[int, int]], str]:
    def loses(move: tuple[int, int]) -> str:
        after = nim.apply_move(position, move)
        return (
            f"from {_text(position)}, the move {move} leaves {_text(after)}, "
            f"whose nim-sum is {nim.nim_sum(after)}, not 0."
        )

    return loses


def _nim_moves_by_search(position: tuple[int, ...]) -> set[tuple[int, int]]:
    """The winning moves of Nim by exhaustive search (chapter 1 has no XOR yet)."""
    known: dict = {}
    winning = set()
    for move in nim.moves(position):
        after = nim.canonical(nim.apply_move(position, move))
        if search.solve(nim.successors, after, known=known)[after]:
            winning.add(move)
    return winning


def _dict_of_move_sets(answer: object, positions: list[tuple[int, ...]], *, by_search: bool) -> str | None:
    given = _mapping(answer, positions, lambda k: _ints(k, "each key (a position)"))
    for position in positions:
        moves = {_move(m) for m in _items(given[position], f"the moves from {_text(position)}")}
        right = _nim_moves_by_search(position) if by_search else set(nim.winning_moves(position))

        def loses(move: tuple[int, int], position: tuple[int, ...] = position) -> str:
            if by_search:
                after = nim.apply_move(position, move)
                return (
                    f"from {_text(position)}, the move {move} leaves {_text(after)}, from which the player to move "
                    "can still win: find their winning reply."
                )
            return _nim_sum_loses(position)(move)

        problem = _judge_set(
            moves,
            right,
            start=_text(position),
            not_legal=lambda m, position=position: _nim_move_problem(position, m),
            loses=loses,
            what="winning move",
        )
        if problem:
            return problem
    return None


def _count_message(what: str, hint: str) -> str:
    return f"that is not the number of {what}. {hint}"


# ---------------------------------------------------------------- 1 Playing Nim


@_register(
    "ex-playing-nim-3",
    "Every winning move from (2, 5, 6) and from (4, 4, 7), found with the searcher.",
    "a dict {position: list of moves (heap_index, new_size)}",
    "{(2, 5, 6): [(0, 1)], (4, 4, 7): [(2, 3)]}",
)
def _playing_nim_3(answer: object) -> str | None:
    return _dict_of_move_sets(answer, [(2, 5, 6), (4, 4, 7)], by_search=True)


@_register(
    "ex-playing-nim-7",
    "The number of ordered P-triples (a, b, c) with 0 <= a, b, c <= 7, and the c that completes (5, 6).",
    "a pair (count, c) of ints",
    "(100, 0)",
)
def _playing_nim_7(answer: object) -> str | None:
    count, c = (_int(x, "each entry") for x in _pair(answer, "the answer"))
    known: dict = {}

    def is_p(position: tuple[int, ...]) -> bool:
        key = nim.canonical(position)
        return search.solve(nim.successors, key, known=known)[key]

    triples = list(itertools.product(range(8), repeat=3))
    p_triples = [t for t in triples if is_p(t)]
    if count != len(p_triples):
        unordered = len({tuple(sorted(t)) for t in p_triples})
        hint = (
            "You counted each triple once in any order; the question counts ordered triples."
            if count == unordered
            else "Each pair (a, b) has exactly one partner c <= 7: how many pairs are there?"
        )
        return _count_message("ordered P-triples", hint)
    if not 0 <= c <= 7 or not is_p((5, 6, c)):
        return f"(5, 6, {c}) is an N-position: the searcher finds a winning move from it."
    return None


# ---------------------------------------------------------------- 2 Bouton's XOR rule


@_register(
    "ex-bouton-1",
    "Every winning move from (2, 5, 6) and from (1, 2, 4, 8).",
    "a dict {position: list of moves (heap_index, new_size)}",
    "{(2, 5, 6): [(0, 1)], (1, 2, 4, 8): [(0, 0)]}",
)
def _bouton_1(answer: object) -> str | None:
    return _dict_of_move_sets(answer, [(2, 5, 6), (1, 2, 4, 8)], by_search=False)


@_register(
    "ex-bouton-3",
    "The largest number of winning moves a position of n heaps can have, as a function of n (checked for n <= 5).",
    "a function of n, e.g. lambda n: ...",
    "lambda n: n + 1",
)
def _bouton_3(answer: object) -> str | None:
    rule = _function(answer, "the answer")
    for n in range(1, 6):
        most = max(len(nim.winning_moves(p)) for p in itertools.product(range(8), repeat=n))
        said, error = _number_or_error(rule, n)
        if error:
            return error
        if said != most:
            if said < most:
                return (
                    f"for n = {n} your rule says {said}, but some position of {n} heaps has more winning moves: "
                    "which heaps can hold the top bit of the nim-sum?"
                )
            return (
                f"for n = {n} your rule says {said}, but no position of {n} heaps has that many winning moves: "
                "what does the parity of n do to the heaps holding the top bit of the nim-sum?"
            )
    return None


@_register(
    "ex-bouton-6",
    "Among ordered (a, b, c, d) with 0 <= a, b, c, d <= 7: how many positions have k winning moves, for each k.",
    "a dict {k: number of positions with k winning moves}",
    "{0: 1000, 1: 1000, 2: 1000, 3: 1096}",
)
def _bouton_6(answer: object) -> str | None:
    if not isinstance(answer, Mapping):
        raise _Shape("the answer must be a dict")
    given = {_int(k, "each key"): _int(v, "each count") for k, v in answer.items()}
    given = {k: v for k, v in given.items() if v}
    counts: dict[int, int] = {}
    for p in itertools.product(range(8), repeat=4):
        n = len(nim.winning_moves(p))
        counts[n] = counts.get(n, 0) + 1
    if sum(given.values()) != 8**4:
        return f"your counts add up to {sum(given.values())}, but there are 8^4 = 4096 positions."
    for k in sorted(set(given) | set(counts)):
        if given.get(k, 0) != counts.get(k, 0):
            if k not in counts:
                return f"no position has exactly {k} winning moves: how many heaps can hold the nim-sum's top bit?"
            return f"the count of positions with {k} winning move{'s' if k != 1 else ''} is not right."
    return None


# ---------------------------------------------------------------- 3 Misère Nim


@_register(
    "ex-misere-1",
    "Every winning move from (1, 1, 1, 7) in misère play and in normal play.",
    "a pair (misère moves, normal moves), each a list of moves (heap_index, new_size)",
    "([(3, 2)], [(3, 2)])",
)
def _misere_1(answer: object) -> str | None:
    position = (1, 1, 1, 7)
    for misere, given in zip((True, False), _pair(answer, "the answer"), strict=True):
        moves = {_move(m) for m in _items(given, "each list of moves")}
        play = "misère" if misere else "normal"

        def loses(move: tuple[int, int], misere: bool = misere, play: str = play) -> str:
            after = nim.apply_move(position, move)
            return f"in {play} play, {move} leaves {_text(after)}, from which the player to move wins."

        problem = _judge_set(
            moves,
            set(nim.winning_moves(position, misere=misere)),
            start=f"{_text(position)} in {play} play",
            not_legal=lambda m: _nim_move_problem(position, m),
            loses=loses,
            what="winning move",
        )
        if problem:
            return problem
    return None


@_register(
    "ex-misere-5",
    "The positions of up to four heaps of at most 7 whose misère and normal outcomes differ.",
    "a list of positions (tuples of heap sizes; order and empty heaps do not matter)",
    "[(1, 2), (2, 2)]",
)
def _misere_5(answer: object) -> str | None:
    given = {_heaps(p) for p in _items(answer, "the answer")}
    normal: dict = {}
    misere: dict = {}
    positions = [nim.canonical(p) for p in nim.positions_up_to(4, 7)]
    differ = {
        p
        for p in positions
        if search.solve(nim.successors, p, known=normal)[p]
        != search.solve(nim.successors, p, misere=True, known=misere)[p]
    }
    for p in sorted(given):
        if len(p) > 4 or any(h > 7 for h in p):
            return f"{_text(p)} is outside the range: at most four heaps of at most 7."
        if p not in differ:
            kind = "a P-position" if search.solve(nim.successors, p, known=normal)[p] else "an N-position"
            return f"{_text(p)} is {kind} in both conventions."
    if given != differ:
        return "every position you listed differs, but there are more: look at the smallest positions."
    return None


# ---------------------------------------------------------------- 4 Moore's Nim_k


def _moore_judge(position: tuple[int, ...], ks: Iterable[int], answer: object, *, misere: bool) -> str | None:
    """A dict {k: a winning move, or None when the player to move loses}."""
    ks = list(ks)
    given = _mapping(answer, ks, lambda k: _int(k, "each key (k)"))
    play = "misère " if misere else ""
    for k in ks:
        move = given[k]
        winner = moore.winning_move(position, k, misere=misere)
        if move is None:
            if winner is not None:
                return f"in {play}Nim_{k}, {_text(position)} is not lost: the player to move has a winning move."
            continue
        move = _multi_move(move)
        try:
            after = moore.apply_move(position, move, k)
        except ValueError as error:
            return f"in {play}Nim_{k}, {move} is not a move from {_text(position)}: {error}."
        if not moore.is_p_position(after, k, misere=misere):
            return f"in {play}Nim_{k}, {move} leaves {_text(after)}, from which the player to move wins."
    return None


@_register(
    "ex-moore-1",
    "From (1, 1, 1): a winning move in Nim_2 and in Nim_3 (None where the player to move loses).",
    "a dict {k: a move, a tuple of (heap_index, new_size) pairs, or None}",
    "{2: ((0, 0),), 3: None}",
)
def _moore_1(answer: object) -> str | None:
    return _moore_judge((1, 1, 1), (2, 3), answer, misere=False)


@_register(
    "ex-moore-3",
    "A position of three heaps that is a P-position of Nim_2 but an N-position of Nim.",
    "a position (a tuple of three heap sizes)",
    "(1, 2, 3)",
)
def _moore_3(answer: object) -> str | None:
    position = _ints(answer, "the position", 3)
    if any(h < 0 for h in position):
        return "heap sizes are non-negative."
    if nim.nim_sum(position) == 0:
        return f"{_text(position)} has nim-sum 0: it is a P-position of Nim too."
    if not moore.is_p_position(position, 2):
        sums = moore.column_sums(position, 2)
        return f"{_text(position)} is an N-position of Nim_2: its column sums mod 3 are {sums}, not all 0."
    return None


@_register(
    "ex-moore-5",
    "The number of ordered triples (a, b, c) with 0 <= a, b, c <= 7 that are P-positions of Nim_2, and of Nim.",
    "a pair (count in Nim_2, count in Nim) of ints",
    "(0, 0)",
)
def _moore_5(answer: object) -> str | None:
    nim2, nim1 = (_int(x, "each count") for x in _pair(answer, "the answer"))
    triples = list(itertools.product(range(8), repeat=3))
    if nim2 != sum(moore.is_p_position(t, 2) for t in triples):
        return _count_message("P-positions of Nim_2", "With k + 1 = 3 heaps, which triples are P-positions?")
    if nim1 != sum(moore.is_p_position(t, 1) for t in triples):
        return _count_message("P-positions of Nim", "Each pair (a, b) has exactly one partner c = a xor b.")
    return None


@_register(
    "ex-moore-6",
    "For k = 1, ..., 5, the number of P-positions of Nim_k among the 330 positions of up to four heaps of at most 7.",
    "a dict {k: count} for k = 1, ..., 5",
    "{1: 0, 2: 0, 3: 0, 4: 0, 5: 0}",
)
def _moore_6(answer: object) -> str | None:
    given = _mapping(answer, range(1, 6), lambda k: _int(k, "each key (k)"))
    positions = nim.positions_up_to(4, 7)
    for k in range(1, 6):
        if _int(given[k], "each count") != sum(moore.is_p_position(p, k) for p in positions):
            return _count_message(f"P-positions of Nim_{k}", "Count the positions whose column sums are 0 mod k + 1.")
    return None


# ---------------------------------------------------------------- 5 Misère Nim_k


@_register(
    "ex-misere-moore-1",
    "From (1, 1, 1, 1): a winning move in misère Nim_2 and in misère Nim_3 (None where the player to move loses).",
    "a dict {k: a move, a tuple of (heap_index, new_size) pairs, or None}",
    "{2: ((0, 0),), 3: ((0, 0),)}",
)
def _misere_moore_1(answer: object) -> str | None:
    return _moore_judge((1, 1, 1, 1), (2, 3), answer, misere=True)


@_register(
    "ex-misere-moore-4",
    "Every winning move from (2, 1, 1) in misère Nim_3.",
    "a list of moves, each a tuple of (heap_index, new_size) pairs",
    "[((0, 0),)]",
)
def _misere_moore_4(answer: object) -> str | None:
    position, k = (2, 1, 1), 3
    given = {_multi_move(m) for m in _items(answer, "the answer")}
    right = {
        tuple(sorted(m))
        for m in moore.moves(position, k)
        if moore.is_p_position(moore.apply_move(position, m, k), k, misere=True)
    }

    def not_legal(move: tuple) -> str | None:
        try:
            moore.apply_move(position, move, k)
        except ValueError as error:
            return f"{move} is not a move of Nim_3 from {_text(position)}: {error}."
        return None

    def loses(move: tuple) -> str:
        after = moore.apply_move(position, move, k)
        return f"{move} leaves {_text(after)}, from which the player to move wins misère Nim_3."

    return _judge_set(given, right, start=_text(position), not_legal=not_legal, loses=loses, what="winning move")


# ---------------------------------------------------------------- 6 The Sprague–Grundy theorem


@_register(
    "ex-sg-1",
    "The Grundy values g(0), ..., g(14) of the subtraction game S(1, 3, 4).",
    "a list of 15 ints",
    "[0] * 15",
)
def _sg_1(answer: object) -> str | None:
    given = _ints(answer, "the list of values", 15)
    values = heap_values(subtraction({1, 3, 4}), 15)
    for n, (said, value) in enumerate(zip(given, values, strict=True)):
        if said != value:
            options = ", ".join(str(n - t) for t in (1, 3, 4) if t <= n) or "none"
            return f"g({n}) is the first wrong value: the options of a heap of {n} are {options}; take the mex."
    return None


@_register(
    "ex-sg-6",
    "The Grundy value of the Kayles rows (3, 5, 8), and every position a winning move leaves.",
    "a pair (value, list of positions), a position being a tuple of row lengths",
    "(0, [(3, 5, 7)])",
)
def _sg_6(answer: object) -> str | None:
    value, after = _pair(answer, "the answer")
    value = _int(value, "the value")
    given = {_heaps(p) for p in _items(after, "the list of positions")}
    start = (3, 5, 8)
    known: dict = {}
    if value != grundy_value(kayles, start, known=known):
        return "that is not G(3, 5, 8): by the sum theorem it is the XOR of the three rows' values."
    return _judge_positions(given, start, set(kayles.options(start)), lambda p: grundy_value(kayles, p, known=known))


@_register(
    "ex-sg-7",
    "The shortest Kayles row equivalent to a Nim heap of 6, and the shortest equivalent to an S(1, 2, 3) heap of 7.",
    "a pair (length, length) of ints",
    "(1, 1)",
)
def _sg_7(answer: object) -> str | None:
    first, second = (_int(x, "each length") for x in _pair(answer, "the answer"))
    values = heap_values(kayles, 12)
    targets = (6, heap_values(subtraction({1, 2, 3}), 8)[7])
    for said, target, what in zip(
        (first, second), targets, ("a Nim heap of 6", "an S(1, 2, 3) heap of 7"), strict=True
    ):
        if not 0 <= said < len(values) or values[said] != target:
            return f"a Kayles row of {said} pins is not equivalent to {what}: compare their Grundy values."
        if values.index(target) != said:
            return f"a Kayles row of {said} pins is equivalent to {what}, but a shorter row is too."
    return None


def _divisor_options(n: int) -> list[int]:
    """The divisor game of the exercise: a heap of n may lose any divisor d < n of n."""
    return [n - d for d in range(1, n) if n % d == 0]


@_register(
    "ex-sg-9",
    "Every winning move of the divisor game from the heaps 12, 40 and 96, as (heap, what it leaves).",
    "a list of pairs (heap, new heap)",
    "[(12, 11)]",
)
def _sg_9(answer: object) -> str | None:
    heaps = (12, 40, 96)
    given = {_ints(m, "each move (heap, new heap)", 2) for m in _items(answer, "the answer")}
    known: dict = {}
    values = {h: grundy_value(_divisor_options, h, known=known) for h in heaps}
    total = grundy_of_sum(values.values())
    right = {
        (h, o) for h in heaps for o in _divisor_options(h) if total ^ values[h] ^ grundy_value(_divisor_options, o) == 0
    }

    def not_legal(move: tuple) -> str | None:
        h, o = move
        if h not in heaps:
            return f"there is no heap of {h}: the heaps are 12, 40 and 96."
        if o not in _divisor_options(h):
            return f"a heap of {h} cannot become {o}: it loses a divisor d < {h} of {h}."
        return None

    def loses(move: tuple) -> str:
        h, o = move
        return f"({h} to {o}) leaves a heap of value {grundy_value(_divisor_options, o)}: the sum's XOR is not 0."

    return _judge_set(given, right, start="(12, 40, 96)", not_legal=not_legal, loses=loses, what="winning move")


# ---------------------------------------------------------------- 8 Games on strips


@_register(
    "ex-strips-1",
    "A winning first move in Kayles on a row of 12 pins, as the rows it leaves.",
    "a position (a tuple of row lengths)",
    "(11,)",
)
def _strips_1(answer: object) -> str | None:
    after = _heaps(answer, "the position")
    if after not in set(kayles.options((12,))):
        return f"{_text(after)} is not one move away from a row of 12 (knock down one pin or two neighbours)."
    value = grundy_value(kayles, after)
    if value:
        return f"{_text(after)} has Grundy value {value}, not 0: the second player would win from it."
    return None


# ---------------------------------------------------------------- 9 Subtraction games and their periods


def _window_period(values: list[int], k: int) -> tuple[int, int] | None:
    """(preperiod, period) from the first window of k values seen twice (a window decides what follows)."""
    first_seen: dict[tuple[int, ...], int] = {}
    for i in range(len(values) - k + 1):
        window = tuple(values[i : i + k])
        if window in first_seen:
            return first_seen[window], i - first_seen[window]
        first_seen[window] = i
    return None


def _period_judge(allowed: set[int], answer: object) -> str | None:
    preperiod, period = (_int(x, "each entry") for x in _pair(answer, "the answer"))
    values = heap_values(subtraction(allowed), 400)
    right = _window_period(values, max(allowed))
    if right is None:  # pragma: no cover - the exercises' sets repeat within 400 values
        raise RuntimeError(f"no period found for {sorted(allowed)} within 400 values")
    if period < 1 or preperiod < 0 or any(values[n + period] != values[n] for n in range(preperiod, 400 - period)):
        return f"g(n + {period}) = g(n) fails for some n >= {preperiod}: list the values further."
    if (preperiod, period) != right:
        return "the values do repeat like that, but not with the least preperiod and the least period."
    return None


@_register(
    "ex-subtraction-periods-1",
    "The preperiod and the period of the subtraction game A = {2, 5, 6}.",
    "a pair (preperiod, period) of ints",
    "(1, 1)",
)
def _subtraction_periods_1(answer: object) -> str | None:
    return _period_judge({2, 5, 6}, answer)


@_register(
    "ex-subtraction-periods-3",
    "The preperiod and the period of the subtraction game A = {2, 6, 8}.",
    "a pair (preperiod, period) of ints",
    "(1, 1)",
)
def _subtraction_periods_3(answer: object) -> str | None:
    return _period_judge({2, 6, 8}, answer)


@_register(
    "ex-subtraction-periods-7",
    "A winning move from heaps of 20 in A = {1, 3, 4}, in A = {2, 5, 6} and in the all-but game E = {1}: "
    "(heap_index, new_size), heap 0, 1 or 2.",
    "a move (heap_index, new_size)",
    "(0, 19)",
)
def _subtraction_periods_7(answer: object) -> str | None:
    i, b = _move(answer)
    # The all-but game E = {1} on heaps of at most 20 is the subtraction game {2, ..., 20}
    games = [subtraction({1, 3, 4}), subtraction({2, 5, 6}), subtraction(range(2, 21))]
    values = [heap_values(g, 21) for g in games]
    if not 0 <= i <= 2:
        return f"there are three heaps, 0, 1 and 2, not {i}."
    leaves = {p[0] if p else 0 for p in games[i].options((20,))}
    if b not in leaves:
        return f"heap {i} cannot go from 20 to {b} in its game."
    after = [values[j][20] for j in range(3)]
    after[i] = values[i][b]
    if grundy_of_sum(after):
        return f"({i}, {b}) leaves Grundy values {tuple(after)}, whose XOR is {grundy_of_sum(after)}, not 0."
    return None


# ---------------------------------------------------------------- 10 Splitting games


def _lasker_options(position: tuple[int, ...]) -> set[tuple[int, ...]]:
    return {tuple(sorted(p)) for p in laskers_nim.options(position)}


def _lasker_value(position: tuple[int, ...]) -> int:
    values = heap_values(laskers_nim, max(position, default=0) + 1)
    return grundy_of_sum(values[h] for h in position)


@_register(
    "ex-split-1",
    "A winning move of Lasker's nim from (3, 5, 7), as the heaps it leaves.",
    "a position (a tuple of heap sizes)",
    "(3, 5, 6)",
)
def _split_1(answer: object) -> str | None:
    start, after = (3, 5, 7), _heaps(answer, "the position")
    if after not in _lasker_options(start):
        return f"{_text(after)} is not one move away from {_text(start)} (take from one heap, or split one in two)."
    if _lasker_value(after):
        return f"{_text(after)} has Grundy value {_lasker_value(after)}, not 0."
    return None


@_register(
    "ex-split-4",
    "Every winning move of Lasker's nim from (2, 3, 4), splits included, as the heaps each leaves.",
    "a list of positions (tuples of heap sizes)",
    "[(2, 3, 3)]",
)
def _split_4(answer: object) -> str | None:
    start = (2, 3, 4)
    given = {_heaps(p) for p in _items(answer, "the answer")}
    return _judge_positions(given, start, set(_lasker_options(start)), _lasker_value)


@_register(
    "ex-split-6",
    "Every n <= 40 for which the second player wins trominoes on a 2 x n board.",
    "a list of ints",
    "[2, 3]",
)
def _split_6(answer: object) -> str | None:
    given = {_int(n, "each n") for n in _items(answer, "the answer")}
    values = heap_values(trominoes, 81)
    right = {n for n in range(1, 41) if values[2 * n] == 0}
    return _judge_set(
        given,
        right,
        start="the boards up to 2 x 40",
        not_legal=lambda n: None if 1 <= n <= 40 else f"{n} is outside 1, ..., 40.",
        loses=lambda n: f"on a 2 x {n} board the first player wins (the heap of {2 * n} has a non-zero value).",
        what="board",
    )


# ---------------------------------------------------------------- 13 Coin turning


def _turning_judge(game: coins.TurningGame, row: tuple[int, ...], answer: object) -> str | None:
    move = tuple(sorted(_ints(answer, "the move (the places turned)"), reverse=True))
    legal = {tuple(sorted(m, reverse=True)) for m in game.moves(row)}
    if move not in legal:
        return (
            f"turning the coins at places {move} is not a move of {game.name} from {coins.row_text(row)} "
            "(the rightmost coin turned must go from heads to tails)."
        )
    after = game.apply(row, next(m for m in game.moves(row) if tuple(sorted(m, reverse=True)) == move))
    value = grundy_value(game.options, after)
    if value:
        return f"that move leaves {coins.row_text(after)}, of value {value}, not 0."
    return None


@_register(
    "ex-coin-turning-1",
    "A winning move in Mock Turtles from HTHHTTH (places 1 to 7), as the places it turns.",
    "a tuple of places",
    "(7,)",
)
def _coin_turning_1(answer: object) -> str | None:
    return _turning_judge(coins.MockTurtles(7), (1, 0, 1, 1, 0, 0, 1), answer)


@_register(
    "ex-coin-turning-2",
    "A winning move in the Ruler game from a row of 12 heads, as the places it turns.",
    "a tuple of places",
    "(12,)",
)
def _coin_turning_2(answer: object) -> str | None:
    return _turning_judge(coins.Ruler(12), (1,) * 12, answer)


@_register("ex-coin-turning-4", "The nim product 8 ⊗ 8.", "an int", "64")
def _coin_turning_4(answer: object) -> str | None:
    said = _int(answer, "the product")
    if said != coins.nim_product(8, 8):
        return (
            f"{said} is not 8 ⊗ 8. Write 8 = 2 ⊗ 4 (distinct Fermat 2-powers multiply like ordinary numbers) "
            "and use 4 ⊗ 4 = 6 and 2 ⊗ 2 = 3."
        )
    return None


@_register(
    "ex-coin-turning-5",
    "The square roots, in nim multiplication, of 0, 1, ..., 15: the r with r ⊗ r = a, for each a.",
    "a list of 16 ints, the root of a at index a",
    "list(range(16))",
)
def _coin_turning_5(answer: object) -> str | None:
    roots = _ints(answer, "the list of roots", 16)
    for a, r in enumerate(roots):
        if not 0 <= r < 16:
            return f"the root you gave for {a}, {r}, is outside the field {{0, ..., 15}}."
        if coins.nim_product(r, r) != a:
            return f"{r} ⊗ {r} = {coins.nim_product(r, r)}, not {a}."
    return None


@_register(
    "ex-coin-turning-7",
    "The value of the 8 x 8 board of Rugs with every coin heads.",
    "an int",
    "64",
)
def _coin_turning_7(answer: object) -> str | None:
    said = _int(answer, "the value")
    gray = 8 ^ (8 // 2)
    if said != coins.nim_product(gray, gray):
        return "that is not γ(8) ⊗ γ(8): find the Gray code γ(8) = 8 xor 4 first, then its nim square."
    return None


# ---------------------------------------------------------------- 14 Wythoff's game


@_register(
    "ex-wythoff-1",
    "Every winning move in Wythoff's game from (10, 16), as the squares it leaves.",
    "a list of positions (x, y)",
    "[(10, 10)]",
)
def _wythoff_1(answer: object) -> str | None:
    start = (10, 16)
    given = {_square(p) for p in _items(answer, "the answer")}
    return _judge_set(
        given,
        set(wythoff.winning_moves(start)),
        start=_text(start),
        not_legal=lambda p: (
            None
            if wythoff.is_move(start, p)
            else f"{_text(p)} is not one queen's move from {_text(start)} (left, down or diagonally, towards (0, 0))."
        ),
        loses=lambda p: f"{_text(p)} is not a P-position: its smaller heap is not the lower number of its pair.",
        what="winning move",
    )


@_register(
    "ex-wythoff-4",
    "The position (x, y) with x < y and the smallest x + y that has three winning moves.",
    "a position (x, y)",
    "(0, 1)",
)
def _wythoff_4(answer: object) -> str | None:
    x, y = _square(answer)
    if not 0 <= x < y:
        return "the question asks for x < y."
    count = len(wythoff.winning_moves((x, y)))
    if count != 3:
        return f"({x}, {y}) has {count} winning move{'s' if count != 1 else ''}, not 3."
    right = min(
        ((a, b) for a in range(60) for b in range(a + 1, 60) if len(wythoff.winning_moves((a, b))) == 3),
        key=lambda p: (p[0] + p[1], p[0]),
    )
    if (x, y) != right:
        return f"({x}, {y}) has three winning moves, but it is not the one with the smallest x + y."
    return None


@_register(
    "ex-wythoff-5",
    "The squares (x, y) with x, y < 30 that are P-positions of misère Wythoff but not of normal Wythoff.",
    "a list of positions (x, y)",
    "[(1, 1)]",
)
def _wythoff_5(answer: object) -> str | None:
    given = {_square(p) for p in _items(answer, "the answer")}
    game = wythoff.Wythoff()
    known: dict = {}
    squares = [(x, y) for x in range(30) for y in range(30)]
    right = {
        s
        for s in squares
        if search.solve(game.options, s, misere=True, known=known)[s] and not wythoff.is_p_position(s)
    }

    def loses(square: tuple) -> str:
        if wythoff.is_p_position(square):
            return f"{_text(square)} is a P-position of normal Wythoff."
        return f"{_text(square)} is an N-position of misère Wythoff: the searcher finds a winning move."

    return _judge_set(
        given,
        right,
        start="the board below 30",
        not_legal=lambda s: None if all(0 <= v < 30 for v in s) else f"{_text(s)} is outside the board below 30.",
        loses=loses,
        what="square",
    )


# ---------------------------------------------------------------- 15 Green Hackenbush


@_register(
    "ex-hackenbush-2",
    "The value of the tree: one edge from the ground to v, and at v three single edges and a stalk of two edges.",
    "an int",
    "6",
)
def _hackenbush_2(answer: object) -> str | None:
    said = _int(answer, "the value")
    if said != hackenbush.value([(0, 1), (1, 2), (1, 3), (1, 4), (1, 5), (5, 6)]):
        return "that is not the tree's value: replace the branches at v by one stalk (the colon principle), then add 1."
    return None


@_register(
    "ex-hackenbush-3",
    "The value of a ring of n edges through the ground with a stalk of m edges on another of its vertices, "
    "as a function of n and m (checked for 2 <= n <= 6, 0 <= m <= 4).",
    "a function of n and m, e.g. lambda n, m: ...",
    "lambda n, m: n + m",
)
def _hackenbush_3(answer: object) -> str | None:
    rule = _function(answer, "the answer")
    for n in range(2, 7):
        ring = [(i, i + 1) for i in range(n - 1)] + [(n - 1, 0)]
        for m in range(5):
            path = [1, *range(n, n + m)]
            picture = ring + list(itertools.pairwise(path))
            said, error = _number_or_error(rule, n, m)
            if error:
                return error
            if said != hackenbush.value(picture):
                return f"your formula gives {said} for n = {n}, m = {m}, and the picture is worth something else."
    return None


# ---------------------------------------------------------------- 16 Misère play beyond Nim


@_register(
    "ex-misere-beyond-3",
    "A winning move in misère Kayles from rows of 2 and 5 pins, as the rows it leaves.",
    "a position (a tuple of row lengths)",
    "(5,)",
)
def _misere_beyond_3(answer: object) -> str | None:
    start, after = (2, 5), _heaps(answer, "the position")
    if after not in set(kayles.options(start)):
        return f"{_text(after)} is not one move away from {_text(start)}."
    if not search.solve(kayles.successors, after, misere=True)[after]:
        return f"{_text(after)} is an N-position of misère Kayles: the player to move wins from it."
    return None


@_register(
    "ex-misere-beyond-6",
    "The number of elements of the misère quotient of Nim on heaps of 1, 2 and 3.",
    "an int",
    "3",
)
def _misere_beyond_6(answer: object) -> str | None:
    from .rulesets import nim as nim_heaps  # the heap game, not the nim module

    said = _int(answer, "the number of elements")
    if said != quotient(nim_heaps, 3).order:
        return "that is not the quotient's size: count the elements of quotient(nim, 3), heaps of at most 3."
    return None


# ---------------------------------------------------------------- more self-checks (issue 36: at least 80 in all)
# Each judge computes its answer from nimlib when called; a wrong answer's diagnosis says what the reader's
# answer does, never what the right one is.


def _wrong_number(said: int, right: int, what: str, hint: str) -> str | None:
    """None when ``said`` is ``right``; else a diagnosis that names neither."""
    if said == right:
        return None
    return f"that is not {what}. {hint}"


def _first_wrong(given: tuple[int, ...], right: list[int], name: str, hint: str) -> str | None:
    """The first index where a list of values goes wrong (the reader's value shown, not the right one)."""
    for n, (said, value) in enumerate(zip(given, right, strict=True)):
        if said != value:
            return f"{name}({n}) = {said} is the first wrong value: {hint}"
    return None


def _int_set(answer: object, what: str) -> set[int]:
    return {_int(x, f"each entry of {what}") for x in _items(answer, what)}


def _set_judge(given: set, right: set, start: str, what: str, outside: Callable, not_it: Callable) -> str | None:
    return _judge_set(given, right, start=start, not_legal=outside, loses=not_it, what=what)


# ---- 2 Bouton's XOR rule


@_register(
    "ex-bouton-4",
    "A winning move from (10^30, 10^30 + 1), as (heap_index, new_size).",
    "a move (heap_index, new_size)",
    "(0, 0)",
)
def _bouton_4(answer: object) -> str | None:
    position = (10**30, 10**30 + 1)
    move = _move(answer)
    problem = _nim_move_problem(position, move)
    if problem:
        return problem
    after = nim.apply_move(position, move)
    if nim.nim_sum(after):
        return f"the move {move} leaves two heaps that differ, so their nim-sum is not 0."
    return None


@_register(
    "ex-bouton-5",
    "A position that is not a P-position although no heap is larger than all the others together.",
    "a position (a tuple of heap sizes)",
    "(1, 1)",
)
def _bouton_5(answer: object) -> str | None:
    position = _heaps(answer, "the position")
    if any(2 * h > sum(position) for h in position):
        return f"in {_text(position)} a heap is larger than all the others together."
    if nim.nim_sum(position) == 0:
        return f"{_text(position)} has nim-sum 0: it is a P-position."
    return None


# ---- 3 Misère Nim


@_register(
    "ex-misere-2",
    "Misère Nim on a single heap of a, for a = 1, ..., 7: the size a winning move leaves, or None where the player "
    "to move loses.",
    "a dict {a: new size or None} for a = 1, ..., 7",
    "{1: 0, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1, 7: 1}",
)
def _misere_2(answer: object) -> str | None:
    given = _mapping(answer, range(1, 8), lambda a: _int(a, "each key (a)"))
    for a in range(1, 8):
        said = given[a]
        lost = nim.is_p_position((a,), misere=True)
        if said is None:
            if not lost:
                return f"a single heap of {a} is not lost in misère play: the player to move has a winning move."
            continue
        said = _int(said, "each new size")
        if not 0 <= said < a:
            return f"a heap of {a} cannot become {said}: a move takes at least one stone."
        if not nim.is_p_position((said,), misere=True):
            return f"from a heap of {a}, leaving {said} lets the player to move win misère Nim."
    return None


@_register(
    "ex-misere-6",
    "Whether the player to move wins misère Nim from n equal heaps of a >= 2, as a function of n and a "
    "(True for a win; checked for n <= 4, 2 <= a <= 7).",
    "a function of n and a, e.g. lambda n, a: ...",
    "lambda n, a: True",
)
def _misere_6(answer: object) -> str | None:
    rule = _function(answer, "the answer")
    for n in range(1, 5):
        for a in range(2, 8):
            said, problem = _bool_or_error(rule, n, a)
            if problem:
                return problem
            if said == nim.is_p_position((a,) * n, misere=True):
                return f"for {n} heaps of {a} your function says the player to move {'wins' if said else 'loses'}."
    return None


# ---- 4 Moore's Nim_k


@_register(
    "ex-moore-4",
    "Whether n equal heaps of a >= 1 form a P-position of Nim_k, as a function of n and k "
    "(True for P; checked for n <= 4, a <= 7, k <= 3).",
    "a function of n and k, e.g. lambda n, k: ...",
    "lambda n, k: n % 2 == 0",
)
def _moore_4(answer: object) -> str | None:
    rule = _function(answer, "the answer")
    for k in range(1, 4):
        for n in range(1, 5):
            said, problem = _bool_or_error(rule, n, k)
            if problem:
                return problem
            for a in range(1, 8):
                if said != moore.is_p_position((a,) * n, k):
                    kind = "P" if said else "N"
                    return f"for n = {n}, k = {k} your function says {kind}, but {n} heaps of {a} are not."
    return None


@_register(
    "ex-moore-7",
    "The move that the proof of the lemma builds from (4, 2, 1) in Nim_2, as (heap_index, new_size) pairs.",
    "a move: a tuple of (heap_index, new_size) pairs",
    "((0, 0),)",
)
def _moore_7(answer: object) -> str | None:
    position, k = (4, 2, 1), 2
    move = _multi_move(answer)
    try:
        after = moore.apply_move(position, move, k)
    except ValueError as error:
        return f"{move} is not a move of Nim_2 from (4, 2, 1): {error}."
    if not moore.is_p_position(after, k):
        return f"{move} leaves {_text(after)}, whose column sums mod 3 are {moore.column_sums(after, k)}, not all 0."
    return None


# ---- 5 Misère Nim_k


def _misere_moore_differences(k: int) -> list[tuple[int, ...]]:
    """Positions of up to five heaps of at most 7 whose misère winning move differs from Moore's normal one."""
    return [
        p
        for p in nim.positions_up_to(5, 7)
        if moore.winning_move(p, k, misere=True) not in (None, moore.winning_move(p, k))
    ]


@_register(
    "ex-misere-moore-3",
    "For k = 2: how many positions of up to five heaps of at most 7 have a misère winning move different from "
    "Moore's normal one.",
    "an int",
    "0",
)
def _misere_moore_3(answer: object) -> str | None:
    said = _int(answer, "the count")
    return _wrong_number(
        said,
        len(_misere_moore_differences(2)),
        "the number of such positions",
        "Count the N-positions p where moore.winning_move(p, 2, misere=True) is not moore.winning_move(p, 2); "
        "single heaps count too.",
    )


def _exact_successors(position: tuple[int, ...], k: int = 2):
    """The variant of the exercise: a move reduces exactly min(k, number of non-empty heaps) heaps."""
    live = [i for i, h in enumerate(position) if h]
    if not live:
        return
    for chosen in itertools.combinations(live, min(k, len(live))):
        for sizes in itertools.product(*(range(position[i]) for i in chosen)):
            new = list(position)
            for i, b in zip(chosen, sizes, strict=True):
                new[i] = b
            yield tuple(sorted(h for h in new if h))


@_register(
    "ex-misere-moore-7",
    "The positions of at most three heaps of at most 3 where the exactly-min(k, heaps) variant (k = 2, misère) "
    "disagrees with the criterion of misère Nim_2.",
    "a list of positions (tuples of heap sizes)",
    "[(1,)]",
)
def _misere_moore_7(answer: object) -> str | None:
    given = {_heaps(p) for p in _items(answer, "the answer")}
    known: dict = {}

    def variant_p(p: tuple[int, ...]) -> bool:
        return search.solve(_exact_successors, p, misere=True, known=known)[p]

    positions = {nim.canonical(p) for p in nim.positions_up_to(3, 3)}
    right = {p for p in positions if variant_p(p) != moore.is_p_position(p, 2, misere=True)}

    def agrees(p: tuple) -> str:
        kind = "a P-position" if variant_p(p) else "an N-position"
        return f"{_text(p)} is {kind} of the variant and of the criterion alike."

    return _set_judge(
        given,
        right,
        "the positions of at most three heaps of at most 3",
        "position",
        lambda p: None if p in positions else f"{_text(p)} is outside the range: at most three heaps of at most 3.",
        agrees,
    )


@_register(
    "ex-misere-moore-6",
    "The largest difference between the numbers of heaps the misère winning move and Moore's move change, "
    "over positions of up to five heaps of at most 7, for k = 2 and for k = 3.",
    "a pair (difference for k = 2, difference for k = 3) of ints",
    "(0, 0)",
)
def _misere_moore_6(answer: object) -> str | None:
    said = [_int(x, "each difference") for x in _pair(answer, "the answer")]
    for k, value in zip((2, 3), said, strict=True):
        pairs = [(moore.winning_move(p, k, misere=True), moore.winning_move(p, k)) for p in nim.positions_up_to(5, 7)]
        largest = max(len(m) - len(n) for m, n in pairs if m is not None and n is not None)
        if value != largest:
            return f"for k = {k}, {value} is not the largest difference: compare the two moves' numbers of heaps."
    return None


# ---- 6 The Sprague–Grundy theorem (ex-sg-2 moved here from the chapter 6 block: it now judges the move too)


def _sg2_parts() -> list[tuple[str, object, Callable, int]]:
    """The three parts of Ex 6.2: (name, start, options as part-positions, value function)."""
    kayles_values = heap_values(kayles, 8)
    s123 = heap_values(subtraction({1, 2, 3}), 11)
    return [
        ("the Nim heap of 5", 5, lambda: set(range(5)), lambda x: x),
        (
            "the Kayles row of 7",
            (7,),
            lambda: set(kayles.options((7,))),
            lambda x: grundy_of_sum(kayles_values[h] for h in x),
        ),
        ("the S(1, 2, 3) heap of 10", 10, lambda: {10 - t for t in (1, 2, 3)}, lambda x: s123[x]),
    ]


@_register(
    "ex-sg-2",
    "The Grundy value of the sum of a Nim heap of 5, a Kayles row of 7 pins and an S(1, 2, 3) heap of 10, "
    "and the winning move, as (part, what the part becomes): part 0, 1 or 2.",
    "a pair (value, move): move = (part, new heap) for parts 0 and 2, (1, a tuple of rows) for the Kayles part",
    "(4, (2, 9))",
)
def _sg_2_with_move(answer: object) -> str | None:
    value, move = _pair(answer, "the answer")
    value = _int(value, "the value")
    part, after = _pair(move, "the move")
    part = _int(part, "the part")
    parts = _sg2_parts()
    values = [p[3](p[1]) for p in parts]
    if value != grundy_of_sum(values):
        return "that is not the XOR of the three values: find g(7) of Kayles and g(10) of S(1, 2, 3) first."
    if not 0 <= part <= 2:
        return f"there are three parts, 0, 1 and 2, not {part}."
    name, _, options, worth = parts[part]
    after = _heaps(after, "the rows left") if part == 1 else _int(after, "the new heap")
    if after not in options():
        shown = _text(after) if part == 1 else str(after)
        return f"{name} cannot become {shown} in one move."
    values[part] = worth(after)
    if grundy_of_sum(values):
        return (
            f"that move leaves parts of values {tuple(values)}, whose XOR is {grundy_of_sum(values)}, not 0: "
            "which part can reach the value the other two XOR to?"
        )
    return None


# ---- 7 Chips on graphs


def _chapter_7_graph() -> dict[int, tuple[int, ...]]:
    from .tables import CHAPTER_7_GRAPH

    return dict(CHAPTER_7_GRAPH)


def _chip_move_judge(answer: object, chips: tuple[int, ...], *, annihilation: bool) -> str | None:
    """A move (from, to) of one chip along an edge of the chapter's graph, leaving value 0."""
    from .tables import vertex_values

    graph = _chapter_7_graph()
    values = vertex_values(graph)
    start, end = (_int(x, "each vertex") for x in _pair(answer, "the move"))
    if start not in chips:
        return f"no chip lies on {start}: the chips are on {', '.join(map(str, chips))}."
    if end not in graph.get(start, ()):
        return f"there is no edge from {start} to {end} on the graph."
    left = list(chips)
    left.remove(start)
    if annihilation and end in left:
        left.remove(end)
    else:
        left.append(end)
    total = grundy_of_sum(values[v] for v in left)
    if total:
        return f"moving the chip from {start} to {end} leaves chips whose values XOR to {total}, not 0."
    return None


@_register(
    "ex-graphs-1",
    "On the chapter's graph with chips on 0 and 7: the winning move, as (from, to).",
    "a move (from_vertex, to_vertex)",
    "(7, 6)",
)
def _graphs_1(answer: object) -> str | None:
    return _chip_move_judge(answer, (0, 7), annihilation=False)


@_register(
    "ex-graphs-3",
    "On the chapter's graph with annihilation and chips on 1, 2 and 4: the winning move, as (from, to).",
    "a move (from_vertex, to_vertex)",
    "(2, 5)",
)
def _graphs_3(answer: object) -> str | None:
    return _chip_move_judge(answer, (1, 2, 4), annihilation=True)


@_register(
    "ex-graphs-5",
    "Among the 1024 DAGs on the vertices 0, ..., 4 with edges from larger to smaller: how many give vertex 4 "
    "each Grundy value.",
    "a dict {value: number of DAGs}",
    "{0: 1024}",
)
def _graphs_5(answer: object) -> str | None:
    from .tables import vertex_values

    if not isinstance(answer, Mapping):
        raise _Shape("the answer must be a dict")
    given = {_int(k, "each key"): _int(v, "each count") for k, v in answer.items()}
    given = {k: v for k, v in given.items() if v}
    pairs = [(i, j) for i in range(5) for j in range(i)]
    counts: dict[int, int] = {}
    for bits in range(1 << len(pairs)):
        chosen = [pairs[t] for t in range(len(pairs)) if bits >> t & 1]
        value = vertex_values({v: tuple(j for i, j in chosen if i == v) for v in range(5)})[4]
        counts[value] = counts.get(value, 0) + 1
    if sum(given.values()) != 1 << len(pairs):
        return f"your counts add up to {sum(given.values())}, but there are 2^10 = 1024 DAGs."
    for k in sorted(set(given) | set(counts)):
        if given.get(k, 0) != counts.get(k, 0):
            if k not in counts:
                return f"no DAG gives vertex 4 the value {k}: a vertex's value is at most its number of successors."
            return f"the number of DAGs giving vertex 4 the value {k} is not right."
    return None


def _remoteness(graph: Mapping[int, tuple[int, ...]]) -> dict[int, int]:
    known: dict[int, int] = {}

    def r(v: int) -> int:
        if v not in known:
            after = [r(w) for w in graph.get(v, ())]
            even = [x for x in after if x % 2 == 0]
            known[v] = 0 if not after else 1 + (min(even) if even else max(after))
        return known[v]

    return {v: r(v) for v in sorted(graph)}


@_register(
    "ex-graphs-7",
    "The remotenesses R(0), ..., R(7) of the vertices of the chapter's graph.",
    "a list of 8 ints",
    "[0] * 8",
)
def _graphs_7(answer: object) -> str | None:
    given = _ints(answer, "the list of remotenesses", 8)
    graph = _chapter_7_graph()
    right = _remoteness(graph)
    for v, said in enumerate(given):
        if said != right[v]:
            return (
                f"R({v}) = {said} is the first wrong one: the successors of {v} are "
                f"{', '.join(map(str, graph[v])) or 'none'}; is one of them of even remoteness?"
            )
    return None


# ---- 8 Games on strips


@_register(
    "ex-strips-8",
    "The Grundy values g(0), ..., g(6) of crosses.",
    "a list of 7 ints",
    "[0] * 7",
)
def _strips_8(answer: object) -> str | None:
    from .rulesets import crosses

    given = _ints(answer, "the list of values", 7)
    return _first_wrong(
        given, heap_values(crosses, 7), "g", "list the strips each cross leaves and take the mex of their XORs."
    )


@_register(
    "ex-strips-4",
    "Dawson's chess on 5 columns: the column (1 to 5) of the pawn White advances to win.",
    "an int",
    "1",
)
def _strips_4(answer: object) -> str | None:
    from .rulesets import crosses

    column = _int(answer, "the column")
    if not 1 <= column <= 5:
        return f"there are columns 1 to 5, not {column}."
    values = heap_values(crosses, 6)
    left, right = max(0, column - 2), max(0, 5 - column - 1)
    if values[left] ^ values[right]:
        return (
            f"advancing in column {column} is a cross on cell {column}: it leaves strips of {left} and {right} cells, "
            f"of values {values[left]} and {values[right]}, whose XOR is not 0."
        )
    return None


@_register(
    "ex-strips-2",
    "The octal code of the game: take one token if it is the whole heap, or take two and leave nothing, "
    "one heap or two heaps.",
    'a str, the code such as "0.xy"',
    '"0.37"',
)
def _strips_2(answer: object) -> str | None:
    if not isinstance(answer, str):
        raise _Shape('the answer must be a str such as "0.xy"')
    # The digit for taking j tokens adds 2^h for each number h of heaps it may leave
    leaves = {1: [0], 2: [0, 1, 2]}
    right = "0." + "".join(str(sum(1 << h for h in leaves[j])) for j in sorted(leaves))
    said = answer.strip()
    if not re.fullmatch(r"0?\.[0-7]+", said):
        return f"{answer!r} is not an octal code: 0. followed by one digit 0 to 7 for each number of tokens taken."
    digits = said.split(".")[1].rstrip("0")
    for j, (mine, theirs) in enumerate(itertools.zip_longest(digits, right[2:], fillvalue="0"), 1):
        if mine != theirs:
            tokens = f"{j} token{'s' if j > 1 else ''}"
            return f"the digit for taking {tokens} is wrong: add 1, 2 and 4 for leaving 0, 1 and 2 heaps."
    return None


@_register(
    "ex-strips-3",
    "The number of values the periodicity theorem's certificate needs for S(1, 2, 3), octal 0.333.",
    "an int",
    "12",
)
def _strips_3(answer: object) -> str | None:
    from .engine.periodicity import find_period

    return _wrong_number(
        _int(answer, "the number"),
        find_period(octal_game("0.333")).needed,
        "the number of values the certificate needs",
        "The theorem checks g(n + p) = g(n) for n0 <= n < 2 n0 + p + t: count the values it reads, from g(0).",
    )


@_register(
    "ex-strips-7",
    "The strip lengths 3 <= n < 40 on which the second player wins treblecross.",
    "a list of ints",
    "[3]",
)
def _strips_7(answer: object) -> str | None:
    from .rulesets import crosses_2

    given = _int_set(answer, "the answer")
    values = heap_values(crosses_2, 40)
    right = {n for n in range(3, 40) if values[n] == 0}
    return _set_judge(
        given,
        right,
        "the strips from 3 to 39",
        "length",
        lambda n: None if 3 <= n < 40 else f"{n} is outside 3, ..., 39.",
        lambda n: f"on a strip of {n} the first player wins (its value is not 0).",
    )


@_register(
    "ex-strips-6",
    "Every n for which the second player wins Dawson's Kayles: the exceptions, and the residues mod the period "
    "that hold from the preperiod on.",
    "a pair (list of exceptional n, list of residues)",
    "([0], [5])",
)
def _strips_6(answer: object) -> str | None:
    from .engine.periodicity import find_period
    from .rulesets import dawsons_kayles

    exceptions, residues = (_int_set(x, "each list") for x in _pair(answer, "the answer"))
    found = find_period(dawsons_kayles)
    start, period = found.preperiod, found.period
    values = heap_values(dawsons_kayles, start + 2 * period)
    zeros = [n for n in range(len(values)) if values[n] == 0]
    right_residues = {n % period for n in zeros if n >= start}
    right_exceptions = {n for n in zeros if n % period not in right_residues}
    problem = _set_judge(
        residues,
        right_residues,
        f"the residues mod {period}",
        "residue",
        lambda r: None if 0 <= r < period else f"{r} is not a residue mod {period}.",
        lambda r: f"a row of n pins with n mod {period} = {r}, n >= {start}, is an N-position.",
    )
    if problem:
        return problem
    return _set_judge(
        exceptions,
        right_exceptions,
        "the rows below the preperiod",
        "exception",
        lambda n: None if n >= 0 else f"{n} is not a number of pins.",
        lambda n: (
            f"the row of {n} pins is not an exception: its residue is in your list."
            if n % period in right_residues
            else f"the row of {n} pins is an N-position."
        ),
    )


# ---- 10 Splitting games


@_register(
    "ex-split-2",
    "Grundy's game: whether a heap of 7 is a P-position, and all its options.",
    "a pair (True or False, list of options, each a tuple of heaps)",
    "(False, [(1, 6)])",
)
def _split_2(answer: object) -> str | None:
    from .rulesets import grundys_game

    is_p, options = _pair(answer, "the answer")
    if not isinstance(is_p, bool):
        raise _Shape("the first entry must be True or False")
    given = {_heaps(p) for p in _items(options, "the list of options")}
    right = {tuple(sorted(p)) for p in grundys_game.options((7,))}
    problem = _set_judge(
        given,
        right,
        "a heap of 7",
        "option",
        lambda p: (
            None
            if p in right
            else f"{_text(p)} is not an option of a heap of 7: split it into two unequal non-empty heaps."
        ),
        lambda p: "",
    )
    if problem:
        return problem
    if is_p != (grundy_value(grundys_game, (7,)) == 0):
        return "the options are right, but not the verdict: take the mex of their values."
    return None


@_register(
    "ex-split-8",
    "Grundy's game with equal splits allowed: the value of a heap of n, as a function of n (checked for n <= 30).",
    "a function of n, e.g. lambda n: ...",
    "lambda n: n % 2",
)
def _split_8(answer: object) -> str | None:
    rule = _function(answer, "the answer")
    values = [0, 0]
    for n in range(2, 31):
        values.append(mex_of({values[a] ^ values[n - a] for a in range(1, n // 2 + 1)}))
    for n in range(1, 31):
        said, error = _number_or_error(rule, n)
        if error:
            return error
        if said != values[n]:
            return f"your formula gives {said} for a heap of {n}, and the mex of its splits is something else."
    return None


# ---- 11 Moving coins


def _staircase_p(steps: tuple[int, ...]) -> bool:
    """Staircase nim by search: coins move from step i + 1 (index i >= 1) down one step."""

    def successors(position: tuple[int, ...]):
        for i in range(1, len(position)):
            for c in range(1, position[i] + 1):
                new = list(position)
                new[i] -= c
                new[i - 1] += c
                yield tuple(new)

    return search.solve(successors, steps)[steps]


@_register(
    "ex-coins-1",
    "Staircase nim from (0, 3, 9, 3) on steps 1 to 4: whether the player to move wins, and a winning move "
    "(step, coins moved down one step), or None if there is none.",
    "a pair (True or False, a move (step, number of coins) or None)",
    "(True, (3, 1))",
)
def _coins_1(answer: object) -> str | None:
    steps = (0, 3, 9, 3)
    wins, move = _pair(answer, "the answer")
    if not isinstance(wins, bool):
        raise _Shape("the first entry must be True or False")
    if wins == _staircase_p(steps):
        return "that is not who wins: compare the coins on the even steps."
    if move is None:
        return None if not wins else "you say the player to move wins: give the winning move."
    if not wins:
        return "you say the player to move loses, so there is no winning move to give: answer None."
    step, count = _move(move, "a move (step, coins)")
    if not 2 <= step <= 4:
        return f"coins move down from steps 2 to 4, not from step {step}."
    if not 1 <= count <= steps[step - 1]:
        return f"step {step} holds {steps[step - 1]} coins: you cannot move {count}."
    after = list(steps)
    after[step - 1] -= count
    after[step - 2] += count
    if not _staircase_p(tuple(after)):
        return f"that leaves {_text(tuple(after))}, from which the player to move wins: the even steps do not balance."
    return None


def _nimble_judge(coins_at: tuple[int, ...], answer: object, *, no_jumps: bool) -> str | None:
    """A move (from_cell, to_cell) sliding one coin left, judged by search over the coins' positions."""

    def successors(position: tuple[int, ...]):
        for k, cell in enumerate(position):
            low = position[k - 1] + 1 if no_jumps and k else 0
            for target in range(low, cell):
                yield tuple(sorted((*position[:k], target, *position[k + 1 :])))

    start, end = (_int(x, "each cell") for x in _pair(answer, "the move"))
    if start not in coins_at:
        return f"no coin lies on cell {start}: the coins are on {', '.join(map(str, coins_at))}."
    k = coins_at.index(start)
    low = coins_at[k - 1] + 1 if no_jumps and k else 0
    if not low <= end < start:
        why = "it may not pass or land on another coin" if no_jumps else "it slides left"
        return f"the coin on {start} cannot go to {end}: {why}."
    after = tuple(sorted((*coins_at[:k], end, *coins_at[k + 1 :])))
    if not search.solve(successors, after)[after]:
        return f"that leaves coins on {', '.join(map(str, after))}, from which the player to move wins."
    return None


@_register(
    "ex-coins-4",
    "Nimble with coins on cells 1, 4, 4, 6 and 9: a winning move, as (from cell, to cell).",
    "a move (from_cell, to_cell)",
    "(9, 8)",
)
def _coins_4(answer: object) -> str | None:
    return _nimble_judge((1, 4, 4, 6, 9), answer, no_jumps=False)


@_register(
    "ex-coins-2",
    "Nimble-2 with coins on cells 2, 5 and 9: the winning move, as (from cell, to cell).",
    "a move (from_cell, to_cell)",
    "(5, 4)",
)
def _coins_2(answer: object) -> str | None:
    return _nimble_judge((2, 5, 9), answer, no_jumps=True)


@_register(
    "ex-coins-6",
    "The number of P-positions of Nimble-2 with exactly three coins on a strip of 9 cells.",
    "an int",
    "84",
)
def _coins_6(answer: object) -> str | None:
    from .boards import Nimble

    board = Nimble(length=9, no_jumps=True)
    count = sum(board.grundy(c) == 0 for c in itertools.combinations(range(9), 3))
    return _wrong_number(
        _int(answer, "the count"),
        count,
        "the number of P-positions",
        "Of the 84 positions, count those whose gaps (the 1st and 3rd from the right) have nim-sum 0.",
    )


# ---- 12 Turning games


@_register(
    "ex-turning-1",
    "A winning move in turning turtles from THTTHHT (places 1 to 7), as the places it turns.",
    "a tuple of places",
    "(6,)",
)
def _turning_1(answer: object) -> str | None:
    return _turning_judge(coins.TurningTurtles(7), (0, 1, 0, 0, 1, 1, 0), answer)


@_register(
    "ex-turning-3",
    "Every winning move in turning turtles from THTHHHH (places 1 to 7), each as the places it turns.",
    "a list of moves, each a tuple of places",
    "[(2,)]",
)
def _turning_3(answer: object) -> str | None:
    game, row = coins.TurningTurtles(7), (0, 1, 0, 1, 1, 1, 1)
    given = {
        tuple(sorted(_ints(m, "each move (the places turned)"), reverse=True)) for m in _items(answer, "the answer")
    }
    right = set()
    for m in game.moves(row):
        if game.grundy(game.apply(row, m)) == 0:
            right.add(tuple(sorted(m, reverse=True)))
    return _set_judge(
        given,
        right,
        "THTHHHH",
        "winning move",
        lambda m: None if _turning_judge(game, row, m) is None or m in right else _turning_judge(game, row, m),
        lambda m: _turning_judge(game, row, m) or "",
    )


@_register(
    "ex-turning-4",
    "The n <= 12 for which the row of n heads is a P-position of turning turtles, and of twins.",
    "a pair (list of n for turning turtles, list of n for twins)",
    "([3], [4])",
)
def _turning_4(answer: object) -> str | None:
    turtles_n, twins_n = (_int_set(x, "each list") for x in _pair(answer, "the answer"))
    for name, given, game in (
        ("turning turtles", turtles_n, coins.TurningTurtles),
        ("twins", twins_n, coins.Twins),
    ):
        right = {n for n in range(1, 13) if game(n).grundy((1,) * n) == 0}
        problem = _set_judge(
            given,
            right,
            f"{name} up to 12 coins",
            "length",
            lambda n: None if 1 <= n <= 12 else f"{n} is outside 1, ..., 12.",
            lambda n, name=name: f"in {name}, the row of {n} heads is an N-position: the XOR of its places is not 0.",
        )
        if problem:
            return problem
    return None


@_register(
    "ex-turning-5",
    "The numbers of P-positions among the 2^10 rows of 10 coins, in turning turtles and in twins.",
    "a pair (count in turning turtles, count in twins) of ints",
    "(512, 512)",
)
def _turning_5(answer: object) -> str | None:
    said = [_int(x, "each count") for x in _pair(answer, "the answer")]
    rows = list(itertools.product((0, 1), repeat=10))
    for name, game, value in zip(
        ("turning turtles", "twins"), (coins.TurningTurtles(10), coins.Twins(10)), said, strict=True
    ):
        if value != sum(game.grundy(r) == 0 for r in rows):
            return _count_message(f"P-positions of {name}", "Count the rows whose heads' places XOR to 0.")
    return None


# ---- 13 Coin turning


@_register(
    "ex-coin-turning-9",
    "Every winning move in the Ruler game from HHHTH (places 1 to 5), each as the places it turns.",
    "a list of moves, each a tuple of places",
    "[(5,)]",
)
def _coin_turning_9(answer: object) -> str | None:
    game, row = coins.Ruler(5), (1, 1, 1, 0, 1)
    given = {
        tuple(sorted(_ints(m, "each move (the places turned)"), reverse=True)) for m in _items(answer, "the answer")
    }
    right = {tuple(sorted(m, reverse=True)) for m in game.moves(row) if game.grundy(game.apply(row, m)) == 0}
    return _set_judge(given, right, "HHHTH", "winning move", lambda m: _turning_judge(game, row, m), lambda m: "")


@_register(
    "ex-coin-turning-10",
    "Turning Corners on a 3 by 3 board with heads at (2, 2) and (3, 3): the winning move, as the four cells it turns.",
    "a list of four cells (row, column)",
    "[(1, 1), (1, 3), (3, 1), (3, 3)]",
)
def _coin_turning_10(answer: object) -> str | None:
    game = coins.TurningCorners(3, 3)
    board = frozenset({(2, 2), (3, 3)})
    cells = frozenset(_ints(c, "each cell (row, column)", 2) for c in _items(answer, "the answer"))
    for move in game.moves(board):
        after = game.apply(board, move)
        if board.symmetric_difference(after) == cells:
            value = game.grundy(after)
            return None if value == 0 else f"turning those cells leaves a board of value {value}, not 0."
    return (
        "those cells are not the corners of a move: a rectangle's four corners, "
        "the far corner (largest row and column) showing heads."
    )


def _acrostic_successors(board: frozenset):
    for i, j in board:
        for other in [(i, b) for b in range(1, j)] + [(a, j) for a in range(1, i)]:
            yield board.symmetric_difference({(i, j), other})


@_register(
    "ex-coin-turning-6",
    "Acrostic Twins: the value of a lone coin at (i, j), as a function of i and j (checked on the 5 by 5 board).",
    "a function of i and j, e.g. lambda i, j: ...",
    "lambda i, j: i + j",
)
def _coin_turning_6(answer: object) -> str | None:
    rule = _function(answer, "the answer")
    known: dict = {}
    for i in range(1, 6):
        for j in range(1, 6):
            said, error = _number_or_error(rule, i, j)
            if error:
                return error
            if said != grundy_value(_acrostic_successors, frozenset({(i, j)}), known=known):
                return f"your formula gives {said} for the coin at ({i}, {j}), and the mex of its options differs."
    return None


@functools.lru_cache(maxsize=2)
def _single_coin_values(k: int) -> tuple[int, ...]:
    """The values of single coins at places 1 to 40 when a move turns at most k coins (kept for the session)."""
    return tuple(coins.single_coin_values(_at_most(k), 40))


def _at_most(k: int) -> Callable:
    def rule(x: int) -> list[tuple[int, ...]]:
        return [s for size in range(k) for s in itertools.combinations(range(x - 1, 0, -1), size)]

    return rule


@_register(
    "ex-coin-turning-8",
    "The places 1 to 40 where a single coin's value is a power of 2, when a move turns at most 4 coins, and at most 5.",
    "a pair (list of places for at most 4, list of places for at most 5)",
    "([1, 2, 4, 8], [1, 2, 4, 8])",
)
def _coin_turning_8(answer: object) -> str | None:
    for k, given in zip((4, 5), (_int_set(x, "each list") for x in _pair(answer, "the answer")), strict=True):
        values = _single_coin_values(k)
        right = {x for x, v in enumerate(values, 1) if v & (v - 1) == 0}
        problem = _set_judge(
            given,
            right,
            f"the places up to 40 (at most {k} coins)",
            "place",
            lambda x: None if 1 <= x <= 40 else f"{x} is outside the places 1 to 40.",
            lambda x, values=values, k=k: f"with at most {k} coins the value at place {x} is {values[x - 1]}.",
        )
        if problem:
            return problem
    return None


# ---- 15 Green Hackenbush


def _hackenbush_cuts(picture: list[tuple[int, int]]) -> tuple[int, int]:
    """The value of a picture and the number of its cuts that leave value 0."""
    return hackenbush.value(picture), sum(hackenbush.value(g) == 0 for g in hackenbush.successors(picture))


def _hackenbush_pair(answer: object, picture: list[tuple[int, int]]) -> str | None:
    value, cuts = (_int(x, "each entry") for x in _pair(answer, "the answer"))
    right_value, right_cuts = _hackenbush_cuts(picture)
    if value != right_value:
        return "that is not the picture's value: value each piece on its own, then XOR."
    if cuts != right_cuts:
        return "the value is right, but not the number of winning cuts: try every edge, a cut leaves value 0 or not."
    return None


@_register(
    "ex-hackenbush-1",
    "Three separate stalks of 3, 5 and 6 edges: the value, and the number of winning cuts.",
    "a pair (value, number of winning cuts) of ints",
    "(6, 1)",
)
def _hackenbush_1(answer: object) -> str | None:
    picture = [*hackenbush.stalk(3, 0, 1), *hackenbush.stalk(5, 0, 4), *hackenbush.stalk(6, 0, 9)]
    return _hackenbush_pair(answer, list(picture))


@_register(
    "ex-hackenbush-8",
    "A square through the ground and a stalk of three edges: the value, and the number of winning cuts.",
    "a pair (value, number of winning cuts) of ints",
    "(3, 1)",
)
def _hackenbush_8(answer: object) -> str | None:
    square = [(0, 1), (1, 2), (2, 3), (3, 0)]
    return _hackenbush_pair(answer, square + list(hackenbush.stalk(3, 0, 4)))


@_register(
    "ex-hackenbush-6",
    "The largest value of a picture with n edges, as a function of n (checked for n <= 5).",
    "a function of n, e.g. lambda n: ...",
    "lambda n: n - 1",
)
def _hackenbush_6(answer: object) -> str | None:
    rule = _function(answer, "the answer")
    for n in range(1, 6):
        said, error = _number_or_error(rule, n)
        if error:
            return error
        largest = max(hackenbush.value(g) for g in hackenbush.all_graphs(n))
        if said != largest:
            more = "no picture" if said > largest else "some picture"
            return f"for n = {n} your formula gives {said}, but {more} with {n} edges is worth more than that."
    return None


# ---- 16 Misère play beyond Nim


@_register(
    "ex-misere-beyond-1",
    "The misère Grundy values of the Nim positions (1, 1), (1, 1, 1), (2, 2) and (1, 2, 3).",
    "a dict {position: value}",
    "{(1, 1): 0, (1, 1, 1): 1, (2, 2): 0, (1, 2, 3): 0}",
)
def _misere_beyond_1(answer: object) -> str | None:
    from .misere import misere_grundy
    from .rulesets import nim as nim_heaps

    positions = [(1, 1), (1, 1, 1), (2, 2), (1, 2, 3)]
    given = _mapping(answer, positions, lambda k: _ints(k, "each key (a position)"))
    for p in positions:
        said = _int(given[p], "each value")
        if said != misere_grundy(nim_heaps, p):
            return (
                f"G^-{_text(p)} = {said} is not right: take the mex of its options' misère values "
                "(the empty position is worth 1)."
            )
    return None


@_register(
    "ex-misere-beyond-9",
    "Misère Nim from (1, 1, 1, 2, 2, 2): the winning move, as the position it leaves.",
    "a position (a tuple of heap sizes)",
    "(1, 1, 2, 2, 2)",
)
def _misere_beyond_9(answer: object) -> str | None:
    start, after = (1, 1, 1, 2, 2, 2), _heaps(answer, "the position")
    options = {nim.canonical(nim.apply_move(start, m)) for m in nim.moves(start)}
    if after not in options:
        return f"{_text(after)} is not one move away from {_text(start)}."
    if not nim.is_p_position(after, misere=True):
        return f"{_text(after)} is an N-position of misère Nim: the player to move wins from it."
    return None


@_register(
    "ex-misere-beyond-7",
    "The octal game 0.75: the first wild heap, and the size of the misère quotient on heaps 1 to 5.",
    "a pair (heap, number of elements) of ints",
    "(4, 6)",
)
def _misere_beyond_7(answer: object) -> str | None:
    from .tables import tame_runs

    heap, order = (_int(x, "each entry") for x in _pair(answer, "the answer"))
    game = octal_game("0.75")
    tame = tame_runs(game, 8)
    if not 0 <= heap < len(tame) or tame[heap]:
        return f"the heap of {heap} is tame: every position it reaches has γ0 = g or {{g, γ0}} = {{0, 1}}."
    if tame[:heap].count(False):
        return f"the heap of {heap} is wild, but a smaller heap is wild too."
    if order != quotient(game, 5).order:
        return "that is not the quotient's size: count the elements of quotient(octal('0.75'), 5)."
    return None


@_register(
    "ex-misere-beyond-5",
    "Dawson's Kayles: the first row whose genus is not tame, and the first row that is tame although a shorter "
    "row is not.",
    "a pair (row, row) of ints",
    "(5, 6)",
)
def _misere_beyond_5(answer: object) -> str | None:
    from .rulesets import dawsons_kayles
    from .tables import tame_runs

    wild, again = (_int(x, "each row") for x in _pair(answer, "the answer"))
    tame = tame_runs(dawsons_kayles, 20)
    for row in (wild, again):
        if not 0 <= row < len(tame):
            return f"look at the rows below 20: {row} is outside."
    if tame[wild]:
        return f"the row of {wild} is tame."
    if False in tame[:wild]:
        return f"the row of {wild} is not tame, but a shorter row is not tame either."
    if not tame[again]:
        return f"the row of {again} is not tame."
    if again < wild or False not in tame[:again]:
        return f"the row of {again} is tame, but no shorter row is wild."
    if any(tame[n] for n in range(wild + 1, again)):
        return f"the row of {again} is tame after a wild row, but a shorter such row exists."
    return None


# ---- 17 The engine


@_register("ex-engine-1", "The mex of {0, 1, 2, 4, 5}, by bitset_mex's trick.", "an int", "6")
def _engine_1(answer: object) -> str | None:
    return _wrong_number(
        _int(answer, "the mex"),
        mex_of({0, 1, 2, 4, 5}),
        "the mex",
        "Write the bitset (bit v set for each v), add 1, and keep the bit that appears.",
    )


@_register(
    "ex-engine-9",
    "The number of slots of the engine's stamp array for Grundy's game below 20,000 heaps (largest value 147).",
    "an int",
    "256",
)
def _engine_9(answer: object) -> str | None:
    largest = 147
    slots = 1 << (2 * largest).bit_length()  # the least power of two above twice the largest value
    return _wrong_number(
        _int(answer, "the number of slots"),
        slots,
        "the number of slots",
        "The array holds twice the largest value, rounded up to a power of two.",
    )


@_register(
    "ex-engine-5",
    "For 0, 0, 1, 0, 1, ... (alternating from n = 1): n0(2) and n0(4).",
    "a pair (n0(2), n0(4)) of ints",
    "(0, 0)",
)
def _engine_5(answer: object) -> str | None:
    said = [_int(x, "each start") for x in _pair(answer, "the answer")]
    values = [0] + [(n + 1) % 2 for n in range(1, 40)]
    for q, value in zip((2, 4), said, strict=True):
        right = 1 + max((i for i in range(len(values) - q) if values[i + q] != values[i]), default=-1)
        if value != right:
            return f"n0({q}) = {value} is not right: find the last n with g(n + {q}) != g(n), and add 1."
    return None


@_register(
    "ex-engine-4",
    "Kayles: the number of values the periodicity theorem needs, and the number find_period computes.",
    "a pair (needed, computed) of ints",
    "(100, 100)",
)
def _engine_4(answer: object) -> str | None:
    from .engine.periodicity import find_period

    needed, computed = (_int(x, "each count") for x in _pair(answer, "the answer"))
    found = find_period(kayles)
    if needed != found.needed:
        return "that is not the number the theorem needs: with t = 2, it is 2 n0 + 2 p + t values."
    if computed != found.computed:
        return "that is not the number find_period computes: it doubles from 256 until the needed values fit."
    return None


@_register(
    "ex-engine-3",
    "Officers (0.6) below 20,000 heaps: the best mask, and the number of rare heaps.",
    "a pair (mask, count) of ints",
    "(0xFE, 100)",
)
def _engine_3(answer: object) -> str | None:
    import numpy as np

    from .engine import grundy_values
    from .engine.table import best_mask, class_table

    mask, rare = (_int(x, "each entry") for x in _pair(answer, "the answer"))
    values = np.asarray(grundy_values(octal_game("0.6"), 20_000), dtype=np.int64)
    right_mask = best_mask(values)
    if mask != right_mask:
        return f"{mask:#x} is not the best mask: best_mask(values) picks it from the values."
    if rare != int(class_table(right_mask, int(values.max()) + 1)[values].sum()):
        return "the mask is right, but not the count of rare heaps: count the heaps whose value is rare."
    return None


@_register(
    "ex-engine-7",
    "Grundy's game below 2^14 heaps: the number of rare heaps under the mask 0xfe.",
    "an int",
    "0",
)
def _engine_7(answer: object) -> str | None:
    from .engine import grundy_values
    from .rulesets import grundys_game

    values = grundy_values(grundys_game, 1 << 14)
    rare = sum(bin(int(v) & 0xFE).count("1") % 2 == 0 for v in values)
    return _wrong_number(
        _int(answer, "the count"),
        rare,
        "the number of rare heaps",
        "A value v is rare under 0xfe when v & 0xfe has an even number of 1 bits.",
    )


def _engine_8_values(n: int) -> list[int]:
    """The game of Ex 17.9: remove one token leaving one heap or three non-empty heaps, or a whole heap of 3."""
    values: list[int] = []
    for m in range(n):
        options = set()
        if m >= 2:
            options.add(values[m - 1])
            rest = m - 1
            for a in range(1, rest + 1):
                for b in range(a, rest - a + 1):
                    c = rest - a - b
                    if c >= b:
                        options.add(values[a] ^ values[b] ^ values[c])
        if m == 3:
            options.add(0)
        values.append(mex_of(options))
    return values


@_register(
    "ex-engine-8",
    "The game of the exercise (one token off, one heap or three left; or a whole heap of 3): its preperiod and period.",
    "a pair (preperiod, period) of ints",
    "(0, 2)",
)
def _engine_8(answer: object) -> str | None:
    preperiod, period = (_int(x, "each entry") for x in _pair(answer, "the answer"))
    values = _engine_8_values(80)
    if not (0 <= preperiod < 40 and 1 <= period < 40):
        return "the values settle down much sooner: list the first 40 and look for the repeat."
    if period < 1 or preperiod < 0 or any(values[n + period] != values[n] for n in range(preperiod, 80 - period)):
        return f"g(n + {period}) = g(n) fails for some n >= {preperiod}: list the values further."
    least = min(p for p in range(1, 40) if all(values[n + p] == values[n] for n in range(preperiod, 80 - p)))
    start = min(s for s in range(80) if all(values[n + period] == values[n] for n in range(s, 80 - period)))
    if (preperiod, period) != (start, least):
        return "the values do repeat like that, but not with the least preperiod and the least period."
    return None


@_register(
    "ex-proofs-2",
    "The nim products 16 ⊗ 16, 16 ⊗ 17 and 16 ⊗ 24.",
    "a tuple of three ints, in that order",
    "(256, 272, 384)",
)
def _proofs_2(answer: object) -> str | None:
    said = _ints(answer, "the three products", 3)
    for (a, b), value in zip(((16, 16), (16, 17), (16, 24)), said, strict=True):
        if value != coins.nim_product(a, b):
            return (
                f"{value} is not {a} ⊗ {b}. Use 16 ⊗ 16 = 16 ⊕ 8 (rule (c)), 16 ⊗ x = 16·x for x < 16 (rule (b)), "
                "and distribute over ⊕."
            )
    return None


@_register(
    "ex-proofs-4",
    "Every a < 16 with (a ⊗ a) ⊕ a = 5.",
    "a list of ints (any order)",
    "[5]",
)
def _proofs_4(answer: object) -> str | None:
    said = {_int(x, "each entry of the list") for x in _items(answer, "the list")}
    right = {a for a in range(16) if coins.nim_product(a, a) ^ a == 5}
    wrong = sorted(a for a in said if a not in right)
    if wrong:
        a = wrong[0]
        if not 0 <= a < 16:
            return f"{a} is not below 16."
        return f"{a} ⊗ {a} ⊕ {a} = {coins.nim_product(a, a) ^ a}, not 5."
    if said != right:
        return "some solution is missing: the solutions come in pairs a, a ⊕ 1."
    return None


# ---------------------------------------------------------------- Geography and Node Kayles (issue #38)


@_register(
    "ex-geo-1",
    "Node Kayles on the path P_6: its value, and the number of winning first moves.",
    "a pair (value, number of winning first moves) of ints",
    "(2, 6)",
)
def _geo_1(answer: object) -> str | None:
    value, count = (_int(x, "each entry") for x in _pair(answer, "the answer"))
    n, edges = graph_games.path(6)
    if value != graph_games.node_kayles_grundy(n, edges):
        return "that is not the value of P_6: a path is a heap of Dawson's chess (0.137); use its values."
    if count != len(graph_games.node_kayles_winning_moves(n, edges)):
        return "the value is right, but not the number of winning moves: try each vertex, what is left is 0 or not."
    return None


@_register(
    "ex-geo-2",
    "Node Kayles on the complete bipartite graph K_2,3: its value.",
    "an int",
    "3",
)
def _geo_2(answer: object) -> str | None:
    said = _int(answer, "the value")
    if said != graph_games.node_kayles_grundy(5, [(a, b) for a in (0, 1) for b in (2, 3, 4)]):
        return "that is not the value: each move leaves isolated vertices on one side, each worth 1; take the mex."
    return None


# ---------------------------------------------------------------- Chomp and poset games


@_register(
    "ex-chomp-5",
    "The divisor game of 72: every winning first move (the divisors to name).",
    "a list of ints (the divisors of 72 to name)",
    "[36]",
)
def _chomp_5(answer: object) -> str | None:
    given = {_int(x, "each divisor") for x in _items(answer, "the answer")}
    game = chomp_games.divisor_game(72)
    right = set(game.winning_moves(game.start()))

    def not_legal(d: int) -> str | None:
        if d == 1:
            return "naming 1 is the poison: whoever names it loses."
        if d < 1 or 72 % d:
            return f"{d} is not a divisor of 72."
        return None

    def loses(d: int) -> str:
        return f"naming {d} leaves a position with a winning reply: translate it into a bite of the 4 x 3 bar."

    return _judge_set(given, right, start="72", not_legal=not_legal, loses=loses, what="winning move")


@_register(
    "ex-chomp-7",
    "Every P-position of the form (a, b, 1), three rows with one square in the third (a >= b >= 1).",
    "a list of triples (a, b, 1) of ints",
    "[(2, 2, 1)]",
)
def _chomp_7(answer: object) -> str | None:
    given = set()
    for item in _items(answer, "the answer"):
        a, b, c = _ints(item, "each position", length=3)
        if c != 1 or not a >= b >= 1:
            return f"{(a, b, c)} is not of the form (a, b, 1) with a >= b >= 1."
        given.add((a, b, c))
    for a, b, c in sorted(given):
        if a > 40:
            return f"{(a, b, c)}: biting row 1, column 3 leaves (2, 2, 1) or an L-shape; is it really P?"
        if not chomp_games.is_p_position((a, b, c)):
            return f"{(a, b, c)} is an N-position: find its winning bite."
    right = {(a, b, 1) for a in range(1, 16) for b in range(1, a + 1) if chomp_games.is_p_position((a, b, 1))}
    if given != right:
        return "each of yours is a P-position, but there are more: try b = 1 (an L-shape) and b >= 2 separately."
    return None
