"""PDF pages for the sheets and the key, typeset with matplotlib's PDF backend (no browser, no TeX).

A document is a list of blocks (a heading, a paragraph, monospace lines, a diagram); the blocks are laid
out top to bottom on A4 pages, each page one matplotlib Figure written by ``PdfPages``. Fonts are the
DejaVu fonts matplotlib ships, embedded (subset, as Type 3 fonts with a ToUnicode map: TrueType embedding
costs fontTools about two seconds a file), so the PDFs show the same everywhere and ``pdftotext`` reads
them back.
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from pathlib import Path

from .._atomic import atomic_write

# A4 in inches, the margins and the line heights (inches) of each kind of line
WIDTH, HEIGHT, MARGIN = 8.27, 11.69, 0.75
LINE = {"h1": 0.36, "h2": 0.28, "p": 0.2, "mono": 0.17}
SIZE = {"h1": 15, "h2": 11.5, "p": 10, "mono": 8.5}
CHARS = {"h1": 60, "h2": 88, "p": 96, "mono": 104}  # characters a line holds at that size
DIAGRAM = 1.35  # a diagram's height, inches

Block = tuple  # ("h1" | "h2" | "p" | "mono", text) or ("diagram", spec) or ("space", inches) or ("page",)


def _lines(kind: str, text: str) -> list[str]:
    if kind == "mono":
        return [chunk for line in text.splitlines() for chunk in (textwrap.wrap(line, CHARS["mono"]) or [""])]
    return textwrap.wrap(text, CHARS[kind]) or [""]


def write_pdf(path: Path, blocks: Sequence[Block], *, title: str) -> None:
    """Lay ``blocks`` out on A4 pages and write them to ``path`` through a temporary file and a rename."""
    try:
        import matplotlib
        from matplotlib.backends.backend_pdf import PdfPages
        from matplotlib.figure import Figure
    except ImportError:
        raise ImportError(
            "the sheets and the key are typeset with matplotlib: pip install 'sprague-grundy[assignment]'"
        ) from None

    path = Path(path)
    with (
        atomic_write(path, "wb", encoding=None, what="the PDF") as stream,
        matplotlib.rc_context({"pdf.fonttype": 3, "font.family": "DejaVu Sans", "pdf.compression": 6}),
        PdfPages(stream, metadata={"Title": title, "Creator": "nimlib assignment", "CreationDate": None}) as pdf,
    ):
        figure = None
        y = 0.0

        def new_page() -> Figure:
            nonlocal y
            if figure is not None:
                pdf.savefig(figure)
            y = HEIGHT - MARGIN
            return Figure(figsize=(WIDTH, HEIGHT))

        figure = new_page()
        for block in blocks:
            kind = block[0]
            if kind == "page":
                figure = new_page()
                continue
            if kind == "space":
                y -= block[1]
                continue
            if kind == "diagram":
                if y - DIAGRAM < MARGIN:
                    figure = new_page()
                ax = figure.add_axes(
                    (MARGIN / WIDTH, (y - DIAGRAM) / HEIGHT, (WIDTH - 2 * MARGIN) / WIDTH, DIAGRAM / HEIGHT)
                )
                draw(ax, block[1])
                y -= DIAGRAM + 0.1
                continue
            lines = _lines(kind, block[1])
            if kind in ("h1", "h2") and y - LINE[kind] * (len(lines) + 3) < MARGIN:
                figure = new_page()  # a heading never ends a page
            for line in lines:
                if y - LINE[kind] < MARGIN:
                    figure = new_page()
                figure.text(
                    MARGIN / WIDTH,
                    (y - LINE[kind] * 0.8) / HEIGHT,
                    line,
                    fontsize=SIZE[kind],
                    family="DejaVu Sans Mono" if kind == "mono" else "DejaVu Sans",
                    weight="bold" if kind in ("h1", "h2") else "normal",
                    parse_math=False,
                )
                y -= LINE[kind]
            y -= 0.06
        pdf.savefig(figure)


# ---------------------------------------------------------------- diagrams, as the chapters draw them


def draw(ax, spec: tuple) -> None:
    """Draw one diagram: heaps of stones, rows of pins, a staircase, a board, a row of coins, a tree, a graph."""
    from matplotlib.collections import PatchCollection
    from matplotlib.patches import Circle, Rectangle

    kind = spec[0]
    ax.set_axis_off()
    ax.set_aspect("equal")
    ax.set_anchor("W")
    patches: list = []
    add = patches.append  # one collection at the end: adding patches one by one re-computes the limits each time
    if kind == "heaps":
        heaps = spec[1]
        step = 3.0  # room for a label under each heap
        for i, h in enumerate(heaps):
            for t in range(h):
                add(Circle((i * step, 0.5 + t * 0.55), 0.24, facecolor="#8c6d46", edgecolor="black", lw=0.6))
            label = f"heap {i}\n{h}" if len(heaps) > 1 else f"{h} tokens"
            ax.text(i * step, 0.05, label, ha="center", va="top", fontsize=7, linespacing=1.1)
        top = max(heaps, default=1)
        ax.set_xlim(-1.5, max(len(heaps) * step, 24))
        ax.set_ylim(-1.2, max(top * 0.55 + 0.6, 3))
    elif kind == "pins":
        rows, heap = spec[1], spec[2]
        x = 0.0
        for r in rows:
            for s in range(r):
                add(Circle((x + s * 0.5, 0.6), 0.18, facecolor="white", edgecolor="black", lw=0.8))
            ax.text(x + (r - 1) * 0.25, 0.1, f"{r} pins", ha="center", va="top", fontsize=8)
            x += r * 0.5 + 0.8
        if heap:
            for s in range(heap):
                add(Circle((x, 0.6 + s * 0.42), 0.18, facecolor="#8c6d46", edgecolor="black", lw=0.6))
            ax.text(x, 0.1, f"heap of {heap}", ha="center", va="top", fontsize=8)
            x += 1
        ax.set_xlim(-0.5, max(x, 14))
        ax.set_ylim(-0.5, max(0.6 + heap * 0.42 + 0.4, 2.2))
    elif kind == "stairs":
        steps = spec[1]
        for i, c in enumerate(steps):
            add(Rectangle((i * 1.4, 0), 1.4, 0.4 * (i + 1), facecolor="#e8e8e8", edgecolor="black", lw=0.8))
            for s in range(c):
                add(
                    Circle(
                        (i * 1.4 + 0.3 + (s % 3) * 0.4, 0.4 * (i + 1) + 0.2 + (s // 3) * 0.4),
                        0.16,
                        facecolor="#d4a017",
                        edgecolor="black",
                        lw=0.5,
                    )
                )
            ax.text(i * 1.4 + 0.7, -0.1, f"step {i + 1}: {c}", ha="center", va="top", fontsize=7.5)
        ax.set_xlim(-0.3, max(len(steps) * 1.4 + 0.3, 12))
        ax.set_ylim(-0.6, 0.4 * len(steps) + 1.2)
    elif kind == "queen":
        position, window = spec[1], spec[2]
        if window is not None:
            cols, rows = window["x"][1] + 1, window["y"][1] + 1
        else:
            cols, rows = position[0] + 1, position[1] + 1
        for a in range(cols):
            for b in range(rows):
                inside = window is not None and window["x"][0] <= a and window["y"][0] <= b
                add(
                    Rectangle(
                        (a, b),
                        1,
                        1,
                        facecolor="#fff2b3" if inside else ("#f0f0f0" if (a + b) % 2 else "white"),
                        edgecolor="0.6",
                        lw=0.3,
                    )
                )
        if position is not None:
            add(Circle((position[0] + 0.5, position[1] + 0.5), 0.42, facecolor="#1f4e79", edgecolor="black", lw=0.5))
            ax.text(
                position[0] + 0.5,
                position[1] + 0.5,
                "Q",
                ha="center",
                va="center",
                fontsize=6,
                color="white",
                weight="bold",
                zorder=4,
            )
        ax.text(cols / 2, -0.4, "x", ha="center", va="top", fontsize=7)
        ax.text(-0.4, rows / 2, "y", ha="right", va="center", fontsize=7)
        ax.text(0.5, -0.2, "0", ha="center", va="top", fontsize=6)
        ax.set_xlim(-1, cols + 1 + max(0, 2.8 * rows - cols))
        ax.set_ylim(-1.2, rows + 0.2)
    elif kind == "coins":
        heads, length = spec[1], spec[2]
        for x in range(1, length + 1):
            up = x in heads
            add(Circle((x, 0.6), 0.38, facecolor="#d4a017" if up else "white", edgecolor="black", lw=0.8))
            ax.text(x, 0.6, "H" if up else "T", ha="center", va="center", fontsize=8)
            ax.text(x, 0.0, str(x), ha="center", va="top", fontsize=7)
        ax.set_xlim(0, max(length + 1, 26))
        ax.set_ylim(-0.5, 1.3)
    elif kind == "tree":
        from .. import hackenbush

        edges = [tuple(e) for e in spec[1]]
        place = hackenbush.layout(edges)
        for u, v in edges:
            (x0, y0), (x1, y1) = place[u], place[v]
            ax.plot([x0, x1], [y0, y1], color="#2e7d32", lw=2)
        for v, (x, y) in place.items():
            add(Circle((x, y), 0.07, facecolor="black"))
            if v:
                ax.text(x + 0.1, y, str(v), fontsize=7, va="center")
        xs = [x for x, _ in place.values()]
        ax.plot([min(xs) - 0.6, max(xs) + 0.6], [0, 0], color="black", lw=2.5)
        ax.text(max(xs) + 0.7, 0, "ground (0)", fontsize=7, va="center")
        height = max(y for _, y in place.values())
        ax.set_xlim(min(xs) - 1, min(xs) - 1 + max(max(xs) - min(xs) + 2, 5.2 * (height + 0.6)))
        ax.set_ylim(-0.3, height + 0.3)
    elif kind == "graph":
        import math

        edges = spec[1]
        n = len(edges)
        place = {
            v: (math.cos(2 * math.pi * v / n + math.pi / 2), math.sin(2 * math.pi * v / n + math.pi / 2))
            for v in range(n)
        }
        for v, targets in enumerate(edges):
            for t in targets:
                ax.annotate(
                    "",
                    xy=place[t],
                    xytext=place[v],
                    arrowprops={"arrowstyle": "-|>", "color": "0.3", "lw": 0.8, "shrinkA": 7, "shrinkB": 7},
                )
        for v, (x, y) in place.items():
            add(Circle((x, y), 0.12, facecolor="white", edgecolor="black", lw=0.8, zorder=3))
            ax.text(x, y, str(v), ha="center", va="center", fontsize=7, zorder=4)
        ax.set_xlim(-1.3, -1.3 + 2.6 * 4.9)
        ax.set_ylim(-1.2, 1.2)
    else:  # pragma: no cover - the templates name only the kinds above
        raise ValueError(f"unknown diagram kind {kind!r}")
    ax.add_collection(PatchCollection(patches, match_original=True, zorder=3))
