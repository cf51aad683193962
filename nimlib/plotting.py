"""Pictures for the chapters (the only module that imports matplotlib).

Every function draws on ``ax`` (the current Axes when None), returns it, and
never calls ``plt.show()`` or changes global settings.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Sequence

import matplotlib.pyplot as plt
from matplotlib.axes import Axes
from matplotlib.patches import Circle, Rectangle

from ._check import check_int, check_position, check_size
from .game import Game, as_game, options
from .search import solve
from .types import Position

# The most positions plot_game_graph draws, and the largest grid the table plots draw
MAX_GRAPH = 400
MAX_GRID = 1024
# plot_heaps draws a heap as a row of stones up to this size; larger heaps make every heap a bar with its count
MAX_STONES = 30
# The most heaps plot_heaps and plot_bits draw (a row each), steps plot_staircase and coins plot_coin_row draw
MAX_HEAPS = 200
# The most binary digits plot_bits draws per heap (heaps below 2^64)
MAX_BITS = 64
# The largest heap plot_heaps writes the count of, in bits (a 78-digit number beside its bar)
MAX_COUNT_BITS = 256
STONE_COLOR = "#4a5568"
TAKEN_COLOR = "#e2e8f0"  # stones (or the share of a bar) a move takes


def _title(title: object) -> str | None:
    if title is not None and not isinstance(title, str):
        raise TypeError(f"title must be a str or None, got {title!r}")
    return title


def _highlight(highlight: object, heaps: Position) -> dict[int, int]:
    """``{heap_index: new_size}``, each index a heap and each new size at most that heap's size."""
    if highlight is None:
        return {}
    if not isinstance(highlight, dict):
        raise TypeError(f"highlight must be a dict {{heap_index: new_size}}, got {highlight!r}")
    out = {}
    for i, b in highlight.items():
        i = check_int(i, "highlight key (heap index)")
        b = check_int(b, f"highlight[{i}] (new size)")
        if i >= len(heaps):
            raise ValueError(f"highlight names heap {i}, but there are {len(heaps)} heaps")
        if b > heaps[i]:
            raise ValueError(f"highlight[{i}] = {b} is more than heap {i}'s {heaps[i]} stones")
        out[i] = b
    return out


P_COLOR = "#2b6cb0"  # P-positions: the player to move loses
N_COLOR = "#dd6b20"  # N-positions: the player to move wins


def plot_heaps(
    position: Position, ax: Axes | None = None, *, highlight: dict[int, int] | None = None, title: str | None = None
) -> Axes:
    """Draw each heap as a row of stones; ``highlight={heap: new_size}`` greys the stones a move takes.

    When some heap has more than MAX_STONES stones, every heap is drawn as a
    bar instead (lengths in proportion to the largest heap, each labelled with
    its count; the share a move takes greyed), so a heap of 10^12 is one bar,
    not 10^12 circles: a heap of any size costs one bar. At most MAX_HEAPS heaps (a row each), each below
    2^MAX_COUNT_BITS (its count, up to 78 digits, is written out).
    """
    heaps = check_position(position)
    check_size(len(heaps), MAX_HEAPS, "plot_heaps: the heaps to draw, a row each")
    for i, size in enumerate(heaps):
        if size.bit_length() > MAX_COUNT_BITS:
            raise ValueError(
                f"position[{i}] must be below 2**{MAX_COUNT_BITS} (MAX_COUNT_BITS: its count is written beside "
                "its bar), "
                f"got a heap of {size.bit_length()} bits"
            )
    highlight = _highlight(highlight, heaps)
    title = _title(title)
    ax = ax or plt.gca()
    largest = max(heaps, default=0)
    if largest > MAX_STONES:
        return _heap_bars(ax, heaps, highlight, largest, title)
    for row, size in enumerate(heaps):
        y = len(heaps) - 1 - row
        keep = highlight.get(row, size)
        for j in range(size):
            taken = j >= keep
            color = TAKEN_COLOR if taken else STONE_COLOR
            ax.add_patch(Circle((j, y), 0.38, facecolor=color, edgecolor="#1a202c", lw=1))
        ax.text(-0.9, y, f"heap {row}: {size}", ha="right", va="center", fontsize=10)
    return _board_frame(ax, (-4.2, max(largest, 1) - 0.4), (-0.7, len(heaps) - 0.3), title)


