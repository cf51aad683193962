"""check() is bounded on any object the reader passes (issue 39 item 4).

Each test is one finding of the attack set: deep nesting, shared references, a len() that lies, huge ints,
exceptions from the reader's own objects, and int subclasses that lie. check() must answer at once with a
verdict (Not yet) or a TypeError in one plain sentence: no RecursionError, no gigabyte repr, no Python-internal
text, no exception of the reader's escaping.
"""

from __future__ import annotations

import numbers
import tracemalloc
from collections.abc import Mapping

import numpy as np
import pytest

from nimlib.selfcheck import MAX_DEPTH, MAX_INT_BITS, MAX_ITEMS, MAX_TOTAL, Result, check
from tests.test_selfcheck import CASES

INTERNAL = ("Exceeds the limit", "4300", "object at 0x", "Traceback", "RecursionError", "descriptor '")


def verdict(label: str, answer: object) -> str:
    """check's answer as text: the Result's line, or 'TypeError: ...' (any other exception fails the test)."""
    try:
        result = check(label, answer)
    except TypeError as error:
        text = f"TypeError: {error}"
    else:
        assert isinstance(result, Result)
        text = str(result)
    assert "\n" not in text and len(text) < 1000, text[:300]
    assert not any(s in text for s in INTERNAL), text
    return text


# ---------------------------------------------------------------- depth


def nested(depth: int, make=lambda inner: [inner]):
    value: object = 0
    for _ in range(depth):
        value = make(value)
    return value


@pytest.mark.parametrize(
    "make",
    [lambda x: [x], lambda x: (x, 1), lambda x: {1: x}, lambda x: frozenset([x])],
    ids=["list", "tuple", "dict", "frozenset"],
)
def test_an_answer_nested_100000_deep_is_refused_by_depth(make):
    deep = nested(100_000, make)
    text = verdict("ex-sg-9", deep)
    assert text.startswith("TypeError") and f"MAX_DEPTH={MAX_DEPTH}" in text


def test_a_list_that_contains_itself_is_refused_by_depth():
    loop: list = [(1, 0)]
    loop.append(loop)
    assert f"MAX_DEPTH={MAX_DEPTH}" in verdict("ex-sg-9", loop)


def test_legitimate_depth_is_read():
    # a dict of lists of moves: 4 levels to its numbers, well inside MAX_DEPTH
    assert check("ex-bouton-1", CASES["ex-bouton-1"][0]).right
    assert MAX_DEPTH >= 6


# ---------------------------------------------------------------- items


def test_a_shared_reference_list_is_refused_by_items_read_not_by_building_its_repr():
    a = [0] * 1000
    b = [a] * 1000
    c = [b] * 30  # 30 million appearances of 0: its repr is about 90 MB
    tracemalloc.start()
    try:
        text = verdict("ex-sg-9", c)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    assert text.startswith("TypeError") and f"MAX_TOTAL={MAX_TOTAL:,}" in text
    assert peak < 8 * 2**20, peak


class LyingList(list):
    """A list whose len() says 2 and whose __iter__ yields far more than it holds (counting what it yields)."""

    yielded = 0

    def __len__(self):
        return 2

    def __iter__(self):
        for i in range(200_000):
            LyingList.yielded += 1
            yield (i, 0)


def test_a_list_whose_len_lies_is_read_by_its_true_items():
    LyingList.yielded = 0
    text = verdict("ex-sg-9", LyingList([(96, 94)] * (MAX_ITEMS + 5)))
    assert f"MAX_ITEMS={MAX_ITEMS}" in text and LyingList.yielded == 0
    # and a short one is judged by what it holds, not by what its __iter__ claims
    assert verdict("ex-sg-9", LyingList([(5, 4)])).startswith("Not yet") and LyingList.yielded == 0


class EndlessMapping(Mapping):
    """A Mapping whose len() says 4 and whose keys go on (up to 10^6, counting)."""

    iterated = 0

    def __len__(self):
        return 4

    def __iter__(self):
        for k in range(1_000_000):
            EndlessMapping.iterated += 1
            yield k

    def __getitem__(self, key):
        return 1


def test_a_mapping_whose_len_lies_is_counted_as_it_is_read():
    EndlessMapping.iterated = 0
    text = verdict("ex-bouton-6", EndlessMapping())
    assert text.startswith("TypeError") and f"MAX_ITEMS={MAX_ITEMS}" in text
    assert EndlessMapping.iterated <= MAX_ITEMS + 1


# ---------------------------------------------------------------- huge ints


@pytest.mark.parametrize(
    ("label", "answer"),
    [
        ("ex-hackenbush-2", 10**5000),
        ("ex-sg-1", [10**5000] * 15),
        ("ex-strips-1", (10**5000,)),
        ("ex-wythoff-4", (10**5000, 1)),
        ("ex-bouton-6", {10**5000: 1}),
        ("ex-hackenbush-2", [10**5000]),
    ],
    ids=["int", "list", "position", "square", "dict key", "wrong shape"],
)
def test_a_huge_int_is_too_large_never_its_digits(label, answer):
    text = verdict(label, answer)
    assert text.startswith("Not yet") and "too large" in text and f"2^{MAX_INT_BITS}" in text


