"""How good a position is for the side to move, once its turn is over.

The value is a sum of named parts, each a count times a weight (see
``Weights``; docs/analysis.md explains the chosen numbers). Keeping the parts
apart lets a verdict say *why* one turn is worse than another.

Cards here are plain ints as in ``cards`` (``SKIP_BO`` = 0) with ``UNKNOWN``
(-1) for a card the mover cannot see.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, fields

from .cards import SKIP_BO
from .state import COMPLETE_AT

UNKNOWN = -1
WIN = 10_000.0

# parts of the value; each maps to the principle that speaks about it
PARTS = ("stock", "reach", "wilds", "discards", "hand", "opponents")


@dataclass(frozen=True)
class Weights:
    """The weights of the evaluation, tuned by ``benchmarks/tune_weights.py``."""

    stock_card: float = 10.0  # each card still in the side's stocks (subtracted)
    reach_0: float = 3.0  # own stock top playable on a build pile as it stands
    reach_1: float = 1.5  # one card short
    reach_2: float = 0.5  # two cards short
    wild: float = 2.5  # each SB kept in hand or on a discard top
    fresh_card: float = 1.0  # each hand card drawn mid-turn and not yet seen
    hand_card: float = 0.4  # each known card kept in hand (fewer new cards next turn)
    run: float = 0.6  # a discard card lying on the card one higher (a run)
    buried: float = 0.5  # each discard card with another on top of it
    inversion: float = 1.2  # a lower card buried under a higher one
    buried_wild: float = 2.0  # an SB buried under another card
    opponent_0: float = 6.0  # next opponent's stock top playable at once
    opponent_1: float = 2.5  # one card short, counting their discard tops
    opponent_2: float = 0.8  # two cards short
    later_opponent: float = 0.5  # share of the threat from opponents further round the table

    def replaced(self, **changes: float) -> "Weights":
        values = {f.name: getattr(self, f.name) for f in fields(self)}
        values.update(changes)
        return Weights(**values)


DEFAULT_WEIGHTS = Weights()


def gap_to(top: int, builds: tuple[int, ...], helpers: tuple[int, ...] = ()) -> int:
    """How many cards a stock ``top`` is short of a build pile, counting ``helpers`` (cards at hand).

    0 means it can be played at once. ``builds`` are the pile values (0 = free slot).
    """
    if top == SKIP_BO:
        return 0
    wilds = helpers.count(SKIP_BO)
    best = COMPLETE_AT
    for value in set(builds):
        if value >= top:
            continue
        missing = sum(1 for needed in range(value + 1, top) if needed not in helpers)
        best = min(best, max(0, missing - wilds))
    return best


def reach_score(weights: Weights, gap: int) -> float:
    return (weights.reach_0, weights.reach_1, weights.reach_2)[gap] if gap < 3 else 0.0


def threat_score(weights: Weights, gap: int) -> float:
    return (weights.opponent_0, weights.opponent_1, weights.opponent_2)[gap] if gap < 3 else 0.0


def pile_score(weights: Weights, pile: tuple[int, ...]) -> float:
    """The shape of one discard pile: runs are good, buried low cards and wilds are bad."""
    score = 0.0
    for below, above in zip(pile, pile[1:]):
        score -= weights.buried
        if below == SKIP_BO:
            score -= weights.buried_wild
        elif above == SKIP_BO or above == UNKNOWN or below == UNKNOWN:
            continue
        elif above == below - 1:
            score += weights.run
        elif above > below:
            score -= weights.inversion
    return score


def hand_parts(weights: Weights, hand: tuple[int, ...], piles: tuple[tuple[int, ...], ...]) -> dict[str, float]:
    """The parts that depend on the hand kept and the mover's own discard piles."""
    wilds = hand.count(SKIP_BO) + sum(1 for pile in piles if pile and pile[-1] == SKIP_BO)
    unknown = hand.count(UNKNOWN)
    return {
        "wilds": weights.wild * wilds,
        "hand": weights.fresh_card * unknown - weights.hand_card * (len(hand) - unknown),
        "discards": sum(pile_score(weights, pile) for pile in piles),
    }


@dataclass(frozen=True)
class Opponent:
    """What the mover sees of one opponent: stock top, stock size, discard tops, and how close they sit."""

    top: int
    count: int
    tops: tuple[int, ...]
    share: float  # 1 for the next opponent to play, less for later ones


def table_parts(weights: Weights, builds: tuple[int, ...], stocks: tuple[tuple[int, int], ...],
                opponents: tuple[Opponent, ...], unseen: Mapping[int, float]) -> dict[str, float]:
    """The parts that depend on the build piles and the side's stocks.

    ``stocks`` holds (top, count) for each stock the mover may play from;
    an UNKNOWN top (just turned up, unseen while planning) is valued by its
    expectation over ``unseen`` (card -> probability).
    """
    left = sum(count for _, count in stocks)
    if left == 0:
        return {"stock": WIN, "reach": 0.0, "opponents": 0.0}
    reach = 0.0
    for top, count in stocks:
        if not count:
            continue
        if top == UNKNOWN:
            reach += sum(p * reach_score(weights, gap_to(card, builds)) for card, p in unseen.items())
        else:
            reach += reach_score(weights, gap_to(top, builds))
    threat = 0.0
    for opponent in opponents:
        if opponent.count and opponent.top != UNKNOWN:
            threat += opponent.share * threat_score(weights, gap_to(opponent.top, builds, opponent.tops))
    return {"stock": -weights.stock_card * left, "reach": reach, "opponents": -threat}


def parts_total(parts: Mapping[str, float]) -> float:
    return sum(parts.values())


def weights_table(weights: Weights) -> list[tuple[str, float]]:
    return [(f.name, getattr(weights, f.name)) for f in fields(weights)]
