"""Shared fixtures: small positions enumerated once, and solved tables from the searcher."""

from __future__ import annotations

import pytest
from hypothesis import settings

from nimlib.nim import positions_up_to

# Property tests run a fixed number of examples, derandomized, so CI is repeatable
settings.register_profile("ci", max_examples=150, derandomize=True, deadline=None)
settings.load_profile("ci")


def small_positions(heaps: int = 4, size: int = 7) -> list[tuple[int, ...]]:
    """Every position of at most ``heaps`` heaps of at most ``size`` stones, up to order."""
    return positions_up_to(heaps, size)


@pytest.fixture(scope="session")
def positions() -> list[tuple[int, ...]]:
    return small_positions()
