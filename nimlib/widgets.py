"""Play against the optimal strategy (the only module that imports ipywidgets).

``NimGame`` plays Nim, misère Nim and Moore's Nim_k with the binary XOR shown
step by step; ``GameBoard`` plays any board of ``nimlib.boards`` with the
Grundy value of every component. Both compute nothing themselves: moves come
from ``nimlib.play.computer_move`` / ``Board.best_move`` and explanations from
``nimlib.explain``. Every click goes through the public ``play`` method, which
tests call directly; an illegal move leaves the game as it was and says why.
"""

from __future__ import annotations

import html
import random
from dataclasses import dataclass

import ipywidgets as w

from . import moore, nim
from ._check import check_k, check_position
from .boards import Board
from .explain import XorSteps, xor_steps
from .play import computer_move
from .types import Move, MultiMove, Position

STONE_LIMIT = 24  # heaps larger than this are drawn as a number, not as stones
_CSS = """
<style>
.nimlib-msg{font-family:system-ui,sans-serif;padding:4px 8px;border-radius:4px;margin:2px 0}
.nimlib-msg.info{background:#ebf8ff;color:#1a365d}
.nimlib-msg.error{background:#fff5f5;color:#9b2c2c;border:1px solid #feb2b2}
.nimlib-msg.over{background:#f0fff4;color:#22543d;font-weight:bold}
.nimlib-heap-label{font-family:monospace;white-space:pre}
.nimlib-history{font-family:monospace;font-size:12px;max-height:10em;overflow:auto;white-space:pre}
</style>
"""


@dataclass(frozen=True)
class _Entry:
    player: str  # "you" or "computer"
    move: Move | MultiMove
    before: Position


