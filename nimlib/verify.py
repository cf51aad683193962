"""Chapter-level checks: one line in a chapter, a printed count the reader sees, an AssertionError on a mismatch.

Each function checks a claim against the exhaustive searcher (which knows
nothing of XOR or Grundy values) on every position it is given, prints what
it checked, and returns the count.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Iterable, Mapping

from .game import Game, as_game
from .grundy import component_value, grundy_value
from .play import best_move
from .search import solve


def _positions(game: Game, positions: Iterable[Hashable]) -> list[Hashable]:
    if isinstance(positions, (str, bytes, Mapping)) or not isinstance(positions, Iterable):
        raise TypeError(f"positions must be an iterable of positions (not a dict), got {positions!r}")
    return [game.check(p) for p in positions]


def formula_agrees(
    game: Game, formula: Callable[[Hashable], bool], positions: Iterable[Hashable], *, what: str = "formula"
) -> int:
    """``formula(position)`` ("is it a P-position?") equals the searcher's label on every position; the count.

    >>> from nimlib.nim import NIM, nim_sum, positions_up_to
    >>> formula_agrees(NIM, lambda p: nim_sum(p) == 0, positions_up_to(3, 3), what="Bouton's rule")
    Bouton's rule agrees with search on 20 of 20 positions of Nim
    20
    """
    game = as_game(game)
    if not callable(formula):
        raise TypeError(f"formula must be a function from a position to True (P) or False (N), got {formula!r}")
    known: dict[Hashable, bool] = {}
    checked = _positions(game, positions)
    wrong = [p for p in checked if bool(formula(p)) != solve(game, p, known=known)[p]]
    if wrong:
        raise AssertionError(
            f"{what} disagrees with search on {len(wrong)} of {len(checked)} positions, e.g. {wrong[0]}"
        )
    print(f"{what} agrees with search on {len(checked)} of {len(checked)} positions of {game.name}")
    return len(checked)


def sum_rule_holds(game: Game, positions: Iterable[Hashable]) -> int:
    """The Grundy value by search (mex over the game tree) equals the XOR of the components' values; the count.

    >>> from nimlib.rulesets import kayles
    >>> sum_rule_holds(kayles, [(1, 2), (3, 4, 5), (6,)])
    the value equals the XOR of the components' values on 3 of 3 positions of octal('0.77')
    3
    """
    game = as_game(game)
    if getattr(game, "components", None) is None:
        raise TypeError(f"game must list its components (a Reducible game), got {game!r}")
    known: dict[Hashable, int] = {}
    checked = _positions(game, positions)
    wrong = [p for p in checked if grundy_value(game, p, known=known) != component_value(game, p)]
    if wrong:
        raise AssertionError(
            f"the sum rule fails on {len(wrong)} of {len(checked)} positions of {game.name}, e.g. {wrong[0]}"
        )
    print(
        f"the value equals the XOR of the components' values on {len(checked)} of {len(checked)} positions "
        f"of {game.name}"
    )
    return len(checked)


def best_move_wins(game: Game, positions: Iterable[Hashable]) -> int:
    """From every N-position among ``positions`` ``best_move`` reaches a P-position (by search); the count checked.

    >>> from nimlib.nim import NIM, positions_up_to
    >>> best_move_wins(NIM, positions_up_to(3, 3))
    best_move wins from 15 of 15 N-positions (of 20 positions of Nim)
    20
    """
    game = as_game(game)
    known: dict[Hashable, bool] = {}
    checked = _positions(game, positions)
    n_positions = 0
    for p in checked:
        if solve(game, p, known=known)[p] or next(iter(game.moves(p)), None) is None:
            continue  # P-positions, and the misère end (no move left: the player to move has already won)
        n_positions += 1
        move = best_move(game, p)
        after = None if move is None else game.apply(p, move)
        if after is None or not solve(game, after, known=known)[after]:
            raise AssertionError(
                f"best_move plays {move!r} from the N-position {p!r} of {game.name}: not to a P-position"
            )
    print(
        f"best_move wins from {n_positions} of {n_positions} N-positions (of {len(checked)} positions of {game.name})"
    )
    return len(checked)


def winning_moves_agree(
    game: Game, moves_of: Callable[[Hashable], Iterable[Hashable]], positions: Iterable[Hashable], *, what: str
) -> int:
    """``moves_of(position)`` lists exactly the moves the searcher finds winning, on every position; the count.

    Moves are compared by the positions they leave, so ``moves_of`` may use the readers' form of a move
    (Nim's ``(heap, new_size)``) where the rules object uses its own.

    >>> from nimlib.nim import NIM, positions_up_to, winning_moves
    >>> winning_moves_agree(NIM, winning_moves, positions_up_to(3, 3), what="winning_moves")
    winning_moves lists exactly the winning moves on 20 of 20 positions of Nim
    20
    """
    game = as_game(game)
    if not callable(moves_of):
        raise TypeError(f"moves_of must be a function from a position to its winning moves, got {moves_of!r}")
    known: dict[Hashable, bool] = {}
    checked = _positions(game, positions)
    for p in checked:
        listed = sorted(game.apply(p, m) for m in moves_of(p))
        searched = sorted(a for a in (game.apply(p, m) for m in game.moves(p)) if solve(game, a, known=known)[a])
        if listed != searched:
            raise AssertionError(f"{what} from {p!r} leaves {listed}, but the winning moves leave {searched}")
    print(f"{what} lists exactly the winning moves on {len(checked)} of {len(checked)} positions of {game.name}")
    return len(checked)
