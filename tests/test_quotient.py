"""Misère quotients: the engine (quotient) against exhaustive misère search of small sums, a brute-force count of
classes, Plambeck's 0.75, Dawson's Kayles to heap 30, the stored-quotient checker and the command line."""

from collections.abc import Hashable

import pytest

from nimlib import search
from nimlib.quotient import quotient, sums_up_to
from nimlib.rulesets import HeapGame, kayles, nim, octal


def searched_p(game: HeapGame, position: tuple[int, ...]) -> bool:
    return search.is_p_position(game.successors, position, misere=True)


def brute_force_classes(game: HeapGame, heaps: tuple[int, ...], test_heaps: int) -> list[tuple[int, ...]]:
    """Representatives of the classes of sums of ``heaps`` told apart by exhaustive misère search against every
    test sum of at most ``test_heaps`` heaps (breadth first from the empty sum, one heap added at a time).

    Independent of nimlib.quotient: two sums with different outcome profiles are distinguishable, so the count is
    a lower bound on the quotient's order, and equal to it once the tests are large enough."""
    tests = sums_up_to(heaps, test_heaps)
    known: dict[Hashable, bool] = {}

    def profile(position: tuple[int, ...]) -> tuple[bool, ...]:
        return tuple(
            search.solve(game.successors, key, misere=True, known=known)[key]
            for key in (tuple(sorted(position + z)) for z in tests)
        )

    found = {profile(()): ()}
    frontier = [()]
    while frontier:
        grown = []
        for position in frontier:
            for h in heaps:
                after = tuple(sorted((*position, h)))
                key = profile(after)
                if key not in found:
                    found[key] = after
                    grown.append(after)
        frontier = grown
        assert len(found) <= 64, "more classes than a small quotient has"
    return list(found.values())


def test_nim_heaps_1_and_2_has_the_six_element_quotient():
    q = quotient(nim, 2)
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


@pytest.mark.parametrize(
    ("game", "bound", "test_heaps", "order"),
    [(nim, 2, 4, 6), (nim, 3, 3, 6), (octal("0.75"), 4, 4, 6), (octal("0.75"), 5, 4, 8), (kayles, 5, 3, 12)],
)
def test_the_engine_agrees_with_a_brute_force_count_and_search_on_every_small_sum(game, bound, test_heaps, order):
    # the engine's order is the number of classes exhaustive search tells apart, and its verdicts are search's
    q = quotient(game, bound)
    heaps = tuple(range(1, bound + 1))
    classes = brute_force_classes(game, heaps, test_heaps)
    assert q.order == len(classes) == order
    assert len({q.element(c) for c in classes}) == order  # distinguishable sums have distinct elements
    positions = sums_up_to(heaps, 5 if bound > 3 else 7)
    assert all(q.is_p_position(p) == searched_p(game, p) for p in positions), game


def test_identifying_sums_by_outcome_only_gives_a_wrong_answer():
    # tests of no heaps compare X and Y by their own outcomes only: too coarse
    assert len(brute_force_classes(nim, (1, 2), 0)) == 2 < len(brute_force_classes(nim, (1, 2), 1)) == 4 < 6
    assert not searched_p(nim, (2,)) and not searched_p(nim, ()) and searched_p(nim, (2, 2))  # b ~ 1 alone, not b + b


def test_element_multiplies_generators():
    # in misère Nim, 1 + 2 and 3 are both non-small with nim-sum 3: indistinguishable
    q = quotient(nim, 3)
    assert len(q) == 6 and q.names[q.element((3,))] == "ab"
    assert q.element((1, 2)) == q.element((3,)) == q.element((2, 1)) == q.element((1, 1, 3)) != q.element((1, 3))
    assert q.element((0, 1, 1)) == q.element(()) == 0
    assert q.names[q.element((2, 2, 2, 2, 2))] == "b"


def test_element_rejects_heaps_outside_the_quotient():
    q = quotient(nim, 2)
    with pytest.raises(ValueError, match=r"position\[1\] = 3"):
        q.element((1, 3))
    with pytest.raises(ValueError, match="position"):
        q.element((1, -2))
    for bad in [(1, True), (1, 2.0), (1, "２")]:
        with pytest.raises((TypeError, ValueError), match="position"):
            q.element(bad)


