"""Period certificates: every certified game round-trips, and no tampering fools the checker.

The oracle below is independent of nimlib.certificate: values by a mex over
``TakeRule.heap_options`` (the Python rules), and the period checked directly
over many more values than the theorem reads. A mutated certificate must be
accepted exactly when the oracle says its claim is true.
"""

from __future__ import annotations

import json
import os
import random
import re
from contextlib import suppress
from functools import cache
from itertools import pairwise
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from nimlib import certificate as cert_module
from nimlib.certificate import (
    MAX_BYTES,
    MAX_WORK,
    CertificateError,
    check_certificate,
    load_certificate,
    parse_certificate,
)
from nimlib.cli import main, parse_game
from nimlib.rulesets import TakeRule

DATA = Path(__file__).resolve().parent / "data"
FIELDS = ["format", "game", "rule", "preperiod", "period", "values"]


def _trivial_codes() -> list[str]:
    """The octal codes of tczajka's table of trivial games (as tests/test_engine.py reads it)."""
    codes = []
    for line in (DATA / "TrivialGames.md").read_text(encoding="utf-8").splitlines():
        match = re.fullmatch(r"\s*([0-7]*\.?[0-7]*)\s*\|\s*(\d+)\s*\|\s*(\d+)\s*\|.*", line)
        if match:
            codes.append(match.group(1))
    return codes


TRIVIAL = _trivial_codes()
# The published table, named games, subtraction games, and the smallest nontrivial solved game (.45)
GAMES = [*TRIVIAL, "kayles", "dawson", "crosses", "4.07", "subtraction:1,3,4", "subtraction:2,5,7"]
GAMES += ["subtraction:1,50", ".45"]


def test_the_table_was_read():
    assert len(TRIVIAL) >= 80 and ".77" in TRIVIAL


@cache
def written(game: str) -> str:
    """The certificate ``nimlib period GAME --certificate`` writes, as text (the writer under test)."""
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.json"
        assert main(["period", game, "--limit", "4096", "--certificate", str(path)]) == 0
        return path.read_text(encoding="utf-8")


def certificate(game: str) -> dict:
    return json.loads(written(game))


# ---------------------------------------------------------------- the independent oracle


def _key(rule: dict) -> tuple:
    return tuple(tuple(rule[k]) for k in ("take_all", "take_one", "take_split")) + (rule["unequal"],)


@cache
def oracle_values(key: tuple, n: int) -> tuple[int, ...]:
    """g(0..n-1) by a mex over the Python rules' options (not nimlib.certificate's loop)."""
    take_all, take_one, take_split, unequal = key
    rule = TakeRule(take_all=take_all, take_one=take_one, take_split=take_split, unequal=unequal)
    g: list[int] = []
    for m in range(n):
        options = set()
        for option in rule.heap_options(m):
            value = 0
            for h in option:
                value ^= g[h]
            options.add(value)
        g.append(min(set(range(len(options) + 1)) - options))
    return tuple(g)


def label_names_rule(label: object, rule: dict) -> bool:
    """The label nimlib writes: one nimlib's parser reads as this rule, in its one spelling.

    That is "subtraction:S" (S increasing) for a subtraction game, else the
    octal code with a leading 0 or 4 and no trailing zero digit.
    """
    if not isinstance(label, str) or not re.fullmatch(r"[04](\.[0-7]*[1-7])?|subtraction:[1-9]\d*(,[1-9]\d*)*", label):
        return False
    try:
        spec = parse_game(label)
    except ValueError:
        return False
    is_subtraction = rule["take_all"] == rule["take_one"] != [] and not rule["take_split"]
    return spec.label == label and spec.certificate_rule == rule and label.startswith("subtraction:") == is_subtraction


def claim_is_true(cert: dict) -> bool:
    """Brute force: values, label and length as the format defines them, the least period over twice the values."""
    rule, n0, p, listed = cert["rule"], cert["preperiod"], cert["period"], cert["values"]
    if rule["unequal"] or p < 1 or n0 < 0:
        return False
    t = max([*rule["take_all"], *rule["take_one"], *rule["take_split"]], default=0)
    needed = 2 * max(n0, 1) + 2 * p + t
    if len(listed) != needed or not label_names_rule(cert["game"], rule):
        return False
    length = 2 * needed + 64
    g = oracle_values(_key(rule), length)
    if list(g[:needed]) != listed:
        return False

    def holds(d: int, start: int) -> bool:
        return all(g[n + d] == g[n] for n in range(start, length - d))

    least_preperiod = n0 == 0 or not holds(p, n0 - 1)
    return holds(p, n0) and least_preperiod and not any(holds(d, n0) for d in range(1, p) if p % d == 0)


