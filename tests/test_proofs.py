"""The appendix of proofs (notebooks/22_proofs.ipynb): the nim field and the fusion principle, against search.

The nim field: a table of a ⊗ b for a, b < 256 built from the mex definition alone (no Fermat 2-powers) passes
every field law, agrees with the fast rule ``nim_product`` and obeys the four Fermat 2-power rules the appendix
proves; up to 2^16 every number has an inverse. Plausible wrong products (a slip in the Fermat rule, a field
that is not nim multiplication) fail these checks. The fusion principle: fusion + colon principle against the
exhaustive searcher on every picture with at most 5 edges (quick) and 7 edges (slow).
"""

from __future__ import annotations

import random

import numpy as np
import pytest

from nimlib import hackenbush
from nimlib.coins import (
    MAX_MEX_TABLE,
    field_laws,
    nim_inverse,
    nim_product,
    nim_product_by_mex,
    nim_product_table_by_mex,
)

SIZE = 256


@pytest.fixture(scope="module")
def table() -> np.ndarray:
    return nim_product_table_by_mex(SIZE)


def agrees(table: np.ndarray, product) -> int:
    """How many pairs a, b < len(table) the product gets as the mex table does."""
    n = len(table)
    return sum(product(a, b) == int(table[a, b]) for a in range(n) for b in range(n))


def fermat_rules_hold(table: np.ndarray, F: int) -> bool:
    """Parts (a)-(d) of the appendix's theorem for the Fermat 2-power F, read off a mex table (d alone at 256)."""
    phi = {int(table[a, a]) ^ a for a in range(F)}
    if phi != set(range(F // 2)):
        return False
    if len(table) <= F:
        return True
    closed = bool((table[:F, :F] < F).all())
    return closed and all(table[a, F] == a * F for a in range(F)) and table[F, F] == 3 * F // 2


def wrong_fermat(a: int, b: int) -> int:
    """The Fermat split with the slip F ⊗ F = F ⊕ 1 instead of F ⊕ F/2."""
    if a < 2 or b < 2:
        return a * b
    bits = 1
    while (1 << (2 * bits)) <= max(a, b):
        bits *= 2
    low = (1 << bits) - 1
    a1, a0, b1, b0 = a >> bits, a & low, b >> bits, b & low
    high = wrong_fermat(a1, b1)
    middle = high ^ wrong_fermat(a1, b0) ^ wrong_fermat(a0, b1)
    return (middle << bits) ^ wrong_fermat(a0, b0) ^ high


def gf16(a: int, b: int) -> int:
    """Polynomials over GF(2) modulo x^4 + x + 1: a field on 0..15, but not nim multiplication."""
    result = 0
    for i in range(4):
        if b >> i & 1:
            result ^= a << i
    for bit in (7, 6, 5, 4):
        if result >> bit & 1:
            result ^= 0b10011 << (bit - 4)
    return result


# ---------------------------------------------------------------- the mex table


def test_the_compiled_table_is_the_pure_definition():
    small = nim_product_table_by_mex(32)
    assert small.tolist() == nim_product_by_mex(32)


def test_field_laws_hold_on_the_mex_table(table):
    laws = field_laws(SIZE, product=lambda a, b: int(table[a, b]))
    assert laws["associativity"] == (SIZE**3, SIZE**3)
    assert laws["distributivity"] == (SIZE**3, SIZE**3)
    assert laws["inverses"] == (SIZE - 1, SIZE - 1)
    assert all(held == checked for held, checked in laws.values()), laws


def test_the_mex_table_agrees_with_the_fast_rule(table):
    assert agrees(table, nim_product) == SIZE * SIZE


@pytest.mark.parametrize("F", [2, 4, 16, 256])
def test_the_fermat_rules_on_the_mex_table(table, F):
    assert fermat_rules_hold(table, F)


def test_wrong_products_are_caught(table):
    # A slip in the Fermat rule disagrees with the definition and is no field on 0..15
    assert agrees(table, wrong_fermat) < SIZE * SIZE
    assert any(held < checked for held, checked in field_laws(16, wrong_fermat).values())
    # A genuine field on 0..15 that is not nim multiplication passes the laws but not the definition
    assert all(held == checked for held, checked in field_laws(16, gf16).values())
    assert agrees(table[:16, :16], gf16) < 256
    # A table with one wrong entry breaks a Fermat rule or the agreement
    spoiled = table.copy()
    spoiled[16, 16] = 16 ^ 1
    assert not fermat_rules_hold(spoiled, 16) and agrees(spoiled, nim_product) == SIZE * SIZE - 1


def test_inverses_and_rules_below_2_16_on_a_sample():
    F, rng = 65536, random.Random(16)
    sample = [rng.randrange(1, F) for _ in range(2000)]
    assert all(nim_product(a, nim_inverse(a)) == 1 and nim_inverse(a) < F for a in sample)
    assert nim_product(256, 256) == 384 and nim_product(F, F) == 3 * F // 2
    assert all(nim_product(a, 256) == a * 256 for a in range(256))


@pytest.mark.parametrize(
    ("n", "error", "words"),
    [(MAX_MEX_TABLE + 1, ValueError, "MAX_MEX_TABLE"), (-1, ValueError, "n"), ("8", TypeError, "n")],
)
def test_the_mex_table_refuses_bad_sizes(n, error, words):
    with pytest.raises(error, match=words):
        nim_product_table_by_mex(n)


# ---------------------------------------------------------------- the fusion principle


def fusion_check(most: int, value=hackenbush.value) -> tuple[int, int, list[int]]:
    """(pictures where ``value`` agrees with exhaustive search, pictures, count per edge number) up to ``most``."""
    known: dict = {}
    counts = [len(hackenbush.all_graphs(n)) for n in range(most + 1)]
    agree = sum(
        value(g) == hackenbush.exhaustive_value(g, known=known)
        for n in range(most + 1)
        for g in hackenbush.all_graphs(n)
    )
    return agree, sum(counts), counts


def test_fusion_agrees_with_search_up_to_five_edges():
    agree, total, counts = fusion_check(5)
    assert counts == [1, 2, 6, 20, 74, 289]
    assert agree == total == 392


def forget_loops(edges):
    """A plausible wrong fusion: the cycles' edges vanish instead of becoming loops worth 1 each."""
    return hackenbush.tree_value([(u, v) for u, v in hackenbush.fuse(edges) if u != v])


def contract_everything(edges):
    """Another wrong fusion: every edge contracted, bridges too (all edges become loops on the ground)."""
    return len(hackenbush.canonical(edges)) % 2


@pytest.mark.parametrize("wrong", [forget_loops, contract_everything])
def test_a_wrong_fusion_is_caught(wrong):
    agree, total, _ = fusion_check(4, wrong)
    assert agree < total


@pytest.mark.slow
def test_fusion_agrees_with_search_up_to_seven_edges():
    agree, total, counts = fusion_check(7)
    assert counts == [1, 2, 6, 20, 74, 289, 1203, 5221]
    assert agree == total == 6816


@pytest.mark.slow
def test_every_number_below_2_16_has_an_inverse():
    F = 65536
    assert all(nim_product(a, nim_inverse(a)) == 1 and nim_inverse(a) < F for a in range(1, F))
