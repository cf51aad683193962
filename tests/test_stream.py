"""The streaming engine (nimlib.engine.stream): bounded memory, every rare-value method, checkpoints."""

from __future__ import annotations

import io
import json
import re
import subprocess
import sys
from itertools import product
from pathlib import Path

import numpy as np
import pytest

from nimlib import octal
from nimlib.engine.methods import choose, parity_class
from nimlib.engine.stream import (
    CHECKPOINT_NAME,
    LOCK_NAME,
    CheckpointError,
    CheckpointSaveError,
    Stream,
    WindowError,
    _digest,
    lock,
    read_frequencies,
    stream_values,
    write_frequencies,
)
from nimlib.engine.table import GrundyTable
from nimlib.grundy import heap_values

DATA = Path(__file__).resolve().parent / "data" / "frequencies"

# Every octal code with one to three digits after the point (the last one not 0): 7 + 56 + 448 = 511 games
CODES = [
    "0." + "".join(map(str, digits))
    for length in (1, 2, 3)
    for digits in product(range(8), repeat=length)
    if digits[-1]
]
QUICK_CODES = CODES[::16] + ["0.106", "0.007", "0.6", "0.16", "0.137"]


def naive(code: str, n: int) -> np.ndarray:
    """Every option of every heap (the compiled plain loop, itself checked against the game tree)."""
    return GrundyTable(octal(code), method="plain").extend(n).astype(np.int64)


def streamed(code: str, method: str, n: int, window: int) -> Stream:
    """A stream run in two legs: to 2·window (all values still held, compared whole), then on to n."""
    try:
        stream = Stream(octal(code), method=method, window=window, max_window=window)
        stream.run(2 * window)
        first = stream.history().astype(np.int64)
        stream.run(n)
    except WindowError:
        # The game needs more than the small window (a late rare heap): everything in memory then
        stream = Stream(octal(code), method=method, window=n)
        stream.run(n)
        first = stream.history().astype(np.int64)
    stream.first = first
    return stream


def check_code(code: str, n: int = 4096, window: int = 1024) -> set[str]:
    ref = naive(code, n)
    counts = dict(enumerate(np.bincount(ref).tolist()))
    counts = {v: c for v, c in counts.items() if c}
    ran = set()
    game = octal(code)
    methods = ["auto", "plain", "naive"] + (["parity"] if parity_class(game.takes.take_split) is not None else [])
    for method in methods:
        stream = streamed(code, method, n, window)
        assert np.array_equal(stream.first, ref[: stream.first.size]), (code, method)
        lo, tail = stream.window_values()
        assert np.array_equal(tail.astype(np.int64), ref[lo:]), (code, method)
        assert stream.frequencies() == counts, (code, method)
        assert (int(stream.stats[0]), int(stream.stats[1])) == (int(ref.max()), int(ref.argmax()))
        rare = stream.method.rare_heaps(ref)
        assert [h for h, _ in stream.rare()] == rare.tolist(), (code, method)
        ran.add(stream.method.name)
    return ran


def test_every_method_agrees_with_the_naive_mex_on_a_sample_of_codes():
    ran = set()
    for code in QUICK_CODES:
        ran |= check_code(code)
    assert ran == {"plain", "parity", "naive"}  # each method really ran on some game


@pytest.mark.slow
@pytest.mark.parametrize("code", CODES)
def test_every_method_agrees_with_the_naive_mex_on_every_three_digit_code(code):
    check_code(code)


@pytest.mark.parametrize(
    ("code", "n", "row"),
    # tczajka/octal-games, SolvedGames.md (tests/data): largest idx, largest, rare mask, num rare, last rare
    [
        ("0.156", 1 << 16, (1032, 23, 0x1B, 15, 357)),
        ("0.644", 1 << 16, (333, 64, 0x7E, 31, 511)),
        pytest.param("0.16", 1 << 19, (229790, 23, 0x1E, 53, 13935), marks=pytest.mark.slow),
    ],
)
def test_a_streamed_run_reproduces_the_published_rows(code, n, row):
    stream = Stream(octal(code), window=1 << 14)
    stream.run(n)
    r = stream.report()
    assert (r["largest_index"], r["largest"], r["mask"], r["rare_count"], r["last_rare"]) == row
    assert stream.w < n


