"""Coin-turning games and nim multiplication, checked against exhaustive search of the whole position.

The searcher below values a whole row (or board) by the mex rule over the
positions one move away; it knows nothing about the coin-sum theorem, odious
numbers, powers of 2 or nim multiplication.
"""

from __future__ import annotations

import random
from itertools import combinations, product

import pytest

from nimlib.coins import (
    MAX_RULER,
    MockTurtles,
    ProductGame,
    Ruler,
    TurningCorners,
    TurningGame,
    TurningTurtles,
    Twins,
    check_row,
    field_laws,
    field_size,
    lowbit,
    mock_turtles,
    mock_turtles_rule,
    nim_inverse,
    nim_power,
    nim_product,
    nim_product_by_mex,
    odious,
    ruler,
    ruler_rule,
    single_coin_values,
)
from nimlib.game import Playable, Reducible
from nimlib.grundy import grundy_value


def rows(length):
    """Every row of ``length`` coins."""
    return list(product((0, 1), repeat=length))


def searched_values(game, positions):
    """The Grundy value of each position by exhaustive search of the whole position (shared memo)."""
    known: dict = {}
    return [grundy_value(game.options, p, known=known) for p in positions]


def agree_with_search(game, positions):
    """How many positions have search value == XOR of the components' values."""
    return sum(v == game.grundy(p) for p, v in zip(positions, searched_values(game, positions), strict=True))


# ---------------------------------------------------------------- single-coin values


def test_mock_turtles_values_are_the_odious_numbers():
    values = mock_turtles(150)
    assert values == odious(150)
    assert values[:10] == [1, 2, 4, 7, 8, 11, 13, 14, 16, 19]
    # Odious: an odd number of 1 bits; and no odious number is skipped
    assert all(v.bit_count() % 2 == 1 for v in values)
    assert values == [m for m in range(values[-1] + 1) if m.bit_count() % 2 == 1]
    assert MockTurtles().values(150) == values


def test_ruler_values_are_the_largest_power_of_2_dividing_the_place():
    values = ruler(256)
    assert values == [x & -x for x in range(1, 257)]
    assert values[:8] == [1, 2, 1, 4, 1, 2, 1, 8]
    assert Ruler().values(256) == values
    assert [lowbit(x) for x in (1, 12, 40, 1024)] == [1, 4, 8, 1024]


def test_turtles_and_twins_values_are_nim_heaps():
    assert TurningTurtles().values(30) == list(range(1, 31))
    assert Twins().values(30) == list(range(30))
    # the generic recursion (TurningGame without a formula) gives the same
    assert TurningGame(TurningTurtles().rule).values(30) == list(range(1, 31))
    assert TurningGame(Twins().rule).values(30) == list(range(30))


# ---------------------------------------------------------------- whole rows against search


@pytest.mark.parametrize(
    ("game", "length"),
    [(MockTurtles(), 12), (Ruler(), 12), (TurningTurtles(), 11), (Twins(), 11)],
    ids=["mock-turtles", "ruler", "turtles", "twins"],
)
def test_whole_rows_agree_with_search(game, length):
    positions = rows(length)
    assert agree_with_search(game, positions) == 2**length


def test_single_coin_rows_by_search_are_odious():
    game = MockTurtles()
    singles = [tuple(int(p == x) for p in range(12)) for x in range(12)]
    assert searched_values(game, singles) == odious(12)


def random_rule(seed, n):
    """A coin-turning rule with no pattern: each place x allows a random family of sets of places left of it."""
    rng = random.Random(seed)
    families = {}
    for x in range(1, n + 1):
        subsets = [s for k in range(min(x - 1, 3) + 1) for s in combinations(range(x - 1, 0, -1), k)]
        families[x] = [s for s in subsets if rng.random() < 0.4] or [()]
    return lambda x: families[x]


@pytest.mark.parametrize("seed", range(4))
def test_coin_sum_theorem_for_random_rules(seed):
    game = TurningGame(random_rule(seed, 10), 10)
    assert agree_with_search(game, rows(10)) == 1024


def test_coin_sum_theorem_on_random_long_rows():
    rng = random.Random(7)
    for game in (Ruler(13), TurningGame(random_rule(99, 12), 12)):
        positions = [tuple(rng.randint(0, 1) for _ in range(game.length)) for _ in range(20)]
        assert agree_with_search(game, positions) == 20


