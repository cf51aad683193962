"""The optimal move explained step by step, as data with text and HTML renderings.

``xor_steps(position)`` returns an :class:`XorSteps`: every heap in binary,
the parity of each bit column (for Moore's Nim_k, the column sum mod k + 1),
the highest bit that breaks the balance, the heap(s) the strategy picks and
their new sizes. The chapters print it; the widgets show its HTML.
"""

from __future__ import annotations

import html
import inspect
from dataclasses import dataclass

from . import moore, nim
from ._check import check_bool, check_k, check_position
from .play import rules
from .types import Move, Position


@dataclass(frozen=True)
class XorSteps:
    """The reasoning behind the optimal move from one position.

    ``rows[i]`` is heap i in binary, padded to ``width`` digits;
    ``column_sums[j]`` is the number of 1s in column j (highest bit first),
    mod k + 1; ``top_bit`` is the exponent of the highest non-zero column
    (None at a P-position); ``move`` is the chosen move as
    ``(heap_index, new_size)`` pairs (None when every move loses).
    """

    position: Position
    k: int
    misere: bool
    width: int
    rows: tuple[str, ...]
    column_sums: tuple[int, ...]
    nim_sum: int
    top_bit: int | None
    move: tuple[Move, ...] | None
    steps: tuple[str, ...]

    @property
    def is_p_position(self) -> bool:
        """True when the player to move loses with best play."""
        return rules(misere=self.misere, k=self.k).is_p_position(self.position)

    def to_text(self) -> str:
        """The explanation as aligned plain text (monospace)."""
        label_width = max((len(str(h)) for h in self.position), default=1)
        index_width = len(str(max(len(self.position) - 1, 0)))
        chosen = {i for i, _ in self.move or ()}
        lines = []
        for i, (h, row) in enumerate(zip(self.position, self.rows, strict=True)):
            mark = "  <- chosen" if i in chosen else ""
            lines.append(f"heap {i:>{index_width}}  {h:>{label_width}}  {' '.join(row)}{mark}")
        prefix = " " * (5 + index_width + 2 + label_width + 2)
        lines.append(prefix + "-" * max(2 * self.width - 1, 1))
        name = "parity" if self.k == 1 else f"mod {self.k + 1}"
        lines.append(f"{name:<{len(prefix)}}{' '.join(str(s) for s in self.column_sums)}")
        if self.top_bit is not None:
            col = self.width - 1 - self.top_bit
            lines.append(prefix + "  " * col + "^ highest unbalanced bit")
        lines.extend(self.steps)
        return "\n".join(lines)

    def __str__(self) -> str:
        return self.to_text()

    def _repr_html_(self) -> str:
        return self.to_html()

    def to_html(self) -> str:
        """The explanation as an HTML table: monospace columns, the highest bit and chosen heaps highlighted."""
        top_col = None if self.top_bit is None else self.width - 1 - self.top_bit
        chosen = dict(self.move or ())
        head = "".join(
            f'<th class="{"nimlib-top" if j == top_col else ""}">2<sup>{self.width - 1 - j}</sup></th>'
            for j in range(self.width)
        )
        body = []
        for i, (h, row) in enumerate(zip(self.position, self.rows, strict=True)):
            cls = ' class="nimlib-chosen"' if i in chosen else ""
            cells = "".join(f'<td class="{"nimlib-top" if j == top_col else ""}">{d}</td>' for j, d in enumerate(row))
            after = f"→ {chosen[i]}" if i in chosen else ""
            body.append(f"<tr{cls}><th>heap {i}</th><td class='nimlib-size'>{h}</td>{cells}<td>{after}</td></tr>")
        name = "parity" if self.k == 1 else f"sum mod {self.k + 1}"
        sums = "".join(
            f'<td class="{"nimlib-top" if j == top_col else ""}">{s}</td>' for j, s in enumerate(self.column_sums)
        )
        body.append(f"<tr class='nimlib-sum'><th>{name}</th><td></td>{sums}<td></td></tr>")
        steps = "".join(f"<li>{html.escape(s)}</li>" for s in self.steps)
        return (
            "<div class='nimlib-xor'>"
            "<style>.nimlib-xor{overflow-x:auto;max-width:100%}"
            ".nimlib-xor table{border-collapse:collapse;font-family:monospace;font-size:14px}"
            ".nimlib-xor td,.nimlib-xor th{padding:1px 6px;text-align:center}"
            ".nimlib-xor .nimlib-size{text-align:right}"
            ".nimlib-xor .nimlib-top{background:#ffe08a;font-weight:bold}"
            ".nimlib-xor tr.nimlib-chosen{background:#d6ecff}"
            ".nimlib-xor tr.nimlib-sum{border-top:2px solid #444}"
            ".nimlib-xor ol{margin:4px 0;padding-left:1.5em}</style>"
            f"<table><tr><th></th><th>size</th>{head}<th></th></tr>{''.join(body)}</table>"
            f"<ol>{steps}</ol></div>"
        )


# The widest heap xor_steps explains: a row of its binary table is this wide, and its decimal form stays well
# under Python's 4,300-digit limit for str(int) (4,096 bits: 1,234 digits)
MAX_XOR_BITS = 4096


