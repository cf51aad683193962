"""The misère Nim_k winning-move drill (issue 39): its verdicts, named replies and words against nimlib.moore.

``DrillWidget("winning-move", k=2, misere=True)`` said "there are three of them, an even number" when the
heaps were 0 or 1: the words were Nim's (k = 1). tests/js/misere_drill_check.mjs judges every move from every
small position of k + 1 heaps, k = 1..4, against nimlib.moore.is_p_position (misère); a losing answer's reply
must be a Nim_k move to a P-position by nimlib, and the words must state the rule for that k.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from itertools import product

import pytest

from nimlib import moore

from .conftest import ROOT

NODE = shutil.which("node")
CHECKER = ROOT / "tests" / "js" / "misere_drill_check.mjs"
LARGEST = {1: 4, 2: 3, 3: 2, 4: 2}  # heap sizes 0..LARGEST[k], k + 1 heaps: 125, 64, 81 and 243 positions


def fixture() -> list[dict]:
    """For each k, every position of k + 1 heaps of 0..LARGEST[k] stones with nimlib's misère verdict."""
    out = []
    for k, most in LARGEST.items():
        positions = [[list(h), moore.is_p_position(h, k, misere=True)] for h in product(range(most + 1), repeat=k + 1)]
        out.append({"k": k, "positions": positions})
    return out


def test_fixture_bites():
    """nimlib's rule where it is easy to see: three 1-heaps are N in misère Nim_2, four are P; (1, 1) is N."""
    data = {f["k"]: {tuple(h): p for h, p in f["positions"]} for f in fixture()}
    assert data[2][(1, 1, 1)] is False and data[3][(1, 1, 1, 1)] is False and data[1][(1, 1)] is False
    assert data[2][(1, 0, 0)] is True and data[3][(1, 1, 1, 1)] is False and data[4][(1, 1, 1, 1, 1)] is False
    assert moore.winning_move((1, 1, 1), k=2, misere=True) is not None


@pytest.mark.skipif(NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed")
def test_misere_drill_agrees_with_nimlib_for_k_1_to_4(tmp_path):
    path = tmp_path / "misere.json"
    path.write_text(json.dumps(fixture()), encoding="utf-8")
    result = subprocess.run([NODE, str(CHECKER), str(path)], capture_output=True, text=True, timeout=600)
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    assert "misère drill: 0 failures" in result.stdout, result.stdout
