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
from pathlib import Path
from typing import Any

import anywidget
import traitlets

from ._check import check_bool, check_int
from .game import JSON, Playable, from_json, to_json
from .tables import page_params

STATIC = Path(__file__).resolve().parent / "static"
# The data-game names the front end registers (tests/test_js_games.py checks this against the bundle under node)
PAGE_GAMES = frozenset(
    {
        "corners", "crosses-2", "dawson", "graph-chips", "grundy", "hackenbush", "heaps", "kayles", "lasker",
        "misere-dawson", "misere-kayles",
        "misere-moore", "misere-nim", "mock-turtles", "moore", "nim", "nimble", "northcott", "pawns", "ruler",
        "staircase", "subtraction", "trominoes", "turtles", "wythoff",
    }
)  # fmt: skip
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
        if rules.widget not in PAGE_GAMES:
            raise ValueError(
                f"{rules.name} has no game in the page (its widget name is {rules.widget!r}); the page plays "
                f"{', '.join(sorted(PAGE_GAMES))}"
            )
        first = rules.check(rules.start() if position is None else _decode(rules, position))
        encoded = _check_json_ints(rules.encode(first))
        params = {**rules.widget_params(), **page_params(rules)}
        if seed is not None:
            params["seed"] = check_int(seed, "seed", minimum=None)
        self._rules = rules
        self._quiet = True  # our own trait changes: no validation, no new game
        super().__init__(game=rules.widget, params=params, position=encoded, start=encoded, history=[])
        self.computer_first = check_bool(computer_first, "computer_first")
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
        position = self._rules.decode(self.position)
        if getattr(self._rules, "partizan", False):
            # The page's position leaves out whose turn it is (the widget knows): the reader plays side 0
            position = (position[0], 0 if self.to_move == "reader" else 1)
        return position

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
        from .play import rules

        super().__init__(rules(misere=misere, k=k), position, computer_first=computer_first, seed=seed)


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
    data = to_json(value)
    if isinstance(data, list) and not data:
        raise ValueError("position must not be empty: the board needs at least one heap, cell or piece")
    try:
        return rules.check(from_json(data))  # the rules' own form, e.g. Dawson's chess with whose turn it is
    except (TypeError, ValueError):
        return rules.check(rules.decode(data))  # the page's JSON form


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
    from .play import winning_move

    move = winning_move(rules, position)  # the protocol's one strategy: formula, components, or search
    if move is not None:
        return move, True
    stall = getattr(rules, "stalling_move", None)
    move = stall(position) if stall is not None else next(iter(rules.moves(position)))
    return move, False


def _as_playable(game: Any) -> Playable:
    """``game`` itself: any rules object with the widget hooks (see nimlib.game.Playable)."""
    if not isinstance(game, Playable):
        raise TypeError(
            f"game must be a playable rules object (nimlib.game.Playable: a widget name, widget_params, "
            f"encode/decode), got {game!r}"
        )
    return game
