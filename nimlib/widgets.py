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
from .game import JSON, Playable, from_json, short_repr, to_json
from .tables import page_params

STATIC = Path(__file__).resolve().parent / "static"
# The data-game names the front end registers (tests/test_js_games.py checks this against the bundle under node)
PAGE_GAMES = frozenset(
    {
        "corners", "crosses-2", "dawson", "graph-chips", "grundy", "hackenbush", "heaps", "kayles", "lasker",
        "misere-dawson", "misere-kayles",
        "misere-moore", "misere-nim", "mock-turtles", "moore", "nim", "nimble", "northcott", "pawns", "ruler",
        "staircase", "subtraction", "trominoes", "turtles", "wythoff",
        "fibonacci-nim",
        "node-kayles",
        "chomp",
        "blue-red-hackenbush",  # issue #38: the partizan bridge (nimlib.partizan.BlueRedHackenbush)
    }
)  # fmt: skip
MAX_HEAP = 2**53 - 1  # the largest integer a JSON number (a JavaScript double) holds exactly
MAX_MESSAGE = 2000  # characters in the message line (the page's longest is well under it)
MAX_HISTORY = 100_000  # moves in one game's history
MAX_PAGE_ITEMS = 1_000_000  # lists, dicts and scalars in one message from the page
PAGE_DEPTH = 16  # nesting of a message from the page: history > entry > position > row > cell is 5
# what the page writes (core.js save)
PAGE_KEYS = ("start", "position", "history", "computer_first", "message", "two_player")
ENTRY_KEYS = frozenset({"player", "move", "label", "before", "after"})
_IMPORT = re.compile(r"""^\s*import\s[^;]*?from\s+["']\.\.?/[^"']+["'];?\s*$""", re.MULTILINE)


@functools.cache
def bundle() -> str:
    """The front end as one ES module: core.js, puzzle.js, drill.js, then every games/*.js, relative imports dropped.

    Each file is an ES module of its own for the node tests; concatenated they share one scope,
    which is why top-level names must be unique across files (see static/README.md).
    """
    files = [STATIC / "core.js", STATIC / "puzzle.js", STATIC / "drill.js", *sorted((STATIC / "games").glob("*.js"))]
    parts = [
        f"// ---- {path.relative_to(STATIC)}\n{_IMPORT.sub('', path.read_text(encoding='utf-8'))}" for path in files
    ]
    return "\n".join(parts)


# ES-module syntax that classic_script rewrites: declarations with `export`, `export default`, and
# imports of the front end's own files (relative paths); anything else is refused
_EXPORT_DECL = re.compile(r"^export\s+((?:async\s+)?(?:function\*?|class|const|let|var)\s+([A-Za-z_$][\w$]*))", re.M)
_EXPORT_DEFAULT = re.compile(r"^export\s+default\s+", re.M)
_NAMED_IMPORT = re.compile(r"""^[ \t]*import\s*\{([^}]*)\}\s*from\s*["']\.\.?/[^"']+["'];?[ \t]*$""", re.M)
_BARE_IMPORT = re.compile(r"""^[ \t]*import\s*["']\.\.?/[^"']+["'];?[ \t]*$""", re.M)
_OTHER_MODULE_SYNTAX = re.compile(r"^[ \t]*(?:import\b(?!\s*\()|export\b)", re.M)
_IDENTIFIER = re.compile(r"^[A-Za-z_$][\w$]*$")
PAGE_GLOBAL = "NimlibPlay"  # the global object the static book's bundle defines (classic_bundle)


def classic_script(source: str, *, exports_to: str, imports_from: str | None = None) -> str:
    """An ES module of the front end rewritten as a classic script: what it exports goes to one global.

    Browsers refuse ES modules (and ``fetch``) from ``file://``, so the static book loads the front end as
    classic scripts, generated here from the very files Jupyter runs as modules. Named imports of the
    front end's own files (``import { a, b as c } from "./core.js"``) read ``globalThis[imports_from]``;
    bare relative imports are dropped (the bundle holds every file); ``export`` declarations and
    ``export default`` become ``globalThis[exports_to]`` (frozen; the default export is its ``default``).
    The script runs once: loaded a second time, it keeps the first global. Any other module syntax is a
    ``ValueError``, so a new kind of import or export cannot slip into the page unconverted.
    """
    if not isinstance(source, str):
        raise TypeError(f"source must be a str, got {type(source).__name__}")
    for name, value in (("exports_to", exports_to), ("imports_from", imports_from)):
        if value is not None and not (isinstance(value, str) and _IDENTIFIER.match(value)):
            raise ValueError(f"{name} must be a JavaScript identifier, got {value!r}")

    def named_import(match: re.Match) -> str:
        if imports_from is None:
            raise ValueError(f"source imports {match.group(0).strip()!r}, but no imports_from global was given")
        names = []
        for item in filter(None, (part.strip() for part in match.group(1).split(","))):
            original, _, local = (w.strip() for w in item.partition(" as "))
            names.append(f"{original}: {local}" if local else original)
        return f"const {{ {', '.join(names)} }} = globalThis.{imports_from};"

    text = _NAMED_IMPORT.sub(named_import, source)
    text = _BARE_IMPORT.sub("", text)
    names = [m.group(2) for m in _EXPORT_DECL.finditer(text)]
    text = _EXPORT_DECL.sub(r"\1", text)
    has_default = bool(_EXPORT_DEFAULT.search(text))
    text = _EXPORT_DEFAULT.sub("const nimlibDefaultExport = ", text)
    if "import.meta" in text:
        raise ValueError("source uses import.meta, which a classic script cannot hold (it has no module URL)")
    left = _OTHER_MODULE_SYNTAX.search(text)
    if left:
        line = text[left.start() :].splitlines()[0].strip()
        raise ValueError(f"source has module syntax a classic script cannot hold: {line!r}")
    if len(set(names)) != len(names):
        raise ValueError(f"source exports a name twice: {sorted(n for n in set(names) if names.count(n) > 1)}")
    text = _drop_comment_lines(text)
    fields = [*names, *(["default: nimlibDefaultExport"] if has_default else [])]
    return (
        f'(function () {{\n"use strict";\nif (globalThis.{exports_to}) return; // loaded twice: the first one stays\n'
        f"{text}\nglobalThis.{exports_to} = Object.freeze({{ {', '.join(fields)} }});\n}})();\n"
    )