def test_wrong_values_are_caught():
    # The searcher must notice a plausible slip: mock turtles read with 0-based places (2x, 2x+1 rule shifted)
    class Shifted(MockTurtles):
        def value(self, x):
            m = x
            return 2 * m + 1 - (m.bit_count() & 1)

    assert agree_with_search(Shifted(), rows(8)) < 256

    class Evil(MockTurtles):
        def value(self, x):
            return [m for m in range(64) if m.bit_count() % 2 == 0][x]

    assert agree_with_search(Evil(), rows(8)) < 256


# ---------------------------------------------------------------- nim multiplication


def test_known_products():
    assert [nim_product(2, b) for b in range(4)] == [0, 2, 3, 1]
    assert nim_product(4, 4) == 6
    assert nim_product(16, 16) == 24
    assert nim_product(256, 256) == 384
    assert nim_product(3, 7) == nim_product(7, 3)
    # below a Fermat 2-power F, F ⊗ x is the ordinary product
    assert all(nim_product(16, x) == 16 * x for x in range(16))
    assert all(nim_product(256, x) == 256 * x for x in range(256))


def test_fermat_rule_matches_the_mex_definition():
    table = nim_product_by_mex(32)
    assert all(table[a][b] == nim_product(a, b) for a in range(32) for b in range(32))


@pytest.mark.parametrize("size", [4, 16, 256])
def test_field_laws(size):
    laws = field_laws(size)
    assert set(laws) == {
        "closure",
        "commutativity",
        "identity 1",
        "associativity",
        "distributivity",
        "no zero divisors",
        "inverses",
    }
    for law, (held, checked) in laws.items():
        assert held == checked, law
    assert laws["associativity"][1] == size**3


def test_sixteen_bit_products():
    rng = random.Random(3)
    for _ in range(200):
        a, b, c = (rng.randrange(1 << 16) for _ in range(3))
        assert nim_product(a, b) < 1 << 16
        assert nim_product(a, b) == nim_product(b, a)
        assert nim_product(nim_product(a, b), c) == nim_product(a, nim_product(b, c))
        assert nim_product(a, b ^ c) == nim_product(a, b) ^ nim_product(a, c)
        if a:
            assert nim_product(a, nim_inverse(a)) == 1


def test_inverses_and_powers():
    assert all(nim_product(a, nim_inverse(a)) == 1 for a in range(1, 256))
    assert nim_inverse(1) == 1 and nim_inverse(2) == 3
    assert [field_size(a) for a in (0, 1, 2, 3, 4, 15, 16, 255, 256)] == [2, 2, 4, 4, 16, 16, 256, 256, 65536]
    assert nim_power(2, 3) == 1  # {0, 1, 2, 3} is the field of 4 elements: 2 has order 3
    assert nim_power(5, 0) == 1


def clmul(a, b):
    """Carry-less (polynomial) multiplication over GF(2)."""
    r = 0
    while b:
        if b & 1:
            r ^= a
        a, b = a << 1, b >> 1
    return r


def gf16(a, b):
    """GF(16) as polynomials mod x^4 + x + 1: a field on 0..15, but not nim multiplication."""
    r = clmul(a, b)
    for bit in range(7, 3, -1):
        if r >> bit & 1:
            r ^= 0b10011 << (bit - 4)
    return r


def is_nim_multiplication(product, n=16):
    """The field laws on 0..n−1 and the mex definition on a 16 × 16 corner: what the tests demand."""
    laws = field_laws(n, product)
    table = nim_product_by_mex(16)
    return all(h == c for h, c in laws.values()) and all(
        table[a][b] == product(a, b) for a in range(16) for b in range(16)
    )


@pytest.mark.parametrize(
    "wrong",
    [lambda a, b: a * b % 17 % 16, lambda a, b: a ^ b, clmul, gf16, lambda a, b: a * b],
    ids=["ordinary mod 17", "xor only", "carry-less", "GF(16) polynomials", "ordinary"],
)
def test_plausible_wrong_products_fail(wrong):
    assert is_nim_multiplication(nim_product)
    assert not is_nim_multiplication(wrong)