def accepted(cert: object) -> bool:
    try:
        check_certificate(cert)
    except CertificateError:
        return False
    return True


# ---------------------------------------------------------------- every certified game


@pytest.mark.parametrize("game", GAMES)
def test_written_certificates_are_valid_and_true(game):
    cert = certificate(game)
    assert list(cert) == FIELDS and cert["format"] == "nimlib-period-certificate/2"
    done = check_certificate(cert)
    assert any("recomputed" in line for line in done)
    assert claim_is_true(cert)
    # The label is what nimlib's own parser reads back as this rule
    assert parse_game(cert["game"]).certificate_rule == cert["rule"]


def test_the_label_is_canonical():
    assert certificate("kayles")["game"] == "0.77" and certificate(".45")["game"] == "0.45"
    assert certificate("subtraction:1,3,4")["game"] == "subtraction:1,3,4"
    assert certificate("4.07")["game"] == "4.07"
    assert cert_module.canonical_label({"take_all": [], "take_one": [], "take_split": [], "unequal": False}) == "0"


# ---------------------------------------------------------------- mutations, one field at a time

BAD_SCALARS = [None, True, False, 1.5, 12.9, "12", "", [], {}, float("nan"), float("inf")]


def single_mutations(cert: dict, labels: list[str]) -> list[tuple[str, object]]:
    """(name, mutated certificate) for every field: ints ±1, 0, negative, wrong types, missing, extra."""
    out: list[tuple[str, object]] = []

    def with_(name: str, **changes) -> None:
        out.append((name, {**cert, **changes}))

    for field in FIELDS:
        out.append((f"{field} missing", {k: v for k, v in cert.items() if k != field}))
        for bad in BAD_SCALARS:
            with_(f"{field} = {bad!r}", **{field: bad})
    for field in ("preperiod", "period"):
        for delta in (-2, -1, 1, 2):
            with_(f"{field} {delta:+}", **{field: cert[field] + delta})
        with_(f"{field} = 0", **{field: 0})
        with_(f"{field} = -5", **{field: -5})
    for extra in ("saltus", "t", "needed", "theorem"):
        with_(f"extra field {extra}", **{extra: 5})
    with_("format 1", format="nimlib-period-certificate/1")
    for label in [*labels, "kayles (0.77)", "kayles", "0.770", cert["game"] + " ", cert["game"].upper() + "x"]:
        with_(f"game = {label!r}", game=label)
    g = cert["values"]
    with_("values truncated", values=g[:-1])
    with_("values empty", values=[])
    long = oracle_values(_key(cert["rule"]), len(g) + 1)
    with_("values extended with the true next value", values=list(long))
    with_("values extended with a wrong one", values=[*g, long[-1] + 1])
    for i in sorted({0, 1, len(g) // 3, len(g) // 2, len(g) - 1}):
        for bad in (g[i] + 1, -1, True, 1.0, None, str(g[i])):
            with_(f"values[{i}] = {bad!r}", values=[*g[:i], bad, *g[i + 1 :]])
    for key, value in cert["rule"].items():
        rule = cert["rule"]
        out.append((f"rule lacks {key}", {**cert, "rule": {k: v for k, v in rule.items() if k != key}}))
        for bad in (None, 1, "1", [1.0], [True], [-1], [0], [2, 1], [1, 1], 1.5):
            out.append((f"rule.{key} = {bad!r}", {**cert, "rule": {**rule, key: bad}}))
        if isinstance(value, list):
            for change in rule_changes(value):
                out.append((f"rule.{key} = {change}", {**cert, "rule": {**rule, key: change}}))
    out.append(("rule.unequal = true", {**cert, "rule": {**cert["rule"], "unequal": True}}))
    out.append(("rule with extra field", {**cert, "rule": {**cert["rule"], "take_any": False}}))
    return out


def rule_changes(sizes: list[int]) -> list[list[int]]:
    """A take list with one size added, dropped or moved by one (kept increasing)."""
    changes = [sorted({*sizes, max(sizes, default=0) + 1}), sorted({*sizes, 1})]
    changes += [sizes[:i] + sizes[i + 1 :] for i in range(len(sizes))]
    changes += [sorted({*sizes[:i], s + 1, *sizes[i + 1 :]}) for i, s in enumerate(sizes)]
    return [c for c in changes if c != sizes]


def _verdict(mutated: object) -> bool:
    """The oracle for a mutation: only a well-formed certificate can be true."""
    if not isinstance(mutated, dict) or list(mutated) != FIELDS or mutated["format"] != cert_module.FORMAT:
        return False
    rule, values = mutated["rule"], mutated["values"]
    scalars = [mutated["preperiod"], mutated["period"]]
    if not isinstance(rule, dict) or sorted(rule) != sorted(["take_all", "take_one", "take_split", "unequal"]):
        return False
    lists = [rule["take_all"], rule["take_one"], rule["take_split"], values]
    if not all(isinstance(x, list) for x in lists) or rule["unequal"] is not False:
        return False
    numbers = scalars + [v for x in lists for v in x]
    if any(type(v) is not int for v in numbers) or any(v < 0 for v in numbers):
        return False
    if any(v < 1 for v in rule["take_all"] + rule["take_one"]):
        return False
    if any(a >= b for x in lists[:3] for a, b in pairwise(x)):
        return False
    return claim_is_true(mutated)


MUTATED_GAMES = ["kayles", "crosses", "dawson", "4.07", "subtraction:1,3,4", ".44", ".15", ".53", ".1", "4"]


@pytest.mark.parametrize("game", MUTATED_GAMES)
def test_every_single_mutation_is_rejected_unless_true(game):
    cert = certificate(game)
    labels = [certificate(other)["game"] for other in MUTATED_GAMES if other != game]
    mutations = single_mutations(cert, labels)
    assert len(mutations) > 150
    wrongly = [name for name, mutated in mutations if accepted(mutated) != _verdict(mutated)]
    assert wrongly == []
    # Most are false, and the checker says why in one line
    rejected = [name for name, mutated in mutations if not accepted(mutated)]
    assert len(rejected) >= len(mutations) - 3
    assert "values extended with the true next value" in rejected and "extra field t" in rejected


def test_messages_are_one_line_and_name_the_field():
    cert = certificate("kayles")
    for name, mutated in single_mutations(cert, ["0.137"]):
        try:
            check_certificate(mutated)
        except CertificateError as error:
            assert "\n" not in str(error) and str(error), name
    cases = {
        "period": "period must be an integer >= 1",
        "preperiod": "preperiod must be an integer >= 0",
        "game": "game must be '0.77'",
    }
    for field, message in cases.items():
        with pytest.raises(CertificateError, match=re.escape(message)):
            check_certificate({**cert, field: "12"})


# ---------------------------------------------------------------- consistent pairs of changes


def true_period(rule: dict) -> tuple[int, int] | None:
    """The least (preperiod, period) by brute force over 1200 values, when 600 of them prove it by the theorem."""
    g = oracle_values(_key(rule), 1200)
    t = max([*rule["take_all"], *rule["take_one"], *rule["take_split"]], default=0)
    for p in range(1, 300):
        n = len(g) - p - 1
        while n >= 0 and g[n + p] == g[n]:
            n -= 1
        if 2 * max(n + 1, 1) + 2 * p + t <= 600:
            return n + 1, p
    return None


def consistent(cert: dict, *, rule: dict | None = None, preperiod: int | None = None, period: int | None = None):
    """A certificate with these changes whose values are the rule's own, as many as the theorem reads."""
    rule = rule or cert["rule"]
    n0 = cert["preperiod"] if preperiod is None else preperiod
    p = cert["period"] if period is None else period
    t = max([*rule["take_all"], *rule["take_one"], *rule["take_split"]], default=0)
    needed = 2 * max(n0, 1) + 2 * p + t
    values = list(oracle_values(_key(rule), needed))
    return {
        **cert,
        "game": cert_module.canonical_label(rule),
        "rule": rule,
        "preperiod": n0,
        "period": p,
        "values": values,
    }


@pytest.mark.parametrize("game", ["kayles", "crosses", "subtraction:1,3,4", ".53", "4.07"])
def test_self_consistent_pairs_are_rejected_unless_true(game):
    cert = certificate(game)
    n0, p = cert["preperiod"], cert["period"]
    rng = random.Random(17)
    pairs = [consistent(cert, period=k * p) for k in (2, 3)]
    pairs += [consistent(cert, preperiod=n0 + d) for d in (1, 2, p)]
    pairs += [consistent(cert, preperiod=max(n0 - 1, 0)), consistent(cert, period=p + 1)]
    pairs += [
        consistent(cert, preperiod=rng.randrange(0, 2 * n0 + 3), period=rng.randrange(1, 2 * p + 3)) for _ in range(8)
    ]
    for pair in pairs:
        assert accepted(pair) == claim_is_true(pair), (pair["preperiod"], pair["period"])
        assert not accepted(pair) or (pair["preperiod"], pair["period"]) == (n0, p)
    # The rule changed, the values recomputed to match: false with the old period, true with the rule's own
    rule = cert["rule"]
    changed = [{**rule, key: c} for key in ("take_all", "take_one", "take_split") for c in rule_changes(rule[key])]
    for new_rule in rng.sample(changed, min(3, len(changed))):
        with_old_period = consistent(cert, rule=new_rule)
        assert accepted(with_old_period) == claim_is_true(with_old_period)
        found = true_period(new_rule)
        if found is not None:
            true_claim = consistent(cert, rule=new_rule, preperiod=found[0], period=found[1])
            assert accepted(true_claim) and claim_is_true(true_claim), new_rule


# ---------------------------------------------------------------- the attack cases, by name


def test_a_relabelled_certificate_is_rejected():
    cert = certificate("crosses")
    for label in ["kayles (0.77)", None, 5, "0.77", "crosses", "crosses (0.137)"]:
        with pytest.raises(CertificateError, match=r"game must be '0\.137'"):
            check_certificate({**cert, "game": label})
    with pytest.raises(CertificateError, match="lacks the field 'game'"):
        check_certificate({k: v for k, v in cert.items() if k != "game"})


def test_t_is_derived_from_the_rule():
    rule = {"take_all": [1, 50], "take_one": [1, 50], "take_split": [], "unequal": False}
    forged = {"format": cert_module.FORMAT, "game": "subtraction:1,50", "rule": rule, "preperiod": 0, "period": 2}
    with pytest.raises(CertificateError, match="unknown field 't'"):
        check_certificate({**forged, "t": 0, "values": [0, 1, 0, 1, 0, 1]})
    with pytest.raises(CertificateError, match="reads exactly 56 values"):
        check_certificate({**forged, "values": [0, 1, 0, 1, 0, 1]})
    # Even with as many values as the theorem reads for period 2, the rule's values refute it
    with pytest.raises(CertificateError, match="by the rule"):
        check_certificate({**forged, "values": [n % 2 for n in range(56)]})
    assert certificate("subtraction:1,50")["period"] == 51


def test_long_certificates_are_recomputed_or_refused_up_front():
    kayles_rule = certificate("kayles")["rule"]
    zeros = {"format": cert_module.FORMAT, "game": "0.77", "rule": kayles_rule, "period": 1}
    # 20,001 zeros with a preperiod that makes them the right number: too long to recompute, refused by the limit
    with pytest.raises(CertificateError, match=f"more than the limit {MAX_WORK:,}"):
        check_certificate({**zeros, "preperiod": 9998, "values": [0] * 20_000})
    with pytest.raises(CertificateError, match="reads exactly 20000 values"):
        check_certificate({**zeros, "preperiod": 9998, "values": [0] * 20_001})
    # A removal-only rule is cheap: 200,001 values are recomputed, and g(1) = 1 refutes the zeros
    sub = {"format": cert_module.FORMAT, "game": "subtraction:1,2", "period": 1, "preperiod": 99_999}
    sub["rule"] = {"take_all": [1, 2], "take_one": [1, 2], "take_split": [], "unequal": False}
    with pytest.raises(CertificateError, match=r"g\(1\) is 1 by the rule"):
        check_certificate({**sub, "values": [0] * 200_002})


@pytest.mark.parametrize("game", ["kayles", "4.07", "subtraction:1,3,4", ".44"])
def test_the_work_bound_counts_the_loop(game):
    rule = certificate(game)["rule"]
    for n in (0, 1, 2, 7, 100, 301):
        # HEAP_STEPS a heap, one a size of the rule tried (a split size too, even larger than the heap: issue 25),
        # one a split of m - j into a + b (1 <= a <= (m - j) / 2)
        sizes = len(rule["take_all"]) + len(rule["take_one"]) + len(rule["take_split"])
        steps = sum(cert_module.HEAP_STEPS + sizes for m in range(n))
        steps += sum(len(range(1, (m - j) // 2 + 1)) for j in rule["take_split"] for m in range(n))
        assert cert_module.recompute_work(rule, n) == steps


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("period", 12.9, "period must be an integer"),
        ("preperiod", "71", "preperiod must be an integer"),
        ("period", True, "period must be an integer"),
        ("t", "2", "unknown field 't'"),
        ("saltus", 5, "unknown field 'saltus'"),
    ],
)
def test_non_integers_and_unknown_fields_are_rejected(field, value, message):
    with pytest.raises(CertificateError, match=message):
        check_certificate({**certificate("kayles"), field: value})


def test_a_fractional_value_is_rejected():
    cert = certificate("kayles")
    with pytest.raises(CertificateError, match=r"values\[5\] must be an integer"):
        check_certificate({**cert, "values": [*cert["values"][:5], 4.9, *cert["values"][6:]]})


@pytest.mark.parametrize(
    ("old", "new", "message"),
    [
        ('"period": 12', '"period": 1e400', "1e400 is not an integer"),
        ('"period": 12', '"period": Infinity', "Infinity is not an integer"),
        ('"period": 12', '"period": -Infinity', "-Infinity is not an integer"),
        ('"period": 12', '"period": NaN', "NaN is not an integer"),
        ('"period": 12', '"period": 12.0', "12.0 is not an integer"),
        ('"period": 12', '"period": 12, "period": 12', "appears twice"),
        ('"period": 12', '"period": ' + "1" * 400, "too large"),
    ],
)
def test_non_standard_numbers_are_refused_when_parsing(old, new, message):
    text = written("kayles")
    assert old in text
    with pytest.raises(ValueError, match=message):
        parse_certificate(text.replace(old, new).encode())


def test_bare_infinity_and_negative_sizes_raise_no_traceback():
    with pytest.raises(ValueError, match="Infinity is not an integer"):
        parse_certificate(b"Infinity")
    cert = certificate("kayles")
    with pytest.raises(CertificateError, match=r"rule.take_one\[0\] must be an integer >= 1, got -1"):
        check_certificate({**cert, "rule": {**cert["rule"], "take_one": [-1]}})


def test_deep_nesting_is_refused_without_recursion():
    # 100,000 levels: refused by counting brackets (a certificate has 12) before anything recurses
    for deep in (b"[" * 100_000 + b"]" * 100_000, b'{"a":' * 100_000 + b"1" + b"}" * 100_000, b"[" * 100_000):
        with pytest.raises(ValueError, match=r"has (200|100),000 brackets"):
            parse_certificate(deep)
    # Few brackets, nested 9 deep (or never closed): refused by the depth check
    for deep in (b"[" * 9 + b"]" * 9, b"[" * 20, b'{"a":' * 9 + b"1" + b"}" * 9):
        with pytest.raises(ValueError, match="deeper than 8 levels or do not match"):
            parse_certificate(deep)
    assert parse_certificate(b"[" * 8 + b"]" * 8) == [[[[[[[[]]]]]]]]
    # Brackets inside strings do not nest
    inside = b'["' + b"[" * 20 + b'\\"[["]'
    assert parse_certificate(inside) == json.loads(inside) == ["[" * 20 + '"[[']
    with pytest.raises(ValueError, match="has 65 brackets"):
        parse_certificate(b'"' + b"[" * 65 + b'"')


def test_files_past_the_cap_are_refused_before_parsing(tmp_path):
    big = tmp_path / "big.json"
    with open(big, "wb") as file:
        file.truncate(MAX_BYTES + 10)  # a sparse file of zero bytes, like /dev/zero
    with pytest.raises(ValueError, match="larger than 67,108,864 bytes"):
        load_certificate(big)
    with pytest.raises(ValueError, match="larger than"):
        parse_certificate(b" " * (MAX_BYTES + 1))


@pytest.mark.skipif(not os.path.exists("/dev/zero"), reason="no /dev/zero")
def test_dev_zero_is_refused(capsys):
    code = main(["check", "/dev/zero"])
    out, err = capsys.readouterr()
    # a device is refused before any read (issue 25: only regular files), as the size cap did before
    assert code == 2 and out == "" and err.count("\n") == 1 and "/dev/zero is not a regular file" in err


def test_a_pipe_is_refused_before_any_read(tmp_path):
    """A FIFO blocked forever (no writer) or fed a stream past the cap: it is refused before any read (issue 25),
    with no writer at all (a blocking open or read would hang here)."""
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ValueError, match="is not a regular file"):
        load_certificate(fifo)
    with pytest.raises(ValueError, match="is not a regular file"):
        load_certificate(tmp_path)  # a directory too


# ---------------------------------------------------------------- the command line


@pytest.mark.parametrize(
    ("text", "code", "message"),
    [
        ('{"period": 1e400}', 2, "1e400 is not an integer"),
        ("Infinity", 2, "Infinity is not an integer"),
        ("[" * 100_000, 2, "has 100,000 brackets"),
        ("[" * 9 + "]" * 9, 2, "deeper than 8"),
        ("[1, 2]", 1, "a certificate must be a JSON object"),
        ("{}", 1, "lacks the field 'format'"),
    ],
)
def test_check_refuses_in_one_line(capsys, tmp_path, text, code, message):
    path = tmp_path / "c.json"
    path.write_text(text)
    assert main(["check", str(path)]) == code
    out, err = capsys.readouterr()
    line = err if code == 2 else out
    assert message in line and line.count("\n") == 1 and "Traceback" not in out + err


# ---------------------------------------------------------------- fuzz

JSON_VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 300) | st.text(max_size=8) | st.floats(allow_nan=True),
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.sampled_from(FIELDS + ["t", "x"]), inner, max_size=4)
    ),
    max_leaves=12,
)