def _drop_comment_lines(text: str) -> str:
    """``text`` without its whole-line comments (``// …`` lines and ``/* … */`` blocks that start a line).

    A static page loads the front end on every chapter; its comments are a fifth of it. Only lines outside
    template literals are touched (a line inside one is text), so nothing the code computes changes.
    """
    out: list[str] = []
    in_template = False
    in_block = False
    for line in text.split("\n"):
        stripped = line.lstrip()
        if in_block:
            if "*/" in line:
                in_block = False
                rest = line.split("*/", 1)[1]
                if rest.strip():
                    out.append(rest)
            continue
        if not in_template and stripped.startswith("//"):
            continue
        if not in_template and stripped.startswith("/*"):
            if "*/" not in stripped[2:]:
                in_block = True
                continue
            rest = stripped[2:].split("*/", 1)[1]
            if not rest.strip():
                continue
        out.append(line)
        # an odd number of backticks opens or closes a template literal (the front end has no backtick in quotes)
        if line.count("`") % 2:
            in_template = not in_template
    return "\n".join(out)


@functools.cache
def classic_bundle() -> str:
    """The front end (``bundle()``) as one classic script defining ``globalThis.NimlibPlay`` (for the static book)."""
    return classic_script(bundle(), exports_to=PAGE_GLOBAL)


@functools.cache
def stylesheet() -> str:
    """The widget's CSS (static/widget.css)."""
    return (STATIC / "widget.css").read_text(encoding="utf-8")


def _check_json_ints(data: JSON, name: str = "position") -> JSON:
    """Refuse integers a JavaScript page cannot hold exactly (above 2**53 - 1); iterative (no deep recursion)."""
    stack = [data]
    while stack:
        item = stack.pop()
        if isinstance(item, list):
            stack.extend(item)
        elif isinstance(item, int) and not isinstance(item, bool) and abs(item) > MAX_HEAP:
            raise ValueError(
                f"{name} must hold integers of at most 2**53 - 1 = {MAX_HEAP} (the page computes in exact "
                f"doubles), got {short_repr(item)}"
            )
    return data


def _check_page_changes(changes: Any, keys: tuple[str, ...]) -> None:
    """Raise unless the page's ``changes`` are a dict of the traits ``keys`` with plain JSON values."""
    if not isinstance(changes, dict):
        raise TypeError(f"the page's state must be a dict, got {short_repr(changes)}")
    unknown = [k for k in changes if k not in keys]
    if unknown:
        raise ValueError(f"the page may change only {', '.join(keys)}, not {short_repr(unknown)}")
    for name, value in changes.items():
        _check_page_json(value, name)


def _check_page_json(value: Any, name: str) -> None:
    """Refuse what no JSON message of the page holds, iteratively: deep nesting, huge sizes, other types."""
    stack = [(value, 1)]
    count = 0
    while stack:
        item, depth = stack.pop()
        count += 1
        if count > MAX_PAGE_ITEMS:
            raise ValueError(f"{name} holds more than {MAX_PAGE_ITEMS} items: no game's state is that large")
        if isinstance(item, list | dict):
            if depth > PAGE_DEPTH:
                raise TypeError(f"{name} is nested more than {PAGE_DEPTH} levels deep: no game's state is")
            if isinstance(item, dict):
                if not all(isinstance(k, str) for k in item):
                    raise TypeError(f"{name} holds a dict whose keys are not all strings: {short_repr(item)}")
                item = list(item.values())
            stack.extend((child, depth + 1) for child in item)
        elif isinstance(item, str):
            if len(item) > MAX_MESSAGE:
                raise ValueError(f"{name} holds a string of {len(item)} characters (at most {MAX_MESSAGE})")
        elif isinstance(item, float):  # 3.0 == 3 in Python: a float would pass every comparison, then break play
            raise TypeError(f"{name} holds the number {short_repr(item)}: the page's state holds exact integers only")
        elif item is not None and not isinstance(item, bool | int):
            raise TypeError(f"{name} holds a {type(item).__name__}, which no JSON message does: {short_repr(item)}")


