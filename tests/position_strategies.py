"""Hypothesis strategies for the analysis tests: cards, build piles, hands, discard piles and dealt games."""

from __future__ import annotations

from hypothesis import strategies as st

from tutor.engine.cards import SKIP_BO
from tutor.engine.state import Phase

from analysis_positions import midgame

CARDS = st.sampled_from([SKIP_BO, *range(1, 13)])


def build_piles(piles: int = 4):
    """The build piles' tops (None for an empty slot), below 12 so that none is complete."""
    return st.lists(st.one_of(st.none(), st.integers(1, 11)), min_size=piles, max_size=piles).map(tuple)


def hands(min_size: int = 1, max_size: int = 5):
    """A hand of up to five cards."""
    return st.lists(CARDS, min_size=min_size, max_size=max_size).map(tuple)


def discard_piles(piles: int = 4, min_size: int = 0, max_size: int = 2):
    """Discard piles of a few cards each, bottom to top."""
    return st.lists(st.lists(CARDS, min_size=min_size, max_size=max_size).map(tuple),
                    min_size=piles, max_size=piles).map(tuple)


def dealt_games(seats: list[tuple[int, bool]], stock: int = 6, turns=st.sampled_from([0, 8, 16])):
    """A round dealt from a seed and played ``turns`` greedy turns in, still in play; ``seats`` lists the
    (players, teams) to choose from."""
    return st.builds(lambda seed, played, table: midgame(seed, played, players=table[0], stock=stock, teams=table[1]),
                     st.integers(0, 10_000), turns, st.sampled_from(seats)).filter(lambda state: state.phase is Phase.PLAY)