def _heap_bars(ax: Axes, heaps: Position, highlight: dict[int, int], largest: int, title: str | None) -> Axes:
    """Each heap a horizontal bar of MAX_STONES units for the largest heap, its count written after it."""
    width = MAX_STONES
    for row, size in enumerate(heaps):
        y = len(heaps) - 1 - row
        keep = highlight.get(row, size)
        # int / int is a correctly rounded float even for heaps far beyond a float's range of exact ints
        length, kept = width * (size / largest), width * (keep / largest)
        ax.add_patch(Rectangle((-0.4, y - 0.3), kept, 0.6, facecolor=STONE_COLOR, edgecolor="#1a202c", lw=1))
        if keep < size:
            ax.add_patch(
                Rectangle((-0.4 + kept, y - 0.3), length - kept, 0.6, facecolor=TAKEN_COLOR, edgecolor="#1a202c", lw=1)
            )
        ax.text(length, y, f"{size:,}", ha="left", va="center", fontsize=10)
        ax.text(-0.9, y, f"heap {row}", ha="right", va="center", fontsize=10)
    longest = max(len(f"{size:,}") for size in heaps)
    ax.set_xlim(-4.2, width + 0.6 * longest)
    ax.set_ylim(-0.7, len(heaps) - 0.3)
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax


def plot_game_graph(
    game: Game,
    start: Hashable,
    ax: Axes | None = None,
    *,
    misere: bool | None = None,
    label: Callable[[Hashable], str] | None = None,
) -> Axes:
    """Draw every position reachable from ``start`` as a layered graph, coloured P (blue) and N (orange).

    ``game`` is a rules object or a successors function. Layers are the
    number of moves made from ``start`` along the longest path, so arrows
    point down. At most ``MAX_GRAPH`` positions are drawn.
    """
    game = as_game(game, misere=misere)
    start = game.check(start)
    if label is not None and not callable(label):
        raise TypeError(f"label must be a function from a position to a str, got {label!r}")
    label = label or _label
    # Every reachable position and its moves
    edges: dict[Hashable, list[Hashable]] = {}
    todo = [start]
    while todo:
        p = todo.pop()
        if p in edges:
            continue
        edges[p] = list(dict.fromkeys(options(game, p)))
        todo.extend(edges[p])
        if len(edges) > MAX_GRAPH:
            raise ValueError(f"more than {MAX_GRAPH} positions are reachable from {start!r}: too many to draw")
    known: dict[Hashable, bool] = {}
    for p in edges:
        solve(game, p, known=known)
    ax = ax or plt.gca()
    # Longest distance from start gives the layer (positions in topological order)
    order = _topological(edges, start)
    depth = {start: 0}
    for p in order:
        for q in edges[p]:
            depth[q] = max(depth.get(q, 0), depth[p] + 1)
    layers: dict[int, list[Hashable]] = {}
    for p in order:
        layers.setdefault(depth[p], []).append(p)
    xy = {}
    for d, row in layers.items():
        for j, p in enumerate(sorted(row, key=str)):
            xy[p] = (j - (len(row) - 1) / 2, -d)
    for p, qs in edges.items():
        for q in qs:
            ax.annotate(
                "",
                xy=xy[q],
                xytext=xy[p],
                arrowprops={"arrowstyle": "-|>", "color": "#a0aec0", "lw": 1, "shrinkA": 14, "shrinkB": 14},
            )
    for p, (x, y) in xy.items():
        color = P_COLOR if known[p] else N_COLOR
        ax.text(
            x,
            y,
            label(p),
            ha="center",
            va="center",
            fontsize=9,
            color="white",
            bbox={"boxstyle": "round,pad=0.35", "facecolor": color, "edgecolor": "none"},
        )
    xs = [x for x, _ in xy.values()]
    ax.set_xlim(min(xs) - 0.8, max(xs) + 0.8)
    ax.set_ylim(-max(layers) - 0.6, 0.6)
    ax.axis("off")
    ax.legend(
        handles=[
            plt.Line2D([], [], marker="s", ls="", color=P_COLOR, label="P: player to move loses"),
            plt.Line2D([], [], marker="s", ls="", color=N_COLOR, label="N: player to move wins"),
        ],
        loc="upper left",
        bbox_to_anchor=(1.0, 1.0),
        frameon=False,
        fontsize=9,
    )
    return ax


def _board_frame(ax: Axes, xlim: tuple[float, float], ylim: tuple[float, float], title: str | None) -> Axes:
    """Finish a drawn board: its limits, square cells, no axes, an optional title."""
    ax.set_xlim(*xlim)
    ax.set_ylim(*ylim)
    ax.set_aspect("equal")
    ax.axis("off")
    if title:
        ax.set_title(title)
    return ax


def _label(position: Hashable) -> str:
    if isinstance(position, tuple):
        return "(" + ", ".join(map(str, position)) + ")"
    return str(position)


def _topological(edges: dict[Hashable, list[Hashable]], start: Hashable) -> list[Hashable]:
    order: list[Hashable] = []
    seen = {start}
    stack = [(start, iter(edges[start]))]
    while stack:
        p, it = stack[-1]
        for q in it:
            if q not in seen:
                seen.add(q)
                stack.append((q, iter(edges[q])))
                break
        else:
            stack.pop()
            order.append(p)
    return order[::-1]