def _check_message(msg: Any) -> None:
    """Raise unless ``msg`` is a widget message ipywidgets can handle: its method known, its buffer paths real.

    ipywidgets reads ``data["method"]`` and walks each buffer path into the state with no check, so a message
    without a method or with a path to nowhere would raise KeyError inside the handler.
    """
    content = msg.get("content") if isinstance(msg, dict) else None
    data = content.get("data") if isinstance(content, dict) else None
    if not isinstance(data, dict):
        raise TypeError("the page's message has no data")
    method = data.get("method")
    if method not in ("update", "request_state", "custom"):
        raise ValueError(
            f"the page's message has no known method (update, request_state, custom): {short_repr(method)}"
        )
    if method == "custom" and "content" in data and not isinstance(msg.get("buffers"), list):
        raise TypeError("the page's custom message has no list of buffers")
    if method != "update" or "state" not in data:
        return
    state = data["state"]
    if not isinstance(state, dict):
        raise TypeError(f"the page's state must be a dict, got {short_repr(state)}")
    if "buffer_paths" not in data:
        return
    paths, buffers = data["buffer_paths"], msg.get("buffers")
    if not isinstance(paths, list) or not isinstance(buffers, list) or len(paths) != len(buffers):
        raise ValueError("the page's buffer paths must be a list, one for each buffer")
    for path in paths:
        if not isinstance(path, list) or not path:
            raise ValueError(f"a buffer path must be a non-empty list of keys, got {short_repr(path)}")
        obj: Any = state
        for depth, key in enumerate(path):
            last = depth == len(path) - 1
            if isinstance(obj, dict) and isinstance(key, str) and (last or key in obj):
                obj = obj.get(key)
            elif isinstance(obj, list) and type(key) is int and 0 <= key < len(obj):
                obj = obj[key]
            else:
                raise ValueError(f"the buffer path {short_repr(path)} leads nowhere in the page's state")


class _NotNone(traitlets.Any):
    """Any JSON, but None too goes through the widget's validator (``traitlets.Any`` lets None skip it)."""

    allow_none = False


class _GuardedMessages:
    """The guard every widget puts before ipywidgets' handler: a message it cannot handle (no method, no data,
    a buffer path to nowhere, a custom message without buffers) is refused with every trait kept.

    ipywidgets would raise inside its handler (a KeyError or TypeError, logged): nothing from the page may
    escape as an exception, so the check runs first. A widget says how it refuses in ``_refuse_message``.
    """

    def _handle_msg(self, msg: Any) -> None:
        """A message from the page: handled by ipywidgets when it can be, else refused (state kept)."""
        try:
            _check_message(msg)
        except Exception as error:  # the boundary with untrusted data: nothing escapes
            self._refuse_message(error)
            return
        super()._handle_msg(msg)  # type: ignore[misc]

    def _refuse_message(self, error: BaseException) -> None:
        """Send the kernel's state back to the page, changing nothing."""
        self.send_state()  # type: ignore[attr-defined]