@pytest.mark.slow  # about 15 s
def test_officers_streamed_to_2_21_reproduces_the_published_row_of_an_unsolved_game():
    # tczajka/octal-games, UnsolvedGames.md (tests/data): .6 (Officers) at n = 2^21, a published record
    stream = Stream(octal("0.6"))
    stream.run(1 << 21)
    r = stream.report()
    assert (r["largest_index"], r["largest"], r["mask"], r["rare_count"], r["last_rare"]) == (
        1274955, 319, 0x1EE, 1584, 20627,
    )  # fmt: skip
    assert stream.w < 1 << 21


def test_the_pure_python_reference_agrees_with_the_naive_loop():
    for code in ["0.106", "0.167", "0.51"]:
        assert naive(code, 300).tolist() == heap_values(octal(code), 300)


def test_parity_method_for_0_106():
    # Read against the heap's parity, 0.106 has 15 rare heaps below 2^14, the last at 1,103
    stream = Stream(octal("0.106"), window=1 << 12)
    stream.run(1 << 14)
    assert stream.method.name == "parity"
    assert stream.n_rare == 15 and stream.rare()[-1][0] == 1103
    assert stream.frequencies() == read_frequencies(DATA / "0.106" / "16384")
    # Under the plain method about half of the heaps would be rare: the criterion rejects it
    values = naive("0.106", 4096)
    plain = choose(values, [3], "plain")
    assert plain.rare > len(values) // 4


def test_parity_is_refused_when_split_digits_differ_in_parity():
    assert parity_class([2, 3]) is None
    with pytest.raises(ValueError, match="parity"):
        Stream(octal("0.167"), method="parity").run(1024)


@pytest.mark.parametrize("code", ["0.167", *(pytest.param(c, marks=pytest.mark.slow) for c in ("0.161", "0.014"))])
def test_streamed_frequencies_match_the_reference_at_2_20(code):
    stream = Stream(octal(code), window=1 << 16)
    stream.run(1 << 20)
    assert stream.w < 1 << 20  # the values really streamed through a window smaller than n
    assert stream.frequencies() == read_frequencies(DATA / code / str(1 << 20))


@pytest.mark.slow  # 0.161 and 0.014 at 2^24 take a minute or more each: tools/bench_frontier.py runs them
@pytest.mark.parametrize("code", ["0.167"])
def test_streamed_frequencies_match_the_reference_at_2_24(code, tmp_path):
    stream = Stream(octal(code))
    stream.run(1 << 24, checkpoint=tmp_path, every=5.0)
    assert stream.frequencies() == read_frequencies(DATA / code / str(1 << 24))
    assert Stream.load(tmp_path, octal(code)).frequencies() == stream.frequencies()


def test_frequency_files_round_trip_and_count_heaps_from_zero_or_one(tmp_path):
    stream = Stream(octal("0.161"), window=1024)
    stream.run(5000)
    write_frequencies(tmp_path / "f", stream.frequencies())
    assert read_frequencies(tmp_path / "f") == stream.frequencies()
    lines = (tmp_path / "f").read_text().splitlines()
    # every value from 0 to the largest, one line each, zero counts included (Rogalski's layout)
    assert [int(line.split()[0]) for line in lines] == list(range(max(stream.frequencies()) + 1))
    assert any(line.endswith(" 0") for line in lines)
    from1 = stream.frequencies(count_from=1)
    assert sum(from1.values()) == 4999 and from1[0] == stream.frequencies()[0] - 1
    with pytest.raises(ValueError, match="line 2"):
        (tmp_path / "bad").write_text("0 3\n1 x\n")
        read_frequencies(tmp_path / "bad")