def test_a_function_that_returns_a_huge_int_is_too_large():
    text = verdict("ex-bouton-3", lambda n: 10**5000)
    assert text.startswith("Not yet") and "too large" in text and "digits" in text


def test_a_huge_int_in_a_wrong_shape_is_described_not_printed():
    text = verdict("ex-hackenbush-2", "x" * 10**6)
    assert text.startswith("TypeError") and "got 'xxx" in text


# ---------------------------------------------------------------- the reader's own exceptions


class Boom(Exception):
    def __str__(self):
        raise RuntimeError("even my message fails")


class RaisingMapping(Mapping):
    def __len__(self):
        return 4

    def __iter__(self):
        raise ZeroDivisionError("no keys today")

    def __getitem__(self, key):
        return 1


class RaisingIndex:
    def __index__(self):
        raise ValueError("not today")


numbers.Integral.register(RaisingIndex)


class RaisingRepr:
    def __repr__(self):
        raise RuntimeError("no repr")


class RaisingHashKey(tuple):
    """A key whose __hash__ and __eq__ raise once armed (after it is in the reader's dict)."""

    armed = False

    def __hash__(self):
        if RaisingHashKey.armed:
            raise KeyError("no hash")
        return tuple.__hash__(self)

    def __eq__(self, other):
        if RaisingHashKey.armed:
            raise KeyError("no eq")
        return tuple.__eq__(self, other)


class RaisingIterList(list):
    def __iter__(self):
        raise ZeroDivisionError("no iteration")


def raising_function(n, m=0):
    raise Boom


@pytest.mark.parametrize(
    ("label", "answer", "named"),
    [
        ("ex-bouton-6", RaisingMapping(), "ZeroDivisionError"),
        ("ex-hackenbush-2", RaisingIndex(), "ValueError"),
        ("ex-sg-1", [RaisingIndex()] * 15, "ValueError"),
        ("ex-hackenbush-3", raising_function, "Boom"),
        ("ex-bouton-3", raising_function, "Boom"),
        ("ex-hackenbush-2", RaisingRepr(), "RaisingRepr"),
        ("ex-hackenbush-2", [RaisingRepr()], "RaisingRepr"),
    ],
)
def test_the_readers_own_exceptions_are_named_in_one_sentence(label, answer, named):
    assert named in verdict(label, answer)


def test_the_readers_hash_eq_and_iter_are_never_called():
    # a dict key whose __hash__ and __eq__ raise, a list whose __iter__ raises: read through the built-ins
    answer = {RaisingHashKey((2, 5, 6)): [(0, 1)], (1, 2, 4, 8): [(0, 0)]}
    RaisingHashKey.armed = True
    try:
        assert verdict("ex-bouton-1", answer).startswith("Not yet")
    finally:
        RaisingHashKey.armed = False
    assert verdict("ex-sg-9", RaisingIterList([(5, 4)])).startswith("Not yet")


def test_a_label_that_lies_is_read_as_its_text():
    class Label(str):
        def __hash__(self):
            raise RuntimeError("no hash")

        def __repr__(self):
            raise RuntimeError("no repr")

    assert isinstance(check(Label("ex-hackenbush-2"), 0), Result)
    with pytest.raises(TypeError, match="got <RaisingRepr>"):
        check(RaisingRepr(), 0)
    with pytest.raises(ValueError, match=r"no self-check for 'xxxx.*\.\.\.;"):
        check("x" * 10**6, 0)


# ---------------------------------------------------------------- ints that lie, bools


def test_an_int_subclass_is_judged_by_its_value_not_its_claims():
    right = CASES["ex-hackenbush-2"][0]

    class Liar(int):
        def __int__(self):
            return right

        def __index__(self):
            return right

        def __eq__(self, other):
            return True

        def __ne__(self, other):
            return False

        __hash__ = int.__hash__

    assert check("ex-hackenbush-2", Liar(right)).right  # its value is right: right
    assert not check("ex-hackenbush-2", Liar(right + 1)).right  # its value is wrong, whatever it claims
    assert not check("ex-sg-1", [Liar(99)] * 15).right
    assert check("ex-sg-1", [Liar(v) for v in CASES["ex-sg-1"][0]]).right


def test_numpy_ints_are_still_read():
    assert check("ex-hackenbush-2", np.int64(CASES["ex-hackenbush-2"][0])).right
    assert check("ex-sg-1", np.array(CASES["ex-sg-1"][0]).tolist()).right
    assert check("ex-sg-1", list(np.array(CASES["ex-sg-1"][0]))).right


@pytest.mark.parametrize("flag", [True, False])
def test_a_bool_is_not_a_number_and_the_message_says_so(flag):
    for label, answer in (("ex-hackenbush-2", flag), ("ex-sg-1", [flag] * 15), ("ex-bouton-3", lambda n: flag)):
        text = verdict(label, answer)
        assert "True and False are not numbers here" in text and "1 or 0" in text, text
    assert "write 1 or 0" in verdict("ex-hackenbush-2", flag)