class PlayWidget(_GuardedMessages, anywidget.AnyWidget):
    """Play any :class:`~nimlib.game.Playable` game against the optimal strategy, in Jupyter or the static book.

    Traits (synced both ways): ``game`` (the data-game name), ``params`` (the game's
    ``widget_params()``, plus ``seed``), ``position`` and ``start`` (JSON), ``history`` (entries
    ``{"player": "reader"|"computer", "move", "label", "before", "after"}``), ``computer_first``,
    ``message`` and ``two_player`` (two readers alternate on the board: Player 1 in the "reader" slot,
    Player 2 in the "computer" slot; the computer only referees, and the page reviews the game).
    Setting ``position`` from Python starts a new game there; a bad position (None, a
    set, a string, a list nested too deep) keeps the state and says why in ``message``. Nothing
    from the page is trusted: ``set_state`` keeps only a state that is a game nimlib could play
    (a legal chain of moves from ``start``), else it keeps every trait and says why.
    """

    _esm = bundle()
    _css = stylesheet()
    game = traitlets.Unicode("").tag(sync=True)
    params = traitlets.Dict().tag(sync=True)
    position = _NotNone([]).tag(sync=True)
    start = _NotNone([]).tag(sync=True)
    history = traitlets.List().tag(sync=True)
    computer_first = traitlets.Bool(False).tag(sync=True)
    message = traitlets.Unicode("").tag(sync=True)
    two_player = traitlets.Bool(False).tag(sync=True)

    def __init__(
        self, game: Any, position: Any = None, *, computer_first: bool = False, seed: int | None = None
    ) -> None:
        rules = _heap_board(_as_playable(game), position)
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
        self._first = encoded  # always valid: reset() falls back to it
        self._hush = False  # while the page's history is replaced by nimlib's labels: not sent back
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
        """Play the reader's ``move`` and the computer's reply; False (and ``message``) if it is illegal.

        With ``two_player`` set, ``move`` is played for whichever player is to move, and nobody replies.
        """
        if self.is_over:
            self.message = "The game is over: start a new one or undo."
            return False
        two = self._two()
        if self.to_move != "reader" and not two:
            self.message = "It is the computer's turn."
            return False
        before = self._current()
        try:
            decoded = self._rules.decode_move(to_json(move))
            after = self._rules.apply(before, decoded)
        except (TypeError, ValueError) as error:
            self.message = f"Illegal move: {error}"
            return False
        self._record(self.to_move if two else "reader", before, decoded, after)
        if self.is_over:
            self._set(message=self._over_message())
        elif not two:
            self._computer_reply()
        return True

    def undo(self) -> bool:
        """Take back the reader's last move (and the computer's reply); False if there is none.

        With two players, the last move (whoever made it).
        """
        history = list(self.history)
        if self._two() and history:
            entry = history.pop()
            self._set(position=entry["before"], history=history, message="Move taken back.")
            return True
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
        """A new game from ``position`` (default: the last start); a bad position keeps the state.

        Without ``position`` it always recovers: from the last start, or, should that be unusable,
        from the position the widget was made with.
        """
        try:
            encoded = self._encoded(self.start if position is None else position)
        except (TypeError, ValueError) as error:
            if position is not None:
                self.message = f"Cannot use that position: {_said(error)}"
                return
            encoded = self._first
        self._set(position=encoded)
        self._new_game()

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
        if self._two():
            return f"Game over: Player {1 if self.winner == 'reader' else 2} wins."
        return "Game over: you win." if self.winner == "reader" else "Game over: the computer wins."

    def _two(self) -> bool:
        """Two readers play (the page's two-player mode; partizan games keep the computer)."""
        return bool(self.two_player) and not getattr(self._rules, "partizan", False)

    def _new_game(self) -> None:
        """History cleared at ``position``; the computer moves first if it starts."""
        self._set(start=self.position, history=[], message="")
        if self.is_over:
            self._set(message=self._over_message())
        elif self.computer_first and not self._two():
            self._computer_reply()

    def _refuse_message(self, error: BaseException) -> None:
        """A message ipywidgets cannot handle is refused like a bad state: the game kept, the reason shown."""
        self._refuse({}, error)

    def set_state(self, sync_data: dict) -> None:
        """The page's changes, accepted only when they are a transition the page itself makes.

        The page writes ``position``, ``history``, ``message`` (a move, the computer's reply, Undo)
        and ``start``, ``computer_first`` (a new game): see core.js ``mount``. A message whose
        resulting state is not a game nimlib could have played (an illegal or forged move, a bad
        position, another trait) changes nothing: the page is sent the kernel's state back and
        told why in ``message``. Never raises: this is the boundary with untrusted data.
        """
        try:
            history = self._checked_state(sync_data)
        except Exception as error:  # anything wrong in the page's data (any exception): refuse it, keep the game
            self._refuse(sync_data, error)
            return
        self._quiet = True
        try:
            super().set_state(sync_data)  # echoes to the page and locks: nothing is sent back
            # the page's labels are its own wording: the kernel keeps nimlib's, and does not send them back
            # (a change of history on the page would cancel its pending reply)
            self._hush = True
            self.history = history
        finally:
            self._quiet = False
            self._hush = False

    def _should_send_property(self, key: str, value: Any) -> bool:
        if getattr(self, "_hush", False) and key == "history":
            return False
        return super()._should_send_property(key, value)

    def _refuse(self, sync_data: Any, error: BaseException) -> None:
        """Keep every trait, put the kernel's state back on the page and say why."""
        from ipywidgets.widgets import widget as ipywidget

        keys = [k for k in sync_data if isinstance(k, str) and k in self.keys] if isinstance(sync_data, dict) else []
        if keys and ipywidget.JUPYTER_WIDGETS_ECHO:
            # the page waits for the echo of what it sent: echo the values that stand instead
            state, buffer_paths, buffers = ipywidget._remove_buffers(self.get_state(key=keys))
            self._send({"method": "echo_update", "state": state, "buffer_paths": buffer_paths}, buffers=buffers)
        self._set(message=f"The page sent a change nimlib refuses, so the game stays as it was: {_said(error)}")
        self.send_state()

    def _checked_state(self, changes: Any) -> list[dict]:
        """The history with nimlib's labels, or raise unless the current state with ``changes`` (trait name
        -> JSON) is a game nimlib could play.

        The state must be: ``start`` a valid position, ``history`` a chain of well-formed legal
        moves from it (reader and computer alternating, the first as ``computer_first`` says,
        each ``after`` = apply(``before``, ``move``), labels as nimlib writes them), ``position``
        its end, ``message`` a short string. The page's labels are its own wording (a string; nimlib's
        label replaces it). Moves already checked (the common prefix with the
        current history) are not replayed, so a move costs one ``apply``.
        """
        _check_page_changes(changes, PAGE_KEYS)
        state = {name: changes.get(name, getattr(self, name)) for name in PAGE_KEYS}
        if not isinstance(state["message"], str):
            raise TypeError(f"message must be a string, got {short_repr(state['message'])}")
        if not isinstance(state["computer_first"], bool):
            raise TypeError(f"computer_first must be true or false, got {short_repr(state['computer_first'])}")
        if not isinstance(state["two_player"], bool):
            raise TypeError(f"two_player must be true or false, got {short_repr(state['two_player'])}")
        rules, start, history = self._rules, state["start"], state["history"]
        if start != self.start:
            _check_json_ints(start, "start")
            if rules.encode(rules.decode(start)) != start:
                raise ValueError(f"start must be a position in the page's form, got {short_repr(start)}")
        if not isinstance(history, list):
            raise TypeError(f"history must be a list of moves, got {short_repr(history)}")
        if len(history) > MAX_HISTORY:
            raise ValueError(f"history holds {len(history)} moves, more than the {MAX_HISTORY} one game may")
        done = 0
        old = self.history
        same = state["computer_first"] == self.computer_first and state["two_player"] == self.two_player
        if start == self.start and same:
            while done < min(len(old), len(history)) and _same_move(history[done], old[done]):
                done += 1
        checked = old[:done]
        first = "computer" if state["computer_first"] else "reader"
        end = history[done - 1]["after"] if done else start
        for i in range(done, len(history)):
            player = first if i % 2 == 0 else _other(first)
            checked.append(_checked_entry(rules, history[i], f"history[{i}]", player, end, state["two_player"]))
            end = checked[-1]["after"]
        if state["position"] != end:
            where = "the last move's after" if history else "start (no move has been played)"
            raise ValueError(f"position must be {where}, {short_repr(end)}, got {short_repr(state['position'])}")
        return checked

    def _encoded(self, value: Any) -> JSON:
        """``value`` (any form ``_decode`` takes) as the page's JSON, or a TypeError/ValueError."""
        return _check_json_ints(self._rules.encode(_decode(self._rules, value)))

    @traitlets.validate("position")
    def _validate_position(self, proposal: Any) -> Any:
        if self._quiet:
            return proposal["value"]
        try:
            return self._encoded(proposal["value"])
        except (TypeError, ValueError) as error:
            self.message = f"Cannot use that position: {_said(error)}"
            return self.position

    @traitlets.validate("start", "history")
    def _validate_from_python(self, proposal: Any) -> Any:
        """``start`` or ``history`` set from Python: kept only if the game stays consistent."""
        name = proposal["trait"].name
        if self._quiet:
            return proposal["value"]
        try:
            value = to_json(proposal["value"])
            history = self._checked_state({name: value})
        except Exception as error:  # the same boundary as set_state
            self.message = f"Cannot set {name}: {_said(error)}"
            return getattr(self, name)
        return history if name == "history" else value

    @traitlets.observe("position")
    def _position_set(self, change: dict) -> None:
        if not self._quiet:
            self._new_game()

    @traitlets.observe("computer_first", "two_player")
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
        super().__init__(_as_playable(board, "board"), position, computer_first=computer_first, seed=seed)

    def legal_moves(self) -> list[tuple[JSON, str]]:
        """Every legal move from the current position: (data-move JSON, label)."""
        position = self._current()
        return [(self._rules.encode_move(m), _label(self._rules, position, m)) for m in self._rules.moves(position)]