class NimGame(w.VBox):
    """Nim against the computer: click a stone to take it and every stone to its right.

    ``k`` > 1 plays Moore's Nim_k: set the new sizes of up to k heaps in the
    boxes and press *Play*. ``misere=True`` makes the last stone lose.

    >>> game = NimGame((3, 4, 5))
    >>> game.play((0, 1))      # you leave (1, 4, 5); the computer replies
    True
    """

    def __init__(
        self,
        position: Position = (3, 4, 5),
        *,
        misere: bool = False,
        k: int = 1,
        seed: int | None = None,
        computer_first: bool = False,
    ) -> None:
        super().__init__()
        self.k = check_k(k)
        if misere and self.k != 1:
            raise ValueError(f"misere play is supported for k=1 only, got k={k}")
        self.misere = bool(misere)
        self.rng = random.Random(seed)
        self.computer_first = bool(computer_first)
        self.start = check_position(position, allow_empty=False)
        self.position: Position = self.start
        self.history: list[_Entry] = []
        self.message = ""
        self.explanation: XorSteps = xor_steps(self.start, misere=self.misere, k=self.k)

        self._msg = w.HTML()
        self._status = w.HTML()
        self._heaps = w.VBox()
        self._rows: dict[int, tuple[tuple[int, int], w.HBox]] = {}
        self._xor = w.HTML()
        self._show_xor = w.Checkbox(value=True, description="Show the XOR", indent=False)
        self._show_xor.observe(lambda change: self._refresh(), "value")
        self._history = w.HTML()
        self.play_button = w.Button(description="Play", button_style="primary", tooltip="Play the sizes in the boxes")
        self.new_button = w.Button(description="New position")
        self.undo_button = w.Button(description="Undo")
        self.hint_button = w.Button(description="Hint")
        self.first_toggle = w.ToggleButtons(
            options=[("You start", False), ("Computer starts", True)], value=self.computer_first
        )
        self.play_button.on_click(lambda _: self._play_boxes())
        self.new_button.on_click(lambda _: self.new_position())
        self.undo_button.on_click(lambda _: self.undo())
        self.hint_button.on_click(lambda _: self.hint())
        self.first_toggle.observe(lambda change: self._set_first(change["new"]), "value")
        rule = "misère play: whoever takes the last stone loses" if self.misere else "normal play: last stone wins"
        title = "Nim" if self.k == 1 else f"Moore's Nim<sub>{self.k}</sub>"
        header = w.HTML(
            f"{_CSS}<b>{title}</b> — {rule}" + (f"; a move reduces 1 to {self.k} heaps" if self.k > 1 else "")
        )
        controls = w.HBox(
            [self.play_button, self.new_button, self.undo_button, self.hint_button],
            layout=w.Layout(flex_flow="row wrap"),
        )
        self.children = [
            header,
            self.first_toggle,
            self._status,
            self._heaps,
            controls,
            self._msg,
            self._show_xor,
            self._xor,
            self._history,
        ]
        self.reset()

    # ------------------------------------------------------------ public API

    def reset(self, position: Position | None = None) -> None:
        """Start again from ``position`` (default: the starting position); the computer moves first if asked."""
        if position is not None:
            try:
                self.start = check_position(position, allow_empty=False)
            except (TypeError, ValueError) as error:
                self._say(str(error), "error")
                return
        self.position = self.start
        self.history = []
        self.explanation = xor_steps(self.position, misere=self.misere, k=self.k)
        self._say(
            "Your move: click a stone to take it and all stones to its right."
            if self.k == 1
            else f"Your move: lower up to {self.k} heaps in the boxes, then press Play.",
            "info",
        )
        if self.computer_first:
            self._computer_reply()
        self._refresh()

    def new_position(self) -> None:
        """A random position (from the widget's seeded generator), then reset."""
        heaps = self.rng.randint(3, 5) if self.k == 1 else self.rng.randint(self.k + 2, self.k + 4)
        self.reset(tuple(self.rng.randint(1, 15) for _ in range(heaps)))

    def play(self, move: Move | MultiMove) -> bool:
        """Play the reader's ``move`` and the computer's reply; False (and a message) if the move is illegal."""
        if self.is_over:
            self._say("The game is over: press New position or Undo.", "error")
            return False
        try:
            if self.k == 1:
                after = nim.apply_move(self.position, move)
            else:
                if isinstance(move, tuple | list) and len(move) == 2 and not isinstance(move[0], tuple | list):
                    move = (tuple(move),)
                after = moore.apply_move(self.position, move, self.k)
        except (TypeError, ValueError) as error:
            self._say(f"Illegal move: {error}", "error")
            return False
        self.history.append(_Entry("you", move, self.position))
        self.position = after
        if not self.is_over:
            self._computer_reply()
        else:
            self._say("", "info")
        self._refresh()
        return True

    def undo(self) -> None:
        """Take back your last move (and the computer's reply to it)."""
        while self.history and self.history[-1].player == "computer":
            self.position = self.history.pop().before
        if not self.history:
            self._say("Nothing to undo.", "error")
            self._refresh()
            return
        self.position = self.history.pop().before
        self.explanation = xor_steps(self.position, misere=self.misere, k=self.k)
        self._say("Move taken back. Your move.", "info")
        self._refresh()

    def hint(self) -> None:
        """Say the optimal move from the current position, or that every move loses."""
        steps = xor_steps(self.position, misere=self.misere, k=self.k)
        self.explanation = steps
        if steps.move is None:
            self._say("Every move loses against best play here: take one stone and hope for a mistake.", "info")
        else:
            said = ", ".join(f"heap {i} to {b}" for i, b in steps.move)
            self._say(f"Hint: {said}.", "info")
        self._refresh()

    @property
    def is_over(self) -> bool:
        return not any(self.position)

    @property
    def winner(self) -> str | None:
        """ "you" or "computer" once the game is over, else None."""
        if not self.is_over or not self.history:
            return None
        last = self.history[-1].player
        other = "computer" if last == "you" else "you"
        return other if self.misere else last

    # ------------------------------------------------------------ internals

    def _computer_reply(self) -> None:
        before = self.position
        self.explanation = xor_steps(before, misere=self.misere, k=self.k)
        reply = computer_move(before, misere=self.misere, k=self.k)
        if reply is None:
            return
        self.position = nim.apply_move(before, reply) if self.k == 1 else moore.apply_move(before, reply, self.k)
        self.history.append(_Entry("computer", reply, before))
        pairs = (reply,) if self.k == 1 else reply
        said = ", ".join(f"heap {i} from {before[i]} to {b}" for i, b in pairs)
        if self.explanation.move is None:
            self._say(f"I am in a losing position, so I stall: {said}.", "info")
        else:
            self._say(f"I play {said}.", "info")

    def _set_first(self, computer_first: bool) -> None:
        self.computer_first = computer_first
        self.reset()

    def _play_boxes(self) -> None:
        boxes = [row.children[1] for row in self._heaps.children]
        move = tuple((i, int(box.value)) for i, box in enumerate(boxes) if int(box.value) != self.position[i])
        if not move:
            self._say("Change the new size of at least one heap first.", "error")
            return
        self.play(move[0] if self.k == 1 and len(move) == 1 else move)

    def _say(self, text: str, kind: str) -> None:
        self.message = text
        self._msg.value = f"<div class='nimlib-msg {kind}'>{html.escape(text)}</div>" if text else ""

    def _refresh(self) -> None:
        width = len(str(max(self.position, default=0)))
        rows = []
        for i, size in enumerate(self.position):
            # A move changes one or two heaps: rebuild only their rows (stone buttons are slow to make)
            cached = self._rows.get(i)
            if cached is None or cached[0] != (size, width):
                cached = ((size, width), self._heap_row(i, size, width))
                self._rows[i] = cached
            row = cached[1]
            row.children[1].value = size
            rows.append(row)
        for i in [j for j in self._rows if j >= len(self.position)]:
            del self._rows[i]
        self._heaps.children = rows
        turn = "Game over" if self.is_over else "Your move"
        if self.is_over:
            self._say(f"Game over: {'you win' if self.winner == 'you' else 'the computer wins'}.", "over")
        self._status.value = f"<b>{turn}</b> · position {self.position}"
        self._xor.value = self.explanation.to_html() if self._show_xor.value else ""
        self._xor.layout.display = None if self._show_xor.value else "none"
        lines = []
        for entry in self.history:
            pairs = (entry.move,) if self.k == 1 else entry.move
            said = ", ".join(f"heap {i} → {b}" for i, b in pairs)
            lines.append(f"{entry.player:>8}: {said}")
        self._history.value = "<div class='nimlib-history'>" + html.escape("\n".join(lines)) + "</div>"
        self.undo_button.disabled = not any(e.player == "you" for e in self.history)

    def _heap_row(self, i: int, size: int, width: int) -> w.HBox:
        label = w.HTML(f"<span class='nimlib-heap-label'>heap {i:>2} │ {size:>{width}}</span>")
        if size <= STONE_LIMIT:
            stones = []
            for j in range(size):
                b = w.Button(
                    description="●",
                    tooltip=f"take {size - j}: heap {i} becomes {j}",
                    layout=w.Layout(width="26px", height="26px", padding="0"),
                )
                b.on_click(lambda _, i=i, j=j: self._click_stone(i, j))
                stones.append(b)
            stones_box = w.HBox(stones, layout=w.Layout(flex_flow="row wrap"))
        else:
            stones_box = w.HTML(f"<span style='color:#4a5568'>{'●' * 12} … ({size} stones)</span>")
        box = w.BoundedIntText(value=size, min=0, max=size, description="new size", layout=w.Layout(width="170px"))
        return w.HBox([label, box, stones_box], layout=w.Layout(align_items="center", flex_flow="row wrap"))

    def _click_stone(self, i: int, j: int) -> None:
        if self.k == 1:
            self.play((i, j))
        else:
            self._heaps.children[i].children[1].value = j
            self._say(f"Heap {i} set to {j}; set up to {self.k} heaps, then press Play.", "info")