def test_an_interrupted_run_resumes_from_its_checkpoint(tmp_path):
    game = octal("0.161")
    whole = Stream(game, window=1 << 12)
    whole.run(60_000)
    part = Stream(game, window=1 << 12)
    part.chunk = 5000
    # "Killed" after 10 chunks (the first ones stop where the method is chosen again: 512, 1024, ...)
    assert part.run(60_000, checkpoint=tmp_path, max_chunks=10) is False
    assert 20_000 < part.size < 60_000
    resumed = Stream.load(tmp_path, game)
    assert (resumed.size, resumed.w, resumed.method) == (part.size, part.w, part.method)
    assert resumed.run(60_000, checkpoint=tmp_path) is True
    assert _results(resumed) == _results(whole)
    assert np.array_equal(resumed.window_values()[1], whole.window_values()[1])
    assert _results(Stream.load(tmp_path, game)) == _results(whole)


def _results(stream: Stream) -> dict:
    """The report but the memory held (the rare list's spare room differs after a resume)."""
    report = stream.report()
    del report["memory_bytes"]
    return report


def _rewrite(folder: Path, change, resign: bool = False) -> None:
    path = folder / CHECKPOINT_NAME
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files}
    meta = json.loads(str(arrays.pop("meta")))
    change(meta, arrays)
    if resign:
        meta["sha256"] = _digest(arrays, meta)
    np.savez(path, meta=np.array(json.dumps(meta)), **arrays)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda meta, arrays: meta.update(version=99), "version"),
        (lambda meta, arrays: meta.update(game="0.167"), "checkpoint of"),
        (lambda meta, arrays: arrays["buf"].__setitem__(7, 5), "SHA-256"),
        (lambda meta, arrays: meta.update(mask=meta["mask"] ^ 1), "SHA-256"),
    ],
)
def test_a_tampered_checkpoint_is_refused(tmp_path, change, message):
    game = octal("0.161")
    Stream(game, window=1024).run(5000, checkpoint=tmp_path)
    Stream.load(tmp_path, game)  # the untouched one loads
    _rewrite(tmp_path, change)
    with pytest.raises(ValueError, match=message):
        Stream.load(tmp_path, game)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda meta, arrays: meta.update(size=meta["size"] + 1), "count must"),
        (lambda meta, arrays: meta.update(window=3000), "window"),
        (lambda meta, arrays: meta.update(n_rare=-1), "non-negative"),
        (lambda meta, arrays: arrays.update(rare_h=arrays["rare_h"][::-1].copy()), "increase"),
        (lambda meta, arrays: arrays.update(buf=arrays["buf"][:-2].copy()), "buf must"),
    ],
)
def test_a_checkpoint_with_inconsistent_sizes_is_refused_even_with_a_matching_digest(tmp_path, change, message):
    game = octal("0.161")
    Stream(game, window=1024).run(5000, checkpoint=tmp_path)
    _rewrite(tmp_path, change, resign=True)
    with pytest.raises(ValueError, match=message):
        Stream.load(tmp_path, game)


def test_the_window_holds_the_last_w_values_also_across_the_prefix():
    ref = naive("0.106", 6000)
    stream = Stream(octal("0.106"), window=4096, max_window=4096)
    stream.run(6000)  # the last 4,096: heaps 1904..4095 in the prefix, 4096..5999 in the ring
    lo, tail = stream.window_values()
    assert lo == 1904 and np.array_equal(tail.astype(np.int64), ref[1904:])


def test_memory_does_not_grow_with_n():
    stream = Stream(octal("0.167"), window=1 << 14)
    stream.run(1 << 16)
    before = stream.memory
    stream.run(1 << 19)
    assert stream.memory == before and stream.w == 1 << 14


def test_a_late_rare_heap_beyond_the_window_is_refused():
    # 0.014's rare heaps reach 64,126 by 2^18: a window of 2^12 that may not grow cannot hold them
    stream = Stream(octal("0.014"), window=1 << 12, max_window=1 << 12)
    with pytest.raises(WindowError, match="window"):
        stream.run(1 << 18)


# ---------------------------------------------------------------- the command line