MAX_RESULTS = 1000  # finished puzzles one widget records (puzzle.js PUZZLE_MAX_RESULTS)
RESULT_KEYS = frozenset({"position", "answer", "correct", "move"})
PUZZLE_KEYS = ("results", "streak", "solved")  # what the page writes in puzzle mode (puzzle.js save)
MAX_PUZZLE_MOVES = 10_000  # the largest ``sizes`` bound: more legal moves than a reader can scan


class PuzzleWidget(_GuardedMessages, anywidget.AnyWidget):
    """Puzzles on a game ("Your turn"): the reader says P or N, then plays a winning move; in Jupyter or the book.

    The same front end as :class:`PlayWidget` in puzzle mode (``mode="puzzle"``): the page draws
    random positions of ``game`` with between ``sizes[0]`` (first, easiest) and ``sizes[1]``
    (hardest) legal moves, P and N alike, harder as the reader's streak grows, and judges every
    answer itself, so it works in the static book with no kernel. Traits written by the page:
    ``results`` (one dict per finished puzzle: ``position`` as the page encodes it, ``answer``
    "P"/"N", ``correct``, ``move`` the reader's data-move or None), ``streak`` (right in a row)
    and ``solved``. Nothing from the page is trusted: a result's ``correct`` is recomputed with
    nimlib, and a message that disagrees (or is malformed) changes nothing.
    """

    _esm = bundle()
    _css = stylesheet()
    game = traitlets.Unicode("").tag(sync=True)
    params = traitlets.Dict().tag(sync=True)
    mode = traitlets.Unicode("puzzle").tag(sync=True)
    sizes = traitlets.List().tag(sync=True)
    results = traitlets.List().tag(sync=True)
    streak = traitlets.Int(0).tag(sync=True)
    solved = traitlets.Int(0).tag(sync=True)

    def __init__(self, game: Any, *, sizes: tuple[int, int] = (2, 12), seed: int | None = None) -> None:
        rules = _as_playable(game)
        if rules.widget not in PAGE_GAMES:
            raise ValueError(
                f"{rules.name} has no game in the page (its widget name is {rules.widget!r}); the page plays "
                f"{', '.join(sorted(PAGE_GAMES))}"
            )
        if isinstance(sizes, str | bytes) or not isinstance(sizes, list | tuple) or len(sizes) != 2:
            raise TypeError(f"sizes must be a pair (fewest, most) of legal-move counts, got {short_repr(sizes)}")
        fewest = check_int(sizes[0], "sizes[0] (the fewest legal moves)", minimum=1)
        most = check_int(sizes[1], "sizes[1] (the most legal moves)", minimum=fewest)
        if most > MAX_PUZZLE_MOVES:
            raise ValueError(f"sizes[1] must be at most {MAX_PUZZLE_MOVES} legal moves, got {most}")
        params = {**rules.widget_params(), **page_params(rules)}
        if seed is not None:
            params["seed"] = check_int(seed, "seed", minimum=None)
        self._rules = rules
        self._known: dict = {"verdicts": {}, "search": {}}  # verdicts and the searcher's results, for every puzzle
        super().__init__(game=rules.widget, params=params, sizes=[fewest, most])

    @property
    def rules(self) -> Playable:
        """The rules object behind the widget."""
        return self._rules

    def set_state(self, sync_data: dict) -> None:
        """The page's new results, kept only when every new one agrees with nimlib (see the class docstring).

        Never raises: this is the boundary with untrusted data; a refused message leaves every trait
        and sends the kernel's state back to the page.
        """
        try:
            self._checked_puzzles(sync_data)
        except Exception:  # anything wrong in the page's data: keep what stands
            self.send_state()
            return
        super().set_state(sync_data)

    def _checked_puzzles(self, changes: Any) -> None:
        """Raise unless ``changes`` appends finished puzzles whose verdicts nimlib confirms, with the right counts."""
        _check_page_changes(changes, PUZZLE_KEYS)
        results = changes.get("results", self.results)
        if not isinstance(results, list):
            raise TypeError(f"results must be a list, got {short_repr(results)}")
        if len(results) > MAX_RESULTS:
            raise ValueError(f"results holds {len(results)} puzzles, more than the {MAX_RESULTS} one widget records")
        old = self.results
        if results[: len(old)] != old:
            raise ValueError("results may only grow: the puzzles already recorded cannot change")
        checked = [
            *old,
            *(
                _checked_result(self._rules, r, f"results[{i}]", self._known)
                for i, r in enumerate(results)
                if i >= len(old)
            ),
        ]
        solved = sum(r["correct"] for r in checked)
        streak = next((i for i, r in enumerate(reversed(checked)) if not r["correct"]), len(checked))
        for name, expected in (("streak", streak), ("solved", solved)):
            value = changes.get(name, getattr(self, name))
            if isinstance(value, bool) or value != expected:
                raise ValueError(f"{name} must be {expected} (from the results), got {short_repr(value)}")

    def verdict(self, position: Any) -> str:
        """ "P" or "N": the outcome of ``position`` (any form the page or Python uses) for the player to move."""
        position = _turn(self._rules, _decode(self._rules, position), "reader")
        return "P" if _is_p(self._rules, position, self._known) else "N"