def _paths(value, prefix=()):
    yield prefix
    if isinstance(value, dict):
        for k, v in value.items():
            yield from _paths(v, (*prefix, k))
    elif isinstance(value, list):
        for i, v in enumerate(value[:3]):
            yield from _paths(v, (*prefix, i))


def _replace(value, path, new):
    if not path:
        return new
    copy = dict(value) if isinstance(value, dict) else list(value)
    copy[path[0]] = _replace(value[path[0]], path[1:], new)
    return copy


@settings(max_examples=60)  # each example checks a whole certificate
@given(st.data())
def test_fuzzed_certificates_raise_only_the_checkers_rejection(data):
    cert = certificate(data.draw(st.sampled_from(["kayles", "4.07", "subtraction:1,3,4"])))
    paths = list(_paths(cert))
    mutated = cert
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(paths))
        try:
            mutated = _replace(mutated, path, data.draw(JSON_VALUES))
        except (KeyError, IndexError, TypeError):
            continue
    if accepted(mutated):
        assert _verdict(mutated)


@given(st.binary(max_size=60), st.integers(0, 400), st.integers(0, 30))
def test_fuzzed_text_raises_only_value_error(noise, at, cut):
    text = written("4.07").encode()
    at = min(at, len(text))
    for data in (text[:at] + noise + text[at + cut :], noise, text[:at]):
        try:
            cert = parse_certificate(data)
        except ValueError:
            continue
        with suppress(CertificateError):
            check_certificate(cert)