def _cli(capsys, *argv: str) -> tuple[int, str, str]:
    from nimlib.cli import main

    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def test_cli_rare_writes_frequencies_that_diff_equal_the_reference(capsys, tmp_path):
    out = tmp_path / "freq"
    code, text, err = _cli(
        capsys, "rare", "0.106", "--to", str(1 << 14), "--frequencies", str(out), "--heaps-from", "0"
    )
    assert code == 0, err
    # byte for byte, as diff would see it: heaps 0..N-1 as the reference, whose values 0..23 all occur
    assert out.read_text() == (DATA / "0.106" / "16384").read_text()
    assert "parity method" in text and "15 rare heaps, the last at 1103" in text
    assert "about" in err  # the estimate comes first, on stderr


def test_cli_rare_counts_heaps_from_one_as_rogalski_or_from_zero_when_asked(capsys, tmp_path):
    code, text, err = _cli(capsys, "rare", "0.161", "--to", "5000", "--frequencies", str(tmp_path / "a"))
    assert code == 0, err
    assert "heaps 1..5000" in text
    code, text, err = _cli(
        capsys, "rare", "0.161", "--to", "5000", "--frequencies", str(tmp_path / "b"), "--heaps-from", "0"
    )
    assert code == 0, err
    assert "heaps 0..4999" in text
    values = naive("0.161", 5001)
    assert read_frequencies(tmp_path / "a") == dict(zip(*np.unique(values[1:], return_counts=True), strict=True))
    assert read_frequencies(tmp_path / "b") == dict(zip(*np.unique(values[:5000], return_counts=True), strict=True))


def test_cli_rare_resumes_from_a_checkpoint_and_refuses_another_games(capsys, tmp_path):
    folder = tmp_path / "run"
    Stream(octal("0.161"), window=1 << 16).run(30_000, checkpoint=folder)  # as if the run had been stopped
    code, text, err = _cli(capsys, "rare", "0.161", "--to", "60000", "--checkpoint", str(folder), "--json")
    assert code == 0, err
    assert "resuming" in err and "30,000" in err
    data = json.loads(text)
    values = naive("0.161", 60_001)
    assert data["heaps"] == [1, 60_000] and data["n"] == 60_001
    assert {int(v): c for v, c in data["frequencies"].items()} == dict(
        zip(*np.unique(values[1:], return_counts=True), strict=True)
    )
    code, _, err = _cli(capsys, "rare", "0.167", "--to", "60000", "--checkpoint", str(folder))
    assert code == 2 and "checkpoint of '0.161'" in err


def test_cli_rare_refuses_a_long_run_without_checkpoint_and_sizes_past_the_limit(capsys, tmp_path):
    code, _, err = _cli(capsys, "rare", "0.167", "--to", str(1 << 32), "--frequencies", str(tmp_path / "f"))
    assert code == 2 and "--checkpoint" in err and "about" in err
    code, _, err = _cli(capsys, "rare", "0.167", "--to", str(1 << 41), "--checkpoint", str(tmp_path / "c"))
    assert code == 2 and "MAX_STREAM" in err
    code, _, err = _cli(capsys, "rare", "grundy", "--to", "100", "--frequencies", str(tmp_path / "f"))
    assert code == 2 and "octal" in err


# ---------------------------------------------------------------- damaged and forged checkpoints (issue 31)


def _saved(folder: Path, code: str = "0.161", n: int = 5000) -> bytes:
    Stream(octal(code), window=1024).run(n, checkpoint=folder)
    return (folder / CHECKPOINT_NAME).read_bytes()


def _refused(folder: Path, match: str | None = None) -> str:
    """Load must fail with one CheckpointError line (a ValueError), never another exception."""
    with pytest.raises(CheckpointError, match=match) as caught:
        Stream.load(folder, octal("0.161"))
    assert "\n" not in str(caught.value) and str(folder) in str(caught.value)
    return str(caught.value)