DRILL_SKILLS = (
    "mex",
    "nim-sum",
    "winning-move",
    "sum",
    "nim-product",
    "quotient",
    "zeckendorf",
    "stalk-value",
)  # drill.js
DRILL_LEVELS = 5  # drill.js DRILL_LEVELS
DRILL_KEYS = ("level", "streak", "solved")  # what the page writes in drill mode (drill.js persist)
DRILL_MAX_ELEMENTS = 128  # drill.js DRILL_MAX_ELEMENTS: a saved quotient's elements (its monoid check is n**3)
_OCTAL_CODE = re.compile(r"^0\.[0-7]{1,6}$")


class DrillWidget(_GuardedMessages, anywidget.AnyWidget):
    """A drill on one core skill: the page deals problems, judges the answers and names the mistake.

    ``skill`` is one of ``mex`` (G(x) from the options' values, or g(0..n) of a subtraction or octal game),
    ``nim-sum`` (binary, column by column), ``winning-move`` (Nim, misère Nim with ``misere=True``, Moore's
    Nim_k with ``k``), ``sum`` (Kayles rows, or Hackenbush stalks and trees with ``game="hackenbush"``),
    ``nim-product`` or ``quotient`` (the misère quotient of ``heap_game``'s rows up to ``bound``, from
    nimlib.quotient, sent in ``params``), or ``zeckendorf`` (a heap's Zeckendorf sum, then the winning take
    of Fibonacci Nim, chapter ch-fibonacci). The same front end as :class:`PlayWidget` in drill mode: it works
    in Jupyter and in the static book with no kernel. ``level`` (1 to 5) is where the reader starts; three
    right answers in a row move up one. The page writes back ``level``, ``streak`` and ``solved``.

    >>> DrillWidget("winning-move", k=2).params
    {'k': 2}
    """

    _esm = bundle()
    _css = stylesheet()
    mode = traitlets.Unicode("drill").tag(sync=True)
    skill = traitlets.Unicode("").tag(sync=True)
    level = traitlets.Int(1).tag(sync=True)
    seed = traitlets.Int(None, allow_none=True).tag(sync=True)
    params = traitlets.Dict().tag(sync=True)
    streak = traitlets.Int(0).tag(sync=True)
    solved = traitlets.Int(0).tag(sync=True)

    def __init__(
        self,
        skill: str,
        *,
        level: int = 1,
        seed: int | None = None,
        k: int | None = None,
        misere: bool = False,
        game: str | None = None,
        kinds: tuple[str, ...] | None = None,
        octal: tuple[str, ...] | None = None,
        heap_game: Any = None,
        bound: int = 4,
    ) -> None:
        if skill not in DRILL_SKILLS:
            raise ValueError(f"skill must be one of {', '.join(DRILL_SKILLS)}, got {short_repr(skill)}")
        level = check_int(level, "level", minimum=1)
        if level > DRILL_LEVELS:
            raise ValueError(f"level must be at most {DRILL_LEVELS}, got {level}")
        params: dict = {}
        if k is not None:
            if skill != "winning-move":
                raise ValueError("k is for the winning-move drill (Moore's Nim_k)")
            params["k"] = check_int(k, "k", minimum=1)
            if params["k"] > 4:
                raise ValueError(f"k must be at most 4 (a drill's heaps are few), got {k}")
        if check_bool(misere, "misere"):
            if skill != "winning-move":
                raise ValueError("misere is for the winning-move drill")
            params["misere"] = True
        if game is not None:
            if skill != "sum" or game not in ("kayles", "hackenbush"):
                raise ValueError(f"game is for the sum drill: 'kayles' or 'hackenbush', got {short_repr(game)}")
            params["game"] = game
        if (kinds is not None or octal is not None) and skill != "mex":
            raise ValueError("kinds and octal are for the mex drill")
        if kinds is not None:
            kinds = list(kinds)
            if not kinds or any(kind not in ("mex", "fill") for kind in kinds):
                raise ValueError(f"kinds must be some of 'mex' and 'fill', got {short_repr(kinds)}")
            params["kinds"] = kinds
        if octal is not None:
            codes = [octal] if isinstance(octal, str) else list(octal)
            if not codes or not all(isinstance(c, str) and _OCTAL_CODE.match(c) for c in codes):
                raise ValueError(f"octal must be octal codes such as '0.77', got {short_repr(octal)}")
            params["rules"] = [{"kind": "octal", "code": c} for c in codes]
        if skill == "quotient":
            from .rulesets import kayles
            from .tables import misere_quotient_params

            bound = check_int(bound, "bound", minimum=1)
            if bound > 12:
                raise ValueError(f"bound must be at most 12 (the quotient's table is shown beside the rows): {bound}")
            heap_game = kayles if heap_game is None else heap_game
            params["quotient"] = misere_quotient_params(heap_game, bound)
            elements = len(params["quotient"]["names"])
            if elements > DRILL_MAX_ELEMENTS:
                raise ValueError(
                    f"the misère quotient of heap_game up to bound {bound} has {elements} elements; the drill shows "
                    f"at most {DRILL_MAX_ELEMENTS} (a smaller bound has fewer)"
                )
            params["game_name"] = "Kayles" if heap_game is kayles else f"the octal game {heap_game.name}"
        elif heap_game is not None:
            raise ValueError("heap_game is for the quotient drill")
        super().__init__(
            skill=skill, level=level, seed=None if seed is None else check_int(seed, "seed", minimum=0), params=params
        )

    def set_state(self, sync_data: dict) -> None:
        """The page's progress (level, streak, solved), kept only when each is a whole number in range."""
        try:
            _check_page_changes(sync_data, DRILL_KEYS)
            for name, value in sync_data.items():
                top = DRILL_LEVELS if name == "level" else MAX_RESULTS * 1000
                if isinstance(value, bool) or not isinstance(value, int) or not (name != "level" or value >= 1):
                    raise ValueError(f"{name} must be a whole number")
                if not 0 <= value <= top:
                    raise ValueError(f"{name} must be from 0 to {top}")
        except Exception:  # anything wrong in the page's data: keep what stands
            self.send_state()
            return
        super().set_state(sync_data)