# ---------------------------------------------------------------- the published solved games

SOLVED = {".45": (498, 20), ".156": (3479, 349), ".356": (7315, 142), ".644": (3256, 442), ".165": (5181, 1550)}
TOO_LONG = {".16": (105351, 149459), ".56": (326640, 144), ".127": (46578, 4), ".376": (2268248, 4)}


def _claim(code: str, preperiod: int, period: int) -> dict:
    rule = parse_game(code).certificate_rule
    return {"format": cert_module.FORMAT, "game": "0" + code, "rule": rule, "preperiod": preperiod, "period": period}


@pytest.mark.parametrize("code", list(TOO_LONG))
def test_published_games_past_the_limit_are_refused_up_front(code):
    preperiod, period = TOO_LONG[code]
    claim = _claim(code, preperiod, period)
    needed = cert_module.needed_values(claim["rule"], preperiod, period)
    with pytest.raises(CertificateError, match=f"more than the limit {MAX_WORK:,}"):
        check_certificate({**claim, "values": [0] * needed})


@pytest.mark.slow  # 5 to 10 s each: the plain loop over up to 14,917 values of a splitting game
@pytest.mark.parametrize("code", list(SOLVED))
def test_published_solved_games_are_checked(code):
    cert = json.loads(written_with_limit(code, 1 << 14))
    assert (cert["preperiod"], cert["period"]) == SOLVED[code]
    assert cert_module.recompute_work(cert["rule"], len(cert["values"])) <= MAX_WORK
    assert "preperiod" in check_certificate(cert)[-1]


def written_with_limit(game: str, limit: int) -> str:
    import tempfile

    with tempfile.TemporaryDirectory() as folder:
        path = Path(folder) / "c.json"
        assert main(["period", game, "--limit", str(limit), "--certificate", str(path)]) == 0
        return path.read_text(encoding="utf-8")