def xor_steps(position: Position, *, misere: bool = False, k: int = 1) -> XorSteps:
    """Explain the optimal move from ``position`` (Nim, misère Nim or Moore's Nim_k).

    >>> steps = xor_steps((3, 4, 5))
    >>> steps.rows, steps.column_sums, steps.nim_sum, steps.top_bit, steps.move
    (('011', '100', '101'), (0, 1, 0), 2, 1, ((0, 1),))
    """
    heaps = check_position(position)
    k = check_k(k)
    misere = check_bool(misere, "misere")
    width = max(max(heaps, default=0).bit_length(), 1)
    if width > MAX_XOR_BITS:
        i = max(range(len(heaps)), key=heaps.__getitem__)
        raise ValueError(
            f"position[{i}] has {width:,} bits: the explanation writes every heap in binary and in decimal, "
            f"up to MAX_XOR_BITS = {MAX_XOR_BITS:,} bits"
        )
    rows = tuple(format(h, f"0{width}b") for h in heaps)
    sums = moore.column_sums(heaps, k)
    sums = (0,) * (width - len(sums)) + sums
    total = nim.nim_sum(heaps)
    nonzero = [j for j, s in enumerate(sums) if s]
    top_bit = width - 1 - nonzero[0] if nonzero else None
    steps: list[str] = []
    if k == 1:
        steps.append(f"nim-sum S = {' xor '.join(map(str, heaps)) or '0'} = {total} (binary {total:0{width}b})")
        found = nim.optimal_move(heaps, misere=misere)
        move = None if found is None else (found,)
        if misere and all(h <= 1 for h in heaps):
            ones = sum(heaps)
            steps.append(f"misère play with only 0- and 1-heaps: {_count(ones, '1-heap')}, each move removes one")
            if not ones:
                steps.append("no stone is left: whoever took the last one lost, so the player to move has won")
            elif found is None:
                steps.append("an odd number: the player to move will be left with the last stone and loses")
            else:
                steps.append(f"take one: {_count(ones - 1, '1-heap')} left, an odd number: the opponent takes the last")
        elif found is None:
            steps.append("S = 0: every move leaves a non-zero nim-sum; a P-position, the player to move loses")
        else:
            i, b = found
            a = heaps[i]
            if b == a ^ total:
                steps.append(f"the highest set bit of S is 2{_superscript(top_bit)} = {1 << top_bit}")
                steps.append(f"heap {i} ({a} = {a:0{width}b}) has that bit, so {a} xor {total} = {b} < {a}")
                if misere:
                    steps.append("misère play: a heap above 1 remains afterwards, so the normal move is right")
                steps.append(f"move: heap {i} from {a} to {b}; the new nim-sum is 0")
            else:
                rest = sum(1 for j, h in enumerate(heaps) if j != i and h == 1)
                steps.append(
                    f"misère play: heap {i} is the only heap above 1, and the normal move would leave an even "
                    f"number of 1-heaps; there {'is' if rest == 1 else 'are'} {_count(rest, 'other 1-heap')}, "
                    "so leave an odd number instead"
                )
                steps.append(f"move: heap {i} from {a} to {b}; an odd number of 1-heaps remain")
    elif misere and all(h <= 1 for h in heaps):
        move = moore.winning_move(heaps, k, misere=True)
        ones = sum(heaps)
        steps.append(f"misère play with only 0- and 1-heaps: {_count(ones, '1-heap')}, a move removes 1 to {k}")
        if not ones:
            steps.append("no stone is left: whoever took the last one lost, so the player to move has won")
        elif move is None:
            steps.append(
                f"{ones} is 1 mod {k + 1}: whatever the player to move takes, the opponent can leave 1 mod {k + 1}"
            )
        else:
            steps.append(f"take {len(move)}: {_count(ones - len(move), '1-heap')} left, 1 mod {k + 1}")
    else:
        move = moore.winning_move(heaps, k, misere=misere)
        steps.append(f"column sums of the bits, mod {k + 1}: {' '.join(map(str, sums))}")
        if misere and move is not None and all(b <= 1 for j, b in enumerate(_after(heaps, move))):
            steps.append(
                f"misère play: the balancing move would leave only 0- and 1-heaps, so leave a number of 1-heaps "
                f"that is 1 mod {k + 1} instead"
            )
            for i, b in move:
                steps.append(f"heap {i}: {heaps[i]} becomes {b}")
        elif move is None:
            steps.append(f"every column is a multiple of {k + 1}: a P-position, the player to move loses")
        else:
            steps.append(f"the highest column that is not a multiple of {k + 1} is 2{_superscript(top_bit)}")
            for i, b in move:
                steps.append(f"heap {i}: {heaps[i]} = {heaps[i]:b} becomes {b} = {b:b}")
            steps.append(f"after the move every column sum is a multiple of {k + 1}")
    return XorSteps(heaps, k, misere, width, rows, sums, total, top_bit, move, tuple(steps))


class Source:
    """A function's real source, shown as a Python code block in a notebook (no IPython needed)."""

    def __init__(self, obj: object) -> None:
        try:
            self.text = inspect.getsource(obj)
        except TypeError:
            raise TypeError(
                f"obj must be a function, method, class or module written in Python, got {obj!r} ({type(obj).__name__})"
            ) from None
        except OSError:
            raise ValueError(
                f"obj has no source file to read: {obj!r} was not loaded from a Python file "
                "(made by exec or eval, or built in)"
            ) from None

    def __str__(self) -> str:
        return self.text

    def _repr_markdown_(self) -> str:
        return f"```python\n{self.text}```"


def show_source(obj: object) -> Source:
    """Return ``obj``'s source for display, so chapters show the code they explain instead of copying it."""
    return Source(obj)


def _count(n: int, word: str) -> str:
    """``1 1-heap``, ``3 1-heaps``: counts in words, never ``1-heap(s)``."""
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


def _after(heaps: Position, move: tuple) -> list[int]:
    new = list(heaps)
    for i, b in move:
        new[i] = b
    return new


_SUPERSCRIPTS = str.maketrans("0123456789", "⁰¹²³⁴⁵⁶⁷⁸⁹")


def _superscript(n: int) -> str:
    """An exponent written as the book writes it in plain text: 2⁵, not Python's 2**5 or TeX's 2^5."""
    return str(n).translate(_SUPERSCRIPTS)
