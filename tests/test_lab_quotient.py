"""The lab's misère quotient (lab.js, a port of nimlib.quotient.quotient) against nimlib, under node."""

from __future__ import annotations

import json
import os
import random
import shutil
import subprocess

import pytest

from nimlib.quotient import quotient
from nimlib.rulesets import octal

from .conftest import ROOT

NODE = shutil.which("node")
CHECK = ROOT / "tests" / "js" / "lab_quotient_check.mjs"
NAMED = [("0.75", 14), ("0.77", 14), ("0.07", 16), ("0.137", 14), ("0.6", 10), ("0.15", 12), ("0.114", 12)]


def cases(seed: int = 24) -> list[dict]:
    rng = random.Random(seed)
    codes = list(NAMED)
    while len(codes) < len(NAMED) + 12:
        code = "0." + "".join(str(rng.randint(0, 7)) for _ in range(rng.randint(1, 3)))
        if code not in {c for c, _ in codes}:
            codes.append((code, 8))
    out = []
    for code, n in codes:
        try:
            data = quotient(octal(code), n).as_json()
        except ValueError:
            data = None
        out.append({"code": code, "n": n, "expected": data})
    return out


@pytest.mark.skipif(NODE is None and not os.environ.get("NIMBOOK_REQUIRE_BROWSER"), reason="node is not installed")
def test_lab_quotient_agrees_with_nimlib(tmp_path):
    data = cases()
    assert sum(c["expected"] is not None for c in data) >= 15
    path = tmp_path / "lab_quotient.json"
    path.write_text(json.dumps(data))
    result = subprocess.run([NODE, str(CHECK), str(path)], capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr[-3000:] + result.stdout[-500:]