def test_to_text_marks_the_p_portion():
    text = quotient(nim, 2).to_text()
    assert "a* |" in text and "b²* |" in text and " 1* |" not in text


# ---------------------------------------------------------------- heap by heap (quotient)

import random  # noqa: E402
from contextlib import contextmanager  # noqa: E402

import numpy as np  # noqa: E402

import nimlib.quotient as quotient_module  # noqa: E402
from nimlib.quotient import MAX_QUOTIENT_HEAPS, check_compact  # noqa: E402
from nimlib.rulesets import dawsons_kayles  # noqa: E402


def _searched(game: HeapGame, position: tuple[int, ...], known: dict) -> bool:
    key = tuple(sorted(h for h in position if h))
    return search.solve(game.successors, key, misere=True, known=known)[key]


def _disagreements(q, game: HeapGame, positions) -> tuple[int, list]:
    known: dict = {}
    checked = list(positions)
    wrong = [p for p in checked if q.is_p_position(p) != _searched(game, p, known)]
    return len(checked), wrong


def _small_sums(bound: int, heaps: int, tokens: int) -> list[tuple[int, ...]]:
    return [s for s in sums_up_to(range(1, bound + 1), heaps) if sum(s) <= tokens]


def _random_sums(bound: int, tokens: int, seed: int, count: int = 300) -> list[tuple[int, ...]]:
    rng = random.Random(seed)
    out = []
    while len(out) < count:
        s = tuple(sorted(rng.randint(1, bound) for _ in range(rng.randint(1, 6))))
        if sum(s) <= tokens:
            out.append(s)
    return out


def test_octal_075_has_plambecks_eight_element_quotient():
    # Plambeck (2005), "Taming the wild", the analysis of 0.75: <a, b, c | a² = 1, b³ = b, bc = ab, c² = b²>,
    # P-portion {a, b²}; heaps 1, 2, 5 are a, b, c
    q = quotient(octal("0.75"), 30)
    assert q.order == 8 and q.generators == (1, 2, 5)
    assert set(q.relations) == {("a²", "1"), ("b³", "b"), ("bc", "ab"), ("c²", "b²")}
    assert {q.names[i] for i in q.p_portion} == {"a", "b²"}
    assert q.stable_from() == 5 and q.history[:6] == (1, 2, 6, 6, 6, 8)


@pytest.fixture(scope="module")
def kayles30():
    return quotient(kayles, 30)


@pytest.mark.parametrize(
    ("name", "bound", "tokens"), [("0.75", 16, 24), ("kayles", 30, 32), ("dawson", 24, 34), ("nim", 6, 20)]
)
def test_quotient_agrees_with_search_on_every_small_sum_and_random_sums(name, bound, tokens, kayles30):
    game = {"0.75": octal("0.75"), "kayles": kayles, "dawson": dawsons_kayles, "nim": nim}[name]
    q = kayles30 if name == "kayles" else quotient(game, bound)
    positions = _small_sums(min(bound, 10), 3, 20) + _random_sums(bound, tokens, seed=bound, count=200)
    count, wrong = _disagreements(q, game, positions)
    assert count > 250 and not wrong, (game, wrong[:5])


def test_kayles_partial_quotient_orders(kayles30):
    # computed here (and checked against search above): the order of the quotient of heaps <= n
    q = kayles30
    assert q.history == (1, 2, 6, 6, 6, 12, 12, 12, 12, 18, 18, 18) + (24,) * 13 + (32, 32) + (40,) * 4
    assert q.generators == (1, 2, 5, 9, 12, 25, 27)
    # the twelve elements of Kayles on rows 1..5 are the classes exhaustive search tells apart
    brute = brute_force_classes(kayles, (1, 2, 3, 4, 5), 3)
    small = quotient(kayles, 5)
    assert len(brute) == small.order == 12
    assert sum(searched_p(kayles, c) for c in brute) == len(small.p_portion)


def test_dawsons_kayles_partial_quotient_orders():
    q = quotient(dawsons_kayles, 24)
    assert q.history == (1, 1, 2, 2) + (6,) * 6 + (12,) * 4 + (24,) * 11
    assert q.generators == (2, 4, 10, 14) and q.pretend[1] == 0  # a row of one pin has no move


