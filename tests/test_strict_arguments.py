"""Issue 39 item 5: arguments are read strictly, and Nim's misère values come from their closed form.

- certify_period(max_seconds=...) is None or a positive finite number: NaN let any run through (cost > nan is
  always False) and True read as one second.
- Every number on the command line is ASCII digits only, through one parser: ' 5' was accepted though --help
  says "ASCII digits".
- nimlib values nim --misere --to 5000 searched about 12.5 million options (22 s of CPU) and genus nim --to 1000
  about 23 s, where the values have a closed form; the output is the same.
"""

from __future__ import annotations

import json
import math

import pytest

from nimlib import cli, misere
from nimlib.cli import _natural, _positive, build_parser, main, parse_game
from nimlib.engine.periods import certify_period
from nimlib.rulesets import HeapGame, TakeRule, kayles, nim, octal

# ---------------------------------------------------------------- certify_period(max_seconds)


@pytest.mark.parametrize(
    ("bad", "error"),
    [
        (math.nan, ValueError),
        (math.inf, ValueError),
        (-1, ValueError),
        (0, ValueError),
        (-0.5, ValueError),
        (10**400, ValueError),  # too large for a float: infinite
        (True, TypeError),
        (False, TypeError),
        ("5", TypeError),
        ([5], TypeError),
    ],
    ids=["nan", "inf", "-1", "0", "-0.5", "10**400", "True", "False", "'5'", "[5]"],
)
def test_certify_period_refuses_a_time_limit_that_is_not_a_positive_finite_number(bad, error):
    with pytest.raises(error, match="max_seconds"):
        certify_period(octal("0.356"), 142, max_n=1 << 20, max_seconds=bad)


@pytest.mark.parametrize(
    ("arguments", "named"),
    [
        ({"game": "0.356"}, "game must be an octal game"),
        ({"game": None}, "game must be an octal game"),
        ({"game": nim}, "game must be an octal game"),
        ({"progress": "x"}, "progress must be a function"),
        ({"progress": 5}, "progress must be a function"),
    ],
    ids=["game str", "game None", "game nim", "progress str", "progress int"],
)
def test_certify_period_names_a_bad_game_or_progress(arguments, named):
    # a str game raised AttributeError ('str' object has no attribute 'max_take'), a str progress "'str' object is
    # not callable" from deep inside the run
    call = {"game": octal("0.356"), "period": 142, "max_n": 1 << 20, **arguments}
    with pytest.raises(TypeError, match=named):
        certify_period(call.pop("game"), call.pop("period"), **call)


def test_certify_period_takes_a_real_time_limit_or_none():
    assert certify_period(octal("0.356"), 142, max_n=1 << 20, max_seconds=5.5)["certified"]
    assert certify_period(octal("0.356"), 142, max_n=1 << 20, max_seconds=None)["certified"]


# ---------------------------------------------------------------- numbers on the command line

BAD_NUMBERS = [" 5", "5 ", " 5 ", "+5", "-5", "５", "٥", "5_0", "0x5", "", "5\n", "\t5", "1e3", "5.0", "0b1", "five"]


def integer_options() -> list[tuple[str, str]]:
    """Every (command, option) whose value is a number, from the parser itself."""
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    found = []
    for command, sub in commands.items():
        for action in sub._actions:
            if action.type is not None:
                found.append((command, action.option_strings[0]))
    return found


def test_every_typed_option_uses_the_one_strict_parser():
    commands = next(a for a in build_parser()._actions if a.dest == "command").choices
    types = {a.type for sub in commands.values() for a in sub._actions if a.type is not None}
    assert types == {_natural, _positive}  # a new type=int would take ' 5', '+5' and '５'
    assert len(integer_options()) >= 7  # --to of four commands, --row of five, --limit, --heaps-from


def argv_for(command: str, option: str, text: str) -> list[str]:
    """A command line that reaches the parser's check of ``option`` (all else valid)."""
    argv = [command]
    sub = next(a for a in build_parser()._actions if a.dest == "command").choices[command]
    if any(a.dest == "game" for a in sub._actions):
        argv.append("wythoff" if option == "--row" else "0.161")
    if option != "--to" and any(a.dest == "to" for a in sub._actions):
        argv += ["--to", "3"]
    return [*argv, f"{option}={text}"]


