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
        (["values", "kayles", "--to", "100", "--misere"], "at most 40"),
        (["values", "wythoff", "--to", "5"], "needs --row"),
        (["period", "grundy", "--limit", "0"], "expected a positive int"),
        (["period", "grundy", "--limit", "1000000000000"], "at most 67,108,864"),
        (["genus", "grundy", "--to", "1000"], "at most 40"),
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
