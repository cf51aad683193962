"""Misère quotients against exhaustive search on EVERY sum up to a size (not a sample).

tests/test_quotient.py samples random sums; here every sum of heaps of at most T tokens is searched,
smallest first, and the quotient must agree on each. tools/check_quotient_search.py runs the same check
further (misère Kayles: all 4,841,061 sums of at most 58 pins agree with its 40-element quotient).
"""

from __future__ import annotations

import pytest

from nimlib.quotient import quotient
from nimlib.rulesets import HeapGame, dawsons_kayles, kayles, octal


def every_sum(game: HeapGame, tokens: int) -> dict[tuple[int, ...], bool]:
    """Misère P-or-not of every sum (non-increasing heaps) of at most ``tokens`` tokens, by search."""

    def partitions(total: int, largest: int):
        if total == 0:
            yield ()
            return
        for first in range(min(total, largest), 0, -1):
            for rest in partitions(total - first, first):
                yield (first, *rest)

    def canonical(option: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(sorted((x for x in option if x), reverse=True))

    options = {h: sorted({canonical(o) for o in game.options(h)}) for h in range(tokens + 1)}
    is_p: dict[tuple[int, ...], bool] = {(): False}  # no move left: the player to move has won
    for total in range(1, tokens + 1):
        for pos in partitions(total, total):
            has_move = found_p = False
            for i, h in enumerate(pos):
                rest = pos[:i] + pos[i + 1 :]
                for option in options[h]:
                    has_move = True
                    if is_p[tuple(sorted(rest + option, reverse=True))]:
                        found_p = True
                        break
                if found_p:
                    break
            is_p[pos] = has_move and not found_p
    return is_p


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
