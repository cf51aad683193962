"""Streaming Grundy values in bounded memory: a window of recent values, the rare heaps, checkpoints.

``Stream(game).run(n)`` computes g(0), …, g(n-1) of an octal game keeping
only a prefix of W values, a ring of the last W values and the rare heaps
(heap, value), and runs the engine's one hot loop (``kernels.grundy``, the
one the in-memory table runs) on a contiguous copy of the last W values
followed by room for the next ones (``tail``): memory is about 8·W bytes
for the state, 4·W to 8·W for the tail, + 12 bytes a rare heap, whatever n
is. It reports what researchers compare: the frequency of every value, the
largest value and its first heap, the rare heaps, the last rare heap and the
mask (``report``). Frequencies go to a file laid out as Rogalski's published
``results/GAME/N`` files (``write_frequencies``: a line "value count" for every
value from 0 to the largest, zero counts included; ``frequencies`` counts
heaps 0..n-1, or 1..n-1 with ``count_from=1``, so his file N is a run to N + 1).

The method (``methods.choose``) is chosen again at 512, 1024, … values
while every value so far is still held, the last one too when a run ends on
it (as the in-memory table does); under the naive mex, which holds every
value anyway, the window doubles to reach the choice point. The window W doubles (up to
``max_window``) while that is still possible: when a rare heap turns up
beyond W/2 - t (t the largest take) or a heap needs values the buffer has
dropped, as long as n <= 2W. Later, the game is not one the window can
handle and ``WindowError`` says so (a larger ``window`` helps).

A checkpoint (``save``/``load``) is plain data: one ``.npz`` file with a JSON
header (a ``version`` field, the game, the sizes, a SHA-256 of the arrays),
written to a per-process temporary file and renamed, so a killed run leaves
the last complete one; a lock file (``stream.lock``, holding the pid) keeps a
second run off the same folder while the first is alive. ``load`` reads the
header first and checks every size before it allocates, then refuses (one
``CheckpointError`` line, never a traceback) a file that is empty, truncated,
damaged or foreign, of another game or format version, whose digest does not
match, or whose state disagrees with the game: the held prefix is recomputed
(its first ``RECHECK`` values), and the method, mask and rare heaps derived
again from the values held, and the frequencies recounted over the values held
(exactly when the window holds every value, as a lower bound otherwise).

A checkpoint is trusted input: its digest catches damage, not a forger (who
can recompute it). The cross-checks catch a forged state only where it is
cheap to recompute; values past the recomputed prefix, and the counts of heaps
no longer held, are taken on trust.
"""

from __future__ import annotations

import hashlib
import io
import json
import os
import time
import zipfile
import zlib
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path

import numpy as np

from .._atomic import atomic_write
from .._check import check_int
from . import kernels
from .methods import METHODS, Method, choose
from .table import FIRST_CHECKPOINT

FORMAT = "nimlib-stream"
VERSION = 1
CHUNK = 1 << 20
"""Heaps per kernel call: progress, interruption and checkpoints happen between chunks."""
MIN_WINDOW = 1 << 10
DEFAULT_WINDOW = 1 << 20
MAX_WINDOW = 1 << 26
"""The largest window: 2·2^26 values of 4 bytes, 512 MiB, and the kernel's tail of 2^26 + 2^23 (288 MiB)."""
RARE_CAP = 1 << 22
"""The most rare heaps kept (12 bytes each, 48 MiB): beyond it the rare-value method is not worth it."""
CHECKPOINT_NAME = "stream.npz"
LOCK_NAME = "stream.lock"
MAX_VALUE = 1 << 20
"""The largest Grundy value a checkpoint may hold (its work tables take about 100 bytes a value)."""
MAX_HEADER = 1 << 16
"""The most bytes of a checkpoint's JSON header."""
RECHECK = 1 << 20
"""How many held values ``load`` recomputes (1 << 16 under the naive mex, whose cost is quadratic)."""


class WindowError(RuntimeError):
    """The game needs values the window has dropped (a rare heap or a split beyond it)."""


class CheckpointError(ValueError):
    """A checkpoint that cannot be used: damaged, truncated, foreign, of another game, or inconsistent."""


