"""Long periods in bounded memory (nimlib.engine.periods): certified against the published table, and checked."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from nimlib import octal
from nimlib.engine.periods import certificate, certify_period, check_streamed


@pytest.mark.parametrize(
    ("code", "period", "preperiod"),
    # tczajka/octal-games, SolvedGames.md (tests/data): prefix and period
    [("0.45", 20, 498), ("0.156", 349, 3479), ("0.356", 142, 7315), ("0.644", 442, 3256)],
)
def test_certified_periods_match_the_published_table(code, period, preperiod):
    result = certify_period(octal(code), period, max_n=1 << 20, window=1 << 10)
    assert result["certified"] and result["least"]
    assert (result["preperiod"], result["last_exception"]) == (preperiod, preperiod - 1)


def test_a_multiple_of_the_period_is_certified_but_not_least_and_a_wrong_one_never():
    result = certify_period(octal("0.156"), 2 * 349, max_n=1 << 20)
    assert result["certified"] and not result["least"]
    wrong = certify_period(octal("0.156"), 348, max_n=50_000)
    assert not wrong["certified"] and wrong["computed"] == 50_000


@pytest.mark.slow
def test_a_long_period_0_16():
    # Gangolli and Plambeck (1989): 0.16 has period 149,459 from heap 105,351
    result = certify_period(octal("0.16"), 149_459, max_n=1 << 20)
    assert (result["certified"], result["least"], result["preperiod"]) == (True, True, 105_351)


def test_cli_checks_a_streamed_certificate_and_rejects_a_wrong_one(tmp_path, capsys):
    from nimlib.cli import main

    cert = certificate(certify_period(octal("0.356"), 142, max_n=1 << 20))
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert main(["check", str(path)]) == 0
    assert "VALID" in capsys.readouterr().out
    assert check_streamed(path)[1].startswith("the last heap where they differ is 7,456")
    # the values to recompute come from the rule and the claim, never from the file: a forged "needed" (too
    # many to compute, or one more than the claim needs) is refused before any work
    forged = ({"needed": 10**15}, {"needed": cert["needed"] + 1}, {"period": 10**12, "needed": 2 * 10**12 + 14914})
    for change in ({"preperiod": 7314}, {"last_exception": 7000}, {"period": 284}, {"game": "0.357"}, *forged):
        path.write_text(json.dumps({**cert, **change}))
        assert main(["check", str(path)]) == 1, change
        assert "REJECTED" in capsys.readouterr().out
    path.write_text(json.dumps({**cert, "version": 2}))
    assert main(["check", str(path)]) == 1 and "version" in capsys.readouterr().out


def test_the_certificate_of_0_1777_states_flammenkamps_figures():
    # Flammenkamp: period 60,620,715, last exception at heap 160,949,017. tools/certify_1777.py wrote the
    # certificate; `nimlib check tests/data/0.1777-period.json` recomputes all 443,139,470 values it reads
    # (about 13 minutes and 380 MB here): a benchmark, not a test (the suite checks the same checker on
    # shorter streamed certificates above, and refuses altered ones)
    from pathlib import Path

    path = Path(__file__).resolve().parent / "data" / "0.1777-period.json"
    cert = json.loads(path.read_text())
    assert (cert["game"], cert["period"], cert["last_exception"]) == ("0.1777", 60_620_715, 160_949_017)


# ---------------------------------------------------------------- bounded checks (issue 31)


def test_cli_check_estimates_a_streamed_certificate_first_and_refuses_a_long_one(capsys, monkeypatch):
    import nimlib.engine.periods as periods
    from nimlib.cli import main

    def started(*args, **kwargs):
        raise AssertionError("the 13-minute recomputation started")

    monkeypatch.setattr(periods, "certify_period", started)

    path = Path(__file__).resolve().parent / "data" / "0.1777-period.json"
    # 443 million values, about 13 minutes: the estimate is printed and the check refused before any work
    assert main(["check", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "443,139,470 values" in err and "--allow-long" in err and "about" in err


def test_cli_check_prints_its_estimate_and_progress_on_stderr(tmp_path, capsys, monkeypatch):
    import nimlib.cli as cli

    monkeypatch.setattr(cli, "PROGRESS_SECONDS", 0.0)
    cert = certificate(certify_period(octal("0.356"), 142, max_n=1 << 20))
    path = tmp_path / "c.json"
    path.write_text(json.dumps(cert))
    assert cli.main(["check", str(path), "--allow-long"]) == 0
    out, err = capsys.readouterr()
    assert "VALID" in out and "about" in err and "values recomputed" in err


def test_a_streamed_certificate_of_a_long_code_is_refused_before_any_work(tmp_path, capsys):
    from nimlib.cli import main

    for code in ("0." + "1" * 4000, "0." + "7" * 13):
        cert = {"format": "nimlib-streamed-period", "version": 1, "game": code, "preperiod": 0, "period": 1}
        cert.update(last_exception=None, needed=2 + 2 + len(code) - 2)
        path = tmp_path / "c.json"
        path.write_text(json.dumps(cert))
        assert main(["check", str(path)]) == 1
        assert "MAX_CODE_DIGITS = 12" in capsys.readouterr().out
        with pytest.raises(ValueError, match="MAX_CODE_DIGITS"):
            check_streamed(path)


def test_a_streamed_certificate_reads_exact_ints_only(tmp_path):
    cert = certificate(certify_period(octal("0.356"), 142, max_n=1 << 20))
    for change in ({"version": True}, {"period": 142.0}, {"preperiod": True}):
        path = tmp_path / "c.json"
        path.write_text(json.dumps({**cert, **change}))
        with pytest.raises(ValueError):
            check_streamed(path)


def test_certify_period_estimates_first_and_refuses_a_long_run():
    # certify_period(0.137, 2^27, max_n=10^6) ran the naive mex on 10^6 values (minutes) with no estimate, where
    # `nimlib check` plans first: the library call now estimates the values it must stream and refuses up front
    from nimlib.engine import periods

    with pytest.raises(ValueError, match=r"1,000,000 values, about .* over max_seconds = 30 \(CERTIFY_SECONDS"):
        certify_period(octal("0.137"), 1 << 27, max_n=10**6)
    assert periods.CERTIFY_SECONDS == 30
    # a short claim is not refused: the estimate covers min(max_n, 2 + 2p + t) values
    assert certify_period(octal("0.356"), 142, max_n=1 << 20, max_seconds=5)["certified"]
