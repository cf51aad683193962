"""Frequency files: nimlib writes, byte for byte, what Rogalski's solver computes and his published files hold.

The references are in tests/data/frequencies (its README says how they were
made): rust/GAME/65536 from the solver's own output (rust/GAME/65536.json,
as it printed it), published/0.167/1048576 a copy of his results file.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest

from nimlib import octal
from nimlib.cli import main
from nimlib.engine.stream import (
    MAX_FREQUENCY_BYTES,
    MAX_VALUE,
    Stream,
    read_frequencies,
    write_frequencies,
)

ROOT = Path(__file__).resolve().parent.parent
DATA = ROOT / "tests" / "data" / "frequencies"
RUST = ["0.167", "0.161"]


def _rust_tool():
    """tools/rust_frequencies.py, the conversion the README documents, as a module."""
    spec = importlib.util.spec_from_file_location("rust_frequencies", ROOT / "tools" / "rust_frequencies.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _cli(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.mark.parametrize("code", RUST)
def test_the_rust_files_follow_from_what_the_solver_printed(code):
    block = (DATA / "rust" / code / "65536.json").read_text(encoding="ascii")
    assert _rust_tool().published(block) == (DATA / "rust" / code / "65536").read_text(encoding="ascii")


@pytest.mark.parametrize("code", RUST)
def test_python_m_nimlib_rare_writes_the_rust_solvers_file_byte_for_byte(code, tmp_path):
    expected = (DATA / "rust" / code / "65536").read_bytes()
    lines = expected.decode("ascii").splitlines()
    # What a plausible wrong writer gets wrong is in the reference: values that never occur ("19 0")
    # inside the list, and heap 0 left out (0.167: only heaps 0 and 2 have value 0; 0.161: heaps 0..N-1
    # have 14 zeros, heaps 1..N 13)
    assert [int(line.split()[0]) for line in lines] == list(range(len(lines)))
    assert any(line.endswith(" 0") for line in lines[:-1])
    assert lines[0] == {"0.167": "0 1", "0.161": "0 13"}[code]
    out = tmp_path / "freq"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run(
        [sys.executable, "-m", "nimlib", "rare", code, "--to", "65536", "--frequencies", str(out)],
        capture_output=True,
        text=True,
        env=env,
        timeout=300,
    )
    assert done.returncode == 0, done.stderr
    assert out.read_bytes() == expected


def test_nimlib_rare_writes_rogalskis_published_file_byte_for_byte(capsys, tmp_path):
    out = tmp_path / "1048576"
    code, text, err = _cli(capsys, "rare", "0.167", "--to", str(1 << 20), "--frequencies", str(out))
    assert code == 0, err
    assert "heaps 1..1048576" in text
    assert out.read_bytes() == (DATA / "published" / "0.167" / "1048576").read_bytes()


def test_the_file_lists_every_value_to_the_largest_and_reads_back_either_layout(tmp_path):
    write_frequencies(tmp_path / "f", {np.int64(3): 2, 0: 1, 5: 0})  # numpy ints are exact ints too
    assert (tmp_path / "f").read_text() == "0 1\n1 0\n2 0\n3 2\n"
    assert read_frequencies(tmp_path / "f") == {0: 1, 3: 2}
    (tmp_path / "old").write_text("0 1\n3 2\n")  # the older layout: the values that occur only
    assert read_frequencies(tmp_path / "old") == {0: 1, 3: 2}
    write_frequencies(tmp_path / "empty", {})
    assert (tmp_path / "empty").read_text() == "" and read_frequencies(tmp_path / "empty") == {}
    # the older reference files and the published ones hold the same counts but for heaps 0 and N
    old = read_frequencies(DATA / "0.167" / "1048576")
    published = read_frequencies(DATA / "published" / "0.167" / "1048576")
    assert old[0] == published[0] + 1 and sum(old.values()) == sum(published.values()) == 1 << 20


@pytest.mark.parametrize(
    ("frequencies", "error", "words"),
    [
        ([(0, 1)], TypeError, "dict"),
        ({True: 1}, TypeError, "must be an int, got True"),
        ({0: 1.0}, TypeError, "frequencies[0] must be an int"),
        ({0.0: 1}, TypeError, "must be an int, got 0.0"),
        ({"1": 1}, TypeError, "must be an int"),
        ({0: -1}, ValueError, "non-negative"),
        ({-1: 1}, ValueError, "non-negative"),
        ({MAX_VALUE + 1: 1}, ValueError, "MAX_VALUE"),
    ],
)
def test_write_frequencies_refuses_what_is_not_exact_counts(tmp_path, frequencies, error, words):
    with pytest.raises(error) as raised:
        write_frequencies(tmp_path / "f", frequencies)
    assert words in str(raised.value) and "\n" not in str(raised.value)
    assert not (tmp_path / "f").exists()


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("0 3\n１ 4\n", "line 2"),  # a fullwidth digit is a digit to str.isdigit, not to a file of numbers
        ("0 3\n1 ４\n", "line 2"),
        ("0 3\n1 4.0\n", "line 2"),
        ("0 -3\n", "line 1"),
        ("0 3 4\n", "line 1"),
        ("0 3\n0 4\n", "line 2: value 0 after 0: values must increase"),
        ("1 3\n0 4\n", "line 2: value 0 after 1"),
        (f"{MAX_VALUE + 1} 1\n", "MAX_VALUE"),
        ("0 " + "9" * 20 + "\n", "line 1"),
    ],
)
def test_read_frequencies_refuses_a_bad_line_in_one_line(tmp_path, text, words):
    (tmp_path / "f").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError) as raised:
        read_frequencies(tmp_path / "f")
    assert words in str(raised.value) and "\n" not in str(raised.value)


def test_read_frequencies_refuses_a_file_larger_than_any_frequency_file_before_reading_it(tmp_path):
    with open(tmp_path / "big", "wb") as f:
        f.truncate(MAX_FREQUENCY_BYTES + 1)  # sparse: nothing is written, and nothing may be read
    with pytest.raises(ValueError, match="MAX_FREQUENCY_BYTES"):
        read_frequencies(tmp_path / "big")
    os.mkfifo(tmp_path / "fifo")  # no writer: reading it would wait forever
    with pytest.raises(ValueError, match="not a regular file"):
        read_frequencies(tmp_path / "fifo")
    with pytest.raises(OSError, match="cannot read the frequencies"):
        read_frequencies(tmp_path / "missing")


def test_stream_frequencies_counts_from_heap_0_or_1_only():
    stream = Stream(octal("0.161"), window=1024)
    stream.run(100)
    assert sum(stream.frequencies(count_from=1).values()) == 99
    with pytest.raises(TypeError, match="count_from must be an int, got True"):
        stream.frequencies(count_from=True)
    with pytest.raises(TypeError, match="count_from"):
        stream.frequencies(count_from=1.0)
    with pytest.raises(ValueError, match="count_from must be 0 or 1"):
        stream.frequencies(count_from=2)


@pytest.mark.parametrize(
    ("argv", "words"),
    [
        (["--to", "１０", "--frequencies", "F"], "expected a non-negative int (ASCII digits 0-9), got '１０'"),
        (["--to", "10.0", "--frequencies", "F"], "got '10.0'"),
        (["--to", "100", "--frequencies", "F", "--heaps-from", "１"], "got '１'"),
        (["--to", "100", "--frequencies", "F", "--heaps-from", "2"], "invalid choice: 2"),
        (["--to", "100", "--frequencies", "F", "--heaps-from", "1.0"], "got '1.0'"),
        (["--to", "100", "--frequencies", "F", "--heaps-from", "true"], "got 'true'"),
        (["--to", "100", "--heaps-from", "1"], "--heaps-from counts the heaps of a streamed run"),
    ],
)
def test_cli_frequency_options_refuse_inexact_numbers_in_one_line(capsys, tmp_path, argv, words):
    argv = [str(tmp_path / "f") if a == "F" else a for a in argv]
    code, out, err = _cli(capsys, "rare", "0.167", *argv)
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1 and "Traceback" not in err
    assert not (tmp_path / "f").exists()