@pytest.mark.parametrize("cut", [0, 1, 30, 200, 1000, -500, -22, -1])
def test_a_truncated_or_empty_checkpoint_is_refused_in_one_line(tmp_path, cut):
    raw = _saved(tmp_path)
    (tmp_path / CHECKPOINT_NAME).write_bytes(raw[:cut])
    _refused(tmp_path)


def test_every_flipped_byte_of_a_checkpoint_is_refused_in_one_line_or_harmless(tmp_path):
    raw = _saved(tmp_path)
    original = _results(Stream.load(tmp_path, octal("0.161")))
    refused = 0
    for offset in range(0, len(raw), 97):  # through the zip headers, the .npy headers, the JSON and the arrays
        damaged = bytearray(raw)
        damaged[offset] ^= 0x10
        (tmp_path / CHECKPOINT_NAME).write_bytes(bytes(damaged))
        try:
            loaded = Stream.load(tmp_path, octal("0.161"))
        except CheckpointError as error:
            assert "\n" not in str(error)
            refused += 1
            continue
        # A byte no reader uses (a zip64 local header's size field, a timestamp) changes nothing
        assert _results(loaded) == original, offset
    assert refused >= len(raw) // 97 - 3


@pytest.mark.parametrize(
    "contents",
    [b"", b"not a zip at all", b"PK\x03\x04" + b"\0" * 40, json.dumps([1, 2, 3]).encode(), b"\x93NUMPY"],
)
def test_a_foreign_file_is_refused_in_one_line(tmp_path, contents):
    tmp_path.joinpath(CHECKPOINT_NAME).write_bytes(contents)
    _refused(tmp_path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda meta, arrays: meta.update(extra=1), "fields"),
        (lambda meta, arrays: meta.pop("next_choice"), "fields"),
        (lambda meta, arrays: meta.update(version=True), "version"),
        (lambda meta, arrays: meta.update(size=float(meta["size"])), "non-negative int"),
        (lambda meta, arrays: meta.update(window=1 << 40), "past the limit"),
        (lambda meta, arrays: meta.update(largest=1 << 40), "past the limit"),
        (lambda meta, arrays: meta.update(n_rare=1 << 40), "past the limit"),
        (lambda meta, arrays: meta.update(next_choice=0), "next_choice"),
        (lambda meta, arrays: meta.update(next_choice=777), "next_choice"),
    ],
)
def test_a_forged_header_is_refused_before_any_allocation(tmp_path, change, message):
    _saved(tmp_path)
    _rewrite(tmp_path, change, resign=True)
    _refused(tmp_path, message)


def test_a_json_list_as_the_header_is_refused_not_an_attribute_error(tmp_path):
    _saved(tmp_path)
    path = tmp_path / CHECKPOINT_NAME
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files if k != "meta"}
    np.savez(path, meta=np.array(json.dumps([1, 2])), **arrays)
    _refused(tmp_path, "format")


def test_an_array_header_claiming_a_huge_shape_is_refused_before_reading(tmp_path):
    import zipfile

    _saved(tmp_path)
    path = tmp_path / CHECKPOINT_NAME
    with zipfile.ZipFile(path) as zf:
        members = {name: zf.read(name) for name in zf.namelist()}
    # buf.npy's header now claims 2^40 values (4 TiB) over the same bytes
    f = io.BytesIO(members["buf.npy"])
    np.lib.format.read_magic(f)
    np.lib.format.read_array_header_1_0(f)
    forged = io.BytesIO()
    np.lib.format.write_array_header_1_0(forged, {"descr": "<u4", "fortran_order": False, "shape": (1 << 40,)})
    members["buf.npy"] = forged.getvalue() + members["buf.npy"][f.tell() :]
    with zipfile.ZipFile(path, "w") as zf:
        for name, raw in members.items():
            zf.writestr(name, raw)
    _refused(tmp_path)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda meta, arrays: arrays["buf"].__setitem__(300, arrays["buf"][300] ^ 1), "not the game's"),
        (lambda meta, arrays: meta.update(mask=meta["mask"] ^ 4), "method"),
        (lambda meta, arrays: meta.update(method="parity", par=1), "method"),
        (
            lambda meta, arrays: (
                arrays.update(rare_h=arrays["rare_h"][1:].copy(), rare_v=arrays["rare_v"][1:].copy()),
                meta.update(n_rare=meta["n_rare"] - 1),
            ),
            "rare heaps",
        ),
        (lambda meta, arrays: arrays["rare_v"].__setitem__(0, arrays["rare_v"][0] + 1), "rare values"),
        (lambda meta, arrays: meta.update(largest_index=meta["largest_index"] + 1), "largest"),
    ],
)
def test_a_forged_state_with_a_recomputed_digest_is_refused_by_the_cross_checks(tmp_path, change, message):
    # The digest catches damage, not a forger: these files carry a correct SHA-256 of the forged contents
    _saved(tmp_path)
    _rewrite(tmp_path, change, resign=True)
    _refused(tmp_path, message)


