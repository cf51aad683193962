"""Streaming Grundy values in bounded memory: a window of recent values, the rare heaps, checkpoints.

``Stream(game).run(n)`` computes g(0), …, g(n-1) of an octal game keeping
only a prefix of W values, a ring of the last W values and the rare heaps
(heap, value): memory is about 8·W bytes + 12 bytes a rare heap, whatever n
is. It reports what researchers compare: the frequency of every value, the
largest value and its first heap, the rare heaps, the last rare heap and the
mask (``report``). Frequencies go to a file in Rogalski's format
(``write_frequencies``: a line "value count" for each value that occurs, in
increasing order; heaps 0..n-1 are counted, or 1..n with ``count_from=1``).

The method (``methods.choose``) is chosen again at 512, 1024, … values
while every value so far is still held. The window W doubles (up to
``max_window``) while that is still possible: when a rare heap turns up
beyond W/2 - t (t the largest take) or a heap needs values the buffer has
dropped, as long as n <= 2W. Later, the game is not one the window can
handle and ``WindowError`` says so (a larger ``window`` helps).

A checkpoint (``save``/``load``) is plain data: one ``.npz`` file with a JSON
header (a ``version`` field, the game, the sizes, a SHA-256 of the arrays),
written to a temporary file and renamed, so a killed run leaves the last
complete one. ``load`` refuses a checkpoint of another game, another format
version, or whose sizes or digest do not match.
"""

from __future__ import annotations

import hashlib
import json
import os
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

from .._check import check_int
from .._kernels import FIRST_CHECKPOINT
from . import kernels
from .methods import METHODS, Method, choose

FORMAT = "nimlib-stream"
VERSION = 1
CHUNK = 1 << 20
"""Heaps per kernel call: progress, interruption and checkpoints happen between chunks."""
MIN_WINDOW = 1 << 10
DEFAULT_WINDOW = 1 << 20
MAX_WINDOW = 1 << 26
"""The largest window: 2·2^26 values of 4 bytes, 512 MiB."""
RARE_CAP = 1 << 22
"""The most rare heaps kept (12 bytes each, 48 MiB): beyond it the rare-value method is not worth it."""
CHECKPOINT_NAME = "stream.npz"


class WindowError(RuntimeError):
    """The game needs values the window has dropped (a rare heap or a split beyond it)."""


def _pow2_at_least(x: int) -> int:
    return 1 << max(0, int(x) - 1).bit_length()