def test_gf16_is_a_field_so_the_mex_check_is_needed():
    # Why the tests check the definition too: a different field passes every field law
    assert all(h == c for h, c in field_laws(16, gf16).values())
    assert gf16(2, 2) == 4 != nim_product(2, 2)


# ---------------------------------------------------------------- the Tartan theorem


def boards(rows_, columns):
    cells = [(i, j) for i in range(1, rows_ + 1) for j in range(1, columns + 1)]
    return [
        frozenset(c for c, bit in zip(cells, bits, strict=True) if bit) for bits in product((0, 1), repeat=len(cells))
    ]


@pytest.mark.parametrize(
    ("game", "size"),
    [
        (TurningCorners(3, 4), (3, 4)),
        (ProductGame(Ruler(3), Ruler(4), 3, 4), (3, 4)),
        (ProductGame(MockTurtles(3), Ruler(3), 3, 3), (3, 3)),
        (ProductGame(TurningTurtles(3), MockTurtles(3), 3, 3), (3, 3)),
    ],
    ids=["corners 3x4", "rugs 3x4", "mock x ruler 3x3", "turtles x mock 3x3"],
)
def test_tartan_theorem_on_small_boards(game, size):
    positions = boards(*size)
    assert agree_with_search(game, positions) == len(positions)


def test_tartan_theorem_single_cells_of_corners_4x5():
    game = TurningCorners(4, 5)
    for i in range(1, 5):
        for j in range(1, 6):
            assert grundy_value(game.options, frozenset({(i, j)})) == nim_product(i - 1, j - 1) == game.value(i, j)


def test_wrong_tartan_rule_is_caught():
    class XorCorners(TurningCorners):
        def value(self, i, j):
            return (i - 1) ^ (j - 1)

    class TimesCorners(TurningCorners):
        def value(self, i, j):
            return (i - 1) * (j - 1)

    positions = boards(3, 4)
    assert agree_with_search(XorCorners(3, 4), positions) < len(positions)
    assert agree_with_search(TimesCorners(3, 4), positions) < len(positions)


# ---------------------------------------------------------------- protocol and moves


def test_protocol():
    for game in (MockTurtles(), Ruler(), TurningTurtles(), Twins(), TurningCorners()):
        assert isinstance(game, Reducible) and isinstance(game, Playable)
    assert MockTurtles(12).widget == "mock-turtles" and Ruler().widget == "ruler"
    assert TurningCorners().widget == "corners"
    assert MockTurtles(12).widget_params() == {"length": 12}
    assert TurningCorners(4, 5).widget_params() == {"rows": 4, "columns": 5}


def test_moves_and_apply():
    game = MockTurtles(5)
    position = (0, 1, 0, 1, 0)
    assert game.moves(position) == [(4,), (4, 3), (4, 2), (4, 1), (4, 3, 2), (4, 3, 1), (4, 2, 1), (2,), (2, 1)]
    assert game.apply(position, (4, 3, 1)) == (1, 1, 1, 0, 0)
    assert game.apply(position, [1, 4]) == (1, 1, 0, 0, 0)  # any order; the rightmost is the one turned down
    assert Ruler().moves((1, 0, 1)) == [(3,), (3, 2), (3, 2, 1), (1,)]
    corners = TurningCorners(3, 3)
    assert corners.apply({(3, 3)}, ((3, 1), (3, 2))) == frozenset({(1, 2), (1, 3), (3, 2)})
    assert len(corners.moves(corners.start())) == sum((i - 1) * (j - 1) for i in range(1, 4) for j in range(1, 4))


def test_json_round_trip():
    game = MockTurtles(6)
    assert game.encode((1, 0, 1)) == [1, 0, 1] and game.decode([1, 0, 1]) == (1, 0, 1)
    assert game.encode_move((5, 2)) == [4, 1]  # the page's data-move: indices from 0
    assert game.decode_move([4, 1]) == (5, 2)
    assert TurningTurtles(7).widget_params() == {"length": 7, "twins": False}
    assert Twins(7).widget_params() == {"length": 7, "twins": True}
    assert TurningTurtles().describe((1, 1), (2, 1)) == "turn coin 2, flip coin 1"
    corners = TurningCorners(4, 4)
    position = frozenset({(2, 3), (1, 1)})
    assert corners.encode(position) == [[1, 1], [2, 3]]
    assert corners.decode(corners.encode(position)) == position
    assert corners.decode_move(corners.encode_move(((3, 1), (4, 2)))) == ((3, 1), (4, 2))
    assert corners.describe(position, ((3, 1), (4, 2))) == "turn the corners of rows 1–3, columns 2–4"


