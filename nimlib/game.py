"""The one protocol every impartial game in nimlib follows.

A game is a *rules object*; positions and moves are plain, hashable data
(tuples and ints), so searchers can memoize them and widgets can send them
as JSON. Everything generic — the exhaustive searcher, ``grundy_value``,
``best_move``, the ``play`` loop, the chapter checks and the play widget —
takes a :class:`Game` and nothing else.

Required:

- ``name``: what to call the game in text;
- ``misere``: the ending convention, as data. False (normal play): the player
  who cannot move loses. True (misère play): that player wins;
- ``start()``: a starting position;
- ``moves(position)``: the legal moves, each plain data;
- ``apply(position, move)``: the position after a legal move
  (``ValueError`` for an illegal one);
- ``check(position)``: the position in the game's own canonical type, or a
  ``TypeError``/``ValueError`` naming what is wrong.

Optional (see :class:`Reducible`): ``components(position)``, the reduction
to a sum: labelled parts whose Grundy values XOR to the position's value in
normal play.

Optional: ``winning_move(position)``, a move to a P-position found by a
formula rather than a search (Nim, Moore's Nim_k), None when there is none.
``nimlib.play.best_move`` uses it first, then the components, then search.

Optional (see :class:`Playable`): what the play widget needs to draw the game
in a browser with no Python behind it: its ``widget`` name (the
``data-game`` attribute), the tables it precomputes (``widget_params``), and
JSON encodings of positions and moves.

:class:`Ruleset` is a convenience base class with the obvious defaults.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator
from typing import Any, Protocol, runtime_checkable

from ._check import check_bool, check_int

Position = Hashable
Move = Hashable
JSON = Any


@runtime_checkable
class Game(Protocol):
    """An impartial game: rules as an object, positions and moves as plain hashable data."""

    name: str
    misere: bool

    def start(self) -> Position: ...

    def moves(self, position: Position) -> Iterable[Move]: ...

    def apply(self, position: Position, move: Move) -> Position: ...

    def check(self, position: object) -> Position: ...


@runtime_checkable
class Reducible(Game, Protocol):
    """A game that splits into a sum: ``components`` lists (label, Grundy value) pairs whose XOR is its value."""

    def components(self, position: Position) -> list[tuple[str, int]]: ...


@runtime_checkable
class Playable(Game, Protocol):
    """A game the play widget can draw: the ``data-game`` name, precomputed tables and JSON encodings."""

    widget: str

    def widget_params(self) -> dict[str, JSON]: ...

    def encode(self, position: Position) -> JSON: ...

    def decode(self, data: JSON) -> Position: ...

    def encode_move(self, move: Move) -> JSON: ...

    def decode_move(self, data: JSON) -> Move: ...

    def describe(self, position: Position, move: Move) -> str: ...


class Ruleset:
    """Defaults for the protocol: subclasses define ``name``, ``moves``, ``apply`` and usually ``check``.

    ``misere`` defaults to False (normal play). ``options`` lists the positions
    one move away; ``encode``/``decode`` turn tuples into JSON lists and back.
    """

    name: str = "game"
    misere: bool = False

    def start(self) -> Position:
        raise ValueError(f"{self.name} has no standard starting position: pass one")

    def check(self, position: object) -> Position:
        return position  # type: ignore[return-value]

    def moves(self, position: Position) -> Iterable[Move]:
        raise NotImplementedError

    def apply(self, position: Position, move: Move) -> Position:
        raise NotImplementedError

    def options(self, position: Position) -> Iterator[Position]:
        """The positions one move away (the game as a successors function)."""
        for move in self.moves(position):
            yield self.apply(position, move)

    def successors(self, position: Position) -> Iterator[Position]:
        """The same as ``options``: the name the first edition used, kept for the chapters."""
        return self.options(position)

    def is_over(self, position: Position) -> bool:
        """True when the player to move has no move."""
        return next(iter(self.moves(position)), None) is None

    def describe(self, position: Position, move: Move) -> str:
        return str(move)

    def encode(self, position: Position) -> JSON:
        return to_json(position)

    def decode(self, data: JSON) -> Position:
        return self.check(from_json(data))

    def encode_move(self, move: Move) -> JSON:
        return to_json(move)

    def decode_move(self, data: JSON) -> Move:
        return from_json(data)


class SubsetRuleset(Ruleset):
    """A game whose position is a set of numbered parts and whose move removes one part (with consequences).

    Positions are frozensets of ints (JSON: the sorted list) and moves single ints (JSON: ``[part]``), as in
    Node Kayles (vertices) and Green Hackenbush (edges); ``part`` names the number in error messages.
    """

    part: str = "part"
    """What a move's number is, for messages: "vertex", "edge index"."""

    def encode(self, position: frozenset[int]) -> JSON:
        return sorted(position)

    def decode(self, data: JSON) -> frozenset[int]:
        return self.check(data)

    def encode_move(self, move: int) -> JSON:
        return [move]

    def decode_move(self, data: JSON) -> int:
        if not isinstance(data, list) or len(data) != 1:
            raise TypeError(f"move must be [{self.part.replace(' ', '_')}], got {data!r}")
        return check_int(data[0], f"move[0] ({self.part})")