class Stream:
    """The state of a streaming computation of one octal game's values (see the module docstring)."""

    def __init__(self, game, *, method: str = "auto", window: int = DEFAULT_WINDOW, max_window: int = MAX_WINDOW):
        takes = getattr(game, "takes", None)
        if takes is None or takes.take_any or getattr(game, "code", None) is None:
            raise TypeError(f"game must be an octal game such as octal('0.167'), got {game!r}")
        if method not in METHODS:
            raise ValueError(f"method must be one of {METHODS}, got {method!r}")
        window = check_int(window, "window")
        max_window = check_int(max_window, "max_window")
        self.game = game
        self.requested = method
        self.take_all = np.array(takes.take_all, dtype=np.int64)
        self.take_one = np.array(takes.take_one, dtype=np.int64)
        self.take_split = np.array(takes.take_split, dtype=np.int64)
        self.unequal = bool(takes.unequal)
        self.tmax = int(max((*takes.take_all, *takes.take_one, *takes.take_split), default=0))
        self.w = _pow2_at_least(max(window, MIN_WINDOW, 4 * self.tmax + 4))
        self.max_window = max(self.w, _pow2_at_least(max_window))
        self.buf = np.zeros(2 * self.w, dtype=np.uint32)
        self.size = 0
        self.count = np.zeros(64, dtype=np.int64)
        self.stats = np.zeros(2, dtype=np.int64)  # largest value, its first heap
        self.method = Method("naive")
        self.rare_h = np.zeros(1024, dtype=np.int64)
        self.rare_v = np.zeros(1024, dtype=np.uint32)
        self.n_rare = 0
        self.next_choice = FIRST_CHECKPOINT
        self.stamp = np.zeros(64, dtype=np.uint64)
        self.need = np.zeros(64, dtype=np.uint64)
        self.cls = self.method.class_table(64)
        self.chunks = 0
        self.chunk = CHUNK

    # ------------------------------------------------------------ memory

    @property
    def memory(self) -> int:
        """Bytes the state holds now."""
        arrays = (self.buf, self.count, self.rare_h, self.rare_v, self.stamp, self.need, self.cls)
        return sum(a.nbytes for a in arrays)

    def history(self) -> np.ndarray:
        """g(0..size-1) when every value is still held (size <= 2W), else ``WindowError``."""
        if self.size > 2 * self.w:
            raise WindowError(f"only the last {self.w:,} of {self.size:,} values are held")
        head = self.buf[: min(self.size, self.w)]
        if self.size <= self.w:
            return head.copy()
        idx = np.arange(self.w, self.size, dtype=np.int64)
        return np.concatenate((head, self.buf[self.w + (idx & (self.w - 1))]))

    def window_values(self) -> tuple[int, np.ndarray]:
        """(first heap, values) of the most recent values held contiguously (up to W of them)."""
        if self.size <= self.w:
            return 0, self.buf[: self.size].copy()
        lo = self.size - self.w
        idx = np.arange(lo, self.size, dtype=np.int64)
        return lo, self.buf[np.where(idx < self.w, idx, self.w + (idx & (self.w - 1)))]

    def _grow_window(self, need_above: int = 0) -> bool:
        """Double W (until W/2 - t > need_above) if every value is still held; False if not possible."""
        if self.size > 2 * self.w:
            return False
        new_w = 2 * self.w
        while new_w // 2 - self.tmax <= need_above:
            new_w *= 2
        if new_w > self.max_window:
            return False
        values = self.history()
        buf = np.zeros(2 * new_w, dtype=np.uint32)
        buf[: min(values.size, new_w)] = values[:new_w]
        if values.size > new_w:
            idx = np.arange(new_w, values.size, dtype=np.int64)
            buf[new_w + (idx & (new_w - 1))] = values[new_w:]
        self.buf, self.w = buf, new_w
        return True

    def _grow_work(self, size: int) -> None:
        stamp = np.zeros(size, dtype=np.uint64)
        stamp[: self.stamp.size] = self.stamp
        need = np.zeros(size, dtype=np.uint64)
        need[: self.need.size] = self.need
        count = np.zeros(size, dtype=np.int64)
        count[: self.count.size] = self.count
        self.stamp, self.need, self.count = stamp, need, count
        self.cls = self.method.class_table(size)

    def _choose(self) -> None:
        values = self.history().astype(np.int64)
        method = choose(values, self.take_split.tolist(), self.requested)
        self.next_choice *= 2
        if method == self.method:
            return
        self.method = method
        self.cls = method.class_table(self.stamp.size)
        rare = method.rare_heaps(values)
        if rare.size > RARE_CAP:
            raise WindowError(f"{rare.size:,} rare heaps under the {method.name} method: more than RARE_CAP")
        cap = max(1024, 2 * rare.size)
        self.rare_h = np.zeros(cap, dtype=np.int64)
        self.rare_v = np.zeros(cap, dtype=np.uint32)
        self.rare_h[: rare.size] = rare
        self.rare_v[: rare.size] = values[rare]
        self.n_rare = int(rare.size)
        if self.n_rare and int(rare[-1]) >= self.w // 2 - self.tmax and not self._grow_window(int(rare[-1])):
            raise WindowError(self._far_message(int(rare[-1])))

    def _far_message(self, r: int) -> str:
        return (
            f"{self.game.code}: a rare heap at {r:,} needs a window above {2 * (r + self.tmax):,} values "
            f"(the window is {self.w:,}, at most {self.max_window:,})"
        )

    # ------------------------------------------------------------ running

    def run(
        self,
        n: int,
        *,
        progress: Callable[[int], None] | None = None,
        checkpoint: str | os.PathLike | None = None,
        every: float = 60.0,
        max_chunks: int | None = None,
        stop: Callable[[], bool] | None = None,
    ) -> bool:
        """Compute up to heap n-1; True when done, False when stopped early (``max_chunks`` or ``stop()``).

        A checkpoint is written to the folder ``checkpoint`` every ``every``
        seconds and when the run ends or is stopped.
        """
        n = check_int(n, "n")
        last_save = time.monotonic()
        chunks = 0
        while self.size < n:
            if max_chunks is not None and chunks >= max_chunks:
                break
            if stop is not None and stop():
                break
            if self.size == self.next_choice and self.size <= self.w and self.take_split.size:
                self._choose()
            hi = min(n, self.size + self.chunk)
            if self.take_split.size and self.next_choice <= self.w:
                hi = min(hi, self.next_choice)
            self._chunk(hi)
            chunks += 1
            self.chunks += 1
            if progress is not None:
                progress(self.size)
            if checkpoint is not None and time.monotonic() - last_save >= every:
                self.save(checkpoint)
                last_save = time.monotonic()
        if checkpoint is not None:
            self.save(checkpoint)
        return self.size >= n

    def _chunk(self, hi: int) -> None:
        while self.size < hi:
            if self.n_rare == self.rare_h.size:
                if self.rare_h.size >= RARE_CAP:
                    raise WindowError(f"more than RARE_CAP = {RARE_CAP:,} rare heaps: the rare-value method gives up")
                self.rare_h = np.concatenate((self.rare_h, np.zeros(self.rare_h.size, np.int64)))
                self.rare_v = np.concatenate((self.rare_v, np.zeros(self.rare_v.size, np.uint32)))
            if self.stamp.size < 64:
                self._grow_work(64)
            stop, self.n_rare, status = kernels.stream(
                self.buf, self.w, self.size, hi, self.take_all, self.take_one, self.take_split, self.unequal,
                self.stamp, self.need, self.cls, self.method.par, 0 if self.method.name == "naive" else 1,
                self.rare_h, self.rare_v, self.n_rare, self.w // 2 - self.tmax, self.count, self.stats,
            )  # fmt: skip
            self.size = stop
            if status == kernels.GROW_WORK:
                self._grow_work(2 * self.stamp.size)
            elif status == kernels.RARE_FAR:
                r = stop - 1
                if not self._grow_window(r):
                    raise WindowError(self._far_message(r))
            elif status == kernels.OUT_OF_WINDOW and not self._grow_window():
                raise WindowError(
                    f"{self.game.code}: heap {stop:,} needs splits beyond the window of {self.w:,} values "
                    f"(method {self.method.name}; at most {self.max_window:,})"
                )

    # ------------------------------------------------------------ results

    def frequencies(self, count_from: int = 0) -> dict[int, int]:
        """{value: how many heaps have it} over heaps 0..size-1 (``count_from`` 0) or 1..size-1 (1)."""
        counts = {int(v): int(c) for v, c in enumerate(self.count[: int(self.stats[0]) + 1]) if c}
        if count_from == 1 and self.size:
            counts[0] -= 1  # heap 0 has value 0
            if not counts[0]:
                del counts[0]
        return counts

    def rare(self) -> list[tuple[int, int]]:
        """The rare heaps and their values, (heap, value), in order."""
        return list(zip(self.rare_h[: self.n_rare].tolist(), self.rare_v[: self.n_rare].tolist(), strict=True))

    def report(self) -> dict:
        """What a run found: frequencies, largest value and its first heap, rare heaps, last rare heap, mask."""
        return {
            "game": self.game.code,
            "n": self.size,
            "method": self.method.name,
            "mask": self.method.mask,
            "parity": bool(self.method.par),
            "rare_count": self.n_rare,
            "last_rare": int(self.rare_h[self.n_rare - 1]) if self.n_rare else None,
            "rare": [list(p) for p in self.rare()],
            "largest": int(self.stats[0]),
            "largest_index": int(self.stats[1]),
            "frequencies": self.frequencies(),
            "window": self.w,
            "memory_bytes": self.memory,
        }

    # ------------------------------------------------------------ checkpoints

    def _arrays(self) -> dict[str, np.ndarray]:
        return {
            "buf": self.buf,
            "rare_h": self.rare_h[: self.n_rare],
            "rare_v": self.rare_v[: self.n_rare],
            "count": self.count[: int(self.stats[0]) + 1],
        }

    def save(self, folder: str | os.PathLike) -> Path:
        """Write the state to folder/stream.npz atomically (temporary file, then rename); returns the path."""
        folder = Path(folder)
        folder.mkdir(parents=True, exist_ok=True)
        arrays = self._arrays()
        meta = {
            "format": FORMAT,
            "version": VERSION,
            "game": self.game.code,
            "requested": self.requested,
            "method": self.method.name,
            "mask": self.method.mask,
            "par": self.method.par,
            "k": self.method.k,
            "window": self.w,
            "max_window": self.max_window,
            "size": self.size,
            "n_rare": self.n_rare,
            "largest": int(self.stats[0]),
            "largest_index": int(self.stats[1]),
            "next_choice": self.next_choice,
        }
        meta["sha256"] = _digest(arrays, meta)
        path = folder / CHECKPOINT_NAME
        tmp = folder / (CHECKPOINT_NAME + ".tmp")
        with open(tmp, "wb") as f:
            np.savez(f, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)
            f.flush()
            os.fsync(f.fileno())
        os.replace(tmp, path)
        return path

    @classmethod
    def load(cls, folder: str | os.PathLike, game) -> Stream:
        """The state saved in folder/stream.npz, once checked to be a checkpoint of ``game`` (else ``ValueError``)."""
        path = Path(folder) / CHECKPOINT_NAME
        if not path.is_file():
            raise FileNotFoundError(f"no checkpoint {path}")
        try:
            with np.load(path, allow_pickle=False) as data:
                meta = json.loads(str(data["meta"]))
                arrays = {k: data[k] for k in ("buf", "rare_h", "rare_v", "count")}
        except (OSError, KeyError, ValueError) as e:
            raise ValueError(f"{path} is not a nimlib checkpoint: {e}") from None
        if not isinstance(meta, dict) or meta.get("format") != FORMAT:
            raise ValueError(f"{path} is not a nimlib checkpoint (format {meta.get('format')!r})")
        if meta.get("version") != VERSION:
            raise ValueError(f"{path}: checkpoint version {meta.get('version')!r}, this nimlib reads version {VERSION}")
        if meta.get("game") != getattr(game, "code", None):
            raise ValueError(f"{path} is a checkpoint of {meta.get('game')!r}, not of {getattr(game, 'code', game)!r}")
        if _digest(arrays, meta) != meta.get("sha256"):
            raise ValueError(f"{path}: the contents do not match the checkpoint's SHA-256 (altered or damaged)")
        ints = ("mask", "par", "k", "window", "max_window", "size", "n_rare", "largest", "largest_index", "next_choice")
        for key in ints:
            if type(meta.get(key)) is not int or meta[key] < 0:
                raise ValueError(f"{path}: {key} must be a non-negative int, got {meta.get(key)!r}")
        stream = cls(game, method=meta.get("requested"), window=meta["window"], max_window=meta["max_window"])
        w, size, n_rare, largest = meta["window"], meta["size"], meta["n_rare"], meta["largest"]
        buf, rare_h, rare_v, count = arrays["buf"], arrays["rare_h"], arrays["rare_v"], arrays["count"]
        problems = []
        if stream.w != w:
            problems.append(f"window {w} is not a power of two of at least {MIN_WINDOW}")
        if buf.dtype != np.uint32 or buf.shape != (2 * w,):
            problems.append(f"buf must be {2 * w} uint32 values")
        if rare_h.shape != (n_rare,) or rare_v.shape != (n_rare,) or rare_h.dtype != np.int64:
            problems.append(f"the rare heaps must be {n_rare} (heap, value) pairs")
        elif n_rare and (np.any(np.diff(rare_h) <= 0) or rare_h[0] < 0 or rare_h[-1] >= size):
            problems.append("the rare heaps must increase and lie below size")
        if count.shape != (largest + 1,) or int(count.sum()) != size or (size and count[largest] < 1):
            problems.append(f"count must have {largest + 1} entries summing to size {size}")
        if size and meta["largest_index"] >= size:
            problems.append("largest_index must lie below size")
        if meta["method"] not in ("plain", "parity", "naive") or meta["par"] > 1 or meta["k"] > 1:
            problems.append(f"unknown method {meta['method']!r}")
        if problems:
            raise ValueError(f"{path}: " + "; ".join(problems))
        held = rare_h[rare_h < min(size, w)]
        if held.size and np.any(buf[held] != rare_v[: held.size]):
            raise ValueError(f"{path}: the rare values disagree with the values held")
        stream.buf = buf.copy()
        stream.size = size
        stream.method = Method(meta["method"], meta["mask"], meta["par"], meta["k"])
        stream.stats[:] = (largest, meta["largest_index"])
        stream.next_choice = meta["next_choice"]
        cap = max(1024, 2 * n_rare)
        stream.rare_h = np.zeros(cap, dtype=np.int64)
        stream.rare_v = np.zeros(cap, dtype=np.uint32)
        stream.rare_h[:n_rare], stream.rare_v[:n_rare] = rare_h, rare_v
        stream.n_rare = n_rare
        stream._grow_work(max(64, _pow2_at_least(4 * (largest + 1))))
        stream.count[: largest + 1] = count
        return stream