def plot_values(
    values: Sequence[int],
    ax: Axes | None = None,
    *,
    title: str | None = None,
    preperiod: int | None = None,
    period: int | None = None,
    rare_mask: int | None = None,
) -> Axes:
    """Plot a Grundy sequence g(0), g(1), … as dots, shading the periodic part when it is known.

    With ``rare_mask``, values v with an even number of 1s in v & rare_mask (the rare values) are drawn in red.
    """
    if isinstance(values, (str, bytes, dict, set)) or not hasattr(values, "__len__"):
        raise TypeError(f"values must be a sequence of Grundy values, got {values!r}")
    values = [check_int(v, f"values[{i}]") for i, v in enumerate(values)]
    title = _title(title)
    for name, value in (("preperiod", preperiod), ("period", period), ("rare_mask", rare_mask)):
        if value is not None:
            check_int(value, name)
    ax = ax or plt.gca()
    xs = list(range(len(values)))
    if rare_mask:
        rare = [bin(int(v) & rare_mask).count("1") % 2 == 0 for v in values]
        common_x = [x for x in xs if not rare[x]]
        rare_x = [x for x in xs if rare[x]]
        ax.plot(common_x, [values[x] for x in common_x], ".", ms=2, color="#a0aec0", label="common values")
        ax.plot(rare_x, [values[x] for x in rare_x], "o", ms=4, color="#c53030", label=f"rare values ({len(rare_x)})")
        ax.legend(loc="upper left", fontsize=9)
    else:
        ax.plot(xs, values, ".", ms=4, color="#2d3748")
    if preperiod is not None and period:
        ax.axvspan(preperiod - 0.5, len(values) - 0.5, color="#c6f6d5", alpha=0.6, label=f"periodic, period {period}")
        for start in range(preperiod, len(values), period):
            ax.axvline(start - 0.5, color="#38a169", lw=0.5)
        ax.legend(loc="upper left", fontsize=9)
    ax.set_xlabel("heap size n")
    ax.set_ylabel("Grundy value g(n)")
    if title:
        ax.set_title(title)
    return ax