@pytest.mark.parametrize(("command", "option"), integer_options(), ids=[" ".join(o) for o in integer_options()])
def test_every_number_option_takes_ascii_digits_only(capsys, command, option):
    parser = build_parser()
    assert parser.parse_args(argv_for(command, option, "1")) is not None  # the plain number parses
    for bad in BAD_NUMBERS:
        code = main(argv_for(command, option, bad))
        out, err = capsys.readouterr()
        assert code == 2 and out == "", (option, bad, out)
        assert "ASCII digits 0-9" in err and err.count("\n") == 1 and "Traceback" not in err, (option, bad, err)


@pytest.mark.parametrize("game", ["subtraction:", "allbut:"])
def test_the_numbers_of_subtraction_and_allbut_take_ascii_digits_only(game):
    assert parse_game(f"{game}1,3,4").label.endswith("1,3,4")
    for bad in [*BAD_NUMBERS, "1, 3", "1,,3", "1,3,", ",1", "1 ,3"]:
        text = f"{game}{bad}"
        if text == "allbut:":  # an empty list is allbut's own: take any number (Nim)
            continue
        with pytest.raises(ValueError, match=r"ASCII digits 0-9|needs a list"):
            parse_game(text)


def test_help_says_what_a_number_is():
    assert "ASCII digits 0-9 only" in cli.EPILOG and "no sign, space, underscore" in cli.EPILOG


# ---------------------------------------------------------------- Nim's misère values and genus: the closed form


def test_nims_misere_values_are_the_closed_form_and_agree_with_the_search():
    searched = misere._misere_values_searched(nim, 400)
    assert misere.misere_values(nim, 400) == searched
    assert searched[:5] == [1, 0, 2, 3, 4] and all(searched[m] == m for m in range(2, 400))


def test_nims_genus_is_the_closed_form_and_agrees_with_the_search():
    searched = misere._genus_searched(nim, 40)
    assert misere.genus(nim, 40) == searched
    assert searched[:3] == [(0, (1, 2, 0)), (1, (0, 3, 1)), (2, (2, 0))]


def test_every_spelling_of_nim_takes_the_closed_form_and_nothing_else_does():
    take_any_octal = cli._take_any_octal("0.[3]")
    assert misere._is_nim(nim) and misere._is_nim(take_any_octal)
    assert misere._is_nim(HeapGame("nim again", TakeRule(take_all=(1, 2), take_any=True)))
    for other in (kayles, HeapGame("allbut", TakeRule(take_any=True, take_except=(2,))), cli._take_any_octal("4.[3]")):
        assert not misere._is_nim(other), other.name
    # the all-but game is searched (and differs from Nim); 0.[3] is Nim and takes the closed form
    allbut = HeapGame("allbut:2", TakeRule(take_any=True, take_except=(2,)))
    assert misere.misere_values(allbut, 12) == misere._misere_values_searched(allbut, 12)
    assert misere.misere_values(allbut, 12) != misere.misere_values(nim, 12)
    assert misere.misere_values(take_any_octal, 50) == misere._misere_values_searched(nim, 50)


def test_the_command_line_prints_nims_values_without_searching(capsys, monkeypatch):
    # the searched tree is not used for Nim: a search here fails the test (it took 22 s of CPU at --to 5000)
    def no_search(*args, **kwargs):
        raise AssertionError("Nim's misère values were searched")

    monkeypatch.setattr(misere, "tree_value", no_search)
    assert main(["values", "nim", "--misere", "--to", "5000", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data == {"game": "nim", "first": 0, "misere": True, "values": [1, 0, *range(2, 5000)]}
    assert main(["genus", "nim", "--to", "1000", "--json"]) == 0
    genus = json.loads(capsys.readouterr().out)["genus"]
    assert len(genus) == 1000 and genus[:2] == [[0, [1, 2, 0]], [1, [0, 3, 1]]] and genus[999] == [999, [999, 997]]


def test_the_command_lines_text_for_nim_is_the_searched_one(capsys, monkeypatch):
    assert main(["values", "nim", "--misere", "--to", "300"]) == 0
    fast = capsys.readouterr().out
    assert main(["genus", "nim", "--to", "30"]) == 0
    fast_genus = capsys.readouterr().out
    monkeypatch.setattr(misere, "_is_nim", lambda game: False)  # the search, as before
    assert main(["values", "nim", "--misere", "--to", "300"]) == 0
    assert capsys.readouterr().out == fast
    assert main(["genus", "nim", "--to", "30"]) == 0
    assert capsys.readouterr().out == fast_genus