def options(game: Game, position: Position) -> Iterator[Position]:
    """The positions one move away from ``position`` in ``game``."""
    own = getattr(game, "options", None)
    if own is not None:
        yield from own(position)
        return
    for move in game.moves(position):
        yield game.apply(position, move)


def successors_of(game: Game) -> Callable[[Position], Iterable[Position]]:
    """The function from a position to the positions one move away, resolved once per search.

    The searchers call it for every position they visit, so the lookup of
    ``options`` (or the ``moves``/``apply`` pair) is done here once, not per
    position: a wrapped successors function is returned as it is.
    """
    if isinstance(game, SuccessorsGame):
        return game.successors
    own = getattr(game, "options", None)
    if own is not None:
        return own
    moves, apply = game.moves, game.apply

    def successors(position: Position) -> Iterator[Position]:
        return (apply(position, move) for move in moves(position))

    return successors


def as_game(game: object, *, misere: bool | None = None) -> Game:
    """The edge of every generic algorithm: a ``Game`` as it is, a successors function wrapped.

    ``misere`` belongs to the game; it may be given here only for a plain
    successors function (the first edition's style), or to agree with the game.
    """
    if misere is not None:
        misere = check_bool(misere, "misere")
    if isinstance(game, Game) and not isinstance(game, type):
        if misere is not None and misere != game.misere:
            raise ValueError(
                f"misere={misere} disagrees with the game {game!r}, whose ending convention is misere={game.misere}: "
                "the convention is part of the rules object (e.g. Nim(misere=True))"
            )
        return game
    if callable(game):
        return SuccessorsGame(game, misere=bool(misere))
    raise TypeError(f"game must be a nimlib Game (rules object) or a successors function, got {game!r}")


class SuccessorsGame(Ruleset):
    """A game given by a successors function (the style of the first edition); a move *is* the next position.

    Kept so that ``search.solve(successors, start)`` and friends still accept a
    function: the edge wraps it into this rules object.
    """

    def __init__(
        self, successors: Callable[[Position], Iterable[Position]], *, misere: bool = False, name: str = "game"
    ) -> None:
        if not callable(successors):
            raise TypeError(f"successors must be a function from a position to positions, got {successors!r}")
        self.successors = successors
        self.misere = check_bool(misere, "misere")
        self.name = name

    def __repr__(self) -> str:
        return f"SuccessorsGame({getattr(self.successors, '__name__', self.successors)!r})"

    def moves(self, position: Position) -> Iterable[Move]:
        return self.successors(position)

    def apply(self, position: Position, move: Move) -> Position:
        return move

    def options(self, position: Position) -> Iterator[Position]:
        yield from self.successors(position)


MAX_DEPTH = 64  # deeper than any position or move of nimlib; refused before Python's recursion limit


def short_repr(value: object, limit: int = 80) -> str:
    """A repr safe for error messages: never recursive (a list nested 5,000 deep), never a 5,000-digit int."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 200:
        return f"<an int of {value.bit_length()} bits>"
    if isinstance(value, list | tuple | set | frozenset | dict):
        shallow = [v for v in value][:4] if not isinstance(value, dict) else list(value.items())[:4]
        if any(isinstance(v, list | tuple | set | frozenset | dict) for v in shallow) or len(value) > 4:
            n = len(value)
            return f"<a {type(value).__name__} of {n} item{'' if n == 1 else 's'}>"
    try:
        text = repr(value)
    except (RecursionError, ValueError):
        return f"<a {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def _too_deep(value: object) -> TypeError:
    return TypeError(f"value is nested more than {MAX_DEPTH} levels deep (no position or move is): {short_repr(value)}")


def to_json(value: object) -> JSON:
    """Tuples (and frozensets, sorted) to lists, recursively; ints and strings as they are.

    Iterative, with a depth cap (:data:`MAX_DEPTH`): a list nested 5,000 deep is a ``TypeError``, not a
    ``RecursionError``.
    """
    if not isinstance(value, tuple | list | frozenset | set):
        return value
    root: list = []
    stack: list[tuple[list, list, int, bool]] = [(root, list(value), 1, isinstance(value, frozenset | set))]
    while stack:
        out, items, depth, to_sort = stack[-1]
        if len(out) == len(items):
            stack.pop()
            if to_sort:
                out.sort()
            continue
        item = items[len(out)]
        if isinstance(item, tuple | list | frozenset | set):
            if depth >= MAX_DEPTH:
                raise _too_deep(value)
            child: list = []
            out.append(child)
            stack.append((child, list(item), depth + 1, isinstance(item, frozenset | set)))
        else:
            out.append(item)
    return root


def from_json(value: JSON) -> Hashable:
    """Lists to tuples, recursively: JSON back to plain hashable data (iterative, depth-capped like to_json)."""
    if not isinstance(value, list):
        return value
    # children are finished before their parent becomes a tuple: post-order with an explicit stack
    stack: list[tuple[list, list, int]] = [([], value, 1)]
    while True:
        out, items, depth = stack[-1]
        if len(out) == len(items):
            stack.pop()
            done = tuple(out)
            if not stack:
                return done
            stack[-1][0].append(done)
            continue
        item = items[len(out)]
        if isinstance(item, list):
            if depth >= MAX_DEPTH:
                raise _too_deep(value)
            stack.append(([], item, depth + 1))
        else:
            out.append(item)