def _move_count(meta, arrays, source: int, target: int, amount: int) -> None:
    count = arrays["count"]
    count[source] -= amount
    count[target] += amount


@pytest.mark.parametrize("n", [1500, 5000])  # every value held (window 1024: prefix + ring), and not
def test_forged_frequencies_with_a_recomputed_digest_are_refused(tmp_path, n):
    # One heap moved from value 0 to value 1 keeps the sum; the values held are recounted. Past the window
    # only a lower bound can be checked: all of value 1's count moved to value 2 breaks it
    _saved(tmp_path, n=n)
    whole = n <= 2 * 1024
    _rewrite(
        tmp_path,
        lambda meta, arrays: _move_count(
            meta, arrays, 0 if whole else 1, 1 if whole else 2, 1 if whole else int(arrays["count"][1])
        ),
        resign=True,
    )
    _refused(tmp_path, "the count of value")


def test_counts_that_wrap_round_int64_to_the_right_sum_are_refused(tmp_path):
    _saved(tmp_path)

    def wrap(meta, arrays):
        arrays["count"][:4] += 1 << 62  # four times 2^62 wraps round to the same int64 sum

    _rewrite(tmp_path, wrap, resign=True)
    _refused(tmp_path, "count must")


def test_a_window_past_the_limit_is_refused_before_allocating():
    for name in ("window", "max_window"):
        with pytest.raises(ValueError, match=f"{name} must be at most MAX_WINDOW"):
            Stream(octal("0.167"), **{name: 1 << 40})
    with pytest.raises(ValueError, match="window must be at most MAX_WINDOW"):
        stream_values(octal("0.167"), 10, window=1 << 34)


def test_a_stale_or_forged_next_choice_cannot_make_run_spin():
    stream = Stream(octal("0.161"), window=1 << 12)
    stream.run(5000)
    stream.next_choice = 512  # behind the run, inside the window: every chunk used to stop before it started
    assert stream.run(9000, max_chunks=50) is True
    assert stream.frequencies() == stream_values(octal("0.161"), 9000, window=1 << 12).frequencies()


def test_the_checkpoint_folder_is_checked_before_the_work(tmp_path):
    calls = []
    (tmp_path / "file").write_text("x")
    with pytest.raises(CheckpointError, match="not a folder"):
        Stream(octal("0.161")).run(5000, checkpoint=tmp_path / "file", progress=calls.append)
    (tmp_path / "run" / CHECKPOINT_NAME).mkdir(parents=True)
    with pytest.raises(CheckpointError, match="not a regular file"):
        Stream(octal("0.161")).run(5000, checkpoint=tmp_path / "run", progress=calls.append)
    assert calls == []  # refused before a single chunk


def _dead_pid() -> int:
    import subprocess
    import sys

    child = subprocess.Popen([sys.executable, "-c", "pass"])
    child.wait()
    return child.pid