@pytest.mark.parametrize(
    ("call", "error", "words"),
    [
        (lambda: check_row("101"), TypeError, "position"),
        (lambda: check_row([1, 2]), ValueError, "position[1]"),
        (lambda: check_row([1, True]), TypeError, "position[1]"),
        (lambda: MockTurtles(0), ValueError, "length"),
        (lambda: MockTurtles(4).decode([1, 1, 1, 1, 1]), ValueError, "at most 4"),
        (lambda: MockTurtles().apply((1, 0, 1), (2,)), ValueError, "tails"),
        (lambda: MockTurtles().apply((1, 0, 1, 1, 1), (5, 4, 3, 2)), ValueError, "not a legal"),
        (lambda: Ruler().apply((1, 0, 1, 1), (4, 2)), ValueError, "not a legal"),
        (lambda: Ruler().apply((1, 0, 1), (5,)), ValueError, "row has 3"),
        (lambda: Ruler().apply((1, 0, 1), (3, 3)), ValueError, "not a legal"),
        (lambda: Ruler().apply((1, 0, 1), (3, 0)), ValueError, "move[1]"),
        (lambda: MockTurtles().decode_move([3, -1]), ValueError, "move[1]"),
        (lambda: MockTurtles().decode_move("3"), TypeError, "indices"),
        (lambda: TurningGame(42), TypeError, "rule"),
        (lambda: TurningGame(lambda x: [(x,)]).values(3), ValueError, "rule(1)"),
        (lambda: single_coin_values(None, 3), TypeError, "rule"),
        (lambda: mock_turtles(-1), ValueError, "n"),
        (lambda: nim_product(-1, 2), ValueError, "a"),
        (lambda: nim_product(2, 1.5), TypeError, "b"),
        (lambda: nim_inverse(0), ValueError, "a"),
        (lambda: field_laws(1), ValueError, "size"),
        (lambda: ProductGame(Ruler(), "ruler"), TypeError, "second"),
        (lambda: TurningCorners(3, 3).check({(4, 1)}), ValueError, "off the 3 × 3 board"),
        (lambda: TurningCorners(3, 3).check({(1,)}), TypeError, "position[0]"),
        (lambda: TurningCorners(3, 3).apply({(3, 3)}, ((3, 1), (2, 1))), ValueError, "far corner"),
        (lambda: TurningCorners(3, 3).apply({(3, 3)}, ((3,), (3, 1))), ValueError, "not a legal"),
        (lambda: TurningCorners(3, 3).apply({(3, 3)}, (3, 3)), TypeError, "rows"),
    ],
)
def test_bad_input(call, error, words):
    with pytest.raises(error, match=None) as info:
        call()
    assert words in str(info.value)


@pytest.mark.parametrize(
    ("game", "positions"),
    [
        (MockTurtles(9), rows(9)),
        (Ruler(9), rows(9)),
        (TurningTurtles(9), rows(9)),
        (TurningCorners(3, 4), boards(3, 4)),
        (ProductGame(Ruler(3), MockTurtles(3), 3, 3), boards(3, 3)),
    ],
    ids=["mock-turtles", "ruler", "turtles", "corners", "ruler x mock"],
)
def test_winning_move_reaches_a_p_position(game, positions):
    known: dict = {}
    for p in positions:
        move = game.winning_move(p)
        if game.grundy(p) == 0:
            assert move is None
        else:
            after = game.apply(p, move)
            assert grundy_value(game.options, after, known=known) == 0, (p, move)


# ---------------------------------------------------------------- the fast computations (issue #17)


@pytest.mark.parametrize(
    ("fast", "rule"), [(ruler, ruler_rule), (mock_turtles, mock_turtles_rule)], ids=["ruler", "mock-turtles"]
)
def test_fast_single_coin_values_equal_the_plain_mex(fast, rule):
    # single_coin_values tries every legal set of coins (cubic for Mock Turtles): the independent check
    assert fast(60) == single_coin_values(rule, 60)
    for n in (0, 1, 2, 7, 33):
        assert fast(n) == single_coin_values(rule, n)