def plot_outcome_grid(
    is_p: Callable[[int, int], bool], size: int, ax: Axes | None = None, *, title: str | None = None
) -> Axes:
    """Colour the two-heap positions (a, b), a, b < size: P blue, N orange."""
    if not callable(is_p):
        raise TypeError(f"is_p must be a function (a, b) -> bool, got {is_p!r}")
    size = check_int(size, "size", minimum=1)
    if size > MAX_GRID:
        raise ValueError(f"size must be at most {MAX_GRID}, got {size}")
    title = _title(title)
    ax = ax or plt.gca()
    grid = [[1.0 if is_p(a, b) else 0.0 for a in range(size)] for b in range(size)]
    from matplotlib.colors import ListedColormap

    ax.imshow(grid, origin="lower", cmap=ListedColormap([N_COLOR, P_COLOR]), vmin=0, vmax=1)
    ax.set_xlabel("heap 0 (a)")
    ax.set_ylabel("heap 1 (b)")
    ax.set_xticks(range(0, size, max(1, size // 8)))
    ax.set_yticks(range(0, size, max(1, size // 8)))
    if title:
        ax.set_title(title)
    return ax


def plot_nim_sum_table(size: int = 32, ax: Axes | None = None) -> Axes:
    """The nim-addition table a ⊕ b for a, b < size, as an image: its self-similar squares are the binary digits."""
    size = check_int(size, "size", minimum=1)
    if size > MAX_GRID:
        raise ValueError(f"size must be at most {MAX_GRID}, got {size}")
    ax = ax or plt.gca()
    table = [[a ^ b for a in range(size)] for b in range(size)]
    image = ax.imshow(table, origin="lower", cmap="viridis")
    ax.figure.colorbar(image, ax=ax, label="a ⊕ b", shrink=0.8)
    ax.set_xlabel("a")
    ax.set_ylabel("b")
    ax.set_title(f"a ⊕ b for a, b < {size}")
    return ax


def plot_bits(position: Position, k: int = 1, ax: Axes | None = None, *, title: str | None = None) -> Axes:
    """Each heap as a row of binary digits, with each column's count of 1s mod k + 1 underneath.

    The highest column whose count is not a multiple of k + 1 (the one the winning move fixes first) is outlined.
    """
    from .moore import column_sums

    heaps = check_position(position)
    check_size(len(heaps), MAX_HEAPS, "plot_bits: the heaps to draw, a row each")
    check_size(max(heaps, default=0).bit_length(), MAX_BITS, "plot_bits: the binary digits of the largest heap")
    title = _title(title)
    ax = ax or plt.gca()
    width = max(max(heaps, default=0).bit_length(), 1)
    sums = column_sums(heaps, k)
    sums = (0,) * (width - len(sums)) + sums
    for row, h in enumerate(heaps):
        for col in range(width):
            bit = (h >> (width - 1 - col)) & 1
            ax.add_patch(
                plt.Rectangle((col, -row), 0.92, 0.92, facecolor="#2b6cb0" if bit else "#edf2f7", edgecolor="#a0aec0")
            )
            ax.text(col + 0.46, -row + 0.46, str(bit), ha="center", va="center", color="white" if bit else "#4a5568")
        ax.text(-0.3, -row + 0.46, f"{h}", ha="right", va="center", fontsize=10)
    y = -len(heaps) - 0.4
    for col, s in enumerate(sums):
        ax.text(
            col + 0.46,
            y + 0.46,
            str(s),
            ha="center",
            va="center",
            fontsize=11,
            weight="bold",
            color="#c53030" if s else "#2f855a",
        )
    top = next((col for col, s in enumerate(sums) if s), None)
    if top is not None:
        ax.add_patch(
            plt.Rectangle((top - 0.06, y - 0.1), 1.04, len(heaps) + 1.5, fill=False, edgecolor="#d69e2e", lw=2.5)
        )
    ax.text(-0.3, y + 0.46, "sum" if k == 1 else f"mod {k + 1}", ha="right", va="center", fontsize=10)
    for col in range(width):
        ax.text(col + 0.46, 1.2, f"$2^{{{width - 1 - col}}}$", ha="center", va="center", fontsize=9)
    return _board_frame(ax, (-2.2, width + 0.2), (y - 0.4, 1.6), title)


def plot_staircase(position: Sequence[int], ax: Axes | None = None, *, title: str | None = None) -> Axes:
    """Staircase nim: step i + 1 holds position[i] coins; the even steps (the Nim heaps) are shaded.

    A step with more than MAX_STONES coins shows one coin with the count written above it; at most MAX_HEAPS steps.
    """
    position = check_position(position)
    check_size(len(position), MAX_HEAPS, "plot_staircase: the steps to draw")
    title = _title(title)
    ax = ax or plt.gca()
    top = 1.0
    for i, coins in enumerate(position):
        step = i + 1
        even = step % 2 == 0
        ax.add_patch(
            plt.Rectangle((i, 0), 1, step * 0.6, facecolor="#fefcbf" if even else "#edf2f7", edgecolor="#718096")
        )
        drawn = coins if coins <= MAX_STONES else 1
        for c in range(drawn):
            ax.add_patch(
                Circle((i + 0.5, step * 0.6 + 0.25 + c * 0.42), 0.19, facecolor="#d69e2e", edgecolor="#744210")
            )
        height = step * 0.6 + 0.25 + max(drawn - 1, 0) * 0.42
        if drawn < coins:
            count = f"{coins:,}"
            ax.text(i + 0.5, step * 0.6 + 0.5, count, ha="center", va="bottom", fontsize=8, rotation=90)
            height = step * 0.6 + 0.5 + 0.15 * len(count)
        ax.text(i + 0.5, -0.25, f"{step}" + ("\nheap" if even else ""), ha="center", va="top", fontsize=8)
        top = max(top, height)
    return _board_frame(ax, (-0.2, len(position) + 0.2), (-1.0, top + 0.5), title)


def plot_coin_row(
    row: Sequence[int], ax: Axes | None = None, *, title: str | None = None, labels: Sequence[str] | None = None
) -> Axes:
    """A row of coins, heads (1) dark with its place underneath, tails (0) light; for turning games."""
    row = check_position(row, "row")
    check_size(len(row), MAX_HEAPS, "plot_coin_row: the coins to draw")
    if any(c not in (0, 1) for c in row):
        raise ValueError(f"row must hold 0 (tails) and 1 (heads) only, got {row}")
    if labels is not None:
        if isinstance(labels, (str, bytes)) or not isinstance(labels, Sequence):
            raise TypeError(f"labels must be a sequence of str, one per coin, got {labels!r}")
        if len(labels) != len(row):
            raise ValueError(f"labels must have one entry per coin ({len(row)}), got {len(labels)}")
        labels = [str(x) for x in labels]
    title = _title(title)
    ax = ax or plt.gca()
    for i, heads in enumerate(row):
        ax.add_patch(Circle((i, 0), 0.42, facecolor="#2c5282" if heads else "#e2e8f0", edgecolor="#1a202c"))
        ax.text(i, 0, "H" if heads else "T", ha="center", va="center", color="white" if heads else "#4a5568")
        ax.text(i, -0.7, labels[i] if labels else str(i + 1), ha="center", va="center", fontsize=9)
    return _board_frame(ax, (-0.6, len(row) - 0.4), (-1.1, 0.6), title)