def test_misere_nim_quotient_is_small_parity_plus_nim_sums():
    q = quotient(nim, 6)
    assert q.order == 10  # the sums of heaps <= 1 (two classes) and the eight nim-sums of the others
    assert all(q.is_p_position(p) == _searched(nim, p, {}) for p in _small_sums(6, 3, 18))


def test_a_wrong_pretending_function_is_caught_by_the_verification():
    q = quotient(octal("0.75"), 8)
    table = np.array(q.table, dtype=np.int16)  # the engine's tables are int16 arrays
    phi = list(q.pretend)
    trans = [frozenset()] + [quotient_module._transitions(octal("0.75"), table, phi, h) for h in range(1, 9)]
    assert quotient_module._verify(table, phi, trans, set(q.p_portion))[0] == set(q.p_portion)
    wrong = phi[:]
    wrong[5] = phi[4]  # the wild heap 5 pretending to be the tame heap 4
    trans_wrong = trans[:5] + [quotient_module._transitions(octal("0.75"), table, wrong, h) for h in range(5, 9)]
    verdict, failure = quotient_module._verify(table, wrong, trans_wrong, set(q.p_portion))
    assert verdict is None and 5 in failure


def test_quotient_json_and_text():
    q = quotient(octal("0.75"), 6)
    data = q.as_json()
    assert data["order"] == 8 and data["identity"] == 0 and len(data["pretend"]) == 7
    assert data["table"][0] == list(range(8)) and sorted(data["p_portion"]) == sorted(q.p_portion)
    assert data["elements"][data["pretend"][5]] == "c" and "b²*" in q.to_text()
    assert q.presentation().startswith("⟨a, b, c | ")
    assert q.element((5, 5)) == q.element((2, 2)) and q.is_p_position((1,))


def test_quotient_bad_input(monkeypatch):
    with pytest.raises(TypeError, match="game must be a HeapGame"):
        quotient("0.77", 5)
    with pytest.raises(ValueError, match="n must be an int >= 1"):
        quotient(kayles, 0)
    with pytest.raises(TypeError, match="n must be an int"):
        quotient(kayles, 5.0)
    with pytest.raises(ValueError, match=f"MAX_QUOTIENT_HEAPS = {MAX_QUOTIENT_HEAPS}"):
        quotient(kayles, MAX_QUOTIENT_HEAPS + 1)
    q = quotient(kayles, 5)
    with pytest.raises(ValueError, match=r"position\[1\] = 6 is larger than this quotient's heap bound 5"):
        q.element((1, 6))
    with monkeypatch.context() as patched:
        patched.setattr(quotient_module, "MAX_TRIAL", 5)
        with pytest.raises(ValueError, match="MAX_TRIAL = 5"):
            quotient(kayles, 5)
    with monkeypatch.context() as patched:  # refused before the table is allocated, its bytes named
        patched.setattr(quotient_module, "MAX_ORDER", 10)
        with pytest.raises(ValueError, match=r"MAX_ORDER = 10: its table of 12² entries would need \d+ MiB"):
            quotient(kayles, 5)
    # Dawson's Kayles heap 10 splits old elements: its trials need three recalibrations
    assert quotient(dawsons_kayles, 10).order == 12
    monkeypatch.setattr(quotient_module, "MAX_RECALIBRATIONS", 2)
    with pytest.raises(ValueError, match=r"heap 10: .* MAX_RECALIBRATIONS = 2 recalibrations"):
        quotient(dawsons_kayles, 10)


# ---------------------------------------------------------------- nimlib quotient (command line)