def _digest(arrays: dict[str, np.ndarray], meta: dict) -> str:
    """SHA-256 of the header (but the digest itself) and the arrays."""
    h = hashlib.sha256(json.dumps({k: v for k, v in meta.items() if k != "sha256"}, sort_keys=True).encode())
    for key in sorted(arrays):
        a = np.ascontiguousarray(arrays[key])
        h.update(f"{key}:{a.dtype.str}:{a.shape}".encode())
        h.update(a.tobytes())
    return h.hexdigest()


def write_frequencies(path: str | os.PathLike, frequencies: dict[int, int]) -> None:
    """Write "value count" lines (Rogalski's format), values increasing, atomically."""
    path = Path(path)
    tmp = path.with_name(path.name + ".tmp")
    tmp.write_text("".join(f"{v} {c}\n" for v, c in sorted(frequencies.items())), encoding="ascii")
    os.replace(tmp, path)


def read_frequencies(path: str | os.PathLike) -> dict[int, int]:
    """Read a "value count" file (``ValueError`` naming the line if one is not two non-negative ints)."""
    out: dict[int, int] = {}
    for i, line in enumerate(Path(path).read_text(encoding="ascii").splitlines(), 1):
        parts = line.split()
        if len(parts) != 2 or not all(p.isdigit() for p in parts):
            raise ValueError(f"{path}, line {i}: expected 'value count', got {line!r}")
        out[int(parts[0])] = int(parts[1])
    return out


