"""Misère quotients against exhaustive search on EVERY sum up to a size (not a sample).

tests/test_quotient.py samples random sums; here every sum of heaps of at most T tokens is searched,
smallest first, and the quotient must agree on each. tools/check_quotient_search.py runs the same check
further (misère Kayles: all 4,841,061 sums of at most 58 pins agree with its 40-element quotient).
"""

from __future__ import annotations

import operator
from functools import reduce

import pytest

from nimlib.quotient import quotient
from nimlib.rulesets import HeapGame, dawsons_kayles, kayles, octal
from nimlib.search import MAX_POSITIONS, every_heap_sum, partition_count


def every_sum(game: HeapGame, tokens: int) -> dict[tuple[int, ...], bool]:
    """Misère P-or-not of every sum of at most ``tokens`` tokens, by search (nimlib.search.every_heap_sum)."""
    return every_heap_sum(game.options, tokens, misere=True)


@pytest.mark.parametrize(
    ("game", "heaps", "tokens", "order"),
    [(kayles, 30, 30, 40), (dawsons_kayles, 24, 30, 24), (octal("0.75"), 16, 30, 8)],
    ids=["kayles", "dawson", "0.75"],
)
def test_quotient_agrees_with_search_on_every_sum_up_to_30_tokens(game, heaps, tokens, order):
    q = quotient(game, heaps)
    assert q.order == order
    searched = every_sum(game, tokens)
    checked = [pos for pos in searched if pos and pos[0] <= heaps]
    wrong = [pos for pos in checked if q.is_p_position(pos) != searched[pos]]
    assert len(checked) > 20_000 and not wrong, (len(checked), wrong[:5])


def test_a_quotient_with_one_element_misplaced_disagrees_with_search():
    """The check bites: moving any one element in or out of the P-portion shows as disagreements."""
    q = quotient(kayles, 10)
    searched = {pos: p for pos, p in every_sum(kayles, 30).items() if pos and pos[0] <= 10}
    assert {q.element(pos) for pos in searched} == set(range(q.order)) and q.order == 18  # every element reached
    for x in range(q.order):
        forged = q.p_portion ^ {x}
        assert any((q.element(pos) in forged) != p for pos, p in searched.items()), q.names[x]


def test_every_heap_sum_labels_nim_by_xor_and_refuses_too_many_sums():
    from nimlib.rulesets import nim

    normal = every_heap_sum(nim.options, 16, misere=False)
    assert len(normal) == partition_count(16) == 1 + sum(1 for pos in normal if pos)  # every sum, the empty one too
    xor = {pos: reduce(operator.xor, pos, 0) == 0 for pos in normal}
    assert normal == xor  # Bouton: P exactly when the XOR is 0
    misere = every_heap_sum(nim.options, 12)
    assert misere[()] is False and misere[(1,)] is True and misere[(2, 2)] is True and misere[(1, 1)] is False
    assert partition_count(58) - 1 == 4_841_061  # the figure tools/check_quotient_search.py reports
    with pytest.raises(ValueError, match="MAX_POSITIONS"):
        every_heap_sum(nim.options, 80)
    assert partition_count(80) > MAX_POSITIONS
    with pytest.raises(TypeError, match="options must be a function"):
        every_heap_sum({1: []}, 3)
    with pytest.raises(TypeError, match="misere"):
        every_heap_sum(nim.options, 3, misere="yes")