def test_fast_single_coin_values_at_larger_sizes():
    assert ruler(5000) == [lowbit(x) for x in range(1, 5001)]
    assert mock_turtles(3000) == odious(3000)


@pytest.mark.parametrize(
    ("call", "limit"),
    [
        (lambda: ruler(MAX_RULER + 1), "MAX_RULER = 1,000,000"),
        (lambda: mock_turtles(10**9), "MAX_MOCK_TURTLES = 50,000"),
    ],
    ids=["ruler", "mock-turtles"],
)
def test_sizes_past_the_limit_are_refused_at_once(call, limit):
    with pytest.raises(ValueError, match=limit):
        call()


# ---------------------------------------------------------------- one heads coin first (issue 23)


def heads_turned(position, move):
    """The heads coins (cells) a move turns: the components it changes, by the coin-sum theorem."""
    if isinstance(position, frozenset):
        return [(a, b) for a in move[0] for b in move[1] if (a, b) in position]
    return [x for x in move if position[x - 1]]


def first_lone_winner(game, position):
    """The move winning_move must name when a one-heads-coin move wins, found by listing every move:
    far coin (cell) among those whose value has the XOR's top bit, in order, then the others; each
    coin's moves in ``moves`` order. None when no such move wins."""
    total = game.grundy(position)
    top = 1 << (total.bit_length() - 1)
    if isinstance(position, frozenset):
        heads, value, far = sorted(position), (lambda c: game.value(*c)), (lambda m: (m[0][0], m[1][0]))
    else:
        heads = [x for x in range(1, len(position) + 1) if position[x - 1]]
        value, far = game.value, (lambda m: m[0])
    moves = zip(game.moves(position), game.options(position), strict=True)
    winners = [m for m, after in moves if game.grundy(after) == 0]
    lone = [m for m in winners if len(heads_turned(position, m)) == 1]
    for c in [c for c in heads if value(c) & top] + [c for c in heads if not value(c) & top]:
        for m in lone:
            if far(m) == c:
                return m, len(winners) > len(lone)
    return None, False


@pytest.mark.parametrize(
    ("game", "positions"),
    [
        (MockTurtles(8), rows(8)),
        (Ruler(8), rows(8)),
        (TurningTurtles(8), rows(8)),
        (Twins(8), rows(8)),
        (TurningCorners(3, 4), boards(3, 4)),
        (ProductGame(Ruler(3), MockTurtles(3), 3, 3), boards(3, 3)),
    ],
    ids=["mock-turtles", "ruler", "turtles", "twins", "corners", "ruler x mock"],
)
def test_winning_move_turns_one_heads_coin_when_that_wins(game, positions):
    # "Where a one-heap winning move exists, name it before a multi-heap one": here a heads coin
    # (cell) is a heap. The page plays the same move (tests/test_js_turning.py compares them).
    lone = mixed = 0
    for p in positions:
        if game.grundy(p) == 0:
            continue
        move = game.winning_move(p)
        expected, others_win = first_lone_winner(game, p)
        if expected is None:
            assert len(heads_turned(p, move)) > 1 and game.grundy(game.apply(p, move)) == 0, (p, move)
            continue
        assert move == expected, (p, move, expected)
        lone += 1
        mixed += others_win
    # the check checks something: positions where a move turning two or more heads coins wins too
    assert lone > 50 and mixed > 10, (lone, mixed)


@pytest.mark.parametrize("twins", [False, True])
def test_the_board_game_and_the_coin_rules_name_the_same_move(twins):
    """Chapter 9's board (nimlib.boards, played through play.winning_move's components: one component first)
    and the coin-sum rules (nimlib.coins, one heads coin first) name the same move on every row of 8 coins."""
    from itertools import product

    from nimlib import boards, coins, play

    board = boards.TurningTurtles(twins=twins)
    rules = coins.Twins(length=8) if twins else coins.TurningTurtles(length=8)
    named = 0
    for row in product((0, 1), repeat=8):
        move = play.winning_move(board, row)
        expected = rules.winning_move(row)
        assert (move is None) == (expected is None), row
        if move is not None:
            assert board.apply(row, move) == rules.apply(row, expected), (row, move, expected)
            named += 1
    assert named > 200