def test_a_second_run_on_the_same_folder_is_refused_and_a_stale_lock_taken_over(tmp_path):
    import os

    (tmp_path / LOCK_NAME).write_text(f"{os.getppid()}\n")  # a live process holds it
    with pytest.raises(CheckpointError, match="another run"):
        Stream(octal("0.161")).run(5000, checkpoint=tmp_path)
    assert not (tmp_path / CHECKPOINT_NAME).exists()
    (tmp_path / LOCK_NAME).write_text(f"{_dead_pid()}\n")  # its process is gone
    assert Stream(octal("0.161")).run(5000, checkpoint=tmp_path) is True
    assert not (tmp_path / LOCK_NAME).exists()  # released at the end
    with lock(tmp_path):
        assert (tmp_path / LOCK_NAME).read_text().strip() == str(os.getpid())


def test_temporary_names_are_per_process(tmp_path, monkeypatch):
    import os

    renamed = []
    real = os.replace
    monkeypatch.setattr(os, "replace", lambda a, b: (renamed.append(Path(a).name), real(a, b)))
    Stream(octal("0.161")).run(3000, checkpoint=tmp_path)
    assert len(renamed) == 1 and re.fullmatch(rf"\.{CHECKPOINT_NAME}\.{os.getpid()}\.[0-9a-f]{{8}}\.tmp", renamed[0])


def test_a_failed_final_save_keeps_the_result_and_names_the_file(tmp_path, monkeypatch):
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(np, "savez", full)
    stream = Stream(octal("0.161"))
    with pytest.raises(CheckpointSaveError, match=str(tmp_path / CHECKPOINT_NAME)):
        stream.run(5000, checkpoint=tmp_path)
    assert stream.size == 5000 and stream.frequencies() == stream_values(octal("0.161"), 5000).frequencies()
    assert not list(tmp_path.glob("*.tmp")) and not (tmp_path / LOCK_NAME).exists()


def test_cli_rare_prints_the_result_when_the_final_save_fails(capsys, tmp_path, monkeypatch):
    import errno

    def full(*args, **kwargs):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(np, "savez", full)
    code, text, err = _cli(capsys, "rare", "0.161", "--to", "5000", "--checkpoint", str(tmp_path), "--json")
    assert code == 2 and "No space left" in err and "the result above is complete" in err
    data = json.loads(text)
    assert sum(data["frequencies"].values()) == 5000


def test_cli_rare_refuses_a_damaged_checkpoint_and_a_locked_folder_in_one_line(capsys, tmp_path):
    import os

    (tmp_path / CHECKPOINT_NAME).write_bytes(b"PK\x03\x04 truncated")
    code, _, err = _cli(capsys, "rare", "0.161", "--to", "5000", "--checkpoint", str(tmp_path))
    assert code == 2 and err.count("\n") == 1 and "checkpoint" in err and "Traceback" not in err
    (tmp_path / CHECKPOINT_NAME).unlink()
    (tmp_path / LOCK_NAME).write_text(f"{os.getppid()}\n")
    code, _, err = _cli(capsys, "rare", "0.161", "--to", "5000", "--checkpoint", str(tmp_path))
    assert code == 2 and "another run" in err and "about" not in err  # refused before the estimate


def test_cli_catches_the_engines_window_error(capsys, monkeypatch, tmp_path):
    def too_far(self, *args, **kwargs):
        raise WindowError("0.014: a rare heap at 64,126 needs a window above 128,260 values")

    monkeypatch.setattr(Stream, "run", too_far)
    code, _, err = _cli(capsys, "rare", "0.014", "--to", "100000", "--json", "--checkpoint", str(tmp_path))
    assert code == 2 and "rare heap at 64,126" in err and "Traceback" not in err


def test_cli_heaps_from_takes_ascii_digits_only(capsys, tmp_path):
    code, _, err = _cli(
        capsys, "rare", "0.161", "--to", "50", "--frequencies", str(tmp_path / "f"), "--heaps-from", "１"
    )
    assert code == 2 and "ASCII" in err


def test_frequency_files_name_their_file_on_io_errors(tmp_path):
    with pytest.raises(OSError, match=str(tmp_path / "no" / "f")):
        write_frequencies(tmp_path / "no" / "f", {0: 1})
    (tmp_path / "wide").write_text("０ 3\n", encoding="utf-8")
    with pytest.raises(ValueError, match="wide"):
        read_frequencies(tmp_path / "wide")


