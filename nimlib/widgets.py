"""Play against the optimal strategy: one anywidget for every game (the only module that imports anywidget).

The front end is an ES module shipped in ``nimlib/static`` (``core.js`` plus one file per kind of
game, bundled here); it holds the game loop and the drawing, so the same widget plays in
JupyterLab, Notebook 7, VS Code and Binder, and in the static HTML book with no kernel. Python
holds the rules: it sends the position and the tables the page cannot compute (``params``), and
``play(move)`` plays a move and the computer's reply through nimlib itself.

>>> game = NimGame((3, 4, 5))
>>> game.play((0, 1))      # you leave (1, 4, 5); the computer replies
True
>>> game.history[0]["label"], game.history[1]["player"]
('heap 0 from 3 to 1', 'computer')
"""

from __future__ import annotations

import functools
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from .game import JSON, Playable, from_json, to_json

STATIC = Path(__file__).resolve().parent / "static"
MAX_HEAP = 2**53 - 1  # the largest integer a JSON number (a JavaScript double) holds exactly
_IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["']\.\.?/[^"']+["'];?\s*$""", re.MULTILINE)


@functools.cache
def bundle() -> str:
    """The front end as one ES module: core.js, then every games/*.js, relative imports dropped.

    Each file is an ES module of its own for the node tests; concatenated they share one scope,
    which is why top-level names must be unique across files (see static/README.md).
    """
    files = [STATIC / "core.js", *sorted((STATIC / "games").glob("*.js"))]
    parts = [
        f"// ---- {path.relative_to(STATIC)}\n{_IMPORT.sub('', path.read_text(encoding='utf-8'))}" for path in files
    ]
    return "\n".join(parts)


@functools.cache
def stylesheet() -> str:
    """The widget's CSS (static/widget.css)."""
    return (STATIC / "widget.css").read_text(encoding="utf-8")


def _check_json_ints(data: JSON, name: str = "position") -> JSON:
    """Refuse integers a JavaScript page cannot hold exactly (above 2**53 - 1)."""
    if isinstance(data, list):
        for i, item in enumerate(data):
            _check_json_ints(item, f"{name}[{i}]")
    elif isinstance(data, int) and not isinstance(data, bool) and abs(data) > MAX_HEAP:
        raise ValueError(
            f"{name} must be at most 2**53 - 1 = {MAX_HEAP} (the page computes in exact doubles), got {data}"
        )
    return data


class PlayWidget(anywidget.AnyWidget):
    """Play any :class:`~nimlib.game.Playable` game against the optimal strategy, in Jupyter or the static book.

    Traits (synced both ways): ``game`` (the data-game name), ``params`` (the game's
    ``widget_params()``, plus ``seed``), ``position`` and ``start`` (JSON), ``history`` (entries
    ``{"player": "reader"|"computer", "move", "label", "before", "after"}``), ``computer_first`` and
    ``message``. Setting ``position`` from Python starts a new game there; a bad position keeps the
    state and says why in ``message``.
    """

    _esm = bundle()
    _css = stylesheet()
    game = traitlets.Unicode("").tag(sync=True)
    params = traitlets.Dict().tag(sync=True)
    position = traitlets.Any().tag(sync=True)
    start = traitlets.Any().tag(sync=True)
    history = traitlets.List().tag(sync=True)
    computer_first = traitlets.Bool(False).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)

    def __init__(
        self, game: Any, position: Any = None, *, computer_first: bool = False, seed: int | None = None
    ) -> None:
        rules = _as_playable(game)
        first = rules.check(rules.start() if position is None else _decode(rules, position))
        encoded = _check_json_ints(rules.encode(first))
        params = dict(rules.widget_params())
        if seed is not None:
            params["seed"] = int(seed)
        self._rules = rules
        self._quiet = True  # our own trait changes: no validation, no new game
        super().__init__(game=rules.widget, params=params, position=encoded, start=encoded, history=[])
        self.computer_first = bool(computer_first)
        self._quiet = False
        self._new_game()

    # ------------------------------------------------------------ public API

    @property
    def rules(self) -> Playable:
        """The rules object behind the widget."""
        return self._rules

    @property
    def is_over(self) -> bool:
        """True when the player to move has no move."""
        return _is_over(self._rules, self._current())

    @property
    def to_move(self) -> str:
        """ "reader" or "computer": whose turn it is."""
        if not self.history:
            return "computer" if self.computer_first else "reader"
        return "computer" if self.history[-1]["player"] == "reader" else "reader"

    @property
    def winner(self) -> str | None:
        """ "reader" or "computer" once the game is over (always set then), else None.

        The player to move has no move: in normal play the other player made the last move and
        wins; in misère play the player to move wins. This also holds before any move (an empty
        board, or a computer that starts with nothing to take).
        """
        if not self.is_over:
            return None
        mover = self.to_move
        other = "computer" if mover == "reader" else "reader"
        return mover if self._rules.misere else other

    def play(self, move: Any) -> bool:
        """Play the reader's ``move`` and the computer's reply; False (and ``message``) if it is illegal."""
        if self.is_over:
            self.message = "The game is over: start a new one or undo."
            return False
        if self.to_move != "reader":
            self.message = "It is the computer's turn."
            return False
        before = self._current()
        try:
            decoded = self._rules.decode_move(to_json(move))
            after = self._rules.apply(before, decoded)
        except (TypeError, ValueError) as error:
            self.message = f"Illegal move: {error}"
            return False
        self._record("reader", before, decoded, after)
        if self.is_over:
            self._set(message=self._over_message())
        else:
            self._computer_reply()
        return True

    def undo(self) -> bool:
        """Take back the reader's last move (and the computer's reply); False if there is none."""
        history = list(self.history)
        if not any(entry["player"] == "reader" for entry in history):
            self.message = "Nothing to undo."
            return False
        while history[-1]["player"] == "computer":
            history.pop()
        entry = history.pop()
        self._set(position=entry["before"], history=history, message="Move taken back. Your move.")
        return True

    def hint(self) -> str:
        """The strategy's move from the current position, in words (also put in ``message``)."""
        found = _computer_move(self._rules, self._current())
        if found is None or not found[1]:
            self.message = "Every move loses against best play here: play on and hope for a mistake."
        else:
            self.message = f"Hint: {_label(self._rules, self._current(), found[0])}."
        return self.message

    def reset(self, position: Any = None) -> None:
        """A new game from ``position`` (default: the last start); a bad position keeps the state."""
        self.position = self.start if position is None else position

    # ------------------------------------------------------------ internals

    def _current(self) -> Any:
        return self._rules.decode(self.position)

    def _set(self, **values: Any) -> None:
        self._quiet = True
        try:
            with self.hold_sync():
                for name, value in values.items():
                    setattr(self, name, value)
        finally:
            self._quiet = False

    def _record(self, player: str, before: Any, move: Any, after: Any) -> None:
        entry = {
            "player": player,
            "move": self._rules.encode_move(move),
            "label": _label(self._rules, before, move),
            "before": self._rules.encode(before),
            "after": self._rules.encode(after),
        }
        self._set(position=entry["after"], history=[*self.history, entry])

    def _computer_reply(self) -> None:
        before = self._current()
        found = _computer_move(self._rules, before)
        if found is None:
            return
        move, winning = found
        after = self._rules.apply(before, move)
        self._record("computer", before, move, after)
        said = _label(self._rules, before, move)
        said = f"I play {said}." if winning else f"Every move loses against best play; I play {said}."
        over = self._over_message()
        self._set(message=f"{said} {over}" if over else said)

    def _over_message(self) -> str:
        if not self.is_over:
            return ""
        return "Game over: you win." if self.winner == "reader" else "Game over: the computer wins."

    def _new_game(self) -> None:
        """History cleared at ``position``; the computer moves first if it starts."""
        self._set(start=self.position, history=[], message="")
        if self.is_over:
            self._set(message=self._over_message())
        elif self.computer_first:
            self._computer_reply()

    def set_state(self, sync_data: dict) -> None:  # the front end's changes: trusted, no new game
        self._quiet = True
        try:
            super().set_state(sync_data)
        finally:
            self._quiet = False

    @traitlets.validate("position")
    def _validate_position(self, proposal: Any) -> Any:
        if self._quiet:
            return proposal["value"]
        try:
            return _check_json_ints(self._rules.encode(_decode(self._rules, proposal["value"])))
        except (TypeError, ValueError) as error:
            self.message = f"Cannot use that position: {error}"
            return self.position

    @traitlets.observe("position")
    def _position_set(self, change: dict) -> None:
        if not self._quiet:
            self._new_game()

    @traitlets.observe("computer_first")
    def _first_set(self, change: dict) -> None:
        if not self._quiet:
            self._set(position=self.start)
            self._new_game()


class NimGame(PlayWidget):
    """Nim against the computer: click a stone to take it and every stone above it.

    ``k`` > 1 plays Moore's Nim_k (several heaps at once); ``misere=True`` makes the last stone lose.
    Heaps may hold up to 2**53 - 1 stones (the page computes exactly with BigInt).
    """

    def __init__(
        self,
        position: Any = (3, 4, 5),
        *,
        misere: bool = False,
        k: int = 1,
        seed: int | None = None,
        computer_first: bool = False,
    ) -> None:
        super().__init__(_legacy_rules("nim", misere=misere, k=k), position, computer_first=computer_first, seed=seed)


class GameBoard(PlayWidget):
    """A board of ``nimlib.boards`` (Kayles, crosses, staircase, Nimble, turtles, chips, heap games) to play.

    The reader clicks the board; the computer answers with the Sprague–Grundy strategy.
    """

    def __init__(self, board: Any, position: Any, *, computer_first: bool = False, seed: int | None = None) -> None:
        super().__init__(_as_playable(board), position, computer_first=computer_first, seed=seed)

    def legal_moves(self) -> list[tuple[JSON, str]]:
        """Every legal move from the current position: (data-move JSON, label)."""
        position = self._current()
        return [(self._rules.encode_move(m), _label(self._rules, position, m)) for m in self._rules.moves(position)]


# ---------------------------------------------------------------- the strategy, for any Playable


def _decode(rules: Playable, value: Any) -> Any:
    return rules.check(rules.decode(to_json(value)))


def _label(rules: Playable, position: Any, move: Any) -> str:
    return rules.describe(position, move)


def _is_over(rules: Playable, position: Any) -> bool:
    own = getattr(rules, "is_over", None)
    if own is not None:
        return bool(own(position))
    return next(iter(rules.moves(position)), None) is None


def _computer_move(rules: Playable, position: Any) -> tuple[Any, bool] | None:
    """(move, winning): a move to a P-position when there is one, else a stalling move; None at the end."""
    if _is_over(rules, position):
        return None
    best = getattr(rules, "winning_move", None)
    if best is not None:
        move = best(position)
    else:
        from . import play

        move = play.best_move(rules, position)  # the protocol's generic strategy
    if move is not None:
        return move, True
    stall = getattr(rules, "stalling_move", None)
    move = stall(position) if stall is not None else next(iter(rules.moves(position)))
    return move, False


def _as_playable(game: Any) -> Playable:
    """``game`` itself when it speaks the widget protocol, else the adapter for main's classes."""
    from .boards import Board

    if isinstance(game, Playable) and not isinstance(game, Board):
        return game
    return _legacy_rules(game)


# ---------------------------------------------------------------- adapters (delete after the protocol lands)


def _legacy_rules(game: Any, *, misere: bool = False, k: int = 1) -> Playable:
    """Rules objects for the classes as they are on main, until nimlib's own rules speak the protocol.

    ``"nim"`` (with ``misere`` and ``k``): Nim, misère Nim, Moore's Nim_k and misère Nim_k.
    A ``nimlib.boards`` board: HeapBoard (Lasker's Nim, Grundy's game, subtraction games), Kayles,
    crosses, staircase Nim, Nimble, turning turtles, chips on a graph. Once nim.py, moore.py,
    rulesets.py and boards.py give their own ``widget``/``widget_params``/encodings, delete this
    function and let ``_as_playable`` return the rules objects.
    """
    from . import boards, moore, nim
    from ._check import check_k, check_position
    from .game import Ruleset

    class NimRules(Ruleset):
        def __init__(self, misere: bool, k: int) -> None:
            self.k = check_k(k)
            self.misere = bool(misere)
            self.widget = ("misere-" if self.misere else "") + ("nim" if self.k == 1 else "moore")
            self.name = self.widget

        def start(self) -> tuple[int, ...]:
            return (3, 4, 5)

        def check(self, position: object) -> tuple[int, ...]:
            heaps = check_position(position, allow_empty=False)
            for i, h in enumerate(heaps):
                _check_json_ints(h, f"position[{i}]")
            return heaps

        def widget_params(self) -> dict[str, JSON]:
            return {"k": self.k, "misere": self.misere}

        def moves(self, position: tuple[int, ...]) -> Iterator[tuple]:
            if self.k == 1:
                return (((i, b),) for i, b in nim.moves(position))
            return (tuple(sorted(zip(*pair, strict=True))) for pair in _moore_moves(position, self.k))

        def apply(self, position: tuple[int, ...], move: tuple) -> tuple[int, ...]:
            return moore.apply_move(position, move, self.k)

        def is_over(self, position: tuple[int, ...]) -> bool:
            return not any(position)

        def decode_move(self, data: JSON) -> tuple:
            if isinstance(data, list) and data and not isinstance(data[0], list):
                data = [data]
            if not isinstance(data, list) or not all(isinstance(p, list) for p in data):
                raise TypeError(f"move must be (heap, new_size) or a list of such pairs, got {data!r}")
            return tuple(sorted(tuple(p) for p in data))

        def encode_move(self, move: tuple) -> JSON:
            pairs = [list(p) for p in move]
            return pairs[0] if len(pairs) == 1 else pairs

        def describe(self, position: tuple[int, ...], move: tuple) -> str:
            return ", ".join(f"heap {i} from {position[i]} to {b}" for i, b in move)

        def is_p_position(self, position: tuple[int, ...]) -> bool:
            if self.misere and all(h <= 1 for h in position):
                return sum(position) % (self.k + 1) == 1
            return moore.is_p_position(position, self.k)

        def winning_move(self, position: tuple[int, ...]) -> tuple | None:
            if self.k == 1:
                found = nim.optimal_move(position, misere=self.misere)
                return None if found is None else (found,)
            if not self.misere:
                return moore.winning_move(position, self.k)
            # Misère Nim_k: no formula on main yet; the first move to a P-position by its criterion
            if self.is_p_position(position):
                return None
            return next((m for m in self.moves(position) if self.is_p_position(self.apply(position, m))), None)

        def stalling_move(self, position: tuple[int, ...]) -> tuple | None:
            found = nim.stalling_move(position)
            return None if found is None else (found,)

    class BoardRules(Ruleset):
        """A ``nimlib.boards`` board: positions are its tuples; moves are the data-move JSON of PLAN.md."""

        def __init__(self, board: boards.Board) -> None:
            self.board = board
            self.name = board.name
            self.widget, self.heap_game = _board_kind(board)

        def check(self, position: object) -> tuple:
            if isinstance(position, str | bytes) or not hasattr(position, "__iter__"):
                raise TypeError(f"position must be a sequence, got {position!r}")
            position = tuple(position)
            if self.widget in ("nimble", "graph-chips"):
                position = tuple(sorted(position))
            if self.heap_game is not None:
                position = check_position(position)
                if any(h >= len(self.values) for h in position):
                    raise ValueError(f"every heap must be at most {len(self.values) - 1} (the widget's table)")
            return position

        @functools.cached_property
        def values(self) -> list[int]:
            return list(self.board._values.values)

        def widget_params(self) -> dict[str, JSON]:
            return _board_params(self.board, self.widget)

        def _table(self, position: tuple) -> list[tuple[JSON, tuple, str]]:
            if self.heap_game is not None:
                out = []
                for i, a in enumerate(position):
                    for option in self.heap_game.options(a):
                        if len(option) == 2:
                            after = position[:i] + option + position[i + 1 :]
                            out.append(
                                ([i, list(option)], after, f"split heap {i} ({a}) into {option[0]} and {option[1]}")
                            )
                        else:
                            b = option[0] if option else 0
                            out.append(([i, b], position[:i] + (b,) + position[i + 1 :], f"heap {i} from {a} to {b}"))
                return out
            return [
                (_board_move_json(self.widget, position, cell, after, label), after, label)
                for label, cell, after in self.board.moves(position)
            ]

        def moves(self, position: tuple) -> list[JSON]:
            return [from_json(m) for m, _, _ in self._table(position)]

        def apply(self, position: tuple, move: Any) -> tuple:
            for m, after, label in self._table(position):
                if from_json(m) == move or label == move:
                    return tuple(sorted(after)) if self.widget in ("nimble", "graph-chips") else after
            raise ValueError(f"{move!r} is not a legal move here")

        def decode_move(self, data: JSON) -> Any:
            return data if isinstance(data, str) else from_json(data)

        def encode_move(self, move: Any) -> JSON:
            return to_json(move)

        def describe(self, position: tuple, move: Any) -> str:
            return next(
                (label for m, _, label in self._table(position) if from_json(m) == move or label == move), str(move)
            )

        def components(self, position: tuple) -> list[tuple[str, int]]:
            if self.heap_game is not None:
                return [(f"heap {i} ({a})", self.values[a]) for i, a in enumerate(position)]
            return self.board.components(position)

        def winning_move(self, position: tuple) -> Any:
            total = 0
            for _, v in self.components(position):
                total ^= v
            if total == 0:
                return None
            for m, after, _ in self._table(position):
                value = 0
                for _, v in self.components(after):
                    value ^= v
                if value == 0:
                    return from_json(m)
            return None

        def stalling_move(self, position: tuple) -> Any:
            table = self._table(position)
            return from_json(table[0][0]) if table else None

    if game == "nim":
        return NimRules(misere, k)
    if isinstance(game, boards.Board):
        return BoardRules(game)
    raise TypeError(f"game must be a nimlib rules object or a nimlib.boards board, got {game!r}")


def _moore_moves(position: tuple[int, ...], k: int) -> Iterator[tuple[tuple[int, ...], tuple[int, ...]]]:
    """(heaps, new sizes) of every Nim_k move (small positions only; for the misère adapter)."""
    from itertools import combinations, product

    live = [i for i, h in enumerate(position) if h]
    for size in range(1, min(k, len(live)) + 1):
        for chosen in combinations(live, size):
            for sizes in product(*(range(position[i]) for i in chosen)):
                yield chosen, sizes


def _board_kind(board: Any) -> tuple[str, Any]:
    """The data-game name of a main-branch board, and its heap game for HeapBoard."""
    from . import boards

    if isinstance(board, boards.HeapBoard):
        name = repr(board.game)
        if name == "laskers_nim":
            return "lasker", board.game
        if name == "grundys_game":
            return "grundy", board.game
        if name.startswith("subtraction("):
            return "subtraction", board.game
        raise ValueError(f"the widget plays Lasker's Nim, Grundy's game and subtraction games as heaps, not {name}")
    kinds = {
        boards.KaylesRow: "kayles",
        boards.CrossesStrip: "dawson",
        boards.Staircase: "staircase",
        boards.Nimble: "nimble",
        boards.TurningTurtles: "turtles",
        boards.GraphChips: "graph-chips",
    }
    for cls, name in kinds.items():
        if isinstance(board, cls):
            if name == "dawson" and board.distance != 1:
                raise ValueError("the widget plays crosses with distance 1 (Dawson's chess) only")
            return name, None
    raise TypeError(f"board must be one of nimlib.boards' boards, got {board!r}")


def _board_params(board: Any, kind: str) -> dict[str, JSON]:
    """What the page needs for a board: from nimlib.tables where it exists, else the essentials."""
    if kind in ("lasker", "grundy", "subtraction"):
        params: dict[str, JSON] = {"values": list(board._values.values)}
        if kind == "subtraction":
            params["subtract"] = sorted(board.game.takes.take_one)
        return params
    try:
        from . import tables  # the boards helper's table builders
    except ImportError:
        tables = None
    if kind == "kayles":
        return (
            tables.kayles_params(board.length)
            if tables
            else {"length": board.length, "values": list(board._values.values)}
        )
    if kind == "dawson":
        return (
            tables.dawson_params(board.length)
            if tables
            else {"length": board.length, "values": list(board._values.values)}
        )
    if kind == "staircase":
        return tables.staircase_params() if tables else {}
    if kind == "nimble":
        return (
            tables.nimble_params(board.length, no_jumps=board.no_jumps)
            if tables
            else {"length": board.length, "no_jumps": board.no_jumps}
        )
    if kind == "turtles":
        return {"twins": board.twins, **(tables.turtles_params(11) if tables else {})}
    if kind == "graph-chips":
        edges = {int(v): tuple(ws) for v, ws in board.edges.items()}
        if tables:
            return tables.graph_chips_params(edges, annihilate=board.annihilate)
        return {
            "edges": [[v, w] for v, ws in edges.items() for w in ws],
            "values": list(board.values.values()),
            "annihilate": board.annihilate,
        }
    return {}


def _board_move_json(kind: str, before: tuple, cell: int | None, after: tuple, label: str) -> JSON:
    """A board move in PLAN.md's data-move form, read off the positions before and after."""
    if kind == "kayles":
        return [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
    if kind == "dawson":
        return [next(i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b)]
    if kind == "staircase":
        return [cell, before[cell] - after[cell]]
    if kind == "turtles":
        changed = [i for i, (a, b) in enumerate(zip(before, after, strict=True)) if a != b]
        return [changed[-1]] if len(changed) == 1 else [changed[-1], changed[0]]
    if kind in ("nimble", "graph-chips"):
        added = Counter(after) - (Counter(before) - Counter([cell]))
        target = next(iter(added), None)
        if target is None:  # two chips annihilated on the target vertex
            target = int(label.rsplit("→", 1)[1])
        return [cell, target]
    raise ValueError(f"no move encoding for {kind}")