def _is_p(rules: Playable, position: Any, memo: dict | None = None) -> bool:
    """True when the player to move at ``position`` (the rules' own form) loses against best play.

    Linear in the position where the game is a sum in normal play (the XOR of its components, not a
    components pass per move: 3,000 heaps cost 3,000 steps, not 27 million); else the game's formula or
    the searcher. ``memo`` (a widget's ``{"verdicts": {}, "search": {}}``) keeps the verdicts and the
    searcher's results across puzzles: a thousand puzzles on misère Kayles search each position once.
    """
    if memo is not None:
        verdicts = memo["verdicts"]
        if position not in verdicts:
            verdicts[position] = _verdict(rules, position, memo["search"])
        return verdicts[position]
    return _verdict(rules, position, None)


def _verdict(rules: Playable, position: Any, known: dict | None) -> bool:
    if _is_over(rules, position):
        return not rules.misere
    parts = getattr(rules, "components", None)
    if parts is not None and not rules.misere and not getattr(rules, "partizan", False):
        total = 0
        for _, value in parts(position):
            total ^= value
        return total == 0
    from .play import winning_move

    return winning_move(rules, position, known=known) is None


def _checked_result(rules: Playable, result: Any, name: str, known: dict | None = None) -> dict:
    """A puzzle result from the page, or raise naming what is wrong (its ``correct`` is nimlib's verdict)."""
    if not isinstance(result, dict) or set(result) != RESULT_KEYS:
        raise TypeError(f"{name} must be a dict with exactly the keys {sorted(RESULT_KEYS)}, got {short_repr(result)}")
    encoded = _check_json_ints(result["position"], f"{name}['position']")
    position = _turn(rules, rules.check(rules.decode(encoded)), "reader")
    if rules.encode(position) != encoded:
        raise ValueError(f"{name}['position'] must be in the page's form, got {short_repr(encoded)}")
    if _is_over(rules, position):
        raise ValueError(f"{name}['position'] is a finished game, which no puzzle shows")
    answer, move, correct = result["answer"], result["move"], result["correct"]
    if answer not in ("P", "N"):
        raise ValueError(f"{name}['answer'] must be 'P' or 'N', got {short_repr(answer)}")
    if not isinstance(correct, bool):
        raise TypeError(f"{name}['correct'] must be true or false, got {short_repr(correct)}")
    verdict = "P" if _is_p(rules, position, known) else "N"
    if answer == "N" == verdict:  # a right N answer: the puzzle ends with the reader's move
        if move is None:
            raise ValueError(f"{name} answers N rightly but has no move: the puzzle is not finished")
        after = rules.apply(position, rules.decode_move(move))
        expected = _is_p(rules, after, known)
    else:
        if move is not None:
            raise ValueError(
                f"{name}['move'] must be None: after a {'P' if answer == 'P' else 'wrong'} answer no move is played"
            )
        expected = answer == verdict
    if correct != expected:
        raise ValueError(
            f"{name}['correct'] is {correct}, but nimlib finds the answer {'right' if expected else 'wrong'}"
        )
    return {"position": encoded, "answer": answer, "correct": correct, "move": move}