def test_a_forged_requested_method_is_a_checkpoint_error(tmp_path):
    # 0.161 (one split digit): "parity" applies but is not what the run chose; 0.44 (split digits 1 and 2, of both
    # parities): "parity" cannot apply at all, and choose's own ValueError comes out as a CheckpointError
    _saved(tmp_path)
    _rewrite(tmp_path, lambda meta, arrays: meta.update(requested="parity"), resign=True)
    _refused(tmp_path, "method")
    Stream(octal("0.44"), window=1024).run(5000, checkpoint=tmp_path / "b")
    _rewrite(tmp_path / "b", lambda meta, arrays: meta.update(requested="parity"), resign=True)
    with pytest.raises(CheckpointError, match="parity"):
        Stream.load(tmp_path / "b", octal("0.44"))


@pytest.mark.parametrize(
    "header",
    ["[" * 20_000 + "]" * 20_000, json.dumps({"format": "nimlib-stream", "version": "x" * 10_000}), "not json"],
)
def test_a_deep_long_or_broken_json_header_is_refused_in_one_short_line(tmp_path, header):
    _saved(tmp_path)
    path = tmp_path / CHECKPOINT_NAME
    with np.load(path) as data:
        arrays = {k: data[k] for k in data.files if k != "meta"}
    np.savez(path, meta=np.array(header), **arrays)
    message = _refused(tmp_path)
    assert len(message) < 300


@pytest.mark.slow  # about 90 s in all
@pytest.mark.parametrize(
    ("code", "n", "window", "method", "row"),
    # tczajka/octal-games (tests/data): UnsolvedGames.md .04 and .06 at n = 2^17; SolvedGames.md .56, .376 and .354
    # (whose values are periodic past the prefix + period the row covers): largest idx, largest, rare mask,
    # num rare, last rare. .06 lists a mask that leaves 40% of its heaps rare: the criterion would take the naive mex
    [
        ("0.04", 1 << 17, 1 << 14, "auto", (109363, 1024, 0x7B8, 18860, 131003)),
        ("0.06", 1 << 17, 1 << 14, "plain", (127083, 1045, 0x5A0, 52923, 131070)),
        ("0.56", 1 << 19, 1 << 14, "auto", (22778, 64, 0x5B, 46, 1795)),
        ("0.376", 1 << 22, 1 << 20, "auto", (341612, 176, 0xFE, 510, 1140540)),
        ("0.354", 1 << 24, 1 << 20, "auto", (1152, 113, 0x3F, 132, 3227)),
    ],
)
def test_a_streamed_run_chooses_its_mask_again_as_czajkas_table_does(code, n, window, method, row):
    """Issue 31: streamed, 0.04 to 2^17 kept the mask chosen at 2^16 (3b8, 18,867 rare heaps) and, from a small
    window, stayed on the naive mex for good; the mask is now chosen again at every choice point the values reach."""
    stream = Stream(octal(code), window=window, method=method)
    stream.run(n)
    r = stream.report()
    assert (r["largest_index"], r["largest"], r["mask"], r["rare_count"], r["last_rare"]) == row
    assert stream.w < n or code in ("0.04", "0.06", "0.376")  # those grow the window to their far rare heaps


@pytest.mark.parametrize(
    "args", [["--log", "9"], ["--log", "24,40"], ["--log", "x"], ["--log", "24,,26"], ["--load", "9"]]
)
def test_the_frontier_race_refuses_a_size_or_a_load_it_cannot_run_before_it_starts(args):
    # tools/bench_frontier.py --command: sizes 2^10..2^32 and 0..8 load processes; anything else is one line, exit 2
    tool = Path(__file__).resolve().parents[1] / "tools" / "bench_frontier.py"
    done = subprocess.run([sys.executable, str(tool), "--command", *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and "--log takes sizes K from 10 to 32" in done.stderr, done.stderr[-500:]
    assert "Traceback" not in done.stderr and not done.stdout
