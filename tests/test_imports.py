"""``import nimlib`` stays light: no matplotlib, ipywidgets, IPython (or numpy) at import."""

from __future__ import annotations

import subprocess
import sys


def test_core_import_is_light():
    code = (
        "import sys, nimlib; "
        "heavy = [m for m in ('matplotlib', 'ipywidgets', 'IPython', 'numpy') if m in sys.modules]; "
        "print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""


def test_public_names():
    import nimlib

    for name in ("nim_sum", "winning_moves", "mex", "grundy_value", "octal", "xor_steps"):
        assert name in nimlib.__all__ and callable(getattr(nimlib, name))
    assert callable(nimlib.moore.winning_move) and callable(nimlib.moore.is_p_position)


def test_chomp_import_is_light_and_sits_on_the_core():
    """nimlib.chomp (poset games) imports only the core: no widgets, plotting, numpy or search engine."""
    code = (
        "import sys, nimlib.chomp; "
        "heavy = [m for m in ('matplotlib', 'ipywidgets', 'IPython', 'numpy', 'nimlib.widgets', 'nimlib.engine') "
        "if m in sys.modules]; print(','.join(heavy))"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == ""
