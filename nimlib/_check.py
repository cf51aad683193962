"""Argument validation shared by every public function.

Errors name the argument and the offending value, e.g.
``position[2] must be a non-negative int, got -1``, so a reader who typed a
bad position in a notebook sees at once what to fix.
"""

from __future__ import annotations

import numbers
from collections.abc import Iterable, Mapping, Set, Sized

from .types import Move, Position

# ---------------------------------------------------------------- scalars


def check_int(value: object, name: str, *, minimum: int | None = 0) -> int:
    """Return ``value`` as an int, or raise naming ``name``.

    Bools, floats, strings and None are rejected with ``TypeError`` (``True``
    is an int to Python, but never a heap size to a reader); numpy integers
    are accepted and converted.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral):
        raise TypeError(f"{name} must be an int, got {value!r} ({type(value).__name__})")
    value = int(value)
    if minimum is not None and value < minimum:
        if minimum == 0:
            raise ValueError(f"{name} must be a non-negative int, got {value}")
        raise ValueError(f"{name} must be an int >= {minimum}, got {value}")
    return value


def check_str(value: object, name: str) -> str:
    """Return ``value`` if it is a str (a game's name, a widget's name), else raise naming ``name``."""
    if not isinstance(value, str):
        raise TypeError(f"{name} must be a str, got {value!r} ({type(value).__name__})")
    return value


def check_int_set(
    value: object, name: str, *, minimum: int | None = 0, max_count: int | None = None, limit: str = "max_count"
) -> tuple[int, ...]:
    """Return a set of ints (any iterable of them) as a sorted tuple without repeats, or raise naming ``name``.

    A dict is refused, not read as the set of its keys (``{1: 2}`` is not
    {1, 2} nor {1}), and so are strings, whose characters are not numbers.
    With ``max_count``, more numbers than that are refused (a sized iterable,
    such as ``range(10**8)``, before any is read; ``limit`` names the constant).

    >>> check_int_set([3, 1, 3], "allowed")
    (1, 3)
    """
    if isinstance(value, (str, bytes, bytearray, Mapping)) or not isinstance(value, Iterable):
        raise TypeError(f"{name} must be a set (or list) of ints, got {value!r} ({type(value).__name__})")
    if max_count is None:
        return tuple(sorted({check_int(v, f"{name}[...]", minimum=minimum) for v in value}))
    size = len(value) if isinstance(value, Sized) else None
    out: set[int] = set()
    for i, v in enumerate(value):
        if i >= max_count or (size is not None and size > max_count):
            count = f"{size:,}" if size is not None else f"more than {max_count:,}"
            raise ValueError(f"{name} holds {count} numbers: the limit is {limit} = {max_count:,}")
        out.add(check_int(v, f"{name}[{i}]", minimum=minimum))
    return tuple(sorted(out))


def check_k(k: object) -> int:
    """Return Moore's ``k`` (the most heaps one move may reduce), at least 1."""
    return check_int(k, "k", minimum=1)


# ---------------------------------------------------------------- positions


def check_position(position: object, name: str = "position", *, allow_empty: bool = True) -> Position:
    """Return ``position`` as a tuple of non-negative ints, or raise.

    >>> check_position([3, 4, 5])
    (3, 4, 5)
    """
    if isinstance(position, (str, bytes, bytearray, Mapping, Set)) or not isinstance(position, Iterable):
        raise TypeError(f"{name} must be a sequence of non-negative ints, got {position!r} ({type(position).__name__})")
    heaps = tuple(position)
    if not heaps and not allow_empty:
        raise ValueError(f"{name} must not be empty")
    return tuple(check_int(h, f"{name}[{i}]") for i, h in enumerate(heaps))


def check_move(position: Position, move: object, name: str = "move") -> Move:
    """Return a legal Nim move ``(heap_index, new_size)`` for ``position``, or raise.

    A move must name an existing heap and make it strictly smaller.
    """
    if not isinstance(move, tuple | list) or len(move) != 2:
        raise TypeError(f"{name} must be a pair (heap_index, new_size), got {move!r}")
    index = check_int(move[0], f"{name}[0] (heap index)")
    new_size = check_int(move[1], f"{name}[1] (new size)")
    if index >= len(position):
        raise ValueError(f"{name}[0] (heap index) must be < {len(position)}, got {index}")
    if new_size >= position[index]:
        raise ValueError(f"{name} must make heap {index} smaller: it has {position[index]}, new size {new_size}")
    return index, new_size


def check_bool(value: object, name: str) -> bool:
    """Return ``value`` if it is a bool; a string such as ``'False'`` is not (it would be true)."""
    if not isinstance(value, bool):
        raise TypeError(f"{name} must be True or False, got {value!r} ({type(value).__name__})")
    return value


def check_size(count: int, limit: int, what: str) -> None:
    """Refuse up front a computation of ``count`` items when it is above ``limit``, saying the limit."""
    if count > limit:
        raise ValueError(f"{what}: {count:,} is more than the limit of {limit:,} this function accepts")


def check_dict(value: object, name: str) -> dict:
    """Return ``value`` if it is a dict (memo tables passed in to share work), else raise."""
    if not isinstance(value, dict):
        raise TypeError(f"{name} must be a dict (or None), got {value!r} ({type(value).__name__})")
    return value


def check_hashable(position: object, name: str = "position") -> object:
    """Return ``position`` if it can be a dict key (searchers memoize positions), else raise."""
    try:
        hash(position)
    except TypeError:
        raise TypeError(f"{name} must be hashable (tuples, not lists), got {position!r}") from None
    return position