class GameBoard(w.VBox):
    """Play a board game of ``nimlib.boards`` against the Sprague–Grundy strategy.

    Click a cell to see its moves, pick one and press *Play*. A table shows
    every component's Grundy value and their XOR: the computer always moves
    to XOR 0 when it can.
    """

    def __init__(self, board: Board, position: tuple, *, computer_first: bool = False) -> None:
        super().__init__()
        if not isinstance(board, Board):
            raise TypeError(f"board must be a nimlib.boards.Board, got {board!r}")
        self.board = board
        self.start = tuple(position)
        self.position = self.start
        self.history: list[tuple[str, str, tuple]] = []
        self.message = ""
        self.computer_first = bool(computer_first)
        self._cells = w.HBox(layout=w.Layout(flex_flow="row wrap"))
        self._choice = w.Dropdown(options=[], description="Move:", layout=w.Layout(width="420px", max_width="100%"))
        self.play_button = w.Button(description="Play", button_style="primary")
        self.undo_button = w.Button(description="Undo")
        self.reset_button = w.Button(description="Restart")
        self.play_button.on_click(lambda _: self._play_choice())
        self.undo_button.on_click(lambda _: self.undo())
        self.reset_button.on_click(lambda _: self.reset())
        self._msg = w.HTML()
        self._table = w.HTML()
        self.children = [
            w.HTML(f"{_CSS}<b>{html.escape(board.name)}</b>"),
            self._cells,
            w.HBox(
                [self._choice, self.play_button, self.undo_button, self.reset_button],
                layout=w.Layout(flex_flow="row wrap"),
            ),
            self._msg,
            self._table,
        ]
        self.reset()

    def reset(self) -> None:
        self.position = self.start
        self.history = []
        self._say("Your move: click a cell, choose a move, press Play.", "info")
        if self.computer_first:
            self._computer_reply()
        self._refresh()

    def legal_moves(self) -> list[tuple[str, int | None, tuple]]:
        return self.board.moves(self.position)

    def play(self, move: str | tuple) -> bool:
        """Play a move given by its label (``"knock pin 3"``) or by the position it leaves; then the reply."""
        options = self.legal_moves()
        chosen = next((m for m in options if move in (m[0], m[2])), None)
        if chosen is None:
            self._say(f"Illegal move: {move!r} is not one of the {len(options)} legal moves here.", "error")
            return False
        self.history.append(("you", chosen[0], self.position))
        self.position = chosen[2]
        if self.board.moves(self.position):
            self._computer_reply()
        self._refresh()
        return True

    def undo(self) -> None:
        while self.history and self.history[-1][0] == "computer":
            self.position = self.history.pop()[2]
        if self.history:
            self.position = self.history.pop()[2]
            self._say("Move taken back.", "info")
        else:
            self._say("Nothing to undo.", "error")
        self._refresh()

    @property
    def is_over(self) -> bool:
        return not self.board.moves(self.position)

    @property
    def winner(self) -> str | None:
        if not self.is_over or not self.history:
            return None
        return self.history[-1][0]

    def _computer_reply(self) -> None:
        move = self.board.best_move(self.position)
        if move is None:
            return
        losing = self.board.grundy(self.position) == 0
        self.history.append(("computer", move[0], self.position))
        self.position = move[2]
        self._say(("I am losing, so I play: " if losing else "I play: ") + move[0] + ".", "info")

    def _play_choice(self) -> None:
        if self._choice.value is None:
            self._say("Click a cell and choose a move first.", "error")
            return
        self.play(self._choice.value)

    def _show_cell(self, cell: int) -> None:
        options = [(label, label) for label, c, _ in self.legal_moves() if c == cell]
        self._choice.options = options
        if not options:
            self._say(f"No move starts at cell {cell}.", "error")
        elif len(options) == 1:
            self.play(options[0][1])

    def _say(self, text: str, kind: str) -> None:
        self.message = text
        self._msg.value = f"<div class='nimlib-msg {kind}'>{html.escape(text)}</div>" if text else ""

    def _refresh(self) -> None:
        cells = []
        for i, text in enumerate(self.board.cells(self.position)):
            b = w.Button(description=text, tooltip=f"cell {i}", layout=w.Layout(width="40px", height="32px"))
            b.on_click(lambda _, i=i: self._show_cell(i))
            cells.append(b)
        self._cells.children = cells
        self._choice.options = [(label, label) for label, _, _ in self.legal_moves()]
        parts = self.board.components(self.position)
        rows = "".join(f"<tr><td>{html.escape(label)}</td><td>{v}</td><td>{v:b}</td></tr>" for label, v in parts)
        total = self.board.grundy(self.position)
        self._table.value = (
            "<table class='nimlib-xor' style='font-family:monospace'>"
            "<tr><th>component</th><th>Grundy value</th><th>binary</th></tr>"
            f"{rows}<tr style='border-top:2px solid #444'><th>XOR</th><th>{total}</th><th>{total:b}</th></tr></table>"
            + ("<p>XOR 0: the player to move loses against best play.</p>" if total == 0 else "")
        )
        if self.is_over:
            self._say(f"Game over: {'you win' if self.winner == 'you' else 'the computer wins'}.", "over")
        self.undo_button.disabled = not any(h[0] == "you" for h in self.history)