class CheckpointSaveError(OSError):
    """A checkpoint could not be written; the ``Stream`` still holds the state the run reached."""


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
        for name, value in (("window", window), ("max_window", max_window)):
            if value > MAX_WINDOW:  # refused before allocating: 2^40 would ask for terabytes
                raise ValueError(f"{name} must be at most MAX_WINDOW = {MAX_WINDOW:,} values, got {value:,}")
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
        self._new_tail()
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
        self.save_error: str | None = None

    # ------------------------------------------------------------ memory

    @property
    def memory(self) -> int:
        """Bytes the state holds now."""
        arrays = (self.buf, self.tail, self.count, self.rare_h, self.rare_v, self.stamp, self.need, self.cls)
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
        self._new_tail()
        return True

    def _new_tail(self) -> None:
        """The kernel's contiguous scratch: the last W values, then room for the next ones (``_chunk``)."""
        room = min(self.w, max(self.w // 8, 1 << 20))
        self.tail = np.zeros(self.w + room, dtype=np.uint32)  # calloc: pages are touched only when used
        self.tail_base = 0
        self.tail_end = -1  # the tail holds heaps tail_base..tail_end-1 (none yet)

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
        seconds and when the run ends or is stopped. The folder is checked and locked (``stream.lock``)
        before the work: ``CheckpointError`` if it is not a writable folder or another live run holds it. A
        failed save raises ``CheckpointSaveError`` only at the end, once the state is computed and held.
        """
        n = check_int(n, "n")
        if checkpoint is None:
            self._run(n, progress, None, every, max_chunks, stop)
            return self.size >= n
        with lock(checkpoint):  # the folder is checked (a writable folder, no second run) before the work
            self._run(n, progress, checkpoint, every, max_chunks, stop)
            self.save(checkpoint)  # CheckpointSaveError if it fails: the state reached is still held here
        return self.size >= n

    def _run(self, n, progress, checkpoint, every, max_chunks, stop) -> None:
        last_save = time.monotonic()
        chunks = 0
        while self.size < n:
            if max_chunks is not None and chunks >= max_chunks:
                break
            if stop is not None and stop():
                break
            if self.next_choice < self.size:
                # Stale (the window grew past it within a chunk): a choice point behind us would stop every
                # chunk before it starts, so the next one is the next power of two ahead
                self.next_choice = _next_choice_after(self.size)
            self._choose_if_due()
            hi = min(n, self.size + self.chunk)
            if self.take_split.size and (self.next_choice <= self.w or self.method.name == "naive"):
                hi = min(hi, self.next_choice)  # stop at the choice point (naive: the window can grow to it)
            before = self.size
            self._chunk(hi)
            if self.size <= before:  # a state no run could reach; never spin on it
                raise CheckpointError(f"the stream made no progress at heap {self.size:,}: a state no run reaches")
            chunks += 1
            self.chunks += 1
            if progress is not None:
                progress(self.size)
            if checkpoint is not None and time.monotonic() - last_save >= every:
                try:
                    self.save(checkpoint)
                except CheckpointSaveError as error:
                    self.save_error = str(error)  # keep computing: the final save tries again
                last_save = time.monotonic()
        if self.size >= n:
            self._choose_if_due()  # a run that ends on a choice point reports the method its values choose

    def _choose_if_due(self) -> None:
        """Choose the method again at a choice point (512, 1024, …) while every value so far is in the prefix.

        Under the naive mex every value is held anyway (size <= 2W): the window then doubles, when it may, so
        that the choice is made as in memory, rather than the run staying naive (quadratic) for good.
        """
        if self.size != self.next_choice or not self.take_split.size:
            return
        if self.size > self.w and self.method.name == "naive":
            self._grow_window()
        if self.size <= self.w:
            self._choose()
        else:
            self.next_choice *= 2  # its values are no longer all held: this choice point passes

    def _chunk(self, hi: int) -> None:
        """Compute heaps size..hi-1 with the engine's one hot loop (``kernels.grundy``).

        Heaps below W are computed in the prefix at their own index. Past it the kernel works on ``tail``,
        a contiguous copy of the last W values followed by room for new ones, so its inner loops index
        without a wrap-around or a test; the new values are then copied into the ring (the state
        checkpoints and ``history`` read). When the room is used up the last W values slide to the front.
        """
        while self.size < hi:
            if self.n_rare == self.rare_h.size:
                if self.rare_h.size >= RARE_CAP:
                    raise WindowError(f"more than RARE_CAP = {RARE_CAP:,} rare heaps: the rare-value method gives up")
                self.rare_h = np.concatenate((self.rare_h, np.zeros(self.rare_h.size, np.int64)))
                self.rare_v = np.concatenate((self.rare_v, np.zeros(self.rare_v.size, np.uint32)))
            if self.stamp.size < 64:
                self._grow_work(64)
            lo, w = self.size, self.w
            if lo < w:  # the prefix: every heap so far at its own index
                low, n_low, g, base, stop_at = self.buf, 0, self.buf, 0, min(hi, w)
            else:
                if self.tail_end != lo:  # a new tail (first use, a resume, a grown window)
                    self.tail_base, self.tail_end = lo - w, lo
                    self._gather(self.tail_base, lo, self.tail[:w])
                elif lo - self.tail_base == self.tail.size:  # full: slide the last W values to the front
                    self.tail[:w] = self.tail[lo - w - self.tail_base :]
                    self.tail_base = lo - w
                low, n_low, g, base = self.buf, w, self.tail, self.tail_base
                stop_at = min(hi, base + self.tail.size)
            stop, self.n_rare, status = kernels.grundy(
                low, n_low, g, base, lo, stop_at, self.take_all, self.take_one, self.take_split, self.unequal,
                self.stamp, self.need, self.cls, self.method.par, 0 if self.method.name == "naive" else 1,
                self.rare_h, self.rare_v, self.n_rare, w // 2 - self.tmax, self.count, self.stats,
            )  # fmt: skip
            if lo >= w:
                self._scatter(lo, self.tail[lo - base : stop - base])
                self.tail_end = stop
            self.size = stop
            if status == kernels.GROW_WORK:
                self._grow_work(2 * self.stamp.size)
            elif status == kernels.RARE_FAR:
                r = stop - 1
                if not self._grow_window(r):
                    raise WindowError(self._far_message(r))
                return  # the window grew: ``_run`` stops the next chunk at a choice point it may now hold
            elif status == kernels.OUT_OF_WINDOW:
                if not self._grow_window():
                    raise WindowError(
                        f"{self.game.code}: heap {stop:,} needs splits beyond the window of {self.w:,} values "
                        f"(method {self.method.name}; at most {self.max_window:,})"
                    )
                if stop > lo:
                    return  # as above (with no heap done, go on: ``_run`` counts a chunk without progress as stuck)

    def _gather(self, lo: int, hi: int, out: np.ndarray) -> None:
        """Copy heaps lo..hi-1 (all held: in the prefix or among the last W) into ``out``, in order."""
        w, i = self.w, 0
        if lo < w:
            k = min(hi, w) - lo
            out[:k] = self.buf[lo : lo + k]
            i, lo = k, lo + k
        while lo < hi:
            pos = lo & (w - 1)
            k = min(hi - lo, w - pos)
            out[i : i + k] = self.buf[w + pos : w + pos + k]
            i, lo = i + k, lo + k

    def _scatter(self, lo: int, values: np.ndarray) -> None:
        """Copy the values of heaps lo.. (all >= W) into their ring slots."""
        w, i = self.w, 0
        while i < values.size:
            pos = (lo + i) & (w - 1)
            k = min(values.size - i, w - pos)
            self.buf[w + pos : w + pos + k] = values[i : i + k]
            i += k

    # ------------------------------------------------------------ results

    def frequencies(self, count_from: int = 0) -> dict[int, int]:
        """{value: how many heaps have it} over heaps 0..size-1 (``count_from`` 0) or 1..size-1 (1)."""
        if check_int(count_from, "count_from") > 1:
            raise ValueError(f"count_from must be 0 or 1 (the first heap counted), got {count_from}")
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
        """Write the state to folder/stream.npz atomically (temporary file, then rename); returns the path.

        ``CheckpointSaveError`` (an ``OSError`` naming the file) if it cannot be written.
        """
        folder = Path(folder)
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
        try:
            folder.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CheckpointSaveError(f"cannot write the checkpoint {path}: {error.strerror or error}") from None
        try:
            with atomic_write(path, "wb", what="the checkpoint") as f:  # whole or not at all
                np.savez(f, meta=np.array(json.dumps(meta, sort_keys=True)), **arrays)
        except OSError as error:  # its message names the file
            raise CheckpointSaveError(str(error)) from None
        return path

    @classmethod
    def load(cls, folder: str | os.PathLike, game) -> Stream:
        """The state saved in folder/stream.npz, once checked to be a checkpoint of ``game``.

        ``FileNotFoundError`` if there is none; ``CheckpointError`` (a ``ValueError``, one line naming the
        file) if it is damaged, truncated, foreign, of another game or version, or disagrees with the game.
        The header is read and every size checked before the arrays are read. A checkpoint is trusted input:
        the digest catches damage, not a forger; the values past the recomputed prefix are taken on trust.
        """
        path = Path(folder) / CHECKPOINT_NAME
        if not path.is_file():
            raise FileNotFoundError(f"no checkpoint {path}")
        meta, arrays = _read_checkpoint(path, game)
        if _digest(arrays, meta) != meta["sha256"]:
            raise CheckpointError(f"{path}: the contents do not match the checkpoint's SHA-256 (altered or damaged)")
        stream = cls(game, method=meta["requested"], window=meta["window"], max_window=meta["max_window"])
        _check_state(path, stream, meta, arrays)
        w, size, n_rare, largest = meta["window"], meta["size"], meta["n_rare"], meta["largest"]
        buf, rare_h, rare_v, count = arrays["buf"], arrays["rare_h"], arrays["rare_v"], arrays["count"]
        stream.buf = buf.copy()
        stream.size = size
        stream.method = Method(meta["method"], meta["mask"], meta["par"], meta["k"])
        stream.cls = stream.method.class_table(stream.stamp.size)
        stream.stats[:] = (largest, meta["largest_index"])
        stream.next_choice = meta["next_choice"]
        cap = max(1024, 2 * n_rare)
        stream.rare_h = np.zeros(cap, dtype=np.int64)
        stream.rare_v = np.zeros(cap, dtype=np.uint32)
        stream.rare_h[:n_rare], stream.rare_v[:n_rare] = rare_h, rare_v
        stream.n_rare = n_rare
        stream._grow_work(max(64, _pow2_at_least(4 * (largest + 1))))
        stream.count[: largest + 1] = count
        _recheck(path, stream, w)
        return stream


# ---------------------------------------------------------------- reading a checkpoint

_INTS = ("mask", "par", "k", "window", "max_window", "size", "n_rare", "largest", "largest_index", "next_choice")
_KEYS = {"format", "version", "game", "requested", "method", "sha256", *_INTS}
_ARRAYS = {"buf": np.uint32, "rare_h": np.int64, "rare_v": np.uint32, "count": np.int64}


def _read_checkpoint(path: Path, game) -> tuple[dict, dict[str, np.ndarray]]:
    """The header and arrays of a checkpoint file, every size checked before it is read (else CheckpointError)."""
    try:
        if path.stat().st_size == 0:
            raise CheckpointError(f"{path} is empty: not a nimlib checkpoint")
        with zipfile.ZipFile(path) as zf:
            members = {info.filename: info for info in zf.infolist()}
            expected = {"meta.npy"} | {f"{k}.npy" for k in _ARRAYS}
            if set(members) != expected:
                raise CheckpointError(f"{path} is not a nimlib checkpoint (members {sorted(members)[:6]})")
            raw = _member(zf, members["meta.npy"], MAX_HEADER, path)
            header = _npy(raw, path, "meta")
            if header.dtype.kind != "U" or header.shape != ():
                raise CheckpointError(f"{path}: the header must be one JSON string")
            meta = _check_meta(path, json.loads(str(header)), game)
            sizes = {
                "buf": 2 * meta["window"],
                "rare_h": meta["n_rare"],
                "rare_v": meta["n_rare"],
                "count": meta["largest"] + 1,
            }
            arrays = {}
            for key, dtype in _ARRAYS.items():
                want = np.dtype(dtype)
                raw = _member(zf, members[f"{key}.npy"], sizes[key] * want.itemsize + 1024, path)
                a = _npy(raw, path, key)
                if a.dtype != want or a.shape != (sizes[key],):
                    raise CheckpointError(f"{path}: {key} must be {sizes[key]:,} {want.name} values, got {a.shape}")
                arrays[key] = a
            return meta, arrays
    except CheckpointError:
        raise
    except OSError as error:
        raise CheckpointError(f"cannot read the checkpoint {path}: {error.strerror or error}") from None
    except (
        zipfile.BadZipFile,
        zipfile.LargeZipFile,
        EOFError,
        zlib.error,
        ValueError,
        KeyError,
        RecursionError,
    ) as error:
        reason = str(error).splitlines()[0] if str(error) else type(error).__name__
        raise CheckpointError(f"{path} is not a readable nimlib checkpoint (truncated or damaged: {reason})") from None


def _member(zf: zipfile.ZipFile, info: zipfile.ZipInfo, limit: int, path: Path) -> bytes:
    """A zip member's bytes, refused (before reading) if it claims or holds more than ``limit`` bytes."""
    if info.file_size > limit:
        raise CheckpointError(f"{path}: {info.filename} claims {info.file_size:,} bytes, more than its sizes allow")
    with zf.open(info) as f:
        raw = f.read(limit + 1)
    if len(raw) > limit:
        raise CheckpointError(f"{path}: {info.filename} holds more than {limit:,} bytes")
    return raw


def _npy(raw: bytes, path: Path, key: str) -> np.ndarray:
    """The array in .npy bytes, read without trusting the header's shape (the bytes must match it)."""
    f = io.BytesIO(raw)
    version = np.lib.format.read_magic(f)
    if version == (1, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_1_0(f)
    elif version == (2, 0):
        shape, fortran, dtype = np.lib.format.read_array_header_2_0(f)
    else:
        raise CheckpointError(f"{path}: {key} has .npy version {version}")
    if dtype.hasobject or fortran or len(shape) > 1:
        raise CheckpointError(f"{path}: {key} must be a plain one-dimensional array")
    count = int(np.prod(shape, dtype=object)) if shape else 1
    body = raw[f.tell() :]
    if len(body) != count * dtype.itemsize:
        raise CheckpointError(f"{path}: {key} holds {len(body):,} bytes, its header says {count * dtype.itemsize:,}")
    return np.frombuffer(body, dtype=dtype).reshape(shape)


def _check_meta(path: Path, meta: object, game) -> dict:
    """The header's fields: known keys, exact types, sizes within the limits (else CheckpointError)."""
    if not isinstance(meta, dict) or meta.get("format") != FORMAT:
        found = meta.get("format") if isinstance(meta, dict) else type(meta).__name__
        raise CheckpointError(f"{path} is not a nimlib checkpoint (format {_short(found)})")
    if type(meta.get("version")) is not int or meta["version"] != VERSION:
        raise CheckpointError(
            f"{path}: checkpoint version {_short(meta.get('version'))}, this nimlib reads version {VERSION}"
        )
    if set(meta) != _KEYS:
        raise CheckpointError(f"{path}: the header must have exactly the fields {sorted(_KEYS)}")
    if meta["game"] != getattr(game, "code", None):
        raise CheckpointError(
            f"{path} is a checkpoint of {_short(meta['game'])}, not of {getattr(game, 'code', game)!r}"
        )
    for key in _INTS:
        if type(meta[key]) is not int or meta[key] < 0:
            raise CheckpointError(f"{path}: {key} must be a non-negative int, got {_short(meta[key])}")
    if not isinstance(meta["sha256"], str) or meta["requested"] not in METHODS:
        raise CheckpointError(f"{path}: sha256 must be a string and requested one of {METHODS}")
    limits = {"window": MAX_WINDOW, "max_window": MAX_WINDOW, "n_rare": RARE_CAP, "largest": MAX_VALUE}
    for key, limit in limits.items():
        if meta[key] > limit:
            raise CheckpointError(f"{path}: {key} {meta[key]:,} is past the limit {limit:,}")
    for key in ("window", "max_window"):
        if meta[key] < MIN_WINDOW or meta[key] & (meta[key] - 1):
            raise CheckpointError(f"{path}: {key} {meta[key]:,} is not a power of two of at least {MIN_WINDOW:,}")
    if meta["size"] >= 1 << 62 or meta["mask"] > MAX_VALUE or meta["largest_index"] >= max(meta["size"], 1):
        raise CheckpointError(f"{path}: size, mask or largest_index out of range")
    if meta["method"] not in ("plain", "parity", "naive") or meta["par"] > 1 or meta["k"] > 1:
        raise CheckpointError(f"{path}: unknown method {_short(meta['method'])}")
    choice = meta["next_choice"]
    if choice not in _choice_points(4 * MAX_WINDOW):
        raise CheckpointError(f"{path}: next_choice {choice:,} is not a choice point (512, 1024, ...)")
    return meta


def _short(value: object) -> str:
    """A header value for a message: its repr, cut to 60 characters (a forged header may hold anything)."""
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _check_state(path: Path, stream: Stream, meta: dict, arrays: dict[str, np.ndarray]) -> None:
    """Sizes and counts that must agree with each other (else CheckpointError)."""
    w, size, n_rare, largest = meta["window"], meta["size"], meta["n_rare"], meta["largest"]
    rare_h, count = arrays["rare_h"], arrays["count"]
    problems = []
    if stream.w != w:
        problems.append(f"window {w} is not a power of two of at least {MIN_WINDOW} (and 4t + 4)")
    if n_rare and (np.any(np.diff(rare_h) <= 0) or rare_h[0] < 0 or rare_h[-1] >= size):
        problems.append("the rare heaps must increase and lie below size")
    # Each count at most size first: a sum of int64 counts can wrap round to size (2^62 added four times)
    wrong = np.any(count < 0) or np.any(count > size) or int(count.sum(dtype=object)) != size
    if wrong or (size and count[largest] < 1):
        problems.append(f"count must have {largest + 1} entries summing to size {size}")
    if size > 2 * w and meta["method"] == "naive" and stream.take_split.size:
        problems.append("the naive method holds every value: size cannot pass 2·window")
    if problems:
        raise CheckpointError(f"{path}: " + "; ".join(problems))


def _recheck(path: Path, stream: Stream, w: int) -> None:
    """Cross-check the held state against the game: recompute the held prefix, derive method, mask, rare heaps."""
    size, largest = stream.size, int(stream.stats[0])
    held = min(size, w)
    prefix = stream.buf[:held]  # a view: converted a block at a time below (the window may be 2^26 values)
    m = min(held, RECHECK if stream.method.name != "naive" else 1 << 16)
    if m:
        fresh = Stream(stream.game, window=_pow2_at_least(m))
        fresh.run(m)
        differ = np.flatnonzero(fresh.history()[:m] != stream.buf[:m])
        if differ.size:
            raise CheckpointError(f"{path}: the value held for heap {int(differ[0]):,} is not the game's (recomputed)")
    # The method in force was chosen at a choice point (512, 1024, ...) on the values before it, all in the prefix
    points = [c for c in _choice_points(stream.next_choice // 2) if c <= held] if stream.take_split.size else []
    if not points and stream.method.name != "naive":
        raise CheckpointError(f"{path}: method {stream.method.name} before any choice point (a run starts naive)")
    if points:
        splits = stream.take_split.tolist()
        try:
            chosen = any(choose(prefix[:c], splits, stream.requested) == stream.method for c in reversed(points))
        except ValueError as error:  # a requested method that does not apply to this game
            raise CheckpointError(f"{path}: {error}") from None
        if not chosen:
            raise CheckpointError(
                f"{path}: method {stream.method.name} (mask {stream.method.mask:#x}) is not the one the values "
                f"held choose at any choice point up to {stream.next_choice // 2:,}"
            )
    # The rare heaps among the values held are exactly those the method makes rare, with the values held
    ring_lo = max(w, size - w) if size > w else size
    kept, kept_v = stream.rare_h[: stream.n_rare], stream.rare_v[: stream.n_rare].astype(np.int64)
    seen = np.zeros(largest + 1, dtype=np.int64)  # the counts of the values held, recounted
    block = 1 << 20
    spans = [(lo, min(lo + block, held)) for lo in range(0, held, block)]
    spans += [(lo, min(lo + block, size)) for lo in range(ring_lo, size, block)]
    for lo, hi in spans:
        heaps = np.arange(lo, hi, dtype=np.int64)
        values = (prefix[lo:hi] if hi <= held else stream.buf[w + (heaps & (w - 1))]).astype(np.int64)
        if values.size and int(values.max()) > largest:
            raise CheckpointError(f"{path}: a value held ({int(values.max()):,}) is above the largest, {largest:,}")
        seen += np.bincount(values, minlength=largest + 1)
        a, b = np.searchsorted(kept, (lo, hi))
        if not np.array_equal(_rare_at(stream.method, heaps, values), kept[a:b]):
            raise CheckpointError(f"{path}: the rare heaps in {lo:,}..{hi - 1:,} disagree with the values held")
        if np.any(kept_v[a:b] != values[kept[a:b] - lo]):
            raise CheckpointError(f"{path}: the rare values in {lo:,}..{hi - 1:,} disagree with the values held")
    # The frequencies: exactly the recount when every value is held, else at least it (the rest is trusted input)
    count = stream.count[: largest + 1]
    whole = int(seen.sum()) == size
    if (whole and not np.array_equal(count, seen)) or np.any(count < seen):
        value = int(np.flatnonzero(count != seen if whole else count < seen)[0])
        raise CheckpointError(
            f"{path}: the count of value {value:,} ({int(count[value]):,}) disagrees with the "
            f"{int(seen[value]):,} values held"
        )
    at = int(stream.stats[1])
    if size and (at < held and prefix[at] != largest):
        raise CheckpointError(f"{path}: largest_index {at:,} does not hold the largest value {largest:,}")


def _choice_points(last: int) -> list[int]:
    """512, 1024, ..., last."""
    points, c = [], FIRST_CHECKPOINT
    while c <= last:
        points.append(c)
        c *= 2
    return points


def _rare_at(method: Method, heaps: np.ndarray, values: np.ndarray) -> np.ndarray:
    """The heaps among ``heaps`` (with these values) that ``method`` makes rare."""
    if method.name == "naive" or not heaps.size:
        return np.zeros(0, dtype=np.int64)
    flag = method.class_table(int(values.max(initial=0)) + 1)[values] ^ (method.par & heaps & 1)
    return heaps[flag.astype(bool)]


def _next_choice_after(size: int) -> int:
    """The first choice point (512, 1024, ...) at or after ``size``."""
    return max(FIRST_CHECKPOINT, _pow2_at_least(size))


@contextmanager
def lock(folder: str | os.PathLike) -> Iterator[Path]:
    """Hold folder/stream.lock (the pid) while a run uses the folder; ``CheckpointError`` if it is held.

    The folder is created if needed and must be a writable folder. A lock left by a process that is no
    longer alive is taken over.
    """
    folder = Path(folder)
    if folder.exists() and not folder.is_dir():
        raise CheckpointError(f"checkpoint folder {folder} is not a folder")
    target = folder / CHECKPOINT_NAME
    if target.exists() and not target.is_file():
        raise CheckpointError(f"{target} is not a regular file (a folder in the checkpoint's place?)")
    path = folder / LOCK_NAME
    if folder.is_dir() and _lock_holder(path) == os.getpid():  # this process holds it already (the CLI, then run)
        yield path
        return
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for _ in range(2):
            try:
                with atomic_write(path, what="the lock", exclusive=True) as f:  # its pid whole, or no lock
                    f.write(f"{os.getpid()}\n")
            except FileExistsError:
                holder = _lock_holder(path)
                if holder is not None and _alive(holder):
                    raise CheckpointError(
                        f"{path}: another run (pid {holder}) is using the folder {folder}; wait for it or stop it"
                    ) from None
                path.unlink(missing_ok=True)  # stale: its process is gone
                continue
            break
        else:
            raise CheckpointError(f"{path}: could not take the lock (another run took it first)")
    except OSError as error:
        raise CheckpointError(f"checkpoint folder {folder} cannot be used: {error.strerror or error}") from None
    try:
        yield path
    finally:
        if _lock_holder(path) == os.getpid():
            path.unlink(missing_ok=True)


def _lock_holder(path: Path) -> int | None:
    try:
        text = path.read_text(encoding="ascii").strip()
    except (OSError, UnicodeDecodeError):
        return None
    return int(text) if text.isascii() and text.isdigit() and len(text) < 12 else None


def _alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True  # alive, another user's
    except OSError:
        return False
    return True


def _digest(arrays: dict[str, np.ndarray], meta: dict) -> str:
    """SHA-256 of the header (but the digest itself) and the arrays."""
    h = hashlib.sha256(json.dumps({k: v for k, v in meta.items() if k != "sha256"}, sort_keys=True).encode())
    for key in sorted(arrays):
        a = np.ascontiguousarray(arrays[key])
        h.update(f"{key}:{a.dtype.str}:{a.shape}".encode())
        h.update(a.tobytes())
    return h.hexdigest()


MAX_FREQUENCY_BYTES = (MAX_VALUE + 1) * 28
"""The largest frequency file read: a line for each value up to MAX_VALUE, of at most 7 + 1 + 19 + 1 bytes."""


def write_frequencies(path: str | os.PathLike, frequencies: dict[int, int]) -> None:
    """Write ``{value: count}`` as Rogalski's published files are laid out, atomically.

    A line "value count" for every value from 0 to the largest that occurs,
    zero counts included ("19 0"), so that the file is byte for byte his
    ``results/GAME/N`` for the same heaps (tests/data/frequencies/rust).
    Values are ints 0..MAX_VALUE and counts non-negative ints (bools and floats
    are refused).
    """
    if not isinstance(frequencies, dict):
        raise TypeError(f"frequencies must be a dict {{value: count}}, got {type(frequencies).__name__}")
    counts: dict[int, int] = {}
    for value, count in frequencies.items():
        v = check_int(value, "a value in frequencies")
        if v > MAX_VALUE:
            raise ValueError(f"a value in frequencies must be at most MAX_VALUE = {MAX_VALUE:,}, got {v:,}")
        counts[v] = check_int(count, f"frequencies[{v}]")
    largest = max((v for v, c in counts.items() if c), default=-1)
    text = "".join(f"{v} {counts.get(v, 0)}\n" for v in range(largest + 1))
    with atomic_write(path, encoding="ascii", what="the frequencies") as f:
        f.write(text)


def read_frequencies(path: str | os.PathLike) -> dict[int, int]:
    """Read a "value count" file into ``{value: count}`` for the values that occur (count > 0).

    Reads both layouts: Rogalski's (every value from 0, zero counts included;
    what ``write_frequencies`` writes) and nimlib's older one (only the values
    that occur), which hold the same frequencies. Values must increase, each
    at most MAX_VALUE; anything else is a ``ValueError`` naming the line.
    """
    path = Path(path)
    try:
        size = path.stat().st_size
        if not path.is_file():  # a FIFO would block the read forever
            raise ValueError(f"{path} is not a regular file (a folder, FIFO, device or socket)")
        if size > MAX_FREQUENCY_BYTES:
            raise ValueError(f"{path}: larger than a frequency file (MAX_FREQUENCY_BYTES = {MAX_FREQUENCY_BYTES:,})")
        text = path.read_text(encoding="ascii", errors="replace")  # a byte past ASCII fails its line's check
    except OSError as error:
        raise OSError(f"cannot read the frequencies {path}: {error.strerror or error}") from None
    out: dict[int, int] = {}
    previous = -1
    for i, line in enumerate(text.splitlines(), 1):
        parts = line.split()
        if len(parts) != 2 or not all(p.isascii() and p.isdigit() and len(p) <= 19 for p in parts):
            raise ValueError(f"{path}, line {i}: expected 'value count' (ASCII digits), got {line[:60]!r}")
        value, count = int(parts[0]), int(parts[1])
        if value <= previous:
            raise ValueError(f"{path}, line {i}: value {value} after {previous}: values must increase")
        if value > MAX_VALUE:
            raise ValueError(f"{path}, line {i}: value {value:,} is past MAX_VALUE = {MAX_VALUE:,}")
        previous = value
        if count:
            out[value] = count
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
