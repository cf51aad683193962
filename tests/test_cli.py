"""The command line: every command in-process and through ``python -m nimlib``; bad input; certificates."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from nimlib import grundy_values, octal, rulesets
from nimlib.cli import check_certificate, main, parse_game
from nimlib.misere import genus, misere_values

ROOT = Path(__file__).resolve().parents[1]


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


def run_json(capsys, *argv: str) -> dict:
    code, out, err = run(capsys, *argv, "--json")
    assert code == 0, err
    return json.loads(out)


def subprocess_run(*argv: str) -> subprocess.CompletedProcess:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-m", "nimlib", *argv], capture_output=True, text=True, env=env, timeout=120)


# ---------------------------------------------------------------- values


@pytest.mark.parametrize(
    ("spec", "game"),
    [("kayles", rulesets.kayles), ("0.137", rulesets.crosses), (".6", octal("0.6")), ("4.07", octal("4.07")),
     ("dawson", rulesets.dawsons_kayles), ("grundy", rulesets.grundys_game), ("lasker", rulesets.laskers_nim),
     ("officers", octal("0.6")), ("nim", rulesets.nim), ("subtraction:1,3,4", rulesets.subtraction({1, 3, 4}))],
)  # fmt: skip
def test_values_json_equal_the_engine(capsys, spec, game):
    data = run_json(capsys, "values", spec, "--to", "60")
    assert data["first"] == 0 and data["values"] == grundy_values(game, 60).tolist()


def test_values_text_lists_every_value(capsys):
    code, out, _ = run(capsys, "values", "kayles", "--to", "12")
    assert code == 0
    assert "0    1    2    3    1    4    3    2    1    4" in out and "2    6" in out


def test_take_any_codes(capsys):
    assert run_json(capsys, "values", "0.[3]", "--to", "9")["values"] == list(range(9))
    assert (
        run_json(capsys, "values", "4.[3]", "--to", "200")["values"]
        == grundy_values(rulesets.laskers_nim, 200).tolist()
    )


def test_allbut_by_definition(capsys):
    values = run_json(capsys, "values", "allbut:2,3,7", "--to", "80")["values"]
    mex = []
    for m in range(80):
        seen = {mex[m - j] for j in range(1, m + 1) if j not in (2, 3, 7)}
        mex.append(min(set(range(len(seen) + 1)) - seen))
    assert values == mex


def test_misere_values(capsys):
    data = run_json(capsys, "values", "kayles", "--to", "15", "--misere")
    assert data["misere"] is True and data["values"] == misere_values(rulesets.kayles, 15)


# ---------------------------------------------------------------- period and certificates


def test_period_json(capsys):
    data = run_json(capsys, "period", "kayles")
    assert {k: data[k] for k in ("preperiod", "period", "saltus", "certified", "needed")} == {
        "preperiod": 71, "period": 12, "saltus": 0, "certified": True, "needed": 168,
    }  # fmt: skip
    assert data["computed"] >= 168
    lasker = run_json(capsys, "period", "lasker")
    assert (lasker["period"], lasker["saltus"], lasker["certified"]) == (4, 4, False)
    grundy = run_json(capsys, "period", "grundy", "--limit", "2048")
    assert grundy == {"game": "grundy", "found": False, "computed": 2048, "certified": False}


def test_certificate_round_trip_and_tampering(capsys, tmp_path):
    path = tmp_path / "crosses.json"
    code, _, err = run(capsys, "period", "0.137", "--certificate", str(path))
    assert code == 0, err
    cert = json.loads(path.read_text())
    assert (cert["preperiod"], cert["period"], cert["game"], len(cert["values"])) == (52, 34, "0.137", 175)
    assert "t" not in cert and "needed" not in cert  # derived from the rule by the checker, never read
    assert run_json(capsys, "check", str(path))["valid"] is True

    def rejected(mutate) -> str:
        bad = json.loads(path.read_text())
        mutate(bad)
        tampered = tmp_path / "tampered.json"
        tampered.write_text(json.dumps(bad))
        code, out, _ = run(capsys, "check", str(tampered), "--json")
        assert code == 1
        data = json.loads(out)
        assert data["valid"] is False
        return data["reason"]

    # One value changed inside the range the proof reads: the recomputation finds it
    assert "g(100) is" in rejected(lambda c: c["values"].__setitem__(100, c["values"][100] + 1))

    # A value changed consistently with the period (every copy), so only the rule catches it
    def shift_class(c):
        for n in range(60, 175, 34):
            c["values"][n] ^= 16

    assert "by the rule" in rejected(shift_class)
    # Too few values for the theorem
    assert "reads exactly 175 values" in rejected(lambda c: c["values"].__delitem__(slice(170, None)))
    # A preperiod or period that is not the least, with as many true values as the theorem reads
    assert "preperiod is not the least" in rejected(
        lambda c: c.update(preperiod=53, values=grundy_values(rulesets.crosses, 2 * 53 + 2 * 34 + 3).tolist())
    )
    assert "not the least period" in rejected(
        lambda c: c.update(period=68, values=grundy_values(rulesets.crosses, 2 * 52 + 4 * 34 + 3).tolist())
    )
    assert "lacks the field 'rule'" in rejected(lambda c: c.pop("rule"))
    assert "game must be '0.137'" in rejected(lambda c: c.update(game="kayles (0.77)"))


def test_check_certificate_is_independent_of_the_engine():
    import ast

    import nimlib.certificate

    tree = ast.parse(Path(nimlib.certificate.__file__).read_text(encoding="utf-8"))
    imported = {a.name for node in ast.walk(tree) if isinstance(node, ast.Import | ast.ImportFrom) for a in node.names}
    imported |= {node.module for node in ast.walk(tree) if isinstance(node, ast.ImportFrom) and node.module}
    assert imported <= {"__future__", "annotations", "json", "re", "itertools", "pairwise", "operator", "xor"} | {
        "pathlib",
        "Path",
        "math",  # isqrt: the least-period check's trial division
        "os",  # open without blocking and fstat: regular files only (issue 25)
        "stat",
    }
    assert not any(isinstance(node, ast.ImportFrom) and node.level for node in ast.walk(tree))  # no nimlib module


@pytest.mark.slow  # more games of the same kind: the round trip above stays in the quick tier
def test_certificates_of_several_games(tmp_path, capsys):
    for spec in ["0.07", "4.07", "0.156", "subtraction:2,5,7"]:
        path = tmp_path / "c.json"
        assert run(capsys, "period", spec, "--limit", "16384", "--certificate", str(path))[0] == 0
        assert any(line.startswith("all ") for line in check_certificate(json.loads(path.read_text())))


def test_no_certificate_without_a_proof(capsys, tmp_path):
    code, _, err = run(capsys, "period", "lasker", "--certificate", str(tmp_path / "x.json"))
    assert code == 2 and err.count("\n") == 1 and "no certified period" in err


# ---------------------------------------------------------------- genus and rare


def test_genus_json_and_text(capsys):
    data = run_json(capsys, "genus", "kayles", "--to", "10")
    assert data["genus"] == [[g, list(gs)] for g, gs in genus(rulesets.kayles, 10)]
    _, out, _ = run(capsys, "genus", "kayles", "--to", "6")
    assert "0^120" in out and "4^146" in out


def test_rare_against_the_published_table(capsys, tmp_path):
    data = run_json(capsys, "rare", "grundy", "--to", "100000")
    # tczajka/octal-games, UnsolvedGames.md: mask fe, 1274 rare values, the last at 82860
    assert (data["mask"], data["rare_count"], data["last_rare"]) == (0xFE, 1274, 82860)
    assert data["largest"] == max(grundy_values(rulesets.grundys_game, 100_000).tolist())


def test_rare_json_is_written_a_chunk_at_a_time(capsys, monkeypatch):
    # rare nim --to 2^24 --json built its lists whole (lists of Python ints, then one string): 2,349 MiB, more than
    # the 2 GiB --help promises. The lists are now written in chunks: the same JSON, in bounded memory
    from nimlib import cli

    monkeypatch.setattr(cli, "CHUNK", 1000)  # several chunks in a small run
    data = run_json(capsys, "rare", "0.6", "--to", "5000")
    values = grundy_values(rulesets.octal("0.6"), 5000).tolist()
    rare = [h for h, v in enumerate(values) if bin(v & data["mask"]).count("1") % 2 == 0]
    assert data["rare"] == [[h, values[h]] for h in rare] and data["rare_count"] == len(rare)
    assert data["common_values"] == sorted({v for h, v in enumerate(values) if h not in set(rare)})
    # the peak of a whole run (its resident set's high-water mark, VmHWM, which exec resets: a count, not a time):
    # 679 MiB before at 2^22, 286 now
    if not Path("/proc/self/status").exists():
        pytest.skip("reads /proc/self/status")
    code = (
        "import re, sys\nfrom nimlib.cli import main\n"
        f"assert main(['rare', 'nim', '--to', '{1 << 22}', '--json']) == 0\n"
        "sys.stderr.write(re.search(r'VmHWM:\\s+(\\d+)', open('/proc/self/status').read()).group(1))"
    )
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    child = subprocess.run(
        [sys.executable, "-c", code], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True, env=env, timeout=300
    )
    assert child.returncode == 0, child.stderr
    peak = int(child.stderr.split()[-1]) // 1024
    assert peak < 450, f"{peak} MiB"


def test_rare_plot(capsys, tmp_path):
    path = tmp_path / "rare.png"
    assert run(capsys, "rare", "0.6", "--to", "5000", "--plot", str(path))[0] == 0
    assert path.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


# ---------------------------------------------------------------- coin games and wythoff (other modules)


def _module(name):
    import importlib

    try:
        return importlib.import_module(name)
    except ImportError:
        return None


def test_coin_games_start_at_1(capsys):
    coins = _module("nimlib.coins")
    if coins is None:  # before the coin-turning helper's branch is merged: a clean one-line error
        code, _, err = run(capsys, "values", "ruler", "--to", "16")
        assert code == 2 and "needs nimlib.coins" in err and err.count("\n") == 1
        return
    for name, values in (("ruler", coins.ruler(16)), ("mock-turtles", coins.mock_turtles(16))):
        data = run_json(capsys, "values", name, "--to", "16")
        assert data["first"] == 1 and data["values"] == values


def test_wythoff_row(capsys):
    wythoff = _module("nimlib.wythoff")
    if wythoff is None:
        code, _, err = run(capsys, "values", "wythoff", "--row", "2", "--to", "10")
        assert code == 2 and "needs nimlib.wythoff" in err and err.count("\n") == 1
        return
    data = run_json(capsys, "values", "wythoff", "--row", "2", "--to", "10")
    assert data["first"] == 0 and data["values"] == wythoff.grundy_row(2, 10)


# ---------------------------------------------------------------- bad input


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["values", "foo", "--to", "5"], "unknown game 'foo'"),
        (["values", "kayles", "--to", "x"], "expected a non-negative int"),
        (["values", "kayles"], "required: --to"),
        (["values", "0.8", "--to", "5"], "unknown game"),
        (["values", "5.07", "--to", "5"], "must be 0 or 4"),
        (["values", "subtraction:", "--to", "5"], "needs a list of positive ints"),
        (["values", "subtraction:1,-2", "--to", "5"], "positive ints"),
        (["values", "0.9[3]", "--to", "5"], "unknown game"),
        (["values", "0.4[3]", "--to", "5"], "each digit must include 3"),
        (["values", "kayles", "--to", "10000000000000"], "limit is n <= 268,435,456"),
        (["values", "kayles", "--to", "100", "--misere"], "MAX_MISERE_SPLITTING = 40"),
        (["values", "wythoff", "--to", "5"], "needs --row"),
        (["period", "grundy", "--limit", "0"], "expected a positive int"),
        (["period", "grundy", "--limit", "1000000000000"], "at most 67,108,864"),
        (["genus", "grundy", "--to", "1000"], "MAX_GENUS_SPLITTING = 30"),
        (["check", "/nonexistent/cert.json"], "No such file"),
        (["frobnicate"], "invalid choice"),
        ([], "required"),
    ],
)
def test_bad_input_is_one_line_and_exit_2(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert message in err and err.count("\n") == 1 and "Traceback" not in err


def test_not_json_certificate(capsys, tmp_path):
    path = tmp_path / "x.json"
    path.write_text("{not json")
    code, _, err = run(capsys, "check", str(path))
    assert code == 2 and "is not JSON" in err and err.count("\n") == 1


def test_subprocess_help_values_and_errors(tmp_path):
    help_text = subprocess_run("--help")
    assert help_text.returncode == 0
    for section in ("NAME", "SYNOPSIS", "DESCRIPTION", "EXAMPLES", "EXIT STATUS", "GAME is one of"):
        assert section in help_text.stdout
    assert "subtraction:S" in subprocess_run("period", "--help").stdout
    done = subprocess_run("values", "kayles", "--to", "12", "--json")
    assert done.returncode == 0 and json.loads(done.stdout)["values"] == [0, 1, 2, 3, 1, 4, 3, 2, 1, 4, 2, 6]
    assert done.stderr == ""  # no progress bar when stderr is not a terminal
    bad = subprocess_run("values", "kayles", "--to", "-3")
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    path = tmp_path / "k.json"
    assert subprocess_run("period", "kayles", "--certificate", str(path)).returncode == 0
    assert subprocess_run("check", str(path)).returncode == 0


def test_parse_game_labels():
    assert parse_game("Kayles").label == "kayles (0.77)"
    assert parse_game(".6").label == "0.6"
    assert parse_game("subtraction:7,2,3").label == "subtraction:2,3,7"
    assert parse_game("mock-turtles").first == 1


# ---------------------------------------------------------------- limits and hygiene (issue #17)


@pytest.mark.parametrize(
    ("argv", "limit"),
    [
        (["genus", "kayles", "--to", "40"], "MAX_GENUS_SPLITTING = 30"),
        (["genus", "lasker", "--to", "40"], "MAX_GENUS_TAKE_ANY_SPLITTING = 25"),
        (["genus", "grundy", "--to", "40"], "MAX_GENUS_SPLITTING = 30"),
        (["genus", "nim", "--to", "5000"], "MAX_GENUS_SIMPLE = 1,000"),
        (["values", "lasker", "--misere", "--to", "40"], "MAX_MISERE_TAKE_ANY_SPLITTING = 35"),
        (["values", "ruler", "--to", "1000001"], "MAX_COINS = 1,000,000"),
        (["values", "mock-turtles", "--to", "1000001"], "MAX_COINS = 1,000,000"),
        (["values", "wythoff", "--row", "100000000", "--to", "3"], "MAX_CELLS = 20,000,000"),
        (["values", "wythoff", "--row", str(10**18), "--to", "3"], "MAX_CELLS = 20,000,000"),
        (["values", "subtraction:100000000000000000000", "--to", "50"], "MAX_TAKE = 1,000,000"),
        (["values", "allbut:100000000000000000000", "--to", "50"], "MAX_TAKE = 1,000,000"),
        (["values", "subtraction:1," + "9" * 40, "--to", "50"], "ASCII digits 0-9"),
        (["values", "lasker", "--to", "1000000"], "MAX_QUADRATIC_CLI = 262,144"),
        (["values", "allbut:" + ",".join(map(str, range(1, 1001))), "--to", "10000000"], "MAX_TAKE_WORK"),
        (["values", "grundy", "--to", "20000000"], "MAX_SPLITTING_CLI = 16,777,216"),
        (["period", "grundy", "--limit", "20000000"], "MAX_SPLITTING_CLI = 16,777,216"),
        (["rare", "grundy", "--to", "20000000"], "MAX_RARE = 16,777,216"),
        (["values", "kayles", "--to", "268435457", "--json"], "limit is n <= 268,435,456"),
    ],
    ids=lambda v: " ".join(v) if isinstance(v, list) else None,
)
def test_too_large_is_refused_at_once_naming_the_limit(capsys, argv, limit):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == ""
    assert limit in err and err.count("\n") == 1 and "Traceback" not in err


@pytest.mark.parametrize("game", ["ruler", "mock-turtles"])
def test_period_of_a_coin_game_is_refused_clearly(capsys, game):
    code, _, err = run(capsys, "period", game)
    assert code == 2 and "not periodic in the octal sense" in err and err.count("\n") == 1


def test_a_splitting_game_with_an_early_certificate_may_be_long(capsys):
    # Kayles is certified from 168 values, so its values extend by the period at any size under the memory limit
    code, out, _ = run(capsys, "period", "kayles", "--limit", "60000000")
    assert code == 0 and "period 12" in out


def test_coin_values_are_fast_and_right(capsys):
    from nimlib.coins import lowbit, odious

    ruler = run_json(capsys, "values", "ruler", "--to", "100000")["values"]
    assert ruler == [lowbit(x) for x in range(1, 100001)]
    assert run_json(capsys, "values", "mock-turtles", "--to", "100000")["values"] == odious(100000)


@pytest.mark.parametrize(
    "argv",
    [
        ["values", "subtraction:１,2", "--to", "5"],  # full-width 1
        ["values", "allbut:２", "--to", "5"],
        ["values", "kayles", "--to", "１0"],
        ["values", "kayles", "--to", "٣"],  # Arabic-Indic 3
        ["period", "kayles", "--limit", "１00"],
        ["values", "wythoff", "--row", "２", "--to", "3"],
        ["values", "0.１37", "--to", "5"],
    ],
    ids=["subtraction", "allbut", "to", "arabic-indic", "limit", "row", "octal"],
)
def test_only_ascii_digits_are_numbers(capsys, argv):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and err.count("\n") == 1


def test_streamed_output_equals_the_whole(capsys, monkeypatch):
    import nimlib.cli as cli

    values = grundy_values(rulesets.grundys_game, 1234).tolist()
    _, whole_text, _ = run(capsys, "values", "grundy", "--to", "1234")
    monkeypatch.setattr(cli, "CHUNK", 7)  # many chunks, none a multiple of the ten values a row
    _, text, _ = run(capsys, "values", "grundy", "--to", "1234")
    data = run_json(capsys, "values", "grundy", "--to", "1234")
    assert data == {"game": "grundy", "first": 0, "values": values}
    assert text == whole_text
    assert text.splitlines()[1:] == cli._rows(values, 0).splitlines()
    empty = run_json(capsys, "values", "kayles", "--to", "0")
    assert empty["values"] == []


def test_json_does_not_build_the_text_rows(capsys, monkeypatch):
    import nimlib.cli as cli

    def no_rows(*args, **kwargs):
        raise AssertionError("the text rows were built under --json")

    monkeypatch.setattr(cli, "_rows", no_rows)
    assert len(run_json(capsys, "values", "kayles", "--to", "300000")["values"]) == 300000


def test_plot_is_written_to_exactly_the_path_given(capsys, tmp_path):
    for name in ("rare.svg", "rare.pdf"):
        path = tmp_path / name
        code, out, err = run(capsys, "rare", "0.6", "--to", "3000", "--plot", str(path))
        assert code == 0, err
        assert path.exists() and not Path(str(path) + ".png").exists() and f"plot written to {path}" in out
    assert (tmp_path / "rare.svg").read_text().lstrip().startswith("<?xml")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["rare", "grundy", "--to", "1000", "--plot", "/dev/full"], "/dev/full: the file name must end in a format"),
        (["rare", "grundy", "--to", "1000", "--plot", "rare.xyz"], "rare.xyz: the file name must end"),
        (["rare", "grundy", "--to", "1000", "--plot", ""], "--plot needs a file name"),
        (["rare", "grundy", "--to", "1000", "--plot", "/nonexistent/dir/r.png"], "/nonexistent/dir/r.png"),
        (["period", "kayles", "--certificate", ""], "--certificate needs a file name"),
        (["period", "kayles", "--certificate", "/nonexistent/dir/c.json"], "/nonexistent/dir/c.json"),
        # Path("") is the current folder: an empty --checkpoint wrote ./stream.npz
        (["rare", "0.167", "--to", "5000", "--checkpoint", ""], "--checkpoint needs a folder name"),
        (["rare", "0.167", "--to", "5000", "--checkpoint", " "], "--checkpoint needs a folder name"),
        (["rare", "0.167", "--to", "5000", "--frequencies", ""], "--frequencies needs a file name"),
        (["values", "kayles", "--to", "50", "--output", ""], "--output needs a file name"),
    ],
    ids=[
        "dev-full",
        "suffix",
        "empty plot",
        "no folder",
        "empty certificate",
        "no folder certificate",
        "empty checkpoint",
        "blank checkpoint",
        "empty frequencies",
        "empty output",
    ],
)
def test_output_paths_that_cannot_be_written_are_refused(capsys, argv, message):
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err and err.count("\n") == 1


def test_a_plot_that_fails_while_writing_names_the_path(capsys, tmp_path, monkeypatch):
    import matplotlib.figure

    def full(self, *args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(matplotlib.figure.Figure, "savefig", full)
    path = tmp_path / "r.png"
    code, out, err = run(capsys, "rare", "0.6", "--to", "1000", "--plot", str(path))
    assert code == 2 and out == "" and f"cannot write the plot to {path}: No space left on device" in err


def test_a_closed_pipe_exits_quietly_with_141():
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    cmd = [sys.executable, "-m", "nimlib", "values", "0.16", "--to", "2000000"]
    proc = subprocess.Popen(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, env=env)
    first = proc.stdout.readline()
    proc.stdout.close()  # as head -1 does
    err = proc.stderr.read()
    assert proc.wait(timeout=120) == 141
    assert first.startswith(b"Grundy values of 0.16") and err == b""


def test_the_progress_bar_goes_to_stderr_only_on_a_terminal():
    import pty

    env = {**os.environ, "PYTHONPATH": str(ROOT), "TERM": "xterm"}
    cmd = [sys.executable, "-m", "nimlib", "values", "0.16", "--to", "300000"]
    main_fd, terminal = pty.openpty()
    try:
        done = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=terminal, env=env, timeout=120)
    finally:
        os.close(terminal)
        os.close(main_fd)
    lines = done.stdout.decode().splitlines()
    assert done.returncode == 0 and b"\x1b" not in done.stdout
    assert len(lines) == 1 + 300000 // 10 and lines[1].startswith("       0:")
    # and nothing on stderr when it is not a terminal, even for a long run
    quiet = subprocess.run(cmd, capture_output=True, env=env, timeout=120)
    assert quiet.returncode == 0 and quiet.stderr == b""


@pytest.mark.slow  # writes 2^28 values (about 800 MB of JSON): a minute or more
def test_the_documented_maximum_streams_within_2_gib(tmp_path):
    # Past MAX_PRINTED values the command writes to a file (--output), never to a terminal (issue 31)
    n = 268_435_456
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    refused = subprocess.run(
        [sys.executable, "-m", "nimlib", "values", "kayles", "--to", str(n), "--json"], capture_output=True, env=env
    )
    assert refused.returncode == 2 and refused.stdout == b"" and b"--output FILE" in refused.stderr
    out = tmp_path / "kayles.json"
    cmd = [sys.executable, "-m", "nimlib", "values", "kayles", "--to", str(n), "--json", "--output", str(out)]
    proc = subprocess.Popen(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
    _, status, usage = os.wait4(proc.pid, 0)
    assert os.waitstatus_to_exitcode(status) == 0
    head, commas, tail = b"", 0, b""
    with out.open("rb") as written:
        while block := written.read(1 << 22):
            head = head or block[:100]
            commas += block.count(b",")
            tail = (tail + block)[-100:]
    assert head.startswith(b'{"game": "kayles (0.77)", "first": 0, "values": [0, 1, 2, 3, 1, 4')
    assert tail.endswith(b"]}\n") and commas == 2 + n - 1  # two after "game" and "first", n - 1 between values
    assert usage.ru_maxrss * 1024 < 2 * 1024**3


def test_a_certificate_that_cannot_be_written_names_the_path(capsys):
    if not Path("/dev/full").exists():
        pytest.skip("no /dev/full here")
    code, out, err = run(capsys, "period", "0.137", "--certificate", "/dev/full")
    # a device is refused before the work (issue 25: a FIFO blocked forever), naming the path
    assert code == 2 and err.count("\n") == 1 and "--certificate /dev/full is not a regular file" in err
    assert out == ""


def test_a_certificate_write_that_fails_names_the_path(capsys, tmp_path, monkeypatch):
    def full(*args, **kwargs):
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)  # the last step before the rename (nimlib._atomic)
    target = tmp_path / "c.json"
    code, out, err = run(capsys, "period", "0.137", "--certificate", str(target))
    assert code == 2 and err.count("\n") == 1 and f"cannot write the certificate to {target}: No space left" in err
    assert "certificate written" not in out and list(tmp_path.iterdir()) == []
