"""Misère quotients: the classic 6-element quotient of Nim heaps 1 and 2, predictions against search, bad input."""

import pytest

from nimlib import search
from nimlib.quotient import misere_quotient, sums_up_to
from nimlib.rulesets import HeapGame, kayles, nim, octal


def searched_p(game: HeapGame, position: tuple[int, ...]) -> bool:
    return search.is_p_position(game.successors, position, misere=True)


def test_nim_heaps_1_and_2_has_the_six_element_quotient():
    q = misere_quotient(nim, (1, 2))
    assert q.names == ("1", "a", "b", "ab", "b²", "ab²")
    name = dict(zip(q.names, range(len(q)), strict=True))

    def times(x: str, y: str) -> str:
        return q.names[q.table[name[x]][name[y]]]

    assert times("a", "a") == "1"  # a² = 1
    assert times("b²", "b") == "b"  # b³ = b
    assert times("b", "b") == "b²" != "1"
    assert {q.names[i] for i in q.p_portion} == {"a", "b²"}
    # identity row and commutativity
    assert list(q.table[0]) == list(range(len(q)))
    assert all(q.table[i][j] == q.table[j][i] for i in range(len(q)) for j in range(len(q)))


def test_the_quotient_predicts_every_small_sum():
    for game, heaps in [(nim, (1, 2)), (kayles, (1, 2, 3, 4, 5)), (octal("0.75"), (1, 2, 3, 4, 5))]:
        q = misere_quotient(game, heaps, test_heaps=5)
        positions = sums_up_to(heaps, 6 if len(heaps) > 2 else 9)
        assert all(q.is_p_position(p) == searched_p(game, p) for p in positions), game


@pytest.mark.slow  # a robustness check of the bound, not a check of the answer
def test_a_larger_test_bound_gives_the_same_quotient():
    small = misere_quotient(kayles, (1, 2, 3, 4, 5), test_heaps=4)
    large = misere_quotient(kayles, (1, 2, 3, 4, 5), test_heaps=6)
    assert small.names == large.names and small.table == large.table and small.p_portion == large.p_portion


def test_identifying_sums_by_outcome_only_gives_a_wrong_answer():
    # test_heaps = 0 compares X and Y by their own outcomes only
    naive = misere_quotient(nim, (1, 2), test_heaps=0)
    assert len(naive) == 2
    wrong = [p for p in sums_up_to((1, 2), 4) if naive.is_p_position(p) != searched_p(nim, p)]
    assert (2, 2) in wrong  # b is N like the empty sum, but b + b is P
    assert len(misere_quotient(nim, (1, 2), test_heaps=1)) == 4  # still too coarse


def test_element_multiplies_generators():
    # in misère Nim, 1 + 2 and 3 are both non-small with nim-sum 3: indistinguishable
    q = misere_quotient(nim, (1, 2, 3))
    assert len(q) == 6
    assert q.element((1, 2)) == q.element((3,)) == q.element((2, 1)) == q.element((1, 1, 3)) != q.element((1, 3))
    assert q.element((0, 1, 1)) == q.element(()) == 0
    assert q.names[q.element((2, 2, 2, 2, 2))] == "b"


def test_element_rejects_heaps_outside_the_quotient():
    q = misere_quotient(nim, (1, 2))
    with pytest.raises(ValueError, match=r"position\[1\] = 3"):
        q.element((1, 3))
    with pytest.raises(ValueError, match="position"):
        q.element((1, -2))


def test_bad_input():
    with pytest.raises(TypeError, match="game must be a HeapGame"):
        misere_quotient("nim", (1, 2))
    with pytest.raises(ValueError, match="closed under moves"):
        misere_quotient(nim, (2,))
    with pytest.raises(ValueError, match="closed under moves"):
        misere_quotient(kayles, (1, 3))
    with pytest.raises(ValueError, match="positive"):
        misere_quotient(nim, (0, 1))
    with pytest.raises(ValueError, match="repeat"):
        misere_quotient(nim, (1, 1))
    with pytest.raises(ValueError, match="must not be empty"):
        misere_quotient(nim, ())
    with pytest.raises(TypeError, match="test_heaps"):
        misere_quotient(nim, (1, 2), test_heaps=1.5)
    with pytest.raises(ValueError, match="max_elements = 4"):
        misere_quotient(nim, (1, 2), max_elements=4)


def test_to_text_marks_the_p_portion():
    text = misere_quotient(nim, (1, 2)).to_text()
    assert "a* |" in text and "b²* |" in text and " 1* |" not in text