def test_cli_quotient_json(capsys):
    import json

    from nimlib.cli import main

    assert main(["quotient", "0.75", "--to", "8", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert {"order", "elements", "identity", "table", "p_portion", "pretend"} <= set(data)
    assert data["order"] == 8 and len(data["table"]) == 8 and len(data["pretend"]) == 9
    assert sorted(data["elements"][i] for i in data["p_portion"]) == ["a", "b²"]
    # the table is the quotient's: identity row, and b·c = ab as in Plambeck's presentation
    name = {x: i for i, x in enumerate(data["elements"])}
    assert data["table"][data["identity"]] == list(range(8))
    assert data["table"][name["b"]][name["c"]] == name["ab"]


def test_cli_quotient_text_and_refusals(capsys):
    from nimlib.cli import MAX_QUOTIENT_CLI, main

    assert main(["quotient", "kayles", "--to", "6"]) == 0
    out = capsys.readouterr().out
    assert "order 12" in out and "presentation ⟨a, b, c |" in out and "5: c" in out
    for argv, needle in [
        (["quotient", "kayles", "--to", str(MAX_QUOTIENT_CLI + 1)], "MAX_QUOTIENT_CLI"),
        (["quotient", "kayles", "--to", "0"], "at least 1"),
        (["quotient", "wythoff", "--row", "1", "--to", "3"], "heap games"),
        (["quotient", "0.9", "--to", "3"], "unknown game"),
    ]:
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert needle in err and err.count("\n") == 1, (argv, err)


# ---------------------------------------------------------------- Dawson's Kayles to heap 30 (Siegel's figure)

import json  # noqa: E402
from pathlib import Path  # noqa: E402

# Q_30(0.07) as computed by quotient(dawsons_kayles, 30) (about 40 s): the columns of its generators, each
# element's least word, the pretending function and the P-portion. The slow test below recomputes it.
DAWSON_30 = Path(__file__).parent / "data" / "quotient-0.07-heaps-30.json"


@pytest.fixture(scope="module")
def dawson30() -> tuple[dict, list[list[int]]]:
    data = json.loads(DAWSON_30.read_text(encoding="utf-8"))
    return data, check_compact(dawsons_kayles, data)  # the exact check of the stored copy, from the rule


def test_the_stored_dawsons_kayles_quotient_is_exact_for_every_sum_of_heaps_to_30(dawson30):
    # The exact check, independent of how the quotient was found: the 360 elements form a commutative monoid
    # (the generators' actions commute), the automaton of _verify finds every sum of heaps <= 30 predicted by
    # the P-portion, every element is a product of heaps, and no two elements are indistinguishable
    data, table = dawson30
    columns, order = data["columns"], data["order"]
    assert order == 360 and len(table) == 360
    assert all(c1[c2[x]] == c2[c1[x]] for c1 in columns for c2 in columns for x in range(order))
    assert all(table[x][y] == table[y][x] for x in range(order) for y in range(x))
    phi, p = data["pretend"], set(data["p_portion"])
    table = np.array(table, dtype=np.int16)  # the engine's tables are int16 arrays
    trans = [frozenset()] + [quotient_module._transitions(dawsons_kayles, table, phi, h) for h in range(1, 31)]
    assert quotient_module._verify(table, phi, trans, p) == (p, ())
    gens = sorted({phi[h] for h in range(1, 31)})
    assert len(quotient_module._reachable(table, set(gens))) == 360
    assert quotient_module._reduce(table, p, gens)[1] == 360
    # and the check bites: heap 30 pretending to be heap 27 is caught, with a failing sum that uses heap 30
    wrong = phi[:30] + [phi[27]]
    trans_wrong = trans[:30] + [quotient_module._transitions(dawsons_kayles, table, wrong, 30)]
    verdict, failure = quotient_module._verify(table, wrong, trans_wrong, p)
    assert verdict is None and 30 in failure


def test_the_stored_dawsons_kayles_quotient_agrees_with_search_on_random_sums_with_large_heaps(dawson30):
    data, table = dawson30
    predicted, searched = _table_against_search(data, table, seed=30, big=(25, 30), tokens=44, count=250)
    assert predicted == searched
    assert 20 < sum(searched) < 230  # both outcomes occur: a constant answer would not pass


def _table_against_search(data, table, *, seed, big, tokens, count):
    """The stored table's verdicts and exhaustive search's on ``count`` distinct random sums of Dawson's Kayles:
    one heap in ``big`` (lo, hi) and up to four smaller heaps, at most ``tokens`` tokens in all."""
    phi, p = data["pretend"], set(data["p_portion"])
    rng = random.Random(seed)
    known: dict = {}
    positions: set[tuple[int, ...]] = set()
    while len(positions) < count:
        first = rng.randint(*big)
        budget, rest = tokens - first, []
        for _ in range(rng.randint(0, 4)):
            if budget:
                rest.append(rng.randint(1, budget))
                budget -= rest[-1]
        positions.add(tuple(sorted([first, *rest])))
    predicted, searched = [], []
    for position in sorted(positions):
        x = 0
        for h in position:
            x = table[x][phi[h]]
        predicted.append(x in p)
        searched.append(_searched(dawsons_kayles, position, known))
    return predicted, searched


@pytest.mark.slow  # 25 to 75 s here, with the machine's load (tools/bench_quotient.py)
def test_dawsons_kayles_quotient_of_heaps_to_30_has_order_360(dawson30):
    # Siegel, answering questions about MisereSolver on Plambeck's blog "Misère games"
    # (miseregames.wordpress.com, 28 August 2007, "Some MisereSolver questions answered"):
    # "Q_30(0.07) has size 360" (java -jar misere.jar 0.07 -maxheap 30)
    q = quotient(dawsons_kayles, 30)
    assert q.order == 360
    assert q.history == (1, 1, 2, 2) + (6,) * 6 + (12,) * 4 + (24,) * 11 + (144, 144, 176, 176, 176, 360)
    assert q.compact() == dawson30[0]  # the stored quotient the quick tests check is this one
    count, wrong = _disagreements(q, dawsons_kayles, _random_sums(30, 36, seed=30, count=200))
    assert count == 200 and not wrong, wrong[:5]


# Q_33(0.07) as computed by quotient(dawsons_kayles, 33, max_work=10**8) (issue 31: about 80 s of CPU here, where
# MAX_ORDER = 1,024 stopped the engine at heap 31; tools/bench_quotient.py times it). Heap 34's trials pass 4,096
# elements (9,210 with MAX_ORDER at 8,192): refused.
DAWSON_33 = Path(__file__).parent / "data" / "quotient-0.07-heaps-33.json"


def test_the_stored_dawsons_kayles_quotient_to_heap_33_is_exact_and_agrees_with_search():
    data = json.loads(DAWSON_33.read_text(encoding="utf-8"))
    table = check_compact(dawsons_kayles, data)  # exact for every sum of heaps <= 33, reduced, history derived
    assert data["order"] == len(table) == 638
    assert data["history"][24:] == [24, 144, 144, 176, 176, 176, 360, 520, 552, 638]
    # distinct sums of one heap of 31..33 and up to four smaller heaps, <= 42 tokens
    predicted, searched = _table_against_search(data, table, seed=33, big=(31, 33), tokens=42, count=150)
    assert predicted == searched
    assert 20 < sum(searched) < 130  # both outcomes occur


def test_check_compact_refuses_what_is_not_the_quotient():
    """A stored quotient is re-checked from the rule: each forgery is refused, naming what fails."""
    import copy

    good = json.loads(DAWSON_30.read_text(encoding="utf-8"))
    small = quotient(octal("0.75"), 8).compact()
    assert len(quotient_module.check_compact(octal("0.75"), small)) == 8

    def forged(change):
        data = copy.deepcopy(good)
        change(data)
        return data

    cases = [
        (forged(lambda d: d.update(p_portion=d["p_portion"][1:])), "does not predict every sum"),
        (forged(lambda d: d["pretend"].__setitem__(30, d["pretend"][27])), r"heaps \[30\] is mispredicted"),
        (forged(lambda d: d.update(game=kayles.name)), "the name of this rule"),
        (forged(lambda d: d.update(bound=30.0)), "bound must be an integer"),
        (forged(lambda d: d.update(order=True)), "order must be an integer"),
        (forged(lambda d: d.update(extra=1)), "exactly the fields"),
        (forged(lambda d: d["columns"][0].__setitem__(5, d["columns"][0][6])), "commute|words"),
        (forged(lambda d: d["words"].__setitem__(7, d["words"][8])), r"words\[7\]"),
        # words of huge degree (each exponent up to the order) are refused before the table is rebuilt
        (forged(lambda d: d.update(words=[[d["order"]] * len(d["columns"])] * d["order"])), r"words\[1\] is words"),
        # issue 31: every field returned is derived again, history type-checked
        (forged(lambda d: d["pretend"].__setitem__(0, 5)), "heap 0"),
        (forged(lambda d: d["pretend"].__setitem__(1, 5)), "no move"),  # heap 1 of 0.07 has no move
        (forged(lambda d: d["history"].__setitem__(12, 24)), r"history\[12\] must be .* 12, got 24"),
        (forged(lambda d: d["history"].__setitem__(3, 2.0)), r"history\[3\] must be an integer"),
        (forged(lambda d: d["history"].__setitem__(3, True)), r"history\[3\] must be an integer"),
        (forged(lambda d: d.update(history="360")), "history must be a list"),
        (forged(lambda d: d.update(generators=d["generators"][:-1] + [d["generators"][-1] + 1])), "generators"),
        (forged(lambda d: d["words"].__setitem__(1, d["words"][1] + [0])), r"words\[1\] must be a list"),
    ]
    for data, message in cases:
        with pytest.raises(ValueError, match=message):
            quotient_module.check_compact(dawsons_kayles, data)
    # a quotient that merged two classes: 0.75's 8 elements, one P-element dropped, is not reduced or wrong
    merged = copy.deepcopy(small)
    merged["p_portion"] = merged["p_portion"][:-1]
    with pytest.raises(ValueError):
        quotient_module.check_compact(octal("0.75"), merged)


def test_check_compact_estimates_the_table_rebuild_before_it_starts():
    # A forgery of the largest order with 200 generators (identity actions commute, so every cheap shape check
    # passes): order × generators² alone is 4·10^7 steps, refused up front, before a column is built
    order, k = quotient_module.MAX_ORDER, 200
    data = {
        "game": dawsons_kayles.name,
        "bound": 200,
        "order": order,
        "generators": list(range(1, k + 1)),
        "columns": [list(range(order))] * k,
        "words": [[x] + [0] * (k - 1) for x in range(order)],
        "pretend": [0] * 201,
        "p_portion": [],
        "history": [1] * 200 + [order],
    }
    with pytest.raises(ValueError, match="MAX_COMPACT_WORK"):
        quotient_module.check_compact(dawsons_kayles, data)


def test_check_compact_derives_the_stored_history_and_generators(dawson30):
    data, table = dawson30
    phi, p = data["pretend"], set(data["p_portion"])
    assert quotient_module._history(np.array(table, dtype=np.int16), p, phi, [10**9]) == data["history"]


@pytest.mark.parametrize("code", ["4.7", "4.07", "4.3"])
def test_quotients_of_codes_that_split_without_taking_agree_with_search(code):
    # Issue 31: Daisies (4.7) raised KeyError for n >= 8, the searches assuming every move lowers the token count;
    # a split of h into a + b keeps the tokens, so sums are ordered by the weight 2h - 1 a heap
    game = octal(code)
    q = quotient(game, 10)
    count, wrong = _disagreements(q, game, _small_sums(10, 4, 14))
    assert count == 227 and not wrong, wrong[:5]
    assert q.order > 1


def test_cli_quotient_of_daisies(capsys):
    from nimlib.cli import main

    assert main(["quotient", "4.7", "--to", "9", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["order"] == 18


def test_quotient_counts_its_work_and_refuses_past_the_budget(capsys, monkeypatch):
    # Issue 31: 0.04 --to 60 was refused only after 54 s, 0.137 --to 60 after 25 s (MAX_STATES, MAX_ORDER): every
    # search step now counts against one budget, so a blow-up is refused within it (counts, not seconds)
    with pytest.raises(ValueError, match=r"heap \d+ of 30: .* max_work = 20,000"):
        quotient(octal("0.137"), 30, max_work=20_000)

    @contextmanager
    def never_refuse(self, h: int, size: int):
        yield

    with monkeypatch.context() as patched:  # the count alone, without the estimate ahead
        patched.setattr(quotient_module._Estimate, "check", never_refuse)
        with pytest.raises(ValueError, match=r"heap \d+ of 30: the searches have taken more than max_work = 20,000"):
            quotient(octal("0.137"), 30, max_work=20_000)
    assert quotient(octal("0.75"), 12, max_work=20_000).order == 8  # a small quotient fits easily
    import nimlib.cli as cli

    monkeypatch.setattr(cli, "MAX_QUOTIENT_CLI_WORK", 20_000)
    assert cli.main(["quotient", "0.137", "--to", "60"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "max_work = 20,000" in err
    with pytest.raises(ValueError, match="max_work"):
        quotient(octal("0.75"), 8, max_work=0)


def test_quotient_estimates_the_checks_ahead_and_refuses_before_paying_for_them(capsys):
    # Issue 31: nimlib quotient 0.04 --to 60 and 0.137 --to 60 were refused only after 54 s and 25 s (22 s and 15 s
    # once the work was counted). Before each exact check the work still ahead is estimated (each heap h..n checked
    # once, at the most steps per element seen so far, on a monoid of the size at hand), and a run it puts past the
    # budget is refused then, with a small part of the budget spent (counted steps, not seconds)
    import re

    from nimlib.cli import MAX_QUOTIENT_CLI_WORK, main

    for code, heap in [("0.137", 24), ("0.04", 37)]:
        assert main(["quotient", code, "--to", "60"]) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and f"heap {heap} of 60: the next check covers" in err, err
        assert "is estimated at" in err and f"max_work = {MAX_QUOTIENT_CLI_WORK:,}" in err
        spent = int(re.search(r"\(([\d,]+) spent", err).group(1).replace(",", ""))
        assert spent < MAX_QUOTIENT_CLI_WORK // 5, (code, spent)
    # and the estimate does not refuse what fits: Kayles to 60 within the command line's budget
    assert quotient(kayles, 60, max_work=MAX_QUOTIENT_CLI_WORK).order == 40


def test_the_estimate_refuses_before_the_check_runs():
    budget = [10_000]
    ahead = quotient_module._Estimate(60, budget)
    with ahead.check(10, 50):  # nothing measured yet: nothing to refuse by
        budget[0] -= 5_000  # a check of 50 elements that took 5,000 steps: 100 an element
    assert ahead.rate == 100
    ran = []
    # heaps 11..60 at 100 steps for each of 50 elements: 250,000 > 5,000 left
    with pytest.raises(quotient_module._TooMuchAhead) as refused, ahead.check(11, 50):
        ran.append(True)
    assert not ran and (refused.value.estimate, refused.value.left) == (250_000, 5_000)
    with ahead.check(60, 1):  # the last heap, one element: 100 steps fit
        pass


def test_check_compact_counts_the_automaton_against_what_the_estimate_leaves(monkeypatch):
    # the rebuild's estimate fits, but the exact check of every sum is counted too: refused in one line, not unbounded
    small = quotient(octal("0.75"), 8).compact()
    monkeypatch.setattr(quotient_module, "MAX_COMPACT_WORK", 236)  # the rebuild of these 8 elements: 232 steps
    with pytest.raises(ValueError, match=r"checking every sum of heaps <= 8 takes more than the \d+ steps"):
        quotient_module.check_compact(octal("0.75"), small)


def test_sums_up_to_counts_the_sums_before_listing_them():
    # sums_up_to(range(1, 30), 10**6) had no limit: 14.7 GB before it was stopped. comb(k + count, count) is
    # counted first and refused past MAX_SUMS, naming it
    from math import comb

    from nimlib.quotient import MAX_SUMS

    with pytest.raises(
        ValueError, match=f"29 heap sizes and count = 1,000,000 make .* sums, more than MAX_SUMS = {MAX_SUMS:,}"
    ):
        sums_up_to(range(1, 30), 10**6)
    with pytest.raises(ValueError, match=f"{comb(29 + 8, 8):,} sums, more than MAX_SUMS"):
        sums_up_to(range(1, 30), 8)
    assert len(sums_up_to(range(1, 30), 5)) == comb(29 + 5, 5) <= MAX_SUMS
    assert sums_up_to([], 10**100) == [()]
    with pytest.raises(ValueError, match="count = 10,000,000 make more than"):
        sums_up_to((1, 2), 10**7)


@pytest.mark.slow  # about 13 s: the refusal itself is the point
def test_a_trials_products_count_against_max_work():
    # Daisies (4.7: splits without taking) spent most of its time in the trials' products and partition
    # refinement, uncounted: quotient(octal('4.7'), 200) was refused only after 2,087,383 counted steps at heap 25
    # (37 s). Counted now, the same budget is refused earlier, at heap 21 (counts, not seconds)
    import re

    with pytest.raises(ValueError, match=r"heap (\d+) of 200: the next check") as refused:
        quotient(octal("4.7"), 200)
    assert int(re.match(r"heap (\d+)", str(refused.value)).group(1)) <= 22
    assert str(refused.value).count("\n") == 0
