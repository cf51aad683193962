"""The drill's saved data (issue 39): the quotient table the page takes is bounded the same in Python and in
drill.js, and every quotient DrillWidget sends is a commutative monoid with identity 0 (the page refuses any
other table: tests/js/page_fixes.test.mjs); the page's progress is kept only as non-negative whole numbers."""

from __future__ import annotations

import re
from itertools import product

import pytest

from nimlib import widgets
from nimlib.rulesets import kayles, octal
from nimlib.widgets import DRILL_MAX_ELEMENTS, DrillWidget

from .conftest import ROOT


def test_the_element_bound_is_drill_js_bound():
    source = (ROOT / "nimlib" / "static" / "drill.js").read_text(encoding="utf-8")
    found = re.search(r"export const DRILL_MAX_ELEMENTS = (\d+);", source)
    assert found and int(found.group(1)) == DRILL_MAX_ELEMENTS
    found = re.search(r"export const DRILL_MAX_COUNT = (\d+);", source)
    assert found and int(found.group(1)) == widgets.MAX_RESULTS * 1000  # DrillWidget.set_state's top


@pytest.mark.parametrize(("game", "bound"), [(kayles, 6), (octal("0.75"), 8), (octal("0.6"), 12)])
def test_every_quotient_sent_is_a_commutative_monoid(game, bound):
    q = DrillWidget("quotient", heap_game=game, bound=bound).params["quotient"]
    table, n = q["table"], len(q["names"])
    assert 1 < n <= DRILL_MAX_ELEMENTS and all(len(row) == n for row in table)
    for x, y in product(range(n), repeat=2):
        assert table[0][x] == x and table[x][y] == table[y][x] and 0 <= table[x][y] < n
    for x, y, z in product(range(n), repeat=3):
        assert table[table[x][y]][z] == table[x][table[y][z]]


def test_a_quotient_too_large_for_the_page_is_refused_by_name(monkeypatch):
    from nimlib import tables

    real = tables.misere_quotient_params

    def huge(game, bound):
        q = real(game, bound)
        return {**q, "names": [str(i) for i in range(DRILL_MAX_ELEMENTS + 1)]}

    monkeypatch.setattr(tables, "misere_quotient_params", huge)
    with pytest.raises(ValueError, match=r"129 elements; the drill shows at most 128"):
        DrillWidget("quotient", bound=4)


def test_negative_or_huge_progress_from_the_page_is_not_kept():
    widget = DrillWidget("nim-sum")
    widget.set_state({"level": 2, "streak": 1, "solved": 3})
    for bad in ({"streak": -5}, {"solved": 10**300}, {"solved": 1e300}, {"streak": 1.5}, {"level": -1}):
        widget.set_state(bad)
        assert (widget.level, widget.streak, widget.solved) == (2, 1, 3), bad
