"""The drill widget's Python side (nimlib.widgets.DrillWidget): what it sends the page, what it takes back.

The drills' answers and diagnoses are checked against nimlib in tests/test_js_drills.py; in the built book,
by keyboard from disk, in tests/test_browser_drills.py.
"""

from __future__ import annotations

import sys

import pytest

from nimlib.rulesets import kayles, octal
from nimlib.tables import misere_quotient_params
from nimlib.widgets import DRILL_SKILLS, DrillWidget, bundle

from .conftest import ROOT

sys.path.insert(0, str(ROOT / "book" / "_ext"))
from nimbook import is_play_model  # the book's extension: which saved models the page mounts)


def test_every_skill_makes_a_drill_the_page_mounts():
    for skill in DRILL_SKILLS:
        widget = DrillWidget(skill)
        state = widget.get_state()
        assert state["mode"] == "drill" and state["skill"] == skill and state["level"] == 1
        assert is_play_model({"model_module": "anywidget", "state": state}), skill
    assert 'model.get("mode") === "drill"' in bundle() and "function mountDrill(" in bundle()
    assert not is_play_model({"model_module": "anywidget", "state": {"mode": "drill", "skill": ""}})


def test_options_reach_the_page():
    assert DrillWidget("winning-move", k=2, misere=True).params == {"k": 2, "misere": True}
    assert DrillWidget("sum", game="hackenbush").params == {"game": "hackenbush"}
    assert DrillWidget("mex", kinds=("fill",), octal=("0.77",)).params == {
        "kinds": ["fill"],
        "rules": [{"kind": "octal", "code": "0.77"}],
    }
    q = DrillWidget("quotient").params
    assert q["quotient"] == misere_quotient_params(kayles, 4) and q["game_name"] == "Kayles"
    other = DrillWidget("quotient", heap_game=octal("0.75"), bound=6).params
    assert other["quotient"] == misere_quotient_params(octal("0.75"), 6) and "0.75" in other["game_name"]
    assert DrillWidget("nim-sum", level=3, seed=7).get_state()["seed"] == 7


@pytest.mark.parametrize(
    ("args", "kwargs"),
    [
        (("no-such-skill",), {}),
        (("mex",), {"level": 0}),
        (("mex",), {"level": 6}),
        (("mex",), {"k": 2}),
        (("winning-move",), {"k": 9}),
        (("nim-sum",), {"misere": True}),
        (("sum",), {"game": "chess"}),
        (("mex",), {"kinds": ("guess",)}),
        (("mex",), {"octal": ("4.2",)}),
        (("quotient",), {"bound": 40}),
        (("nim-sum",), {"heap_game": kayles}),
    ],
)
def test_bad_options_are_refused_by_name(args, kwargs):
    with pytest.raises((TypeError, ValueError)):
        DrillWidget(*args, **kwargs)


def test_the_page_may_write_only_its_progress():
    widget = DrillWidget("nim-sum")
    widget.set_state({"level": 3, "streak": 2, "solved": 11})
    assert (widget.level, widget.streak, widget.solved) == (3, 2, 11)
    for bad in ({"level": 0}, {"level": 6}, {"level": True}, {"streak": -1}, {"solved": "9"}, {"skill": "mex"},
                {"params": {"k": 3}}, ["level", 2]):  # fmt: skip
        widget.set_state(bad)
        assert (widget.skill, widget.level, widget.streak, widget.solved, widget.params) == ("nim-sum", 3, 2, 11, {})
