"""The exhaustive searcher: who wins, found by looking at every line of play.

It knows nothing about XOR, binary or Grundy values. Given only a game's
rules (a ``Game``: its moves; or a plain successors function) it labels positions: a position is a P-position
(the player to move loses) when every move leads to an N-position, and an
N-position when some move leads to a P-position. Terminal positions are P in
normal play (no move, you lose) and N in misère play (the opponent just made
the last move and lost). Every theorem in the book is checked against it.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Iterator

from ._check import check_bool, check_dict, check_hashable, check_int
from .game import Game, as_game, successors_of

# The most positions one call labels before it stops with a ValueError (about a gigabyte of memo)
MAX_POSITIONS = 5_000_000


def solve(
    game: Game,
    start: Hashable,
    *,
    misere: bool | None = None,
    known: dict[Hashable, bool] | None = None,
    limit: int = MAX_POSITIONS,
) -> dict[Hashable, bool]:
    """Label ``start`` and the positions its search visits: True for P-positions, False for N.

    ``game`` is a rules object; the ending convention is its ``misere``. A
    plain successors function is accepted too (then ``misere`` says the
    convention, normal play by default).

    The search stops looking at a position's moves once one reaches a
    P-position, so not every reachable position gets a label. Pass the same
    ``known`` dict to several calls (same game, same ``misere``) to share the
    work; it is filled in and returned.

    An explicit stack replaces recursion, so long games (a heap of 10,000
    stones with one-stone moves) do not hit Python's recursion limit. The game
    must be finite; a position that can reach itself raises ``ValueError``,
    and so does a search that would label more than ``limit`` positions.

    >>> from nimlib.nim import NIM, successors
    >>> solve(NIM, (1, 2))[(1, 2)], solve(successors, (2, 2))[(2, 2)]
    (False, True)
    """
    game = as_game(game, misere=misere)
    misere = game.misere
    is_p: dict[Hashable, bool] = {} if known is None else check_dict(known, "known")
    start = check_hashable(game.check(start), "start")
    limit = check_int(limit, "limit", minimum=1)
    if start in is_p:
        return is_p
    budget = limit
    successors = successors_of(game)
    is_p_get = is_p.get
    on_path = {start}
    # A frame: [position, its options iterator, a P-option seen?, any move seen?]
    stack: list[list] = [[start, iter(successors(start)), False, False]]
    while stack:
        frame = stack[-1]
        if not frame[2]:
            pushed = False
            for child in frame[1]:
                frame[3] = True
                label = is_p_get(child)
                if label is None:
                    if child in on_path:
                        raise ValueError(f"the game is not finite: position {child!r} can reach itself")
                    budget -= 1
                    if budget <= 0:
                        raise ValueError(f"the search from {start!r} would label more than limit={limit:,} positions")
                    on_path.add(child)
                    stack.append([child, iter(successors(child)), False, False])
                    pushed = True
                    break
                if label:
                    frame[2] = True
                    break
            if pushed:
                continue
        stack.pop()
        on_path.discard(frame[0])
        # No move at all: normal play loses, misère play wins
        value = not frame[2] and (frame[3] or not misere)
        is_p[frame[0]] = value
        if value and stack:
            stack[-1][2] = True
    return is_p


def is_p_position(game: Game, position: Hashable, *, misere: bool | None = None) -> bool:
    """True when the player to move at ``position`` loses with best play, by exhaustive search.

    >>> from nimlib.nim import successors
    >>> is_p_position(successors, (1, 2, 3)), is_p_position(successors, (3, 4, 5))
    (True, False)
    """
    game = as_game(game, misere=misere)
    position = game.check(position)
    return solve(game, position)[position]


def outcome(game: Game, position: Hashable, *, misere: bool | None = None) -> str:
    """``"P"`` if the previous player wins (player to move loses), else ``"N"``."""
    return "P" if is_p_position(game, position, misere=misere) else "N"


def retrograde(game: Game, *starts: Hashable) -> dict[Hashable, str]:
    """Label every position reachable from ``starts`` "P", "N" or "D" (draw), for games that may loop.

    Retrograde analysis, the way endgame tables are built: positions with no
    move are P; a position with a move to a P-position is N; a position all
    of whose moves lead to N-positions is P; whatever is left can be
    prolonged forever by both sides and is a draw. The game may be partizan:
    put whose turn it is into the position (as ``boards.Northcott`` does).

    >>> labels = retrograde(lambda n: [(n + 1) % 3], 0)   # a 3-cycle: nobody can ever win
    >>> sorted(labels.values())
    ['D', 'D', 'D']
    """
    game = as_game(game)
    if game.misere:
        raise ValueError("retrograde labels normal play only (no move: the player to move loses)")
    successors = successors_of(game)
    children: dict[Hashable, list[Hashable]] = {}
    todo = [check_hashable(game.check(s), f"starts[{i}]") for i, s in enumerate(starts)]
    while todo:
        p = todo.pop()
        if p in children:
            continue
        children[p] = list(dict.fromkeys(successors(p)))
        todo.extend(q for q in children[p] if q not in children)
    parents: dict[Hashable, list[Hashable]] = {p: [] for p in children}
    for p, qs in children.items():
        for q in qs:
            parents[q].append(p)
    unresolved = {p: len(qs) for p, qs in children.items()}
    label: dict[Hashable, str] = {}
    queue = [p for p, n in unresolved.items() if n == 0]
    for p in queue:
        label[p] = "P"
    while queue:
        q = queue.pop()
        for p in parents[q]:
            if p in label:
                continue
            if label[q] == "P":
                label[p] = "N"
                queue.append(p)
            else:
                unresolved[p] -= 1
                if unresolved[p] == 0:
                    label[p] = "P"
                    queue.append(p)
    return {p: label.get(p, "D") for p in children}


def partition_count(tokens: int) -> int:
    """How many sums of heaps (multisets of positive sizes) have at most ``tokens`` tokens in all, the empty one too."""
    tokens = check_int(tokens, "tokens")
    ways = [1] + [0] * tokens
    for part in range(1, tokens + 1):
        for total in range(part, tokens + 1):
            ways[total] += ways[total - part]
    return sum(ways)


def every_heap_sum(
    options: Callable[[int], Iterable[tuple[int, ...]]], tokens: int, *, misere: bool = True
) -> dict[tuple[int, ...], bool]:
    """Label EVERY sum of heaps with at most ``tokens`` tokens: True for P-positions, False for N.

    ``options(h)`` lists the moves from one heap of h, each as the heaps it
    leaves (``HeapGame.options``). Sums are keyed by their heap sizes in
    non-increasing order, empty heaps dropped, and labelled smallest total
    first, so each option is labelled before the sums that reach it: the
    check of a misère quotient against search on all small sums
    (tests/test_quotient_search.py, tools/check_quotient_search.py). Refused
    up front past ``MAX_POSITIONS`` sums (58 tokens: 4,841,061 non-empty sums).
    """
    if not callable(options):
        raise TypeError(f"options must be a function of a heap size, such as HeapGame.options, got {options!r}")
    tokens = check_int(tokens, "tokens")
    misere = check_bool(misere, "misere")
    count = partition_count(tokens)
    if count > MAX_POSITIONS:
        raise ValueError(
            f"tokens = {tokens} gives {count:,} sums, more than MAX_POSITIONS = {MAX_POSITIONS:,}: ask for fewer tokens"
        )
    moves = {
        h: sorted({tuple(sorted((x for x in o if x), reverse=True)) for o in options(h)}) for h in range(tokens + 1)
    }
    label: dict[tuple[int, ...], bool] = {(): not misere}
    for total in range(1, tokens + 1):
        for pos in _sums(total, total):
            has_move = found_p = False
            for i, h in enumerate(pos):
                if i and pos[i - 1] == h:
                    continue  # the same heap size again: the same options
                rest = pos[:i] + pos[i + 1 :]
                for left in moves[h]:
                    has_move = True
                    if label[_key(rest + left)]:
                        found_p = True
                        break
                if found_p:
                    break
            # no move: P in normal play, N in misère play; else P exactly when no option is P
            label[pos] = (not misere) if not has_move else not found_p
    return label


def _key(heaps: Iterable[int]) -> tuple[int, ...]:
    """A sum's key: its non-empty heaps, largest first."""
    return tuple(sorted((h for h in heaps if h), reverse=True))


def _sums(total: int, largest: int) -> Iterator[tuple[int, ...]]:
    """Every multiset of positive sizes with this total and parts <= ``largest``, non-increasing."""
    if total == 0:
        yield ()
        return
    for first in range(min(total, largest), 0, -1):
        for rest in _sums(total - first, first):
            yield (first, *rest)