def stream_values(game, n: int, *, method: str = "auto", window: int = DEFAULT_WINDOW) -> Stream:
    """Run a ``Stream`` of ``game`` to n heaps and return it (for tests and the notebook)."""
    stream = Stream(game, method=method, window=window)
    stream.run(n)
    return stream


# ---------------------------------------------------------------- cost model

SECONDS_PER_VALUE = 1e-7
"""A streamed value's fixed cost (measured on the race machine, rounded up)."""
SECONDS_PER_RARE_SPLIT = 2e-8
"""And its cost per rare heap and split digit (each heap looks at every split with a rare part)."""
SECONDS_PER_NAIVE_STEP = 2e-9
"""The naive mex: a step per split, about n²/4 per split digit in all."""
PROBE = 1 << 16


def estimate(game, n: int, *, window: int = DEFAULT_WINDOW) -> dict:
    """Seconds and bytes a stream of ``game`` to n heaps will take, from a probe of its first 65,536 values.

    The probe picks the method and counts the rare heaps; the time is then
    n·(SECONDS_PER_VALUE + SECONDS_PER_RARE_SPLIT·rare·split digits), or
    SECONDS_PER_NAIVE_STEP·n²/4 per split digit for the naive mex (which
    holds every value: 8 bytes a value). Rare heaps that keep appearing make
    the estimate low, so it is a floor, not a promise.
    """
    probe = Stream(game, window=window)
    probe.run(min(n, PROBE))
    splits = probe.take_split.size
    if probe.method.name == "naive" and splits:
        seconds = SECONDS_PER_NAIVE_STEP * splits * n * n / 4
        memory = 8 * _pow2_at_least(n)
    else:
        seconds = n * (SECONDS_PER_VALUE + SECONDS_PER_RARE_SPLIT * max(probe.n_rare, 1) * max(splits, 1))
        memory = probe.memory + 12 * probe.n_rare
    return {"method": probe.method.name, "rare": probe.n_rare, "seconds": seconds, "bytes": memory, "window": probe.w}