# ---------------------------------------------------------------- the strategy, for any Playable


def _decode(rules: Playable, value: Any) -> Any:
    """A position from Python or the page, in the rules' own form; refuse what is no position, naming it."""
    if isinstance(value, set | frozenset):
        return rules.check(value)  # the game's own set form (Hackenbush, Corners); Nim's check refuses it
    if not isinstance(value, list | tuple):
        raise TypeError(
            f"position must be a sequence (a list or tuple) of heaps, cells or pieces, got {short_repr(value)} "
            f"({type(value).__name__})"
        )
    data = to_json(value)
    if isinstance(data, list) and not data:
        raise ValueError("position must not be empty: the board needs at least one heap, cell or piece")
    try:
        return rules.check(from_json(data))  # the rules' own form, e.g. Dawson's chess with whose turn it is
    except (TypeError, ValueError):
        return rules.check(rules.decode(data))  # the page's JSON form


def _other(player: str) -> str:
    return "computer" if player == "reader" else "reader"


def _said(error: BaseException) -> str:
    """An error's text for the message line, cut short (a message never carries a huge repr)."""
    text = str(error) if isinstance(error, TypeError | ValueError) else f"{type(error).__name__}: {error}"
    return text if len(text) <= 300 else text[:297] + "..."


def _turn(rules: Playable, position: Any, player: str) -> Any:
    """A partizan position gets the side to move, which the page leaves out: the reader plays side 0."""
    if getattr(rules, "partizan", False):
        return (position[0], 0 if player == "reader" else 1)
    return position


def _same_move(entry: Any, old: dict) -> bool:
    """True if the page's ``entry`` is the already checked ``old``, but for the label's wording."""
    return (
        isinstance(entry, dict)
        and set(entry) == ENTRY_KEYS
        and isinstance(entry["label"], str)
        and all(entry[k] == old[k] for k in ("player", "move", "before", "after"))
    )


def _checked_entry(rules: Playable, entry: Any, name: str, player: str, before: JSON, two: bool = False) -> dict:
    """History entry ``entry`` (the page's JSON) with nimlib's label, or raise naming what is wrong with it.

    ``two``: two readers play (two-player mode), so the "computer" slot may play any legal move.
    """
    if not isinstance(entry, dict) or set(entry) != ENTRY_KEYS:
        raise TypeError(f"{name} must be a dict with exactly the keys {sorted(ENTRY_KEYS)}, got {short_repr(entry)}")
    if entry["player"] != player:
        raise ValueError(f"{name} must be a move by the {player} (turns alternate), got {short_repr(entry['player'])}")
    if entry["before"] != before:
        raise ValueError(f"{name}['before'] must be {short_repr(before)}, where the game stood, got "
                         f"{short_repr(entry['before'])}")  # fmt: skip
    position = _turn(rules, rules.decode(before), player)
    if _is_over(rules, position):
        raise ValueError(f"{name} is a move after the end of the game")
    move = rules.decode_move(entry["move"])
    after = rules.apply(position, move)
    if not isinstance(entry["label"], str):
        raise TypeError(f"{name}['label'] must be a string, got {short_repr(entry['label'])}")
    expected = {"move": rules.encode_move(move), "after": _check_json_ints(rules.encode(after), f"{name}['after']")}
    for key, value in expected.items():
        if entry[key] != value:
            raise ValueError(f"{name}[{key!r}] must be {short_repr(value)}, got {short_repr(entry[key])}")
    if player == "computer" and not two and not _is_p(rules, position) and not _is_p(rules, after):
        # the computer plays the strategy: from a position it wins, only a winning move (whichever the page
        # chose); from a lost one any legal move. A forged losing reply would hand the reader the game
        raise ValueError(
            f"{name} is a losing move by the computer from a position it wins: nimlib's computer plays a "
            "winning move there"
        )
    label = _label(rules, position, move)
    return {"player": player, "move": expected["move"], "label": label, "before": before, "after": expected["after"]}


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


def _heap_board(rules: Playable, position: Any) -> Playable:
    """A bare heap game gets its Grundy table: the page plays it as a ``HeapBoard`` (heaps up to 30, or the largest)."""
    from .boards import HeapBoard
    from .rulesets import HeapGame

    if not isinstance(rules, HeapGame):
        return rules
    heaps = rules.check(rules.start() if position is None else _decode(rules, position))
    return HeapBoard(game=rules, largest=max(30, *heaps) if heaps else 30)


def _as_playable(game: Any, name: str = "game") -> Playable:
    """``game`` itself: any rules object with the widget hooks (see nimlib.game.Playable); errors say ``name``."""
    if not isinstance(game, Playable):
        raise TypeError(
            f"{name} must be a playable rules object (nimlib.game.Playable: a widget name, widget_params, "
            f"encode/decode), got {game!r}"
        )
    return game
